package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/** Instance-method tasks with fields, checked strict against the JVM. */
public class FieldsTest {

    private static FieldKernels.Filter filter(int n) {
        return new FieldKernels.Filter(1.5f, n, JvmOracle.floats(1, n + 3, -2, 2), new FieldKernels.Config(7, 0.25f));
    }

    @Test
    public void scalarArrayAndNestedFieldsAreReadAtEveryExecute() {
        int n = 1000;
        FieldKernels.Filter onDevice = filter(n);
        FieldKernels.Filter onJvm = filter(n);
        float[] out = new float[n];
        float[] expected = new float[n];
        try (TaskSchedule s = new TaskSchedule("fields").task("t", onDevice::apply, out)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
            onJvm.apply(expected);
            JvmOracle.assertSame("first run", expected, out);

            // Java code changes the fields between runs: the next execute() sees the new values.
            for (FieldKernels.Filter f : new FieldKernels.Filter[] {onDevice, onJvm}) {
                f.scale = -3f;
                f.n = 500;
                f.cfg.offset = -11;
                f.cfg = new FieldKernels.Config(f.cfg.offset, 2f);
            }
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
            onJvm.apply(expected);
            JvmOracle.assertSame("second run", expected, out);
        }
    }

    @Test
    public void anArrayFieldWrittenByTheKernelIsCopiedBack() {
        FieldKernels.Filter onDevice = filter(300);
        FieldKernels.Filter onJvm = filter(300);
        try (TaskSchedule s = new TaskSchedule("write").task("t", onDevice::normalise, 0.5f)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        onJvm.normalise(0.5f);
        assertArrayEquals(onJvm.weights, onDevice.weights, 0f);
    }

    @Test
    public void fieldsOfAParameterObject() {
        JvmOracle.check(FieldKernels::fromParameter, filter(50), new float[777]);
    }

    @Test
    public void aNullObjectOnTheWayThrowsTheJvmsNullPointerException() {
        FieldKernels.Filter f = filter(10);
        f.cfg = null;
        String expected = null;
        try {
            f.apply(new float[10]);
        } catch (NullPointerException e) {
            expected = e.getMessage();
        }
        try (TaskSchedule s = new TaskSchedule("npe").task("t", f::apply, new float[10])) {
            s.execute();
            fail("expected a NullPointerException");
        } catch (NullPointerException e) {
            assertEquals(expected, e.getMessage());
        }
    }

    @Test
    public void aHiddenFieldIsTheOneTheBytecodeNames() {
        float[] data = JvmOracle.floats(5, 64, -1f, 1f);
        FieldKernels.Derived d = new FieldKernels.Derived(data);
        ((FieldKernels.Base) d).gain = 3f;
        // The JVM reads Base.gain (3), not Derived.gain (100).
        JvmOracle.check(FieldKernels::scaledByBase, (FieldKernels.Base) d, new float[64]);
        JvmOracle.check(FieldKernels::scaledByBase, new FieldKernels.Base(data), new float[64]);
    }

    @Test
    public void privateFieldsOfEveryPrimitiveType() {
        FieldKernels.Mixed m = new FieldKernels.Mixed();
        JvmOracle.check(FieldKernels::mixed, m, new double[100]);
    }
}

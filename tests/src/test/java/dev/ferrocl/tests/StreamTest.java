package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Assert;
import org.junit.Test;

/** IntStream.range(..).parallel().forEach(..) tasks, checked strict against the JVM. */
public class StreamTest {

    @Test
    public void vectorAddThroughAStream() {
        for (int n : JvmOracle.SIZES) {
            check(StreamKernels::add, JvmOracle.ints(1, n), JvmOracle.ints(2, n), new int[n]);
        }
    }

    @Test
    public void rangeClosedWithABranchAndCapturedScalars() {
        float[] x = JvmOracle.floats(3, 1000, -5, 5);
        check(StreamKernels::closedWithBranch, x, 10, 990, 2.5f);
        check(StreamKernels::closedWithBranch, JvmOracle.floats(4, 10, -5, 5), 3, 3, -1f);
    }

    @Test
    public void lambdaCallingAStaticHelper() {
        check(StreamKernels::methodBody, JvmOracle.doubles(5, 4097, -100, 100));
    }

    @Test
    public void flattenedIndexSplit() {
        check(StreamKernels::flattened, new float[37 * 19], JvmOracle.floats(6, 37, -1, 1), 37, 19);
    }

    @Test
    public void sequentialStreamRunsAsOneWorkItem() {
        check(StreamKernels::sequentialStream, JvmOracle.ints(7, 500, -100, 100));
    }

    @Test
    public void gesummv() {
        int n = 61;
        check(StreamKernels::gesummv, JvmOracle.floats(8, n * n, -1, 1), JvmOracle.floats(9, n * n, -1, 1),
                JvmOracle.floats(10, n, -1, 1), new float[n], n, 1.5f, -0.25f);
    }

    @Test
    public void instanceTaskWithPrivateHelper() {
        StreamKernels.Scaler scaler = new StreamKernels.Scaler();
        int[] a = JvmOracle.ints(11, 1000, -1000, 1000);
        int[] expected = a.clone();
        new StreamKernels.Scaler().apply(expected);
        try (TaskSchedule s = new TaskSchedule("scaler").task("t", scaler::apply, a)) {
            s.execute();
            Assert.assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        Assert.assertArrayEquals(expected, a);
    }

    @Test
    public void twoStreamsAreTwoKernelsInOrder() {
        for (int n : new int[] {3, 100, 4099}) {
            check(StreamKernels::twoPhases, JvmOracle.floats(12, n, -2, 2), new float[n], new float[n]);
        }
    }
}

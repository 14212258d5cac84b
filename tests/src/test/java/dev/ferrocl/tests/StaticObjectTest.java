package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import dev.ferrocl.tests.DevirtKernels.AddOp;
import dev.ferrocl.tests.DevirtKernels.Circle;
import dev.ferrocl.tests.DevirtKernels.MulOp;
import dev.ferrocl.tests.DevirtKernels.Op;
import dev.ferrocl.tests.DevirtKernels.Shape;
import dev.ferrocl.tests.DevirtKernels.Square;
import java.util.function.IntUnaryOperator;
import org.junit.After;
import org.junit.Test;

/**
 * Virtual and interface calls on objects held in static fields (strict mode, against the JVM): the host describes
 * the object a static field holds (and the objects reachable from it) when the compiler first reads the field, and
 * the kernel is guarded on those classes, so a static field that later holds an object of another class gets another
 * kernel. Lambdas in static fields too.
 */
public class StaticObjectTest {
    static final IntUnaryOperator STEP = x -> x * 3 + 1;
    static final Shape UNIT = new Circle(1.5f);
    static Op current = new AddOp(5);

    /** A holder whose static field the kernel reaches through a second field. */
    static final class Config {
        final Shape shape;
        final int bias;

        Config(Shape shape, int bias) {
            this.shape = shape;
            this.bias = bias;
        }
    }

    static Config config = new Config(new Square(2f), 3);

    /** How many times {@link Lazy} was initialised. */
    static int lazyInits;

    /** A class whose initialisation can be seen: the task must not initialise it before the JVM would. */
    static final class Lazy {
        static final IntUnaryOperator OP;

        static {
            lazyInits++;
            OP = x -> x - lazyInits;
        }
    }

    public static void lazyStatic(int[] a, int[] out, int n) {
        if (n <= 0) {
            return;
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Lazy.OP.applyAsInt(a[i]);
        }
    }

    public static void staticLambda(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = STEP.applyAsInt(a[i]);
        }
    }

    public static void staticShape(float[] a, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = UNIT.area(a[i]) + UNIT.scaled(a[i]);
        }
    }

    public static void currentOp(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = current.twice(a[i]);
        }
    }

    public static void throughConfig(float[] a, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = config.shape.area(a[i]) + config.bias;
        }
    }

    @After
    public void restore() {
        current = new AddOp(5);
        config = new Config(new Square(2f), 3);
    }

    @Test
    public void lambdaInAStaticFinalField() {
        for (int n : SIZES) {
            check(StaticObjectTest::staticLambda, Inputs.ints(9201, n), new int[n]);
        }
    }

    @Test
    public void objectInAStaticFinalField() {
        for (int n : SIZES) {
            check(StaticObjectTest::staticShape, Inputs.floats(9202, n, -10f, 10f), new float[n]);
        }
    }

    @Test
    public void aStaticFieldThatChangesClassGetsAnotherKernel() {
        int[] a = Inputs.ints(9203, 1000);
        int[] out = new int[1000];
        try (TaskSchedule s = new TaskSchedule("statics").task("t", StaticObjectTest::currentOp, a, out)) {
            Op[] ops = {new AddOp(5), new MulOp(-7), new AddOp(-11), new MulOp(3)};
            for (Op op : ops) {
                current = op;
                int[] expected = new int[1000];
                currentOp(a, expected);
                java.util.Arrays.fill(out, 0);
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("with " + op.getClass().getSimpleName() + "(" + op.k + ")", expected, out);
            }
            TaskReport t = s.report().task("t");
            assertTrue("the last execution reuses the MulOp kernel: " + t, t.cached());
        }
    }

    @Test
    public void aStaticFieldsObjectsFieldIsDescribedToo() {
        float[] a = Inputs.floats(9204, 1000, -5f, 5f);
        check(StaticObjectTest::throughConfig, a, new float[1000]);
        config = new Config(new Circle(0.5f), -2);
        check(StaticObjectTest::throughConfig, a, new float[1000]);
        config = new Config(new Square(-1f), 9);
        float[] out = new float[1000];
        float[] expected = new float[1000];
        throughConfig(a, expected);
        try (TaskSchedule s = new TaskSchedule("config").task("t", StaticObjectTest::throughConfig, a, out)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("config", expected, out);
            config = new Config(new Circle(4f), 1);
            throughConfig(a, expected);
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("config changed", expected, out);
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
    }

    @Test
    public void aClassTheJvmHasNotInitialisedIsNotInitialisedByTheCompiler() {
        int[] a = Inputs.ints(9205, 1000);
        int[] out = new int[1000];
        try (TaskSchedule s = new TaskSchedule("lazy").task("t", StaticObjectTest::lazyStatic, a, out, 0)) {
            // The method returns before it reads Lazy.OP: nothing may initialise Lazy.
            s.execute();
            assertEquals("Lazy initialised before the JVM would", 0, lazyInits);
        }
        int[] expected = new int[1000];
        try (TaskSchedule s = new TaskSchedule("lazy").task("t", StaticObjectTest::lazyStatic, a, out, 1)) {
            // The first execution that reads the field runs on the JVM, which initialises Lazy there.
            s.execute();
            assertEquals(1, lazyInits);
            lazyStatic(a, expected, 1);
            JvmOracle.assertSame("first execution", expected, out);
            // Now Lazy is initialised: the next execution compiles and runs on the device.
            java.util.Arrays.fill(out, 0);
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("second execution", expected, out);
            assertEquals(1, lazyInits);
        }
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import dev.ferrocl.tests.DevirtKernels.AddOp;
import dev.ferrocl.tests.DevirtKernels.Circle;
import dev.ferrocl.tests.DevirtKernels.Holder;
import dev.ferrocl.tests.DevirtKernels.LeafChild;
import dev.ferrocl.tests.DevirtKernels.Leaf;
import dev.ferrocl.tests.DevirtKernels.MulOp;
import dev.ferrocl.tests.DevirtKernels.Op;
import dev.ferrocl.tests.DevirtKernels.OpHolder;
import dev.ferrocl.tests.DevirtKernels.Shape;
import dev.ferrocl.tests.DevirtKernels.Square;
import org.junit.After;
import org.junit.Test;

/**
 * Guarded devirtualisation (strict mode, against the JVM): virtual and interface calls on objects reachable from
 * the task's arguments are compiled for the exact class each object has at {@code execute()}; another class gets
 * another kernel, up to a bound; a null object runs the method on the JVM; {@code assert} is compiled as with
 * assertions disabled, unless the class has them enabled. Every device result is compared with the JVM's run.
 */
public class DevirtTest {
    static {
        // Gradle runs tests with -ea: set these two classes' status before they are initialised.
        ClassLoader loader = DevirtTest.class.getClassLoader();
        loader.setClassAssertionStatus("dev.ferrocl.tests.AssertOffKernels", false);
        loader.setClassAssertionStatus("dev.ferrocl.tests.AssertOnKernels", true);
    }

    @After
    public void restore() {
        DevirtKernels.Tuning.gain = 1.5f;
    }

    @Test
    public void interfaceCallOnParameter() {
        for (int n : SIZES) {
            check(DevirtKernels::areas, new Circle(1.25f), Inputs.floats(2001, n, -10f, 10f), new float[n]);
            check(DevirtKernels::areas, new Square(3.5f), Inputs.floats(2002, n, -10f, 10f), new float[n]);
        }
    }

    @Test
    public void interfaceCallOnFieldOfThis() {
        Holder circle = new Holder(new Circle(0.75f), 2.5f);
        Holder square = new Holder(new Square(-1.5f), -4f);
        for (int n : SIZES) {
            check(circle::apply, Inputs.floats(2003, n, -5f, 5f), new float[n]);
            check(square::apply, Inputs.floats(2004, n, -5f, 5f), new float[n]);
        }
    }

    @Test
    public void defaultMethodAndItsOverride() {
        for (int n : SIZES) {
            check(DevirtKernels::scaled, new Circle(2f), Inputs.floats(2005, n, -10f, 10f), new float[n]);
            check(DevirtKernels::scaled, new Square(2f), Inputs.floats(2006, n, -10f, 10f), new float[n]);
        }
    }

    @Test
    public void abstractClassConcreteMethodCallingAbstractOne() {
        for (int n : SIZES) {
            check(DevirtKernels::twice, new AddOp(17), Inputs.ints(2007, n), new int[n]);
            check(DevirtKernels::twice, new MulOp(-31), Inputs.ints(2008, n), new int[n]);
        }
    }

    @Test
    public void virtualCallOnThis() {
        Op add = new AddOp(5);
        Op mul = new MulOp(1 << 20);
        for (int n : SIZES) {
            check(add::applyAll, Inputs.ints(2009, n), new int[n]);
            check(mul::applyAll, Inputs.ints(2010, n), new int[n]);
        }
    }

    @Test
    public void overridesThreeLevelsDeepWithSuperCalls() {
        for (int n : SIZES) {
            check(DevirtKernels::levels, new Leaf(3), Inputs.ints(2011, n), new int[n]);
            check(DevirtKernels::levels, new LeafChild(-2), Inputs.ints(2012, n), new int[n]);
            check(DevirtKernels::levels, new DevirtKernels.Mid(), Inputs.ints(2013, n), new int[n]);
            check(DevirtKernels::levels, new DevirtKernels.Base(), Inputs.ints(2014, n), new int[n]);
        }
    }

    /** An abstract-class field changes class between executions: a second kernel, then the first is reused. */
    @Test
    public void classChangeBetweenExecutionsCompilesASecondKernel() {
        int n = 1000;
        int[] a = Inputs.ints(2015, n);
        int[] out = new int[n];
        OpHolder holder = new OpHolder(new AddOp(11));
        try (TaskSchedule s = new TaskSchedule("devirt").task("t", DevirtKernels::changing, holder, a, out)) {
            runAndCompare(s, holder, a, out);
            TaskReport first = s.report().task("t");
            assertFalse("first execute compiles: " + first, first.cached());

            holder.op = new MulOp(7);
            runAndCompare(s, holder, a, out);
            TaskReport second = s.report().task("t");
            assertFalse("a new class compiles a second kernel: " + second, second.cached());
            assertTrue("the second compile is timed: " + second, second.compileNanos() > 0);

            holder.op = new AddOp(-23); // the first class again, another field value: first kernel, value read now
            runAndCompare(s, holder, a, out);
            TaskReport third = s.report().task("t");
            assertTrue("the first kernel is reused for its class: " + third, third.cached());
            assertEquals(3, third.executions());
        }
    }

    private static void runAndCompare(TaskSchedule s, OpHolder holder, int[] a, int[] out) {
        Object[] expected = cloneArgs(a, out);
        DevirtKernels.changing(holder, (int[]) expected[0], (int[]) expected[1]);
        s.execute();
        assertRanOnDevice(s.report(), "t");
        assertSame("out", expected[1], out);
    }

    @Test
    public void finalFieldOfTheObjectReadInTheCallee() {
        // Circle.area reads this.r (a final field) of the parameter object; different radii, one class.
        for (float r : new float[] {0f, 1f, -2.5f, 1e10f}) {
            check(DevirtKernels::areas, new Circle(r), Inputs.floats(2016, 777, -10f, 10f), new float[777]);
        }
    }

    @Test
    public void staticFieldOfAnotherClassIsReadAtEveryExecute() {
        int n = 1000;
        float[] x = Inputs.floats(2017, n, -3f, 3f);
        float[] out = new float[n];
        Shape shape = new Square(1.5f);
        try (TaskSchedule s = new TaskSchedule("gain").task("t", DevirtKernels::gained, shape, x, out)) {
            for (float gain : new float[] {1.5f, -0.25f, 1e-3f}) {
                DevirtKernels.Tuning.gain = gain;
                Object[] expected = cloneArgs(x, out);
                DevirtKernels.gained(shape, (float[]) expected[0], (float[]) expected[1]);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("out with gain " + gain, expected[1], out);
            }
        }
    }

    /** More classes than the bound: each of the first eight gets a kernel, the ninth a bailout (strict: thrown). */
    @Test
    public void moreClassesThanTheBoundIsABailout() {
        Shape[] shapes = {new DevirtKernels.S1(), new DevirtKernels.S2(), new DevirtKernels.S3(),
            new DevirtKernels.S4(), new DevirtKernels.S5(), new DevirtKernels.S6(), new DevirtKernels.S7(),
            new DevirtKernels.S8()};
        for (Shape shape : shapes) {
            check(DevirtKernels::boundedAreas, shape, Inputs.floats(2018, 500, -5f, 5f), new float[500]);
        }
        float[] x = Inputs.floats(2019, 500, -5f, 5f);
        try (TaskSchedule s = new TaskSchedule("bound")
                .task("t", DevirtKernels::boundedAreas, (Shape) new DevirtKernels.S9(), x, new float[500])) {
            s.execute();
            fail("a ninth class should be refused in strict mode");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("combinations of runtime classes"));
            assertTrue(e.getMessage(), e.getMessage().contains("S9"));
        }
        // The eight kernels stay: a class seen before still runs on the device.
        check(DevirtKernels::boundedAreas, shapes[2], Inputs.floats(2020, 500, -5f, 5f), new float[500]);
    }

    /** A null object at the call: the JVM runs the method and throws its NullPointerException, in strict mode too. */
    @Test
    public void nullObjectRunsOnTheJvm() {
        float[] x = Inputs.floats(2021, 100, -5f, 5f);
        float[] out = new float[100];
        NullPointerException jvm = null;
        try {
            DevirtKernels.areas(null, x.clone(), new float[100]);
        } catch (NullPointerException e) {
            jvm = e;
        }
        assertTrue("the JVM throws", jvm != null);
        try (TaskSchedule s = new TaskSchedule("null").task("t", DevirtKernels::areas, (Shape) null, x, out)) {
            try {
                s.execute();
                fail("the JVM's NullPointerException should propagate");
            } catch (NullPointerException e) {
                assertEquals(jvm.getMessage(), e.getMessage());
            }
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.JVM, t.ranOn());
            assertTrue(t.reason(), t.reason().contains("null"));
        }
        // With zero iterations the call is never reached: the JVM returns normally, and so does the schedule.
        float[] none = new float[0];
        try (TaskSchedule s = new TaskSchedule("null0").task("t", DevirtKernels::areas, (Shape) null, none, none)) {
            s.execute();
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
        // The same method with an object again runs on the device.
        check(DevirtKernels::areas, new Circle(4f), x, new float[100]);

        // A statically bound call whose callee touches no field of the null object: the JVM's NPE still.
        try (TaskSchedule s = new TaskSchedule("null7")
                .task("t", DevirtKernels::sevens, (DevirtKernels.Seven) null, new int[5])) {
            try {
                s.execute();
                fail("the JVM's NullPointerException should propagate");
            } catch (NullPointerException e) {
                assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
            }
        }
        check(DevirtKernels::sevens, new DevirtKernels.Seven(), new int[1000]);
    }

    @Test
    public void objectMadeInTheLoopIsReplacedByScalarsAndItsCallResolved() {
        // An object allocated in the loop has a known exact class: scalar replacement resolves its virtual call.
        for (int n : SIZES) {
            check(DevirtKernels::madeInLoop, JvmOracle.floats(31, n, -3f, 3f), new float[n]);
        }
    }

    @Test
    public void lambdaIsDevirtualisedForItsHiddenClass() {
        Shape lambda = x -> x * 2f;
        for (int n : SIZES) {
            check(DevirtKernels::areas, lambda, Inputs.floats(2040, n, -10f, 10f), new float[n]);
        }
    }

    @Test
    public void assertWithAssertionsDisabledCompiles() {
        assertFalse(AssertOffKernels.class.desiredAssertionStatus());
        for (int n : SIZES) {
            // Negative inputs would fail the assertion: the JVM skips it, and so must the kernel.
            check(AssertOffKernels::checkedCopy, JvmOracle.ints(2022, n, -100, 100), new int[n]);
        }
    }

    @Test
    public void assertWithAssertionsEnabledRunsOnTheJvm() {
        assertTrue(AssertOnKernels.class.desiredAssertionStatus());
        expectBailout(() -> new TaskSchedule("ea")
                .task("t", AssertOnKernels::checkedCopy, new int[] {1, 2}, new int[2]),
                "assertions are enabled");
    }

    private static void expectBailout(java.util.function.Supplier<TaskSchedule> schedule, String part) {
        try (TaskSchedule s = schedule.get()) {
            s.execute();
            fail("expected a CompilationException mentioning '" + part + "'");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(part));
        }
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.Task4;
import dev.ferrocl.api.Task5;
import dev.ferrocl.api.Task6;
import dev.ferrocl.api.Task7;
import dev.ferrocl.api.Task8;
import dev.ferrocl.api.Task9;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;

/**
 * What {@link JvmOracle} does not have: {@code check} for 8 and 9 arguments, {@code checkUlps} (a tolerance in
 * units in the last place of the JVM's result, for transcendental functions), and {@code checkThrows} (the schedule
 * must throw what the JVM throws and leave the arrays as the JVM leaves them).
 */
public final class MoreChecks {
    private MoreChecks() {
    }

    private interface Call {
        void apply(Object[] args);
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    // ---------------------------------------------------------------- exact, more arguments

    public static <A, B, C, D, E, F, G, H> ExecutionReport check(Task8<A, B, C, D, E, F, G, H> code, A a, B b, C c,
            D d, E e, F f, G g, H h) {
        return run(-1, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5]),
                cast(x[6]), cast(x[7])), s -> s.task("t", code, a, b, c, d, e, f, g, h), a, b, c, d, e, f, g, h);
    }

    public static <A, B, C, D, E, F, G, H, I> ExecutionReport check(Task9<A, B, C, D, E, F, G, H, I> code, A a, B b,
            C c, D d, E e, F f, G g, H h, I i) {
        return run(-1, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5]),
                cast(x[6]), cast(x[7]), cast(x[8])), s -> s.task("t", code, a, b, c, d, e, f, g, h, i),
                a, b, c, d, e, f, g, h, i);
    }

    // ---------------------------------------------------------------- within N ulps of the JVM's result

    public static <A, B> ExecutionReport checkUlps(double ulps, Task2<A, B> code, A a, B b) {
        return run(ulps, x -> code.apply(cast(x[0]), cast(x[1])), s -> s.task("t", code, a, b), a, b);
    }

    public static <A, B, C> ExecutionReport checkUlps(double ulps, Task3<A, B, C> code, A a, B b, C c) {
        return run(ulps, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2])), s -> s.task("t", code, a, b, c),
                a, b, c);
    }

    public static <A, B, C, D> ExecutionReport checkUlps(double ulps, Task4<A, B, C, D> code, A a, B b, C c, D d) {
        return run(ulps, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])),
                s -> s.task("t", code, a, b, c, d), a, b, c, d);
    }

    public static <A, B, C, D, E> ExecutionReport checkUlps(double ulps, Task5<A, B, C, D, E> code, A a, B b, C c,
            D d, E e) {
        return run(ulps, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    public static <A, B, C, D, E, F> ExecutionReport checkUlps(double ulps, Task6<A, B, C, D, E, F> code, A a, B b,
            C c, D d, E e, F f) {
        return run(ulps, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5])),
                s -> s.task("t", code, a, b, c, d, e, f), a, b, c, d, e, f);
    }

    public static <A, B, C, D, E, F, G> ExecutionReport checkUlps(double ulps, Task7<A, B, C, D, E, F, G> code, A a,
            B b, C c, D d, E e, F f, G g) {
        return run(ulps, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5]),
                cast(x[6])), s -> s.task("t", code, a, b, c, d, e, f, g), a, b, c, d, e, f, g);
    }

    /** JVM on clones first, then the schedule strict on the originals; the task must run on the device. */
    private static ExecutionReport run(double ulps, Call jvm, Adder adder, Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.apply(expected);
        ExecutionReport report;
        try (TaskSchedule s = adder.add(new TaskSchedule("oracle"))) {
            s.execute();
            report = s.report();
        }
        assertRanOnDevice(report, "t");
        for (int i = 0; i < args.length; i++) {
            String what = "argument " + (i + 1);
            if (ulps < 0) {
                assertSame(what, expected[i], args[i]);
            } else {
                assertUlps(what, expected[i], args[i], ulps);
            }
        }
        return report;
    }

    /**
     * Float and double arrays within {@code ulps} units in the last place of the expected (JVM) value:
     * {@code |e - a| <= ulps * Math.ulp(e)} in the array's own precision. NaN must match NaN, infinities must match
     * exactly, a zero result must be a zero of the same sign, and a finite result may not become infinite or NaN.
     * Every other argument is compared exactly.
     */
    public static void assertUlps(String what, Object expected, Object actual, double ulps) {
        if (expected instanceof float[]) {
            float[] e = (float[]) expected;
            float[] a = (float[]) actual;
            assertEquals(what + ": length", e.length, a.length);
            for (int i = 0; i < e.length; i++) {
                String problem = ulpProblem(e[i], a[i], Math.ulp(e[i]), ulps);
                if (problem != null) {
                    fail(what + "[" + i + "]: expected " + e[i] + " (0x" + Integer.toHexString(Float.floatToRawIntBits(
                            e[i])) + ") but was " + a[i] + " (0x" + Integer.toHexString(Float.floatToRawIntBits(a[i]))
                            + "): " + problem);
                }
            }
        } else if (expected instanceof double[]) {
            double[] e = (double[]) expected;
            double[] a = (double[]) actual;
            assertEquals(what + ": length", e.length, a.length);
            for (int i = 0; i < e.length; i++) {
                String problem = ulpProblem(e[i], a[i], Math.ulp(e[i]), ulps);
                if (problem != null) {
                    fail(what + "[" + i + "]: expected " + e[i] + " (0x" + Long.toHexString(Double.doubleToRawLongBits(
                            e[i])) + ") but was " + a[i] + " (0x" + Long.toHexString(Double.doubleToRawLongBits(a[i]))
                            + "): " + problem);
                }
            }
        } else {
            assertSame(what, expected, actual);
        }
    }

    private static String ulpProblem(double e, double a, double ulpOfE, double ulps) {
        if (Double.isNaN(e)) {
            return Double.isNaN(a) ? null : "NaN expected";
        }
        if (Double.isNaN(a)) {
            return "NaN not expected";
        }
        if (Double.isInfinite(e) || Double.isInfinite(a)) {
            return e == a ? null : "infinities must match exactly";
        }
        if (e == 0.0 && a == 0.0) {
            boolean eNeg = Double.doubleToRawLongBits(e) < 0;
            boolean aNeg = Double.doubleToRawLongBits(a) < 0;
            return eNeg == aNeg ? null : "zero of the wrong sign";
        }
        double err = Math.abs(e - a) / ulpOfE;
        return err <= ulps ? null : String.format("%.3g ulps off (allowed %s)", err, ulps);
    }

    // ---------------------------------------------------------------- the JVM's exception and arrays

    /** Runs a task's code on the JVM; what it throws propagates. */
    public interface JvmRun {
        void run(Object[] args) throws Throwable;
    }

    /** Adds the task (id "t") to a schedule. */
    public interface TaskAdder {
        TaskSchedule add(TaskSchedule s);
    }

    /**
     * The JVM runs {@code jvm} on clones of {@code args} and must throw; then the schedule (which must use the
     * originals) must throw an exception of the same class with the same message, report that it ran on the JVM
     * after a failed check (so the method did compile: strict mode would have thrown a CompilationException
     * otherwise), and leave every array exactly as the JVM's run left its clone.
     *
     * @return the JVM's exception
     */
    public static Throwable checkThrows(JvmRun jvm, TaskAdder adder, Object... args) {
        Object[] expectedArgs = cloneArgs(args);
        Throwable expected = null;
        try {
            jvm.run(expectedArgs);
        } catch (Throwable t) {
            expected = t;
        }
        assertNotNull("the JVM should throw for these inputs (test is wrong)", expected);
        try (TaskSchedule s = adder.add(new TaskSchedule("throws"))) {
            Throwable actual = null;
            try {
                s.execute();
            } catch (Throwable t) {
                actual = t;
            }
            if (actual == null) {
                fail("expected " + expected + " but execute() returned normally; report:\n" + s.report());
            }
            if (actual.getClass() != expected.getClass()) {
                AssertionError err = new AssertionError("expected " + expected + " but got " + actual
                        + "; report:\n" + s.report());
                err.initCause(actual);
                throw err;
            }
            assertEquals("exception message", expected.getMessage(), actual.getMessage());
            TaskReport t = s.report().task("t");
            assertEquals("where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
            // Strict mode already rules out a bailout; the reason says which check (device or host) sent it back.
            assertTrue("the task should have been compiled and rerun after a failed check, but: " + t.reason(),
                    t.reason().contains("check failed"));
        }
        for (int i = 0; i < args.length; i++) {
            assertSame("argument " + (i + 1) + " after the exception", expectedArgs[i], args[i]);
        }
        return expected;
    }
}

package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Task1;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.Task4;
import dev.ferrocl.api.Task5;
import dev.ferrocl.api.Task6;
import dev.ferrocl.api.Task7;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.lang.reflect.Array;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Runs a task through Ferrocl and the same method on the JVM on cloned inputs, and compares every array argument
 * afterwards: integral arrays by value, float and double arrays bit for bit after canonicalising NaN
 * ({@link Float#floatToIntBits} and {@link Double#doubleToLongBits} do that), or within a tolerance for
 * transcendental results.
 */
public final class JvmOracle {
    /** The sizes the kernel tests run at. */
    public static final int[] SIZES = {1, 7, 1000, 100_003};

    private JvmOracle() {
    }

    // ---------------------------------------------------------------- running a task both ways

    /** A task's code with its arguments, applied on either side. */
    private interface Call {
        void apply(Object[] args);
    }

    public static <A> ExecutionReport check(Task1<A> code, A a) {
        return check(-1, x -> code.apply(cast(x[0])), s -> s.task("t", code, a), a);
    }

    public static <A, B> ExecutionReport check(Task2<A, B> code, A a, B b) {
        return check(-1, x -> code.apply(cast(x[0]), cast(x[1])),
                s -> s.task("t", code, a, b), a, b);
    }

    public static <A, B, C> ExecutionReport check(Task3<A, B, C> code, A a, B b, C c) {
        return check(-1, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2])),
                s -> s.task("t", code, a, b, c), a, b, c);
    }

    public static <A, B, C, D> ExecutionReport check(Task4<A, B, C, D> code, A a, B b, C c, D d) {
        return check(-1, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])),
                s -> s.task("t", code, a, b, c, d), a, b, c, d);
    }

    public static <A, B, C, D, E> ExecutionReport check(Task5<A, B, C, D, E> code, A a, B b, C c, D d, E e) {
        return check(-1, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    public static <A, B, C, D, E, F> ExecutionReport check(Task6<A, B, C, D, E, F> code, A a, B b, C c, D d, E e,
            F f) {
        return check(-1, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5])),
                s -> s.task("t", code, a, b, c, d, e, f), a, b, c, d, e, f);
    }

    public static <A, B, C, D, E, F, G> ExecutionReport check(Task7<A, B, C, D, E, F, G> code, A a, B b, C c, D d,
            E e, F f, G g) {
        return check(-1, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5]),
                cast(x[6])), s -> s.task("t", code, a, b, c, d, e, f, g), a, b, c, d, e, f, g);
    }

    /** Like {@link #check(Task4, Object, Object, Object, Object)} with a relative tolerance for float arrays. */
    public static <A, B, C, D> ExecutionReport checkClose(double relTol, Task4<A, B, C, D> code, A a, B b, C c,
            D d) {
        return check(relTol, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])),
                s -> s.task("t", code, a, b, c, d), a, b, c, d);
    }

    /** Like {@link #check(Task5, Object, Object, Object, Object, Object)} with a relative tolerance. */
    public static <A, B, C, D, E> ExecutionReport checkClose(double relTol, Task5<A, B, C, D, E> code, A a, B b,
            C c, D d, E e) {
        return check(relTol, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    /**
     * Runs the JVM side on clones first, then the schedule on the originals; asserts the task ran on the device
     * and every array matches.
     */
    /**
     * Whether {@code check}'s schedules let kernels work on the Java arrays in place on a host-memory device
     * ({@link TaskSchedule#inPlace(boolean)}): on by default; a test class about copies turns it off around itself.
     */
    static volatile boolean inPlace = true;

    private static ExecutionReport check(double relTol, Call jvm, Adder adder, Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.apply(expected);
        ExecutionReport report;
        try (TaskSchedule s = adder.add(new TaskSchedule("oracle").inPlace(inPlace))) {
            s.execute();
            report = s.report();
        }
        assertRanOnDevice(report, "t");
        for (int i = 0; i < args.length; i++) {
            String what = "argument " + (i + 1);
            if (relTol < 0) {
                assertSame(what, expected[i], args[i]);
            } else {
                assertClose(what, expected[i], args[i], relTol);
            }
        }
        return report;
    }

    // ---------------------------------------------------------------- assertions

    public static void assertRanOnDevice(ExecutionReport report, String taskId) {
        TaskReport t = report.task(taskId);
        assertEquals("task '" + taskId + "' should run on the device, but: " + t.reason() + "\n" + report,
                TaskReport.Where.DEVICE, t.ranOn());
        assertNotNull("device name", t.device());
    }

    /** Deep clone: arrays (and arrays of arrays) are copied, everything else is shared. */
    public static Object[] cloneArgs(Object... args) {
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            out[i] = cloneValue(args[i]);
        }
        return out;
    }

    public static Object cloneValue(Object v) {
        if (v == null || !v.getClass().isArray()) {
            return v;
        }
        int n = Array.getLength(v);
        Object copy = Array.newInstance(v.getClass().getComponentType(), n);
        if (v.getClass().getComponentType().isPrimitive()) {
            System.arraycopy(v, 0, copy, 0, n);
        } else {
            for (int i = 0; i < n; i++) {
                Array.set(copy, i, cloneValue(Array.get(v, i)));
            }
        }
        return copy;
    }

    /** Exact comparison: integral values by value, floating-point values bit for bit with NaN canonicalised. */
    public static void assertSame(String what, Object expected, Object actual) {
        if (expected == null || actual == null || !expected.getClass().isArray()) {
            if (expected instanceof Float && actual instanceof Float) {
                assertEquals(what, Float.floatToIntBits((Float) expected), Float.floatToIntBits((Float) actual));
            } else if (expected instanceof Double && actual instanceof Double) {
                assertEquals(what, Double.doubleToLongBits((Double) expected),
                        Double.doubleToLongBits((Double) actual));
            } else if (!(expected instanceof Number || expected instanceof Boolean || expected instanceof Character
                    || expected == null)) {
                return; // receivers and other objects: not compared
            } else {
                assertEquals(what, expected, actual);
            }
            return;
        }
        assertEquals(what + ": array type", expected.getClass(), actual.getClass());
        int n = Array.getLength(expected);
        assertEquals(what + ": length", n, Array.getLength(actual));
        if (expected instanceof float[]) {
            float[] e = (float[]) expected;
            float[] a = (float[]) actual;
            for (int i = 0; i < n; i++) {
                if (Float.floatToIntBits(e[i]) != Float.floatToIntBits(a[i])) {
                    fail(what + "[" + i + "]: expected " + e[i] + " (0x" + Integer.toHexString(Float.floatToIntBits(
                            e[i])) + ") but was " + a[i] + " (0x" + Integer.toHexString(Float.floatToIntBits(a[i]))
                            + ")" + firstMismatches(e, a));
                }
            }
        } else if (expected instanceof double[]) {
            double[] e = (double[]) expected;
            double[] a = (double[]) actual;
            for (int i = 0; i < n; i++) {
                if (Double.doubleToLongBits(e[i]) != Double.doubleToLongBits(a[i])) {
                    fail(what + "[" + i + "]: expected " + e[i] + " (0x" + Long.toHexString(Double.doubleToLongBits(
                            e[i])) + ") but was " + a[i] + " (0x" + Long.toHexString(Double.doubleToLongBits(a[i]))
                            + ")" + firstMismatches(e, a));
                }
            }
        } else if (expected.getClass().getComponentType().isPrimitive()) {
            for (int i = 0; i < n; i++) {
                Object e = Array.get(expected, i);
                Object a = Array.get(actual, i);
                if (!e.equals(a)) {
                    fail(what + "[" + i + "]: expected " + e + " but was " + a + firstMismatches(expected, actual));
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                assertSame(what + "[" + i + "]", Array.get(expected, i), Array.get(actual, i));
            }
        }
    }

    /**
     * Comparison with a relative tolerance for float and double arrays: {@code |e - a| <= relTol * max(1, |e|)};
     * NaN matches NaN, infinities must match exactly. Other values are compared exactly.
     */
    public static void assertClose(String what, Object expected, Object actual, double relTol) {
        if (expected instanceof float[] || expected instanceof double[]) {
            assertEquals(what + ": array type", expected.getClass(), actual == null ? null : actual.getClass());
            int n = Array.getLength(expected);
            assertEquals(what + ": length", n, Array.getLength(actual));
            for (int i = 0; i < n; i++) {
                double e = ((Number) Array.get(expected, i)).doubleValue();
                double a = ((Number) Array.get(actual, i)).doubleValue();
                boolean ok = Double.isNaN(e) ? Double.isNaN(a)
                        : Double.isInfinite(e) ? e == a
                        : Math.abs(e - a) <= relTol * Math.max(1.0, Math.abs(e));
                assertTrue(what + "[" + i + "]: expected " + e + " but was " + a + " (relative tolerance " + relTol
                        + ")", ok);
            }
        } else {
            assertSame(what, expected, actual);
        }
    }

    private static String firstMismatches(Object expected, Object actual) {
        StringBuilder out = new StringBuilder();
        int count = 0;
        int n = Array.getLength(expected);
        for (int i = 0; i < n; i++) {
            Object e = Array.get(expected, i);
            Object a = Array.get(actual, i);
            boolean same = e instanceof Float ? Float.floatToIntBits((Float) e) == Float.floatToIntBits((Float) a)
                    : e instanceof Double ? Double.doubleToLongBits((Double) e) == Double.doubleToLongBits((Double) a)
                    : Objects.equals(e, a);
            if (!same) {
                if (count < 5) {
                    out.append(count == 0 ? "; mismatches at " : ", ").append(i).append(": ").append(e).append(" vs ")
                            .append(a);
                }
                count++;
            }
        }
        return count == 0 ? "" : out.append(" (").append(count).append(" of ").append(n).append(" differ)")
                .toString();
    }

    // ---------------------------------------------------------------- deterministic inputs

    public static int[] ints(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt();
        }
        return a;
    }

    public static int[] ints(long seed, int n, int lo, int hiExclusive) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(lo, hiExclusive);
        }
        return a;
    }

    public static long[] longs(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextLong();
        }
        return a;
    }

    public static float[] floats(long seed, int n, float lo, float hi) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (lo + (hi - lo) * r.nextDouble());
        }
        return a;
    }

    public static double[] doubles(long seed, int n, double lo, double hi) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = lo + (hi - lo) * r.nextDouble();
        }
        return a;
    }

    /** Writes {@code specials} into the first positions of {@code a} (as many as fit) and returns it. */
    public static int[] withSpecials(int[] a, int... specials) {
        for (int i = 0; i < Math.min(a.length, specials.length); i++) {
            a[i] = specials[i];
        }
        return a;
    }
}

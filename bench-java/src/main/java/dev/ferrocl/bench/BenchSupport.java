package dev.ferrocl.bench;

import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.SplittableRandom;
import org.openjdk.jmh.infra.BenchmarkParams;

/** What every benchmark shares: sizes, inputs, result checks and the device check. */
public final class BenchSupport {
    private BenchSupport() {
    }

    /**
     * The problem size of a {@code @Param size}.
     *
     * @param size  the parameter: {@code "smoke"} or a number
     * @param smoke the size the smoke run (CI) uses
     * @return {@code smoke} for {@code "smoke"}, else the number
     */
    public static int size(String size, int smoke) {
        return "smoke".equals(size) ? smoke : Integer.parseInt(size.trim());
    }

    /**
     * The variant a trial measures: the benchmark method's name, e.g. {@code "ferrocl"} for
     * {@code dev.ferrocl.bench.VectorAddBench.ferrocl}.
     *
     * @param params JMH's parameters of the trial
     * @return the method name
     */
    public static String variant(BenchmarkParams params) {
        String b = params.getBenchmark();
        return b.substring(b.lastIndexOf('.') + 1);
    }

    // ------------------------------------------------------------------------------------------- checks

    /**
     * Checks integer results element by element.
     *
     * @throws IllegalStateException naming the first mismatch
     */
    public static void checkExact(String what, int[] expected, int[] actual) {
        checkLength(what, expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                throw mismatch(what, i, Integer.toString(expected[i]), Integer.toString(actual[i]), expected.length);
            }
        }
    }

    /**
     * Checks integer results element by element.
     *
     * @throws IllegalStateException naming the first mismatch
     */
    public static void checkExact(String what, long[] expected, long[] actual) {
        checkLength(what, expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                throw mismatch(what, i, Long.toString(expected[i]), Long.toString(actual[i]), expected.length);
            }
        }
    }

    /**
     * Checks float results bit for bit ({@code Float.floatToIntBits}: every NaN equal, -0.0 and 0.0 different):
     * for results of IEEE {@code + - * /} and {@code sqrt}, which Java defines exactly.
     *
     * @throws IllegalStateException naming the first mismatch
     */
    public static void checkExact(String what, float[] expected, float[] actual) {
        checkLength(what, expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToIntBits(expected[i]) != Float.floatToIntBits(actual[i])) {
                throw mismatch(what, i, floatText(expected[i]), floatText(actual[i]), expected.length);
            }
        }
    }

    /**
     * Checks double results bit for bit ({@code Double.doubleToLongBits}), for results of IEEE {@code + - * /} and
     * {@code sqrt}.
     *
     * @throws IllegalStateException naming the first mismatch
     */
    public static void checkExact(String what, double[] expected, double[] actual) {
        checkLength(what, expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (Double.doubleToLongBits(expected[i]) != Double.doubleToLongBits(actual[i])) {
                throw mismatch(what, i, doubleText(expected[i]), doubleText(actual[i]), expected.length);
            }
        }
    }

    /**
     * Checks float results within a tolerance: {@code |e - a| <= absTol + relTol * |e|}, NaN only where Java has
     * NaN, infinities equal. Only for computations with transcendental functions ({@code exp}, {@code log},
     * {@code sin}, {@code pow}, ...), whose results Java itself specifies only within some ulps; everything built
     * from {@code + - * /} and {@code sqrt} is checked with {@link #checkExact(String, float[], float[])}.
     *
     * @throws IllegalStateException naming the first mismatch
     */
    public static void checkClose(String what, float[] expected, float[] actual, double relTol, double absTol) {
        checkLength(what, expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (!close(expected[i], actual[i], relTol, absTol)) {
                throw mismatch(what, i, floatText(expected[i]), floatText(actual[i]), expected.length,
                        relTol, absTol);
            }
        }
    }

    /**
     * Checks double results within a tolerance, as {@link #checkClose(String, float[], float[], double, double)}:
     * only for computations with transcendental functions.
     *
     * @throws IllegalStateException naming the first mismatch
     */
    public static void checkClose(String what, double[] expected, double[] actual, double relTol, double absTol) {
        checkLength(what, expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (!close(expected[i], actual[i], relTol, absTol)) {
                throw mismatch(what, i, doubleText(expected[i]), doubleText(actual[i]), expected.length,
                        relTol, absTol);
            }
        }
    }

    private static boolean close(double e, double a, double relTol, double absTol) {
        if (Double.isNaN(e) || Double.isNaN(a)) {
            return Double.isNaN(e) && Double.isNaN(a);
        }
        if (Double.isInfinite(e) || Double.isInfinite(a)) {
            return e == a;
        }
        return Math.abs(e - a) <= absTol + relTol * Math.abs(e);
    }

    private static void checkLength(String what, int expected, int actual) {
        if (expected != actual) {
            throw new IllegalStateException(what + ": " + actual + " results where Java has " + expected);
        }
    }

    private static IllegalStateException mismatch(String what, int i, String expected, String actual, int n) {
        return new IllegalStateException(what + ": element " + i + " of " + n + " is " + actual
                + " where Java computes " + expected);
    }

    private static IllegalStateException mismatch(String what, int i, String expected, String actual, int n,
            double relTol, double absTol) {
        return new IllegalStateException(what + ": element " + i + " of " + n + " is " + actual
                + " where Java computes " + expected + " (tolerance: relative " + relTol + ", absolute " + absTol
                + ")");
    }

    private static String floatText(float f) {
        return f + " (0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
    }

    private static String doubleText(double d) {
        return d + " (0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
    }

    /**
     * Checks that every task of the schedule ran on the OpenCL device at its last execute().
     *
     * @throws IllegalStateException naming the first task that did not, and why
     */
    public static void onDevice(TaskSchedule s) {
        for (TaskReport t : s.report().tasks()) {
            if (t.ranOn() != TaskReport.Where.DEVICE) {
                throw new IllegalStateException("Ferrocl task '" + t.id() + "' ran on " + t.ranOn()
                        + ", not on the device: " + t.reason());
            }
        }
    }

    // ------------------------------------------------------------------------------------------- inputs

    /** {@code n} floats uniform in [lo, hi), the same for the same seed. */
    public static float[] randomFloats(long seed, int n, float lo, float hi) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (lo + (hi - (double) lo) * r.nextDouble());
            if (a[i] >= hi) {
                a[i] = Math.nextDown(hi);
            }
        }
        return a;
    }

    /** {@code n} doubles uniform in [lo, hi), the same for the same seed. */
    public static double[] randomDoubles(long seed, int n, double lo, double hi) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextDouble(lo, hi);
        }
        return a;
    }

    /** {@code n} ints uniform in [lo, hi), the same for the same seed. */
    public static int[] randomInts(long seed, int n, int lo, int hi) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(lo, hi);
        }
        return a;
    }
}

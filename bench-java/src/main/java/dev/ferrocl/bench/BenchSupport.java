package dev.ferrocl.bench;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
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

    /**
     * Checks results of a computation that OpenCL C may evaluate with fused multiply-adds where Java rounds the
     * product first (OpenCL's {@code FP_CONTRACT} is on by default, and Aparapi's generated code does not turn it
     * off): each element must be a sum of at most {@code operations} rounded operations on nonnegative terms
     * (products and sums of nonnegative inputs). For any such evaluation, fused or not and in any association,
     * {@code |computed - exact| <= gamma * exact} with {@code gamma = n u / (1 - n u)}, {@code u = 2^-24}
     * (Higham, Accuracy and Stability of Numerical Algorithms, 3.1); so two evaluations differ by at most
     * {@code 2 gamma exact <= 2 gamma expected / (1 - gamma)}. Only for variants that do not promise Java's
     * rounding (Aparapi); Ferrocl and the hand-written kernels (which turn contraction off) are checked with
     * {@link #checkExact(String, float[], float[])}. Prints how many elements differ from Java's bits.
     *
     * @param operations the number of roundings (multiplications and additions) along one element's computation
     * @throws IllegalStateException naming the first element outside the bound, or a negative or non-finite
     *                               expected value (the bound would not hold)
     */
    public static void checkContracted(String what, float[] expected, float[] actual, int operations) {
        checkLength(what, expected.length, actual.length);
        double nu = operations * 0x1p-24;
        if (nu >= 0.5) {
            throw new IllegalArgumentException("checkContracted: " + operations + " operations is too many for a bound");
        }
        double gamma = nu / (1 - nu);
        double rel = 2 * gamma / (1 - gamma);
        int differ = 0;
        for (int i = 0; i < expected.length; i++) {
            float e = expected[i];
            if (!(e >= 0) || Float.isInfinite(e)) {
                throw new IllegalStateException(what + ": Java's element " + i + " is " + floatText(e)
                        + ": checkContracted needs nonnegative finite results");
            }
            if (Float.floatToIntBits(e) != Float.floatToIntBits(actual[i])) {
                differ++;
                if (!(Math.abs((double) actual[i] - e) <= rel * e)) {
                    throw mismatch(what, i, floatText(e), floatText(actual[i]), expected.length, rel, 0);
                }
            }
        }
        if (differ > 0) {
            System.out.println("[bench] " + what + ": " + differ + " of " + expected.length
                    + " elements differ from Java's bits (fused multiply-add), all within the rounding-error bound");
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

    /**
     * Builds the Ferrocl variant's schedule: compiles it (cold: this JVM has not compiled the method yet), then
     * builds and compiles a second schedule of the same tasks (cached), records both compile costs with
     * {@link KernelTimes#compile}, closes the second one and returns the first, compiled but not yet executed.
     * Several trials in one JVM ({@code -f 0}, as the GPU run's run.sh does: one JVM per benchmark class): the
     * kernel is compiled once per JVM (Ferrocl caches it per method and device, whatever the sizes), so a later
     * trial of the same kernels finds it cached; it records the cold figures measured by the trial that compiled it,
     * marked {@code "coldFrom": <that trial's size>}, with its own cached ones. A cached kernel whose cold compile
     * was not seen here is not recorded.
     *
     * @param benchmark the benchmark's name for {@link KernelTimes}, e.g. "VectorAdd"
     * @param size      the size parameter
     * @param make      builds a new schedule with the tasks
     * @return the first schedule
     */
    public static TaskSchedule ferroclSchedule(String benchmark, String size, Supplier<TaskSchedule> make) {
        TaskSchedule s = make.get();
        s.warmup();
        ExecutionReport cold = s.report();
        ExecutionReport cached;
        try (TaskSchedule again = make.get()) {
            again.warmup();
            cached = again.report();
        }
        boolean wasCold = true;
        long jitCold = 0, buildCold = 0, jitCached = 0, buildCached = 0;
        for (TaskReport t : cold.tasks()) {
            wasCold &= !t.cached();
            jitCold += t.compileNanos();
            buildCold += t.buildNanos();
        }
        for (TaskReport t : cached.tasks()) {
            jitCached += t.compileNanos();
            buildCached += t.buildNanos();
        }
        String kernels = benchmark + "\n" + kernelSources(s, cold);
        if (wasCold) {
            KernelTimes.compile(benchmark, size, jitCold, buildCold, jitCached, buildCached);
            COLD_COMPILES.put(kernels, new Object[] {size, jitCold, buildCold});
        } else {
            Object[] first = COLD_COMPILES.get(kernels);
            if (first != null) {
                KernelTimes.compile(benchmark, size, null, (Long) first[1], (Long) first[2], jitCached, buildCached,
                        (String) first[0]);
            }
        }
        return s;
    }

    /** Cold compiles seen in this JVM: the benchmark and its kernels' sources -> {size, jit ns, build ns}. */
    private static final Map<String, Object[]> COLD_COMPILES = new ConcurrentHashMap<>();

    /** The OpenCL C of every task of the schedule: what identifies its compiled kernels. */
    private static String kernelSources(TaskSchedule s, ExecutionReport report) {
        StringBuilder b = new StringBuilder();
        for (TaskReport t : report.tasks()) {
            b.append(t.id()).append('\n').append(s.kernelSource(t.id())).append('\n');
        }
        return b.toString();
    }

    /**
     * The sum of the kernel times of the schedule's tasks at its last execute().
     *
     * @return nanoseconds, from OpenCL profiling
     */
    public static long kernelNanos(TaskSchedule s) {
        long sum = 0;
        for (TaskReport t : s.report().tasks()) {
            sum += t.kernelNanos();
        }
        return sum;
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

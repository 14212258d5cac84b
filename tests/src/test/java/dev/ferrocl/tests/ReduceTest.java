package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.FerroclException;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * {@code @Reduce}: every operator over every type, at lengths around a work-group size and large ones, with
 * non-neutral initial values, against the JVM. Integer results and min/max are exact. Floating-point sums and
 * products may differ from the JVM's sequential order by rounding only; the stated tolerance is derived, not tuned:
 * with k the longest chain of roundings in the device's evaluation order (a work-item's slice, the work-group tree,
 * the host's fold of the partials and the initial value, all read from the report's global and local sizes), the
 * device result is within gamma(k) = k*u/(1-k*u) of the exact result (times the sum of |terms| for sums, |exact| for
 * products; Higham, Accuracy and Stability, ch. 3-4), so it may differ from the JVM's result by at most that plus the
 * JVM's own measured distance from the exact result (computed here in double-double).
 */
public class ReduceTest {
    private static final int[] LENGTHS = {1, 255, 256, 257, 1_000_003, 1 << 22};

    private static int[] ints(long seed, int n) {
        return JvmOracle.ints(seed, n);
    }

    private static int[] odd(int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] |= 1;
        }
        return a;
    }

    private static long[] oddLongs(long[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] |= 1;
        }
        return a;
    }

    // ---------------------------------------------------------------- int and long: exact

    @Test
    public void sumInt() {
        for (int n : LENGTHS) {
            check(ReduceKernels::sumInt, ints(n, n), new int[] {123456789});
        }
    }

    @Test
    public void prodInt() {
        for (int n : LENGTHS) {
            check(ReduceKernels::prodInt, odd(ints(n + 1, n)), new int[] {-7});
        }
    }

    @Test
    public void minInt() {
        for (int n : LENGTHS) {
            check(ReduceKernels::minInt, ints(n + 2, n), new int[] {0});
            check(ReduceKernels::minInt, JvmOracle.ints(n, n, 0, 1000), new int[] {-5}); // the initial value wins
        }
    }

    @Test
    public void maxInt() {
        for (int n : LENGTHS) {
            check(ReduceKernels::maxInt, ints(n + 3, n), new int[] {Integer.MIN_VALUE + 1});
        }
    }

    @Test
    public void sumLong() {
        for (int n : LENGTHS) {
            check(ReduceKernels::sumLong, JvmOracle.longs(n, n), new long[] {Long.MAX_VALUE - 3});
        }
    }

    @Test
    public void prodLong() {
        for (int n : LENGTHS) {
            check(ReduceKernels::prodLong, oddLongs(JvmOracle.longs(n + 1, n)), new long[] {3});
        }
    }

    @Test
    public void minLong() {
        for (int n : LENGTHS) {
            check(ReduceKernels::minLong, JvmOracle.longs(n + 2, n), new long[] {42});
        }
    }

    @Test
    public void maxLong() {
        for (int n : LENGTHS) {
            check(ReduceKernels::maxLong, JvmOracle.longs(n + 3, n), new long[] {-42});
        }
    }

    // ---------------------------------------------------------------- float and double min/max: exact

    @Test
    public void minMaxFloat() {
        for (int n : LENGTHS) {
            float[] a = JvmOracle.floats(n, n, -1e6f, 1e6f);
            check(ReduceKernels::minFloat, a, new float[] {0.5f});
            check(ReduceKernels::maxFloat, a, new float[] {-0.5f});
        }
        // Java's rules: a NaN anywhere wins, and -0.0 is below 0.0.
        float[] withNaN = JvmOracle.floats(9, 100_000, -1f, 1f);
        withNaN[77_777] = Float.NaN;
        check(ReduceKernels::minFloat, withNaN, new float[] {0f});
        check(ReduceKernels::maxFloat, withNaN, new float[] {0f});
        float[] zeros = new float[4099];
        zeros[4000] = -0.0f;
        check(ReduceKernels::minFloat, zeros, new float[] {0.0f});
        check(ReduceKernels::maxFloat, zeros.clone(), new float[] {-0.0f});
    }

    /**
     * Loops that start anywhere: the kernel reads four-element vectors only from a start that is a multiple of
     * four, and steps one element at a time otherwise and in the last few iterations.
     */
    @Test
    public void anyStart() {
        for (int n : new int[] {1, 7, 8, 9, 17, 257, 100_003}) {
            for (int from : new int[] {0, 1, 2, 3, 4, 5, 8, 13, n, n + 3}) {
                check(ReduceKernels::dotFrom, ints(n, n), ints(n + 7, n), from, new long[] {-42L});
                float[] f = JvmOracle.floats(n + from, n, -1e3f, 1e3f);
                check(ReduceKernels::minFloatFrom, f, from, new float[] {7.5f});
                double[] d = JvmOracle.doubles(n + from, n, -1e3, 1e3);
                check(ReduceKernels::maxDoubleFrom, d, from, new double[] {-1e9});
            }
        }
        // NaN and -0.0 where the vector loop reads them, and where the last iterations do.
        for (int at : new int[] {4, 5, 6, 7, 8, 100_000}) {
            float[] f = JvmOracle.floats(at, 100_003, 1f, 2f);
            f[at] = Float.NaN;
            check(ReduceKernels::minFloatFrom, f, 4, new float[] {7.5f});
            float[] z = new float[100_003];
            java.util.Arrays.fill(z, 1f);
            z[at] = -0.0f;
            z[at / 2] = 0.0f;
            check(ReduceKernels::minFloatFrom, z, 4, new float[] {7.5f});
            check(ReduceKernels::minFloatFrom, z.clone(), 1, new float[] {7.5f});
        }
    }

    @Test
    public void minMaxDouble() {
        for (int n : LENGTHS) {
            double[] a = JvmOracle.doubles(n, n, -1e300, 1e300);
            check(ReduceKernels::minDouble, a, new double[] {Double.POSITIVE_INFINITY});
            check(ReduceKernels::maxDouble, a, new double[] {1e299});
        }
        double[] withNaN = JvmOracle.doubles(9, 5000, -1, 1);
        withNaN[0] = Double.NaN;
        check(ReduceKernels::minDouble, withNaN, new double[] {0});
        check(ReduceKernels::maxDouble, withNaN, new double[] {0});
        double[] zeros = new double[300];
        zeros[299] = -0.0;
        check(ReduceKernels::minDouble, zeros, new double[] {0.0});
    }

    // ---------------------------------------------------------------- float and double + *: within rounding

    @Test
    public void sumFloat() {
        for (int n : LENGTHS) {
            checkRoundedFloat(ReduceKernels::sumFloat, JvmOracle.floats(n, n, -1f, 1f), 0.375f, false);
        }
        // Integer-valued floats with a small exact sum: every order gives the same, exact result.
        float[] small = new float[1 << 22];
        for (int i = 0; i < small.length; i++) {
            small[i] = (i % 7) - 3;
        }
        check(ReduceKernels::sumFloat, small, new float[] {2f});
    }

    @Test
    public void prodFloat() {
        for (int n : LENGTHS) {
            checkRoundedFloat(ReduceKernels::prodFloat, nearOneFloats(n, n), -1.25f, true);
            // Powers of two and signs: every partial product is exact, so the result must equal the JVM's.
            check(ReduceKernels::prodFloat, exactFactors(n), new float[] {-1.5f});
        }
    }

    @Test
    public void sumDouble() {
        for (int n : LENGTHS) {
            checkRoundedDouble(ReduceKernels::sumDouble, JvmOracle.doubles(n, n, -1e3, 1e3), 1e-3, false);
        }
        double[] exact = new double[1_000_003];
        for (int i = 0; i < exact.length; i++) {
            exact[i] = i % 1000;
        }
        check(ReduceKernels::sumDouble, exact, new double[] {0.5});
    }

    @Test
    public void prodDouble() {
        for (int n : LENGTHS) {
            double[] a = new double[n];
            float[] f = nearOneFloats(n + 5, n);
            for (int i = 0; i < n; i++) {
                a[i] = f[i] * (1 + 1e-9 * (i % 13));
            }
            checkRoundedDouble(ReduceKernels::prodDouble, a, 3.0, true);
        }
    }

    // ---------------------------------------------------------------- shapes

    @Test
    public void twoOutputsInOneLoop() {
        for (int n : new int[] {1, 257, 1_000_003}) {
            float[] a = JvmOracle.floats(n, n, -4f, 4f);
            float[] sum = {1f};
            float[] max = {-100f};
            float[] jvmSum = sum.clone();
            float[] jvmMax = max.clone();
            ReduceKernels.sumAndMax(a.clone(), jvmSum, jvmMax);
            TaskReport t = run(s -> s.task("t", ReduceKernels::sumAndMax, a, sum, max));
            assertArrayEquals("max", jvmMax, max, 0f);
            double terms = 1;
            double[] exact = new double[2];
            exact[0] = 1;
            for (float x : a) {
                float sq = x * x; // rounded as the kernel rounds it
                terms += Math.abs(sq);
                twoSum(exact, sq);
            }
            assertWithin("sum of squares, n=" + n, exact, terms, chain(t, n, false), jvmSum[0], sum[0],
                    Math.ulp(1f) / 2);
        }
    }

    @Test
    public void twoDimensionalNest() {
        int[][] shapes = {{1, 1}, {3, 255}, {17, 257}, {1000, 1003}, {2048, 2048}};
        for (int[] rc : shapes) {
            int rows = rc[0];
            int cols = rc[1];
            check5(rows, cols, JvmOracle.ints(rows * 31L + cols, rows * cols));
        }
    }

    private static void check5(int rows, int cols, int[] m) {
        long[] total = {-1L << 40};
        int[] min = {Integer.MAX_VALUE};
        long[] jvmTotal = total.clone();
        int[] jvmMin = min.clone();
        ReduceKernels.sum2d(m.clone(), rows, cols, jvmTotal, jvmMin);
        run(s -> s.task("t", ReduceKernels::sum2d, m, rows, cols, total, min));
        assertArrayEquals(rows + "x" + cols + " total", jvmTotal, total);
        assertArrayEquals(rows + "x" + cols + " min", jvmMin, min);
    }

    @Test
    public void emptyLoopLeavesTheOutputAlone() {
        check(ReduceKernels::sumFirst, ints(1, 100), 0, new int[] {77});
        check(ReduceKernels::sumFirst, ints(1, 100), -5, new int[] {77});
        check(ReduceKernels::sumFirst, ints(2, 100), 100, new int[] {77});
    }

    @Test
    public void conditionalUpdatesAndSubtraction() {
        for (int n : new int[] {1, 255, 256, 257, 1_000_003}) {
            check(ReduceKernels::countAndSubtract, ints(n + 9, n), new int[] {10}, new long[] {-10});
        }
    }

    @Test
    public void streamForm() {
        for (int n : new int[] {1, 256, 1_000_003}) {
            // Integer-valued halves: exact in any order.
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i % 101) - 50;
            }
            // The JVM runs a parallel stream on many threads, and `out[0] +=` from several threads is a data
            // race there; the meaning @Reduce gives it is the sequential sum, which the JVM computes here.
            double expected = 0.25;
            for (int i = 0; i < n; i++) {
                expected += a[i] * 0.5;
            }
            double[] out = {0.25};
            run(s -> s.task("t", ReduceKernels::streamSum, a, out));
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(out[0]));
        }
    }

    @Test
    public void innerSequentialLoop() {
        check(ReduceKernels::maxRowSum, ints(3, 1000 * 37), 1000, 37, new int[] {Integer.MIN_VALUE});
    }

    @Test
    public void outOfBoundsThrowsAsTheJvmDoes() {
        int[] a = ints(4, 1000);
        int[] out = {5};
        MoreChecks.checkThrows(x -> ReduceKernels.sumOutOfBounds((int[]) x[0], (Integer) x[1], (int[]) x[2]),
                s -> s.task("t", ReduceKernels::sumOutOfBounds, a, 1001, out), a, 1001, out);
    }

    /**
     * Loop versioning: affine indices tested once for the whole range. In range, the fast loops run unchecked and must
     * give the JVM's result; out of range at either end of the range, the work-items run every iteration checked and
     * the JVM's exception and partial result come back.
     */
    @Test
    public void affineIndicesInAndOutOfRange() {
        for (int n : new int[] {1, 9, 257, 100_003, 1 << 20}) {
            int[] a = ints(n, Math.max(2 * n + 5, 8));
            int[] idx = new int[n];
            SplittableRandom r = new SplittableRandom(n);
            for (int i = 0; i < n; i++) {
                idx[i] = r.nextInt(8);
            }
            check(ReduceKernels::affineIndices, a, idx, n, new long[] {3L});
            int[] out = {0};
            if (n >= 5) {
                // a[(i << 1) + 1] reaches 2n - 1: one element short, only the last iteration throws.
                int[] shorter = ints(n, 2 * n - 1);
                long[] sum = {3L};
                MoreChecks.checkThrows(x -> ReduceKernels.affineIndices((int[]) x[0], (int[]) x[1], (Integer) x[2],
                        (long[]) x[3]), s -> s.task("t", ReduceKernels::affineIndices, shorter, idx, n, sum), shorter,
                        idx, n, sum);
            }
            // a[i - 1] from 1 is in range; from 0 the first iteration throws.
            check(ReduceKernels::previousXor, ints(n + 1, n + 1), 1, new int[] {-5});
            int[] b = ints(n + 2, n + 1);
            MoreChecks.checkThrows(x -> ReduceKernels.previousXor((int[]) x[0], (Integer) x[1], (int[]) x[2]),
                    s -> s.task("t", ReduceKernels::previousXor, b, 0, out), b, 0, out);
        }
        int[] c = ints(5, 3000);
        check(ReduceKernels::fallingAndRising, c, 2, new int[] {Integer.MIN_VALUE});
        check(ReduceKernels::fallingAndRising, c, 999, new int[] {Integer.MIN_VALUE});
        check(ReduceKernels::fallingAndRising, c, 1000, new int[] {Integer.MIN_VALUE});
        // From 1, a[3 * i - 6] starts at -3.
        int[] out = {Integer.MIN_VALUE};
        MoreChecks.checkThrows(x -> ReduceKernels.fallingAndRising((int[]) x[0], (Integer) x[1], (int[]) x[2]),
                s -> s.task("t", ReduceKernels::fallingAndRising, c, 1, out), c, 1, out);
        // Up to i = 999, a[3 * i - 6] reaches 2991: a of 2990 elements is short at the top of the range.
        int[] d = ints(6, 2990);
        MoreChecks.checkThrows(x -> ReduceKernels.fallingAndRising((int[]) x[0], (Integer) x[1], (int[]) x[2]),
                s -> s.task("t", ReduceKernels::fallingAndRising, d, 2, out), d, 2, out);
    }

    /** Loop versioning with loop-invariant terms (parameters, array lengths) in the indices. */
    @Test
    public void invariantOffsetsInAndOutOfRange() {
        int[] a = ints(7, 150_000);
        int[] b = ints(8, 200_000);
        check(ReduceKernels::shiftedDot, a, b, 50_000, 50_000, new long[] {1L});
        check(ReduceKernels::shiftedDot, a, b, 50_000, 49_999, new long[] {1L}); // b at odd indices
        check(ReduceKernels::shiftedDot, ints(9, 9), ints(10, 7), 2, 1, new long[] {1L});
        long[] out = {1L};
        // b[2 * i + off - k] starts at -1; a[off + i] ends at a.length; each throws at one end of the range only.
        for (int[] offK : new int[][] {{50_000, 50_001}, {50_001, 50_001}}) {
            MoreChecks.checkThrows(x -> ReduceKernels.shiftedDot((int[]) x[0], (int[]) x[1], (Integer) x[2],
                    (Integer) x[3], (long[]) x[4]),
                    s -> s.task("t", ReduceKernels::shiftedDot, a, b, offK[0], offK[1], out), a, b, offK[0], offK[1],
                    out);
        }
    }

    /**
     * A divisor check left in the unrolled and vectorised copies: with no zero divisor the JVM's sum (including
     * {@code MIN_VALUE / -1}); a zero in the unrolled part of the range, or in the last iteration (the plain loop), gives
     * the JVM's exception and leaves the output as the JVM does.
     */
    @Test
    public void divisorChecksInTheUnrolledLoops() {
        for (int n : new int[] {1, 9, 100_003}) {
            int[] a = ints(n + 11, n);
            int[] d = new int[n];
            SplittableRandom r = new SplittableRandom(n);
            for (int i = 0; i < n; i++) {
                d[i] = r.nextInt(1, 50) * (r.nextBoolean() ? 1 : -1);
            }
            a[0] = Integer.MIN_VALUE;
            d[0] = -1;
            check(ReduceKernels::quotientSum, a, d, new int[] {7});
            for (int zeroAt : new int[] {n / 2, n - 1}) {
                int[] z = d.clone();
                z[zeroAt] = 0;
                int[] out = {7};
                MoreChecks.checkThrows(x -> ReduceKernels.quotientSum((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                        s -> s.task("t", ReduceKernels::quotientSum, a, z, out), a, z, out);
            }
        }
    }

    /** The unrolled copies' loop indices take names no Java name of the method has ({@code i_x1} is a parameter). */
    @Test
    public void copiesDoNotShadowAJavaName() {
        for (int n : new int[] {5, 100_003}) {
            check(ReduceKernels::scaledSumNamedLikeACopy, ints(n + 21, n), 3, new int[] {11});
            check(ReduceKernels::scaledSumNamedLikeACopy, ints(n + 22, n), -7, new int[] {0});
        }
    }

    @Test
    public void emptyOutputArrayThrowsAsTheJvmDoes() {
        int[] a = ints(4, 10);
        int[] out = {};
        MoreChecks.checkThrows(x -> ReduceKernels.sumInt((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ReduceKernels::sumInt, a, out), a, out);
    }

    @Test
    public void workGroupSizeOfAPowerOfTwo() {
        int[] a = ints(5, 100_000);
        int[] out = {1};
        int[] expected = out.clone();
        ReduceKernels.sumInt(a.clone(), expected);
        try (TaskSchedule s = new TaskSchedule("wg").task("t", ReduceKernels::sumInt, a, out).workGroupSize("t", 64)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertArrayEquals(new long[] {64}, s.report().task("t").localSize());
        }
        assertArrayEquals(expected, out);
        try (TaskSchedule s = new TaskSchedule("wg").task("t", ReduceKernels::sumInt, a, new int[1])
                .workGroupSize("t", 48)) {
            FerroclException e = assertThrows(FerroclException.class, s::execute);
            assertTrue(e.getMessage(), e.getMessage().contains("power of two"));
        }
    }

    // ---------------------------------------------------------------- helpers

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    private static TaskReport run(Adder adder) {
        try (TaskSchedule s = adder.add(new TaskSchedule("reduce"))) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            return s.report().task("t");
        }
    }

    /** ±1 with up to 20 factors of 2 and 20 of 1/2 at random places: any partial product is exact. */
    private static float[] exactFactors(int n) {
        SplittableRandom r = new SplittableRandom(n * 7L);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextBoolean() ? 1f : -1f;
        }
        for (int k = 0; k < Math.min(20, n / 2); k++) {
            a[r.nextInt(n)] *= 2f;
            a[r.nextInt(n)] *= 0.5f;
        }
        return a;
    }

    private static float[] nearOneFloats(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (1 + (r.nextDouble() - 0.5) * 2e-3);
        }
        return a;
    }

    /**
     * The number of roundings that bound the device's error for n iterations. A sum's error is bounded by the longest
     * chain of additions a term goes through: a work-item's strided slice (at most ceil(n / global) terms, split over
     * up to eight per-step accumulators), the fixed tree over those accumulators and their fold into the work-item's
     * own (3 + 1), the work-group tree, the host's fold of the work-groups' partials, and the initial value. A product's relative error compounds over every
     * multiplication, whatever their order: n, plus the work-groups' partials and the initial value.
     */
    private static long chain(TaskReport t, long n, boolean product) {
        if (product) {
            long groups = 1;
            for (int d = 0; d < t.globalSize().length; d++) {
                groups *= t.globalSize()[d] / t.localSize()[d];
            }
            return n + groups + 2;
        }
        long[] global = t.globalSize();
        long[] local = t.localSize();
        long groups = 1;
        long items = 1;
        for (int d = 0; d < global.length; d++) {
            groups *= global[d] / local[d];
            items *= local[d];
        }
        long slice = (n + global[global.length - 1] - 1) / global[global.length - 1];
        return slice + 4 + (64 - Long.numberOfLeadingZeros(items)) + groups + 1;
    }

    /** exact[0] + exact[1] += x, without rounding (TwoSum). */
    private static void twoSum(double[] exact, double x) {
        double s = exact[0] + x;
        double bp = s - exact[0];
        double err = (exact[0] - (s - bp)) + (x - bp);
        exact[0] = s;
        exact[1] += err;
    }

    /** exact *= x in double-double (TwoProduct via fma). */
    private static void twoProd(double[] exact, double x) {
        double p = exact[0] * x;
        double err = Math.fma(exact[0], x, -p);
        exact[0] = p;
        exact[1] = exact[1] * x + err;
    }

    /**
     * Asserts |device - jvm| <= gamma(k) * scale + |jvm - exact| (+ the double-double reference's own error).
     */
    private static void assertWithin(String what, double[] exact, double scale, long k, double jvm, double device,
            double unitRoundoff) {
        double ku = k * unitRoundoff;
        double gamma = ku / (1 - ku);
        double ref = exact[0] + exact[1];
        double tol = gamma * scale + Math.abs(jvm - ref) + 0x1p-90 * scale;
        double diff = Math.abs(device - jvm);
        assertTrue(what + ": device " + device + ", JVM " + jvm + ", exact " + ref + ": |difference| " + diff
                + " exceeds the rounding bound " + tol + " (k=" + k + ")", diff <= tol);
    }

    private static void checkRoundedFloat(Task2<float[], float[]> code, float[] a, float init, boolean product) {
        float[] jvm = {init};
        code.apply(a.clone(), jvm);
        float[] out = {init};
        TaskReport t = run(s -> s.task("t", code, a, out));
        double[] terms = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            terms[i] = a[i];
        }
        assertRounded("floats", terms, init, product, t, jvm[0], out[0], Math.ulp(1f) / 2);
    }

    private static void checkRoundedDouble(Task2<double[], double[]> code, double[] a, double init, boolean product) {
        double[] jvm = {init};
        code.apply(a.clone(), jvm);
        double[] out = {init};
        TaskReport t = run(s -> s.task("t", code, a, out));
        assertRounded("doubles", a, init, product, t, jvm[0], out[0], Math.ulp(1.0) / 2);
        assertEquals(1, out.length);
    }

    /** The sum or product of {@code init} and {@code terms}, on the device and on the JVM, within rounding. */
    private static void assertRounded(String type, double[] terms, double init, boolean product, TaskReport t,
            double jvm, double device, double unitRoundoff) {
        double[] exact = {init, 0};
        double scale = Math.abs(init);
        for (double x : terms) {
            if (product) {
                twoProd(exact, x);
            } else {
                twoSum(exact, x);
                scale += Math.abs(x);
            }
        }
        if (product) {
            scale = Math.abs(exact[0]);
        }
        assertWithin((product ? "product" : "sum") + " of " + terms.length + " " + type, exact, scale,
                chain(t, terms.length, product), jvm, device, unitRoundoff);
    }

    // ---------------------------------------------------------------- bitwise operators and written-out min/max

    private static int[] masked(int[] a, int or, int and) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (a[i] | or) & and;
        }
        return a;
    }

    private static long[] maskedLongs(long[] a, long or, long and) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (a[i] | or) & and;
        }
        return a;
    }

    @Test
    public void bitwiseInt() {
        for (int n : LENGTHS) {
            // Most bits set (or clear) in every element, so that the result depends on a few of them.
            check(ReduceKernels::andInt, masked(ints(n + 40, n), 0x7FFF_FFF0, -1), new int[] {0xF0F0_F0FF});
            check(ReduceKernels::orInt, masked(ints(n + 41, n), 0, 0x8000_000F), new int[] {0x0101_0100});
            check(ReduceKernels::xorInt, ints(n + 42, n), new int[] {0x5555_5555});
        }
    }

    @Test
    public void bitwiseLong() {
        for (int n : LENGTHS) {
            check(ReduceKernels::andLong, maskedLongs(JvmOracle.longs(n + 43, n), 0x7FFF_FFFF_FFFF_FF0FL, -1L),
                    new long[] {-2L});
            check(ReduceKernels::orLong, maskedLongs(JvmOracle.longs(n + 44, n), 0, 0x8000_0000_0000_00F0L),
                    new long[] {1L << 40});
            check(ReduceKernels::xorLongWhere, JvmOracle.longs(n + 45, n), new long[] {Long.MIN_VALUE + 7});
        }
    }

    @Test
    public void minMaxWrittenAsComparisons() {
        for (int n : LENGTHS) {
            check(ReduceKernels::ternaryMaxInt, ints(n + 50, n), new int[] {Integer.MIN_VALUE + 5});
            check(ReduceKernels::ternaryMinInt, ints(n + 51, n), new int[] {17});
            check(ReduceKernels::ternaryMaxLong, JvmOracle.longs(n + 52, n), new long[] {-3});
            check(ReduceKernels::ifMaxInt, ints(n + 53, n), new int[] {-1_000});
            check(ReduceKernels::ifMinLong, JvmOracle.longs(n + 54, n), new long[] {Long.MAX_VALUE});
            check(ReduceKernels::ifMaxOfExpression, ints(n + 55, n), ints(n + 56, n), new int[] {0});
            check(ReduceKernels::ternaryMinOfLocal, ints(n + 57, n), new int[n], new int[] {12});
            check(ReduceKernels::ifMaxOfTwo, ints(n + 58, n), JvmOracle.longs(n + 59, n), new long[] {5});
        }
        // A starting value no element beats stays.
        check(ReduceKernels::ifMaxInt, new int[] {1, 2, 3}, new int[] {Integer.MAX_VALUE});
        check(ReduceKernels::ternaryMinInt, new int[] {Integer.MIN_VALUE, 0, Integer.MIN_VALUE}, new int[] {0});
    }

    /** A store of another value than the one compared is no reduction: refused in strict mode, arrays untouched. */
    @Test
    public void comparisonThatStoresAnotherValueIsRefused() {
        int[] a = ints(60, 1000);
        int[] before = a.clone();
        int[] out = {0};
        try (TaskSchedule s = new TaskSchedule("s").task("t", ReduceKernels::storeBetween, a, out)) {
            CompilationException e = assertThrows(CompilationException.class, s::execute);
            assertTrue(e.getMessage(), e.getMessage().contains("@Reduce out"));
        }
        assertArrayEquals(before, a);
        assertArrayEquals(new int[] {0}, out);
    }

    // ---------------------------------------------------------------- a start stored before the loop

    @Test
    public void startStoredBeforeTheLoop() {
        for (int n : LENGTHS) {
            // The arrays' own values must not count: the method overwrites them before the loop.
            check(ReduceKernels::sumFromZero, ints(n + 70, n), new int[] {123456});
            check(ReduceKernels::minFromFirst, JvmOracle.longs(n + 71, n), new long[] {Long.MIN_VALUE});
            check(ReduceKernels::maxAboveFloor, ints(n + 72, n), 1_000, new int[] {Integer.MAX_VALUE});
            check(ReduceKernels::maxAboveFloor, ints(n + 73, n), Integer.MIN_VALUE, new int[] {7});
            double[] d = new double[n];
            SplittableRandom r = new SplittableRandom(n + 74);
            for (int i = 0; i < n; i++) {
                d[i] = r.nextDouble(-1e6, 1e6);
            }
            check(ReduceKernels::minDoubleFromInfinity, d, new double[] {Double.NaN});
            check(ReduceKernels::startThenTwoLoops, ints(n + 75, n), JvmOracle.longs(n + 76, n), new long[] {-9},
                    new int[] {-1});
        }
    }

    /** An empty output: the JVM's store before the loop throws, and so must the task. */
    @Test
    public void startStoredIntoAnEmptyOutputThrows() {
        int[] a = ints(77, 100);
        int[] out = {};
        MoreChecks.checkThrows(x -> ReduceKernels.sumFromZero((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ReduceKernels::sumFromZero, a, out), a, out);
    }

    /** The start read from an element the loop's range leaves out: an empty input makes the JVM throw first. */
    @Test
    public void startFromAnElementOfAnEmptyInputThrows() {
        long[] a = {};
        long[] out = {3};
        MoreChecks.checkThrows(x -> ReduceKernels.minFromFirst((long[]) x[0], (long[]) x[1]),
                s -> s.task("t", ReduceKernels::minFromFirst, a, out), a, out);
    }

    /** Listing 4 of Fumero and Kotselidis (VMIL'18), as written there: an instance method that sets the result first. */
    public static final class PaperReduce {
        public void reduce(float[] input, @dev.ferrocl.api.Reduce float[] result) {
            result[0] = 0.0f;
            for (@dev.ferrocl.api.Parallel int i = 0; i < input.length; i++) {
                result[0] += input[i];
            }
        }
    }

    /** The paper's reduction from a result array holding something else: the sum starts from 0, within rounding. */
    @Test
    public void paperListingStartsFromZero() {
        PaperReduce p = new PaperReduce();
        for (int n : LENGTHS) {
            float[] a = JvmOracle.floats(n + 80, n, -1f, 1f);
            float[] jvm = {999f};
            p.reduce(a.clone(), jvm);
            float[] out = {999f};
            TaskReport t = run(s -> s.task("t", p::reduce, a, out));
            double[] terms = new double[n];
            for (int i = 0; i < n; i++) {
                terms[i] = a[i];
            }
            assertRounded("floats", terms, 0.0, false, t, jvm[0], out[0], Math.ulp(1f) / 2);
        }
    }

    /** Shapes that look like reductions but are not: refused in strict mode, arrays untouched. */
    @Test
    public void nearReductionsAreRefused() {
        int[] a = ints(90, 64);
        int[] out = {0};
        assertRefused(s -> s.task("t", ReduceKernels::staleBest, a, 2, out), a, out);
        int[] shortB = new int[3];
        assertRefused(s -> s.task("t", ReduceKernels::otherReadInTheBranch, a, shortB, out), a, shortB, out);
        assertRefused(s -> s.task("t", ReduceKernels::copyOfTheStart, a, out), a, out);
    }

    /** The JVM's answer where the stale-value shape runs: 3, not 5 (and an index out of bounds on a short b). */
    @Test
    public void nearReductionsKeepTheirMeaningOnTheJvm() {
        int[] out = {0};
        ReduceKernels.staleBest(new int[] {5, 3}, 2, out);
        assertEquals(3, out[0]);
        assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> ReduceKernels.otherReadInTheBranch(new int[] {1, 2, 3, 4}, new int[2], new int[] {0}));
    }

    /** One array as the output and as the array read before the loop: the host cannot read it first; the JVM runs it. */
    @Test
    public void startReadThroughAnAliasRunsWhereJavaReadsIt() {
        int[] a = ints(91, 100);
        int[] expected = {50};
        ReduceKernels.startReadThroughAnother(a.clone(), expected, expected);
        int[] out = {50};
        try (TaskSchedule s = new TaskSchedule("alias").task("t", ReduceKernels::startReadThroughAnother, a, out, out)) {
            s.execute();
            assertEquals(s.report().task("t").reason(), TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
        assertArrayEquals(expected, out);
        // Two arrays: the device, from the stored start.
        check(ReduceKernels::startReadThroughAnother, a, new int[] {7}, new int[] {50});
    }

    private static void assertRefused(Adder adder, Object... args) {
        Object[] before = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            before[i] = ((int[]) args[i]).clone();
        }
        try (TaskSchedule s = adder.add(new TaskSchedule("refused"))) {
            assertThrows(CompilationException.class, s::execute);
        }
        for (int i = 0; i < args.length; i++) {
            assertArrayEquals("argument " + i, (int[]) before[i], (int[]) args[i]);
        }
    }

    // ---------------------------------------------------------------- the outputs updated after the loop

    @Test
    public void outputsUpdatedAfterTheLoop() {
        for (int n : LENGTHS) {
            check(ReduceKernels::scaleAfter, ints(n + 100, n), new int[] {-77});
            // Small integers: every order of the sum is exact, so the mean equals the JVM's.
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = (i * 7919) % 1001 - 500;
            }
            check(ReduceKernels::mean, d, new double[] {42.0});
            check(ReduceKernels::combineAfter, ints(n + 101, n), 12345, new long[] {-3}, new int[] {99});
        }
        // No iteration: the tail still runs on the values before the loop.
        check(ReduceKernels::scaleAfter, new int[0], new int[] {5});
        check(ReduceKernels::mean, new double[0], new double[] {1.0});
        check(ReduceKernels::combineAfter, new int[0], 7, new long[] {100}, new int[] {4});
    }

    @Test
    public void anInputReadAfterTheLoopIsRefused() {
        int[] a = ints(102, 100);
        int[] out = {0};
        assertRefused(s -> s.task("t", ReduceKernels::inputReadAfter, a, out), a, out);
    }

    /** Code after the loop that needs the output's value from before the loop: refused, arrays untouched. */
    @Test
    public void aTailReadingTheValueBeforeTheLoopIsRefused() {
        int[] a = ints(103, 100);
        int[] total = {1000};
        assertRefused(s -> s.task("t", ReduceKernels::addedSinceStart, a, total), a, total);
    }

    /** Two tasks: the first one's code after its loop reads an output the second reduces too; Java's order. */
    @Test
    public void aTailBeforeAnotherTasksReductionSeesJavasOrder() {
        int[] x = ints(104, 1000);
        int[] y = ints(105, 777);
        long[] sum = {3};
        int[] count = {4};
        long[] jvmSum = sum.clone();
        int[] jvmCount = count.clone();
        ReduceKernels.sumPlusCount(x, jvmSum, jvmCount);
        ReduceKernels.countMore(y, jvmCount);
        try (TaskSchedule s = new TaskSchedule("two").task("a", ReduceKernels::sumPlusCount, x, sum, count)
                .task("b", ReduceKernels::countMore, y, count)) {
            s.execute();
        }
        assertArrayEquals(jvmSum, sum);
        assertArrayEquals(jvmCount, count);
    }
}

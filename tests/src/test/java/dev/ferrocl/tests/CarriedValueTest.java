package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Sequential code before the {@code @Parallel} loops (and between two of them) that computes values the loops use: one
 * work-item runs it as a kernel of its own, and the values it hands on (a sum over weights, a maximum, a count, an
 * offset found by a search, a flag) reach the later kernels through a buffer they share. Strict, against the JVM: every
 * primitive type carried, stores before the loop and loads after them (the load must see the store, not the host's
 * copy of the array), a value found between two loops, two tasks of one schedule each carrying values, an exception
 * in the code before the loop (the JVM's, with the arrays as it leaves them), an array chosen by a loop before the
 * parallel one (carried as which array), a mean before a {@code @Reduce} loop, and what stays refused: a carried
 * value as a loop's bound, a store into the {@code @Reduce} array before its loop.
 */
public class CarriedValueTest {
    /** A float sum over weights divides every element. */
    public static void normaliseByWeights(float[] x, float[] w, float[] out) {
        float total = 0f;
        for (int j = 0; j < w.length; j++) {
            total += w[j];
        }
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = x[i] / total;
        }
    }

    /** A double maximum, then every element scaled by it. */
    public static void scaleByMax(double[] a, double[] out) {
        double m = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < a.length; k++) {
            m = Math.max(m, a[k]);
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i] / m;
        }
    }

    /** A long sum, an int count and a boolean, all from one loop before the parallel one. */
    public static void countAndSum(int[] a, long[] out, int threshold) {
        long sum = 0L;
        int count = 0;
        boolean negative = false;
        for (int k = 0; k < a.length; k++) {
            sum += a[k];
            if (a[k] > threshold) {
                count++;
            }
            negative |= a[k] < 0;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = negative ? sum - i : sum * count + i;
        }
    }

    /** An offset found by a search before the loop, used in its indices. */
    public static void rotateFromFirstPositive(int[] a, int[] out) {
        int off = 0;
        while (off < a.length && a[off] <= 0) {
            off++;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[(i + off) % a.length];
        }
    }

    /** A store before the loop, then a load of the same element: Java reads what it stored. */
    public static void storeThenLoad(int[] a, int[] out, int k) {
        a[0] = 5;
        int v = a[0] + k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + v;
        }
    }

    /** A histogram before the loop into an array the loop then reads. */
    public static void histogramThenLookup(int[] keys, int[] hist, int[] out) {
        for (int k = 0; k < hist.length; k++) {
            hist[k] = 0;
        }
        int most = 0;
        for (int k = 0; k < keys.length; k++) {
            int h = ++hist[keys[k] & (hist.length - 1)];
            most = Math.max(most, h);
        }
        for (@Parallel int i = 0; i < keys.length; i++) {
            out[i] = hist[keys[i] & (hist.length - 1)] * 1000 / most;
        }
    }

    /** A value read between two loops that the second loop uses. */
    public static void valueBetween(int[] a, int[] b) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = i * 3 + a[i];
        }
        int v = a[0] + 1;
        float f = 0.5f * v;
        for (@Parallel int j = 0; j < b.length; j++) {
            b[j] = v + j + (int) (f * j);
        }
    }

    /** Values carried into two kernels, the second of which uses the first one's results. */
    public static void twoLoopsAfter(float[] x, float[] y, float[] z) {
        float lo = Float.POSITIVE_INFINITY;
        float hi = Float.NEGATIVE_INFINITY;
        for (int k = 0; k < x.length; k++) {
            lo = Math.min(lo, x[k]);
            hi = Math.max(hi, x[k]);
        }
        float span = hi - lo;
        for (@Parallel int i = 0; i < x.length; i++) {
            y[i] = (x[i] - lo) / span;
        }
        for (@Parallel int i = 0; i < x.length; i++) {
            z[i] = y[i] * hi + lo;
        }
    }

    /** The code before the loop reads past the end for some inputs. */
    public static void preIndex(int[] a, int[] out, int k) {
        int s = 0;
        for (int j = 0; j <= k; j++) {
            s += a[j];
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s + i;
        }
    }

    /** A power-of-two bound found by a loop: the loop's bound would come from a kernel. */
    public static void powerOfTwoBound(int[] out, int n) {
        int m = 1;
        while (m < n) {
            m <<= 1;
        }
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = i;
        }
    }

    /** An array chosen by a loop before the parallel one (carried as which of the two). */
    public static void arrayChosenBefore(int[] a, int[] b, int[] out) {
        int[] t = a;
        for (int k = 0; k < b.length; k++) {
            if (b[k] < 0) {
                t = b;
            }
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i];
        }
    }

    /** A mean before a {@code @Reduce} loop: the loop counts the elements above it. */
    public static void countAboveMean(int[] a, @Reduce long[] count) {
        long s = 0L;
        for (int j = 0; j < a.length; j++) {
            s += a[j];
        }
        long mean = a.length == 0 ? 0L : s / a.length;
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > mean) {
                count[0] += 1L;
            }
        }
    }

    /** A store into the {@code @Reduce} array before its loop: the host's fold would start from the old value. */
    public static void resetThenSum(int[] a, @Reduce int[] sum) {
        sum[0] = 0;
        for (int j = 0; j < 3; j++) {
            sum[0] += j;
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
        }
    }

    @Test
    public void aMeanBeforeAReduceLoop() {
        for (int n : new int[] {1, 100, 4097}) {
            check(CarriedValueTest::countAboveMean, JvmOracle.ints(7520 + n, n, -1000, 5000), new long[] {7L});
        }
    }

    @Test
    public void aStoreIntoTheReduceArrayBeforeItsLoopIsRefused() {
        try (TaskSchedule s = new TaskSchedule("carried-reduce").task("t", CarriedValueTest::resetThenSum,
                new int[8], new int[1])) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("before the @Parallel loop"));
        }
    }

    @Test
    public void aSumOverWeightsBeforeTheLoop() {
        for (int n : new int[] {1, 7, 1000}) {
            check(CarriedValueTest::normaliseByWeights, JvmOracle.floats(7501 + n, n, -3f, 3f),
                    JvmOracle.floats(7502, 1 + n % 5, 0.1f, 1f), new float[n]);
        }
        // No weights: a zero total, every quotient an infinity or NaN as in Java.
        check(CarriedValueTest::normaliseByWeights, JvmOracle.floats(7503, 9, -3f, 3f), new float[0], new float[9]);
    }

    @Test
    public void everyPrimitiveTypeIsCarried() {
        for (int n : new int[] {1, 64, 999}) {
            check(CarriedValueTest::scaleByMax, JvmOracle.doubles(7504 + n, n, -5, 5), new double[n]);
            check(CarriedValueTest::countAndSum, JvmOracle.ints(7505 + n, n, -1000, 1000), new long[n], 10);
            check(CarriedValueTest::countAndSum, JvmOracle.ints(7506 + n, n, 0, 1000), new long[n + 3], 500);
        }
    }

    @Test
    public void anOffsetFoundBeforeTheLoop() {
        int[] a = JvmOracle.ints(7507, 100, -10, 3);
        check(CarriedValueTest::rotateFromFirstPositive, a, new int[100]);
        // No positive element: the offset is the length, every index wraps to the same one.
        check(CarriedValueTest::rotateFromFirstPositive, new int[] {-1, -2, -3}, new int[3]);
    }

    @Test
    public void aLoadAfterAStoreSeesTheStore() {
        check(CarriedValueTest::storeThenLoad, JvmOracle.ints(7508, 50), new int[50], 7);
        check(CarriedValueTest::histogramThenLookup, JvmOracle.ints(7509, 500, 0, 1 << 20), new int[16],
                new int[500]);
    }

    @Test
    public void aValueFoundBetweenTwoLoops() {
        for (int n : new int[] {1, 33, 1000}) {
            check(CarriedValueTest::valueBetween, JvmOracle.ints(7510 + n, n, -100, 100), new int[n + 5]);
        }
        check(CarriedValueTest::twoLoopsAfter, JvmOracle.floats(7511, 777, -4f, 9f), new float[777],
                new float[777]);
    }

    @Test
    public void twoTasksOfOneScheduleEachCarryTheirOwn() {
        float[] x = JvmOracle.floats(7512, 300, -1f, 1f);
        float[] w = JvmOracle.floats(7513, 11, 0.5f, 2f);
        float[] out = new float[300];
        int[] a = JvmOracle.ints(7514, 200, -50, 50);
        long[] sums = new long[200];
        float[] expectedOut = new float[300];
        long[] expectedSums = new long[200];
        normaliseByWeights(x.clone(), w.clone(), expectedOut);
        countAndSum(a.clone(), expectedSums, 3);
        try (TaskSchedule s = new TaskSchedule("carried-two")
                .task("n", CarriedValueTest::normaliseByWeights, x, w, out)
                .task("c", CarriedValueTest::countAndSum, a, sums, 3)) {
            s.execute();
            ExecutionReport report = s.report();
            JvmOracle.assertRanOnDevice(report, "n");
            JvmOracle.assertRanOnDevice(report, "c");
        }
        JvmOracle.assertSame("out", expectedOut, out);
        JvmOracle.assertSame("sums", expectedSums, sums);
    }

    @Test
    public void anExceptionBeforeTheLoopIsTheJvms() {
        int[] a = JvmOracle.ints(7515, 64);
        check(CarriedValueTest::preIndex, a, new int[64], 63);
        int[] out = new int[64];
        Throwable e = MoreChecks.checkThrows(x -> preIndex((int[]) x[0], (int[]) x[1], (int) x[2]),
                s -> s.task("t", CarriedValueTest::preIndex, a, out, 64), a, out, 64);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void aCarriedBoundIsRefused() {
        refused(s -> s.task("t", CarriedValueTest::powerOfTwoBound, new int[16], 9));
    }

    @Test
    public void anArrayChosenBeforeTheLoop() {
        // The choice is carried as which of the two arrays (the arrays themselves stay parameters).
        check(CarriedValueTest::arrayChosenBefore, JvmOracle.ints(7516, 40), JvmOracle.ints(7517, 40, 0, 9),
                new int[40]);
        check(CarriedValueTest::arrayChosenBefore, JvmOracle.ints(7518, 40), JvmOracle.ints(7519, 40, -3, 9),
                new int[40]);
    }

    private static void refused(java.util.function.Function<TaskSchedule, TaskSchedule> adder) {
        try (TaskSchedule s = adder.apply(new TaskSchedule("carried-refused"))) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("must be computable before the loop"));
        }
    }
}

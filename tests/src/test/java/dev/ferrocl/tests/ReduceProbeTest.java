package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.Task4;
import dev.ferrocl.api.Task5;
import dev.ferrocl.api.Task6;
import dev.ferrocl.api.Task7;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * Adversarial probes of {@code @Reduce}, written from Java's semantics: the JVM running the same method on copies
 * of the same inputs is the oracle (for a parallel stream, whose {@code out[0] +=} races on the JVM, the same body
 * in a sequential stream). Every probe runs strict; Ferrocl must either run the task on the device and give the
 * JVM's result, or bail out cleanly (a {@link CompilationException} before anything ran: every array as it was),
 * never a different value. Where the JVM throws, the schedule must throw the same exception (the JVM's rerun after a
 * failed check) and leave every array as the JVM left it.
 *
 * <p>Comparisons are exact (floating point bit for bit with NaN canonicalised) for integers, min/max, and for every
 * floating-point sum or product whose Java result does not depend on the order of the operations: sums of
 * multiples of 2^-k whose sum of magnitudes (and so every partial sum, in any order) stays below 2^24 · 2^-k
 * (float) or 2^53 · 2^-k (double); products of ±1, ±2, ±0.5 whose every partial product stays within 2^±20;
 * a NaN term (NaN in any order); +inf and -inf terms together (some partial adds them, or a NaN: NaN); one
 * infinity among moderate finite terms; two huge terms of one sign among small terms of that sign (the partial that
 * first holds both overflows, in any order); zeros (a sum of zeros is -0.0 exactly when every term is). Only
 * random floating-point sums and products are compared within a tolerance, derived below, not tuned.
 *
 * <p>Tolerance: for any evaluation order (any binary tree) of N terms x_1..x_N, the computed sum s' satisfies
 * |s' - s| <= gamma(N - 1) · sum |x_i| with gamma(k) = k·u / (1 - k·u) (Higham, Accuracy and Stability of Numerical
 * Algorithms, 2nd ed., §4.2: each term passes through at most N - 1 roundings, Lemma 3.1), and a product
 * p' = p · prod(1 + d_j) over N - 1 roundings in any order, |p' - p| <= gamma(N - 1) · |p| (Lemma 3.1). The
 * device's order is unknown here, so |device - jvm| <= |jvm - exact| + gamma(N) · scale, with the JVM's distance
 * to the exact result measured (double-double reference) and N counting the initial value. Inputs stay clear of
 * overflow and subnormals there.
 *
 * <p>{@link #aliasedOutputsOfDifferentOperations} (one array passed as two {@code @Reduce} outputs of different
 * operations in one loop) found a wrong result on the device when it was written; such calls now run on the JVM.
 */
public class ReduceProbeTest {
    /** The sizes the brief asks for, including one above 2^20. */
    private static final int[] SIZES = {0, 1, 2, 3, 31, 32, 33, 1000, 100_003, (1 << 20) + 3};
    private static final int BIG = (1 << 20) + 3;

    private static final double U_FLOAT = 0x1p-24;
    private static final double U_DOUBLE = 0x1p-53;

    /** What each probe did (device, bailout with its reason, the JVM's exception), printed after the class. */
    private static final List<String> OUTCOMES = new ArrayList<>();

    @AfterClass
    public static void printOutcomes() {
        synchronized (OUTCOMES) {
            System.out.println("ReduceProbeTest outcomes (" + OUTCOMES.size() + "):");
            for (String s : OUTCOMES) {
                System.out.println("  " + s);
            }
        }
    }

    private static void record(String s) {
        synchronized (OUTCOMES) {
            OUTCOMES.add(s);
        }
    }

    // ================================================================ kernels: int and long

    public static void sumInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    public static void subInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] -= a[i];
        }
    }

    public static void sumLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] + a[i];
        }
    }

    public static void prodInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] *= a[i];
        }
    }

    public static void prodLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] * out[0];
        }
    }

    public static void minInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    public static void maxInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(a[i], out[0]);
        }
    }

    public static void minLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(a[i], out[0]);
        }
    }

    public static void maxLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    public static void andInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] &= a[i];
        }
    }

    public static void orInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] |= a[i];
        }
    }

    public static void xorInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] ^= a[i];
        }
    }

    public static void andLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] & a[i];
        }
    }

    public static void orLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] | out[0];
        }
    }

    public static void xorLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] ^= a[i];
        }
    }

    // ================================================================ kernels: float and double

    public static void minFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    public static void maxFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(a[i], out[0]);
        }
    }

    public static void minDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(a[i], out[0]);
        }
    }

    public static void maxDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    public static void sumFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    public static void subFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] -= a[i];
        }
    }

    public static void sumDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] + out[0];
        }
    }

    public static void prodFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] *= a[i];
        }
    }

    public static void prodDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] *= a[i];
        }
    }

    // ================================================================ kernels: comparisons written out

    /** Not Math.max: a NaN element never enters ({@code x < NaN} is false), and the first of equal zeros stays. */
    public static void ternaryMaxFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] < a[i] ? a[i] : out[0];
        }
    }

    public static void ternaryMinFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] < out[0] ? a[i] : out[0];
        }
    }

    public static void ternaryMaxDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] >= a[i] ? out[0] : a[i];
        }
    }

    public static void ternaryMaxInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] < a[i] ? a[i] : out[0];
        }
    }

    public static void ifMinLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] < out[0]) {
                out[0] = a[i];
            }
        }
    }

    // ================================================================ kernels: library calls, helpers

    public static void integerSum(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Integer.sum(out[0], a[i]);
        }
    }

    public static void integerMax(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Integer.max(out[0], a[i]);
        }
    }

    public static void floatMin(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Float.min(out[0], a[i]);
        }
    }

    public static void strictMaxDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = StrictMath.max(out[0], a[i]);
        }
    }

    /** Math.addExact throws on the first overflowing prefix sum of the sequential loop. */
    public static void addExactInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.addExact(out[0], a[i]);
        }
    }

    private static void addTo(int[] o, int v) {
        o[0] += v;
    }

    public static void helperSum(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            addTo(out, a[i]);
        }
    }

    // ================================================================ kernels: shapes

    public static void condSumInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                out[0] += a[i];
            }
        }
    }

    /** NaN > 0 is false: NaN elements are skipped; so is -inf. */
    public static void condSumFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0f) {
                out[0] += a[i];
            }
        }
    }

    public static void condBothBranches(int[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                out[0] += a[i];
            } else {
                out[0] -= 2L * a[i];
            }
        }
    }

    /** Not one operation: + on some iterations, * on others (the order matters). */
    public static void mixedOps(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                out[0] += a[i];
            } else {
                out[0] *= a[i];
            }
        }
    }

    public static void sumCountMax(int[] a, @Reduce long[] sum, @Reduce int[] negatives, @Reduce int[] max) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
            if (a[i] < 0) {
                negatives[0]++;
            }
            max[0] = Math.max(max[0], a[i]);
        }
    }

    public static void minMaxFloat(float[] a, @Reduce float[] mn, @Reduce float[] mx) {
        for (@Parallel int i = 0; i < a.length; i++) {
            mn[0] = Math.min(mn[0], a[i]);
            mx[0] = Math.max(mx[0], a[i]);
        }
    }

    /** Two updates of one output in one iteration. */
    public static void twoUpdates(int[] a, int[] b, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
            out[0] -= b[i];
        }
    }

    public static void intoSecond(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[1] += a[i];
        }
    }

    /** The last writer wins on the JVM: not a reduction. */
    public static void lastWriter(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i];
        }
    }

    /** out[0] doubles every iteration: the old value used twice. */
    public static void selfAdd(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += out[0] + a[i];
        }
    }

    /** The running value read for something else. */
    public static void readsRunningValue(int[] a, int[] b, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            b[i] = a[i] + out[0];
            out[0] += a[i];
        }
    }

    /** An alternating difference: out = a[i] - out is not out op e. */
    public static void reverseSub(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] - out[0];
        }
    }

    public static void resetBefore(int[] a, @Reduce int[] out) {
        out[0] = 0;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    public static void scaleAfter(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
        out[0] *= 3;
    }

    /** Two nests one after the other into one output: (init + sum a) * prod b. */
    public static void twoNests(int[] a, long[] b, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            out[0] *= b[i];
        }
    }

    public static void mapAndReduce(int[] a, int[] b, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            b[i] = a[i] * 3;
            out[0] += b[i];
        }
    }

    /** Two @Reduce parameters with different operations (called with both the same array too). */
    public static void sumThenMax(int[] a, @Reduce int[] s, @Reduce int[] m) {
        for (@Parallel int i = 0; i < a.length; i++) {
            s[0] += a[i];
            m[0] = Math.max(m[0], a[i]);
        }
    }

    /** Two @Reduce parameters with the same operation (called with both the same array too). */
    public static void sumTwice(int[] a, @Reduce long[] s, @Reduce long[] t) {
        for (@Parallel int i = 0; i < a.length; i++) {
            s[0] += a[i];
            t[0] += 2L * a[i];
        }
    }

    /** A sequential inner loop with a break, updating the output in the inner loop. */
    public static void innerLoop(int[] m, int rows, int cols, @Reduce long[] out) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int v = m[r * cols + c];
                if (v == 0) {
                    break;
                }
                out[0] += v;
            }
        }
    }

    // ================================================================ kernels: narrow and widened types

    public static void byteSum(byte[] b, @Reduce int[] out) {
        for (@Parallel int i = 0; i < b.length; i++) {
            out[0] += b[i];
        }
    }

    public static void shortMin(short[] s, @Reduce int[] out) {
        for (@Parallel int i = 0; i < s.length; i++) {
            out[0] = Math.min(out[0], s[i]);
        }
    }

    /** char is unsigned: 0xFFFF is 65535. */
    public static void charMax(char[] c, @Reduce int[] out) {
        for (@Parallel int i = 0; i < c.length; i++) {
            out[0] = Math.max(out[0], c[i]);
        }
    }

    /** c * c is an int product (wraps above 46340), widened after the multiply. */
    public static void charSquaresLong(char[] c, @Reduce long[] out) {
        for (@Parallel int i = 0; i < c.length; i++) {
            out[0] += c[i] * c[i];
        }
    }

    public static void byteProd(byte[] b, @Reduce int[] out) {
        for (@Parallel int i = 0; i < b.length; i++) {
            out[0] *= b[i];
        }
    }

    /** The int product wraps, then widens. */
    public static void dotNarrow(int[] a, int[] b, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i] * b[i];
        }
    }

    /** Widened before the multiply. */
    public static void dotWide(int[] a, int[] b, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += (long) a[i] * b[i];
        }
    }

    /** The int sum wraps, then widens; and the other widened first. */
    public static void pairSums(int[] a, int[] b, @Reduce long[] narrow, @Reduce long[] wide) {
        for (@Parallel int i = 0; i < a.length; i++) {
            narrow[0] += a[i] + b[i];
            wide[0] += (long) a[i] + b[i];
        }
    }

    public static void longsAsInts(long[] l, @Reduce int[] out) {
        for (@Parallel int i = 0; i < l.length; i++) {
            out[0] += (int) l[i];
        }
    }

    public static void longMaxOfInts(int[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], a[i] * 2);
        }
    }

    public static void doubleSumOfFloats(float[] f, @Reduce double[] out) {
        for (@Parallel int i = 0; i < f.length; i++) {
            out[0] += f[i];
        }
    }

    public static void floatSumOfNarrowed(double[] d, @Reduce float[] out) {
        for (@Parallel int i = 0; i < d.length; i++) {
            out[0] += (float) d[i];
        }
    }

    /** float out, double term: out[0] = (float) ((double) out[0] + d[i]), a double add each step. */
    public static void floatOutDoubleTerm(double[] d, @Reduce float[] out) {
        for (@Parallel int i = 0; i < d.length; i++) {
            out[0] += d[i];
        }
    }

    // ================================================================ kernels: ranges and indices

    public static void sumRange(int[] a, int lo, int hi, @Reduce long[] out) {
        for (@Parallel int i = lo; i < hi; i++) {
            out[0] += a[i];
        }
    }

    public static void minRangeDouble(double[] a, int lo, int hi, @Reduce double[] out) {
        for (@Parallel int i = lo; i < hi; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    public static void stepMaxInclusive(int[] a, int lo, int hi, @Reduce int[] out) {
        for (@Parallel int i = lo; i <= hi; i += 3) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    public static void sumIndices(int lo, int hi, @Reduce int[] s, @Reduce long[] sq) {
        for (@Parallel int i = lo; i < hi; i++) {
            s[0] += i;
            sq[0] += (long) i * i;
        }
    }

    /** a[i - off] with int wrap-around: for i near MIN_VALUE and off near MAX_VALUE the index wraps into range. */
    public static void wrapIndex(int[] a, int lo, int hi, int off, @Reduce long[] out) {
        for (@Parallel int i = lo; i < hi; i++) {
            out[0] += a[i - off];
        }
    }

    /** (i * 65536) * 65536 is 0 in int arithmetic: the index is i. */
    public static void wrapMul(int[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[(i * 65536) * 65536 + i];
        }
    }

    public static void condOutOfBounds(int[] a, int[] b, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                out[0] += b[i];
            }
        }
    }

    public static void sumMaxOutOfBounds(int[] a, int[] b, @Reduce long[] s, @Reduce int[] m) {
        for (@Parallel int i = 0; i < a.length; i++) {
            s[0] += a[i];
            m[0] = Math.max(m[0], b[i]);
        }
    }

    public static void maxFloatRange(float[] a, int lo, int hi, @Reduce float[] out) {
        for (@Parallel int i = lo; i < hi; i++) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    // ================================================================ kernels: 2-D

    public static void nest2d(int[] m, float[] f, int rows, int cols, @Reduce long[] s, @Reduce float[] mx,
            @Reduce int[] multiplesOf3) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                s[0] += (long) m[r * cols + c] * (r + 1);
                mx[0] = Math.max(mx[0], f[r * cols + c]);
                if (m[r * cols + c] % 3 == 0) {
                    multiplesOf3[0] += 1;
                }
            }
        }
    }

    public static void sub2d(int[] m, int r0, int r1, int c0, int c1, int cols, @Reduce int[] out) {
        for (@Parallel int r = r0; r < r1; r++) {
            for (@Parallel int c = c0; c < c1; c++) {
                out[0] += m[r * cols + c] ^ r;
            }
        }
    }

    // ================================================================ kernels: streams

    public static void streamSum(int[] a, int lo, int hi, @Reduce long[] out) {
        IntStream.range(lo, hi).parallel().forEach(i -> out[0] += a[i]);
    }

    /** The JVM's meaning of {@link #streamSum} without the data race of a parallel stream on the JVM. */
    public static void streamSumSequential(int[] a, int lo, int hi, long[] out) {
        IntStream.range(lo, hi).forEach(i -> out[0] += a[i]);
    }

    public static void streamMinFloat(float[] a, @Reduce float[] out) {
        IntStream.range(0, a.length).parallel().forEach(i -> out[0] = Math.min(out[0], a[i]));
    }

    public static void streamMinFloatSequential(float[] a, float[] out) {
        IntStream.range(0, a.length).forEach(i -> out[0] = Math.min(out[0], a[i]));
    }

    // ================================================================ probes: integers

    @Test
    public void intAndLongSumsWrapAsJavaDoes() {
        for (int n : SIZES) {
            probe("sumInt random n=" + n, ReduceProbeTest::sumInt, ints(n, n), new int[] {123_456_789}).device();
            int[] max = new int[n];
            Arrays.fill(max, Integer.MAX_VALUE);
            probe("sumInt MAX n=" + n, ReduceProbeTest::sumInt, max, new int[] {Integer.MAX_VALUE}).device();
            int[] min = new int[n];
            Arrays.fill(min, Integer.MIN_VALUE);
            probe("subInt MIN n=" + n, ReduceProbeTest::subInt, min, new int[] {-1}).device();
            probe("sumLong random n=" + n, ReduceProbeTest::sumLong, longs(n + 1, n), new long[] {Long.MIN_VALUE})
                    .device();
            long[] lmax = new long[n];
            Arrays.fill(lmax, Long.MAX_VALUE);
            probe("sumLong MAX n=" + n, ReduceProbeTest::sumLong, lmax, new long[] {Long.MAX_VALUE - 7}).device();
        }
    }

    @Test
    public void intAndLongProducts() {
        for (int n : SIZES) {
            int[] odd = ints(n + 2, n);
            for (int i = 0; i < n; i++) {
                odd[i] |= 1;
            }
            JvmOracle.withSpecials(odd, -1, Integer.MIN_VALUE + 1, Integer.MAX_VALUE);
            probe("prodInt odd n=" + n, ReduceProbeTest::prodInt, odd, new int[] {-3}).device();
            int[] withMin = ints(n + 3, n);
            for (int i = 0; i < n; i++) {
                withMin[i] |= 1;
            }
            if (n > 0) {
                withMin[n / 2] = Integer.MIN_VALUE; // MIN * odd = MIN (mod 2^32)
            }
            probe("prodInt with MIN n=" + n, ReduceProbeTest::prodInt, withMin, new int[] {1}).device();
            long[] lodd = longs(n + 4, n);
            for (int i = 0; i < n; i++) {
                lodd[i] |= 1;
            }
            probe("prodLong odd n=" + n, ReduceProbeTest::prodLong, lodd, new long[] {-5}).device();
            long[] small = new long[n];
            for (int i = 0; i < n; i++) {
                small[i] = (i % 5) - 2 == 0 ? 3 : (i % 5) - 2; // -2, -1, 3, 1, 2: even factors reach 0 mod 2^64
            }
            probe("prodLong small n=" + n, ReduceProbeTest::prodLong, small, new long[] {7}).device();
        }
    }

    @Test
    public void intAndLongMinMaxWithExtremes() {
        for (int n : SIZES) {
            for (int at : positions(n)) {
                int[] a = ints(n + at, n, -1000, 1000);
                a[at] = Integer.MIN_VALUE;
                probe("minInt MIN at " + at + " n=" + n, ReduceProbeTest::minInt, a, new int[] {Integer.MAX_VALUE})
                        .device();
                int[] b = ints(n + at + 1, n, -1000, 1000);
                b[at] = Integer.MAX_VALUE;
                probe("maxInt MAX at " + at + " n=" + n, ReduceProbeTest::maxInt, b, new int[] {Integer.MIN_VALUE})
                        .device();
                long[] c = longs(n + at, n);
                c[at] = Long.MIN_VALUE;
                probe("minLong MIN at " + at + " n=" + n, ReduceProbeTest::minLong, c, new long[] {Long.MAX_VALUE})
                        .device();
                long[] d = longs(n + at + 1, n);
                d[at] = Long.MAX_VALUE;
                probe("maxLong MAX at " + at + " n=" + n, ReduceProbeTest::maxLong, d, new long[] {Long.MIN_VALUE})
                        .device();
            }
            // All elements at the identity, and the initial value winning.
            int[] allMax = new int[n];
            Arrays.fill(allMax, Integer.MAX_VALUE);
            probe("minInt all MAX n=" + n, ReduceProbeTest::minInt, allMax, new int[] {Integer.MAX_VALUE}).device();
            int[] allMin = new int[n];
            Arrays.fill(allMin, Integer.MIN_VALUE);
            probe("maxInt all MIN n=" + n, ReduceProbeTest::maxInt, allMin, new int[] {Integer.MIN_VALUE}).device();
            probe("minInt initial wins n=" + n, ReduceProbeTest::minInt, ints(n, n, 0, 1000), new int[] {-1})
                    .device();
            long[] allLmin = new long[n];
            Arrays.fill(allLmin, Long.MIN_VALUE);
            probe("maxLong all MIN n=" + n, ReduceProbeTest::maxLong, allLmin, new long[] {Long.MIN_VALUE}).device();
            probe("maxLong initial wins n=" + n, ReduceProbeTest::maxLong, longs(n, n), new long[] {Long.MAX_VALUE})
                    .device();
        }
    }

    @Test
    public void bitwiseReductions() {
        for (int n : new int[] {0, 1, 3, 33, 1000, 100_003}) {
            int[] a = ints(n + 5, n);
            int[] dense = a.clone();
            int[] sparse = a.clone();
            for (int i = 0; i < n; i++) {
                dense[i] |= ~(1 << (i % 31)); // every bit but one set: the AND clears bits one at a time
                sparse[i] &= 1 << (i % 29);
            }
            probe("andInt n=" + n, ReduceProbeTest::andInt, dense, new int[] {-1}).deviceOrBailout();
            probe("orInt n=" + n, ReduceProbeTest::orInt, sparse, new int[] {0x4000_0000}).deviceOrBailout();
            probe("xorInt n=" + n, ReduceProbeTest::xorInt, a, new int[] {0x5555_5555}).deviceOrBailout();
            long[] l = longs(n + 6, n);
            long[] ldense = l.clone();
            for (int i = 0; i < n; i++) {
                ldense[i] |= ~(1L << (i % 61));
            }
            probe("andLong n=" + n, ReduceProbeTest::andLong, ldense, new long[] {-1L}).deviceOrBailout();
            probe("orLong n=" + n, ReduceProbeTest::orLong, l, new long[] {0L}).deviceOrBailout();
            probe("xorLong n=" + n, ReduceProbeTest::xorLong, l.clone(), new long[] {Long.MIN_VALUE})
                    .deviceOrBailout();
        }
    }

    // ================================================================ probes: float and double min/max

    @Test
    public void floatMinMaxWithNaNAnywhere() {
        for (int n : new int[] {1, 2, 3, 31, 32, 33, 1000, 100_003, BIG}) {
            for (int at : positions(n)) {
                float[] f = floats(n * 31L + at, n, -1f, 1f);
                f[at] = Float.NaN;
                probe("minFloat NaN at " + at + " n=" + n, ReduceProbeTest::minFloat, f, new float[] {0.5f}).device();
                probe("maxFloat NaN at " + at + " n=" + n, ReduceProbeTest::maxFloat, f.clone(), new float[] {-0.5f})
                        .device();
                double[] d = doubles(n * 37L + at, n, -1, 1);
                d[at] = Double.NaN;
                probe("minDouble NaN at " + at + " n=" + n, ReduceProbeTest::minDouble, d, new double[] {0.5})
                        .device();
                probe("maxDouble NaN at " + at + " n=" + n, ReduceProbeTest::maxDouble, d.clone(),
                        new double[] {-0.5}).device();
            }
            // A NaN initial value stays NaN.
            probe("minFloat NaN initial n=" + n, ReduceProbeTest::minFloat, floats(n, n, -1f, 1f),
                    new float[] {Float.NaN}).device();
            probe("maxDouble NaN initial n=" + n, ReduceProbeTest::maxDouble, doubles(n, n, -1, 1),
                    new double[] {Double.NaN}).device();
            // Every element NaN.
            float[] allNaN = new float[n];
            Arrays.fill(allNaN, Float.NaN);
            probe("maxFloat all NaN n=" + n, ReduceProbeTest::maxFloat, allNaN, new float[] {1f}).device();
        }
    }

    @Test
    public void floatMinMaxSignedZeros() {
        for (int n : new int[] {1, 2, 3, 31, 32, 33, 1000, 100_003}) {
            for (int at : positions(n)) {
                float[] pz = new float[n]; // +0.0 everywhere, -0.0 at one place
                pz[at] = -0.0f;
                probe("minFloat -0 among +0 at " + at + " n=" + n, ReduceProbeTest::minFloat, pz,
                        new float[] {0.0f}).device();
                probe("maxFloat -0 among +0 at " + at + " n=" + n, ReduceProbeTest::maxFloat, pz.clone(),
                        new float[] {-0.0f}).device();
                float[] nz = new float[n]; // -0.0 everywhere, +0.0 at one place
                Arrays.fill(nz, -0.0f);
                nz[at] = 0.0f;
                probe("maxFloat +0 among -0 at " + at + " n=" + n, ReduceProbeTest::maxFloat, nz,
                        new float[] {Float.NEGATIVE_INFINITY}).device();
                probe("minFloat +0 among -0 at " + at + " n=" + n, ReduceProbeTest::minFloat, nz.clone(),
                        new float[] {0.0f}).device();
                double[] dz = new double[n];
                Arrays.fill(dz, -0.0);
                dz[at] = 0.0;
                probe("maxDouble +0 among -0 at " + at + " n=" + n, ReduceProbeTest::maxDouble, dz,
                        new double[] {-0.0}).device();
                probe("minDouble +0 among -0 at " + at + " n=" + n, ReduceProbeTest::minDouble, dz.clone(),
                        new double[] {Double.POSITIVE_INFINITY}).device();
            }
            // The initial value's zero against the elements' zeros.
            float[] allPos = new float[n];
            probe("minFloat init -0, all +0 n=" + n, ReduceProbeTest::minFloat, allPos, new float[] {-0.0f}).device();
            float[] allNeg = new float[n];
            Arrays.fill(allNeg, -0.0f);
            probe("maxFloat init +0, all -0 n=" + n, ReduceProbeTest::maxFloat, allNeg, new float[] {0.0f}).device();
            double[] dNeg = new double[n];
            Arrays.fill(dNeg, -0.0);
            probe("maxDouble init +0, all -0 n=" + n, ReduceProbeTest::maxDouble, dNeg, new double[] {0.0}).device();
            probe("minDouble init -0, all +0 n=" + n, ReduceProbeTest::minDouble, new double[n], new double[] {-0.0})
                    .device();
        }
    }

    @Test
    public void floatMinMaxInfinities() {
        for (int n : new int[] {1, 2, 3, 32, 33, 1000, 100_003}) {
            float[] posInf = new float[n];
            Arrays.fill(posInf, Float.POSITIVE_INFINITY);
            probe("minFloat all +inf n=" + n, ReduceProbeTest::minFloat, posInf, new float[] {Float.POSITIVE_INFINITY})
                    .device();
            probe("maxFloat all +inf n=" + n, ReduceProbeTest::maxFloat, posInf.clone(), new float[] {0f}).device();
            double[] negInf = new double[n];
            Arrays.fill(negInf, Double.NEGATIVE_INFINITY);
            probe("maxDouble all -inf n=" + n, ReduceProbeTest::maxDouble, negInf,
                    new double[] {Double.NEGATIVE_INFINITY}).device();
            probe("minDouble all -inf n=" + n, ReduceProbeTest::minDouble, negInf.clone(), new double[] {0}).device();
            for (int at : positions(n)) {
                float[] f = floats(n + at, n, -1e30f, 1e30f);
                f[at] = Float.NEGATIVE_INFINITY;
                probe("minFloat -inf at " + at + " n=" + n, ReduceProbeTest::minFloat, f, new float[] {0f}).device();
                double[] d = doubles(n + at, n, -1e300, 1e300);
                d[at] = Double.POSITIVE_INFINITY;
                probe("maxDouble +inf at " + at + " n=" + n, ReduceProbeTest::maxDouble, d, new double[] {0}).device();
                // NaN beats an infinity.
                double[] both = d.clone();
                both[(at + n / 2) % n] = Double.NaN;
                probe("maxDouble +inf and NaN n=" + n, ReduceProbeTest::maxDouble, both, new double[] {0}).device();
            }
        }
    }

    /** An empty range leaves the output exactly as it was, bit for bit (Java never touches it). */
    @Test
    public void emptyRangesLeaveTheOutputBitForBit() {
        float quietPayload = Float.intBitsToFloat(0x7fc0_1234);
        float signalling = Float.intBitsToFloat(0x7f80_0001);
        double dPayload = Double.longBitsToDouble(0x7ff8_0000_0000_1234L);
        for (float init : new float[] {quietPayload, signalling, -0.0f, 0.0f, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.MIN_VALUE}) {
            probe("minFloat empty init " + bits(init), ReduceProbeTest::minFloat, new float[0], new float[] {init})
                    .rawBits().device();
            probe("maxFloat empty init " + bits(init), ReduceProbeTest::maxFloat, new float[0], new float[] {init})
                    .rawBits().device();
            probe("sumFloat empty init " + bits(init), ReduceProbeTest::sumFloat, new float[0], new float[] {init})
                    .rawBits().device();
            probe("prodFloat empty init " + bits(init), ReduceProbeTest::prodFloat, new float[0], new float[] {init})
                    .rawBits().device();
            probe("maxFloatRange lo==hi init " + bits(init), ReduceProbeTest::maxFloatRange, floats(1, 10, -1f, 1f),
                    5, 5, new float[] {init}).rawBits().device();
            probe("maxFloatRange lo>hi init " + bits(init), ReduceProbeTest::maxFloatRange, floats(2, 10, -1f, 1f),
                    7, 2, new float[] {init}).rawBits().device();
        }
        for (double init : new double[] {dPayload, -0.0, Double.NEGATIVE_INFINITY}) {
            probe("minDouble empty init " + init, ReduceProbeTest::minDouble, new double[0], new double[] {init})
                    .rawBits().device();
            probe("sumDouble empty init " + init, ReduceProbeTest::sumDouble, new double[0], new double[] {init})
                    .rawBits().device();
            probe("minRangeDouble lo==hi init " + init, ReduceProbeTest::minRangeDouble, doubles(3, 10, -1, 1), 10, 10,
                    new double[] {init}).rawBits().device();
        }
        probe("minInt empty MIN", ReduceProbeTest::minInt, new int[0], new int[] {Integer.MIN_VALUE}).device();
        probe("maxInt empty MAX", ReduceProbeTest::maxInt, new int[0], new int[] {Integer.MAX_VALUE}).device();
        probe("prodLong empty 0", ReduceProbeTest::prodLong, new long[0], new long[] {0L}).device();
        probe("sumRange lo>hi", ReduceProbeTest::sumRange, ints(4, 10), 8, 3, new long[] {-9L}).device();
        // The JVM never reads out[0] when the loop does not run: an empty output array is fine then.
        probe("sumInt empty loop, empty output", ReduceProbeTest::sumInt, new int[0], new int[0]).anyClean();
    }

    // ================================================================ probes: float and double sums, products

    @Test
    public void floatSumsWithNaNInfinitiesAndOverflow() {
        for (int n : new int[] {1, 2, 3, 31, 32, 33, 1000, 100_003, BIG}) {
            for (int at : positions(n)) {
                float[] f = floats(n + at, n, -1f, 1f);
                f[at] = Float.NaN;
                probe("sumFloat NaN at " + at + " n=" + n, ReduceProbeTest::sumFloat, f, new float[] {1f}).device();
                double[] d = doubles(n + at, n, -1, 1);
                d[at] = Double.NaN;
                probe("sumDouble NaN at " + at + " n=" + n, ReduceProbeTest::sumDouble, d, new double[] {1}).device();
                float[] inf = floats(n + at + 1, n, -1f, 1f);
                inf[at] = Float.POSITIVE_INFINITY;
                probe("sumFloat +inf at " + at + " n=" + n, ReduceProbeTest::sumFloat, inf, new float[] {-3f})
                        .device();
                probe("subFloat +inf at " + at + " n=" + n, ReduceProbeTest::subFloat, inf.clone(), new float[] {-3f})
                        .device();
                if (n >= 2) {
                    float[] infs = floats(n + at + 2, n, -1f, 1f);
                    infs[at] = Float.POSITIVE_INFINITY;
                    infs[(at + 1 + n / 3) % n] = Float.NEGATIVE_INFINITY;
                    probe("sumFloat +inf and -inf n=" + n, ReduceProbeTest::sumFloat, infs, new float[] {0f})
                            .device();
                    double[] dinfs = doubles(n + at + 2, n, -1, 1);
                    dinfs[(at + 1 + n / 3) % n] = Double.POSITIVE_INFINITY;
                    dinfs[at] = Double.NEGATIVE_INFINITY;
                    probe("sumDouble +inf and -inf n=" + n, ReduceProbeTest::sumDouble, dinfs, new double[] {0})
                            .device();
                    // Two huge terms of one sign among small ones of that sign: the partial that first holds
                    // both overflows, whatever the order; Java's sequential sum overflows too.
                    float[] huge = floats(n + at + 3, n, 0f, 1f);
                    int second = (at + 1 + n / 2) % n == at ? (at + 1) % n : (at + 1 + n / 2) % n;
                    huge[at] = 3e38f;
                    huge[second] = 3e38f;
                    probe("sumFloat overflow to +inf n=" + n, ReduceProbeTest::sumFloat, huge, new float[] {0f})
                            .device();
                    float[] neg = huge.clone();
                    for (int i = 0; i < n; i++) {
                        neg[i] = -neg[i];
                    }
                    probe("sumFloat overflow to -inf n=" + n, ReduceProbeTest::sumFloat, neg, new float[] {-0f})
                            .device();
                    double[] dhuge = doubles(n + at + 3, n, 0, 1);
                    dhuge[at] = 1.7e308;
                    dhuge[second] = 1.7e308;
                    probe("sumDouble overflow to +inf n=" + n, ReduceProbeTest::sumDouble, dhuge, new double[] {0})
                            .device();
                }
            }
        }
        // A finite initial value plus huge elements; an infinite initial value.
        probe("sumFloat MAX init + MAX", ReduceProbeTest::sumFloat, new float[] {Float.MAX_VALUE},
                new float[] {Float.MAX_VALUE}).device();
        probe("sumFloat -inf init, +inf element", ReduceProbeTest::sumFloat, new float[] {1f, Float.POSITIVE_INFINITY},
                new float[] {Float.NEGATIVE_INFINITY}).device();
        probe("sumDouble +inf init", ReduceProbeTest::sumDouble, doubles(5, 1000, -1e300, 1e300),
                new double[] {Double.POSITIVE_INFINITY}).device();
    }

    @Test
    public void floatSumsOfZerosAndExactSums() {
        for (int n : SIZES) {
            float[] negZeros = new float[n];
            Arrays.fill(negZeros, -0.0f);
            probe("sumFloat all -0, init -0 n=" + n, ReduceProbeTest::sumFloat, negZeros, new float[] {-0.0f})
                    .device();
            probe("sumFloat all -0, init +0 n=" + n, ReduceProbeTest::sumFloat, negZeros.clone(),
                    new float[] {0.0f}).device();
            probe("subFloat all +0, init -0 n=" + n, ReduceProbeTest::subFloat, new float[n], new float[] {-0.0f})
                    .device();
            if (n > 0) {
                float[] oneZero = negZeros.clone();
                oneZero[n - 1] = 0.0f;
                probe("sumFloat -0s and one +0, init -0 n=" + n, ReduceProbeTest::sumFloat, oneZero,
                        new float[] {-0.0f}).device();
            }
            double[] dNeg = new double[n];
            Arrays.fill(dNeg, -0.0);
            probe("sumDouble all -0, init -0 n=" + n, ReduceProbeTest::sumDouble, dNeg, new double[] {-0.0}).device();
            // Integers in [-8, 8]: sum |x| <= 8 * (2^20 + 3) < 2^24, so every partial sum is exact in any order.
            float[] ints = new float[n];
            double[] dints = new double[n];
            SplittableRandom r = new SplittableRandom(n);
            for (int i = 0; i < n; i++) {
                ints[i] = r.nextInt(-8, 9);
                dints[i] = r.nextInt(-1 << 20, 1 << 20) * 0.125; // sum |x| < 2^37: exact in double
            }
            probe("sumFloat exact integers n=" + n, ReduceProbeTest::sumFloat, ints, new float[] {-5f}).device();
            probe("subFloat exact integers n=" + n, ReduceProbeTest::subFloat, ints.clone(), new float[] {7f})
                    .device();
            probe("sumDouble exact eighths n=" + n, ReduceProbeTest::sumDouble, dints, new double[] {0.375}).device();
            // Cancellation to exactly zero: x + (-x) is +0.0 in round-to-nearest, so the sum is +0.0.
            float[] cancel = new float[n - n % 2];
            for (int i = 0; i + 1 < cancel.length; i += 2) {
                cancel[i] = r.nextInt(1, 9); // sum |x| <= 8 * (2^20 + 3) < 2^24: exact in any order
                cancel[i + 1] = -cancel[i];
            }
            probe("sumFloat cancelling to +0 n=" + cancel.length, ReduceProbeTest::sumFloat, cancel,
                    new float[] {-0.0f}).device();
        }
    }

    @Test
    public void randomFloatSumsWithinTheRoundingBound() {
        for (int n : new int[] {1000, 100_003, BIG}) {
            for (float[] range : new float[][] {{-1f, 1f}, {1f, 2f}}) {
                float[] f = floats(n + (long) range[0], n, range[0], range[1]);
                float init = 0.375f;
                probe("sumFloat random [" + range[0] + "," + range[1] + ") n=" + n, ReduceProbeTest::sumFloat, f,
                        new float[] {init}).within(1, sumBound(init, toDoubles(f), 1, U_FLOAT));
                probe("subFloat random [" + range[0] + "," + range[1] + ") n=" + n, ReduceProbeTest::subFloat,
                        f.clone(), new float[] {init}).within(1, sumBound(init, toDoubles(f), -1, U_FLOAT));
                double[] d = doubles(n + (long) range[0], n, range[0], range[1]);
                probe("sumDouble random [" + range[0] + "," + range[1] + ") n=" + n, ReduceProbeTest::sumDouble, d,
                        new double[] {init}).within(1, sumBound(init, d, 1, U_DOUBLE));
                // double out, float terms: each float widened exactly, then double additions.
                probe("doubleSumOfFloats random n=" + n, ReduceProbeTest::doubleSumOfFloats, f.clone(),
                        new double[] {init}).within(1, sumBound(init, toDoubles(f), 1, U_DOUBLE));
            }
            // Products near one: no overflow or underflow (|log2| of any partial product < 2^-9 * n < 2^12).
            float[] near = new float[n];
            double[] dnear = new double[n];
            SplittableRandom r = new SplittableRandom(n);
            for (int i = 0; i < n; i++) {
                near[i] = (float) (1 + (r.nextDouble() - 0.5) * 1e-3);
                dnear[i] = 1 + (r.nextDouble() - 0.5) * 1e-3;
            }
            probe("prodFloat near 1 n=" + n, ReduceProbeTest::prodFloat, near, new float[] {-1.25f})
                    .within(1, prodBound(-1.25, toDoubles(near), U_FLOAT));
            probe("prodDouble near 1 n=" + n, ReduceProbeTest::prodDouble, dnear, new double[] {3})
                    .within(1, prodBound(3, dnear, U_DOUBLE));
        }
    }

    @Test
    public void floatProductsWithZerosInfinitiesAndExactFactors() {
        for (int n : SIZES) {
            float[] f = exactFactors(n);
            probe("prodFloat exact factors n=" + n, ReduceProbeTest::prodFloat, f, new float[] {-1.5f}).device();
            double[] d = toDoubles(exactFactors(n + 1));
            probe("prodDouble exact factors n=" + n, ReduceProbeTest::prodDouble, d, new double[] {0.75}).device();
            if (n == 0) {
                continue;
            }
            for (int at : new int[] {0, n / 2, n - 1}) {
                float[] z = f.clone();
                z[at] = -0.0f; // the sign of a zero product is the parity of the negative factors, in any order
                probe("prodFloat -0 at " + at + " n=" + n, ReduceProbeTest::prodFloat, z, new float[] {-1.5f})
                        .device();
                float[] inf = f.clone();
                inf[at] = Float.NEGATIVE_INFINITY;
                probe("prodFloat -inf at " + at + " n=" + n, ReduceProbeTest::prodFloat, inf, new float[] {2f})
                        .device();
                if (n >= 2) {
                    float[] zeroInf = inf.clone();
                    zeroInf[(at + 1) % n] = 0.0f; // 0 * inf = NaN, in any order
                    probe("prodFloat 0 and inf n=" + n, ReduceProbeTest::prodFloat, zeroInf, new float[] {2f})
                            .device();
                }
                double[] nan = d.clone();
                nan[at] = Double.NaN;
                probe("prodDouble NaN at " + at + " n=" + n, ReduceProbeTest::prodDouble, nan, new double[] {0.0})
                        .device();
            }
        }
    }

    // ================================================================ probes: comparisons written out

    /**
     * {@code out < a ? a : out} is not Math.max: a NaN element never wins, and between equal zeros the one already
     * held stays, so its result depends on the order of the elements for zeros. Either the device gives the
     * JVM's result or the shape bails out.
     */
    @Test
    public void ternaryMinMaxAreNotMathMinMax() {
        for (int n : new int[] {1, 2, 3, 31, 33, 1000, 100_003}) {
            for (int at : positions(n)) {
                float[] f = floats(n + at, n, -1f, 1f);
                f[at] = Float.NaN;
                probe("ternaryMaxFloat NaN at " + at + " n=" + n, ReduceProbeTest::ternaryMaxFloat, f,
                        new float[] {-2f}).deviceOrBailout();
                probe("ternaryMinFloat NaN at " + at + " n=" + n, ReduceProbeTest::ternaryMinFloat, f.clone(),
                        new float[] {2f}).deviceOrBailout();
                double[] d = doubles(n + at, n, -1, 1);
                d[at] = Double.NaN;
                probe("ternaryMaxDouble NaN at " + at + " n=" + n, ReduceProbeTest::ternaryMaxDouble, d,
                        new double[] {-2}).deviceOrBailout();
                float[] z = new float[n];
                z[at] = -0.0f;
                probe("ternaryMaxFloat zeros, -0 at " + at + " n=" + n, ReduceProbeTest::ternaryMaxFloat, z,
                        new float[] {Float.NEGATIVE_INFINITY}).deviceOrBailout();
                float[] nz = new float[n];
                Arrays.fill(nz, -0.0f);
                nz[at] = 0.0f;
                probe("ternaryMinFloat zeros, +0 at " + at + " n=" + n, ReduceProbeTest::ternaryMinFloat, nz,
                        new float[] {Float.POSITIVE_INFINITY}).deviceOrBailout();
            }
            probe("ternaryMaxFloat init -0, all +0 n=" + n, ReduceProbeTest::ternaryMaxFloat, new float[n],
                    new float[] {-0.0f}).deviceOrBailout();
            probe("ternaryMaxFloat init NaN n=" + n, ReduceProbeTest::ternaryMaxFloat, floats(n, n, -1f, 1f),
                    new float[] {Float.NaN}).deviceOrBailout();
            int[] a = ints(n, n);
            a[n - 1] = Integer.MAX_VALUE;
            probe("ternaryMaxInt n=" + n, ReduceProbeTest::ternaryMaxInt, a, new int[] {Integer.MIN_VALUE})
                    .deviceOrBailout();
            long[] l = longs(n, n);
            l[0] = Long.MIN_VALUE;
            probe("ifMinLong n=" + n, ReduceProbeTest::ifMinLong, l, new long[] {Long.MAX_VALUE}).deviceOrBailout();
        }
    }

    @Test
    public void libraryCallsAndHelpers() {
        for (int n : new int[] {0, 1, 33, 100_003}) {
            int[] a = ints(n + 7, n);
            probe("Integer.sum n=" + n, ReduceProbeTest::integerSum, a, new int[] {-7}).deviceOrBailout();
            probe("Integer.max n=" + n, ReduceProbeTest::integerMax, a.clone(), new int[] {Integer.MIN_VALUE})
                    .deviceOrBailout();
            probe("helper o[0] += v n=" + n, ReduceProbeTest::helperSum, a.clone(), new int[] {3}).deviceOrBailout();
            float[] f = floats(n, n, -1f, 1f);
            if (n > 0) {
                f[n / 2] = Float.NaN;
            }
            probe("Float.min with NaN n=" + n, ReduceProbeTest::floatMin, f, new float[] {0f}).deviceOrBailout();
            double[] z = new double[n];
            Arrays.fill(z, -0.0);
            probe("StrictMath.max zeros n=" + n, ReduceProbeTest::strictMaxDouble, z, new double[] {-0.0})
                    .deviceOrBailout();
            // addExact: no overflow in Java's prefix sums.
            int[] small = ints(n + 8, n, -1000, 1000);
            probe("addExact no overflow n=" + n, ReduceProbeTest::addExactInt, small, new int[] {5})
                    .deviceOrBailout();
        }
        // addExact where Java's sequential prefix sum overflows, but sums of other groupings need not: the JVM's
        // ArithmeticException must be what the user sees.
        int[] over = new int[1000];
        over[0] = Integer.MAX_VALUE;
        over[1] = 1;
        over[2] = -1;
        probe("addExact overflow at i=1", ReduceProbeTest::addExactInt, over, new int[] {0}).throwsOrBailout();
        int[] late = ints(11, 100_003, 0, 50_000); // prefix sums pass MAX_VALUE (~2.5e9 in all) near the end
        probe("addExact overflow late", ReduceProbeTest::addExactInt, late, new int[] {0}).throwsOrBailout();
    }

    // ================================================================ probes: shapes

    @Test
    public void conditionalUpdates() {
        for (int n : SIZES) {
            int[] a = ints(n + 9, n);
            probe("condSumInt n=" + n, ReduceProbeTest::condSumInt, a, new int[] {-100}).device();
            probe("condBothBranches n=" + n, ReduceProbeTest::condBothBranches, a.clone(), new long[] {1L << 40})
                    .device();
            probe("mixedOps n=" + n, ReduceProbeTest::mixedOps, ints(n + 10, n, -3, 4), new int[] {1})
                    .deviceOrBailout();
            // Integers in [-8, 8] plus NaN, -inf and +inf: NaN and -inf are skipped (not > 0), +inf kept.
            float[] f = new float[n];
            SplittableRandom r = new SplittableRandom(n);
            for (int i = 0; i < n; i++) {
                f[i] = r.nextInt(-8, 9);
            }
            probe("condSumFloat exact n=" + n, ReduceProbeTest::condSumFloat, f, new float[] {0.5f}).device();
            if (n > 0) {
                float[] nan = f.clone();
                nan[n / 2] = Float.NaN;
                nan[n - 1] = Float.NEGATIVE_INFINITY;
                probe("condSumFloat NaN and -inf skipped n=" + n, ReduceProbeTest::condSumFloat, nan,
                        new float[] {0.5f}).device();
                float[] inf = nan.clone();
                inf[0] = Float.POSITIVE_INFINITY;
                probe("condSumFloat +inf kept n=" + n, ReduceProbeTest::condSumFloat, inf, new float[] {0.5f})
                        .device();
            }
        }
    }

    @Test
    public void twoAndThreeReductionsInOneLoop() {
        for (int n : SIZES) {
            int[] a = ints(n + 11, n);
            JvmOracle.withSpecials(a, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE);
            probe("sumCountMax n=" + n, ReduceProbeTest::sumCountMax, a, new long[] {Long.MAX_VALUE}, new int[] {7},
                    new int[] {Integer.MIN_VALUE}).device();
            float[] f = floats(n + 12, n, -100f, 100f);
            probe("minMaxFloat n=" + n, ReduceProbeTest::minMaxFloat, f, new float[] {Float.POSITIVE_INFINITY},
                    new float[] {Float.NEGATIVE_INFINITY}).device();
            if (n > 0) {
                float[] nanZeros = new float[n];
                nanZeros[n - 1] = -0.0f;
                probe("minMaxFloat zeros n=" + n, ReduceProbeTest::minMaxFloat, nanZeros, new float[] {0.0f},
                        new float[] {-0.0f}).device();
                nanZeros[0] = Float.NaN;
                probe("minMaxFloat NaN n=" + n, ReduceProbeTest::minMaxFloat, nanZeros.clone(), new float[] {0f},
                        new float[] {0f}).device();
            }
            probe("twoUpdates n=" + n, ReduceProbeTest::twoUpdates, ints(n + 13, n), ints(n + 14, n),
                    new long[] {-1L}).device();
            probe("sumThenMax n=" + n, ReduceProbeTest::sumThenMax, ints(n + 15, n), new int[] {3},
                    new int[] {Integer.MIN_VALUE}).device();
        }
    }

    /** Shapes that are not reductions of out[0] (or not only): the JVM's result or a clean bailout. */
    @Test
    public void otherElementsAndNonReductions() {
        for (int n : new int[] {0, 1, 2, 33, 1000, 100_003}) {
            int[] a = ints(n + 17, n, -1000, 1000);
            probe("intoSecond out[1] n=" + n, ReduceProbeTest::intoSecond, a, new int[] {5, 6, 7}).deviceOrBailout();
            probe("lastWriter n=" + n, ReduceProbeTest::lastWriter, a.clone(), new int[] {5}).deviceOrBailout();
            probe("selfAdd n=" + n, ReduceProbeTest::selfAdd, a.clone(), new int[] {1}).deviceOrBailout();
            probe("readsRunningValue n=" + n, ReduceProbeTest::readsRunningValue, a.clone(), new int[n],
                    new int[] {2}).deviceOrBailout();
            probe("reverseSub n=" + n, ReduceProbeTest::reverseSub, a.clone(), new int[] {2}).deviceOrBailout();
            probe("resetBefore n=" + n, ReduceProbeTest::resetBefore, a.clone(), new int[] {99}).deviceOrBailout();
            probe("scaleAfter n=" + n, ReduceProbeTest::scaleAfter, a.clone(), new int[] {99}).deviceOrBailout();
            long[] b = new long[n];
            for (int i = 0; i < n; i++) {
                b[i] = i % 3 == 0 ? -1 : 1;
            }
            probe("twoNests sum then product n=" + n, ReduceProbeTest::twoNests, a.clone(), b, new long[] {10})
                    .deviceOrBailout();
            probe("mapAndReduce n=" + n, ReduceProbeTest::mapAndReduce, a.clone(), new int[n], new long[] {10})
                    .deviceOrBailout();
        }
        // Longer output arrays keep their other elements.
        probe("sumInt out of length 4", ReduceProbeTest::sumInt, ints(1, 1000), new int[] {1, 2, 3, 4}).device();
    }

    @Test
    public void nonZeroInitialValuesAndInnerLoops() {
        for (int[] rc : new int[][] {{1, 1}, {3, 31}, {33, 32}, {1000, 7}, {7, 1000}}) {
            int rows = rc[0];
            int cols = rc[1];
            int[] m = ints(rows * 7L + cols, rows * cols, -5, 50);
            probe("innerLoop " + rows + "x" + cols, ReduceProbeTest::innerLoop, m, rows, cols, new long[] {-(1L << 50)})
                    .device();
        }
        for (long init : new long[] {Long.MIN_VALUE, -1L, Long.MAX_VALUE}) {
            probe("sumLong init " + init, ReduceProbeTest::sumLong, longs(init, 100_003), new long[] {init}).device();
        }
    }

    // ================================================================ probes: ranges, indices, exceptions

    @Test
    public void subRangesAndSteps() {
        int[] a = ints(21, 100_003);
        double[] d = doubles(22, 100_003, -1e6, 1e6);
        d[50_000] = Double.NaN;
        int[][] ranges = {{0, 100_003}, {1, 100_003}, {2, 100_002}, {3, 99_999}, {4, 9}, {5, 6}, {31, 64},
                {32, 33}, {33, 1033}, {49_999, 50_001}, {50_001, 100_003}, {100_002, 100_003}};
        for (int[] lh : ranges) {
            probe("sumRange [" + lh[0] + "," + lh[1] + ")", ReduceProbeTest::sumRange, a, lh[0], lh[1],
                    new long[] {-3}).device();
            probe("minRangeDouble [" + lh[0] + "," + lh[1] + ")", ReduceProbeTest::minRangeDouble, d, lh[0], lh[1],
                    new double[] {7.5}).device();
            probe("stepMaxInclusive [" + lh[0] + "," + (lh[1] - 1) + "] step 3", ReduceProbeTest::stepMaxInclusive, a,
                    lh[0], lh[1] - 1, new int[] {Integer.MIN_VALUE}).device();
        }
        float[] f = floats(23, BIG, -1f, 1f);
        f[BIG - 2] = Float.NaN;
        probe("maxFloatRange without the NaN", ReduceProbeTest::maxFloatRange, f, 0, BIG - 2, new float[] {-5f})
                .device();
        probe("maxFloatRange with the NaN", ReduceProbeTest::maxFloatRange, f, 7, BIG - 1, new float[] {-5f})
                .device();
    }

    @Test
    public void indicesAtTheEdgesOfInt() {
        int[][] ranges = {{Integer.MAX_VALUE - 10, Integer.MAX_VALUE}, {Integer.MIN_VALUE, Integer.MIN_VALUE + 1000},
                {-(1 << 20), 1 << 20}, {Integer.MAX_VALUE - 100_003, Integer.MAX_VALUE}, {-5, 5}};
        for (int[] lh : ranges) {
            probe("sumIndices [" + lh[0] + "," + lh[1] + ")", ReduceProbeTest::sumIndices, lh[0], lh[1],
                    new int[] {9}, new long[] {-9}).device();
        }
        int n = 100_003;
        int[] a = ints(31, n + 1);
        // i in [MIN, MIN + n), off = MIN: i - off is i + 2^31 (mod 2^32) = k in [0, n).
        probe("wrapIndex off=MIN", ReduceProbeTest::wrapIndex, a, Integer.MIN_VALUE, Integer.MIN_VALUE + n,
                Integer.MIN_VALUE, new long[] {1}).device();
        // off = MAX: i - off = k + 1 (mod 2^32), in [1, n].
        probe("wrapIndex off=MAX", ReduceProbeTest::wrapIndex, a, Integer.MIN_VALUE, Integer.MIN_VALUE + n,
                Integer.MAX_VALUE, new long[] {1}).device();
        probe("wrapMul", ReduceProbeTest::wrapMul, ints(32, 1000), new long[] {0}).device();
        // off = MAX with one more iteration: the index reaches n + 1, past the end.
        probe("wrapIndex off=MAX past the end", ReduceProbeTest::wrapIndex, a, Integer.MIN_VALUE,
                Integer.MIN_VALUE + n + 1, Integer.MAX_VALUE, new long[] {1}).throwsOrBailout();
    }

    @Test
    public void outOfBoundsIndicesThrowAsTheJvmDoes() {
        for (int n : new int[] {1, 2, 3, 31, 32, 33, 1000, 100_003, BIG}) {
            int[] a = ints(n + 41, n);
            probe("sumRange hi=len+1 n=" + n, ReduceProbeTest::sumRange, a, 0, n + 1, new long[] {5}).throwsOrBailout();
            probe("sumRange lo=-1 n=" + n, ReduceProbeTest::sumRange, a, -1, n, new long[] {5}).throwsOrBailout();
            if (n == 1 || n == 1000 || n == BIG) { // a launch of about 2^31 iterations each: a few sizes only
                probe("sumRange hi=MAX n=" + n, ReduceProbeTest::sumRange, a, n / 2, Integer.MAX_VALUE,
                        new long[] {5}).throwsOrBailout();
            }
            double[] d = doubles(n, n, -1, 1);
            probe("minRangeDouble hi=len+3 n=" + n, ReduceProbeTest::minRangeDouble, d, 1, n + 3, new double[] {0})
                    .throwsOrBailout();
            if (n >= 2) {
                int[] cond = ints(n + 42, n, -50, 50);
                cond[n - 1] = -1; // only the last iteration reads b, which is one element short
                probe("condOutOfBounds last n=" + n, ReduceProbeTest::condOutOfBounds, cond, ints(n, n - 1),
                        new int[] {4}).throwsOrBailout();
                int[] cond2 = cond.clone();
                cond2[n - 1] = 5; // now no iteration reads past b's end
                probe("condOutOfBounds never n=" + n, ReduceProbeTest::condOutOfBounds, cond2, ints(n, n - 1),
                        new int[] {4}).device();
                // s[0] += a[i] happens before b[i] throws in the last iteration: the JVM's partial results.
                probe("sumMaxOutOfBounds n=" + n, ReduceProbeTest::sumMaxOutOfBounds, ints(n + 43, n),
                        ints(n + 44, n - 1), new long[] {-1}, new int[] {Integer.MIN_VALUE}).throwsOrBailout();
            }
        }
        // The output array empty with a non-empty loop: the JVM throws at out[0].
        probe("sumInt empty output", ReduceProbeTest::sumInt, ints(3, 10), new int[0]).throwsOrBailout();
        probe("minFloat empty output", ReduceProbeTest::minFloat, floats(3, 10, -1f, 1f), new float[0])
                .throwsOrBailout();
    }

    // ================================================================ probes: 2-D

    @Test
    public void twoDimensionalNests() {
        int[][] shapes = {{0, 5}, {5, 0}, {1, 1}, {1, 33}, {33, 1}, {2, 3}, {3, 31}, {32, 33}, {33, 32}, {1000, 3},
                {317, 331}, {1024, 1025}};
        for (int[] rc : shapes) {
            int rows = rc[0];
            int cols = rc[1];
            int[] m = ints(rows * 1000L + cols, rows * cols);
            float[] f = floats(rows * 1000L + cols, rows * cols, -1e3f, 1e3f);
            probe("nest2d " + rows + "x" + cols, ReduceProbeTest::nest2d, m, f, rows, cols,
                    new long[] {Long.MAX_VALUE - 100}, new float[] {-5f}, new int[] {-1}).device();
            if (rows * cols > 0) {
                for (int at : new int[] {0, cols - 1, rows * cols - cols, rows * cols - 1}) {
                    float[] g = f.clone();
                    g[at] = Float.NaN;
                    probe("nest2d NaN at " + at + " " + rows + "x" + cols, ReduceProbeTest::nest2d, m, g, rows, cols,
                            new long[] {0}, new float[] {-5f}, new int[] {0}).device();
                }
                float[] z = new float[rows * cols];
                Arrays.fill(z, -0.0f);
                z[rows * cols / 2] = 0.0f;
                probe("nest2d zeros " + rows + "x" + cols, ReduceProbeTest::nest2d, m, z, rows, cols, new long[] {0},
                        new float[] {-0.0f}, new int[] {0}).device();
            }
        }
        int rows = 300;
        int cols = 301;
        int[] m = ints(51, rows * cols);
        int[][] sub = {{0, 300, 0, 301}, {1, 299, 2, 300}, {7, 8, 0, 301}, {0, 300, 150, 151}, {5, 5, 0, 10},
                {10, 5, 0, 10}, {3, 4, 5, 4}};
        for (int[] s : sub) {
            probe("sub2d " + Arrays.toString(s), ReduceProbeTest::sub2d, m, s[0], s[1], s[2], s[3], cols,
                    new int[] {77}).device();
        }
        // Past the last row, and a column range wider than a row (reads the next row's elements: in range, as in
        // Java, until the last row).
        probe("sub2d past the last row", ReduceProbeTest::sub2d, m, 290, 301, 0, 301, cols, new int[] {77})
                .throwsOrBailout();
        probe("sub2d wide columns", ReduceProbeTest::sub2d, m, 0, 299, 0, 400, cols, new int[] {77}).device();
        probe("sub2d wide columns past the end", ReduceProbeTest::sub2d, m, 0, 300, 0, 400, cols, new int[] {77})
                .throwsOrBailout();
        probe("sub2d negative column", ReduceProbeTest::sub2d, m, 1, 300, -1, 300, cols, new int[] {77}).device();
        probe("sub2d negative first index", ReduceProbeTest::sub2d, m, 0, 300, -1, 300, cols, new int[] {77})
                .throwsOrBailout();
    }

    // ================================================================ probes: narrow and widened types

    @Test
    public void narrowElementTypesAndWidening() {
        for (int n : SIZES) {
            SplittableRandom r = new SplittableRandom(n);
            byte[] b = new byte[n];
            short[] s = new short[n];
            char[] c = new char[n];
            for (int i = 0; i < n; i++) {
                b[i] = (byte) r.nextInt();
                s[i] = (short) r.nextInt();
                c[i] = (char) r.nextInt();
            }
            if (n > 0) {
                b[0] = Byte.MIN_VALUE;
                s[n - 1] = Short.MIN_VALUE;
                c[n / 2] = Character.MAX_VALUE;
            }
            probe("byteSum n=" + n, ReduceProbeTest::byteSum, b, new int[] {Integer.MAX_VALUE - 50}).device();
            probe("shortMin n=" + n, ReduceProbeTest::shortMin, s, new int[] {Short.MAX_VALUE + 1}).device();
            probe("charMax n=" + n, ReduceProbeTest::charMax, c, new int[] {-1}).device();
            probe("charSquaresLong n=" + n, ReduceProbeTest::charSquaresLong, c.clone(), new long[] {3}).device();
            byte[] odd = b.clone();
            for (int i = 0; i < n; i++) {
                odd[i] |= 1;
            }
            probe("byteProd n=" + n, ReduceProbeTest::byteProd, odd, new int[] {1}).device();
            int[] x = ints(n + 61, n);
            int[] y = ints(n + 62, n);
            probe("dotNarrow n=" + n, ReduceProbeTest::dotNarrow, x, y, new long[] {-7}).device();
            probe("dotWide n=" + n, ReduceProbeTest::dotWide, x.clone(), y.clone(), new long[] {-7}).device();
            probe("pairSums n=" + n, ReduceProbeTest::pairSums, x.clone(), y.clone(), new long[] {0}, new long[] {0})
                    .device();
            probe("longsAsInts n=" + n, ReduceProbeTest::longsAsInts, longs(n + 63, n), new int[] {0}).device();
            probe("longMaxOfInts n=" + n, ReduceProbeTest::longMaxOfInts, x.clone(), new long[] {Long.MIN_VALUE})
                    .device();
            // Integers in [-8, 8] widened to double: exact in any order.
            double[] halves = new double[n];
            float[] fhalves = new float[n];
            for (int i = 0; i < n; i++) {
                halves[i] = r.nextInt(-8, 9) * 0.5; // sum |x| < 2^22: exact in float, in any order
                fhalves[i] = (float) r.nextInt(-8, 9);
            }
            probe("doubleSumOfFloats exact n=" + n, ReduceProbeTest::doubleSumOfFloats, fhalves, new double[] {0.25})
                    .device();
            // (float) of small integers is exact, and their float sum stays below 2^24: exact in any order.
            double[] small = new double[n];
            for (int i = 0; i < n; i++) {
                small[i] = r.nextInt(-8, 9);
            }
            probe("floatSumOfNarrowed exact n=" + n, ReduceProbeTest::floatSumOfNarrowed, small, new float[] {0.5f})
                    .device();
            probe("floatOutDoubleTerm exact n=" + n, ReduceProbeTest::floatOutDoubleTerm, small.clone(),
                    new float[] {0.5f}).deviceOrBailout();
            probe("floatOutDoubleTerm halves n=" + n, ReduceProbeTest::floatOutDoubleTerm, halves,
                    new float[] {0.5f}).deviceOrBailout();
        }
    }

    // ================================================================ probes: streams

    @Test
    public void streamForms() {
        for (int n : new int[] {0, 1, 33, 100_003, BIG}) {
            int[] a = ints(n + 71, n);
            for (int[] lh : new int[][] {{0, n}, {Math.min(1, n), n}, {n / 3, n - n / 3}}) {
                long[] out = {Long.MIN_VALUE + 3};
                new Probe("streamSum [" + lh[0] + "," + lh[1] + ") n=" + n,
                        x -> streamSumSequential((int[]) x[0], (Integer) x[1], (Integer) x[2], (long[]) x[3]),
                        s -> s.task("t", ReduceProbeTest::streamSum, a, lh[0], lh[1], out), a, lh[0], lh[1], out)
                        .device();
            }
            float[] f = floats(n + 72, n, -1f, 1f);
            if (n > 0) {
                f[n - 1] = Float.NaN;
            }
            float[] out = {0.25f};
            new Probe("streamMinFloat NaN last n=" + n,
                    x -> streamMinFloatSequential((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", ReduceProbeTest::streamMinFloat, f, out), f, out).device();
        }
    }

    // ================================================================ probes: aliasing

    /**
     * The same array as two @Reduce outputs of different operations: Java interleaves them in every iteration
     * (x = max(x + a[i], a[i]), sequentially), which folding the sum and the max separately into the one array does
     * not give. The JVM's result (on the device, or from the JVM after a host check), or a clean bailout.
     */
    @Test
    public void aliasedOutputsOfDifferentOperations() {
        List<String> wrong = new ArrayList<>();
        // By hand: x = 0; x = 0 + 5 = 5; x = max(5, 5) = 5; x = 5 + -10 = -5; x = max(-5, -10) = -5.
        int[] same = {0};
        collect(wrong, () -> probe("sumThenMax s == m, a = {5, -10}", ReduceProbeTest::sumThenMax,
                new int[] {5, -10}, same, same).anyClean());
        for (int n : new int[] {1, 2, 3, 33, 1000, 100_003}) {
            int[] out = {0};
            collect(wrong, () -> probe("sumThenMax s == m n=" + n, ReduceProbeTest::sumThenMax,
                    ints(n + 81, n, -1000, 1000), out, out).anyClean());
            // x = max(min(x, a[i]), a[i]) is a[i] in every iteration: Java leaves the last element.
            float[] f = floats(n + 84, n, -1f, 1f);
            float[] mm = {0.5f};
            collect(wrong, () -> probe("minMaxFloat mn == mx n=" + n, ReduceProbeTest::minMaxFloat, f, mm, mm)
                    .anyClean());
        }
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " aliased-output probes differ from the JVM:\n  " + String.join("\n  ", wrong));
        }
    }

    /** Runs one probe, collecting its assertion failure instead of stopping at it. */
    private static void collect(List<String> wrong, Runnable probe) {
        try {
            probe.run();
        } catch (AssertionError e) {
            wrong.add(e.getMessage());
        }
    }

    /** The same array as two @Reduce outputs of one operation, and as an input and the output. */
    @Test
    public void aliasedOutputsOfOneOperationAndInputs() {
        for (int n : new int[] {1, 2, 3, 33, 1000, 100_003}) {
            long[] both = {5};
            probe("sumTwice s == t n=" + n, ReduceProbeTest::sumTwice, ints(n + 83, n, -1000, 1000), both, both)
                    .anyClean();
            // The input and the output one array: out[0] += out[0] first, then the rest.
            int[] x = ints(n + 82, n, -1000, 1000);
            probe("sumInt a == out n=" + n, ReduceProbeTest::sumInt, x, x).anyClean();
        }
    }

    /** Two tasks of one schedule reducing into one array with different operations: in order, as on the JVM. */
    @Test
    public void twoTasksIntoOneOutput() {
        for (int n : new int[] {1, 33, 100_003}) {
            int[] a = ints(n + 91, n, -1000, 1000);
            int[] b = ints(n + 92, n, -1000, 1000);
            int[] out = {17};
            int[] expected = out.clone();
            sumInt(a.clone(), expected);
            maxInt(b.clone(), expected);
            try (TaskSchedule s = new TaskSchedule("two").task("t", ReduceProbeTest::sumInt, a, out)
                    .task("u", ReduceProbeTest::maxInt, b, out)) {
                s.execute();
                for (TaskReport t : s.report().tasks()) {
                    assertEquals(t.id() + ": " + t.reason(), TaskReport.Where.DEVICE, t.ranOn());
                }
            }
            assertEquals("sum then max into one output, n=" + n, expected[0], out[0]);
            record("two tasks sum then max n=" + n + ": device");
        }
    }

    // ================================================================ the probe harness

    /** Runs a task's code on the JVM; what it throws propagates. */
    private interface JvmRun {
        void run(Object[] args) throws Throwable;
    }

    /** Adds the task (id "t") to a schedule, with the original arguments. */
    private interface TaskAdder {
        TaskSchedule add(TaskSchedule s);
    }

    /** Compares the JVM's value of element 0 with the device's. */
    private interface Tolerance {
        void check(String what, double jvm, double device);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    private static <A, B> Probe probe(String name, Task2<A, B> code, A a, B b) {
        return new Probe(name, x -> code.apply(cast(x[0]), cast(x[1])), s -> s.task("t", code, a, b), a, b);
    }

    private static <A, B, C> Probe probe(String name, Task3<A, B, C> code, A a, B b, C c) {
        return new Probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2])), s -> s.task("t", code, a, b, c),
                a, b, c);
    }

    private static <A, B, C, D> Probe probe(String name, Task4<A, B, C, D> code, A a, B b, C c, D d) {
        return new Probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])),
                s -> s.task("t", code, a, b, c, d), a, b, c, d);
    }

    private static <A, B, C, D, E> Probe probe(String name, Task5<A, B, C, D, E> code, A a, B b, C c, D d, E e) {
        return new Probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    private static <A, B, C, D, E, F, G> Probe probe(String name, Task7<A, B, C, D, E, F, G> code, A a, B b, C c,
            D d, E e, F f, G g) {
        return new Probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5]), cast(x[6])), s -> s.task("t", code, a, b, c, d, e, f, g), a, b, c, d, e, f, g);
    }

    @SuppressWarnings("unused")
    private static <A, B, C, D, E, F> Probe probe(String name, Task6<A, B, C, D, E, F> code, A a, B b, C c, D d,
            E e, F f) {
        return new Probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5])), s -> s.task("t", code, a, b, c, d, e, f), a, b, c, d, e, f);
    }

    /** One task with its arguments, run on the JVM (on copies) and through Ferrocl (on the originals). */
    private static final class Probe {
        private final String name;
        private final JvmRun jvm;
        private final TaskAdder adder;
        private final Object[] args;
        private boolean rawBits;

        Probe(String name, JvmRun jvm, TaskAdder adder, Object... args) {
            this.name = name;
            this.jvm = jvm;
            this.adder = adder;
            this.args = args;
        }

        /** Also compares float and double arrays by their raw bits (NaN payloads), for untouched outputs. */
        Probe rawBits() {
            rawBits = true;
            return this;
        }

        /** Must run on the device (a documented shape) and give the JVM's values exactly. */
        void device() {
            run(false, false, -1, null);
        }

        /** The JVM's values exactly on the device, or a clean bailout. */
        void deviceOrBailout() {
            run(true, false, -1, null);
        }

        /** The JVM's values exactly (on the device, or from the JVM after a failed check), or a clean bailout. */
        void anyClean() {
            run(true, true, -1, null);
        }

        /** The JVM throws: the same exception and arrays, or a clean bailout. */
        void throwsOrBailout() {
            run(true, false, -2, null);
        }

        /** On the device; argument {@code arg}'s element 0 within {@code tol} of the JVM's, the rest exact. */
        void within(int arg, Tolerance tol) {
            run(false, false, arg, tol);
        }

        private void run(boolean bailoutAllowed, boolean jvmAllowed, int tolArg, Tolerance tol) {
            Object[] originals = cloneAliased(args);
            Object[] expected = cloneAliased(args);
            Throwable jvmThrown = null;
            try {
                jvm.run(expected);
            } catch (Throwable t) {
                jvmThrown = t;
            }
            if (tolArg == -2) {
                assertNotNull(name + ": the JVM should throw for these inputs (the probe is wrong)", jvmThrown);
            } else if (jvmThrown != null) {
                throw new AssertionError(name + ": the JVM threw (the probe is wrong): " + jvmThrown, jvmThrown);
            }
            Throwable actual = null;
            TaskReport report = null;
            long started = System.nanoTime();
            try (TaskSchedule s = adder.add(new TaskSchedule("reduce-probe"))) {
                try {
                    s.execute();
                } catch (CompilationException e) {
                    throw e;
                } catch (Throwable t) {
                    actual = t;
                }
                report = s.report().task("t");
            } catch (CompilationException e) {
                if (!bailoutAllowed) {
                    throw new AssertionError(name + ": a documented @Reduce shape bailed out: " + e.getMessage(), e);
                }
                // Clean: nothing ran, every array as it was.
                for (int i = 0; i < args.length; i++) {
                    compare(name + " (after a bailout), argument " + (i + 1), originals[i], args[i], true);
                }
                record(name + ": bailout (" + firstLine(e.getMessage()) + ")" + ms(started));
                return;
            }
            if (jvmThrown != null) {
                if (actual == null) {
                    fail(name + ": expected " + jvmThrown + " but execute() returned normally; ran on "
                            + report.ranOn() + " (" + report.reason() + ")");
                }
                if (actual.getClass() != jvmThrown.getClass()) {
                    throw new AssertionError(name + ": expected " + jvmThrown + " but got " + actual, actual);
                }
                assertEquals(name + ": exception message", jvmThrown.getMessage(), actual.getMessage());
                assertEquals(name + ": where the task ran: " + report.reason(), TaskReport.Where.JVM, report.ranOn());
                assertTrue(name + ": the task should have been compiled and rerun after a failed check, but: "
                        + report.reason(), report.reason().contains("check failed"));
                for (int i = 0; i < args.length; i++) {
                    compare(name + " (after the exception), argument " + (i + 1), expected[i], args[i], false);
                }
                record(name + ": JVM's " + jvmThrown.getClass().getSimpleName() + " after a failed check"
                        + ms(started));
                return;
            }
            if (actual != null) {
                throw new AssertionError(name + ": the JVM returned normally but execute() threw " + actual, actual);
            }
            if (report.ranOn() != TaskReport.Where.DEVICE) {
                assertTrue(name + ": should run on the device, but ran on " + report.ranOn() + ": "
                        + report.reason(), jvmAllowed);
                record(name + ": ran on the JVM (" + report.reason() + ")" + ms(started));
            } else {
                record(name + ": device" + ms(started));
            }
            for (int i = 0; i < args.length; i++) {
                String what = name + ", argument " + (i + 1);
                if (i == tolArg) {
                    double e = ((Number) java.lang.reflect.Array.get(expected[i], 0)).doubleValue();
                    double a = ((Number) java.lang.reflect.Array.get(args[i], 0)).doubleValue();
                    tol.check(what, e, a);
                } else {
                    compare(what, expected[i], args[i], false);
                }
            }
            if (rawBits) {
                for (int i = 0; i < args.length; i++) {
                    compare(name + " raw bits, argument " + (i + 1), expected[i], args[i], true);
                }
            }
        }
    }

    private static String ms(long started) {
        return " [" + (System.nanoTime() - started) / 1_000_000 + " ms]";
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Exact comparison; with {@code raw}, float and double arrays also by their raw bits. */
    private static void compare(String what, Object expected, Object actual, boolean raw) {
        JvmOracle.assertSame(what, expected, actual);
        if (raw && expected instanceof float[]) {
            float[] e = (float[]) expected;
            float[] a = (float[]) actual;
            for (int i = 0; i < e.length; i++) {
                assertEquals(what + "[" + i + "] raw bits", Integer.toHexString(Float.floatToRawIntBits(e[i])),
                        Integer.toHexString(Float.floatToRawIntBits(a[i])));
            }
        } else if (raw && expected instanceof double[]) {
            double[] e = (double[]) expected;
            double[] a = (double[]) actual;
            for (int i = 0; i < e.length; i++) {
                assertEquals(what + "[" + i + "] raw bits", Long.toHexString(Double.doubleToRawLongBits(e[i])),
                        Long.toHexString(Double.doubleToRawLongBits(a[i])));
            }
        }
    }

    /** Clones the arrays among {@code args}, keeping arguments that are one array one array in the copy. */
    private static Object[] cloneAliased(Object[] args) {
        IdentityHashMap<Object, Object> copies = new IdentityHashMap<>();
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            Object v = args[i];
            out[i] = v != null && v.getClass().isArray() ? copies.computeIfAbsent(v, JvmOracle::cloneValue) : v;
        }
        return out;
    }

    // ================================================================ tolerances

    /**
     * The sum init + sign * t_1 + ... + sign * t_n: |device - jvm| <= |jvm - exact| + gamma(N) * (|init| + sum |t|)
     * with N = n + 1 terms (any order of the device's additions; see the class comment), plus the double-double
     * reference's own error (2^-100 of the scale).
     */
    private static Tolerance sumBound(double init, double[] terms, int sign, double u) {
        double[] exact = {init, 0};
        double scale = Math.abs(init);
        for (double t : terms) {
            twoSum(exact, sign * t);
            scale += Math.abs(t);
        }
        double ref = exact[0] + exact[1];
        double bound = gamma(terms.length + 1, u) * scale + 0x1p-100 * scale;
        return (what, jvm, device) -> {
            double tol = Math.abs(jvm - ref) + bound;
            assertTrue(what + ": device " + device + ", JVM " + jvm + ", exact " + ref + ": |difference| "
                    + Math.abs(device - jvm) + " exceeds " + tol, Math.abs(device - jvm) <= tol);
        };
    }

    /** The product init * t_1 * ... * t_n: |device - jvm| <= |jvm - exact| + gamma(N) * |exact|. */
    private static Tolerance prodBound(double init, double[] terms, double u) {
        double[] exact = {init, 0};
        for (double t : terms) {
            double p = exact[0] * t;
            double err = Math.fma(exact[0], t, -p);
            exact[0] = p;
            exact[1] = exact[1] * t + err;
        }
        double ref = exact[0] + exact[1];
        double bound = gamma(terms.length + 1, u) * Math.abs(ref) + 0x1p-90 * Math.abs(ref);
        return (what, jvm, device) -> {
            double tol = Math.abs(jvm - ref) + bound;
            assertTrue(what + ": device " + device + ", JVM " + jvm + ", exact " + ref + ": |difference| "
                    + Math.abs(device - jvm) + " exceeds " + tol, Math.abs(device - jvm) <= tol);
        };
    }

    private static double gamma(long k, double u) {
        double ku = k * u;
        assertTrue("gamma(k) needs k * u < 1", ku < 1);
        return ku / (1 - ku);
    }

    /** exact[0] + exact[1] += x without rounding error in the pair (TwoSum). */
    private static void twoSum(double[] exact, double x) {
        double s = exact[0] + x;
        double bp = s - exact[0];
        double err = (exact[0] - (s - bp)) + (x - bp);
        exact[0] = s;
        exact[1] += err;
    }

    // ================================================================ inputs

    private static int[] ints(long seed, int n) {
        return JvmOracle.ints(seed, n);
    }

    private static int[] ints(long seed, int n, int lo, int hi) {
        return JvmOracle.ints(seed, n, lo, hi);
    }

    private static long[] longs(long seed, int n) {
        return JvmOracle.longs(seed, n);
    }

    private static float[] floats(long seed, int n, float lo, float hi) {
        return JvmOracle.floats(seed, n, lo, hi);
    }

    private static double[] doubles(long seed, int n, double lo, double hi) {
        return JvmOracle.doubles(seed, n, lo, hi);
    }

    private static double[] toDoubles(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    /** Where to put a special value in an array of n: everywhere for small n, else at the ends and around. */
    private static int[] positions(int n) {
        if (n == 0) {
            return new int[0];
        }
        if (n <= 33) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = i;
            }
            return all;
        }
        return Arrays.stream(new int[] {0, 1, 3, 4, 7, 8, 9, n / 2, n - 9, n - 5, n - 4, n - 1}).distinct()
                .toArray();
    }

    /** ±1 with up to 20 factors of 2 and 20 of 1/2 at random places: every partial product is exact. */
    private static float[] exactFactors(int n) {
        SplittableRandom r = new SplittableRandom(n * 7L + 1);
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

    private static String bits(float f) {
        return f + " (0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
    }
}

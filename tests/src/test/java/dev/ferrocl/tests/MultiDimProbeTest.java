package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.lang.reflect.Array;
import java.util.IdentityHashMap;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes of multi-dimensional array arguments beyond {@link MultiDimArrayTest}: exceptions at both ends of every
 * range, empty and null rows, rows of very different lengths, rows chosen by data, helpers, catch handlers,
 * reductions, several tasks and executions, every element type, shared inner arrays, large sizes. Strict, against the
 * JVM (run on a copy that keeps the sharing of the original where sharing matters).
 */
public class MultiDimProbeTest {

    // ================================================================ helpers

    /** Deep copies of {@code args} that keep sharing (within and between arguments). */
    static Object[] sharedClone(Object... args) {
        IdentityHashMap<Object, Object> seen = new IdentityHashMap<>();
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            out[i] = cloneKeep(args[i], seen);
        }
        return out;
    }

    private static Object cloneKeep(Object v, IdentityHashMap<Object, Object> seen) {
        if (v == null || !v.getClass().isArray()) {
            return v;
        }
        Object known = seen.get(v);
        if (known != null) {
            return known;
        }
        int n = Array.getLength(v);
        Object copy = Array.newInstance(v.getClass().getComponentType(), n);
        seen.put(v, copy);
        if (v.getClass().getComponentType().isPrimitive()) {
            System.arraycopy(v, 0, copy, 0, n);
        } else {
            for (int i = 0; i < n; i++) {
                Array.set(copy, i, cloneKeep(Array.get(v, i), seen));
            }
        }
        return copy;
    }

    /** Runs {@code jvm} on a sharing-preserving copy, the schedule on the originals; on the device; equal arrays. */
    static TaskReport checkShared(MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder, Object... args) {
        Object[] expected = sharedClone(args);
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            throw new AssertionError("the JVM threw (test is wrong)", t);
        }
        TaskReport r;
        try (TaskSchedule s = adder.add(new TaskSchedule("shared"))) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
            r = s.report().task("t");
        }
        for (int i = 0; i < args.length; i++) {
            JvmOracle.assertSame("argument " + (i + 1), expected[i], args[i]);
        }
        return r;
    }

    static float[][] matrix(long seed, int rows, int cols) {
        float[][] m = new float[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = JvmOracle.floats(seed * 1000 + r, cols, -2f, 2f);
        }
        return m;
    }

    static int[][] intMatrix(long seed, int rows, int cols) {
        int[][] m = new int[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = JvmOracle.ints(seed * 1000 + r, cols, -1000, 1000);
        }
        return m;
    }

    static int[] filled(int n, int v) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    // ================================================================ exceptions at the ends of the ranges

    public static void sumUpTo(int[][] m, int[] lim, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] r = m[i];
            long s = 0;
            for (int k = 0; k < lim[i]; k++) {
                s += r[k] * (long) (k + 1);
            }
            out[i] = s;
        }
    }

    @Test
    public void innerLoopOnePastTheEndOfTheLastRow() {
        int[][] m = intMatrix(1, 12, 10);
        int[] lim = filled(12, 10);
        lim[11] = 11;
        long[] out = new long[12];
        MoreChecks.checkThrows(x -> sumUpTo((int[][]) x[0], (int[]) x[1], (long[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::sumUpTo, m, lim, out), m, lim, out);
    }

    @Test
    public void innerLoopOnePastTheEndOfTheFirstRow() {
        int[][] m = intMatrix(2, 12, 10);
        int[] lim = filled(12, 10);
        lim[0] = 11;
        long[] out = new long[12];
        MoreChecks.checkThrows(x -> sumUpTo((int[][]) x[0], (int[]) x[1], (long[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::sumUpTo, m, lim, out), m, lim, out);
    }

    @Test
    public void innerLoopInBoundsRunsOnTheDevice() {
        int[][] m = intMatrix(3, 40, 25);
        int[] lim = JvmOracle.ints(3, 40, 0, 26);
        check(MultiDimProbeTest::sumUpTo, m, lim, new long[40]);
    }

    public static void backDiff(float[][] m, int[] from, float[][] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            for (int j = out[i].length - 1; j >= from[i]; j--) {
                out[i][j] = m[i][j] - m[i][j - 1];
            }
        }
    }

    @Test
    public void countingDownInnerLoopReachesMinusOneOnTheFirstRow() {
        float[][] m = matrix(4, 9, 14);
        int[] from = filled(9, 1);
        from[0] = 0;
        float[][] out = new float[9][14];
        MoreChecks.checkThrows(x -> backDiff((float[][]) x[0], (int[]) x[1], (float[][]) x[2]),
                s -> s.task("t", MultiDimProbeTest::backDiff, m, from, out), m, from, out);
    }

    @Test
    public void countingDownInnerLoopReachesMinusOneOnTheLastRow() {
        float[][] m = matrix(5, 9, 14);
        int[] from = filled(9, 1);
        from[8] = 0;
        float[][] out = new float[9][14];
        MoreChecks.checkThrows(x -> backDiff((float[][]) x[0], (int[]) x[1], (float[][]) x[2]),
                s -> s.task("t", MultiDimProbeTest::backDiff, m, from, out), m, from, out);
    }

    public static void fromAbove(int[][] m, int[] shift, int[] out) {
        for (@Parallel int i = out.length - 1; i >= 0; i--) {
            out[i] = m[i - shift[i]][0] + m[i].length;
        }
    }

    @Test
    public void countingDownParallelLoopInBounds() {
        int[][] m = intMatrix(6, 50, 3);
        int[] shift = new int[50];
        for (int i = 0; i < 50; i++) {
            shift[i] = Math.min(i, i % 4);
        }
        check(MultiDimProbeTest::fromAbove, m, shift, new int[50]);
    }

    @Test
    public void countingDownParallelLoopOuterIndexMinusOne() {
        int[][] m = intMatrix(7, 50, 3);
        int[] shift = new int[50];
        shift[0] = 1;
        int[] out = new int[50];
        MoreChecks.checkThrows(x -> fromAbove((int[][]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::fromAbove, m, shift, out), m, shift, out);
    }

    @Test
    public void countingDownParallelLoopOuterIndexEqualToLength() {
        int[][] m = intMatrix(8, 50, 3);
        int[] shift = new int[50];
        shift[49] = -1;
        int[] out = new int[50];
        MoreChecks.checkThrows(x -> fromAbove((int[][]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::fromAbove, m, shift, out), m, shift, out);
    }

    public static void depth(double[][][] t, int[] extra, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 0;
            double[][] plane = t[i];
            for (int j = 0; j < plane.length; j++) {
                double[] line = plane[j];
                for (int k = 0; k < line.length + extra[i]; k++) {
                    s += line[k] * (k + 1);
                }
            }
            out[i] = s;
        }
    }

    static double[][][] cube(long seed, int planes) {
        double[][][] t = new double[planes][][];
        for (int i = 0; i < planes; i++) {
            t[i] = new double[1 + i % 4][];
            for (int j = 0; j < t[i].length; j++) {
                t[i][j] = JvmOracle.doubles(seed * 100 + i * 7L + j, 1 + (i + 2 * j) % 6, -10, 10);
            }
        }
        return t;
    }

    @Test
    public void threeDimensionsInnermostPastTheEndOnTheLastPlane() {
        double[][][] t = cube(9, 15);
        int[] extra = new int[15];
        extra[14] = 1;
        double[] out = new double[15];
        MoreChecks.checkThrows(x -> depth((double[][][]) x[0], (int[]) x[1], (double[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::depth, t, extra, out), t, extra, out);
    }

    @Test
    public void threeDimensionsInBounds() {
        check(MultiDimProbeTest::depth, cube(10, 33), new int[33], new double[33]);
    }

    @Test
    public void threeDimensionsNullLine() {
        double[][][] t = cube(11, 15);
        t[6][1] = null;
        int[] extra = new int[15];
        double[] out = new double[15];
        MoreChecks.checkThrows(x -> depth((double[][][]) x[0], (int[]) x[1], (double[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::depth, t, extra, out), t, extra, out);
    }

    @Test
    public void threeDimensionsNullPlane() {
        double[][][] t = cube(12, 15);
        t[14] = null;
        int[] extra = new int[15];
        double[] out = new double[15];
        MoreChecks.checkThrows(x -> depth((double[][][]) x[0], (int[]) x[1], (double[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::depth, t, extra, out), t, extra, out);
    }

    public static void middle(int[][][] t, int[] sel, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i][sel[i]][0] - t[i].length;
        }
    }

    @Test
    public void threeDimensionsMiddleIndexEqualToLength() {
        int[][][] t = new int[10][][];
        int[] sel = new int[10];
        for (int i = 0; i < 10; i++) {
            t[i] = intMatrix(i + 20, 2 + i % 3, 2);
            sel[i] = i % t[i].length;
        }
        sel[9] = t[9].length;
        int[] out = new int[10];
        MoreChecks.checkThrows(x -> middle((int[][][]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::middle, t, sel, out), t, sel, out);
    }

    public static void fillTo(short[][] m, int[] upto) {
        for (@Parallel int i = 0; i < m.length; i++) {
            short[] r = m[i];
            for (int k = upto[i] - 1; k >= 0; k--) {
                r[k] = (short) (r[k] * 3 + k);
            }
        }
    }

    @Test
    public void aWritePastARowsEndLeavesTheRowsAsJavaDoes() {
        short[][] m = new short[20][];
        int[] upto = new int[20];
        for (int i = 0; i < 20; i++) {
            int[] v = JvmOracle.ints(i + 40, 5 + i);
            m[i] = new short[5 + i];
            for (int k = 0; k < m[i].length; k++) {
                m[i][k] = (short) v[k];
            }
            upto[i] = m[i].length;
        }
        upto[13] = m[13].length + 1;
        MoreChecks.checkThrows(x -> fillTo((short[][]) x[0], (int[]) x[1]),
                s -> s.task("t", MultiDimProbeTest::fillTo, m, upto), m, upto);
    }

    public static void ratio(int[][] num, int[][] den, int[][] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            for (@Parallel int j = 0; j < out[0].length; j++) {
                out[i][j] = num[i][j] / den[i][j];
            }
        }
    }

    @Test
    public void divisionByZeroInATwoDimensionalLoop() {
        int[][] num = intMatrix(13, 16, 16);
        int[][] den = intMatrix(14, 16, 16);
        for (int[] r : den) {
            for (int k = 0; k < r.length; k++) {
                r[k] = r[k] == 0 ? 3 : r[k];
            }
        }
        den[15][15] = 0;
        int[][] out = new int[16][16];
        MoreChecks.checkThrows(x -> ratio((int[][]) x[0], (int[][]) x[1], (int[][]) x[2]),
                s -> s.task("t", MultiDimProbeTest::ratio, num, den, out), num, den, out);
    }

    // ================================================================ empty and null rows, the first row's length

    public static void lengths(int[][] m, int[] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            out[i] = m[i] == null ? -1 : m[i].length * 10 + (m[i].length > 0 ? m[i][0] : 7);
        }
    }

    @Test
    public void aZeroRowOuterArray() {
        check(MultiDimProbeTest::lengths, new int[0][], new int[3]);
    }

    @Test
    public void onlyZeroLengthRows() {
        check(MultiDimProbeTest::lengths, new int[6][0], new int[6]);
    }

    @Test
    public void onlyNullRows() {
        check(MultiDimProbeTest::lengths, new int[5][], new int[5]);
    }

    public static void addOneBelowFirstRow(int[][] m, int[][] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (@Parallel int j = 0; j < m[0].length; j++) {
                out[i][j] = m[i][j] + 1;
            }
        }
    }

    @Test
    public void firstRowLengthAsInnerBoundOfAZeroRowArray() {
        // Java never reads m[0]: the outer loop runs no iteration.
        check(MultiDimProbeTest::addOneBelowFirstRow, new int[0][], new int[2][2]);
    }

    @Test
    public void firstRowLengthAsInnerBoundWithANullFirstRow() {
        int[][] m = intMatrix(15, 6, 5);
        m[0] = null;
        int[][] out = new int[6][5];
        MoreChecks.checkThrows(x -> addOneBelowFirstRow((int[][]) x[0], (int[][]) x[1]),
                s -> s.task("t", MultiDimProbeTest::addOneBelowFirstRow, m, out), m, out);
    }

    @Test
    public void aRowShorterThanTheFirstUnderTheFirstRowsBound() {
        int[][] m = intMatrix(16, 6, 5);
        m[3] = new int[4];
        int[][] out = new int[6][5];
        MoreChecks.checkThrows(x -> addOneBelowFirstRow((int[][]) x[0], (int[][]) x[1]),
                s -> s.task("t", MultiDimProbeTest::addOneBelowFirstRow, m, out), m, out);
    }

    public static void prefixInPlace(long[][] m) {
        for (@Parallel int i = 0; i < m.length; i++) {
            long[] r = m[i];
            for (int k = 1; k < r.length; k++) {
                r[k] += r[k - 1];
            }
        }
    }

    @Test
    public void rowsOfVeryDifferentLengthsUpdatedInPlace() {
        int[] lens = {0, 1, 2, 15, 16, 17, 31, 5000, 0, 3, 1000, 1, 33, 0, 4097};
        long[][] m = new long[lens.length][];
        for (int i = 0; i < lens.length; i++) {
            m[i] = JvmOracle.longs(i + 60, lens[i]);
        }
        long[] big = m[7];
        check(MultiDimProbeTest::prefixInPlace, m);
        assertSame(big, m[7]);
    }

    public static void jagged2d(float[][] m, float[][] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (@Parallel int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] * 2f - j;
            }
        }
    }

    /** Refused with its reason (strict mode). */
    static void assertRefused(String reason, MoreChecks.TaskAdder adder) {
        try (TaskSchedule s = adder.add(new TaskSchedule("refused"))) {
            s.execute();
            fail("expected a bailout: " + reason);
        } catch (dev.ferrocl.api.CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(reason));
        }
    }

    /**
     * A jagged NDRange: the inner bound is a row's length, which depends on the outer index, so the inner loop runs in
     * each work-item of the outer one (refused, "not from an enclosing loop's index", until 2026-11-28).
     */
    @Test
    public void aRowsLengthAsTheInnerParallelBoundRunsTheInnerLoopInEachWorkItem() {
        float[][] m = new float[30][];
        float[][] out = new float[30][];
        for (int i = 0; i < 30; i++) {
            m[i] = JvmOracle.floats(i + 70, (i * 7) % 23, -3f, 3f);
            out[i] = new float[m[i].length];
        }
        dev.ferrocl.api.TaskReport t = check(MultiDimProbeTest::jagged2d, m, out).task("t");
        assertEquals(1, t.globalSize().length);
        assertTrue(t.optimizations().toString(), t.optimizations().toString().contains("not from an enclosing loop's index"));
    }

    // ================================================================ rows chosen by data, helpers, loops over rows

    public static void gatherRows(int[][] m, int[] idx, int[] col, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] r = m[idx[i]];
            int c = m[r[0] & 3][(r.length - 1) & 3];
            out[i] = r[col[i] % r.length] + r.length * 1000 + c;
        }
    }

    @Test
    public void rowsChosenByData() {
        int[][] m = new int[9][];
        for (int i = 0; i < 9; i++) {
            m[i] = JvmOracle.ints(i + 80, 4 + i, 0, 50);
        }
        int[] idx = JvmOracle.ints(81, 200, 0, 9);
        int[] col = JvmOracle.ints(82, 200, 0, 1000);
        check(MultiDimProbeTest::gatherRows, m, idx, col, new int[200]);
    }

    @Test
    public void aRowIndexFromDataOutOfRange() {
        int[][] m = new int[9][];
        for (int i = 0; i < 9; i++) {
            m[i] = JvmOracle.ints(i + 90, 4 + i, 0, 50);
        }
        int[] idx = JvmOracle.ints(91, 200, 0, 9);
        idx[150] = 9;
        int[] col = JvmOracle.ints(92, 200, 0, 1000);
        int[] out = new int[200];
        MoreChecks.checkThrows(x -> gatherRows((int[][]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", MultiDimProbeTest::gatherRows, m, idx, col, out), m, idx, col, out);
    }

    static void axpy(float a, float[] x, float[] y) {
        for (int k = 0; k < y.length; k++) {
            y[k] += a * x[k];
        }
    }

    static double at(double[][] m, int i, int j) {
        return m[i][j];
    }

    static void put(double[][] m, int i, int j, double v) {
        m[i][j] = v;
    }

    static float[] pick(float[][] m, int i) {
        return m[i];
    }

    public static void helpers(float[][] x, float[][] y, float[] a, double[][] d) {
        for (@Parallel int i = 0; i < a.length; i++) {
            axpy(a[i], pick(x, i), y[i]);
            put(d, i, 0, at(d, i, 1) * 2 + at(d, i, 0));
        }
    }

    @Test
    public void rowsAndWholeArraysPassedToHelpers() {
        int n = 45;
        double[][] d = new double[n][];
        for (int i = 0; i < n; i++) {
            d[i] = JvmOracle.doubles(i + 100, 2 + i % 3, -1, 1);
        }
        check(MultiDimProbeTest::helpers, matrix(20, n, 31), matrix(21, n, 31), JvmOracle.floats(22, n, -1f, 1f), d);
    }

    public static void enhancedFor(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0;
            for (float[] r : m) {
                if (r != null) {
                    s += r[i % r.length];
                }
            }
            for (float v : m[i]) {
                s -= v * 0.25f;
            }
            out[i] = s;
        }
    }

    @Test
    public void enhancedForLoopsOverRowsAndElements() {
        float[][] m = new float[40][];
        for (int i = 0; i < 40; i++) {
            m[i] = JvmOracle.floats(i + 110, 1 + i % 9, -4f, 4f);
        }
        m[17] = null;
        float[] out = new float[17];
        check(MultiDimProbeTest::enhancedFor, m, out);
    }

    public static void longestRow(int[][] m, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] best = m[0];
            for (int k = 1; k < m.length; k++) {
                if (m[k].length > best.length) {
                    best = m[k];
                }
            }
            out[i] = best[i % best.length] + best.length;
        }
    }

    @Test
    public void aRowChosenInALoop() {
        int[][] m = new int[12][];
        for (int i = 0; i < 12; i++) {
            m[i] = JvmOracle.ints(i + 120, 1 + (i * 5) % 12);
        }
        check(MultiDimProbeTest::longestRow, m, new int[64]);
    }

    public static void either(float[][] a, float[][] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = (i & 1) == 0 ? a[i] : b[i];
            out[i] = r[0] + r.length;
        }
    }

    @Test
    public void aRowOfEitherOfTwoArgumentsIsRefusedWithItsReason() {
        // Each argument has a table of its own: one variable cannot hold a row of either (it was a "corrupt class
        // file" FerroclException before, which even non-strict execution could not run on the JVM).
        assertRefused("another array",
                s -> s.task("t", MultiDimProbeTest::either, matrix(30, 20, 3), matrix(31, 20, 4), new float[20]));
    }

    public static void rowOrNull(int[][] m, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] r = i < m.length ? m[i] : null;
            out[i] = r == null ? -7 : r.length;
        }
    }

    @Test
    public void aRowOrNullIsRefusedWithItsReason() {
        // `null` is a value now; a variable holding a row here and null there is refused where they join.
        assertRefused("another array",
                s -> s.task("t", MultiDimProbeTest::rowOrNull, intMatrix(32, 10, 3), new int[16]));
    }

    public static void flattenRows(float[][] m, float[] flat, int w) {
        for (@Parallel int i = 0; i < m.length; i++) {
            System.arraycopy(m[i], 0, flat, i * w, w);
        }
    }

    @Test
    public void arraycopyFromRowsIntoAFlatArrayIsRefusedWithItsReason() {
        assertRefused("System.arraycopy from or to an inner array",
                s -> s.task("t", MultiDimProbeTest::flattenRows, matrix(33, 24, 10), new float[240], 10));
    }

    // ================================================================ catch handlers, reductions

    public static void guarded(int[][] m, int[] col, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            try {
                v = m[i][col[i]];
            } catch (ArrayIndexOutOfBoundsException e) {
                v = -1;
            }
            out[i] = v;
        }
    }

    @Test
    public void aCatchAroundARowReadThatDoesNotThrow() {
        int[][] m = intMatrix(34, 50, 8);
        check(MultiDimProbeTest::guarded, m, JvmOracle.ints(34, 50, 0, 8), new int[50]);
    }

    @Test
    public void aCatchAroundARowReadThatThrows() {
        int[][] m = intMatrix(35, 50, 8);
        int[] col = JvmOracle.ints(35, 50, -2, 10);
        check(MultiDimProbeTest::guarded, m, col, new int[50]);
    }

    @Test
    public void aCatchOfIndexExceptionsDoesNotCatchANullRow() {
        int[][] m = intMatrix(36, 50, 8);
        m[20] = null;
        int[] col = JvmOracle.ints(36, 50, 0, 8);
        int[] out = new int[50];
        MoreChecks.checkThrows(x -> guarded((int[][]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::guarded, m, col, out), m, col, out);
    }

    public static void sum2d(int[][] m, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < m.length; i++) {
            int[] r = m[i];
            long s = 0;
            for (int k = 0; k < r.length; k++) {
                s += r[k];
            }
            sum[0] += s;
        }
    }

    public static void max2d(double[][] m, @Reduce double[] max) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (int k = 0; k < m[i].length; k++) {
                max[0] = Math.max(max[0], m[i][k]);
            }
        }
    }

    @Test
    public void reductionsOverTwoDimensionalInputs() {
        int[][] m = new int[500][];
        for (int i = 0; i < m.length; i++) {
            m[i] = JvmOracle.ints(i + 130, i % 37);
        }
        check(MultiDimProbeTest::sum2d, m, new long[] {5});
        double[][] d = new double[300][];
        for (int i = 0; i < d.length; i++) {
            d[i] = JvmOracle.doubles(i + 140, i % 11, -1e6, 1e6);
        }
        check(MultiDimProbeTest::max2d, d, new double[] {Double.NEGATIVE_INFINITY});
    }

    // ================================================================ several tasks, several executions

    public static void produceJagged(int[][] m) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (int k = 0; k < m[i].length; k++) {
                m[i][k] = i * 100 + k;
            }
        }
    }

    public static void readAt(int[][] m, int[] col, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][col[i]];
        }
    }

    @Test
    public void theSecondTaskThrowsAfterTheFirstWroteTheArray() {
        int n = 30;
        int[][] m = new int[n][];
        int[] col = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = new int[1 + i % 7];
            col[i] = (i * 3) % m[i].length;
        }
        col[n - 1] = m[n - 1].length;
        int[] out = new int[n];
        Object[] e = sharedClone(m, col, out);
        produceJagged((int[][]) e[0]);
        Throwable expected = null;
        try {
            readAt((int[][]) e[0], (int[]) e[1], (int[]) e[2]);
        } catch (Throwable t) {
            expected = t;
        }
        assertNotNull(expected);
        Throwable actual = null;
        try (TaskSchedule s = new TaskSchedule("two").task("p", MultiDimProbeTest::produceJagged, m)
                .task("t", MultiDimProbeTest::readAt, m, col, out)) {
            try {
                s.execute();
            } catch (Throwable t) {
                actual = t;
            }
        }
        assertNotNull("execute() should throw " + expected, actual);
        assertEquals(expected.getClass(), actual.getClass());
        assertEquals(expected.getMessage(), actual.getMessage());
        JvmOracle.assertSame("m", e[0], m);
        JvmOracle.assertSame("out", e[2], out);
    }

    public static void addRowIndex(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = m[i];
            float s = 0;
            for (int k = 0; k < r.length; k++) {
                r[k] = r[k] + i;
                s += r[k];
            }
            out[i] = s;
        }
    }

    @Test
    public void theSameScheduleTwiceWithRowsChangedInBetween() {
        float[][] m = matrix(40, 8, 6);
        float[] out = new float[8];
        float[][] em = (float[][]) JvmOracle.cloneValue(m);
        float[] eout = new float[8];
        try (TaskSchedule s = new TaskSchedule("again").task("t", MultiDimProbeTest::addRowIndex, m, out)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
            addRowIndex(em, eout);
            JvmOracle.assertSame("m after 1", em, m);
            JvmOracle.assertSame("out after 1", eout, out);

            // Change an element, replace a row by a longer one, another by an empty one.
            m[1][0] = 1e9f;
            em[1][0] = 1e9f;
            float[] old = m[3];
            float[] oldCopy = old.clone();
            m[3] = JvmOracle.floats(41, 40, -1f, 1f);
            em[3] = m[3].clone();
            m[5] = new float[0];
            em[5] = new float[0];
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
            addRowIndex(em, eout);
            JvmOracle.assertSame("m after 2", em, m);
            JvmOracle.assertSame("out after 2", eout, out);
            JvmOracle.assertSame("the replaced row", oldCopy, old);

            // Now a null row: Java's exception, the arrays as Java leaves them.
            m[6] = null;
            em[6] = null;
            Throwable expected = null;
            try {
                addRowIndex(em, eout);
            } catch (Throwable t) {
                expected = t;
            }
            assertNotNull(expected);
            try {
                s.execute();
                fail("expected " + expected);
            } catch (NullPointerException t) {
                assertEquals(expected.getMessage(), t.getMessage());
            }
            JvmOracle.assertSame("m after 3", em, m);
            JvmOracle.assertSame("out after 3", eout, out);

            // And back to a full matrix: on the device again.
            m[6] = new float[] {1, 2, 3};
            em[6] = new float[] {1, 2, 3};
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
            addRowIndex(em, eout);
            JvmOracle.assertSame("m after 4", em, m);
            JvmOracle.assertSame("out after 4", eout, out);
        }
    }

    public static void twice(int[][] a, int[][] b) {
        for (@Parallel int i = 0; i < a.length; i++) {
            for (int k = 0; k < a[i].length; k++) {
                b[i][k] = a[i][k] * 2 + 1;
                a[i][k] = a[i][k] - b[i][k];
            }
        }
    }

    @Test
    public void theSameArrayPassedAsTwoArguments() {
        int[][] m = intMatrix(42, 20, 9);
        checkShared(x -> twice((int[][]) x[0], (int[][]) x[1]),
                s -> s.task("t", MultiDimProbeTest::twice, m, m), m, m);
    }

    // ================================================================ element types

    public static void wide(long[][] a, double[][] d, long[] lo, double[] dout) {
        for (@Parallel int i = 0; i < lo.length; i++) {
            long s = 0;
            double t = 0;
            long[] ar = a[i];
            for (int k = 0; k < ar.length; k++) {
                s = s * 31 + ar[k];
                ar[k] = ar[k] >>> 3 ^ (ar[k] << 61);
            }
            double[] dr = d[i];
            for (int k = 0; k < dr.length; k++) {
                t += dr[k] / (k - 2);
                dr[k] = Math.min(dr[k], -0.0) + Math.max(dr[k], 0.0);
            }
            lo[i] = s;
            dout[i] = t;
        }
    }

    @Test
    public void longAndDoubleRowsWithSpecialValues() {
        int n = 30;
        long[][] a = new long[n][];
        double[][] d = new double[n][];
        for (int i = 0; i < n; i++) {
            a[i] = JvmOracle.longs(i + 150, i % 10);
            d[i] = JvmOracle.doubles(i + 160, (i * 3) % 13, -1e300, 1e300);
        }
        a[4][0] = Long.MIN_VALUE;
        a[4][1] = Long.MAX_VALUE;
        a[4][2] = -1;
        d[7][0] = Double.NaN;
        d[7][1] = -0.0;
        d[7][2] = 0.0;
        d[7][3] = Double.NEGATIVE_INFINITY;
        d[8][0] = Double.MIN_VALUE;
        d[8][1] = -Double.MAX_VALUE;
        d[8][2] = -0.0;
        check(MultiDimProbeTest::wide, a, d, new long[n], new double[n]);
    }

    public static void narrow(short[][] s, byte[][] b, char[][] c) {
        for (@Parallel int i = 0; i < s.length; i++) {
            short[] sr = s[i];
            byte[] br = b[i];
            for (int k = 0; k < sr.length; k++) {
                sr[k] = (short) (sr[k] * 3 + br[k % br.length]);
            }
            for (int k = 0; k < br.length; k++) {
                br[k] = (byte) (br[k] << 1 | (br[k] >>> 7));
            }
            char[] cr = c[i];
            for (int k = 0; k < cr.length; k++) {
                cr[k] += (char) 40000;
            }
        }
    }

    @Test
    public void shortByteAndCharRowsAroundTheAlignment() {
        int[] lens = {1, 63, 64, 65, 127, 128, 129, 300, 2, 3, 255, 256, 257};
        int n = lens.length;
        short[][] s = new short[n][];
        byte[][] b = new byte[n][];
        char[][] c = new char[n][];
        for (int i = 0; i < n; i++) {
            int[] v = JvmOracle.ints(i + 170, lens[i]);
            s[i] = new short[lens[(i + 3) % n]];
            b[i] = new byte[lens[i]];
            c[i] = new char[lens[(i + 5) % n]];
            for (int k = 0; k < s[i].length; k++) {
                s[i][k] = (short) (v[k % v.length] >> 5);
            }
            for (int k = 0; k < lens[i]; k++) {
                b[i][k] = (byte) v[k];
            }
            for (int k = 0; k < c[i].length; k++) {
                c[i][k] = (char) (v[k % v.length] >>> 9);
            }
        }
        check(MultiDimProbeTest::narrow, s, b, c);
    }

    public static void booleans(boolean[][] f, boolean[][] out) {
        for (@Parallel int i = 0; i < f.length; i++) {
            boolean[] next = f[(i + 1) % f.length];
            for (int k = 0; k < out[i].length; k++) {
                out[i][k] = f[i][k] ^ next[k % next.length] | (k == 0 && f[i].length == 3);
            }
        }
    }

    @Test
    public void booleanRows() {
        int n = 70;
        boolean[][] f = new boolean[n][];
        boolean[][] out = new boolean[n][];
        for (int i = 0; i < n; i++) {
            int[] v = JvmOracle.ints(i + 180, 1 + i % 9);
            f[i] = new boolean[v.length];
            for (int k = 0; k < v.length; k++) {
                f[i][k] = (v[k] & 4) != 0;
            }
            out[i] = new boolean[v.length];
        }
        check(MultiDimProbeTest::booleans, f, out);
    }

    // ================================================================ shared inner arrays

    public static void columnUpdate(float[][][] t, int w) {
        for (@Parallel int k = 0; k < w; k++) {
            for (int i = 0; i < t.length; i++) {
                for (int j = 0; j < t[i].length; j++) {
                    float[] line = t[i][j];
                    if (line != null && k < line.length) {
                        line[k] = line[k] * 2f + i - j;
                    }
                }
            }
        }
    }

    @Test
    public void threeDimensionsWithSharedInnerArraysWritten() {
        float[][] p0 = matrix(50, 3, 12);
        float[][] p1 = matrix(51, 4, 7);
        float[][] p3 = matrix(52, 2, 12);
        p3[1] = p1[0]; // a shared row
        p1[1] = null;
        float[][][] t = {p0, p1, p0, p3, matrix(53, 1, 5)}; // t[0] == t[2]
        checkShared(x -> columnUpdate((float[][][]) x[0], (Integer) x[1]),
                s -> s.task("t", MultiDimProbeTest::columnUpdate, t, 12), t, 12);
        assertSame(t[0], t[2]);
        assertSame(t[3][1], t[1][0]);
    }

    public static void sameShape(long[][][] t, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int n = 0;
            for (int j = 0; j < t.length; j++) {
                if (t[i] == t[j]) {
                    n += 1;
                }
                if (t[j] != null && t[i] != null && t[j].length > 1 && t[i].length > 0 && t[i][0] == t[j][1]) {
                    n += 100;
                }
                if (t[j] == null) {
                    n += 10000;
                }
            }
            out[i] = n;
        }
    }

    @Test
    public void threeDimensionsComparedByReference() {
        long[] r = {1, 2};
        long[][] a = {r, new long[] {3}};
        long[][] b = {new long[] {4}, r};
        long[][][] t = {a, b, a, null, b, {r, r}};
        int[] out = new int[t.length];
        checkShared(x -> sameShape((long[][][]) x[0], (int[]) x[1]),
                s -> s.task("t", MultiDimProbeTest::sameShape, t, out), t, out);
    }

    public static void twoWays(int[][] m, int w) {
        for (@Parallel int j = 0; j < w; j++) {
            m[0][j] += 1;
            m[2][j] *= 2;
            m[1][j] = m[0][j] - m[2][j] + m[2][j] / 3;
        }
    }

    @Test
    public void aSharedRowWrittenTwiceInOneIteration() {
        int[] shared = JvmOracle.ints(54, 40, -100, 100);
        int[][] m = {shared, new int[40], shared};
        checkShared(x -> twoWays((int[][]) x[0], (Integer) x[1]),
                s -> s.task("t", MultiDimProbeTest::twoWays, m, 40), m, 40);
    }

    // ================================================================ scale

    public static void transposeAdd(float[][] m, float[][] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (@Parallel int j = 0; j < m[0].length; j++) {
                out[i][j] = m[i][j] * 0.5f + m[j][i];
            }
        }
    }

    @Test
    public void aThousandByAThousand() {
        check(MultiDimProbeTest::transposeAdd, matrix(55, 1000, 1000), new float[1000][1000]);
    }

    public static void smallRows(int[][] m, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] r = m[i];
            int s = r.length;
            for (int k = 0; k < r.length; k++) {
                s = s * 17 + r[k];
                r[k] = s;
            }
            out[i] = s;
        }
    }

    @Test
    public void aHundredThousandSmallRows() {
        int n = 100_000;
        int[][] m = new int[n][];
        int[] v = JvmOracle.ints(56, n + 8);
        for (int i = 0; i < n; i++) {
            m[i] = java.util.Arrays.copyOfRange(v, i, i + i % 5);
        }
        check(MultiDimProbeTest::smallRows, m, new int[n]);
    }

    // ================================================================ streams, batches, null arguments

    @Test
    public void aParallelStreamWritingRows() {
        int[][] m = intMatrix(57, 33, 17);
        check((int[][] mm) -> IntStream.range(0, mm.length).parallel().forEach(i -> {
            int[] r = mm[i];
            for (int k = 0; k < r.length; k++) {
                r[k] = r[k] * r[k] - i;
            }
        }), m);
    }

    public static void rowSum(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0;
            for (int k = 0; k < m[i].length; k++) {
                s += m[i][k];
            }
            out[i] = s;
        }
    }

    @Test
    public void batchesReadingATwoDimensionalArray() {
        float[][] m = matrix(58, 2000, 20);
        float[] out = new float[2000];
        float[] expected = new float[2000];
        rowSum((float[][]) JvmOracle.cloneValue(m), expected);
        try (TaskSchedule s = new TaskSchedule("batched").batch("1KB")
                .task("t", MultiDimProbeTest::rowSum, m, out)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("out", expected, out);
    }

    @Test
    public void batchesWritingATwoDimensionalArray() {
        float[][] m = matrix(59, 2000, 20);
        float[] out = new float[2000];
        float[][] em = (float[][]) JvmOracle.cloneValue(m);
        float[] eout = new float[2000];
        addRowIndex(em, eout);
        try (TaskSchedule s = new TaskSchedule("batched").batch("1KB")
                .task("t", MultiDimProbeTest::addRowIndex, m, out)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("m", em, m);
        JvmOracle.assertSame("out", eout, out);
    }

    public static void maybe2d(float[][] m, int use, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = use != 0 ? m[i][0] : i;
        }
    }

    public static void maybe1d(float[] m, int use, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = use != 0 ? m[i] : i;
        }
    }

    /** Runs a task whose first argument is null and never read; returns where it ran. */
    private static TaskReport.Where runWithNull(MoreChecks.TaskAdder adder, float[] out, float[] expected) {
        TaskReport.Where where;
        try (TaskSchedule s = adder.add(new TaskSchedule("null"))) {
            s.execute();
            where = s.report().task("t").ranOn();
        }
        JvmOracle.assertSame("out", expected, out);
        return where;
    }

    @Test
    public void aNullTwoDimensionalArgumentThatIsNeverReadIsTreatedLikeAOneDimensionalOne() {
        float[] e = new float[10];
        maybe1d(null, 0, e);
        float[] out1 = new float[10];
        float[] out2 = new float[10];
        TaskReport.Where one = runWithNull(s -> s.task("t", MultiDimProbeTest::maybe1d, (float[]) null, 0, out1),
                out1, e);
        TaskReport.Where two = runWithNull(s -> s.task("t", MultiDimProbeTest::maybe2d, (float[][]) null, 0, out2),
                out2, e);
        assertEquals(one, two);
    }

    // ================================================================ rows before and between the parallel loops

    public static void rowBefore(float[][] m, float[] out) {
        float[] w = m[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = w[i] * 2 + m[i][0];
        }
    }

    @Test
    public void aRowTakenBeforeTheParallelLoop() {
        check(MultiDimProbeTest::rowBefore, matrix(60, 20, 20), new float[20]);
    }

    public static void rowBetween(float[][] m, float[][] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = m[i];
            for (@Parallel int j = 0; j < out[0].length; j++) {
                out[i][j] = r[j] + j;
            }
        }
    }

    @Test
    public void aRowTakenBetweenTwoParallelLoops() {
        // The inner bound (out[0].length) does not depend on i; the row read between the loops moves into the inner
        // one (perfectNest). It was refused ("code between nested @Parallel loops") when the probe was written.
        check(MultiDimProbeTest::rowBetween, matrix(61, 20, 30), new float[20][30]);
        float[][] shortRow = matrix(62, 20, 30);
        shortRow[13] = new float[29];
        float[][] out = new float[20][30];
        MoreChecks.checkThrows(x -> rowBetween((float[][]) x[0], (float[][]) x[1]),
                s -> s.task("t", MultiDimProbeTest::rowBetween, shortRow, out), shortRow, out);
    }

    public static void colsLocal(int[][] m, int[][] out) {
        int cols = m[0].length;
        for (@Parallel int i = 0; i < m.length; i++) {
            for (@Parallel int j = 0; j < cols; j++) {
                out[i][j] = m[i][j] * 3 - cols;
            }
        }
    }

    @Test
    public void theFirstRowsLengthInALocalBeforeTheLoops() {
        check(MultiDimProbeTest::colsLocal, intMatrix(62, 17, 23), new int[17][23]);
    }

    public static void produceCorner(float[][] m) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (int k = 0; k < m[i].length; k++) {
                m[i][k] = m[i][k] + i + 1;
            }
        }
    }

    public static void scaleByCorner(float[][] m, float[] out) {
        float c = m[0][0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][1] * c;
        }
    }

    @Test
    public void anElementReadBeforeTheLoopAfterAnEarlierTaskWroteIt() {
        float[][] m = matrix(63, 12, 4);
        float[] out = new float[12];
        Object[] e = sharedClone(m, out);
        produceCorner((float[][]) e[0]);
        scaleByCorner((float[][]) e[0], (float[]) e[1]);
        try (TaskSchedule s = new TaskSchedule("corner").task("p", MultiDimProbeTest::produceCorner, m)
                .task("t", MultiDimProbeTest::scaleByCorner, m, out)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "p");
        }
        JvmOracle.assertSame("m", e[0], m);
        JvmOracle.assertSame("out", e[1], out);
    }

    // ================================================================ rows from several places

    public static void eitherSame(float[][] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = (i & 1) == 0 ? a[i] : a[out.length - 1 - i];
            out[i] = r[0] + r.length;
        }
    }

    @Test
    public void aRowOfOneArgumentChosenByATernary() {
        check(MultiDimProbeTest::eitherSame, matrix(64, 20, 3), new float[20]);
    }

    public static void eitherLocal(float[][] a, float[][] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r;
            if ((i & 1) == 0) {
                r = a[i];
            } else {
                r = b[i];
            }
            out[i] = r[0] + r.length;
        }
    }

    @Test
    public void aRowOfEitherOfTwoArgumentsThroughALocalIsRefusedWithItsReason() {
        assertRefused("another array",
                s -> s.task("t", MultiDimProbeTest::eitherLocal, matrix(65, 20, 3), matrix(66, 20, 4), new float[20]));
    }

    public static void rowOrVector(float[][] a, float[] v, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = i < a.length ? a[i] : v;
            out[i] = r[i % r.length];
        }
    }

    @Test
    public void aRowOrAOneDimensionalArgumentIsRefusedWithItsReason() {
        assertRefused("another array", s -> s.task("t", MultiDimProbeTest::rowOrVector, matrix(67, 10, 3),
                JvmOracle.floats(67, 5, -1f, 1f), new float[20]));
    }

    // ================================================================ the largest index on a null row

    public static void readAtIndex(float[][] m, int[] col, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][col[i]];
        }
    }

    @Test
    public void aNullRowReadAtIntegerMaxValue() {
        float[][] m = matrix(68, 8, 4);
        m[5] = null;
        int[] col = new int[8];
        col[5] = Integer.MAX_VALUE;
        float[] out = new float[8];
        MoreChecks.checkThrows(x -> readAtIndex((float[][]) x[0], (int[]) x[1], (float[]) x[2]),
                s -> s.task("t", MultiDimProbeTest::readAtIndex, m, col, out), m, col, out);
    }

    // ================================================================ controls (one-dimensional, or without the row)

    public static void eitherFlat(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = (i & 1) == 0 ? a : b;
            out[i] = r[i % r.length] + r.length;
        }
    }

    @Test
    public void controlEitherOfTwoOneDimensionalArguments() {
        check(MultiDimProbeTest::eitherFlat, JvmOracle.floats(70, 3, -1f, 1f), JvmOracle.floats(71, 4, -1f, 1f),
                new float[20]);
    }

    public static void rowBetweenIntBound(float[][] m, float[][] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = m[i];
            for (@Parallel int j = 0; j < n; j++) {
                out[i][j] = r[j] + j;
            }
        }
    }

    @Test
    public void aRowTakenBetweenTwoParallelLoopsWithAnIntBound() {
        check(MultiDimProbeTest::rowBetweenIntBound, matrix(72, 20, 30), new float[20][30], 30);
    }

    public static void noRowBetween(float[][] m, float[][] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            for (@Parallel int j = 0; j < out[0].length; j++) {
                out[i][j] = m[i][j] + j;
            }
        }
    }

    @Test
    public void controlNoRowBetweenTwoParallelLoops() {
        check(MultiDimProbeTest::noRowBetween, matrix(73, 20, 30), new float[20][30]);
    }
}

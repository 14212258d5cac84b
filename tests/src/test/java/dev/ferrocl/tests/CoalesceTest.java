package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.List;
import org.junit.Test;

/**
 * {@code coalesce} (staged coalescing): a row-strided read of an inner loop ({@code a[i * n + j]}) goes through
 * local memory in tiles the work-group loads together. Results are bit-identical to the JVM's (each row's terms
 * in Java's order): row and column counts around the tile size of 32, non-square matrices, two staged arrays,
 * loops starting past 0, constant offsets, every element type; the phase switched off; arrays too short, where
 * the JVM's exception must come out; and a fixed work-group size, which compiles without the phase. Strict mode.
 */
public class CoalesceTest {
    public static void matvec(int n, float[] a, float[] x, float[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            float sum = 0f;
            for (int j = 0; j < n; j++) {
                sum += a[i * n + j] * x[j];
            }
            y[i] = sum;
        }
    }

    /** Rows of {@code cols} elements, read from column {@code from} on, one element further than the row start. */
    public static void rows(int rows, int cols, int from, double[] a, double[] x, double[] y) {
        for (@Parallel int i = 0; i < rows; i++) {
            double s = 0.5;
            for (int j = from; j < cols - 1; j++) {
                s = s * 0.75 + a[i * cols + j + 1] / x[j];
            }
            y[i] = s;
        }
    }

    public static void gesummv(int n, float alpha, float beta, float[] a, float[] b, float[] x, float[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            float t = 0f;
            float s = 0f;
            for (int j = 0; j < n; j++) {
                t = a[i * n + j] * x[j] + t;
                s = b[i * n + j] * x[j] + s;
            }
            y[i] = alpha * t + beta * s;
        }
    }

    /** Integer types: wrapping sums of products and a hash of chars, bytes, shorts and longs. */
    public static void ints(int n, int[] a, char[] c, byte[] b, short[] s, long[] l, long[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            long h = 17;
            int acc = 0;
            for (int j = 0; j < n; j++) {
                acc = acc * 31 + a[i * n + j] * (j + 1);
                h = h * 1_000_003L ^ (c[i * n + j] + 7L * b[n * i + j] + 13L * s[j + i * n] + l[i * n + j]);
            }
            out[i] = h + acc;
        }
    }

    /** A stride that is a multiple of the parallel index ({@code 2 * i * n}): every other row. */
    public static void everyOtherRow(int n, int[] a, int[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int j = 0; j < n; j++) {
                s = s * 3 + a[2 * i * n + j];
            }
            out[i] = s;
        }
    }

    /** Left early by a data-dependent {@code break}: a tile must not end the loop, so it is not staged. */
    public static void firstAbove(int rows, int cols, float[] m, float t, int[] found) {
        for (@Parallel int r = 0; r < rows; r++) {
            int f = -1;
            for (int c = 0; c < cols; c++) {
                if (m[r * cols + c] > t) {
                    f = c;
                    break;
                }
            }
            found[r] = f;
        }
    }

    /** A {@code continue} and a value assigned on the loop's exit path: staged, exact. */
    public static void positives(int rows, int cols, int[] m, int[] out) {
        for (@Parallel int r = 0; r < rows; r++) {
            int s = 0;
            int c = 0;
            for (; c < cols; c++) {
                if (m[r * cols + c] < 0) {
                    continue;
                }
                s += m[r * cols + c];
            }
            out[r] = s * 3 + c;
        }
    }

    /** Five row-strided double arrays: more tiles than the local-memory budget holds. */
    public static void five(int n, double[] a, double[] b, double[] c, double[] d, double[] e, double[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s = s * 0.5 + a[i * n + j] - b[i * n + j] * c[i * n + j] + d[i * n + j] / (e[i * n + j] + 3.0);
            }
            out[i] = s;
        }
    }

    /** Transpose, rows x cols: the store moves along i (staged in 2-D nests), the load along j. */
    public static void transpose(int rows, int cols, float[] in, float[] out) {
        for (@Parallel int i = 0; i < rows; i++) {
            for (@Parallel int j = 0; j < cols; j++) {
                out[j * rows + i] = in[i * cols + j];
            }
        }
    }

    /** The read moves along i (staged), the store along j; doubles, scaled. */
    public static void transposedRead(int rows, int cols, double[] in, double[] out) {
        for (@Parallel int i = 0; i < rows; i++) {
            for (@Parallel int j = 0; j < cols; j++) {
                out[i * cols + j] = in[j * rows + i] * 0.5 - j;
            }
        }
    }

    /** Two stores along i of one point (both staged, in order) from loads along j and along i. */
    public static void twoOutputs(int n, int[] a, int[] b, int[] sum, long[] prod) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                int x = a[i * n + j];
                int y = b[j * n + i];
                sum[j * n + i] = x + y;
                prod[j * n + i] = (long) x * y;
            }
        }
    }

    /** Rows from 1 with step 2 and columns from 3; chars converted on the way. */
    public static void offsetTranspose(int rows, int cols, char[] in, char[] out) {
        for (@Parallel int i = 1; i < rows; i += 2) {
            for (@Parallel int j = 3; j < cols; j++) {
                out[j * rows + i] = (char) (in[i * cols + j] + 1);
            }
        }
    }

    /** N-body's shape: loads of this work-item's body before the loop, then every body read by every work-item. */
    public static void bodies(float[] x, float[] y, float[] m, float[] ax, float[] ay, float eps) {
        int n = x.length;
        for (@Parallel int i = 0; i < n; i++) {
            float xi = x[i];
            float yi = y[i];
            float sx = 0f;
            float sy = 0f;
            for (int j = 0; j < n; j++) {
                float dx = x[j] - xi;
                float dy = y[j] - yi;
                float inv = 1.0f / (float) Math.sqrt(dx * dx + dy * dy + eps);
                float s = m[j] * inv * inv * inv;
                sx += dx * s;
                sy += dy * s;
            }
            ax[i] = sx;
            ay[i] = sy;
        }
    }

    /** The N-body shape over a strided range of work-items from any start, with an offset into the shared array. */
    public static void bodiesStrided(int from, int to, int off, float[] x, float[] m, float[] out) {
        for (@Parallel int i = from; i < to; i += 3) {
            float xi = x[i];
            float s = 0f;
            for (int j = 0; j < m.length; j++) {
                float d = x[j + off] - xi;
                s += m[j] / (d * d + 1f);
            }
            out[i] = s;
        }
    }

    /** Only shared loads, the loop from a parameter on, in doubles. */
    public static void weights(int from, double[] w, double[] v, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double acc = v[i];
            for (int j = from; j < w.length; j++) {
                acc = acc * 0.5 + w[j] * (i + 1);
            }
            out[i] = acc;
        }
    }

    private static boolean coalesced(TaskReport r) {
        return r.optimizations().stream().anyMatch(o -> o.startsWith("coalesce ("));
    }

    private static TaskReport report(ExecutionReport r) {
        return r.task("t");
    }

    @Test
    public void matvecAroundTheTileSize() {
        for (int n : new int[] {1, 2, 15, 31, 32, 33, 63, 64, 65, 100, 257}) {
            float[] a = JvmOracle.floats(2001 + n, n * n, -2f, 2f);
            float[] x = JvmOracle.floats(2002 + n, n, -2f, 2f);
            ExecutionReport r = check(CoalesceTest::matvec, n, a, x, new float[n]);
            assertTrue(n + ": " + report(r).optimizations(), coalesced(report(r)));
        }
    }

    @Test
    public void nonSquareRowsFromAColumnPastZero() {
        int[][] shapes = {{1, 40}, {3, 2}, {50, 7}, {33, 70}, {100, 33}, {64, 129}};
        for (int[] shape : shapes) {
            int rows = shape[0];
            int cols = shape[1];
            for (int from : new int[] {0, 1, 5}) {
                double[] a = new double[rows * cols];
                for (int k = 0; k < a.length; k++) {
                    a[k] = Math.sin(k * 0.37) * 100;
                }
                double[] x = new double[cols];
                for (int k = 0; k < cols; k++) {
                    x[k] = 1.5 + Math.cos(k);
                }
                ExecutionReport r = check(CoalesceTest::rows, rows, cols, from, a, x, new double[rows]);
                assertTrue(report(r).optimizations().toString(), coalesced(report(r)));
            }
        }
    }

    @Test
    public void twoStagedArraysAndTheSharedVector() {
        for (int n : new int[] {1, 31, 33, 96, 130}) {
            float[] a = JvmOracle.floats(2003 + n, n * n, -1f, 1f);
            float[] b = JvmOracle.floats(2004 + n, n * n, -1f, 1f);
            float[] x = JvmOracle.floats(2005 + n, n, -1f, 1f);
            ExecutionReport r = check(CoalesceTest::gesummv, n, 1.5f, -0.25f, a, b, x, new float[n]);
            assertTrue(report(r).optimizations().toString(),
                    report(r).optimizations().contains("coalesce (3 array reads staged through local memory)"));
        }
    }

    @Test
    public void everyElementType() {
        for (int n : new int[] {1, 20, 33, 70}) {
            int m = n * n;
            int[] a = Inputs.ints(2006 + n, m);
            char[] c = new char[m];
            byte[] b = new byte[m];
            short[] s = new short[m];
            long[] l = JvmOracle.longs(2007 + n, m);
            for (int k = 0; k < m; k++) {
                c[k] = (char) (a[k] >>> 7);
                b[k] = (byte) (a[k] >> 3);
                s[k] = (short) (a[k] * 7);
            }
            ExecutionReport r = check(CoalesceTest::ints, n, a, c, b, s, l, new long[n]);
            assertTrue(report(r).optimizations().toString(), coalesced(report(r)));
            int[] wide = Inputs.ints(2008 + n, 2 * m);
            r = check(CoalesceTest::everyOtherRow, n, wide, new int[n]);
            assertTrue(report(r).optimizations().toString(), coalesced(report(r)));
        }
    }

    @Test
    public void loopsLeftEarlyAreNotStagedAndContinueIs() {
        for (int rows : new int[] {1, 40, 100}) {
            for (int cols : new int[] {1, 31, 32, 70}) {
                float[] m = JvmOracle.floats(2015 + rows + cols, rows * cols, 0f, 1f);
                ExecutionReport r = check(CoalesceTest::firstAbove, rows, cols, m, 0.97f, new int[rows]);
                assertFalse(report(r).optimizations().toString(), coalesced(report(r)));
                int[] mi = Inputs.ints(2016 + rows + cols, rows * cols);
                r = check(CoalesceTest::positives, rows, cols, mi, new int[rows]);
                assertTrue(report(r).optimizations().toString(), coalesced(report(r)));
            }
        }
    }

    @Test
    public void tilesStayWithinTheLocalMemoryBudget() {
        for (int n : new int[] {5, 40, 70}) {
            double[][] m = new double[5][n * n];
            for (int k = 0; k < 5; k++) {
                for (int q = 0; q < n * n; q++) {
                    m[k][q] = Math.sin(q * 0.1 + k) * (k + 1);
                }
            }
            ExecutionReport r = check(CoalesceTest::five, n, m[0], m[1], m[2], m[3], m[4], new double[n]);
            // The tiles take at most three quarters of the device's local memory, at most 48 KiB: a double tile is
            // 32 x 33 x 8 bytes, so 2 fit in the 24 KiB of a 32 KiB device, 4 in NVIDIA's 36 of 48, all 5 on PoCL.
            long local = dev.ferrocl.api.Devices.defaultDevice().localMemoryBytes();
            long budget = Math.min(local / 4 * 3, 48 << 10);
            long staged = Math.min(5, budget / (32 * 33 * 8));
            assertTrue(local + " bytes of local memory", local >= 32 << 10);
            assertTrue(report(r).optimizations().toString(), report(r).optimizations().contains(
                    "coalesce (" + staged + " array reads staged through local memory)"));
        }
    }

    @Test
    public void aMatrixTooShortThrowsAsTheJvmDoes() {
        // 70 rows of 70 need 4900 elements; 4899 fails in the last row's last iteration, in work-group 2.
        int n = 70;
        float[] a = JvmOracle.floats(2009, n * n - 1, -1f, 1f);
        float[] x = JvmOracle.floats(2010, n, -1f, 1f);
        float[] y = new float[n];
        Throwable e = checkThrows(v -> matvec((int) v[0], (float[]) v[1], (float[]) v[2], (float[]) v[3]),
                s -> s.task("t", CoalesceTest::matvec, n, a, x, y), n, a, x, y);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 4899 out of bounds for length 4899", e.getMessage());
        // A vector too short: x[j] fails in every row's first tile.
        float[] a2 = JvmOracle.floats(2011, n * n, -1f, 1f);
        float[] x2 = JvmOracle.floats(2012, 40, -1f, 1f);
        float[] y2 = new float[n];
        e = checkThrows(v -> matvec((int) v[0], (float[]) v[1], (float[]) v[2], (float[]) v[3]),
                s -> s.task("t", CoalesceTest::matvec, n, a2, x2, y2), n, a2, x2, y2);
        assertEquals("Index 40 out of bounds for length 40", e.getMessage());
    }

    @Test
    public void switchedOffOrWithAFixedWorkGroupTheResultIsTheSame() {
        int n = 77;
        float[] a = JvmOracle.floats(2013, n * n, -3f, 3f);
        float[] x = JvmOracle.floats(2014, n, -3f, 3f);
        float[] expected = new float[n];
        matvec(n, a, x, expected);
        for (int variant = 0; variant < 3; variant++) {
            float[] y = new float[n];
            try (TaskSchedule s = new TaskSchedule("coalesce" + variant)) {
                s.task("t", CoalesceTest::matvec, n, a, x, y);
                if (variant == 1) {
                    s.optimization("coalesce", false);
                } else if (variant == 2) {
                    s.workGroupSize("t", 64);
                }
                s.execute();
                TaskReport r = s.report().task("t");
                assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
                List<String> applied = r.optimizations();
                if (variant == 0) {
                    assertTrue(applied.toString(), coalesced(r));
                    assertTrue(s.kernelSource("t"), s.kernelSource("t").contains("reqd_work_group_size(32, 1, 1)"));
                } else {
                    assertFalse(applied.toString(), coalesced(r));
                    assertTrue(applied.toString(), applied.stream().anyMatch(o -> o.startsWith("loopVersioning")));
                }
            }
            JvmOracle.assertSame("variant " + variant, expected, y);
        }
    }

    @Test
    public void transposeIn2dAroundTheTileSize() {
        int[][] shapes = {{1, 1}, {15, 17}, {16, 16}, {17, 15}, {255, 33}, {32, 1000}, {1000, 31}, {65, 64}};
        for (int[] sh : shapes) {
            int rows = sh[0], cols = sh[1];
            float[] in = JvmOracle.floats(2101 + rows, rows * cols, -5f, 5f);
            ExecutionReport r = check(CoalesceTest::transpose, rows, cols, in, new float[rows * cols]);
            assertTrue(report(r).optimizations().toString(),
                    report(r).optimizations().contains("coalesce (1 array write staged through local memory)"));
        }
    }

    @Test
    public void transposedReadsIn2d() {
        for (int[] sh : new int[][] {{1, 7}, {33, 31}, {100, 257}}) {
            int rows = sh[0], cols = sh[1];
            double[] in = JvmOracle.doubles(2102 + rows, rows * cols, -9, 9);
            ExecutionReport r = check(CoalesceTest::transposedRead, rows, cols, in, new double[rows * cols]);
            assertTrue(report(r).optimizations().toString(),
                    report(r).optimizations().contains("coalesce (1 array read staged through local memory)"));
        }
    }

    @Test
    public void twoStagedStoresAndAStagedReadIn2d() {
        for (int n : new int[] {1, 31, 32, 33, 100}) {
            int[] a = Inputs.ints(2103 + n, n * n);
            int[] b = Inputs.ints(2104 + n, n * n);
            ExecutionReport r = check(CoalesceTest::twoOutputs, n, a, b, new int[n * n], new long[n * n]);
            assertTrue(report(r).optimizations().toString(), report(r).optimizations()
                    .contains("coalesce (1 array read and 2 array writes staged through local memory)"));
        }
    }

    @Test
    public void offsetsAndStepsIn2d() {
        for (int[] sh : new int[][] {{2, 4}, {40, 70}, {131, 67}}) {
            int rows = sh[0], cols = sh[1];
            char[] in = new char[rows * cols];
            for (int k = 0; k < in.length; k++) {
                in[k] = (char) (k * 7919);
            }
            ExecutionReport r = check(CoalesceTest::offsetTranspose, rows, cols, in, new char[rows * cols]);
            assertTrue(report(r).optimizations().toString(), coalesced(report(r)));
        }
    }

    @Test
    public void aTransposeTargetTooShortThrowsAsTheJvmDoes() {
        int rows = 70, cols = 45;
        float[] in = JvmOracle.floats(2105, rows * cols, -1f, 1f);
        float[] out = new float[rows * cols - 1];
        Throwable e = checkThrows(v -> transpose(rows, cols, (float[]) v[0], (float[]) v[1]),
                s -> s.task("t", CoalesceTest::transpose, rows, cols, in, out), in, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 3149 out of bounds for length 3149", e.getMessage());
    }

    @Test
    public void transposeSwitchedOffOrWithAFixedWorkGroupIsTheSame() {
        int rows = 77, cols = 90;
        float[] in = JvmOracle.floats(2106, rows * cols, -3f, 3f);
        float[] expected = new float[rows * cols];
        transpose(rows, cols, in, expected);
        for (int variant = 0; variant < 3; variant++) {
            float[] out = new float[rows * cols];
            try (TaskSchedule s = new TaskSchedule("transpose" + variant)) {
                s.task("t", CoalesceTest::transpose, rows, cols, in, out);
                if (variant == 1) {
                    s.optimization("coalesce", false);
                } else if (variant == 2) {
                    s.workGroupSize("t", 16, 16);
                }
                s.execute();
                TaskReport r = s.report().task("t");
                assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
                assertEquals(r.optimizations().toString(), variant == 0, coalesced(r));
                if (variant == 0) {
                    assertTrue(s.kernelSource("t"), s.kernelSource("t").contains("reqd_work_group_size(32, 8, 1)"));
                }
            }
            JvmOracle.assertSame("variant " + variant, expected, out);
        }
    }

    @Test
    public void sharedReadsAfterLoadsOfTheWorkItemsOwnElements() {
        for (int n : new int[] {1, 2, 31, 127, 128, 129, 300, 1000}) {
            float[] x = JvmOracle.floats(2101 + n, n, -10f, 10f);
            float[] y = JvmOracle.floats(2102 + n, n, -10f, 10f);
            float[] m = JvmOracle.floats(2103 + n, n, 0.5f, 2f);
            ExecutionReport r = check(CoalesceTest::bodies, x, y, m, new float[n], new float[n], 0.01f);
            assertTrue(n + ": " + report(r).optimizations(), report(r).optimizations()
                    .contains("coalesce (3 array reads staged through local memory, 1 check before the loop reported after it)"));
        }
        for (int n : new int[] {1, 60, 128, 200}) {
            for (int from : new int[] {0, 3, 150, 500}) {
                double[] w = new double[n + 7];
                for (int k = 0; k < w.length; k++) {
                    w[k] = Math.sin(k * 0.3) * 4;
                }
                double[] v = new double[n];
                for (int k = 0; k < n; k++) {
                    v[k] = Math.cos(k);
                }
                ExecutionReport r = check(CoalesceTest::weights, from, w, v, new double[n]);
                assertTrue(n + " from " + from + ": " + report(r).optimizations(), coalesced(report(r)));
            }
        }
        try (TaskSchedule s = new TaskSchedule("wide")) {
            s.task("t", CoalesceTest::bodies, new float[4], new float[4], new float[4], new float[4], new float[4], 1f);
            assertTrue(s.kernelSource("t"), s.kernelSource("t").contains("reqd_work_group_size(128, 1, 1)"));
        }
    }

    @Test
    public void aCheckBeforeTheSharedLoopStillThrowsAsTheJvmDoes() {
        // y shorter than x: y[i] fails before the loop for i = 200, in work-group 1; the loop itself reads y[j]
        // past its end too, so its entry test fails and the groups run the checked copy.
        int n = 300;
        float[] x = JvmOracle.floats(2104, n, -5f, 5f);
        float[] m = JvmOracle.floats(2105, n, 0.5f, 2f);
        for (int len : new int[] {200, 0, 299}) {
            float[] y = JvmOracle.floats(2106 + len, len, -5f, 5f);
            float[] ax = new float[n];
            float[] ay = new float[n];
            Throwable e = checkThrows(
                    v -> bodies((float[]) v[0], (float[]) v[1], (float[]) v[2], (float[]) v[3], (float[]) v[4], 0.5f),
                    s -> s.task("t", CoalesceTest::bodies, x, y, m, ax, ay, 0.5f), x, y, m, ax, ay);
            assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        }
        // Only the masses too short: the loads before the loop pass, the loop's test fails in every group.
        float[] y = JvmOracle.floats(2107, n, -5f, 5f);
        float[] shortM = JvmOracle.floats(2108, n - 1, 0.5f, 2f);
        float[] ax = new float[n];
        float[] ay = new float[n];
        Throwable e = checkThrows(
                v -> bodies((float[]) v[0], (float[]) v[1], (float[]) v[2], (float[]) v[3], (float[]) v[4], 0.5f),
                s -> s.task("t", CoalesceTest::bodies, x, y, shortM, ax, ay, 0.5f), x, y, shortM, ax, ay);
        assertEquals("Index 299 out of bounds for length 299", e.getMessage());
    }

    @Test
    public void sharedStagingOverStridedRangesAndOffsets() {
        int n = 700;
        float[] x = JvmOracle.floats(2110, n, -5f, 5f);
        float[] m = JvmOracle.floats(2111, 300, 0.5f, 2f);
        int[][] cases = {{0, 700, 0}, {5, 690, 7}, {1, 390, 399}, {0, 1, 0}};
        for (int[] c : cases) {
            ExecutionReport r = check(CoalesceTest::bodiesStrided, c[0], c[1], c[2], x, m, new float[n]);
            assertTrue(java.util.Arrays.toString(c) + ": " + report(r).optimizations(), coalesced(report(r)));
        }
        // A start before the array (x[-1] throws before the loop) and an offset that runs past it (x[j + 401] for
        // j = 299 is x[700]): the JVM's exception either way.
        for (int[] c : new int[][] {{-1, 10, 0}, {0, 10, 401}}) {
            float[] out = new float[n];
            Throwable e = checkThrows(v -> bodiesStrided(c[0], c[1], c[2], (float[]) v[0], (float[]) v[1],
                    (float[]) v[2]), s -> s.task("t", CoalesceTest::bodiesStrided, c[0], c[1], c[2], x, m, out),
                    x, m, out);
            assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        }
    }
}

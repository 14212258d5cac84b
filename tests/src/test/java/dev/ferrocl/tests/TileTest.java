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
import org.junit.Test;

/**
 * {@code tile} (tiling with register blocking): a 2-D {@code @Parallel} nest around one inner loop that reads one
 * operand along (i, k) and another along (k, j) runs as 64 x 64 blocks staged through local memory, 4 x 4 points per
 * work-item (32 x 32 blocks of 2 x 2 points for launches too small to fill the device: {@code api.TileSizeTest}). Every result must be the JVM's bit for bit (each point's terms in Java's order): sizes around the tile
 * (1, 15, 16, 17, 255, 1000), non-square shapes, the gemm form updating C in place, transposed operands, integer
 * and long types with wrapping, two carried values and the loop variable used after the loop, parallel loops that
 * start past 0 or step by 2, an inner loop starting past 0; the phase switched off and a fixed work-group size
 * (which compiles without it); operands too short, where the JVM's exception must come out. Strict mode.
 */
public class TileTest {
    public static void matmul(int n, int m, int k, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * k + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** PolyBench's gemm: {@code C = alpha A B + beta C}, C (n x n) updated in place. */
    public static void gemm(int n, int k, float alpha, float beta, float[] c, float[] a, float[] b) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float acc = c[i * n + j] * beta;
                for (int p = 0; p < k; p++) {
                    acc += alpha * a[i * k + p] * b[p * n + j];
                }
                c[i * n + j] = acc;
            }
        }
    }

    /** {@code C = A^T B^T}: a is k x n, b is m x k. */
    public static void transposed(int n, int m, int k, double[] a, double[] b, double[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                double sum = 0.25;
                for (int p = 0; p < k; p++) {
                    sum = sum + a[p * n + i] * b[j * k + p];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** {@code C += A B} in wrapping int arithmetic, the inner loop from {@code from}. */
    public static void accumulate(int n, int m, int k, int from, int[] a, int[] b, int[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                int s = c[i * m + j];
                for (int p = from; p < k; p++) {
                    s += a[i * k + p] * b[p * m + j];
                }
                c[i * m + j] = s;
            }
        }
    }

    /** Two carried longs, and the loop variable's final value used after the loop. */
    public static void twoSums(int n, int m, int k, long[] a, long[] b, long[] lo, long[] hi) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                long s = 0;
                long t = 1;
                int p = 0;
                for (; p < k; p++) {
                    s += a[i * k + p] * b[p * m + j];
                    t = t * 3 + (a[i * k + p] ^ (b[p * m + j] >> 2));
                }
                lo[i * m + j] = s + p;
                hi[i * m + j] = t - i + j;
            }
        }
    }

    /** Rows 1, 3, 5, … and columns from 2: parallel loops that start past 0, one stepping by 2. */
    public static void offsets(int n, int m, int k, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 1; i < n; i += 2) {
            for (@Parallel int j = 2; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * k + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** The row stride of A is {@code (int) lda} of a long: the host evaluates it and makes the bounds test. */
    public static void longStride(int n, int m, int k, long lda, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * (int) lda + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /**
     * The row stride of A is {@code Math.abs(lda)}, which the host's expressions do not evaluate: the kernel makes the
     * bounds test.
     */
    public static void absStride(int n, int m, int k, int lda, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * Math.abs(lda) + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** A stride through a floating-point square root: a term the host does not compute (the kernel tests it). */
    public static void sqrtStride(int n, int m, int k, int ldaSquared, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * (int) Math.sqrt(ldaSquared) + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** A per-row scale read inside the k loop straight from global memory (not staged in a tile). */
    public static void scaledRows(int n, int m, int k, float[] a, float[] b, float[] s, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * k + p] * b[p * m + j] * s[i];
                }
                c[i * m + j] = sum;
            }
        }
    }

    private static boolean tiled(ExecutionReport r) {
        return r.task("t").optimizations().stream().anyMatch(o -> o.startsWith("tile ("));
    }

    private static void assertTiled(ExecutionReport r) {
        assertTrue(r.task("t").optimizations().toString(), tiled(r));
    }

    @Test
    public void squareSizesAroundTheTile() {
        for (int s : new int[] {1, 15, 16, 17, 63, 64, 65, 255}) {
            float[] a = JvmOracle.floats(3001 + s, s * s, -2f, 2f);
            float[] b = JvmOracle.floats(3002 + s, s * s, -2f, 2f);
            assertTiled(check(TileTest::matmul, s, s, s, a, b, new float[s * s]));
        }
    }

    /**
     * A load of the loop that no tile holds ({@code s[i]}) at sizes that leave padding points in the last block: the
     * padding points read the first point's elements (never past the arrays' ends) and the results are the JVM's.
     */
    @Test
    public void loadsOutsideTheTilesAtSizesWithPadding() {
        for (int[] sh : new int[][] {{65, 33, 7}, {129, 130, 17}, {300, 257, 5}}) {
            int n = sh[0], m = sh[1], k = sh[2];
            float[] a = JvmOracle.floats(3011 + n, n * k, -1f, 1f);
            float[] b = JvmOracle.floats(3012 + m, k * m, -1f, 1f);
            float[] s = JvmOracle.floats(3013 + n, n, -2f, 2f);
            assertTiled(check(TileTest::scaledRows, n, m, k, a, b, s, new float[n * m]));
        }
    }

    @Test
    public void nonSquareShapes() {
        int[][] shapes = {{1, 1000, 3}, {1000, 1, 17}, {15, 17, 255}, {255, 16, 1}, {70, 130, 33}, {17, 15, 1000}};
        for (int[] sh : shapes) {
            int n = sh[0], m = sh[1], k = sh[2];
            float[] a = JvmOracle.floats(3003 + n, n * k, -1f, 1f);
            float[] b = JvmOracle.floats(3004 + m, k * m, -1f, 1f);
            assertTiled(check(TileTest::matmul, n, m, k, a, b, new float[n * m]));
        }
    }

    @Test
    public void aThousandCubed() {
        int s = 1000;
        float[] a = JvmOracle.floats(3005, s * s, -1f, 1f);
        float[] b = JvmOracle.floats(3006, s * s, -1f, 1f);
        assertTiled(check(TileTest::matmul, s, s, s, a, b, new float[s * s]));
    }

    @Test
    public void gemmUpdatesInPlace() {
        for (int[] sh : new int[][] {{1, 1}, {16, 16}, {17, 65}, {100, 129}}) {
            int n = sh[0], k = sh[1];
            float[] c = JvmOracle.floats(3007 + n, n * n, -5f, 5f);
            float[] a = JvmOracle.floats(3008 + n, n * k, -1f, 1f);
            float[] b = JvmOracle.floats(3009 + n, k * n, -1f, 1f);
            assertTiled(check(TileTest::gemm, n, k, 1.5f, 1.2f, c, a, b));
        }
    }

    @Test
    public void transposedOperands() {
        for (int[] sh : new int[][] {{1, 2, 3}, {64, 64, 64}, {65, 31, 100}, {130, 67, 17}}) {
            int n = sh[0], m = sh[1], k = sh[2];
            double[] a = JvmOracle.doubles(3010 + n, k * n, -3, 3);
            double[] b = JvmOracle.doubles(3011 + n, m * k, -3, 3);
            assertTiled(check(TileTest::transposed, n, m, k, a, b, new double[n * m]));
        }
    }

    @Test
    public void integersWrapAndTheLoopMayStartPastZero() {
        for (int[] sh : new int[][] {{5, 7, 9}, {66, 65, 80}, {33, 100, 40}}) {
            int n = sh[0], m = sh[1], k = sh[2];
            for (int from : new int[] {0, 3, k}) {
                int[] a = Inputs.ints(3012 + n + from, n * k);
                int[] b = Inputs.ints(3013 + m + from, k * m);
                int[] c = Inputs.ints(3014 + k + from, n * m);
                assertTiled(check(TileTest::accumulate, n, m, k, from, a, b, c));
            }
        }
    }

    @Test
    public void twoCarriedLongsAndTheFinalLoopVariable() {
        for (int[] sh : new int[][] {{1, 1, 0}, {3, 4, 5}, {70, 66, 21}, {64, 128, 64}}) {
            int n = sh[0], m = sh[1], k = sh[2];
            long[] a = JvmOracle.longs(3015 + n, Math.max(1, n * k));
            long[] b = JvmOracle.longs(3016 + m, Math.max(1, k * m));
            assertTiled(check(TileTest::twoSums, n, m, k, a, b, new long[n * m], new long[n * m]));
        }
    }

    @Test
    public void parallelLoopsStartingPastZeroAndStepping() {
        for (int[] sh : new int[][] {{2, 3, 4}, {40, 70, 16}, {131, 67, 45}}) {
            int n = sh[0], m = sh[1], k = sh[2];
            float[] a = JvmOracle.floats(3017 + n, n * k, -1f, 1f);
            float[] b = JvmOracle.floats(3018 + m, k * m, -1f, 1f);
            assertTiled(check(TileTest::offsets, n, m, k, a, b, new float[n * m]));
        }
    }

    @Test
    public void theBoundsTestIsMadeOnTheHostOrInTheKernel() {
        try (TaskSchedule s = new TaskSchedule("where")) {
            s.task("t", TileTest::matmul, 3, 3, 3, new float[9], new float[9], new float[9]);
            assertTrue(s.kernelSource("t"), s.kernelSource("t").contains("const bool ferrocl_tiled = ferrocl_proven != 0;"));
            s.task("u", TileTest::longStride, 3, 3, 3, 3L, new float[9], new float[9], new float[9]);
            assertTrue(s.kernelSource("u"), s.kernelSource("u").contains("const bool ferrocl_tiled = ferrocl_proven != 0;"));
            // Math.abs of an int: the host computes it as Java does, so it proves the bounds too.
            s.task("v", TileTest::absStride, 3, 3, 3, 3, new float[9], new float[9], new float[9]);
            assertTrue(s.kernelSource("v"), s.kernelSource("v").contains("const bool ferrocl_tiled = ferrocl_proven != 0;"));
            // A square root: the host does not compute it, so the kernel makes the test.
            s.task("w", TileTest::sqrtStride, 3, 3, 3, 9, new float[9], new float[9], new float[9]);
            assertFalse(s.kernelSource("w"), s.kernelSource("w").contains("ferrocl_proven"));
            assertTrue(s.kernelSource("w"), s.kernelSource("w").contains("ferrocl_tiled"));
        }
        for (int[] sh : new int[][] {{1, 1, 1}, {17, 33, 65}, {70, 64, 100}}) {
            int n = sh[0], m = sh[1], k = sh[2];
            for (int pad : new int[] {0, 3}) {
                long lda = k + pad;
                float[] a = JvmOracle.floats(3030 + n + pad, (int) (n * lda), -1f, 1f);
                float[] b = JvmOracle.floats(3031 + m, k * m, -1f, 1f);
                assertTiled(check(TileTest::longStride, n, m, k, lda, a, b, new float[n * m]));
                assertTiled(check(TileTest::absStride, n, m, k, (int) -lda, a, b, new float[n * m]));
                assertTiled(check(TileTest::sqrtStride, n, m, k, (int) (lda * lda), a, b, new float[n * m]));
            }
        }
        // A stride one too long for A: the test fails (the host's, or the kernel's own), the checked code throws as
        // the JVM.
        int n = 40, m = 30, k = 20;
        long lda = k + 1;
        float[] a = JvmOracle.floats(3032, n * k, -1f, 1f);
        float[] b = JvmOracle.floats(3033, k * m, -1f, 1f);
        float[] c = new float[n * m];
        Throwable e = checkThrows(v -> longStride(n, m, k, lda, (float[]) v[0], (float[]) v[1], (float[]) v[2]),
                s -> s.task("t", TileTest::longStride, n, m, k, lda, a, b, c), a, b, c);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        float[] c2 = new float[n * m];
        e = checkThrows(v -> absStride(n, m, k, (int) lda, (float[]) v[0], (float[]) v[1], (float[]) v[2]),
                s -> s.task("t", TileTest::absStride, n, m, k, (int) lda, a, b, c2), a, b, c2);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        float[] c3 = new float[n * m];
        e = checkThrows(v -> sqrtStride(n, m, k, (int) (lda * lda), (float[]) v[0], (float[]) v[1], (float[]) v[2]),
                s -> s.task("t", TileTest::sqrtStride, n, m, k, (int) (lda * lda), a, b, c3), a, b, c3);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void operandsTooShortThrowAsTheJvmDoes() {
        int n = 70, m = 50, k = 40;
        float[] b = JvmOracle.floats(3020, k * m, -1f, 1f);
        // A one element short: the last row's last term fails.
        float[] shortA = JvmOracle.floats(3019, n * k - 1, -1f, 1f);
        float[] c1 = new float[n * m];
        Throwable e = checkThrows(v -> matmul(n, m, k, (float[]) v[0], (float[]) v[1], (float[]) v[2]),
                s -> s.task("t", TileTest::matmul, n, m, k, shortA, b, c1), shortA, b, c1);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 2799 out of bounds for length 2799", e.getMessage());
        // B one row short: every point's last terms fail.
        float[] a = JvmOracle.floats(3021, n * k, -1f, 1f);
        float[] shortB = JvmOracle.floats(3022, (k - 1) * m, -1f, 1f);
        float[] c2 = new float[n * m];
        e = checkThrows(v -> matmul(n, m, k, (float[]) v[0], (float[]) v[1], (float[]) v[2]),
                s -> s.task("t", TileTest::matmul, n, m, k, a, shortB, c2), a, shortB, c2);
        assertEquals("Index 1950 out of bounds for length 1950", e.getMessage());
        // C too short: the store of the first point past its end fails.
        float[] shortC = new float[n * m - 7];
        e = checkThrows(v -> matmul(n, m, k, (float[]) v[0], (float[]) v[1], (float[]) v[2]),
                s -> s.task("t", TileTest::matmul, n, m, k, a, b, shortC), a, b, shortC);
        assertEquals("Index 3493 out of bounds for length 3493", e.getMessage());
    }

    @Test
    public void switchedOffOrWithAFixedWorkGroupTheResultIsTheSame() {
        int n = 77, m = 90, k = 45;
        float[] a = JvmOracle.floats(3023, n * k, -3f, 3f);
        float[] b = JvmOracle.floats(3024, k * m, -3f, 3f);
        float[] expected = new float[n * m];
        matmul(n, m, k, a, b, expected);
        for (int variant = 0; variant < 3; variant++) {
            float[] c = new float[n * m];
            try (TaskSchedule s = new TaskSchedule("tile" + variant)) {
                s.task("t", TileTest::matmul, n, m, k, a, b, c);
                if (variant == 1) {
                    s.optimization("tile", false);
                } else if (variant == 2) {
                    s.workGroupSize("t", 8, 8);
                }
                s.execute();
                TaskReport r = s.report().task("t");
                assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
                boolean tile = r.optimizations().stream().anyMatch(o -> o.startsWith("tile ("));
                if (variant == 0) {
                    assertTrue(r.optimizations().toString(), tile);
                    assertTrue(s.kernelSource("t"), s.kernelSource("t").contains("reqd_work_group_size(16, 16, 1)"));
                } else {
                    assertFalse(r.optimizations().toString(), tile);
                }
            }
            JvmOracle.assertSame("variant " + variant, expected, c);
        }
    }
}

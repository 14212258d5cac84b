package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.ExecutionReport;
import org.junit.Test;

/**
 * Loop versioning (the index checks of an inner loop tested once at its entry): every kernel of
 * {@link VersioningKernels} runs strict on the device against the JVM, with inputs in range (the fast copy), with
 * inputs that fail the entry test while Java never leaves the array (the checked copy, still on the device), and
 * with inputs that leave the array at the first or the last iteration (the JVM's exception, its message and the
 * arrays as the JVM leaves them).
 */
public class VersioningTest {
    private static float[] floats(long seed, int n) {
        return JvmOracle.floats(seed, n, -2f, 2f);
    }

    private static void expectIndex(Throwable e, String message) {
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals(message, e.getMessage());
    }

    @Test
    public void rowSumsInRange() {
        check(VersioningKernels::rowSums, floats(1, 64 * 33), new float[64], 64, 33, 0);
        check(VersioningKernels::rowSums, floats(2, 64 * 33 + 5), new float[64], 64, 33, 5);
        check(VersioningKernels::rowSums, floats(3, 100), new float[64], 64, 0, 7); // empty inner loops
    }

    @Test
    public void rowSumsPastTheEndOfTheLastRow() {
        float[] m = floats(4, 64 * 33);
        float[] out = new float[64];
        Throwable e = checkThrows(x -> VersioningKernels.rowSums((float[]) x[0], (float[]) x[1], 64, 33, 1),
                s -> s.task("t", VersioningKernels::rowSums, m, out, 64, 33, 1), m, out);
        expectIndex(e, "Index 2112 out of bounds for length 2112");
    }

    @Test
    public void rowSumsBeforeTheStartOfTheFirstRow() {
        float[] m = floats(5, 64 * 33);
        float[] out = new float[64];
        Throwable e = checkThrows(x -> VersioningKernels.rowSums((float[]) x[0], (float[]) x[1], 64, 33, -1),
                s -> s.task("t", VersioningKernels::rowSums, m, out, 64, 33, -1), m, out);
        expectIndex(e, "Index -1 out of bounds for length 2112");
    }

    @Test
    public void countingDown() {
        int[] a = JvmOracle.ints(6, 50);
        check(VersioningKernels::countDown, a, new int[40 * 4], 49, 0, 40);
        check(VersioningKernels::countDown, a, new int[40 * 4], 10, 20, 40); // no iteration
        int[] out = new int[40 * 4];
        Throwable e = checkThrows(x -> VersioningKernels.countDown((int[]) x[0], (int[]) x[1], 49, -1, 40),
                s -> s.task("t", VersioningKernels::countDown, a, out, 49, -1, 40), a, out);
        expectIndex(e, "Index -1 out of bounds for length 50");
        int[] out2 = new int[40 * 4];
        e = checkThrows(x -> VersioningKernels.countDown((int[]) x[0], (int[]) x[1], 50, 3, 40),
                s -> s.task("t", VersioningKernels::countDown, a, out2, 50, 3, 40), a, out2);
        expectIndex(e, "Index 50 out of bounds for length 50");
    }

    @Test
    public void strideThatWrapsPastIntegerMaxValue() {
        int[] a = JvmOracle.ints(7, 100);
        check(VersioningKernels::stride, a, new int[32], 10, 100, 0, 32);
        check(VersioningKernels::stride, a, new int[32], 1000, 1100, 1000, 32);
        // k = MAX-5, MAX-2 (indices 0, 3), then k + 3 wraps to MIN (< end): indices 6, then 9.
        int base = Integer.MAX_VALUE - 5;
        int[] small = JvmOracle.ints(8, 9);
        int[] out = new int[32];
        Throwable e = checkThrows(
                x -> VersioningKernels.stride((int[]) x[0], (int[]) x[1], base, Integer.MAX_VALUE, base, 32),
                s -> s.task("t", VersioningKernels::stride, small, out, base, Integer.MAX_VALUE, base, 32), small,
                out);
        expectIndex(e, "Index 9 out of bounds for length 9");
    }

    @Test
    public void inclusiveBound() {
        long[] a = JvmOracle.longs(9, 77);
        check(VersioningKernels::inclusive, a, new long[100], 76, 100);
        long[] out = new long[100];
        Throwable e = checkThrows(x -> VersioningKernels.inclusive((long[]) x[0], (long[]) x[1], 77, 100),
                s -> s.task("t", VersioningKernels::inclusive, a, out, 77, 100), a, out);
        expectIndex(e, "Index 77 out of bounds for length 77");
    }

    @Test
    public void earlyExitBeforeTheEndRunsCheckedOnTheDevice() {
        // The last row's window runs 10 elements past the end, but every row holds a negative first: Java stops
        // in time, the entry test fails, and the checked copy runs on the device (strict).
        int rows = 50, cols = 20;
        int[] m = JvmOracle.ints(10, rows * cols - 10, 0, 100);
        for (int r = 0; r < rows; r++) {
            m[r * cols + 3] = -1;
        }
        check(VersioningKernels::untilNegative, m, new int[rows], rows, cols);
        m[(rows - 1) * cols + 3] = 5; // now the last row reads on past the end
        int[] out = new int[rows];
        Throwable e = checkThrows(x -> VersioningKernels.untilNegative((int[]) x[0], (int[]) x[1], rows, cols),
                s -> s.task("t", VersioningKernels::untilNegative, m, out, rows, cols), m, out);
        expectIndex(e, "Index 990 out of bounds for length 990");
    }

    @Test
    public void conditionalAccessOutOfRangeOnlyWhereNotTaken() {
        int len = 64;
        int[] flag = JvmOracle.ints(11, len, 0, 2);
        int[] b = JvmOracle.ints(12, len + 3);
        check(VersioningKernels::conditional, flag, b, new int[16], len, 3, 16);
        flag[len - 1] = 0;
        flag[0] = 0;
        // b[k + 4] leaves b only at k = len - 1, where the flag is clear: no exception, checked copy.
        check(VersioningKernels::conditional, flag, b, new int[16], len, 4, 16);
        check(VersioningKernels::conditional, flag, b, new int[16], len, -1, 16);
        flag[len - 1] = 1;
        int[] out = new int[16];
        Throwable e = checkThrows(
                x -> VersioningKernels.conditional((int[]) x[0], (int[]) x[1], (int[]) x[2], len, 4, 16),
                s -> s.task("t", VersioningKernels::conditional, flag, b, out, len, 4, 16), flag, b, out);
        expectIndex(e, "Index 67 out of bounds for length 67");
    }

    @Test
    public void matmulTwoDimensions() {
        int rows = 24, cols = 40, n = 17;
        float[] a = floats(13, rows * n);
        float[] b = floats(14, n * cols);
        check(VersioningKernels::matmul, a, b, new float[rows * cols], rows, cols, n, cols);
        // b's rows one element longer than the columns used: still in range.
        float[] b2 = floats(15, n * (cols + 1));
        check(VersioningKernels::matmul, a, b2, new float[rows * cols], rows, cols, n, cols + 1);
        // A stride one too long for b: the last k reads past the end for the last columns.
        float[] c = new float[rows * cols];
        Throwable e = checkThrows(
                x -> VersioningKernels.matmul((float[]) x[0], (float[]) x[1], (float[]) x[2], rows, cols, n, cols + 1),
                s -> s.task("t", VersioningKernels::matmul, a, b, c, rows, cols, n, cols + 1), a, b, c);
        expectIndex(e, "Index 680 out of bounds for length 680");
    }

    @Test
    public void threeDimensionsWithNegativeCoefficient() {
        int nx = 8, ny = 4, nz = 3, depth = 5;
        int[] src = JvmOracle.ints(16, 64);
        MoreChecks.check(VersioningKernels::box, src, new int[nx * ny * nz], nx, ny, nz, depth, 9, 0);
        MoreChecks.check(VersioningKernels::box, src, new int[nx * ny * nz], nx, ny, nz, depth, -9, 40);
        int[] dst = new int[nx * ny * nz];
        Throwable e = checkThrows(
                x -> VersioningKernels.box((int[]) x[0], (int[]) x[1], nx, ny, nz, depth, -9, 30),
                s -> s.task("t", VersioningKernels::box, src, dst, nx, ny, nz, depth, -9, 30), src, dst);
        expectIndex(e, "Index -6 out of bounds for length 64");
        int[] dst2 = new int[nx * ny * nz];
        e = checkThrows(x -> VersioningKernels.box((int[]) x[0], (int[]) x[1], nx, ny, nz, depth, 15, 0),
                s -> s.task("t", VersioningKernels::box, src, dst2, nx, ny, nz, depth, 15, 0), src, dst2);
        expectIndex(e, "Index 64 out of bounds for length 64");
    }

    @Test
    public void invariantDivisor() {
        int[] a = JvmOracle.ints(17, 40);
        check(VersioningKernels::divide, a, new int[8], 40, 7, 8);
        check(VersioningKernels::divide, a, new int[8], 40, -1, 8);
        check(VersioningKernels::divide, a, new int[8], 0, 0, 8); // no iteration: no division
        int[] out = new int[8];
        Throwable e = checkThrows(x -> VersioningKernels.divide((int[]) x[0], (int[]) x[1], 40, 0, 8),
                s -> s.task("t", VersioningKernels::divide, a, out, 40, 0, 8), a, out);
        assertEquals(ArithmeticException.class, e.getClass());
        assertEquals("/ by zero", e.getMessage());
    }

    @Test
    public void singleWorkItem() {
        double[] a = JvmOracle.doubles(18, 30, -1, 1);
        check(VersioningKernels::single, a, new double[30], 0, 30);
        check(VersioningKernels::single, a, new double[30], 5, 12);
        double[] out = new double[40];
        Throwable e = checkThrows(x -> VersioningKernels.single((double[]) x[0], (double[]) x[1], 20, 31),
                s -> s.task("t", VersioningKernels::single, a, out, 20, 31), a, out);
        expectIndex(e, "Index 30 out of bounds for length 30");
    }

    @Test
    public void secondInductionVariable() {
        int[] key = JvmOracle.ints(21, 52);
        check(VersioningKernels::secondStep, key, new int[16], 8, 16);
        check(VersioningKernels::secondStep, key, new int[16], 0, 16);
        int[] out = new int[16];
        // Round 8 reads key[48 + 5] = key[53].
        Throwable e = checkThrows(x -> VersioningKernels.secondStep((int[]) x[0], (int[]) x[1], 9, 16),
                s -> s.task("t", VersioningKernels::secondStep, key, out, 9, 16), key, out);
        expectIndex(e, "Index 53 out of bounds for length 52");
    }

    private static int[] rowPointers(int rows, int perRow) {
        int[] p = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            p[r + 1] = p[r] + (r * 7) % perRow;
        }
        return p;
    }

    @Test
    public void sparseRowsWithTheBoundReadInTheHeader() {
        int rows = 40;
        int[] rowPtr = rowPointers(rows, 9);
        int nnz = rowPtr[rows];
        int[] col = JvmOracle.ints(22, nnz, 0, 30);
        double[] val = JvmOracle.doubles(23, nnz, -1, 1);
        double[] x = JvmOracle.doubles(24, 30, -1, 1);
        check(VersioningKernels::csr, rowPtr, col, val, x, new double[rows]);
        // The last row ends one past the values: the entry test fails, the access throws.
        int[] bad = rowPtr.clone();
        bad[rows] = nnz + 1;
        double[] y = new double[rows];
        Throwable e = checkThrows(
                a -> VersioningKernels.csr((int[]) a[0], (int[]) a[1], (double[]) a[2], (double[]) a[3],
                        (double[]) a[4]),
                s -> s.task("t", VersioningKernels::csr, bad, col, val, x, y), bad, col, val, x, y);
        expectIndex(e, "Index " + nnz + " out of bounds for length " + nnz);
        // A column index out of range is still checked inside the fast loop.
        int[] badCol = col.clone();
        badCol[nnz - 1] = 30;
        double[] y2 = new double[rows];
        e = checkThrows(
                a -> VersioningKernels.csr((int[]) a[0], (int[]) a[1], (double[]) a[2], (double[]) a[3],
                        (double[]) a[4]),
                s -> s.task("t", VersioningKernels::csr, rowPtr, badCol, val, x, y2), rowPtr, badCol, val, x, y2);
        expectIndex(e, "Index 30 out of bounds for length 30");
    }

    @Test
    public void deferredChecksOfGathersStillThrowAsTheJvmDoes() {
        int rows = 300, nnz = 2400, n = 50;
        int[] rowPtr = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            rowPtr[r + 1] = rowPtr[r] + nnz / rows;
        }
        int[] col = JvmOracle.ints(41, nnz, 0, n);
        int[] perm = JvmOracle.ints(42, nnz, 0, nnz);
        float[] x = JvmOracle.floats(43, n, -1f, 1f);
        float[] w = JvmOracle.floats(44, nnz, -1f, 1f);
        try (dev.ferrocl.api.TaskSchedule s = new dev.ferrocl.api.TaskSchedule("deferred")) {
            s.task("t", VersioningKernels::gathers, rowPtr, col, perm, x, w, new float[rows]);
            org.junit.Assert.assertTrue(s.kernelSource("t"), s.kernelSource("t").contains("ferrocl_failed"));
        }
        check(VersioningKernels::gathers, rowPtr, col, perm, x, w, new float[rows]);
        // A column out of range in the first term of a middle row (or the last term of the last row), and a
        // negative one in row 200 (also read through perm from any row): checkThrows compares the exception and its
        // message with the JVM's first one, and every array with the JVM's. {position, bad column}
        int[][] cases = {{8 * 150, n}, {8 * 150 + 5, -1}, {nnz - 1, n + 7}};
        for (int[] c : cases) {
            int[] badCol = col.clone();
            badCol[c[0]] = c[1];
            badCol[8 * 200 + 3] = -2;
            float[] y = new float[rows];
            Throwable e = checkThrows(
                    a -> VersioningKernels.gathers((int[]) a[0], (int[]) a[1], (int[]) a[2], (float[]) a[3],
                            (float[]) a[4], (float[]) a[5]),
                    s -> s.task("t", VersioningKernels::gathers, rowPtr, badCol, perm, x, w, y), rowPtr, badCol, perm,
                    x, w, y);
            assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        }
        // A permutation entry out of range: w[perm[k]] fails only where x[col[k]] > 0, x[col[perm[k]]] always.
        int[] badPerm = perm.clone();
        badPerm[777] = nnz;
        float[] y = new float[rows];
        Throwable e = checkThrows(
                a -> VersioningKernels.gathers((int[]) a[0], (int[]) a[1], (int[]) a[2], (float[]) a[3],
                        (float[]) a[4], (float[]) a[5]),
                s -> s.task("t", VersioningKernels::gathers, rowPtr, col, badPerm, x, w, y), rowPtr, col, badPerm, x,
                w, y);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void aBoundTheLoopWritesIsReadEveryIteration() {
        int n = 32;
        int[] lim = JvmOracle.ints(25, n, 0, 40);
        check(VersioningKernels::shrinkingBound, lim, JvmOracle.ints(26, 40), new int[n], n);
    }

    @Test
    public void exitPathWithBranchesOfItsOwn() {
        int n = 64, len = 20;
        int[] a = JvmOracle.ints(27, n * len, -60, 200);
        int[] b = JvmOracle.ints(28, len + 1, -5, 5);
        check(VersioningKernels::exitPath, a, b, new int[n], len, n);
        int[] out = new int[n];
        int[] shortB = java.util.Arrays.copyOf(b, len); // b[k + 1] leaves it at k = len - 1
        for (int i = 0; i < n * len; i++) {
            a[i] = Math.abs(a[i]);
        }
        a[5 * len + len - 1] = -3;
        shortB[len - 1] = 1;
        Throwable e = checkThrows(
                x -> VersioningKernels.exitPath((int[]) x[0], (int[]) x[1], (int[]) x[2], len, n),
                s -> s.task("t", VersioningKernels::exitPath, a, shortB, out, len, n), a, shortB, out);
        expectIndex(e, "Index 20 out of bounds for length 20");
    }

    /** Every kernel here is versioned: its source holds the entry test (a failing test would mean no speed-up). */
    @Test
    public void kernelsAreVersioned() {
        try (dev.ferrocl.api.TaskSchedule s = new dev.ferrocl.api.TaskSchedule("v")) {
            s.task("t", VersioningKernels::matmul, floats(19, 4), floats(20, 4), new float[4], 2, 2, 2, 2);
            s.execute();
            ExecutionReport r = s.report();
            JvmOracle.assertRanOnDevice(r, "t");
            String src = s.kernelSource("t");
            org.junit.Assert.assertTrue(src, src.contains("Loop versioning"));
        }
    }

    @Test
    public void breakAndTestJoinAfterTheLoop() {
        int rows = 48, n = 40;
        int[] a = JvmOracle.ints(41, rows * n + 3, -50, 100);
        check(VersioningKernels::firstOver, a, new int[rows], n, 600, 3, 0); // some rows break, some run out
        check(VersioningKernels::firstOver, a, new int[rows], n, 1 << 30, 7, 3); // none breaks
        check(VersioningKernels::firstOver, a, new int[rows], n, -1000, 2, 1); // every row breaks at once
        check(VersioningKernels::firstOver, a, new int[rows], 0, 5, 2, 0); // empty inner loops
        // The entry test fails (the last row's window leaves a), but every row breaks before: the checked copy.
        int[] early = new int[rows * n];
        java.util.Arrays.fill(early, 10);
        check(VersioningKernels::firstOver, early, new int[rows], n, 5, 1, 5);
    }

    @Test
    public void breakLoopPastTheEndAndDividedByZero() {
        int rows = 48, n = 40;
        int[] a = JvmOracle.ints(42, rows * n, 0, 10);
        int[] out = new int[rows];
        Throwable e = checkThrows(
                x -> VersioningKernels.firstOver((int[]) x[0], (int[]) x[1], n, 1 << 30, 1, 1),
                s -> s.task("t", VersioningKernels::firstOver, a, out, n, 1 << 30, 1, 1), a, out);
        expectIndex(e, "Index 1920 out of bounds for length 1920");
        int[] out2 = new int[rows];
        e = checkThrows(x -> VersioningKernels.firstOver((int[]) x[0], (int[]) x[1], n, 1 << 30, 1, -1),
                s -> s.task("t", VersioningKernels::firstOver, a, out2, n, 1 << 30, 1, -1), a, out2);
        expectIndex(e, "Index -1 out of bounds for length 1920");
        int[] out3 = new int[rows];
        e = checkThrows(x -> VersioningKernels.firstOver((int[]) x[0], (int[]) x[1], n, 5, 0, 0),
                s -> s.task("t", VersioningKernels::firstOver, a, out3, n, 5, 0, 0), a, out3);
        assertEquals(ArithmeticException.class, e.getClass());
        assertEquals("/ by zero", e.getMessage());
    }
}

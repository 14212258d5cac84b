package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
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
 * Host versioning of the {@code @Parallel} body (the {@code hostVersioning} phase, planned on the graph and written by
 * the writer): index checks whose index is affine in the parallel indices are tested once per launch on the host, and a
 * check-free copy of the body runs when the test holds. Each kernel runs on inputs where the test holds (results
 * against the JVM, and the phase named in the report) and on inputs where it fails at either end of the range (the
 * JVM's exception and arrays, through the copy with every check), in 1-D, 2-D and 3-D, with offsets, steps, negative
 * starts, a check the host cannot prove and one that is not an index check (a divisor), aliased arrays, and in batches.
 */
public class HostVersioningTest {
    static void shifted(int[] a, int[] out, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i + off] * 3 + 1;
        }
    }

    static void fromStart(float[] a, float[] out, int lo, int hi) {
        for (@Parallel int i = lo; i < hi; i += 2) {
            out[i] = a[i] * 0.5f + 1f;
        }
    }

    static void grid(float[] m, float[] out, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[r * cols + c] = m[r * cols + c + 1] + (float) r;
            }
        }
    }

    static void volume(int[] out, int nx, int ny, int nz, int plane) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    out[x * plane + y * nz + z] = x - 2 * y + 3 * z;
                }
            }
        }
    }

    static void nested(int[] out, int nx, int ny, int nz) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    out[(x * ny + y) * nz + z] = 7 * x + y - z;
                }
            }
        }
    }

    static void strided(int[] a, int[] out, int s, int n) {
        for (@Parallel int i = 0; i < n; i += 4) {
            out[i] = a[i * s] + i;
        }
    }

    static void twoLoops(int[] a, int[] b, int[] c, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            b[i] = a[i + 1] - a[0];
        }
        for (@Parallel int j = 0; j < m; j++) {
            c[j] = b[j + 2] * 3;
        }
    }

    static void gather(int[] idx, int[] data, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = data[idx[i]];
        }
    }

    static void divide(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] / b[i];
        }
    }

    static void neighbours(float[] a, int n) {
        for (@Parallel int i = 1; i < n; i++) {
            a[i - 1] = a[i - 1] + 0.25f;
        }
    }

    static void conditional(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if ((a[i] & 1) == 0) {
                out[i] = b[2 * i + 1];
            } else {
                out[i] = -a[i];
            }
        }
    }

    private static void versioned(ExecutionReport report) {
        TaskReport t = report.task("t");
        assertTrue(String.join(", ", t.optimizations()),
                t.optimizations().stream().anyMatch(o -> o.contains("hostVersioning")));
    }

    @Test
    public void offsetInBoundsAndPastEitherEnd() {
        int n = 1000;
        int[] a = Inputs.ints(31, n + 7);
        versioned(check(HostVersioningTest::shifted, a, new int[n], 7, n));
        // One element short at the end: a[1000 + 7] is out of bounds for length 1007.
        int[] out = Inputs.ints(32, n + 1);
        Throwable e = checkThrows(x -> shifted((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::shifted, a, out, 7, n + 1), a, out, 7, n + 1);
        assertEquals("Index 1007 out of bounds for length 1007", e.getMessage());
        // A negative offset fails at the first element.
        int[] out2 = new int[n];
        e = checkThrows(x -> shifted((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::shifted, a, out2, -1, n), a, out2, -1, n);
        assertEquals("Index -1 out of bounds for length 1007", e.getMessage());
    }

    @Test
    public void stepAndStartInAndOutOfRange() {
        float[] a = Inputs.floats(33, 999, -10f, 10f);
        versioned(check(HostVersioningTest::fromStart, a, new float[999], 3, 999));
        float[] out = new float[999];
        Throwable e = checkThrows(x -> fromStart((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::fromStart, a, out, -3, 999), a, out, -3, 999);
        assertEquals("Index -3 out of bounds for length 999", e.getMessage());
        // The last index is 999 (from 3 by 2): out of bounds for length 999.
        float[] out2 = new float[1001];
        e = checkThrows(x -> fromStart((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::fromStart, a, out2, 3, 1001), a, out2, 3, 1001);
        assertEquals("Index 999 out of bounds for length 999", e.getMessage());
    }

    @Test
    public void twoDimensions() {
        int rows = 37;
        int cols = 53;
        float[] m = Inputs.floats(34, rows * cols + 1, -1f, 1f);
        versioned(check(HostVersioningTest::grid, m, new float[rows * cols], rows, cols));
        // The matrix one element short: the last point reads past it.
        float[] shortM = Inputs.floats(35, rows * cols, -1f, 1f);
        float[] out = new float[rows * cols];
        checkThrows(x -> grid((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::grid, shortM, out, rows, cols), shortM, out, rows, cols);
        // The output one element short: the store of its last column fails.
        float[] shortOut = new float[rows * cols - 1];
        checkThrows(x -> grid((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::grid, m, shortOut, rows, cols), m, shortOut, rows, cols);
    }

    @Test
    public void threeDimensions() {
        int nx = 9;
        int ny = 7;
        int nz = 13;
        int plane = ny * nz;
        versioned(check(HostVersioningTest::volume, new int[nx * plane], nx, ny, nz, plane));
        // A plane one element too long: the last point lands past the end.
        int[] out = new int[nx * plane];
        checkThrows(x -> volume((int[]) x[0], (Integer) x[1], (Integer) x[2], (Integer) x[3], (Integer) x[4]),
                s -> s.task("t", HostVersioningTest::volume, out, nx, ny, nz, plane + 1), out, nx, ny, nz, plane + 1);
    }

    @Test
    public void aCoefficientThatIsAProductOfHostValues() {
        int nx = 5;
        int ny = 6;
        int nz = 11;
        versioned(check(HostVersioningTest::nested, new int[nx * ny * nz], nx, ny, nz));
        int[] out = new int[nx * ny * nz - 1];
        checkThrows(x -> nested((int[]) x[0], (Integer) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::nested, out, nx, ny, nz), out, nx, ny, nz);
    }

    @Test
    public void anIndexThatWrapsAroundIsNotProvenButStillJavas() {
        // i * 2^30 for i = 4 wraps to 0 in int arithmetic: Java reads a[0]; the exact value 2^32 is past the end,
        // so the host's test fails and the copy with every check runs, computing Java's wrapped index.
        int[] a = Inputs.ints(48, 10);
        check(HostVersioningTest::strided, a, new int[5], 1 << 30, 5);
        // 4 * (3 << 28) wraps to -2^30: Java throws at i = 4, the device path must too.
        int[] out = new int[9];
        Throwable e = checkThrows(x -> strided((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::strided, a, out, 3 << 28, 9), a, out, 3 << 28, 9);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void twoKernelsOfOneMethodEachWithItsOwnProof() {
        int n = 500;
        int[] a = Inputs.ints(49, n + 1);
        versioned(check(HostVersioningTest::twoLoops, a, new int[n], new int[n - 2], n, n - 2));
        // The second loop reads past b: the first kernel's proof holds, the second's fails, Java throws there.
        int[] b = new int[n];
        int[] c = new int[n];
        Throwable e = checkThrows(x -> twoLoops((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3], (Integer) x[4]),
                s -> s.task("t", HostVersioningTest::twoLoops, a, b, c, n, n - 1), a, b, c, n, n - 1);
        assertEquals("Index 500 out of bounds for length 500", e.getMessage());
    }

    @Test
    public void anIndexTheHostCannotProveKeepsItsCheck() {
        int n = 800;
        int[] idx = JvmOracle.ints(36, n, 0, 50);
        int[] data = Inputs.ints(37, 50);
        versioned(check(HostVersioningTest::gather, idx, data, new int[n], n));
        idx[777] = 50;
        int[] out = new int[n];
        Throwable e = checkThrows(x -> gather((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::gather, idx, data, out, n), idx, data, out, n);
        assertEquals("Index 50 out of bounds for length 50", e.getMessage());
    }

    @Test
    public void aDivisorCheckStaysInTheProvenCopy() {
        int n = 700;
        int[] a = Inputs.ints(38, n);
        int[] b = JvmOracle.ints(39, n, 1, 1000);
        versioned(check(HostVersioningTest::divide, a, b, new int[n], n));
        b[512] = 0;
        int[] out = new int[n];
        Throwable e = checkThrows(x -> divide((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::divide, a, b, out, n), a, b, out, n);
        assertEquals(ArithmeticException.class, e.getClass());
        assertEquals("/ by zero", e.getMessage());
    }

    @Test
    public void underAConditionAndAliased() {
        int n = 640;
        int[] a = Inputs.ints(40, n);
        int[] b = Inputs.ints(41, 2 * n);
        versioned(check(HostVersioningTest::conditional, a, b, new int[n], n));
        // One array as two parameters: the proof is per parameter and still holds.
        int[] both = Inputs.ints(42, 2 * n);
        versioned(check(HostVersioningTest::conditional, both, both, new int[n], n));
        // b one short: only an even a[i] at the end reads b[2n - 1].
        int[] shortB = Inputs.ints(43, 2 * n - 1);
        a[n - 1] = 4;
        int[] out = new int[n];
        checkThrows(x -> conditional((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3]),
                s -> s.task("t", HostVersioningTest::conditional, a, shortB, out, n), a, shortB, out, n);
        // The same short b is fine when a[n - 1] is odd (the test fails, the checked copy runs, nothing throws).
        a[n - 1] = 5;
        check(HostVersioningTest::conditional, a, shortB, new int[n], n);
    }

    @Test
    public void inPlaceUpdateAndItsFailure() {
        float[] a = Inputs.floats(44, 900, -5f, 5f);
        versioned(check(HostVersioningTest::neighbours, a, 900));
        float[] b = Inputs.floats(45, 900, -5f, 5f);
        Throwable e = checkThrows(x -> neighbours((float[]) x[0], (Integer) x[1]),
                s -> s.task("t", HostVersioningTest::neighbours, b, 902), b, 902);
        assertEquals("Index 900 out of bounds for length 900", e.getMessage());
    }

    @Test
    public void switchedOffGivesTheSameResultsWithoutTheCopy() {
        int n = 1000;
        int[] a = Inputs.ints(46, n + 3);
        int[] expected = new int[n];
        shifted(a, expected, 3, n);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("off").optimization("hostVersioning", false)
                .task("t", HostVersioningTest::shifted, a, out, 3, n)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertFalse(s.kernelSource("t").contains("ferrocl_proven"));
            assertFalse(String.join(", ", t.optimizations()),
                    t.optimizations().stream().anyMatch(o -> o.contains("hostVersioning")));
        }
        assertSame("out", expected, out);
    }

    @Test
    public void inBatchesWithAFailureInALaterBatch() {
        int n = 20_000;
        int[] a = Inputs.ints(47, n + 5);
        int[] expected = new int[n];
        shifted(a, expected, 5, n);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("batches").batch("8KB")
                .task("t", HostVersioningTest::shifted, a, out, 5, n)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertTrue("batches: " + t.batches(), t.batches() > 1);
        }
        assertSame("out", expected, out);
        // n + 1 elements: the last batch's last element reads past a.
        int[] out2 = new int[n + 1];
        Throwable e = checkThrows(x -> shifted((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.batch("8KB").task("t", HostVersioningTest::shifted, a, out2, 5, n + 1), a, out2, 5, n + 1);
        assertEquals("Index 20005 out of bounds for length 20005", e.getMessage());
    }
}

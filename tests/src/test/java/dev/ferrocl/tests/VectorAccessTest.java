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
 * Vector accesses (the writer's {@code vectorAccess} phase): a work-item's loads or stores of consecutive elements in
 * straight-line code, once the host proved their indices, become one vector access. Every case runs strict on the
 * device against the JVM, bit for bit: bytes packed into words and back (IDEA's block), float quadruples, a group at a
 * non-zero offset, groups that must not form (three lanes, a base that is no multiple of the width, a load between
 * stores of the array, an in-place swap), indices past the end (the JVM's exception, through the checked copy), batches
 * (the windowed kernel) and the phase switched off.
 */
public class VectorAccessTest {
    /** IDEA's block layout: eight bytes in as four 16-bit words, four words out as eight bytes. */
    static void packBytes(byte[] in, byte[] out, int blocks) {
        for (@Parallel int b = 0; b < blocks; b++) {
            int x1 = ((in[8 * b] & 0xff) << 8) | (in[8 * b + 1] & 0xff);
            int x2 = ((in[8 * b + 2] & 0xff) << 8) | (in[8 * b + 3] & 0xff);
            int x3 = ((in[8 * b + 4] & 0xff) << 8) | (in[8 * b + 5] & 0xff);
            int x4 = ((in[8 * b + 6] & 0xff) << 8) | (in[8 * b + 7] & 0xff);
            int y1 = (x1 * 31 + x4) & 0xffff;
            int y2 = x2 ^ x3;
            int y3 = (x3 + 0x1234) & 0xffff;
            int y4 = (x4 - x1) & 0xffff;
            out[8 * b] = (byte) (y1 >>> 8);
            out[8 * b + 1] = (byte) y1;
            out[8 * b + 2] = (byte) (y2 >>> 8);
            out[8 * b + 3] = (byte) y2;
            out[8 * b + 4] = (byte) (y3 >>> 8);
            out[8 * b + 5] = (byte) y3;
            out[8 * b + 6] = (byte) (y4 >>> 8);
            out[8 * b + 7] = (byte) y4;
        }
    }

    /**
     * Four floats per work-item, weighted, and one double out (an output of another element type: a scalar store to
     * a float array would make the float accesses two shapes, and the loads stay scalar).
     */
    static void quads(float[] a, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[4 * i] + a[4 * i + 1] * 2f + a[4 * i + 2] * 3f - a[4 * i + 3] * 0.5f;
        }
    }

    /** The upper half of eight doubles (offsets 4 to 7): a group of four at offset 4; two floats out. */
    static void upperHalf(double[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[2 * i] = (float) (a[8 * i + 4] * a[8 * i + 5]);
            out[2 * i + 1] = (float) (a[8 * i + 6] / a[8 * i + 7]);
        }
    }

    /** Three lanes (RGB): no vector of three is formed; and a base of 3i is no multiple of 4. */
    static void rgb(int[] px, int[] grey, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            grey[i] = (px[3 * i] * 77 + px[3 * i + 1] * 150 + px[3 * i + 2] * 29) >> 8;
        }
    }

    /** Stores of one array with a load of it between them: the group must not form across the load. */
    static void storeLoadStore(long[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[2 * i] = a[2 * i] + 5L;
            a[2 * i + 1] = a[2 * i] * 3L;
        }
    }

    /** An in-place swap of neighbours: Java's order gives both the old odd element. */
    static void swapHalves(short[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            short t = a[2 * i + 1];
            a[2 * i] = t;
            short u = a[2 * i];
            a[2 * i + 1] = u;
        }
    }

    /**
     * Reads a pair of {@code a}, writes it swapped into {@code b}, interleaved. When {@code a} and {@code b} are one
     * array, Java's order matters: the second read sees the first write (the pair becomes (old0, old0)).
     */
    static void pairSwap(int[] a, int[] b, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[2 * i];
            b[2 * i + 1] = x;
            int y = a[2 * i + 1];
            b[2 * i] = y;
        }
    }

    /**
     * Quadruples in a sequential loop (the check of each lane depends on {@code k}: no host proof, the loop's entry
     * test or, when it fails, every check in the loop), and pairs stored in the loop.
     */
    static void quadsInLoop(float[] a, double[] sums, int[] pairs, int m, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0f;
            for (int k = i; k < i + m; k++) {
                s += a[4 * k] - a[4 * k + 1] + a[4 * k + 2] * 0.5f + a[4 * k + 3];
                // Each work-item's own pairs (iterations must be independent).
                pairs[2 * (i * m + k - i)] = k;
                pairs[2 * (i * m + k - i) + 1] = i;
            }
            sums[i] = s;
        }
    }

    /**
     * A body's own quadruple read before a loop every work-item runs over the same elements (staged in local memory,
     * N-body's shape with an interleaved position): the lanes' checks are deferred with the vector before the staged
     * loop.
     */
    static void quadBeforeSharedLoop(float[] pos, float[] mass, double[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float xi = pos[4 * i];
            float yi = pos[4 * i + 1];
            float zi = pos[4 * i + 2];
            float wi = pos[4 * i + 3];
            float s = 0f;
            for (int j = 0; j < m; j++) {
                s += mass[j] * xi - yi + zi * wi;
            }
            out[i] = s;
        }
    }

    private static boolean vectorised(ExecutionReport report) {
        TaskReport t = report.task("t");
        return t.optimizations().stream().anyMatch(o -> o.startsWith("vectorAccess"));
    }

    @Test
    public void bytesInAndOutAsEightWideVectors() {
        int blocks = 4099;
        byte[] in = new byte[8 * blocks];
        int[] r = Inputs.ints(91, in.length);
        for (int k = 0; k < in.length; k++) {
            in[k] = (byte) r[k];
        }
        ExecutionReport report = check(VectorAccessTest::packBytes, in, new byte[8 * blocks], blocks);
        assertTrue(report.task("t").optimizations().toString(), vectorised(report));
    }

    @Test
    public void floatQuadruples() {
        int n = 10_001;
        float[] a = Inputs.floats(92, 4 * n, -4f, 4f);
        ExecutionReport report = check(VectorAccessTest::quads, a, new double[n], n);
        assertTrue(report.task("t").optimizations().toString(), vectorised(report));
    }

    @Test
    public void aGroupAtAnOffset() {
        int n = 3000;
        double[] a = Inputs.doubles(93, 8 * n, -2.0, 2.0);
        a[8 * 17 + 7] = 0.0; // a division by zero: Java's infinity
        a[8 * 18 + 7] = -0.0;
        ExecutionReport report = check(VectorAccessTest::upperHalf, a, new float[2 * n], n);
        assertTrue(report.task("t").optimizations().toString(), vectorised(report));
    }

    @Test
    public void groupsThatMustNotForm() {
        int n = 2001;
        int[] px = Inputs.intsIn(94, 3 * n, 0, 256);
        ExecutionReport report = check(VectorAccessTest::rgb, px, new int[n], n);
        assertFalse(report.task("t").optimizations().toString(), vectorised(report));
        long[] a = new long[2 * n];
        int[] r = Inputs.ints(95, 2 * n);
        for (int k = 0; k < a.length; k++) {
            a[k] = r[k] * 1_000_003L;
        }
        check(VectorAccessTest::storeLoadStore, a, n);
        short[] s = new short[2 * n];
        for (int k = 0; k < s.length; k++) {
            s[k] = (short) r[k];
        }
        check(VectorAccessTest::swapHalves, s, n);
    }

    @Test
    public void anotherParameterOfTheSameTypeMayBeTheSameArray() {
        int n = 3000;
        check(VectorAccessTest::pairSwap, Inputs.ints(99, 2 * n), new int[2 * n], n);
        int[] both = Inputs.ints(100, 2 * n);
        int[] expected = both.clone();
        pairSwap(expected, expected, n);
        try (TaskSchedule s = new TaskSchedule("aliased").task("t", VectorAccessTest::pairSwap, both, both, n)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        assertSame("a and b", expected, both);
    }

    @Test
    public void pastTheEndTheCheckedCopyThrowsAsJavaDoes() {
        int n = 500;
        // One float short: the last work-item's a[4n - 1] is out of bounds; the host's proof fails for the launch.
        float[] a = Inputs.floats(96, 4 * n - 1, -1f, 1f);
        double[] out = new double[n];
        Throwable e = checkThrows(x -> quads((float[]) x[0], (double[]) x[1], (Integer) x[2]),
                s -> s.task("t", VectorAccessTest::quads, a, out, n), a, out, n);
        assertEquals("Index 1999 out of bounds for length 1999", e.getMessage());
        // Bytes: the output one block short.
        byte[] in = new byte[8 * 64];
        byte[] shortOut = new byte[8 * 63];
        e = checkThrows(x -> packBytes((byte[]) x[0], (byte[]) x[1], (Integer) x[2]),
                s -> s.task("t", VectorAccessTest::packBytes, in, shortOut, 64), in, shortOut, 64);
        assertEquals("Index 504 out of bounds for length 504", e.getMessage());
    }

    /**
     * Vector accesses in a sequential loop, and in the body as written (where their lanes' checks come first): in
     * bounds, and past the end in an iteration of a later work-item, where the JVM's exception and arrays must come
     * back.
     */
    @Test
    public void inASequentialLoopAndPastItsEnd() {
        int n = 700;
        int m = 5;
        float[] a = Inputs.floats(101, 4 * (n + m), -3f, 3f);
        ExecutionReport report = check(VectorAccessTest::quadsInLoop, a, new double[n], new int[2 * n * m], m, n);
        assertTrue(report.task("t").optimizations().toString(), vectorised(report));
        // a ends in the middle of the last work-item's last quadruple; pairs is long enough.
        float[] shortA = Inputs.floats(102, 4 * (n - 1 + m) - 2, -3f, 3f);
        double[] sums = new double[n];
        int[] pairs = new int[2 * n * m];
        Throwable e = checkThrows(
                x -> quadsInLoop((float[]) x[0], (double[]) x[1], (int[]) x[2], (Integer) x[3], (Integer) x[4]),
                s -> s.task("t", VectorAccessTest::quadsInLoop, shortA, sums, pairs, m, n), shortA, sums, pairs, m, n);
        assertEquals("Index " + shortA.length + " out of bounds for length " + shortA.length, e.getMessage());
        // pairs one element short: the store of the last pair fails.
        float[] a2 = Inputs.floats(103, 4 * (n + m), -3f, 3f);
        int[] shortPairs = new int[2 * n * m - 1];
        double[] sums2 = new double[n];
        e = checkThrows(
                x -> quadsInLoop((float[]) x[0], (double[]) x[1], (int[]) x[2], (Integer) x[3], (Integer) x[4]),
                s -> s.task("t", VectorAccessTest::quadsInLoop, a2, sums2, shortPairs, m, n), a2, sums2, shortPairs, m,
                n);
        assertEquals("Index " + shortPairs.length + " out of bounds for length " + shortPairs.length, e.getMessage());
    }

    @Test
    public void beforeAStagedLoopAndPastTheEnd() {
        int n = 1000;
        int m = 300;
        float[] mass = Inputs.floats(104, m, 0f, 1f);
        ExecutionReport report = check(VectorAccessTest::quadBeforeSharedLoop, Inputs.floats(105, 4 * n, -1f, 1f),
                mass, new double[n], n, m);
        assertTrue(report.task("t").optimizations().toString(), vectorised(report));
        // The last work-item's last lane is past the end.
        float[] shortPos = Inputs.floats(106, 4 * n - 1, -1f, 1f);
        double[] out = new double[n];
        Throwable e = checkThrows(
                x -> quadBeforeSharedLoop((float[]) x[0], (float[]) x[1], (double[]) x[2], (Integer) x[3],
                        (Integer) x[4]),
                s -> s.task("t", VectorAccessTest::quadBeforeSharedLoop, shortPos, mass, out, n, m), shortPos, mass,
                out, n, m);
        assertEquals("Index 3999 out of bounds for length 3999", e.getMessage());
    }

    @Test
    public void inBatches() {
        int n = 40_000;
        float[] a = Inputs.floats(97, 4 * n, -4f, 4f);
        double[] expected = new double[n];
        quads(a, expected, n);
        double[] out = new double[n];
        try (TaskSchedule s = new TaskSchedule("batches").batch("16KB")
                .task("t", VectorAccessTest::quads, a, out, n)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertTrue("batches: " + t.batches(), t.batches() > 1);
        }
        assertSame("out", expected, out);
    }

    @Test
    public void switchedOffGivesTheSameResultsWithoutVectors() {
        int blocks = 777;
        byte[] in = new byte[8 * blocks];
        int[] r = Inputs.ints(98, in.length);
        for (int k = 0; k < in.length; k++) {
            in[k] = (byte) r[k];
        }
        byte[] expected = new byte[8 * blocks];
        packBytes(in, expected, blocks);
        byte[] out = new byte[8 * blocks];
        try (TaskSchedule s = new TaskSchedule("off").optimization("vectorAccess", false)
                .task("t", VectorAccessTest::packBytes, in, out, blocks)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertFalse(s.kernelSource("t").contains("char8"));
            assertFalse(t.optimizations().toString(), vectorised(s.report()));
        }
        assertSame("out", expected, out);
    }
}

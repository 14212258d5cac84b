package dev.ferrocl.api;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.tests.Inputs;
import dev.ferrocl.tests.MoreChecks;
import org.junit.Test;

/**
 * Read-only data (the writer's {@code restrict} and {@code constantMemory} phases): the kernel's array arguments are
 * declared {@code restrict} in launches where no two are the same Java array, and read-only tables that every
 * work-item reads alike go to constant memory when they fit the device's limit; the host picks the build per launch.
 * Every case runs strict on the device against the JVM, bit for bit: tables in and out of constant memory (too large
 * for it, or the phase off), one array as two parameters (where {@code restrict} would let the compiler forward a
 * stale store), out-of-bounds reads of a table (the JVM's exception), and batches (the windowed kernel).
 */
public class ReadOnlyDataTest {
    /** A filter: {@code taps} weights read alike by every work-item, in a loop bounded by a parameter. */
    static void filter(float[] in, float[] w, float[] out, int n, int taps) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0f;
            for (int k = 0; k < taps; k++) {
                s += w[k] * in[i + k];
            }
            out[i] = s;
        }
    }

    /** A polynomial whose coefficients are read at constant indices, in double (Horner's order). */
    static void polynomial(double[] x, double[] c, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            double v = x[i];
            out[i] = c[0] + v * (c[1] + v * (c[2] + v * (c[3] + v * c[4])));
        }
    }

    /** IDEA-like rounds: a key schedule walked by a counter stepping by 3 beside the round counter. */
    static void rounds(int[] data, char[] key, int[] out) {
        for (@Parallel int i = 0; i < data.length; i++) {
            int x = data[i];
            int k = 0;
            for (int r = 0; r < 8; r++) {
                x = (x * (key[k] | 1)) ^ (key[k + 1] + (x >>> 7)) ^ key[k + 2];
                k += 3;
            }
            out[i] = x + key[24];
        }
    }

    /** A lookup at a data-dependent index: not read alike by the work-items, so not in constant memory. */
    static void lookup(int[] idx, float[] table, float[] out) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            out[i] = table[idx[i]];
        }
    }

    /**
     * Writes {@code a[i]}, then {@code b[i]}, then reads {@code a[i]}: when {@code a} and {@code b} are one array,
     * Java reads the second store's value. A kernel built with {@code restrict} may forward the first store instead.
     */
    static void forward(int[] a, int[] b, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = i + 1;
            b[i] = 2 * i + 7;
            c[i] = a[i] * 3;
        }
    }

    /**
     * {@link #filter} with staged coalescing off: with it on, the group reads the weights into local memory along
     * with its rows of {@code in} (and the phase leaves them there).
     */
    private static ExecutionReport checkFilter(float[] in, float[] w, float[] out, int n, int taps) {
        float[] expected = out.clone();
        filter(in, w, expected, n, taps);
        ExecutionReport report;
        try (TaskSchedule s = new TaskSchedule("filter").optimization("coalesce", false)
                .task("t", ReadOnlyDataTest::filter, in, w, out, n, taps)) {
            s.execute();
            report = s.report();
        }
        dev.ferrocl.tests.JvmOracle.assertRanOnDevice(report, "t");
        assertSame("out", expected, out);
        return report;
    }

    /** One work-item: a table read along a loop (constant memory) while another parameter is written. */
    static void ramp(int[] src, int[] dst, int n) {
        for (int k = 1; k < n; k++) {
            dst[k] = src[k - 1] + 1;
        }
    }

    private static boolean applied(ExecutionReport report, String phase) {
        return report.task("t").optimizations().stream().anyMatch(o -> o.startsWith(phase));
    }

    @Test
    public void stagedTapsStayInLocalMemory() {
        int n = 1000;
        int taps = 6;
        float[] in = Inputs.floats(84, n + taps, -2f, 2f);
        float[] w = Inputs.floats(85, taps, -1f, 1f);
        ExecutionReport report = check(ReadOnlyDataTest::filter, in, w, new float[n], n, taps);
        assertTrue(report.task("t").optimizations().toString(), applied(report, "coalesce"));
        assertFalse(report.task("t").optimizations().toString(), applied(report, "constantMemory"));
    }

    @Test
    public void filterTapsInConstantMemory() {
        int n = 5000;
        int taps = 9;
        float[] in = Inputs.floats(71, n + taps, -2f, 2f);
        float[] w = Inputs.floats(72, taps, -1f, 1f);
        long before = Native.variantBuilds();
        ExecutionReport report = checkFilter(in, w, new float[n], n, taps);
        assertTrue(report.task("t").optimizations().toString(), applied(report, "constantMemory"));
        assertTrue(report.task("t").optimizations().toString(), applied(report, "restrict"));
        // Distinct arrays and a table that fits: the kernel built at compile time serves the launch.
        assertEquals("variants built for the launch", before, Native.variantBuilds());
    }

    @Test
    public void coefficientsAtConstantIndices() {
        double[] x = Inputs.doubles(73, 4097, -3.0, 3.0);
        double[] c = {0.5, -1.25, 3.0e-3, 7.75, -0.125};
        ExecutionReport report = check(ReadOnlyDataTest::polynomial, x, c, new double[x.length]);
        assertTrue(report.task("t").optimizations().toString(), applied(report, "constantMemory"));
    }

    @Test
    public void keyScheduleWalkedByASecondCounter() {
        int[] data = Inputs.ints(74, 10_000);
        char[] key = new char[25];
        for (int k = 0; k < key.length; k++) {
            key[k] = (char) (0x9e37 * (k + 1));
        }
        ExecutionReport report = check(ReadOnlyDataTest::rounds, data, key, new int[data.length]);
        assertTrue(report.task("t").optimizations().toString(), applied(report, "constantMemory"));
        // The key one short: Java throws reading key[24]; so must the device path, with Java's arrays.
        char[] shortKey = java.util.Arrays.copyOf(key, 24);
        int[] out = new int[data.length];
        Throwable e = MoreChecks.checkThrows(x -> rounds((int[]) x[0], (char[]) x[1], (int[]) x[2]),
                s -> s.task("t", ReadOnlyDataTest::rounds, data, shortKey, out), data, shortKey, out);
        assertEquals("Index 24 out of bounds for length 24", e.getMessage());
    }

    @Test
    public void aDataDependentLookupStaysInGlobalMemory() {
        int[] idx = Inputs.ints(75, 3000);
        for (int i = 0; i < idx.length; i++) {
            idx[i] = Math.floorMod(idx[i], 64);
        }
        float[] table = Inputs.floats(76, 64, -9f, 9f);
        ExecutionReport report = check(ReadOnlyDataTest::lookup, idx, table, new float[idx.length]);
        assertFalse(report.task("t").optimizations().toString(), applied(report, "constantMemory"));
        assertTrue(report.task("t").optimizations().toString(), applied(report, "restrict"));
    }

    @Test
    public void aTableTooLargeForConstantMemoryRunsFromGlobalMemory() {
        // 2^19 floats (2 MiB): more than any device's constant buffer the suites run on (PoCL: 1 MiB; NVIDIA: 64 KiB).
        int n = 3000;
        int taps = 5;
        float[] in = Inputs.floats(77, n + taps, -2f, 2f);
        float[] w = Inputs.floats(78, 1 << 19, -1f, 1f);
        long before = Native.variantBuilds();
        checkFilter(in, w, new float[n], n, taps);
        // The compile-time build put the table in constant memory; this launch needed the other build.
        assertEquals("variants built for the launch", before + 1, Native.variantBuilds());
        // The same schedule shape again: that build is kept.
        checkFilter(in, w, new float[n], n, taps);
        assertEquals("variants built again", before + 1, Native.variantBuilds());
    }

    @Test
    public void oneArrayAsTwoParametersIsNotRestrict() {
        int n = 4096;
        // Distinct arrays first (the build with restrict), then the same array twice (its own build).
        int[] a = new int[n];
        int[] b = new int[n];
        int[] c = new int[n];
        int[] ea = a.clone();
        int[] eb = b.clone();
        int[] ec = c.clone();
        forward(ea, eb, ec, n);
        try (TaskSchedule s = new TaskSchedule("distinct").task("t", ReadOnlyDataTest::forward, a, b, c, n)) {
            s.execute();
            dev.ferrocl.tests.JvmOracle.assertRanOnDevice(s.report(), "t");
            assertTrue(s.report().task("t").optimizations().toString(), applied(s.report(), "restrict"));
        }
        assertSame("a", ea, a);
        assertSame("b", eb, b);
        assertSame("c", ec, c);

        int[] both = Inputs.ints(79, n);
        int[] out = new int[n];
        int[] expectedBoth = both.clone();
        int[] expectedOut = out.clone();
        forward(expectedBoth, expectedBoth, expectedOut, n);
        long before = Native.variantBuilds();
        try (TaskSchedule s = new TaskSchedule("aliased").task("t", ReadOnlyDataTest::forward, both, both, out, n)) {
            s.execute();
            dev.ferrocl.tests.JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        assertSame("a and b", expectedBoth, both);
        assertSame("c", expectedOut, out);
        assertEquals("a build without restrict", before + 1, Native.variantBuilds());
    }

    @Test
    public void aTableThatIsAlsoTheWrittenArrayStaysInGlobalMemory() {
        int n = 5000;
        ExecutionReport report = check(ReadOnlyDataTest::ramp, Inputs.ints(86, n), new int[n], n);
        assertTrue(report.task("t").optimizations().toString(), applied(report, "constantMemory"));
        // The same array as src and dst: Java reads each element the step before wrote it (a ramp from x[0]).
        int[] x = Inputs.ints(87, n);
        int[] expected = x.clone();
        ramp(expected, expected, n);
        long before = Native.variantBuilds();
        try (TaskSchedule s = new TaskSchedule("aliased").task("t", ReadOnlyDataTest::ramp, x, x, n)) {
            s.execute();
            dev.ferrocl.tests.JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        assertSame("x", expected, x);
        // Built without restrict and without constant memory for this launch.
        assertEquals("a build for the aliased launch", before + 1, Native.variantBuilds());
    }

    @Test
    public void switchedOffGivesTheSameResultsFromTheSourceAsItStands() {
        int n = 2000;
        int taps = 7;
        float[] in = Inputs.floats(80, n + taps, -2f, 2f);
        float[] w = Inputs.floats(81, taps, -1f, 1f);
        float[] expected = new float[n];
        filter(in, w, expected, n, taps);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("off").optimization("restrict", false)
                .optimization("constantMemory", false)
                .task("t", ReadOnlyDataTest::filter, in, w, out, n, taps)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertFalse(s.kernelSource("t").contains("FERROCL_RESTRICT"));
            assertFalse(s.kernelSource("t").contains("FERROCL_SPACE"));
            assertFalse(t.optimizations().toString(), applied(s.report(), "restrict"));
            assertFalse(t.optimizations().toString(), applied(s.report(), "constantMemory"));
        }
        assertSame("out", expected, out);
    }

    @Test
    public void inBatchesTheWindowedKernelReadsTheTableFromGlobalMemory() {
        int n = 30_000;
        int taps = 4;
        float[] in = Inputs.floats(82, n + taps, -2f, 2f);
        float[] w = Inputs.floats(83, taps, -1f, 1f);
        float[] expected = new float[n];
        filter(in, w, expected, n, taps);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("batches").batch("16KB")
                .task("t", ReadOnlyDataTest::filter, in, w, out, n, taps)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertTrue("batches: " + t.batches(), t.batches() > 1);
        }
        assertSame("out", expected, out);
    }
}

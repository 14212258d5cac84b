package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Devices;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.List;
import org.junit.Test;

/**
 * One task across several devices ({@link TaskSchedule#devices(String...)}), tested on a CPU device (else the default
 * one) cut into two equal sub-devices ({@code "P:D.0/2"}, {@code "P:D.1/2"}: PoCL's CPU device here, one core each;
 * on the GPU machine also a GPU plus the CPU device, in {@code aGpuAndTheCpuShareALoop}). Every result
 * is compared exactly with the JVM's run of the same method on copies of the same inputs; the report must show both
 * devices' shares covering the loop once, in order.
 */
public class SplitDevicesTest {
    static void map(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 3 + (a[i] >> 2) - i;
        }
    }

    static void inPlace(float[] a, float s) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * s + 1.0f;
        }
    }

    static void everyOther(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[2 * i] = a[i] + 7;
        }
    }

    static void image(int w, int h, double[] out) {
        for (@Parallel int y = 0; y < h; y++) {
            for (@Parallel int x = 0; x < w; x++) {
                double cx = x * 3.0 / w - 2.0;
                double cy = y * 2.0 / h - 1.0;
                out[y * w + x] = cx * cx - cy * cy + cx * cy / 3.0;
            }
        }
    }

    static void columns(int w, int h, int[] out) {
        for (@Parallel int y = 0; y < h; y++) {
            for (@Parallel int x = 0; x < w; x++) {
                out[x * h + y] = x * 1000 + y;
            }
        }
    }

    static void gather(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            out[idx[i]] = a[i];
        }
    }

    static void stencil(float[] a, float[] out) {
        for (@Parallel int i = 1; i < a.length - 1; i++) {
            out[i] = a[i - 1] * 0.25f + a[i] * 0.5f + a[i + 1] * 0.25f;
        }
    }

    static void spin(float[] out, int iters) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float x = i * 0.01f;
            for (int k = 0; k < iters; k++) {
                x = x * 0.999f + 1f;
            }
            out[i] = x;
        }
    }

    static void sum(int[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    static void max(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    static void shifted(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i + 1] - a[i];
        }
    }

    /** A CPU device when there is one (GPU drivers rarely cut devices into sub-devices), else the default. */
    private static String partitionable() {
        for (dev.ferrocl.api.Device d : Devices.list()) {
            if (d.type().equalsIgnoreCase("CPU")) {
                return d.id();
            }
        }
        return Devices.defaultDevice().id();
    }

    private static String[] halves() {
        String d = partitionable();
        return new String[] {d + ".0/2", d + ".1/2"};
    }

    private static int[] ints(int n, int seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919 + seed) % 100_003 - 50_000;
        }
        return a;
    }

    /** The shares cover iterations [0, n) once, in order, on {@code devices} devices. */
    private static void assertShares(TaskReport t, long n, int devices) {
        assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        List<TaskReport.DeviceShare> shares = t.shares();
        assertEquals(t.toString(), devices, shares.size());
        long next = 0;
        for (TaskReport.DeviceShare s : shares) {
            assertEquals(t.toString(), next, s.firstIteration());
            assertTrue(t.toString(), s.iterations() > 0 && s.nanos() > 0);
            next += s.iterations();
        }
        assertEquals(t.toString(), n, next);
    }

    @Test
    public void aMapSplitsAcrossTwoDevicesAndAdapts() {
        int n = 200_003;
        int[] a = ints(n, 3);
        int[] expected = new int[n];
        Arrays.fill(expected, -1);
        map(a, expected);
        try (TaskSchedule s = new TaskSchedule("split-map").devices(halves())) {
            int[] out = new int[n];
            s.task("map", SplitDevicesTest::map, a, out);
            for (int run = 0; run < 4; run++) {
                Arrays.fill(out, -1);
                s.execute();
                assertArrayEquals("run " + run, expected, out);
                assertShares(s.report().task("map"), n, 2);
            }
            // Each share moved only its part of the input up and its part of the output down (none of the output
            // up: the map writes every element of its part).
            TaskReport t = s.report().task("map");
            assertEquals(t.toString(), 4L * n, t.bytesDownloaded());
            assertEquals(t.toString(), 4L * n, t.bytesUploaded());
        }
    }

    @Test
    public void inPlaceUpdatesAndStridedStoresKeepTheElementsNoShareWrites() {
        int n = 65_537;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.37f - 1000f;
        }
        float[] expected = a.clone();
        inPlace(expected, 1.5f);
        int[] src = ints(n, 11);
        int[] out = ints(2 * n, 5);
        int[] outExpected = out.clone();
        everyOther(src, outExpected);
        try (TaskSchedule s = new TaskSchedule("split-in-place").devices(halves())) {
            s.task("scale", SplitDevicesTest::inPlace, a, 1.5f).task("odd", SplitDevicesTest::everyOther, src, out);
            s.execute();
            assertArrayEquals(expected, a, 0f);
            assertArrayEquals(outExpected, out);
            assertShares(s.report().task("scale"), n, 2);
            assertShares(s.report().task("odd"), n, 2);
        }
    }

    @Test
    public void eachShareReadsPastItsOwnRange() {
        // A share's first and last iterations read one element of the neighbouring shares: its upload covers them.
        int n = 100_001;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 977) * 1.25f - 300f;
        }
        float[] out = new float[n];
        Arrays.fill(out, -9f);
        float[] expected = out.clone();
        stencil(a, expected);
        try (TaskSchedule s = new TaskSchedule("split-stencil").devices(halves())) {
            s.task("stencil", SplitDevicesTest::stencil, a, out).execute();
            assertArrayEquals(expected, out, 0f);
            assertShares(s.report().task("stencil"), n - 2, 2);
        }
    }

    @Test
    public void aTwoDimensionalNestSplitsItsRows() {
        int w = 333;
        int h = 211;
        double[] out = new double[w * h];
        double[] expected = new double[w * h];
        image(w, h, expected);
        try (TaskSchedule s = new TaskSchedule("split-2d").devices(halves())) {
            s.task("image", SplitDevicesTest::image, w, h, out).execute();
            for (int i = 0; i < out.length; i++) {
                assertEquals("element " + i, Double.doubleToRawLongBits(expected[i]),
                        Double.doubleToRawLongBits(out[i]));
            }
            assertShares(s.report().task("image"), h, 2);
        }
    }

    @Test
    public void reductionsCombineAcrossDevices() {
        int n = 300_007;
        int[] a = ints(n, 17);
        long[] total = {123};
        int[] top = {Integer.MIN_VALUE + 5};
        long[] totalExpected = total.clone();
        int[] topExpected = top.clone();
        sum(a, totalExpected);
        max(a, topExpected);
        try (TaskSchedule s = new TaskSchedule("split-reduce").devices(halves())) {
            s.task("sum", SplitDevicesTest::sum, a, total).task("max", SplitDevicesTest::max, a, top).execute();
            assertArrayEquals(totalExpected, total);
            assertArrayEquals(topExpected, top);
            assertShares(s.report().task("sum"), n, 2);
            assertShares(s.report().task("max"), n, 2);
        }
    }

    @Test
    public void writesTheHostCannotSeparateRunOnOneDevice() {
        // Column-major stores: each share's rows spread over the whole array, so the shares' writes would
        // interleave; stores through an index array cannot be bounded at all. Both run whole on the first device.
        int w = 97;
        int h = 131;
        int[] cols = new int[w * h];
        int[] colsExpected = new int[w * h];
        columns(w, h, colsExpected);
        int n = 10_000;
        int[] a = ints(n, 1);
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = (i * 7) % n;
        }
        int[] g = new int[n];
        int[] gExpected = new int[n];
        gather(a, idx, gExpected);
        try (TaskSchedule s = new TaskSchedule("split-refused").devices(halves())) {
            s.task("cols", SplitDevicesTest::columns, w, h, cols).task("gather", SplitDevicesTest::gather, a, idx, g);
            s.execute();
            assertArrayEquals(colsExpected, cols);
            assertArrayEquals(gExpected, g);
            assertShares(s.report().task("cols"), h, 1);
            assertShares(s.report().task("gather"), n, 1);
        }
    }

    @Test
    public void aFailedCheckOnOneDeviceLeavesTheArraysToTheJvm() {
        // The last iteration reads a[n]: one share fails its check, nothing lands from either, and the JVM's rerun
        // throws after writing what it wrote.
        int n = 50_000;
        int[] a = ints(n, 9);
        int[] out = new int[n];
        Arrays.fill(out, -3);
        int[] expected = out.clone();
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> shifted(a, expected));
        try (TaskSchedule s = new TaskSchedule("split-check").devices(halves())) {
            s.task("shifted", SplitDevicesTest::shifted, a, out);
            assertThrows(ArrayIndexOutOfBoundsException.class, s::execute);
            assertArrayEquals(expected, out);
            assertEquals(TaskReport.Where.JVM, s.report().task("shifted").ranOn());
        }
    }

    @Test
    public void aGpuAndTheCpuShareALoop() {
        String gpu = null;
        String cpu = null;
        for (dev.ferrocl.api.Device d : Devices.list()) {
            if (gpu == null && d.type().equalsIgnoreCase("GPU")) {
                gpu = d.id();
            }
            if (cpu == null && d.type().equalsIgnoreCase("CPU")) {
                cpu = d.id();
            }
        }
        // Two different devices: a GPU and a CPU where both exist, else the two halves of one.
        String[] pair = gpu != null && cpu != null ? new String[] {gpu, cpu} : halves();
        int w = 1024;
        int h = 1024;
        double[] out = new double[w * h];
        double[] expected = new double[w * h];
        image(w, h, expected);
        try (TaskSchedule s = new TaskSchedule("split-pair").devices(pair)) {
            s.task("image", SplitDevicesTest::image, w, h, out);
            for (int run = 0; run < 3; run++) {
                Arrays.fill(out, Double.NaN);
                s.execute();
                for (int i = 0; i < out.length; i++) {
                    assertEquals("element " + i, Double.doubleToRawLongBits(expected[i]),
                            Double.doubleToRawLongBits(out[i]));
                }
                TaskReport t = s.report().task("image");
                long covered = 0;
                for (TaskReport.DeviceShare share : t.shares()) {
                    assertEquals(t.toString(), covered, share.firstIteration());
                    covered += share.iterations();
                }
                assertEquals(t.toString(), h, covered);
            }
        }
    }

    @Test
    public void aTimeoutEndsEveryDevicesWaitAndNothingLands() {
        // Calibrated to about 3 s of kernel on the two halves; a 200 ms timeout ends the wait of both devices'
        // shares, every element untouched; a later execution on the same devices (which first waits for the
        // abandoned work) is right.
        int n = 4096;
        float[] out = new float[n];
        int probe = 20_000;
        try (TaskSchedule s = new TaskSchedule("split-calibrate").devices(halves()).task("t", SplitDevicesTest::spin,
                out, probe)) {
            s.execute();
            long t0 = System.nanoTime();
            s.execute();
            long nanos = Math.max(1, System.nanoTime() - t0);
            int iters = (int) Math.min(Integer.MAX_VALUE / 2, Math.max(probe, probe * 3_000_000_000L / nanos));
            Arrays.fill(out, 5f);
            float[] before = out.clone();
            try (TaskSchedule slow = new TaskSchedule("split-timeout").devices(halves())
                    .task("t", SplitDevicesTest::spin, out, iters)) {
                slow.warmup();
                slow.timeout(java.time.Duration.ofMillis(200));
                long started = System.nanoTime();
                dev.ferrocl.api.ExecutionCancelledException cancelled = assertThrows(
                        dev.ferrocl.api.ExecutionCancelledException.class, slow::execute);
                long waited = System.nanoTime() - started;
                assertTrue(cancelled.getMessage(), cancelled.getMessage().contains("timed out"));
                assertTrue("the wait lasted " + waited / 1_000_000 + " ms", waited < 1_500_000_000L);
                assertArrayEquals("the arrays are untouched", before, out, 0f);
            }
            float[] small = new float[n];
            float[] expected = new float[n];
            spin(expected, 1000);
            try (TaskSchedule after = new TaskSchedule("split-after").devices(halves())
                    .task("t", SplitDevicesTest::spin, small, 1000)) {
                after.execute();
                assertArrayEquals(expected, small, 0f);
                assertShares(after.report().task("t"), n, 2);
            }
        }
    }

    @Test
    public void badDeviceListsAreRefused() {
        String d = Devices.defaultDevice().id();
        try (TaskSchedule s = new TaskSchedule("split-bad")) {
            assertThrows(IllegalArgumentException.class, () -> s.devices());
            assertThrows(IllegalArgumentException.class, () -> s.devices("99:99"));
            assertThrows(IllegalArgumentException.class, () -> s.devices(d, d));
            assertThrows(IllegalArgumentException.class, () -> s.devices(d + ".2/2"));
            assertThrows(IllegalArgumentException.class, () -> s.devices("x"));
            assertThrows(IllegalArgumentException.class, () -> s.devices((String) null));
        }
    }
}

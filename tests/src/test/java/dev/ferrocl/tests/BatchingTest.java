package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import org.junit.Test;

/**
 * Loops run in batches ({@link TaskSchedule#batch(long)}): each batch's device buffers hold only the part of each
 * array its iterations reach. The schedules here ask for batches of a few kilobytes per array, so that small arrays
 * run in many batches on any device; arrays larger than the device's largest allocation (where batches start on their
 * own) run in {@code BigArrayRun} ({@code gradle :tests:bigArray}). Every result is compared exactly with the JVM's
 * run of the same method on copies of the same inputs, and the report must show the batches.
 */
public class BatchingTest {
    static void map(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 3 + (a[i] >> 2) - i;
        }
    }

    static void scale(float[] a, float s) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * s + 1.0f;
        }
    }

    static void divide(int[] a, int[] d) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] / d[i];
        }
    }

    static void quotient(int[] a, int[] d, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i] / d[i];
        }
    }

    static void stencil(float[] a, float[] out) {
        for (@Parallel int i = 1; i < a.length - 1; i++) {
            out[i] = a[i - 1] * 0.25f + a[i] * 0.5f + a[i + 1] * 0.25f;
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

    static void matmul(float[] a, float[] b, float[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float s = 0f;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = s;
            }
        }
    }

    static void gather(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            out[idx[i]] = a[i];
        }
    }

    static void twoNests(int[] a, int[] b, int m) {
        for (@Parallel int i = 0; i < m; i++) {
            a[i] = a[i] + 1;
        }
        for (@Parallel int j = 0; j < b.length; j++) {
            b[j] = b[j] * 2 + j;
        }
    }

    static void gatherAdd(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            out[idx[i]] += a[i];
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

    static void sumDoubles(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    private static int[] ints(int n, int seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919 + seed) % 100_003 - 50_000;
        }
        return a;
    }

    private static TaskReport ranInBatches(TaskSchedule s, String task) {
        TaskReport t = s.report().task(task);
        assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        assertTrue(t.toString(), t.batches() > 1);
        return t;
    }

    @Test
    public void aMapRunsInBatchesMovingEachSliceOnce() {
        int n = 200_003;
        int[] a = ints(n, 3);
        int[] expected = new int[n];
        Arrays.fill(expected, -1);
        map(a, expected);
        try (TaskSchedule s = new TaskSchedule("batch-map").batch("64KB")) {
            int[] out = new int[n];
            s.task("map", BatchingTest::map, a, out);
            for (int run = 0; run < 3; run++) {
                Arrays.fill(out, -1);
                s.execute();
                assertArrayEquals("run " + run, expected, out);
            }
            TaskReport t = ranInBatches(s, "map");
            // 64 KB of 4-byte elements: at least 800,012 / 65,536 batches.
            assertTrue(t.toString(), t.batches() >= 12);
            // Each batch moved its slice of the input up and its slice of the output down, nothing else.
            assertEquals(t.toString(), 4L * n, t.bytesUploaded());
            assertEquals(t.toString(), 4L * n, t.bytesDownloaded());
        }
    }

    @Test
    public void anInPlaceUpdateAndAStencilReadingPastEachBatch() {
        int n = 100_001;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 977) * 1.25f - 300f;
        }
        float[] out = new float[n];
        Arrays.fill(out, -9f);
        float[] outExpected = out.clone();
        stencil(a, outExpected);
        float[] aExpected = a.clone();
        scale(aExpected, 1.5f);
        try (TaskSchedule s = new TaskSchedule("batch-stencil").batch(16 * 1024)) {
            s.task("stencil", BatchingTest::stencil, a, out).task("scale", BatchingTest::scale, a, 1.5f);
            s.execute();
            assertArrayEquals(outExpected, out, 0f);
            assertArrayEquals(aExpected, a, 0f);
            ranInBatches(s, "stencil");
            ranInBatches(s, "scale");
        }
    }

    @Test
    public void aFailedCheckInALaterBatchGivesTheJvmTheArraysAsTheyWere() {
        // The in-place division meets a zero near the end: the batches before it landed on the device, and the
        // JVM's rerun must see the original values (it divides once, then throws where Java throws).
        int n = 60_000;
        int[] a = ints(n, 17);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = 1 + (i % 5);
        }
        d[n - 100] = 0;
        int[] expected = a.clone();
        assertThrows(ArithmeticException.class, () -> divide(expected, d));
        try (TaskSchedule s = new TaskSchedule("batch-check").batch("8KB")) {
            s.task("divide", BatchingTest::divide, a, d);
            assertThrows(ArithmeticException.class, s::execute);
            assertArrayEquals(expected, a);
            assertEquals(TaskReport.Where.JVM, s.report().task("divide").ranOn());
        }
    }

    @Test
    public void aFailedCheckInAStreamedBatchLandsNoLaterBatch() {
        // No array is updated in place, so the batches stream, each landing once every earlier one passed; the
        // zero divisor sits in a middle batch: the batches before it land (the JVM writes the same values again),
        // none after it may, or elements the JVM never reaches would hold results.
        int n = 60_000;
        int[] a = ints(n, 23);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = 1 + (i % 9);
        }
        d[n / 2 + 17] = 0;
        int[] out = new int[n];
        Arrays.fill(out, -4);
        int[] expected = out.clone();
        assertThrows(ArithmeticException.class, () -> quotient(a, d, expected));
        try (TaskSchedule s = new TaskSchedule("batch-stream-check").batch("8KB")) {
            s.task("quotient", BatchingTest::quotient, a, d, out);
            assertThrows(ArithmeticException.class, s::execute);
            assertArrayEquals(expected, out);
            assertEquals(TaskReport.Where.JVM, s.report().task("quotient").ranOn());
            // Without the zero, the same schedule runs on the device in batches.
            d[n / 2 + 17] = 3;
            int[] again = out.clone();
            quotient(a, d, again);
            s.execute();
            assertArrayEquals(again, out);
            ranInBatches(s, "quotient");
        }
    }

    @Test
    public void twoDimensionalNestsAndATiledMatmulRunInBatchesOfRows() {
        int w = 301;
        int h = 257;
        double[] img = new double[w * h];
        double[] imgExpected = img.clone();
        image(w, h, imgExpected);
        int n = 100;
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = (i % 13) * 0.5f - 3f;
            b[i] = (i % 7) * 0.25f + 1f;
        }
        float[] c = new float[n * n];
        Arrays.fill(c, 5f);
        float[] cExpected = c.clone();
        matmul(a, b, cExpected, n);
        try (TaskSchedule s = new TaskSchedule("batch-2d").batch("8KB")) {
            s.task("image", BatchingTest::image, w, h, img).task("matmul", BatchingTest::matmul, a, b, c, n);
            s.execute();
            assertArrayEquals(imgExpected, img, 0.0);
            assertArrayEquals(cExpected, c, 0f);
            ranInBatches(s, "image");
            ranInBatches(s, "matmul");
        }
    }

    @Test
    public void reductionsCombineAcrossBatches() {
        int n = 300_007;
        int[] a = ints(n, 21);
        long[] total = {7};
        long[] totalExpected = total.clone();
        sum(a, totalExpected);
        int[] most = {Integer.MIN_VALUE};
        int[] mostExpected = most.clone();
        max(a, mostExpected);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.sin(i) * 1000.0;
        }
        double[] sx = {0.0};
        double[] sxExpected = sx.clone();
        sumDoubles(x, sxExpected);
        try (TaskSchedule s = new TaskSchedule("batch-reduce").batch("64KB")) {
            s.task("sum", BatchingTest::sum, a, total).task("max", BatchingTest::max, a, most)
                    .task("sumDoubles", BatchingTest::sumDoubles, x, sx);
            s.execute();
            assertEquals(totalExpected[0], total[0]);
            assertEquals(mostExpected[0], most[0]);
            // A floating-point sum in another order: within n roundings of the largest partial sum's size.
            double bound = n * Math.ulp(1000.0 * n);
            assertEquals(sxExpected[0], sx[0], bound);
            ranInBatches(s, "sum");
            ranInBatches(s, "max");
            ranInBatches(s, "sumDoubles");
        }
    }

    @Test
    public void loopsThatCannotBeBatchedRunAsOneLaunchWhenTheyFit() {
        // Stores at indices read from an array, and a 2-D nest whose rows write across the whole array: no batch
        // can own a part of the output, so each runs as one launch (the arrays fit the device).
        int n = 20_000;
        int[] a = ints(n, 5);
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = (int) ((i * 7_919L) % n);
        }
        int[] out = new int[n];
        int[] outExpected = out.clone();
        gather(a, idx, outExpected);
        int w = 97;
        int h = 211;
        int[] cols = new int[w * h];
        int[] colsExpected = cols.clone();
        columns(w, h, colsExpected);
        try (TaskSchedule s = new TaskSchedule("batch-not").batch("4KB")) {
            s.task("gather", BatchingTest::gather, a, idx, out).task("columns", BatchingTest::columns, w, h, cols);
            s.execute();
            assertArrayEquals(outExpected, out);
            assertArrayEquals(colsExpected, cols);
            for (String task : new String[] {"gather", "columns"}) {
                TaskReport t = s.report().task(task);
                assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
                assertEquals(t.toString(), 0, t.batches());
            }
        }
    }

    @Test
    public void aLargeExecutionStreamsOnAGpuWithItsOwnMemoryAndRunsAsOneLaunchElsewhere() {
        // 1.08 GB up and down (2.15 GB moved): over the 2 GiB from which the runtime streams on a GPU with memory of
        // its own; the update's checks are all proven away. Only where the heap holds it (tests/build.gradle gives
        // 2 GB; the GPU bundle's JUnit run 8 GB).
        int n = 270_000_000;
        org.junit.Assume.assumeTrue("needs a heap of 2.5 GB", Runtime.getRuntime().maxMemory() > 2_500_000_000L);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 977) * 1.25f - 300f;
        }
        try (TaskSchedule s = new TaskSchedule("batch-auto")) {
            s.task("scale", BatchingTest::scale, x, 0.75f).execute();
            // The JVM's run of the same method on the same inputs, a block at a time.
            float[] block = new float[1 << 20];
            for (int from = 0; from < n; from += block.length) {
                int len = Math.min(block.length, n - from);
                float[] expected = len == block.length ? block : new float[len];
                for (int i = 0; i < len; i++) {
                    expected[i] = ((from + i) % 977) * 1.25f - 300f;
                }
                scale(expected, 0.75f);
                assertArrayEquals("from " + from, expected, Arrays.copyOfRange(x, from, from + len), 0f);
            }
            TaskReport t = s.report().task("scale");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            dev.ferrocl.api.Device device = dev.ferrocl.api.Devices.defaultDevice();
            if (device.type().equalsIgnoreCase("GPU") && device.platform().contains("NVIDIA")) {
                assertTrue(t.toString(), t.batches() >= 2);
            } else if (!device.type().equalsIgnoreCase("GPU")) {
                // A device in host memory copies with the host's own memory passes: no streaming.
                assertEquals(t.toString(), 0, t.batches());
            }
        }
    }

    @Test
    public void aMethodWithAnEmptyNestRunsItsOtherNestInBatches() {
        int n = 50_000;
        int[] a = ints(n, 2);
        int[] b = ints(n, 8);
        int[] aExpected = a.clone();
        int[] bExpected = b.clone();
        twoNests(aExpected, bExpected, 0);
        try (TaskSchedule s = new TaskSchedule("batch-two-nests").batch("8KB")) {
            s.task("two", BatchingTest::twoNests, a, b, 0).execute();
            assertArrayEquals(aExpected, a);
            assertArrayEquals(bExpected, b);
            ranInBatches(s, "two");
        }
        // Both nests non-empty: two launches, which run as one execution (the arrays fit).
        twoNests(aExpected, bExpected, 100);
        try (TaskSchedule s = new TaskSchedule("batch-two-nests-both").batch("8KB")) {
            s.task("two", BatchingTest::twoNests, a, b, 100).execute();
            assertArrayEquals(aExpected, a);
            assertArrayEquals(bExpected, b);
            assertEquals(0, s.report().task("two").batches());
        }
    }

    @Test
    public void aKeptArrayWrittenByAnUnbatchableTaskIsUploadedAgainAfterwards() {
        // Asked for batches, the task cannot be batched (stores at indices read from an array) and runs as one
        // launch without the kept array's device copy: that copy is out of date, and the next execution (no batch
        // size, the kept copy in use) must upload the host's values again.
        int n = 20_000;
        int[] a = ints(n, 7);
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = (int) ((i * 7_919L) % n);
        }
        int[] out = ints(n, 13);
        int[] expected = out.clone();
        for (int k = 0; k < 3; k++) {
            gatherAdd(a, idx, expected);
        }
        try (TaskSchedule s = new TaskSchedule("batch-kept")) {
            s.task("gatherAdd", BatchingTest::gatherAdd, a, idx, out).keepOnDevice(out);
            s.execute();
            s.batch("4KB").execute();
            assertEquals(0, s.report().task("gatherAdd").batches());
            s.batch(0).execute();
            assertArrayEquals(expected, out);
            assertEquals(TaskReport.Where.DEVICE, s.report().task("gatherAdd").ranOn());
        }
    }

    @Test
    public void badBatchSizesAreRefused() {
        try (TaskSchedule s = new TaskSchedule("batch-bad")) {
            assertThrows(IllegalArgumentException.class, () -> s.batch(-1));
            assertThrows(IllegalArgumentException.class, () -> s.batch("0"));
            assertThrows(IllegalArgumentException.class, () -> s.batch("12XB"));
            assertThrows(IllegalArgumentException.class, () -> s.batch("-5MB"));
            assertThrows(IllegalArgumentException.class, () -> s.batch("99999999999GB"));
            assertThrows(NullPointerException.class, () -> s.batch((String) null));
            // 0 is the default: batches only when needed.
            s.batch(0).batch("1 gb");
        }
    }
}

package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import org.junit.Test;

/**
 * Executions whose transfers overlap their kernels: the loop cut into batches, each batch's uploads, kernel and
 * downloads on queues of their own, chained by events (the runtime's {@code overlap} module). On a GPU this happens
 * on its own for work that moves at least 16 MiB and whose kernels were short the last time; here it is forced
 * ({@code FERROCL_OVERLAP=force}: every task whose shape allows it, 4 batches, any device and size), which only the
 * {@code testOverlap} task sets (tests/build.gradle); the plain {@code test} task does not pick this class (its name
 * does not end in {@code Test}).
 *
 * <p>Most kernels are {@link BatchingTest}'s. Every result is compared exactly with the JVM's run of the same method
 * on copies of the same inputs, and the report must show the batches (or, for the shapes that must not overlap,
 * none).
 */
public class OverlapRuns {
    static void positives(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                out[i] = a[i] * 2;
            }
        }
    }

    static void offset(int[] a, int[] d, int[] out) {
        int base = out[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = base + a[i] / d[i];
        }
    }

    static void saxpy(double alpha, double[] x, double[] y, long[] bits) {
        for (@Parallel int i = 0; i < y.length; i++) {
            y[i] = alpha * x[i] + y[i];
            bits[i] = Double.doubleToRawLongBits(y[i]) ^ i;
        }
    }

    private static int[] ints(int n, int seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919 + seed) % 100_003 - 50_000;
        }
        return a;
    }

    private static TaskReport onDevice(TaskSchedule s, String task) {
        TaskReport t = s.report().task(task);
        assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        return t;
    }

    private static TaskReport overlapped(TaskSchedule s, String task) {
        TaskReport t = onDevice(s, task);
        assertEquals(t.toString(), 4, t.batches());
        return t;
    }

    @Test
    public void aMapMovesEachSliceOnceAndNotTheOutput() {
        int n = 200_003;
        int[] a = ints(n, 3);
        int[] expected = new int[n];
        BatchingTest.map(a, expected);
        try (TaskSchedule s = new TaskSchedule("overlap-map")) {
            int[] out = new int[n];
            s.task("map", BatchingTest::map, a, out);
            for (int run = 0; run < 3; run++) {
                Arrays.fill(out, -1);
                s.execute();
                assertArrayEquals("run " + run, expected, out);
            }
            TaskReport t = overlapped(s, "map");
            // The input goes up once, in four slices; the output is written in full, so it never goes up.
            assertEquals(t.toString(), 4L * n, t.bytesUploaded());
            assertEquals(t.toString(), 4L * n, t.bytesDownloaded());
        }
    }

    static void add(float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] + b[i];
        }
    }

    @Test
    public void aLargeMapWithFreshInputsAtEveryExecution() {
        // 96 MiB moved per execution, inputs changed in place between executions: every result the JVM's.
        int n = 8 << 20;
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        float[] expected = new float[n];
        try (TaskSchedule s = new TaskSchedule("overlap-large")) {
            s.task("add", OverlapRuns::add, a, b, c);
            for (int run = 0; run < 4; run++) {
                for (int i = 0; i < n; i++) {
                    a[i] = (i % 4099) * 0.5f + run;
                    b[i] = (i % 127) - run * 3.25f;
                }
                Arrays.fill(c, Float.NaN);
                add(a, b, expected);
                s.execute();
                assertArrayEquals("run " + run, expected, c, 0f);
            }
            TaskReport t = overlapped(s, "add");
            assertEquals(t.toString(), 8L * n, t.bytesUploaded());
            assertEquals(t.toString(), 4L * n, t.bytesDownloaded());
        }
    }

    @Test
    public void anInPlaceUpdate() {
        int n = 100_001;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 977) * 1.25f - 300f;
        }
        float[] expected = a.clone();
        BatchingTest.scale(expected, 1.5f);
        BatchingTest.scale(expected, 1.5f);
        try (TaskSchedule s = new TaskSchedule("overlap-scale")) {
            s.task("scale", BatchingTest::scale, a, 1.5f);
            s.execute();
            s.execute();
            assertArrayEquals(expected, a, 0f);
            TaskReport t = overlapped(s, "scale");
            assertEquals(t.toString(), 4L * n, t.bytesUploaded());
            assertEquals(t.toString(), 4L * n, t.bytesDownloaded());
        }
    }

    @Test
    public void aStencilReadingPastEachBatchMovesEachInputByteOnce() {
        int n = 100_001;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 613) * 0.75f - 100f;
        }
        float[] out = new float[n];
        Arrays.fill(out, -9f);
        float[] expected = out.clone();
        BatchingTest.stencil(a, expected);
        try (TaskSchedule s = new TaskSchedule("overlap-stencil")) {
            s.task("stencil", BatchingTest::stencil, a, out);
            s.execute();
            assertArrayEquals(expected, out, 0f);
            TaskReport t = overlapped(s, "stencil");
            // All of a, and at most the two elements of out the loop leaves alone.
            assertTrue(t.toString(), t.bytesUploaded() >= 4L * n && t.bytesUploaded() <= 4L * n + 8);
        }
    }

    @Test
    public void aConditionalWriteKeepsTheElementsItSkips() {
        int n = 150_000;
        int[] a = ints(n, 11);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = -i;
        }
        int[] expected = out.clone();
        positives(a, expected);
        try (TaskSchedule s = new TaskSchedule("overlap-positives")) {
            s.task("positives", OverlapRuns::positives, a, out);
            s.execute();
            assertArrayEquals(expected, out);
            overlapped(s, "positives");
        }
    }

    @Test
    public void aFailedCheckInALaterBatchEndsAsTheJvmDoes() {
        // The division meets a zero in the last batch: the earlier batches' results may have landed, and they are
        // what the JVM's rerun writes again before it throws where Java throws.
        int n = 80_000;
        int[] a = ints(n, 17);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = 1 + (i % 5);
        }
        d[n - 100] = 0;
        int[] expected = new int[n];
        Arrays.fill(expected, 7);
        assertThrows(ArithmeticException.class, () -> BatchingTest.quotient(a, d, expected));
        int[] out = new int[n];
        Arrays.fill(out, 7);
        try (TaskSchedule s = new TaskSchedule("overlap-check")) {
            s.task("quotient", BatchingTest::quotient, a, d, out);
            ArithmeticException e = assertThrows(ArithmeticException.class, s::execute);
            assertEquals("/ by zero", e.getMessage());
            assertArrayEquals(expected, out);
            // Without the zero, the same schedule runs on the device in batches.
            d[n - 100] = 3;
            int[] again = new int[n];
            BatchingTest.quotient(a, d, again);
            s.execute();
            assertArrayEquals(again, out);
            overlapped(s, "quotient");
        }
    }

    @Test
    public void anInPlaceUpdateThatCanFailRunsAsOneLaunch() {
        int n = 60_000;
        int[] a = ints(n, 5);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = 1 + (i % 7);
        }
        int[] expected = a.clone();
        BatchingTest.divide(expected, d);
        try (TaskSchedule s = new TaskSchedule("overlap-divide")) {
            s.task("divide", BatchingTest::divide, a, d);
            s.execute();
            assertArrayEquals(expected, a);
            assertEquals(0, onDevice(s, "divide").batches());
            // With a zero: the JVM sees the original values, divides once, and throws where Java throws.
            d[n / 2] = 0;
            int[] before = a.clone();
            int[] jvm = a.clone();
            assertThrows(ArithmeticException.class, () -> BatchingTest.divide(jvm, d));
            assertThrows(ArithmeticException.class, s::execute);
            assertArrayEquals(jvm, a);
            assertTrue(!Arrays.equals(before, a));
        }
    }

    @Test
    public void anArrayReadOnTheHostAndWrittenByALoopThatCanFailRunsAsOneLaunch() {
        // out[0] is read before the loop: had the first batches landed before the failed check, the JVM's rerun
        // would start from their out[0].
        int n = 80_000;
        int[] a = ints(n, 23);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = 1 + (i % 3);
        }
        d[n - 10] = 0;
        int[] out = new int[n];
        Arrays.fill(out, 1000);
        int[] expected = out.clone();
        assertThrows(ArithmeticException.class, () -> offset(a, d, expected));
        try (TaskSchedule s = new TaskSchedule("overlap-offset")) {
            s.task("offset", OverlapRuns::offset, a, d, out);
            assertThrows(ArithmeticException.class, s::execute);
            assertArrayEquals(expected, out);
            d[n - 10] = 2;
            int[] again = out.clone();
            offset(a, d, again);
            s.execute();
            assertArrayEquals(again, out);
            assertEquals(0, onDevice(s, "offset").batches());
        }
    }

    @Test
    public void aNestCutAlongItsOuterLoop() {
        int w = 333;
        int h = 301;
        double[] expected = new double[w * h];
        BatchingTest.image(w, h, expected);
        try (TaskSchedule s = new TaskSchedule("overlap-image")) {
            double[] out = new double[w * h];
            s.task("image", BatchingTest::image, w, h, out);
            s.execute();
            assertArrayEquals(expected, out, 0.0);
            TaskReport t = overlapped(s, "image");
            assertEquals(t.toString(), 0L, t.bytesUploaded());
            assertEquals(t.toString(), 8L * w * h, t.bytesDownloaded());
        }
    }

    @Test
    public void aTiledMatmulInBatchesOfRows() {
        // A kernel whose tiling may choose another variant for a batch's fewer rows: each batch runs its own.
        // (512 rows: four batches of two 64-row tile rows each.)
        int n = 512;
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = (i % 17) * 0.25f - 2f;
            b[i] = (i % 13) * 0.5f - 3f;
        }
        float[] expected = new float[n * n];
        BatchingTest.matmul(a, b, expected, n);
        try (TaskSchedule s = new TaskSchedule("overlap-matmul")) {
            float[] c = new float[n * n];
            s.task("matmul", BatchingTest::matmul, a, b, c, n);
            for (int run = 0; run < 2; run++) {
                Arrays.fill(c, Float.NaN);
                s.execute();
                assertArrayEquals("run " + run, expected, c, 0f);
            }
            overlapped(s, "matmul");
        }
    }

    @Test
    public void doublesAndLongsWithAnInputUsedTwice() {
        int n = 70_001;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.scalb((i % 1000) - 500.5, (i % 40) - 20);
            y[i] = i * 0.1 - 3e3;
        }
        double[] yExpected = y.clone();
        long[] bitsExpected = new long[n];
        saxpy(0.75, x, yExpected, bitsExpected);
        try (TaskSchedule s = new TaskSchedule("overlap-saxpy")) {
            long[] bits = new long[n];
            s.task("saxpy", OverlapRuns::saxpy, 0.75, x, y, bits);
            s.execute();
            assertArrayEquals(bitsExpected, bits);
            for (int i = 0; i < n; i++) {
                assertEquals(Double.doubleToRawLongBits(yExpected[i]), Double.doubleToRawLongBits(y[i]));
            }
            overlapped(s, "saxpy");
        }
        // One array as both parameters of the map: an in-place update through two names.
        int[] a = ints(50_000, 9);
        int[] expected = a.clone();
        BatchingTest.map(expected, expected);
        try (TaskSchedule s = new TaskSchedule("overlap-alias")) {
            s.task("map", BatchingTest::map, a, a);
            s.execute();
            assertArrayEquals(expected, a);
            onDevice(s, "map");
        }
    }

    @Test
    public void shapesThatMustNotOverlapRunAsOneLaunch() {
        // Each batch of rows writes a column's worth of elements spread over the whole array: the batches' writes
        // interleave, so they cannot land one after another.
        int w = 200;
        int h = 150;
        int[] expected = new int[w * h];
        BatchingTest.columns(w, h, expected);
        try (TaskSchedule s = new TaskSchedule("overlap-columns")) {
            int[] out = new int[w * h];
            s.task("columns", BatchingTest::columns, w, h, out);
            s.execute();
            s.execute();
            assertArrayEquals(expected, out);
            assertEquals(0, onDevice(s, "columns").batches());
        }
        // Stores at indices the host cannot bound.
        int n = 40_000;
        int[] a = ints(n, 2);
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = (int) ((i * 7L) % n);
        }
        int[] gathered = new int[n];
        BatchingTest.gather(a, idx, gathered);
        try (TaskSchedule s = new TaskSchedule("overlap-gather")) {
            int[] out = new int[n];
            s.task("gather", BatchingTest::gather, a, idx, out);
            s.execute();
            assertArrayEquals(gathered, out);
            assertEquals(0, onDevice(s, "gather").batches());
        }
    }
}

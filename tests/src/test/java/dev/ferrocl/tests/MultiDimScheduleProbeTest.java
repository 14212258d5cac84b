package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/**
 * Multi-dimensional arrays across schedules and executions: {@code keepOnDevice} of matrices with and without
 * {@code markChanged}, kept matrices written by one task and read by the next (and by the next execution), JVM reruns
 * after failed checks followed by fixed inputs, {@code dropFromDevice}, matrices kept by two schedules, schedules on
 * several threads, fields of the task's object reassigned or nulled between executions, 3-D fields, jagged rows whose
 * lengths change between executions (the data array is reused only when sizes match), very many small rows and a few
 * huge ones, {@code inPlace(false)} and {@code batch(...)} schedules, and rows the kernel leaves unwritten (exact bit
 * patterns). Every expected value comes from the same Java run on the JVM (on copies that keep the sharing of rows
 * where it matters). Strict mode.
 */
public class MultiDimScheduleProbeTest {

    // ================================================================ helpers

    static float[][] matrix(long seed, int rows, int cols) {
        float[][] m = new float[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = JvmOracle.floats(seed * 1000 + r, cols, -2f, 2f);
        }
        return m;
    }

    static float[][] jagged(long seed, int... lens) {
        float[][] m = new float[lens.length][];
        for (int r = 0; r < lens.length; r++) {
            m[r] = JvmOracle.floats(seed * 1000 + r, lens[r], -2f, 2f);
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

    @SuppressWarnings("unchecked")
    static <T> T copy(T v) {
        return (T) MultiDimProbeTest.sharedClone(v)[0];
    }

    static void assertAllOnDevice(TaskSchedule s) {
        for (TaskReport t : s.report().tasks()) {
            assertEquals(t.id() + ": " + t.reason() + "\n" + s.report(), TaskReport.Where.DEVICE, t.ranOn());
        }
    }

    /** Bit for bit, NaN payloads included (JvmOracle.assertSame canonicalises NaN). */
    static void assertBits(String what, float[][] expected, float[][] actual) {
        assertEquals(what + ": rows", expected.length, actual.length);
        for (int r = 0; r < expected.length; r++) {
            if (expected[r] == null) {
                assertNull(what + "[" + r + "]", actual[r]);
                continue;
            }
            assertEquals(what + "[" + r + "]: length", expected[r].length, actual[r].length);
            for (int k = 0; k < expected[r].length; k++) {
                int e = Float.floatToRawIntBits(expected[r][k]);
                int a = Float.floatToRawIntBits(actual[r][k]);
                if (e != a) {
                    fail(what + "[" + r + "][" + k + "]: expected 0x" + Integer.toHexString(e) + " (" + expected[r][k]
                            + ") but was 0x" + Integer.toHexString(a) + " (" + actual[r][k] + ")");
                }
            }
        }
    }

    static void assertBits(String what, double[][] expected, double[][] actual) {
        assertEquals(what + ": rows", expected.length, actual.length);
        for (int r = 0; r < expected.length; r++) {
            assertEquals(what + "[" + r + "]: length", expected[r].length, actual[r].length);
            for (int k = 0; k < expected[r].length; k++) {
                long e = Double.doubleToRawLongBits(expected[r][k]);
                long a = Double.doubleToRawLongBits(actual[r][k]);
                if (e != a) {
                    fail(what + "[" + r + "][" + k + "]: expected 0x" + Long.toHexString(e) + " but was 0x"
                            + Long.toHexString(a));
                }
            }
        }
    }

    /** Runs {@code r} and returns what it throws (null if nothing). */
    static Throwable thrownBy(Runnable r) {
        try {
            r.run();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    static void assertSameThrowable(Throwable expected, Throwable actual) {
        assertNotNull("the JVM should throw (test is wrong)", expected);
        assertNotNull("execute() should throw " + expected, actual);
        if (expected.getClass() != actual.getClass()) {
            AssertionError e = new AssertionError("expected " + expected + " but got " + actual);
            e.initCause(actual);
            throw e;
        }
        assertEquals("exception message", expected.getMessage(), actual.getMessage());
    }

    // ================================================================ kernels

    public static void rowDot(float[][] a, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = a[i];
            float s = 0;
            for (int k = 0; k < r.length; k++) {
                s += r[k] * x[k % x.length];
            }
            out[i] = s + r.length;
        }
    }

    public static void accumulate(float[][] m, float[] d) {
        for (@Parallel int i = 0; i < m.length; i++) {
            float[] r = m[i];
            for (int k = 0; k < r.length; k++) {
                r[k] = r[k] * 0.5f + d[i] + k;
            }
        }
    }

    public static void rowMax(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float best = Float.NEGATIVE_INFINITY;
            for (int k = 0; k < m[i].length; k++) {
                best = Math.max(best, m[i][k]);
            }
            out[i] = best + m[i].length;
        }
    }

    public static void bumpAndPick(int[][] m, int[] col, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            m[i][0] += i + 1;
            out[i] = m[i][col[i]];
        }
    }

    public static void bump(int[][] m) {
        for (@Parallel int i = 0; i < m.length; i++) {
            int[] r = m[i];
            for (int k = 0; k < r.length; k++) {
                r[k] = r[k] * 3 + i - k;
            }
        }
    }

    public static void pick(int[][] m, int[] col, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][col[i]];
        }
    }

    public static void scaleVector(float[] v, float f) {
        for (@Parallel int i = 0; i < v.length; i++) {
            v[i] = v[i] * f + i;
        }
    }

    // ================================================================ keepOnDevice with and without markChanged

    @Test
    public void aKeptMatrixSeesEveryChangeReportedWithMarkChanged() {
        // The Javadoc's promise: after markChanged(matrix), a change to any of its rows is seen (elements, rows
        // replaced by rows of the same or another length, empty rows, rows shared within the matrix).
        float[][] a = matrix(1, 40, 16);
        float[] x = JvmOracle.floats(2, 16, -1f, 1f);
        float[] out = new float[40];
        try (TaskSchedule s = new TaskSchedule("kept").task("t", MultiDimScheduleProbeTest::rowDot, a, x, out)
                .keepOnDevice(a, x)) {
            for (int round = 0; round < 7; round++) {
                s.execute();
                assertAllOnDevice(s);
                float[] expected = new float[40];
                rowDot(copy(a), x, expected);
                JvmOracle.assertSame("out, round " + round, expected, out);
                switch (round) {
                    case 0 -> a[3][2] = 7.5f;
                    case 1 -> a[5] = JvmOracle.floats(3, 16, -3f, 3f);
                    case 2 -> a[7] = JvmOracle.floats(4, 50, -3f, 3f); // the data array's size changes
                    case 3 -> {
                        a[9] = new float[0];
                        a[10] = a[11];
                    }
                    case 4 -> {
                        a[0] = a[39];
                        a[20] = a[21].clone();
                        a[39][0] = -0.0f;
                    }
                    case 5 -> {
                        // Same sizes as before: only values change, in many rows.
                        for (int r = 0; r < 40; r += 3) {
                            if (a[r].length > 0) {
                                a[r][a[r].length - 1] += r;
                            }
                        }
                    }
                    default -> {
                    }
                }
                s.markChanged(a);
            }
        }
    }

    @Test
    public void aKeptMatrixWrittenByOneTaskIsReadByTheNextAndByTheNextExecution() {
        float[][] m = jagged(5, 3, 40, 0, 17, 33, 1, 64, 8);
        float[] d = JvmOracle.floats(6, m.length, -1f, 1f);
        float[] out = new float[m.length];
        float[][] em = copy(m);
        float[] eout = new float[m.length];
        float[][] rows = m.clone();
        try (TaskSchedule s = new TaskSchedule("kept2").task("w", MultiDimScheduleProbeTest::accumulate, m, d)
                .task("r", MultiDimScheduleProbeTest::rowMax, m, out).keepOnDevice(m)) {
            for (int round = 0; round < 6; round++) {
                s.execute();
                assertAllOnDevice(s);
                accumulate(em, d);
                rowMax(em, eout);
                JvmOracle.assertSame("m, round " + round, em, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
                for (int r = 0; r < m.length; r++) {
                    assertSame("Java's rows are written in place", rows[r], m[r]);
                }
                if (round == 3) {
                    // Host changes, reported: an element, and a row replaced by one of the same length (results must
                    // land in the new row, the old one left alone).
                    m[1][39] = 1e6f;
                    em[1][39] = 1e6f;
                    float[] old = m[4];
                    float[] oldCopy = old.clone();
                    m[4] = JvmOracle.floats(7, 33, -1f, 1f);
                    em[4] = m[4].clone();
                    rows[4] = m[4];
                    s.markChanged(m);
                    s.execute();
                    accumulate(em, d);
                    rowMax(em, eout);
                    JvmOracle.assertSame("m after the change", em, m);
                    JvmOracle.assertSame("out after the change", eout, out);
                    JvmOracle.assertSame("the replaced row", oldCopy, old);
                }
            }
        }
    }

    @Test
    public void aKeptMatrixAfterACheckFailsAndAfterTheInputsAreFixed() {
        int n = 30;
        int[][] m = intMatrix(8, n, 5);
        int[] col = JvmOracle.ints(9, n, 0, 5);
        int[] out = new int[n];
        int[][] em = copy(m);
        int[] eout = new int[n];
        try (TaskSchedule s = new TaskSchedule("kept3").task("t", MultiDimScheduleProbeTest::bumpAndPick, m, col, out)
                .keepOnDevice(m)) {
            s.execute();
            assertAllOnDevice(s);
            bumpAndPick(em, col, eout);
            JvmOracle.assertSame("m 1", em, m);
            JvmOracle.assertSame("out 1", eout, out);

            col[17] = 5; // past the row's end: Java throws at i == 17, after writing m[0..17][0]
            Throwable expected = thrownBy(() -> bumpAndPick(em, col, eout));
            Throwable actual = thrownBy(s::execute);
            assertSameThrowable(expected, actual);
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
            JvmOracle.assertSame("m after the exception", em, m);
            JvmOracle.assertSame("out after the exception", eout, out);

            // Fixed, no markChanged: the JVM's rerun changed the kept matrix, so it must go up again.
            col[17] = 4;
            for (int round = 0; round < 3; round++) {
                s.execute();
                assertAllOnDevice(s);
                bumpAndPick(em, col, eout);
                JvmOracle.assertSame("m, round " + round, em, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
            }
        }
    }

    @Test
    public void aKeptMatrixWhenAnotherTaskOfTheExecutionFailsItsCheck() {
        int n = 25;
        int[][] m = intMatrix(10, n, 6);
        int[] col = JvmOracle.ints(11, n, 0, 6);
        int[] out = new int[n];
        int[][] em = copy(m);
        int[] eout = new int[n];
        try (TaskSchedule s = new TaskSchedule("kept4").task("w", MultiDimScheduleProbeTest::bump, m)
                .task("r", MultiDimScheduleProbeTest::pick, m, col, out).keepOnDevice(m)) {
            s.execute();
            assertAllOnDevice(s);
            bump(em);
            pick(em, col, eout);
            JvmOracle.assertSame("m 1", em, m);
            JvmOracle.assertSame("out 1", eout, out);

            col[n - 1] = -1;
            Throwable expected = thrownBy(() -> {
                bump(em);
                pick(em, col, eout);
            });
            Throwable actual = thrownBy(s::execute);
            assertSameThrowable(expected, actual);
            JvmOracle.assertSame("m after the exception", em, m);
            JvmOracle.assertSame("out after the exception", eout, out);

            col[n - 1] = 2;
            for (int round = 0; round < 2; round++) {
                s.execute();
                assertAllOnDevice(s);
                bump(em);
                pick(em, col, eout);
                JvmOracle.assertSame("m, round " + round, em, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
            }
        }
    }

    @Test
    public void afterDropFromDeviceEveryHostChangeIsSeenWithoutMarkChanged() {
        float[][] a = matrix(12, 20, 9);
        float[] x = JvmOracle.floats(13, 9, -1f, 1f);
        float[] out = new float[20];
        try (TaskSchedule s = new TaskSchedule("drop").task("t", MultiDimScheduleProbeTest::rowDot, a, x, out)
                .keepOnDevice(a)) {
            s.execute();
            s.execute();
            s.dropFromDevice(a);
            for (int round = 0; round < 4; round++) {
                switch (round) {
                    case 0 -> a[2][3] = 99f;
                    case 1 -> a[4] = JvmOracle.floats(14, 9, -1f, 1f);
                    case 2 -> a[6] = new float[30];
                    default -> a[0][0] = -0.0f;
                }
                s.execute();
                assertAllOnDevice(s);
                float[] expected = new float[20];
                rowDot(copy(a), x, expected);
                JvmOracle.assertSame("out, round " + round, expected, out);
            }
            // Dropping twice, and dropping what was never kept, do nothing.
            s.dropFromDevice(a).dropFromDevice(matrix(15, 2, 2));
            s.execute();
        }
    }

    @Test
    public void keepingAMatrixNoTaskUses() {
        float[][] unused = matrix(16, 10, 10);
        float[][] m = matrix(17, 6, 12);
        float[] v = m[2]; // a row of a kept matrix, passed as a one-dimensional argument: the matrix is not an argument
        float[] ev = v.clone();
        try (TaskSchedule s = new TaskSchedule("unused").task("t", MultiDimScheduleProbeTest::scaleVector, v, 1.5f)
                .keepOnDevice(unused).keepOnDevice(m)) {
            for (int round = 0; round < 3; round++) {
                s.execute();
                assertAllOnDevice(s);
                scaleVector(ev, 1.5f);
                JvmOracle.assertSame("v, round " + round, ev, v);
                unused[round][0] = round;
                s.markChanged(unused).markChanged(m);
            }
            s.dropFromDevice(unused);
            s.execute();
            scaleVector(ev, 1.5f);
            JvmOracle.assertSame("v after dropping", ev, v);
        }
    }

    @Test
    public void theSameMatrixKeptByTwoSchedules() {
        // One schedule writes the matrix, the other reads it; each keeps it. The reader is told with markChanged.
        float[][] m = jagged(18, 5, 12, 7, 40, 1, 19);
        float[] d = JvmOracle.floats(19, m.length, -1f, 1f);
        float[] out = new float[m.length];
        float[][] em = copy(m);
        float[] eout = new float[m.length];
        try (TaskSchedule writer = new TaskSchedule("writer").task("w", MultiDimScheduleProbeTest::accumulate, m, d)
                .keepOnDevice(m);
                TaskSchedule reader = new TaskSchedule("reader").task("r", MultiDimScheduleProbeTest::rowMax, m, out)
                        .keepOnDevice(m)) {
            for (int round = 0; round < 4; round++) {
                reader.execute();
                assertAllOnDevice(reader);
                rowMax(em, eout);
                JvmOracle.assertSame("out before writing, round " + round, eout, out);
                writer.execute();
                assertAllOnDevice(writer);
                accumulate(em, d);
                JvmOracle.assertSame("m, round " + round, em, m);
                reader.markChanged(m);
                reader.execute();
                rowMax(em, eout);
                JvmOracle.assertSame("out after writing, round " + round, eout, out);
            }
        }
    }

    public static void weighted(float[][] m, float w, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0;
            float[] r = m[i];
            for (int k = 0; k < r.length; k++) {
                s += r[k] * (w + k);
            }
            out[i] = s;
        }
    }

    @Test
    public void schedulesOnSeveralThreadsReadOneMatrix() throws Exception {
        float[][] m = new float[300][];
        for (int r = 0; r < m.length; r++) {
            m[r] = JvmOracle.floats(20_000 + r, 1 + r % 97, -1f, 1f);
        }
        m[77] = m[12];
        float[][] snapshot = copy(m);
        int threads = 6;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                results.add(pool.submit(() -> {
                    float[] out = new float[m.length];
                    try (TaskSchedule s = new TaskSchedule("thread" + id).task("t",
                            MultiDimScheduleProbeTest::weighted, m, id * 0.25f, out)) {
                        if (id % 2 == 0) {
                            s.keepOnDevice(m);
                        }
                        for (int round = 0; round < 15; round++) {
                            java.util.Arrays.fill(out, Float.NaN);
                            s.execute();
                            assertAllOnDevice(s);
                            float[] expected = new float[m.length];
                            weighted(snapshot, id * 0.25f, expected);
                            JvmOracle.assertSame("thread " + id + ", round " + round, expected, out);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : results) {
                f.get(300, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        JvmOracle.assertSame("the matrix is only read", snapshot, m);
    }

    // ================================================================ fields of the task's object

    /** Weights in a field Java reassigns. */
    static final class Net {
        float[][] w;
        float bias;
        Net next;

        Net(float[][] w, float bias, Net next) {
            this.w = w;
            this.bias = bias;
            this.next = next;
        }

        void apply(float[] x, float[] y) {
            for (@Parallel int i = 0; i < y.length; i++) {
                float[] r = w[i % w.length];
                float s = bias;
                for (int k = 0; k < r.length; k++) {
                    s += r[k] * x[k % x.length];
                }
                y[i] = s;
            }
        }

        void applyWithNext(float[] x, float[] y) {
            for (@Parallel int i = 0; i < y.length; i++) {
                float s = bias + (next == null ? -1f : next.w[i % next.w.length][0]);
                float[] r = w[i];
                for (int k = 0; k < r.length; k++) {
                    s += r[k] * x[k % x.length];
                }
                y[i] = s;
            }
        }

        void decay(float f) {
            for (@Parallel int i = 0; i < w.length; i++) {
                for (int k = 0; k < w[i].length; k++) {
                    w[i][k] = w[i][k] * f + i;
                }
            }
        }

        /** Reads the field, writes the argument (the same matrix in one test): each iteration its own row. */
        void blend(float[][] m) {
            for (@Parallel int i = 0; i < m.length; i++) {
                for (int k = 0; k < m[i].length; k++) {
                    m[i][k] = w[i][k] * 2f + m[i][(k + 1) % m[i].length];
                }
            }
        }

        void fromRow(float[] row, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = w[i % w.length][0] + row[i % row.length];
            }
        }
    }

    @Test
    public void aFieldReassignedToAnotherMatrixBetweenExecutions() {
        float[][] a = matrix(21, 12, 8);
        float[][] b = jagged(22, 3, 30, 1, 0, 9);
        float[] x = JvmOracle.floats(23, 30, -1f, 1f);
        float[] y = new float[24];
        Net net = new Net(a, 0.5f, null);
        try (TaskSchedule s = new TaskSchedule("field").task("t", net::apply, x, y).task("d", net::decay, 0.75f)) {
            for (int round = 0; round < 6; round++) {
                Net expectedNet = new Net(copy(net.w), net.bias, null);
                float[] ey = new float[24];
                expectedNet.apply(x, ey);
                expectedNet.decay(0.75f);
                s.execute();
                // Task "d" (bound w.length, a table element read before its loop) ran on the JVM after a host-side
                // check when the probe was written, because "t" uses the same matrix (only reading it): fixed, see
                // theSecondTaskBoundedByTheLengthOfAMatrixTheFirstOnlyReads.
                assertRanOnDevice(s.report(), "t");
                assertRanOnDevice(s.report(), "d");
                JvmOracle.assertSame("y, round " + round, ey, y);
                JvmOracle.assertSame("w, round " + round + " (d ran on " + s.report().task("d").ranOn() + ")",
                        expectedNet.w, net.w);
                switch (round) {
                    case 0 -> net.w = b;
                    case 1 -> net.w = a;
                    case 2 -> net.w = matrix(24, 12, 8); // same sizes as a: the data array may be reused
                    case 3 -> {
                        net.w = a;
                        net.bias = -2f;
                    }
                    default -> net.w = b;
                }
            }
        }
    }

    @Test
    public void aFieldKeptOnTheDeviceThenReassignedAndBack() {
        float[][] a = matrix(25, 16, 8);
        float[][] b = matrix(26, 16, 8);
        float[] x = JvmOracle.floats(27, 8, -1f, 1f);
        float[] y = new float[16];
        Net net = new Net(a, 1f, null);
        try (TaskSchedule s = new TaskSchedule("keptField").task("t", net::apply, x, y).keepOnDevice(a)) {
            for (int round = 0; round < 6; round++) {
                float[] ey = new float[16];
                new Net(copy(net.w), net.bias, null).apply(x, ey);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("y, round " + round, ey, y);
                switch (round) {
                    case 0 -> net.w = b; // not kept
                    case 1 -> net.w = a; // kept and unchanged
                    case 2 -> {
                        a[3][3] = 42f; // kept, changed and said so
                        s.markChanged(a);
                    }
                    case 3 -> {
                        net.w = b;
                        b[0][0] = -7f; // not kept: seen without markChanged
                    }
                    default -> net.w = a;
                }
            }
        }
    }

    @Test
    public void aFieldThatBecomesNullThrowsJavasExceptionThenRecovers() {
        float[][] a = matrix(28, 10, 6);
        float[] x = JvmOracle.floats(29, 6, -1f, 1f);
        float[] y = new float[10];
        Net net = new Net(a, 0f, null);
        try (TaskSchedule s = new TaskSchedule("nullField").task("t", net::apply, x, y)) {
            s.execute();
            assertAllOnDevice(s);
            net.w = null;
            float[] before = y.clone();
            Throwable expected = thrownBy(() -> new Net(null, 0f, null).apply(x, new float[10]));
            Throwable actual = thrownBy(s::execute);
            assertSameThrowable(expected, actual);
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
            JvmOracle.assertSame("y untouched", before, y);
            net.w = a;
            s.execute();
            assertAllOnDevice(s);
            float[] ey = new float[10];
            new Net(copy(a), 0f, null).apply(x, ey);
            JvmOracle.assertSame("y after recovering", ey, y);
        }
    }

    @Test
    public void aFieldReachedThroughAnObjectThatBecomesNull() {
        // next == null: Java reads no next.w (no exception). The results must be Java's; where it ran is reported.
        float[][] a = matrix(30, 14, 7);
        Net inner = new Net(matrix(31, 3, 2), 0f, null);
        Net net = new Net(a, 0.25f, inner);
        float[] x = JvmOracle.floats(32, 7, -1f, 1f);
        float[] y = new float[14];
        try (TaskSchedule s = new TaskSchedule("nextNull").task("t", net::applyWithNext, x, y)) {
            s.execute();
            assertAllOnDevice(s);
            float[] ey = new float[14];
            new Net(copy(a), 0.25f, new Net(copy(inner.w), 0f, null)).applyWithNext(x, ey);
            JvmOracle.assertSame("y with next", ey, y);

            net.next = null;
            s.execute();
            TaskReport.Where where = s.report().task("t").ranOn();
            new Net(copy(a), 0.25f, null).applyWithNext(x, ey);
            JvmOracle.assertSame("y without next (ran on " + where + ")", ey, y);

            net.next = new Net(matrix(33, 5, 1), 0f, null);
            s.execute();
            assertAllOnDevice(s);
            new Net(copy(a), 0.25f, new Net(copy(net.next.w), 0f, null)).applyWithNext(x, ey);
            JvmOracle.assertSame("y with another next", ey, y);
            assertEquals("with next == null the task should still run on the device: "
                    + "Java's code reads no field through it", TaskReport.Where.DEVICE, where);
        }
    }

    /** A 3-D field. */
    static final class Volume {
        int[][][] cells;

        Volume(int[][][] cells) {
            this.cells = cells;
        }

        void step(int[] out) {
            for (@Parallel int i = 0; i < cells.length; i++) {
                int s = 0;
                int[][] plane = cells[i];
                for (int j = 0; j < plane.length; j++) {
                    int[] line = plane[j];
                    for (int k = 0; k < line.length; k++) {
                        line[k] = line[k] * 5 + j - k;
                        s += line[k];
                    }
                }
                out[i] = s;
            }
        }
    }

    static int[][][] volume(long seed, int planes) {
        int[][][] t = new int[planes][][];
        for (int i = 0; i < planes; i++) {
            t[i] = new int[1 + i % 4][];
            for (int j = 0; j < t[i].length; j++) {
                t[i][j] = JvmOracle.ints(seed * 100 + i * 7L + j, (i + 3 * j) % 11, -50, 50);
            }
        }
        return t;
    }

    @Test
    public void aThreeDimensionalFieldOverSeveralExecutions() {
        Volume v = new Volume(volume(34, 23));
        int[] out = new int[23];
        try (TaskSchedule s = new TaskSchedule("volume").task("t", v::step, out)) {
            for (int round = 0; round < 5; round++) {
                Volume ev = new Volume(copy(v.cells));
                int[] eout = new int[23];
                ev.step(eout);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("cells, round " + round, ev.cells, v.cells);
                JvmOracle.assertSame("out, round " + round, eout, out);
                switch (round) {
                    case 0 -> v.cells[5] = new int[][] {JvmOracle.ints(35, 20), new int[0]};
                    case 1 -> v.cells[7][0] = v.cells[7][2]; // a line shared within one plane (one iteration)
                    case 2 -> v.cells = volume(36, 23);
                    default -> v.cells[22] = new int[0][];
                }
            }
        }
    }

    @Test
    public void aFieldMatrixThatIsAlsoTheArgument() {
        float[][] m = jagged(37, 4, 9, 1, 16, 33);
        Net net = new Net(m, 0f, null);
        try (TaskSchedule s = new TaskSchedule("same").task("t", net::blend, m)) {
            for (int round = 0; round < 3; round++) {
                float[][] e = copy(m);
                new Net(e, 0f, null).blend(e);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("m, round " + round, e, m);
            }
        }
    }

    @Test
    public void aRowOfAFieldMatrixAlsoPassedAsAnArgumentIsRefused() {
        float[][] m = matrix(38, 5, 4);
        Net net = new Net(m, 0f, null);
        try (TaskSchedule s = new TaskSchedule("fieldRow").task("t", net::fromRow, m[1], new float[10])) {
            s.execute();
            fail("strict mode should refuse two copies of one array; report:\n" + s.report());
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("inner array"));
        }
    }

    @Test
    public void aRowOfAMatrixOneTaskWritesIsTheNextTasksArgument() {
        // Task "w" writes m (flattened), task "r" reads m[2] (the Java row): in one execution the kernels would see
        // two copies of one array, so strict mode refuses.
        float[][] m = matrix(39, 6, 8);
        float[] d = JvmOracle.floats(40, 6, -1f, 1f);
        try (TaskSchedule s = new TaskSchedule("rowNext").task("w", MultiDimScheduleProbeTest::accumulate, m, d)
                .task("r", MultiDimScheduleProbeTest::scaleVector, m[2], 2f)) {
            s.execute();
            fail("strict mode should refuse two copies of one array; report:\n" + s.report());
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("inner array"));
        }
    }

    @Test
    public void aRowOfAMatrixOneTaskWritesIsTheNextTasksArgumentInABatchedSchedule() {
        // Batched, each task runs as an execution of its own: either refused as above, or Java's results.
        float[][] m = matrix(41, 6, 8);
        float[] d = JvmOracle.floats(42, 6, -1f, 1f);
        float[][] em = copy(m);
        accumulate(em, d);
        scaleVector(em[2], 2f);
        try (TaskSchedule s = new TaskSchedule("rowNextBatched").batch("1KB")
                .task("w", MultiDimScheduleProbeTest::accumulate, m, d)
                .task("r", MultiDimScheduleProbeTest::scaleVector, m[2], 2f)) {
            try {
                s.execute();
            } catch (CompilationException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("inner array"));
                return;
            }
            assertAllOnDevice(s);
        }
        JvmOracle.assertSame("m", em, m);
    }

    // ================================================================ sizes that change, many rows, huge rows

    public static void prefix(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            float s = 0;
            for (int k = 0; k < m[i].length; k++) {
                s += m[i][k];
                m[i][k] = s * 0.5f + k;
            }
            out[i] = s;
        }
    }

    @Test
    public void jaggedRowLengthsThatChangeBetweenExecutions() {
        float[] out = new float[8];
        float[][] m = jagged(43, 5, 7, 3, 0, 2, 9, 1, 4); // 31 elements, packed
        try (TaskSchedule s = new TaskSchedule("jaggedChange").task("t", MultiDimScheduleProbeTest::prefix, m, out)) {
            int[][] shapes = {
                {7, 5, 4, 1, 9, 2, 0, 3}, // the same total: the data array is reused, every offset differs
                {7, 5, 4, 1, 9, 2, 0, 3}, // the same shape again
                {40, 1, 0, 0, 0, 0, 0, 33}, // aligned runs
                {1, 40, 0, 0, 0, 0, 33, 0}, // the same lengths elsewhere: the size differs (alignment)
                {0, 0, 0, 0, 0, 0, 0, 0},
                {3, 3, 3, 3, 3, 3, 3, 3},
            };
            for (int round = 0; round <= shapes.length; round++) {
                float[][] e = copy(m);
                float[] eout = out.clone();
                prefix(e, eout);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("m, round " + round, e, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
                if (round < shapes.length) {
                    for (int r = 0; r < 8; r++) {
                        m[r] = JvmOracle.floats(round * 100L + r, shapes[round][r], -3f, 3f);
                    }
                }
            }
        }
    }

    public static void smallRows(int[][] m, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] r = m[i];
            int s = r.length;
            for (int k = 0; k < r.length; k++) {
                s = s * 31 + r[k];
                r[k] = s ^ i;
            }
            out[i] = s;
        }
    }

    @Test
    public void aHundredThousandSmallRowsKeptAndChanged() {
        int n = 100_000;
        int[][] m = new int[n][];
        int[] v = JvmOracle.ints(44, n + 8);
        for (int i = 0; i < n; i++) {
            m[i] = java.util.Arrays.copyOfRange(v, i, i + (i * 7) % 4);
        }
        int[] out = new int[n];
        int[][] em = copy(m);
        int[] eout = new int[n];
        try (TaskSchedule s = new TaskSchedule("many").task("t", MultiDimScheduleProbeTest::smallRows, m, out)
                .keepOnDevice(m)) {
            for (int round = 0; round < 4; round++) {
                s.execute();
                assertAllOnDevice(s);
                smallRows(em, eout);
                JvmOracle.assertSame("m, round " + round, em, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
                if (round == 1) {
                    for (int i = 0; i < n; i += 997) {
                        m[i] = new int[] {i, -i, 3};
                        em[i] = m[i].clone();
                    }
                    s.markChanged(m);
                }
            }
        }
    }

    public static void acrossRows(float[][] m, int width) {
        for (@Parallel int j = 0; j < width; j++) {
            for (int r = 0; r < m.length; r++) {
                if (j < m[r].length) {
                    m[r][j] = m[r][j] * 0.5f + r - j * 1e-6f;
                }
            }
        }
    }

    @Test
    public void aFewHugeRowsAndATinyOne() {
        float[][] m = {JvmOracle.floats(45, 3_000_001, -1f, 1f), new float[1], JvmOracle.floats(46, 2_000_000, -1f,
                1f), new float[0]};
        try (TaskSchedule s = new TaskSchedule("huge").task("t", MultiDimScheduleProbeTest::acrossRows, m,
                3_000_001)) {
            for (int round = 0; round < 2; round++) {
                float[][] e = copy(m);
                acrossRows(e, 3_000_001);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("m, round " + round, e, m);
            }
        }
    }

    // ================================================================ inPlace(false), batches

    @Test
    public void anInPlaceFalseScheduleOverSeveralExecutions() {
        float[][] m = jagged(47, 12, 0, 33, 5, 5, 64);
        float[] out = new float[m.length];
        try (TaskSchedule s = new TaskSchedule("copies").inPlace(false)
                .task("t", MultiDimScheduleProbeTest::prefix, m, out)) {
            for (int round = 0; round < 4; round++) {
                float[][] e = copy(m);
                float[] eout = out.clone();
                prefix(e, eout);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("m, round " + round, e, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
                m[round] = JvmOracle.floats(48 + round, round * 11, -1f, 1f);
            }
        }
    }

    @Test
    public void aBatchedScheduleWithTwoTasksOnAKeptMatrix() {
        float[][] m = matrix(49, 3000, 10);
        float[] d = JvmOracle.floats(50, 3000, -1f, 1f);
        float[] out = new float[3000];
        float[][] em = copy(m);
        float[] eout = new float[3000];
        try (TaskSchedule s = new TaskSchedule("batchedKept").batch("1KB")
                .task("w", MultiDimScheduleProbeTest::accumulate, m, d)
                .task("r", MultiDimScheduleProbeTest::rowMax, m, out).keepOnDevice(m)) {
            for (int round = 0; round < 3; round++) {
                s.execute();
                assertAllOnDevice(s);
                accumulate(em, d);
                rowMax(em, eout);
                JvmOracle.assertSame("m, round " + round, em, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
                m[round * 1000 + 7][3] = 1e5f;
                em[round * 1000 + 7][3] = 1e5f;
                s.markChanged(m);
            }
        }
    }

    @Test
    public void aBatchedScheduleWithRowsThatChangeLength() {
        float[][] m = new float[2500][];
        for (int r = 0; r < m.length; r++) {
            m[r] = JvmOracle.floats(51_000 + r, r % 13, -1f, 1f);
        }
        float[] out = new float[m.length];
        try (TaskSchedule s = new TaskSchedule("batchedJagged").batch("1KB")
                .task("t", MultiDimScheduleProbeTest::prefix, m, out)) {
            for (int round = 0; round < 3; round++) {
                float[][] e = copy(m);
                float[] eout = out.clone();
                prefix(e, eout);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("m, round " + round, e, m);
                JvmOracle.assertSame("out, round " + round, eout, out);
                for (int r = round; r < m.length; r += 5) {
                    m[r] = JvmOracle.floats(52_000 + r, (r + round) % 17, -1f, 1f);
                }
            }
        }
    }

    @Test
    public void aBatchedScheduleWhoseCheckFailsLate() {
        int n = 3000;
        int[][] m = intMatrix(53, n, 4);
        int[] col = JvmOracle.ints(54, n, 0, 4);
        col[n - 3] = 4;
        int[] out = new int[n];
        MoreChecks.checkThrows(x -> bumpAndPick((int[][]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.batch("1KB").task("t", MultiDimScheduleProbeTest::bumpAndPick, m, col, out), m, col, out);
    }

    // ================================================================ unwritten rows and elements keep their bits

    public static void writeSome(float[][] m, int[] which, float v) {
        for (@Parallel int i = 0; i < which.length; i++) {
            float[] row = m[which[i]];
            for (int k = 0; k < row.length; k += 2) {
                row[k] = v + i * 0.5f + k;
            }
        }
    }

    static float[][] specials() {
        float[] nanRow = {Float.intBitsToFloat(0x7f800001), Float.intBitsToFloat(0xffc12345), -0.0f,
            Float.intBitsToFloat(0x7fbfffff), Float.NaN, -0.0f, Float.MIN_VALUE, -Float.MAX_VALUE};
        float[][] m = new float[9][];
        for (int r = 0; r < m.length; r++) {
            m[r] = new float[8 + 5 * r];
            for (int k = 0; k < m[r].length; k++) {
                m[r][k] = nanRow[(k + r) % nanRow.length];
            }
        }
        m[8] = new float[40];
        java.util.Arrays.fill(m[8], -0.0f);
        m[8][39] = Float.intBitsToFloat(0xff800001);
        return m;
    }

    @Test
    public void rowsAndElementsTheKernelDoesNotWriteKeepTheirExactBits() {
        float[][] m = specials();
        int[] which = {0, 3, 8};
        float[][] e = copy(m);
        writeSome(e, which, 1.25f);
        try (TaskSchedule s = new TaskSchedule("bits").task("t", MultiDimScheduleProbeTest::writeSome, m, which,
                1.25f)) {
            s.execute();
            assertAllOnDevice(s);
        }
        assertBits("m", e, m);
    }

    @Test
    public void unwrittenBitsSurviveAKeptMatrixOverExecutionsAndNoInPlace() {
        float[][] m = specials();
        float[][] e = copy(m);
        try (TaskSchedule s = new TaskSchedule("bitsKept").inPlace(false)
                .task("t", MultiDimScheduleProbeTest::writeSome, m, new int[] {1, 5}, -3f).keepOnDevice(m)) {
            for (int round = 0; round < 3; round++) {
                writeSome(e, new int[] {1, 5}, -3f);
                s.execute();
                assertAllOnDevice(s);
                assertBits("m, round " + round, e, m);
                if (round == 1) {
                    m[2][0] = Float.intBitsToFloat(0x7fc00abc);
                    e[2][0] = Float.intBitsToFloat(0x7fc00abc);
                    s.markChanged(m);
                }
            }
        }
    }

    public static void halveDiagonal(double[][] m) {
        for (@Parallel int i = 0; i < m.length; i++) {
            if (i < m[i].length && (i & 1) == 0) {
                m[i][i] = m[i][i] * 0.5;
            }
        }
    }

    @Test
    public void doubleRowsKeepTheirBitsWhereNotWritten() {
        double[][] m = new double[10][12];
        long[] bits = {0x7ff0000000000001L, 0xfff8000000abcdefL, 0x8000000000000000L, 0x7ff4000000000000L};
        for (int r = 0; r < 10; r++) {
            for (int k = 0; k < 12; k++) {
                m[r][k] = k == r ? r + 0.75 : Double.longBitsToDouble(bits[(r + k) % bits.length]);
            }
        }
        double[][] e = copy(m);
        halveDiagonal(e);
        try (TaskSchedule s = new TaskSchedule("dbits").task("t", MultiDimScheduleProbeTest::halveDiagonal, m)) {
            s.execute();
            assertAllOnDevice(s);
        }
        assertBits("m", e, m);
    }

    @Test
    public void sharedRowsOfAKeptMatrixWrittenOverExecutions() {
        // Rows 0 and 3 are one array, rows 1 and 5 another: each written once per execution through one of them.
        int[] a = JvmOracle.ints(55, 10, -9, 9);
        int[] b = JvmOracle.ints(56, 4, -9, 9);
        int[][] m = {a, b, JvmOracle.ints(57, 7, -9, 9), a, new int[0], b};
        int[][] e = copy(m);
        int[] idx = {0, 1, 2, 4};
        try (TaskSchedule s = new TaskSchedule("sharedKept").task("t", MultiDimScheduleProbeTest::bumpRows, m, idx)
                .keepOnDevice(m)) {
            for (int round = 0; round < 3; round++) {
                bumpRows(e, idx);
                s.execute();
                assertAllOnDevice(s);
                JvmOracle.assertSame("m, round " + round, e, m);
                assertSame(m[0], m[3]);
                assertSame(m[1], m[5]);
            }
        }
    }

    public static void bumpRows(int[][] m, int[] idx) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            int[] r = m[idx[i]];
            for (int k = 0; k < r.length; k++) {
                r[k] = r[k] * 2 + i;
            }
        }
    }

    // ================================================================ the varargs rule, host checks

    @Test
    public void aSingleMatrixGivenToTheVarargsMethodsIsTheMatrix() {
        float[][] m = matrix(58, 4, 4);
        float[][] other = matrix(59, 4, 4);
        float[] x = JvmOracle.floats(60, 4, -1f, 1f);
        float[] out = new float[4];
        try (TaskSchedule s = new TaskSchedule("varargs").task("t", MultiDimScheduleProbeTest::rowDot, m, x, out)) {
            s.keepOnDevice(m);
            s.markChanged(m); // the matrix is kept
            try {
                s.markChanged(other);
                fail("markChanged of a matrix that is not kept should throw");
            } catch (IllegalArgumentException expected) {
                // as the Javadoc says
            }
            try {
                s.markChanged(m[0]);
                fail("markChanged of a row (only the matrix is kept) should throw");
            } catch (IllegalArgumentException expected) {
                // as the Javadoc says
            }
            s.execute();
            float[] e = new float[4];
            rowDot(copy(m), x, e);
            JvmOracle.assertSame("out", e, out);
            // keepOnDevice of an empty matrix and of a matrix of null rows: matrices, nothing to complain about.
            s.keepOnDevice(new float[0][]).keepOnDevice(new int[3][][]);
            m[1][1] = 5f;
            s.markChanged(m).execute();
            rowDot(copy(m), x, e);
            JvmOracle.assertSame("out after markChanged", e, out);
        }
    }

    /** A second task whose field matrix is null: the first runs (on the device), then Java's exception. */
    static final class Reader {
        float[][] w;

        Reader(float[][] w) {
            this.w = w;
        }

        void read(float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = w[i][0] * 2f;
            }
        }
    }

    @Test
    public void aHostCheckFailingInTheSecondTaskWithAKeptMatrixWrittenByTheFirst() {
        float[][] m = matrix(61, 10, 5);
        float[] d = JvmOracle.floats(62, 10, -1f, 1f);
        float[] out = new float[10];
        Reader reader = new Reader(null);
        float[][] em = copy(m);
        try (TaskSchedule s = new TaskSchedule("hostCheck").task("w", MultiDimScheduleProbeTest::accumulate, m, d)
                .task("r", reader::read, out).keepOnDevice(m)) {
            accumulate(em, d);
            Throwable expected = thrownBy(() -> new Reader(null).read(new float[10]));
            Throwable actual = thrownBy(s::execute);
            assertSameThrowable(expected, actual);
            JvmOracle.assertSame("m after the first execution", em, m);
            JvmOracle.assertSame("out untouched", new float[10], out);

            reader.w = m; // now reads the kept matrix
            s.execute();
            assertAllOnDevice(s);
            accumulate(em, d);
            float[] eout = new float[10];
            new Reader(em).read(eout);
            JvmOracle.assertSame("m", em, m);
            JvmOracle.assertSame("out", eout, out);
        }
    }

    public static void scaleByCorner(float[][] m, float[] out) {
        float c = m[0][0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][1] * c + m[i].length;
        }
    }

    @Test
    public void anElementReadBeforeTheLoopFromAKeptMatrixAfterMarkChanged() {
        float[][] m = matrix(63, 12, 4);
        float[] out = new float[12];
        try (TaskSchedule s = new TaskSchedule("cornerKept").task("t", MultiDimScheduleProbeTest::scaleByCorner, m,
                out).keepOnDevice(m)) {
            for (int round = 0; round < 4; round++) {
                s.execute();
                assertAllOnDevice(s);
                float[] e = new float[12];
                scaleByCorner(copy(m), e);
                JvmOracle.assertSame("out, round " + round, e, out);
                switch (round) {
                    case 0 -> m[0][0] = -3f;
                    case 1 -> m[0] = new float[] {9f, 1f};
                    default -> m[5][1] = 0.125f;
                }
                s.markChanged(m);
            }
        }
    }

    public static void firstColumn(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][0];
        }
    }

    public static void firstColumnToLength(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            out[i] = m[i][0] * 2f;
        }
    }

    @Test
    public void theSecondTaskBoundedByTheLengthOfAMatrixTheFirstOnlyReads() {
        // The Javadoc sends a task to the JVM for "an element read before the loops from an array an earlier task of
        // the schedule changes". Here nothing changes m (and no kernel can change a matrix's table: row stores are
        // refused), yet "b", whose bound m.length is read from m's table before its loop, runs on the JVM.
        float[][] m = matrix(64, 12, 3);
        float[] o1 = new float[12];
        float[] o2 = new float[12];
        float[] e1 = new float[12];
        float[] e2 = new float[12];
        firstColumn(m, e1);
        firstColumnToLength(m, e2);
        try (TaskSchedule s = new TaskSchedule("lengthAfter").task("a", MultiDimScheduleProbeTest::firstColumn, m, o1)
                .task("b", MultiDimScheduleProbeTest::firstColumnToLength, m, o2)) {
            s.execute();
            JvmOracle.assertSame("o1", e1, o1);
            JvmOracle.assertSame("o2", e2, o2);
            assertAllOnDevice(s);
        }
    }

    @Test
    public void aBatchedScheduleWithAKeptMatrixWhoseCheckFailsLate() {
        int n = 3000;
        int[][] m = intMatrix(65, n, 4);
        int[] col = JvmOracle.ints(66, n, 0, 4);
        int[] out = new int[n];
        int[][] em = copy(m);
        int[] eout = new int[n];
        try (TaskSchedule s = new TaskSchedule("batchedKeptFails").batch("1KB")
                .task("t", MultiDimScheduleProbeTest::bumpAndPick, m, col, out).keepOnDevice(m)) {
            s.execute();
            assertAllOnDevice(s);
            bumpAndPick(em, col, eout);
            JvmOracle.assertSame("m 1", em, m);
            col[n - 3] = 4;
            Throwable expected = thrownBy(() -> bumpAndPick(em, col, eout));
            Throwable actual = thrownBy(s::execute);
            assertSameThrowable(expected, actual);
            JvmOracle.assertSame("m after the exception", em, m);
            JvmOracle.assertSame("out after the exception", eout, out);
            col[n - 3] = 1;
            s.execute();
            assertAllOnDevice(s);
            bumpAndPick(em, col, eout);
            JvmOracle.assertSame("m after the fix", em, m);
            JvmOracle.assertSame("out after the fix", eout, out);
        }
    }
}

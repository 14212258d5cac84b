package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.ints;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Devices;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.time.Duration;
import org.junit.Test;

/**
 * Kernels working on the Java arrays in place on a device that works in host memory (PoCL): after an execution whose
 * kernels were short (at most {@code -Dferrocl.inPlaceMillis}, 20 ms by default), the next one copies nothing: its
 * kernels read the Java arrays and, when the execution is one launch none of whose checks can fail, write their
 * results into them. Otherwise results go to copies (a failed check, or a driver failure between two launches, must
 * leave every array as it was). On a GPU with
 * its own memory nothing is ever in place. Every round changes the inputs and compares every array with the JVM's
 * run on clones.
 */
public class InPlaceTest {
    /** Every element written, each index proven at launch: no check can fail. */
    static void scale(float[] a, float[] out, float k) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * k + 1.5f;
        }
    }

    /** Read and written by the same work-item, over a part of the array: the rest keeps its values. */
    static void bump(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] * 3 - i;
        }
    }

    /** An index read from an array: its check stays in the kernel and can fail. */
    static void gather(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[idx[i]] + i;
        }
    }

    /** {@link #scale}'s twin: a task of its own (tasks, and their last wait, are shared across schedules). */
    static void scaleAgain(float[] a, float[] out, float k) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * k + 1.5f;
        }
    }

    /** Work that grows with a scalar: {@code iters} steps per element. */
    static void spin(float[] out, int iters) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float x = i * 0.01f;
            for (int k = 0; k < iters; k++) {
                x = x * 0.999f + 1f;
            }
            out[i] = x;
        }
    }

    static void twice(int[] a, int[] t) {
        for (@Parallel int i = 0; i < a.length; i++) {
            t[i] = a[i] * 2;
        }
    }

    static void plusT(int[] t, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = t[i] + c[i];
        }
    }

    private static final int N = 1 << 18;

    private static boolean hostMemory() {
        return "CPU".equalsIgnoreCase(Devices.defaultDevice().type());
    }

    private static long bytes(int elements) {
        return 4L * elements;
    }

    /** After the first, timed execution: everything in place on a CPU device, nothing on a GPU. */
    private static void assertMoved(String what, TaskReport r, int round, long all, long uploadedWhenCopied,
            long downloadedWhenCopied) {
        String report = what + ", round " + round + ": " + r;
        if (round > 0 && hostMemory()) {
            assertEquals(report, all, r.bytesInPlace());
            assertEquals(report, 0, r.bytesUploaded());
            assertEquals(report, 0, r.bytesDownloaded());
        } else {
            assertEquals(report, 0, r.bytesInPlace());
            assertEquals(report, uploadedWhenCopied, r.bytesUploaded());
            assertEquals(report, downloadedWhenCopied, r.bytesDownloaded());
        }
    }

    @Test
    public void aShortKernelWorksOnTheJavaArraysInPlace() {
        float[] a = new float[N];
        float[] out = new float[N];
        try (TaskSchedule s = new TaskSchedule("in-place").task("t", InPlaceTest::scale, a, out, 2.25f)) {
            for (int round = 0; round < 4; round++) {
                java.util.Random rnd = new java.util.Random(round);
                for (int i = 0; i < N; i++) {
                    a[i] = rnd.nextFloat() * 1000f - 500f;
                }
                java.util.Arrays.fill(out, Float.NaN);
                float[] expected = new float[N];
                scale(a.clone(), expected, 2.25f);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("round " + round, expected, out);
                assertMoved("scale", s.report().task("t"), round, bytes(2 * N), bytes(N), bytes(N));
            }
        }
    }

    @Test
    public void anArrayReadAndWrittenInPartKeepsTheRest() {
        for (int n : new int[] {N, N - 1, 1}) {
            int[] a = ints(7100 + n, N);
            try (TaskSchedule s = new TaskSchedule("bump").task("t", InPlaceTest::bump, a, n)) {
                for (int round = 0; round < 3; round++) {
                    int[] expected = a.clone();
                    bump(expected, n);
                    s.execute();
                    assertRanOnDevice(s.report(), "t");
                    assertSame("n = " + n + ", round " + round, expected, a);
                    TaskReport r = s.report().task("t");
                    // Another n is other work: timed (with copies) before it runs in place.
                    boolean inPlace = round > 0 && hostMemory();
                    assertEquals(r.toString(), inPlace ? bytes(N) : 0, r.bytesInPlace());
                    assertEquals(r.toString(), inPlace ? 0 : bytes(N), r.bytesDownloaded());
                }
            }
        }
    }

    @Test
    public void aKernelWhoseChecksCanFailWritesCopies() {
        int[] a = ints(7200, N);
        int[] idx = new int[N];
        int[] out = ints(7201, N);
        try (TaskSchedule s = new TaskSchedule("gather").task("t", InPlaceTest::gather, a, idx, out)) {
            for (int round = 0; round < 3; round++) {
                java.util.Random rnd = new java.util.Random(round);
                for (int i = 0; i < N; i++) {
                    idx[i] = rnd.nextInt(N);
                }
                int[] expected = out.clone();
                gather(a, idx, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("round " + round, expected, out);
                TaskReport r = s.report().task("t");
                assertEquals(r.toString(), bytes(N), r.bytesDownloaded());
                if (round > 0 && hostMemory()) {
                    assertEquals(r.toString(), bytes(2 * N), r.bytesInPlace());
                }
            }
            // An index out of range, found on the device while the inputs are read in place: the JVM reruns the
            // task on arrays nothing touched, and its exception and partial results are what the caller sees.
            idx[N / 2] = N + 5;
            int[] expected = out.clone();
            Throwable jvm = null;
            try {
                gather(a, idx, expected);
            } catch (ArrayIndexOutOfBoundsException e) {
                jvm = e;
            }
            assertNotNull(jvm);
            Throwable device = null;
            try {
                s.execute();
            } catch (ArrayIndexOutOfBoundsException e) {
                device = e;
            }
            assertNotNull("execute() should throw the JVM's exception", device);
            assertEquals(jvm.getMessage(), device.getMessage());
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
            assertSame("after the failed check", expected, out);
        }
    }

    @Test
    public void chainedTasksReadInPlaceAndWriteCopies() {
        int[] a = ints(7300, N);
        int[] t = ints(7301, N);
        int[] c = ints(7302, N);
        try (TaskSchedule s = new TaskSchedule("chain").task("twice", InPlaceTest::twice, a, t)
                .task("plus", InPlaceTest::plusT, t, c)) {
            for (int round = 0; round < 3; round++) {
                a[round] += 17;
                int[] et = t.clone();
                int[] ec = c.clone();
                twice(a, et);
                plusT(et, ec);
                s.execute();
                assertRanOnDevice(s.report(), "twice");
                assertRanOnDevice(s.report(), "plus");
                assertSame("t, round " + round, et, t);
                assertSame("c, round " + round, ec, c);
                // Two launches: t and c come back as copies; a, only read, is read in place after the first round.
                long moved = s.report().task("twice").bytesDownloaded() + s.report().task("plus").bytesDownloaded();
                assertEquals(s.report().toString(), bytes(2 * N), moved);
                long inPlace = s.report().task("twice").bytesInPlace() + s.report().task("plus").bytesInPlace();
                assertEquals(s.report().toString(), round > 0 && hostMemory() ? bytes(N) : 0, inPlace);
            }
        }
    }

    @Test
    public void offWhenAskedOrWithATimeoutAndTheInterruptStatusSurvives() {
        float[] a = new float[N];
        float[] out = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = i * 0.75f - 3f;
        }
        float[] expected = new float[N];
        scaleAgain(a, expected, -1.5f);
        try (TaskSchedule s = new TaskSchedule("off").task("t", InPlaceTest::scaleAgain, a, out, -1.5f)) {
            s.execute(); // timed
            for (int mode = 0; mode < 2; mode++) {
                if (mode == 0) {
                    s.inPlace(false);
                } else {
                    s.inPlace(true).timeout(Duration.ofSeconds(30));
                }
                java.util.Arrays.fill(out, Float.NaN);
                s.execute();
                assertSame("mode " + mode, expected, out);
                TaskReport r = s.report().task("t");
                assertEquals("mode " + mode + ": " + r, 0, r.bytesInPlace());
                assertEquals("mode " + mode + ": " + r, bytes(N), r.bytesDownloaded());
            }
            s.timeout(Duration.ZERO);
            // In place, an execution cannot be interrupted: it runs, and the thread's interrupt status stays set.
            java.util.Arrays.fill(out, Float.NaN);
            Thread.currentThread().interrupt();
            try {
                if (hostMemory()) {
                    s.execute();
                    assertTrue("interrupt status", Thread.currentThread().isInterrupted());
                    assertSame("interrupted, in place", expected, out);
                    assertEquals(bytes(2 * N), s.report().task("t").bytesInPlace());
                }
            } finally {
                Thread.interrupted();
            }
        }
    }

    @Test
    public void otherWorkAndKeptArraysCopy() {
        float[] out = new float[4096];
        try (TaskSchedule s = new TaskSchedule("spin")) {
            s.task("t", InPlaceTest::spin, out, 10);
            s.execute();
            s.execute();
            assertEquals(hostMemory() ? bytes(4096) : 0, s.report().task("t").bytesInPlace());
        }
        // The same method with another scalar is other work, timed with copies first: a short run does not let a
        // long one hold the arrays (and, before JDK 22, the garbage collector) in place.
        float[] expected = new float[4096];
        spin(expected, 20_000);
        try (TaskSchedule s = new TaskSchedule("spin-long").task("t", InPlaceTest::spin, out, 20_000)) {
            s.execute();
            assertSame("long", expected, out);
            assertEquals(0, s.report().task("t").bytesInPlace());
        }
        // Kept arrays: never in place.
        int[] a = ints(7400, N);
        int[] t = new int[N];
        int[] et = new int[N];
        twice(a, et);
        try (TaskSchedule s = new TaskSchedule("kept").task("t", InPlaceTest::twice, a, t).keepOnDevice(a)) {
            for (int round = 0; round < 3; round++) {
                java.util.Arrays.fill(t, -1);
                s.execute();
                assertSame("kept, round " + round, et, t);
                assertEquals(0, s.report().task("t").bytesInPlace());
            }
        }
    }
}

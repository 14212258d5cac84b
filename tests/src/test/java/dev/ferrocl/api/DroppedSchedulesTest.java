package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import org.junit.Test;

/**
 * Device memory follows reachability: schedules that keep arrays on the device and are dropped without
 * {@code close()} give that memory back once the garbage collector finds them (a Cleaner), and {@code close()}
 * gives it back at once. Strict mode, the default device; every schedule's result is checked against the JVM's.
 */
public class DroppedSchedulesTest {
    static void inc(float[] a, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i] + 1f;
        }
    }

    private static long[] totals() {
        return Backend.keptTotals();
    }

    /** Runs one schedule that keeps both arrays on the device, checks its result, and drops it unclosed. */
    private static void runAndDrop(int n, int seed) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = seed * 0.5f + i;
        }
        float[] out = new float[n];
        float[] expected = new float[n];
        inc(a, expected);
        TaskSchedule s = new TaskSchedule("dropped-" + seed).task("t", DroppedSchedulesTest::inc, a, out)
                .keepOnDevice(a, out);
        s.execute();
        assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        assertArrayEquals(expected, out, 0f);
    }

    @Test
    @SuppressWarnings("try") // the anchor is only held open
    public void droppedSchedulesGiveTheirDeviceMemoryBack() throws Exception {
        // One open schedule throughout, so that the last close does not release everything by itself.
        try (TaskSchedule anchor = new TaskSchedule("anchor")) {
            long[] before = totals();
            int n = 64 * 1024; // 256 KiB per array, 512 KiB per schedule: 500 MB if nothing were freed
            for (int k = 0; k < 1000; k++) {
                runAndDrop(n, k);
            }
            long[] after = null;
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < deadline) {
                System.gc();
                Thread.sleep(20);
                after = totals();
                if (after[0] <= before[0] && after[2] <= before[2]) {
                    break;
                }
            }
            assertTrue("kept handles " + Arrays.toString(before) + " -> " + Arrays.toString(after),
                    after[0] <= before[0]);
            assertTrue("kept device buffers and bytes " + Arrays.toString(before) + " -> " + Arrays.toString(after),
                    after[1] <= before[1] && after[2] <= before[2]);
        }
    }

    @Test
    @SuppressWarnings("try") // the anchor is only held open
    public void closeGivesItBackAtOnce() {
        try (TaskSchedule anchor = new TaskSchedule("anchor")) {
            long[] before = totals();
            float[] a = new float[1000];
            float[] out = new float[1000];
            TaskSchedule s = new TaskSchedule("closed").task("t", DroppedSchedulesTest::inc, a, out)
                    .keepOnDevice(a, out);
            s.execute();
            long[] during = totals();
            assertEquals(Arrays.toString(during), before[0] + 2, during[0]);
            assertTrue(Arrays.toString(during), during[2] >= before[2] + 8000);
            s.close();
            long[] after = totals();
            assertEquals(Arrays.toString(after), before[0], after[0]);
            assertEquals(Arrays.toString(after), before[2], after[2]);
        }
    }
}

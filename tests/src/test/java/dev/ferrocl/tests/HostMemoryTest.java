package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Memory kept between launches: large arrays are registered with the driver (tests/build.gradle forces
 * registration on with FERROCL_PIN_HOST=1, so it also runs on PoCL) and host copies and device buffers are reused.
 * Every launch must see the arrays' current contents: the host changes them between executions, drops them, lets
 * the collector run, and allocates new ones; each result is compared with the JVM's.
 */
public class HostMemoryTest {
    static void add(float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] + b[i];
        }
    }

    static void sum(int[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    private static final int N = 1 << 20; // 4 MiB per float array: above the registration threshold

    private static void fill(float[] a, int round) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (i % 1009) * 0.5f - round * 3.25f;
        }
    }

    @Test
    public void repeatedExecutesSeeTheCurrentContents() {
        float[] a = new float[N];
        float[] b = new float[N];
        float[] c = new float[N];
        fill(b, 7);
        try (TaskSchedule s = new TaskSchedule("host-memory").task("add", HostMemoryTest::add, a, b, c)) {
            for (int round = 0; round < 4; round++) {
                fill(a, round);
                java.util.Arrays.fill(c, Float.NaN);
                TaskReport r = s.execute().report().tasks().get(0);
                assertEquals(TaskReport.Where.DEVICE, r.ranOn());
                float[] expected = new float[N];
                add(a, b, expected);
                assertArrayEquals("round " + round, expected, c, 0f);
                if (round == 1) {
                    // Garbage and a collection between executions: whatever moves or dies, the next launch
                    // must not transfer stale memory.
                    churn();
                }
            }
        }
    }

    @Test
    public void freshArraysAfterOldOnesDied() {
        for (int round = 0; round < 5; round++) {
            int n = N + round * 4099; // a different length each round, so a reused address has another size
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i * 31 + round) ^ (i >>> 3);
            }
            long[] out = {round * 1000L};
            long[] jvm = {round * 1000L};
            sum(a, jvm);
            try (TaskSchedule s = new TaskSchedule("fresh").task("sum", HostMemoryTest::sum, a, out)) {
                assertEquals(TaskReport.Where.DEVICE, s.execute().report().tasks().get(0).ranOn());
            }
            assertEquals("round " + round, jvm[0], out[0]);
            a = null;
            churn();
        }
    }

    /** Allocates and drops arrays of the sizes above, then asks for a collection. */
    private static void churn() {
        long sink = 0;
        for (int k = 0; k < 16; k++) {
            float[] garbage = new float[N + k * 1024];
            garbage[k] = k;
            sink += (long) garbage[k];
        }
        System.gc();
        assertEquals(120, sink);
    }
}

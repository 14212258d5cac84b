package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.Test;

/**
 * The Java arrays held through an execution (the executor's `HostAccess::hold`): an execution that uploads holds them
 * with `GetPrimitiveArrayCritical` from its uploads through its kernels, for at most the hold limit (200 µs on a CPU
 * device), then lets them go and pins them again for the results. Here several threads run executions that upload
 * fresh arrays (large ones registered with the driver in the JDK 25 run, for which tests/build.gradle sets
 * FERROCL_PIN_HOST=1), short kernels
 * that end while the arrays are held and long ones that outlast the hold, while another thread keeps the garbage
 * collector busy, so arrays move between executions and collections wait for held arrays. Every result must be the
 * JVM's, every execution must run on the device, and nothing may hang. `inPlace(false)`: on PoCL, short repeated
 * work would otherwise run on the Java arrays in place, a path without the hold.
 */
public class HoldThroughTest {
    /** Short: one multiply-add per element. */
    static void scale(float[] a, float[] c, float k) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] * k + i;
        }
    }

    /** Long enough per element to outlast the hold on any device: {@code rounds} dependent steps. */
    static void rounds(int[] a, int[] c, int steps) {
        for (@Parallel int i = 0; i < c.length; i++) {
            int x = a[i];
            for (int s = 0; s < steps; s++) {
                x = x * 1103515245 + 12345;
            }
            c[i] = x;
        }
    }

    private static float[] floats(int n, int seed) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = ((i * 7919 + seed * 104729) % 2003) * 0.25f - 250f;
        }
        return a;
    }

    private static int[] ints(int n, int seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 31 + seed) ^ (i >>> 3);
        }
        return a;
    }

    /**
     * One thread's work: a schedule of each kind (a task's first execution is profiled, which never holds, so each
     * runs {@code rounds} times), the inputs refilled before every execution and each result checked against the JVM.
     */
    private static void work(int thread, int rounds) {
        int small = 4096 + thread;
        int large = (1 << 18) + 1024 * thread; // above the registration threshold (1 MiB)
        int longN = 2048 + 61 * thread;
        int steps = 4000 + thread;
        float k = 0.5f + thread;
        float[] a1 = new float[small];
        float[] c1 = new float[small];
        float[] a2 = new float[large];
        float[] c2 = new float[large];
        int[] a3 = new int[longN];
        int[] c3 = new int[longN];
        try (TaskSchedule s1 = new TaskSchedule("hold-small-" + thread)
                    .task("scale", HoldThroughTest::scale, a1, c1, k).inPlace(false);
                TaskSchedule s2 = new TaskSchedule("hold-large-" + thread)
                        .task("scale", HoldThroughTest::scale, a2, c2, k).inPlace(false);
                TaskSchedule s3 = new TaskSchedule("hold-long-" + thread)
                        .task("rounds", HoldThroughTest::rounds, a3, c3, steps).inPlace(false)) {
            for (int round = 0; round < rounds; round++) {
                String where = "thread " + thread + " round " + round;
                System.arraycopy(floats(small, thread * 1000 + round), 0, a1, 0, small);
                float[] expected1 = new float[small];
                scale(a1, expected1, k);
                assertEquals(TaskReport.Where.DEVICE, s1.execute().report().tasks().get(0).ranOn());
                assertArrayEquals(where, expected1, c1, 0f);

                System.arraycopy(floats(large, thread * 1000 + round), 0, a2, 0, large);
                float[] expected2 = new float[large];
                scale(a2, expected2, k);
                assertEquals(TaskReport.Where.DEVICE, s2.execute().report().tasks().get(0).ranOn());
                assertArrayEquals(where, expected2, c2, 0f);

                System.arraycopy(ints(longN, thread * 1000 + round), 0, a3, 0, longN);
                int[] expected3 = new int[longN];
                rounds(a3, expected3, steps);
                assertEquals(TaskReport.Where.DEVICE, s3.execute().report().tasks().get(0).ranOn());
                assertArrayEquals(where, expected3, c3);
            }
        }
    }

    @Test(timeout = 600_000)
    public void threadsUploadFreshArraysWhileTheCollectorRuns() throws Exception {
        int threads = 3;
        int rounds = 12;
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong collections = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        try {
            Future<?> churn = pool.submit(() -> {
                long sink = 0;
                while (!stop.get()) {
                    for (int k = 0; k < 8; k++) {
                        float[] garbage = new float[(1 << 18) + k * 4096];
                        garbage[k] = k;
                        sink += (long) garbage[k];
                    }
                    System.gc();
                    collections.incrementAndGet();
                }
                return sink;
            });
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                workers.add(pool.submit(() -> {
                    work(thread, rounds);
                    return null;
                }));
            }
            for (Future<?> w : workers) {
                w.get(540, TimeUnit.SECONDS); // rethrows a worker's assertion failure
            }
            stop.set(true);
            churn.get(60, TimeUnit.SECONDS);
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
        assertTrue("the collector should have been asked to run meanwhile", collections.get() > 0);
    }
}

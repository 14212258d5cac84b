package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.ExecutionCancelledException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Long kernels (strict mode, the default device): the garbage collector keeps running while one runs (the Java
 * arrays are pinned only while they are copied), an interrupt or a timeout ends the wait with
 * {@link ExecutionCancelledException} and every Java array untouched, and the schedule stays usable afterwards.
 * The kernel's length is calibrated on the device at hand (about two seconds).
 */
public class LongKernelTest {
    private static final int N = 64;
    /** Iterations per work-item for a kernel of about {@link #TARGET_NANOS}. */
    private static int iters;
    private static final long TARGET_NANOS = 2_000_000_000L;

    static void spin(float[] out, int iters) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float x = i * 0.01f;
            for (int k = 0; k < iters; k++) {
                x = x * 0.999f + 1f;
            }
            out[i] = x;
        }
    }

    @BeforeClass
    public static void calibrate() {
        int probe = 200_000;
        float[] out = new float[N];
        try (TaskSchedule s = new TaskSchedule("calibrate").task("t", LongKernelTest::spin, out, probe)) {
            s.execute(); // compiles and builds
            long t0 = System.nanoTime();
            s.execute();
            long nanos = Math.max(1, System.nanoTime() - t0);
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
            iters = (int) Math.min(Integer.MAX_VALUE / 2, Math.max(probe, (long) probe * TARGET_NANOS / nanos));
        }
    }

    /**
     * {@link #spin}'s result as the JVM computes it, with the same float operations; a chain that reaches a fixed
     * point ({@code x * 0.999f + 1f} giving {@code x} again, bit for bit) stays there, so the loop stops at it (the
     * device runs all of its iterations, in parallel; the JVM would take {@link #N} times as long).
     */
    private static float[] expected() {
        float[] e = new float[N];
        for (int i = 0; i < N; i++) {
            float x = i * 0.01f;
            for (int k = 0; k < iters; k++) {
                float next = x * 0.999f + 1f;
                if (Float.floatToRawIntBits(next) == Float.floatToRawIntBits(x)) {
                    break;
                }
                x = next;
            }
            e[i] = x;
        }
        return e;
    }

    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    @Test
    public void theGarbageCollectorRunsWhileAKernelDoes() throws Exception {
        float[] out = new float[N];
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong gcsDuring = new AtomicLong();
        AtomicLong worstAllocationNanos = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (TaskSchedule s = new TaskSchedule("gc").task("t", LongKernelTest::spin, out, iters)) {
            s.warmup();
            Thread allocator = new Thread(() -> {
                long before = collections();
                byte[][] keep = new byte[16][];
                int k = 0;
                while (running.get()) {
                    long t0 = System.nanoTime();
                    keep[k++ & 15] = new byte[1 << 20]; // 1 MiB of garbage at a time: young collections
                    worstAllocationNanos.accumulateAndGet(System.nanoTime() - t0, Math::max);
                    if (running.get()) {
                        gcsDuring.set(collections() - before);
                    }
                }
            });
            Thread.sleep(10);
            long t0 = System.nanoTime();
            Thread executor = new Thread(() -> {
                try {
                    s.execute();
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            executor.start();
            Thread.sleep(100); // the kernel is running (its arrays were uploaded)
            allocator.start();
            executor.join();
            long kernelNanos = System.nanoTime() - t0;
            running.set(false);
            allocator.join();
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            System.out.printf("LongKernelTest: kernel run %.2f s, %d collections completed while it ran, "
                    + "worst 1 MiB allocation %.1f ms%n", kernelNanos / 1e9, gcsDuring.get(),
                    worstAllocationNanos.get() / 1e6);
            assertTrue("no collection completed during a " + kernelNanos / 1_000_000 + " ms kernel",
                    gcsDuring.get() > 0);
            assertTrue("an allocation stalled " + worstAllocationNanos.get() / 1_000_000 + " ms of a "
                    + kernelNanos / 1_000_000 + " ms kernel", worstAllocationNanos.get() < kernelNanos / 2);
        }
        assertArrayEquals(expected(), out, 0f);
    }

    @Test
    public void anInterruptEndsTheWaitAndTheScheduleStaysUsable() throws Exception {
        float[] out = new float[N];
        Arrays.fill(out, -7f);
        float[] before = out.clone();
        try (TaskSchedule s = new TaskSchedule("interrupt").task("t", LongKernelTest::spin, out, iters)) {
            s.warmup();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong endedAt = new AtomicLong();
            AtomicBoolean stillInterrupted = new AtomicBoolean();
            Thread t = new Thread(() -> {
                try {
                    s.execute();
                } catch (Throwable e) {
                    failure.set(e);
                    stillInterrupted.set(Thread.currentThread().isInterrupted());
                } finally {
                    endedAt.set(System.nanoTime());
                }
            });
            t.start();
            Thread.sleep(200);
            long interruptedAt = System.nanoTime();
            t.interrupt();
            t.join(60_000);
            assertTrue("execute() did not end", !t.isAlive());
            Throwable e = failure.get();
            if (!(e instanceof ExecutionCancelledException)) {
                throw new AssertionError("expected ExecutionCancelledException", e);
            }
            assertTrue(e.getMessage(), e.getMessage().contains("interrupted"));
            assertTrue("the interrupt status is kept", stillInterrupted.get());
            long waited = endedAt.get() - interruptedAt;
            assertTrue("the wait ended " + waited / 1_000_000 + " ms after the interrupt, the kernel takes about "
                    + TARGET_NANOS / 1_000_000, waited < TARGET_NANOS / 2);
            assertArrayEquals("the arrays are untouched", before, out, 0f);
            // Usable: the next execution waits for the abandoned kernel, then runs.
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        assertArrayEquals(expected(), out, 0f);
    }

    @Test
    public void aTimeoutEndsTheWaitAndTheScheduleStaysUsable() throws Exception {
        float[] out = new float[N];
        Arrays.fill(out, 3f);
        float[] before = out.clone();
        try (TaskSchedule s = new TaskSchedule("timeout").task("t", LongKernelTest::spin, out, iters)
                .keepOnDevice(out)) {
            s.warmup();
            s.timeout(Duration.ofMillis(200));
            long t0 = System.nanoTime();
            try {
                s.execute();
                fail("no timeout");
            } catch (ExecutionCancelledException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("timed out"));
            }
            long waited = System.nanoTime() - t0;
            assertTrue("the timeout ended the wait after " + waited / 1_000_000 + " ms", waited < TARGET_NANOS / 2);
            assertArrayEquals("the arrays are untouched", before, out, 0f);
            s.timeout(Duration.ZERO);
            s.execute();
        }
        assertArrayEquals(expected(), out, 0f);
    }

    @Test
    public void timeoutsAreChecked() {
        try (TaskSchedule s = new TaskSchedule("bad")) {
            try {
                s.timeout(Duration.ofMillis(-1));
                fail("a negative timeout was taken");
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage(), expected.getMessage().contains("negative"));
            }
            try {
                s.timeout(null);
                fail("a null timeout was taken");
            } catch (NullPointerException expected) {
                assertEquals("timeout", expected.getMessage());
            }
        }
    }
}

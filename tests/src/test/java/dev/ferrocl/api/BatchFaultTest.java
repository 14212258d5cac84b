package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import org.junit.After;
import org.junit.Test;

/**
 * Every OpenCL call of an execution in batches fails in turn (as {@link FaultInjectionTest} does for one launch), for
 * both ways batches run: a kernel that cannot fail a check streams its batches (each lands as soon as it finished),
 * one that can runs them two at a time and restores what earlier batches overwrote. After each injected failure
 * either {@code execute()} recovered and every element is the JVM's, or it threw a {@link FerroclException} and: for
 * the streamed in-place update, every element is its old value or the JVM's result (the batches that finished
 * landed; the message says how many iterations); for the checked in-place update, every element is its old value.
 * The executor holds no device buffer and no event afterwards, and the schedule then runs correctly.
 */
public class BatchFaultTest {
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

    @After
    public void disarm() {
        Native.faultInjection(0);
    }

    /**
     * Fails the k-th OpenCL call of a cold execution of {@code s} for k = 1, 2, ... until an execution makes fewer
     * calls; after each, {@code assertJvm} (no exception) or {@code onThrow} (with where it failed) checks the arrays.
     * Returns how many executions threw.
     */
    private static int walk(String name, TaskSchedule s, Runnable reset, Runnable assertJvm,
            java.util.function.Consumer<String> onThrow) {
        NativeLoader.load();
        s.execute(); // builds the kernels (both variants) before the walk
        long[] baseline = Native.faultInjection(-1);
        int threw = 0;
        for (int k = 1; k <= 2000; k++) {
            reset.run();
            Native.releaseAll();
            Native.faultInjection(k);
            FerroclException failed = null;
            try {
                s.execute();
            } catch (FerroclException e) {
                failed = e;
            }
            long[] state = Native.faultInjection(0);
            String where = "fault at call " + k + (failed == null ? "" : " (" + failed.getMessage() + ")");
            assertEquals(where + ": device buffers held", baseline[1], state[1]);
            assertEquals(where + ": events alive", baseline[3], state[3]);
            if (failed == null) {
                assertJvm.run();
                if (state[0] < k) {
                    System.out.printf("BatchFaultTest %s: %d OpenCL call sites failed in turn, %d threw, %d recovered%n",
                            name, k - 1, threw, k - 1 - threw);
                    return threw;
                }
            } else {
                threw++;
                onThrow.accept(where);
            }
            reset.run();
            s.execute();
            assertJvm.run();
        }
        throw new AssertionError("the walk did not end");
    }

    @Test
    public void aStreamedInPlaceUpdateHoldsOldValuesOrTheJvmsAfterAFault() {
        int n = 50_000;
        float[] original = new float[n];
        for (int i = 0; i < n; i++) {
            original[i] = (i % 977) * 1.25f - 300f;
        }
        float[] expected = original.clone();
        scale(expected, 1.5f);
        float[] a = original.clone();
        try (TaskSchedule s = new TaskSchedule("batch-faults-stream").batch("16KB")
                .task("scale", BatchFaultTest::scale, a, 1.5f)) {
            int threw = walk("stream", s, () -> System.arraycopy(original, 0, a, 0, n),
                    () -> assertArrayEquals(expected, a, 0f), where -> {
                        for (int i = 0; i < n; i++) {
                            float v = a[i];
                            assertTrue(where + ": element " + i + " is " + v,
                                    Float.compare(v, original[i]) == 0 || Float.compare(v, expected[i]) == 0);
                        }
                    });
            assertTrue("no injected fault made execute() throw", threw > 0);
            assertTrue(s.report().task("scale").batches() > 1);
        }
    }

    @Test
    public void aCheckedStreamedLoopHoldsOldValuesOrTheJvmsAfterAFault() {
        // The divide check can fail and no array is updated in place: batches stream in order of their verdicts.
        int n = 30_000;
        int[] a = new int[n];
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 37 - 100_000;
            d[i] = 1 + (i % 7);
        }
        int[] expected = new int[n];
        quotient(a, d, expected);
        int[] old = new int[n];
        Arrays.fill(old, 9);
        int[] out = old.clone();
        try (TaskSchedule s = new TaskSchedule("batch-faults-ordered").batch("8KB")
                .task("quotient", BatchFaultTest::quotient, a, d, out)) {
            int threw = walk("ordered stream", s, () -> System.arraycopy(old, 0, out, 0, n),
                    () -> assertArrayEquals(expected, out), where -> {
                        for (int i = 0; i < n; i++) {
                            assertTrue(where + ": element " + i + " is " + out[i],
                                    out[i] == old[i] || out[i] == expected[i]);
                        }
                    });
            assertTrue("no injected fault made execute() throw", threw > 0);
            assertTrue(s.report().task("quotient").batches() > 1);
        }
    }

    @Test
    public void aCheckedInPlaceUpdateIsRestoredAfterAFault() {
        int n = 30_000;
        int[] original = new int[n];
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            original[i] = i * 37 - 100_000;
            d[i] = 1 + (i % 7);
        }
        int[] expected = original.clone();
        divide(expected, d);
        int[] a = original.clone();
        try (TaskSchedule s = new TaskSchedule("batch-faults-rounds").batch("8KB")
                .task("divide", BatchFaultTest::divide, a, d)) {
            int threw = walk("rounds", s, () -> System.arraycopy(original, 0, a, 0, n), () -> assertArrayEquals(expected, a),
                    where -> assertTrue(where + ": a was written", Arrays.equals(original, a)));
            assertTrue("no injected fault made execute() throw", threw > 0);
            assertTrue(s.report().task("divide").batches() > 1);
        }
    }
}

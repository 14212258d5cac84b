package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import org.junit.After;
import org.junit.Test;

/**
 * Every OpenCL call of an execution fails in turn (as SQLite's tests fail every allocation): a two-task schedule (a
 * map into an intermediate array, then a {@code @Reduce} over it) with a kept input that changed on the host, after
 * the device's idle buffers and staging memory were released, so that every buffer is created again (device
 * out-of-memory is one of the injected faults); the first attempt also builds the first kernel. After each injected failure: {@code execute()} threw a {@link FerroclException} (nothing worse), each Java
 * array is untouched or holds exactly the JVM's result, the executor holds no device buffer, and the same schedule
 * then runs correctly. The walk ends at the first attempt whose calls all succeed; it reports how many call sites
 * it failed.
 */
public class FaultInjectionTest {
    static void scale(int[] a, int[] t) {
        for (@Parallel int i = 0; i < a.length; i++) {
            t[i] = a[i] * 3 + 1;
        }
    }

    static void sum(int[] t, @Reduce int[] out) {
        for (@Parallel int i = 0; i < t.length; i++) {
            out[0] += t[i];
        }
    }

    @After
    public void disarm() {
        Native.faultInjection(0);
    }

    @Test
    public void everyOpenClCallOfAnExecutionFailsInTurn() {
        int n = 100_000; // 400 KB: the intermediate comes back by a direct read, not through staging
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7 - 5000;
        }
        int[] t = new int[n];
        int[] out = new int[1];
        int[] tExpected = new int[n];
        int[] outExpected = {11};
        scale(a, tExpected);
        sum(tExpected, outExpected);
        int[] tBefore = new int[n];
        Arrays.fill(tBefore, -1);

        NativeLoader.load();
        long buffersBefore = Native.faultInjection(-1)[1];
        int failures = 0;
        int sites = 0;
        // A new method text per run of the test would be needed for cold builds; the kernels of this class are
        // built by the first attempt of this walk (the test runs once per JVM).
        try (TaskSchedule s = new TaskSchedule("faults").task("map", FaultInjectionTest::scale, a, t)
                .task("reduce", FaultInjectionTest::sum, t, out).keepOnDevice(a)) {
            for (int k = 1; k <= 500; k++) {
                System.arraycopy(tBefore, 0, t, 0, n);
                out[0] = 11;
                // Every call of a cold execution: idle buffers, staging and status words released (so each is
                // created again, device out-of-memory included), the kept input uploaded again.
                Native.releaseAll();
                s.markChanged(a);
                Native.faultInjection(k);
                FerroclException failed = null;
                try {
                    s.execute();
                } catch (FerroclException e) {
                    failed = e;
                }
                long[] state = Native.faultInjection(0);
                String where = "fault at call " + k + (failed == null ? "" : " (" + failed.getMessage() + ")");
                assertEquals(where + ": device buffers held", buffersBefore, state[1]);
                if (failed == null) {
                    // Fewer calls than k: nothing failed, and the results are the JVM's.
                    assertTrue(where + ": ran with the fault armed at call " + k + " of " + state[0], state[0] < k);
                    assertArrayEquals(where, tExpected, t);
                    assertArrayEquals(where, outExpected, out);
                    sites = k - 1;
                    break;
                }
                failures++;
                // Each array is untouched, or holds the JVM's result.
                assertTrue(where + ": t is neither untouched nor the JVM's result",
                        Arrays.equals(t, tBefore) || Arrays.equals(t, tExpected));
                assertTrue(where + ": out is neither untouched nor the JVM's result: " + out[0],
                        out[0] == 11 || out[0] == outExpected[0]);
                // The schedule is still usable.
                System.arraycopy(tBefore, 0, t, 0, n);
                out[0] = 11;
                s.execute();
                assertArrayEquals(where + ", then again", tExpected, t);
                assertArrayEquals(where + ", then again", outExpected, out);
                assertEquals(where + ", then again: device buffers held", buffersBefore,
                        Native.faultInjection(-1)[1]);
                assertEquals(TaskReport.Where.DEVICE, s.report().task("reduce").ranOn());
            }
        }
        System.out.printf("FaultInjectionTest: %d OpenCL call sites of the execution failed in turn, each left "
                + "nothing behind%n", failures);
        assertTrue("the walk did not end", sites > 0);
        assertEquals(sites, failures);
        assertTrue("too few calls to be an execution: " + sites, sites >= 5);
    }
}

package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import org.junit.After;
import org.junit.Test;

/**
 * Every OpenCL call of an execution fails in turn (as SQLite's tests fail every allocation): a two-task schedule (a
 * map into two intermediate arrays, then a {@code @Reduce} over one of them) with a kept input that changed on the
 * host, after the device's idle buffers and staging memory were released, so that every buffer is created again
 * (device out-of-memory is one of the injected faults); the first attempt also builds the kernels. After each
 * injected failure: {@code execute()} threw a {@link FerroclException} (nothing worse) and left the Java arrays
 * jointly untouched, or it recovered (a failed copy of results is made once more) and every array holds exactly the
 * JVM's result; never a mix. The executor holds no device buffer and no event afterwards, no kernel object leaked,
 * and the same schedule then runs correctly. The walk ends at the first attempt whose calls all succeed; it reports
 * how many call sites it failed.
 */
public class FaultInjectionTest {
    static void scale(int[] a, int[] t, int[] u) {
        for (@Parallel int i = 0; i < a.length; i++) {
            t[i] = a[i] * 3 + 1;
            u[i] = a[i] - i;
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
        int n = 100_000; // 400 KB each: t and u come back by direct reads, out through the staging area
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7 - 5000;
        }
        int[] t = new int[n];
        int[] u = new int[n];
        int[] out = new int[1];
        int[] tExpected = new int[n];
        int[] uExpected = new int[n];
        int[] outExpected = {11};
        scale(a, tExpected, uExpected);
        sum(tExpected, outExpected);
        int[] before = new int[n];
        Arrays.fill(before, -1);

        NativeLoader.load();
        long[] baseline = Native.faultInjection(-1);
        long kernelsAfterBuild = -1;
        int failures = 0;
        int recovered = 0;
        int sites = 0;
        // The kernels of this class are built by the first attempt of this walk (the test runs once per JVM).
        try (TaskSchedule s = new TaskSchedule("faults").task("map", FaultInjectionTest::scale, a, t, u)
                .task("reduce", FaultInjectionTest::sum, t, out).keepOnDevice(a)) {
            for (int k = 1; k <= 500; k++) {
                System.arraycopy(before, 0, t, 0, n);
                System.arraycopy(before, 0, u, 0, n);
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
                assertEquals(where + ": device buffers held", baseline[1], state[1]);
                assertEquals(where + ": events alive", baseline[3], state[3]);
                if (kernelsAfterBuild >= 0) {
                    assertEquals(where + ": kernel objects alive", kernelsAfterBuild, state[2]);
                }
                if (failed == null) {
                    assertArrayEquals(where, tExpected, t);
                    assertArrayEquals(where, uExpected, u);
                    assertArrayEquals(where, outExpected, out);
                    if (state[0] < k) {
                        // Fewer calls than k: nothing failed; the walk is over.
                        sites = k - 1;
                        break;
                    }
                    // The armed call failed and the runtime recovered (a copy of results made again).
                    recovered++;
                } else {
                    failures++;
                    // Untouched, all of them: a failed execution writes no array.
                    assertTrue(where + ": t was written", Arrays.equals(t, before));
                    assertTrue(where + ": u was written", Arrays.equals(u, before));
                    assertEquals(where + ": out was written", 11, out[0]);
                }
                // The schedule is still usable.
                System.arraycopy(before, 0, t, 0, n);
                System.arraycopy(before, 0, u, 0, n);
                out[0] = 11;
                s.execute();
                assertArrayEquals(where + ", then again", tExpected, t);
                assertArrayEquals(where + ", then again", uExpected, u);
                assertArrayEquals(where + ", then again", outExpected, out);
                long[] after = Native.faultInjection(-1);
                assertEquals(where + ", then again: device buffers held", baseline[1], after[1]);
                assertEquals(where + ", then again: events alive", baseline[3], after[3]);
                if (kernelsAfterBuild < 0) {
                    kernelsAfterBuild = after[2];
                    assertTrue("two kernels built", kernelsAfterBuild >= baseline[2] + 2);
                } else {
                    assertEquals(where + ", then again: kernel objects alive", kernelsAfterBuild, after[2]);
                }
                assertEquals(TaskReport.Where.DEVICE, s.report().task("reduce").ranOn());
            }
        }
        System.out.printf("FaultInjectionTest: %d OpenCL call sites of the execution failed in turn (%d threw with "
                + "the arrays untouched, %d recovered with the JVM's results), each left no buffer, event or kernel "
                + "behind%n", sites, failures, recovered);
        assertTrue("the walk did not end", sites > 0);
        assertEquals(sites, failures + recovered);
        assertTrue("no failed copy of results was recovered", recovered >= 1);
        assertTrue("too few calls to be an execution: " + sites, sites >= 5);
    }
}

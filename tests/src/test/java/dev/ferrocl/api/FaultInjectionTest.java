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

    /** {@link #scale}'s twin, a task of its own: one launch, every index proven, so it may write in place. */
    static void scaleOnce(int[] a, int[] t, int[] u) {
        for (@Parallel int i = 0; i < a.length; i++) {
            t[i] = a[i] * 3 + 1;
            u[i] = a[i] - i;
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

    /**
     * The same walk over an execution that, on a device working in host memory (PoCL), runs in place: one launch
     * whose kernel reads {@code a} and writes {@code t} and {@code u} in the Java arrays themselves. A failure before
     * the launch leaves both untouched; one after it finds the kernel's results, exactly the JVM's, in both (the
     * kernel ran in full; it cannot fail a check). Never one array written and the other not, never a partial one.
     */
    @Test
    public void everyOpenClCallOfAnInPlaceExecutionFailsInTurn() {
        int n = 100_000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 5 - 7000;
        }
        int[] t = new int[n];
        int[] u = new int[n];
        int[] tExpected = new int[n];
        int[] uExpected = new int[n];
        scaleOnce(a, tExpected, uExpected);
        int[] before = new int[n];
        Arrays.fill(before, -1);
        boolean hostMemory = "CPU".equalsIgnoreCase(Devices.defaultDevice().type());

        NativeLoader.load();
        int sites = 0;
        int untouched = 0;
        int written = 0;
        try (TaskSchedule s = new TaskSchedule("in-place-faults").task("t", FaultInjectionTest::scaleOnce, a, t, u)) {
            // Built and timed, then run once in place (on a host-memory device).
            s.execute();
            s.execute();
            assertArrayEquals(tExpected, t);
            assertEquals(hostMemory ? 12L * n : 0, s.report().task("t").bytesInPlace());
            long[] baseline = Native.faultInjection(-1);
            for (int k = 1; k <= 200; k++) {
                System.arraycopy(before, 0, t, 0, n);
                System.arraycopy(before, 0, u, 0, n);
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
                    assertArrayEquals(where, tExpected, t);
                    assertArrayEquals(where, uExpected, u);
                    if (state[0] < k) {
                        sites = k - 1;
                        break;
                    }
                    written++;
                } else if (Arrays.equals(t, before)) {
                    assertTrue(where + ": t untouched, u written", Arrays.equals(u, before));
                    untouched++;
                } else {
                    assertArrayEquals(where + ": t written in part", tExpected, t);
                    assertArrayEquals(where + ": t written, u not as the JVM", uExpected, u);
                    written++;
                }
                // The schedule is still usable.
                s.execute();
                assertArrayEquals(where + ", then again", tExpected, t);
                assertArrayEquals(where + ", then again", uExpected, u);
                assertEquals(hostMemory ? 12L * n : 0, s.report().task("t").bytesInPlace());
            }
        }
        System.out.printf("FaultInjectionTest: %d OpenCL call sites of an in-place execution failed in turn (%d left "
                + "the arrays untouched, %d found the JVM's results in them)%n", sites, untouched, written);
        assertTrue("the walk did not end", sites > 0);
        assertEquals(sites, untouched + written);
        assertTrue("too few calls to be an execution: " + sites, sites >= 3);
    }
}

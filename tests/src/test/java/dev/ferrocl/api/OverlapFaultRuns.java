package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import org.junit.After;
import org.junit.Test;

/**
 * Every OpenCL call of an overlapped execution (the loop in batches whose uploads, kernels and downloads overlap,
 * forced by {@code FERROCL_OVERLAP=force}: only {@code gradle :tests:testOverlap} runs this class) fails in turn,
 * as {@link FaultInjectionTest} does for one launch: each failure leaves no device buffer or event behind, every
 * element of the arrays the loop writes is either what it was or the JVM's result (batches that landed before the
 * failure; never anything else), and the schedule runs correctly afterwards.
 */
public class OverlapFaultRuns {
    static void scale(int[] a, int[] t, int[] u) {
        for (@Parallel int i = 0; i < a.length; i++) {
            t[i] = a[i] * 3 + 1;
            u[i] = a[i] - i;
        }
    }

    @After
    public void disarm() {
        Native.faultInjection(0);
    }

    private static void eachOldOrNew(String where, int[] before, int[] expected, int[] got) {
        for (int i = 0; i < got.length; i++) {
            if (got[i] != before[i] && got[i] != expected[i]) {
                throw new AssertionError(where + ": element " + i + " is " + got[i] + ", neither " + before[i]
                        + " nor the JVM's " + expected[i]);
            }
        }
    }

    @Test
    public void everyOpenClCallOfAnOverlappedExecutionFailsInTurn() {
        int n = 100_000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7 - 5000;
        }
        int[] t = new int[n];
        int[] u = new int[n];
        int[] tExpected = new int[n];
        int[] uExpected = new int[n];
        scale(a, tExpected, uExpected);
        int[] before = new int[n];
        Arrays.fill(before, -1);

        NativeLoader.load();
        long[] baseline = Native.faultInjection(-1);
        int failures = 0;
        int sites = 0;
        try (TaskSchedule s = new TaskSchedule("overlap-faults").task("map", OverlapFaultRuns::scale, a, t, u)) {
            for (int k = 1; k <= 500; k++) {
                System.arraycopy(before, 0, t, 0, n);
                System.arraycopy(before, 0, u, 0, n);
                // A cold execution: idle buffers and status words released, so each is created again.
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
                } else {
                    failures++;
                    eachOldOrNew(where, before, tExpected, t);
                    eachOldOrNew(where, before, uExpected, u);
                }
                System.arraycopy(before, 0, t, 0, n);
                System.arraycopy(before, 0, u, 0, n);
                s.execute();
                assertArrayEquals(where + ", then again", tExpected, t);
                assertArrayEquals(where + ", then again", uExpected, u);
                assertEquals(where + ", then again: batches", 4, s.report().task("map").batches());
                long[] after = Native.faultInjection(-1);
                assertEquals(where + ", then again: device buffers held", baseline[1], after[1]);
                assertEquals(where + ", then again: events alive", baseline[3], after[3]);
            }
        }
        System.out.printf("OverlapFaultRuns: %d OpenCL call sites of an overlapped execution failed in turn (%d "
                + "threw), each left no buffer or event behind%n", sites, failures);
        assertTrue("the walk did not end", sites > 0);
        // Four batches: at least their uploads, kernels and downloads.
        assertTrue("too few calls to be an overlapped execution: " + sites, sites >= 12);
        assertTrue("no failure threw", failures >= 1);
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * {@code guardElimination}: index and divisor guards that value ranges prove (counted loops bounded by the array's
 * own length, up or down; masks and constant bounds into private arrays; {@code (x & 7) | 1} as a divisor) are
 * removed, and the guards they cannot prove stay: an access past the end still gives the JVM's exception, message
 * and arrays. Every run is strict and compared with the JVM; the same kernels run with the phase switched off.
 */
public class GuardEliminationTest {
    /** {@code a[i]} and {@code a[j]} are bounded by {@code a.length}; {@code out[i]} is not. */
    public static void prefixTotals(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int s = 0;
            for (int j = 0; j < a.length; j++) {
                s += a[j] * (j <= i ? 1 : 0);
            }
            out[i] = s + a[i];
        }
    }

    /** Counting down from {@code a.length - 1} to 0. */
    public static void reversed(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int j = a.length - 1; j >= 0; j--) {
                s = s * 31 + a[j];
            }
            out[i] = s + i;
        }
    }

    /** A private histogram indexed by a mask and read by constant-bounded loops; a divisor that is odd. */
    public static void histogram(int[] in, int[] out) {
        for (@Parallel int i = 0; i < in.length; i++) {
            int[] hist = new int[16];
            int v = in[i];
            for (int k = 0; k < 8; k++) {
                hist[(v >>> (4 * k)) & 15]++;
            }
            int best = 0;
            for (int k = 15; k >= 0; k--) {
                best = Math.max(best, hist[k] * 16 + k);
            }
            out[i] = best / ((v & 7) | 1);
        }
    }

    /** {@code & 31} into a private {@code int[16]}: the guard stays and fails for half the values. */
    public static void maskTooWide(int[] in, int[] out) {
        for (@Parallel int i = 0; i < in.length; i++) {
            int[] hist = new int[16];
            hist[in[i] & 31] = 1;
            out[i] = hist[3];
        }
    }

    /** Step 2 below {@code a.length}: {@code j + 2} may wrap, so the guard is not removed by the range rule. */
    public static void everyOther(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0f;
            for (int j = i & 1; j < a.length; j += 2) {
                s += a[j];
            }
            out[i] = s;
        }
    }

    /** Blocks of 8 (and of 4, by a shift) below {@code in.length / 8}: every index is proven. */
    public static void blocks(byte[] in, int[] out) {
        for (@Parallel int b = 0; b < in.length / 8; b++) {
            int s = in[b * 8] + 3 * in[b * 8 + 7] + 5 * in[(b << 3) + 4];
            out[b] = s;
        }
    }

    public static void quads(float[] in, float[] out) {
        for (@Parallel int q = 0; q < in.length >> 2; q++) {
            out[q] = in[4 * q + 3] - in[q * 4];
        }
    }

    /** One past the block: {@code b * 8 + 8} is not proven and throws at the last block. */
    public static void onePast(byte[] in, int[] out) {
        for (@Parallel int b = 0; b < in.length / 8; b++) {
            out[b] = in[b * 8 + 8];
        }
    }

    private static TaskReport run(String name, boolean on, Runnable expected, TaskBody body) {
        expected.run();
        try (TaskSchedule s = new TaskSchedule(name)) {
            s.optimization("guardElimination", on);
            body.add(s);
            s.execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            return r;
        }
    }

    private interface TaskBody {
        void add(TaskSchedule s);
    }

    private static boolean eliminated(TaskReport r) {
        return r.optimizations().stream().anyMatch(o -> o.startsWith("guardElimination ("));
    }

    @Test
    public void countedLoopsBoundedByTheLength() {
        for (int n : new int[] {1, 7, 1000}) {
            check(GuardEliminationTest::prefixTotals, Inputs.ints(1101, n), new int[n]);
            check(GuardEliminationTest::reversed, Inputs.ints(1102, n), new int[300], 300);
        }
        check(GuardEliminationTest::reversed, new int[0], new int[5], 5); // no iteration
    }

    @Test
    public void blocksBelowALengthDividedByTheirSize() {
        for (int n : new int[] {0, 7, 8, 9, 63, 1000, 4099}) {
            byte[] in = new byte[n];
            for (int k = 0; k < n; k++) {
                in[k] = (byte) (k * 37 + 11);
            }
            ExecutionReport r = check(GuardEliminationTest::blocks, in, new int[n / 8 + 1]);
            if (n >= 8) {
                assertTrue(r.task("t").optimizations().toString(),
                        r.task("t").optimizations().contains("guardElimination (3 guards proven)"));
            }
            check(GuardEliminationTest::quads, JvmOracle.floats(1108 + n, n, -1f, 1f), new float[n / 4 + 2]);
        }
        byte[] in = new byte[40];
        int[] out = new int[5];
        Throwable e = checkThrows(x -> onePast((byte[]) x[0], (int[]) x[1]),
                s -> s.task("t", GuardEliminationTest::onePast, in, out), in, out);
        assertEquals("Index 40 out of bounds for length 40", e.getMessage());
    }

    @Test
    public void privateArraysAndOddDivisors() {
        for (int n : JvmOracle.SIZES) {
            check(GuardEliminationTest::histogram, Inputs.ints(1103, n), new int[n]);
        }
    }

    @Test
    public void stepTwoStillComputesTheJvmsResult() {
        check(GuardEliminationTest::everyOther, JvmOracle.floats(1104, 999, -2f, 2f), new float[64], 64);
    }

    @Test
    public void aShorterOutputStillThrowsAtItsEnd() {
        int[] a = Inputs.ints(1105, 500);
        int[] out = new int[321];
        Throwable e = checkThrows(x -> prefixTotals((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", GuardEliminationTest::prefixTotals, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 321 out of bounds for length 321", e.getMessage());
    }

    @Test
    public void aMaskWiderThanThePrivateArrayStillThrows() {
        int[] in = new int[100];
        for (int i = 0; i < in.length; i++) {
            in[i] = i < 60 ? i & 15 : 16 + i; // (16 + i) & 31 is 16 first at work-item 64
        }
        int[] out = new int[100];
        Throwable e = checkThrows(x -> maskTooWide((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", GuardEliminationTest::maskTooWide, in, out), in, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 16 out of bounds for length 16", e.getMessage());
    }

    @Test
    public void reportedAndSwitchable() {
        int n = 777;
        int[] in = Inputs.ints(1106, n);
        int[] expected = new int[n];
        for (boolean on : new boolean[] {true, false}) {
            int[] out = new int[n];
            TaskReport r = run("guards", on, () -> histogram(in, expected),
                    s -> s.task("t", GuardEliminationTest::histogram, in, out));
            assertEquals(on, eliminated(r));
            org.junit.Assert.assertArrayEquals(expected, out);
            int[] a = Inputs.ints(1107, n);
            int[] totals = new int[n];
            int[] expectedTotals = new int[n];
            TaskReport p = run("prefix", on, () -> prefixTotals(a, expectedTotals),
                    s -> s.task("t", GuardEliminationTest::prefixTotals, a, totals));
            org.junit.Assert.assertArrayEquals(expectedTotals, totals);
            if (on) {
                assertTrue(p.optimizations().toString(), p.optimizations().contains("guardElimination (2 guards proven)"));
            } else {
                assertFalse(p.optimizations().toString(), eliminated(p));
            }
        }
    }
}

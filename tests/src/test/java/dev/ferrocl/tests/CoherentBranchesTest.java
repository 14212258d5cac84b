package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
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
 * Coherent branches (the writer's {@code coherentBranches} phase): a 1-D kernel whose sequential loop branches on
 * the parity of the parallel index runs its even iterations on the first half of the work-items and its odd ones on
 * the second. Every case runs strict on the device against the JVM, bit for bit: odd and even trip counts (the seam),
 * negative and offset starts, an odd step, a parity taken through a conditional (as Java Grande's Series does), reads
 * and writes at the index, a failed check in one iteration (the JVM's exception and arrays), batches, and the cases
 * where the phase must not apply (an even step, a branch outside any loop).
 */
public class CoherentBranchesTest {
    /** Two integer recurrences, chosen per iteration by its parity, inside the loop (exact arithmetic). */
    static void alternating(int[] seed, int[] out, int lo, int hi, int steps) {
        for (@Parallel int i = lo; i < hi; i++) {
            int acc = seed[i - lo];
            for (int k = 0; k < steps; k++) {
                if ((i & 1) == 0) {
                    acc = acc * 31 + k;
                } else {
                    acc = (acc ^ (k << 3)) + (acc >>> 5);
                }
            }
            out[i - lo] = acc;
        }
    }

    /** Series' shape: the parity picks a kind once, a switch on the kind runs in every step of the loop. */
    static void kinds(double[] x, double[] out, int steps) {
        for (@Parallel int i = 1; i < out.length; i++) {
            int kind = i % 2 == 1 ? 1 : 2;
            double v = x[i];
            double s = 0.0;
            for (int k = 0; k < steps; k++) {
                switch (kind) {
                    case 1:
                        s = s * 0.5 + v * k;
                        break;
                    case 2:
                        s = s - v / (k + 1);
                        break;
                    default:
                        s = -s;
                }
            }
            out[i] = s;
        }
    }

    /** An odd step of 3 from a negative start. */
    static void stepped(long[] out, int lo, int steps) {
        for (@Parallel int i = lo; i < lo + 3 * out.length; i += 3) {
            long acc = i;
            for (int k = 0; k < steps; k++) {
                acc = (i % 2 != 0) ? acc * 3 + k : acc - (acc >> 2);
            }
            out[(i - lo) / 3] = acc;
        }
    }

    /** A step of 2: every iteration has the parity of the start, so there is nothing to reorder. */
    static void evenStep(int[] out, int steps) {
        for (@Parallel int i = 0; i < 2 * out.length; i += 2) {
            int acc = i;
            for (int k = 0; k < steps; k++) {
                acc = (i & 1) == 0 ? acc + k : acc - k;
            }
            out[i / 2] = acc;
        }
    }

    /** A branch on the parity outside any loop: no repeated divergence to save. */
    static void straight(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (i & 1) == 0 ? a[i] * 3 : a[i] - 7;
        }
    }

    /** The alternating loop with a division by an element: a zero fails one iteration. */
    static void dividing(int[] d, int[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 1000 + i;
            for (int k = 0; k < steps; k++) {
                acc = (i % 2 == 0) ? acc + k : acc / d[i] + k;
            }
            out[i] = acc;
        }
    }

    private static boolean coherent(ExecutionReport report) {
        TaskReport t = report.task("t");
        return t.optimizations().stream().anyMatch(o -> o.startsWith("coherentBranches"));
    }

    @Test
    public void oddAndEvenTripCountsAndOffsetStarts() {
        // Trip counts whose even half ends on, just before and just after the 64-work-item seam the odd half starts
        // at (127, 128, 129: halves of 64 and 65), and far from it.
        for (int[] range : new int[][] {{0, 1000}, {0, 1001}, {-37, 4000}, {5, 6}, {-3, 258}, {0, 127}, {0, 128},
                {0, 129}, {1, 130}, {0, 2}, {0, 3}}) {
            int n = range[1] - range[0];
            int[] seed = Inputs.ints(101 + n, n);
            ExecutionReport report = check(CoherentBranchesTest::alternating, seed, new int[n], range[0], range[1], 17);
            assertTrue(report.task("t").optimizations().toString(), coherent(report));
        }
    }

    @Test
    public void aParityPickedOnceAndSwitchedOnInTheLoop() {
        double[] x = Inputs.doubles(102, 3001, -2.0, 2.0);
        ExecutionReport report = check(CoherentBranchesTest::kinds, x, new double[3001], 40);
        assertTrue(report.task("t").optimizations().toString(), coherent(report));
    }

    @Test
    public void anOddStepFromANegativeStart() {
        ExecutionReport report = check(CoherentBranchesTest::stepped, new long[777], -1001, 9);
        assertTrue(report.task("t").optimizations().toString(), coherent(report));
    }

    @Test
    public void notWhereTheParityCannotDivergeOrNoLoopRepeatsIt() {
        ExecutionReport report = check(CoherentBranchesTest::evenStep, new int[500], 11);
        assertFalse(report.task("t").optimizations().toString(), coherent(report));
        report = check(CoherentBranchesTest::straight, Inputs.ints(103, 999), new int[999]);
        assertFalse(report.task("t").optimizations().toString(), coherent(report));
    }

    @Test
    public void aFailedCheckInOneIterationThrowsAsJavaDoes() {
        int n = 2000;
        int[] d = Inputs.intsIn(104, n, 1, 9);
        ExecutionReport report = check(CoherentBranchesTest::dividing, d, new int[n], 5);
        assertTrue(report.task("t").optimizations().toString(), coherent(report));
        int[] zero = d.clone();
        zero[1333] = 0; // an odd iteration: it divides
        int[] out = new int[n];
        Throwable e = checkThrows(x -> dividing((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", CoherentBranchesTest::dividing, zero, out, 5), zero, out, 5);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void inBatches() {
        int n = 30_001;
        int[] seed = Inputs.ints(105, n);
        int[] expected = new int[n];
        alternating(seed, expected, 0, n, 13);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("batches").batch("16KB")
                .task("t", CoherentBranchesTest::alternating, seed, out, 0, n, 13)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertTrue("batches: " + t.batches(), t.batches() > 1);
        }
        assertSame("out", expected, out);
    }

    @Test
    public void switchedOffGivesTheSameResults() {
        int n = 1501;
        int[] seed = Inputs.ints(106, n);
        int[] expected = new int[n];
        alternating(seed, expected, 0, n, 21);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("off").optimization("coherentBranches", false)
                .task("t", CoherentBranchesTest::alternating, seed, out, 0, n, 21)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertFalse(s.kernelSource("t").contains("ferrocl_half"));
            assertFalse(t.optimizations().toString(), coherent(s.report()));
        }
        assertSame("out", expected, out);
    }
}

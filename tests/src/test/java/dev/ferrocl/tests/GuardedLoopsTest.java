package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * {@code @Parallel} loops under branches on values the host evaluates ({@code int} and {@code boolean} parameters,
 * lengths, static fields, elements read before the loops): each nest runs where Java's branches lead, the others
 * launch nothing, and a bound is evaluated only where Java reaches its loop. Strict, against the JVM: if/else with a
 * loop in each arm, an {@code if} without {@code else}, loops after the branches merge, nested branches, a bound that
 * divides only where the branch allows it, a {@code @Reduce} loop under a branch, a branch on an element, code of one
 * work-item under a branch (stores before a loop; a sum after an early return, carried to the loop), a branch whose
 * code stores and returns (its kernel tells the loop's to do nothing); and what stays refused: a store into a
 * {@code @Reduce} array under a branch.
 */
public class GuardedLoopsTest {
    public static void eitherLoop(int[] a, boolean twice) {
        if (twice) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] *= 2;
            }
        } else {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] += 1;
            }
        }
    }

    public static void onlyWhen(float[] x, float[] y, int n) {
        if (n > 0) {
            for (@Parallel int i = 0; i < n; i++) {
                y[i] = x[i] * 0.5f + i;
            }
        }
    }

    public static void thenCommonLoop(int[] a, int[] b, int mode) {
        if (mode == 1) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = a[i] * 3 - i;
            }
        } else {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = -a[i];
            }
        }
        for (@Parallel int j = 0; j < b.length; j++) {
            b[j] = a[j % a.length] + j;
        }
    }

    public static void nested(int[] a, int p, int q) {
        if (p > 0) {
            if (q > 0) {
                for (@Parallel int i = 0; i < a.length; i++) {
                    a[i] += p + q;
                }
            } else {
                for (@Parallel int i = 0; i < a.length; i++) {
                    a[i] -= p;
                }
            }
        } else {
            for (@Parallel int i = 0; i < a.length; i += 2) {
                a[i] = q;
            }
        }
    }

    /** The quotient bounds the loop only where {@code k != 0}: the host never divides by zero. */
    public static void dividedBound(int[] out, int n, int k) {
        if (k != 0) {
            for (@Parallel int i = 0; i < n / k; i++) {
                out[i] = i * k;
            }
        } else {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = -1;
            }
        }
    }

    public static void reduceWhen(float[] x, @Reduce float[] sum, boolean on) {
        if (on) {
            for (@Parallel int i = 0; i < x.length; i++) {
                sum[0] += x[i];
            }
        }
    }

    public static void onElement(int[] flags, int[] a) {
        if (flags[0] > 0) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = a[i] * flags[0];
            }
        } else {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = 0;
            }
        }
    }

    /** An early return, then a sum over weights before the loop (code of one work-item under the branch). */
    public static void normaliseIfAny(float[] x, float[] w, float[] out) {
        if (w.length == 0) {
            return;
        }
        float total = 0f;
        for (int j = 0; j < w.length; j++) {
            total += w[j];
        }
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = x[i] / total;
        }
    }

    /** A branch that stores and returns: the loop's kernel does nothing where one work-item returned. */
    public static void storeAndReturn(int[] a, boolean first) {
        if (first) {
            a[0] = 7;
            return;
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = 1;
        }
    }

    /** A store into the {@code @Reduce} array under the branch: the host's fold would start from the old value. */
    public static void resetUnderBranch(float[] x, @Reduce float[] sum, boolean on) {
        if (on) {
            sum[0] = 0f;
            for (@Parallel int i = 0; i < x.length; i++) {
                sum[0] += x[i];
            }
        }
    }

    public static void storeInBranch(int[] a, boolean first) {
        if (first) {
            a[0] = 7;
            for (@Parallel int i = 1; i < a.length; i++) {
                a[i] = a[0] + i * a[i];
            }
        } else {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = 1;
            }
        }
    }

    @Test
    public void oneOfTwoLoops() {
        for (boolean twice : new boolean[] {true, false}) {
            for (int n : new int[] {0, 1, 1000}) {
                check(GuardedLoopsTest::eitherLoop, JvmOracle.ints(7601 + n, n), twice);
            }
        }
    }

    @Test
    public void aLoopOnlyWhenTheConditionHolds() {
        for (int n : new int[] {-3, 0, 1, 500}) {
            check(GuardedLoopsTest::onlyWhen, JvmOracle.floats(7602, 500, -2f, 2f), new float[500], n);
        }
        // Past the end: Java throws in the loop, where it runs.
        float[] x = JvmOracle.floats(7603, 10, -1f, 1f);
        float[] y = new float[10];
        MoreChecks.checkThrows(v -> onlyWhen((float[]) v[0], (float[]) v[1], (int) v[2]),
                s -> s.task("t", GuardedLoopsTest::onlyWhen, x, y, 11), x, y, 11);
    }

    @Test
    public void loopsAfterTheBranchesMerge() {
        for (int mode : new int[] {0, 1, 2}) {
            check(GuardedLoopsTest::thenCommonLoop, JvmOracle.ints(7604, 300), new int[450], mode);
        }
    }

    @Test
    public void nestedBranches() {
        for (int[] pq : new int[][] {{1, 1}, {1, -1}, {-1, 5}, {0, 0}}) {
            check(GuardedLoopsTest::nested, JvmOracle.ints(7605, 77), pq[0], pq[1]);
        }
    }

    @Test
    public void aBoundDividedOnlyWhereJavaDivides() {
        for (int k : new int[] {0, 1, 3, -2}) {
            check(GuardedLoopsTest::dividedBound, new int[40], 40, k);
        }
    }

    @Test
    public void aReduceLoopUnderABranch() {
        for (boolean on : new boolean[] {true, false}) {
            // Integer-valued floats: every order of the sum gives the JVM's bits.
            float[] x = new float[1000];
            for (int i = 0; i < x.length; i++) {
                x[i] = (i * 37) % 101 - 50;
            }
            check(GuardedLoopsTest::reduceWhen, x, new float[] {2.5f}, on);
        }
    }

    @Test
    public void aBranchOnAnElementReadBeforeTheLoops() {
        for (int f : new int[] {3, 0, -1}) {
            check(GuardedLoopsTest::onElement, new int[] {f}, JvmOracle.ints(7606, 64));
        }
    }

    @Test
    public void codeOfOneWorkItemUnderABranch() {
        for (boolean first : new boolean[] {true, false}) {
            for (int n : new int[] {1, 9, 600}) {
                check(GuardedLoopsTest::storeInBranch, JvmOracle.ints(7607 + n, n), first);
            }
        }
        for (int w : new int[] {0, 1, 13}) {
            check(GuardedLoopsTest::normaliseIfAny, JvmOracle.floats(7608, 300, -2f, 2f),
                    JvmOracle.floats(7609 + w, w, 0.25f, 1f), new float[300]);
        }
    }

    @Test
    public void aStoreIntoTheReduceArrayUnderABranchIsRefused() {
        try (TaskSchedule s = new TaskSchedule("guarded-reduce").task("t", GuardedLoopsTest::resetUnderBranch,
                new float[8], new float[1], true)) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("@Parallel loop"));
        }
    }

    @Test
    public void codeThatStoresAndReturnsRunsAndStopsTheLoop() {
        // One work-item stores and returns where `first` holds; the loop's kernel then does nothing (its flag in
        // the carry buffer, DeviceReturnTest). It was refused before.
        check(GuardedLoopsTest::storeAndReturn, JvmOracle.ints(7701, 8), true);
        check(GuardedLoopsTest::storeAndReturn, JvmOracle.ints(7702, 8), false);
    }
}

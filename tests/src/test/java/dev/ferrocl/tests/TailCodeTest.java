package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Sequential code after the last {@code @Parallel} loop (post-processing of what the loops wrote): one work-item runs
 * it after the loops' kernels, as Java runs it after the loops; code between two loops, before the second one.
 * Strict, against the JVM: stores and branches after a loop, a sequential prefix sum over a parallel map, code after
 * two loops, a copy and stores between two loops, a value read between two loops (carried to the second loop's
 * kernel), an exception in that code (the JVM's, with the arrays it leaves), and code after a {@code @Reduce} loop, which stays
 * refused.
 */
public class TailCodeTest {
    public static void postProcess(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i] * 2;
        }
        out[0] = -out[0];
        if (out.length > 1) {
            out[out.length - 1] += out[0];
        }
    }

    /** A parallel map, then a sequential running sum over its results. */
    public static void mapThenScan(float[] x, float[] y) {
        for (@Parallel int i = 0; i < x.length; i++) {
            y[i] = x[i] * x[i] + 1f;
        }
        for (int k = 1; k < y.length; k++) {
            y[k] += y[k - 1];
        }
    }

    /** Two loops, then code reading what both wrote. */
    public static void twoLoopsThenTail(int[] a, int[] b, int[] summary) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] + i;
        }
        for (@Parallel int j = 0; j < b.length; j++) {
            b[j] = b[j] * 3 - j;
        }
        int m = Integer.MIN_VALUE;
        for (int k = 0; k < a.length; k++) {
            m = Math.max(m, a[k]);
        }
        summary[0] = m;
        summary[1] = b.length > 0 ? b[b.length - 1] : -1;
    }

    /** The tail reads past the end for some inputs (Java throws there). */
    public static void tailIndex(int[] a, int[] out, int k) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i] + 1;
        }
        out[k] = 0;
    }

    /** Ping-pong: a loop, a copy of its result back into its input, another loop. */
    public static void copyBetween(float[] cur, float[] next, int steps) {
        for (@Parallel int i = 1; i < cur.length - 1; i++) {
            next[i] = (cur[i - 1] + cur[i + 1]) * 0.5f;
        }
        System.arraycopy(next, 1, cur, 1, cur.length - 2);
        for (@Parallel int i = 1; i < cur.length - 1; i++) {
            next[i] = (cur[i - 1] + cur[i + 1]) * 0.5f + steps;
        }
        next[0] = cur[0];
    }

    /** Stores and a branch between two loops, none of whose values the second loop uses. */
    public static void storesBetween(int[] a, int[] b, int flag) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2 + i;
        }
        if (flag > 0) {
            b[0] = a[a.length - 1];
        } else {
            b[0] = -1;
        }
        for (@Parallel int j = 1; j < b.length; j++) {
            b[j] = a[j % a.length] + b[0];
        }
    }

    /** A value read between the loops that the second loop uses: carried between the kernels. */
    public static void valueBetween(int[] a, int[] b) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = i * 3;
        }
        int v = a[0] + 1;
        for (@Parallel int j = 0; j < b.length; j++) {
            b[j] = v + j;
        }
    }

    public static void afterReduce(float[] x, @Reduce float[] sum, float[] mean) {
        for (@Parallel int i = 0; i < x.length; i++) {
            sum[0] += x[i];
        }
        mean[0] = sum[0] / x.length;
    }

    @Test
    public void storesAndBranchesAfterTheLoop() {
        for (int n : new int[] {1, 2, 7, 1000}) {
            check(TailCodeTest::postProcess, JvmOracle.ints(7401 + n, n), new int[n]);
        }
    }

    @Test
    public void aSequentialScanAfterAParallelMap() {
        for (int n : new int[] {1, 33, 4096}) {
            check(TailCodeTest::mapThenScan, JvmOracle.floats(7402 + n, n, -2f, 2f), new float[n]);
        }
    }

    @Test
    public void codeAfterTwoLoops() {
        for (int n : new int[] {0, 1, 500}) {
            check(TailCodeTest::twoLoopsThenTail, JvmOracle.ints(7403, n), JvmOracle.ints(7404, n + 3),
                    new int[2]);
        }
    }

    @Test
    public void anExceptionInTheTailIsTheJvms() {
        int[] a = JvmOracle.ints(7405, 64);
        check(TailCodeTest::tailIndex, a, new int[64], 63);
        int[] out = new int[64];
        Throwable e = MoreChecks.checkThrows(x -> tailIndex((int[]) x[0], (int[]) x[1], (int) x[2]),
                s -> s.task("t", TailCodeTest::tailIndex, a, out, 64), a, out, 64);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void codeBetweenTwoLoops() {
        for (int n : new int[] {3, 17, 1000}) {
            check(TailCodeTest::copyBetween, JvmOracle.floats(7406 + n, n, -1f, 1f), new float[n], 3);
        }
        for (int flag : new int[] {-1, 0, 1}) {
            check(TailCodeTest::storesBetween, JvmOracle.ints(7407, 50), new int[80], flag);
        }
        // b[0] read back by the second loop after the code between stored it: one array, two kernels.
        int[] shortA = new int[0];
        int[] b = new int[5];
        Throwable e = MoreChecks.checkThrows(x -> storesBetween((int[]) x[0], (int[]) x[1], (int) x[2]),
                s -> s.task("t", TailCodeTest::storesBetween, shortA, b, 1), shortA, b, 1);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void aValueCarriedBetweenLoops() {
        // (Carried to the second loop's kernel: `CarriedValueTest` has more.)
        for (int n : new int[] {1, 8, 300}) {
            check(TailCodeTest::valueBetween, JvmOracle.ints(7408 + n, n), new int[n + 2]);
        }
    }

    @Test
    public void codeAfterAReduceLoopIsRefused() {
        try (TaskSchedule s = new TaskSchedule("after-reduce").task("t", TailCodeTest::afterReduce,
                new float[8], new float[1], new float[1])) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("code after the @Parallel loop"));
        }
    }
}

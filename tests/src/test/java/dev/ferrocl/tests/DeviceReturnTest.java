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
 * Code before or between the {@code @Parallel} loops that returns on values it computes on the device
 * ({@code if (a[0] > limit) return;} after a loop, a search that returns when it finds something): one work-item runs
 * it, sets its flag in the execution's carry buffer where it returns, and every later kernel does nothing where the
 * flag is set, as Java runs nothing after the return. Strict, against the JVM, each with inputs that return and inputs
 * that go on: a test after a loop, a search, a value read after a search that may return, a return before the first
 * loop, two returning pieces of code, a carried value with a return, two tasks of one execution (each writes its flag
 * at every exit of its code: the carry buffer is shared), a later loop whose checks would fail if it ran (Java never reaches it), and the refusal in a
 * method with {@code @Reduce} arrays.
 */
public class DeviceReturnTest {
    /** A test on what the first loop computed. */
    public static void testAfterLoop(int[] a, int[] b, int k, int limit) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * k;
        }
        if (a[0] > limit) {
            return;
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = a[i % a.length] + i;
        }
    }

    /** A search between the loops that returns when it finds a negative element. */
    public static void searchThenLoop(float[] a, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2f - 1f;
        }
        for (int j = 0; j < a.length; j++) {
            if (a[j] < -0.999f) {
                return;
            }
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * a[i];
        }
    }

    /** A sum over weights before the first loop, and no loop at all when it is zero. */
    public static void normaliseUnlessZero(float[] x, int[] w, float[] out) {
        int total = 0;
        for (int j = 0; j < w.length; j++) {
            total += w[j];
        }
        if (total == 0) {
            return;
        }
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = x[i] / total;
        }
    }

    /** Two returning pieces of code between three loops; the value of the first carried to the last. */
    public static void twoReturns(int[] a, int[] b, int[] c) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] ^ 0x55;
        }
        int m = a[0];
        if (m < 0) {
            return;
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = a[i % a.length] - m;
        }
        if (b[b.length - 1] > 100) {
            return;
        }
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = b[i % b.length] + m;
        }
    }

    /** A later loop that reads past its array: Java never reaches it when the code before returns. */
    public static void unreachedFailure(int[] a, int[] b, int[] idx) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] + 1;
        }
        if (a[0] >= 0) {
            return;
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = a[idx[i]];
        }
    }

    /** A search that returns, then a value read after it and carried to the next loop. */
    public static void searchThenScale(float[] a, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2f - 1f;
        }
        for (int j = 0; j < a.length; j++) {
            if (a[j] < -0.999f) {
                return;
            }
        }
        float m = a[1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * m;
        }
    }

    /** A return after a loop in a method with a {@code @Reduce} array: refused. */
    public static void returnThenReduce(int[] a, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 3;
        }
        if (a[0] > 0) {
            return;
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
        }
    }

    @Test
    public void aTestOnWhatTheFirstLoopComputed() {
        for (int limit : new int[] {-1_000_000, 1_000_000}) {
            check(DeviceReturnTest::testAfterLoop, JvmOracle.ints(8201, 500, -100, 100), new int[700], 3, limit);
        }
        check(DeviceReturnTest::testAfterLoop, new int[] {5, 1, 2}, new int[9], 2, 9);
        check(DeviceReturnTest::testAfterLoop, new int[] {5, 1, 2}, new int[9], 2, 10);
    }

    @Test
    public void aSearchThatReturns() {
        float[] goesOn = JvmOracle.floats(8202, 300, 0.1f, 1f);
        check(DeviceReturnTest::searchThenLoop, goesOn, new float[300]);
        float[] returns = JvmOracle.floats(8203, 300, 0.1f, 1f);
        returns[123] = 0f;
        check(DeviceReturnTest::searchThenLoop, returns, new float[300]);
    }

    @Test
    public void aValueReadAfterASearchThatMayReturn() {
        check(DeviceReturnTest::searchThenScale, JvmOracle.floats(8206, 300, 0.1f, 1f), new float[300]);
        float[] returns = JvmOracle.floats(8207, 300, 0.1f, 1f);
        returns[7] = 0f;
        check(DeviceReturnTest::searchThenScale, returns, new float[300]);
    }

    @Test
    public void twoTasksOfOneExecutionEachWithTheirOwnFlag() {
        // One native execution: the first task returns (its flag set in the shared carry buffer), the second does not
        // and must still fill b2; then the other way round.
        for (int first : new int[] {9, 10}) {
            int[] a1 = {5, 1, 2};
            int[] b1 = new int[9];
            int[] a2 = {5, 1, 2};
            int[] b2 = new int[9];
            int[] ea1 = a1.clone();
            int[] eb1 = b1.clone();
            int[] ea2 = a2.clone();
            int[] eb2 = b2.clone();
            testAfterLoop(ea1, eb1, 2, first);
            testAfterLoop(ea2, eb2, 2, 19 - first);
            try (TaskSchedule s = new TaskSchedule("return-two")
                    .task("x", DeviceReturnTest::testAfterLoop, a1, b1, 2, first)
                    .task("y", DeviceReturnTest::testAfterLoop, a2, b2, 2, 19 - first)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "x");
                JvmOracle.assertRanOnDevice(s.report(), "y");
            }
            JvmOracle.assertSame("a1", ea1, a1);
            JvmOracle.assertSame("b1", eb1, b1);
            JvmOracle.assertSame("a2", ea2, a2);
            JvmOracle.assertSame("b2", eb2, b2);
        }
    }

    @Test
    public void aReturnBeforeTheFirstLoop() {
        check(DeviceReturnTest::normaliseUnlessZero, JvmOracle.floats(8204, 64, -1f, 1f), new int[] {1, -1, 3},
                new float[64]);
        check(DeviceReturnTest::normaliseUnlessZero, JvmOracle.floats(8205, 64, -1f, 1f), new int[] {2, -1, -1},
                new float[64]);
    }

    @Test
    public void twoPiecesOfCodeThatReturn() {
        // The first returns (a[0] ^ 0x55 < 0), the second returns, neither returns.
        check(DeviceReturnTest::twoReturns, new int[] {-7, 3, 4}, new int[5], new int[6]);
        check(DeviceReturnTest::twoReturns, new int[] {1, 300, 4}, new int[5], new int[6]);
        check(DeviceReturnTest::twoReturns, new int[] {1, 3, 4}, new int[5], new int[6]);
    }

    @Test
    public void aLoopJavaNeverReachesFailsNoCheck() {
        int[] idx = {0, 1, 99};
        // a[0] + 1 >= 0: Java returns before the loop whose index 99 is out of bounds.
        check(DeviceReturnTest::unreachedFailure, new int[] {4, 5, 6}, new int[3], idx);
        // a[0] + 1 < 0: Java reaches it and throws; so must the schedule.
        int[] a = {-4, 5, 6};
        int[] b = new int[3];
        Throwable e = MoreChecks.checkThrows(x -> unreachedFailure((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", DeviceReturnTest::unreachedFailure, a, b, idx), a, b, idx);
        assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
    }

    @Test
    public void aReturnInAMethodWithReduceArraysIsRefused() {
        try (TaskSchedule s = new TaskSchedule("return-reduce").task("t", DeviceReturnTest::returnThenReduce,
                new int[8], new long[1])) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("@Parallel loop"));
        }
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * A sequential loop around {@code @Parallel} loops (time steps of a stencil, sweeps of a solver): the kernels of the
 * loops inside it are launched once per value of its counter, in Java's order, the arrays staying on the device
 * between steps. Strict, against the JVM: a 1-D Jacobi sweep with the counter used in the kernel, arrays swapped at
 * every step ({@code t = a; a = b; b = t;}), a 2-D heat step,
 * the counter in a bound, a step of two and an inclusive test, zero and one steps, code before and a loop after the
 * time loop, the checks Java makes before a loop of no step, 10000 steps sharing one status word, {@code @Reduce} loops inside and after the steps, parallel streams as the steps' loops and a {@code while}
 * loop counting them, two tasks of one
 * schedule, a schedule executed again with another step count, an exception in a late
 * step (the JVM's, with the arrays as it leaves them), more steps than the host launches (the JVM runs it), and what
 * stays refused with its reason: a value carried from step to step, code between the loops inside, the counter used
 * after the loop, a swapped array used after it.
 */
public class RepeatLoopTest {
    /** Jacobi in 1-D: two half-steps per step, the counter added in the first. */
    public static void jacobi(float[] a, float[] b, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * 0.5f + s * 0.001f;
            }
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                a[i] = b[i];
            }
        }
    }

    /** The step count in a static field, read at every execution. */
    public static int stepsField = 3;

    /** {@link #jacobi} with its step count in {@link #stepsField}. */
    public static void jacobiField(float[] a, float[] b) {
        for (int s = 0; s < stepsField; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * 0.5f + s * 0.001f;
            }
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                a[i] = b[i];
            }
        }
    }

    /** A 2-D heat step: a five-point stencil into {@code next}, copied back. */
    public static void heat(double[] grid, double[] next, int rows, int cols, int steps) {
        for (int t = 0; t < steps; t++) {
            for (@Parallel int r = 1; r < rows - 1; r++) {
                for (@Parallel int c = 1; c < cols - 1; c++) {
                    int k = r * cols + c;
                    next[k] = grid[k] + 0.1 * (grid[k - 1] + grid[k + 1] + grid[k - cols] + grid[k + cols] - 4 * grid[k]);
                }
            }
            for (@Parallel int r = 1; r < rows - 1; r++) {
                for (@Parallel int c = 1; c < cols - 1; c++) {
                    grid[r * cols + c] = next[r * cols + c];
                }
            }
        }
    }

    /** The counter in the inner loop's bound: step {@code s} updates the first {@code s + 1} elements. */
    public static void prefixSteps(int[] a, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 0; i <= s; i++) {
                a[i] = a[i] * 3 + s;
            }
        }
    }

    /** A step of two and an inclusive test, from a start the caller gives. */
    public static void everyOther(long[] a, int from, int to) {
        for (int s = from; s <= to; s += 2) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = a[i] * 31 + s;
            }
        }
    }

    /** Code one work-item runs before the time loop, a loop before it and one after it. */
    public static void aroundTheSteps(float[] a, float[] b, float[] out, int steps) {
        float w = 0f;
        for (int j = 0; j < a.length; j++) {
            w += a[j];
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] / (1f + Math.abs(w));
        }
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = a[i] - 0.25f * (a[i - 1] + a[i + 1]);
            }
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                a[i] = 0.5f * b[i];
            }
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + b[i];
        }
    }

    /** Jacobi with the arrays swapped at the end of each step: the kernel chooses by the step's parity. */
    public static void jacobiSwap(float[] a, float[] b, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * 0.5f + s;
            }
            float[] t = a;
            a = b;
            b = t;
        }
    }

    /** Three arrays, two of them swapped, one read in every step. */
    public static void swapWithTable(int[] src, int[] dst, int[] weights, int steps) {
        for (int s = 1; s <= steps; s++) {
            for (@Parallel int i = 0; i < dst.length; i++) {
                dst[i] = src[i] * weights[i % weights.length] + src[(i + s) % src.length];
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
    }

    /** A swapped array used after the loop: refused. */
    public static void swapThenUse(float[] a, float[] b, float[] out, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 0; i < a.length; i++) {
                b[i] = a[i] * 0.5f;
            }
            float[] t = a;
            a = b;
            b = t;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i];
        }
    }

    /** Java's checks before the loop, which a loop of no step must still make. */
    public static void checkedBefore(float[] a, float[] b, float[] w, int steps) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("a and b differ in length");
        }
        float c = w[3];
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * c;
            }
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                a[i] = b[i];
            }
        }
    }

    /** Many small steps, each able to fail a check (an index read from the array). */
    public static void manySteps(int[] a, int[] b, int[] idx, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 0; i < a.length; i++) {
                b[i] = a[idx[i]] + 1;
            }
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = b[i] ^ s;
            }
        }
    }

    /** Steps of an integer smoothing, then a {@code @Reduce} sum after them. */
    public static void smoothThenSum(int[] a, int[] b, @Reduce long[] total, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + 2 * a[i] + a[i + 1]) >> 2;
            }
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                a[i] = b[i];
            }
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            total[0] += a[i];
        }
    }

    /** A {@code @Reduce} maximum in every step, over what that step computes. */
    public static void maxEveryStep(int[] a, int[] b, @Reduce int[] m, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 0; i < a.length; i++) {
                b[i] = a[i] * 3 - s;
            }
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = b[i] ^ s;
                m[0] = Math.max(m[0], a[i]);
            }
        }
    }

    /** Parallel streams as the loops of each step. */
    public static void jacobiStreams(float[] a, float[] b, int steps) {
        int n = a.length;
        for (int s = 0; s < steps; s++) {
            IntStream.range(1, n - 1).parallel().forEach(i -> b[i] = (a[i - 1] + a[i + 1]) * 0.5f);
            IntStream.range(1, n - 1).parallel().forEach(i -> a[i] = b[i]);
        }
    }

    /** A {@code while} loop counting the steps. */
    public static void jacobiWhile(float[] a, float[] b, int steps) {
        int s = 0;
        while (s < steps) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * 0.5f - s;
            }
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                a[i] = b[i];
            }
            s++;
        }
    }

    /** A value carried from step to step besides the counter: refused. */
    public static void carried(float[] a, int steps) {
        float t = 0f;
        for (int s = 0; s < steps; s++) {
            t += 0.5f;
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] += t;
            }
        }
    }

    /** Code between the loops inside the time loop: refused. */
    public static void codeBetween(int[] a, int[] b, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 0; i < a.length; i++) {
                b[i] = a[i] + 1;
            }
            a[0] = b[0] * 2;
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = b[i] * 2;
            }
        }
    }

    /** The counter used after the loop: refused. */
    public static void counterAfter(int[] a, int[] last, int steps) {
        int s = 0;
        while (s < steps) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] += 1;
            }
            s++;
        }
        last[0] = s;
    }

    @Test
    public void aJacobiSweep() {
        for (int n : new int[] {3, 1000, 4097}) {
            for (int steps : new int[] {0, 1, 2, 17}) {
                check(RepeatLoopTest::jacobi, JvmOracle.floats(8100 + n, n, -1f, 1f), new float[n], steps);
            }
        }
    }

    @Test
    public void aHeatStepIn2D() {
        int rows = 67;
        int cols = 130;
        for (int steps : new int[] {1, 10}) {
            check(RepeatLoopTest::heat, JvmOracle.doubles(8101, rows * cols, 0, 100), new double[rows * cols], rows,
                    cols, steps);
        }
    }

    @Test
    public void theCounterInABound() {
        check(RepeatLoopTest::prefixSteps, JvmOracle.ints(8102, 50, -100, 100), 50);
        check(RepeatLoopTest::prefixSteps, JvmOracle.ints(8103, 50, -100, 100), 7);
    }

    @Test
    public void aStepOfTwoAndAnInclusiveTest() {
        check(RepeatLoopTest::everyOther, JvmOracle.longs(8104, 300), 3, 40);
        check(RepeatLoopTest::everyOther, JvmOracle.longs(8105, 300), 4, 4);
        // A test that fails at once: no step, the array as it was.
        check(RepeatLoopTest::everyOther, JvmOracle.longs(8106, 300), 9, 2);
    }

    @Test
    public void codeBeforeAndALoopAfterTheSteps() {
        for (int steps : new int[] {0, 5}) {
            check(RepeatLoopTest::aroundTheSteps, JvmOracle.floats(8107, 513, -2f, 2f), new float[513],
                    new float[513], steps);
        }
    }

    @Test
    public void twoTasksAndAnotherStepCount() {
        float[] a = JvmOracle.floats(8108, 777, -1f, 1f);
        float[] b = new float[777];
        long[] c = JvmOracle.longs(8109, 64);
        float[] expectedA = a.clone();
        float[] expectedB = b.clone();
        long[] expectedC = c.clone();
        jacobi(expectedA, expectedB, 9);
        everyOther(expectedC, 0, 10);
        try (TaskSchedule s = new TaskSchedule("repeat-two")
                .task("j", RepeatLoopTest::jacobi, a, b, 9)
                .task("e", RepeatLoopTest::everyOther, c, 0, 10)) {
            s.execute();
            ExecutionReport report = s.report();
            JvmOracle.assertRanOnDevice(report, "j");
            JvmOracle.assertRanOnDevice(report, "e");
        }
        JvmOracle.assertSame("a", expectedA, a);
        JvmOracle.assertSame("b", expectedB, b);
        JvmOracle.assertSame("c", expectedC, c);

        // The same schedule again with the arrays kept on the device: the step count is read at every execution.
        float[] x = JvmOracle.floats(8110, 100, -1f, 1f);
        float[] y = new float[100];
        float[] ex = x.clone();
        float[] ey = y.clone();
        try (TaskSchedule s = new TaskSchedule("repeat-again").task("j", RepeatLoopTest::jacobiField, x, y)
                .keepOnDevice(x, y)) {
            for (int steps : new int[] {3, 8, 0, 1}) {
                stepsField = steps;
                s.execute();
                jacobiField(ex, ey);
                JvmOracle.assertRanOnDevice(s.report(), "j");
            }
        } finally {
            stepsField = 3;
        }
        JvmOracle.assertSame("x", ex, x);
        JvmOracle.assertSame("y", ey, y);
    }

    @Test
    public void anExceptionInALateStepIsTheJvms() {
        // Step 50 writes a[50] of a 50-element array: ArrayIndexOutOfBoundsException after 50 steps.
        int[] a = JvmOracle.ints(8111, 50, -100, 100);
        Throwable e = MoreChecks.checkThrows(x -> prefixSteps((int[]) x[0], (int) x[1]),
                s -> s.task("t", RepeatLoopTest::prefixSteps, a, 51), a, 51);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void theChecksBeforeALoopOfNoStep() {
        float[] w = JvmOracle.floats(8116, 5, 0.1f, 0.5f);
        check(RepeatLoopTest::checkedBefore, JvmOracle.floats(8117, 64, -1f, 1f), new float[64], w, 0);
        check(RepeatLoopTest::checkedBefore, JvmOracle.floats(8118, 64, -1f, 1f), new float[64], w, 3);
        // No step, and yet Java throws before the loop: the lengths differ, or w[3] is out of bounds.
        float[] a = new float[8];
        float[] b7 = new float[7];
        Throwable e = MoreChecks.checkThrows(x -> checkedBefore((float[]) x[0], (float[]) x[1], (float[]) x[2],
                (int) x[3]), s -> s.task("t", RepeatLoopTest::checkedBefore, a, b7, w, 0), a, b7, w, 0);
        assertEquals(IllegalArgumentException.class, e.getClass());
        float[] b8 = new float[8];
        float[] w2 = new float[2];
        e = MoreChecks.checkThrows(x -> checkedBefore((float[]) x[0], (float[]) x[1], (float[]) x[2], (int) x[3]),
                s -> s.task("t", RepeatLoopTest::checkedBefore, a, b8, w2, 0), a, b8, w2, 0);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void manyStepsShareTheirChecks() {
        // 10000 steps of two kernels, the first able to fail: one status word for all its steps.
        int[] idx = new int[16];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = (i * 5) % idx.length;
        }
        check(RepeatLoopTest::manySteps, JvmOracle.ints(8119, 16, -9, 9), new int[16], idx, 10_000);
        // The same with an index out of bounds: every step fails, the JVM throws at the first.
        int[] bad = idx.clone();
        bad[7] = 16;
        int[] a = JvmOracle.ints(8120, 16, -9, 9);
        int[] b = new int[16];
        Throwable e = MoreChecks.checkThrows(x -> manySteps((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3]),
                s -> s.task("t", RepeatLoopTest::manySteps, a, b, bad, 10_000), a, b, bad, 10_000);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void moreStepsThanTheHostLaunchesRunOnTheJvm() {
        float[] a = JvmOracle.floats(8112, 16, -1f, 1f);
        float[] b = new float[16];
        float[] ea = a.clone();
        float[] eb = b.clone();
        jacobi(ea, eb, 100_000);
        try (TaskSchedule s = new TaskSchedule("repeat-many").task("t", RepeatLoopTest::jacobi, a, b, 100_000)) {
            s.execute();
            TaskReport t = s.report().tasks().get(0);
            assertEquals(TaskReport.Where.JVM, t.ranOn());
            assertTrue(t.reason(), t.reason().contains("131072 kernels"));
        }
        JvmOracle.assertSame("a", ea, a);
        JvmOracle.assertSame("b", eb, b);
    }

    @Test
    public void arraysSwappedAtEveryStep() {
        for (int steps : new int[] {0, 1, 2, 5, 8}) {
            check(RepeatLoopTest::jacobiSwap, JvmOracle.floats(8113, 1000, -1f, 1f), new float[1000], steps);
            check(RepeatLoopTest::swapWithTable, JvmOracle.ints(8114, 333, -50, 50), new int[333],
                    JvmOracle.ints(8115, 7, -3, 3), steps);
        }
    }

    @Test
    public void aSwappedArrayUsedAfterTheLoopIsRefused() {
        refused(s -> s.task("t", RepeatLoopTest::swapThenUse, new float[8], new float[8], new float[8], 3),
                "an array swapped in the loop around the @Parallel loops is used after that loop");
    }

    @Test
    public void reductionsInsideAndAfterTheSteps() {
        for (int steps : new int[] {0, 1, 6}) {
            check(RepeatLoopTest::smoothThenSum, JvmOracle.ints(8121, 5000, -1000, 1000), new int[5000],
                    new long[] {7L}, steps);
            check(RepeatLoopTest::maxEveryStep, JvmOracle.ints(8122, 3000, -1000, 1000), new int[3000],
                    new int[] {Integer.MIN_VALUE}, steps);
        }
    }

    @Test
    public void streamsAndAWhileLoop() {
        for (int steps : new int[] {0, 3, 10}) {
            check(RepeatLoopTest::jacobiStreams, JvmOracle.floats(8123, 777, -1f, 1f), new float[777], steps);
            check(RepeatLoopTest::jacobiWhile, JvmOracle.floats(8124, 777, -1f, 1f), new float[777], steps);
        }
    }

    @Test
    public void aValueCarriedFromStepToStepIsRefused() {
        refused(s -> s.task("t", RepeatLoopTest::carried, new float[8], 3), "is carried from one step");
    }

    @Test
    public void codeBetweenTheLoopsInsideIsRefused() {
        refused(s -> s.task("t", RepeatLoopTest::codeBetween, new int[8], new int[8], 3),
                "may hold only @Parallel loops");
    }

    @Test
    public void theCounterUsedAfterTheLoopIsRefused() {
        refused(s -> s.task("t", RepeatLoopTest::counterAfter, new int[8], new int[1], 3), "used after");
    }

    private static void refused(java.util.function.Function<TaskSchedule, TaskSchedule> adder, String why) {
        try (TaskSchedule s = adder.apply(new TaskSchedule("repeat-refused"))) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(why));
        }
    }
}

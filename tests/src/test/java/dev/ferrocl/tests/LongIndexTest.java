package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.ints;
import static dev.ferrocl.tests.JvmOracle.longs;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * {@code @Parallel} loops whose index is a {@code long} (the `narrow_long_index` phase counts them with an
 * {@code int}, Java's index being its widening): bounds of either type, steps up and down, the index in
 * {@code long} arithmetic and narrowed back for array indices, an index a {@code long} constant starts. Every
 * kernel runs strict, against the JVM's run on copies of the same inputs.
 */
public class LongIndexTest {
    private static final int N = 1000;

    public static void intBound(int[] a, long[] out, int n) {
        for (@Parallel long i = 0; i < n; i++) {
            out[(int) i] = a[(int) i] * i + (i << 33);
        }
    }

    public static void longBound(int[] a, int[] out, long n) {
        for (@Parallel long i = 3; i < n; i++) {
            out[(int) i] = a[(int) (i - 3)] ^ (int) (i * 2654435761L);
        }
    }

    public static void lengthBoundStepTwo(long[] a, long[] out) {
        for (@Parallel long i = 1; i < out.length; i += 2) {
            out[(int) i] = a[(int) i] / (i + 1) - Long.MAX_VALUE / i;
        }
    }

    public static void countingDown(int[] a, int[] out, int n) {
        for (@Parallel long i = n - 1; i >= 0; i--) {
            out[(int) i] = a[(int) (n - 1 - i)] + (int) (i % 7);
        }
    }

    public static void nested(float[] m, float[] out, int rows, int cols) {
        for (@Parallel long r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[(int) (r * cols + c)] = m[(int) (r * cols + c)] * 2f + r;
            }
        }
    }

    /** {@code i + 1} used in the body as well as for the next iteration (value numbering merges them). */
    public static void stencil(int[] a, int[] out) {
        for (@Parallel long i = 0; i < out.length; i++) {
            out[(int) i] = a[(int) (i + 1)] - a[(int) i] + (int) ((i + 1) >>> 1);
        }
    }

    /**
     * A {@code long} {@code @Parallel} loop that runs sequentially in each work-item (a value carried through it):
     * it keeps its {@code long} index, which here passes {@code Integer.MAX_VALUE}.
     */
    public static void sequentialInner(long[] out, int base) {
        for (@Parallel int r = 0; r < out.length; r++) {
            long s = r;
            for (@Parallel long c = base; c < base + 10L; c++) {
                s += c;
            }
            out[r] = s;
        }
    }

    /** From {@code MAX_VALUE - 2} up to a {@code long} bound: past {@code MAX_VALUE} when the bound allows it. */
    public static void pastMaxValue(long[] out, long end) {
        for (@Parallel long i = Integer.MAX_VALUE - 2; i < end; i++) {
            out[(int) (i - (Integer.MAX_VALUE - 2L))] = i * 3 + end;
        }
    }

    /** The last index past the array: the JVM's exception, from the device's check or the JVM's rerun. */
    public static void outOfBounds(int[] a, int[] out, int n) {
        for (@Parallel long i = 0; i < n; i++) {
            out[(int) i] = a[(int) i] + 1;
        }
    }

    @Test
    public void intBoundWithLongArithmetic() {
        assertOnDevice(check(LongIndexTest::intBound, ints(1, N), new long[N], N));
    }

    @Test
    public void longBoundStartingAtAConstant() {
        assertOnDevice(check(LongIndexTest::longBound, ints(2, N), new int[N + 5], (long) N + 3));
    }

    @Test
    public void lengthBoundWithStepTwo() {
        assertOnDevice(check(LongIndexTest::lengthBoundStepTwo, longs(3, N + 1), new long[N + 1]));
    }

    @Test
    public void countingDownFromAnIntExpression() {
        assertOnDevice(check(LongIndexTest::countingDown, ints(4, N), new int[N], N));
    }

    @Test
    public void outerLoopOfANest() {
        float[] m = new float[37 * 41];
        for (int k = 0; k < m.length; k++) {
            m[k] = k * 0.25f - 100f;
        }
        assertOnDevice(check(LongIndexTest::nested, m, new float[m.length], 37, 41));
    }

    @Test
    public void theNextIndexUsedInTheBody() {
        assertOnDevice(check(LongIndexTest::stencil, ints(6, N + 1), new int[N]));
    }

    @Test
    public void aSequentialLongLoopPastIntsRange() {
        assertOnDevice(check(LongIndexTest::sequentialInner, new long[64], Integer.MAX_VALUE - 5));
    }

    /**
     * Up to {@code MAX_VALUE} the device counts every index; past it the host's trip count refuses the launch (an
     * {@code int} counter would wrap) and the JVM runs the method, its {@code long} index going on: either way the
     * arrays are the JVM's.
     */
    @Test
    public void indicesPastIntsRangeRunOnTheJvm() {
        assertOnDevice(check(LongIndexTest::pastMaxValue, new long[5], (long) Integer.MAX_VALUE));
        long end = Integer.MAX_VALUE + 3L;
        long[] expected = new long[5];
        pastMaxValue(expected, end);
        long[] out = new long[5];
        try (TaskSchedule s = new TaskSchedule("past-max").task("t", LongIndexTest::pastMaxValue, out, end)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertTrue(t.reason(), t.ranOn() == TaskReport.Where.JVM && t.reason().contains("check failed"));
        }
        assertArrayEquals(expected, out);
    }

    @Test
    public void anIndexPastTheArrayThrowsAsInJava() {
        int[] a = ints(5, N);
        int[] out = new int[N];
        Throwable e = MoreChecks.checkThrows(x -> outOfBounds((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", LongIndexTest::outOfBounds, a, out, N + 1), a, out, N + 1);
        assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
    }

    private static void assertOnDevice(ExecutionReport r) {
        assertTrue(r.toString(), r.tasks().stream().allMatch(t -> t.ranOn() == TaskReport.Where.DEVICE));
    }
}

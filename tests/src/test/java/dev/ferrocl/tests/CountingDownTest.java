package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import org.junit.Test;

/**
 * {@code @Parallel} loops that count down ({@code for (@Parallel int i = n - 1; i >= 0; i--)}, {@code i > lo},
 * {@code i -= 3}): the compiler counts them up ({@code j = ~i}), so the same iterations run with Java's index. Strict,
 * against the JVM: sizes 0 and 1, bounds past the arrays (the JVM's exception), a bound of {@code MIN_VALUE} (Java's
 * index wraps around: the JVM runs it and throws), nests, a bound read from an element, and {@code @Reduce}.
 */
public class CountingDownTest {

    public static void down(int[] a, int[] out) {
        for (@Parallel int i = out.length - 1; i >= 0; i--) {
            out[i] = a[i] * 3 + i * 1_000_000_007;
        }
    }

    public static void downToBound(float[] a, float[] out, int lo) {
        for (@Parallel int i = out.length - 1; i > lo; i -= 3) {
            out[i] = a[i] * 0.5f - i;
        }
    }

    public static void mirroredTest(long[] out, int start) {
        for (@Parallel int i = start; 0 <= i; i = i - 2) {
            out[i] = (long) i * i - start;
        }
    }

    public static void boundFromElement(int[] lo, double[] out) {
        for (@Parallel int i = out.length - 1; i >= lo[0]; i--) {
            out[i] = Math.sqrt(i) + lo[0];
        }
    }

    public static void nestDownUp(int[] out, int w, int h) {
        for (@Parallel int r = h - 1; r >= 0; r--) {
            for (@Parallel int c = 0; c < w; c++) {
                out[r * w + c] = r * 1000 - c;
            }
        }
    }

    public static void nestBothDown(short[] out, int w, int h) {
        for (@Parallel int r = h - 1; r >= 0; r--) {
            for (@Parallel int c = w - 1; c >= 0; c -= 2) {
                out[r * w + c] = (short) (r * 77 + c * 1001);
            }
        }
    }

    public static void downToALongBound(int[] out, long lim) {
        for (@Parallel int i = out.length - 1; i >= lim; i--) {
            out[i] = i * 7;
        }
    }

    public static void sumDown(int[] a, @Reduce int[] sum) {
        for (@Parallel int i = a.length - 1; i >= 0; i--) {
            sum[0] += a[i] ^ i;
        }
    }

    @Test
    public void oneDimensionDownToZero() {
        for (int n : new int[] {0, 1, 2, 1000, 100_003}) {
            check(CountingDownTest::down, JvmOracle.ints(1, n), new int[n]);
        }
        // Longer output than input: the JVM's exception at the first index past a.
        int[] a = JvmOracle.ints(2, 100);
        int[] out = new int[120];
        MoreChecks.checkThrows(x -> down((int[]) x[0], (int[]) x[1]), s -> s.task("t", CountingDownTest::down, a, out),
                a, out);
    }

    @Test
    public void stepsAndBounds() {
        float[] a = JvmOracle.floats(3, 500, -10f, 10f);
        for (int lo : new int[] {-1, 0, 7, 250, 498, 499, 1000}) {
            check(CountingDownTest::downToBound, a, new float[500], lo);
        }
        // A bound below the arrays: negative indices, and MIN_VALUE (Java's index wraps past it).
        for (int lo : new int[] {-3, -400, Integer.MIN_VALUE}) {
            float[] out = new float[500];
            MoreChecks.checkThrows(x -> downToBound((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                    s -> s.task("t", CountingDownTest::downToBound, a, out, lo), a, out, lo);
        }
        for (int start : new int[] {-1, 0, 1, 99, 98}) {
            check(CountingDownTest::mirroredTest, new long[100], start);
        }
        long[] out = new long[100];
        MoreChecks.checkThrows(x -> mirroredTest((long[]) x[0], (Integer) x[1]),
                s -> s.task("t", CountingDownTest::mirroredTest, out, 100), out, 100);
    }

    @Test
    public void aBoundReadFromAnElement() {
        for (int lo : new int[] {0, 5, 299, 300, 4000}) {
            check(CountingDownTest::boundFromElement, new int[] {lo}, new double[300]);
        }
        double[] out = new double[300];
        int[] lo = {-1};
        MoreChecks.checkThrows(x -> boundFromElement((int[]) x[0], (double[]) x[1]),
                s -> s.task("t", CountingDownTest::boundFromElement, lo, out), lo, out);
    }

    @Test
    public void nests() {
        check(CountingDownTest::nestDownUp, new int[600], 20, 30);
        check(CountingDownTest::nestDownUp, new int[600], 0, 30);
        check(CountingDownTest::nestBothDown, new short[600], 20, 30);
        check(CountingDownTest::nestBothDown, new short[609], 21, 29);
        int[] out = new int[600];
        MoreChecks.checkThrows(x -> nestDownUp((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountingDownTest::nestDownUp, out, 20, 31), out, 20, 31);
    }

    @Test
    public void longBounds() {
        for (long lim : new long[] {0, 5, 99, 100, Long.MAX_VALUE, Integer.MAX_VALUE + 1L}) {
            check(CountingDownTest::downToALongBound, new int[100], lim);
        }
        // Below the array; below the ints (Java's index wraps past MIN_VALUE): the JVM throws.
        for (long lim : new long[] {-1, Integer.MIN_VALUE, Long.MIN_VALUE}) {
            int[] out = new int[100];
            MoreChecks.checkThrows(x -> downToALongBound((int[]) x[0], (Long) x[1]),
                    s -> s.task("t", CountingDownTest::downToALongBound, out, lim), out, lim);
        }
    }

    @Test
    public void aReductionCountingDown() {
        for (int n : new int[] {0, 1, 33, 100_003}) {
            check(CountingDownTest::sumDown, JvmOracle.ints(4, n), new int[] {5});
        }
    }
}

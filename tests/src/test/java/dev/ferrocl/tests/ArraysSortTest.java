package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * {@code Arrays.sort} of primitive arrays inside a kernel (the JDK's recursive quicksort replaced by Ferrocl's
 * substitute, which must give the JDK's array bit for bit). Strict, against the JVM: a 3×3 median filter over a
 * private window, rows of an argument array sorted in place by their work-items, every primitive type, floating
 * point with NaNs of several payloads, {@code -0.0}, infinities and ties (compared by raw bits, as the JDK places each
 * NaN and each zero), empty and one-element ranges, and bad ranges (the JDK's exceptions through the JVM's rerun,
 * with the arrays the JVM leaves).
 */
public class ArraysSortTest {
    /** A 3×3 median filter: each interior pixel the median of its neighbourhood, the border copied. */
    public static void median(int[] img, int[] out, int w, int h) {
        for (@Parallel int p = 0; p < w * h; p++) {
            int x = p % w;
            int y = p / w;
            if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
                out[p] = img[p];
            } else {
                int[] window = new int[9];
                int k = 0;
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        window[k++] = img[(y + dy) * w + x + dx];
                    }
                }
                Arrays.sort(window);
                out[p] = window[4];
            }
        }
    }

    /** Each work-item sorts its row of the argument in place (a range of a global array). */
    public static void sortRows(long[] data, int m) {
        for (@Parallel int r = 0; r < data.length / m; r++) {
            Arrays.sort(data, r * m, r * m + m);
        }
    }

    /** Each work-item sorts 8 floats and writes their raw bits (NaN payloads and -0.0 kept). */
    public static void floatBits(float[] in, int[] out) {
        for (@Parallel int i = 0; i < in.length / 8; i++) {
            float[] w = new float[8];
            for (int q = 0; q < 8; q++) {
                w[q] = in[8 * i + q];
            }
            Arrays.sort(w);
            for (int q = 0; q < 8; q++) {
                out[8 * i + q] = Float.floatToRawIntBits(w[q]);
            }
        }
    }

    /** A range of 6 of 8 doubles, raw bits out; the elements outside the range stay. */
    public static void doubleBits(double[] in, long[] out) {
        for (@Parallel int i = 0; i < in.length / 8; i++) {
            double[] w = new double[8];
            for (int q = 0; q < 8; q++) {
                w[q] = in[8 * i + q];
            }
            Arrays.sort(w, 1, 7);
            for (int q = 0; q < 8; q++) {
                out[8 * i + q] = Double.doubleToRawLongBits(w[q]);
            }
        }
    }

    /** The small integral types, whole private arrays. */
    public static void smallTypes(int[] in, int[] out) {
        for (@Parallel int i = 0; i < in.length / 5; i++) {
            short[] s = new short[5];
            char[] c = new char[5];
            byte[] b = new byte[5];
            for (int q = 0; q < 5; q++) {
                int v = in[5 * i + q];
                s[q] = (short) v;
                c[q] = (char) v;
                b[q] = (byte) v;
            }
            Arrays.sort(s);
            Arrays.sort(c);
            Arrays.sort(b);
            int h = 0;
            for (int q = 0; q < 5; q++) {
                h = 31 * h + s[q];
                h = 31 * h + c[q];
                h = 31 * h + b[q];
            }
            out[i] = h;
        }
    }

    /** A range chosen by data: empty, one element, the whole row, or bad (from > to, past the end). */
    public static void ranges(int[] data, int[] from, int[] to, int m) {
        for (@Parallel int r = 0; r < from.length; r++) {
            Arrays.sort(data, r * m + from[r], r * m + to[r]);
        }
    }

    @Test
    public void aMedianFilterSortsAPrivateWindow() {
        for (int[] size : new int[][] {{3, 3}, {17, 5}, {64, 48}}) {
            int w = size[0];
            int h = size[1];
            int[] img = JvmOracle.ints(7001 + w, w * h, 0, 256);
            check(ArraysSortTest::median, img, new int[w * h], w, h);
        }
        // Ties everywhere: a few grey levels.
        check(ArraysSortTest::median, JvmOracle.ints(7002, 40 * 30, 0, 3), new int[40 * 30], 40, 30);
    }

    @Test
    public void rowsOfAnArgumentSortedInPlace() {
        check(ArraysSortTest::sortRows, JvmOracle.longs(7003, 16 * 100), 16);
        check(ArraysSortTest::sortRows, JvmOracle.longs(7004, 1000), 1);
        long[] extremes = {Long.MAX_VALUE, Long.MIN_VALUE, 0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE, 7};
        check(ArraysSortTest::sortRows, extremes, 8);
    }

    private static float[] floatSpecials(long seed, int groups) {
        float[] specials = {Float.NaN, Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffc01234),
            Float.intBitsToFloat(0x7f800001), -0.0f, 0.0f, -0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, 1f, 1f, -1f};
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[8 * groups];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextInt(3) == 0 ? specials[r.nextInt(specials.length)] : (float) r.nextGaussian();
        }
        return a;
    }

    @Test
    public void floatsSortAsTheJdkPlacesNaNsAndZeros() {
        float[] a = floatSpecials(7005, 4000);
        check(ArraysSortTest::floatBits, a, new int[a.length]);
        // All NaNs of different payloads; all zeros of both signs.
        float[] nans = new float[16];
        for (int q = 0; q < 8; q++) {
            nans[q] = Float.intBitsToFloat(0x7fc00000 + q * 3 + (q % 2 == 0 ? 0 : 0x80000000));
            nans[8 + q] = q % 3 == 0 ? -0.0f : 0.0f;
        }
        check(ArraysSortTest::floatBits, nans, new int[nans.length]);
    }

    @Test
    public void aRangeOfDoublesSortsAsTheJdkDoes() {
        double[] specials = {Double.NaN, Double.longBitsToDouble(0x7ff8000000000005L),
            Double.longBitsToDouble(0xfff0000000000001L), -0.0, 0.0, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 2.5, 2.5};
        SplittableRandom r = new SplittableRandom(7006);
        double[] a = new double[8 * 3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextInt(3) == 0 ? specials[r.nextInt(specials.length)] : r.nextGaussian();
        }
        check(ArraysSortTest::doubleBits, a, new long[a.length]);
    }

    @Test
    public void shortsCharsAndBytes() {
        int[] in = JvmOracle.withSpecials(JvmOracle.ints(7007, 5 * 2000), 0x7fff, 0x8000, 0xffff, 0x80, 0x7f, -1);
        check(ArraysSortTest::smallTypes, in, new int[in.length / 5]);
    }

    @Test
    public void emptyAndSingleElementRanges() {
        int m = 6;
        int rows = 50;
        int[] data = JvmOracle.ints(7008, m * rows);
        int[] from = new int[rows];
        int[] to = new int[rows];
        for (int r = 0; r < rows; r++) {
            from[r] = r % m;
            to[r] = r % 3 == 0 ? from[r] : r % 3 == 1 ? Math.min(m, from[r] + 1) : m;
        }
        check(ArraysSortTest::ranges, data, from, to, m);
    }

    @Test
    public void badRangesThrowTheJdksExceptions() {
        int m = 6;
        int rows = 20;
        int[] from = new int[rows];
        int[] to = new int[rows];
        for (int r = 0; r < rows; r++) {
            to[r] = m;
        }
        // from > to: IllegalArgumentException.
        from[7] = 4;
        to[7] = 2;
        int[] data = JvmOracle.ints(7009, m * rows);
        Throwable e = MoreChecks.checkThrows(x -> ranges((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3]),
                s -> s.task("t", ArraysSortTest::ranges, data, from, to, m), data, from, to, m);
        assertEquals(IllegalArgumentException.class, e.getClass());
        // Past the end of the array (the last row's range): ArrayIndexOutOfBoundsException.
        int[] from2 = new int[rows];
        int[] to2 = to.clone();
        to2[7] = m;
        to2[rows - 1] = m + 1;
        int[] data2 = JvmOracle.ints(7010, m * rows);
        Throwable e2 = MoreChecks.checkThrows(x -> ranges((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3]),
                s -> s.task("t", ArraysSortTest::ranges, data2, from2, to2, m), data2, from2, to2, m);
        assertEquals(ArrayIndexOutOfBoundsException.class, e2.getClass());
        // A negative start: ArrayIndexOutOfBoundsException.
        int[] from3 = new int[rows];
        from3[3] = -1 - 3 * m;
        int[] data3 = JvmOracle.ints(7011, m * rows);
        Throwable e3 = MoreChecks.checkThrows(x -> ranges((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3]),
                s -> s.task("t", ArraysSortTest::ranges, data3, from3, to2.clone(), m), data3, from3, to2.clone(), m);
        assertEquals(ArrayIndexOutOfBoundsException.class, e3.getClass());
    }
}

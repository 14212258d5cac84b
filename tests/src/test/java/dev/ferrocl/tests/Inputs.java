package dev.ferrocl.tests;

import java.util.SplittableRandom;

/**
 * Deterministic inputs with the edge values every kernel test should see: NaN, ±0, ±∞, MIN/MAX values, denormals,
 * values around the float→int/long saturation points, shift counts ≥ 32 and negative, and so on.
 *
 * <p>The {@code *Pairs} generators fill the first {@code k * k} positions of two arrays with every combination of
 * the {@code k} special values (as many as fit), and the rest with random values, so that a binary operation sees
 * NaN against ∞, -0.0 against +0.0, MIN_VALUE against -1 and so on at every size but the smallest.
 */
public final class Inputs {
    private Inputs() {
    }

    /** Special int values: wrap-around points, sign bits, byte/char/short boundaries. */
    public static final int[] INT_SPECIALS = {0, 1, -1, 2, -2, 7, -7, 10, Integer.MIN_VALUE, Integer.MAX_VALUE,
        Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000,
        -0x80, -0x81, -0x8000, -0x8001, 0x5555_5555, 0xAAAA_AAAA, 0x1234_5678, 16_777_217, -16_777_217, 46_341};

    /** Special long values. */
    public static final long[] LONG_SPECIALS = {0L, 1L, -1L, 2L, -2L, 7L, -7L, 10L, Long.MIN_VALUE, Long.MAX_VALUE,
        Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x1_0000_0000L,
        0xFFFF_FFFFL, -0x1_0000_0000L, 0x8000_0000L, 0x5555_5555_5555_5555L, 0xAAAA_AAAA_AAAA_AAAAL,
        (1L << 53) + 1, -(1L << 53) - 1, (1L << 24) + 1, 0x0123_4567_89AB_CDEFL, 3_037_000_500L};

    /**
     * Special float values: NaN, ±0, ±∞, the smallest denormal and normal, MAX, values at and around the int and long
     * saturation points (2^31, 2^63), halves (rounding), the largest float below 1.
     */
    public static final float[] FLOAT_SPECIALS = {Float.NaN, 0.0f, -0.0f, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, 1e-40f, -3e-39f,
        Float.MAX_VALUE, -Float.MAX_VALUE, 1.0f, -1.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 3.0f, 0.99999994f,
        2147483520f, 2147483648f, -2147483648f, -2147483904f, 9.223372e18f, -9.223372e18f, 9.2233725e18f,
        16777216f, 16777218f, 1e10f, -1e10f, (float) Math.PI, 1e-7f};

    /** Special double values, as for floats plus values just inside and outside the int range. */
    public static final double[] DOUBLE_SPECIALS = {Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, 1e-310, -2.5e-320,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 0.9999999999999999,
        2147483647.0, 2147483647.9, 2147483648.0, -2147483648.0, -2147483648.9, -2147483649.0,
        9.223372036854776e18, -9.223372036854776e18, 9.223372036854778e18, -9.223372036854778e18,
        4503599627370497.0, 9007199254740993.0, 1e300, -1e300, 3.4028235677973366e38, 3.4028236e38,
        1.401298464324817e-45, 7.006492321624085e-46, Math.PI, 1e-7, (double) Float.MAX_VALUE * 2};

    /** Shift counts: in range, ≥ 32, ≥ 64, negative, extreme. */
    public static final int[] SHIFT_SPECIALS = {0, 1, 31, 32, 33, 63, 64, 65, -1, -31, -32, -33, -63, -64, 100,
        Integer.MIN_VALUE, Integer.MAX_VALUE};

    // ---------------------------------------------------------------- single arrays

    /** Random ints over the whole range, the specials first (cycling as far as they fit). */
    /** A random permutation of {@code 0 .. n - 1} (Fisher-Yates). */
    public static int[] permutation(int n, long seed) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    public static int[] ints(long seed, int n) {
        return JvmOracle.withSpecials(JvmOracle.ints(seed, n), INT_SPECIALS);
    }

    /** Random ints in [lo, hi), the specials that lie in range first. */
    public static int[] intsIn(long seed, int n, int lo, int hiExclusive) {
        int[] a = JvmOracle.ints(seed, n, lo, hiExclusive);
        int k = 0;
        for (int v : INT_SPECIALS) {
            if (k < n && v >= lo && v < hiExclusive) {
                a[k++] = v;
            }
        }
        return a;
    }

    public static long[] longs(long seed, int n) {
        long[] a = JvmOracle.longs(seed, n);
        for (int i = 0; i < Math.min(n, LONG_SPECIALS.length); i++) {
            a[i] = LONG_SPECIALS[i];
        }
        return a;
    }

    /** Random shift counts in [-200, 200), the specials first. */
    public static int[] shiftCounts(long seed, int n) {
        return JvmOracle.withSpecials(JvmOracle.ints(seed, n, -200, 200), SHIFT_SPECIALS);
    }

    /** Random floats of every magnitude (random bit patterns, NaNs included), the specials first. */
    public static float[] floatBits(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = Float.intBitsToFloat(r.nextInt());
        }
        return withFloatSpecials(a);
    }

    /** Random doubles of every magnitude (random bit patterns), the specials first. */
    public static double[] doubleBits(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = Double.longBitsToDouble(r.nextLong());
        }
        return withDoubleSpecials(a);
    }

    /** Uniform floats in [lo, hi), the specials first. */
    public static float[] floats(long seed, int n, float lo, float hi) {
        return withFloatSpecials(JvmOracle.floats(seed, n, lo, hi));
    }

    /** Uniform doubles in [lo, hi), the specials first. */
    public static double[] doubles(long seed, int n, double lo, double hi) {
        return withDoubleSpecials(JvmOracle.doubles(seed, n, lo, hi));
    }

    /** Uniform floats in [lo, hi) with no specials. */
    public static float[] plainFloats(long seed, int n, float lo, float hi) {
        return JvmOracle.floats(seed, n, lo, hi);
    }

    /** Uniform doubles in [lo, hi) with no specials. */
    public static double[] plainDoubles(long seed, int n, double lo, double hi) {
        return JvmOracle.doubles(seed, n, lo, hi);
    }

    public static float[] withFloatSpecials(float[] a) {
        for (int i = 0; i < Math.min(a.length, FLOAT_SPECIALS.length); i++) {
            a[i] = FLOAT_SPECIALS[i];
        }
        return a;
    }

    public static double[] withDoubleSpecials(double[] a) {
        for (int i = 0; i < Math.min(a.length, DOUBLE_SPECIALS.length); i++) {
            a[i] = DOUBLE_SPECIALS[i];
        }
        return a;
    }

    /** Writes {@code values} into the first positions of {@code a} (as many as fit) and returns it. */
    public static float[] with(float[] a, float... values) {
        for (int i = 0; i < Math.min(a.length, values.length); i++) {
            a[i] = values[i];
        }
        return a;
    }

    /** Writes {@code values} into the first positions of {@code a} (as many as fit) and returns it. */
    public static double[] with(double[] a, double... values) {
        for (int i = 0; i < Math.min(a.length, values.length); i++) {
            a[i] = values[i];
        }
        return a;
    }

    /** Writes {@code values} into the first positions of {@code a} (as many as fit) and returns it. */
    public static long[] with(long[] a, long... values) {
        for (int i = 0; i < Math.min(a.length, values.length); i++) {
            a[i] = values[i];
        }
        return a;
    }

    public static byte[] bytes(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] a = new byte[n];
        for (int i = 0; i < n; i++) {
            a[i] = (byte) r.nextInt();
        }
        byte[] specials = {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, -2, 0x40, (byte) 0x80, (byte) 0xF0, 0x0F};
        for (int i = 0; i < Math.min(n, specials.length); i++) {
            a[i] = specials[i];
        }
        return a;
    }

    public static char[] chars(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        char[] a = new char[n];
        for (int i = 0; i < n; i++) {
            a[i] = (char) r.nextInt();
        }
        char[] specials = {0, 1, 0xFFFF, 0x8000, 0x7FFF, 0xFFFE, 'A', 'z', '0', 0x00FF, 0x0100};
        for (int i = 0; i < Math.min(n, specials.length); i++) {
            a[i] = specials[i];
        }
        return a;
    }

    public static short[] shorts(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        short[] a = new short[n];
        for (int i = 0; i < n; i++) {
            a[i] = (short) r.nextInt();
        }
        short[] specials = {0, 1, -1, Short.MIN_VALUE, Short.MAX_VALUE, -2, 0xFF, (short) 0xFF00, 0x7F, -0x80};
        for (int i = 0; i < Math.min(n, specials.length); i++) {
            a[i] = specials[i];
        }
        return a;
    }

    public static boolean[] booleans(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextBoolean();
        }
        return a;
    }

    /** Divisors that are never zero: random ints with -1, 1, MIN_VALUE, MAX_VALUE and small values first. */
    public static int[] nonZeroInts(long seed, int n) {
        int[] a = JvmOracle.ints(seed, n);
        for (int i = 0; i < n; i++) {
            if (i % 3 == 0) {
                a[i] = a[i] % 100;
            }
            if (a[i] == 0) {
                a[i] = 1;
            }
        }
        return JvmOracle.withSpecials(a, -1, 1, -1, 2, -2, Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 3, 10, -7);
    }

    /** Divisors that are never zero, as {@link #nonZeroInts}. */
    public static long[] nonZeroLongs(long seed, int n) {
        long[] a = JvmOracle.longs(seed, n);
        for (int i = 0; i < n; i++) {
            if (i % 3 == 0) {
                a[i] = a[i] % 1000;
            }
            if (a[i] == 0) {
                a[i] = 1;
            }
        }
        return with(a, -1L, 1L, -1L, 2L, -2L, Long.MIN_VALUE, Long.MAX_VALUE, -1L, 3L, 10L, -7L);
    }

    // ---------------------------------------------------------------- pairs: every combination of specials

    /** Two int arrays whose first positions hold every pair of {@link #INT_SPECIALS}. */
    public static int[][] intPairs(long seed, int n) {
        int[] a = JvmOracle.ints(seed, n);
        int[] b = JvmOracle.ints(seed + 1, n);
        int k = INT_SPECIALS.length;
        for (int p = 0; p < Math.min(n, k * k); p++) {
            a[p] = INT_SPECIALS[p / k];
            b[p] = INT_SPECIALS[p % k];
        }
        return new int[][] {a, b};
    }

    /** Two long arrays whose first positions hold every pair of {@link #LONG_SPECIALS}. */
    public static long[][] longPairs(long seed, int n) {
        long[] a = JvmOracle.longs(seed, n);
        long[] b = JvmOracle.longs(seed + 1, n);
        int k = LONG_SPECIALS.length;
        for (int p = 0; p < Math.min(n, k * k); p++) {
            a[p] = LONG_SPECIALS[p / k];
            b[p] = LONG_SPECIALS[p % k];
        }
        return new long[][] {a, b};
    }

    /** Two float arrays: every pair of {@link #FLOAT_SPECIALS} first, then random values in [lo, hi). */
    public static float[][] floatPairs(long seed, int n, float lo, float hi) {
        float[] a = JvmOracle.floats(seed, n, lo, hi);
        float[] b = JvmOracle.floats(seed + 1, n, lo, hi);
        int k = FLOAT_SPECIALS.length;
        for (int p = 0; p < Math.min(n, k * k); p++) {
            a[p] = FLOAT_SPECIALS[p / k];
            b[p] = FLOAT_SPECIALS[p % k];
        }
        return new float[][] {a, b};
    }

    /** Two double arrays: every pair of {@link #DOUBLE_SPECIALS} first, then random values in [lo, hi). */
    public static double[][] doublePairs(long seed, int n, double lo, double hi) {
        double[] a = JvmOracle.doubles(seed, n, lo, hi);
        double[] b = JvmOracle.doubles(seed + 1, n, lo, hi);
        int k = DOUBLE_SPECIALS.length;
        for (int p = 0; p < Math.min(n, k * k); p++) {
            a[p] = DOUBLE_SPECIALS[p / k];
            b[p] = DOUBLE_SPECIALS[p % k];
        }
        return new double[][] {a, b};
    }

    /** Three float arrays: a grid of specials (first values) and random values, for fma and friends. */
    public static float[][] floatTriples(long seed, int n, float lo, float hi) {
        float[] a = JvmOracle.floats(seed, n, lo, hi);
        float[] b = JvmOracle.floats(seed + 1, n, lo, hi);
        float[] c = JvmOracle.floats(seed + 2, n, lo, hi);
        float[] s = {Float.NaN, 0.0f, -0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE,
            Float.MAX_VALUE, 1.0f, -1.0f, 1.0000001f, 0.99999994f};
        int k = s.length;
        for (int p = 0; p < Math.min(n, k * k * k); p++) {
            a[p] = s[p / (k * k)];
            b[p] = s[(p / k) % k];
            c[p] = s[p % k];
        }
        return new float[][] {a, b, c};
    }

    /** Three double arrays: a grid of specials (first values) and random values. */
    public static double[][] doubleTriples(long seed, int n, double lo, double hi) {
        double[] a = JvmOracle.doubles(seed, n, lo, hi);
        double[] b = JvmOracle.doubles(seed + 1, n, lo, hi);
        double[] c = JvmOracle.doubles(seed + 2, n, lo, hi);
        double[] s = {Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            Double.MAX_VALUE, 1.0, -1.0, 1.0000000000000002, 0.9999999999999999};
        int k = s.length;
        for (int p = 0; p < Math.min(n, k * k * k); p++) {
            a[p] = s[p / (k * k)];
            b[p] = s[(p / k) % k];
            c[p] = s[p % k];
        }
        return new double[][] {a, b, c};
    }
}

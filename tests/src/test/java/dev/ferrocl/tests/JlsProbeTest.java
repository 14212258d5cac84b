package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes written from the Java Language Specification: shifts, division and narrowing (JLS 15.17, 15.19, 15.26.2,
 * 5.1.3), library methods inlined from their bytecode (Math.round, floorMod, ulp, copySign, exact arithmetic, ...),
 * NaN comparisons, float arithmetic that must not be done in double, evaluation order and which exception the JVM
 * throws first (JLS 15.7, 15.13, 15.26), control flow and loop forms. Every kernel runs against the JVM.
 */
public class JlsProbeTest {
    private static final int N = 1000;

    // ================================================================ int / long

    public static void shiftOddCounts(int[] a, long[] l, int[] s, int[] out, long[] lout, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[i];
            int c = s[i];
            long y = l[i];
            out[6 * i] = x << 33;
            out[6 * i + 1] = x >>> -1;
            out[6 * i + 2] = x >> -33;
            out[6 * i + 3] = x << c;
            out[6 * i + 4] = x >>> (c + 32);
            out[6 * i + 5] = x >> y; // int shifted by a long count
            lout[6 * i] = y << 65;
            lout[6 * i + 1] = y >>> -1;
            lout[6 * i + 2] = y >> c;
            lout[6 * i + 3] = y << (c - 64);
            lout[6 * i + 4] = ((long) x) >>> c;
            lout[6 * i + 5] = y >>> (long) c + 64L;
        }
    }

    @Test
    public void shiftsByNegativeAndOversizedCounts() {
        check(JlsProbeTest::shiftOddCounts, Inputs.ints(1, N), Inputs.longs(2, N), Inputs.shiftCounts(3, N),
                new int[6 * N], new long[6 * N], N);
    }

    public static void floorDivMod(int[] a, int[] b, long[] la, long[] lb, int[] out, long[] lout, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[4 * i] = Math.floorDiv(a[i], b[i]);
            out[4 * i + 1] = Math.floorMod(a[i], b[i]);
            out[4 * i + 2] = a[i] / b[i];
            out[4 * i + 3] = a[i] % b[i];
            lout[5 * i] = Math.floorDiv(la[i], lb[i]);
            lout[5 * i + 1] = Math.floorMod(la[i], lb[i]);
            lout[5 * i + 2] = la[i] / lb[i];
            lout[5 * i + 3] = la[i] % lb[i];
            lout[5 * i + 4] = Math.floorMod(la[i], b[i]) + Math.floorDiv(la[i], b[i]);
        }
    }

    @Test
    public void floorDivFloorModAndTruncatingDivisionWithNegativeOperands() {
        int[] a = Inputs.ints(10, N);
        int[] b = Inputs.nonZeroInts(11, N);
        long[] la = Inputs.longs(12, N);
        long[] lb = Inputs.nonZeroLongs(13, N);
        int[][] pairs = {{Integer.MIN_VALUE, -1}, {-7, 2}, {7, -2}, {-7, -2}, {Integer.MIN_VALUE, Integer.MAX_VALUE},
            {-1, Integer.MIN_VALUE}, {0, -5}, {5, 5}, {-6, 3}, {6, -3}};
        for (int k = 0; k < pairs.length; k++) {
            a[100 + k] = pairs[k][0];
            b[100 + k] = pairs[k][1];
            la[100 + k] = pairs[k][0] == Integer.MIN_VALUE ? Long.MIN_VALUE : pairs[k][0];
            lb[100 + k] = pairs[k][1];
        }
        check(JlsProbeTest::floorDivMod, a, b, la, lb, new int[4 * N], new long[5 * N], N);
    }

    public static void exactOps(int[] a, int[] b, long[] l, int[] out, long[] lout, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[4 * i] = Math.addExact(a[i], b[i]);
            out[4 * i + 1] = Math.multiplyExact(a[i], b[i] >> 16);
            out[4 * i + 2] = Math.toIntExact(l[i]);
            out[4 * i + 3] = Math.negateExact(a[i]) + Math.subtractExact(a[i], b[i]);
            lout[i] = Math.multiplyExact(l[i], (long) b[i]);
        }
    }

    @Test
    public void exactArithmeticWithoutOverflow() {
        int[] a = JvmOracle.ints(20, N, -1_000_000, 1_000_000);
        int[] b = JvmOracle.ints(21, N, -1_000_000, 1_000_000);
        long[] l = new long[N];
        for (int i = 0; i < N; i++) {
            l[i] = a[i] * 1000L;
        }
        check(JlsProbeTest::exactOps, a, b, l, new int[4 * N], new long[N], N);
    }

    @Test
    public void exactArithmeticOverflowThrowsArithmeticException() {
        int[] a = JvmOracle.ints(22, N, -1_000_000, 1_000_000);
        int[] b = JvmOracle.ints(23, N, -1_000_000, 1_000_000);
        long[] l = new long[N];
        for (int i = 0; i < N; i++) {
            l[i] = a[i] * 1000L;
        }
        a[600] = Integer.MAX_VALUE;
        b[600] = 1;
        int[] out = new int[4 * N];
        long[] lout = new long[N];
        Throwable e = checkThrows(x -> exactOps((int[]) x[0], (int[]) x[1], (long[]) x[2], (int[]) x[3],
                (long[]) x[4], (Integer) x[5]), s -> s.task("t", JlsProbeTest::exactOps, a, b, l, out, lout, N),
                a, b, l, out, lout, N);
        assertEquals(ArithmeticException.class, e.getClass());
        assertEquals("integer overflow", e.getMessage());
    }

    public static void bitMethods(int[] a, int[] b, long[] la, long[] lb, int[] out, long[] lout, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[i];
            int y = b[i];
            out[10 * i] = Integer.highestOneBit(x);
            out[10 * i + 1] = Integer.lowestOneBit(x);
            out[10 * i + 2] = Integer.compare(x, y);
            out[10 * i + 3] = Integer.signum(x);
            out[10 * i + 4] = Integer.reverseBytes(x);
            out[10 * i + 5] = Integer.compareUnsigned(x, y);
            out[10 * i + 6] = Integer.divideUnsigned(x, y | 1);
            out[10 * i + 7] = Integer.remainderUnsigned(x, y | 1);
            out[10 * i + 8] = Long.compare(la[i], lb[i]) * 3 + Long.signum(la[i]);
            out[10 * i + 9] = Integer.rotateLeft(x, y) ^ Integer.numberOfLeadingZeros(x) ^ Integer.bitCount(y) << 8;
            lout[6 * i] = Long.highestOneBit(la[i]);
            lout[6 * i + 1] = Long.lowestOneBit(la[i]);
            lout[6 * i + 2] = Long.reverseBytes(la[i]);
            lout[6 * i + 3] = Long.compareUnsigned(la[i], lb[i]);
            lout[6 * i + 4] = Long.divideUnsigned(la[i], lb[i] | 1);
            lout[6 * i + 5] = Long.remainderUnsigned(la[i], lb[i] | 1);
        }
    }

    @Test
    public void integerAndLongBitMethods() {
        check(JlsProbeTest::bitMethods, Inputs.ints(30, N), Inputs.ints(31, N), Inputs.longs(32, N),
                reversed(Inputs.longs(33, N)), new int[10 * N],
                new long[6 * N], N);
    }

    private static long[] reversed(long[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            long t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    public static void narrowCompound(byte[] b, char[] c, short[] s, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            byte x = b[i];
            x += 200;
            x *= 3;
            x >>>= 3; // promoted, shifted as int, narrowed
            x -= 129;
            char y = c[i];
            y *= 3;
            y += 0xFFF0;
            y >>= 2;
            y--;
            y -= 'a';
            short z = s[i];
            z >>>= 1;
            z <<= 9;
            z += 40000;
            z /= -3;
            out[i] = x * 1_000_000 + y * 7 + z + (char) x;
            b[i] += 200;
            b[i]++;
            c[i] *= 3;
            c[i]--;
            s[i] >>>= 1;
            s[i] ^= 0x8001;
        }
    }

    @Test
    public void compoundAssignmentNarrowsByteCharShort() {
        byte[] b = Inputs.bytes(40, N);
        char[] c = Inputs.chars(41, N);
        short[] s = Inputs.shorts(42, N);
        b[0] = -128;
        b[1] = 127;
        b[2] = -1;
        c[0] = 0;
        c[1] = 0xFFFF;
        c[2] = 0x8000;
        s[0] = -1;
        s[1] = Short.MIN_VALUE;
        s[2] = Short.MAX_VALUE;
        s[3] = -2;
        check(JlsProbeTest::narrowCompound, b, c, s, new int[N]);
    }

    public static void compoundMixed(float[] f, int[] k, long[] l, char[] c, float[] fo, int[] ko, long[] lo,
            char[] co) {
        for (@Parallel int i = 0; i < f.length; i++) {
            float x = f[i];
            x += 0.1; // (float) (x + 0.1) in double
            x *= 1.1;
            fo[i] = x;
            int y = k[i];
            y *= 1.5;
            y += 0.7;
            y -= f[i]; // (int) ((float) y - f[i]) in float
            ko[i] = y;
            long z = l[i];
            z *= 0.5f; // (long) ((float) z * 0.5f)
            z += 1e-3;
            lo[i] = z;
            char w = c[i];
            w += 1.9;
            w *= -1;
            co[i] = w;
        }
    }

    @Test
    public void compoundAssignmentWithWiderRightOperandComputesInTheWiderType() {
        float[] f = Inputs.floats(50, N, -1e6f, 1e6f);
        MoreChecks.check(JlsProbeTest::compoundMixed, f, Inputs.ints(51, N), Inputs.longs(52, N),
                Inputs.chars(53, N), new float[N], new int[N], new long[N], new char[N]);
    }

    public static void charArith(char[] c, float[] f, double[] d, int[] out) {
        for (@Parallel int i = 0; i < c.length; i++) {
            char a = c[i];
            out[8 * i] = a - 'z';
            out[8 * i + 1] = (int) (char) f[i];
            out[8 * i + 2] = (short) f[i];
            out[8 * i + 3] = (byte) f[i];
            out[8 * i + 4] = (char) (a * 2) + (char) -a;
            out[8 * i + 5] = (char) d[i];
            out[8 * i + 6] = (short) d[i] ^ (byte) d[i] << 16;
            out[8 * i + 7] = (byte) a * (short) a;
        }
    }

    @Test
    public void charShortByteNarrowingOfFloatsSaturatesThroughInt() {
        check(JlsProbeTest::charArith, Inputs.chars(60, N), Inputs.floatBits(61, N), Inputs.doubleBits(62, N),
                new int[8 * N]);
        check(JlsProbeTest::charArith, Inputs.chars(63, N), Inputs.floats(64, N, -100000f, 100000f),
                Inputs.doubles(65, N, -3e9, 3e9), new int[8 * N]);
    }

    // ================================================================ floating point

    public static void longToFloat(long[] l, int[] k, float[] f, double[] d) {
        for (@Parallel int i = 0; i < l.length; i++) {
            f[2 * i] = (float) l[i];
            f[2 * i + 1] = (float) k[i];
            d[i] = (double) l[i];
        }
    }

    @Test
    public void longToFloatRoundsOnceNotThroughDouble() {
        long[] l = Inputs.longs(70, N);
        SplittableRandom r = new SplittableRandom(71);
        for (int i = 30; i < N; i++) {
            // a round bit set, then zeros inside double's precision, then a sticky bit below it: rounding through
            // double first loses the sticky bit and ties to even
            int p = r.nextInt(54, 63);
            long top = (1L << 23) | r.nextLong(1L << 23);
            long v = (top << (p - 23)) | (1L << (p - 24)) | (r.nextBoolean() ? 1L : 3L);
            l[i] = r.nextBoolean() ? v : -v;
        }
        l[0] = (1L << 60) + (1L << 36) + 1;
        l[1] = -((1L << 60) + (1L << 36) + 1);
        check(JlsProbeTest::longToFloat, l, Inputs.ints(72, N), new float[2 * N], new double[N]);
    }

    public static void floatRem(float[] a, float[] b, double[] da, double[] db, float[] out, double[] dout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i] % b[i];
            dout[i] = da[i] % db[i];
        }
    }

    @Test
    public void floatRemainderIsFmodWithTheDividendsSign() {
        float[][] f = Inputs.floatPairs(80, N, -100f, 100f);
        double[][] d = Inputs.doublePairs(81, N, -100, 100);
        float[] xs = {-5f, 5f, -0.0f, 1e30f, -1e-40f, -7f, 7.5f, Float.MAX_VALUE, -6f};
        float[] ys = {5f, -5f, 3f, 7f, 1e-40f, -7f, -2.5f, Float.MIN_VALUE, 3f};
        for (int i = 0; i < xs.length; i++) {
            f[0][900 + i] = xs[i];
            f[1][900 + i] = ys[i];
            d[0][900 + i] = xs[i];
            d[1][900 + i] = ys[i];
        }
        check(JlsProbeTest::floatRem, f[0], f[1], d[0], d[1], new float[N], new double[N]);
    }

    public static void mathRound(float[] f, double[] d, int[] ri, long[] rl) {
        for (@Parallel int i = 0; i < f.length; i++) {
            ri[i] = Math.round(f[i]);
            rl[i] = Math.round(d[i]);
        }
    }

    @Test
    public void mathRoundFloatAndDouble() {
        float[] f = Inputs.floatBits(90, N);
        double[] d = Inputs.doubleBits(91, N);
        SplittableRandom r = new SplittableRandom(92);
        for (int i = 100; i < 600; i++) {
            f[i] = r.nextInt(-4000, 4000) / 2.0f;
            d[i] = r.nextInt(-4000, 4000) / 2.0;
        }
        float[] fs = {0.49999997f, -0.49999997f, 0.5f, -0.5f, 1.5f, -1.5f, 2.5f, -2.5f, 8388607.5f, -8388607.5f,
            8388609f, 16777217f, 2.1474836e9f, -2.1474836e9f, 1e20f, -1e20f, -0.0f, Float.NaN,
            Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE};
        double[] ds = {0.49999999999999994, -0.49999999999999994, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
            4503599627370495.5, -4503599627370495.5, 4503599627370497.0, 9.2e18, -9.3e18, 1e300, -0.0, Double.NaN,
            Double.NEGATIVE_INFINITY, 2147483647.5, -2147483648.5, Double.MIN_VALUE};
        for (int i = 0; i < fs.length; i++) {
            f[700 + i] = fs[i];
        }
        for (int i = 0; i < ds.length; i++) {
            d[700 + i] = ds[i];
        }
        check(JlsProbeTest::mathRound, f, d, new int[N], new long[N]);
    }

    public static void roundingFamily(float[] f, double[] d, float[] out, double[] dout) {
        for (@Parallel int i = 0; i < f.length; i++) {
            out[3 * i] = (float) Math.rint(f[i]);
            out[3 * i + 1] = (float) Math.floor(f[i]);
            out[3 * i + 2] = (float) Math.ceil(f[i]);
            dout[3 * i] = Math.rint(d[i]);
            dout[3 * i + 1] = Math.floor(d[i]);
            dout[3 * i + 2] = Math.ceil(d[i]);
        }
    }

    @Test
    public void rintFloorCeilKeepTheSignOfZero() {
        float[] f = Inputs.with(Inputs.floats(95, N, -10f, 10f), -0.0f, -0.5f, -0.4f, 0.5f, 2.5f, -2.5f, 3.5f,
                -1e-40f);
        double[] d = Inputs.with(Inputs.doubles(96, N, -10, 10), -0.0, -0.5, -0.4, 0.5, 2.5, -2.5, 3.5, -1e-310);
        check(JlsProbeTest::roundingFamily, f, d, new float[3 * N], new double[3 * N]);
    }

    public static void minMax(float[] a, float[] b, double[] da, double[] db, float[] out, double[] dout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[2 * i] = Math.min(a[i], b[i]);
            out[2 * i + 1] = Math.max(a[i], b[i]);
            dout[2 * i] = Math.min(da[i], db[i]);
            dout[2 * i + 1] = Math.max(da[i], db[i]);
        }
    }

    @Test
    public void minMaxWithSignedZerosAndNaN() {
        float[][] f = Inputs.floatPairs(100, N, -1f, 1f);
        double[][] d = Inputs.doublePairs(101, N, -1, 1);
        check(JlsProbeTest::minMax, f[0], f[1], d[0], d[1], new float[2 * N], new double[2 * N]);
    }

    public static void signumCopySign(float[] a, float[] b, double[] da, double[] db, float[] out, double[] dout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[3 * i] = Math.signum(a[i]);
            out[3 * i + 1] = Math.copySign(a[i], b[i]);
            out[3 * i + 2] = StrictMath.copySign(a[i], b[i]); // a NaN sign counts as positive
            dout[3 * i] = Math.signum(da[i]);
            dout[3 * i + 1] = Math.copySign(da[i], db[i]);
            dout[3 * i + 2] = StrictMath.copySign(da[i], db[i]);
        }
    }

    @Test
    public void signumAndCopySignIncludingNegativeNaNSigns() {
        float[][] f = Inputs.floatPairs(110, N, -5f, 5f);
        double[][] d = Inputs.doublePairs(111, N, -5, 5);
        for (int i = 500; i < 600; i++) {
            f[1][i] = Float.intBitsToFloat(i % 2 == 0 ? 0xFFC00000 : 0xFF800001);
            d[1][i] = Double.longBitsToDouble(i % 2 == 0 ? 0xFFF8000000000000L : 0xFFF0000000000001L);
        }
        check(JlsProbeTest::signumCopySign, f[0], f[1], d[0], d[1], new float[3 * N], new double[3 * N]);
    }

    public static void ulpFamily(float[] a, double[] d, int[] k, float[] out, double[] dout, int[] exps) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[5 * i] = Math.ulp(a[i]);
            out[5 * i + 1] = Math.nextUp(a[i]);
            out[5 * i + 2] = Math.nextDown(a[i]);
            out[5 * i + 3] = Math.nextAfter(a[i], 0.0);
            out[5 * i + 4] = Math.scalb(a[i], k[i]);
            dout[3 * i] = Math.ulp(d[i]);
            dout[3 * i + 1] = Math.nextUp(d[i]);
            dout[3 * i + 2] = Math.scalb(d[i], k[i]);
            exps[2 * i] = Math.getExponent(a[i]);
            exps[2 * i + 1] = Math.getExponent(d[i]);
        }
    }

    @Test
    public void ulpNextUpScalbGetExponent() {
        int[] k = JvmOracle.withSpecials(JvmOracle.ints(122, N, -1200, 1200), 0, 1, -1, -149, -150, 127, 128,
                -1074, -1075, 1023, 1024, 2000, -2000, Integer.MIN_VALUE, Integer.MAX_VALUE);
        check(JlsProbeTest::ulpFamily, Inputs.floatBits(120, N), Inputs.doubleBits(121, N), k, new float[5 * N],
                new double[3 * N], new int[2 * N]);
    }

    public static void bitsOfNaNs(int[] bits, long[] lbits, int[] out, long[] lout) {
        for (@Parallel int i = 0; i < bits.length; i++) {
            float f = Float.intBitsToFloat(bits[i]);
            double d = Double.longBitsToDouble(lbits[i]);
            out[4 * i] = Float.floatToIntBits(f);
            out[4 * i + 1] = Float.floatToRawIntBits(f);
            out[4 * i + 2] = (Float.isNaN(f) ? 1 : 0) | (Float.isInfinite(f) ? 2 : 0) | (Float.isFinite(f) ? 4 : 0)
                    | (Double.isNaN(d) ? 8 : 0) | (Double.isInfinite(d) ? 16 : 0) | (f != f ? 32 : 0);
            out[4 * i + 3] = Float.hashCode(f);
            lout[2 * i] = Double.doubleToLongBits(d);
            lout[2 * i + 1] = Double.doubleToRawLongBits(d);
        }
    }

    @Test
    public void floatToIntBitsCanonicalisesNaNAndRawBitsKeepThePayload() {
        int[] bits = JvmOracle.withSpecials(JvmOracle.ints(130, N), 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
                0x7FBFFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x7F800000, 0xFF800000, 0x80000000, 0, 1, 0x00800000);
        long[] lbits = Inputs.with(JvmOracle.longs(131, N), 0x7FF8000000000000L, 0xFFF8000000000000L,
                0x7FF0000000000001L, 0xFFF0000000000001L, 0x7FF7FFFFFFFFFFFFL, -1L, 0x7FF0000000000000L,
                0x8000000000000000L, 0L, 1L);
        for (int i = 20; i < N; i += 3) {
            bits[i] |= 0x7F800000; // many NaNs with random payloads
            lbits[i] |= 0x7FF0000000000000L;
        }
        check(JlsProbeTest::bitsOfNaNs, bits, lbits, new int[4 * N], new long[2 * N]);
    }

    public static void nanCompares(float[] a, float[] b, double[] da, double[] db, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float x = a[i];
            float y = b[i];
            int m = 0;
            if (x < y) {
                m |= 1;
            }
            if (x <= y) {
                m |= 2;
            }
            if (x > y) {
                m |= 4;
            }
            if (x >= y) {
                m |= 8;
            }
            if (x == y) {
                m |= 16;
            }
            if (x != y) {
                m |= 32;
            }
            if (!(x < y)) {
                m |= 64;
            }
            if (!(x >= y)) {
                m |= 128;
            }
            if (!(x > y)) {
                m |= 256;
            }
            if (!(x <= y)) {
                m |= 512;
            }
            m |= (Float.compare(x, y) + 1) << 10;
            m |= (x < y ? 1 : 0) << 12;
            m |= (!(x == y) ? 1 : 0) << 13;
            m |= (Double.compare(da[i], db[i]) + 1) << 14;
            if (!(da[i] <= db[i])) {
                m |= 1 << 16;
            }
            if (da[i] != da[i]) {
                m |= 1 << 17;
            }
            boolean z = da[i] > db[i] || !(da[i] < db[i]) && da[i] != db[i];
            m |= (z ? 1 : 0) << 18;
            m |= (Float.compare(y, x) + 1) << 19;
            m |= (Math.max(x, y) == x ? 1 : 0) << 21;
            out[i] = m;
        }
    }

    @Test
    public void everyComparisonOperatorWithNaNAndSignedZeros() {
        float[][] f = Inputs.floatPairs(140, N, -2f, 2f);
        double[][] d = Inputs.doublePairs(141, N, -2, 2);
        check(JlsProbeTest::nanCompares, f[0], f[1], d[0], d[1], new int[N]);
    }

    public static void floatStaysFloat(float[] a, float[] b, float[] c, int[] k, long[] l, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[6 * i] = a[i] * b[i] + c[i];
            out[6 * i + 1] = (a[i] + b[i]) - a[i];
            out[6 * i + 2] = a[i] / b[i] * c[i];
            out[6 * i + 3] = a[i] + k[i]; // k converted to float first
            out[6 * i + 4] = a[i] + l[i]; // l converted to float first
            out[6 * i + 5] = a[i] * b[i] - a[i] * c[i];
        }
    }

    @Test
    public void floatExpressionsRoundAfterEveryOperation() {
        float[][] t = Inputs.floatTriples(150, N, -1000f, 1000f);
        float[] a = t[0];
        float[] b = t[1];
        float[] c = t[2];
        SplittableRandom r = new SplittableRandom(151);
        for (int i = 200; i < 400; i++) {
            a[i] = 16777216f * (1 + r.nextInt(100));
            b[i] = 1f + r.nextInt(3);
            c[i] = 1f + (float) r.nextDouble() * 1e-6f;
        }
        for (int i = 400; i < 600; i++) {
            a[i] = 1f + r.nextInt(1 << 12) * 0x1p-23f;
            b[i] = 1f + r.nextInt(1 << 12) * 0x1p-23f;
            c[i] = -1f;
        }
        int[] k = Inputs.ints(152, N);
        long[] l = Inputs.longs(153, N);
        check(JlsProbeTest::floatStaysFloat, a, b, c, k, l, new float[6 * N]);
    }

    // ================================================================ evaluation order and exceptions

    public static void storeIndexVsDivisor(int[] b, int[] c, int[] idx, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[idx[i]] = b[i] / c[i];
        }
    }


    @Test
    public void theRightHandSideIsEvaluatedBeforeTheStoresIndexCheck() {
        int[] b = Inputs.ints(160, N);
        int[] c = Inputs.nonZeroInts(161, N);
        int[] idx = Inputs.permutation(N, 162);
        check(JlsProbeTest::storeIndexVsDivisor, b, c, idx, new int[N], N);
        idx[300] = N;
        c[300] = 0;
        int[] out = Inputs.ints(163, N);
        Throwable e = checkThrows(x -> storeIndexVsDivisor((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3],
                (Integer) x[4]), s -> s.task("t", JlsProbeTest::storeIndexVsDivisor, b, c, idx, out, N),
                b, c, idx, out, N);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    public static void compoundIndexVsDivisor(int[] b, int[] c, int[] idx, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[idx[i]] += b[i] / c[i];
        }
    }

    @Test
    public void aCompoundAssignmentChecksItsIndexBeforeTheRightHandSide() {
        int[] b = Inputs.ints(170, N);
        int[] c = Inputs.nonZeroInts(171, N);
        int[] idx = Inputs.permutation(N, 172);
        check(JlsProbeTest::compoundIndexVsDivisor, b, c, idx, Inputs.ints(173, N), N);
        idx[300] = N;
        c[300] = 0;
        int[] out = Inputs.ints(174, N);
        Throwable e = checkThrows(x -> compoundIndexVsDivisor((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (int[]) x[3], (Integer) x[4]), s -> s.task("t", JlsProbeTest::compoundIndexVsDivisor, b, c, idx,
                out, N), b, c, idx, out, N);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 1000 out of bounds for length 1000", e.getMessage());
    }

    public static void twoLoads(int[] b, int[] c, int[] j, int[] k, int[] d, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = b[j[i]] / c[k[i]] + 100 / d[i];
        }
    }

    @Test
    public void operandsFailLeftToRight() {
        int[] b = Inputs.ints(180, N);
        int[] c = Inputs.nonZeroInts(181, N);
        int[] j = Inputs.permutation(N, 182);
        int[] k = Inputs.permutation(N, 183);
        int[] d = Inputs.nonZeroInts(184, N);
        check(JlsProbeTest::twoLoads, b, c, j, k, d, new int[N], N);
        // iteration 400: the left operand's index fails, the right's divisor is zero, d is zero
        j[400] = -1;
        k[400] = N + 5;
        d[400] = 0;
        // iteration 500 would fail differently but never runs
        d[500] = 0;
        int[] out = Inputs.ints(185, N);
        Throwable e = checkThrows(x -> twoLoads((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4],
                (int[]) x[5], (Integer) x[6]), s -> s.task("t", JlsProbeTest::twoLoads, b, c, j, k, d, out, N),
                b, c, j, k, d, out, N);
        assertEquals("Index -1 out of bounds for length 1000", e.getMessage());
    }

    @Test
    public void theSecondOperandsIndexFailsBeforeALaterDivision() {
        int[] b = Inputs.ints(186, N);
        int[] c = Inputs.nonZeroInts(187, N);
        int[] j = Inputs.permutation(N, 188);
        int[] k = Inputs.permutation(N, 189);
        int[] d = Inputs.nonZeroInts(190, N);
        k[400] = N + 5;
        d[400] = 0;
        int[] out = Inputs.ints(191, N);
        Throwable e = checkThrows(x -> twoLoads((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4],
                (int[]) x[5], (Integer) x[6]), s -> s.task("t", JlsProbeTest::twoLoads, b, c, j, k, d, out, N),
                b, c, j, k, d, out, N);
        assertEquals("Index 1005 out of bounds for length 1000", e.getMessage());
    }

    static int bump(int[] a, int i) {
        a[i] = 1000;
        return 1;
    }

    public static void savedOperand(int[] a, int[] b, int[] c, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] += bump(a, i); // the old a[i] is saved before bump runs
            b[i] = bump(b, i) + b[i]; // left to right: b[i] is 1000 when read
            int k = i;
            out[k] = (k = k + 1) * 100 + k; // the index is evaluated before the assignment to k
            int m = 2 * i;
            c[i] = c[i] * 0 + (m++) * 10 + m++ + m;
        }
    }

    @Test
    public void leftOperandsAreSavedBeforeTheRightHandSideRuns() {
        check(JlsProbeTest::savedOperand, Inputs.ints(200, N), Inputs.ints(201, N), Inputs.ints(202, N), new int[N]);
    }

    public static void arrayReferenceFirst(int[] p, int[] q, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = p;
            t[i] = (t = q)[i] + 1; // stores into p
            out[i] = t[i];
        }
    }

    @Test
    public void theArrayReferenceIsEvaluatedBeforeTheRightHandSide() {
        check(JlsProbeTest::arrayReferenceFirst, Inputs.ints(205, N), Inputs.ints(206, N), new int[N]);
    }

    public static void storeThenFail(int[] a, int[] idx, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] * 3 + 1; // in place, before the failing store
            out[idx[i]] = a[i];
        }
    }

    @Test
    public void aStoreFailingAfterAnInPlaceUpdateLeavesTheJvmsArrays() {
        int[] a = Inputs.ints(210, N);
        int[] idx = Inputs.permutation(N, 211);
        check(JlsProbeTest::storeThenFail, a.clone(), idx, new int[N], N);
        idx[700] = -3;
        int[] out = Inputs.ints(212, N);
        Throwable e = checkThrows(x -> storeThenFail((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3]),
                s -> s.task("t", JlsProbeTest::storeThenFail, a, idx, out, N), a, idx, out, N);
        assertEquals("Index -3 out of bounds for length 1000", e.getMessage());
    }

    public static void privateArrayIndex(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[4];
            t[a[i] & 3] = a[i];
            out[i] = t[(a[i] >> 2) & 7] + t[0];
        }
    }

    @Test
    public void anIndexPastALocalArrayThrowsWithItsLength() {
        int[] a = new int[N];
        SplittableRandom r = new SplittableRandom(220);
        for (int i = 0; i < N; i++) {
            a[i] = (r.nextInt() & ~0x1C) | (r.nextInt(4) << 2); // (a >> 2) & 7 in 0..3
        }
        check(JlsProbeTest::privateArrayIndex, a, new int[N], N);
        a[600] = 5 << 2;
        int[] out = Inputs.ints(221, N);
        Throwable e = checkThrows(x -> privateArrayIndex((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", JlsProbeTest::privateArrayIndex, a, out, N), a, out, N);
        assertEquals("Index 5 out of bounds for length 4", e.getMessage());
    }

    // ================================================================ control flow

    public static void switchMix(int[] k, char[] c, byte[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int r = 0;
            switch (k[i]) {
                case -3:
                    r += 1;
                case -2:
                    r += 2;
                    break;
                case 0:
                case 1:
                    r = 10;
                default:
                    r += 100;
                case 5:
                    r *= 3;
                    break;
                case 1000:
                    r = 7;
                    break;
                case 1 << 20:
                    r = 8;
                case Integer.MIN_VALUE:
                    r--;
                    break;
                case Integer.MAX_VALUE:
                    r = -1;
            }
            switch (c[i]) {
                case 'a':
                    r ^= 1;
                    break;
                case '\uFFFF':
                    r ^= 2;
                    break;
                case '\uD800':
                    r ^= 4;
                case 'z':
                    r ^= 8;
                    break;
                default:
                    r ^= c[i] << 8;
            }
            switch (b[i]) {
                case -128:
                    r += 3;
                    break;
                case 127:
                    r += 5;
                case -1:
                    r += 7;
                    break;
                default:
            }
            out[i] = r;
        }
    }

    @Test
    public void switchesOnIntCharByteWithFallThroughAndADefaultInTheMiddle() {
        int[] k = JvmOracle.withSpecials(JvmOracle.ints(230, N, -5, 8), 1000, 1 << 20, Integer.MIN_VALUE,
                Integer.MAX_VALUE, 999, 1001, -4);
        char[] c = Inputs.chars(231, N);
        for (int i = 0; i < N; i += 7) {
            c[i] = "az\uFFFF\uD800b".charAt((i / 7) % 5);
        }
        byte[] b = Inputs.bytes(232, N);
        for (int i = 0; i < N; i += 5) {
            b[i] = (byte) new int[] {-128, 127, -1, 0}[(i / 5) % 4];
        }
        check(JlsProbeTest::switchMix, k, c, b, new int[N]);
    }

    public static void loopsWithContinue(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int lim = a[i] & 31;
            int k = 0;
            int s = 0;
            do {
                k++;
                if (k % 3 == 0) {
                    continue; // goes to the condition
                }
                s += k;
                if (s > 200) {
                    break;
                }
            } while (k < lim);
            int j = 0;
            int t = 0;
            while (j < lim) {
                j++;
                if ((j & 1) == 0) {
                    continue;
                }
                t += j * j;
            }
            int u = 0;
            outer:
            for (int p = 0; p < 8; p++) {
                inner:
                for (int q = 0; q < 8; q++) {
                    if (q > p) {
                        continue outer;
                    }
                    if ((p * q + lim) % 7 == 0) {
                        break inner;
                    }
                    if (p + q == lim) {
                        break outer;
                    }
                    u += p * q + 1;
                }
                u -= 1;
            }
            out[i] = s * 1_000_000 + t * 1000 + u;
        }
    }

    @Test
    public void doWhileContinueJumpsToTheConditionAndLabeledJumps() {
        check(JlsProbeTest::loopsWithContinue, Inputs.ints(240, N), new int[N]);
    }

    public static void conditionalTypes(int[] a, char[] c, long[] l, float[] out, long[] lout, int[] iout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            boolean p = a[i] > 0;
            out[2 * i] = (p ? a[i] : 1.0f) / 2; // int operand promoted to float
            out[2 * i + 1] = (float) ((p ? 7 : 2.5) / 2);
            lout[2 * i] = (p ? a[i] : l[i]) * a[i]; // long multiply
            lout[2 * i + 1] = (p ? a[i] : 0L) * a[i];
            iout[3 * i] = p ? c[i] : -1; // int, not char
            iout[3 * i + 1] = p ? (short) a[i] : c[i]; // short and char promote to int
            iout[3 * i + 2] = (p ? (byte) a[i] : (short) 300) + 0; // byte and short: short
        }
    }

    @Test
    public void conditionalOperatorUsesBinaryNumericPromotion() {
        check(JlsProbeTest::conditionalTypes, Inputs.ints(250, N), Inputs.chars(251, N), Inputs.longs(252, N),
                new float[2 * N], new long[2 * N], new int[3 * N]);
    }

    public static void shortCircuit(int[] a, int[] b, int[] c, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            if (x > 0 && b[i]++ > 3 || c[i]-- < 0) {
                out[i] = 1;
            } else {
                out[i] = 2;
            }
            if (x < 0 & b[i]++ > 0 | c[i]++ > 5) {
                out[i] += 10;
            }
            boolean q = (x & 1) == 0 || (b[i] = b[i] * 2) > 100;
            out[i] += q ? 100 : 0;
            out[i] += x > 1000 ? b[i]++ : c[i]--;
            out[i] += (x & 2) != 0 ^ c[i]-- > 0 ? 1000 : 0;
        }
    }

    @Test
    public void shortCircuitOperatorsSkipTheirSideEffects() {
        check(JlsProbeTest::shortCircuit, Inputs.ints(260, N), JvmOracle.ints(261, N, -10, 10),
                JvmOracle.ints(262, N, -10, 10), new int[N]);
    }

    // ================================================================ loop forms

    public static void negativeStartStep3(int[] out, int n) {
        for (@Parallel int i = -7; i < n; i += 3) {
            out[i + 7] = i * i + 1;
        }
    }

    @Test
    public void aNegativeStartWithStepThree() {
        for (int n : new int[] {-7, -6, -5, 0, 1, 2, 993}) {
            check(JlsProbeTest::negativeStartStep3, Inputs.ints(270, 1000), n);
        }
    }

    public static void inclusiveStep2(int[] out, int lo, int hi) {
        for (@Parallel int i = lo; i <= hi; i += 2) {
            out[i] = out[i] * 5 + i;
        }
    }

    @Test
    public void inclusiveBoundsWithStepTwo() {
        int[][] cases = {{0, 999}, {1, 999}, {0, 998}, {1, 998}, {5, 5}, {6, 5}, {998, 999}};
        for (int[] c : cases) {
            check(JlsProbeTest::inclusiveStep2, Inputs.ints(280, 1000), c[0], c[1]);
        }
    }

    public static void nearMaxValue(int[] out, int lo) {
        for (@Parallel int i = lo; i < Integer.MAX_VALUE; i++) {
            out[i - lo] = i ^ 0x55;
        }
    }

    @Test
    public void aLoopEndingAtMaxValue() {
        check(JlsProbeTest::nearMaxValue, new int[100], Integer.MAX_VALUE - 100);
        check(JlsProbeTest::nearMaxValue, new int[1], Integer.MAX_VALUE - 1);
    }

    public static void inclusiveNearMax(int[] out, int lo, int hi) {
        for (@Parallel int i = lo; i <= hi; i += 3) {
            out[(i - lo) / 3] = i;
        }
    }

    @Test
    public void anInclusiveStepThreeLoopJustBelowMaxValue() {
        check(JlsProbeTest::inclusiveNearMax, new int[33], Integer.MAX_VALUE - 100, Integer.MAX_VALUE - 3);
        check(JlsProbeTest::inclusiveNearMax, new int[2], Integer.MAX_VALUE - 8, Integer.MAX_VALUE - 3);
    }

    @Test(timeout = 120_000)
    public void anInclusiveBoundWhoseStepOverflowsKeepsGoingOnTheJvm() {
        // i: MAX-8, MAX-5, MAX-2, then MIN (still <= MAX-2): out[(MIN - (MAX - 8)) / 3] = out[3] is out of bounds
        int[] out = new int[3];
        Throwable e = checkThrows(x -> inclusiveNearMax((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", JlsProbeTest::inclusiveNearMax, out, Integer.MAX_VALUE - 8, Integer.MAX_VALUE - 2),
                out, Integer.MAX_VALUE - 8, Integer.MAX_VALUE - 2);
        assertEquals("Index 3 out of bounds for length 3", e.getMessage());
    }

    public static void overflowingStep(int[] out, int lo, int hi) {
        for (@Parallel int i = lo; i < hi; i += 2) {
            out[i - lo] = i;
        }
    }

    @Test(timeout = 120_000)
    public void aStepThatOverflowsPastMaxValueKeepsGoingOnTheJvm() {
        // i: MAX-3, MAX-1, then MIN (still < MAX): out[MIN - (MAX - 3)] = out[4] is out of bounds
        int[] out = new int[4];
        Throwable e = checkThrows(x -> overflowingStep((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", JlsProbeTest::overflowingStep, out, Integer.MAX_VALUE - 3, Integer.MAX_VALUE),
                out, Integer.MAX_VALUE - 3, Integer.MAX_VALUE);
        assertEquals("Index 4 out of bounds for length 4", e.getMessage());
    }

    public static void streamCaptures(int[] a, int[] out, int off) {
        int k = a.length / 3 + 1;
        int[] src = a;
        IntStream.range(2, out.length - 1).parallel().forEach(i -> out[i] = src[i] * k + off - i);
    }

    @Test
    public void aStreamCapturingEffectivelyFinalLocals() {
        check(JlsProbeTest::streamCaptures, Inputs.ints(290, N), Inputs.ints(291, N), -12345);
    }

    public static void streamNegativeClosed(int[] out, int lo, int hi) {
        IntStream.rangeClosed(lo, hi).parallel().forEach(i -> out[i - lo] = i * 3);
    }

    @Test
    public void aClosedStreamRangeFromANegativeStart() {
        check(JlsProbeTest::streamNegativeClosed, new int[N], -500, 499);
        check(JlsProbeTest::streamNegativeClosed, new int[N], -5, -6);
    }

    // ================================================================ reductions with signed zeros and NaN

    public static void minFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    public static void maxDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(a[i], out[0]);
        }
    }

    @Test
    public void minMaxReductionsOverSignedZerosAndNaN() {
        int n = 100_003;
        float[] f = new float[n];
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            f[i] = i == 77_777 ? -0.0f : 0.0f;
            d[i] = i == 55_555 ? 0.0 : -0.0;
        }
        check(JlsProbeTest::minFloat, f, new float[] {0.0f});
        check(JlsProbeTest::maxDouble, d, new double[] {-0.0});
        f[1234] = Float.NaN;
        d[99_999] = Double.NaN;
        check(JlsProbeTest::minFloat, f, new float[] {0.0f});
        check(JlsProbeTest::maxDouble, d, new double[] {-0.0});
    }

    // ================================================================ patterns an optimiser may rewrite wrongly

    public static void selectPatterns(float[] a, float[] b, double[] d, float[] out, double[] dout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float x = a[i];
            float y = b[i];
            out[6 * i] = x > y ? x : y; // not fmax: NaN and signed zeros decide differently
            out[6 * i + 1] = x < y ? x : y;
            out[6 * i + 2] = x >= 0 ? x : -x; // not fabs: -0.0 stays -0.0
            out[6 * i + 3] = x > 0 ? x : 0; // -0.0 and NaN give +0.0
            out[6 * i + 4] = x <= y ? y : x;
            out[6 * i + 5] = x != x ? 1f : (x == y ? 2f : 3f);
            dout[2 * i] = d[i] < 0 ? -d[i] : d[i];
            dout[2 * i + 1] = d[i] >= 1.0 ? 1.0 : (d[i] <= -1.0 ? -1.0 : d[i]);
        }
    }

    @Test
    public void conditionalSelectsAreNotMinMaxOrAbs() {
        float[][] f = Inputs.floatPairs(300, N, -3f, 3f);
        check(JlsProbeTest::selectPatterns, f[0], f[1], Inputs.doubles(301, N, -3, 3), new float[6 * N],
                new double[2 * N]);
    }

    public static void intAlgebra(int[] a, int[] b, int[] out, long[] lout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            int y = b[i];
            out[12 * i] = (x * 2) / 2;
            out[12 * i + 1] = x + 1 > x ? 1 : 0;
            out[12 * i + 2] = x - y < 0 ? 1 : 0;
            out[12 * i + 3] = x + 1 < y + 1 ? 1 : 0;
            out[12 * i + 4] = (x << 1) >> 1;
            out[12 * i + 5] = x / 2 + x % 2 * 1000;
            out[12 * i + 6] = -x == x ? 1 : 0;
            out[12 * i + 7] = Math.abs(x) < 0 ? 1 : 0;
            out[12 * i + 8] = (x * 4) / 4 - (x << 2 >> 2);
            out[12 * i + 9] = (byte) (x + y) + (short) (x << 16 >> 16) + (char) (x & 0xFFFF);
            out[12 * i + 10] = x / -1 + x % -1 + x / Integer.MIN_VALUE + x % Integer.MIN_VALUE;
            out[12 * i + 11] = x / 7 + x % -8 + x / -16 + x % 1024 + (x >> 1) / 3;
            lout[3 * i] = (long) (x + y) - ((long) x + y);
            lout[3 * i + 1] = ((long) x * y) / 3 + (long) x / -7L + (long) y % 9L;
            lout[3 * i + 2] = ((long) x << 32 | y) / Long.MIN_VALUE + ((long) x << 32) % 1000L;
        }
    }

    @Test
    public void integerIdentitiesThatOverflowMustNotBeSimplified() {
        check(JlsProbeTest::intAlgebra, Inputs.ints(310, N), JvmOracle.withSpecials(Inputs.ints(311, N),
                Integer.MAX_VALUE, Integer.MIN_VALUE, 0, -1, Integer.MIN_VALUE), new int[12 * N], new long[3 * N]);
    }

    public static void floatAlgebra(float[] a, float[] b, double[] d, float[] out, double[] dout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float x = a[i];
            float y = b[i];
            out[8 * i] = x + 0.0f; // -0.0 + 0.0 is +0.0
            out[8 * i + 1] = x * 0.0f; // NaN, -0.0 for negatives
            out[8 * i + 2] = 0.0f - x; // not -x: 0 - 0 is +0.0
            out[8 * i + 3] = -(x - y); // not y - x when x == y
            out[8 * i + 4] = x * 2f / 2f; // overflows to infinity
            out[8 * i + 5] = x == x ? 1f : 0f;
            out[8 * i + 6] = (float) ((double) x * (double) y + (double) y); // one rounding of an exact product sum
            out[8 * i + 7] = (float) ((double) x + (double) y + (double) x * 3);
            dout[3 * i] = (double) (float) d[i];
            dout[3 * i + 1] = d[i] - d[i]; // NaN for infinities
            dout[3 * i + 2] = d[i] / d[i];
        }
    }

    @Test
    public void floatIdentitiesThatDoNotHoldInIeee() {
        float[][] f = Inputs.floatPairs(320, N, -1e30f, 1e30f);
        check(JlsProbeTest::floatAlgebra, f[0], f[1], Inputs.doubleBits(321, N), new float[8 * N],
                new double[3 * N]);
    }

    public static void zeroTripTraps(int[] a, int[] d, int[] m, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = a[i];
            int dv = d[i];
            for (int k = 0; k < m[i]; k++) {
                s += a[i] / dv + a[i + 5000]; // would throw, but the loop runs only where m[i] == 0
            }
            out[i] = s;
        }
    }

    @Test
    public void trappingOperationsInAZeroTripLoopAreNotHoisted() {
        int[] d = Inputs.ints(330, N);
        for (int i = 0; i < N; i += 2) {
            d[i] = 0;
        }
        check(JlsProbeTest::zeroTripTraps, Inputs.ints(331, N), d, new int[N], new int[N], N);
    }

    public static void wrappedIndex(int[] a, int[] out, int k) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[(i + k) % a.length]; // i + k wraps to a negative int in Java
        }
    }

    @Test
    public void anIndexThatWrapsAroundIsNegativeNotLarge() {
        check(JlsProbeTest::wrappedIndex, Inputs.ints(340, N), new int[N], 12345);
        int[] a = Inputs.ints(341, N);
        int[] out = Inputs.ints(342, N);
        Throwable e = checkThrows(x -> wrappedIndex((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", JlsProbeTest::wrappedIndex, a, out, Integer.MAX_VALUE - 5), a, out,
                Integer.MAX_VALUE - 5);
        assertEquals("Index -648 out of bounds for length 1000", e.getMessage());
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * Every conversion bytecode (i2l i2f i2d l2i l2f l2d f2i f2l f2d d2i d2l d2f i2b i2c i2s), exact: round to nearest
 * even for int/long → float/double (l2f rounds once, directly), saturation and NaN → 0 for float/double →
 * int/long, overflow to ∞ and gradual underflow for d2f.
 */
public class ConversionsTest {

    @Test
    public void intToLongFloatDouble() {
        for (int n : SIZES) {
            // 16 777 217 and above lose bits in float: round to nearest even
            check(OpKernels::fromInt, Inputs.ints(300, n), new long[n], new float[n], new double[n], n);
        }
    }

    @Test
    public void longToIntFloatDouble() {
        for (int n : SIZES) {
            long[] x = Inputs.with(Inputs.longs(301, n), Long.MIN_VALUE, Long.MAX_VALUE, (1L << 53) + 1,
                    (1L << 24) + 1, 0x0020_0000_2000_0001L, 0x7FFF_FFBF_FFFF_FFFFL, -(1L << 40) - 1,
                    // l2f must round once: rounding through double first gives a different float here
                    (1L << 60) + (1L << 36) + 1, (1L << 55) + (1L << 31) + 1, -((1L << 55) + (1L << 31) + 1));
            check(OpKernels::fromLong, x, new int[n], new float[n], new double[n], n);
        }
    }

    @Test
    public void floatToIntLongDouble() {
        for (int n : SIZES) {
            check(OpKernels::fromFloat, Inputs.floats(302, n, -1e10f, 1e10f), new int[n], new long[n], new double[n],
                    n);
        }
    }

    @Test
    public void floatToIntLongDoubleOnRandomBitPatterns() {
        for (int n : SIZES) {
            check(OpKernels::fromFloat, Inputs.floatBits(303, n), new int[n], new long[n], new double[n], n);
        }
    }

    @Test
    public void doubleToIntLongFloat() {
        for (int n : SIZES) {
            check(OpKernels::fromDouble, Inputs.doubles(304, n, -1e19, 1e19), new int[n], new long[n], new float[n],
                    n);
        }
    }

    @Test
    public void doubleToIntLongFloatOnRandomBitPatterns() {
        for (int n : SIZES) {
            check(OpKernels::fromDouble, Inputs.doubleBits(305, n), new int[n], new long[n], new float[n], n);
        }
    }

    @Test
    public void doubleToFloatRoundsOverflowsAndUnderflows() {
        double[] x = {3.4028235677973366e38, 3.4028235677973362e38, 3.402823669209385e38, -3.4028236e38, 1e39,
            1.401298464324817e-45, 7.006492321624085e-46, 7.006492321624086e-46, 2.1019476964872256e-45,
            1.1754942807573643e-38, 1.1754943508222875e-38, 1.0000000596046448, 1.0000000596046449,
            1.0000001788139343, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE};
        check(OpKernels::fromDouble, x, new int[x.length], new long[x.length], new float[x.length], x.length);
    }

    @Test
    public void intToByteCharShort() {
        for (int n : SIZES) {
            check(OpKernels::narrowInts, Inputs.ints(306, n), new byte[n], new char[n], new short[n], new int[n], n);
        }
    }

    @Test
    public void conversionChains() {
        for (int n : SIZES) {
            check(OpKernels::conversionChains, Inputs.longs(307, n), Inputs.floats(308, n, -1e6f, 1e6f),
                    Inputs.doubles(309, n, -1e12, 1e12), new int[n], new int[n], new float[n], n);
        }
    }

    @Test
    public void saturationNeighbourhoodOfIntAndLong() {
        for (int n : SIZES) {
            float[] f = Inputs.floats(310, n, 2.1e9f, 2.2e9f);
            double[] d = Inputs.doubles(311, n, 2147483640.0, 2147483655.0);
            for (int i = Inputs.DOUBLE_SPECIALS.length; i < n; i += 2) {
                f[i] = -f[i];
                d[i] = -d[i];
            }
            check(OpKernels::saturationNeighbourhood, f, d, new int[n], new long[n], new int[n], new long[n], n);
        }
    }
}

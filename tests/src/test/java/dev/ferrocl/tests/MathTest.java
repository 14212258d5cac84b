package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * The exact part of {@code java.lang.Math}/{@code StrictMath} and friends, bit for bit: abs/min/max of every type
 * (NaN wins, -0.0 &lt; +0.0, abs(MIN_VALUE) == MIN_VALUE), sqrt, floor, ceil, rint (ties to even), fma (one
 * rounding), signum, toRadians/toDegrees, raw-bits conversions, and the Integer/Long bit functions (rotate distances
 * masked, ≥ 32 and negative).
 */
public class MathTest {

    @Test
    public void intAbsMinMax() {
        for (int n : SIZES) {
            int[][] p = Inputs.intPairs(900, n);
            check(MathKernels::intAbsMinMax, p[0], p[1], new int[n], new int[n], new int[n], n);
        }
    }

    @Test
    public void longAbsMinMax() {
        for (int n : SIZES) {
            long[][] p = Inputs.longPairs(901, n);
            check(MathKernels::longAbsMinMax, p[0], p[1], new long[n], new long[n], new long[n], n);
        }
    }

    @Test
    public void floatAbsMinMaxWithNaNAndSignedZeros() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(902, n, -3f, 3f);
            check(MathKernels::floatAbsMinMax, p[0], p[1], new float[n], new float[n], new float[n], n);
        }
    }

    @Test
    public void doubleAbsMinMaxWithNaNAndSignedZeros() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(903, n, -3, 3);
            check(MathKernels::doubleAbsMinMax, p[0], p[1], new double[n], new double[n], new double[n], n);
        }
    }

    @Test
    public void nestedAndMixedMinMax() {
        for (int n : SIZES) {
            int[] a = Inputs.ints(904, n);
            long[] b = Inputs.longs(905, n);
            check(MathKernels::nestedMinMax, a, b, new long[n], Inputs.floats(906, n, -2f, 2f), new float[n], n);
        }
    }

    @Test
    public void sqrtFloatIsCorrectlyRounded() {
        for (int n : SIZES) {
            check(MathKernels::sqrtFloat, Inputs.floatBits(907, n), new float[n], n);
        }
    }

    @Test
    public void sqrtDoubleIsCorrectlyRounded() {
        for (int n : SIZES) {
            check(MathKernels::sqrtDouble, Inputs.doubleBits(908, n), new double[n], new double[n], n);
            check(MathKernels::sqrtDouble, Inputs.doubles(909, n, 0, 1e6), new double[n], new double[n], n);
        }
    }

    private static double[] roundingInputs(long seed, int n) {
        double[] x = Inputs.doubles(seed, n, -100, 100);
        for (int i = Inputs.DOUBLE_SPECIALS.length; i < n; i += 3) {
            x[i] = Math.floor(x[i] * 2) / 2; // halves: ties for rint
        }
        return Inputs.with(x, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                4503599627370495.5, -4503599627370495.5, 4503599627370496.0, 1e16, -1e-300, -0.0, Double.NaN,
                Double.NEGATIVE_INFINITY);
    }

    @Test
    public void floorCeilRintTiesToEvenAndSignedZeros() {
        for (int n : SIZES) {
            check(MathKernels::floorCeilRint, roundingInputs(910, n), new double[n], new double[n], new double[n], n);
            check(MathKernels::floorCeilRint, Inputs.doubleBits(911, n), new double[n], new double[n], new double[n],
                    n);
        }
    }

    @Test
    public void strictMathFloorCeilRint() {
        for (int n : SIZES) {
            check(MathKernels::strictFloorCeilRint, roundingInputs(912, n), new double[n], new double[n],
                    new double[n], n);
        }
    }

    @Test
    public void floatFloorCeilRintConvertedBack() {
        for (int n : SIZES) {
            float[] x = Inputs.floats(913, n, -1e4f, 1e4f);
            for (int i = Inputs.FLOAT_SPECIALS.length; i < n; i += 3) {
                x[i] = (float) Math.floor(x[i] * 2) / 2;
            }
            check(MathKernels::floatFloorCeilRint, x, new float[n], new int[n], new long[n], n);
        }
    }

    @Test
    public void fmaDoubleRoundsOnce() {
        for (int n : SIZES) {
            double[][] t = Inputs.doubleTriples(914, n, -10, 10);
            check(MathKernels::fmaDouble, t[0], t[1], t[2], new double[n], n);
            // c = -(a * b) rounded: fma gives the exact rounding error of the product
            double[] a = Inputs.plainDoubles(915, n, 1, 2);
            double[] b = Inputs.plainDoubles(916, n, 1, 2);
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                c[i] = -(a[i] * b[i]);
            }
            check(MathKernels::fmaDouble, a, b, c, new double[n], n);
        }
    }

    @Test
    public void fmaFloatRoundsOnce() {
        for (int n : SIZES) {
            float[][] t = Inputs.floatTriples(917, n, -10f, 10f);
            check(MathKernels::fmaFloat, t[0], t[1], t[2], new float[n], n);
            float[] a = Inputs.plainFloats(918, n, 1f, 2f);
            float[] b = Inputs.plainFloats(919, n, 1f, 2f);
            float[] c = new float[n];
            for (int i = 0; i < n; i++) {
                c[i] = -(a[i] * b[i]);
            }
            check(MathKernels::fmaFloat, a, b, c, new float[n], n);
        }
    }

    @Test
    public void signumKeepsNaNAndSignedZeros() {
        for (int n : SIZES) {
            check(MathKernels::signum, Inputs.floatBits(920, n), Inputs.doubleBits(921, n), new float[n],
                    new double[n], n);
        }
    }

    @Test
    public void toRadiansAndToDegrees() {
        for (int n : SIZES) {
            check(MathKernels::radiansDegrees, Inputs.doubles(922, n, -720, 720), new double[n], new double[n], n);
            check(MathKernels::radiansDegrees, Inputs.doubleBits(923, n), new double[n], new double[n], n);
        }
    }

    @Test
    public void floatRawBitsBothWays() {
        for (int n : SIZES) {
            int[] bits = Inputs.ints(924, n);
            check(MathKernels::floatRawBits, Inputs.floatBits(925, n), new int[n], bits, new float[n], n);
        }
    }

    @Test
    public void doubleRawBitsBothWays() {
        for (int n : SIZES) {
            check(MathKernels::doubleRawBits, Inputs.doubleBits(926, n), new long[n], Inputs.longs(927, n),
                    new double[n], n);
        }
    }

    @Test
    public void bitTricksThroughRawBits() {
        for (int n : SIZES) {
            check(MathKernels::bitTricks, Inputs.floatBits(928, n), Inputs.doubleBits(929, n), new int[n],
                    new long[n], new float[n], new double[n], n);
        }
    }

    @Test
    public void integerBitCountLeadingTrailingZerosReverse() {
        for (int n : SIZES) {
            int[] a = Inputs.ints(930, n);
            for (int i = Inputs.INT_SPECIALS.length; i < n; i += 4) {
                a[i] = 1 << (i & 31); // every single-bit value
            }
            check(MathKernels::intBitCounts, a, new int[n], new int[n], new int[n], new int[n], n);
        }
    }

    @Test
    public void integerRotatesMaskTheDistance() {
        for (int n : SIZES) {
            check(MathKernels::intRotates, Inputs.ints(931, n), Inputs.shiftCounts(932, n), new int[n], new int[n],
                    n);
        }
    }

    @Test
    public void longBitCountLeadingTrailingZerosReverse() {
        for (int n : SIZES) {
            long[] a = Inputs.longs(933, n);
            for (int i = Inputs.LONG_SPECIALS.length; i < n; i += 4) {
                a[i] = 1L << (i & 63);
            }
            check(MathKernels::longBitCounts, a, new int[n], new int[n], new int[n], new long[n], n);
        }
    }

    @Test
    public void longRotatesMaskTheDistance() {
        for (int n : SIZES) {
            check(MathKernels::longRotates, Inputs.longs(934, n), Inputs.shiftCounts(935, n), new long[n],
                    new long[n], n);
        }
    }

    @Test
    public void bitFunctionsCombined() {
        for (int n : SIZES) {
            check(MathKernels::bitCombinations, Inputs.ints(936, n), new int[n], new int[n], new int[n], n);
        }
    }
}

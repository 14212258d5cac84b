package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.doubles;
import static dev.ferrocl.tests.JvmOracle.floats;
import static dev.ferrocl.tests.JvmOracle.ints;
import static dev.ferrocl.tests.JvmOracle.longs;
import static dev.ferrocl.tests.JvmOracle.withSpecials;

import java.util.SplittableRandom;
import org.junit.Test;

/**
 * Kernels of the first shape, run strict on the device and compared with the JVM on cloned inputs, at sizes
 * 1, 7, 1000 and 100 003.
 */
public class ArithmeticKernelsTest {

    @Test
    public void intVectorAdd() {
        for (int n : SIZES) {
            int[] a = withSpecials(ints(1, n), Integer.MAX_VALUE, Integer.MIN_VALUE, -1);
            int[] b = withSpecials(ints(2, n), 1, -1, Integer.MIN_VALUE);
            check(Kernels::vectorAdd, a, b, new int[n], n);
        }
    }

    @Test
    public void intSaxpy() {
        for (int n : SIZES) {
            check(Kernels::saxpyInt, 31_337, ints(3, n), ints(4, n), new int[n], n);
            check(Kernels::saxpyInt, -7, ints(5, n, -1000, 1000), ints(6, n, -1000, 1000), new int[n], n);
        }
    }

    @Test
    public void longMultiplyAddWrapsAround() {
        for (int n : SIZES) {
            SplittableRandom r = new SplittableRandom(7);
            long[] a = new long[n];
            long[] b = new long[n];
            long[] c = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = Long.MAX_VALUE - r.nextLong(1_000_000);
                b[i] = r.nextLong(-1_000, 1_000);
                c[i] = (i % 2 == 0 ? Long.MAX_VALUE : Long.MIN_VALUE) - r.nextLong(-1_000, 1_000);
            }
            check(Kernels::longMulAdd, a, b, c, new long[n], n);
            check(Kernels::longMulAdd, longs(8, n), longs(9, n), longs(10, n), new long[n], n);
        }
    }

    @Test
    public void floatSaxpy() {
        for (int n : SIZES) {
            float[] x = floats(11, n, -1e3f, 1e3f);
            float[] y = floats(12, n, -1e3f, 1e3f);
            if (n >= 7) {
                x[0] = Float.NaN;
                x[1] = Float.POSITIVE_INFINITY;
                y[2] = Float.NEGATIVE_INFINITY;
                x[3] = Float.MAX_VALUE;
                x[4] = Float.MIN_VALUE;
                x[5] = -0.0f;
                y[5] = -0.0f;
                y[6] = Float.NaN;
            }
            check(Kernels::saxpyFloat, 2.5f, x, y, new float[n], n);
            check(Kernels::saxpyFloat, -0.1f, x, y, new float[n], n);
        }
    }

    @Test
    public void doubleMulMinusDiv() {
        for (int n : SIZES) {
            double[] a = doubles(13, n, -1e6, 1e6);
            double[] b = doubles(14, n, -1e3, 1e3);
            if (n >= 7) {
                b[0] = 0.0;
                b[1] = -0.0;
                a[2] = Double.NaN;
                a[3] = Double.POSITIVE_INFINITY;
                b[4] = Double.MIN_VALUE;
                a[5] = 0.0;
                b[5] = 0.0;
                a[6] = Double.MAX_VALUE;
            }
            check(Kernels::mulMinusDiv, a, b, new double[n], n);
        }
    }

    @Test
    public void intShiftsMaskTheShiftCount() {
        for (int n : SIZES) {
            int[] a = withSpecials(ints(15, n), Integer.MIN_VALUE, -1, Integer.MAX_VALUE, 1, -123456, 0x80000001, 7);
            // Shift counts well outside 0..31: Java masks them with & 31.
            int[] b = withSpecials(ints(16, n, -100, 100), 32, 33, -1, 31, 64, -33, Integer.MIN_VALUE);
            check(Kernels::intShifts, a, b, new int[n], new int[n], new int[n], new int[n], n);
        }
    }

    @Test
    public void longShiftsMaskTheShiftCount() {
        for (int n : SIZES) {
            long[] a = longs(17, n);
            if (n >= 4) {
                a[0] = Long.MIN_VALUE;
                a[1] = -1L;
                a[2] = Long.MAX_VALUE;
                a[3] = 1L;
            }
            int[] b = withSpecials(ints(18, n, -200, 200), 64, 65, -1, 63, 128, -65, Integer.MIN_VALUE);
            check(Kernels::longShifts, a, b, new long[n], new long[n], new long[n], n);
        }
    }

    @Test
    public void intDivisionAndRemainderTruncateAndOverflow() {
        for (int n : SIZES) {
            int[] a = withSpecials(ints(19, n), Integer.MIN_VALUE, Integer.MIN_VALUE, -7, 7, -7, 0, Integer.MAX_VALUE);
            int[] b = ints(20, n, -50, 50);
            for (int i = 0; i < n; i++) {
                if (b[i] == 0) {
                    b[i] = 3;
                }
            }
            withSpecials(b, -1, 1, 2, -2, -2, -1, -1);
            check(Kernels::divRem, a, b, new int[n], new int[n], n);
        }
    }

    @Test
    public void longDivisionAndRemainderTruncateAndOverflow() {
        for (int n : SIZES) {
            long[] a = longs(21, n);
            long[] b = longs(22, n);
            for (int i = 0; i < n; i++) {
                if (i % 3 == 0) {
                    b[i] = (b[i] % 1000) | 1;
                }
                if (b[i] == 0) {
                    b[i] = 1;
                }
            }
            if (n >= 4) {
                a[0] = Long.MIN_VALUE;
                b[0] = -1;
                a[1] = Long.MIN_VALUE;
                b[1] = 1;
                a[2] = -7;
                b[2] = 2;
                a[3] = 7;
                b[3] = -2;
            }
            check(Kernels::longDivRem, a, b, new long[n], new long[n], n);
        }
    }

    @Test
    public void floatToIntSaturatesAndMapsNaNToZero() {
        float[] specials = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1e20f, -1e20f, 2.5f, -2.5f,
            2147483520f, 2147483648f, -2147483648f, -2147483904f, 9.223372e18f, -9.223373e18f, 0.99999994f, -0.0f,
            Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int n : SIZES) {
            float[] x = floats(23, n, -3e9f, 3e9f);
            for (int i = 0; i < Math.min(n, specials.length); i++) {
                x[i] = specials[i];
            }
            check(Kernels::floatToIntegral, x, new int[n], new long[n], n);
        }
        check(Kernels::floatToIntegral, specials, new int[specials.length], new long[specials.length],
                specials.length);
    }

    @Test
    public void doubleToIntSaturatesAndMapsNaNToZero() {
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300, -1e300, 2.5, -2.5,
            2147483647.9, 2147483648.0, -2147483648.9, -2147483649.0, 9.223372036854776e18, -9.223372036854778e18,
            0.9999999999999999, -0.0, Double.MIN_VALUE};
        for (int n : SIZES) {
            double[] x = doubles(24, n, -2e19, 2e19);
            for (int i = 0; i < Math.min(n, specials.length); i++) {
                x[i] = specials[i];
            }
            check(Kernels::doubleToIntegral, x, new int[n], new long[n], n);
        }
        check(Kernels::doubleToIntegral, specials, new int[specials.length], new long[specials.length],
                specials.length);
    }

    @Test
    public void narrowingConversionsStoredIntoIntArrays() {
        for (int n : SIZES) {
            long[] l = longs(25, n);
            int[] x = withSpecials(ints(26, n), 0x80, 0xFF, 0x7F, 0x8000, 0xFFFF, 0x7FFF, -1, Integer.MIN_VALUE,
                    0x1234_5678);
            if (n >= 3) {
                l[0] = Long.MIN_VALUE;
                l[1] = 0x0000_0001_8000_0000L;
                l[2] = -1L;
            }
            check(Kernels::narrowing, l, x, new int[n], new int[n], new int[n], new int[n], n);
        }
    }

    @Test
    public void instanceMethodThroughABoundReference() {
        Kernels.Scaler scaler = new Kernels.Scaler();
        for (int n : SIZES) {
            check(scaler::scale, floats(27, n, -100f, 100f), new float[n], 1.75f, n);
        }
    }

    @Test
    public void instanceMethodThroughAnUnboundReference() {
        Kernels.Scaler scaler = new Kernels.Scaler();
        for (int n : SIZES) {
            check(Kernels.Scaler::scale, scaler, floats(28, n, -100f, 100f), new float[n], -3.0f, n);
        }
    }

    @Test
    public void loopBoundFromAScalarSmallerThanTheArrays() {
        for (int n : SIZES) {
            int length = n + 5;
            int[] c = ints(29, length); // the tail beyond n must be left alone
            check(Kernels::vectorAdd, ints(30, length), ints(31, length), c, n);
            check(Kernels::vectorAdd, ints(32, length), ints(33, length), ints(34, length), n / 2);
        }
    }
}

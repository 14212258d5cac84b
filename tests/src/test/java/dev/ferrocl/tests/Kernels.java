package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Kernels of the first shape: primitive array and scalar parameters, one {@code @Parallel} loop from 0 whose body
 * is straight-line arithmetic over array loads and stores.
 */
public final class Kernels {
    private Kernels() {
    }

    public static void vectorAdd(int[] a, int[] b, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] + b[i];
        }
    }

    public static void saxpyInt(int a, int[] x, int[] y, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a * x[i] + y[i];
        }
    }

    public static void longMulAdd(long[] a, long[] b, long[] c, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * b[i] + c[i];
        }
    }

    public static void saxpyFloat(float a, float[] x, float[] y, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a * x[i] + y[i];
        }
    }

    public static void mulMinusDiv(double[] a, double[] b, double[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] * b[i] - a[i] / b[i];
        }
    }

    public static void intShifts(int[] a, int[] b, int[] shl, int[] sar, int[] shr, int[] bits, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            shl[i] = a[i] << b[i];
            sar[i] = a[i] >> b[i];
            shr[i] = a[i] >>> b[i];
            bits[i] = (a[i] & b[i]) | (a[i] ^ ~b[i]);
        }
    }

    public static void longShifts(long[] a, int[] b, long[] shl, long[] sar, long[] shr, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            shl[i] = a[i] << b[i];
            sar[i] = a[i] >> b[i];
            shr[i] = a[i] >>> b[i];
        }
    }

    public static void divRem(int[] a, int[] b, int[] q, int[] r, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            q[i] = a[i] / b[i];
            r[i] = a[i] % b[i];
        }
    }

    public static void longDivRem(long[] a, long[] b, long[] q, long[] r, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            q[i] = a[i] / b[i];
            r[i] = a[i] % b[i];
        }
    }

    public static void floatToIntegral(float[] x, int[] toInt, long[] toLong, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            toInt[i] = (int) x[i];
            toLong[i] = (long) x[i];
        }
    }

    public static void doubleToIntegral(double[] x, int[] toInt, long[] toLong, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            toInt[i] = (int) x[i];
            toLong[i] = (long) x[i];
        }
    }

    public static void narrowing(long[] l, int[] x, int[] toInt, int[] toByte, int[] toChar, int[] toShort, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            toInt[i] = (int) l[i];
            toByte[i] = (byte) x[i];
            toChar[i] = (char) x[i];
            toShort[i] = (short) x[i];
        }
    }

    /** A method the compiler cannot handle: it calls System.nanoTime() in the loop. */
    public static void withNanoTime(long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = System.nanoTime();
        }
    }

    /** A method the compiler cannot handle: it allocates an object in the loop (deterministic results). */
    public static void withAllocation(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = new StringBuilder().append(a[i]).length();
        }
    }

    /** An instance kernel that uses only its parameters. */
    public static class Scaler {
        public void scale(float[] in, float[] out, float k, int n) {
            for (@Parallel int i = 0; i < n; i++) {
                out[i] = in[i] * k;
            }
        }
    }
}

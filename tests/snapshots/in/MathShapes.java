package snap;

import dev.ferrocl.api.Parallel;

/** java.lang.Math, StrictMath, raw bits and Integer/Long bit functions: one per method. */
public class MathShapes {
    /** NaN wins and -0.0 < +0.0 (not OpenCL's fmin). */
    public static void minFloat(float[] a, float[] b, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.min(a[i], b[i]);
        }
    }

    public static void maxDouble(double[] a, double[] b, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.max(a[i], b[i]);
        }
    }

    public static void absInt(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.abs(a[i]);
        }
    }

    public static void sqrtDouble(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.sqrt(x[i]);
        }
    }

    /** narrowFloat: the double sqrt of a float, rounded back, is the float sqrt; `* 0.1` stays double. */
    public static void sqrtOfFloat(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = 1.0f / (float) Math.sqrt(x[i]) + (float) (x[i] * 0.1);
        }
    }

    public static void floorCeilRint(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.floor(x[i]) + Math.ceil(x[i]) * 2 + Math.rint(x[i]) * 4;
        }
    }

    public static void fmaFloat(float[] a, float[] b, float[] c, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.fma(a[i], b[i], c[i]);
        }
    }

    public static void sinDouble(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.sin(x[i]);
        }
    }

    /** pow(1, NaN) is NaN in Java (1 in C). */
    public static void powDouble(double[] x, double[] y, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.pow(x[i], y[i]);
        }
    }

    /** narrowFloat: sin, cos, tan, exp and log of a float rounded to float are the narrowed functions. */
    public static void narrowedFloat(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (float) Math.sin(x[i]) + (float) Math.cos(x[i]) * (float) Math.tan(x[i])
                    - (float) Math.exp(x[i]) / (float) Math.log(x[i]);
        }
    }

    public static void atan2Float(float[] y, float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (float) Math.atan2(y[i], x[i]);
        }
    }

    public static void strictExp(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = StrictMath.exp(x[i]);
        }
    }

    public static void bitCount(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Integer.bitCount(a[i]);
        }
    }

    public static void leadingTrailingZerosLong(long[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Long.numberOfLeadingZeros(a[i]) * 100 + Long.numberOfTrailingZeros(a[i]);
        }
    }

    public static void rotateAndReverse(int[] a, int[] s, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Integer.rotateLeft(a[i], s[i]) ^ Integer.reverse(a[i]);
        }
    }

    public static void rawBits(float[] f, int[] bits, double[] d, long[] lbits, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            bits[i] = Float.floatToRawIntBits(f[i]);
            d[i] = Double.longBitsToDouble(lbits[i]);
        }
    }
}

package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Kernels that call {@code java.lang.Math}, {@code StrictMath}, {@code Float}/{@code Double} raw-bits conversions
 * and {@code Integer}/{@code Long} bit functions.
 */
public final class MathKernels {
    private MathKernels() {
    }

    // ---------------------------------------------------------------- abs, min, max (exact)

    public static void intAbsMinMax(int[] a, int[] b, int[] absOut, int[] minOut, int[] maxOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            absOut[i] = Math.abs(a[i]);
            minOut[i] = Math.min(a[i], b[i]);
            maxOut[i] = Math.max(a[i], b[i]);
        }
    }

    public static void longAbsMinMax(long[] a, long[] b, long[] absOut, long[] minOut, long[] maxOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            absOut[i] = Math.abs(a[i]);
            minOut[i] = Math.min(a[i], b[i]);
            maxOut[i] = Math.max(a[i], b[i]);
        }
    }

    /** NaN if either is NaN; -0.0 is below +0.0 (OpenCL's fmin/fmax do neither). */
    public static void floatAbsMinMax(float[] a, float[] b, float[] absOut, float[] minOut, float[] maxOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            absOut[i] = Math.abs(a[i]);
            minOut[i] = Math.min(a[i], b[i]);
            maxOut[i] = Math.max(a[i], b[i]);
        }
    }

    public static void doubleAbsMinMax(double[] a, double[] b, double[] absOut, double[] minOut, double[] maxOut,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            absOut[i] = Math.abs(a[i]);
            minOut[i] = Math.min(a[i], b[i]);
            maxOut[i] = Math.max(a[i], b[i]);
        }
    }

    /** min/max of constants and of mixed int/long arguments (widened), nested. */
    public static void nestedMinMax(int[] a, long[] b, long[] out, float[] f, float[] fout, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.max(Math.min(a[i], b[i]), -1000L) + Math.abs(Math.min(a[i], 0));
            fout[i] = Math.max(-0.0f, Math.min(f[i], 0.0f)) + Math.min(Math.abs(f[i]), 1f);
        }
    }

    // ---------------------------------------------------------------- correctly rounded functions (exact)

    /** sqrt is correctly rounded in IEEE 754; (float) Math.sqrt(double of a float) is the correctly rounded float. */
    public static void sqrtFloat(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (float) Math.sqrt(x[i]);
        }
    }

    public static void sqrtDouble(double[] x, double[] out, double[] strictOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.sqrt(x[i]);
            strictOut[i] = StrictMath.sqrt(x[i]);
        }
    }

    public static void floorCeilRint(double[] x, double[] floorOut, double[] ceilOut, double[] rintOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            floorOut[i] = Math.floor(x[i]);
            ceilOut[i] = Math.ceil(x[i]);
            rintOut[i] = Math.rint(x[i]);
        }
    }

    public static void strictFloorCeilRint(double[] x, double[] floorOut, double[] ceilOut, double[] rintOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            floorOut[i] = StrictMath.floor(x[i]);
            ceilOut[i] = StrictMath.ceil(x[i]);
            rintOut[i] = StrictMath.rint(x[i]);
        }
    }

    /** floor/ceil/rint of floats through double, converted back to float and to int. */
    public static void floatFloorCeilRint(float[] x, float[] floorOut, int[] ceilOut, long[] rintOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            floorOut[i] = (float) Math.floor(x[i]);
            ceilOut[i] = (int) Math.ceil(x[i]);
            rintOut[i] = (long) Math.rint(x[i]);
        }
    }

    /** One rounding for a * b + c. */
    public static void fmaDouble(double[] a, double[] b, double[] c, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.fma(a[i], b[i], c[i]);
        }
    }

    public static void fmaFloat(float[] a, float[] b, float[] c, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.fma(a[i], b[i], c[i]);
        }
    }

    public static void signum(float[] f, double[] d, float[] fsOut, double[] dsOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            fsOut[i] = Math.signum(f[i]);
            dsOut[i] = Math.signum(d[i]);
        }
    }

    /** toRadians/toDegrees: one multiplication by a constant each in Java 9+ (exact). */
    public static void radiansDegrees(double[] x, double[] radOut, double[] degOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            radOut[i] = Math.toRadians(x[i]);
            degOut[i] = Math.toDegrees(x[i]);
        }
    }

    // ---------------------------------------------------------------- raw bits (exact)

    public static void floatRawBits(float[] x, int[] bitsOut, int[] fromBits, float[] backOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            bitsOut[i] = Float.floatToRawIntBits(x[i]);
            backOut[i] = Float.intBitsToFloat(fromBits[i]);
        }
    }

    public static void doubleRawBits(double[] x, long[] bitsOut, long[] fromBits, double[] backOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            bitsOut[i] = Double.doubleToRawLongBits(x[i]);
            backOut[i] = Double.longBitsToDouble(fromBits[i]);
        }
    }

    /** Bit tricks through raw bits: exponent extraction and sign flips, as numeric code does. */
    public static void bitTricks(float[] f, double[] d, int[] fexpOut, long[] dexpOut, float[] fnegOut,
            double[] dabsOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            fexpOut[i] = ((Float.floatToRawIntBits(f[i]) >>> 23) & 0xFF) - 127;
            dexpOut[i] = ((Double.doubleToRawLongBits(d[i]) >>> 52) & 0x7FF) - 1023;
            fnegOut[i] = Float.intBitsToFloat(Float.floatToRawIntBits(f[i]) ^ 0x8000_0000);
            dabsOut[i] = Double.longBitsToDouble(Double.doubleToRawLongBits(d[i]) & Long.MAX_VALUE);
        }
    }

    // ---------------------------------------------------------------- Integer / Long bit functions (exact)

    public static void intBitCounts(int[] a, int[] bitCountOut, int[] nlzOut, int[] ntzOut, int[] reverseOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            bitCountOut[i] = Integer.bitCount(a[i]);
            nlzOut[i] = Integer.numberOfLeadingZeros(a[i]);
            ntzOut[i] = Integer.numberOfTrailingZeros(a[i]);
            reverseOut[i] = Integer.reverse(a[i]);
        }
    }

    public static void intRotates(int[] a, int[] s, int[] rotlOut, int[] rotrOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            rotlOut[i] = Integer.rotateLeft(a[i], s[i]);
            rotrOut[i] = Integer.rotateRight(a[i], s[i]);
        }
    }

    public static void longBitCounts(long[] a, int[] bitCountOut, int[] nlzOut, int[] ntzOut, long[] reverseOut,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            bitCountOut[i] = Long.bitCount(a[i]);
            nlzOut[i] = Long.numberOfLeadingZeros(a[i]);
            ntzOut[i] = Long.numberOfTrailingZeros(a[i]);
            reverseOut[i] = Long.reverse(a[i]);
        }
    }

    public static void longRotates(long[] a, int[] s, long[] rotlOut, long[] rotrOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            rotlOut[i] = Long.rotateLeft(a[i], s[i]);
            rotrOut[i] = Long.rotateRight(a[i], s[i]);
        }
    }

    /** Bit functions combined: integer log2, next power of two, a bit-reversed index (FFT). */
    public static void bitCombinations(int[] a, int[] log2Out, int[] nextPow2Out, int[] bitrev10Out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i];
            log2Out[i] = 31 - Integer.numberOfLeadingZeros(v);
            nextPow2Out[i] = v <= 1 ? 1 : 1 << (32 - Integer.numberOfLeadingZeros(v - 1));
            bitrev10Out[i] = Integer.reverse(i) >>> 22;
        }
    }

    // ---------------------------------------------------------------- transcendental (ulp tolerance)

    public static void mathExp(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.exp(x[i]);
        }
    }

    public static void mathLog(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.log(x[i]);
        }
    }

    public static void mathLog10(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.log10(x[i]);
        }
    }

    public static void mathLog1p(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.log1p(x[i]);
        }
    }

    public static void mathExpm1(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.expm1(x[i]);
        }
    }

    public static void mathPow(double[] x, double[] y, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.pow(x[i], y[i]);
        }
    }

    public static void mathSin(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.sin(x[i]);
        }
    }

    public static void mathCos(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.cos(x[i]);
        }
    }

    public static void mathTan(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.tan(x[i]);
        }
    }

    public static void mathAsin(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.asin(x[i]);
        }
    }

    public static void mathAcos(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.acos(x[i]);
        }
    }

    public static void mathAtan(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.atan(x[i]);
        }
    }

    public static void mathAtan2(double[] y, double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.atan2(y[i], x[i]);
        }
    }

    public static void mathSinh(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.sinh(x[i]);
        }
    }

    public static void mathCosh(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.cosh(x[i]);
        }
    }

    public static void mathTanh(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.tanh(x[i]);
        }
    }

    public static void mathHypot(double[] x, double[] y, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.hypot(x[i], y[i]);
        }
    }

    public static void mathCbrt(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = Math.cbrt(x[i]);
        }
    }

    /** Float code calls the double functions and narrows: (float) Math.exp(x). */
    public static void floatExpLog(float[] x, float[] expOut, float[] logOut, float[] log10Out, float[] log1pOut,
            float[] expm1Out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            expOut[i] = (float) Math.exp(x[i]);
            logOut[i] = (float) Math.log(x[i]);
            log10Out[i] = (float) Math.log10(x[i]);
            log1pOut[i] = (float) Math.log1p(x[i]);
            expm1Out[i] = (float) Math.expm1(x[i]);
        }
    }

    public static void floatTrig(float[] x, float[] sinOut, float[] cosOut, float[] tanOut, float[] atanOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            sinOut[i] = (float) Math.sin(x[i]);
            cosOut[i] = (float) Math.cos(x[i]);
            tanOut[i] = (float) Math.tan(x[i]);
            atanOut[i] = (float) Math.atan(x[i]);
        }
    }

    public static void floatInverseTrigAndHyperbolic(float[] x, float[] asinOut, float[] acosOut, float[] sinhOut,
            float[] coshOut, float[] tanhOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            asinOut[i] = (float) Math.asin(x[i]);
            acosOut[i] = (float) Math.acos(x[i]);
            sinhOut[i] = (float) Math.sinh(x[i]);
            coshOut[i] = (float) Math.cosh(x[i]);
            tanhOut[i] = (float) Math.tanh(x[i]);
        }
    }

    public static void floatTwoArgument(float[] x, float[] y, float[] powOut, float[] atan2Out, float[] hypotOut,
            float[] cbrtOut, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            powOut[i] = (float) Math.pow(x[i], y[i]);
            atan2Out[i] = (float) Math.atan2(y[i], x[i]);
            hypotOut[i] = (float) Math.hypot(x[i], y[i]);
            cbrtOut[i] = (float) Math.cbrt(x[i]);
        }
    }

    /** A typical use: a Gaussian and a polar conversion, transcendental calls mixed with arithmetic. */
    public static void gaussianAndPolar(double[] x, double[] y, double[] gaussOut, double[] rOut, double[] thetaOut,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            gaussOut[i] = Math.exp(-0.5 * x[i] * x[i]) / Math.sqrt(2 * Math.PI);
            rOut[i] = Math.sqrt(x[i] * x[i] + y[i] * y[i]);
            thetaOut[i] = Math.atan2(y[i], x[i]);
        }
    }
}

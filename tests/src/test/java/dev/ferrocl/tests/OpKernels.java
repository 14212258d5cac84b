package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Straight-line kernels, one group of bytecodes each: int/long/float/double arithmetic, bitwise operations and
 * shifts, every conversion, and loads and stores of arrays of every primitive type.
 */
public final class OpKernels {
    private OpKernels() {
    }

    // ---------------------------------------------------------------- int

    public static void intAddSubMul(int[] a, int[] b, int[] add, int[] sub, int[] mul, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            add[i] = a[i] + b[i];
            sub[i] = a[i] - b[i];
            mul[i] = a[i] * b[i];
        }
    }

    public static void intDivRem(int[] a, int[] b, int[] q, int[] r, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            q[i] = a[i] / b[i];
            r[i] = a[i] % b[i];
        }
    }

    /** Division and remainder by constants (javac keeps idiv/irem; a compiler may strength-reduce them). */
    public static void intDivRemByConstants(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] / 7 + a[i] % 7 * 3 + a[i] / -1 + a[i] % -1 + a[i] / 16 + a[i] % 16 + (a[i] >> 4)
                    + a[i] / Integer.MIN_VALUE;
        }
    }

    public static void intNegAndBitwise(int[] a, int[] b, int[] neg, int[] and, int[] or, int[] xor, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            neg[i] = -a[i];
            and[i] = a[i] & b[i];
            or[i] = a[i] | b[i];
            xor[i] = a[i] ^ b[i] ^ ~a[i];
        }
    }

    public static void intShifts(int[] a, int[] s, int[] shl, int[] shr, int[] ushr, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            shl[i] = a[i] << s[i];
            shr[i] = a[i] >> s[i];
            ushr[i] = a[i] >>> s[i];
        }
    }

    /** Constant shift counts outside 0..31 (javac leaves them as they are; Java masks them with & 31). */
    public static void intShiftsByConstants(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (a[i] << 33) ^ (a[i] >> 32) ^ (a[i] >>> -1) ^ (a[i] << -31) ^ (a[i] >> 63);
        }
    }

    /** iinc (narrow and wide forms) and local arithmetic. */
    public static void intIinc(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i];
            v++;
            v += 100;
            v -= 30_000;
            v += 1_000_000;
            --v;
            v += i;
            out[i] = v;
        }
    }

    public static void intScalarMix(int[] a, int k, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * k - (k ^ i) + (a[i] >>> (k & 7)) - k / 3;
        }
    }

    // ---------------------------------------------------------------- long

    public static void longAddSubMul(long[] a, long[] b, long[] add, long[] sub, long[] mul, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            add[i] = a[i] + b[i];
            sub[i] = a[i] - b[i];
            mul[i] = a[i] * b[i];
        }
    }

    public static void longDivRem(long[] a, long[] b, long[] q, long[] r, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            q[i] = a[i] / b[i];
            r[i] = a[i] % b[i];
        }
    }

    public static void longNegAndBitwise(long[] a, long[] b, long[] neg, long[] and, long[] or, long[] xor, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            neg[i] = -a[i];
            and[i] = a[i] & b[i];
            or[i] = a[i] | b[i];
            xor[i] = a[i] ^ b[i] ^ ~a[i];
        }
    }

    public static void longShifts(long[] a, int[] s, long[] shl, long[] shr, long[] ushr, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            shl[i] = a[i] << s[i];
            shr[i] = a[i] >> s[i];
            ushr[i] = a[i] >>> s[i];
        }
    }

    /** A long shift count is masked with & 63; the count may itself be a (converted) long. */
    public static void longShiftsByLongCounts(long[] a, long[] s, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (a[i] << s[i]) + (a[i] >> (s[i] + 64)) - (a[i] >>> 65) + (a[i] << -1);
        }
    }

    // ---------------------------------------------------------------- float and double

    public static void floatArith(float[] a, float[] b, float[] add, float[] sub, float[] mul, float[] div, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            add[i] = a[i] + b[i];
            sub[i] = a[i] - b[i];
            mul[i] = a[i] * b[i];
            div[i] = a[i] / b[i];
        }
    }

    public static void floatRemNeg(float[] a, float[] b, float[] rem, float[] neg, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            rem[i] = a[i] % b[i];
            neg[i] = -a[i];
        }
    }

    public static void doubleArith(double[] a, double[] b, double[] add, double[] sub, double[] mul, double[] div,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            add[i] = a[i] + b[i];
            sub[i] = a[i] - b[i];
            mul[i] = a[i] * b[i];
            div[i] = a[i] / b[i];
        }
    }

    public static void doubleRemNeg(double[] a, double[] b, double[] rem, double[] neg, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            rem[i] = a[i] % b[i];
            neg[i] = -a[i];
        }
    }

    /** a * b + c as two rounded operations: a contracted FMA would differ in the last bit. */
    public static void floatMulAddNoContraction(float[] a, float[] b, float[] c, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * b[i] + c[i];
        }
    }

    public static void doubleMulSubNoContraction(double[] a, double[] b, double[] c, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * b[i] - c[i];
        }
    }

    /** Denormal operands and results: no flush to zero. */
    public static void floatDenormals(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 1e-30f + a[i] / 1e30f - a[i] * 0.5f * 1.17549435E-38f;
        }
    }

    public static void doubleDenormals(double[] a, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 1e-300 + a[i] / 1e300 - a[i] * 0.5 * Double.MIN_NORMAL;
        }
    }

    /** Float expressions evaluated in float, not widened: (a + b) - a loses the low bits in float. */
    public static void floatStaysFloat(float[] a, float[] b, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (a[i] + b[i]) - a[i] + 0.1f * 3.0f;
        }
    }

    public static void floatConstants(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 0.1f + 1e-45f - Float.MAX_VALUE / 3e38f + Float.MIN_NORMAL - 0.0f;
        }
    }

    public static void doubleConstants(double[] a, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 0.1 + 4.9e-324 - Double.MAX_VALUE / 1e308 + 1e-310 - 0.0;
        }
    }

    // ---------------------------------------------------------------- conversions

    public static void fromInt(int[] x, long[] toLong, float[] toFloat, double[] toDouble, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            toLong[i] = x[i];
            toFloat[i] = x[i];
            toDouble[i] = x[i];
        }
    }

    public static void fromLong(long[] x, int[] toInt, float[] toFloat, double[] toDouble, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            toInt[i] = (int) x[i];
            toFloat[i] = x[i];
            toDouble[i] = x[i];
        }
    }

    public static void fromFloat(float[] x, int[] toInt, long[] toLong, double[] toDouble, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            toInt[i] = (int) x[i];
            toLong[i] = (long) x[i];
            toDouble[i] = x[i];
        }
    }

    public static void fromDouble(double[] x, int[] toInt, long[] toLong, float[] toFloat, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            toInt[i] = (int) x[i];
            toLong[i] = (long) x[i];
            toFloat[i] = (float) x[i];
        }
    }

    /** i2b, i2c, i2s into arrays of their own types and widened back into int arrays. */
    public static void narrowInts(int[] x, byte[] b, char[] c, short[] s, int[] widened, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            b[i] = (byte) x[i];
            c[i] = (char) x[i];
            s[i] = (short) x[i];
            widened[i] = (byte) x[i] + (char) x[i] * 3 + (short) x[i] * 7;
        }
    }

    /** Chains: long → int → byte/char/short, float → int → char, double → long → int, float → double → float. */
    public static void conversionChains(long[] l, float[] f, double[] d, int[] out1, int[] out2, float[] out3,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out1[i] = (byte) l[i] + (char) l[i] + (short) l[i];
            out2[i] = (char) f[i] + (int) (long) d[i] + (byte) d[i];
            out3[i] = (float) (double) f[i] + (float) (d[i] * 0.5);
        }
    }

    /** The float→int saturation point: (int) (x + k) with x near 2^31. */
    public static void saturationNeighbourhood(float[] f, double[] d, int[] fi, long[] fl, int[] di, long[] dl,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            fi[i] = (int) (f[i] * 1.0000001f);
            fl[i] = (long) (f[i] * 4.2949673e9f);
            di[i] = (int) (d[i] + 0.5);
            dl[i] = (long) (d[i] * 4294967296.0);
        }
    }

    // ---------------------------------------------------------------- arrays of every primitive type

    /** Bytes are sign-extended when loaded: -1 stays -1, >>> then sees 32 bits. */
    public static void byteArrays(byte[] b, byte[] out, int[] widened, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (byte) (b[i] * 3 + 1);
            widened[i] = b[i] + (b[i] >>> 4) + (b[i] & 0xFF) * 1000;
        }
    }

    /** Chars are unsigned: 0xFFFF loads as 65535, and char arithmetic wraps at 16 bits when stored. */
    public static void charArrays(char[] c, char[] out, int[] widened, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (char) (c[i] + 1);
            widened[i] = c[i] * 2 - (c[i] >> 1) + (c[i] << 16);
        }
    }

    public static void shortArrays(short[] s, short[] out, int[] widened, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (short) (s[i] * s[i]);
            widened[i] = s[i] + (s[i] >>> 8) + (s[i] & 0xFFFF);
        }
    }

    /** Boolean arrays hold 0 or 1 bytes; &, |, ^ on booleans are iand, ior, ixor. */
    public static void booleanArrays(boolean[] a, boolean[] b, boolean[] and, boolean[] or, boolean[] xor,
            boolean[] not, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            and[i] = a[i] & b[i];
            or[i] = a[i] | b[i];
            xor[i] = a[i] ^ b[i];
            not[i] = a[i] ^ true;
        }
    }

    /** Every array type in one kernel, mixed into a double. */
    public static void allArrayTypes(boolean[] z, byte[] b, char[] c, short[] s, int[] x, long[] l, float[] f,
            double[] d, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            d[i] = b[i] + c[i] + s[i] + x[i] + l[i] + f[i] + d[i];
            f[i] = (float) (b[i] - c[i]) * s[i];
            l[i] = (long) x[i] * c[i] - b[i];
            x[i] = c[i] ^ s[i];
            z[i] ^= true;
        }
    }

    /** Loads at computed indices: reversal and a stride (all in bounds). */
    public static void indexArithmetic(int[] a, int[] rev, int[] stride, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            rev[i] = a[n - 1 - i];
            stride[i] = a[(int) ((i * 7L) % n)];
        }
    }

    /** arraylength of several arrays inside the body. */
    public static void arrayLengths(int[] a, long[] b, byte[] c, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a.length * 3 + b.length - c.length + a[i];
        }
    }

    /** Loop from an offset to the array's length. */
    public static void fromOffset(float[] a, float[] out, int start) {
        for (@Parallel int i = start; i < out.length; i++) {
            out[i] = a[i] * 2.0f - a[i - start];
        }
    }

    /** Stack shapes: dup_x1/dup2_x1 from compound assignments to array elements (a[i] += ..., long and int). */
    public static void compoundAssignments(int[] a, long[] b, double[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] += 5;
            a[i] *= 3;
            b[i] -= a[i];
            b[i] <<= 3;
            c[i] *= 1.5;
            c[i] -= b[i];
            int t = a[i]++;
            a[i] = a[i] + t;
            long u = b[i]--;
            b[i] ^= u;
        }
    }
}

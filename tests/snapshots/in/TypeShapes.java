package snap;

import dev.ferrocl.api.Parallel;

/** Conversions, arrays of every primitive type, long shifts, remainders, an offset loop start. */
public class TypeShapes {
    /** i2l i2f i2d l2i l2f l2d f2i f2l f2d d2i d2l d2f. */
    public static void conversions(int[] i32, long[] i64, float[] f32, double[] f64, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long a = i32[i];
            float b = i32[i];
            double c = i32[i];
            int d = (int) i64[i];
            float e = i64[i];
            double f = i64[i];
            int g = (int) f32[i];
            long h = (long) f32[i];
            double k = f32[i];
            int l = (int) f64[i];
            long m = (long) f64[i];
            float o = (float) f64[i];
            i32[i] = d + g + l;
            i64[i] = a + h + m;
            f32[i] = b + e + o;
            f64[i] = c + f + k;
        }
    }

    /** i2b, i2c, i2s. */
    public static void narrowing(int[] x, byte[] b, char[] c, short[] s, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            b[i] = (byte) x[i];
            c[i] = (char) x[i];
            s[i] = (short) x[i];
        }
    }

    /** char is unsigned: 0xFFFF loads as 65535. */
    public static void charArray(char[] c, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = c[i] + 1;
            c[i] = (char) (c[i] >> 1);
        }
    }

    /** byte is sign-extended. */
    public static void byteArray(byte[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (b[i] >>> 4) + (b[i] & 0xFF);
        }
    }

    public static void shortArray(short[] s, short[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (short) (s[i] * s[i]);
        }
    }

    public static void booleanArray(boolean[] a, boolean[] b, boolean[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] ^ b[i] | a[i] & true;
        }
    }

    /** Counts masked with & 63. */
    public static void longShifts(long[] a, int[] s, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (a[i] << s[i]) ^ (a[i] >> s[i]) ^ (a[i] >>> s[i]);
        }
    }

    /** frem and drem: fmod. */
    public static void floatingRemainder(float[] a, float[] b, double[] c, double[] d, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] % b[i];
            c[i] = c[i] % d[i];
        }
    }

    /** MIN_VALUE / -1 and long division. */
    public static void longDivision(long[] a, long[] b, long[] q, long[] r, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            q[i] = a[i] / b[i];
            r[i] = a[i] % b[i];
        }
    }

    public static void offsetStart(float[] a, float[] out, int start) {
        for (@Parallel int i = start; i < out.length; i++) {
            out[i] = a[i] - a[i - start];
        }
    }
}

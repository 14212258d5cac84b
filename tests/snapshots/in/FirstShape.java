package snap;

import dev.ferrocl.api.Parallel;

/** The walking skeleton's kernel shape: one @Parallel loop, straight-line body. */
public class FirstShape {
    public static void vectorAdd(int[] a, int[] b, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] + b[i];
        }
    }

    public static void saxpy(float alpha, float[] x, float[] y) {
        for (@Parallel int i = 0; i < y.length; i++) {
            y[i] = alpha * x[i] + y[i];
        }
    }

    public static void longWrap(long[] a, long k, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] * k + (a[i] >>> 7) - (a[i] << 3);
        }
    }

    public static void divide(double[] x, double[] y, int[] q, int[] r, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            x[i] = x[i] / y[i] - x[i] % y[i];
            q[i] = q[i] / r[i];
            r[i] = r[i] % 10;
        }
    }

    public static void narrow(float[] f, byte[] b, char[] c, short[] s, boolean[] z, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = (int) f[i];
            b[i] = (byte) v;
            c[i] = (char) (v - 1);
            s[i] = (short) (b[i] * 300);
            z[i] = z[i] ^ true;
        }
    }

    public static void fromOffset(int[] a, int start, int end) {
        for (@Parallel int i = start; i < end; i++) {
            a[i] = -a[i];
        }
    }
}

package snap;

import dev.ferrocl.api.Parallel;

/** Arrays allocated in the kernel body: private memory of the work-item, or a bailout saying why. */
public class PrivateShapes {
    static final int BINS = 8;
    static int mutableSize = 4;

    /** A private histogram per work-item: `new int[BINS]` zeroed, checked against 8. */
    public static void histogram(int[] data, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] hist = new int[BINS];
            for (int j = 0; j < m; j++) {
                hist[data[i * m + j] & 15]++;
            }
            int best = 0;
            for (int b = 0; b < hist.length; b++) {
                best = Math.max(best, hist[b]);
            }
            out[i] = best;
        }
    }

    /** Zeroed again in every iteration of the inner loop. */
    public static void rezero(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float acc = 0;
            for (int r = 0; r < 3; r++) {
                float[] w = new float[2 * 2];
                w[r] += a[i];
                acc += w[0] + w[1] + w[2] + w[3];
            }
            out[i] = acc;
        }
    }

    /** Narrow element types keep Java's conversions. */
    public static void narrow(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            char[] c = new char[2];
            byte[] b = new byte[2];
            boolean[] z = new boolean[1];
            c[0] = (char) a[i];
            b[1] = (byte) a[i];
            z[0] = a[i] > 0;
            out[i] = c[0] + b[1] + (z[0] ? 1 : 0);
        }
    }

    /** An empty array: every access fails its check. */
    public static void empty(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long[] none = new long[0];
            out[i] = none.length;
        }
    }

    /** A negative constant length: the JVM throws NegativeArraySizeException. */
    public static void negative(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (out[i] < 0) {
                int[] bad = new int[-1];
                out[i] = bad.length;
            }
        }
    }

    public static void notConstant(int[] out, int n, int k) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[k];
            out[i] = t.length;
        }
    }

    public static void staticNotFinal(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[mutableSize];
            out[i] = t.length;
        }
    }

    public static void tooLarge(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double[] t = new double[600];
            out[i] = (int) t[i & 1];
        }
    }

    public static int[] returned(int[] out, int n) {
        int[] t = new int[4];
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i;
        }
        return t;
    }

    /** A private array or a parameter in one variable: its accesses branch on which (split_array_choices). */
    public static void mergedWithParameter(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] p = new int[4];
            int[] t = a[i] > 0 ? p : a;
            t[0] = 1;
            out[i] = p[0];
        }
    }

    public static void mergedTwoSites(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] p = new int[4];
            int[] q = new int[4];
            int[] t = a[i] > 0 ? p : q;
            t[0] = 1;
            out[i] = p[0] + q[0];
        }
    }

    public static void sharedByIterations(int[] out, int n) {
        int[] t = new int[4];
        for (@Parallel int i = 0; i < n; i++) {
            t[i & 3] += 1;
            out[i] = t[i & 3];
        }
    }

    public static void twoDimensional(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[][] t = new int[2][2];
            out[i] = t[0].length;
        }
    }
    public static void arraycopyWindow(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] w = new float[4];
            System.arraycopy(a, i, w, 0, 4);
            out[i] = w[0] + w[3];
        }
    }

    /** A copy whose length is known only at run time: a loop, backwards where the rows overlap later. */
    public static void runtimeRowShift(long[] a, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + from, a, i * w + to, n);
        }
    }

    public static void cloneAndShift(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[3];
            t[0] = i;
            int[] c = t.clone();
            System.arraycopy(c, 0, c, 1, 2);
            out[i] = c[1] + c[2] + t[1];
        }
    }
}

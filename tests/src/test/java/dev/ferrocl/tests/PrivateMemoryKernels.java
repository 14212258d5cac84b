package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/** Kernels that allocate arrays in their loop body (private memory of each work-item); see PrivateMemoryTest. */
public final class PrivateMemoryKernels {
    private PrivateMemoryKernels() {
    }

    static final int BINS = 16;
    static final int WINDOW = 5;
    static final int SLOTS = 8;
    static int notFinalSize = 4;

    /** A private histogram per work-item: counts of {@code data[i*m + j] & 15}, written out whole. */
    public static void histogram(int[] data, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] hist = new int[BINS];
            for (int j = 0; j < m; j++) {
                hist[data[i * m + j] & (BINS - 1)]++;
            }
            for (int b = 0; b < hist.length; b++) {
                out[i * BINS + b] = hist[b];
            }
        }
    }

    /** A small private window: the five neighbours of {@code a[i]} (zero outside), sorted in place. */
    public static void medianWindow(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float[] w = new float[WINDOW];
            for (int k = 0; k < WINDOW; k++) {
                int j = i + k - WINDOW / 2;
                w[k] = j >= 0 && j < a.length ? a[j] : 0f;
            }
            for (int p = 1; p < w.length; p++) {
                float v = w[p];
                int q = p - 1;
                while (q >= 0 && w[q] > v) {
                    w[q + 1] = w[q];
                    q--;
                }
                w[q + 1] = v;
            }
            out[i] = w[WINDOW / 2] + 0.25f * (w[0] - w[WINDOW - 1]);
        }
    }

    /** One private array of every primitive type; stores narrow as Java's do ({@code char} unsigned). */
    public static void everyType(int[] a, long[] out, double[] dout, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            boolean[] z = new boolean[2];
            byte[] b = new byte[2];
            char[] c = new char[2];
            short[] s = new short[2];
            int[] x = new int[2];
            long[] l = new long[2];
            float[] f = new float[2];
            double[] d = new double[2];
            int v = a[i];
            z[v & 1] = v < 0;
            b[1] = (byte) v;
            c[1] = (char) v;
            s[1] = (short) v;
            x[1] = v * 3;
            l[1] = (long) v << 20;
            f[1] = v * 0.5f;
            d[1] = v / 3.0;
            long sum = (z[0] ? 1 : 0) + (z[1] ? 2 : 0) + b[0] + c[0] + s[0] + x[0] + l[0];
            out[4 * i] = sum + b[1];
            out[4 * i + 1] = c[1] + 31L * s[1];
            out[4 * i + 2] = x[1] + l[1] + (long) f[0];
            out[4 * i + 3] = Float.floatToRawIntBits(f[1]);
            dout[i] = d[1] + d[0];
        }
    }

    /** A fresh zeroed array in every iteration of an inner loop: stores of earlier iterations must not show. */
    public static void freshEachIteration(int[] a, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            for (int r = 0; r < m; r++) {
                int[] t = new int[4];
                t[(a[i] + r) & 3] += r + 1;
                t[r & 3] += 1;
                out[i * m + r] = t[0] * 1000 + t[1] * 100 + t[2] * 10 + t[3];
            }
        }
    }

    /** Indexes a private array of {@link #SLOTS} elements with data: out of range throws the JVM's exception. */
    public static void privateIndex(int[] idx, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[SLOTS];
            t[idx[i]] = i;
            t[(idx[i] + 1) & (SLOTS - 1)] += 2;
            out[i] = t[idx[i]] + t.length;
        }
    }

    /** An empty private array: its length is 0, and reading it (when {@code a[i] == 7}) throws. */
    public static void emptyArray(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] none = new int[0];
            out[i] = none.length + a[i];
            if (a[i] == 7) {
                out[i] = none[0];
            }
        }
    }

    /** A negative constant length in a branch: NegativeArraySizeException only when the branch runs. */
    public static void negativeLength(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] + 1;
            if (a[i] == 12345) {
                int[] bad = new int[-2];
                out[i] = bad.length;
            }
        }
    }

    /** A point class with primitive fields only: replaced by scalars. */
    static final class Point {
        float x;
        float y;

        Point(float x, float y) {
            this.x = x;
            this.y = y;
        }

        float norm2() {
            return x * x + y * y;
        }
    }

    record Pair(int a, long b) {
    }

    static class Holder {
        int[] data;
    }

    /** {@code new Point(...)} in the body: fields become scalars, the constructor and {@code norm2} are inlined. */
    public static void points(float[] xs, float[] ys, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Point p = new Point(xs[i], ys[i]);
            if (p.x < 0) {
                p.x = -p.x;
            }
            p.y += 1f;
            out[i] = p.norm2() + p.x;
        }
    }

    /** Records, one fresh per iteration of an inner loop. */
    public static void pairs(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Pair q = new Pair(a[i], 3L * a[i]);
            long s = 0;
            for (int k = 0; k < 3; k++) {
                Pair r = new Pair(q.a() + k, q.b() - k);
                s += r.b() * r.a();
            }
            out[i] = s + q.b();
        }
    }

    // Refused with a reason.

    public static void objectsMerged(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Pair q = new Pair(a[i], 1L);
            for (int k = 0; k < 3; k++) {
                q = new Pair(q.a() + 1, q.b() + q.a());
            }
            out[i] = q.b();
        }
    }

    /** One of two objects chosen while both stay in their own variables: refused (a copy would miss updates). */
    public static void objectsAliased(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Pair p = new Pair(a[i], 1L);
            Pair q = new Pair(1, a[i]);
            Pair m = a[i] > 0 ? p : q;
            out[i] = m.b() + p.a() + q.b();
        }
    }

    public static void objectWithArrayField(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Holder h = new Holder();
            out[i] = i;
        }
    }

    public static void lengthFromParameter(int[] out, int n, int k) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[k];
            out[i] = t.length;
        }
    }

    public static void lengthFromMutableStatic(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[notFinalSize];
            out[i] = t.length;
        }
    }

    public static void tooLarge(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long[] t = new long[1000];
            t[i & 7] = i;
            out[i] = (int) t[i & 7];
        }
    }

    public static void mergedWithParameter(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] p = new int[4];
            int[] t = a[i] > 0 ? p : a;
            t[0] = 1;
            out[i] = p[0];
        }
    }

    public static void mergedTwoAllocations(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] p = new int[4];
            int[] q = new int[4];
            int[] t = a[i] > 0 ? p : q;
            t[0] = 1;
            out[i] = p[0] + q[0];
        }
    }

    public static void comparedByReference(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] p = new int[4];
            out[i] = p == a ? 1 : 0;
        }
    }
}

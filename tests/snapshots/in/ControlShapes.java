package snap;

import dev.ferrocl.api.Parallel;

/** Control flow inside the @Parallel loop body: one construct per method. */
public class ControlShapes {
    public static void ifElse(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] < 0) {
                out[i] = -a[i];
            } else {
                out[i] = a[i] * 2;
            }
        }
    }

    public static void ifElseChain(float[] x, int[] bucket, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (x[i] < 0f) {
                bucket[i] = 0;
            } else if (x[i] < 1f) {
                bucket[i] = 1;
            } else if (x[i] < 10f) {
                bucket[i] = 2;
            } else {
                bucket[i] = 3;
            }
        }
    }

    public static void ternary(float[] a, float[] b, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] > b[i] ? a[i] : b[i];
        }
    }

    public static void logicalAnd(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (b[i] != 0 && a[i] / b[i] > 2) {
                out[i] = 1;
            }
        }
    }

    public static void logicalOr(int[] idx, int[] data, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int j = idx[i];
            out[i] = j < 0 || j >= data.length ? -1 : data[j];
        }
    }

    public static void nestedIf(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] > 0) {
                if (b[i] > 0) {
                    out[i] = a[i] + b[i];
                }
            } else if (b[i] < 0) {
                out[i] = a[i] - b[i];
            }
        }
    }

    public static void earlyContinue(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] == 0) {
                continue;
            }
            out[i] = 1000 / a[i];
        }
    }

    /** fcmpg (for <) and fcmpl (for >=), negated: true for NaN. */
    public static void floatCompareNaN(float[] x, float[] y, boolean[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = !(x[i] < y[i]) && !(x[i] >= y[i]);
        }
    }

    /** dcmpl against itself: the NaN test x != x. */
    public static void doubleIsNaN(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = x[i] != x[i] ? 0.0 : x[i];
        }
    }

    public static void longCompare(long[] a, long[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] < b[i] ? -1 : a[i] == b[i] ? 0 : 1;
        }
    }
}

package snap;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import java.util.stream.IntStream;

/** @Reduce: reductions become per-work-item accumulators and a work-group tree in local memory. */
public class ReduceShapes {
    public static void sum(float[] a, @Reduce float[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
        }
    }

    public static void minMax(int[] a, @Reduce int[] min, @Reduce int[] max) {
        for (@Parallel int i = 0; i < a.length; i++) {
            min[0] = Math.min(min[0], a[i]);
            max[0] = Math.max(a[i], max[0]);
        }
    }

    public static void productOfPositive(double[] a, @Reduce double[] prod) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                prod[0] *= a[i];
            }
        }
    }

    public static void sum2d(long[] m, int rows, int cols, @Reduce long[] total) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                total[0] = total[0] + m[r * cols + c];
            }
        }
    }

    public static void streamSum(int[] a, @Reduce int[] sum) {
        IntStream.range(0, a.length).parallel().forEach(i -> sum[0] -= a[i]);
    }

    public static void innerLoop(float[] m, int n, @Reduce float[] max) {
        for (@Parallel int i = 0; i < n; i++) {
            float row = 0;
            for (int j = 0; j < n; j++) {
                row += m[i * n + j];
            }
            max[0] = Math.max(max[0], row);
        }
    }

    public static void readsTheResult(int[] a, @Reduce int[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
            a[i] = sum[0];
        }
    }

    public static void otherIndex(int[] a, @Reduce int[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[1] += a[i];
        }
    }

    public static void mixedOps(int[] a, @Reduce int[] r) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                r[0] += a[i];
            } else {
                r[0] *= a[i];
            }
        }
    }

    public static void notAnArray(int[] a, @Reduce int sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = sum;
        }
    }

    public static void byteReduce(byte[] a, @Reduce byte[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
        }
    }

    public static void reverseSub(int[] a, @Reduce int[] r) {
        for (@Parallel int i = 0; i < a.length; i++) {
            r[0] = a[i] - r[0];
        }
    }

    public static void dotFrom(int[] a, int[] b, int from, @Reduce long[] out) {
        for (@Parallel int i = from; i < a.length; i++) {
            out[0] += (long) a[i] * b[i];
        }
    }

    public static void minFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    /** Indices affine in i: one range test per work-item, fast loops without the checks. */
    public static void affine(int[] a, @Reduce long[] out) {
        for (@Parallel int i = 1; i < a.length / 2; i++) {
            out[0] += (long) a[2 * i] * a[i - 1];
        }
    }

    /** A reversed index with a parameter in it: the range test reads n. */
    public static void reversed(float[] a, int n, @Reduce float[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            out[0] += a[n - 1 - i] * a[i];
        }
    }

    /** Bitwise reductions: the identity -1 for &, the combine in the tree and the unrolled copies. */
    public static void andMask(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] &= a[i] | 1L;
        }
    }

    /** A maximum written as a comparison: becomes Math.max (reduce_choices). */
    public static void ifLargest(int[] a, int[] b, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] - b[i] > out[0]) {
                out[0] = a[i] - b[i];
            }
        }
    }

    /** Over float a written-out comparison is not Math.min (NaN, signed zeros): a bailout that says so. */
    public static void ternarySmallestFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] < out[0] ? a[i] : out[0];
        }
    }

    /**
     * A mean: the output set before the loop (the usual form) and divided after it; both on the host, the kernel is
     * the sum's.
     */
    public static void mean(float[] a, @Reduce float[] out) {
        out[0] = 0.0f;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
        out[0] /= a.length;
    }
}

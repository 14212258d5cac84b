package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Inner loops whose index checks the compiler tests once at the loop's entry (loop versioning): indices affine in
 * the loop variable with run-time terms and coefficients, counting up and down, strides, inclusive bounds,
 * invariant divisors, early exits and conditional accesses, in 1-D, 2-D and 3-D kernels. {@link VersioningTest}
 * runs each with inputs in range and with inputs that leave the range at either end of the loop.
 */
public final class VersioningKernels {
    private VersioningKernels() {
    }

    /** Row sums with an offset: {@code off} moves every row's window, so either end can leave the array. */
    public static void rowSums(float[] m, float[] out, int rows, int cols, int off) {
        for (@Parallel int r = 0; r < rows; r++) {
            float s = 0f;
            for (int c = 0; c < cols; c++) {
                s += m[r * cols + c + off];
            }
            out[r] = s;
        }
    }

    /** Counting down from {@code hi} to {@code lo} inclusive, writing as it goes. */
    public static void countDown(int[] a, int[] out, int hi, int lo, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = hi; k >= lo; k--) {
                s = s * 31 + a[k];
                out[i * 4 + (k & 3)] = s;
            }
        }
    }

    /** A stride of 3 from {@code start} while {@code k < end}: near {@code Integer.MAX_VALUE} the step wraps. */
    public static void stride(int[] a, int[] out, int start, int end, int base, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = start; k < end; k += 3) {
                s += a[k - base];
            }
            out[i] = s;
        }
    }

    /** {@code k <= last}, with the read of {@code a[k]} and the store into a per-work-item slot. */
    public static void inclusive(long[] a, long[] out, int last, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long s = i;
            for (int k = 0; k <= last; k++) {
                s ^= a[k] + k;
            }
            out[i] = s;
        }
    }

    /** Stops at the first negative element: a row window past the end is fine when a negative comes first. */
    public static void untilNegative(int[] m, int[] out, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            int count = 0;
            for (int c = 0; c < cols; c++) {
                if (m[r * cols + c] < 0) {
                    break;
                }
                count++;
            }
            out[r] = count;
        }
    }

    /** Reads {@code b[k + off]} only where {@code flag[k]} is set. */
    public static void conditional(int[] flag, int[] b, int[] out, int len, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = i;
            for (int k = 0; k < len; k++) {
                if (flag[k] != 0) {
                    s += b[k + off];
                }
            }
            out[i] = s;
        }
    }

    /** Matrix product in 2-D; {@code n} is the inner dimension, {@code stride} the row length of {@code b}. */
    public static void matmul(float[] a, float[] b, float[] c, int rows, int cols, int n, int stride) {
        for (@Parallel int i = 0; i < rows; i++) {
            for (@Parallel int j = 0; j < cols; j++) {
                float sum = 0f;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * stride + j];
                }
                c[i * cols + j] = sum;
            }
        }
    }

    /** A 3-D kernel with an inner loop over a run-time coefficient that may be negative. */
    public static void box(int[] src, int[] dst, int nx, int ny, int nz, int depth, int step, int origin) {
        for (@Parallel int z = 0; z < nz; z++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int x = 0; x < nx; x++) {
                    int s = 0;
                    for (int d = 0; d < depth; d++) {
                        s += src[origin + d * step + x];
                    }
                    dst[(z * ny + y) * nx + x] = s + y;
                }
            }
        }
    }

    /** Divides by a loop-invariant divisor inside the loop, and by one that changes. */
    public static void divide(int[] a, int[] out, int len, int d, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = 0; k < len; k++) {
                s += a[k] / d + a[k] % (k + 1);
            }
            out[i] = s;
        }
    }

    /** No parallel loop: one work-item runs a loop whose window may leave the array. */
    public static void single(double[] a, double[] out, int from, int to) {
        double s = 0;
        for (int k = from; k < to; k++) {
            s = s * 0.5 + a[k];
            out[k - from] = s;
        }
    }

    /** A second induction variable stepping along with the tested one ({@code k += 6} beside {@code r++}). */
    public static void secondStep(int[] key, int[] out, int rounds, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = i;
            int k = 0;
            for (int r = 0; r < rounds; r++) {
                s = s * 7 + key[k] - key[k + 5];
                k += 6;
            }
            out[i] = s;
        }
    }

    /** Sparse matrix-vector product: the loop's bound is an array element read in the loop's header. */
    public static void csr(int[] rowPtr, int[] col, double[] val, double[] x, double[] y) {
        for (@Parallel int row = 0; row < y.length; row++) {
            double sum = 0.0;
            for (int k = rowPtr[row]; k < rowPtr[row + 1]; k++) {
                sum += val[k] * x[col[k]];
            }
            y[row] = sum;
        }
    }

    /**
     * Two gathers per term, one under a condition, and an index read through another gather: every check the
     * entry test cannot prove is deferred in the fast copy (checked once after the loop).
     */
    public static void gathers(int[] rowPtr, int[] col, int[] perm, float[] x, float[] w, float[] y) {
        for (@Parallel int row = 0; row < y.length; row++) {
            float sum = 0f;
            for (int k = rowPtr[row]; k < rowPtr[row + 1]; k++) {
                float t = x[col[k]];
                if (t > 0f) {
                    t = t * w[perm[k]];
                }
                sum += t + x[col[perm[k]]];
            }
            y[row] = sum;
        }
    }

    /** The bound is an element the loop itself lowers: it must be read again in every iteration. */
    public static void shrinkingBound(int[] lim, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = 0; k < lim[i]; k++) {
                lim[i] = lim[i] - 1;
                s += b[k];
            }
            out[i] = s;
        }
    }

    /** Leaves the inner loop into a path with branches of its own, then goes on with the next work-item. */
    public static void exitPath(int[] a, int[] b, int[] out, int len, int n) {
        outer:
        for (@Parallel int i = 0; i < n; i++) {
            for (int k = 0; k < len; k++) {
                int v = a[i * len + k];
                if (v < 0) {
                    int s;
                    if (b[k] > 0) {
                        s = v * 2;
                    } else {
                        s = v - 1;
                    }
                    if (s < -50) {
                        out[i] = s;
                        continue outer;
                    }
                    out[i] = s + b[k + 1];
                    continue outer;
                }
            }
            out[i] = 7;
        }
    }

    /**
     * An inner loop left by its test or by a {@code break}, both ways joining before its sum and index are used
     * (the graph phase gives each way out a merge of the two copies and joins them again), with an invariant
     * divisor the entry test proves too.
     */
    public static void firstOver(int[] a, int[] out, int n, int limit, int d, int off) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int k = 0;
            for (; k < n; k++) {
                s += a[i * n + k + off] / d;
                if (s > limit) {
                    break;
                }
            }
            out[i] = s * 31 + k;
        }
    }
}

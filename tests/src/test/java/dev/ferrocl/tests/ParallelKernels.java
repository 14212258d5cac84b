package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/** Kernels for the ways a @Parallel loop can be written: nests, bounds, steps, no loop at all. */
public final class ParallelKernels {
    private ParallelKernels() {
    }

    /** C[n][m] = A[n][k] * B[k][m], row-major; 2-D nest, sequential inner product. */
    public static void matmul(float[] a, float[] b, float[] c, int n, int m, int k) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * k + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    public static void transpose(int[] in, int[] out, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[c * rows + r] = in[r * cols + c];
            }
        }
    }

    public static void fill3d(long[] out, int nx, int ny, int nz) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    out[(x * ny + y) * nz + z] = (long) x * 1_000_000L + y * 1000L + z;
                }
            }
        }
    }

    public static void matvec(double[] a, double[] x, double[] y, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += a[i * x.length + j] * x[j];
            }
            y[i] = s;
        }
    }

    public static void offsetStepInclusive(int[] a, int lo, int hi) {
        for (@Parallel int i = lo; i <= hi; i += 3) {
            a[i] = a[i] * 2 + i;
        }
    }

    public static void lengthBoundWithExpression(int[] in, int[] out, int skip) {
        for (@Parallel int i = skip * 2; i < out.length - skip; i++) {
            out[i] = in[i - skip] ^ i;
        }
    }

    public static void nestWithOffsets(int[] out, int w, int h) {
        for (@Parallel int y = 1; y < h - 1; y++) {
            for (@Parallel int x = 1; x <= w - 2; x += 2) {
                out[y * w + x] = y * 100 + x;
            }
        }
    }

    /** No @Parallel loop: one work-item runs the whole method (a prefix sum is sequential). */
    public static void prefixSum(int[] a, int n) {
        for (int i = 1; i < n; i++) {
            a[i] += a[i - 1];
        }
    }

    /** The bound wraps around in Java (i <= MAX_VALUE never ends): the host refuses, the JVM would hang. */
    public static void emptyWhenStartPastEnd(int[] a, int lo, int hi) {
        for (@Parallel int i = lo; i < hi; i++) {
            a[i] = 7;
        }
    }

    /** Two @Parallel nests one after the other, the second 2-D, reading the first's output. */
    public static void scaleThenOuter(int[] v, int[] m, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            v[i] = v[i] * 3 - 1;
        }
        for (@Parallel int r = 0; r < n; r++) {
            for (@Parallel int c = 0; c < n; c++) {
                m[r * n + c] = v[r] * v[c];
            }
        }
    }

    /** Two phases where the second throws for some inputs: the JVM must rerun from untouched arrays. */
    public static void phaseThenIndex(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] + 1;
        }
        for (@Parallel int i = 0; i < idx.length; i++) {
            out[i] = a[idx[i]];
        }
    }

    /** Bounds with an integer division by a constant (cannot throw), and a remainder in the body. */
    public static void halfWithDivision(int[] a, int n) {
        for (@Parallel int i = -n / 3; i < n / 2; i++) {
            a[i + a.length / 2] = i % 7 - i / 5;
        }
    }
}

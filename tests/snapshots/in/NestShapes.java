package snap;

import dev.ferrocl.api.Parallel;

/** @Parallel nests and loop forms (issue 4). */
public class NestShapes {
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

    public static void fill3d(int[] out, int nx, int ny, int nz) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    out[(x * ny + y) * nz + z] = x + y + z;
                }
            }
        }
    }

    public static void stepInclusive(int[] a, int lo, int hi) {
        for (@Parallel int i = lo + 1; i <= hi - 1; i += 4) {
            a[i] = i;
        }
    }

    public static void singleWorkItem(int[] a) {
        for (int i = 1; i < a.length; i++) {
            a[i] += a[i - 1];
        }
    }

    public static void codeBetweenNestedLoops(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = 0;
            for (@Parallel int j = 0; j < n; j++) {
                a[i * n + j] = j;
            }
        }
    }

    /** Loads and a division between the loops: moved into the inner loop (perfectNest). */
    public static void loadBetweenNestedLoops(float[] a, int[] d, float[] c, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            int q = m / d[i];
            for (@Parallel int j = 0; j < m; j++) {
                c[i * m + j] = ai * j + q;
            }
        }
    }

    public static void triangular(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < i; j++) {
                a[i * n + j] = 1;
            }
        }
    }

    /** PolyBench's gemm, C updated in place: tiled, alpha * a computed once per row. */
    public static void gemm(int n, float alpha, float beta, float[] c, float[] a, float[] b) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float acc = c[i * n + j] * beta;
                for (int k = 0; k < n; k++) {
                    acc += alpha * a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = acc;
            }
        }
    }

    /** Transposed operands: tiles loaded along the block, not along k. */
    public static void matmulTransposed(double[] a, double[] b, double[] c, int n, int m, int k) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                double sum = 0;
                for (int p = 0; p < k; p++) {
                    sum += a[p * n + i] * b[j * k + p];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** Transpose: the store moves along i, so it is staged through local memory (coalesce in 2-D). */
    public static void transpose(int rows, int cols, float[] in, float[] out) {
        for (@Parallel int i = 0; i < rows; i++) {
            for (@Parallel int j = 0; j < cols; j++) {
                out[j * rows + i] = in[i * cols + j];
            }
        }
    }

    /** N-body's shape: every work-item reads every body (staged through local memory, 128 at a time). */
    public static void nbody(float[] x, float[] y, float[] z, float[] m, float[] ax, float[] ay, float[] az, float eps) {
        int n = x.length;
        for (@Parallel int i = 0; i < n; i++) {
            float xi = x[i];
            float yi = y[i];
            float zi = z[i];
            float sx = 0f;
            float sy = 0f;
            float sz = 0f;
            for (int j = 0; j < n; j++) {
                float dx = x[j] - xi;
                float dy = y[j] - yi;
                float dz = z[j] - zi;
                float inv = 1.0f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz + eps);
                float s = m[j] * inv * inv * inv;
                sx += dx * s;
                sy += dy * s;
                sz += dz * s;
            }
            ax[i] = sx;
            ay[i] = sy;
            az[i] = sz;
        }
    }

    /** A key schedule read alike by every work-item (constant memory), walked by a second counter. */
    static void keyRounds(int[] data, char[] key, int[] out) {
        for (@Parallel int i = 0; i < data.length; i++) {
            int x = data[i];
            int k = 0;
            for (int r = 0; r < 8; r++) {
                x = (x * (key[k] | 1)) ^ (key[k + 1] + (x >>> 7)) ^ key[k + 2];
                k += 3;
            }
            out[i] = x + key[24];
        }
    }

    /** Eight bytes in and out per work-item (IDEA's block): one 8-wide load and one 8-wide store. */
    static void packBytes(byte[] in, byte[] out, int blocks) {
        for (@Parallel int b = 0; b < blocks; b++) {
            int x1 = ((in[8 * b] & 0xff) << 8) | (in[8 * b + 1] & 0xff);
            int x2 = ((in[8 * b + 2] & 0xff) << 8) | (in[8 * b + 3] & 0xff);
            int x3 = ((in[8 * b + 4] & 0xff) << 8) | (in[8 * b + 5] & 0xff);
            int x4 = ((in[8 * b + 6] & 0xff) << 8) | (in[8 * b + 7] & 0xff);
            out[8 * b] = (byte) (x4 >>> 8);
            out[8 * b + 1] = (byte) x4;
            out[8 * b + 2] = (byte) (x3 >>> 8);
            out[8 * b + 3] = (byte) x3;
            out[8 * b + 4] = (byte) (x2 >>> 8);
            out[8 * b + 5] = (byte) x2;
            out[8 * b + 6] = (byte) (x1 >>> 8);
            out[8 * b + 7] = (byte) x1;
        }
    }

    /** A loop branching on the parity of the parallel index: even iterations on one half of the work-items. */
    static void alternating(int[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = i;
            for (int k = 0; k < steps; k++) {
                if ((i & 1) == 0) {
                    acc = acc * 31 + k;
                } else {
                    acc = acc ^ (k << 3);
                }
            }
            out[i] = acc;
        }
    }

    /** A parallel map, then a sequential running sum: the sum is a kernel of one work-item after the map's. */
    public static void mapThenScan(float[] x, float[] y) {
        for (@Parallel int i = 0; i < x.length; i++) {
            y[i] = x[i] * x[i] + 1f;
        }
        for (int k = 1; k < y.length; k++) {
            y[k] += y[k - 1];
        }
    }
}

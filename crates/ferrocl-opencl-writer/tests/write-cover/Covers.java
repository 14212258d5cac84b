package cover;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;

/** Kernels whose array outputs are (or are not) proved fully written: see ../write_cover.rs. */
public class Covers {
    // ---- Covered: one store per iteration at an affine index. ----

    public static void add(float[] a, float[] b, float[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] + b[i];
        }
    }

    public static void mandelbrot(int[] out, int w, int h, int maxIter) {
        for (@Parallel int y = 0; y < h; y++) {
            for (@Parallel int x = 0; x < w; x++) {
                float cr = x * 3f / w - 2f;
                float ci = y * 2f / h - 1f;
                float zr = 0f, zi = 0f;
                int k = 0;
                while (k < maxIter && zr * zr + zi * zi < 4f) {
                    float t = zr * zr - zi * zi + cr;
                    zi = 2f * zr * zi + ci;
                    zr = t;
                    k++;
                }
                out[y * w + x] = k;
            }
        }
    }

    public static void transpose(float[] in, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                out[j * n + i] = in[i * n + j];
            }
        }
    }

    public static void reversed(int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[n - 1 - i] = i;
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

    public static void blocks(byte[] out, int n) {
        for (@Parallel int b = 0; b < n; b++) {
            int i = b * 8;
            out[i] = (byte) b;
            out[i + 3] = 3;
            out[i + 1] = 1;
            out[i + 2] = 2;
            out[i + 7] = 7;
            out[i + 4] = 4;
            out[i + 5] = 5;
            out[i + 6] = 6;
        }
    }

    public static void blocksButOne(byte[] out, int n) {
        for (@Parallel int b = 0; b < n; b++) {
            int i = b * 8;
            out[i] = (byte) b;
            out[i + 1] = 1;
            out[i + 2] = 2;
            out[i + 4] = 4;
            out[i + 5] = 5;
            out[i + 6] = 6;
            out[i + 7] = 7;
        }
    }

    public static void pairs(int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[(i << 1) + 1] = i;
            c[-(-i) * 2] = -i;
        }
    }

    public static void offset(int[] c, int n, int off) {
        for (@Parallel int i = 1; i <= n; i++) {
            c[i - off] = i;
        }
    }

    public static void ternary(int[] a, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] > 0 ? a[i] : -a[i];
        }
    }

    public static void doWhile(int[] c, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int k = 0;
            do {
                c[i] = k;
                k++;
            } while (k < m);
        }
    }

    public static void constantFirst(int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[0] = 5;
            c[i] = i;
        }
    }

    public static void single(int[] c) {
        c[0] = 7;
    }

    public static void withReduction(float[] a, float[] c, @Reduce float[] sum, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] * 2f;
            sum[0] += a[i];
        }
    }

    // ---- Not covered. ----

    public static void underIf(int[] a, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] > 0) {
                c[i] = 1;
            }
        }
    }

    public static void oneBranch(int[] a, int[] c, int[] d, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] > 0) {
                c[i] = 1;
            } else {
                d[i] = 2;
            }
        }
    }

    public static void bothBranches(int[] a, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] > 0) {
                c[i] = 1;
            } else {
                c[i] = 2;
            }
        }
    }

    public static void afterContinue(int[] a, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] < 0) {
                continue;
            }
            c[i] = 1;
        }
    }

    public static void alsoRead(int[] a, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] += a[i];
        }
    }

    public static void indirect(int[] idx, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[idx[i]] = i;
        }
    }

    public static void squared(int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i * i] = i;
        }
    }

    public static void variableShift(int[] c, int n, int s) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i << s] = i;
        }
    }

    public static void divided(int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i / 2] = i;
        }
    }

    public static void narrowed(int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[(char) i] = i;
        }
    }

    public static void innerLoop(int[] c, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            for (int k = 0; k < m; k++) {
                c[i] = k;
            }
        }
    }

    public static void innerIndex(int[] c, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int k = 0;
            do {
                k++;
            } while (k < m);
            c[k] = i;
        }
    }

    public static void doubling(int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int k = i;
            k = k + k;
            k = k + k;
            k = k + k;
            k = k + k;
            k = k + k;
            k = k + k;
            k = k + k;
            c[k] = i;
        }
    }
}

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

    public static void triangular(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < i; j++) {
                a[i * n + j] = 1;
            }
        }
    }
}

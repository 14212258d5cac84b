package snap;

import dev.ferrocl.api.Parallel;

/**
 * Multi-dimensional array arguments: a table of handles and one data array each; Java's checks explicit (an index
 * against its row's length, a null row), the rows' entries read once and before inner loops.
 */
public class NestedShapes {
    public static void matmul(float[][] a, float[][] b, float[][] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float s = 0;
                float[] row = a[i];
                for (int k = 0; k < n; k++) {
                    s += row[k] * b[k][j];
                }
                c[i][j] = s;
            }
        }
    }

    /** Bounds from the argument's lengths; a null row tested. */
    public static void rowSums(double[][] m, double[] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            double[] r = m[i];
            double s = 0;
            if (r != null) {
                for (int k = 0; k < r.length; k++) {
                    s += r[k];
                }
            }
            out[i] = s;
        }
    }

    /** Read and written in one statement: the table walked once. */
    public static void scaleInPlace(int[][] m, int factor) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (@Parallel int j = 0; j < m[0].length; j++) {
                m[i][j] = m[i][j] * factor;
            }
        }
    }

    public static void cube(int[][][] t, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long s = 0;
            for (int j = 0; j < t[i].length; j++) {
                for (int k = 0; k < t[i][j].length; k++) {
                    s += t[i][j][k];
                }
            }
            out[i] = s;
        }
    }

    public static void swapRows(float[][] m) {
        for (@Parallel int i = 0; i < 1; i++) {
            float[] t = m[0];
            m[0] = m[1];
            m[1] = t;
        }
    }
}

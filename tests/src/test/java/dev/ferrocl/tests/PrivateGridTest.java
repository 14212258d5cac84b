package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Multi-dimensional primitive arrays allocated in the kernel ({@code new float[4][4]}, {@code new int[2][3][4]}):
 * private memory of each work-item, zero-initialised, every access checked as Java checks it. Strict, against the
 * JVM: a per-work-item 4×4 matrix product, rows passed to helpers and read through local variables, lengths, three
 * dimensions, every primitive type, an index out of bounds and a negative dimension (Java's exceptions, through the
 * JVM's rerun), and the forms that stay refused with their reason.
 */
public class PrivateGridTest {
    static final int N = 4;

    /** Each work-item builds two 4×4 matrices from its inputs and writes an element of their product. */
    public static void matrices(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[][] x = new float[N][N];
            float[][] y = new float[N][N];
            for (int r = 0; r < N; r++) {
                for (int c = 0; c < N; c++) {
                    x[r][c] = a[i] * r - c;
                    y[r][c] = (r == c ? 1f : 0.5f) + a[i];
                }
            }
            float[][] p = new float[N][N];
            for (int r = 0; r < N; r++) {
                float[] row = p[r];
                for (int c = 0; c < N; c++) {
                    float s = 0f;
                    for (int k = 0; k < x[r].length; k++) {
                        s += x[r][k] * y[k][c];
                    }
                    row[c] = s;
                }
            }
            out[i] = p[i % N][(i / N) % N] + trace(p) + p.length * 100 + p[0].length;
        }
    }

    static float trace(float[][] m) {
        float t = 0f;
        for (int k = 0; k < m.length; k++) {
            t += m[k][k];
        }
        return t;
    }

    /** Three dimensions, every element type, zero-initialised cells read before any write. */
    public static void cubes(int[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[][][] t = new int[2][3][4];
            long[][] l = new long[2][2];
            double[][] d = new double[3][2];
            boolean[][] z = new boolean[2][5];
            char[][] ch = new char[2][2];
            byte[][] b = new byte[2][3];
            short[][] s = new short[3][1];
            t[i & 1][i % 3][a[i] & 3] = a[i];
            l[1][0] = (long) a[i] << 33;
            d[2][1] = a[i] * 0.25;
            z[1][a[i] & 3] = true;
            ch[0][1] = (char) (a[i] + 70000);
            b[1][2] = (byte) (a[i] * 3);
            s[2][0] = (short) (a[i] * 1000);
            long sum = t[0][0][0] + t[1][2][3] + t[i & 1][i % 3][a[i] & 3] + l[1][0] + l[0][1] + (long) d[2][1]
                    + (z[1][1] ? 7 : 0) + ch[0][1] + b[1][2] + s[2][0] + t.length * 10 + t[1].length + t[1][2].length;
            out[i] = sum;
        }
    }

    /** An index chosen by data: past the end for some inputs (Java throws there). */
    public static void indexed(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[][] m = new int[3][3];
            m[a[i] % 4][1] = 5;
            out[i] = m[1][1] + m[2][1];
        }
    }

    public static void negative(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[][] m = new int[3][-2];
            out[i] = m.length + a[i];
        }
    }

    public static void jagged(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[][] m = new int[3][];
            out[i] = m.length;
        }
    }

    public static void swapRows(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[][] m = new int[2][2];
            m[0] = m[1];
            out[i] = m[0][0];
        }
    }

    @Test
    public void aMatrixProductPerWorkItem() {
        for (int n : new int[] {1, 7, 1000}) {
            check(PrivateGridTest::matrices, JvmOracle.floats(9801 + n, n, -3f, 3f), new float[n]);
        }
    }

    @Test
    public void threeDimensionsAndEveryElementType() {
        int n = 500;
        check(PrivateGridTest::cubes, JvmOracle.ints(9802, n, -100000, 100000), new long[n]);
    }

    @Test
    public void anIndexPastTheEndThrowsAsTheJvmDoes() {
        int n = 300;
        int[] inBounds = JvmOracle.ints(9803, n, 0, 3);
        check(PrivateGridTest::indexed, inBounds, new int[n]);
        int[] a = inBounds.clone();
        a[123] = 3;
        int[] out = new int[n];
        Throwable e = MoreChecks.checkThrows(x -> indexed((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", PrivateGridTest::indexed, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void aNegativeDimensionThrowsAsTheJvmDoes() {
        int[] a = new int[20];
        int[] out = new int[20];
        Throwable e = MoreChecks.checkThrows(x -> negative((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", PrivateGridTest::negative, a, out), a, out);
        assertEquals(NegativeArraySizeException.class, e.getClass());
    }

    private static void refused(String reason, TaskSchedule schedule) {
        try (TaskSchedule s = schedule) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(reason));
        }
    }

    @Test
    public void rowsLeftNullAndStoredRowsAreRefused() {
        refused("rows are left null", new TaskSchedule("jagged").task("t", PrivateGridTest::jagged,
                new int[4]));
        refused("storing an array into an array allocated in the kernel",
                new TaskSchedule("swap").task("t", PrivateGridTest::swapRows, new int[4]));
    }
}

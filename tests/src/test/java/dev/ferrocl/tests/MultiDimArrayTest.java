package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Multi-dimensional array arguments ({@code float[][]}, {@code int[][][]}, jagged, with null rows, rows shared between
 * places): kernels read and write them as Java does, with Java's exceptions (an index past a row's end, a null row).
 * Strict, against the JVM.
 */
public class MultiDimArrayTest {

    static float[][] matrix(long seed, int rows, int cols) {
        float[][] m = new float[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = JvmOracle.floats(seed * 1000 + r, cols, -2f, 2f);
        }
        return m;
    }

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

    @Test
    public void matrixProductOnTwoDimensionalArrays() {
        int n = 67;
        check(MultiDimArrayTest::matmul, matrix(1, n, n), matrix(2, n, n), new float[n][n], n);
    }

    public static void rowSums(double[][] m, double[] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            double[] r = m[i];
            double s = 0;
            if (r != null) {
                for (int k = 0; k < r.length; k++) {
                    s += r[k] * (k + 1);
                }
            } else {
                s = -1;
            }
            out[i] = s;
        }
    }

    @Test
    public void jaggedRowsAndNullRows() {
        double[][] m = new double[300][];
        for (int r = 0; r < m.length; r++) {
            m[r] = r % 7 == 3 ? null : JvmOracle.doubles(r, r % 41, -1e3, 1e3);
        }
        check(MultiDimArrayTest::rowSums, m, new double[m.length]);
    }

    public static void scaleInPlace(int[][] m, int factor) {
        for (@Parallel int i = 0; i < m.length; i++) {
            for (@Parallel int j = 0; j < m[0].length; j++) {
                m[i][j] = m[i][j] * factor + i - j;
            }
        }
    }

    @Test
    public void writesGoBackIntoEachRow() {
        int[][] m = new int[45][];
        for (int r = 0; r < m.length; r++) {
            m[r] = JvmOracle.ints(r, 33);
        }
        int[] third = m[3];
        check(MultiDimArrayTest::scaleInPlace, m, -7);
        // Java's rows are written in place, not replaced.
        assertSame(third, m[3]);
    }

    public static void cube(int[][][] t, long[] out) {
        for (@Parallel int i = 0; i < t.length; i++) {
            long s = 0;
            for (int j = 0; j < t[i].length; j++) {
                int[] line = t[i][j];
                for (int k = 0; k < line.length; k++) {
                    s += (long) line[k] * (j + 1) - k;
                }
            }
            out[i] = s;
        }
    }

    @Test
    public void threeDimensions() {
        int[][][] t = new int[20][][];
        for (int i = 0; i < t.length; i++) {
            t[i] = new int[1 + i % 5][];
            for (int j = 0; j < t[i].length; j++) {
                t[i][j] = JvmOracle.ints(i * 31L + j, (i + j) % 9);
            }
        }
        check(MultiDimArrayTest::cube, t, new long[t.length]);
    }

    public static void shiftLeft(float[][] m, float[][] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            for (int j = 0; j < out[i].length; j++) {
                out[i][j] = m[i][j + 1];
            }
        }
    }

    @Test
    public void anIndexPastARowsEndThrowsJavasException() {
        float[][] m = matrix(4, 10, 8);
        m[6] = new float[5];
        float[][] out = new float[10][7];
        MoreChecks.checkThrows(x -> shiftLeft((float[][]) x[0], (float[][]) x[1]),
                s -> s.task("t", MultiDimArrayTest::shiftLeft, m, out), m, out);
    }

    @Test
    public void aNullRowThrowsJavasNullPointerException() {
        float[][] m = matrix(5, 10, 8);
        m[4] = null;
        float[][] out = new float[10][7];
        MoreChecks.checkThrows(x -> shiftLeft((float[][]) x[0], (float[][]) x[1]),
                s -> s.task("t", MultiDimArrayTest::shiftLeft, m, out), m, out);
    }

    public static void at(float[][] m, int[] col, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][col[i]];
        }
    }

    @Test
    public void aNullRowAtTheLargestIndexIsStillNull() {
        // Java throws NullPointerException whatever the index; the largest int must not slip past the check.
        float[][] m = matrix(10, 4, 3);
        m[2] = null;
        int[] col = {0, 1, Integer.MAX_VALUE, 2};
        float[] out = new float[4];
        MoreChecks.checkThrows(x -> at((float[][]) x[0], (int[]) x[1], (float[]) x[2]),
                s -> s.task("t", MultiDimArrayTest::at, m, col, out), m, col, out);
        int[] low = {0, 1, Integer.MIN_VALUE, 2};
        MoreChecks.checkThrows(x -> at((float[][]) x[0], (int[]) x[1], (float[]) x[2]),
                s -> s.task("t", MultiDimArrayTest::at, m, low, out), m, low, out);
        m[2] = new float[3];
        int[] past = {0, 1, 3, 2};
        MoreChecks.checkThrows(x -> at((float[][]) x[0], (int[]) x[1], (float[]) x[2]),
                s -> s.task("t", MultiDimArrayTest::at, m, past, out), m, past, out);
        int[] inside = {0, 1, 2, 2};
        check(MultiDimArrayTest::at, m, inside, out);
    }

    @Test
    public void aNullArgumentThrowsJavasNullPointerException() {
        float[][] out = new float[10][7];
        MoreChecks.checkThrows(x -> shiftLeft((float[][]) x[0], (float[][]) x[1]),
                s -> s.task("t", MultiDimArrayTest::shiftLeft, (float[][]) null, out), null, out);
    }

    public static void bump(int[][] m, int[] who) {
        for (@Parallel int i = 0; i < who.length; i++) {
            m[i][who[i]] += 100 + i;
        }
    }

    @Test
    public void aRowHeldTwiceIsOneArray() {
        // Rows 0 and 2 are the same array: a write through one shows through the other, as in Java.
        int[] shared = {1, 2, 3, 4, 5, 6};
        int[][] m = {shared, {10, 20, 30, 40, 50, 60}, shared, {7, 8, 9, 10, 11, 12}};
        int[] who = {0, 1, 2, 5};
        int[] expectedShared = shared.clone();
        int[][] expected = {expectedShared, m[1].clone(), expectedShared, m[3].clone()};
        bump(expected, who);
        try (TaskSchedule s = new TaskSchedule("shared").task("t", MultiDimArrayTest::bump, m, who)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        for (int r = 0; r < m.length; r++) {
            JvmOracle.assertSame("row " + r, expected[r], m[r]);
        }
        assertSame(m[0], m[2]);
    }

    static float dot(float[] a, float[] b) {
        float s = 0;
        for (int k = 0; k < a.length; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    public static void rowsTimesVector(float[][] m, float[] x, float[] y) {
        for (@Parallel int i = 0; i < y.length; i++) {
            y[i] = dot(m[i], x);
        }
    }

    @Test
    public void aRowPassedToAHelper() {
        check(MultiDimArrayTest::rowsTimesVector, matrix(6, 129, 77), JvmOracle.floats(7, 77, -1f, 1f),
                new float[129]);
    }

    public static void sameRows(short[][] m, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int n = 0;
            for (int j = 0; j < m.length; j++) {
                if (m[i] == m[j]) {
                    n++;
                }
                if (m[j] == null) {
                    n += 100;
                }
            }
            out[i] = n;
        }
    }

    @Test
    public void rowsComparedByReference() {
        short[] a = {1, 2};
        short[] b = {1, 2};
        short[][] m = {a, b, a, null, b, a};
        int[] out = new int[3];
        int[] expected = new int[3];
        sameRows(m, expected);
        try (TaskSchedule s = new TaskSchedule("same").task("t", MultiDimArrayTest::sameRows, m, out)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        JvmOracle.assertSame("out", expected, out);
    }

    public static void flags(boolean[][] f, byte[][] b, char[][] c, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int j = 0; j < f[i].length; j++) {
                if (f[i][j]) {
                    s += b[i][j] + c[i][j];
                }
                f[i][j] = !f[i][j];
                c[i][j] = (char) (c[i][j] + 1);
            }
            out[i] = s;
        }
    }

    @Test
    public void narrowElementTypes() {
        int rows = 37;
        int cols = 19;
        boolean[][] f = new boolean[rows][cols];
        byte[][] b = new byte[rows][cols];
        char[][] c = new char[rows][cols];
        for (int i = 0; i < rows; i++) {
            int[] r = JvmOracle.ints(i, cols);
            for (int j = 0; j < cols; j++) {
                f[i][j] = (r[j] & 1) != 0;
                b[i][j] = (byte) r[j];
                c[i][j] = (char) (r[j] >>> 7);
            }
        }
        c[3][4] = Character.MAX_VALUE;
        check(MultiDimArrayTest::flags, f, b, c, new int[rows]);
    }

    @Test
    public void capturedByAParallelStream() {
        double[][] m = new double[64][];
        for (int r = 0; r < m.length; r++) {
            m[r] = JvmOracle.doubles(r + 50, 40, -5, 5);
        }
        double[] out = new double[64];
        double[] expected = new double[64];
        IntStream.range(0, 64).forEach(i -> expected[i] = m[i][i % 40] - m[63 - i][39 - i % 40]);
        try (TaskSchedule s = new TaskSchedule("stream").task("t",
                (double[][] mm, double[] o) -> IntStream.range(0, o.length).parallel()
                        .forEach(i -> o[i] = mm[i][i % 40] - mm[63 - i][39 - i % 40]), m, out)) {
            s.execute();
            assertEquals(s.report().toString(), TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        JvmOracle.assertSame("out", expected, out);
    }

    public static void fillRows(long[][] m) {
        for (@Parallel int i = 0; i < m.length; i++) {
            Arrays.fill(m[i], (long) i << 33);
        }
    }

    @Test
    public void aJdkMethodOnARow() {
        long[][] m = new long[33][];
        for (int r = 0; r < m.length; r++) {
            m[r] = new long[r * 3 % 17];
        }
        check(MultiDimArrayTest::fillRows, m);
    }

    public static void produce(float[][] m, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                m[i][j] = i * 0.5f - j;
            }
        }
    }

    public static void consume(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i][i] + m[out.length - 1 - i][i];
        }
    }

    @Test
    public void oneArrayThroughTwoTasks() {
        int n = 50;
        float[][] m = new float[n][n];
        float[] out = new float[n];
        float[][] em = new float[n][n];
        float[] eout = new float[n];
        produce(em, n);
        consume(em, eout);
        try (TaskSchedule s = new TaskSchedule("two").task("p", MultiDimArrayTest::produce, m, n)
                .task("c", MultiDimArrayTest::consume, m, out)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("p").ranOn());
            assertEquals(TaskReport.Where.DEVICE, s.report().task("c").ranOn());
        }
        JvmOracle.assertSame("m", em, m);
        JvmOracle.assertSame("out", eout, out);
    }

    public static void copyRow(float[][] m, float[] row) {
        for (@Parallel int j = 0; j < row.length; j++) {
            row[j] = m[1][j] * 2;
        }
    }

    @Test
    public void aRowAlsoPassedAsAnArgumentIsNotCopiedTwice() {
        float[][] m = matrix(8, 3, 16);
        try (TaskSchedule s = new TaskSchedule("alias").task("t", MultiDimArrayTest::copyRow, m, m[0])) {
            s.execute();
            fail("strict mode should refuse two copies of one array");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("inner array"));
        }
    }

    /** A layer whose weights are a field: an instance task reads them through {@code this}. */
    static final class Layer {
        final float[][] weights;
        final Layer next;

        Layer(float[][] weights, Layer next) {
            this.weights = weights;
            this.next = next;
        }

        void apply(float[] x, float[] y) {
            for (@Parallel int i = 0; i < y.length; i++) {
                float s = 0;
                float[] w = weights[i];
                for (int k = 0; k < x.length; k++) {
                    s += w[k] * x[k];
                }
                y[i] = s + (next == null ? 0 : next.weights[i % next.weights.length][0]);
            }
        }

        void decay(float f) {
            for (@Parallel int i = 0; i < weights.length; i++) {
                for (int k = 0; k < weights[i].length; k++) {
                    weights[i][k] *= f;
                }
            }
        }
    }

    @Test
    public void multiDimensionalFieldsOfTheTasksObject() {
        Layer inner = new Layer(matrix(11, 5, 3), null);
        Layer layer = new Layer(matrix(12, 40, 24), inner);
        float[] x = JvmOracle.floats(13, 24, -1f, 1f);
        float[] y = new float[40];
        float[] expected = new float[40];
        layer.apply(x, expected);
        try (TaskSchedule s = new TaskSchedule("field").task("t", layer::apply, x, y)) {
            s.execute();
            assertEquals(s.report().toString(), TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        JvmOracle.assertSame("y", expected, y);
        // Written through the field: Java's rows get the results.
        float[][] rows = layer.weights;
        float[][] expectedRows = (float[][]) JvmOracle.cloneValue(rows);
        new Layer(expectedRows, null).decay(0.75f);
        try (TaskSchedule s = new TaskSchedule("decay").task("t", layer::decay, 0.75f)) {
            s.execute();
            assertEquals(s.report().toString(), TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        JvmOracle.assertSame("weights", expectedRows, rows);
    }

    /** An object whose array field the kernel writes while it reads a matrix argument. */
    static final class Buffer {
        final float[] out;

        Buffer(float[] out) {
            this.out = out;
        }

        void copyRow(float[][] m) {
            for (@Parallel int j = 0; j < out.length; j++) {
                out[j] = m[1][j] + 1f;
            }
        }
    }

    @Test
    public void anArrayFieldThatIsAlsoARowIsNotCopiedTwice() {
        float[][] m = matrix(17, 3, 8);
        // Java: out is m[1] itself, so each element reads its own old value.
        Buffer aliasing = new Buffer(m[1]);
        try (TaskSchedule s = new TaskSchedule("fieldAlias").task("t", aliasing::copyRow, m)) {
            s.execute();
            fail("strict mode should refuse two copies of one array");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("array field"));
        }
        // Not shared: it runs on the device.
        float[] out = new float[8];
        float[] expected = new float[8];
        new Buffer(expected).copyRow(m);
        try (TaskSchedule s = new TaskSchedule("field").task("t", new Buffer(out)::copyRow, m)) {
            s.execute();
            assertEquals(s.report().toString(), TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        JvmOracle.assertSame("out", expected, out);
    }

    static float[][] table = {{1f, 2f}, {3f, 4f}};

    public static void fromStatic(float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = table[i & 1][i >> 1 & 1];
        }
    }

    @Test
    public void aStaticMultiDimensionalFieldIsRefusedWithItsReason() {
        try (TaskSchedule s = new TaskSchedule("static").task("t", MultiDimArrayTest::fromStatic, new float[4])) {
            s.execute();
            fail("expected a bailout");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("multi-dimensional"));
        }
    }

    @Test
    public void aMatrixKeptOnTheDevice() {
        int n = 23;
        float[][] a = matrix(14, n, n);
        float[][] b = matrix(15, n, n);
        float[][] c = new float[n][n];
        try (TaskSchedule s = new TaskSchedule("kept").task("t", MultiDimArrayTest::matmul, a, b, c, n)
                .keepOnDevice(a, b)) {
            for (int round = 0; round < 3; round++) {
                s.execute();
                assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
                float[][] expected = new float[n][n];
                matmul(a, b, expected, n);
                JvmOracle.assertSame("c, round " + round, expected, c);
                // A row changed (and one replaced) on the host, said so: the next execution sees it.
                a[round][round] += 1.5f;
                a[n - 1] = JvmOracle.floats(16 + round, n, -1f, 1f);
                s.markChanged(a);
            }
            // A task that reruns on the JVM may change anything: kept arrays are read again after it.
            b[2] = new float[n - 1];
            s.markChanged(b);
            float[][] beforeRows = (float[][]) JvmOracle.cloneValue(c);
            try {
                s.execute();
                fail("b[2] is short: Java throws");
            } catch (ArrayIndexOutOfBoundsException expected) {
                // The JVM's own exception, from its rerun.
            }
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
            b[2] = JvmOracle.floats(30, n, -1f, 1f);
            s.markChanged(b);
            s.execute();
            float[][] expected = new float[n][n];
            matmul(a, b, expected, n);
            JvmOracle.assertSame("c after the rerun", expected, c);
            assertTrue(beforeRows.length == n);
            s.dropFromDevice(a, b);
            a[0][0] = -4f;
            s.execute();
            matmul(a, b, expected, n);
            JvmOracle.assertSame("c after dropping", expected, c);
        }
    }

    public static void swapRows(float[][] m) {
        for (@Parallel int i = 0; i < 1; i++) {
            float[] t = m[0];
            m[0] = m[1];
            m[1] = t;
        }
    }

    @Test
    public void storingARowIsRefusedWithItsReason() {
        float[][] m = matrix(9, 2, 4);
        try (TaskSchedule s = new TaskSchedule("swap").task("t", MultiDimArrayTest::swapRows, m)) {
            s.execute();
            fail("expected a bailout");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("array of arrays"));
        }
    }
}

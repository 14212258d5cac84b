package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Arrays a method allocates before its {@code @Parallel} loops ({@code float[] tmp = new float[n];}): the host allocates
 * them, zeroed, at every execution, and the method's kernels share them, as Java's loops do. Every case runs strict on
 * the device against the JVM: two passes through a scratch array, every element type, elements never written (Java's
 * zeros), lengths from arguments, array lengths and arithmetic, a second execution (fresh zeros again), a 2-D nest,
 * parallel streams, a negative length (Java's {@code NegativeArraySizeException}) and an index past a scratch array's
 * end (Java's {@code ArrayIndexOutOfBoundsException}), both through the JVM.
 */
public class ScratchArrayTest {
    /** Two passes: a doubled copy, then each element with its right neighbour (wrapping). */
    static void twoPass(float[] a, float[] out, int n) {
        float[] tmp = new float[n];
        for (@Parallel int i = 0; i < n; i++) {
            tmp[i] = a[i] * 2f;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = tmp[i] + tmp[(i + 1) % n];
        }
    }

    /** Prefix-free stencil over a scratch copy of another length (the argument's). */
    static void smooth(double[] a, double[] out) {
        double[] s = new double[a.length + 2];
        for (@Parallel int i = 0; i < a.length; i++) {
            s[i + 1] = a[i];
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = (s[i] + 2.0 * s[i + 1] + s[i + 2]) / 4.0;
        }
    }

    /** A scratch array read where no loop wrote it: Java's zeros (every other element). */
    static void evensOnly(int[] a, int[] out, int n) {
        long[] t = new long[2 * n];
        for (@Parallel int i = 0; i < n; i++) {
            t[2 * i] = (long) a[i] * a[i];
        }
        for (@Parallel int i = 0; i < 2 * n; i++) {
            out[i] = (int) (t[i] >> 3) + 1;
        }
    }

    /** Narrow types: bytes, shorts and chars through scratch arrays. */
    static void narrow(int[] a, int[] out, int n) {
        byte[] b = new byte[n];
        short[] s = new short[n];
        char[] c = new char[n];
        boolean[] z = new boolean[n];
        for (@Parallel int i = 0; i < n; i++) {
            b[i] = (byte) a[i];
            s[i] = (short) (a[i] >> 3);
            c[i] = (char) (a[i] ^ 0x5a5a);
            z[i] = a[i] < 0;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = b[i] + s[n - 1 - i] + c[i] + (z[i] ? 1000 : 0);
        }
    }

    /** Accumulates into a scratch array: a second execution must start from zeros again. */
    static void accumulate(float[] a, float[] out, int n) {
        float[] acc = new float[n];
        for (@Parallel int i = 0; i < n; i++) {
            for (int k = 0; k < 4; k++) {
                acc[i] += a[i] * k;
            }
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] += acc[i];
        }
    }

    /** A 2-D nest writes a scratch matrix, a 1-D loop sums its rows. */
    static void rowSums(int[] a, int[] out, int rows, int cols) {
        int[] m = new int[rows * cols];
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                m[r * cols + c] = a[r * cols + c] * (c + 1);
            }
        }
        for (@Parallel int r = 0; r < rows; r++) {
            int s = 0;
            for (int c = 0; c < cols; c++) {
                s += m[r * cols + c];
            }
            out[r] = s;
        }
    }

    /** Parallel streams sharing a scratch array. */
    static void streams(float[] a, float[] out, int n) {
        float[] tmp = new float[n];
        IntStream.range(0, n).parallel().forEach(i -> tmp[i] = a[i] - 1f);
        IntStream.range(0, n).parallel().forEach(i -> out[i] = tmp[n - 1 - i] * tmp[i]);
    }

    /** A length Java computes as {@code n - 10}: negative for small n. */
    static void shorter(float[] a, float[] out, int n) {
        float[] tmp = new float[n - 10];
        for (@Parallel int i = 0; i < n - 10; i++) {
            tmp[i] = a[i];
        }
        for (@Parallel int i = 0; i < n - 10; i++) {
            out[i] = tmp[i];
        }
    }

    /** A scratch array half as long as the loop: the index passes its end. */
    static void tooShort(int[] a, int[] out, int n) {
        int[] half = new int[n / 2];
        for (@Parallel int i = 0; i < n; i++) {
            half[i] = a[i];
        }
        for (@Parallel int i = 0; i < n / 2; i++) {
            out[i] = half[i];
        }
    }

    @Test
    public void twoPassesThroughAScratchArray() {
        int n = 5003;
        check(ScratchArrayTest::twoPass, Inputs.floats(201, n, -3f, 3f), new float[n], n);
    }

    @Test
    public void lengthFromAnArrayLength() {
        check(ScratchArrayTest::smooth, Inputs.doubles(202, 4099, -1.0, 1.0), new double[4099]);
    }

    @Test
    public void unwrittenElementsAreZeros() {
        int n = 3001;
        check(ScratchArrayTest::evensOnly, Inputs.ints(203, n), new int[2 * n], n);
    }

    @Test
    public void everyNarrowType() {
        int n = 2048;
        check(ScratchArrayTest::narrow, Inputs.ints(204, n), new int[n], n);
    }

    @Test
    public void everyExecutionStartsFromZeros() {
        int n = 1000;
        float[] a = Inputs.floats(205, n, -2f, 2f);
        float[] expected = new float[n];
        accumulate(a, expected, n);
        accumulate(a, expected, n);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("twice").task("t", ScratchArrayTest::accumulate, a, out, n)) {
            s.execute();
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        }
        assertSame("out", expected, out);
    }

    @Test
    public void aTwoDimensionalNestWritesIt() {
        int rows = 67;
        int cols = 45;
        check(ScratchArrayTest::rowSums, Inputs.ints(206, rows * cols), new int[rows], rows, cols);
    }

    @Test
    public void parallelStreamsShareIt() {
        int n = 2500;
        check(ScratchArrayTest::streams, Inputs.floats(207, n, -3f, 3f), new float[n], n);
    }

    @Test
    public void aNegativeLengthThrowsAsJavaDoes() {
        int n = 7;
        float[] a = new float[n];
        float[] out = new float[n];
        Throwable e = checkThrows(x -> shorter((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                s -> s.task("t", ScratchArrayTest::shorter, a, out, n), a, out, n);
        assertTrue(e.toString(), e instanceof NegativeArraySizeException);
        // Long enough: on the device.
        int m = 900;
        check(ScratchArrayTest::shorter, Inputs.floats(208, m, -1f, 1f), new float[m], m);
    }

    @Test
    public void pastAScratchArraysEndThrowsAsJavaDoes() {
        int n = 300;
        int[] a = Inputs.ints(209, n);
        int[] out = new int[n];
        Throwable e = checkThrows(x -> tooShort((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", ScratchArrayTest::tooShort, a, out, n), a, out, n);
        assertEquals("Index 150 out of bounds for length 150", e.getMessage());
    }

    @Test
    public void inBatches() {
        int n = 20_000;
        float[] a = Inputs.floats(210, n, -3f, 3f);
        float[] expected = new float[n];
        twoPass(a, expected, n);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("batches").batch("16KB")
                .task("t", ScratchArrayTest::twoPass, a, out, n)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        }
        assertSame("out", expected, out);
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import org.junit.Test;

/**
 * Copies of array arguments made before the {@code @Parallel} loops ({@code a.clone()}, {@code Arrays.copyOf},
 * {@code Arrays.copyOfRange}, {@code System.arraycopy} into a new array): the host makes the copy at every execution,
 * into an array it allocates, and the loops use it like any array. Every case runs strict on the device against the
 * JVM, the argument itself left as Java leaves it; lengths and ranges Java refuses throw Java's exception through the
 * JVM.
 */
public class ArgumentCopyTest {
    /** A clone updated in place by one loop and read reversed by the next; the argument stays as it was. */
    static void cloneThenUpdate(int[] a, int[] out) {
        int[] t = a.clone();
        for (@Parallel int i = 0; i < t.length; i++) {
            t[i] = t[i] * 3 + 1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[t.length - 1 - i] - a[i];
        }
    }

    /** {@code copyOf} to another length: longer pads with zeros, shorter truncates. */
    static void copyOfLength(float[] a, float[] out, int m) {
        float[] t = Arrays.copyOf(a, m);
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = t[i] * 2f + t[m - 1 - i];
        }
    }

    /** {@code copyOfRange}, the range possibly past the end (zeros there). */
    static void copyOfRange(double[] a, double[] out, int from, int to) {
        double[] t = Arrays.copyOfRange(a, from, to);
        for (@Parallel int i = 0; i < t.length; i++) {
            out[i] = t[i] + 0.5 * i;
        }
    }

    /** Two arguments copied into the halves of one new array. */
    static void concatenate(long[] a, long[] b, long[] out) {
        long[] t = new long[a.length + b.length];
        System.arraycopy(a, 0, t, 0, a.length);
        System.arraycopy(b, 0, t, a.length, b.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] ^ t[t.length - 1 - i];
        }
    }

    /** Narrow element types. */
    static void narrowClones(byte[] b, short[] s, char[] c, int[] out) {
        byte[] tb = b.clone();
        short[] ts = s.clone();
        char[] tc = c.clone();
        for (@Parallel int i = 0; i < out.length; i++) {
            tb[i] += 3;
            out[i] = tb[i] * 7 + ts[i] - tc[i];
        }
    }

    /** A task that writes the array, then one that clones it: the clone sees the first task's values. */
    static void bump(int[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] += 1000;
        }
    }

    @Test
    public void aCloneUpdatedInPlaceLeavesTheArgument() {
        int n = 4001;
        check(ArgumentCopyTest::cloneThenUpdate, Inputs.ints(301, n), new int[n]);
    }

    @Test
    public void copyOfLongerAndShorter() {
        int n = 2000;
        check(ArgumentCopyTest::copyOfLength, Inputs.floats(302, n, -3f, 3f), new float[3000], 3000);
        check(ArgumentCopyTest::copyOfLength, Inputs.floats(303, n, -3f, 3f), new float[1200], 1200);
        check(ArgumentCopyTest::copyOfLength, Inputs.floats(304, n, -3f, 3f), new float[n], n);
    }

    @Test
    public void copyOfRangeInsideAndPastTheEnd() {
        int n = 1500;
        check(ArgumentCopyTest::copyOfRange, Inputs.doubles(305, n, -1.0, 1.0), new double[n], 100, 900);
        check(ArgumentCopyTest::copyOfRange, Inputs.doubles(306, n, -1.0, 1.0), new double[n], 1000, 2400);
        check(ArgumentCopyTest::copyOfRange, Inputs.doubles(307, n, -1.0, 1.0), new double[n], n, n + 5);
    }

    @Test
    public void copyOfRangeOutOfOrderOrOutsideThrowsAsJavaDoes() {
        int n = 50;
        double[] a = Inputs.doubles(308, n, -1.0, 1.0);
        double[] out = new double[n];
        Throwable e = checkThrows(x -> copyOfRange((double[]) x[0], (double[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", ArgumentCopyTest::copyOfRange, a, out, 30, 10), a, out, 30, 10);
        assertTrue(e.toString(), e instanceof IllegalArgumentException);
        Throwable f = checkThrows(x -> copyOfRange((double[]) x[0], (double[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", ArgumentCopyTest::copyOfRange, a, out, -1, 10), a, out, -1, 10);
        assertTrue(f.toString(), f instanceof ArrayIndexOutOfBoundsException);
        Throwable g = checkThrows(x -> copyOfRange((double[]) x[0], (double[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", ArgumentCopyTest::copyOfRange, a, out, n + 1, n + 2), a, out, n + 1, n + 2);
        assertTrue(g.toString(), g instanceof ArrayIndexOutOfBoundsException);
    }

    @Test
    public void aNegativeCopyOfLengthThrowsAsJavaDoes() {
        float[] a = Inputs.floats(309, 10, -1f, 1f);
        float[] out = new float[10];
        Throwable e = checkThrows(x -> copyOfLength((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                s -> s.task("t", ArgumentCopyTest::copyOfLength, a, out, -4), a, out, -4);
        assertTrue(e.toString(), e instanceof NegativeArraySizeException);
    }

    @Test
    public void twoArgumentsIntoOneNewArray() {
        int n = 1700;
        int m = 900;
        check(ArgumentCopyTest::concatenate, Inputs.longs(310, n), Inputs.longs(311, m), new long[n + m]);
    }

    @Test
    public void narrowElementTypes() {
        int n = 1024;
        byte[] b = new byte[n];
        short[] s = new short[n];
        char[] c = new char[n];
        int[] r = Inputs.ints(312, n);
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r[i];
            s[i] = (short) (r[i] >> 7);
            c[i] = (char) (r[i] >>> 13);
        }
        check(ArgumentCopyTest::narrowClones, b, s, c, new int[n]);
    }

    @Test
    public void aCloneSeesAnEarlierTasksWrites() {
        int n = 2222;
        int[] a = Inputs.ints(313, n);
        int[] out = new int[n];
        int[] ea = a.clone();
        int[] eout = new int[n];
        bump(ea);
        cloneThenUpdate(ea, eout);
        try (TaskSchedule s = new TaskSchedule("two").task("w", ArgumentCopyTest::bump, a)
                .task("t", ArgumentCopyTest::cloneThenUpdate, a, out)) {
            s.execute();
            TaskReport w = s.report().task("w");
            assertEquals(w.reason(), TaskReport.Where.DEVICE, w.ranOn());
        }
        assertSame("a", ea, a);
        assertSame("out", eout, out);
    }

    @Test
    public void everyExecutionCopiesAgain() {
        int n = 1000;
        int[] a = Inputs.ints(314, n);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("again").task("t", ArgumentCopyTest::cloneThenUpdate, a, out)) {
            s.execute();
            a[7] = 12345;
            a[n - 1] = -9;
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        }
        int[] expected = new int[n];
        cloneThenUpdate(a, expected);
        assertSame("out", expected, out);
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import org.junit.Test;

/**
 * {@code System.arraycopy}, {@code clone()} and {@code Arrays.copyOf}/{@code copyOfRange} in kernels, between
 * private arrays ({@code new int[4]}) and array arguments, of every primitive type: strict, against the JVM. The
 * copies overlap (Java copies as if through a temporary array), and the positions are out of range for some
 * work-items (the JVM's {@code IndexOutOfBoundsException} and message, arrays as the JVM leaves them). Lengths
 * known only at run time (and copies longer than the compiler unrolls) are loops; their tests cover both directions
 * of overlap, one Java array passed for both parameters, per-work-item lengths and {@code Arrays.fill}.
 */
public class ArrayCopyTest {

    public static void shiftInPrivate(int[] a, int[] out, int from, int to) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[6];
            for (int k = 0; k < 6; k++) {
                t[k] = a[(i + k) % a.length];
            }
            System.arraycopy(t, from, t, to, 3);
            out[i] = t[0] + 3 * t[1] + 5 * t[2] + 7 * t[3] + 11 * t[4] + 13 * t[5];
        }
    }

    public static void windowFromArgument(float[] a, float[] out, int off) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] w = new float[4];
            System.arraycopy(a, i + off, w, 0, 4);
            out[i] = w[0] - w[1] * w[2] + w[3];
        }
    }

    public static void blockToOutput(double[] out, double x) {
        for (@Parallel int i = 0; i < out.length / 4; i++) {
            double[] t = new double[4];
            for (int k = 0; k < 4; k++) {
                t[k] = x * i + k;
            }
            System.arraycopy(t, 0, out, i * 4, 4);
        }
    }

    public static void inPlaceBlocks(long[] a) {
        for (@Parallel int i = 0; i < a.length / 4; i++) {
            System.arraycopy(a, 4 * i, a, 4 * i + 1, 3);
        }
    }

    public static void cloned(short[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            short[] t = new short[3];
            t[0] = a[i];
            t[1] = (short) (a[i] * 3);
            short[] c = t.clone();
            c[0] = 7;
            t[2] = -1;
            out[i] = c[0] + c[1] * 10 + c[2] * 100 + t[0] + t[2] * 1000 + c.length;
        }
    }

    public static void copyOfBothWays(char[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            char[] t = new char[4];
            t[0] = a[i];
            t[3] = (char) (a[i] + 1);
            char[] longer = Arrays.copyOf(t, 6);
            char[] shorter = Arrays.copyOf(t, 2);
            char[] middle = Arrays.copyOfRange(t, 1, 4);
            out[i] = longer[3] + longer[5] + shorter[0] + shorter.length + middle[2] * 7 + middle.length;
        }
    }

    public static void bytesAndBooleans(byte[] a, boolean[] flags, byte[] outB, boolean[] outF) {
        for (@Parallel int i = 0; i < outB.length / 2; i++) {
            System.arraycopy(a, i, outB, 2 * i, 2);
            System.arraycopy(flags, i, outF, 2 * i, 2);
        }
    }

    public static void zeroLength(int[] a, int[] out, int pos) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[2];
            System.arraycopy(a, pos, t, 0, 0);
            out[i] = t[0] + i;
        }
    }

    public static void mismatchedTypes(int[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            System.arraycopy(a, 0, out, 0, 1);
        }
    }

    // ---------------------------------------------------------------- lengths known only at run time

    public static void rowsOfWidth(float[] src, float[] dst, int w, int off) {
        for (@Parallel int i = 0; i < dst.length / w; i++) {
            System.arraycopy(src, i * w + off, dst, i * w, w);
        }
    }

    public static void shiftInRows(long[] a, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + from, a, i * w + to, n);
        }
    }

    public static void betweenArguments(double[] a, double[] b, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + from, b, i * w + to, n);
        }
    }

    public static void gatherRuns(int[] src, int[] starts, int[] lens, int[] dst, int w) {
        for (@Parallel int i = 0; i < lens.length; i++) {
            System.arraycopy(src, starts[i], dst, i * w, lens[i]);
        }
    }

    public static void narrowTypes(byte[] b, char[] c, short[] s, boolean[] f, byte[] ob, char[] oc, short[] os,
            boolean[] of, int n) {
        for (@Parallel int i = 0; i < ob.length / n; i++) {
            System.arraycopy(b, i, ob, i * n, n);
            System.arraycopy(c, i, oc, i * n, n);
            System.arraycopy(s, i, os, i * n, n);
            System.arraycopy(f, i, of, i * n, n);
        }
    }

    public static void repeatedInALoop(int[] a, int[] out, int w, int reps) {
        for (@Parallel int i = 0; i < out.length / w; i++) {
            for (int r = 0; r < reps; r++) {
                System.arraycopy(a, i * w + r, out, i * w, w - r);
                out[i * w] += r;
            }
        }
    }

    public static void largePrivateCopies(double[] a, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double[] t = new double[200];
            System.arraycopy(a, i % 7, t, 0, 200);
            double[] c = t.clone();
            System.arraycopy(c, 0, c, 1, 199);
            out[i] = t[(i * 13) % 200] + 3 * c[(i * 7) % 200] + c[0] - c[1] + t[199];
        }
    }

    public static void fillRanges(int[] a, int w, int from, int to, int v) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            Arrays.fill(a, i * w + from, i * w + to, v + i);
        }
    }

    @Test
    public void rowsOfARuntimeWidth() {
        float[] src = JvmOracle.floats(11, 1000, -5f, 5f);
        for (int w : new int[] {1, 3, 16, 250, 1000}) {
            check(ArrayCopyTest::rowsOfWidth, src, new float[1000], w, 0);
        }
        check(ArrayCopyTest::rowsOfWidth, src, new float[990], 10, 9);
        for (int[] bad : new int[][] {{10, 1}, {10, -1}, {3, 2}}) {
            float[] dst = JvmOracle.floats(12, 1000, 0f, 1f);
            MoreChecks.checkThrows(x -> rowsOfWidth((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", ArrayCopyTest::rowsOfWidth, src, dst, bad[0], bad[1]), src, dst, bad[0], bad[1]);
        }
    }

    @Test
    public void overlappingRuntimeCopiesInOneArgument() {
        // Within each row of 16: later, earlier, onto itself, nothing, the whole row.
        int[][] moves = {{0, 1, 15}, {1, 0, 15}, {2, 9, 7}, {9, 2, 7}, {5, 5, 11}, {3, 8, 0}, {0, 0, 16}, {4, 6, 10}};
        for (int[] m : moves) {
            check(ArrayCopyTest::shiftInRows, JvmOracle.longs(13, 480), 16, m[0], m[1], m[2]);
            check(ArrayCopyTest::shiftInRows, JvmOracle.longs(14, 487), 16, m[0], m[1], m[2]);
        }
        // The last row's copy runs past the end, a length is negative, a position is MIN_VALUE or MAX_VALUE.
        int[][] bad = {{0, 1, 16}, {3, 0, -1}, {Integer.MIN_VALUE, 0, 1}, {0, Integer.MAX_VALUE, 1},
            {Integer.MAX_VALUE - 2, 0, 5}};
        for (int[] m : bad) {
            long[] a = JvmOracle.longs(15, 480);
            MoreChecks.checkThrows(x -> shiftInRows((long[]) x[0], (Integer) x[1], (Integer) x[2], (Integer) x[3],
                    (Integer) x[4]), s -> s.task("t", ArrayCopyTest::shiftInRows, a, 16, m[0], m[1], m[2]), a, 16, m[0],
                    m[1], m[2]);
        }
    }

    @Test
    public void oneJavaArrayForBothParameters() {
        int[][] moves = {{0, 3, 9}, {3, 0, 9}, {1, 1, 12}, {0, 12, 4}};
        for (int[] m : moves) {
            // Two arrays: the direction changes nothing.
            check(ArrayCopyTest::betweenArguments, JvmOracle.doubles(16, 320, -1, 1), new double[320], 16, m[0], m[1],
                    m[2]);
            // One array for both: Java copies as if through a temporary array.
            double[] expected = JvmOracle.doubles(17, 320, -1, 1);
            double[] actual = expected.clone();
            betweenArguments(expected, expected, 16, m[0], m[1], m[2]);
            try (TaskSchedule s = new TaskSchedule("alias").task("t", ArrayCopyTest::betweenArguments, actual, actual,
                    16, m[0], m[1], m[2])) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            JvmOracle.assertSame("one array for both parameters, move " + Arrays.toString(m), expected, actual);
        }
    }

    @Test
    public void lengthsOfEachWorkItem() {
        int[] src = JvmOracle.ints(18, 300);
        int[] starts = JvmOracle.ints(19, 40, 0, 250);
        int[] lens = JvmOracle.ints(20, 40, 0, 9);
        lens[5] = 0;
        lens[6] = 8;
        check(ArrayCopyTest::gatherRuns, src, starts, lens, JvmOracle.ints(21, 320), 8);
        // One work-item's length is negative; another's run passes the end of src.
        for (int at : new int[] {0, 17, 39}) {
            int[] badLens = lens.clone();
            badLens[at] = -1;
            int[] dst = new int[320];
            MoreChecks.checkThrows(x -> gatherRuns((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3],
                    (Integer) x[4]), s -> s.task("t", ArrayCopyTest::gatherRuns, src, starts, badLens, dst, 8), src,
                    starts, badLens, dst, 8);
        }
        int[] badStarts = starts.clone();
        int[] fullLens = lens.clone();
        badStarts[23] = 296;
        fullLens[23] = 8;
        int[] dst = new int[320];
        MoreChecks.checkThrows(x -> gatherRuns((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3],
                (Integer) x[4]), s -> s.task("t", ArrayCopyTest::gatherRuns, src, badStarts, fullLens, dst, 8), src,
                badStarts, fullLens, dst, 8);
    }

    @Test
    public void narrowTypesAtRuntimeLengths() {
        int m = 70;
        byte[] b = new byte[m];
        char[] c = new char[m];
        short[] s = new short[m];
        boolean[] f = new boolean[m];
        for (int i = 0; i < m; i++) {
            b[i] = (byte) (i * 37 - 128);
            c[i] = (char) (i * 2731 + 60000);
            s[i] = (short) (i * -911);
            f[i] = i % 3 == 1;
        }
        for (int n : new int[] {1, 5, 7}) {
            int out = 10 * n;
            MoreChecks.check(ArrayCopyTest::narrowTypes, b, c, s, f, new byte[out], new char[out], new short[out],
                    new boolean[out], n);
        }
    }

    @Test
    public void copiesInASequentialLoop() {
        int[] a = JvmOracle.ints(22, 400);
        check(ArrayCopyTest::repeatedInALoop, a, new int[390], 13, 5);
        check(ArrayCopyTest::repeatedInALoop, a, new int[390], 13, 0);
        int[] out = new int[390];
        // reps past w: the length w - r turns negative.
        MoreChecks.checkThrows(x -> repeatedInALoop((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", ArrayCopyTest::repeatedInALoop, a, out, 13, 15), a, out, 13, 15);
    }

    @Test
    public void copiesLongerThanTheUnrolledOnes() {
        check(ArrayCopyTest::largePrivateCopies, JvmOracle.doubles(23, 206, -3, 3), new double[64]);
        double[] out = new double[64];
        double[] shortA = JvmOracle.doubles(24, 203, -3, 3);
        MoreChecks.checkThrows(x -> largePrivateCopies((double[]) x[0], (double[]) x[1]),
                s -> s.task("t", ArrayCopyTest::largePrivateCopies, shortA, out), shortA, out);
    }

    @Test
    public void arraysFillOfRuntimeRanges() {
        check(ArrayCopyTest::fillRanges, JvmOracle.ints(25, 333), 11, 2, 9, -7);
        check(ArrayCopyTest::fillRanges, JvmOracle.ints(26, 333), 11, 4, 4, 5);
        // from > to: IllegalArgumentException; past the end: ArrayIndexOutOfBoundsException.
        for (int[] bad : new int[][] {{5, 4}, {-1, 3}, {0, 15}}) {
            int[] a = JvmOracle.ints(27, 333);
            MoreChecks.checkThrows(x -> fillRanges((int[]) x[0], (Integer) x[1], (Integer) x[2], (Integer) x[3],
                    (Integer) x[4]), s -> s.task("t", ArrayCopyTest::fillRanges, a, 11, bad[0], bad[1], 1), a, 11,
                    bad[0], bad[1], 1);
        }
    }

    @Test
    public void overlappingCopiesInAPrivateArray() {
        int[] a = JvmOracle.ints(1, 50);
        int[][] moves = {{0, 1}, {1, 0}, {0, 3}, {3, 0}, {2, 2}, {1, 3}};
        for (int[] m : moves) {
            check(ArrayCopyTest::shiftInPrivate, a, new int[40], m[0], m[1]);
        }
    }

    @Test
    public void positionsOutOfRangeThrowAsTheJvmDoes() {
        int[] a = JvmOracle.ints(2, 50);
        int[][] moves = {{4, 0}, {0, 4}, {-1, 0}, {0, -1}, {Integer.MIN_VALUE, 0}, {Integer.MAX_VALUE, 1}};
        for (int[] m : moves) {
            int[] out = new int[40];
            MoreChecks.checkThrows(x -> shiftInPrivate((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", ArrayCopyTest::shiftInPrivate, a, out, m[0], m[1]), a, out, m[0], m[1]);
        }
    }

    @Test
    public void aWindowOfAnArgument() {
        float[] a = JvmOracle.floats(3, 100, -2f, 2f);
        check(ArrayCopyTest::windowFromArgument, a, new float[96], 0);
        check(ArrayCopyTest::windowFromArgument, a, new float[90], 6);
        // The last work-items' windows run past a: the JVM's exception.
        float[] out = new float[98];
        MoreChecks.checkThrows(x -> windowFromArgument((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                s -> s.task("t", ArrayCopyTest::windowFromArgument, a, out, 0), a, out, 0);
        float[] out2 = new float[10];
        MoreChecks.checkThrows(x -> windowFromArgument((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                s -> s.task("t", ArrayCopyTest::windowFromArgument, a, out2, -1), a, out2, -1);
    }

    @Test
    public void privateBlocksIntoTheOutput() {
        check(ArrayCopyTest::blockToOutput, new double[400], 0.25);
        // Not a multiple of 4: the last elements keep their values.
        double[] out = JvmOracle.doubles(4, 402, -1, 1);
        check(ArrayCopyTest::blockToOutput, out, -1.5);
    }

    @Test
    public void overlappingBlocksOfAnArgument() {
        check(ArrayCopyTest::inPlaceBlocks, JvmOracle.longs(5, 400));
        check(ArrayCopyTest::inPlaceBlocks, JvmOracle.longs(6, 403));
    }

    @Test
    public void clonesArePrivateCopies() {
        short[] a = new short[64];
        for (int i = 0; i < a.length; i++) {
            a[i] = (short) (i * 1000 - 20000);
        }
        check(ArrayCopyTest::cloned, a, new int[64]);
    }

    @Test
    public void arraysCopyOfAndCopyOfRange() {
        char[] a = new char[50];
        for (int i = 0; i < a.length; i++) {
            a[i] = (char) (i * 1311);
        }
        a[3] = 0xFFFF;
        check(ArrayCopyTest::copyOfBothWays, a, new int[50]);
    }

    @Test
    public void bytesAndBooleansMove() {
        byte[] a = {1, -2, 3, -128, 127, 0, 9, -9, 55};
        boolean[] f = {true, false, false, true, true, false, true, true, false};
        check(ArrayCopyTest::bytesAndBooleans, a, f, new byte[16], new boolean[16]);
    }

    @Test
    public void aCopyOfNothingStillChecksItsPositions() {
        int[] a = JvmOracle.ints(7, 10);
        check(ArrayCopyTest::zeroLength, a, new int[20], 10);
        check(ArrayCopyTest::zeroLength, a, new int[20], 0);
        for (int pos : new int[] {11, -1}) {
            int[] out = new int[20];
            MoreChecks.checkThrows(x -> zeroLength((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", ArrayCopyTest::zeroLength, a, out, pos), a, out, pos);
        }
    }

    @Test
    public void mismatchedElementTypesAreRefused() {
        try (TaskSchedule s = new TaskSchedule("mismatch").task("t", ArrayCopyTest::mismatchedTypes, new int[4],
                new float[4])) {
            s.execute();
            fail("expected a CompilationException: " + s.report());
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("ArrayStoreException"));
        }
    }
}

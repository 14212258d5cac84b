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
 * work-items (the JVM's {@code IndexOutOfBoundsException} and message, arrays as the JVM leaves them).
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

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Variables holding one of several arrays: {@code float[] src = first ? a : b;}, an if/else chain over three arrays,
 * arrays swapped in a sequential loop (ping-pong between private arrays, or between a private array and an
 * argument), a choice's {@code length}, and one Java array passed for both choices. Each access through such a
 * variable becomes a branch to the access of the array it holds, with that array's check. Strict, against the JVM.
 */
public class ArrayChoiceTest {

    public static void pick(float[] a, float[] b, float[] out, boolean first) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] src = first ? a : b;
            out[i] = src[i] * 2f + src.length;
        }
    }

    public static void storeThroughAChoice(int[] a, int[] b, int[] in, int which) {
        for (@Parallel int i = 0; i < in.length; i++) {
            int[] dst = (i + which) % 2 == 0 ? a : b;
            dst[i] = in[i] * 3;
        }
    }

    public static void threeWays(long[] a, long[] b, long[] c, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long[] src;
            if (i % 3 == 0) {
                src = a;
            } else if (i % 3 == 1) {
                src = b;
            } else {
                src = c;
            }
            out[i] = src[i / 3] - i;
        }
    }

    public static void pingPong(int[] in, int[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] x = new int[8];
            int[] y = new int[8];
            for (int j = 0; j < 8; j++) {
                x[j] = in[(i + j) % in.length];
            }
            for (int s = 0; s < steps; s++) {
                for (int j = 0; j < 8; j++) {
                    y[j] = x[j] + 3 * x[(j + 1) & 7];
                }
                int[] t = x;
                x = y;
                y = t;
            }
            out[i] = x[0] ^ x[5] ^ y[7];
        }
    }

    public static void lengthOfAChoice(double[] a, double[] b, double[] out, int k) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double[] src = i < k ? a : b;
            double s = 0;
            for (int j = 0; j < src.length; j++) {
                s += src[j] * (i + 1);
            }
            out[i] = s;
        }
    }

    public static void privateOrArgument(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[4];
            t[i & 3] = i;
            int[] src = (i & 1) == 0 ? t : a;
            out[i] = src[n] + src.length;
        }
    }

    @Test
    public void aTernaryOfTwoArguments() {
        float[] a = JvmOracle.floats(1, 300, -1f, 1f);
        float[] b = JvmOracle.floats(2, 200, -1f, 1f);
        check(ArrayChoiceTest::pick, a, b, new float[200], true);
        check(ArrayChoiceTest::pick, a, b, new float[200], false);
        // b is shorter than out: the JVM's exception, where Java reads b.
        float[] out = new float[250];
        MoreChecks.checkThrows(x -> pick((float[]) x[0], (float[]) x[1], (float[]) x[2], (Boolean) x[3]),
                s -> s.task("t", ArrayChoiceTest::pick, a, b, out, false), a, b, out, false);
        check(ArrayChoiceTest::pick, a, b, new float[250], true);
    }

    @Test
    public void storesThroughAChoiceAndOneArrayForBoth() {
        int[] in = JvmOracle.ints(3, 100);
        check(ArrayChoiceTest::storeThroughAChoice, new int[100], new int[100], in, 0);
        check(ArrayChoiceTest::storeThroughAChoice, new int[100], new int[100], in, 1);
        // One Java array as both choices: every element stored once, as in Java.
        int[] expected = new int[100];
        storeThroughAChoice(expected, expected, in, 1);
        int[] both = new int[100];
        try (TaskSchedule s = new TaskSchedule("both").task("t", ArrayChoiceTest::storeThroughAChoice, both, both,
                in, 1)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("one array for both choices", expected, both);
    }

    @Test
    public void anIfElseChainOverThreeArrays() {
        check(ArrayChoiceTest::threeWays, JvmOracle.longs(4, 40), JvmOracle.longs(5, 40), JvmOracle.longs(6, 40),
                new long[120]);
        long[] out = new long[121];
        long[] a = JvmOracle.longs(7, 40);
        MoreChecks.checkThrows(x -> threeWays((long[]) x[0], (long[]) x[1], (long[]) x[2], (long[]) x[3]),
                s -> s.task("t", ArrayChoiceTest::threeWays, a, a, a, out), a, a, a, out);
    }

    @Test
    public void privateArraysSwappedInALoop() {
        int[] in = JvmOracle.ints(8, 50, -100, 100);
        for (int steps : new int[] {0, 1, 2, 5}) {
            check(ArrayChoiceTest::pingPong, in, new int[64], steps);
        }
    }

    @Test
    public void theLengthOfAChoice() {
        check(ArrayChoiceTest::lengthOfAChoice, JvmOracle.doubles(9, 7, -1, 1), JvmOracle.doubles(10, 13, -1, 1),
                new double[40], 17);
    }

    @Test
    public void aPrivateArrayOrAnArgument() {
        int[] a = JvmOracle.ints(11, 6);
        check(ArrayChoiceTest::privateOrArgument, a, new int[30], 3);
        // Index 5: past the private array's 4 elements (even i), within a's 6: the JVM's exception.
        int[] out = new int[30];
        MoreChecks.checkThrows(x -> privateOrArgument((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", ArrayChoiceTest::privateOrArgument, a, out, 5), a, out, 5);
    }
}

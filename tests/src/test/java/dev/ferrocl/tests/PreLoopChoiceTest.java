package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import org.junit.Test;

/**
 * Values chosen before the {@code @Parallel} loop on paths some of which return early (a {@code switch} with a
 * {@code default: return;}, an if/else chain with a returning arm): the kernel selects the value of the path Java
 * took, the host launches nothing where Java returns. Strict, against the JVM, every path and the values at the
 * edges of each condition, with a division and an element read on some paths (made by the host where Java makes
 * them).
 */
public class PreLoopChoiceTest {
    public static void chain(long[] out, int mode, int n, int d) {
        long scale;
        int shift;
        if (mode == 0) {
            scale = 1;
            shift = 0;
        } else if (mode == 1) {
            scale = n / d;
            shift = 3;
        } else if (mode < 0) {
            return;
        } else {
            scale = -7L * n;
            shift = mode & 31;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (scale * i) << shift;
        }
    }

    public static void fromElements(float[] out, float[] a, boolean[] flags) {
        float bias;
        if (a.length == 0) {
            return;
        } else if (flags[0]) {
            bias = a[0];
        } else {
            bias = a[a.length - 1] * 2f;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * 0.5f + bias;
        }
    }

    @Test
    public void aSwitchWithADefaultThatReturns() {
        int n = 1000;
        for (char op : new char[] {'+', '-', '*', '/', 0, 0xFFFF}) {
            int[] out = JvmOracle.ints(7301, n);
            check(ShapeProbeTest::charOpBeforeLoop, out, JvmOracle.ints(7302, n), JvmOracle.ints(7303, n), op);
        }
    }

    @Test
    public void anIfElseChainWithAReturningArmAndADivision() {
        for (int mode : new int[] {0, 1, 2, 31, 32, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            for (int n : new int[] {0, 17, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
                for (int d : new int[] {1, -1, 3}) {
                    check(PreLoopChoiceTest::chain, new long[300], mode, n, d);
                }
            }
        }
        // A zero divisor on the path Java takes: its exception; on another path: nothing.
        check(PreLoopChoiceTest::chain, new long[300], 0, 17, 0);
        long[] out = new long[300];
        Throwable e = MoreChecks.checkThrows(x -> chain((long[]) x[0], (int) x[1], (int) x[2], (int) x[3]),
                s -> s.task("t", PreLoopChoiceTest::chain, out, 1, 17, 0), out, 1, 17, 0);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void elementsChosenOnPathsThatReturnOrNot() {
        float[] a = JvmOracle.floats(7304, 50, -4f, 4f);
        check(PreLoopChoiceTest::fromElements, new float[400], a, new boolean[] {true});
        check(PreLoopChoiceTest::fromElements, new float[400], a, new boolean[] {false});
        check(PreLoopChoiceTest::fromElements, new float[400], new float[0], new boolean[] {true});
        // An empty flags array: Java reads flags[0] only where a is not empty.
        check(PreLoopChoiceTest::fromElements, new float[400], new float[0], new boolean[0]);
        float[] out = new float[400];
        boolean[] none = new boolean[0];
        Throwable e = MoreChecks.checkThrows(x -> fromElements((float[]) x[0], (float[]) x[1], (boolean[]) x[2]),
                s -> s.task("t", PreLoopChoiceTest::fromElements, out, a, none), out, a, none);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }
}

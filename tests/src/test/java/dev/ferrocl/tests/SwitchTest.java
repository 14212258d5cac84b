package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/** tableswitch and lookupswitch in the parallel loop body, with fall-through and default, exact. */
public class SwitchTest {

    @Test
    public void denseTableSwitchWithDefault() {
        for (int n : SIZES) {
            int[] k = JvmOracle.withSpecials(JvmOracle.ints(700, n, -2, 8), Integer.MIN_VALUE, Integer.MAX_VALUE, 6,
                    -1);
            check(SwitchKernels::tableSwitch, k, Inputs.ints(701, n), new int[n], n);
        }
    }

    @Test
    public void sparseLookupSwitchWithExtremeKeys() {
        int[] keys = {-1000, 1, 100, 65_536, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 2, 99, 101, -999, 65_535};
        for (int n : SIZES) {
            int[] k = JvmOracle.ints(702, n);
            for (int i = 0; i < n; i++) {
                if (i % 2 == 0) {
                    k[i] = keys[(i / 2) % keys.length];
                }
            }
            check(SwitchKernels::lookupSwitch, k, new int[n], n);
        }
    }

    @Test
    public void fallThroughAndContinueFromDefault() {
        for (int n : SIZES) {
            check(SwitchKernels::fallThrough, Inputs.ints(703, n), Inputs.ints(704, n), n);
        }
    }

    @Test
    public void negativeDenseKeysAndDefaultInTheMiddle() {
        for (int n : SIZES) {
            check(SwitchKernels::negativeKeys, JvmOracle.ints(705, n, -5, 6), new long[n], n);
        }
    }

    @Test
    public void switchOnAnUnsignedChar() {
        for (int n : SIZES) {
            char[] c = Inputs.chars(706, n);
            String text = "hello, world 0123456789 aeiou \uFFFF";
            for (int i = 0; i < n; i += 2) {
                c[i] = text.charAt(i % text.length());
            }
            check(SwitchKernels::charSwitch, c, new int[n], n);
        }
    }

    @Test
    public void switchOnASignExtendedByte() {
        for (int n : SIZES) {
            check(SwitchKernels::byteSwitch, Inputs.bytes(707, n), new int[n], n);
        }
    }

    @Test
    public void switchExpressionWithMultipleLabels() {
        for (int n : SIZES) {
            check(SwitchKernels::switchExpression, Inputs.ints(708, n), Inputs.floats(709, n, -4f, 4f), new float[n],
                    n);
        }
    }

    @Test
    public void switchInAnInnerLoopInterpreter() {
        int[] program = {0, 1, 3, 2, 10, 7, 3, 1, 0, -4, 3, 2};
        int[] halting = {1, 1, 2, 99, 0, 0, 0};
        for (int n : SIZES) {
            check(SwitchKernels::interpreter, program, Inputs.ints(710, n), new int[n], n);
            check(SwitchKernels::interpreter, halting, Inputs.ints(711, n), new int[n], n);
        }
    }

    @Test
    public void switchOnBucketsOfALongWithFallThrough() {
        for (int n : SIZES) {
            check(SwitchKernels::switchOnLongBucket, Inputs.longs(712, n), Inputs.ints(713, n), n);
        }
    }
}

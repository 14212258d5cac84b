package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * Every int and long arithmetic, bitwise and shift bytecode (iadd … lushr), on every pair of edge values
 * (MIN/MAX, -1, 0, byte/char/short boundaries) and random values, exact.
 */
public class IntegerOpsTest {

    @Test
    public void intAddSubMulWrapAround() {
        for (int n : SIZES) {
            int[][] p = Inputs.intPairs(100, n);
            check(OpKernels::intAddSubMul, p[0], p[1], new int[n], new int[n], new int[n], n);
        }
    }

    @Test
    public void intDivRemTruncateTowardZeroAndMinByMinusOne() {
        for (int n : SIZES) {
            int[] a = JvmOracle.withSpecials(Inputs.ints(101, n), Integer.MIN_VALUE, Integer.MIN_VALUE,
                    Integer.MIN_VALUE, -7, 7, -7, 7, 0, Integer.MAX_VALUE, -1);
            int[] b = Inputs.nonZeroInts(102, n);
            JvmOracle.withSpecials(b, -1, 1, Integer.MIN_VALUE, 2, -2, -2, 2, -5, -1, Integer.MIN_VALUE);
            check(OpKernels::intDivRem, a, b, new int[n], new int[n], n);
        }
    }

    @Test
    public void intDivRemByConstants() {
        for (int n : SIZES) {
            check(OpKernels::intDivRemByConstants, Inputs.ints(103, n), new int[n], n);
        }
    }

    @Test
    public void intNegationAndBitwise() {
        for (int n : SIZES) {
            int[][] p = Inputs.intPairs(104, n);
            check(OpKernels::intNegAndBitwise, p[0], p[1], new int[n], new int[n], new int[n], new int[n], n);
        }
    }

    @Test
    public void intShiftsMaskCountsAtLeast32AndNegative() {
        for (int n : SIZES) {
            int[] a = Inputs.ints(105, n);
            int[] s = Inputs.shiftCounts(106, n);
            // every special value shifted by every special count
            int k = Inputs.SHIFT_SPECIALS.length;
            for (int p = 0; p < Math.min(n, Inputs.INT_SPECIALS.length * k); p++) {
                a[p] = Inputs.INT_SPECIALS[p / k];
                s[p] = Inputs.SHIFT_SPECIALS[p % k];
            }
            check(OpKernels::intShifts, a, s, new int[n], new int[n], new int[n], n);
        }
    }

    @Test
    public void intShiftsByConstantCountsOutsideTheRange() {
        for (int n : SIZES) {
            check(OpKernels::intShiftsByConstants, Inputs.ints(107, n), new int[n], n);
        }
    }

    @Test
    public void intIincNarrowAndWide() {
        for (int n : SIZES) {
            check(OpKernels::intIinc, Inputs.ints(108, n), new int[n], n);
        }
    }

    @Test
    public void intScalarParameterMixedIn() {
        for (int n : SIZES) {
            for (int k : new int[] {0, 1, -1, 7, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
                check(OpKernels::intScalarMix, Inputs.ints(109, n), k, new int[n], n);
            }
        }
    }

    @Test
    public void longAddSubMulWrapAround() {
        for (int n : SIZES) {
            long[][] p = Inputs.longPairs(110, n);
            check(OpKernels::longAddSubMul, p[0], p[1], new long[n], new long[n], new long[n], n);
        }
    }

    @Test
    public void longDivRemTruncateTowardZeroAndMinByMinusOne() {
        for (int n : SIZES) {
            long[] a = Inputs.with(Inputs.longs(111, n), Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, -7L, 7L,
                    -7L, 7L, 0L, Long.MAX_VALUE, -1L);
            long[] b = Inputs.with(Inputs.nonZeroLongs(112, n), -1L, 1L, Long.MIN_VALUE, 2L, -2L, -2L, 2L, -5L, -1L,
                    Long.MIN_VALUE);
            check(OpKernels::longDivRem, a, b, new long[n], new long[n], n);
        }
    }

    @Test
    public void longNegationAndBitwise() {
        for (int n : SIZES) {
            long[][] p = Inputs.longPairs(113, n);
            check(OpKernels::longNegAndBitwise, p[0], p[1], new long[n], new long[n], new long[n], new long[n], n);
        }
    }

    @Test
    public void longShiftsMaskCountsAtLeast64AndNegative() {
        for (int n : SIZES) {
            long[] a = Inputs.longs(114, n);
            int[] s = Inputs.shiftCounts(115, n);
            int k = Inputs.SHIFT_SPECIALS.length;
            for (int p = 0; p < Math.min(n, Inputs.LONG_SPECIALS.length * k); p++) {
                a[p] = Inputs.LONG_SPECIALS[p / k];
                s[p] = Inputs.SHIFT_SPECIALS[p % k];
            }
            check(OpKernels::longShifts, a, s, new long[n], new long[n], new long[n], n);
        }
    }

    @Test
    public void longShiftsByLongCounts() {
        for (int n : SIZES) {
            long[] s = Inputs.with(Inputs.longs(116, n), 0L, 63L, 64L, 65L, -1L, Long.MIN_VALUE, Long.MAX_VALUE,
                    0x1_0000_0001L, -64L);
            check(OpKernels::longShiftsByLongCounts, Inputs.longs(117, n), s, new long[n], n);
        }
    }
}

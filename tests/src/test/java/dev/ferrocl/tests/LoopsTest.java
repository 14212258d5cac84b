package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * Sequential loops inside the parallel loop (for, while, do-while, nested, break, continue, labeled), exact:
 * floating-point accumulations must come out bit for bit as the JVM's, in the JVM's order.
 */
public class LoopsTest {

    @Test
    public void hornerPolynomialFloat() {
        float[] coeffs = {1f, -0.5f, 0.25f, 1e-3f, -7f, 3.3f, 0.1f};
        for (int n : SIZES) {
            check(LoopKernels::hornerFloat, Inputs.floats(600, n, -3f, 3f), coeffs, new float[n], n);
        }
        check(LoopKernels::hornerFloat, Inputs.floats(601, 100, -3f, 3f), new float[0], new float[100], 100);
    }

    @Test
    public void hornerPolynomialDouble() {
        double[] coeffs = {1, -0.5, 0.25, 1e-3, -7, 3.3, 0.1, 1e-9, 12345.678};
        for (int n : SIZES) {
            check(LoopKernels::hornerDouble, Inputs.doubles(602, n, -3, 3), coeffs, new double[n], n);
        }
    }

    @Test
    public void rowSumsIntAndDouble() {
        for (int rows : SIZES) {
            int cols = rows > 10_000 ? 9 : 33;
            check(LoopKernels::rowSums, Inputs.ints(603, rows * cols), Inputs.doubles(604, rows * cols, -1e6, 1e6),
                    cols, new int[rows], new double[rows], rows);
        }
    }

    @Test
    public void matrixVectorProduct() {
        for (int rows : SIZES) {
            int cols = rows > 10_000 ? 8 : 64;
            check(LoopKernels::matVec, Inputs.plainFloats(605, rows * cols, -1f, 1f),
                    Inputs.plainFloats(606, cols, -1f, 1f), new float[rows], cols, rows);
        }
    }

    @Test
    public void collatzWhileLoopWithACap() {
        for (int n : SIZES) {
            long[] start = new long[n];
            for (int i = 0; i < n; i++) {
                start[i] = i + 1;
            }
            if (n > 3) {
                start[0] = 0; // never reaches 1: the cap stops it
                start[1] = -7;
                start[2] = Long.MAX_VALUE;
            }
            check(LoopKernels::collatz, start, new int[n], 500, n);
        }
    }

    @Test
    public void digitCountDoWhile() {
        for (int n : SIZES) {
            check(LoopKernels::digitCount, Inputs.ints(607, n), new int[n], new int[n], n);
        }
    }

    @Test
    public void gcdWhileLoop() {
        for (int n : SIZES) {
            long[] a = Inputs.longs(608, n);
            long[] b = Inputs.longs(609, n);
            for (int i = 0; i < n; i += 2) {
                a[i] %= 100_000;
                b[i] %= 100_000;
            }
            Inputs.with(b, 0L, 0L, 5L, Long.MIN_VALUE, -1L);
            check(LoopKernels::gcd, a, b, new long[n], n);
        }
    }

    @Test
    public void popcountWhileLoopOnNegativeValues() {
        for (int n : SIZES) {
            check(LoopKernels::popcountLoop, Inputs.ints(610, n), new int[n], n);
        }
    }

    @Test
    public void powerBySquaringWraps() {
        for (int n : SIZES) {
            check(LoopKernels::powMod, Inputs.longs(611, n), Inputs.ints(612, n), new long[n], n);
        }
    }

    @Test
    public void triangularNestDependingOnTheWorkItem() {
        for (int n : SIZES) {
            check(LoopKernels::triangular, Inputs.ints(613, n), new long[n], n);
        }
    }

    @Test
    public void threeNestedLoops() {
        for (int n : SIZES) {
            check(LoopKernels::threeDeep, Inputs.floats(614, n, -10f, 10f), new float[n], n);
        }
    }

    @Test
    public void innerLoopThatMayRunZeroTimes() {
        for (int n : SIZES) {
            int[] lo = JvmOracle.ints(615, n, -50, 50);
            int[] hi = JvmOracle.ints(616, n, -50, 50);
            check(LoopKernels::zeroTripInner, lo, hi, new int[n], n);
        }
    }

    @Test
    public void breakOutOfALinearSearch() {
        for (int rows : SIZES) {
            int cols = 24;
            float[] m = Inputs.floats(617, rows * cols, -1f, 1f);
            check(LoopKernels::firstAbove, m, cols, 0.9f, new int[rows], rows);
            check(LoopKernels::firstAbove, m, cols, Float.NaN, new int[rows], rows);
        }
    }

    @Test
    public void continueInAnInnerLoop() {
        for (int rows : SIZES) {
            int cols = 17;
            check(LoopKernels::sumNonNegative, JvmOracle.ints(618, rows * cols, -100, 200), cols, new int[rows],
                    new int[rows], rows);
        }
    }

    @Test
    public void labeledBreakOutOfTwoLoops() {
        for (int n : SIZES) {
            int[] m = JvmOracle.ints(619, n, -20, 20);
            check(LoopKernels::labeledBreak, m, 12, 7, new int[n], n);
        }
    }

    @Test
    public void labeledContinueOfTheOuterLoop() {
        for (int n : SIZES) {
            int cols = 5;
            check(LoopKernels::labeledContinue, JvmOracle.ints(620, n * cols, -5, 60), cols, 6, new int[n], n);
        }
    }

    @Test
    public void breakOutOfWhileTrue() {
        for (int n : SIZES) {
            check(LoopKernels::whileTrueBreak, Inputs.ints(621, n), new int[n], n);
        }
    }

    @Test
    public void longInductionVariableAndFloatAccumulator() {
        for (int n : SIZES) {
            long[] start = Inputs.longs(622, n);
            for (int i = 0; i < n; i++) {
                start[i] = start[i] >> 20; // no overflow of k + 3 beyond start + 20
            }
            check(LoopKernels::longCounterFloatSum, start, new float[n], n);
        }
    }

    @Test
    public void newtonSquareRootFixedIterations() {
        for (int n : SIZES) {
            check(LoopKernels::newtonSqrt, Inputs.doubles(623, n, 0, 1e6), new double[n], n);
        }
    }

    @Test
    public void severalStoresPerWorkItem() {
        for (int n : SIZES) {
            int width = n > 10_000 ? 3 : 11;
            check(LoopKernels::expandRows, Inputs.ints(624, n), width, new int[n * width], n);
        }
    }

    @Test
    public void fibonacciThreeLoopCarriedValues() {
        for (int n : SIZES) {
            check(LoopKernels::fibonacci, Inputs.ints(625, n), new int[n], n);
        }
    }

    @Test
    public void whileWithBreakInsideFor() {
        for (int n : SIZES) {
            check(LoopKernels::whileInFor, JvmOracle.ints(626, n, -10, 100_000), new int[n], n);
        }
    }

    @Test
    public void doWhileOnAFloatConditionWithNaN() {
        for (int n : SIZES) {
            check(LoopKernels::doWhileFloat, Inputs.floats(627, n, -1e6f, 1e6f), new float[n], new int[n], n);
        }
    }

    @Test
    public void countedLoopsAtTheEdgesOfInt() {
        int n = 257;
        int[] from = JvmOracle.ints(606, n, 0, 30);
        check(LoopKernels::intEdges, from, new int[n], n);
    }
}

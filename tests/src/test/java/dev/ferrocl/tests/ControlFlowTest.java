package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * Comparisons of every type in conditions and ternaries (lcmp, fcmpl/fcmpg, dcmpl/dcmpg, NaN in every form),
 * if/else chains, nested ifs, short-circuit {@code &&}/{@code ||} guarding divisions and indices, and an early
 * {@code continue} of the parallel loop: exact.
 */
public class ControlFlowTest {

    @Test
    public void intComparisons() {
        for (int n : SIZES) {
            int[][] p = Inputs.intPairs(500, n);
            check(ControlFlowKernels::intCompares, p[0], p[1], new int[n], n);
        }
    }

    @Test
    public void intComparisonsOfNearValues() {
        for (int n : SIZES) {
            int[] a = Inputs.ints(501, n);
            int[] b = a.clone();
            for (int i = 0; i < n; i++) {
                b[i] += i % 3 - 1; // equal, one less, one more (wrapping at the ends)
            }
            check(ControlFlowKernels::intCompares, a, b, new int[n], n);
        }
    }

    @Test
    public void longComparisonsLcmp() {
        for (int n : SIZES) {
            long[][] p = Inputs.longPairs(502, n);
            check(ControlFlowKernels::longCompares, p[0], p[1], new int[n], n);
        }
    }

    @Test
    public void floatComparisonsWithNaNFcmplFcmpg() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(503, n, -10f, 10f);
            check(ControlFlowKernels::floatCompares, p[0], p[1], new int[n], n);
        }
    }

    @Test
    public void doubleComparisonsWithNaNDcmplDcmpg() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(504, n, -10, 10);
            check(ControlFlowKernels::doubleCompares, p[0], p[1], new int[n], n);
        }
    }

    @Test
    public void comparisonsStoredIntoBooleanArrays() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(505, n, -1f, 1f);
            check(ControlFlowKernels::comparisonsIntoBooleans, p[0], p[1], new boolean[n], new boolean[n],
                    new boolean[n], n);
        }
    }

    @Test
    public void mixedTypeComparisons() {
        for (int n : SIZES) {
            int[] a = Inputs.ints(506, n);
            long[] b = new long[n];
            float[] f = new float[n];
            for (int i = 0; i < n; i++) {
                b[i] = a[i] + (long) (i % 3 - 1); // around a[i], beyond the int range at MIN/MAX
                f[i] = i % 2 == 0 ? (float) a[i] : a[i] + 1; // (float) a[i] rounds: == holds for nearby ints too
            }
            check(ControlFlowKernels::mixedTypeCompares, a, b, f, Inputs.chars(507, n), new int[n], n);
        }
    }

    @Test
    public void ternarySelectIsNotMinMax() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(508, n, -5f, 5f);
            check(ControlFlowKernels::ternarySelect, p[0], p[1], new float[n], new float[n], n);
        }
    }

    @Test
    public void doubleTernarySelectWithNegation() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(509, n, -5, 5);
            check(ControlFlowKernels::doubleTernarySelect, p[0], p[1], new double[n], new double[n], n);
        }
    }

    @Test
    public void nestedTernariesSignAndClamp() {
        for (int n : SIZES) {
            check(ControlFlowKernels::nestedTernaries, Inputs.ints(510, n), -1000, 1000, new int[n], new int[n], n);
            check(ControlFlowKernels::nestedTernaries, Inputs.ints(511, n), Integer.MIN_VALUE, 0, new int[n],
                    new int[n], n);
        }
    }

    @Test
    public void ifElseChainOfFiveBuckets() {
        for (int n : SIZES) {
            check(ControlFlowKernels::ifElseChain, Inputs.floats(512, n, -300f, 300f), new int[n], new float[n], n);
        }
    }

    @Test
    public void nestedIfsWithStoresOnSomePaths() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(513, n, -5000, 5000);
            int[] b = JvmOracle.ints(514, n, -5000, 5000);
            for (int i = 0; i < n; i += 5) {
                b[i] = a[i];
            }
            check(ControlFlowKernels::nestedIfs, a, b, Inputs.ints(515, n), n);
        }
    }

    @Test
    public void valuesMergedAfterAnIf() {
        for (int n : SIZES) {
            check(ControlFlowKernels::phiAfterIf, Inputs.doubles(516, n, -1e3, 1e3), Inputs.longs(517, n),
                    new double[n], n);
        }
    }

    @Test
    public void branchesOnTheIndexAndOnAScalarMode() {
        for (int n : SIZES) {
            for (int mode = 0; mode < 4; mode++) {
                check(ControlFlowKernels::branchOnIndexAndMode, Inputs.ints(518, n), mode, new int[n], n);
            }
        }
    }

    @Test
    public void conditionalStoresToDifferentArrays() {
        for (int n : SIZES) {
            check(ControlFlowKernels::partition, Inputs.floats(519, n, -1f, 1f), Inputs.floats(520, n, 5f, 6f),
                    Inputs.floats(521, n, 7f, 8f), n);
        }
    }

    @Test
    public void booleanLocalsCombined() {
        for (int n : SIZES) {
            check(ControlFlowKernels::booleanLocals, Inputs.ints(522, n), JvmOracle.ints(523, n, -3000, 3000),
                    new int[n], n);
        }
    }

    @Test
    public void andGuardsADivisionByZero() {
        for (int n : SIZES) {
            int[] b = JvmOracle.ints(524, n, -3, 4); // about one in seven is 0
            int[] a = Inputs.ints(525, n);
            check(ControlFlowKernels::andGuardsDivision, a, b, new int[n], n);
        }
    }

    @Test
    public void orGuardsAnOutOfRangeIndex() {
        for (int n : SIZES) {
            int m = Math.max(1, n / 2);
            int[] idx = JvmOracle.withSpecials(JvmOracle.ints(526, n, -m, 2 * m), -1, m, Integer.MIN_VALUE,
                    Integer.MAX_VALUE, 0, m - 1);
            int[] data = JvmOracle.ints(527, m, -2, 3);
            check(ControlFlowKernels::orGuardsIndex, idx, data, new int[n], n);
        }
    }

    @Test
    public void ternaryGuardsAnOutOfRangeIndex() {
        for (int n : SIZES) {
            int m = Math.max(1, n / 3);
            int[] idx = JvmOracle.withSpecials(JvmOracle.ints(528, n, -m, 2 * m), -1, m, Integer.MIN_VALUE,
                    Integer.MAX_VALUE, 0);
            check(ControlFlowKernels::ternaryGuardsIndex, idx, Inputs.floats(529, m, -1f, 1f), new float[n], n);
        }
    }

    @Test
    public void mixedAndOrWithNaN() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(530, n, -2, 2);
            check(ControlFlowKernels::mixedAndOr, p[0], p[1], new int[n], n);
        }
    }

    @Test
    public void earlyContinueOfTheParallelLoop() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(531, n, -20, 20); // zeros included: they would divide by zero
            check(ControlFlowKernels::earlyContinue, a, Inputs.ints(532, n), n);
        }
    }

    @Test
    public void longConditionChain() {
        for (int n : SIZES) {
            check(ControlFlowKernels::longConditions, Inputs.longs(533, n), new long[n], n);
        }
    }
}

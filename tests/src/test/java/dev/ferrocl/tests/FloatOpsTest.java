package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * Every float and double arithmetic bytecode (fadd … dneg), bit for bit, on every pair of edge values (NaN, ±0,
 * ±∞, denormals, MAX) and random values: IEEE round-to-nearest, no FMA contraction, no flush to zero, and
 * {@code %} as C's fmod (the sign of the dividend, exact).
 */
public class FloatOpsTest {

    @Test
    public void floatAddSubMulDiv() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(200, n, -1e4f, 1e4f);
            check(OpKernels::floatArith, p[0], p[1], new float[n], new float[n], new float[n], new float[n], n);
        }
    }

    @Test
    public void floatAddSubMulDivOnRandomBitPatterns() {
        for (int n : SIZES) {
            check(OpKernels::floatArith, Inputs.floatBits(201, n), Inputs.floatBits(202, n), new float[n],
                    new float[n], new float[n], new float[n], n);
        }
    }

    @Test
    public void floatRemainderIsFmodAndNegation() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(203, n, -1e3f, 1e3f);
            check(OpKernels::floatRemNeg, p[0], p[1], new float[n], new float[n], n);
        }
    }

    @Test
    public void floatRemainderWithFarApartExponents() {
        for (int n : SIZES) {
            // 1e30 % 3 and friends: the quotient has far more bits than a float; fmod is still exact
            check(OpKernels::floatRemNeg, Inputs.floatBits(204, n), Inputs.floats(205, n, 0.001f, 10f), new float[n],
                    new float[n], n);
        }
    }

    @Test
    public void doubleAddSubMulDiv() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(206, n, -1e6, 1e6);
            check(OpKernels::doubleArith, p[0], p[1], new double[n], new double[n], new double[n], new double[n], n);
        }
    }

    @Test
    public void doubleAddSubMulDivOnRandomBitPatterns() {
        for (int n : SIZES) {
            check(OpKernels::doubleArith, Inputs.doubleBits(207, n), Inputs.doubleBits(208, n), new double[n],
                    new double[n], new double[n], new double[n], n);
        }
    }

    @Test
    public void doubleRemainderIsFmodAndNegation() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(209, n, -1e3, 1e3);
            check(OpKernels::doubleRemNeg, p[0], p[1], new double[n], new double[n], n);
        }
    }

    @Test
    public void doubleRemainderWithFarApartExponents() {
        for (int n : SIZES) {
            check(OpKernels::doubleRemNeg, Inputs.doubleBits(210, n), Inputs.doubles(211, n, 1e-3, 10.0),
                    new double[n], new double[n], n);
        }
    }

    @Test
    public void floatMultiplyAddIsNotContracted() {
        for (int n : SIZES) {
            // operands whose product is inexact: a contracted fma would keep the low bits
            float[] a = Inputs.plainFloats(212, n, 1f, 2f);
            float[] b = Inputs.plainFloats(213, n, 1f, 2f);
            float[] c = new float[n];
            for (int i = 0; i < n; i++) {
                c[i] = -(a[i] * b[i]);
            }
            check(OpKernels::floatMulAddNoContraction, a, b, c, new float[n], n);
        }
    }

    @Test
    public void doubleMultiplySubtractIsNotContracted() {
        for (int n : SIZES) {
            double[] a = Inputs.plainDoubles(214, n, 1, 2);
            double[] b = Inputs.plainDoubles(215, n, 1, 2);
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                c[i] = a[i] * b[i];
            }
            check(OpKernels::doubleMulSubNoContraction, a, b, c, new double[n], n);
        }
    }

    @Test
    public void floatDenormalsAreNotFlushed() {
        for (int n : SIZES) {
            float[] a = Inputs.floats(216, n, -10f, 10f);
            check(OpKernels::floatDenormals, a, new float[n], n);
        }
    }

    @Test
    public void doubleDenormalsAreNotFlushed() {
        for (int n : SIZES) {
            check(OpKernels::doubleDenormals, Inputs.doubles(217, n, -10, 10), new double[n], n);
        }
    }

    @Test
    public void floatExpressionsStayInFloat() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(218, n, -1e8f, 1e8f);
            check(OpKernels::floatStaysFloat, p[0], Inputs.floats(219, n, -1e-3f, 1e-3f), new float[n], n);
        }
    }

    @Test
    public void floatConstantsAreExact() {
        for (int n : SIZES) {
            check(OpKernels::floatConstants, Inputs.floats(220, n, -1e3f, 1e3f), new float[n], n);
        }
    }

    @Test
    public void doubleConstantsAreExact() {
        for (int n : SIZES) {
            check(OpKernels::doubleConstants, Inputs.doubles(221, n, -1e3, 1e3), new double[n], n);
        }
    }
}

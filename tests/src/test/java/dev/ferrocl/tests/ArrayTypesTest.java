package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * Loads and stores of arrays of every primitive type: byte and short sign-extend, char zero-extends, boolean arrays
 * hold 0/1; index arithmetic, arraylength, loops from an offset, compound assignments to elements.
 */
public class ArrayTypesTest {

    @Test
    public void byteArraysSignExtend() {
        for (int n : SIZES) {
            check(OpKernels::byteArrays, Inputs.bytes(400, n), new byte[n], new int[n], n);
        }
    }

    @Test
    public void charArraysAreUnsigned() {
        for (int n : SIZES) {
            check(OpKernels::charArrays, Inputs.chars(401, n), new char[n], new int[n], n);
        }
    }

    @Test
    public void shortArraysSignExtend() {
        for (int n : SIZES) {
            check(OpKernels::shortArrays, Inputs.shorts(402, n), new short[n], new int[n], n);
        }
    }

    @Test
    public void booleanArraysAndOrXorNot() {
        for (int n : SIZES) {
            check(OpKernels::booleanArrays, Inputs.booleans(403, n), Inputs.booleans(404, n), new boolean[n],
                    new boolean[n], new boolean[n], new boolean[n], n);
        }
    }

    @Test
    public void allPrimitiveArrayTypesInOneKernel() {
        for (int n : SIZES) {
            MoreChecks.check(OpKernels::allArrayTypes, Inputs.booleans(405, n), Inputs.bytes(406, n),
                    Inputs.chars(407, n), Inputs.shorts(408, n), Inputs.ints(409, n), Inputs.longs(410, n),
                    Inputs.floats(411, n, -100f, 100f), Inputs.doubles(412, n, -100, 100), n);
        }
    }

    @Test
    public void computedIndicesInBounds() {
        for (int n : SIZES) {
            check(OpKernels::indexArithmetic, Inputs.ints(413, n), new int[n], new int[n], n);
        }
    }

    @Test
    public void arrayLengthsInTheBody() {
        for (int n : SIZES) {
            check(OpKernels::arrayLengths, Inputs.ints(414, n), new long[n + 3], new byte[2 * n], new int[n], n);
        }
    }

    @Test
    public void loopFromAnOffsetToTheLength() {
        for (int n : SIZES) {
            for (int start : new int[] {0, 1, n / 2, n}) {
                check(OpKernels::fromOffset, Inputs.floats(415, n, -10f, 10f), Inputs.floats(416, n, -1f, 1f), start);
            }
        }
    }

    @Test
    public void compoundAssignmentsToElements() {
        for (int n : SIZES) {
            check(OpKernels::compoundAssignments, Inputs.ints(417, n), Inputs.longs(418, n),
                    Inputs.doubles(419, n, -1e3, 1e3), n);
        }
    }
}

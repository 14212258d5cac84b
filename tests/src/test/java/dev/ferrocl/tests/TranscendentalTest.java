package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.MoreChecks.checkUlps;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/**
 * Transcendental functions of {@code java.lang.Math} and {@code StrictMath}, compared with the JVM within a stated
 * number of ulps of the JVM's result ({@link MoreChecks#assertUlps}); special values (NaN, ±0, ±∞ and the special
 * cases Java's documentation lists, such as {@code pow(1, NaN) == NaN} where C gives 1) must match exactly.
 *
 * <p><b>Tolerances.</b> Issue 3 asks for results "within Java's documented ulp bounds". Java documents, for
 * {@code Math}: exp, log, log10, log1p, expm1, pow, sin, cos, tan, asin, acos, atan, cbrt, hypot within 1 ulp of the
 * exact result; atan2 within 2 ulps; sinh, cosh, tanh within 2.5 ulps ({@code StrictMath} is fdlibm, within the
 * same bounds). If both the JVM's result and the device's are within b ulps of the exact value, they are within 2b
 * ulps of each other; measured in ulps of the JVM's result rather than of the exact value, one more ulp covers a
 * result just below a power of two (where the ulp halves). Hence:
 * <ul>
 *   <li>{@link #ULPS_1}: 3 ulps for the 1-ulp functions,</li>
 *   <li>{@link #ULPS_ATAN2}: 5 ulps for atan2,</li>
 *   <li>{@link #ULPS_HYPERBOLIC}: 6 ulps for sinh, cosh, tanh.</li>
 * </ul>
 * These are tighter than OpenCL's own bounds for its double builtins (sin/cos/tan 4, atan2 6, pow 16 ulps of the
 * exact value): a device whose builtins are only as good as the OpenCL specification requires must get better
 * versions from the compiler, which is what Java's semantics require.
 *
 * <p>For float code ({@code (float) Math.sin(x)}), the JVM's result is the double result rounded to float: within
 * 0.5 float ulp (plus a negligible 2^-29 ulp) of the exact value. We allow {@link #ULPS_FLOAT}: 2 float ulps,
 * enough for a device that evaluates in double and narrows (≤ 1 float ulp apart, a double rounding at most) or uses
 * single-precision builtins accurate to 1 ulp, and tight enough to catch a single-precision builtin of OpenCL's
 * minimal quality (sin 4, pow 16 ulps) or any flush-to-zero.
 */
public class TranscendentalTest {
    /** exp, log, log10, log1p, expm1, pow, sin, cos, tan, asin, acos, atan, cbrt, hypot: 2 × 1 ulp + 1. */
    static final double ULPS_1 = 3;
    /** atan2: 2 × 2 ulps + 1. */
    static final double ULPS_ATAN2 = 5;
    /** sinh, cosh, tanh: 2 × 2.5 ulps + 1. */
    static final double ULPS_HYPERBOLIC = 6;
    /** Float results of the double functions narrowed to float. */
    static final double ULPS_FLOAT = 2;

    @Test
    public void exp() {
        for (int n : SIZES) {
            // overflow above ~709.78, denormal results below ~-708.4, zero below ~-745.13
            checkUlps(ULPS_1, MathKernels::mathExp, Inputs.doubles(1000, n, -746, 710), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathExp, Inputs.plainDoubles(1001, n, -1, 1), new double[n], n);
        }
    }

    /**
     * Where the device's {@code Math.exp} changes the integer k of its reduction {@code x = k ln2 + r} (every
     * {@code (k + 1/2) ln2}) and where it hands over to fdlibm's exp ({@code ±707}): 64 consecutive doubles around
     * each, within the bound of the JVM's results and never decreasing (Java's semi-monotonicity).
     */
    @Test
    public void expAroundItsReductionBoundaries() {
        double[] centres = MathProof.expBoundaries();
        int run = 64;
        double[] x = new double[centres.length * run];
        for (int c = 0; c < centres.length; c++) {
            double v = centres[c];
            for (int k = 0; k < run / 2; k++) {
                v = Math.nextDown(v);
            }
            for (int k = 0; k < run; k++) {
                x[c * run + k] = v;
                v = Math.nextUp(v);
            }
        }
        double[] out = new double[x.length];
        checkUlps(ULPS_1, MathKernels::mathExp, x, out, x.length);
        for (int i = 1; i < x.length; i++) {
            if (i % run != 0) {
                assertTrue("Math.exp decreases from " + x[i - 1] + " (" + out[i - 1] + ") to " + x[i] + " ("
                        + out[i] + ")", out[i] >= out[i - 1]);
            }
        }
    }

    @Test
    public void log() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathLog, Inputs.doubleBits(1002, n), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathLog, Inputs.plainDoubles(1003, n, 0.5, 2), new double[n], n);
        }
    }

    @Test
    public void log10() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathLog10, Inputs.doubleBits(1004, n), new double[n], n);
            // exact powers of ten give exact results in Java
            double[] x = Inputs.plainDoubles(1005, n, 0.5, 2);
            Inputs.with(x, 1, 10, 100, 1e10, 1e22, 1e-5, 1e300, 0.1);
            checkUlps(ULPS_1, MathKernels::mathLog10, x, new double[n], n);
        }
    }

    @Test
    public void log1p() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathLog1p, Inputs.doubles(1006, n, -1, 10), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathLog1p, Inputs.plainDoubles(1007, n, -1e-10, 1e-10), new double[n], n);
        }
    }

    @Test
    public void expm1() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathExpm1, Inputs.doubles(1008, n, -40, 710), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathExpm1, Inputs.plainDoubles(1009, n, -1e-10, 1e-10), new double[n], n);
        }
    }

    @Test
    public void pow() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathPow, Inputs.plainDoubles(1010, n, 0, 10),
                    Inputs.plainDoubles(1011, n, -30, 30), new double[n], n);
            // negative bases: integer exponents give signed results, others NaN
            double[] x = Inputs.plainDoubles(1012, n, -10, 0);
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                y[i] = i % 3 == 0 ? 0.5 + (i % 7) : (i % 41) - 20;
            }
            checkUlps(ULPS_1, MathKernels::mathPow, x, y, new double[n], n);
        }
    }

    @Test
    public void powSpecialCasesAreJavas() {
        // Java: pow(1, NaN) = NaN and pow(±1, ±∞) = NaN (C gives 1); pow(x, ±0) = 1 for any x, NaN included;
        // pow(-0, odd negative) = -∞; pow(-∞, odd) = -∞ and so on: every pair of specials.
        for (int n : new int[] {Inputs.DOUBLE_SPECIALS.length * Inputs.DOUBLE_SPECIALS.length, 7}) {
            double[][] p = Inputs.doublePairs(1013, n, -3, 3);
            checkUlps(ULPS_1, MathKernels::mathPow, p[0], p[1], new double[n], n);
        }
        double[] x = {1, 1, -1, -1, 1, -1, -0.0, -0.0, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.NaN, Double.NaN, -8, -8, 2, 0.5, 1.0000000000000002, 0.9999999999999999};
        double[] y = {Double.NaN, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NaN, -3, -2, 3, -1, 3, -3, 0.0, -0.0, 1.0 / 3, 3, 1024, 1075, 1e300,
            -1e300};
        checkUlps(ULPS_1, MathKernels::mathPow, x, y, new double[x.length], x.length);
    }

    @Test
    public void sin() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathSin, Inputs.doubles(1014, n, -10, 10), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathSin, Inputs.plainDoubles(1015, n, -1e5, 1e5), new double[n], n);
        }
    }

    @Test
    public void cos() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathCos, Inputs.doubles(1016, n, -10, 10), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathCos, Inputs.plainDoubles(1017, n, -1e5, 1e5), new double[n], n);
        }
    }

    @Test
    public void tan() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathTan, Inputs.doubles(1018, n, -10, 10), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathTan, Inputs.plainDoubles(1019, n, -1e5, 1e5), new double[n], n);
        }
    }

    @Test
    public void sinCosTanOfHugeArguments() {
        // Java reduces the argument exactly (Payne-Hanek) for any finite double: 1e22, 1e300, MAX_VALUE included
        double[] huge = {1e22, -1e22, 1e300, Double.MAX_VALUE, 6381956970095103.0 * Math.pow(2, 797), 1e15 + 0.3,
            3.14159265358979e10, Math.PI * (1L << 52), 1.5707963267948966e8, 2.0 * Math.PI * 1e12};
        for (int n : SIZES) {
            double[] x = Inputs.with(Inputs.doubleBits(1020, n), huge);
            checkUlps(ULPS_1, MathKernels::mathSin, x, new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathCos, x, new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathTan, x, new double[n], n);
        }
    }

    @Test
    public void asin() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathAsin, Inputs.doubles(1021, n, -1.1, 1.1), new double[n], n);
        }
    }

    @Test
    public void acos() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathAcos, Inputs.doubles(1022, n, -1.1, 1.1), new double[n], n);
        }
    }

    @Test
    public void atan() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathAtan, Inputs.doubleBits(1023, n), new double[n], n);
            checkUlps(ULPS_1, MathKernels::mathAtan, Inputs.plainDoubles(1024, n, -3, 3), new double[n], n);
        }
    }

    @Test
    public void atan2() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(1025, n, -5, 5);
            checkUlps(ULPS_ATAN2, MathKernels::mathAtan2, p[0], p[1], new double[n], n);
        }
    }

    @Test
    public void atan2SignedZerosAndInfinities() {
        double inf = Double.POSITIVE_INFINITY;
        double[] y = {0.0, -0.0, 0.0, -0.0, 1, -1, 1, -1, inf, -inf, inf, -inf, inf, 0.0, -0.0, 5, -5, Double.NaN};
        double[] x = {0.0, 0.0, -0.0, -0.0, inf, inf, -inf, -inf, inf, inf, -inf, -inf, 3, -3, -3, 0.0, -0.0, 1};
        checkUlps(ULPS_ATAN2, MathKernels::mathAtan2, y, x, new double[y.length], y.length);
    }

    @Test
    public void sinh() {
        for (int n : SIZES) {
            checkUlps(ULPS_HYPERBOLIC, MathKernels::mathSinh, Inputs.doubles(1026, n, -712, 712), new double[n], n);
            checkUlps(ULPS_HYPERBOLIC, MathKernels::mathSinh, Inputs.plainDoubles(1027, n, -1, 1), new double[n], n);
        }
    }

    @Test
    public void cosh() {
        for (int n : SIZES) {
            checkUlps(ULPS_HYPERBOLIC, MathKernels::mathCosh, Inputs.doubles(1028, n, -712, 712), new double[n], n);
            checkUlps(ULPS_HYPERBOLIC, MathKernels::mathCosh, Inputs.plainDoubles(1029, n, -1, 1), new double[n], n);
        }
    }

    @Test
    public void tanh() {
        for (int n : SIZES) {
            checkUlps(ULPS_HYPERBOLIC, MathKernels::mathTanh, Inputs.doubles(1030, n, -25, 25), new double[n], n);
            checkUlps(ULPS_HYPERBOLIC, MathKernels::mathTanh, Inputs.plainDoubles(1031, n, -1e-3, 1e-3), new double[n],
                    n);
        }
    }

    @Test
    public void hypotWithoutOverflowOrUnderflow() {
        for (int n : SIZES) {
            double[][] p = Inputs.doublePairs(1032, n, -1e3, 1e3);
            checkUlps(ULPS_1, MathKernels::mathHypot, p[0], p[1], new double[n], n);
            // huge and tiny operands: x*x would overflow or underflow; hypot must not
            checkUlps(ULPS_1, MathKernels::mathHypot, Inputs.doubleBits(1033, n), Inputs.doubleBits(1034, n),
                    new double[n], n);
        }
    }

    @Test
    public void cbrt() {
        for (int n : SIZES) {
            checkUlps(ULPS_1, MathKernels::mathCbrt, Inputs.doubleBits(1035, n), new double[n], n);
            double[] cubes = Inputs.plainDoubles(1036, n, -100, 100);
            for (int i = 0; i < n; i++) {
                double r = Math.rint(cubes[i]);
                cubes[i] = r * r * r; // exact cubes: Java returns the exact root
            }
            checkUlps(ULPS_1, MathKernels::mathCbrt, cubes, new double[n], n);
        }
    }

    @Test
    public void floatExpAndLogarithms() {
        for (int n : SIZES) {
            checkUlps(ULPS_FLOAT, MathKernels::floatExpLog, Inputs.floats(1038, n, -100f, 100f), new float[n],
                    new float[n], new float[n], new float[n], new float[n], n);
        }
    }

    @Test
    public void floatTrigonometry() {
        for (int n : SIZES) {
            checkUlps(ULPS_FLOAT, MathKernels::floatTrig, Inputs.floats(1039, n, -100f, 100f), new float[n],
                    new float[n], new float[n], new float[n], n);
        }
    }

    @Test
    public void floatInverseTrigonometryAndHyperbolic() {
        for (int n : SIZES) {
            checkUlps(ULPS_FLOAT, MathKernels::floatInverseTrigAndHyperbolic, Inputs.floats(1040, n, -1.1f, 1.1f),
                    new float[n], new float[n], new float[n], new float[n], new float[n], n);
        }
    }

    @Test
    public void floatPowAtan2HypotCbrt() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(1041, n, -4f, 4f);
            checkUlps(ULPS_FLOAT, MathKernels::floatTwoArgument, p[0], p[1], new float[n], new float[n],
                    new float[n], new float[n], n);
        }
    }

    @Test
    public void gaussianAndPolarCoordinates() {
        for (int n : SIZES) {
            // sqrt and arithmetic are exact; exp and atan2 carry their tolerance (the larger one applies to all)
            checkUlps(ULPS_ATAN2, MathKernels::gaussianAndPolar, Inputs.doubles(1042, n, -5, 5),
                    Inputs.doubles(1043, n, -5, 5), new double[n], new double[n], new double[n], n);
        }
    }
}

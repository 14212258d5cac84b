package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;

import org.junit.Test;

/**
 * Java names that collide with OpenCL C: kernel methods named like builtins ({@code acos}), keywords
 * ({@code kernel}, {@code global}) and types ({@code float4}, {@code half}); parameters and locals named like
 * keywords, like the builtins Java semantics are written with ({@code isnan}, {@code fmod}), like the functions
 * {@code Math} maps to ({@code sin}), like macros ({@code M_PI}, {@code INFINITY}) and like the compiler's own names
 * ({@code a_length}); {@code $} and non-ASCII letters. Exact, except the Math test (tolerance of
 * {@link TranscendentalTest#ULPS_FLOAT} and {@link TranscendentalTest#ULPS_1}).
 */
public class IdentifiersTest {

    @Test
    public void kernelMethodsNamedLikeOpenClBuiltinFunctions() {
        for (int n : SIZES) {
            check(IdentifierKernels::acos, Inputs.doubles(1300, n, -1, 1), new double[n], n);
            check(IdentifierKernels::hypot, Inputs.floats(1301, n, -1f, 1f), new float[n], n);
            check(IdentifierKernels::get_global_id, Inputs.ints(1302, n), new int[n], n);
            check(IdentifierKernels::isnan, Inputs.floats(1303, n, -1f, 1f), new int[n], n);
        }
    }

    @Test
    public void kernelMethodsNamedLikeOpenClKeywordsAndTypes() {
        for (int n : SIZES) {
            check(IdentifierKernels::kernel, Inputs.ints(1304, n), new int[n], n);
            check(IdentifierKernels::global, Inputs.ints(1305, n), new int[n], n);
            check(IdentifierKernels::float4, Inputs.floats(1306, n, -1f, 1f), new float[n], n);
            check(IdentifierKernels::half, Inputs.floats(1307, n, -1f, 1f), new float[n], n);
        }
    }

    @Test
    public void parametersAndLocalsNamedLikeOpenClKeywords() {
        for (int n : SIZES) {
            MoreChecks.check(IdentifierKernels::keywordParameters, Inputs.ints(1308, n), Inputs.ints(1309, n),
                    Inputs.floats(1310, n, -10f, 10f), new float[n], 17, new int[n], Inputs.longs(1311, n), n);
        }
    }

    @Test
    public void parametersNamedLikeTheBuiltinsJavaSemanticsUse() {
        for (int n : SIZES) {
            check(IdentifierKernels::builtinNamedParameters, Inputs.floats(1312, n, -1e3f, 1e3f),
                    Inputs.floats(1313, n, -10f, 10f), Inputs.ints(1314, n), Inputs.doubles(1315, n, -1e10, 1e10),
                    new long[n], Inputs.doubles(1316, n, -1e10, 1e10), n);
        }
    }

    @Test
    public void parametersShadowingTheFunctionsMathMapsTo() {
        for (int n : SIZES) {
            // sin/cos narrowed to float, exp in double: the looser of the two tolerances (see TranscendentalTest)
            MoreChecks.checkUlps(TranscendentalTest.ULPS_1, IdentifierKernels::shadowedMathFunctions,
                    Inputs.floats(1317, n, -50f, 50f), new float[n], new float[n], new double[n], new double[n], n);
        }
    }

    @Test
    public void namesTheCompilerGeneratesItself() {
        for (int n : SIZES) {
            check(IdentifierKernels::generatedNames, Inputs.ints(1318, n), 7, Inputs.ints(1319, n), -4, new int[n],
                    n);
        }
    }

    @Test
    public void localsNamedLikeOpenClMacros() {
        for (int n : SIZES) {
            check(IdentifierKernels::macroNamedLocals, Inputs.doubles(1320, n, -10, 10), new double[n], n);
        }
    }

    @Test
    public void dollarSignsAndNonAsciiLetters() {
        for (int n : SIZES) {
            check(IdentifierKernels::dollarAndUnicode, Inputs.floats(1321, n, -10f, 10f),
                    Inputs.floats(1322, n, -10f, 10f), new float[n], n);
        }
    }
}

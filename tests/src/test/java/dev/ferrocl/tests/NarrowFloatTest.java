package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * {@code narrowFloat}: one double {@code + - * / %} or {@code Math.sqrt} of float values, rounded back to float, is
 * computed in float on the device (double rounding is innocuous at 53 >= 2 * 24 + 2 bits). Every result is compared
 * bit for bit with the JVM's, on every pair of special values (NaN, ±0, ±∞, subnormals, MAX), on random bit patterns
 * of every magnitude, and on the hardest square roots: floats next to the square of a float midpoint, where a
 * wrong double rounding would show. Strict mode.
 */
public class NarrowFloatTest {
    /** {@code (float) Math.sqrt(x)}: the NBody and Coulomb form. */
    public static void sqrtOfFloat(float[] x, float[] out, float[] inv, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (float) Math.sqrt(x[i]);
            inv[i] = 1.0f / (float) Math.sqrt(x[i]);
        }
    }

    /** Each operation in double on widened floats, rounded back once. */
    public static void widened(float[] a, float[] b, float[] add, float[] sub, float[] mul, float[] div, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double x = a[i];
            double y = b[i];
            add[i] = (float) (x + y);
            sub[i] = (float) (x - y);
            mul[i] = (float) (x * y);
            div[i] = (float) (x / y);
        }
    }

    /** {@code %} in double on widened floats: fmod is exact in either format. */
    public static void widenedRem(float[] a, float[] b, float[] rem, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            rem[i] = (float) ((double) a[i] % (double) b[i]);
        }
    }

    /**
     * Double literals: 0.5, 3.0 and -0.0 are floats (narrowed), 0.1 is not (stays double), and two double operations
     * in a row round twice in double (stays double).
     */
    public static void literals(float[] a, float[] half, float[] third, float[] tenth, float[] twice, float[] negZero,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            half[i] = (float) (a[i] * 0.5);
            third[i] = (float) (a[i] / 3.0);
            tenth[i] = (float) (a[i] * 0.1);
            twice[i] = (float) ((double) a[i] * a[i] + 1.0);
            negZero[i] = (float) (a[i] + -0.0);
        }
    }

    /**
     * Floats next to {@code m * m}, {@code m} halfway between two floats: their square roots lie within a fraction
     * of an ulp of a float midpoint, the inputs on which rounding twice could go wrong. Also subnormals and every
     * binade's edges.
     */
    static float[] hardSquareRoots(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            int e = r.nextInt(-140, 120);
            int k = r.nextInt(1 << 23, 1 << 24);
            // m = (2k + 1) / 2^25 * 2^e: a midpoint between two adjacent floats
            double m = Math.scalb((2.0 * k + 1.0) / (1 << 25), e);
            float near = (float) (m * m);
            switch (i % 3) {
                case 0 -> x[i] = near;
                case 1 -> x[i] = Math.nextUp(near);
                default -> x[i] = Math.nextDown(near);
            }
        }
        return Inputs.withFloatSpecials(x);
    }

    @Test
    public void squareRootsOfFloatsAreTheJvms() {
        for (int n : SIZES) {
            check(NarrowFloatTest::sqrtOfFloat, hardSquareRoots(1001, n), new float[n], new float[n], n);
            check(NarrowFloatTest::sqrtOfFloat, Inputs.floatBits(1002, n), new float[n], new float[n], n);
        }
    }

    @Test
    public void widenedArithmeticOnSpecialPairs() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(1003, n, -1e4f, 1e4f);
            check(NarrowFloatTest::widened, p[0], p[1], new float[n], new float[n], new float[n],
                    new float[n], n);
            check(NarrowFloatTest::widenedRem, p[0], p[1], new float[n], n);
        }
    }

    @Test
    public void widenedArithmeticOnRandomBitPatterns() {
        for (int n : SIZES) {
            float[] a = Inputs.floatBits(1004, n);
            float[] b = Inputs.floatBits(1005, n);
            check(NarrowFloatTest::widened, a, b, new float[n], new float[n], new float[n], new float[n], n);
            check(NarrowFloatTest::widenedRem, a, b, new float[n], n);
        }
    }

    @Test
    public void widenedArithmeticNearOverflowAndUnderflow() {
        int n = 100_003;
        SplittableRandom r = new SplittableRandom(1006);
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            // results around Float.MAX_VALUE's rounding edge and in the subnormal range
            boolean big = r.nextBoolean();
            a[i] = Math.scalb(1f + r.nextFloat(), big ? r.nextInt(60, 128) : r.nextInt(-149, -60));
            b[i] = Math.scalb(1f + r.nextFloat(), big ? r.nextInt(-2, 70) : r.nextInt(-70, 2))
                    * (r.nextBoolean() ? 1 : -1);
        }
        check(NarrowFloatTest::widened, a, b, new float[n], new float[n], new float[n], new float[n], n);
        check(NarrowFloatTest::widenedRem, a, b, new float[n], n);
    }

    @Test
    public void doubleLiteralsNarrowOnlyWhenTheyAreFloats() {
        for (int n : SIZES) {
            check(NarrowFloatTest::literals, Inputs.floatBits(1007, n), new float[n], new float[n], new float[n],
                    new float[n], new float[n], n);
        }
    }

    @Test
    public void theKernelComputesInFloatAndTheSwitchTurnsItOff() {
        int n = 4099;
        float[] x = hardSquareRoots(1008, n);
        float[] expected = new float[n];
        float[] expectedInv = new float[n];
        sqrtOfFloat(x, expected, expectedInv, n);
        for (boolean on : new boolean[] {true, false}) {
            float[] out = new float[n];
            float[] inv = new float[n];
            try (TaskSchedule s = new TaskSchedule("narrow")) {
                s.optimization("narrowFloat", on);
                s.task("t", NarrowFloatTest::sqrtOfFloat, x, out, inv, n).execute();
                TaskReport r = s.report().task("t");
                assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
                assertArrayEquals(expected, out, 0f);
                assertArrayEquals(expectedInv, inv, 0f);
                String source = s.kernelSource("t");
                if (on) {
                    assertTrue(r.optimizations().toString(), r.optimizations().contains("narrowFloat (2 operations)"));
                    assertFalse(source, source.contains("double"));
                } else {
                    assertFalse(r.optimizations().toString(),
                            r.optimizations().stream().anyMatch(o -> o.startsWith("narrowFloat")));
                    assertTrue(source, source.contains("double"));
                }
            }
        }
    }
}

package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * Narrowed math: {@code (float) Math.sin/cos/tan/exp/log(x)} of a float {@code x} compiles to a fast function that
 * must return exactly the float the device's double function rounds to. Checked in strict mode on PoCL, bit for bit
 * against the same kernel's double path ({@code (float) Math.f(x * one)}, {@code one = 1.0} unknown to the compiler)
 * on a stride through every float bit pattern (every exponent, both signs, NaN, infinities, subnormals) and on the
 * reductions' hardest arguments (floats next to multiples of pi/2 and ln 2, next to 1); against the JVM within
 * {@link TranscendentalTest#ULPS_FLOAT}; with the phase switched off; and in relaxed mode, where the float built-ins
 * are used instead. {@link FloatProof} runs the same comparison over all 2^32 floats ({@code scripts/float-proof.sh}).
 */
public class NarrowedMathTest {
    /** Each narrowed function of x, and each double function of x * one rounded to float. */
    public static void both(float[] x, double one, float[] fast, float[] slow) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            fast[5 * i] = (float) Math.sin(v);
            fast[5 * i + 1] = (float) Math.cos(v);
            fast[5 * i + 2] = (float) Math.tan(v);
            fast[5 * i + 3] = (float) Math.exp(v);
            fast[5 * i + 4] = (float) Math.log(v);
            double w = v * one;
            slow[5 * i] = (float) Math.sin(w);
            slow[5 * i + 1] = (float) Math.cos(w);
            slow[5 * i + 2] = (float) Math.tan(w);
            slow[5 * i + 3] = (float) Math.exp(w);
            slow[5 * i + 4] = (float) Math.log(w);
        }
    }

    /** Only the narrowed forms (the MRI-Q shape: sine and cosine of one float argument). */
    public static void narrowed(float[] x, float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            out[5 * i] = (float) Math.sin(v);
            out[5 * i + 1] = (float) Math.cos(v);
            out[5 * i + 2] = (float) Math.tan(v);
            out[5 * i + 3] = (float) Math.exp(v);
            out[5 * i + 4] = (float) Math.log(v);
        }
    }

    static final String[] NAMES = {"sin", "cos", "tan", "exp", "log"};

    /** A stride through all bit patterns, then the hard cases. */
    static float[] inputs(int stride) {
        java.util.ArrayList<Float> v = new java.util.ArrayList<>();
        for (long b = 17; b < (1L << 32); b += stride) {
            v.add(Float.intBitsToFloat((int) b));
        }
        float[] specials = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE,
            -Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 1f, -1f, 87f, -87f, 88.72f,
            -103.97f, 0x1p20f, Math.nextUp(0x1p20f), 1e20f, (float) Math.PI, (float) (Math.PI / 2)};
        for (float s : specials) {
            v.add(s);
        }
        for (int k = 1; k < 3000; k++) {
            for (double c : new double[] {Math.PI / 2, Math.log(2)}) {
                int centre = Float.floatToRawIntBits((float) (k * c));
                for (int d = -8; d < 8; d++) {
                    v.add(Float.intBitsToFloat(centre + d));
                    v.add(-Float.intBitsToFloat(centre + d));
                }
            }
        }
        for (int d = -2048; d < 2048; d++) {
            v.add(Float.intBitsToFloat(Float.floatToRawIntBits(1f) + d));
        }
        SplittableRandom r = new SplittableRandom(6001);
        for (int i = 0; i < 100_000; i++) {
            // ordinary arguments, MRI-Q's range among them
            v.add((float) (r.nextDouble(-100, 100)));
        }
        float[] a = new float[v.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = v.get(i);
        }
        return a;
    }

    private static List<String> run(boolean narrow, boolean relaxed, float[] x, float[] out, String[] source) {
        try (TaskSchedule s = new TaskSchedule("narrowed")) {
            s.optimization("narrowFloat", narrow);
            s.relaxedMath(relaxed);
            s.task("t", NarrowedMathTest::narrowed, x, out).execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            source[0] = s.kernelSource("t");
            return r.optimizations();
        }
    }

    /** With sinCosPairs (the sine and cosine of v computed together) and without (each function alone). */
    @Test
    public void narrowedResultsAreTheDoublePathsBitForBit() {
        narrowedResultsAreTheDoublePaths(true);
        narrowedResultsAreTheDoublePaths(false);
    }

    private static void narrowedResultsAreTheDoublePaths(boolean pairs) {
        float[] x = inputs(4093);
        int n = x.length;
        float[] fast = new float[5 * n];
        float[] slow = new float[5 * n];
        try (TaskSchedule s = new TaskSchedule("narrowed")) {
            s.optimization("sinCosPairs", pairs);
            s.task("t", NarrowedMathTest::both, x, 1.0, fast, slow).execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            assertTrue(r.optimizations().toString(), r.optimizations().contains("narrowFloat (5 operations)"));
            assertEquals(r.optimizations().toString(), pairs, r.optimizations().contains("sinCosPairs (1 pair)"));
            String src = s.kernelSource("t");
            for (String f : NAMES) {
                assertTrue(f, src.contains("ferrocl_math_" + f + "f("));
            }
        }
        for (int i = 0; i < n; i++) {
            for (int f = 0; f < 5; f++) {
                float a = fast[5 * i + f];
                float b = slow[5 * i + f];
                boolean same = Float.floatToRawIntBits(a) == Float.floatToRawIntBits(b) || a != a && b != b;
                assertTrue("(float) Math." + NAMES[f] + "(" + x[i] + " [" + Integer.toHexString(
                        Float.floatToRawIntBits(x[i])) + "]): narrowed " + a + ", double path " + b, same);
            }
        }
    }

    @Test
    public void narrowedResultsAreWithinTheBoundOfTheJvmsAndTheSwitchTurnsThemOff() {
        float[] x = inputs(65537);
        int n = x.length;
        float[] expected = new float[5 * n];
        narrowed(x, expected);
        String[] src = new String[1];
        float[] on = new float[5 * n];
        List<String> applied = run(true, false, x, on, src);
        assertTrue(applied.toString(), applied.contains("narrowFloat (5 operations)"));
        assertTrue(src[0], src[0].contains("ferrocl_math_sinf(") && !src[0].contains("Relaxed math"));
        MoreChecks.assertUlps("narrowed", expected, on, TranscendentalTest.ULPS_FLOAT);
        float[] off = new float[5 * n];
        applied = run(false, false, x, off, src);
        assertFalse(applied.toString(), applied.stream().anyMatch(o -> o.startsWith("narrowFloat")));
        assertFalse(src[0], src[0].contains("ferrocl_math_sinf("));
        for (int i = 0; i < 5 * n; i++) {
            boolean same = Float.floatToRawIntBits(on[i]) == Float.floatToRawIntBits(off[i])
                    || on[i] != on[i] && off[i] != off[i];
            assertTrue(i / 5 + ": " + NAMES[i % 5] + "(" + x[i / 5] + "): on " + on[i] + ", off " + off[i], same);
        }
    }

    @Test
    public void relaxedModeUsesTheFloatBuiltIns() {
        SplittableRandom r = new SplittableRandom(6002);
        int n = 20_000;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) r.nextDouble(0.01, 80);
        }
        float[] expected = new float[5 * n];
        narrowed(x, expected);
        float[] got = new float[5 * n];
        String[] src = new String[1];
        List<String> applied = run(true, true, x, got, src);
        assertTrue(applied.toString(), applied.stream().anyMatch(o -> o.startsWith("relaxedMath")));
        assertFalse(src[0], src[0].contains("ferrocl_math_sinf("));
        assertTrue(src[0], src[0].contains("sin(") && src[0].contains("exp("));
        // OpenCL's full-profile float bounds: sin, cos 4 ulp, tan 5, exp 3, log 3 (of the exact value; Java's
        // narrowed result is within half an ulp of it), relative to the function's own result (tan near its poles
        // amplifies nothing here: the argument is the same float on both sides).
        double[] bound = {4.5, 4.5, 5.5, 3.5, 3.5};
        for (int i = 0; i < 5 * n; i++) {
            float e = expected[i];
            assertTrue(NAMES[i % 5] + "(" + x[i / 5] + ") = " + got[i] + ", JVM " + e,
                    Math.abs(got[i] - e) <= bound[i % 5] * Math.ulp(e));
        }
    }

    /** A sine and a cosine of one float in one block (paired), and in two branches (never paired). */
    public static void sinCos(float[] x, int[] branch, float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            out[4 * i] = (float) Math.sin(v) * 0.5f + (float) Math.cos(v);
            float w = v * 0.75f;
            if (branch[i] > 0) {
                out[4 * i + 1] = (float) Math.sin(w);
            } else {
                out[4 * i + 2] = (float) Math.cos(w);
            }
            out[4 * i + 3] = (float) Math.cos(v + 1f);
        }
    }

    private static List<String> runPairs(boolean pairs, float[] x, int[] branch, float[] out, String[] source) {
        try (TaskSchedule s = new TaskSchedule("pairs")) {
            s.optimization("sinCosPairs", pairs);
            s.task("t", NarrowedMathTest::sinCos, x, branch, out).execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            source[0] = s.kernelSource("t");
            return r.optimizations();
        }
    }

    /**
     * {@code sinCosPairs}: the sine and cosine of one argument in one block come from one call, bit for bit what
     * the two calls give (the same kernel with the phase off) and within the bound of the JVM's; a sine and a
     * cosine of one argument in different branches, and a cosine alone, stay single calls.
     */
    @Test
    public void sineAndCosineOfOneArgumentArePairedBitForBit() {
        float[] x = inputs(16411);
        int n = x.length;
        int[] branch = new int[n];
        for (int i = 0; i < n; i++) {
            branch[i] = i % 3 - 1;
        }
        String[] src = new String[1];
        float[] on = new float[4 * n];
        List<String> applied = runPairs(true, x, branch, on, src);
        assertTrue(applied.toString(), applied.contains("sinCosPairs (1 pair)"));
        assertTrue(src[0], src[0].contains("= ferrocl_math_sincosf("));
        float[] off = new float[4 * n];
        applied = runPairs(false, x, branch, off, src);
        assertFalse(applied.toString(), applied.stream().anyMatch(o -> o.startsWith("sinCosPairs")));
        assertFalse(src[0], src[0].contains("= ferrocl_math_sincosf("));
        float[] expected = new float[4 * n];
        sinCos(x, branch, expected);
        for (int i = 0; i < 4 * n; i++) {
            boolean same = Float.floatToRawIntBits(on[i]) == Float.floatToRawIntBits(off[i])
                    || on[i] != on[i] && off[i] != off[i];
            assertTrue(i / 4 + "." + i % 4 + " (" + x[i / 4] + "): paired " + on[i] + ", single " + off[i], same);
        }
        // The first output sums two rounded results: within their bounds, scaled, of the JVM's terms.
        for (int i = 0; i < n; i++) {
            float v = x[i];
            float s = (float) Math.sin(v);
            float c = (float) Math.cos(v);
            double bound = TranscendentalTest.ULPS_FLOAT * (0.5 * Math.ulp(s) + Math.ulp(c)) + Math.ulp(expected[4 * i]);
            boolean nan = Float.isNaN(expected[4 * i]) && Float.isNaN(on[4 * i]);
            assertTrue(v + ": " + on[4 * i] + ", JVM " + expected[4 * i],
                    nan || Math.abs(on[4 * i] - expected[4 * i]) <= bound);
        }
        float[] single = new float[3 * n];
        float[] jvm = new float[3 * n];
        for (int i = 0; i < n; i++) {
            for (int k = 1; k < 4; k++) {
                single[3 * i + k - 1] = on[4 * i + k];
                jvm[3 * i + k - 1] = expected[4 * i + k];
            }
        }
        MoreChecks.assertUlps("single calls", jvm, single, TranscendentalTest.ULPS_FLOAT);
    }
}

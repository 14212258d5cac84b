package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.RelaxedMath;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.List;
import org.junit.Test;

/**
 * Relaxed math, opt-in only: with {@link RelaxedMath} on the method or {@code TaskSchedule.relaxedMath(true)},
 * {@code Math}'s functions are the device's OpenCL built-ins (results within the OpenCL specification's bounds of
 * the JVM's, not bit for bit), while NaN, infinities and Java's documented special values stay Java's, and
 * {@code StrictMath} stays exact. Without it nothing changes. The report and the kernel source say which mode a
 * kernel is in. Strict mode, PoCL.
 */
public class RelaxedMathTest {
    public static void plain(double[] x, double[] y, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = Math.sin(x[i]) + Math.exp(-Math.abs(x[i])) * Math.pow(Math.abs(x[i]) + 1, y[i]);
        }
    }

    @RelaxedMath
    public static void annotated(double[] x, double[] y, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = Math.sin(x[i]) + Math.exp(-Math.abs(x[i])) * Math.pow(Math.abs(x[i]) + 1, y[i]);
        }
    }

    /** Each function alone, so that the bound can be per function; and a StrictMath call beside them. */
    public static void functions(double[] x, double[] sin, double[] log, double[] atan2, double[] pow,
            double[] strict) {
        for (@Parallel int i = 0; i < x.length; i++) {
            sin[i] = Math.sin(x[i]);
            log[i] = Math.log(Math.abs(x[i]));
            atan2[i] = Math.atan2(x[i], 1.5);
            pow[i] = Math.pow(x[i], 1.25);
            strict[i] = StrictMath.exp(x[i]);
        }
    }

    private static List<String> run(String id, boolean relaxed, TaskAdder adder, String[] source) {
        try (TaskSchedule s = new TaskSchedule(id)) {
            adder.add(s);
            if (relaxed) {
                s.relaxedMath(true);
            }
            s.execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            source[0] = s.kernelSource("t");
            return r.optimizations();
        }
    }

    interface TaskAdder {
        void add(TaskSchedule s);
    }

    private static boolean relaxed(List<String> applied) {
        return applied.stream().anyMatch(o -> o.startsWith("relaxedMath"));
    }

    @Test
    public void offByDefaultOnByAnnotationOrSetting() {
        int n = 1000;
        double[] x = Inputs.plainDoubles(5001, n, -20, 20);
        double[] y = Inputs.plainDoubles(5002, n, -3, 3);
        double[] expected = new double[n];
        plain(x, y, expected);
        String[] src = new String[1];

        // Default: exact mode, Math within its contract. The JVM's and the device's sin, exp and pow are each within
        // 1 ulp of exact, so each term differs by at most 2 ulps of the term (exp * pow: 2 + 2 + a rounding), and the
        // sum by those plus its own rounding: measured against the terms' ulps, since their sum may cancel.
        double[] out = new double[n];
        List<String> applied = run("default", false, s -> s.task("t", RelaxedMathTest::plain, x, y, out), src);
        assertFalse(applied.toString(), relaxed(applied));
        assertTrue(src[0], src[0].contains("FP_CONTRACT OFF") && !src[0].contains("FP_CONTRACT ON"));
        for (int i = 0; i < n; i++) {
            double a = Math.sin(x[i]);
            double b = Math.exp(-Math.abs(x[i])) * Math.pow(Math.abs(x[i]) + 1, y[i]);
            double bound = 2 * Math.ulp(a) + 5 * Math.ulp(b) + Math.ulp(expected[i]);
            assertTrue(i + ": " + out[i] + ", JVM " + expected[i], Math.abs(out[i] - expected[i]) <= bound);
        }

        // The schedule's setting, and the method's annotation.
        for (boolean annotation : new boolean[] {false, true}) {
            double[] got = new double[n];
            applied = annotation ? run("annotated", false, s -> s.task("t", RelaxedMathTest::annotated, x, y, got), src)
                    : run("setting", true, s -> s.task("t", RelaxedMathTest::plain, x, y, got), src);
            assertTrue(applied.toString(), relaxed(applied));
            assertTrue(src[0], src[0].contains("FP_CONTRACT ON") && src[0].contains("Relaxed math"));
            assertTrue(src[0], src[0].contains("sin(") && !src[0].contains("ferrocl_math_sin"));
            // OpenCL's double bounds (sin 4, exp 3, pow 16 ulp), combined through a product and a sum: measured
            // against the terms' own ulps, since their sum may cancel.
            for (int i = 0; i < n; i++) {
                double a = Math.sin(x[i]);
                double b = Math.exp(-Math.abs(x[i])) * Math.pow(Math.abs(x[i]) + 1, y[i]);
                double bound = 32 * (Math.ulp(a) + Math.ulp(b));
                assertTrue(i + ": " + got[i] + ", JVM " + expected[i], Math.abs(got[i] - expected[i]) <= bound);
            }
        }
    }

    @Test
    public void javasSpecialValuesAndStrictMathStayJavas() {
        double[] x = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.0, -1.0,
            Double.MIN_VALUE, 2.5, -7.25, 1e300, -1e-300};
        int n = x.length;
        double[][] out = new double[5][n];
        String[] src = new String[1];
        List<String> applied = run("special", true,
                s -> s.task("t", RelaxedMathTest::functions, x, out[0], out[1], out[2], out[3], out[4]), src);
        assertTrue(applied.toString(), relaxed(applied));
        for (int i = 0; i < n; i++) {
            double v = x[i];
            double[] want = {Math.sin(v), Math.log(Math.abs(v)), Math.atan2(v, 1.5), Math.pow(v, 1.25),
                StrictMath.exp(v)};
            for (int f = 0; f < 5; f++) {
                boolean special = Double.isNaN(want[f]) || Double.isInfinite(want[f]) || want[f] == 0.0
                        || f == 4;
                if (special) {
                    // NaN, infinities, zeros (with their signs) and StrictMath: bit for bit.
                    assertEquals("f" + f + "(" + v + ")", Double.doubleToLongBits(want[f]),
                            Double.doubleToLongBits(out[f][i]));
                } else {
                    assertTrue("f" + f + "(" + v + ") = " + out[f][i] + ", JVM " + want[f],
                            Math.abs(out[f][i] - want[f]) <= 32 * Math.ulp(want[f]));
                }
            }
        }
        // pow's special cases where C's and Java's differ.
        double[] bx = {1.0, -1.0, 1.0, Double.NaN, 2.0};
        double[] by = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, Double.NaN};
        double[] got = new double[bx.length];
        run("pow", true, s -> s.task("t", RelaxedMathTest::powPairs, bx, by, got), src);
        for (int i = 0; i < bx.length; i++) {
            assertEquals("pow(" + bx[i] + ", " + by[i] + ")", Double.doubleToLongBits(Math.pow(bx[i], by[i])),
                    Double.doubleToLongBits(got[i]));
        }
    }

    /**
     * Relaxed pow keeps Java's exact power of two integers where y > 0 and the result is below 2^46 in magnitude
     * ({@link dev.ferrocl.api.RelaxedMath}): every such pair of a grid, bit for bit the JVM's; the grid's other integer
     * pairs (larger results, negative exponents) within OpenCL's 16 ulps of the exact value (18 of the JVM's).
     */
    @Test
    public void integerPowersBelow2To46StayExact() {
        int n = 0;
        double[] bx = new double[81 * 50];
        double[] by = new double[bx.length];
        for (int x = -40; x <= 40; x++) {
            for (int y = -5; y < 45; y++) {
                bx[n] = x;
                by[n] = y;
                n++;
            }
        }
        double[] got = new double[n];
        String[] src = new String[1];
        run("powInt", true, s -> s.task("t", RelaxedMathTest::powPairs, bx, by, got), src);
        int exact = 0;
        for (int i = 0; i < n; i++) {
            double want = Math.pow(bx[i], by[i]);
            String what = "pow(" + bx[i] + ", " + by[i] + ") = " + got[i] + ", JVM " + want;
            if (by[i] > 0 && Math.abs(want) < 0x1p46) {
                assertEquals(what, Double.doubleToLongBits(want), Double.doubleToLongBits(got[i]));
                exact++;
            } else if (Double.isInfinite(want) || Double.isNaN(want) || want == 0) {
                assertEquals(what, Double.doubleToLongBits(want), Double.doubleToLongBits(got[i]));
            } else {
                assertTrue(what, Math.abs(got[i] - want) <= 18 * Math.ulp(want));
            }
        }
        assertTrue("the grid has exact cases: " + exact, exact > 1000);
    }

    public static void powPairs(double[] x, double[] y, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = Math.pow(x[i], y[i]);
        }
    }
}

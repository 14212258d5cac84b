package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.List;
import java.util.Random;
import org.junit.Test;

/**
 * {@code hoistInvariants}: values an inner loop does not change are computed once before it. Every shape runs with
 * the phase on and off (strict, on the device): the two must agree bit for bit (the hoisted values are the same
 * computations, moved), integer results must be the JVM's exactly, and floating ones within the bound of sums of
 * {@code Math} results (each within 1 ulp of the JVM's), including when the loop runs no iteration, when the use sits
 * under a condition, and when a value depends on the loop (it must stay inside).
 */
public class InvariantHoistTest {

    /** A call of a parameter (hoisted) and one of an element loaded in the loop (which stays), in an inner loop. */
    public static void invariantCalls(double[] a, double[] out, double x, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += a[k] * Math.sin(x) + Math.exp(a[i]) * k;
            }
            out[i] = s;
        }
    }

    /** The invariant only used under a condition inside the loop, and a loop that may run no iteration. */
    public static void conditionalUse(double[] a, double[] out, int[] n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 1;
            for (int k = 0; k < n[i]; k++) {
                if (a[k] > 0.5) {
                    s += Math.log(a[i] + 2) * a[k];
                } else {
                    s -= a[k];
                }
            }
            out[i] = s;
        }
    }

    /** A nest: the row offset and a call of the outer index are invariant in the inner loop only. */
    public static void nested(double[] m, double[] out, int rows, int cols) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 0;
            for (int r = 0; r < rows; r++) {
                double w = Math.cos(r * 0.25 + i);
                for (int c = 0; c < cols; c++) {
                    s += m[r * cols + c] * w;
                }
            }
            out[i] = s;
        }
    }

    /** Integer arithmetic: invariant products and shifts, with Java's wrapping and exceptions kept. */
    public static void integers(int[] a, int[] out, int scale, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < n; k++) {
                acc += a[(i * scale + k) & 1023] * (scale << 3) + (i * i) / 7;
            }
            out[i] = acc;
        }
    }

    private static List<String> run(boolean hoist, String what, MoreChecks.TaskAdder adder) {
        try (TaskSchedule s = new TaskSchedule("hoist-" + what)) {
            s.optimization("hoistInvariants", hoist);
            adder.add(s);
            s.execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            return r.optimizations();
        }
    }

    private static double[] doubles(int n, long seed) {
        Random r = new Random(seed);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextDouble();
        }
        return d;
    }

    private static void same(String what, double[] want, double[] got) {
        for (int i = 0; i < want.length; i++) {
            assertEquals(what + "[" + i + "]", Double.doubleToLongBits(want[i]), Double.doubleToLongBits(got[i]));
        }
    }

    /** Within 1e-12 of the JVM's, relative to the result's size (sums of a few hundred Math terms). */
    private static void close(String what, double[] jvm, double[] got) {
        for (int i = 0; i < jvm.length; i++) {
            assertTrue(what + "[" + i + "]: " + got[i] + ", JVM " + jvm[i],
                    Math.abs(got[i] - jvm[i]) <= 1e-12 * Math.max(1, Math.abs(jvm[i])));
        }
    }

    private static boolean hoisted(List<String> optimizations) {
        return optimizations.stream().anyMatch(o -> o.startsWith("hoistInvariants"));
    }

    @Test
    public void invariantCallsMoveOutAndKeepTheJvmsBits() {
        double[] a = doubles(512, 1);
        for (int n : new int[] {0, 1, 37}) {
            double[] jvm = new double[300];
            invariantCalls(a, jvm, 0.75, n);
            double[][] got = new double[2][300];
            for (int h = 0; h < 2; h++) {
                boolean hoist = h == 0;
                double[] out = got[h];
                // Loop versioning off here: with it, the loop's two copies share `Math.sin(x)`, which the
                // scheduler then places before the branch between them, whether this phase runs or not.
                List<String> o = run(hoist, "calls", s -> s.optimization("loopVersioning", false)
                        .task("t", InvariantHoistTest::invariantCalls, a, out, 0.75, n));
                assertEquals(o.toString(), hoist, hoisted(o));
                close("invariantCalls n=" + n + " hoist=" + hoist, jvm, out);
            }
            same("invariantCalls n=" + n + ", hoisted against not", got[1], got[0]);
        }
    }

    @Test
    public void conditionalUsesAndEmptyLoops() {
        double[] a = doubles(400, 2);
        int[] n = new int[400];
        for (int i = 0; i < n.length; i++) {
            n[i] = i % 5 == 0 ? 0 : i % 41;
        }
        double[] jvm = new double[400];
        conditionalUse(a, jvm, n);
        double[][] got = new double[2][400];
        for (int h = 0; h < 2; h++) {
            boolean hoist = h == 0;
            double[] out = got[h];
            run(hoist, "cond", s -> s.task("t", InvariantHoistTest::conditionalUse, a, out, n));
            close("conditionalUse hoist=" + hoist, jvm, out);
        }
        same("conditionalUse, hoisted against not", got[1], got[0]);
    }

    @Test
    public void nestsHoistToTheRightLevel() {
        int rows = 13;
        int cols = 29;
        double[] m = doubles(rows * cols, 3);
        double[] jvm = new double[257];
        nested(m, jvm, rows, cols);
        double[][] got = new double[2][257];
        for (int h = 0; h < 2; h++) {
            boolean hoist = h == 0;
            double[] out = got[h];
            List<String> o = run(hoist, "nest", s -> s.task("t", InvariantHoistTest::nested, m, out, rows, cols));
            assertEquals(o.toString(), hoist, hoisted(o));
            close("nested hoist=" + hoist, jvm, out);
        }
        same("nested, hoisted against not", got[1], got[0]);
    }

    @Test
    public void integerInvariantsAndTheirExceptions() {
        int[] a = new int[1024];
        Random r = new Random(4);
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextInt();
        }
        for (int scale : new int[] {1, 3, Integer.MAX_VALUE / 5, -7}) {
            int[] want = new int[500];
            integers(a, want, scale, 40);
            for (boolean hoist : new boolean[] {true, false}) {
                int[] got = new int[500];
                run(hoist, "int", s -> s.task("t", InvariantHoistTest::integers, a, got, scale, 40));
                for (int i = 0; i < want.length; i++) {
                    assertEquals("integers scale=" + scale + " hoist=" + hoist + " [" + i + "]", want[i], got[i]);
                }
            }
        }
        // Out of range in the inner loop: the JVM's exception, hoisted or not.
        for (boolean hoist : new boolean[] {true, false}) {
            double[] small = doubles(10, 5);
            double[] out = new double[20];
            try {
                run(hoist, "oob", s -> s.task("t", InvariantHoistTest::invariantCalls, small, out, 0.5, 11));
                assertFalse("expected ArrayIndexOutOfBoundsException (hoist=" + hoist + ")", true);
            } catch (ArrayIndexOutOfBoundsException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("10"));
            }
        }
    }
}

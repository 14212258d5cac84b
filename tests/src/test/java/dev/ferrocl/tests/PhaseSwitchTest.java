package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.List;
import org.junit.Test;

/**
 * The optimising phases can be switched off one by one ({@link TaskSchedule#optimization(String, boolean)}, as
 * {@code -Dferrocl.opt.<phase>=false} does for the whole JVM): the kernel then computes the JVM's result without
 * the phase, {@link TaskReport#optimizations()} names only the phases that changed it, a phase the method cannot do
 * without gives a {@link CompilationException.Kind#DISABLED} bailout, and an unknown phase is refused. Strict mode:
 * every device run is checked against the JVM on the same inputs.
 */
public class PhaseSwitchTest {
    /** A point made in the kernel: scalar replacement turns it into two floats. */
    record Point(float x, float y) {
        float dot(Point o) {
            return x * o.x + y * o.y;
        }
    }

    /** Allocates an object per work-item. */
    public static void dots(float[] x, float[] y, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Point p = new Point(x[i], y[i]);
            out[i] = p.dot(new Point(y[i], 1.5f));
        }
    }

    /** A synchronized block: a construct the compiler does not translate. */
    public static void guarded(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            synchronized (a) {
                out[i] = a[i] / (i - 3);
            }
        }
    }

    private static final int ROWS = 48;
    private static final int COLS = 40;
    private static final int INNER = 37;

    private static float[][] matmulInputs() {
        return new float[][] {Inputs.floats(901, ROWS * INNER, -2f, 2f), Inputs.floats(902, INNER * COLS, -2f, 2f)};
    }

    /** Runs the matmul kernel with {@code phase} set as given; checks the result against the JVM. */
    private static TaskReport matmul(String phase, boolean on, String[] source) {
        float[][] in = matmulInputs();
        float[] expected = new float[ROWS * COLS];
        VersioningKernels.matmul(in[0].clone(), in[1].clone(), expected, ROWS, COLS, INNER, COLS);
        float[] c = new float[ROWS * COLS];
        try (TaskSchedule s = new TaskSchedule("phases")) {
            if (phase != null) {
                s.optimization(phase, on);
            }
            s.task("t", VersioningKernels::matmul, in[0], in[1], c, ROWS, COLS, INNER, COLS).execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            assertArrayEquals(expected, c, 0f);
            if (source != null) {
                source[0] = s.kernelSource("t");
            }
            return r;
        }
    }

    private static boolean lists(List<String> optimizations, String phase) {
        return optimizations.stream().anyMatch(o -> o.equals(phase) || o.startsWith(phase + " ("));
    }

    @Test
    public void loopVersioningIsReportedAndCanBeSwitchedOff() {
        String[] on = new String[1];
        String[] off = new String[1];
        TaskReport withIt = matmul(null, true, on);
        assertTrue(withIt.optimizations().toString(), withIt.optimizations().contains("loopVersioning (1 loop)"));
        assertTrue(on[0].contains("Loop versioning"));
        TaskReport without = matmul("loopVersioning", false, off);
        assertFalse(without.optimizations().toString(), lists(without.optimizations(), "loopVersioning"));
        assertFalse(off[0], off[0].contains("Loop versioning"));
        assertNotEquals(on[0], off[0]);
        // Switched on explicitly: the same kernel as by default.
        String[] again = new String[1];
        assertTrue(lists(matmul("loopVersioning", true, again).optimizations(), "loopVersioning"));
        assertEquals(on[0], again[0]);
    }

    @Test
    public void valueNumberingAndCheckDeduplicationOffKeepTheResult() {
        String[] on = new String[1];
        String[] off = new String[1];
        matmul(null, true, on);
        TaskReport noGvn = matmul("gvn", false, off);
        assertFalse(noGvn.optimizations().toString(), lists(noGvn.optimizations(), "gvn"));
        TaskReport noDedup = matmul("redundantChecks", false, null);
        assertFalse(noDedup.optimizations().toString(), lists(noDedup.optimizations(), "redundantChecks"));
    }

    @Test
    public void reductionPhasesOffKeepTheExactResult() {
        int n = 100_003;
        int[] a = Inputs.ints(903, n);
        int[] expected = new int[1];
        ReduceKernels.sumInt(a, expected);
        for (String phase : new String[] {null, "unroll", "vectorize", "reduceVersioning"}) {
            int[] out = new int[1];
            try (TaskSchedule s = new TaskSchedule("reduce")) {
                if (phase != null) {
                    s.optimization(phase, false);
                }
                s.task("t", ReduceKernels::sumInt, a, out).execute();
                TaskReport r = s.report().task("t");
                assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
                assertArrayEquals("without " + phase, expected, out);
                if (phase == null) {
                    assertTrue(r.optimizations().toString(), lists(r.optimizations(), "unroll"));
                } else {
                    assertFalse(phase + ": " + r.optimizations(), lists(r.optimizations(), phase));
                }
                if ("unroll".equals(phase)) {
                    // Vector loads work on the unrolled loop: none without it.
                    assertFalse(r.optimizations().toString(), lists(r.optimizations(), "vectorize"));
                }
            }
        }
    }

    @Test
    public void devirtualizationOffIsADisabledBailout() {
        int n = 1000;
        float[] x = Inputs.floats(904, n, -3f, 3f);
        float[] out = new float[n];
        float[] expected = new float[n];
        DevirtKernels.areas(new DevirtKernels.Circle(1.5f), x, expected);
        try (TaskSchedule s = new TaskSchedule("devirt")) {
            s.task("t", DevirtKernels::areas, new DevirtKernels.Circle(1.5f), x, out).execute();
            assertTrue(s.report().task("t").optimizations().toString(),
                    s.report().task("t").optimizations().contains("devirtualize (1 call)"));
            assertArrayEquals(expected, out, 0f);
        }
        try (TaskSchedule s = new TaskSchedule("devirt-off")) {
            s.optimization("devirtualize", false);
            s.task("t", DevirtKernels::areas, new DevirtKernels.Circle(1.5f), x, new float[n]);
            CompilationException e = assertThrows(CompilationException.class, s::execute);
            assertEquals(CompilationException.Kind.DISABLED, e.kind());
            assertTrue(e.getMessage(), e.getMessage().contains("-Dferrocl.opt.devirtualize=false"));
        }
    }

    @Test
    public void scalarReplacementOffIsADisabledBailout() {
        int n = 777;
        float[] x = Inputs.floats(905, n, -3f, 3f);
        float[] y = Inputs.floats(906, n, -3f, 3f);
        float[] expected = new float[n];
        dots(x, y, expected, n);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("objects")) {
            s.task("t", PhaseSwitchTest::dots, x, y, out, n).execute();
            TaskReport r = s.report().task("t");
            assertEquals(r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            assertTrue(r.optimizations().toString(), r.optimizations().contains("scalarReplace (2 objects)"));
            assertArrayEquals(expected, out, 0f);
        }
        try (TaskSchedule s = new TaskSchedule("objects-off")) {
            s.optimization("scalarReplace", false);
            s.task("t", PhaseSwitchTest::dots, x, y, new float[n], n);
            CompilationException e = assertThrows(CompilationException.class, s::execute);
            assertEquals(CompilationException.Kind.DISABLED, e.kind());
        }
    }

    @Test
    public void bailoutsSayTheirKind() {
        try (TaskSchedule s = new TaskSchedule("kinds")) {
            s.task("t", PhaseSwitchTest::guarded, new int[8], new int[8], 8);
            CompilationException e = assertThrows(CompilationException.class, s::execute);
            assertEquals(e.getMessage(), CompilationException.Kind.CONSTRUCT, e.kind());
        }
        assertEquals(CompilationException.Kind.OTHER, new CompilationException("x").kind());
    }

    @Test
    public void unknownPhasesAreRefused() {
        try (TaskSchedule s = new TaskSchedule("bad")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.optimization("loopversioning", false));
            assertTrue(e.getMessage(), e.getMessage().contains("loopVersioning"));
            assertThrows(NullPointerException.class, () -> s.optimization(null, false));
        }
    }
}

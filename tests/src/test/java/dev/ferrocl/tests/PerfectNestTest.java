package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Code between nested {@code @Parallel} loops ({@code float ai = a[i];}, {@code float[] r = m[i];}, a division): the
 * {@code perfectNest} phase moves it into the inner loop, so each work-item reads what Java read once per outer
 * index. Java's exceptions stay Java's, also where the inner loop runs no iteration (Java still ran the code: the
 * JVM runs the method). Strict, against the JVM.
 */
public class PerfectNestTest {

    public static void outer(float[] a, float[] b, float[] c, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i] * 2f;
            int base = i * m;
            for (@Parallel int j = 0; j < m; j++) {
                c[base + j] = ai * b[j];
            }
        }
    }

    @Test
    public void aLoadBetweenTwoLoops() {
        int n = 37;
        int m = 41;
        check(PerfectNestTest::outer, JvmOracle.floats(1, n, -3f, 3f), JvmOracle.floats(2, m, -3f, 3f),
                new float[n * m], n, m);
    }

    @Test
    public void theLoadBetweenThrowsWhereJavasDoes() {
        // a is one element short: Java throws at i = n - 1 (after writing the rows before it).
        int n = 9;
        int m = 5;
        float[] a = JvmOracle.floats(3, n - 1, -3f, 3f);
        float[] b = JvmOracle.floats(4, m, -3f, 3f);
        float[] c = new float[n * m];
        MoreChecks.checkThrows(x -> outer((float[]) x[0], (float[]) x[1], (float[]) x[2], n, m),
                s -> s.task("t", PerfectNestTest::outer, a, b, c, n, m), a, b, c, n, m);
    }

    @Test
    public void anEmptyInnerLoopStillRunsTheCodeBetween() {
        // m = 0: no element is written, but Java still reads a[i] for every i, and a is too short.
        int n = 9;
        float[] a = new float[4];
        float[] b = new float[3];
        float[] c = new float[5];
        Throwable expected = null;
        try {
            outer(a.clone(), b.clone(), c.clone(), n, 0);
        } catch (ArrayIndexOutOfBoundsException e) {
            expected = e;
        }
        assertTrue("the JVM throws here (test is wrong otherwise)", expected != null);
        try (TaskSchedule s = new TaskSchedule("empty").task("t", PerfectNestTest::outer, a, b, c, n, 0)) {
            s.execute();
            fail("expected " + expected);
        } catch (ArrayIndexOutOfBoundsException e) {
            assertEquals(expected.getMessage(), e.getMessage());
        }
        // In range, the same empty inner loop: nothing happens, as in Java (the JVM ran it: no device work).
        float[] big = new float[n];
        try (TaskSchedule s = new TaskSchedule("empty2").task("t", PerfectNestTest::outer, big, b, c, n, 0)) {
            s.execute();
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
    }

    public static void quotient(int[] d, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int q = 1000003 / d[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = q + j;
            }
        }
    }

    @Test
    public void aDivisionBetweenTwoLoops() {
        int n = 20;
        int m = 7;
        int[] d = JvmOracle.ints(5, n, 1, 50);
        d[3] = -7;
        check(PerfectNestTest::quotient, d, new int[n * m], n, m);
        int[] zero = d.clone();
        zero[11] = 0;
        int[] out = new int[n * m];
        MoreChecks.checkThrows(x -> quotient((int[]) x[0], (int[]) x[1], n, m),
                s -> s.task("t", PerfectNestTest::quotient, zero, out, n, m), zero, out, n, m);
    }

    public static void rows(float[][] x, float[][] out, int cols) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = x[i];
            float[] o = out[i];
            for (@Parallel int j = 0; j < cols; j++) {
                o[j] = r[j] * 0.5f + j;
            }
        }
    }

    @Test
    public void rowsTakenBetweenTwoLoops() {
        int n = 33;
        int cols = 29;
        float[][] x = new float[n][];
        for (int i = 0; i < n; i++) {
            x[i] = JvmOracle.floats(10 + i, cols + i % 3, -5f, 5f);
        }
        check(PerfectNestTest::rows, x, new float[n][cols], cols);
        // A row shorter than cols: Java's exception.
        x[17] = new float[cols - 1];
        float[][] out = new float[n][cols];
        MoreChecks.checkThrows(x2 -> rows((float[][]) x2[0], (float[][]) x2[1], cols),
                s -> s.task("t", PerfectNestTest::rows, x, out, cols), x, out, cols);
    }

    public static void threeLevels(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int ai = a[i];
            for (@Parallel int j = 0; j < n; j++) {
                int bj = b[j] - ai;
                for (@Parallel int k = 0; k < n; k++) {
                    out[(i * n + j) * n + k] = bj * k + ai;
                }
            }
        }
    }

    @Test
    public void codeBetweenEachOfThreeLoops() {
        int n = 11;
        check(PerfectNestTest::threeLevels, JvmOracle.ints(6, n), JvmOracle.ints(7, n), new int[n * n * n], n);
    }

    public static void storesWhatItReads(float[] a, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                a[n + i * m + j] = ai + j;
            }
        }
    }

    /** The load between reads what the inner loop may write: the inner loop runs in each outer work-item. */
    @Test
    public void codeReadingWhatTheNestWritesRunsTheInnerLoopInEachWorkItem() {
        ExecutionReport r = check(PerfectNestTest::storesWhatItReads, JvmOracle.floats(8, 4 + 4 * 3, -3f, 3f), 4, 3);
        TaskReport t = r.task("t");
        assertEquals("one dimension: " + t, 1, t.globalSize().length);
        assertTrue(t.optimizations().toString(), t.optimizations().stream()
                .anyMatch(o -> o.contains("1 @Parallel loop runs sequentially in each work-item: code between")));
    }

    @Test
    public void switchedOffTheCodeBetweenKeepsTheInnerLoopInEachWorkItem() {
        int[] d = JvmOracle.ints(9, 5, 1, 50);
        ExecutionReport r;
        int[] out = new int[5 * 4];
        int[] expected = new int[5 * 4];
        quotient(d, expected, 5, 4);
        try (TaskSchedule s = new TaskSchedule("off").optimization("perfectNest", false)
                .task("t", PerfectNestTest::quotient, d, out, 5, 4)) {
            s.execute();
            r = s.report();
        }
        JvmOracle.assertRanOnDevice(r, "t");
        JvmOracle.assertSame("out", expected, out);
        assertEquals(1, r.task("t").globalSize().length);
    }
}

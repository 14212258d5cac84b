package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * {@code @Parallel} loops inside a nest that cannot be dimensions of the kernel run as ordinary loops in the work-items
 * of the loops around them (they were refused): stores between nested loops, a triangular bound, loops side by side,
 * a fourth level, a value carried through an inner loop, a {@code break} out of one. Strict, against the JVM, at
 * sizes that leave the inner ranges empty too; Java's exceptions from the inner loop; the report names the loops.
 */
public class SequentialParallelLoopTest {

    public static void rowsThenCells(float[] a, float[] rowMax, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            rowMax[i] = Float.NEGATIVE_INFINITY;
            for (@Parallel int j = 0; j < m; j++) {
                float v = a[i * m + j] * 2f;
                a[i * m + j] = v;
                rowMax[i] = Math.max(rowMax[i], v);
            }
        }
    }

    public static void triangle(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j <= i; j++) {
                out[i * n + j] = i * 1000 + j;
            }
        }
    }

    public static void sideBySide(float[] a, float[] b, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                a[i * m + j] = i + 0.5f * j;
            }
            for (@Parallel int j = 0; j < m; j++) {
                b[i * m + j] = a[i * m + (m - 1 - j)] - j;
            }
        }
    }

    public static void fourLevels(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                for (@Parallel int k = 0; k < n; k++) {
                    for (@Parallel int l = 0; l < n; l++) {
                        out[((i * n + j) * n + k) * n + l] = i * 1000 + j * 100 + k * 10 + l;
                    }
                }
            }
        }
    }

    public static void carried(float[] a, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0;
            for (@Parallel int j = 0; j < m; j++) {
                s = s * 0.5f + a[i * m + j];
            }
            out[i] = s;
        }
    }

    public static void firstNegative(int[] a, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int at = -1;
            for (@Parallel int j = 0; j < m; j++) {
                if (a[i * m + j] < 0) {
                    at = j;
                    break;
                }
            }
            out[i] = at;
        }
    }

    /** A triangular nest folding into a {@code @Reduce} array: the inner loop runs in each work-item's fold. */
    public static void triangleSum(int[] a, @Reduce int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j <= i; j++) {
                out[0] += a[i * n + j] * (j + 1);
            }
        }
    }

    /** Parallel streams nested, a store between them. */
    public static void nestedStreams(int[] a, int[] out, int n) {
        IntStream.range(0, n).parallel().forEach(i -> {
            out[i * n] = -i;
            IntStream.range(1, n).parallel().forEach(j -> out[i * n + j] = a[j] * i + j);
        });
    }

    private static void assertSequential(ExecutionReport r, int loops, int dims) {
        TaskReport t = r.task("t");
        assertEquals("dimensions: " + t, dims, t.globalSize().length);
        String verb = loops == 1 ? " runs" : " run";
        assertTrue(t.optimizations().toString(), t.optimizations().stream().anyMatch(
                o -> o.startsWith("recognize_parallel_loops (" + loops + " @Parallel loop" + (loops == 1 ? "" : "s")
                        + verb + " sequentially in each work-item")));
    }

    @Test
    public void storesBetweenNestedLoops() {
        for (int[] nm : new int[][] {{1, 1}, {7, 3}, {33, 65}, {5, 0}}) {
            int n = nm[0];
            int m = nm[1];
            ExecutionReport r = check(SequentialParallelLoopTest::rowsThenCells,
                    JvmOracle.floats(n * 31L + m, n * m, -9f, 9f), new float[n], n, m);
            assertSequential(r, 1, 1);
        }
    }

    @Test
    public void aTriangularNest() {
        for (int n : new int[] {1, 7, 40}) {
            assertSequential(check(SequentialParallelLoopTest::triangle, new int[n * n], n), 1, 1);
        }
    }

    @Test
    public void loopsSideBySideInsideAParallelLoop() {
        for (int[] nm : new int[][] {{1, 1}, {9, 17}, {64, 3}}) {
            ExecutionReport r = check(SequentialParallelLoopTest::sideBySide, new float[nm[0] * nm[1]],
                    new float[nm[0] * nm[1]], nm[0], nm[1]);
            assertSequential(r, 2, 1);
        }
    }

    @Test
    public void aFourthLevelRunsInEachWorkItemOfThree() {
        for (int n : new int[] {1, 3, 9}) {
            assertSequential(check(SequentialParallelLoopTest::fourLevels, new int[n * n * n * n], n), 1, 3);
        }
    }

    @Test
    public void aValueCarriedOrABreakInAnInnerLoop() {
        int n = 50;
        int m = 23;
        assertSequential(check(SequentialParallelLoopTest::carried, JvmOracle.floats(77, n * m, -4f, 4f),
                new float[n], n, m), 1, 1);
        int[] a = JvmOracle.ints(78, n * m, -5, 100);
        assertSequential(check(SequentialParallelLoopTest::firstNegative, a, new int[n], n, m), 1, 1);
    }

    @Test
    public void aTriangularReductionAndNestedStreams() {
        for (int n : new int[] {1, 9, 64}) {
            int[] a = JvmOracle.ints(80 + n, n * n, -1000, 1000);
            assertSequential(check(SequentialParallelLoopTest::triangleSum, a, new int[] {17}, n), 1, 1);
            assertSequential(check(SequentialParallelLoopTest::nestedStreams, JvmOracle.ints(81 + n, n, -9, 9),
                    new int[n * n], n), 1, 1);
        }
    }

    @Test
    public void anIndexPastTheEndInTheInnerLoopThrowsAsTheJvmDoes() {
        int n = 20;
        int m = 8;
        float[] a = JvmOracle.floats(79, n * m - 3, -1f, 1f);
        float[] rowMax = new float[n];
        Throwable e = MoreChecks.checkThrows(x -> rowsThenCells((float[]) x[0], (float[]) x[1], n, m),
                s -> s.task("t", SequentialParallelLoopTest::rowsThenCells, a, rowMax, n, m), a, rowMax, n, m);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }
}

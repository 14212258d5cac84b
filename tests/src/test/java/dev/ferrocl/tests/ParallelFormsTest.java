package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/** 2-D and 3-D @Parallel nests, general bounds and steps, single work-item tasks, reported NDRange. */
public class ParallelFormsTest {

    @Test
    public void matmulWithSizesThatAreNoMultipleOfAnyWorkGroup() {
        int[][] shapes = {{1, 1, 1}, {17, 23, 5}, {67, 129, 31}, {3, 300, 7}};
        for (int[] s : shapes) {
            int n = s[0], m = s[1], k = s[2];
            ExecutionReport r = check(ParallelKernels::matmul, JvmOracle.floats(1, n * k, -1, 1),
                    JvmOracle.floats(2, k * m, -1, 1), new float[n * m], n, m, k);
            TaskReport t = r.tasks().get(0);
            // Tiled (see TileTest): each work-item computes 4 x 4 points, or 2 x 2 / 8 x 8 as the launch's size and the
            // device's compute units choose (api.TileSizeTest): the same choice in both dimensions.
            assertTrue(t.optimizations().toString(), t.optimizations().stream().anyMatch(o -> o.startsWith("tile (")));
            int points = 0;
            for (int p : new int[] {4, 2, 8}) {
                if (t.globalSize()[0] == roundUp((m + p - 1) / p, t.localSize()[0])
                        && t.globalSize()[1] == roundUp((n + p - 1) / p, t.localSize()[1])) {
                    points = p;
                    break;
                }
            }
            assertTrue("2, 4 or 8 points per work-item in both dimensions: "
                    + java.util.Arrays.toString(t.globalSize()), points != 0);
            assertGeometry(t, new long[] {m, n}, points);
            float[] c = new float[n * m];
            try (TaskSchedule plain = new TaskSchedule("untiled")) {
                plain.task("t", ParallelKernels::matmul, JvmOracle.floats(1, n * k, -1, 1),
                        JvmOracle.floats(2, k * m, -1, 1), c, n, m, k);
                plain.optimization("tile", false);
                plain.execute();
                assertGeometry(plain.report().task("t"), new long[] {m, n}, 1);
            }
        }
    }

    private static long roundUp(long items, long group) {
        return (items + group - 1) / group * group;
    }

    /** Global sizes: the trip counts (dimension 0 is the inner loop), over the points per work-item, rounded up. */
    private static void assertGeometry(TaskReport t, long[] trips, int points) {
        assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        assertEquals(2, t.globalSize().length);
        assertEquals(2, t.localSize().length);
        for (int d = 0; d < 2; d++) {
            long g = t.globalSize()[d];
            long l = t.localSize()[d];
            long items = (trips[d] + points - 1) / points;
            assertEquals("global is a multiple of local", 0, g % l);
            assertEquals("global is the work-items rounded up to the work-group size", (items + l - 1) / l * l, g);
        }
    }

    @Test
    public void transpose() {
        for (int[] s : new int[][] {{1, 1}, {5, 9}, {64, 33}, {100, 3}}) {
            check(ParallelKernels::transpose, JvmOracle.ints(3, s[0] * s[1]), new int[s[0] * s[1]], s[0], s[1]);
        }
    }

    @Test
    public void fill3d() {
        for (int[] s : new int[][] {{1, 1, 1}, {3, 5, 7}, {10, 9, 17}}) {
            ExecutionReport r = check(ParallelKernels::fill3d, new long[s[0] * s[1] * s[2]], s[0], s[1], s[2]);
            assertEquals(3, r.tasks().get(0).globalSize().length);
        }
    }

    @Test
    public void matvecWithArrayLengthBoundInside() {
        for (int n : new int[] {1, 13, 200}) {
            int cols = 37;
            check(ParallelKernels::matvec, JvmOracle.doubles(4, n * cols, -10, 10), JvmOracle.doubles(5, cols, -1, 1),
                    new double[n], n);
        }
    }

    @Test
    public void offsetStepAndInclusiveBound() {
        check(ParallelKernels::offsetStepInclusive, JvmOracle.ints(6, 1000), 5, 998);
        check(ParallelKernels::offsetStepInclusive, JvmOracle.ints(7, 1000), 0, 999);
        check(ParallelKernels::offsetStepInclusive, JvmOracle.ints(8, 1000), 7, 7);
    }

    @Test
    public void boundsFromLengthExpressions() {
        check(ParallelKernels::lengthBoundWithExpression, JvmOracle.ints(9, 1000), new int[1000], 3);
        check(ParallelKernels::lengthBoundWithExpression, JvmOracle.ints(10, 1000), new int[1000], 0);
    }

    @Test
    public void nestWithOffsetsStepsAndInclusiveBounds() {
        check(ParallelKernels::nestWithOffsets, new int[40 * 30], 40, 30);
        check(ParallelKernels::nestWithOffsets, new int[7 * 5], 7, 5);
    }

    @Test
    public void aMethodWithoutParallelLoopRunsAsOneWorkItem() {
        for (int n : new int[] {1, 2, 1000}) {
            ExecutionReport r = check(ParallelKernels::prefixSum, JvmOracle.ints(11, n, -1000, 1000), n);
            assertArrayEquals(new long[] {1}, r.tasks().get(0).globalSize());
            assertArrayEquals(new long[] {1}, r.tasks().get(0).localSize());
            org.junit.Assert.assertTrue(r.tasks().get(0).reason(),
                    r.tasks().get(0).reason().contains("one work-item runs the method"));
        }
    }

    @Test
    public void anEmptyRangeLaunchesNothingAndChangesNothing() {
        int[] a = JvmOracle.ints(12, 10);
        int[] before = a.clone();
        try (TaskSchedule s = new TaskSchedule("empty").task("t", ParallelKernels::emptyWhenStartPastEnd, a, 8, 3)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
            assertArrayEquals(new long[0], s.report().task("t").globalSize());
        }
        assertArrayEquals(before, a);
    }

    @Test
    public void anExplicitWorkGroupSizeIsUsedAndChecked() {
        int n = 37, m = 53, k = 9;
        float[] a = JvmOracle.floats(20, n * k, -1, 1);
        float[] b = JvmOracle.floats(21, k * m, -1, 1);
        float[] expected = new float[n * m];
        ParallelKernels.matmul(a.clone(), b.clone(), expected, n, m, k);
        float[] c = new float[n * m];
        try (TaskSchedule s = new TaskSchedule("wg").task("t", ParallelKernels::matmul, a, b, c, n, m, k)
                .workGroupSize("t", 8, 4)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(TaskReport.Where.DEVICE, t.ranOn());
            assertArrayEquals(new long[] {8, 4}, t.localSize());
            assertArrayEquals(new long[] {56, 40}, t.globalSize());
        }
        JvmOracle.assertSame("c", expected, c);

        try (TaskSchedule s = new TaskSchedule("wg-dims").task("t", ParallelKernels::matmul, a, b, c, n, m, k)
                .workGroupSize("t", 16)) {
            s.execute();
            org.junit.Assert.fail("a 1-D work-group for a 2-D NDRange must be refused");
        } catch (dev.ferrocl.api.FerroclException e) {
            org.junit.Assert.assertTrue(e.getMessage(), e.getMessage().contains("dimensions"));
        }
        try (TaskSchedule s = new TaskSchedule("wg-big").task("t", ParallelKernels::matmul, a, b, c, n, m, k)
                .workGroupSize("t", 1 << 15, 1 << 15)) {
            s.execute();
            org.junit.Assert.fail("a work-group beyond the device's limits must be refused");
        } catch (dev.ferrocl.api.FerroclException e) {
            org.junit.Assert.assertTrue(e.getMessage(), e.getMessage().contains("at most"));
        }
        try {
            new TaskSchedule("wg-bad").task("t", ParallelKernels::matmul, a, b, c, n, m, k).workGroupSize("t", 0);
            org.junit.Assert.fail("a zero size must be refused");
        } catch (IllegalArgumentException expectedError) {
            // refused before anything runs
        }
    }

    @Test
    public void twoNestsInOneMethodRunInOrder() {
        for (int n : new int[] {1, 17, 130}) {
            check(ParallelKernels::scaleThenOuter, JvmOracle.ints(30, n, -100, 100), new int[n * n], n);
        }
    }

    @Test
    public void aCheckFailingInTheSecondKernelLeavesTheArraysAsTheJvmDoes() {
        int[] a = JvmOracle.ints(31, 50);
        int[] idx = JvmOracle.ints(32, 20, 0, 50);
        idx[13] = 50; // out of bounds in the second phase, after the first phase changed a
        int[] out = new int[20];
        int[] ea = a.clone();
        int[] eout = out.clone();
        String expected = null;
        try {
            ParallelKernels.phaseThenIndex(ea, idx.clone(), eout);
        } catch (ArrayIndexOutOfBoundsException e) {
            expected = e.getMessage();
        }
        try (TaskSchedule s = new TaskSchedule("phases").task("t", ParallelKernels::phaseThenIndex, a, idx, out)) {
            s.execute();
            org.junit.Assert.fail("expected an ArrayIndexOutOfBoundsException");
        } catch (ArrayIndexOutOfBoundsException e) {
            assertEquals(expected, e.getMessage());
        }
        assertArrayEquals("a as the JVM leaves it", ea, a);
        assertArrayEquals("out as the JVM leaves it", eout, out);
    }

    @Test
    public void boundsWithDivisionByAConstant() {
        for (int n : new int[] {0, 1, -7, 9, 100, 101}) {
            check(ParallelKernels::halfWithDivision, new int[400], n);
        }
    }
}

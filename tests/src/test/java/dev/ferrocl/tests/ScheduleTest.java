package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.ints;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import org.junit.Test;

/** Schedules of more than one task, and repeated execution. */
public class ScheduleTest {

    @Test
    public void aLaterTaskSeesAnEarlierTasksOutput() {
        for (int n : JvmOracle.SIZES) {
            int[] a = ints(40, n);
            int[] b = ints(41, n);
            int[] sum = new int[n];
            int[] out = new int[n];

            int[] ea = a.clone();
            int[] eb = b.clone();
            int[] esum = new int[n];
            int[] eout = new int[n];
            Kernels.vectorAdd(ea, eb, esum, n);
            Kernels.saxpyInt(3, esum, ea, eout, n);

            try (TaskSchedule s = new TaskSchedule("chain")
                    .task("add", Kernels::vectorAdd, a, b, sum, n)
                    .task("saxpy", Kernels::saxpyInt, 3, sum, a, out, n)) {
                s.execute();
                ExecutionReport report = s.report();
                assertRanOnDevice(report, "add");
                assertRanOnDevice(report, "saxpy");
                assertEquals(Arrays.asList("add", "saxpy"),
                        Arrays.asList(report.tasks().get(0).id(), report.tasks().get(1).id()));
            }
            assertSame("sum", esum, sum);
            assertSame("out", eout, out);
        }
    }

    @Test
    public void aSecondExecuteIsCachedAndSeesNewArrayContents() {
        int n = 1000;
        int[] a = ints(42, n);
        int[] b = ints(43, n);
        int[] c = new int[n];
        try (TaskSchedule s = new TaskSchedule("again").task("add", Kernels::vectorAdd, a, b, c, n)) {
            s.execute();
            int[] expected = new int[n];
            Kernels.vectorAdd(a.clone(), b.clone(), expected, n);
            assertSame("first run", expected, c);

            // Change the inputs in place and clear the output: the second run must upload them again.
            int[] newA = ints(44, n);
            System.arraycopy(newA, 0, a, 0, n);
            Arrays.fill(b, 17);
            Arrays.fill(c, 0);
            s.execute();
            Kernels.vectorAdd(a.clone(), b.clone(), expected, n);
            assertSame("second run", expected, c);

            TaskReport t = s.report().task("add");
            assertEquals(TaskReport.Where.DEVICE, t.ranOn());
            assertTrue("the second execute() should reuse the compiled kernel", t.cached());
            assertEquals(2, t.executions());
            assertEquals(0, t.compileNanos());
            assertTrue("global size " + Arrays.toString(t.globalSize()), t.globalSize().length >= 1);
        }
    }

    @Test
    public void aSecondScheduleOfTheSameMethodIsCached() {
        int n = 7;
        int[] c1 = new int[n];
        int[] c2 = new int[n];
        try (TaskSchedule s = new TaskSchedule("first").task("t", Kernels::saxpyInt, 5, ints(45, n), ints(46, n), c1,
                n)) {
            s.execute();
        }
        try (TaskSchedule s = new TaskSchedule("second").task("t", Kernels::saxpyInt, 5, ints(45, n), ints(46, n),
                c2, n)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertTrue(s.report().task("t").cached());
        }
        assertSame("same inputs, same results", c1, c2);
    }

    @Test
    public void warmupCompilesWithoutRunningAndKernelSourceIsOpenCl() {
        int n = 7;
        int[] c = new int[n];
        try (TaskSchedule s = new TaskSchedule("warm").task("add", Kernels::vectorAdd, ints(47, n), ints(48, n), c,
                n)) {
            s.warmup();
            assertEquals(TaskReport.Where.NOT_RUN, s.report().task("add").ranOn());
            assertTrue(Arrays.equals(new int[n], c));
            String source = s.kernelSource("add");
            assertTrue(source, source.contains("__kernel"));
            s.execute();
            assertRanOnDevice(s.report(), "add");
            assertTrue(s.report().toString(), s.report().toString().contains("add"));
        }
    }
}

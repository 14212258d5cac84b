package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.ints;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Methods the compiler cannot handle (strict mode: CompilationException), and inputs that make the JVM throw: the
 * schedule must throw exactly what the JVM throws and leave the arrays exactly as the sequential JVM run does.
 */
public class BadInputTest {

    @Test
    public void strictModeRejectsACallToANonInlinableMethod() {
        long[] out = new long[10];
        try (TaskSchedule s = new TaskSchedule("nanoTime").task("t", Kernels::withNanoTime, out, 10)) {
            s.execute();
            fail("expected a CompilationException, report:\n" + s.report());
        } catch (CompilationException e) {
            assertNotNull(e.getMessage());
            assertTrue("the message should name the method: " + e.getMessage(),
                    e.getMessage().contains("withNanoTime"));
        }
        assertTrue("nothing may run in strict mode", java.util.Arrays.equals(new long[10], out));
    }

    @Test
    public void strictModeRejectsAnAllocationInTheLoop() {
        int[] out = new int[10];
        try (TaskSchedule s = new TaskSchedule("alloc").task("t", Kernels::withAllocation, ints(50, 10), out, 10)) {
            s.warmup();
            fail("expected a CompilationException from warmup(), report:\n" + s.report());
        } catch (CompilationException e) {
            assertTrue("the message should name the method: " + e.getMessage(),
                    e.getMessage().contains("withAllocation"));
        }
    }

    @Test
    public void aNullArrayThrowsTheJvmsNullPointerException() {
        int n = 100;
        int[] b = ints(51, n);
        int[] c = new int[n];
        NullPointerException expected = null;
        int[] ec = c.clone();
        try {
            Kernels.vectorAdd(null, b.clone(), ec, n);
        } catch (NullPointerException e) {
            expected = e;
        }
        assertNotNull(expected);

        try (TaskSchedule s = new TaskSchedule("null").task("t", Kernels::vectorAdd, null, b, c, n)) {
            try {
                s.execute();
                fail("expected a NullPointerException");
            } catch (NullPointerException e) {
                assertEquals(expected.getMessage(), e.getMessage());
            }
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
        assertSame("c", ec, c);
    }

    @Test
    public void aNullArrayWithAnEmptyLoopThrowsNothing() {
        int[] c = {1, 2, 3};
        Kernels.vectorAdd(null, null, c.clone(), 0); // the JVM: fine
        try (TaskSchedule s = new TaskSchedule("null0").task("t", Kernels::vectorAdd, null, null, c, 0)) {
            s.execute();
            TaskReport.Where where = s.report().task("t").ranOn();
            assertTrue(where.toString(), where == TaskReport.Where.DEVICE || where == TaskReport.Where.JVM);
        }
        assertSame("c", new int[] {1, 2, 3}, c);
    }

    @Test
    public void anIndexOutOfBoundsThrowsTheJvmsExceptionAndLeavesTheJvmsArrays() {
        int length = 10;
        int n = 11;
        int[] a = ints(52, length);
        int[] b = ints(53, length);
        int[] c = ints(54, length);

        int[] ec = c.clone();
        ArrayIndexOutOfBoundsException expected = null;
        try {
            Kernels.vectorAdd(a.clone(), b.clone(), ec, n);
        } catch (ArrayIndexOutOfBoundsException e) {
            expected = e;
        }
        assertNotNull(expected);
        assertEquals("Index 10 out of bounds for length 10", expected.getMessage());

        try (TaskSchedule s = new TaskSchedule("oob").task("t", Kernels::vectorAdd, a, b, c, n)) {
            try {
                s.execute();
                fail("expected an ArrayIndexOutOfBoundsException");
            } catch (ArrayIndexOutOfBoundsException e) {
                assertEquals("Index 10 out of bounds for length 10", e.getMessage());
            }
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
        assertSame("c", ec, c);
    }

    @Test
    public void aDivisionByZeroThrowsTheJvmsExceptionAndLeavesTheJvmsArrays() {
        int n = 1000;
        int[] a = ints(55, n);
        int[] b = ints(56, n, 1, 100);
        b[637] = 0;
        int[] q = ints(57, n);
        int[] r = ints(58, n);

        int[] eq = q.clone();
        int[] er = r.clone();
        ArithmeticException expected = null;
        try {
            Kernels.divRem(a.clone(), b.clone(), eq, er, n);
        } catch (ArithmeticException e) {
            expected = e;
        }
        assertNotNull(expected);

        try (TaskSchedule s = new TaskSchedule("div0").task("t", Kernels::divRem, a, b, q, r, n)) {
            try {
                s.execute();
                fail("expected an ArithmeticException");
            } catch (ArithmeticException e) {
                assertEquals("/ by zero", e.getMessage());
                assertEquals(expected.getMessage(), e.getMessage());
            }
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
        assertSame("q", eq, q);
        assertSame("r", er, r);
    }
}

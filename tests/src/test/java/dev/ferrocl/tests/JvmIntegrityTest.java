package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Loading an OpenCL driver must not change how the JVM itself behaves. HotSpot turns hardware traps
 * into Java exceptions (SIGFPE for integer division by zero, SIGSEGV for implicit null checks);
 * PoCL's CPU driver installs a SIGFPE handler of its own that skips the faulting division, after
 * which {@code 5 / 0} in plain Java silently gave 5. This runs a kernel first, then checks the
 * JVM's own exceptions.
 */
public class JvmIntegrityTest {

    static int div(int a, int b) {
        return a / b;
    }

    static long ldiv(long a, long b) {
        return a % b;
    }

    static int length(int[] a) {
        return a.length;
    }

    @Test
    public void theJvmStillThrowsItsOwnExceptionsAfterAKernelRan() {
        int n = 64;
        int[] a = JvmOracle.ints(1, n);
        int[] b = JvmOracle.ints(2, n);
        int[] c = new int[n];
        try (TaskSchedule s = new TaskSchedule("integrity").task("t", Kernels::vectorAdd, a, b, c, n)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        for (int round = 0; round < 20_000; round++) { // interpreted, then compiled by HotSpot
            try {
                div(5, round % 1 == 0 ? 0 : 1);
                fail("5 / 0 did not throw");
            } catch (ArithmeticException e) {
                assertEquals("/ by zero", e.getMessage());
            }
            try {
                ldiv(5L, 0L);
                fail("5L % 0L did not throw");
            } catch (ArithmeticException e) {
                assertEquals("/ by zero", e.getMessage());
            }
            try {
                length(null);
                fail("null.length did not throw");
            } catch (NullPointerException expected) {
                // implicit null check still works
            }
        }
    }
}

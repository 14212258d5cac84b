package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;

import org.junit.Test;

/**
 * A method without {@code @Parallel} loops runs as one work-item; Java's checks of its very first statement must be
 * made too (they were lost when the first node of the method was the access or the division itself: the kernel wrote
 * out of bounds or divided by zero where Java throws). Strict, against the JVM.
 */
public class SingleWorkItemCheckTest {
    public static void storeFirst(int[] a, int k) {
        a[k] = 1;
    }

    public static void divideFirst(int[] a, int k, int d) {
        a[0] = k / d;
    }

    /** A loop right at the start: its check-free version and its checked one. */
    public static void prefixFirst(int[] a) {
        for (int i = 1; i < a.length; i++) {
            a[i] += a[i - 1];
        }
    }

    @Test
    public void theFirstStatementsIndexIsChecked() {
        check(SingleWorkItemCheckTest::storeFirst, new int[4], 3);
        int[] a = new int[4];
        Throwable e = MoreChecks.checkThrows(x -> storeFirst((int[]) x[0], (int) x[1]),
                s -> s.task("t", SingleWorkItemCheckTest::storeFirst, a, 4), a, 4);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        int[] b = new int[4];
        e = MoreChecks.checkThrows(x -> storeFirst((int[]) x[0], (int) x[1]),
                s -> s.task("t", SingleWorkItemCheckTest::storeFirst, b, -1), b, -1);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void theFirstStatementsDivisorIsChecked() {
        check(SingleWorkItemCheckTest::divideFirst, new int[1], 7, 2);
        check(SingleWorkItemCheckTest::divideFirst, new int[1], Integer.MIN_VALUE, -1);
        int[] a = new int[1];
        Throwable e = MoreChecks.checkThrows(x -> divideFirst((int[]) x[0], (int) x[1], (int) x[2]),
                s -> s.task("t", SingleWorkItemCheckTest::divideFirst, a, 7, 0), a, 7, 0);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void aLoopAtTheStart() {
        for (int n : new int[] {0, 1, 2, 1000}) {
            check(SingleWorkItemCheckTest::prefixFirst, JvmOracle.ints(7501 + n, n));
        }
    }
}

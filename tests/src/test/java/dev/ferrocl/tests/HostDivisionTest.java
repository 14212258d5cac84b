package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import org.junit.Test;

/**
 * Integer divisions Java makes before the {@code @Parallel} loops, which the host makes at every {@code execute()}
 * (the kernel gets their values; where Java divides by zero the JVM runs the method and throws). Strict, against the
 * JVM: a quotient a ternary guards, used in the body; a {@code long} remainder as a bound and a value; a division
 * and an element read in both orders ({@code HostLoadProbeTest}'s methods: Java's first exception wins); an element at a quotient; an unused division
 * under a branch on an element; a division only an inner loop's bound uses, with an outer loop of no iteration.
 */
public class HostDivisionTest {
    private static final int[] INTS = {0, 1, -1, 2, 3, 7, 100, -100, Integer.MAX_VALUE, Integer.MIN_VALUE};

    public static void guarded(int[] a, int[] out, int n, int k) {
        int q = k != 0 ? n / k : n;
        int r = k > 1 ? n % k : -1;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * q + r;
        }
    }

    public static void longRemainder(long[] out, long l, long m) {
        int n = (int) (l % m);
        long q = l / (m | 1);
        for (@Parallel int i = 0; i < Math.min(n, out.length); i++) {
            out[i] = i + n + q;
        }
    }

    public static void loadAtQuotient(int[] a, int[] out, int n, int d) {
        int v = a[n / d];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v - i;
        }
    }

    /** A division by an element read before the loop. */
    public static void byElement(int[] d, int[] out, int n) {
        int q = n / d[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = q - i;
        }
    }

    public static void unusedUnderBranch(boolean[] on, int[] out, int n, int m) {
        if (on[0]) {
            int q = n / m;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i + 3;
        }
    }

    public static void innerBoundOnly(int[] out, int rows, int n, int d) {
        int w = n / d;
        for (@Parallel int i = 0; i < rows; i++) {
            for (@Parallel int j = 0; j < w; j++) {
                out[i * 4 + j] = i + j;
            }
        }
    }

    private static Throwable throwsAsJvm(MoreChecks.JvmRun jvm, MoreChecks.TaskAdder tasks, Object... args) {
        return MoreChecks.checkThrows(jvm, tasks, args);
    }

    @Test
    public void aGuardedQuotientAndRemainderUsedInTheBody() {
        int[] a = JvmOracle.ints(7201, 500);
        for (int n : INTS) {
            for (int k : INTS) {
                check(HostDivisionTest::guarded, a, new int[500], n, k);
            }
        }
    }

    @Test
    public void aLongRemainderAsABoundAndAValue() {
        long[] ls = {0, 7, -7, 4294967301L, Long.MAX_VALUE, Long.MIN_VALUE};
        long[] ms = {3, 100, -1, 4294967296L, Long.MIN_VALUE};
        for (long l : ls) {
            for (long m : ms) {
                check(HostDivisionTest::longRemainder, new long[64], l, m);
            }
        }
        long[] out = new long[8];
        Throwable e = throwsAsJvm(x -> longRemainder((long[]) x[0], (long) x[1], (long) x[2]),
                s -> s.task("t", HostDivisionTest::longRemainder, out, 5L, 0L), out, 5L, 0L);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void javasFirstExceptionBeforeTheLoop() {
        int[] a = JvmOracle.ints(7202, 10);
        check(HostLoadProbeTest::divideThenLoad, a, new int[100], 17, 3, 9);
        check(HostLoadProbeTest::loadThenDivide, a, new int[100], Integer.MIN_VALUE, -1, 0);
        // Both fail: Java's order decides which exception.
        int[] o1 = new int[100];
        Throwable e1 = throwsAsJvm(x -> HostLoadProbeTest.divideThenLoad((int[]) x[0], (int[]) x[1], (int) x[2],
                (int) x[3], (int) x[4]), s -> s.task("t", HostLoadProbeTest::divideThenLoad, a, o1, 17, 0, 10), a, o1, 17, 0,
                10);
        assertEquals(ArithmeticException.class, e1.getClass());
        int[] o2 = new int[100];
        Throwable e2 = throwsAsJvm(x -> HostLoadProbeTest.loadThenDivide((int[]) x[0], (int[]) x[1], (int) x[2],
                (int) x[3], (int) x[4]), s -> s.task("t", HostLoadProbeTest::loadThenDivide, a, o2, 17, 0, 10), a, o2, 17, 0,
                10);
        assertEquals(ArrayIndexOutOfBoundsException.class, e2.getClass());
    }

    @Test
    public void anElementAtAQuotient() {
        int[] a = JvmOracle.ints(7203, 10);
        check(HostDivisionTest::loadAtQuotient, a, new int[100], 27, 3);
        check(HostDivisionTest::loadAtQuotient, a, new int[100], -9, -1);
        int[] o = new int[100];
        Throwable e = throwsAsJvm(x -> loadAtQuotient((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                s -> s.task("t", HostDivisionTest::loadAtQuotient, a, o, 27, -3), a, o, 27, -3);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void aDivisionByAnElement() {
        check(HostDivisionTest::byElement, new int[] {7}, new int[40], 100);
        check(HostDivisionTest::byElement, new int[] {-1}, new int[40], Integer.MIN_VALUE);
        int[] zero = {0};
        int[] out = new int[40];
        Throwable e = throwsAsJvm(x -> byElement((int[]) x[0], (int[]) x[1], (int) x[2]),
                s -> s.task("t", HostDivisionTest::byElement, zero, out, 100), zero, out, 100);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void anUnusedDivisionUnderABranchThrowsOnlyWhereJavaDivides() {
        check(HostDivisionTest::unusedUnderBranch, new boolean[] {false}, new int[50], 5, 0);
        check(HostDivisionTest::unusedUnderBranch, new boolean[] {true}, new int[50], 5, 2);
        boolean[] on = {true};
        int[] out = new int[50];
        Throwable e = throwsAsJvm(x -> unusedUnderBranch((boolean[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                s -> s.task("t", HostDivisionTest::unusedUnderBranch, on, out, 5, 0), on, out, 5, 0);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void aDivisionOnlyAnInnerBoundUsesIsMadeEvenWhenNoIterationRuns() {
        check(HostDivisionTest::innerBoundOnly, new int[16], 4, 9, 3);
        check(HostDivisionTest::innerBoundOnly, new int[16], 0, 9, 3);
        int[] out = new int[16];
        Throwable e = throwsAsJvm(x -> innerBoundOnly((int[]) x[0], (int) x[1], (int) x[2], (int) x[3]),
                s -> s.task("t", HostDivisionTest::innerBoundOnly, out, 0, 9, 0), out, 0, 9, 0);
        assertEquals(ArithmeticException.class, e.getClass());
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Inputs that make the JVM throw inside branches, nested loops, switch cases and inlined helpers: the schedule
 * must throw the JVM's exception (class and message, e.g. {@code Index 1000 out of bounds for length 1000},
 * {@code / by zero}) and leave every array exactly as the sequential JVM run leaves it (the elements before the
 * failing iteration written, the rest untouched). Each test first runs the same kernel on good inputs to show that
 * it compiles and runs on the device.
 */
public class ExceptionsTest {
    private static final int N = 1000;


    @Test
    public void outOfBoundsInsideATakenBranch() {
        int[] a = Inputs.ints(1200, N);
        int[] idx = JvmOracle.ints(1201, N, 0, N);
        int[] data = Inputs.ints(1202, N);
        check(ExceptionKernels::gatherInBranch, a, idx, data, new int[N], N);
        a[600] = 5;
        idx[600] = N; // Index 1000 out of bounds for length 1000, in the taken branch
        int[] out = Inputs.ints(1203, N);
        Throwable e = checkThrows(x -> ExceptionKernels.gatherInBranch((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (int[]) x[3], (Integer) x[4]), s -> s.task("t", ExceptionKernels::gatherInBranch, a, idx, data, out, N),
                a, idx, data, out, N);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 1000 out of bounds for length 1000", e.getMessage());
    }

    @Test
    public void outOfBoundsOnlyInAnUntakenBranchDoesNotThrow() {
        int[] a = Inputs.ints(1204, N);
        int[] idx = JvmOracle.ints(1205, N, 0, N);
        a[600] = -5;
        idx[600] = N; // never read: the branch is not taken
        a[601] = 0;
        idx[601] = -1;
        check(ExceptionKernels::gatherInBranch, a, idx, Inputs.ints(1206, N), new int[N], N);
    }

    @Test
    public void negativeIndexInsideABranch() {
        int[] a = JvmOracle.ints(1207, N, 1, 100);
        int[] idx = JvmOracle.ints(1208, N, 0, 50);
        int[] data = Inputs.ints(1209, 50);
        idx[321] = -1;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> ExceptionKernels.gatherInBranch((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (int[]) x[3], (Integer) x[4]), s -> s.task("t", ExceptionKernels::gatherInBranch, a, idx, data, out, N),
                a, idx, data, out, N);
        assertEquals("Index -1 out of bounds for length 50", e.getMessage());
    }

    @Test
    public void outOfBoundsInANestedLoop() {
        int[] a = Inputs.ints(1210, N);
        check(ExceptionKernels::windowSum, a, 1, new int[N], N); // w = 1: in bounds
        int[] out = Inputs.ints(1211, N);
        Throwable e = checkThrows(x -> ExceptionKernels.windowSum((int[]) x[0], (Integer) x[1], (int[]) x[2],
                (Integer) x[3]), s -> s.task("t", ExceptionKernels::windowSum, a, 5, out, N), a, 5, out, N);
        assertEquals("Index 1000 out of bounds for length 1000", e.getMessage());
    }

    @Test
    public void outOfBoundsInAnInlinedHelperOfAnotherClass() {
        int[] a = Inputs.ints(1212, N);
        int[] idx = JvmOracle.ints(1213, N, 0, N);
        check(CallKernels::otherClassArrayAccess, a, idx, new int[N], N);
        idx[777] = Integer.MAX_VALUE;
        int[] out = Inputs.ints(1214, N);
        Throwable e = checkThrows(x -> CallKernels.otherClassArrayAccess((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (Integer) x[3]), s -> s.task("t", CallKernels::otherClassArrayAccess, a, idx, out, N), a, idx, out, N);
        assertEquals("Index 2147483647 out of bounds for length 1000", e.getMessage());
    }

    @Test
    public void divisionByZeroInAnInlinedHelper() {
        int[] a = Inputs.ints(1215, N);
        int[] b = Inputs.nonZeroInts(1216, N);
        check(CallKernels::otherClassDivision, a, b, new int[N], N);
        b[500] = 0;
        int[] out = Inputs.ints(1217, N);
        Throwable e = checkThrows(x -> CallKernels.otherClassDivision((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (Integer) x[3]), s -> s.task("t", CallKernels::otherClassDivision, a, b, out, N), a, b, out, N);
        assertEquals(ArithmeticException.class, e.getClass());
        assertEquals("/ by zero", e.getMessage());
    }

    @Test
    public void longDivisionByZeroInAHelperInsideAnInnerLoop() {
        long[] a = Inputs.longs(1218, N);
        long[] b = new long[N];
        for (int i = 0; i < N; i++) {
            b[i] = 10 + i; // k - b[i] is never zero for k in -3..3
        }
        check(ExceptionKernels::divisionInInnerLoop, a, b, new long[N], N);
        b[250] = -2; // zero when k == -2
        b[900] = 3;
        long[] out = Inputs.longs(1219, N);
        Throwable e = checkThrows(x -> ExceptionKernels.divisionInInnerLoop((long[]) x[0], (long[]) x[1],
                (long[]) x[2], (Integer) x[3]), s -> s.task("t", ExceptionKernels::divisionInInnerLoop, a, b, out, N),
                a, b, out, N);
        assertEquals("/ by zero", e.getMessage());
    }

    @Test
    public void remainderByZeroInASwitchCase() {
        int[] k = Inputs.ints(1220, N);
        int[] a = Inputs.ints(1221, N);
        int[] b = Inputs.nonZeroInts(1222, N);
        for (int i = 0; i < N; i++) {
            if ((k[i] & 3) != 1 && i % 2 == 0) {
                b[i] = 0; // only the other cases see a zero divisor: no exception
            }
        }
        check(ExceptionKernels::remainderInSwitch, k, a, b, new int[N], N);
        k[444] = 1;
        b[444] = 0;
        int[] out = Inputs.ints(1223, N);
        Throwable e = checkThrows(x -> ExceptionKernels.remainderInSwitch((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (int[]) x[3], (Integer) x[4]), s -> s.task("t", ExceptionKernels::remainderInSwitch, k, a, b, out, N),
                k, a, b, out, N);
        assertEquals("/ by zero", e.getMessage());
    }

    @Test
    public void outOfBoundsOnAScatterStore() {
        int[] a = Inputs.ints(1224, N);
        int[] perm = Inputs.permutation(N, 1225);
        check(ExceptionKernels::scatter, a, perm, new int[N], N);
        perm[123] = -1000;
        int[] out = Inputs.ints(1226, N);
        Throwable e = checkThrows(x -> ExceptionKernels.scatter((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (Integer) x[3]), s -> s.task("t", ExceptionKernels::scatter, a, perm, out, N), a, perm, out, N);
        assertEquals("Index -1000 out of bounds for length 1000", e.getMessage());
    }

    @Test
    public void theFirstFailingIterationDecidesTheMessage() {
        int[] a = JvmOracle.ints(1227, N, 1, 10);
        int[] idx = JvmOracle.ints(1228, N, 0, N);
        idx[900] = -7;
        idx[300] = 5000; // the JVM fails here first
        idx[700] = N;
        int[] data = Inputs.ints(1229, N);
        int[] out = Inputs.ints(1230, N);
        Throwable e = checkThrows(x -> ExceptionKernels.gatherInBranch((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (int[]) x[3], (Integer) x[4]), s -> s.task("t", ExceptionKernels::gatherInBranch, a, idx, data, out, N),
                a, idx, data, out, N);
        assertEquals("Index 5000 out of bounds for length 1000", e.getMessage());
    }

    @Test
    public void outOfBoundsOnAByteArrayInALabeledLoop() {
        byte[] b = Inputs.bytes(1231, N + 12);
        int[] off = JvmOracle.ints(1232, N, 0, N);
        check(ExceptionKernels::byteWindowLabeled, b, off, new int[N], N);
        off[999] = N + 1; // reads b[N + 1 .. N + 12]: the last one is out of bounds
        int[] out = Inputs.ints(1233, N);
        Throwable e = checkThrows(x -> ExceptionKernels.byteWindowLabeled((byte[]) x[0], (int[]) x[1], (int[]) x[2],
                (Integer) x[3]), s -> s.task("t", ExceptionKernels::byteWindowLabeled, b, off, out, N), b, off, out,
                N);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void outOfBoundsOnACharArrayInAHelperWithSeveralReturns() {
        char[] table = Inputs.chars(1234, 300);
        int[] idx = JvmOracle.ints(1235, N, -5, 300);
        check(ExceptionKernels::charLookup, table, idx, new int[N], N);
        idx[10] = 300;
        int[] out = Inputs.ints(1236, N);
        Throwable e = checkThrows(x -> ExceptionKernels.charLookup((char[]) x[0], (int[]) x[1], (int[]) x[2],
                (Integer) x[3]), s -> s.task("t", ExceptionKernels::charLookup, table, idx, out, N), table, idx, out,
                N);
        assertEquals("Index 300 out of bounds for length 300", e.getMessage());
    }

    @Test
    public void nullArrayReadInATakenBranchThrowsTheJvmsNullPointerException() {
        int[] a = JvmOracle.ints(1237, N, 0, 100);
        a[612] = -1;
        int[] out = Inputs.ints(1238, N);
        Throwable e = checkThrows(x -> ExceptionKernels.maybeNull((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (Integer) x[3]), s -> s.task("t", ExceptionKernels::maybeNull, a, null, out, N), a, null, out, N);
        assertEquals(NullPointerException.class, e.getClass());
    }

    @Test
    public void nullArrayOnlyInAnUntakenBranchThrowsNothing() {
        int[] a = JvmOracle.ints(1239, N, 0, 100);
        int[] out = Inputs.ints(1240, N);
        int[] expected = out.clone();
        ExceptionKernels.maybeNull(a.clone(), null, expected, N);
        try (TaskSchedule s = new TaskSchedule("null").task("t", ExceptionKernels::maybeNull, a, null, out, N)) {
            s.execute();
            TaskReport.Where where = s.report().task("t").ranOn();
            // the host may refuse a null array before launch and run the JVM instead: same result, no exception
            assertTrue(where.toString(), where == TaskReport.Where.DEVICE || where == TaskReport.Where.JVM);
        }
        assertSame("out", expected, out);
    }

    @Test
    public void theKernelRunsOnTheDeviceAgainAfterAnException() {
        int[] a = Inputs.ints(1241, N);
        int[] b = Inputs.nonZeroInts(1242, N);
        int[] bad = b.clone();
        bad[0] = 0;
        int[] out = new int[N];
        checkThrows(x -> CallKernels.otherClassDivision((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3]),
                s -> s.task("t", CallKernels::otherClassDivision, a, bad, out, N), a, bad, out, N);
        check(CallKernels::otherClassDivision, a, b, new int[N], N);
    }
}

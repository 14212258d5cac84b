package dev.ferrocl.tests;

import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.Task1;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.Task4;
import dev.ferrocl.api.Task5;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes of two features: {@code ==}/{@code !=} between reference parameters (the host passes each parameter's
 * identity), and copies of array arguments made before the {@code @Parallel} loops ({@code clone}, {@code copyOf},
 * {@code copyOfRange}, {@code System.arraycopy} into a new array). Every case runs strict on the device against the
 * JVM run on copies that keep the same sharing; exceptions must be Java's, with Java's message.
 */
public class IdentityCopyProbeTest {

    // ================================================================ harness

    private interface Jvm {
        void run(Object[] x) throws Throwable;
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    /** The JVM on alias-preserving clones, then the schedule strict on the originals; every task on the device. */
    private static ExecutionReport dev(Jvm jvm, Adder adder, Object... args) {
        Object[] expected = GraphVersioningProbeTest.aliasClone(args);
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            throw new AssertionError("the JVM threw (test is wrong)", t);
        }
        ExecutionReport r;
        StringBuilder src = new StringBuilder();
        try (TaskSchedule s = adder.add(new TaskSchedule("idcopy"))) {
            s.execute();
            r = s.report();
            for (TaskReport t : r.tasks()) {
                assertEquals(t.id() + ": " + t.reason() + "\n" + r, TaskReport.Where.DEVICE, t.ranOn());
                src.append("--- ").append(t.id()).append('\n').append(s.kernelSource(t.id())).append('\n');
            }
        }
        compare(src.toString(), expected, args);
        return r;
    }

    /**
     * Like {@link #dev}, but the tasks named in {@code mayFallBack} may run on the JVM after the host's check (a copy
     * of an array an earlier task of the schedule wrote is refused by design); the values must still be Java's.
     */
    private static ExecutionReport devAllowing(java.util.Set<String> mayFallBack, Jvm jvm, Adder adder,
            Object... args) {
        Object[] expected = GraphVersioningProbeTest.aliasClone(args);
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            throw new AssertionError("the JVM threw (test is wrong)", t);
        }
        ExecutionReport r;
        StringBuilder src = new StringBuilder();
        try (TaskSchedule s = adder.add(new TaskSchedule("idcopy"))) {
            s.execute();
            r = s.report();
            for (TaskReport t : r.tasks()) {
                if (t.ranOn() == TaskReport.Where.DEVICE) {
                    src.append("--- ").append(t.id()).append('\n').append(s.kernelSource(t.id())).append('\n');
                } else {
                    assertTrue(t.id() + ": " + t.reason() + "\n" + r, mayFallBack.contains(t.id())
                            && t.reason().contains("host-side check failed"));
                }
            }
        }
        compare(src.toString(), expected, args);
        return r;
    }

    private static void compare(String src, Object[] expected, Object[] args) {
        for (int i = 0; i < args.length; i++) {
            try {
                JvmOracle.assertSame("argument " + (i + 1), expected[i], args[i]);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nkernels:\n" + src, e);
            }
        }
    }

    private static <A> ExecutionReport run(Task1<A> code, A a) {
        return dev(x -> code.apply(cast(x[0])), s -> s.task("t", code, a), a);
    }

    private static <A, B> ExecutionReport run(Task2<A, B> code, A a, B b) {
        return dev(x -> code.apply(cast(x[0]), cast(x[1])), s -> s.task("t", code, a, b), a, b);
    }

    private static <A, B, C> ExecutionReport run(Task3<A, B, C> code, A a, B b, C c) {
        return dev(x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2])), s -> s.task("t", code, a, b, c), a, b, c);
    }

    private static <A, B, C, D> ExecutionReport run(Task4<A, B, C, D> code, A a, B b, C c, D d) {
        return dev(x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])),
                s -> s.task("t", code, a, b, c, d), a, b, c, d);
    }

    private static <A, B, C, D, E> ExecutionReport run(Task5<A, B, C, D, E> code, A a, B b, C c, D d, E e) {
        return dev(x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    /** checkThrows, plus: the JVM's exception has a message (so the message comparison is not null against null). */
    private static Throwable throwsAsJava(Class<?> type, MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder,
            Object... args) {
        Throwable e = checkThrows(jvm, adder, args);
        if (type != null) {
            assertEquals(e.toString(), type, e.getClass());
        }
        assertNotNull("the JVM's message", e.getMessage());
        return e;
    }

    // ================================================================ reference comparisons

    static void nested(int[] a, int[] b, int[] out, int k) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int j = 0; j < k; j++) {
                for (int m = 0; m < 3; m++) {
                    s += (a == b) ? a[(i + j) % a.length] * m : b[(i + m) % b.length] - j;
                    if (a != b && j == m) {
                        s ^= a[i];
                    }
                }
            }
            out[i] = s;
        }
    }

    @Test
    public void comparisonInNestedSequentialLoops() {
        int n = 1531;
        int[] x = Inputs.ints(1, n);
        run(IdentityCopyProbeTest::nested, x, x, new int[n], 5);
        run(IdentityCopyProbeTest::nested, x, Inputs.ints(2, n), new int[n], 5);
    }

    static void twoD(float[] a, float[] b, float[] out, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int k = r * cols + c;
                out[k] = a == b ? a[k] * 2f : (a != out ? a[k] - b[k] : -1f - b[k]);
            }
        }
    }

    @Test
    public void comparisonInATwoDimensionalNest() {
        int rows = 37;
        int cols = 53;
        int n = rows * cols;
        float[] x = Inputs.floats(3, n, -5f, 5f);
        float[] y = Inputs.floats(4, n, -5f, 5f);
        run(IdentityCopyProbeTest::twoD, x, x, new float[n], rows, cols);
        run(IdentityCopyProbeTest::twoD, x, y, new float[n], rows, cols);
        float[] x2 = Inputs.floats(5, n, -5f, 5f);
        run(IdentityCopyProbeTest::twoD, x2, y, x2, rows, cols); // out is a
        float[] y2 = Inputs.floats(6, n, -5f, 5f);
        run(IdentityCopyProbeTest::twoD, x, y2, y2, rows, cols); // out is b
    }

    static void stream3(long[] a, long[] b, long[] c, long[] out) {
        IntStream.range(0, out.length).parallel().forEach(i -> {
            long v = a[i];
            if (a == b) {
                v += 1;
            }
            if (b != c) {
                v *= 3;
            }
            if (a == c) {
                v -= c[i] >> 2;
            }
            out[i] = v;
        });
    }

    @Test
    public void parallelStreamComparingThreeCapturedArrays() {
        int n = 2047;
        long[] x = Inputs.longs(7, n);
        long[] y = Inputs.longs(8, n);
        long[] z = Inputs.longs(9, n);
        run(IdentityCopyProbeTest::stream3, x, x, x, new long[n]);
        run(IdentityCopyProbeTest::stream3, x, y, x, new long[n]);
        run(IdentityCopyProbeTest::stream3, x, y, z, new long[n]);
        run(IdentityCopyProbeTest::stream3, x, x, y, new long[n]);
        run(IdentityCopyProbeTest::stream3, x, y, y, new long[n]);
    }

    static void reduceCompareInt(int[] a, int[] b, @Reduce int[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a == b ? a[i] : a[i] - 3 * b[i];
        }
    }

    static void reduceCompareFloat(float[] a, float[] b, @Reduce float[] m) {
        for (@Parallel int i = 0; i < a.length; i++) {
            m[0] = Math.max(m[0], a != b ? a[i] * b[i] : -a[i]);
        }
    }

    @Test
    public void comparisonInReduceKernels() {
        int n = 100_003;
        int[] x = Inputs.ints(10, n);
        run(IdentityCopyProbeTest::reduceCompareInt, x, x, new int[] {17});
        run(IdentityCopyProbeTest::reduceCompareInt, x, Inputs.ints(11, n), new int[] {17});
        float[] f = JvmOracle.floats(12, n, -3f, 3f);
        run(IdentityCopyProbeTest::reduceCompareFloat, f, f, new float[] {-100f});
        run(IdentityCopyProbeTest::reduceCompareFloat, f, JvmOracle.floats(13, n, -3f, 3f), new float[] {-100f});
    }

    static void flagChoice(int[] a, int[] b, int[] out, boolean f) {
        int[] t = f ? a : b;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t == a ? t[i] * 2 : -t[i];
        }
    }

    /** Expected to bail out cleanly: either a CompilationException with the arrays untouched, or Java's results. */
    @Test
    public void arrayChosenByAFlagThenComparedBailsOrIsRight() {
        int n = 999;
        int[] a = Inputs.ints(14, n);
        int[] b = Inputs.ints(15, n);
        for (boolean f : new boolean[] {true, false}) {
            int[] out = new int[n];
            int[] expected = new int[n];
            flagChoice(a, b, expected, f);
            try (TaskSchedule s = new TaskSchedule("flag").task("t", IdentityCopyProbeTest::flagChoice, a, b, out,
                    f)) {
                s.execute();
                TaskReport t = s.report().task("t");
                assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
                JvmOracle.assertSame("out (ran on the device)", expected, out);
                System.out.println("IdentityCopyProbeTest: flag choice ran on the device (f=" + f + ")");
            } catch (CompilationException e) {
                System.out.println("IdentityCopyProbeTest: flag choice bailed out: " + e.getMessage());
                JvmOracle.assertSame("out after the bailout", new int[n], out);
            }
        }
    }

    static void boundsFromCompare(int[] a, int[] b, int[] out) {
        int n = a != b ? Math.min(a.length, out.length) : out.length / 3;
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int j = 0; j < (a == b ? 2 : 5); j++) {
                s += a[(i + j) % a.length] ^ j;
            }
            out[i] = s;
        }
    }

    @Test
    public void comparisonInOuterAndInnerLoopBounds() {
        int n = 3000;
        int[] x = Inputs.ints(16, n);
        run(IdentityCopyProbeTest::boundsFromCompare, x, x, Inputs.ints(17, n));
        run(IdentityCopyProbeTest::boundsFromCompare, x, Inputs.ints(18, 10), Inputs.ints(19, n));
        run(IdentityCopyProbeTest::boundsFromCompare, Inputs.ints(20, 1200), x, Inputs.ints(21, n));
    }

    static void earlyReturnNe(int[] a, int[] b) {
        if (a != b) {
            return;
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2 + 1;
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] -= 3;
        }
    }

    static void continueOnCompare(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (a == b && (i & 1) == 0) {
                continue;
            }
            int s = 0;
            int j = 0;
            while (a != b && j < 4) {
                s += b[(i + j) % b.length];
                j++;
            }
            out[i] = s + a[i];
        }
    }

    @Test
    public void earlyReturnContinueAndWhileOnComparisons() {
        int n = 1777;
        int[] x = Inputs.ints(22, n);
        run(IdentityCopyProbeTest::earlyReturnNe, x, x);
        run(IdentityCopyProbeTest::earlyReturnNe, Inputs.ints(23, n), Inputs.ints(24, n));
        int[] y = Inputs.ints(25, n);
        run(IdentityCopyProbeTest::continueOnCompare, y, y, Inputs.ints(26, n));
        run(IdentityCopyProbeTest::continueOnCompare, y, Inputs.ints(27, n), Inputs.ints(28, n));
    }

    static void threeAndOut(int[] a, int[] b, int[] c, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            if (a == b && b == c) {
                v = a[i] + b[i] + c[i];
            } else if (a == c) {
                v = a[i] - b[i];
            } else {
                v = c[i] * 7;
            }
            out[i] = v + (out == a ? 1 : 0) + (out == b ? 10 : 0) + (out == c ? 100 : 0);
        }
    }

    @Test
    public void theSameArrayPassedThreeAndFourTimes() {
        int n = 1234;
        int[] x = Inputs.ints(29, n);
        run(IdentityCopyProbeTest::threeAndOut, x, x, x, new int[n]);
        int[] x2 = Inputs.ints(30, n);
        run(IdentityCopyProbeTest::threeAndOut, x2, x2, x2, x2);
        int[] y = Inputs.ints(31, n);
        int[] z = Inputs.ints(32, n);
        run(IdentityCopyProbeTest::threeAndOut, y, z, y, z);
        int[] p = Inputs.ints(33, n);
        run(IdentityCopyProbeTest::threeAndOut, p, y, z, p);
        int[] q = Inputs.ints(34, n);
        run(IdentityCopyProbeTest::threeAndOut, y, q, q, q);
    }

    static void stepA(int[] src, int[] dst) {
        for (@Parallel int i = 0; i < dst.length; i++) {
            dst[i] = src == dst ? dst[i] + 1 : src[i] * 2;
        }
    }

    static void stepB(int[] p, int[] q, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p == q ? p[i] - 5 : p[i] + q[i];
        }
    }

    @Test
    public void multiTaskSchedulePassingArraysAround() {
        int n = 2100;
        int[] x = Inputs.ints(35, n);
        int[] y = Inputs.ints(36, n);
        int[] out = new int[n];
        dev(v -> {
            stepA((int[]) v[0], (int[]) v[1]);
            stepB((int[]) v[1], (int[]) v[0], (int[]) v[2]);
            stepA((int[]) v[1], (int[]) v[1]);
            stepB((int[]) v[2], (int[]) v[2], (int[]) v[0]);
            stepB((int[]) v[0], (int[]) v[1], (int[]) v[2]);
        }, s -> s.task("a", IdentityCopyProbeTest::stepA, x, y)
                .task("b", IdentityCopyProbeTest::stepB, y, x, out)
                .task("c", IdentityCopyProbeTest::stepA, y, y)
                .task("d", IdentityCopyProbeTest::stepB, out, out, x)
                .task("e", IdentityCopyProbeTest::stepB, x, y, out), x, y, out);
    }

    static void inLoop(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (a == b) ? a[i] * 3 : a[i] + b[i];
        }
    }

    @Test
    public void comparisonInBatches() {
        int n = 60_000;
        int[] x = Inputs.ints(37, n);
        int[] y = Inputs.ints(38, n);
        for (int[] b : new int[][] {x, y}) {
            int[] out = new int[n];
            ExecutionReport r = dev(v -> inLoop((int[]) v[0], (int[]) v[1], (int[]) v[2]),
                    s -> s.batch("16KB").task("t", IdentityCopyProbeTest::inLoop, x, b, out), x, b, out);
            assertTrue(r.toString(), r.task("t").batches() > 1);
        }
        // the output is one of the compared arrays, in batches
        int[] z = Inputs.ints(39, n);
        dev(v -> inLoop((int[]) v[0], (int[]) v[1], (int[]) v[2]),
                s -> s.batch("16KB").task("t", IdentityCopyProbeTest::inLoop, z, z, z), z, z, z);
    }

    static void mixedTypes(int[] a, float[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            boolean same = (Object) a == (Object) b;
            boolean differ = (Object) b != (Object) a;
            out[i] = (same ? -1 : a[i] + (int) b[i]) + (differ ? 3 : 5);
        }
    }

    @Test
    public void arraysOfDifferentElementTypesComparedAsObjects() {
        int n = 1500;
        run(IdentityCopyProbeTest::mixedTypes, Inputs.ints(40, n), JvmOracle.floats(41, n, -1e6f, 1e6f), new int[n]);
    }

    @Test
    public void equalContentsButDistinctArrays() {
        int n = 2000;
        int[] x = Inputs.ints(42, n);
        run(IdentityCopyProbeTest::inLoop, x, x.clone(), new int[n]);
        run(IdentityCopyProbeTest::threeAndOut, x, x.clone(), x.clone(), new int[n]);
    }

    static boolean same(int[] p, int[] q) {
        return p == q;
    }

    static void viaHelperAndFlags(int[] a, int[] b, int[] c, int[] out) {
        boolean ab = a == b;
        boolean bc = b != c;
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = same(a, c) ? 1 : 2;
            out[i] = v * 1000 + ((ab ^ bc) ? a[i] : c[i]);
        }
    }

    @Test
    public void comparisonInAHelperAndInBooleansBeforeTheLoop() {
        int n = 1100;
        int[] x = Inputs.ints(43, n);
        int[] y = Inputs.ints(44, n);
        int[] z = Inputs.ints(45, n);
        run(IdentityCopyProbeTest::viaHelperAndFlags, x, x, x, new int[n]);
        run(IdentityCopyProbeTest::viaHelperAndFlags, x, x, y, new int[n]);
        run(IdentityCopyProbeTest::viaHelperAndFlags, x, y, x, new int[n]);
        run(IdentityCopyProbeTest::viaHelperAndFlags, x, y, z, new int[n]);
        run(IdentityCopyProbeTest::viaHelperAndFlags, x, y, y, new int[n]);
    }

    @Test
    public void alternatingAliasingAcrossSchedulesOfOneMethod() {
        int n = 900;
        int[] x = Inputs.ints(46, n);
        int[] y = Inputs.ints(47, n);
        for (int r = 0; r < 6; r++) {
            int[] b = (r % 2 == 0) ? x : y;
            run(IdentityCopyProbeTest::inLoop, x, b, new int[n]);
            run(IdentityCopyProbeTest::nested, y, (r % 3 == 0) ? y : x, new int[n], 2);
        }
    }

    static final class Holder {
        final int[] data;

        Holder(int[] data) {
            this.data = data;
        }

        void mix(int[] x, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = x == data ? x[i] * 5 : x[i] - data[i];
            }
        }
    }

    @Test
    public void aParameterAgainstTheReceiversField() {
        int n = 1300;
        int[] d = Inputs.ints(48, n);
        Holder h = new Holder(d);
        for (int[] x : new int[][] {d, Inputs.ints(49, n)}) {
            int[] expected = new int[n];
            h.mix(x, expected);
            int[] out = new int[n];
            dev(v -> { }, s -> s.task("t", h::mix, x, out));
            JvmOracle.assertSame("out", expected, out);
        }
    }

    static int[] s1 = new int[0];
    static int[] s2 = new int[0];

    static void twoStatics(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (s1 == s2 ? s1[i] : s1[i] - s2[i]) + (a == s2 ? 1 : 0);
        }
    }

    @Test
    public void twoStaticArrayFieldsCompared() {
        int n = 800;
        int[] save1 = s1;
        int[] save2 = s2;
        try {
            int[][] cases = {{0, 0}, {0, 1}};
            for (int[] c : cases) {
                int[] p = Inputs.ints(50, n);
                int[] q = Inputs.ints(51, n);
                s1 = p;
                s2 = c[1] == 0 ? p : q;
                for (int[] a : new int[][] {p, q, Inputs.ints(52, n)}) {
                    int[] expected = new int[n];
                    twoStatics(a, expected);
                    int[] out = new int[n];
                    dev(v -> { }, s -> s.task("t", IdentityCopyProbeTest::twoStatics, a, out));
                    JvmOracle.assertSame("out", expected, out);
                }
            }
        } finally {
            s1 = save1;
            s2 = save2;
        }
    }

    // ================================================================ copies of arguments

    static void reverseByClone(int[] a) {
        int[] t = a.clone();
        int n = a.length;
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = t[n - 1 - i];
        }
    }

    static void reverseByCopyOf(float[] a) {
        float[] t = Arrays.copyOf(a, a.length);
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = t[a.length - 1 - i];
        }
    }

    static void reverseByArraycopy(double[] a) {
        double[] t = new double[a.length];
        System.arraycopy(a, 0, t, 0, a.length);
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = t[a.length - 1 - i] + t[i];
        }
    }

    static void rotateByCopyOfRange(long[] a, int k) {
        long[] t = Arrays.copyOfRange(a, 0, a.length);
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = t[(i + k) % a.length];
        }
    }

    @Test
    public void aCopyWrittenBackIntoItsArgumentReversed() {
        for (int n : new int[] {1, 2, 1001, 4096}) {
            run(IdentityCopyProbeTest::reverseByClone, Inputs.ints(61 + n, n));
            run(IdentityCopyProbeTest::reverseByCopyOf, Inputs.floats(62 + n, n, -9f, 9f));
            run(IdentityCopyProbeTest::reverseByArraycopy, Inputs.doubles(63 + n, n, -9.0, 9.0));
            run(IdentityCopyProbeTest::rotateByCopyOfRange, Inputs.longs(64 + n, n), 7);
        }
    }

    static void rangeEmpty(double[] a, double[] out, int from) {
        double[] t = Arrays.copyOfRange(a, from, from);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t.length * 10 + a[i];
        }
        for (@Parallel int i = 0; i < t.length; i++) {
            out[i] = t[i];
        }
    }

    static void arraycopyZeroAtTheEnd(int[] a, int[] out) {
        int[] t = new int[a.length];
        System.arraycopy(a, a.length, t, t.length, 0);
        System.arraycopy(a, 0, t, 0, 0);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] + a[i];
        }
    }

    static void cloneOfEmpty(int[] a, int[] out) {
        int[] t = a.clone();
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t.length + i;
        }
    }

    static void copyOfRuntimeLength(int[] a, int[] out, int m) {
        int[] t = Arrays.copyOf(a, m);
        for (@Parallel int i = 0; i < t.length; i++) {
            out[i] = -1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t.length + a[i];
        }
    }

    @Test
    public void copyOfRuntimeZeroLength() {
        int n = 513;
        run(IdentityCopyProbeTest::copyOfRuntimeLength, Inputs.ints(69, n), new int[n], 0);
        run(IdentityCopyProbeTest::copyOfRuntimeLength, Inputs.ints(68, n), new int[n], 3);
    }

    @Test
    public void copyOfRangeFromEqualsTo() {
        int n = 513;
        run(IdentityCopyProbeTest::rangeEmpty, Inputs.doubles(71, n, -1.0, 1.0), new double[n], 5);
        run(IdentityCopyProbeTest::rangeEmpty, Inputs.doubles(72, n, -1.0, 1.0), new double[n], n);
        run(IdentityCopyProbeTest::rangeEmpty, Inputs.doubles(73, n, -1.0, 1.0), new double[n], 0);
    }

    @Test
    public void zeroLengthArraycopyAndCloneOfAnEmptyArray() {
        int n = 513;
        run(IdentityCopyProbeTest::arraycopyZeroAtTheEnd, Inputs.ints(74, n), new int[n]);
        run(IdentityCopyProbeTest::cloneOfEmpty, new int[0], new int[n]);
    }

    static void overlapCopies(int[] a, int[] b, int[] out, int shift) {
        int[] t = new int[a.length + shift];
        System.arraycopy(a, 0, t, 0, a.length);
        System.arraycopy(b, 0, t, shift, b.length);
        System.arraycopy(a, 1, t, 3, a.length / 2);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] * 3 + i;
        }
    }

    @Test
    public void arraycopiesOverlappingInTheNewArray() {
        int n = 1000;
        run(IdentityCopyProbeTest::overlapCopies, Inputs.ints(75, n), Inputs.ints(76, n), new int[n + 200], 200);
        int[] x = Inputs.ints(77, n);
        run(IdentityCopyProbeTest::overlapCopies, x, x, new int[n + 1], 1);
    }

    // ---------------------------------------------------------------- every primitive element type

    static void allBoolean(boolean[] a, int[] out) {
        boolean[] c1 = a.clone();
        boolean[] c2 = Arrays.copyOf(a, a.length + 1);
        boolean[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        boolean[] c4 = new boolean[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] = !c1[i];
            out[i] = (c1[i] ? 1 : 0) + (c2[i + 1] ? 2 : 0) + (c3[i] ? 4 : 0) + (c4[a.length - 1 - i] ? 8 : 0);
        }
    }

    static void allByte(byte[] a, byte[] out) {
        byte[] c1 = a.clone();
        byte[] c2 = Arrays.copyOf(a, a.length + 1);
        byte[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        byte[] c4 = new byte[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] += 5;
            out[i] = (byte) (c1[i] + c2[i + 1] * 3 + c3[i] - c4[a.length - 1 - i]);
        }
    }

    static void allChar(char[] a, char[] out) {
        char[] c1 = a.clone();
        char[] c2 = Arrays.copyOf(a, a.length + 1);
        char[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        char[] c4 = new char[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] ^= 0x8001;
            out[i] = (char) (c1[i] + c2[i + 1] * 3 + c3[i] - c4[a.length - 1 - i]);
        }
    }

    static void allShort(short[] a, short[] out) {
        short[] c1 = a.clone();
        short[] c2 = Arrays.copyOf(a, a.length + 1);
        short[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        short[] c4 = new short[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] -= 77;
            out[i] = (short) (c1[i] + c2[i + 1] * 3 + c3[i] - c4[a.length - 1 - i]);
        }
    }

    static void allInt(int[] a, int[] out) {
        int[] c1 = a.clone();
        int[] c2 = Arrays.copyOf(a, a.length + 1);
        int[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        int[] c4 = new int[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] *= 3;
            out[i] = c1[i] + c2[i + 1] * 3 + c3[i] - c4[a.length - 1 - i];
        }
    }

    static void allLong(long[] a, long[] out) {
        long[] c1 = a.clone();
        long[] c2 = Arrays.copyOf(a, a.length + 1);
        long[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        long[] c4 = new long[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] >>>= 3;
            out[i] = c1[i] + c2[i + 1] * 3 + c3[i] - c4[a.length - 1 - i];
        }
    }

    static void allFloat(float[] a, float[] out) {
        float[] c1 = a.clone();
        float[] c2 = Arrays.copyOf(a, a.length + 1);
        float[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        float[] c4 = new float[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] *= 0.5f;
            out[i] = c1[i] + c2[i + 1] * 3f + c3[i] - c4[a.length - 1 - i];
        }
    }

    static void allDouble(double[] a, double[] out) {
        double[] c1 = a.clone();
        double[] c2 = Arrays.copyOf(a, a.length + 1);
        double[] c3 = Arrays.copyOfRange(a, 1, a.length + 2);
        double[] c4 = new double[a.length];
        System.arraycopy(a, 0, c4, 0, a.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            c1[i] -= 1.25;
            out[i] = c1[i] + c2[i + 1] * 3.0 + c3[i] - c4[a.length - 1 - i];
        }
    }

    @Test
    public void everyNarrowElementTypeThroughEveryCopyForm() {
        int n = 1025;
        run(IdentityCopyProbeTest::allBoolean, Inputs.booleans(80, n), new int[n]);
        run(IdentityCopyProbeTest::allByte, Inputs.bytes(81, n), new byte[n]);
        run(IdentityCopyProbeTest::allChar, Inputs.chars(82, n), new char[n]);
        run(IdentityCopyProbeTest::allShort, Inputs.shorts(83, n), new short[n]);
    }

    @Test
    public void everyWideElementTypeThroughEveryCopyForm() {
        int n = 1025;
        run(IdentityCopyProbeTest::allInt, Inputs.ints(84, n), new int[n]);
        run(IdentityCopyProbeTest::allLong, Inputs.longs(85, n), new long[n]);
        run(IdentityCopyProbeTest::allFloat, Inputs.withFloatSpecials(Inputs.floats(86, n, -1e3f, 1e3f)),
                new float[n]);
        run(IdentityCopyProbeTest::allDouble, Inputs.withDoubleSpecials(Inputs.doubles(87, n, -1e3, 1e3)),
                new double[n]);
    }

    // ---------------------------------------------------------------- large, static lengths, re-executions

    static void bigClone(float[] a, float[] out) {
        float[] t = a.clone();
        for (@Parallel int i = 0; i < t.length; i++) {
            t[i] = t[i] * 0.5f;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[out.length - 1 - i] + a[i];
        }
    }

    static void bigRange(long[] a, long[] out, int from) {
        long[] t = Arrays.copyOfRange(a, from, from + out.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] ^ (long) i;
        }
    }

    static void bigPad(double[] a, double[] out) {
        double[] t = Arrays.copyOf(a, out.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] + t[out.length - 1 - i];
        }
    }

    @Test
    public void veryLargeCopies() {
        int n = 2_000_000;
        run(IdentityCopyProbeTest::bigClone, Inputs.floats(90, n, -100f, 100f), new float[n]);
        run(IdentityCopyProbeTest::bigRange, Inputs.longs(91, n), new long[n], 1000);
        run(IdentityCopyProbeTest::bigPad, Inputs.doubles(92, n, -1.0, 1.0), new double[n + 333_333]);
    }

    static int len = 777;

    static void staticLength(int[] a, int[] out) {
        int[] t = Arrays.copyOf(a, len);
        int[] u = new int[len];
        System.arraycopy(a, 0, u, 0, Math.min(len, a.length));
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (i < t.length ? t[i] : -5) + (i < u.length ? u[u.length - 1 - i] : 9) + t.length;
        }
    }

    @Test
    public void copyLengthFromAStaticField() {
        int saved = len;
        try {
            int n = 1000;
            for (int l : new int[] {777, 1000, 1500, 0}) {
                len = l;
                run(IdentityCopyProbeTest::staticLength, Inputs.ints(93 + l, n), new int[n + 600]);
            }
            // the field changes between two executions of one schedule
            int[] a = Inputs.ints(94, n);
            int[] out = new int[n + 600];
            len = 300;
            try (TaskSchedule s = new TaskSchedule("len").task("t", IdentityCopyProbeTest::staticLength, a, out)) {
                s.execute();
                len = 1400;
                s.execute();
                TaskReport t = s.report().task("t");
                assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            }
            int[] expected = new int[n + 600];
            staticLength(a, expected);
            JvmOracle.assertSame("out after the second execution", expected, out);
        } finally {
            len = saved;
        }
    }

    static void rangeAndArraycopy(int[] a, int[] out, int from) {
        int[] t = Arrays.copyOfRange(a, from, a.length);
        int[] u = new int[a.length + 4];
        System.arraycopy(a, 0, u, 4, a.length);
        for (@Parallel int i = 0; i < t.length; i++) {
            t[i] += 1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (i < t.length ? t[i] : 0) * 3 + u[i];
        }
    }

    @Test
    public void secondExecutionAfterMutatingTheArgument() {
        int n = 1500;
        int[] a = Inputs.ints(95, n);
        int[] out = new int[n];
        int[] ea = a.clone();
        int[] eout = new int[n];
        try (TaskSchedule s = new TaskSchedule("again").task("t", IdentityCopyProbeTest::rangeAndArraycopy, a, out,
                11)) {
            for (int r = 0; r < 3; r++) {
                rangeAndArraycopy(ea, eout, 11);
                s.execute();
                JvmOracle.assertSame("out after execution " + r, eout, out);
                for (int k = 0; k < n; k += 97) {
                    a[k] = k * 31 + r;
                    ea[k] = k * 31 + r;
                }
                a[n - 1] = -r;
                ea[n - 1] = -r;
            }
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        }
    }

    static void bump(int[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 5 + 1000;
        }
    }

    @Test
    public void copiesOfAnArrayAnEarlierTaskWrote() {
        int n = 2500;
        int[] a = Inputs.ints(96, n);
        int[] o1 = new int[n];
        int[] o2 = new int[n];
        int[] o3 = new int[n];
        devAllowing(java.util.Set.of("t1", "t2", "t3", "t4"), v -> {
            bump((int[]) v[0]);
            rangeAndArraycopy((int[]) v[0], (int[]) v[1], 100);
            bump((int[]) v[0]);
            straightCopy((int[]) v[0], (int[]) v[2]);
            reverseByClone((int[]) v[0]);
            staticLength((int[]) v[0], (int[]) v[3]);
        }, s -> s.task("w1", IdentityCopyProbeTest::bump, a)
                .task("t1", IdentityCopyProbeTest::rangeAndArraycopy, a, o1, 100)
                .task("w2", IdentityCopyProbeTest::bump, a)
                .task("t2", IdentityCopyProbeTest::straightCopy, a, o2)
                .task("t3", IdentityCopyProbeTest::reverseByClone, a)
                .task("t4", IdentityCopyProbeTest::staticLength, a, o3), a, o1, o2, o3);
    }

    // ---------------------------------------------------------------- streams, reductions, batches, aliasing

    static void streamCopy(double[] a, double[] out) {
        double[] t = Arrays.copyOf(a, a.length);
        IntStream.range(0, t.length).parallel().forEach(i -> t[i] = t[i] * t[i]);
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = t[out.length - 1 - i] - a[i]);
    }

    @Test
    public void aCopyUsedByParallelStreams() {
        int n = 3333;
        run(IdentityCopyProbeTest::streamCopy, Inputs.doubles(97, n, -3.0, 3.0), new double[n]);
    }

    static void reduceOverCopy(int[] a, @Reduce long[] sum) {
        int[] t = Arrays.copyOfRange(a, 1, a.length);
        for (@Parallel int i = 0; i < t.length; i++) {
            sum[0] += (long) t[i] * (i & 7);
        }
    }

    static void reduceOverClone(float[] a, @Reduce float[] m) {
        float[] t = a.clone();
        for (@Parallel int i = 0; i < t.length; i++) {
            m[0] = Math.min(m[0], t[t.length - 1 - i] - a[i]);
        }
    }

    @Test
    public void aCopyInAReduceKernel() {
        int n = 100_001;
        run(IdentityCopyProbeTest::reduceOverCopy, Inputs.ints(98, n), new long[] {5});
        run(IdentityCopyProbeTest::reduceOverClone, JvmOracle.floats(99, n, -9f, 9f), new float[] {0f});
    }

    static void straightCopy(int[] a, int[] out) {
        int[] t = a.clone();
        for (@Parallel int i = 0; i < t.length; i++) {
            t[i] = t[i] * 3 + 1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] + a[i];
        }
    }

    @Test
    public void copiesInBatches() {
        int n = 50_000;
        int[] a = Inputs.ints(100, n);
        int[] out = new int[n];
        dev(v -> straightCopy((int[]) v[0], (int[]) v[1]),
                s -> s.batch("16KB").task("t", IdentityCopyProbeTest::straightCopy, a, out), a, out);
        float[] b = Inputs.floats(101, n, -1f, 1f);
        float[] out2 = new float[n];
        dev(v -> bigClone((float[]) v[0], (float[]) v[1]),
                s -> s.batch("16KB").task("t", IdentityCopyProbeTest::bigClone, b, out2), b, out2);
        int[] c = Inputs.ints(102, n);
        dev(v -> reverseByClone((int[]) v[0]), s -> s.batch("16KB").task("t", IdentityCopyProbeTest::reverseByClone,
                c), c);
    }

    static void copyAliased(int[] a, int[] b) {
        int[] t = a.clone();
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = (a == b ? 1000 : 0) + t[b.length - 1 - i] + a[i];
        }
    }

    @Test
    public void aCopyOfAnArgumentPassedTwice() {
        int n = 1999;
        int[] x = Inputs.ints(103, n);
        run(IdentityCopyProbeTest::copyAliased, x, x);
        run(IdentityCopyProbeTest::copyAliased, Inputs.ints(104, n), Inputs.ints(105, n));
    }

    static void copyOfOtherLength(int[] a, int[] b, int[] out) {
        int[] t = Arrays.copyOf(a, b.length);
        int[] u = Arrays.copyOfRange(b, a.length / 2, a.length / 2 + out.length);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (i < t.length ? t[i] : 1) - u[i];
        }
    }

    @Test
    public void copyLengthsFromOtherArguments() {
        run(IdentityCopyProbeTest::copyOfOtherLength, Inputs.ints(106, 500), Inputs.ints(107, 900), new int[1200]);
        run(IdentityCopyProbeTest::copyOfOtherLength, Inputs.ints(108, 300), Inputs.ints(109, 900), new int[100]);
        int[] x = Inputs.ints(110, 640);
        run(IdentityCopyProbeTest::copyOfOtherLength, x, x, new int[640]);
    }

    static int[] stat = new int[0];

    static void cloneOfStatic(int[] out) {
        int[] t = stat.clone();
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[t.length - 1 - i] * 2;
        }
    }

    @Test
    public void aCloneOfAStaticArrayField() {
        int[] saved = stat;
        try {
            int n = 700;
            stat = Inputs.ints(111, n);
            run(IdentityCopyProbeTest::cloneOfStatic, new int[n]);
        } finally {
            stat = saved;
        }
    }

    // ---------------------------------------------------------------- exceptions, through the JVM

    static void copyOfLen(float[] a, float[] out, int m) {
        float[] t = Arrays.copyOf(a, m);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i % t.length] + 1f;
        }
    }

    @Test
    public void negativeCopyOfLength() {
        float[] a = Inputs.floats(120, 10, -1f, 1f);
        float[] out = new float[10];
        for (int m : new int[] {-1, -4, Integer.MIN_VALUE}) {
            throwsAsJava(NegativeArraySizeException.class,
                    x -> copyOfLen((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                    s -> s.task("t", IdentityCopyProbeTest::copyOfLen, a, out, m), a, out, m);
        }
    }

    static void copyRange(byte[] a, byte[] out, int from, int to) {
        byte[] t = Arrays.copyOfRange(a, from, to);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (byte) (t.length + a[i]);
        }
    }

    @Test
    public void copyOfRangeOutOfRange() {
        int n = 40;
        byte[] a = Inputs.bytes(121, n);
        byte[] out = new byte[n];
        int[][] ranges = {{30, 10}, {-1, 5}, {n + 1, n + 3}, {Integer.MIN_VALUE, 0}, {5, 4}};
        Class<?>[] types = {IllegalArgumentException.class, ArrayIndexOutOfBoundsException.class,
            ArrayIndexOutOfBoundsException.class, null, IllegalArgumentException.class};
        for (int k = 0; k < ranges.length; k++) {
            int from = ranges[k][0];
            int to = ranges[k][1];
            throwsAsJava(types[k], x -> copyRange((byte[]) x[0], (byte[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", IdentityCopyProbeTest::copyRange, a, out, from, to), a, out, from, to);
        }
    }

    static void arraycopyRange(boolean[] a, int[] out, int src, int dst, int n, int len) {
        boolean[] t = new boolean[len];
        System.arraycopy(a, src, t, dst, n);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i % t.length] ? 1 : 2;
        }
    }

    @Test
    public void arraycopyOutOfRange() {
        int n = 10;
        boolean[] a = Inputs.booleans(122, n);
        int[] out = new int[n];
        // src pos, dst pos, count, new length
        int[][] cases = {{3, 0, 9, 10}, {0, 2, 10, 10}, {0, 0, -1, 10}, {-1, 0, 2, 10}, {0, -2, 2, 10},
            {0, 0, 5, -3}, {11, 0, 0, 10}, {0, 11, 0, 10}};
        for (int[] c : cases) {
            Class<?> type = c[3] < 0 ? NegativeArraySizeException.class : ArrayIndexOutOfBoundsException.class;
            throwsAsJava(type, x -> arraycopyRange((boolean[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3],
                    (Integer) x[4], (Integer) x[5]),
                    s -> s.task("t", IdentityCopyProbeTest::arraycopyRange, a, out, c[0], c[1], c[2], c[3]), a, out,
                    c[0], c[1], c[2], c[3]);
        }
    }

    static void arraycopyLongs(long[] a, long[] out, int src, int count) {
        long[] t = new long[out.length];
        System.arraycopy(a, src, t, 0, count);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] - 1;
        }
    }

    @Test
    public void arraycopyOutOfRangeOfOtherTypesAndValid() {
        int n = 64;
        long[] a = Inputs.longs(123, n);
        long[] out = new long[n];
        throwsAsJava(ArrayIndexOutOfBoundsException.class,
                x -> arraycopyLongs((long[]) x[0], (long[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", IdentityCopyProbeTest::arraycopyLongs, a, out, 10, 60), a, out, 10, 60);
        long[] shortOut = new long[8];
        throwsAsJava(ArrayIndexOutOfBoundsException.class,
                x -> arraycopyLongs((long[]) x[0], (long[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", IdentityCopyProbeTest::arraycopyLongs, a, shortOut, 0, 9), a, shortOut, 0, 9);
        // and the same method with valid ranges runs on the device
        run(IdentityCopyProbeTest::arraycopyLongs, a, new long[n], 4, 60);
        run(IdentityCopyProbeTest::arraycopyLongs, a, new long[n], n, 0);
    }

    // ================================================================ more probes

    @Test
    public void staticFieldReassignedBetweenExecutions() {
        int n = 600;
        int[] save1 = s1;
        int[] save2 = s2;
        try {
            int[] p = Inputs.ints(130, n);
            int[] q = Inputs.ints(131, n);
            int[] out = new int[n];
            s1 = p;
            s2 = q;
            try (TaskSchedule s = new TaskSchedule("restatic").task("t", IdentityCopyProbeTest::twoStatics, p, out)) {
                s.execute();
                int[] e1 = new int[n];
                twoStatics(p, e1);
                JvmOracle.assertSame("out, fields distinct", e1, out);
                s2 = p; // now s1 == s2 == a
                s.execute();
                int[] e2 = new int[n];
                twoStatics(p, e2);
                JvmOracle.assertSame("out, fields the same array", e2, out);
                s1 = q; // s1 != s2, a == s2
                s.execute();
                int[] e3 = new int[n];
                twoStatics(p, e3);
                JvmOracle.assertSame("out, fields swapped", e3, out);
                TaskReport t = s.report().task("t");
                assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            }
        } finally {
            s1 = save1;
            s2 = save2;
        }
    }

    static final class Node {
        final int[] data;
        final int bias;

        Node(int[] data, int bias) {
            this.data = data;
            this.bias = bias;
        }

        void against(Node other, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = this == other ? data[i] + bias : data[i] - other.data[i] + other.bias;
            }
        }
    }

    @Test
    public void theReceiverAgainstAParameter() {
        int n = 900;
        Node a = new Node(Inputs.ints(132, n), 7);
        Node b = new Node(Inputs.ints(133, n), -3);
        Node sameData = new Node(a.data, 7);
        for (Node other : new Node[] {a, b, sameData}) {
            int[] expected = new int[n];
            a.against(other, expected);
            int[] out = new int[n];
            dev(v -> { }, s -> s.task("t", a::against, other, out));
            JvmOracle.assertSame("out", expected, out);
        }
    }

    static void choiceByComparison(int[] a, int[] b, int[] c, int[] out) {
        int[] src = a == b ? c : a;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = src[i] * 2 + b[i];
        }
    }

    @Test
    public void anArrayChosenByAComparison() {
        int n = 1000;
        int[] x = Inputs.ints(134, n);
        run(IdentityCopyProbeTest::choiceByComparison, x, x, Inputs.ints(135, n), new int[n]);
        run(IdentityCopyProbeTest::choiceByComparison, x, Inputs.ints(136, n), Inputs.ints(137, n), new int[n]);
    }

    @Test
    public void theSameCopyingMethodTwiceInOneSchedule() {
        int n = 1501;
        int[] a = Inputs.ints(145, n);
        long[] b = Inputs.longs(146, n);
        devAllowing(java.util.Set.of("r2", "o2", "r3"), v -> {
            reverseByClone((int[]) v[0]);
            rotateByCopyOfRange((long[]) v[1], 5);
            reverseByClone((int[]) v[0]);
            rotateByCopyOfRange((long[]) v[1], 11);
            reverseByClone((int[]) v[0]);
        }, s -> s.task("r1", IdentityCopyProbeTest::reverseByClone, a)
                .task("o1", IdentityCopyProbeTest::rotateByCopyOfRange, b, 5)
                .task("r2", IdentityCopyProbeTest::reverseByClone, a)
                .task("o2", IdentityCopyProbeTest::rotateByCopyOfRange, b, 11)
                .task("r3", IdentityCopyProbeTest::reverseByClone, a), a, b);
    }

    @Test
    public void veryLargeCopiesInBatches() {
        int n = 2_000_000;
        float[] a = Inputs.floats(147, n, -10f, 10f);
        float[] out = new float[n];
        ExecutionReport r = dev(v -> bigClone((float[]) v[0], (float[]) v[1]),
                s -> s.batch("256KB").task("t", IdentityCopyProbeTest::bigClone, a, out), a, out);
        System.out.println("IdentityCopyProbeTest: bigClone in batches: " + r.task("t").batches() + " batches");
        long[] b = Inputs.longs(148, n);
        long[] out2 = new long[n - 5000];
        dev(v -> bigRange((long[]) v[0], (long[]) v[1], (Integer) v[2]),
                s -> s.batch("256KB").task("t", IdentityCopyProbeTest::bigRange, b, out2, 4000), b, out2, 4000);
    }

    @Test
    public void aCopyThatThrowsAfterAnEarlierTaskWrote() {
        int n = 64;
        byte[] a = Inputs.bytes(149, n);
        byte[] out = new byte[n];
        byte[] ea = a.clone();
        byte[] eout = out.clone();
        Throwable expected = null;
        try {
            bumpBytes(ea);
            copyRange(ea, eout, 10, 5);
        } catch (Throwable t) {
            expected = t;
        }
        assertNotNull(expected);
        Throwable actual = null;
        try (TaskSchedule s = new TaskSchedule("late").task("w", IdentityCopyProbeTest::bumpBytes, a)
                .task("t", IdentityCopyProbeTest::copyRange, a, out, 10, 5)) {
            try {
                s.execute();
            } catch (Throwable t) {
                actual = t;
            }
            assertNotNull("execute() returned normally: " + s.report(), actual);
            System.out.println("IdentityCopyProbeTest: throwing schedule: w " + s.report().task("w").ranOn() + ", t "
                    + s.report().task("t").ranOn() + " (" + s.report().task("t").reason() + ")");
        }
        assertEquals(expected.getClass(), actual.getClass());
        assertEquals(expected.getMessage(), actual.getMessage());
        JvmOracle.assertSame("a", ea, a);
        JvmOracle.assertSame("out", eout, out);
    }

    static void bumpBytes(byte[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = (byte) (a[i] * 3 + 1);
        }
    }

    @Test
    public void aNegativeStaticLength() {
        int saved = len;
        try {
            len = -7;
            int[] a = Inputs.ints(152, 100);
            int[] out = new int[100];
            throwsAsJava(NegativeArraySizeException.class, x -> staticLength((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", IdentityCopyProbeTest::staticLength, a, out), a, out);
        } finally {
            len = saved;
        }
    }

    static void copyIn2d(float[] a, float[] out, int rows, int cols) {
        float[] t = Arrays.copyOfRange(a, cols, a.length);
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                t[r * cols + c] += (float) r;
            }
        }
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[r * cols + c] = t[r * cols + (cols - 1 - c)] - a[r * cols + c];
            }
        }
    }

    @Test
    public void aCopyUsedByTwoDimensionalNests() {
        int rows = 41;
        int cols = 67;
        run(IdentityCopyProbeTest::copyIn2d, Inputs.floats(153, (rows + 1) * cols, -4f, 4f),
                new float[rows * cols], rows, cols);
    }

    static final class Pair {
        final int[] left;
        final int[] right;

        Pair(int[] left, int[] right) {
            this.left = left;
            this.right = right;
        }
    }

    static void pairFields(Pair p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.left == p.right ? p.left[i] : p.left[i] - p.right[i];
        }
    }

    static void pairVsParam(Pair p, int[] x, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (p.left == x ? 1 : (p.right == x ? 2 : 3)) + x[i];
        }
    }

    @Test
    public void aParameterObjectsFieldsAgainstEachOtherAndAParameter() {
        int n = 1200;
        int[] l = Inputs.ints(160, n);
        int[] r = Inputs.ints(161, n);
        int[] other = Inputs.ints(162, n);
        for (Pair p : new Pair[] {new Pair(l, l), new Pair(l, r)}) {
            run(IdentityCopyProbeTest::pairFields, p, new int[n]);
            for (int[] x : new int[][] {l, r, other}) {
                int[] expected = new int[n];
                pairVsParam(p, x, expected);
                int[] out = new int[n];
                dev(v -> { }, s -> s.task("t", IdentityCopyProbeTest::pairVsParam, p, x, out));
                JvmOracle.assertSame("out", expected, out);
            }
        }
    }

    static final class W {
        final float s;

        W(float s) {
            this.s = s;
        }
    }

    static void objectsMaybeNull(W p, W q, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (p == q ? 1 : 2) + (p != q ? 10 : 20) + i;
        }
    }

    @Test
    public void objectParametersComparedIncludingNulls() {
        W w = new W(1f);
        W v = new W(1f);
        W[][] cases = {{null, null}, {w, null}, {null, w}, {w, w}, {w, v}};
        for (W[] pq : cases) {
            int[] out = new int[300];
            run(IdentityCopyProbeTest::objectsMaybeNull, pq[0], pq[1], out);
        }
    }

    @Test
    public void copiesOfKeptArraysOverSeveralExecutions() {
        int n = 1001;
        int[] a = Inputs.ints(180, n);
        int[] out = new int[n];
        int[] ea = a.clone();
        int[] eout = out.clone();
        try (TaskSchedule s = new TaskSchedule("kept").keepOnDevice(a, out)
                .task("t", IdentityCopyProbeTest::copyAliased, a, out)) {
            for (int r = 0; r < 3; r++) {
                copyAliased(ea, eout);
                s.execute();
                JvmOracle.assertSame("out after execution " + r, eout, out);
                a[r * 7] = 4242 + r;
                ea[r * 7] = 4242 + r;
                s.markChanged(a);
            }
            assertEquals(s.report().toString(), TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        int[] b = Inputs.ints(181, n);
        int[] eb = b.clone();
        try (TaskSchedule s = new TaskSchedule("kept2").keepOnDevice(b)
                .task("t", IdentityCopyProbeTest::reverseByClone, b)) {
            for (int r = 0; r < 3; r++) {
                reverseByClone(eb);
                s.execute();
                JvmOracle.assertSame("b after execution " + r, eb, b);
            }
            assertEquals(s.report().toString(), TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
    }

    @Test
    public void comparisonsAndCopiesWithoutInPlaceArrays() {
        int n = 1500;
        int[] x = Inputs.ints(182, n);
        dev(v -> copyAliased((int[]) v[0], (int[]) v[1]),
                s -> s.inPlace(false).task("t", IdentityCopyProbeTest::copyAliased, x, x), x, x);
        int[] y = Inputs.ints(183, n);
        int[] z = Inputs.ints(184, n);
        dev(v -> copyAliased((int[]) v[0], (int[]) v[1]),
                s -> s.inPlace(false).task("t", IdentityCopyProbeTest::copyAliased, y, z), y, z);
        long[] p = Inputs.longs(185, n);
        long[] q = Inputs.longs(186, n);
        for (long[][] c : new long[][][] {{p, p, p}, {p, q, p}, {q, p, p}}) {
            long[] out = new long[n];
            dev(v -> stream3((long[]) v[0], (long[]) v[1], (long[]) v[2], (long[]) v[3]),
                    s -> s.inPlace(false).task("t", IdentityCopyProbeTest::stream3, c[0], c[1], c[2], out),
                    c[0], c[1], c[2], out);
        }
    }

    // ================================================================ bugs

    static void copyOfHuge(int[] a, int[] out, int m) {
        int[] t = Arrays.copyOf(a, m);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] + 1;
        }
    }

    /**
     * Java's {@code Arrays.copyOf(a, Integer.MAX_VALUE)} throws {@code OutOfMemoryError: Requested array size exceeds
     * VM limit}: the host's allocation fails too, and the JVM runs the method and throws it (execute() threw
     * {@code FerroclException: JNI failure} before the fix, also for plain scratch arrays of such lengths).
     */
    @Test
    public void aHugeCopyLengthThrowsTheJvmsOutOfMemoryError() {
        int[] a = Inputs.ints(170, 10);
        int[] out = new int[10];
        Throwable expected = null;
        try {
            copyOfHuge(a.clone(), new int[10], Integer.MAX_VALUE);
        } catch (Throwable t) {
            expected = t;
        }
        assertNotNull("the JVM should throw", expected);
        Throwable actual = null;
        try (TaskSchedule s = new TaskSchedule("huge").task("t", IdentityCopyProbeTest::copyOfHuge, a, out,
                Integer.MAX_VALUE)) {
            try {
                s.execute();
            } catch (Throwable t) {
                actual = t;
            }
        }
        assertNotNull("execute() returned normally", actual);
        assertEquals("exception: " + actual, expected.getClass(), actual.getClass());
        assertEquals(expected.getMessage(), actual.getMessage());
        JvmOracle.assertSame("out", new int[10], out);
    }
}

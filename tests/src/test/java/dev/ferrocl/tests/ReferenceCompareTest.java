package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * {@code ==} and {@code !=} between two different reference parameters (arrays, objects, the receiver's array fields,
 * a static array field): the host tells the kernel, at every execution, which arguments are the same Java object. Each
 * case runs strict on the device with the same array passed twice and with distinct arrays, against the JVM run on
 * copies that keep the same sharing.
 */
public class ReferenceCompareTest {
    /** In the loop: a choice per element on whether the two arrays are one. */
    static void inLoop(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (a == b) ? a[i] * 3 : a[i] + b[i];
        }
    }

    /** {@code !=}, and the usual in-place idiom: copy only when the arrays differ. */
    static void scaleInto(float[] src, float[] dst, float k) {
        for (@Parallel int i = 0; i < dst.length; i++) {
            if (src != dst) {
                dst[i] = src[i] * k;
            } else {
                dst[i] *= k;
            }
        }
    }

    /** Before the loops: an early return the host decides. */
    static void earlyReturn(int[] a, int[] b, int[] out) {
        if (a == b) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] - b[i];
        }
    }

    /** Before the loops: a bound chosen on the comparison. */
    static void boundFromIt(double[] a, double[] b, double[] out) {
        int n = a == b ? out.length / 2 : out.length;
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 0.5 + b[i];
        }
    }

    /** Three arrays: which of them are one. */
    static void threeWay(long[] a, long[] b, long[] c, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long v = 0;
            if (a == b) {
                v += 1;
            }
            if (b == c) {
                v += 10;
            }
            if (a == c) {
                v += 100;
            }
            out[i] = v + a[i] - c[i];
        }
    }

    /** A parallel stream compares the arrays it captures. */
    static void stream(int[] a, int[] b, int[] out) {
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = a == b ? -a[i] : b[i]);
    }

    static int[] shared = new int[0];

    /** A static array field against a parameter. */
    static void againstStatic(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a == shared ? 7 : a[i];
        }
    }

    /** Two object parameters. */
    static final class Weights {
        final float scale;

        Weights(float scale) {
            this.scale = scale;
        }
    }

    static void objects(Weights p, Weights q, float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p == q ? a[i] * p.scale : a[i] * p.scale + q.scale;
        }
    }

    /** The receiver's array fields. */
    static final class Pair {
        final int[] left;
        final int[] right;

        Pair(int[] left, int[] right) {
            this.left = left;
            this.right = right;
        }

        void combine(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = left == right ? left[i] : left[i] ^ right[i];
            }
        }
    }

    /** Runs {@code task} strict against the JVM run on copies with the same sharing as {@code args}. */
    private static void check(Consumer<Object[]> jvm, UnaryOperator<TaskSchedule> adder, Object... args) {
        Object[] expected = GraphVersioningProbeTest.aliasClone(args);
        jvm.accept(expected);
        try (TaskSchedule s = adder.apply(new TaskSchedule("refs"))) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason() + "\n" + s.report(), TaskReport.Where.DEVICE, t.ranOn());
        }
        for (int i = 0; i < args.length; i++) {
            JvmOracle.assertSame("argument " + (i + 1), expected[i], args[i]);
        }
    }

    @Test
    public void equalInTheLoop() {
        int n = 3001;
        int[] both = Inputs.ints(1, n);
        runInLoop(both, both, n);
        runInLoop(Inputs.ints(2, n), Inputs.ints(3, n), n);
    }

    private static void runInLoop(int[] a, int[] b, int n) {
        int[] out = new int[n];
        check(x -> inLoop((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ReferenceCompareTest::inLoop, a, b, out), a, b, out);
    }

    @Test
    public void notEqualInPlaceIdiom() {
        int n = 2049;
        float[] both = Inputs.floats(4, n, -4f, 4f);
        check(x -> scaleInto((float[]) x[0], (float[]) x[1], (Float) x[2]),
                s -> s.task("t", ReferenceCompareTest::scaleInto, both, both, 1.5f), both, both, 1.5f);
        float[] src = Inputs.floats(5, n, -4f, 4f);
        float[] dst = Inputs.floats(6, n, -4f, 4f);
        check(x -> scaleInto((float[]) x[0], (float[]) x[1], (Float) x[2]),
                s -> s.task("t", ReferenceCompareTest::scaleInto, src, dst, -0.75f), src, dst, -0.75f);
    }

    @Test
    public void earlyReturnBeforeTheLoops() {
        int n = 1500;
        int[] both = Inputs.ints(7, n);
        int[] out1 = Inputs.ints(8, n);
        check(x -> earlyReturn((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ReferenceCompareTest::earlyReturn, both, both, out1), both, both, out1);
        int[] a = Inputs.ints(9, n);
        int[] b = Inputs.ints(10, n);
        int[] out2 = new int[n];
        check(x -> earlyReturn((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ReferenceCompareTest::earlyReturn, a, b, out2), a, b, out2);
    }

    @Test
    public void boundChosenOnTheComparison() {
        int n = 4000;
        double[] both = Inputs.doubles(11, n, -2.0, 2.0);
        double[] out1 = new double[n];
        check(x -> boundFromIt((double[]) x[0], (double[]) x[1], (double[]) x[2]),
                s -> s.task("t", ReferenceCompareTest::boundFromIt, both, both, out1), both, both, out1);
        double[] a = Inputs.doubles(12, n, -2.0, 2.0);
        double[] b = Inputs.doubles(13, n, -2.0, 2.0);
        double[] out2 = new double[n];
        check(x -> boundFromIt((double[]) x[0], (double[]) x[1], (double[]) x[2]),
                s -> s.task("t", ReferenceCompareTest::boundFromIt, a, b, out2), a, b, out2);
    }

    @Test
    public void everyPairingOfThreeArrays() {
        int n = 777;
        long[] x0 = Inputs.longs(14, n);
        long[] x1 = Inputs.longs(15, n);
        long[] x2 = Inputs.longs(16, n);
        long[][][] pairings = {
            {x0, x1, x2}, {x0, x0, x2}, {x0, x1, x1}, {x0, x1, x0}, {x0, x0, x0},
        };
        for (long[][] p : pairings) {
            long[] out = new long[n];
            check(x -> threeWay((long[]) x[0], (long[]) x[1], (long[]) x[2], (long[]) x[3]),
                    s -> s.task("t", ReferenceCompareTest::threeWay, p[0], p[1], p[2], out), p[0], p[1], p[2],
                    out);
        }
    }

    @Test
    public void parallelStreamComparesWhatItCaptures() {
        int n = 2500;
        int[] both = Inputs.ints(17, n);
        int[] out1 = new int[n];
        check(x -> stream((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ReferenceCompareTest::stream, both, both, out1), both, both, out1);
        int[] a = Inputs.ints(18, n);
        int[] b = Inputs.ints(19, n);
        int[] out2 = new int[n];
        check(x -> stream((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ReferenceCompareTest::stream, a, b, out2), a, b, out2);
    }

    @Test
    public void aStaticArrayFieldAgainstAParameter() {
        int n = 1000;
        int[] saved = shared;
        try {
            int[] a = Inputs.ints(20, n);
            shared = a;
            runAgainstStatic(a, n);
            shared = Inputs.ints(22, n);
            runAgainstStatic(Inputs.ints(21, n), n);
        } finally {
            shared = saved;
        }
    }

    /** The JVM's run sees the field as the device's does (the method does not write {@code a}). */
    private static void runAgainstStatic(int[] a, int n) {
        int[] expected = new int[n];
        againstStatic(a, expected);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("static").task("t", ReferenceCompareTest::againstStatic, a, out)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason() + "\n" + s.report(), TaskReport.Where.DEVICE, t.ranOn());
        }
        JvmOracle.assertSame("out", expected, out);
    }

    @Test
    public void twoObjectParameters() {
        int n = 1800;
        Weights w = new Weights(1.25f);
        float[] a1 = Inputs.floats(23, n, -3f, 3f);
        float[] out1 = new float[n];
        check(x -> objects((Weights) x[0], (Weights) x[1], (float[]) x[2], (float[]) x[3]),
                s -> s.task("t", ReferenceCompareTest::objects, w, w, a1, out1), w, w, a1, out1);
        Weights v = new Weights(1.25f);
        float[] a2 = Inputs.floats(24, n, -3f, 3f);
        float[] out2 = new float[n];
        check(x -> objects((Weights) x[0], (Weights) x[1], (float[]) x[2], (float[]) x[3]),
                s -> s.task("t", ReferenceCompareTest::objects, w, v, a2, out2), w, v, a2, out2);
    }

    @Test
    public void theReceiversArrayFields() {
        int n = 1300;
        int[] one = Inputs.ints(25, n);
        runPair(new Pair(one, one), n);
        runPair(new Pair(Inputs.ints(26, n), Inputs.ints(27, n)), n);
    }

    private static void runPair(Pair p, int n) {
        int[] expected = new int[n];
        p.combine(expected);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("pair").task("t", p::combine, out)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason() + "\n" + s.report(), TaskReport.Where.DEVICE, t.ranOn());
        }
        JvmOracle.assertSame("out", expected, out);
    }
}

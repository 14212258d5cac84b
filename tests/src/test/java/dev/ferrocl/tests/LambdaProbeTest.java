package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.io.Serializable;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoublePredicate;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongPredicate;
import java.util.function.LongToDoubleFunction;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.ObjIntConsumer;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes of lambdas and method references as the objects of interface calls, written from the JLS (§15.13 method
 * references, §15.27 lambdas, §5.1.2 widening, §15.17 integer and floating-point arithmetic) and from what
 * {@code LambdaMetafactory}'s classes do on the JVM: every primitive {@code java.util.function} interface, captures of
 * every primitive type, of arrays, of {@code this} and of objects whose methods are devirtualised; static, bound and
 * unbound references; loops, branches and the JVM's exceptions in lambda bodies; one task run with several lambdas
 * and one lambda class with several captures; 2-D nests, inner loops and streams; lambdas written in the kernel
 * before and inside the loops, through helpers. Strict, on the device, against the JVM.
 */
public class LambdaProbeTest {
    private static final int N = 1031;

    // ================================================================ interfaces and classes

    @FunctionalInterface
    public interface FloatOp {
        float apply(float x, float y);
    }

    /** An unbound reference's interface: the receiver is the first parameter. */
    @FunctionalInterface
    public interface CellOp {
        long apply(Cell c, int x);
    }

    /** A generic interface whose erased method the lambda's class bridges with casts. */
    @FunctionalInterface
    public interface Pick<T> {
        T pick(T a, T b, int i);
    }

    /** A functional interface with a default method the kernel calls, and a static one a reference names. */
    @FunctionalInterface
    public interface Shifter {
        int apply(int x);

        default int twice(int x) {
            return apply(apply(x)) + 1;
        }

        static int helper(int x) {
            return (x << 3) ^ (x >>> 5);
        }
    }

    /** An interface whose default method makes a lambda that captures {@code this}. */
    public interface Gen {
        int k();

        default IntUnaryOperator op() {
            return x -> x * k() - 3;
        }
    }

    public static final class GenImpl implements Gen {
        private final int k;

        GenImpl(int k) {
            this.k = k;
        }

        @Override
        public int k() {
            return k;
        }
    }

    public static final class Cell {
        final int base;
        final long scale;

        Cell(int base, long scale) {
            this.base = base;
            this.scale = scale;
        }

        long weigh(int x) {
            return (x + base) * scale;
        }
    }

    /** An object with an array field whose methods a lambda calls. */
    public static final class Poly {
        final int[] coeffs;

        Poly(int[] coeffs) {
            this.coeffs = coeffs;
        }

        int eval(int x) {
            int r = 0;
            for (int c = coeffs.length - 1; c >= 0; c--) {
                r = r * x + coeffs[c];
            }
            return r;
        }

        private int evalPrivate(int x) {
            return eval(x) - x;
        }
    }

    /** A receiver whose non-final field holds a lambda (changed between executions of one schedule). */
    public static final class Pipe {
        IntUnaryOperator op;
        int k;

        Pipe(IntUnaryOperator op, int k) {
            this.op = op;
            this.k = k;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < a.length; i++) {
                out[i] = op.applyAsInt(a[i]) + k;
            }
        }
    }

    /** An argument (not the receiver) that holds a lambda in a field. */
    public static final class Stage {
        final IntUnaryOperator op;
        final int k;

        Stage(IntUnaryOperator op, int k) {
            this.op = op;
            this.k = k;
        }
    }

    /** An instance kernel whose lambdas, written in it, capture {@code this} and name a private method. */
    public static final class Affine {
        final int k;
        final int[] table;

        Affine(int k, int[] table) {
            this.k = k;
            this.table = table;
        }

        private int step(int x) {
            return table[x & 7] ^ x;
        }

        public void run(int[] a, int[] out) {
            IntUnaryOperator f = this::step;
            IntUnaryOperator g = x -> x * k + f.applyAsInt(x);
            for (@Parallel int i = 0; i < a.length; i++) {
                out[i] = g.applyAsInt(a[i]);
            }
        }
    }

    // Instance fields a lambda made in a test method captures through this (not constants: javac does not inline).
    private int bias = 12345;
    private long mult = 0x9E37_79B9_7F4A_7C15L;

    private int mixWithBias(int x) {
        return (int) ((x * mult) >>> 17) + bias;
    }

    private static int secretMix(int x) {
        return Integer.rotateLeft(x, 13) * 0x27D4EB2D + 1;
    }

    static IntUnaryOperator adder(int k) {
        return x -> x + k;
    }

    // ================================================================ kernels: a lambda the task receives

    public static void mapInt(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    /** mapInt's body again: each kernel method keeps at most 8 class combinations, so tests share them sparingly. */
    public static void mapInt2(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void mapInt3(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void zipInt2(IntBinaryOperator f, int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i], b[i]);
        }
    }

    public static void zipInt(IntBinaryOperator f, int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i], b[i]);
        }
    }

    public static void mapLong(LongUnaryOperator f, long[] a, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsLong(a[i]);
        }
    }

    public static void zipLong(LongBinaryOperator f, long[] a, long[] b, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsLong(a[i], b[i]);
        }
    }

    public static void mapDouble(DoubleUnaryOperator f, double[] a, double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsDouble(a[i]);
        }
    }

    public static void zipDouble(DoubleBinaryOperator f, double[] a, double[] b, double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsDouble(a[i], b[i]);
        }
    }

    public static void zipFloat(FloatOp f, float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.apply(a[i], b[i]);
        }
    }

    public static void testInt(IntPredicate p, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = p.test(a[i]) ? a[i] : ~i;
        }
    }

    public static void testLongDouble(LongPredicate p, DoublePredicate q, long[] a, double[] d, boolean[] out,
            byte[] outB) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = p.test(a[i]);
            outB[i] = (byte) (q.test(d[i]) ? 1 + (i & 3) : -1);
        }
    }

    public static void intToDouble(IntToDoubleFunction f, int[] a, double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsDouble(a[i]);
        }
    }

    public static void doubleToInt(DoubleToIntFunction f, double[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void intToLong(IntToLongFunction f, int[] a, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsLong(a[i]);
        }
    }

    public static void longToInt(LongToIntFunction f, long[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void doubleToLong(DoubleToLongFunction f, double[] a, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsLong(a[i]);
        }
    }

    public static void longToDouble(LongToDoubleFunction f, long[] a, double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsDouble(a[i]);
        }
    }

    public static void consumeIndex(IntConsumer c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c.accept(i);
        }
    }

    public static void supplied(IntSupplier s, DoubleSupplier d, int[] out, double[] outD) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.getAsInt() * i;
            outD[i] = d.getAsDouble() + i;
        }
    }

    public static void objInt(ObjIntConsumer<int[]> c, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            c.accept(out, i);
        }
    }

    public static void picked(Pick<int[]> p, int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] src = p.pick(a, b, i);
            out[i] = src[i] + i;
        }
    }

    public static void mapLongCaptures(LongUnaryOperator f, long[] a, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsLong(a[i]) ^ i;
        }
    }

    public static void cellOp(CellOp op, Cell c, int[] a, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = op.apply(c, a[i]);
        }
    }

    public static void shifterTwice(Shifter f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.twice(a[i]);
        }
    }

    /** Two lambdas, possibly of one class with different captures, in one kernel. */
    public static void twoOps(IntUnaryOperator f, IntUnaryOperator g, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]) * 7 - g.applyAsInt(a[i] ^ i);
        }
    }

    /** A variable holding one of two lambdas the task receives. */
    public static void chooseOp(IntUnaryOperator f, IntUnaryOperator g, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            IntUnaryOperator h = (a[i] & 1) == 0 ? f : g;
            out[i] = h.applyAsInt(a[i]);
        }
    }

    public static void viaStage(Stage st, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = st.op.applyAsInt(a[i]) + st.k;
        }
    }

    public static void outer2d(IntBinaryOperator f, int[] a, int[] b, int[] out) {
        int m = b.length;
        for (@Parallel int i = 0; i < a.length; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = f.applyAsInt(a[i], b[j]);
            }
        }
    }

    public static void streamMap(IntUnaryOperator f, int[] a, int[] out) {
        IntStream.range(0, a.length).parallel().forEach(i -> out[i] = f.applyAsInt(a[i]) - i);
    }

    /** An argument lambda applied in a sequential inner loop of each work-item, with its index. */
    public static void foldInner(IntBinaryOperator f, int[] a, int[] out, int m) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int acc = a[i];
            for (int k = 0; k < m; k++) {
                acc = f.applyAsInt(acc, k + i);
            }
            out[i] = acc;
        }
    }

    // ================================================================ kernels: lambdas written in the kernel

    /** Captures of every primitive type, as parameters of the kernel. */
    public static void kernelCaptures(long[] a, long[] out, byte b, short s, char c, boolean z, long l, float f,
            double d) {
        LongUnaryOperator g = x -> z ? x * b + s - c + l : (long) (x * f) + (long) (d * x) + b;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = g.applyAsLong(a[i]);
        }
    }

    /** byte, short, char and boolean locals captured by a lambda made in the kernel. */
    public static void kernelNarrowLocals(int[] a, int[] out, int k) {
        byte b = (byte) (k * 37);
        short s = (short) (k * 1111);
        char c = (char) (k * 4099);
        boolean z = (k & 1) != 0;
        IntUnaryOperator g = x -> z ? x * b - s : x + c;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = g.applyAsInt(a[i]);
        }
    }

    public static void kernelStaticRefs(int[] a, int[] b, int[] out, long[] outL) {
        IntBinaryOperator fm = Math::floorMod;
        IntBinaryOperator cmp = Integer::compare;
        IntUnaryOperator rev = Integer::reverseBytes;
        IntUnaryOperator sec = LambdaProbeTest::secretMix;
        LongBinaryOperator hi = Math::multiplyHigh;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = fm.applyAsInt(a[i], b[i]) * 3 + cmp.applyAsInt(a[i], b[i]) + rev.applyAsInt(a[i])
                    - sec.applyAsInt(b[i]);
            outL[i] = hi.applyAsLong((long) a[i] << 20, (long) b[i] * 0x10001L);
        }
    }

    public static void kernelWidened(int[] a, long[] l, double[] out, long[] outL) {
        IntToDoubleFunction bits = Integer::bitCount;
        LongToDoubleFunction tz = Long::numberOfTrailingZeros;
        IntToLongFunction rev = Integer::reverse;
        IntToDoubleFunction abs = Math::abs;
        IntToDoubleFunction asFloat = Float::intBitsToFloat;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = bits.applyAsDouble(a[i]) * 0.5 + tz.applyAsDouble(l[i]) + abs.applyAsDouble(a[i])
                    + asFloat.applyAsDouble(a[i] & 0x7F7FFFFF);
            outL[i] = rev.applyAsLong(a[i]) * 5_000_000_000L;
        }
    }

    public static void kernelFloats(float[] a, float[] b, float[] out, double[] c, double[] outD, float w,
            double k) {
        FloatOp sum = Float::sum;
        FloatOp max = Math::max;
        FloatOp lin = (x, y) -> x * y + w;
        DoubleBinaryOperator dl = (x, y) -> x * y - k * x;
        DoubleBinaryOperator mn = Math::min;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = sum.apply(a[i], b[i]) + max.apply(a[i], b[i]) * lin.apply(b[i], a[i]);
            outD[i] = dl.applyAsDouble(c[i], a[i]) + mn.applyAsDouble(c[i], b[i]);
        }
    }

    public static void kernelLongWraps(long[] a, long[] b, long[] out, int[] outI) {
        LongBinaryOperator mix = (x, y) -> x * y + Long.MAX_VALUE - (x >>> 3) * 0x9E3779B97F4A7C15L;
        LongToIntFunction fold = x -> (int) (x ^ (x >>> 32));
        IntBinaryOperator wrap = (x, y) -> x * y + Integer.MIN_VALUE - (x << 7);
        for (@Parallel int i = 0; i < a.length; i++) {
            long m = mix.applyAsLong(a[i], b[i]);
            out[i] = m;
            outI[i] = wrap.applyAsInt(fold.applyAsInt(m), (int) b[i]);
        }
    }

    public static void kernelUnbound(Cell cell, int[] a, long[] out) {
        CellOp op = Cell::weigh;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = op.apply(cell, a[i]) - i;
        }
    }

    public static void kernelPredicateConsumer(int[] a, int[] out, int t) {
        IntPredicate p = x -> x > t || (x & 7) == 3;
        IntConsumer c = i -> out[i] = a[i] * 3 - t;
        for (@Parallel int i = 0; i < a.length; i++) {
            if (p.test(a[i])) {
                c.accept(i);
            } else {
                out[i] = -1 - i;
            }
        }
    }

    public static void kernelLongDivide(long[] a, long[] b, long[] out) {
        LongBinaryOperator q = (x, y) -> x / y + x % y;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = q.applyAsLong(a[i], b[i]);
        }
    }

    public static void kernelTableIndex(int[] a, int[] t, int[] out) {
        IntUnaryOperator at = j -> t[j] * 3 + j;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = at.applyAsInt(a[i]);
        }
    }

    public static void kernelThrowsInLambda(int[] a, int[] out) {
        IntUnaryOperator f = x -> {
            if (x < -1000) {
                throw new IllegalStateException("too small");
            }
            return x * 2 + 1;
        };
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    /** A lambda with a loop and branches, made in the loop body, capturing the index. */
    public static void kernelLoopInLambda(int[] a, int[] out, int limit) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int at = i;
            IntUnaryOperator steps = x -> {
                int s = 0;
                int v = x;
                while (v != 1 && s < limit) {
                    if ((v & 1) == 0) {
                        v >>>= 1;
                    } else {
                        v = 3 * v + 1;
                    }
                    s++;
                }
                return s * 1000 + (at & 255);
            };
            out[i] = steps.applyAsInt(a[i]);
        }
    }

    public static void kernelIn2dNest(int[] a, int[] b, int[] out) {
        int m = b.length;
        for (@Parallel int i = 0; i < a.length; i++) {
            int row = a[i] * 31 + i;
            IntBinaryOperator f = (x, j) -> (row ^ x) + j * 7;
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = f.applyAsInt(b[j], j);
            }
        }
    }

    public static void kernelInnerLoopCaptures(int[] a, int[] out, int m) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int acc = a[i];
            for (int k = 0; k < m; k++) {
                int kk = k;
                IntBinaryOperator g = (x, y) -> x * (kk | 1) + y;
                acc = g.applyAsInt(acc, i - k);
            }
            out[i] = acc;
        }
    }

    public static void kernelLambdaInStream(int[] a, int[] out, int k) {
        IntStream.range(0, a.length).parallel().forEach(i -> {
            IntUnaryOperator g = x -> x * i + k;
            out[i] = g.applyAsInt(a[i]);
        });
    }

    public static void kernelStreamConsumerVariable(int[] a, int[] out, int k) {
        IntConsumer body = i -> out[i] = a[i] - k * i;
        IntStream.range(0, a.length).parallel().forEach(body);
    }

    static int applyN(IntUnaryOperator f, int x, int n) {
        for (int s = 0; s < n; s++) {
            x = f.applyAsInt(x);
        }
        return x;
    }

    public static void kernelHelperLoops(int[] a, int[] out, int n, int k) {
        IntUnaryOperator f = x -> x * 5 + k;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = applyN(f, a[i], n) + applyN(x -> x ^ (x >>> 3), i, 3);
        }
    }

    static IntUnaryOperator scaleBy(int k) {
        return x -> x * k - 1;
    }

    static IntBinaryOperator pickOp(boolean add) {
        return add ? Integer::sum : Math::max;
    }

    public static void kernelReturnedFromHelper(int[] a, int[] out, int k) {
        IntUnaryOperator pre = scaleBy(k);
        for (@Parallel int i = 0; i < a.length; i++) {
            IntUnaryOperator in = scaleBy(a[i] & 7);
            out[i] = in.applyAsInt(pre.applyAsInt(a[i]));
        }
    }

    public static void kernelLambdaOfLambda(int[] a, int[] out, int k) {
        IntUnaryOperator f = x -> x * 3 + k;
        IntUnaryOperator g = x -> f.applyAsInt(x) - f.applyAsInt(x >> 1);
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = g.applyAsInt(a[i]);
        }
    }

    public static void kernelChoiceInLoop(int[] a, int[] out, int k) {
        for (@Parallel int i = 0; i < a.length; i++) {
            IntUnaryOperator f = (a[i] & 1) == 0 ? x -> x + k : x -> x * k;
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void kernelHelperChoosesReference(int[] a, int[] b, int[] out, boolean add) {
        IntBinaryOperator f = pickOp(add);
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i], b[i]);
        }
    }

    public static void kernelCallsArgumentInsideLambda(IntUnaryOperator f, int[] a, int[] out, int k) {
        IntUnaryOperator g = x -> f.applyAsInt(x + k) ^ x;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = g.applyAsInt(a[i]);
        }
    }

    // ================================================================ helpers

    /** Runs the schedule (strict) once and asserts it ran on the device. */
    private static ExecutionReport deviceRun(MoreChecks.TaskAdder adder) {
        try (TaskSchedule s = adder.add(new TaskSchedule("lambda"))) {
            s.execute();
            ExecutionReport r = s.report();
            assertRanOnDevice(r, "t");
            return r;
        }
    }

    /** The JVM's run of a schedule's task on clones, then execute() on the originals; every argument compared. */
    private static TaskReport executeAndCompare(TaskSchedule s, String what, Consumer<Object[]> jvm,
            Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.accept(expected);
        s.execute();
        assertRanOnDevice(s.report(), "t");
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1), expected[i], args[i]);
        }
        return s.report().task("t");
    }

    // ================================================================ every primitive interface, passed in

    @Test
    public void intUnaryOperatorWrapsOnOverflow() {
        for (int n : SIZES) {
            check(LambdaProbeTest::mapInt, (IntUnaryOperator) x -> x * 0x9E3779B1 + (x >>> 7) - (x << 29),
                    Inputs.ints(100, n), new int[n]);
        }
    }

    @Test
    public void integerCompareAndUnsignedReferences() {
        int[][] p = Inputs.intPairs(101, N);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::compare, p[0], p[1], new int[N]);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::compareUnsigned, p[0], p[1], new int[N]);
        int[] d = Inputs.nonZeroInts(102, N);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::divideUnsigned, Inputs.ints(103, N), d,
                new int[N]);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::remainderUnsigned, Inputs.ints(104, N), d,
                new int[N]);
    }

    @Test
    public void floorModAndFloorDivReferencesAtTheEdges() {
        int[] a = JvmOracle.withSpecials(Inputs.ints(105, N), Integer.MIN_VALUE, Integer.MIN_VALUE, -7, 7, -7, 7);
        int[] b = JvmOracle.withSpecials(Inputs.nonZeroInts(106, N), -1, 1, 2, -2, -2, 2);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Math::floorMod, a, b, new int[N]);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Math::floorDiv, a, b, new int[N]);
    }

    @Test
    public void floorModReferenceByZeroThrowsAsTheJvmDoes() {
        int[] a = Inputs.ints(107, N);
        int[] b = Inputs.nonZeroInts(108, N);
        b[613] = 0;
        int[] out = new int[N];
        IntBinaryOperator f = Math::floorMod;
        Throwable e = checkThrows(x -> zipInt2(f, (int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", LambdaProbeTest::zipInt2, f, a, b, out), a, b, out);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void longUnaryCapturingALong() {
        long k = 0x9E3779B97F4A7C15L;
        int r = 17;
        for (int n : SIZES) {
            check(LambdaProbeTest::mapLong, (LongUnaryOperator) x -> x * k ^ (x >>> 29) + Long.rotateLeft(x, r),
                    Inputs.longs(110, n), new long[n]);
        }
    }

    @Test
    public void longBinaryReferences() {
        long[][] p = Inputs.longPairs(111, N);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Long::sum, p[0], p[1], new long[N]);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Math::multiplyHigh, p[0], p[1], new long[N]);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Long::max, p[0], p[1], new long[N]);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Math::floorMod, Inputs.longs(112, N),
                Inputs.nonZeroLongs(113, N), new long[N]);
    }

    @Test
    public void doubleMinMaxSumOnSignedZerosAndNaN() {
        double[][] p = Inputs.doublePairs(114, 2100, -1e6, 1e6);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) Math::min, p[0], p[1], new double[2100]);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) Math::max, p[0], p[1], new double[2100]);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) Double::sum, p[0], p[1], new double[2100]);
    }

    @Test
    public void doubleUnaryReferencesExact() {
        double[] a = Inputs.doubleBits(115, N);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::abs, a, new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::sqrt, a.clone(), new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::floor, a.clone(), new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::rint, a.clone(), new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::signum, a.clone(), new double[N]);
    }

    /** x * y + c and x * y - x * y are not fused (JLS §15.4: each operation rounds). */
    @Test
    public void doubleBinaryIsNotContracted() {
        double c = 0.1;
        double[] a = Inputs.doubles(116, N, -3, 3);
        double[] b = Inputs.doubles(117, N, -3, 3);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) (x, y) -> x * y + c, a, b, new double[N]);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) (x, y) -> x * y - x * y * (1 - c), a.clone(),
                b.clone(), new double[N]);
    }

    @Test
    public void floatReferencesOfAnOwnInterface() {
        float[][] p = Inputs.floatPairs(118, 1400, -1e4f, 1e4f);
        check(LambdaProbeTest::zipFloat, (FloatOp) Float::sum, p[0], p[1], new float[1400]);
        check(LambdaProbeTest::zipFloat, (FloatOp) Float::max, p[0], p[1], new float[1400]);
        check(LambdaProbeTest::zipFloat, (FloatOp) Math::min, p[0], p[1], new float[1400]);
        check(LambdaProbeTest::zipFloat, (FloatOp) Math::copySign, p[0], p[1], new float[1400]);
    }

    @Test
    public void intPredicateCapturingInts() {
        int m = 7;
        int r = 3;
        int lo = -1_000_000;
        for (int n : SIZES) {
            check(LambdaProbeTest::testInt, (IntPredicate) x -> Math.floorMod(x, m) == r || x < lo,
                    Inputs.ints(119, n), new int[n]);
        }
    }

    @Test
    public void longAndDoublePredicates() {
        long mask = 0x0F0L;
        long[] a = Inputs.longs(120, N);
        double[] d = Inputs.doubleBits(121, N);
        check(LambdaProbeTest::testLongDouble, (LongPredicate) x -> (x & mask) == 0 || x < 0,
                (DoublePredicate) Double::isNaN, a, d, new boolean[N], new byte[N]);
        check(LambdaProbeTest::testLongDouble, (LongPredicate) x -> x % 3 == -1,
                (DoublePredicate) Double::isFinite, a, d, new boolean[N], new byte[N]);
        check(LambdaProbeTest::testLongDouble, (LongPredicate) x -> x > 0,
                (DoublePredicate) Double::isInfinite, a, d, new boolean[N], new byte[N]);
    }

    /** The lambda's class converts the int argument itself where a reference takes a double (Math::sqrt). */
    @Test
    public void intToDoubleLambdasAndAdaptingReferences() {
        double w = 0.1;
        int[] a = Inputs.ints(122, N);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) x -> x * w + 0.5, a, new double[N]);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) Math::sqrt, a, new double[N]);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) Integer::bitCount, a, new double[N]);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) Float::intBitsToFloat, a, new double[N]);
    }

    @Test
    public void doubleToIntCastsSaturate() {
        double[] a = Inputs.doubleBits(123, N);
        check(LambdaProbeTest::doubleToInt, (DoubleToIntFunction) d -> (int) d, a, new int[N]);
        check(LambdaProbeTest::doubleToInt, (DoubleToIntFunction) d -> (int) (long) d ^ (int) (float) d, a,
                new int[N]);
        double[] b = Inputs.doubles(124, N, -3e9, 3e9);
        check(LambdaProbeTest::doubleToInt, (DoubleToIntFunction) d -> (int) Math.floor(d * 0.75), b, new int[N]);
    }

    @Test
    public void intToLongAndLongToInt() {
        int[] a = Inputs.ints(125, N);
        check(LambdaProbeTest::intToLong, (IntToLongFunction) x -> (long) x * x - x, a, new long[N]);
        check(LambdaProbeTest::intToLong, (IntToLongFunction) Integer::toUnsignedLong, a, new long[N]);
        long[] l = Inputs.longs(126, N);
        check(LambdaProbeTest::longToInt, (LongToIntFunction) Long::bitCount, l, new int[N]);
        check(LambdaProbeTest::longToInt, (LongToIntFunction) Long::numberOfLeadingZeros, l, new int[N]);
        check(LambdaProbeTest::longToInt, (LongToIntFunction) x -> (int) (x >>> 32) * 3, l, new int[N]);
    }

    @Test
    public void doubleToLongAndLongToDouble() {
        double[] d = Inputs.doubleBits(127, N);
        check(LambdaProbeTest::doubleToLong, (DoubleToLongFunction) Math::round, d, new long[N]);
        check(LambdaProbeTest::doubleToLong, (DoubleToLongFunction) Double::doubleToRawLongBits, d, new long[N]);
        check(LambdaProbeTest::doubleToLong, (DoubleToLongFunction) x -> (long) (x * 1e3), d, new long[N]);
        long[] l = Inputs.longs(128, N);
        check(LambdaProbeTest::longToDouble, (LongToDoubleFunction) x -> (double) x, l, new double[N]);
        check(LambdaProbeTest::longToDouble, (LongToDoubleFunction) x -> (x >>> 11) * 0x1.0p-53, l, new double[N]);
    }

    static IntConsumer writer(int[] src, long[] dst, int k) {
        return i -> dst[i] = (long) src[i] * k + i;
    }

    /** The consumer writes an array it captured (no task argument): the JVM's writes must come back too. */
    @Test
    public void intConsumerWritesArraysItCaptured() {
        int[] src = Inputs.ints(129, N);
        long[] expected = new long[N];
        consumeIndex(writer(src.clone(), expected, 77_777), N);
        long[] actual = new long[N];
        IntConsumer c = writer(src, actual, 77_777);
        deviceRun(s -> s.task("t", LambdaProbeTest::consumeIndex, c, N));
        assertSame("captured dst", expected, actual);
    }

    @Test
    public void suppliersCapturingScalars() {
        int k = -123_457;
        double d = 1.0 / 3;
        check(LambdaProbeTest::supplied, (IntSupplier) () -> k * 3, (DoubleSupplier) () -> d * 2, new int[N],
                new double[N]);
    }

    /** ObjIntConsumer<int[]>: the lambda's class casts the erased Object parameter to int[]. */
    @Test
    public void objIntConsumerThroughTheErasedBridge() {
        int m = 5;
        check(LambdaProbeTest::objInt, (ObjIntConsumer<int[]>) (arr, i) -> arr[i] = arr[i] * m + i,
                Inputs.ints(130, N));
    }

    /** A generic interface returning one of two arrays: casts on the way in and out of the lambda's class. */
    @Test
    public void genericInterfaceReturningAnArray() {
        Pick<int[]> p = (x, y, i) -> (i % 3 == 0) ? y : x;
        check(LambdaProbeTest::picked, p, Inputs.ints(131, N), Inputs.ints(132, N), new int[N]);
    }

    // ================================================================ captures

    @Test
    public void capturesOfEveryPrimitiveType() {
        for (int v = 0; v < 2; v++) {
            byte b = (byte) (v == 0 ? -100 : 77);
            short s = (short) (v == 0 ? -30000 : 12345);
            char c = (char) (v == 0 ? 0xFFF0 : 65);
            boolean z = v == 0;
            long l = v == 0 ? Long.MIN_VALUE + 3 : 0x1234_5678_9ABCL;
            float f = v == 0 ? -0.3f : 1e20f;
            double d = v == 0 ? 1.0 / 7 : -2.5e18;
            check(LambdaProbeTest::mapLongCaptures,
                    (LongUnaryOperator) x -> z ? x * b + s - c + l : (long) (x * f) + (long) (d * x) + b * c,
                    Inputs.longs(133 + v, N), new long[N]);
        }
    }

    @Test
    public void capturesOfEveryPrimitiveTypeInTheKernel() {
        for (int v = 0; v < 2; v++) {
            MoreChecks.check(LambdaProbeTest::kernelCaptures, Inputs.longs(135 + v, N), new long[N],
                    (byte) (v == 0 ? -100 : 77), (short) (v == 0 ? -30000 : 12345), (char) (v == 0 ? 0xFFF0 : 65),
                    v != 0, v == 0 ? Long.MIN_VALUE + 3 : 0x1234_5678_9ABCL, v == 0 ? -0.3f : 1e20f,
                    v == 0 ? 1.0 / 7 : -2.5e18);
        }
    }

    @Test
    public void narrowLocalsCapturedInTheKernel() {
        for (int k : new int[] {1, 2, -5, 1000}) {
            check(LambdaProbeTest::kernelNarrowLocals, Inputs.ints(137, N), new int[N], k);
        }
    }

    @Test
    public void lambdaCapturingThisOfTheTestObject() {
        bias = -98_765;
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) x -> x * bias + (int) mult, Inputs.ints(138, N),
                new int[N]);
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) this::mixWithBias, Inputs.ints(139, N), new int[N]);
    }

    @Test
    public void boundReferenceToAPrivateMethodOfANestedClass() {
        Poly p = new Poly(new int[] {7, -3, 0, 11, 0x10001});
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) p::evalPrivate, Inputs.ints(140, N), new int[N]);
    }

    @Test
    public void lambdaCapturingAnObjectWhoseMethodLoopsOverItsArray() {
        Poly p = new Poly(Inputs.ints(141, 9));
        int k = 5;
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) x -> p.eval(x) ^ (x * k), Inputs.ints(142, N),
                new int[N]);
    }

    @Test
    public void lambdaCapturingAnotherLambda() {
        int k = 1_000_003;
        IntUnaryOperator inner = x -> x * 3 + k;
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) x -> inner.applyAsInt(x) - inner.applyAsInt(x >> 1),
                Inputs.ints(143, N), new int[N]);
    }

    @Test
    public void privateStaticMethodReference() {
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) LambdaProbeTest::secretMix, Inputs.ints(144, N),
                new int[N]);
    }

    @Test
    public void unboundReferenceOfAnOwnClass() {
        Cell c = new Cell(-77, 0x1_0000_0001L);
        check(LambdaProbeTest::cellOp, (CellOp) Cell::weigh, c, Inputs.ints(145, N), new long[N]);
    }

    @Test
    public void unboundReferenceWrittenInTheKernel() {
        check(LambdaProbeTest::kernelUnbound, new Cell(901, -3L), Inputs.ints(146, N), new long[N]);
    }

    /** The kernel calls a default method of the lambda's interface; the lambda names the interface's static one. */
    @Test
    public void defaultMethodOnALambdaOfAnInterfaceStaticMethod() {
        check(LambdaProbeTest::shifterTwice, (Shifter) Shifter::helper, Inputs.ints(147, N), new int[N]);
        int k = 9;
        check(LambdaProbeTest::shifterTwice, (Shifter) x -> x * k - 1, Inputs.ints(148, N), new int[N]);
    }

    /** A lambda a default method made: its body is a private method of the interface, capturing the object. */
    @Test
    public void lambdaMadeInADefaultMethod() {
        check(LambdaProbeTest::mapInt2, new GenImpl(-31).op(), Inputs.ints(149, N), new int[N]);
    }

    @Test
    public void identityFromTheJdk() {
        check(LambdaProbeTest::mapInt2, IntUnaryOperator.identity(), Inputs.ints(150, N), new int[N]);
    }

    /** altMetafactory: a serializable lambda with a marker interface (its class has writeReplace). */
    @Test
    public void serializableLambdaWithAMarker() {
        int k = 41;
        IntUnaryOperator f = (IntUnaryOperator & Serializable) x -> x * k + (x >> 30);
        check(LambdaProbeTest::mapInt2, f, Inputs.ints(151, N), new int[N]);
    }

    @Test
    public void lambdaInAnArgumentsField() {
        int c = 3;
        check(LambdaProbeTest::viaStage, new Stage(x -> x << c | x >>> (32 - c), 99), Inputs.ints(152, N),
                new int[N]);
    }

    // ================================================================ loops, branches, exceptions in bodies

    @Test
    public void lambdaWithALoopAndBranches() {
        int limit = 300;
        IntUnaryOperator steps = x -> {
            int s = 0;
            int v = x;
            while (v != 1 && s < limit) {
                v = (v & 1) == 0 ? v >>> 1 : 3 * v + 1;
                s++;
            }
            return s;
        };
        check(LambdaProbeTest::mapInt2, steps, Inputs.intsIn(153, N, 1, 100_000), new int[N]);
    }

    @Test
    public void indexOutOfBoundsInALambdaBody() {
        int[] table = Inputs.ints(154, 16);
        int[] a = Inputs.intsIn(155, N, 0, 16);
        a[700] = 20;
        int[] out = new int[N];
        IntUnaryOperator f = x -> table[x] + x;
        Throwable e = checkThrows(x -> mapInt2(f, (int[]) x[0], (int[]) x[1]),
                s -> s.task("t", LambdaProbeTest::mapInt2, f, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void addExactOverflowInAReference() {
        int[] a = Inputs.intsIn(156, N, -1000, 1000);
        int[] b = Inputs.intsIn(157, N, -1000, 1000);
        a[401] = Integer.MAX_VALUE;
        b[401] = 1;
        int[] out = new int[N];
        IntBinaryOperator f = Math::addExact;
        Throwable e = checkThrows(x -> zipInt2(f, (int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", LambdaProbeTest::zipInt2, f, a, b, out), a, b, out);
        assertEquals("integer overflow", e.getMessage());
    }

    @Test
    public void longDivisionByZeroInAKernelLambda() {
        long[] a = Inputs.longs(158, N);
        long[] b = Inputs.nonZeroLongs(159, N);
        a[5] = Long.MIN_VALUE;
        b[5] = -1;
        check(LambdaProbeTest::kernelLongDivide, a, b, new long[N]);
        b[888] = 0;
        long[] out = new long[N];
        Throwable e = checkThrows(x -> kernelLongDivide((long[]) x[0], (long[]) x[1], (long[]) x[2]),
                s -> s.task("t", LambdaProbeTest::kernelLongDivide, a, b, out), a, b, out);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void indexOutOfBoundsInAKernelLambda() {
        int[] t = Inputs.ints(160, 32);
        int[] a = Inputs.intsIn(161, N, 0, 32);
        check(LambdaProbeTest::kernelTableIndex, a, t, new int[N]);
        a[1000] = -1;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> kernelTableIndex((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", LambdaProbeTest::kernelTableIndex, a, t, out), a, t, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void throwStatementInAKernelLambda() {
        int[] a = Inputs.intsIn(162, N, -1000, 1000);
        check(LambdaProbeTest::kernelThrowsInLambda, a, new int[N]);
        a[77] = -5000;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> kernelThrowsInLambda((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", LambdaProbeTest::kernelThrowsInLambda, a, out), a, out);
        assertEquals(IllegalStateException.class, e.getClass());
    }

    @Test
    public void loopAndBranchesInALambdaMadeInTheBody() {
        check(LambdaProbeTest::kernelLoopInLambda, Inputs.intsIn(163, N, 1, 1_000_000), new int[N], 500);
        check(LambdaProbeTest::kernelLoopInLambda, Inputs.intsIn(164, N, 1, 1_000_000), new int[N], 0);
    }

    // ================================================================ several lambdas, several executions

    /** One lambda expression, two captures: the second run reuses the class's kernel with its own value. */
    @Test
    public void oneLambdaClassWithNewCapturesReusesTheKernel() {
        check(LambdaProbeTest::mapInt3, adder(5), Inputs.ints(165, N), new int[N]);
        ExecutionReport r = check(LambdaProbeTest::mapInt3, adder(-1_000_000_007), Inputs.ints(166, N),
                new int[N]);
        assertTrue("same class, same kernel: " + r.task("t"), r.task("t").cached());
    }

    /** Two objects of one lambda class in one task: each call reads its own object's captured value. */
    @Test
    public void twoObjectsOfOneLambdaClassInOneTask() {
        check(LambdaProbeTest::twoOps, adder(17), adder(-400_000), Inputs.ints(167, N), new int[N]);
        IntUnaryOperator f = adder(3);
        check(LambdaProbeTest::twoOps, f, f, Inputs.ints(168, N), new int[N]);
    }

    @Test
    public void differentLambdasInTurnThenTheFirstAgain() {
        int[] a = Inputs.ints(169, N);
        IntUnaryOperator f = x -> x * 3;
        IntUnaryOperator g = Integer::reverse;
        IntUnaryOperator h = x -> -x;
        check(LambdaProbeTest::mapInt3, f, a, new int[N]);
        check(LambdaProbeTest::mapInt3, g, a, new int[N]);
        check(LambdaProbeTest::mapInt3, h, a, new int[N]);
        assertTrue(check(LambdaProbeTest::mapInt3, f, a, new int[N]).task("t").cached());
    }

    /** The receiver's field reassigned between executions of one schedule: another class, then the first again. */
    @Test
    public void receiversFieldReassignedOnOneSchedule() {
        int[] a = Inputs.ints(170, N);
        int[] out = new int[N];
        Pipe p = new Pipe(x -> x + 1, 5);
        Consumer<Object[]> jvm = y -> p.run((int[]) y[0], (int[]) y[1]);
        try (TaskSchedule s = new TaskSchedule("pipe").task("t", p::run, a, out)) {
            executeAndCompare(s, "x + 1", jvm, a, out);
            int m = -7;
            p.op = x -> x * m;
            p.k = 1000;
            executeAndCompare(s, "x * m", jvm, a, out);
            IntUnaryOperator times = p.op;
            p.op = adder(9);
            executeAndCompare(s, "adder(9)", jvm, a, out);
            p.op = times;
            TaskReport t = executeAndCompare(s, "x * m again", jvm, a, out);
            assertTrue("x * m's class again: its kernel; " + t, t.cached());
            p.op = adder(-9);
            t = executeAndCompare(s, "adder(-9)", jvm, a, out);
            assertTrue("adder's class again, another capture: its kernel; " + t, t.cached());
        }
    }

    /** A captured array's contents changed between executions of one schedule are read again. */
    @Test
    public void capturedArrayChangedBetweenExecutions() {
        int[] table = Inputs.ints(171, 16);
        IntUnaryOperator f = x -> table[x & 15] - x;
        int[] a = Inputs.ints(172, N);
        int[] out = new int[N];
        Consumer<Object[]> jvm = y -> mapInt2(f, (int[]) y[0], (int[]) y[1]);
        try (TaskSchedule s = new TaskSchedule("table").task("t", LambdaProbeTest::mapInt2, f, a, out)) {
            executeAndCompare(s, "first", jvm, a, out);
            for (int i = 0; i < table.length; i++) {
                table[i] = table[i] * 3 + i;
            }
            executeAndCompare(s, "table changed", jvm, a, out);
        }
    }

    @Test
    public void variableHoldingOneOfTwoLambdas() {
        int k = 77;
        check(LambdaProbeTest::chooseOp, (IntUnaryOperator) x -> x * k, (IntUnaryOperator) x -> x - k,
                Inputs.ints(173, N), new int[N]);
        check(LambdaProbeTest::chooseOp, adder(1), adder(2), Inputs.ints(174, N), new int[N]);
    }

    // ================================================================ nests, inner loops, streams

    @Test
    public void argumentLambdaIn2dNest() {
        int k = 13;
        check(LambdaProbeTest::outer2d, (IntBinaryOperator) (x, y) -> x * k - y * y, Inputs.ints(175, 61),
                Inputs.ints(176, 37), new int[61 * 37]);
    }

    @Test
    public void kernelLambdaBetweenNestedParallelLoops() {
        check(LambdaProbeTest::kernelIn2dNest, Inputs.ints(177, 53), Inputs.ints(178, 41), new int[53 * 41]);
    }

    @Test
    public void argumentLambdaInASequentialInnerLoop() {
        check(LambdaProbeTest::foldInner, (IntBinaryOperator) (acc, v) -> acc * 31 + v, Inputs.ints(179, N),
                new int[N], 11);
        check(LambdaProbeTest::foldInner, (IntBinaryOperator) Math::max, Inputs.ints(180, N), new int[N], 0);
    }

    @Test
    public void kernelLambdaCapturingTheInnerLoopVariable() {
        check(LambdaProbeTest::kernelInnerLoopCaptures, Inputs.ints(181, N), new int[N], 9);
    }

    @Test
    public void argumentLambdaInAParallelStream() {
        for (int n : SIZES) {
            check(LambdaProbeTest::streamMap, (IntUnaryOperator) x -> x * x, Inputs.ints(182, n), new int[n]);
        }
    }

    @Test
    public void kernelLambdaInsideAStreamBody() {
        check(LambdaProbeTest::kernelLambdaInStream, Inputs.ints(183, N), new int[N], -3);
    }

    @Test
    public void streamConsumerHeldInAVariable() {
        check(LambdaProbeTest::kernelStreamConsumerVariable, Inputs.ints(184, N), new int[N], 12345);
    }

    // ================================================================ written in the kernel: forms

    @Test
    public void staticReferencesWrittenInTheKernel() {
        int[][] p = Inputs.intPairs(185, N);
        int[] b = p[1].clone();
        for (int i = 0; i < b.length; i++) {
            b[i] = b[i] == 0 ? 3 : b[i];
        }
        check(LambdaProbeTest::kernelStaticRefs, p[0], b, new int[N], new long[N]);
    }

    @Test
    public void widenedResultsOfKernelReferences() {
        check(LambdaProbeTest::kernelWidened, Inputs.ints(186, N), Inputs.longs(187, N), new double[N],
                new long[N]);
    }

    @Test
    public void floatAndDoubleLambdasInTheKernelBitExact() {
        float[][] p = Inputs.floatPairs(188, 1400, -1e3f, 1e3f);
        check(LambdaProbeTest::kernelFloats, p[0], p[1], new float[1400], Inputs.doubleBits(189, 1400),
                new double[1400], 0.1f, 1.0 / 3);
    }

    @Test
    public void longAndIntLambdasInTheKernelWrap() {
        long[][] p = Inputs.longPairs(190, N);
        check(LambdaProbeTest::kernelLongWraps, p[0], p[1], new long[N], new int[N]);
    }

    @Test
    public void predicateAndConsumerWrittenInTheKernel() {
        check(LambdaProbeTest::kernelPredicateConsumer, Inputs.ints(191, N), new int[N], 1 << 29);
    }

    @Test
    public void kernelLambdasPassedToAHelperWithALoop() {
        check(LambdaProbeTest::kernelHelperLoops, Inputs.ints(192, N), new int[N], 6, -11);
        check(LambdaProbeTest::kernelHelperLoops, Inputs.ints(193, N), new int[N], 0, 11);
    }

    @Test
    public void kernelLambdasReturnedFromAHelper() {
        check(LambdaProbeTest::kernelReturnedFromHelper, Inputs.ints(194, N), new int[N], 77);
    }

    @Test
    public void kernelLambdaCallingAnotherKernelLambda() {
        check(LambdaProbeTest::kernelLambdaOfLambda, Inputs.ints(195, N), new int[N], -1_000_000);
    }

    @Test
    public void kernelLambdaCallingAnArgumentLambda() {
        check(LambdaProbeTest::kernelCallsArgumentInsideLambda, (IntUnaryOperator) x -> x * 0x01000193,
                Inputs.ints(196, N), new int[N], 5);
    }

    @Test
    public void thisCapturedAndPrivateMethodReferenceInAnInstanceKernel() {
        Affine f = new Affine(-13, Inputs.ints(197, 8));
        check(f::run, Inputs.ints(198, N), new int[N]);
    }

    @Test
    public void conditionalChoiceOfTwoKernelLambdasInTheLoop() {
        check(LambdaProbeTest::kernelChoiceInLoop, Inputs.ints(199, N), new int[N], 7);
    }

    @Test
    public void helperChoosingAReferenceByAParameter() {
        int[][] p = Inputs.intPairs(200, N);
        check(LambdaProbeTest::kernelHelperChoosesReference, p[0], p[1], new int[N], true);
        check(LambdaProbeTest::kernelHelperChoosesReference, p[0], p[1], new int[N], false);
    }
}

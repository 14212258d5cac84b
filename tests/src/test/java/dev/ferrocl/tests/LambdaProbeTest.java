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
 * before and inside the loops, through helpers; captured arrays aliasing arguments, written before a failed check,
 * in batches and across two sub-devices; values read again at each execution; decorators (one lambda class at two
 * depths). Strict, on the device, against the JVM.
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

    /** An instance kernel whose lambda, written in it, calls the lambda the receiver holds. */
    public static final class Chain {
        final IntUnaryOperator op;
        final int k;

        Chain(IntUnaryOperator op, int k) {
            this.op = op;
            this.k = k;
        }

        public void run(int[] a, int[] out) {
            IntUnaryOperator g = x -> op.applyAsInt(x) * 2 + k;
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

    // ================================================================ classes and kernels of the later probes

    /** A sub-interface of IntUnaryOperator: the lambda's class implements it, the kernel calls the super's method. */
    public interface MyOp extends IntUnaryOperator {
    }

    /** A covariant override in a sub-interface: the lambda's class needs a bridge for the erased method. */
    public interface Src {
        Object row(int i);
    }

    public interface IntSrc extends Src {
        @Override
        int[] row(int i);
    }

    public interface Tri {
        int at(int i, int j, int k);
    }

    public static class BaseK {
        final int k;

        BaseK(int k) {
            this.k = k;
        }

        int m(int x) {
            return x + k;
        }
    }

    public static final class SubK extends BaseK {
        SubK(int k) {
            super(k);
        }

        @Override
        int m(int x) {
            return x * k;
        }

        IntUnaryOperator viaSuper() {
            return super::m;
        }
    }

    @FunctionalInterface
    public interface BaseOp {
        int apply(BaseK b, int x);
    }

    /** An object whose field a bound reference reads, changed between executions. */
    public static final class Mut {
        int k;

        Mut(int k) {
            this.k = k;
        }

        int apply(int x) {
            return x * k + (x >>> 28);
        }
    }

    static int staticK = 7;

    static int varMax(int... xs) {
        int m = Integer.MIN_VALUE;
        for (int x : xs) {
            m = Math.max(m, x);
        }
        return m;
    }

    static IntUnaryOperator reader(int[] a) {
        return i -> a[i] ^ i;
    }

    static IntUnaryOperator lookup(int[] t) {
        return x -> t[x & 63] + x;
    }

    static IntUnaryOperator reversed(int[] t) {
        return i -> t[t.length - 1 - i] ^ i;
    }

    /** A decorator: one lambda class whose captured lambda may be of any class. */
    static IntUnaryOperator via(IntUnaryOperator inner) {
        return x -> inner.applyAsInt(x) * 3 + 1;
    }

    /** Adds 100 / src[i] to dst[i]: throws where src[i] is 0, after other work-items wrote. */
    static IntConsumer accumulate(int[] src, int[] dst) {
        return i -> dst[i] += 100 / src[i];
    }

    public static void bumpThenRead(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 3 + 1;
            out[i] = f.applyAsInt(i);
        }
    }

    public static void writeThenRead(IntConsumer c, long[] dst, long[] out) {
        for (@Parallel int i = 0; i < dst.length; i++) {
            c.accept(i);
            out[i] = dst[i] * 2 - 1;
        }
    }

    public static void indexToDouble(IntToDoubleFunction f, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.applyAsDouble(i);
        }
    }

    public static void mapIndex(IntUnaryOperator f, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.applyAsInt(i);
        }
    }

    public static void mapInt4(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void mapInt5(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void mapInt6(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void mapInt7(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void consumeIndex2(IntConsumer c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c.accept(i);
        }
    }

    /** The decorator helper used twice in the kernel: one lambda expression at two depths. */
    public static void kernelDecorators(int[] a, int[] out, int k) {
        IntUnaryOperator h = via(via(scaleBy(k)));
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = h.applyAsInt(a[i]);
        }
    }

    /** A higher-order helper whose lambda argument calls the same helper with another lambda. */
    public static void kernelNestedHelper(int[] a, int[] out, int k) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = applyN(x -> applyN(y -> y * 3 + k, x, 2) ^ x, a[i], 3);
        }
    }

    /** The lambda's exception and the kernel's own division: the JVM throws whichever comes first (JLS §15.7.1). */
    public static void lambdaThenDivide(IntUnaryOperator f, int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]) + 100 / b[i];
        }
    }

    /** Bound references written in the kernel: on a parameter, and on an object the kernel makes. */
    public static void kernelBoundRefs(Poly p, int[] a, int[] out, int k) {
        IntUnaryOperator e = p::eval;
        IntToLongFunction w = new Cell(k, 3L)::weigh;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = e.applyAsInt(a[i]) ^ (int) w.applyAsLong(a[i]);
        }
    }

    /** Generic interfaces written in the kernel: erased Object parameters and results, arrays through them. */
    public static void kernelGenerics(int[] a, int[] b, int[] out) {
        Pick<int[]> p = (x, y, i) -> (i & 1) == 0 ? x : y;
        ObjIntConsumer<int[]> c = (arr, i) -> arr[i] = arr[i] * 5 - i;
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] src = p.pick(a, b, i);
            c.accept(out, i);
            out[i] += src[i];
        }
    }

    public static void rows(Src src, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] r = (int[]) src.row(i);
            out[i] = r[i] - i;
        }
    }

    public static void nest3(Tri f, int[] out, int m, int p) {
        for (@Parallel int i = 0; i < out.length / (m * p); i++) {
            for (@Parallel int j = 0; j < m; j++) {
                for (@Parallel int k = 0; k < p; k++) {
                    out[(i * m + j) * p + k] = f.at(i, j, k);
                }
            }
        }
    }

    public static void baseOp(BaseOp op, BaseK b, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = op.apply(b, a[i]);
        }
    }

    /** An argument lambda called before the loop and in its bound. */
    public static void beforeTheLoop(IntUnaryOperator f, IntUnaryOperator lim, int[] a, int[] out) {
        int base = f.applyAsInt(a.length);
        for (@Parallel int i = 0; i < lim.applyAsInt(a.length); i++) {
            out[i] = a[i] + base;
        }
    }

    public static void reduceWith(IntUnaryOperator f, int[] a, @dev.ferrocl.api.Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += f.applyAsInt(a[i]);
        }
    }

    public static void kernelReduce(int[] a, @dev.ferrocl.api.Reduce int[] out, int k) {
        IntUnaryOperator f = x -> Math.floorMod(x, k);
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], f.applyAsInt(a[i]));
        }
    }

    public static void typeAndNullTests(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int v = f != null ? f.applyAsInt(a[i]) : 0;
            out[i] = f instanceof Serializable ? v : -v;
        }
    }

    public static void kernelTryCatch(int[] a, int[] out, int k) {
        IntUnaryOperator f = x -> {
            try {
                return k / x;
            } catch (ArithmeticException e) {
                return -7;
            }
        };
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void kernelNestedLambda(int[] a, int[] out, int k) {
        IntUnaryOperator f = x -> {
            IntUnaryOperator g = y -> y * x + k;
            return g.applyAsInt(x + 1) ^ g.applyAsInt(x);
        };
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void kernelVarargsAndScratch(int[] a, int[] out) {
        IntBinaryOperator v = LambdaProbeTest::varMax;
        int[] t = a.clone();
        IntUnaryOperator f = i -> t[i] * 2 + t[(i + 1) % t.length];
        IntUnaryOperator bytes = x -> {
            int[] d = new int[4];
            for (int j = 0; j < 4; j++) {
                d[j] = (x >> (8 * j)) & 255;
            }
            return d[0] * 7 + d[1] * 5 + d[2] * 3 + d[3];
        };
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = v.applyAsInt(f.applyAsInt(i), bytes.applyAsInt(a[i]));
        }
    }

    public static void twoTaskFirst(IntUnaryOperator f, int[] a, int[] tmp) {
        for (@Parallel int i = 0; i < a.length; i++) {
            tmp[i] = f.applyAsInt(a[i]);
        }
    }

    public static void twoTaskSecond(IntUnaryOperator f, int[] tmp, int[] out) {
        for (@Parallel int i = 0; i < tmp.length; i++) {
            out[i] = f.applyAsInt(tmp[tmp.length - 1 - i]) - tmp[i];
        }
    }

    private static String[] halves() {
        String id = dev.ferrocl.api.Devices.defaultDevice().id();
        for (dev.ferrocl.api.Device d : dev.ferrocl.api.Devices.list()) {
            if (d.type().equalsIgnoreCase("CPU")) {
                id = d.id();
                break;
            }
        }
        return new String[] {id + ".0/2", id + ".1/2"};
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
    public void intOperatorsAtTheEdges() {
        intUnaryOperatorWrapsOnOverflow();
        integerCompareAndUnsignedReferences();
        floorModAndFloorDivReferencesAtTheEdges();
        capturedShiftCountsAndNarrowing();
    }

    private void intUnaryOperatorWrapsOnOverflow() {
        for (int n : SIZES) {
            check(LambdaProbeTest::mapInt, (IntUnaryOperator) x -> x * 0x9E3779B1 + (x >>> 7) - (x << 29),
                    Inputs.ints(100, n), new int[n]);
        }
    }

    private void integerCompareAndUnsignedReferences() {
        int[][] p = Inputs.intPairs(101, N);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::compare, p[0], p[1], new int[N]);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::compareUnsigned, p[0], p[1], new int[N]);
        int[] d = Inputs.nonZeroInts(102, N);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::divideUnsigned, Inputs.ints(103, N), d,
                new int[N]);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Integer::remainderUnsigned, Inputs.ints(104, N), d,
                new int[N]);
    }

    private void floorModAndFloorDivReferencesAtTheEdges() {
        int[] a = JvmOracle.withSpecials(Inputs.ints(105, N), Integer.MIN_VALUE, Integer.MIN_VALUE, -7, 7, -7, 7);
        int[] b = JvmOracle.withSpecials(Inputs.nonZeroInts(106, N), -1, 1, 2, -2, -2, 2);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Math::floorMod, a, b, new int[N]);
        check(LambdaProbeTest::zipInt, (IntBinaryOperator) Math::floorDiv, a, b, new int[N]);
    }

    /** JLS §15.19: shift counts masked (captured int 37, long 65, negative counts); §5.1.3 narrowing in a body. */
    private void capturedShiftCountsAndNarrowing() {
        int sh = 37;
        long sl = 65;
        char c = 0xFFF0;
        check(LambdaProbeTest::mapInt6, (IntUnaryOperator) x -> (x << sh) | (x >>> -sh), Inputs.ints(250, N),
                new int[N]);
        check(LambdaProbeTest::mapInt6, (IntUnaryOperator) x -> (char) (x + c) - (short) (x * 3) + (byte) (x >> 4),
                Inputs.ints(251, N), new int[N]);
        check(LambdaProbeTest::mapLong, (LongUnaryOperator) x -> (x << sl) ^ (x >> (sl + 1)) ^ (x >>> -sl),
                Inputs.longs(252, N), new long[N]);
    }

    @Test
    public void referencesThrowAsTheJvmDoes() {
        floorModReferenceByZeroThrowsAsTheJvmDoes();
        addExactOverflowInAReference();
        divisionByACapturedZero();
    }

    private void floorModReferenceByZeroThrowsAsTheJvmDoes() {
        int[] a = Inputs.ints(107, N);
        int[] b = Inputs.nonZeroInts(108, N);
        b[613] = 0;
        int[] out = new int[N];
        IntBinaryOperator f = Math::floorMod;
        Throwable e = checkThrows(x -> zipInt2(f, (int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", LambdaProbeTest::zipInt2, f, a, b, out), a, b, out);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    private void addExactOverflowInAReference() {
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

    /** Every element divides by the captured zero: the JVM throws at the first. */
    private void divisionByACapturedZero() {
        int d = 0;
        int[] a = Inputs.ints(253, N);
        int[] out = Inputs.ints(254, N);
        IntUnaryOperator f = x -> x / d;
        Throwable e = checkThrows(x -> mapInt6(f, (int[]) x[0], (int[]) x[1]),
                s -> s.task("t", LambdaProbeTest::mapInt6, f, a, out), a, out);
        assertEquals("/ by zero", e.getMessage());
    }

    @Test
    public void longOperators() {
        longUnaryCapturingALong();
        longBinaryReferences();
    }

    private void longUnaryCapturingALong() {
        long k = 0x9E3779B97F4A7C15L;
        int r = 17;
        for (int n : SIZES) {
            check(LambdaProbeTest::mapLong, (LongUnaryOperator) x -> x * k ^ (x >>> 29) + Long.rotateLeft(x, r),
                    Inputs.longs(110, n), new long[n]);
        }
    }

    private void longBinaryReferences() {
        long[][] p = Inputs.longPairs(111, N);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Long::sum, p[0], p[1], new long[N]);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Math::multiplyHigh, p[0], p[1], new long[N]);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Long::max, p[0], p[1], new long[N]);
        check(LambdaProbeTest::zipLong, (LongBinaryOperator) Math::floorMod, Inputs.longs(112, N),
                Inputs.nonZeroLongs(113, N), new long[N]);
    }

    @Test
    public void doubleOperatorsBitExact() {
        doubleMinMaxSumOnSignedZerosAndNaN();
        doubleUnaryReferencesExact();
        doubleBinaryIsNotContracted();
    }

    private void doubleMinMaxSumOnSignedZerosAndNaN() {
        double[][] p = Inputs.doublePairs(114, 2100, -1e6, 1e6);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) Math::min, p[0], p[1], new double[2100]);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) Math::max, p[0], p[1], new double[2100]);
        check(LambdaProbeTest::zipDouble, (DoubleBinaryOperator) Double::sum, p[0], p[1], new double[2100]);
    }

    private void doubleUnaryReferencesExact() {
        double[] a = Inputs.doubleBits(115, N);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::abs, a, new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::sqrt, a.clone(), new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::floor, a.clone(), new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::rint, a.clone(), new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::signum, a.clone(), new double[N]);
    }

    /** x * y + c and x * y - x * y are not fused (JLS §15.4: each operation rounds). */
    private void doubleBinaryIsNotContracted() {
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
    public void predicatesAndSuppliers() {
        intPredicateCapturingInts();
        longAndDoublePredicates();
        suppliersCapturingScalars();
    }

    private void intPredicateCapturingInts() {
        int m = 7;
        int r = 3;
        int lo = -1_000_000;
        for (int n : SIZES) {
            check(LambdaProbeTest::testInt, (IntPredicate) x -> Math.floorMod(x, m) == r || x < lo,
                    Inputs.ints(119, n), new int[n]);
        }
    }

    private void longAndDoublePredicates() {
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

    private void suppliersCapturingScalars() {
        int k = -123_457;
        double d = 1.0 / 3;
        check(LambdaProbeTest::supplied, (IntSupplier) () -> k * 3, (DoubleSupplier) () -> d * 2, new int[N],
                new double[N]);
    }

    @Test
    public void conversionFunctions() {
        intToDoubleLambdasAndAdaptingReferences();
        doubleToIntCastsSaturate();
        intToLongAndLongToInt();
        doubleToLongAndLongToDouble();
    }

    /** The lambda's class converts the int argument itself where a reference takes a double (Math::sqrt). */
    private void intToDoubleLambdasAndAdaptingReferences() {
        double w = 0.1;
        int[] a = Inputs.ints(122, N);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) x -> x * w + 0.5, a, new double[N]);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) Math::sqrt, a, new double[N]);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) Integer::bitCount, a, new double[N]);
        check(LambdaProbeTest::intToDouble, (IntToDoubleFunction) Float::intBitsToFloat, a, new double[N]);
    }

    private void doubleToIntCastsSaturate() {
        double[] a = Inputs.doubleBits(123, N);
        check(LambdaProbeTest::doubleToInt, (DoubleToIntFunction) d -> (int) d, a, new int[N]);
        check(LambdaProbeTest::doubleToInt, (DoubleToIntFunction) d -> (int) (long) d ^ (int) (float) d, a,
                new int[N]);
        double[] b = Inputs.doubles(124, N, -3e9, 3e9);
        check(LambdaProbeTest::doubleToInt, (DoubleToIntFunction) d -> (int) Math.floor(d * 0.75), b, new int[N]);
    }

    private void intToLongAndLongToInt() {
        int[] a = Inputs.ints(125, N);
        check(LambdaProbeTest::intToLong, (IntToLongFunction) x -> (long) x * x - x, a, new long[N]);
        check(LambdaProbeTest::intToLong, (IntToLongFunction) Integer::toUnsignedLong, a, new long[N]);
        long[] l = Inputs.longs(126, N);
        check(LambdaProbeTest::longToInt, (LongToIntFunction) Long::bitCount, l, new int[N]);
        check(LambdaProbeTest::longToInt, (LongToIntFunction) Long::numberOfLeadingZeros, l, new int[N]);
        check(LambdaProbeTest::longToInt, (LongToIntFunction) x -> (int) (x >>> 32) * 3, l, new int[N]);
    }

    private void doubleToLongAndLongToDouble() {
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
    public void erasedAndCovariantBridges() {
        objIntConsumerThroughTheErasedBridge();
        genericInterfaceReturningAnArray();
        subInterfaceAndCovariantBridge();
        genericInterfacesWrittenInTheKernel();
    }

    /** ObjIntConsumer<int[]>: the lambda's class casts the erased Object parameter to int[]. */
    private void objIntConsumerThroughTheErasedBridge() {
        int m = 5;
        check(LambdaProbeTest::objInt, (ObjIntConsumer<int[]>) (arr, i) -> arr[i] = arr[i] * m + i,
                Inputs.ints(130, N));
    }

    /** A generic interface returning one of two arrays: casts on the way in and out of the lambda's class. */
    private void genericInterfaceReturningAnArray() {
        Pick<int[]> p = (x, y, i) -> (i % 3 == 0) ? y : x;
        check(LambdaProbeTest::picked, p, Inputs.ints(131, N), Inputs.ints(132, N), new int[N]);
    }

    private void subInterfaceAndCovariantBridge() {
        check(LambdaProbeTest::mapInt5, (MyOp) x -> x * 11 + 1, Inputs.ints(228, N), new int[N]);
        int[] a = Inputs.ints(229, N);
        int[] b = Inputs.ints(230, N);
        check(LambdaProbeTest::rows, (IntSrc) i -> (i & 1) == 0 ? a : b, new int[N]);
    }

    private void genericInterfacesWrittenInTheKernel() {
        check(LambdaProbeTest::kernelGenerics, Inputs.ints(255, N), Inputs.ints(256, N), Inputs.ints(257, N));
    }

    // ================================================================ captures

    @Test
    public void capturesOfEveryPrimitiveTypeAndMany() {
        capturesOfEveryPrimitiveType();
        manyCaptures();
    }

    private void capturesOfEveryPrimitiveType() {
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

    private void manyCaptures() {
        int c0 = 1;
        int c1 = -2;
        int c2 = 3;
        long c3 = 1L << 40;
        int c4 = 5;
        double c5 = 0.25;
        int c6 = 7;
        long c7 = -9;
        int c8 = 0x5555;
        float c9 = 1.5f;
        int c10 = 11;
        byte c11 = -12;
        check(LambdaProbeTest::mapLongCaptures, (LongUnaryOperator) x -> x * c0 + c1 - x * c2 + (x & c3) + c4
                + (long) (x * c5) * c6 + c7 + (x ^ c8) + (long) (c9 * c10) + c11, Inputs.longs(240, N),
                new long[N]);
    }

    @Test
    public void capturesOfEveryPrimitiveTypeInTheKernel() {
        capturesOfEveryPrimitiveTypeInTheKernelParameters();
        narrowLocalsCapturedInTheKernel();
    }

    private void capturesOfEveryPrimitiveTypeInTheKernelParameters() {
        for (int v = 0; v < 2; v++) {
            MoreChecks.check(LambdaProbeTest::kernelCaptures, Inputs.longs(135 + v, N), new long[N],
                    (byte) (v == 0 ? -100 : 77), (short) (v == 0 ? -30000 : 12345), (char) (v == 0 ? 0xFFF0 : 65),
                    v != 0, v == 0 ? Long.MIN_VALUE + 3 : 0x1234_5678_9ABCL, v == 0 ? -0.3f : 1e20f,
                    v == 0 ? 1.0 / 7 : -2.5e18);
        }
    }

    private void narrowLocalsCapturedInTheKernel() {
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
    public void privateMethodReferences() {
        boundReferenceToAPrivateMethodOfANestedClass();
        privateStaticMethodReference();
    }

    private void boundReferenceToAPrivateMethodOfANestedClass() {
        Poly p = new Poly(new int[] {7, -3, 0, 11, 0x10001});
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) p::evalPrivate, Inputs.ints(140, N), new int[N]);
    }

    private void privateStaticMethodReference() {
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) LambdaProbeTest::secretMix, Inputs.ints(144, N),
                new int[N]);
    }

    @Test
    public void capturedObjectsAreDevirtualised() {
        lambdaCapturingAnObjectWhoseMethodLoopsOverItsArray();
        lambdaCapturingAnotherLambda();
    }

    private void lambdaCapturingAnObjectWhoseMethodLoopsOverItsArray() {
        Poly p = new Poly(Inputs.ints(141, 9));
        int k = 5;
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) x -> p.eval(x) ^ (x * k), Inputs.ints(142, N),
                new int[N]);
    }

    private void lambdaCapturingAnotherLambda() {
        int k = 1_000_003;
        IntUnaryOperator inner = x -> x * 3 + k;
        check(LambdaProbeTest::mapInt, (IntUnaryOperator) x -> inner.applyAsInt(x) - inner.applyAsInt(x >> 1),
                Inputs.ints(143, N), new int[N]);
    }

    @Test
    public void unboundReferences() {
        unboundReferenceOfAnOwnClass();
        unboundReferenceWrittenInTheKernel();
    }

    private void unboundReferenceOfAnOwnClass() {
        Cell c = new Cell(-77, 0x1_0000_0001L);
        check(LambdaProbeTest::cellOp, (CellOp) Cell::weigh, c, Inputs.ints(145, N), new long[N]);
    }

    private void unboundReferenceWrittenInTheKernel() {
        check(LambdaProbeTest::kernelUnbound, new Cell(901, -3L), Inputs.ints(146, N), new long[N]);
    }

    @Test
    public void interfaceMethodsAroundLambdas() {
        defaultMethodOnALambdaOfAnInterfaceStaticMethod();
        lambdaMadeInADefaultMethod();
        identityFromTheJdk();
    }

    /** The kernel calls a default method of the lambda's interface; the lambda names the interface's static one. */
    private void defaultMethodOnALambdaOfAnInterfaceStaticMethod() {
        check(LambdaProbeTest::shifterTwice, (Shifter) Shifter::helper, Inputs.ints(147, N), new int[N]);
        int k = 9;
        check(LambdaProbeTest::shifterTwice, (Shifter) x -> x * k - 1, Inputs.ints(148, N), new int[N]);
    }

    /** A lambda a default method made: its body is a private method of the interface, capturing the object. */
    private void lambdaMadeInADefaultMethod() {
        check(LambdaProbeTest::mapInt2, new GenImpl(-31).op(), Inputs.ints(149, N), new int[N]);
    }

    private void identityFromTheJdk() {
        check(LambdaProbeTest::mapInt2, IntUnaryOperator.identity(), Inputs.ints(150, N), new int[N]);
    }

    @Test
    public void serializableLambdasAndTypeTests() {
        serializableLambdaWithAMarker();
        instanceofAndNullTestsOfAnArgumentLambda();
    }

    /** altMetafactory: a serializable lambda with a marker interface (its class has writeReplace). */
    private void serializableLambdaWithAMarker() {
        int k = 41;
        IntUnaryOperator f = (IntUnaryOperator & Serializable) x -> x * k + (x >> 30);
        check(LambdaProbeTest::mapInt2, f, Inputs.ints(151, N), new int[N]);
    }

    private void instanceofAndNullTestsOfAnArgumentLambda() {
        int k = 3;
        check(LambdaProbeTest::typeAndNullTests, (IntUnaryOperator & Serializable) x -> x * k,
                Inputs.ints(241, N), new int[N]);
        check(LambdaProbeTest::typeAndNullTests, (IntUnaryOperator) x -> x * k, Inputs.ints(242, N), new int[N]);
    }

    @Test
    public void lambdaInAnArgumentsField() {
        int c = 3;
        check(LambdaProbeTest::viaStage, new Stage(x -> x << c | x >>> (32 - c), 99), Inputs.ints(152, N),
                new int[N]);
    }

    // ================================================================ loops, branches, exceptions in bodies

    @Test
    public void loopsBranchesAndSwitchesInLambdas() {
        lambdaWithALoopAndBranches();
        switchExpressionInALambda();
        loopAndBranchesInALambdaMadeInTheBody();
    }

    private void lambdaWithALoopAndBranches() {
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

    private void switchExpressionInALambda() {
        check(LambdaProbeTest::mapInt4, (IntUnaryOperator) x -> switch (x & 7) {
            case 0 -> x >> 1;
            case 3, 5 -> -x;
            case 6 -> x * 17;
            default -> x ^ 0x5555;
        }, Inputs.ints(219, N), new int[N]);
    }

    private void loopAndBranchesInALambdaMadeInTheBody() {
        check(LambdaProbeTest::kernelLoopInLambda, Inputs.intsIn(163, N, 1, 1_000_000), new int[N], 500);
        check(LambdaProbeTest::kernelLoopInLambda, Inputs.intsIn(164, N, 1, 1_000_000), new int[N], 0);
    }

    @Test
    public void indexOutOfBoundsInALambdaBody() {
        int[] table = Inputs.ints(154, 16);
        int[] a = Inputs.intsIn(155, N, 0, 16);
        a[700] = 20;
        a[300] = -3;
        int[] out = new int[N];
        IntUnaryOperator f = x -> table[x] + x;
        Throwable e = checkThrows(x -> mapInt2(f, (int[]) x[0], (int[]) x[1]),
                s -> s.task("t", LambdaProbeTest::mapInt2, f, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void exceptionsInKernelLambdas() {
        longDivisionByZeroInAKernelLambda();
        indexOutOfBoundsInAKernelLambda();
        throwStatementInAKernelLambda();
    }

    private void longDivisionByZeroInAKernelLambda() {
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

    private void indexOutOfBoundsInAKernelLambda() {
        int[] t = Inputs.ints(160, 32);
        int[] a = Inputs.intsIn(161, N, 0, 32);
        check(LambdaProbeTest::kernelTableIndex, a, t, new int[N]);
        a[1000] = -1;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> kernelTableIndex((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", LambdaProbeTest::kernelTableIndex, a, t, out), a, t, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    private void throwStatementInAKernelLambda() {
        int[] a = Inputs.intsIn(162, N, -1000, 1000);
        check(LambdaProbeTest::kernelThrowsInLambda, a, new int[N]);
        a[77] = -5000;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> kernelThrowsInLambda((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", LambdaProbeTest::kernelThrowsInLambda, a, out), a, out);
        assertEquals(IllegalStateException.class, e.getClass());
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

    @Test
    public void variableHoldingOneOfTwoLambdas() {
        int k = 77;
        check(LambdaProbeTest::chooseOp, (IntUnaryOperator) x -> x * k, (IntUnaryOperator) x -> x - k,
                Inputs.ints(173, N), new int[N]);
        check(LambdaProbeTest::chooseOp, adder(1), adder(2), Inputs.ints(174, N), new int[N]);
        IntUnaryOperator anonymous = new IntUnaryOperator() {
            @Override
            public int applyAsInt(int x) {
                return x ^ k;
            }
        };
        check(LambdaProbeTest::chooseOp, adder(3), anonymous, Inputs.ints(261, N), new int[N]);
    }

    // ================================================================ nests, inner loops, streams

    @Test
    public void lambdasInNests() {
        argumentLambdaIn2dNest();
        argumentLambdaIn3dNest();
        kernelLambdaBetweenNestedParallelLoops();
    }

    private void argumentLambdaIn2dNest() {
        int k = 13;
        check(LambdaProbeTest::outer2d, (IntBinaryOperator) (x, y) -> x * k - y * y, Inputs.ints(175, 61),
                Inputs.ints(176, 37), new int[61 * 37]);
    }

    private void argumentLambdaIn3dNest() {
        int w = 17;
        check(LambdaProbeTest::nest3, (Tri) (i, j, k) -> i * w * w + j * w + k - (i ^ j ^ k), new int[23 * 11 * 7],
                11, 7);
    }

    private void kernelLambdaBetweenNestedParallelLoops() {
        check(LambdaProbeTest::kernelIn2dNest, Inputs.ints(177, 53), Inputs.ints(178, 41), new int[53 * 41]);
    }

    @Test
    public void lambdasInInnerLoops() {
        argumentLambdaInASequentialInnerLoop();
        kernelLambdaCapturingTheInnerLoopVariable();
    }

    private void argumentLambdaInASequentialInnerLoop() {
        check(LambdaProbeTest::foldInner, (IntBinaryOperator) (acc, v) -> acc * 31 + v, Inputs.ints(179, N),
                new int[N], 11);
        check(LambdaProbeTest::foldInner, (IntBinaryOperator) Math::max, Inputs.ints(180, N), new int[N], 0);
    }

    private void kernelLambdaCapturingTheInnerLoopVariable() {
        check(LambdaProbeTest::kernelInnerLoopCaptures, Inputs.ints(181, N), new int[N], 9);
    }

    @Test
    public void lambdasInStreams() {
        argumentLambdaInAParallelStream();
        kernelLambdaInsideAStreamBody();
        streamConsumerHeldInAVariable();
    }

    private void argumentLambdaInAParallelStream() {
        for (int n : SIZES) {
            check(LambdaProbeTest::streamMap, (IntUnaryOperator) x -> x * x, Inputs.ints(182, n), new int[n]);
        }
    }

    private void kernelLambdaInsideAStreamBody() {
        check(LambdaProbeTest::kernelLambdaInStream, Inputs.ints(183, N), new int[N], -3);
    }

    private void streamConsumerHeldInAVariable() {
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
    public void kernelArithmeticExact() {
        floatAndDoubleLambdasInTheKernelBitExact();
        longAndIntLambdasInTheKernelWrap();
    }

    private void floatAndDoubleLambdasInTheKernelBitExact() {
        float[][] p = Inputs.floatPairs(188, 1400, -1e3f, 1e3f);
        check(LambdaProbeTest::kernelFloats, p[0], p[1], new float[1400], Inputs.doubleBits(189, 1400),
                new double[1400], 0.1f, 1.0 / 3);
    }

    private void longAndIntLambdasInTheKernelWrap() {
        long[][] p = Inputs.longPairs(190, N);
        check(LambdaProbeTest::kernelLongWraps, p[0], p[1], new long[N], new int[N]);
    }

    @Test
    public void predicateAndConsumerWrittenInTheKernel() {
        check(LambdaProbeTest::kernelPredicateConsumer, Inputs.ints(191, N), new int[N], 1 << 29);
    }

    @Test
    public void kernelLambdasThroughHelpers() {
        kernelLambdasPassedToAHelperWithALoop();
        kernelLambdasReturnedFromAHelper();
    }

    private void kernelLambdasPassedToAHelperWithALoop() {
        check(LambdaProbeTest::kernelHelperLoops, Inputs.ints(192, N), new int[N], 6, -11);
        check(LambdaProbeTest::kernelHelperLoops, Inputs.ints(193, N), new int[N], 0, 11);
    }

    private void kernelLambdasReturnedFromAHelper() {
        check(LambdaProbeTest::kernelReturnedFromHelper, Inputs.ints(194, N), new int[N], 77);
    }

    @Test
    public void lambdasCallingLambdas() {
        kernelLambdaCallingAnotherKernelLambda();
        kernelLambdaCallingAnArgumentLambda();
        lambdaMadeInsideALambda();
    }

    private void kernelLambdaCallingAnotherKernelLambda() {
        check(LambdaProbeTest::kernelLambdaOfLambda, Inputs.ints(195, N), new int[N], -1_000_000);
    }

    private void kernelLambdaCallingAnArgumentLambda() {
        check(LambdaProbeTest::kernelCallsArgumentInsideLambda, (IntUnaryOperator) x -> x * 0x01000193,
                Inputs.ints(196, N), new int[N], 5);
    }

    /** A lambda made inside a lambda's body: in a kernel, and in the body of a lambda the task receives. */
    private void lambdaMadeInsideALambda() {
        check(LambdaProbeTest::kernelNestedLambda, Inputs.ints(220, N), new int[N], 12345);
        int k = -3;
        check(LambdaProbeTest::mapInt4, (IntUnaryOperator) x -> {
            IntBinaryOperator g = (y, z) -> y * z + k;
            return g.applyAsInt(x, x >> 3);
        }, Inputs.ints(221, N), new int[N]);
    }

    @Test
    public void thisCapturedAndPrivateMethodReferenceInAnInstanceKernel() {
        Affine f = new Affine(-13, Inputs.ints(197, 8));
        check(f::run, Inputs.ints(198, N), new int[N]);
    }

    @Test
    public void kernelLambdaCallingTheReceiversLambda() {
        int m = 0x01000193;
        Chain c = new Chain(x -> x * m ^ (x >>> 15), -5);
        check(c::run, Inputs.ints(258, N), new int[N]);
    }

    @Test
    public void boundReferencesWrittenInTheKernel() {
        check(LambdaProbeTest::kernelBoundRefs, new Poly(Inputs.ints(259, 6)), Inputs.ints(260, N), new int[N],
                -1234);
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

    // ================================================================ aliasing, executions, batches, decorators

    @Test
    public void capturedArraysAliasingArguments() {
        capturedArrayIsAlsoAnArgumentTheKernelWrites();
        consumerWritesAnArgumentTheKernelReadsBack();
    }

    /** The lambda reads the argument it captured after the kernel wrote it: one array, not a stale copy. */
    private void capturedArrayIsAlsoAnArgumentTheKernelWrites() {
        int[] a = Inputs.ints(201, N);
        int[] aE = a.clone();
        int[] outE = new int[N];
        bumpThenRead(reader(aE), aE, outE);
        int[] out = new int[N];
        deviceRun(s -> s.task("t", LambdaProbeTest::bumpThenRead, reader(a), a, out));
        assertSame("a", aE, a);
        assertSame("out", outE, out);
    }

    /** The consumer writes a captured array that is also an argument the kernel reads after the call. */
    private void consumerWritesAnArgumentTheKernelReadsBack() {
        int[] src = Inputs.ints(202, N);
        long[] dstE = Inputs.longs(203, N);
        long[] dst = dstE.clone();
        long[] outE = new long[N];
        writeThenRead(writer(src.clone(), dstE, -3), dstE, outE);
        long[] out = new long[N];
        deviceRun(s -> s.task("t", LambdaProbeTest::writeThenRead, writer(src, dst, -3), dst, out));
        assertSame("dst", dstE, dst);
        assertSame("out", outE, out);
    }

    @Test
    public void capturedArraysOfEveryPrimitiveType() {
        byte[] bs = Inputs.bytes(204, N);
        short[] ss = Inputs.shorts(205, N);
        char[] cs = Inputs.chars(206, N);
        boolean[] zs = Inputs.booleans(207, N);
        long[] ls = Inputs.longs(208, N);
        float[] fs = Inputs.floatBits(209, N);
        double[] ds = Inputs.doubleBits(210, N);
        check(LambdaProbeTest::indexToDouble, (IntToDoubleFunction) i -> zs[i]
                ? bs[i] * 3 + cs[i] - ss[i] + (double) ls[i] : ds[i] * fs[i] - (ls[i] >> 40), new double[N]);
    }

    /** One schedule; the receiver's lambda replaced by one of the same class capturing a shorter array. */
    @Test
    public void capturedArrayReplacedByAShorterOneOnOneSchedule() {
        int[] a = Inputs.ints(211, N);
        int[] out = new int[N];
        Pipe p = new Pipe(lookup(Inputs.ints(212, 64)), 3);
        Consumer<Object[]> jvm = y -> p.run((int[]) y[0], (int[]) y[1]);
        try (TaskSchedule s = new TaskSchedule("shorter").task("t", p::run, a, out)) {
            executeAndCompare(s, "64 entries", jvm, a, out);
            p.op = lookup(Inputs.ints(213, 64));
            executeAndCompare(s, "other 64 entries", jvm, a, out);
            p.op = lookup(Inputs.ints(214, 40));
            Object[] expected = cloneArgs(a, out);
            Throwable jvmError = null;
            try {
                jvm.accept(expected);
            } catch (ArrayIndexOutOfBoundsException e) {
                jvmError = e;
            }
            assertTrue("the JVM throws (test is wrong otherwise)", jvmError != null);
            Throwable devError = null;
            try {
                s.execute();
            } catch (ArrayIndexOutOfBoundsException e) {
                devError = e;
            }
            assertTrue("the schedule should throw " + jvmError + "; report:\n" + s.report(), devError != null);
            assertEquals(jvmError.getMessage(), devError.getMessage());
            assertSame("out after the exception", expected[1], out);
        }
    }

    @Test
    public void valuesReadAgainAtEachExecution() {
        boundReceiverMutatedBetweenExecutions();
        lambdaReadingAStaticField();
        capturedArrayChangedBetweenExecutions();
    }

    /** A bound reference's receiver mutated between executions: its field is read again. */
    private void boundReceiverMutatedBetweenExecutions() {
        Mut m = new Mut(3);
        IntUnaryOperator f = m::apply;
        int[] a = Inputs.ints(215, N);
        int[] out = new int[N];
        Consumer<Object[]> jvm = y -> mapInt4(f, (int[]) y[0], (int[]) y[1]);
        try (TaskSchedule s = new TaskSchedule("mut").task("t", LambdaProbeTest::mapInt4, f, a, out)) {
            executeAndCompare(s, "k = 3", jvm, a, out);
            m.k = -1_000_001;
            executeAndCompare(s, "k changed", jvm, a, out);
        }
    }

    /** A lambda's body reads a static field, changed between runs. */
    private void lambdaReadingAStaticField() {
        staticK = 7;
        IntUnaryOperator f = x -> x * staticK - 1;
        check(LambdaProbeTest::mapInt4, f, Inputs.ints(216, N), new int[N]);
        staticK = -40_000;
        check(LambdaProbeTest::mapInt4, f, Inputs.ints(217, N), new int[N]);
    }

    /** A captured array's contents changed between executions of one schedule are read again. */
    private void capturedArrayChangedBetweenExecutions() {
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
    public void tryCatchInLambdaBodies() {
        int[] a = Inputs.intsIn(218, N, -5, 5);
        check(LambdaProbeTest::mapInt4, (IntUnaryOperator) x -> {
            try {
                return 1_000_000 / x;
            } catch (ArithmeticException e) {
                return -7;
            }
        }, a, new int[N]);
        check(LambdaProbeTest::kernelTryCatch, a.clone(), new int[N], 999);
    }

    @Test
    public void varargsReferenceAndScratchArrays() {
        check(LambdaProbeTest::zipInt2, (IntBinaryOperator) LambdaProbeTest::varMax, Inputs.ints(222, N),
                Inputs.ints(223, N), new int[N]);
        check(LambdaProbeTest::kernelVarargsAndScratch, Inputs.ints(224, N), new int[N]);
    }

    @Test
    public void argumentLambdaBeforeTheLoopAndInItsBound() {
        check(LambdaProbeTest::beforeTheLoop, (IntUnaryOperator) x -> x * 1000 + 7, (IntUnaryOperator) x -> x / 2,
                Inputs.ints(225, N), new int[N]);
    }

    @Test
    public void lambdasInReductions() {
        check(LambdaProbeTest::reduceWith, (IntUnaryOperator) x -> x >> 3, Inputs.ints(226, 100_003),
                new long[] {5});
        check(LambdaProbeTest::kernelReduce, Inputs.ints(227, 100_003), new int[] {-1}, 1_000_003);
    }

    /** JLS §15.13.3: a bound receiver's method is selected by its class; super::m is not. */
    @Test
    public void boundReceiverOfASubclassAndSuperReference() {
        BaseK b = new SubK(-9);
        check(LambdaProbeTest::mapInt5, (IntUnaryOperator) b::m, Inputs.ints(231, N), new int[N]);
        check(LambdaProbeTest::mapInt5, ((SubK) b).viaSuper(), Inputs.ints(232, N), new int[N]);
        check(LambdaProbeTest::baseOp, (BaseOp) BaseK::m, b, Inputs.ints(233, N), new int[N]);
        check(LambdaProbeTest::baseOp, (BaseOp) BaseK::m, new BaseK(5), Inputs.ints(234, N), new int[N]);
    }

    @Test
    public void adaptingReferencesMadeOnTheHost() {
        check(LambdaProbeTest::intToLong, (IntToLongFunction) Long::reverse, Inputs.ints(235, N), new long[N]);
        check(LambdaProbeTest::longToDouble, (LongToDoubleFunction) Math::sqrt, Inputs.longs(236, N),
                new double[N]);
        check(LambdaProbeTest::mapDouble, (DoubleUnaryOperator) Math::round, Inputs.doubleBits(237, N),
                new double[N]);
        check(LambdaProbeTest::mapInt5, (IntUnaryOperator) Integer::valueOf, Inputs.ints(238, N), new int[N]);
    }

    @Test
    public void boxedCaptures() {
        Integer bi = -1_234_567;
        Long bl = 0x7FFF_0000_1234L;
        check(LambdaProbeTest::mapInt5, (IntUnaryOperator) x -> x * bi + (int) (bl >>> 7), Inputs.ints(239, N),
                new int[N]);
    }

    /** Batches: the captured table is read at indices of another batch; the captured output is written. */
    @Test
    public void capturedArraysUnderBatches() {
        int n = 100_003;
        int[] t = Inputs.ints(243, n);
        int[] expected = new int[n];
        mapIndex(reversed(t.clone()), expected);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("batched").batch("8KB")
                .task("t", LambdaProbeTest::mapIndex, reversed(t), out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertTrue("batches: " + s.report().task("t"), s.report().task("t").batches() > 1);
            assertSame("out", expected, out);
        }
        int[] src = Inputs.ints(244, n);
        long[] dstE = new long[n];
        consumeIndex(writer(src.clone(), dstE, 9), n);
        long[] dst = new long[n];
        try (TaskSchedule s = new TaskSchedule("batched2").batch("8KB")
                .task("t", LambdaProbeTest::consumeIndex, writer(src, dst, 9), n)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertTrue("batches: " + s.report().task("t"), s.report().task("t").batches() > 1);
            assertSame("captured dst", dstE, dst);
        }
    }

    /** Two sub-devices share the loop: each writes its part of a captured array and reads a captured table. */
    @Test
    public void capturedArraysSplitAcrossDevices() {
        int n = 100_003;
        int[] t = Inputs.ints(245, n);
        int[] expected = new int[n];
        mapIndex(reversed(t.clone()), expected);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("split").devices(halves())
                .task("t", LambdaProbeTest::mapIndex, reversed(t), out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertEquals("shares: " + s.report().task("t"), 2, s.report().task("t").shares().size());
            assertSame("out", expected, out);
        }
        int[] src = Inputs.ints(246, n);
        long[] dstE = new long[n];
        consumeIndex(writer(src.clone(), dstE, -5), n);
        long[] dst = new long[n];
        try (TaskSchedule s = new TaskSchedule("split2").devices(halves())
                .task("t", LambdaProbeTest::consumeIndex, writer(src, dst, -5), n)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertEquals("shares: " + s.report().task("t"), 2, s.report().task("t").shares().size());
            assertSame("captured dst", dstE, dst);
        }
    }

    /** Two tasks of one schedule share a lambda object; the second reads what the first wrote. */
    @Test
    public void twoTasksShareALambda() {
        int k = 31;
        IntUnaryOperator f = x -> x * k ^ (x >>> 5);
        int[] a = Inputs.ints(247, N);
        int[] tmpE = new int[N];
        int[] outE = new int[N];
        twoTaskFirst(f, a.clone(), tmpE);
        twoTaskSecond(f, tmpE, outE);
        int[] tmp = new int[N];
        int[] out = new int[N];
        try (TaskSchedule s = new TaskSchedule("two").task("t", LambdaProbeTest::twoTaskFirst, f, a, tmp)
                .task("u", LambdaProbeTest::twoTaskSecond, f, tmp, out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertRanOnDevice(s.report(), "u");
            assertSame("tmp", tmpE, tmp);
            assertSame("out", outE, out);
        }
    }

    /** One decorator class around lambdas of other classes: each combination its own kernel, never another's. */
    @Test
    public void decoratorLambdaAroundOtherClasses() {
        check(LambdaProbeTest::mapInt7, via(adder(1)), Inputs.ints(262, N), new int[N]);
        check(LambdaProbeTest::mapInt7, via(x -> x * x), Inputs.ints(263, N), new int[N]);
        check(LambdaProbeTest::mapInt7, via(adder(-5)), Inputs.ints(264, N), new int[N]);
        int[] a = Inputs.ints(266, N);
        int[] out = new int[N];
        Pipe p = new Pipe(via(adder(7)), 0);
        Consumer<Object[]> jvm = y -> p.run((int[]) y[0], (int[]) y[1]);
        try (TaskSchedule s = new TaskSchedule("via").task("t", p::run, a, out)) {
            executeAndCompare(s, "via(adder)", jvm, a, out);
            p.op = via(Integer::reverse);
            executeAndCompare(s, "via(reverse)", jvm, a, out);
            p.op = via(adder(8));
            executeAndCompare(s, "via(adder) again", jvm, a, out);
        }
    }

    /** One lambda class, two objects capturing different arrays, in one task and chosen per element. */
    @Test
    public void oneLambdaClassTwoCapturedArrays() {
        int[] t1 = Inputs.ints(267, 64);
        int[] t2 = Inputs.ints(268, 64);
        check(LambdaProbeTest::twoOps, lookup(t1), lookup(t2), Inputs.ints(269, N), new int[N]);
        check(LambdaProbeTest::chooseOp, lookup(t2), lookup(t1), Inputs.ints(270, N), new int[N]);
    }

    /**
     * The lambda writes a captured array and fails a check at one index: the JVM's rerun must start from the
     * original contents, so the captured array ends as the JVM's own run leaves it (no work-item's write counted
     * twice), with the JVM's exception.
     */
    @Test
    public void capturedArrayWrittenBeforeAFailedCheck() {
        for (boolean batched : new boolean[] {false, true}) {
            int n = batched ? 50_001 : N;
            int[] src = Inputs.intsIn(271, n, 1, 50);
            src[n / 2 + 3] = 0;
            int[] dst = Inputs.ints(272, n);
            int[] dstE = dst.clone();
            Throwable expected = null;
            try {
                consumeIndex2(accumulate(src.clone(), dstE), n);
            } catch (ArithmeticException e) {
                expected = e;
            }
            assertTrue("the JVM throws (test is wrong otherwise)", expected != null);
            Throwable actual = null;
            TaskSchedule s = new TaskSchedule("acc");
            if (batched) {
                s.batch("8KB");
            }
            try (TaskSchedule t = s.task("t", LambdaProbeTest::consumeIndex2, accumulate(src, dst), n)) {
                try {
                    t.execute();
                } catch (ArithmeticException e) {
                    actual = e;
                }
                assertTrue("execute() should throw " + expected + "; report:\n" + t.report(), actual != null);
                assertEquals(expected.getMessage(), actual.getMessage());
                assertTrue(t.report().task("t").reason(), t.report().task("t").reason().contains("check failed"));
                assertTrue("batches: " + t.report().task("t"), !batched || t.report().task("t").batches() > 1);
            }
            assertSame("captured dst (batched " + batched + ")", dstE, dst);
        }
    }

    /**
     * A decorator lambda holding a decorator lambda (one class at two depths): the body, a static method of the
     * enclosing class taking the captured lambda, is called again for another object, not recursively.
     */
    @Test
    public void decoratorLambdaHoldingADecoratorLambda() {
        check(LambdaProbeTest::mapInt3, via(via(adder(2))), Inputs.ints(265, N), new int[N]);
    }

    @Test
    public void decoratorLambdasWrittenInTheKernel() {
        check(LambdaProbeTest::kernelDecorators, Inputs.ints(273, N), new int[N], -7);
    }

    @Test
    public void higherOrderHelperCalledFromItsOwnLambdaArgument() {
        check(LambdaProbeTest::kernelNestedHelper, Inputs.ints(274, N), new int[N], 5);
    }

    /** Which exception the JVM throws first: at an earlier index, or the left operand's at one index. */
    @Test
    public void firstExceptionBetweenTheLambdaAndTheKernel() {
        int[] table = Inputs.ints(275, 16);
        IntUnaryOperator f = x -> table[x];
        int[][] cases = {{600, 400}, {300, 500}, {450, 450}};
        for (int[] c : cases) {
            int[] a = Inputs.intsIn(276, N, 0, 16);
            int[] b = Inputs.intsIn(277, N, 1, 9);
            a[c[0]] = 16 + c[0];
            b[c[1]] = 0;
            int[] out = new int[N];
            Throwable e = checkThrows(x -> lambdaThenDivide(f, (int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", LambdaProbeTest::lambdaThenDivide, f, a, b, out), a, b, out);
            assertEquals(c[0] <= c[1] ? ArrayIndexOutOfBoundsException.class : ArithmeticException.class,
                    e.getClass());
        }
    }
}

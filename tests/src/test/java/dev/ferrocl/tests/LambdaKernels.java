package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * Kernels that call lambdas and method references the task receives (arguments, fields of the receiver): each call is
 * compiled for the lambda's own (hidden) class, whose class file JVMTI gives, as for any devirtualised object.
 */
public final class LambdaKernels {
    private LambdaKernels() {
    }

    /** A functional interface of the test's own. */
    @FunctionalInterface
    public interface FloatOp {
        float apply(float x, float y);
    }

    /** An object whose method a bound method reference names. */
    public static final class Scaler {
        final float factor;

        public Scaler(float factor) {
            this.factor = factor;
        }

        public float scale(float x, float y) {
            return x * factor - y;
        }
    }

    /** Holds a step in a final field and applies it in its instance task. */
    public static final class Pipeline {
        final IntUnaryOperator step;
        final int bias;

        public Pipeline(IntUnaryOperator step, int bias) {
            this.step = step;
            this.bias = bias;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < a.length; i++) {
                out[i] = step.applyAsInt(a[i]) + bias;
            }
        }
    }

    public static void map(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void zip(IntBinaryOperator f, int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.applyAsInt(a[i], b[i]);
        }
    }

    public static void mapDouble(DoubleUnaryOperator f, float[] a, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = (float) f.applyAsDouble(a[i]);
        }
    }

    public static void zipFloat(FloatOp f, float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = f.apply(a[i], b[i]);
        }
    }

    /** Two lambdas, one a filter: the other applied where the filter holds. */
    public static void filterMap(IntPredicate keep, IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = keep.test(a[i]) ? f.applyAsInt(a[i]) : -1;
        }
    }

    /** A lambda applied in a sequential loop of each work-item (a fixed-point iteration). */
    public static void iterate(IntUnaryOperator f, int steps, int[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            for (int s = 0; s < steps; s++) {
                x = f.applyAsInt(x);
            }
            a[i] = x;
        }
    }

    public static int clampToByte(int x) {
        return Math.max(-128, Math.min(127, x));
    }

    // ---- lambdas written in the kernel method (invokedynamic in the compiled code)

    static int applyTwice(IntUnaryOperator f, int x) {
        return f.applyAsInt(f.applyAsInt(x));
    }

    /** Lambdas made before the loop, capturing a parameter, a method reference, one passed to a helper. */
    public static void localLambdas(int[] a, int[] b, int k) {
        IntUnaryOperator f = x -> x * k + 1;
        IntBinaryOperator g = Math::max;
        for (@Parallel int i = 0; i < a.length; i++) {
            b[i] = g.applyAsInt(f.applyAsInt(a[i]), applyTwice(y -> y - k, a[i]));
        }
    }

    /** A consumer that captures both arrays and writes one. */
    public static void consumerLambda(int[] a, int[] b) {
        java.util.function.IntConsumer c = i -> b[i] = a[i] * 2 - i;
        for (@Parallel int i = 0; i < a.length; i++) {
            c.accept(i);
        }
    }

    /** A method reference whose int result the interface widens to long. */
    public static void widenedResult(int[] a, long[] b) {
        java.util.function.IntToLongFunction f = Math::abs;
        for (@Parallel int i = 0; i < a.length; i++) {
            b[i] = f.applyAsLong(a[i]) * 3_000_000_000L;
        }
    }

    /** A lambda made in the body of the loop, capturing the index, that may divide by zero. */
    public static void lambdaInTheBody(int[] a, int[] b) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int d = a[i];
            int at = i;
            IntUnaryOperator f = x -> x / d + at;
            b[i] = f.applyAsInt(1_000_000);
        }
    }

    /** A lambda capturing an array argument, passed to the task. */
    public static void viaTable(IntUnaryOperator lookup, int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = lookup.applyAsInt(a[i] & 15);
        }
    }

    /** One of two lambdas written in the kernel, chosen before the loop by a parameter and in it per element. */
    public static void chosenLambdas(int[] a, int[] out, boolean twice) {
        IntUnaryOperator f = twice ? x -> x * 2 : x -> x + 7;
        for (@Parallel int i = 0; i < a.length; i++) {
            int at = i;
            IntUnaryOperator g = (a[i] & 1) == 0 ? x -> x * 3 : x -> x - at;
            out[i] = g.applyAsInt(f.applyAsInt(a[i]));
        }
    }

    /** Lambdas written in the kernel combined by their interfaces' default methods. */
    public static void composed(int[] a, int[] out, int k) {
        IntUnaryOperator f = x -> x * k;
        IntUnaryOperator g = f.andThen(x -> x + 1).compose(x -> x - 3);
        IntPredicate odd = x -> (x & 1) != 0;
        IntPredicate big = x -> x > 100;
        IntPredicate either = odd.negate().or(big).and(x -> x != 0);
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = either.test(a[i]) ? g.applyAsInt(a[i]) : IntUnaryOperator.identity().applyAsInt(-a[i]);
        }
    }
}

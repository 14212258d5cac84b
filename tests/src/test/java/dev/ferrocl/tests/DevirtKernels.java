package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Kernels with virtual and interface calls on objects reachable from the task's arguments (guarded
 * devirtualisation): each call is compiled for the exact class the object has at {@code execute()}.
 */
public final class DevirtKernels {
    private DevirtKernels() {
    }

    /** An interface with an abstract and a default method. */
    public interface Shape {
        float area(float x);

        default float scaled(float x) {
            return 2f * area(x) + 1f;
        }
    }

    /** Reads its final field in the devirtualised method; keeps the default {@code scaled}. */
    public static final class Circle implements Shape {
        final float r;

        public Circle(float r) {
            this.r = r;
        }

        @Override
        public float area(float x) {
            return 3.14159f * r * r + x;
        }
    }

    /** Overrides the default method. */
    public static final class Square implements Shape {
        final float side;

        public Square(float side) {
            this.side = side;
        }

        @Override
        public float area(float x) {
            return side * side - x;
        }

        @Override
        public float scaled(float x) {
            return area(x) * 0.5f;
        }
    }

    /** An abstract class with a concrete method that calls the abstract one on {@code this}. */
    public abstract static class Op {
        final int k;

        Op(int k) {
            this.k = k;
        }

        public abstract int apply(int v);

        public int twice(int v) {
            return apply(apply(v));
        }

        /** A task on the receiver itself: {@code apply} is a virtual call on {@code this}. */
        public void applyAll(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = apply(a[i]);
            }
        }
    }

    /** Adds {@code k}. */
    public static final class AddOp extends Op {
        public AddOp(int k) {
            super(k);
        }

        @Override
        public int apply(int v) {
            return v + k;
        }
    }

    /** Multiplies by {@code k} (wrapping as Java does). */
    public static final class MulOp extends Op {
        public MulOp(int k) {
            super(k);
        }

        @Override
        public int apply(int v) {
            return v * k - 3;
        }
    }

    /** Level 1 of an override chain. */
    public static class Base {
        int f(int v) {
            return v + 1;
        }
    }

    /** Level 2: overrides and calls the overridden method. */
    public static class Mid extends Base {
        @Override
        int f(int v) {
            return super.f(v) * 3;
        }
    }

    /** Level 3: overrides again. */
    public static class Leaf extends Mid {
        final int bias;

        public Leaf(int bias) {
            this.bias = bias;
        }

        @Override
        int f(int v) {
            return super.f(v) - 7 * bias;
        }
    }

    /** Level 4 without its own {@code f}: selection finds {@link Leaf#f}. */
    public static final class LeafChild extends Leaf {
        public LeafChild(int bias) {
            super(bias);
        }
    }

    /** Holds an object whose class may change between executions. */
    public static final class Holder {
        Shape shape;
        final float bias;

        public Holder(Shape shape, float bias) {
            this.shape = shape;
            this.bias = bias;
        }

        /** An interface call on a field of {@code this}. */
        public void apply(float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = shape.area(x[i]) + bias;
            }
        }
    }

    /** Holds an {@link Op} whose class may change between executions. */
    public static final class OpHolder {
        Op op;

        public OpHolder(Op op) {
            this.op = op;
        }

        /** An abstract-class call on a field of {@code this}. */
        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]) ^ i;
            }
        }
    }

    /** A static field of another class, read at every execution. */
    public static final class Tuning {
        public static float gain = 1.5f;

        private Tuning() {
        }
    }

    /** Interface call on a parameter. */
    public static void areas(Shape s, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.area(x[i]);
        }
    }

    /** Default method (Circle) or its override (Square) on a parameter. */
    public static void scaled(Shape s, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.scaled(x[i]);
        }
    }

    /** A concrete method of an abstract class that calls the abstract one on its receiver. */
    public static void twice(Op op, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = op.twice(a[i]);
        }
    }

    /** Overrides several levels deep, with super calls. */
    public static void levels(Base b, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = b.f(a[i]);
        }
    }

    /** A devirtualised call and a static field of another class. */
    public static void gained(Shape s, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.area(x[i]) * Tuning.gain;
        }
    }

    /** Only the test of the bound on variants uses this method (the kernel cache is JVM-wide). */
    public static void boundedAreas(Shape s, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.area(x[i]);
        }
    }

    /** Only the test of a class change between executions uses this method. */
    public static void changing(OpHolder h, int[] a, int[] out) {
        h.run(a, out);
    }

    /** A call on an object made in the loop: not reachable from the arguments. */
    public static void madeInLoop(float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = new Circle(x[i]);
            out[i] = s.area(1f);
        }
    }

    /** A final class whose method touches no field: a call on a null one must still throw. */
    public static final class Seven {
        public int seven() {
            return 7;
        }
    }

    /** A statically bound call on a parameter object. */
    public static void sevens(Seven c, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = c.seven() + i;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S1 implements Shape {
        @Override
        public float area(float x) {
            return x + 1f;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S2 implements Shape {
        @Override
        public float area(float x) {
            return x + 2f;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S3 implements Shape {
        @Override
        public float area(float x) {
            return x * 3f;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S4 implements Shape {
        @Override
        public float area(float x) {
            return x - 4f;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S5 implements Shape {
        @Override
        public float area(float x) {
            return x * x;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S6 implements Shape {
        @Override
        public float area(float x) {
            return -x;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S7 implements Shape {
        @Override
        public float area(float x) {
            return x / 7f;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S8 implements Shape {
        @Override
        public float area(float x) {
            return x + 8f;
        }
    }

    /** One of nine classes for the bound on variants. */
    public static final class S9 implements Shape {
        @Override
        public float area(float x) {
            return x * 9f;
        }
    }
}

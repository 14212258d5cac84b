package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/** Instance tasks that read fields of their receiver and of objects reachable from it. */
public final class FieldKernels {
    /** Nested configuration object. */
    public static final class Config {
        int offset;
        float gain;

        Config(int offset, float gain) {
            this.offset = offset;
            this.gain = gain;
        }
    }

    /** A filter whose weights and configuration are fields. */
    public static class Filter {
        float scale;
        int n;
        float[] weights;
        Config cfg;

        public Filter(float scale, int n, float[] weights, Config cfg) {
            this.scale = scale;
            this.n = n;
            this.weights = weights;
            this.cfg = cfg;
        }

        /** Reads scalar, array and nested fields; the loop bound is a field too. */
        public void apply(float[] out) {
            for (@Parallel int i = 0; i < n; i++) {
                out[i] = weights[i] * scale * cfg.gain + i + cfg.offset;
            }
        }

        /** Writes an array held in a field: it is copied back into that array. */
        public void normalise(float factor) {
            for (@Parallel int i = 0; i < weights.length; i++) {
                weights[i] = weights[i] * scale * factor;
            }
        }
    }

    /** Fields of a parameter object (not the receiver). */
    public static void fromParameter(Filter f, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.weights[i % f.weights.length] + f.cfg.offset;
        }
    }

    /** A field the subclass hides with one of the same name and type. */
    public static class Base {
        float gain = 2f;
        private final float[] data;

        public Base(float[] data) {
            this.data = data;
        }
    }

    /** Hides {@code Base.gain}: code compiled against {@code Base} still reads {@code Base.gain}. */
    public static final class Derived extends Base {
        float gain = 100f;

        public Derived(float[] data) {
            super(data);
        }
    }

    /** Reads {@code Base.gain} and the private {@code Base.data}, whatever subclass {@code b} is. */
    public static void scaledByBase(Base b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = b.data[i] * b.gain;
        }
    }

    /** One private field of every primitive type. */
    public static final class Mixed {
        private byte b = -7;
        private short s = -300;
        private char c = 0xFFFE;
        private boolean z = true;
        private long l = 1L << 40;
        private double d = 0.1;
        private int i = 11;
        private float f = 1.5f;
    }

    /** Every primitive field type read from a parameter object. */
    public static void mixed(Mixed m, double[] out) {
        for (@Parallel int k = 0; k < out.length; k++) {
            out[k] = m.b + m.s * 2 + m.c + (m.z ? 1 : 0) + m.l * k + m.d * k + m.i + m.f;
        }
    }
}

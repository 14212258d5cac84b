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
}

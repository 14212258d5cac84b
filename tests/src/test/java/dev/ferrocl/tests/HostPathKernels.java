package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;

/**
 * Kernels for {@link HostPathTest}: outputs the compiler can prove fully written before any read (so they are not
 * uploaded), outputs it cannot (partial ranges, strides, stores under a condition, read-modify-write, scattered
 * indices), 2-D nests, checks that fail after an elided upload, and small tasks to chain in one schedule.
 */
public final class HostPathKernels {
    private HostPathKernels() {
    }

    // ---------------------------------------------------------------- fully written: not uploaded

    /** Writes every element of c. */
    public static void add(int[] a, int[] b, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] + b[i];
        }
    }

    /** Writes c over [0, n): every element exactly when n == c.length at launch. */
    public static void addN(float[] a, float[] b, float[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] + b[i];
        }
    }

    /** Writes every element of t. */
    public static void twice(int[] a, int[] t) {
        for (@Parallel int i = 0; i < t.length; i++) {
            t[i] = a[i] * 2;
        }
    }

    /** Writes every element of c from the same index of a: a and c may be the same array. */
    public static void twicePlusOne(int[] a, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] * 2 + 1;
        }
    }

    /** Writes every element of c; the last three tasks of a chain. */
    public static void combine(int[] u, int[] t, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = u[i] * 3 - t[i];
        }
    }

    /** Writes every element of c; for the keepOnDevice test. */
    public static void scaleAdd(int[] a, int[] b, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] * 3 + b[i];
        }
    }

    /** Writes out[y * w + x] over [0, h) × [0, w): all of out exactly when out.length == w * h. */
    public static void grid(long[] out, int w, int h) {
        for (@Parallel int y = 0; y < h; y++) {
            for (@Parallel int x = 0; x < w; x++) {
                out[y * w + x] = (long) x * 1_000_003L - y * 7L + ((long) x * y << 20);
            }
        }
    }

    /** A data-dependent inner loop before the store: all of iters exactly when iters.length == width * height. */
    public static void mandelbrot(int[] iters, int width, int height, float x0, float y0, float step, int maxIter) {
        for (@Parallel int py = 0; py < height; py++) {
            for (@Parallel int px = 0; px < width; px++) {
                float cx = x0 + px * step;
                float cy = y0 + py * step;
                float zx = 0f;
                float zy = 0f;
                int it = 0;
                while (it < maxIter && zx * zx + zy * zy <= 4f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2f * zx * zy + cy;
                    zx = t;
                    it++;
                }
                iters[py * width + px] = it;
            }
        }
    }

    /** Blocks of eight stores, one per element of the block (as Crypt's output): together they write all of out. */
    public static void blocksOfEight(byte[] in, byte[] out) {
        for (@Parallel int b = 0; b < in.length / 8; b++) {
            int i = b * 8;
            int x = in[i] ^ in[i + 7];
            out[i] = (byte) x;
            out[i + 1] = (byte) (x + 1);
            out[i + 2] = (byte) (x * 3);
            out[i + 3] = in[i + 3];
            out[i + 4] = (byte) (x >> 2);
            out[i + 5] = (byte) -x;
            out[i + 6] = (byte) (x ^ 0x55);
            out[i + 7] = (byte) (x + in[i + 6]);
        }
    }

    /** As {@link #blocksOfEight} without the store at i + 5: out keeps its old values there. */
    public static void blocksWithAHole(byte[] in, byte[] out) {
        for (@Parallel int b = 0; b < in.length / 8; b++) {
            int i = b * 8;
            int x = in[i] ^ in[i + 7];
            out[i] = (byte) x;
            out[i + 1] = (byte) (x + 1);
            out[i + 2] = (byte) (x * 3);
            out[i + 3] = in[i + 3];
            out[i + 4] = (byte) (x >> 2);
            out[i + 6] = (byte) (x ^ 0x55);
            out[i + 7] = (byte) (x + in[i + 6]);
        }
    }

    /** Writes every element of c; reads a[c.length] at the last i (out of bounds when a.length == c.length). */
    public static void shifted(int[] a, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i + 1];
        }
    }

    /** Writes every element of c; divides by zero where b[i] == 0. */
    public static void quotient(int[] a, int[] b, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] / b[i];
        }
    }

    // ---------------------------------------------------------------- not provably fully written: uploaded

    /** Leaves c[0] as it was. */
    public static void addFromOne(int[] a, int[] b, int[] c) {
        for (@Parallel int i = 1; i < c.length; i++) {
            c[i] = a[i] + b[i];
        }
    }

    /** Leaves the last element of c as it was. */
    public static void addButLast(int[] a, int[] b, int[] c) {
        for (@Parallel int i = 0; i < c.length - 1; i++) {
            c[i] = a[i] + b[i];
        }
    }

    /** Leaves the odd elements of c as they were. */
    public static void addEven(int[] a, int[] b, int[] c) {
        for (@Parallel int i = 0; i < c.length; i += 2) {
            c[i] = a[i] + b[i];
        }
    }

    /** Leaves c[i] as it was where a[i] <= 0. */
    public static void storeIfPositive(int[] a, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            if (a[i] > 0) {
                c[i] = a[i] * 3;
            }
        }
    }

    /** Reads c before writing it. */
    public static void accumulate(int[] a, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] += a[i];
        }
    }

    /** Writes c where idx says (a non-affine index). */
    public static void scatter(int[] a, int[] idx, int[] c) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            c[idx[i]] = a[i];
        }
    }

    /** Writes every element of c, through idx into t: out of bounds where idx is. */
    public static void gather(int[] t, int[] idx, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = t[idx[i]];
        }
    }

    // ---------------------------------------------------------------- a host-side check in the middle of a chain

    /** Writes every element of t. */
    public static void ramp(long[] t) {
        for (@Parallel int i = 0; i < t.length; i++) {
            t[i] = i * 3L - 7L;
        }
    }

    /** Adds the sum of a to out[0]. */
    public static void sumInto(int[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    /** Writes every element of out. */
    public static void doubled(long[] t, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] * 2;
        }
    }
}

package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/** switch inside the {@code @Parallel} loop body: tableswitch and lookupswitch shapes, fall-through, default. */
@SuppressWarnings("fallthrough")
public final class SwitchKernels {
    private SwitchKernels() {
    }

    /** Dense keys 0..5: a tableswitch, with default. */
    public static void tableSwitch(int[] k, int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int r;
            switch (k[i]) {
                case 0:
                    r = a[i];
                    break;
                case 1:
                    r = a[i] + 1;
                    break;
                case 2:
                    r = a[i] * 2;
                    break;
                case 3:
                    r = -a[i];
                    break;
                case 4:
                    r = a[i] >>> 3;
                    break;
                case 5:
                    r = a[i] ^ 0x5555;
                    break;
                default:
                    r = 42;
                    break;
            }
            out[i] = r;
        }
    }

    /** Sparse keys, MIN_VALUE and MAX_VALUE included: a lookupswitch. */
    public static void lookupSwitch(int[] k, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            switch (k[i]) {
                case -1000:
                    out[i] = 1;
                    break;
                case 1:
                    out[i] = 2;
                    break;
                case 100:
                    out[i] = 3;
                    break;
                case 65_536:
                    out[i] = 4;
                    break;
                case Integer.MIN_VALUE:
                    out[i] = 5;
                    break;
                case Integer.MAX_VALUE:
                    out[i] = 6;
                    break;
                default:
                    out[i] = -k[i];
            }
        }
    }

    /** Fall-through: each case adds to what the cases below it do; no default (others keep the old value). */
    public static void fallThrough(int[] k, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int r = 0;
            switch (k[i] & 7) {
                case 0:
                    r += 1;
                    // fall through
                case 1:
                    r *= 10;
                    // fall through
                case 2:
                    r += 100;
                    break;
                case 3:
                case 4:
                    r = -1;
                    // fall through
                case 5:
                    r -= 7;
                    break;
                default:
                    continue;
            }
            out[i] = r;
        }
    }

    /** Negative dense keys -3..3 (a tableswitch with a negative low bound) and a default in the middle. */
    public static void negativeKeys(int[] k, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long r = k[i];
            switch (k[i]) {
                case -3:
                    r = 300;
                    break;
                case -2:
                    r = 200;
                    break;
                default:
                    r = r * 1000;
                    break;
                case 0:
                    r = Long.MIN_VALUE;
                    break;
                case 2:
                    r = Long.MAX_VALUE;
                    // fall through
                case 3:
                    r ^= 3;
                    break;
            }
            out[i] = r;
        }
    }

    /** Switch on a char (unsigned, loaded from a char array). */
    public static void charSwitch(char[] c, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            switch (c[i]) {
                case 'a':
                case 'e':
                case 'i':
                case 'o':
                case 'u':
                    out[i] = 1;
                    break;
                case ' ':
                    out[i] = 2;
                    break;
                case '\uFFFF':
                    out[i] = 3;
                    break;
                default:
                    out[i] = c[i] >= '0' && c[i] <= '9' ? 4 : 0;
            }
        }
    }

    /** Switch on a byte (sign-extended: (byte) 0x80 is -128). */
    public static void byteSwitch(byte[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            switch (b[i]) {
                case -128:
                    out[i] = 1;
                    break;
                case -1:
                    out[i] = 2;
                    break;
                case 0:
                    out[i] = 3;
                    break;
                case 127:
                    out[i] = 4;
                    break;
                default:
                    out[i] = b[i] & 0xF;
            }
        }
    }

    /** A switch expression with multiple labels per case (the arrow form: no fall-through). */
    public static void switchExpression(int[] k, float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int key = k[i] % 6;
            out[i] = switch (key) {
                case 0, 1 -> x[i] * 2f;
                case 2 -> x[i] + 0.5f;
                case -1, -2, -3 -> -x[i];
                case 5 -> {
                    float t = x[i] * x[i];
                    yield t - 1f;
                }
                default -> 0f;
            };
        }
    }

    /** A switch in an inner loop: a tiny interpreter over an op array, with continue and break in the cases. */
    public static void interpreter(int[] ops, int[] x, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int acc = x[i];
            for (int pc = 0; pc < ops.length; pc++) {
                int op = ops[pc];
                if (op == 99) {
                    break; // halt
                }
                switch (op) {
                    case 0:
                        acc += 1;
                        break;
                    case 1:
                        acc *= 3;
                        break;
                    case 2:
                        acc = -acc;
                        break;
                    case 3:
                        if (acc < 0) {
                            continue; // skip the shared tail below
                        }
                        acc >>= 1;
                        break;
                    case 10:
                        acc ^= i;
                        break;
                    default:
                        acc -= op;
                }
                acc += 2;
            }
            out[i] = acc;
        }
    }

    /** A switch on a long, reduced to int keys (a typical hash bucket shape). */
    public static void switchOnLongBucket(long[] v, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int bucket = (int) (v[i] >>> 61);
            switch (bucket) {
                case 0:
                    out[i] = 10;
                    break;
                case 7:
                    out[i] = 70;
                    break;
                case 3:
                    out[i] = 30;
                    // fall through
                case 4:
                    out[i] += 4;
                    break;
                default:
                    out[i] = bucket;
            }
        }
    }
}

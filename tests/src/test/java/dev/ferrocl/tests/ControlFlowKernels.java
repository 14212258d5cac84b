package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Control flow inside the {@code @Parallel} loop body: comparisons of every type in conditions and ternaries
 * (lcmp, fcmpl/fcmpg, dcmpl/dcmpg with NaN), if/else chains, nested ifs, short-circuit {@code &&}/{@code ||} that
 * guard exceptions, and an early {@code continue} of the parallel loop.
 */
public final class ControlFlowKernels {
    private ControlFlowKernels() {
    }

    // ---------------------------------------------------------------- comparisons as bit masks

    /** Six int comparisons, each a ternary: one bit per comparison (if_icmp*). */
    public static void intCompares(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[i];
            int y = b[i];
            out[i] = (x < y ? 1 : 0) | (x <= y ? 2 : 0) | (x > y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0)
                    | (x != y ? 32 : 0) | (x < 0 ? 64 : 0) | (x >= 0 ? 128 : 0) | (x == 0 ? 256 : 0)
                    | (x != 0 ? 512 : 0) | (x > 0 ? 1024 : 0) | (x <= 0 ? 2048 : 0);
        }
    }

    /** Six long comparisons (lcmp + if*). */
    public static void longCompares(long[] a, long[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long x = a[i];
            long y = b[i];
            out[i] = (x < y ? 1 : 0) | (x <= y ? 2 : 0) | (x > y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0)
                    | (x != y ? 32 : 0) | (x < 0L ? 64 : 0) | (x == 0L ? 128 : 0);
        }
    }

    /**
     * Float comparisons with NaN: javac uses fcmpg for {@code <} and {@code <=} and fcmpl for {@code >} and
     * {@code >=}, so that every comparison with NaN is false; the negated forms are true.
     */
    public static void floatCompares(float[] a, float[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float x = a[i];
            float y = b[i];
            out[i] = (x < y ? 1 : 0) | (x <= y ? 2 : 0) | (x > y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0)
                    | (x != y ? 32 : 0) | (!(x < y) ? 64 : 0) | (!(x <= y) ? 128 : 0) | (!(x > y) ? 256 : 0)
                    | (!(x >= y) ? 512 : 0) | (x != x ? 1024 : 0) | (x == x ? 2048 : 0) | (x < 0.0f ? 4096 : 0)
                    | (x == 0.0f ? 8192 : 0);
        }
    }

    /** Double comparisons with NaN (dcmpg/dcmpl), as for floats. */
    public static void doubleCompares(double[] a, double[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double x = a[i];
            double y = b[i];
            out[i] = (x < y ? 1 : 0) | (x <= y ? 2 : 0) | (x > y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0)
                    | (x != y ? 32 : 0) | (!(x < y) ? 64 : 0) | (!(x <= y) ? 128 : 0) | (!(x > y) ? 256 : 0)
                    | (!(x >= y) ? 512 : 0) | (x != x ? 1024 : 0) | (x == x ? 2048 : 0) | (x < 0.0 ? 4096 : 0)
                    | (x == 0.0 ? 8192 : 0);
        }
    }

    /** A comparison stored as a boolean: the JVM writes 0 or 1. */
    public static void comparisonsIntoBooleans(float[] a, float[] b, boolean[] lt, boolean[] ge, boolean[] nan,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            lt[i] = a[i] < b[i];
            ge[i] = a[i] >= b[i];
            nan[i] = a[i] != a[i] || b[i] != b[i];
        }
    }

    /** Mixed-type comparisons: int against long (i2l, lcmp), int against float (i2f: rounds), char against int. */
    public static void mixedTypeCompares(int[] a, long[] b, float[] f, char[] c, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = (a[i] < b[i] ? 1 : 0) | (a[i] == f[i] ? 2 : 0) | (c[i] > a[i] ? 4 : 0) | (c[i] == 0xFFFF ? 8 : 0)
                    | (a[i] < (double) f[i] ? 16 : 0);
        }
    }

    /** Ternaries that select values: not Math.min (NaN and -0.0 come out differently). */
    public static void ternarySelect(float[] a, float[] b, float[] lo, float[] hi, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            lo[i] = a[i] < b[i] ? a[i] : b[i];
            hi[i] = a[i] >= b[i] ? a[i] : b[i];
        }
    }

    public static void doubleTernarySelect(double[] a, double[] b, double[] lo, double[] hi, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            lo[i] = a[i] <= b[i] ? a[i] : b[i];
            hi[i] = !(a[i] <= b[i]) ? a[i] : b[i];
        }
    }

    /** Nested ternaries: a three-way sign and a clamp. */
    public static void nestedTernaries(int[] a, int lo, int hi, int[] sign, int[] clamped, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            sign[i] = a[i] > 0 ? 1 : a[i] < 0 ? -1 : 0;
            clamped[i] = a[i] < lo ? lo : a[i] > hi ? hi : a[i];
        }
    }

    // ---------------------------------------------------------------- if/else

    /** An if/else-if chain of five buckets. */
    public static void ifElseChain(float[] x, int[] bucket, float[] y, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float v = x[i];
            if (v < -100f) {
                bucket[i] = 0;
                y[i] = -100f;
            } else if (v < 0f) {
                bucket[i] = 1;
                y[i] = v * 2f;
            } else if (v == 0f) {
                bucket[i] = 2;
                y[i] = v;
            } else if (v <= 100f) {
                bucket[i] = 3;
                y[i] = v / 3f;
            } else {
                bucket[i] = 4; // also NaN
                y[i] = v - 100f;
            }
        }
    }

    /** Nested ifs on several arrays, with a store only in some paths (the others keep the old value). */
    public static void nestedIfs(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] > 0) {
                if (b[i] > 0) {
                    out[i] = a[i] + b[i];
                } else if (b[i] < -1000) {
                    out[i] = a[i] - b[i];
                }
            } else {
                if ((a[i] & 1) == 0) {
                    if (b[i] == a[i]) {
                        out[i] = 7;
                    } else {
                        out[i] = a[i] ^ b[i];
                    }
                }
            }
        }
    }

    /** Values defined in both branches and used after the join (a phi). */
    public static void phiAfterIf(double[] x, long[] k, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double s;
            long m;
            if (k[i] % 3 == 0) {
                s = x[i] * 0.5;
                m = k[i] / 3;
            } else {
                s = -x[i];
                m = k[i] * 3;
            }
            out[i] = s + m;
        }
    }

    /** Branches on the index and on a scalar parameter (uniform across work-items). */
    public static void branchOnIndexAndMode(int[] a, int mode, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i];
            if (mode == 1) {
                v = -v;
            } else if (mode == 2) {
                v = v * 3;
            }
            if (i % 3 == 0) {
                v += 1000;
            } else if ((i & 1) == 0) {
                v -= i;
            }
            out[i] = v;
        }
    }

    /** Conditional stores to different arrays. */
    public static void partition(float[] x, float[] neg, float[] pos, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (x[i] < 0) {
                neg[i] = x[i];
            } else {
                pos[i] = x[i];
            }
        }
    }

    /** Boolean locals combined with ^, &, | and then branched on. */
    public static void booleanLocals(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            boolean neg = a[i] < 0;
            boolean big = b[i] > 1000 || b[i] < -1000;
            boolean even = (a[i] & 1) == 0;
            int r = 0;
            if (neg ^ big) {
                r |= 1;
            }
            if (neg & even) {
                r |= 2;
            }
            if (!big | even) {
                r |= 4;
            }
            out[i] = r;
        }
    }

    // ---------------------------------------------------------------- short circuit

    /** && guards a division: b == 0 must not reach the division (no exception, no device check failure). */
    public static void andGuardsDivision(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (b[i] != 0 && a[i] / b[i] > 2) {
                out[i] = 1;
            } else {
                out[i] = 0;
            }
        }
    }

    /** || guards an array index: an out-of-range index must not reach the load. */
    public static void orGuardsIndex(int[] idx, int[] data, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int j = idx[i];
            if (j < 0 || j >= data.length || data[j] == 0) {
                out[i] = -1;
            } else {
                out[i] = data[j];
            }
        }
    }

    /** A ternary guards a gather: the out-of-range side is never evaluated. */
    public static void ternaryGuardsIndex(int[] idx, float[] data, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int j = idx[i];
            out[i] = j >= 0 && j < data.length ? data[j] : Float.NaN;
        }
    }

    /** Mixed && and || with parentheses, on doubles with NaN. */
    public static void mixedAndOr(double[] x, double[] y, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double a = x[i];
            double b = y[i];
            boolean r1 = (a > 0 && b > 0) || (a < 0 && b < 0);
            boolean r2 = a > 0 && (b > 0 || b < -1) && !(a == b);
            boolean r3 = a != a || b != b || a == b;
            out[i] = (r1 ? 1 : 0) + (r2 ? 2 : 0) + (r3 ? 4 : 0);
        }
    }

    /** An early continue of the parallel loop: skipped elements keep their old value. */
    public static void earlyContinue(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] == 0) {
                continue;
            }
            if (a[i] < 0 && (a[i] & 3) == 1) {
                continue;
            }
            out[i] = 1_000_000 / a[i];
        }
    }

    /** A long-valued condition chain on a long array. */
    public static void longConditions(long[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long v = a[i];
            if (v == Long.MIN_VALUE) {
                out[i] = 1;
            } else if (v < 0) {
                out[i] = -v;
            } else if (v > Integer.MAX_VALUE) {
                out[i] = v >>> 32;
            } else {
                out[i] = v * v;
            }
        }
    }
}

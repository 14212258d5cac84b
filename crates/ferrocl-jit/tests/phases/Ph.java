package ph;

import dev.ferrocl.api.Parallel;

/** Methods for the phase manager's tests (compiled with javac by tests/phases.rs). */
public class Ph {
    /** Two parallel loops around a sequential one: a forest of three nested loops. */
    public static void matmul(float[] a, float[] b, float[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float s = 0f;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = s;
            }
        }
    }

    /** Two sequential loops side by side in one parallel loop. */
    public static void twoInner(int[] a, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = 0; k < m; k++) {
                s += a[k];
            }
            for (int k = 0; k < m; k++) {
                s ^= a[m - 1 - k];
            }
            out[i] = s;
        }
    }

    /** A synchronized block (a construct the compiler refuses). */
    public static void guarded(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            synchronized (a) {
                out[i] = a[i] / i;
            }
        }
    }

    /** Doubles. */
    public static void halve(double[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] * 0.5;
        }
    }

    /** A @Parallel loop counting down by 3 to an exclusive bound. */
    public static void down(float[] out, int lo) {
        for (@Parallel int i = out.length - 1; i > lo; i -= 3) {
            out[i] = i * 0.5f;
        }
    }

    /** A @Parallel loop counting down to zero, the test written `0 <= i`. */
    public static void downMirrored(int[] out) {
        for (@Parallel int i = out.length - 1; 0 <= i; i--) {
            out[i] = i;
        }
    }

    /** Rows of a multi-dimensional argument summed by an inner loop over each row. */
    public static void rowSums(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] row = m[i];
            float s = 0;
            for (int k = 0; k < row.length; k++) {
                s += row[k];
            }
            out[i] = s;
        }
    }

    /**
     * Host versioning: {@code a[i]} and {@code a[i + 1]} are affine in {@code i} (the host proves
     * them per launch), {@code a[idx[i]]} is not; a private array in the body.
     */
    public static void window(int[] a, int[] idx, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[2];
            t[0] = a[i];
            t[1] = a[i + 1];
            out[i] = t[0] + t[1] + a[idx[i]];
        }
    }

    /** Four consecutive floats per work-item read, two consecutive ints written. */
    public static void quads(float[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = a[4 * i] + a[4 * i + 1] * 2f + a[4 * i + 2] * 3f - a[4 * i + 3];
            out[2 * i] = (int) s;
            out[2 * i + 1] = i;
        }
    }

    /** A scratch array of n floats shared by two kernels. */
    public static void twoPass(float[] a, float[] out, int n) {
        float[] tmp = new float[n];
        for (@Parallel int i = 0; i < n; i++) {
            tmp[i] = a[i] * 2f;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = tmp[i] + tmp[(i + 1) % n];
        }
    }

    /** Two arguments copied into one array before the loops: the host makes both copies. */
    static void cloneAndAppend(int[] a, int[] b, int[] out) {
        int[] t = new int[a.length + b.length];
        System.arraycopy(a, 0, t, 0, a.length);
        System.arraycopy(b, 0, t, a.length, b.length);
        int[] c = b.clone();
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[i] + c[i % c.length];
        }
    }

    /** A clone inside the loop: refused (a kernel cannot allocate global memory). */
    static void cloneInLoop(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] c = a.clone();
            out[i] = c[i];
        }
    }

    /**
     * An inner loop with two ways out (its test and a {@code break}) whose values are used after
     * both join, an invariant divisor, and a row walk: {@code loopVersioning}'s general case.
     */
    public static void firstOver(int[] a, int[] out, int n, int limit, int d) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int k = 0;
            for (; k < n; k++) {
                s += a[i * n + k] / d;
                if (s > limit) {
                    break;
                }
            }
            out[i] = s * 31 + k;
        }
    }

    /** A store between nested parallel loops and a triangular third level: one dimension, two loops in it. */
    public static void rowsAndTriangles(int[] a, int[] rows, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            rows[i] = 0;
            for (@Parallel int j = 0; j < n; j++) {
                for (@Parallel int k = 0; k <= j; k++) {
                    a[(i * n + j) * n + k] = i + j + k;
                }
            }
        }
    }

    /** Two parallel loops side by side inside a perfect 2-D nest: two dimensions, both loops inside. */
    public static void sideBySide(int[] a, int[] b, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                for (@Parallel int k = 0; k < n; k++) {
                    a[(i * n + j) * n + k] = k;
                }
                for (@Parallel int k = 0; k < n; k++) {
                    b[(i * n + j) * n + k] = -k;
                }
            }
        }
    }

    /** A transpose: the store's index moves by n with j (strided), the load's by one. */
    public static void transpose(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                out[j * n + i] = a[i * n + j];
            }
        }
    }

    /** A matmul-like nest whose inner loop stores: no shape of its own. */
    public static void storesInLoop(float[] a, float[] b, float[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float s = 0f;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                    c[i * n + j] = s;
                }
            }
        }
    }

    /** Series-like: a loop that branches on the parity of the parallel index (through a choice). */
    public static void alternating(double[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int kind = i % 2 == 1 ? 1 : 2;
            double s = 0;
            for (int k = 0; k < m; k++) {
                if (kind == 1) {
                    s += Math.sqrt(k);
                } else {
                    s -= k;
                }
            }
            out[i] = s;
        }
    }

    /** The same with an even step: the parity never changes from one iteration to the next. */
    public static void alternatingEvenStep(double[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i += 2) {
            int kind = i % 2 == 1 ? 1 : 2;
            double s = 0;
            for (int k = 0; k < m; k++) {
                if (kind == 1) {
                    s += Math.sqrt(k);
                } else {
                    s -= k;
                }
            }
            out[i] = s;
        }
    }

    /** A branch on the parity outside any loop of the body. */
    public static void parityOutsideLoops(double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (i % 2 == 1) {
                out[i] = Math.sqrt(i);
            } else {
                out[i] = -i;
            }
        }
    }

    /** A row per work-item: a[i * n + j] strided across work-items, x[j] the same for all. */
    public static void matvec(float[] a, float[] x, float[] y, int n) {
        for (@Parallel int i = 0; i < y.length; i++) {
            float s = 0f;
            for (int j = 0; j < n; j++) {
                s += a[i * n + j] * x[j];
            }
            y[i] = s;
        }
    }

    /** Only loads every work-item shares (N-body's bodies), after a load of its own. */
    public static void shared(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float xi = x[i];
            float s = 0f;
            for (int j = 0; j < n; j++) {
                s += x[j] - xi;
            }
            out[i] = s;
        }
    }
    /** A sum before the loop (carried into its kernel), then a value found between two loops (carried on). */
    public static void carried(float[] x, float[] w, float[] out, int k) {
        float total = 0f;
        for (int j = 0; j <= k; j++) {
            total += w[j];
        }
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = x[i] / total;
        }
        float first = out[0];
        for (@Parallel int i = 0; i < x.length; i++) {
            x[i] = out[i] - first + total;
        }
    }
    /** A loop in each arm of a branch on a parameter, then one after the merge. */
    public static void either(int[] a, int[] b, boolean twice) {
        if (twice) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] *= 2;
            }
        } else {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] += 1;
            }
        }
        for (@Parallel int j = 0; j < b.length; j++) {
            b[j] = a[0] + j;
        }
    }
    /** A loop before the time steps, two loops in each step (the counter in one's body and the other's bound), one after. */
    public static void steps(float[] a, float[] b, int n) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        for (int s = 1; s < n; s += 2) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = a[i - 1] + a[i + 1] + s;
            }
            for (@Parallel int i = 0; i < Math.min(s, a.length); i++) {
                a[i] = b[i];
            }
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] *= 2f;
        }
    }
    /** A loop, code that returns on what it computed, a loop, code that returns again, a loop. */
    public static void returns(int[] a, int[] b) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 3;
        }
        int m = a[0];
        if (m > 10) {
            return;
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = a[i] + m;
        }
        if (b[0] < 0) {
            return;
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = b[i] - m;
        }
    }

    /** A `long` @Parallel index stepping down by 3 from an int expression, and one from a long parameter. */
    public static void longDown(int[] a, long[] out, int n) {
        for (@Parallel long i = n - 1; i >= 0; i -= 3) {
            out[(int) i] = a[(int) i] * i;
        }
    }

    public static void longFromParameter(int[] a, long lo) {
        for (@Parallel long i = lo; i < a.length; i++) {
            a[(int) i] = 1;
        }
    }
}

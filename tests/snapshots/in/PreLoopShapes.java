package snap;

import dev.ferrocl.api.Parallel;

/** Branches before the @Parallel loop: the ones that only choose values become selects (ifConvert). */
public class PreLoopShapes {
    public static void booleanLocal(int[] out, int k) {
        boolean pos = k > 0;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = pos ? i : -i;
        }
    }

    public static void shortCircuits(int[] out, int a, int b, float x) {
        boolean both = a > 0 && b > 0;
        boolean either = a > 0 || x < 1.5f;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (both ? 1 : 0) + (either ? 2 : 0);
        }
    }

    public static void ternaryBound(float[] out, int n, int cap) {
        int hi = n > cap ? cap : n;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = i * 0.5f;
        }
    }

    public static void nestedChoices(double[] out, double lo, double hi, int mode) {
        double scale;
        if (mode == 0) {
            scale = 1.0;
        } else if (mode == 1) {
            scale = hi - lo;
        } else {
            scale = lo < hi ? hi : lo;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * scale;
        }
    }

    /** An early return: the loop runs only where the host finds n > 0 (its range is empty otherwise). */
    public static void earlyReturn(int[] out, int n, int m) {
        if (n <= 0 || m == 0) {
            return;
        }
        for (@Parallel int i = 0; i < Math.min(n, out.length / m); i++) {
            out[i] = i;
        }
    }

    /** One work-item: the choice becomes a select, the branch that stores after it stays a branch. */
    public static void chooseThenStore(int[] out, int k) {
        int v = k > 0 ? 1 : -1;
        if (k == 3) {
            out[0] = v;
        } else {
            out[1] = v;
        }
    }

    /** A division in one arm: the host divides where Java does (k != 0), the kernel selects its value. */
    public static void divisionInArm(int[] out, int n, int k) {
        int m = k != 0 ? n / k : 0;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m + i;
        }
    }

    /** A choice between two arrays: each access through it branches to the access of the array chosen. */
    public static void arrayChoice(int[] out, int[] a, int[] b, boolean first) {
        int[] src = first ? a : b;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = src[i];
        }
    }

    /**
     * A load through a choice between a written and a read-only array, after the store to the written one: the
     * read-only array is not {@code restrict} (a compiler may merge the two loads into one through the read-only path).
     */
    public static void chooseAfterStore(int[] a, int[] b, int[] out, boolean fromA) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = fromA ? a : b;
            a[i] = i;
            out[i] = t[i];
        }
    }

    /** Two array parameters compared: the host passes which Java object each is bound to. */
    public static void sameArrays(int[] a, int[] b, int[] out) {
        if (a == b) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a != out ? a[i] - b[i] : b[i];
        }
    }

    /** Early returns and a bound on long, float and double parameters, evaluated by the host. */
    public static void typedConditions(float[] out, long lim, double x, float s) {
        if (x != x || x < -1.0) {
            return;
        }
        int m = lim > out.length ? out.length : (int) lim;
        if (s == 0.0f) {
            return;
        }
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = out[i] * s + (float) x;
        }
    }
    public static void boundFromElement(int[] sizes, float[] a, float[] out) {
        int n = sizes[0];
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 2f;
        }
    }

    public static void indexFromElement(int[] a, int[] idx, int[] out) {
        int x = a[idx[0]];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x * i;
        }
    }

    public static void boundInTheHeader(int[] n, int[] out) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            out[i] = i;
        }
    }

    public static void innerBoundInTheHeader(float[] a, int[] len, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0f;
            for (int k = 0; k < len[0]; k++) {
                s += a[k] * i;
            }
            out[i] = s;
        }
    }
    /** A sum over weights before the loop: one work-item computes it, the loop's kernel reads it carried. */
    public static void normaliseByWeights(float[] x, float[] w, float[] out) {
        float total = 0f;
        for (int j = 0; j < w.length; j++) {
            total += w[j];
        }
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = x[i] / total;
        }
    }

    /** A store before the loop and a load after it: the load stays in the kernel before the loop (not the host's). */
    public static void storeThenLoad(int[] a, int[] out, int k) {
        a[0] = 5;
        int v = a[0] + k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + v;
        }
    }
    /** A loop in each arm of a branch the host evaluates: each kernel's range is empty where its arm is not taken. */
    public static void eitherLoop(int[] a, boolean twice) {
        if (twice) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] *= 2;
            }
        } else {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] += 1;
            }
        }
    }
    /** Time steps around two stencil loops: each kernel says it is launched once per step and reads the step as an argument. */
    public static void jacobiSteps(float[] a, float[] b, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * 0.5f + s;
            }
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                a[i] = b[i];
            }
        }
    }
    /** Arrays swapped at every step: each access chooses its array by the step's parity. */
    public static void jacobiSwap(float[] a, float[] b, int steps) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * 0.5f;
            }
            float[] t = a;
            a = b;
            b = t;
        }
    }
    /** Code between the loops that returns on what the first loop computed: it sets its flag, the second kernel skips. */
    public static void returnAfterLoop(int[] a, int[] b, int limit) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 3;
        }
        if (a[0] > limit) {
            return;
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = a[i % a.length] + i;
        }
    }
}

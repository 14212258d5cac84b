package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Kernels that call methods: static helpers of the same class and of another class ({@link CallHelpers}), chains of
 * helpers, helpers with several returns, loops, array parameters and void helpers that store, and private and final
 * instance helpers of a bound receiver ({@code obj::method}). All are inlined; the results are the JVM's exactly.
 */
public final class CallKernels {
    private CallKernels() {
    }

    static long square(long x) {
        return x * x;
    }

    private static int sign(float x) {
        if (x > 0) {
            return 1;
        } else if (x < 0) {
            return -1;
        } else if (x == 0) {
            return 0;
        }
        return 2; // NaN
    }

    private static float twice(float x) {
        return x * 2f;
    }

    private static float quadruple(float x) {
        return twice(twice(x));
    }

    private static int addAll(int a, int b, int c, int d) {
        return a + b + c + d;
    }

    private static void store(int[] out, int i, int v) {
        out[i] = v;
    }

    private static double weighted(double[] w, double x) {
        double s = 0;
        for (int k = 0; k < w.length; k++) {
            s = s * x + w[k];
        }
        return s;
    }

    public static void sameClassHelper(long[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = square(a[i]) - square(a[i] >> 1);
        }
    }

    public static void helperWithSeveralReturns(float[] x, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = sign(x[i]);
        }
    }

    public static void chainOfHelpers(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = quadruple(x[i]) + twice(x[i]);
        }
    }

    public static void helperCalledTwiceWithManyArguments(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = addAll(a[i], b[i], i, -1) ^ addAll(b[i], b[i], a[i], Integer.MIN_VALUE);
        }
    }

    public static void voidHelperThatStores(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            store(out, i, a[i] * 3);
        }
    }

    public static void helperWithArrayParameterAndLoop(double[] w, double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = weighted(w, x[i]);
        }
    }

    public static void otherClassClamp(int[] a, int lo, int hi, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.clamp(a[i], lo, hi);
        }
    }

    public static void otherClassLerp(float[] a, float[] b, float t, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.lerp(a[i], b[i], t);
        }
    }

    public static void otherClassChain(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.smoothstep(-1.0, 2.0, x[i]);
        }
    }

    public static void otherClassCallsBack(long[] a, long[] b, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.sumOfSquares(a[i], b[i]);
        }
    }

    public static void otherClassHelperWithLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.hash(a[i], 1 + (i & 3));
        }
    }

    public static void otherClassDivision(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.ratio(a[i], b[i]);
        }
    }

    public static void otherClassArrayAccess(int[] a, int[] idx, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.at(a, idx[i]) + 1;
        }
    }

    public static void nestmatePrivateHelper(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = CallHelpers.Nested.callMix(a[i], b[i]);
        }
    }

    public static void helperInsideABranch(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (sign(x[i]) < 0) {
                out[i] = quadruple(-x[i]);
            } else {
                out[i] = CallHelpers.lerp(x[i], 1f, 0.25f);
            }
        }
    }

    /** Recursion: refused (bailout naming the method), never inlined forever. */
    static int factorial(int k) {
        return k <= 1 ? 1 : k * factorial(k - 1);
    }

    public static void recursive(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = factorial(a[i] & 15);
        }
    }

    /** An instance kernel (bound as {@code obj::run}) that calls private and final instance helpers. */
    public static class Smoother {
        private float weight(float x) {
            return x < 0 ? -x * 0.5f : x * 0.25f;
        }

        public final float bias(float x) {
            return x + 1f;
        }

        private int pick(int a, int b) {
            return (a & 1) == 0 ? a : b;
        }

        public void run(float[] in, float[] out, int n) {
            for (@Parallel int i = 0; i < n; i++) {
                out[i] = bias(weight(in[i]));
            }
        }

        public void runInts(int[] a, int[] b, int[] out, int n) {
            for (@Parallel int i = 0; i < n; i++) {
                out[i] = pick(a[i], b[i]) + pick(b[i], a[i]);
            }
        }
    }
}

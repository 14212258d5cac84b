package snap;

import dev.ferrocl.api.Parallel;

/** Calls that are inlined: same class, another class (SnapHelpers below), chains, several returns. */
public class CallShapes {
    static int square(int x) {
        return x * x;
    }

    public static void staticHelper(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = square(a[i]) + 1;
        }
    }

    public static void otherClassHelper(float[] a, float[] b, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = SnapHelpers.lerp(a[i], b[i], 0.25f);
        }
    }

    public static void helperWithSeveralReturns(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = SnapHelpers.clamp(a[i], -100, 100);
        }
    }

    public static void helperChain(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = SnapHelpers.smooth(x[i]);
        }
    }

    public static void helperThatDivides(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = SnapHelpers.ratio(a[i], b[i]);
        }
    }
}

/** Callees only: not compiled on their own by the snapshot runner (it compiles the class named like the file). */
final class SnapHelpers {
    private SnapHelpers() {
    }

    static float lerp(float a, float b, float t) {
        return a + (b - a) * t;
    }

    static int clamp(int v, int lo, int hi) {
        if (v < lo) {
            return lo;
        }
        if (v > hi) {
            return hi;
        }
        return v;
    }

    static double smooth(double x) {
        double t = clamp01(x);
        return t * t * (3.0 - 2.0 * t);
    }

    private static double clamp01(double t) {
        return t < 0 ? 0 : t > 1 ? 1 : t;
    }

    static int ratio(int a, int b) {
        return a / b;
    }
}

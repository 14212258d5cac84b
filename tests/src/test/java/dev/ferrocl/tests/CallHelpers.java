package dev.ferrocl.tests;

/**
 * Helpers in another class than the kernels that call them (the compiler fetches this class's bytes through the
 * kernel's class loader and inlines them).
 */
public final class CallHelpers {
    private CallHelpers() {
    }

    public static int clamp(int v, int lo, int hi) {
        if (v < lo) {
            return lo;
        }
        if (v > hi) {
            return hi;
        }
        return v;
    }

    public static float lerp(float a, float b, float t) {
        return a + (b - a) * t;
    }

    /** Calls a helper of its own (a chain across classes). */
    public static double smoothstep(double lo, double hi, double x) {
        double t = clamp01((x - lo) / (hi - lo));
        return t * t * (3.0 - 2.0 * t);
    }

    private static double clamp01(double t) {
        return t < 0 ? 0 : t > 1 ? 1 : t;
    }

    /** Calls back into the kernels' class (CallKernels.square). */
    public static long sumOfSquares(long a, long b) {
        return CallKernels.square(a) + CallKernels.square(b);
    }

    /** A helper with a loop. */
    public static int hash(int x, int rounds) {
        int h = x;
        for (int r = 0; r < rounds; r++) {
            h ^= h >>> 16;
            h *= 0x85EB_CA6B;
            h ^= h >>> 13;
        }
        return h;
    }

    /** Divides; the caller's inputs decide whether it throws "/ by zero". */
    public static int ratio(int a, int b) {
        return a / b + a % b;
    }

    public static long longRatio(long a, long b) {
        return a / b;
    }

    /** Reads an array at an index the caller passes; throws for a bad index. */
    public static int at(int[] a, int j) {
        return a[j];
    }

    /** A nested class whose private helper the outer kernel class calls (a nestmate: no accessor since Java 11). */
    public static final class Nested {
        private Nested() {
        }

        private static int mix(int a, int b) {
            return (a * 31) ^ (b >>> 3);
        }

        static int callMix(int a, int b) {
            return mix(a, b) + mix(b, a);
        }
    }
}

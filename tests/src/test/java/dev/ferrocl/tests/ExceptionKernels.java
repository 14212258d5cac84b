package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Kernels whose inputs decide whether the JVM throws: array indices out of bounds inside branches, nested loops and
 * inlined helpers, integer division by zero inside helpers, switch cases and inner loops, and null arrays on some
 * paths only.
 */
public final class ExceptionKernels {
    private ExceptionKernels() {
    }

    /** Gathers through idx only where a[i] > 0. */
    public static void gatherInBranch(int[] a, int[] idx, int[] data, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] > 0) {
                out[i] = data[idx[i]];
            } else {
                out[i] = -1;
            }
        }
    }

    /** Sums a window of w elements: the last w - 1 work-items read past the end. */
    public static void windowSum(int[] a, int w, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = 0; k < w; k++) {
                s += a[i + k];
            }
            out[i] = s;
        }
    }

    /** Scatter through a permutation (race-free); a bad entry stores out of bounds. */
    public static void scatter(int[] a, int[] perm, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[perm[i]] = a[i] * 2;
        }
    }

    /** A remainder by b[i] in one case of a switch only. */
    public static void remainderInSwitch(int[] k, int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            switch (k[i] & 3) {
                case 0:
                    out[i] = a[i];
                    break;
                case 1:
                    out[i] = a[i] % b[i];
                    break;
                default:
                    out[i] = -a[i];
            }
        }
    }

    /** A long division by a helper inside an inner loop: (k - b[i]) is zero for one k when |b[i]| ≤ 3. */
    public static void divisionInInnerLoop(long[] a, long[] b, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long s = 0;
            for (long k = 3; k >= -3; k--) {
                s += CallHelpers.longRatio(a[i], k - b[i]);
            }
            out[i] = s;
        }
    }

    /** A byte array read at an offset inside a labeled loop; a large offset reads past the end. */
    public static void byteWindowLabeled(byte[] b, int[] off, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int count = 0;
            outer:
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    int v = b[off[i] + r * 4 + c];
                    if (v == 0) {
                        continue outer;
                    }
                    count += v;
                }
            }
            out[i] = count;
        }
    }

    /** Reads {@code other} only where a[i] is negative: a null {@code other} throws only if some a[i] is. */
    public static void maybeNull(int[] a, int[] other, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (a[i] < 0) {
                out[i] = other[i];
            } else {
                out[i] = a[i];
            }
        }
    }

    /** A char array indexed through a helper. */
    public static void charLookup(char[] table, int[] idx, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = lookup(table, idx[i]) * 2;
        }
    }

    private static int lookup(char[] table, int j) {
        if (j < 0) {
            return -1;
        }
        return table[j];
    }
}

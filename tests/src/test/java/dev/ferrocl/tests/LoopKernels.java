package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Sequential loops inside the {@code @Parallel} loop body: for, while, do-while, nested two and three deep, with
 * break, continue and labeled break/continue, loop-carried values of every type, and bounds that depend on the
 * work-item.
 */
public final class LoopKernels {
    private LoopKernels() {
    }

    /** Horner's rule per element: acc = acc * x + c[k], in float (each step rounded, no contraction). */
    public static void hornerFloat(float[] x, float[] coeffs, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float acc = 0f;
            for (int k = coeffs.length - 1; k >= 0; k--) {
                acc = acc * x[i] + coeffs[k];
            }
            out[i] = acc;
        }
    }

    /** Horner in double. */
    public static void hornerDouble(double[] x, double[] coeffs, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double acc = 0;
            for (int k = coeffs.length - 1; k >= 0; k--) {
                acc = acc * x[i] + coeffs[k];
            }
            out[i] = acc;
        }
    }

    /** Row sums of a row-major matrix (int, wrapping) and of doubles (the JVM's summation order). */
    public static void rowSums(int[] m, double[] d, int cols, int[] isum, double[] dsum, int rows) {
        for (@Parallel int r = 0; r < rows; r++) {
            int s = 0;
            double t = 0;
            for (int c = 0; c < cols; c++) {
                s += m[r * cols + c];
                t += d[r * cols + c];
            }
            isum[r] = s;
            dsum[r] = t;
        }
    }

    /** Matrix-vector product, one row per work-item. */
    public static void matVec(float[] m, float[] v, float[] out, int cols, int rows) {
        for (@Parallel int r = 0; r < rows; r++) {
            float s = 0f;
            for (int c = 0; c < cols; c++) {
                s += m[r * cols + c] * v[c];
            }
            out[r] = s;
        }
    }

    /** Collatz steps with a while loop and an iteration cap (a divergent loop). */
    public static void collatz(long[] start, int[] steps, int cap, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long v = start[i];
            int s = 0;
            while (v != 1 && s < cap) {
                if ((v & 1) == 0) {
                    v = v >> 1;
                } else {
                    v = 3 * v + 1;
                }
                s++;
            }
            steps[i] = s;
        }
    }

    /** Decimal digits with do-while (runs at least once: 0 has one digit; works for MIN_VALUE). */
    public static void digitCount(int[] a, int[] digits, int[] digitSum, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i];
            int d = 0;
            int s = 0;
            do {
                s += v % 10;
                v /= 10;
                d++;
            } while (v != 0);
            digits[i] = d;
            digitSum[i] = s;
        }
    }

    /** Euclid's gcd with a while loop; % only runs with a non-zero divisor. */
    public static void gcd(long[] a, long[] b, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long x = a[i];
            long y = b[i];
            while (y != 0) {
                long t = x % y;
                x = y;
                y = t;
            }
            out[i] = x;
        }
    }

    /** Kernighan's bit count: while (x != 0) x &= x - 1; terminates for negative x too. */
    public static void popcountLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[i];
            int c = 0;
            while (x != 0) {
                x &= x - 1;
                c++;
            }
            out[i] = c;
        }
    }

    /** Integer power by squaring, with wrap-around (while loop with two loop-carried values). */
    public static void powMod(long[] base, int[] exp, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long b = base[i];
            int e = exp[i] & 0x3F;
            long r = 1;
            while (e > 0) {
                if ((e & 1) != 0) {
                    r *= b;
                }
                b *= b;
                e >>= 1;
            }
            out[i] = r;
        }
    }

    /** A triangular nest: the inner bound depends on the outer counter and on the work-item. */
    public static void triangular(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long s = 0;
            int m = i % 17;
            for (int j = 0; j <= m; j++) {
                for (int k = j; k < m; k++) {
                    s += (long) a[i] * (j + 1) - k;
                }
            }
            out[i] = s;
        }
    }

    /** Three nested loops over a small cube. */
    public static void threeDeep(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0f;
            for (int a = 0; a < 3; a++) {
                for (int b = 0; b < 4; b++) {
                    for (int c = 0; c < 2; c++) {
                        s = s * 0.5f + x[i] * (a - b + c);
                    }
                }
            }
            out[i] = s;
        }
    }

    /** An inner loop that may run zero times (lo ≥ hi for some work-items). */
    public static void zeroTripInner(int[] lo, int[] hi, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = -1;
            for (int k = lo[i]; k < hi[i]; k++) {
                s += k;
            }
            out[i] = s;
        }
    }

    /** A linear search in a row with break: the first element above the threshold, or -1. */
    public static void firstAbove(float[] m, int cols, float threshold, int[] index, int rows) {
        for (@Parallel int r = 0; r < rows; r++) {
            int found = -1;
            for (int c = 0; c < cols; c++) {
                if (m[r * cols + c] > threshold) {
                    found = c;
                    break;
                }
            }
            index[r] = found;
        }
    }

    /** continue in the inner loop: sum of the non-negative elements of a row, counting the skipped ones. */
    public static void sumNonNegative(int[] m, int cols, int[] sums, int[] skipped, int rows) {
        for (@Parallel int r = 0; r < rows; r++) {
            int s = 0;
            int k = 0;
            for (int c = 0; c < cols; c++) {
                int v = m[r * cols + c];
                if (v < 0) {
                    k++;
                    continue;
                }
                s += v;
            }
            sums[r] = s;
            skipped[r] = k;
        }
    }

    /** A labeled break out of two loops: the first pair (j, k) of a window with m[j] + m[k] == target. */
    public static void labeledBreak(int[] m, int window, int target, int[] found, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int result = -1;
            search:
            for (int j = i; j < i + window && j < m.length; j++) {
                for (int k = j + 1; k < i + window && k < m.length; k++) {
                    if (m[j] + m[k] == target) {
                        result = j * 1000 + k;
                        break search;
                    }
                }
            }
            found[i] = result;
        }
    }

    /** A labeled continue: count the rows of a window that contain no negative element. */
    public static void labeledContinue(int[] m, int cols, int window, int[] clean, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int count = 0;
            rows:
            for (int r = i; r < i + window; r++) {
                for (int c = 0; c < cols; c++) {
                    if (m[(r % n) * cols + c] < 0) {
                        continue rows;
                    }
                }
                count++;
            }
            clean[i] = count;
        }
    }

    /** break out of a while(true) loop (the loop exit is only the break). */
    public static void whileTrueBreak(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i] & 0xFFFF;
            int steps = 0;
            while (true) {
                if (v < 10) {
                    break;
                }
                v = (v >> 1) ^ (v & 3);
                steps++;
            }
            out[i] = steps * 100 + v;
        }
    }

    /** A loop with a long induction variable and a float accumulator. */
    public static void longCounterFloatSum(long[] start, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0f;
            for (long k = start[i]; k < start[i] + 20; k += 3) {
                s += (float) k * 0.25f;
            }
            out[i] = s;
        }
    }

    /** Newton's iteration for the square root, fixed count, double: each step is exact IEEE arithmetic. */
    public static void newtonSqrt(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double v = x[i];
            double g = v > 1 ? v / 2 : 1;
            for (int k = 0; k < 30; k++) {
                g = 0.5 * (g + v / g);
            }
            out[i] = g;
        }
    }

    /** Several stores per work-item from an inner loop. */
    public static void expandRows(int[] a, int width, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (int k = 0; k < width; k++) {
                out[i * width + k] = a[i] * k - (k ^ i);
            }
        }
    }

    /** Fibonacci modulo 2^32 with three loop-carried values swapped each iteration. */
    public static void fibonacci(int[] count, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int a = 0;
            int b = 1;
            int m = count[i] & 0xFF;
            for (int k = 0; k < m; k++) {
                int t = a + b;
                a = b;
                b = t;
            }
            out[i] = a;
        }
    }

    /** A while loop nested in a for loop nested in the parallel loop, with a break in the while. */
    public static void whileInFor(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int total = 0;
            for (int k = 1; k <= 5; k++) {
                int v = a[i] + k;
                while (v > 1) {
                    if (v % 7 == 0) {
                        break;
                    }
                    v = v / 2;
                    total++;
                }
                total += v;
            }
            out[i] = total;
        }
    }

    /** A do-while whose condition is a float comparison with NaN (NaN stops it after one round). */
    public static void doWhileFloat(float[] x, float[] out, int[] rounds, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float v = x[i];
            int r = 0;
            do {
                v = v * 0.5f;
                r++;
            } while (v > 1.0f && r < 200);
            out[i] = v;
            rounds[i] = r;
        }
    }

    /**
     * Counted loops that end at the top and bottom of {@code int}: {@code k < end} up to {@code Integer.MAX_VALUE}
     * and {@code k > end} down to {@code Integer.MIN_VALUE} (their increments never wrap: the compiler writes them as
     * C's signed operations), and {@code k <= end} with {@code end} near the top, whose increment past the end
     * wraps in Java (stopped here by a cap).
     */
    public static void intEdges(int[] from, int[] sums, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = Integer.MAX_VALUE - from[i]; k < Integer.MAX_VALUE; k++) {
                s += k;
            }
            for (int k = Integer.MIN_VALUE + from[i]; k > Integer.MIN_VALUE; k--) {
                s ^= k;
            }
            int steps = 0;
            for (int k = Integer.MAX_VALUE - from[i]; k <= Integer.MAX_VALUE && steps < 40; k++) {
                s += k * 3;
                steps++;
            }
            sums[i] = s + steps;
        }
    }
}

package snap;

import dev.ferrocl.api.Parallel;

/** Sequential loops inside the @Parallel loop body: one construct per method. */
public class LoopShapes {
    public static void nestedFor(float[] m, float[] v, float[] out, int cols, int rows) {
        for (@Parallel int r = 0; r < rows; r++) {
            float s = 0f;
            for (int c = 0; c < cols; c++) {
                s += m[r * cols + c] * v[c];
            }
            out[r] = s;
        }
    }

    public static void whileLoop(int[] a, int[] out, int n) {
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

    public static void doWhile(int[] a, int[] digits, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i];
            int d = 0;
            do {
                v /= 10;
                d++;
            } while (v != 0);
            digits[i] = d;
        }
    }

    public static void breakInner(float[] m, int cols, float t, int[] found, int rows) {
        for (@Parallel int r = 0; r < rows; r++) {
            int f = -1;
            for (int c = 0; c < cols; c++) {
                if (m[r * cols + c] > t) {
                    f = c;
                    break;
                }
            }
            found[r] = f;
        }
    }

    public static void continueInner(int[] m, int cols, int[] sums, int rows) {
        for (@Parallel int r = 0; r < rows; r++) {
            int s = 0;
            for (int c = 0; c < cols; c++) {
                if (m[r * cols + c] < 0) {
                    continue;
                }
                s += m[r * cols + c];
            }
            sums[r] = s;
        }
    }

    public static void labeledBreak(int[] m, int w, int target, int[] found, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int result = -1;
            search:
            for (int j = i; j < i + w && j < m.length; j++) {
                for (int k = j + 1; k < i + w && k < m.length; k++) {
                    if (m[j] + m[k] == target) {
                        result = j;
                        break search;
                    }
                }
            }
            found[i] = result;
        }
    }

    public static void labeledContinue(int[] m, int cols, int[] clean, int rows) {
        for (@Parallel int i = 0; i < rows; i++) {
            int count = 0;
            outer:
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    if (m[r * cols + c] == i) {
                        continue outer;
                    }
                }
                count++;
            }
            clean[i] = count;
        }
    }

    public static void horner(double[] x, double[] coeffs, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double acc = 0;
            for (int k = coeffs.length - 1; k >= 0; k--) {
                acc = acc * x[i] + coeffs[k];
            }
            out[i] = acc;
        }
    }

    /** countUp: a @Parallel loop counting down runs j = ~i upwards; the body reads i as -1 - j. */
    public static void countingDown(float[] a, float[] out, int lo) {
        for (@Parallel int i = out.length - 1; i > lo; i -= 2) {
            out[i] = a[i] * 3f;
        }
    }

    /** SpMV: the gather's check cannot be proven at the loop's entry; the fast copy defers it past the loop. */
    public static void csr(int[] rowPtr, int[] col, double[] val, double[] x, double[] y) {
        for (@Parallel int row = 0; row < y.length; row++) {
            double sum = 0.0;
            for (int k = rowPtr[row]; k < rowPtr[row + 1]; k++) {
                sum += val[k] * x[col[k]];
            }
            y[row] = sum;
        }
    }

    /**
     * hoistInvariants: Math.sin(x) does not change in the k loop and is computed before it; Math.exp(a[i]) stays in
     * the loop, as its load (fixed, after its index check) does.
     */
    public static void invariantCall(double[] a, double[] out, double x, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += a[k] * Math.sin(x) + Math.exp(a[i]) * k;
            }
            out[i] = s;
        }
    }

    /** A `long` index (`narrow_long_index`): counted with an `int`, Java's index its widening. */
    public static void longIndex(int[] a, long[] out, long n) {
        for (@Parallel long i = 0; i < n; i++) {
            out[(int) i] = a[(int) i] * i + (i << 33);
        }
    }
}

package snap;

import dev.ferrocl.api.Parallel;

/** throw statements: a branch into code that always throws is a guard (status 8); the JVM's rerun throws. */
public class ThrowShapes {
    public static void validate(int[] a, int[] out, float lim) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = a[i];
            if (v < 0) {
                throw new IllegalArgumentException("negative at " + i + ": " + v);
            }
            float f = v * 0.5f;
            if (!(f < lim)) {
                throw new IllegalStateException(f > 0 ? "too big" : "not a number");
            }
            out[i] = v * 2 + 1;
        }
    }

    public static void lengthsChecked(float[] a, float[] out) {
        if (a.length != out.length) {
            throw new IllegalArgumentException("lengths differ");
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 2f;
        }
    }

    /** A switch whose default throws: a guard on the other cases' keys. */
    public static void switchDefault(int[] k, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = switch (k[i]) {
                case 1 -> 3;
                case 2, 7 -> 5;
                default -> throw new IllegalArgumentException("bad key");
            };
        }
    }

    /** A caught division by zero: a branch to the handler, the division's own check proven by it. */
    public static void caughtDivision(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = -1;
            }
        }
    }

    /** A caught index out of bounds in a gather: one unsigned test, then the load without its check. */
    public static void caughtIndex(float[] a, int[] idx, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float v;
            try {
                v = a[idx[i]];
            } catch (ArrayIndexOutOfBoundsException e) {
                v = 0f;
            }
            out[i] = v;
        }
    }

    /** Caught divisions in a loop, then a second versioned loop in its exit path: each copy's labels are its own. */
    public static void caughtBeforeVersionedLoop(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            try {
                for (int k = 0; k < 4; k++) {
                    if (a[i] > k) {
                        s += a[i] % b[i] % 3;
                    }
                }
                for (int k = 0; k < 4; k++) {
                    s += a[k];
                }
            } catch (ArithmeticException e) {
                s = -1;
            }
            out[i] = s;
        }
    }
}

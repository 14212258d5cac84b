package snap;

import dev.ferrocl.api.Parallel;

/** switch inside the @Parallel loop body. */
@SuppressWarnings("fallthrough")
public class SwitchShapes {
    /** Dense keys: tableswitch, with fall-through and default. */
    public static void tableSwitchFallThrough(int[] k, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int r = 0;
            switch (k[i]) {
                case 0:
                    r += 1;
                case 1:
                    r *= 10;
                case 2:
                    r += 100;
                    break;
                case 3:
                    r = -1;
                    break;
                default:
                    r = 42;
            }
            out[i] = r;
        }
    }

    /** Sparse keys: lookupswitch. */
    public static void lookupSwitch(int[] k, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            switch (k[i]) {
                case -1000:
                    out[i] = 1;
                    break;
                case 7:
                    out[i] = 2;
                    break;
                case 65536:
                    out[i] = 3;
                    break;
                case Integer.MIN_VALUE:
                    out[i] = 4;
                    break;
                default:
                    out[i] = 0;
            }
        }
    }

    /** A switch expression (arrow form). */
    public static void switchExpression(int[] k, float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = switch (k[i] & 3) {
                case 0, 1 -> x[i] * 2f;
                case 2 -> -x[i];
                default -> 0f;
            };
        }
    }

    public static void charSwitch(char[] c, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            switch (c[i]) {
                case 'a':
                case 'e':
                    out[i] = 1;
                    break;
                case '\uFFFF':
                    out[i] = 2;
                    break;
                default:
                    out[i] = 0;
            }
        }
    }
}

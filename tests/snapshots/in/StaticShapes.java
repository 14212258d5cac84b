package snap;

import dev.ferrocl.api.Parallel;

/** Static fields: constants of this and another class, a final field set in <clinit>, non-final fields. */
public class StaticShapes {
    static final int SCALE = 3;
    static final double TAU = 2 * Math.PI;
    static final int COMPUTED = Integer.parseInt("12345");
    static int offset = 10;
    static float gain = 1.5f;

    public static void staticFinalConstant(int[] a, double[] d, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] * SCALE;
            d[i] = d[i] * TAU;
        }
    }

    public static void otherClassConstant(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] + SnapConstants.STEP;
        }
    }

    /** A final field without ConstantValue: read like a non-final one (or folded after initialisation). */
    public static void computedFinal(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] % COMPUTED;
        }
    }

    public static void nonFinalStatic(int[] a, float[] x, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] + offset;
            x[i] = x[i] * gain;
        }
    }

    /** A static array field: an argument the host reads from the field at each execute(). */
    public static void staticTable(float[] x, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            x[i] = x[i] * SnapConstants.TAPS[i & 3];
        }
    }

    public static void otherClassNonFinal(float[] x, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            x[i] = x[i] * SnapConstants.factor;
        }
    }
}

/** Another class's fields. */
final class SnapConstants {
    private SnapConstants() {
    }

    static final int STEP = 7;
    static float factor = 2f;
    static final float[] TAPS = {0.25f, 0.5f, 0.75f, 1f};
}

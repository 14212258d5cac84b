package snap;

import dev.ferrocl.api.Parallel;

/**
 * Virtual and interface calls: the compiler alone does not know the runtime class of an object (the host gives it
 * at execute()), so these bail out here; `assert` compiles away (assertions count as disabled without a JVM).
 */
public class VirtualShapes {
    /** An interface with a default method. */
    public interface Shape {
        float area(float x);

        default float twice(float x) {
            return 2f * area(x);
        }
    }

    /** Interface call on a parameter. */
    public static void areas(Shape s, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.area(x[i]);
        }
    }

    /** An assert in a kernel. */
    public static void asserted(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            assert a[i] >= 0 : "negative";
            out[i] = a[i] + 1;
        }
    }
}

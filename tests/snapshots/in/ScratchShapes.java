package snap;

import dev.ferrocl.api.Parallel;

/** Arrays allocated before the @Parallel loops: scratch arrays the host allocates, or a bailout saying why. */
public class ScratchShapes {
    /** Two kernels share `tmp`: the host allocates it (zeroed, n elements) and checks n >= 0 first. */
    public static void twoPass(float[] a, float[] out, int n) {
        float[] tmp = new float[n];
        for (@Parallel int i = 0; i < n; i++) {
            tmp[i] = a[i] * 2f;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = tmp[i] + tmp[(i + 1) % n];
        }
    }

    /** A work-item's temporary allocated outside the loop: every iteration writes w[0..2]; refused. */
    public static void sharedTemporary(float[] a, float[] out, int n) {
        float[] w = new float[3];
        for (@Parallel int i = 1; i < n - 1; i++) {
            w[0] = a[i - 1];
            w[1] = a[i];
            w[2] = a[i + 1];
            out[i] = Math.max(w[0], Math.min(w[1], w[2]));
        }
    }

    /** A clone of an argument, updated by one loop and read by the next: the host makes the copy. */
    public static void cloneArgument(int[] a, int[] out) {
        int[] t = a.clone();
        for (@Parallel int i = 0; i < t.length; i++) {
            t[i] = t[i] * 3 + 1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t[t.length - 1 - i] - a[i];
        }
    }
}

package snap;

import dev.ferrocl.api.Parallel;

/** Methods outside the first kernel shape: each must bail out with a reason naming the line. */
public class Bailouts {
    public static void call(long[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = System.nanoTime();
        }
    }

    public static void accumulate(int[] a, int[] out, int n) {
        int sum = 0;
        for (@Parallel int i = 0; i < n; i++) {
            sum += a[i];
        }
        out[0] = sum;
    }

    public static void noAnnotation(int[] a, int n) {
        for (int i = 0; i < n; i++) {
            a[i] = 1;
        }
    }

    public static void step(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i += 2) {
            a[i] = 1;
        }
    }

    public static void lessOrEqual(int[] a, int n) {
        for (@Parallel int i = 0; i <= n; i++) {
            a[i] = 1;
        }
    }
}

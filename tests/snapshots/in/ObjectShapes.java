package snap;

import dev.ferrocl.api.Parallel;

/** Objects allocated in the kernel body: replaced by scalars, or a bailout saying why. */
public class ObjectShapes {
    static final class Point {
        float x;
        float y;

        Point(float x, float y) {
            this.x = x;
            this.y = y;
        }

        float norm2() {
            return x * x + y * y;
        }
    }

    record Pair(int a, long b) {
    }

    static class Boxed {
        int[] data;
    }

    public static void points(float[] xs, float[] ys, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Point p = new Point(xs[i], ys[i]);
            if (p.x < 0) {
                p.x = -p.x;
            }
            out[i] = p.norm2();
        }
    }

    public static void pairs(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Pair q = new Pair(a[i], 3L * a[i]);
            for (int k = 0; k < 3; k++) {
                q = new Pair(q.a() + 1, q.b() + q.a());
            }
            out[i] = q.b() + q.a();
        }
    }

    public static void pairsFresh(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Pair q = new Pair(a[i], 3L * a[i]);
            long s = 0;
            for (int k = 0; k < 3; k++) {
                Pair r = new Pair(q.a() + k, q.b() - k);
                s += r.b() * r.a();
            }
            out[i] = s + q.b();
        }
    }

    public static Point returned(float[] out, int n) {
        Point p = new Point(1, 2);
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i;
        }
        return p;
    }

    public static void referenceField(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            Boxed b = new Boxed();
            out[i] = i;
        }
    }
}

package dv;

public class Dv {
    public interface Shape {
        float area(float x);
    }

    public interface Left {
        default int pick() {
            return 1;
        }
    }

    public interface Lower extends Left {
        default int pick() {
            return 3;
        }
    }

    public static final class Sq implements Shape {
        final float side;

        Sq(float side) {
            this.side = side;
        }

        public float area(float x) {
            return side * side - x;
        }
    }

    public static final class Circle implements Shape {
        final float r;

        Circle(float r) {
            this.r = r;
        }

        public float area(float x) {
            return r * r + x;
        }
    }

    /**
     * Compiled against `before/Right.java` (no pick); `after/Right.java` then adds a default pick, so two
     * defaults apply: IncompatibleClassChangeError on the JVM.
     */
    public static final class Both implements Left, Right {
    }

    /** Lower's default is more specific than Left's. */
    public static final class Specific implements Left, Lower {
    }

    static final Shape UNIT = new Circle(2f);

    public static void elementAreas(Shape[] ss, float[] x, float[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = ss[i] == null ? 0f : ss[i].area(x[i]);
        }
    }

    public static void unitAreas(float[] x, float[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = UNIT.area(x[i]);
        }
    }

    public static void areas(Shape s, float[] x, float[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = s.area(x[i]);
        }
    }

    public static void picks(Left p, int[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = p.pick();
        }
    }

    public static void asserted(int[] a) {
        for (int i = 0; i < a.length; i++) {
            assert a[i] > 0;
            a[i] = -a[i];
        }
    }
}

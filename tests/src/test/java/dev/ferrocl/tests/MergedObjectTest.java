package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import org.junit.Test;

/**
 * Objects made in the kernel that one variable holds in turn: a record reassigned in a loop ({@code z =
 * z.times(z).plus(c)}), an object made in either branch of a conditional. Each becomes one set of scalars whose values
 * are phis of the objects' fields. Where another variable still holds one of the objects, the variable is a choice
 * between them instead, each object keeping its own fields. Strict, on the device, against the JVM.
 */
public class MergedObjectTest {
    record Cx(float re, float im) {
        Cx times(Cx o) {
            return new Cx(re * o.re - im * o.im, re * o.im + im * o.re);
        }

        Cx plus(Cx o) {
            return new Cx(re + o.re, im + o.im);
        }

        float norm() {
            return re * re + im * im;
        }
    }

    /** Mandelbrot on a complex record: a new {@code z} every iteration. */
    static void mandel(float[] xs, float[] ys, int[] out, int maxIter) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cx c = new Cx(xs[i], ys[i]);
            Cx z = new Cx(0f, 0f);
            int k = 0;
            while (k < maxIter && z.norm() <= 4f) {
                z = z.times(z).plus(c);
                k++;
            }
            out[i] = k * 1000 + (int) (z.re() * 10f);
        }
    }

    record Span(int lo, int hi) {
        int width() {
            return hi - lo;
        }
    }

    /** A record made in either branch of a conditional. */
    static void spans(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Span s = a[i] > 0 ? new Span(a[i], -a[i]) : new Span(a[i] >> 1, 5);
            out[i] = s.width() * 3 + s.lo();
        }
    }

    static final class Acc {
        long sum;
        double mean;
        int count;

        Acc(long sum, double mean, int count) {
            this.sum = sum;
            this.mean = mean;
            this.count = count;
        }

        Acc add(int v) {
            Acc next = new Acc(sum + v, 0, count + 1);
            next.mean = (double) next.sum / next.count;
            return next;
        }
    }

    /** A mutable object replaced in an inner loop, mutated between replacements, read after the loop. */
    static void accumulate(int[] a, long[] sums, double[] means, int w) {
        for (@Parallel int i = 0; i < sums.length; i++) {
            Acc acc = new Acc(0, 0.0, 0);
            for (int k = 0; k < w; k++) {
                int v = a[(i + k) % a.length];
                if (v % 3 == 0) {
                    acc.count += 0;
                    acc.sum -= 1;
                }
                acc = acc.add(v);
            }
            sums[i] = acc.sum + acc.count;
            means[i] = acc.mean;
        }
    }

    /** A loop that replaces the object on some iterations only, in an if/else chain. */
    static void sometimes(float[] a, float[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cx z = new Cx(a[i], 1f);
            for (int k = 0; k < steps; k++) {
                if (((i + k) & 3) == 0) {
                    z = z.plus(new Cx(0.5f, -0.25f));
                } else if (((i + k) & 3) == 1) {
                    z = new Cx(z.im(), z.re());
                }
            }
            out[i] = z.re() * 2f + z.im();
        }
    }

    static final class Vec {
        float x;
        float y;

        Vec(float x, float y) {
            this.x = x;
            this.y = y;
        }

        void scale(float k) {
            x *= k;
            y *= k;
        }
    }

    /** Both objects stay in their own variables after the choice: updating the chosen one must update it. */
    static void aliased(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], b[i]);
            Vec q = new Vec(b[i], a[i]);
            Vec m = a[i] < b[i] ? p : q;
            m.x += 1f;
            m.scale(2f);
            out[i] = p.x + q.y * 3f + m.y;
        }
    }

    @Test
    public void aRecordReassignedInALoop() {
        int n = 4099;
        float[] xs = Inputs.floats(401, n, -2.2f, 0.8f);
        float[] ys = Inputs.floats(402, n, -1.2f, 1.2f);
        check(MergedObjectTest::mandel, xs, ys, new int[n], 200);
    }

    @Test
    public void aRecordMadeInEitherBranch() {
        int n = 3001;
        check(MergedObjectTest::spans, Inputs.ints(403, n), new int[n]);
    }

    @Test
    public void aMutableObjectReplacedInAnInnerLoop() {
        int n = 1777;
        check(MergedObjectTest::accumulate, Inputs.ints(404, n), new long[n], new double[n], 13);
    }

    @Test
    public void replacedOnSomeIterationsOnly() {
        int n = 2049;
        check(MergedObjectTest::sometimes, Inputs.floats(405, n, -3f, 3f), new float[n], 9);
    }

    @Test
    public void aChoiceBetweenObjectsStillHeldElsewhere() {
        // Each object keeps its own fields; the variable's writes go to the object it holds.
        int n = 1001;
        check(MergedObjectTest::aliased, Inputs.floats(406, n, -1f, 1f), Inputs.floats(407, n, -1f, 1f),
                new float[n]);
    }

    // ---- objects of different classes in one variable: a choice, each object keeping its own fields

    /** A class hierarchy with a field in the superclass and overridden methods. */
    abstract static class Body {
        float mass;

        Body(float mass) {
            this.mass = mass;
        }

        abstract float volume();

        float density() {
            return mass / volume();
        }
    }

    static final class Ball extends Body {
        final float r;

        Ball(float mass, float r) {
            super(mass);
            this.r = r;
        }

        @Override
        float volume() {
            return 4.18879f * r * r * r;
        }
    }

    static final class Box extends Body {
        final float w;
        final float h;

        Box(float mass, float w, float h) {
            super(mass);
            this.w = w;
            this.h = h;
        }

        @Override
        float volume() {
            return w * w * h;
        }

        @Override
        float density() {
            return mass / volume() + 0.5f;
        }
    }

    static final class Rod extends Body {
        final float len;

        Rod(float mass, float len) {
            super(mass);
            this.len = len;
        }

        @Override
        float volume() {
            return len * 0.01f;
        }
    }

    /** Three classes chosen per element; a virtual call, a field write through the superclass, a type test. */
    static void bodies(float[] a, float[] b, float[] out, int[] kinds) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Body body;
            int k = (i * 7) % 3;
            if (k == 0) {
                body = new Ball(a[i], b[i]);
            } else if (k == 1) {
                body = new Box(a[i], b[i], a[i] - b[i]);
            } else {
                body = new Rod(b[i], a[i]);
            }
            body.mass += 1f;
            out[i] = body.density() + body.mass;
            kinds[i] = body instanceof Box x ? (int) x.h : body instanceof Ball ? 1 : 2;
        }
    }

    /** One of the task's objects or one made in the kernel, by a condition. */
    static void paramOrNew(Body given, float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Body body = a[i] > 0f ? given : new Rod(a[i], 3f);
            out[i] = body.volume() * body.mass;
        }
    }

    /** Two objects both read again after a choice between them that is written through. */
    static void writeThroughChoice(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Ball p = new Ball(a[i], 2f);
            Rod q = new Rod(-a[i], 1f);
            Body m = (a[i] & 3) == 0 ? p : q;
            m.mass *= 3f;
            m.mass -= i;
            out[i] = (int) (p.mass * 5f + q.mass);
        }
    }

    @Test
    public void objectsOfThreeClassesInOneVariable() {
        int n = 1003;
        check(MergedObjectTest::bodies, Inputs.floats(410, n, 1f, 4f), Inputs.floats(411, n, 0.5f, 2f), new float[n],
                new int[n]);
    }

    @Test
    public void aParameterOrAnObjectMadeInTheKernel() {
        int n = 1000;
        check(MergedObjectTest::paramOrNew, new Box(2f, 1.5f, 0.25f), Inputs.floats(412, n, -2f, 2f), new float[n]);
        check(MergedObjectTest::paramOrNew, new Ball(0.5f, 1.25f), Inputs.floats(413, n, -2f, 2f), new float[n]);
    }

    @Test
    public void writesThroughAChoiceShowThroughTheObjectsOwnVariables() {
        int n = 1000;
        check(MergedObjectTest::writeThroughChoice, Inputs.ints(414, n), new int[n]);
    }
}

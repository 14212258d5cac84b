package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import org.junit.Test;

/**
 * Objects made in the kernel whose fields hold references (replaced by scalars like primitive fields): records of
 * records, a particle holding vectors that its methods replace, a view over an argument array, a stack over a private
 * array, a wrapper around a described object whose method is devirtualised, a {@code null} field tested, a field
 * reassigned on one path. Strict, against the JVM.
 */
public class ObjectFieldsTest {
    public record Vec(float x, float y) {
        Vec plus(Vec o) {
            return new Vec(x + o.x, y + o.y);
        }

        Vec scale(float k) {
            return new Vec(x * k, y * k);
        }

        float dot(Vec o) {
            return x * o.x + y * o.y;
        }
    }

    public record Seg(Vec a, Vec b) {
        float len2() {
            Vec d = b.plus(a.scale(-1f));
            return d.dot(d);
        }
    }

    public static final class Particle {
        Vec pos;
        Vec vel;
        final float mass;

        Particle(Vec pos, Vec vel, float mass) {
            this.pos = pos;
            this.vel = vel;
            this.mass = mass;
        }

        void step(float dt, Vec force) {
            vel = vel.plus(force.scale(dt / mass));
            pos = pos.plus(vel.scale(dt));
        }
    }

    /** A view of an argument array from an offset. */
    public static final class View {
        final int[] data;
        final int start;

        View(int[] data, int start) {
            this.data = data;
            this.start = start;
        }

        int get(int k) {
            return data[start + k];
        }
    }

    /** A stack over a private array. */
    public static final class Stack {
        final int[] items;
        int size;

        Stack(int[] items) {
            this.items = items;
        }

        void push(int v) {
            items[size++] = v;
        }

        int pop() {
            return items[--size];
        }
    }

    public interface Op {
        int ap(int x);
    }

    public static final class AddK implements Op {
        final int k;

        AddK(int k) {
            this.k = k;
        }

        @Override
        public int ap(int x) {
            return x + k;
        }
    }

    public static final class Twice {
        final Op op;

        Twice(Op op) {
            this.op = op;
        }

        int ap(int x) {
            return op.ap(op.ap(x));
        }
    }

    public static final class Link {
        final int v;
        final Link next;

        Link(int v, Link next) {
            this.v = v;
            this.next = next;
        }

        int sum() {
            return v + (next == null ? 0 : next.v + (next.next == null ? 0 : next.next.v));
        }
    }

    public static void segments(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Seg s = new Seg(new Vec(a[i], 1f), new Vec(-a[i], a[(i + 1) % a.length]));
            out[i] = s.len2() + s.a().x() * s.b().y();
        }
    }

    public static void particles(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = new Particle(new Vec(a[i], 0f), new Vec(1f, -a[i]), 2f + (i & 3));
            Vec g = new Vec(0f, -9.81f);
            p.step(0.01f, g);
            p.step(0.02f, g.scale(0.5f));
            out[i] = p.pos.x() * 3f + p.pos.y() + p.vel.dot(p.pos);
        }
    }

    /** The same steps in a loop: the fields are given new objects on every iteration. */
    public static void particlesInALoop(float[] a, int[] steps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = new Particle(new Vec(a[i], 0f), new Vec(1f, -a[i]), 2f);
            for (int t = 0; t < steps[i]; t++) {
                p.step(0.01f, new Vec(0f, -9.81f));
            }
            out[i] = p.pos.x() + p.pos.y() * 0.5f + p.vel.y();
        }
    }

    /** Another variable still holds the field's first object while the loop replaces it: refused. */
    public static void heldElsewhere(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = new Particle(new Vec(a[i], 0f), new Vec(1f, -a[i]), 2f);
            Vec start = p.pos;
            for (int t = 0; t < 3; t++) {
                p.step(0.01f, new Vec(0f, -9.81f));
            }
            out[i] = p.pos.x() - start.x();
        }
    }

    public static void views(int[] data, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            View v = new View(data, i);
            out[i] = v.get(0) * 3 + v.get(1) - v.data.length;
        }
    }

    public static void stacks(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Stack s = new Stack(new int[8]);
            for (int k = 0; k < 5; k++) {
                s.push(a[i] + k);
            }
            int top = s.pop();
            out[i] = top * 10 + s.pop() + s.size;
        }
    }

    public static void wrapped(Op op, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Twice t = new Twice(op);
            out[i] = t.ap(a[i]);
        }
    }

    public static void links(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Link one = new Link(a[i], null);
            Link three = new Link(1, new Link(2, one));
            out[i] = one.sum() * 1000 + three.sum() + (one.next == null ? 7 : 0);
        }
    }

    public static void reassignedOnOnePath(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = new Particle(new Vec(a[i], 1f), new Vec(0f, 0f), 1f);
            if (a[i] > 0) {
                p.pos = new Vec(-a[i], 2f);
            }
            out[i] = p.pos.x() + p.pos.y();
        }
    }

    @Test
    public void recordsOfRecords() {
        check(ObjectFieldsTest::segments, JvmOracle.floats(9901, 1000, -3f, 3f), new float[1000]);
    }

    @Test
    public void aParticleReplacingItsVectors() {
        check(ObjectFieldsTest::particles, JvmOracle.floats(9902, 1000, -3f, 3f), new float[1000]);
    }

    @Test
    public void fieldsHoldingArrays() {
        check(ObjectFieldsTest::views, JvmOracle.ints(9903, 1001, -100, 100), new int[1000]);
        check(ObjectFieldsTest::stacks, JvmOracle.ints(9904, 1000, -100, 100), new int[1000]);
    }

    @Test
    public void aFieldHoldingADescribedObjectAndLinkedObjects() {
        check(ObjectFieldsTest::wrapped, new AddK(5), JvmOracle.ints(9905, 1000, -100, 100), new int[1000]);
        check(ObjectFieldsTest::links, JvmOracle.ints(9906, 1000, -100, 100), new int[1000]);
    }

    @Test
    public void fieldsGivenNewObjectsInALoop() {
        int n = 1000;
        check(ObjectFieldsTest::particlesInALoop, JvmOracle.floats(9908, n, -3f, 3f), JvmOracle.ints(9909, n, 0, 6),
                new float[n]);
    }

    @Test
    public void aFieldsObjectHeldElsewhereAcrossTheLoopIsRefused() {
        try (dev.ferrocl.api.TaskSchedule s = new dev.ferrocl.api.TaskSchedule("loop").task("t",
                ObjectFieldsTest::heldElsewhere, new float[8], new float[8])) {
            s.execute();
            org.junit.Assert.fail("strict mode should refuse it");
        } catch (dev.ferrocl.api.CompilationException e) {
            org.junit.Assert.assertTrue(e.getMessage(), e.getMessage().contains("merged in one"));
        }
    }

    @Test
    public void aFieldReassignedOnOnePath() {
        check(ObjectFieldsTest::reassignedOnOnePath, JvmOracle.floats(9907, 1000, -3f, 3f), new float[1000]);
    }
}

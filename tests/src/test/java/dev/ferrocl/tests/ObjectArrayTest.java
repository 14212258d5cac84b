package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import dev.ferrocl.tests.DevirtKernels.Circle;
import dev.ferrocl.tests.DevirtKernels.Shape;
import dev.ferrocl.tests.DevirtKernels.Square;
import java.util.Arrays;
import org.junit.Test;

/**
 * Arrays of objects ({@code Particle[] ps}, one class per array, elements may be null) in kernels (strict mode,
 * against the JVM): fields read and written, methods called on elements (devirtualised for the elements' class), null
 * elements tested and dereferenced, Java's index checks, an array held in a field of the task's object, and the arrays
 * that must run on the JVM (an object at two indices of an array whose fields are written).
 */
public class ObjectArrayTest {
    /** A particle with primitive fields of several types. */
    public static final class Particle {
        float x;
        float y;
        float vx;
        float vy;
        int hits;
        double mass;
        boolean alive;
        long stamp;

        Particle(float x, float y, float vx, float vy, double mass) {
            this.x = x;
            this.y = y;
            this.vx = vx;
            this.vy = vy;
            this.mass = mass;
            this.alive = ((int) x & 1) == 0;
        }

        float energy() {
            return (float) (0.5 * mass * (vx * vx + vy * vy));
        }

        void bounce(float wall) {
            if (x > wall) {
                x = 2 * wall - x;
                vx = -vx;
                hits++;
            }
        }
    }

    static Particle[] particles(long seed, int n, int nullEvery) {
        float[] f = Inputs.floats(seed, 5 * n, -10f, 10f);
        Particle[] ps = new Particle[n];
        for (int k = 0; k < n; k++) {
            if (nullEvery > 0 && k % nullEvery == nullEvery - 1) {
                continue;
            }
            ps[k] = new Particle(f[5 * k], f[5 * k + 1], f[5 * k + 2], f[5 * k + 3], Math.abs(f[5 * k + 4]) + 0.5);
            ps[k].stamp = 1L << (k % 63);
        }
        return ps;
    }

    /** The particles' fields, for comparing the objects after a run with the JVM's. */
    static Object[] state(Particle[] ps) {
        int n = ps.length;
        float[] x = new float[n];
        float[] y = new float[n];
        float[] vx = new float[n];
        int[] hits = new int[n];
        long[] stamp = new long[n];
        boolean[] alive = new boolean[n];
        for (int k = 0; k < n; k++) {
            if (ps[k] != null) {
                x[k] = ps[k].x;
                y[k] = ps[k].y;
                vx[k] = ps[k].vx;
                hits[k] = ps[k].hits;
                stamp[k] = ps[k].stamp;
                alive[k] = ps[k].alive;
            }
        }
        return new Object[] {x, y, vx, hits, stamp, alive};
    }

    static Particle[] copy(Particle[] ps) {
        Particle[] out = new Particle[ps.length];
        for (int k = 0; k < ps.length; k++) {
            if (ps[k] != null) {
                Particle p = ps[k];
                out[k] = new Particle(p.x, p.y, p.vx, p.vy, p.mass);
                out[k].hits = p.hits;
                out[k].stamp = p.stamp;
                out[k].alive = p.alive;
            }
        }
        return out;
    }

    public static void step(Particle[] ps, float dt, float wall) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            Particle p = ps[i];
            p.x += p.vx * dt;
            p.y += p.vy * dt;
            p.bounce(wall);
            p.stamp ^= (long) p.hits << 40;
            p.alive = !p.alive;
        }
    }

    public static void energies(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i] == null ? -1f : ps[i].energy() + (ps[i].alive ? 1f : 0f);
        }
    }

    /** Every particle against every other (an inner loop over the elements). */
    public static void nearest(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            Particle p = ps[i];
            if (p == null) {
                out[i] = -2;
                continue;
            }
            float best = Float.MAX_VALUE;
            int at = -1;
            for (int j = 0; j < ps.length; j++) {
                if (j != i && ps[j] != null) {
                    float dx = ps[j].x - p.x;
                    float dy = ps[j].y - p.y;
                    float d = dx * dx + dy * dy;
                    if (d < best) {
                        best = d;
                        at = j;
                    }
                }
            }
            out[i] = at;
        }
    }

    public static void areas(Shape[] shapes, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = shapes[i].area(x[i]) + shapes[(i * 7) % shapes.length].scaled(x[i]);
        }
    }

    public static void gather(Particle[] ps, int[] idx, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[idx[i]].x;
        }
    }

    /** Holds its particles in a field. */
    public static final class World {
        final Particle[] bodies;
        final float g;

        World(Particle[] bodies, float g) {
            this.bodies = bodies;
            this.g = g;
        }

        public void fall(float dt) {
            for (@Parallel int i = 0; i < bodies.length; i++) {
                bodies[i].vy -= g * dt;
                bodies[i].y += bodies[i].vy * dt;
            }
        }
    }

    private static void assertSameState(String what, Particle[] expected, Particle[] actual) {
        Object[] e = state(expected);
        Object[] a = state(actual);
        for (int k = 0; k < e.length; k++) {
            JvmOracle.assertSame(what + ", field " + k, e[k], a[k]);
        }
    }

    @Test
    public void fieldsReadAndWrittenBack() {
        for (int n : SIZES) {
            Particle[] ps = particles(7001, n, 0);
            Particle[] expected = copy(ps);
            step(expected, 0.125f, 5f);
            try (TaskSchedule s = new TaskSchedule("step").task("t", ObjectArrayTest::step, ps, 0.125f, 5f)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            assertSameState("n = " + n, expected, ps);
        }
    }

    @Test
    public void methodsAndNullTestsOfElements() {
        for (int n : SIZES) {
            check(ObjectArrayTest::energies, particles(7002, n, 3), new float[n]);
            check(ObjectArrayTest::nearest, particles(7003, Math.min(n, 2000), 5), new int[Math.min(n, 2000)]);
        }
    }

    @Test
    public void aNullElementDereferencedThrowsAsTheJvmDoes() {
        Particle[] ps = particles(7004, 1000, 0);
        ps[617] = null;
        Particle[] jvmCopy = copy(ps);
        Throwable e = checkThrows(x -> step(jvmCopy, 0.5f, 3f), s -> s.task("t", ObjectArrayTest::step, ps, 0.5f, 3f));
        assertEquals(NullPointerException.class, e.getClass());
        // Nothing was written back: the JVM's rerun started from the objects as they were.
        assertSameState("after the exception", jvmCopy, ps);
    }

    @Test
    public void anIndexOutOfBoundsThrowsAsTheJvmDoes() {
        Particle[] ps = particles(7005, 100, 0);
        int[] idx = JvmOracle.ints(7006, 100, 0, 100);
        check(ObjectArrayTest::gather, ps, idx, new float[100]);
        idx[42] = 100;
        float[] out = new float[100];
        Throwable e = checkThrows(x -> gather((Particle[]) x[0], (int[]) x[1], (float[]) x[2]),
                s -> s.task("t", ObjectArrayTest::gather, ps, idx, out), ps, idx, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 100 out of bounds for length 100", e.getMessage());
    }

    @Test
    public void interfaceCallsOnElementsOfOneClassAndThenAnother() {
        int n = 1000;
        Shape[] circles = new Shape[n];
        Shape[] squares = new Shape[n];
        for (int k = 0; k < n; k++) {
            circles[k] = new Circle(0.01f * k);
            squares[k] = new Square(-0.02f * k);
        }
        check(ObjectArrayTest::areas, circles, Inputs.floats(7007, n, -3f, 3f), new float[n]);
        check(ObjectArrayTest::areas, squares, Inputs.floats(7008, n, -3f, 3f), new float[n]);
    }

    /** More shapes, for arrays of several classes. */
    static final class Tri implements Shape {
        final float b;

        Tri(float b) {
            this.b = b;
        }

        @Override
        public float area(float x) {
            return 0.5f * b * x;
        }
    }

    static final class Hex implements Shape {
        @Override
        public float area(float x) {
            return 2.598f * x * x;
        }

        @Override
        public float scaled(float x) {
            return -x;
        }
    }

    static final class Oct implements Shape {
        @Override
        public float area(float x) {
            return 4.828f * x;
        }
    }

    static Shape[] mixedShapes(int n, int kinds, long seed) {
        float[] f = Inputs.floats(seed, n, -2f, 2f);
        Shape[] out = new Shape[n];
        for (int k = 0; k < n; k++) {
            switch ((k * 7 + (int) seed) % kinds) {
                case 0: out[k] = new Circle(f[k]); break;
                case 1: out[k] = new Square(f[k]); break;
                case 2: out[k] = new Tri(f[k]); break;
                case 3: out[k] = new Hex(); break;
                default: out[k] = new Oct(); break;
            }
        }
        return out;
    }

    @Test
    public void elementsOfSeveralClassesBranchOnTheirClass() {
        for (int kinds = 2; kinds <= 4; kinds++) {
            for (int n : new int[] {1, 7, 1000}) {
                check(ObjectArrayTest::areas, mixedShapes(n, kinds, 7030 + kinds), Inputs.floats(7040, n, -3f, 3f),
                        new float[n]);
            }
        }
        // One schedule, the array's classes changing between executions: a kernel per set of classes.
        int n = 500;
        Shape[] shapes = mixedShapes(n, 2, 7050);
        float[] x = Inputs.floats(7051, n, -3f, 3f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("sets").task("t", ObjectArrayTest::areas, shapes, x, out)) {
            for (int kinds : new int[] {2, 3, 1, 3}) {
                Shape[] now = mixedShapes(n, kinds, 7060 + kinds);
                System.arraycopy(now, 0, shapes, 0, n);
                float[] expected = new float[n];
                areas(shapes, x, expected);
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("classes: " + kinds, expected, out);
            }
        }
    }

    @Test
    public void elementsOfMoreThanFourClassesAreRefused() {
        Shape[] five = mixedShapes(10, 5, 7070);
        try (TaskSchedule s = new TaskSchedule("five").task("t", ObjectArrayTest::areas, five, new float[10],
                new float[10])) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("too many classes"));
        }
    }

    @Test
    public void anArrayInAFieldOfTheTasksObject() {
        Particle[] ps = particles(7009, 1000, 0);
        Particle[] expected = copy(ps);
        new World(expected, 9.81f).fall(0.01f);
        World w = new World(ps, 9.81f);
        try (TaskSchedule s = new TaskSchedule("world").task("t", w::fall, 0.01f)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        assertSameState("world", expected, ps);
    }

    @Test
    public void oneObjectAtTwoIndicesOfAWrittenArrayRunsOnTheJvm() {
        Particle[] ps = particles(7010, 10, 0);
        ps[3] = ps[7];
        try (TaskSchedule s = new TaskSchedule("twice").task("t", ObjectArrayTest::step, ps, 0.5f, 3f)) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("two indices"));
        }
        // Read only: one object at two indices is fine.
        check(ObjectArrayTest::energies, ps, new float[10]);
        assertTrue(Arrays.asList(ps).contains(ps[3]));
    }

    /** The element with the largest x among every 37th, from this one on: a variable given elements in a loop. */
    public static void argMax(Particle[] ps, int[] at, float[] energy) {
        for (@Parallel int i = 0; i < at.length; i++) {
            Particle best = ps[i];
            int where = i;
            for (int j = 0; j < ps.length; j += 37) {
                Particle q = ps[j];
                if (q != null && (best == null || q.x > best.x)) {
                    best = q;
                    where = j;
                }
            }
            at[i] = where;
            energy[i] = best == null ? -1f : best.energy() + best.hits;
        }
    }

    static Particle nearer(Particle[] ps, int a, int b) {
        return Math.abs(ps[a].x) < Math.abs(ps[b].x) ? ps[a] : ps[b];
    }

    /** One of two elements chosen by a condition, and by a helper that returns one. */
    public static void chosen(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int n = ps.length;
            Particle p = ps[i].y > 0f ? ps[i] : ps[(i + 1) % n];
            out[i] = p.energy() + nearer(ps, i, (i + 7) % n).x;
        }
    }

    @Test
    public void variablesHoldingOneOfSeveralElements() {
        for (int n : new int[] {1, 7, 1000, 4099}) {
            check(ObjectArrayTest::argMax, particles(7020, n, 4), new int[n], new float[n]);
            check(ObjectArrayTest::chosen, particles(7021, n, 0), new float[n]);
        }
    }

    /** The arg-max idiom starting from null (`best = null`, then elements), and null among the elements chosen. */
    public static void argMaxFromNull(Particle[] ps, int[] at, float[] energy) {
        for (@Parallel int i = 0; i < at.length; i++) {
            Particle best = null;
            for (int j = i % 3; j < ps.length; j += 5) {
                Particle q = ps[j];
                if (q != null && (best == null || q.x > best.x)) {
                    best = q;
                }
            }
            at[i] = best == null ? -1 : best.hits + (int) best.y;
            energy[i] = best != null ? best.energy() : 0f;
        }
    }

    public static void nullOrElement(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = ps[i] != null && ps[i].x > 0f ? ps[i] : null;
            Particle none = null;
            out[i] = p == null ? -1f : p.y;
            if (p == none) {
                out[i] += 100f;
            }
        }
    }

    @Test
    public void nullAsAnAbsentElement() {
        for (int n : new int[] {1, 7, 1000, 4099}) {
            check(ObjectArrayTest::argMaxFromNull, particles(7080, n, 4), new int[n], new float[n]);
            check(ObjectArrayTest::nullOrElement, particles(7081, n, 3), new float[n]);
        }
        // Every element null: the JVM runs it (the elements have no class).
        check(ObjectArrayTest::nullOrElement, particles(7082, 3, 0), new float[3]);
    }
}

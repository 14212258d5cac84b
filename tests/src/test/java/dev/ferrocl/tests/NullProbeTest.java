package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import dev.ferrocl.tests.DevirtKernels.Shape;
import dev.ferrocl.tests.MoreChecks.TaskAdder;
import dev.ferrocl.tests.ObjectArrayTest.Particle;
import java.util.Objects;
import java.util.function.IntUnaryOperator;
import org.junit.Test;

/**
 * A helper's probes of {@code null} as a value in kernels (strict mode, every result against the JVM's own run):
 * the arg-max, arg-min and first-match idioms starting from {@code null} over an array of objects (an argument or a
 * field of the task's object; nulls among the elements, ties, loops that never assign, {@code break}, nested and
 * counting-down loops, a variable reset to null inside the loop), {@code c ? ps[i] : null} tested, dereferenced
 * under a guard and without one (Java's {@code NullPointerException}), helpers returning or testing null, null
 * compared with null, arrays, rows, objects made in the kernel, lambdas, {@code this} and object parameters, and
 * the uses of null that must be refused cleanly (two arrays of objects for the loop-carried form, stores of null,
 * elements compared by reference, every element null).
 */
public class NullProbeTest {
    private static final float NONE = -1e30f;

    // ---------------------------------------------------------------- inputs

    static Particle[] ps(long seed, int n, int nullEvery) {
        return ObjectArrayTest.particles(seed, n, nullEvery);
    }

    /** Particles whose x is one of -2..2 (many ties) and whose y tells them apart. */
    static Particle[] ties(long seed, int n, int nullEvery) {
        Particle[] ps = ObjectArrayTest.particles(seed, n, nullEvery);
        for (int k = 0; k < n; k++) {
            if (ps[k] != null) {
                ps[k].x = (float) ((k * 7) % 5) - 2f;
                ps[k].y = k + 0.25f;
            }
        }
        return ps;
    }

    static float[] lims(long seed, int n) {
        return Inputs.floats(seed, n, -12f, 12f);
    }

    private static void assertRefused(String expectedInMessage, TaskAdder adder) {
        try (TaskSchedule s = adder.add(new TaskSchedule("refused"))) {
            s.execute();
            fail("strict mode should refuse it; report:\n" + s.report());
        } catch (CompilationException e) {
            System.out.println("refused: " + e.getMessage());
            assertTrue("message: " + e.getMessage(), e.getMessage().contains(expectedInMessage));
        }
    }

    private static void assertSameState(String what, Particle[] expected, Particle[] actual) {
        Object[] e = ObjectArrayTest.state(expected);
        Object[] a = ObjectArrayTest.state(actual);
        for (int k = 0; k < e.length; k++) {
            JvmOracle.assertSame(what + ", field " + k, e[k], a[k]);
        }
    }

    private static final int[] NS = {1, 7, 1000};

    // ---------------------------------------------------------------- the loop-carried idioms from null

    /** Arg-max of x below a limit per work-item, from null; ties keep the first; often nothing qualifies. */
    public static void argMaxBelow(Particle[] ps, float[] lim, float[] out, int[] at) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            int where = -1;
            for (int j = 0; j < ps.length; j++) {
                Particle q = ps[j];
                if (q != null && q.x < lim[i] && (best == null || q.x > best.x)) {
                    best = q;
                    where = j;
                }
            }
            out[i] = best == null ? NONE : best.y;
            at[i] = where;
        }
    }

    @Test
    public void argMaxBelowALimitFromNull() {
        for (int n : NS) {
            check(NullProbeTest::argMaxBelow, ps(9001, n, 3), lims(9002, n), new float[n], new int[n]);
        }
    }

    @Test
    public void argMaxWithTiesKeepsTheFirst() {
        for (int n : NS) {
            float[] lim = Inputs.floats(9003, n, -3f, 3f);
            check(NullProbeTest::argMaxBelow, ties(9004, n, 4), lim, new float[n], new int[n]);
        }
    }

    @Test
    public void argMaxLoopNeverAssigns() {
        // Every limit below every x: best stays null in every work-item.
        int n = 300;
        float[] lim = new float[n];
        java.util.Arrays.fill(lim, -100f);
        check(NullProbeTest::argMaxBelow, ps(9005, n, 2), lim, new float[n], new int[n]);
    }

    /** Arg-min with `<=`: ties keep the last; `continue` on nulls. */
    public static void argMinLastTie(Particle[] ps, float[] out, int[] at) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            int where = -1;
            for (int j = i % 3; j < ps.length; j += 2) {
                Particle q = ps[j];
                if (q == null) {
                    continue;
                }
                if (best == null || q.x <= best.x) {
                    best = q;
                    where = j;
                }
            }
            out[i] = best != null ? best.y + best.hits : NONE;
            at[i] = where;
        }
    }

    @Test
    public void argMinWithTiesKeepsTheLast() {
        for (int n : NS) {
            check(NullProbeTest::argMinLastTie, ties(9006, n, 3), new float[n], new int[n]);
        }
    }

    /** The first element above a limit: `found = ps[j]; break;`. */
    public static void firstAbove(Particle[] ps, float[] lim, float[] out, int[] at) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle found = null;
            int j = 0;
            for (; j < ps.length; j++) {
                if (ps[j] != null && ps[j].x > lim[i]) {
                    found = ps[j];
                    break;
                }
            }
            out[i] = found != null ? found.y + found.hits : NONE;
            at[i] = j;
        }
    }

    @Test
    public void firstMatchWithBreak() {
        for (int n : NS) {
            check(NullProbeTest::firstAbove, ps(9007, n, 2), lims(9008, n), new float[n], new int[n]);
        }
    }

    /** The last element below a limit, counting down, `found == null` in the loop's condition. */
    public static void lastBelow(Particle[] ps, float[] lim, float[] out, int[] at) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle found = null;
            int j = ps.length - 1;
            while (j >= 0 && found == null) {
                Particle q = ps[j];
                if (q != null && q.y < lim[i]) {
                    found = q;
                }
                j--;
            }
            out[i] = found == null ? NONE : found.x;
            at[i] = j;
        }
    }

    @Test
    public void lastMatchCountingDownWithNullInTheCondition() {
        for (int n : NS) {
            check(NullProbeTest::lastBelow, ps(9009, n, 3), lims(9010, n), new float[n], new int[n]);
        }
    }

    /** Arg-max of y in nested loops (blocks of 8), from null before the outer loop. */
    public static void nestedBlocks(Particle[] ps, float[] lim, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            for (int b = 0; b < ps.length; b += 8) {
                for (int k = b; k < Math.min(b + 8, ps.length); k++) {
                    Particle q = ps[k];
                    if (q != null && q.x < lim[i] && (best == null || q.y > best.y)) {
                        best = q;
                    }
                }
            }
            out[i] = best == null ? NONE : best.x * 2f + best.y;
        }
    }

    @Test
    public void argMaxInNestedLoops() {
        for (int n : NS) {
            check(NullProbeTest::nestedBlocks, ps(9011, n, 5), lims(9012, n), new float[n]);
        }
    }

    /** The last element with x > 0 since the last null: the variable is set back to null inside the loop. */
    public static void lastSinceNull(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle last = null;
            int m = Math.min(i + 1, ps.length);
            for (int j = 0; j < m; j++) {
                if (ps[j] == null) {
                    last = null;
                } else if (ps[j].x > 0f) {
                    last = ps[j];
                }
            }
            out[i] = last == null ? NONE : last.y;
        }
    }

    @Test
    public void variableSetBackToNullInTheLoop() {
        for (int n : NS) {
            check(NullProbeTest::lastSinceNull, ps(9013, n, 4), new float[n]);
        }
    }

    /** Arg-max and arg-min in one loop, two variables from null. */
    public static void bestAndWorst(Particle[] ps, float[] lim, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            Particle worst = null;
            for (int j = i % 4; j < ps.length; j += 3) {
                Particle q = ps[j];
                if (q == null || q.y > lim[i]) {
                    continue;
                }
                if (best == null || q.x > best.x) {
                    best = q;
                }
                if (worst == null || q.x < worst.x) {
                    worst = q;
                }
            }
            out[i] = (best == null ? 1000f : best.y) - (worst == null ? -1000f : worst.y);
        }
    }

    @Test
    public void twoVariablesFromNullInOneLoop() {
        for (int n : NS) {
            check(NullProbeTest::bestAndWorst, ps(9014, n, 3), lims(9015, n), new float[n]);
        }
    }

    /** A walk from element to element that may end at null (loop-carried, started from an element). */
    public static void walk(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int n = ps.length;
            int at = i % n;
            Particle cur = ps[at];
            int s = 0;
            for (; s < 6; s++) {
                if (cur == null) {
                    break;
                }
                at = (at * 7 + 3) % n;
                cur = cur.x > -5f ? ps[at] : null;
            }
            out[i] = cur == null ? -s : cur.y;
        }
    }

    @Test
    public void walkThatEndsAtNull() {
        for (int n : NS) {
            check(NullProbeTest::walk, ps(9016, n, 4), new float[n]);
        }
    }

    /** Arg-min of y with a do-while loop, from null. */
    public static void doWhileArgMin(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            int j = i % ps.length;
            do {
                Particle q = ps[j];
                if (q != null && (best == null || q.y < best.y)) {
                    best = q;
                }
                j += 3;
            } while (j < ps.length);
            out[i] = best == null ? NONE : best.x;
        }
    }

    @Test
    public void doWhileArgMinFromNull() {
        for (int n : NS) {
            check(NullProbeTest::doWhileArgMin, ps(9017, n, 2), new float[n]);
        }
    }

    static float score(Particle p) {
        if (p == null) {
            return -5f;
        }
        return p.energy() + p.hits;
    }

    /** The arg-max handed to a helper that tests it for null and calls a method on it. */
    public static void argMaxToHelper(Particle[] ps, float[] lim, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            for (int j = 0; j < ps.length; j += 2) {
                Particle q = ps[j];
                if (q != null && q.vx < lim[i] && (best == null || q.vx > best.vx)) {
                    best = q;
                }
            }
            out[i] = score(best);
        }
    }

    @Test
    public void argMaxHandedToAHelper() {
        for (int n : NS) {
            check(NullProbeTest::argMaxToHelper, ps(9018, n, 3), lims(9019, n), new float[n]);
        }
    }

    /** `best` declared before the @Parallel loop, reset per work-item. */
    public static void bestOutsideParallel(Particle[] ps, float[] out) {
        Particle best = null;
        for (@Parallel int i = 0; i < out.length; i++) {
            best = null;
            for (int j = i % 4; j < ps.length; j += 4) {
                Particle q = ps[j];
                if (q != null && (best == null || q.y > best.y)) {
                    best = q;
                }
            }
            out[i] = best == null ? NONE : best.x;
        }
    }

    @Test
    public void variableDeclaredBeforeTheParallelLoop() {
        for (int n : NS) {
            check(NullProbeTest::bestOutsideParallel, ps(9020, n, 3), new float[n]);
        }
    }

    /** Holds its particles in a field. */
    public static final class Swarm {
        final Particle[] bodies;
        final float[] lim;

        Swarm(Particle[] bodies, float[] lim) {
            this.bodies = bodies;
            this.lim = lim;
        }

        /** The field is first read inside the inner loop (after `best = null`). */
        public void argMaxLate(float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Particle best = null;
                for (int j = 0; j < bodies.length; j++) {
                    Particle q = bodies[j];
                    if (q != null && q.x < lim[i] && (best == null || q.x > best.x)) {
                        best = q;
                    }
                }
                out[i] = best == null ? NONE : best.y;
            }
        }

        /** The field read into a local before `best = null`. */
        public void argMaxEarly(float[] out) {
            Particle[] bs = bodies;
            for (@Parallel int i = 0; i < out.length; i++) {
                int n = bs.length;
                Particle best = null;
                for (int j = 0; j < n; j++) {
                    Particle q = bs[j];
                    if (q != null && q.x < lim[i] && (best == null || q.x > best.x)) {
                        best = q;
                    }
                }
                out[i] = best == null ? NONE : best.y;
            }
        }
    }

    @Test
    public void argMaxOverAFieldReadFirstInTheInnerLoop() {
        for (int n : NS) {
            Swarm w = new Swarm(ps(9021, n, 3), lims(9022, n));
            check(w::argMaxLate, new float[n]);
        }
    }

    @Test
    public void argMaxOverAFieldReadBeforeTheLoops() {
        for (int n : NS) {
            Swarm w = new Swarm(ps(9023, n, 3), lims(9024, n));
            check(w::argMaxEarly, new float[n]);
        }
    }

    /** The loop-carried form with two arrays of objects in the method. */
    public static void argMaxOfTwo(Particle[] a, Particle[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            for (int j = 0; j < a.length; j++) {
                Particle q = a[j];
                if (q != null && (best == null || q.x > best.x)) {
                    best = q;
                }
            }
            out[i] = (best == null ? 0f : best.y) + (b[i % b.length] == null ? 1f : b[i % b.length].x);
        }
    }

    @Test
    public void loopCarriedNullWithTwoArraysOfObjectsIsRefused() {
        int n = 50;
        Particle[] a = ps(9025, n, 3);
        Particle[] b = ps(9026, n, 4);
        assertRefused("null", s -> s.task("t", NullProbeTest::argMaxOfTwo, a, b, new float[n]));
    }

    /** Null among elements of each of two arrays, in separate variables: no loop, so no need for the only array. */
    public static void twoArraysTernaries(Particle[] a, Particle[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = (i & 1) == 0 ? a[i] : null;
            Particle q = (i % 3) != 0 ? b[i] : null;
            out[i] = (p == null ? 0.5f : p.x) + (q != null ? q.y : 0.25f);
        }
    }

    @Test
    public void nullAmongElementsOfEachOfTwoArrays() {
        for (int n : NS) {
            check(NullProbeTest::twoArraysTernaries, ps(9027, n, 3), ps(9028, n, 5), new float[n]);
        }
    }

    /** One variable holding an element of one array, null, or an element of another. */
    public static void nullBetweenTwoArrays(Particle[] a, Particle[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = (i & 1) == 0 ? a[i] : (i % 3) == 0 ? null : b[i];
            out[i] = p == null ? -1f : p.x;
        }
    }

    @Test
    public void nullBetweenElementsOfTwoArraysIsRefused() {
        int n = 30;
        assertRefused("null tests are only supported", s -> s.task("t", NullProbeTest::nullBetweenTwoArrays, ps(9029, n, 0), ps(9030, n, 0),
                new float[n]));
    }

    /** Arg-max over elements of several classes, from null: methods on `best` branch on its class. */
    public static void shapeArgMax(Shape[] shapes, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape best = null;
            float bestArea = 0f;
            for (int j = i % 2; j < shapes.length; j += 3) {
                Shape q = shapes[j];
                if (q != null && (best == null || q.area(x[i]) > bestArea)) {
                    best = q;
                    bestArea = q.area(x[i]);
                }
            }
            out[i] = best == null ? NONE : best.scaled(x[i]) + bestArea;
        }
    }

    /** An absent element of an array of several classes, its method called without a test. */
    public static void shapeUnguarded(Shape[] shapes, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = x[i] > 0f ? shapes[i] : null;
            out[i] = s.area(x[i]);
        }
    }

    static Shape[] shapesWithNulls(int n, int kinds, long seed, int nullEvery) {
        Shape[] out = ObjectArrayTest.mixedShapes(n, kinds, seed);
        for (int k = nullEvery - 1; k < n; k += nullEvery) {
            out[k] = null;
        }
        return out;
    }

    @Test
    public void argMaxFromNullOverElementsOfSeveralClasses() {
        for (int kinds = 1; kinds <= 4; kinds++) {
            for (int n : NS) {
                check(NullProbeTest::shapeArgMax, shapesWithNulls(n, kinds, 9061 + kinds, 4),
                        Inputs.floats(9066, n, -3f, 3f), new float[n]);
            }
        }
    }

    @Test
    public void absentElementOfSeveralClassesThrowsWhenUsed() {
        int n = 300;
        Shape[] shapes = shapesWithNulls(n, 3, 9067, 1000);
        float[] x = JvmOracle.floats(9068, n, 0.5f, 3f);
        check(NullProbeTest::shapeUnguarded, shapes, x, new float[n]);
        x[123] = -1f;
        float[] out = new float[n];
        Throwable e = checkThrows(v -> shapeUnguarded((Shape[]) v[0], (float[]) v[1], (float[]) v[2]),
                s -> s.task("t", NullProbeTest::shapeUnguarded, shapes, x, out), shapes, x, out);
        assertEquals(NullPointerException.class, e.getClass());
    }

    static boolean same(Particle a, Particle b) {
        return a == b;
    }

    /** Null passed to a helper that compares its two parameters by reference (one an element). */
    public static void helperComparesWithNull(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = (i % 3) == 0 ? null : ps[i];
            out[i] = (same(ps[i], null) ? 1f : 0f) + (same(null, p) ? 2f : 0f) + (same(null, null) ? 4f : 0f);
        }
    }

    @Test
    public void nullPassedToAHelperComparingReferences() {
        for (int n : NS) {
            check(NullProbeTest::helperComparesWithNull, ps(9069, n, 4), new float[n]);
        }
    }

    // ---------------------------------------------------------------- c ? ps[i] : null

    public static void maybeX(Particle[] ps, float[] lim, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = ps[i] != null && ps[i].x < lim[i] ? ps[i] : null;
            out[i] = p != null ? p.x : -1f;
            if (p == null) {
                out[i] -= 0.5f;
            }
        }
    }

    @Test
    public void nullOrElementTestedBothWays() {
        for (int n : NS) {
            check(NullProbeTest::maybeX, ps(9031, n, 3), lims(9032, n), new float[n]);
        }
    }

    public static void maybeEnergy(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = (i & 1) == 0 ? ps[i] : null;
            if (p != null) {
                out[i] = p.energy();
            } else {
                out[i] = -2f;
            }
        }
    }

    @Test
    public void methodOfNullOrElementUnderAGuard() {
        for (int n : NS) {
            check(NullProbeTest::maybeEnergy, ps(9033, n, 5), new float[n]);
        }
    }

    public static void switchPick(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int n = ps.length;
            Particle p;
            switch (i % 3) {
                case 0:
                    p = ps[i];
                    break;
                case 1:
                    p = null;
                    break;
                default:
                    p = ps[(i * 5) % n];
                    break;
            }
            out[i] = p == null ? -7f : p.y;
        }
    }

    @Test
    public void switchChoosingElementsOrNull() {
        for (int n : NS) {
            check(NullProbeTest::switchPick, ps(9034, n, 4), new float[n]);
        }
    }

    /** A local set to null in one branch and an element in the other, in a sequential loop. */
    public static void branchNullInLoop(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0f;
            int n = ps.length;
            for (int k = 0; k < 8; k++) {
                Particle p;
                if ((i + k) % 3 == 0) {
                    p = null;
                } else {
                    p = ps[(i + k) % n];
                }
                s += p == null ? 1f : p.x;
            }
            out[i] = s;
        }
    }

    @Test
    public void nullInOneBranchElementInTheOtherInALoop() {
        for (int n : NS) {
            check(NullProbeTest::branchNullInLoop, ps(9035, n, 4), new float[n]);
        }
    }

    // ---------------------------------------------------------------- unguarded dereferences: Java's NPE

    public static void unguardedX(Particle[] ps, float[] lim, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = lim[i] > 0f ? ps[i] : null;
            out[i] = p.x;
        }
    }

    @Test
    public void unguardedFieldOfAbsentElementThrows() {
        int n = 1000;
        Particle[] ps = ps(9036, n, 0);
        float[] lim = new float[n];
        java.util.Arrays.fill(lim, 1f);
        // Never absent: runs.
        check(NullProbeTest::unguardedX, ps, lim, new float[n]);
        lim[613] = -1f;
        float[] out = new float[n];
        Throwable e = checkThrows(x -> unguardedX((Particle[]) x[0], (float[]) x[1], (float[]) x[2]),
                s -> s.task("t", NullProbeTest::unguardedX, ps, lim, out), ps, lim, out);
        assertEquals(NullPointerException.class, e.getClass());
    }

    public static void unguardedEnergy(Particle[] ps, int[] sel, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = null;
            if (sel[i] != 0) {
                p = ps[i];
            }
            out[i] = p.energy();
        }
    }

    @Test
    public void unguardedMethodOfAbsentElementThrows() {
        int n = 700;
        Particle[] ps = ps(9037, n, 0);
        int[] sel = new int[n];
        java.util.Arrays.fill(sel, 1);
        sel[n - 1] = 0;
        float[] out = new float[n];
        Throwable e = checkThrows(x -> unguardedEnergy((Particle[]) x[0], (int[]) x[1], (float[]) x[2]),
                s -> s.task("t", NullProbeTest::unguardedEnergy, ps, sel, out), ps, sel, out);
        assertEquals(NullPointerException.class, e.getClass());
    }

    public static void unguardedWrite(Particle[] ps, int[] sel) {
        for (@Parallel int i = 0; i < sel.length; i++) {
            Particle p = sel[i] != 0 ? ps[i] : null;
            p.hits += 1;
            p.x = -p.x;
        }
    }

    @Test
    public void unguardedWriteToAbsentElementThrowsAndWritesNothingBack() {
        int n = 500;
        Particle[] ps = ps(9038, n, 0);
        Particle[] jvm = ObjectArrayTest.copy(ps);
        int[] sel = new int[n];
        java.util.Arrays.fill(sel, 1);
        sel[250] = 0;
        Throwable e = checkThrows(x -> unguardedWrite(jvm, sel.clone()),
                s -> s.task("t", NullProbeTest::unguardedWrite, ps, sel));
        assertEquals(NullPointerException.class, e.getClass());
        assertSameState("after the exception", jvm, ps);
    }

    public static void guardedWrite(Particle[] ps, int[] sel) {
        for (@Parallel int i = 0; i < sel.length; i++) {
            Particle p = sel[i] != 0 ? ps[i] : null;
            if (p != null) {
                p.hits += 3;
                p.x *= 2f;
            }
        }
    }

    @Test
    public void guardedWriteThroughNullOrElement() {
        for (int n : NS) {
            Particle[] ps = ps(9039, n, 4);
            Particle[] jvm = ObjectArrayTest.copy(ps);
            int[] sel = JvmOracle.ints(9040, n, 0, 2);
            guardedWrite(jvm, sel);
            try (TaskSchedule s = new TaskSchedule("gw").task("t", NullProbeTest::guardedWrite, ps, sel)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            assertSameState("n = " + n, jvm, ps);
        }
    }

    /** A null element at an index the argument chooses, dereferenced without a test. */
    public static void requireElement(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Objects.requireNonNull(ps[i]).x;
        }
    }

    public static void objectsIsNull(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (Objects.isNull(ps[i]) ? 1f : 0f) + (Objects.nonNull(ps[(i + 1) % ps.length]) ? 2f : 0f);
        }
    }

    @Test
    public void objectsIsNullAndNonNullOnElements() {
        for (int n : NS) {
            check(NullProbeTest::objectsIsNull, ps(9041, n, 3), new float[n]);
        }
    }

    /**
     * javac casts requireNonNull's result back to Particle: a type check of an element (refused until 2026-11-28,
     * "type checks"). Without nulls it runs on the device; with one, the JVM's rerun throws its NullPointerException.
     */
    @Test
    public void requireNonNullOfAnElement() {
        int n = 20;
        check(NullProbeTest::requireElement, ps(9060, n, 0), new float[n]);
        Particle[] withNull = ps(9061, n, 0);
        withNull[13] = null;
        float[] out = new float[n];
        Throwable e = checkThrows(x -> requireElement((Particle[]) x[0], (float[]) x[1]),
                s -> s.task("t", NullProbeTest::requireElement, withNull, out), withNull, out);
        assertEquals(NullPointerException.class, e.getClass());
    }

    /** `null` itself dereferenced on some work-items. */
    public static void derefNull(float[] in, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = null;
            out[i] = in[i] > 0f ? in[i] : p.x;
        }
    }

    @Test
    public void nullItselfDereferencedThrowsOrIsRefused() {
        int n = 100;
        float[] in = Inputs.floats(9042, n, 0.5f, 1f);
        in[40] = -1f;
        float[] out = new float[n];
        // Refused where the field is read (the JVM would throw NullPointerException at in[40]).
        assertRefused("reading field", s -> s.task("t", NullProbeTest::derefNull, in, out));
    }

    // ---------------------------------------------------------------- helpers returning or testing null

    static Particle pickAbove(Particle[] ps, int i, float t) {
        if (ps[i] != null && ps[i].x > t) {
            return ps[i];
        }
        return null;
    }

    static float xOr(Particle p, float d) {
        return p == null ? d : p.x;
    }

    static Particle none() {
        return null;
    }

    public static void helperPicks(Particle[] ps, float[] lim, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = pickAbove(ps, i, lim[i]);
            out[i] = xOr(p, -1f) + xOr(null, 0.5f) + (none() == null ? 2f : 0f) + xOr(ps[i], 3f);
        }
    }

    @Test
    public void helpersReturningAndTestingNull() {
        for (int n : NS) {
            check(NullProbeTest::helperPicks, ps(9043, n, 3), lims(9044, n), new float[n]);
        }
    }

    static Particle firstFrom(Particle[] ps, int from, float t) {
        for (int j = from; j < ps.length; j++) {
            if (ps[j] != null && ps[j].x > t) {
                return ps[j];
            }
        }
        return null;
    }

    public static void helperLoopReturn(Particle[] ps, float[] lim, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = score(firstFrom(ps, i % 5, lim[i]));
        }
    }

    @Test
    public void helperReturningAnElementFromItsLoopOrNull() {
        for (int n : NS) {
            check(NullProbeTest::helperLoopReturn, ps(9045, n, 3), lims(9046, n), new float[n]);
        }
    }

    // ---------------------------------------------------------------- null compared with other references

    public static void nullWithNull(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Object x = null;
            Object y = null;
            String s = null;
            Particle none = null;
            int r = i;
            if (x == y) {
                r += 1;
            }
            if (x != y) {
                r += 2;
            }
            if (s == null) {
                r += 4;
            }
            if (x == none) {
                r += 8;
            }
            if (none != null) {
                r += 16;
            }
            out[i] = r;
        }
    }

    @Test
    public void nullComparedWithNull() {
        check(NullProbeTest::nullWithNull, new int[100]);
    }

    public static void nullWithArrays(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Object none = null;
            int[] local = new int[2];
            local[i & 1] = a[i];
            int r = local[0] + local[1];
            if (a == null) {
                r += 1;
            }
            if (a != null) {
                r += 2;
            }
            if (a == none) {
                r += 4;
            }
            if (none != out) {
                r += 8;
            }
            if (local == null) {
                r += 16;
            }
            if (local != none) {
                r += 32;
            }
            out[i] = r;
        }
    }

    @Test
    public void nullComparedWithArrays() {
        check(NullProbeTest::nullWithArrays, JvmOracle.ints(9047, 100, -50, 50), new int[100]);
    }

    public static void nullWithRows(int[][] m, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m[i] == null ? -1 : m[i].length + m[i][0];
        }
    }

    public static void nullLocalWithRows(int[][] m, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] none = null;
            out[i] = m[i] == none ? -1 : m[i][0];
        }
    }

    static int[][] rows(int n) {
        int[][] m = new int[n][];
        for (int k = 0; k < n; k++) {
            if (k % 3 != 1) {
                m[k] = new int[] {k * 5, k};
            }
        }
        return m;
    }

    @Test
    public void nullComparedWithRowsOfAMatrix() {
        check(NullProbeTest::nullWithRows, rows(50), new int[50]);
    }

    @Test
    public void nullLocalComparedWithRowsOfAMatrix() {
        check(NullProbeTest::nullLocalWithRows, rows(50), new int[50]);
    }

    public static void nullWithNewObjects(float[] in, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle q = new Particle(in[i], 1f, 0f, 0f, 1.0);
            Particle none = null;
            float r = q.x;
            if (q == null) {
                r += 100f;
            }
            if (q != none) {
                r += 1f;
            }
            if (none == q) {
                r += 1000f;
            }
            out[i] = r;
        }
    }

    @Test
    public void nullComparedWithObjectsMadeInTheKernel() {
        check(NullProbeTest::nullWithNewObjects, Inputs.floats(9048, 100, -5f, 5f), new float[100]);
    }

    public static void newObjectOrNull(float[] in, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle q = in[i] > 0f ? new Particle(in[i], 2f, 0f, 0f, 1.0) : null;
            out[i] = q == null ? -1f : q.x + q.y;
        }
    }

    @Test
    public void objectMadeInTheKernelOrNullIsRefused() {
        assertRefused("null tests are only supported", s -> s.task("t", NullProbeTest::newObjectOrNull,
                Inputs.floats(9049, 100, -5f, 5f), new float[100]));
    }

    public static void lambdaIfNull(int[] in, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = i;
            IntUnaryOperator f = v -> v + k;
            int r = f.applyAsInt(in[i]);
            if (f == null) {
                r += 1000;
            }
            if (f != null) {
                r += 7;
            }
            out[i] = r;
        }
    }

    public static void lambdaVsNullLocal(int[] in, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = i;
            IntUnaryOperator f = v -> v * 3 - k;
            IntUnaryOperator none = null;
            int r = f.applyAsInt(in[i]);
            if (f == none) {
                r += 1000;
            }
            if (none != f) {
                r += 7;
            }
            out[i] = r;
        }
    }

    @Test
    public void lambdaTestedForNull() {
        check(NullProbeTest::lambdaIfNull, JvmOracle.ints(9050, 100, -50, 50), new int[100]);
    }

    @Test
    public void lambdaComparedWithANullLocal() {
        check(NullProbeTest::lambdaVsNullLocal, JvmOracle.ints(9051, 100, -50, 50), new int[100]);
    }

    /** A task object with a field that may be null. */
    public static final class Holder {
        final int base;
        final Particle target;

        Holder(int base, Particle target) {
            this.base = base;
            this.target = target;
        }

        public void thisAndFieldVsNull(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Object none = null;
                int r = base + i;
                if (this == null) {
                    r += 1;
                }
                if (this != none) {
                    r += 2;
                }
                if (none == this) {
                    r += 4;
                }
                if (target == null) {
                    r += 8;
                }
                if (target != null) {
                    r += 16 + (int) target.x;
                }
                out[i] = r;
            }
        }

        public void fieldVsNullLocal(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Particle none = null;
                out[i] = target == none ? -i : i + (int) target.y;
            }
        }
    }

    @Test
    public void thisAndAFieldThatMayBeNull() {
        check(new Holder(3, null)::thisAndFieldVsNull, new int[50]);
        check(new Holder(4, new Particle(7f, 2f, 0f, 0f, 1.0))::thisAndFieldVsNull, new int[50]);
    }

    @Test
    public void aFieldComparedWithANullLocal() {
        check(new Holder(3, null)::fieldVsNullLocal, new int[50]);
        check(new Holder(4, new Particle(7f, 9f, 0f, 0f, 1.0))::fieldVsNullLocal, new int[50]);
    }

    public static void paramObjectNull(Particle p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p == null ? -i : (int) p.x + i;
        }
    }

    public static void paramObjectOrNull(Particle p, int[] sel, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle q = sel[i] != 0 ? p : null;
            out[i] = q == null ? -1f : q.y;
        }
    }

    @Test
    public void objectParameterThatIsNullOrNot() {
        check(NullProbeTest::paramObjectNull, (Particle) null, new int[50]);
        check(NullProbeTest::paramObjectNull, new Particle(5f, 1f, 0f, 0f, 1.0), new int[50]);
    }

    @Test
    public void objectParameterOrNullIsRefused() {
        assertRefused("null tests are only supported", s -> s.task("t", NullProbeTest::paramObjectOrNull,
                new Particle(5f, 1.5f, 0f, 0f, 1.0), JvmOracle.ints(9052, 50, 0, 2), new float[50]));
    }

    public static void instanceofNull(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Object o = null;
            out[i] = (o instanceof Particle ? 1 : 0) + i;
        }
    }

    public static void castNull(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Object o = null;
            Particle p = (Particle) o;
            out[i] = (p == null ? 2 : 0) + i;
        }
    }

    @Test
    public void instanceofAndCastOfNull() {
        // JLS §15.20.2 / §5.5: `null instanceof T` is false and `(T) null` succeeds.
        check(NullProbeTest::instanceofNull, new int[30]);
        check(NullProbeTest::castNull, new int[30]);
    }

    // ---------------------------------------------------------------- executions, refusals, edges

    public static void nullOrElement(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = ps[i] != null && ps[i].x > 0f ? ps[i] : null;
            out[i] = p == null ? -1f : p.y;
        }
    }

    @Test
    public void oneScheduleWhoseNullsChangeBetweenExecutions() {
        int n = 500;
        Particle[] ps = ps(9053, n, 0);
        Particle[] fresh = ps(9054, n, 0);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("changes").task("t", NullProbeTest::nullOrElement, ps, out)) {
            for (int round = 0; round < 4; round++) {
                for (int k = 0; k < n; k++) {
                    ps[k] = (k + round) % (round + 2) == 0 ? null : fresh[(k * 3 + round) % n];
                }
                float[] expected = new float[n];
                nullOrElement(ps, expected);
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("round " + round, expected, out);
            }
        }
    }

    /** Runs on the JVM (a run-time bailout, allowed in strict mode) and must give the JVM's results. */
    private static void assertRunsOnTheJvm(String reason, Particle[] ps, float[] lim) {
        int n = lim.length;
        float[] eOut = new float[n];
        int[] eAt = new int[n];
        argMaxBelow(ps, lim, eOut, eAt);
        float[] out = new float[n];
        int[] at = new int[n];
        try (TaskSchedule s = new TaskSchedule("jvm").task("t", NullProbeTest::argMaxBelow, ps, lim, out, at)) {
            s.execute();
            dev.ferrocl.api.TaskReport t = s.report().task("t");
            assertEquals(t.reason(), dev.ferrocl.api.TaskReport.Where.JVM, t.ranOn());
            assertTrue(t.reason(), t.reason().contains(reason));
        }
        JvmOracle.assertSame("out", eOut, out);
        JvmOracle.assertSame("at", eAt, at);
    }

    @Test
    public void everyElementNullOrNoElementRunsOnTheJvm() {
        int n = 20;
        assertRunsOnTheJvm("every element", new Particle[n], lims(9055, n));
        assertRunsOnTheJvm("every element", new Particle[0], lims(9056, n));
    }

    @Test
    public void aSingleNonNullElementAmongNulls() {
        int n = 64;
        Particle[] ps = new Particle[n];
        ps[n - 1] = new Particle(3f, 4f, 1f, 1f, 2.0);
        check(NullProbeTest::argMaxBelow, ps, lims(9057, n), new float[n], new int[n]);
        check(NullProbeTest::nullOrElement, ps, new float[n]);
    }

    public static void storeNull(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i] == null ? 0f : ps[i].x;
            if (out[i] < 0f) {
                ps[i] = null;
            }
        }
    }

    @Test
    public void storingNullIntoTheArrayIsRefused() {
        int n = 20;
        assertRefused("storing into an array of objects", s -> s.task("t", NullProbeTest::storeNull, ps(9058, n, 3), new float[n]));
    }

    public static void sameAsBest(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = null;
            int count = 0;
            for (int j = 0; j < ps.length; j++) {
                if (ps[j] != null && (best == null || ps[j].x > best.x)) {
                    best = ps[j];
                }
                if (ps[j] == best) {
                    count++;
                }
            }
            out[i] = count;
        }
    }

    @Test
    public void elementComparedByReferenceWithBestIsRefused() {
        int n = 20;
        assertRefused("comparing two different references", s -> s.task("t", NullProbeTest::sameAsBest, ps(9059, n, 3), new int[n]));
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskSchedule;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes of objects made in the kernel that one variable holds in turn (merged into one set of scalars): aliasing in
 * many forms, loops of every shape, switches, ternaries, inheritance, every primitive field type, exceptions from
 * compact constructors, streams and reductions. Strict, on the device, against the JVM.
 */
public class MergedObjectProbeTest {

    // ================================================================ classes

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

    record IP(int x, int y) {
        IP next(int k) {
            return new IP(y, x * 31 + (y ^ k));
        }
    }

    record Span(int lo, int hi) {
        int width() {
            return hi - lo;
        }
    }

    static final class Cell {
        int v;

        Cell(int v) {
            this.v = v;
        }

        void setV(int v) {
            this.v = v;
        }

        Cell bumped(int d) {
            return new Cell(v * 3 + d);
        }

        Cell grow(int t) {
            return v > t ? this : new Cell(v + 1);
        }

        Cell grow2(int t) {
            if (v > t) {
                return this;
            }
            return new Cell(v + 1);
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

        void setSum(long s) {
            sum = s;
        }

        void setCount(int c) {
            count = c;
        }
    }

    static class Base {
        int a;
        long b;

        Base(int a, long b) {
            this.a = a;
            this.b = b;
        }

        int mix() {
            return a * 3 + (int) b;
        }
    }

    static class Der extends Base {
        float c;

        Der(int a, long b, float c) {
            super(a, b);
            this.c = c;
        }

        Der step(int k) {
            return new Der(a + k, b * 3 + a, c * 0.5f + k);
        }

        @Override
        int mix() {
            return a * 5 - (int) (b >> 3) + (int) c;
        }
    }

    static class Shadow0 {
        int x;

        Shadow0(int x) {
            this.x = x;
        }

        int baseX() {
            return x;
        }

        void bumpBase() {
            x += 3;
        }
    }

    static final class Shadow1 extends Shadow0 {
        int x;

        Shadow1(int a, int b) {
            super(a);
            this.x = b;
        }

        Shadow1 swap() {
            return new Shadow1(x, baseX());
        }
    }

    static final class Prims {
        byte b;
        short s;
        char c;
        boolean z;
        long l;
        double d;
        float f;

        Prims(byte b, short s, char c, boolean z, long l, double d, float f) {
            this.b = b;
            this.s = s;
            this.c = c;
            this.z = z;
            this.l = l;
            this.d = d;
            this.f = f;
        }

        Prims evolve(int k) {
            return new Prims((byte) (b + 77), (short) (s * 3 + k), (char) (c - 1000), !z,
                    l * 0x9E3779B97F4A7C15L + k, d * 1.5 - k, f + 0.1f);
        }

        long digest() {
            return b * 7L + s * 11L + c * 13L + (z ? 1 : 0) + l + (long) (d * 16) + (long) (f * 8);
        }
    }

    record Checked(int lo, int hi) {
        Checked {
            if (lo > hi) {
                throw new IllegalArgumentException("lo " + lo + " > hi " + hi);
            }
        }

        Checked widen(int d) {
            return new Checked(lo - d, hi + d * 2);
        }
    }

    interface Stepper {
        Stepper step(int k);

        int value();
    }

    static final class Lcg implements Stepper {
        final int s;

        Lcg(int s) {
            this.s = s;
        }

        @Override
        public Stepper step(int k) {
            return new Lcg(s * 1103515245 + 12345 + k);
        }

        @Override
        public int value() {
            return s >>> 16;
        }
    }

    // ================================================================ helpers

    /** Runs the task strict and returns the CompilationException's message; fails when it compiles. */
    private static String refusal(MoreChecks.TaskAdder adder) {
        try (TaskSchedule s = adder.add(new TaskSchedule("refused"))) {
            s.execute();
            fail("strict mode should refuse it; report:\n" + s.report());
            return null;
        } catch (CompilationException e) {
            return e.getMessage();
        }
    }

    private static void assertAliasRefusal(MoreChecks.TaskAdder adder) {
        String m = refusal(adder);
        assertTrue(m, m.contains("merged in one variable"));
    }

    // ================================================================ loop shapes

    static void neverIterates(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cx c = new Cx(a[i] * 0.25f, 0.5f);
            Cx z = new Cx(a[i], -a[i]);
            int m = n + (i % 4) - 2;
            for (int k = 0; k < m; k++) {
                z = z.times(z).plus(c);
            }
            out[i] = z.re() * 3f + z.im();
        }
    }

    @Test
    public void loopThatNeverIteratesKeepsInitialFields() {
        int n = 1031;
        check(MergedObjectProbeTest::neverIterates, Inputs.floats(501, n, -1f, 1f), new float[n], 0);
        check(MergedObjectProbeTest::neverIterates, Inputs.floats(502, n, -1f, 1f), new float[n], 1);
    }

    static void longLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IP p = new IP(a[i], i);
            for (int k = 0; k < n; k++) {
                p = p.next(k);
            }
            out[i] = p.x() ^ p.y();
        }
    }

    @Test
    public void thousandIterations() {
        int n = 777;
        check(MergedObjectProbeTest::longLoop, Inputs.ints(503, n), new int[n], 1000);
    }

    static void nested(int[] a, long[] out, int n, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IP outer = new IP(a[i], 1);
            long acc = 0;
            for (int k = 0; k < n; k++) {
                IP inner = new IP(outer.y(), k);
                for (int j = 0; j < m; j++) {
                    inner = inner.next(j + k);
                    if (((inner.x() ^ j) & 7) == 0) {
                        outer = new IP(outer.x() + inner.y(), outer.y() - 1);
                    }
                }
                outer = outer.next(inner.x());
                acc += outer.x();
            }
            out[i] = acc * 31 + outer.y();
        }
    }

    @Test
    public void replacedInNestedLoops() {
        int n = 901;
        check(MergedObjectProbeTest::nested, Inputs.ints(504, n), new long[n], 7, 9);
        check(MergedObjectProbeTest::nested, Inputs.ints(505, n), new long[n], 3, 0);
    }

    static void breakContinue(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            int hits = 0;
            for (int k = 0; k < n; k++) {
                if ((z.v & 3) == 1) {
                    z.v += 7;
                    continue;
                }
                z = z.bumped(k * 3 - 5);
                if (z.v % 11 == 0) {
                    hits += 100;
                    break;
                }
                if ((z.v & 15) == 2) {
                    continue;
                }
                z = new Cell(z.v ^ (z.v >>> 3));
                hits++;
            }
            out[i] = z.v * 3 + hits;
        }
    }

    @Test
    public void breakAndContinueInTheLoop() {
        int n = 2003;
        check(MergedObjectProbeTest::breakContinue, Inputs.ints(506, n), new int[n], 17);
    }

    static void labeled(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IP z = new IP(a[i], i);
            int steps = 0;
            outer:
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < n; j++) {
                    z = z.next(j);
                    steps++;
                    if ((z.x() & 63) == 5) {
                        break outer;
                    }
                    if ((z.y() & 31) == 3) {
                        break;
                    }
                }
                z = new IP(z.y(), z.x() + k);
            }
            out[i] = z.x() + z.y() * 7 + steps;
        }
    }

    @Test
    public void earlyExitOfInnerAndOuterLoop() {
        int n = 1500;
        check(MergedObjectProbeTest::labeled, Inputs.ints(507, n), new int[n], 12);
    }

    static void doWhile(float[] xs, float[] ys, int[] out, int max) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cx c = new Cx(xs[i], ys[i]);
            Cx z = new Cx(0f, 0f);
            int k = 0;
            do {
                z = z.times(z).plus(c);
                k++;
            } while (k < max && z.norm() <= 4f);
            out[i] = k * 1000 + (int) (z.re() * 10f);
        }
    }

    @Test
    public void doWhileLoop() {
        int n = 2500;
        check(MergedObjectProbeTest::doWhile, Inputs.floats(508, n, -2.2f, 0.8f),
                Inputs.floats(509, n, -1.2f, 1.2f), new int[n], 150);
    }

    static void whileTrue(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            int k = 0;
            while (true) {
                Cell nz = new Cell(z.v % 2 == 0 ? z.v / 2 : 3 * z.v + 1);
                k++;
                if (nz.v == 1 || k >= 200) {
                    z = nz;
                    break;
                }
                z = nz;
            }
            out[i] = z.v * 1000 + k;
        }
    }

    @Test
    public void whileTrueWithBreak() {
        int n = 1999;
        check(MergedObjectProbeTest::whileTrue, Inputs.ints(510, n), new int[n]);
    }

    // ================================================================ replace in one branch, mutate in the other

    static void replaceOrSet(int[] a, long[] sums, double[] means, int w) {
        for (@Parallel int i = 0; i < sums.length; i++) {
            Acc acc = new Acc(a[i], 0.0, 1);
            for (int k = 0; k < w; k++) {
                int v = a[(i + k * 7) % a.length];
                if ((v & 1) == 0) {
                    acc = acc.add(v);
                } else {
                    acc.setSum(acc.sum - v);
                    acc.setCount(acc.count + 2);
                }
            }
            sums[i] = acc.sum * 3 + acc.count;
            means[i] = acc.mean;
        }
    }

    @Test
    public void replacedInOneBranchSetInTheOther() {
        int n = 1201;
        check(MergedObjectProbeTest::replaceOrSet, Inputs.ints(511, n), new long[n], new double[n], 11);
    }

    // ================================================================ switches and ternaries

    static void switch4(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Span s;
            switch (a[i] & 3) {
                case 0:
                    s = new Span(a[i], 1);
                    break;
                case 1:
                    s = new Span(-1, a[i] >> 2);
                    break;
                case 2:
                    s = new Span(a[i] * 3, a[i] ^ 5);
                    break;
                default:
                    s = new Span(7, 7);
            }
            out[i] = s.width() * 5 + s.lo();
        }
    }

    @Test
    public void switchStatementChoosesAmongFourObjects() {
        int n = 3003;
        check(MergedObjectProbeTest::switch4, Inputs.ints(512, n), new int[n]);
    }

    static void switchExpr(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Span s = switch ((a[i] >>> 5) % 5) {
                case 0 -> new Span(a[i], 2);
                case 1 -> new Span(3, a[i]);
                case 2 -> new Span(a[i] >> 3, a[i] >> 1);
                case 3 -> new Span(i, -i);
                default -> new Span(0, a[i] & 0xFF);
            };
            out[i] = s.width() * 7 - s.hi();
        }
    }

    @Test
    public void switchExpressionChoosesAmongFiveObjects() {
        int n = 3001;
        check(MergedObjectProbeTest::switchExpr, Inputs.ints(513, n), new int[n]);
    }

    static void switchLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell c = new Cell(a[i]);
            for (int k = 0; k < n; k++) {
                switch ((c.v + k) & 3) {
                    case 0 -> c = new Cell(c.v * 3 + 1);
                    case 1 -> c.v -= 17;
                    case 2 -> c = c.bumped(k);
                    default -> {
                    }
                }
            }
            out[i] = c.v;
        }
    }

    @Test
    public void switchInALoopReplacesOrMutates() {
        int n = 1500;
        check(MergedObjectProbeTest::switchLoop, Inputs.ints(514, n), new int[n], 13);
    }

    static void nestedTernary(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Span s = a[i] > b[i]
                    ? (a[i] > 0 ? new Span(a[i], b[i]) : new Span(b[i], 0))
                    : (b[i] % 3 == 0 ? new Span(1, 2) : b[i] < 0 ? new Span(-3, b[i]) : new Span(a[i] ^ b[i], 9));
            out[i] = s.width() * 3 + s.lo();
        }
    }

    @Test
    public void nestedTernaries() {
        int n = 2222;
        check(MergedObjectProbeTest::nestedTernary, Inputs.ints(515, n), Inputs.ints(516, n), new int[n]);
    }

    static int spanScore(Span s, int k) {
        return s.lo() * k - s.hi();
    }

    static void ternaryArgs(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = spanScore(a[i] > 0 ? new Span(a[i], 2) : new Span(3, a[i]), a[i] & 7)
                    + (a[i] < 5 ? new Span(1, a[i]) : new Span(a[i], 1)).width();
        }
    }

    @Test
    public void ternariesAsArgumentsAndReceivers() {
        int n = 1700;
        check(MergedObjectProbeTest::ternaryArgs, Inputs.ints(517, n), new int[n]);
    }

    static void mutatedInBranches(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell s;
            if ((a[i] & 2) == 0) {
                s = new Cell(a[i]);
                s.v *= 3;
            } else {
                s = new Cell(-a[i]);
                s.setV(s.v - 1);
            }
            s.v ^= 0x55;
            out[i] = s.v;
        }
    }

    @Test
    public void objectsMutatedInsideTheirBranchBeforeTheMerge() {
        int n = 1100;
        check(MergedObjectProbeTest::mutatedInBranches, Inputs.ints(518, n), new int[n]);
    }

    // ================================================================ inheritance and devirtualisation

    static void inheritance(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Der d = (a[i] & 1) == 0 ? new Der(a[i], i, 0.5f) : new Der(-a[i], a[i] * 2L, 1.25f);
            for (int k = 0; k < n; k++) {
                if (((d.a + k) & 3) == 0) {
                    d.b += k;
                } else {
                    d = d.step(k);
                }
            }
            out[i] = d.mix() + d.b * 7 + d.a + (long) d.c;
        }
    }

    @Test
    public void superclassFieldsMergedInBranchAndLoop() {
        int n = 1300;
        check(MergedObjectProbeTest::inheritance, Inputs.ints(519, n), new long[n], 10);
    }

    static void devirt(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Base s = a[i] > 0 ? new Der(a[i], 3, 2f) : new Der(1, a[i], 0.25f);
            Base t = a[i] > 10 ? new Base(a[i], 4) : new Base(5, a[i]);
            out[i] = s.mix() * 3 + t.mix();
        }
    }

    @Test
    public void devirtualisedCallsOnMergedObjects() {
        int n = 1234;
        check(MergedObjectProbeTest::devirt, Inputs.ints(520, n), new int[n]);
    }

    static void interfaceLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Stepper st = (a[i] & 1) == 0 ? new Lcg(a[i]) : new Lcg(~a[i]);
            for (int k = 0; k < n; k++) {
                st = st.step(k);
            }
            out[i] = st.value();
        }
    }

    @Test
    public void interfaceCallsOnAnObjectReplacedInALoop() {
        int n = 1400;
        check(MergedObjectProbeTest::interfaceLoop, Inputs.ints(521, n), new int[n], 25);
    }

    static void shadow(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shadow1 s = new Shadow1(a[i], i);
            for (int k = 0; k < n; k++) {
                if (((s.x ^ k) & 1) == 0) {
                    s = s.swap();
                } else {
                    s.bumpBase();
                }
            }
            out[i] = s.x * 5 + s.baseX();
        }
    }

    @Test
    public void shadowedFieldsInAMergedObject() {
        int n = 1000;
        check(MergedObjectProbeTest::shadow, Inputs.ints(522, n), new int[n], 9);
    }

    static void differentClasses(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Base s = a[i] > 0 ? new Der(a[i], 3, 2f) : new Base(1, a[i]);
            out[i] = s.mix();
        }
    }

    @Test
    public void objectsOfDifferentClassesInOneVariable() {
        int n = 1000;
        check(MergedObjectProbeTest::differentClasses, Inputs.ints(523, n), new int[n]);
    }

    // ================================================================ primitive fields

    static void prims(int[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Prims p = new Prims((byte) a[i], (short) (a[i] >> 8), (char) a[i], (a[i] & 1) == 1, a[i] * 3L,
                    a[i] * 0.5, a[i] * 0.25f);
            for (int k = 0; k < n; k++) {
                if ((k & 1) == 0) {
                    p = p.evolve(k);
                } else {
                    p.b += 100;
                    p.s -= 30000;
                    p.c += 40000;
                    p.z = !p.z;
                    p.l >>>= 1;
                    p.d /= 3;
                    p.f *= -1.5f;
                }
            }
            out[i] = p.digest();
        }
    }

    @Test
    public void everyPrimitiveFieldTypeNarrowsThroughPhis() {
        int n = 1555;
        check(MergedObjectProbeTest::prims, Inputs.ints(524, n), new long[n], 9);
        check(MergedObjectProbeTest::prims, Inputs.ints(525, n), new long[n], 0);
    }

    static void primsChoice(int[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Prims p = a[i] < 0
                    ? new Prims((byte) (a[i] >> 3), (short) a[i], (char) -a[i], true, a[i], -a[i] / 7.0, a[i])
                    : new Prims((byte) 200, (short) 40000, (char) 70000, false, -a[i] * 5L, 1e300, -a[i]);
            p.c--;
            p.b++;
            p.s += 7;
            out[i] = p.digest() + (p.z ? 1000 : 0);
        }
    }

    @Test
    public void primitiveFieldsChosenInATernary() {
        int n = 1333;
        check(MergedObjectProbeTest::primsChoice, Inputs.ints(526, n), new long[n]);
    }

    // ================================================================ methods returning this or a new object

    static void returnsThisTernary(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            for (int k = 0; k < n; k++) {
                z = z.grow(k);
            }
            out[i] = z.v;
        }
    }

    static void returnsThisTwoReturns(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            for (int k = 0; k < n; k++) {
                z = z.grow2(k);
            }
            out[i] = z.v;
        }
    }

    static void returnsThisTwoReturnsHeld(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell base = new Cell(a[i]);
            Cell s = base.grow2(5);
            s.v += 100;
            out[i] = base.v * 3 + s.v;
        }
    }

    static void returnsThisNoLoop(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell base = new Cell(a[i]);
            Cell s = base.grow(5);
            s.v += 100;
            out[i] = base.v * 3 + s.v;
        }
    }

    /** {@code this} or a new object from an inlined method: merged where the caller drops its own reference. */
    @Test
    public void thisOrNewFromATernaryReturn() {
        int n = 1000;
        int[] a = Inputs.ints(527, n);
        check(MergedObjectProbeTest::returnsThisTernary, a, new int[n], 8);
        // The caller still reads `base` after the call: the variable holds one of two objects, each with its own
        // fields, so the update through `s` shows through `base` where `s` is `base`.
        check(MergedObjectProbeTest::returnsThisNoLoop, a, new int[n]);
    }

    @Test
    public void thisOrNewFromTwoReturns() {
        int n = 1000;
        int[] a = Inputs.ints(528, n);
        check(MergedObjectProbeTest::returnsThisTwoReturns, a, new int[n], 8);
        // The caller still reads `base` after the call: each object keeps its own fields.
        check(MergedObjectProbeTest::returnsThisTwoReturnsHeld, a, new int[n]);
    }

    // ================================================================ compact constructors that throw

    static void checked(int[] a, int[] out, int n, int mod, int off) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Checked r = new Checked(a[i], a[i] + 10);
            for (int k = 0; k < n; k++) {
                r = r.widen((a[i] + k) % mod - off);
            }
            out[i] = r.hi() - r.lo();
        }
    }

    @Test
    public void compactConstructorThatDoesNotThrow() {
        int n = 1000;
        check(MergedObjectProbeTest::checked, Inputs.intsIn(529, n, 0, 1000), new int[n], 6, 3, 0);
    }

    @Test
    public void compactConstructorThrowsInTheLoop() {
        int n = 1000;
        int[] a = Inputs.intsIn(530, n, 0, 1000);
        a[0] = 3;
        a[1] = 500;
        int[] out = new int[n];
        MoreChecks.checkThrows(x -> checked((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3],
                (Integer) x[4]), s -> s.task("t", MergedObjectProbeTest::checked, a, out, 12, 4, 2), a, out, 12, 4, 2);
    }

    // ================================================================ after the loop, streams, reductions

    static void afterLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            for (int k = 0; k < n + (i & 1); k++) {
                z = z.bumped(k);
            }
            z.v *= 3;
            Cell w = z;
            w.v += 1;
            out[i] = z.v + w.v;
        }
    }

    @Test
    public void objectUsedAndMutatedAfterTheLoop() {
        int n = 1000;
        check(MergedObjectProbeTest::afterLoop, Inputs.ints(531, n), new int[n], 4);
        check(MergedObjectProbeTest::afterLoop, Inputs.ints(532, n), new int[n], 0);
    }

    static void stream(float[] xs, float[] ys, int[] out, int max) {
        IntStream.range(0, out.length).parallel().forEach(i -> {
            Cx c = new Cx(xs[i], ys[i]);
            Cx z = new Cx(0f, 0f);
            int k = 0;
            while (k < max && z.norm() <= 4f) {
                z = z.times(z).plus(c);
                k++;
            }
            out[i] = k * 1000 + (int) (z.im() * 10f);
        });
    }

    @Test
    public void parallelStreamWithARecordReplacedInALoop() {
        int n = 2048;
        check(MergedObjectProbeTest::stream, Inputs.floats(533, n, -2.2f, 0.8f),
                Inputs.floats(534, n, -1.2f, 1.2f), new int[n], 100);
    }

    static void reduceAcc(int[] a, int w, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            Acc acc = new Acc(0, 0.0, 0);
            for (int k = 0; k < w; k++) {
                acc = acc.add(a[(i + k) % a.length] >> 8);
            }
            out[0] += acc.sum + acc.count;
        }
    }

    @Test
    public void reductionOfAnAccumulatorReplacedEachIteration() {
        int n = 4097;
        check(MergedObjectProbeTest::reduceAcc, Inputs.ints(535, n), 7, new long[] {-11L});
    }

    static void reduceIters(float[] xs, float[] ys, int max, @Reduce int[] out) {
        for (@Parallel int i = 0; i < xs.length; i++) {
            Cx c = new Cx(xs[i], ys[i]);
            Cx z = new Cx(0f, 0f);
            int k = 0;
            while (k < max && z.norm() <= 4f) {
                z = z.times(z).plus(c);
                k++;
            }
            out[0] = Math.max(out[0], k * 100 + (int) (z.norm()));
        }
    }

    @Test
    public void maxReductionOverMergedRecords() {
        int n = 3000;
        check(MergedObjectProbeTest::reduceIters, Inputs.floats(536, n, -2.2f, 0.8f),
                Inputs.floats(537, n, -1.2f, 1.2f), 60, new int[] {5});
    }

    // ================================================================ aliasing

    static void aliasBeforeLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            Cell q = z;
            for (int k = 0; k < n; k++) {
                z.v += 1;
                z = new Cell(z.v * 2);
            }
            out[i] = q.v + z.v;
        }
    }

    @Test
    public void aliasMadeBeforeTheLoopIsRefused() {
        int n = 100;
        int[] a = Inputs.ints(538, n);
        assertAliasRefusal(s -> s.task("t", MergedObjectProbeTest::aliasBeforeLoop, a, new int[n], 5));
    }

    static void aliasInsideLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            for (int k = 0; k < n; k++) {
                Cell q = z;
                q.v += 5;
                z = new Cell(z.v * 3 - k);
                q.v += 1000;
            }
            out[i] = z.v;
        }
    }

    @Test
    public void aliasInsideTheLoopBeforeTheReplacement() {
        int n = 1000;
        check(MergedObjectProbeTest::aliasInsideLoop, Inputs.ints(539, n), new int[n], 6);
    }

    static void aliasOutsideAssignedInside(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            Cell q = new Cell(-1);
            for (int k = 0; k < n + (i % 3) - 1; k++) {
                q = z;
                z = new Cell(q.v + k);
                q.v += 5;
            }
            out[i] = q.v * 7 + z.v;
        }
    }

    @Test
    public void variableBeforeTheLoopTakesTheOldObjectEachIteration() {
        int n = 1000;
        check(MergedObjectProbeTest::aliasOutsideAssignedInside, Inputs.ints(540, n), new int[n], 5);
        check(MergedObjectProbeTest::aliasOutsideAssignedInside, Inputs.ints(541, n), new int[n], 0);
    }

    static int poke(Cell a, Cell b) {
        a.v += 1;
        return a.v * 10 + b.v;
    }

    static Cell next(Cell c) {
        return new Cell(c.v * 3 + 1);
    }

    static Cell combine(Cell a, Cell b) {
        return new Cell(a.v * 2 - b.v);
    }

    static void stackAlias(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            int s = 0;
            for (int k = 0; k < n; k++) {
                s += poke(z, z = next(z));
                z = combine(z, z = next(z));
            }
            out[i] = s + z.v;
        }
    }

    @Test
    public void aliasOnTheOperandStack() {
        int n = 1000;
        check(MergedObjectProbeTest::stackAlias, Inputs.ints(542, n), new int[n], 6);
    }

    static void swap(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell x = new Cell(a[i]);
            Cell y = new Cell(i);
            for (int k = 0; k < n; k++) {
                Cell t = x;
                x = y;
                y = t;
                x.v += k;
                y.v ^= 3;
            }
            out[i] = x.v * 3 + y.v;
        }
    }

    @Test
    public void twoVariablesSwappedEachIteration() {
        int n = 1000;
        check(MergedObjectProbeTest::swap, Inputs.ints(543, n), new int[n], 7);
        check(MergedObjectProbeTest::swap, Inputs.ints(544, n), new int[n], 0);
    }

    static void swapInBranch(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell x = new Cell(a[i]);
            Cell y = new Cell(i);
            if ((a[i] & 1) == 0) {
                Cell t = x;
                x = y;
                y = t;
            }
            x.v += 100;
            out[i] = x.v * 3 + y.v;
        }
    }

    @Test
    public void twoVariablesSwappedInOneBranch() {
        int n = 1000;
        check(MergedObjectProbeTest::swapInBranch, Inputs.ints(545, n), new int[n]);
    }

    static void aliasOneBranch(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            Cell q = new Cell(7);
            if ((a[i] & 1) == 0) {
                q = z;
            }
            q.v += 10;
            out[i] = z.v * 3 + q.v;
        }
    }

    static void aliasOneBranchInLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            Cell q = new Cell(0);
            for (int k = 0; k < n; k++) {
                if (((z.v + k) & 1) == 0) {
                    q = z;
                }
                z.v += 2;
                z = z.bumped(k);
                q.v += 1;
            }
            out[i] = q.v + z.v;
        }
    }

    @Test
    public void aliasMadeInOneBranchCompilesAndInALoopIsRefused() {
        int n = 100;
        int[] a = Inputs.ints(546, n);
        check(MergedObjectProbeTest::aliasOneBranch, a, new int[n]);
        assertAliasRefusal(s -> s.task("t", MergedObjectProbeTest::aliasOneBranchInLoop, a, new int[n], 4));
    }

    static void aliasAndReplaceInBranch(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            Cell q = new Cell(7);
            for (int k = 0; k < n; k++) {
                if (((z.v ^ k) & 1) == 0) {
                    q = z;
                    z = new Cell(k * 5 - z.v);
                }
                q.v += 3;
                z.v -= 1;
            }
            out[i] = z.v * 3 + q.v;
        }
    }

    @Test
    public void aliasAndReplacementInTheSameBranch() {
        int n = 1000;
        check(MergedObjectProbeTest::aliasAndReplaceInBranch, Inputs.ints(547, n), new int[n], 8);
    }

    static void sameChoiceTwoVars(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell s;
            Cell t;
            if ((a[i] & 4) == 0) {
                s = new Cell(a[i]);
                t = s;
            } else {
                s = new Cell(-i);
                t = s;
            }
            s.v += 3;
            t.v *= 2;
            out[i] = s.v + t.v + (s == t ? 1000 : 0);
        }
    }

    @Test
    public void twoVariablesHoldingTheSameChoice() {
        int n = 1000;
        check(MergedObjectProbeTest::sameChoiceTwoVars, Inputs.ints(548, n), new int[n]);
    }

    static void bestSoFar(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell best = new Cell(Integer.MIN_VALUE);
            for (int k = 0; k < n; k++) {
                Cell cand = new Cell(a[(i + k) % a.length]);
                if (cand.v > best.v) {
                    best = cand;
                }
            }
            out[i] = best.v;
        }
    }

    /** {@code cand} still holds the object where {@code best} takes it, but is never read again: merged. */
    @Test
    public void bestSoFarMatchesTheJvm() {
        int n = 1000;
        int[] a = Inputs.ints(549, n);
        check(MergedObjectProbeTest::bestSoFar, a, new int[n], 5);
    }

    static void keepOrStep(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            for (int k = 0; k < n; k++) {
                z = ((z.v ^ k) & 1) == 0 ? z.bumped(k) : z;
            }
            out[i] = z.v;
        }
    }

    /** {@code z} itself holds the kept object at the ternary's merge, and is assigned the result at once: merged. */
    @Test
    public void keepOrStepTernaryMatchesTheJvm() {
        int n = 1000;
        int[] a = Inputs.ints(550, n);
        check(MergedObjectProbeTest::keepOrStep, a, new int[n], 6);
    }

    static void swapAndMaybeReplace(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell x = new Cell(a[i]);
            Cell y = new Cell(i);
            for (int k = 0; k < n; k++) {
                Cell t = x;
                x = y;
                y = t;
                x.v += k;
                if ((y.v & 1) == 0) {
                    y = new Cell(y.v / 2);
                }
            }
            out[i] = x.v * 3 + y.v;
        }
    }

    /** {@code t} (in scope, never read again) still holds {@code y}'s object at the if's merge: merged. */
    @Test
    public void swapThenMaybeReplaceMatchesTheJvm() {
        int n = 1000;
        int[] a = Inputs.ints(551, n);
        check(MergedObjectProbeTest::swapAndMaybeReplace, a, new int[n], 7);
    }

    static void rotate(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            Cell w = new Cell(-i);
            for (int k = 0; k < n; k++) {
                z.v += 10;
                z = w;
                w = new Cell(k * 7 + z.v);
            }
            out[i] = z.v * 3 + w.v;
        }
    }

    @Test
    public void anotherVariablesObjectTakenOverEachIteration() {
        int n = 1000;
        check(MergedObjectProbeTest::rotate, Inputs.ints(559, n), new int[n], 6);
        check(MergedObjectProbeTest::rotate, Inputs.ints(560, n), new int[n], 0);
    }

    // ================================================================ dead locals

    static void deadSlot(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell z = new Cell(a[i]);
            int pre = 0;
            for (int j = 0, m = i & 3; j < m; j++) {
                pre += j;
            }
            for (int k = 0; k < n; k++) {
                Cell nz = z.bumped(k);
                z = nz;
            }
            out[i] = z.v + pre;
        }
    }

    @Test
    public void slotOfAnEarlierLoopsVariableIsNotAnAlias() {
        int n = 1000;
        check(MergedObjectProbeTest::deadSlot, Inputs.ints(552, n), new int[n], 5);
    }

    // ================================================================ objects reaching an inlined method

    static Acc feed(Acc acc, int[] a, int from, int w) {
        for (int k = 0; k < w; k++) {
            acc.count++;
            acc = acc.add(a[(from + k) % a.length]);
        }
        return acc;
    }

    static void calleeLoopMutates(int[] a, int[] out, int wmax) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Acc start = new Acc(0, 0.0, 0);
            Acc end = feed(start, a, i, i % wmax);
            out[i] = start.count * 1000 + end.count;
        }
    }

    @Test
    public void calleeLoopOverAnObjectTheCallerStillHoldsIsRefused() {
        int n = 100;
        assertAliasRefusal(s -> s.task("t", MergedObjectProbeTest::calleeLoopMutates, Inputs.ints(553, n),
                new int[n], 3));
    }

    static void addThenMark(Cell c, int w) {
        for (int k = 0; k < w; k++) {
            c = c.bumped(k);
        }
        c.v += 1000;
    }

    static void calleeMarksAfterLoop(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell c = new Cell(a[i]);
            addThenMark(c, i % 3);
            out[i] = c.v;
        }
    }

    @Test
    public void calleeReplacingAParameterTheCallerStillHoldsIsRefused() {
        int n = 100;
        assertAliasRefusal(s -> s.task("t", MergedObjectProbeTest::calleeMarksAfterLoop, Inputs.ints(554, n),
                new int[n]));
    }

    static Cx iterate(Cx z, Cx c, int n) {
        for (int k = 0; k < n; k++) {
            z = z.times(z).plus(c);
        }
        return z;
    }

    static void calleeIdentity(float[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cx z0 = new Cx(a[i], 0.5f);
            Cx r = iterate(z0, new Cx(0.25f, 0f), i % 2);
            out[i] = r == z0 ? 1 : 0;
        }
    }

    @Test
    public void identityOfAParameterReplacedInACalleeLoopIsRefused() {
        int n = 100;
        assertAliasRefusal(s -> s.task("t", MergedObjectProbeTest::calleeIdentity, Inputs.floats(555, n, -1f, 1f),
                new int[n]));
    }

    static Cell orFresh(Cell p, boolean c, int x) {
        Cell r;
        if (c) {
            r = p;
            p = new Cell(0);
        } else {
            r = new Cell(x);
        }
        return r;
    }

    static void calleeBranch(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cell cell = new Cell(a[i]);
            Cell r = orFresh(cell, (a[i] & 1) == 0, 5);
            r.v += 100;
            out[i] = cell.v * 7 + r.v;
        }
    }

    @Test
    public void calleeChoosingAnObjectTheCallerStillHolds() {
        // The callee returns the caller's object or a new one: a choice, each object keeping its own fields, so the
        // update through `r` shows through `cell` exactly where `r` is `cell`.
        int n = 1000;
        check(MergedObjectProbeTest::calleeBranch, Inputs.ints(556, n), new int[n]);
    }

    static Cx mandelStep(Cx z, Cx c, int max) {
        int k = 0;
        while (k < max && z.norm() <= 4f) {
            z = z.times(z).plus(c);
            k++;
        }
        return z;
    }

    static void calleeMandel(float[] xs, float[] ys, float[] out, int max) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Cx c = new Cx(xs[i], ys[i]);
            Cx z = mandelStep(new Cx(0f, 0f), c, max);
            out[i] = z.re() + z.im() * 0.5f;
        }
    }

    @Test
    public void recordReplacedInALoopOfAnInlinedHelper() {
        int n = 2000;
        check(MergedObjectProbeTest::calleeMandel, Inputs.floats(557, n, -2.2f, 0.8f),
                Inputs.floats(558, n, -1.2f, 1.2f), new float[n], 80);
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Devices;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * A helper's adversarial probes of arrays of objects in kernels (strict mode), each against the JVM's own run of the
 * same method on a second, identical object graph (built by the same deterministic builder), compared field by field
 * through reflection (every primitive instance field of the class chain, hidden ones included): every primitive field
 * type read and written with Java's wrapping and narrowing, inherited and hidden fields, records, interfaces and
 * abstract classes, private, final, default and overridden methods, neighbours, gathers, inner loops, 2-D nests,
 * streams and {@code @Reduce}; null elements and null arrays, Java's exceptions with the objects as the JVM leaves
 * them, one schedule across executions while the objects (and their class) change, arrays in fields, batches and
 * split devices; and the documented refusals, by their messages. A probe of something that may be unsupported accepts
 * a clean bailout ({@code CompilationException}), never other results.
 */
public class ObjectArrayProbeTest {
    private static final int N = 1000;

    // ================================================================ element classes

    /** Every primitive type. */
    static final class Prims {
        boolean z;
        byte b;
        char c;
        short s;
        int i;
        long l;
        float f;
        double d;
    }

    private static final float[] FLOAT_EDGES = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0f, 0f,
        Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, 3e9f, -3e9f, 65535.9f, -1.5f, 2.5f, 1e20f, 127.5f, 128f};
    private static final double[] DOUBLE_EDGES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0,
        0.0, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, 3e9, -3e9, 1e19, -1e19, 9.3e18, 2147483647.5,
        -2147483648.5, 0.1};

    /** Deterministic: the same seed gives equal objects; the first 16 elements hold edge values. */
    static Prims[] prims(long seed, int n, int nullEvery) {
        SplittableRandom r = new SplittableRandom(seed);
        Prims[] ps = new Prims[n];
        for (int k = 0; k < n; k++) {
            Prims p = new Prims();
            p.z = r.nextBoolean();
            p.b = (byte) r.nextInt();
            p.c = (char) r.nextInt();
            p.s = (short) r.nextInt();
            p.i = r.nextInt();
            p.l = r.nextLong();
            p.f = (float) (r.nextDouble() * 2e4 - 1e4);
            p.d = r.nextDouble() * 2e12 - 1e12;
            if (k < 16) {
                p.b = new byte[] {127, -128, -1, 0}[k % 4];
                p.c = new char[] {0xFFFF, 0, 0x7FFF, 0x8000, 'A'}[k % 5];
                p.s = new short[] {32767, -32768, -1, 0}[k % 4];
                p.i = new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, 1}[k % 5];
                p.l = new long[] {Long.MAX_VALUE, Long.MIN_VALUE, -1L, 0L, 1L << 40}[k % 5];
                p.f = FLOAT_EDGES[k];
                p.d = DOUBLE_EDGES[k];
            }
            ps[k] = nullEvery > 0 && k % nullEvery == nullEvery - 1 ? null : p;
        }
        return ps;
    }

    /** Floats kept bit for bit (NaN payloads). */
    static final class Bits {
        float a;
        float b;
        double c;
        double e;
    }

    /** A class whose field {@code x} a subclass hides, with a private field behind a method. */
    static class Animal {
        int legs;
        float weight;
        int x;
        private int secret;

        int secret() {
            return secret;
        }

        void grow(float by) {
            weight += by;
            secret += legs;
        }
    }

    /** Hides {@link Animal#x} with a field of its own. */
    static final class Dog extends Animal {
        int x;
        double speed;

        int both() {
            return x * 1000 + super.x;
        }

        void swap() {
            int t = x;
            x = super.x;
            super.x = t;
        }
    }

    static Dog[] dogs(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        Dog[] ds = new Dog[n];
        for (int k = 0; k < n; k++) {
            Dog d = new Dog();
            d.legs = r.nextInt(0, 5);
            d.weight = (float) r.nextDouble(1, 80);
            d.x = r.nextInt(-1000, 1000);
            ((Animal) d).x = r.nextInt(-1000, 1000);
            ((Animal) d).secret = r.nextInt(-50, 50);
            d.speed = r.nextDouble(0, 40);
            ds[k] = d;
        }
        return ds;
    }

    /** A method its subclasses override (calling {@code super}). */
    static class Counter {
        int n;
        long total;

        int step() {
            return 1;
        }

        void tick(int k) {
            n += step() * k;
            total += n;
        }
    }

    static class Fast extends Counter {
        @Override
        int step() {
            return super.step() + 4;
        }
    }

    static final class Faster extends Fast {
        @Override
        int step() {
            return super.step() * 2;
        }

        @Override
        void tick(int k) {
            super.tick(k + 1);
            n ^= 1;
        }
    }

    static Counter[] counters(int n, boolean faster) {
        Counter[] cs = new Counter[n];
        for (int k = 0; k < n; k++) {
            cs[k] = faster ? new Faster() : new Fast();
            cs[k].n = k * 7 - 300;
            cs[k].total = (long) k << 33;
        }
        return cs;
    }

    /** A default method, a static interface method. */
    interface Body {
        float mass();

        default float weight(float g) {
            return mass() * g;
        }

        static float twice(float v) {
            return 2 * v;
        }
    }

    /** An abstract class with a final and a private method. */
    abstract static class Solid implements Body {
        float r;
        float density;

        abstract float volume();

        @Override
        public float mass() {
            return volume() * density;
        }

        final float diameter2() {
            return half() * half() * 16f;
        }

        private float half() {
            return r / 2f;
        }
    }

    static final class Ball extends Solid {
        @Override
        float volume() {
            return 4.18879f * r * r * r;
        }
    }

    static final class Cube extends Solid {
        @Override
        float volume() {
            return r * r * r;
        }
    }

    static Solid[] solids(long seed, int n, boolean balls) {
        SplittableRandom r = new SplittableRandom(seed);
        Solid[] ss = new Solid[n];
        for (int k = 0; k < n; k++) {
            ss[k] = balls ? new Ball() : new Cube();
            ss[k].r = (float) r.nextDouble(0.1, 3);
            ss[k].density = (float) r.nextDouble(0.5, 8);
        }
        return ss;
    }

    record Vec(float x, float y, int tag) {
        float len2() {
            return x * x + y * y;
        }
    }

    /** Fields written by methods that take another element. */
    static final class Particle {
        static int bias = 3;

        float x;
        float y;
        float vx;
        float vy;
        int hits;

        float dist2(Particle o) {
            float dx = o.x - x;
            float dy = o.y - y;
            return dx * dx + dy * dy;
        }

        void pull(Particle o, float k) {
            vx += (o.x - x) * k;
            vy += (o.y - y) * k;
            hits++;
        }

        void move(float dt) {
            x += vx * dt;
            y += vy * dt;
        }

        int bump() {
            hits += 100;
            return 1;
        }
    }

    static Particle[] particles(long seed, int n, int nullEvery) {
        SplittableRandom r = new SplittableRandom(seed);
        Particle[] ps = new Particle[n];
        for (int k = 0; k < n; k++) {
            Particle p = new Particle();
            p.x = (float) r.nextDouble(-10, 10);
            p.y = (float) r.nextDouble(-10, 10);
            p.vx = (float) r.nextDouble(-1, 1);
            p.vy = (float) r.nextDouble(-1, 1);
            p.hits = r.nextInt(0, 1000);
            ps[k] = nullEvery > 0 && k % nullEvery == nullEvery - 1 ? null : p;
        }
        return ps;
    }

    static Particle[] particlesWithNullAt(long seed, int n, int at) {
        Particle[] ps = particles(seed, n, 0);
        ps[at] = null;
        return ps;
    }

    /** Fields of reference type. */
    static final class Tagged {
        float v = 1.5f;
        String name = "t";
        int[] data = {4, 5};
    }

    /** Fields named like the arrays the kernel makes for them ({@code ss_present}). */
    static final class Slot {
        int present;
        float v;
    }

    enum Level {
        LOW(1), MID(5), HIGH(9);

        final int w;

        Level(int w) {
            this.w = w;
        }
    }

    /** Holds its particles in a (reassignable) field. */
    static final class Swarm {
        Particle[] ps;
        float dt;

        Swarm(Particle[] ps, float dt) {
            this.ps = ps;
            this.dt = dt;
        }

        void step(int mask) {
            for (@Parallel int i = 0; i < ps.length; i++) {
                ps[i].move(dt);
                ps[i].hits += i & mask;
            }
        }
    }

    /** Reaches its particles two fields down. */
    static final class Sim {
        final Swarm swarm;
        int rounds;

        Sim(Swarm swarm, int rounds) {
            this.swarm = swarm;
            this.rounds = rounds;
        }

        void run(int extra) {
            for (@Parallel int i = 0; i < swarm.ps.length; i++) {
                swarm.ps[i].hits += rounds + extra;
                swarm.ps[i].x -= swarm.dt * swarm.ps[i].vy;
            }
        }
    }

    /** A 2-D grid of cells laid out in one array. */
    static final class Cell {
        float v;
        int age;
    }

    static Cell[] cells(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        Cell[] cs = new Cell[n];
        for (int k = 0; k < n; k++) {
            cs[k] = new Cell();
            cs[k].v = (float) r.nextDouble(-5, 5);
            cs[k].age = r.nextInt(0, 100);
        }
        return cs;
    }

    /** An inner (non-static) class: elements with a reference to their outer object they never use. */
    final class Inner {
        int v;
        short w;

        Inner(int v) {
            this.v = v;
            this.w = (short) (v * 3);
        }
    }

    // ================================================================ kernels: every primitive type

    static void primsWrap(Prims[] ps, int k) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            Prims p = ps[i];
            p.b += k;
            p.c += k;
            p.s += k * 257;
            p.i += k * 1_000_003;
            p.l = p.l * 31 + k;
            p.f = p.f * 1.5f + k;
            p.d = p.d / 3 + k;
            p.z = !p.z;
        }
    }

    static void primsCasts(Prims[] ps) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            Prims p = ps[i];
            p.i = (int) p.d;
            p.l = (long) p.f;
            p.s = (short) p.i;
            p.b = (byte) p.c;
            p.c = (char) p.f;
            p.f = (float) p.d;
            p.d = p.l;
            p.z = p.f != p.f;
        }
    }

    static void primsCompound(Prims[] ps, int sh) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            Prims p = ps[i];
            p.b *= 3;
            p.b >>= 1;
            p.c -= 7;
            p.c >>>= sh;
            p.s <<= sh;
            p.s ^= 0x5555;
            p.i >>>= sh;
            p.i %= 1000;
            p.l >>= sh + 33;
            p.l /= 7;
            p.f %= 1.25f;
            p.d -= p.f;
            p.z &= p.b > 0;
            p.z |= p.c == 0;
        }
    }

    static void primsIncrements(Prims[] ps, long[] out) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            Prims p = ps[i];
            int before = p.i++;
            out[i] = before + ++p.s + p.b-- + --p.c + p.l++;
            p.f++;
            p.d--;
        }
    }

    static void primsRead(Prims[] ps, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Prims p = ps[i];
            out[i] = p == null ? -7.0 : (p.z ? 1 : 0) + p.b + p.c + p.s + (double) p.i + p.l + p.f + p.d;
        }
    }

    static void copyBits(Bits[] bs) {
        for (@Parallel int i = 0; i < bs.length; i++) {
            bs[i].b = bs[i].a;
            bs[i].e = bs[i].c;
        }
    }

    // ================================================================ kernels: inheritance, records, interfaces

    static void inheritedReads(Dog[] ds, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ds[i].legs * ds[i].weight + ds[i].secret() + (float) ds[i].speed;
        }
    }

    static void hiddenFields(Dog[] ds, int[] out) {
        for (@Parallel int i = 0; i < ds.length; i++) {
            Dog d = ds[i];
            out[i] = d.x - ((Animal) d).x + d.both();
            d.swap();
            ((Animal) d).x += 7;
            d.x *= 3;
        }
    }

    static void throughBase(Animal[] as, int[] out, float by) {
        for (@Parallel int i = 0; i < as.length; i++) {
            out[i] = as[i].x;
            as[i].x = i;
            as[i].grow(by);
        }
    }

    static void ticks(Counter[] cs, int k) {
        for (@Parallel int i = 0; i < cs.length; i++) {
            cs[i].tick(k + (i & 1));
        }
    }

    static void weights(Body[] bs, float g, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = bs[i].weight(g) + Body.twice(bs[i].mass());
        }
    }

    static void solidStats(Solid[] ss, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ss[i].diameter2() + ss[i].volume() - ss[i].density;
        }
    }

    static void densify(Solid[] ss, float k) {
        for (@Parallel int i = 0; i < ss.length; i++) {
            ss[i].density = ss[i].mass() * k;
            ss[i].r += 0.25f;
        }
    }

    static <T extends Body> void genericWeights(T[] bs, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = bs[i].weight(9.81f);
        }
    }

    static void recordReads(Vec[] vs, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec v = vs[i];
            out[i] = v == null ? -1f : v.len2() + v.x() - v.y + v.tag();
        }
    }

    static void levels(Level[] ls, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ls[i].w * 3 + i;
        }
    }

    static void ordinals(Level[] ls, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ls[i].ordinal() * 10 + ls[i].w;
        }
    }

    static void unbox(Integer[] is, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = is[i] + 1;
        }
    }

    static void applyEach(IntUnaryOperator[] fs, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = fs[i].applyAsInt(i);
        }
    }

    static void inners(Inner[] in, int[] out) {
        for (@Parallel int i = 0; i < in.length; i++) {
            out[i] = in[i].v * 2 + in[i].w;
            in[i].w += (short) 20000;
        }
    }

    // ================================================================ kernels: other indices, nests, streams

    static void pullToOthers(Particle[] ps, Particle[] others, float k) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            ps[i].pull(others[others.length - 1 - i], k);
            ps[i].move(0.5f);
        }
    }

    static void nearestByMethod(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            float best = Float.MAX_VALUE;
            int at = -1;
            for (int j = 0; j < ps.length; j++) {
                if (j != i && ps[j] != null && ps[i].dist2(ps[j]) < best) {
                    best = ps[i].dist2(ps[j]);
                    at = j;
                }
            }
            out[i] = at;
        }
    }

    static void smooth(Particle[] cur, Particle[] next) {
        for (@Parallel int i = 1; i < cur.length - 1; i++) {
            next[i].x = (cur[i - 1].x + cur[i].x + cur[i + 1].x) / 3f;
            next[i].hits = cur[i - 1].hits - cur[i + 1].hits;
        }
    }

    static void gatherDist(Particle[] ps, int[] idx, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[idx[i]].dist2(ps[i]) + ps[idx[i]].hits;
        }
    }

    static void pairs(Particle[] a, Particle[] b, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            for (@Parallel int j = 0; j < b.length; j++) {
                out[i * b.length + j] = a[i].dist2(b[j]) - a[i].hits + b[j].vy;
            }
        }
    }

    static void gridAge(Cell[] cs, int w, int h) {
        for (@Parallel int y = 0; y < h; y++) {
            for (@Parallel int x = 0; x < w; x++) {
                Cell c = cs[y * w + x];
                c.v = c.v * 0.5f + y - x;
                c.age += x ^ y;
            }
        }
    }

    static void streamScale(Particle[] ps, float s) {
        IntStream.range(0, ps.length).parallel().forEach(i -> {
            ps[i].x *= s;
            ps[i].hits += i;
        });
    }

    static void sumHits(Particle[] ps, @Reduce long[] out) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            if (ps[i] != null) {
                out[0] += ps[i].hits;
            }
        }
    }

    static void maxX(Particle[] ps, @Reduce float[] out) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            out[0] = Math.max(out[0], ps[i].x);
        }
    }

    // ================================================================ kernels: nulls and exceptions

    static float speed2(Particle p) {
        return p.vx * p.vx + p.vy * p.vy;
    }

    static boolean usable(Particle p) {
        return p != null && p.hits >= 0;
    }

    static void nullTests(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float v = Objects.isNull(ps[i]) ? -1f : 0f;
            if (Objects.nonNull(ps[i]) && usable(ps[i])) {
                v += speed2(ps[i]);
            }
            out[i] = ps[i] != null ? v + ps[i].x : v;
        }
    }

    static void staticThroughElement(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i].bias * i;
        }
    }

    static void readX(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i].x + i;
        }
    }

    static void moveAll(Particle[] ps, float dt) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            ps[i].move(dt);
        }
    }

    static void markThenWrite(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * 3;
            ps[i].hits = out[i] - 1;
        }
    }

    static void divideIntoHits(Particle[] ps, int[] d) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            ps[i].hits = 1000 / d[i];
        }
    }

    static void nextX(Particle[] ps, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i + 1].x - ps[i].x;
        }
    }

    static void shiftNonNull(Particle[] ps) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            if (ps[i] != null) {
                ps[i].y += 1f;
            }
        }
    }

    static void lengths(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps.length - i;
        }
    }

    static void nullFlags(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i] == null ? 1 : 2;
        }
    }

    static void bumpOrder(Particle[] ps) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            ps[i].hits += ps[i].bump();
        }
    }

    /** An element read before the loop sets its bound (ElementsBeforeLoop's shape with an array of objects). */
    static void boundFromFirst(Particle[] ps, int[] out) {
        int n = ps[0].hits % 500;
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = ps[i + 1].hits - n;
        }
    }

    /** A null test of an element before the loop returns early (ElementsBeforeLoopTest's earlyReturnOnElement). */
    static void earlyReturnOnNull(Particle[] ps, float[] out) {
        if (ps[0] == null) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i].x * 3f;
        }
    }

    /** Parameters and fields whose names meet the names of the kernel's own arrays. */
    static void nameClash(Slot[] ss, int[] ss_present, float[] ss_v) {
        for (@Parallel int i = 0; i < ss.length; i++) {
            ss_present[i] = ss[i] == null ? -1 : ss[i].present * 2;
            if (ss[i] != null) {
                ss_v[i] = ss[i].v;
                ss[i].v = i - ss[i].present;
                ss[i].present = ss_present[i] + 1;
            }
        }
    }

    // ================================================================ kernels: aliasing

    static void twoViews(Particle[] a, Particle[] b, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i].x += 1f;
            b[i].x += 10f;
            out[i] = a[i].x;
        }
    }

    static void writeThenReadOther(Particle[] a, Particle[] b, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i].y = i * 0.5f;
            out[i] = b[i].y;
        }
    }

    static void viaSwarm(Particle[] ps, Swarm sw, float[] out) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            ps[i].vx = i;
            out[i] = sw.ps[i].vx + sw.ps[i].x;
            sw.ps[i].hits -= 5;
        }
    }

    static void addToX(Particle[] ps, float v) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            ps[i].x += v;
        }
    }

    // ================================================================ kernels: refused

    static void storeElement(Particle[] ps) {
        for (@Parallel int i = 1; i < ps.length; i++) {
            ps[i] = ps[i - 1];
        }
    }

    static void storeNull(Particle[] ps) {
        for (@Parallel int i = 0; i < ps.length; i++) {
            if (ps[i].hits > 500) {
                ps[i] = null;
            }
        }
    }

    static void sameAsNext(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i] == ps[(i + 1) % ps.length] ? 1 : 0;
        }
    }

    static void isBall(Solid[] ss, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ss[i] instanceof Ball ? 1 : 0;
        }
    }

    static void castToBall(Solid[] ss, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ((Ball) ss[i]).volume();
        }
    }

    static void choice(Particle[] ps, boolean c, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle p = c ? ps[i] : ps[ps.length - 1 - i];
            out[i] = p.x;
        }
    }

    static void argmax(Particle[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Particle best = ps[0];
            int at = 0;
            for (int j = 1; j < ps.length; j++) {
                if (ps[j].x > best.x + i) {
                    best = ps[j];
                    at = j;
                }
            }
            out[i] = at;
        }
    }

    static void referenceField(Tagged[] ts, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ts[i].data[1] + (int) ts[i].v;
        }
    }

    // ================================================================ helpers

    /** Every non-static primitive field of {@code c} and its superclasses (hidden ones included). */
    private static List<Field> fieldsOf(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (Class<?> k = c; k != null && k != Object.class && k != Record.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && f.getType().isPrimitive()) {
                    f.setAccessible(true);
                    out.add(f);
                }
            }
        }
        return out;
    }

    /**
     * The objects of {@code actual} have the fields of the objects of {@code expected} (the JVM's run on the other
     * graph): floating-point fields bit for bit, NaN canonicalised unless {@code raw}.
     */
    static void assertSameObjects(String what, Object[] expected, Object[] actual, boolean raw) {
        assertEquals(what + ": length", expected.length, actual.length);
        for (int k = 0; k < expected.length; k++) {
            Object e = expected[k];
            Object a = actual[k];
            if (e == null || a == null) {
                assertTrue(what + "[" + k + "]: null on one side only", e == a);
                continue;
            }
            assertEquals(what + "[" + k + "]: class", e.getClass(), a.getClass());
            for (Field f : fieldsOf(e.getClass())) {
                try {
                    Object ev = f.get(e);
                    Object av = f.get(a);
                    String at = what + "[" + k + "]." + f.getDeclaringClass().getSimpleName() + "." + f.getName();
                    if (ev instanceof Float) {
                        float x = (Float) ev;
                        float y = (Float) av;
                        int xb = raw ? Float.floatToRawIntBits(x) : Float.floatToIntBits(x);
                        int yb = raw ? Float.floatToRawIntBits(y) : Float.floatToIntBits(y);
                        assertEquals(at + ": expected " + x + " but was " + y + " (bits)", xb, yb);
                    } else if (ev instanceof Double) {
                        double x = (Double) ev;
                        double y = (Double) av;
                        long xb = raw ? Double.doubleToRawLongBits(x) : Double.doubleToLongBits(x);
                        long yb = raw ? Double.doubleToRawLongBits(y) : Double.doubleToLongBits(y);
                        assertEquals(at + ": expected " + x + " but was " + y + " (bits)", xb, yb);
                    } else {
                        assertEquals(at, ev, av);
                    }
                } catch (IllegalAccessException ex) {
                    throw new AssertionError(ex);
                }
            }
        }
    }

    static void assertSameObjects(String what, Object[] expected, Object[] actual) {
        assertSameObjects(what, expected, actual, false);
    }

    /** Runs the schedule strict and asserts that every named task ran on the device. */
    private static void runOnDevice(TaskSchedule s, String... tasks) {
        s.execute();
        for (String t : tasks) {
            assertRanOnDevice(s.report(), t);
        }
    }

    /**
     * The JVM's run ({@code jvm}, on the other graph) must throw; the schedule must throw an exception of the same
     * class and message, with task {@code task} run on the JVM after a failed check. The caller compares the objects.
     */
    private static Throwable throwsLikeTheJvm(Runnable jvm, TaskSchedule s, String task) {
        Throwable expected = null;
        try {
            jvm.run();
        } catch (Throwable t) {
            expected = t;
        }
        assertNotNull("the JVM should throw for these inputs (test is wrong)", expected);
        Throwable actual = null;
        try {
            s.execute();
        } catch (Throwable t) {
            actual = t;
        }
        if (actual == null) {
            fail("expected " + expected + " but execute() returned normally; report:\n" + s.report());
        }
        if (actual.getClass() != expected.getClass()) {
            AssertionError err = new AssertionError("expected " + expected + " but got " + actual + "; report:\n"
                    + s.report());
            err.initCause(actual);
            throw err;
        }
        assertEquals("exception message", expected.getMessage(), actual.getMessage());
        TaskReport t = s.report().task(task);
        assertEquals("where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
        assertTrue("the task should have been compiled and rerun after a failed check, but: " + t.reason(),
                t.reason().contains("check failed"));
        return expected;
    }

    /** The schedule must be refused in strict mode with a message containing every part. */
    private static CompilationException refused(Supplier<TaskSchedule> schedule, String... parts) {
        try (TaskSchedule s = schedule.get()) {
            s.execute();
            fail("strict mode should refuse it, but it ran; report:\n" + s.report());
            return null;
        } catch (CompilationException e) {
            for (String part : parts) {
                assertTrue("the message should mention '" + part + "': " + e.getMessage(),
                        e.getMessage().contains(part));
            }
            return e;
        }
    }

    /**
     * For what may be unsupported: either the schedule runs every task on the device (true: the caller compares with
     * the JVM) or strict mode refuses it cleanly with a message containing every part (false).
     */
    private static boolean ranOrRefused(TaskSchedule s, String... parts) {
        lastRefusal = "";
        try {
            runOnDevice(s, "t");
            return true;
        } catch (CompilationException e) {
            lastRefusal = String.valueOf(e.getMessage());
            for (String part : parts) {
                assertTrue("a refusal should mention '" + part + "': " + e.getMessage(),
                        e.getMessage().contains(part));
            }
            return false;
        }
    }

    /** The message of {@link #ranOrRefused}'s last refusal. */
    private static String lastRefusal = "";

    private static int[] copyOf(int[] a) {
        return a.clone();
    }

    private static String[] halves() {
        String d = null;
        for (dev.ferrocl.api.Device dev : Devices.list()) {
            if (dev.type().equalsIgnoreCase("CPU")) {
                d = dev.id();
                break;
            }
        }
        if (d == null) {
            d = Devices.defaultDevice().id();
        }
        return new String[] {d + ".0/2", d + ".1/2"};
    }

    // ================================================================ tests: every primitive type

    /** Compound additions on every primitive field: byte, char and short wrap (JLS 15.26.2's narrowing). */
    @Test
    public void everyPrimitiveFieldWrapsAsJavaDoes() {
        for (int k : new int[] {200, -70_001, Integer.MAX_VALUE}) {
            Prims[] ps = prims(8001, N, 0);
            Prims[] jvm = prims(8001, N, 0);
            primsWrap(jvm, k);
            try (TaskSchedule s = new TaskSchedule("wrap").task("t", ObjectArrayProbeTest::primsWrap, ps, k)) {
                runOnDevice(s, "t");
            }
            assertSameObjects("k = " + k, jvm, ps);
        }
    }

    /** Narrowing casts between field types: NaN and infinities into int, long, char; saturation; long to double. */
    @Test
    public void narrowingCastsBetweenFieldsOfEveryType() {
        Prims[] ps = prims(8002, N, 0);
        Prims[] jvm = prims(8002, N, 0);
        primsCasts(jvm);
        try (TaskSchedule s = new TaskSchedule("casts").task("t", ObjectArrayProbeTest::primsCasts, ps)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("casts", jvm, ps);
    }

    /** Compound shifts, remainders and boolean operators on fields of every type, shift counts past the width. */
    @Test
    public void compoundOperatorsOnEveryFieldType() {
        for (int sh : new int[] {3, 17, 31, 45}) {
            Prims[] ps = prims(8003 + sh, N, 0);
            Prims[] jvm = prims(8003 + sh, N, 0);
            primsCompound(jvm, sh);
            try (TaskSchedule s = new TaskSchedule("compound").task("t", ObjectArrayProbeTest::primsCompound, ps,
                    sh)) {
                runOnDevice(s, "t");
            }
            assertSameObjects("sh = " + sh, jvm, ps);
        }
    }

    /** Pre- and post-increments of fields, their values used (JLS 15.14, 15.15). */
    @Test
    public void incrementsOfFieldsAndTheirValues() {
        Prims[] ps = prims(8004, N, 0);
        Prims[] jvm = prims(8004, N, 0);
        long[] out = new long[N];
        long[] jvmOut = new long[N];
        primsIncrements(jvm, jvmOut);
        try (TaskSchedule s = new TaskSchedule("incr").task("t", ObjectArrayProbeTest::primsIncrements, ps, out)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("increments", jvm, ps);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /** Every field read (none written), nulls every fifth element, at every size. */
    @Test
    public void everyFieldTypeReadWithNulls() {
        for (int n : JvmOracle.SIZES) {
            check(ObjectArrayProbeTest::primsRead, prims(8005, n, 5), new double[n]);
        }
    }

    /** A float and a double copied from one field to another keep their bits: NaN payloads and signed zeros. */
    @Test
    public void fieldCopiesKeepNanPayloadsBitForBit() {
        int[] fbits = {0x7f800001, 0x7fc12345, 0xffc00000, 0xff812345, 0x80000000, 0x7fffffff, 0x00000001};
        long[] dbits = {0x7ff0000000000001L, 0x7ff8abcdef012345L, 0xfff8000000000000L, 0x8000000000000000L,
            0x7ff4000000000000L, 0xfff0000000000001L, 1L};
        Bits[][] two = new Bits[2][fbits.length * 100];
        for (Bits[] bs : two) {
            for (int k = 0; k < bs.length; k++) {
                bs[k] = new Bits();
                bs[k].a = Float.intBitsToFloat(fbits[k % fbits.length]);
                bs[k].c = Double.longBitsToDouble(dbits[k % dbits.length]);
                bs[k].b = 1f;
                bs[k].e = 2.0;
            }
        }
        copyBits(two[1]);
        try (TaskSchedule s = new TaskSchedule("bits").task("t", ObjectArrayProbeTest::copyBits, two[0])) {
            runOnDevice(s, "t");
        }
        assertSameObjects("raw bits", two[1], two[0], true);
    }

    // ================================================================ tests: inheritance, records, interfaces

    /** Fields declared in a superclass (one private, behind a method), read through the subclass's array. */
    @Test
    public void inheritedFieldsAndAPrivateFieldBehindAMethod() {
        check(ObjectArrayProbeTest::inheritedReads, dogs(8010, N), new float[N]);
    }

    /**
     * A field hidden by a subclass (JLS 8.3): {@code d.x} is Dog.x, {@code ((Animal) d).x} and {@code super.x} are
     * Animal.x; both read and written in one kernel, which then needs two arrays for two fields named x.
     */
    @Test
    public void hiddenFieldsAreTwoFields() {
        Dog[] ds = dogs(8011, N);
        Dog[] jvm = dogs(8011, N);
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        hiddenFields(jvm, jvmOut);
        try (TaskSchedule s = new TaskSchedule("hidden").task("t", ObjectArrayProbeTest::hiddenFields, ds, out)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("dogs", jvm, ds);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /** An array typed by the superclass holding subclass objects: {@code as[i].x} is Animal.x, Dog.x untouched. */
    @Test
    public void anArrayOfTheSuperclassTypeWritesTheSuperclassField() {
        Dog[] ds = dogs(8012, N);
        Dog[] jvm = dogs(8012, N);
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        throughBase(jvm, jvmOut, 1.25f);
        try (TaskSchedule s = new TaskSchedule("base").task("t", ObjectArrayProbeTest::throughBase, (Animal[]) ds,
                out, 1.25f)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("dogs", jvm, ds);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /** Overridden methods calling super, through an array of the base type: Fast, then Faster (overriding tick). */
    @Test
    public void overriddenMethodsWithSuperCallsWriteFields() {
        for (boolean faster : new boolean[] {false, true}) {
            Counter[] cs = counters(N, faster);
            Counter[] jvm = counters(N, faster);
            ticks(jvm, 3);
            try (TaskSchedule s = new TaskSchedule("ticks").task("t", ObjectArrayProbeTest::ticks, cs, 3)) {
                runOnDevice(s, "t");
            }
            assertSameObjects("faster = " + faster, jvm, cs);
        }
    }

    /**
     * An interface's default and static methods on an array of the interface type, Balls then Cubes; a generic method
     * whose array parameter erases to the bound's type.
     */
    @Test
    public void defaultMethodsThroughAnInterfaceArray() {
        check(ObjectArrayProbeTest::weights, (Body[]) solids(8013, N, true), 9.81f, new float[N]);
        check(ObjectArrayProbeTest::weights, (Body[]) solids(8014, N, false), 1.62f, new float[N]);
        check(ObjectArrayProbeTest::genericWeights, (Body[]) solids(8018, N, false), new float[N]);
    }

    /**
     * Abstract, final and private methods of an abstract element type, read; then a method that reads through a
     * virtual call and writes two fields, on each concrete class.
     */
    @Test
    public void abstractFinalAndPrivateMethods() {
        check(ObjectArrayProbeTest::solidStats, solids(8015, N, true), new float[N]);
        check(ObjectArrayProbeTest::solidStats, solids(8016, N, false), new float[N]);
        for (boolean balls : new boolean[] {true, false}) {
            Solid[] ss = solids(8017, N, balls);
            Solid[] jvm = solids(8017, N, balls);
            densify(jvm, 0.5f);
            try (TaskSchedule s = new TaskSchedule("densify").task("t", ObjectArrayProbeTest::densify, ss, 0.5f)) {
                runOnDevice(s, "t");
            }
            assertSameObjects("balls = " + balls, jvm, ss);
        }
    }

    /** A record: accessors, a method, and its private field read directly from the nest; nulls among them. */
    @Test
    public void recordsAccessorsAndFields() {
        SplittableRandom r = new SplittableRandom(8019);
        Vec[] vs = new Vec[N];
        for (int k = 0; k < N; k++) {
            vs[k] = k % 9 == 4 ? null : new Vec((float) r.nextDouble(-3, 3), (float) r.nextDouble(-3, 3), k - 500);
        }
        check(ObjectArrayProbeTest::recordReads, vs, new float[N]);
    }

    /**
     * Enum constants as elements (one object at many indices, read only): a field of their own, then
     * {@code ordinal()}.
     */
    @Test
    public void enumConstantsAtManyIndices() {
        Level[] ls = new Level[N];
        for (int k = 0; k < N; k++) {
            ls[k] = Level.values()[k % 3];
        }
        check(ObjectArrayProbeTest::levels, ls, new int[N]);
        // ordinal() reads java.lang.Enum's private field: the JVM's values, or refused cleanly.
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        ordinals(ls, jvmOut);
        try (TaskSchedule s = new TaskSchedule("ordinal").task("t", ObjectArrayProbeTest::ordinals, ls, out)) {
            if (ranOrRefused(s, "cannot be read")) {
                JvmOracle.assertSame("out", jvmOut, out);
            } else {
                JvmOracle.assertSame("out untouched", new int[N], out);
            }
        }
    }

    /** Boxes as elements (Integer.value is the JDK's private field): the JVM's values or a clean refusal. */
    @Test
    public void boxesAsElementsRunOrAreRefusedCleanly() {
        Integer[] is = new Integer[N];
        for (int k = 0; k < N; k++) {
            is[k] = k * 1_000_003 - 7;
        }
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        unbox(is, jvmOut);
        try (TaskSchedule s = new TaskSchedule("boxes").task("t", ObjectArrayProbeTest::unbox, is, out)) {
            if (ranOrRefused(s, "cannot be read")) {
                JvmOracle.assertSame("out", jvmOut, out);
            } else {
                // No array is shared here: a field the host cannot read is not "two copies of one Java array".
                assertTrue("the refusal blames sharing where none is: " + lastRefusal,
                        !lastRefusal.contains("two copies"));
            }
        }
    }

    /** Lambdas of one expression as elements (a hidden class): the JVM's values or a refusal naming it. */
    @Test
    public void lambdasAsElementsRunOrAreRefusedCleanly() {
        IntUnaryOperator[] fs = new IntUnaryOperator[N];
        for (int k = 0; k < N; k++) {
            int c = k * 3;
            fs[k] = x -> x * 7 + c;
        }
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        applyEach(fs, jvmOut);
        try (TaskSchedule s = new TaskSchedule("lambdas").task("t", ObjectArrayProbeTest::applyEach, fs, out)) {
            if (ranOrRefused(s, "hidden class")) {
                JvmOracle.assertSame("out", jvmOut, out);
            }
        }
    }

    /** Objects of an inner class (with a reference to the outer object they never use); a short field wraps. */
    @Test
    public void innerClassElements() {
        Inner[] in = new Inner[N];
        Inner[] jvm = new Inner[N];
        for (int k = 0; k < N; k++) {
            in[k] = new Inner(k * 37 - 9000);
            jvm[k] = new Inner(k * 37 - 9000);
        }
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        inners(jvm, jvmOut);
        try (TaskSchedule s = new TaskSchedule("inner").task("t", ObjectArrayProbeTest::inners, in, out)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("inner", jvm, in);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    // ================================================================ tests: other indices, nests, streams, reduce

    /** A method of one element taking an element of another array (read only) and writing three fields. */
    @Test
    public void aMethodTakingAnElementOfAnotherArray() {
        Particle[] ps = particles(8020, N, 0);
        Particle[] others = particles(8021, N, 0);
        Particle[] jvm = particles(8020, N, 0);
        Particle[] jvmOthers = particles(8021, N, 0);
        pullToOthers(jvm, jvmOthers, 0.125f);
        try (TaskSchedule s = new TaskSchedule("pull").task("t", ObjectArrayProbeTest::pullToOthers, ps, others,
                0.125f)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("ps", jvm, ps);
        assertSameObjects("others (read only)", jvmOthers, others);
    }

    /** A sequential inner loop over every element, through a method taking the other element; nulls skipped. */
    @Test
    public void anInnerLoopThroughAMethodTakingTheOtherElement() {
        check(ObjectArrayProbeTest::nearestByMethod, particles(8022, 700, 0), new int[700]);
    }

    /** Neighbours of one array written into another array's objects (a stencil). */
    @Test
    public void neighboursReadIntoAnotherArraysObjects() {
        Particle[] cur = particles(8023, N, 0);
        Particle[] next = particles(8024, N, 0);
        Particle[] jvmCur = particles(8023, N, 0);
        Particle[] jvmNext = particles(8024, N, 0);
        smooth(jvmCur, jvmNext);
        try (TaskSchedule s = new TaskSchedule("smooth").task("t", ObjectArrayProbeTest::smooth, cur, next)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("next", jvmNext, next);
        assertSameObjects("cur", jvmCur, cur);
    }

    /** Elements gathered at indices read from an array, with a method taking another element. */
    @Test
    public void gathersThroughAnIndexArray() {
        check(ObjectArrayProbeTest::gatherDist, particles(8025, N, 0), JvmOracle.ints(8026, N, 0, N), new float[N]);
    }

    /** A 2-D @Parallel nest over two arrays of objects (read only). */
    @Test
    public void aTwoDimensionalNestOverTwoArrays() {
        check(ObjectArrayProbeTest::pairs, particles(8027, 97, 0), particles(8028, 131, 0), new float[97 * 131]);
    }

    /** A 2-D @Parallel nest writing the fields of a grid of cells laid out in one array. */
    @Test
    public void aTwoDimensionalNestWritingFields() {
        int w = 83;
        int h = 61;
        Cell[] cs = cells(8029, w * h);
        Cell[] jvm = cells(8029, w * h);
        gridAge(jvm, w, h);
        try (TaskSchedule s = new TaskSchedule("grid").task("t", ObjectArrayProbeTest::gridAge, cs, w, h)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("grid", jvm, cs);
    }

    /** The IntStream form, its lambda capturing the array of objects and writing two fields. */
    @Test
    public void anIntStreamWritesFieldsOfElements() {
        Particle[] ps = particles(8030, N, 0);
        Particle[] jvm = particles(8030, N, 0);
        streamScale(jvm, -1.5f);
        try (TaskSchedule s = new TaskSchedule("stream").task("t", ObjectArrayProbeTest::streamScale, ps, -1.5f)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("stream", jvm, ps);
    }

    /** @Reduce over a field: an exact long sum skipping nulls, and a float max (NaN-free, exact). */
    @Test
    public void reductionsOverAField() {
        for (int n : JvmOracle.SIZES) {
            check(ObjectArrayProbeTest::sumHits, particles(8031, n, 4), new long[] {17});
            check(ObjectArrayProbeTest::maxX, particles(8032, n, 0), new float[] {-5f});
        }
    }

    // ================================================================ tests: nulls and exceptions

    /** Null tests through Objects.isNull/nonNull and a static helper, a static helper reading an element. */
    @Test
    public void nullTestsThroughHelpers() {
        for (int n : JvmOracle.SIZES) {
            check(ObjectArrayProbeTest::nullTests, particles(8040, n, 3), new float[n]);
        }
    }

    /**
     * A static field read through an element ({@code ps[i].bias}): JLS 15.11.1 evaluates {@code ps[i]} (its index
     * check) and discards it, so a null element throws nothing.
     */
    @Test
    public void aStaticFieldThroughANullElementThrowsNothing() {
        check(ObjectArrayProbeTest::staticThroughElement, particles(8041, N, 2), new int[N]);
    }

    /** A method called on a null element: the JVM's NullPointerException, the objects as the JVM leaves them. */
    @Test
    public void aMethodOnANullElementThrowsAsTheJvmDoes() {
        Particle[] ps = particlesWithNullAt(8042, N, 731);
        Particle[] jvm = particlesWithNullAt(8042, N, 731);
        try (TaskSchedule s = new TaskSchedule("npe").task("t", ObjectArrayProbeTest::moveAll, ps, 0.5f)) {
            Throwable e = throwsLikeTheJvm(() -> moveAll(jvm, 0.5f), s, "t");
            assertEquals(NullPointerException.class, e.getClass());
        }
        assertSameObjects("after the exception", jvm, ps);
    }

    /** A field read of a null element at the first and the last index. */
    @Test
    public void aNullElementAtEitherEnd() {
        for (int at : new int[] {0, N - 1}) {
            Particle[] ps = particlesWithNullAt(8043, N, at);
            float[] out = new float[N];
            float[] jvmOut = new float[N];
            try (TaskSchedule s = new TaskSchedule("npe-end").task("t", ObjectArrayProbeTest::readX, ps, out)) {
                throwsLikeTheJvm(() -> readX(ps, jvmOut), s, "t");
            }
            JvmOracle.assertSame("out, null at " + at, jvmOut, out);
        }
    }

    /** Stores into a primitive array and a field before the null element: the JVM's rerun from the originals. */
    @Test
    public void writesBeforeANullElementAreTheJvms() {
        Particle[] ps = particlesWithNullAt(8044, N, 400);
        Particle[] jvm = particlesWithNullAt(8044, N, 400);
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        try (TaskSchedule s = new TaskSchedule("npe-writes").task("t", ObjectArrayProbeTest::markThenWrite, ps,
                out)) {
            throwsLikeTheJvm(() -> markThenWrite(jvm, jvmOut), s, "t");
        }
        assertSameObjects("objects", jvm, ps);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /**
     * JLS 15.26.1: in {@code ps[i].hits = 1000 / d[i]} the right-hand side is evaluated before the null check, so a
     * null element with a zero divisor throws ArithmeticException.
     */
    @Test
    public void theRightHandSideIsEvaluatedBeforeTheNullCheck() {
        Particle[] ps = particlesWithNullAt(8045, N, 250);
        Particle[] jvm = particlesWithNullAt(8045, N, 250);
        int[] d = JvmOracle.ints(8046, N, 1, 50);
        d[250] = 0;
        try (TaskSchedule s = new TaskSchedule("order").task("t", ObjectArrayProbeTest::divideIntoHits, ps,
                copyOf(d))) {
            Throwable e = throwsLikeTheJvm(() -> divideIntoHits(jvm, copyOf(d)), s, "t");
            assertEquals(ArithmeticException.class, e.getClass());
        }
        assertSameObjects("objects", jvm, ps);
    }

    /** An element one past the end, and a negative index through a gather: the JVM's messages. */
    @Test
    public void indicesOutOfBoundsThrowAsTheJvmDoes() {
        Particle[] ps = particles(8047, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        try (TaskSchedule s = new TaskSchedule("oob").task("t", ObjectArrayProbeTest::nextX, ps, out)) {
            Throwable e = throwsLikeTheJvm(() -> nextX(ps, jvmOut), s, "t");
            assertEquals("Index " + N + " out of bounds for length " + N, e.getMessage());
        }
        JvmOracle.assertSame("out", jvmOut, out);
        int[] idx = JvmOracle.ints(8048, N, 0, N);
        idx[600] = -3;
        float[] out2 = new float[N];
        float[] jvmOut2 = new float[N];
        try (TaskSchedule s = new TaskSchedule("oob-neg").task("t", ObjectArrayProbeTest::gatherDist, ps, idx,
                out2)) {
            Throwable e = throwsLikeTheJvm(() -> gatherDist(ps, idx, jvmOut2), s, "t");
            assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        }
        JvmOracle.assertSame("out2", jvmOut2, out2);
    }

    /** A null array argument: the JVM's NullPointerException and message (as for a null primitive array). */
    @Test
    public void aNullArrayArgumentThrowsTheJvmsNullPointerException() {
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        NullPointerException expected = null;
        try {
            readX(null, jvmOut);
        } catch (NullPointerException e) {
            expected = e;
        }
        assertNotNull(expected);
        try (TaskSchedule s = new TaskSchedule("null-array").task("t", ObjectArrayProbeTest::readX, null, out)) {
            try {
                s.execute();
                fail("expected a NullPointerException; report:\n" + s.report());
            } catch (NullPointerException e) {
                assertEquals(expected.getMessage(), e.getMessage());
            }
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /** An empty array and an array of nulls: {@code length} alone runs; element loads run or are refused cleanly. */
    @Test
    public void emptyAndAllNullArrays() {
        check(ObjectArrayProbeTest::lengths, new Particle[0], new int[5]);
        check(ObjectArrayProbeTest::lengths, new Particle[40], new int[40]);
        Particle[] nulls = new Particle[40];
        int[] out = new int[40];
        int[] jvmOut = new int[40];
        nullFlags(nulls, jvmOut);
        try (TaskSchedule s = new TaskSchedule("all-null").task("t", ObjectArrayProbeTest::nullFlags, nulls, out)) {
            if (deviceRefusedOrJvm(s, "is null (or it is empty)")) {
                JvmOracle.assertSame("out", jvmOut, out);
            }
        }
        Particle[] empty = new Particle[0];
        try (TaskSchedule s = new TaskSchedule("empty").task("t", ObjectArrayProbeTest::moveAll, empty, 1f)) {
            deviceRefusedOrJvm(s, "is null (or it is empty)");
        }
    }

    /**
     * Where every element is null (or there is none), the compiler has no class: the task runs on the device, is
     * refused in strict mode, or runs on the JVM as for a null object (the design lets strict mode run the JVM there,
     * where it computes Java's result); each way naming why.
     */
    private static boolean deviceRefusedOrJvm(TaskSchedule s, String why) {
        try {
            s.execute();
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(why));
            return false;
        }
        TaskReport t = s.report().task("t");
        if (t.ranOn() != TaskReport.Where.DEVICE) {
            assertTrue(t.reason(), t.reason().contains(why));
        }
        return true;
    }

    /**
     * JLS 15.26.2: the value of {@code ps[i].hits} is saved before the right-hand side runs, so the callee's write
     * ({@code hits += 100} in {@code bump()}) is lost.
     */
    @Test
    public void aCompoundAssignmentSavesTheFieldBeforeTheCall() {
        Particle[] ps = particles(8049, N, 0);
        Particle[] jvm = particles(8049, N, 0);
        bumpOrder(jvm);
        try (TaskSchedule s = new TaskSchedule("bump").task("t", ObjectArrayProbeTest::bumpOrder, ps)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("bump", jvm, ps);
    }

    /**
     * An element's field read before the loop as its bound: the JVM's results, then with the bound one past the end
     * (the JVM's exception).
     */
    @Test
    public void anElementsFieldReadBeforeTheLoopIsItsBound() {
        Particle[] ps = particles(8057, N, 0);
        ps[0].hits = 321;
        check(ObjectArrayProbeTest::boundFromFirst, ps, new int[N]);
        Particle[] small = particles(8060, 40, 0);
        small[0].hits = 499;
        int[] out = new int[40];
        int[] jvmOut = new int[40];
        try (TaskSchedule s = new TaskSchedule("before-oob").task("t", ObjectArrayProbeTest::boundFromFirst, small,
                out)) {
            throwsLikeTheJvm(() -> boundFromFirst(small, jvmOut), s, "t");
        }
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /** A null test of an element before the loop that returns early, as for an element of a primitive array. */
    @Test
    public void anEarlyReturnOnANullElementBeforeTheLoop() {
        check(ObjectArrayProbeTest::earlyReturnOnNull, particles(8059, N, 0), new float[N]);
        Particle[] firstNull = particles(8059, N, 0);
        firstNull[0] = null;
        float[] out = new float[N];
        Arrays.fill(out, 2f);
        check(ObjectArrayProbeTest::earlyReturnOnNull, firstNull, out);
    }

    /** A field named {@code present}, parameters named like the kernel's arrays ({@code ss_present}, {@code ss_v}). */
    @Test
    public void namesOfTheKernelsArraysDoNotClash() {
        Slot[][] two = new Slot[2][N];
        for (Slot[] side : two) {
            for (int k = 0; k < N; k++) {
                if (k % 6 != 5) {
                    side[k] = new Slot();
                    side[k].present = k * 3 - 100;
                    side[k].v = k * 0.25f;
                }
            }
        }
        int[] present = new int[N];
        float[] v = new float[N];
        int[] jvmPresent = new int[N];
        float[] jvmV = new float[N];
        nameClash(two[1], jvmPresent, jvmV);
        try (TaskSchedule s = new TaskSchedule("names").task("t", ObjectArrayProbeTest::nameClash, two[0], present,
                v)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("slots", two[1], two[0]);
        JvmOracle.assertSame("ss_present", jvmPresent, present);
        JvmOracle.assertSame("ss_v", jvmV, v);
    }

    // ================================================================ tests: aliasing

    /** One array passed as two arguments: writes through one are seen through the other, in one iteration. */
    @Test
    public void oneArrayPassedTwice() {
        Particle[] ps = particles(8050, N, 0);
        Particle[] jvm = particles(8050, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        twoViews(jvm, jvm, jvmOut);
        try (TaskSchedule s = new TaskSchedule("twice").task("t", ObjectArrayProbeTest::twoViews, ps, ps, out)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("ps", jvm, ps);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /** The array argument is also a field of another argument: one set of arrays for both. */
    @Test
    public void anArrayAlsoReadThroughAFieldOfAnotherArgument() {
        Particle[] ps = particles(8051, N, 0);
        Particle[] jvm = particles(8051, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        viaSwarm(jvm, new Swarm(jvm, 0f), jvmOut);
        try (TaskSchedule s = new TaskSchedule("via").task("t", ObjectArrayProbeTest::viaSwarm, ps, new Swarm(ps, 0f),
                out)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("ps", jvm, ps);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /**
     * Two different arrays holding the same objects ({@code qs = ps.clone()}), both written in one iteration: the
     * JVM adds 1 and 10 to each x. Either the device's run gives the JVM's objects, or it is refused cleanly.
     */
    @Test
    public void twoArraysHoldingTheSameObjectsBothWritten() {
        Particle[] ps = particles(8052, N, 0);
        Particle[] jvm = particles(8052, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        twoViews(jvm, jvm.clone(), jvmOut);
        try (TaskSchedule s = new TaskSchedule("clones").task("t", ObjectArrayProbeTest::twoViews, ps, ps.clone(),
                out)) {
            if (ranOrRefused(s, "object")) {
                assertSameObjects("ps", jvm, ps);
                JvmOracle.assertSame("out", jvmOut, out);
            } else {
                assertSameObjects("ps untouched", particles(8052, N, 0), ps);
            }
        }
    }

    /** Two arrays holding the same objects, one written and the other read after the write. */
    @Test
    public void aWriteThroughOneArraySeenThroughAnotherHoldingTheSameObjects() {
        Particle[] ps = particles(8053, N, 0);
        Particle[] jvm = particles(8053, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        writeThenReadOther(jvm, jvm.clone(), jvmOut);
        try (TaskSchedule s = new TaskSchedule("clones-read").task("t", ObjectArrayProbeTest::writeThenReadOther, ps,
                ps.clone(), out)) {
            if (ranOrRefused(s, "object")) {
                assertSameObjects("ps", jvm, ps);
                JvmOracle.assertSame("out", jvmOut, out);
            }
        }
    }

    /** Two tasks of one schedule: the first writes fields, the second reads them through the same array. */
    @Test
    public void aSecondTaskReadsWhatTheFirstWrote() {
        Particle[] ps = particles(8054, N, 0);
        Particle[] jvm = particles(8054, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        moveAll(jvm, 2f);
        readX(jvm, jvmOut);
        try (TaskSchedule s = new TaskSchedule("two-tasks").task("move", ObjectArrayProbeTest::moveAll, ps, 2f)
                .task("read", ObjectArrayProbeTest::readX, ps, out)) {
            runOnDevice(s, "move", "read");
        }
        assertSameObjects("ps", jvm, ps);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    /** Two tasks, the second through another array holding the same objects: the JVM's values or a clean refusal. */
    @Test
    public void aSecondTaskReadsTheSameObjectsThroughAnotherArray() {
        Particle[] ps = particles(8055, N, 0);
        Particle[] jvm = particles(8055, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        moveAll(jvm, 2f);
        readX(jvm.clone(), jvmOut);
        try (TaskSchedule s = new TaskSchedule("two-tasks-clone").task("move", ObjectArrayProbeTest::moveAll, ps, 2f)
                .task("t", ObjectArrayProbeTest::readX, ps.clone(), out)) {
            if (ranOrRefused(s, "object")) {
                assertRanOnDevice(s.report(), "move");
                assertSameObjects("ps", jvm, ps);
                JvmOracle.assertSame("out", jvmOut, out);
            }
        }
    }

    /** A null element met by the second task: both tasks rerun on the JVM from the objects as they were. */
    @Test
    public void aFailedCheckInTheSecondTaskLeavesTheFirstTasksWritesToTheJvm() {
        Particle[] ps = particlesWithNullAt(8056, N, 900);
        Particle[] jvm = particlesWithNullAt(8056, N, 900);
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        try (TaskSchedule s = new TaskSchedule("two-fail").task("first", ObjectArrayProbeTest::shiftNonNull, ps)
                .task("t", ObjectArrayProbeTest::markThenWrite, ps, out)) {
            throwsLikeTheJvm(() -> {
                shiftNonNull(jvm);
                markThenWrite(jvm, jvmOut);
            }, s, "t");
        }
        assertSameObjects("objects", jvm, ps);
        JvmOracle.assertSame("out", jvmOut, out);
    }

    // ================================================================ tests: across executions

    /** One schedule, four executions; between them the Java code changes fields, elements and nulls. */
    @Test
    public void fieldsAreReadAgainAtEveryExecution() {
        Particle[] ps = particles(8060, N, 0);
        Particle[] jvm = particles(8060, N, 0);
        float[] out = new float[N];
        float[] jvmOut = new float[N];
        try (TaskSchedule s = new TaskSchedule("again").task("t", ObjectArrayProbeTest::nullTests, ps, out)) {
            for (int run = 0; run < 4; run++) {
                for (Particle[] side : new Particle[][] {ps, jvm}) {
                    for (int k = run; k < N; k += 5) {
                        if (side[k] != null) {
                            side[k].vx += run * 0.75f;
                            side[k].x = -side[k].x;
                        }
                    }
                    if (run == 1) {
                        side[17] = null;
                        side[18] = new Particle();
                        side[18].x = 42f;
                    } else if (run == 3) {
                        side[17] = new Particle();
                        side[17].vy = -3f;
                    }
                }
                nullTests(jvm, jvmOut);
                runOnDevice(s, "t");
                JvmOracle.assertSame("run " + run, jvmOut, out);
                assertSameObjects("run " + run, jvm, ps);
            }
        }
    }

    /** One schedule writing fields: executions see what earlier ones wrote back and what Java changed since. */
    @Test
    public void writtenFieldsAccumulateAcrossExecutions() {
        Particle[] ps = particles(8061, N, 0);
        Particle[] jvm = particles(8061, N, 0);
        try (TaskSchedule s = new TaskSchedule("accumulate").task("t", ObjectArrayProbeTest::moveAll, ps, 0.25f)) {
            for (int run = 0; run < 3; run++) {
                moveAll(jvm, 0.25f);
                runOnDevice(s, "t");
                assertSameObjects("run " + run, jvm, ps);
                ps[run * 100].vx = 99f;
                jvm[run * 100].vx = 99f;
            }
        }
    }

    /**
     * The elements' class changes between executions of one schedule (Balls, Cubes: another kernel), then the array
     * mixes both (another kernel, branching on each element's class), then Balls again on the device.
     */
    @Test
    public void theElementsClassChangesThenMixes() {
        Solid[] ss = solids(8062, N, true);
        Solid[] jvm = solids(8062, N, true);
        try (TaskSchedule s = new TaskSchedule("classes").task("t", ObjectArrayProbeTest::densify, ss, 0.5f)) {
            runOnDevice(s, "t");
            densify(jvm, 0.5f);
            assertSameObjects("balls", jvm, ss);
            Solid[] cubes = solids(8063, N, false);
            Solid[] jvmCubes = solids(8063, N, false);
            System.arraycopy(cubes, 0, ss, 0, N);
            System.arraycopy(jvmCubes, 0, jvm, 0, N);
            runOnDevice(s, "t");
            densify(jvm, 0.5f);
            assertSameObjects("cubes", jvm, ss);
            ss[N / 2] = solids(8064, 1, true)[0];
            jvm[N / 2] = solids(8064, 1, true)[0];
            // Elements of two classes: a kernel that branches on each element's class.
            runOnDevice(s, "t");
            densify(jvm, 0.5f);
            assertSameObjects("mixed", jvm, ss);
            Solid[] balls = solids(8065, N, true);
            Solid[] jvmBalls = solids(8065, N, true);
            System.arraycopy(balls, 0, ss, 0, N);
            System.arraycopy(jvmBalls, 0, jvm, 0, N);
            runOnDevice(s, "t");
            densify(jvm, 0.5f);
            assertSameObjects("balls again", jvm, ss);
        }
    }

    /** Counters whose class changes from Fast to Faster (overriding tick) between executions of one schedule. */
    @Test
    public void anOverridingClassArrivesBetweenExecutions() {
        Counter[] cs = counters(N, false);
        Counter[] jvm = counters(N, false);
        try (TaskSchedule s = new TaskSchedule("overrides").task("t", ObjectArrayProbeTest::ticks, cs, 2)) {
            for (int run = 0; run < 3; run++) {
                if (run == 1) {
                    Counter[] f = counters(N, true);
                    Counter[] g = counters(N, true);
                    System.arraycopy(f, 0, cs, 0, N);
                    System.arraycopy(g, 0, jvm, 0, N);
                }
                ticks(jvm, 2);
                runOnDevice(s, "t");
                assertSameObjects("run " + run, jvm, cs);
            }
        }
    }

    /** An object placed at a second index of a written array between executions: refused, then fine again. */
    @Test
    public void anObjectAtTwoIndicesBetweenExecutions() {
        Particle[] ps = particles(8066, N, 0);
        Particle[] jvm = particles(8066, N, 0);
        try (TaskSchedule s = new TaskSchedule("repeat").task("t", ObjectArrayProbeTest::moveAll, ps, 1f)) {
            runOnDevice(s, "t");
            moveAll(jvm, 1f);
            assertSameObjects("first", jvm, ps);
            Particle kept = ps[10];
            ps[10] = ps[500];
            try {
                s.execute();
                fail("strict mode should refuse one object at two indices; report:\n" + s.report());
            } catch (CompilationException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("two indices"));
            }
            ps[10] = kept;
            assertSameObjects("untouched", jvm, ps);
            runOnDevice(s, "t");
            moveAll(jvm, 1f);
            assertSameObjects("again", jvm, ps);
        }
    }

    // ================================================================ tests: arrays in fields

    /** An array in a field of {@code this}, the field reassigned to a longer array between executions. */
    @Test
    public void anArrayInAFieldOfThisReassigned() {
        Swarm sw = new Swarm(particles(8070, N, 0), 0.5f);
        Swarm jvm = new Swarm(particles(8070, N, 0), 0.5f);
        try (TaskSchedule s = new TaskSchedule("swarm").task("t", sw::step, 3)) {
            runOnDevice(s, "t");
            jvm.step(3);
            assertSameObjects("first", jvm.ps, sw.ps);
            sw.ps = particles(8071, 2 * N + 3, 0);
            jvm.ps = particles(8071, 2 * N + 3, 0);
            sw.dt = -0.25f;
            jvm.dt = -0.25f;
            runOnDevice(s, "t");
            jvm.step(3);
            assertSameObjects("reassigned", jvm.ps, sw.ps);
        }
    }

    /** An array two fields down ({@code this.swarm.ps}). */
    @Test
    public void anArrayInAFieldOfAField() {
        Sim sim = new Sim(new Swarm(particles(8072, N, 0), 0.75f), 5);
        Sim jvm = new Sim(new Swarm(particles(8072, N, 0), 0.75f), 5);
        jvm.run(2);
        try (TaskSchedule s = new TaskSchedule("sim").task("t", sim::run, 2)) {
            runOnDevice(s, "t");
        }
        assertSameObjects("sim", jvm.swarm.ps, sim.swarm.ps);
    }

    /** An element null two fields down: the JVM's NullPointerException, the objects untouched. */
    @Test
    public void aNullElementTwoFieldsDown() {
        Particle[] ps = particlesWithNullAt(8073, N, 333);
        Particle[] jvmPs = particlesWithNullAt(8073, N, 333);
        Sim sim = new Sim(new Swarm(ps, 0.75f), 5);
        Sim jvm = new Sim(new Swarm(jvmPs, 0.75f), 5);
        try (TaskSchedule s = new TaskSchedule("sim-null").task("t", sim::run, 2)) {
            Throwable e = throwsLikeTheJvm(() -> jvm.run(2), s, "t");
            assertEquals(NullPointerException.class, e.getClass());
        }
        assertSameObjects("sim", jvmPs, ps);
    }

    // ================================================================ tests: batches and split devices

    /** Batches of 8 KB per array: 20,000 elements' fields updated in place; a stencil reading past each batch. */
    @Test
    public void batchesUpdateFieldsInPlace() {
        int n = 20_000;
        Particle[] ps = particles(8080, n, 0);
        Particle[] jvm = particles(8080, n, 0);
        moveAll(jvm, 0.5f);
        try (TaskSchedule s = new TaskSchedule("batches").batch("8KB").task("t", ObjectArrayProbeTest::moveAll, ps,
                0.5f)) {
            runOnDevice(s, "t");
            assertTrue(s.report().task("t").toString(), s.report().task("t").batches() > 1);
        }
        assertSameObjects("batches", jvm, ps);
        Particle[] cur = particles(8081, n, 0);
        Particle[] next = particles(8082, n, 0);
        Particle[] jvmCur = particles(8081, n, 0);
        Particle[] jvmNext = particles(8082, n, 0);
        smooth(jvmCur, jvmNext);
        try (TaskSchedule s = new TaskSchedule("batch-stencil").batch("8KB").task("t", ObjectArrayProbeTest::smooth,
                cur, next)) {
            runOnDevice(s, "t");
            assertTrue(s.report().task("t").toString(), s.report().task("t").batches() > 1);
        }
        assertSameObjects("next", jvmNext, next);
    }

    /** A null element in a late batch of an in-place update: the JVM reruns from the original objects. */
    @Test
    public void aNullElementInALateBatch() {
        int n = 20_000;
        Particle[] ps = particlesWithNullAt(8083, n, n - 37);
        Particle[] jvm = particlesWithNullAt(8083, n, n - 37);
        try (TaskSchedule s = new TaskSchedule("batch-null").batch("8KB").task("t", ObjectArrayProbeTest::addToX, ps,
                3f)) {
            throwsLikeTheJvm(() -> addToX(jvm, 3f), s, "t");
        }
        assertSameObjects("objects", jvm, ps);
    }

    /** One task split across two sub-devices: fields updated in place. */
    @Test
    public void splitDevicesUpdateFields() {
        int n = 50_001;
        Particle[] ps = particles(8084, n, 0);
        Particle[] jvm = particles(8084, n, 0);
        moveAll(jvm, -0.5f);
        try (TaskSchedule s = new TaskSchedule("split").devices(halves()).task("t", ObjectArrayProbeTest::moveAll, ps,
                -0.5f)) {
            runOnDevice(s, "t");
            assertEquals(s.report().task("t").toString(), 2, s.report().task("t").shares().size());
        }
        assertSameObjects("split", jvm, ps);
    }

    /** Split across two sub-devices with a null element in the second half: the JVM's exception and objects. */
    @Test
    public void splitDevicesWithANullElement() {
        int n = 50_001;
        Particle[] ps = particlesWithNullAt(8085, n, 40_000);
        Particle[] jvm = particlesWithNullAt(8085, n, 40_000);
        try (TaskSchedule s = new TaskSchedule("split-null").devices(halves()).task("t", ObjectArrayProbeTest::addToX,
                ps, 2f)) {
            throwsLikeTheJvm(() -> addToX(jvm, 2f), s, "t");
        }
        assertSameObjects("objects", jvm, ps);
    }

    // ================================================================ tests: documented refusals

    @Test
    public void storingAnElementIsRefused() {
        Particle[] ps = particles(8090, 50, 0);
        refused(() -> new TaskSchedule("store").task("t", ObjectArrayProbeTest::storeElement, ps),
                "storing into an array of objects");
        assertSameObjects("untouched", particles(8090, 50, 0), ps);
        // ps[i] = null: refused as a store into the array.
        Particle[] qs = particles(8091, 50, 0);
        refused(() -> new TaskSchedule("store-null").task("t", ObjectArrayProbeTest::storeNull, qs),
                "storing into an array of objects");
        assertTrue(Arrays.stream(qs).allMatch(Objects::nonNull));
    }

    @Test
    public void comparingElementsByReferenceIsRefused() {
        refused(() -> new TaskSchedule("acmp").task("t", ObjectArrayProbeTest::sameAsNext, particles(8092, 50, 0),
                new int[50]), "comparing two different references");
    }

    /** Type checks of elements (refused until 2026-11-28): decided per class, against the JVM. */
    @Test
    public void instanceofAndCastsOfElements() {
        check(ObjectArrayProbeTest::isBall, solids(8093, 50, true), new int[50]);
        check(ObjectArrayProbeTest::isBall, solids(8093, 50, false), new int[50]);
        check(ObjectArrayProbeTest::castToBall, solids(8094, 50, true), new float[50]);
    }

    /**
     * A variable holding one of two elements ({@code c ? ps[i] : ps[j]}), and the arg-max idiom (a variable reassigned
     * to another element in a loop): the element whose index is a phi, against the JVM.
     */
    @Test
    public void aVariableHoldingOneOfSeveralElements() {
        check(ObjectArrayProbeTest::choice, particles(8095, 50, 0), true, new float[50]);
        check(ObjectArrayProbeTest::choice, particles(8095, 50, 0), false, new float[50]);
        check(ObjectArrayProbeTest::argmax, particles(8096, 500, 0), new int[500]);
    }

    @Test
    public void fieldsOfReferenceTypeAreRefused() {
        Tagged[] ts = new Tagged[50];
        for (int k = 0; k < ts.length; k++) {
            ts[k] = new Tagged();
        }
        refused(() -> new TaskSchedule("ref-field").task("t", ObjectArrayProbeTest::referenceField, ts, new int[50]),
                "data", "not of a primitive type");
    }

    @Test
    public void elementsOfSeveralClassesWhoseFieldsAreOnlyRead() {
        Solid[] ss = solids(8097, 50, true);
        ss[49] = solids(8098, 1, false)[0];
        check(ObjectArrayProbeTest::solidStats, ss, new float[50]);
    }
}

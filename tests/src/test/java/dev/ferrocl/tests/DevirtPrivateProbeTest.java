package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/**
 * Probes of guarded devirtualisation, private memory and scalar replacement, written as a Java user would write the
 * kernels: virtual and interface calls on parameters and on the receiver's final fields (abstract classes, default
 * methods, interface static helpers, {@code Iface.super} and {@code super} calls, three levels of overrides, classes
 * that change between new schedules), arrays allocated in the loop body ({@code new int[K]} of every primitive type,
 * zeroed, passed to private static helpers, indexed past {@code K} so the JVM throws), objects and records made in
 * the loop body (methods, field updates, objects chosen by a condition), {@code assert} (disabled, as the JVM's
 * default) and static fields of another class. Every device result is compared exactly with the JVM's run of the
 * same method on clones of the inputs (strict mode).
 */
public class DevirtPrivateProbeTest {
    static {
        // Gradle runs the tests with -ea: the nested classes take their assertion status from this top-level class
        // when they are initialised, so their asserts are disabled, as the JVM's default.
        DevirtPrivateProbeTest.class.getClassLoader()
                .setClassAssertionStatus(DevirtPrivateProbeTest.class.getName(), false);
    }

    @Before
    public void initialiseStatics() {
        Tun.CFG.scale = 2f;
        Tun.CFG.offset = 1;
        Tun.gain = 3;
        Tun.bias = -0.5f;
        Tun.on = true;
        Tun.big = Long.MIN_VALUE;
    }

    @After
    public void restoreStatics() {
        initialiseStatics();
    }

    // ================================================================ another class's static fields

    /** Static fields read by the kernels: constants, finals computed at initialisation, and mutable ones. */
    static final class Tun {
        static final int SHIFT = 3;
        static final int K = 12;
        static final int W = 7;
        static final int PARSED = Integer.parseInt("-77");
        static final long MASK = Long.parseLong("0F0F0F0F0F0F0F0F", 16);
        static final float SCALE = Float.intBitsToFloat(0x3fc00001);
        static int gain = 3;
        static float bias = -0.5f;
        static boolean on = true;
        static long big = Long.MIN_VALUE;
        static final Config CFG = new Config();
    }

    /** An object in a static final field: its (non-final) fields are read by kernels. */
    static final class Config {
        float scale = 2f;
        int offset = 1;
    }

    // ================================================================ classes behind virtual calls

    /** An abstract class with a final field, an abstract hook and a concrete method calling it. */
    abstract static class Filter {
        final int w;

        Filter(int w) {
            this.w = w;
        }

        abstract int hook(int x);

        int apply(int x) {
            return hook(x) ^ w;
        }
    }

    /** Shift left by w (Java masks the count). */
    static final class Shl extends Filter {
        Shl(int w) {
            super(w);
        }

        @Override
        int hook(int x) {
            return x << w;
        }
    }

    /** Arithmetic minus logical shift. */
    static final class Sar extends Filter {
        Sar(int w) {
            super(w);
        }

        @Override
        int hook(int x) {
            return (x >> w) - (x >>> w);
        }
    }

    /** Overrides the hook and apply (calling super.apply). */
    static class Rot extends Filter {
        Rot(int w) {
            super(w);
        }

        @Override
        int hook(int x) {
            return Integer.rotateLeft(x, w) * 3;
        }

        @Override
        int apply(int x) {
            return super.apply(x) + 1;
        }
    }

    /** Third level: overrides the hook, calling Rot's; a divisor of -1 for w == -1 (MIN_VALUE / -1). */
    static final class RotDiv extends Rot {
        RotDiv(int w) {
            super(w);
        }

        @Override
        int hook(int x) {
            return super.hook(x) / (w | 1);
        }
    }

    /** A hook with a private array of its own. */
    static final class Digits extends Filter {
        Digits(int w) {
            super(w);
        }

        @Override
        int hook(int x) {
            int[] d = new int[4];
            for (int k = 0; k < 4; k++) {
                d[k] = (x >>> (8 * k)) & 0xFF;
            }
            int s = 0;
            for (int k = 0; k < 4; k++) {
                s = s * w + d[(k + w) & 3];
            }
            return s;
        }
    }

    /** A hook with an assert that fails for most inputs (assertions are disabled). */
    static final class Checked extends Filter {
        Checked(int w) {
            super(w);
        }

        @Override
        int hook(int x) {
            assert x > 0 && w > 100 : "never checked: assertions are disabled";
            return x - w;
        }
    }

    /** A hook that reads another class's non-final statics. */
    static final class Toggle extends Filter {
        Toggle(int w) {
            super(w);
        }

        @Override
        int hook(int x) {
            return Tun.on ? x + w * Tun.gain : x - w;
        }
    }

    /** A float curve: an abstract method, defaults, a static helper. */
    interface Curve {
        float at(float x);

        default float slope(float x) {
            return (at(x + 0.25f) - at(x - 0.25f)) * 2f;
        }

        static float clamp(float v, float lo, float hi) {
            return Math.max(lo, Math.min(hi, v));
        }

        default float clamped(float x) {
            return clamp(at(x), -10f, 10f);
        }
    }

    /** m * x + c; the defaults as they are. */
    static final class Line implements Curve {
        final float m;
        final float c;

        Line(float m, float c) {
            this.m = m;
            this.c = c;
        }

        @Override
        public float at(float x) {
            return m * x + c;
        }
    }

    /** a * x * x; overrides both defaults, one through Curve.super. */
    static final class Quad implements Curve {
        final float a;

        Quad(float a) {
            this.a = a;
        }

        @Override
        public float at(float x) {
            return a * x * x;
        }

        @Override
        public float clamped(float x) {
            return Curve.super.clamped(x) * 0.5f;
        }

        @Override
        public float slope(float x) {
            return 2f * a * x;
        }
    }

    /** An abstract class implementing the interface's abstract method. */
    abstract static class Stepped implements Curve {
        abstract float step();

        @Override
        public float at(float x) {
            return (float) Math.floor(x / step()) * step();
        }
    }

    /** Its subclass: super.slope is the interface's default. */
    static final class Stairs extends Stepped {
        final float s;

        Stairs(float s) {
            this.s = s;
        }

        @Override
        float step() {
            return s;
        }

        @Override
        public float slope(float x) {
            return Curve.clamp(super.slope(x), 0f, 1f);
        }
    }

    /** Three levels of long overrides with super calls. */
    static class L1 {
        long f(long x) {
            return x * 3 + 1;
        }

        long g(long x) {
            return f(x) - x;
        }
    }

    static class L2 extends L1 {
        @Override
        long f(long x) {
            return super.f(x) ^ (x >>> 7);
        }
    }

    static class L3 extends L2 {
        @Override
        long f(long x) {
            return super.f(x) + Long.rotateRight(x, 13);
        }

        @Override
        long g(long x) {
            return super.g(x) * 5 - f(x >> 1);
        }
    }

    /** A receiver whose final fields hold the polymorphic objects. */
    static final class Pipeline {
        final Filter first;
        final Curve second;
        final int k;

        Pipeline(Filter first, Curve second, int k) {
            this.first = first;
            this.second = second;
            this.k = k;
        }

        void run(int[] a, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int v = first.apply(a[i] + k);
                out[i] = second.at((float) v * 1e-6f) + second.slope((float) (v & 1023));
            }
        }
    }

    /** A holder whose (non-final) field changes class. */
    static final class Slot {
        Filter f;

        Slot(Filter f) {
            this.f = f;
        }
    }

    /** An expression tree: the same interface method called on the objects of the tree's final fields. */
    interface Expr {
        int eval(int x);
    }

    static final class Const implements Expr {
        final int k;

        Const(int k) {
            this.k = k;
        }

        @Override
        public int eval(int x) {
            return k;
        }
    }

    static final class Var implements Expr {
        @Override
        public int eval(int x) {
            return x;
        }
    }

    static final class Sum implements Expr {
        final Expr l;
        final Expr r;

        Sum(Expr l, Expr r) {
            this.l = l;
            this.r = r;
        }

        @Override
        public int eval(int x) {
            return l.eval(x) + r.eval(x);
        }
    }

    static final class Prod implements Expr {
        final Expr l;
        final Expr r;

        Prod(Expr l, Expr r) {
            this.l = l;
            this.r = r;
        }

        @Override
        public int eval(int x) {
            return l.eval(x) * r.eval(x);
        }
    }

    // ================================================================ classes of objects made in kernels

    /** Fields of every primitive type, most left at their defaults. */
    static final class Wide {
        boolean z;
        byte b;
        char c;
        short s;
        int i;
        long l;
        float f;
        double d;

        void set(int v) {
            if (v < 0) {
                z = !z;
                b += (byte) v;
            }
            if ((v & 2) != 0) {
                c = (char) v;
                s = (short) (v >> 3);
            }
            if ((v & 4) != 0) {
                i = v * 3;
                l = (long) v << 33;
            }
            if ((v & 8) != 0) {
                f = v * 0.5f;
                d = -v / 3.0;
            }
        }

        long digest() {
            return (z ? 1 : 0) + b * 3L + c * 5L + s * 7L + i * 11L + l * 13L + (long) (f * 17)
                    + Double.doubleToLongBits(d);
        }
    }

    /** A mutable float pair. */
    static final class Vec {
        float x;
        float y;

        Vec(float x, float y) {
            this.x = x;
            this.y = y;
        }

        Vec plus(Vec o) {
            return new Vec(x + o.x, y + o.y);
        }

        float dot(Vec o) {
            return x * o.x + y * o.y;
        }

        void scale(float k) {
            x *= k;
            y *= k;
        }
    }

    /** An accumulator with long, int and double fields and initialisers. */
    static final class Acc {
        long sum;
        int count;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;

        void add(double v) {
            sum += (long) v;
            count++;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }

        double spread() {
            return count == 0 ? -1.0 : hi - lo + (double) sum / count;
        }
    }

    /** A complex number. */
    record Cx(double re, double im) {
        Cx times(Cx o) {
            return new Cx(re * o.re - im * o.im, re * o.im + im * o.re);
        }

        Cx plus(Cx o) {
            return new Cx(re + o.re, im + o.im);
        }

        double norm() {
            return re * re + im * im;
        }
    }

    /** A mutable complex number. */
    static final class MCx {
        double re;
        double im;

        MCx(double re, double im) {
            this.re = re;
            this.im = im;
        }

        void squarePlus(double cr, double ci) {
            double r = re * re - im * im + cr;
            im = 2.0 * re * im + ci;
            re = r;
        }

        double norm() {
            return re * re + im * im;
        }
    }

    /** A range whose compact constructor orders its ends. */
    record Span(int lo, int hi) {
        Span {
            if (lo > hi) {
                int t = lo;
                lo = hi;
                hi = t;
            }
        }

        int len() {
            return hi - lo;
        }

        boolean contains(int v) {
            return v >= lo && v <= hi;
        }
    }

    // ================================================================ the kernels

    static final class K {
        private K() {
        }

        // ---------------------------------------------------------------- devirtualisation

        static void filter(Filter f, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.apply(a[i]);
            }
        }

        static void filterPair(Filter p, Filter q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p.apply(a[i]) - q.apply(a[i] ^ 0x3C3C);
            }
        }

        static void filterIterated(Filter f, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int v = a[i];
                for (int k = 0; k < 1 + (a[i] & 3); k++) {
                    v = f.apply(v);
                }
                out[i] = v;
            }
        }

        static void viaSlot(Slot s, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = s.f.apply(a[i]) + s.f.w;
            }
        }

        static void curve(Curve c, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = c.clamped(x[i]) + c.slope(x[i]);
            }
        }

        static void levels(L1 o, long[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = o.g(a[i]) + o.f(~a[i]);
            }
        }

        static void streamFilter(Filter f, int[] a, int[] out) {
            IntStream.range(0, out.length).parallel().forEach(i -> out[i] = f.apply(a[i]) * 7);
        }

        /** Objects made in the kernel: their class is known, no guard. */
        static void madeFilters(int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Filter f = new RotDiv(a[i] & 31);
                Filter g = new Rot(-1);
                out[i] = f.apply(b[i]) + g.apply(a[i]);
            }
        }

        /** Kernel-made objects of two classes, one made in each branch of an if. */
        static void classPerBranch(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int r;
                if ((a[i] & 1) == 0) {
                    Filter f = new Shl(a[i] >>> 28);
                    r = f.apply(a[i]);
                } else {
                    Filter f = new Sar(3);
                    r = f.apply(a[i]) + f.w;
                }
                out[i] = r;
            }
        }

        // ---------------------------------------------------------------- private arrays

        /** int[10]: the most frequent decimal digit and its count. */
        static void digits(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] h = new int[10];
                int v = a[i];
                do {
                    int d = v % 10;
                    h[d < 0 ? -d : d]++;
                    v /= 10;
                } while (v != 0);
                int best = 0;
                for (int d = 1; d < 10; d++) {
                    if (h[d] > h[best]) {
                        best = d;
                    }
                }
                out[i] = best * 100 + h[best];
            }
        }

        /** float[W] of another class's static final W: a window and its prefix sums. */
        static void window(float[] a, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                float[] w = new float[Tun.W];
                for (int k = 0; k < Tun.W; k++) {
                    int j = i + k - Tun.W / 2;
                    if (j >= 0 && j < a.length) {
                        w[k] = a[j];
                    }
                }
                for (int k = 1; k < w.length; k++) {
                    w[k] += w[k - 1];
                }
                out[i] = w[Tun.W - 1] - w[0] * 0.5f;
            }
        }

        /** double[8]: two elements written, the rest read as zeros. */
        static void sparse(double[] a, int[] idx, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                double[] t = new double[8];
                t[idx[i] & 7] = a[i];
                t[(idx[i] >>> 3) & 7] -= a[i] * 0.25;
                double s = 0;
                for (int k = 0; k < 8; k++) {
                    s = s * 2 + t[k];
                }
                out[i] = s;
            }
        }

        private static void fillPowers(long[] t, long x) {
            long p = 1;
            for (int k = 0; k < t.length; k++) {
                t[k] = p;
                p *= x;
            }
        }

        private static long dot(long[] t, long[] u) {
            long s = 0;
            for (int k = 0; k < t.length; k++) {
                s += t[k] * u[k];
            }
            return s;
        }

        /** long[6]s filled and read by private static helpers. */
        static void powers(long[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                long[] t = new long[6];
                long[] u = new long[6];
                fillPowers(t, a[i]);
                fillPowers(u, ~a[i]);
                out[i] = dot(t, u) ^ t[5];
            }
        }

        /** byte[4] counters that wrap. */
        static void byteCounters(byte[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                byte[] c = new byte[4];
                for (int k = 0; k < 200; k++) {
                    c[k & 3] += b[(i + k) % b.length];
                }
                out[i] = c[0] ^ (c[1] << 8) ^ (c[2] << 16) ^ (c[3] << 24);
            }
        }

        static final int SIEVE = 64;

        /** boolean[SIEVE]: distinct 6-bit windows of the input. */
        static void sieve(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                boolean[] seen = new boolean[SIEVE];
                int v = a[i];
                int count = 0;
                for (int k = 0; k < 20; k++) {
                    int r = (v >>> (k % 27)) & 63;
                    if (!seen[r]) {
                        seen[r] = true;
                        count++;
                    }
                }
                out[i] = count * 64 + (seen[0] ? 1 : 0) + (seen[63] ? 2 : 0);
            }
        }

        /** short[5] and char[5] with narrowing compound assignments. */
        static void narrowPrivates(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                short[] s = new short[5];
                char[] c = new char[5];
                for (int k = 0; k < 5; k++) {
                    s[k] = (short) (a[i] >> (k * 4));
                    c[k] = (char) (a[i] >>> (k * 3));
                    s[k] += c[k];
                    c[k] -= s[k];
                }
                int r = 0;
                for (int k = 0; k < 5; k++) {
                    r = r * 7 + s[k] - c[k];
                }
                out[i] = r;
            }
        }

        /** int[16] indexed by the input: past the end or negative, the JVM throws. */
        static void lookup(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[16];
                for (int k = 0; k < 16; k++) {
                    t[k] = k * k - a[i];
                }
                out[i] = t[a[i]] + t[15 - (a[i] & 15)];
            }
        }

        /** int[Tun.K] indexed by a non-final static. */
        static void staticIndex(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[Tun.K];
                for (int k = 0; k < Tun.K; k++) {
                    t[k] = a[i] + k;
                }
                out[i] = t[Tun.gain];
            }
        }

        /** A fresh int[5] in every iteration of an inner loop, written conditionally. */
        static void freshPerRow(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int acc = 0;
                for (int r = 0; r < 5; r++) {
                    int[] row = new int[5];
                    for (int c = 0; c <= r; c++) {
                        row[c] = a[i] + r * c;
                    }
                    if ((a[i] & (1 << r)) == 0) {
                        row[4] += 7;
                    }
                    for (int c = 0; c < 5; c++) {
                        acc = acc * 31 + row[c];
                    }
                }
                out[i] = acc;
            }
        }

        /** float[9] in a 2-D nest: a 3x3 median filter (insertion sort). */
        static void median(float[] a, float[] out, int rows, int cols) {
            for (@Parallel int r = 0; r < rows; r++) {
                for (@Parallel int c = 0; c < cols; c++) {
                    float[] nb = new float[9];
                    for (int dr = -1; dr <= 1; dr++) {
                        for (int dc = -1; dc <= 1; dc++) {
                            int rr = r + dr;
                            int cc = c + dc;
                            if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) {
                                nb[(dr + 1) * 3 + dc + 1] = a[rr * cols + cc];
                            }
                        }
                    }
                    for (int p = 1; p < 9; p++) {
                        float v = nb[p];
                        int q = p - 1;
                        while (q >= 0 && nb[q] > v) {
                            nb[q + 1] = nb[q];
                            q--;
                        }
                        nb[q + 1] = v;
                    }
                    out[r * cols + c] = nb[4];
                }
            }
        }

        /** Two boolean[16] swapped every step: rule 30 on the input's bits. */
        static void automaton(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                boolean[] cur = new boolean[16];
                boolean[] nxt = new boolean[16];
                for (int k = 0; k < 16; k++) {
                    cur[k] = ((a[i] >>> k) & 1) != 0;
                }
                for (int step = 0; step < 5; step++) {
                    for (int k = 0; k < 16; k++) {
                        nxt[k] = cur[(k + 15) & 15] ^ (cur[k] | cur[(k + 1) & 15]);
                    }
                    boolean[] t = cur;
                    cur = nxt;
                    nxt = t;
                }
                int bits = 0;
                for (int k = 0; k < 16; k++) {
                    if (cur[k]) {
                        bits |= 1 << k;
                    }
                }
                out[i] = bits;
            }
        }

        /** A parallel stream with a private array and a record. */
        static void streamPrivate(int[] a, int[] out) {
            IntStream.range(0, out.length).parallel().forEach(i -> {
                int[] h = new int[4];
                for (int k = 0; k < 8; k++) {
                    h[(a[i] >>> (4 * k)) & 3]++;
                }
                Span s = new Span(h[0], h[3]);
                out[i] = s.len() * 10 + h[1];
            });
        }

        private static void addInto(int[] src, int[] dst, int k) {
            for (int j = 0; j < dst.length; j++) {
                dst[j] += src[(j + k) % src.length];
            }
        }

        /** One helper called with two private arrays of other lengths, in both orders and with the same one twice. */
        static void helperAliases(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[5];
                int[] u = new int[7];
                for (int k = 0; k < 5; k++) {
                    t[k] = a[i] >> k;
                }
                addInto(t, u, 1);
                addInto(u, t, 2);
                addInto(t, t, 3);
                int s = 0;
                for (int k = 0; k < 5; k++) {
                    s = s * 3 + t[k];
                }
                for (int k = 0; k < 7; k++) {
                    s ^= u[k] << k;
                }
                out[i] = s;
            }
        }

        /** Private arrays of two lengths chosen by a condition. */
        static void chosenLength(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = (a[i] & 1) == 0 ? new int[4] : new int[9];
                for (int k = 0; k < t.length; k++) {
                    t[k] = a[i] + k;
                }
                out[i] = t.length * 1000 + t[t.length - 1] + t[a[i] >>> 29];
            }
        }

        /** An inner loop over a private array at an offset given by a parameter. */
        static void offsetSum(int[] a, int[] out, int off) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[10];
                for (int k = 0; k < 10; k++) {
                    t[k] = a[i] * k;
                }
                int s = 0;
                for (int k = 0; k < 8; k++) {
                    s += t[k + off];
                }
                out[i] = s;
            }
        }

        /** boolean[8] with ^=, |= and &=. */
        static void boolOps(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                boolean[] z = new boolean[8];
                for (int k = 0; k < 8; k++) {
                    z[k] ^= ((a[i] >> k) & 1) == 1;
                    z[(k * 3) & 7] |= z[k] & (k % 3 == 0);
                    z[k] &= a[i] > -1000 || k == 7;
                }
                int r = 0;
                for (int k = 0; k < 8; k++) {
                    r = r * 2 + (z[k] ? 1 : 0);
                }
                out[i] = r;
            }
        }

        /** double[3]: a zero from new, zeros of either sign from arithmetic. */
        static void signedZeros(double[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                double[] t = new double[3];
                t[1] = -0.0 * a[i];
                t[2] = a[i] * 0.0;
                long r = Double.doubleToLongBits(t[0]);
                r = r * 31 + Double.doubleToLongBits(t[1]);
                r = r * 31 + Double.doubleToLongBits(Math.min(t[0], t[1]));
                r = r * 31 + Double.doubleToLongBits(Math.max(t[2], -0.0));
                r = r * 31 + Double.doubleToLongBits(t[0] + t[1]);
                r = r * 31 + Double.doubleToLongBits(1.0 / t[0]);
                out[i] = r;
            }
        }

        /** Two parallel loops, each with private arrays of its own under one name. */
        static void twoLoops(int[] a, int[] mid, int[] out) {
            for (@Parallel int i = 0; i < mid.length; i++) {
                int[] t = new int[3];
                t[a[i] & 1] = a[i];
                t[2] = t[0] - t[1];
                mid[i] = t[2];
            }
            for (@Parallel int i = 0; i < out.length; i++) {
                long[] t = new long[2];
                t[i & 1] = mid[i];
                out[i] = (int) (t[0] * 3 - t[1]);
            }
        }

        /** An expression tree passed as a parameter. */
        static void evalTree(Expr e, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = e.eval(a[i]);
            }
        }

        /** An object in a static final field, its fields mutable. */
        static void configured(float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = x[i] * Tun.CFG.scale + Tun.CFG.offset;
            }
        }

        /** float[8] indexed by float-to-int conversions (NaN is 0, infinities saturate). */
        static void floatIndex(float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                float[] t = new float[8];
                for (int k = 0; k < 8; k++) {
                    t[k] = k * x[i];
                }
                out[i] = t[(int) x[i] & 7] + t[Math.floorMod((int) x[i], 8)] - t[(int) Math.abs(x[i] % 8f)];
            }
        }

        /** int[256] indexed by chars (unsigned) and bytes (signed, masked). */
        static void charIndex(char[] c, byte[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[256];
                t[c[i] >> 8]++;
                t[c[i] & 0xFF] += 2;
                t[b[i] & 0xFF] += 4;
                t[(char) b[i] >>> 8] += 8;
                out[i] = t[c[i] >> 8] * 1000 + t[b[i] & 0xFF] * 10 + t[255];
            }
        }

        // ---------------------------------------------------------------- objects made in the kernel

        static void wide(int[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Wide w = new Wide();
                w.set(a[i]);
                w.set(a[i] >>> 4);
                w.set(~a[i]);
                out[i] = w.digest();
            }
        }

        static void vecs(float[] a, float[] b, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Vec p = new Vec(a[i], b[i]);
                Vec q = new Vec(b[i], -a[i]);
                p.scale(0.5f);
                Vec r = p.plus(q);
                r.y -= 1f;
                out[i] = r.dot(p) + q.x;
            }
        }

        private static void nudge(Vec v, float k) {
            v.x += k;
            v.y -= k * v.x;
        }

        static void helperMutates(float[] a, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Vec v = new Vec(a[i], 1f);
                nudge(v, 0.5f);
                nudge(v, a[i]);
                out[i] = v.x + v.y;
            }
        }

        static void accumulate(double[] a, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Acc acc = new Acc();
                for (int k = 0; k < 6; k++) {
                    int j = i + k;
                    if (j < a.length) {
                        acc.add(a[j]);
                    }
                }
                out[i] = acc.spread();
            }
        }

        static void spans(int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Span s = new Span(a[i], b[i]);
                out[i] = s.len() + (s.contains(0) ? 1 : 0) + (s.contains(a[i] ^ b[i]) ? 2 : 0);
            }
        }

        static void freshSpanPerIteration(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int acc = 0;
                for (int k = 0; k < 5; k++) {
                    Span s = new Span(a[i] + k, a[(i + k) % a.length]);
                    acc = acc * 17 + s.len();
                }
                out[i] = acc;
            }
        }

        /** One of two fresh objects chosen by a condition and updated in that branch. */
        static void chosenInBranches(float[] a, float[] b, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Vec p = new Vec(a[i], b[i]);
                Vec q = new Vec(b[i], a[i]);
                if (a[i] < b[i]) {
                    p.x += 1f;
                    p.scale(2f);
                } else {
                    q.scale(-0.5f);
                    q.y -= p.x;
                }
                out[i] = p.x - q.x + p.y * 0.5f - q.y;
            }
        }

        /** A record whose components are chosen by a condition. */
        static void spanOfChosenEnds(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Span s = new Span(a[i] > 0 ? a[i] : a[i] >> 1, a[i] > 0 ? -a[i] : 5);
                out[i] = s.len() + (s.contains(0) ? 1 : 0);
            }
        }

        /** Records returned by their own methods, each in a variable of its own. */
        static void complexPoly(double[] re, double[] im, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Cx c = new Cx(re[i], im[i]);
                Cx sq = c.times(c);
                Cx w = sq.plus(c).times(new Cx(0.5, -1.0));
                out[i] = w.norm() - sq.re() + w.im();
            }
        }

        /** A mutable complex number updated in place in a while loop. */
        static void mandelInPlace(double[] re, double[] im, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                MCx z = new MCx(0.0, 0.0);
                int k = 0;
                while (k < 64 && z.norm() <= 4.0) {
                    z.squarePlus(re[i], im[i]);
                    k++;
                }
                out[i] = k;
            }
        }

        /** float[8] filled by interface calls, sorted, its second smallest and largest read. */
        static void sortedSamples(Curve c, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                float[] ys = new float[8];
                for (int k = 0; k < ys.length; k++) {
                    ys[k] = c.clamped(x[i] + 0.5f * (k - 4)) - c.slope(x[i] * k);
                }
                for (int p = 1; p < ys.length; p++) {
                    float v = ys[p];
                    int q = p - 1;
                    while (q >= 0 && ys[q] > v) {
                        ys[q + 1] = ys[q];
                        q--;
                    }
                    ys[q + 1] = v;
                }
                out[i] = ys[1] * 2f + ys[6];
            }
        }

        // ---------------------------------------------------------------- assert, statics

        static void assertSkipped(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] c = new int[1];
                assert ++c[0] > 0 && a[i] >= 0 : "side effect";
                assert (out[i] = -1) == 0;
                out[i] = c[0] + a[i];
            }
        }

        static void computedConstants(int[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                long v = (long) a[i] * Tun.PARSED;
                v ^= Tun.MASK;
                v += (long) (a[i] * Tun.SCALE);
                out[i] = (v << Tun.SHIFT) + Tun.K;
            }
        }

        static void tuned(float[] x, long[] a, float[] out, long[] lout) {
            for (@Parallel int i = 0; i < out.length; i++) {
                float v = x[i] * Tun.gain + Tun.bias;
                out[i] = Tun.on ? v : -v;
                lout[i] = Math.max(a[i], Tun.big) - (Tun.big >>> Tun.gain);
            }
        }
    }

    // ================================================================ helpers

    private static final int N = 1003;

    private static void executeAndCompare(TaskSchedule s, String what, Consumer<Object[]> jvm, Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.accept(expected);
        s.execute();
        assertRanOnDevice(s.report(), "t");
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1), expected[i], args[i]);
        }
    }

    private static int[] shiftInts(long seed, int n) {
        return JvmOracle.withSpecials(Inputs.ints(seed, n), 0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x80000001,
                0x7FFF_FFFE, 0x1234_5678);
    }

    // ================================================================ devirtualisation tests

    @Test
    public void abstractHookWithEveryShiftCount() {
        for (int w : new int[] {0, 1, 31, 32, 33, -1, -32, Integer.MIN_VALUE}) {
            check(K::filter, (Filter) new Shl(w), shiftInts(10 + w, N), new int[N]);
            check(K::filter, (Filter) new Sar(w), shiftInts(20 + w, N), new int[N]);
        }
    }

    @Test
    public void overridesThreeLevelsDeepWithSuperCalls() {
        for (int w : new int[] {-1, 0, 1, 5, 31, 64}) {
            check(K::filter, (Filter) new Rot(w), shiftInts(30, 2049), new int[2049]);
            check(K::filter, (Filter) new RotDiv(w), shiftInts(31, 2049), new int[2049]);
        }
    }

    @Test
    public void interfaceDefaultsStaticHelperAndInterfaceSuper() {
        float[] x = Inputs.floats(40, 3001, -20f, 20f);
        check(K::curve, (Curve) new Line(1.5f, -0.25f), x.clone(), new float[3001]);
        check(K::curve, (Curve) new Line(Float.NaN, 0f), x.clone(), new float[3001]);
        check(K::curve, (Curve) new Quad(-0.75f), x.clone(), new float[3001]);
        check(K::curve, (Curve) new Quad(0f), x.clone(), new float[3001]);
        check(K::curve, (Curve) new Stairs(0.5f), x.clone(), new float[3001]);
        check(K::curve, (Curve) new Stairs(-3f), x.clone(), new float[3001]);
    }

    @Test
    public void longOverridesThreeLevelsWithSuperCalls() {
        long[] a = Inputs.longs(41, 1777);
        check(K::levels, new L1(), a.clone(), new long[1777]);
        check(K::levels, (L1) new L2(), a.clone(), new long[1777]);
        check(K::levels, (L1) new L3(), a.clone(), new long[1777]);
    }

    @Test
    public void receiversFinalFieldsHoldThePolymorphicObjects() {
        int[] a = shiftInts(42, 2500);
        Pipeline p1 = new Pipeline(new Shl(2), new Line(0.5f, 3f), 17);
        Pipeline p2 = new Pipeline(new RotDiv(-1), new Quad(1e-3f), Integer.MAX_VALUE);
        Pipeline p3 = new Pipeline(new Sar(7), new Stairs(0.125f), -5);
        check(p1::run, a.clone(), new float[2500]);
        check(p2::run, a.clone(), new float[2500]);
        check(p3::run, a.clone(), new float[2500]);
        check(p1::run, a.clone(), new float[2500]);
    }

    @Test
    public void fieldClassChangesBetweenNewSchedules() {
        int[] a = shiftInts(43, N);
        Slot slot = new Slot(new Shl(3));
        check(K::viaSlot, slot, a.clone(), new int[N]);
        slot.f = new Sar(3);
        check(K::viaSlot, slot, a.clone(), new int[N]);
        slot.f = new RotDiv(3);
        check(K::viaSlot, slot, a.clone(), new int[N]);
        slot.f = new Rot(3);
        check(K::viaSlot, slot, a.clone(), new int[N]);
        slot.f = new Shl(3);
        check(K::viaSlot, slot, a.clone(), new int[N]);
    }

    @Test
    public void sameClassOtherFinalValuesBetweenNewSchedules() {
        int[] a = shiftInts(44, N);
        for (int w : new int[] {3, 5, 3, -7, 0}) {
            check(K::filter, (Filter) new Shl(w), a.clone(), new int[N]);
            check(K::viaSlot, new Slot(new Digits(w)), a.clone(), new int[N]);
        }
    }

    @Test
    public void fieldClassChangesOnOneSchedule() {
        int[] a = shiftInts(45, N);
        int[] out = new int[N];
        Slot slot = new Slot(new Sar(9));
        try (TaskSchedule s = new TaskSchedule("slot").task("t", K::viaSlot, slot, a, out)) {
            Filter[] seq = {new Sar(9), new Shl(9), new Sar(2), new RotDiv(-1), new Shl(9), new Digits(10)};
            for (Filter f : seq) {
                slot.f = f;
                executeAndCompare(s, f.getClass().getSimpleName(),
                        x -> K.viaSlot((Slot) x[0], (int[]) x[1], (int[]) x[2]), slot, a, out);
            }
        }
    }

    @Test
    public void oneMethodOnTwoParametersOfDifferentClasses() {
        int[] a = shiftInts(46, 4099);
        check(K::filterPair, (Filter) new Shl(4), (Filter) new Rot(4), a.clone(), new int[4099]);
        check(K::filterPair, (Filter) new Rot(4), (Filter) new Shl(4), a.clone(), new int[4099]);
        Filter same = new RotDiv(-1);
        check(K::filterPair, same, same, a.clone(), new int[4099]);
        check(K::filterPair, (Filter) new RotDiv(6), (Filter) new Rot(6), a.clone(), new int[4099]);
    }

    @Test
    public void virtualCallInAnInnerSequentialLoop() {
        int[] a = shiftInts(47, 3001);
        check(K::filterIterated, (Filter) new Rot(13), a.clone(), new int[3001]);
        check(K::filterIterated, (Filter) new Digits(3), a.clone(), new int[3001]);
        check(K::filterIterated, (Filter) new Sar(1), a.clone(), new int[3001]);
    }

    @Test
    public void parallelStreamCapturingAPolymorphicParameter() {
        int[] a = shiftInts(48, 1999);
        check(K::streamFilter, (Filter) new Shl(7), a.clone(), new int[1999]);
        check(K::streamFilter, (Filter) new RotDiv(2), a.clone(), new int[1999]);
    }

    @Test
    public void privateArrayInsideADevirtualisedMethod() {
        int[] a = shiftInts(49, 2049);
        for (int w : new int[] {0, 1, 3, -2, 255}) {
            check(K::filter, (Filter) new Digits(w), a.clone(), new int[2049]);
        }
    }

    @Test
    public void disabledAssertInADevirtualisedMethod() {
        assertFalse(DevirtPrivateProbeTest.class.desiredAssertionStatus());
        int[] a = shiftInts(50, N);
        check(K::filter, (Filter) new Checked(-5), a.clone(), new int[N]);
        check(K::filter, (Filter) new Checked(Integer.MIN_VALUE), a.clone(), new int[N]);
    }

    @Test
    public void devirtualisedMethodReadsMutableStaticsAtEveryExecute() {
        int[] a = shiftInts(51, N);
        int[] out = new int[N];
        Filter f = new Toggle(11);
        try (TaskSchedule s = new TaskSchedule("toggle").task("t", K::filter, f, a, out)) {
            int[] gains = {3, -1, Integer.MAX_VALUE, 0};
            boolean[] ons = {true, true, false, true};
            for (int r = 0; r < gains.length; r++) {
                Tun.gain = gains[r];
                Tun.on = ons[r];
                executeAndCompare(s, "round " + r, x -> K.filter((Filter) x[0], (int[]) x[1], (int[]) x[2]), f, a,
                        out);
            }
        }
        Tun.gain = -9;
        check(K::filter, (Filter) new Toggle(-4), a.clone(), new int[N]);
    }

    @Test
    public void kernelMadeObjectsOfSubclassesNeedNoGuard() {
        int n = 2049;
        check(K::madeFilters, shiftInts(52, n), shiftInts(53, n), new int[n]);
    }

    // ================================================================ private array tests

    @Test
    public void intHistogramOfDecimalDigits() {
        check(K::digits, Inputs.ints(60, 4099), new int[4099]);
    }

    @Test
    public void floatWindowOfAnotherClassesStaticFinalLength() {
        check(K::window, Inputs.floats(61, 3001, -5f, 5f), new float[3001]);
    }

    @Test
    public void doubleArrayMostlyUnwrittenReadsZeros() {
        int n = 2500;
        check(K::sparse, Inputs.doubles(62, n, -1e3, 1e3), Inputs.ints(63, n), new double[n]);
    }

    @Test
    public void longArraysThroughPrivateStaticHelpers() {
        check(K::powers, Inputs.longs(64, 1777), new long[1777]);
    }

    @Test
    public void byteCountersWrap() {
        check(K::byteCounters, Inputs.bytes(65, 1000), new int[1000]);
    }

    @Test
    public void booleanSieveStartsAllFalse() {
        check(K::sieve, Inputs.ints(66, 3001), new int[3001]);
    }

    @Test
    public void shortAndCharPrivateArraysWithCompoundAssignments() {
        check(K::narrowPrivates, Inputs.ints(67, 2049), new int[2049]);
    }

    @Test
    public void indexInsideThePrivateArrayRunsOnTheDevice() {
        check(K::lookup, JvmOracle.ints(68, 1500, 0, 16), new int[1500]);
    }

    @Test
    public void indexPastThePrivateArrayThrowsAsJavaDoes() {
        int n = 1500;
        int[] a = JvmOracle.ints(69, n, 0, 16);
        a[777] = 16;
        a[1200] = Integer.MAX_VALUE;
        int[] out = new int[n];
        Throwable e = checkThrows(x -> K.lookup((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", K::lookup, a, out), a, out);
        assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
        assertEquals("Index 16 out of bounds for length 16", e.getMessage());
    }

    @Test
    public void negativeIndexIntoThePrivateArrayThrowsAsJavaDoes() {
        int n = 1500;
        int[] a = JvmOracle.ints(70, n, 0, 16);
        a[1301] = Integer.MIN_VALUE;
        int[] out = new int[n];
        Throwable e = checkThrows(x -> K.lookup((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", K::lookup, a, out), a, out);
        assertEquals("Index -2147483648 out of bounds for length 16", e.getMessage());
    }

    @Test
    public void privateArrayIndexedByAMutableStatic() {
        int n = 1000;
        int[] a = Inputs.ints(71, n);
        Tun.gain = 11;
        check(K::staticIndex, a.clone(), new int[n]);
        Tun.gain = 0;
        check(K::staticIndex, a.clone(), new int[n]);
        for (int bad : new int[] {12, -1}) {
            Tun.gain = bad;
            int[] out = new int[n];
            Throwable e = checkThrows(x -> K.staticIndex((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", K::staticIndex, a, out), a, out);
            assertEquals("Index " + bad + " out of bounds for length 12", e.getMessage());
        }
    }

    @Test
    public void freshArrayInEveryInnerIteration() {
        check(K::freshPerRow, Inputs.ints(72, 3001), new int[3001]);
    }

    @Test
    public void medianFilterWithAPrivateArrayInATwoDimensionalNest() {
        int rows = 37;
        int cols = 53;
        check(K::median, Inputs.floats(73, rows * cols, -4f, 4f), new float[rows * cols], rows, cols);
    }

    @Test
    public void privateArraysSwappedEveryStep() {
        check(K::automaton, Inputs.ints(74, 2049), new int[2049]);
    }

    @Test
    public void parallelStreamWithAPrivateArrayAndARecord() {
        check(K::streamPrivate, Inputs.ints(75, 1999), new int[1999]);
    }

    @Test
    public void oneHelperOnPrivateArraysOfOtherLengthsAndAliased() {
        check(K::helperAliases, Inputs.ints(100, 3001), new int[3001]);
    }

    private static int[] evenNonNegative(long seed, int n) {
        int[] a = Inputs.ints(seed, n);
        for (int i = 0; i < n; i++) {
            if ((a[i] & 1) == 0 && a[i] < 0) {
                a[i] &= 0x7FFF_FFFF;
            }
        }
        return a;
    }

    @Test
    public void privateArraysOfTwoLengthsChosenByACondition() {
        check(K::chosenLength, evenNonNegative(101, 2049), new int[2049]);
    }

    @Test
    public void privateArrayOfTheShorterLengthThrowsAsJavaDoes() {
        int n = 2049;
        int[] a = evenNonNegative(102, n);
        a[1500] = 0xE000_0000; // even, a >>> 29 == 7: past the end of new int[4]
        int[] out = new int[n];
        Throwable e = checkThrows(x -> K.chosenLength((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", K::chosenLength, a, out), a, out);
        assertEquals("Index 7 out of bounds for length 4", e.getMessage());
    }

    @Test
    public void innerLoopOverAPrivateArrayAtAParameterOffset() {
        int n = 1000;
        int[] a = Inputs.ints(103, n);
        check(K::offsetSum, a.clone(), new int[n], 2);
        check(K::offsetSum, a.clone(), new int[n], 0);
        for (int off : new int[] {3, -1}) {
            int[] out = new int[n];
            Throwable e = checkThrows(x -> K.offsetSum((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", K::offsetSum, a, out, off), a, out, off);
            assertEquals("Index " + (off < 0 ? -1 : 10) + " out of bounds for length 10", e.getMessage());
        }
    }

    @Test
    public void booleanCompoundAssignments() {
        check(K::boolOps, Inputs.ints(104, 2049), new int[2049]);
    }

    @Test
    public void doubleZerosOfEitherSign() {
        check(K::signedZeros, Inputs.doubles(105, 1777, -10.0, 10.0), new long[1777]);
    }

    @Test
    public void twoParallelLoopsWithPrivateArraysOfOneName() {
        int n = 3001;
        check(K::twoLoops, Inputs.ints(106, n), new int[n], new int[n]);
    }

    @Test
    public void expressionTreeOnParametersChangesBetweenNewSchedules() {
        int[] a = Inputs.ints(107, N);
        Expr[] trees = {
            new Sum(new Prod(new Var(), new Const(3)), new Sum(new Var(), new Const(-7))),
            new Prod(new Sum(new Var(), new Const(1)), new Sum(new Var(), new Const(-1))),
            new Sum(new Const(Integer.MAX_VALUE), new Prod(new Var(), new Var())),
            new Sum(new Prod(new Var(), new Const(3)), new Sum(new Var(), new Const(-7))),
        };
        for (Expr e : trees) {
            check(K::evalTree, e, a.clone(), new int[N]);
        }
    }

    @Test
    public void fieldsOfAnObjectInAStaticFinalFieldReadAtEveryExecute() {
        int n = 2049;
        float[] x = Inputs.floats(108, n, -50f, 50f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("cfg").task("t", K::configured, x, out)) {
            float[] scales = {2f, -0.0f, Float.NaN, 1e30f};
            int[] offsets = {1, Integer.MIN_VALUE, 0, 16_777_217};
            for (int r = 0; r < scales.length; r++) {
                Tun.CFG.scale = scales[r];
                Tun.CFG.offset = offsets[r];
                executeAndCompare(s, "round " + r, y -> K.configured((float[]) y[0], (float[]) y[1]), x, out);
            }
        }
    }

    @Test
    public void privateArrayIndexedByFloatConversions() {
        check(K::floatIndex, Inputs.floats(110, 2049, -100f, 100f), new float[2049]);
    }

    @Test
    public void privateArrayIndexedByCharsAndBytes() {
        int n = 2049;
        check(K::charIndex, Inputs.chars(111, n), Inputs.bytes(112, n), new int[n]);
    }

    // ================================================================ scalar replacement tests

    @Test
    public void objectWithFieldsOfEveryPrimitiveTypeMostlyDefault() {
        check(K::wide, Inputs.ints(109, 3001), new long[3001]);
    }

    @Test
    public void objectMethodsAndFieldUpdates() {
        int n = 3001;
        float[][] ab = Inputs.floatPairs(80, n, -8f, 8f);
        check(K::vecs, ab[0], ab[1], new float[n]);
    }

    @Test
    public void objectMutatedByAPrivateStaticHelper() {
        check(K::helperMutates, Inputs.floats(81, 2049, -100f, 100f), new float[2049]);
    }

    @Test
    public void accumulatorObjectUpdatedInAnInnerLoop() {
        check(K::accumulate, Inputs.doubles(82, 2500, -1e19, 1e19), new double[2500]);
    }

    @Test
    public void recordWithACompactConstructorThatSwaps() {
        int n = 4099;
        int[][] ab = Inputs.intPairs(83, n);
        check(K::spans, ab[0], ab[1], new int[n]);
    }

    @Test
    public void freshRecordInEveryInnerIteration() {
        check(K::freshSpanPerIteration, Inputs.ints(84, 2049), new int[2049]);
    }

    @Test
    public void freshObjectChosenByAConditionAndUpdatedInItsBranch() {
        int n = 2049;
        float[][] ab = Inputs.floatPairs(85, n, -3f, 3f);
        check(K::chosenInBranches, ab[0], ab[1], new float[n]);
    }

    @Test
    public void recordComponentsChosenByAConditional() {
        check(K::spanOfChosenEnds, Inputs.ints(86, 3001), new int[3001]);
    }

    @Test
    public void kernelMadeObjectsOfTwoClassesOneInEachBranch() {
        check(K::classPerBranch, shiftInts(87, 2049), new int[2049]);
    }

    @Test
    public void recordsReturnedByTheirOwnMethods() {
        int n = 3001;
        double[][] ri = Inputs.doublePairs(90, n, -3.0, 3.0);
        check(K::complexPoly, ri[0], ri[1], new double[n]);
    }

    @Test
    public void mutableObjectUpdatedInPlaceInAWhileLoop() {
        int n = 4001;
        double[] re = Inputs.doubles(88, n, -2.0, 0.6);
        double[] im = Inputs.doubles(89, n, -1.2, 1.2);
        check(K::mandelInPlace, re, im, new int[n]);
    }

    // ================================================================ assert and static fields

    @Test
    public void disabledAssertsWithSideEffectsAreNotEvaluated() {
        assertFalse(DevirtPrivateProbeTest.class.desiredAssertionStatus());
        check(K::assertSkipped, Inputs.ints(90, 1000), Inputs.ints(91, 1000));
    }

    @Test
    public void staticFinalsComputedAtInitialisation() {
        check(K::computedConstants, Inputs.ints(92, 3001), new long[3001]);
    }

    @Test
    public void mutableStaticsReadAtEveryExecuteOfOneSchedule() {
        int n = 2049;
        float[] x = Inputs.floats(93, n, -1e3f, 1e3f);
        long[] a = Inputs.longs(94, n);
        float[] out = new float[n];
        long[] lout = new long[n];
        int[] gains = {3, 0, -5, 64, Integer.MIN_VALUE};
        float[] biases = {-0.5f, Float.NaN, -0.0f, Float.MAX_VALUE, 1e-45f};
        boolean[] ons = {true, false, true, false, true};
        long[] bigs = {Long.MIN_VALUE, 0L, -1L, Long.MAX_VALUE, 1L << 40};
        try (TaskSchedule s = new TaskSchedule("tuned").task("t", K::tuned, x, a, out, lout)) {
            for (int r = 0; r < gains.length; r++) {
                Tun.gain = gains[r];
                Tun.bias = biases[r];
                Tun.on = ons[r];
                Tun.big = bigs[r];
                executeAndCompare(s, "round " + r,
                        y -> K.tuned((float[]) y[0], (long[]) y[1], (float[]) y[2], (long[]) y[3]), x, a, out, lout);
            }
        }
        // and on a new schedule, after the last change
        Tun.gain = 7;
        Tun.bias = Float.NEGATIVE_INFINITY;
        check(K::tuned, x.clone(), a.clone(), new float[n], new long[n]);
    }

    @Test
    public void privateArrayFilledByInterfaceCallsThenSorted() {
        float[] x = Inputs.floats(95, 1001, -6f, 6f);
        check(K::sortedSamples, (Curve) new Quad(0.5f), x.clone(), new float[1001]);
        check(K::sortedSamples, (Curve) new Stairs(0.75f), x.clone(), new float[1001]);
        check(K::sortedSamples, (Curve) new Line(-2f, 1f), x.clone(), new float[1001]);
    }
}

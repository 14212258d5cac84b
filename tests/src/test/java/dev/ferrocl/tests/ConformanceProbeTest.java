package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import org.junit.Test;

/**
 * Conformance probes written from the JLS and the JVM's behaviour, each kernel against the JVM's run on clones of the
 * inputs (strict mode: a bailout fails a case), at sizes 1, 7 and 1000.
 *
 * <p>(A) Arrays allocated in the {@code @Parallel} loop body: every primitive element type, lengths written as a
 * literal, a {@code static final int} and a constant expression; zero initialisation read before any write;
 * {@code .length}; loops over them; indices out of bounds (the JVM's {@link ArrayIndexOutOfBoundsException});
 * inlined helpers that fill a private array or allocate and return one; {@link Arrays#fill}; {@link System#arraycopy}
 * from a parameter into one and from one into a parameter; {@code new float[3][3]}; compound assignments on
 * byte/short/char elements narrowing as JLS 15.26.2 requires.
 *
 * <p>(B) Virtual and interface calls on objects passed as arguments or held in fields of the receiver: an abstract
 * class with two subclasses, default methods overridden and not, a static interface method, {@code I.super.m()}, an
 * override three levels deep calling {@code super}, generic interfaces implemented through bridge methods, covariant
 * returns, final fields, lambdas in a static final field and as arguments, a private method called from a public one,
 * one schedule executed again after a field's object (or a lambda in a field) changed class, private arrays passed to
 * virtual methods, and the exceptions of {@code Arrays.fill} and {@code System.arraycopy} with bad bounds.
 *
 * <p>Findings: none. All 47 cases ran on the device (PoCL, strict) and matched the JVM; {@link #findings()} is kept,
 * empty and ignored, as the place for cases the compiler refuses (a {@code CompilationException}) or gets wrong.
 */
public class ConformanceProbeTest {
    private static final int[] SIZES = {1, 7, 1000};
    static final int EIGHT = 8;
    static final int FIVE = 5;

    // ==================================================================================== (A) private arrays

    /** boolean[8] (a literal length): read before written, toggled with ^=, its length. */
    public static void booleans(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            boolean[] z = new boolean[8];
            int v = a[i];
            int before = 0;
            for (int k = 0; k < z.length; k++) {
                before = before * 2 + (z[k] ? 1 : 0);
            }
            for (int k = 0; k < 32; k++) {
                z[(v >>> k) & 7] ^= ((v >>> (31 - k)) & 1) != 0;
            }
            int after = 0;
            for (int k = 0; k < z.length; k++) {
                after = after * 2 + (z[k] ? 1 : 0);
            }
            out[i] = before * 1000 + after + z.length * 100000;
        }
    }

    /** byte[EIGHT] (a static final int): an element read before any write, narrowing stores, a sum. */
    public static void bytes(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            byte[] b = new byte[EIGHT];
            int v = a[i];
            int first = b[v & 7];
            for (int k = 0; k < b.length; k++) {
                b[k] = (byte) (v >> (k * 3));
            }
            int s = 0;
            for (int k = 0; k < b.length; k++) {
                s = s * 7 + b[k];
            }
            out[i] = s + first + b.length;
        }
    }

    /** char[2 * 4] (a constant expression): unsigned 16-bit values. */
    public static void chars(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            char[] c = new char[2 * 4];
            int v = a[i];
            int first = c[(v >>> 3) & 7];
            for (int k = 0; k < c.length; k++) {
                c[k] = (char) (v - k * 40000);
            }
            int s = 0;
            for (int k = c.length - 1; k >= 0; k--) {
                s = s * 31 + c[k];
            }
            out[i] = s ^ first ^ (c.length << 20);
        }
    }

    /** short[FIVE + 3]: sign-extended loads. */
    public static void shorts(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            short[] s = new short[FIVE + 3];
            int v = a[i];
            int first = s[v & 7];
            for (int k = 0; k < s.length; k++) {
                s[k] = (short) (v * (k + 1));
            }
            int acc = 0;
            for (int k = 0; k < s.length; k++) {
                acc += s[k] * (k - 3);
            }
            out[i] = acc + first + s.length;
        }
    }

    /** int[16]: a histogram of nibbles. */
    public static void ints(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] h = new int[16];
            int v = a[i];
            for (int k = 0; k < 8; k++) {
                h[(v >>> (4 * k)) & 15]++;
            }
            int best = 0;
            for (int k = 1; k < h.length; k++) {
                if (h[k] > h[best]) {
                    best = k;
                }
            }
            out[i] = best * 100 + h[best] + h.length * 10000;
        }
    }

    /** long[EIGHT / 2]: 64-bit arithmetic in the elements. */
    public static void longs(long[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long[] l = new long[EIGHT / 2];
            long v = a[i];
            long first = l[(int) (v & 3)];
            for (int k = 0; k < l.length; k++) {
                l[k] = v * (k + 0x1_0000_0001L) ^ (v >>> (k * 13));
            }
            out[i] = l[0] + l[1] * 3 - l[2] * 5 + (l[3] >> 7) + first + l.length;
        }
    }

    /** float[6]: prefix sums in order (exact IEEE operations). */
    public static void floats(float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] f = new float[6];
            float v = x[i];
            float first = f[i % 6];
            for (int k = 0; k < f.length; k++) {
                f[k] = v * (k + 1) - 0.25f * k;
            }
            for (int k = 1; k < f.length; k++) {
                f[k] += f[k - 1];
            }
            out[i] = f[5] / f.length + first;
        }
    }

    /** double[3 * FIVE]: a running product and sum. */
    public static void doubles(double[] x, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double[] d = new double[3 * FIVE];
            double v = x[i];
            double first = d[i % 15];
            for (int k = 0; k < d.length; k++) {
                d[k] = v / (k + 1) + first;
            }
            double s = 1.0;
            for (int k = 0; k < d.length; k += 2) {
                s = s * d[k] + d[k + 1 < d.length ? k + 1 : 0];
            }
            out[i] = s + d.length;
        }
    }

    /** Every type read at a data-driven index before any write: zeros, +0.0 not -0.0, false. */
    public static void zeroBeforeWrite(int[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = a[i] & 3;
            boolean[] z = new boolean[4];
            byte[] b = new byte[4];
            char[] c = new char[4];
            short[] s = new short[4];
            int[] n = new int[4];
            long[] l = new long[4];
            float[] f = new float[4];
            double[] d = new double[4];
            long r = (z[k] ? 1L : 0L) + b[k] + c[k] + s[k] + n[k] + l[k]
                    + Float.floatToRawIntBits(f[k]) + Double.doubleToRawLongBits(d[k]);
            r = r * 31 + (long) (1f / f[k]) + (long) (1.0 / d[3 - k]);
            n[k] = a[i];
            out[i] = r * 1000 + n[(k + 1) & 3] + n[k];
        }
    }

    /** A load out of bounds for some inputs. */
    public static void loadAt(int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[EIGHT];
            for (int k = 0; k < t.length; k++) {
                t[k] = k * 10 + i;
            }
            out[i] = t[idx[i]];
        }
    }

    /** A store out of bounds for some inputs (negative index), into a byte[]. */
    public static void storeAt(int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            byte[] b = new byte[3];
            b[idx[i]] = (byte) (i + 100);
            out[i] = b[0] * 10000 + b[1] * 100 + b[2];
        }
    }

    static void fillSquares(int[] t, int v) {
        for (int k = 0; k < t.length; k++) {
            t[k] = v * k + k * k;
        }
    }

    static int sumOf(int[] t) {
        int s = 0;
        for (int k = 0; k < t.length; k++) {
            s = s * 3 + t[k];
        }
        return s;
    }

    /** A private array filled and summed by inlined static helpers that take it as an argument. */
    public static void helperFill(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[6];
            fillSquares(t, a[i]);
            t[a[i] & 3] -= 1;
            out[i] = sumOf(t);
        }
    }

    static float[] pair(float x) {
        float[] p = new float[2];
        p[0] = x * x;
        p[1] = x + 1f;
        return p;
    }

    static int[] triple(int v) {
        int[] t = new int[3];
        t[v & 1] = v;
        return t;
    }

    /** Helpers that allocate and return small arrays; the caller writes and reads them. */
    public static void helperAlloc(float[] x, int[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] p = pair(x[i]);
            int[] t = triple(a[i]);
            t[2] += p.length;
            out[i] = p[0] - p[1] * t.length + t[0] - t[1] + t[2];
        }
    }

    /** Arrays.fill of whole private arrays of four types. */
    public static void arraysFill(int[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = a[i];
            int[] t = new int[5];
            double[] d = new double[3];
            boolean[] z = new boolean[4];
            char[] c = new char[6];
            Arrays.fill(t, v);
            Arrays.fill(d, v * 0.5);
            Arrays.fill(z, v < 0);
            Arrays.fill(c, (char) v);
            t[v & 3] += 1;
            out[i] = t[0] + t[1] * 2L + t[2] * 3L + t[3] * 5L + t[4] + (long) (d[2] * 4) + (z[3] ? 7 : 0) + c[5];
        }
    }

    /** Arrays.fill(a, from, to, v) with a data-driven end inside the array. */
    public static void arraysFillRange(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = a[i];
            int[] t = new int[8];
            Arrays.fill(t, 2, 5, -v);
            Arrays.fill(t, 0, v & 7, 9);
            int s = 0;
            for (int k = 0; k < t.length; k++) {
                s = s * 5 + t[k];
            }
            out[i] = s;
        }
    }

    /** System.arraycopy from a parameter into a private array (src has 4 more elements than out). */
    public static void copyIn(int[] src, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[6];
            System.arraycopy(src, i, t, 1, 4);
            out[i] = t[0] + t[1] + t[2] * 3 + t[3] * 5 + t[4] * 7 + t[5];
        }
    }

    /** System.arraycopy from a private array into a parameter (out has 3 elements per work-item). */
    public static void copyOut(int[] a, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            long[] t = new long[3];
            t[0] = a[i];
            t[1] = (long) a[i] * a[i];
            t[2] = t[0] ^ t[1];
            System.arraycopy(t, 0, out, 3 * i, 3);
        }
    }

    /** A 2-D private array new float[3][3]: zero rows, writes, diagonal products, lengths. */
    public static void grid(float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[][] m = new float[3][3];
            float z = m[i % 3][2 - i % 3];
            for (int r = 0; r < m.length; r++) {
                for (int c = 0; c < m[r].length; c++) {
                    m[r][c] = x[i] * (r + 1) - c;
                }
            }
            float s = z;
            for (int r = 0; r < 3; r++) {
                s += m[r][r] * m[r][2 - r];
            }
            out[i] = s + m.length * 10 + m[1].length;
        }
    }

    /** Compound assignments on byte/short/char elements with int right-hand sides (JLS 15.26.2: narrowing). */
    public static void compoundInt(int[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            byte[] b = new byte[4];
            short[] s = new short[4];
            char[] c = new char[4];
            int v = a[i];
            int k = v & 3;
            int k1 = (k + 1) & 3;
            int k2 = (k + 2) & 3;
            b[k] = (byte) v;
            s[k] = (short) v;
            c[k] = (char) v;
            b[k] += 300;
            s[k] *= 1000;
            c[k] -= 70000;
            b[k1] -= v;
            s[k1] += v;
            c[k1] += v;
            b[k] >>>= 1;
            s[k] >>>= 3;
            c[k] <<= 5;
            b[k2]++;
            c[k2]--;
            s[k2]--;
            b[k1] /= 3;
            s[k1] %= 7;
            c[k1] ^= 0xFFFF_0F0F;
            long r = 0;
            for (int j = 0; j < 4; j++) {
                r = r * 1_000_003L + b[j] * 65536L * 3 + s[j] * 7L + c[j];
            }
            out[i] = r;
        }
    }

    /** Compound assignments with float and double right-hand sides: through int (saturating), then narrowed. */
    public static void compoundFloat(int[] a, float[] x, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            byte[] b = new byte[2];
            short[] s = new short[2];
            char[] c = new char[2];
            int v = a[i];
            b[0] = (byte) v;
            s[0] = (short) v;
            c[0] = (char) v;
            b[0] += 1.7f * x[i];
            s[0] += 1e10 * x[i] - 0.5;
            c[0] *= 2.5 * x[i];
            b[1] -= x[i] * 1e9f;
            s[1] += x[i];
            c[1] -= x[i];
            out[i] = b[0] * 1_000_000_007L + s[0] * 65537L + c[0] * 3L + b[1] * 5L + s[1] * 11L + c[1];
        }
    }

    // ==================================================================================== (B) calls on objects

    /** An abstract class with a concrete method calling the abstract one. */
    public abstract static class Shape {
        public abstract float area(float x);

        public float twice(float x) {
            return 2f * area(x);
        }
    }

    /** One subclass. */
    public static final class Sq extends Shape {
        final float s;

        public Sq(float s) {
            this.s = s;
        }

        @Override
        public float area(float x) {
            return s * s + x;
        }
    }

    /** Another subclass, overriding the concrete method too. */
    public static final class Tri extends Shape {
        final float b;
        final float h;

        public Tri(float b, float h) {
            this.b = b;
            this.h = h;
        }

        @Override
        public float area(float x) {
            return 0.5f * b * h - x;
        }

        @Override
        public float twice(float x) {
            return area(x) * area(-x);
        }
    }

    /** Virtual calls on an abstract-class parameter. */
    public static void abstractCall(Shape s, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.area(x[i]) + s.twice(x[i]);
        }
    }

    /** An interface with a default method and a static method. */
    public interface Filter {
        int apply(int v);

        default int applyTwice(int v) {
            return apply(apply(v));
        }

        static int mix(int a, int b) {
            return a * 31 + b;
        }
    }

    /** Keeps the default. */
    public static final class AddF implements Filter {
        final int k;

        public AddF(int k) {
            this.k = k;
        }

        @Override
        public int apply(int v) {
            return v + k;
        }
    }

    /** Overrides the default. */
    public static final class XorF implements Filter {
        final int k;

        public XorF(int k) {
            this.k = k;
        }

        @Override
        public int apply(int v) {
            return v ^ k;
        }

        @Override
        public int applyTwice(int v) {
            return apply(v) * 3 - 1;
        }
    }

    /** A default method (kept or overridden) on an interface parameter. */
    public static void defaultCall(Filter f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.applyTwice(a[i]);
        }
    }

    /** A static interface method with an interface call as its argument. */
    public static void staticInterfaceCall(Filter f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Filter.mix(a[i], f.apply(a[i]));
        }
    }

    /** Level 1. */
    public static class L1 {
        public int f(int v) {
            return v + 1;
        }
    }

    /** Level 2: super.f. */
    public static class L2 extends L1 {
        @Override
        public int f(int v) {
            return super.f(v) * 3;
        }
    }

    /** Level 3: super.f again, with a field. */
    public static class L3 extends L2 {
        final int k;

        public L3(int k) {
            this.k = k;
        }

        @Override
        public int f(int v) {
            return super.f(v) - k;
        }
    }

    /** An override three levels deep calling super. */
    public static void levels(L1 o, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = o.f(a[i]);
        }
    }

    /** A float function interface. */
    public interface Fn {
        float apply(float x);
    }

    /** A named class implementing Fn. */
    public static final class Half implements Fn {
        final float bias;

        public Half(float bias) {
            this.bias = bias;
        }

        @Override
        public float apply(float x) {
            return x * 0.5f + bias;
        }
    }

    /** A call through Fn (class or lambda). */
    public static void fnCall(Fn f, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.apply(x[i]) - f.apply(-x[i]);
        }
    }

    /** A plain parameter object. */
    public static final class Params {
        final float scale;
        final float bias;

        public Params(float scale, float bias) {
            this.scale = scale;
            this.bias = bias;
        }
    }

    /** A generic getter. */
    public interface G<T> {
        T get();
    }

    /** G of a user class: javac writes a bridge {@code Object get()}. */
    public static final class ParamsSource implements G<Params> {
        final Params p;

        public ParamsSource(Params p) {
            this.p = p;
        }

        @Override
        public Params get() {
            return p;
        }
    }

    /** G of Float: the bridge returns a box made from a float field. */
    public static final class FloatSource implements G<Float> {
        final float v;

        public FloatSource(float v) {
            this.v = v;
        }

        @Override
        public Float get() {
            return v;
        }
    }

    /** A generic operation taking its context: javac writes a bridge {@code apply(Object, float)}. */
    public interface Op<T> {
        float apply(T ctx, float x);
    }

    /** Op of Params. */
    public static final class Affine implements Op<Params> {
        @Override
        public float apply(Params p, float x) {
            return p.scale * x + p.bias;
        }
    }

    /** An interface call on G returning a user object, through the bridge and a checkcast. */
    public static void genericGet(G<Params> g, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Params p = g.get();
            out[i] = p.scale * x[i] - p.bias;
        }
    }

    /** An interface call on G returning a box, unboxed. */
    public static void genericBox(G<Float> g, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x[i] * g.get();
        }
    }

    /** An interface call on a generic Op through its bridge method. */
    public static void genericOp(Op<Params> op, Params p, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = op.apply(p, x[i]);
        }
    }

    /** Covariant return: Bird.self() returns Bird (javac writes a bridge Animal self()). */
    public static class Animal {
        public int legs() {
            return 4;
        }

        public Animal self() {
            return this;
        }

        public Animal make(int v) {
            return new Animal();
        }

        public int weight() {
            return 10;
        }
    }

    /** The subclass with covariant overrides. */
    public static class Bird extends Animal {
        final int w;

        public Bird(int w) {
            this.w = w;
        }

        @Override
        public int legs() {
            return 2;
        }

        @Override
        public Bird self() {
            return this;
        }

        @Override
        public Bird make(int v) {
            return new Bird(v);
        }

        @Override
        public int weight() {
            return w;
        }
    }

    /** A call on the result of a covariant override returning this. */
    public static void covariantSelf(Animal an, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * an.self().legs() + an.self().weight();
        }
    }

    /** A covariant override returning a new object made in the callee. */
    public static void covariantMake(Animal an, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Animal m = an.make(a[i]);
            out[i] = m.weight() * m.legs() + i;
        }
    }

    /** Final fields of several types. */
    public static final class Coeffs {
        final int k;
        final long m;
        final double d;
        final boolean neg;

        public Coeffs(int k, long m, double d, boolean neg) {
            this.k = k;
            this.m = m;
            this.d = d;
            this.neg = neg;
        }
    }

    /** Final fields of a parameter object read directly in the kernel. */
    public static void finalFields(Coeffs c, int[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long v = a[i] * c.k + c.m + (long) (a[i] * c.d);
            out[i] = c.neg ? -v : v;
        }
    }

    static final IntUnaryOperator SQ = v -> v * v + 1;

    /** A lambda in a static final field. */
    public static void staticLambda(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = SQ.applyAsInt(a[i]) ^ SQ.applyAsInt(i);
        }
    }

    /** A lambda (or method reference) passed as an argument. */
    public static void argLambda(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.applyAsInt(a[i]) + f.applyAsInt(a[i] >> 3);
        }
    }

    static int rotate5(int v) {
        return Integer.rotateLeft(v, 5) - 1;
    }

    /** A public method calling private ones. */
    public static final class Secret {
        final int k;

        public Secret(int k) {
            this.k = k;
        }

        public int pub(int v) {
            return priv(v) + priv(v + 1) + twice(v);
        }

        private int priv(int v) {
            return v * k ^ (v >>> 3);
        }

        private static int twice(int v) {
            return v << 1;
        }
    }

    /** A private method of the object reached from a public one. */
    public static void privateFromPublic(Secret s, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.pub(a[i]);
        }
    }

    /** A task on a receiver whose fields hold a Filter and a Shape. */
    public static final class Holder {
        Filter f;
        Shape s;
        final int bias;

        public Holder(Filter f, Shape s, int bias) {
            this.f = f;
            this.s = s;
            this.bias = bias;
        }

        public void run(int[] a, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.applyTwice(a[i]) + bias + s.area(a[i] & 255);
            }
        }
    }

    /** A static kernel on a Holder parameter (its fields may change class between executions). */
    public static void viaHolder(Holder h, int[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = h.s.twice(a[i] * 0.25f) + h.f.apply(a[i]);
        }
    }

    /** An interface whose default calls another's default through I.super. */
    public interface Base1 {
        default int g(int v) {
            return v + 1;
        }
    }

    /** Overrides g as a default, calling Base1.super.g. */
    public interface Sub1 extends Base1 {
        @Override
        default int g(int v) {
            return Base1.super.g(v) * 2;
        }
    }

    /** Inherits Sub1.g (the most specific default). */
    public static final class Impl1 implements Sub1 {
    }

    /** Inherits Base1.g only. */
    public static final class Impl0 implements Base1 {
    }

    /** The most specific default, one reached through I.super. */
    public static void superDefault(Base1 o, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = o.g(a[i]);
        }
    }

    /** An object holding an interface object in a field. */
    public static final class Outer {
        final Filter inner;
        final int k;

        public Outer(Filter inner, int k) {
            this.inner = inner;
            this.k = k;
        }
    }

    /** A call on an object held in a field of a parameter object. */
    public static void nestedField(Outer o, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = o.inner.apply(a[i]) * o.k;
        }
    }

    // ==================================================================================== more probes

    /** Arrays.fill(t, lo, hi, v) with bounds from data (the JVM's AIOOBE / IllegalArgumentException when bad). */
    public static void fillBetween(int[] lo, int[] hi, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[8];
            Arrays.fill(t, lo[i], hi[i], i + 1);
            int s = 0;
            for (int k = 0; k < t.length; k++) {
                s = s * 3 + t[k];
            }
            out[i] = s;
        }
    }

    /** Zero-length private arrays (a literal and a constant expression): lengths, and a load that always throws. */
    public static void emptyArrays(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] e = new int[0];
            long[] l = new long[FIVE - 5];
            out[i] = e.length + l.length * 2 + a[i];
            if (a[i] == 12345) {
                out[i] += e[0];
            }
        }
    }

    /** An abstract class whose methods take a private array. */
    public abstract static class Scorer {
        public abstract void fill(int[] t, int v);

        public abstract int score(int[] t);
    }

    /** Fills with bytes, scores by a weighted sum. */
    public static final class SumScorer extends Scorer {
        @Override
        public void fill(int[] t, int v) {
            for (int k = 0; k < t.length; k++) {
                t[k] = ((v >> (k * 8)) & 255) - 100;
            }
        }

        @Override
        public int score(int[] t) {
            int s = 0;
            for (int k = 0; k < t.length; k++) {
                s += t[k] * (k + 1);
            }
            return s;
        }
    }

    /** Fills with nibbles into half the array, scores by the maximum. */
    public static final class MaxScorer extends Scorer {
        @Override
        public void fill(int[] t, int v) {
            for (int k = 0; k < t.length / 2; k++) {
                t[k] = (v >>> (k * 4)) & 15;
            }
        }

        @Override
        public int score(int[] t) {
            int m = Integer.MIN_VALUE;
            for (int x : t) {
                m = Math.max(m, x);
            }
            return m * 1000 + t.length;
        }
    }

    /** A private array passed to virtual methods of a parameter object that fill and read it. */
    public static void privateArrayThroughVirtualCalls(Scorer sc, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[4];
            int before = sc.score(t);
            sc.fill(t, a[i]);
            out[i] = sc.score(t) * 7 + before;
        }
    }

    /** A task on a receiver holding a lambda in a non-final field. */
    public static final class Mapper {
        IntUnaryOperator f;

        public Mapper(IntUnaryOperator f) {
            this.f = f;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.applyAsInt(a[i]) - i;
            }
        }
    }

    /** A generic abstract class: javac writes a bridge conv(Object, float) in the subclass. */
    public abstract static class Conv<T> {
        public abstract float conv(T t, float x);

        public float both(T t, float x) {
            return conv(t, x) + conv(t, -x) * 0.5f;
        }
    }

    /** Conv of Params. */
    public static final class ParamsConv extends Conv<Params> {
        @Override
        public float conv(Params p, float x) {
            return p.scale * x - p.bias;
        }
    }

    /** A concrete method of a generic abstract class calling the abstract one through the bridge. */
    public static void genericAbstract(Conv<Params> c, Params p, float[] x, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = c.both(p, x[i]);
        }
    }

    /** Level 4 without its own f: selection finds L3.f. */
    public static final class L4 extends L3 {
        public L4(int k) {
            super(k);
        }
    }

    // ==================================================================================== tests (A)

    @Test
    public void booleanArrayLiteralLength() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::booleans, JvmOracle.ints(1, n), new int[n]);
        }
    }

    @Test
    public void byteArrayStaticFinalLength() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::bytes, JvmOracle.ints(2, n), new int[n]);
        }
    }

    @Test
    public void charArrayConstantExpressionLength() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::chars, JvmOracle.ints(3, n), new int[n]);
        }
    }

    @Test
    public void shortArray() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::shorts, JvmOracle.ints(4, n), new int[n]);
        }
    }

    @Test
    public void intArrayHistogram() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::ints, JvmOracle.ints(5, n), new int[n]);
        }
    }

    @Test
    public void longArray() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::longs, JvmOracle.longs(6, n), new long[n]);
        }
    }

    @Test
    public void floatArray() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::floats, JvmOracle.floats(7, n, -100f, 100f), new float[n]);
        }
    }

    @Test
    public void doubleArray() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::doubles, JvmOracle.doubles(8, n, -3, 3), new double[n]);
        }
    }

    @Test
    public void zeroInitialisationOfEveryType() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::zeroBeforeWrite, JvmOracle.ints(9, n), new long[n]);
        }
    }

    @Test
    public void loadOutOfBounds() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::loadAt, JvmOracle.ints(10, n, 0, 8), new int[n]);
        }
        int[] idx = JvmOracle.ints(11, 1000, 0, 8);
        idx[617] = 8;
        int[] out = new int[1000];
        Throwable e = checkThrows(x -> loadAt((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ConformanceProbeTest::loadAt, idx, out), idx, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 8 out of bounds for length 8", e.getMessage());
    }

    @Test
    public void storeOutOfBoundsNegative() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::storeAt, JvmOracle.ints(12, n, 0, 3), new int[n]);
        }
        int[] idx = JvmOracle.ints(13, 7, 0, 3);
        idx[6] = -1;
        int[] out = new int[7];
        Throwable e = checkThrows(x -> storeAt((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ConformanceProbeTest::storeAt, idx, out), idx, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index -1 out of bounds for length 3", e.getMessage());
    }

    @Test
    public void privateArrayFilledByAHelper() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::helperFill, JvmOracle.ints(14, n), new int[n]);
        }
    }

    @Test
    public void helperAllocatingAndReturningArrays() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::helperAlloc, JvmOracle.floats(15, n, -50f, 50f), JvmOracle.ints(16, n),
                    new float[n]);
        }
    }

    @Test
    public void arraysFillWhole() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::arraysFill, JvmOracle.ints(17, n), new long[n]);
        }
    }

    @Test
    public void arraysFillRange() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::arraysFillRange, JvmOracle.ints(18, n), new int[n]);
        }
    }

    @Test
    public void arraycopyFromAParameterIntoAPrivateArray() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::copyIn, JvmOracle.ints(19, n + 4), new int[n]);
        }
    }

    @Test
    public void arraycopyFromAPrivateArrayIntoAParameter() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::copyOut, JvmOracle.ints(20, n), JvmOracle.longs(21, 3 * n));
        }
    }

    @Test
    public void twoDimensionalPrivateArray() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::grid, JvmOracle.floats(22, n, -10f, 10f), new float[n]);
        }
    }

    @Test
    public void compoundAssignmentsNarrowIntResults() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::compoundInt,
                    JvmOracle.withSpecials(JvmOracle.ints(23, n), -1, 127, -128, 300, 65535, Integer.MIN_VALUE),
                    new long[n]);
        }
    }

    @Test
    public void compoundAssignmentsNarrowFloatingResults() {
        for (int n : SIZES) {
            float[] x = JvmOracle.floats(24, n, -3f, 3f);
            if (n > 5) {
                x[1] = Float.NaN;
                x[2] = Float.POSITIVE_INFINITY;
                x[3] = -0.0f;
                x[4] = 1e30f;
                x[5] = -1e30f;
            }
            check(ConformanceProbeTest::compoundFloat, JvmOracle.ints(25, n), x, new long[n]);
        }
    }

    // ==================================================================================== tests (B)

    @Test
    public void abstractClassWithTwoSubclasses() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::abstractCall, new Sq(1.5f), JvmOracle.floats(30, n, -9f, 9f), new float[n]);
            check(ConformanceProbeTest::abstractCall, new Tri(3f, -2.5f), JvmOracle.floats(31, n, -9f, 9f),
                    new float[n]);
        }
    }

    @Test
    public void defaultMethodKeptAndOverridden() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::defaultCall, new AddF(77), JvmOracle.ints(32, n), new int[n]);
            check(ConformanceProbeTest::defaultCall, new XorF(0x5A5A), JvmOracle.ints(33, n), new int[n]);
        }
    }

    @Test
    public void staticInterfaceMethod() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::staticInterfaceCall, new AddF(-5), JvmOracle.ints(34, n), new int[n]);
            check(ConformanceProbeTest::staticInterfaceCall, new XorF(3), JvmOracle.ints(35, n), new int[n]);
        }
    }

    @Test
    public void overrideThreeLevelsDeepWithSuper() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::levels, new L3(7), JvmOracle.ints(36, n), new int[n]);
            check(ConformanceProbeTest::levels, new L2(), JvmOracle.ints(37, n), new int[n]);
            check(ConformanceProbeTest::levels, new L1(), JvmOracle.ints(38, n), new int[n]);
        }
    }

    @Test
    public void floatFunctionInterfaceClassAndLambda() {
        Fn lambda = x -> x * x - 3f;
        for (int n : SIZES) {
            check(ConformanceProbeTest::fnCall, new Half(0.75f), JvmOracle.floats(39, n, -20f, 20f), new float[n]);
            check(ConformanceProbeTest::fnCall, lambda, JvmOracle.floats(40, n, -20f, 20f), new float[n]);
        }
    }

    @Test
    public void genericGetterThroughBridgeReturningAnObject() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::genericGet, new ParamsSource(new Params(1.25f, -4f)),
                    JvmOracle.floats(41, n, -9f, 9f), new float[n]);
        }
    }

    @Test
    public void genericGetterThroughBridgeReturningABox() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::genericBox, new FloatSource(-2.5f), JvmOracle.floats(42, n, -9f, 9f),
                    new float[n]);
        }
    }

    @Test
    public void genericOpThroughBridgeMethod() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::genericOp, new Affine(), new Params(3f, 0.5f),
                    JvmOracle.floats(43, n, -9f, 9f), new float[n]);
        }
    }

    @Test
    public void covariantReturnOverrideReturningThis() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::covariantSelf, new Bird(3), JvmOracle.ints(44, n), new int[n]);
            check(ConformanceProbeTest::covariantSelf, new Animal(), JvmOracle.ints(45, n), new int[n]);
        }
    }

    @Test
    public void covariantReturnOverrideMakingAnObject() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::covariantMake, new Bird(3), JvmOracle.ints(46, n), new int[n]);
            check(ConformanceProbeTest::covariantMake, new Animal(), JvmOracle.ints(47, n), new int[n]);
        }
    }

    @Test
    public void finalFieldsReadInTheKernel() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::finalFields, new Coeffs(-13, 1L << 40, 0.375, true), JvmOracle.ints(48, n),
                    new long[n]);
            check(ConformanceProbeTest::finalFields, new Coeffs(7, -5L, -1e3, false), JvmOracle.ints(49, n),
                    new long[n]);
        }
    }

    @Test
    public void lambdaInAStaticFinalField() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::staticLambda, JvmOracle.ints(50, n), new int[n]);
        }
    }

    @Test
    public void lambdasAndReferencesPassedAsArguments() {
        int k = 0x1234;
        IntUnaryOperator capturing = v -> v * k - (v >> 2);
        for (int n : SIZES) {
            check(ConformanceProbeTest::argLambda, capturing, JvmOracle.ints(51, n), new int[n]);
            check(ConformanceProbeTest::argLambda, ConformanceProbeTest::rotate5, JvmOracle.ints(52, n), new int[n]);
            check(ConformanceProbeTest::argLambda, SQ, JvmOracle.ints(53, n), new int[n]);
        }
    }

    @Test
    public void privateMethodCalledFromAPublicOne() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::privateFromPublic, new Secret(0x9E37), JvmOracle.ints(54, n), new int[n]);
        }
    }

    @Test
    public void callsOnFieldsOfTheReceiver() {
        Holder h1 = new Holder(new AddF(9), new Sq(2f), 100);
        Holder h2 = new Holder(new XorF(0xFF), new Tri(1f, 4f), -3);
        for (int n : SIZES) {
            check(h1::run, JvmOracle.ints(55, n), new float[n]);
            check(h2::run, JvmOracle.ints(56, n), new float[n]);
        }
    }

    @Test
    public void superDefaultAndMostSpecificDefault() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::superDefault, new Impl1(), JvmOracle.ints(57, n), new int[n]);
            check(ConformanceProbeTest::superDefault, new Impl0(), JvmOracle.ints(58, n), new int[n]);
        }
    }

    @Test
    public void callOnAnObjectInAFieldOfAParameter() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::nestedField, new Outer(new AddF(1), 3), JvmOracle.ints(59, n), new int[n]);
            check(ConformanceProbeTest::nestedField, new Outer(new XorF(1), -3), JvmOracle.ints(60, n), new int[n]);
        }
    }

    /** One schedule on a parameter object whose fields change class between executions, and back. */
    @Test
    public void sameScheduleTwiceWithFieldsOfTwoClasses() {
        int n = 1000;
        int[] a = JvmOracle.ints(61, n);
        float[] out = new float[n];
        Holder h = new Holder(new AddF(4), new Sq(1.5f), 0);
        try (TaskSchedule s = new TaskSchedule("twice").task("t", ConformanceProbeTest::viaHolder, h, a, out)) {
            executeAndCompare(s, () -> viaHolderOnClones(h, a, out), a, out);
            h.f = new XorF(0x33);
            h.s = new Tri(2f, 5f);
            executeAndCompare(s, () -> viaHolderOnClones(h, a, out), a, out);
            h.f = new AddF(-8);
            h.s = new Sq(-0.5f);
            executeAndCompare(s, () -> viaHolderOnClones(h, a, out), a, out);
        }
    }

    /** One schedule on a bound receiver whose fields change class (default kept, then overridden). */
    @Test
    public void sameReceiverScheduleTwiceWithFieldsOfTwoClasses() {
        int n = 777;
        int[] a = JvmOracle.ints(62, n);
        float[] out = new float[n];
        Holder h = new Holder(new AddF(4), new Tri(1f, 1f), 11);
        try (TaskSchedule s = new TaskSchedule("twice").task("t", h::run, a, out)) {
            executeAndCompare(s, () -> runOnClones(h, a, out), a, out);
            h.f = new XorF(-1);
            h.s = new Sq(3f);
            executeAndCompare(s, () -> runOnClones(h, a, out), a, out);
        }
    }

    @Test
    public void arraysFillRangeFromDataAndItsExceptions() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::fillBetween, JvmOracle.ints(70, n, 0, 5), JvmOracle.ints(71, n, 4, 9),
                    new int[n]);
        }
        int[][] bad = {{0, 9}, {6, 5}, {-1, 3}};
        for (int[] b : bad) {
            int[] lo = JvmOracle.ints(72, 1000, 0, 5);
            int[] hi = JvmOracle.ints(73, 1000, 4, 9);
            lo[444] = b[0];
            hi[444] = b[1];
            int[] out = new int[1000];
            checkThrows(x -> fillBetween((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", ConformanceProbeTest::fillBetween, lo, hi, out), lo, hi, out);
        }
    }

    @Test
    public void arraycopyFromAParameterPastItsEnd() {
        int[] src = JvmOracle.ints(74, 1002);
        int[] out = new int[1000];
        Throwable e = checkThrows(x -> copyIn((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ConformanceProbeTest::copyIn, src, out), src, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void arraycopyIntoAParameterPastItsEnd() {
        int[] a = JvmOracle.ints(75, 7);
        long[] out = new long[20];
        Throwable e = checkThrows(x -> copyOut((int[]) x[0], (long[]) x[1]),
                s -> s.task("t", ConformanceProbeTest::copyOut, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void zeroLengthPrivateArrays() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::emptyArrays, JvmOracle.ints(76, n, 0, 1000), new int[n]);
        }
        int[] a = JvmOracle.ints(77, 7, 0, 1000);
        a[3] = 12345;
        int[] out = new int[7];
        Throwable e = checkThrows(x -> emptyArrays((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ConformanceProbeTest::emptyArrays, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
    }

    @Test
    public void privateArrayPassedToVirtualMethods() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::privateArrayThroughVirtualCalls, new SumScorer(), JvmOracle.ints(78, n),
                    new int[n]);
            check(ConformanceProbeTest::privateArrayThroughVirtualCalls, new MaxScorer(), JvmOracle.ints(79, n),
                    new int[n]);
        }
    }

    @Test
    public void genericAbstractClassThroughBridgeMethod() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::genericAbstract, new ParamsConv(), new Params(-1.5f, 2f),
                    JvmOracle.floats(80, n, -9f, 9f), new float[n]);
        }
    }

    @Test
    public void inheritedOverrideFourLevelsDown() {
        for (int n : SIZES) {
            check(ConformanceProbeTest::levels, new L4(-11), JvmOracle.ints(81, n), new int[n]);
        }
    }

    /** One schedule on a receiver whose lambda field is replaced by another lambda, then a method reference. */
    @Test
    public void sameScheduleWithTheLambdaFieldReplaced() {
        int n = 1000;
        int[] a = JvmOracle.ints(82, n);
        int[] out = new int[n];
        Mapper m = new Mapper(v -> v * 3);
        try (TaskSchedule s = new TaskSchedule("lambdas").task("t", m::run, a, out)) {
            executeAndCompare(s, () -> mapperOnClones(m, a, out), a, out);
            m.f = v -> v ^ 0x7777;
            executeAndCompare(s, () -> mapperOnClones(m, a, out), a, out);
            m.f = ConformanceProbeTest::rotate5;
            executeAndCompare(s, () -> mapperOnClones(m, a, out), a, out);
        }
    }

    private static Object[] mapperOnClones(Mapper m, int[] a, int[] out) {
        Object[] x = cloneArgs(a, out);
        m.run((int[]) x[0], (int[]) x[1]);
        return x;
    }

    private interface Expect {
        Object[] run();
    }

    private static Object[] viaHolderOnClones(Holder h, int[] a, float[] out) {
        Object[] x = cloneArgs(a, out);
        viaHolder(h, (int[]) x[0], (float[]) x[1]);
        return x;
    }

    private static Object[] runOnClones(Holder h, int[] a, float[] out) {
        Object[] x = cloneArgs(a, out);
        h.run((int[]) x[0], (float[]) x[1]);
        return x;
    }

    private static void executeAndCompare(TaskSchedule s, Expect jvm, Object a, Object out) {
        Object[] expected = jvm.run();
        s.execute();
        assertRanOnDevice(s.report(), "t");
        assertSame("a", expected[0], a);
        assertSame("out", expected[1], out);
    }

    // ==================================================================================== findings

    /** Cases the compiler refuses or gets wrong (see the class comment); ignored until fixed. */
    @org.junit.Ignore("findings: see class comment")
    @Test
    public void findings() {
    }
}

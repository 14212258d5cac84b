package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import org.junit.Test;

/**
 * Adversarial probes of issue 14 written from the JLS: arrays allocated in a kernel's loop body (private memory of a
 * work-item: zeroed at every {@code new}, checked against their constant length, a budget of 4096 bytes per
 * work-item in all) and objects allocated there (replaced by their fields). Every device result is compared exactly
 * with the JVM's own run of the same method on clones of the inputs (strict mode: a bailout fails a {@code check});
 * where the JVM throws, the device must give the same exception, message and arrays ({@code checkThrows}). Forms
 * that the compiler refuses are asserted as clean bailouts ({@link CompilationException} naming the method and the
 * reason), each in a test of its own whose Javadoc says so. Complements {@code PrivateMemoryTest} and the private
 * array / scalar replacement part of {@code MiddleEndProbeTest} without repeating their cases.
 */
public class PrivateMemoryProbeTest {
    private static final int N = 1000;

    // ================================================================ classes of the objects made in kernels

    /** Constructor chaining with this(...): field initialisers run only in the constructor that calls super(). */
    static final class Chain {
        int a;
        long b = 7;
        double c;
        final float f;

        Chain(int a) {
            this(a, a * 3L);
            c = a / 2.0;
        }

        Chain(int a, long b) {
            this.a = a;
            this.b += b;
            this.f = 1f / (float) c; // c is still +0.0 here: +Infinity
        }
    }

    /** Final and non-final fields, a constructor that reads a field before writing it. */
    static final class Mixed {
        final int k;
        int count;
        double d;
        final float inv;
        char ch;
        boolean flag;

        Mixed(int k) {
            this.inv = 1f / -this.d == Float.NEGATIVE_INFINITY ? -1f : 1f; // d is +0.0: -d is -0.0
            this.k = k;
        }

        void bump(int by) {
            count += by;
            ch--;
            flag = !flag;
        }
    }

    /** A plain int point. */
    static final class P {
        int x;
        int y;

        P(int x, int y) {
            this.x = x;
            this.y = y;
        }

        P add(int d) {
            x += d;
            y -= d;
            return this;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof P)) {
                return false;
            }
            P q = (P) o;
            return x == q.x && y == q.y;
        }

        @Override
        public int hashCode() {
            return 31 * x + y;
        }
    }

    /** An inner value with primitive fields. */
    static final class Inner {
        final int v;

        Inner(int v) {
            this.v = v;
        }
    }

    /** An object built from another object that it does not keep. */
    static final class Outer {
        final int twice;
        final long sq;

        Outer(Inner in) {
            this.twice = in.v * 2;
            this.sq = (long) in.v * in.v;
        }

        int plus(Inner other) {
            return twice + other.v;
        }
    }

    /** A field of reference type: not replaceable by scalars. */
    static final class Wrap {
        final Inner inner;

        Wrap(Inner inner) {
            this.inner = inner;
        }
    }

    /** A record with int and double components and a compact constructor that validates. */
    record Range(int lo, double width) {
        Range {
            if (lo < 0) {
                throw new IllegalArgumentException("negative lo: " + lo);
            }
        }
    }

    /** A record whose compact constructor divides (ArithmeticException for den == 0). */
    record Frac(int num, int den) {
        Frac {
            int g = num / den;
            num = num - g * den;
        }
    }

    /** An immutable vector record with a method returning a new record. */
    record V2(double x, double y) {
        V2 plus(V2 o) {
            return new V2(x + o.x, y + o.y);
        }

        double dot(V2 o) {
            return x * o.x + y * o.y;
        }
    }

    /** Long and float fields with arithmetic at the edges. */
    static final class Acc {
        long l;
        float f;
        int n;

        Acc(long l, float f) {
            this.l = l;
            this.f = f;
        }

        void add(long dl, float df) {
            l += dl;
            f += df;
            n++;
        }

        float mean() {
            return f / n;
        }
    }

    /** An object whose method allocates a private array. */
    static final class Binner {
        final int shift;

        Binner(int shift) {
            this.shift = shift;
        }

        int modeOf(int v) {
            int[] h = new int[8];
            for (int k = 0; k < 8; k++) {
                h[(v >>> (shift + 3 * k)) & 7]++;
            }
            int best = 0;
            for (int k = 1; k < h.length; k++) {
                if (h[k] > h[best]) {
                    best = k;
                }
            }
            return best * 100 + h[best];
        }
    }

    /** A constructor that writes into a kernel array it is given (and does not keep). */
    static final class Logger {
        final int v;

        Logger(int[] out, int at, int v) {
            out[at] = v * 2;
            this.v = v;
        }
    }

    /** A size held in a field set from a constant. */
    static final class Sized {
        final int n;

        Sized() {
            this.n = 6;
        }
    }

    /** A static field an object may escape into. */
    static final class Sink {
        static Object last;

        private Sink() {
        }
    }

    // ================================================================ kernels

    /** The kernels. */
    public static final class K {
        static final int LIMIT_INTS = 1024;
        static final int SIX = 6;

        private K() {
        }

        // ---------------------------------------------------------------- sizes and the budget

        /** One int[1024] (exactly 4096 bytes), written with data-driven indices and read back. */
        public static void atLimit(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[LIMIT_INTS];
                int v = a[i];
                for (int k = 0; k < 64; k++) {
                    t[(v >>> (k & 15)) & 1023] += k;
                }
                t[1023] ^= v;
                int s = 0;
                for (int k = 0; k < t.length; k += 31) {
                    s = s * 31 + t[k];
                }
                out[i] = s + t[1023] + t[v & 1023] + t.length;
            }
        }

        /** Six sites of six types adding up to exactly 4096 bytes. */
        public static void mixedAtLimit(int[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                long[] l = new long[256];
                double[] d = new double[128];
                short[] s = new short[256];
                char[] c = new char[128];
                byte[] b = new byte[128];
                boolean[] z = new boolean[128];
                int v = a[i];
                l[v & 255] = v * 0x1_0000_0001L;
                d[(v >>> 8) & 127] = v / 7.0;
                s[(v >>> 4) & 255] += (short) v;
                c[v & 127] -= 1;
                b[(v >>> 3) & 127] = (byte) (v >> 1);
                z[(v >>> 5) & 127] = v < 0;
                long acc = 0;
                for (int k = 0; k < 128; k++) {
                    acc = acc * 3 + l[k] + l[k + 128] + (long) d[k] + s[k] + s[k + 128] + c[k] + b[k]
                            + (z[k] ? 11 : 0);
                }
                out[i] = acc;
            }
        }

        /** The same six sites and one boolean more: 4097 bytes. */
        public static void mixedPastLimit(int[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                long[] l = new long[256];
                double[] d = new double[128];
                short[] s = new short[256];
                char[] c = new char[128];
                byte[] b = new byte[128];
                boolean[] z = new boolean[129];
                int v = a[i];
                l[v & 255] = v;
                d[v & 127] = v;
                s[v & 255] = (short) v;
                c[v & 127] = (char) v;
                b[v & 127] = (byte) v;
                z[v & 127] = v > 0;
                out[i] = l[0] + (long) d[0] + s[0] + c[0] + b[0] + (z[0] ? 1 : 0);
            }
        }

        /** boolean[4096]: one byte each, exactly the budget. */
        public static void booleansAtLimit(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                boolean[] z = new boolean[4096];
                int v = a[i];
                for (int k = 0; k < 32; k++) {
                    z[(v >>> k) & 4095] = !z[(v >>> k) & 4095];
                }
                int c = 0;
                for (int k = 0; k < z.length; k++) {
                    c += z[k] ? k : 0;
                }
                out[i] = c;
            }
        }

        /** boolean[4097]: one byte past the budget. */
        public static void booleansPastLimit(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                boolean[] z = new boolean[4097];
                z[a[i] & 4095] = true;
                out[i] = z[0] ? 1 : 0;
            }
        }

        /** new byte[Integer.MAX_VALUE]: far past the budget. */
        public static void hugeConstant(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                if (a[i] == 123) {
                    byte[] b = new byte[Integer.MAX_VALUE];
                    out[i] = b[0];
                }
            }
        }

        /** int[1024] in an inner loop: one site, counted once whatever the trip count, zeroed each time. */
        public static void atLimitInInnerLoop(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int s = 0;
                for (int r = 0; r < 5; r++) {
                    int[] t = new int[1024];
                    t[(a[i] + r) & 1023] += r + 1;
                    t[(a[i] >>> 10) & 1023] += 1;
                    s = s * 7 + t[(a[i] + r) & 1023] + t[a[i] & 1023] * 3;
                }
                out[i] = s;
            }
        }

        /** Lengths of size 1 and from constant expressions of javac (folded before the compiler sees them). */
        public static void constantExpressionSizes(int[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] one = new int[1];
                float[] f = new float[Integer.BYTES];
                long[] l = new long[Character.BYTES + (int) 2.9];
                short[] s = new short[SIX * 2 - 1];
                final int local = SIX / 4;
                double[] d = new double[local];
                int v = a[i];
                one[0] += v;
                f[v & 3] = v;
                l[(v >>> 2) & 3] = v * 5L;
                s[Math.floorMod(v, 11)] = (short) v;
                d[0] = -d[0];
                out[i] = one[0] + one.length * 10 + f.length * 100 + l.length * 1000 + s.length * 10000
                        + d.length * 100000 + (long) f[3] + l[3] + s[10]
                        + Double.doubleToRawLongBits(d[0]);
            }
        }

        /** A length held in a non-final local variable (not a JLS constant, but one value in SSA). */
        public static void localVariableSize(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int k = 5;
                int[] t = new int[k];
                t[a[i] & 3] = a[i];
                out[i] = t[0] + t[3] + t.length;
            }
        }

        /** A length from a library call on constants ({@code Math.max(2, SIX)}): inlined and folded, or refused. */
        public static void calledSize(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[Math.max(2, SIX)];
                t[a[i] & 3] = a[i];
                out[i] = t[0] + t[3] + t.length;
            }
        }

        /** A length read from a field of an object made in the kernel, set to a constant by its constructor. */
        public static void fieldSize(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Sized z = new Sized();
                int[] t = new int[z.n];
                t[a[i] & 3] = a[i];
                out[i] = t[0] + t[3] + t.length;
            }
        }

        /** Negative constant lengths: Integer.MIN_VALUE and a folded expression, each in a branch. */
        public static void negativeSizes(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i];
                if (a[i] == -77) {
                    double[] d = new double[Integer.MIN_VALUE];
                    out[i] = d.length;
                }
                if (a[i] == -78) {
                    byte[] b = new byte[SIX - 7];
                    out[i] = b.length;
                }
            }
        }

        // ---------------------------------------------------------------- zeroing and aliasing

        /**
         * A fresh float[3] and long[2] in each iteration of an inner loop, written only on some iterations: what
         * an earlier iteration wrote (-0.0, NaN, a long) must not show.
         */
        public static void rezeroConditional(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int v = a[i];
                int h = 0;
                for (int r = 0; r < 6; r++) {
                    float[] f = new float[3];
                    long[] l = new long[2];
                    if (((v >>> r) & 1) != 0) {
                        f[r % 3] = -0.0f;
                        l[r & 1] = Long.MIN_VALUE + v;
                    } else if (((v >>> (r + 8)) & 1) != 0) {
                        f[(r + 1) % 3] = Float.NaN;
                    }
                    h = h * 31 + Float.floatToIntBits(f[0]) + 3 * Float.floatToIntBits(f[1])
                            + 5 * Float.floatToIntBits(f[2]) + (int) (l[0] ^ (l[1] >>> 7));
                    h ^= Float.floatToIntBits(1f / f[r % 3]);
                }
                out[i] = h;
            }
        }

        /** A variable declared before an inner loop and given a new array in it; a do-while read after the loop. */
        public static void declaredOutsideInnerLoop(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t;
                int s = 0;
                for (int r = 0; r < 4; r++) {
                    t = new int[4];
                    t[r] = a[i] + r;
                    s += t[0] + t[1] * 3 + t[2] * 5 + t[3] * 7;
                }
                int[] u;
                int r = 0;
                int stop = (a[i] & 3) + 1;
                do {
                    u = new int[4];
                    u[r & 3] = r + 10;
                    r++;
                } while (r < stop);
                out[i] = s * 1000 + u[0] + u[1] * 3 + u[2] * 5 + u[3] * 7;
            }
        }

        /** Two names of one array, and a conditional choice between two names of the same array. */
        public static void aliasing(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] x = new int[4];
                int[] y = x;
                y[1] = 5;
                int[] z = a[i] > 0 ? x : y;
                z[2] = a[i];
                x[3] = y[1] + z[2];
                out[i] = x[1] * 1000 + y[2] + z[3] + (x.length == z.length ? 1 : 0);
            }
        }

        static void fill(int[] t, int v) {
            for (int k = 0; k < t.length; k++) {
                t[k] = v + k;
            }
        }

        static int sum(int[] t) {
            int s = 0;
            for (int k = 0; k < t.length; k++) {
                s = s * 3 + t[k];
            }
            return s;
        }

        static void shiftLeft(int[] src, int[] dst) {
            for (int k = 0; k + 1 < src.length; k++) {
                dst[k] = src[k + 1];
            }
        }

        static int[] same(int[] t) {
            return t;
        }

        /**
         * Private arrays through inlined static helpers: a fill, a sum called on a private array and on a parameter
         * array, a copy between two names of one array (overlapping), and a helper returning its argument.
         */
        public static void helpers(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[5];
                fill(t, a[i]);
                int[] u = new int[5];
                shiftLeft(t, u);
                shiftLeft(t, t);
                same(u)[4] = 9;
                out[i] = sum(t) + 7 * sum(u) + (i < a.length - 3 ? 0 : sum(a) & 1);
            }
        }

        /** Arrays.fill on a private array. */
        public static void arraysFill(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[4];
                Arrays.fill(t, a[i]);
                t[1] = 0;
                out[i] = t[0] + t[1] + t[2] + t[3];
            }
        }

        /** System.arraycopy between two private arrays. */
        public static void arrayCopy(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[4];
                int[] u = new int[4];
                t[0] = a[i];
                t[3] = -a[i];
                System.arraycopy(t, 0, u, 1, 3);
                out[i] = u[0] + u[1] * 3 + u[3];
            }
        }

        // ---------------------------------------------------------------- checks on private arrays

        /** A char[4] filled up to a bound from data: some work-items run past the end. */
        public static void loopPastEnd(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                char[] c = new char[4];
                int lim = a[i];
                for (int k = 0; k <= lim; k++) {
                    c[k] = (char) (k - 1);
                }
                out[i] = c[0] + c[1] + c[2] + c[3];
            }
        }

        /** A store into a private array that nothing reads afterwards: its index check must stay. */
        public static void deadStore(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                long[] t = new long[4];
                t[a[i]] = 1L;
                out[i] = a[i] * 2;
            }
        }

        /** A load from a private array whose value nothing uses: its index check must stay. */
        @SuppressWarnings("unused")
        public static void deadLoad(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                short[] t = new short[4];
                short unused = t[a[i]];
                out[i] = a[i] + 1;
            }
        }

        /** Index checks of an int[1023] and a boolean[1] (4093 bytes together). */
        public static void limitAndOne(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] big = new int[LIMIT_INTS - 1];
                boolean[] one = new boolean[1];
                big[a[i] >> 1] = a[i];
                one[a[i] & 1] = true;
                out[i] = big[a[i] >> 1] + (one[0] ? 1 : 0);
            }
        }

        /** An index Math.abs(v) % 7: negative (-2) only for v == Integer.MIN_VALUE, whose abs is itself. */
        public static void absRemainderIndex(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[7];
                t[Math.abs(a[i]) % 7] += a[i];
                t[(a[i] >>> 3) % 7] += 1;
                out[i] = t[0] * 7 + t[1] * 5 + t[2] * 3 + t[6];
            }
        }

        // ---------------------------------------------------------------- objects

        /** this(...) chaining, field initialisers in the right constructor, final and non-final fields. */
        public static void chained(int[] a, double[] out) {
            for (@Parallel int i = 0; i < a.length; i++) {
                Chain c = new Chain(a[i]);
                c.a *= 3;
                out[3 * i] = c.a;
                out[3 * i + 1] = c.b + c.c;
                out[3 * i + 2] = c.f;
            }
        }

        /** Fields mutated after construction: in a method, in one branch, in an inner loop (field phis). */
        public static void mutatedFields(int[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Mixed m = new Mixed(a[i]);
                if (a[i] > 0) {
                    m.bump(2);
                }
                for (int k = 0; k < (a[i] & 7); k++) {
                    m.bump(k);
                    if (m.count > 9 + (a[i] >>> 29)) {
                        break;
                    }
                    m.d += 0.5 * k;
                }
                out[i] = m.k + 1000L * m.count + m.ch + (m.flag ? 7 : 0) + (long) (m.d * 4) + (long) m.inv;
            }
        }

        /**
         * A fresh object in each iteration of an inner loop, mutated in a loop nested in that one; then a do-while
         * giving a variable a new object each time, the last one read after the loop.
         */
        public static void objectInInnerLoop(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int s = 0;
                for (int r = 0; r < 4; r++) {
                    P p = new P(r, a[i]);
                    for (int q = 0; q < r; q++) {
                        p.add(q + 1);
                    }
                    s = s * 17 + p.x * 5 + p.y;
                }
                P last;
                int r = 0;
                int stop = (a[i] & 3) + 1;
                do {
                    last = new P(r, s);
                    last.add(r);
                    r++;
                } while (r < stop);
                out[i] = s + last.x * 7 + last.y;
            }
        }

        /** One object under two names; p == p, q == p, p != null are true by JLS 15.21.3. */
        public static void sameReference(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                P p = new P(a[i], 1);
                P q = p;
                q.x = 5;
                int r = (p == p ? 1 : 0) + (q == p ? 2 : 0) + (p != null ? 4 : 0) + (p.equals(q) ? 8 : 0);
                out[i] = r * 1000 + p.x + q.y;
            }
        }

        /** Two fresh objects are different references (JLS 15.9.4): p == q is false. */
        public static void freshAreDistinct(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                P p = new P(a[i], 1);
                P q = new P(a[i], 1);
                out[i] = p == q ? 1 : 0;
            }
        }

        /** A user-written equals (the usual this == o idiom) on two fresh objects with equal fields. */
        public static void userEquals(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                P p = new P(a[i], 1);
                P q = new P(a[i], a[i] & 1);
                out[i] = p.equals(q) ? 1 : 0;
            }
        }

        /** An object from either of two allocation sites, merged in one variable. */
        public static void ternaryMerge(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                P p = a[i] > 0 ? new P(1, a[i]) : new P(2, -a[i]);
                out[i] = p.x + p.y;
            }
        }

        /** An object passed to another's constructor and method, which keep only its fields. */
        public static void nestedByValue(int[] a, long[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Outer o = new Outer(new Inner(a[i]));
                Inner j = new Inner(a[i] >> 3);
                out[i] = o.sq + o.plus(j) * 3L;
            }
        }

        /** An object kept in another's field (of reference type). */
        public static void nestedByReference(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Wrap w = new Wrap(new Inner(a[i]));
                out[i] = w.inner.v;
            }
        }

        /** Objects stored into an array of references made in the kernel. */
        public static void objectInArray(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                P[] ps = new P[2];
                ps[a[i] & 1] = new P(a[i], 0);
                out[i] = ps[a[i] & 1].x;
            }
        }

        /** An object escaping into a static field. */
        public static void escapeToStatic(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                P p = new P(a[i], 0);
                Sink.last = p;
                out[i] = p.x;
            }
        }

        /** A record whose compact constructor throws IllegalArgumentException for some inputs. */
        public static void validatingRecord(int[] a, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Range r = new Range(a[i], a[i] * 0.25);
                out[i] = r.lo() + r.width();
            }
        }

        /** An object that nothing reads; its constructor divides by data (ArithmeticException for 0). */
        public static void unusedObjectDivides(int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                new Frac(a[i], b[i]);
                out[i] = a[i] - b[i];
            }
        }

        /** Records used through their components after a dividing compact constructor. */
        public static void fractions(int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Frac f = new Frac(a[i], b[i]);
                out[i] = f.num() * 7 + f.den();
            }
        }

        /** Long and float fields at the edges: overflow, infinities, NaN, 0/0, -0.0. */
        public static void edges(long[] l, float[] f, long[] lout, float[] fout) {
            for (@Parallel int i = 0; i < l.length; i++) {
                Acc acc = new Acc(l[i], f[i]);
                Acc zero = new Acc(0L, -0.0f);
                acc.add(Long.MAX_VALUE, Float.MAX_VALUE);
                acc.add(l[i] * 3, f[i] * -2f);
                lout[2 * i] = acc.l;
                lout[2 * i + 1] = zero.l - Long.MIN_VALUE;
                fout[3 * i] = acc.f;
                fout[3 * i + 1] = acc.mean();
                fout[3 * i + 2] = zero.mean() + (zero.f * f[i]);
            }
        }

        /** Methods returning this (mutable) and returning a new record (immutable), chained. */
        public static void chainedCalls(int[] a, double[] out) {
            for (@Parallel int i = 0; i < a.length; i++) {
                P p = new P(a[i], 0).add(3).add(-a[i]);
                V2 v = new V2(a[i], 0.5).plus(new V2(-0.0, a[i] / 3.0)).plus(new V2(p.x, p.y));
                out[2 * i] = v.x();
                out[2 * i + 1] = v.dot(new V2(1.0 / 3, -0.0));
            }
        }

        /** An object's method allocates a private array; a field of the object indexes another. */
        public static void methodWithPrivateArray(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Binner b = new Binner(a[i] & 3);
                int[] t = new int[4];
                t[b.shift] = b.modeOf(a[i]);
                out[i] = t[0] + t[1] + t[2] + t[3];
            }
        }

        /** A constructor that writes into a kernel parameter array. */
        public static void constructorWritesArray(int[] a, int[] out) {
            for (@Parallel int i = 0; i < a.length; i++) {
                Logger g = new Logger(out, 2 * i, a[i]);
                out[2 * i + 1] = g.v + 1;
            }
        }

        /** An object made before the @Parallel loop and only read inside it. */
        public static void objectBeforeLoop(int[] a, int[] out) {
            P p = new P(3, 4);
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] * p.x + p.y;
            }
        }
    }

    // ================================================================ helpers

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    /** Strict mode must refuse the task with a CompilationException naming the method and every part. */
    private static void refused(Adder adder, String method, String... parts) {
        try (TaskSchedule s = adder.add(new TaskSchedule("refused"))) {
            s.execute();
            fail(method + ": expected a CompilationException, but it ran; report:\n" + s.report());
        } catch (CompilationException e) {
            assertTrue("the message should name " + method + ": " + e.getMessage(), e.getMessage().contains(method));
            for (String part : parts) {
                assertTrue(method + ": the message should say '" + part + "': " + e.getMessage(),
                        e.getMessage().contains(part));
            }
        }
    }

    private static int[] data(long seed) {
        return JvmOracle.withSpecials(Inputs.ints(seed, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1, 1023,
                1024, -1024, 0xFFFF, 0x8000);
    }

    // ================================================================ sizes and the budget

    /** int[1024] is exactly 4096 bytes: runs on the device, indexed by data over the whole range. */
    @Test
    public void intArrayAtTheLimit() {
        check(K::atLimit, data(1), new int[N]);
    }

    /** Six sites of six element types adding up to exactly 4096 bytes run (the budget is a sum over sites). */
    @Test
    public void sitesOfSixTypesAddingUpToTheLimit() {
        check(K::mixedAtLimit, data(2), new long[N]);
    }

    /** The same sites plus one boolean (4097 bytes in all): a clean bailout naming the total and the limit. */
    @Test
    public void oneBytePastTheLimitInAllIsRefused() {
        refused(s -> s.task("t", K::mixedPastLimit, new int[10], new long[10]), "mixedPastLimit",
                "4097 bytes per work-item", "over the private-memory limit of 4096 bytes");
    }

    /** boolean counts one byte: boolean[4096] runs, boolean[4097] is refused. */
    @Test
    public void booleanArraysAtAndPastTheLimit() {
        check(K::booleansAtLimit, data(3), new int[N]);
        refused(s -> s.task("t", K::booleansPastLimit, new int[10], new int[10]), "booleansPastLimit",
                "`new boolean[4097]`", "over the private-memory limit of 4096 bytes");
    }

    /** new byte[Integer.MAX_VALUE] (the JVM would throw OutOfMemoryError if reached): a clean bailout. */
    @Test
    public void hugeConstantLengthIsRefused() {
        refused(s -> s.task("t", K::hugeConstant, new int[10], new int[10]), "hugeConstant",
                "`new byte[2147483647]`", "over the private-memory limit of 4096 bytes");
    }

    /** A 4096-byte site in an inner loop counts once, and is zeroed at every iteration. */
    @Test
    public void limitSizedArrayInAnInnerLoop() {
        check(K::atLimitInInnerLoop, data(4), new int[N]);
    }

    /** Sizes 1, Integer.BYTES, Character.BYTES + (int) 2.9, SIX * 2 - 1, a final local; -0.0 from a zero. */
    @Test
    public void sizesFromConstantExpressions() {
        check(K::constantExpressionSizes, data(5), new long[N]);
    }

    /**
     * Lengths that are not JLS constant expressions but one constant value once parsed: a non-final local variable
     * initialised to a literal, and a final field of an object made in the kernel that its constructor sets to 6.
     * Both run on the device.
     */
    @Test
    public void sizesInALocalVariableAndInAFieldSetToAConstant() {
        check(K::localVariableSize, data(6), new int[N]);
        check(K::fieldSize, data(8), new int[N]);
    }

    /**
     * {@code new int[Math.max(2, SIX)]}: canonicalisation folds Math.min/max of integer constants, so the length is a
     * constant by the time private arrays are checked (once a clean bailout, "not a compile-time constant").
     */
    @Test
    public void sizeFromALibraryCallOnConstants() {
        check(K::calledSize, data(9), new int[N]);
    }

    /** new double[Integer.MIN_VALUE] and new byte[SIX - 7] in branches: the JVM's exception when reached. */
    @Test
    public void negativeConstantLengthsThrowWhenReached() {
        check(K::negativeSizes, data(9), new int[N]);
        for (int[] bad : new int[][] {{-77, -2147483648}, {-78, -1}}) {
            int[] a = data(9);
            a[700] = bad[0];
            int[] out = new int[N];
            Throwable e = checkThrows(x -> K.negativeSizes((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", K::negativeSizes, a, out), a, out);
            assertEquals(NegativeArraySizeException.class, e.getClass());
            assertEquals(String.valueOf(bad[1]), e.getMessage());
        }
    }

    // ================================================================ zeroing and aliasing

    /** A fresh float[3] / long[2] per inner iteration written only sometimes: no -0.0, NaN or long leaks. */
    @Test
    public void conditionalWritesDoNotLeakIntoTheNextNew() {
        check(K::rezeroConditional, data(10), new int[N]);
    }

    /** A variable declared before an inner loop and assigned a new array in it; a do-while's last array after it. */
    @Test
    public void arrayVariableDeclaredOutsideTheInnerLoop() {
        check(K::declaredOutsideInnerLoop, data(11), new int[N]);
    }

    /** y = x, z = c ? x : y: stores through one name are seen through the others. */
    @Test
    public void namesOfOneArrayAlias() {
        check(K::aliasing, data(12), new int[N]);
    }

    /** Inlined helpers: fill, sum on a private and a parameter array, an overlapping copy, identity. */
    @Test
    public void privateArraysThroughInlinedHelpers() {
        check(K::helpers, data(13), new int[N]);
    }

    /** Arrays.fill on a private array. */
    @Test
    public void arraysFillOnAPrivateArray() {
        check(K::arraysFill, data(14), new int[N]);
    }

    /**
     * System.arraycopy between two private arrays of one type and constant length (a clean bailout once, "no
     * bytecode"): now Java's bounds test and the copy, against the JVM.
     */
    @Test
    public void systemArraycopyBetweenPrivateArrays() {
        check(K::arrayCopy, data(15), new int[N]);
    }

    // ================================================================ index checks

    /** A loop writing a char[4] up to a bound from data: 4 in some work-items only gives the JVM's exception. */
    @Test
    public void loopRunningPastThePrivateArrayInSomeWorkItems() {
        int[] a = JvmOracle.ints(16, N, -1, 4);
        check(K::loopPastEnd, a.clone(), new int[N]);
        a[333] = 4;
        a[900] = 7;
        int[] out = Inputs.ints(17, N);
        Throwable e = checkThrows(x -> K.loopPastEnd((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", K::loopPastEnd, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 4 out of bounds for length 4", e.getMessage());
    }

    /** A store into a private array never read afterwards keeps its index check. */
    @Test
    public void deadStoreKeepsItsIndexCheck() {
        int[] a = JvmOracle.ints(18, N, 0, 4);
        check(K::deadStore, a.clone(), new int[N]);
        a[512] = 4;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> K.deadStore((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", K::deadStore, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 4 out of bounds for length 4", e.getMessage());
    }

    /** A load from a private array whose value is unused keeps its index check. */
    @Test
    public void deadLoadKeepsItsIndexCheck() {
        int[] a = JvmOracle.ints(19, N, 0, 4);
        check(K::deadLoad, a.clone(), new int[N]);
        a[10] = -1;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> K.deadLoad((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", K::deadLoad, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index -1 out of bounds for length 4", e.getMessage());
    }

    /** int[1023] checked at 1023 and -1, boolean[1] at 1, in one work-item each (even inputs are in range). */
    @Test
    public void indexChecksOfALargeAndAOneElementArray() {
        int[] a = JvmOracle.ints(20, N, 0, 1023);
        for (int k = 0; k < N; k++) {
            a[k] *= 2;
        }
        check(K::limitAndOne, a.clone(), new int[N]);
        Object[][] bads = {{2046, "Index 1023 out of bounds for length 1023"},
            {-2, "Index -1 out of bounds for length 1023"}, {5, "Index 1 out of bounds for length 1"}};
        for (Object[] bad : bads) {
            int[] b = a.clone();
            b[444] = (Integer) bad[0];
            int[] out = new int[N];
            Throwable e = checkThrows(x -> K.limitAndOne((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", K::limitAndOne, b, out), b, out);
            assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
            assertEquals(bad[1], e.getMessage());
        }
    }

    /**
     * t[Math.abs(v) % 7] on a private int[7]: Math.abs(Integer.MIN_VALUE) is MIN_VALUE (JLS 15.17.3 gives -2 for
     * the remainder), so a range analysis that takes abs as non-negative would drop the lower check.
     */
    @Test
    public void absOfMinValueRemainderIsANegativeIndex() {
        int[] a = JvmOracle.ints(40, N);
        a[0] = -1;
        a[1] = Integer.MAX_VALUE;
        a[2] = Integer.MIN_VALUE + 1;
        a[3] = -7;
        check(K::absRemainderIndex, a.clone(), new int[N]);
        a[600] = Integer.MIN_VALUE;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> K.absRemainderIndex((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", K::absRemainderIndex, a, out), a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index -2 out of bounds for length 7", e.getMessage());
    }

    // ================================================================ objects

    /** this(...) chaining: b = 7 + 3a (initialiser in the two-argument constructor), f = 1 / +0.0 = Infinity. */
    @Test
    public void constructorChainingWithThis() {
        int[] a = data(21);
        check(K::chained, a, new double[3 * N]);
    }

    /** Final and non-final fields, char wrap-around, boolean toggles, a field mutated in a method and a loop. */
    @Test
    public void fieldsMutatedAfterConstruction() {
        check(K::mutatedFields, data(22), new long[N]);
    }

    /** A new object per inner iteration mutated in a loop nested in it; a do-while's last object read after it. */
    @Test
    public void freshObjectInEachInnerIteration() {
        check(K::objectInInnerLoop, data(23), new int[N]);
    }

    /** p == p, q = p; q == p, p != null, p.equals(q) (this == o short cut), and a store through q seen by p. */
    @Test
    public void oneObjectUnderTwoNames() {
        check(K::sameReference, data(24), new int[N]);
    }

    /** An Outer built from an Inner it does not keep, a method taking another Inner. */
    @Test
    public void objectPassedToAnotherObjectsConstructor() {
        check(K::nestedByValue, data(25), new long[N]);
    }

    /** Long overflow, Float.MAX_VALUE + Float.MAX_VALUE = Infinity, Infinity - Infinity = NaN, 0 / 0, -0.0 fields. */
    @Test
    public void longAndFloatFieldsAtTheEdges() {
        long[] l = JvmOracle.longs(26, N);
        long[] specialsL = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 1, Long.MAX_VALUE / 3 + 1};
        System.arraycopy(specialsL, 0, l, 0, specialsL.length);
        float[] f = JvmOracle.floats(27, N, -1e38f, 1e38f);
        float[] specialsF = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f,
            Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE};
        System.arraycopy(specialsF, 0, f, 0, specialsF.length);
        check(K::edges, l, f, new long[2 * N], new float[3 * N]);
    }

    /** p.add(3).add(-x) returning this; records combined by methods returning new records, -0.0 components. */
    @Test
    public void methodsReturningThisAndNewRecords() {
        check(K::chainedCalls, data(28), new double[2 * N]);
    }

    /** An object's method with its own private array, and a field of the object indexing another. */
    @Test
    public void objectMethodWithAPrivateArray() {
        check(K::methodWithPrivateArray, data(29), new int[N]);
    }

    /** A constructor storing into a kernel array passed to it (a side effect, not an escape). */
    @Test
    public void constructorWritingAKernelArray() {
        check(K::constructorWritesArray, data(30), new int[2 * N]);
    }

    /** Records with a dividing compact constructor: results, then / by zero in some work-items (even unused). */
    @Test
    public void dividingCompactConstructorThrowsTheJvmsException() {
        int[] a = data(31);
        int[] b = JvmOracle.ints(32, N, 1, 100);
        b[5] = -1;
        check(K::fractions, a.clone(), b.clone(), new int[N]);
        check(K::unusedObjectDivides, a.clone(), b.clone(), new int[N]);
        b[808] = 0;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> K.fractions((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", K::fractions, a, b, out), a, b, out);
        assertEquals(ArithmeticException.class, e.getClass());
        int[] out2 = new int[N];
        Throwable e2 = checkThrows(x -> K.unusedObjectDivides((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", K::unusedObjectDivides, a, b, out2), a, b, out2);
        assertEquals(ArithmeticException.class, e2.getClass());
        assertEquals("/ by zero", e2.getMessage());
    }

    /**
     * A record whose compact constructor validates with {@code throw new IllegalArgumentException(...)} (once a clean
     * bailout, blaming the exception object's fields): inputs that pass run on the device and match the JVM; one that
     * reaches the throw gives the JVM's exception and message (the throw is a check the JVM's rerun turns into it).
     */
    @Test
    public void validatingRecordWithThrow() {
        int[] a = JvmOracle.ints(33, N, 0, 1000);
        JvmOracle.check(K::validatingRecord, a.clone(), new double[N]);
        a[250] = -5;
        double[] out = new double[N];
        Throwable e = checkThrows(x -> K.validatingRecord((int[]) x[0], (double[]) x[1]),
                s -> s.task("t", K::validatingRecord, a, out), a, out);
        assertEquals(IllegalArgumentException.class, e.getClass());
        assertEquals("negative lo: -5", e.getMessage());
    }

    /**
     * Two fresh objects compared by reference ({@code p == q}: false by JLS 15.21.3, since each class instance creation
     * makes a new object, JLS 15.9.4), also inside the usual equals idiom ({@code if (this == o) return true;}): once
     * a clean bailout, now decided while parsing, against the JVM. Comparing one object with itself runs too (see
     * oneObjectUnderTwoNames).
     */
    @Test
    public void referenceComparisonOfTwoFreshObjects() {
        check(K::freshAreDistinct, data(21), new int[N]);
        check(K::userEquals, data(22), new int[N]);
    }

    /**
     * Documented escapes, each refused with its own reason: objects of two sites merged by a ternary, an object
     * kept in a field of reference type (nested by reference), fresh objects stored into a {@code new P[2]}, and an
     * object stored into a static field.
     */
    @Test
    public void escapingObjectsAreRefusedWithTheirReasons() {
        // An object holding another (refused until 2026-11-28): its field is a slot holding the other.
        check(K::nestedByReference, JvmOracle.ints(1160, 10, -50, 50), new int[10]);
        refused(s -> s.task("t", K::objectInArray, new int[10], new int[10]), "objectInArray",
                "arrays of references, and arrays whose rows are left null");
        refused(s -> s.task("t", K::escapeToStatic, new int[10], new int[10]), "escapeToStatic",
                "writing a static field is not supported");
    }

    /** An object from either of two allocation sites in one variable: one set of scalars, phis of their fields. */
    @Test
    public void ternaryMergeOfTwoAllocations() {
        check(K::ternaryMerge, data(40), new int[N]);
    }

    /** An object made before the @Parallel loop, read-only inside it. */
    @Test
    public void objectMadeBeforeTheParallelLoop() {
        check(K::objectBeforeLoop, data(39), new int[N]);
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.After;
import org.junit.Test;

/**
 * Conformance probes of the middle end (strict mode, against the JVM): guarded devirtualisation (method selection
 * per JVMS 5.4.6 for the exact class, default methods, private methods, super calls, class changes between
 * executions, field paths), static fields of other classes, {@code assert}, private arrays and scalar replacement.
 * Every device result is compared exactly with the JVM's run of the same method on clones of the inputs. Probes of
 * features that may be unsupported accept a clean bailout ({@link CompilationException} in strict mode), never a
 * wrong result.
 */
public class MiddleEndProbeTest {
    static {
        // Gradle runs the tests with -ea. Nested classes take their assertion status from this (top-level) class
        // when they are initialised: AssertOff (and the holder of AssertDefault's flag) with assertions disabled,
        // AssertOn and AssertOnFn with assertions enabled.
        ClassLoader loader = MiddleEndProbeTest.class.getClassLoader();
        String top = MiddleEndProbeTest.class.getName();
        loader.setClassAssertionStatus(top, false);
        initialise(loader, top + "$AssertOff");
        initialise(loader, top + "$AssertDefaultImpl");
        loader.setClassAssertionStatus(top, true);
        initialise(loader, top + "$AssertOn");
        initialise(loader, top + "$AssertOnFn");
    }

    private static void initialise(ClassLoader loader, String name) {
        try {
            Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int N = 2000;

    @After
    public void restoreStatics() {
        Knobs.scale = 1.5;
        Knobs.mask = -1L;
        Knobs.ch = 'z';
        SupS.base = 5;
        SupS.hid = 1.5;
        SubS.hid = -2.5;
    }

    // ================================================================ kernels and their classes

    /** A binary float operation with a default method that combines it with a multiply-add. */
    public interface FOp {
        float op(float a, float b);

        default float fused(float a, float b) {
            return op(a, b) * a + b;
        }
    }

    /** {@code a < b ? a : b}: differs from Math.min on NaN and on -0.0 / +0.0. */
    public static final class Lt implements FOp {
        @Override
        public float op(float a, float b) {
            return a < b ? a : b;
        }
    }

    /** Math.min; overrides the default method with max - min. */
    public static final class MinOp implements FOp {
        @Override
        public float op(float a, float b) {
            return Math.min(a, b);
        }

        @Override
        public float fused(float a, float b) {
            return Math.max(a, b) - Math.min(a, b);
        }
    }

    /** Float.compare and == (NaN, -0.0 == 0.0). */
    public static final class CmpOp implements FOp {
        @Override
        public float op(float a, float b) {
            return Float.compare(a, b) + (a == b ? 0.5f : 0f) + (a != a ? 8f : 0f) + (b > a ? 16f : 0f);
        }
    }

    /** Negated comparisons: true for NaN operands. */
    public static final class NotGe implements FOp {
        @Override
        public float op(float a, float b) {
            return !(a >= b) ? 1f : !(a <= b) ? 2f : 3f;
        }
    }

    /** {@code -(a - b)} is not {@code b - a} for equal operands (-0.0 against +0.0). */
    public static final class NegDiff implements FOp {
        @Override
        public float op(float a, float b) {
            return -(a - b);
        }
    }

    /** Float-to-int and float-to-long conversions (NaN to 0, saturation). */
    public static final class ToIntOp implements FOp {
        @Override
        public float op(float a, float b) {
            return (float) ((int) a + (long) b) + ((int) a >> 1);
        }
    }

    /** A double operation (no contraction into fma). */
    public interface DOp {
        double op(double a, double b);
    }

    /** a * b + a / b - (a - b). */
    public static final class DMix implements DOp {
        @Override
        public double op(double a, double b) {
            return a * b + a / b - (a - b) + (a < b ? 0.0 : -0.0);
        }
    }

    /** An int operation. */
    public interface IOp {
        int ap(int a, int b);
    }

    /** Division and remainder with MIN_VALUE / -1. */
    public static final class DivRem implements IOp {
        @Override
        public int ap(int a, int b) {
            return b == 0 ? a : (a / b) ^ (a % b) * 31;
        }
    }

    /** Shifts: counts taken mod 32 (int) and mod 64 (long). */
    public static final class Shifts implements IOp {
        @Override
        public int ap(int a, int b) {
            return (a << b) + (a >> b) - (a >>> b) + (int) ((long) a << b) + (int) ((long) a >>> b);
        }
    }

    /** Wrap-around: products, abs(MIN_VALUE), negations, long division by -1. */
    public static final class Wrap implements IOp {
        @Override
        public int ap(int a, int b) {
            return a * b + Math.abs(a) - (-b) + (a + Integer.MAX_VALUE)
                    + (int) ((long) a * b >>> 32) + (int) (Long.MIN_VALUE / (b | 1));
        }
    }

    /** Only division: throws for b == 0. */
    public static final class DivOnly implements IOp {
        @Override
        public int ap(int a, int b) {
            return a / b + 1;
        }
    }

    /** A float function with a default method. */
    public interface Fn {
        float f(float x);

        default float g(float x) {
            return f(x) * 2f + 1f;
        }
    }

    /** Keeps the default method; a final field. */
    public static final class KeepsDefault implements Fn {
        final float c;

        public KeepsDefault(float c) {
            this.c = c;
        }

        @Override
        public float f(float x) {
            return x * c;
        }
    }

    /** Overrides the default method. */
    public static final class OverridesDefault implements Fn {
        @Override
        public float f(float x) {
            return x - 1f;
        }

        @Override
        public float g(float x) {
            return f(x) / 4f;
        }
    }

    /** A field named w, read by f. */
    public static class KF implements Fn {
        float w = 0.25f;

        @Override
        public float f(float x) {
            return x * w;
        }
    }

    /** Hides KF.w with a field of the same name: KF.f still reads KF.w. */
    public static final class KF2 extends KF {
        float w = 9f;

        float own() {
            return w;
        }
    }

    /** A field named w of another type. */
    public static final class KI implements Fn {
        int w = 3;

        @Override
        public float f(float x) {
            return x + w;
        }
    }

    /** A non-final field changed between executions. */
    public static final class Counter implements Fn {
        float k = 2f;

        @Override
        public float f(float x) {
            return x * k;
        }
    }

    /** Holds an Fn whose class may change between executions. */
    public static final class FnBox {
        Fn fn;

        public FnBox(Fn fn) {
            this.fn = fn;
        }
    }

    /** Three levels of fields down to the object. */
    public static final class Outer3 {
        Mid3 m;

        public Outer3(Mid3 m) {
            this.m = m;
        }
    }

    /** Four levels of fields down to the object. */
    public static final class Outer4 {
        Outer3 o;

        public Outer4(Outer3 o) {
            this.o = o;
        }
    }

    /** The middle level. */
    public static final class Mid3 {
        FnBox b;

        public Mid3(FnBox b) {
            this.b = b;
        }
    }

    /** A private method and a package-private one of the same name in a subclass: no override. */
    public static class PA {
        private int f(int v) {
            return v + 1;
        }

        int g(int v) {
            return f(v) * 10;
        }
    }

    /** Declares f, which does not override the private PA.f. */
    public static final class PB extends PA {
        int f(int v) {
            return v + 1000;
        }
    }

    /** A concrete method in a superclass. */
    public static class PBase {
        public float m(float x) {
            return x + 1f;
        }
    }

    /** A default method of the same signature. */
    public interface IM {
        default float m(float x) {
            return x * 100f;
        }
    }

    /** The superclass's method wins over the interface's default (JVMS 5.4.6). */
    public static final class PC extends PBase implements IM {
    }

    /** A default method. */
    public interface IA {
        default int k(int v) {
            return v + 1;
        }
    }

    /** Overrides IA's default and calls it with IA.super. */
    public interface IB extends IA {
        @Override
        default int k(int v) {
            return IA.super.k(v) * 3;
        }
    }

    /** Both interfaces: IB.k is the maximally specific one. */
    public static final class CAB implements IA, IB {
    }

    /** Overrides and calls IB.super.k. */
    public static final class CX implements IB {
        @Override
        public int k(int v) {
            return IB.super.k(v) - 7;
        }
    }

    /** Only IA. */
    public static final class CA implements IA {
    }

    /** Top of an override chain with a concrete method calling an abstract one. */
    public abstract static class L1 {
        int f(int v) {
            return v ^ 0x55;
        }

        abstract int g(int v);

        int run(int v) {
            return g(f(v)) + f(g(v));
        }
    }

    /** Overrides f (with a super call) and implements g. */
    public static class L2 extends L1 {
        @Override
        int f(int v) {
            return super.f(v) + 3;
        }

        @Override
        int g(int v) {
            return v * 7;
        }
    }

    /** Re-abstracts f. */
    public abstract static class L3 extends L2 {
        @Override
        abstract int f(int v);
    }

    /** Implements f again and overrides g with a super call that lands in L2. */
    public static final class L4 extends L3 {
        @Override
        int f(int v) {
            return -v;
        }

        @Override
        int g(int v) {
            return super.g(v) + 1;
        }
    }

    /** Overrides only g. */
    public static final class L5 extends L2 {
        @Override
        int g(int v) {
            return super.g(v) << 2;
        }
    }

    /** Mutable static fields of another class. */
    public static final class Knobs {
        static double scale = 1.5;
        static long mask = -1L;
        static char ch = 'z';

        private Knobs() {
        }
    }

    /** A static field declared in a superclass, and one hidden by the subclass. */
    public static class SupS {
        static int base = 5;
        static double hid = 1.5;
    }

    /** Hides SupS.hid; inherits SupS.base. */
    public static final class SubS extends SupS {
        static double hid = -2.5;
    }

    /** An interface constant computed at initialisation (no ConstantValue). */
    public interface IK {
        int Q = Integer.parseInt("77");
    }

    /** Reached through IK.Q as ImplK.Q. */
    public static final class ImplK implements IK {
    }

    /** A double function. */
    public interface DFn {
        double d(double x);
    }

    /** Reads static fields of other classes in a devirtualised method. */
    public static final class KnobFn implements DFn {
        @Override
        public double d(double x) {
            return x * Knobs.scale + (Knobs.mask & 0xFFFL) + Knobs.ch + SubS.base + SubS.hid + SupS.hid + ImplK.Q;
        }
    }

    /** An int scoring function. */
    public interface Hist {
        int score(int v);
    }

    /** Private arrays inside a devirtualised method, one made by a helper that returns it. */
    public static final class Bins implements Hist {
        static int[] make(int v) {
            int[] r = new int[8];
            r[v & 7] = 100;
            return r;
        }

        static void bump(int[] h, int at) {
            h[at & 7] += 3;
        }

        @Override
        public int score(int v) {
            int[] h = make(v);
            for (int k = 0; k < 8; k++) {
                h[(v >>> (4 * k)) & 7]++;
            }
            bump(h, v >>> 29);
            int s = 0;
            for (int k = 0; k < h.length; k++) {
                s = s * 3 + h[k];
            }
            return s;
        }
    }

    /** Indexes a private double[9] with data. */
    public static final class Slots implements Hist {
        @Override
        public int score(int v) {
            double[] d = new double[9];
            d[v] = 1.5;
            return (int) (d[v] * 2) + d.length;
        }
    }

    /** A class whose constructor calls an overridable method. */
    public static class CB {
        int v;

        CB(int x) {
            v = init(x);
        }

        int init(int x) {
            return x + 1;
        }
    }

    /** Overrides init, which runs before k's initialiser (JLS 12.5): k is still 0 there. */
    public static final class CD extends CB {
        int k = 10;

        CD(int x) {
            super(x);
        }

        @Override
        int init(int x) {
            return x * k + 5;
        }
    }

    /** Field initialisers, a constructor that reads a field before assigning it. */
    public static class QBase {
        long l = 7;
        int seen;

        QBase(int x) {
            seen = (int) l + x;
        }
    }

    /** Narrow fields and compound assignments. */
    public static final class QSub extends QBase {
        byte b = (byte) 200;
        char c;
        short s;
        boolean z;
        double d = -0.0;

        QSub(int x) {
            super(x * 2);
            c -= 1;
            s = (short) (x * 300);
            s *= 300;
            z = x > 0;
            z ^= true;
            l += Long.MAX_VALUE;
            d *= x;
            b += x;
        }
    }

    /** A record with a compact constructor and an explicit accessor. */
    public record Vec(float x, float y) {
        public Vec {
            if (x < 0) {
                x = -x;
            }
        }

        @Override
        public float y() {
            return y * 2f;
        }

        float dot(Vec o) {
            return x * o.x + y() * o.y();
        }
    }

    /** A plain point. */
    public static final class Pt {
        int x;

        public Pt(int x) {
            this.x = x;
        }
    }

    /** A float pair. */
    public static final class Pt2 {
        final float x;
        final float y;

        Pt2(float x, float y) {
            this.x = x;
            this.y = y;
        }
    }

    /** Makes points. */
    public interface Factory {
        Pt2 make(float x);
    }

    /** Makes points from a field. */
    public static final class PolarFactory implements Factory {
        final float r;

        public PolarFactory(float r) {
            this.r = r;
        }

        @Override
        public Pt2 make(float x) {
            return new Pt2(r * x, r - x);
        }
    }

    /** Asserts, with assertions disabled (see the static initialiser). */
    public static final class AssertOff {
        private AssertOff() {
        }

        static int checked(int v) {
            assert v >= 0 : "negative";
            return v * 2;
        }

        public static void kernel(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int t = a[i];
                assert (t = t * 3) == Integer.MIN_VALUE : "side effect";
                out[i] = t + checked(a[i]);
            }
        }
    }

    /** A default method with an assert; javac keeps its flag in a synthetic class. */
    public interface AssertDefault {
        default int twice(int v) {
            assert v > 1000 : "small";
            return v * 2;
        }
    }

    /** Initialised with assertions disabled (see the static initialiser). */
    public static final class AssertDefaultImpl implements AssertDefault {
    }

    /** An assert with assertions enabled. */
    public static final class AssertOn {
        private AssertOn() {
        }

        static int half(int v) {
            assert v % 2 == 0 : "odd";
            return v / 2;
        }

        public static void kernel(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = half(a[i]);
            }
        }
    }

    /** A devirtualised method with an assert; assertions enabled. */
    public static final class AssertOnFn implements Fn {
        @Override
        public float f(float x) {
            assert x == x : "NaN";
            return x + 0.5f;
        }
    }

    /** The kernels. */
    public static final class K {
        private K() {
        }

        public static void binop(FOp f, float[] a, float[] b, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.op(a[i], b[i]);
            }
        }

        public static void fused(FOp f, float[] a, float[] b, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.fused(a[i], b[i]);
            }
        }

        public static void dbinop(DOp f, double[] a, double[] b, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.op(a[i], b[i]);
            }
        }

        public static void iop(IOp f, int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.ap(a[i], b[i]);
            }
        }

        public static void divOnly(IOp f, int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.ap(a[i], b[i]);
            }
        }

        public static void viaBox(FnBox box, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = box.fn.g(x[i]);
            }
        }

        public static void fieldsViaBox(FnBox box, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = box.fn.g(x[i]) - box.fn.f(-x[i]);
            }
        }

        public static void counterViaBox(FnBox box, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = box.fn.f(x[i]);
            }
        }

        public static void deep(Outer3 o, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = o.m.b.fn.f(x[i]);
            }
        }

        public static void deeper(Outer4 o, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = o.o.m.b.fn.f(x[i]);
            }
        }

        public static void subinterfaceLocal(int[] x, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                IA ab = new CAB();
                IA cx = new CX();
                IA ca = new CA();
                out[i] = ab.k(x[i]) * 1000 + cx.k(x[i]) * 10 + ca.k(x[i]);
            }
        }

        public static void elements(Fn[] fns, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = fns[i % fns.length].f(x[i]);
            }
        }

        public static void numbers(Number n, double[] x, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = x[i] * n.doubleValue() + n.intValue();
            }
        }

        static int viaNest(PA a, int v) {
            return a.f(v);
        }

        public static void privParam(PA a, int[] x, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a.g(x[i]) + viaNest(a, x[i]) * 7;
            }
        }

        public static void privLocal(int[] x, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                PA p = new PB();
                out[i] = p.g(x[i]) + viaNest(p, x[i]) * 7;
            }
        }

        public static void superVsDefault(IM im, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = im.m(x[i]);
            }
        }

        public static void subinterface(IA ia, int[] x, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = ia.k(x[i]);
            }
        }

        public static void chain(L1 l, int[] x, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = l.run(x[i]);
            }
        }

        public static void twoSites(IOp p, IOp q, int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p.ap(a[i], b[i]) - q.ap(b[i], a[i]);
            }
        }

        public static void knobs(DFn f, double[] x, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.d(x[i]);
            }
        }

        public static void assertDefault(AssertDefault d, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = d.twice(a[i]);
            }
        }

        public static void assertOnCallee(Fn f, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.f(x[i]);
            }
        }

        static final int K4 = 4;

        /** Private arrays of every type, zeroed at every iteration, lengths from constant expressions. */
        public static void privZero(int[] a, int[] iout, long[] lout, double[] dout, float[] fout) {
            for (@Parallel int i = 0; i < iout.length; i++) {
                int[] t = new int[K4];
                if ((a[i] & 1) == 0) {
                    t[a[i] & 3] = a[i];
                }
                long[] l = new long[Sizes.N * 2 + 1];
                l[(a[i] >>> 3) % 7] = a[i] * 3L;
                double[] d = new double[Sizes.N];
                d[1] = -d[0];
                float[] f = new float[2];
                char[] c = new char[2];
                c[0]--;
                byte[] b = new byte[3];
                b[0] = (byte) a[i];
                b[1] += 200;
                b[2] = (byte) (b[0] * b[1]);
                short[] s = new short[1];
                s[0] += a[i];
                boolean[] z = new boolean[2];
                z[a[i] & 1] = true;
                iout[i] = t[0] + t[1] + t[2] + t[3] + c[0] + c[1] + b[2] + s[0] + (z[0] ? 1 : 0)
                        + (z[1] ? 2 : 0) + t.length * 100000;
                long sum = 0;
                for (int k = 0; k < l.length; k++) {
                    sum = sum * 5 + l[k];
                }
                lout[i] = sum;
                dout[2 * i] = d[1];
                dout[2 * i + 1] = 1.0 / d[2];
                fout[i] = 1f / f[a[i] & 1] + f[1 - (a[i] & 1)];
            }
        }

        public static void hist(Hist h, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = h.score(a[i]);
            }
        }

        public static void twoDim(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[][] m = new int[3][3];
                m[a[i] & 1][2] = a[i];
                out[i] = m[0][2] - m[1][2] + m.length;
            }
        }

        public static void cloned(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int[] t = new int[4];
                t[0] = a[i];
                int[] u = t.clone();
                u[1] = 5;
                out[i] = u[0] + t[1];
            }
        }

        public static void ctorDispatch(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                CD d = new CD(a[i]);
                CB b = new CB(a[i]);
                out[i] = d.v * 1000 + d.k + b.v;
            }
        }

        public static void narrowFields(int[] a, long[] out, double[] dout) {
            for (@Parallel int i = 0; i < out.length; i++) {
                QSub q = new QSub(a[i]);
                out[i] = q.seen + q.b + q.c + q.s + (q.z ? 1 : 0) + q.l;
                dout[i] = q.d;
            }
        }

        public static void records(float[] a, float[] b, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Vec v = new Vec(a[i], b[i]);
                Vec w = new Vec(b[i], -a[i]);
                out[i] = v.dot(w) + v.x();
            }
        }

        public static void recordEquals(float[] a, float[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Vec v = new Vec(a[i], b[i]);
                Vec w = new Vec(a[i], b[i]);
                out[i] = v.equals(w) ? 1 : 0;
            }
        }

        public static void factory(Factory f, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Pt2 p = f.make(x[i]);
                out[i] = p.x * p.y;
            }
        }

        public static void identity(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Pt p = new Pt(a[i]);
                out[i] = (System.identityHashCode(p) & 0) + p.x;
            }
        }

        public static void mergedWithParameter(Pt param, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Pt p = new Pt(a[i]);
                Pt q = a[i] > 0 ? p : param;
                out[i] = q.x;
            }
        }

        public static void mergedSites(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Pt p = a[i] > 0 ? new Pt(a[i]) : new Pt(-a[i] - 1);
                out[i] = p.x;
            }
        }

        public static void referenceCompare(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Pt p = new Pt(a[i]);
                Pt q = new Pt(a[i]);
                out[i] = p == q ? 1 : 2;
            }
        }

        public static void instanceOf(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Object o = new Pt(a[i]);
                out[i] = (o instanceof Pt ? 1 : 0) + (o instanceof CharSequence ? 10 : 0) + ((Pt) o).x;
            }
        }
    }

    /** Another class's compile-time constant. */
    public static final class Sizes {
        static final int N = 3;

        private Sizes() {
        }
    }

    // ================================================================ helpers

    /** The JVM's run of a schedule's task on clones, then execute() on the originals; every argument compared. */
    private static void executeAndCompare(TaskSchedule s, String what, Consumer<Object[]> jvm, Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.accept(expected);
        s.execute();
        assertRanOnDevice(s.report(), "t");
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1), expected[i], args[i]);
        }
    }

    /** A probe of something that may be unsupported: either it runs on the device and matches, or it bails out. */
    private static void deviceOrCleanBailout(String what, Runnable check) {
        try {
            check.run();
        } catch (CompilationException e) {
            // A clean bailout (strict mode) is the other accepted outcome: nothing ran with other results.
        }
    }

    /** The schedule must throw a CompilationException (strict mode) whose message contains every part. */
    private static void expectBailout(String what, Supplier<TaskSchedule> schedule, String... parts) {
        try (TaskSchedule s = schedule.get()) {
            s.execute();
            fail(what + ": expected a CompilationException, but it ran; report:\n" + s.report());
        } catch (CompilationException e) {
            for (String part : parts) {
                assertTrue(what + ": the message should mention '" + part + "': " + e.getMessage(),
                        e.getMessage().contains(part));
            }
        }
    }

    private static float[] floats(long seed, int n) {
        return Inputs.floats(seed, n, -100f, 100f);
    }

    // ================================================================ guarded devirtualisation

    /** NaN, -0.0 and +0.0 in comparisons, min/max, conversions inside methods selected for five classes. */
    @Test
    public void floatComparisonsWithNaNAndSignedZerosInDevirtualisedMethods() {
        float[][] p = Inputs.floatPairs(3001, N, -1e3f, 1e3f);
        for (FOp op : new FOp[] {new Lt(), new MinOp(), new CmpOp(), new NotGe(), new NegDiff(), new ToIntOp()}) {
            check(K::binop, op, p[0].clone(), p[1].clone(), new float[N]);
        }
    }

    /** A default method (Lt) and its override (MinOp) with a multiply-add that must not become an fma. */
    @Test
    public void defaultMethodMultiplyAddIsNotContracted() {
        float[] a = Inputs.plainFloats(3002, N, -1e4f, 1e4f);
        float[] b = Inputs.plainFloats(3003, N, -1e4f, 1e4f);
        check(K::fused, new Lt(), a, b, new float[N]);
        check(K::fused, new MinOp(), a, b, new float[N]);
        double[][] d = Inputs.doublePairs(3004, N, -1e6, 1e6);
        check(K::dbinop, new DMix(), d[0], d[1], new double[N]);
    }

    /** Integer overflow, MIN_VALUE / -1, shift counts mod 32 and 64 inside devirtualised methods. */
    @Test
    public void integerOverflowInDevirtualisedMethods() {
        int[][] p = Inputs.intPairs(3005, N);
        for (IOp op : new IOp[] {new DivRem(), new Shifts(), new Wrap()}) {
            check(K::iop, op, p[0].clone(), p[1].clone(), new int[N]);
        }
    }

    /** Division by zero in a devirtualised method: the JVM's ArithmeticException and arrays. */
    @Test
    public void divisionByZeroInDevirtualisedMethodThrowsTheJvmsException() {
        int[] a = Inputs.ints(3006, N);
        int[] b = Inputs.nonZeroInts(3007, N);
        IOp op = new DivOnly();
        check(K::divOnly, op, a.clone(), b.clone(), new int[N]);
        b[1234] = 0;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> K.divOnly((IOp) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", K::divOnly, op, a, b, out), op, a, b, out);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    /**
     * One schedule, the box's object switching between a class that keeps the default method and one that overrides
     * it: a kernel per class, then each reused (with a new final-field value for the first class).
     */
    @Test
    public void switchingClassesBetweenExecutionsOfOneSchedule() {
        float[] x = floats(3008, N);
        float[] out = new float[N];
        FnBox box = new FnBox(new KeepsDefault(3f));
        Consumer<Object[]> jvm = y -> K.viaBox((FnBox) y[0], (float[]) y[1], (float[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("switch").task("t", K::viaBox, box, x, out)) {
            executeAndCompare(s, "KeepsDefault(3)", jvm, box, x, out);
            assertFalse("first compile", s.report().task("t").cached());
            box.fn = new OverridesDefault();
            executeAndCompare(s, "OverridesDefault", jvm, box, x, out);
            assertFalse("a second class compiles a second kernel", s.report().task("t").cached());
            box.fn = new KeepsDefault(-0.5f);
            executeAndCompare(s, "KeepsDefault(-0.5)", jvm, box, x, out);
            assertTrue("the first class's kernel is reused", s.report().task("t").cached());
            box.fn = new OverridesDefault();
            executeAndCompare(s, "OverridesDefault again", jvm, box, x, out);
            assertTrue("the second class's kernel is reused", s.report().task("t").cached());
            assertEquals(4, s.report().task("t").executions());
        }
    }

    /** A private method is never overridden: PA.g's call of f on a PB parameter runs PA.f (JVMS 5.4.6). */
    @Test
    public void privateMethodIsNotOverriddenOnAParameter() {
        check(K::privParam, new PB(), Inputs.ints(3009, N), new int[N]);
        check(K::privParam, new PA(), Inputs.ints(3010, N), new int[N]);
    }

    /** The same on an object made in the loop (scalar replaced): p.g() on a new PB() must call the private PA.f. */
    @Test
    public void privateMethodIsNotOverriddenOnAnObjectMadeInTheLoop() {
        check(K::privLocal, Inputs.ints(3011, N), new int[N]);
    }

    /** A superclass's concrete method wins over an interface's default of the same signature. */
    @Test
    public void superclassMethodWinsOverInterfaceDefault() {
        check(K::superVsDefault, new PC(), floats(3012, N), new float[N]);
    }

    /** The maximally specific default (IB over IA), IA.super and IB.super calls. */
    @Test
    public void subinterfaceDefaultAndInterfaceSuperCalls() {
        for (IA ia : new IA[] {new CAB(), new CX(), new CA()}) {
            check(K::subinterface, ia, Inputs.ints(3013, N), new int[N]);
        }
    }

    /** Overrides four levels deep, a re-abstracted method, super calls that skip the abstract level. */
    @Test
    public void overrideChainWithReabstractionAndSuperCalls() {
        for (L1 l : new L1[] {new L2(), new L4(), new L5()}) {
            check(K::chain, l, Inputs.ints(3014, N), new int[N]);
        }
    }

    /** Same-named fields of different types in two classes, and a field hidden by a subclass (KF.f reads KF.w). */
    @Test
    public void hiddenAndSameNamedFieldsAcrossClasses() {
        float[] x = floats(3015, N);
        float[] out = new float[N];
        FnBox box = new FnBox(new KF());
        Consumer<Object[]> jvm = y -> K.fieldsViaBox((FnBox) y[0], (float[]) y[1], (float[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("fields").task("t", K::fieldsViaBox, box, x, out)) {
            executeAndCompare(s, "KF", jvm, box, x, out);
            box.fn = new KF2();
            executeAndCompare(s, "KF2 (hides w)", jvm, box, x, out);
            box.fn = new KI();
            executeAndCompare(s, "KI (int w)", jvm, box, x, out);
            KF2 k2 = new KF2();
            k2.w = -1f;
            ((KF) k2).w = 4f;
            box.fn = k2;
            executeAndCompare(s, "KF2 with both fields changed", jvm, box, x, out);
        }
    }

    /** A non-final field of the devirtualised receiver changes between executions: read at each execute(). */
    @Test
    public void nonFinalFieldOfReceiverIsReadAtEveryExecute() {
        float[] x = floats(3016, N);
        float[] out = new float[N];
        Counter c = new Counter();
        FnBox box = new FnBox(c);
        Consumer<Object[]> jvm = y -> K.counterViaBox((FnBox) y[0], (float[]) y[1], (float[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("counter").task("t", K::counterViaBox, box, x, out)) {
            for (float k : new float[] {2f, -0.0f, Float.NaN, Float.MAX_VALUE}) {
                c.k = k;
                executeAndCompare(s, "k = " + k, jvm, box, x, out);
            }
            assertEquals(4, s.report().task("t").executions());
        }
    }

    /** A call on an object three fields down: runs right or bails out cleanly. */
    @Test
    public void callOnObjectThreeFieldsDown() {
        deviceOrCleanBailout("o.m.b.fn.f", () -> check(K::deep,
                new Outer3(new Mid3(new FnBox(new KeepsDefault(1.25f)))), floats(3017, N), new float[N]));
    }

    /** Four fields down (past the host's described depth of 3): runs right or bails out cleanly. */
    @Test
    public void callOnObjectFourFieldsDown() {
        deviceOrCleanBailout("o.o.m.b.fn.f", () -> check(K::deeper,
                new Outer4(new Outer3(new Mid3(new FnBox(new KeepsDefault(1.25f))))), floats(3039, N),
                new float[N]));
    }

    /**
     * The maximally specific default method on objects made in the loop (scalar replaced): a new CAB() as an IA
     * must run IB.k (which overrides IA.k), as for a parameter.
     */
    @Test
    public void subinterfaceDefaultOnObjectsMadeInTheLoop() {
        check(K::subinterfaceLocal, JvmOracle.ints(3040, N, -100000, 100000), new int[N]);
    }

    /** An interface call on an array element's object: no class known before launch, so a clean bailout. */
    @Test
    public void interfaceCallOnArrayElementBailsOutCleanly() {
        Fn[] fns = {new KeepsDefault(2f), new OverridesDefault()};
        float[] x = floats(3018, 100);
        float[] out = new float[100];
        float[] expected = out.clone();
        K.elements(fns, x.clone(), expected);
        try (TaskSchedule s = new TaskSchedule("elems").task("t", K::elements, fns, x, out)) {
            s.execute();
            // If it ran, it must be on the device with the JVM's results.
            assertRanOnDevice(s.report(), "t");
            assertSame("out", expected, out);
        } catch (CompilationException e) {
            assertEquals("output untouched after a bailout", 0f, out[0], 0f);
        }
    }

    /** JDK classes behind an abstract class (Number): Integer and Double objects. */
    @Test
    public void jdkObjectsBehindAnAbstractClass() {
        deviceOrCleanBailout("Integer", () -> check(K::numbers, (Number) Integer.valueOf(-7),
                Inputs.doubles(3019, N, -10, 10), new double[N]));
        deviceOrCleanBailout("Double", () -> check(K::numbers, (Number) Double.valueOf(-2.75e9),
                Inputs.doubles(3020, N, -10, 10), new double[N]));
    }

    /**
     * Two call sites with three classes each (nine combinations): each site sees at most three classes. The first
     * eight combinations must run on the device; the ninth runs or is refused naming the bound.
     */
    @Test
    public void twoCallSitesWithThreeClassesEach() {
        IOp[] ops = {new DivRem(), new Shifts(), new Wrap()};
        int[][] p = Inputs.intPairs(3021, 500);
        int count = 0;
        for (IOp a : ops) {
            for (IOp b : ops) {
                count++;
                if (count < 9) {
                    check(K::twoSites, a, b, p[0].clone(), p[1].clone(), new int[500]);
                } else {
                    deviceOrCleanBailout("ninth combination", () -> check(K::twoSites, a, b, p[0].clone(),
                            p[1].clone(), new int[500]));
                }
            }
        }
    }

    // ================================================================ static fields

    /**
     * Static fields of other classes in a devirtualised method: mutable double/long/char fields, an inherited
     * static read through the subclass, a hidden static, an interface's computed constant through an implementing
     * class. Changed between executions of one schedule.
     */
    @Test
    public void staticFieldsOfOtherClassesInADevirtualisedMethod() {
        double[] x = Inputs.doubles(3022, N, -1e3, 1e3);
        double[] out = new double[N];
        DFn f = new KnobFn();
        Consumer<Object[]> jvm = y -> K.knobs((DFn) y[0], (double[]) y[1], (double[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("knobs").task("t", K::knobs, f, x, out)) {
            executeAndCompare(s, "defaults", jvm, f, x, out);
            Knobs.scale = -0.0;
            Knobs.mask = 0x0F0L;
            Knobs.ch = '\uFFFF';
            SupS.base = Integer.MIN_VALUE;
            executeAndCompare(s, "changed", jvm, f, x, out);
            Knobs.scale = Double.NaN;
            SupS.hid = 1e300;
            SubS.hid = -1e300;
            executeAndCompare(s, "NaN scale, hidden statics", jvm, f, x, out);
            assertEquals(3, s.report().task("t").executions());
        }
    }

    // ================================================================ assert

    /** Assertions disabled: an assert with a side effect and one in a helper are skipped, as the JVM does. */
    @Test
    public void assertDisabledSkipsSideEffects() {
        int[] a = Inputs.ints(3023, N);
        check(AssertOff::kernel, a, new int[N]);
    }

    /** An assert in an interface's default method (its flag lives in a synthetic class), assertions disabled. */
    @Test
    public void assertDisabledInDefaultMethod() {
        check(K::assertDefault, (AssertDefault) new AssertDefaultImpl(), JvmOracle.ints(3024, N, -50, 50),
                new int[N]);
    }

    /** Assertions enabled: the method runs where the assert can throw; strict mode refuses, naming the reason. */
    @Test
    public void assertEnabledIsRefusedInStrictMode() {
        int[] odd = {1, 2, 3};
        AssertionError jvm = null;
        try {
            AssertOn.kernel(odd.clone(), new int[3]);
        } catch (AssertionError e) {
            jvm = e;
        }
        assertTrue("the JVM checks assertions of AssertOn", jvm != null);
        expectBailout("assert enabled", () -> new TaskSchedule("ea").task("t", AssertOn::kernel, odd, new int[3]),
                "assertions are enabled");
        expectBailout("assert enabled in devirtualised callee", () -> new TaskSchedule("ea2")
                .task("t", K::assertOnCallee, (Fn) new AssertOnFn(), new float[4], new float[4]),
                "assertions are enabled");
    }

    // ================================================================ private arrays

    /** Private arrays of every type zeroed at every iteration (+0.0, '\0', false), lengths constant expressions. */
    @Test
    public void privateArraysOfEveryTypeAreZeroedEachIteration() {
        for (int n : new int[] {1, 7, 1000, 100_003}) {
            int[] a = Inputs.ints(3025, n);
            check(K::privZero, a, new int[n], new long[n], new double[2 * n], new float[n]);
        }
    }

    /** Private arrays inside a devirtualised method, one made (and returned) by an inlined helper. */
    @Test
    public void privateArraysInDevirtualisedMethodAndHelpers() {
        check(K::hist, new Bins(), Inputs.ints(3026, N), new int[N]);
    }

    /** Index out of range of a private double[9] inside a devirtualised method: the JVM's exception. */
    @Test
    public void privateArrayIndexOutOfRangeInDevirtualisedMethod() {
        Hist h = new Slots();
        check(K::hist, h, JvmOracle.ints(3027, N, 0, 9), new int[N]);
        for (int bad : new int[] {9, -1, Integer.MIN_VALUE}) {
            int[] a = JvmOracle.ints(3028, N, 0, 9);
            a[777] = bad;
            int[] out = Inputs.ints(3029, N);
            Throwable e = checkThrows(x -> K.hist((Hist) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", K::hist, h, a, out), h, a, out);
            assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
            assertEquals("Index " + bad + " out of bounds for length 9", e.getMessage());
        }
    }

    /** A 2-D private array and clone() of a private array: right or a clean bailout. */
    @Test
    public void twoDimensionalAndClonedPrivateArrays() {
        deviceOrCleanBailout("new int[3][3]", () -> check(K::twoDim, Inputs.ints(3030, N), new int[N]));
        deviceOrCleanBailout("private array clone()", () -> check(K::cloned, Inputs.ints(3031, N), new int[N]));
    }

    // ================================================================ scalar replacement

    /** A superclass constructor calls a method the subclass overrides: it runs before k = 10 (JLS 12.5). */
    @Test
    public void constructorCallsOverriddenMethodBeforeFieldInitialisers() {
        check(K::ctorDispatch, Inputs.ints(3032, N), new int[N]);
    }

    /** Field initialisers, superclass fields, narrow fields with compound assignments, -0.0 initialiser. */
    @Test
    public void narrowFieldsInitialisersAndSuperclassFields() {
        check(K::narrowFields, Inputs.ints(3033, N), new long[N], new double[N]);
    }

    /** Records with a compact constructor (-0.0 and NaN pass its x < 0 test) and an explicit accessor. */
    @Test
    public void recordsWithCompactConstructorAndExplicitAccessor() {
        float[][] p = Inputs.floatPairs(3034, N, -10f, 10f);
        check(K::records, p[0], p[1], new float[N]);
    }

    /** Record equals (javac's invokedynamic ObjectMethods): right or a clean bailout. */
    @Test
    public void recordEqualsRunsRightOrBailsOut() {
        float[][] p = Inputs.floatPairs(3035, N, -10f, 10f);
        deviceOrCleanBailout("record equals", () -> check(K::recordEquals, p[0], p[1], new int[N]));
    }

    /** An object made by a devirtualised factory method and used by the caller. */
    @Test
    public void objectReturnedFromDevirtualisedFactory() {
        check(K::factory, new PolarFactory(-1.5f), floats(3036, N), new float[N]);
    }

    /** An object passed to a native method escapes: strict mode must refuse it with a reason. */
    @Test
    public void escapingObjectIsRefused() {
        expectBailout("identityHashCode", () -> new TaskSchedule("escape")
                .task("t", K::identity, new int[10], new int[10]));
    }

    /** Merges with a parameter object and of two allocation sites, reference comparison, instanceof. */
    @Test
    public void mergesComparisonsAndInstanceofRunRightOrBailOut() {
        int[] a = Inputs.ints(3037, N);
        deviceOrCleanBailout("merged with parameter", () -> check(K::mergedWithParameter, new Pt(42), a.clone(),
                new int[N]));
        deviceOrCleanBailout("merged sites", () -> check(K::mergedSites, a.clone(), new int[N]));
        deviceOrCleanBailout("p == q", () -> check(K::referenceCompare, a.clone(), new int[N]));
        deviceOrCleanBailout("instanceof", () -> check(K::instanceOf, a.clone(), new int[N]));
    }

    /** Another object of the same class in a new schedule: the kernel comes from the JVM-wide cache. */
    @Test
    public void sameClassNextTimeReusesTheKernel() {
        float[] x = floats(3038, N);
        check(K::superVsDefault, new PC(), x.clone(), new float[N]);
        try (TaskSchedule s = new TaskSchedule("again").task("t", K::superVsDefault, (IM) new PC(), x.clone(),
                new float[N])) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            assertTrue("another object of the same class reuses the kernel: " + t, t.cached());
        }
    }
}

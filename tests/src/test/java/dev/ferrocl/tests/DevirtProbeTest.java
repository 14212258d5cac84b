package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.After;
import org.junit.Test;

/**
 * Adversarial probes of guarded devirtualisation (issue 14), written from the JLS and the JVMS (§5.4.6 method
 * selection, §5.5 initialisation, §14.10 assert) and run strict against the JVM: objects whose class changes between
 * executions of one schedule, the per-method bound, field paths with hidden fields, one call site reached with
 * several receivers, bridge methods, enum constant bodies, anonymous classes, class loaders, bound method references
 * whose receiver's class is not the referenced method's, static fields of classes not yet initialised, and
 * {@code assert} with side effects. Every device result is compared exactly with the JVM's own run of the same
 * method on clones of the inputs.
 */
public class DevirtProbeTest {
    static {
        // Gradle runs the tests with -ea: every nested class of this one takes its assertion status from this
        // (top-level) class when it is initialised, so they all run with assertions disabled, as the JVM's default.
        DevirtProbeTest.class.getClassLoader().setClassAssertionStatus(DevirtProbeTest.class.getName(), false);
    }

    private static final int N = 1000;

    /** An instance field read by an anonymous class through its synthetic this$0. */
    int bias = 3;

    @After
    public void restoreStatics() {
        Knob.s = 5;
        Knob.f = 1.5f;
    }

    // ================================================================ the classes

    /** An int operation. */
    public interface IntOp {
        int apply(int x);
    }

    /** x + k (final field). */
    public static class Add implements IntOp {
        final int k;

        public Add(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x + k;
        }
    }

    /** A subclass that overrides nothing: another exact class, the same method. */
    public static final class AddSame extends Add {
        public AddSame(int k) {
            super(k);
        }
    }

    /** Overrides Add.apply and calls it with super. */
    public static final class AddTwice extends Add {
        public AddTwice(int k) {
            super(k);
        }

        @Override
        public int apply(int x) {
            return super.apply(x) * 2 + 1;
        }
    }

    /** x * k, wrapping. */
    public static final class Mul implements IntOp {
        final int k;

        public Mul(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x * k;
        }
    }

    /** Division: MIN_VALUE / -1 and a zero divisor. */
    public static final class Div implements IntOp {
        final int d;

        public Div(int d) {
            this.d = d;
        }

        @Override
        public int apply(int x) {
            return x / d + x % d;
        }
    }

    /** Holds an IntOp. */
    public static class Box {
        IntOp op;

        public Box(IntOp op) {
            this.op = op;
        }
    }

    /** Hides Box.op with a field of the same name and type: code compiled against Box still reads Box.op. */
    public static final class HidingBox extends Box {
        IntOp op;

        public HidingBox(IntOp boxOp, IntOp own) {
            super(boxOp);
            this.op = own;
        }
    }

    /** A field of a field: cfg.box.op. */
    public static final class Cfg {
        final Box box;
        final int scale;

        public Cfg(Box box, int scale) {
            this.box = box;
            this.scale = scale;
        }
    }

    /** A decorator: its apply calls apply on another IntOp (possibly of its own class). */
    public static final class Wrap implements IntOp {
        final IntOp inner;

        public Wrap(IntOp inner) {
            this.inner = inner;
        }

        @Override
        public int apply(int x) {
            return inner.apply(x) * 3 + 1;
        }
    }

    /** Two objects of the same interface type, called from one method. */
    public static final class Pair implements IntOp {
        final IntOp l;
        final IntOp r;

        public Pair(IntOp l, IntOp r) {
            this.l = l;
            this.r = r;
        }

        @Override
        public int apply(int x) {
            return l.apply(x) - r.apply(x ^ 0x5A5A);
        }
    }

    /** The bound: nine classes of one abstract class. */
    public abstract static class NBase implements IntOp {
        abstract int c();

        @Override
        public int apply(int x) {
            return x * c() + c();
        }
    }

    /** 1. */
    public static final class N1 extends NBase {
        @Override
        int c() {
            return 1;
        }
    }

    /** 2. */
    public static final class N2 extends NBase {
        @Override
        int c() {
            return 2;
        }
    }

    /** 3. */
    public static final class N3 extends NBase {
        @Override
        int c() {
            return 3;
        }
    }

    /** 4. */
    public static final class N4 extends NBase {
        @Override
        int c() {
            return 4;
        }
    }

    /** 5. */
    public static final class N5 extends NBase {
        @Override
        int c() {
            return 5;
        }
    }

    /** 6. */
    public static final class N6 extends NBase {
        @Override
        int c() {
            return 6;
        }
    }

    /** 7. */
    public static final class N7 extends NBase {
        @Override
        int c() {
            return 7;
        }
    }

    /** 8. */
    public static final class N8 extends NBase {
        @Override
        int c() {
            return 8;
        }
    }

    /** 9. */
    public static final class N9 extends NBase {
        @Override
        int c() {
            return 9;
        }
    }

    /** Default methods calling each other and an abstract one. */
    public interface Seq {
        int step(int x);

        default int twice(int x) {
            return step(step(x));
        }

        default int thrice(int x) {
            return twice(x) + step(x);
        }
    }

    /** Keeps both defaults. */
    public static final class SeqPlain implements Seq {
        @Override
        public int step(int x) {
            return x * 5 + 1;
        }
    }

    /** Overrides twice only: the inherited thrice must call this twice. */
    public static final class SeqTwice implements Seq {
        @Override
        public int step(int x) {
            return x - 3;
        }

        @Override
        public int twice(int x) {
            return x << 3;
        }
    }

    /** Overrides thrice with Seq.super.thrice. */
    public static final class SeqThrice implements Seq {
        @Override
        public int step(int x) {
            return x ^ 0x77;
        }

        @Override
        public int thrice(int x) {
            return Seq.super.thrice(x) * 7;
        }
    }

    /** A final template method calling overridable steps and an abstract hook. */
    public abstract static class Tmpl {
        public final int run(int x) {
            return post(hook(pre(x)));
        }

        int pre(int x) {
            return x + 1;
        }

        abstract int hook(int x);

        int post(int x) {
            return x * 3;
        }
    }

    /** Level 1: the hook. */
    public static class T1 extends Tmpl {
        @Override
        int hook(int x) {
            return x ^ 0x0F0F;
        }
    }

    /** Level 2: overrides pre, calls super.hook from its hook. */
    public static class T2 extends T1 {
        @Override
        int pre(int x) {
            return super.pre(x) * 2;
        }

        @Override
        int hook(int x) {
            return super.hook(x) - 11;
        }
    }

    /** Level 3: overrides post (super.post, super.pre of T2) and the hook again. */
    public static final class T3 extends T2 {
        @Override
        int post(int x) {
            return super.post(x) + super.pre(x);
        }

        @Override
        int hook(int x) {
            return super.hook(x) * 5;
        }
    }

    /** A private interface method called from a default method (invokeinterface of a private method). */
    public interface PIf {
        private int h(int x) {
            return x * 3;
        }

        default int run(int x) {
            return h(x) + 1;
        }
    }

    /** Declares a public h of the same descriptor: it does not override PIf's private h (JVMS 5.4.6). */
    public static final class PImpl implements PIf {
        public int h(int x) {
            return -x - 1000;
        }
    }

    /** An implementation inherited from a superclass that does not implement the interface. */
    public static class HBase {
        public int h(int x) {
            return x - 77;
        }
    }

    /** Declares h abstract and a default calling it. */
    public interface HI {
        int h(int x);

        default int run(int x) {
            return h(x) * 2;
        }
    }

    /** HBase.h implements HI.h. */
    public static final class HC extends HBase implements HI {
    }

    /** Two defaults of the same signature. */
    public interface DI {
        default int m(int x) {
            return x + 100;
        }
    }

    /** The other default. */
    public interface DJ {
        default int m(int x) {
            return x * 100;
        }
    }

    /** Must override m; combines both with I.super. */
    public static final class DIJ implements DI, DJ {
        @Override
        public int m(int x) {
            return DI.super.m(x) - DJ.super.m(x);
        }
    }

    /** Overloads: m(int), m(long), m(float). */
    public static class OvBase {
        public int m(int x) {
            return x + 1;
        }

        public int m(long x) {
            return (int) (x * 3);
        }

        public int m(float x) {
            return (int) x + 9;
        }
    }

    /** Overrides m(long) only, adds m(short): b.m((short) v) on an OvBase still resolves to m(int). */
    public static final class OvSub extends OvBase {
        @Override
        public int m(long x) {
            return (int) (x >>> 7);
        }

        public int m(short x) {
            return 99999;
        }
    }

    /** A record with primitive components implementing the interface. */
    public record Affine(int a, int b) implements IntOp {
        @Override
        public int apply(int x) {
            return a * x + b;
        }
    }

    /** A float function. */
    public interface FOp {
        float f(float x);
    }

    /** x * m + c, no fma contraction. */
    public record FAffine(float m, float c) implements FOp {
        @Override
        public float f(float x) {
            return x * m + c;
        }
    }

    /** x / m - c. */
    public record FDiv(float m, float c) implements FOp {
        @Override
        public float f(float x) {
            return x / m - c;
        }
    }

    /** A generic interface with a primitive method. */
    public interface GOp<T> {
        int apply(int x);
    }

    /** One parameterisation. */
    public static final class GNeg implements GOp<String> {
        @Override
        public int apply(int x) {
            return -x;
        }
    }

    /** Another. */
    public static final class GNot implements GOp<Integer> {
        @Override
        public int apply(int x) {
            return ~x;
        }
    }

    /** A context object. */
    public static final class Ctx {
        final int k;

        public Ctx(int k) {
            this.k = k;
        }
    }

    /** Another class, not a Ctx. */
    public static final class OtherCtx {
        final int k = 1;
    }

    /** A generic parameter: implementations get a bridge method with a checkcast. */
    public interface Combiner<T> {
        int combine(T ctx, int x);
    }

    /** combine(Ctx, int), and the bridge combine(Object, int). */
    public static final class CtxCombiner implements Combiner<Ctx> {
        @Override
        public int combine(Ctx c, int x) {
            return c.k * x + 1;
        }
    }

    /** A cell with a virtual method. */
    public static class Cell {
        final int v;

        public Cell(int v) {
            this.v = v;
        }

        int value(int x) {
            return x + v;
        }
    }

    /** Overrides value. */
    public static final class BigCell extends Cell {
        public BigCell(int v) {
            super(v);
        }

        @Override
        int value(int x) {
            return x * v;
        }
    }

    /** A generic source: implementations get a covariant bridge. */
    public interface Src<T extends Cell> {
        T cell();
    }

    /** cell() returns BigCell; the bridge returns Cell. */
    public static final class BigSrc implements Src<BigCell> {
        final BigCell c;

        public BigSrc(BigCell c) {
            this.c = c;
        }

        @Override
        public BigCell cell() {
            return c;
        }
    }

    /** A bounded generic method signature T map(T): erasure Number, the implementation boxes. */
    public interface Mapper<T extends Number> {
        T map(T x);
    }

    /** Integer negation (boxing). */
    public static final class IntNeg implements Mapper<Integer> {
        @Override
        public Integer map(Integer x) {
            return -x;
        }
    }

    /** Constant-specific class bodies (anonymous subclasses EOp$1, EOp$2) and one constant of EOp itself. */
    public enum EOp implements IntOp {
        PLUS {
            @Override
            public int apply(int x) {
                return x + 7;
            }
        },
        TIMES {
            @Override
            public int apply(int x) {
                return x * 7;
            }
        },
        PLAIN;

        @Override
        public int apply(int x) {
            return x ^ 0x5A;
        }
    }

    /** Mutable static fields of another class. */
    public static final class Knob {
        static int s = 5;
        static float f = 1.5f;

        private Knob() {
        }
    }

    /** Reads Knob.s. */
    public static final class KnobAdd implements IntOp {
        @Override
        public int apply(int x) {
            return x + Knob.s;
        }
    }

    /** Reads Knob.s and Knob.f. */
    public static final class KnobMul implements IntOp {
        @Override
        public int apply(int x) {
            return x * Knob.s + (int) (x * Knob.f);
        }
    }

    /** A static reference field holding an object whose method is called. */
    public static final class Registry {
        static IntOp op = new Mul(13);

        private Registry() {
        }
    }

    /** Calls the object in Registry.op. */
    public static final class ViaRegistry implements IntOp {
        @Override
        public int apply(int x) {
            return Registry.op.apply(x) + 1;
        }
    }

    /** Initialised only when first used (JLS 12.4.1): its static field is not a constant. */
    public static final class Lazy {
        static int k = Integer.parseInt("37") * 3;

        private Lazy() {
        }
    }

    /** Reads Lazy.k: the first use of Lazy. */
    public static final class LazyUser implements IntOp {
        @Override
        public int apply(int x) {
            return x * Lazy.k;
        }
    }

    /** An assert whose condition calls an overridable method that writes into an array. */
    public static class Asserting {
        boolean mark(int[] log, int i) {
            log[i] = 12345;
            return false;
        }

        int apply(int x, int[] log, int i) {
            assert mark(log, i) : "never evaluated with assertions disabled";
            return x * 2;
        }
    }

    /** Overrides the assert's method. */
    public static final class AssertingSub extends Asserting {
        @Override
        boolean mark(int[] log, int i) {
            log[i] = -1;
            throw new IllegalStateException("evaluated");
        }
    }

    /** A kernel class with a private method; bound method references to it go through REF_invokeVirtual. */
    public static class PrivKern {
        private void priv(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] + 1;
            }
        }
    }

    /** Declares its own priv of the same descriptor: it does not override PrivKern.priv (JVMS 5.4.5). */
    public static final class PrivKernSub extends PrivKern {
        @SuppressWarnings("unused")
        void priv(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] - 1_000_000;
            }
        }
    }

    /** A kernel as a default method. */
    public interface KernIf {
        default void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] * 2;
            }
        }
    }

    /** Overrides the kernel default. */
    public interface KernIf2 extends KernIf {
        @Override
        default void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] * 3 + 7;
            }
        }
    }

    /** Inherits KernIf2.run, the maximally specific one. */
    public static final class KernImpl implements KernIf2 {
    }

    /** Loaded a second time, patched, by another class loader (same binary name, other code). */
    public static final class Twin implements IntOp {
        @Override
        public int apply(int x) {
            return x * 0x1234567 + 1;
        }
    }

    // ================================================================ the kernels

    /** The kernels. */
    public static final class K {
        private K() {
        }

        public static void boxSeq(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]);
            }
        }

        public static void boxHidden(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]);
            }
        }

        public static void boxPair(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]);
            }
        }

        public static void boxEnum(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]);
            }
        }

        public static void boxNull(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]);
            }
        }

        public static void boxTwin(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]);
            }
        }

        public static void boxKnob(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]);
            }
        }

        public static void opRec(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opAnon(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opReg(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opLazy(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opTwin(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opWrap(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void boxAgain(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) ^ 1;
            }
        }

        public static void bounded(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]) - 3;
            }
        }

        public static void boundedOther(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]) + 3;
            }
        }

        public static void nullGuarded(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op != null ? b.op.apply(a[i]) : -a[i];
            }
        }

        public static void nullUnreached(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] == Integer.MIN_VALUE ? b.op.apply(a[i]) : a[i] + 1;
            }
        }

        public static void cfg(Cfg c, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = c.box.op.apply(a[i]) * c.scale;
            }
        }

        static int helper(IntOp op, int x) {
            return op.apply(x);
        }

        public static void sharedHelper(IntOp p, IntOp q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = helper(p, a[i]) * 31 + helper(q, a[i]);
            }
        }

        public static void phiFields(Add p, Add q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Add g = (a[i] & 1) == 0 ? p : q;
                out[i] = g.k * 3 + g.apply(i);
            }
        }

        public static void phiTypes(IntOp p, IntOp q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                IntOp g = (a[i] & 3) == 0 ? p : q;
                if (g instanceof Add ad) {
                    out[i] = ad.k - a[i];
                } else {
                    out[i] = g.apply(a[i]) + (g instanceof IntOp ? 1 : 0);
                }
            }
        }

        public static void phiCast(IntOp p, IntOp q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                IntOp g = a[i] == 777 ? q : p;
                out[i] = ((Add) g).k + i;
            }
        }

        public static void phiNull(Add p, Add q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Add g = (a[i] & 1) == 0 ? p : q;
                out[i] = g == null ? -1 : g.k + a[i];
            }
        }

        public static void phiFieldOnly(Add p, Add q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Add g = (a[i] & 1) == 0 ? p : q;
                out[i] = g.k + a[i];
            }
        }

        public static void earlyOnType(IntOp op, int[] a, int[] out) {
            if (!(op instanceof Add)) {
                return;
            }
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void phiBefore(IntOp p, IntOp q, boolean flag, int[] a, int[] out) {
            IntOp g = flag ? p : q;
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = g.apply(a[i]) + g.apply(i);
            }
        }

        public static void phi3(IntOp p, IntOp q, IntOp r, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int v = a[i];
                IntOp g = v % 3 == 0 ? p : (v % 3 == 1 ? q : r);
                out[i] = g.apply(v);
            }
        }

        public static void phi(IntOp p, IntOp q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                IntOp g = (a[i] & 1) == 0 ? p : q;
                out[i] = g.apply(a[i]);
            }
        }

        public static void seq(Seq s, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = s.thrice(a[i]) + s.twice(a[i]) * 3;
            }
        }

        public static void tmpl(Tmpl t, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = t.run(a[i]);
            }
        }

        public static void pif(PIf p, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p.run(a[i]);
            }
        }

        public static void hi(HI h, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = h.run(a[i]) + h.h(a[i]);
            }
        }

        public static void dij(DI d, DJ j, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = d.m(a[i]) * 3 + j.m(a[i]);
            }
        }

        public static void overloads(OvBase b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int v = a[i];
                out[i] = b.m(v) + b.m((long) v) * 31 + b.m((short) v) * 7 + b.m((float) v) * 3 + b.m('c');
            }
        }

        public static void fop(FOp f, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.f(x[i]);
            }
        }

        public static void twoFops(FOp f, FOp g, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.f(x[i]) - g.f(x[i]);
            }
        }

        public static void gop(GOp<String> g, GOp<Integer> h, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = g.apply(a[i]) * 3 + h.apply(a[i]);
            }
        }

        public static void bridged(Combiner<Ctx> c, Ctx ctx, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = c.combine(ctx, a[i]);
            }
        }

        @SuppressWarnings({"rawtypes", "unchecked"})
        public static void bridgedRaw(Combiner c, Object ctx, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = c.combine(ctx, a[i]);
            }
        }

        public static void src(Src<? extends Cell> s, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = s.cell().value(a[i]);
            }
        }

        public static void mapper(Mapper<Integer> m, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = m.map(a[i]);
            }
        }

        public static void assertion(Asserting s, int[] a, int[] log, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = s.apply(a[i], log, i);
            }
        }

        public static void boxPattern(Box box, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                if (box.op instanceof Add ad) {
                    out[i] = a[i] - ad.k;
                } else if (box.op instanceof Mul) {
                    out[i] = ((Mul) box.op).apply(a[i]) + 1;
                } else {
                    out[i] = box.op.apply(a[i]);
                }
            }
        }

        public static void pattern(IntOp op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                if (op instanceof Add ad) {
                    out[i] = a[i] - ad.k;
                } else {
                    out[i] = op.apply(a[i]);
                }
            }
        }
    }

    // ================================================================ helpers

    /** The JVM's run of a schedule's task on clones, then execute() on the originals; every argument compared. */
    private static TaskReport executeAndCompare(TaskSchedule s, String what, Consumer<Object[]> jvm,
            Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.accept(expected);
        s.execute();
        assertRanOnDevice(s.report(), "t");
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1), expected[i], args[i]);
        }
        return s.report().task("t");
    }

    /** The schedule must throw a CompilationException (strict mode) whose message contains every part. */
    private static CompilationException expectBailout(String what, Supplier<TaskSchedule> schedule,
            String... parts) {
        try (TaskSchedule s = schedule.get()) {
            s.execute();
            fail(what + ": expected a CompilationException, but it ran; report:\n" + s.report());
            return null;
        } catch (CompilationException e) {
            for (String part : parts) {
                assertTrue(what + ": the message should mention '" + part + "': " + e.getMessage(),
                        e.getMessage().contains(part));
            }
            return e;
        }
    }

    private static int[] ints(long seed) {
        return Inputs.ints(seed, N);
    }

    // ================================================================ class changes on one schedule

    /**
     * One schedule, the box's object switching class A, B, A, C (a subclass overriding nothing), D (a subclass
     * overriding with super), B: the results follow the class each time; a class seen before reuses its kernel.
     */
    @Test
    public void classSequenceOnOneScheduleFollowsTheClassEachTime() {
        int[] a = JvmOracle.withSpecials(ints(4001), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        int[] out = new int[N];
        Box box = new Box(new Add(11));
        Consumer<Object[]> jvm = y -> K.boxSeq((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("seq").task("t", K::boxSeq, box, a, out)) {
            assertFalse(executeAndCompare(s, "Add(11)", jvm, box, a, out).cached());
            box.op = new Mul(-7);
            assertFalse("a new class: a new kernel", executeAndCompare(s, "Mul(-7)", jvm, box, a, out).cached());
            box.op = new Add(-5);
            assertTrue("Add again: its kernel", executeAndCompare(s, "Add(-5)", jvm, box, a, out).cached());
            box.op = new AddSame(1000);
            executeAndCompare(s, "AddSame(1000)", jvm, box, a, out);
            box.op = new AddTwice(3);
            executeAndCompare(s, "AddTwice(3)", jvm, box, a, out);
            box.op = new Mul(Integer.MIN_VALUE);
            assertTrue("Mul again: its kernel", executeAndCompare(s, "Mul(MIN)", jvm, box, a, out).cached());
            box.op = new Div(-1);
            executeAndCompare(s, "Div(-1)", jvm, box, a, out);
            assertEquals(7, s.report().task("t").executions());
        }
    }

    /**
     * Past the bound across schedules: nine classes of one abstract class at one call site. The first eight run on
     * the device; the ninth is refused cleanly (strict), naming its class; a class seen before still runs on the
     * device; another method is not affected by this method's bound.
     */
    @Test
    public void pastTheBoundAcrossSchedules() {
        NBase[] all = {new N1(), new N2(), new N3(), new N4(), new N5(), new N6(), new N7(), new N8()};
        int[] a = ints(4002);
        for (NBase n : all) {
            check(K::bounded, (IntOp) n, a.clone(), new int[N]);
        }
        expectBailout("ninth class", () -> new TaskSchedule("ninth")
                .task("t", K::bounded, (IntOp) new N9(), a.clone(), new int[N]), "N9");
        check(K::bounded, (IntOp) new N3(), a.clone(), new int[N]);
        check(K::boundedOther, (IntOp) new N9(), a.clone(), new int[N]);
    }

    /**
     * The bound reached through one schedule whose box changes class nine times: the ninth execute() is refused
     * cleanly; the schedule then runs the first class again on the device with the JVM's results.
     */
    @Test
    public void pastTheBoundThroughOneScheduleThenBack() {
        NBase[] all = {new N1(), new N2(), new N3(), new N4(), new N5(), new N6(), new N7(), new N8(), new N9()};
        int[] a = ints(4003);
        int[] out = new int[N];
        Box box = new Box(all[0]);
        Consumer<Object[]> jvm = y -> K.boxAgain((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("bound1").task("t", K::boxAgain, box, a, out)) {
            for (int k = 0; k < 8; k++) {
                box.op = all[k];
                executeAndCompare(s, "class " + (k + 1), jvm, box, a, out);
            }
            box.op = all[8];
            int[] before = out.clone();
            try {
                s.execute();
                // Running is acceptable only with the JVM's results.
                Object[] expected = cloneArgs(box, a, before);
                jvm.accept(expected);
                assertSame("ninth class ran: out", expected[2], out);
            } catch (CompilationException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("N9"));
                assertSame("out untouched by the refused execution", before, out);
            }
            box.op = all[0];
            assertTrue("the first class's kernel is still there",
                    executeAndCompare(s, "class 1 again", jvm, box, a, out).cached());
        }
    }

    // ================================================================ field paths

    /**
     * A hidden field on the path: K.boxHidden reads Box.op (getfield Box.op) of a HidingBox, whose own op (a field of
     * the same name declared in the subclass) holds an object of another class. The JVM calls Box.op's object; the
     * host describes (and guards) the subclass's field, so the kernel is compiled for the other object's class.
     */
    @Test
    public void hiddenReferenceFieldOnThePath() {
        check(K::boxHidden, (Box) new HidingBox(new Add(5), new N1()), ints(4004), new int[N]);
        check(K::boxHidden, (Box) new HidingBox(new N2(), new N3()), ints(4005), new int[N]);
        check(K::boxHidden, (Box) new HidingBox(new Mul(3), new Add(1_000_000)), ints(4005), new int[N]);
        check(K::boxHidden, (Box) new HidingBox(new Mul(3), null), ints(4005), new int[N]);
    }


    /** A field of a field (c.box.op): only the object two fields down changes class between executions. */
    @Test
    public void classChangeTwoFieldsDown() {
        int[] a = ints(4006);
        int[] out = new int[N];
        Box box = new Box(new Add(2));
        Cfg cfg = new Cfg(box, 3);
        Consumer<Object[]> jvm = y -> K.cfg((Cfg) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("cfg").task("t", K::cfg, cfg, a, out)) {
            executeAndCompare(s, "Add(2)", jvm, cfg, a, out);
            box.op = new Mul(5);
            executeAndCompare(s, "Mul(5)", jvm, cfg, a, out);
            box.op = new Add(-2);
            executeAndCompare(s, "Add(-2)", jvm, cfg, a, out);
        }
        // A new Cfg (final fields) with other classes and values, in a new schedule.
        check(K::cfg, new Cfg(new Box(new AddTwice(4)), -1), ints(4007), new int[N]);
    }

    /** Null two fields down: the JVM's NullPointerException (message included) and arrays. */
    @Test
    public void nullObjectInAFieldThrowsTheJvmsException() {
        Box box = new Box(null);
        int[] a = ints(4008);
        int[] out = new int[N];
        NullPointerException jvm = null;
        int[] jvmOut = out.clone();
        try {
            K.boxNull(box, a.clone(), jvmOut);
        } catch (NullPointerException e) {
            jvm = e;
        }
        assertNotNull("the JVM throws", jvm);
        try (TaskSchedule s = new TaskSchedule("nullbox").task("t", K::boxNull, box, a, out)) {
            try {
                s.execute();
                fail("expected the JVM's NullPointerException; report:\n" + s.report());
            } catch (NullPointerException e) {
                assertEquals(jvm.getMessage(), e.getMessage());
            }
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
            assertSame("out", jvmOut, out);
            // The same schedule with an object again runs on the device.
            box.op = new Mul(3);
            executeAndCompare(s, "Mul(3) after null", y -> K.boxNull((Box) y[0], (int[]) y[1], (int[]) y[2]), box, a,
                    out);
        }
    }

    /**
     * A null test on a field's object ({@code b.op != null ? b.op.apply(x) : -x}): with an object and with null,
     * fresh schedules and one schedule whose object changes between executions (the test is decided from the host's
     * description of the object, which guards the kernel). A clean bailout before.
     */
    @Test
    public void nullTestOnAFieldObject() {
        for (IntOp op : new IntOp[] {new Add(1), null, new Mul(3)}) {
            check(K::nullGuarded, new Box(op), ints(4009), new int[N]);
        }
        int[] a = ints(4010);
        int[] out = new int[N];
        Box box = new Box(new Add(2));
        Consumer<Object[]> jvm = y -> K.nullGuarded((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("ng").task("t", K::nullGuarded, box, a, out)) {
            executeAndCompare(s, "Add(2)", jvm, box, a, out);
            box.op = null;
            executeAndCompare(s, "null", jvm, box, a, out);
            box.op = new Mul(5);
            executeAndCompare(s, "Mul(5)", jvm, box, a, out);
        }
    }

    /**
     * A null object whose call is behind a branch no element takes: the JVM returns normally, and so must the
     * schedule, with the JVM's arrays (the host sends a null object to the JVM, README).
     */
    @Test
    public void nullObjectWhoseCallIsNotReached() {
        Box box = new Box(null);
        int[] a = Inputs.ints(4009, N);
        for (int i = 0; i < N; i++) {
            if (a[i] == Integer.MIN_VALUE) {
                a[i] = 0;
            }
        }
        int[] out = new int[N];
        int[] expected = out.clone();
        K.nullUnreached(box, a.clone(), expected);
        try (TaskSchedule s = new TaskSchedule("nu").task("t", K::nullUnreached, box, a, out)) {
            s.execute();
            assertSame("out (ran on " + s.report().task("t").ranOn() + ")", expected, out);
        }
        // With an object, on the device.
        check(K::nullUnreached, new Box(new Mul(3)), JvmOracle.withSpecials(Inputs.ints(4039, N),
                Integer.MIN_VALUE), new int[N]);
    }


    // ================================================================ one call site, several receivers

    /**
     * One bytecode call site (in a static helper) reached with two receivers of different classes: each inlined
     * copy must call its own receiver's method.
     */
    @Test
    public void oneCallSiteInASharedHelperWithTwoClasses() {
        int[] a = ints(4010);
        check(K::sharedHelper, (IntOp) new Add(5), (IntOp) new Mul(-3), a.clone(), new int[N]);
        check(K::sharedHelper, (IntOp) new Mul(-3), (IntOp) new Add(5), a.clone(), new int[N]);
        check(K::sharedHelper, (IntOp) new Add(5), (IntOp) new Add(6), a.clone(), new int[N]);
    }

    /** One method (Pair.apply) whose two call sites are on fields holding different classes, then swapped. */
    @Test
    public void twoFieldsOfOneObjectWithDifferentClasses() {
        int[] a = ints(4011);
        int[] out = new int[N];
        Box box = new Box(new Pair(new Add(1), new Mul(7)));
        Consumer<Object[]> jvm = y -> K.boxPair((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("pair").task("t", K::boxPair, box, a, out)) {
            executeAndCompare(s, "Pair(Add, Mul)", jvm, box, a, out);
            box.op = new Pair(new Mul(7), new Add(1));
            executeAndCompare(s, "Pair(Mul, Add)", jvm, box, a, out);
            box.op = new Pair(new Add(1), new Add(2));
            executeAndCompare(s, "Pair(Add, Add)", jvm, box, a, out);
        }
    }

    /**
     * A decorator of a decorator (Wrap(Wrap(Mul))): the one bytecode call site inner.apply is reached for a Wrap and
     * then for a Mul, bounded by the data, not recursion in Java's sense (once a clean bailout, "recursive call").
     * Three levels run too; past the depth the host describes objects to, it is a clean bailout.
     */
    @Test
    public void decoratorOfADecorator() {
        check(K::opWrap, (IntOp) new Wrap(new Add(4)), ints(4012), new int[N]);
        check(K::opWrap, (IntOp) new Wrap(new Wrap(new Mul(5))), ints(4013), new int[N]);
        check(K::opWrap, (IntOp) new Wrap(new Wrap(new Wrap(new Add(-9)))), ints(4015), new int[N]);
        expectBailout("Wrap(Wrap(Wrap(Wrap(Wrap(Mul)))))", () -> new TaskSchedule("wrap5").task("t", K::opWrap,
                (IntOp) new Wrap(new Wrap(new Wrap(new Wrap(new Wrap(new Mul(2)))))), ints(4016), new int[N]));
    }


    /**
     * An early return on a type test: for a Mul the loop is folded away and nothing runs (as in Java); for an Add the
     * loop runs.
     */
    /**
     * Fields and type tests of a variable holding one of two parameter objects: each object's field, chosen as the
     * object is; {@code instanceof} decided per object (a phi when they differ, a constant when they agree).
     */
    @Test
    public void fieldsAndTypeTestsOfAVariableHoldingOneOfTwoObjects() {
        check(K::phiFields, new Add(3), new Add(-11), ints(4020), new int[N]);
        check(K::phiTypes, (IntOp) new Add(3), (IntOp) new Mul(7), ints(4021), new int[N]);
        check(K::phiTypes, (IntOp) new Mul(2), (IntOp) new Add(9), ints(4021), new int[N]);
        check(K::phiTypes, (IntOp) new Add(4), (IntOp) new Add(6), ints(4022), new int[N]);
        check(K::phiTypes, (IntOp) new Mul(4), (IntOp) new Div(-3), ints(4022), new int[N]);
        // Null tests: one object null, both, neither.
        check(K::phiNull, new Add(3), null, ints(4024), new int[N]);
        check(K::phiNull, null, new Add(-8), ints(4024), new int[N]);
        check(K::phiNull, null, null, ints(4024), new int[N]);
        check(K::phiNull, new Add(1), new Add(2), ints(4024), new int[N]);
        // A field read of the chosen object with no null test: the JVM's NullPointerException where it is null.
        int[] b = ints(4025);
        int[] out2 = new int[N];
        Throwable npe = MoreChecks.checkThrows(
                x -> K.phiFieldOnly((Add) x[0], (Add) x[1], (int[]) x[2], (int[]) x[3]),
                sch -> sch.task("t", K::phiFieldOnly, new Add(3), null, b, out2), new Add(3), null, b, out2);
        assertTrue(npe.toString(), npe instanceof NullPointerException);
        // A cast that fails only where an element chooses the other object: the JVM's ClassCastException there.
        int[] a = ints(4023);
        for (int i = 0; i < N; i++) {
            if (a[i] == 777) {
                a[i] = 776;
            }
        }
        check(K::phiCast, (IntOp) new Add(3), (IntOp) new Mul(7), a, new int[N]);
        a[600] = 777;
        int[] out = new int[N];
        Throwable e = MoreChecks.checkThrows(x -> K.phiCast((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                sch -> sch.task("t", K::phiCast, (IntOp) new Add(3), (IntOp) new Mul(7), a, out), new Add(3),
                new Mul(7), a, out);
        assertTrue(e.toString(), e instanceof ClassCastException);
    }

    @Test
    public void earlyReturnOnATypeTest() {
        check(K::earlyOnType, (IntOp) new Add(5), ints(4019), new int[N]);
        check(K::earlyOnType, (IntOp) new Mul(5), ints(4019), new int[N]);
    }

    /**
     * A phi of two parameter objects at one call site ({@code (a[i] & 1) == 0 ? p : q}), of one class and of two: a
     * branch on which object the variable holds, each call devirtualised for its object's class (it was a clean
     * bailout). Also before the loop ({@code flag ? p : q}), and three objects through nested choices.
     */
    @Test
    public void oneCallSiteOnAPhiOfTwoObjects() {
        check(K::phi, (IntOp) new Add(3), (IntOp) new Add(8), ints(4014), new int[N]);
        check(K::phi, (IntOp) new Add(3), (IntOp) new Mul(8), ints(4014), new int[N]);
        check(K::phi, (IntOp) new Div(-1), (IntOp) new Mul(Integer.MIN_VALUE), ints(4015), new int[N]);
        for (boolean flag : new boolean[] {false, true}) {
            check(K::phiBefore, (IntOp) new Mul(5), (IntOp) new Add(-2), flag, ints(4016), new int[N]);
        }
        check(K::phi3, (IntOp) new Add(1), (IntOp) new Mul(7), (IntOp) new AddTwice(-4), ints(4017), new int[N]);
        // A divisor of 0 in one object: the JVM's ArithmeticException where an element picks it.
        int[] a = ints(4018);
        int[] out = new int[N];
        Throwable e = MoreChecks.checkThrows(x -> K.phi((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                sch -> sch.task("t", K::phi, (IntOp) new Add(1), (IntOp) new Div(0), a, out), new Add(1), new Div(0),
                a, out);
        assertTrue(e.toString(), e instanceof ArithmeticException);
    }


    // ================================================================ selection

    /** Defaults calling defaults and an abstract method; one implementor overrides twice, another thrice. */
    @Test
    public void defaultsCallingDefaultsWithPartialOverrides() {
        for (Seq s : new Seq[] {new SeqPlain(), new SeqTwice(), new SeqThrice()}) {
            check(K::seq, s, ints(4015), new int[N]);
        }
    }

    /** A final template method, three levels of overrides with super calls into two different levels. */
    @Test
    public void templateMethodThreeLevelsDeep() {
        for (Tmpl t : new Tmpl[] {new T1(), new T2(), new T3()}) {
            check(K::tmpl, t, ints(4016), new int[N]);
        }
    }

    /** A private interface method called from a default: an implementor's public h of the same name is not it. */
    @Test
    public void privateInterfaceMethodIsNotOverridden() {
        check(K::pif, (PIf) new PImpl(), ints(4017), new int[N]);
    }

    /** An interface method implemented by a superclass that does not implement the interface. */
    @Test
    public void interfaceMethodImplementedByAnUnrelatedSuperclass() {
        check(K::hi, (HI) new HC(), ints(4018), new int[N]);
    }

    /** Two defaults of one signature, the class resolving them with DI.super and DJ.super; two call sites. */
    @Test
    public void conflictingDefaultsResolvedExplicitly() {
        DIJ d = new DIJ();
        check(K::dij, (DI) d, (DJ) d, ints(4019), new int[N]);
    }

    /** Overloads by parameter type across a hierarchy: only m(long) is overridden; m(short) is a new method. */
    @Test
    public void overloadsAreSelectedByDescriptor() {
        check(K::overloads, new OvBase(), ints(4020), new int[N]);
        check(K::overloads, (OvBase) new OvSub(), ints(4020), new int[N]);
    }

    /** Records with primitive components implementing an interface, float IEEE with no contraction, two sites. */
    @Test
    public void recordsImplementingAnInterface() {
        check(K::opRec, (IntOp) new Affine(-3, Integer.MAX_VALUE), ints(4021), new int[N]);
        float[] x = Inputs.withFloatSpecials(Inputs.plainFloats(4022, N, -1e4f, 1e4f));
        check(K::fop, (FOp) new FAffine(1.0000001f, -3.3f), x.clone(), new float[N]);
        check(K::fop, (FOp) new FDiv(-0.0f, 0.1f), x.clone(), new float[N]);
        check(K::twoFops, (FOp) new FAffine(3f, 0.1f), (FOp) new FDiv(3f, -0.1f), x.clone(), new float[N]);
        // Records of one class, other components: a new record is read, not the first one's constants.
        float[] out = new float[N];
        Object[] box = {new FAffine(2f, 1f)};
        try (TaskSchedule s = new TaskSchedule("rec").task("t", K::fop, (FOp) box[0], x, out)) {
            executeAndCompare(s, "FAffine(2, 1)", y -> K.fop((FOp) y[0], (float[]) y[1], (float[]) y[2]),
                    box[0], x, out);
        }
    }

    /** A generic interface with a primitive method, two parameterisations at two sites. */
    @Test
    public void genericInterfaceWithPrimitiveMethod() {
        check(K::gop, (GOp<String>) new GNeg(), (GOp<Integer>) new GNot(), ints(4023), new int[N]);
    }

    /**
     * A bridge method with a checkcast (Combiner&lt;Ctx&gt;.combine(Object, int) casting to Ctx, then combine(Ctx,
     * int)): the generic-interface form of a devirtualised call. The cast's operand is a parameter whose exact class
     * the host knows, so the cast is decided while compiling (guarded on that class).
     */
    @Test
    public void bridgeMethodWithCheckcast() {
        check(K::bridged, (Combiner<Ctx>) new CtxCombiner(), new Ctx(-7), ints(4024), new int[N]);
    }


    /**
     * The bridge's checkcast fails (raw types, another class of context): the JVM throws ClassCastException; in
     * strict mode a clean bailout, never a result.
     */
    @Test
    public void bridgeMethodCheckcastFailureIsACleanBailout() {
        int[] a = ints(4025);
        int[] out = new int[N];
        @SuppressWarnings("rawtypes")
        Combiner c = new CtxCombiner();
        Object ctx = new OtherCtx();
        try {
            K.bridgedRaw(c, ctx, a.clone(), new int[N]);
            fail("the JVM throws ClassCastException (test is wrong)");
        } catch (ClassCastException expected) {
            // the JVM's behaviour
        }
        expectBailout("failing bridge cast", () -> new TaskSchedule("cce").task("t", K::bridgedRaw, c, ctx, a, out),
                "ClassCastException");
        assertSame("out untouched", new int[N], out);
    }


    /** A covariant bridge (Src&lt;BigCell&gt;.cell()): a call on the object the devirtualised method returns. */
    @Test
    public void callOnTheObjectACovariantBridgeReturns() {
        check(K::src, (Src<? extends Cell>) new BigSrc(new BigCell(-6)), ints(4026), new int[N]);
    }

    /**
     * T map(T) with T extends Number (boxing through Integer.valueOf, whose cache is an array of objects): a clean
     * bailout when written; boxes are objects made in the kernel now, so it runs and matches the JVM.
     */
    @Test
    public void boundedGenericWithBoxing() {
        check(K::mapper, (Mapper<Integer>) new IntNeg(), ints(4027), new int[N]);
    }


    /** Enum constants with class bodies (EOp$1, EOp$2) and without (EOp), switching on one schedule. */
    @Test
    public void enumConstantBodiesSwitchedOnOneSchedule() {
        int[] a = ints(4028);
        int[] out = new int[N];
        Box box = new Box(EOp.PLUS);
        Consumer<Object[]> jvm = y -> K.boxEnum((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("enum").task("t", K::boxEnum, box, a, out)) {
            for (EOp e : new EOp[] {EOp.PLUS, EOp.TIMES, EOp.PLAIN, EOp.PLUS}) {
                box.op = e;
                executeAndCompare(s, e.name(), jvm, box, a, out);
            }
        }
    }

    /** An anonymous class capturing a local (val$k) and this (this$0.bias). */
    @Test
    public void anonymousClassCapturingALocalAndThis() {
        int k = 7;
        IntOp anon = new IntOp() {
            @Override
            public int apply(int x) {
                return x * k + bias;
            }
        };
        check(K::opAnon, anon, ints(4029), new int[N]);
    }

    /** A lambda two fields down (cfg.box.op): a clean bailout naming the hidden class. */
    @Test
    public void lambdaTwoFieldsDownIsDevirtualised() {
        IntOp lambda = x -> x + 1;
        check(K::cfg, new Cfg(new Box(lambda), 2), ints(4036), new int[N]);
    }

    /**
     * instanceof with a pattern on a parameter whose exact class the host knows: decided while compiling, the kernel
     * guarded on the class (a matching and a non-matching class on one schedule, each against the JVM).
     */
    @Test
    public void instanceofPatternOnTheParameter() {
        int[] a = ints(4030);
        check(K::pattern, (IntOp) new Add(9), a, new int[N]);
        check(K::pattern, (IntOp) new Mul(9), a, new int[N]);
        // One schedule, the boxed object's class changing: the decided test follows it (a class seen before reuses
        // its kernel).
        int[] out = new int[N];
        Box box = new Box(new Add(4));
        Consumer<Object[]> jvm = y -> K.boxPattern((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("inst").task("t", K::boxPattern, box, a, out)) {
            assertFalse(executeAndCompare(s, "Add(4)", jvm, box, a, out).cached());
            box.op = new Mul(5);
            assertFalse("a new class: a new kernel", executeAndCompare(s, "Mul(5)", jvm, box, a, out).cached());
            box.op = new Add(6);
            assertTrue("Add again: its kernel", executeAndCompare(s, "Add(6)", jvm, box, a, out).cached());
        }
    }


    // ================================================================ bound method references

    /**
     * A bound reference to a private method (javac: REF_invokeVirtual of PrivKern.priv) whose receiver is a
     * PrivKernSub declaring its own priv: the JVM runs PrivKern.priv (a private method is never overridden).
     */
    @Test
    public void boundReferenceToAPrivateMethodOfASubclassObject() {
        PrivKern k = new PrivKernSub();
        check(k::priv, ints(4031), new int[N]);
    }

    /** A bound reference to an interface default whose receiver inherits a more specific default (KernIf2.run). */
    @Test
    public void boundReferenceToADefaultOverriddenInASubinterface() {
        KernIf k = new KernImpl();
        check(k::run, ints(4032), new int[N]);
    }

    // ================================================================ static fields, initialisation, assert

    /** Static fields of another class changed between executions while the object's class changes too. */
    @Test
    public void staticFieldsAndClassChangeTogether() {
        int[] a = ints(4033);
        int[] out = new int[N];
        Box box = new Box(new KnobAdd());
        Consumer<Object[]> jvm = y -> K.boxKnob((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("knob").task("t", K::boxKnob, box, a, out)) {
            executeAndCompare(s, "KnobAdd, s=5", jvm, box, a, out);
            Knob.s = -123;
            executeAndCompare(s, "KnobAdd, s=-123", jvm, box, a, out);
            box.op = new KnobMul();
            Knob.f = -0.0f;
            executeAndCompare(s, "KnobMul, s=-123, f=-0", jvm, box, a, out);
            Knob.s = Integer.MIN_VALUE;
            Knob.f = Float.NaN;
            executeAndCompare(s, "KnobMul, s=MIN, f=NaN", jvm, box, a, out);
            box.op = new KnobAdd();
            executeAndCompare(s, "KnobAdd, s=MIN", jvm, box, a, out);
        }
    }

    /**
     * A static reference field of another class holding the object called (Registry.op.apply(x)). Finding: a clean
     * bailout (the kernel may read the fields of an object in a static field, but calls on it are not
     * devirtualised: "an object that is not `this`, a parameter, or a field of them").
     */
    @Test
    public void callOnAnObjectInAStaticFieldIsDevirtualisedOnceItsClassIsInitialised() {
        // Registry's initialiser allocates: the host does not run it early. The first execution that reads
        // Registry.op runs on the JVM (which initialises Registry); the next is compiled for Registry.op's class.
        int[] a = ints(4034);
        int[] out = new int[N];
        IntOp op = new ViaRegistry();
        int[] expected = new int[N];
        int[] original = a.clone();
        try (TaskSchedule s = new TaskSchedule("reg").task("t", K::opReg, op, a, out)) {
            s.execute();
            K.opReg(op, original, expected);
            assertSame("first execution", expected, out);
            java.util.Arrays.fill(out, 0);
            Consumer<Object[]> jvm = y -> K.opReg((IntOp) y[0], (int[]) y[1], (int[]) y[2]);
            executeAndCompare(s, "Registry.op", jvm, op, a, out);
        }
    }


    /**
     * A static field of a class not yet initialised, read in the devirtualised method: the device runs first, so
     * the value must be the one the class's initialiser gives (JLS 12.4.1), not the field's default 0.
     */
    @Test
    public void staticFieldOfAClassNotYetInitialised() {
        int[] a = ints(4035);
        int[] out = new int[N];
        int[] original = a.clone();
        IntOp op = new LazyUser();
        try (TaskSchedule s = new TaskSchedule("lazy").task("t", K::opLazy, op, a, out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        int[] expected = new int[N];
        K.opLazy(op, original, expected);
        assertSame("out", expected, out);
    }

    /**
     * An assert whose condition calls an overridable method that writes an array (and, in the subclass, throws):
     * with assertions disabled the condition is never evaluated (JLS 14.10).
     */
    @Test
    public void assertConditionWithSideEffectsIsNotEvaluated() {
        // Assertions are disabled for these classes (the static initialiser): the JVM skips the throwing mark.
        assertEquals(2, new AssertingSub().apply(1, new int[1], 0));
        for (Asserting s : new Asserting[] {new Asserting(), new AssertingSub()}) {
            check(K::assertion, s, ints(4036), new int[N], new int[N]);
        }
    }

    // ================================================================ class loaders

    /**
     * Two classes of the same binary name, defined by different loaders with different code (the second a patch of
     * the first's constant). The compiler knows classes by name, so it cannot compile for the other loader's Twin
     * while the task's loader has its own: such a task runs on the JVM (strict mode: a CompilationException naming
     * the clash), never with the wrong class's code. It once ran the task loader's Twin for the other loader's object
     * (a wrong result). The test loader's Twin alone still runs on the device.
     */
    @Test
    public void sameNameFromAnotherClassLoaderIsNeverConfused() throws Exception {
        IntOp other = (IntOp) twinFromAnotherLoader(0x0ABCDEF).getDeclaredConstructor().newInstance();
        try (TaskSchedule s = new TaskSchedule("twin-alone").task("t", K::opTwin, other, ints(4038), new int[N])) {
            s.execute();
            fail("expected a CompilationException for the other loader's Twin, report:\n" + s.report());
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("another class loader"));
        }
        IntOp original = new Twin();
        IntOp patched = (IntOp) twinFromAnotherLoader(0x7654321).getDeclaredConstructor().newInstance();
        assertEquals(Twin.class.getName(), patched.getClass().getName());
        assertTrue("the patch changed the code", original.apply(1) != patched.apply(1));
        int[] a = ints(4037);
        int[] out = new int[N];
        Box box = new Box(original);
        Consumer<Object[]> jvm = y -> K.boxTwin((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("twin").task("t", K::boxTwin, box, a, out)) {
            executeAndCompare(s, "the test loader's Twin", jvm, box, a, out);
            box.op = patched;
            try {
                s.execute();
                fail("expected a CompilationException for the other loader's Twin, report:\n" + s.report());
            } catch (CompilationException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("another class loader"));
            }
        }
    }

    /** Twin's class file with its int constant 0x1234567 replaced, defined by a child-first loader for Twin only. */
    private static Class<?> twinFromAnotherLoader(int constant) throws IOException, ClassNotFoundException {
        String name = Twin.class.getName();
        String resource = name.replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = DevirtProbeTest.class.getClassLoader().getResourceAsStream(resource)) {
            bytes = in.readAllBytes();
        }
        int found = 0;
        for (int i = 0; i + 4 < bytes.length; i++) {
            if (bytes[i] == 3 && bytes[i + 1] == 0x01 && bytes[i + 2] == 0x23 && bytes[i + 3] == 0x45
                    && bytes[i + 4] == 0x67) {
                bytes[i + 1] = (byte) (constant >>> 24);
                bytes[i + 2] = (byte) (constant >>> 16);
                bytes[i + 3] = (byte) (constant >>> 8);
                bytes[i + 4] = (byte) constant;
                found++;
            }
        }
        assertEquals("Twin's constant pool holds the constant once", 1, found);
        byte[] patched = bytes;
        ClassLoader child = new ClassLoader(DevirtProbeTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                if (n.equals(name)) {
                    synchronized (getClassLoadingLock(n)) {
                        Class<?> c = findLoadedClass(n);
                        if (c == null) {
                            c = defineClass(n, patched, 0, patched.length);
                        }
                        return c;
                    }
                }
                return super.loadClass(n, resolve);
            }

            @Override
            public InputStream getResourceAsStream(String n) {
                return n.equals(resource) ? new ByteArrayInputStream(patched) : super.getResourceAsStream(n);
            }
        };
        return child.loadClass(name);
    }

}

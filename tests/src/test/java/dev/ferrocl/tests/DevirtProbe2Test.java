package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * A second set of adversarial probes of guarded devirtualisation and type checks (issue 14), written from the JLS
 * (§8.4.8 inheritance and overriding, §15.12 method invocation: overloads chosen by widening, §15.23/§15.25
 * conditional evaluation, §12.4.1 initialisation, §8.10 records, §15.20.2 instanceof, §15.16 casts, §15.21.3
 * reference equality) and the JVMS (§5.4.6 method selection, invokespecial's super resolution), each run strict
 * against the JVM. They do not repeat {@link DevirtProbeTest}'s cases: here devirtualised calls sit inside inner
 * sequential loops, 2-D and 3-D nests, {@code @Reduce} kernels and {@code IntStream} lambdas; callees take and
 * return every primitive type, allocate private arrays, throw, divide, write past an array's end; {@code super}
 * bodies dispatch virtually again; objects made in the kernel travel through devirtualised calls; receivers'
 * fields change class between executions of one schedule (reflection included); and forms that may be unsupported
 * (lambdas, object arrays, instanceof and casts, reference comparison, conditional receivers, varargs,
 * {@code Object.hashCode}) must either match the JVM or fail with a clean {@link CompilationException}. Static
 * fields of classes not yet initialised whose initialisers have side effects or throw (JLS 12.4.1, 12.4.2) are read
 * on the device first, against an identical pair of fresh classes on the JVM.
 *
 * <p>Every device result is compared exactly with the JVM's own run of the same method on clones of the inputs;
 * where the JVM throws, the schedule must throw the same class with the same message and leave the arrays as the
 * JVM left them. A probe that accepts a clean bailout records its message (printed after the class).
 */
public class DevirtProbe2Test {
    private static final int N = 1000;

    /** Bailout messages seen by the probes that accept one (printed at the end, for the report). */
    private static final List<String> BAILOUTS = new ArrayList<>();

    @After
    public void restoreStatics() {
        Dials.c = 'A';
        Dials.on = true;
        Dials.sh = -7;
        Dials.by = 3;
        Dials.lv = 1L << 40;
        Dials.dv = -0.0;
    }

    @AfterClass
    public static void printBailouts() {
        synchronized (BAILOUTS) {
            for (String b : BAILOUTS) {
                System.out.println("BAILOUT " + b);
            }
        }
    }

    // ================================================================ the classes

    /** An int operation. */
    public interface Op {
        int apply(int x);
    }

    /** x + k. */
    public static final class Plus implements Op {
        final int k;

        public Plus(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x + k;
        }
    }

    /** x * k. */
    public static final class Times implements Op {
        final int k;

        public Times(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x * k;
        }
    }

    /** (x ^ k) - (x >>> 3). */
    public static final class Xor implements Op {
        final int k;

        public Xor(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return (x ^ k) - (x >>> 3);
        }
    }

    /** Division and remainder by a final field (zero in one object). */
    public static final class Div implements Op {
        final int d;

        public Div(int d) {
            this.d = d;
        }

        @Override
        public int apply(int x) {
            return x / d - x % d;
        }
    }

    /** Long division by a final field. */
    public static final class LDiv implements Op {
        final long d;

        public LDiv(long d) {
            this.d = d;
        }

        @Override
        public int apply(int x) {
            return (int) ((x * 0x1_0000_0001L) / d) ^ (int) ((long) x % d);
        }
    }

    /** Throws for negative inputs and inputs over a bound. */
    public static final class Checked implements Op {
        final int lim;

        public Checked(int lim) {
            this.lim = lim;
        }

        @Override
        public int apply(int x) {
            if (x < 0) {
                throw new IllegalArgumentException("neg " + x);
            }
            if (x > lim) {
                throw new IllegalStateException("over " + lim);
            }
            return x * 2 + 1;
        }
    }

    /** A forwarder whose inner object may be null (a null two fields down, inside the callee). */
    public static final class Fwd implements Op {
        Op inner;

        public Fwd(Op inner) {
            this.inner = inner;
        }

        @Override
        public int apply(int x) {
            return inner.apply(x) + 1;
        }
    }

    /** Holds an Op in a non-final field. */
    public static final class Box {
        Op op;

        public Box(Op op) {
            this.op = op;
        }
    }

    /** An inner loop's step and trip count, both devirtualised. */
    public interface Stepper {
        int step(int acc, int v);

        int trips(int i);
    }

    /** Mixing step, trips from the index. */
    public static final class MixStepper implements Stepper {
        final int m;

        public MixStepper(int m) {
            this.m = m;
        }

        @Override
        public int step(int acc, int v) {
            return acc * 31 + (v ^ m);
        }

        @Override
        public int trips(int i) {
            return i % 7;
        }
    }

    /** Max step, constant trips. */
    public static final class MaxStepper implements Stepper {
        @Override
        public int step(int acc, int v) {
            return Math.max(acc, v) - 1;
        }

        @Override
        public int trips(int i) {
            return 5;
        }
    }

    /** A 3-D function. */
    public interface Grid {
        int at(int x, int y, int z);
    }

    /** Linear in x, y, z. */
    public static final class LinGrid implements Grid {
        final int sx;
        final int sy;

        public LinGrid(int sx, int sy) {
            this.sx = sx;
            this.sy = sy;
        }

        @Override
        public int at(int x, int y, int z) {
            return x * sx + y * sy - z;
        }
    }

    /** A template over a 2-D cell. */
    public abstract static class CellGrid implements Grid {
        abstract int cell(int x, int y);

        int bias() {
            return 17;
        }

        @Override
        public int at(int x, int y, int z) {
            return cell(x, y) * (z + 1) + bias();
        }
    }

    /** cell = x ^ y, bias overridden. */
    public static final class XorGrid extends CellGrid {
        @Override
        int cell(int x, int y) {
            return x ^ (y << 2);
        }

        @Override
        int bias() {
            return super.bias() * -3;
        }
    }

    /** Holds a Grid. */
    public static final class GridHolder {
        Grid g;

        public GridHolder(Grid g) {
            this.g = g;
        }
    }

    /** A long function. */
    public interface LOp {
        long f(long x);
    }

    /** x * m + c, wrapping. */
    public static final class LAffine implements LOp {
        final long m;
        final long c;

        public LAffine(long m, long c) {
            this.m = m;
            this.c = c;
        }

        @Override
        public long f(long x) {
            return x * m + c;
        }
    }

    /** (x >> s) ^ c. */
    public static final class LShift implements LOp {
        final int s;
        final long c;

        public LShift(int s, long c) {
            this.s = s;
            this.c = c;
        }

        @Override
        public long f(long x) {
            return (x >> s) ^ c;
        }
    }

    /** Arguments and returns of every primitive type. */
    public interface Wide {
        long l(long x, int s);

        double d(double x, float f);

        float f(float x, double d);

        short s(short x);

        byte b(byte x);

        char c(char x);

        boolean z(boolean b, int x);
    }

    /** One implementation, fields of every primitive type. */
    public static final class WideA implements Wide {
        final long lk;
        final double dk;
        final float fk;
        final short sk;
        final byte bk;
        final char ck;
        final boolean zk;

        public WideA(long lk, double dk, float fk, short sk, byte bk, char ck, boolean zk) {
            this.lk = lk;
            this.dk = dk;
            this.fk = fk;
            this.sk = sk;
            this.bk = bk;
            this.ck = ck;
            this.zk = zk;
        }

        @Override
        public long l(long x, int s) {
            return (x << s) + lk * s - (x >>> (s & 63));
        }

        @Override
        public double d(double x, float f) {
            return x * dk + f / 3.0;
        }

        @Override
        public float f(float x, double d) {
            return (float) (x + d) - fk;
        }

        @Override
        public short s(short x) {
            return (short) (x * 3 + sk);
        }

        @Override
        public byte b(byte x) {
            return (byte) (x + bk);
        }

        @Override
        public char c(char x) {
            return (char) (x + ck);
        }

        @Override
        public boolean z(boolean b, int x) {
            return b ^ zk || x < 0;
        }
    }

    /** Another implementation. */
    public static final class WideB implements Wide {
        final byte bk;
        final char ck;

        public WideB(byte bk, char ck) {
            this.bk = bk;
            this.ck = ck;
        }

        @Override
        public long l(long x, int s) {
            return x * s ^ Long.MIN_VALUE >>> (s & 7);
        }

        @Override
        public double d(double x, float f) {
            return Math.max(x, f) - Math.min(x, -f);
        }

        @Override
        public float f(float x, double d) {
            return x * (float) d + (float) (d / x);
        }

        @Override
        public short s(short x) {
            return (short) (x >> 1 | x << 9);
        }

        @Override
        public byte b(byte x) {
            return (byte) (x * bk);
        }

        @Override
        public char c(char x) {
            return (char) (x >>> 1 | ck);
        }

        @Override
        public boolean z(boolean b, int x) {
            return !b && x % 3 == 0;
        }
    }

    /** Overloads m(long) and m(double) only: int, short, byte and char arguments widen to long, float to double. */
    public static class Wid {
        public long m(long x) {
            return x * 3;
        }

        public double m(double x) {
            return x / 4;
        }
    }

    /** Overrides m(double); adds m(int) and m(float), which calls compiled against Wid never select. */
    public static final class WidSub extends Wid {
        @Override
        public double m(double x) {
            return x * 5 + 0.5;
        }

        public int m(int x) {
            return 77;
        }

        public float m(float x) {
            return -1f;
        }
    }

    /** A template whose step gets a private array of the caller. */
    public abstract static class Binner {
        public int score(int x) {
            int[] h = new int[4];
            fill(h, x);
            int s = 0;
            for (int k = 0; k < 4; k++) {
                s = s * 31 + h[k];
            }
            return s;
        }

        abstract void fill(int[] h, int x);
    }

    /** Bytes into the bins. */
    public static final class ByteBinner extends Binner {
        @Override
        void fill(int[] h, int x) {
            for (int k = 0; k < 4; k++) {
                h[k] = (x >>> (8 * k)) & 0xFF;
            }
        }
    }

    /** Read-modify-write of computed bins, twice the same bin at times. */
    public static final class HashBinner extends Binner {
        @Override
        void fill(int[] h, int x) {
            h[x & 3] += x;
            h[(x >>> 2) & 3] ^= 5;
            h[(x >>> 4) & 3] -= h[x & 3];
        }
    }

    /** super.m's body calls g and h on this: they dispatch on the object's class again. */
    public static class SA {
        int m(int x) {
            return g(x) * 2 + h(x);
        }

        int g(int x) {
            return x + 1;
        }

        int h(int x) {
            return 3;
        }
    }

    /** Overrides m (super.m) and g. */
    public static class SB extends SA {
        @Override
        int m(int x) {
            return super.m(x) + 1;
        }

        @Override
        int g(int x) {
            return x * 10;
        }
    }

    /** Overrides h and g (super.g). */
    public static class SC extends SB {
        @Override
        int h(int x) {
            return x ^ 0x33;
        }

        @Override
        int g(int x) {
            return super.g(x) - 7;
        }
    }

    /** super.m resolves to SB.m (SC declares none). */
    public static final class SD extends SC {
        @Override
        int m(int x) {
            return super.m(x) * 3;
        }
    }

    /** An interface static method, a private static and a private instance method called from a default. */
    public interface Metric {
        int base(int x);

        static int clamp(int x, int lo, int hi) {
            return Math.max(lo, Math.min(hi, x));
        }

        private static int mix(int x) {
            return x * 0x9E3779B9;
        }

        private int both(int x) {
            return base(x) + base(x ^ 1);
        }

        default int metric(int x) {
            return clamp(mix(both(x)), -1_000_000, 1_000_000);
        }
    }

    /** base = x >> 2. */
    public static final class ShiftMetric implements Metric {
        @Override
        public int base(int x) {
            return x >> 2;
        }
    }

    /** Overrides metric, calling the default with Metric.super. */
    public static final class NegMetric implements Metric {
        @Override
        public int base(int x) {
            return -x;
        }

        @Override
        public int metric(int x) {
            return Metric.super.metric(x) + Metric.clamp(x, 0, 9);
        }
    }

    /** A generic interface with a primitive method. */
    public interface Measure<T> {
        int measure(int x);
    }

    /** An enum with a field, using ordinal(). */
    public enum Unit implements Measure<String> {
        MM(1), CM(10), M(1000);

        final int f;

        Unit(int f) {
            this.f = f;
        }

        @Override
        public int measure(int x) {
            return x * f + ordinal();
        }
    }

    /** A record implementing it. */
    public record Scaled(int num, int den) implements Measure<Integer> {
        @Override
        public int measure(int x) {
            return x * num / den;
        }
    }

    /** The object a receiver holds in a final field; its op changes. */
    public static final class Slot {
        Op op;

        public Slot(Op op) {
            this.op = op;
        }
    }

    /** An instance kernel: a non-final field and a final field's field. */
    public static final class Runner {
        Op op;
        final Slot slot;

        public Runner(Op op, Slot slot) {
            this.op = op;
            this.slot = slot;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]) * 3 + slot.op.apply(a[i]);
            }
        }
    }

    /** An instance kernel with a final reference field (changed by reflection between executions). */
    public static final class FinalRunner {
        final Op fop;

        public FinalRunner(Op fop) {
            this.fop = fop;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = fop.apply(a[i]) - i;
            }
        }
    }

    /** A kernel declared in an abstract class: calls on this dispatch on the bound object's class. */
    public abstract static class AbsKernel {
        final int bias;

        protected AbsKernel(int bias) {
            this.bias = bias;
        }

        abstract int hook(int x);

        int post(int x) {
            return x + bias;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = post(hook(a[i]));
            }
        }
    }

    /** hook = 3x. */
    public static class KA extends AbsKernel {
        public KA(int bias) {
            super(bias);
        }

        @Override
        int hook(int x) {
            return x * 3;
        }
    }

    /** super.hook ^ 5, super.post * 2. */
    public static final class KB extends KA {
        public KB(int bias) {
            super(bias);
        }

        @Override
        int hook(int x) {
            return super.hook(x) ^ 5;
        }

        @Override
        int post(int x) {
            return super.post(x) * 2;
        }
    }

    /** hook = -x. */
    public static final class KC extends AbsKernel {
        public KC(int bias) {
            super(bias);
        }

        @Override
        int hook(int x) {
            return -x;
        }
    }

    /** A shape: an abstract class with a template. */
    public abstract static class Shape {
        abstract int area();

        int twiceArea() {
            return area() * 2;
        }
    }

    /** A square; grow returns a fresh square. */
    public static final class Sq extends Shape {
        final int s;

        public Sq(int s) {
            this.s = s;
        }

        @Override
        int area() {
            return s * s;
        }

        Sq grow(int d) {
            return new Sq(s + d);
        }
    }

    /** A rectangle. */
    public static final class Rect extends Shape {
        final int w;
        final int h;

        public Rect(int w, int h) {
            this.w = w;
            this.h = h;
        }

        @Override
        int area() {
            return w * h;
        }

        @Override
        int twiceArea() {
            return super.twiceArea() + 1;
        }
    }

    /** Makes shapes. */
    public interface ShapeMaker {
        Shape make(int x);
    }

    /** A covariant return (Sq; a bridge returns Shape), through another method returning a fresh object. */
    public static final class SqMaker implements ShapeMaker {
        final int d;

        public SqMaker(int d) {
            this.d = d;
        }

        @Override
        public Sq make(int x) {
            return new Sq(x + d).grow(1);
        }
    }

    /** Rectangles. */
    public static final class RectMaker implements ShapeMaker {
        @Override
        public Rect make(int x) {
            return new Rect(x, x >> 3);
        }
    }

    /** Either class by the argument's sign: two allocation sites merged in one value. */
    public static final class MixMaker implements ShapeMaker {
        @Override
        public Shape make(int x) {
            return x > 0 ? new Sq(x) : new Rect(x, 3);
        }
    }

    /** A 2-D float vector whose methods return fresh vectors. */
    public record Vec2(float x, float y) {
        Vec2 add(Vec2 o) {
            return new Vec2(x + o.x, y + o.y);
        }

        Vec2 scale(float k) {
            return new Vec2(x * k, y * k);
        }

        float dot(Vec2 o) {
            return x * o.x + y * o.y;
        }
    }

    /** Returns a fresh Vec2. */
    public interface Offset {
        Vec2 offset(float t);
    }

    /** A constant offset. */
    public static final class ConstOffset implements Offset {
        final float dx;
        final float dy;

        public ConstOffset(float dx, float dy) {
            this.dx = dx;
            this.dy = dy;
        }

        @Override
        public Vec2 offset(float t) {
            return new Vec2(dx, dy);
        }
    }

    /** An offset from t. */
    public static final class TOffset implements Offset {
        @Override
        public Vec2 offset(float t) {
            return new Vec2(-t, t * 0.5f);
        }
    }

    /** A record whose compact constructor throws. */
    public record Range(int lo, int hi) {
        public Range {
            if (lo > hi) {
                throw new IllegalArgumentException("lo " + lo + " > hi " + hi);
            }
        }

        int width() {
            return hi - lo;
        }
    }

    /** A record with its own hashCode and an equals(Object) with a type pattern. */
    public record Pt(int x, int y) {
        @Override
        public int hashCode() {
            return x * 31 + y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pt p && p.x == x && p.y == y;
        }
    }

    /** A record with javac's hashCode (invokedynamic ObjectMethods). */
    public record AutoPt(int x, int y) {
    }

    /** A record implementing Op, as a parameter and made in the kernel. */
    public record AffineR(int a, int b) implements Op {
        @Override
        public int apply(int x) {
            return a * x + b;
        }
    }

    /** Short-circuit guards of a division. */
    public interface Guarded {
        boolean ok(int d);

        int div(int x, int d);
    }

    /** d != 0, x / d. */
    public static final class NonZero implements Guarded {
        @Override
        public boolean ok(int d) {
            return d != 0;
        }

        @Override
        public int div(int x, int d) {
            return x / d;
        }
    }

    /** d > 0, x % d. */
    public static final class Positive implements Guarded {
        @Override
        public boolean ok(int d) {
            return d > 0;
        }

        @Override
        public int div(int x, int d) {
            return x % d;
        }
    }

    /** A callee that writes into the caller's array. */
    public interface Sink {
        void put(int[] out, int i, int v);
    }

    /** Writes out[i + off]. */
    public static final class ShiftSink implements Sink {
        final int off;

        public ShiftSink(int off) {
            this.off = off;
        }

        @Override
        public void put(int[] out, int i, int v) {
            out[i + off] = v;
        }
    }

    /** Static final fields that are not constants, in an interface (initialised on first access, JLS 12.4.1). */
    public interface Konst {
        int M = Integer.parseInt("41");
        long L = Long.parseLong("-9000000000");
        double D = Math.sqrt(2.0);
    }

    /** Reads Konst's fields. */
    public static final class KonstUser implements Op {
        @Override
        public int apply(int x) {
            return x * Konst.M + (int) (Konst.L >> 20) + (int) (x * Konst.D);
        }
    }

    /** Mutable static fields of every narrow type. */
    public static final class Dials {
        static char c = 'A';
        static boolean on = true;
        static short sh = -7;
        static byte by = 3;
        static long lv = 1L << 40;
        static double dv = -0.0;

        private Dials() {
        }
    }

    /** Reads Dials. */
    public static final class DialUser implements Op {
        @Override
        public int apply(int x) {
            return Dials.on ? x + Dials.c * Dials.sh : (int) (x * Dials.dv) + Dials.by + (int) (Dials.lv >>> 33);
        }
    }

    /** A receiver holding a lambda. */
    public static final class FnHolder {
        final IntUnaryOperator f;

        public FnHolder(IntUnaryOperator f) {
            this.f = f;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.applyAsInt(a[i]);
            }
        }
    }

    /** A named class implementing a JDK functional interface (not a lambda). */
    public static final class NegOp implements IntUnaryOperator {
        final int k;

        public NegOp(int k) {
            this.k = k;
        }

        @Override
        public int applyAsInt(int x) {
            return -x * k;
        }
    }

    /** Varargs. */
    public interface Summer {
        int sum(int... xs);
    }

    /** A weighted fold of the varargs array. */
    public static final class WeightedSum implements Summer {
        final int w;

        public WeightedSum(int w) {
            this.w = w;
        }

        @Override
        public int sum(int... xs) {
            int s = xs.length;
            for (int k = 0; k < xs.length; k++) {
                s = s * w + xs[k];
            }
            return s;
        }
    }

    /** Overrides hashCode. */
    public static final class Key {
        final int x;
        final int y;

        public Key(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public int hashCode() {
            return x * 31 ^ y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.x == x && k.y == y;
        }
    }

    /** Keeps Object.hashCode (identity). */
    public static final class NoHashKey {
        final int x = 1;
    }

    /** An object array in a final field. */
    public static final class Table {
        final Op[] ops;

        public Table(Op... ops) {
            this.ops = ops;
        }
    }

    /** An instance kernel whose stream lambda reads this.op. */
    public static final class StreamRunner {
        Op op;

        public StreamRunner(Op op) {
            this.op = op;
        }

        public void run(int[] a, int[] out) {
            IntStream.range(0, out.length).parallel().forEach(i -> out[i] = op.apply(a[i]) ^ i);
        }
    }

    /** A non-final base with a field (for type tests of subclasses). */
    public static class Base implements Op {
        final int k;

        public Base(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x - k;
        }
    }

    /** A subclass of Base. */
    public static class Mid extends Base {
        public Mid(int k) {
            super(k);
        }

        @Override
        public int apply(int x) {
            return super.apply(x) * 2;
        }
    }

    /** A subclass of Mid that is also a Weight. */
    public static final class Leaf extends Mid implements Weight {
        public Leaf(int k) {
            super(k);
        }

        @Override
        public int apply(int x) {
            return x ^ k;
        }

        @Override
        public int w() {
            return k * 3;
        }
    }

    /** Not a Base, but a Weight. */
    public static final class Other implements Op, Weight {
        @Override
        public int apply(int x) {
            return ~x;
        }

        @Override
        public int w() {
            return 5;
        }
    }

    /** A second interface. */
    public interface Weight {
        int w();
    }

    /** A Base that is a Weight (for an intersection type T extends Base &amp; Weight). */
    public static final class WBase extends Base implements Weight {
        public WBase(int k) {
            super(k);
        }

        @Override
        public int w() {
            return k + 1;
        }
    }

    /** A look-up table in a final array field. */
    public static final class Lut implements Op {
        final int[] table;

        public Lut(int[] table) {
            this.table = table;
        }

        @Override
        public int apply(int x) {
            return table[x & 15] + x;
        }
    }

    /** A callee writing into its own object's array field. */
    public static final class Recorder {
        final int[] log;

        public Recorder(int n) {
            this.log = new int[n];
        }

        void rec(int i, int v) {
            log[i] = v * 3 + 1;
        }
    }

    /** An array in a final field (for aliasing). */
    public static final class Buf {
        final int[] data;

        public Buf(int[] data) {
            this.data = data;
        }
    }

    /** Narrow returns used as an index, a multiplier and a shift operand. */
    public interface Narrow {
        char c(int x);

        byte b(int x);

        short s(int x);

        boolean z(int x);
    }

    /** One implementation. */
    public static final class NarrowA implements Narrow {
        final int k;

        public NarrowA(int k) {
            this.k = k;
        }

        @Override
        public char c(int x) {
            return (char) (x * k);
        }

        @Override
        public byte b(int x) {
            return (byte) (x + k);
        }

        @Override
        public short s(int x) {
            return (short) (x >> 3);
        }

        @Override
        public boolean z(int x) {
            return (x & k) != 0;
        }
    }

    /** A kernel as an interface default calling an abstract and a default method. */
    public interface DefKernel {
        int weight(int x);

        default int post(int x) {
            return x;
        }

        default void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = post(weight(a[i]));
            }
        }
    }

    /** weight = 7x. */
    public static final class DK1 implements DefKernel {
        @Override
        public int weight(int x) {
            return x * 7;
        }
    }

    /** weight = x >>> 1, post overridden. */
    public static final class DK2 implements DefKernel {
        @Override
        public int weight(int x) {
            return x >>> 1;
        }

        @Override
        public int post(int x) {
            return x ^ 0xFF;
        }
    }

    /** Declares nothing: a call of apply on this type is invokevirtual AbsOp.apply, resolved in Op (JVMS 5.4.3.3). */
    public abstract static class AbsOp implements Op {
    }

    /** Implements apply. */
    public static final class ConcOp extends AbsOp {
        @Override
        public int apply(int x) {
            return x * x;
        }
    }

    /** A default reached by invokevirtual on a class type. */
    public interface DefIf {
        default int def(int x) {
            return x + 42;
        }
    }

    /** Inherits the default. */
    public static class DefC implements DefIf {
    }

    /** Overrides it. */
    public static final class DefD extends DefC {
        @Override
        public int def(int x) {
            return x - 42;
        }
    }

    /** A try/catch in the callee. */
    public static final class SafeDiv implements Op {
        final int d;

        public SafeDiv(int d) {
            this.d = d;
        }

        @Override
        public int apply(int x) {
            try {
                return x / (x & d);
            } catch (ArithmeticException e) {
                return -1;
            }
        }
    }

    /** A record with record components. */
    public record Line(Vec2 a, Vec2 b) {
        float len2() {
            float dx = b.x() - a.x();
            float dy = b.y() - a.y();
            return dx * dx + dy * dy;
        }
    }

    /** An enum switching on this (javac's $SwitchMap). */
    public enum Mode implements Op {
        A, B, C;

        @Override
        public int apply(int x) {
            switch (this) {
                case A:
                    return x + 1;
                case B:
                    return x * 2;
                default:
                    return -x;
            }
        }
    }

    /** An inner-loop condition and step. */
    public interface Iter {
        boolean more(int j, int x);

        int next(int j);
    }

    /** Counts up to 300. */
    public static final class CountIter implements Iter {
        @Override
        public boolean more(int j, int x) {
            return j < 300 - (x & 7);
        }

        @Override
        public int next(int j) {
            return j + 1;
        }
    }

    /** Halves to zero. */
    public static final class HalfIter implements Iter {
        @Override
        public boolean more(int j, int x) {
            return j > 0;
        }

        @Override
        public int next(int j) {
            return j >> 1;
        }
    }

    /** A private class with a private constructor. */
    private static final class Secret implements Op {
        private final int s;

        private Secret(int s) {
            this.s = s;
        }

        @Override
        public int apply(int x) {
            return x * s - 1;
        }
    }

    /** An inner (non-static) class reading a field of its enclosing test instance. */
    public class Inner implements Op {
        final int m;

        public Inner(int m) {
            this.m = m;
        }

        @Override
        public int apply(int x) {
            return x * m + bias;
        }
    }

    /** The enclosing instance's field, read through Inner.this$0. */
    int bias = 3;

    /** Conversions at the edges in a callee: an int product widened after it overflows, l2f, i2d, d2i. */
    public interface Conv {
        long lmul(int x, int y);

        long lsum(int x);

        double dsq(int x);

        float fl(long x);

        int di(double d);
    }

    /** javac's conversions, exactly as written. */
    public static final class PlainConv implements Conv {
        @Override
        public long lmul(int x, int y) {
            return x * y;
        }

        @Override
        public long lsum(int x) {
            return x + Integer.MAX_VALUE;
        }

        @Override
        public double dsq(int x) {
            return x * x;
        }

        @Override
        public float fl(long x) {
            return x;
        }

        @Override
        public int di(double d) {
            return (int) d;
        }
    }

    /** A kernel-made object's method calling a parameter object passed to it. */
    public static final class Cell2 {
        final int s;

        public Cell2(int s) {
            this.s = s;
        }

        int via(Op op) {
            return op.apply(s) * 2 + s;
        }
    }

    /** Class-initialisation side effects (JLS 12.4.1), device side: Bump1's initialiser writes Count1.y. */
    public static final class Count1 {
        static int y = 1;

        private Count1() {
        }
    }

    /** Writes Count1.y = 5 when initialised. */
    public static final class Bump1 {
        static int x = bump();

        private Bump1() {
        }

        static int bump() {
            Count1.y = 5;
            return 9;
        }
    }

    /** Reads Count1.y, then Bump1.x (whose initialiser changes Count1.y for every later element). */
    public static final class InitOrder1 implements Op {
        @Override
        public int apply(int x) {
            return Count1.y * 1000 + x * Bump1.x;
        }
    }

    /** The same code and classes for the JVM's run (a fresh pair, also not yet initialised). */
    public static final class Count1J {
        static int y = 1;

        private Count1J() {
        }
    }

    /** Writes Count1J.y = 5 when initialised. */
    public static final class Bump1J {
        static int x = bump();

        private Bump1J() {
        }

        static int bump() {
            Count1J.y = 5;
            return 9;
        }
    }

    /** InitOrder1 for the JVM's run. */
    public static final class InitOrder1J implements Op {
        @Override
        public int apply(int x) {
            return Count1J.y * 1000 + x * Bump1J.x;
        }
    }

    /** Device side, the other order: Bump2.x first (its initialiser writes Count2.y), then Count2.y. */
    public static final class Count2 {
        static int y = 1;

        private Count2() {
        }
    }

    /** Writes Count2.y = 5 when initialised. */
    public static final class Bump2 {
        static int x = bump();

        private Bump2() {
        }

        static int bump() {
            Count2.y = 5;
            return 9;
        }
    }

    /** Reads Bump2.x, then Count2.y. */
    public static final class InitOrder2 implements Op {
        @Override
        public int apply(int x) {
            return x * Bump2.x + Count2.y * 1000;
        }
    }

    /** JVM side of InitOrder2. */
    public static final class Count2J {
        static int y = 1;

        private Count2J() {
        }
    }

    /** Writes Count2J.y = 5 when initialised. */
    public static final class Bump2J {
        static int x = bump();

        private Bump2J() {
        }

        static int bump() {
            Count2J.y = 5;
            return 9;
        }
    }

    /** InitOrder2 for the JVM's run. */
    public static final class InitOrder2J implements Op {
        @Override
        public int apply(int x) {
            return x * Bump2J.x + Count2J.y * 1000;
        }
    }

    /** A callee writing a static field (a tally). */
    public static final class Tally implements Op {
        static int n;

        @Override
        public int apply(int x) {
            n++;
            return x + n * 0;
        }
    }

    /** A callee writing an instance field of its object. */
    public static final class Last implements Op {
        int last;

        @Override
        public int apply(int x) {
            last = x;
            return x + 1;
        }
    }

    /** Device side: Count3.y, and Bump3.x (its initialiser sets Count3.y = 5) read only where a[i] == 12345. */
    public static final class Count3 {
        static int y = 1;

        private Count3() {
        }
    }

    /** Sets Count3.y = 5 when initialised. */
    public static final class Bump3 {
        static int x = bump();

        private Bump3() {
        }

        static int bump() {
            Count3.y = 5;
            return 9;
        }
    }

    /** Reads Count3.y; Bump3.x behind a branch. */
    public static final class Unreached3 implements Op {
        @Override
        public int apply(int x) {
            return (x == 12345 ? Bump3.x : 0) + Count3.y * 1000 + x;
        }
    }

    /** JVM side of Count3. */
    public static final class Count3J {
        static int y = 1;

        private Count3J() {
        }
    }

    /** JVM side of Bump3. */
    public static final class Bump3J {
        static int x = bump();

        private Bump3J() {
        }

        static int bump() {
            Count3J.y = 5;
            return 9;
        }
    }

    /** JVM side of Unreached3. */
    public static final class Unreached3J implements Op {
        @Override
        public int apply(int x) {
            return (x == 12345 ? Bump3J.x : 0) + Count3J.y * 1000 + x;
        }
    }

    /** Returns 0 (so that javac cannot see the division by zero). */
    static int zero() {
        return 0;
    }

    /** Device side: a class whose initialiser throws (ExceptionInInitializerError), read only behind a branch. */
    public static final class BoomD {
        static int x = 1 / zero();

        private BoomD() {
        }
    }

    /** JVM side of BoomD. */
    public static final class BoomJ {
        static int x = 1 / zero();

        private BoomJ() {
        }
    }

    /** Device side, reached: a class whose initialiser throws. */
    public static final class BoomD2 {
        static int x = 1 / zero();

        private BoomD2() {
        }
    }

    /** JVM side of BoomD2. */
    public static final class BoomJ2 {
        static int x = 1 / zero();

        private BoomJ2() {
        }
    }

    /** Reads BoomD.x where x == 12345. */
    public static final class UsesBoomD implements Op {
        @Override
        public int apply(int x) {
            return x == 12345 ? BoomD.x : x * 2;
        }
    }

    /** Reads BoomJ.x where x == 12345. */
    public static final class UsesBoomJ implements Op {
        @Override
        public int apply(int x) {
            return x == 12345 ? BoomJ.x : x * 2;
        }
    }

    /** Reads BoomD2.x where x == 12345. */
    public static final class UsesBoomD2 implements Op {
        @Override
        public int apply(int x) {
            return x == 12345 ? BoomD2.x : x * 2;
        }
    }

    /** Reads BoomJ2.x where x == 12345. */
    public static final class UsesBoomJ2 implements Op {
        @Override
        public int apply(int x) {
            return x == 12345 ? BoomJ2.x : x * 2;
        }
    }

    // ================================================================ the kernels

    /** The kernels. */
    public static final class K {
        private K() {
        }

        public static void boxOp(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) + 1;
            }
        }

        public static void boxThrows(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) - 1;
            }
        }

        public static void boxNull(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) * 5;
            }
        }

        public static void boxDiv(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) ^ 0x55;
            }
        }

        public static void innerLoop(Op op, Stepper st, int[] a, int m, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int acc = i;
                for (int j = 0; j < m; j++) {
                    acc = op.apply(acc ^ a[i * m + j]);
                }
                int t = st.trips(i);
                for (int j = 0; j < t; j++) {
                    acc = st.step(acc, a[(i * m + j) % a.length]);
                }
                out[i] = acc;
            }
        }

        public static void nest2(Op op, int[] a, int rows, int cols, int[] out) {
            for (@Parallel int r = 0; r < rows; r++) {
                for (@Parallel int c = 0; c < cols; c++) {
                    out[r * cols + c] = op.apply(a[r * cols + c]) + r * 1000 - c;
                }
            }
        }

        public static void nest3(GridHolder h, int[] out, int nx, int ny, int nz) {
            for (@Parallel int x = 0; x < nx; x++) {
                for (@Parallel int y = 0; y < ny; y++) {
                    for (@Parallel int z = 0; z < nz; z++) {
                        out[(x * ny + y) * nz + z] = h.g.at(x, y, z);
                    }
                }
            }
        }

        public static void reduceSum(Op op, int[] a, @Reduce int[] sum) {
            for (@Parallel int i = 0; i < a.length; i++) {
                sum[0] += op.apply(a[i]);
            }
        }

        public static void reduceMinMax(LOp f, long[] a, @Reduce long[] mn, @Reduce long[] mx) {
            for (@Parallel int i = 0; i < a.length; i++) {
                long v = f.f(a[i]);
                mn[0] = Math.min(mn[0], v);
                mx[0] = Math.max(v, mx[0]);
            }
        }

        public static void streamOp(Op op, int[] a, int[] out) {
            IntStream.range(0, out.length).parallel().forEach(i -> out[i] = op.apply(a[i]) - i);
        }

        public static void wide(Wide w, int[] ia, long[] la, double[] da, long[] lo, double[] dout) {
            for (@Parallel int i = 0; i < ia.length; i++) {
                int v = ia[i];
                short s = w.s((short) v);
                byte b = w.b((byte) v);
                char c = w.c((char) v);
                boolean z = w.z((v & 1) == 0, v);
                lo[i] = w.l(la[i], v) + s * 3L + b * 5L + c * 7L + (z ? 1 : 0);
                dout[i] = w.d(da[i], (float) da[i]) + w.f((float) da[i], da[i]);
            }
        }

        public static void widening(Wid w, int[] a, long[] lo, double[] dout) {
            for (@Parallel int i = 0; i < a.length; i++) {
                int v = a[i];
                byte b = (byte) v;
                char c = (char) v;
                short s = (short) v;
                float f = v * 0.25f;
                lo[i] = w.m(b) + w.m(c) * 7 + w.m(s) * 11 + w.m(v) * 13 + w.m((long) v << 20);
                dout[i] = w.m(f) + w.m(v * 0.5);
            }
        }

        public static void binner(Binner b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.score(a[i]);
            }
        }

        public static void superDispatch(SA s, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = s.m(a[i]);
            }
        }

        public static void metric(Metric m, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = m.metric(a[i]) + Metric.clamp(a[i], -5, 5);
            }
        }

        public static void measure(Measure<?> m, Measure<?> n, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = m.measure(a[i]) - n.measure(a[i] >> 1);
            }
        }

        public static void shapes(ShapeMaker maker, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Shape s = maker.make(a[i]);
                out[i] = s.twiceArea() + s.area();
            }
        }

        public static void vec(Offset q, float[] x, float[] y, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Vec2 v = new Vec2(x[i], y[i]).add(q.offset(x[i])).scale(1.5f);
                out[i] = v.dot(v) - v.x();
            }
        }

        public static void ranges(int[] lo, int[] hi, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Range r = new Range(lo[i], hi[i]);
                out[i] = r.width() * 3 + r.lo();
            }
        }

        public static void ptHash(int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Pt p = new Pt(a[i], b[i] & 7);
                Pt q = new Pt(a[i], b[i] & 3);
                out[i] = p.hashCode() + (p.equals(q) ? 1000 : 0);
            }
        }

        public static void autoHash(int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                AutoPt p = new AutoPt(a[i], b[i]);
                out[i] = p.hashCode() ^ p.x();
            }
        }

        public static void recordParam(Op p, AffineR r, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p.apply(a[i]) + new AffineR(a[i], 1).apply(7) + r.a() * a[i] - r.b();
            }
        }

        public static void castKernelMade(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int v = a[i];
                Shape s = new Rect(v, 2);
                Object o = s;
                int r = s.area() + (o instanceof Sq ? 1 : 0) + (o instanceof Shape ? 2 : 0);
                if (v == 12345) {
                    r += ((Sq) o).area();
                }
                out[i] = r;
            }
        }

        public static void fieldInstanceof(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op instanceof Times t ? a[i] * t.k + 1 : b.op.apply(a[i]);
            }
        }

        public static void condReceiver(boolean c, Op p, Op q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = (c ? p : q).apply(a[i]);
            }
        }

        public static void condBeforeLoop(boolean c, Op p, Op q, int[] a, int[] out) {
            Op g = c ? p : q;
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = g.apply(a[i]);
            }
        }

        public static void identity(Op p, Op q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p == q ? p.apply(a[i]) : q.apply(a[i]) + 1000;
            }
        }

        public static void binop(IntBinaryOperator f, int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.applyAsInt(a[i], b[i]);
            }
        }

        public static void dunop(DoubleUnaryOperator f, double[] x, double[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.applyAsDouble(x[i]);
            }
        }

        public static void unop(IntUnaryOperator f, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = f.applyAsInt(a[i]);
            }
        }

        public static void guarded(Guarded g, int[] a, int[] b, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int d = b[i];
                out[i] = g.ok(d) && g.div(a[i], d) > 0 ? 1 : g.ok(d) ? g.div(a[i], d) : -1;
            }
        }

        public static void sink(Sink s, int[] a, int[] out) {
            for (@Parallel int i = 0; i < a.length; i++) {
                s.put(out, i, a[i] * 2);
            }
        }

        public static void varargs(Summer s, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = s.sum(a[i], a[i] >> 1, i) + s.sum();
            }
        }

        public static void hash(Object k, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] ^ k.hashCode();
            }
        }

        public static void tableConst(Table t, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = t.ops[0].apply(a[i]);
            }
        }

        public static void tableIndexed(Table t, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = t.ops[i & 1].apply(a[i]);
            }
        }

        public static void typeTests(Op o, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int r = 0;
                if (o instanceof Base) {
                    r |= 1;
                }
                if (o instanceof Mid) {
                    r |= 2;
                }
                if (o instanceof Leaf) {
                    r |= 4;
                }
                if (o instanceof Weight) {
                    r |= 8;
                }
                if (o instanceof Op) {
                    r |= 16;
                }
                out[i] = (o instanceof Base bb ? bb.k : -1) * 1000 + r * 100_000 + o.apply(a[i]);
            }
        }

        public static void fieldTypeTests(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int r = 0;
                if (b.op instanceof Base) {
                    r |= 1;
                }
                if (b.op instanceof Mid) {
                    r |= 2;
                }
                if (b.op instanceof Leaf) {
                    r |= 4;
                }
                if (b.op instanceof Weight) {
                    r |= 8;
                }
                if (b.op instanceof Op) {
                    r |= 16;
                }
                int k = b.op instanceof Base ? ((Base) b.op).k : -1;
                out[i] = k * 1000 + r * 100_000 + (b.op != null ? b.op.apply(a[i]) : 0);
            }
        }

        public static void getClassTest(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.getClass() == Times.class ? a[i] : -a[i];
            }
        }

        public static void record(Recorder r, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                r.rec(i, a[i]);
                out[i] = a[i] + 1;
            }
        }

        public static void alias(Buf p, Buf q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                p.data[i] = a[i] * 3;
                out[i] = q.data[i] + 1;
            }
        }

        public static void aliasParam(Buf p, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] + 5;
                int v = p.data[i];
                out[i] = v * 2 + 1;
            }
        }

        public static void boundByCall(Box b, int[] a, int[] out) {
            int n = Math.min(out.length, b.op.apply(a.length));
            int k = b.op.apply(7);
            for (@Parallel int i = 0; i < n; i++) {
                out[i] = a[i] * k + n;
            }
        }

        public static void narrow(Narrow m, int[] a, int[] lut, int[] out, boolean[] flags) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int v = a[i];
                out[i] = lut[m.c(v)] + m.b(v) * 3 + (m.s(v) >>> 1);
                flags[i] = m.z(v);
            }
        }

        public static void miranda(AbsOp p, DefC c, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p.apply(a[i]) + c.def(a[i]) * 3;
            }
        }

        public static void line(Line l, float[] x, float[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = l.len2() * x[i] + l.a().dot(new Vec2(x[i], -x[i]));
            }
        }

        public static void madeWithParam(Op p, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = new Fwd(p).apply(a[i]);
            }
        }

        static <T extends Base & Weight> int both(T t, int x) {
            return t.apply(x) * t.w();
        }

        public static void intersection(WBase t, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = both(t, a[i]);
            }
        }

        public static void iter(Iter it, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                int j = a[i] & 0xFF;
                int c = 0;
                while (it.more(j, a[i])) {
                    j = it.next(j);
                    c++;
                }
                out[i] = c * 1000 + j;
            }
        }

        public static void castParam(Op o, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] == 12345 ? ((Base) o).k : a[i] + 1;
            }
        }

        public static void castParamAlways(Op o, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = ((Base) o).k + a[i];
            }
        }

        public static void castField(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] == 12345 ? ((Mid) b.op).apply(a[i]) + ((Weight) b.op).w() : a[i] - 1;
            }
        }

        public static void eq(Object p, Object q, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p.equals(q) ? a[i] : -a[i];
            }
        }

        public static void conv(Conv c, int[] a, int[] b, long[] la, long[] lo, double[] dout) {
            for (@Parallel int i = 0; i < a.length; i++) {
                lo[i] = c.lmul(a[i], b[i]) + c.lsum(a[i]) * 3;
                dout[i] = c.dsq(a[i]) + c.fl(la[i]) + c.di(c.dsq(b[i]) * 1e-3);
            }
        }

        public static void cellVia(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = new Cell2(a[i]).via(op);
            }
        }

        public static void reduceBox(Box b, int[] a, @Reduce int[] sum) {
            for (@Parallel int i = 0; i < a.length; i++) {
                sum[0] += b.op.apply(a[i]);
            }
        }

        public static void opChecked(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opKonst(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opFinalK(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opSafeDiv(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opMode(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opSecret(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opInit1(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opInit2(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void boxDials(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) * 5 + 1;
            }
        }

        public static void boxLut(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) * 5 + 1;
            }
        }

        public static void boxInner(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) * 5 + 1;
            }
        }

        public static void boxDepth(Box b, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = b.op.apply(a[i]) * 5 + 1;
            }
        }

        public static void opTally(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opLast(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opUnreached3(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opBoom(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }

        public static void opBoom2(Op op, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.apply(a[i]);
            }
        }
    }

    // ================================================================ helpers

    private static int[] ints(long seed) {
        return Inputs.ints(seed, N);
    }

    /** The JVM's run on clones, then execute() on the originals: the task on the device, every argument equal. */
    private static TaskReport executeAndCompare(TaskSchedule s, String what, JvmRun jvm, Object... args) {
        Object[] expected = cloneArgs(args);
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            throw new AssertionError(what + ": the JVM threw (test is wrong)", t);
        }
        s.execute();
        assertRanOnDevice(s.report(), "t");
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1), expected[i], args[i]);
        }
        return s.report().task("t");
    }

    /** Runs a task's code on the JVM. */
    private interface JvmRun {
        void run(Object[] args) throws Throwable;
    }

    /**
     * The JVM must throw on clones; then execute() must throw the same class with the same message and leave every
     * argument as the JVM left its clone.
     */
    private static Throwable executeExpectThrows(TaskSchedule s, String what, JvmRun jvm, Object... args) {
        Object[] expected = cloneArgs(args);
        Throwable jvmEx = null;
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            jvmEx = t;
        }
        assertNotNull(what + ": the JVM should throw (test is wrong)", jvmEx);
        Throwable actual = null;
        try {
            s.execute();
        } catch (Throwable t) {
            actual = t;
        }
        if (actual == null) {
            fail(what + ": expected " + jvmEx + " but execute() returned normally; report:\n" + s.report());
        }
        if (actual.getClass() != jvmEx.getClass()) {
            AssertionError err = new AssertionError(what + ": expected " + jvmEx + " but got " + actual);
            err.initCause(actual);
            throw err;
        }
        assertEquals(what + ": exception message", jvmEx.getMessage(), actual.getMessage());
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1) + " after the exception", expected[i], args[i]);
        }
        return jvmEx;
    }

    /** The check must pass, or the schedule must fail with a clean CompilationException (recorded). */
    private static void matchOrBailout(String what, Runnable check) {
        try {
            check.run();
        } catch (CompilationException e) {
            assertNotNull(what + ": a bailout names its reason", e.getMessage());
            assertTrue(what + ": a bailout names its reason", !e.getMessage().isBlank());
            synchronized (BAILOUTS) {
                BAILOUTS.add(what + ": " + e.getMessage().replace('\n', ' '));
            }
        }
    }

    /**
     * The JVM must throw {@code type} on clones; the schedule must either throw the same class with the same message
     * (arrays as the JVM left them) or refuse with a clean CompilationException (arrays untouched).
     */
    private static void throwsOrBailout(String what, Class<? extends Throwable> type, JvmRun jvm,
            MoreChecks.TaskAdder adder, Object... args) {
        Object[] expected = cloneArgs(args);
        Object[] before = cloneArgs(args);
        Throwable jvmEx = null;
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            jvmEx = t;
        }
        assertNotNull(what + ": the JVM should throw (test is wrong)", jvmEx);
        assertEquals(what + ": the JVM's exception", type, jvmEx.getClass());
        try (TaskSchedule s = adder.add(new TaskSchedule("throws"))) {
            Throwable actual = null;
            try {
                s.execute();
            } catch (Throwable t) {
                actual = t;
            }
            if (actual == null) {
                fail(what + ": expected " + jvmEx + " but execute() returned normally; report:\n" + s.report());
            }
            if (actual instanceof CompilationException) {
                synchronized (BAILOUTS) {
                    BAILOUTS.add(what + ": " + actual.getMessage().replace('\n', ' '));
                }
                for (int i = 0; i < args.length; i++) {
                    assertSame(what + ", argument " + (i + 1) + " untouched by the refused run", before[i],
                            args[i]);
                }
                return;
            }
            if (actual.getClass() != jvmEx.getClass()) {
                AssertionError err = new AssertionError(what + ": expected " + jvmEx + " but got " + actual);
                err.initCause(actual);
                throw err;
            }
            assertEquals(what + ": exception message", jvmEx.getMessage(), actual.getMessage());
        }
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1) + " after the exception", expected[i], args[i]);
        }
    }

    /** The schedule must throw a CompilationException whose message contains every part. */
    private static void expectBailout(String what, TaskSchedule schedule, String... parts) {
        try (TaskSchedule s = schedule) {
            s.execute();
            fail(what + ": expected a CompilationException, but it ran; report:\n" + s.report());
        } catch (CompilationException e) {
            for (String part : parts) {
                assertTrue(what + ": the message should mention '" + part + "': " + e.getMessage(),
                        e.getMessage().contains(part));
            }
            synchronized (BAILOUTS) {
                BAILOUTS.add(what + ": " + e.getMessage().replace('\n', ' '));
            }
        }
    }

    // ================================================================ loop shapes around devirtualised calls

    /** Devirtualised calls in two inner sequential loops, one of them with a trip count a devirtualised call gives. */
    @Test
    public void devirtualisedCallsInInnerSequentialLoops() {
        int m = 9;
        int[] a = Inputs.ints(5001, N * m);
        check(K::innerLoop, (Op) new Plus(7), (Stepper) new MixStepper(0x1234), a.clone(), m, new int[N]);
        check(K::innerLoop, (Op) new Times(-3), (Stepper) new MaxStepper(), a.clone(), m, new int[N]);
        check(K::innerLoop, (Op) new Xor(0x0F0F0F0F), (Stepper) new MixStepper(-1), a.clone(), 0, new int[N]);
    }

    /** A devirtualised call in a 2-D @Parallel nest, three classes on separate schedules. */
    @Test
    public void devirtualisedCallInATwoDimensionalNest() {
        int rows = 37;
        int cols = 41;
        int[] a = Inputs.ints(5002, rows * cols);
        for (Op op : new Op[] {new Plus(-9), new Times(0x10001), new Xor(0x5A5A5A5A)}) {
            check(K::nest2, op, a.clone(), rows, cols, new int[rows * cols]);
        }
    }

    /** A 3-D nest calling through a field of a parameter; the field's class changes on one schedule. */
    @Test
    public void devirtualisedCallInAThreeDimensionalNestWithAClassChange() {
        int nx = 9;
        int ny = 11;
        int nz = 13;
        int[] out = new int[nx * ny * nz];
        GridHolder h = new GridHolder(new LinGrid(1000, 100));
        JvmRun jvm = y -> K.nest3((GridHolder) y[0], (int[]) y[1], (Integer) y[2], (Integer) y[3], (Integer) y[4]);
        try (TaskSchedule s = new TaskSchedule("nest3").task("t", K::nest3, h, out, nx, ny, nz)) {
            executeAndCompare(s, "LinGrid", jvm, h, out, nx, ny, nz);
            h.g = new XorGrid();
            executeAndCompare(s, "XorGrid", jvm, h, out, nx, ny, nz);
            h.g = new LinGrid(-7, Integer.MAX_VALUE);
            assertTrue("LinGrid again: its kernel", executeAndCompare(s, "LinGrid again", jvm, h, out, nx, ny, nz)
                    .cached());
        }
    }

    /** An int @Reduce sum of devirtualised calls (wrapping), over several work-groups, three classes. */
    @Test
    public void reduceSumOfDevirtualisedCalls() {
        int[] a = Inputs.ints(5003, 100_003);
        for (Op op : new Op[] {new Plus(Integer.MAX_VALUE), new Times(-7), new Xor(-1)}) {
            check(K::reduceSum, op, a.clone(), new int[] {123_456_789});
        }
    }

    /** Long @Reduce min and max of one devirtualised long call, two classes. */
    @Test
    public void reduceMinMaxOfADevirtualisedLongCall() {
        long[] a = Inputs.with(Inputs.longs(5004, 100_003), Long.MIN_VALUE, Long.MAX_VALUE, 0, -1);
        check(K::reduceMinMax, (LOp) new LAffine(0x9E3779B97F4A7C15L, -5), a.clone(), new long[] {Long.MAX_VALUE},
                new long[] {Long.MIN_VALUE});
        check(K::reduceMinMax, (LOp) new LShift(13, 0x0123_4567_89AB_CDEFL), a.clone(), new long[] {0},
                new long[] {0});
    }

    /** An IntStream.parallel().forEach lambda capturing a parameter object of two classes. */
    @Test
    public void streamLambdaCapturingAPolymorphicParameter() {
        for (Op op : new Op[] {new Plus(3), new Times(11)}) {
            check(K::streamOp, op, ints(5005), new int[N]);
        }
    }

    /** A stream lambda reading this.op of an instance kernel; the field changes class on one schedule. */
    @Test
    public void streamLambdaReadingAReceiverFieldThatChangesClass() {
        StreamRunner r = new StreamRunner(new Plus(1));
        int[] a = ints(5006);
        int[] out = new int[N];
        JvmRun jvm = y -> r.run((int[]) y[0], (int[]) y[1]);
        try (TaskSchedule s = new TaskSchedule("srun").task("t", r::run, a, out)) {
            executeAndCompare(s, "Plus", jvm, a, out);
            r.op = new Xor(77);
            executeAndCompare(s, "Xor", jvm, a, out);
        }
    }

    // ================================================================ callees: types, overloads, arrays

    /** A callee taking and returning long, double, float, short, byte, char and boolean, with fields of each. */
    @Test
    public void calleeWithEveryPrimitiveTypeInAndOut() {
        int[] ia = Inputs.ints(5007, N);
        long[] la = Inputs.longs(5008, N);
        double[] da = Inputs.withDoubleSpecials(Inputs.plainDoubles(5009, N, -1e6, 1e6));
        check(K::wide, (Wide) new WideA(0x1_0000_0001L, -0.0, Float.MIN_VALUE, Short.MIN_VALUE, (byte) -128,
                '\uFFFE', true), ia.clone(), la.clone(), da.clone(), new long[N], new double[N]);
        check(K::wide, (Wide) new WideA(-1L, Double.NaN, -3.5f, (short) 32767, (byte) 127, '\u0001', false),
                ia.clone(), la.clone(), da.clone(), new long[N], new double[N]);
        check(K::wide, (Wide) new WideB((byte) -3, '\u8000'), ia.clone(), la.clone(), da.clone(), new long[N],
                new double[N]);
    }

    /**
     * Overloads chosen by widening (JLS 15.12.2.5): byte, char, short, int arguments select m(long), float selects
     * m(double); the subclass's m(int) and m(float) are new methods, never selected; its m(double) overrides.
     */
    @Test
    public void overloadsChosenByWidening() {
        int[] a = JvmOracle.withSpecials(ints(5010), Integer.MIN_VALUE, Integer.MAX_VALUE, 0x80, 0xFFFF, -1);
        check(K::widening, new Wid(), a.clone(), new long[N], new double[N]);
        check(K::widening, (Wid) new WidSub(), a.clone(), new long[N], new double[N]);
    }

    /** A template method allocating int[4] and passing it to an abstract method that fills it (read-modify-write). */
    @Test
    public void privateArrayPassedToAnAbstractMethod() {
        check(K::binner, (Binner) new ByteBinner(), ints(5011), new int[N]);
        check(K::binner, (Binner) new HashBinner(), ints(5011), new int[N]);
    }

    /**
     * super.m()'s body calls g and h on this: they must dispatch on the object's class (SD: SB.m, SA.m, SC.g,
     * SB.g, SC.h), not on the class that declares the super method.
     */
    @Test
    public void superBodyDispatchesOnTheObjectsClass() {
        for (SA s : new SA[] {new SA(), new SB(), new SC(), new SD()}) {
            check(K::superDispatch, s, ints(5012), new int[N]);
        }
    }

    /** An interface static method, a private static and a private instance method, reached from a default. */
    @Test
    public void interfaceStaticAndPrivateMethodsFromADefault() {
        check(K::metric, (Metric) new ShiftMetric(), ints(5013), new int[N]);
        check(K::metric, (Metric) new NegMetric(), ints(5013), new int[N]);
    }

    /** A generic interface with a primitive method implemented by an enum (ordinal(), an enum field) and a record. */
    @Test
    public void genericInterfaceImplementedByAnEnumAndARecord() {
        int[] a = ints(5014);
        check(K::measure, (Measure<?>) Unit.CM, (Measure<?>) new Scaled(7, -3), a.clone(), new int[N]);
        check(K::measure, (Measure<?>) Unit.M, (Measure<?>) Unit.MM, a.clone(), new int[N]);
    }

    // ================================================================ exceptions in devirtualised callees

    /** A callee throwing IllegalArgumentException / IllegalStateException with a computed message. */
    @Test
    public void calleeThrowsTheJvmsExceptionAndMessage() {
        Op op = new Checked(2000);
        check(K::opChecked, op, Inputs.intsIn(5015, N, 0, 1000), new int[N]);
        int[] a = Inputs.intsIn(5016, N, 0, 1000);
        a[613] = -3;
        a[800] = -4;
        int[] out = new int[N];
        Throwable e = MoreChecks.checkThrows(y -> K.opChecked((Op) y[0], (int[]) y[1], (int[]) y[2]),
                s -> s.task("t", K::opChecked, op, a, out), op, a, out);
        assertEquals(IllegalArgumentException.class, e.getClass());
        Op low = new Checked(500);
        int[] b = Inputs.intsIn(5017, N, 0, 1000);
        int[] out2 = new int[N];
        e = MoreChecks.checkThrows(y -> K.opChecked((Op) y[0], (int[]) y[1], (int[]) y[2]),
                s -> s.task("t", K::opChecked, low, b, out2), low, b, out2);
        assertEquals(IllegalStateException.class, e.getClass());
    }

    /**
     * One class, the same kernel, a new object whose final divisor is 0 (then -1 with MIN_VALUE inputs): the final
     * field is this object's value, and the JVM's ArithmeticException comes; int and long division.
     */
    @Test
    public void finalDivisorOfAnotherObjectOfTheSameClass() {
        int[] a = JvmOracle.withSpecials(ints(5018), Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE);
        int[] out = new int[N];
        Box box = new Box(new Div(7));
        JvmRun jvm = y -> K.boxDiv((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("div").task("t", K::boxDiv, box, a, out)) {
            executeAndCompare(s, "Div(7)", jvm, box, a, out);
            box.op = new Div(0);
            Throwable e = executeExpectThrows(s, "Div(0)", jvm, box, a, out);
            assertEquals(ArithmeticException.class, e.getClass());
            box.op = new Div(-1);
            executeAndCompare(s, "Div(-1)", jvm, box, a, out);
            box.op = new LDiv(-1);
            executeAndCompare(s, "LDiv(-1)", jvm, box, a, out);
            box.op = new LDiv(0);
            e = executeExpectThrows(s, "LDiv(0)", jvm, box, a, out);
            assertEquals(ArithmeticException.class, e.getClass());
            box.op = new LDiv(Long.MIN_VALUE);
            executeAndCompare(s, "LDiv(MIN)", jvm, box, a, out);
        }
    }

    /** On one schedule: a class that runs, a class that throws for these inputs, then a third that runs. */
    @Test
    public void throwingClassBetweenTwoClassesOnOneSchedule() {
        int[] a = Inputs.intsIn(5019, N, -50, 1000);
        int[] out = new int[N];
        Box box = new Box(new Plus(5));
        JvmRun jvm = y -> K.boxThrows((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("thr").task("t", K::boxThrows, box, a, out)) {
            executeAndCompare(s, "Plus", jvm, box, a, out);
            box.op = new Checked(10_000);
            Throwable e = executeExpectThrows(s, "Checked", jvm, box, a, out);
            assertEquals(IllegalArgumentException.class, e.getClass());
            box.op = new Times(-2);
            executeAndCompare(s, "Times", jvm, box, a, out);
            box.op = new Plus(-5);
            assertTrue("Plus again: its kernel", executeAndCompare(s, "Plus again", jvm, box, a, out).cached());
        }
    }

    /** A null field read inside the callee (this.inner): the JVM's helpful NullPointerException message; then set. */
    @Test
    public void nullInsideTheCalleeThrowsTheJvmsMessage() {
        Fwd fwd = new Fwd(null);
        Box box = new Box(fwd);
        int[] a = ints(5020);
        int[] out = new int[N];
        JvmRun jvm = y -> K.boxNull((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("npe").task("t", K::boxNull, box, a, out)) {
            Throwable e = executeExpectThrows(s, "Fwd(null)", jvm, box, a, out);
            assertEquals(NullPointerException.class, e.getClass());
            fwd.inner = new Times(3);
            executeAndCompare(s, "Fwd(Times)", jvm, box, a, out);
            fwd.inner = new Fwd(new Plus(2));
            executeAndCompare(s, "Fwd(Fwd(Plus))", jvm, box, a, out);
        }
    }

    /**
     * A && and a ?: guarding devirtualised divisions (JLS 15.23, 15.25): the guarded division must not run where
     * the guard is false, so zero divisors may not make a check fail (the task must stay on the device).
     */
    @Test
    public void shortCircuitGuardsADevirtualisedDivision() {
        int[] a = JvmOracle.withSpecials(ints(5021), Integer.MIN_VALUE, Integer.MIN_VALUE, 5, -5);
        int[] b = JvmOracle.withSpecials(Inputs.intsIn(5022, N, -3, 4), -1, 0, 0, -1);
        check(K::guarded, (Guarded) new NonZero(), a.clone(), b.clone(), new int[N]);
        check(K::guarded, (Guarded) new Positive(), a.clone(), b.clone(), new int[N]);
    }

    /**
     * A callee writing out[i + off]: off 0 runs; off 1 writes past the end at the last i: the JVM's
     * ArrayIndexOutOfBoundsException, and the array as the JVM left it (elements 1..n-1 written).
     */
    @Test
    public void calleeWritesPastTheEndOfTheCallersArray() {
        check(K::sink, (Sink) new ShiftSink(0), ints(5023), new int[N]);
        Sink s1 = new ShiftSink(1);
        int[] a = ints(5024);
        int[] out = new int[N];
        Throwable e = MoreChecks.checkThrows(y -> K.sink((Sink) y[0], (int[]) y[1], (int[]) y[2]),
                s -> s.task("t", K::sink, s1, a, out), s1, a, out);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 1000 out of bounds for length 1000", e.getMessage());
    }

    // ================================================================ receivers and their fields

    /**
     * A bound instance kernel: this.op (non-final) and this.slot.op (a final field's field) change class between
     * executions of one schedule; three classes in turn, then the first pair again from its kernel.
     */
    @Test
    public void receiverFieldsChangeClassOnOneSchedule() {
        Slot slot = new Slot(new Plus(1));
        Runner r = new Runner(new Plus(2), slot);
        int[] a = ints(5025);
        int[] out = new int[N];
        JvmRun jvm = y -> r.run((int[]) y[0], (int[]) y[1]);
        try (TaskSchedule s = new TaskSchedule("runner").task("t", r::run, a, out)) {
            executeAndCompare(s, "Plus, Plus", jvm, a, out);
            r.op = new Times(-5);
            executeAndCompare(s, "Times, Plus", jvm, a, out);
            slot.op = new Xor(0x77);
            executeAndCompare(s, "Times, Xor", jvm, a, out);
            r.op = new Xor(1);
            slot.op = new Times(9);
            executeAndCompare(s, "Xor, Times", jvm, a, out);
            r.op = new Plus(100);
            slot.op = new Plus(-100);
            assertTrue("Plus, Plus again: its kernel", executeAndCompare(s, "Plus, Plus again", jvm, a, out)
                    .cached());
            assertEquals(5, s.report().task("t").executions());
        }
    }

    /**
     * A final reference field of the receiver changed by reflection (Field.setAccessible) to an object of another
     * class between executions of one schedule: the JVM reads the new object (the class is neither a record nor
     * hidden); the schedule must follow it (or refuse cleanly), never run the old class's code.
     */
    @Test
    public void finalFieldOfTheReceiverChangedByReflection() throws Exception {
        FinalRunner r = new FinalRunner(new Plus(4));
        int[] a = ints(5026);
        int[] out = new int[N];
        JvmRun jvm = y -> r.run((int[]) y[0], (int[]) y[1]);
        Field f = FinalRunner.class.getDeclaredField("fop");
        f.setAccessible(true);
        try (TaskSchedule s = new TaskSchedule("final").task("t", r::run, a, out)) {
            executeAndCompare(s, "Plus(4)", jvm, a, out);
            f.set(r, new Times(-13));
            assertEquals("the JVM sees the new object", -13, r.fop.apply(1));
            matchOrBailout("final field set to Times", () -> executeAndCompare(s, "Times(-13)", jvm, a, out));
            f.set(r, new Plus(-4));
            matchOrBailout("final field set to Plus(-4)", () -> executeAndCompare(s, "Plus(-4)", jvm, a, out));
        }
    }

    /** A kernel declared in an abstract class, bound on objects of three subclasses: calls on this dispatch. */
    @Test
    public void kernelInAnAbstractClassBoundOnThreeSubclasses() {
        for (AbsKernel k : new AbsKernel[] {new KA(3), new KB(-8), new KC(Integer.MIN_VALUE)}) {
            check(k::run, ints(5027), new int[N]);
        }
    }

    /** Static final fields of an interface that are not constants, read first by the device (JLS 12.4.1). */
    @Test
    public void nonConstantStaticFieldsOfAnInterfaceReadFirstOnTheDevice() {
        int[] a = ints(5028);
        int[] original = a.clone();
        int[] out = new int[N];
        Op op = new KonstUser();
        try (TaskSchedule s = new TaskSchedule("konst").task("t", K::opKonst, op, a, out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        int[] expected = new int[N];
        K.opKonst(op, original, expected);
        assertSame("out", expected, out);
    }

    /** Static char, boolean, short, byte, long and double fields of another class, changed between executions. */
    @Test
    public void narrowStaticFieldsChangedBetweenExecutions() {
        int[] a = ints(5029);
        int[] out = new int[N];
        Box box = new Box(new DialUser());
        JvmRun jvm = y -> K.boxDials((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("dials").task("t", K::boxDials, box, a, out)) {
            executeAndCompare(s, "on, A, -7", jvm, box, a, out);
            Dials.c = '\uFFFF';
            Dials.sh = Short.MIN_VALUE;
            executeAndCompare(s, "on, FFFF, MIN", jvm, box, a, out);
            Dials.on = false;
            Dials.dv = Double.NaN;
            Dials.by = Byte.MIN_VALUE;
            Dials.lv = Long.MIN_VALUE;
            executeAndCompare(s, "off, NaN", jvm, box, a, out);
            Dials.dv = -1e300;
            executeAndCompare(s, "off, -1e300", jvm, box, a, out);
        }
    }

    // ================================================================ objects made in the kernel

    /** A devirtualised factory returning a fresh object (covariant return, a chain of fresh objects), then called. */
    @Test
    public void freshObjectFromADevirtualisedFactoryIsCalled() {
        int[] a = Inputs.intsIn(5030, N, -50_000, 50_000);
        check(K::shapes, (ShapeMaker) new SqMaker(3), a.clone(), new int[N]);
        check(K::shapes, (ShapeMaker) new RectMaker(), a.clone(), new int[N]);
    }

    /** A factory whose result's class depends on the data (two allocation sites merged): right or a clean bailout. */
    @Test
    public void factoryWithTwoAllocationSitesRunsRightOrBailsOut() {
        int[] a = Inputs.intsIn(5031, N, -50_000, 50_000);
        matchOrBailout("MixMaker", () -> check(K::shapes, (ShapeMaker) new MixMaker(), a, new int[N]));
    }

    /** Records whose methods return fresh records, one of them from a devirtualised call (float, no contraction). */
    @Test
    public void scalarReplacementThroughCallsReturningRecords() {
        float[] x = Inputs.withFloatSpecials(Inputs.plainFloats(5032, N, -1e3f, 1e3f));
        float[] y = Inputs.plainFloats(5033, N, -1e3f, 1e3f);
        check(K::vec, (Offset) new ConstOffset(0.1f, -0.0f), x.clone(), y.clone(), new float[N]);
        check(K::vec, (Offset) new TOffset(), x.clone(), y.clone(), new float[N]);
    }

    /** A record's compact constructor throwing in the kernel: runs where it holds, the JVM's exception where not. */
    @Test
    public void recordCompactConstructorThrowsTheJvmsException() {
        int[] lo = Inputs.intsIn(5034, N, -1000, 1000);
        int[] hi = new int[N];
        for (int i = 0; i < N; i++) {
            hi[i] = lo[i] + (i % 5);
        }
        check(K::ranges, lo.clone(), hi.clone(), new int[N]);
        hi[321] = lo[321] - 1;
        int[] out = new int[N];
        Throwable e = MoreChecks.checkThrows(y -> K.ranges((int[]) y[0], (int[]) y[1], (int[]) y[2]),
                s -> s.task("t", K::ranges, lo, hi, out), lo, hi, out);
        assertEquals(IllegalArgumentException.class, e.getClass());
    }

    /** A record's own hashCode, and its equals(Object) with a type pattern, on kernel-made records. */
    @Test
    public void recordOwnHashCodeAndPatternEqualsRunRightOrBailOut() {
        int[] a = ints(5035);
        int[] b = ints(5036);
        matchOrBailout("Pt.hashCode/equals", () -> check(K::ptHash, a, b, new int[N]));
    }

    /** A record's generated hashCode (invokedynamic ObjectMethods): right or a clean bailout. */
    @Test
    public void recordGeneratedHashCodeRunsRightOrBailsOut() {
        matchOrBailout("AutoPt.hashCode", () -> check(K::autoHash, ints(5037), ints(5038), new int[N]));
    }

    /** A record implementing Op as a parameter (interface and record static types, accessors) and made in the kernel. */
    @Test
    public void recordAsParameterAndMadeInTheKernel() {
        AffineR r = new AffineR(-3, Integer.MIN_VALUE);
        check(K::recordParam, (Op) r, r, ints(5039), new int[N]);
        check(K::recordParam, (Op) new Plus(1), new AffineR(5, 6), ints(5039), new int[N]);
    }

    // ================================================================ type checks

    /**
     * instanceof and a cast on an object made in the kernel (its class known): the results where the cast is not
     * reached; where it is, the JVM's ClassCastException (or, both times, a clean bailout).
     */
    @Test
    public void instanceofAndFailingCastOnAKernelMadeObject() {
        int[] a = ints(5040);
        for (int i = 0; i < N; i++) {
            if (a[i] == 12345) {
                a[i] = 0;
            }
        }
        matchOrBailout("instanceof on kernel-made Rect", () -> check(K::castKernelMade, a.clone(), new int[N]));
        a[444] = 12345;
        int[] out = new int[N];
        throwsOrBailout("failing cast on kernel-made Rect", ClassCastException.class,
                y -> K.castKernelMade((int[]) y[0], (int[]) y[1]),
                s -> s.task("t", K::castKernelMade, a, out), a, out);
    }

    /**
     * instanceof with a pattern on a field object whose class changes on one schedule (Times: the pattern branch;
     * Plus: the other): each execution follows its class, or bails out cleanly.
     */
    @Test
    public void instanceofOnAFieldObjectFollowsItsClass() {
        int[] a = ints(5041);
        int[] out = new int[N];
        Box box = new Box(new Times(3));
        JvmRun jvm = y -> K.fieldInstanceof((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("inst").task("t", K::fieldInstanceof, box, a, out)) {
            matchOrBailout("instanceof Times on Times", () -> executeAndCompare(s, "Times", jvm, box, a, out));
            box.op = new Plus(3);
            matchOrBailout("instanceof Times on Plus", () -> executeAndCompare(s, "Plus", jvm, box, a, out));
            box.op = new Times(-1);
            matchOrBailout("instanceof Times on Times(-1)", () -> executeAndCompare(s, "Times(-1)", jvm, box, a,
                    out));
        }
    }

    /**
     * p == q on parameters (JLS 15.21.3): the same object, two equal objects of one class (never ==), two classes.
     * A comparison decided from the objects' descriptions (class and fields) would be wrong for the second.
     */
    @Test
    public void referenceComparisonOfParametersIsIdentity() {
        Op same = new Plus(3);
        int[] a = ints(5042);
        matchOrBailout("p == q, same object", () -> check(K::identity, same, same, a.clone(), new int[N]));
        matchOrBailout("p == q, equal objects", () -> check(K::identity, (Op) new Plus(3), (Op) new Plus(3),
                a.clone(), new int[N]));
        matchOrBailout("p == q, two classes", () -> check(K::identity, (Op) new Plus(3), (Op) new Times(3),
                a.clone(), new int[N]));
    }

    /** (c ? p : q).apply(x) with a uniform boolean parameter: one class and two classes, both ways. */
    @Test
    public void conditionalReceiverOnAUniformBoolean() {
        int[] a = ints(5043);
        for (boolean c : new boolean[] {true, false}) {
            matchOrBailout("(c ? Plus : Plus), c=" + c, () -> check(K::condReceiver, c, (Op) new Plus(1),
                    (Op) new Plus(2), a.clone(), new int[N]));
            matchOrBailout("(c ? Plus : Times), c=" + c, () -> check(K::condReceiver, c, (Op) new Plus(1),
                    (Op) new Times(2), a.clone(), new int[N]));
        }
    }

    /** The receiver chosen before the loop (Op g = c ? p : q): both ways, two classes. */
    @Test
    public void receiverChosenBeforeTheLoop() {
        int[] a = ints(5044);
        for (boolean c : new boolean[] {true, false}) {
            matchOrBailout("g = c ? Plus : Times, c=" + c, () -> check(K::condBeforeLoop, c, (Op) new Plus(1),
                    (Op) new Times(2), a.clone(), new int[N]));
        }
    }

    /** Object.hashCode called on an Object parameter: overridden (Key) and identity (NoHashKey). */
    @Test
    public void hashCodeOnAnObjectParameter() {
        int[] a = ints(5045);
        matchOrBailout("Key.hashCode", () -> check(K::hash, (Object) new Key(7, -9), a.clone(), new int[N]));
        matchOrBailout("Object.hashCode", () -> check(K::hash, (Object) new NoHashKey(), a.clone(), new int[N]));
    }

    /** An Op[] field: a constant index and an index from the loop. Right or a clean bailout. */
    @Test
    public void objectArrayFieldRunsRightOrBailsOut() {
        Table t = new Table(new Plus(1), new Times(5));
        matchOrBailout("t.ops[0]", () -> check(K::tableConst, t, ints(5046), new int[N]));
        matchOrBailout("t.ops[i & 1]", () -> check(K::tableIndexed, t, ints(5046), new int[N]));
    }

    /** A varargs callee (int[] made in the kernel, one of length 0). Right or a clean bailout. */
    @Test
    public void varargsCalleeRunsRightOrBailsOut() {
        matchOrBailout("varargs", () -> check(K::varargs, (Summer) new WeightedSum(-3), ints(5047), new int[N]));
    }

    // ================================================================ lambdas and method references

    /** A non-capturing lambda in a final field of the receiver. Right or a clean bailout. */
    @Test
    public void lambdaInAReceiverField() {
        FnHolder h = new FnHolder(x -> x * 3 - 1);
        matchOrBailout("IntUnaryOperator lambda field", () -> check(h::run, ints(5048), new int[N]));
    }

    /** Static method references and a capturing lambda as an IntBinaryOperator parameter. Right or a bailout. */
    @Test
    public void methodReferencesAndCapturingLambdaAsParameters() {
        int[] a = ints(5049);
        int[] b = ints(5050);
        int k = -17;
        matchOrBailout("Math::max", () -> check(K::binop, (IntBinaryOperator) Math::max, a.clone(), b.clone(),
                new int[N]));
        matchOrBailout("Integer::sum", () -> check(K::binop, (IntBinaryOperator) Integer::sum, a.clone(),
                b.clone(), new int[N]));
        matchOrBailout("capturing (x, y) -> x * k + y", () -> check(K::binop,
                (IntBinaryOperator) (x, y) -> x * k + y, a.clone(), b.clone(), new int[N]));
    }

    /** A capturing DoubleUnaryOperator lambda (double IEEE, no contraction). Right or a clean bailout. */
    @Test
    public void capturingDoubleLambda() {
        double s = 1.0000000000000002;
        double c = -0.0;
        double[] x = Inputs.withDoubleSpecials(Inputs.plainDoubles(5051, N, -1e6, 1e6));
        matchOrBailout("x -> x * s + c", () -> check(K::dunop, (DoubleUnaryOperator) v -> v * s + c, x,
                new double[N]));
    }

    /**
     * A named class implementing IntUnaryOperator (an ordinary class, not a lambda): must run; its inherited JDK
     * default andThen (which makes a lambda) runs right or bails out cleanly.
     */
    @Test
    public void namedClassImplementingAJdkFunctionalInterface() {
        check(K::unop, (IntUnaryOperator) new NegOp(3), ints(5052), new int[N]);
        matchOrBailout("NegOp.andThen(NegOp)", () -> check(K::unop, new NegOp(3).andThen(new NegOp(-2)),
                ints(5052), new int[N]));
    }

    // ================================================================ second batch: type tests

    /**
     * instanceof against the exact class, superclasses, an interface the class does or does not implement, and a
     * type pattern reading a superclass's field, on parameters of each class of a hierarchy (JLS 15.20.2: a
     * subclass object is an instance of its superclasses): right or a clean bailout.
     */
    @Test
    public void instanceofSuperclassesAndInterfacesOnAParameter() {
        for (Op o : new Op[] {new Base(3), new Mid(4), new Leaf(5), new Other(), new Plus(6)}) {
            matchOrBailout("typeTests " + o.getClass().getSimpleName(), () -> check(K::typeTests, o, ints(6001),
                    new int[N]));
        }
    }

    /**
     * The same type tests on a field object whose class changes on one schedule, a cast to a superclass, and null
     * (null instanceof X is false; the call is behind a null test): each execution right or a clean bailout.
     */
    @Test
    public void instanceofSuperclassesAndNullOnAFieldObjectOnOneSchedule() {
        int[] a = ints(6002);
        int[] out = new int[N];
        Box box = new Box(new Base(3));
        JvmRun jvm = y -> K.fieldTypeTests((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("ftt").task("t", K::fieldTypeTests, box, a, out)) {
            for (Op o : new Op[] {new Base(3), new Mid(4), new Leaf(5), new Other(), null, new Mid(-4)}) {
                box.op = o;
                String what = "fieldTypeTests " + (o == null ? "null" : o.getClass().getSimpleName());
                matchOrBailout(what, () -> executeAndCompare(s, what, jvm, box, a, out));
            }
        }
    }

    /** getClass() == Times.class on a field object whose class changes: right or a clean bailout. */
    @Test
    public void getClassComparisonOnAFieldObject() {
        int[] a = ints(6003);
        int[] out = new int[N];
        Box box = new Box(new Times(2));
        JvmRun jvm = y -> K.getClassTest((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("gc").task("t", K::getClassTest, box, a, out)) {
            matchOrBailout("getClass Times", () -> executeAndCompare(s, "Times", jvm, box, a, out));
            box.op = new Plus(2);
            matchOrBailout("getClass Plus", () -> executeAndCompare(s, "Plus", jvm, box, a, out));
        }
    }

    /** A generic helper over an intersection type (T extends Base &amp; Weight): a checkcast to Weight. */
    @Test
    public void intersectionTypeHelperRunsRightOrBailsOut() {
        matchOrBailout("T extends Base & Weight", () -> check(K::intersection, new WBase(-6), ints(6004),
                new int[N]));
    }

    // ================================================================ second batch: fields, arrays, aliasing

    /**
     * A final primitive field changed by reflection on the same object (same class, so the kernel is reused) between
     * executions: the JVM reads the new value; so must the device.
     */
    @Test
    public void finalPrimitiveFieldChangedByReflectionOnTheSameObject() throws Exception {
        Plus p = new Plus(4);
        int[] a = ints(6005);
        int[] out = new int[N];
        Field f = Plus.class.getDeclaredField("k");
        f.setAccessible(true);
        JvmRun jvm = y -> K.opFinalK((Op) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("finalk").task("t", K::opFinalK, (Op) p, a, out)) {
            executeAndCompare(s, "k = 4", jvm, p, a, out);
            f.setInt(p, 99);
            assertEquals("the JVM sees the new value", 100, p.apply(1));
            executeAndCompare(s, "k = 99", jvm, p, a, out);
        }
    }

    /**
     * A look-up table in a final array field of the callee's object: its contents changed between executions, then
     * another object of the same class with a shorter table (the JVM's ArrayIndexOutOfBoundsException), another
     * table, a null table (the JVM's NullPointerException and message), then the first again.
     */
    @Test
    public void arrayFieldOfTheCalleesObjectChangesContentsAndLength() {
        int[] table = Inputs.ints(6006, 16);
        int[] a = ints(6007);
        int[] out = new int[N];
        Box box = new Box(new Lut(table));
        JvmRun jvm = y -> K.boxLut((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("lut").task("t", K::boxLut, box, a, out)) {
            executeAndCompare(s, "table", jvm, box, a, out);
            table[3] = 999;
            table[15] = Integer.MIN_VALUE;
            executeAndCompare(s, "table changed", jvm, box, a, out);
            box.op = new Lut(new int[8]);
            Throwable e = executeExpectThrows(s, "short table", jvm, box, a, out);
            assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
            box.op = new Lut(Inputs.ints(6008, 16));
            executeAndCompare(s, "another table", jvm, box, a, out);
            box.op = new Lut(null);
            e = executeExpectThrows(s, "null table", jvm, box, a, out);
            assertEquals(NullPointerException.class, e.getClass());
            box.op = new Lut(table);
            executeAndCompare(s, "the first table again", jvm, box, a, out);
        }
    }

    /** A devirtualised callee writing its own object's array field (r.log[i]): copied back as the JVM leaves it. */
    @Test
    public void calleeWritesItsObjectsArrayField() {
        int[] a = ints(6009);
        Recorder dev = new Recorder(N);
        Recorder jvmR = new Recorder(N);
        int[] out = new int[N];
        int[] jvmOut = new int[N];
        K.record(jvmR, a.clone(), jvmOut);
        try (TaskSchedule s = new TaskSchedule("rec").task("t", K::record, dev, a, out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        assertSame("out", jvmOut, out);
        assertSame("r.log", jvmR.log, dev.log);
    }

    /**
     * Two objects whose array fields are one array (p.data == q.data): the kernel writes through p and reads through
     * q at the same index, so it must read what it wrote (JLS 17.4.5, one thread per element). Also one object
     * whose array field is the output parameter.
     */
    @Test
    public void arrayFieldsAliasingEachOtherAndAParameter() {
        int[] a = ints(6010);
        int[] d = Inputs.ints(6011, N);
        int[] dJvm = d.clone();
        int[] out = new int[N];
        int[] outJvm = new int[N];
        K.alias(new Buf(dJvm), new Buf(dJvm), a.clone(), outJvm);
        try (TaskSchedule s = new TaskSchedule("alias").task("t", K::alias, new Buf(d), new Buf(d), a, out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        assertSame("out", outJvm, out);
        assertSame("shared data", dJvm, d);
        int[] out2 = Inputs.ints(6012, N);
        int[] out2Jvm = out2.clone();
        K.aliasParam(new Buf(out2Jvm), a.clone(), out2Jvm);
        try (TaskSchedule s = new TaskSchedule("alias2").task("t", K::aliasParam, new Buf(out2), a, out2)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        assertSame("out aliased by p.data", out2Jvm, out2);
    }

    /**
     * The loop bound and a factor computed before the loop by a devirtualised call whose class changes on one
     * schedule: the launch size and the factor follow each execution (an empty range included).
     */
    @Test
    public void loopBoundFromADevirtualisedCallFollowsTheClass() {
        int[] a = ints(6013);
        int[] out = new int[N];
        Box box = new Box(new Plus(-500));
        JvmRun jvm = y -> K.boundByCall((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("bound").task("t", K::boundByCall, box, a, out)) {
            for (Op o : new Op[] {new Plus(-500), new Times(2), new Plus(-999), new Xor(-1), new Plus(-500),
                new Plus(-10), new Times(1)}) {
                box.op = o;
                String what = o.getClass().getSimpleName() + " " + o.apply(N) + ", k " + o.apply(7);
                matchOrBailout(what, () -> executeAndCompare(s, what, jvm, box, a, out));
            }
        }
    }

    /**
     * Two tasks of one method in one schedule, their boxes holding different classes, swapped between executions:
     * each task follows its own object; the second reads the first's output.
     */
    @Test
    public void twoTasksOfOneMethodWithDifferentClasses() {
        int[] a = ints(6014);
        int[] tmp = new int[N];
        int[] out = new int[N];
        Box b1 = new Box(new Plus(3));
        Box b2 = new Box(new Times(5));
        try (TaskSchedule s = new TaskSchedule("two").task("t1", K::boxOp, b1, a, tmp)
                .task("t2", K::boxOp, b2, tmp, out)) {
            for (int round = 0; round < 3; round++) {
                int[] tmpJvm = new int[N];
                int[] outJvm = new int[N];
                K.boxOp(b1, a.clone(), tmpJvm);
                K.boxOp(b2, tmpJvm.clone(), outJvm);
                s.execute();
                assertRanOnDevice(s.report(), "t1");
                assertRanOnDevice(s.report(), "t2");
                assertSame("round " + round + " tmp", tmpJvm, tmp);
                assertSame("round " + round + " out", outJvm, out);
                Op t = b1.op;
                b1.op = b2.op;
                b2.op = round == 0 ? t : new Xor(round);
            }
        }
    }

    // ================================================================ second batch: callees

    /**
     * Narrow returns: a char return as an index (unsigned, 0..65535), a byte return sign-extended, a short return
     * under >>> (sign-extended first), a boolean return stored.
     */
    @Test
    public void narrowReturnsAsIndexMultiplierAndShiftOperand() {
        int[] a = JvmOracle.withSpecials(ints(6015), -1, 0x8000, 0xFFFF, Integer.MIN_VALUE, 0x7F, 0x80);
        int[] lut = Inputs.ints(6016, 65536);
        check(K::narrow, (Narrow) new NarrowA(1), a.clone(), lut, new int[N], new boolean[N]);
        check(K::narrow, (Narrow) new NarrowA(-3), a.clone(), lut, new int[N], new boolean[N]);
    }

    /** A kernel that is an interface default method, bound on objects of two classes (calls on this). */
    @Test
    public void defaultMethodKernelBoundOnTwoClasses() {
        for (DefKernel k : new DefKernel[] {new DK1(), new DK2()}) {
            check(k::run, ints(6017), new int[N]);
        }
    }

    /**
     * invokevirtual on a class type resolved to an interface method (JVMS 5.4.3.3): AbsOp.apply (abstract, from
     * Op) and DefC.def (a default); one class overriding the default.
     */
    @Test
    public void invokevirtualResolvedToInterfaceMethods() {
        check(K::miranda, (AbsOp) new ConcOp(), new DefC(), ints(6018), new int[N]);
        check(K::miranda, (AbsOp) new ConcOp(), (DefC) new DefD(), ints(6018), new int[N]);
    }

    /** A callee catching its own ArithmeticException: the JVM's -1 where it divides by zero, or a clean bailout. */
    @Test
    public void tryCatchInTheCalleeRunsRightOrBailsOut() {
        matchOrBailout("try/catch in callee", () -> check(K::opSafeDiv, (Op) new SafeDiv(3), ints(6019), new int[N]));
    }

    /** A record parameter whose components are records (fields of fields), and a kernel-made record passed in. */
    @Test
    public void recordParameterWithRecordComponents() {
        float[] x = Inputs.plainFloats(6020, N, -100f, 100f);
        check(K::line, new Line(new Vec2(1.5f, -2f), new Vec2(-0.0f, 3.25f)), x.clone(), new float[N]);
        check(K::line, new Line(new Vec2(Float.NaN, 0f), new Vec2(1e30f, -1e30f)), x.clone(), new float[N]);
    }

    /** A kernel-made object with a reference field holding a parameter (new Fwd(p)): right or a clean bailout. */
    @Test
    public void kernelMadeObjectHoldingAParameterRunsRightOrBailsOut() {
        matchOrBailout("new Fwd(p)", () -> check(K::madeWithParam, (Op) new Times(7), ints(6021), new int[N]));
    }

    /** switch (this) in an enum's method (javac's $SwitchMap): three constants, right or a clean bailout. */
    @Test
    public void enumSwitchOnThisRunsRightOrBailsOut() {
        for (Mode m : Mode.values()) {
            matchOrBailout("switch (this) " + m, () -> check(K::opMode, (Op) m, ints(6022), new int[N]));
        }
    }

    /** A while loop whose condition and step are devirtualised calls, two classes. */
    @Test
    public void whileLoopWithDevirtualisedConditionAndStep() {
        check(K::iter, (Iter) new CountIter(), ints(6023), new int[N]);
        check(K::iter, (Iter) new HalfIter(), ints(6023), new int[N]);
    }

    /** A private nested class with a private constructor and a local class, as the object called. */
    @Test
    public void privateNestedAndLocalClasses() {
        class Local implements Op {
            @Override
            public int apply(int x) {
                return x ^ 0x7777;
            }
        }
        check(K::opSecret, (Op) new Secret(9), ints(6024), new int[N]);
        check(K::opSecret, (Op) new Local(), ints(6024), new int[N]);
    }

    /** An inner class reading its enclosing instance's non-final field (this$0.bias), changed between executions. */
    @Test
    public void innerClassReadsTheEnclosingInstancesFieldEachExecution() {
        int[] a = ints(6025);
        int[] out = new int[N];
        Box box = new Box(new Inner(5));
        JvmRun jvm = y -> K.boxInner((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("inner").task("t", K::boxInner, box, a, out)) {
            executeAndCompare(s, "bias 3", jvm, box, a, out);
            bias = -77;
            executeAndCompare(s, "bias -77", jvm, box, a, out);
            box.op = new Inner(-2);
            bias = Integer.MAX_VALUE;
            executeAndCompare(s, "Inner(-2), bias MAX", jvm, box, a, out);
        }
    }

    // ================================================================ third batch

    /**
     * A cast of a parameter to a class it is not an instance of (Other to Base, JLS 15.16): not reached, the
     * results; reached, the JVM's ClassCastException; unconditional, the same. Never a field read of the wrong class.
     */
    @Test
    public void failingCastOfAParameterThrowsTheJvmsExceptionOrBailsOut() {
        int[] a = ints(7001);
        for (int i = 0; i < N; i++) {
            if (a[i] == 12345) {
                a[i] = 0;
            }
        }
        matchOrBailout("(Base) Other, not reached", () -> check(K::castParam, (Op) new Other(), a.clone(),
                new int[N]));
        matchOrBailout("(Base) Leaf, reached", () -> check(K::castParam, (Op) new Leaf(8),
                JvmOracle.withSpecials(a.clone(), 12345), new int[N]));
        int[] b = a.clone();
        b[777] = 12345;
        int[] out = new int[N];
        throwsOrBailout("(Base) Other, reached", ClassCastException.class,
                y -> K.castParam((Op) y[0], (int[]) y[1], (int[]) y[2]),
                s -> s.task("t", K::castParam, (Op) new Other(), b, out), new Other(), b, out);
        int[] out2 = new int[N];
        throwsOrBailout("(Base) Plus, always", ClassCastException.class,
                y -> K.castParamAlways((Op) y[0], (int[]) y[1], (int[]) y[2]),
                s -> s.task("t", K::castParamAlways, (Op) new Plus(1), a, out2), new Plus(1), a, out2);
    }

    /**
     * Casts of a field object to a subclass and to an interface (Mid, Weight): a Leaf passes both; a Mid fails the
     * interface cast, a Base the class cast (the JVM's ClassCastException); on one schedule, or a clean bailout.
     */
    @Test
    public void failingCastsOfAFieldObjectOnOneSchedule() {
        int[] a = JvmOracle.withSpecials(ints(7002), 12345);
        int[] out = new int[N];
        Box box = new Box(new Leaf(3));
        JvmRun jvm = y -> K.castField((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("castf").task("t", K::castField, box, a, out)) {
            matchOrBailout("(Mid), (Weight) of Leaf", () -> executeAndCompare(s, "Leaf", jvm, box, a, out));
            for (Op o : new Op[] {new Mid(2), new Base(1), new Leaf(-3)}) {
                box.op = o;
                String what = "(Mid), (Weight) of " + o.getClass().getSimpleName();
                if (o instanceof Leaf) {
                    matchOrBailout(what, () -> executeAndCompare(s, what, jvm, box, a, out));
                    continue;
                }
                try {
                    Throwable e = executeExpectThrows(s, what, jvm, box, a, out);
                    assertEquals(ClassCastException.class, e.getClass());
                } catch (AssertionError err) {
                    if (!(err.getCause() instanceof CompilationException)) {
                        throw err;
                    }
                    synchronized (BAILOUTS) {
                        BAILOUTS.add(what + ": " + err.getCause().getMessage().replace('\n', ' '));
                    }
                }
            }
        }
    }

    /** equals(Object) on Object parameters (Key's, with a type pattern; Object's, identity): right or a bailout. */
    @Test
    public void equalsOnObjectParameters() {
        int[] a = ints(7003);
        Key k = new Key(1, 2);
        matchOrBailout("Key.equals(equal Key)", () -> check(K::eq, (Object) k, (Object) new Key(1, 2), a.clone(),
                new int[N]));
        matchOrBailout("Key.equals(other Key)", () -> check(K::eq, (Object) k, (Object) new Key(1, 3), a.clone(),
                new int[N]));
        matchOrBailout("Key.equals(NoHashKey)", () -> check(K::eq, (Object) k, (Object) new NoHashKey(), a.clone(),
                new int[N]));
        NoHashKey n = new NoHashKey();
        matchOrBailout("Object.equals(same)", () -> check(K::eq, (Object) n, (Object) n, a.clone(), new int[N]));
        matchOrBailout("Object.equals(other)", () -> check(K::eq, (Object) n, (Object) new NoHashKey(), a.clone(),
                new int[N]));
    }

    /**
     * Conversions in a callee (JLS 5.1.2, 5.1.3): x * y overflows in int before it widens to long, x + MAX_VALUE
     * likewise, x * x in int before i2d, l2f rounding, d2i saturation.
     */
    @Test
    public void calleeConversionsHappenWhereJavaPutsThem() {
        int[] a = JvmOracle.withSpecials(ints(7004), Integer.MAX_VALUE, Integer.MIN_VALUE, 46_341, -46_341, 65_536);
        int[] b = JvmOracle.withSpecials(ints(7005), 2, -1, 46_341, 65_536, 65_536);
        long[] la = Inputs.with(Inputs.longs(7006, N), Long.MAX_VALUE, (1L << 53) + 1, (1L << 24) + 1,
                Long.MIN_VALUE + 1, 0x7FFF_FFC0_0000_0001L);
        check(K::conv, (Conv) new PlainConv(), a, b, la, new long[N], new double[N]);
    }

    /** A kernel-made object's method receiving a parameter object and calling it; two classes. */
    @Test
    public void kernelMadeObjectCallsAParameterObjectPassedToIt() {
        check(K::cellVia, (Op) new Plus(-8), ints(7007), new int[N]);
        check(K::cellVia, (Op) new Xor(0x3C3C), ints(7007), new int[N]);
    }

    /**
     * A decorator whose depth changes on one schedule (Fwd(Fwd(Plus)), Fwd(Plus), Fwd(Fwd(Times))): the host's
     * guard must cover every class down the chain, not only the first.
     */
    @Test
    public void decoratorDepthAndInnermostClassChangeOnOneSchedule() {
        int[] a = ints(7008);
        int[] out = new int[N];
        Fwd inner = new Fwd(new Plus(1));
        Fwd outer = new Fwd(inner);
        Box box = new Box(outer);
        JvmRun jvm = y -> K.boxDepth((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("depth").task("t", K::boxDepth, box, a, out)) {
            executeAndCompare(s, "Fwd(Fwd(Plus))", jvm, box, a, out);
            outer.inner = new Plus(2);
            executeAndCompare(s, "Fwd(Plus)", jvm, box, a, out);
            outer.inner = inner;
            inner.inner = new Times(3);
            executeAndCompare(s, "Fwd(Fwd(Times))", jvm, box, a, out);
            inner.inner = new Plus(4);
            assertTrue("Fwd(Fwd(Plus)) again: its kernel", executeAndCompare(s, "Fwd(Fwd(Plus)) again", jvm, box,
                    a, out).cached());
            inner.inner = new Fwd(new Times(-1));
            matchOrBailout("Fwd(Fwd(Fwd(Times)))", () -> executeAndCompare(s, "Fwd(Fwd(Fwd(Times)))", jvm, box, a,
                    out));
            outer.inner = new Xor(9);
            executeAndCompare(s, "Fwd(Xor)", jvm, box, a, out);
        }
    }

    /** A @Reduce accumulator kept across executions of one schedule whose box changes class. */
    @Test
    public void reduceAcrossClassChangesOnOneSchedule() {
        int[] a = Inputs.ints(7009, 100_003);
        int[] sum = {42};
        Box box = new Box(new Plus(1));
        JvmRun jvm = y -> K.reduceBox((Box) y[0], (int[]) y[1], (int[]) y[2]);
        try (TaskSchedule s = new TaskSchedule("rbox").task("t", K::reduceBox, box, a, sum)) {
            executeAndCompare(s, "Plus", jvm, box, a, sum);
            box.op = new Times(-3);
            executeAndCompare(s, "Times", jvm, box, a, sum);
            box.op = new Plus(Integer.MIN_VALUE);
            executeAndCompare(s, "Plus(MIN)", jvm, box, a, sum);
        }
    }

    /**
     * The task ran on the device, or (JLS 12.4.1) on the JVM because a class whose static field it reads was not
     * initialised yet and its initialiser could be seen: then the JVM initialises it where Java reads the field.
     */
    private static void ranOnDeviceOrInitialisedByTheJvm(TaskSchedule s) {
        String reason = s.report().task("t").reason();
        if (!reason.contains("not initialised yet")) {
            assertRanOnDevice(s.report(), "t");
        }
    }

    /**
     * Class initialisation with a side effect (JLS 12.4.1, 12.4.2): InitOrder1 reads Count1.y (1: Count1 alone is
     * initialised) and then Bump1.x, whose initialiser sets Count1.y = 5, so element 0 sees 1 and every later one
     * 5. The device runs first on classes no one has initialised; the JVM's run uses an identical pair of fresh
     * classes. Right or a clean bailout. Finding (fixed): a wrong result, out[0] = 5000 + 9 * a[0] (the JVM: 1000 +
     * ...): the host ran Bump1's initialiser before it read Count1.y. Now an execution that would initialise a class
     * whose initialiser can be seen runs on the JVM.
     */
    @Test
    public void classInitialisationSideEffectReadBeforeTheInitialiserRuns() {
        int[] a = ints(7010);
        int[] out = new int[N];
        int[] expected = new int[N];
        try {
            try (TaskSchedule s = new TaskSchedule("init1").task("t", K::opInit1, (Op) new InitOrder1(), a.clone(),
                    out)) {
                s.execute();
                ranOnDeviceOrInitialisedByTheJvm(s);
            }
            K.opInit1(new InitOrder1J(), a.clone(), expected);
            assertSame("out", expected, out);
        } catch (CompilationException e) {
            synchronized (BAILOUTS) {
                BAILOUTS.add("InitOrder1: " + e.getMessage().replace('\n', ' '));
            }
        }
    }

    /**
     * The other order: InitOrder2 reads Bump2.x first (its initialiser sets Count2.y = 5), then Count2.y, so every
     * element sees 5, though Count2 is initialised (y = 1) before Bump2's initialiser writes it. Right or a bailout.
     */
    @Test
    public void classInitialisationSideEffectReadAfterTheInitialiserRuns() {
        int[] a = ints(7011);
        int[] out = new int[N];
        int[] expected = new int[N];
        try {
            try (TaskSchedule s = new TaskSchedule("init2").task("t", K::opInit2, (Op) new InitOrder2(), a.clone(),
                    out)) {
                s.execute();
                ranOnDeviceOrInitialisedByTheJvm(s);
            }
            K.opInit2(new InitOrder2J(), a.clone(), expected);
            assertSame("out", expected, out);
        } catch (CompilationException e) {
            synchronized (BAILOUTS) {
                BAILOUTS.add("InitOrder2: " + e.getMessage().replace('\n', ' '));
            }
        }
    }

    /** A callee writing a static field (n++): the JVM's count and results, or a clean bailout. */
    @Test
    public void calleeWritingAStaticFieldRunsRightOrBailsOut() {
        int[] a = ints(7012);
        Tally.n = 0;
        int[] out = new int[N];
        try {
            try (TaskSchedule s = new TaskSchedule("tally").task("t", K::opTally, (Op) new Tally(), a.clone(), out)) {
                s.execute();
                assertRanOnDevice(s.report(), "t");
            }
            int deviceN = Tally.n;
            Tally.n = 0;
            int[] expected = new int[N];
            K.opTally(new Tally(), a.clone(), expected);
            assertSame("out", expected, out);
            assertEquals("Tally.n", Tally.n, deviceN);
        } catch (CompilationException e) {
            assertEquals("a refused run writes nothing", 0, Tally.n);
            synchronized (BAILOUTS) {
                BAILOUTS.add("static write n++: " + e.getMessage().replace('\n', ' '));
            }
        }
    }

    /** A callee writing an instance field of its object (last = x): the JVM's last value, or a clean bailout. */
    @Test
    public void calleeWritingAnInstanceFieldRunsRightOrBailsOut() {
        int[] a = ints(7013);
        Last dev = new Last();
        Last jvm = new Last();
        int[] out = new int[N];
        int[] expected = new int[N];
        K.opLast(jvm, a.clone(), expected);
        try {
            try (TaskSchedule s = new TaskSchedule("last").task("t", K::opLast, (Op) dev, a.clone(), out)) {
                s.execute();
                assertRanOnDevice(s.report(), "t");
            }
            assertSame("out", expected, out);
            assertEquals("last", jvm.last, dev.last);
        } catch (CompilationException e) {
            assertEquals("a refused run writes nothing", 0, dev.last);
            synchronized (BAILOUTS) {
                BAILOUTS.add("instance write last = x: " + e.getMessage().replace('\n', ' '));
            }
        }
    }

    /**
     * A static field read behind a branch no element takes (x == 12345 ? Bump3.x : 0): the JVM never initialises
     * Bump3, so its initialiser's write to Count3.y never happens (JLS 12.4.1) and every element sees y = 1. The
     * device runs first on fresh classes, the JVM on an identical fresh pair. Right or a clean bailout. Finding (fixed):
     * a wrong result in every element (5000 + x for the JVM's 1000 + x): the host initialised Bump3 for a read no
     * element reaches.
     */
    @Test
    public void staticReadNotReachedDoesNotRunTheInitialiser() {
        int[] a = ints(7014);
        for (int i = 0; i < N; i++) {
            if (a[i] == 12345) {
                a[i] = 1;
            }
        }
        int[] out = new int[N];
        int[] expected = new int[N];
        try {
            try (TaskSchedule s = new TaskSchedule("unr").task("t", K::opUnreached3, (Op) new Unreached3(),
                    a.clone(), out)) {
                s.execute();
                ranOnDeviceOrInitialisedByTheJvm(s);
            }
            K.opUnreached3(new Unreached3J(), a.clone(), expected);
            assertSame("out", expected, out);
            assertEquals("Count3.y as the JVM's Count3J.y", Count3J.y, Count3.y);
        } catch (CompilationException e) {
            synchronized (BAILOUTS) {
                BAILOUTS.add("Unreached3: " + e.getMessage().replace('\n', ' '));
            }
        }
    }

    /**
     * A class whose initialiser throws, read behind a branch no element takes: the JVM returns normally and never
     * initialises the class, so execute() must run right or refuse cleanly, and in either case leave the class
     * uninitialised (JLS 12.4.1): the program's first read must then be the first attempt, ExceptionInInitializerError.
     * Device and JVM each use their own fresh class. Finding (fixed): a clean bailout ("reads a field of a class that
     * cannot be loaded"), but the host had run BoomD's initialiser: the program's own first read of BoomD.x then got
     * NoClassDefFoundError ("Could not initialize class").
     */
    @Test
    public void throwingInitialiserWhereTheReadIsNotReached() {
        int[] a = ints(7015);
        for (int i = 0; i < N; i++) {
            if (a[i] == 12345) {
                a[i] = 1;
            }
        }
        int[] out = new int[N];
        int[] expected = new int[N];
        try (TaskSchedule s = new TaskSchedule("boom").task("t", K::opBoom, (Op) new UsesBoomD(), a.clone(), out)) {
            s.execute();
            ranOnDeviceOrInitialisedByTheJvm(s);
            K.opBoom(new UsesBoomJ(), a.clone(), expected);
            assertSame("out", expected, out);
        } catch (CompilationException e) {
            synchronized (BAILOUTS) {
                BAILOUTS.add("BoomD not reached: " + e.getMessage().replace('\n', ' '));
            }
        }
        // No code that ran read BoomD.x, so the program's first read is the first initialisation attempt.
        try {
            fail("BoomD.x = " + BoomD.x);
        } catch (ExceptionInInitializerError firstAttempt) {
            // JLS 12.4.2 step 11: the first attempt throws ExceptionInInitializerError
        } catch (NoClassDefFoundError e) {
            throw new AssertionError("BoomD's initialiser already ran (and failed) though no element read BoomD.x "
                    + "(JLS 12.4.1): " + e, e);
        }
    }

    /**
     * The same class shape, the read reached (a[500] == 12345): the JVM throws ExceptionInInitializerError (cause
     * ArithmeticException); execute() must throw it too, or refuse cleanly without having run the initialiser (a
     * later read by the program is then the first attempt, ExceptionInInitializerError, not NoClassDefFoundError).
     * Finding (fixed): a clean bailout, but after it the class was already in the erroneous state, so a JVM run of
     * the same method (what a non-strict schedule does next) threw NoClassDefFoundError instead of the JVM's
     * ExceptionInInitializerError.
     */
    @Test
    public void throwingInitialiserWhereTheReadIsReached() {
        int[] b = ints(7016);
        for (int i = 0; i < N; i++) {
            if (b[i] == 12345) {
                b[i] = 1;
            }
        }
        b[500] = 12345;
        Throwable jvmEx = null;
        try {
            K.opBoom2(new UsesBoomJ2(), b.clone(), new int[N]);
        } catch (Throwable t) {
            jvmEx = t;
        }
        assertNotNull("the JVM throws", jvmEx);
        assertEquals(ExceptionInInitializerError.class, jvmEx.getClass());
        int[] out2 = new int[N];
        try (TaskSchedule s = new TaskSchedule("boom2").task("t", K::opBoom2, (Op) new UsesBoomD2(), b, out2)) {
            s.execute();
            fail("expected " + jvmEx + ", but execute() returned; report:\n" + s.report());
        } catch (CompilationException e) {
            synchronized (BAILOUTS) {
                BAILOUTS.add("BoomD2 reached: " + e.getMessage().replace('\n', ' '));
            }
            // Nothing ran: the program's first read of BoomD2.x is still the first initialisation attempt.
            try {
                fail("BoomD2.x = " + BoomD2.x);
            } catch (ExceptionInInitializerError firstAttempt) {
                // JLS 12.4.2 step 11
            } catch (NoClassDefFoundError e2) {
                throw new AssertionError("a refused execute() already ran BoomD2's initialiser (a later JVM run "
                        + "gets NoClassDefFoundError, not the JVM's ExceptionInInitializerError): " + e2, e2);
            }
        } catch (Throwable t) {
            if (t.getClass() != jvmEx.getClass()) {
                AssertionError err = new AssertionError("expected " + jvmEx + " but got " + t);
                err.initCause(t);
                throw err;
            }
            assertEquals("the cause", jvmEx.getCause().getClass(), t.getCause() == null ? null
                    : t.getCause().getClass());
        }
    }
}

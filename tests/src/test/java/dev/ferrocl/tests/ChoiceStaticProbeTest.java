package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import org.junit.After;
import org.junit.Test;

/**
 * Probes (helper-written) of two features: (1) one variable holding objects made in the kernel of different classes,
 * or one of several objects other variables still hold (if/else chains, switch statements and expressions, deep
 * hierarchies with {@code super} calls, fields of a common superclass written through the choice, interface default
 * methods, methods returning new objects, helpers, type tests and patterns, exceptions in one class's method, every
 * primitive field type, choices inside loops, a task's object or one made in the kernel, objects of static fields);
 * (2) virtual and interface calls on objects held in static fields (final and not, of this class, nested classes,
 * interfaces and enums; reassigned between executions of one schedule, set to null, fields changed; classes not yet
 * initialised whose initialisers can be seen or throw; lambdas and method references). Strict mode, each against the
 * JVM's own run; a form that may be unsupported accepts a clean refusal (a {@link CompilationException} naming its
 * reason, never a malformed-method or internal error), never another result.
 */
public class ChoiceStaticProbeTest {

    // ================================================================ helpers

    /** A refusal that names its reason: not a malformed-method or internal error; containing {@code fragment}. */
    private static void assertCleanRefusal(CompilationException e, String fragment) {
        String m = String.valueOf(e.getMessage());
        assertFalse("not a clean refusal: " + m, m.contains("malformed method") || m.contains("internal error"));
        if (fragment != null) {
            assertTrue("refused, but not for '" + fragment + "': " + m, m.contains(fragment));
        }
    }

    /** Runs {@code body}; a clean refusal (naming {@code fragment} where not null) is accepted. */
    private static boolean ranOrRefused(String fragment, Runnable body) {
        try {
            body.run();
            return true;
        } catch (CompilationException e) {
            assertCleanRefusal(e, fragment);
            System.out.println("[probe] refused: " + e.getMessage());
            return false;
        }
    }

    /**
     * The JVM on clones, then the schedule (strict) on the originals: the same exception (class and message) or
     * none, and the same arrays. Where it ran is not asserted unless {@code device}. A refusal propagates.
     */
    private static TaskReport sameAsJvm(boolean device, MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder,
            Object... args) {
        Object[] expectedArgs = cloneArgs(args);
        Throwable expected = null;
        try {
            jvm.run(expectedArgs);
        } catch (Throwable t) {
            expected = t;
        }
        Throwable actual = null;
        TaskReport t;
        try (TaskSchedule s = adder.add(new TaskSchedule("same"))) {
            try {
                s.execute();
            } catch (CompilationException e) {
                throw e;
            } catch (Throwable e) {
                actual = e;
            }
            t = s.report().task("t");
            if (expected == null && actual != null) {
                AssertionError err = new AssertionError("the JVM returned normally but the schedule threw " + actual
                        + "; report:\n" + s.report());
                err.initCause(actual);
                throw err;
            }
            if (expected != null) {
                assertNotNull("expected " + expected + " but execute() returned normally; report:\n" + s.report(),
                        actual);
                assertEquals("exception class (" + actual + ")", expected.getClass(), actual.getClass());
                assertEquals("exception message", expected.getMessage(), actual.getMessage());
            } else if (device) {
                assertRanOnDevice(s.report(), "t");
            }
        }
        for (int i = 0; i < args.length; i++) {
            JvmOracle.assertSame("argument " + (i + 1), expectedArgs[i], args[i]);
        }
        return t;
    }

    // ================================================================ classes for choices (primitive fields only)

    interface Shape {
        float area();

        default float twice() {
            return area() * 2f;
        }

        Shape grown(float k);

        default int sides() {
            return 0;
        }
    }

    static final class Circle implements Shape {
        float r;

        Circle(float r) {
            this.r = r;
        }

        @Override
        public float area() {
            return 3.14159f * r * r;
        }

        @Override
        public Shape grown(float k) {
            return new Circle(r * k);
        }
    }

    static final class Square implements Shape {
        float side;

        Square(float side) {
            this.side = side;
        }

        @Override
        public float area() {
            return side * side;
        }

        @Override
        public float twice() {
            return area() + area() + 1f;
        }

        @Override
        public Shape grown(float k) {
            return new Square(side + k);
        }

        @Override
        public int sides() {
            return 4;
        }
    }

    static final class Tri implements Shape {
        float b;
        float h;

        Tri(float b, float h) {
            this.b = b;
            this.h = h;
        }

        @Override
        public float area() {
            return 0.5f * b * h;
        }

        /** Grows into another class. */
        @Override
        public Shape grown(float k) {
            return new Circle(b * k - h);
        }

        @Override
        public int sides() {
            return 3;
        }
    }

    static final class Hex implements Shape {
        int n;
        float s;

        Hex(int n, float s) {
            this.n = n;
            this.s = s;
        }

        @Override
        public float area() {
            return 2.598076f * s * s + n;
        }

        /** Grows itself and returns itself. */
        @Override
        public Shape grown(float k) {
            s += k;
            n++;
            return this;
        }

        @Override
        public int sides() {
            return 6;
        }
    }

    record Ring(float inner, float outer) implements Shape {
        Ring {
            if (inner > outer) {
                float t = inner;
                inner = outer;
                outer = t;
            }
        }

        @Override
        public float area() {
            return 3.14159f * (outer * outer - inner * inner);
        }

        @Override
        public Shape grown(float k) {
            return new Ring(inner, outer + k);
        }
    }

    static final class Vec {
        float x;
        float y;

        Vec(float x, float y) {
            this.x = x;
            this.y = y;
        }

        void scale(float k) {
            x *= k;
            y *= k;
        }
    }

    /** A hierarchy four deep, each level overriding with a {@code super} call. */
    static class A0 {
        int a;

        A0(int a) {
            this.a = a;
        }

        int f() {
            return a + 1;
        }

        int g() {
            return f() * 2;
        }
    }

    static class A1 extends A0 {
        int b;

        A1(int a, int b) {
            super(a);
            this.b = b;
        }

        @Override
        int f() {
            return super.f() * 3 + b;
        }
    }

    static class A2 extends A1 {
        long c;

        A2(int a, int b, long c) {
            super(a, b);
            this.c = c;
        }

        @Override
        int f() {
            return super.f() - (int) c;
        }

        @Override
        int g() {
            return super.g() + 7;
        }
    }

    static final class A3 extends A2 {
        A3(int a, int b, long c) {
            super(a + 1, b, c);
        }

        @Override
        int f() {
            return super.f() ^ 0x55;
        }
    }

    interface Scorer {
        int base();

        default int score(int x) {
            return base() * x + 1;
        }
    }

    interface Scorer2 extends Scorer {
        @Override
        default int score(int x) {
            return Scorer.super.score(x) * 2 - base();
        }
    }

    static final class ScA implements Scorer {
        int k;

        ScA(int k) {
            this.k = k;
        }

        @Override
        public int base() {
            return k;
        }
    }

    static final class ScB implements Scorer {
        int k;

        ScB(int k) {
            this.k = k;
        }

        @Override
        public int base() {
            return -k;
        }

        @Override
        public int score(int x) {
            return x - k;
        }
    }

    static final class ScC implements Scorer2 {
        int k;

        ScC(int k) {
            this.k = k;
        }

        @Override
        public int base() {
            return k ^ 5;
        }
    }

    interface IntOp {
        int apply(int x);
    }

    static final class Div implements IntOp {
        int d;

        Div(int d) {
            this.d = d;
        }

        @Override
        public int apply(int x) {
            return x / d;
        }
    }

    static final class Rem implements IntOp {
        int m;

        Rem(int m) {
            this.m = m;
        }

        @Override
        public int apply(int x) {
            return x % m + 1;
        }
    }

    record Pos(int v) implements IntOp {
        Pos {
            if (v < 0) {
                throw new IllegalArgumentException("negative " + v);
            }
        }

        @Override
        public int apply(int x) {
            return x + v;
        }
    }

    record Neg(int v) implements IntOp {
        @Override
        public int apply(int x) {
            return x - v;
        }
    }

    /** Every primitive field type, in a superclass both classes share. */
    static class Prims {
        byte b;
        short s;
        char c;
        boolean z;
        int n;
        long l;
        float f;
        double d;

        void mix(int v) {
            b += v;
            s *= v;
            c += v * 7;
            z ^= (v & 1) == 1;
            n = n * 31 + v;
            l = l * 1_000_003L + v;
            f = f * 0.5f + v;
            d = d / 3 + v;
        }

        long digest() {
            long h = l;
            h = h * 31 + n;
            h = h * 31 + b;
            h = h * 31 + s;
            h = h * 31 + c;
            h = h * 31 + (z ? 1 : 0);
            h = h * 31 + Float.floatToRawIntBits(f);
            return h * 31 + Double.doubleToRawLongBits(d);
        }
    }

    static final class PrimsA extends Prims {
        PrimsA(int v) {
            b = (byte) v;
            s = (short) (v >> 8);
            c = (char) v;
            z = v < 0;
            n = v;
            l = (long) v << 33;
            f = v * 0.1f;
            d = v * 0.01;
        }
    }

    static final class PrimsB extends Prims {
        byte extra;

        PrimsB(int v) {
            b = (byte) (v >> 3);
            s = (short) v;
            c = (char) (v >>> 16);
            z = (v & 4) != 0;
            n = ~v;
            l = -(long) v * 977;
            f = v * -0.25f;
            d = v / 7.0;
        }

        @Override
        void mix(int v) {
            super.mix(v ^ 3);
            extra += b;
        }
    }

    static class Pt {
        float x;
        float y;

        Pt(float x, float y) {
            this.x = x;
            this.y = y;
        }

        void scale(float k) {
            x *= k;
            y *= k;
        }
    }

    static final class Pt3 extends Pt {
        float z;

        Pt3(float x, float y, float z) {
            super(x, y);
            this.z = z;
        }

        @Override
        void scale(float k) {
            super.scale(k);
            z *= k * k;
        }
    }

    // ================================================================ (1) kernels: choices of objects

    static void twoClasses(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] > 0f ? new Circle(a[i]) : new Square(-a[i] + 0.5f);
            out[i] = s.area() + s.twice() + s.sides();
        }
    }

    static void chainOfFour(float[] a, int[] k, float[] out, int[] sides) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s;
            int m = k[i] % 4;
            if (m == 0) {
                s = new Circle(a[i]);
            } else if (m == 1 || m == -1) {
                s = new Square(a[i]);
            } else if (m == 2 || m == -2) {
                s = new Tri(a[i], 2f - a[i]);
            } else {
                s = new Ring(a[i], 1f);
            }
            out[i] = s.area() - s.twice() * 0.25f;
            sides[i] = s.sides();
        }
    }

    static void switchFour(int[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s;
            switch (a[i] & 3) {
                case 0:
                    s = new Circle(a[i] * 0.001f);
                    break;
                case 1:
                    s = new Square(a[i] * 0.002f);
                    break;
                case 2:
                    s = new Tri(a[i] * 0.003f, 1.5f);
                    break;
                default:
                    s = new Hex(a[i] & 15, 0.25f);
                    break;
            }
            out[i] = s.area() + s.sides();
        }
    }

    static void switchExpression(int[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = a[i] % 3;
            Shape s = switch (k) {
                case 0 -> new Circle(a[i] * 1e-4f);
                case 1, -1 -> new Square(a[i] * 1e-4f);
                default -> {
                    float b = a[i] * 2e-4f;
                    yield new Tri(b, b + 1f);
                }
            };
            out[i] = s.twice() + s.sides();
        }
    }

    static void switchExpressionThrows(int[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = switch (a[i] % 3) {
                case 0 -> new Circle(a[i]);
                case 1 -> new Square(a[i]);
                case 2 -> new Tri(a[i], 0.5f);
                default -> throw new IllegalArgumentException("remainder " + a[i] % 3 + " at " + i);
            };
            out[i] = s.area();
        }
    }

    static void deepHierarchy(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            A0 m;
            int v = a[i];
            switch (i & 3) {
                case 0:
                    m = new A0(v);
                    break;
                case 1:
                    m = new A1(v, v >> 3);
                    break;
                case 2:
                    m = new A2(v, 7, (long) v * v);
                    break;
                default:
                    m = new A3(v, -v, 5L);
                    break;
            }
            m.a += i;
            out[i] = m.g() * 31 + m.f();
        }
    }

    static void superclassFieldsThroughChoice(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            A1 p = new A1(a[i], 1);
            A3 q = new A3(-a[i], 2, 3L);
            A0 m = (a[i] & 1) == 0 ? p : q;
            m.a = m.a * 3 + 1;
            if (m instanceof A1 x) {
                x.b += 100;
            }
            if (m instanceof A2 y) {
                y.c <<= 2;
            }
            out[i] = p.a + 7 * q.a + 11 * p.b + 13 * q.b + (int) q.c + m.f();
        }
    }

    static void interfaceDefaults(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Scorer s;
            int k = (a[i] >>> 1) % 3;
            if (k == 0) {
                s = new ScA(a[i] & 255);
            } else if (k == 1) {
                s = new ScB(a[i] & 255);
            } else {
                s = new ScC(a[i] & 255);
            }
            out[i] = s.score(i) * 5 + s.base();
        }
    }

    static Shape make(int k, float v) {
        if (k == 0) {
            return new Circle(v);
        }
        if (k == 1) {
            return new Square(v);
        }
        return new Tri(v, v * 0.5f);
    }

    static Shape makeBySwitch(int k, float v) {
        return switch (k) {
            case 0 -> new Ring(v, -v);
            case 1 -> new Hex(3, v);
            default -> new Square(-v);
        };
    }

    static void factories(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = make(i % 3, a[i]);
            Shape t = makeBySwitch((i / 3) % 3, a[i]);
            out[i] = s.area() + s.sides() * 10 + t.area() * 0.5f + t.sides();
        }
    }

    static void grownChoice(float[] a, float[] out, int[] n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Hex h = new Hex(i & 7, a[i]);
            Shape s;
            int k = i % 4;
            if (k == 0) {
                s = new Circle(a[i]);
            } else if (k == 1) {
                s = new Tri(a[i], 1f);
            } else if (k == 2) {
                s = new Square(a[i]);
            } else {
                s = h;
            }
            Shape t = s.grown(0.5f);
            out[i] = t.area() + s.area();
            n[i] = h.n * 10 + t.sides();
        }
    }

    static void grownTwice(float[] a, float[] out, int[] n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Hex h = new Hex(1, a[i]);
            Shape s = (i & 1) == 0 ? new Tri(a[i], 0.25f) : h;
            float v = s.grown(1f).grown(2f).area();
            out[i] = v + s.area();
            n[i] = h.n;
        }
    }

    static float measure(Shape s, float k) {
        return s.area() * k + s.sides();
    }

    static void toHelpers(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] < 0.3f ? new Circle(a[i]) : new Ring(a[i], 2f * a[i]);
            out[i] = measure(s, 3f) + measure(s.grown(1f), -1f);
        }
    }

    static void bump(Vec v, float d) {
        v.x += d;
        v.y -= d;
    }

    static void helperWrites(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], b[i]);
            Vec q = new Vec(b[i], a[i]);
            Vec m = a[i] < b[i] ? p : q;
            bump(m, 1.5f);
            bump(p, 0.25f);
            out[i] = p.x + 2f * p.y + 3f * q.x + 5f * q.y + m.x;
        }
    }

    static void writesThroughOwnVariables(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], b[i]);
            Vec q = new Vec(b[i], a[i]);
            Vec m = (i & 1) == 0 ? p : q;
            p.x = 5f + i;
            q.y = -3f;
            out[i] = m.x * 2f + m.y;
        }
    }

    static void ownVariableReassigned(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], b[i]);
            Vec q = new Vec(b[i], a[i]);
            Vec m = a[i] < b[i] ? p : q;
            p = new Vec(100f, 200f);
            m.x += 1f;
            out[i] = m.x + p.x + q.x * 3f + m.y;
        }
    }

    static Vec pickTernary(Vec p, Vec q, boolean c) {
        return c ? p : q;
    }

    static Vec pickReturns(Vec p, Vec q, boolean c) {
        if (c) {
            return p;
        }
        return q;
    }

    static void choicesFromHelpers(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], b[i]);
            Vec q = new Vec(b[i], a[i]);
            pickTernary(p, q, a[i] > b[i]).x += 2f;
            Vec m = pickReturns(p, q, (i & 2) == 0);
            m.y *= -3f;
            out[i] = p.x + 2f * p.y + 4f * q.x + 8f * q.y;
        }
    }

    static void nestedTernary(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] > 0f ? (b[i] > 0f ? new Circle(a[i]) : new Square(b[i])) : new Tri(a[i], b[i]);
            out[i] = s.area() + s.sides();
        }
    }

    static void choiceOfChoices(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] > 0f ? new Circle(a[i]) : new Square(a[i]);
            Shape t = b[i] > 0f ? s : new Tri(b[i], 1f);
            out[i] = t.area() + s.area() * 0.5f + t.sides();
        }
    }

    static void typeTests(float[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s;
            switch (i & 3) {
                case 0:
                    s = new Circle(a[i]);
                    break;
                case 1:
                    s = new Square(a[i]);
                    break;
                case 2:
                    s = new Tri(a[i], a[i]);
                    break;
                default:
                    s = new Ring(a[i], 0f);
                    break;
            }
            int r = 0;
            if (s instanceof Circle) {
                r |= 1;
            }
            if (s instanceof Square) {
                r |= 2;
            }
            if (s instanceof Tri) {
                r |= 4;
            }
            if (s instanceof Shape) {
                r |= 8;
            }
            if (s instanceof Record) {
                r |= 16;
            }
            if (s instanceof Hex) {
                r |= 32;
            }
            out[i] = r;
        }
    }

    static void typePatterns(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s;
            switch (i % 3) {
                case 0:
                    s = new Circle(a[i]);
                    break;
                case 1:
                    s = new Square(a[i]);
                    break;
                default:
                    s = new Tri(a[i], 1f - a[i]);
                    break;
            }
            float v;
            if (s instanceof Circle c) {
                v = c.r;
            } else if (s instanceof Square q) {
                v = q.side * 2f;
            } else if (s instanceof Tri t) {
                v = t.b - t.h;
            } else {
                v = -1f;
            }
            out[i] = v;
        }
    }

    static void castOnChoice(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] > -0.9f ? new Circle(a[i]) : new Square(a[i]);
            Circle c = (Circle) s;
            out[i] = c.r * 2f + c.area();
        }
    }

    static void divisionInOneClass(int[] a, int[] d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp op = (i & 1) == 0 ? new Div(d[i]) : new Rem(d[i] + 1);
            out[i] = op.apply(a[i]);
        }
    }

    static void compactConstructorThrows(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp op = (i & 1) == 0 ? new Pos(a[i]) : new Neg(a[i]);
            out[i] = op.apply(i);
        }
    }

    static void everyPrimitiveTwoClasses(int[] a, long[] out, byte[] extra) {
        for (@Parallel int i = 0; i < out.length; i++) {
            PrimsA p = new PrimsA(a[i]);
            PrimsB q = new PrimsB(~a[i]);
            Prims m = (a[i] & 2) == 0 ? p : q;
            m.b += 100;
            m.s *= 300;
            m.c += 40000;
            m.z = !m.z;
            m.n <<= 3;
            m.l ^= 0x5555_5555_5555L;
            m.f /= 3f;
            m.d -= 1e-3;
            m.mix(a[i] >> 4);
            out[i] = p.digest() * 3 + q.digest() + m.digest();
            extra[i] = q.extra;
        }
    }

    static void everyPrimitiveOneClass(int[] a, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            PrimsA p = new PrimsA(a[i]);
            PrimsA q = new PrimsA(a[i] * 7 + 1);
            Prims m = (a[i] & 8) == 0 ? p : q;
            m.b -= 77;
            m.s += 32767;
            m.c -= 1;
            m.z |= (i & 1) == 0;
            m.n >>>= 1;
            m.l += Long.MAX_VALUE;
            m.f *= -1e30f;
            m.d *= 1e300;
            out[i] = p.digest() ^ (q.digest() * 17);
        }
    }

    static void choiceInInnerLoop(float[] a, float[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float acc = 0f;
            for (int k = 0; k < steps; k++) {
                Shape s = ((i + k) & 1) == 0 ? new Circle(a[i] + k) : new Square(a[i] - k);
                acc += s.area() * 0.125f + s.sides();
            }
            for (int k = 0; k < steps; k++) {
                Shape s;
                switch ((i + k) % 3) {
                    case 0:
                        s = new Tri(a[i], k);
                        break;
                    case 1:
                        s = new Hex(k, a[i]);
                        break;
                    default:
                        s = new Ring(k, a[i]);
                        break;
                }
                acc = acc * 0.5f + s.twice();
            }
            out[i] = acc;
        }
    }

    static void madeBeforeLoopChosenInside(float[] a, float[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 0f);
            Vec q = new Vec(0f, a[i]);
            for (int k = 0; k < steps; k++) {
                Vec m = ((i ^ k) & 1) == 0 ? p : q;
                m.x += k;
                m.y = m.y * 0.5f + 1f;
            }
            out[i] = p.x + 2f * p.y + 3f * q.x + 5f * q.y;
        }
    }

    static void choiceReadInLoop(float[] a, float[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] > 0f ? new Circle(a[i]) : new Tri(a[i], 3f);
            float acc = 0f;
            for (int k = 0; k < steps; k++) {
                acc += s.area() * k + s.sides();
            }
            out[i] = acc;
        }
    }

    static void choiceWrittenInLoop(float[] a, float[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 1f);
            Vec q = new Vec(-a[i], 2f);
            Vec m = a[i] > 0f ? p : q;
            for (int k = 0; k < steps; k++) {
                m.x += k;
                if ((k & 1) == 0) {
                    m.y *= 1.5f;
                }
            }
            out[i] = p.x + 3f * p.y + 5f * q.x + 7f * q.y;
        }
    }

    static void loopCarriedClasses(float[] a, float[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = new Circle(a[i]);
            for (int k = 0; k < steps; k++) {
                if ((i + k) % 3 == 0) {
                    s = new Square(a[i] + k);
                }
            }
            out[i] = s.area();
        }
    }

    static void loopCarriedHeldElsewhere(float[] a, float[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 1f);
            Vec q = new Vec(2f, a[i]);
            Vec m = p;
            for (int k = 0; k < steps; k++) {
                if (((i + k) & 3) == 0) {
                    m = q;
                }
                m.x += 1f;
            }
            out[i] = p.x + 3f * q.x + 5f * m.x;
        }
    }

    static void taskObjectOrNew(Shape given, float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s;
            if (a[i] > 0.5f) {
                s = given;
            } else if (a[i] > -0.5f) {
                s = new Tri(a[i], 2f);
            } else {
                s = new Hex(i & 3, a[i]);
            }
            out[i] = s.area() + s.sides() + s.twice();
        }
    }

    static void taskObjectOrNewWritten(Vec given, float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec m = a[i] > 0f ? given : new Vec(a[i], 1f);
            m.x += 1f;
            out[i] = m.x;
        }
    }

    static void sameObjectTwiceInAChain(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            A1 p = new A1(a[i], 3);
            A1 q = new A1(a[i] >> 2, -3);
            A1 m;
            int k = i % 3;
            if (k == 0) {
                m = p;
            } else if (k == 1) {
                m = q;
            } else {
                m = p;
            }
            m.b = m.b * 10 + k;
            m.a ^= 0x0F0F;
            out[i] = p.a * 3 + p.b + q.a * 7 + q.b * 11 + m.f();
        }
    }

    static void writesOnOneBranchAfterChoice(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], b[i]);
            Vec q = new Vec(b[i], a[i]);
            Vec m = a[i] + b[i] > 0f ? p : q;
            if ((i & 1) == 0) {
                m.x *= 2f;
            } else {
                m.y -= 1f;
                m.scale(0.5f);
            }
            out[i] = p.x + 2f * p.y + 4f * q.x + 8f * q.y + m.x;
        }
    }

    static void overridingWritersThroughChoice(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Pt p = new Pt(a[i], 1f);
            Pt3 q = new Pt3(1f, a[i], 2f);
            Pt m = a[i] > 0f ? p : q;
            m.scale(3f);
            m.x += 0.5f;
            out[i] = p.x + 2f * p.y + 4f * q.x + 8f * q.y + 16f * q.z;
        }
    }

    static void referenceEquality(float[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 1f);
            Vec q = new Vec(1f, a[i]);
            Vec m = a[i] > 0f ? p : q;
            out[i] = (m == p ? 1 : 0) + (m == q ? 2 : 0) + (m != p ? 4 : 0) + (int) p.x + (int) q.y;
        }
    }

    static void choiceWithNull(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 2f);
            Vec m = a[i] > 0f ? p : null;
            out[i] = m != null ? m.x + m.y : -1f;
        }
    }

    static void nullChoiceDereferenced(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 2f);
            Vec m = a[i] > -0.99f ? p : null;
            out[i] = m.x;
        }
    }

    // ================================================================ (2) static fields holding objects

    static final Shape HALF = new Circle(0.5f);
    static final Scorer SC = new ScC(9);

    /** Non-final static fields the tests reassign (restored after each). */
    static final class Holder {
        static Shape shape = new Circle(1f);
        static Vec vec = new Vec(1f, 2f);
        static float scale = 1.25f;
        static IntUnaryOperator op = x -> x * 3;
        static Deep deep = new Deep(new Mid(new Circle(1f), 2), 3);
    }

    static final class Mid {
        Shape leaf;
        int k;

        Mid(Shape leaf, int k) {
            this.leaf = leaf;
            this.k = k;
        }
    }

    static final class Deep {
        Mid mid;
        int j;

        Deep(Mid mid, int j) {
            this.mid = mid;
            this.j = j;
        }
    }

    /** A path one step longer than the host describes (three fields deep). */
    static final class Deeper {
        static final Deeper ROOT = new Deeper(new Deep(new Mid(new Square(2f), 1), 1));
        final Deep deep;

        Deeper(Deep deep) {
            this.deep = deep;
        }
    }

    interface Consts {
        Shape UNIT_SQUARE = new Square(1.25f);
        Scorer SCORER = new ScB(6);
    }

    enum Mode {
        SLOW(1),
        FAST(3) {
            @Override
            int apply(int x) {
                return x * w + 1;
            }
        };

        final int w;

        Mode(int w) {
            this.w = w;
        }

        int apply(int x) {
            return x + w;
        }

        static final Shape DEFAULT = new Tri(2f, 3f);
        static Mode current = SLOW;
    }

    static final class Outer {
        static final class Inner {
            static final Shape S = new Ring(1f, 2f);

            static final class Innermost {
                static Scorer sc = new ScA(-4);
            }
        }
    }

    int bias = 11;

    /** An inner class (it holds its outer object) whose object sits in a static field. */
    final class InnerOp implements IntOp {
        final int k;

        InnerOp(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x * k + bias;
        }
    }

    static final IntOp INNER = new ChoiceStaticProbeTest().new InnerOp(7);

    static final IntBinaryOperator MAX = Math::max;
    static final IntUnaryOperator NEG = ChoiceStaticProbeTest::negated;
    static final IntUnaryOperator BOUND = new ScA(3)::score;
    static final IntUnaryOperator ADD17 = adder(17);
    static final IntUnaryOperator VIA = x -> x + (int) HALF.area() * 100 + SC.score(x);

    static int negated(int x) {
        return -x ^ 0x33;
    }

    static IntUnaryOperator adder(int k) {
        return x -> x + k;
    }

    static final Shape[] SHAPES = {new Circle(1f), new Circle(2f)};

    @After
    public void restore() {
        Holder.shape = new Circle(1f);
        Holder.vec = new Vec(1f, 2f);
        Holder.scale = 1.25f;
        Holder.op = x -> x * 3;
        Holder.deep = new Deep(new Mid(new Circle(1f), 2), 3);
        Mode.current = Mode.SLOW;
        Outer.Inner.Innermost.sc = new ScA(-4);
    }

    static void staticFinals(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = HALF.area() * a[i] + HALF.twice() + SC.score(i) + Consts.UNIT_SQUARE.twice()
                    + Consts.SCORER.score(i & 7);
        }
    }

    static void holderShape(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Holder.shape.area() * a[i] + Holder.shape.sides();
        }
    }

    static void holderShapeNullable(float[] a, float[] out, int n) {
        if (n <= 0) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Holder.shape.area() + a[i];
        }
    }

    static void holderFields(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * Holder.vec.x + Holder.vec.y * Holder.scale;
        }
    }

    static void holderDeep(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Deep d = Holder.deep;
            out[i] = d.mid.leaf.area() * a[i] + d.mid.k + d.j + d.mid.leaf.sides();
        }
    }

    static void deeperPath(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Deeper.ROOT.deep.mid.leaf.area() + a[i];
        }
    }

    static void enumStatics(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Mode.FAST.apply(a[i]) + Mode.SLOW.apply(i) * 3 + Mode.current.apply(a[i] >> 4)
                    + (int) Mode.DEFAULT.area() + Mode.FAST.w;
        }
    }

    static void enumSwitchOnStatic(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            switch (Mode.current) {
                case SLOW:
                    out[i] = a[i] + 1;
                    break;
                case FAST:
                    out[i] = a[i] * 3;
                    break;
                default:
                    out[i] = 0;
            }
        }
    }

    static void nestedClassStatics(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Outer.Inner.S.area() * a[i] + Outer.Inner.Innermost.sc.score(i) + Outer.Inner.S.sides();
        }
    }

    static void innerClassObject(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = INNER.apply(a[i]);
        }
    }

    static void lambdasAndReferences(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = a[i];
            out[i] = MAX.applyAsInt(v, i) + NEG.applyAsInt(v) * 3 + BOUND.applyAsInt(v & 1023) + ADD17.applyAsInt(v)
                    + VIA.applyAsInt(i);
        }
    }

    static void holderLambda(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Holder.op.applyAsInt(a[i]) + i;
        }
    }

    static void staticOrNew(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] > 0f ? HALF : new Square(a[i]);
            out[i] = s.area() + s.sides() + s.twice();
        }
    }

    static void twoStatics(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = (i & 1) == 0 ? HALF : Holder.shape;
            out[i] = s.area() * a[i] + s.sides();
        }
    }

    static void staticOrNewWritten(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec m = a[i] > 0f ? Holder.vec : new Vec(a[i], 0f);
            m.y += 1f;
            out[i] = m.x + m.y;
        }
    }

    /** A static object whose method makes objects of different classes in the kernel. */
    static final class Factory {
        final float k;

        Factory(float k) {
            this.k = k;
        }

        Shape make(float v) {
            return v > 0f ? new Circle(v * k) : new Square(v - k);
        }
    }

    static final Factory FACTORY = new Factory(1.5f);

    static void staticFactory(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = FACTORY.make(a[i]);
            out[i] = s.area() + s.sides() + FACTORY.k;
        }
    }

    static void staticArrayOfObjects(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = SHAPES[i & 1].area() + a[i];
        }
    }

    // ---- class initialisation: every class here is used by one test only

    static final List<String> INIT_LOG = Collections.synchronizedList(new ArrayList<>());

    static final class OrdA {
        static final Shape S;

        static {
            INIT_LOG.add("A");
            S = new Circle(1.5f);
        }
    }

    static final class OrdB {
        static final Shape S;

        static {
            INIT_LOG.add("B");
            S = new Square(0.5f);
        }
    }

    static final class TwinA {
        static final Shape S;

        static {
            INIT_LOG.add("A'");
            S = new Circle(1.5f);
        }
    }

    static final class TwinB {
        static final Shape S;

        static {
            INIT_LOG.add("B'");
            S = new Square(0.5f);
        }
    }

    static void initOrder(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] > 0f ? OrdB.S.area() : OrdA.S.area() + OrdB.S.sides();
        }
    }

    static void initOrderTwin(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] > 0f ? TwinB.S.area() : TwinA.S.area() + TwinB.S.sides();
        }
    }

    static int lazyCallInits;

    static final class LazyCall {
        static final IntOp OP;

        static {
            lazyCallInits++;
            OP = new Rem(7 + lazyCallInits);
        }
    }

    static void lazyCall(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = LazyCall.OP.apply(a[i]);
        }
    }

    static int lazyReadInits;

    static final class LazyRead {
        static final Vec V;

        static {
            lazyReadInits++;
            V = new Vec(2f, 3f * lazyReadInits);
        }
    }

    static void lazyRead(float[] a, float[] out, int n) {
        if (n <= 0) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * LazyRead.V.x + LazyRead.V.y;
        }
    }

    static boolean breakInit = true;

    static final class Broken {
        static final Shape S;

        static {
            if (breakInit) {
                throw new IllegalStateException("broken initialiser");
            }
            S = new Circle(1f);
        }
    }

    static final class BrokenTwin {
        static final Shape S;

        static {
            if (breakInit) {
                throw new IllegalStateException("broken initialiser");
            }
            S = new Circle(1f);
        }
    }

    static void broken(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Broken.S.area() + a[i];
        }
    }

    static void brokenTwin(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = BrokenTwin.S.area() + a[i];
        }
    }

    static int subInits;
    static int twinSubInits;
    static int implInits;
    static int twinImplInits;

    static class BaseHolder {
        static final Shape SHAPE = new Square(1.75f);
    }

    static final class SubHolder extends BaseHolder {
        static {
            subInits++;
        }
    }

    static class TwinBase {
        static final Shape SHAPE = new Square(1.75f);
    }

    static final class TwinSub extends TwinBase {
        static {
            twinSubInits++;
        }
    }

    interface IConsts {
        Shape CIRCLE = new Circle(0.75f);
    }

    static final class Impl implements IConsts {
        static {
            implInits++;
        }
    }

    interface TwinIConsts {
        Shape CIRCLE = new Circle(0.75f);
    }

    static final class TwinImpl implements TwinIConsts {
        static {
            twinImplInits++;
        }
    }

    static void inheritedStatics(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = SubHolder.SHAPE.area() * a[i] + Impl.CIRCLE.area();
        }
    }

    static void inheritedStaticsTwin(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = TwinSub.SHAPE.area() * a[i] + TwinImpl.CIRCLE.area();
        }
    }

    // ================================================ more kernels: fields of one name, handlers, statics typed Object

    /** Hidden fields: a subclass declares a field of the superclass's name. */
    static class H1 {
        int v;

        H1(int v) {
            this.v = v;
        }

        int get() {
            return v;
        }
    }

    static final class H2 extends H1 {
        int v;

        H2(int a, int b) {
            super(a);
            this.v = b;
        }

        @Override
        int get() {
            return v * 100 + super.v;
        }
    }

    static void hiddenFields(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            H1 p = new H1(a[i]);
            H2 q = new H2(a[i] >> 1, a[i] >> 2);
            H1 m = (i & 1) == 0 ? p : q;
            m.v += 3; // H1.v of either object
            if (m instanceof H2 h) {
                h.v -= 5; // H2.v
            }
            out[i] = m.v * 7 + m.get() + p.v + q.v * 11 + ((H1) q).v * 13;
        }
    }

    /** Fields of one name and different types in the two classes. */
    interface Valued {
        double value();
    }

    static final class IntV implements Valued {
        int v;

        IntV(int v) {
            this.v = v;
        }

        @Override
        public double value() {
            return v;
        }
    }

    static final class DoubleV implements Valued {
        double v;

        DoubleV(double v) {
            this.v = v;
        }

        @Override
        public double value() {
            return v * 0.5;
        }
    }

    static void sameNameOtherType(int[] a, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Valued x = a[i] > 0 ? new IntV(a[i]) : new DoubleV(a[i] / 3.0);
            out[i] = x.value() + (x instanceof IntV iv ? iv.v : ((DoubleV) x).v * 2);
        }
    }

    /** A choice of a static object and a kernel-made one read through its fields (no call). */
    static void staticOrNewFieldRead(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec m = a[i] > 0f ? Holder.vec : new Vec(a[i], -a[i]);
            out[i] = m.x * 2f + m.y;
        }
    }

    /** A choice of a task's object and a kernel-made one read through its fields. */
    static void taskObjectOrNewFieldRead(Vec given, float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec m = a[i] > 0f ? given : new Vec(a[i], 1f);
            out[i] = m.x - 3f * m.y;
        }
    }

    /** An exception in one class's method caught in the kernel: the handler sees the choice and its fields. */
    static void caughtInOneBranch(int[] a, int[] d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp op = (i & 1) == 0 ? new Div(d[i]) : new Rem(d[i] | 1);
            try {
                out[i] = op.apply(a[i]);
            } catch (ArithmeticException e) {
                out[i] = op instanceof Div dv ? -1000 - dv.d : -2000;
            }
        }
    }

    /** A choice, then an early {@code continue} on some elements. */
    static void earlyContinue(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 1f);
            Vec q = new Vec(1f, a[i]);
            Vec m = a[i] > 0f ? p : q;
            m.x += 2f;
            if (a[i] > 0.5f) {
                out[i] = -1f;
                continue;
            }
            m.y *= 3f;
            out[i] = p.x + 2f * p.y + 4f * q.x + 8f * q.y;
        }
    }

    /** A switch expression whose arms are objects other variables hold, and a new one. */
    static void switchOfHeldObjects(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            A1 p = new A1(a[i], 1);
            A2 q = new A2(a[i] >> 3, 2, 3L);
            A0 m = switch (a[i] & 3) {
                case 0 -> p;
                case 1 -> q;
                default -> new A3(a[i], 4, 5L);
            };
            m.a -= 9;
            out[i] = m.f() + p.a * 3 + q.a * 5;
        }
    }

    /** A kernel-made object whose method takes the choice as its argument. */
    static final class Acc {
        float sum;
        int count;

        void add(Shape s) {
            sum += s.area();
            count += s.sides();
        }
    }

    static void choiceAsArgumentOfAnObjectsMethod(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Acc acc = new Acc();
            Shape s = a[i] > 0f ? new Hex(2, a[i]) : new Tri(a[i], 1f);
            acc.add(s);
            acc.add(s.grown(0.5f));
            out[i] = acc.sum + acc.count;
        }
    }

    static <T extends Shape> float genericArea(T s, float k) {
        return s.area() * k + s.sides();
    }

    static void genericHelper(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] > 0f ? new Circle(a[i]) : new Square(a[i]);
            out[i] = genericArea(s, 2f);
        }
    }

    /** A pattern with a condition: {@code s instanceof Circle c && c.r > k}. */
    static void patternWithCondition(float[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = (i & 1) == 0 ? new Circle(a[i]) : new Square(a[i]);
            if (s instanceof Circle c && c.r > 0.5f) {
                out[i] = 1;
            } else if (!(s instanceof Square q) || q.side < 0f) {
                out[i] = 2;
            } else {
                out[i] = 3 + (int) (q.side * 10f);
            }
        }
    }

    /** A class with a side-effecting initialiser made with {@code new} in the kernel, behind a branch. */
    static int newInits;
    static int twinNewInits;

    static final class Counted implements Shape {
        static {
            newInits++;
        }

        float r;

        Counted(float r) {
            this.r = r;
        }

        @Override
        public float area() {
            return r * 4f;
        }

        @Override
        public Shape grown(float k) {
            return this;
        }
    }

    static final class CountedTwin implements Shape {
        static {
            twinNewInits++;
        }

        float r;

        CountedTwin(float r) {
            this.r = r;
        }

        @Override
        public float area() {
            return r * 4f;
        }

        @Override
        public Shape grown(float k) {
            return this;
        }
    }

    static void newOfCounted(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (a[i] > 100f) {
                Shape s = a[i] > 200f ? new Counted(a[i]) : new Square(a[i]);
                out[i] = s.area();
            } else {
                out[i] = a[i];
            }
        }
    }

    static void newOfCountedTwin(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (a[i] > 100f) {
                Shape s = a[i] > 200f ? new CountedTwin(a[i]) : new Square(a[i]);
                out[i] = s.area();
            } else {
                out[i] = a[i];
            }
        }
    }

    /** A static object typed {@code Object}, cast and type-tested in the kernel. */
    static final class AnyHolder {
        static Object any = new Circle(1f);
    }

    static void castStaticObject(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ((Shape) AnyHolder.any).area() * a[i];
        }
    }

    static void patternOnStaticObject(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Object o = AnyHolder.any;
            out[i] = o instanceof Shape s ? s.area() + a[i] : o instanceof Vec v ? v.x * a[i] : -1f;
        }
    }

    /** A static object whose method reads another static field that changes between executions. */
    static final class Scaled implements Shape {
        @Override
        public float area() {
            return Holder.scale * 2f;
        }

        @Override
        public Shape grown(float k) {
            return this;
        }
    }

    static final Shape SCALED = new Scaled();

    static Shape holderShapeGetter() {
        return Holder.shape;
    }

    static void staticsThroughGetters(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = SCALED.area() * a[i] + holderShapeGetter().area() - Holder.shape.sides();
        }
    }

    /** A record with object components in a static field. */
    record Pair(Shape first, Shape second) {
        float total() {
            return first.area() + second.area();
        }
    }

    static Pair pair = new Pair(new Circle(1f), new Square(2f));

    static void staticRecordOfObjects(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = pair.first().area() * a[i] + pair.second().sides() + pair.total();
        }
    }

    /** A class implementing the functional interface, in the field a lambda held before. */
    static final class Tripler implements IntUnaryOperator {
        final int k;

        Tripler(int k) {
            this.k = k;
        }

        @Override
        public int applyAsInt(int x) {
            return x * 3 + k;
        }
    }

    /** Another test class's static object (its class initialised by the JVM's run first). */
    static void otherClassesStatic(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = StaticObjectTest.UNIT.area(a[i]) + HALF.area();
        }
    }

    /** Two tasks of one schedule reading one static field. */
    static void holderShapeTwice(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] += Holder.shape.twice() + a[i];
        }
    }

    /** A lazily initialised class whose object is read only behind a branch some elements take. */
    static int lazyBranchInits;

    static final class LazyBranch {
        static final Shape S;

        static {
            lazyBranchInits++;
            S = new Tri(2f, 1f + lazyBranchInits);
        }
    }

    static void lazyBranch(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] > 1000f ? LazyBranch.S.area() + a[i] : a[i] * 0.5f;
        }
    }

    // ================================================ more kernels: shared objects, fieldless classes, boxes

    /** Two choices over the same two objects, in opposite orders. */
    static void twoChoicesOverTheSameObjects(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], b[i]);
            Vec q = new Vec(b[i], -a[i]);
            Vec m1 = a[i] > 0f ? p : q;
            Vec m2 = b[i] > 0f ? q : p;
            m1.x += 1f;
            m2.x *= 2f;
            m1.y = m2.x - m1.x;
            out[i] = p.x + 2f * p.y + 4f * q.x + 8f * q.y;
        }
    }

    /** A variable that is itself a choice between two new objects, one of which another choice holds. */
    static void aChoiceHoldingAnotherChoicesObject(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec q = new Vec(7f, 8f);
            Vec r;
            Vec m;
            if (a[i] > 0f) {
                r = new Vec(a[i], 1f);
                m = r;
            } else {
                r = new Vec(2f, a[i]);
                m = q;
            }
            m.x += 10f;
            r.y -= 3f;
            out[i] = r.x + 2f * r.y + 4f * q.x + 8f * q.y + 16f * m.y;
        }
    }

    /** The choice as a receiver with no variable, and a choice passed to a method called on a choice. */
    static void receiversAndArgumentsThatAreChoices(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float v = (a[i] > 0f ? new Circle(a[i]) : new Square(a[i])).area();
            Shape s = (i & 1) == 0 ? new Tri(a[i], 2f) : new Hex(i & 3, a[i]);
            Shape t = a[i] > 0.5f ? new Ring(a[i], 1f) : new Circle(-a[i]);
            out[i] = v + relative(s, t) + relative(t, s);
        }
    }

    static float relative(Shape x, Shape y) {
        return x.area() - y.area() * 0.5f + x.sides() * y.sides();
    }

    /** Classes without fields (strategies): a choice with no field slots. */
    static final class Inc implements IntOp {
        @Override
        public int apply(int x) {
            return x + 1;
        }
    }

    static final class Dec implements IntOp {
        @Override
        public int apply(int x) {
            return x - 1;
        }
    }

    static final class Sq implements IntOp {
        @Override
        public int apply(int x) {
            return x * x;
        }
    }

    static void fieldlessStrategies(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp op;
            switch (a[i] % 5) {
                case 0:
                case 3:
                    op = new Inc();
                    break;
                default:
                    op = new Sq();
                    break;
                case -1:
                case -4:
                    op = new Dec();
                    break;
                case 2:
                    op = new Div(3);
            }
            out[i] = op.apply(a[i]) + op.apply(i);
        }
    }

    /** A labelled block left early by {@code break}. */
    static void labelledBreak(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s;
            found: {
                if (a[i] > 1f) {
                    s = new Circle(a[i]);
                    break found;
                }
                if (a[i] < -1f) {
                    s = new Tri(a[i], a[i]);
                    break found;
                }
                s = new Square(a[i]);
            }
            out[i] = s.area() + s.sides();
        }
    }

    /** Boxes and an object with a primitive array in static fields. */
    static final class Boxes {
        static Integer count = 1000;
        static Long big = 1L << 40;
        static final Double HALF = 0.5;
    }

    static final class Table {
        final float[] data;
        int shift;

        Table(float[] data, int shift) {
            this.data = data;
            this.shift = shift;
        }
    }

    static Table table = new Table(new float[] {1f, 2f, 3f, 4f}, 1);

    static void boxesAndTables(float[] a, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * Boxes.count + Boxes.big + Boxes.HALF
                    + table.data[(i + table.shift) % table.data.length];
        }
    }

    /** A class whose initialiser runs a schedule reading the class's own static object. */
    static float[] bootResult;
    static float[] bootExpected;

    static final class Boot {
        static final Shape S = new Tri(3f, 0.5f);
        static final float[] RESULT;
        static final float[] EXPECTED;

        static {
            float[] a = Inputs.floats(9601, 1000, -2f, 2f);
            float[] out = new float[1000];
            float[] expected = new float[1000];
            bootKernel(a.clone(), expected);
            try (TaskSchedule s = new TaskSchedule("boot").task("t", ChoiceStaticProbeTest::bootKernel, a, out)) {
                s.execute();
            }
            RESULT = out;
            EXPECTED = expected;
        }
    }

    static void bootKernel(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Boot.S.area() * a[i] + Boot.S.sides();
        }
    }

    // ================================================ more kernels: streams, nests, reductions, helpers

    static void choiceInAStream(float[] a, float[] out) {
        java.util.stream.IntStream.range(0, out.length).parallel().forEach(i -> {
            Shape s = a[i] > 0f ? new Circle(a[i]) : new Tri(a[i], 2f);
            out[i] = s.area() + s.sides();
        });
    }

    static void choiceInANest(float[] a, float[] out, int cols) {
        for (@Parallel int r = 0; r < out.length / cols; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int i = r * cols + c;
                Shape s = ((r ^ c) & 1) == 0 ? new Square(a[i]) : new Hex(c, a[i]);
                out[i] = s.area() * 0.5f + s.sides();
            }
        }
    }

    static void choiceInAReduction(int[] a, @dev.ferrocl.api.Reduce long[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            IntOp op = (a[i] & 1) == 0 ? new Rem(7) : new Neg(a[i] >> 3);
            sum[0] += op.apply(a[i]);
        }
    }

    /** A helper returning either a parameter or a choice it made. */
    static Vec pickOrChoose(Vec p, Vec q, int k) {
        if (k == 0) {
            return p;
        }
        Vec m = k > 0 ? p : q;
        m.x += 1f;
        return m;
    }

    static void helperReturnsObjectOrChoice(float[] a, int[] k, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Vec p = new Vec(a[i], 1f);
            Vec q = new Vec(2f, a[i]);
            Vec r = pickOrChoose(p, q, k[i] % 3);
            r.y *= 5f;
            out[i] = p.x + 2f * p.y + 4f * q.x + 8f * q.y;
        }
    }

    // ================================================================ (1) tests: choices

    @Test
    public void twoClassesByATernary() {
        for (int n : new int[] {1, 7, 1001}) {
            float[] a = Inputs.floats(9301, n, -3f, 3f);
            check(ChoiceStaticProbeTest::twoClasses, a, new float[n]);
        }
    }

    @Test
    public void fourClassesByIfElseChainsSwitchesSwitchExpressionsAndALabelledBreak() {
        {
            int n = 1003;
            check(ChoiceStaticProbeTest::chainOfFour, Inputs.floats(9302, n, -2f, 2f), Inputs.ints(9303, n),
                    new float[n], new int[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::switchFour, Inputs.ints(9304, n), new float[n]);
        }
        {
            int n = 999;
            check(ChoiceStaticProbeTest::switchExpression, Inputs.ints(9305, n), new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::labelledBreak, Inputs.floats(9607, n, -2f, 2f), new float[n]);
        }
    }

    @Test
    public void aSwitchExpressionWhoseDefaultThrows() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::switchExpressionThrows, Inputs.intsIn(9306, n, 0, 1 << 20), new float[n]);
        }
        {
            int n = 1000;
            int[] a = Inputs.intsIn(9307, n, 0, 1 << 20);
            a[637] = -4; // remainder -1: the default throws there
            float[] out = new float[n];
            checkThrows(x -> switchExpressionThrows((int[]) x[0], (float[]) x[1]),
                    s -> s.task("t", ChoiceStaticProbeTest::switchExpressionThrows, a, out), a, out);
        }
    }

    @Test
    public void fourClassesDeepHierarchyWithSuperCalls() {
        int n = 1001;
        check(ChoiceStaticProbeTest::deepHierarchy, Inputs.ints(9308, n), new int[n]);
    }

    @Test
    public void superclassFieldsWrittenThroughTheChoiceAndTypePatterns() {
        int n = 1000;
        check(ChoiceStaticProbeTest::superclassFieldsThroughChoice, Inputs.ints(9309, n), new int[n]);
    }

    @Test
    public void interfaceDefaultMethodsAndSuperDefaults() {
        int n = 1000;
        check(ChoiceStaticProbeTest::interfaceDefaults, Inputs.ints(9310, n), new int[n]);
    }

    @Test
    public void methodsReturningNewObjectsOfDifferentClassesOrThemselves() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::factories, Inputs.floats(9311, n, -2f, 2f), new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::grownChoice, Inputs.floats(9312, n, -2f, 2f), new float[n], new int[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::grownTwice, Inputs.floats(9313, n, -2f, 2f), new float[n], new int[n]);
        }
    }

    @Test
    public void choicesPassedToReturnedByAndWrittenInStaticHelpers() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::toHelpers, Inputs.floats(9314, n, -1f, 1f), new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::helperWrites, Inputs.floats(9315, n, -1f, 1f), Inputs.floats(9316, n, -1f, 1f),
                    new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::choicesFromHelpers, Inputs.floats(9321, n, -1f, 1f),
                    Inputs.floats(9322, n, -1f, 1f), new float[n]);
        }
    }

    @Test
    public void writesThroughTheObjectsOwnVariablesAndOneReassigned() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::writesThroughOwnVariables, Inputs.floats(9317, n, -1f, 1f),
                    Inputs.floats(9318, n, -1f, 1f), new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::ownVariableReassigned, Inputs.floats(9319, n, -1f, 1f),
                    Inputs.floats(9320, n, -1f, 1f), new float[n]);
        }
    }

    @Test
    public void choicesOfChoicesRunOrAreRefusedCleanly() {
        {
            int n = 1000;
            ranOrRefused(null, () -> check(ChoiceStaticProbeTest::nestedTernary, Inputs.floats(9323, n, -1f, 1f),
                    Inputs.floats(9324, n, -1f, 1f), new float[n]));
        }
        {
            int n = 1000;
            ranOrRefused(null, () -> check(ChoiceStaticProbeTest::choiceOfChoices, Inputs.floats(9325, n, -1f, 1f),
                    Inputs.floats(9326, n, -1f, 1f), new float[n]));
        }
    }

    @Test
    public void typeTestsAndPatternsOnAChoice() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::typeTests, Inputs.floats(9327, n, -1f, 1f), new int[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::typePatterns, Inputs.floats(9328, n, -1f, 1f), new float[n]);
        }
    }

    @Test
    public void aCastOnAChoice() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::castOnChoice, Inputs.plainFloats(9329, n, -0.5f, 1f), new float[n]);
        }
        {
            int n = 1000;
            float[] a = Inputs.plainFloats(9330, n, -0.5f, 1f);
            a[411] = -0.95f;
            float[] out = new float[n];
            checkThrows(x -> castOnChoice((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", ChoiceStaticProbeTest::castOnChoice, a, out), a, out);
        }
    }

    @Test
    public void divisionsInEitherClassesMethod() {
        {
            int n = 1000;
            int[] a = JvmOracle.withSpecials(Inputs.ints(9331, n), Integer.MIN_VALUE, Integer.MIN_VALUE, 7, -7);
            int[] d = Inputs.nonZeroInts(9332, n);
            d[0] = -1; // MIN_VALUE / -1
            d[1] = 0; // Rem(1) on an odd index: % 1
            for (int k = 3; k < n; k += 2) {
                if (d[k] == -1) {
                    d[k] = 5; // Rem(0) would divide by zero
                }
            }
            check(ChoiceStaticProbeTest::divisionInOneClass, a, d, new int[n]);
        }
        {
            int n = 1000;
            int[] a = Inputs.ints(9333, n);
            int[] d = Inputs.nonZeroInts(9334, n);
            for (int k = 1; k < n; k += 2) {
                if (d[k] == -1) {
                    d[k] = 5;
                }
            }
            d[500] = 0; // Div(0) on an even index
            int[] out = new int[n];
            checkThrows(x -> divisionInOneClass((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", ChoiceStaticProbeTest::divisionInOneClass, a, d, out), a, d, out);
        }
        {
            int n = 1000;
            int[] a = Inputs.ints(9335, n);
            int[] d = Inputs.nonZeroInts(9336, n);
            for (int k = 1; k < n; k += 2) {
                if (d[k] == -1) {
                    d[k] = 5;
                }
            }
            d[777] = -1; // Rem(0) on an odd index
            int[] out = new int[n];
            checkThrows(x -> divisionInOneClass((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", ChoiceStaticProbeTest::divisionInOneClass, a, d, out), a, d, out);
        }
    }

    @Test
    public void aRecordsCompactConstructorThrowsInOneBranch() {
        int n = 1000;
        int[] ok = Inputs.intsIn(9337, n, 0, 1 << 20);
        check(ChoiceStaticProbeTest::compactConstructorThrows, ok, new int[n]);
        int[] a = Inputs.intsIn(9338, n, -100, 1 << 20);
        for (int k = 0; k < n; k += 2) {
            a[k] = Math.abs(a[k]);
        }
        a[3] = -5; // Neg: fine
        a[602] = -6; // Pos: throws
        int[] out = new int[n];
        checkThrows(x -> compactConstructorThrows((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ChoiceStaticProbeTest::compactConstructorThrows, a, out), a, out);
    }

    @Test
    public void everyPrimitiveFieldTypeThroughAChoice() {
        {
            int n = 1000;
            int[] a = JvmOracle.withSpecials(Inputs.ints(9339, n), 0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 127,
                    128, 65535, 65536);
            check(ChoiceStaticProbeTest::everyPrimitiveTwoClasses, a, new long[n], new byte[n]);
        }
        {
            int n = 1000;
            int[] a = JvmOracle.withSpecials(Inputs.ints(9340, n), 0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE);
            check(ChoiceStaticProbeTest::everyPrimitiveOneClass, a, new long[n]);
        }
    }

    @Test
    public void choicesMadeInsideSequentialInnerLoops() {
        int n = 500;
        for (int steps : new int[] {0, 1, 6}) {
            check(ChoiceStaticProbeTest::choiceInInnerLoop, Inputs.floats(9341, n, -2f, 2f), new float[n], steps);
        }
    }

    @Test
    public void objectsMadeBeforeAnInnerLoopChosenInsideIt() {
        int n = 500;
        for (int steps : new int[] {0, 1, 5}) {
            check(ChoiceStaticProbeTest::madeBeforeLoopChosenInside, Inputs.floats(9342, n, -2f, 2f), new float[n],
                    steps);
        }
    }

    @Test
    public void aChoiceMadeBeforeAnInnerLoopReadAndWrittenInside() {
        {
            int n = 500;
            for (int steps : new int[] {0, 3}) {
                check(ChoiceStaticProbeTest::choiceReadInLoop, Inputs.floats(9343, n, -2f, 2f), new float[n], steps);
            }
        }
        {
            int n = 500;
            for (int steps : new int[] {0, 4}) {
                check(ChoiceStaticProbeTest::choiceWrittenInLoop, Inputs.floats(9344, n, -2f, 2f), new float[n], steps);
            }
        }
    }

    @Test
    public void loopCarriedChoicesAreRefused() {
        {
            int n = 500;
            ranOrRefused("merged in one variable", () -> check(ChoiceStaticProbeTest::loopCarriedClasses,
                    Inputs.floats(9345, n, -2f, 2f), new float[n], 5));
        }
        {
            int n = 500;
            ranOrRefused("merged in one variable", () -> check(ChoiceStaticProbeTest::loopCarriedHeldElsewhere,
                    Inputs.floats(9346, n, -2f, 2f), new float[n], 5));
        }
    }

    @Test
    public void aTaskObjectOfEachClassOrObjectsMadeInTheKernel() {
        int n = 1000;
        float[] a = Inputs.floats(9347, n, -1.5f, 1.5f);
        check(ChoiceStaticProbeTest::taskObjectOrNew, new Circle(0.75f), a, new float[n]);
        check(ChoiceStaticProbeTest::taskObjectOrNew, new Square(1.25f), a, new float[n]);
        check(ChoiceStaticProbeTest::taskObjectOrNew, new Ring(2f, 1f), a, new float[n]);
        check(ChoiceStaticProbeTest::taskObjectOrNew, new Hex(2, 0.5f), a, new float[n]);
    }

    @Test
    public void writesThroughATaskOrStaticObjectOrANewOneRunAsTheJvmOrAreRefused() {
        {
            int n = 100;
            float[] a = Inputs.floats(9348, n, -1f, 1f);
            Vec given = new Vec(0.5f, 3f);
            Vec jvmGiven = new Vec(0.5f, 3f);
            float[] expected = new float[n];
            taskObjectOrNewWritten(jvmGiven, a, expected);
            float[] out = new float[n];
            boolean ran;
            try (TaskSchedule s = new TaskSchedule("w").task("t", ChoiceStaticProbeTest::taskObjectOrNewWritten, given,
                    a, out)) {
                try {
                    s.execute();
                    ran = true;
                    assertRanOnDevice(s.report(), "t");
                } catch (CompilationException e) {
                    assertCleanRefusal(e, null);
                    System.out.println("[probe] refused: " + e.getMessage());
                    ran = false;
                }
            }
            if (ran) {
                JvmOracle.assertSame("out", expected, out);
                assertEquals("given.x", Float.floatToIntBits(jvmGiven.x), Float.floatToIntBits(given.x));
                assertEquals("given.y", Float.floatToIntBits(jvmGiven.y), Float.floatToIntBits(given.y));
            } else {
                assertEquals("a refused task must leave given.x alone", 0.5f, given.x, 0f);
            }
        }
        {
            int n = 100;
            float[] a = Inputs.floats(9417, n, -1f, 1f);
            Holder.vec = new Vec(0.5f, 3f);
            float[] expected = new float[n];
            staticOrNewWritten(a, expected);
            float jvmY = Holder.vec.y;
            Holder.vec = new Vec(0.5f, 3f);
            float[] out = new float[n];
            boolean ran;
            try (TaskSchedule s = new TaskSchedule("w").task("t", ChoiceStaticProbeTest::staticOrNewWritten, a, out)) {
                try {
                    s.execute();
                    ran = true;
                    assertRanOnDevice(s.report(), "t");
                } catch (CompilationException e) {
                    assertCleanRefusal(e, null);
                    System.out.println("[probe] refused: " + e.getMessage());
                    ran = false;
                }
            }
            if (ran) {
                JvmOracle.assertSame("out", expected, out);
                assertEquals("Holder.vec.y", Float.floatToIntBits(jvmY), Float.floatToIntBits(Holder.vec.y));
            } else {
                assertEquals("a refused task must leave Holder.vec.y alone", 3f, Holder.vec.y, 0f);
            }
        }
    }

    @Test
    public void heldObjectsOnTwoArmsAndInASwitchExpression() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::sameObjectTwiceInAChain, Inputs.ints(9349, n), new int[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::switchOfHeldObjects, Inputs.ints(9507, n), new int[n]);
        }
    }

    @Test
    public void writesOnOneBranchAfterTheChoiceAndAnEarlyContinue() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::writesOnOneBranchAfterChoice, Inputs.floats(9350, n, -1f, 1f),
                    Inputs.floats(9351, n, -1f, 1f), new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::earlyContinue, Inputs.floats(9506, n, -1f, 1f), new float[n]);
        }
    }

    @Test
    public void overridingMethodsWriteTheHeldObjectsFields() {
        int n = 1000;
        check(ChoiceStaticProbeTest::overridingWritersThroughChoice, Inputs.floats(9352, n, -1f, 1f), new float[n]);
    }

    @Test
    public void nullAndReferenceEqualityOnAChoiceRunOrAreRefused() {
        {
            int n = 1000;
            ranOrRefused(null, () -> check(ChoiceStaticProbeTest::referenceEquality, Inputs.floats(9353, n, -3f, 3f),
                    new int[n]));
        }
        {
            int n = 1000;
            ranOrRefused(null, () -> check(ChoiceStaticProbeTest::choiceWithNull, Inputs.floats(9354, n, -1f, 1f),
                    new float[n]));
        }
        {
            int n = 1000;
            float[] a = Inputs.floats(9355, n, -0.9f, 1f);
            a[250] = -1f;
            float[] out = new float[n];
            ranOrRefused(null, () -> sameAsJvm(false, x -> nullChoiceDereferenced((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", ChoiceStaticProbeTest::nullChoiceDereferenced, a, out), a, out));
        }
    }

    @Test
    public void fieldsOfOneNameInTwoClasses() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::hiddenFields, Inputs.ints(9501, n), new int[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::sameNameOtherType, Inputs.ints(9502, n), new double[n]);
        }
    }

    @Test
    public void anExceptionInOneClassesMethodCaughtInTheKernel() {
        int n = 1000;
        int[] a = JvmOracle.withSpecials(Inputs.ints(9504, n), Integer.MIN_VALUE, Integer.MIN_VALUE);
        int[] d = Inputs.intsIn(9505, n, -3, 4);
        d[0] = -1;
        // Without a zero divisor, on the device.
        int[] nonZero = Inputs.nonZeroInts(9525, n);
        check(ChoiceStaticProbeTest::caughtInOneBranch, a, nonZero, new int[n]);
        // With zeros: a division that throws inside an inlined method is caught by the JVM's rerun (CatchTest), with
        // Java's results either way.
        int[] out = new int[n];
        sameAsJvm(false, x -> caughtInOneBranch((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ChoiceStaticProbeTest::caughtInOneBranch, a, d, out), a, d, out);
    }

    @Test
    public void newOfAClassWithAVisibleInitialiserBehindABranch() {
        int n = 1000;
        float[] low = Inputs.plainFloats(9511, n, -50f, 50f);
        float[] out = new float[n];
        // No element makes a Counted: the JVM does not initialise it, nor may the schedule.
        sameAsJvm(false, x -> newOfCounted((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", ChoiceStaticProbeTest::newOfCounted, low, out), low, out);
        float[] twinOut = new float[n];
        newOfCountedTwin(low.clone(), twinOut);
        assertEquals("Counted's initialisations", twinNewInits, newInits);
        float[] high = Inputs.plainFloats(9512, n, 0f, 300f);
        float[] out2 = new float[n];
        float[] expected = new float[n];
        try (TaskSchedule s = new TaskSchedule("counted").task("t", ChoiceStaticProbeTest::newOfCounted, high,
                out2)) {
            s.execute();
            newOfCountedTwin(high.clone(), expected);
            JvmOracle.assertSame("out", expected, out2);
            assertEquals("Counted's initialisations", twinNewInits, newInits);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("out again", expected, out2);
            assertEquals("Counted's initialisations", twinNewInits, newInits);
        }
    }

    @Test
    public void twoChoicesOverTheSameObjectsAndAChoiceHoldingAnotherChoicesObject() {
        int n = 1000;
        check(ChoiceStaticProbeTest::twoChoicesOverTheSameObjects, Inputs.floats(9602, n, -1f, 1f),
                Inputs.floats(9603, n, -1f, 1f), new float[n]);
        ranOrRefused("merged in one variable", () -> check(ChoiceStaticProbeTest::aChoiceHoldingAnotherChoicesObject,
                Inputs.floats(9604, n, -1f, 1f), new float[n]));
    }

    @Test
    public void choicesAsReceiversAndAsArgumentsOfGenericHelpersAndMethods() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::receiversAndArgumentsThatAreChoices, Inputs.floats(9605, n, -1f, 1f),
                    new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::choiceAsArgumentOfAnObjectsMethod, Inputs.floats(9508, n, -2f, 2f),
                    new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::genericHelper, Inputs.floats(9509, n, -2f, 2f), new float[n]);
            check(ChoiceStaticProbeTest::patternWithCondition, Inputs.floats(9510, n, -2f, 2f), new int[n]);
        }
    }

    @Test
    public void fieldlessClassesBySwitchesWithSharedCasesAndADefaultInTheMiddle() {
        int n = 1000;
        check(ChoiceStaticProbeTest::fieldlessStrategies, Inputs.intsIn(9606, n, -50000, 50000), new int[n]);
    }

    @Test
    public void choicesInAStreamANestAndAReduction() {
        int n = 1200;
        check(ChoiceStaticProbeTest::choiceInAStream, Inputs.floats(9701, n, -2f, 2f), new float[n]);
        check(ChoiceStaticProbeTest::choiceInANest, Inputs.floats(9702, n, -2f, 2f), new float[n], 40);
        check(ChoiceStaticProbeTest::choiceInAReduction, Inputs.ints(9703, n), new long[1]);
    }

    @Test
    public void aHelperReturningAnObjectOrAChoiceItMadeRunsOrIsRefused() {
        int n = 1000;
        ranOrRefused("merged in one variable", () -> check(ChoiceStaticProbeTest::helperReturnsObjectOrChoice,
                Inputs.floats(9704, n, -2f, 2f), Inputs.ints(9705, n), new float[n]));
    }

    // ================================================================ (2) tests: static fields

    @Test
    public void staticFinalObjectsOfThisClassAnInterfaceAndAnotherClass() {
        {
            for (int n : new int[] {1, 1000}) {
                check(ChoiceStaticProbeTest::staticFinals, Inputs.floats(9401, n, -4f, 4f), new float[n]);
            }
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::otherClassesStatic, Inputs.floats(9518, n, -2f, 2f), new float[n]);
        }
    }

    @Test
    public void aStaticFieldReassignedBetweenExecutionsOfOneSchedule() {
        int n = 1000;
        float[] a = Inputs.floats(9402, n, -2f, 2f);
        float[] out = new float[n];
        Shape[] seq = {new Circle(1f), new Square(2f), new Circle(3f), new Tri(1f, 2f), new Square(-1f),
            new Ring(0.5f, 1.5f), new Tri(-2f, 0.5f)};
        try (TaskSchedule s = new TaskSchedule("reassigned").task("t", ChoiceStaticProbeTest::holderShape, a, out)) {
            for (int k = 0; k < seq.length; k++) {
                Holder.shape = seq[k];
                float[] expected = new float[n];
                holderShape(a, expected);
                Arrays.fill(out, Float.NaN);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("execution " + k + " with " + seq[k].getClass().getSimpleName(), expected, out);
                boolean seenBefore = false;
                for (int j = 0; j < k; j++) {
                    seenBefore |= seq[j].getClass() == seq[k].getClass();
                }
                if (seenBefore) {
                    assertTrue("execution " + k + ": the class was seen before, its kernel is reused",
                            s.report().task("t").cached());
                }
            }
        }
    }

    @Test
    public void aStaticObjectsFieldsChangedBetweenExecutionsAreReadAgain() {
        int n = 1000;
        float[] a = Inputs.floats(9403, n, -2f, 2f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("fields").task("t", ChoiceStaticProbeTest::holderFields, a, out)) {
            float[][] values = {{1f, 2f, 1.25f}, {-3f, 0.5f, 1.25f}, {-3f, 0.5f, -7f}, {Float.NaN, 1f, 0f}};
            for (float[] v : values) {
                Holder.vec.x = v[0];
                Holder.vec.y = v[1];
                Holder.scale = v[2];
                float[] expected = new float[n];
                holderFields(a, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("with " + Arrays.toString(v), expected, out);
            }
            Holder.vec = new Vec(9f, -9f); // another object of the same class
            float[] expected = new float[n];
            holderFields(a, expected);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("another Vec", expected, out);
        }
    }

    @Test
    public void objectsThreeFieldsBelowAStaticFieldChangeClassAndValues() {
        int n = 1000;
        float[] a = Inputs.floats(9404, n, -2f, 2f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("deep").task("t", ChoiceStaticProbeTest::holderDeep, a, out)) {
            Shape[] leaves = {new Circle(1f), new Square(3f), new Circle(0.25f), new Hex(4, 1f)};
            for (int k = 0; k < leaves.length; k++) {
                if (k % 2 == 0) {
                    Holder.deep.mid.leaf = leaves[k]; // same holder, the leaf replaced
                } else {
                    Holder.deep = new Deep(new Mid(leaves[k], k), -k);
                }
                float[] expected = new float[n];
                holderDeep(a, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("leaf " + k, expected, out);
            }
        }
    }

    @Test
    public void anObjectBeyondTheDescribedDepthRunsOrIsRefused() {
        int n = 100;
        ranOrRefused(null, () -> check(ChoiceStaticProbeTest::deeperPath, Inputs.floats(9405, n, -2f, 2f),
                new float[n]));
    }

    @Test
    public void aStaticFieldSetToNullThrowsTheJvmsNullPointerException() {
        int n = 1000;
        float[] a = Inputs.floats(9406, n, -2f, 2f);
        Holder.shape = null;
        float[] out = new float[n];
        TaskReport t = sameAsJvm(false, x -> holderShape((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", ChoiceStaticProbeTest::holderShape, a, out), a, out);
        assertEquals("a call on null runs on the JVM: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
        // Back to an object: the device again.
        Holder.shape = new Square(0.5f);
        check(ChoiceStaticProbeTest::holderShape, a, new float[n]);
    }

    @Test
    public void aNullStaticFieldNotReachedThrowsNothing() {
        int n = 1000;
        float[] a = Inputs.floats(9407, n, -2f, 2f);
        Holder.shape = null;
        float[] out = new float[n];
        sameAsJvm(false, x -> holderShapeNullable((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                s -> s.task("t", ChoiceStaticProbeTest::holderShapeNullable, a, out, 0), a, out, 0);
        sameAsJvm(false, x -> holderShapeNullable((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                s -> s.task("t", ChoiceStaticProbeTest::holderShapeNullable, a, out, 1), a, out, 1);
        // Empty arrays: the loop never reads the field.
        float[] none = new float[0];
        sameAsJvm(false, x -> holderShape((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", ChoiceStaticProbeTest::holderShape, none, none), none, none);
    }

    @Test
    public void aFieldReadOfANullStaticObjectThrowsTheJvmsNullPointerException() {
        int n = 1000;
        float[] a = Inputs.floats(9408, n, -2f, 2f);
        Holder.vec = null;
        float[] out = new float[n];
        sameAsJvm(false, x -> holderFields((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", ChoiceStaticProbeTest::holderFields, a, out), a, out);
        Holder.vec = new Vec(-1f, 4f);
        check(ChoiceStaticProbeTest::holderFields, a, new float[n]);
    }

    @Test
    public void enumsStaticFieldsAndConstantsWithBodies() {
        int n = 1000;
        int[] a = Inputs.intsIn(9409, n, -100000, 100000);
        check(ChoiceStaticProbeTest::enumStatics, a, new int[n]);
        Mode.current = Mode.FAST; // another class (the constant's body)
        check(ChoiceStaticProbeTest::enumStatics, a, new int[n]);
    }

    @Test
    public void anEnumSwitchOnAStaticFieldReassignedBetweenExecutions() {
        int n = 1000;
        int[] a = Inputs.ints(9410, n);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("enum").task("t", ChoiceStaticProbeTest::enumSwitchOnStatic, a, out)) {
            for (Mode m : new Mode[] {Mode.SLOW, Mode.FAST, Mode.SLOW, Mode.FAST}) {
                Mode.current = m;
                int[] expected = new int[n];
                enumSwitchOnStatic(a, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("with " + m, expected, out);
            }
        }
    }

    @Test
    public void staticsOfNestedAndInnerClasses() {
        {
            int n = 1000;
            float[] a = Inputs.floats(9411, n, -2f, 2f);
            check(ChoiceStaticProbeTest::nestedClassStatics, a, new float[n]);
            Outer.Inner.Innermost.sc = new ScC(21);
            check(ChoiceStaticProbeTest::nestedClassStatics, a, new float[n]);
            Outer.Inner.Innermost.sc = new ScB(-2);
            check(ChoiceStaticProbeTest::nestedClassStatics, a, new float[n]);
        }
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::innerClassObject, Inputs.ints(9412, n), new int[n]);
        }
    }

    @Test
    public void lambdasAndMethodReferencesInStaticFinalFields() {
        for (int n : new int[] {1, 1000}) {
            int[] a = JvmOracle.withSpecials(Inputs.ints(9413, n), Integer.MIN_VALUE, Integer.MAX_VALUE, 0);
            check(ChoiceStaticProbeTest::lambdasAndReferences, a, new int[n]);
        }
    }

    @Test
    public void lambdaStaticFieldsReassignedBetweenExecutions() {
        {
            int n = 1000;
            int[] a = Inputs.ints(9414, n);
            int[] out = new int[n];
            IntUnaryOperator first = x -> x * 3;
            IntUnaryOperator[] seq = {first, x -> x - 7, first, Math::abs, Integer::reverse, x -> x - 7};
            try (TaskSchedule s = new TaskSchedule("lambda").task("t", ChoiceStaticProbeTest::holderLambda, a, out)) {
                for (int k = 0; k < seq.length; k++) {
                    Holder.op = seq[k];
                    int[] expected = new int[n];
                    holderLambda(a, expected);
                    s.execute();
                    assertRanOnDevice(s.report(), "t");
                    JvmOracle.assertSame("lambda " + k, expected, out);
                    if (k == 2) {
                        assertTrue("the first lambda's kernel is reused", s.report().task("t").cached());
                    }
                }
            }
        }
        {
            int n = 1000;
            int[] a = Inputs.ints(9517, n);
            int[] out = new int[n];
            IntUnaryOperator lambda = x -> x ^ 0x1234;
            Object[] seq = {lambda, new Tripler(5), lambda, new Tripler(-8)};
            try (TaskSchedule s = new TaskSchedule("impl").task("t", ChoiceStaticProbeTest::holderLambda, a, out)) {
                for (int k = 0; k < seq.length; k++) {
                    Holder.op = (IntUnaryOperator) seq[k];
                    int[] expected = new int[n];
                    holderLambda(a, expected);
                    s.execute();
                    assertRanOnDevice(s.report(), "t");
                    JvmOracle.assertSame("step " + k, expected, out);
                }
            }
        }
    }

    @Test
    public void choicesOfStaticTaskAndKernelMadeObjects() {
        {
            int n = 1000;
            check(ChoiceStaticProbeTest::staticOrNew, Inputs.floats(9415, n, -2f, 2f), new float[n]);
        }
        {
            int n = 1000;
            float[] a = Inputs.floats(9416, n, -2f, 2f);
            check(ChoiceStaticProbeTest::twoStatics, a, new float[n]);
            Holder.shape = new Tri(1f, 3f);
            check(ChoiceStaticProbeTest::twoStatics, a, new float[n]);
        }
        {
            int n = 1000;
            float[] a = Inputs.floats(9503, n, -2f, 2f);
            check(ChoiceStaticProbeTest::staticOrNewFieldRead, a, new float[n]);
            Holder.vec = new Vec(-4f, 0.25f);
            check(ChoiceStaticProbeTest::staticOrNewFieldRead, a, new float[n]);
            check(ChoiceStaticProbeTest::taskObjectOrNewFieldRead, new Vec(3f, -1f), a, new float[n]);
        }
    }

    @Test
    public void aStaticObjectsMethodMakesObjectsOfDifferentClasses() {
        int n = 1000;
        check(ChoiceStaticProbeTest::staticFactory, Inputs.floats(9418, n, -2f, 2f), new float[n]);
    }

    @Test
    public void aStaticArrayOfObjectsIsRefusedCleanly() {
        int n = 10;
        ranOrRefused("arrays of objects", () -> check(ChoiceStaticProbeTest::staticArrayOfObjects,
                Inputs.floats(9419, n, -2f, 2f), new float[n]));
    }

    @Test
    public void classesAreInitialisedInTheJvmsOrderAndOnlyOnce() {
        int n = 1000;
        float[] a = Inputs.floats(9420, n, -1f, 1f);
        a[0] = 0.5f; // OrdB first
        a[5] = -0.5f; // then OrdA
        float[] out = new float[n];
        float[] expected = new float[n];
        try (TaskSchedule s = new TaskSchedule("order").task("t", ChoiceStaticProbeTest::initOrder, a, out)) {
            s.execute();
            List<String> device;
            synchronized (INIT_LOG) {
                device = new ArrayList<>(INIT_LOG);
            }
            initOrderTwin(a.clone(), expected);
            List<String> jvm = new ArrayList<>();
            synchronized (INIT_LOG) {
                for (String e : INIT_LOG.subList(device.size(), INIT_LOG.size())) {
                    jvm.add(e.replace("'", ""));
                }
            }
            assertEquals("initialisation order", jvm, device);
            JvmOracle.assertSame("first execution", expected, out);
            Arrays.fill(out, 0f);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("second execution", expected, out);
            synchronized (INIT_LOG) {
                assertEquals("no class initialised twice: " + INIT_LOG, device.size() + jvm.size(), INIT_LOG.size());
            }
        }
    }

    @Test
    public void aClassNotYetInitialisedWhoseObjectIsCalledOn() {
        int[] a = Inputs.ints(9421, 1000);
        int[] none = new int[0];
        // Empty arrays: the loop never reads LazyCall.OP, so the JVM does not initialise LazyCall.
        try (TaskSchedule s = new TaskSchedule("lazy0").task("t", ChoiceStaticProbeTest::lazyCall, none, none)) {
            s.execute();
        }
        assertEquals("LazyCall initialised though no one read it", 0, lazyCallInits);
        int[] out = new int[1000];
        try (TaskSchedule s = new TaskSchedule("lazy1").task("t", ChoiceStaticProbeTest::lazyCall, a, out)) {
            s.execute();
            assertEquals(1, lazyCallInits);
            int[] expected = new int[1000];
            lazyCall(a, expected);
            JvmOracle.assertSame("first execution", expected, out);
            Arrays.fill(out, 0);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("second execution", expected, out);
            assertEquals(1, lazyCallInits);
        }
    }

    @Test
    public void aClassNotYetInitialisedWhoseObjectsFieldsAreRead() {
        float[] a = Inputs.floats(9422, 1000, -2f, 2f);
        float[] out = new float[1000];
        try (TaskSchedule s = new TaskSchedule("lazyRead").task("t", ChoiceStaticProbeTest::lazyRead, a, out, 0)) {
            s.execute();
        }
        assertEquals("LazyRead initialised before the JVM would", 0, lazyReadInits);
        float[] expected = new float[1000];
        try (TaskSchedule s = new TaskSchedule("lazyRead").task("t", ChoiceStaticProbeTest::lazyRead, a, out, 1)) {
            s.execute();
            assertEquals(1, lazyReadInits);
            lazyRead(a, expected, 1);
            JvmOracle.assertSame("first execution", expected, out);
            Arrays.fill(out, 0f);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("second execution", expected, out);
            assertEquals(1, lazyReadInits);
        }
    }

    @Test
    public void aStaticObjectWhoseInitialiserThrows() {
        int n = 100;
        float[] a = Inputs.floats(9423, n, -2f, 2f);
        for (int round = 0; round < 2; round++) {
            float[] out = new float[n];
            Throwable device = null;
            try (TaskSchedule s = new TaskSchedule("broken").task("t", ChoiceStaticProbeTest::broken, a, out)) {
                s.execute();
            } catch (CompilationException e) {
                throw e;
            } catch (Throwable e) {
                device = e;
            }
            Throwable jvm = null;
            float[] expected = new float[n];
            try {
                brokenTwin(a.clone(), expected);
            } catch (Throwable e) {
                jvm = e;
            }
            assertNotNull("the JVM throws (test is wrong)", jvm);
            assertNotNull("round " + round + ": expected " + jvm, device);
            assertEquals("round " + round + " (" + device + ")", jvm.getClass(), device.getClass());
            assertEquals("round " + round, String.valueOf(jvm.getMessage()).replace("BrokenTwin", "Broken"),
                    String.valueOf(device.getMessage()));
            JvmOracle.assertSame("round " + round, expected, out);
        }
    }

    @Test
    public void aStaticObjectTypedObjectCastAndTypeTested() {
        int n = 1000;
        float[] a = Inputs.floats(9513, n, -2f, 2f);
        for (Object any : new Object[] {new Circle(2f), new Ring(1f, 3f), new Vec(2f, 3f), new Square(0.5f)}) {
            AnyHolder.any = any;
            check(ChoiceStaticProbeTest::patternOnStaticObject, a, new float[n]);
        }
    }

    @Test
    public void aCastOfAStaticObjectThatFailsThrowsClassCastExceptionOrIsRefused() {
        int n = 1000;
        float[] a = Inputs.floats(9514, n, -2f, 2f);
        AnyHolder.any = new Square(3f);
        check(ChoiceStaticProbeTest::castStaticObject, a, new float[n]);
        AnyHolder.any = new Vec(1f, 1f);
        float[] out = new float[n];
        try {
            // A cast the host's description decides fails: refused like a task argument's (strict mode), or the JVM's
            // exception and arrays.
            ranOrRefused("ClassCastException", () -> sameAsJvm(false, x -> castStaticObject((float[]) x[0],
                    (float[]) x[1]), s -> s.task("t", ChoiceStaticProbeTest::castStaticObject, a, out), a, out));
        } finally {
            AnyHolder.any = new Circle(1f);
        }
    }

    @Test
    public void aStaticObjectsMethodReadsAnotherStaticFieldThatChanges() {
        int n = 1000;
        float[] a = Inputs.floats(9515, n, -2f, 2f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("scaled").task("t", ChoiceStaticProbeTest::staticsThroughGetters, a,
                out)) {
            Object[][] steps = {{1.25f, new Circle(1f)}, {-3f, new Circle(1f)}, {0.5f, new Square(2f)},
                {Float.NaN, new Square(2f)}};
            for (Object[] st : steps) {
                Holder.scale = (Float) st[0];
                Holder.shape = (Shape) st[1];
                float[] expected = new float[n];
                staticsThroughGetters(a, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("scale " + st[0] + ", " + st[1].getClass().getSimpleName(), expected, out);
            }
        }
    }

    @Test
    public void aRecordOfObjectsInAStaticField() {
        int n = 1000;
        float[] a = Inputs.floats(9516, n, -2f, 2f);
        Pair saved = pair;
        try {
            check(ChoiceStaticProbeTest::staticRecordOfObjects, a, new float[n]);
            pair = new Pair(new Tri(1f, 2f), new Circle(0.5f));
            check(ChoiceStaticProbeTest::staticRecordOfObjects, a, new float[n]);
        } finally {
            pair = saved;
        }
    }

    @Test
    public void twoTasksOfOneScheduleReadAStaticFieldThatChangesClass() {
        int n = 1000;
        float[] a = Inputs.floats(9519, n, -2f, 2f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("two").task("t", ChoiceStaticProbeTest::holderShape, a, out)
                .task("u", ChoiceStaticProbeTest::holderShapeTwice, a, out)) {
            for (Shape sh : new Shape[] {new Circle(2f), new Tri(1f, 1f), new Circle(-1f), new Hex(1, 1f)}) {
                Holder.shape = sh;
                float[] expected = new float[n];
                holderShape(a, expected);
                holderShapeTwice(a, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertRanOnDevice(s.report(), "u");
                JvmOracle.assertSame(sh.getClass().getSimpleName(), expected, out);
            }
        }
    }

    @Test
    public void aLazyClassReadOnlyBehindABranchSomeElementsTake() {
        int n = 1000;
        float[] low = Inputs.plainFloats(9520, n, -10f, 10f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("lb").task("t", ChoiceStaticProbeTest::lazyBranch, low, out)) {
            s.execute();
            float[] expected = new float[n];
            lazyBranch(low.clone(), expected);
            JvmOracle.assertSame("no element reads it", expected, out);
            assertEquals("LazyBranch initialised though no element reads it", 0, lazyBranchInits);
        }
        float[] high = Inputs.plainFloats(9521, n, 0f, 2000f);
        float[] out2 = new float[n];
        try (TaskSchedule s = new TaskSchedule("lb2").task("t", ChoiceStaticProbeTest::lazyBranch, high, out2)) {
            s.execute();
            assertEquals(1, lazyBranchInits);
            float[] expected = new float[n];
            lazyBranch(high.clone(), expected);
            JvmOracle.assertSame("first reading execution", expected, out2);
            Arrays.fill(out2, 0f);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("second", expected, out2);
            assertEquals(1, lazyBranchInits);
        }
    }

    @Test
    public void boxesAndAnObjectsArrayInStaticFieldsReadAgainAtEachExecution() {
        int n = 1000;
        float[] a = Inputs.floats(9608, n, -2f, 2f);
        double[] out = new double[n];
        Table saved = table;
        try (TaskSchedule s = new TaskSchedule("boxes").task("t", ChoiceStaticProbeTest::boxesAndTables, a, out)) {
            for (int k = 0; k < 3; k++) {
                double[] expected = new double[n];
                boxesAndTables(a, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("execution " + k, expected, out);
                Boxes.count = Boxes.count * -3 + k;
                Boxes.big = Boxes.big + 12345L;
                table.data[k] = -table.data[k] * 10f;
                table.shift = k + 2;
                if (k == 1) {
                    table = new Table(new float[] {9f, 8f, 7f}, 0);
                }
            }
        } finally {
            Boxes.count = 1000;
            Boxes.big = 1L << 40;
            table = saved;
        }
    }

    @Test
    public void staticFieldsInheritedFromASuperclassAndAnInterfaceDoNotInitialiseTheSubclass() {
        int n = 1000;
        float[] a = Inputs.floats(9424, n, -2f, 2f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("inherited").task("t", ChoiceStaticProbeTest::inheritedStatics, a,
                out)) {
            s.execute();
            float[] expected = new float[n];
            inheritedStaticsTwin(a.clone(), expected);
            JvmOracle.assertSame("first execution", expected, out);
            assertEquals("SubHolder's initialisations", twinSubInits, subInits);
            assertEquals("Impl's initialisations", twinImplInits, implInits);
            Arrays.fill(out, 0f);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("second execution", expected, out);
            assertEquals("SubHolder's initialisations", twinSubInits, subInits);
            assertEquals("Impl's initialisations", twinImplInits, implInits);
        }
    }

    @Test(timeout = 120_000)
    public void aScheduleRunFromTheStaticFieldsOwnClassInitialiser() {
        // Boot's initialiser runs a schedule whose kernel reads Boot.S while Boot is being initialised (JLS 12.4.2:
        // the initialising thread's own reads proceed); then the class is initialised and the kernel compiles.
        float[] result = Boot.RESULT;
        JvmOracle.assertSame("in the initialiser", Boot.EXPECTED, result);
        check(ChoiceStaticProbeTest::bootKernel, Inputs.floats(9609, 1000, -2f, 2f), new float[1000]);
    }

    @Test
    public void staticObjectsInBatchesWhoseClassChanges() {
        int n = 20_000;
        float[] a = Inputs.floats(9706, n, -2f, 2f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("batches").batch("8KB").task("t", ChoiceStaticProbeTest::holderShape, a,
                out)) {
            for (Shape sh : new Shape[] {new Ring(1f, 2f), new Square(0.75f), new Ring(0.5f, 0.25f)}) {
                Holder.shape = sh;
                float[] expected = new float[n];
                holderShape(a, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertTrue("ran in batches: " + s.report().task("t").batches(), s.report().task("t").batches() > 1);
                JvmOracle.assertSame(sh.getClass().getSimpleName(), expected, out);
            }
        }
    }
}

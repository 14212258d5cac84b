package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.TaskSchedule;
import dev.ferrocl.tests.other.MethodSelectionOthers;
import dev.ferrocl.tests.other.MethodSelectionOthers.Ab2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Ab2a;
import dev.ferrocl.tests.other.MethodSelectionOthers.Ab6;
import dev.ferrocl.tests.other.MethodSelectionOthers.AbQ2;
import dev.ferrocl.tests.other.MethodSelectionOthers.AbS2;
import dev.ferrocl.tests.other.MethodSelectionOthers.B2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Box2;
import dev.ferrocl.tests.other.MethodSelectionOthers.D2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Du2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Dv2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Dx2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Dy2;
import dev.ferrocl.tests.other.MethodSelectionOthers.F2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Fi2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Fi3;
import dev.ferrocl.tests.other.MethodSelectionOthers.H2;
import dev.ferrocl.tests.other.MethodSelectionOthers.K2;
import dev.ferrocl.tests.other.MethodSelectionOthers.M2;
import dev.ferrocl.tests.other.MethodSelectionOthers.N2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Pm3;
import dev.ferrocl.tests.other.MethodSelectionOthers.Pr2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Pr2o;
import dev.ferrocl.tests.other.MethodSelectionOthers.Pv2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Q2;
import dev.ferrocl.tests.other.MethodSelectionOthers.St2;
import dev.ferrocl.tests.other.MethodSelectionOthers.St2p;
import dev.ferrocl.tests.other.MethodSelectionOthers.St4;
import dev.ferrocl.tests.other.MethodSelectionOthers.T2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Tm2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Tm5;
import dev.ferrocl.tests.other.MethodSelectionOthers.Tm6;
import dev.ferrocl.tests.other.MethodSelectionOthers.W2;
import dev.ferrocl.tests.other.MethodSelectionOthers.Y2;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.After;
import org.junit.Test;

/**
 * Method resolution and selection across run-time packages, written from the JVMS (§5.4.3.3 resolution, §5.4.4
 * access, §5.4.5 overriding, §5.4.6 selection, invokeinterface's IllegalAccessError) and the JLS, probed against
 * the JVM. This class's package is "p1"; {@link MethodSelectionOthers}'s ({@code dev.ferrocl.tests.other}) is
 * "p2". Class names end in the digit of their package; every {@code m()} returns its own number. Each kernel calls
 * a method on a parameter (devirtualised for the object's exact class at {@code execute()}), on a field of a
 * parameter, on {@code this} inside an inherited method, or on objects allocated in the kernel, and runs strict on
 * the device; every array is compared with the JVM's run on clones ({@link JvmOracle#check}).
 *
 * <p>Where the JVM throws (an IllegalAccessError: invokeinterface selecting a package-private method, or a
 * resolution to a method the caller may not access), the device may not produce a result: a clean bailout
 * ({@link CompilationException}) or the JVM's own exception with the JVM's arrays is accepted, a normal return is
 * not. javac rejects every class that would make the JVM throw AbstractMethodError (JLS §8.1.1.1: a concrete class
 * must implement a package-private abstract method of another package, which it cannot), so the abstract probes
 * are the configurations javac accepts.
 */
public class MethodSelectionProbeTest {
    private static final int N = 64;

    // ================================================================ chain 1: package-private, alternating packages
    // p1.A1(1) → p2.B2(2) → p1.C1(3) → p2.D2(4) → p1.E1(-) → p2.F2(6), every m() package-private.
    // Resolved A1.m (from p1): A1 1, B2 1, C1 3, D2 3, E1 3, F2 3. Resolved B2.m (from p2): B2 2, C1 2, D2 4, E1 4,
    // F2 6. Resolved C1.m (p1): C1 3, D2 3, E1 3, F2 3. Resolved D2.m (p2): D2 4, E1 4, F2 6.

    /** Declares the package-private m(). */
    public static class A1 {
        int m() {
            return 1;
        }
    }

    /** p1.A1 → p2.B2 → p1.C1: overrides A1's m() (same package), not B2's (another package). */
    public static class C1 extends B2 {
        int m() {
            return 3;
        }
    }

    /** Declares nothing; by §5.4.6 inherits C1's m() for A1.m and C1.m, D2's for B2.m and D2.m. */
    public static class E1 extends D2 {
    }

    /** A holder whose field is changed between executions of one schedule. */
    public static class HolderA1 {
        public A1 a;
    }

    // ================================================================ chain 2: public overrides in between
    // p1.G1(10) → p2.H2(20, pkg) → p1.J1(30, public) → p2.K2(40) → p1.L1(-) → p2.M2(60), and p2.H2 → p2.N2(70,
    // public) → p1.O1(80, public) → p2.Q2(90, public).
    // Resolved G1.m: G1 10, H2 10, J1 30, K2 40 (through J1, §5.4.5(b)), L1 40, M2 60, N2 10, O1 80, Q2 90.
    // Resolved H2.m (p2): H2 20, J1 20, K2 40, L1 40, M2 60, N2 70, O1 80 (through N2), Q2 90.

    /** Declares the package-private m(). */
    public static class G1 {
        int m() {
            return 10;
        }
    }

    /** Overrides G1's m() (same package) and makes it public; not H2's (another package). */
    public static class J1 extends H2 {
        public int m() {
            return 30;
        }
    }

    /** Inherits K2's public m(). */
    public static class L1 extends K2 {
    }

    /** Overrides N2's public m() and G1's package-private one (same package). */
    public static class O1 extends N2 {
        @Override
        public int m() {
            return 80;
        }
    }

    // ================================================================ chain 3: protected in between
    // p1.R1(100, pkg) → p1.S1(200, protected) → p2.T2(300) → p1.U1(-); p1.R1 → p2.W2(400, protected, not an
    // override) → p1.X1(500, protected) → p2.Y2(600). Resolved R1.m: R1 100, S1 200, T2 300, U1 300, W2 100, X1 500,
    // Y2 600. Resolved W2.m (p2): W2 400, X1 500, Y2 600.

    /** Declares the package-private m(). */
    public static class R1 {
        int m() {
            return 100;
        }
    }

    /** Overrides R1's m() as protected. */
    public static class S1 extends R1 {
        @Override
        protected int m() {
            return 200;
        }
    }

    /** Inherits T2's protected m(). */
    public static class U1 extends T2 {
    }

    /** Overrides R1's m() (same package) and W2's protected one. */
    public static class X1 extends W2 {
        @Override
        protected int m() {
            return 500;
        }
    }

    // ================================================================ protected through subclass references
    // p1.Pr1(7, protected) → p2.Pr2(-) → p2.Pr2o(8) → p1.Pr4(10); p2.Pr2 → p1.Pr3(9).

    /** Declares the protected m(). */
    public static class Pr1 {
        protected int m() {
            return 7;
        }
    }

    /** Overrides Pr1's protected m() below a class of p2. */
    public static class Pr3 extends Pr2 {
        @Override
        protected int m() {
            return 9;
        }
    }

    /** Overrides Pr2o's protected m() (p2) from p1. */
    public static class Pr4 extends Pr2o {
        @Override
        protected int m() {
            return 10;
        }
    }

    // ================================================================ static methods of the same name
    // p1.St1(11) → p2.St2 (static m(), 12) → p1.St3(14) → p2.St4(-); p1.St1 → p2.St2p (public static m(), 13) →
    // p1.St5(-). A static method is not an instance method: selection passes over it. Resolved St1.m: St1 11,
    // St2 11, St2p 11, St3 14, St4 14, St5 11.

    /** Declares the package-private instance m(). */
    public static class St1 {
        int m() {
            return 11;
        }
    }

    /** Overrides St1's m() (same package) below p2's static m(). */
    public static class St3 extends St2 {
        int m() {
            return 14;
        }
    }

    /** Below p2's public static m(). */
    public static class St5 extends St2p {
    }

    // ================================================================ abstract methods
    // p1.Ab1 (abstract, package-private) → p1.Ab1Impl(21); → p2.Ab2 (abstract class, public m() 22) → p1.Ab3(23,
    // public) → p1.Ab5(-), → p2.Ab6(26); → p2.Ab2a (public abstract) → p1.Ab3a(24); → p2.AbQ2 (its own package-private
    // abstract m()) → p1.AbR1 (abstract class, 31) → p2.AbS2(32).
    // Resolved Ab1.m: Ab1Impl 21, Ab3 23, Ab3a 24, Ab5 23, Ab6 26, AbS2 31. Resolved AbQ2.m (p2): AbS2 32.

    /** A package-private abstract m(), and a method that calls it on this. */
    public abstract static class Ab1 {
        abstract int m();

        int thrice() {
            return m() * 3;
        }
    }

    /** Implements Ab1's m() in the same package. */
    public static class Ab1Impl extends Ab1 {
        @Override
        int m() {
            return 21;
        }
    }

    /** Implements Ab1's m() (same package) and overrides Ab2's public one. */
    public static class Ab3 extends Ab2 {
        @Override
        public int m() {
            return 23;
        }
    }

    /** Implements Ab1's m() and Ab2a's public abstract one. */
    public static class Ab3a extends Ab2a {
        @Override
        public int m() {
            return 24;
        }
    }

    /** Inherits Ab3's m(). */
    public static class Ab5 extends Ab3 {
    }

    /** Implements Ab1's m() (same package); AbQ2's stays abstract (another package). */
    public abstract static class AbR1 extends AbQ2 {
        int m() {
            return 31;
        }
    }

    // ================================================================ default methods against package-private ones
    // p1.Dp1 (package-private m(), 41) → p2.Dx2 implements p1.DI (default m(), 45) → p2.Dy2(46, public), → p1.Dz1(-),
    // → p1.Dw1(47, public). Resolved Dp1.m: Dx2 41, Dy2 41, Dz1 41, Dw1 47. invokevirtual Dx2.m from p1 resolves to
    // Dp1.m (superclasses before superinterfaces, §5.4.3.3): the same. invokeinterface DI.m: Dy2 46, Dw1 47; on Dx2
    // and Dz1 it selects Dp1.m, not public: IllegalAccessError. invokevirtual Dx2.m from p2: IllegalAccessError
    // (resolution: Dp1.m is not accessible in p2). Also p1.Dv1 (public m(), 48) → p2.Dv2 implements DI: 48;
    // p2.Du2 implements DI: 45; p1.Pv1 (private m()) → p2.Pv2 implements DI: 45.

    /** The interface with a default m(). */
    public interface DI {
        default int m() {
            return 45;
        }
    }

    /** Declares the package-private m(). */
    public static class Dp1 {
        int m() {
            return 41;
        }
    }

    /** Below p2's Dx2: declares nothing. */
    public static class Dz1 extends Dx2 {
    }

    /** Overrides Dp1's m() (same package) and DI's, public. */
    public static class Dw1 extends Dx2 {
        @Override
        public int m() {
            return 47;
        }
    }

    /** A public m() in a class. */
    public static class Dv1 {
        public int m() {
            return 48;
        }
    }

    /** A private m(): never selected for a call of DI.m. */
    public static class Pv1 {
        private int m() {
            return 49;
        }

        /** Keeps the private method used. */
        public int own() {
            return m();
        }
    }

    // ================================================================ super calls across packages
    // p1.Sp1(pkg, 1) → p1.Sp1b(public, super.m() * 10 + 2) → p2.Sp2(public, super.m() * 10 + 3) → p1.Sp3(public,
    // super.m() * 10 + 4): through Sp1, Sp3 gives 1234, Sp2 123, Sp1b 12. p1.Su1 (protected, 5) → p2.Su2 (protected,
    // super.m() * 10 + 6) → p2.Su2b(-) → p1.Su3 (protected, super.m() * 10 + 7): Su3 567 (its super call names Su2b,
    // which declares nothing: resolution goes on to Su2).

    /** Declares the package-private m(). */
    public static class Sp1 {
        int m() {
            return 1;
        }
    }

    /** Overrides Sp1's m() (same package), public, and calls it. */
    public static class Sp1b extends Sp1 {
        @Override
        public int m() {
            return super.m() * 10 + 2;
        }
    }

    /** Overrides Sp2's public m() and calls it. */
    public static class Sp3 extends MethodSelectionOthers.Sp2 {
        @Override
        public int m() {
            return super.m() * 10 + 4;
        }
    }

    /** Declares a protected m(). */
    public static class Su1 {
        protected int m() {
            return 5;
        }
    }

    /** Overrides Su2's protected m() (p2) through Su2b, which declares nothing, and calls it. */
    public static class Su3 extends MethodSelectionOthers.Su2b {
        @Override
        protected int m() {
            return super.m() * 10 + 7;
        }
    }

    /** Below p2's Du2 (which only has DI's default m()): a public override. */
    public static class Du3 extends Du2 {
        @Override
        public int m() {
            return 55;
        }
    }

    // ================================================================ private methods
    // p1.Pm1(61, pkg) → p2.Pm3 (private m(), 63, and own(), which calls it) → p1.Pm4(64). Resolved Pm1.m: Pm1 61,
    // Pm3 61, Pm4 64. Pm3.own(): 63 on Pm3 and Pm4.

    /** Declares the package-private m(). */
    public static class Pm1 {
        int m() {
            return 61;
        }
    }

    /** Overrides Pm1's m() (same package); Pm3's private m() is not overridden. */
    public static class Pm4 extends Pm3 {
        int m() {
            return 64;
        }
    }

    // ================================================================ final methods
    // p1.Fi1 (package-private final, 71) → p2.Fi2(72) → p2.Fi3(73, public final) → p1.Fi4(-). Resolved Fi1.m: 71 on
    // all; resolved Fi2.m (p2): Fi2 72, Fi3 73, Fi4 73; resolved Fi3.m: 73.

    /** A package-private final m(). */
    public static class Fi1 {
        final int m() {
            return 71;
        }
    }

    /** Inherits Fi3's public final m(). */
    public static class Fi4 extends Fi3 {
    }

    // ================================================================ methods on this, and on fields
    // p1.Tm1(81, pkg; twice() = m() * 2 + k(), k() protected 5) → p2.Tm2(82, k 6) → p1.Tm3(-) → p1.Tm4(84) → p2.Tm5(-)
    // → p2.Tm6(86). Resolved Tm1.m: Tm1 81, Tm2 81, Tm3 81, Tm4 84, Tm5 84, Tm6 84. Resolved Tm2.m (p2): Tm2 82,
    // Tm3 82, Tm4 82, Tm5 82, Tm6 86.

    /** Declares the package-private m(), a final method that calls it on this, and a protected k(). */
    public static class Tm1 {
        int m() {
            return 81;
        }

        final int twice() {
            return m() * 2 + k();
        }

        protected int k() {
            return 5;
        }
    }

    /** Inherits (for Tm1.m) Tm1's m(). */
    public static class Tm3 extends Tm2 {
    }

    /** Overrides Tm1's m() (same package). */
    public static class Tm4 extends Tm3 {
        int m() {
            return 84;
        }
    }

    /** Holds a Tm1 and calls its methods on the field. */
    public static class Box1 {
        public Tm1 inner;

        public Box1(Tm1 inner) {
            this.inner = inner;
        }

        int go() {
            return inner.twice() * 10 + inner.m();
        }
    }

    // ================================================================ kernels compiled in p1

    public static void viaA1(A1 a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a.m() * 1000 + i;
        }
    }

    public static void viaC1(C1 c, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = c.m() * 1000 + i;
        }
    }

    public static void viaG1(G1 g, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = g.m() * 1000 + i;
        }
    }

    /** The same as viaG1. */
    public static void viaG1Copy(G1 g, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = g.m() * 1000 + i;
        }
    }

    public static void viaJ1(J1 j, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = j.m() * 1000 + i;
        }
    }

    public static void viaR1(R1 r, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = r.m() * 1000 + i;
        }
    }

    /** invokevirtual Pr2.m (a class of p2 that declares no m()): resolves to Pr1's protected m(), accessible here. */
    public static void viaPr2(Pr2 p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.m() * 1000 + i;
        }
    }

    public static void viaSt1(St1 s, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.m() * 1000 + i;
        }
    }

    public static void viaSt3(St3 s, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s.m() * 1000 + i;
        }
    }

    public static void viaAb1(Ab1 a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a.m() * 1000 + i;
        }
    }

    public static void viaAb1Thrice(Ab1 a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a.thrice() * 1000 + i;
        }
    }

    /** Ab2's public m() (p2). */
    public static void viaAb2(Ab2 a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a.m() * 1000 + i;
        }
    }

    public static void viaDp1(Dp1 d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    /** invokevirtual Dx2.m from p1: the JVM resolves it to Dp1.m (accessible here), the JLS would say DI.m. */
    public static void viaDx2(Dx2 d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    /** invokeinterface DI.m. */
    public static void viaDI(DI d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    public static void viaSp1(Sp1 p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.m() * 1000 + i;
        }
    }

    public static void viaSu1(Su1 p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.m() * 1000 + i;
        }
    }

    /** invokevirtual Du2.m: no class declares m(), resolution finds DI's default (§5.4.3.3 step 3). */
    public static void viaDu2(Du2 d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    /** invokevirtual Dv2.m: resolves to Dv1's public m(), before DI's default. */
    public static void viaDv2(Dv2 d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    public static void viaPm1(Pm1 p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.m() * 1000 + i;
        }
    }

    public static void viaPm3Own(Pm3 p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.own() * 1000 + i;
        }
    }

    public static void viaFi1(Fi1 f, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.m() * 1000 + i;
        }
    }

    public static void viaFi3(Fi3 f, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.m() * 1000 + i;
        }
    }

    public static void viaTm1(Tm1 t, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t.m() * 1000 + i;
        }
    }

    public static void viaTm1Twice(Tm1 t, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t.twice() * 1000 + i;
        }
    }

    /** Box1.go(): calls on this.inner. */
    public static void viaBox1Go(Box1 b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = b.go() * 1000 + i;
        }
    }

    /** Calls on a field of the parameter, in the kernel. */
    public static void viaBox1Field(Box1 b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (b.inner.m() * 100 + b.inner.k()) * 1000 + i;
        }
    }

    /** Box2.go() (p2): Tm2's package-private m() on this.inner. */
    public static void viaBox2Go(Box2 b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = b.go() * 1000 + i;
        }
    }

    public static void viaHolder(HolderA1 h, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = h.a.m() * 1000 + i;
        }
    }

    // ---------------------------------------------------------------- objects allocated in the kernel

    /** Chain 1 through A1, one class per kind. */
    public static void allocatedViaA1(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    A1 a = new A1();
                    v = a.m();
                }
                case 1 -> {
                    A1 a = new B2();
                    v = a.m();
                }
                case 2 -> {
                    A1 a = new C1();
                    v = a.m();
                }
                case 3 -> {
                    A1 a = new D2();
                    v = a.m();
                }
                case 4 -> {
                    A1 a = new E1();
                    v = a.m();
                }
                default -> {
                    A1 a = new F2();
                    v = a.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** Chain 1 through C1 (resolved C1.m). */
    public static void allocatedViaC1(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i] & 3) {
                case 0 -> {
                    C1 c = new C1();
                    v = c.m();
                }
                case 1 -> {
                    C1 c = new D2();
                    v = c.m();
                }
                case 2 -> {
                    C1 c = new E1();
                    v = c.m();
                }
                default -> {
                    C1 c = new F2();
                    v = c.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** Chain 2 through G1. */
    public static void allocatedViaG1(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    G1 g = new G1();
                    v = g.m();
                }
                case 1 -> {
                    G1 g = new H2();
                    v = g.m();
                }
                case 2 -> {
                    G1 g = new J1();
                    v = g.m();
                }
                case 3 -> {
                    G1 g = new K2();
                    v = g.m();
                }
                case 4 -> {
                    G1 g = new L1();
                    v = g.m();
                }
                case 5 -> {
                    G1 g = new M2();
                    v = g.m();
                }
                case 6 -> {
                    G1 g = new N2();
                    v = g.m();
                }
                case 7 -> {
                    G1 g = new O1();
                    v = g.m();
                }
                default -> {
                    G1 g = new Q2();
                    v = g.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** Chain 3 through R1. */
    public static void allocatedViaR1(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    R1 r = new R1();
                    v = r.m();
                }
                case 1 -> {
                    R1 r = new S1();
                    v = r.m();
                }
                case 2 -> {
                    R1 r = new T2();
                    v = r.m();
                }
                case 3 -> {
                    R1 r = new U1();
                    v = r.m();
                }
                case 4 -> {
                    R1 r = new W2();
                    v = r.m();
                }
                case 5 -> {
                    R1 r = new X1();
                    v = r.m();
                }
                default -> {
                    R1 r = new Y2();
                    v = r.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** Protected m() through Pr2 references. */
    public static void allocatedViaPr2(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i] & 3) {
                case 0 -> {
                    Pr2 p = new Pr2();
                    v = p.m();
                }
                case 1 -> {
                    Pr2 p = new Pr2o();
                    v = p.m();
                }
                case 2 -> {
                    Pr2 p = new Pr3();
                    v = p.m();
                }
                default -> {
                    Pr2 p = new Pr4();
                    v = p.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** Static methods of the same name, through St1. */
    public static void allocatedViaSt1(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    St1 s = new St1();
                    v = s.m();
                }
                case 1 -> {
                    St1 s = new St2();
                    v = s.m();
                }
                case 2 -> {
                    St1 s = new St2p();
                    v = s.m();
                }
                case 3 -> {
                    St1 s = new St3();
                    v = s.m();
                }
                case 4 -> {
                    St1 s = new St4();
                    v = s.m();
                }
                default -> {
                    St1 s = new St5();
                    v = s.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** Abstract m() through Ab1, and thrice() (m() on this). */
    public static void allocatedViaAb1(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    Ab1 a = new Ab1Impl();
                    v = a.m() * 10000 + a.thrice();
                }
                case 1 -> {
                    Ab1 a = new Ab3();
                    v = a.m() * 10000 + a.thrice();
                }
                case 2 -> {
                    Ab1 a = new Ab3a();
                    v = a.m() * 10000 + a.thrice();
                }
                case 3 -> {
                    Ab1 a = new Ab5();
                    v = a.m() * 10000 + a.thrice();
                }
                case 4 -> {
                    Ab1 a = new Ab6();
                    v = a.m() * 10000 + a.thrice();
                }
                default -> {
                    Ab1 a = new AbS2();
                    v = a.m() * 10000 + a.thrice();
                }
            }
            out[i] = v * 100 + (i & 63);
        }
    }

    /** The calls that the JVM runs without error around the default method: through Dp1, Dx2 (from p1) and DI. */
    public static void allocatedDefaults(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    Dp1 d = new Dx2();
                    v = d.m();
                }
                case 1 -> {
                    Dp1 d = new Dy2();
                    v = d.m();
                }
                case 2 -> {
                    Dp1 d = new Dz1();
                    v = d.m();
                }
                case 3 -> {
                    Dp1 d = new Dw1();
                    v = d.m();
                }
                case 4 -> {
                    Dx2 d = new Dx2();
                    v = d.m();
                }
                case 5 -> {
                    Dx2 d = new Dy2();
                    v = d.m();
                }
                case 6 -> {
                    Dx2 d = new Dz1();
                    v = d.m();
                }
                case 7 -> {
                    Dx2 d = new Dw1();
                    v = d.m();
                }
                case 8 -> {
                    DI d = new Dy2();
                    v = d.m();
                }
                case 9 -> {
                    DI d = new Dw1();
                    v = d.m();
                }
                case 10 -> {
                    DI d = new Dv2();
                    v = d.m();
                }
                case 11 -> {
                    DI d = new Du2();
                    v = d.m();
                }
                default -> {
                    DI d = new Pv2();
                    v = d.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** invokeinterface DI.m on an allocated Dx2: IllegalAccessError on the JVM. */
    public static void allocatedDIOnDx2(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            DI d = new Dx2();
            out[i] = d.m() * 1000 + kinds[i];
        }
    }

    /** invokeinterface DI.m on an allocated Dz1: IllegalAccessError on the JVM. */
    public static void allocatedDIOnDz1(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            DI d = new Dz1();
            out[i] = d.m() * 1000 + kinds[i];
        }
    }

    /** Private, final, and inherited template methods on allocated objects. */
    public static void allocatedPrivateFinalTemplates(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    Pm1 p = new Pm3();
                    v = p.m();
                }
                case 1 -> {
                    Pm1 p = new Pm4();
                    v = p.m();
                }
                case 2 -> {
                    Pm3 p = new Pm4();
                    v = p.own();
                }
                case 3 -> {
                    Fi1 f = new Fi3();
                    v = f.m();
                }
                case 4 -> {
                    Fi3 f = new Fi4();
                    v = f.m();
                }
                case 5 -> {
                    Tm1 t = new Tm2();
                    v = t.twice();
                }
                case 6 -> {
                    Tm1 t = new Tm4();
                    v = t.twice();
                }
                case 7 -> {
                    Tm1 t = new Tm6();
                    v = t.twice() * 100 + t.m();
                }
                case 8 -> {
                    Tm4 t = new Tm6();
                    v = t.m();
                }
                default -> {
                    Tm1 t = new Tm5();
                    v = t.twice();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    // ================================================================ checks

    /** Every failed probe of the running test, reported together after it ({@link #reportFailures}). */
    private final List<String> failures = new ArrayList<>();

    @After
    public void reportFailures() {
        if (!failures.isEmpty()) {
            fail(failures.size() + " failed:\n" + String.join("\n", failures));
        }
    }

    /** Runs one probe; a failure is recorded and the test goes on with the next probe. */
    private void probe(String what, Runnable r) {
        try {
            r.run();
        } catch (AssertionError | RuntimeException e) {
            failures.add(what + ": " + e);
        }
    }

    /** Runs {@code kernel} on each object through {@link JvmOracle#check}. */
    @SafeVarargs
    private final <X> void onEach(String what, Task2<X, int[]> kernel, X... objects) {
        for (X o : objects) {
            probe(what + " on a " + o.getClass().getSimpleName(), () -> check(kernel, o, new int[N]));
        }
    }

    /** Kinds 0 .. count - 1 repeated. */
    private static int[] kinds(int count) {
        int[] k = new int[count * 20];
        for (int i = 0; i < k.length; i++) {
            k[i] = i % count;
        }
        return k;
    }

    /**
     * The JVM must throw for {@code arg}; the schedule must not return normally: a clean bailout (strict mode) or
     * the JVM's exception, with the JVM's arrays.
     *
     * @return null when accepted, else what went wrong
     */
    private static <X> String jvmThrowsDeviceMustNot(Task2<X, int[]> kernel, X arg, int n) {
        int[] expected = new int[n];
        Throwable jvm = null;
        try {
            kernel.apply(arg, expected);
        } catch (Throwable t) {
            jvm = t;
        }
        assertNotNull("the JVM should throw for " + arg.getClass().getSimpleName() + " (test is wrong)", jvm);
        int[] out = new int[n];
        String outcome;
        try (TaskSchedule s = new TaskSchedule("throws").task("t", kernel, arg, out)) {
            try {
                s.execute();
                outcome = "the JVM throws " + jvm + ", but execute() returned normally with out[0] = " + out[0]
                        + " (ran on: " + s.report().task("t").ranOn() + ")";
            } catch (CompilationException e) {
                outcome = null; // a clean bailout
            } catch (Throwable t) {
                outcome = t.getClass() == jvm.getClass() ? null
                        : "the JVM throws " + jvm + ", execute() threw " + t;
            }
        }
        if (outcome == null && !Arrays.equals(expected, out)) {
            outcome = "arrays differ from the JVM's after the exception: out[0] = " + out[0];
        }
        return outcome;
    }

    /** For each object the JVM throws; the device must not produce a result. */
    @SafeVarargs
    private final <X> void throwsOnEach(String what, Task2<X, int[]> kernel, X... objects) {
        for (X o : objects) {
            String on = o instanceof int[] ? "" : " on a " + o.getClass().getSimpleName();
            probe(what + on, () -> {
                String problem = jvmThrowsDeviceMustNot(kernel, o, N);
                if (problem != null) {
                    fail(problem);
                }
            });
        }
    }

    // ================================================================ probes

    /** Chain 1 (package-private in p1 → p2 → p1 → p2 → p1 → p2, no public declaration), on parameters. */
    @Test
    public void packagePrivateChainAlternatingPackages() {
        onEach("A1.m", MethodSelectionProbeTest::viaA1, new A1(), new B2(), new C1(), new D2(), new E1(), new F2());
        onEach("C1.m", MethodSelectionProbeTest::viaC1, new C1(), new D2(), new E1(), new F2());
        onEach("B2.m (p2)", MethodSelectionOthers::viaB2, new B2(), new C1(), new D2(), new E1(), new F2());
        onEach("D2.m (p2)", MethodSelectionOthers::viaD2, new D2(), new E1(), new F2());
    }

    /** Chain 1 on objects allocated in the kernel, through A1, C1 (p1) and B2 (p2). */
    @Test
    public void packagePrivateChainOnAllocatedObjects() {
        probe("allocatedViaA1", () -> check(MethodSelectionProbeTest::allocatedViaA1, kinds(6), new int[120]));
        probe("allocatedViaC1", () -> check(MethodSelectionProbeTest::allocatedViaC1, kinds(4), new int[80]));
        probe("allocatedViaB2", () -> check(MethodSelectionOthers::allocatedViaB2, kinds(5), new int[100]));
    }

    /** Chain 2: public overrides in between make later declarations of either package overrides (§5.4.5(b)). */
    @Test
    public void transitiveOverridingThroughPublicOverrides() {
        // Ferrocl keeps kernels for at most 8 combinations of classes per method and device (a bailout past it,
        // MiddleEndProbeTest): the ninth class goes to a copy of the kernel.
        onEach("G1.m", MethodSelectionProbeTest::viaG1, new G1(), new H2(), new J1(), new K2(), new L1(), new M2(),
                new N2(), new O1());
        onEach("G1.m (a copy of the kernel)", MethodSelectionProbeTest::viaG1Copy, new Q2());
        onEach("H2.m (p2)", MethodSelectionOthers::viaH2, new H2(), new J1(), new K2(), new L1(), new M2(), new N2(),
                new O1(), new Q2());
        onEach("J1.m (public)", MethodSelectionProbeTest::viaJ1, new J1(), new K2(), new L1(), new M2());
    }

    @Test
    public void transitiveOverridingOnAllocatedObjects() {
        probe("allocatedViaG1", () -> check(MethodSelectionProbeTest::allocatedViaG1, kinds(9), new int[180]));
        probe("allocatedViaH2", () -> check(MethodSelectionOthers::allocatedViaH2, kinds(8), new int[160]));
    }

    /** Chain 3: protected overrides across packages; a protected method of p2 that overrides nothing of p1's. */
    @Test
    public void protectedOverridesAcrossPackages() {
        onEach("R1.m", MethodSelectionProbeTest::viaR1, new R1(), new S1(), new T2(), new U1(), new W2(), new X1(),
                new Y2());
        onEach("W2.m (p2, protected)", MethodSelectionOthers::viaW2, new W2(), new X1(), new Y2());
        probe("allocatedViaR1", () -> check(MethodSelectionProbeTest::allocatedViaR1, kinds(7), new int[140]));
    }

    /**
     * A protected method called through a reference of a subclass that does not declare it: from p1 (Pr1's
     * package), from a subclass in p2 (JLS §6.6.2.1), and Pr2o's protected m() from p2; on parameters and allocated
     * objects.
     */
    @Test
    public void protectedThroughSubclassReferences() {
        onEach("Pr2.m from p1", MethodSelectionProbeTest::viaPr2, new Pr2(), new Pr2o(), new Pr3(), new Pr4());
        onEach("Pr2.m from the subclass Pr2 (p2)", Pr2::viaSelf, new Pr2(), new Pr2o(), new Pr3(), new Pr4());
        onEach("Pr2o.m (p2)", MethodSelectionOthers::viaPr2o, new Pr2o(), new Pr4());
        probe("allocatedViaPr2", () -> check(MethodSelectionProbeTest::allocatedViaPr2, kinds(4), new int[80]));
    }

    /** A static method of the same name and descriptor in p2 (javac accepts it: St1's m() is not accessible there). */
    @Test
    public void staticMethodOfTheSameNameInAnotherPackage() {
        onEach("St1.m", MethodSelectionProbeTest::viaSt1, new St1(), new St2(), new St2p(), new St3(), new St4(),
                new St5());
        onEach("St3.m", MethodSelectionProbeTest::viaSt3, new St3(), new St4());
        probe("allocatedViaSt1", () -> check(MethodSelectionProbeTest::allocatedViaSt1, kinds(6), new int[120]));
    }

    /**
     * Abstract package-private methods implemented in their package, through public declarations of the other
     * package, and two abstract methods of the same name (one per package) each implemented in its own package.
     */
    @Test
    public void abstractPackagePrivateMethods() {
        Ab1[] all = {new Ab1Impl(), new Ab3(), new Ab3a(), new Ab5(), new Ab6(), new AbS2()};
        onEach("Ab1.m", MethodSelectionProbeTest::viaAb1, all);
        onEach("Ab1.thrice (m() on this)", MethodSelectionProbeTest::viaAb1Thrice, all);
        onEach("Ab2.m (public, p2)", MethodSelectionProbeTest::viaAb2, new Ab3(), new Ab5(), new Ab6());
        onEach("AbQ2.m (p2)", MethodSelectionOthers::viaAbQ2, new AbS2());
        probe("allocatedViaAb1", () -> check(MethodSelectionProbeTest::allocatedViaAb1, kinds(6), new int[120]));
        probe("allocatedViaAbQ2", () -> check(MethodSelectionOthers::allocatedViaAbQ2, kinds(1), new int[20]));
    }

    /**
     * A default method of an interface against a package-private method of the superclass of another package: the
     * calls the JVM runs (invokevirtual Dp1.m, invokevirtual Dx2.m from p1, which the JVM resolves to Dp1.m, and
     * invokeinterface DI.m where a public method or the default is selected).
     */
    @Test
    public void defaultMethodAgainstPackagePrivateMethod() {
        onEach("Dp1.m", MethodSelectionProbeTest::viaDp1, new Dx2(), new Dy2(), new Dz1(), new Dw1());
        onEach("Dx2.m from p1", MethodSelectionProbeTest::viaDx2, new Dx2(), new Dy2(), new Dz1(), new Dw1());
        onEach("DI.m", MethodSelectionProbeTest::viaDI, new Dy2(), new Dw1(), new Dv2(), new Du2(), new Pv2());
        onEach("DI.m from p2", MethodSelectionOthers::viaDI, new Dy2(), new Dw1(), new Dv2(), new Du2(), new Pv2());
        probe("allocatedDefaults",
                () -> check(MethodSelectionProbeTest::allocatedDefaults, kinds(13), new int[260]));
    }

    /**
     * invokeinterface DI.m on Dx2 and Dz1 selects Dp1's package-private m() (§5.4.6: it can override the public
     * DI.m); the selected method is not public, so the JVM throws IllegalAccessError. The device must not answer.
     */
    @Test
    public void interfaceCallSelectingAPackagePrivateMethodThrows() {
        throwsOnEach("DI.m from p1", MethodSelectionProbeTest::viaDI, new Dx2(), new Dz1());
        throwsOnEach("DI.m from p2", MethodSelectionOthers::viaDI, new Dx2(), new Dz1());
        throwsOnEach("DI.m on an allocated Dx2", MethodSelectionProbeTest::allocatedDIOnDx2, new int[N]);
        throwsOnEach("DI.m on an allocated Dz1", MethodSelectionProbeTest::allocatedDIOnDz1, new int[N]);
    }

    /**
     * invokevirtual Dx2.m from p2 resolves to Dp1.m (§5.4.3.3: superclasses before superinterfaces), which p2 may
     * not access (§5.4.4): IllegalAccessError on the JVM, whatever the object. The device must not answer.
     */
    @Test
    public void resolutionToAnInaccessibleMethodThrows() {
        throwsOnEach("Dx2.m from p2", MethodSelectionOthers::viaDx2, new Dx2(), new Dy2(), new Dz1(), new Dw1());
        throwsOnEach("Dx2.m from p2 on an allocated Dx2", MethodSelectionOthers::allocatedViaDx2, new int[N]);
    }

    /** super.m() (invokespecial) in overrides of either package, through a class that declares nothing. */
    @Test
    public void superCallsAcrossPackages() {
        onEach("Sp1.m", MethodSelectionProbeTest::viaSp1, new Sp1(), new Sp1b(), new MethodSelectionOthers.Sp2(),
                new Sp3());
        onEach("Su1.m", MethodSelectionProbeTest::viaSu1, new Su1(), new MethodSelectionOthers.Su2(),
                new MethodSelectionOthers.Su2b(), new Su3());
    }

    /** invokevirtual on a class type whose method resolution ends in an interface's default method. */
    @Test
    public void virtualCallResolvedToADefaultMethod() {
        onEach("Du2.m", MethodSelectionProbeTest::viaDu2, new Du2(), new Du3());
        onEach("Dv2.m", MethodSelectionProbeTest::viaDv2, new Dv2());
    }

    /** Private methods of the same name: never selected by a virtual call, never overridden. */
    @Test
    public void privateMethodsOfTheSameName() {
        onEach("Pm1.m", MethodSelectionProbeTest::viaPm1, new Pm1(), new Pm3(), new Pm4());
        onEach("Pm3.own", MethodSelectionProbeTest::viaPm3Own, new Pm3(), new Pm4());
    }

    /** A package-private final method, a same-named method of p2 below it, and a public final override of that. */
    @Test
    public void finalMethods() {
        onEach("Fi1.m (final)", MethodSelectionProbeTest::viaFi1, new Fi1(), new Fi2(), new Fi3(), new Fi4());
        onEach("Fi2.m (p2)", MethodSelectionOthers::viaFi2, new Fi2(), new Fi3(), new Fi4());
        onEach("Fi3.m (public final)", MethodSelectionProbeTest::viaFi3, new Fi3(), new Fi4());
    }

    /** m() and k() called on this inside an inherited final method, through several levels and both packages. */
    @Test
    public void callsOnThisInInheritedMethods() {
        Tm1[] all = {new Tm1(), new Tm2(), new Tm3(), new Tm4(), new Tm5(), new Tm6()};
        onEach("Tm1.m", MethodSelectionProbeTest::viaTm1, all);
        onEach("Tm1.twice", MethodSelectionProbeTest::viaTm1Twice, all);
        onEach("Tm2.m (p2)", MethodSelectionOthers::viaTm2, new Tm2(), new Tm3(), new Tm4(), new Tm5(), new Tm6());
    }

    /** Calls on a field of a parameter: in the kernel, in a method of the holder in p1, and in one in p2. */
    @Test
    public void callsOnFieldsOfParameters() {
        Tm1[] all = {new Tm1(), new Tm2(), new Tm3(), new Tm4(), new Tm5(), new Tm6()};
        for (Tm1 t : all) {
            String held = " holding a " + t.getClass().getSimpleName();
            probe("Box1.go()" + held, () -> check(MethodSelectionProbeTest::viaBox1Go, new Box1(t), new int[N]));
            probe("b.inner.m() on a Box1" + held,
                    () -> check(MethodSelectionProbeTest::viaBox1Field, new Box1(t), new int[N]));
            if (t instanceof Tm2) {
                probe("Box2.go() (p2)" + held,
                        () -> check(MethodSelectionProbeTest::viaBox2Go, new Box2((Tm2) t), new int[N]));
            }
        }
    }

    /** Private, final and template methods on objects allocated in the kernel. */
    @Test
    public void privateFinalAndTemplateMethodsOnAllocatedObjects() {
        probe("allocatedPrivateFinalTemplates",
                () -> check(MethodSelectionProbeTest::allocatedPrivateFinalTemplates, kinds(10), new int[200]));
        probe("allocatedViaTm2", () -> check(MethodSelectionOthers::allocatedViaTm2, kinds(5), new int[100]));
    }

    /** One schedule; the field's class changes between executions through chain 1: selected again each time. */
    @Test
    public void classOfAFieldChangesBetweenExecutions() {
        HolderA1 h = new HolderA1();
        int[] out = new int[N];
        A1[] objects = {new C1(), new B2(), new F2(), new A1(), new E1(), new D2(), new C1()};
        h.a = objects[0];
        try (TaskSchedule s = new TaskSchedule("changes").task("t", MethodSelectionProbeTest::viaHolder, h, out)) {
            for (A1 a : objects) {
                h.a = a;
                int[] expected = out.clone();
                viaHolder(h, expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("out with " + a.getClass().getSimpleName(), expected, out);
            }
            assertEquals(objects.length, s.report().task("t").executions());
        }
    }
}

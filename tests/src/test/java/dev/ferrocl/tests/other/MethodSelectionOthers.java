package dev.ferrocl.tests.other;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.tests.MethodSelectionProbeTest;
import dev.ferrocl.tests.MethodSelectionProbeTest.A1;
import dev.ferrocl.tests.MethodSelectionProbeTest.Ab1;
import dev.ferrocl.tests.MethodSelectionProbeTest.DI;
import dev.ferrocl.tests.MethodSelectionProbeTest.Dp1;
import dev.ferrocl.tests.MethodSelectionProbeTest.Fi1;
import dev.ferrocl.tests.MethodSelectionProbeTest.G1;
import dev.ferrocl.tests.MethodSelectionProbeTest.Pm1;
import dev.ferrocl.tests.MethodSelectionProbeTest.Pr1;
import dev.ferrocl.tests.MethodSelectionProbeTest.Pv1;
import dev.ferrocl.tests.MethodSelectionProbeTest.R1;
import dev.ferrocl.tests.MethodSelectionProbeTest.St1;
import dev.ferrocl.tests.MethodSelectionProbeTest.Tm1;

/**
 * The package {@code p2} of {@link MethodSelectionProbeTest} (whose own package is {@code p1}): subclasses of its
 * classes whose methods of the same name and descriptor do or do not override the package-private ones there
 * (JVMS §5.4.5), and the kernels that must be compiled in this package (calls whose resolved method is one of this
 * package's package-private or protected methods, or whose resolution the JVM's access check refuses). Each class's
 * {@code m()} returns a number of its own; the test's comments give what the JVM selects.
 */
public final class MethodSelectionOthers {
    private MethodSelectionOthers() {
    }

    // ================================================================ chain 1: package-private, alternating packages

    /** p1.A1 → p2.B2: its own package-private m(), which does not override A1's. */
    public static class B2 extends A1 {
        int m() {
            return 2;
        }
    }

    /** p1.A1 → p2.B2 → p1.C1 → p2.D2: overrides B2's m() (same package), not C1's (nor A1's). */
    public static class D2 extends MethodSelectionProbeTest.C1 {
        int m() {
            return 4;
        }
    }

    /** … → p2.D2 → p1.E1 → p2.F2: overrides D2's and B2's m() (same package), neither C1's nor A1's. */
    public static class F2 extends MethodSelectionProbeTest.E1 {
        int m() {
            return 6;
        }
    }

    // ================================================================ chain 2: public overrides in between

    /** p1.G1 → p2.H2: package-private, not an override of G1's. */
    public static class H2 extends G1 {
        int m() {
            return 20;
        }
    }

    /** … → p1.J1 (public) → p2.K2: overrides J1's public m(), hence G1's (§5.4.5(b)), and H2's (same package). */
    public static class K2 extends MethodSelectionProbeTest.J1 {
        @Override
        public int m() {
            return 40;
        }
    }

    /** … → p2.K2 → p1.L1 → p2.M2: overrides K2's public m(), hence all of them. */
    public static class M2 extends MethodSelectionProbeTest.L1 {
        @Override
        public int m() {
            return 60;
        }
    }

    /** p1.G1 → p2.H2 → p2.N2: a public override of H2's package-private m() only (G1's is of another package). */
    public static class N2 extends H2 {
        @Override
        public int m() {
            return 70;
        }
    }

    /** … → p2.N2 → p1.O1 → p2.Q2: overrides O1's public m(), which overrides G1's (same package) and N2's. */
    public static class Q2 extends MethodSelectionProbeTest.O1 {
        @Override
        public int m() {
            return 90;
        }
    }

    // ================================================================ chain 3: protected in between

    /** p1.R1 → p1.S1 (protected) → p2.T2: overrides S1's protected m(), hence R1's. */
    public static class T2 extends MethodSelectionProbeTest.S1 {
        @Override
        protected int m() {
            return 300;
        }
    }

    /** p1.R1 → p2.W2: protected, but R1's m() is package-private in p1: not an override. */
    public static class W2 extends R1 {
        protected int m() {
            return 400;
        }
    }

    /** … → p2.W2 → p1.X1 → p2.Y2: overrides X1's protected m(), which overrides R1's (same package) and W2's. */
    public static class Y2 extends MethodSelectionProbeTest.X1 {
        @Override
        protected int m() {
            return 600;
        }
    }

    // ================================================================ protected, called through subclass references

    /** Inherits p1.Pr1's protected m(). A kernel here may call it on a Pr2 (JLS §6.6.2.1). */
    public static class Pr2 extends Pr1 {
        /** {@code p.m()} in a subclass of Pr1, on a reference of this subclass: javac emits invokevirtual Pr2.m. */
        public static void viaSelf(Pr2 p, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = p.m() * 1000 + i;
            }
        }
    }

    /** Overrides Pr1's protected m() from p2. */
    public static class Pr2o extends Pr2 {
        @Override
        protected int m() {
            return 8;
        }
    }

    // ================================================================ static methods of the same name

    /** A static m() in p2: hides nothing of p1.St1 (not accessible here), overrides nothing. */
    public static class St2 extends St1 {
        static int m() {
            return 12;
        }
    }

    /** A public static m() in p2. */
    public static class St2p extends St1 {
        public static int m() {
            return 13;
        }
    }

    /** p1.St1 → p2.St2 → p1.St3 → p2.St4: inherits St3's m(). */
    public static class St4 extends MethodSelectionProbeTest.St3 {
    }

    // ================================================================ abstract methods

    /** Abstract: declares a public m() that does not implement p1.Ab1's package-private abstract m(). */
    public abstract static class Ab2 extends Ab1 {
        public int m() {
            return 22;
        }
    }

    /** Abstract: re-declares m() public abstract, again not an implementation of Ab1's. */
    public abstract static class Ab2a extends Ab1 {
        public abstract int m();
    }

    /** p1.Ab1 → p2.Ab2 → p1.Ab3 → p2.Ab6: overrides Ab3's public m(), hence Ab1's (§5.4.5(b)). */
    public static class Ab6 extends MethodSelectionProbeTest.Ab3 {
        @Override
        public int m() {
            return 26;
        }
    }

    /** p1.Ab1 → p2.AbQ2: a package-private abstract m() of p2 (a second abstract method of the same name). */
    public abstract static class AbQ2 extends Ab1 {
        abstract int m();
    }

    /**
     * p1.Ab1 → p2.AbQ2 → p1.AbR1 (implements Ab1's m()) → p2.AbS2 (implements AbQ2's m()): each abstract method
     * has its implementation in its own package; neither implementation overrides the other's abstract method.
     */
    public static class AbS2 extends MethodSelectionProbeTest.AbR1 {
        int m() {
            return 32;
        }
    }

    // ================================================================ default methods against package-private ones

    /**
     * p1.Dp1 (package-private m()) → p2.Dx2, which implements p1's interface DI (default m()). By the JLS, Dx2
     * inherits DI's default (Dp1's m() is not inherited across packages). The JVM: invokeinterface DI.m selects
     * Dp1.m (a non-public instance method that can override a public one, §5.4.6) and throws IllegalAccessError;
     * invokevirtual Dx2.m resolves to Dp1.m (§5.4.3.3 searches superclasses before superinterfaces), which code in
     * p1 may call (it runs Dp1.m) and code in p2 may not (IllegalAccessError).
     */
    public static class Dx2 extends Dp1 implements DI {
    }

    /** Overrides DI's default with a public m(); not Dp1's (another package). */
    public static class Dy2 extends Dx2 {
        @Override
        public int m() {
            return 46;
        }
    }

    /** p1.Dv1 (public m()) → p2.Dv2 implements DI: the class's public method wins over the default. */
    public static class Dv2 extends MethodSelectionProbeTest.Dv1 implements DI {
    }

    /** Only the default. */
    public static class Du2 implements DI {
    }

    /** p1.Pv1 (private m()) → p2.Pv2 implements DI: a private method is never selected, the default is. */
    public static class Pv2 extends Pv1 implements DI {
    }

    // ================================================================ super calls across packages

    /** Overrides p1.Sp1b's public m() (hence Sp1's) and calls it. */
    public static class Sp2 extends MethodSelectionProbeTest.Sp1b {
        @Override
        public int m() {
            return super.m() * 10 + 3;
        }
    }

    /** Overrides p1.Su1's protected m() and calls it. */
    public static class Su2 extends MethodSelectionProbeTest.Su1 {
        @Override
        protected int m() {
            return super.m() * 10 + 6;
        }
    }

    /** Declares nothing. */
    public static class Su2b extends Su2 {
    }

    // ================================================================ private methods

    /** A private m() in p2 below p1.Pm1's package-private one (no relation between them). */
    public static class Pm3 extends Pm1 {
        private int m() {
            return 63;
        }

        /** Calls this class's private m(): never an override. */
        public int own() {
            return m();
        }
    }

    // ================================================================ final methods

    /** p1.Fi1 (package-private final m()) → p2.Fi2: not an override of the final method (another package). */
    public static class Fi2 extends Fi1 {
        int m() {
            return 72;
        }
    }

    /** Overrides Fi2's m() with a public final one. */
    public static class Fi3 extends Fi2 {
        @Override
        public final int m() {
            return 73;
        }
    }

    // ================================================================ methods on this, and on fields

    /** p1.Tm1 → p2.Tm2: its own package-private m() (not an override) and an override of the protected k(). */
    public static class Tm2 extends Tm1 {
        int m() {
            return 82;
        }

        @Override
        protected int k() {
            return 6;
        }
    }

    /** … → p2.Tm2 → p1.Tm3 → p1.Tm4 → p2.Tm5 → p2.Tm6: overrides Tm2's m() (same package), not Tm4's. */
    public static class Tm6 extends Tm5 {
        int m() {
            return 86;
        }
    }

    /** Inherits Tm4's m(). */
    public static class Tm5 extends MethodSelectionProbeTest.Tm4 {
    }

    /** Holds a Tm2 and calls Tm2's package-private m() on its field (resolved in p2). */
    public static class Box2 {
        public Tm2 inner;

        public Box2(Tm2 inner) {
            this.inner = inner;
        }

        public int go() {
            return inner.m() * 10 + inner.k();
        }
    }

    // ================================================================ kernels compiled in p2

    /** B2's package-private m() on a parameter. */
    public static void viaB2(B2 b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = b.m() * 1000 + i;
        }
    }

    /** D2's package-private m() on a parameter. */
    public static void viaD2(D2 d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    /** H2's package-private m() on a parameter. */
    public static void viaH2(H2 h, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = h.m() * 1000 + i;
        }
    }

    /** W2's protected m() (same package) on a parameter. */
    public static void viaW2(W2 w, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = w.m() * 1000 + i;
        }
    }

    /** Pr2o's protected m() (same package) on a parameter. */
    public static void viaPr2o(Pr2o p, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.m() * 1000 + i;
        }
    }

    /** AbQ2's package-private abstract m() on a parameter. */
    public static void viaAbQ2(AbQ2 a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a.m() * 1000 + i;
        }
    }

    /** invokevirtual Dx2.m from p2: resolves to p1.Dp1.m, not accessible here: IllegalAccessError on the JVM. */
    public static void viaDx2(Dx2 d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    /** invokeinterface DI.m from p2. */
    public static void viaDI(DI d, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d.m() * 1000 + i;
        }
    }

    /** Fi2's package-private m() on a parameter. */
    public static void viaFi2(Fi2 f, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.m() * 1000 + i;
        }
    }

    /** Tm2's package-private m() on a parameter. */
    public static void viaTm2(Tm2 t, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = t.m() * 1000 + i;
        }
    }

    /** B2's m() on objects allocated in the kernel, one class per kind. */
    public static void allocatedViaB2(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    B2 b = new B2();
                    v = b.m();
                }
                case 1 -> {
                    B2 b = new MethodSelectionProbeTest.C1();
                    v = b.m();
                }
                case 2 -> {
                    B2 b = new D2();
                    v = b.m();
                }
                case 3 -> {
                    B2 b = new MethodSelectionProbeTest.E1();
                    v = b.m();
                }
                default -> {
                    B2 b = new F2();
                    v = b.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** H2's m() on objects allocated in the kernel. */
    public static void allocatedViaH2(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    H2 h = new H2();
                    v = h.m();
                }
                case 1 -> {
                    H2 h = new MethodSelectionProbeTest.J1();
                    v = h.m();
                }
                case 2 -> {
                    H2 h = new K2();
                    v = h.m();
                }
                case 3 -> {
                    H2 h = new MethodSelectionProbeTest.L1();
                    v = h.m();
                }
                case 4 -> {
                    H2 h = new M2();
                    v = h.m();
                }
                case 5 -> {
                    H2 h = new N2();
                    v = h.m();
                }
                case 6 -> {
                    H2 h = new MethodSelectionProbeTest.O1();
                    v = h.m();
                }
                default -> {
                    H2 h = new Q2();
                    v = h.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** AbQ2's abstract m() on objects allocated in the kernel (only AbS2 is concrete). */
    public static void allocatedViaAbQ2(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            AbQ2 a = new AbS2();
            out[i] = a.m() * 1000 + kinds[i];
        }
    }

    /** Tm2's package-private m() and Tm1's twice() on objects allocated in the kernel. */
    public static void allocatedViaTm2(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    Tm2 t = new Tm2();
                    v = t.m();
                }
                case 1 -> {
                    Tm2 t = new MethodSelectionProbeTest.Tm3();
                    v = t.m();
                }
                case 2 -> {
                    Tm2 t = new MethodSelectionProbeTest.Tm4();
                    v = t.m();
                }
                case 3 -> {
                    Tm2 t = new Tm5();
                    v = t.m();
                }
                default -> {
                    Tm2 t = new Tm6();
                    v = t.m();
                }
            }
            out[i] = v * 1000 + i;
        }
    }

    /** invokevirtual Dx2.m from p2 on an allocated Dx2: IllegalAccessError on the JVM (resolution). */
    public static void allocatedViaDx2(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Dx2 d = new Dx2();
            out[i] = d.m() * 1000 + kinds[i];
        }
    }
}

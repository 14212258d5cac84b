package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.tests.other.OverrideChainOthers;
import org.junit.Test;

/**
 * Bound method references whose receiver's class overrides the referenced method through a chain (JVMS §5.4.5):
 * {@code OvA.run} is package-private, {@code OvB} (same package) overrides it publicly, and {@code OvC} in another
 * package overrides {@code OvB.run}, so it overrides {@code OvA.run} too: the JVM runs {@code OvC.run} for
 * {@code ((OvA) c)::run}. A class of another package that declares {@code run} without such a chain does not override
 * it. Also two field paths with the same names through a hidden field ({@code ((Base) s).x.v} and {@code s.x.v}).
 */
public class OverrideChainTest {

    /** The base of the chain; {@code run} is package-private. */
    public static class OvA {
        void run(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = i + 1;
            }
        }
    }

    /** Overrides {@code OvA.run} (same package), publicly. */
    public static class OvB extends OvA {
        @Override
        public void run(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = i * 2;
            }
        }
    }

    /** A subclass of OvA that does not override run itself (OvD of the other package declares its own run). */
    public static class OvPlain extends OvA {
    }

    @Test
    public void anOverrideThroughAPublicOverrideInAnotherPackage() {
        OvA c = new OverrideChainOthers.OvC();
        check(c::run, new int[1000]);
        OvA b = new OvB();
        check(b::run, new int[1000]);
    }

    @Test
    public void aMethodOfAnotherPackageWithoutTheChainDoesNotOverride() {
        OvA d = new OverrideChainOthers.OvD();
        check(d::run, new int[1000]);
    }

    /** Holds a primitive. */
    public static final class Inner {
        final int v;

        Inner(int v) {
            this.v = v;
        }
    }

    /** Declares x. */
    public static class Base {
        Inner x = new Inner(7);
    }

    /** Hides x. */
    public static class Sub extends Base {
        Inner x = new Inner(1000);
    }

    public static void twoPaths(Sub s, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ((Base) s).x.v + s.x.v * 3 + i;
        }
    }

    @Test
    public void twoFieldPathsThroughAHiddenField() {
        check(OverrideChainTest::twoPaths, new Sub(), new int[100]);
    }
}

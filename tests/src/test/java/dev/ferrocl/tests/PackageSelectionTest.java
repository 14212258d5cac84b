package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.tests.other.PackageSelectionOthers;
import org.junit.Test;

/**
 * Method selection across packages (JVMS §5.4.5 and §5.4.6): a package-private method is overridden only by a
 * declaration in its own run-time package, or by one that overrides a public or protected override between them.
 * A virtual call of A's package-private {@code m()} on objects of subclasses in {@code dev.ferrocl.tests.other}
 * (a parameter, devirtualised for its class at {@code execute()}, and objects allocated in the kernel) must run
 * the method the JVM selects; every result is compared with the JVM's.
 */
public class PackageSelectionTest {
    /** Declares the package-private {@code m()}. */
    public static class A {
        int m() {
            return 1;
        }
    }

    /** Overrides A's {@code m()} (same package) and makes it public. */
    public static class B extends A {
        @Override
        public int m() {
            return 2;
        }
    }

    /** In A's package, below a class of another package that declares its own m(): overrides A's. */
    public static class C extends PackageSelectionOthers.Mid {
        @Override
        int m() {
            return 3;
        }
    }

    /** A's m() on a parameter (static type A), whatever its class. */
    public static void onParameter(A a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a.m() * 100 + i;
        }
    }

    /** A's m() on objects the kernel allocates, one class per kind. */
    public static void onAllocated(int[] kinds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (kinds[i]) {
                case 0 -> {
                    A a = new PackageSelectionOthers.Hides();
                    v = a.m();
                }
                case 1 -> {
                    A a = new PackageSelectionOthers.OverridesPublic();
                    v = a.m();
                }
                case 2 -> {
                    A a = new PackageSelectionOthers.Mid();
                    v = a.m();
                }
                case 3 -> {
                    A a = new C();
                    v = a.m();
                }
                case 4 -> {
                    A a = new PackageSelectionOthers.HidesChild();
                    v = a.m();
                }
                default -> {
                    A a = new B();
                    v = a.m();
                }
            }
            out[i] = v * 100 + i;
        }
    }

    @Test
    public void aMethodOfAnotherPackageDoesNotOverrideAPackagePrivateOne() {
        check(PackageSelectionTest::onParameter, new PackageSelectionOthers.Hides(), new int[64]);
        check(PackageSelectionTest::onParameter, new PackageSelectionOthers.HidesChild(), new int[64]);
        check(PackageSelectionTest::onParameter, new PackageSelectionOthers.Mid(), new int[64]);
    }

    @Test
    public void overridesThroughAPublicOverrideAndInTheSamePackage() {
        check(PackageSelectionTest::onParameter, new A(), new int[64]);
        check(PackageSelectionTest::onParameter, new B(), new int[64]);
        check(PackageSelectionTest::onParameter, new PackageSelectionOthers.OverridesPublic(), new int[64]);
        check(PackageSelectionTest::onParameter, new C(), new int[64]);
    }

    @Test
    public void objectsAllocatedInTheKernel() {
        int[] kinds = new int[600];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = i % 6;
        }
        check(PackageSelectionTest::onAllocated, kinds, new int[kinds.length]);
    }
}

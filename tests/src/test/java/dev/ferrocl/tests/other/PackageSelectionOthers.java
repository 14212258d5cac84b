package dev.ferrocl.tests.other;

import dev.ferrocl.tests.PackageSelectionTest;

/**
 * Subclasses, in another package, of {@link PackageSelectionTest}'s classes, whose package-private method
 * {@code m()} they cannot override (JVMS §5.4.5) except through a public override between them.
 */
public final class PackageSelectionOthers {
    private PackageSelectionOthers() {
    }

    /** Declares its own {@code m()}: not an override of A's package-private one (another package). */
    public static class Hides extends PackageSelectionTest.A {
        public int m() {
            return 20;
        }
    }

    /** Overrides B's public {@code m()}, which overrides A's: so it overrides A's too. */
    public static class OverridesPublic extends PackageSelectionTest.B {
        @Override
        public int m() {
            return 30;
        }
    }

    /** A package-private {@code m()} of this package: overrides nothing of A's. */
    public static class Mid extends PackageSelectionTest.A {
        int m() {
            return 40;
        }
    }

    /** Inherits Hides' m() and adds nothing. */
    public static class HidesChild extends Hides {
    }
}

package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/** A kernel with an {@code assert}; {@link DevirtTest} enables this class's assertions before it is initialised. */
public final class AssertOnKernels {
    private AssertOnKernels() {
    }

    /** With assertions enabled the JVM checks every element: the method runs there. */
    public static void checkedCopy(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            assert a[i] >= 0 : "negative input";
            out[i] = a[i] * 2;
        }
    }
}

package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * A kernel with an {@code assert}; {@link DevirtTest} disables this class's assertions before it is initialised,
 * so the JVM skips the assertion and the compiler compiles it away.
 */
public final class AssertOffKernels {
    private AssertOffKernels() {
    }

    /** The assertion fails for negative inputs, which the JVM ignores with assertions disabled. */
    public static void checkedCopy(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            assert a[i] >= 0 : "negative input";
            out[i] = a[i] * 2;
        }
    }
}

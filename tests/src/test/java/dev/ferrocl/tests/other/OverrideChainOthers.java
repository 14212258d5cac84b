package dev.ferrocl.tests.other;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.tests.OverrideChainTest;

/** The other package's classes of {@link OverrideChainTest}. */
public final class OverrideChainOthers {
    private OverrideChainOthers() {
    }

    /** Overrides OvB.run (public), and so OvA.run through it. */
    public static class OvC extends OverrideChainTest.OvB {
        @Override
        public void run(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = i * 3 + 5;
            }
        }
    }

    /** Declares a run of its own that does not override OvA's package-private run (another package, no chain). */
    public static class OvD extends OverrideChainTest.OvPlain {
        public void run(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = -i;
            }
        }
    }
}

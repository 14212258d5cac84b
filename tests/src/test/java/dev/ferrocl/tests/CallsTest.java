package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Calls in the parallel loop body: static helpers in the same class and in another class, chains of helpers, a
 * helper with several returns, a helper with a loop or an array parameter, a void helper that stores, a nestmate's
 * private helper, and private/final instance helpers through {@code obj::method}; all exact.
 */
public class CallsTest {

    @Test
    public void staticHelperInTheSameClass() {
        for (int n : SIZES) {
            check(CallKernels::sameClassHelper, Inputs.longs(800, n), new long[n], n);
        }
    }

    @Test
    public void helperWithSeveralReturns() {
        for (int n : SIZES) {
            check(CallKernels::helperWithSeveralReturns, Inputs.floats(801, n, -1f, 1f), new int[n], n);
        }
    }

    @Test
    public void chainOfPrivateHelpers() {
        for (int n : SIZES) {
            check(CallKernels::chainOfHelpers, Inputs.floats(802, n, -1e3f, 1e3f), new float[n], n);
        }
    }

    @Test
    public void helperCalledTwiceWithFourArguments() {
        for (int n : SIZES) {
            check(CallKernels::helperCalledTwiceWithManyArguments, Inputs.ints(803, n), Inputs.ints(804, n),
                    new int[n], n);
        }
    }

    @Test
    public void voidHelperThatStoresIntoAnArray() {
        for (int n : SIZES) {
            check(CallKernels::voidHelperThatStores, Inputs.ints(805, n), Inputs.ints(806, n), n);
        }
    }

    @Test
    public void helperWithAnArrayParameterAndALoop() {
        double[] w = {0.5, -1.25, 3.0, 1e-3, -7.5};
        for (int n : SIZES) {
            check(CallKernels::helperWithArrayParameterAndLoop, w, Inputs.doubles(807, n, -2, 2), new double[n], n);
        }
    }

    @Test
    public void otherClassHelperWithSeveralReturns() {
        for (int n : SIZES) {
            check(CallKernels::otherClassClamp, Inputs.ints(808, n), -100, 100, new int[n], n);
            check(CallKernels::otherClassClamp, Inputs.ints(809, n), Integer.MIN_VALUE, Integer.MAX_VALUE,
                    new int[n], n);
        }
    }

    @Test
    public void otherClassFloatHelper() {
        for (int n : SIZES) {
            float[][] p = Inputs.floatPairs(810, n, -10f, 10f);
            check(CallKernels::otherClassLerp, p[0], p[1], 0.3f, new float[n], n);
        }
    }

    @Test
    public void otherClassChainThroughAPrivateHelper() {
        for (int n : SIZES) {
            check(CallKernels::otherClassChain, Inputs.doubles(811, n, -3, 4), new double[n], n);
        }
    }

    @Test
    public void otherClassHelperCallingBackIntoTheKernelClass() {
        for (int n : SIZES) {
            check(CallKernels::otherClassCallsBack, Inputs.longs(812, n), Inputs.longs(813, n), new long[n], n);
        }
    }

    @Test
    public void otherClassHelperWithALoop() {
        for (int n : SIZES) {
            check(CallKernels::otherClassHelperWithLoop, Inputs.ints(814, n), new int[n], n);
        }
    }

    @Test
    public void otherClassHelperThatDivides() {
        for (int n : SIZES) {
            check(CallKernels::otherClassDivision, Inputs.ints(815, n), Inputs.nonZeroInts(816, n), new int[n], n);
        }
    }

    @Test
    public void otherClassHelperWithAnArrayParameter() {
        for (int n : SIZES) {
            check(CallKernels::otherClassArrayAccess, Inputs.ints(817, n), JvmOracle.ints(818, n, 0, n), new int[n],
                    n);
        }
    }

    @Test
    public void nestmatePrivateHelper() {
        for (int n : SIZES) {
            check(CallKernels::nestmatePrivateHelper, Inputs.ints(819, n), Inputs.ints(820, n), new int[n], n);
        }
    }

    @Test
    public void helpersInsideBranches() {
        for (int n : SIZES) {
            check(CallKernels::helperInsideABranch, Inputs.floats(821, n, -5f, 5f), new float[n], n);
        }
    }

    @Test
    public void privateAndFinalInstanceHelpersThroughABoundReceiver() {
        CallKernels.Smoother smoother = new CallKernels.Smoother();
        for (int n : SIZES) {
            check(smoother::run, Inputs.floats(822, n, -10f, 10f), new float[n], n);
        }
    }

    @Test
    public void privateInstanceHelperCalledTwice() {
        CallKernels.Smoother smoother = new CallKernels.Smoother();
        for (int n : SIZES) {
            check(smoother::runInts, Inputs.ints(823, n), Inputs.ints(824, n), new int[n], n);
        }
    }

    @Test
    public void privateInstanceHelperThroughAnUnboundReference() {
        CallKernels.Smoother smoother = new CallKernels.Smoother();
        for (int n : SIZES) {
            check(CallKernels.Smoother::run, smoother, Inputs.floats(825, n, -10f, 10f), new float[n], n);
        }
    }

    /** Not a run test: recursion cannot be inlined, so strict mode must refuse it with a reason. */
    @Test
    public void recursionIsRefusedWithAReason() {
        int[] out = new int[10];
        try (TaskSchedule s = new TaskSchedule("rec").task("t", CallKernels::recursive, Inputs.ints(826, 10), out,
                10)) {
            s.execute();
            fail("expected a CompilationException for a recursive call, report:\n" + s.report());
        } catch (CompilationException e) {
            String m = e.getMessage();
            assertTrue("the message should name the recursive method: " + m, m.contains("factorial"));
        }
    }
}

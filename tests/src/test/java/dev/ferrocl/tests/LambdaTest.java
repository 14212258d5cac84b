package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import dev.ferrocl.tests.LambdaKernels.FloatOp;
import dev.ferrocl.tests.LambdaKernels.Pipeline;
import dev.ferrocl.tests.LambdaKernels.Scaler;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import org.junit.Test;

/**
 * Lambdas and method references as the objects of interface calls (strict mode, against the JVM): a lambda the task
 * reaches is an object of a hidden class that {@code LambdaMetafactory} made; its call is devirtualised for that class
 * like any other (the class file assembled through JVMTI), with its captured values read at every execution.
 */
public class LambdaTest {
    @Test
    public void nonCapturingLambda() {
        for (int n : SIZES) {
            check(LambdaKernels::map, (IntUnaryOperator) x -> x * 3 + 1, Inputs.ints(9101, n), new int[n]);
        }
    }

    @Test
    public void capturedValuesAreReadAtEveryExecution() {
        for (int k = -2; k <= 2; k++) {
            int c = 1000 * k + 7;
            int kk = k;
            check(LambdaKernels::map, (IntUnaryOperator) x -> x * kk + c, Inputs.ints(9102, 1000), new int[1000]);
        }
    }

    @Test
    public void methodReferences() {
        for (int n : SIZES) {
            check(LambdaKernels::zip, (IntBinaryOperator) Integer::sum, Inputs.ints(9103, n), Inputs.ints(9104, n),
                    new int[n]);
            check(LambdaKernels::zip, (IntBinaryOperator) Math::max, Inputs.ints(9105, n), Inputs.ints(9106, n),
                    new int[n]);
            check(LambdaKernels::map, (IntUnaryOperator) LambdaKernels::clampToByte, Inputs.ints(9107, n),
                    new int[n]);
        }
    }

    @Test
    public void boundMethodReferenceOnACapturedObject() {
        Scaler s = new Scaler(2.5f);
        for (int n : SIZES) {
            check(LambdaKernels::zipFloat, (FloatOp) s::scale, Inputs.floats(9108, n, -10f, 10f),
                    Inputs.floats(9109, n, -10f, 10f), new float[n]);
        }
    }

    @Test
    public void ownFunctionalInterfaceWithCapturedFloat() {
        float w = 0.375f;
        for (int n : SIZES) {
            check(LambdaKernels::zipFloat, (FloatOp) (x, y) -> x * w + y / (1f - w), Inputs.floats(9110, n, -1e3f, 1e3f),
                    Inputs.floats(9111, n, -1e3f, 1e3f), new float[n]);
        }
    }

    @Test
    public void doubleLambdaWithSqrt() {
        for (int n : SIZES) {
            check(LambdaKernels::mapDouble, (DoubleUnaryOperator) x -> Math.sqrt(x * x + 1.0) - x,
                    Inputs.floats(9112, n, -100f, 100f), new float[n]);
        }
    }

    @Test
    public void twoLambdasOneAFilter() {
        for (int n : SIZES) {
            check(LambdaKernels::filterMap, (java.util.function.IntPredicate) x -> (x & 3) != 0,
                    (IntUnaryOperator) x -> x >>> 3, Inputs.ints(9113, n), new int[n]);
        }
    }

    @Test
    public void lambdaInASequentialLoop() {
        int m = 1_000_003;
        for (int n : SIZES) {
            check(LambdaKernels::iterate, (IntUnaryOperator) x -> (x * 1103515245 + 12345) % m, 17,
                    Inputs.ints(9114, n));
        }
    }

    @Test
    public void lambdaInAFieldOfTheReceiver() {
        for (int n : SIZES) {
            Pipeline p = new Pipeline(x -> x ^ (x >> 7), 11);
            check(p::run, Inputs.ints(9115, n), new int[n]);
            Pipeline q = new Pipeline(Integer::reverse, -3);
            check(q::run, Inputs.ints(9116, n), new int[n]);
        }
    }

    @Test
    public void anotherLambdaGetsAnotherKernelAndTheFirstIsReused() {
        IntUnaryOperator f = x -> x + 1;
        IntUnaryOperator g = x -> x - 1;
        check(LambdaKernels::map, f, Inputs.ints(9117, 1000), new int[1000]);
        check(LambdaKernels::map, g, Inputs.ints(9118, 1000), new int[1000]);
        ExecutionReport again = check(LambdaKernels::map, f, Inputs.ints(9119, 1000), new int[1000]);
        TaskReport t = again.task("t");
        assertTrue("the kernel compiled for f's class is reused: " + t, t.cached());
    }

    @Test
    public void divisionByZeroInALambdaThrowsAsTheJvmDoes() {
        int[] a = Inputs.ints(9120, 1000);
        a[517] = 0;
        int[] out = new int[1000];
        IntUnaryOperator f = x -> 1_000_000 / x;
        Throwable e = checkThrows(x -> LambdaKernels.map(f, (int[]) x[0], (int[]) x[1]),
                s -> s.task("t", LambdaKernels::map, f, a, out), a, out);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void lambdasWrittenInTheKernel() {
        for (int n : SIZES) {
            check(LambdaKernels::localLambdas, Inputs.ints(9130, n), new int[n], 37);
            check(LambdaKernels::consumerLambda, Inputs.ints(9131, n), new int[n]);
            check(LambdaKernels::widenedResult, Inputs.ints(9132, n), new long[n]);
        }
    }

    @Test
    public void lambdaMadeInTheLoopBody() {
        int[] a = Inputs.ints(9133, 1000);
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] == 0 ? 1 : a[i];
        }
        check(LambdaKernels::lambdaInTheBody, a, new int[1000]);
        a[731] = 0;
        int[] out = new int[1000];
        Throwable e = checkThrows(x -> LambdaKernels.lambdaInTheBody((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", LambdaKernels::lambdaInTheBody, a, out), a, out);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void lambdaCapturingAnArray() {
        int[] table = Inputs.ints(9134, 16);
        for (int n : SIZES) {
            check(LambdaKernels::viaTable, (IntUnaryOperator) x -> table[x] ^ x, Inputs.ints(9135, n), new int[n]);
        }
    }

    @Test
    public void oneScheduleExecutedAgainKeepsItsKernel() {
        // The guard on the captured object's class (a path through the lambda's own field) must hold at every
        // execution: were it to fail, each execution would compile another variant, and past eight the task would
        // bail out (strict mode fails it).
        Scaler s = new Scaler(1.5f);
        FloatOp op = s::scale;
        float[] a = Inputs.floats(9140, 1000, -10f, 10f);
        float[] b = Inputs.floats(9141, 1000, -10f, 10f);
        float[] out = new float[1000];
        float[] expected = new float[1000];
        LambdaKernels.zipFloat(op, a, b, expected);
        try (TaskSchedule ts = new TaskSchedule("again").task("t", LambdaKernels::zipFloat, op, a, b, out)) {
            for (int run = 0; run < 12; run++) {
                java.util.Arrays.fill(out, 0f);
                ts.execute();
                JvmOracle.assertRanOnDevice(ts.report(), "t");
                JvmOracle.assertSame("run " + run, expected, out);
            }
            assertTrue("the kernel is reused: " + ts.report().task("t"), ts.report().task("t").cached());
        }
    }

    @Test
    public void lambdasChosenByConditions() {
        for (int n : SIZES) {
            check(LambdaKernels::chosenLambdas, Inputs.ints(9150, n), new int[n], true);
            check(LambdaKernels::chosenLambdas, Inputs.ints(9151, n), new int[n], false);
        }
    }

    @Test
    public void defaultMethodsOfFunctionalInterfacesOnLambdasWrittenInTheKernel() {
        for (int n : SIZES) {
            check(LambdaKernels::composed, Inputs.ints(9160, n), new int[n], 7);
        }
    }
}

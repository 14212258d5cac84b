package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import org.junit.Test;

/**
 * Lambdas the JDK composes on the host ({@code f.andThen(g)}, {@code compose}, {@code IntPredicate.and/or/negate},
 * {@code DoubleUnaryOperator.andThen}) passed to a task or held in a field of its object: the JDK's lambda holds the
 * lambdas it composes in fields {@code java.base} does not open to reflection, which the host reads through JNI to
 * describe them. Strict, against the JVM, with captured values of several types, nested compositions, and a field
 * reassigned to another composition between executions of one schedule (another kernel, chosen by the guard).
 */
public class HostComposedLambdaTest {
    public static void map(IntUnaryOperator f, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.applyAsInt(a[i]);
        }
    }

    public static void count(IntPredicate p, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = p.test(a[i]) ? 1 : 0;
        }
    }

    public static void mapDouble(DoubleUnaryOperator f, double[] a, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f.applyAsDouble(a[i]);
        }
    }

    /** A task object whose operator field changes between executions. */
    public static final class Stage {
        IntUnaryOperator op;

        Stage(IntUnaryOperator op) {
            this.op = op;
        }

        public void run(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = op.applyAsInt(a[i]) - i;
            }
        }
    }

    @Test
    public void andThenAndComposeWithCapturedValues() {
        int n = 1000;
        int[] a = JvmOracle.ints(9601, n, -1000, 1000);
        int k = 7;
        long wide = 3_000_000_000L;
        IntUnaryOperator times = x -> x * k;
        IntUnaryOperator plus = x -> x + (int) (wide >>> 20);
        IntUnaryOperator div = x -> x / (k - 4);
        check(HostComposedLambdaTest::map, times.andThen(plus), a, new int[n]);
        check(HostComposedLambdaTest::map, times.compose(plus), a, new int[n]);
        check(HostComposedLambdaTest::map, times.andThen(plus).compose(div).andThen(times), a, new int[n]);
        check(HostComposedLambdaTest::map, IntUnaryOperator.identity().andThen(div), a, new int[n]);
    }

    @Test
    public void predicatesComposedOnTheHost() {
        int n = 1000;
        int[] a = JvmOracle.ints(9602, n, -100, 100);
        int lo = -20;
        int hi = 35;
        IntPredicate above = x -> x > lo;
        IntPredicate below = x -> x < hi;
        IntPredicate even = x -> (x & 1) == 0;
        check(HostComposedLambdaTest::count, above.and(below), a, new int[n]);
        check(HostComposedLambdaTest::count, above.and(below).negate().or(even), a, new int[n]);
        check(HostComposedLambdaTest::count, even.negate(), a, new int[n]);
    }

    @Test
    public void doubleOperatorsComposedOnTheHost() {
        int n = 1000;
        double[] a = JvmOracle.doubles(9603, n, -5, 5);
        double s = 1.25;
        DoubleUnaryOperator scale = x -> x * s;
        DoubleUnaryOperator shift = x -> x - 0.5;
        check(HostComposedLambdaTest::mapDouble, scale.andThen(shift).andThen(scale), a, new double[n]);
    }

    @Test
    public void aFieldReassignedToAnotherCompositionBetweenExecutions() {
        int n = 500;
        int[] a = JvmOracle.ints(9604, n, -1000, 1000);
        int[] out = new int[n];
        IntUnaryOperator twice = x -> x * 2;
        IntUnaryOperator inc = x -> x + 1;
        IntUnaryOperator neg = x -> -x;
        Stage stage = new Stage(twice.andThen(inc));
        IntUnaryOperator[] ops = {twice.andThen(inc), inc.andThen(twice), twice.compose(neg).andThen(inc), neg};
        try (TaskSchedule s = new TaskSchedule("reassigned").task("t", stage::run, a, out)) {
            for (IntUnaryOperator op : ops) {
                stage.op = op;
                int[] expected = new int[n];
                stage.run(a, expected);
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("out", expected, out);
            }
        }
    }
}

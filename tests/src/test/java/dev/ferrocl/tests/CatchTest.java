package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * {@code try}/{@code catch} in kernels: an integer division by zero ({@code ArithmeticException}) or an array index out
 * of bounds ({@code ArrayIndexOutOfBoundsException}) that the method catches runs its handler on the device, with
 * Java's locals; {@code catch} of a superclass, multi-catch, nested {@code try}, handlers outside inner loops and in
 * {@code @Reduce} kernels too. What the device does not catch itself (a handler around a whole {@code @Parallel} loop,
 * an exception thrown in a called method, a {@code finally} that rethrows, exceptions the handler's type does not
 * cover) still fails the check, and the JVM reruns the method and catches it. Strict, against the JVM.
 */
public class CatchTest {

    public static void divide(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = -1;
            }
        }
    }

    public static void remainderLong(long[] a, long[] b, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long r = 7;
            try {
                r = a[i] % b[i];
                r += 100;
            } catch (RuntimeException e) {
                r = r * 3;
            }
            out[i] = r;
        }
    }

    public static void gather(float[] a, int[] idx, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float v;
            try {
                v = a[idx[i]];
            } catch (ArrayIndexOutOfBoundsException e) {
                v = -0f;
            }
            out[i] = v;
        }
    }

    public static void scatter(int[] idx, double[] out, int[] missed) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            try {
                out[idx[i]] = i * 0.5;
            } catch (IndexOutOfBoundsException e) {
                missed[i] = 1;
            }
        }
    }

    public static void multiCatch(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = 3;
            try {
                k = 10;
                int x = a[idx[i]];
                k = 20;
                out[i] = 1000 / x;
            } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
                out[i] = -k;
            }
        }
    }

    public static void nested(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                int v;
                try {
                    v = a[idx[i]];
                } catch (ArrayIndexOutOfBoundsException e) {
                    v = 0;
                }
                out[i] = 60 / v;
            } catch (Exception e) {
                out[i] = Integer.MIN_VALUE;
            }
        }
    }

    public static void aroundAnInnerLoop(int[] a, int[] b, int[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int k = 0;
            try {
                for (k = 0; k < m; k++) {
                    s += a[i * m + k] / b[k];
                }
            } catch (ArithmeticException e) {
                s = -k - 1;
            }
            out[i] = s;
        }
    }

    public static void inTheInnerLoop(int[] a, int[] b, int[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int k = 0; k < m; k++) {
                try {
                    s += a[i * m + k] / b[k];
                } catch (Throwable t) {
                    s ^= k;
                }
            }
            out[i] = s;
        }
    }

    public static void nestOfTwo(int[] a, int[] out, int w) {
        for (@Parallel int r = 0; r < out.length / w; r++) {
            for (@Parallel int c = 0; c < w; c++) {
                try {
                    out[r * w + c] = a[r * w + c] / (c - r);
                } catch (ArithmeticException e) {
                    out[r * w + c] = 77;
                }
            }
        }
    }

    public static void reduce(int[] a, int[] b, @Reduce int[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int q;
            try {
                q = a[i] / b[i];
            } catch (ArithmeticException e) {
                q = 1;
            }
            sum[0] += q;
        }
    }

    public static void aroundTheLoop(int[] a, int[] b, int[] out) {
        try {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] / b[i];
            }
        } catch (ArithmeticException e) {
            out[0] = -7;
        }
    }

    static int helper(int x, int y) {
        return x / y;
    }

    public static void thrownInACall(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = helper(a[i], b[i]);
            } catch (ArithmeticException e) {
                out[i] = -2;
            }
        }
    }

    public static void otherType(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (IllegalStateException e) {
                out[i] = -3;
            }
        }
    }

    public static void withFinally(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = 100 / a[i];
            } finally {
                out[i] += 1;
            }
        }
    }

    public static void catchAndFinally(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = 100 / a[i];
            } catch (ArithmeticException e) {
                out[i] = 5;
            } finally {
                out[i] *= 2;
            }
        }
    }

    private static int[] withZeros(int seed, int n) {
        int[] b = JvmOracle.ints(seed, n, -5, 6);
        b[0] = 0;
        b[n - 1] = 0;
        return b;
    }

    private static int[] indices(int seed, int n, int len) {
        int[] idx = JvmOracle.ints(seed, n, -3, len + 3);
        idx[0] = -1;
        idx[1] = len;
        idx[2] = Integer.MIN_VALUE;
        idx[3] = Integer.MAX_VALUE;
        return idx;
    }

    @Test
    public void divisionsByZeroAreCaughtOnTheDevice() {
        check(CatchTest::divide, JvmOracle.ints(1, 500), withZeros(2, 500), new int[500]);
        long[] a = JvmOracle.longs(3, 300);
        long[] b = new long[300];
        for (int i = 0; i < b.length; i++) {
            b[i] = i % 4 == 0 ? 0 : a[(i * 7) % 300] >> 40;
        }
        b[5] = -1;
        a[5] = Long.MIN_VALUE;
        check(CatchTest::remainderLong, a, b, new long[300]);
    }

    @Test
    public void indicesOutOfBoundsAreCaughtOnTheDevice() {
        check(CatchTest::gather, JvmOracle.floats(4, 100, -1f, 1f), indices(5, 400, 100), new float[400]);
        // Each element stored by one work-item at most (the iterations of a @Parallel loop must not race): a
        // permutation of the 200 elements, and 100 indices out of range.
        int[] idx = new int[300];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i % 3 == 2 ? (i % 2 == 0 ? -1 - i : 200 + i) : ((i - i / 3) * 7) % 200;
        }
        idx[299] = Integer.MIN_VALUE;
        idx[296] = Integer.MAX_VALUE;
        check(CatchTest::scatter, idx, new double[200], new int[300]);
    }

    @Test
    public void multiCatchAndNestedTryKeepJavasLocals() {
        int[] a = JvmOracle.ints(7, 50, -3, 4);
        check(CatchTest::multiCatch, a, indices(8, 400, 50), new int[400]);
        check(CatchTest::nested, a, indices(9, 400, 50), new int[400]);
    }

    @Test
    public void handlersInAndAroundInnerLoops() {
        int m = 9;
        int[] a = JvmOracle.ints(10, 100 * m);
        int[] b = withZeros(11, m);
        check(CatchTest::aroundAnInnerLoop, a, b, new int[100], m);
        check(CatchTest::inTheInnerLoop, a, b, new int[100], m);
        check(CatchTest::aroundAnInnerLoop, a, JvmOracle.ints(12, m, 1, 9), new int[100], m);
    }

    @Test
    public void nestsAndReductions() {
        check(CatchTest::nestOfTwo, JvmOracle.ints(13, 400), new int[400], 20);
        int[] a = JvmOracle.ints(14, 1000);
        check(CatchTest::reduce, a, withZeros(15, 1000), new int[] {3});
    }

    /** What the device does not catch: the JVM reruns the method after the failed check, and catches it. */
    @Test
    public void theJvmCatchesWhatTheDeviceDoesNot() {
        int[] a = JvmOracle.ints(16, 200);
        rerunByTheJvm(CatchTest::aroundTheLoop, CatchTest::aroundTheLoop, a, withZeros(17, 200));
        rerunByTheJvm(CatchTest::thrownInACall, CatchTest::thrownInACall, a, withZeros(18, 200));
        // Without a zero, all of them run on the device.
        check(CatchTest::aroundTheLoop, a, JvmOracle.ints(20, 200, 1, 9), new int[200]);
        check(CatchTest::thrownInACall, a, JvmOracle.ints(21, 200, 1, 9), new int[200]);
        check(CatchTest::withFinally, JvmOracle.ints(22, 200, 1, 9), new int[200]);
        check(CatchTest::catchAndFinally, withZeros(23, 200), new int[200]);
    }

    @Test
    public void exceptionsNoHandlerCoversStillThrow() {
        int[] a = JvmOracle.ints(24, 100);
        int[] b = withZeros(25, 100);
        int[] out = new int[100];
        MoreChecks.checkThrows(x -> otherType((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchTest::otherType, a, b, out), a, b, out);
        int[] out2 = new int[100];
        MoreChecks.checkThrows(x -> withFinally((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", CatchTest::withFinally, b, out2), b, out2);
    }

    interface Three {
        void run(int[] a, int[] b, int[] out);
    }

    /** The task runs (compiled: strict mode would throw otherwise) and the JVM's rerun gives Java's arrays. */
    private static void rerunByTheJvm(Task3<int[], int[], int[]> task, Three jvm, int[] a, int[] b) {
        int[] expected = new int[a.length];
        jvm.run(a.clone(), b.clone(), expected);
        int[] out = new int[a.length];
        TaskReport t;
        try (TaskSchedule s = new TaskSchedule("rerun").task("t", task, a, b, out)) {
            s.execute();
            t = s.report().task("t");
        }
        assertEquals(TaskReport.Where.JVM, t.ranOn());
        assertTrue(t.reason(), t.reason().contains("check failed"));
        JvmOracle.assertSame("after the JVM's rerun", expected, out);
    }
}

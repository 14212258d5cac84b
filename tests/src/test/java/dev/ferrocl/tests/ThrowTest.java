package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskSchedule;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * {@code throw} statements in kernels: a branch into code that always throws becomes a guard (the kernel does not
 * contain the exception's construction); when it fails, the JVM reruns the method and throws Java's exception, with
 * Java's message and the arrays as Java leaves them. A {@code throw} before the loops whose condition the host can
 * evaluate ({@code if (a.length != out.length) throw ...}) is checked on the host before launch. Every case runs
 * strict: inputs that throw nothing run on the device and match the JVM; inputs that throw give the JVM's exception.
 */
public class ThrowTest {

    public static void validate(int[] a, int[] out, float lim) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = a[i];
            if (v < 0) {
                throw new IllegalArgumentException("negative at " + i + ": " + v);
            }
            float f = v * 0.5f;
            if (!(f < lim)) {
                throw new IllegalStateException(f > 0 ? "too big: " + f : "not a number");
            }
            out[i] = v * 2 + 1;
        }
    }

    static int checked(int v, int max) {
        if (v > max) {
            throw new ArithmeticException("over " + max);
        }
        return v * 3;
    }

    public static void inHelper(int[] a, int[] out, int max) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = checked(a[i], max) + checked(a[i] / 2, max);
        }
    }

    public static void lengthsChecked(float[] a, float[] b, float[] out) {
        if (a.length != b.length || b.length != out.length) {
            throw new IllegalArgumentException("lengths " + a.length + ", " + b.length + ", " + out.length);
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * b[i];
        }
    }

    public static void inInnerLoop(int[] m, int[] out, int cols) {
        for (@Parallel int r = 0; r < out.length; r++) {
            int s = 0;
            for (int c = 0; c < cols; c++) {
                int v = m[r * cols + c];
                if (v == Integer.MIN_VALUE) {
                    throw new IllegalStateException("row " + r + " col " + c);
                }
                s += v;
            }
            out[r] = s;
        }
    }

    public static void reduceValidated(int[] a, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] < -1_000_000) {
                throw new IllegalArgumentException("a[" + i + "] = " + a[i]);
            }
            sum[0] += a[i];
        }
    }

    public static void streamValidated(double[] x, double[] out) {
        IntStream.range(0, out.length).parallel().forEach(i -> {
            double v = x[i];
            if (v != v) {
                throw new IllegalArgumentException("NaN at " + i);
            }
            out[i] = Math.sqrt(Math.abs(v));
        });
    }

    private static int[] positives(long seed, int n) {
        int[] a = JvmOracle.ints(seed, n);
        for (int i = 0; i < n; i++) {
            a[i] = a[i] & 0xFFFF;
        }
        return a;
    }

    /** A {@code switch} whose default throws, before the loop (the host checks it) and in the loop body. */
    public static void switchDefaultThrows(int mode, int[] k, int[] out) {
        int w;
        switch (mode) {
            case 1: w = 3; break;
            case 4: w = -5; break;
            default: throw new IllegalArgumentException("mode " + mode);
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            switch (k[i]) {
                case 0: out[i] = w; break;
                case 1: case 2: out[i] = w * k[i]; break;
                case 9: out[i] = -w; break;
                default: throw new IllegalStateException("key " + k[i] + " at " + i);
            }
        }
    }

    /** Cases that throw and a default that does not, and an arrow switch expression whose default throws. */
    public static void switchCasesThrow(int[] k, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (k[i]) {
                case 5: throw new ArithmeticException("five at " + i);
                case 6: v = 60; break;
                case 1000: throw new ArithmeticException("thousand");
                default: v = k[i] * 3;
            }
            out[i] = v + switch (k[i] & 3) {
                case 0 -> 1;
                case 1, 2 -> 7;
                case 3 -> 11;
                default -> throw new AssertionError("unreachable " + k[i]);
            };
        }
    }

    /** Keys in [0, 3) and 9: no throw. */
    private static int[] keys(long seed, int n) {
        int[] k = JvmOracle.ints(seed, n, 0, 4);
        for (int i = 0; i < n; i++) {
            if (k[i] == 3) {
                k[i] = 9;
            }
        }
        return k;
    }

    @Test
    public void aSwitchWhoseDefaultThrows() {
        for (int n : JvmOracle.SIZES) {
            check(ThrowTest::switchDefaultThrows, 1, keys(20, n), new int[n]);
            check(ThrowTest::switchDefaultThrows, 4, keys(21, n), new int[n]);
        }
        // Before the loop: the host's check fails for mode 2, and the JVM throws.
        int[] k = keys(22, 3000);
        int[] out = new int[3000];
        Throwable e = MoreChecks.checkThrows(x -> switchDefaultThrows((Integer) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ThrowTest::switchDefaultThrows, 2, k, out), 2, k, out);
        assertEquals(IllegalArgumentException.class, e.getClass());
        assertEquals("mode 2", e.getMessage());
        // In the loop: key 3 (the default) at one element.
        int[] bad = keys(23, 3000);
        bad[2222] = 3;
        int[] out2 = new int[3000];
        e = MoreChecks.checkThrows(x -> switchDefaultThrows((Integer) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ThrowTest::switchDefaultThrows, 4, bad, out2), 4, bad, out2);
        assertEquals(IllegalStateException.class, e.getClass());
        assertEquals("key 3 at 2222", e.getMessage());
    }

    @Test
    public void switchCasesThatThrow() {
        int[] k = JvmOracle.ints(24, 5000, -50, 50);
        for (int i = 0; i < k.length; i++) {
            if (k[i] == 5) {
                k[i] = 6;
            }
        }
        check(ThrowTest::switchCasesThrow, k, new int[5000]);
        int[] bad = k.clone();
        bad[4321] = 5;
        int[] out = new int[5000];
        Throwable e = MoreChecks.checkThrows(x -> switchCasesThrow((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ThrowTest::switchCasesThrow, bad, out), bad, out);
        assertEquals(ArithmeticException.class, e.getClass());
        assertEquals("five at 4321", e.getMessage());
    }

    @Test
    public void aValidationThatPassesRunsOnTheDevice() {
        for (int n : JvmOracle.SIZES) {
            check(ThrowTest::validate, positives(1, n), new int[n], 1e9f);
        }
    }

    @Test
    public void aFailedValidationThrowsTheJvmsExceptionAndMessage() {
        int[] a = positives(2, 5000);
        a[3000] = -7;
        a[4000] = -8;
        int[] out = new int[5000];
        Throwable e = MoreChecks.checkThrows(x -> validate((int[]) x[0], (int[]) x[1], (Float) x[2]),
                s -> s.task("t", ThrowTest::validate, a, out, 1e9f), a, out, 1e9f);
        assertEquals(IllegalArgumentException.class, e.getClass());
        assertEquals("negative at 3000: -7", e.getMessage());
        int[] b = positives(3, 5000);
        int[] out2 = new int[5000];
        e = MoreChecks.checkThrows(x -> validate((int[]) x[0], (int[]) x[1], (Float) x[2]),
                s -> s.task("t", ThrowTest::validate, b, out2, Float.NaN), b, out2, Float.NaN);
        assertEquals(IllegalStateException.class, e.getClass());
        int[] c = positives(4, 5000);
        int[] out3 = new int[5000];
        e = MoreChecks.checkThrows(x -> validate((int[]) x[0], (int[]) x[1], (Float) x[2]),
                s -> s.task("t", ThrowTest::validate, c, out3, 100f), c, out3, 100f);
        assertTrue(e.getMessage(), e.getMessage().startsWith("too big"));
    }

    @Test
    public void aThrowInAnInlinedHelper() {
        check(ThrowTest::inHelper, positives(5, 3000), new int[3000], 1 << 16);
        int[] a = positives(6, 3000);
        int[] out = new int[3000];
        Throwable e = MoreChecks.checkThrows(x -> inHelper((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", ThrowTest::inHelper, a, out, 60000), a, out, 60000);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    @Test
    public void aThrowBeforeTheLoopIsCheckedOnTheHost() {
        float[] a = JvmOracle.floats(7, 1000, -1f, 1f);
        float[] b = JvmOracle.floats(8, 1000, -1f, 1f);
        check(ThrowTest::lengthsChecked, a, b, new float[1000]);
        float[] shortB = JvmOracle.floats(9, 999, -1f, 1f);
        float[] out = new float[1000];
        Throwable e = MoreChecks.checkThrows(x -> lengthsChecked((float[]) x[0], (float[]) x[1], (float[]) x[2]),
                s -> s.task("t", ThrowTest::lengthsChecked, a, shortB, out), a, shortB, out);
        assertEquals("lengths 1000, 999, 1000", e.getMessage());
    }

    @Test
    public void aThrowInAnInnerLoop() {
        int[] m = JvmOracle.ints(10, 200 * 37);
        for (int i = 0; i < m.length; i++) {
            if (m[i] == Integer.MIN_VALUE) {
                m[i] = 0;
            }
        }
        check(ThrowTest::inInnerLoop, m, new int[200], 37);
        int[] bad = m.clone();
        bad[150 * 37 + 5] = Integer.MIN_VALUE;
        int[] out = new int[200];
        Throwable e = MoreChecks.checkThrows(x -> inInnerLoop((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", ThrowTest::inInnerLoop, bad, out, 37), bad, out, 37);
        assertEquals("row 150 col 5", e.getMessage());
    }

    @Test
    public void aValidatedReduction() {
        int[] a = JvmOracle.ints(11, 100_003, -1000, 1000);
        check(ThrowTest::reduceValidated, a, new long[] {5});
        int[] bad = a.clone();
        bad[77_777] = -2_000_000;
        long[] sum = {5};
        Throwable e = MoreChecks.checkThrows(x -> reduceValidated((int[]) x[0], (long[]) x[1]),
                s -> s.task("t", ThrowTest::reduceValidated, bad, sum), bad, sum);
        assertEquals("a[77777] = -2000000", e.getMessage());
    }

    @Test
    public void aThrowInAStreamLambda() {
        double[] x = JvmOracle.doubles(12, 1000, -5, 5);
        check(ThrowTest::streamValidated, x, new double[1000]);
        double[] bad = x.clone();
        bad[999] = Double.NaN;
        // A parallel stream is not deterministic about its exception: ForkJoinTask rethrows one thrown on another
        // thread as a new exception of the same class, whose message is the original's toString(), and leaves
        // whatever elements other threads wrote. So the JVM's own runs differ from one another here; the schedule must
        // throw the same class with the same message, up to that wrapping, after a failed check on the device.
        try {
            streamValidated(bad.clone(), new double[1000]);
            fail("the JVM should throw (test is wrong)");
        } catch (IllegalArgumentException expected) {
            assertEquals("NaN at 999", unwrapped(expected.getMessage()));
        }
        try (TaskSchedule s = new TaskSchedule("stream-throw").task("t", ThrowTest::streamValidated, bad,
                new double[1000])) {
            try {
                s.execute();
                fail("expected the JVM's IllegalArgumentException, report:\n" + s.report());
            } catch (IllegalArgumentException e) {
                assertEquals("NaN at 999", unwrapped(e.getMessage()));
            }
            assertTrue(s.report().task("t").reason(), s.report().task("t").reason().contains("check failed"));
        }
    }

    /** The message ForkJoinTask's rethrow wraps as {@code "java.lang.IllegalArgumentException: <message>"}. */
    private static String unwrapped(String message) {
        String prefix = IllegalArgumentException.class.getName() + ": ";
        return message != null && message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    /** A method that always throws is not a kernel: a clean bailout in strict mode. */
    public static void alwaysThrows(int[] out) {
        throw new UnsupportedOperationException("never");
    }

    @Test
    public void aMethodThatAlwaysThrowsBailsOutCleanly() {
        try (TaskSchedule s = new TaskSchedule("always").task("t", ThrowTest::alwaysThrows, new int[3])) {
            s.execute();
            fail("expected a CompilationException, report:\n" + s.report());
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("throw"));
        }
    }
}

package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.Devices;
import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.Task4;
import dev.ferrocl.api.Task5;
import dev.ferrocl.api.Task6;
import dev.ferrocl.api.Task7;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.IdentityHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Adversarial probes of two graph phases: {@code hostVersioning}'s copy of the whole {@code @Parallel} body
 * ({@code if (ferrocl_proven) copy else body as written}) and {@code vectorAccess} as a graph phase (groups of loads or
 * stores of consecutive elements, every lane's check before a vector load, in both versions and in sequential
 * loops). Each kernel runs strict against the JVM's run of the same method on clones of the inputs (clones that keep
 * the inputs' aliasing: one array passed twice stays one array): where the JVM returns, the task must have run on the
 * device and every array must equal the JVM's; where the JVM throws, the schedule must throw the same exception with
 * the same message after a failed check, and leave the arrays as the JVM left them.
 */
public class GraphVersioningProbeTest {

    // =====================================================================================================
    // The harness
    // =====================================================================================================

    private interface Jvm {
        void run(Object[] x) throws Throwable;
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    private static final UnaryOperator<TaskSchedule> PLAIN = s -> s;

    /**
     * A parallel stream's exception may reach the caller re-created by the fork/join pool without its message (when
     * another thread threw it), on the JVM's own run as on its rerun: only its class is compared while this is set.
     */
    private static boolean classOnly;

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    /** Clones of the arguments that keep their aliasing (one Java array passed twice gives one clone). */
    static Object[] aliasClone(Object... args) {
        IdentityHashMap<Object, Object> seen = new IdentityHashMap<>();
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a != null && a.getClass().isArray()) {
                out[i] = seen.computeIfAbsent(a, JvmOracle::cloneValue);
            } else {
                out[i] = a;
            }
        }
        return out;
    }

    /** What a probe saw. */
    static final class Res {
        final ExecutionReport report;
        final TaskReport task;
        final Throwable jvm;
        final String source;

        Res(ExecutionReport report, TaskReport task, Throwable jvm, String source) {
            this.report = report;
            this.task = task;
            this.jvm = jvm;
            this.source = source;
        }

        private boolean has(String phase) {
            return task.optimizations().stream().anyMatch(o -> o.startsWith(phase) || o.contains(": " + phase));
        }

        /** The vectorAccess phase formed at least one group. */
        /**
         * Vectorised. (Kernels that store to an array of an element type they also access in another shape, scalar
         * or another width, keep that type scalar: C's aliasing rules let a compiler reorder a vector and a scalar
         * access of one element, which NVIDIA's did. Their tests check the values only.)
         */
        Res vec() {
            assertTrue("vectorAccess expected: " + task.optimizations() + "\n" + source, has("vectorAccess"));
            return this;
        }

        Res noVec() {
            assertFalse("no vectorAccess expected: " + task.optimizations() + "\n" + source, has("vectorAccess"));
            return this;
        }

        Res versioned() {
            assertTrue("hostVersioning expected: " + task.optimizations(), has("hostVersioning"));
            return this;
        }

        Res ok() {
            assertNull("the JVM threw (test is wrong): " + jvm, jvm);
            return this;
        }

        Res threw(Class<? extends Throwable> c) {
            assertNotNull("the JVM should throw (test is wrong)", jvm);
            assertEquals("the JVM's exception (test is wrong)", c, jvm.getClass());
            return this;
        }

        Res message(String m) {
            assertEquals(m, jvm.getMessage());
            return this;
        }

        Res batches() {
            assertTrue("batches: " + task.batches(), task.batches() > 1);
            return this;
        }
    }

    /**
     * Runs the JVM on alias-keeping clones, then the schedule (configured by {@code cfg}) on the originals, and
     * compares (see the class comment).
     */
    private static Res go(UnaryOperator<TaskSchedule> cfg, Jvm jvm, Adder adder, Object... args) {
        Object[] expected = aliasClone(args);
        Throwable jvmEx = null;
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            jvmEx = t;
        }
        ExecutionReport report;
        TaskReport t;
        String source = "";
        try (TaskSchedule s = adder.add(cfg.apply(new TaskSchedule("probe")))) {
            Throwable actual = null;
            try {
                s.execute();
            } catch (Throwable e) {
                actual = e;
            }
            report = s.report();
            t = report.task("t");
            try {
                source = s.kernelSource("t");
            } catch (RuntimeException e) {
                source = "(no source: " + e + ")";
            }
            if (jvmEx == null) {
                if (actual != null) {
                    AssertionError err = new AssertionError("the JVM returned normally but the schedule threw "
                            + actual + "\n" + report + "\n" + source);
                    err.initCause(actual);
                    throw err;
                }
                assertEquals("should run on the device, but: " + t.reason() + "\n" + report,
                        TaskReport.Where.DEVICE, t.ranOn());
            } else {
                if (actual == null) {
                    fail("expected " + jvmEx + " but execute() returned normally; report:\n" + report + "\n"
                            + source);
                }
                if (actual.getClass() != jvmEx.getClass()) {
                    AssertionError err = new AssertionError("expected " + jvmEx + " but got " + actual
                            + "; report:\n" + report + "\n" + source);
                    err.initCause(actual);
                    throw err;
                }
                if (!classOnly) {
                    assertEquals("exception message", jvmEx.getMessage(), actual.getMessage());
                }
                assertEquals("where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
                assertTrue("should have run on the JVM after a failed check, but: " + t.reason(),
                        t.reason().contains("check failed"));
            }
        }
        for (int i = 0; i < args.length; i++) {
            JvmOracle.assertSame("argument " + (i + 1) + (jvmEx == null ? "" : " after " + jvmEx), expected[i],
                    args[i]);
        }
        return new Res(report, t, jvmEx, source);
    }

    static <A, B> Res run(Task2<A, B> c, A a, B b) {
        return runC(PLAIN, c, a, b);
    }

    static <A, B> Res runC(UnaryOperator<TaskSchedule> cfg, Task2<A, B> c, A a, B b) {
        return go(cfg, x -> c.apply(cast(x[0]), cast(x[1])), s -> s.task("t", c, a, b), a, b);
    }

    static <A, B, C> Res run(Task3<A, B, C> c, A a, B b, C d) {
        return runC(PLAIN, c, a, b, d);
    }

    static <A, B, C> Res runC(UnaryOperator<TaskSchedule> cfg, Task3<A, B, C> c, A a, B b, C d) {
        return go(cfg, x -> c.apply(cast(x[0]), cast(x[1]), cast(x[2])), s -> s.task("t", c, a, b, d), a, b, d);
    }

    static <A, B, C, D> Res run(Task4<A, B, C, D> c, A a, B b, C d, D e) {
        return runC(PLAIN, c, a, b, d, e);
    }

    static <A, B, C, D> Res runC(UnaryOperator<TaskSchedule> cfg, Task4<A, B, C, D> c, A a, B b, C d, D e) {
        return go(cfg, x -> c.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])),
                s -> s.task("t", c, a, b, d, e), a, b, d, e);
    }

    static <A, B, C, D, E> Res run(Task5<A, B, C, D, E> c, A a, B b, C d, D e, E f) {
        return runC(PLAIN, c, a, b, d, e, f);
    }

    static <A, B, C, D, E> Res runC(UnaryOperator<TaskSchedule> cfg, Task5<A, B, C, D, E> c, A a, B b, C d, D e,
            E f) {
        return go(cfg, x -> c.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", c, a, b, d, e, f), a, b, d, e, f);
    }

    static <A, B, C, D, E, F> Res run(Task6<A, B, C, D, E, F> c, A a, B b, C d, D e, E f, F g) {
        return runC(PLAIN, c, a, b, d, e, f, g);
    }

    static <A, B, C, D, E, F> Res runC(UnaryOperator<TaskSchedule> cfg, Task6<A, B, C, D, E, F> c, A a, B b, C d,
            D e, E f, F g) {
        return go(cfg, x -> c.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5])),
                s -> s.task("t", c, a, b, d, e, f, g), a, b, d, e, f, g);
    }

    static <A, B, C, D, E, F, G> Res run(Task7<A, B, C, D, E, F, G> c, A a, B b, C d, D e, E f, F g, G h) {
        return go(PLAIN, x -> c.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]), cast(x[5]),
                cast(x[6])), s -> s.task("t", c, a, b, d, e, f, g, h), a, b, d, e, f, g, h);
    }

    private static UnaryOperator<TaskSchedule> batch(String size) {
        return s -> s.batch(size);
    }

    private static final UnaryOperator<TaskSchedule> COPIES = s -> s.inPlace(false);

    private static int[] seq(int n, int mul, int add) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * mul + add;
        }
        return a;
    }

    // =====================================================================================================
    // hostVersioning: kernels
    // =====================================================================================================

    /** Two {@code continue}s (three back edges), a read one further on the last path. */
    static void continues(int[] a, int[] out, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i + off];
            if (v < 0) {
                out[i] = -1;
                continue;
            }
            if ((v & 3) == 0) {
                out[i] = v >> 2;
                continue;
            }
            out[i] = a[i + off + 1] - v;
        }
    }

    /** An if / else-if / else chain, each arm with its own index. */
    static void elseChain(long[] a, long[] b, long[] out, int k, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long v = a[i];
            long r;
            if (v % 3 == 0) {
                r = b[i] + v;
            } else if (v % 3 == 1 || v % 3 == -1) {
                r = b[2 * i + k] * v;
            } else if (v > 0) {
                r = b[n - 1 - i] ^ v;
            } else {
                r = v - 1;
            }
            out[i] = r;
        }
    }

    /** A switch whose cases read at different strides (one of them a pair). */
    static void switchBody(int[] sel, short[] s, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int r;
            switch (sel[i] & 7) {
                case 0:
                    r = s[i];
                    break;
                case 1:
                    r = s[i + 1] * 2;
                    break;
                case 2:
                case 3:
                    r = s[2 * i] - s[2 * i + 1];
                    break;
                case 5:
                    r = -s[3 * i + 2];
                    break;
                default:
                    r = i;
            }
            out[i] = r;
        }
    }

    /** An inner sequential loop with a {@code break}. */
    static void innerBreak(int[] a, int[] out, int m, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = 0; k < m; k++) {
                int v = a[i * m + k + off];
                if (v > 1_000_000) {
                    break;
                }
                s += v;
            }
            out[i] = s + a[i];
        }
    }

    /** Labeled {@code continue} and {@code break} to an inner loop. */
    static void labeledInner(int[] a, int[] out, int m, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            rows:
            for (int r = 0; r < m; r++) {
                for (int c = 0; c < m; c++) {
                    int v = a[(i + r) * m + c];
                    if (v == 0) {
                        continue rows;
                    }
                    if (v < 0) {
                        break rows;
                    }
                    s += v * (c + 1);
                }
                s ^= r;
            }
            out[i] = s + a[i];
        }
    }

    /** A labeled {@code continue} of the {@code @Parallel} loop itself from inside an inner loop. */
    static void continueParallel(int[] a, int[] out, int m, int n) {
        outer:
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = 0;
            for (int k = 0; k < m; k++) {
                int v = a[i + k];
                if (v < 0) {
                    continue outer;
                }
                out[i] += v;
            }
            out[i] = out[i] * 2 + a[i + m];
        }
    }

    /** A catch of the index exception in the body. */
    static void catchIndex(int[] a, int[] out, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int r;
            try {
                r = a[i + off] * 2 + a[i];
            } catch (ArrayIndexOutOfBoundsException e) {
                r = -7 - i;
            }
            out[i] = r;
        }
    }

    /** A catch of a division by zero in the body; the read before the division is not caught. */
    static void catchDivide(int[] a, int[] d, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int q;
            try {
                q = a[i + 1] / d[i];
            } catch (ArithmeticException e) {
                q = a[i] - 1;
            }
            out[i] = q;
        }
    }

    /** A catch inside an inner loop that leaves it. */
    static void catchInInnerLoop(int[] a, int[] out, int m, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = 0; k < m; k++) {
                try {
                    s += a[i * m + k] / (a[i] - k);
                } catch (ArithmeticException e) {
                    s = -s;
                    break;
                }
            }
            out[i] = s;
        }
    }

    /** A private array filled, sorted and read back. */
    static void privateSort(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[4];
            for (int k = 0; k < 4; k++) {
                t[k] = a[4 * i + k];
            }
            for (int x = 0; x < 3; x++) {
                for (int y = 0; y < 3 - x; y++) {
                    if (t[y] > t[y + 1]) {
                        int tmp = t[y];
                        t[y] = t[y + 1];
                        t[y + 1] = tmp;
                    }
                }
            }
            out[2 * i] = t[0] + t[1];
            out[2 * i + 1] = t[2] ^ t[3];
        }
    }

    /** A private array in one branch only, with a {@code continue} in the other. */
    static void privateInBranch(double[] a, double[] out, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double v = a[i];
            if (v < 0) {
                out[i] = v;
                continue;
            }
            double[] t = new double[3];
            t[0] = v;
            t[1] = a[i + off];
            t[2] = t[0] * t[1];
            out[i] = t[2] - t[(int) (v * 2.9)];
        }
    }

    /** 2-D, a {@code continue} in the inner parallel body and an inner sequential loop. */
    static void grid2(float[] m, float[] out, int rows, int cols, int off) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                float v = m[r * cols + c + off];
                if (v < 0f) {
                    out[r * cols + c] = 0f;
                    continue;
                }
                float s = v;
                for (int k = 1; k < 3; k++) {
                    s += m[r * cols + c + off + k] * 0.5f;
                }
                out[r * cols + c] = s;
            }
        }
    }

    /** 3-D, a {@code continue}, an inner loop with a {@code break}. */
    static void vol3(int[] in, int[] out, int ny, int nz, int off, int nx) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    int idx = (x * ny + y) * nz + z;
                    int v = in[idx + off];
                    if ((v & 1) != 0) {
                        out[idx] = -v;
                        continue;
                    }
                    int s = 0;
                    for (int k = 0; k < 3; k++) {
                        if (k == 2 && v < 0) {
                            break;
                        }
                        s += in[idx + off] * k + z;
                    }
                    out[idx] = s + v;
                }
            }
        }
    }

    /** 3-D whose inner loop reads past the end only in its last iteration of the last point. */
    static void vol3Inner(int[] in, int[] out, int ny, int nz, int m, int nx) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    int idx = (x * ny + y) * nz + z;
                    int s = 0;
                    for (int k = 0; k < m; k++) {
                        s = s * 3 + in[idx + k];
                    }
                    out[idx] = s;
                }
            }
        }
    }

    /** A stream whose lambda returns early (a {@code continue}). */
    static void streamReturn(double[] a, double[] out, int off) {
        IntStream.range(0, out.length).parallel().forEach(i -> {
            double v = a[i + off];
            if (v < 0) {
                out[i] = -v;
                return;
            }
            if (v > 0.5) {
                out[i] = a[i + off + 1];
                return;
            }
            out[i] = v * 2;
        });
    }

    /** Two kernels, each with a {@code continue} or an inner loop. */
    static void twoKernels(int[] a, int[] mid, byte[] out, int n, int off) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i];
            if (v < 0) {
                mid[i] = 0;
                continue;
            }
            mid[i] = v + a[i + 1];
        }
        for (@Parallel int j = 0; j < n - 3; j++) {
            byte s = 0;
            for (int k = 0; k < 3; k++) {
                s += (byte) mid[j + k];
            }
            out[j + off] = s;
        }
    }

    static void byteShift(byte[] a, byte[] out, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            byte v = a[i + off];
            if (v == 0) {
                continue;
            }
            out[i] = (byte) (v * 3 + a[i]);
        }
    }

    static void charShift(char[] a, short[] out, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            char v = a[i + off];
            if (v > 0xF000) {
                out[i] = (short) -1;
                continue;
            }
            out[i] = (short) (v + a[n - 1 - i]);
        }
    }

    static void longDouble(long[] a, double[] out, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long v = a[i + off];
            switch ((int) (v & 3)) {
                case 0:
                    out[i] = v * 0.5;
                    break;
                case 1:
                    out[i] = out[i] + a[i];
                    break;
                default:
                    out[i] = -(double) (v >>> 3);
            }
        }
    }

    /** A read past the end only in the middle work-item's branch. */
    static void middle(int[] a, int[] out, int sel, int far, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (i == sel) {
                out[i] = a[i + far];
            } else {
                out[i] = a[i] + 1;
            }
        }
    }

    /** Counting down, with a {@code continue}. */
    static void down(int[] a, int[] out, int off, int n) {
        for (@Parallel int i = n - 1; i >= 0; i--) {
            int v = a[i + off];
            if (v == 3) {
                continue;
            }
            out[i] = v * 5 - i;
        }
    }

    /** A do-while inner loop whose trip count comes from the data. */
    static void doWhile(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = a[i] & 7;
            int s = 0;
            int k = 0;
            do {
                s += a[i + k];
                k++;
            } while (k < v);
            out[i] = s;
        }
    }

    // =====================================================================================================
    // hostVersioning: tests
    // =====================================================================================================

    @Test
    public void hvContinues() {
        hvContinuesInBoundsAndAtEitherEnd();
        hvContinuesFailedTestButNoException();
    }

    private void hvContinuesInBoundsAndAtEitherEnd() {
        int n = 1500;
        int off = 3;
        int[] a = Inputs.ints(1, n + off + 1);
        run(GraphVersioningProbeTest::continues, a, new int[n], off, n).ok().versioned();
        // a one short: the last work-item reads a[n + off] only on the third path.
        int[] shortA = Inputs.ints(2, n + off);
        shortA[n - 1 + off] = 5;
        run(GraphVersioningProbeTest::continues, shortA, new int[n], off, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        // The first work-item reads a[-1].
        run(GraphVersioningProbeTest::continues, a, new int[n], -1, n).threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hvContinuesFailedTestButNoException() {
        int n = 1500;
        int off = 3;
        int[] shortA = Inputs.ints(3, n + off);
        shortA[n - 1 + off] = -9; // the last work-item continues before the read past the end
        run(GraphVersioningProbeTest::continues, shortA, new int[n], off, n).ok();
        shortA[n - 1 + off] = 8;
        run(GraphVersioningProbeTest::continues, shortA, new int[n], off, n).ok();
    }

    @Test
    public void hvElseChain() {
        int n = 999;
        long[] a = Inputs.longs(4, n);
        long[] b = Inputs.longs(5, 2 * n + 1);
        run(GraphVersioningProbeTest::elseChain, a, b, new long[n], 1, n).ok().versioned();
        // b one short for the second arm of the last work-item only.
        long[] shortB = Inputs.longs(6, 2 * n - 1);
        a[n - 1] = 7; // 7 % 3 == 1
        run(GraphVersioningProbeTest::elseChain, a, shortB, new long[n], 1, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        a[n - 1] = 9; // the first arm: nothing out of bounds
        run(GraphVersioningProbeTest::elseChain, a, shortB, new long[n], 1, n).ok();
        // k = -2: the second arm of work-item 0 reads b[-2] (0 % 3 is the first arm: make it 1).
        a[0] = 4;
        run(GraphVersioningProbeTest::elseChain, a, b, new long[n], -2, n).threw(
                ArrayIndexOutOfBoundsException.class).message("Index -2 out of bounds for length " + b.length);
    }

    @Test
    public void hvSwitch() {
        int n = 1000;
        int[] sel = Inputs.ints(7, n);
        short[] s = Inputs.shorts(8, 3 * n);
        run(GraphVersioningProbeTest::switchBody, sel, s, new int[n], n).ok().versioned();
        short[] shortS = Inputs.shorts(9, 3 * n - 1);
        sel[n - 1] = 5;
        run(GraphVersioningProbeTest::switchBody, sel, shortS, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (3 * n - 1)
                        + " out of bounds for length " + (3 * n - 1));
        sel[n - 1] = 2;
        run(GraphVersioningProbeTest::switchBody, sel, shortS, new int[n], n).ok();
        // 2n - 1 elements: the pair of the last work-item is cut in the middle.
        short[] pairS = Inputs.shorts(10, 2 * n - 1);
        for (int i = 0; i < n; i++) {
            sel[i] = i % 3 == 0 ? 0 : 3;
        }
        sel[n - 1] = 3;
        run(GraphVersioningProbeTest::switchBody, sel, pairS, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvInnerLoopWithBreak() {
        int n = 400;
        int m = 5;
        int[] a = JvmOracle.ints(11, n * m + 1, -1000, 1000);
        run(GraphVersioningProbeTest::innerBreak, a, new int[n], m, 1, n).ok().versioned();
        // The last iteration of the last work-item reads a[n * m].
        int[] shortA = JvmOracle.ints(12, n * m, -1000, 1000);
        run(GraphVersioningProbeTest::innerBreak, shortA, new int[n], m, 0, n).ok();
        run(GraphVersioningProbeTest::innerBreak, shortA, new int[n], m, 1, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        // A break before it: nothing thrown.
        shortA[n * m - 2] = 2_000_000;
        run(GraphVersioningProbeTest::innerBreak, shortA, new int[n], m, 1, n).ok();
        // The first iteration of the first work-item reads a[-1].
        run(GraphVersioningProbeTest::innerBreak, a, new int[n], m, -1, n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index -1 out of bounds for length "
                        + a.length);
    }

    @Test
    public void hvLabeledJumpsFromInnerLoops() {
        hvLabeledBreakAndContinueToAnInnerLoop();
        hvContinueOfTheParallelLoopFromAnInnerLoop();
    }

    private void hvLabeledBreakAndContinueToAnInnerLoop() {
        int n = 300;
        int m = 4;
        int[] a = JvmOracle.ints(13, (n + m) * m, -3, 40);
        run(GraphVersioningProbeTest::labeledInner, a, new int[n], m, n).ok();
        int[] shortA = JvmOracle.ints(14, (n + m - 1) * m - 1, 1, 40);
        run(GraphVersioningProbeTest::labeledInner, shortA, new int[n], m, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hvContinueOfTheParallelLoopFromAnInnerLoop() {
        int n = 700;
        int m = 3;
        int[] a = JvmOracle.ints(15, n + m, -5, 100);
        run(GraphVersioningProbeTest::continueParallel, a, new int[n], m, n).ok().versioned();
        int[] shortA = JvmOracle.ints(16, n + m - 1, 0, 100);
        run(GraphVersioningProbeTest::continueParallel, shortA, new int[n], m, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        shortA[n - 1] = -1; // the last work-item leaves before a[n + m - 1]
        run(GraphVersioningProbeTest::continueParallel, shortA, new int[n], m, n).ok();
    }

    @Test
    public void hvCatchHandlers() {
        hvCatchOfTheIndexException();
        hvCatchOfADivisionByZero();
        hvHandlerStoresAtItsOwnIndex();
    }

    private void hvCatchOfTheIndexException() {
        int n = 1000;
        int[] a = Inputs.ints(17, n + 4);
        run(GraphVersioningProbeTest::catchIndex, a, new int[n], 4, n).ok().versioned();
        // The last 6 work-items read past the end: caught.
        run(GraphVersioningProbeTest::catchIndex, a, new int[n], 10, n).ok();
        // The first 3: caught.
        run(GraphVersioningProbeTest::catchIndex, a, new int[n], -3, n).ok();
        // The output one short: its store is outside the try.
        run(GraphVersioningProbeTest::catchIndex, a, new int[n - 1], 4, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hvCatchOfADivisionByZero() {
        int n = 1000;
        int[] a = Inputs.ints(18, n + 1);
        int[] d = JvmOracle.ints(19, n, -3, 4);
        run(GraphVersioningProbeTest::catchDivide, a, d, new int[n], n).ok().versioned();
        // a one short: a[n] is read before the division, outside what the catch covers.
        int[] shortA = Inputs.ints(20, n);
        run(GraphVersioningProbeTest::catchDivide, shortA, d, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvCatchInAnInnerLoop() {
        int n = 500;
        int m = 6;
        int[] a = JvmOracle.ints(21, n * m, 0, 9);
        run(GraphVersioningProbeTest::catchInInnerLoop, a, new int[n], m, n).ok();
        int[] shortA = JvmOracle.ints(22, n * m - 1, 6, 9); // no zero divisor: the last iteration reads past
        run(GraphVersioningProbeTest::catchInInnerLoop, shortA, new int[n], m, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvPrivateArrays() {
        hvPrivateArraySorted();
        hvPrivateArrayInABranch();
        hvPrivateArrayAtAParameterIndex();
    }

    private void hvPrivateArraySorted() {
        int n = 800;
        int[] a = Inputs.ints(23, 4 * n);
        run(GraphVersioningProbeTest::privateSort, a, new int[2 * n], n).ok().versioned();
        int[] shortA = Inputs.ints(24, 4 * n - 1);
        run(GraphVersioningProbeTest::privateSort, shortA, new int[2 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        int[] shortOut = new int[2 * n - 1];
        run(GraphVersioningProbeTest::privateSort, a, shortOut, n).threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hvPrivateArrayInABranch() {
        int n = 900;
        double[] a = Inputs.plainDoubles(25, n + 2, -1.0, 1.0);
        run(GraphVersioningProbeTest::privateInBranch, a, new double[n], 2, n).ok().versioned();
        a[n - 1] = 0.5;
        run(GraphVersioningProbeTest::privateInBranch, a, new double[n], 3, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        a[n - 1] = -0.5; // the last work-item continues before its read past the end
        run(GraphVersioningProbeTest::privateInBranch, a, new double[n], 3, n).ok();
    }

    @Test
    public void hv2dFirstAndLastPoint() {
        int rows = 23;
        int cols = 41;
        float[] m = Inputs.floats(26, rows * cols + 3, -1f, 3f);
        run(GraphVersioningProbeTest::grid2, m, new float[rows * cols], rows, cols, 1).ok().versioned();
        m[0] = 1f;
        run(GraphVersioningProbeTest::grid2, m, new float[rows * cols], rows, cols, -1)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index -1 out of bounds for length "
                        + m.length);
        float[] shortM = Inputs.floats(27, rows * cols + 2, 0f, 3f);
        run(GraphVersioningProbeTest::grid2, shortM, new float[rows * cols], rows, cols, 1)
                .threw(ArrayIndexOutOfBoundsException.class);
        // The point past the end continues first.
        shortM[rows * cols] = -1f;
        run(GraphVersioningProbeTest::grid2, shortM, new float[rows * cols], rows, cols, 1).ok();
    }

    @Test
    public void hv3d() {
        hv3dFirstAndLastPoint();
        hv3dInnerLoopLastIterationOfTheLastPoint();
    }

    private void hv3dFirstAndLastPoint() {
        int nx = 5;
        int ny = 7;
        int nz = 9;
        int total = nx * ny * nz;
        int[] in = Inputs.ints(28, total + 2);
        run(GraphVersioningProbeTest::vol3, in, new int[total], ny, nz, 2, nx).ok().versioned();
        in[0] = 4;
        run(GraphVersioningProbeTest::vol3, in, new int[total], ny, nz, -1, nx)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index -1 out of bounds for length "
                        + in.length);
        run(GraphVersioningProbeTest::vol3, in, new int[total], ny, nz, 3, nx)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hv3dInnerLoopLastIterationOfTheLastPoint() {
        int nx = 4;
        int ny = 6;
        int nz = 10;
        int m = 4;
        int total = nx * ny * nz;
        int[] in = Inputs.ints(29, total + m - 1);
        run(GraphVersioningProbeTest::vol3Inner, in, new int[total], ny, nz, m, nx).ok();
        int[] shortIn = Inputs.ints(30, total + m - 2);
        run(GraphVersioningProbeTest::vol3Inner, shortIn, new int[total], ny, nz, m, nx)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvStreamWithAnEarlyReturn() {
        classOnly = true;
        try {
            streamWithAnEarlyReturn();
        } finally {
            classOnly = false;
        }
    }

    private void streamWithAnEarlyReturn() {
        int n = 1200;
        double[] a = Inputs.doubles(31, n + 3, -1.0, 1.0);
        run(GraphVersioningProbeTest::streamReturn, a, new double[n], 2).ok().versioned();
        double[] shortA = Inputs.doubles(32, n + 2, -1.0, 1.0);
        shortA[n + 1] = -0.75;
        run(GraphVersioningProbeTest::streamReturn, shortA, new double[n], 2).ok();
        // (No element past the end: a parallel stream whose element throws leaves the other elements' writes to
        // chance, on the JVM as in its rerun, so the arrays cannot be compared.)
    }

    @Test
    public void hvTwoKernelsEachFailing() {
        int n = 600;
        int[] a = JvmOracle.ints(33, n + 1, -50, 500);
        run(GraphVersioningProbeTest::twoKernels, a, new int[n], new byte[n], n, 2).ok().versioned();
        // The first kernel reads a[n] in the last work-item.
        int[] shortA = JvmOracle.ints(34, n, 0, 500);
        run(GraphVersioningProbeTest::twoKernels, shortA, new int[n], new byte[n], n, 2)
                .threw(ArrayIndexOutOfBoundsException.class);
        // The second kernel stores out[-1] in its first work-item.
        run(GraphVersioningProbeTest::twoKernels, a, new int[n], new byte[n], n, -1)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index -1 out of bounds for length " + n);
        // The second kernel stores out[n] in its last work-item.
        run(GraphVersioningProbeTest::twoKernels, a, new int[n], new byte[n], n, 4)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvEveryElementType() {
        hvBytes();
        hvCharsAndShorts();
        hvLongsAndDoubles();
    }

    private void hvBytes() {
        int n = 2000;
        byte[] a = Inputs.bytes(35, n + 5);
        run(GraphVersioningProbeTest::byteShift, a, new byte[n], 5, n).ok().versioned();
        run(GraphVersioningProbeTest::byteShift, a, new byte[n], 6, n).threw(ArrayIndexOutOfBoundsException.class);
        a[n + 4] = 9; // the last work-item stores
        run(GraphVersioningProbeTest::byteShift, a, new byte[n - 1], 5, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hvCharsAndShorts() {
        int n = 1777;
        char[] a = Inputs.chars(36, n + 1);
        run(GraphVersioningProbeTest::charShift, a, new short[n], 1, n).ok().versioned();
        run(GraphVersioningProbeTest::charShift, a, new short[n], 2, n).threw(ArrayIndexOutOfBoundsException.class);
        a[0] = 5;
        run(GraphVersioningProbeTest::charShift, a, new short[n], -1, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hvLongsAndDoubles() {
        int n = 1333;
        long[] a = Inputs.longs(37, n + 1);
        double[] out = Inputs.doubles(38, n, -2.0, 2.0);
        run(GraphVersioningProbeTest::longDouble, a, out, 1, n).ok().versioned();
        run(GraphVersioningProbeTest::longDouble, a, Inputs.doubles(39, n, -2.0, 2.0), 2, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        run(GraphVersioningProbeTest::longDouble, a, Inputs.doubles(40, n - 1, -2.0, 2.0), 0, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvOnlyTheMiddleWorkItemFails() {
        int n = 1001;
        int[] a = Inputs.ints(41, n);
        run(GraphVersioningProbeTest::middle, a, new int[n], n / 2, 0, n).ok();
        run(GraphVersioningProbeTest::middle, a, new int[n], n / 2, n, n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (n / 2 + n)
                        + " out of bounds for length " + n);
        run(GraphVersioningProbeTest::middle, a, new int[n], n / 2, -n, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvCountingDownWithAContinue() {
        int n = 1024;
        int[] a = JvmOracle.ints(42, n + 2, 0, 8);
        run(GraphVersioningProbeTest::down, a, new int[n], 2, n).ok().versioned();
        a[n + 1] = 1;
        run(GraphVersioningProbeTest::down, a, new int[n], 3, n).threw(ArrayIndexOutOfBoundsException.class);
        a[0] = 1;
        run(GraphVersioningProbeTest::down, a, new int[n], -1, n).threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvDoWhileInnerLoop() {
        int n = 900;
        int[] a = Inputs.ints(43, n + 7);
        run(GraphVersioningProbeTest::doWhile, a, new int[n], n).ok();
        int[] b = Inputs.ints(44, n);
        b[n - 1] = 0; // one iteration only: in bounds
        b[n - 2] = 0;
        b[n - 3] = 0;
        b[n - 4] = 0;
        b[n - 5] = 0;
        b[n - 6] = 0;
        b[n - 7] = 0;
        run(GraphVersioningProbeTest::doWhile, b, new int[n], n).ok();
        b[n - 2] = 3; // reads b[n]
        run(GraphVersioningProbeTest::doWhile, b, new int[n], n).threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvInBatchesWithContinuesAndAFailureInTheLastBatch() {
        int n = 6000;
        int off = 2;
        int[] a = Inputs.ints(45, n + off + 1);
        runC(batch("8KB"), GraphVersioningProbeTest::continues, a, new int[n], off, n).ok().batches();
        int[] shortA = Inputs.ints(46, n + off);
        shortA[n - 1 + off] = 5;
        runC(batch("8KB"), GraphVersioningProbeTest::continues, shortA, Inputs.ints(47, n), off, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        // The last batch's test fails but its last work-item continues first: no exception.
        shortA[n - 1 + off] = -9;
        runC(batch("8KB"), GraphVersioningProbeTest::continues, shortA, Inputs.ints(251, n), off, n).ok().batches();
        // 2-D in batches: the last point past the end, then the same point continuing.
        int rows = 60;
        int cols = 50;
        float[] m = Inputs.floats(252, rows * cols + 2, 0f, 3f);
        runC(batch("8KB"), GraphVersioningProbeTest::grid2, m, new float[rows * cols], rows, cols, 1)
                .threw(ArrayIndexOutOfBoundsException.class);
        m[rows * cols] = -1f;
        runC(batch("8KB"), GraphVersioningProbeTest::grid2, m, new float[rows * cols], rows, cols, 1).ok()
                .batches();
    }

    @Test
    public void hvOneArrayAsTwoParameters() {
        int n = 999;
        long[] both = Inputs.longs(48, 2 * n + 1);
        // a and b the same array.
        run(GraphVersioningProbeTest::elseChain, both, both, new long[n], 1, n).ok();
    }

    // =====================================================================================================
    // vectorAccess: kernels
    // =====================================================================================================

    /** Sixteen bytes per work-item, folded in Java's order. */
    static void bytes16(byte[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = a[16 * i];
            s = s * 31 + a[16 * i + 1];
            s = s * 31 + a[16 * i + 2];
            s = s * 31 + a[16 * i + 3];
            s = s * 31 + a[16 * i + 4];
            s = s * 31 + a[16 * i + 5];
            s = s * 31 + a[16 * i + 6];
            s = s * 31 + a[16 * i + 7];
            s = s * 31 + a[16 * i + 8];
            s = s * 31 + a[16 * i + 9];
            s = s * 31 + a[16 * i + 10];
            s = s * 31 + a[16 * i + 11];
            s = s * 31 + a[16 * i + 12];
            s = s * 31 + a[16 * i + 13];
            s = s * 31 + a[16 * i + 14];
            s = s * 31 + a[16 * i + 15];
            out[i] = s;
        }
    }

    /** Eight shorts in, eight out reversed. */
    static void shorts8(short[] a, short[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            short x0 = a[8 * i];
            short x1 = a[8 * i + 1];
            short x2 = a[8 * i + 2];
            short x3 = a[8 * i + 3];
            short x4 = a[8 * i + 4];
            short x5 = a[8 * i + 5];
            short x6 = a[8 * i + 6];
            short x7 = a[8 * i + 7];
            out[8 * i] = (short) (x7 + 1);
            out[8 * i + 1] = (short) (x6 * 3);
            out[8 * i + 2] = (short) (x5 - x0);
            out[8 * i + 3] = x4;
            out[8 * i + 4] = (short) (x3 >> 1);
            out[8 * i + 5] = (short) (x2 ^ 0x5555);
            out[8 * i + 6] = (short) (x1 * x1);
            out[8 * i + 7] = (short) -x0;
        }
    }

    /** Pairs of shorts (width 2). */
    static void shorts2(short[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[2 * i] * 65536 + a[2 * i + 1];
        }
    }

    /** Four chars in, sixteen chars out. */
    static void chars4to16(char[] a, char[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            char c0 = a[4 * i];
            char c1 = a[4 * i + 1];
            char c2 = a[4 * i + 2];
            char c3 = a[4 * i + 3];
            out[16 * i] = c0;
            out[16 * i + 1] = c1;
            out[16 * i + 2] = c2;
            out[16 * i + 3] = c3;
            out[16 * i + 4] = (char) (c0 + 1);
            out[16 * i + 5] = (char) (c1 + 1);
            out[16 * i + 6] = (char) (c2 + 1);
            out[16 * i + 7] = (char) (c3 + 1);
            out[16 * i + 8] = (char) (c0 ^ c3);
            out[16 * i + 9] = (char) (c1 ^ c2);
            out[16 * i + 10] = (char) (c2 * 7);
            out[16 * i + 11] = (char) (c3 - c0);
            out[16 * i + 12] = (char) (c0 >>> 3);
            out[16 * i + 13] = (char) (c1 << 2);
            out[16 * i + 14] = (char) (~c2);
            out[16 * i + 15] = (char) i;
        }
    }

    /** Ints: pairs in, sixteen out. */
    static void ints2to16(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[2 * i];
            int y = a[2 * i + 1];
            out[16 * i] = x;
            out[16 * i + 1] = y;
            out[16 * i + 2] = x + y;
            out[16 * i + 3] = x - y;
            out[16 * i + 4] = x * y;
            out[16 * i + 5] = x ^ y;
            out[16 * i + 6] = x | y;
            out[16 * i + 7] = x & y;
            out[16 * i + 8] = x >> 3;
            out[16 * i + 9] = y >>> 3;
            out[16 * i + 10] = x << 5;
            out[16 * i + 11] = -y;
            out[16 * i + 12] = ~x;
            out[16 * i + 13] = Math.min(x, y);
            out[16 * i + 14] = Math.max(x, y);
            out[16 * i + 15] = i;
        }
    }

    /** Sixteen longs in (128 bytes), a pair out. */
    static void longs16to2(long[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long s = 0;
            long x = 0;
            s += a[16 * i];
            x ^= a[16 * i + 1];
            s += a[16 * i + 2];
            x ^= a[16 * i + 3];
            s += a[16 * i + 4];
            x ^= a[16 * i + 5];
            s += a[16 * i + 6];
            x ^= a[16 * i + 7];
            s += a[16 * i + 8];
            x ^= a[16 * i + 9];
            s += a[16 * i + 10];
            x ^= a[16 * i + 11];
            s += a[16 * i + 12];
            x ^= a[16 * i + 13];
            s += a[16 * i + 14];
            x ^= a[16 * i + 15];
            out[2 * i] = s;
            out[2 * i + 1] = x;
        }
    }

    /** Eight floats in, sixteen floats out. */
    static void floats8to16(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float x0 = a[8 * i];
            float x1 = a[8 * i + 1];
            float x2 = a[8 * i + 2];
            float x3 = a[8 * i + 3];
            float x4 = a[8 * i + 4];
            float x5 = a[8 * i + 5];
            float x6 = a[8 * i + 6];
            float x7 = a[8 * i + 7];
            out[16 * i] = x0 + x1;
            out[16 * i + 1] = x2 * x3;
            out[16 * i + 2] = x4 - x5;
            out[16 * i + 3] = x6 / x7;
            out[16 * i + 4] = x0 * x7;
            out[16 * i + 5] = x1 - x6;
            out[16 * i + 6] = x2 + x5;
            out[16 * i + 7] = x3 / x4;
            out[16 * i + 8] = -x0;
            out[16 * i + 9] = x1 * 0.5f;
            out[16 * i + 10] = x2 * x2;
            out[16 * i + 11] = x3 + 1e-3f;
            out[16 * i + 12] = x4 % x5;
            out[16 * i + 13] = x6 * x6 - x7;
            out[16 * i + 14] = x0 + x1 + x2 + x3;
            out[16 * i + 15] = x4 + x5 + x6 + x7;
        }
    }

    /** Sixteen doubles in (128 bytes), four out. */
    static void doubles16to4(double[] a, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double s0 = a[16 * i] + a[16 * i + 1] * 2.0;
            double s1 = a[16 * i + 2] - a[16 * i + 3];
            double s2 = a[16 * i + 4] * a[16 * i + 5];
            double s3 = a[16 * i + 6] / a[16 * i + 7];
            double s4 = a[16 * i + 8] + a[16 * i + 9] + a[16 * i + 10];
            double s5 = a[16 * i + 11] * a[16 * i + 12] - a[16 * i + 13];
            double s6 = a[16 * i + 14] % a[16 * i + 15];
            out[4 * i] = s0 + s4;
            out[4 * i + 1] = s1 - s5;
            out[4 * i + 2] = s2 * s6;
            out[4 * i + 3] = s3;
        }
    }

    /** Doubles as pairs through a stream. */
    static void doublePairsStream(double[] a, double[] out) {
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = a[2 * i] * a[2 * i + 1] - a[2 * i]);
    }

    /** Members loaded and stored in a scrambled order. */
    static void scrambled(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x2 = a[4 * i + 2];
            int x0 = a[4 * i];
            int x3 = a[4 * i + 3];
            int x1 = a[4 * i + 1];
            out[4 * i + 3] = x0 - x1;
            out[4 * i + 1] = x2 * x3;
            out[4 * i] = x0 ^ x3;
            out[4 * i + 2] = x1 + x2 * 3;
        }
    }

    /** A shifted base, (i << 3) + k, and a reversed walk 4 * (n - 1 - i) + k. */
    static void shiftedAndReversed(double[] a, float[] b, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int q = 4 * (n - 1 - i);
            double r = a[(i << 3)] - a[(i << 3) + 1] + a[(i << 3) + 2] * a[(i << 3) + 3]
                    + a[(i << 3) + 4] + a[(i << 3) + 5] + a[(i << 3) + 6] - a[(i << 3) + 7];
            out[i] = r + b[q] + b[q + 1] * 2f + b[q + 2] * 4f + b[q + 3] * 8f;
        }
    }

    /** A group starting at a negative constant: a[4i - 4] … a[4i - 1], from i = 1. */
    static void negativeOffset(long[] a, long[] out, int n) {
        for (@Parallel int i = 1; i < n; i++) {
            out[i] = a[4 * i - 4] * 3 + a[4 * i - 3] * 5 + a[4 * i - 2] * 7 + a[4 * i - 1] * 11;
        }
    }

    /** Quadruples at 4 * (i * k) + c: with k = 2^30 the index wraps to the first quadruple. */
    static void wrapping(int[] a, int[] out, int k, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int b = 4 * (i * k);
            out[i] = a[b] - a[b + 1] * 3 + a[b + 2] * 5 - a[b + 3] * 7;
        }
    }

    /** Quadruples, every lane used; the array's end decides which lanes are out of bounds. */
    static void quadsInt(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[4 * i] * 1000 + a[4 * i + 1] * 100 + a[4 * i + 2] * 10 + a[4 * i + 3];
        }
    }

    /** Quadruples up to the array's length rounded up: the last group is cut when the length is no multiple of 4. */
    static void quadsByLength(int[] a, int[] out) {
        for (@Parallel int i = 0; i < (a.length + 3) / 4; i++) {
            out[i] = a[4 * i] - a[4 * i + 1] + a[4 * i + 2] - a[4 * i + 3];
        }
    }

    /** The same, read in the order 3, 1, 0, 2 (Java fails first at lane 3). */
    static void quadsBackwards(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x3 = a[4 * i + 3];
            int x1 = a[4 * i + 1];
            int x0 = a[4 * i];
            int x2 = a[4 * i + 2];
            out[i] = x0 * 1000 + x1 * 100 + x2 * 10 + x3;
        }
    }

    /** Quadruples in a sequential loop. */
    static void quadLoop(int[] a, int[] out, int m, int start, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = 0;
            for (int k = 0; k < m; k++) {
                int b = 4 * (i * m + k + start);
                s += a[b] * 3 - a[b + 1] + (a[b + 2] ^ a[b + 3]);
            }
            out[i] = s;
        }
    }

    /** The same elements loaded twice. */
    static void twice(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[4 * i];
            int y = a[4 * i + 1];
            int z = a[4 * i];
            int w = a[4 * i + 2];
            int v = a[4 * i + 3];
            int u = a[4 * i + 1];
            out[i] = x + y * 3 + z * 5 + w * 7 + v * 11 + u * 13;
        }
    }

    /** Loads of another array between the members, and a store to a third of another type. */
    static void otherArrayBetween(float[] a, float[] b, int[] flags, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float x0 = a[4 * i];
            float y = b[i];
            float x1 = a[4 * i + 1];
            flags[i] = (int) y;
            float x2 = a[4 * i + 2];
            float z = b[2 * i + 1];
            float x3 = a[4 * i + 3];
            out[i] = x0 * y + x1 - x2 * z + x3;
        }
    }

    /** A division between the members: Java may throw it before reaching a lane past the end. */
    static void divBetween(int[] a, int[] d, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x0 = a[4 * i];
            int q = x0 / d[i];
            int x1 = a[4 * i + 1];
            int x2 = a[4 * i + 2];
            int x3 = a[4 * i + 3];
            out[i] = q + x1 * 3 + x2 * 5 + x3 * 7;
        }
    }

    /** A constant division by zero between members (always throws once reached). */
    static void constDivBetween(int[] a, int[] out, int z, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x0 = a[2 * i];
            int q = 7 % (z - i);
            int x1 = a[2 * i + 1];
            out[i] = x0 + q * x1;
        }
    }

    /** A division whose ArithmeticException is caught, between two pairs. */
    static void divCatchBetween(int[] a, int[] d, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x0 = a[4 * i];
            int x1 = a[4 * i + 1];
            int q;
            try {
                q = x0 / d[i];
            } catch (ArithmeticException e) {
                out[i] = -1;
                continue;
            }
            int x2 = a[4 * i + 2];
            int x3 = a[4 * i + 3];
            out[i] = q + x1 + x2 * 3 + x3 * 5;
        }
    }

    /** A catch around a whole group of loads. */
    static void catchAroundGroup(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int s;
            try {
                s = a[4 * i] + 2 * a[4 * i + 1] + 3 * a[4 * i + 2] + 4 * a[4 * i + 3];
            } catch (ArrayIndexOutOfBoundsException e) {
                s = -1;
            }
            out[i] = s;
        }
    }

    /** Stores of a group with a caught read between them: Java keeps the stores before the throw. */
    static void catchBetweenStores(int[] a, int[] out, int k, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            try {
                out[4 * i] = i;
                out[4 * i + 1] = a[i + k];
                out[4 * i + 2] = i * 3;
                out[4 * i + 3] = i * 5;
            } catch (ArrayIndexOutOfBoundsException e) {
                out[4 * i + 3] = -1;
            }
        }
    }

    /** A division whose ArithmeticException is caught between stores of a group. */
    static void divCatchBetweenStores(int[] a, int[] d, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            try {
                out[4 * i] = a[i];
                out[4 * i + 1] = a[i] / d[i];
                out[4 * i + 2] = a[i] * 3;
                out[4 * i + 3] = a[i] * 5;
            } catch (ArithmeticException e) {
                out[4 * i + 2] = -2;
            }
        }
    }

    /** Stores of a group with loads of the same array between them (each must see Java's values). */
    static void storeLoadBetween(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[4 * i] = i;
            a[4 * i + 1] = a[4 * i] + 1;
            int t = a[4 * i + 3];
            a[4 * i + 2] = t * 2;
            a[4 * i + 3] = a[4 * i + 1] * 3;
        }
    }

    /** Stores to out with loads of src between them: the same array when passed twice. */
    static void storeOtherLoadBetween(int[] out, int[] src, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[4 * i] = i;
            out[4 * i + 1] = src[4 * i] + 1;
            out[4 * i + 2] = src[4 * i + 1] * 2;
            out[4 * i + 3] = src[4 * i + 3];
        }
    }

    /** Loads of a with a store to b between them: the same array when passed twice. */
    static void loadOtherStoreBetween(long[] a, long[] b, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long x0 = a[4 * i];
            b[4 * i + 2] = x0 * 7;
            long x1 = a[4 * i + 1];
            long x2 = a[4 * i + 2];
            long x3 = a[4 * i + 3];
            out[i] = x0 + x1 * 3 + x2 * 5 + x3 * 7;
        }
    }

    /** A reversed copy src → dst, interleaved: one array when passed twice. */
    static void reverseCopy(int[] src, int[] dst, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            dst[4 * i] = src[4 * i + 3] + 1;
            dst[4 * i + 1] = src[4 * i + 2] + 1;
            dst[4 * i + 2] = src[4 * i + 1] + 1;
            dst[4 * i + 3] = src[4 * i] + 1;
        }
    }

    /** A group loaded, then a group stored over it (in place). */
    static void rotateInPlace(float[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float x0 = a[4 * i];
            float x1 = a[4 * i + 1];
            float x2 = a[4 * i + 2];
            float x3 = a[4 * i + 3];
            a[4 * i] = x1;
            a[4 * i + 1] = x2;
            a[4 * i + 2] = x3;
            a[4 * i + 3] = x0 * 2f;
        }
    }

    /** An element stored twice inside a group of stores (the order matters). */
    static void storedTwice(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[4 * i] = a[i];
            out[4 * i + 1] = a[i] + 1;
            out[4 * i] = a[i] * 7;
            out[4 * i + 2] = a[i] + 2;
            out[4 * i + 3] = a[i] + 3;
        }
    }

    /** A store through a variable holding one of two arrays between loads of one of them. */
    static void choiceStoreBetweenLoads(int[] a, int[] b, int[] out, int flag, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = flag != 0 ? a : b;
            int x0 = a[4 * i];
            t[4 * i + 1] = x0 + 100;
            int x1 = a[4 * i + 1];
            int x2 = a[4 * i + 2];
            int x3 = a[4 * i + 3];
            out[i] = x0 ^ x1 * 3 ^ x2 * 5 ^ x3 * 7;
        }
    }

    /** A load through a variable holding one of two arrays between stores of one of them. */
    static void choiceLoadBetweenStores(int[] a, int[] b, int[] out, int flag, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = flag != 0 ? a : b;
            a[4 * i] = i;
            a[4 * i + 1] = i + 1;
            out[i] = t[4 * i];
            a[4 * i + 2] = i + 2;
            a[4 * i + 3] = i + 3;
        }
    }

    /** A load of a written array or of a read-only one, chosen per work-item, after the store to the written one. */
    static void ternaryAfterStore(int[] a, int[] b, int[] out, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[2 * i] = i * 3;
            out[i] = c[i] > 0 ? a[2 * i] : b[2 * i];
        }
    }

    /** Stores in both arms of a branch, one of a written array's element just stored, the other of a read-only one. */
    static void armsAfterStore(float[] a, float[] b, float[] out, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            if (c[i] > 0) {
                out[i] = a[i] * 2f;
            } else {
                out[i] = b[i] * 2f;
            }
        }
    }

    static int[] shared = new int[0];

    /** A store to a static array between loads of a parameter: the same array when the field holds it. */
    static void staticStoreBetweenLoads(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x0 = a[4 * i];
            shared[4 * i + 1] = x0 + 100;
            int x1 = a[4 * i + 1];
            int x2 = a[4 * i + 2];
            int x3 = a[4 * i + 3];
            out[i] = x0 ^ x1 * 3 ^ x2 * 5 ^ x3 * 7;
        }
    }

    /** A load from a static array between stores of a parameter. */
    static void staticLoadBetweenStores(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[4 * i] = i;
            a[4 * i + 1] = i + 1;
            out[i] = shared[4 * i] + shared[4 * i + 1] * 10;
            a[4 * i + 2] = i + 2;
            a[4 * i + 3] = i + 3;
        }
    }

    /** Groups inside both arms of an {@code if}. */
    static void groupsInBranches(float[] a, float[] out, int[] sel, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if ((sel[i] & 1) == 0) {
                float x0 = a[4 * i];
                float x1 = a[4 * i + 1];
                float x2 = a[4 * i + 2];
                float x3 = a[4 * i + 3];
                out[4 * i] = x3;
                out[4 * i + 1] = x2;
                out[4 * i + 2] = x1;
                out[4 * i + 3] = x0;
            } else {
                float s = a[4 * i] + a[4 * i + 1];
                out[4 * i] = s;
                out[4 * i + 1] = s * 2f;
                out[4 * i + 2] = s * 3f;
                out[4 * i + 3] = s * 4f;
            }
        }
    }

    /** 2-D: four floats per point; 3-D: eight ints per point. */
    static void grid4(float[] a, float[] out, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int p = (r * cols + c) * 4;
                out[r * cols + c] = a[p] * a[p + 1] - a[p + 2] * a[p + 3];
            }
        }
    }

    static void vol8(int[] a, int[] out, int ny, int nz, int nx) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    int p = 8 * ((x * ny + y) * nz + z);
                    int s = 0;
                    for (int k = 0; k < 1; k++) {
                        s = a[p] + a[p + 1] * 2 + a[p + 2] * 3 + a[p + 3] * 4 + a[p + 4] * 5 + a[p + 5] * 6
                                + a[p + 6] * 7 + a[p + 7] * 8;
                    }
                    out[(x * ny + y) * nz + z] = s;
                }
            }
        }
    }

    /** N-body-like: four floats per body, read by every work-item in the inner loop. */
    static void bodies4(float[] pos, float[] acc, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float px = pos[4 * i];
            float py = pos[4 * i + 1];
            float pz = pos[4 * i + 2];
            float pw = pos[4 * i + 3];
            float ax = 0f;
            float ay = 0f;
            float az = 0f;
            for (int j = 0; j < n; j++) {
                float dx = pos[4 * j] - px;
                float dy = pos[4 * j + 1] - py;
                float dz = pos[4 * j + 2] - pz;
                float m = pos[4 * j + 3];
                float d2 = dx * dx + dy * dy + dz * dz + 0.01f;
                float f = m / (d2 * d2);
                ax += dx * f;
                ay += dy * f;
                az += dz * f;
            }
            acc[4 * i] = ax;
            acc[4 * i + 1] = ay;
            acc[4 * i + 2] = az;
            acc[4 * i + 3] = pw;
        }
    }

    /** A row walk (staged) with a shared group of four in the same inner loop. */
    static void rowWalk4(int n, int m, float[] a, float[] x, float[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0f;
            for (int j = 0; j < m; j++) {
                s += a[i * m + j] * x[4 * j] + x[4 * j + 1] - x[4 * j + 2] * x[4 * j + 3];
            }
            y[i] = s;
        }
    }

    /** A matrix product whose A rows are read as quadruples. */
    static void quadProduct(int n, int m, int kq, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < kq; p++) {
                    int q = 4 * (i * kq + p);
                    sum += a[q] * b[(4 * p) * m + j] + a[q + 1] * b[(4 * p + 1) * m + j]
                            + a[q + 2] * b[(4 * p + 2) * m + j] + a[q + 3] * b[(4 * p + 3) * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** A load group and a store group of one array, in place (batches may window it). */
    static void bytes8InPlace(byte[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            byte b0 = a[8 * i];
            byte b1 = a[8 * i + 1];
            byte b2 = a[8 * i + 2];
            byte b3 = a[8 * i + 3];
            byte b4 = a[8 * i + 4];
            byte b5 = a[8 * i + 5];
            byte b6 = a[8 * i + 6];
            byte b7 = a[8 * i + 7];
            a[8 * i] = (byte) (b0 + b7);
            a[8 * i + 1] = (byte) (b1 ^ b6);
            a[8 * i + 2] = (byte) (b2 * b5);
            a[8 * i + 3] = (byte) (b3 - b4);
            a[8 * i + 4] = b0;
            a[8 * i + 5] = b1;
            a[8 * i + 6] = b2;
            a[8 * i + 7] = b3;
        }
    }

    /** Sixteen longs in place: a vector load and store of 128 bytes. */
    static void longs16InPlace(long[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long x0 = a[16 * i];
            long x1 = a[16 * i + 1];
            long x2 = a[16 * i + 2];
            long x3 = a[16 * i + 3];
            long x4 = a[16 * i + 4];
            long x5 = a[16 * i + 5];
            long x6 = a[16 * i + 6];
            long x7 = a[16 * i + 7];
            long x8 = a[16 * i + 8];
            long x9 = a[16 * i + 9];
            long x10 = a[16 * i + 10];
            long x11 = a[16 * i + 11];
            long x12 = a[16 * i + 12];
            long x13 = a[16 * i + 13];
            long x14 = a[16 * i + 14];
            long x15 = a[16 * i + 15];
            a[16 * i] = x15;
            a[16 * i + 1] = x14 + 1;
            a[16 * i + 2] = x13 * 3;
            a[16 * i + 3] = x12 ^ x0;
            a[16 * i + 4] = x11;
            a[16 * i + 5] = x10 - x1;
            a[16 * i + 6] = x9;
            a[16 * i + 7] = x8 >>> 1;
            a[16 * i + 8] = x7;
            a[16 * i + 9] = x6;
            a[16 * i + 10] = x5;
            a[16 * i + 11] = x4 << 2;
            a[16 * i + 12] = x3;
            a[16 * i + 13] = x2;
            a[16 * i + 14] = x1;
            a[16 * i + 15] = x0 + x15;
        }
    }

    /** A group of a later work-item's elements: a stencil reading its neighbour's quadruple. */
    static void neighbourQuads(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[4 * i] + a[4 * i + 1] + a[4 * i + 2] + a[4 * i + 3] - a[4 * i + 4] - a[4 * i + 5]
                    - a[4 * i + 6] - a[4 * i + 7];
        }
    }

    /** Quadruples of a group under a condition, past the end only when the branch is taken. */
    static void quadsIf(int[] a, int[] sel, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            if (sel[i] > 0) {
                out[i] = a[4 * i] - a[4 * i + 1] + a[4 * i + 2] - a[4 * i + 3];
            } else {
                out[i] = sel[i];
            }
        }
    }

    /** An overflowing addExact between stores of a group. */
    static void exactBetweenStores(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[4 * i] = a[i];
            out[4 * i + 1] = Math.addExact(a[i], 1000);
            out[4 * i + 2] = a[i] * 3;
            out[4 * i + 3] = a[i] * 5;
        }
    }

    /** A division by a loaded divisor between stores of a group (not caught). */
    static void divBetweenStores(int[] a, int[] d, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[2 * i] = a[i];
            out[2 * i + 1] = a[i] / d[i];
        }
    }


    /** The same with an added negative constant. */
    static void negativeAdded(long[] a, long[] out, int n) {
        for (@Parallel int i = 1; i < n; i++) {
            out[i] = a[4 * i + -4] * 3 + a[4 * i + -3] * 5 + a[4 * i + -2] * 7 + a[4 * i + -1] * 11;
        }
    }

    /** A base with a negative coefficient: -4 * i for i from -(n - 1) to 0. */
    static void negativeScale(int[] a, int[] out, int n) {
        for (@Parallel int i = -(n - 1); i <= 0; i++) {
            int b = -4 * i;
            out[-i] = a[b] * 1000 + a[b + 1] * 100 + a[b + 2] * 10 + a[b + 3];
        }
    }

    /**
     * A sequential loop whose test reads the element the loop's group of stores writes: the bound must be read
     * again in every iteration.
     */
    static void headerReadsWhatTheGroupStores(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int k = 0;
            while (k < a[4 * i]) {
                int v = a[4 * i] - 1;
                a[4 * i] = v - k;
                a[4 * i + 1] = k;
                a[4 * i + 2] = v;
                a[4 * i + 3] = -k;
                k++;
            }
        }
    }

    /** The same with the bound read through another parameter (the same array when passed twice). */
    static void headerReadsThroughAnotherParameter(int[] bound, int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (int k = 0; k < bound[4 * i + 1]; k++) {
                int v = a[4 * i + 2];
                a[4 * i] = k;
                a[4 * i + 1] = v - 2 * k;
                a[4 * i + 2] = v - 1;
                a[4 * i + 3] = k * 7;
            }
        }
    }

    /** The same with eight bytes and a do-while... no: a for loop whose test reads a lane stored as a vector. */
    static void headerReadsBytes(byte[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (int k = 0; k < a[8 * i + 7]; k++) {
                byte t = a[8 * i + 7];
                a[8 * i] = (byte) k;
                a[8 * i + 1] = (byte) (k + 1);
                a[8 * i + 2] = (byte) (k + 2);
                a[8 * i + 3] = (byte) (k + 3);
                a[8 * i + 4] = (byte) (k + 4);
                a[8 * i + 5] = (byte) (k + 5);
                a[8 * i + 6] = (byte) (k + 6);
                a[8 * i + 7] = (byte) (t - 2);
            }
        }
    }

    /** A group of loads, then a group of stores four further, in a loop: each iteration reads the last one's. */
    static void chainInLoop(int[] a, int m, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (int k = i * m; k < i * m + m - 1; k++) {
                int b = 4 * k;
                int x0 = a[b];
                int x1 = a[b + 1];
                int x2 = a[b + 2];
                int x3 = a[b + 3];
                a[b + 4] = x0 + x1;
                a[b + 5] = x1 ^ x2;
                a[b + 6] = x2 - x3;
                a[b + 7] = x3 * 3 + x0;
            }
        }
    }

    /** Eight booleans in, eight out. */
    static void booleans8(boolean[] a, boolean[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            boolean b0 = a[8 * i];
            boolean b1 = a[8 * i + 1];
            boolean b2 = a[8 * i + 2];
            boolean b3 = a[8 * i + 3];
            boolean b4 = a[8 * i + 4];
            boolean b5 = a[8 * i + 5];
            boolean b6 = a[8 * i + 6];
            boolean b7 = a[8 * i + 7];
            out[8 * i] = b7;
            out[8 * i + 1] = b6 ^ b0;
            out[8 * i + 2] = b5 & b1;
            out[8 * i + 3] = b4 | b2;
            out[8 * i + 4] = !b3;
            out[8 * i + 5] = b2;
            out[8 * i + 6] = b1 == b5;
            out[8 * i + 7] = b0;
        }
    }

    /** Half of each eight elements stored (the other half keeps its values). */
    static void halfStored(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float v = a[i];
            out[8 * i] = v;
            out[8 * i + 1] = v * 2f;
            out[8 * i + 2] = v * 3f;
            out[8 * i + 3] = v * 4f;
        }
    }

    /** The upper half of sixteen: a group of eight at offset 8 (the lower half kept). */
    static void upperEight(long[] a, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long s = a[16 * i + 8] + a[16 * i + 9] + a[16 * i + 10] + a[16 * i + 11] + a[16 * i + 12]
                    + a[16 * i + 13] + a[16 * i + 14] + a[16 * i + 15];
            out[16 * i + 8] = s;
            out[16 * i + 9] = s + 1;
            out[16 * i + 10] = s + 2;
            out[16 * i + 11] = s + 3;
            out[16 * i + 12] = s + 4;
            out[16 * i + 13] = s + 5;
            out[16 * i + 14] = s + 6;
            out[16 * i + 15] = s + 7;
        }
    }

    /** Writes quadruples (first task), then reads them back as quadruples (second task). */
    static void writeQuads(int[] mid, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            mid[4 * i] = i;
            mid[4 * i + 1] = i * 3;
            mid[4 * i + 2] = i ^ 0x55;
            mid[4 * i + 3] = -i;
        }
    }

    /** Parity branches in a loop (coherentBranches) over quadruples, with a continue. */
    static void parityQuads(int[] a, int[] out, int lo, int hi, int steps) {
        for (@Parallel int i = lo; i < hi; i++) {
            int b = 4 * (i - lo);
            int x0 = a[b];
            int x1 = a[b + 1];
            int x2 = a[b + 2];
            int x3 = a[b + 3];
            if (x0 == 77) {
                continue;
            }
            int acc = x0;
            for (int k = 0; k < steps; k++) {
                if ((i & 1) == 0) {
                    acc = acc * 31 + x1 + k;
                } else {
                    acc = (acc ^ x2) + (x3 >>> 5);
                }
            }
            out[i - lo] = acc;
        }
    }

    /** A handler that stores at an index of its own. */
    static void handlerStores(int[] a, int[] out, int k, int h, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            try {
                out[i] = a[i + k];
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i + h] = -1;
            }
        }
    }

    /** A private array indexed by a parameter. */
    static void privateAtParameter(int[] out, int k, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[4];
            t[0] = i;
            t[1] = i * 2;
            t[2] = i * 3;
            t[3] = i * 4;
            out[i] = t[k] + t[(k + 1) & 3];
        }
    }

    /** An instance task: an array field besides array parameters. */
    static final class Holder {
        int[] buf;

        Holder(int[] buf) {
            this.buf = buf;
        }

        /** A store to the field's array between loads of a parameter. */
        void loadsAroundFieldStore(int[] a, int[] out, int n) {
            for (@Parallel int i = 0; i < n; i++) {
                int x0 = a[4 * i];
                buf[4 * i + 1] = x0 + 100;
                int x1 = a[4 * i + 1];
                int x2 = a[4 * i + 2];
                int x3 = a[4 * i + 3];
                out[i] = x0 ^ x1 * 3 ^ x2 * 5 ^ x3 * 7;
            }
        }

        /** A load of the field's array between stores of a parameter. */
        void storesAroundFieldLoad(int[] a, int[] out, int n) {
            for (@Parallel int i = 0; i < n; i++) {
                a[4 * i] = i;
                a[4 * i + 1] = i + 1;
                out[i] = buf[4 * i] + buf[4 * i + 1] * 10;
                a[4 * i + 2] = i + 2;
                a[4 * i + 3] = i + 3;
            }
        }
    }

    /** A store to a parameter object's array field between loads of an array parameter. */
    static void loadsAroundObjectFieldStore(Holder h, int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x0 = a[4 * i];
            h.buf[4 * i + 1] = x0 + 100;
            int x1 = a[4 * i + 1];
            int x2 = a[4 * i + 2];
            int x3 = a[4 * i + 3];
            out[i] = x0 ^ x1 * 3 ^ x2 * 5 ^ x3 * 7;
        }
    }


    /** A private array read before it is written on some paths: fresh zeros in every iteration of the body. */
    static void privateZeros(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] t = new int[8];
            int v = a[i];
            if ((v & 1) == 0) {
                t[v & 7] = v;
            } else if (v < 0) {
                continue;
            }
            out[i] = t[0] + t[1] * 3 + t[2] * 5 + t[3] * 7 + t[4] + t[5] + t[6] + t[7] * 11 + v;
        }
    }

    /** The same in a 2-D nest, the array allocated in an inner sequential loop too. */
    static void privateZeros2d(int[] a, int[] out, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int v = a[r * cols + c];
                int s = 0;
                for (int k = 0; k < 3; k++) {
                    int[] t = new int[4];
                    t[(v + k) & 3] += v + k;
                    s = s * 7 + t[0] - t[1] + t[2] * 2 + t[3];
                }
                out[r * cols + c] = s;
            }
        }
    }

    /** A 3-D nest with a private array and a group of four loads. */
    static void privateQuads3d(float[] a, float[] out, int ny, int nz, int nx) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    int p = (x * ny + y) * nz + z;
                    float[] t = new float[4];
                    t[0] = a[4 * p];
                    t[1] = a[4 * p + 1];
                    t[2] = a[4 * p + 2];
                    t[3] = a[4 * p + 3];
                    if (t[0] < 0f) {
                        continue;
                    }
                    out[p] = t[3] * t[2] - t[1] + t[0];
                }
            }
        }
    }

    /** Quadruples gathered at indices read from an array (no host proof: each lane's check stays). */
    static void gatherQuads(int[] idx, int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int j = idx[i];
            out[i] = a[4 * j] - a[4 * j + 1] * 3 + a[4 * j + 2] * 5 - a[4 * j + 3] * 7;
        }
    }

    /** Filter taps read as quadruples in a loop of constant bounds (a constant-memory candidate otherwise). */
    static void taps(float[] x, float[] w, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = 0f;
            for (int k = 0; k < 3; k++) {
                s += x[i + k] * w[4 * k] + w[4 * k + 1] - w[4 * k + 2] * w[4 * k + 3];
            }
            out[i] = s;
        }
    }

    /** A kernel with groups, then a @Reduce kernel over what it wrote. */
    static void groupsThenReduce(int[] a, int[] mid, @dev.ferrocl.api.Reduce int[] sum, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x0 = a[4 * i];
            int x1 = a[4 * i + 1];
            int x2 = a[4 * i + 2];
            int x3 = a[4 * i + 3];
            mid[4 * i] = x3;
            mid[4 * i + 1] = x2 * 3;
            mid[4 * i + 2] = x1 ^ x0;
            mid[4 * i + 3] = x0 - x3;
        }
        for (@Parallel int j = 0; j < 4 * n; j++) {
            sum[0] += mid[j];
        }
    }

    /** Two kernels in one method, each with a group: pairs, then quadruples of the first's output. */
    static void twoVectorKernels(double[] a, double[] mid, double[] out, int n) {
        for (@Parallel int i = 0; i < 2 * n; i++) {
            double x = a[2 * i];
            double y = a[2 * i + 1];
            mid[2 * i] = x + y;
            mid[2 * i + 1] = x - y;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = mid[4 * i] * mid[4 * i + 1] + mid[4 * i + 2] / mid[4 * i + 3];
        }
    }


    /** Private arrays swapped through phis in a loop (ping-pong), with a continue and a host-provable store. */
    static void pingPong(int[] in, int[] out, int steps, int off, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int[] x = new int[4];
            int[] y = new int[4];
            for (int j = 0; j < 4; j++) {
                x[j] = in[4 * i + j];
            }
            if (x[0] == 13) {
                continue;
            }
            for (int s = 0; s < steps; s++) {
                for (int j = 0; j < 4; j++) {
                    y[j] = x[j] + 3 * x[(j + 1) & 3];
                }
                int[] t = x;
                x = y;
                y = t;
            }
            out[i + off] = x[0] ^ x[3] ^ y[2];
        }
    }

    static double[] staticD = new double[0];

    /** Groups of sixteen doubles of a static array, and stores of quadruples to it. */
    static void staticGroups(double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double s = staticD[16 * i] + staticD[16 * i + 1] + staticD[16 * i + 2] + staticD[16 * i + 3]
                    + staticD[16 * i + 4] + staticD[16 * i + 5] + staticD[16 * i + 6] + staticD[16 * i + 7]
                    + staticD[16 * i + 8] + staticD[16 * i + 9] + staticD[16 * i + 10] + staticD[16 * i + 11]
                    + staticD[16 * i + 12] + staticD[16 * i + 13] + staticD[16 * i + 14] + staticD[16 * i + 15];
            out[i] = s;
            staticD[16 * i + 4] = s;
            staticD[16 * i + 5] = -s;
            staticD[16 * i + 6] = s * 2;
            staticD[16 * i + 7] = s * 3;
        }
    }

    /** The same through an array field of a parameter object. */
    static final class DoubleHolder {
        double[] d;

        DoubleHolder(double[] d) {
            this.d = d;
        }
    }

    static void fieldGroups(DoubleHolder h, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double[] d = h.d;
            double s = d[16 * i] + d[16 * i + 1] + d[16 * i + 2] + d[16 * i + 3] + d[16 * i + 4] + d[16 * i + 5]
                    + d[16 * i + 6] + d[16 * i + 7] + d[16 * i + 8] + d[16 * i + 9] + d[16 * i + 10]
                    + d[16 * i + 11] + d[16 * i + 12] + d[16 * i + 13] + d[16 * i + 14] + d[16 * i + 15];
            out[i] = s;
            d[16 * i + 8] = s;
            d[16 * i + 9] = -s;
        }
    }


    /** A staged row walk (coalesce) with a group of four loaded before the loop (lead mode defers its checks). */
    static void stagedWithLeadGroup(int n, int m, float[] a, float[] q, float[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            float q0 = q[4 * i];
            float q1 = q[4 * i + 1];
            float q2 = q[4 * i + 2];
            float q3 = q[4 * i + 3];
            float s = q0;
            for (int j = 0; j < m; j++) {
                s += a[i * m + j] * q1 - q2;
            }
            y[i] = s * q3;
        }
    }

    // =====================================================================================================
    // vectorAccess: tests
    // =====================================================================================================

    @Test
    public void vaBytesSixteenWide() {
        int n = 1500;
        run(GraphVersioningProbeTest::bytes16, Inputs.bytes(50, 16 * n), new int[n], n).ok().vec();
        // The last lane, a middle lane and the first lane of the last work-item past the end.
        for (int cut : new int[] {1, 9, 16}) {
            run(GraphVersioningProbeTest::bytes16, Inputs.bytes(51, 16 * n - cut), new int[n], n)
                    .threw(ArrayIndexOutOfBoundsException.class);
        }
    }

    @Test
    public void vaShorts() {
        vaShortsEightWideInAndOut();
        vaShortPairs();
    }

    private void vaShortsEightWideInAndOut() {
        int n = 1200;
        run(GraphVersioningProbeTest::shorts8, Inputs.shorts(52, 8 * n), new short[8 * n], n).ok().vec();
        run(GraphVersioningProbeTest::shorts8, Inputs.shorts(53, 8 * n - 3), new short[8 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        run(GraphVersioningProbeTest::shorts8, Inputs.shorts(54, 8 * n), new short[8 * n - 1], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void vaShortPairs() {
        int n = 2001;
        run(GraphVersioningProbeTest::shorts2, Inputs.shorts(55, 2 * n), new int[n], n).ok().vec();
        run(GraphVersioningProbeTest::shorts2, Inputs.shorts(56, 2 * n - 1), new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaCharsAndInts() {
        vaCharsFourInSixteenOut();
        vaIntsTwoInSixteenOut();
    }

    private void vaCharsFourInSixteenOut() {
        int n = 700;
        run(GraphVersioningProbeTest::chars4to16, Inputs.chars(57, 4 * n), new char[16 * n], n).ok();
        run(GraphVersioningProbeTest::chars4to16, Inputs.chars(58, 4 * n), new char[16 * n - 8], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void vaIntsTwoInSixteenOut() {
        int n = 900;
        run(GraphVersioningProbeTest::ints2to16, Inputs.ints(59, 2 * n), new int[16 * n], n).ok();
        run(GraphVersioningProbeTest::ints2to16, Inputs.ints(60, 2 * n - 1), new int[16 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaLongsFloatsDoubles() {
        vaLongsSixteenInTwoOut();
        vaFloatsEightInSixteenOut();
        vaDoublesSixteenInFourOut();
    }

    private void vaLongsSixteenInTwoOut() {
        int n = 300;
        run(GraphVersioningProbeTest::longs16to2, Inputs.longs(61, 16 * n), new long[2 * n], n).ok();
        runC(COPIES, GraphVersioningProbeTest::longs16to2, Inputs.longs(62, 16 * n), new long[2 * n], n).ok();
        run(GraphVersioningProbeTest::longs16to2, Inputs.longs(63, 16 * n - 7), new long[2 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void vaFloatsEightInSixteenOut() {
        int n = 800;
        float[] a = Inputs.floats(64, 8 * n, -3f, 3f);
        run(GraphVersioningProbeTest::floats8to16, a, new float[16 * n], n).ok();
        run(GraphVersioningProbeTest::floats8to16, Inputs.floatBits(65, 8 * n), new float[16 * n], n).ok();
    }

    private void vaDoublesSixteenInFourOut() {
        int n = 400;
        run(GraphVersioningProbeTest::doubles16to4, Inputs.doubleBits(66, 16 * n), new double[4 * n], n).ok();
        runC(COPIES, GraphVersioningProbeTest::doubles16to4, Inputs.doubles(67, 16 * n, -1.0, 1.0),
                new double[4 * n], n).ok();
        run(GraphVersioningProbeTest::doubles16to4, Inputs.doubles(68, 16 * n - 15, -1.0, 1.0),
                new double[4 * n], n).threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaDoublePairsThroughAStream() {
        classOnly = true;
        try {
            doublePairsThroughAStream();
        } finally {
            classOnly = false;
        }
    }

    private void doublePairsThroughAStream() {
        int n = 1000;
        run(GraphVersioningProbeTest::doublePairsStream, Inputs.doubles(69, 2 * n, -2.0, 2.0), new double[n]).ok();
        // (Not past the end: a parallel stream whose element throws leaves the other elements' writes to chance, on the
        // JVM as in its rerun, so the arrays cannot be compared.)
    }

    @Test
    public void vaScrambledOrder() {
        int n = 1111;
        run(GraphVersioningProbeTest::scrambled, Inputs.ints(71, 4 * n), new int[4 * n], n).ok().vec();
        // a[4n - 2] (lane 2, read first) is past the end of 4n - 2 elements.
        run(GraphVersioningProbeTest::scrambled, Inputs.ints(72, 4 * n - 2), new int[4 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * n - 2)
                        + " out of bounds for length " + (4 * n - 2));
        // Lane 3 only: Java reads lanes 2 and 0 first, then fails at lane 3.
        run(GraphVersioningProbeTest::scrambled, Inputs.ints(73, 4 * n - 1), new int[4 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        // The output's scrambled store of lane 3 first fails.
        run(GraphVersioningProbeTest::scrambled, Inputs.ints(74, 4 * n), new int[4 * n - 1], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaShiftedBaseAndReversedWalk() {
        int n = 640;
        run(GraphVersioningProbeTest::shiftedAndReversed, Inputs.doubles(75, 8 * n, -1.0, 1.0),
                Inputs.floats(76, 4 * n, -1f, 1f), new double[n], n).ok().vec();
        // b one short: the reversed walk's first work-item reads b[4n - 1].
        run(GraphVersioningProbeTest::shiftedAndReversed, Inputs.doubles(77, 8 * n, -1.0, 1.0),
                Inputs.floats(78, 4 * n - 1, -1f, 1f), new double[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaNegativeConstantOffsets() {
        int n = 1000;
        // javac writes 4 * i - 4 as a subtraction: no group forms (a missed one, not wrong).
        run(GraphVersioningProbeTest::negativeOffset, Inputs.longs(79, 4 * n), new long[n], n).ok();
        // 4 * i + (-4): an addition of a negative constant.
        run(GraphVersioningProbeTest::negativeAdded, Inputs.longs(193, 4 * n), new long[n], n).ok();
        run(GraphVersioningProbeTest::negativeAdded, Inputs.longs(194, 4 * n - 5), new long[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        // A negative coefficient: the walk from the end, -4 * i + c with i from -(n - 1) to 0.
        run(GraphVersioningProbeTest::negativeScale, Inputs.ints(195, 4 * n), new int[n], n).ok();
        run(GraphVersioningProbeTest::negativeScale, Inputs.ints(196, 4 * n - 2), new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * n - 2)
                        + " out of bounds for length " + (4 * n - 2));
        run(GraphVersioningProbeTest::negativeOffset, Inputs.longs(80, 4 * n - 6), new long[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaWrappingBase() {
        int n = 64;
        int[] a = Inputs.ints(81, 4 * n);
        // 4 * (i * 2^30) is 0 for every i in int arithmetic; 4 * (i * (2^30 + 1)) is 4i.
        run(GraphVersioningProbeTest::wrapping, a, new int[n], 1 << 30, n).ok();
        run(GraphVersioningProbeTest::wrapping, a, new int[n], (1 << 30) + 1, n).ok();
        run(GraphVersioningProbeTest::wrapping, a, new int[n], 1, n).ok();
        // 4 * (i * (2^29 + 1)) = 4i + i * 2^31: past the end for odd i.
        run(GraphVersioningProbeTest::wrapping, a, new int[n], (1 << 29) + 1, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaLaneOutOfBoundsAtEachLaneStraightLine() {
        int n = 1000;
        for (int cut = 1; cut <= 4; cut++) {
            run(GraphVersioningProbeTest::quadsInt, Inputs.ints(82, 4 * n - cut), new int[n], n)
                    .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * n - cut)
                            + " out of bounds for length " + (4 * n - cut));
            run(GraphVersioningProbeTest::quadsBackwards, Inputs.ints(83, 4 * n - cut), new int[n], n)
                    .threw(ArrayIndexOutOfBoundsException.class);
        }
        run(GraphVersioningProbeTest::quadsBackwards, Inputs.ints(84, 4 * n), new int[n], n).ok();
        // A bound from the length: whole quadruples, then each cut.
        run(GraphVersioningProbeTest::quadsByLength, Inputs.ints(257, 4 * n), new int[n]).ok();
        for (int rest = 1; rest <= 3; rest++) {
            run(GraphVersioningProbeTest::quadsByLength, Inputs.ints(258, 4 * n + rest), new int[n + 1])
                    .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * n + rest)
                            + " out of bounds for length " + (4 * n + rest));
        }
    }

    @Test
    public void vaInASequentialLoopFirstAndLastIteration() {
        int n = 300;
        int m = 3;
        int[] a = Inputs.ints(85, 4 * (n * m + 1));
        run(GraphVersioningProbeTest::quadLoop, a, new int[n], m, 0, n).ok();
        run(GraphVersioningProbeTest::quadLoop, a, new int[n], m, 1, n).ok();
        // The first iteration of the first work-item: every lane negative.
        run(GraphVersioningProbeTest::quadLoop, a, new int[n], m, -1, n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index -4 out of bounds for length "
                        + a.length);
        // The last iteration of the last work-item: lanes 1 to 3 past the end.
        int[] shortA = Inputs.ints(86, 4 * n * m - 3);
        run(GraphVersioningProbeTest::quadLoop, shortA, new int[n], m, 0, n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * n * m - 3)
                        + " out of bounds for length " + (4 * n * m - 3));
    }

    @Test
    public void vaSameElementLoadedTwice() {
        int n = 1234;
        run(GraphVersioningProbeTest::twice, Inputs.ints(87, 4 * n), new int[n], n).ok();
        run(GraphVersioningProbeTest::twice, Inputs.ints(88, 4 * n - 1), new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaLoadsOfAnotherArrayBetweenMembers() {
        int n = 1000;
        run(GraphVersioningProbeTest::otherArrayBetween, Inputs.floats(89, 4 * n, -9f, 9f),
                Inputs.floats(90, 2 * n, -9f, 9f), new int[n], new float[n], n).ok();
        // a and b one array.
        float[] both = Inputs.floats(91, 4 * n, -9f, 9f);
        run(GraphVersioningProbeTest::otherArrayBetween, both, both, new int[n], new float[n], n).ok();
        // b one short: the second read of b fails between lanes 2 and 3 of the last work-item.
        run(GraphVersioningProbeTest::otherArrayBetween, Inputs.floats(92, 4 * n, -9f, 9f),
                Inputs.floats(93, 2 * n - 1, -9f, 9f), new int[n], new float[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaDivisionBetweenMembersDecidesTheException() {
        int n = 800;
        int[] a = Inputs.ints(94, 4 * n);
        int[] d = JvmOracle.ints(95, n, 1, 100);
        run(GraphVersioningProbeTest::divBetween, a, d, new int[n], n).ok();
        int[] shortA = Inputs.ints(96, 4 * n - 1);
        // Lane 3 of the last work-item past the end, its divisor zero: Java divides first.
        int[] d0 = d.clone();
        d0[n - 1] = 0;
        run(GraphVersioningProbeTest::divBetween, shortA, d0, new int[n], n).threw(ArithmeticException.class)
                .message("/ by zero");
        // The zero an item earlier: still the division.
        int[] d1 = d.clone();
        d1[n - 2] = 0;
        run(GraphVersioningProbeTest::divBetween, shortA, d1, new int[n], n).threw(ArithmeticException.class);
        // No zero: the index.
        run(GraphVersioningProbeTest::divBetween, shortA, d, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        // The zero in the first work-item, every lane in bounds.
        int[] dFirst = d.clone();
        dFirst[0] = 0;
        run(GraphVersioningProbeTest::divBetween, a, dFirst, new int[n], n).threw(ArithmeticException.class);
        // A division by a value that is zero for one work-item only, between a pair past the end.
        run(GraphVersioningProbeTest::constDivBetween, Inputs.ints(97, 2 * n - 1), new int[n], n - 1, n)
                .threw(ArithmeticException.class);
        run(GraphVersioningProbeTest::constDivBetween, Inputs.ints(98, 2 * n - 1), new int[n], n + 5, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        run(GraphVersioningProbeTest::constDivBetween, Inputs.ints(99, 2 * n), new int[n], n + 5, n).ok();
    }

    @Test
    public void vaCatchAroundAndBetweenLoads() {
        vaCaughtDivisionBetweenPairs();
        vaCatchAroundAGroup();
    }

    private void vaCaughtDivisionBetweenPairs() {
        int n = 800;
        int[] d = JvmOracle.ints(100, n, 1, 100);
        run(GraphVersioningProbeTest::divCatchBetween, Inputs.ints(101, 4 * n), d, new int[n], n).ok();
        // The last work-item's last pair is past the end, but its division throws and is caught first.
        int[] d0 = d.clone();
        d0[n - 1] = 0;
        run(GraphVersioningProbeTest::divCatchBetween, Inputs.ints(102, 4 * n - 2), d0, new int[n], n).ok();
        run(GraphVersioningProbeTest::divCatchBetween, Inputs.ints(103, 4 * n - 1), d0, new int[n], n).ok();
        run(GraphVersioningProbeTest::divCatchBetween, Inputs.ints(104, 4 * n - 1), d, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void vaCatchAroundAGroup() {
        int n = 1000;
        run(GraphVersioningProbeTest::catchAroundGroup, Inputs.ints(105, 4 * n), new int[n], n).ok();
        for (int cut = 1; cut <= 4; cut++) {
            run(GraphVersioningProbeTest::catchAroundGroup, Inputs.ints(106, 4 * n - cut), new int[n], n).ok();
        }
    }

    @Test
    public void vaCatchBetweenStores() {
        vaCaughtReadBetweenStoresKeepsTheEarlierStores();
        vaCaughtDivisionBetweenStoresKeepsTheEarlierStores();
    }

    private void vaCaughtReadBetweenStoresKeepsTheEarlierStores() {
        int n = 1000;
        run(GraphVersioningProbeTest::catchBetweenStores, Inputs.ints(107, n + 3), Inputs.ints(108, 4 * n), 3, n)
                .ok();
        // The last 5 work-items read past the end: out[4i] stored, out[4i + 1], [4i + 2] kept, [4i + 3] = -1.
        run(GraphVersioningProbeTest::catchBetweenStores, Inputs.ints(109, n), Inputs.ints(110, 4 * n), 5, n).ok();
        run(GraphVersioningProbeTest::catchBetweenStores, Inputs.ints(111, n), Inputs.ints(112, 4 * n), -2, n)
                .ok();
    }

    private void vaCaughtDivisionBetweenStoresKeepsTheEarlierStores() {
        int n = 1000;
        int[] d = JvmOracle.ints(113, n, -2, 3); // zeros among them
        run(GraphVersioningProbeTest::divCatchBetweenStores, Inputs.ints(114, n), d, Inputs.ints(115, 4 * n), n)
                .ok();
    }

    @Test
    public void vaLoadsOfTheArrayBetweenItsStores() {
        int n = 1500;
        run(GraphVersioningProbeTest::storeLoadBetween, Inputs.ints(116, 4 * n), n).ok();
        run(GraphVersioningProbeTest::storeLoadBetween, Inputs.ints(117, 4 * n - 1), n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaOneArrayAsTwoParametersStoresAndLoads() {
        int n = 1500;
        run(GraphVersioningProbeTest::storeOtherLoadBetween, new int[4 * n], Inputs.ints(118, 4 * n), n).ok();
        int[] both = Inputs.ints(119, 4 * n);
        run(GraphVersioningProbeTest::storeOtherLoadBetween, both, both, n).ok();
        long[] l = Inputs.longs(120, 4 * n);
        run(GraphVersioningProbeTest::loadOtherStoreBetween, l, l, new long[n], n).ok();
        run(GraphVersioningProbeTest::loadOtherStoreBetween, Inputs.longs(121, 4 * n), new long[4 * n],
                new long[n], n).ok();
        int[] r = Inputs.ints(123, 4 * n);
        run(GraphVersioningProbeTest::reverseCopy, r, r, n).ok();
        run(GraphVersioningProbeTest::reverseCopy, Inputs.ints(124, 4 * n), new int[4 * n], n).ok();
    }

    @Test
    public void vaLoadThenStoreTheSameGroupInPlace() {
        int n = 2000;
        run(GraphVersioningProbeTest::rotateInPlace, Inputs.floats(125, 4 * n, -5f, 5f), n).ok().vec();
        run(GraphVersioningProbeTest::rotateInPlace, Inputs.floats(126, 4 * n - 1, -5f, 5f), n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaElementStoredTwiceInAGroup() {
        int n = 1000;
        run(GraphVersioningProbeTest::storedTwice, Inputs.ints(127, n), new int[4 * n], n).ok();
        run(GraphVersioningProbeTest::storedTwice, Inputs.ints(128, n), new int[4 * n - 2], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaArrayChoices() {
        vaStoreThroughAChoiceBetweenLoads();
        vaLoadThroughAChoiceBetweenStores();
    }

    private void vaStoreThroughAChoiceBetweenLoads() {
        int n = 1000;
        int[] a = Inputs.ints(129, 4 * n);
        run(GraphVersioningProbeTest::choiceStoreBetweenLoads, a, new int[4 * n], new int[n], 1, n).ok();
        run(GraphVersioningProbeTest::choiceStoreBetweenLoads, Inputs.ints(130, 4 * n), new int[4 * n],
                new int[n], 0, n).ok();
        int[] both = Inputs.ints(131, 4 * n);
        run(GraphVersioningProbeTest::choiceStoreBetweenLoads, both, both, new int[n], 0, n).ok();
    }

    private void vaLoadThroughAChoiceBetweenStores() {
        int n = 1000;
        run(GraphVersioningProbeTest::choiceLoadBetweenStores, Inputs.ints(132, 4 * n), Inputs.ints(133, 4 * n),
                new int[n], 1, n).ok();
        run(GraphVersioningProbeTest::choiceLoadBetweenStores, Inputs.ints(134, 4 * n), Inputs.ints(135, 4 * n),
                new int[n], 0, n).ok();
        int[] both = Inputs.ints(136, 4 * n);
        run(GraphVersioningProbeTest::choiceLoadBetweenStores, both, both, new int[n], 0, n).ok();
    }

    /**
     * A read-only array loaded where a just-stored written array is the alternative: on the H100 a {@code restrict}
     * read-only array let the driver merge both loads into one read through the read-only cache, which returned the
     * written array's old element.
     */
    @Test
    public void readOnlyAlternativeToAWrittenArray() {
        int n = 3000;
        run(GraphVersioningProbeTest::ternaryAfterStore, Inputs.ints(140, 2 * n), Inputs.ints(141, 2 * n), new int[n],
                Inputs.ints(142, n), n).ok();
        int[] all = JvmOracle.ints(143, n, 1, 5); // every work-item reads the written array
        run(GraphVersioningProbeTest::ternaryAfterStore, Inputs.ints(144, 2 * n), Inputs.ints(145, 2 * n), new int[n],
                all, n).ok();
        int[] both = Inputs.ints(146, 2 * n);
        run(GraphVersioningProbeTest::ternaryAfterStore, both, both, new int[n], Inputs.ints(147, n), n).ok();
        run(GraphVersioningProbeTest::armsAfterStore, Inputs.floats(148, n, -5f, 5f), Inputs.floats(149, n, -5f, 5f),
                new float[n], Inputs.ints(150, n), n).ok();
        run(GraphVersioningProbeTest::armsAfterStore, Inputs.floats(151, n, -5f, 5f), Inputs.floats(152, n, -5f, 5f),
                new float[n], all, n).ok();
    }

    @Test
    public void vaStaticArrayIsTheParameter() {
        vaStaticArrayIsTheParameterBetweenLoads();
        vaStaticArrayIsTheParameterBetweenStores();
    }

    /** Runs {@code body} with {@link #shared} holding the JVM's clone, then the original, and compares. */
    private void vaStaticArrayIsTheParameterBetweenLoads() {
        int n = 1000;
        int[] saved = shared;
        try {
            int[] a = Inputs.ints(137, 4 * n);
            int[] out = new int[n];
            int[] ea = a.clone();
            int[] eout = out.clone();
            shared = ea;
            staticStoreBetweenLoads(ea, eout, n);
            shared = a;
            try (TaskSchedule s = new TaskSchedule("static")
                    .task("t", GraphVersioningProbeTest::staticStoreBetweenLoads, a, out, n)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            JvmOracle.assertSame("a (also the static field)", ea, a);
            JvmOracle.assertSame("out", eout, out);
        } finally {
            shared = saved;
        }
    }

    private void vaStaticArrayIsTheParameterBetweenStores() {
        int n = 1000;
        int[] saved = shared;
        try {
            int[] a = Inputs.ints(138, 4 * n);
            int[] out = new int[n];
            int[] ea = a.clone();
            int[] eout = out.clone();
            shared = ea;
            staticLoadBetweenStores(ea, eout, n);
            shared = a;
            try (TaskSchedule s = new TaskSchedule("static")
                    .task("t", GraphVersioningProbeTest::staticLoadBetweenStores, a, out, n)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            JvmOracle.assertSame("a (also the static field)", ea, a);
            JvmOracle.assertSame("out", eout, out);
        } finally {
            shared = saved;
        }
    }

    @Test
    public void vaGroupsInsideBranches() {
        int n = 1000;
        int[] sel = Inputs.ints(139, n);
        run(GraphVersioningProbeTest::groupsInBranches, Inputs.floats(140, 4 * n, -3f, 3f), new float[4 * n], sel,
                n).ok();
        // a two short: only the first arm of the last work-item reads past the end.
        sel[n - 1] = 2;
        run(GraphVersioningProbeTest::groupsInBranches, Inputs.floats(141, 4 * n - 2, -3f, 3f), new float[4 * n],
                sel, n).threw(ArrayIndexOutOfBoundsException.class);
        sel[n - 1] = 3;
        run(GraphVersioningProbeTest::groupsInBranches, Inputs.floats(142, 4 * n - 2, -3f, 3f), new float[4 * n],
                sel, n).ok();
        // One array for a and out.
        float[] both = Inputs.floats(143, 4 * n, -3f, 3f);
        run(GraphVersioningProbeTest::groupsInBranches, both, both, sel, n).ok();
    }

    @Test
    public void vaGroupUnderAConditionPastTheEnd() {
        int n = 1000;
        int[] sel = JvmOracle.ints(144, n, -2, 3);
        sel[n - 1] = 0;
        run(GraphVersioningProbeTest::quadsIf, Inputs.ints(145, 4 * n - 1), sel, new int[n], n).ok();
        sel[n - 1] = 1;
        run(GraphVersioningProbeTest::quadsIf, Inputs.ints(146, 4 * n - 1), sel, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        run(GraphVersioningProbeTest::quadsIf, Inputs.ints(147, 4 * n), sel, new int[n], n).ok();
    }

    @Test
    public void vaNests() {
        va2dAnd3dNests();
        va3dPrivateArrayFromAGroup();
    }

    private void va2dAnd3dNests() {
        int rows = 17;
        int cols = 29;
        run(GraphVersioningProbeTest::grid4, Inputs.floats(148, 4 * rows * cols, -2f, 2f), new float[rows * cols],
                rows, cols).ok();
        run(GraphVersioningProbeTest::grid4, Inputs.floats(149, 4 * rows * cols - 2, -2f, 2f),
                new float[rows * cols], rows, cols).threw(ArrayIndexOutOfBoundsException.class);
        int nx = 3;
        int ny = 5;
        int nz = 7;
        run(GraphVersioningProbeTest::vol8, Inputs.ints(150, 8 * nx * ny * nz), new int[nx * ny * nz], ny, nz, nx)
                .ok();
        run(GraphVersioningProbeTest::vol8, Inputs.ints(151, 8 * nx * ny * nz - 5), new int[nx * ny * nz], ny, nz,
                nx).threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaSharedQuadruplesInAnInnerLoop() {
        int n = 300;
        float[] pos = Inputs.plainFloats(152, 4 * n, -4f, 4f);
        run(GraphVersioningProbeTest::bodies4, pos, new float[4 * n], n).ok().vec();
        run(GraphVersioningProbeTest::bodies4, Inputs.plainFloats(153, 4 * n - 1, -4f, 4f), new float[4 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaStagedRowWalkWithAGroupBeforeTheLoop() {
        int n = 77; // not a multiple of the stage's 32 rows: inactive work-items in the last group
        int m = 45;
        ExecutionReport r = run(GraphVersioningProbeTest::stagedWithLeadGroup, n, m,
                Inputs.plainFloats(259, n * m, -1f, 1f), Inputs.plainFloats(260, 4 * n, -1f, 1f), new float[n]).ok().report;
        assertTrue(r.task("t").optimizations().toString(),
                r.task("t").optimizations().stream().anyMatch(o -> o.startsWith("coalesce")));
        for (int cut = 1; cut <= 4; cut++) {
            run(GraphVersioningProbeTest::stagedWithLeadGroup, n, m, Inputs.plainFloats(261, n * m, -1f, 1f),
                    Inputs.plainFloats(262, 4 * n - cut, -1f, 1f), new float[n])
                    .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * n - cut)
                            + " out of bounds for length " + (4 * n - cut));
        }
        // The row-strided array one short: its check fails in the last iteration of the last row.
        run(GraphVersioningProbeTest::stagedWithLeadGroup, n, m, Inputs.plainFloats(263, n * m - 1, -1f, 1f),
                Inputs.plainFloats(264, 4 * n, -1f, 1f), new float[n]).threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaRowWalkWithASharedGroup() {
        int n = 70;
        int m = 45;
        run(GraphVersioningProbeTest::rowWalk4, n, m, Inputs.plainFloats(154, n * m, -1f, 1f),
                Inputs.plainFloats(155, 4 * m, -1f, 1f), new float[n]).ok();
        run(GraphVersioningProbeTest::rowWalk4, n, m, Inputs.plainFloats(156, n * m, -1f, 1f),
                Inputs.plainFloats(157, 4 * m - 1, -1f, 1f), new float[n])
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaQuadruplesInAMatrixProduct() {
        int n = 37;
        int m = 70;
        int kq = 9;
        run(GraphVersioningProbeTest::quadProduct, n, m, kq, Inputs.plainFloats(158, 4 * n * kq, -1f, 1f),
                Inputs.plainFloats(159, 4 * kq * m, -1f, 1f), new float[n * m]).ok();
        run(GraphVersioningProbeTest::quadProduct, n, m, kq, Inputs.plainFloats(160, 4 * n * kq - 1, -1f, 1f),
                Inputs.plainFloats(161, 4 * kq * m, -1f, 1f), new float[n * m])
                .threw(ArrayIndexOutOfBoundsException.class);
        // b one short: a check the loop's entry test cannot prove, deferred past the loop.
        run(GraphVersioningProbeTest::quadProduct, n, m, kq, Inputs.plainFloats(253, 4 * n * kq, -1f, 1f),
                Inputs.plainFloats(254, 4 * kq * m - 1, -1f, 1f), new float[n * m])
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaInBatches() {
        int n = 2000;
        runC(batch("8KB"), GraphVersioningProbeTest::bytes16, Inputs.bytes(162, 16 * n), new int[n], n).ok()
                .batches();
        runC(batch("8KB"), GraphVersioningProbeTest::bytes8InPlace, Inputs.bytes(163, 8 * 3001), 3001).ok()
                .batches();
        runC(batch("8KB"), GraphVersioningProbeTest::longs16InPlace, Inputs.longs(164, 16 * 333), 333).ok()
                .batches();
        runC(batch("8KB"), GraphVersioningProbeTest::longs16to2, Inputs.longs(165, 16 * 333), new long[2 * 333],
                333).ok().batches();
        runC(batch("8KB"), GraphVersioningProbeTest::neighbourQuads, Inputs.ints(166, 4 * 3001 + 4),
                new int[3001], 3001).ok().batches();
    }

    @Test
    public void vaInBatchesFailingInALaterBatch() {
        runC(batch("8KB"), GraphVersioningProbeTest::bytes8InPlace, Inputs.bytes(167, 8 * 3001 - 1), 3001)
                .threw(ArrayIndexOutOfBoundsException.class);
        runC(batch("8KB"), GraphVersioningProbeTest::longs16to2, Inputs.longs(168, 16 * 333 - 9),
                new long[2 * 333], 333).threw(ArrayIndexOutOfBoundsException.class);
        int[] d = JvmOracle.ints(169, 3000, 1, 50);
        d[2900] = 0;
        runC(batch("8KB"), GraphVersioningProbeTest::divBetween, Inputs.ints(170, 4 * 3000 - 1), d,
                Inputs.ints(171, 3000), 3000).threw(ArithmeticException.class);
    }

    @Test
    public void vaInPlaceWithCopiesAndInPlace() {
        int n = 777;
        run(GraphVersioningProbeTest::longs16InPlace, Inputs.longs(172, 16 * n), n).ok().vec();
        runC(COPIES, GraphVersioningProbeTest::longs16InPlace, Inputs.longs(173, 16 * n), n).ok().vec();
        run(GraphVersioningProbeTest::bytes8InPlace, Inputs.bytes(174, 8 * n), n).ok().vec();
        run(GraphVersioningProbeTest::longs16InPlace, Inputs.longs(175, 16 * n - 1), n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private static String[] halves() {
        String d = null;
        for (dev.ferrocl.api.Device dev : Devices.list()) {
            if (dev.type().equalsIgnoreCase("CPU")) {
                d = dev.id();
                break;
            }
        }
        if (d == null) {
            d = Devices.defaultDevice().id();
        }
        return new String[] {d + ".0/2", d + ".1/2"};
    }

    @Test
    public void vaSplitAcrossTwoDevices() {
        String[] devices = halves();
        UnaryOperator<TaskSchedule> split = s -> s.devices(devices);
        int n = 20_001;
        runC(split, GraphVersioningProbeTest::bytes8InPlace, Inputs.bytes(176, 8 * n), n).ok();
        runC(split, GraphVersioningProbeTest::longs16to2, Inputs.longs(177, 16 * 2001), new long[2 * 2001], 2001)
                .ok();
        runC(split, GraphVersioningProbeTest::scrambled, Inputs.ints(178, 4 * n), new int[4 * n], n).ok();
        runC(split, GraphVersioningProbeTest::scrambled, Inputs.ints(179, 4 * n - 1), new int[4 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaChecksBetweenStores() {
        vaOverflowBetweenStores();
        vaDivisionBetweenStoresOfAPair();
    }

    private void vaOverflowBetweenStores() {
        int n = 1000;
        int[] a = Inputs.ints(180, n);
        a[n - 1] = Integer.MAX_VALUE;
        run(GraphVersioningProbeTest::exactBetweenStores, a, Inputs.ints(181, 4 * n), n)
                .threw(ArithmeticException.class).message("integer overflow");
        int[] b = JvmOracle.ints(182, n, -1000, 1000);
        run(GraphVersioningProbeTest::exactBetweenStores, b, Inputs.ints(183, 4 * n), n).ok();
    }

    private void vaDivisionBetweenStoresOfAPair() {
        int n = 1000;
        int[] d = JvmOracle.ints(184, n, 1, 9);
        run(GraphVersioningProbeTest::divBetweenStores, Inputs.ints(185, n), d, Inputs.ints(186, 2 * n), n).ok();
        d[n / 2] = 0;
        run(GraphVersioningProbeTest::divBetweenStores, Inputs.ints(187, n), d, Inputs.ints(188, 2 * n), n)
                .threw(ArithmeticException.class);
    }

    /**
     * The writer's loop-entry test reads a loop-test load whose index does not change once before the loop when no
     * store of the loop has its element type. Found by this probe before 3bc411d (it counted {@code ArrayStore}s only,
     * so a group of stores made a {@code VectorStore} that writes the element was missed and the loop ran on a stale
     * bound: 1844 of 2000 elements wrong); fixed there ("header loads not read early when the loop stores by vector").
     */
    @Test
    public void vaLoopTestReadsTheElementAGroupStores() {
        int n = 500;
        int[] a = JvmOracle.ints(197, 4 * n, 0, 30);
        run(GraphVersioningProbeTest::headerReadsWhatTheGroupStores, a, n).ok();
    }

    /** The same with bytes (a char8 VectorStore writes the bound); wrong before 3bc411d too. */
    @Test
    public void vaLoopTestReadsAByteTheGroupStores() {
        run(GraphVersioningProbeTest::headerReadsBytes, headerBytes(), 400).ok();
    }

    private static byte[] headerBytes() {
        int n = 400;
        byte[] a = new byte[8 * n];
        int[] r = JvmOracle.ints(201, 8 * n, 0, 40);
        for (int k = 0; k < a.length; k++) {
            a[k] = (byte) r[k];
        }
        return a;
    }

    /** The same kernels with the phase off give Java's values (the loop test is read in every iteration). */
    @Test
    public void vaLoopTestReadsWhatTheLoopStoresWithThePhaseOff() {
        UnaryOperator<TaskSchedule> off = s -> s.optimization("vectorAccess", false);
        runC(off, GraphVersioningProbeTest::headerReadsWhatTheGroupStores, JvmOracle.ints(197, 4 * 500, 0, 30), 500)
                .ok().noVec();
        runC(off, GraphVersioningProbeTest::headerReadsBytes, headerBytes(), 400).ok().noVec();
    }

    @Test
    public void vaLoopTestReadsThroughAnotherParameterTheGroupStores() {
        int n = 500;
        run(GraphVersioningProbeTest::headerReadsThroughAnotherParameter, JvmOracle.ints(199, 4 * n, 0, 30),
                JvmOracle.ints(200, 4 * n, 0, 30), n).ok();
        // One array for both: the loop's bound is read before the loop (hoistLoads), so the host refuses the
        // launch (two distinct arrays needed) and the JVM runs it; its values must be Java's.
        int[] both = JvmOracle.ints(198, 4 * n, 0, 30);
        int[] expected = both.clone();
        headerReadsThroughAnotherParameter(expected, expected, n);
        try (TaskSchedule s = new TaskSchedule("alias")
                .task("t", GraphVersioningProbeTest::headerReadsThroughAnotherParameter, both, both, n)) {
            s.execute();
        }
        JvmOracle.assertSame("both", expected, both);
    }

    @Test
    public void vaGroupsChainedThroughASequentialLoop() {
        int n = 300;
        int m = 5;
        run(GraphVersioningProbeTest::chainInLoop, Inputs.ints(202, 4 * n * m), m, n).ok().vec();
        run(GraphVersioningProbeTest::chainInLoop, Inputs.ints(203, 4 * n * m - 1), m, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaBooleansEightWide() {
        int n = 1000;
        run(GraphVersioningProbeTest::booleans8, Inputs.booleans(204, 8 * n), new boolean[8 * n], n).ok();
        run(GraphVersioningProbeTest::booleans8, Inputs.booleans(205, 8 * n - 1), new boolean[8 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaPartialStoresKeepTheOtherElements() {
        int n = 1500;
        run(GraphVersioningProbeTest::halfStored, Inputs.floats(206, n, -1f, 1f), Inputs.floats(207, 8 * n, -9f, 9f),
                n).ok();
        runC(batch("8KB"), GraphVersioningProbeTest::halfStored, Inputs.floats(208, n, -1f, 1f),
                Inputs.floats(209, 8 * n, -9f, 9f), n).ok().batches();
        runC(COPIES, GraphVersioningProbeTest::halfStored, Inputs.floats(210, n, -1f, 1f),
                Inputs.floats(211, 8 * n, -9f, 9f), n).ok();
        run(GraphVersioningProbeTest::upperEight, Inputs.longs(212, 16 * 300), Inputs.longs(213, 16 * 300), 300)
                .ok();
        runC(batch("8KB"), GraphVersioningProbeTest::upperEight, Inputs.longs(214, 16 * 300),
                Inputs.longs(215, 16 * 300), 300).ok().batches();
        runC(COPIES, GraphVersioningProbeTest::upperEight, Inputs.longs(216, 16 * 300), Inputs.longs(217, 16 * 300),
                300).ok();
    }

    @Test
    public void vaKeptOnTheDeviceBetweenTwoTasks() {
        int n = 3001;
        int[] mid = Inputs.ints(218, 4 * n);
        int[] out = new int[n];
        int[] emid = mid.clone();
        int[] eout = out.clone();
        writeQuads(emid, n);
        quadsInt(emid, eout, n);
        try (TaskSchedule s = new TaskSchedule("kept")
                .task("w", GraphVersioningProbeTest::writeQuads, mid, n)
                .task("r", GraphVersioningProbeTest::quadsInt, mid, out, n)) {
            s.keepOnDevice(mid);
            for (int round = 0; round < 2; round++) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "w");
                JvmOracle.assertRanOnDevice(s.report(), "r");
            }
        }
        JvmOracle.assertSame("out", eout, out);
        JvmOracle.assertSame("mid", emid, mid);
    }

    @Test
    public void vaCoherentBranchesOverQuadruples() {
        int n = 1001;
        int[] a = Inputs.ints(219, 4 * n);
        a[4 * 5] = 77;
        run(GraphVersioningProbeTest::parityQuads, a, new int[n], 3, n + 3, 9).ok();
        run(GraphVersioningProbeTest::parityQuads, a, new int[n], -4, n - 4, 8).ok();
        run(GraphVersioningProbeTest::parityQuads, Inputs.ints(220, 4 * n - 1), new int[n], 0, n, 9)
                .threw(ArrayIndexOutOfBoundsException.class);
        run(GraphVersioningProbeTest::parityQuads, a, new int[n - 1], 0, n, 9)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    private void hvHandlerStoresAtItsOwnIndex() {
        int n = 1000;
        int[] a = Inputs.ints(221, n);
        run(GraphVersioningProbeTest::handlerStores, a, new int[n], 0, 5, n).ok();
        // The last 3 read past the end; the handler stores out[i + 3], past the elements the others write.
        run(GraphVersioningProbeTest::handlerStores, a, Inputs.ints(222, n + 3), 3, 3, n).ok();
        // The handler's own store past the end: the JVM throws from the handler.
        run(GraphVersioningProbeTest::handlerStores, a, Inputs.ints(223, n + 2), 3, 3, n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (n + 2) + " out of bounds for length "
                        + (n + 2));
        // The first 2 read a[-1], a[-2]; the handler stores out[i - 2]: out[-2] for i = 0.
        run(GraphVersioningProbeTest::handlerStores, a, Inputs.ints(224, n), -2, -2, n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index -2 out of bounds for length " + n);
    }

    private void hvPrivateArrayAtAParameterIndex() {
        int n = 700;
        run(GraphVersioningProbeTest::privateAtParameter, new int[n], 3, n).ok();
        run(GraphVersioningProbeTest::privateAtParameter, new int[n], 4, n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index 4 out of bounds for length 4");
        run(GraphVersioningProbeTest::privateAtParameter, new int[n], -1, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaFieldArrayIsTheParameter() {
        vaFieldArrayIsTheParameterBetweenLoads();
        vaFieldArrayIsTheParameterBetweenStores();
        vaObjectFieldArrayIsTheParameterBetweenLoads();
    }

    private void vaFieldArrayIsTheParameterBetweenLoads() {
        int n = 1000;
        int[] a = Inputs.ints(225, 4 * n);
        int[] out = new int[n];
        int[] ea = a.clone();
        int[] eout = out.clone();
        new Holder(ea).loadsAroundFieldStore(ea, eout, n);
        Holder h = new Holder(a);
        try (TaskSchedule s = new TaskSchedule("field").task("t", h::loadsAroundFieldStore, a, out, n)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("a (also this.buf)", ea, a);
        JvmOracle.assertSame("out", eout, out);
    }

    private void vaFieldArrayIsTheParameterBetweenStores() {
        int n = 1000;
        int[] a = Inputs.ints(226, 4 * n);
        int[] out = new int[n];
        int[] ea = a.clone();
        int[] eout = out.clone();
        new Holder(ea).storesAroundFieldLoad(ea, eout, n);
        Holder h = new Holder(a);
        try (TaskSchedule s = new TaskSchedule("field").task("t", h::storesAroundFieldLoad, a, out, n)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("a (also this.buf)", ea, a);
        JvmOracle.assertSame("out", eout, out);
    }

    private void vaObjectFieldArrayIsTheParameterBetweenLoads() {
        int n = 1000;
        int[] a = Inputs.ints(227, 4 * n);
        int[] out = new int[n];
        int[] ea = a.clone();
        int[] eout = out.clone();
        loadsAroundObjectFieldStore(new Holder(ea), ea, eout, n);
        try (TaskSchedule s = new TaskSchedule("field")
                .task("t", GraphVersioningProbeTest::loadsAroundObjectFieldStore, new Holder(a), a, out, n)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("a (also h.buf)", ea, a);
        JvmOracle.assertSame("out", eout, out);
    }

    @Test
    public void hvPrivateArraysStartAsZeros() {
        int n = 1000;
        run(GraphVersioningProbeTest::privateZeros, Inputs.ints(228, n), new int[n], n).ok().versioned();
        run(GraphVersioningProbeTest::privateZeros, Inputs.ints(229, n), new int[n - 1], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        int rows = 13;
        int cols = 37;
        run(GraphVersioningProbeTest::privateZeros2d, Inputs.ints(230, rows * cols), new int[rows * cols], rows, cols)
                .ok();
        run(GraphVersioningProbeTest::privateZeros2d, Inputs.ints(231, rows * cols - 1), new int[rows * cols],
                rows, cols).threw(ArrayIndexOutOfBoundsException.class);
    }

    private void va3dPrivateArrayFromAGroup() {
        int nx = 4;
        int ny = 6;
        int nz = 9;
        int total = nx * ny * nz;
        run(GraphVersioningProbeTest::privateQuads3d, Inputs.floats(232, 4 * total, -1f, 3f), new float[total], ny,
                nz, nx).ok();
        float[] shortA = Inputs.floats(233, 4 * total - 3, 0f, 3f);
        run(GraphVersioningProbeTest::privateQuads3d, shortA, new float[total], ny, nz, nx)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaGatheredQuadruples() {
        int n = 1000;
        int m = 250;
        int[] a = Inputs.ints(234, 4 * m);
        int[] idx = JvmOracle.ints(235, n, 0, m);
        run(GraphVersioningProbeTest::gatherQuads, idx, a, new int[n], n).ok();
        // Indices whose 4 * j wraps into the array: 2^30 (0), 2^30 + 1 (4), -2^30 (0).
        idx[7] = 1 << 30;
        idx[8] = (1 << 30) + 1;
        idx[9] = -(1 << 30);
        run(GraphVersioningProbeTest::gatherQuads, idx, a, new int[n], n).ok();
        // One index past the end in the middle work-item; 2^29 (4 * j = -2^31) in another.
        int[] idx2 = idx.clone();
        idx2[n / 2] = m;
        run(GraphVersioningProbeTest::gatherQuads, idx2, a, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * m)
                        + " out of bounds for length " + (4 * m));
        int[] idx3 = idx.clone();
        idx3[3] = 1 << 29;
        run(GraphVersioningProbeTest::gatherQuads, idx3, a, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        // The last quadruple cut short: only work-items gathering index m - 1 fail, at lane 2.
        int[] shortA = Inputs.ints(236, 4 * m - 2);
        run(GraphVersioningProbeTest::gatherQuads, JvmOracle.ints(237, n, 0, m - 1), shortA, new int[n], n).ok();
        int[] idx4 = JvmOracle.ints(238, n, 0, m - 1);
        idx4[n - 1] = m - 1;
        run(GraphVersioningProbeTest::gatherQuads, idx4, shortA, new int[n], n)
                .threw(ArrayIndexOutOfBoundsException.class).message("Index " + (4 * m - 2)
                        + " out of bounds for length " + (4 * m - 2));
    }

    @Test
    public void vaFilterTapsAsQuadruples() {
        int n = 2000;
        float[] w = Inputs.plainFloats(239, 12, -1f, 1f);
        run(GraphVersioningProbeTest::taps, Inputs.plainFloats(240, n + 2, -1f, 1f), w, new float[n], n).ok();
        run(GraphVersioningProbeTest::taps, Inputs.plainFloats(241, n + 2, -1f, 1f), Inputs.plainFloats(242, 11,
                -1f, 1f), new float[n], n).threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaTwoKernelsWithGroups() {
        int n = 700;
        double[] a = Inputs.doubles(245, 4 * n, -3.0, 3.0);
        run(GraphVersioningProbeTest::twoVectorKernels, a, new double[4 * n], new double[n], n).ok().vec();
        // The second kernel's last quadruple is cut: its last lane past the end.
        run(GraphVersioningProbeTest::twoVectorKernels, a, new double[4 * n - 1], new double[n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        runC(batch("8KB"), GraphVersioningProbeTest::twoVectorKernels, Inputs.doubles(246, 4 * n, -3.0, 3.0),
                new double[4 * n], new double[n], n).ok();
        run(GraphVersioningProbeTest::groupsThenReduce, Inputs.ints(255, 4 * n), new int[4 * n], new int[] {7}, n)
                .ok().vec();
        run(GraphVersioningProbeTest::groupsThenReduce, Inputs.ints(256, 4 * n - 1), new int[4 * n],
                new int[] {7}, n).threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void hvPrivateArraysSwappedThroughPhis() {
        int n = 500;
        int[] in = Inputs.ints(247, 4 * n);
        in[4 * 7] = 13;
        run(GraphVersioningProbeTest::pingPong, in, new int[n + 2], 3, 2, n).ok().versioned();
        run(GraphVersioningProbeTest::pingPong, in, new int[n + 2], 3, 3, n)
                .threw(ArrayIndexOutOfBoundsException.class);
        in[4 * (n - 1)] = 13; // the last work-item continues before its store past the end
        run(GraphVersioningProbeTest::pingPong, in, new int[n + 2], 3, 3, n).ok();
        run(GraphVersioningProbeTest::pingPong, Inputs.ints(248, 4 * n - 1), new int[n], 2, 0, n)
                .threw(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    public void vaGroupsOfStaticAndFieldArrays() {
        int n = 300;
        double[] saved = staticD;
        try {
            double[] d = Inputs.doubles(249, 16 * n, -1.0, 1.0);
            double[] out = new double[n];
            double[] ed = d.clone();
            double[] eout = out.clone();
            staticD = ed;
            staticGroups(eout, n);
            staticD = d;
            try (TaskSchedule s = new TaskSchedule("static").task("t", GraphVersioningProbeTest::staticGroups, out, n)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            JvmOracle.assertSame("staticD", ed, d);
            JvmOracle.assertSame("out", eout, out);
        } finally {
            staticD = saved;
        }
        double[] d = Inputs.doubles(250, 16 * n, -1.0, 1.0);
        double[] out = new double[n];
        double[] ed = d.clone();
        double[] eout = out.clone();
        fieldGroups(new DoubleHolder(ed), eout, n);
        try (TaskSchedule s = new TaskSchedule("field")
                .task("t", GraphVersioningProbeTest::fieldGroups, new DoubleHolder(d), out, n)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("h.d", ed, d);
        JvmOracle.assertSame("out", eout, out);
    }

    @Test
    public void vaPhaseOffGivesTheSameResults() {
        int n = 500;
        UnaryOperator<TaskSchedule> off = s -> s.optimization("vectorAccess", false);
        runC(off, GraphVersioningProbeTest::scrambled, Inputs.ints(189, 4 * n), new int[4 * n], n).ok().noVec();
        UnaryOperator<TaskSchedule> noHost = s -> s.optimization("hostVersioning", false);
        runC(noHost, GraphVersioningProbeTest::scrambled, Inputs.ints(190, 4 * n), new int[4 * n], n).ok().vec();
        runC(noHost, GraphVersioningProbeTest::scrambled, Inputs.ints(191, 4 * n - 1), new int[4 * n], n)
                .threw(ArrayIndexOutOfBoundsException.class);
        runC(noHost, GraphVersioningProbeTest::continues, Inputs.ints(192, n + 2), new int[n], 1, n).ok();
    }
}

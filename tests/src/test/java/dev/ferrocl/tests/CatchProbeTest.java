package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Devices;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Adversarial probes of {@code try}/{@code catch} in kernels (an array index out of bounds or an integer division by
 * zero that the method catches branches to its handler on the device, with Java's locals at the throw; what the
 * device does not catch makes the JVM rerun the method) and of the checks dominating branches remove
 * ({@code guardElimination}). Every case is strict and compared with the JVM's own run on the same inputs, bit for
 * bit: where the JVM returns normally the task must run on the device (or, where stated, may be rerun by the JVM after
 * a failed check), where the JVM throws the schedule must throw the same exception and leave the JVM's arrays. No two
 * iterations of a {@code @Parallel} loop store to one element or read one another stores (scatters use
 * permutations). A seeded generator adds random nests of tries, loops, branches, divisions and accesses.
 *
 * <p>Found by these probes, fixed: {@link #versionedLoopsAfterCaughtDivisions()} and
 * {@link #generatedTryCatchKernels()} failed when written: under loopVersioning the writer emitted one {@code goto}
 * label twice (or a {@code goto} to a label it never emitted) when a versioned loop holding a handler's {@code goto}
 * was followed by another versioned loop; PoCL rejected the kernel. Each copy of a versioned loop, nested ones
 * included, now has labels of its own.
 * Logged, not failing: the uses of the exception object and the forms before the loop or in reductions that bail
 * out cleanly ({@link #usesOfTheExceptionObject()}, {@link #triesBeforeTheParallelLoop()},
 * {@link #reductionsLoopTestsAndVectorGroups()}, {@link #tryWithResources()},
 * {@link #handlersTheDeviceNeverReaches()}).
 */
public class CatchProbeTest {

    // ================================================================ helpers

    private interface Jvm {
        void run(Object[] x) throws Throwable;
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    /** Where a task whose JVM run returns normally must run. */
    private enum Where {
        /** On the device (the device catches what the method catches). */
        DEVICE,
        /** On the JVM after a failed check (what the device does not catch: the JVM reruns and catches it). */
        RERUN,
        /** Either (e.g. the host refuses the inputs, or a batch or split cannot take the task). */
        EITHER
    }

    /**
     * The JVM runs {@code jvm} on clones of {@code args}; then the schedule (the task "t" on the originals). Where the
     * JVM returns normally, the schedule must too, where {@code where} says, with the JVM's arrays; where the JVM
     * throws, the schedule must throw the same class and message after a failed check, with the JVM's arrays.
     */
    private static TaskReport same(String what, Where where, Supplier<TaskSchedule> make, Jvm jvm, Adder adder,
            Object... args) {
        Object[] mirror = JvmOracle.cloneArgs(args);
        try (TaskSchedule s = adder.add(make.get())) {
            return step(what, where, s, () -> jvm.run(mirror), mirror, args);
        }
    }

    private static TaskReport same(String what, Where where, Jvm jvm, Adder adder, Object... args) {
        return same(what, where, () -> new TaskSchedule("catch"), jvm, adder, args);
    }

    private interface Run {
        void run() throws Throwable;
    }

    /** One execution of a schedule (kept across steps): the JVM on the mirrors first, then the schedule. */
    private static TaskReport step(String what, Where where, TaskSchedule s, Run jvm, Object[] mirror,
            Object[] actual) {
        Throwable expected = null;
        try {
            jvm.run();
        } catch (Throwable t) {
            expected = t;
        }
        Throwable got = null;
        try {
            s.execute();
        } catch (Throwable t) {
            got = t;
        }
        if (got instanceof CompilationException) {
            throw new AssertionError(what + ": bailout (strict): " + got.getMessage(), got);
        }
        TaskReport t = s.report().task("t");
        if (expected == null) {
            if (got != null) {
                throw new AssertionError(what + ": the JVM returns normally but execute() threw " + got, got);
            }
            if (where == Where.DEVICE) {
                assertEquals(what + ": should run on the device, but: " + t.reason(), TaskReport.Where.DEVICE,
                        t.ranOn());
            } else if (where == Where.RERUN) {
                assertEquals(what + ": should be rerun by the JVM, but: " + t.reason(), TaskReport.Where.JVM,
                        t.ranOn());
                assertTrue(what + ": rerun after a failed check, but: " + t.reason(),
                        t.reason().contains("check failed"));
            }
        } else {
            assertNotNull(what + ": expected the JVM's " + expected + " but execute() returned normally (ran on "
                    + t.ranOn() + ")", got);
            if (got.getClass() != expected.getClass()) {
                throw new AssertionError(what + ": expected the JVM's " + expected + " but got " + got, got);
            }
            assertEquals(what + ": message", expected.getMessage(), got.getMessage());
            assertEquals(what + ": where: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
            assertTrue(what + ": compiled and rerun after a failed check, but: " + t.reason(),
                    t.reason().contains("check failed"));
        }
        for (int k = 0; k < mirror.length; k++) {
            assertSame(what + ": argument " + (k + 1), mirror[k], actual[k]);
        }
        return t;
    }

    /** {@code n} ints in [lo, hi) with zeros at 0, 3 and n - 1. */
    private static int[] withZeros(long seed, int n, int lo, int hi) {
        int[] b = JvmOracle.ints(seed, n, lo, hi);
        b[0] = 0;
        b[Math.min(3, n - 1)] = 0;
        b[n - 1] = 0;
        return b;
    }

    /** {@code n} indices into an array of {@code len}: mostly in range, some just outside, and the int extremes. */
    private static int[] indices(long seed, int n, int len) {
        int[] idx = JvmOracle.ints(seed, n, -3, len + 3);
        idx[0] = -1;
        idx[1] = len;
        idx[2] = Integer.MIN_VALUE;
        idx[3] = Integer.MAX_VALUE;
        idx[n - 1] = len - 1;
        return idx;
    }

    /** {@code n} indices, each in-range value at most once (a permutation of [0, len) where n >= len), the rest out. */
    private static int[] permutation(long seed, int n, int len) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i < len ? i : (i % 2 == 0 ? -1 - i : len + i);
        }
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        p[0] = Integer.MIN_VALUE;
        p[n - 1] = Integer.MAX_VALUE;
        return p;
    }

    // ================================================================ locals at the throw point

    /** Locals of every kind assigned between the throwing instructions: the handler sees them as at the throw. */
    public static void localsAtTheThrow(int[] a, int[] idx, long[] outL, double[] outD) {
        for (@Parallel int i = 0; i < outL.length; i++) {
            int k = 0;
            long w = -1;
            float f = 0.25f;
            double d = 1e300;
            try {
                k = 1;
                w = i * 3_000_000_000L;
                int x = a[idx[i]];
                k = 2;
                f = x * 0.5f;
                w ^= x;
                int y = 1000 / x;
                k = 3;
                d = y / 3.0;
                w += a[idx[i] + y];
                k = 4;
                outL[i] = w + k;
                outD[i] = d + f;
            } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
                outL[i] = k * 1_000_000_007L + w;
                outD[i] = d * 2 + f;
            }
        }
    }

    /** The element stored before the throw stays; the handler adds to it. */
    public static void storeBeforeTheThrow(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = 1;
                out[i] = a[idx[i]] * 2;
                out[i] += 60 / a[idx[i]];
            } catch (RuntimeException e) {
                out[i] += 10;
            }
        }
    }

    @Test
    public void localsAndStoresAtTheThrowPoint() {
        int[] a = JvmOracle.ints(1, 1500, -3, 4);
        check(CatchProbeTest::localsAtTheThrow, a, indices(2, 600, 1500), new long[600], new double[600]);
        check(CatchProbeTest::storeBeforeTheThrow, JvmOracle.ints(3, 50, -2, 3), indices(4, 300, 50),
                new int[300]);
    }

    // ================================================================ compound assignments, i++ in indices

    /** {@code out[i] += a[idx[i]]} and {@code s += a[i] / b[i]}: the part already evaluated is not stored. */
    public static void compoundGather(int[] a, int[] idx, int[] b, int[] out, long[] sums) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long s = i * 7L;
            try {
                out[i] += a[idx[i]];
                s += a[i] / b[i];
                s += a[idx[i]] % b[i];
            } catch (ArithmeticException e) {
                s = -s;
                out[i] -= 3;
            } catch (ArrayIndexOutOfBoundsException e) {
                s = s * 11;
                out[i] ^= 0x5555;
            }
            sums[i] = s;
        }
    }

    /** {@code out[p] += ...} where p may be out of range, then a second, shorter array. */
    public static void compoundScatter(int[] perm, long[] out, short[] small, byte[] missed) {
        for (@Parallel int i = 0; i < perm.length; i++) {
            try {
                out[perm[i]] += i * 1_000_000_007L;
                small[perm[i]] -= (short) i;
            } catch (IndexOutOfBoundsException e) {
                missed[i] = (byte) (missed[i] + 1);
            }
        }
    }

    /** {@code a[j++]}, {@code a[++j]}, {@code a[j--]}: the handler sees j as the increments left it. */
    public static void incrementsInIndices(int[] a, int[] out, int[] js) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = i * 3 - 2;
            int v = 0;
            try {
                v = a[j++];
                v += a[j++] * 2;
                v += a[++j] * 4;
                v -= a[j--] / a[j];
            } catch (RuntimeException e) {
                v = v * 100 + j;
            }
            out[i] = v;
            js[i] = j;
        }
    }

    @Test
    public void compoundAssignmentsAndIncrements() {
        int n = 200;
        int[] a = JvmOracle.ints(5, 300, -1000, 1000);
        int[] b = withZeros(6, n, -4, 5);
        check(CatchProbeTest::compoundGather, a, indices(7, n, 300), b, JvmOracle.ints(8, n), new long[n]);
        long[] out = JvmOracle.longs(9, 150);
        check(CatchProbeTest::compoundScatter, permutation(10, 220, 150), out, new short[100], new byte[220]);
        check(CatchProbeTest::incrementsInIndices, JvmOracle.ints(11, 301, -2, 3), new int[101], new int[101]);
    }

    // ================================================================ sequential loops inside and around the try

    /** Two nested sequential loops inside the try: the handler sees both loop variables and the sums at the throw. */
    public static void loopsInsideTheTry(int[] a, int[] b, long[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int k = 0;
            int j = 0;
            long p = 1;
            try {
                for (k = 0; k < m; k++) {
                    p = p * 3 + k;
                    for (j = 0; j <= k; j++) {
                        s += a[i * m + k] / b[(i + j) % b.length];
                    }
                    s ^= k;
                }
                s += a[i * m + m];
            } catch (ArithmeticException e) {
                s = s * 7 + k * 100 + j;
            } catch (ArrayIndexOutOfBoundsException e) {
                p = -p;
            }
            out[i] = s * 1_000_003L + p;
        }
    }

    /** A loop whose only exit is the exception: it walks until it leaves the array. */
    public static void walkOffTheEnd(int[] a, int[] start, int[] step, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = start[i];
            long s = 0;
            int n = 0;
            try {
                while (true) {
                    s += a[j];
                    j += step[i];
                    n++;
                }
            } catch (ArrayIndexOutOfBoundsException e) {
                s = s * 31 + n;
            }
            out[i] = s * 1000 + j;
        }
    }

    /** The try inside an inner loop; the handler breaks out of it or continues it. */
    public static void breakAndContinueInTheHandler(int[] a, int[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int k;
            for (k = 0; k < m; k++) {
                try {
                    s += 1000 / a[i * m + k];
                } catch (ArithmeticException e) {
                    if (s > 200) {
                        break;
                    }
                    s -= 7;
                    continue;
                }
                s += k;
            }
            out[i] = s * 100 + k;
        }
    }

    /** The handler continues the @Parallel loop itself: that iteration stores nothing. */
    public static void continueTheParallelLoop(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int q;
            try {
                q = a[i] / b[i];
            } catch (ArithmeticException e) {
                continue;
            }
            out[i] = q + 1;
        }
    }

    /** A retry loop: the handler changes the divisor and the loop tries again; the try breaks out. */
    public static void retryLoop(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int d = b[i];
            int v = -99;
            int t;
            for (t = 0; t < 4; t++) {
                try {
                    v = a[i] / d;
                    break;
                } catch (ArithmeticException e) {
                    d = (d * 3 + t) % 2;
                }
            }
            out[i] = v * 10 + t;
        }
    }

    /** try/catch/finally in an inner loop with a continue in the try (javac copies the finally three times). */
    public static void finallyInALoop(int[] a, long[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long s = 0;
            for (int k = 0; k < m; k++) {
                try {
                    int x = a[i * m + k];
                    if (x < -2) {
                        continue;
                    }
                    s += 100 / x;
                } catch (ArithmeticException e) {
                    s -= 1;
                } finally {
                    s = s * 3 + k;
                }
            }
            out[i] = s;
        }
    }

    @Test
    public void sequentialLoopsInsideAndAroundTheTry() {
        int m = 6;
        int n = 120;
        int[] a = JvmOracle.ints(12, n * m, -50, 50);
        check(CatchProbeTest::loopsInsideTheTry, a, withZeros(13, 17, -3, 4), new long[n], m);
        check(CatchProbeTest::loopsInsideTheTry, a, JvmOracle.ints(14, 17, 1, 4), new long[n], m);
        int[] start = JvmOracle.ints(15, 200, -2, 102);
        int[] step = JvmOracle.ints(16, 200, 1, 9);
        for (int k = 0; k < step.length; k += 3) {
            step[k] = -step[k];
        }
        step[7] = Integer.MAX_VALUE;
        step[8] = Integer.MIN_VALUE;
        check(CatchProbeTest::walkOffTheEnd, JvmOracle.ints(17, 100), start, step, new long[200]);
        int[] z = JvmOracle.ints(18, n * m, -3, 60);
        check(CatchProbeTest::breakAndContinueInTheHandler, z, new int[n], m);
        check(CatchProbeTest::continueTheParallelLoop, a, withZeros(19, n, -2, 3), JvmOracle.ints(20, n));
        check(CatchProbeTest::retryLoop, a, JvmOracle.ints(21, n, -1, 2), new int[n]);
        check(CatchProbeTest::finallyInALoop, JvmOracle.ints(22, n * m, -4, 4), new long[n], m);
    }

    // ================================================================ one work-item: returns in handlers, finally

    /** No @Parallel loop: a return in the handler. */
    public static void returnInTheHandler(int[] a, int[] out) {
        int s = 0;
        for (int k = 0; k < a.length; k++) {
            try {
                s += 100 / a[k];
            } catch (ArithmeticException e) {
                out[0] = s;
                out[1] = k;
                return;
            }
            out[k + 2] = s;
        }
        out[0] = s;
        out[1] = -1;
    }

    /** A finally that returns swallows whatever the try throws. */
    @SuppressWarnings("finally")
    public static void finallySwallows(int[] a, int[] out) {
        try {
            out[0] = 100 / a[0];
            out[1] = a[a[1]];
            out[2] = 5;
        } finally {
            out[3] += 7;
            return;
        }
    }

    /** A finally that writes, then the exception escapes. */
    public static void finallyThenEscapes(long[] a, long[] out) {
        long q = 0;
        try {
            q = a[0] / a[1];
            out[0] = q;
            q = a[2] % a[3];
        } finally {
            out[1] = q + 1;
        }
        out[2] = q;
    }

    /** A return inside the try (the normal path) and one in the catch. */
    public static void returnsInTryAndCatch(int[] a, int[] out, int k) {
        try {
            int v = a[k];
            if (v > 0) {
                out[0] = 100 / (v - 3);
                return;
            }
            out[1] = v;
        } catch (ArithmeticException e) {
            out[2] = -1;
            return;
        } catch (ArrayIndexOutOfBoundsException e) {
            out[3] = k;
        }
        out[4] = 9;
    }

    @Test
    public void oneWorkItemReturnsAndFinally() {
        int[] a = {5, 7, -3, 9, 0, 4, 2};
        check(CatchProbeTest::returnInTheHandler, a, new int[a.length + 2]);
        check(CatchProbeTest::returnInTheHandler, new int[] {5, 7, -3, 9}, new int[6]);
        check(CatchProbeTest::finallySwallows, new int[] {0, 1}, new int[] {1, 2, 3, 4});
        check(CatchProbeTest::finallySwallows, new int[] {3, 9}, new int[] {1, 2, 3, 4});
        check(CatchProbeTest::finallySwallows, new int[] {3, 1}, new int[] {1, 2, 3, 4});
        check(CatchProbeTest::finallyThenEscapes, new long[] {100, 7, 5, 3}, new long[3]);
        long[] a2 = {100, 7, 5, 0};
        long[] o2 = new long[3];
        MoreChecks.checkThrows(x -> finallyThenEscapes((long[]) x[0], (long[]) x[1]),
                s -> s.task("t", CatchProbeTest::finallyThenEscapes, a2, o2), a2, o2);
        long[] a3 = {100, 0, 5, 3};
        long[] o3 = new long[3];
        MoreChecks.checkThrows(x -> finallyThenEscapes((long[]) x[0], (long[]) x[1]),
                s -> s.task("t", CatchProbeTest::finallyThenEscapes, a3, o3), a3, o3);
        int[] r = {3, 5, -2, 0};
        for (int k : new int[] {0, 1, 2, 3, -1, 4, Integer.MIN_VALUE}) {
            check(CatchProbeTest::returnsInTryAndCatch, r, new int[5], k);
        }
    }

    // ================================================================ rethrows

    /** The inner handler rethrows; an outer try catches it (the JVM reruns the method). */
    public static void rethrowCaughtOutside(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                try {
                    out[i] = a[i] / b[i];
                } catch (ArithmeticException e) {
                    out[i] = 1;
                    throw e;
                }
            } catch (RuntimeException e) {
                out[i] += 10;
            }
        }
    }

    /** The handler rethrows and nothing catches it: the JVM's exception. */
    public static void rethrowEscapes(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = -1;
                throw e;
            }
        }
    }

    /** The handler throws a new exception of another class. */
    public static void throwAnother(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                throw new IllegalStateException("no divisor");
            }
        }
    }

    @Test
    public void rethrowsEndAsTheJvmsException() {
        int[] a = JvmOracle.ints(23, 100);
        int[] b = withZeros(24, 100, -3, 4);
        int[] o1 = new int[100];
        same("rethrow caught outside", Where.RERUN, x -> rethrowCaughtOutside((int[]) x[0], (int[]) x[1],
                (int[]) x[2]), s -> s.task("t", CatchProbeTest::rethrowCaughtOutside, a, b, o1), a, b, o1);
        int[] o2 = new int[100];
        same("rethrow escapes", Where.RERUN, x -> rethrowEscapes((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::rethrowEscapes, a, b, o2), a, b, o2);
        int[] o3 = new int[100];
        same("another exception", Where.RERUN, x -> throwAnother((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::throwAnother, a, b, o3), a, b, o3);
        // Without a zero: on the device.
        int[] nz = JvmOracle.ints(25, 100, 1, 5);
        check(CatchProbeTest::rethrowCaughtOutside, a, nz, new int[100]);
        check(CatchProbeTest::rethrowEscapes, a, nz, new int[100]);
        check(CatchProbeTest::throwAnother, a, nz, new int[100]);
    }

    // ================================================================ which handler: order, types, multi-catch

    static final class ProbeException extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    public static void arithmeticThenRuntime(int[] a, int[] idx, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = 0;
            try {
                v = a[idx[i]] / b[i];
            } catch (ArithmeticException e) {
                v = -1;
            } catch (RuntimeException e) {
                v = -2;
            }
            out[i] = v;
        }
    }

    public static void nullPointerThenArithmetic(int[] a, int[] idx, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = 0;
            try {
                v = a[idx[i]] / b[i];
            } catch (NullPointerException e) {
                v = -3;
            } catch (ArithmeticException e) {
                v = -4;
            }
            out[i] = v;
        }
    }

    public static void indexThenException(int[] a, int[] idx, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = 0;
            try {
                v = a[idx[i]] / b[i];
            } catch (IndexOutOfBoundsException e) {
                v = -5;
            } catch (Exception e) {
                v = -6;
            }
            out[i] = v;
        }
    }

    public static void othersThenThrowable(int[] a, int[] idx, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = 0;
            try {
                v = a[idx[i]] / b[i];
            } catch (ProbeException e) {
                v = -7;
            } catch (ArrayStoreException | NegativeArraySizeException | ClassCastException e) {
                v = -8;
            } catch (Throwable t) {
                v = -9;
            }
            out[i] = v;
        }
    }

    /** A subclass of the exception thrown, and Error: neither catches it. */
    public static void subclassOnly(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[idx[i]];
            } catch (StringIndexOutOfBoundsException e) {
                out[i] = -10;
            }
        }
    }

    public static void errorOnly(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] % b[i];
            } catch (Error e) {
                out[i] = -11;
            }
        }
    }

    /** Catches only the index exception: a division by zero in the same expression escapes. */
    public static void indexOnlyWithDivision(int[] a, int[] idx, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[idx[i]] / b[i];
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = -12;
            }
        }
    }

    /** Catches only the division: the store's index comes after the division in Java's order. */
    public static void divisionBeforeTheStore(int[] perm, int[] b, int[] out, int[] other) {
        for (@Parallel int i = 0; i < perm.length; i++) {
            try {
                out[perm[i]] = 100 / b[i];
            } catch (ArithmeticException e) {
                other[i] = -13;
            }
        }
    }

    @Test
    public void handlerOrderAndTypes() {
        int n = 200;
        int[] a = JvmOracle.ints(26, 60, -100, 100);
        int[] idx = indices(27, n, 60);
        int[] b = withZeros(28, n, -3, 4);
        b[1] = 0; // idx[1] is out of range too: the index comes first
        check(CatchProbeTest::arithmeticThenRuntime, a, idx, b, new int[n]);
        check(CatchProbeTest::indexThenException, a, idx, b, new int[n]);
        check(CatchProbeTest::othersThenThrowable, a, idx, b, new int[n]);
        check(CatchProbeTest::indexOnlyWithDivision, a, idx, JvmOracle.ints(29, n, 1, 3), new int[n]);
        int[] inRange = JvmOracle.ints(30, n, 0, 60);
        check(CatchProbeTest::nullPointerThenArithmetic, a, inRange, b, new int[n]);
        // Escaping: an index out of range that only NullPointerException and ArithmeticException would catch.
        int[] o1 = new int[n];
        MoreChecks.checkThrows(x -> nullPointerThenArithmetic((int[]) x[0], (int[]) x[1], (int[]) x[2],
                (int[]) x[3]), s -> s.task("t", CatchProbeTest::nullPointerThenArithmetic, a, idx, b, o1), a, idx,
                b, o1);
        int[] o2 = new int[n];
        MoreChecks.checkThrows(x -> subclassOnly((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::subclassOnly, a, idx, o2), a, idx, o2);
        check(CatchProbeTest::subclassOnly, a, inRange, new int[n]);
        int[] o3 = new int[n];
        MoreChecks.checkThrows(x -> errorOnly((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::errorOnly, a, b, o3), a, b, o3);
        int[] o4 = new int[n];
        MoreChecks.checkThrows(x -> indexOnlyWithDivision((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", CatchProbeTest::indexOnlyWithDivision, a, inRange, b, o4), a, inRange, b, o4);
        // Out of range and zero at once (idx[1], b[1]): the index comes first and is caught.
        int[] o5 = new int[n];
        int[] b5 = JvmOracle.ints(31, n, 1, 3);
        b5[1] = 0;
        check(CatchProbeTest::indexOnlyWithDivision, a, idx, b5, o5);
        int[] perm = permutation(32, 260, 200);
        int[] bz = JvmOracle.ints(33, 260, -2, 3);
        for (int i = 0; i < perm.length; i++) {
            if (perm[i] < 0 || perm[i] >= 200) {
                bz[i] = 0; // every index out of range comes with a zero divisor: caught first
            }
        }
        check(CatchProbeTest::divisionBeforeTheStore, perm, bz, new int[200], new int[260]);
        // The division passes where the store's index is out of range: AIOOBE escapes.
        int[] bnz = JvmOracle.ints(34, 260, 1, 3);
        int[] o6 = new int[200];
        int[] ot6 = new int[260];
        MoreChecks.checkThrows(x -> divisionBeforeTheStore((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", CatchProbeTest::divisionBeforeTheStore, perm, bnz, o6, ot6), perm, bnz, o6, ot6);
    }

    // ================================================================ integer edges: long division, MIN / -1

    public static void longAndIntEdges(long[] a, long[] b, int[] c, int[] d, long[] q, long[] r, int[] z) {
        for (@Parallel int i = 0; i < q.length; i++) {
            long x = 1;
            long y = 2;
            int w = 3;
            try {
                x = a[i] / b[i];
                y = a[i] % b[i];
                w = c[i] % d[i];
                w += c[i] / d[i];
                w ^= (int) (1000L % d[i]);
            } catch (ArithmeticException e) {
                x = ~x;
                y = -y;
                w = w * 3;
            }
            q[i] = x;
            r[i] = y;
            z[i] = w;
        }
    }

    /** Constant zero divisors and a constant index out of range: always the handler. */
    public static void constantFaults(int[] a, int[] out, long[] outL) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = i;
            long w = i;
            try {
                v = a[i] / 0;
            } catch (ArithmeticException e) {
                v = -v;
            }
            try {
                w = (long) a[i] % 0L;
            } catch (ArithmeticException e) {
                w = w * 5;
            }
            try {
                v += a[-1];
            } catch (ArrayIndexOutOfBoundsException e) {
                v ^= 0x7070;
            }
            out[i] = v;
            outL[i] = w;
        }
    }

    @Test
    public void longDivisionAndTheMinValueEdges() {
        int n = 64;
        long[] a = JvmOracle.longs(35, n);
        long[] b = new long[n];
        int[] c = JvmOracle.ints(36, n);
        int[] d = JvmOracle.ints(37, n, -3, 4);
        for (int i = 0; i < n; i++) {
            b[i] = (i % 5 == 0) ? 0 : (a[(i * 13) % n] >> (i % 60));
        }
        a[1] = Long.MIN_VALUE;
        b[1] = -1;
        c[1] = Integer.MIN_VALUE;
        d[1] = -1;
        a[2] = Long.MIN_VALUE;
        b[2] = 1;
        c[2] = Integer.MIN_VALUE;
        d[2] = 0;
        a[3] = Long.MAX_VALUE;
        b[3] = Long.MIN_VALUE;
        c[3] = Integer.MIN_VALUE;
        d[3] = -1;
        b[4] = -1;
        d[4] = 0;
        c[6] = Integer.MAX_VALUE;
        d[6] = Integer.MIN_VALUE;
        b[7] = 1L << 32;
        check(CatchProbeTest::longAndIntEdges, a, b, c, d, new long[n], new long[n], new int[n]);
        check(CatchProbeTest::constantFaults, JvmOracle.ints(38, 50), new int[50], new long[50]);
    }

    // ================================================================ narrow element types

    public static void narrowLoads(char[] c, byte[] b, short[] s, boolean[] z, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = 1;
            try {
                v = c[idx[i]];
                v = v * 3 + b[idx[i] + 1];
                v = v * 5 + s[idx[i] - 1];
                v = z[idx[i] * 2] ? v / b[idx[i]] : -v;
            } catch (ArithmeticException e) {
                v = ~v;
            } catch (ArrayIndexOutOfBoundsException e) {
                v = v + 1_000_000;
            }
            out[i] = v;
        }
    }

    public static void narrowStores(int[] perm, char[] c, byte[] b, short[] s, boolean[] z, int[] stage) {
        for (@Parallel int i = 0; i < perm.length; i++) {
            int k = 0;
            try {
                int p = perm[i];
                c[p] = (char) (i * 7 - 3);
                k = 1;
                b[p] = (byte) (i * 13);
                k = 2;
                s[p] = (short) -i;
                k = 3;
                z[p] = (i & 1) == 0;
                k = 4;
            } catch (IndexOutOfBoundsException e) {
                k += 10;
            }
            stage[i] = k;
        }
    }

    @Test
    public void charByteShortBooleanArrays() {
        int len = 90;
        char[] c = new char[len];
        byte[] b = new byte[len - 5];
        short[] s = new short[len - 10];
        boolean[] z = new boolean[len + 40];
        java.util.SplittableRandom r = new java.util.SplittableRandom(39);
        for (int i = 0; i < len; i++) {
            c[i] = (char) r.nextInt(65536);
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) r.nextInt(-3, 4);
        }
        for (int i = 0; i < s.length; i++) {
            s[i] = (short) r.nextInt(-32768, 32768);
        }
        for (int i = 0; i < z.length; i++) {
            z[i] = r.nextBoolean();
        }
        check(CatchProbeTest::narrowLoads, c, b, s, z, indices(40, 300, len), new int[300]);
        int[] perm = permutation(41, 140, 100);
        check(CatchProbeTest::narrowStores, perm, new char[100], new byte[80], new short[60], new boolean[40],
                new int[140]);
    }

    // ================================================================ nests

    public static void nest3(int[] a, int[] out, int nx, int ny, int nz) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    int at = (x * ny + y) * nz + z;
                    int v;
                    try {
                        v = a[at + (x - y) * 3] / (z - x);
                    } catch (ArithmeticException e) {
                        v = at;
                    } catch (ArrayIndexOutOfBoundsException e) {
                        v = -at;
                    }
                    out[at] = v;
                }
            }
        }
    }

    /** A 2-D nest with a sequential loop inside the try (the handler leaves it). */
    public static void nest2InnerLoop(int[] a, int[] b, long[] out, int w, int m) {
        for (@Parallel int r = 0; r < out.length / w; r++) {
            for (@Parallel int c = 0; c < w; c++) {
                long s = 0;
                int k = 0;
                try {
                    for (k = 0; k < m; k++) {
                        s += a[(r + k) * w + c] / b[(c + k) % b.length];
                    }
                } catch (RuntimeException e) {
                    s = s * 1000 + k;
                }
                out[r * w + c] = s;
            }
        }
    }

    /** A try between two @Parallel loops of a nest: the device does not catch it; the JVM reruns. */
    public static void tryBetweenParallelLoops(int[] a, int[] out, int w) {
        for (@Parallel int r = 0; r < out.length / w; r++) {
            try {
                for (@Parallel int c = 0; c < w; c++) {
                    out[r * w + c] = a[r * w + c] / (c - r + 3);
                }
            } catch (ArithmeticException e) {
                out[r * w] = -1;
            }
        }
    }

    @Test
    public void nestsOfTwoAndThree() {
        check(CatchProbeTest::nest3, JvmOracle.ints(42, 6 * 7 * 8), new int[6 * 7 * 8], 6, 7, 8);
        int w = 12;
        int m = 5;
        int rows = 10;
        check(CatchProbeTest::nest2InnerLoop, JvmOracle.ints(43, rows * w + 2 * w), withZeros(44, 7, -2, 3),
                new long[rows * w], w, m);
        int[] a = JvmOracle.ints(45, 10 * w);
        int[] o = new int[10 * w];
        same("try between parallel loops, a zero", Where.RERUN, x -> tryBetweenParallelLoops((int[]) x[0],
                (int[]) x[1], (Integer) x[2]), s -> s.task("t", CatchProbeTest::tryBetweenParallelLoops, a, o, w),
                a, o, w);
        int[] o2 = new int[3 * w];
        check(CatchProbeTest::tryBetweenParallelLoops, a, o2, w);
    }

    // ================================================================ @Reduce

    public static void reduceCaught(int[] a, int[] idx, int[] b, @Reduce long[] sum, @Reduce int[] min,
            @Reduce int[] max) {
        for (@Parallel int i = 0; i < idx.length; i++) {
            int q;
            try {
                q = a[idx[i]] / b[i];
            } catch (ArithmeticException e) {
                q = 1_000_000 + i;
            } catch (IndexOutOfBoundsException e) {
                q = -i;
            }
            sum[0] += q;
            min[0] = Math.min(min[0], q);
            max[0] = Math.max(max[0], q);
        }
    }

    /** The folded value computed in a handler outside an inner loop. */
    public static void reduceInnerLoop(int[] a, int m, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < a.length / m; i++) {
            long s = 0;
            int k = 0;
            try {
                for (k = 0; k < m; k++) {
                    s = s * 3 + 1000 / a[i * m + k];
                }
            } catch (ArithmeticException e) {
                s = -s - k;
            }
            sum[0] += s;
        }
    }

    @Test
    public void reductionsFoldTheHandlersValues() {
        int n = 700;
        check(CatchProbeTest::reduceCaught, JvmOracle.ints(46, 500), indices(47, n, 500),
                withZeros(48, n, -3, 4), new long[] {5}, new int[] {Integer.MAX_VALUE}, new int[] {-3});
        check(CatchProbeTest::reduceInnerLoop, JvmOracle.ints(49, 600, -6, 30), 6, new long[] {-1});
    }

    // ================================================================ calls

    static int safeDiv(int x, int y) {
        try {
            return x / y;
        } catch (ArithmeticException e) {
            return Integer.MIN_VALUE + y;
        }
    }

    static int safeGet(int[] a, int j) {
        try {
            return a[j];
        } catch (IndexOutOfBoundsException e) {
            return -1;
        }
    }

    static int sumUntilBad(int[] a, int from) {
        int s = 0;
        int j = from;
        try {
            while (true) {
                s += 1000 / a[j++];
            }
        } catch (RuntimeException e) {
            return s * 31 + j;
        }
    }

    /** Helpers with their own try: caught in the helper, on the device. */
    public static void helpersCatch(int[] a, int[] b, int[] idx, int[] out, int[] out2) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = safeDiv(a[i], b[i]) + safeGet(a, idx[i]);
            out2[i] = sumUntilBad(b, idx[i]);
        }
    }

    static int getThenDivide(int[] a, int j, int d) {
        int v;
        try {
            v = a[j];
        } catch (ArrayIndexOutOfBoundsException e) {
            v = 7;
        }
        return v / d;
    }

    /** The helper catches the index; its division escapes into the caller's try (the JVM reruns). */
    public static void helperEscapesIntoTheCaller(int[] a, int[] idx, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = getThenDivide(a, idx[i], b[i]);
            } catch (ArithmeticException e) {
                out[i] = -2;
            }
        }
    }

    @Test
    public void helpersThatCatchAndHelpersThatThrow() {
        int n = 150;
        int[] a = JvmOracle.ints(50, n);
        int[] b = withZeros(51, n, -2, 5);
        int[] idx = indices(52, n, n);
        check(CatchProbeTest::helpersCatch, a, b, idx, new int[n], new int[n]);
        check(CatchProbeTest::helperEscapesIntoTheCaller, a, idx, JvmOracle.ints(53, n, 1, 5), new int[n]);
        int[] o = new int[n];
        same("helper's division into the caller's try", Where.RERUN, x -> helperEscapesIntoTheCaller((int[]) x[0],
                (int[]) x[1], (int[]) x[2], (int[]) x[3]), s -> s.task("t",
                CatchProbeTest::helperEscapesIntoTheCaller, a, idx, b, o), a, idx, b, o);
    }

    // ================================================================ streams, receivers, static tables

    public static void streamCatch(int[] a, int[] b, int[] idx, int[] out) {
        IntStream.range(0, out.length).parallel().forEach(i -> {
            int k = 0;
            try {
                k = 1;
                int x = a[idx[i]];
                k = 2;
                out[i] = 1000 / (x - b[i]);
            } catch (ArithmeticException e) {
                out[i] = -k;
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = k * 100;
            }
        });
    }

    public static final class Grid {
        final int[] data;
        final int[] lookup;
        final int[] out;
        final int divisor;

        Grid(int[] data, int[] lookup, int[] out, int divisor) {
            this.data = data;
            this.lookup = lookup;
            this.out = out;
            this.divisor = divisor;
        }

        Grid copy() {
            return new Grid(data.clone(), lookup.clone(), out.clone(), divisor);
        }

        public void run(int n) {
            for (@Parallel int i = 0; i < n; i++) {
                try {
                    out[i] = data[lookup[i]] / (divisor - data[i]);
                } catch (ArithmeticException e) {
                    out[i] = divisor;
                } catch (ArrayIndexOutOfBoundsException e) {
                    out[i] = -divisor - i;
                }
            }
        }

        private void cell(int i) {
            try {
                out[i] = divisor % data[lookup[i]];
            } catch (RuntimeException e) {
                out[i] = i - divisor;
            }
        }

        public void streamed() {
            IntStream.range(0, out.length).parallel().forEach(this::cell);
        }
    }

    static final int[] TABLE = {5, -9, 0, 12, 7, 0, -1, 3, 8, -4, 2};
    static int[] divisors = {3, 0, -1, 5, 0, 7};

    public static void staticTables(int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = 1000 / TABLE[idx[i]] + 77 / divisors[idx[i] % divisors.length];
            } catch (ArithmeticException e) {
                out[i] = -1;
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = -2;
            }
        }
    }

    @Test
    public void streamsReceiversAndStaticTables() {
        int n = 200;
        int[] a = JvmOracle.ints(54, 80, -3, 4);
        check(CatchProbeTest::streamCatch, a, JvmOracle.ints(55, n, -3, 4), indices(56, n, 80), new int[n]);
        Grid g = new Grid(JvmOracle.ints(57, n, -3, 4), indices(58, n, n), new int[n], 2);
        Grid jg = g.copy();
        jg.run(n);
        try (TaskSchedule s = new TaskSchedule("grid").task("t", Grid::run, g, n)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        assertSame("receiver's out", jg.out, g.out);
        Grid g2 = new Grid(JvmOracle.ints(59, n, -3, 4), indices(60, n, n), new int[n], -7);
        Grid jg2 = g2.copy();
        jg2.streamed();
        try (TaskSchedule s = new TaskSchedule("grid-stream").task("t", Grid::streamed, g2)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        assertSame("receiver's out (stream)", jg2.out, g2.out);
        check(CatchProbeTest::staticTables, indices(61, n, TABLE.length), new int[n]);
    }

    // ================================================================ schedules across executions

    public static void keptMix(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            try {
                v = a[i] / b[i];
            } catch (ArithmeticException e) {
                v = -1;
            }
            out[i] += v + a[i] % (b[i] + 10);
        }
    }

    @Test
    public void keptArraysAndExecutionsThatGoToTheJvm() {
        int n = 300;
        int[] a = JvmOracle.ints(62, n);
        int[] b = JvmOracle.ints(63, n, -4, 5);
        int[] out = new int[n];
        int[] ma = a.clone();
        int[] mb = b.clone();
        int[] mo = out.clone();
        Object[] mirror = {ma, mb, mo};
        Object[] actual = {a, b, out};
        for (int kept = 0; kept < 2; kept++) {
            try (TaskSchedule s = new TaskSchedule("kept").task("t", CatchProbeTest::keptMix, a, b, out)) {
                if (kept == 1) {
                    s.keepOnDevice(a, b, out);
                }
                String p = kept == 1 ? "kept: " : "not kept: ";
                step(p + "caught zeros", Where.DEVICE, s, () -> keptMix(ma, mb, mo), mirror, actual);
                step(p + "again", Where.DEVICE, s, () -> keptMix(ma, mb, mo), mirror, actual);
                b[n / 2] = -10;
                mb[n / 2] = -10;
                if (kept == 1) {
                    s.markChanged(b);
                }
                step(p + "an uncaught zero", Where.EITHER, s, () -> keptMix(ma, mb, mo), mirror, actual);
                b[n / 2] = 0;
                mb[n / 2] = 0;
                if (kept == 1) {
                    s.markChanged(b);
                }
                step(p + "caught again after the JVM", Where.DEVICE, s, () -> keptMix(ma, mb, mo), mirror, actual);
                step(p + "once more", Where.DEVICE, s, () -> keptMix(ma, mb, mo), mirror, actual);
            }
        }
    }

    // ================================================================ before the loop, around the loop

    /** A division caught before the loop. */
    public static void divisionBeforeTheLoop(int[] a, int[] out, int k) {
        int r;
        try {
            r = 100 / k;
        } catch (ArithmeticException e) {
            r = 0;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + r;
        }
    }

    /** The same choice written as a conditional: what the try means. */
    public static void conditionalBeforeTheLoop(int[] a, int[] out, int k) {
        int r = k != 0 ? 100 / k : 0;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + r;
        }
    }

    /** An element read (index caught) before the loop. */
    public static void elementBeforeTheLoop(int[] a, int[] out, int k) {
        int q;
        try {
            q = a[k];
        } catch (ArrayIndexOutOfBoundsException e) {
            q = -2;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * q;
        }
    }

    public static void elementConditionalBeforeTheLoop(int[] a, int[] out, int k) {
        int q = k >= 0 && k < a.length ? a[k] : -2;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * q;
        }
    }

    /** Two elements read before the loop, the second of a shorter array: the handler sees the first. */
    public static void twoElementsBeforeTheLoop(int[] a, int[] b, int[] out, int k) {
        int q = 5;
        try {
            q = a[k];
            q += b[k] * 3;
        } catch (ArrayIndexOutOfBoundsException e) {
            q = q * 10 - 1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + q;
        }
    }

    /** An element whose index is an element, caught, before a loop that writes the array read. */
    public static void elementOfElementBeforeTheLoop(int[] a, int[] out, int k) {
        int q;
        try {
            q = a[a[k]];
        } catch (ArrayIndexOutOfBoundsException e) {
            q = -k;
        }
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2 + q;
            out[i] = q;
        }
    }

    /** The loop's bound from a try. */
    public static void boundFromATry(int[] a, int[] out, int k) {
        int n;
        try {
            n = out.length / k;
        } catch (ArithmeticException e) {
            n = 1;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] + n;
        }
    }

    /** Correct on the device, or a clean bailout (logged): never another result. */
    private static String deviceOrBailout(String what, Jvm jvm, Adder adder, Object... args) {
        Object[] mirror = JvmOracle.cloneArgs(args);
        Throwable expected = null;
        try {
            jvm.run(mirror);
        } catch (Throwable t) {
            expected = t;
        }
        try (TaskSchedule s = adder.add(new TaskSchedule("or-bailout"))) {
            Throwable got = null;
            try {
                s.execute();
            } catch (Throwable t) {
                got = t;
            }
            if (got instanceof CompilationException) {
                return what + ": BAILOUT: " + got.getMessage();
            }
            if (expected == null) {
                if (got != null) {
                    throw new AssertionError(what + ": the JVM returns normally but execute() threw " + got, got);
                }
            } else {
                assertNotNull(what + ": expected " + expected, got);
                assertEquals(what, expected.getClass(), got.getClass());
                assertEquals(what, expected.getMessage(), got.getMessage());
            }
            TaskReport t = s.report().task("t");
            for (int k = 0; k < args.length; k++) {
                assertSame(what + ": argument " + (k + 1) + " (ran on " + t.ranOn() + ")", mirror[k], args[k]);
            }
            return what + ": ran on " + t.ranOn() + (t.ranOn() == TaskReport.Where.JVM ? " (" + t.reason() + ")"
                    : "");
        }
    }

    /**
     * Code before the @Parallel loop inside a try: each form runs correctly or bails out cleanly (each outcome is
     * logged); the conditional written without a try is the control.
     */
    @Test
    public void triesBeforeTheParallelLoop() {
        int[] a = {4, 2, 0, 7, 0, 9, -3, 5};
        StringBuilder log = new StringBuilder();
        for (int k : new int[] {0, 3, 5, 7, -1, 8}) {
            int[] o1 = new int[8];
            log.append(deviceOrBailout("division caught before the loop, k = " + k, x -> divisionBeforeTheLoop(
                    (int[]) x[0], (int[]) x[1], (Integer) x[2]), s -> s.task("t",
                    CatchProbeTest::divisionBeforeTheLoop, a, o1, k), a, o1, k)).append('\n');
            int[] o2 = new int[8];
            log.append(deviceOrBailout("the same as a conditional, k = " + k, x -> conditionalBeforeTheLoop(
                    (int[]) x[0], (int[]) x[1], (Integer) x[2]), s -> s.task("t",
                    CatchProbeTest::conditionalBeforeTheLoop, a, o2, k), a, o2, k)).append('\n');
            int[] o3 = new int[8];
            log.append(deviceOrBailout("element caught before the loop, k = " + k, x -> elementBeforeTheLoop(
                    (int[]) x[0], (int[]) x[1], (Integer) x[2]), s -> s.task("t",
                    CatchProbeTest::elementBeforeTheLoop, a, o3, k), a, o3, k)).append('\n');
            int[] o4 = new int[8];
            log.append(deviceOrBailout("the same as a conditional, k = " + k, x -> elementConditionalBeforeTheLoop(
                    (int[]) x[0], (int[]) x[1], (Integer) x[2]), s -> s.task("t",
                    CatchProbeTest::elementConditionalBeforeTheLoop, a, o4, k), a, o4, k)).append('\n');
            int[] b7 = {1, -1, 2, -2, 3};
            int[] o7 = new int[8];
            log.append(deviceOrBailout("two elements before the loop, k = " + k, x -> twoElementsBeforeTheLoop(
                    (int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3]), s -> s.task("t",
                    CatchProbeTest::twoElementsBeforeTheLoop, a, b7, o7, k), a, b7, o7, k)).append('\n');
            int[] a8 = {3, 9, 1, -4, 0, 7, 2, 12};
            int[] o8 = new int[8];
            log.append(deviceOrBailout("element of an element before the loop, k = " + k,
                    x -> elementOfElementBeforeTheLoop((int[]) x[0], (int[]) x[1], (Integer) x[2]), s -> s.task("t",
                    CatchProbeTest::elementOfElementBeforeTheLoop, a8, o8, k), a8, o8, k)).append('\n');
            int[] o5 = new int[8];
            log.append(deviceOrBailout("bound from a try, k = " + k, x -> boundFromATry((int[]) x[0], (int[]) x[1],
                    (Integer) x[2]), s -> s.task("t", CatchProbeTest::boundFromATry, a, o5, k), a, o5, k))
                    .append('\n');
            int[] o6 = new int[8];
            log.append(deviceOrBailout("one try around the prelude and the loop, k = " + k,
                    x -> tryAroundPreludeAndLoop((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", CatchProbeTest::tryAroundPreludeAndLoop, a, o6, k), a, o6, k)).append('\n');
        }
        System.out.println("[CatchProbeTest] tries before the @Parallel loop:\n" + log);
    }

    /** One try around code before the loop and the loop: a division before the loop caught outside it. */
    public static void tryAroundPreludeAndLoop(int[] a, int[] out, int k) {
        try {
            int q = 100 / k;
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] * q;
            }
        } catch (ArithmeticException e) {
            out[0] = -1;
        }
    }

    /** A try inside the loop, and one around it: the outer one only on the JVM. */
    public static void tryInsideAndAround(int[] a, int[] b, int[] out) {
        try {
            for (@Parallel int i = 0; i < out.length; i++) {
                try {
                    out[i] = a[i] / b[i];
                } catch (ArithmeticException e) {
                    out[i] = -1;
                }
                out[i] += 100 / (b[i] + 5);
            }
        } catch (ArithmeticException e) {
            out[0] = 12345;
        }
    }

    @Test
    public void triesAroundTheParallelLoop() {
        int n = 100;
        int[] b = withZeros(64, n, -4, 5);
        check(CatchProbeTest::tryInsideAndAround, JvmOracle.ints(65, n), b, new int[n]);
        int[] b2 = b.clone();
        b2[50] = -5;
        int[] o2 = new int[n];
        int[] a2 = JvmOracle.ints(66, n);
        same("outer try, inner division escapes", Where.RERUN, x -> tryInsideAndAround((int[]) x[0], (int[]) x[1],
                (int[]) x[2]), s -> s.task("t", CatchProbeTest::tryInsideAndAround, a2, b2, o2), a2, b2, o2);
    }

    // ================================================================ nested handlers, switches, slots

    /** The inner handler divides (caught outside) and reads past the end (caught outside). */
    public static void nestedHandlers(int[] a, int[] idx, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = 0;
            int stage = 0;
            try {
                try {
                    stage = 1;
                    v = a[idx[i]];
                    stage = 2;
                } catch (ArrayIndexOutOfBoundsException e) {
                    stage = 3;
                    v = 1000 / b[i];
                    stage = 4;
                    v += a[(idx[i] & 0xFF) - 60];
                    stage = 5;
                }
            } catch (ArithmeticException e) {
                v = -stage;
            } catch (IndexOutOfBoundsException e) {
                v = stage * 1000 + v;
            }
            out[i] = v;
        }
    }

    public static void switchesInTryAndHandler(int[] a, int[] b, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            try {
                switch (a[i] & 3) {
                    case 0:
                        v = 100 / b[i];
                        break;
                    case 1:
                        v = a[idx[i]];
                        break;
                    case 2:
                        v = (int) (1000L % b[i]);
                        break;
                    default:
                        v = 1;
                }
            } catch (RuntimeException e) {
                switch (b[i] & 1) {
                    case 0:
                        v = -1;
                        break;
                    default:
                        v = -2;
                }
            }
            out[i] = v;
        }
    }

    /** Block-scoped locals of four types share slots; the handler merges throws where the slots differ. */
    public static void slotsReused(int[] a, float[] f, long[] l, int[] idx, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double r = 0;
            try {
                {
                    int t = a[idx[i]];
                    r += t;
                }
                {
                    float g = f[idx[i] + 1];
                    r += g;
                }
                {
                    long h = l[idx[i] + 2];
                    r += h;
                }
                {
                    double q = 1.0 / a[idx[i] + 3];
                    r += q;
                }
                r += 10 / a[idx[i] + 3];
            } catch (RuntimeException e) {
                r = -r;
            }
            out[i] = r;
        }
    }

    @Test
    public void nestedHandlersSwitchesAndSlots() {
        int n = 250;
        int[] a = JvmOracle.ints(67, 100, -3, 4);
        check(CatchProbeTest::nestedHandlers, a, indices(68, n, 100), withZeros(69, n, -2, 3), new int[n]);
        check(CatchProbeTest::switchesInTryAndHandler, JvmOracle.ints(70, n), withZeros(71, n, -3, 4),
                indices(72, n, 100), new int[n]);
        check(CatchProbeTest::slotsReused, a, JvmOracle.floats(73, 98, -2f, 2f), JvmOracle.longs(74, 97),
                indices(75, n, 100), new double[n]);
    }

    // ================================================================ guardElimination: branches that do not prove

    public static void underGe(int[] a, int[] out, int d) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (d >= 0) {
                out[i] = a[i] / d;
            } else {
                out[i] = 1;
            }
        }
    }

    public static void underOtherArraysLength(int[] a, int[] b, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = idx[i];
            if (j >= 0 && j < b.length) {
                out[i] = a[j];
            }
        }
    }

    public static void underLe(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = idx[i];
            if (j > -1 && j <= a.length) {
                out[i] = a[j];
            }
        }
    }

    public static void underLongNarrowed(int[] a, long[] ds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long d = ds[i];
            if (d != 0L) {
                out[i] = a[i] / (int) d;
            }
        }
    }

    public static void underIntWidened(long[] a, int[] ds, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int d = ds[i];
            if (d != 0) {
                out[i] = a[i] / d + a[i] % d;
            } else {
                out[i] = -1;
            }
        }
    }

    public static void notDominating(int[] a, int[] out, int d) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (d != 0) {
                out[i] = 5;
            }
            out[i] += a[i] / d;
        }
    }

    public static void reassignedUnder(int[] a, int[] ds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int d = ds[i];
            if (d != 0) {
                d = d - 1;
                out[i] = a[i] / d;
            }
        }
    }

    public static void upperOnly(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = idx[i];
            if (!(j >= a.length)) {
                out[i] = a[j];
            }
        }
    }

    public static void loopCarried(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = idx[i];
            int s = 0;
            for (int t = 0; t < 3; t++) {
                if (j >= 0 && j < a.length) {
                    s += a[j];
                }
                j += 40;
            }
            out[i] = s + a[j - 120];
        }
    }

    public static void downToZero(int[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int d = m; d >= 0; d--) {
                s += (i + 100) / d;
            }
            out[i] = s;
        }
    }

    /** Branches that do prove: on the device. */
    public static void proving(int[] a, int[] idx, long[] ds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = idx[i];
            long d = ds[i];
            int v = 0;
            if (Integer.compareUnsigned(j, a.length) < 0) {
                v = a[j];
            }
            if (j < 0 || j >= a.length) {
                v -= 1;
            } else {
                v += a[j] * 3;
            }
            if (0L == d) {
                v ^= 0x100;
            } else {
                v += (int) (a[i] / d) + (int) (a[i] % d);
            }
            if (d > 0 || d < 0) {
                v += (int) (77L / d);
            }
            out[i] = v;
        }
    }

    @Test
    public void branchesThatDoNotProveKeepTheirChecks() {
        int n = 100;
        int[] a = JvmOracle.ints(76, n);
        int[] o1 = new int[n];
        MoreChecks.checkThrows(x -> underGe((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", CatchProbeTest::underGe, a, o1, 0), a, o1, 0);
        check(CatchProbeTest::underGe, a, new int[n], -3);
        check(CatchProbeTest::underGe, a, new int[n], 3);
        int[] big = JvmOracle.ints(77, n + 10);
        int[] idx = JvmOracle.ints(78, n, 0, n + 10);
        idx[40] = n + 5;
        int[] o2 = new int[n];
        MoreChecks.checkThrows(x -> underOtherArraysLength((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", CatchProbeTest::underOtherArraysLength, a, big, idx, o2), a, big, idx, o2);
        int[] idx3 = JvmOracle.ints(79, n, -5, n);
        idx3[60] = n;
        int[] o3 = new int[n];
        MoreChecks.checkThrows(x -> underLe((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::underLe, a, idx3, o3), a, idx3, o3);
        long[] ds = new long[n];
        for (int i = 0; i < n; i++) {
            ds[i] = i % 3 == 0 ? 0 : i - 50;
        }
        check(CatchProbeTest::underLongNarrowed, a, ds, new int[n]);
        long[] ds2 = ds.clone();
        ds2[70] = 1L << 32;
        int[] o4 = new int[n];
        MoreChecks.checkThrows(x -> underLongNarrowed((int[]) x[0], (long[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::underLongNarrowed, a, ds2, o4), a, ds2, o4);
        int[] di = withZeros(80, n, -2, 3);
        di[5] = -1;
        long[] la = JvmOracle.longs(81, n);
        la[5] = Long.MIN_VALUE;
        check(CatchProbeTest::underIntWidened, la, di, new long[n]);
        int[] o5 = new int[n];
        MoreChecks.checkThrows(x -> notDominating((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", CatchProbeTest::notDominating, a, o5, 0), a, o5, 0);
        int[] d6 = JvmOracle.ints(82, n, 2, 9);
        d6[33] = 1;
        int[] o6 = new int[n];
        MoreChecks.checkThrows(x -> reassignedUnder((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::reassignedUnder, a, d6, o6), a, d6, o6);
        int[] idx7 = JvmOracle.ints(83, n, 0, n + 4);
        idx7[20] = -1;
        int[] o7 = new int[n];
        MoreChecks.checkThrows(x -> upperOnly((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::upperOnly, a, idx7, o7), a, idx7, o7);
        int[] idx8 = JvmOracle.ints(84, n, -10, n + 10);
        int[] o8 = new int[n];
        MoreChecks.checkThrows(x -> loopCarried((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::loopCarried, a, idx8, o8), a, idx8, o8);
        check(CatchProbeTest::loopCarried, a, JvmOracle.ints(85, n, 0, n), new int[n]);
        int[] o9 = new int[n];
        MoreChecks.checkThrows(x -> downToZero((int[]) x[0], (Integer) x[1]),
                s -> s.task("t", CatchProbeTest::downToZero, o9, 5), o9, 5);
        check(CatchProbeTest::downToZero, new int[n], -1);
        long[] dz = new long[n];
        for (int i = 0; i < n; i++) {
            dz[i] = i % 4 == 0 ? 0 : (i % 4 == 1 ? -1 : (long) i << 33);
        }
        int[] pa = a.clone();
        pa[1] = Integer.MIN_VALUE;
        check(CatchProbeTest::proving, pa, indices(86, n, n), dz, new int[n]);
    }

    // ================================================================ the exception object (a placeholder)

    public static void exceptionIsNull(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = e == null ? 1 : 2;
            }
        }
    }

    public static void exceptionInstanceof(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[b[i] & 0x7F] / b[i];
            } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
                out[i] = e instanceof ArithmeticException ? 1 : 2;
            }
        }
    }

    static int nullOrNot(Throwable t) {
        return t == null ? 0 : 3;
    }

    static int ignores(Throwable t, int v) {
        return v + 1;
    }

    public static void exceptionToAHelper(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = nullOrNot(e);
            }
        }
    }

    public static void exceptionToAHelperThatIgnoresIt(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = ignores(e, i);
            }
        }
    }

    public static void exceptionMessage(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = e.getMessage().length();
            }
        }
    }

    public static void exceptionSameAsItself(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                Object o = e;
                out[i] = o == e ? 1 : 2;
            }
        }
    }

    public static void conditionalRethrow(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                if (a[i] < 0) {
                    throw e;
                }
                out[i] = -1;
            }
        }
    }

    /** Two different exceptions compared: never the same object in Java. */
    public static void twoExceptionsCompared(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                try {
                    out[i] = a[b[i] + 200];
                } catch (ArrayIndexOutOfBoundsException e2) {
                    Object x = e;
                    out[i] = x == e2 ? 1 : 2;
                }
            }
        }
    }

    /** The exception compared with a local holding null. */
    public static void exceptionComparedWithANullLocal(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                Throwable none = null;
                out[i] = none == e ? 1 : 2;
            }
        }
    }

    /** An exception remembered across tries, then compared with the next one. */
    public static void rememberedException(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Throwable first = null;
            int v = 0;
            try {
                v = a[i] / b[i];
            } catch (ArithmeticException e) {
                first = e;
            }
            try {
                v += a[v + 200];
            } catch (ArrayIndexOutOfBoundsException e2) {
                v = first == e2 ? 1 : 2;
            }
            out[i] = v;
        }
    }

    /** A use of the exception object: the JVM's result, or a clean bailout (the object is not on the device). */
    private static String jvmResultOrBailout(String what, Task3<int[], int[], int[]> task, int[] a, int[] b) {
        int[] out = new int[b.length];
        Object[] args = {a, b, out};
        Object[] mirror = JvmOracle.cloneArgs(args);
        Throwable expected = null;
        try {
            task.apply((int[]) mirror[0], (int[]) mirror[1], (int[]) mirror[2]);
        } catch (Throwable t) {
            expected = t;
        }
        try (TaskSchedule s = new TaskSchedule("use").task("t", task, a, b, out)) {
            Throwable got = null;
            try {
                s.execute();
            } catch (Throwable t) {
                got = t;
            }
            if (got instanceof CompilationException) {
                return what + ": bailout: " + got.getMessage();
            }
            if (expected == null) {
                if (got != null) {
                    throw new AssertionError(what + ": the JVM returns normally but execute() threw " + got, got);
                }
            } else {
                assertNotNull(what + ": expected " + expected, got);
                assertEquals(what, expected.getClass(), got.getClass());
                assertEquals(what, expected.getMessage(), got.getMessage());
            }
            for (int k = 0; k < 3; k++) {
                assertSame(what + ": argument " + (k + 1) + " (ran on " + s.report().task("t").ranOn() + ")",
                        mirror[k], args[k]);
            }
            return what + ": ran on " + s.report().task("t").ranOn() + " (" + s.report().task("t").reason() + ")";
        }
    }

    @Test
    public void usesOfTheExceptionObject() {
        int n = 64;
        int[] a = JvmOracle.ints(87, 100, -9, 9);
        int[] b = withZeros(88, n, -3, 200);
        StringBuilder log = new StringBuilder();
        log.append(jvmResultOrBailout("e == null", CatchProbeTest::exceptionIsNull,
                a, b)).append('\n');
        log.append(jvmResultOrBailout("instanceof", CatchProbeTest::exceptionInstanceof, a, b)).append('\n');
        log.append(jvmResultOrBailout("helper tests null", CatchProbeTest::exceptionToAHelper, a, b)).append('\n');
        log.append(jvmResultOrBailout("helper ignores it", CatchProbeTest::exceptionToAHelperThatIgnoresIt, a, b)).append('\n');
        log.append(jvmResultOrBailout("getMessage", CatchProbeTest::exceptionMessage, a, b)).append('\n');
        log.append(jvmResultOrBailout("o == e", CatchProbeTest::exceptionSameAsItself, a, b)).append('\n');
        log.append(jvmResultOrBailout("conditional rethrow", CatchProbeTest::conditionalRethrow, a, b)).append('\n');
        log.append(jvmResultOrBailout("e == e2", CatchProbeTest::twoExceptionsCompared, a, b)).append('\n');
        log.append(jvmResultOrBailout("null local == e", CatchProbeTest::exceptionComparedWithANullLocal, a, b))
                .append('\n');
        log.append(jvmResultOrBailout("remembered == e2", CatchProbeTest::rememberedException, a, b)).append('\n');
        System.out.println("[CatchProbeTest] uses of the exception object:\n" + log);
    }

    // ================================================================ host proofs, batches, splits, null arrays

    public static void window(int[] a, int[] out, int k) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            try {
                v = a[i + k];
            } catch (ArrayIndexOutOfBoundsException e) {
                v = -i;
            }
            out[i] = v;
        }
    }

    public static void stencil(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float v;
            try {
                v = a[i + 1] - a[i - 1];
            } catch (ArrayIndexOutOfBoundsException e) {
                v = a[i] * 0.5f;
            }
            out[i] = v;
        }
    }

    public static void divideMap(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i] + a[i] % (b[i] - 1);
            } catch (ArithmeticException e) {
                out[i] = i;
            }
        }
    }

    public static void caughtOnNull(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i];
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = -1;
            }
        }
    }

    public static void caughtOnNullByException(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i];
            } catch (Exception e) {
                out[i] = -1;
            }
        }
    }

    private static String[] halves() {
        for (dev.ferrocl.api.Device d : Devices.list()) {
            if (d.type().equalsIgnoreCase("CPU")) {
                return new String[] {d.id() + ".0/2", d.id() + ".1/2"};
            }
        }
        String d = Devices.defaultDevice().id();
        return new String[] {d + ".0/2", d + ".1/2"};
    }

    @Test
    public void hostProofsBatchesSplitsAndNullArrays() {
        int n = 100;
        int[] a = JvmOracle.ints(89, n);
        for (int k : new int[] {0, 5, -3, n, -n, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 50}) {
            check(CatchProbeTest::window, a, new int[n], k);
        }
        int big = 6000;
        float[] f = JvmOracle.floats(90, big, -4f, 4f);
        int[] ia = JvmOracle.ints(91, big);
        int[] ib = withZeros(92, big, -3, 4);
        ib[big / 2] = 0;
        ib[big / 2 + 1] = 1;
        String[] names = {"batches", "two devices", "copies"};
        for (int mode = 0; mode < 3; mode++) {
            int m = mode;
            Supplier<TaskSchedule> make = () -> m == 0 ? new TaskSchedule("b").batch("8KB")
                    : m == 1 ? new TaskSchedule("s").devices(halves()) : new TaskSchedule("c").inPlace(false);
            String p = names[m] + ": ";
            float[] fo = new float[big];
            same(p + "stencil", Where.EITHER, make, x -> stencil((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", CatchProbeTest::stencil, f, fo), f, fo);
            int[] dq = new int[big];
            same(p + "divisions", Where.EITHER, make, x -> divideMap((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", CatchProbeTest::divideMap, ia, ib, dq), ia, ib, dq);
            int[] wo = new int[big];
            same(p + "window", Where.EITHER, make, x -> window((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", CatchProbeTest::window, ia, wo, 17), ia, wo, 17);
        }
        int[] o = new int[10];
        same("null array, index caught", Where.EITHER, x -> caughtOnNull((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", CatchProbeTest::caughtOnNull, null, o), null, o);
        int[] o2 = new int[10];
        same("null array, Exception caught", Where.EITHER, x -> caughtOnNullByException((int[]) x[0],
                (int[]) x[1]), s -> s.task("t", CatchProbeTest::caughtOnNullByException, null, o2), null, o2);
    }

    // ================================================================ other phases around a caught instruction

    /** The division is invariant in the inner loop (hoistInvariants must not compute it before its test). */
    public static void invariantDivisionInAnInnerLoop(int[] a, int[] b, long[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int x = a[i];
            int d = b[i];
            long s = 0;
            for (int k = 0; k < m; k++) {
                try {
                    s += x / d + k;
                } catch (ArithmeticException e) {
                    s -= k;
                }
            }
            out[i] = s;
        }
    }

    /** The element read is invariant in the inner loop, its index may be out of range. */
    public static void invariantLoadInAnInnerLoop(int[] a, int[] idx, long[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = idx[i];
            long s = 0;
            for (int k = 0; k < m; k++) {
                try {
                    s += a[j] * (long) k;
                } catch (ArrayIndexOutOfBoundsException e) {
                    s += 1000;
                }
            }
            out[i] = s;
        }
    }

    /** A @Parallel loop counting down (count_up turns it around). */
    public static void countingDown(int[] a, int[] b, int[] out) {
        for (@Parallel int i = out.length - 1; i >= 0; i--) {
            try {
                out[i] = a[i + 1] / b[i];
            } catch (ArithmeticException e) {
                out[i] = -i;
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = i * 1000;
            }
        }
    }

    /** A @Parallel loop with a long bound. */
    public static void longBound(int[] a, int[] b, int[] out, long n) {
        for (@Parallel int i = 0; i < n; i++) {
            try {
                out[i] = a[i] % b[i];
            } catch (ArithmeticException e) {
                out[i] = 31;
            }
        }
    }

    /** A branch on the parity of the index (coherentBranches) around tries. */
    public static void parity(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if ((i & 1) == 0) {
                try {
                    out[i] = a[i] / b[i];
                } catch (ArithmeticException e) {
                    out[i] = 2;
                }
            } else {
                try {
                    out[i] = a[i] % b[i - 1];
                } catch (ArithmeticException e) {
                    out[i] = 3;
                }
            }
        }
    }

    /** A private array with caught stores and loads at an index that may be out of its range. */
    public static void privateArray(int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[4];
            int k = idx[i];
            try {
                t[k] = 5;
                t[k + 1] = 7;
                t[3] += t[k - 1];
            } catch (ArrayIndexOutOfBoundsException e) {
                t[0] -= 1;
            }
            out[i] = t[0] + t[1] * 10 + t[2] * 100 + t[3] * 1000;
        }
    }

    @Test
    public void hoistsCountingDownParityAndPrivateArrays() {
        int n = 120;
        int[] a = JvmOracle.ints(93, n + 1);
        int[] b = withZeros(94, n, -3, 4);
        check(CatchProbeTest::invariantDivisionInAnInnerLoop, a, b, new long[n], 7);
        check(CatchProbeTest::invariantLoadInAnInnerLoop, a, indices(95, n, n + 1), new long[n], 7);
        check(CatchProbeTest::countingDown, a, b, new int[n]);
        check(CatchProbeTest::countingDown, JvmOracle.ints(96, n), b, new int[n]);
        check(CatchProbeTest::longBound, a, b, new int[n], (long) n);
        check(CatchProbeTest::parity, a, b, new int[n]);
        int[] pidx = JvmOracle.ints(97, n, -2, 6);
        pidx[0] = Integer.MIN_VALUE;
        pidx[1] = Integer.MAX_VALUE;
        check(CatchProbeTest::privateArray, pidx, new int[n]);
    }

    // ================================================================ library calls that throw inside a try

    public static void libraryThrows(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            try {
                v = Math.floorDiv(a[i], b[i]) + Math.floorMod(a[i], b[i]);
                v = Math.addExact(v, a[i]);
                v ^= Integer.divideUnsigned(a[i], b[i]);
            } catch (ArithmeticException e) {
                v = -1;
            }
            out[i] = v;
        }
    }

    public static void copyInATry(int[] a, int[] ks, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[3];
            try {
                System.arraycopy(a, ks[i], t, 0, 3);
            } catch (IndexOutOfBoundsException e) {
                t[1] = -1;
            }
            out[i] = t[0] + t[1] + t[2];
        }
    }

    @Test
    public void libraryCallsThatThrowInATry() {
        int n = 80;
        int[] a = JvmOracle.ints(98, n, -100_000, 100_000);
        int[] b = JvmOracle.ints(99, n, 1, 4);
        check(CatchProbeTest::libraryThrows, a, b, new int[n]);
        // addExact overflows inside the library method: not caught on the device; the JVM reruns and catches it.
        int[] ov = a.clone();
        ov[7] = Integer.MAX_VALUE;
        int[] o0 = new int[n];
        same("addExact overflows in a try", Where.RERUN, x -> libraryThrows((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::libraryThrows, ov, b, o0), ov, b, o0);
        int[] bz = withZeros(100, n, -3, 4);
        int[] o = new int[n];
        same("floorDiv by zero in a try", Where.EITHER, x -> libraryThrows((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::libraryThrows, a, bz, o), a, bz, o);
        int[] ks = JvmOracle.ints(101, n, 0, n - 3);
        check(CatchProbeTest::copyInATry, a, ks, new int[n]);
        int[] ks2 = ks.clone();
        ks2[5] = n - 2;
        ks2[9] = -1;
        int[] o2 = new int[n];
        same("arraycopy out of range in a try", Where.EITHER, x -> copyInATry((int[]) x[0], (int[]) x[1],
                (int[]) x[2]), s -> s.task("t", CatchProbeTest::copyInATry, a, ks2, o2), a, ks2, o2);
    }

    // ================================================================ more control flow in handlers

    /** A labelled break from the handler out of two sequential loops. */
    public static void labelledBreak(int[] a, int[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int r = 0;
            int c = 0;
            outer:
            for (r = 0; r < m; r++) {
                for (c = 0; c < m; c++) {
                    try {
                        s += 500 / a[(i + r * m + c) % a.length];
                    } catch (ArithmeticException e) {
                        if ((s & 1) == 0) {
                            break outer;
                        }
                        s++;
                    }
                }
            }
            out[i] = s * 10000 + r * 100 + c;
        }
    }

    /** A try inside the handler, and a loop in the handler. */
    public static void tryInTheHandler(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            try {
                v = a[idx[i]];
            } catch (ArrayIndexOutOfBoundsException e) {
                v = 0;
                for (int k = 0; k < 3; k++) {
                    try {
                        v += 100 / a[(i + k) % a.length];
                    } catch (ArithmeticException e2) {
                        v -= 1000 * (k + 1);
                    }
                }
            }
            out[i] = v;
        }
    }

    /** Tries in a row sharing a local; a handler falls into the next try. */
    public static void triesInARow(int[] a, int[] b, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = i;
            int where = 0;
            try {
                v = a[idx[i]];
                where = 1;
            } catch (ArrayIndexOutOfBoundsException e) {
                where = 2;
            }
            try {
                v = v / b[i];
                where += 10;
            } catch (ArithmeticException e) {
                where += 20;
                v = -v;
            }
            try {
                v += a[v & 0xFF];
                where += 100;
            } catch (ArrayIndexOutOfBoundsException e) {
                where += 200;
            }
            out[i] = v * 1000 + where;
        }
    }

    public static final class Scaler {
        final int[] data;
        final int[] out;
        final int divisor;

        Scaler(int[] data, int[] out, int divisor) {
            this.data = data;
            this.out = out;
            this.divisor = divisor;
        }

        public void scale() {
            for (@Parallel int i = 0; i < out.length; i++) {
                try {
                    out[i] = data[i] / divisor + data[i + divisor];
                } catch (ArithmeticException e) {
                    out[i] = ~i;
                } catch (ArrayIndexOutOfBoundsException e) {
                    out[i] = i;
                }
            }
        }
    }

    static int staticDivisor = 0;

    public static void staticDivisor(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / staticDivisor;
            } catch (ArithmeticException e) {
                out[i] = -i;
            }
        }
    }

    @Test
    public void moreControlFlowInHandlers() {
        int n = 100;
        int[] a = JvmOracle.ints(102, 97, -2, 3);
        check(CatchProbeTest::labelledBreak, a, new int[n], 5);
        check(CatchProbeTest::tryInTheHandler, a, indices(103, n, 97), new int[n]);
        check(CatchProbeTest::triesInARow, JvmOracle.ints(104, 300, -300, 300), withZeros(105, n, -2, 3),
                indices(106, n, 300), new int[n]);
        for (int d : new int[] {0, 3, -3, 200}) {
            Scaler sc = new Scaler(JvmOracle.ints(107, n), new int[n], d);
            Scaler js = new Scaler(sc.data.clone(), new int[n], d);
            js.scale();
            try (TaskSchedule s = new TaskSchedule("scaler").task("t", Scaler::scale, sc)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            assertSame("receiver's out, divisor " + d, js.out, sc.out);
        }
        int saved = staticDivisor;
        try {
            for (int d : new int[] {0, 7}) {
                staticDivisor = d;
                check(CatchProbeTest::staticDivisor, JvmOracle.ints(108, n), new int[n]);
            }
        } finally {
            staticDivisor = saved;
        }
    }

    // ================================================================ null arrays in fields, try-with-resources

    public static final class Fields {
        final int[] data;
        final int[] out;

        Fields(int[] data, int[] out) {
            this.data = data;
            this.out = out;
        }

        public void indexOnly() {
            for (@Parallel int i = 0; i < out.length; i++) {
                try {
                    out[i] = data[i];
                } catch (ArrayIndexOutOfBoundsException e) {
                    out[i] = -1;
                }
            }
        }

        public void anyRuntime() {
            for (@Parallel int i = 0; i < out.length; i++) {
                try {
                    out[i] = data[i] + 1;
                } catch (RuntimeException e) {
                    out[i] = -2;
                }
            }
        }
    }

    static int[] nullable;

    public static void staticNullable(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = nullable[i];
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = -3;
            }
        }
    }

    public static void staticNullableCaughtByException(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = nullable[i] * 2;
            } catch (Exception e) {
                out[i] = -4;
            }
        }
    }

    private interface FieldsRun {
        void run(Fields f);
    }

    /** The receiver's method on a copy on the JVM, then on the device: the same exception and arrays. */
    private static String fieldsCase(String what, FieldsRun jvm, dev.ferrocl.api.Task1<Fields> task, int[] data,
            int n) {
        Fields f = new Fields(data, new int[n]);
        Fields jf = new Fields(data == null ? null : data.clone(), new int[n]);
        Throwable expected = null;
        try {
            jvm.run(jf);
        } catch (Throwable t) {
            expected = t;
        }
        try (TaskSchedule s = new TaskSchedule("fields").task("t", task, f)) {
            Throwable got = null;
            try {
                s.execute();
            } catch (Throwable t) {
                got = t;
            }
            if (got instanceof CompilationException) {
                throw new AssertionError(what + ": bailout: " + got.getMessage(), got);
            }
            TaskReport t = s.report().task("t");
            if (expected == null) {
                if (got != null) {
                    throw new AssertionError(what + ": the JVM returns normally but execute() threw " + got, got);
                }
            } else {
                assertNotNull(what + ": expected the JVM's " + expected + " but returned normally on " + t.ranOn(),
                        got);
                assertEquals(what, expected.getClass(), got.getClass());
            }
            assertSame(what + ": out (ran on " + t.ranOn() + ")", jf.out, f.out);
            return t.ranOn().toString();
        }
    }

    @Test
    public void nullArraysInFieldsAndStatics() {
        int n = 20;
        fieldsCase("field array present, index caught", Fields::indexOnly, Fields::indexOnly,
                JvmOracle.ints(109, 15), n);
        fieldsCase("field array null, index caught", Fields::indexOnly, Fields::indexOnly, null, n);
        fieldsCase("field array present, RuntimeException caught", Fields::anyRuntime, Fields::anyRuntime,
                JvmOracle.ints(110, 15), n);
        fieldsCase("field array null, RuntimeException caught", Fields::anyRuntime, Fields::anyRuntime, null, n);
        int[] saved = nullable;
        try {
            for (int[] v : new int[][] {null, JvmOracle.ints(111, 12)}) {
                nullable = v;
                int[] o = new int[n];
                same("static array " + (v == null ? "null" : "present") + ", index caught", Where.EITHER,
                        x -> staticNullable((int[]) x[0]), s -> s.task("t", CatchProbeTest::staticNullable, o), o);
                int[] o2 = new int[n];
                same("static array " + (v == null ? "null" : "present") + ", Exception caught", Where.EITHER,
                        x -> staticNullableCaughtByException((int[]) x[0]),
                        s -> s.task("t", CatchProbeTest::staticNullableCaughtByException, o2), o2);
            }
        } finally {
            nullable = saved;
        }
    }

    static final class Closer implements AutoCloseable {
        final int at;
        int closed;

        Closer(int at) {
            this.at = at;
        }

        @Override
        public void close() {
            closed = at + 1;
        }
    }

    public static void withResources(int[] a, int[] b, int[] out, int[] log) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try (Closer c = new Closer(i)) {
                out[i] = a[i] / b[i] + c.at;
            } catch (ArithmeticException e) {
                out[i] = -1;
            }
            log[i] = i;
        }
    }

    @Test
    public void tryWithResources() {
        int n = 50;
        int[] a = JvmOracle.ints(112, n);
        StringBuilder log = new StringBuilder();
        int[] b = JvmOracle.ints(113, n, 1, 4);
        int[] o = new int[n];
        int[] l = new int[n];
        log.append(deviceOrBailout("try-with-resources, no zero", x -> withResources((int[]) x[0], (int[]) x[1],
                (int[]) x[2], (int[]) x[3]), s -> s.task("t", CatchProbeTest::withResources, a, b, o, l), a, b, o, l))
                .append('\n');
        int[] bz = withZeros(114, n, -2, 3);
        int[] o2 = new int[n];
        int[] l2 = new int[n];
        log.append(deviceOrBailout("try-with-resources, zeros", x -> withResources((int[]) x[0], (int[]) x[1],
                (int[]) x[2], (int[]) x[3]), s -> s.task("t", CatchProbeTest::withResources, a, bz, o2, l2), a, bz,
                o2, l2)).append('\n');
        System.out.println("[CatchProbeTest] try-with-resources:\n" + log);
    }

    // ================================================================ reductions, loop tests, vector groups

    /** The handler skips the fold ({@code continue} in a @Reduce loop). */
    public static void reduceSkipped(int[] a, int[] b, @Reduce long[] sum, @Reduce int[] max) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int q;
            try {
                q = a[i] / b[i];
            } catch (ArithmeticException e) {
                continue;
            }
            sum[0] += q;
            max[0] = Math.max(max[0], q);
        }
    }

    /** Folds in the try, one before the throw, and in the handler. */
    public static void reduceFoldsInTheTry(int[] a, int[] b, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            try {
                sum[0] += a[i];
                sum[0] += 1000 / b[i];
            } catch (ArithmeticException e) {
                sum[0] += 7;
            }
        }
    }

    /** The smallest form: the update's right-hand side throws into a handler that updates too. */
    public static void reduceUpdateThrows(int[] b, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < b.length; i++) {
            try {
                sum[0] += 1000 / b[i];
            } catch (ArithmeticException e) {
                sum[0] += 7;
            }
        }
    }

    /** The same with the handler not updating. */
    public static void reduceUpdateThrowsHandlerSkips(int[] b, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < b.length; i++) {
            try {
                sum[0] += 1000 / b[i];
            } catch (ArithmeticException e) {
                continue;
            }
        }
    }

    /** A sequential loop whose test reads the element that may be out of range. */
    public static void loopTestReads(int[] a, int[] start, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int n = 0;
            int k = start[i];
            try {
                for (; a[k] != 0; k += 2) {
                    n++;
                }
            } catch (ArrayIndexOutOfBoundsException e) {
                n = -n;
            }
            out[i] = n * 1000 + k;
        }
    }

    /** Four consecutive floats, each load caught, with the progress in a local. */
    public static void quadLoads(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0;
            int k = 0;
            try {
                s += a[4 * i];
                k = 1;
                s += a[4 * i + 1] * 2f;
                k = 2;
                s += a[4 * i + 2] * 3f;
                k = 3;
                s -= a[4 * i + 3] * 0.5f;
                k = 4;
            } catch (ArrayIndexOutOfBoundsException e) {
                s = -s - k;
            }
            out[i] = s;
        }
    }

    public static void quadExpression(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[4 * i] + a[4 * i + 1] * 2f + a[4 * i + 2] * 3f - a[4 * i + 3] * 0.5f;
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = -1f;
            }
        }
    }

    /** Eight consecutive byte stores, caught: the last work-item stores only the ones in range. */
    public static void byteStores(int[] in, byte[] out, int[] done) {
        for (@Parallel int i = 0; i < in.length; i++) {
            int x = in[i];
            int k = 0;
            try {
                out[8 * i] = (byte) x;
                k++;
                out[8 * i + 1] = (byte) (x >> 8);
                k++;
                out[8 * i + 2] = (byte) (x >> 16);
                k++;
                out[8 * i + 3] = (byte) (x >> 24);
                k++;
                out[8 * i + 4] = (byte) ~x;
                k++;
                out[8 * i + 5] = (byte) (~x >> 8);
                k++;
                out[8 * i + 6] = (byte) (~x >> 16);
                k++;
                out[8 * i + 7] = (byte) (~x >> 24);
                k++;
            } catch (ArrayIndexOutOfBoundsException e) {
                k += 100;
            }
            done[i] = k;
        }
    }

    /** Four double stores, caught. */
    public static void quadStores(double[] a, double[] out, int[] done) {
        for (@Parallel int i = 0; i < a.length; i++) {
            try {
                out[4 * i] = a[i];
                out[4 * i + 1] = a[i] * 2;
                out[4 * i + 2] = -a[i];
                out[4 * i + 3] = a[i] + 0.5;
            } catch (ArrayIndexOutOfBoundsException e) {
                done[i] = 1;
            }
        }
    }

    @Test
    public void reductionsLoopTestsAndVectorGroups() {
        int n = 300;
        int[] a = JvmOracle.ints(115, n);
        int[] b = withZeros(116, n, -3, 4);
        check(CatchProbeTest::reduceSkipped, a, b, new long[] {11}, new int[] {Integer.MIN_VALUE});
        StringBuilder log = new StringBuilder();
        long[] s1 = {-5};
        log.append(deviceOrBailout("folds in the try and the handler", x -> reduceFoldsInTheTry((int[]) x[0],
                (int[]) x[1], (long[]) x[2]), s -> s.task("t", CatchProbeTest::reduceFoldsInTheTry, a, b, s1), a, b,
                s1)).append('\n');
        long[] s2 = {-5};
        log.append(deviceOrBailout("update throws, handler updates", x -> reduceUpdateThrows((int[]) x[0],
                (long[]) x[1]), s -> s.task("t", CatchProbeTest::reduceUpdateThrows, b, s2), b, s2)).append('\n');
        long[] s3 = {-5};
        log.append(deviceOrBailout("update throws, handler skips", x -> reduceUpdateThrowsHandlerSkips((int[]) x[0],
                (long[]) x[1]), s -> s.task("t", CatchProbeTest::reduceUpdateThrowsHandlerSkips, b, s3), b, s3))
                .append('\n');
        System.out.println("[CatchProbeTest] reductions updated in the try:\n" + log);
        int[] z = JvmOracle.ints(117, 200, 0, 6);
        check(CatchProbeTest::loopTestReads, z, JvmOracle.ints(118, n, -2, 202), new int[n]);
        for (int len : new int[] {400, 401, 402, 403, 397}) {
            float[] f = JvmOracle.floats(119 + len, len, -8f, 8f);
            check(CatchProbeTest::quadLoads, f, new float[101]);
            check(CatchProbeTest::quadExpression, f, new float[101]);
        }
        for (int len : new int[] {800, 801, 803, 807, 792}) {
            check(CatchProbeTest::byteStores, JvmOracle.ints(120, 100), new byte[len], new int[100]);
        }
        for (int len : new int[] {400, 401, 402, 403}) {
            check(CatchProbeTest::quadStores, JvmOracle.doubles(121, 101, -1, 1), new double[len], new int[101]);
        }
    }

    // ================================================================ divisors from parameters and the index

    public static void parameterDivisor(int[] a, int[] out, int d) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / d + a[i] % (d + 1);
            } catch (ArithmeticException e) {
                out[i] = -i;
            }
        }
    }

    public static void indexDivisor(int[] out, int k) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = 1000 / (i - k);
            } catch (ArithmeticException e) {
                out[i] = Integer.MIN_VALUE;
            }
        }
    }

    public static void indexDivisorDown(long[] out, int k) {
        for (@Parallel int i = out.length - 1; i >= 0; i--) {
            try {
                out[i] = 1000L % (i - k);
            } catch (ArithmeticException e) {
                out[i] = Long.MAX_VALUE;
            }
        }
    }

    /** The index itself in range of the stored array, past the end of the one read. */
    public static void shorterSource(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] * 2;
            } catch (ArrayIndexOutOfBoundsException e) {
                out[i] = -7;
            }
        }
    }

    @Test
    public void divisorsFromParametersAndTheIndex() {
        int n = 64;
        int[] a = JvmOracle.ints(122, n);
        for (int d : new int[] {0, -1, 1, 5, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            check(CatchProbeTest::parameterDivisor, a, new int[n], d);
        }
        for (int k : new int[] {0, 10, n - 1, n, -1, Integer.MIN_VALUE}) {
            check(CatchProbeTest::indexDivisor, new int[n], k);
            check(CatchProbeTest::indexDivisorDown, new long[n], k);
        }
        check(CatchProbeTest::shorterSource, JvmOracle.ints(123, 40), new int[n]);
        check(CatchProbeTest::shorterSource, JvmOracle.ints(124, n), new int[n]);
        check(CatchProbeTest::shorterSource, new int[0], new int[n]);
    }

    // ================================================================ tiles, staged rows, phases switched off

    public static void matmulCaught(int n, int m, int k, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    try {
                        sum += a[i * k + p] * b[p * m + j];
                    } catch (ArrayIndexOutOfBoundsException e) {
                        sum = -sum;
                    }
                }
                c[i * m + j] = sum;
            }
        }
    }

    public static void matvecCaught(int n, float[] a, float[] x, float[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            float sum = 0f;
            int j = 0;
            try {
                for (j = 0; j < n; j++) {
                    sum += a[i * n + j] * x[j];
                }
            } catch (ArrayIndexOutOfBoundsException e) {
                sum += j;
            }
            y[i] = sum;
        }
    }

    public static void rowsDivided(int n, int[] a, int[] x, long[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            long s = 0;
            for (int j = 0; j < n; j++) {
                try {
                    s += a[i * n + j] / x[j];
                } catch (ArithmeticException e) {
                    s ^= j;
                }
            }
            y[i] = s;
        }
    }

    @Test
    public void tilesAndStagedRows() {
        for (int n : new int[] {15, 64, 70}) {
            float[] a = JvmOracle.floats(125, n * n, -1f, 1f);
            float[] b = JvmOracle.floats(126, n * n, -1f, 1f);
            check(CatchProbeTest::matmulCaught, n, n, n, a, b, new float[n * n]);
            float[] shortB = java.util.Arrays.copyOf(b, n * n - n / 2);
            float[] c = new float[n * n];
            same("matmul, b short by " + (n / 2), Where.EITHER, x -> matmulCaught((Integer) x[0], (Integer) x[1],
                    (Integer) x[2], (float[]) x[3], (float[]) x[4], (float[]) x[5]), s -> s.task("t",
                    CatchProbeTest::matmulCaught, n, n, n, a, shortB, c), n, n, n, a, shortB, c);
            check(CatchProbeTest::matvecCaught, n, a, JvmOracle.floats(127, n, -1f, 1f), new float[n]);
            float[] shortA = java.util.Arrays.copyOf(a, n * n - 3);
            float[] y = new float[n];
            float[] xv = JvmOracle.floats(128, n, -1f, 1f);
            same("matvec, a short by 3", Where.EITHER, x -> matvecCaught((Integer) x[0], (float[]) x[1],
                    (float[]) x[2], (float[]) x[3]), s -> s.task("t", CatchProbeTest::matvecCaught, n, shortA, xv, y),
                    n, shortA, xv, y);
            check(CatchProbeTest::rowsDivided, n, JvmOracle.ints(129, n * n), withZeros(130, n, -3, 4),
                    new long[n]);
        }
    }

    /** Every phase that could move or drop a caught access's test, switched off in turn. */
    @Test
    public void phasesSwitchedOff() {
        String[] phases = {"guardElimination", "hostVersioning", "loopVersioning", "hoistInvariants", "hoistLoads",
            "ifConvert", "vectorAccess", "coherentBranches", "scalarReplace", "coalesce", "tile"};
        int n = 120;
        int[] a = JvmOracle.ints(131, 1500, -3, 4);
        int[] idx = indices(132, n, 1500);
        int[] b = withZeros(133, n, -3, 4);
        float[] f = JvmOracle.floats(134, 403, -8f, 8f);
        for (String phase : phases) {
            Supplier<TaskSchedule> make = () -> new TaskSchedule("off").optimization(phase, false);
            String p = phase + " off: ";
            long[] o1 = new long[n];
            double[] o2 = new double[n];
            same(p + "locals at the throw", Where.DEVICE, make, x -> localsAtTheThrow((int[]) x[0], (int[]) x[1],
                    (long[]) x[2], (double[]) x[3]), s -> s.task("t", CatchProbeTest::localsAtTheThrow, a, idx, o1,
                    o2), a, idx, o1, o2);
            long[] o3 = new long[n];
            same(p + "invariant division", Where.DEVICE, make, x -> invariantDivisionInAnInnerLoop((int[]) x[0],
                    (int[]) x[1], (long[]) x[2], (Integer) x[3]), s -> s.task("t",
                    CatchProbeTest::invariantDivisionInAnInnerLoop, a, b, o3, 5), a, b, o3, 5);
            float[] o4 = new float[101];
            same(p + "quads", Where.DEVICE, make, x -> quadLoads((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", CatchProbeTest::quadLoads, f, o4), f, o4);
            int[] o5 = new int[n];
            same(p + "window", Where.DEVICE, make, x -> window((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", CatchProbeTest::window, a, o5, 1450), a, o5, 1450);
            int[] o6 = new int[n];
            int[] pidx = JvmOracle.ints(135, n, -2, 6);
            same(p + "private array", Where.DEVICE, make, x -> privateArray((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", CatchProbeTest::privateArray, pidx, o6), pidx, o6);
            int[] o7 = new int[n];
            same(p + "parity", Where.DEVICE, make, x -> parity((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", CatchProbeTest::parity, a, b, o7), a, b, o7);
            int[] o8 = new int[n];
            // (Without ifConvert, any branch before the loop bails out: not this feature's.)
            if (!phase.equals("ifConvert")) same(p + "element before the loop", Where.DEVICE, make, x -> elementBeforeTheLoop((int[]) x[0],
                    (int[]) x[1], (Integer) x[2]), s -> s.task("t", CatchProbeTest::elementBeforeTheLoop, a, o8,
                    -1), a, o8, -1);
            int m = 16;
            float[] ma = JvmOracle.floats(136, m * m, -1f, 1f);
            float[] mb = JvmOracle.floats(137, m * m - 3, -1f, 1f);
            float[] mc = new float[m * m];
            same(p + "matmul, b short", Where.EITHER, make, x -> matmulCaught((Integer) x[0], (Integer) x[1],
                    (Integer) x[2], (float[]) x[3], (float[]) x[4], (float[]) x[5]), s -> s.task("t",
                    CatchProbeTest::matmulCaught, m, m, m, ma, mb, mc), m, m, m, ma, mb, mc);
        }
    }

    // ================================================================ many caught accesses, labelled continue

    /** 48 caught loads in one expression: 48 tests before the handler. */
    public static void manyCaughtLoads(int[] a, int[] start, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = start[i];
            long s;
            try {
                s = a[j + 0] * 1 + a[j + 1] * 2 + a[j + 2] * 3 + a[j + 3] * 4 + a[j + 4] * 5 + a[j + 5] * 6 + a[j + 6] * 7 + a[j + 7] * 8 + a[j + 8] * 9 + a[j + 9] * 10 + a[j + 10] * 11 + a[j + 11] * 12 + a[j + 12] * 13 + a[j + 13] * 14 + a[j + 14] * 15 + a[j + 15] * 16 + a[j + 16] * 17 + a[j + 17] * 18 + a[j + 18] * 19 + a[j + 19] * 20 + a[j + 20] * 21 + a[j + 21] * 22 + a[j + 22] * 23 + a[j + 23] * 24 + a[j + 24] * 25 + a[j + 25] * 26 + a[j + 26] * 27 + a[j + 27] * 28 + a[j + 28] * 29 + a[j + 29] * 30 + a[j + 30] * 31 + a[j + 31] * 32 + a[j + 32] * 33 + a[j + 33] * 34 + a[j + 34] * 35 + a[j + 35] * 36 + a[j + 36] * 37 + a[j + 37] * 38 + a[j + 38] * 39 + a[j + 39] * 40 + a[j + 40] * 41 + a[j + 41] * 42 + a[j + 42] * 43 + a[j + 43] * 44 + a[j + 44] * 45 + a[j + 45] * 46 + a[j + 46] * 47 + a[j + 47] * 48;
            } catch (ArrayIndexOutOfBoundsException e) {
                s = -j;
            }
            out[i] = s;
        }
    }

    /** The handler, two sequential loops deep, continues the @Parallel loop (that iteration stores nothing). */
    public static void continueTheParallelLoopFromDeep(int[] a, int[] b, int[] out, int m) {
        par:
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int k = 0; k < m; k++) {
                for (int j = 0; j < m; j++) {
                    try {
                        s += a[(i + k * m + j) % a.length] / b[(i + j) % b.length];
                    } catch (ArithmeticException e) {
                        if (s < 0) {
                            continue par;
                        }
                        s += 1000;
                    }
                }
            }
            out[i] = s;
        }
    }

    /** Handlers inside an outer sequential loop, leaving two inner ones, then the outer loop goes on. */
    public static void handlerInAnOuterSequentialLoop(int[] a, int[] b, long[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long s = 0;
            for (int t = 0; t < 3; t++) {
                int k = -1;
                int j = -1;
                try {
                    for (k = 0; k < m; k++) {
                        for (j = 0; j < m; j++) {
                            s += a[(i * 7 + t * m * m + k * m + j) % a.length] / b[(i + t + k + j) % b.length];
                        }
                    }
                } catch (ArithmeticException e) {
                    s = s * 3 + t * 100 + k * 10 + j;
                }
            }
            out[i] = s;
        }
    }

    @Test
    public void manyAccessesAndDeepExits() {
        int n = 100;
        int[] a = JvmOracle.ints(138, 300);
        int[] start = JvmOracle.ints(139, n, -50, 300);
        check(CatchProbeTest::manyCaughtLoads, a, start, new long[n]);
        int[] z = JvmOracle.ints(140, 97, -20, 20);
        int[] bz = JvmOracle.ints(141, 13, -3, 4);
        bz[5] = 0;
        check(CatchProbeTest::continueTheParallelLoopFromDeep, z, bz, JvmOracle.ints(142, n), 4);
        check(CatchProbeTest::handlerInAnOuterSequentialLoop, z, bz, new long[n], 3);
    }

    // ================================================================ reruns after in-place, batched and split runs

    static int divideInACall(int x, int y) {
        return x / y;
    }

    /** Read-modify-write of out; the helper's division escapes into the caller's try (the JVM reruns). */
    public static void accumulateThroughACall(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] += a[i] / b[i];
                out[i] += divideInACall(a[i], b[i] + 3);
            } catch (ArithmeticException e) {
                out[i] -= 1;
            }
        }
    }

    /**
     * Caught zeros in every batch or share, plus (in some runs) one uncaught zero early or late: the device's
     * read-modify-writes must never reach the arrays the JVM's rerun starts from.
     */
    @Test
    public void rerunsStartFromTheOriginalArrays() {
        int n = 20_011;
        int[] a = JvmOracle.ints(143, n);
        int[] b = JvmOracle.ints(144, n, -4, 5);
        for (int k = 0; k < n; k += 97) {
            b[k] = 0;
        }
        int[] late = b.clone();
        late[n - 5] = -10;
        int[] early = b.clone();
        early[5] = -10;
        int[] call = b.clone();
        call[n - 7] = -3;
        String[] names = {"in place", "batches", "two devices", "copies"};
        for (int mode = 0; mode < 4; mode++) {
            int m = mode;
            Supplier<TaskSchedule> make = () -> m == 0 ? new TaskSchedule("p") : m == 1
                    ? new TaskSchedule("b").batch("8KB") : m == 2 ? new TaskSchedule("s").devices(halves())
                    : new TaskSchedule("c").inPlace(false);
            String p = names[m] + ": ";
            for (int[] bb : new int[][] {b, late, early}) {
                int[] out = JvmOracle.ints(145, n);
                same(p + "caught zeros" + (bb == b ? "" : bb == late ? ", an uncaught one late"
                        : ", an uncaught one early"), bb == b ? Where.DEVICE : Where.EITHER, make,
                        x -> keptMix((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                        s -> s.task("t", CatchProbeTest::keptMix, a, bb, out), a, bb, out);
            }
            int[] out2 = JvmOracle.ints(146, n);
            same(p + "a call's division caught by the caller", Where.RERUN, make,
                    x -> accumulateThroughACall((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", CatchProbeTest::accumulateThroughACall, a, call, out2), a, call, out2);
        }
    }

    // ================================================================ handlers that change the loop they are in

    /** The handler moves the loop variable back: no range of k may be assumed from k = 0; k < m; k++. */
    public static void handlerMovesTheLoopVariable(int[] a, int[] b, long[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long s = 0;
            int count = 0;
            for (int k = 0; k < m; k++) {
                try {
                    s += a[(i + k) % a.length] / b[k];
                } catch (ArithmeticException e) {
                    k -= 3;
                    if (++count > 2) {
                        break;
                    }
                }
            }
            out[i] = s * 10 + count;
        }
    }

    /** The handler lowers the loop's limit. */
    public static void handlerLowersTheLimit(int[] a, int[] b, int[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int lim = m;
            int k;
            for (k = 0; k < lim; k++) {
                try {
                    s += a[i * m + k] / b[k];
                } catch (ArithmeticException e) {
                    lim = k + (i & 3);
                }
            }
            out[i] = s * 100 + k;
        }
    }

    /** The handler steps the index past the array, then the loop reads with it (the JVM throws). */
    public static void handlerStepsPastTheEnd(int[] a, int[] b, int[] out, int m) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            int j = 0;
            for (int k = 0; k < m; k++) {
                try {
                    s += 1000 / b[j];
                    j++;
                } catch (ArithmeticException e) {
                    j += a[i];
                }
            }
            out[i] = s + j;
        }
    }

    @Test
    public void handlersThatChangeTheirLoop() {
        int n = 60;
        int m = 8;
        int[] a = JvmOracle.ints(147, 100);
        int[] bLate = JvmOracle.ints(148, m, 1, 5);
        bLate[5] = 0;
        check(CatchProbeTest::handlerMovesTheLoopVariable, a, bLate, new long[n], m);
        int[] bEarly = JvmOracle.ints(149, m, 1, 5);
        bEarly[1] = 0;
        long[] o = new long[n];
        MoreChecks.checkThrows(x -> handlerMovesTheLoopVariable((int[]) x[0], (int[]) x[1], (long[]) x[2],
                (Integer) x[3]), s -> s.task("t", CatchProbeTest::handlerMovesTheLoopVariable, a, bEarly, o, m), a,
                bEarly, o, m);
        int[] bz = withZeros(150, m, -2, 3);
        check(CatchProbeTest::handlerLowersTheLimit, JvmOracle.ints(151, n * m), bz, new int[n], m);
        int[] steps = JvmOracle.ints(152, n, 0, 2);
        int[] bs = JvmOracle.ints(153, 2 * m, 1, 4);
        bs[2] = 0;
        check(CatchProbeTest::handlerStepsPastTheEnd, steps, bs, new int[n], m);
        int[] big = steps.clone();
        big[17] = 100;
        int[] o2 = new int[n];
        MoreChecks.checkThrows(x -> handlerStepsPastTheEnd((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3]),
                s -> s.task("t", CatchProbeTest::handlerStepsPastTheEnd, big, bs, o2, m), big, bs, o2, m);
    }

    // ================================================================ throws inside handlers, finally copies, lambdas

    /** The handler's own access may be out of range: that exception escapes. */
    public static void handlerThrows(int[] a, int[] b, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                out[i] = a[idx[i]];
            }
        }
    }

    /** One work-item: a return in the try, a catch, and a finally (javac copies it to every exit). */
    public static void returnCatchFinally(int[] a, int[] out) {
        try {
            if (a[0] > 0) {
                out[0] = 100 / a[1];
                return;
            }
            out[1] = a[a[2]];
        } catch (ArithmeticException e) {
            out[2] = -1;
        } finally {
            out[3] += 1;
        }
        out[4] = 9;
    }

    /** A return in a stream's lambda is a continue; the lambda's handler returns. */
    public static void lambdaReturnsFromTheHandler(int[] a, int[] b, int[] out, int[] out2) {
        IntStream.range(0, out.length).parallel().forEach(i -> {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                return;
            }
            out2[i] = 1;
        });
    }

    @Test
    public void throwsInHandlersFinallyCopiesAndLambdas() {
        int n = 100;
        int[] a = JvmOracle.ints(154, n);
        int[] b = withZeros(155, n, -3, 4);
        int[] idx = JvmOracle.ints(156, n, 0, n);
        check(CatchProbeTest::handlerThrows, a, b, idx, new int[n]);
        int[] bad = idx.clone();
        bad[3] = n;
        int[] o = new int[n];
        MoreChecks.checkThrows(x -> handlerThrows((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", CatchProbeTest::handlerThrows, a, b, bad, o), a, b, bad, o);
        for (int[] in : new int[][] {{5, 0, 1}, {5, 4, 1}, {-5, 0, 1}, {-5, 0, 2}}) {
            check(CatchProbeTest::returnCatchFinally, in, new int[] {1, 2, 3, 4, 5});
        }
        int[] esc = {-5, 0, 7};
        int[] eo = {1, 2, 3, 4, 5};
        MoreChecks.checkThrows(x -> returnCatchFinally((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", CatchProbeTest::returnCatchFinally, esc, eo), esc, eo);
        check(CatchProbeTest::lambdaReturnsFromTheHandler, a, b, JvmOracle.ints(157, n), new int[n]);
    }

    // ================================================================ two tasks in one execution

    public static void gatherStage(int[] a, int[] idx, int[] tmp) {
        for (@Parallel int i = 0; i < tmp.length; i++) {
            try {
                tmp[i] = a[idx[i]];
            } catch (ArrayIndexOutOfBoundsException e) {
                tmp[i] = 0;
            }
        }
    }

    public static void divideStage(int[] tmp, int[] c, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = c[i] / tmp[i];
            } catch (ArithmeticException e) {
                out[i] = -1;
            }
            out[i] += 100 % (tmp[i] + 7);
        }
    }

    /** The first task's caught values feed the second's caught divisions; in one run the second throws. */
    @Test
    public void twoTasksOneExecution() {
        int n = 200;
        for (int run = 0; run < 3; run++) {
            int[] a = JvmOracle.ints(158 + run, 150, -3, 4);
            if (run == 2) {
                a[20] = -7;
            }
            int[] idx = indices(161 + run, n, 150);
            if (run == 2) {
                idx[50] = 20;
            }
            int[] tmp = new int[n];
            int[] c = JvmOracle.ints(164 + run, n);
            int[] out = JvmOracle.ints(167 + run, n);
            Object[] args = {a, idx, tmp, c, out};
            Object[] m = JvmOracle.cloneArgs(args);
            Throwable expected = null;
            try {
                gatherStage((int[]) m[0], (int[]) m[1], (int[]) m[2]);
                divideStage((int[]) m[2], (int[]) m[3], (int[]) m[4]);
            } catch (Throwable t) {
                expected = t;
            }
            try (TaskSchedule s = new TaskSchedule("two").task("g", CatchProbeTest::gatherStage, a, idx, tmp)
                    .task("t", CatchProbeTest::divideStage, tmp, c, out)) {
                Throwable got = null;
                try {
                    s.execute();
                } catch (Throwable t) {
                    got = t;
                }
                String what = "run " + run;
                if (expected == null) {
                    if (got != null) {
                        throw new AssertionError(what + ": threw " + got, got);
                    }
                    JvmOracle.assertRanOnDevice(s.report(), "g");
                    JvmOracle.assertRanOnDevice(s.report(), "t");
                } else {
                    assertNotNull(what + ": expected " + expected, got);
                    assertEquals(what, expected.getClass(), got.getClass());
                    assertEquals(what, expected.getMessage(), got.getMessage());
                }
                for (int k = 0; k < args.length; k++) {
                    assertSame(what + ": argument " + (k + 1), m[k], args[k]);
                }
            }
        }
    }

    // ================================================================ handlers the device never reaches

    /** Nothing in the try can throw: the handler is dead code. */
    public static void nothingThrows(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float v;
            try {
                v = 1f / a[i] + (float) Math.sqrt(a[i]);
            } catch (RuntimeException e) {
                v = -1f;
            }
            out[i] = v;
        }
    }

    static int divideOrThrow(int x, int y) {
        return x / y;
    }

    /** The handler prints (not kernel code), but only a call can throw into it: the device never reaches it. */
    public static void printingHandlerAroundACall(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = divideOrThrow(a[i], b[i]);
            } catch (ArithmeticException e) {
                System.err.println("caught " + e);
                out[i] = -2;
            }
        }
    }

    /** The same handler reached by a caught division: a clean bailout at most. */
    public static void printingHandler(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            try {
                out[i] = a[i] / b[i];
            } catch (ArithmeticException e) {
                System.err.println("caught");
                out[i] = -2;
            }
        }
    }

    @Test
    public void handlersTheDeviceNeverReaches() {
        int n = 64;
        check(CatchProbeTest::nothingThrows, JvmOracle.floats(170, n, -2f, 2f), new float[n]);
        int[] a = JvmOracle.ints(171, n);
        StringBuilder log = new StringBuilder();
        int[] b = JvmOracle.ints(172, n, 1, 5);
        int[] o = new int[n];
        log.append(deviceOrBailout("printing handler around a call, no zero", x -> printingHandlerAroundACall(
                (int[]) x[0], (int[]) x[1], (int[]) x[2]), s -> s.task("t",
                CatchProbeTest::printingHandlerAroundACall, a, b, o), a, b, o)).append('\n');
        int[] o2 = new int[n];
        log.append(deviceOrBailout("printing handler, no zero", x -> printingHandler((int[]) x[0], (int[]) x[1],
                (int[]) x[2]), s -> s.task("t", CatchProbeTest::printingHandler, a, b, o2), a, b, o2)).append('\n');
        System.out.println("[CatchProbeTest] handlers the device never reaches:\n" + log);
    }

    // ================================================================ a seeded generator of try/catch kernels

    /**
     * Random kernels made of nested tries (one or two catch clauses of the types the device catches and of others,
     * multi-catch, finally), sequential loops with break and continue in handlers, branches, int and long divisions
     * and remainders, loads of int, byte and long arrays and a private array's loads and stores at indices that may
     * be out of range, compiled with javac in-process; each runs on three input sets against the JVM: the same
     * arrays, or the same exception. A kernel may run on the device or be rerun by the JVM (a finally or a handler
     * that rethrows); a bailout is counted and listed, never accepted silently as a result. A failure prints the
     * kernel's source.
     */
    @Test
    public void generatedTryCatchKernels() throws Exception {
        int kernels = 20;
        java.util.SplittableRandom r = new java.util.SplittableRandom(0xCA7C4L);
        StringBuilder src = new StringBuilder("package catchfuzz;\n\nimport dev.ferrocl.api.Parallel;\n\n"
                + "public final class Gen {\n");
        List<String> bodies = new java.util.ArrayList<>();
        for (int k = 0; k < kernels; k++) {
            String body = new TryGen(r.split()).kernel("k" + k);
            bodies.add(body);
            src.append(body).append('\n');
        }
        src.append("}\n");
        Class<?> gen = compileGenerated("Gen", src.toString());
        int[] counts = new int[4]; // device, rerun (JVM's result), JVM's exception, bailout
        List<String> bailouts = new java.util.ArrayList<>();
        List<String> failures = new java.util.ArrayList<>();
        java.util.SplittableRandom inputs = new java.util.SplittableRandom(0x1A9L);
        for (int k = 0; k < kernels; k++) {
            java.lang.reflect.Method m = null;
            for (java.lang.reflect.Method x : gen.getMethods()) {
                if (x.getName().equals("k" + k)) {
                    m = x;
                }
            }
            for (int set = 0; set < 3; set++) {
                Object[] args = TryGen.inputs(inputs, set);
                String label = "k" + k + " (input set " + set + ")\n" + bodies.get(k) + "inputs:\n"
                        + RandomKernelTest.describe(args);
                try {
                    int o = runGenerated(label, m, args);
                    counts[o]++;
                    if (o == 1 && !bodies.get(k).contains("finally") && !bodies.get(k).contains("throw ")) {
                        // Only a finally (its catch-all rethrows) or a rethrow leaves a try to the JVM's rerun.
                        failures.add(label + "\nrerun by the JVM though every handler is one the device takes: "
                                + lastReason);
                        break;
                    }
                    if (o == 3) {
                        bailouts.add("k" + k + ": " + lastBailout);
                        if (lastBailout.contains("rejected")) {
                            // The compiler's own error, not a refusal: a failure.
                            failures.add(lastBailout);
                        }
                        break;
                    }
                } catch (AssertionError e) {
                    failures.add(e.getMessage());
                    break;
                }
            }
        }
        System.out.println("[CatchProbeTest] generated: " + kernels + " kernels: " + counts[0] + " runs on the device, "
                + counts[1] + " reruns with the JVM's result, " + counts[2] + " with the JVM's exception, "
                + counts[3] + " bailouts" + (bailouts.isEmpty() ? "" : ":\n  " + String.join("\n  ",
                bailouts.stream().map(x -> x.split("\n")[0]).toArray(String[]::new))));
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + kernels + " generated kernels failed:\n\n"
                    + String.join("\n\n", failures));
        }
    }

    private static String lastBailout;
    private static String lastReason;

    /** 0: on the device; 1: rerun by the JVM, its result; 2: the JVM's exception; 3: a bailout. */
    private static int runGenerated(String what, java.lang.reflect.Method m, Object[] args) throws Exception {
        Object[] expected = JvmOracle.cloneArgs(args);
        Throwable jvm = null;
        try {
            m.invoke(null, expected);
        } catch (java.lang.reflect.InvocationTargetException e) {
            jvm = e.getCause();
        }
        TaskSchedule s = (TaskSchedule) m.getDeclaringClass().getMethod("s" + m.getName().substring(1),
                Object[].class).invoke(null, (Object) args);
        try {
            Throwable actual = null;
            try {
                s.execute();
            } catch (CompilationException e) {
                lastBailout = String.valueOf(e.getMessage());
                lastBailout = lastBailout.contains("rejected") ? what + "\n" + lastBailout
                        : lastBailout.split("\n")[0];
                return 3;
            } catch (Throwable t) {
                actual = t;
            }
            TaskReport t = s.report().task("t");
            if (jvm == null) {
                if (actual != null) {
                    throw new AssertionError(what + "\nthe JVM returned normally but the schedule threw " + actual);
                }
            } else {
                if (actual == null) {
                    throw new AssertionError(what + "\nexpected the JVM's " + jvm + " but execute() returned normally;"
                            + " ran on " + t.ranOn() + ": " + t.reason());
                }
                if (actual.getClass() != jvm.getClass()
                        || !java.util.Objects.equals(jvm.getMessage(), actual.getMessage())) {
                    throw new AssertionError(what + "\nexpected the JVM's " + jvm + " but got " + actual);
                }
            }
            for (int i = 0; i < args.length; i++) {
                try {
                    assertSame("", expected[i], args[i]);
                } catch (AssertionError e) {
                    throw new AssertionError(what + "\nargument " + (i + 1) + " (ran on " + t.ranOn() + ")"
                            + e.getMessage());
                }
            }
            lastReason = t.reason();
            if (jvm != null) {
                return 2;
            }
            return t.ranOn() == TaskReport.Where.DEVICE ? 0 : 1;
        } finally {
            s.close();
        }
    }

    private static Class<?> compileGenerated(String name, String source) throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("ferrocl-catchfuzz");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (java.util.stream.Stream<java.nio.file.Path> w = java.nio.file.Files.walk(dir)) {
                w.sorted(java.util.Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
            } catch (java.io.IOException ignored) {
                // a temporary folder left behind
            }
        }));
        java.nio.file.Path src = dir.resolve("src/catchfuzz");
        java.nio.file.Path out = dir.resolve("classes");
        java.nio.file.Files.createDirectories(src);
        java.nio.file.Files.createDirectories(out);
        java.nio.file.Path f = src.resolve(name + ".java");
        java.nio.file.Files.write(f, source.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        assertNotNull("no system Java compiler", javac);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int rc = javac.run(null, err, err, "-g", "-proc:none", "-nowarn", "-Xlint:none", "-encoding", "UTF-8",
                "-cp", System.getProperty("java.class.path"), "-d", out.toString(), f.toString());
        if (rc != 0) {
            fail("generated source does not compile:\n" + err + "\n" + source);
        }
        java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {out.toUri().toURL()},
                CatchProbeTest.class.getClassLoader());
        return loader.loadClass("catchfuzz." + name);
    }

    /** The generator of {@link #generatedTryCatchKernels()}. */
    static final class TryGen {
        private static final String[] SINGLE = {"ArithmeticException", "ArrayIndexOutOfBoundsException",
            "IndexOutOfBoundsException", "RuntimeException", "Exception", "Throwable", "NullPointerException",
            "ArithmeticException | ArrayIndexOutOfBoundsException", "IllegalStateException"};
        private static final String[][] PAIRS = {{"ArithmeticException", "ArrayIndexOutOfBoundsException"},
            {"ArrayIndexOutOfBoundsException", "ArithmeticException"}, {"ArithmeticException", "RuntimeException"},
            {"ArrayIndexOutOfBoundsException", "Exception"}, {"IndexOutOfBoundsException", "Throwable"},
            {"NullPointerException", "ArithmeticException"}, {"IllegalStateException", "Exception"},
            {"ClassCastException", "IndexOutOfBoundsException"}};

        private final java.util.SplittableRandom r;
        private final List<String> loopVars = new java.util.ArrayList<>();
        private int loops;
        private int handlers;
        private int statements;

        TryGen(java.util.SplittableRandom r) {
            this.r = r;
        }

        private boolean chance(int percent) {
            return r.nextInt(100) < percent;
        }

        String kernel(String name) {
            StringBuilder b = new StringBuilder();
            b.append("    public static void ").append(name)
                    .append("(int[] a, int[] b, long[] l, byte[] c, int[] out, long[] outL) {\n");
            b.append("        for (@Parallel int i = 0; i < out.length; i++) {\n");
            b.append("            int x0 = i;\n            int x1 = a[i % a.length];\n            int x2 = -i;\n");
            b.append("            long y0 = i * 3L;\n            long y1 = l[i % l.length];\n");
            b.append("            int[] p = new int[4];\n");
            if (chance(70)) {
                // Most kernels catch what escapes their inner tries, so that most runs finish on the device.
                b.append("            try {\n");
                block(b, "                ", 0, 3 + r.nextInt(3), false);
                b.append("            } catch (").append(chance(50) ? "RuntimeException" : "Throwable")
                        .append(" outer) {\n                x0 ^= 0x5555;\n            }\n");
            } else {
                block(b, "            ", 0, 3 + r.nextInt(3), false);
            }
            b.append("            out[i] = x0 + 31 * x1 + 961 * x2 + 7 * p[0] - 5 * p[1] + 3 * p[2] + p[3];\n");
            b.append("            outL[i] = y0 * 1_000_003L + y1;\n");
            b.append("        }\n    }\n");
            String k = b.toString();
            return k + "\n    public static dev.ferrocl.api.TaskSchedule s" + name.substring(1)
                    + "(Object[] x) {\n        return new dev.ferrocl.api.TaskSchedule(\"gen\").task(\"t\", Gen::"
                    + name + ", (int[]) x[0], (int[]) x[1], (long[]) x[2], (byte[]) x[3], (int[]) x[4], "
                    + "(long[]) x[5]);\n    }\n";
        }

        /** {@code count} statements; a handler in a loop may end with break or continue. */
        private void block(StringBuilder b, String ind, int depth, int count, boolean handlerInLoop) {
            for (int k = 0; k < count && statements < 40; k++) {
                statement(b, ind, depth);
            }
            if (handlerInLoop && chance(35)) {
                b.append(ind).append(chance(50) ? "break;\n" : "continue;\n");
            }
        }

        private void statement(StringBuilder b, String ind, int depth) {
            statements++;
            int kind = depth >= 3 ? r.nextInt(4) : r.nextInt(9);
            switch (kind) {
                case 0:
                case 1:
                    b.append(ind).append("x").append(r.nextInt(3)).append(chance(30) ? " += " : " = ")
                            .append(intExpr(2)).append(";\n");
                    return;
                case 2:
                    b.append(ind).append("y").append(r.nextInt(2)).append(chance(30) ? " ^= " : " = ")
                            .append(longExpr(2)).append(";\n");
                    return;
                case 3:
                    if (chance(50)) {
                        b.append(ind).append("p[").append(index()).append("] = ").append(intExpr(1)).append(";\n");
                    } else {
                        b.append(ind).append("out[i] = ").append(intExpr(1)).append(";\n");
                    }
                    return;
                case 4:
                case 5:
                case 6: {
                    // try
                    handlers++;
                    boolean inLoop = !loopVars.isEmpty();
                    b.append(ind).append("try {\n");
                    block(b, ind + "    ", depth + 1, 1 + r.nextInt(3), false);
                    b.append(ind).append("}");
                    int clauses = chance(70) ? 1 : 2;
                    String[] types = clauses == 1 ? new String[] {SINGLE[r.nextInt(SINGLE.length)]}
                            : PAIRS[r.nextInt(PAIRS.length)];
                    for (String t : types) {
                        String e = "e" + handlers + "_" + t.length();
                        b.append(" catch (").append(t).append(" ").append(e).append(") {\n");
                        block(b, ind + "    ", depth + 1, r.nextInt(3), false);
                        if (chance(8) && !t.contains("|") && (t.startsWith("Arith") || t.startsWith("ArrayIndex")
                                || t.startsWith("IndexOut") || t.startsWith("Runtime"))) {
                            b.append(ind).append("    if (x0 < 0) {\n").append(ind).append("        throw ")
                                    .append(e).append(";\n").append(ind).append("    }\n");
                        }
                        if (inLoop && chance(35)) {
                            b.append(ind).append(chance(50) ? "    break;\n" : "    continue;\n");
                        }
                        b.append(ind).append("}");
                    }
                    if (chance(15)) {
                        b.append(" finally {\n");
                        b.append(ind).append("    x").append(r.nextInt(3)).append(" += 3;\n");
                        b.append(ind).append("}");
                    }
                    b.append("\n");
                    return;
                }
                case 7: {
                    String v = "k" + (loops++);
                    b.append(ind).append("for (int ").append(v).append(" = 0; ").append(v).append(" < ")
                            .append(1 + r.nextInt(4)).append("; ").append(v).append("++) {\n");
                    loopVars.add(v);
                    block(b, ind + "    ", depth + 1, 1 + r.nextInt(3), false);
                    if (chance(20)) {
                        b.append(ind).append("    if (x1 > 100) {\n").append(ind).append("        break;\n")
                                .append(ind).append("    }\n");
                    }
                    loopVars.remove(v);
                    b.append(ind).append("}\n");
                    return;
                }
                default:
                    b.append(ind).append("if (").append(intExpr(1)).append(chance(50) ? " > " : " != ")
                            .append(intExpr(1)).append(") {\n");
                    block(b, ind + "    ", depth + 1, 1 + r.nextInt(2), false);
                    b.append(ind).append("} else {\n");
                    block(b, ind + "    ", depth + 1, r.nextInt(2), false);
                    b.append(ind).append("}\n");
            }
        }

        private String leaf() {
            int k = r.nextInt(loopVars.isEmpty() ? 5 : 6);
            switch (k) {
                case 0:
                    return "x" + r.nextInt(3);
                case 1:
                    return "i";
                case 2:
                    return String.valueOf(r.nextInt(-3, 9));
                case 3:
                    return "(int) y" + r.nextInt(2);
                case 4:
                    return "x" + r.nextInt(3);
                default:
                    return loopVars.get(r.nextInt(loopVars.size()));
            }
        }

        private String index() {
            switch (r.nextInt(5)) {
                case 0:
                    return "(" + intExpr(1) + ") & 7";
                case 1:
                    return "i + " + leaf();
                case 2:
                    return leaf();
                case 3:
                    return "(" + intExpr(1) + ") % 9";
                default:
                    return leaf() + " - 1";
            }
        }

        private String intExpr(int d) {
            if (d <= 0 || chance(25)) {
                switch (r.nextInt(6)) {
                    case 0:
                        return "a[" + index() + "]";
                    case 1:
                        return "b[" + index() + "]";
                    case 2:
                        return "c[" + index() + "]";
                    case 3:
                        return "p[" + index() + "]";
                    default:
                        return leaf();
                }
            }
            String[] ops = {"+", "-", "*", "^", "/", "%", "/", "%", "&"};
            String op = ops[r.nextInt(ops.length)];
            return "(" + intExpr(d - 1) + " " + op + " " + intExpr(d - 1) + ")";
        }

        private String longExpr(int d) {
            if (d <= 0 || chance(25)) {
                switch (r.nextInt(4)) {
                    case 0:
                        return "l[" + index() + "]";
                    case 1:
                        return "y" + r.nextInt(2);
                    case 2:
                        return "(long) " + intExpr(0);
                    default:
                        return r.nextInt(-3, 9) + "L";
                }
            }
            String[] ops = {"+", "-", "*", "/", "%", "/", "%", "^"};
            return "(" + longExpr(d - 1) + " " + ops[r.nextInt(ops.length)] + " " + longExpr(d - 1) + ")";
        }

        /** Small values (zeros and -1 often), a few extremes; lengths around the indices the kernels use. */
        static Object[] inputs(java.util.SplittableRandom r, int set) {
            int n = 24 + 8 * set;
            int[] a = new int[set == 0 ? 9 : set == 1 ? 16 : 5];
            int[] b = new int[8 + set];
            long[] l = new long[7 + 2 * set];
            byte[] c = new byte[6 + set * 3];
            for (int k = 0; k < a.length; k++) {
                a[k] = r.nextInt(-2, 6);
            }
            for (int k = 0; k < b.length; k++) {
                b[k] = r.nextInt(10) == 0 ? (r.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE)
                        : r.nextInt(-1, 3);
            }
            for (int k = 0; k < l.length; k++) {
                l[k] = r.nextInt(12) == 0 ? Long.MIN_VALUE : r.nextInt(-2, 4);
            }
            for (int k = 0; k < c.length; k++) {
                c[k] = (byte) r.nextInt(-3, 4);
            }
            return new Object[] {a, b, l, c, JvmOracle.ints(r.nextLong(), n), new long[n]};
        }
    }

    // ================================================================ loopVersioning and the handlers' labels

    /**
     * Two caught divisions in a row in a branch of a sequential loop, then a second sequential loop, in one try
     * whose handler is outside both. The writer reaches the handler's merge through a {@code goto}; loopVersioning
     * emits the first loop twice (a copy without checks and a checked one) and must give each copy its own labels,
     * but the second loop's own versioning, emitted inside the first copy, lost the first copy's label suffix: both
     * copies defined {@code L9_p} (and {@code L9}), or a {@code goto L.._fast} has no label, and PoCL rejects the kernel
     * ("redefinition of label", "use of undeclared label"): a CompilationException in strict mode, the JVM
     * otherwise. (Failed when written; fixed.) With loopVersioning off the same kernel runs on the device and
     * matches the JVM too.
     */
    public static void versionedLoopsAfterCaughtDivisions(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            try {
                for (int k = 0; k < 4; k++) {
                    if (a[i] > k) {
                        s += a[i] % b[i] % 3;
                    }
                }
                for (int k = 0; k < 4; k++) {
                    s += a[k];
                }
            } catch (ArithmeticException e) {
                s = -1;
            }
            out[i] = s;
        }
    }

    @Test
    public void versionedLoopsAfterCaughtDivisionsLoopVersioningOff() {
        int n = 64;
        int[] a = JvmOracle.ints(173, n, -2, 6);
        int[] b = withZeros(174, n, -3, 4);
        int[] o = new int[n];
        same("loopVersioning off", Where.DEVICE, () -> new TaskSchedule("off").optimization("loopVersioning", false),
                x -> versionedLoopsAfterCaughtDivisions((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", CatchProbeTest::versionedLoopsAfterCaughtDivisions, a, b, o), a, b, o);
    }

    /** Failed when written (the writer's labels under loopVersioning, see {@link #versionedLoopsAfterCaughtDivisions}). */
    @Test
    public void versionedLoopsAfterCaughtDivisions() {
        int n = 64;
        check(CatchProbeTest::versionedLoopsAfterCaughtDivisions, JvmOracle.ints(173, n, -2, 6),
                withZeros(174, n, -3, 4), new int[n]);
    }
}

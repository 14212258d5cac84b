package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Devices;
import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.function.Supplier;
import org.junit.Test;

/**
 * Adversarial probes of {@code @Parallel} loops that count down (the {@code count_up} phase: {@code j = ~i} counts up,
 * the body reads {@code -1 - j}) and of {@code @Parallel} loops with a {@code long} bound (the host counts in 64 bits),
 * each strict against the JVM on the same inputs, bit for bit; where the JVM throws, the same exception and arrays.
 */
public class CountDownProbeTest {

    // ================================================================ helpers

    private interface Jvm {
        void run() throws Throwable;
    }

    /**
     * One execution of a schedule kept across steps: {@code jvm} runs on the mirror arrays, then the schedule; where
     * the JVM returns normally the task must run on the device, where it throws the schedule must throw the same
     * (class and message) after running on the JVM; then every array pair must be equal.
     */
    private static void step(String what, TaskSchedule s, Jvm jvm, Object[] mirror, Object[] actual) {
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
        TaskReport t = s.report().task("t");
        if (expected == null) {
            if (got != null) {
                throw new AssertionError(what + ": the JVM returns normally but execute() threw " + got, got);
            }
            assertEquals(what + ": should run on the device, but: " + t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        } else {
            assertNotNull(what + ": expected the JVM's " + expected + " but execute() returned normally", got);
            if (got.getClass() != expected.getClass()) {
                throw new AssertionError(what + ": expected the JVM's " + expected + " but got " + got, got);
            }
            assertEquals(what + ": message", expected.getMessage(), got.getMessage());
            assertEquals(what + ": where: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
            assertTrue(what + ": compiled and rerun after a failed check, but: " + t.reason(),
                    t.reason().contains("check failed"));
        }
        for (int k = 0; k < mirror.length; k++) {
            assertSame(what + ": array " + (k + 1), mirror[k], actual[k]);
        }
    }

    // ================================================================ 1-D: the index in arithmetic

    /** Java's index in every int operation that overflows or rounds toward zero, stored to a long[]. */
    public static void arithDown(long[] out, int start, int lo) {
        for (@Parallel int i = start; i >= lo; i--) {
            int k = (start - i) * 10;
            out[k] = i / 3;
            out[k + 1] = i % 3;
            out[k + 2] = i >> 3;
            out[k + 3] = i >>> 1;
            out[k + 4] = i << 28;
            out[k + 5] = i * 1_000_000_007;
            out[k + 6] = (long) i * i;
            out[k + 7] = -i + Math.abs(i);
            out[k + 8] = (i < 0 ? 1L : 0L) + (i == Integer.MIN_VALUE ? 10L : 0L) + (i > lo ? 100L : 0L)
                    + (i == Integer.MAX_VALUE ? 1000L : 0L);
            out[k + 9] = i;
        }
    }

    /** The same with {@code i > lo}, written mirrored ({@code lo < i}). */
    public static void arithDownMirrored(long[] out, int start, int lo) {
        for (@Parallel int i = start; lo < i; i--) {
            int k = (start - i) * 6;
            out[k] = Integer.MIN_VALUE / i;
            out[k + 1] = Integer.MIN_VALUE % i;
            out[k + 2] = (char) i;
            out[k + 3] = (byte) i + (short) i;
            out[k + 4] = Double.doubleToLongBits((double) i) ^ Float.floatToIntBits((float) i);
            out[k + 5] = Integer.rotateLeft(i, i) + Long.numberOfLeadingZeros(i);
        }
    }

    /** Divisions by Java's index: the JVM throws where it reaches 0. */
    public static void divideByIndex(int[] out, int start, int lo) {
        for (@Parallel int i = start; i >= lo; i--) {
            out[start - i] = 1_000_000 / i + out.length % i;
        }
    }

    @Test
    public void indexArithmeticAtTheIntEdges() {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        int[][] ranges = {{100, -100}, {0, 0}, {5, 5}, {-1, 0}, {max, max - 12}, {max, max}, {min + 12, min + 1},
            {min + 3, min + 1}, {3, -3}, {min + 1, min + 1}};
        for (int[] r : ranges) {
            int n = (int) Math.max(0, (long) r[0] - r[1] + 1);
            check(CountDownProbeTest::arithDown, new long[n * 10], r[0], r[1]);
        }
        // i >= MIN_VALUE: Java's index wraps to MAX_VALUE, and out[(start - MAX) * 10] is past the end.
        long[] out = new long[60];
        MoreChecks.checkThrows(x -> arithDown((long[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::arithDown, out, min + 5, min), out, min + 5, min);
        int[][] exclusive = {{100, 0}, {-1, -100}, {min + 20, min}, {max, max - 9}, {-2, -3}, {-3, -3}};
        for (int[] r : exclusive) {
            int n = (int) Math.max(0, (long) r[0] - r[1]);
            check(CountDownProbeTest::arithDownMirrored, new long[n * 6], r[0], r[1]);
        }
        // i reaches 0: the JVM's ArithmeticException after the positive ones ran.
        int[] d = new int[21];
        MoreChecks.checkThrows(x -> divideByIndex((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::divideByIndex, d, 10, -10), d, 10, -10);
        check(CountDownProbeTest::divideByIndex, new int[10], -1, -10);
        check(CountDownProbeTest::divideByIndex, new int[9], min + 9, min + 1);
    }

    // ================================================================ 1-D: steps

    public static void step2(int[] out, int start, int lo) {
        for (@Parallel int i = start; i >= lo; i = i - 2) {
            out[(start - i) / 2] = i ^ (i >>> 7);
        }
    }

    public static void step7(int[] out, int start, int lo) {
        for (@Parallel int i = start; i > lo; i += -7) {
            out[(start - i) / 7] = i * 7 + (i >> 2);
        }
    }

    public static void stepHuge(long[] out, int start, int lo) {
        for (@Parallel int i = start; i >= lo; i -= 1 << 30) {
            out[(int) (((long) start - i) >> 30)] = (long) i * 3 + (i >> 30);
        }
    }

    @Test
    public void stepsOneTwoSevenAndHuge() {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        for (int[] r : new int[][] {{99, 0}, {98, 0}, {1, 0}, {0, 0}, {-1, 0}, {max, max - 20}, {min + 21, min + 2},
            {min + 20, min + 2}, {-5, -50}}) {
            check(CountDownProbeTest::step2, new int[(int) Math.max(0, ((long) r[0] - r[1]) / 2 + 1)], r[0], r[1]);
        }
        for (int[] r : new int[][] {{100, 0}, {7, 0}, {8, 0}, {0, 0}, {max, max - 50}, {min + 49, min},
            {min + 56, min + 6}, {-1, -71}}) {
            long c = ((long) r[0] - r[1] + 6) / 7;
            check(CountDownProbeTest::step7, new int[(int) Math.max(0, c)], r[0], r[1]);
        }
        // Wrapping past MIN_VALUE: the index after the wrap is (MIN + 19 - MAX) / 2 = 10, past the end.
        int[] w = new int[10];
        MoreChecks.checkThrows(x -> step2((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::step2, w, min + 19, min), w, min + 19, min);
        int[] w8 = new int[8];
        MoreChecks.checkThrows(x -> step7((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::step7, w8, min + 50, min), w8, min + 50, min);
        int[] w7 = new int[3];
        MoreChecks.checkThrows(x -> step7((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::step7, w7, min + 20, min), w7, min + 20, min);
        // Steps of 2^30: MAX, 2^30 - 1, -1; 2^30, 0, -2^30 (MIN, the next, is below MIN + 1). Three is the most
        // that ends: a wrap of a step of 2^30 comes back to the start after four (Java loops for ever).
        check(CountDownProbeTest::stepHuge, new long[3], max, -1);
        check(CountDownProbeTest::stepHuge, new long[3], max, -(1 << 30));
        check(CountDownProbeTest::stepHuge, new long[3], 1 << 30, min + 1);
        check(CountDownProbeTest::stepHuge, new long[3], 1 << 30, -(1 << 30));
        check(CountDownProbeTest::stepHuge, new long[1], 5, 5);
        check(CountDownProbeTest::stepHuge, new long[1], 5, 6);
    }

    /**
     * A step of MAX_VALUE: from MAX - 7 with {@code i >= MIN + 1} Java's index wraps past MIN_VALUE and still ends
     * (after eight iterations, landing on MIN). The host refuses launches whose index would wrap, so this runs on the
     * JVM after the host's check; anywhere it runs, the arrays must be the JVM's.
     */
    public static void stepMax(long[] out, int start, int lo) {
        for (@Parallel int i = start; i >= lo; i -= Integer.MAX_VALUE) {
            out[(int) (((long) start - i) / Integer.MAX_VALUE)] = (long) i * 31 + lo;
        }
    }

    @Test
    public void aStepOfMaxValue() {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        // MAX, 0 (then MIN + 1, below the bound); MAX, 0; -1 (then MIN).
        check(CountDownProbeTest::stepMax, new long[2], max, min + 2);
        check(CountDownProbeTest::stepMax, new long[2], max, 0);
        check(CountDownProbeTest::stepMax, new long[1], -1, min + 1);
        long[] expected = new long[8];
        stepMax(expected, max - 7, min + 1);
        long[] out = new long[8];
        try (TaskSchedule s = new TaskSchedule("wrap").task("t", CountDownProbeTest::stepMax, out, max - 7, min + 1)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertTrue(t.reason(), t.ranOn() == TaskReport.Where.DEVICE || t.reason().contains("check failed"));
        }
        assertSame("wrapped and ended", expected, out);
        long[] past = new long[1];
        MoreChecks.checkThrows(x -> stepMax((long[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::stepMax, past, max - 7, min + 1), past, max - 7, min + 1);
    }

    // ================================================================ 2-D and 3-D nests

    public static void nestUpDown(int[] out, int h, int w) {
        for (@Parallel int r = 0; r < h; r++) {
            for (@Parallel int c = w - 1; c >= 0; c -= 3) {
                out[r * w + c] = r * 1_000_003 - c * 7;
            }
        }
    }

    public static void nestDownStepsBounds(long[] out, int h, int w, int r0, int c0) {
        for (@Parallel int r = h - 1; r > r0; r -= 2) {
            for (@Parallel int c = w - 1; c >= c0; c -= 7) {
                out[r * w + c] = (long) r * c - (r ^ c);
            }
        }
    }

    public static void nest3DownOuter(int[] out, int nx, int ny, int nz) {
        for (@Parallel int x = nx - 1; x >= 0; x--) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = 0; z < nz; z++) {
                    out[(x * ny + y) * nz + z] = x * 10_000 + y * 100 + z;
                }
            }
        }
    }

    public static void nest3DownMiddle(int[] out, int nx, int ny, int nz) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = ny - 1; y >= 0; y -= 2) {
                for (@Parallel int z = 0; z < nz; z++) {
                    out[(x * ny + y) * nz + z] = x * 10_000 - y * 100 + z;
                }
            }
        }
    }

    public static void nest3DownInner(int[] out, int nx, int ny, int nz) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int z = nz - 1; 0 <= z; z--) {
                    out[(x * ny + y) * nz + z] = (x << 20) | (y << 10) | z;
                }
            }
        }
    }

    public static void nest3AllDown(short[] out, int nx, int ny, int nz) {
        for (@Parallel int x = nx - 1; x >= 0; x -= 3) {
            for (@Parallel int y = ny - 1; y > -1; y--) {
                for (@Parallel int z = nz - 1; z >= 0; z -= 2) {
                    out[(x * ny + y) * nz + z] = (short) (x * 31 + y * 17 + z * 1001);
                }
            }
        }
    }

    public static void nest3LongInner(int[] out, int nx, int ny, long nz) {
        for (@Parallel int x = nx - 1; x >= 0; x--) {
            for (@Parallel int y = ny - 1; y >= 0; y -= 2) {
                for (@Parallel int z = 0; z < nz; z++) {
                    out[(x * ny + y) * 4 + z] = x * 10_000 + y * 100 + z;
                }
            }
        }
    }

    public static void nestInnerBoundsFromElements(int[] out, int[] b, int h, int w) {
        for (@Parallel int r = 0; r < h; r++) {
            for (@Parallel int c = b[0]; c >= b[1]; c--) {
                out[r * w + c] = r - c * 3;
            }
        }
    }

    public static void reduce3Mixed(int[] m, int nx, int ny, int nz, @Reduce int[] sum, @Reduce int[] max) {
        for (@Parallel int x = 0; x < nx; x++) {
            for (@Parallel int y = ny - 1; y >= 0; y--) {
                for (@Parallel int z = nz - 1; z >= 0; z -= 3) {
                    int v = m[(x * ny + y) * nz + z];
                    sum[0] += v ^ z;
                    max[0] = Math.max(max[0], v - x + y);
                }
            }
        }
    }

    @Test
    public void nestsDownInEveryPosition() {
        check(CountDownProbeTest::nestUpDown, new int[600], 20, 30);
        check(CountDownProbeTest::nestUpDown, new int[620], 20, 31);
        check(CountDownProbeTest::nestUpDown, new int[0], 0, 31);
        check(CountDownProbeTest::nestUpDown, new int[20], 20, 1);
        for (int[] b : new int[][] {{-1, 0}, {0, 0}, {5, 3}, {40, 0}, {0, 40}, {-1, -5}}) {
            check(CountDownProbeTest::nestDownStepsBounds, new long[30 * 40], 30, 40, b[0], b[1]);
        }
        long[] out = new long[30 * 40];
        MoreChecks.checkThrows(x -> nestDownStepsBounds((long[]) x[0], (Integer) x[1], (Integer) x[2], (Integer) x[3],
                (Integer) x[4]), s -> s.task("t", CountDownProbeTest::nestDownStepsBounds, out, 30, 40, -2, 0), out,
                30, 40, -2, 0);
        for (int[] d : new int[][] {{4, 5, 6}, {1, 1, 1}, {7, 3, 1}, {0, 3, 3}, {3, 0, 3}}) {
            int n = d[0] * d[1] * d[2];
            check(CountDownProbeTest::nest3DownOuter, new int[n], d[0], d[1], d[2]);
            check(CountDownProbeTest::nest3DownMiddle, new int[n], d[0], d[1], d[2]);
            check(CountDownProbeTest::nest3DownInner, new int[n], d[0], d[1], d[2]);
            check(CountDownProbeTest::nest3AllDown, new short[n], d[0], d[1], d[2]);
        }
        for (long nz : new long[] {4, 1, 0, -1, Long.MIN_VALUE}) {
            check(CountDownProbeTest::nest3LongInner, new int[3 * 5 * 4], 3, 5, nz);
        }
        for (long nz : new long[] {5, Integer.MAX_VALUE + 1L, Long.MAX_VALUE}) {
            int[] o3 = new int[3 * 5 * 4];
            MoreChecks.checkThrows(x -> nest3LongInner((int[]) x[0], (Integer) x[1], (Integer) x[2], (Long) x[3]),
                    s -> s.task("t", CountDownProbeTest::nest3LongInner, o3, 3, 5, nz), o3, 3, 5, nz);
        }
        for (int[] b : new int[][] {{9, 0}, {9, 5}, {4, 5}, {0, 0}}) {
            check(CountDownProbeTest::nestInnerBoundsFromElements, new int[60], b, 6, 10);
        }
        int[] ib = {9, -1};
        int[] io = new int[60];
        MoreChecks.checkThrows(x -> nestInnerBoundsFromElements((int[]) x[0], (int[]) x[1], (Integer) x[2],
                (Integer) x[3]), s -> s.task("t", CountDownProbeTest::nestInnerBoundsFromElements, io, ib, 6, 10), io,
                ib, 6, 10);
        int[] m3 = JvmOracle.ints(9, 7 * 11 * 13);
        check(CountDownProbeTest::reduce3Mixed, m3, 7, 11, 13, new int[] {1}, new int[] {Integer.MIN_VALUE});
        check(CountDownProbeTest::reduce3Mixed, m3, 7, 0, 13, new int[] {1}, new int[] {Integer.MIN_VALUE});
        // The middle dimension past the array: the JVM's exception at the first row.
        int[] m = new int[4 * 5 * 6];
        MoreChecks.checkThrows(x -> nest3DownMiddle((int[]) x[0], (Integer) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", CountDownProbeTest::nest3DownMiddle, m, 4, 6, 6), m, 4, 6, 6);
    }

    // ================================================================ bounds from elsewhere

    public static void boundsFromElements(int[] b, float[] out) {
        for (@Parallel int i = b[0]; i >= b[1]; i--) {
            out[i - b[1]] = i * 0.25f;
        }
    }

    public static void boundDivided(int[] out, int n, int d) {
        for (@Parallel int i = n - 1; i >= n / d; i--) {
            out[i] = i % d;
        }
    }

    /** An early return before the loop, then the loop. */
    public static void earlyReturn(int[] out, int start, int lo) {
        if (lo < 0) {
            return;
        }
        if (start >= out.length || start - lo > 60) {
            return;
        }
        for (@Parallel int i = start; i >= lo; i--) {
            out[i] = i * 31 + lo;
        }
    }

    /** Receiver fields as the start and the bound (an instance-method kernel). */
    public static final class Strip {
        int hi;
        int lo;
        long lim;
        final int[] data;

        Strip(int hi, int lo, long lim, int n) {
            this.hi = hi;
            this.lo = lo;
            this.lim = lim;
            this.data = new int[n];
        }

        public void down(int[] out) {
            for (@Parallel int i = hi; i > lo; i -= 2) {
                out[i - lo - 1] = i * 3 + data.length;
            }
        }

        public void upToLong(int[] out) {
            for (@Parallel int i = lo; i < lim; i++) {
                out[i - lo] = i + hi;
            }
        }
    }

    static int sStart;
    static int sLo;
    static long sLim;

    public static void staticBounds(int[] out) {
        for (@Parallel int i = sStart; i >= sLo; i--) {
            out[i - sLo] = i ^ 0x5a5a;
        }
    }

    public static void staticLongBound(int[] out) {
        for (@Parallel int i = 0; i < sLim; i++) {
            out[i] = i * 5;
        }
    }

    @Test
    public void boundsFromElementsDivisionsAndEarlyReturns() {
        check(CountDownProbeTest::boundsFromElements, new int[] {99, 0}, new float[100]);
        check(CountDownProbeTest::boundsFromElements, new int[] {-1, 0}, new float[100]);
        check(CountDownProbeTest::boundsFromElements, new int[] {Integer.MIN_VALUE + 9, Integer.MIN_VALUE + 1},
                new float[9]);
        int[] b = {5};
        float[] f = new float[10];
        MoreChecks.checkThrows(x -> boundsFromElements((int[]) x[0], (float[]) x[1]),
                s -> s.task("t", CountDownProbeTest::boundsFromElements, b, f), b, f);
        check(CountDownProbeTest::boundDivided, new int[100], 100, 3);
        check(CountDownProbeTest::boundDivided, new int[100], 100, 7);
        int[] neg = new int[100];
        MoreChecks.checkThrows(x -> boundDivided((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::boundDivided, neg, 100, -3), neg, 100, -3);
        check(CountDownProbeTest::boundDivided, new int[100], 100, 200);
        int[] z = new int[100];
        MoreChecks.checkThrows(x -> boundDivided((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::boundDivided, z, 100, 0), z, 100, 0);
        for (int[] r : new int[][] {{99, 0}, {99, -1}, {100, 0}, {50, 60}, {0, 0}, {99, 99}, {99, 40}, {99, 39},
            {99, Integer.MIN_VALUE}}) {
            check(CountDownProbeTest::earlyReturn, new int[100], r[0], r[1]);
        }
    }

    @Test
    public void receiverAndStaticFieldsAcrossExecutions() {
        int[] out = new int[100];
        int[] mirror = new int[100];
        Strip dev = new Strip(99, -1, 10, 7);
        Strip jvm = new Strip(99, -1, 10, 7);
        int[][] hiLo = {{99, -1}, {98, -1}, {10, 20}, {Integer.MIN_VALUE + 99, Integer.MIN_VALUE}, {99, -2}, {100, -1},
            {50, 0}};
        try (TaskSchedule s = new TaskSchedule("strip").task("t", dev::down, out)) {
            for (int[] p : hiLo) {
                dev.hi = p[0];
                dev.lo = p[1];
                jvm.hi = p[0];
                jvm.lo = p[1];
                step("down " + p[0] + ".." + p[1], s, () -> jvm.down(mirror), new Object[] {mirror},
                        new Object[] {out});
            }
        }
        long[] lims = {10, 0, Long.MIN_VALUE, 101, 100, Integer.MAX_VALUE + 1L, 3};
        try (TaskSchedule s = new TaskSchedule("strip").task("t", dev::upToLong, out)) {
            dev.lo = 0;
            jvm.lo = 0;
            for (long l : lims) {
                dev.lim = l;
                jvm.lim = l;
                dev.hi++;
                jvm.hi++;
                step("upToLong " + l, s, () -> jvm.upToLong(mirror), new Object[] {mirror}, new Object[] {out});
            }
        }
        int[][] st = {{99, 0}, {-1, 0}, {99, 90}, {99, -1}, {Integer.MIN_VALUE + 5, Integer.MIN_VALUE}};
        try (TaskSchedule s = new TaskSchedule("static").task("t", CountDownProbeTest::staticBounds, out)) {
            for (int[] p : st) {
                sStart = p[0];
                sLo = p[1];
                step("static " + p[0] + ".." + p[1], s, () -> staticBounds(mirror), new Object[] {mirror},
                        new Object[] {out});
            }
        }
        try (TaskSchedule s = new TaskSchedule("static").task("t", CountDownProbeTest::staticLongBound, out)) {
            for (long l : lims) {
                sLim = l;
                step("static long " + l, s, () -> staticLongBound(mirror), new Object[] {mirror},
                        new Object[] {out});
            }
        }
    }

    @Test
    public void elementBoundsAcrossExecutions() {
        int[] b = {99, 0};
        int[] bm = b.clone();
        float[] out = new float[100];
        float[] mirror = new float[100];
        int[][] vals = {{99, 0}, {49, 10}, {-5, 0}, {100, 0}, {99, 99}, {Integer.MIN_VALUE + 3, Integer.MIN_VALUE},
            {20, 1}};
        try (TaskSchedule s = new TaskSchedule("elements").task("t", CountDownProbeTest::boundsFromElements, b, out)) {
            for (int[] v : vals) {
                b[0] = v[0];
                b[1] = v[1];
                bm[0] = v[0];
                bm[1] = v[1];
                step("elements " + v[0] + ".." + v[1], s, () -> boundsFromElements(bm, mirror),
                        new Object[] {bm, mirror}, new Object[] {b, out});
            }
        }
    }

    // ================================================================ reductions, inner loops, private arrays

    public static void reduceDown(int[] a, int start, int lo, @Reduce int[] sum, @Reduce int[] min,
            @Reduce int[] max, @Reduce long[] wide) {
        for (@Parallel int i = start; i >= lo; i -= 3) {
            int v = a[(int) ((long) i - lo) % a.length] ^ i;
            sum[0] += v;
            min[0] = Math.min(min[0], v);
            max[0] = Math.max(max[0], i);
            wide[0] += (long) i * v;
        }
    }

    public static void reduceNestDown(int[] m, int rows, int cols, @Reduce long[] total, @Reduce int[] min) {
        for (@Parallel int r = rows - 1; r >= 0; r--) {
            for (@Parallel int c = cols - 1; c >= 0; c -= 2) {
                total[0] += m[r * cols + c] - r;
                min[0] = Math.min(min[0], m[r * cols + c] + c);
            }
        }
    }

    @Test
    public void reductionsCountingDown() {
        int[] a = JvmOracle.ints(7, 1000);
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        for (int[] r : new int[][] {{999, 0}, {998, 1}, {0, 0}, {-1, 0}, {max, max - 3000}, {min + 3000, min + 1},
            {min + 5, min + 3}, {100_000, -100_000}}) {
            check(CountDownProbeTest::reduceDown, a, r[0], r[1], new int[] {17}, new int[] {max},
                    new int[] {min}, new long[] {-3});
        }
        // i >= MIN_VALUE: after MIN the index wraps to MAX - 2, and a[(int) (MAX - 2 - MIN) % 1000] = a[-3] throws.
        int[] sum = {17};
        int[] mn = {max};
        int[] mx = {min};
        long[] wide = {-3};
        MoreChecks.checkThrows(x -> reduceDown((int[]) x[0], (Integer) x[1], (Integer) x[2], (int[]) x[3],
                (int[]) x[4], (int[]) x[5], (long[]) x[6]), s -> s.task("t", CountDownProbeTest::reduceDown, a,
                min + 3000, min, sum, mn, mx, wide), a, min + 3000, min, sum, mn, mx, wide);
        int[] m = JvmOracle.ints(8, 37 * 41);
        check(CountDownProbeTest::reduceNestDown, m, 37, 41, new long[] {5}, new int[] {max});
        check(CountDownProbeTest::reduceNestDown, m, 0, 41, new long[] {5}, new int[] {max});
        check(CountDownProbeTest::reduceNestDown, m, 37, 1, new long[] {5}, new int[] {max});
    }

    public static void innerLoopsOnTheIndex(int[] out, int n) {
        for (@Parallel int i = n - 1; i >= 0; i--) {
            int s = i;
            for (int k = 0; k < i; k++) {
                s = s * 31 + (k ^ i);
            }
            for (int k = i; k > 0; k -= 3) {
                s ^= k << (k & 15);
            }
            out[i] = s;
        }
    }

    public static void privateArray(int[] out, int start, int lo) {
        for (@Parallel int i = start; i > lo; i -= 2) {
            int[] p = new int[8];
            for (int k = 0; k < 8; k++) {
                p[k] = i * (k + 1) + (i >> k);
            }
            out[(start - i) / 2] = p[i & 7] + p[i >>> 29];
        }
    }

    @Test
    public void innerLoopsAndPrivateArrays() {
        for (int n : new int[] {0, 1, 2, 300}) {
            check(CountDownProbeTest::innerLoopsOnTheIndex, new int[n], n);
        }
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        for (int[] r : new int[][] {{100, -100}, {max, max - 40}, {min + 40, min}, {3, 3}}) {
            int n = (int) (((long) r[0] - r[1] + 1) / 2);
            check(CountDownProbeTest::privateArray, new int[n], r[0], r[1]);
        }
    }

    // ================================================================ long bounds

    public static void longLt(int[] out, int start, long lim) {
        for (@Parallel int i = start; i < lim; i++) {
            out[i - start] = i ^ (int) lim;
        }
    }

    public static void longLe(int[] out, int start, long lim) {
        for (@Parallel int i = start; i <= lim; i++) {
            out[i - start] = i * 3;
        }
    }

    public static void longMirroredStep3(int[] out, int start, long lim) {
        for (@Parallel int i = start; lim > i; i += 3) {
            out[(i - start) / 3] = i - (int) (lim >>> 32);
        }
    }

    public static void longStepHuge(long[] out, int start, long lim) {
        for (@Parallel int i = start; i <= lim; i += 1 << 30) {
            out[(int) (((long) i - start) >> 30)] = (long) i * 5 + lim;
        }
    }

    public static void longElement(long[] lims, int k, int[] out) {
        for (@Parallel int i = 0; i < lims[k]; i += 2) {
            out[i >> 1] = i + k;
        }
    }

    public static void longProduct(int[] out, int n, int m) {
        for (@Parallel int i = 0; i < (long) n * m; i++) {
            out[i] = i % (n | 1);
        }
    }

    public static void longInnerOfDownNest(int[] out, int h, long lim, int w) {
        for (@Parallel int r = h - 1; r >= 0; r--) {
            for (@Parallel int c = 0; c <= lim; c++) {
                out[r * w + c] = r * 1000 + c;
            }
        }
    }

    public static void longBoundIndexAsLong(long[] out, long lim) {
        for (@Parallel int i = Integer.MIN_VALUE; i < lim; i++) {
            out[i - Integer.MIN_VALUE] = i + lim;
        }
    }

    @Test
    public void longBoundsAtTheEdges() {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        long[][] lt = {{0, 0}, {0, 100}, {0, Long.MIN_VALUE}, {0, -1}, {max - 10, max}, {min, min + 10L},
            {min, min - 1L}, {5, min - 1L}, {max, max}, {-50, 50}};
        for (long[] p : lt) {
            int n = (int) Math.max(0, p[1] - p[0]);
            check(CountDownProbeTest::longLt, new int[n], (int) p[0], p[1]);
            int ne = (int) Math.max(0, p[1] - p[0] + 1);
            if (p[1] < max) {
                check(CountDownProbeTest::longLe, new int[ne], (int) p[0], p[1]);
            }
        }
        // Past MAX_VALUE: Java's index wraps to MIN_VALUE and out[MIN - start] is past the end.
        for (long lim : new long[] {max + 1L, max + 2L, Long.MAX_VALUE, 1L << 32}) {
            int[] out = new int[4];
            MoreChecks.checkThrows(x -> longLt((int[]) x[0], (Integer) x[1], (Long) x[2]),
                    s -> s.task("t", CountDownProbeTest::longLt, out, max - 3, lim), out, max - 3, lim);
        }
        for (long lim : new long[] {max, max + 1L, Long.MAX_VALUE}) {
            int[] out = new int[4];
            MoreChecks.checkThrows(x -> longLe((int[]) x[0], (Integer) x[1], (Long) x[2]),
                    s -> s.task("t", CountDownProbeTest::longLe, out, max - 3, lim), out, max - 3, lim);
        }
        // Past the array before any wrap.
        int[] small = new int[50];
        MoreChecks.checkThrows(x -> longLt((int[]) x[0], (Integer) x[1], (Long) x[2]),
                s -> s.task("t", CountDownProbeTest::longLt, small, 0, Long.MAX_VALUE), small, 0, Long.MAX_VALUE);
        for (long[] p : new long[][] {{0, 100}, {0, 99}, {0, 1}, {max - 9, max}, {min, min + 8L}, {max - 3, max},
            {7, -7}}) {
            check(CountDownProbeTest::longMirroredStep3, new int[(int) Math.max(0, (p[1] - p[0] + 2) / 3)],
                    (int) p[0], p[1]);
        }
        int[] w3 = new int[3];
        MoreChecks.checkThrows(x -> longMirroredStep3((int[]) x[0], (Integer) x[1], (Long) x[2]),
                s -> s.task("t", CountDownProbeTest::longMirroredStep3, w3, max - 7, max + 1L), w3, max - 7,
                max + 1L);
        check(CountDownProbeTest::longStepHuge, new long[3], min, (long) -1);
        check(CountDownProbeTest::longStepHuge, new long[4], min, (long) (1 << 30) - 1);
        check(CountDownProbeTest::longStepHuge, new long[4], min, max - (1L << 30));
        long[] one = new long[1];
        MoreChecks.checkThrows(x -> longStepHuge((long[]) x[0], (Integer) x[1], (Long) x[2]),
                s -> s.task("t", CountDownProbeTest::longStepHuge, one, max, (long) max), one, max, (long) max);
        long[] h = new long[3];
        MoreChecks.checkThrows(x -> longStepHuge((long[]) x[0], (Integer) x[1], (Long) x[2]),
                s -> s.task("t", CountDownProbeTest::longStepHuge, h, 0, 3L << 30), h, 0, 3L << 30);
    }

    @Test
    public void longBoundsFromElementsProductsAndNests() {
        long[] lims = {100, -1, Long.MIN_VALUE, (long) Integer.MAX_VALUE + 1, Long.MAX_VALUE, 0, 1};
        for (int k : new int[] {0, 1, 2, 5, 6}) {
            check(CountDownProbeTest::longElement, lims, k, new int[50]);
        }
        for (int k : new int[] {3, 4, 7, -1, Integer.MIN_VALUE}) {
            int[] out = new int[50];
            MoreChecks.checkThrows(x -> longElement((long[]) x[0], (Integer) x[1], (int[]) x[2]),
                    s -> s.task("t", CountDownProbeTest::longElement, lims, k, out), lims, k, out);
        }
        check(CountDownProbeTest::longProduct, new int[600], 20, 30);
        check(CountDownProbeTest::longProduct, new int[600], -20, 30);
        check(CountDownProbeTest::longProduct, new int[600], 65536, 0);
        // 65536 * 65536 = 2^32: as an int product 0 (no iteration), as a long past the array.
        int[] p = new int[600];
        MoreChecks.checkThrows(x -> longProduct((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::longProduct, p, 65536, 65536), p, 65536, 65536);
        for (long lim : new long[] {9, 0, -1, Long.MIN_VALUE, Integer.MIN_VALUE - 1L}) {
            check(CountDownProbeTest::longInnerOfDownNest, new int[60], 6, lim, 10);
        }
        for (long lim : new long[] {10, Integer.MAX_VALUE, Long.MAX_VALUE}) {
            int[] out = new int[60];
            MoreChecks.checkThrows(x -> longInnerOfDownNest((int[]) x[0], (Integer) x[1], (Long) x[2],
                    (Integer) x[3]), s -> s.task("t", CountDownProbeTest::longInnerOfDownNest, out, 6, lim, 10), out,
                    6, lim, 10);
        }
        for (long lim : new long[] {Integer.MIN_VALUE + 20L, Integer.MIN_VALUE, Long.MIN_VALUE}) {
            check(CountDownProbeTest::longBoundIndexAsLong, new long[20], lim);
        }
    }

    // ================================================================ more bound expressions the host evaluates

    /** A bound the host computes as Java does: {@code n / d} and {@code n % d}, also of MIN_VALUE and -1. */
    public static void intDivRemBound(int[] out, int n, int d) {
        for (@Parallel int i = out.length - 1; i >= n / d + n % d; i--) {
            out[i] = i;
        }
    }

    /** {@code -lo}: of MIN_VALUE, MIN_VALUE. */
    public static void negatedBound(int[] out, int lo) {
        for (@Parallel int i = out.length - 1; i >= -lo; i--) {
            out[i] = i - lo;
        }
    }

    public static void clampedBounds(int[] out, int lo, int hi) {
        for (@Parallel int i = Math.min(hi, out.length - 1); i >= Math.max(lo, 0); i--) {
            out[i] = i * 9;
        }
    }

    public static void castBounds(int[] out, float f, double d) {
        for (@Parallel int i = (int) d; i > (int) f; i -= 2) {
            out[i] = i;
        }
    }

    public static void byteElementBound(int[] out, byte[] b, char[] c) {
        for (@Parallel int i = c[0] - 17; i >= b[0]; i--) {
            out[i + 16] = i;
        }
    }

    public static void nullLengthBound(int[] out, int[] a) {
        for (@Parallel int i = out.length - 1; i >= a.length; i--) {
            out[i] = i;
        }
    }

    /** The start is read once, before the loop (Java's order): the loop may write that element. */
    public static void startElementWritten(int[] b) {
        for (@Parallel int i = b[0]; i >= 1; i--) {
            b[i] = i * 2 + b.length;
        }
    }

    /** Long bounds the host must compute in 64 bits with Java's wrapping. */
    public static void longPlusOne(int[] out, int start, long lim) {
        for (@Parallel int i = start; i < lim + 1; i++) {
            out[i - start] = i;
        }
    }

    public static void widenedElementPlusOne(int[] out, int[] b, int start) {
        for (@Parallel int i = start; i < (long) b[0] + 1; i++) {
            out[i - start] = i;
        }
    }

    public static void longDivRem(int[] out, long lim, long d) {
        for (@Parallel int i = 0; i < lim / d + lim % d; i++) {
            out[i] = i;
        }
    }

    public static void longShiftMul(int[] out, long lim, int s) {
        for (@Parallel int i = 0; i <= (lim >> s) * 3; i++) {
            out[i] = i;
        }
    }

    public static void longConstantBound(int[] out) {
        for (@Parallel int i = 0; i < 3_000_000_000L; i++) {
            out[i] = i;
        }
    }

    public static void longStartBoundCast(int[] out, long lo, long lim) {
        for (@Parallel int i = (int) lo; i < lim; i++) {
            out[i] = i;
        }
    }

    public static void intBoundCastFromLong(int[] out, long lim) {
        for (@Parallel int i = out.length - 1; i >= (int) lim; i--) {
            out[i] = i;
        }
    }

    public static void reduceLongBound(int[] a, long lim, @Reduce int[] sum, @Reduce int[] max) {
        for (@Parallel int i = 0; i < lim; i++) {
            sum[0] += a[i];
            max[0] = Math.max(max[0], a[i] - i);
        }
    }

    @Test
    public void boundExpressionsTheHostEvaluates() {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        check(CountDownProbeTest::intDivRemBound, new int[100], 100, 3);
        check(CountDownProbeTest::intDivRemBound, new int[100], 100, 7);
        check(CountDownProbeTest::intDivRemBound, new int[100], max, min);
        // MIN / -1 is MIN (and MIN % -1 is 0): i >= MIN never ends, Java's index reaches -1 first.
        for (int[] nd : new int[][] {{min, -1}, {-7, 3}, {5, 0}, {min, max}}) {
            int[] out = new int[100];
            MoreChecks.checkThrows(x -> intDivRemBound((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                    s -> s.task("t", CountDownProbeTest::intDivRemBound, out, nd[0], nd[1]), out, nd[0], nd[1]);
        }
        check(CountDownProbeTest::negatedBound, new int[100], -50);
        check(CountDownProbeTest::negatedBound, new int[100], -200);
        check(CountDownProbeTest::negatedBound, new int[100], 0);
        // -MIN is MIN: i >= MIN never ends, Java's index reaches -1.
        int[] neg = new int[100];
        MoreChecks.checkThrows(x -> negatedBound((int[]) x[0], (Integer) x[1]),
                s -> s.task("t", CountDownProbeTest::negatedBound, neg, min), neg, min);
        for (int[] lh : new int[][] {{-5, 200}, {20, 50}, {60, 50}, {min, max}, {max, min}}) {
            check(CountDownProbeTest::clampedBounds, new int[100], lh[0], lh[1]);
        }
        check(CountDownProbeTest::castBounds, new int[100], 10.9f, 99.99);
        check(CountDownProbeTest::castBounds, new int[100], Float.NaN, 50.0);
        check(CountDownProbeTest::castBounds, new int[100], 3e9f, 99.0);
        int[] inf = new int[100];
        MoreChecks.checkThrows(x -> castBounds((int[]) x[0], (Float) x[1], (Double) x[2]),
                s -> s.task("t", CountDownProbeTest::castBounds, inf, Float.NEGATIVE_INFINITY, 99.0), inf,
                Float.NEGATIVE_INFINITY, 99.0);
        check(CountDownProbeTest::byteElementBound, new int[100], new byte[] {(byte) 0xF0}, new char[] {100});
        check(CountDownProbeTest::byteElementBound, new int[100], new byte[] {-16}, new char[] {17});
        int[] big = new int[100];
        byte[] bb = {(byte) 0xF0};
        char[] cc = {'\uffff'};
        MoreChecks.checkThrows(x -> byteElementBound((int[]) x[0], (byte[]) x[1], (char[]) x[2]),
                s -> s.task("t", CountDownProbeTest::byteElementBound, big, bb, cc), big, bb, cc);
        int[] nl = new int[10];
        MoreChecks.checkThrows(x -> nullLengthBound((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", CountDownProbeTest::nullLengthBound, nl, null), nl, null);
        int[] w = new int[60];
        for (int k = 0; k < w.length; k++) {
            w[k] = k * 3 - 7;
        }
        w[0] = 50;
        check(CountDownProbeTest::startElementWritten, w);
        int[] w2 = w.clone();
        w2[0] = 60;
        MoreChecks.checkThrows(x -> startElementWritten((int[]) x[0]),
                s -> s.task("t", CountDownProbeTest::startElementWritten, w2), (Object) w2);
    }

    @Test
    public void longBoundExpressionsWrapAsJava() {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        // lim + 1 of Long.MAX_VALUE wraps to Long.MIN_VALUE: no iteration.
        check(CountDownProbeTest::longPlusOne, new int[10], 0, Long.MAX_VALUE);
        check(CountDownProbeTest::longPlusOne, new int[10], 0, 9L);
        check(CountDownProbeTest::longPlusOne, new int[4], max - 3, max - 1L);
        int[] p1 = new int[4];
        MoreChecks.checkThrows(x -> longPlusOne((int[]) x[0], (Integer) x[1], (Long) x[2]),
                s -> s.task("t", CountDownProbeTest::longPlusOne, p1, max - 3, (long) max), p1, max - 3, (long) max);
        // (long) b[0] + 1 is MAX + 1 (not the int MIN): Java's index wraps, the JVM throws.
        check(CountDownProbeTest::widenedElementPlusOne, new int[4], new int[] {max - 1}, max - 3);
        int[] p2 = new int[4];
        int[] bm = {max};
        MoreChecks.checkThrows(x -> widenedElementPlusOne((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::widenedElementPlusOne, p2, bm, max - 3), p2, bm, max - 3);
        // Long.MIN_VALUE / -1 is MIN_VALUE, % -1 is 0; divisions round toward zero.
        for (long[] ld : new long[][] {{Long.MIN_VALUE, -1}, {-250, -3}, {250, 3}, {-250, 3}, {Long.MIN_VALUE,
            Long.MAX_VALUE}}) {
            check(CountDownProbeTest::longDivRem, new int[100], ld[0], ld[1]);
        }
        int[] z = new int[100];
        MoreChecks.checkThrows(x -> longDivRem((int[]) x[0], (Long) x[1], (Long) x[2]),
                s -> s.task("t", CountDownProbeTest::longDivRem, z, 5L, 0L), z, 5L, 0L);
        // MAX / MIN is 0 and MAX % MIN is MAX: past the array.
        int[] z2 = new int[100];
        MoreChecks.checkThrows(x -> longDivRem((int[]) x[0], (Long) x[1], (Long) x[2]),
                s -> s.task("t", CountDownProbeTest::longDivRem, z2, Long.MAX_VALUE, Long.MIN_VALUE), z2,
                Long.MAX_VALUE, Long.MIN_VALUE);
        // Shift distances mod 64; a product that wraps in 64 bits.
        check(CountDownProbeTest::longShiftMul, new int[100], 66L, 65);
        check(CountDownProbeTest::longShiftMul, new int[100], Long.MIN_VALUE, -1);
        check(CountDownProbeTest::longShiftMul, new int[100], 0x5555_5555_5555_5556L, 64);
        check(CountDownProbeTest::longShiftMul, new int[100], 0x5555_5555_5555_5556L, 0);
        int[] sm = new int[100];
        MoreChecks.checkThrows(x -> longShiftMul((int[]) x[0], (Long) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::longShiftMul, sm, 1L << 40, 8), sm, 1L << 40, 8);
        int[] c3 = new int[100];
        MoreChecks.checkThrows(x -> longConstantBound((int[]) x[0]),
                s -> s.task("t", CountDownProbeTest::longConstantBound, c3), (Object) c3);
        check(CountDownProbeTest::longStartBoundCast, new int[100], 5L + (1L << 32), 50L);
        check(CountDownProbeTest::longStartBoundCast, new int[100], -1L << 32, 100L);
        check(CountDownProbeTest::intBoundCastFromLong, new int[100], 50L + (7L << 32));
        check(CountDownProbeTest::intBoundCastFromLong, new int[100], (1L << 32) + 99);
        int[] a = JvmOracle.ints(2, 100);
        for (long lim : new long[] {100, 0, -1, Long.MIN_VALUE, 1}) {
            check(CountDownProbeTest::reduceLongBound, a, lim, new int[] {5}, new int[] {min});
        }
        for (long lim : new long[] {101, 1L << 31, Long.MAX_VALUE}) {
            int[] sum = {5};
            int[] mx = {min};
            MoreChecks.checkThrows(x -> reduceLongBound((int[]) x[0], (Long) x[1], (int[]) x[2], (int[]) x[3]),
                    s -> s.task("t", CountDownProbeTest::reduceLongBound, a, lim, sum, mx), a, lim, sum, mx);
        }
    }

    // ================================================================ batches, two devices, copies

    public static void mapDown(int[] a, int[] out) {
        for (@Parallel int i = out.length - 1; i >= 0; i--) {
            out[i] = a[i] * 3 - i;
        }
    }

    public static void stencilDown(float[] a, float[] out) {
        for (@Parallel int i = a.length - 2; i > 0; i--) {
            out[i] = a[i - 1] * 0.25f + a[i] * 0.5f + a[i + 1] * 0.25f;
        }
    }

    public static void stridedDown(int[] a, int[] out, int lo) {
        for (@Parallel int i = a.length - 1; i >= lo; i -= 3) {
            out[2 * (i - lo) + 1] = a[i] + 7;
        }
    }

    public static void reversedCopy(int[] a, int[] out) {
        for (@Parallel int i = a.length - 1; i >= 0; i--) {
            out[a.length - 1 - i] = a[i];
        }
    }

    public static void nestDownForBatches(int[] out, int w, int h) {
        for (@Parallel int r = h - 1; r >= 0; r--) {
            for (@Parallel int c = w - 1; c >= 0; c -= 2) {
                out[r * w + c] = r * 1000 + c;
            }
        }
    }

    public static void divideDown(int[] a, int[] d, int[] out) {
        for (@Parallel int i = a.length - 1; i >= 0; i--) {
            out[i] = a[i] / d[i];
        }
    }

    public static void sumDownStep2(int[] a, @Reduce long[] s, @Reduce int[] mx) {
        for (@Parallel int i = a.length - 1; i >= 0; i -= 2) {
            s[0] += a[i] - i;
            mx[0] = Math.max(mx[0], a[i] ^ i);
        }
    }

    public static void longLimMap(int[] a, long lim, int[] out) {
        for (@Parallel int i = 0; i < lim; i++) {
            out[i] = a[i] + i;
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

    /** The JVM on clones, then the schedule {@code make} gives (with the task added) on {@code args}. */
    private static void across(String what, Supplier<TaskSchedule> make, MoreChecks.JvmRun jvm,
            MoreChecks.TaskAdder adder, Object... args) {
        Object[] mirror = JvmOracle.cloneArgs(args);
        try (TaskSchedule s = adder.add(make.get())) {
            step(what, s, () -> jvm.run(mirror), mirror, args);
        }
    }

    @Test
    public void batchesTwoDevicesAndCopies() {
        int n = 20_011;
        int[] a = JvmOracle.ints(1, n);
        float[] f = JvmOracle.floats(2, n, -5f, 5f);
        int[] d = JvmOracle.ints(3, n, 1, 100);
        d[5] = 0;
        int[] dEarly = d.clone();
        dEarly[5] = 1;
        dEarly[n - 5] = 0;
        String[] names = {"batches", "two devices", "copies"};
        for (int mode = 0; mode < 3; mode++) {
            int m = mode;
            Supplier<TaskSchedule> make = () -> m == 0 ? new TaskSchedule("b").batch("8KB")
                    : m == 1 ? new TaskSchedule("s").devices(halves()) : new TaskSchedule("c").inPlace(false);
            String p = names[m] + ": ";
            int[] mo = new int[n];
            across(p + "map", make, x -> mapDown((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", CountDownProbeTest::mapDown, a, mo), a, mo);
            float[] fo = new float[n];
            across(p + "stencil", make, x -> stencilDown((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", CountDownProbeTest::stencilDown, f, fo), f, fo);
            int[] so = new int[2 * n + 2];
            across(p + "strided", make, x -> stridedDown((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", CountDownProbeTest::stridedDown, a, so, 5), a, so, 5);
            int[] so2 = new int[2 * n + 2];
            across(p + "strided past the end", make, x -> stridedDown((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", CountDownProbeTest::stridedDown, a, so2, -3), a, so2, -3);
            int[] ro = new int[n];
            across(p + "reversed", make, x -> reversedCopy((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", CountDownProbeTest::reversedCopy, a, ro), a, ro);
            int[] no = new int[150 * 140];
            across(p + "nest", make, x -> nestDownForBatches((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                    s -> s.task("t", CountDownProbeTest::nestDownForBatches, no, 150, 140), no, 150, 140);
            int[] dq = new int[n];
            across(p + "division by zero late", make, x -> divideDown((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", CountDownProbeTest::divideDown, a, d, dq), a, d, dq);
            int[] dq2 = new int[n];
            across(p + "division by zero early", make, x -> divideDown((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", CountDownProbeTest::divideDown, a, dEarly, dq2), a, dEarly, dq2);
            long[] sum = {3};
            int[] mx = {Integer.MIN_VALUE};
            across(p + "reduction", make, x -> sumDownStep2((int[]) x[0], (long[]) x[1], (int[]) x[2]),
                    s -> s.task("t", CountDownProbeTest::sumDownStep2, a, sum, mx), a, sum, mx);
            int[] lo = new int[n];
            across(p + "long bound", make, x -> longLimMap((int[]) x[0], (Long) x[1], (int[]) x[2]),
                    s -> s.task("t", CountDownProbeTest::longLimMap, a, (long) n, lo), a, (long) n, lo);
            int[] lo2 = new int[n];
            across(p + "long bound past the end", make, x -> longLimMap((int[]) x[0], (Long) x[1], (int[]) x[2]),
                    s -> s.task("t", CountDownProbeTest::longLimMap, a, n + 1L, lo2), a, n + 1L, lo2);
        }
    }

    // ================================================================ what the writer does with the body

    /** A parity branch in a sequential loop (the writer's coherentBranches looks for {@code i & 1}). */
    public static void parityDown(int[] seed, int[] out, int lo, int hi, int steps) {
        for (@Parallel int i = hi - 1; i >= lo; i -= 3) {
            int kind = i % 2 == 1 ? 1 : 2;
            int acc = seed[i - lo];
            for (int k = 0; k < steps; k++) {
                if ((i & 1) == 0) {
                    acc = acc * 31 + k;
                } else if (kind == 1) {
                    acc = (acc ^ (k << 3)) + (acc >>> 5);
                } else {
                    acc = -acc;
                }
            }
            out[i - lo] = acc;
        }
    }

    /** Groups of 4 and 8 consecutive elements (vector loads and stores) at indices 4i, 8i + 4. */
    /** (A double output: a scalar store to a float array would keep the float loads scalar.) */
    public static void quadsDown(float[] a, double[] out, int n, int lo) {
        for (@Parallel int i = n - 1; i >= lo; i--) {
            out[i - lo] = a[4 * i + 4] + a[4 * i + 5] * 2f + a[4 * i + 6] * 3f - a[4 * i + 7] * 0.5f;
        }
    }

    public static void bytesDown(byte[] in, byte[] out, int blocks) {
        for (@Parallel int b = blocks - 1; b >= 0; b -= 1) {
            int x1 = ((in[8 * b] & 0xff) << 8) | (in[8 * b + 1] & 0xff);
            int x2 = ((in[8 * b + 2] & 0xff) << 8) | (in[8 * b + 3] & 0xff);
            int x3 = ((in[8 * b + 4] & 0xff) << 8) | (in[8 * b + 5] & 0xff);
            int x4 = ((in[8 * b + 6] & 0xff) << 8) | (in[8 * b + 7] & 0xff);
            out[8 * b] = (byte) (x1 >>> 8);
            out[8 * b + 1] = (byte) x1;
            out[8 * b + 2] = (byte) (x2 >>> 8);
            out[8 * b + 3] = (byte) x2;
            out[8 * b + 4] = (byte) (x3 >>> 8);
            out[8 * b + 5] = (byte) (x4 + 1);
            out[8 * b + 6] = (byte) (x4 >>> 8);
            out[8 * b + 7] = (byte) x3;
        }
    }

    public static void quadStoresDown(int[] out, int n) {
        for (@Parallel int i = n - 1; i >= 0; i -= 3) {
            out[4 * i] = i;
            out[4 * i + 1] = -i;
            out[4 * i + 2] = i * i;
            out[4 * i + 3] = ~i;
        }
    }

    /** The tiled product (64 x 64 blocks through local memory) with both indices counting down. */
    public static void productDown(int[] a, int[] b, int[] c, int m, int n, int p) {
        for (@Parallel int i = m - 1; i >= 0; i--) {
            for (@Parallel int j = p - 1; j >= 0; j--) {
                int s = 0;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * p + j];
                }
                c[i * p + j] = s;
            }
        }
    }

    /** Java names the kernel must keep apart from the counter count_up adds ({@code i_rev}). */
    public static void namesLikeTheCounter(int[] out, int n, int i_rev) {
        for (@Parallel int r = n - 1; r >= 0; r--) {
            for (@Parallel int r_rev = 3; r_rev >= 0; r_rev--) {
                int i_rev_rev = r * 4 + r_rev;
                out[i_rev_rev] = r * 100 + r_rev + i_rev;
            }
        }
    }

    @Test
    public void writerPhasesOnLoopsCountingDown() {
        int[] seed = JvmOracle.ints(1, 1001);
        for (int[] r : new int[][] {{-500, 501}, {-501, 500}, {0, 1}, {0, 0}}) {
            check(CountDownProbeTest::parityDown, seed, new int[1001], r[0], r[1], 40);
        }
        float[] f = JvmOracle.floats(1, 4 * 1003, -3f, 3f);
        ExecutionReport rep = check(CountDownProbeTest::quadsDown, f, new double[1003], 1002, -1);
        assertTrue(rep.task("t").optimizations().toString(),
                rep.task("t").optimizations().stream().anyMatch(o -> o.startsWith("vectorAccess")));
        check(CountDownProbeTest::quadsDown, f, new double[1003], 500, 0);
        double[] qo = new double[1003];
        MoreChecks.checkThrows(x -> quadsDown((float[]) x[0], (double[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", CountDownProbeTest::quadsDown, f, qo, 1002, -2), f, qo, 1002, -2);
        byte[] in = new byte[8 * 1001];
        int[] r = JvmOracle.ints(5, in.length);
        for (int k = 0; k < in.length; k++) {
            in[k] = (byte) r[k];
        }
        check(CountDownProbeTest::bytesDown, in, new byte[8 * 1001], 1001);
        check(CountDownProbeTest::bytesDown, in, new byte[8 * 1001], 17);
        byte[] bo = new byte[8 * 1001];
        MoreChecks.checkThrows(x -> bytesDown((byte[]) x[0], (byte[]) x[1], (Integer) x[2]),
                s -> s.task("t", CountDownProbeTest::bytesDown, in, bo, 1002), in, bo, 1002);
        check(CountDownProbeTest::quadStoresDown, new int[4 * 1000], 1000);
        check(CountDownProbeTest::quadStoresDown, new int[4 * 1000], 998);
        for (int[] d : new int[][] {{65, 3, 130}, {1, 1, 1}, {70, 70, 70}}) {
            int[] a = JvmOracle.ints(1, d[0] * d[1], -1000, 1000);
            int[] b = JvmOracle.ints(2, d[1] * d[2], -1000, 1000);
            check(CountDownProbeTest::productDown, a, b, new int[d[0] * d[2]], d[0], d[1], d[2]);
        }
        int[] a = JvmOracle.ints(1, 70 * 70, -1000, 1000);
        int[] c = new int[70 * 70];
        MoreChecks.checkThrows(x -> productDown((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3],
                (Integer) x[4], (Integer) x[5]), s -> s.task("t", CountDownProbeTest::productDown, a, a, c, 70, 70, 71),
                a, a, c, 70, 70, 71);
        check(CountDownProbeTest::namesLikeTheCounter, new int[40], 10, 7);
    }
}

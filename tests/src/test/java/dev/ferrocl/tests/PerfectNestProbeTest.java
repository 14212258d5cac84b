package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes of the {@code perfectNest} phase: loads, Java's checks and integer divisions between nested
 * {@code @Parallel} loops move into the inner loop. Every expected value is the JVM's own run of the same method on
 * clones of the inputs; strict mode throughout. Where a form is documented as refused (stores or branches between
 * the loops, values used after the inner loop, code reading what the nest writes), the probe accepts a
 * {@link CompilationException} or an exact result, nothing else. No two iterations of a {@code @Parallel} loop
 * write one element or read an element another writes.
 *
 * <p>Failing when written, all fixed since (bailouts of reasonable code, no wrong result found):
 * {@link #aMovedValueChosenByATernaryInsideTheInnerLoop()} and
 * {@link #aMovedValueInASequentialLoopInsideTheInnerLoop()} (a moved value reaching a phi inside the inner loop: a
 * ternary's merge, a sequential loop's accumulator), {@link #longBoundsWithALoadBetween()} and
 * {@link #onlyTheInnerBoundLongWithALoadBetween()} ({@code long} bounds; the same nest without code between runs),
 * {@link #aTernaryOnALoadedValueBetween()} and {@link #floorDivAndFloorModBetween()} (branches between the loops
 * that only choose values: now selects before the code moves).
 */
public class PerfectNestProbeTest {

    // ---------------------------------------------------------------- helpers

    /** Java's run on {@code expected} (prepared by the caller, aliases included), then the schedule; no exception. */
    private static TaskReport sameAsJava(MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder, Object[] expected,
            Object[] actual) throws Throwable {
        jvm.run(expected);
        try (TaskSchedule s = adder.add(new TaskSchedule("probe"))) {
            s.execute();
            for (int i = 0; i < actual.length; i++) {
                assertSame("argument " + (i + 1), expected[i], actual[i]);
            }
            TaskReport t = s.report().task("t");
            System.out.println("ran on " + t.ranOn() + ": " + t.reason());
            return t;
        }
    }

    /** As {@link #sameAsJava} on deep clones of {@code args}. */
    private static TaskReport sameAsJava(MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder, Object... args)
            throws Throwable {
        return sameAsJava(jvm, adder, cloneArgs(args), args);
    }

    /**
     * Refused ({@link CompilationException}, returned) or Java's result exactly (null returned). {@code expected}
     * is prepared by the caller (aliases kept).
     */
    private static CompilationException refusedOrExact(MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder,
            Object[] expected, Object[] actual) throws Throwable {
        jvm.run(expected);
        try (TaskSchedule s = adder.add(new TaskSchedule("refusedOrExact"))) {
            try {
                s.execute();
            } catch (CompilationException e) {
                System.out.println("refused: " + e.getMessage());
                return e;
            }
            TaskReport t = s.report().task("t");
            System.out.println("ran on " + t.ranOn() + ": " + t.reason());
            for (int i = 0; i < actual.length; i++) {
                assertSame("argument " + (i + 1), expected[i], actual[i]);
            }
            return null;
        }
    }

    private static byte[] bytes(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] a = new byte[n];
        for (int i = 0; i < n; i++) {
            a[i] = (byte) r.nextInt();
        }
        return a;
    }

    private static char[] chars(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        char[] a = new char[n];
        for (int i = 0; i < n; i++) {
            a[i] = (char) r.nextInt();
        }
        return a;
    }

    private static short[] shorts(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        short[] a = new short[n];
        for (int i = 0; i < n; i++) {
            a[i] = (short) r.nextInt();
        }
        return a;
    }

    private static int[] nonZero(long seed, int n) {
        int[] d = JvmOracle.ints(seed, n, -60, 60);
        for (int i = 0; i < n; i++) {
            if (d[i] == 0) {
                d[i] = 13;
            }
        }
        return d;
    }

    /** A permutation of 0..n-1. */
    private static int[] permutation(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int k = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[k];
            p[k] = t;
        }
        return p;
    }

    // ---------------------------------------------------------------- dependent loads and divisions

    public static void gather(int[] idx, float[] a, int[] d, float[] b, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int k = idx[i];
            float v = a[k];
            int q = 1000 / d[k];
            int r = q % d[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = v * b[j] + q - r;
            }
        }
    }

    private static final int GL = 40;
    private static final int GN = 30;
    private static final int GM = 17;

    @Test
    public void dependentLoadsAndDivisionsBetween() {
        check(PerfectNestProbeTest::gather, JvmOracle.ints(1, GN, 0, GL), JvmOracle.floats(2, GL, -4f, 4f),
                nonZero(3, GL), JvmOracle.floats(4, GM, -2f, 2f), new float[GN * GM], GN, GM);
    }

    private static void gatherThrows(int[] idx, int[] d) {
        float[] a = JvmOracle.floats(2, GL, -4f, 4f);
        float[] b = JvmOracle.floats(4, GM, -2f, 2f);
        float[] out = new float[GN * GM];
        MoreChecks.checkThrows(x -> gather((int[]) x[0], (float[]) x[1], (int[]) x[2], (float[]) x[3],
                (float[]) x[4], GN, GM), s -> s.task("t", PerfectNestProbeTest::gather, idx, a, d, b, out, GN, GM),
                idx, a, d, b, out, GN, GM);
    }

    @Test
    public void dependentLoadThrowsAtTheLastOuterIndex() {
        int[] idx = JvmOracle.ints(1, GN, 0, GL);
        idx[GN - 1] = GL;
        gatherThrows(idx, nonZero(3, GL));
    }

    @Test
    public void dependentLoadThrowsAtTheFirstOuterIndex() {
        int[] idx = JvmOracle.ints(1, GN, 0, GL);
        idx[0] = -1;
        gatherThrows(idx, nonZero(3, GL));
    }

    @Test
    public void dependentDivisionByZeroInTheMiddle() {
        int[] idx = JvmOracle.ints(1, GN, 0, GL);
        int[] d = nonZero(3, GL);
        d[idx[7]] = 0;
        gatherThrows(idx, d);
        // The remainder's divisor (d[i], not d[idx[i]]) zero at the last outer index only.
        int[] idx2 = new int[GN];
        for (int i = 0; i < GN; i++) {
            idx2[i] = i == GN - 1 ? 0 : GL - 1 - i % 5;
        }
        int[] d2 = nonZero(5, GL);
        d2[GN - 1] = 0;
        gatherThrows(idx2, d2);
    }

    public static void chain(int[] idx, float[] a, boolean[] flags, byte[] bytes, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int k1 = idx[i];
            int k2 = idx[k1];
            int k3 = idx[k2];
            float v = a[k3];
            boolean f = flags[k2];
            int bb = bytes[k1] >> 1;
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = (f ? 2f : 1f) * v + bb + j;
            }
        }
    }

    @Test
    public void aChainOfDependentLoadsWithBooleanAndByte() {
        int len = 50;
        int n = 45;
        int m = 9;
        boolean[] flags = new boolean[len];
        for (int i = 0; i < len; i++) {
            flags[i] = (i * 7) % 3 == 0;
        }
        check(PerfectNestProbeTest::chain, permutation(8, len), JvmOracle.floats(9, len, -9f, 9f), flags,
                bytes(10, len), new float[n * m], n, m);
        // An index out of range reached only as k2.
        int[] idx = permutation(8, len);
        idx[idx[idx[n - 1]]] = len + 3;
        float[] a = JvmOracle.floats(9, len, -9f, 9f);
        byte[] by = bytes(10, len);
        float[] out = new float[n * m];
        MoreChecks.checkThrows(x -> chain((int[]) x[0], (float[]) x[1], (boolean[]) x[2], (byte[]) x[3],
                (float[]) x[4], n, m), s -> s.task("t", PerfectNestProbeTest::chain, idx, a, flags, by, out, n, m),
                idx, a, flags, by, out, n, m);
    }

    // ---------------------------------------------------------------- element types

    public static void types(long[] l, double[] dd, byte[] bb, char[] cc, short[] ss, long[] outL, double[] outD,
            int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            long li = l[i];
            double di = dd[i];
            byte bi = bb[i];
            char ci = cc[i];
            short si = ss[i];
            int k = (int) (li >>> 58);
            double dk = dd[k];
            for (@Parallel int j = 0; j < m; j++) {
                outL[i * m + j] = li * (j + 1) + bi - ci + si;
                outD[i * m + j] = di * j + bi - dk;
            }
        }
    }

    @Test
    public void longDoubleByteCharShortLoadsBetween() {
        int n = 70;
        int m = 13;
        double[] dd = JvmOracle.doubles(12, n, -1e6, 1e6);
        dd[3] = -0.0;
        dd[4] = Double.NaN;
        dd[5] = Double.MIN_VALUE;
        MoreChecks.check(PerfectNestProbeTest::types, JvmOracle.longs(11, n), dd, bytes(13, n), chars(14, n),
                shorts(15, n), new long[n * m], new double[n * m], n, m);
    }

    // ---------------------------------------------------------------- Java's integer division

    public static void longDiv(long[] num, long[] den, long[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            long q = num[i] / den[i];
            long r = num[i] % den[i];
            long neg = num[i] / -1L;
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = q * j + r - neg;
            }
        }
    }

    @Test
    public void longDivisionsBetweenWithMinOverMinusOne() {
        int n = 25;
        int m = 6;
        long[] num = JvmOracle.longs(16, n);
        long[] den = JvmOracle.longs(17, n);
        for (int i = 0; i < n; i++) {
            den[i] = den[i] % 1000 == 0 ? 7 : den[i] % 1000;
        }
        num[0] = Long.MIN_VALUE;
        den[0] = -1;
        num[1] = Long.MIN_VALUE;
        den[1] = 1;
        num[2] = Long.MAX_VALUE;
        den[2] = -1;
        num[n - 1] = Long.MIN_VALUE;
        den[n - 1] = -1;
        check(PerfectNestProbeTest::longDiv, num, den, new long[n * m], n, m);
        long[] zero = den.clone();
        zero[n - 1] = 0;
        long[] out = new long[n * m];
        MoreChecks.checkThrows(x -> longDiv((long[]) x[0], (long[]) x[1], (long[]) x[2], n, m),
                s -> s.task("t", PerfectNestProbeTest::longDiv, num, zero, out, n, m), num, zero, out, n, m);
    }

    public static void intDiv(int[] num, int[] den, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int q = num[i] / den[i];
            int r = num[i] % den[i];
            int neg = num[i] / -1;
            int c = num[i] % -1;
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = q + r * j + neg - c;
            }
        }
    }

    @Test
    public void intMinOverMinusOneAndRemaindersBetween() {
        int n = 31;
        int m = 5;
        int[] num = JvmOracle.withSpecials(JvmOracle.ints(18, n), Integer.MIN_VALUE, Integer.MIN_VALUE,
                Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0);
        int[] den = JvmOracle.withSpecials(nonZero(19, n), -1, 1, -1, Integer.MIN_VALUE, Integer.MIN_VALUE, -1);
        den[n - 1] = -1;
        num[n - 1] = Integer.MIN_VALUE;
        check(PerfectNestProbeTest::intDiv, num, den, new int[n * m], n, m);
        // A remainder by zero at the first outer index: nothing written.
        int[] zero = den.clone();
        zero[0] = 0;
        int[] out = new int[n * m];
        MoreChecks.checkThrows(x -> intDiv((int[]) x[0], (int[]) x[1], (int[]) x[2], n, m),
                s -> s.task("t", PerfectNestProbeTest::intDiv, num, zero, out, n, m), num, zero, out, n, m);
    }

    public static void exactBetween(int[] a, int[] b, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int s = Math.addExact(a[i], b[i]);
            int p = Math.multiplyExact(a[i], 3);
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = s + p * j;
            }
        }
    }

    @Test
    public void exactArithmeticBetween() {
        int n = 40;
        int m = 7;
        check(PerfectNestProbeTest::exactBetween, JvmOracle.ints(20, n, -100000, 100000),
                JvmOracle.ints(21, n, -100000, 100000), new int[n * m], n, m);
        int[] a = JvmOracle.ints(20, n, -100000, 100000);
        a[6] = Integer.MAX_VALUE - 5;
        int[] b = JvmOracle.ints(21, n, 10, 100);
        int[] out = new int[n * m];
        MoreChecks.checkThrows(x -> exactBetween((int[]) x[0], (int[]) x[1], (int[]) x[2], n, m),
                s -> s.task("t", PerfectNestProbeTest::exactBetween, a, b, out, n, m), a, b, out, n, m);
    }

    // ---------------------------------------------------------------- three levels

    public static void three(int[] a, int[] d, int[] b, int[] out, int n, int q, int p) {
        for (@Parallel int i = 0; i < n; i++) {
            int ai = a[i];
            int qi = 100000 / d[i];
            for (@Parallel int j = 0; j < q; j++) {
                int bj = b[(ai + j) & 15];
                int r = qi / (bj | 1);
                for (@Parallel int k = 0; k < p; k++) {
                    out[(i * q + j) * p + k] = ai * k + bj - r;
                }
            }
        }
    }

    @Test
    public void threeLevelsWithDependentCodeAtEachLevel() {
        int n = 9;
        int q = 11;
        int p = 7;
        check(PerfectNestProbeTest::three, JvmOracle.ints(22, n), nonZero(23, n), JvmOracle.ints(24, 16),
                new int[n * q * p], n, q, p);
    }

    private static void threeThrows(int[] a, int[] d, int[] b, int n, int q, int p) {
        int[] out = new int[Math.max(0, n * q * p)];
        MoreChecks.checkThrows(x -> three((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3], n, q, p),
                s -> s.task("t", PerfectNestProbeTest::three, a, d, b, out, n, q, p), a, d, b, out, n, q, p);
    }

    @Test
    public void threeLevelsInnermostEmptyTheMiddleCodeThrows() {
        // p = 0: Java still reads b[(ai + j) & 15] for every (i, j); b has 8 elements.
        threeThrows(JvmOracle.ints(22, 9), nonZero(23, 9), JvmOracle.ints(24, 8), 9, 11, 0);
    }

    @Test
    public void threeLevelsMiddleEmptyTheOuterCodeThrows() {
        int[] d = nonZero(23, 9);
        d[4] = 0;
        threeThrows(JvmOracle.ints(22, 9), d, JvmOracle.ints(24, 16), 9, 0, 7);
    }

    @Test
    public void threeLevelsInnermostEmptyNothingThrows() throws Throwable {
        int n = 9;
        int[] a = JvmOracle.ints(22, n);
        int[] d = nonZero(23, n);
        int[] b = JvmOracle.ints(24, 16);
        int[] out = new int[3];
        sameAsJava(x -> three((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3], n, 11, 0),
                s -> s.task("t", PerfectNestProbeTest::three, a, d, b, out, n, 11, 0), a, d, b, out, n, 11, 0);
    }

    public static void threeTop(float[] a, float[] out, int n, int q, int p) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < q; j++) {
                for (@Parallel int k = 0; k < p; k++) {
                    out[(i * q + j) * p + k] = ai * j + k;
                }
            }
        }
    }

    @Test
    public void codeOnlyBetweenTheTopTwoOfThreeLoops() {
        int n = 8;
        int q = 6;
        int p = 10;
        check(PerfectNestProbeTest::threeTop, JvmOracle.floats(25, n, -3f, 3f), new float[n * q * p], n, q, p);
        // The innermost loop empty, a one element short: Java throws at i = n - 1.
        float[] a = JvmOracle.floats(25, n - 1, -3f, 3f);
        float[] out = new float[4];
        MoreChecks.checkThrows(x -> threeTop((float[]) x[0], (float[]) x[1], n, q, 0),
                s -> s.task("t", PerfectNestProbeTest::threeTop, a, out, n, q, 0), a, out, n, q, 0);
    }

    // ---------------------------------------------------------------- empty loops and bounds

    @Test
    public void theOuterLoopEmptyOrNegativeTheCodeBetweenNeverRuns() throws Throwable {
        for (int n : new int[] {0, -3, Integer.MIN_VALUE}) {
            int[] idx = new int[0];
            float[] a = new float[0];
            int[] d = new int[0];
            float[] b = new float[4];
            float[] out = new float[2];
            sameAsJava(x -> gather((int[]) x[0], (float[]) x[1], (int[]) x[2], (float[]) x[3], (float[]) x[4], n, 4),
                    s -> s.task("t", PerfectNestProbeTest::gather, idx, a, d, b, out, n, 4), idx, a, d, b, out, n, 4);
        }
    }

    public static void lengths(float[] a, int[] d, float[] b, float[] out, int m) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float ai = a[i];
            int q = 1000 / d[i];
            for (@Parallel int j = 0; j < Math.min(m, b.length); j++) {
                out[i * b.length + j] = ai * b[j] + q;
            }
        }
    }

    @Test
    public void boundsAsLengthsAndMin() {
        int n = 20;
        int len = 13;
        check(PerfectNestProbeTest::lengths, JvmOracle.floats(26, n, -1f, 1f), nonZero(27, n),
                JvmOracle.floats(28, len, -1f, 1f), new float[n * len], 9);
        check(PerfectNestProbeTest::lengths, JvmOracle.floats(26, n, -1f, 1f), nonZero(27, n),
                JvmOracle.floats(28, len, -1f, 1f), new float[n * len], 100);
    }

    @Test
    public void anInnerBoundMinThatIsEmptyStillRunsTheCodeBetween() {
        int n = 20;
        // b empty: Math.min(m, 0) = 0; a division by zero at i = 3.
        float[] a = JvmOracle.floats(26, n, -1f, 1f);
        int[] d = nonZero(27, n);
        d[3] = 0;
        float[] b = new float[0];
        float[] out = new float[5];
        MoreChecks.checkThrows(x -> lengths((float[]) x[0], (int[]) x[1], (float[]) x[2], (float[]) x[3], 9),
                s -> s.task("t", PerfectNestProbeTest::lengths, a, d, b, out, 9), a, d, b, out, 9);
        // m negative, b non-empty: d one element short.
        float[] b2 = JvmOracle.floats(28, 13, -1f, 1f);
        int[] d2 = nonZero(27, n - 1);
        MoreChecks.checkThrows(x -> lengths((float[]) x[0], (int[]) x[1], (float[]) x[2], (float[]) x[3], -4),
                s -> s.task("t", PerfectNestProbeTest::lengths, a, d2, b2, out, -4), a, d2, b2, out, -4);
    }

    public static void fromElement(int[] dims, float[] a, int[] d, float[] out) {
        int n = dims[0];
        int m = dims[1];
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            int q = 64 / d[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = ai * q + j;
            }
        }
    }

    @Test
    public void boundsReadFromElementsBeforeTheNest() {
        check(PerfectNestProbeTest::fromElement, new int[] {6, 5}, JvmOracle.floats(29, 6, -2f, 2f), nonZero(30, 6),
                new float[30]);
        int[] dims = {6, 0};
        float[] a = JvmOracle.floats(29, 6, -2f, 2f);
        int[] d = nonZero(30, 6);
        d[2] = 0;
        float[] out = new float[30];
        MoreChecks.checkThrows(x -> fromElement((int[]) x[0], (float[]) x[1], (int[]) x[2], (float[]) x[3]),
                s -> s.task("t", PerfectNestProbeTest::fromElement, dims, a, d, out), dims, a, d, out);
    }

    public static void nullBound(float[] a, float[] b, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < b.length; j++) {
                out[i * 8 + j] = ai * b[j];
            }
        }
    }

    @Test
    public void theInnerBoundsArrayIsNull() {
        int n = 5;
        float[] out = new float[n * 8];
        float[] a = JvmOracle.floats(31, n, -2f, 2f);
        MoreChecks.checkThrows(x -> nullBound((float[]) x[0], (float[]) x[1], (float[]) x[2], n),
                s -> s.task("t", PerfectNestProbeTest::nullBound, a, null, out, n), a, null, out, n);
        // a empty as well: Java's a[0] throws before b.length.
        float[] empty = new float[0];
        MoreChecks.checkThrows(x -> nullBound((float[]) x[0], (float[]) x[1], (float[]) x[2], n),
                s -> s.task("t", PerfectNestProbeTest::nullBound, empty, null, out, n), empty, null, out, n);
    }

    public static void longBounds(float[] a, float[] out, long n, long m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[(int) (i * m + j)] = ai + j;
            }
        }
    }

    public static void longBoundsPerfect(float[] a, float[] out, long n, long m) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                out[(int) (i * m + j)] = a[i] + j;
            }
        }
    }

    @Test
    public void longBoundsPerfectNestControl() {
        check(PerfectNestProbeTest::longBoundsPerfect, JvmOracle.floats(32, 12, -2f, 2f), new float[12 * 9], 12L, 9L);
    }

    @Test
    public void longBoundsWithALoadBetween() {
        check(PerfectNestProbeTest::longBounds, JvmOracle.floats(32, 12, -2f, 2f), new float[12 * 9], 12L, 9L);
    }

    // ---------------------------------------------------------------- counting down, starts and steps

    public static void down(float[] a, int[] d, float[] b, float[] out, int n, int m) {
        for (@Parallel int i = n - 1; i >= 0; i--) {
            float ai = a[i];
            int q = 360 / d[i];
            for (@Parallel int j = m - 1; j >= 0; j--) {
                out[i * m + j] = ai * b[j] + q;
            }
        }
    }

    @Test
    public void countingDownLoopsWithCodeBetween() {
        int n = 23;
        int m = 19;
        check(PerfectNestProbeTest::down, JvmOracle.floats(33, n, -5f, 5f), nonZero(34, n),
                JvmOracle.floats(35, m, -5f, 5f), new float[n * m], n, m);
    }

    @Test
    public void countingDownTheCodeBetweenThrowsAtTheFirstAndTheLastOuterIndex() {
        int n = 23;
        int m = 19;
        float[] b = JvmOracle.floats(35, m, -5f, 5f);
        // a one short: Java's first outer index (n - 1) throws, nothing written.
        float[] shortA = JvmOracle.floats(33, n - 1, -5f, 5f);
        int[] d = nonZero(34, n);
        float[] out = new float[n * m];
        MoreChecks.checkThrows(x -> down((float[]) x[0], (int[]) x[1], (float[]) x[2], (float[]) x[3], n, m),
                s -> s.task("t", PerfectNestProbeTest::down, shortA, d, b, out, n, m), shortA, d, b, out, n, m);
        // d[0] = 0: Java's last outer index throws, after writing every other row.
        float[] a = JvmOracle.floats(33, n, -5f, 5f);
        int[] d0 = nonZero(34, n);
        d0[0] = 0;
        float[] out2 = new float[n * m];
        MoreChecks.checkThrows(x -> down((float[]) x[0], (int[]) x[1], (float[]) x[2], (float[]) x[3], n, m),
                s -> s.task("t", PerfectNestProbeTest::down, a, d0, b, out2, n, m), a, d0, b, out2, n, m);
        // The inner loop empty (m = 0), d[0] = 0: only the code between throws.
        float[] out3 = new float[3];
        MoreChecks.checkThrows(x -> down((float[]) x[0], (int[]) x[1], (float[]) x[2], (float[]) x[3], n, 0),
                s -> s.task("t", PerfectNestProbeTest::down, a, d0, b, out3, n, 0), a, d0, b, out3, n, 0);
    }

    public static void downStep(float[] a, int[] d, float[] out, int n, int m) {
        for (@Parallel int i = n; i > 0; i -= 2) {
            float ai = a[i - 1];
            int q = 999 / d[i - 1];
            for (@Parallel int j = m; j > 1; j -= 3) {
                out[(i - 1) * m + j - 1] = ai * j - q;
            }
        }
    }

    @Test
    public void countingDownByStepsWithCodeBetween() {
        int n = 21;
        int m = 17;
        check(PerfectNestProbeTest::downStep, JvmOracle.floats(36, n, -5f, 5f), nonZero(37, n), new float[n * m], n,
                m);
        // m = 1: the inner loop is empty; d[n - 1] = 0 throws at the first outer index.
        float[] a = JvmOracle.floats(36, n, -5f, 5f);
        int[] d = nonZero(37, n);
        d[n - 1] = 0;
        float[] out = new float[n];
        MoreChecks.checkThrows(x -> downStep((float[]) x[0], (int[]) x[1], (float[]) x[2], n, 1),
                s -> s.task("t", PerfectNestProbeTest::downStep, a, d, out, n, 1), a, d, out, n, 1);
    }

    public static void strided(float[] a, int[] d, float[] out, int n, int m) {
        for (@Parallel int i = 1; i <= n; i += 2) {
            float ai = a[i];
            int q = 77 / d[i];
            for (@Parallel int j = 2; j < m; j += 3) {
                out[i * m + j] = ai - j * q;
            }
        }
    }

    @Test
    public void innerLoopNotFromZeroWithAStep() throws Throwable {
        int n = 15;
        int m = 20;
        check(PerfectNestProbeTest::strided, JvmOracle.floats(38, n + 1, -5f, 5f), nonZero(39, n + 1),
                new float[(n + 1) * m], n, m);
        // m = 2: j starts at 2, the inner loop is empty; a is one short, i = n (odd) reads a[n].
        float[] shortA = JvmOracle.floats(38, n, -5f, 5f);
        int[] d = nonZero(39, n + 1);
        float[] out = new float[(n + 1) * 2];
        MoreChecks.checkThrows(x -> strided((float[]) x[0], (int[]) x[1], (float[]) x[2], n, 2),
                s -> s.task("t", PerfectNestProbeTest::strided, shortA, d, out, n, 2), shortA, d, out, n, 2);
        // The same empty inner loop with every access in range: nothing happens.
        float[] a = JvmOracle.floats(38, n + 1, -5f, 5f);
        sameAsJava(x -> strided((float[]) x[0], (int[]) x[1], (float[]) x[2], n, 2),
                s -> s.task("t", PerfectNestProbeTest::strided, a, d, out, n, 2), a, d, out, n, 2);
    }

    public static void closedInner(int[] num, int[] d, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int q = num[i] / d[i];
            for (@Parallel int j = 3; j <= m; j++) {
                out[i * (m + 1) + j] = q - j;
            }
        }
    }

    @Test
    public void aClosedInnerLoopStartingPastItsEnd() {
        int n = 12;
        check(PerfectNestProbeTest::closedInner, JvmOracle.ints(40, n), nonZero(41, n), new int[n * 10], n, 9);
        int[] num = JvmOracle.ints(40, n);
        int[] d = nonZero(41, n);
        d[n - 1] = 0;
        int[] out = new int[n * 3];
        MoreChecks.checkThrows(x -> closedInner((int[]) x[0], (int[]) x[1], (int[]) x[2], n, 2),
                s -> s.task("t", PerfectNestProbeTest::closedInner, num, d, out, n, 2), num, d, out, n, 2);
    }

    // ---------------------------------------------------------------- what the nest writes

    public static void normalizeRows(float[] a, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = a[i * m];
            for (@Parallel int j = 0; j < m; j++) {
                a[i * m + j] = a[i * m + j] / s;
            }
        }
    }

    @Test
    public void theCodeBetweenReadsAnElementTheInnerLoopOverwrites() throws Throwable {
        int n = 16;
        int m = 64;
        float[] a = JvmOracle.floats(42, n * m, 1f, 9f);
        Object[] actual = {a, n, m};
        CompilationException e = refusedOrExact(x -> normalizeRows((float[]) x[0], n, m),
                s -> s.task("t", PerfectNestProbeTest::normalizeRows, a, n, m), cloneArgs(actual), actual);
        if (e != null) {
            assertTrue(e.getMessage(), e.getMessage().contains("code between nested @Parallel loops"));
        }
    }

    public static void normalizeInto(float[] src, float[] dst, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = src[i * m];
            for (@Parallel int j = 0; j < m; j++) {
                dst[i * m + j] = src[i * m + j] / s;
            }
        }
    }

    @Test
    public void theSameArrayPassedAsTheReadAndTheWrittenArgument() throws Throwable {
        int n = 16;
        int m = 64;
        // Distinct arrays: on the device, exact.
        check(PerfectNestProbeTest::normalizeInto, JvmOracle.floats(43, n * m, 1f, 9f), new float[n * m], n, m);
        // One array twice: Java reads src[i * m] before (i, 0) overwrites it.
        float[] a = JvmOracle.floats(43, n * m, 1f, 9f);
        float[] c = a.clone();
        Object[] expected = {c, c, n, m};
        Object[] actual = {a, a, n, m};
        refusedOrExact(x -> normalizeInto((float[]) x[0], (float[]) x[1], n, m),
                s -> s.task("t", PerfectNestProbeTest::normalizeInto, a, a, n, m), expected, actual);
    }

    public static void normalizeRows2(float[][] src, float[][] dst, int cols) {
        for (@Parallel int i = 0; i < dst.length; i++) {
            float[] r = src[i];
            float s = r[0];
            float[] o = dst[i];
            for (@Parallel int j = 0; j < cols; j++) {
                o[j] = r[j] / s;
            }
        }
    }

    @Test
    public void aRowNormalisedInPlaceThroughOneAndTwoArguments() throws Throwable {
        int n = 10;
        int cols = 33;
        float[][] x = new float[n][];
        for (int i = 0; i < n; i++) {
            x[i] = JvmOracle.floats(44 + i, cols, 1f, 9f);
        }
        // Distinct: on the device.
        check(PerfectNestProbeTest::normalizeRows2, (float[][]) JvmOracle.cloneValue(x), new float[n][cols], cols);
        // The same float[][] twice (in place).
        float[][] same = (float[][]) JvmOracle.cloneValue(x);
        float[][] c = (float[][]) JvmOracle.cloneValue(x);
        refusedOrExact(y -> normalizeRows2((float[][]) y[0], (float[][]) y[1], cols),
                s -> s.task("t", PerfectNestProbeTest::normalizeRows2, same, same, cols), new Object[] {c, c, cols},
                new Object[] {same, same, cols});
        // Two tables sharing their rows.
        float[][] src = (float[][]) JvmOracle.cloneValue(x);
        float[][] dst = src.clone();
        float[][] cs = (float[][]) JvmOracle.cloneValue(x);
        float[][] cd = cs.clone();
        refusedOrExact(y -> normalizeRows2((float[][]) y[0], (float[][]) y[1], cols),
                s -> s.task("t", PerfectNestProbeTest::normalizeRows2, src, dst, cols), new Object[] {cs, cd, cols},
                new Object[] {src, dst, cols});
    }

    public static void usedAfter(float[] a, float[] out, float[] last, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = ai * j;
            }
            last[i] = ai;
        }
    }

    @Test
    public void aValueFromBetweenUsedAfterTheInnerLoop() throws Throwable {
        int n = 14;
        int m = 6;
        Object[] actual = {JvmOracle.floats(45, n, -3f, 3f), new float[n * m], new float[n], n, m};
        refusedOrExact(x -> usedAfter((float[]) x[0], (float[]) x[1], (float[]) x[2], n, m),
                s -> s.task("t", PerfectNestProbeTest::usedAfter, (float[]) actual[0], (float[]) actual[1],
                        (float[]) actual[2], n, m), cloneArgs(actual), actual);
    }

    // ---------------------------------------------------------------- arithmetic and calls between

    public static void mathBetween(float[] a, double[] d, int[] k, float[] out, double[] outD, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float s = (float) Math.sqrt(Math.abs(a[i]));
            double f = Math.floor(d[i]) + Math.ceil(d[i] * 0.5);
            int mx = Math.max(k[i], -5) + Math.abs(k[i] % 9);
            float mn = Math.min(a[i], 0.25f);
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = s * j + mn + mx;
                outD[i * m + j] = f - j;
            }
        }
    }

    @Test
    public void mathCallsOnLoadedValuesBetween() {
        int n = 40;
        int m = 8;
        float[] a = JvmOracle.floats(46, n, -100f, 100f);
        a[0] = -0.0f;
        a[1] = Float.NaN;
        a[2] = Float.NEGATIVE_INFINITY;
        a[3] = 0.25f;
        int[] k = JvmOracle.withSpecials(JvmOracle.ints(47, n), Integer.MIN_VALUE, Integer.MAX_VALUE, -5, 0);
        check(PerfectNestProbeTest::mathBetween, a, JvmOracle.doubles(48, n, -1e3, 1e3), k, new float[n * m],
                new double[n * m], n, m);
    }

    public static void floorBetween(int[] num, int[] den, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int q = Math.floorDiv(num[i], den[i]);
            int r = Math.floorMod(num[i], den[i]);
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = q * j + r;
            }
        }
    }

    @Test
    public void floorDivAndFloorModBetween() {
        int n = 30;
        int m = 4;
        int[] num = JvmOracle.withSpecials(JvmOracle.ints(49, n), Integer.MIN_VALUE, -7, 7, -7);
        int[] den = JvmOracle.withSpecials(nonZero(50, n), -1, 2, -2, -2);
        check(PerfectNestProbeTest::floorBetween, num, den, new int[n * m], n, m);
    }

    public static void ternaryBetween(float[] a, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            float w = ai > 0f ? ai : -ai * 0.5f;
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = w * j;
            }
        }
    }

    @Test
    public void aTernaryOnALoadedValueBetween() {
        check(PerfectNestProbeTest::ternaryBetween, JvmOracle.floats(51, 20, -3f, 3f), new float[20 * 7], 20, 7);
    }

    static float scaled(float[] a, int i) {
        return a[i] * 3f;
    }

    static int quot(int num, int[] d, int i) {
        return num / d[i];
    }

    public static void helperBetween(float[] a, int[] d, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = scaled(a, i);
            int q = quot(997, d, i);
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = ai + q * j;
            }
        }
    }

    @Test
    public void theCodeBetweenInInlinedHelpers() {
        int n = 25;
        int m = 10;
        check(PerfectNestProbeTest::helperBetween, JvmOracle.floats(52, n, -3f, 3f), nonZero(53, n),
                new float[n * m], n, m);
        float[] a = JvmOracle.floats(52, n, -3f, 3f);
        int[] d = nonZero(53, n);
        d[n - 1] = 0;
        float[] out = new float[n * m];
        MoreChecks.checkThrows(x -> helperBetween((float[]) x[0], (int[]) x[1], (float[]) x[2], n, m),
                s -> s.task("t", PerfectNestProbeTest::helperBetween, a, d, out, n, m), a, d, out, n, m);
    }

    // ---------------------------------------------------------------- fields

    /** Holds an array read between the loops. */
    public static final class Holder {
        final float[] w;
        final int shift;

        Holder(float[] w, int shift) {
            this.w = w;
            this.shift = shift;
        }

        public void apply(float[] out, int n, int m) {
            for (@Parallel int i = 0; i < n; i++) {
                float wi = w[i];
                for (@Parallel int j = 0; j < m; j++) {
                    out[i * m + j] = wi * j + shift;
                }
            }
        }
    }

    public static void fieldBetween(Holder h, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float wi = h.w[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = wi * j + h.shift;
            }
        }
    }

    @Test
    public void anArrayFieldOfAParameterReadBetween() {
        check(PerfectNestProbeTest::fieldBetween, new Holder(JvmOracle.floats(54, 18, -2f, 2f), 5), new float[18 * 6],
                18, 6);
    }

    @Test
    public void anArrayFieldOfTheReceiverReadBetween() {
        Holder h = new Holder(JvmOracle.floats(55, 18, -2f, 2f), -3);
        check(h::apply, new float[18 * 6], 18, 6);
    }

    // ---------------------------------------------------------------- streams and reductions

    public static void streams(float[] a, float[] b, float[] out, int n, int m) {
        IntStream.range(0, n).parallel().forEach(i -> {
            float ai = a[i] * 2f;
            IntStream.range(0, m).parallel().forEach(j -> out[i * m + j] = ai * b[j]);
        });
    }

    public static void streamsPerfect(float[] a, float[] b, float[] out, int n, int m) {
        IntStream.range(0, n).parallel().forEach(i ->
                IntStream.range(0, m).parallel().forEach(j -> out[i * m + j] = a[i] * 2f * b[j]));
    }

    @Test
    public void nestedParallelStreamsPerfectControl() {
        check(PerfectNestProbeTest::streamsPerfect, JvmOracle.floats(56, 12, -2f, 2f),
                JvmOracle.floats(57, 9, -2f, 2f), new float[12 * 9], 12, 9);
    }

    @Test
    public void nestedParallelStreamsWithALoadBetween() {
        check(PerfectNestProbeTest::streams, JvmOracle.floats(56, 12, -2f, 2f), JvmOracle.floats(57, 9, -2f, 2f),
                new float[12 * 9], 12, 9);
    }

    public static void reduceBetween(int[] a, int[] d, int[] b, int n, int m, @Reduce long[] sum,
            @Reduce int[] max) {
        for (@Parallel int i = 0; i < n; i++) {
            int ai = a[i];
            int q = 100000 / d[i];
            for (@Parallel int j = 0; j < m; j++) {
                sum[0] += (long) ai * b[j] + q;
                max[0] = Math.max(max[0], ai - b[j] * q);
            }
        }
    }

    @Test
    public void reductionsWithCodeBetween() {
        int n = 50;
        int m = 37;
        check(PerfectNestProbeTest::reduceBetween, JvmOracle.ints(58, n), nonZero(59, n), JvmOracle.ints(60, m), n, m,
                new long[] {12345L}, new int[] {Integer.MIN_VALUE});
        int[] a = JvmOracle.ints(58, n);
        int[] d = nonZero(59, n);
        d[n / 2] = 0;
        int[] b = JvmOracle.ints(60, m);
        long[] sum = {7L};
        int[] max = {0};
        MoreChecks.checkThrows(x -> reduceBetween((int[]) x[0], (int[]) x[1], (int[]) x[2], n, m, (long[]) x[5],
                (int[]) x[6]), s -> s.task("t", PerfectNestProbeTest::reduceBetween, a, d, b, n, m, sum, max),
                a, d, b, n, m, sum, max);
    }

    // ---------------------------------------------------------------- multi-dimensional arguments

    public static void rowsScaled(float[][] x, float[] w, float[][] out, int cols) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = x[i];
            float wi = w[i];
            float[] o = out[i];
            for (@Parallel int j = 0; j < cols; j++) {
                o[j] = r[j] * wi;
            }
        }
    }

    private static float[][] matrix(long seed, int n, int cols) {
        float[][] x = new float[n][];
        for (int i = 0; i < n; i++) {
            x[i] = JvmOracle.floats(seed + i, cols, -5f, 5f);
        }
        return x;
    }

    @Test
    public void nullRowsTakenBetween() {
        int n = 12;
        int cols = 21;
        check(PerfectNestProbeTest::rowsScaled, matrix(61, n, cols), JvmOracle.floats(62, n, -1f, 1f),
                new float[n][cols], cols);
        // A null row of x at the first index.
        float[][] x = matrix(61, n, cols);
        x[0] = null;
        float[] w = JvmOracle.floats(62, n, -1f, 1f);
        float[][] out = new float[n][cols];
        MoreChecks.checkThrows(y -> rowsScaled((float[][]) y[0], (float[]) y[1], (float[][]) y[2], cols),
                s -> s.task("t", PerfectNestProbeTest::rowsScaled, x, w, out, cols), x, w, out, cols);
        // A null row of out at the last index.
        float[][] x2 = matrix(61, n, cols);
        float[][] out2 = new float[n][cols];
        out2[n - 1] = null;
        MoreChecks.checkThrows(y -> rowsScaled((float[][]) y[0], (float[]) y[1], (float[][]) y[2], cols),
                s -> s.task("t", PerfectNestProbeTest::rowsScaled, x2, w, out2, cols), x2, w, out2, cols);
        // cols = 0 and a null row of x: Java takes the row and never uses it; nothing throws.
        float[][] x3 = matrix(61, n, cols);
        x3[4] = null;
        float[][] out3 = new float[n][0];
        try {
            sameAsJava(y -> rowsScaled((float[][]) y[0], (float[]) y[1], (float[][]) y[2], 0),
                    s -> s.task("t", PerfectNestProbeTest::rowsScaled, x3, w, out3, 0), x3, w, out3, 0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    public static void rowHead(float[][] x, float[][] out, int cols) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float[] r = x[i];
            float h = r[0];
            float[] o = out[i];
            for (@Parallel int j = 0; j < cols; j++) {
                o[j] = r[j + 1] * h;
            }
        }
    }

    @Test
    public void aRowAndItsFirstElementBetween() {
        int n = 11;
        int cols = 40;
        check(PerfectNestProbeTest::rowHead, matrix(63, n, cols + 1), new float[n][cols], cols);
        // An empty row of x at i = 5 and cols = 0: the inner loop is empty, Java's r[0] throws.
        float[][] x = matrix(63, n, 1);
        x[5] = new float[0];
        float[][] out = new float[n][0];
        MoreChecks.checkThrows(y -> rowHead((float[][]) y[0], (float[][]) y[1], 0),
                s -> s.task("t", PerfectNestProbeTest::rowHead, x, out, 0), x, out, 0);
        // The same empty row with cols = 3.
        float[][] x2 = matrix(63, n, 4);
        x2[5] = new float[0];
        float[][] out2 = new float[n][3];
        MoreChecks.checkThrows(y -> rowHead((float[][]) y[0], (float[][]) y[1], 3),
                s -> s.task("t", PerfectNestProbeTest::rowHead, x2, out2, 3), x2, out2, 3);
    }

    public static void planes(int[][][] t, int[] out, int n, int q, int p) {
        for (@Parallel int i = 0; i < n; i++) {
            int[][] plane = t[i];
            for (@Parallel int j = 0; j < q; j++) {
                int[] row = plane[j];
                int h = row[0];
                for (@Parallel int k = 0; k < p; k++) {
                    out[(i * q + j) * p + k] = row[k] * h + i;
                }
            }
        }
    }

    private static int[][][] cube(long seed, int n, int q, int p) {
        int[][][] t = new int[n][q][];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < q; j++) {
                t[i][j] = JvmOracle.ints(seed + i * 100 + j, p, -1000, 1000);
            }
        }
        return t;
    }

    @Test
    public void aThreeDimensionalArgumentTakenApartBetweenEachLevel() {
        int n = 5;
        int q = 6;
        int p = 9;
        check(PerfectNestProbeTest::planes, cube(64, n, q, p), new int[n * q * p], n, q, p);
        int[][][] t = cube(64, n, q, p);
        t[2][3] = null;
        int[] out = new int[n * q * p];
        MoreChecks.checkThrows(y -> planes((int[][][]) y[0], (int[]) y[1], n, q, p),
                s -> s.task("t", PerfectNestProbeTest::planes, t, out, n, q, p), t, out, n, q, p);
        // p = 0 with an empty row: Java's row[0] throws.
        int[][][] t2 = cube(64, n, q, 1);
        t2[4][5] = new int[0];
        int[] out2 = new int[1];
        MoreChecks.checkThrows(y -> planes((int[][][]) y[0], (int[]) y[1], n, q, 0),
                s -> s.task("t", PerfectNestProbeTest::planes, t2, out2, n, q, 0), t2, out2, n, q, 0);
    }

    // ---------------------------------------------------------------- schedules

    public static void quotientRows(int[] num, int[] d, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int q = num[i] / d[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = q * (j + 1);
            }
        }
    }

    @Test
    public void oneScheduleExecutedWithChangingInputs() {
        int n = 40;
        int m = 12;
        int[] num = JvmOracle.ints(65, n);
        int[] d = nonZero(66, n);
        int[] out = new int[n * m];
        try (TaskSchedule s = new TaskSchedule("again").task("t", PerfectNestProbeTest::quotientRows, num, d, out, n,
                m)) {
            for (int run = 0; run < 5; run++) {
                if (run == 1) {
                    System.arraycopy(JvmOracle.ints(67, n), 0, num, 0, n);
                    System.arraycopy(nonZero(68, n), 0, d, 0, n);
                }
                if (run == 2) {
                    d[17] = 0;
                }
                if (run == 3) {
                    d[17] = -1;
                    num[17] = Integer.MIN_VALUE;
                }
                int[] expectedOut = out.clone();
                Throwable expected = null;
                try {
                    quotientRows(num.clone(), d.clone(), expectedOut, n, m);
                } catch (ArithmeticException e) {
                    expected = e;
                }
                Throwable actual = null;
                try {
                    s.execute();
                } catch (ArithmeticException e) {
                    actual = e;
                }
                assertEquals("run " + run + " exception", expected == null ? null : expected.toString(),
                        actual == null ? null : actual.toString());
                assertSame("run " + run + " out", expectedOut, out);
                TaskReport t = s.report().task("t");
                if (expected == null) {
                    assertEquals("run " + run + ": " + t.reason(), TaskReport.Where.DEVICE, t.ranOn());
                }
            }
        }
    }

    @Test
    public void inBatches() {
        int n = 300;
        int m = 64;
        int[] num = JvmOracle.ints(69, n);
        int[] d = nonZero(70, n);
        int[] out = new int[n * m];
        int[] expectedOut = out.clone();
        quotientRows(num.clone(), d.clone(), expectedOut, n, m);
        try (TaskSchedule s = new TaskSchedule("batches").batch("4KB").task("t", PerfectNestProbeTest::quotientRows,
                num, d, out, n, m)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            System.out.println("batches: " + s.report().task("t").batches());
        }
        assertSame("out", expectedOut, out);
        // A division by zero near the end, in batches.
        int[] d2 = d.clone();
        d2[n - 3] = 0;
        int[] out2 = new int[n * m];
        MoreChecks.checkThrows(x -> quotientRows((int[]) x[0], (int[]) x[1], (int[]) x[2], n, m),
                s -> s.batch("4KB").task("t", PerfectNestProbeTest::quotientRows, num, d2, out2, n, m), num, d2,
                out2, n, m);
    }

    // ---------------------------------------------------------------- exception order

    public static void order(int[] d, int[] b, int[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            int q = 1000 / d[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = q + b[i * m + j];
            }
        }
    }

    @Test
    public void javasFirstExceptionWinsBetweenTheCodeAndTheInnerLoop() {
        int n = 10;
        int m = 6;
        // The inner loop throws at (2, 3) before the code between divides by zero at i = 5.
        int[] d = nonZero(71, n);
        d[5] = 0;
        int[] b = JvmOracle.ints(72, 2 * m + 3);
        int[] out = new int[n * m];
        assertNotNull(MoreChecks.checkThrows(x -> order((int[]) x[0], (int[]) x[1], (int[]) x[2], n, m),
                s -> s.task("t", PerfectNestProbeTest::order, d, b, out, n, m), d, b, out, n, m));
        // The code between divides by zero at i = 1, before the inner loop's index at (2, 3).
        int[] d1 = nonZero(71, n);
        d1[1] = 0;
        int[] out1 = new int[n * m];
        MoreChecks.checkThrows(x -> order((int[]) x[0], (int[]) x[1], (int[]) x[2], n, m),
                s -> s.task("t", PerfectNestProbeTest::order, d1, b, out1, n, m), d1, b, out1, n, m);
    }

    @Test
    public void theSameArrayReadBetweenAndInsideNeverWritten() {
        // b is read between (b[i]) and in the inner loop (b[j]): reads only.
        int n = 30;
        int[] b = JvmOracle.ints(73, n);
        check(PerfectNestProbeTest::readTwice, b, new int[n * n], n);
    }

    public static void readTwice(int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int bi = b[i];
            int q = bi / (b[n - 1 - i] | 1);
            for (@Parallel int j = 0; j < n; j++) {
                out[i * n + j] = bi * b[j] - q;
            }
        }
    }

    // ---------------------------------------------------------------- the moved values' uses in the inner loop

    public static void ifOnMoved(float[] a, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                if (ai > 0f) {
                    out[i * m + j] = ai * j;
                } else {
                    out[i * m + j] = -j;
                }
            }
        }
    }

    @Test
    public void aMovedValueTestedByAnIfInsideTheInnerLoop() {
        check(PerfectNestProbeTest::ifOnMoved, JvmOracle.floats(74, 20, -9f, 9f), new float[20 * 9], 20, 9);
    }

    public static void ternaryOnMoved(float[] a, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = j > 3 ? ai : -ai;
            }
        }
    }

    @Test
    public void aMovedValueChosenByATernaryInsideTheInnerLoop() {
        check(PerfectNestProbeTest::ternaryOnMoved, JvmOracle.floats(75, 20, -9f, 9f), new float[20 * 9], 20, 9);
    }

    public static void maxOnMoved(float[] a, float[] b, float[] out, int n, int m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[i * m + j] = Math.max(ai, b[j]) - Math.min(ai, b[j]);
            }
        }
    }

    @Test
    public void aMovedValueInMathMaxInsideTheInnerLoop() {
        check(PerfectNestProbeTest::maxOnMoved, JvmOracle.floats(76, 20, -9f, 9f), JvmOracle.floats(77, 9, -9f, 9f),
                new float[20 * 9], 20, 9);
    }

    public static void rowTimesMatrix(float[] a, float[] b, float[] out, int n, int m, int kk) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                float s = 0f;
                for (int k = 0; k < kk; k++) {
                    s += ai * b[j * kk + k];
                }
                out[i * m + j] = s;
            }
        }
    }

    @Test
    public void aMovedValueInASequentialLoopInsideTheInnerLoop() {
        int n = 16;
        int m = 12;
        int kk = 10;
        check(PerfectNestProbeTest::rowTimesMatrix, JvmOracle.floats(78, n, -2f, 2f),
                JvmOracle.floats(79, m * kk, -2f, 2f), new float[n * m], n, m, kk);
    }

    public static void longInnerBound(float[] a, float[] out, int n, long m) {
        for (@Parallel int i = 0; i < n; i++) {
            float ai = a[i];
            for (@Parallel int j = 0; j < m; j++) {
                out[(int) (i * m + j)] = ai + j;
            }
        }
    }

    @Test
    public void onlyTheInnerBoundLongWithALoadBetween() {
        check(PerfectNestProbeTest::longInnerBound, JvmOracle.floats(32, 12, -2f, 2f), new float[12 * 9], 12, 9L);
    }

    public static void rowTimesMatrixPerfect(float[] a, float[] b, float[] out, int n, int m, int kk) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float s = 0f;
                for (int k = 0; k < kk; k++) {
                    s += a[i] * b[j * kk + k];
                }
                out[i * m + j] = s;
            }
        }
    }

    @Test
    public void theSameSequentialLoopInAPerfectNestControl() {
        int n = 16;
        int m = 12;
        int kk = 10;
        check(PerfectNestProbeTest::rowTimesMatrixPerfect, JvmOracle.floats(78, n, -2f, 2f),
                JvmOracle.floats(79, m * kk, -2f, 2f), new float[n * m], n, m, kk);
    }
}

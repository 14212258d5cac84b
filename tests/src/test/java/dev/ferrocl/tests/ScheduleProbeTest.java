package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.ExecutionCancelledException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes of the parallel forms ({@code @Parallel} nests, {@code @Reduce}, parallel streams) and of the
 * {@link TaskSchedule} API, written from the README and the Javadoc as a user would use them. Every device result
 * is compared with the JVM running the same method (or the same sequence of calls) on copies of the inputs.
 */
public class ScheduleProbeTest {
    /** The edge sizes of the 1-D probes. */
    private static final int[] EDGE = {0, 1, 2, 63, 64, 65, 1000, 100_003};

    // ================================================================ kernels: @Parallel nests

    /** A 2-D nest whose inner bound is an expression of an array length and a parameter, inner step 2. */
    public static void nest2d(int[] a, int[] out, int r0, int rows, int c0) {
        for (@Parallel int i = r0; i < rows; i++) {
            for (@Parallel int j = c0; j < a.length / rows; j += 2) {
                int w = a.length / rows;
                out[i * w + j] = a[i * w + j] * 3 + i - j;
            }
        }
    }

    /** The same nest with the inner bound a shift of an array length (no division check). */
    public static void nest2dShift(int[] a, int[] out, int rows, int sh) {
        for (@Parallel int i = 0; i < rows; i++) {
            for (@Parallel int j = 0; j < (a.length >> sh); j += 2) {
                out[i * (a.length >> sh) + j] = a[i * (a.length >> sh) + j] * 3 + i - j;
            }
        }
    }

    /** A 1-D loop whose bound divides by a parameter. */
    public static void divBound(int[] a, int k) {
        for (@Parallel int i = 0; i < a.length / k; i++) {
            a[i] = a[i] * 5 + 1;
        }
    }

    /** A 3-D nest with negative starts, inclusive bounds and steps 3 and 2. */
    public static void nest3d(long[] out, int n, int m, int p) {
        for (@Parallel int i = -2; i <= n - 3; i++) {
            for (@Parallel int j = -1; j <= m - 2; j += 3) {
                for (@Parallel int k = 1; k < p; k += 2) {
                    out[((i + 2) * m + (j + 1)) * p + k] = (long) i * 1_000_003L + j * 1009L - k;
                }
            }
        }
    }

    /** Inner sequential loops with break, continue, a labeled break, and continue of the parallel loop. */
    public static void innerBreakContinue(int[] a, int[] out, int limit) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (a[i] % 5 == 0) {
                continue;
            }
            int s = 0;
            for (int j = i; j < a.length; j++) {
                if ((a[j] & 3) == 0) {
                    continue;
                }
                if (s > limit) {
                    break;
                }
                s += a[j] % 97;
                if (j - i > 40) {
                    break;
                }
            }
            outer:
            for (int x = 0; x < 8; x++) {
                for (int y = 0; y < 8; y++) {
                    if (((a[i] >>> (x + y)) & 7) == 5) {
                        s ^= x * 8 + y;
                        break outer;
                    }
                    if (y > x) {
                        continue outer;
                    }
                }
            }
            out[i] = s;
        }
    }

    /** Each element written exactly once, in a permuted order. */
    public static void scatterPerm(int[] perm, float[] a, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[perm[i]] = a[i] * 2f + 1f;
        }
    }

    /** Rows written in a permuted order in a 2-D nest. */
    public static void permuteRows(int[] perm, double[] a, double[] out, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[perm[r] * cols + c] = a[r * cols + c] * 0.5 - c;
            }
        }
    }

    /** A negative start, an inclusive bound and a step of 3. */
    public static void stepInclusive(int[] a, int lo, int hi) {
        for (@Parallel int i = lo; i <= hi; i += 3) {
            a[i - lo] = a[i - lo] * 7 ^ i;
        }
    }

    /** A range just below Integer.MAX_VALUE, and one from Integer.MIN_VALUE. */
    public static void extremes(int[] top, int[] bottom) {
        for (@Parallel int i = Integer.MAX_VALUE - 70; i < Integer.MAX_VALUE; i++) {
            top[i - (Integer.MAX_VALUE - 70)] = i ^ 0x5555;
        }
        for (@Parallel int i = Integer.MIN_VALUE; i <= Integer.MIN_VALUE + 64; i++) {
            bottom[i - Integer.MIN_VALUE] = i >> 3;
        }
    }

    /** With a step of 3 the index wraps past Integer.MAX_VALUE and the Java loop goes on (until an index fails). */
    public static void wrapsPastMax(int[] out, int base) {
        for (@Parallel int i = base; i < Integer.MAX_VALUE; i += 3) {
            out[i - base] = i;
        }
    }

    /** Triangular bounds: the inner bound depends on the outer index (not in the README's list of bounds). */
    public static void triangular(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < i; j++) {
                out[i * n + j] = i - j;
            }
        }
    }

    // ================================================================ kernels: schedules

    public static void stage1(int[] a, int[] tmp) {
        for (@Parallel int i = 0; i < tmp.length; i++) {
            tmp[i] = a[i] * a[i] - i;
        }
    }

    public static void stage2(int[] tmp, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = tmp[i] + (i > 0 ? tmp[i - 1] : 7);
        }
    }

    /** Fully writes dst from src: passed the same array twice, it must read the host's values. */
    public static void scaleInto(int[] src, int[] dst) {
        for (@Parallel int i = 0; i < dst.length; i++) {
            dst[i] = src[i] * 3 + 1;
        }
    }

    /** Reads and writes dst, reads src: f(a, a) doubles a. */
    public static void addInto(float[] src, float[] dst) {
        for (@Parallel int i = 0; i < dst.length; i++) {
            dst[i] = dst[i] + src[i];
        }
    }

    public static void gather(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[idx[i]] + i;
        }
    }

    /** Long enough on PoCL for a 1 ns timeout to pass before it ends. */
    public static void slow(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0;
            for (int j = 0; j < 4000; j++) {
                s = s * 0.999f + a[(i + j) % a.length];
            }
            out[i] = s;
        }
    }

    // ================================================================ kernels: @Reduce

    public static void fourOutputs(int[] a, @Reduce long[] evenSum, @Reduce int[] negatives, @Reduce int[] max,
            @Reduce long[] prod) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if ((a[i] & 1) == 0) {
                evenSum[0] += a[i];
            }
            if (a[i] < 0) {
                negatives[0] += 1;
            }
            max[0] = Math.max(max[0], a[i] ^ 0x1234);
            prod[0] *= (a[i] | 1);
        }
    }

    public static void subWrap(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] -= a[i] * 31;
        }
    }

    public static void prodWrap(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] *= a[i];
        }
    }

    public static void longMinMax(long[] a, @Reduce long[] mn, @Reduce long[] mx) {
        for (@Parallel int i = 0; i < a.length; i++) {
            mn[0] = Math.min(a[i], mn[0]);
            mx[0] = Math.max(mx[0], a[i]);
        }
    }

    public static void halfSum(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i] * 0.5f;
        }
    }

    public static void sum2d(int[] m, int rows, int cols, @Reduce long[] out, @Reduce int[] min) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[0] += m[r * cols + c];
                min[0] = Math.min(min[0], m[r * cols + c]);
            }
        }
    }

    public static void sum3dOffsets(int[] m, int n, int q, int p, @Reduce long[] out, @Reduce int[] max) {
        for (@Parallel int i = 1; i < n; i++) {
            for (@Parallel int j = 0; j < q; j += 2) {
                for (@Parallel int k = -1; k <= p - 2; k++) {
                    int v = m[(i * q + j) * p + k + 1];
                    out[0] += (long) v * (k + 2);
                    max[0] = Math.max(v - i, max[0]);
                }
            }
        }
    }

    public static void sumInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    public static void streamClosedMax(long[] a, int lo, int hi, @Reduce long[] out) {
        IntStream.rangeClosed(lo, hi).parallel().forEach(i -> out[0] = Math.max(out[0], a[i] * 3));
    }

    // ================================================================ kernels: streams

    /** A receiver whose fields a stream lambda reads, and whose method a bound method reference calls. */
    public static final class Affine {
        int[] data;
        int k;
        int bias;
        int[] cells;

        Affine(int[] data, int k, int bias, int[] cells) {
            this.data = data;
            this.k = k;
            this.bias = bias;
            this.cells = cells;
        }

        public void apply(int[] out, int lo, int hi) {
            int shift = lo;
            IntStream.range(lo, hi).parallel().forEach(i -> out[i] = data[i] * k + bias - shift);
        }

        private void cell(int i) {
            cells[i] = data[i] ^ (k * i);
        }

        public void byReference() {
            IntStream.range(0, cells.length).parallel().forEach(this::cell);
        }
    }

    static final int[] STAMP = new int[1000];

    static void stamp(int i) {
        STAMP[i] = i * i + 7;
    }

    /** A method reference to a static method (which can only write static state). */
    public static void stampAll(int n) {
        IntStream.range(0, n).parallel().forEach(ScheduleProbeTest::stamp);
    }

    public static void streamRanges(int[] a, int lo, int hi) {
        IntStream.range(lo, hi).parallel().forEach(i -> a[i] = a[i] * 5 - 1);
    }

    public static void streamClosedRanges(int[] a, int lo, int hi) {
        IntStream.rangeClosed(lo, hi).parallel().forEach(i -> a[i] += i);
    }

    /** rangeClosed up to Integer.MAX_VALUE: the stream has four elements (no for loop with {@code <=} could). */
    public static void streamClosedAtMax(int[] out) {
        IntStream.rangeClosed(Integer.MAX_VALUE - 3, Integer.MAX_VALUE).parallel()
                .forEach(i -> out[i - (Integer.MAX_VALUE - 3)] = i);
    }

    public static void streamFromMin(int[] out) {
        IntStream.range(Integer.MIN_VALUE, Integer.MIN_VALUE + 65).parallel()
                .forEach(i -> out[i - Integer.MIN_VALUE] = i + 1);
    }

    // ================================================================ helpers


    private static void assertAllOnDevice(TaskSchedule s) {
        for (TaskReport t : s.report().tasks()) {
            assertEquals(t.id() + ": " + t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        }
    }

    // ================================================================ @Parallel nests

    @Test
    public void nest2dWithBoundsFromLengthsAndOffsets() {
        int[][] shapes = {{1, 1, 0, 0}, {2, 2, 1, 1}, {63, 65, 0, 1}, {64, 64, 3, 0}, {65, 63, 5, 2},
            {7, 1000, 0, 0}, {3, 0, 0, 0}, {1000, 3, 999, 2}};
        for (int[] s : shapes) {
            int rows = s[0];
            int cols = s[1];
            check(ScheduleProbeTest::nest2d, JvmOracle.ints(rows * 7L + cols, rows * cols, -1000, 1000),
                    new int[rows * cols], s[2], rows, s[3]);
        }
    }

    /** Zero rows: Java never evaluates the inner bound {@code a.length / rows}, so nothing throws. */
    @Test
    public void nest2dWithZeroRowsNeverEvaluatesTheInnerBound() {
        check(ScheduleProbeTest::nest2d, new int[0], new int[0], 0, 0, 0);
    }

    /** Narrows the failure above: the same nest with a shift in the inner bound instead of a division. */
    @Test
    public void nest2dWithAShiftedLengthBound() {
        for (int[] s : new int[][] {{1, 0}, {2, 1}, {4, 2}, {64, 6}}) {
            int rows = s[0];
            check(ScheduleProbeTest::nest2dShift, JvmOracle.ints(rows, rows << s[1]), new int[rows << s[1]], rows,
                    s[1]);
        }
    }

    /** A bound dividing by a parameter ("any int expression of parameters, array.length ..."). */
    @Test
    public void aBoundDividedByAParameter() {
        for (int n : EDGE) {
            check(ScheduleProbeTest::divBound, JvmOracle.ints(n + 4, n), 3);
        }
    }

    /** A sequential closed range inside the body, up to {@code to} (which may be MAX_VALUE: the range still ends). */
    public static void closedRangeInside(int[] out, int from, int to) {
        for (@Parallel int i = 0; i < out.length; i++) {
            final int k = i;
            IntStream.rangeClosed(from, to).forEach(j -> out[k] += (j ^ k) & 7);
        }
    }

    @Test
    public void aSequentialClosedRangeUpToMaxValueEnds() {
        int[][] ranges = {{Integer.MAX_VALUE - 3, Integer.MAX_VALUE}, {Integer.MIN_VALUE, Integer.MIN_VALUE + 2},
            {5, 4}, {0, 10}, {Integer.MAX_VALUE, Integer.MAX_VALUE}};
        for (int[] r : ranges) {
            check(ScheduleProbeTest::closedRangeInside, JvmOracle.ints(r[0] & 1023, 300), r[0], r[1]);
        }
    }

    /** A division in the loop's header that is not its bound: Java runs it before every test. */
    public static void divisionBeforeTheTest(int[] out, int n, int x, int y) {
        for (@Parallel int i = 0; ; i++) {
            int q = x / y;
            if (i >= n) {
                break;
            }
            out[i] = q + i;
        }
    }

    /**
     * A division the header computes besides the bound (Java evaluates it before each test, so a zero divisor throws
     * even with no iteration) is not part of the bound the host evaluates: the compiler refuses the loop, and the JVM's
     * run gives Java's result or exception.
     */
    @Test
    public void aHeaderDivisionThatIsNotTheBoundIsRefused() {
        int[] out = new int[10];
        try (TaskSchedule s = new TaskSchedule("hdr").task("t", ScheduleProbeTest::divisionBeforeTheTest, out, 10, 7,
                0)) {
            CompilationException e = assertThrows(CompilationException.class, s::execute);
            assertTrue(e.getMessage(), e.getMessage().contains("not (only) part of its bound"));
        }
        assertArrayEquals(new int[10], out);
    }

    @Test
    public void nest3dWithNegativeStartsInclusiveBoundsAndSteps() {
        int[][] shapes = {{1, 1, 1}, {2, 2, 2}, {3, 65, 9}, {7, 64, 63}, {5, 1000, 3}, {0, 5, 5}, {4, 1, 2}};
        for (int[] s : shapes) {
            long[] out = JvmOracle.longs(s[0] + s[1], s[0] * s[1] * s[2]);
            check(ScheduleProbeTest::nest3d, out, s[0], s[1], s[2]);
        }
    }

    @Test
    public void innerLoopsWithBreakAndContinue() {
        for (int n : EDGE) {
            check(ScheduleProbeTest::innerBreakContinue, JvmOracle.ints(n + 1, n), new int[n], 500);
            check(ScheduleProbeTest::innerBreakContinue, JvmOracle.ints(n + 2, n, -100, 100), new int[n], 0);
        }
    }

    @Test
    public void permutedWriteOnce() {
        for (int n : EDGE) {
            check(ScheduleProbeTest::scatterPerm, Inputs.permutation(n, n), JvmOracle.floats(n + 3, n, -5f, 5f),
                    new float[n]);
        }
    }

    @Test
    public void permutedRowsIn2d() {
        int[][] shapes = {{1, 1}, {2, 63}, {64, 65}, {65, 64}, {1000, 3}, {3, 1000}};
        for (int[] s : shapes) {
            check(ScheduleProbeTest::permuteRows, Inputs.permutation(s[0], s[0] * 3L),
                    JvmOracle.doubles(s[1], s[0] * s[1], -1e3, 1e3), new double[s[0] * s[1]], s[0], s[1]);
        }
    }

    @Test
    public void negativeStartInclusiveBoundAndStepThree() {
        for (int n : EDGE) {
            if (n == 0) {
                check(ScheduleProbeTest::stepInclusive, new int[0], -50, -51);
                continue;
            }
            check(ScheduleProbeTest::stepInclusive, JvmOracle.ints(n + 5, n), -50, -50 + n - 1);
            check(ScheduleProbeTest::stepInclusive, JvmOracle.ints(n + 6, n), 17, 17 + n - 1);
        }
    }

    @Test
    public void rangesAtTheEndsOfInt() {
        check(ScheduleProbeTest::extremes, new int[70], new int[65]);
    }

    /**
     * {@code for (i = MAX - 5; i < MAX; i += 3)}: Java's {@code i} wraps to MIN_VALUE after two iterations and the
     * loop continues ("trip counts follow Java's int arithmetic"); here it ends in an index out of bounds.
     */
    @Test
    public void aStepThatWrapsPastMaxValueRunsAsJavaDoes() {
        int[] out = new int[20];
        int base = Integer.MAX_VALUE - 5;
        checkThrows(x -> wrapsPastMax((int[]) x[0], (Integer) x[1]),
                s -> s.task("t", ScheduleProbeTest::wrapsPastMax, out, base), out, base);
    }

    /** Not a documented bound: either a bailout (CompilationException in strict mode) or the JVM's result. */
    @Test
    public void triangularBoundsBailOutOrMatchTheJvm() {
        for (int n : new int[] {1, 2, 65}) {
            int[] out = new int[n * n];
            int[] expected = out.clone();
            triangular(expected, n);
            try (TaskSchedule s = new TaskSchedule("tri").task("t", ScheduleProbeTest::triangular, out, n)) {
                s.execute();
                assertArrayEquals("n=" + n + "; report: " + s.report(), expected, out);
            } catch (CompilationException e) {
                assertTrue(e.getMessage(), e.getMessage() != null && !e.getMessage().isEmpty());
            }
        }
    }

    // ================================================================ schedules

    @Test
    public void chainedTasksOverSeveralExecutionsWithChangedInputs() {
        for (int n : new int[] {1, 2, 65, 1000, 100_003}) {
            int[] a = JvmOracle.ints(n, n, -10_000, 10_000);
            int[] tmp = new int[n];
            int[] out = new int[n];
            int[] ja = a.clone();
            int[] jtmp = tmp.clone();
            int[] jout = out.clone();
            try (TaskSchedule s = new TaskSchedule("chain").task("s1", ScheduleProbeTest::stage1, a, tmp)
                    .task("s2", ScheduleProbeTest::stage2, tmp, out)) {
                for (int round = 0; round < 4; round++) {
                    s.execute();
                    assertAllOnDevice(s);
                    stage1(ja, jtmp);
                    stage2(jtmp, jout);
                    assertArrayEquals("tmp, n=" + n + ", round " + round, jtmp, tmp);
                    assertArrayEquals("out, n=" + n + ", round " + round, jout, out);
                    for (int i = round; i < n; i += 3) {
                        a[i] = a[i] * 31 + round;
                        ja[i] = ja[i] * 31 + round;
                    }
                }
            }
        }
    }

    @Test
    public void sameArrayPassedTwiceFullyWritten() {
        for (int n : EDGE) {
            int[] a = JvmOracle.ints(n + 11, n);
            int[] ja = a.clone();
            try (TaskSchedule s = new TaskSchedule("alias").task("t", ScheduleProbeTest::scaleInto, a, a)) {
                for (int round = 0; round < 3; round++) {
                    s.execute();
                    assertAllOnDevice(s);
                    scaleInto(ja, ja);
                    assertArrayEquals("n=" + n + ", round " + round, ja, a);
                }
            }
        }
    }

    @Test
    public void sameArrayPassedTwiceReadAndWritten() {
        for (int n : EDGE) {
            float[] a = JvmOracle.floats(n + 12, n, -3f, 3f);
            float[] ja = a.clone();
            try (TaskSchedule s = new TaskSchedule("alias2").task("t", ScheduleProbeTest::addInto, a, a)) {
                for (int round = 0; round < 3; round++) {
                    s.execute();
                    assertAllOnDevice(s);
                    addInto(ja, ja);
                    assertSame("n=" + n + ", round " + round, ja, a);
                }
            }
        }
    }

    /** Task 1 writes a, task 2 passes a as both source and destination. */
    @Test
    public void aliasingInTheSecondTaskOfAChain() {
        for (int n : new int[] {1, 64, 100_003}) {
            int[] x = JvmOracle.ints(n + 13, n, -1000, 1000);
            int[] a = new int[n];
            int[] jx = x.clone();
            int[] ja = a.clone();
            try (TaskSchedule s = new TaskSchedule("alias3").task("s1", ScheduleProbeTest::stage1, x, a)
                    .task("s2", ScheduleProbeTest::scaleInto, a, a)) {
                for (int round = 0; round < 2; round++) {
                    s.execute();
                    assertAllOnDevice(s);
                    stage1(jx, ja);
                    scaleInto(ja, ja);
                    assertArrayEquals("n=" + n + ", round " + round, ja, a);
                    x[0]++;
                    jx[0]++;
                }
            }
        }
    }

    /** A kept intermediate array: its results still land in the Java array after every execution. */
    @Test
    public void aKeptIntermediateStillLandsInTheJavaArray() {
        int n = 1000;
        int[] a = JvmOracle.ints(21, n, -1000, 1000);
        int[] tmp = new int[n];
        int[] out = new int[n];
        int[] ja = a.clone();
        int[] jtmp = tmp.clone();
        int[] jout = out.clone();
        try (TaskSchedule s = new TaskSchedule("kept-chain").task("s1", ScheduleProbeTest::stage1, a, tmp)
                .task("s2", ScheduleProbeTest::stage2, tmp, out)) {
            s.keepOnDevice(a, tmp, out);
            for (int round = 0; round < 4; round++) {
                s.execute();
                assertAllOnDevice(s);
                stage1(ja, jtmp);
                stage2(jtmp, jout);
                assertArrayEquals("tmp, round " + round, jtmp, tmp);
                assertArrayEquals("out, round " + round, jout, out);
                // Host-side scribbles on arrays the tasks overwrite in full: they do not matter either way.
                Arrays.fill(tmp, -1);
                Arrays.fill(out, -2);
                // A reported change of the input is seen.
                a[round] += 1000;
                ja[round] += 1000;
                s.markChanged(a);
            }
            // dropFromDevice of the input: changes are seen without markChanged.
            s.dropFromDevice(a);
            a[5] = 12345;
            ja[5] = 12345;
            s.execute();
            stage1(ja, jtmp);
            stage2(jtmp, jout);
            assertArrayEquals("after dropFromDevice", jout, out);
        }
    }

    /** The first execution passes its checks; the second fails one and must leave the JVM's arrays; a third passes. */
    @Test
    public void aSecondExecutionThatFailsACheckLeavesTheJvmsArrays() {
        int n = 1000;
        int[] a = JvmOracle.ints(31, n);
        int[] idx = JvmOracle.ints(32, n, 0, n);
        int[] out = new int[n];
        int[] x = JvmOracle.ints(33, n, -100, 100);
        int[] tmp = new int[n];
        try (TaskSchedule s = new TaskSchedule("fail2").task("s1", ScheduleProbeTest::stage1, x, tmp)
                .task("g", ScheduleProbeTest::gather, a, idx, out)) {
            int[] jtmp = tmp.clone();
            int[] jout = out.clone();
            s.execute();
            assertAllOnDevice(s);
            stage1(x.clone(), jtmp);
            gather(a.clone(), idx.clone(), jout);
            assertArrayEquals(jtmp, tmp);
            assertArrayEquals(jout, out);

            // Second execution: idx[600] is out of bounds; x changed too.
            x[3] = 77;
            idx[600] = n + 3;
            Arrays.fill(out, 5);
            int[] jx = x.clone();
            int[] jidx = idx.clone();
            jtmp = tmp.clone();
            jout = out.clone();
            String expected = null;
            stage1(jx, jtmp);
            try {
                gather(a.clone(), jidx, jout);
            } catch (ArrayIndexOutOfBoundsException e) {
                expected = e.getMessage();
            }
            assertNotNull(expected);
            try {
                s.execute();
                fail("expected an ArrayIndexOutOfBoundsException; report:\n" + s.report());
            } catch (ArrayIndexOutOfBoundsException e) {
                assertEquals(expected, e.getMessage());
            }
            assertArrayEquals("tmp as the JVM leaves it", jtmp, tmp);
            assertArrayEquals("out as the JVM leaves it", jout, out);
            assertEquals(TaskReport.Where.JVM, s.report().task("g").ranOn());

            // Third execution: fixed; back on the device with the right results.
            idx[600] = 1;
            jidx[600] = 1;
            s.execute();
            assertAllOnDevice(s);
            stage1(jx, jtmp);
            gather(a.clone(), jidx, jout);
            assertArrayEquals(jtmp, tmp);
            assertArrayEquals(jout, out);
        }
    }

    /** The same with the inputs kept on the device, the bad index reported with markChanged. */
    @Test
    public void aFailedCheckWithKeptArraysThenRecovery() {
        int n = 100_003;
        int[] a = JvmOracle.ints(41, n);
        int[] idx = JvmOracle.ints(42, n, 0, n);
        int[] out = new int[n];
        int[] ja = a.clone();
        int[] jidx = idx.clone();
        int[] jout = out.clone();
        try (TaskSchedule s = new TaskSchedule("fail-kept").task("g", ScheduleProbeTest::gather, a, idx, out)) {
            s.keepOnDevice(a, idx, out);
            s.execute();
            gather(ja, jidx, jout);
            assertArrayEquals(jout, out);
            idx[n - 1] = -1;
            jidx[n - 1] = -1;
            s.markChanged(idx);
            assertThrows(ArrayIndexOutOfBoundsException.class, s::execute);
            assertThrows(ArrayIndexOutOfBoundsException.class, () -> gather(ja, jidx, jout));
            assertArrayEquals("the JVM's partial results", jout, out);
            // The JVM rerun wrote out on the host: the next execution must see it (documented: every kept array
            // is uploaded again). Also change a without saying so: also seen, since a rerun marks all kept arrays.
            idx[n - 1] = 0;
            jidx[n - 1] = 0;
            a[0] = 999;
            ja[0] = 999;
            s.markChanged(idx).execute();
            assertAllOnDevice(s);
            gather(ja, jidx, jout);
            assertArrayEquals("after recovery", jout, out);
        }
    }

    // ================================================================ @Reduce

    @Test
    public void fourReductionsWithConditionsInOneLoop() {
        for (int n : EDGE) {
            int[] a = JvmOracle.ints(n + 51, n);
            JvmOracle.withSpecials(a, Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
            check(ScheduleProbeTest::fourOutputs, a, new long[] {-5L}, new int[] {3}, new int[] {Integer.MIN_VALUE},
                    new long[] {-1L});
        }
    }

    @Test
    public void intSubtractionAndProductWrap() {
        for (int n : EDGE) {
            int[] a = JvmOracle.ints(n + 61, n);
            JvmOracle.withSpecials(a, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE);
            check(ScheduleProbeTest::subWrap, a, new int[] {Integer.MAX_VALUE});
            int[] odd = JvmOracle.ints(n + 62, n);
            for (int i = 0; i < n; i++) {
                odd[i] |= 1;
            }
            check(ScheduleProbeTest::prodWrap, odd, new int[] {3});
            // Products of even numbers reach 0 (2^32 divides them) and stay there.
            int[] even = JvmOracle.ints(n + 63, n, 1, 1 << 20);
            for (int i = 0; i < n; i++) {
                even[i] <<= 1;
            }
            check(ScheduleProbeTest::prodWrap, even, new int[] {1});
        }
    }

    @Test
    public void longMinMaxWithExtremeValues() {
        for (int n : EDGE) {
            long[] a = JvmOracle.longs(n + 71, n);
            if (n > 2) {
                a[n / 2] = Long.MIN_VALUE;
                a[n - 1] = Long.MAX_VALUE;
            }
            check(ScheduleProbeTest::longMinMax, a, new long[] {Long.MAX_VALUE}, new long[] {Long.MIN_VALUE});
            long[] allMin = new long[n];
            Arrays.fill(allMin, Long.MIN_VALUE);
            check(ScheduleProbeTest::longMinMax, allMin, new long[] {Long.MAX_VALUE}, new long[] {Long.MIN_VALUE});
            long[] allMax = new long[n];
            Arrays.fill(allMax, Long.MAX_VALUE);
            check(ScheduleProbeTest::longMinMax, allMax, new long[] {0L}, new long[] {0L});
        }
    }

    /**
     * Float sums: integer-valued halves are exact in any order (bit for bit); random values within twice the
     * worst-case bound of recursive summation in any order, gamma(n+1) * sum |terms| (Higham, ch. 4), since the JVM's
     * sequential sum and the device's tree each lie within it of the exact sum.
     */
    @Test
    public void floatSums() {
        for (int n : EDGE) {
            float[] exact = new float[n];
            for (int i = 0; i < n; i++) {
                exact[i] = (i % 17) - 8;
            }
            check(ScheduleProbeTest::halfSum, exact, new float[] {0.5f});

            float[] a = JvmOracle.floats(n + 81, n, -1f, 1f);
            float[] jout = {0.25f};
            halfSum(a.clone(), jout);
            float[] out = {0.25f};
            try (TaskSchedule s = new TaskSchedule("fsum").task("t", ScheduleProbeTest::halfSum, a, out)) {
                s.execute();
                assertRanOnDevice(s.report(), "t");
            }
            double terms = 0.25;
            for (float x : a) {
                terms += Math.abs(x * 0.5f);
            }
            double u = Math.ulp(1f) / 2;
            double k = n + 2;
            double bound = 2 * (k * u / (1 - k * u)) * terms;
            assertTrue("n=" + n + ": JVM " + jout[0] + ", device " + out[0] + ", bound " + bound,
                    Math.abs((double) jout[0] - out[0]) <= bound);
        }
    }

    @Test
    public void emptyReductionRangesLeaveTheOutputs() {
        check(ScheduleProbeTest::sum2d, new int[0], 0, 100, new long[] {42L}, new int[] {-3});
        check(ScheduleProbeTest::sum2d, new int[0], 100, 0, new long[] {42L}, new int[] {-3});
        check(ScheduleProbeTest::sum3dOffsets, new int[8], 1, 2, 2, new long[] {9L}, new int[] {Integer.MIN_VALUE});
        check(ScheduleProbeTest::streamClosedMax, new long[3], 2, 1, new long[] {-9L});
        check(ScheduleProbeTest::longMinMax, new long[0], new long[] {1L}, new long[] {-1L});
    }

    @Test
    public void reductionOutputLongerThanOneKeepsTheOtherElements() {
        for (int n : EDGE) {
            check(ScheduleProbeTest::sumInt, JvmOracle.ints(n + 91, n), new int[] {100, 11, 22, 33});
            check(ScheduleProbeTest::longMinMax, JvmOracle.longs(n + 92, n), new long[] {0L, 1L, 2L},
                    new long[] {0L, -1L});
        }
    }

    @Test
    public void twoDimensionalReductionsAtEdgeShapes() {
        int[][] shapes = {{1, 1}, {2, 63}, {63, 2}, {64, 65}, {65, 64}, {1000, 1}, {1, 100_003}, {317, 317}};
        for (int[] s : shapes) {
            int[] m = JvmOracle.ints(s[0] * 13L + s[1], s[0] * s[1]);
            check(ScheduleProbeTest::sum2d, m, s[0], s[1], new long[] {Long.MIN_VALUE + 5}, new int[] {0});
        }
    }

    @Test
    public void threeDimensionalReductionWithOffsetsAndSteps() {
        int[][] shapes = {{2, 1, 1}, {3, 4, 5}, {9, 65, 7}, {17, 63, 64}};
        for (int[] s : shapes) {
            int[] m = JvmOracle.ints(s[0] + s[1] * 7L, s[0] * s[1] * s[2]);
            check(ScheduleProbeTest::sum3dOffsets, m, s[0], s[1], s[2], new long[] {-1L},
                    new int[] {Integer.MIN_VALUE});
        }
    }

    @Test
    public void streamRangeClosedReduction() {
        for (int n : EDGE) {
            if (n == 0) {
                continue;
            }
            long[] a = JvmOracle.longs(n + 101, n);
            for (int lo : new int[] {0, 1, n / 2, n - 1}) {
                for (long init : new long[] {Long.MIN_VALUE, 0L, Long.MAX_VALUE}) {
                    // The JVM runs the parallel stream on several threads, where out[0] = max(out[0], ..) races:
                    // the meaning @Reduce gives it is the sequential loop's, computed here.
                    long expected = init;
                    for (int i = lo; i <= n - 1; i++) {
                        expected = Math.max(expected, a[i] * 3);
                    }
                    long[] out = {init};
                    try (TaskSchedule s = new TaskSchedule("closed-max").task("t", ScheduleProbeTest::streamClosedMax,
                            a, lo, n - 1, out)) {
                        s.execute();
                        assertAllOnDevice(s);
                    }
                    assertEquals("n=" + n + ", lo=" + lo + ", init=" + init, expected, out[0]);
                }
            }
        }
    }

    /** A null @Reduce output: the JVM throws NullPointerException when the loop runs, and nothing when it does not. */
    @Test
    public void aNullReductionOutput() {
        int[] a = JvmOracle.ints(111, 100);
        checkThrows(x -> sumInt((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ScheduleProbeTest::sumInt, a, (int[]) null), a, null);
        int[] empty = new int[0];
        try (TaskSchedule s = new TaskSchedule("null-empty").task("t", ScheduleProbeTest::sumInt, empty,
                (int[]) null)) {
            s.execute(); // the JVM's loop never runs, so it never touches the null array
        }
    }

    /** An empty @Reduce output and an empty loop: the JVM never reads out[0]. */
    @Test
    public void anEmptyReductionOutputWithAnEmptyLoop() {
        int[] a = new int[0];
        int[] out = new int[0];
        try (TaskSchedule s = new TaskSchedule("empty-out").task("t", ScheduleProbeTest::sumInt, a, out)) {
            s.execute();
        }
        assertEquals(0, out.length);
    }

    // ================================================================ streams

    @Test
    public void streamCapturingThisFieldsArraysAndScalars() {
        for (int n : EDGE) {
            int[] data = JvmOracle.ints(n + 121, n, -1000, 1000);
            Affine f = new Affine(data, 3, -7, new int[n]);
            Affine jf = new Affine(data.clone(), 3, -7, new int[n]);
            int[] out = new int[n];
            int[] jout = out.clone();
            int lo = Math.min(n, 1);
            try (TaskSchedule s = new TaskSchedule("this").task("t", Affine::apply, f, out, lo, n)) {
                for (int round = 0; round < 3; round++) {
                    s.execute();
                    assertAllOnDevice(s);
                    jf.apply(jout, lo, n);
                    assertArrayEquals("n=" + n + ", round " + round, jout, out);
                    // Fields are read at every execute().
                    f.k += 2;
                    jf.k += 2;
                    f.bias ^= 0x55;
                    jf.bias ^= 0x55;
                }
            }
        }
    }

    @Test
    public void streamWithABoundMethodReference() {
        for (int n : EDGE) {
            int[] data = JvmOracle.ints(n + 131, n);
            Affine f = new Affine(data, 5, 0, new int[n]);
            Affine jf = new Affine(data.clone(), 5, 0, new int[n]);
            try (TaskSchedule s = new TaskSchedule("ref").task("t", Affine::byReference, f)) {
                s.execute();
                assertAllOnDevice(s);
            }
            jf.byReference();
            assertArrayEquals("n=" + n, jf.cells, f.cells);
        }
    }

    /**
     * A method reference to a static method: such a method can only write static state, and the README reads only
     * non-final static primitive fields. So either it runs on the device with the JVM's result, or strict mode
     * refuses it naming the static field.
     */
    @Test
    public void streamWithAStaticMethodReference() {
        int[] expected = new int[STAMP.length];
        for (int i = 0; i < 700; i++) {
            expected[i] = i * i + 7;
        }
        Arrays.fill(STAMP, 0);
        try (TaskSchedule s = new TaskSchedule("static-ref").task("t", ScheduleProbeTest::stampAll, 700)) {
            s.execute();
            assertAllOnDevice(s);
            assertArrayEquals(expected, STAMP);
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("STAMP"));
            assertArrayEquals("nothing ran", new int[STAMP.length], STAMP);
        }
    }

    @Test
    public void streamEmptyAndEdgeRanges() {
        check(ScheduleProbeTest::streamRanges, JvmOracle.ints(141, 10), 5, 5);
        check(ScheduleProbeTest::streamRanges, JvmOracle.ints(142, 10), 7, 3);
        check(ScheduleProbeTest::streamClosedRanges, JvmOracle.ints(143, 10), 4, 3);
        check(ScheduleProbeTest::streamClosedRanges, JvmOracle.ints(144, 10), 9, 9);
        for (int n : EDGE) {
            check(ScheduleProbeTest::streamRanges, JvmOracle.ints(n + 145, n), 0, n);
            if (n > 0) {
                check(ScheduleProbeTest::streamClosedRanges, JvmOracle.ints(n + 146, n), 0, n - 1);
            }
        }
    }

    @Test
    public void streamRangeClosedUpToMaxValue() {
        check(ScheduleProbeTest::streamClosedAtMax, new int[4]);
    }

    @Test
    public void streamRangeFromMinValue() {
        check(ScheduleProbeTest::streamFromMin, new int[65]);
    }

    // ================================================================ concurrency

    @Test
    public void twoThreadsExecuteTwoSchedulesAtOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch start = new CountDownLatch(2);
        try {
            Callable<Void> first = () -> {
                int n = 100_003;
                int[] a = JvmOracle.ints(151, n, -5000, 5000);
                int[] tmp = new int[n];
                int[] out = new int[n];
                int[] ja = a.clone();
                int[] jtmp = tmp.clone();
                int[] jout = out.clone();
                try (TaskSchedule s = new TaskSchedule("thread-1").task("s1", ScheduleProbeTest::stage1, a, tmp)
                        .task("s2", ScheduleProbeTest::stage2, tmp, out)) {
                    start.countDown();
                    start.await();
                    for (int round = 0; round < 15; round++) {
                        s.execute();
                        assertAllOnDevice(s);
                        stage1(ja, jtmp);
                        stage2(jtmp, jout);
                        assertArrayEquals("thread 1, round " + round, jout, out);
                        a[round]++;
                        ja[round]++;
                    }
                }
                return null;
            };
            Callable<Void> second = () -> {
                int n = 65_537;
                long[] a = JvmOracle.longs(152, n);
                try (TaskSchedule s = new TaskSchedule("thread-2")) {
                    long[] mn = {Long.MAX_VALUE};
                    long[] mx = {Long.MIN_VALUE};
                    s.task("t", ScheduleProbeTest::longMinMax, a, mn, mx);
                    start.countDown();
                    start.await();
                    for (int round = 0; round < 15; round++) {
                        mn[0] = Long.MAX_VALUE;
                        mx[0] = Long.MIN_VALUE;
                        long[] jmn = {Long.MAX_VALUE};
                        long[] jmx = {Long.MIN_VALUE};
                        a[(round * 4099) % n] = round * 1_000_000_007L;
                        s.execute();
                        assertAllOnDevice(s);
                        longMinMax(a, jmn, jmx);
                        assertArrayEquals("thread 2 min, round " + round, jmn, mn);
                        assertArrayEquals("thread 2 max, round " + round, jmx, mx);
                    }
                }
                return null;
            };
            List<Future<Void>> futures = new ArrayList<>();
            futures.add(pool.submit(first));
            futures.add(pool.submit(second));
            for (Future<Void> f : futures) {
                try {
                    f.get(5, TimeUnit.MINUTES);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof Error) {
                        throw (Error) e.getCause();
                    }
                    throw e;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ================================================================ the API's documented exceptions

    @Test
    public void aClosedScheduleRefusesWorkButReports() {
        int[] a = new int[10];
        TaskSchedule s = new TaskSchedule("closing").task("t", ScheduleProbeTest::scaleInto, a, a.clone());
        s.execute();
        s.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, s::execute);
        assertEquals("schedule 'closing' is closed", e.getMessage());
        assertThrows(IllegalStateException.class, s::warmup);
        assertThrows(IllegalStateException.class, () -> s.kernelSource("t"));
        assertThrows(IllegalStateException.class, () -> s.task("u", ScheduleProbeTest::scaleInto, a, a));
        assertThrows(IllegalStateException.class, () -> s.timeout(Duration.ofSeconds(1)));
        assertThrows(IllegalStateException.class, () -> s.workGroupSize("t", 1));
        assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        s.close(); // twice: nothing
        assertTrue(s.toString(), s.toString().contains("closed"));
    }

    @Test
    public void aDuplicateTaskIdIsRefusedAndTheScheduleStaysUsable() {
        int[] a = JvmOracle.ints(161, 100);
        int[] b = new int[100];
        int[] expected = new int[100];
        scaleInto(a.clone(), expected);
        try (TaskSchedule s = new TaskSchedule("dup").task("t", ScheduleProbeTest::scaleInto, a, b)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.task("t", ScheduleProbeTest::stage1, a, b));
            assertEquals("schedule 'dup' already has a task 't'", e.getMessage());
            assertThrows(NullPointerException.class, () -> s.task(null, ScheduleProbeTest::stage1, a, b));
            s.execute();
            assertEquals(1, s.report().tasks().size());
            assertAllOnDevice(s);
        }
        assertArrayEquals(expected, b);
    }

    @Test
    public void workGroupSizeArgumentChecks() {
        int[] a = new int[64];
        try (TaskSchedule s = new TaskSchedule("wg").task("t", ScheduleProbeTest::scaleInto, a, a.clone())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.workGroupSize("nope", 16));
            assertEquals("schedule 'wg' has no task 'nope'", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> s.workGroupSize("t", 1, 1, 1, 1));
            assertThrows(IllegalArgumentException.class, () -> s.workGroupSize("t"));
            assertThrows(IllegalArgumentException.class, () -> s.workGroupSize("t", -4));
            // A size that is not a multiple of the trip count: global size rounds up, results unchanged.
            s.workGroupSize("t", 3);
            s.execute();
            assertArrayEquals(new long[] {3}, s.report().task("t").localSize());
            assertArrayEquals(new long[] {66}, s.report().task("t").globalSize());
        }
    }

    @Test
    public void timeoutsAsDocumented() {
        int n = 200_000;
        float[] a = JvmOracle.floats(171, n, -1f, 1f);
        float[] out = JvmOracle.floats(172, n, -1f, 1f);
        float[] before = out.clone();
        try (TaskSchedule s = new TaskSchedule("timeout").task("t", ScheduleProbeTest::slow, a, out)) {
            assertThrows(IllegalArgumentException.class, () -> s.timeout(Duration.ofMillis(-1)));
            assertThrows(NullPointerException.class, () -> s.timeout(null));
            s.warmup();
            float[] expected = before.clone();
            slow(a.clone(), expected);
            s.timeout(Duration.ofNanos(1));
            try {
                s.execute();
                // The kernels finished before the first wait (a fast GPU): nothing to cancel, the JVM's results.
                assertSame("finished within the first wait", expected, out);
                System.arraycopy(before, 0, out, 0, n);
            } catch (ExecutionCancelledException e) {
                assertArrayEquals("untouched after the timeout", before, out, 0f);
            }
            // No limit again: the next execution runs to the end.
            s.timeout(Duration.ZERO);
            s.execute();
            assertAllOnDevice(s);
            assertSame("after the timeout", expected, out);
            // A timeout too large for nanoseconds means no practical limit.
            s.timeout(Duration.ofSeconds(Long.MAX_VALUE));
            Arrays.fill(out, 0f);
            s.execute();
            assertSame("with a huge timeout", expected, out);
        }
    }

    @Test
    public void anEmptyScheduleExecutesNothing() {
        try (TaskSchedule s = new TaskSchedule("empty")) {
            s.execute().execute();
            s.warmup();
            assertEquals(0, s.report().tasks().size());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.kernelSource("t"));
            assertEquals("schedule 'empty' has no task 't'", e.getMessage());
        }
    }
}

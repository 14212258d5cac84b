package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * {@code ifConvert}: branches before the {@code @Parallel} loop that only choose values ({@code boolean pos = k > 0;},
 * {@code n > cap ? cap : n}, {@code a && b}, if/else chains assigning a local) become selects, so the method runs on
 * the device. Every case runs strict against the JVM over edge values of the conditions (both sides of each
 * comparison, NaN and signed zeros for floating-point ones, MIN_VALUE), including chosen loop bounds the host
 * evaluates (an empty range, a bound past the array's end that must throw as the JVM does).
 */
public class IfConversionTest {

    static int threshold = 3;

    public static void booleanLocal(int[] out, int k) {
        boolean pos = k > 0;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = pos ? i : -i;
        }
    }

    public static void shortCircuits(int[] out, int a, int b, float x) {
        boolean both = a > 0 && b > 0;
        boolean either = a > 0 || x < 1.5f;
        boolean neither = !(x >= 0f) && !(b == Integer.MIN_VALUE);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (both ? 1 : 0) + (either ? 2 : 0) + (neither ? 4 : 0) + i * 8;
        }
    }

    public static void ternaryBound(float[] out, int n, int cap) {
        int hi = n > cap ? cap : n;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = i * 0.5f;
        }
    }

    public static void chosenBounds2d(int[] out, int rows, int cols, boolean transpose, int width) {
        int r = transpose ? cols : rows;
        int c = transpose ? rows : cols;
        for (@Parallel int i = 0; i < r; i++) {
            for (@Parallel int j = 0; j < c; j++) {
                out[i * width + j] = i * 1000 + j;
            }
        }
    }

    public static void nestedChoices(double[] out, double lo, double hi, int mode) {
        double scale;
        if (mode == 0) {
            scale = 1.0;
        } else if (mode == 1) {
            scale = hi - lo;
        } else if (mode < 0) {
            scale = -0.0;
        } else {
            scale = lo < hi ? hi : lo;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * scale + lo;
        }
    }

    public static void longAndStatic(long[] out, long l, int k) {
        long magnitude = l < 0 ? -l : l;
        long sign = l > 0 ? 1L : (l == 0 ? 0L : -1L);
        int t = k >= threshold ? k : threshold;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = magnitude * i + sign + t;
        }
    }

    public static void streamWithChoice(double[] out, int k, double d) {
        boolean pos = k > 0;
        double dd = d != d ? 0 : d;
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = pos ? dd + i : dd - i);
    }

    /** No parallel loop (one work-item): the choice becomes a select before a branch that stores. */
    public static void chooseThenStore(int[] out, int k, long l) {
        int v = k > 0 ? 1 : -1;
        long w = l == k ? l : k + l;
        if (k == 3) {
            out[0] = v + (int) w;
        } else {
            out[1] = v - (int) (w >>> 7);
        }
    }

    public static void earlyReturn(int[] out, int n) {
        if (n <= 0) {
            return;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i * 3 + n;
        }
    }

    /** Two returns merged, a bound through Math.min and a division the JVM only reaches when m is not 0. */
    public static void earlyReturnsTwoNests(float[] out, int k, int m) {
        if (k < 0 || m == 0) {
            return;
        }
        boolean neg = k % 2 == 1;
        int hi = Math.min(out.length, 1000 / m);
        for (@Parallel int i = 0; i <= hi - 1; i++) {
            out[i] = neg ? -i * k : i * k;
        }
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] += 0.5f;
        }
    }

    public static void earlyReturnReduce(int[] a, @dev.ferrocl.api.Reduce int[] sum, int limit) {
        if (limit > a.length) {
            return;
        }
        for (@Parallel int i = 0; i < limit; i++) {
            sum[0] += a[i];
        }
    }

    public static void earlyReturn2d(int[] out, int rows, int cols) {
        if (rows * cols > out.length) {
            return;
        }
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[r * cols + c] = r - c;
            }
        }
    }

    public static void earlyReturnStream(double[] out, int n) {
        if (n > out.length) {
            return;
        }
        IntStream.range(0, n).parallel().forEach(i -> out[i] = Math.sqrt(i));
    }

    private static final int[] INTS = {0, 1, -1, 3, 2, 200, Integer.MAX_VALUE, Integer.MIN_VALUE};
    private static final float[] FLOATS = {0f, -0f, 1.5f, 1.4999999f, -2f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY};
    private static final double[] DOUBLES = {0.0, -0.0, 1.0 / 3, -7.5, Double.NaN, Double.MAX_VALUE,
        Double.NEGATIVE_INFINITY};

    @Test
    public void aBooleanLocalComputedBeforeTheLoop() {
        for (int k : INTS) {
            ExecutionReport r = check(IfConversionTest::booleanLocal, new int[1000], k);
            assertTrue(r.toString(), r.task("t").optimizations().stream().anyMatch(o -> o.startsWith("ifConvert")));
        }
    }

    @Test
    public void shortCircuitsOnIntsAndFloats() {
        for (int a : INTS) {
            for (int b : new int[] {0, 1, -1, Integer.MIN_VALUE}) {
                for (float x : FLOATS) {
                    check(IfConversionTest::shortCircuits, new int[7], a, b, x);
                }
            }
        }
    }

    @Test
    public void aTernaryBoundEvaluatedOnTheHost() {
        int[][] cases = {{500, 1000}, {1000, 500}, {1000, 1000}, {0, 5}, {-3, 7}, {7, -3}, {Integer.MIN_VALUE, 9}};
        for (int[] c : cases) {
            check(IfConversionTest::ternaryBound, new float[1000], c[0], c[1]);
        }
    }

    @Test
    public void aChosenBoundPastTheArrayThrowsAsTheJvmDoes() {
        float[] out = new float[100];
        MoreChecks.checkThrows(a -> ternaryBound((float[]) a[0], (Integer) a[1], (Integer) a[2]),
                s -> s.task("t", IfConversionTest::ternaryBound, out, 150, 120), out, 150, 120);
    }

    @Test
    public void chosenBoundsOfA2dNest() {
        for (boolean transpose : new boolean[] {false, true}) {
            int[][] dims = {{3, 5}, {5, 3}, {0, 4}, {17, 1}};
            for (int[] d : dims) {
                check(IfConversionTest::chosenBounds2d, new int[17 * 17], d[0], d[1], transpose, 17);
            }
        }
    }

    @Test
    public void ifElseChainsOfDoubles() {
        for (int mode : new int[] {0, 1, 2, -1, Integer.MIN_VALUE}) {
            for (double lo : DOUBLES) {
                for (double hi : new double[] {1.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY}) {
                    check(IfConversionTest::nestedChoices, new double[7], lo, hi, mode);
                }
            }
        }
    }

    @Test
    public void longChoicesAndAStaticField() {
        long[] ls = {0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 0x1234_5678_9ABCL};
        int saved = threshold;
        try {
            for (int t : new int[] {3, -5}) {
                threshold = t;
                for (long l : ls) {
                    for (int k : INTS) {
                        check(IfConversionTest::longAndStatic, new long[7], l, k);
                    }
                }
            }
        } finally {
            threshold = saved;
        }
    }

    @Test
    public void aStreamCapturingChosenValues() {
        for (int k : INTS) {
            for (double d : DOUBLES) {
                check(IfConversionTest::streamWithChoice, new double[1000], k, d);
            }
        }
    }

    @Test
    public void oneWorkItemChoosesThenStores() {
        for (int k : INTS) {
            for (long l : new long[] {3L, -1L, Long.MIN_VALUE}) {
                check(IfConversionTest::chooseThenStore, new int[2], k, l);
            }
        }
    }

    @Test
    public void anEarlyReturnBeforeTheLoop() {
        for (int n : new int[] {0, -1, 1, 999, 1000, Integer.MIN_VALUE}) {
            check(IfConversionTest::earlyReturn, new int[1000], n);
        }
        int[] out = new int[10];
        MoreChecks.checkThrows(a -> earlyReturn((int[]) a[0], (Integer) a[1]),
                s -> s.task("t", IfConversionTest::earlyReturn, out, 11), out, 11);
    }

    @Test
    public void earlyReturnsBeforeTwoNests() {
        for (int k : new int[] {-1, 0, 1, 2, 7, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            for (int m : new int[] {0, 1, 3, -2, 1000, 2000, Integer.MIN_VALUE}) {
                check(IfConversionTest::earlyReturnsTwoNests, new float[600], k, m);
            }
        }
    }

    @Test
    public void anEarlyReturnBeforeAReduction() {
        int[] a = JvmOracle.ints(5, 5000);
        for (int limit : new int[] {0, 1, 4999, 5000, 5001, -3}) {
            check(IfConversionTest::earlyReturnReduce, a.clone(), new int[] {7}, limit);
        }
    }

    @Test
    public void anEarlyReturnBeforeA2dNest() {
        for (int[] d : new int[][] {{3, 4}, {10, 10}, {11, 10}, {0, 5}, {-2, -3}}) {
            check(IfConversionTest::earlyReturn2d, new int[100], d[0], d[1]);
        }
    }

    @Test
    public void anEarlyReturnBeforeAStream() {
        for (int n : new int[] {0, 5, 1000, 1001, -1}) {
            check(IfConversionTest::earlyReturnStream, new double[1000], n);
        }
    }

    /** A bound division between two early returns: Java divides before the second test (reviewer's case). */
    public static void divisionBetweenReturns(int[] out, int n, int m, int k) {
        if (n <= 0) {
            return;
        }
        int q = n / m;
        if (k < 0) {
            return;
        }
        for (@Parallel int i = 0; i < q; i++) {
            out[i] = i;
        }
    }

    /**
     * The host makes a division before the loops where Java makes it (between the two tests), so where Java throws
     * (n = 5, m = 0, k = -1: the division comes before the second return) the JVM runs the method and throws too; it
     * was refused before the host made such divisions.
     */
    @Test
    public void aDivisionBetweenEarlyReturnsThrowsWhereJavaDivides() {
        for (int[] nmk : new int[][] {{5, 1, 0}, {5, 2, -1}, {0, 0, -1}, {-3, 0, 4}, {9, 3, 7}}) {
            check(IfConversionTest::divisionBetweenReturns, new int[10], nmk[0], nmk[1], nmk[2]);
        }
        int[] out = new int[10];
        Throwable e = MoreChecks.checkThrows(x -> divisionBetweenReturns((int[]) x[0], (int) x[1], (int) x[2],
                (int) x[3]), s -> s.task("t", IfConversionTest::divisionBetweenReturns, out, 5, 0, -1), out, 5, 0, -1);
        assertEquals(ArithmeticException.class, e.getClass());
    }

    /**
     * Off, the branch stays a branch: a kernel of one work-item runs it before the loop's kernel and hands the chosen
     * value on (carried), where the phase would have made it a select in the loop's kernel. Same results either way.
     */
    @Test
    public void switchedOffTheBranchRunsBeforeTheLoop() {
        for (boolean on : new boolean[] {true, false}) {
            for (int k : new int[] {-5, 0, 5}) {
                int[] out = new int[10];
                try (TaskSchedule s = new TaskSchedule("ifConvert-" + on)) {
                    s.optimization("ifConvert", on);
                    s.task("t", IfConversionTest::booleanLocal, out, k);
                    s.execute();
                    JvmOracle.assertRanOnDevice(s.report(), "t");
                    assertEquals(s.kernelSource("t"), !on, s.kernelSource("t").contains("ferrocl_carried"));
                }
                int[] expected = new int[10];
                booleanLocal(expected, k);
                assertArrayEquals("ifConvert " + on + ", k = " + k, expected, out);
            }
        }
    }
}

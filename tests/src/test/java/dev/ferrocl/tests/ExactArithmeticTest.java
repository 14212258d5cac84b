package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * {@code Math}'s and {@code StrictMath}'s exact arithmetic ({@code addExact}, {@code subtractExact},
 * {@code multiplyExact} of int, long and long by int, {@code negateExact}, {@code incrementExact},
 * {@code decrementExact}, {@code toIntExact}, {@code absExact}) and {@code Math.multiplyHigh}, on the device in strict
 * mode against the JVM: the results where nothing overflows (operands up to the edges where the exact result still
 * fits, such as {@code multiplyExact(-2^32, 2^31) == Long.MIN_VALUE}), and the JVM's {@code ArithmeticException}
 * (and arrays) when one element overflows, at the start, in the middle or at the end of the range.
 */
public class ExactArithmeticTest {
    static final int N = 4099;
    static final int INT_OPS = 7;
    static final int LONG_OPS = 10;

    /** One exact int method per {@code op}, applied to every element. */
    public static void exactInt(int[] a, int[] b, int[] out, int op) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            int y = b[i];
            int r;
            switch (op) {
                case 0:
                    r = Math.addExact(x, y);
                    break;
                case 1:
                    r = StrictMath.subtractExact(x, y);
                    break;
                case 2:
                    r = Math.multiplyExact(x, y);
                    break;
                case 3:
                    r = Math.negateExact(x);
                    break;
                case 4:
                    r = Math.incrementExact(x);
                    break;
                case 5:
                    r = StrictMath.decrementExact(x);
                    break;
                default:
                    r = Math.absExact(x);
                    break;
            }
            out[i] = r;
        }
    }

    /** One exact long method (or {@code multiplyHigh}) per {@code op}, applied to every element. */
    public static void exactLong(long[] a, long[] b, long[] out, int op) {
        for (@Parallel int i = 0; i < a.length; i++) {
            long x = a[i];
            long y = b[i];
            long r;
            switch (op) {
                case 0:
                    r = StrictMath.addExact(x, y);
                    break;
                case 1:
                    r = Math.subtractExact(x, y);
                    break;
                case 2:
                    r = Math.multiplyExact(x, y);
                    break;
                case 3:
                    r = Math.negateExact(x);
                    break;
                case 4:
                    r = Math.incrementExact(x);
                    break;
                case 5:
                    r = Math.decrementExact(x);
                    break;
                case 6:
                    r = Math.absExact(x);
                    break;
                case 7:
                    r = Math.multiplyExact(x, (int) y);
                    break;
                case 8:
                    r = Math.toIntExact(x);
                    break;
                default:
                    r = Math.multiplyHigh(x, y);
                    break;
            }
            out[i] = r;
        }
    }

    /** Operands of int method {@code op} whose exact results all fit, edges included. */
    static int[][] intOperands(int op, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[N];
        int[] b = new int[N];
        for (int i = 0; i < N; i++) {
            switch (op) {
                case 0:
                case 1:
                    a[i] = r.nextInt(-(1 << 30), 1 << 30);
                    b[i] = r.nextInt(-(1 << 30), 1 << 30);
                    break;
                case 2:
                    a[i] = r.nextInt(-46340, 46341);
                    b[i] = r.nextInt(-46340, 46341);
                    break;
                default:
                    a[i] = r.nextInt(Integer.MIN_VALUE + 1, Integer.MAX_VALUE);
                    b[i] = r.nextInt();
                    break;
            }
        }
        // Results exactly at the edges.
        int[][] edges = {
            {Integer.MAX_VALUE - 5, 5, Integer.MIN_VALUE + 5, -5},      // add: MAX, MIN
            {Integer.MIN_VALUE + 5, 5, Integer.MAX_VALUE - 5, -5},      // subtract: MIN, MAX
            {-65536, 32768, 65535, 32768},                              // multiply: MIN, 2^31 - 32768
            {Integer.MAX_VALUE, 0, Integer.MIN_VALUE + 1, 0},           // negate
            {Integer.MAX_VALUE - 1, 0, Integer.MIN_VALUE, 0},           // increment
            {Integer.MIN_VALUE + 1, 0, Integer.MAX_VALUE, 0},           // decrement
            {Integer.MIN_VALUE + 1, 0, Integer.MAX_VALUE, 0},           // abs
        };
        int[] e = edges[op];
        a[0] = e[0];
        b[0] = e[1];
        a[N - 1] = e[2];
        b[N - 1] = e[3];
        return new int[][] {a, b};
    }

    /** Operands of int method {@code op} of which the one at {@code at} overflows. */
    static int[][] intOverflow(int op, long seed, int at) {
        int[][] ab = intOperands(op, seed);
        int[][] bad = {
            {Integer.MAX_VALUE, 1},
            {Integer.MIN_VALUE, 1},
            {65536, 32768},
            {Integer.MIN_VALUE, 0},
            {Integer.MAX_VALUE, 0},
            {Integer.MIN_VALUE, 0},
            {Integer.MIN_VALUE, 0},
        };
        ab[0][at] = bad[op][0];
        ab[1][at] = bad[op][1];
        return ab;
    }

    /** Operands of long method {@code op} whose exact results all fit, edges included. */
    static long[][] longOperands(int op, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] a = new long[N];
        long[] b = new long[N];
        for (int i = 0; i < N; i++) {
            switch (op) {
                case 0:
                case 1:
                    a[i] = r.nextLong(-(1L << 62), 1L << 62);
                    b[i] = r.nextLong(-(1L << 62), 1L << 62);
                    break;
                case 2:
                case 7:
                    a[i] = r.nextLong(-(1L << 31), 1L << 31);
                    b[i] = r.nextInt();
                    break;
                case 8:
                    a[i] = r.nextInt();
                    break;
                case 9:
                    a[i] = r.nextLong();
                    b[i] = r.nextLong();
                    break;
                default:
                    a[i] = r.nextLong(Long.MIN_VALUE + 1, Long.MAX_VALUE);
                    break;
            }
        }
        long[][] edges = {
            {Long.MAX_VALUE - 5, 5, Long.MIN_VALUE + 5, -5},
            {Long.MIN_VALUE + 5, 5, Long.MAX_VALUE - 5, -5},
            {-(1L << 32), 1L << 31, (1L << 32) - 1, (1L << 31) - 1},   // MIN; 2^63 - 2^32 - 2^31 + 1
            {Long.MAX_VALUE, 0, Long.MIN_VALUE + 1, 0},
            {Long.MAX_VALUE - 1, 0, Long.MIN_VALUE, 0},
            {Long.MIN_VALUE + 1, 0, Long.MAX_VALUE, 0},
            {Long.MIN_VALUE + 1, 0, Long.MAX_VALUE, 0},
            {1L << 32, Integer.MIN_VALUE, Long.MIN_VALUE, 1},        // 2^32 * -2^31 = MIN; MIN * 1
            {Integer.MIN_VALUE, 0, Integer.MAX_VALUE, 0},
            {Long.MIN_VALUE, Long.MIN_VALUE, -1, Long.MAX_VALUE},
        };
        long[] e = edges[op];
        a[0] = e[0];
        b[0] = e[1];
        a[N - 1] = e[2];
        b[N - 1] = e[3];
        return new long[][] {a, b};
    }

    /** Operands of long method {@code op} (not {@code multiplyHigh}) of which the one at {@code at} overflows. */
    static long[][] longOverflow(int op, long seed, int at) {
        long[][] ab = longOperands(op, seed);
        long[][] bad = {
            {Long.MAX_VALUE, 1},
            {Long.MIN_VALUE, 1},
            {1L << 32, 1L << 31},                 // 2^63
            {Long.MIN_VALUE, 0},
            {Long.MAX_VALUE, 0},
            {Long.MIN_VALUE, 0},
            {Long.MIN_VALUE, 0},
            {-(1L << 32), Integer.MIN_VALUE},     // 2^63
            {1L << 31, 0},
        };
        ab[0][at] = bad[op][0];
        ab[1][at] = bad[op][1];
        return ab;
    }

    @Test
    public void intResultsThatFit() {
        for (int op = 0; op < INT_OPS; op++) {
            int[][] ab = intOperands(op, 100 + op);
            check(ExactArithmeticTest::exactInt, ab[0], ab[1], new int[N], op);
        }
    }

    @Test
    public void longResultsThatFit() {
        for (int op = 0; op < LONG_OPS; op++) {
            long[][] ab = longOperands(op, 200 + op);
            check(ExactArithmeticTest::exactLong, ab[0], ab[1], new long[N], op);
        }
    }

    @Test
    public void intOverflowThrowsAsTheJvmDoes() {
        for (int op = 0; op < INT_OPS; op++) {
            for (int at : new int[] {0, N / 2, N - 1}) {
                int[][] ab = intOverflow(op, 300 + op, at);
                int[] out = new int[N];
                int o = op;
                MoreChecks.checkThrows(x -> exactInt((int[]) x[0], (int[]) x[1], (int[]) x[2], o),
                        s -> s.task("t", ExactArithmeticTest::exactInt, ab[0], ab[1], out, o), ab[0], ab[1], out);
            }
        }
    }

    @Test
    public void longOverflowThrowsAsTheJvmDoes() {
        for (int op = 0; op < LONG_OPS - 1; op++) {
            for (int at : new int[] {0, N / 2, N - 1}) {
                long[][] ab = longOverflow(op, 400 + op, at);
                long[] out = new long[N];
                int o = op;
                MoreChecks.checkThrows(x -> exactLong((long[]) x[0], (long[]) x[1], (long[]) x[2], o),
                        s -> s.task("t", ExactArithmeticTest::exactLong, ab[0], ab[1], out, o), ab[0], ab[1], out);
            }
        }
    }
}

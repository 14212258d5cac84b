package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskSchedule;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Adversarial probes of the code before the {@code @Parallel} loops, written from the JLS: branches that only choose
 * values ({@code ifConvert}: boolean locals, {@code &&}/{@code ||}, {@code ^}/{@code &}/{@code |} on booleans,
 * nested ternaries, if/else chains, on int, long, float and double with NaN, signed zeros and infinities; JLS §15.20.1,
 * §15.21.1, §15.23-15.25), chosen loop bounds the host evaluates ({@code Math.min}/{@code Math.max}, ternaries,
 * inclusive and stepped loops, streams, overflow near {@code Integer.MIN_VALUE}/{@code MAX_VALUE}), and early returns
 * before the loops (compound and nested conditions, array lengths, static and receiver fields, 2-D/3-D nests, loops in
 * sequence, reductions, divisions the JVM does or does not reach, bounds past the array's end). Every case runs strict
 * against the JVM's own run of the same method (exact, bit for bit) or, where the JVM throws, through
 * {@link MoreChecks#checkThrows}. A conditional deeper than the conversion runs in a kernel of one work-item before
 * the loop ({@link #aChainDeeperThanTheConversionRunsBeforeTheLoop()}).
 */
public class PreLoopProbeTest {

    private static final int[] INTS = {0, 1, -1, 2, 7, 999, 1000, 1001, Integer.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1};
    private static final float[] FLOATS = {0f, -0f, 1.5f, -1.5f, Float.MIN_VALUE, Float.MAX_VALUE, Float.NaN,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.intBitsToFloat(0x7fc00123)};
    private static final double[] DOUBLES = {0.0, -0.0, 1.0 / 3, -2.5, Double.MIN_VALUE, -Double.MAX_VALUE, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    // ================================================================ kernels: choices (ifConvert)

    /** JLS §15.20.1: every comparison with NaN is false, so {@code x < y ? a : b} and {@code !(x >= y) ? a : b} differ. */
    public static void floatNaNTernaries(float[] out, float x, float y) {
        float lt = x < y ? x : y;
        float notGe = !(x >= y) ? x : y;
        float three = x > y ? 1f : (x == y ? 0f : (x < y ? -1f : Float.NaN));
        float ne = x != y ? x : -y;
        boolean unordered = x != x || y != y;
        float neg = unordered ? -0.0f : x <= y ? y - x : x - y;
        for (@Parallel int i = 0; i < out.length / 6; i++) {
            out[6 * i] = lt + i;
            out[6 * i + 1] = notGe * i;
            out[6 * i + 2] = three - i;
            out[6 * i + 3] = ne;
            out[6 * i + 4] = neg;
            out[6 * i + 5] = i;
        }
    }

    /** Signed zeros: {@code -0.0 < 0.0} is false, {@code -0.0 == 0.0} true (JLS §15.20.1, §15.21.1). */
    public static void doubleSignedZeros(double[] out, double x, double y) {
        double abs = x < 0 ? -x : x; // keeps -0.0
        double abs2 = x <= 0 ? 0.0 - x : x; // -0.0 becomes 0.0
        double mn = x < y ? x : y;
        double mx = x >= y ? x : y;
        double recip = x == 0.0 ? 1.0 / x : x; // -0.0 gives -Infinity
        double rem = y != 0 ? x % y : x;
        for (@Parallel int i = 0; i < out.length / 6; i++) {
            out[6 * i] = abs;
            out[6 * i + 1] = abs2;
            out[6 * i + 2] = mn;
            out[6 * i + 3] = mx;
            out[6 * i + 4] = recip;
            out[6 * i + 5] = rem * i;
        }
    }

    /** long choices: signed and unsigned order, sign, negation at MIN_VALUE, Long.compare/signum inlined. */
    public static void longChoices(long[] out, long a, long b) {
        long mx = a > b ? a : b;
        long umin = (a ^ Long.MIN_VALUE) < (b ^ Long.MIN_VALUE) ? a : b;
        long sgn = a == 0 ? 0 : (a >>> 63 == 1 ? -1L : 1L);
        long neg = a == Long.MIN_VALUE ? a : -a;
        long cmp = Long.compare(a, b) + 10L * Long.signum(b);
        for (@Parallel int i = 0; i < out.length / 5; i++) {
            out[5 * i] = mx + i;
            out[5 * i + 1] = umin * i;
            out[5 * i + 2] = sgn;
            out[5 * i + 3] = neg - i;
            out[5 * i + 4] = cmp;
        }
    }

    /** Boolean algebra: non-short-circuit ^ & | (JLS §15.22.2), && || (§15.23-15.24), ! and boolean == / !=. */
    public static void booleanAlgebra(int[] out, int a, int b, int c, boolean f) {
        boolean p = a > 0;
        boolean q = b < 0;
        boolean r = c == 0;
        boolean x1 = p ^ q;
        boolean x2 = !p & (q | r);
        boolean x3 = p && q || r && !f;
        boolean x4 = (p || q) && (r ^ f);
        boolean x5 = p == q;
        boolean x6 = p != (q && r);
        boolean x7 = !(p | f) ^ (q & !r);
        int bits = (x1 ? 1 : 0) | (x2 ? 2 : 0) | (x3 ? 4 : 0) | (x4 ? 8 : 0) | (x5 ? 16 : 0) | (x6 ? 32 : 0)
                | (x7 ? 64 : 0);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = bits + 128 * i;
        }
    }

    /** Nested ternaries: the median and the maximum of three, and a sign-class of their difference. */
    public static void nestedTernaries(int[] out, int a, int b, int c) {
        int max = a > b ? (a > c ? a : c) : (b > c ? b : c);
        int med = a > b ? (b > c ? b : (a > c ? c : a)) : (a > c ? a : (b > c ? c : b));
        int cls = max - med > 0 ? (max - med > 1000 ? 2 : 1) : (max - med < 0 ? -1 : 0); // wraps for extremes
        for (@Parallel int i = 0; i < out.length / 3; i++) {
            out[3 * i] = max;
            out[3 * i + 1] = med ^ i;
            out[3 * i + 2] = cls;
        }
    }

    /** An if/else-if chain of twelve arms assigning two locals, some arms only one of them. */
    public static void elseIfChain(double[] out, int k) {
        int w = -1;
        double d;
        if (k < -1000) {
            d = -1e300;
        } else if (k < -10) {
            w = 1;
            d = -0.0;
        } else if (k == -10) {
            d = Double.NaN;
        } else if (k < 0) {
            w = 3;
            d = k * 0.1;
        } else if (k == 0) {
            d = 0.0;
        } else if (k == 1) {
            w = 5;
            d = Double.MIN_VALUE;
        } else if (k <= 7) {
            d = 1.0 / k;
        } else if (k < 100) {
            w = 7;
            d = k;
        } else if (k < 1000) {
            d = Math.sqrt(k);
        } else if (k < 1_000_000) {
            w = 9;
            d = Double.POSITIVE_INFINITY;
        } else if (k != Integer.MAX_VALUE) {
            d = -k;
        } else {
            w = 11;
            d = Double.MAX_VALUE;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d * w + i;
        }
    }

    /** Sequential regions that each may reassign one local. */
    public static void sequentialReassignments(int[] out, int a, int b) {
        int v = 0;
        if (a > 0) {
            v = 1;
        }
        if (b > 0) {
            v += 2;
        }
        if (a > 0 && b > 0) {
            v = -v;
        }
        if (v == 0 || a == b) {
            v = a - b; // wraps
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    /** char, byte, short chosen values: zero-extension of char and sign-extension of byte/short survive. */
    public static void narrowChoices(int[] out, int k, char ch, byte by, short sh) {
        char c = k > 0 ? ch : (char) k;
        byte b = k < 0 ? by : (byte) k;
        short s = k == 0 ? sh : (short) (k * 1000);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = c + b * 3 + s * 7 + i;
        }
    }

    /** Fifty arms in one conditional expression: deep but within the phase's 60 nested branches. */
    public static void chainOf50(int[] out, int k) {
        int v = k == -20 ? -7 : k == -17 ? -6 : k == -14 ? -3 : k == -11 ? 2 : k == -8 ? 9 : k == -5 ? 18 : k == -2 ? 29 : k == 1 ? 42 : k == 4 ? 57 : k == 7 ? 74 : k == 10 ? 93 : k == 13 ? 114 : k == 16 ? 137 : k == 19 ? 162 : k == 22 ? 189 : k == 25 ? 218 : k == 28 ? 249 : k == 31 ? 282 : k == 34 ? 317 : k == 37 ? 354 : k == 40 ? 393 : k == 43 ? 434 : k == 46 ? 477 : k == 49 ? 522 : k == 52 ? 569 : k == 55 ? 618 : k == 58 ? 669 : k == 61 ? 722 : k == 64 ? 777 : k == 67 ? 834 : k == 70 ? 893 : k == 73 ? 954 : k == 76 ? 1017 : k == 79 ? 1082 : k == 82 ? 1149 : k == 85 ? 1218 : k == 88 ? 1289 : k == 91 ? 1362 : k == 94 ? 1437 : k == 97 ? 1514 : k == 100 ? 1593 : k == 103 ? 1674 : k == 106 ? 1757 : k == 109 ? 1842 : k == 112 ? 1929 : k == 115 ? 2018 : k == 118 ? 2109 : k == 121 ? 2202 : k == 124 ? 2297 : k == 127 ? 2394 : k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    /** Sixty-four nested arms: deeper than the phase converts (documented limit of 60). */
    public static void chainOf64(int[] out, int k) {
        int v = k == -20 ? -7 : k == -17 ? -6 : k == -14 ? -3 : k == -11 ? 2 : k == -8 ? 9 : k == -5 ? 18 : k == -2 ? 29 : k == 1 ? 42 : k == 4 ? 57 : k == 7 ? 74 : k == 10 ? 93 : k == 13 ? 114 : k == 16 ? 137 : k == 19 ? 162 : k == 22 ? 189 : k == 25 ? 218 : k == 28 ? 249 : k == 31 ? 282 : k == 34 ? 317 : k == 37 ? 354 : k == 40 ? 393 : k == 43 ? 434 : k == 46 ? 477 : k == 49 ? 522 : k == 52 ? 569 : k == 55 ? 618 : k == 58 ? 669 : k == 61 ? 722 : k == 64 ? 777 : k == 67 ? 834 : k == 70 ? 893 : k == 73 ? 954 : k == 76 ? 1017 : k == 79 ? 1082 : k == 82 ? 1149 : k == 85 ? 1218 : k == 88 ? 1289 : k == 91 ? 1362 : k == 94 ? 1437 : k == 97 ? 1514 : k == 100 ? 1593 : k == 103 ? 1674 : k == 106 ? 1757 : k == 109 ? 1842 : k == 112 ? 1929 : k == 115 ? 2018 : k == 118 ? 2109 : k == 121 ? 2202 : k == 124 ? 2297 : k == 127 ? 2394 : k == 130 ? 2493 : k == 133 ? 2594 : k == 136 ? 2697 : k == 139 ? 2802 : k == 142 ? 2909 : k == 145 ? 3018 : k == 148 ? 3129 : k == 151 ? 3242 : k == 154 ? 3357 : k == 157 ? 3474 : k == 160 ? 3593 : k == 163 ? 3714 : k == 166 ? 3837 : k == 169 ? 3962 : k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    public static void switchStatement(int[] out, int k) {
        int v;
        switch (k) {
            case 0:
                v = 3;
                break;
            case 1:
                v = -7;
                break;
            case 5:
                v = 11;
                break;
            default:
                v = k;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    public static void switchExpressionBound(int[] out, int k) {
        int hi = switch (k) {
            case 0, 1 -> 3;
            case 2 -> out.length;
            default -> 5;
        };
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = i + k;
        }
    }

    /** JVM: the unused quotient is still computed, and throws for m == 0 (JLS §15.17.2). */
    public static void unusedDivision(int[] out, int n, int m) {
        int unused = n / m;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = n + i;
        }
    }

    /** A division by a constant in one arm (it cannot throw: the divisor is 4). */
    public static void constantDivisionArm(int[] out, int k) {
        int q = k < 0 ? k / 4 : k >> 2;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = q + i;
        }
    }

    /** A bound chosen by a float comparison. */
    public static void floatChosenBound(int[] out, float x, int n, int m) {
        int hi = x < 0.5f ? n : m;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = i;
        }
    }

    /** A bound chosen by a long comparison. */
    public static void longChosenBound(int[] out, long l, int n, int m) {
        int hi = l > 0L ? n : m;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = i;
        }
    }

    /** A guarded division as a bound: Java divides only when m != 0. */
    public static void guardedDivisionBound(int[] out, int n, int m) {
        int hi = m != 0 ? n / m : 0;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = i;
        }
    }

    /** Math.abs as a bound (Math.abs(MIN_VALUE) is MIN_VALUE). */
    public static void absBound(int[] out, int n) {
        for (@Parallel int i = 0; i < Math.abs(n); i++) {
            out[i] = i;
        }
    }

    // ================================================================ kernels: chosen bounds

    /** lo and hi chosen, an inclusive test and a step of 3. */
    public static void chosenInclusiveStep(int[] out, int a, int b, boolean swap) {
        int lo = swap ? b : a;
        int hi = swap ? a : b;
        for (@Parallel int i = lo; i <= hi; i += 3) {
            out[i] += i + 1;
        }
    }

    /** Clamped start and end through Math.max and Math.min. */
    public static void clampedRange(int[] out, int lo, int hi) {
        for (@Parallel int i = Math.max(lo, 0); i < Math.min(hi, out.length); i++) {
            out[i] = i - lo; // wraps
        }
    }

    /** A bound that overflows before it is clamped: n + d wraps (JLS §15.18.2). */
    public static void overflowingBound(int[] out, int n, int d) {
        int hi = Math.min(n + d, out.length);
        int lo = Math.max(Math.min(n, d), Integer.MIN_VALUE + 1) - 1 < 0 ? 0 : 1;
        for (@Parallel int i = lo; i < hi; i++) {
            out[i] = n ^ i;
        }
    }

    /** An inclusive bound chosen as Integer.MAX_VALUE: Java's loop never ends normally (the index passes the end). */
    public static void inclusiveToMax(int[] out, int lo, int hi, boolean open) {
        int end = open ? Integer.MAX_VALUE : Math.min(hi, out.length - 1);
        for (@Parallel int i = lo; i <= end; i++) {
            out[i] = i;
        }
    }

    /** Streams whose ends are chosen: range with clamps, rangeClosed with a ternary end, a captured chosen value. */
    public static void chosenStreams(long[] out, int lo, int hi, boolean closed) {
        int from = Math.max(lo, 0);
        int to = Math.min(hi, out.length);
        long scale = closed ? -3L : 5L;
        IntStream.range(from, to).parallel().forEach(i -> out[i] = i * scale);
        IntStream.rangeClosed(from, closed ? Math.max(to, 1) - 1 : Math.min(from, out.length - 1)).parallel()
                .forEach(i -> out[i] += 1);
    }

    /** A 2-D nest whose four bounds are all chosen. */
    public static void chosen2dWindow(int[] out, int width, int r0, int r1, int c0, int c1) {
        int rLo = Math.min(r0, r1);
        int rHi = Math.max(r0, r1);
        int cLo = c0 < c1 ? c0 : c1;
        int cHi = c0 < c1 ? c1 : c0;
        for (@Parallel int r = rLo; r < rHi; r++) {
            for (@Parallel int c = cLo; c <= cHi; c++) {
                out[r * width + c] = r * 100 + c;
            }
        }
    }

    // ================================================================ kernels: early returns

    /** {@code ||} of three tests, one of which overflows (n + m wraps). */
    public static void earlyOr(int[] out, int n, int m) {
        if (n <= 0 || m < 0 || n + m > out.length) {
            return;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i + m] = i;
        }
    }

    /** {@code &&} of three tests. */
    public static void earlyAnd(int[] out, int n, int m) {
        if (n > 0 && m > 0 && n > m) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = n - m + i;
        }
    }

    /** Nested ifs, each arm returning on its own condition. */
    public static void earlyNested(int[] out, int a, int b, int c) {
        if (a > 0) {
            if (b > 0) {
                return;
            }
        } else {
            if (b < 0) {
                return;
            }
            if (c == 0) {
                return;
            }
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a + b + c + i;
        }
    }

    /** The loop in the then-arm, the return in the else-arm. */
    public static void earlyElseReturn(int[] out, int n) {
        if (n > 0 && n <= out.length) {
            // falls through to the loop
        } else {
            return;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = -i;
        }
    }

    static int minLength = 10;

    /** A condition on two array lengths and a static field. */
    public static void earlyLengthsAndStatic(float[] out, float[] in, int n) {
        if (out.length < minLength || n > in.length || n > out.length) {
            return;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = in[i] * 2f;
        }
    }

    /** Early return, then a ternary bound and a boolean local used in the body. */
    public static void earlyThenChoices(int[] out, int n, int k) {
        if (n < 0) {
            return;
        }
        int hi = n > out.length ? out.length : n;
        boolean odd = (k & 1) == 1;
        long big = k > 0 ? (long) k * k : -1L;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = (odd ? -i : i) + (int) (big >>> 3);
        }
    }

    /** A condition computed by choices (a boolean local, a Math.min) before the early return. */
    public static void chosenThenEarly(int[] out, int n, int m) {
        boolean small = n < 10 || m < 10;
        int hi = Math.min(n, m);
        if (small || hi > out.length) {
            return;
        }
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = n * i - m;
        }
    }

    /** Two early returns with a choice between them, the second using the chosen value. */
    public static void twoReturnsAroundAChoice(int[] out, int n, int k) {
        if (n <= 0) {
            return;
        }
        int m = n > 10 ? 10 : n;
        if (m * k > out.length || k <= 0) {
            return;
        }
        for (@Parallel int i = 0; i < m * k; i++) {
            out[i] = i % m;
        }
    }

    /** Overflow in the condition: n + 1 <= 0 holds for MAX_VALUE. */
    public static void earlyOverflowingTest(int[] out, int n) {
        if (n + 1 <= 0) {
            return;
        }
        for (@Parallel int i = 0; i < Math.min(n, out.length); i++) {
            out[i] = i + n;
        }
    }

    /** An early return before a 3-D nest with chosen extents. */
    public static void earlyBefore3d(int[] out, int x, int y, int z, boolean flip) {
        if (x <= 0 || y <= 0 || z <= 0 || x > 8 || y > 8 || z > 8) {
            return;
        }
        int nx = flip ? z : x;
        int nz = flip ? x : z;
        for (@Parallel int i = 0; i < nx; i++) {
            for (@Parallel int j = 0; j < y; j++) {
                for (@Parallel int l = 0; l < nz; l++) {
                    out[(i * 8 + j) * 8 + l] = i * 10000 + j * 100 + l;
                }
            }
        }
    }

    /** An early return before three loops in sequence, the last one's bound divides by m (only reached if m != 0). */
    public static void earlyBeforeSequence(int[] out, int[] out2, int n, int m) {
        if (m == 0 || n < 0 || n > out.length) {
            return;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i;
        }
        for (@Parallel int i = 0; i < n / 2; i++) {
            out[i] += out2[i];
        }
        for (@Parallel int i = 0; i < Math.min(out2.length, n / m); i++) {
            out2[i] = -i;
        }
    }

    public static void earlyReduceInt(int[] a, @Reduce int[] sum, int lo, int hi) {
        if (lo < 0 || hi > a.length || lo >= hi) {
            return;
        }
        for (@Parallel int i = lo; i < hi; i++) {
            sum[0] += a[i];
        }
    }

    public static void earlyReduceFloatMax(float[] a, @Reduce float[] mx, int n, boolean skip) {
        if (skip || n > a.length) {
            return;
        }
        for (@Parallel int i = 0; i < n; i++) {
            mx[0] = Math.max(mx[0], a[i]);
        }
    }

    /** JVM: the division comes before the test, so m == 0 throws even when the method would then return. */
    public static void divisionBeforeEarlyReturn(int[] out, int n, int m) {
        int q = n / m;
        if (n < 0) {
            return;
        }
        for (@Parallel int i = 0; i < q; i++) {
            out[i] = i;
        }
    }

    /** JVM: q = n / m is evaluated eagerly (JLS §15.17.2 throws for m == 0) before the ternary chooses 0. */
    public static void divisionBeforeChoice(int[] out, int n, int m) {
        int q = n / m;
        int hi = m == 0 ? 0 : q;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = i;
        }
    }

    /** The bound divides by m after the early return for m == 0: the JVM never divides by zero here. */
    public static void divisionAfterEarlyReturn(int[] out, int n, int m) {
        if (m == 0 || n < 0) {
            return;
        }
        int q = n / m;
        for (@Parallel int i = 0; i < Math.min(q, out.length); i++) {
            out[i] = i * m;
        }
    }

    /** After the early return the bound may pass the array's end. */
    public static void earlyThenPastTheEnd(int[] out, int n, int slack) {
        if (n > out.length + slack || n < 0) {
            return;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i;
        }
    }

    /** Early returns on a float and on a long condition (not int: the host's conditions are int comparisons). */
    public static void earlyOnNaN(float[] out, float x) {
        if (x != x) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    public static void earlyOnLong(long[] out, long l) {
        if (l < 0) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = l + i;
        }
    }

    /** The test of a division the short-circuit guards (JLS §15.24: m == 0 skips n / m). */
    public static void earlyGuardedDivision(int[] out, int n, int m) {
        if (m == 0 || n / m > out.length) {
            return;
        }
        for (@Parallel int i = 0; i < n / m; i++) {
            out[i] = i;
        }
    }

    /** An instance method: the receiver's fields in the early return's condition and the bounds. */
    public static final class Grid {
        int rows;
        int cols;
        float[] data;
        Config cfg;

        Grid(int rows, int cols, float[] data, int limit) {
            this.rows = rows;
            this.cols = cols;
            this.data = data;
            this.cfg = new Config(limit);
        }

        Grid copy() {
            return new Grid(rows, cols, data.clone(), cfg.limit);
        }

        public void fill(float v) {
            if (rows <= 0 || cols <= 0 || rows * cols > data.length || rows > cfg.limit) {
                return;
            }
            boolean neg = v < 0;
            int rr = cols > rows ? rows : Math.min(rows, cfg.limit);
            for (@Parallel int r = 0; r < rr; r++) {
                for (@Parallel int c = 0; c < cols; c++) {
                    data[r * cols + c] = neg ? -v * r + c : v * r - c;
                }
            }
        }
    }

    public static final class Config {
        final int limit;

        Config(int limit) {
            this.limit = limit;
        }
    }

    // ================================================================ tests: choices

    @Test
    public void floatTernariesWithNaNAndInfinities() {
        for (float x : FLOATS) {
            for (float y : FLOATS) {
                check(PreLoopProbeTest::floatNaNTernaries, new float[6 * 7], x, y);
            }
        }
    }

    @Test
    public void doubleTernariesWithSignedZeros() {
        for (double x : DOUBLES) {
            for (double y : DOUBLES) {
                check(PreLoopProbeTest::doubleSignedZeros, new double[6 * 5], x, y);
            }
        }
    }

    @Test
    public void longChoicesAtTheEdges() {
        long[] ls = {0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 0x8000_0000L, -0x8000_0000L};
        for (long a : ls) {
            for (long b : ls) {
                check(PreLoopProbeTest::longChoices, new long[5 * 4], a, b);
            }
        }
    }

    @Test
    public void booleanOperatorsShortAndNonShortCircuit() {
        int[] vs = {-1, 0, 1, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int a : vs) {
            for (int b : vs) {
                for (int c : vs) {
                    for (boolean f : new boolean[] {false, true}) {
                        check(PreLoopProbeTest::booleanAlgebra, new int[3], a, b, c, f);
                    }
                }
            }
        }
    }

    @Test
    public void nestedTernariesMedianAndMax() {
        int[] vs = {-5, 0, 5, Integer.MIN_VALUE, Integer.MAX_VALUE, 1001};
        for (int a : vs) {
            for (int b : vs) {
                for (int c : vs) {
                    check(PreLoopProbeTest::nestedTernaries, new int[6], a, b, c);
                }
            }
        }
    }

    @Test
    public void aTwelveArmElseIfChain() {
        int[] ks = {Integer.MIN_VALUE, -1001, -1000, -11, -10, -9, -1, 0, 1, 2, 7, 8, 99, 100, 999, 1000, 999_999,
            1_000_000, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
        for (int k : ks) {
            check(PreLoopProbeTest::elseIfChain, new double[5], k);
        }
    }

    @Test
    public void sequentialRegionsReassigningOneLocal() {
        for (int a : INTS) {
            for (int b : new int[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
                check(PreLoopProbeTest::sequentialReassignments, new int[4], a, b);
            }
        }
    }

    @Test
    public void charByteShortChoicesKeepTheirExtension() {
        char[] cs = {0, 'a', 0xFFFF, 0x8000};
        byte[] bs = {0, -1, Byte.MIN_VALUE, Byte.MAX_VALUE};
        short[] ss = {0, -1, Short.MIN_VALUE, Short.MAX_VALUE};
        int[] ks = {0, 1, -1, 200, -200, 40000, -40000, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int k : ks) {
            for (int j = 0; j < 4; j++) {
                check(PreLoopProbeTest::narrowChoices, new int[3], k, cs[j], bs[(j + 1) % 4], ss[(j + 2) % 4]);
            }
        }
    }

    @Test
    public void aFiftyArmConditionalConverts() {
        for (int j = -2; j < 52; j++) {
            check(PreLoopProbeTest::chainOf50, new int[3], j * 3 - 20);
            check(PreLoopProbeTest::chainOf50, new int[3], j * 3 - 19);
        }
        check(PreLoopProbeTest::chainOf50, new int[3], Integer.MIN_VALUE);
    }

    /** The switch is off: the boolean local's branch stays and strict mode bails out; on, it runs. */
    @Test
    public void theIfConvertSwitchTurnsTheConversionOff() {
        // On: the choices are selects in the loop's kernel. Off: they stay branches, which a kernel of one work-item
        // runs before the loop's, handing the chosen values on (carried); the results are the JVM's either way.
        for (String phase : new String[] {"on", "off"}) {
            double[] out = new double[6 * 5];
            try (TaskSchedule s = new TaskSchedule("ifConvert-" + phase)) {
                s.optimization("ifConvert", phase.equals("on"));
                s.task("t", PreLoopProbeTest::doubleSignedZeros, out, -0.0, 0.0);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertEquals(s.kernelSource("t"), phase.equals("off"),
                        s.kernelSource("t").contains("ferrocl_carried"));
                double[] expected = new double[6 * 5];
                doubleSignedZeros(expected, -0.0, 0.0);
                assertSame(phase, expected, out);
            }
        }
        int[] out = new int[7];
        try (TaskSchedule s = new TaskSchedule("ifConvert-off-bool")) {
            s.optimization("ifConvert", false);
            s.task("t", PreLoopProbeTest::booleanAlgebra, out, 1, -1, 0, true);
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertTrue(s.kernelSource("t"), s.kernelSource("t").contains("ferrocl_carried"));
        }
        int[] expected = new int[7];
        booleanAlgebra(expected, 1, -1, 0, true);
        assertSame("off, booleans", expected, out);
    }

    // ================================================================ tests: chosen bounds

    @Test
    public void chosenInclusiveBoundsWithAStep() {
        int[][] cases = {{0, 99}, {99, 0}, {5, 5}, {0, 98}, {3, 50}, {50, 3}, {1, 0}, {99, 99}};
        for (int[] c : cases) {
            for (boolean swap : new boolean[] {false, true}) {
                check(PreLoopProbeTest::chosenInclusiveStep, JvmOracle.ints(c[0], 100), c[0], c[1], swap);
            }
        }
        // A chosen bound past the end, and a chosen negative start: the JVM's exception.
        for (int[] c : new int[][] {{1, 100}, {-3, 10}, {90, 102}}) {
            int[] out = JvmOracle.ints(7, 100);
            MoreChecks.checkThrows(x -> chosenInclusiveStep((int[]) x[0], (Integer) x[1], (Integer) x[2],
                    (Boolean) x[3]), s -> s.task("t", PreLoopProbeTest::chosenInclusiveStep, out, c[0], c[1], false),
                    out, c[0], c[1], false);
        }
    }

    @Test
    public void clampedBoundsAtTheIntEdges() {
        int[] vs = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, 63, 64, 65, Integer.MAX_VALUE - 1,
            Integer.MAX_VALUE};
        for (int lo : vs) {
            for (int hi : vs) {
                check(PreLoopProbeTest::clampedRange, new int[64], lo, hi);
            }
        }
    }

    @Test
    public void boundsThatOverflowBeforeTheClamp() {
        int[][] cases = {{Integer.MAX_VALUE, 1}, {Integer.MAX_VALUE, Integer.MAX_VALUE}, {Integer.MIN_VALUE, -1},
            {Integer.MIN_VALUE, Integer.MIN_VALUE}, {10, 20}, {-5, 40}, {Integer.MAX_VALUE - 10, 5}, {0, 0},
            {Integer.MIN_VALUE + 1, 0}, {1, Integer.MIN_VALUE}};
        for (int[] c : cases) {
            check(PreLoopProbeTest::overflowingBound, new int[64], c[0], c[1]);
        }
    }

    @Test
    public void anInclusiveBoundChosenAsMaxValueThrowsAsTheJvmDoes() {
        check(PreLoopProbeTest::inclusiveToMax, new int[50], 3, 40, false);
        check(PreLoopProbeTest::inclusiveToMax, new int[50], 3, Integer.MAX_VALUE, false);
        check(PreLoopProbeTest::inclusiveToMax, new int[50], Integer.MAX_VALUE, 3, false);
        for (int lo : new int[] {0, 45, Integer.MAX_VALUE - 1}) {
            int[] out = new int[50];
            MoreChecks.checkThrows(x -> inclusiveToMax((int[]) x[0], (Integer) x[1], (Integer) x[2], (Boolean) x[3]),
                    s -> s.task("t", PreLoopProbeTest::inclusiveToMax, out, lo, 0, true), out, lo, 0, true);
        }
    }

    @Test
    public void streamsWithChosenEnds() {
        int[] vs = {Integer.MIN_VALUE, -1, 0, 1, 17, 99, 100, 101, Integer.MAX_VALUE};
        for (int lo : vs) {
            for (int hi : vs) {
                for (boolean closed : new boolean[] {false, true}) {
                    check(PreLoopProbeTest::chosenStreams, new long[100], lo, hi, closed);
                }
            }
        }
    }

    @Test
    public void aTwoDimensionalWindowWithChosenBounds() {
        int[][] cases = {{0, 4, 0, 4}, {4, 0, 4, 0}, {2, 2, 1, 5}, {7, 3, 6, 0}, {0, 8, 7, 7}, {5, 1, 3, 2}};
        for (int[] c : cases) {
            check(PreLoopProbeTest::chosen2dWindow, new int[8 * 8], 8, c[0], c[1], c[2], c[3]);
        }
        int[] out = new int[8 * 8];
        MoreChecks.checkThrows(x -> chosen2dWindow((int[]) x[0], (Integer) x[1], (Integer) x[2], (Integer) x[3],
                (Integer) x[4], (Integer) x[5]), s -> s.task("t", PreLoopProbeTest::chosen2dWindow, out, 8, 8, 5, 0, 8),
                out, 8, 8, 5, 0, 8);
    }

    // ================================================================ tests: early returns

    @Test
    public void anEarlyReturnOnAnOrOfThreeTests() {
        int[][] cases = {{0, 0}, {-1, 5}, {10, -1}, {10, 0}, {10, 90}, {10, 91}, {100, 0}, {1, 99},
            {Integer.MIN_VALUE, 0}};
        for (int[] c : cases) {
            check(PreLoopProbeTest::earlyOr, new int[100], c[0], c[1]);
        }
        // n + m wraps past MAX_VALUE: the test passes and the JVM's loop runs off the end.
        for (int[] c : new int[][] {{100, Integer.MAX_VALUE - 50}, {5, Integer.MAX_VALUE}}) {
            int[] out = new int[100];
            MoreChecks.checkThrows(x -> earlyOr((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                    s -> s.task("t", PreLoopProbeTest::earlyOr, out, c[0], c[1]), out, c[0], c[1]);
        }
    }

    @Test
    public void anEarlyReturnOnAnAndOfThreeTests() {
        int[] vs = {-1, 0, 1, 2, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int n : vs) {
            for (int m : vs) {
                check(PreLoopProbeTest::earlyAnd, new int[9], n, m);
            }
        }
    }

    @Test
    public void nestedIfsEachReturning() {
        int[] vs = {-1, 0, 1};
        for (int a : vs) {
            for (int b : vs) {
                for (int c : vs) {
                    check(PreLoopProbeTest::earlyNested, new int[5], a, b, c);
                }
            }
        }
    }

    @Test
    public void theReturnInTheElseArm() {
        for (int n : new int[] {Integer.MIN_VALUE, -1, 0, 1, 63, 64, 65, Integer.MAX_VALUE}) {
            check(PreLoopProbeTest::earlyElseReturn, new int[64], n);
        }
    }

    @Test
    public void aConditionOnArrayLengthsAndAStaticField() {
        int saved = minLength;
        try {
            for (int limit : new int[] {10, 50, 51, Integer.MIN_VALUE}) {
                minLength = limit;
                for (int n : new int[] {0, 10, 30, 31, 50, 51, -1}) {
                    check(PreLoopProbeTest::earlyLengthsAndStatic, new float[50], JvmOracle.floats(n, 30, -1f, 1f),
                            n);
                }
            }
        } finally {
            minLength = saved;
        }
    }

    @Test
    public void anEarlyReturnFollowedByChoices() {
        for (int n : new int[] {-1, 0, 1, 49, 50, 51, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            for (int k : new int[] {0, 1, -1, 46341, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                check(PreLoopProbeTest::earlyThenChoices, new int[50], n, k);
            }
        }
    }

    @Test
    public void choicesComputingTheEarlyReturnsCondition() {
        for (int n : new int[] {0, 9, 10, 11, 40, 41, Integer.MAX_VALUE}) {
            for (int m : new int[] {9, 10, 20, 40, 41, Integer.MIN_VALUE}) {
                check(PreLoopProbeTest::chosenThenEarly, new int[40], n, m);
            }
        }
    }

    @Test
    public void twoEarlyReturnsAroundAChoice() {
        for (int n : new int[] {Integer.MIN_VALUE, 0, 1, 3, 10, 11, Integer.MAX_VALUE}) {
            for (int k : new int[] {Integer.MIN_VALUE, -1, 0, 1, 5, 6, 7, 100, 429496730}) {
                check(PreLoopProbeTest::twoReturnsAroundAChoice, new int[60], n, k);
            }
        }
    }

    @Test
    public void anOverflowingEarlyReturnTest() {
        for (int n : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, -1, 0, 1, 33, Integer.MIN_VALUE}) {
            check(PreLoopProbeTest::earlyOverflowingTest, new int[33], n);
        }
    }

    @Test
    public void anEarlyReturnBeforeA3dNest() {
        int[][] cases = {{1, 1, 1}, {8, 8, 8}, {3, 5, 7}, {0, 4, 4}, {9, 1, 1}, {4, 4, -1}, {2, 9, 2}};
        for (int[] c : cases) {
            for (boolean flip : new boolean[] {false, true}) {
                check(PreLoopProbeTest::earlyBefore3d, new int[512], c[0], c[1], c[2], flip);
            }
        }
    }

    @Test
    public void anEarlyReturnBeforeThreeLoopsInSequence() {
        for (int n : new int[] {-1, 0, 1, 20, 21, 40, 41}) {
            for (int m : new int[] {0, 1, 2, -3, Integer.MIN_VALUE}) {
                check(PreLoopProbeTest::earlyBeforeSequence, new int[40], JvmOracle.ints(n, 20), n, m);
            }
        }
        // Past the second array's end in the second loop: n / 2 > out2.length.
        int[] out = new int[60];
        int[] out2 = new int[20];
        MoreChecks.checkThrows(x -> earlyBeforeSequence((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                s -> s.task("t", PreLoopProbeTest::earlyBeforeSequence, out, out2, 50, 7), out, out2, 50, 7);
    }

    @Test
    public void anEarlyReturnBeforeAnIntSumReduction() {
        int[] a = JvmOracle.ints(11, 3000);
        int[][] cases = {{0, 3000}, {-1, 10}, {0, 3001}, {5, 5}, {6, 5}, {1, 2999}, {257, 258}, {0, 0}};
        for (int[] c : cases) {
            check(PreLoopProbeTest::earlyReduceInt, a.clone(), new int[] {-77}, c[0], c[1]);
        }
    }

    @Test
    public void anEarlyReturnBeforeAFloatMaxReduction() {
        float[] a = JvmOracle.floats(3, 5000, -1e6f, 1e6f);
        a[4321] = Float.NaN;
        for (int n : new int[] {0, 1, 4321, 4322, 5000, 5001, -7}) {
            for (boolean skip : new boolean[] {false, true}) {
                check(PreLoopProbeTest::earlyReduceFloatMax, a.clone(), new float[] {-0.0f}, n, skip);
            }
        }
    }

    @Test
    public void aDivisionAfterTheEarlyReturnIsNotReachedForZero() {
        for (int n : new int[] {-1, 0, 1, 100, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            for (int m : new int[] {0, 1, -1, 3, Integer.MIN_VALUE}) {
                check(PreLoopProbeTest::divisionAfterEarlyReturn, new int[50], n, m);
            }
        }
    }

    /** JLS §15.7 / §14.4: the division in {@code int q = n / m;} runs before the early return's test. */
    @Test
    public void aDivisionBeforeTheEarlyReturnThrowsForZero() {
        check(PreLoopProbeTest::divisionBeforeEarlyReturn, new int[50], 40, 2);
        check(PreLoopProbeTest::divisionBeforeEarlyReturn, new int[50], -40, 2);
        for (int n : new int[] {5, -5}) {
            int[] out = new int[50];
            MoreChecks.checkThrows(x -> divisionBeforeEarlyReturn((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                    s -> s.task("t", PreLoopProbeTest::divisionBeforeEarlyReturn, out, n, 0), out, n, 0);
        }
    }

    /** JLS §15.17.2 and §15.25: {@code q = n / m} throws for m == 0 before the ternary that would choose 0 runs. */
    @Test
    public void aDivisionBeforeAChoiceThrowsForZero() {
        check(PreLoopProbeTest::divisionBeforeChoice, new int[50], 40, 2);
        int[] out = new int[50];
        MoreChecks.checkThrows(x -> divisionBeforeChoice((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", PreLoopProbeTest::divisionBeforeChoice, out, 7, 0), out, 7, 0);
    }

    @Test
    public void aBoundPastTheEndAfterTheEarlyReturnThrows() {
        for (int n : new int[] {-1, 0, 30, 31, 33, 34}) {
            check(PreLoopProbeTest::earlyThenPastTheEnd, new int[30], n, 0);
        }
        check(PreLoopProbeTest::earlyThenPastTheEnd, new int[30], 34, 3);
        int[] out = new int[30];
        MoreChecks.checkThrows(x -> earlyThenPastTheEnd((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", PreLoopProbeTest::earlyThenPastTheEnd, out, 33, 3), out, 33, 3);
        // out.length + slack wraps: the test 31 > MIN_VALUE + 29 holds, so the JVM returns.
        check(PreLoopProbeTest::earlyThenPastTheEnd, new int[30], 31, Integer.MAX_VALUE);
    }

    @Test
    public void anInstanceMethodReadingReceiverFields() {
        int[][] cases = {{3, 4, 10}, {4, 3, 10}, {4, 3, 2}, {0, 5, 10}, {5, -1, 10}, {8, 8, 10}, {6, 10, 10},
            {7, 7, 6}, {3, 4, 2}, {2, 32, 2}};
        for (int[] c : cases) {
            for (float v : new float[] {1.5f, -2f, -0.0f, Float.NaN}) {
                Grid g = new Grid(c[0], c[1], JvmOracle.floats(c[0] + c[1], 64, -1f, 1f), c[2]);
                Grid jvm = g.copy();
                jvm.fill(v);
                String what = "rows=" + c[0] + " cols=" + c[1] + " limit=" + c[2] + " v=" + v;
                try (TaskSchedule s = new TaskSchedule("grid").task("t", Grid::fill, g, v)) {
                    s.execute();
                    assertRanOnDevice(s.report(), "t");
                }
                assertSame(what, jvm.data, g.data);
            }
        }
    }

    /** A switch statement before the loop assigning a local (javac: lookupswitch), over every case and default. */
    @Test
    public void aSwitchStatementChoosingALocal() {
        for (int k : new int[] {-1, 0, 1, 2, 4, 5, 6, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            check(PreLoopProbeTest::switchStatement, new int[4], k);
        }
    }

    /** A switch expression (JLS §15.28) choosing the loop's bound. */
    @Test
    public void aSwitchExpressionChoosingTheBound() {
        for (int k : new int[] {-1, 0, 1, 2, 3, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            check(PreLoopProbeTest::switchExpressionBound, new int[9], k);
        }
        int[] out = new int[4];
        MoreChecks.checkThrows(x -> switchExpressionBound((int[]) x[0], (Integer) x[1]),
                s -> s.task("t", PreLoopProbeTest::switchExpressionBound, out, 7), out, 7);
    }

    /** k / 4 rounds toward zero, k >> 2 toward negative infinity (JLS §15.17.2, §15.19). */
    @Test
    public void aConstantDivisionInOneArm() {
        for (int k : new int[] {-1, -3, -4, -5, 0, 3, 4, 7, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            check(PreLoopProbeTest::constantDivisionArm, new int[3], k);
        }
    }

    /** The early return does not depend on ifConvert: with the phase off, a method without choices still runs. */
    @Test
    public void anEarlyReturnWithIfConvertOff() {
        for (int n : new int[] {-1, 0, 1, 9, 10, 11}) {
            int[] out = new int[10];
            int[] expected = new int[10];
            Throwable jvm = null;
            try {
                earlyThenPastTheEnd(expected, n, 0);
            } catch (RuntimeException e) {
                jvm = e;
            }
            try (TaskSchedule s = new TaskSchedule("early-off")) {
                s.optimization("ifConvert", false);
                s.task("t", PreLoopProbeTest::earlyThenPastTheEnd, out, n, 0);
                s.execute();
                assertTrue("the JVM threw " + jvm, jvm == null);
                assertRanOnDevice(s.report(), "t");
            } catch (ArrayIndexOutOfBoundsException e) {
                assertTrue("JVM: " + jvm + ", device: " + e, jvm != null && jvm.getClass() == e.getClass());
            }
            assertSame("n=" + n, expected, out);
        }
    }

    // ================================================================ conditions on long, float and double

    /** A bound from a long parameter, after an early return on it ({@code (int) n} keeps the low 32 bits). */
    public static void longLimit(int[] out, long n) {
        if (n <= 0L) {
            return;
        }
        for (@Parallel int i = 0; i < (int) n; i++) {
            out[i] = i * 3;
        }
    }

    /** A bound clamped by a long comparison, a double early return with NaN and a float scale. */
    public static void mixedConditions(float[] out, long lim, double x, float s) {
        if (Double.isNaN(x) || x < -1.0) {
            return;
        }
        int m = lim > out.length ? out.length : (int) lim;
        if (s == 0.0f) {
            return;
        }
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = out[i] * s + (float) x;
        }
    }

    private static final long[] LONGS = {0L, 1L, -1L, 7L, 9L, 10L, 1L << 32, (1L << 32) + 5, -(1L << 32) + 3, Long.MAX_VALUE,
        Long.MIN_VALUE};

    /** Conditions and bounds on long, float and double values before the loop, evaluated by the host at the edges. */
    @Test
    public void conditionsOnLongFloatAndDouble() {
        for (float x : FLOATS) {
            check(PreLoopProbeTest::floatChosenBound, new int[9], x, 3, 5);
            check(PreLoopProbeTest::earlyOnNaN, new float[9], x);
        }
        for (long l : LONGS) {
            check(PreLoopProbeTest::longChosenBound, new int[9], l, 3, 5);
            check(PreLoopProbeTest::earlyOnLong, new long[9], l);
            // (int) l beyond the array's length: the JVM's exception where it throws.
            int[] out = new int[9];
            long n = l;
            Object[] expected = cloneArgs(out, n);
            Throwable jvm = null;
            try {
                longLimit((int[]) expected[0], n);
            } catch (ArrayIndexOutOfBoundsException e) {
                jvm = e;
            }
            if (jvm == null) {
                check(PreLoopProbeTest::longLimit, out, n);
            } else {
                Throwable e = MoreChecks.checkThrows(y -> longLimit((int[]) y[0], (Long) y[1]),
                        sch -> sch.task("t", PreLoopProbeTest::longLimit, out, n), out, n);
                assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
            }
        }
        float[] base = JvmOracle.floats(31, 100, -2f, 2f);
        for (long lim : new long[] {-1L, 0L, 50L, 100L, 1L << 40}) {
            for (double x : DOUBLES) {
                for (float s : new float[] {0f, -0f, 2.5f, Float.NaN}) {
                    check(PreLoopProbeTest::mixedConditions, base.clone(), lim, x, s);
                }
            }
        }
    }

    /** A bound from a {@code long} remainder, evaluated in the loop's header (the host evaluates it once). */
    public static void longRemainderBound(int[] out, long l, long m) {
        for (@Parallel int i = 0; i < (int) (l % m); i++) {
            out[i] = i * 7;
        }
    }

    /** {@code long} remainders as bounds at the edges; a zero divisor throws the JVM's ArithmeticException. */
    @Test
    public void longRemaindersAsBounds() {
        long[][] pairs = {{17L, 5L}, {-17L, 5L}, {(1L << 40) + 9, 1L << 40}, {Long.MIN_VALUE, -1L}, {9L, 10L},
            {Long.MAX_VALUE, 12L}};
        for (long[] p : pairs) {
            check(PreLoopProbeTest::longRemainderBound, new int[20], p[0], p[1]);
        }
        int[] out = new int[20];
        Throwable e = MoreChecks.checkThrows(x -> longRemainderBound((int[]) x[0], (Long) x[1], (Long) x[2]),
                s -> s.task("t", PreLoopProbeTest::longRemainderBound, out, 5L, 0L), out, 5L, 0L);
        assertTrue(e.toString(), e instanceof ArithmeticException);
    }

    // ================================================================ elements read before the loops (host loads)

    /** {@code a[0]} read before the loop divides every element (normalisation). */
    public static void normalise(float[] a, float[] out) {
        float first = a[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] / first;
        }
    }

    /** In place: Java reads the last element once, before the loop overwrites it. */
    public static void normaliseInPlace(float[] a) {
        float last = a[a.length - 1];
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] / last;
        }
    }

    /** A load Java makes only when the array is not empty. */
    public static void lastOrZero(float[] a, float[] out) {
        float k = a.length > 0 ? a[a.length - 1] : 0f;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = k * i;
        }
    }

    /** Loads after an early return, at an index from a parameter (n past the length: the JVM throws). */
    public static void afterEarlyReturn(int[] a, int[] out, int n) {
        if (n <= 0) {
            return;
        }
        int b = a[n - 1] * 3 + a[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = b + i;
        }
    }

    /** Elements of every primitive type, widened as Java widens them. */
    public static void everyType(byte[] bs, short[] ss, char[] cs, boolean[] zs, long[] ls, double[] ds,
            double[] out) {
        byte b = bs[0];
        short sh = ss[1];
        char c = cs[2];
        boolean z = zs[0];
        long l = ls[ls.length - 1];
        double d = ds[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = b + sh + c + (z ? 0.5 : -0.5) + l + d * i;
        }
    }

    /** A 2-D nest scaled by elements read before it. */
    public static void scaleNest(float[] m, float[] s, int cols) {
        float k = s[0] * 2f + s[1];
        for (@Parallel int r = 0; r < m.length / cols; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                m[r * cols + c] = m[r * cols + c] * k;
            }
        }
    }

    /** Fills {@code a} (a first task for {@link #normalise}). */
    public static void fill(float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = i * 0.5f + 3f;
        }
    }

    @Test
    public void elementsReadBeforeTheLoops() {
        float[] a = JvmOracle.floats(40, 1000, -3f, 3f);
        check(PreLoopProbeTest::normalise, a, new float[1000]);
        check(PreLoopProbeTest::normaliseInPlace, JvmOracle.floats(41, 999, -3f, 3f));
        check(PreLoopProbeTest::normaliseInPlace, new float[] {4f});
        check(PreLoopProbeTest::lastOrZero, JvmOracle.floats(42, 77, -3f, 3f), new float[100]);
        check(PreLoopProbeTest::lastOrZero, new float[0], new float[100]);
        int[] ai = JvmOracle.ints(43, 500);
        for (int n : new int[] {-3, 0, 1, 250, 500}) {
            check(PreLoopProbeTest::afterEarlyReturn, ai, new int[300], n);
        }
        check(PreLoopProbeTest::everyType, new byte[] {-7}, new short[] {1, -300}, new char[] {'a', 'b', 0xFFFF},
                new boolean[] {true}, new long[] {1L, 1L << 40}, new double[] {0.25}, new double[64]);
        check(PreLoopProbeTest::everyType, new byte[] {127}, new short[] {1, 32767}, new char[] {0, 0, 0},
                new boolean[] {false}, new long[] {Long.MIN_VALUE}, new double[] {Double.NaN}, new double[7]);
        check(PreLoopProbeTest::scaleNest, JvmOracle.floats(44, 60 * 70, -1f, 1f), new float[] {1.5f, -0.25f}, 70);
    }

    @Test
    public void elementsReadBeforeTheLoopsThrowWhereJavaThrows() {
        // An empty array: Java's a[0] throws before the loop, even when the loop would run no iteration.
        float[] empty = new float[0];
        float[] out = new float[0];
        Throwable e = MoreChecks.checkThrows(x -> normalise((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", PreLoopProbeTest::normalise, empty, out), empty, out);
        assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
        // n past the length after the early return.
        int[] ai = JvmOracle.ints(45, 100);
        int[] out2 = new int[10];
        e = MoreChecks.checkThrows(x -> afterEarlyReturn((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", PreLoopProbeTest::afterEarlyReturn, ai, out2, 101), ai, out2, 101);
        assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
        // A short array for the third element: the char load throws (the earlier ones pass).
        double[] out3 = new double[5];
        Object[] args = {new byte[] {1}, new short[] {1, 2}, new char[] {'x', 'y'}, new boolean[] {true},
            new long[] {3L}, new double[] {1.0}, out3};
        e = MoreChecks.checkThrows(x -> everyType((byte[]) x[0], (short[]) x[1], (char[]) x[2], (boolean[]) x[3],
                (long[]) x[4], (double[]) x[5], (double[]) x[6]),
                s -> s.task("t", PreLoopProbeTest::everyType, (byte[]) args[0], (short[]) args[1], (char[]) args[2],
                        (boolean[]) args[3], (long[]) args[4], (double[]) args[5], out3), args);
        assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
    }

    /** An element read before the loop whose value is never used: Java still reads it (and may throw). */
    public static void unusedRead(float[] a, float[] out) {
        float probe = a[3];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = out[i] * 2f;
        }
    }

    /** A @Reduce sum (the first task of a schedule). */
    public static void sumInto(float[] a, @Reduce float[] s) {
        for (@Parallel int i = 0; i < a.length; i++) {
            s[0] += a[i];
        }
    }

    /** Reads the earlier task's @Reduce output before its loop. */
    public static void center(float[] a, float[] s, float[] out) {
        float mean = s[0] / a.length;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] - mean;
        }
    }

    @Test
    public void unusedReadsAndReducedOutputsReadBeforeTheLoops() {
        check(PreLoopProbeTest::unusedRead, JvmOracle.floats(48, 10, -1f, 1f), JvmOracle.floats(49, 100, -1f, 1f));
        float[] shortA = new float[3];
        float[] out = JvmOracle.floats(50, 100, -1f, 1f);
        Throwable e = MoreChecks.checkThrows(x -> unusedRead((float[]) x[0], (float[]) x[1]),
                sch -> sch.task("t", PreLoopProbeTest::unusedRead, shortA, out), shortA, out);
        assertTrue(e.toString(), e instanceof ArrayIndexOutOfBoundsException);
        // Task 2 reads s[0] after task 1 reduced into it: the sum, not the value from before.
        float[] a = new float[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i % 7) * 0.25f;
        }
        float[] s = {1f};
        float[] out2 = new float[1000];
        float[] sJvm = s.clone();
        float[] outJvm = new float[1000];
        sumInto(a, sJvm);
        center(a, sJvm, outJvm);
        try (TaskSchedule sch = new TaskSchedule("reduce-then-read").task("sum", PreLoopProbeTest::sumInto, a, s)
                .task("center", PreLoopProbeTest::center, a, s, out2)) {
            sch.execute();
            assertRanOnDevice(sch.report(), "sum");
        }
        assertSame("the reduced output", sJvm, s);
        assertSame("the later task's output", outJvm, out2);
    }

    /**
     * The element changes between executions of one schedule (the host reads it each time), an earlier task of the
     * schedule writes the array the load reads (its result is on the device: the later task must see it), and an
     * in-place update in batches (every batch must see the value from before the loop).
     */
    @Test
    public void elementsReadBeforeTheLoopsAcrossExecutionsTasksAndBatches() {
        float[] a = JvmOracle.floats(46, 4096, 1f, 2f);
        float[] out = new float[4096];
        try (TaskSchedule s = new TaskSchedule("host-load").task("t", PreLoopProbeTest::normalise, a, out)) {
            for (float first : new float[] {2f, -0.5f, 0f}) {
                a[0] = first;
                float[] expected = new float[4096];
                normalise(a.clone(), expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("first = " + first, expected, out);
            }
        }
        float[] b = new float[2048];
        float[] out2 = new float[2048];
        float[] bJvm = b.clone();
        float[] outJvm = new float[2048];
        fill(bJvm);
        normalise(bJvm, outJvm);
        try (TaskSchedule s = new TaskSchedule("host-load-2").task("fill", PreLoopProbeTest::fill, b)
                .task("norm", PreLoopProbeTest::normalise, b, out2)) {
            s.execute();
            assertRanOnDevice(s.report(), "fill");
        }
        assertSame("the later task's output", outJvm, out2);
        assertSame("the earlier task's output", bJvm, b);
        float[] c = JvmOracle.floats(47, 100_001, 1f, 2f);
        float[] cJvm = c.clone();
        normaliseInPlace(cJvm);
        try (TaskSchedule s = new TaskSchedule("host-load-batches").batch("16KB")
                .task("t", PreLoopProbeTest::normaliseInPlace, c)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertTrue(s.report().task("t").toString(), s.report().task("t").batches() > 1);
        }
        assertSame("in place, in batches", cJvm, c);
    }

    // ================================================================ deeper than the conversion

    /**
     * A 64-arm conditional is deeper than ifConvert's documented limit of 60 nested branches. It bailed out ("a branch
     * that does more than choose numbers") until code before the loop could run as a kernel of one work-item: now that
     * kernel chooses the value and the loop's kernel reads it (carried). Every arm's value, and one past the arms.
     */
    @Test
    public void aChainDeeperThanTheConversionRunsBeforeTheLoop() {
        for (int k : new int[] {-20, -2, 13, 100, 169, 170, Integer.MIN_VALUE}) {
            check(PreLoopProbeTest::chainOf64, new int[3], k);
        }
    }

    /** Math.abs of an int as a bound (the host computes it as Java does: abs(MIN_VALUE) is MIN_VALUE). */
    @Test
    public void anAbsoluteValueAsABound() {
        for (int n : new int[] {-7, 7, 0, 9, -9, Integer.MIN_VALUE}) {
            check(PreLoopProbeTest::absBound, new int[9], n);
        }
    }

    /** Divisions the short-circuit or a ternary guards, before the loop: the host divides where Java does. */
    @Test
    public void guardedDivisionsBeforeTheLoop() {
        int[] divisors = {0, 1, -1, 2, 3, 7, Integer.MIN_VALUE};
        for (int n : INTS) {
            for (int m : divisors) {
                check(PreLoopProbeTest::earlyGuardedDivision, new int[9], n, m);
            }
        }
        // Quotients within the array (or empty ranges): no exception in the loop.
        for (int n : new int[] {0, 1, -1, 7, 18, -18, Integer.MIN_VALUE}) {
            for (int m : divisors) {
                if (m == 0 || n / m <= 18) {
                    check(PreLoopProbeTest::guardedDivisionBound, new int[18], n, m);
                }
            }
        }
    }

    /** An unused quotient before the loop: the device for m != 0, the JVM's ArithmeticException for m == 0. */
    @Test
    public void anUnusedDivisionStillThrows() {
        check(PreLoopProbeTest::unusedDivision, new int[5], 7, 2);
        check(PreLoopProbeTest::unusedDivision, new int[5], Integer.MIN_VALUE, -1);
        int[] out = new int[5];
        MoreChecks.checkThrows(x -> unusedDivision((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                s -> s.task("t", PreLoopProbeTest::unusedDivision, out, 7, 0), out, 7, 0);
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import org.junit.Test;

/**
 * Library methods of integers and bits in the code before the {@code @Parallel} loops, whose values give the loops'
 * bounds: the host computes them as Java does ({@code Math.round}'s JDK code through
 * {@code Float.floatToRawIntBits}, {@code Math.abs}, {@code Integer.highestOneBit}-style bit counts, rotations).
 * Strict, against the JVM, at the edges of each method.
 */
public class HostIntrinsicTest {
    public static void rounded(int[] out, float x, double d) {
        int hi = Math.round(x) + 5;
        long h2 = Math.round(d);
        for (@Parallel int i = 0; i < Math.min(hi, out.length); i++) {
            out[i] = (int) h2 + i;
        }
    }

    public static void bits(int[] out, int n, long l) {
        int hi = Integer.bitCount(n) + Long.numberOfLeadingZeros(l) - Integer.numberOfTrailingZeros(n);
        int rot = Integer.rotateLeft(n, 7) ^ (int) Long.rotateRight(l, 65);
        for (@Parallel int i = 0; i < Math.min(Math.abs(hi), out.length); i++) {
            out[i] = rot + i;
        }
    }

    @Test
    public void mathRoundAsABound() {
        float[] xs = {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, 0.49999997f, -0.49999997f, Float.NaN, 1e10f, -1e10f,
            Float.MIN_VALUE, 30.7f};
        double[] ds = {-2.5, 0.5, 0.49999999999999994, Double.NaN, 1e19, -1e19, 12.5};
        for (float x : xs) {
            for (double d : ds) {
                check(HostIntrinsicTest::rounded, new int[40], x, d);
            }
        }
    }

    @Test
    public void bitCountsAndRotationsAsBounds() {
        int[] ns = {0, 1, -1, 0x80000000, 0x7fffffff, 12345, -98765};
        long[] ls = {0L, 1L, -1L, Long.MIN_VALUE, 1L << 40};
        for (int n : ns) {
            for (long l : ls) {
                check(HostIntrinsicTest::bits, new int[100], n, l);
            }
        }
    }
}

package dev.ferrocl.api;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.tests.Inputs;
import org.junit.Test;

/**
 * The tiled kernel's points per work-item are chosen per launch ({@code geometry::tile_micro}): 4 × 4 where the
 * launch has enough blocks of 64 × 64 to fill the device, 2 × 2 (blocks of 32 × 32) where it has too few, 8 × 8
 * (blocks of 128 × 128, 32-bit values only) where even those fill it; each a build of its own made once per task. Whatever the choice, every element is the JVM's bit for bit; a launch too small for one 64 × 64 block
 * per compute unit (40 × 40 points on any device) takes 2 × 2 and covers its points in a 32 × 32 NDRange per
 * dimension pair (20 work-items per dimension, rounded up to the group of 16). Strict mode.
 */
public class TileSizeTest {
    /** C = A · B, every term in Java's order (the tiled shape). */
    static void product(int n, int m, int k, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * k + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** The same, for the build-count test alone (its task's builds are counted from its first launch). */
    static void productCounted(int n, int m, int k, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < k; p++) {
                    sum += a[i * k + p] * b[p * m + j];
                }
                c[i * m + j] = sum;
            }
        }
    }

    private static ExecutionReport run(int n, int m, int k) {
        return run(false, n, m, k);
    }

    private static ExecutionReport run(boolean counted, int n, int m, int k) {
        float[] a = Inputs.floats(501 + n, n * k, -1f, 1f);
        float[] b = Inputs.floats(502 + m, k * m, -1f, 1f);
        ExecutionReport r = counted
                ? check(TileSizeTest::productCounted, n, m, k, a, b, new float[n * m])
                : check(TileSizeTest::product, n, m, k, a, b, new float[n * m]);
        assertTrue(r.task("t").optimizations().toString(),
                r.task("t").optimizations().stream().anyMatch(o -> o.startsWith("tile (")));
        return r;
    }

    @Test
    public void aSmallLaunchTakesTwoByTwoPointsBuiltOnceAndMatchesTheJvm() {
        long before = Native.variantBuilds();
        ExecutionReport small = run(true, 40, 40, 70);
        assertArrayEquals("2 x 2 points per work-item: 20 work-items per dimension, rounded up to 16s",
                new long[] {32, 32}, small.task("t").globalSize());
        assertEquals("the 2 x 2 build, made for the first such launch", before + 1, Native.variantBuilds());
        run(true, 40, 40, 70);
        run(true, 33, 47, 5);
        assertEquals("and reused by later ones", before + 1, Native.variantBuilds());
    }

    @Test
    public void sizesOnBothSidesOfTheChoiceMatchTheJvm() {
        // Whichever each size gets on this device, the result is the JVM's.
        // (On PoCL's two compute units the last three take 8 x 8 points; on a large GPU they take 2 x 2.)
        for (int[] s : new int[][] {{1, 1, 1}, {17, 15, 33}, {64, 64, 64}, {96, 160, 17}, {300, 257, 40},
                {1000, 31, 12}, {513, 700, 129}}) {
            run(s[0], s[1], s[2]);
        }
    }
}

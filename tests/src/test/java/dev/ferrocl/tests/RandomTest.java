package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.Random;
import org.junit.Test;

/**
 * {@code java.util.Random} made with a seed inside a kernel: each work-item's generator gives the JVM's sequence
 * bit for bit (Monte Carlo estimates, every method of the class the kernel supports, bounds that are powers of two
 * and not, ranges wider than an {@code int}'s, the rejection loop of {@code nextInt(bound)}, {@code nextGaussian}'s pairs). Strict, against the JVM; a
 * bad bound throws the JVM's exception through its rerun; {@code new Random()} (seeded from the clock) is refused.
 */
public class RandomTest {
    /** Monte Carlo: points in the quarter circle per work-item. */
    public static void monteCarlo(int[] hits, long seed, int samples) {
        for (@Parallel int i = 0; i < hits.length; i++) {
            Random r = new Random(seed + i);
            int h = 0;
            for (int k = 0; k < samples; k++) {
                double x = r.nextDouble();
                double y = r.nextDouble();
                if (x * x + y * y <= 1.0) {
                    h++;
                }
            }
            hits[i] = h;
        }
    }

    /** Every method, its raw results mixed into longs. */
    public static void everyMethod(long[] out, int[] bounds) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Random r = new Random(i * 0x9E3779B97F4A7C15L);
            long h = r.nextInt();
            h = 31 * h + r.nextInt(bounds[i % bounds.length]);
            h = 31 * h + r.nextLong();
            h = 31 * h + (r.nextBoolean() ? 1 : 2);
            h = 31 * h + Float.floatToRawIntBits(r.nextFloat());
            h = 31 * h + Double.doubleToRawLongBits(r.nextDouble());
            h = 31 * h + Double.doubleToRawLongBits(r.nextGaussian());
            h = 31 * h + Double.doubleToRawLongBits(r.nextGaussian());
            h = 31 * h + Double.doubleToRawLongBits(r.nextGaussian());
            h = 31 * h + r.nextInt(-bounds[i % bounds.length], bounds[(i + 1) % bounds.length]);
            h = 31 * h + r.nextInt(Integer.MIN_VALUE + i, Integer.MAX_VALUE - i);
            r.setSeed(i);
            h = 31 * h + r.nextInt(1000);
            out[i] = h;
        }
    }

    /** A generator passed to a helper and used through it. */
    public static void throughHelper(float[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Random r = new Random(~i);
            out[i] = sum(r, n);
        }
    }

    static float sum(Random r, int n) {
        float s = 0f;
        for (int k = 0; k < n; k++) {
            s += r.nextFloat() - 0.5f;
        }
        return s;
    }

    public static void unseeded(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = new Random().nextInt();
        }
    }

    @Test
    public void aMonteCarloEstimatePerWorkItem() {
        check(RandomTest::monteCarlo, new int[1000], 42L, 200);
        check(RandomTest::monteCarlo, new int[77], Long.MIN_VALUE, 1000);
    }

    @Test
    public void everyMethodGivesTheJvmsSequence() {
        // Powers of two, the largest int (the rejection loop runs often near 2^31), small odd bounds.
        int[] bounds = {1, 2, 3, 7, 16, 1 << 30, Integer.MAX_VALUE, (1 << 30) + 1, 1000, 6};
        check(RandomTest::everyMethod, new long[3000], bounds);
    }

    @Test
    public void aGeneratorPassedToAHelper() {
        check(RandomTest::throughHelper, new float[500], 50);
    }

    @Test
    public void aBadBoundThrowsTheJvmsException() {
        long[] out = new long[100];
        int[] bounds = {5, 0};
        Throwable e = MoreChecks.checkThrows(x -> everyMethod((long[]) x[0], (int[]) x[1]),
                s -> s.task("t", RandomTest::everyMethod, out, bounds), out, bounds);
        assertEquals(IllegalArgumentException.class, e.getClass());
    }

    @Test
    public void anUnseededGeneratorIsRefused() {
        try (TaskSchedule s = new TaskSchedule("unseeded").task("t", RandomTest::unseeded, new int[4])) {
            s.execute();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("new Random(seed)"));
        }
    }
}

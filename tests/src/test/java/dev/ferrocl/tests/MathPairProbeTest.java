package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.junit.Test;

/**
 * Adversarial probes, written from Java's semantics, of three things: {@code sinCosPairs} (a narrowed float sine and
 * cosine of one float argument in one block computed by one call), the device's own {@code Math.exp} (its algorithm
 * for |x| <= 707, fdlibm's beyond) and {@code Math.log}, and the narrowed {@code (float) Math.exp/log} of a float.
 *
 * <p><b>Pairs.</b> Each kernel puts a sine and a cosine where pairing could go wrong (a {@code @Reduce} loop, whose
 * straight-line body the writer copies for the unrolled and vectorised loops; an inner sequential loop, which loop
 * versioning writes twice; a 2-D nest; both branches of an if/else and of a switch with a fall-through; a sine in a
 * loop and the cosine after it; one argument used by two sines; {@code v * 1f}, {@code -v}, {@code v + 0f} (not
 * {@code v} for -0); an array element stored over and read again, also through an aliasing parameter; two arguments
 * each paired). Every narrowed result must be within {@link TranscendentalTest#ULPS_FLOAT} of the JVM's (NaN for
 * NaN, infinities and zeros exact, the zero's sign included); values derived from several results (a sum, a
 * recurrence, a reduction) within a bound stated where they are checked; and the same kernel with {@code sinCosPairs}
 * off must give the same raw bits, NaN payloads included (the reductions hash every result's raw bits, weighted by its
 * index, so that a copy taking another copy's value shows). Each probe prints the optimizations it got, so that a
 * shape where the pairing did not happen is visible.
 *
 * <p><b>exp and log.</b> Double results within {@link TranscendentalTest#ULPS_1} of the JVM's; the Javadoc's special
 * cases, and every result the JVM gives as NaN, an infinity or a zero, bit for bit; and semi-monotonicity on runs of
 * consecutive doubles (around 1, the reduction boundary near sqrt 2, powers of two for log; ±707, the overflow and
 * subnormal thresholds and some k ln 2 boundaries for exp).
 *
 * <p><b>Narrowed exp and log.</b> {@code (float) Math.exp(v)} and {@code (float) Math.log(v)} of a float must be the
 * device's double path {@code (float) Math.exp(v * one)} bit for bit ({@code one} a parameter equal to 1.0), and
 * within {@link TranscendentalTest#ULPS_FLOAT} of the JVM's.
 */
public class MathPairProbeTest {
    private static final float SENTINEL = -7.25f;

    // ================================================================ kernels: sine and cosine pairs

    /**
     * A straight-line {@code @Reduce} body: the writer copies it for the unrolled loop (4 iterations) and the
     * vectorised one (8), each copy with its own pair. The hash weighs each iteration's raw bits by its index, so a
     * copy taking another copy's (or the other half's) value changes it; int arithmetic wraps, so the hash is exact in
     * any order.
     */
    public static void reducePairs(float[] x, @Reduce double[] sum, @Reduce int[] hash) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            float s = (float) Math.sin(v);
            float c = (float) Math.cos(v);
            sum[0] += s + 2.0 * c;
            hash[0] += (Float.floatToRawIntBits(s) * 31 + Float.floatToRawIntBits(c)) * (2 * i + 1);
        }
    }

    /**
     * An inner sequential loop (which loop versioning may write twice) with a pair of the loop's element, a pair of a
     * loop-invariant argument, and a recurrence over the sines.
     */
    public static void innerLoop(float[] x, float[] w, int m, float[] out, float[] acc) {
        for (@Parallel int i = 0; i < w.length; i++) {
            float wi = w[i];
            float a = 0f;
            for (int j = 0; j < m; j++) {
                int k = i * m + j;
                float v = x[k];
                float s = (float) Math.sin(v);
                out[4 * k + 1] = (float) Math.cos(v);
                out[4 * k] = s;
                out[4 * k + 2] = (float) Math.cos(wi);
                out[4 * k + 3] = (float) Math.sin(wi);
                a = a * 0.5f + s;
            }
            acc[i] = a;
        }
    }

    /** A 2-D nest: a pair of the element and a pair of the row's value, written interleaved. */
    public static void nest2d(float[] x, float[] y, int cols, float[] out) {
        for (@Parallel int r = 0; r < y.length; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int k = r * cols + c;
                float v = x[k];
                float u = y[r];
                out[4 * k] = (float) Math.cos(v);
                out[4 * k + 1] = (float) Math.sin(u);
                out[4 * k + 2] = (float) Math.sin(v);
                out[4 * k + 3] = (float) Math.cos(u);
            }
        }
    }

    /**
     * Both branches of an if/else use sine and cosine of the same argument (in opposite orders); a switch has a pair
     * of a case's own argument, a sine in a case that falls through into the cosine's case, and a pair of {@code -v}
     * in the default case.
     */
    public static void branches(float[] x, int[] sel, float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            int k = sel[i];
            if (k > 0) {
                out[8 * i] = (float) Math.sin(v);
                out[8 * i + 1] = (float) Math.cos(v);
            } else {
                out[8 * i + 1] = -(float) Math.sin(v);
                out[8 * i] = (float) Math.cos(v);
            }
            switch (k & 3) {
                case 0:
                    float t = v * 3f;
                    out[8 * i + 2] = (float) Math.cos(t);
                    out[8 * i + 3] = (float) Math.sin(t);
                    break;
                case 1:
                    out[8 * i + 4] = (float) Math.sin(v);
                    // falls through
                case 2:
                    out[8 * i + 5] = (float) Math.cos(v);
                    break;
                default:
                    float u = -v;
                    out[8 * i + 6] = (float) Math.sin(u);
                    out[8 * i + 7] = (float) Math.cos(u);
            }
        }
    }

    /**
     * A sine in a loop body and the cosine of the same value after the loop: of a loop variable (the loop's exit
     * value is the phi the body's sine reads) and of a loop-invariant value.
     */
    public static void loopThenAfter(float[] x, int[] cnt, float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            int n = cnt[i];
            float t = v;
            for (int j = 0; j < n; j++) {
                out[10 * i + j] = (float) Math.sin(t);
                out[10 * i + 5 + j] = (float) Math.sin(v);
                t = t * 0.5f;
            }
            out[10 * i + 4] = (float) Math.cos(t);
            out[10 * i + 9] = (float) Math.cos(v);
        }
    }

    /**
     * Both halves used in the loop (of the loop variable and of an invariant), one of each also after the loop, and
     * a sine whose only use is after the loop.
     */
    public static void loopAndAfter(float[] x, int[] cnt, float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            int n = cnt[i];
            float t = v;
            float acc = 0f;
            for (int j = 0; j < n; j++) {
                acc = acc * 0.5f + (float) Math.sin(t) - (float) Math.cos(t);
                out[8 * i + j] = (float) Math.cos(v) * 0.5f;
                out[8 * i + 4 + j] = (float) Math.sin(v);
                t = t * 0.5f;
            }
            out[8 * i + n] = (float) Math.cos(t);
            out[8 * i + 4 + n] = (float) Math.cos(v);
            out[8 * i + 7] = acc + (float) Math.sin(v * 0.5f);
        }
    }

    /**
     * One argument used by two sines and a cosine; {@code v * 1f} (equal to v, NaN aside, so pairing it is
     * allowed), {@code (double) v}, {@code -v}, and {@code v + 0f}, which is +0 where v is -0 (so its sine must be +0);
     * a StrictMath cosine (fdlibm's bits) next to Math's sine; a sine whose result is never used next to a used
     * cosine; a pair of a pair's result.
     */
    public static void variants(float[] x, float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            out[13 * i] = (float) Math.sin(v);
            out[13 * i + 1] = (float) Math.cos(v * 1f);
            out[13 * i + 2] = -(float) Math.sin(v);
            out[13 * i + 3] = (float) Math.cos(-v);
            out[13 * i + 4] = (float) Math.sin(-v);
            out[13 * i + 5] = (float) StrictMath.cos(v);
            out[13 * i + 6] = (float) Math.cos((double) v);
            out[13 * i + 7] = (float) Math.sin(v + 0f);
            out[13 * i + 8] = (float) Math.cos(v + 0f);
            out[13 * i + 9] = (float) StrictMath.sin(v);
            float twice = v * 2f;
            float dead = (float) Math.sin(twice);
            out[13 * i + 10] = (float) Math.cos(twice);
            float s = (float) Math.sin(v);
            out[13 * i + 11] = (float) Math.cos(s);
            out[13 * i + 12] = (float) Math.sin(s);
        }
    }

    /**
     * The element is stored over with its cosine and read again (the reload is that cosine: a pair of a computed
     * argument), then another array's element is updated, which may be this one (the same array passed twice): the
     * last read must see that store.
     */
    public static void arrayReuse(float[] a, float[] b, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float v = a[i];
            out[6 * i] = (float) Math.sin(v);
            a[i] = (float) Math.cos(v);
            out[6 * i + 5] = a[i];
            out[6 * i + 1] = (float) Math.sin(a[i]);
            out[6 * i + 2] = (float) Math.cos(a[i]);
            b[i] = b[i] + 1f;
            out[6 * i + 3] = (float) Math.cos(a[i]);
            out[6 * i + 4] = (float) Math.sin(a[i]);
        }
    }

    /** Two arguments each paired, their calls interleaved, and a third pair of their product. */
    public static void twoArgs(float[] x, float[] y, float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float a = x[i];
            float b = y[i];
            float sa = (float) Math.sin(a);
            float sb = (float) Math.sin(b);
            float cb = (float) Math.cos(b);
            float ca = (float) Math.cos(a);
            float p = a * b;
            out[6 * i] = sa;
            out[6 * i + 1] = cb;
            out[6 * i + 2] = sb;
            out[6 * i + 3] = ca;
            out[6 * i + 4] = (float) Math.cos(p);
            out[6 * i + 5] = (float) Math.sin(p);
        }
    }

    /** A {@code @Reduce} over a 2-D nest: a max of differences and an index-weighted hash of raw bits. */
    public static void reduce2d(float[] x, int cols, @Reduce float[] max, @Reduce int[] hash) {
        for (@Parallel int r = 0; r < x.length / cols; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int k = r * cols + c;
                float v = x[k];
                float s = (float) Math.sin(v);
                float co = (float) Math.cos(v);
                max[0] = Math.max(max[0], s - co);
                hash[0] += (Float.floatToRawIntBits(s) * 31 + Float.floatToRawIntBits(co)) * (2 * k + 1);
            }
        }
    }

    /**
     * A sine whose double result is used both narrowed and as a double (so it is no float sine), next to a narrowed
     * cosine; a cosine narrowed and also used as a double; a pair of a scalar parameter.
     */
    public static void mixedPrecision(float[] x, float p, float[] out, double[] dout) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            double ds = Math.sin(v);
            out[6 * i] = (float) ds;
            out[6 * i + 1] = (float) Math.cos(v);
            dout[2 * i] = ds;
            float w = v * 0.75f;
            double dc = Math.cos(w);
            out[6 * i + 2] = (float) Math.sin(w);
            out[6 * i + 3] = (float) dc;
            dout[2 * i + 1] = dc;
            out[6 * i + 4] = (float) Math.cos(p);
            out[6 * i + 5] = (float) Math.sin(p);
        }
    }

    // ================================================================ kernels: exp and log

    public static void expLog(double[] x, double[] e, double[] l) {
        for (@Parallel int i = 0; i < x.length; i++) {
            e[i] = Math.exp(x[i]);
            l[i] = Math.log(x[i]);
        }
    }

    public static void narrowExpLog(float[] x, double one, float[] fast, float[] slow) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            fast[2 * i] = (float) Math.exp(v);
            fast[2 * i + 1] = (float) Math.log(v);
            double w = v * one;
            slow[2 * i] = (float) Math.exp(w);
            slow[2 * i + 1] = (float) Math.log(w);
        }
    }

    // ================================================================ inputs

    /**
     * Ordinary values in [-100, 100), floats next to multiples of pi/2 (up to the narrowed path's limit 2^20 and
     * beyond), large floats (2^20 to MAX_VALUE, 1e30), NaNs (with payloads, a signalling one), infinities, ±0,
     * subnormals; shuffled so that every kind meets every unrolled copy and vector lane.
     */
    static float[] floatInputs(long seed, int ordinary) {
        List<Float> v = new ArrayList<>();
        float[] specials = {0f, -0f, Float.NaN, Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffc00000),
            Float.intBitsToFloat(0x7f800001), Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE,
            -Float.MIN_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL, Math.nextDown(Float.MIN_NORMAL),
            -Math.nextDown(Float.MIN_NORMAL), 1e-30f, -1e-30f, 0x1p-27f, 0x1p-13f, Float.MAX_VALUE, -Float.MAX_VALUE,
            1e30f, -1e30f, 0x1p20f, -0x1p20f, Math.nextUp(0x1p20f), Math.nextDown(0x1p20f), -Math.nextUp(0x1p20f),
            0x1p24f, 1e10f, -1e10f, 1e20f, 3.4e37f, (float) Math.PI, (float) (Math.PI / 2), (float) (Math.PI / 4),
            1f, -1f};
        for (float s : specials) {
            v.add(s);
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int k = 0; k < 60; k++) {
            float sub = Float.intBitsToFloat(r.nextInt(1, 0x800000));
            v.add(k % 2 == 0 ? sub : -sub);
        }
        for (int k = 0; k < 300; k++) {
            float big = (float) r.nextDouble(0x1p20, 0x1p31);
            v.add(k % 2 == 0 ? big : -big);
            // any exponent from 2^1 to 2^127
            v.add(Float.intBitsToFloat(r.nextInt(128 << 23, 255 << 23) | (k % 2 == 0 ? 0 : 0x80000000)));
        }
        long[] ks = {100, 1000, 12345, 100000, 333333, 667544, 667545, 700000, 1 << 22};
        List<Long> multiples = new ArrayList<>();
        for (long k = -40; k <= 40; k++) {
            multiples.add(k);
        }
        for (long k : ks) {
            multiples.add(k);
            multiples.add(-k);
        }
        for (long k : multiples) {
            int centre = Float.floatToRawIntBits((float) (k * (Math.PI / 2)));
            for (int d = -6; d <= 6; d++) {
                v.add(Float.intBitsToFloat(centre + d));
            }
        }
        for (int k = 0; k < ordinary; k++) {
            v.add((float) r.nextDouble(-100, 100));
        }
        float[] a = new float[v.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = v.get(i);
        }
        for (int i = a.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            float t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    // ================================================================ running and comparing

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    /** Runs task "t" strict with sinCosPairs on or off; must run on the device. Returns the optimizations. */
    private static List<String> run(String what, boolean pairs, Adder adder) {
        try (TaskSchedule s = new TaskSchedule("pairProbe")) {
            s.optimization("sinCosPairs", pairs);
            adder.add(s).execute();
            TaskReport r = s.report().task("t");
            assertEquals(what + ": " + r.reason(), TaskReport.Where.DEVICE, r.ranOn());
            List<String> applied = r.optimizations();
            String src = s.kernelSource("t");
            int calls = src.split("= ferrocl_math_sincosf\\(", -1).length - 1;
            System.out.println(what + " pairs=" + pairs + ": " + applied + "; sincosf calls in source: " + calls);
            if (!pairs) {
                assertTrue(what + ": paired with the phase off: " + applied,
                        applied.stream().noneMatch(o -> o.startsWith("sinCosPairs")));
                assertEquals(what + ": sincosf with the phase off", 0, calls);
            }
            return applied;
        }
    }

    private static int pairsApplied(List<String> applied) {
        for (String o : applied) {
            if (o.startsWith("sinCosPairs (")) {
                return Integer.parseInt(o.substring("sinCosPairs (".length()).split(" ")[0]);
            }
        }
        return 0;
    }

    private static float[] filled(int n) {
        float[] a = new float[n];
        Arrays.fill(a, SENTINEL);
        return a;
    }

    private static String hex(float f) {
        return "0x" + Integer.toHexString(Float.floatToRawIntBits(f));
    }

    private static String hex(double d) {
        return "0x" + Long.toHexString(Double.doubleToRawLongBits(d));
    }

    /** Phase on against off: the same raw bits, NaN payloads included. */
    private static void assertSameBits(String what, float[] on, float[] off, IntFunction<String> where) {
        assertEquals(what + ": length", on.length, off.length);
        for (int i = 0; i < on.length; i++) {
            boolean same = Float.floatToRawIntBits(on[i]) == Float.floatToRawIntBits(off[i]);
            if (!same) {
                fail(what + "[" + i + "] " + where.apply(i) + ": paired " + on[i] + " (" + hex(on[i]) + "), unpaired "
                        + off[i] + " (" + hex(off[i]) + ")");
            }
        }
    }

    /** Why {@code a} is not within {@code ulps} of the JVM's {@code e} (null when it is). */
    static String ulpProblem(double e, double a, double ulpOfE, double ulps) {
        if (Double.isNaN(e) || Double.isNaN(a)) {
            return Double.isNaN(e) && Double.isNaN(a) ? null : "NaN must match NaN";
        }
        if (Double.isInfinite(e) || Double.isInfinite(a)) {
            return e == a ? null : "infinities must match exactly";
        }
        if (e == 0.0 || a == 0.0) {
            return Double.doubleToRawLongBits(e) == Double.doubleToRawLongBits(a) ? null : "zeros must match exactly";
        }
        double err = Math.abs(e - a) / ulpOfE;
        return err <= ulps ? null : String.format("%.3g ulps off (allowed %s)", err, ulps);
    }

    /** Every element within ULPS_FLOAT of the JVM's (NaN, infinities, zeros exact). */
    private static void assertNearJvm(String what, float[] jvm, float[] got, IntFunction<String> where) {
        assertEquals(what + ": length", jvm.length, got.length);
        for (int i = 0; i < jvm.length; i++) {
            String p = ulpProblem(jvm[i], got[i], Math.ulp(jvm[i]), TranscendentalTest.ULPS_FLOAT);
            if (p != null) {
                fail(what + "[" + i + "] " + where.apply(i) + ": device " + got[i] + " (" + hex(got[i]) + "), JVM "
                        + jvm[i] + " (" + hex(jvm[i]) + "): " + p);
            }
        }
    }

    private static IntFunction<String> input(float[] x, int stride) {
        return i -> "x = " + x[i / stride] + " (" + hex(x[i / stride]) + "), slot " + i % stride;
    }

    // ================================================================ probes: sine and cosine pairs

    private static double gamma(long n) {
        double u = 0x1p-53;
        return n * u / (1 - n * u);
    }

    @Test
    public void pairsInAReduceLoopTheUnrolledAndVectorisedCopies() {
        float[] all = floatInputs(7101, 20_000);
        // finite arguments (sum checked against the JVM's) and a set where NaN or an infinity is never far
        List<Float> finite = new ArrayList<>();
        for (float f : all) {
            if (Float.isFinite(f)) {
                finite.add(f);
            }
        }
        float[] fin = new float[finite.size() - 3]; // a length no multiple of 4 or 8
        for (int i = 0; i < fin.length; i++) {
            fin[i] = finite.get(i);
        }
        float[] spec = Arrays.copyOf(all, 4099);
        for (int i = 0; i < spec.length; i += 97) {
            spec[i] = i % 2 == 0 ? Float.NaN : Float.NEGATIVE_INFINITY;
        }
        for (float[] x : new float[][] {fin, spec}) {
            String what = "reduce over " + x.length + (x == fin ? " finite" : " with NaN/inf");
            double[] sumOn = {0.25};
            int[] hashOn = {12345};
            double[] sumOff = {0.25};
            int[] hashOff = {12345};
            double[] sumJvm = {0.25};
            int[] hashJvm = {12345};
            reducePairs(x, sumJvm, hashJvm);
            List<String> on = run(what, true, s -> s.task("t", MathPairProbeTest::reducePairs, x, sumOn, hashOn));
            run(what, false, s -> s.task("t", MathPairProbeTest::reducePairs, x, sumOff, hashOff));
            assertTrue(what + ": no pair in the reduce loop: " + on, pairsApplied(on) >= 1);
            assertEquals(what + ": hash of raw bits, paired against unpaired", hashOff[0], hashOn[0]);
            assertEquals(what + ": sum, paired against unpaired (same launch, same order)",
                    Double.doubleToRawLongBits(sumOff[0]), Double.doubleToRawLongBits(sumOn[0]));
            if (x == spec) {
                assertTrue(what + ": sum " + sumOn[0] + ", JVM " + sumJvm[0], Double.isNaN(sumOn[0])
                        && Double.isNaN(sumJvm[0]));
                continue;
            }
            // Each device term s' + 2c' differs from the JVM's s + 2c by at most 2 float ulps of s plus twice 2 of c
            // (ULPS_FLOAT) plus the two roundings of the double sum of the pair (an ulp of t, doubled for t' near a
            // power of two); each sum, in any order, is within gamma(n + 1) * (|init| + sum |terms|) of the exact sum
            // of its own terms (Higham, ch. 4).
            double termBound = 0;
            double abs = 0.25;
            for (float v : x) {
                float s = (float) Math.sin(v);
                float c = (float) Math.cos(v);
                double t = s + 2.0 * c;
                double e = TranscendentalTest.ULPS_FLOAT * (Math.ulp(s) + 2 * Math.ulp(c)) + 2 * Math.ulp(t);
                termBound += e;
                abs += Math.abs(t) + e;
            }
            double bound = termBound + 2 * gamma(x.length + 1) * abs;
            assertTrue(what + ": sum " + sumOn[0] + ", JVM " + sumJvm[0] + ", bound " + bound,
                    Math.abs(sumOn[0] - sumJvm[0]) <= bound);
        }
    }

    @Test
    public void pairsInAnInnerSequentialLoop() {
        int m = 7;
        float[] all = floatInputs(7102, 14_000);
        int rows = all.length / m;
        float[] x = Arrays.copyOf(all, rows * m);
        float[] w = Arrays.copyOf(floatInputs(7103, 0), rows);
        float[] outOn = filled(4 * rows * m);
        float[] accOn = filled(rows);
        float[] outOff = filled(4 * rows * m);
        float[] accOff = filled(rows);
        float[] outJvm = filled(4 * rows * m);
        float[] accJvm = filled(rows);
        innerLoop(x, w, m, outJvm, accJvm);
        List<String> on = run("innerLoop", true, s -> s.task("t", MathPairProbeTest::innerLoop, x, w, m, outOn, accOn));
        run("innerLoop", false, s -> s.task("t", MathPairProbeTest::innerLoop, x, w, m, outOff, accOff));
        assertTrue("no pair in the inner loop: " + on, pairsApplied(on) >= 1);
        IntFunction<String> where = i -> "x = " + x[i / 4] + " (" + hex(x[i / 4]) + "), w = " + w[i / 4 / m]
                + ", slot " + i % 4;
        assertSameBits("innerLoop out", outOn, outOff, where);
        assertSameBits("innerLoop acc", accOn, accOff, i -> "row " + i);
        assertNearJvm("innerLoop out", outJvm, outOn, where);
        // a = a * 0.5f + s over the row: with |s - s'| <= 2 ulp(s) <= 2^-22 (|s| <= 1), |a| < 2 (so each addition
        // rounds by at most 2^-23 / 2 on either side) and 0.5 a exact but for subnormals (2^-150), the difference
        // d_j <= d_{j-1} / 2 + 2^-22 + 2^-23 + 2^-149 stays below 2 (2^-22 + 2^-23 + 2^-149) < 2^-19.
        for (int i = 0; i < rows; i++) {
            boolean nan = Float.isNaN(accJvm[i]);
            assertTrue("acc row " + i + ": device " + accOn[i] + ", JVM " + accJvm[i],
                    nan ? Float.isNaN(accOn[i]) : Math.abs(accOn[i] - accJvm[i]) <= 0x1p-19);
        }
    }

    @Test
    public void pairsInA2dNest() {
        int cols = 37;
        float[] all = floatInputs(7104, 10_000);
        int rows = all.length / cols;
        float[] x = Arrays.copyOf(all, rows * cols);
        float[] y = Arrays.copyOf(floatInputs(7105, 0), rows);
        float[] outOn = filled(4 * rows * cols);
        float[] outOff = filled(4 * rows * cols);
        float[] outJvm = filled(4 * rows * cols);
        nest2d(x, y, cols, outJvm);
        List<String> on = run("nest2d", true, s -> s.task("t", MathPairProbeTest::nest2d, x, y, cols, outOn));
        run("nest2d", false, s -> s.task("t", MathPairProbeTest::nest2d, x, y, cols, outOff));
        assertTrue("pairs in the 2-D nest: " + on, pairsApplied(on) >= 2);
        IntFunction<String> where = i -> "v = " + x[i / 4] + " (" + hex(x[i / 4]) + "), u = " + y[i / 4 / cols]
                + " (" + hex(y[i / 4 / cols]) + "), slot " + i % 4;
        assertSameBits("nest2d", outOn, outOff, where);
        assertNearJvm("nest2d", outJvm, outOn, where);
    }

    @Test
    public void pairsInBranchesAndSwitchCases() {
        float[] x = floatInputs(7106, 12_000);
        int n = x.length;
        int[] sel = new int[n];
        SplittableRandom r = new SplittableRandom(7107);
        for (int i = 0; i < n; i++) {
            sel[i] = r.nextInt(-8, 9);
        }
        float[] outOn = filled(8 * n);
        float[] outOff = filled(8 * n);
        float[] outJvm = filled(8 * n);
        branches(x, sel, outJvm);
        run("branches", true, s -> s.task("t", MathPairProbeTest::branches, x, sel, outOn));
        run("branches", false, s -> s.task("t", MathPairProbeTest::branches, x, sel, outOff));
        IntFunction<String> where = i -> input(x, 8).apply(i) + ", sel " + sel[i / 8];
        assertSameBits("branches", outOn, outOff, where);
        assertNearJvm("branches", outJvm, outOn, where);
    }

    @Test
    public void sineInALoopCosineAfterIt() {
        float[] x = floatInputs(7108, 12_000);
        int n = x.length;
        int[] cnt = new int[n];
        for (int i = 0; i < n; i++) {
            cnt[i] = i % 5; // 0 to 4 iterations
        }
        float[] outOn = filled(10 * n);
        float[] outOff = filled(10 * n);
        float[] outJvm = filled(10 * n);
        loopThenAfter(x, cnt, outJvm);
        run("loopThenAfter", true, s -> s.task("t", MathPairProbeTest::loopThenAfter, x, cnt, outOn));
        run("loopThenAfter", false, s -> s.task("t", MathPairProbeTest::loopThenAfter, x, cnt, outOff));
        IntFunction<String> where = i -> input(x, 10).apply(i) + ", " + cnt[i / 10] + " iterations";
        assertSameBits("loopThenAfter", outOn, outOff, where);
        assertNearJvm("loopThenAfter", outJvm, outOn, where);
    }

    @Test
    public void bothHalvesInALoopAndAfterIt() {
        float[] x = floatInputs(7113, 12_000);
        int n = x.length;
        int[] cnt = new int[n];
        for (int i = 0; i < n; i++) {
            cnt[i] = (i * 7) % 4; // 0 to 3 iterations
        }
        float[] outOn = filled(8 * n);
        float[] outOff = filled(8 * n);
        float[] outJvm = filled(8 * n);
        loopAndAfter(x, cnt, outJvm);
        run("loopAndAfter", true, s -> s.task("t", MathPairProbeTest::loopAndAfter, x, cnt, outOn));
        run("loopAndAfter", false, s -> s.task("t", MathPairProbeTest::loopAndAfter, x, cnt, outOff));
        IntFunction<String> where = i -> input(x, 8).apply(i) + ", " + cnt[i / 8] + " iterations";
        assertSameBits("loopAndAfter", outOn, outOff, where);
        // Slot 7 (acc + a sine) is checked below; the others are single narrowed results (cos * 0.5f is exact but
        // for subnormal halves, which round on both sides alike only if the cosines agree: none of |cos| < 2^-125
        // here), so within ULPS_FLOAT.
        float[] single = outJvm.clone();
        float[] got = outOn.clone();
        for (int i = 0; i < n; i++) {
            single[8 * i + 7] = 0f;
            got[8 * i + 7] = 0f;
        }
        assertNearJvm("loopAndAfter", single, got, where);
        // acc_j = acc_{j-1} / 2 + s_j - c_j over at most 3 iterations (|s|, |c| <= 1, |acc| < 4): each term off by
        // at most 2 ulps of s and of c (<= 2^-22 each), each of the two roundings per step by at most ulp(4) / 2
        // = 2^-22 on either side; the final addition of a sine (2^-22) and its rounding (ulp(8) / 2 on either side).
        // Sum: 2 * (2 * 2^-22 + 2 * 2 * 2^-22) + 2^-22 + 2 * 2^-21 < 2^-17.
        for (int i = 0; i < n; i++) {
            float e = outJvm[8 * i + 7];
            float g = outOn[8 * i + 7];
            boolean ok = Float.isNaN(e) ? Float.isNaN(g) : Math.abs(e - g) <= 0x1p-17;
            assertTrue("loopAndAfter acc, x = " + x[i] + " (" + hex(x[i]) + "), " + cnt[i] + " iterations: device "
                    + g + ", JVM " + e, ok);
        }
    }

    @Test
    public void pairsInA2dReduce() {
        int cols = 29;
        List<Float> finite = new ArrayList<>();
        for (float f : floatInputs(7114, 12_000)) {
            if (Float.isFinite(f)) {
                finite.add(f);
            }
        }
        int rows = finite.size() / cols;
        float[] x = new float[rows * cols];
        for (int i = 0; i < x.length; i++) {
            x[i] = finite.get(i);
        }
        float[] maxOn = {-3f};
        int[] hashOn = {99};
        float[] maxOff = {-3f};
        int[] hashOff = {99};
        float[] maxJvm = {-3f};
        int[] hashJvm = {99};
        reduce2d(x, cols, maxJvm, hashJvm);
        List<String> on = run("reduce2d", true, s -> s.task("t", MathPairProbeTest::reduce2d, x, cols, maxOn, hashOn));
        run("reduce2d", false, s -> s.task("t", MathPairProbeTest::reduce2d, x, cols, maxOff, hashOff));
        assertTrue("no pair in the 2-D reduce: " + on, pairsApplied(on) >= 1);
        assertEquals("reduce2d hash of raw bits, paired against unpaired", hashOff[0], hashOn[0]);
        assertEquals("reduce2d max, paired against unpaired", Float.floatToRawIntBits(maxOff[0]),
                Float.floatToRawIntBits(maxOn[0]));
        // max is exact in any order; each difference s' - c' is off the JVM's s - c by at most 2 ulps of each plus
        // the two roundings (an ulp of the difference, doubled for one near a power of two): the maxima differ by at
        // most the largest such bound.
        double bound = 0;
        for (float v : x) {
            float s = (float) Math.sin(v);
            float c = (float) Math.cos(v);
            bound = Math.max(bound, TranscendentalTest.ULPS_FLOAT * (Math.ulp(s) + Math.ulp(c)) + 2 * Math.ulp(s - c));
        }
        assertTrue("reduce2d max " + maxOn[0] + ", JVM " + maxJvm[0] + ", bound " + bound,
                Math.abs(maxOn[0] - maxJvm[0]) <= bound);
    }

    @Test
    public void narrowedNextToDoubleUsesAndAParameterPair() {
        float[] x = floatInputs(7115, 12_000);
        int n = x.length;
        for (float p : new float[] {12345.678f, -0f, Float.NaN, 1e30f}) {
            float[] outOn = filled(6 * n);
            float[] outOff = filled(6 * n);
            float[] outJvm = filled(6 * n);
            double[] dOn = new double[2 * n];
            double[] dOff = new double[2 * n];
            double[] dJvm = new double[2 * n];
            mixedPrecision(x, p, outJvm, dJvm);
            String what = "mixedPrecision p = " + p;
            run(what, true, s -> s.task("t", MathPairProbeTest::mixedPrecision, x, p, outOn, dOn));
            run(what, false, s -> s.task("t", MathPairProbeTest::mixedPrecision, x, p, outOff, dOff));
            assertSameBits(what, outOn, outOff, input(x, 6));
            for (int i = 0; i < 2 * n; i++) {
                boolean same = Double.doubleToRawLongBits(dOn[i]) == Double.doubleToRawLongBits(dOff[i])
                        || Double.isNaN(dOn[i]) && Double.isNaN(dOff[i]);
                assertTrue(what + " double " + i + ": paired " + dOn[i] + ", unpaired " + dOff[i], same);
            }
            assertNearJvm(what, outJvm, outOn, input(x, 6));
            for (int i = 0; i < 2 * n; i++) {
                String problem = ulpProblem(dJvm[i], dOn[i], Math.ulp(dJvm[i]), TranscendentalTest.ULPS_1);
                assertTrue(what + ": double Math." + (i % 2 == 0 ? "sin" : "cos") + " of " + x[i / 2] + ": device "
                        + dOn[i] + ", JVM " + dJvm[i] + ": " + problem, problem == null);
                // the double result, not a narrowed one widened
                float narrowed = outOn[6 * (i / 2) + (i % 2 == 0 ? 0 : 3)];
                assertEquals(what + ": narrowed use of the same double", Float.floatToIntBits((float) dOn[i]),
                        Float.floatToIntBits(narrowed));
            }
        }
    }

    @Test
    public void oneArgumentTwoSinesAndEquivalentArguments() {
        float[] x = floatInputs(7109, 12_000);
        int n = x.length;
        float[] outOn = filled(13 * n);
        float[] outOff = filled(13 * n);
        float[] outJvm = filled(13 * n);
        variants(x, outJvm);
        List<String> on = run("variants", true, s -> s.task("t", MathPairProbeTest::variants, x, outOn));
        run("variants", false, s -> s.task("t", MathPairProbeTest::variants, x, outOff));
        assertTrue("pairs among the variants: " + on, pairsApplied(on) >= 1);
        assertSameBits("variants", outOn, outOff, input(x, 13));
        assertNearJvm("variants", outJvm, outOn, input(x, 13));
        for (int i = 0; i < n; i++) {
            // StrictMath: fdlibm's bits, narrowed
            for (int k : new int[] {5, 9}) {
                assertEquals("StrictMath slot " + k + " of x = " + x[i] + " (" + hex(x[i]) + ")",
                        Float.floatToIntBits(outJvm[13 * i + k]), Float.floatToIntBits(outOn[13 * i + k]));
            }
        }
    }

    @Test
    public void arrayElementStoredOverAndReadAgainAlsoThroughAnAlias() {
        float[] x = floatInputs(7110, 12_000);
        int n = x.length;
        for (boolean alias : new boolean[] {false, true}) {
            float[] aOn = x.clone();
            float[] aOff = x.clone();
            float[] aJvm = x.clone();
            float[] bOn = alias ? aOn : x.clone();
            float[] bOff = alias ? aOff : x.clone();
            float[] bJvm = alias ? aJvm : x.clone();
            float[] outOn = filled(6 * n);
            float[] outOff = filled(6 * n);
            float[] outJvm = filled(6 * n);
            arrayReuse(aJvm, bJvm, outJvm);
            String what = "arrayReuse" + (alias ? " (a == b)" : "");
            run(what, true, s -> s.task("t", MathPairProbeTest::arrayReuse, aOn, bOn, outOn));
            run(what, false, s -> s.task("t", MathPairProbeTest::arrayReuse, aOff, bOff, outOff));
            assertSameBits(what + " out", outOn, outOff, input(x, 6));
            assertSameBits(what + " a", aOn, aOff, input(x, 1));
            assertSameBits(what + " b", bOn, bOff, input(x, 1));
            // sin(v) and the cosine stored over the element (slot 5) within the bound of the JVM's; the later slots are
            // functions of the device's own stored cosine c (re-read; plus 1 where b is a), so they are checked
            // against the JVM's functions of that c, and the arrays' final elements exactly
            float[] jvm = outJvm.clone();
            for (int i = 0; i < n; i++) {
                float c = outOn[6 * i + 5];
                float after = alias ? c + 1f : c;
                jvm[6 * i + 1] = (float) Math.sin(c);
                jvm[6 * i + 2] = (float) Math.cos(c);
                jvm[6 * i + 3] = (float) Math.cos(after);
                jvm[6 * i + 4] = (float) Math.sin(after);
                assertEquals(what + " a[" + i + "] (x = " + x[i] + ")", Float.floatToIntBits(after),
                        Float.floatToIntBits(aOn[i]));
                float bExpected = alias ? after : x[i] + 1f;
                assertEquals(what + " b[" + i + "] (x = " + x[i] + ")", Float.floatToIntBits(bExpected),
                        Float.floatToIntBits(bOn[i]));
            }
            assertNearJvm(what + " out", jvm, outOn, input(x, 6));
        }
    }

    @Test
    public void twoArgumentsEachPaired() {
        float[] x = floatInputs(7111, 12_000);
        int n = x.length;
        float[] yDistinct = floatInputs(7112, 12_000);
        for (boolean same : new boolean[] {false, true}) {
            float[] y = same ? x : Arrays.copyOf(yDistinct, n);
            float[] outOn = filled(6 * n);
            float[] outOff = filled(6 * n);
            float[] outJvm = filled(6 * n);
            twoArgs(x, y, outJvm);
            String what = "twoArgs" + (same ? " (y == x)" : "");
            List<String> on = run(what, true, s -> s.task("t", MathPairProbeTest::twoArgs, x, y, outOn));
            run(what, false, s -> s.task("t", MathPairProbeTest::twoArgs, x, y, outOff));
            // a pair for a, b and their product (one for a and b where the loads of y == x are merged)
            assertTrue(what + ": pairs " + on, pairsApplied(on) >= (same ? 2 : 3));
            IntFunction<String> where = i -> "a = " + x[i / 6] + " (" + hex(x[i / 6]) + "), b = " + y[i / 6] + " ("
                    + hex(y[i / 6]) + "), slot " + i % 6;
            assertSameBits(what, outOn, outOff, where);
            assertNearJvm(what, outJvm, outOn, where);
        }
    }

    // ================================================================ probes: Math.exp and Math.log (double)

    /** {@code 2 * half} consecutive doubles centred on {@code c}, appended to {@code v}; returns the run's start. */
    private static int run(List<Double> v, double c, int half) {
        double d = c;
        for (int k = 0; k < half; k++) {
            d = Math.nextDown(d);
        }
        int start = v.size();
        for (int k = 0; k < 2 * half; k++) {
            v.add(d);
            d = Math.nextUp(d);
        }
        return start;
    }

    @Test
    public void expAndLogAgainstTheJvm() {
        List<Double> v = new ArrayList<>();
        List<int[]> expRuns = new ArrayList<>();
        List<int[]> logRuns = new ArrayList<>();
        int half = 256;
        // exp: the hand-over at ±707, the subnormal threshold ±708.396..., the overflow threshold 709.78...,
        // the underflow threshold -745.133..., and k ln 2 boundaries (k + 1/2) ln 2 of the reduction
        double ln2 = Math.log(2);
        double[] expCentres = {707, -707, 708.3964185322641, -708.3964185322641, 708.4, -708.4,
            709.782712893384, -709.782712893384, -745.1332191019411, -745.2, 0.5 * ln2, -0.5 * ln2, 1.5 * ln2,
            1000.5 * ln2, -1000.5 * ln2, 1019.5 * ln2, -1020.5 * ln2, 0};
        for (double c : expCentres) {
            expRuns.add(new int[] {run(v, c, half), 2 * half});
        }
        // log: around 1, the reduction's boundary near sqrt 2 (where 1 + f leaves [sqrt(2)/2, sqrt 2)), scaled,
        // powers of two, the smallest normal and the largest double
        double sqrtEdge = Double.longBitsToDouble(0x3ff6a09c00000000L);
        double[] logCentres = {1, 2, 0.5, 0x1p-1022, Double.MAX_VALUE / 2, sqrtEdge, sqrtEdge / 2, sqrtEdge * 0x1p100,
            sqrtEdge * 0x1p-1030, Math.sqrt(2), Math.sqrt(0.5), Math.E};
        for (double c : logCentres) {
            logRuns.add(new int[] {run(v, c, half), 2 * half});
        }
        // the largest doubles: a run that ends at MAX_VALUE
        double d = Double.MAX_VALUE;
        for (int k = 0; k < 300; k++) {
            d = Math.nextDown(d);
        }
        int maxRun = v.size();
        for (int k = 0; k <= 300; k++) {
            v.add(d);
            d = Math.nextUp(d);
        }
        logRuns.add(new int[] {maxRun, 301});
        // the smallest doubles, from MIN_VALUE up
        int minRun = v.size();
        for (long b = 1; b <= 512; b++) {
            v.add(Double.longBitsToDouble(b));
        }
        logRuns.add(new int[] {minRun, 512});
        double[] specials = {0.0, -0.0, Double.NaN, Double.longBitsToDouble(0x7ff0000000000001L),
            Double.longBitsToDouble(0xfff8000000000123L), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
            Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, -1e-300, 0x1p-60, -0x1p-60, 0x1p-53, -0x1p-53, 0x1p-54,
            -0x1p-54, 0x1p-1074, 1e300, -1e300, 1000, -1000, 710, -746, -1, -0.5, -1e-310, 1.0, -1.0, 2.0,
            Math.nextUp(1.0), Math.nextDown(1.0), 1 + 1e-10, 1 - 1e-10, Math.E, 10, 1e22};
        for (double s : specials) {
            v.add(s);
        }
        for (int k = -1074; k <= 1023; k++) {
            v.add(Math.scalb(1.0, k));
        }
        SplittableRandom r = new SplittableRandom(7120);
        for (int k = 0; k < 3000; k++) {
            v.add(r.nextDouble(-707, 707));
            v.add(r.nextDouble(-745.2, -708.39)); // subnormal results
            v.add(r.nextDouble(707, 709.8));
            v.add(Double.longBitsToDouble(r.nextLong(1, 0x0010000000000000L))); // subnormal arguments
            v.add(Double.longBitsToDouble(r.nextLong() & 0x7fffffffffffffffL)); // any positive double
            v.add(1 + r.nextDouble(-1e-6, 1e-6));
            v.add(r.nextDouble(-1e-15, 1e-15));
        }
        double[] x = new double[v.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = v.get(i);
        }
        int n = x.length;
        double[] e = new double[n];
        double[] l = new double[n];
        double[] eJvm = new double[n];
        double[] lJvm = new double[n];
        expLog(x, eJvm, lJvm);
        try (TaskSchedule s = new TaskSchedule("expLog").task("t", MathPairProbeTest::expLog, x, e, l)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            String src = s.kernelSource("t");
            assertTrue("the device's own exp and log", src.contains("ferrocl_math_exp(") && src.contains(
                    "ferrocl_math_log("));
        }
        StringBuilder failures = new StringBuilder();
        int count = 0;
        double worstExp = 0;
        double worstLog = 0;
        for (int i = 0; i < n; i++) {
            if (Double.isFinite(eJvm[i]) && Double.isFinite(e[i])) {
                worstExp = Math.max(worstExp, Math.abs(e[i] - eJvm[i]) / Math.ulp(eJvm[i]));
            }
            if (Double.isFinite(lJvm[i]) && Double.isFinite(l[i])) {
                worstLog = Math.max(worstLog, Math.abs(l[i] - lJvm[i]) / Math.ulp(lJvm[i]));
            }
        }
        System.out.println("expLog over " + n + " arguments: largest distance from the JVM's exp " + worstExp
                + " ulps, log " + worstLog + " ulps");
        for (int i = 0; i < n; i++) {
            String pe = ulpProblem(eJvm[i], e[i], Math.ulp(eJvm[i]), TranscendentalTest.ULPS_1);
            String pl = ulpProblem(lJvm[i], l[i], Math.ulp(lJvm[i]), TranscendentalTest.ULPS_1);
            for (String[] p : new String[][] {{"exp", pe}, {"log", pl}}) {
                if (p[1] != null && count++ < 20) {
                    double dev = p[0].equals("exp") ? e[i] : l[i];
                    double jvm = p[0].equals("exp") ? eJvm[i] : lJvm[i];
                    failures.append(String.format("%n  Math.%s(%s [%s]): device %s (%s), JVM %s (%s): %s", p[0],
                            x[i], hex(x[i]), dev, hex(dev), jvm, hex(jvm), p[1]));
                }
            }
        }
        // The Javadoc's special cases, bit for bit
        double[][] expSpecial = {{Double.NaN, Double.NaN}, {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY},
            {Double.NEGATIVE_INFINITY, 0.0}, {0.0, 1.0}, {-0.0, 1.0}};
        double[][] logSpecial = {{Double.NaN, Double.NaN}, {-1, Double.NaN}, {-Double.MIN_VALUE, Double.NaN},
            {Double.NEGATIVE_INFINITY, Double.NaN}, {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY},
            {0.0, Double.NEGATIVE_INFINITY}, {-0.0, Double.NEGATIVE_INFINITY}, {1.0, 0.0}};
        for (int i = 0; i < n; i++) {
            for (double[] sp : expSpecial) {
                if (Double.doubleToRawLongBits(x[i]) == Double.doubleToRawLongBits(sp[0])) {
                    checkSpecial(failures, "exp", x[i], sp[1], e[i]);
                }
            }
            for (double[] sp : logSpecial) {
                if (Double.doubleToRawLongBits(x[i]) == Double.doubleToRawLongBits(sp[0])) {
                    checkSpecial(failures, "log", x[i], sp[1], l[i]);
                }
            }
        }
        // semi-monotone: never decreasing over consecutive doubles
        for (int[] run : expRuns) {
            monotone(failures, "exp", x, e, run);
        }
        for (int[] run : logRuns) {
            monotone(failures, "log", x, l, run);
        }
        if (failures.length() > 0) {
            fail(count + " results outside the bound, and:" + failures);
        }
    }

    private static void checkSpecial(StringBuilder failures, String f, double x, double expected, double got) {
        boolean ok = Double.isNaN(expected) ? Double.isNaN(got)
                : Double.doubleToRawLongBits(expected) == Double.doubleToRawLongBits(got);
        if (!ok) {
            failures.append(String.format("%n  special case Math.%s(%s): device %s (%s), Javadoc %s", f, x, got,
                    hex(got), expected));
        }
    }

    private static void monotone(StringBuilder failures, String f, double[] x, double[] y, int[] run) {
        for (int k = run[0] + 1; k < run[0] + run[1]; k++) {
            assertTrue("test: run not increasing", x[k] > x[k - 1]);
            if (!(y[k] >= y[k - 1])) {
                failures.append(String.format("%n  Math.%s decreases: %s (%s) -> %s, next %s (%s) -> %s", f, x[k - 1],
                        hex(x[k - 1]), y[k - 1], x[k], hex(x[k]), y[k]));
                return;
            }
        }
    }

    // ================================================================ probes: narrowed exp and log

    @Test
    public void narrowedExpAndLogAreTheDoublePathBitForBit() {
        List<Float> v = new ArrayList<>();
        for (long b = 11; b < (1L << 32); b += 131_071) { // every exponent, both signs
            v.add(Float.intBitsToFloat((int) b));
        }
        // where exp's fast path ends (|x| <= 87), the float overflow (88.72...), the last normal result (-87.34) and
        // the underflow to zero (-103.97), the reduction's k boundaries (k + 1/2) ln 2, and tiny arguments
        float[] centres = {87f, -87f, 88.72283f, -87.33654f, -103.97208f, -103.27893f, 0f};
        for (float c : centres) {
            int b = Float.floatToRawIntBits(c);
            for (int d = -64; d <= 64; d++) {
                v.add(Float.intBitsToFloat(b + d));
            }
        }
        for (int k = -150; k <= 128; k++) {
            int b = Float.floatToRawIntBits((float) ((k + 0.5) * Math.log(2)));
            for (int d = -4; d <= 4; d++) {
                v.add(Float.intBitsToFloat(b + d));
            }
        }
        // log: next to 1, the fraction's sqrt 2 boundary (0x3504f3) at several exponents, every power of two,
        // subnormals
        for (int d = -2048; d <= 2048; d++) {
            v.add(Float.intBitsToFloat(0x3f800000 + d));
        }
        for (int e = 1; e < 255; e += 11) {
            for (int d = -8; d <= 8; d++) {
                v.add(Float.intBitsToFloat((e << 23) | (0x3504f3 + d)));
            }
        }
        for (int k = -149; k <= 127; k++) {
            v.add(Math.scalb(1f, k));
        }
        SplittableRandom r = new SplittableRandom(7130);
        for (int k = 0; k < 2000; k++) {
            v.add(Float.intBitsToFloat(r.nextInt(1, 0x800000)));
            v.add((float) r.nextDouble(-100, 100));
            v.add((float) r.nextDouble(0, 3));
        }
        float[] specials = {0f, -0f, Float.NaN, Float.intBitsToFloat(0xffc00001), Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL,
            Math.nextDown(Float.MIN_NORMAL), Float.MAX_VALUE, -Float.MAX_VALUE, -1f, -0.5f, 1f, 1e30f, -1e30f,
            0x1p-60f, -0x1p-60f, 0x1p-24f, -0x1p-25f};
        for (float s : specials) {
            v.add(s);
        }
        float[] x = new float[v.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = v.get(i);
        }
        int n = x.length;
        float[] fast = new float[2 * n];
        float[] slow = new float[2 * n];
        try (TaskSchedule s = new TaskSchedule("narrowExpLog").task("t", MathPairProbeTest::narrowExpLog, x, 1.0, fast,
                slow)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
            String src = s.kernelSource("t");
            assertTrue("narrowed exp and log in the kernel",
                    src.contains("ferrocl_math_expf(") && src.contains("ferrocl_math_logf("));
        }
        for (int i = 0; i < 2 * n; i++) {
            boolean same = Float.floatToRawIntBits(fast[i]) == Float.floatToRawIntBits(slow[i])
                    || Float.isNaN(fast[i]) && Float.isNaN(slow[i]);
            assertTrue("(float) Math." + (i % 2 == 0 ? "exp" : "log") + "(" + x[i / 2] + " [" + hex(x[i / 2])
                    + "]): narrowed " + fast[i] + " (" + hex(fast[i]) + "), double path " + slow[i] + " ("
                    + hex(slow[i]) + ")", same);
        }
        float[] jvm = new float[2 * n];
        float[] unused = new float[2 * n];
        narrowExpLog(x, 1.0, jvm, unused);
        assertNearJvm("narrowed exp/log", jvm, fast, input(x, 2));
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * {@code StrictMath} promises fdlibm's results bit for bit. Every {@code StrictMath} transcendental function runs on
 * the device as fdlibm computes it and must equal the JVM's {@code StrictMath} exactly, on every input: here half a
 * million to two million of each (every bit pattern, the special values, and the boundaries of each algorithm's
 * branches), strict mode, on the JDK the suite runs on (17, and 25 in {@code test25}). {@code sin}, {@code cos} and
 * {@code tan} included for every argument (fdlibm's multi-precision reduction past 2^19 pi/2).
 */
public class StrictMathTest {
    public static void strictExpLog(double[] x, double[] e, double[] l) {
        for (@Parallel int i = 0; i < x.length; i++) {
            e[i] = StrictMath.exp(x[i]);
            l[i] = StrictMath.log(x[i]);
        }
    }

    public static void strictSinCos(double[] x, double[] s, double[] c) {
        for (@Parallel int i = 0; i < x.length; i++) {
            s[i] = StrictMath.sin(x[i]);
            c[i] = StrictMath.cos(x[i]);
        }
    }

    public static void strictTan(double[] x, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = StrictMath.tan(x[i]);
        }
    }

    public static void strictPow(double[] x, double[] y, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = StrictMath.pow(x[i], y[i]);
        }
    }

    public static void strictHypot(double[] x, double[] y, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = StrictMath.hypot(x[i], y[i]);
        }
    }

    public static void strictHyperbolic(double[] x, double[] em1, double[] l1p, double[] sh, double[] ch,
            double[] th) {
        for (@Parallel int i = 0; i < x.length; i++) {
            em1[i] = StrictMath.expm1(x[i]);
            l1p[i] = StrictMath.log1p(x[i]);
            sh[i] = StrictMath.sinh(x[i]);
            ch[i] = StrictMath.cosh(x[i]);
            th[i] = StrictMath.tanh(x[i]);
        }
    }

    public static void strictLog10Cbrt(double[] x, double[] l, double[] c) {
        for (@Parallel int i = 0; i < x.length; i++) {
            l[i] = StrictMath.log10(x[i]);
            c[i] = StrictMath.cbrt(x[i]);
        }
    }

    public static void strictInverseTrig(double[] x, double[] y, double[] atan, double[] atan2, double[] asin,
            double[] acos) {
        for (@Parallel int i = 0; i < x.length; i++) {
            atan[i] = StrictMath.atan(x[i]);
            atan2[i] = StrictMath.atan2(y[i], x[i]);
            asin[i] = StrictMath.asin(y[i]);
            acos[i] = StrictMath.acos(y[i]);
        }
    }

    public static void mathSinPow(double[] x, double[] s, double[] p) {
        for (@Parallel int i = 0; i < x.length; i++) {
            s[i] = Math.sin(x[i]);
            p[i] = Math.pow(x[i], 0.37);
        }
    }

    private static final int N = 1 << 19;

    private static void exact(double[] x) {
        check(StrictMathTest::strictExpLog, x, new double[x.length], new double[x.length]);
    }

    /** Uniform random bit patterns: every exponent, both signs, subnormals, infinities and NaNs. */
    @Test
    public void everyBitPattern() {
        SplittableRandom r = new SplittableRandom(4001);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = Double.longBitsToDouble(r.nextLong());
        }
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0,
            2.0, 0.5, Math.E, Math.PI, Double.longBitsToDouble(0x7FF0000000000001L),
            Double.longBitsToDouble(0xFFF8000000000000L)};
        System.arraycopy(specials, 0, x, 0, specials.length);
        exact(x);
    }

    /** exp over its whole finite range, where its branches change, and near its thresholds. */
    @Test
    public void expRangesAndBranches() {
        SplittableRandom r = new SplittableRandom(4002);
        double ln2 = Math.log(2);
        double[] centres = {709.782712893384, -745.1332191019411, -708.3964185322641, 0.5 * ln2, 1.5 * ln2,
            -0.5 * ln2, -1.5 * ln2, 0x1p-28, -0x1p-28, 0.0};
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            switch (i % 4) {
                case 0 -> x[i] = -746 + r.nextDouble() * 1456;
                case 1 -> x[i] = (r.nextDouble() * 2 - 1) * 2;
                case 2 -> x[i] = (r.nextDouble() * 2 - 1) * Math.scalb(1.0, -r.nextInt(60));
                default -> {
                    // A few hundred ulps around a branch point or threshold, and odd multiples of ln2/2
                    // (where the rounding of k changes).
                    double c = (i & 8) == 0 ? centres[r.nextInt(centres.length)] : (2 * r.nextInt(-2100, 2100) + 1) * ln2 / 2;
                    x[i] = c + (r.nextInt(-400, 400)) * Math.ulp(c == 0 ? Double.MIN_NORMAL : c);
                }
            }
        }
        exact(x);
    }

    /** log near 1 (its small-f branch), across the sqrt(2) normalisation boundary, subnormals and powers of 2. */
    @Test
    public void logRangesAndBranches() {
        SplittableRandom r = new SplittableRandom(4003);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            switch (i % 5) {
                case 0 -> x[i] = 1 + (r.nextDouble() * 2 - 1) * Math.scalb(1.0, -r.nextInt(10, 60));
                case 1 -> x[i] = Math.scalb(Math.sqrt(2) + r.nextInt(-5000, 5000) * 0x1p-52, r.nextInt(-1074, 1024));
                case 2 -> x[i] = Double.longBitsToDouble(r.nextLong(1L, 0x0010000000000000L));
                case 3 -> x[i] = Math.scalb(1.0 + r.nextInt(-3, 4) * 0x1p-52, r.nextInt(-1074, 1024));
                default -> x[i] = Math.scalb(1 + r.nextDouble(), r.nextInt(-1022, 1024));
            }
        }
        exact(x);
    }

    /** StrictMath.hypot on the device, bit for bit: every bit pattern, each scaling branch, ratios past 2^60. */
    @Test
    public void strictHypot() {
        SplittableRandom r = new SplittableRandom(4004);
        double[] x = new double[N];
        double[] y = new double[N];
        double[] special = {0.0, -0.0, 1.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
            Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, 0x1p500, 0x1p-500, 3.0, 4.0};
        for (int i = 0; i < N; i++) {
            switch (i % 4) {
                case 0 -> {
                    x[i] = Double.longBitsToDouble(r.nextLong());
                    y[i] = Double.longBitsToDouble(r.nextLong());
                }
                case 1 -> {
                    int e = r.nextInt(-1074, 1024);
                    x[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), e);
                    y[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), e + r.nextInt(-70, 70));
                }
                case 2 -> {
                    // Nearly equal magnitudes (both branches of the sum of squares), subnormal partners.
                    x[i] = Math.scalb(1 + r.nextDouble(), r.nextInt(-1000, 1000));
                    y[i] = (i & 8) == 0 ? x[i] * (1 + r.nextDouble() * 0.5)
                            : Double.longBitsToDouble(r.nextLong(1L, 0x0010000000000000L));
                }
                default -> {
                    x[i] = special[r.nextInt(special.length)];
                    y[i] = special[r.nextInt(special.length)];
                }
            }
        }
        check(StrictMathTest::strictHypot, x, y, new double[N]);
        // Math's versions, within their 1-ulp bound, run on the device too.
        MoreChecks.checkUlps(TranscendentalTest.ULPS_1, StrictMathTest::mathSinPow,
                Inputs.plainDoubles(4005, 1000, 0, 10), new double[1000], new double[1000]);
    }

    @Test
    public void strictSinAndCosInTheMediumRange() {
        SplittableRandom r = new SplittableRandom(4007);
        double limit = Math.scalb(Math.PI / 2, 19);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = switch (i % 3) {
                case 0 -> (r.nextDouble() * 2 - 1) * limit;
                case 1 -> (r.nextDouble() * 2 - 1) * Math.scalb(1.0, r.nextInt(-1074, 4));
                default -> {
                    double c = r.nextInt(-333000, 333000) * (Math.PI / 2);
                    yield c + r.nextInt(-64, 64) * Math.ulp(c == 0 ? 1.0 : c);
                }
            };
        }
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0,
            Double.MIN_VALUE, limit, -limit, Math.PI / 4, Math.nextUp(Math.PI / 4), 3 * Math.PI / 4};
        System.arraycopy(specials, 0, x, 0, specials.length);
        check(StrictMathTest::strictSinCos, x, new double[N], new double[N]);
    }

    /**
     * Past 2^19 pi/2, fdlibm's multi-precision reduction: StrictMath.sin, cos and tan of every exponent up to
     * Double.MAX_VALUE, and the hard cases (1e22, near multiples of pi/2 found by continued fractions, 2^1023).
     */
    @Test
    public void strictTrigonometryOfHugeArguments() {
        SplittableRandom r = new SplittableRandom(4013);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), r.nextInt(19, 1024));
        }
        double[] hard = {1e22, -1e22, 1e300, Double.MAX_VALUE, -Double.MAX_VALUE, 0x1p1023, 6381956970095103.0 * 0x1p797,
            5.319372648326541e255, Math.nextUp(Math.scalb(Math.PI / 2, 19)), Math.scalb(Math.PI / 2, 20), 1e6, 1e15};
        System.arraycopy(hard, 0, x, 0, hard.length);
        check(StrictMathTest::strictSinCos, x, new double[N], new double[N]);
        check(StrictMathTest::strictTan, x, new double[N]);
    }

    /** StrictMath.tan on the device, bit for bit, up to 2^19 pi/2 (both kernel branches, both quadrant parities). */
    @Test
    public void strictTanInTheMediumRange() {
        SplittableRandom r = new SplittableRandom(4008);
        double limit = Math.scalb(Math.PI / 2, 19);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = switch (i % 4) {
                case 0 -> (r.nextDouble() * 2 - 1) * limit;
                case 1 -> (r.nextDouble() * 2 - 1) * Math.scalb(1.0, r.nextInt(-1074, 4));
                case 2 -> {
                    double c = r.nextInt(-333000, 333000) * (Math.PI / 2);
                    yield c + r.nextInt(-64, 64) * Math.ulp(c == 0 ? 1.0 : c);
                }
                default -> (r.nextDouble() * 2 - 1) * 0.8;
            };
        }
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0,
            Double.MIN_VALUE, -Double.MIN_VALUE, 0.6744, -0.6744, Math.PI / 4, Math.PI / 2, -Math.PI / 2, 1e-300};
        System.arraycopy(specials, 0, x, 0, specials.length);
        check(StrictMathTest::strictTan, x, new double[N]);
    }

    /** StrictMath.pow on the device, bit for bit: every bit pattern, ordinary ranges, Java's special cases. */
    @Test
    public void strictPowEverywhere() {
        SplittableRandom r = new SplittableRandom(4009);
        double[] x = new double[N];
        double[] y = new double[N];
        double[] special = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE,
            -Double.MAX_VALUE, 0x1p31 + 1, -(0x1p31 + 1), 0x1p53, 0x1p64 * 3, 1.0000001, 0.9999999, 1e-300, 1e300};
        for (int i = 0; i < N; i++) {
            switch (i % 6) {
                case 0 -> {
                    x[i] = Double.longBitsToDouble(r.nextLong());
                    y[i] = Double.longBitsToDouble(r.nextLong());
                }
                case 1 -> {
                    x[i] = r.nextDouble() * 100;
                    y[i] = (r.nextDouble() * 2 - 1) * 50;
                }
                case 2 -> {
                    // Negative bases to integer powers (odd and even) and to non-integers.
                    x[i] = -r.nextDouble() * 10;
                    y[i] = (i & 8) == 0 ? r.nextInt(-60, 60) : (r.nextDouble() * 2 - 1) * 10;
                }
                case 3 -> {
                    // Near 1 with large powers (the |y| > 2^31 branch), and near overflow and underflow.
                    x[i] = 1 + (r.nextDouble() * 2 - 1) * Math.scalb(1.0, -r.nextInt(18, 52));
                    y[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), r.nextInt(20, 70));
                }
                case 4 -> {
                    x[i] = Math.scalb(1 + r.nextDouble(), r.nextInt(-1074, 1024));
                    y[i] = (r.nextDouble() * 2 - 1) * 1100 / Math.max(1, Math.abs(Math.getExponent(x[i])));
                }
                default -> {
                    x[i] = special[r.nextInt(special.length)];
                    y[i] = special[r.nextInt(special.length)];
                }
            }
        }
        check(StrictMathTest::strictPow, x, y, new double[N]);
    }

    /** StrictMath.atan, atan2, asin and acos on the device, bit for bit, over every branch of each. */
    @Test
    public void strictInverseTrigonometry() {
        SplittableRandom r = new SplittableRandom(4010);
        double[] x = new double[N];
        double[] y = new double[N];
        double[] special = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.975, -0.975, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE, Double.MAX_VALUE, 0x1p66, -0x1p66, 0.4375, 2.4375,
            1.1875, 0x1p-29, 0x1p-57};
        for (int i = 0; i < N; i++) {
            switch (i % 5) {
                case 0 -> {
                    x[i] = Double.longBitsToDouble(r.nextLong());
                    y[i] = Double.longBitsToDouble(r.nextLong());
                }
                case 1 -> {
                    // Every reduction interval of atan, and asin/acos over [-1, 1].
                    x[i] = (r.nextBoolean() ? 1 : -1) * r.nextDouble() * 3;
                    y[i] = r.nextDouble() * 2 - 1;
                }
                case 2 -> {
                    x[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), r.nextInt(-70, 70));
                    y[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(r.nextDouble(), -r.nextInt(0, 60));
                }
                case 3 -> {
                    // atan2 with quotients beyond 2^60 either way, and near 1.
                    x[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), r.nextInt(-200, 200));
                    y[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), r.nextInt(-200, 200));
                }
                default -> {
                    x[i] = special[r.nextInt(special.length)];
                    y[i] = special[r.nextInt(special.length)];
                }
            }
        }
        check(StrictMathTest::strictInverseTrig, x, y, new double[N], new double[N], new double[N], new double[N]);
    }

    /** StrictMath.log10 and cbrt on the device, bit for bit: every bit pattern, powers of ten and exact cubes. */
    @Test
    public void strictLog10AndCbrt() {
        SplittableRandom r = new SplittableRandom(4011);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = switch (i % 5) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> Math.pow(10, r.nextInt(-323, 309)) * (1 + r.nextInt(-3, 4) * 0x1p-52);
                case 2 -> {
                    double c = r.nextInt(-100000, 100000);
                    yield c * c * c;
                }
                case 3 -> Double.longBitsToDouble(r.nextLong(1L, 0x0010000000000000L)) * (r.nextBoolean() ? 1 : -1);
                default -> Math.scalb(1 + r.nextDouble(), r.nextInt(-1022, 1024));
            };
        }
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.0, -1.0,
            10.0, 1000.0, 8.0, -27.0, Double.MIN_VALUE, Double.MAX_VALUE};
        System.arraycopy(specials, 0, x, 0, specials.length);
        check(StrictMathTest::strictLog10Cbrt, x, new double[N], new double[N]);
    }

    /** StrictMath.expm1, log1p, sinh, cosh and tanh on the device, bit for bit, over each one's branches. */
    @Test
    public void strictExpm1Log1pAndHyperbolic() {
        SplittableRandom r = new SplittableRandom(4012);
        double ln2 = Math.log(2);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = switch (i % 5) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> (r.nextDouble() * 2 - 1) * 750;
                case 2 -> (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), r.nextInt(-60, 6));
                case 3 -> {
                    // Where k changes, the ends of each branch, and -1 < x < 0.41 for log1p.
                    double[] c = {0.5 * ln2, 1.5 * ln2, 56 * ln2, 22, 709.78, 710.4758600739439, 0.41422, -0.2929, 1.0,
                        -1.0, 0.25, -0.25};
                    double v = c[r.nextInt(c.length)] * (r.nextBoolean() ? 1 : -1);
                    yield v + r.nextInt(-300, 300) * Math.ulp(v);
                }
                default -> r.nextDouble() * 1.42 - 1;
            };
        }
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, -1.0,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0x1p-54, -0x1p-54, 0x1p-29};
        System.arraycopy(specials, 0, x, 0, specials.length);
        check(StrictMathTest::strictHyperbolic, x, new double[N], new double[N], new double[N], new double[N],
                new double[N]);
    }
}

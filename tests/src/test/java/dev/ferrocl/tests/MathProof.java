package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * The runnable proof behind {@code StrictMath} on the device: every transcendental {@code StrictMath} method over
 * {@code N} inputs (default 10^7) in batches of 2^20 — uniform bit patterns, ordinary ranges, values near each
 * algorithm's branch points — run on the default device in strict mode and compared bit for bit with the JVM's
 * {@code StrictMath}; and the semi-monotonicity Java requires of {@code Math}: on runs of consecutive doubles where
 * the function is monotone, the device's {@code Math} results never step the wrong way. Prints one line per
 * function; exit status 1 on any difference. Run with {@code scripts/math-proof.sh [N]} (PoCL here, the GPU from
 * the bench bundle).
 */
public final class MathProof {
    private MathProof() {
    }

    public static void strict1(int f, double[] x, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            double v = x[i];
            out[i] = switch (f) {
                case 0 -> StrictMath.exp(v);
                case 1 -> StrictMath.log(v);
                case 2 -> StrictMath.log10(v);
                case 3 -> StrictMath.log1p(v);
                case 4 -> StrictMath.expm1(v);
                case 5 -> StrictMath.cbrt(v);
                case 6 -> StrictMath.sin(v);
                case 7 -> StrictMath.cos(v);
                case 8 -> StrictMath.tan(v);
                case 9 -> StrictMath.asin(v);
                case 10 -> StrictMath.acos(v);
                case 11 -> StrictMath.atan(v);
                case 12 -> StrictMath.sinh(v);
                case 13 -> StrictMath.cosh(v);
                default -> StrictMath.tanh(v);
            };
        }
    }

    public static void strict2(int f, double[] x, double[] y, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[i] = switch (f) {
                case 0 -> StrictMath.pow(x[i], y[i]);
                case 1 -> StrictMath.atan2(x[i], y[i]);
                default -> StrictMath.hypot(x[i], y[i]);
            };
        }
    }

    public static void math1(int f, double[] x, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            double v = x[i];
            out[i] = switch (f) {
                case 0 -> Math.exp(v);
                case 1 -> Math.log(v);
                case 2 -> Math.log10(v);
                case 3 -> Math.log1p(v);
                case 4 -> Math.expm1(v);
                case 5 -> Math.cbrt(v);
                case 6 -> Math.sin(v);
                case 7 -> Math.cos(v);
                case 8 -> Math.tan(v);
                case 9 -> Math.asin(v);
                case 10 -> Math.acos(v);
                case 11 -> Math.atan(v);
                case 12 -> Math.sinh(v);
                case 13 -> Math.cosh(v);
                default -> Math.tanh(v);
            };
        }
    }

    static final String[] ONE = {"exp", "log", "log10", "log1p", "expm1", "cbrt", "sin", "cos", "tan", "asin", "acos",
        "atan", "sinh", "cosh", "tanh"};
    static final DoubleUnaryOperator[] JVM1 = {StrictMath::exp, StrictMath::log, StrictMath::log10,
        StrictMath::log1p, StrictMath::expm1, StrictMath::cbrt, StrictMath::sin, StrictMath::cos, StrictMath::tan,
        StrictMath::asin, StrictMath::acos, StrictMath::atan, StrictMath::sinh, StrictMath::cosh, StrictMath::tanh};
    static final String[] TWO = {"pow", "atan2", "hypot"};
    static final DoubleBinaryOperator[] JVM2 = {StrictMath::pow, StrictMath::atan2, StrictMath::hypot};
    /** Per function of ONE: a range it is ordinarily used on, and a range where it is monotone (for Math). */
    static final double[][] RANGE = {{-746, 710}, {0, 1e6}, {0, 1e6}, {-1, 10}, {-40, 710}, {-1e6, 1e6},
        {-1e6, 1e6}, {-1e6, 1e6}, {-1e6, 1e6}, {-1, 1}, {-1, 1}, {-100, 100}, {-710, 710}, {-710, 710}, {-30, 30}};
    static final double[][] MONOTONE = {{-700, 700}, {1e-300, 1e300}, {1e-300, 1e300}, {-0.999, 1e300},
        {-700, 700}, {-1e300, 1e300}, {-1.5, 1.5}, {0.1, 3.0}, {-1.5, 1.5}, {-1, 1}, {-1, 1}, {-1e300, 1e300},
        {-700, 700}, {0, 700}, {-20, 20}};
    static final boolean[] DECREASING = {false, false, false, false, false, false, false, true, false, false, true,
        false, false, false, false};

    private static final int BATCH = 1 << 20;

    public static void main(String[] args) {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        boolean ok = true;
        for (int f = 0; f < ONE.length; f++) {
            ok &= exact1(f, n);
        }
        for (int f = 0; f < TWO.length; f++) {
            ok &= exact2(f, n);
        }
        for (int f = 0; f < ONE.length; f++) {
            ok &= monotone(f, Math.max(BATCH, n / 10));
        }
        ok &= monotoneAround(0, expBoundaries(), 512);
        System.out.println(ok ? "all exact and semi-monotone" : "DIFFERENCES FOUND");
        System.exit(ok ? 0 : 1);
    }

    private static double input(SplittableRandom r, int f, long i) {
        double[] range = RANGE[f];
        return switch ((int) (i % 4)) {
            case 0 -> Double.longBitsToDouble(r.nextLong());
            case 1 -> range[0] + r.nextDouble() * (range[1] - range[0]);
            case 2 -> (r.nextBoolean() ? 1 : -1) * Math.scalb(1 + r.nextDouble(), r.nextInt(-60, 11));
            default -> {
                double c = r.nextInt(-1000, 1000) * (Math.PI / 4) + r.nextInt(-5, 5) * 0.5 * Math.log(2);
                yield c + r.nextInt(-200, 200) * Math.ulp(c == 0 ? 1.0 : c);
            }
        };
    }

    private static boolean exact1(int f, long n) {
        SplittableRandom r = new SplittableRandom(9100 + f);
        long done = 0;
        long start = System.nanoTime();
        while (done < n) {
            int m = (int) Math.min(BATCH, n - done);
            double[] x = new double[m];
            for (int i = 0; i < m; i++) {
                x[i] = input(r, f, done + i);
            }
            double[] out = new double[m];
            try (TaskSchedule s = new TaskSchedule("proof").task("t", MathProof::strict1, f, x, out)) {
                s.execute();
                if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE) {
                    System.out.printf("StrictMath.%s: a batch ran on the JVM, not on the device: %s%n", ONE[f],
                            s.report().task("t").reason());
                    return false;
                }
            }
            for (int i = 0; i < m; i++) {
                double e = JVM1[f].applyAsDouble(x[i]);
                if (Double.doubleToLongBits(e) != Double.doubleToLongBits(out[i])) {
                    System.out.printf("StrictMath.%s(%s) [%016x]: device %s, JVM %s%n", ONE[f], x[i],
                            Double.doubleToRawLongBits(x[i]), out[i], e);
                    return false;
                }
            }
            done += m;
        }
        System.out.printf("StrictMath.%-6s %,d inputs bit-identical to the JVM, %.1f s%n", ONE[f], n,
                (System.nanoTime() - start) / 1e9);
        return true;
    }

    private static boolean exact2(int f, long n) {
        SplittableRandom r = new SplittableRandom(9200 + f);
        long done = 0;
        long start = System.nanoTime();
        while (done < n) {
            int m = (int) Math.min(BATCH, n - done);
            double[] x = new double[m];
            double[] y = new double[m];
            for (int i = 0; i < m; i++) {
                if (i % 3 == 0) {
                    x[i] = Double.longBitsToDouble(r.nextLong());
                    y[i] = Double.longBitsToDouble(r.nextLong());
                } else if (i % 3 == 1) {
                    x[i] = (r.nextDouble() * 2 - 1) * 100;
                    y[i] = (r.nextDouble() * 2 - 1) * 40;
                } else {
                    x[i] = Math.scalb(1 + r.nextDouble(), r.nextInt(-1074, 1024)) * (r.nextBoolean() ? 1 : -1);
                    y[i] = Math.scalb(1 + r.nextDouble(), r.nextInt(-80, 12)) * (r.nextBoolean() ? 1 : -1);
                }
            }
            double[] out = new double[m];
            try (TaskSchedule s = new TaskSchedule("proof").task("t", MathProof::strict2, f, x, y, out)) {
                s.execute();
                if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE) {
                    System.out.printf("StrictMath.%s: a batch ran on the JVM: %s%n", TWO[f], s.report().task("t").reason());
                    return false;
                }
            }
            for (int i = 0; i < m; i++) {
                double e = JVM2[f].applyAsDouble(x[i], y[i]);
                if (Double.doubleToLongBits(e) != Double.doubleToLongBits(out[i])) {
                    System.out.printf("StrictMath.%s(%s, %s): device %s, JVM %s%n", TWO[f], x[i], y[i], out[i], e);
                    return false;
                }
            }
            done += m;
        }
        System.out.printf("StrictMath.%-6s %,d input pairs bit-identical to the JVM, %.1f s%n", TWO[f], n,
                (System.nanoTime() - start) / 1e9);
        return true;
    }

    /**
     * Where the device's {@code Math.exp} changes its reduction {@code x = k ln2 + r} (k the integer nearest
     * {@code x / ln2}): every {@code (k + 1/2) ln2} with a normal result, and {@code ±707}, where it hands over to
     * fdlibm's exp. Its error bound alone does not settle monotonicity there (libm/exp.cl).
     */
    static double[] expBoundaries() {
        double[] c = new double[2044];
        int i = 0;
        for (int k = -1021; k <= 1020; k++) {
            c[i++] = (k + 0.5) * Math.log(2);
        }
        c[i++] = -707;
        c[i] = 707;
        return c;
    }

    /** Runs of {@code 2 * half} consecutive doubles centred on each of {@code centres}; Math on the device. */
    private static boolean monotoneAround(int f, double[] centres, int half) {
        int run = 2 * half;
        int perBatch = Math.max(1, BATCH / run);
        long pairs = 0;
        for (int first = 0; first < centres.length; first += perBatch) {
            int count = Math.min(perBatch, centres.length - first);
            double[] x = new double[count * run];
            for (int c = 0; c < count; c++) {
                double v = centres[first + c];
                for (int k = 0; k < half; k++) {
                    v = Math.nextDown(v);
                }
                for (int k = 0; k < run; k++) {
                    x[c * run + k] = v;
                    v = Math.nextUp(v);
                }
            }
            double[] out = new double[x.length];
            try (TaskSchedule s = new TaskSchedule("mono").task("t", MathProof::math1, f, x, out)) {
                s.execute();
                if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE) {
                    System.out.printf("Math.%s: a batch ran on the JVM: %s%n", ONE[f], s.report().task("t").reason());
                    return false;
                }
            }
            for (int i = 0; i < x.length; i++) {
                if (i % run == 0) {
                    continue;
                }
                boolean wrong = DECREASING[f] ? out[i] > out[i - 1] : out[i] < out[i - 1];
                if (wrong) {
                    System.out.printf("Math.%s not semi-monotone at %s: %s then %s%n", ONE[f], x[i - 1], out[i - 1],
                            out[i]);
                    return false;
                }
                pairs++;
            }
        }
        System.out.printf("Math.%-6s semi-monotone on %,d consecutive pairs around %,d points where its algorithm "
                + "changes%n", ONE[f], pairs, centres.length);
        return true;
    }

    /** Runs of 64 consecutive doubles from random starts inside the monotone range; Math on the device. */
    private static boolean monotone(int f, long n) {
        SplittableRandom r = new SplittableRandom(9300 + f);
        double lo = MONOTONE[f][0];
        double hi = MONOTONE[f][1];
        long done = 0;
        while (done < n) {
            int m = (int) Math.min(BATCH, n - done) / 64 * 64;
            double[] x = new double[m];
            for (int i = 0; i < m; i += 64) {
                double s;
                if (hi / lo > 1e10 && lo > 0) {
                    s = Math.exp(Math.log(lo) + r.nextDouble() * (Math.log(hi) - Math.log(lo)));
                } else {
                    s = lo + r.nextDouble() * (hi - lo);
                }
                x[i] = s;
                for (int k = 1; k < 64; k++) {
                    x[i + k] = Math.nextUp(x[i + k - 1]);
                }
            }
            double[] out = new double[m];
            try (TaskSchedule s = new TaskSchedule("mono").task("t", MathProof::math1, f, x, out)) {
                s.execute();
                if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE) {
                    System.out.printf("Math.%s: a batch ran on the JVM: %s%n", ONE[f], s.report().task("t").reason());
                    return false;
                }
            }
            for (int i = 0; i < m; i++) {
                if (i % 64 == 0 || x[i] > hi || x[i - 1] < lo) {
                    continue;
                }
                boolean wrong = DECREASING[f] ? out[i] > out[i - 1] : out[i] < out[i - 1];
                if (wrong) {
                    System.out.printf("Math.%s not semi-monotone at %s: %s then %s%n", ONE[f], x[i - 1], out[i - 1],
                            out[i]);
                    return false;
                }
            }
            done += m;
        }
        System.out.printf("Math.%-6s semi-monotone on %,d consecutive pairs in [%s, %s]%n", ONE[f], n, lo, hi);
        return true;
    }
}

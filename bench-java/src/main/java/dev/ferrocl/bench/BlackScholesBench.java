package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * BlackScholes in double (as in seed paper 003 and the test suite's {@code Seed003Kernels.blackScholes}): the
 * European call and put prices of {@code n} options, with the normal CDF by the Abramowitz-Stegun polynomial.
 * Per option: a sqrt, a log, three exps and some forty flops; inputs three arrays, outputs two. Sizes 2^20 and 2^22
 * options (seed 003 uses 2^22); one sequential run of 2^22 takes about 0.2 s, so the reference is sequential.
 *
 * <p>The results go through {@code exp} and {@code log}, which Java specifies only within an ulp, so the
 * prices are compared within a tolerance ({@link #ABS_TOL}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class BlackScholesBench {
    static final String NAME = "BlackScholes";
    static final int SMOKE = 4096;

    /** Riskless rate and volatility, the same for every option. */
    static final double R = 0.02;
    static final double V = 0.30;

    /**
     * Absolute tolerance for both prices: 256 ulps of 130, the largest {@code S + X} (S in [5, 30), X in [1, 100)),
     * about 7.3e-12 dollars. Derivation (Seed003Test.blackScholes has it in full for 3-ulp functions): the only
     * inexact steps that may differ from Java's are {@code log}, {@code exp} and, for Aparapi, the contraction of
     * {@code a * b + c} into one rounding. Java's exp and log are within 1 ulp of exact, Ferrocl's within 0.75 ulp,
     * OpenCL's double built-ins (hand-written kernel, Aparapi) within 3 ulps, so the two differ by at most 4 ulps.
     * log(S / X) (|.| <= 4.7) moving by 4 ulps, divided by v sqrt(T) >= 0.15, moves d1 and d2 by about
     * 4e-14; the CDF has slope <= 0.4, so N(d) moves by <= 1.6e-14 plus 4 ulps of its own exp, about 2e-14 in
     * all, and e^-rT by 4 ulps (<= 9e-16). Each price is a difference of S (< 30) times an N value and X e^-rT
     * (< 100) times another: it moves by at most about 30 * 2e-14 + 100 * 2.1e-14 = 2.7e-12 plus a few
     * roundings (contracted or not) of values below 130, i.e. under 110 ulps of 130 (ulp(130) = 2.8e-14). 256
     * leaves margin. A relative bound in ulps of the price does not hold: an out-of-the-money price is a small
     * difference of two larger terms. Any real error (a wrong formula, a wrong element) is far larger: the
     * polynomial approximation alone is only good to 7.5e-8.
     */
    static final double ABS_TOL = 256 * Math.ulp(130.0);

    /** The same computation in OpenCL C: one work-item per option. */
    static final String OPENCL = """
            #pragma OPENCL EXTENSION cl_khr_fp64 : enable
            #pragma OPENCL FP_CONTRACT OFF

            #define INV_SQRT_2PI 0.3989422804014327

            double cnd(double d) {
                double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
                double poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978
                        + k * 1.330274429))));
                double tail = INV_SQRT_2PI * exp(-0.5 * d * d) * poly;
                return d > 0.0 ? 1.0 - tail : tail;
            }

            __kernel void blackScholes(__global const double *s, __global const double *x, __global const double *t,
                                       __global double *call, __global double *put, const double r, const double v,
                                       const int n) {
                int i = get_global_id(0);
                if (i >= n) {
                    return;
                }
                double si = s[i];
                double xi = x[i];
                double ti = t[i];
                double sqrtT = sqrt(ti);
                double vSqrtT = v * sqrtT;
                double d1 = (log(si / xi) + (r + 0.5 * v * v) * ti) / vSqrtT;
                double d2 = d1 - vSqrtT;
                double n1 = cnd(d1);
                double n2 = cnd(d2);
                double discountedStrike = xi * exp(-r * ti);
                call[i] = si * n1 - discountedStrike * n2;
                put[i] = discountedStrike * (1.0 - n2) - si * (1.0 - n1);
            }
            """;

    @Param({"1048576", "4194304"})
    public String size;

    int n;
    double[] s;
    double[] x;
    double[] t;
    double[] call;
    double[] put;
    TaskSchedule schedule;
    OpenClKernel kernel;
    BlackScholesKernel aparapi;

    /** 1 / sqrt(2 pi). */
    static final double INV_SQRT_2PI = 0.3989422804014327;

    /** Standard normal CDF, Abramowitz and Stegun 26.2.17 (absolute error below 7.5e-8). */
    static double cnd(double d) {
        double k = 1.0 / (1.0 + 0.2316419 * Math.abs(d));
        double poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978
                + k * 1.330274429))));
        double tail = INV_SQRT_2PI * Math.exp(-0.5 * d * d) * poly;
        return d > 0 ? 1.0 - tail : tail;
    }

    /**
     * The natural Ferrocl form (the sequential variant runs it on the JVM, where the loop runs as written): spot
     * {@code s[i]}, strike {@code x[i]}, years to expiry {@code t[i]}, riskless rate {@code r}, volatility
     * {@code v}.
     */
    static void blackScholes(double[] s, double[] x, double[] t, double[] call, double[] put, double r, double v) {
        for (@Parallel int i = 0; i < call.length; i++) {
            double sqrtT = Math.sqrt(t[i]);
            double vSqrtT = v * sqrtT;
            double d1 = (Math.log(s[i] / x[i]) + (r + 0.5 * v * v) * t[i]) / vSqrtT;
            double d2 = d1 - vSqrtT;
            double n1 = cnd(d1);
            double n2 = cnd(d2);
            double discountedStrike = x[i] * Math.exp(-r * t[i]);
            call[i] = s[i] * n1 - discountedStrike * n2;
            put[i] = discountedStrike * (1.0 - n2) - s[i] * (1.0 - n1);
        }
    }

    /** The same with parallel streams (all host cores). */
    static void blackScholesStreams(double[] s, double[] x, double[] t, double[] call, double[] put, double r,
            double v) {
        IntStream.range(0, call.length).parallel().forEach(i -> {
            double sqrtT = Math.sqrt(t[i]);
            double vSqrtT = v * sqrtT;
            double d1 = (Math.log(s[i] / x[i]) + (r + 0.5 * v * v) * t[i]) / vSqrtT;
            double d2 = d1 - vSqrtT;
            double n1 = cnd(d1);
            double n2 = cnd(d2);
            double discountedStrike = x[i] * Math.exp(-r * t[i]);
            call[i] = s[i] * n1 - discountedStrike * n2;
            put[i] = discountedStrike * (1.0 - n2) - s[i] * (1.0 - n1);
        });
    }

    /** The Aparapi form. */
    static final class BlackScholesKernel extends Kernel {
        final double[] s;
        final double[] x;
        final double[] t;
        final double[] call;
        final double[] put;
        final double r;
        final double v;

        BlackScholesKernel(double[] s, double[] x, double[] t, double[] call, double[] put, double r, double v) {
            this.s = s;
            this.x = x;
            this.t = t;
            this.call = call;
            this.put = put;
            this.r = r;
            this.v = v;
        }

        double cndf(double d) {
            double k = 1.0 / (1.0 + 0.2316419 * Math.abs(d));
            double poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978
                    + k * 1.330274429))));
            double tail = 0.3989422804014327 * Math.exp(-0.5 * d * d) * poly;
            return d > 0 ? 1.0 - tail : tail;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            double sqrtT = Math.sqrt(t[i]);
            double vSqrtT = v * sqrtT;
            double d1 = (Math.log(s[i] / x[i]) + (r + 0.5 * v * v) * t[i]) / vSqrtT;
            double d2 = d1 - vSqrtT;
            double n1 = cndf(d1);
            double n2 = cndf(d2);
            double discountedStrike = x[i] * Math.exp(-r * t[i]);
            call[i] = s[i] * n1 - discountedStrike * n2;
            put[i] = discountedStrike * (1.0 - n2) - s[i] * (1.0 - n1);
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        s = BenchSupport.randomDoubles(30001, n, 5, 30);
        x = BenchSupport.randomDoubles(30002, n, 1, 100);
        t = BenchSupport.randomDoubles(30003, n, 0.25, 10);
        call = new double[n];
        put = new double[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        double[] expectedCall = new double[n];
        double[] expectedPut = new double[n];
        blackScholes(s, x, t, expectedCall, expectedPut, R, V);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                // the same Java arithmetic on the same JVM: bit for bit
                BenchSupport.checkExact(NAME + ".parallelStreams call", expectedCall, call);
                BenchSupport.checkExact(NAME + ".parallelStreams put", expectedPut, put);
                return;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size, () -> new TaskSchedule(NAME)
                        .task("blackScholes", BlackScholesBench::blackScholes, s, x, t, call, put, R, V));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "ferroclRelaxed":
                schedule = new TaskSchedule(NAME).relaxedMath(true)
                        .task("blackScholes", BlackScholesBench::blackScholes, s, x, t, call, put, R, V);
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "blackScholes");
                opencl();
                break;
            case "aparapi":
                aparapi = new BlackScholesKernel(s, x, t, call, put, R, V);
                aparapi();
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkClose(NAME + "." + variant + " call", expectedCall, call, 0, ABS_TOL);
        BenchSupport.checkClose(NAME + "." + variant + " put", expectedPut, put, 0, ABS_TOL);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (schedule != null) {
            schedule.close();
        }
        if (kernel != null) {
            kernel.close();
        }
        if (aparapi != null) {
            aparapi.dispose();
        }
        KernelTimes.flush();
    }

    @Benchmark
    public double[] sequential() {
        blackScholes(s, x, t, call, put, R, V);
        return put;
    }

    @Benchmark
    public double[] parallelStreams() {
        blackScholesStreams(s, x, t, call, put, R, V);
        return put;
    }

    @Benchmark
    public double[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return put;
    }

    /** Relaxed math (opt-in): {@code Math}'s functions as OpenCL's built-ins, contraction allowed. */
    @Benchmark
    public double[] ferroclRelaxed() {
        schedule.execute();
        KernelTimes.record(NAME, "ferroclRelaxed", size, schedule);
        return put;
    }

    @Benchmark
    public double[] opencl() {
        long local = 256;
        long global = (n + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global}, new long[] {local}, OpenClKernel.readOnly(s),
                OpenClKernel.readOnly(x), OpenClKernel.readOnly(t), OpenClKernel.writeOnly(call), OpenClKernel.writeOnly(put), R, V, n).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return put;
    }

    @Benchmark
    public double[] aparapi() {
        aparapi.execute(Range.create(n));
        Aparapis.onOpenCl(NAME, aparapi);
        return put;
    }
}

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
 * Series (Java Grande section 2; seed paper 003): the first {@code N} pairs of Fourier coefficients of
 * {@code f(x) = (x + 1)^x} on [0, 2], each by the trapezoid rule over 1000 intervals, double; one work-item per
 * coefficient ({@code out[2n - 1]} = a_n with cos, {@code out[2n]} = b_n with sin; {@code out[0]}, where a_0 would
 * go, is not written). Per coefficient 1000 {@code pow} and 1000 {@code cos} or {@code sin}: compute-bound, with
 * tiny transfers. The Java code is the test suite's {@code Seed003Kernels.series}. Sizes: 10 000 pairs (Java
 * Grande's size A) and 20 000.
 *
 * <p>One sequential run of 20 000 pairs takes 1 to 2 s, and every trial would pay it for the reference, so the
 * reference is the parallel-streams method (the same per-element Java arithmetic; the sequential variant's own check,
 * in tearDown after its measured call, compares the two). The coefficients go through {@code pow}, {@code cos} and
 * {@code sin}, so they are compared within a tolerance ({@link #tolerance}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class SeriesBench {
    static final String NAME = "Series";
    static final int SMOKE = 64;
    /** Trapezoid intervals per coefficient, as in Java Grande. */
    static final int STEPS = 1000;

    /**
     * The hand-written kernel's work-group size: the largest divisor of {@code pairs} from 64 to 128 (125 for the
     * suite's sizes), else 128. Measured on the H100 (bench-native/series, 2026-11-26,
     * bench-results/raw/2026-11-26-h100-in-place/series/): 10 000 pairs ran 887 µs at 128, 717–727 µs at 40, 125, 200
     * and 250 (all divisors of 10 000); 20 000 pairs 794 µs at 125 and 128, 916 µs at 200 and 250.
     */
    static long localSize(int pairs) {
        for (int local = 128; local >= 64; local--) {
            if (pairs % local == 0) {
                return local;
            }
        }
        return 128;
    }

    /**
     * The same computation in OpenCL C, one work-item per coefficient, as a GPU programmer would write it: the cosine
     * coefficients (odd {@code i}) on the first half of the work-items and the sine ones (even {@code i}) on the
     * second, so that the work-items of a warp take the same branch (Java's loop, and Aparapi's kernel, alternate
     * them: every warp then runs both), and the compiler free to contract (within {@link #tolerance}). Measured on
     * the H200 (bench-native/series): 0.89 / 0.79 ms for 10 000 / 20 000 pairs at work-groups of 128, against
     * 0.94 / 1.01 ms with alternating coefficients and contraction off.
     */
    static final String OPENCL = """
            #pragma OPENCL EXTENSION cl_khr_fp64 : enable

            // (x + 1)^x times cos(omega x) (kind 1) or sin(omega x) (kind 2)
            double integrand(double x, double omega, int kind) {
                double base = pow(x + 1.0, x);
                return kind == 1 ? base * cos(omega * x) : base * sin(omega * x);
            }

            // Work-item g < n / 2 computes out[2g + 1] (a cosine coefficient), g >= n / 2 out[2(g - n / 2) + 2].
            __kernel void series(__global double *out, const int n, const int steps) {
                int g = get_global_id(0);
                int halves = n / 2;
                int i = g < halves ? 2 * g + 1 : 2 * (g - halves) + 2;
                if (g >= n - 1 || i >= n) {
                    return;
                }
                int kind = i % 2 == 1 ? 1 : 2;
                double omega = M_PI * ((i + 1) / 2);
                double dx = 2.0 / steps;
                double x = 0.0;
                double sum = integrand(0.0, omega, kind) / 2.0;
                for (int k = 1; k < steps; k++) {
                    x += dx;
                    sum += integrand(x, omega, kind);
                }
                sum += integrand(2.0, omega, kind) / 2.0;
                out[i] = sum * dx;
            }
            """;

    @Param({"10000", "20000"})
    public String size;

    int pairs;
    double[] out;
    /** The sequential variant's reference, checked in tearDown against its measured call's result. */
    double[] sequentialExpected;
    TaskSchedule schedule;
    OpenClKernel kernel;
    SeriesKernel aparapi;

    /** The integrand: (x + 1)^x, times cos(omega x) or sin(omega x). */
    static double integrand(double x, double omega, int kind) {
        double base = Math.pow(x + 1.0, x);
        switch (kind) {
            case 1:
                return base * Math.cos(omega * x);
            case 2:
                return base * Math.sin(omega * x);
            default:
                return base;
        }
    }

    /** Trapezoid rule over [x0, x1] with {@code steps} intervals. */
    static double trapezoid(double x0, double x1, int steps, double omega, int kind) {
        double dx = (x1 - x0) / steps;
        double x = x0;
        double sum = integrand(x0, omega, kind) / 2.0;
        for (int k = 1; k < steps; k++) {
            x += dx;
            sum += integrand(x, omega, kind);
        }
        sum += integrand(x1, omega, kind) / 2.0;
        return sum * dx;
    }

    /**
     * The natural Ferrocl form (the sequential variant runs it on the JVM): Fourier coefficients of (x + 1)^x on
     * [0, 2] (period 2, so omega_n = pi n) for n = 1 .. {@code out.length / 2}.
     */
    static void series(double[] out, int steps) {
        for (@Parallel int i = 1; i < out.length; i++) {
            int n = (i + 1) / 2;
            int kind = i % 2 == 1 ? 1 : 2;
            out[i] = trapezoid(0.0, 2.0, steps, Math.PI * n, kind);
        }
    }

    /** The same with parallel streams (all host cores). */
    static void seriesStreams(double[] out, int steps) {
        IntStream.range(1, out.length).parallel().forEach(i -> {
            int n = (i + 1) / 2;
            int kind = i % 2 == 1 ? 1 : 2;
            out[i] = trapezoid(0.0, 2.0, steps, Math.PI * n, kind);
        });
    }

    /**
     * The Aparapi form: work-item {@code g} computes {@code out[g + 1]}; launched over {@code out.length}
     * work-items (an even number, so that Aparapi finds a good work-group size), the last one idle.
     */
    static final class SeriesKernel extends Kernel {
        final double[] out;
        final int steps;

        SeriesKernel(double[] out, int steps) {
            this.out = out;
            this.steps = steps;
        }

        double integrand(double x, double omega, int kind) {
            double base = Math.pow(x + 1.0, x);
            if (kind == 1) {
                return base * Math.cos(omega * x);
            }
            return base * Math.sin(omega * x);
        }

        @Override
        public void run() {
            int i = getGlobalId() + 1;
            if (i >= out.length) {
                return;
            }
            int n = (i + 1) / 2;
            int kind = i % 2 == 1 ? 1 : 2;
            double omega = Math.PI * n;
            double dx = 2.0 / steps;
            double x = 0.0;
            double sum = integrand(0.0, omega, kind) / 2.0;
            for (int k = 1; k < steps; k++) {
                x += dx;
                sum += integrand(x, omega, kind);
            }
            sum += integrand(2.0, omega, kind) / 2.0;
            out[i] = sum * dx;
        }
    }

    /**
     * Absolute tolerance for every coefficient: 8 ulps of R = 9 * steps (about 1.5e-11 for 1000 steps); out[0]
     * is compared exactly (never written). Derivation (as in Seed003Test.series, extended to OpenCL's built-ins
     * and to contraction): the integrand (x + 1)^x cos or sin(omega x) is at most 9 in magnitude on [0, 2], so
     * every partial sum of the trapezoid rule is at most R. The abscissae {@code x += dx} are the same IEEE
     * additions on every side. pow, cos and sin may differ from the JVM's: Java's are within 1 ulp of exact,
     * Ferrocl's within 0.75, OpenCL's double built-ins (hand-written kernel, Aparapi) within 16 ulps (pow) and 4
     * (sin, cos); so a term differs by at most about 25 ulps of 9, under 2^-44. A difference in an operand carries
     * through an addition unchanged, and the two sides' roundings of each sum (one of them possibly fused with the
     * product, as Aparapi may do) add at most ulp(R) = 2^-39; over the 1000 additions that is
     * 1000 * (2^-39 + 2^-44) < 1.04 * steps * ulp(R). Times dx = 2 / steps: about 2.1 ulp(R), plus an ulp for the
     * last rounding; 8 ulp(R) leaves margin. The coefficients go down to about 1e-3 and come from sums with much
     * cancellation, so a bound in ulps of the result would not hold; a wrong formula or element is off by far more.
     */
    static double tolerance() {
        return 8 * Math.ulp(9.0 * STEPS);
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        pairs = BenchSupport.size(size, SMOKE);
        out = new double[2 * pairs];
        String variant = BenchSupport.variant(params);
        double[] expected = new double[2 * pairs];
        seriesStreams(expected, STEPS); // the reference: see the class comment
        switch (variant) {
            case "sequential":
                sequentialExpected = expected; // checked in tearDown, after the measured call
                return;
            case "parallelStreams":
                parallelStreams();
                BenchSupport.checkExact(NAME + ".parallelStreams", expected, out);
                return;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("series", SeriesBench::series, out, STEPS));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "ferroclRelaxed":
                schedule = new TaskSchedule(NAME).relaxedMath(true).task("series", SeriesBench::series, out, STEPS);
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "series");
                opencl();
                break;
            case "aparapi":
                aparapi = new SeriesKernel(out, STEPS);
                aparapi();
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        if (out[0] != 0.0 || Double.doubleToLongBits(out[0]) != 0L) {
            throw new IllegalStateException(NAME + "." + variant + ": out[0] was written: " + out[0]);
        }
        BenchSupport.checkClose(NAME + "." + variant, expected, out, 0, tolerance());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (sequentialExpected != null) {
            // the same Java arithmetic on the same JVM: bit for bit
            BenchSupport.checkExact(NAME + ".sequential", sequentialExpected, out);
        }
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

    // One sequential run of the larger size takes 1 to 2 s: one measured call, no warmup (the GPU
    // run's time budget; in its one JVM per class the larger size runs after the smaller one, so the loop is already
    // compiled). Its check against the reference (bit for bit: the same Java arithmetic) runs in tearDown, on that
    // call's result.
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public double[] sequential() {
        series(out, STEPS);
        return out;
    }

    @Benchmark
    public double[] parallelStreams() {
        seriesStreams(out, STEPS);
        return out;
    }

    @Benchmark
    public double[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return out;
    }

    /** Relaxed math (opt-in): {@code Math}'s functions as OpenCL's built-ins, contraction allowed. */
    @Benchmark
    public double[] ferroclRelaxed() {
        schedule.execute();
        KernelTimes.record(NAME, "ferroclRelaxed", size, schedule);
        return out;
    }

    @Benchmark
    public double[] opencl() {
        int items = 2 * pairs - 1;
        long local = localSize(pairs);
        long global = (items + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global}, new long[] {local}, out, 2 * pairs, STEPS).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return out;
    }

    @Benchmark
    public double[] aparapi() {
        aparapi.execute(Range.create(2 * pairs));
        Aparapis.onOpenCl(NAME, aparapi);
        return out;
    }
}

package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
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
 * Sum and min of floats and ints with {@code @Reduce}: memory bandwidth on the device, and mostly the upload of the
 * input end to end. Variants: sequential Java (a local accumulator, as a Java programmer writes it), parallel
 * streams, Ferrocl's {@code @Reduce} loop, and a hand-written local-memory reduction through {@link OpenClKernel}
 * with the same shape of work as ours (grid-stride accumulation, work-group tree, partials combined on the host).
 * {@link ReductionCombineBench} measures combining the partials on the device instead. Aparapi has no reduction
 * construct; it is left out here. Max is min's mirror image and is covered by the tests, not measured again.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 200, timeUnit = MILLISECONDS)
@Measurement(iterations = 3, time = 200, timeUnit = MILLISECONDS)
public class ReductionBench {
    static final String NAME = "Reduction";
    static final int SMOKE = 100_003;
    /** Work-groups and work-group size of the hand-written kernel. */
    static final int GROUPS = 1024;
    static final int LOCAL = 256;

    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF
            #define TREE(T, OP, IDENTITY)                                                  \\
                const int lid = get_local_id(0);                                        \\
                scratch[lid] = acc;                                                     \\
                barrier(CLK_LOCAL_MEM_FENCE);                                           \\
                for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {                   \\
                    if (lid < s) scratch[lid] = OP(scratch[lid], scratch[lid + s]);     \\
                    barrier(CLK_LOCAL_MEM_FENCE);                                       \\
                }                                                                       \\
                if (lid == 0) partials[get_group_id(0)] = scratch[0];
            #define ADD(a, b) ((a) + (b))
            #define FMIN(a, b) (isnan(a) || isnan(b) ? NAN : ((a) == 0.0f && (b) == 0.0f ? (signbit(a) ? (a) : (b)) : fmin((a), (b))))

            __kernel void sumFloat(__global const float* a, const int n, __global float* partials,
                                   __local float* scratch) {
                float acc = 0.0f;
                for (int i = get_global_id(0); i < n; i += get_global_size(0)) acc += a[i];
                TREE(float, ADD, 0.0f)
            }
            __kernel void minFloat(__global const float* a, const int n, __global float* partials,
                                   __local float* scratch) {
                float acc = INFINITY;
                for (int i = get_global_id(0); i < n; i += get_global_size(0)) acc = FMIN(acc, a[i]);
                TREE(float, FMIN, INFINITY)
            }
            __kernel void sumInt(__global const int* a, const int n, __global int* partials, __local int* scratch) {
                int acc = 0;
                for (int i = get_global_id(0); i < n; i += get_global_size(0)) acc = (int)((uint)acc + (uint)a[i]);
                TREE(int, ADD, 0)
            }
            __kernel void minInt(__global const int* a, const int n, __global int* partials, __local int* scratch) {
                int acc = INT_MAX;
                for (int i = get_global_id(0); i < n; i += get_global_size(0)) acc = min(acc, a[i]);
                TREE(int, min, INT_MAX)
            }
            """;

    /** Which reduction: sumFloat, minFloat, sumInt, minInt. */
    @Param({"sumFloat", "minFloat", "sumInt", "minInt"})
    public String op;

    @Param({"16777216", "67108864"})
    public String size;

    int n;
    float[] af;
    int[] ai;
    float[] outF = new float[1];
    int[] outI = new int[1];
    float[] partialsF = new float[GROUPS];
    int[] partialsI = new int[GROUPS];
    TaskSchedule schedule;
    OpenClKernel kernel;

    // ---------------------------------------------------------------- the Ferrocl forms (also run by the JVM)

    static void sumFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    static void minFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    static void sumInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    static void minInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    // ---------------------------------------------------------------- sequential Java, as written without Ferrocl

    static float seqSumFloat(float[] a) {
        float s = 0f;
        for (float x : a) {
            s += x;
        }
        return s;
    }

    static float seqMinFloat(float[] a) {
        float m = Float.POSITIVE_INFINITY;
        for (float x : a) {
            m = Math.min(m, x);
        }
        return m;
    }

    static int seqSumInt(int[] a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    static int seqMinInt(int[] a) {
        int m = Integer.MAX_VALUE;
        for (int x : a) {
            m = Math.min(m, x);
        }
        return m;
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        boolean floats = op.endsWith("Float");
        if (floats) {
            af = BenchSupport.randomFloats(11, n, -1f, 1f);
        } else {
            ai = BenchSupport.randomInts(12, n, -1_000_000, 1_000_000);
        }
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return;
        }
        double expected = reference();
        switch (variant) {
            case "parallelStreams":
                check(variant, parallelStreams(), expected);
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size + ", op=" + op, this::newSchedule);
                check(variant, ferrocl(), expected);
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, op);
                check(variant, opencl(), expected);
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
    }

    private TaskSchedule newSchedule() {
        TaskSchedule s = new TaskSchedule(NAME);
        switch (op) {
            case "sumFloat":
                return s.task("reduce", ReductionBench::sumFloat, af, outF);
            case "minFloat":
                return s.task("reduce", ReductionBench::minFloat, af, outF);
            case "sumInt":
                return s.task("reduce", ReductionBench::sumInt, ai, outI);
            default:
                return s.task("reduce", ReductionBench::minInt, ai, outI);
        }
    }

    /** The sequential Java result; for float sums also the exact sum and the sum of magnitudes. */
    private double reference() {
        switch (op) {
            case "sumFloat":
                return seqSumFloat(af);
            case "minFloat":
                return seqMinFloat(af);
            case "sumInt":
                return seqSumInt(ai);
            default:
                return seqMinInt(ai);
        }
    }

    /**
     * Integer sums and every min must equal sequential Java's. A float sum is checked against the exact sum (in
     * double: its own error, n * 2^-53 * sum|a|, is added) with the bound of its evaluation order: gamma(k) * sum|a|,
     * k the longest chain of additions a term goes through (Higham, ch. 4) — for Ferrocl a work-item's strided slice,
     * the work-group tree and the host's fold of the partials (from the report's sizes); for the hand-written kernel
     * the same with its fixed sizes; for the parallel streams a 2^16 chunk (the chunks are added in double). The
     * classical bound for an arbitrary order, gamma(n-1), is vacuous at n = 2^26 (n * u > 1).
     */
    private void check(String variant, double actual, double sequential) {
        if (!op.equals("sumFloat")) {
            if (Double.doubleToLongBits(actual) != Double.doubleToLongBits(sequential)) {
                throw new IllegalStateException(NAME + "." + op + "." + variant + ": " + actual
                        + " but sequential Java gives " + sequential);
            }
            return;
        }
        double magnitude = 0;
        double exact = 0;
        for (float x : af) {
            magnitude += Math.abs(x);
            exact += x;
        }
        long k;
        switch (variant) {
            case "ferrocl": {
                dev.ferrocl.api.TaskReport t = schedule.report().task("reduce");
                long global = t.globalSize()[0];
                long local = t.localSize()[0];
                k = (n + global - 1) / global + 64 - Long.numberOfLeadingZeros(local) + global / local + 1;
                break;
            }
            case "opencl":
                k = (n + (long) GROUPS * LOCAL - 1) / ((long) GROUPS * LOCAL) + 9 + GROUPS;
                break;
            default:
                k = (1 << 16) + 1;
                break;
        }
        double u = Math.ulp(1f) / 2;
        double tol = k * u / (1 - k * u) * magnitude + n * 0x1p-53 * magnitude;
        if (!(Math.abs(actual - exact) <= tol)) {
            throw new IllegalStateException(NAME + "." + op + "." + variant + ": " + actual + " vs the exact sum "
                    + exact + " differ by more than the rounding bound " + tol + " of its order (k=" + k + ")");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (schedule != null) {
            schedule.close();
        }
        if (kernel != null) {
            kernel.close();
        }
        KernelTimes.flush();
    }

    @Benchmark
    public double sequential() {
        return reference();
    }

    @Benchmark
    public double parallelStreams() {
        switch (op) {
            case "sumFloat":
                // No FloatStream: per-chunk float sums, combined in double (what a Java programmer would write).
                int chunk = 1 << 16;
                return (float) IntStream.range(0, (n + chunk - 1) / chunk).parallel().mapToDouble(c -> {
                    float s = 0f;
                    for (int i = c * chunk, end = Math.min(n, i + chunk); i < end; i++) {
                        s += af[i];
                    }
                    return s;
                }).sum();
            case "minFloat":
                return (float) IntStream.range(0, n).parallel().mapToDouble(i -> af[i]).min().orElse(Double.NaN);
            case "sumInt":
                return IntStream.range(0, n).parallel().map(i -> ai[i]).sum();
            default:
                return IntStream.range(0, n).parallel().map(i -> ai[i]).min().orElse(Integer.MAX_VALUE);
        }
    }

    @Benchmark
    public double ferrocl() {
        boolean floats = op.endsWith("Float");
        outF[0] = op.startsWith("sum") ? 0f : Float.POSITIVE_INFINITY;
        outI[0] = op.startsWith("sum") ? 0 : Integer.MAX_VALUE;
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size + ", op=" + op, schedule);
        return floats ? outF[0] : outI[0];
    }

    @Benchmark
    public double opencl() {
        boolean floats = op.endsWith("Float");
        long nanos = kernel.launch(new long[] {(long) GROUPS * LOCAL}, new long[] {LOCAL},
                OpenClKernel.readOnly(floats ? af : ai), n, floats ? partialsF : partialsI,
                OpenClKernel.local(4L * LOCAL)).kernelNanos();
        KernelTimes.record(NAME, "opencl", size + ", op=" + op, nanos);
        switch (op) {
            case "sumFloat": {
                float s = 0f;
                for (float p : partialsF) {
                    s += p;
                }
                return s;
            }
            case "minFloat": {
                float m = Float.POSITIVE_INFINITY;
                for (float p : partialsF) {
                    m = Math.min(m, p);
                }
                return m;
            }
            case "sumInt": {
                int s = 0;
                for (int p : partialsI) {
                    s += p;
                }
                return s;
            }
            default: {
                int m = Integer.MAX_VALUE;
                for (int p : partialsI) {
                    m = Math.min(m, p);
                }
                return m;
            }
        }
    }
}

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
 * streams, Ferrocl's {@code @Reduce} loop (the input uploaded at every execution; and kept on the device, uploaded
 * once), and the best plain hand-written local-memory reduction through {@link OpenClKernel}: vector loads, two
 * independent accumulators per work-item, a work-group tree, one partial per work-group, partials combined on the
 * host. {@link ReductionCombineBench} measures combining the partials on the
 * device instead. Aparapi has no reduction construct; it is left out here. Max is min's mirror image and is covered
 * by the tests, not measured again.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class ReductionBench {
    static final String NAME = "Reduction";
    static final int SMOKE = 100_003;
    /** Work-group size of the hand-written kernel. */
    static final int LOCAL = 256;
    /** Its work-groups per compute unit of the device (the launch is {@link #groups()} * {@link #LOCAL}). */
    static final int GROUPS_PER_COMPUTE_UNIT = 8;
    /** Its work-groups where the device's compute units cannot be read (the suite's former fixed launch). */
    static final int FALLBACK_GROUPS = 1024;
    /** Overrides {@link #groups()}: {@code -Dferrocl.bench.reductionGroups=N}. */
    static final String GROUPS_PROPERTY = "ferrocl.bench.reductionGroups";

    /**
     * The hand-written reduction, as a GPU engineer writes it for a bandwidth-bound pass (on an H100 at 2^26 floats
     * this shape measured about 2.9 TB/s against 2.15 TB/s for one scalar load per loop step): each work-item walks
     * the input as 16-byte vectors ({@code float4} / {@code int4} through a vector pointer: OpenCL buffers are
     * aligned to {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}, at least 16 bytes) in a grid-stride loop, two vectors per
     * step into two independent accumulators (two loads in flight per work-item, consecutive work-items reading
     * consecutive vectors: coalesced); the two accumulators' eight lanes are folded in a fixed tree, the at most
     * three elements past the last whole vector are added by the first work-items, then the usual local-memory
     * tree leaves one partial per work-group. Launched with {@link #groups()} work-groups of {@link #LOCAL}.
     * Integer sums wrap as Java's do (unsigned arithmetic: signed overflow is undefined in OpenCL C); float min is
     * Java's {@code Math.min} lane by lane (NaN wins, -0.0 below 0.0).
     */
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
            // The grid-stride loop over whole vectors: two per step, into acc0 and acc1 (ACC(acc, v) folds v in).
            #define VECTOR_LOOP(V, ACC)                                                     \\
                const int gid = get_global_id(0);                                       \\
                const int stride = get_global_size(0);                                  \\
                const int n4 = n >> 2;                                                  \\
                __global const V* a4 = (__global const V*) a;                           \\
                int i = gid;                                                            \\
                for (; i + stride < n4; i += 2 * stride) {                              \\
                    ACC(acc0, a4[i]);                                                   \\
                    ACC(acc1, a4[i + stride]);                                          \\
                }                                                                       \\
                if (i < n4) ACC(acc0, a4[i]);                                           \\
                /* the n % 4 elements past the last vector, one per work-item */        \\
                const bool hasTail = gid < (n & 3);                                     \\
                const int tail = 4 * n4 + (hasTail ? gid : 0);
            #define ADD(a, b) ((a) + (b))
            #define WRAP_ADD(a, b) as_int(as_uint(a) + as_uint(b))
            #define LANES(v, OP) OP(OP((v).x, (v).y), OP((v).z, (v).w))

            // Java's Math.min: NaN if either is NaN; of -0.0 and 0.0, -0.0.
            float jmin(float a, float b) {
                return isnan(a) || isnan(b) ? NAN : (a == 0.0f && b == 0.0f ? (signbit(a) ? a : b) : fmin(a, b));
            }
            // The same lane by lane: equal lanes OR their bits (-0.0 and 0.0 give -0.0; equal values stay).
            float4 jmin4(float4 a, float4 b) {
                float4 m = select(fmin(a, b), as_float4(as_int4(a) | as_int4(b)), a == b);
                return select(m, (float4) (NAN), isnan(a) | isnan(b));
            }
            #define SUM_F(acc, v) acc += (v)
            #define MIN_F(acc, v) acc = jmin4(acc, (v))
            #define SUM_I(acc, v) acc += as_uint4(v)
            #define MIN_I(acc, v) acc = min(acc, (v))

            __kernel void sumFloat(__global const float* a, const int n, __global float* partials,
                                   __local float* scratch) {
                float4 acc0 = (float4) (0.0f);
                float4 acc1 = (float4) (0.0f);
                VECTOR_LOOP(float4, SUM_F)
                float acc = LANES(acc0, ADD) + LANES(acc1, ADD);
                if (hasTail) acc += a[tail];
                TREE(float, ADD, 0.0f)
            }
            __kernel void minFloat(__global const float* a, const int n, __global float* partials,
                                   __local float* scratch) {
                float4 acc0 = (float4) (INFINITY);
                float4 acc1 = (float4) (INFINITY);
                VECTOR_LOOP(float4, MIN_F)
                float acc = jmin(LANES(acc0, jmin), LANES(acc1, jmin));
                if (hasTail) acc = jmin(acc, a[tail]);
                TREE(float, jmin, INFINITY)
            }
            __kernel void sumInt(__global const int* a, const int n, __global int* partials, __local int* scratch) {
                uint4 acc0 = (uint4) (0);
                uint4 acc1 = (uint4) (0);
                VECTOR_LOOP(int4, SUM_I)
                int acc = as_int(LANES(acc0, ADD) + LANES(acc1, ADD));
                if (hasTail) acc = WRAP_ADD(acc, a[tail]);
                TREE(int, WRAP_ADD, 0)
            }
            __kernel void minInt(__global const int* a, const int n, __global int* partials, __local int* scratch) {
                int4 acc0 = (int4) (INT_MAX);
                int4 acc1 = (int4) (INT_MAX);
                VECTOR_LOOP(int4, MIN_I)
                int acc = min(LANES(acc0, min), LANES(acc1, min));
                if (hasTail) acc = min(acc, a[tail]);
                TREE(int, min, INT_MAX)
            }
            """;

    private static volatile int groups;

    /**
     * The hand-written kernel's work-groups: {@link #GROUPS_PER_COMPUTE_UNIT} per compute unit of the default device
     * (enough resident work-groups to keep every compute unit's loads in flight; as Ferrocl's {@code @Reduce} sizes
     * its own grid-stride launch). The compute units come from Aparapi's OpenCL device list (Ferrocl's API does not
     * report them), matched by platform and device name; {@code -Dferrocl.bench.reductionGroups=N} overrides, and
     * a device not found there gets {@link #FALLBACK_GROUPS}. Printed once per JVM.
     */
    static int groups() {
        int g = groups;
        if (g > 0) {
            return g;
        }
        synchronized (ReductionBench.class) {
            if (groups > 0) {
                return groups;
            }
            dev.ferrocl.api.Device d = dev.ferrocl.api.Devices.defaultDevice();
            String override = System.getProperty(GROUPS_PROPERTY);
            String why;
            if (override != null && !override.isBlank()) {
                g = Integer.parseInt(override.trim());
                if (g <= 0) {
                    throw new IllegalArgumentException(GROUPS_PROPERTY + " must be > 0, not " + override);
                }
                why = "-D" + GROUPS_PROPERTY;
            } else {
                int cu = computeUnits(d);
                if (cu > 0) {
                    g = GROUPS_PER_COMPUTE_UNIT * cu;
                    why = GROUPS_PER_COMPUTE_UNIT + " per compute unit, " + cu + " compute units";
                } else {
                    g = FALLBACK_GROUPS;
                    why = "the device's compute units could not be read (not in Aparapi's OpenCL device list)";
                }
            }
            System.out.println("[bench] " + NAME + "'s hand-written kernel: " + g + " work-groups of " + LOCAL
                    + " on " + d.name() + " (" + why + ")");
            groups = g;
            return g;
        }
    }

    /** {@code CL_DEVICE_MAX_COMPUTE_UNITS} of the device, through Aparapi's device list; 0 if it is not there. */
    private static int computeUnits(dev.ferrocl.api.Device d) {
        try {
            for (com.aparapi.internal.opencl.OpenCLPlatform p
                    : com.aparapi.internal.opencl.OpenCLPlatform.getUncachedOpenCLPlatforms()) {
                if (!p.getName().trim().equals(d.platform().trim())) {
                    continue;
                }
                for (com.aparapi.device.OpenCLDevice od : p.getOpenCLDevices()) {
                    if (od.getName().trim().equals(d.name().trim())) {
                        return od.getMaxComputeUnits();
                    }
                }
            }
        } catch (RuntimeException | LinkageError e) {
            System.out.println("[bench] " + NAME + ": Aparapi's OpenCL device list failed: " + e);
        }
        return 0;
    }

    /**
     * The longest chain of rounded additions any input element goes through in the hand-written float sum of
     * {@code n} elements with {@code groups} work-groups, up to the per-work-group partials: a lane of one of a
     * work-item's two vector accumulators takes every (2 * global size)-th vector, at most
     * ceil(n / 4 / (2 * global size)) of them; the fixed tree over the two accumulators' eight lanes adds 3; the tail
     * element 1; the work-group tree log2(LOCAL).
     */
    static long kernelSumChain(long n, long groups) {
        long global = groups * LOCAL;
        long vectors = n / 4;
        return (vectors + 2 * global - 1) / (2 * global) + 3 + 1 + (31 - Integer.numberOfLeadingZeros(LOCAL));
    }

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
    /** The hand-written kernel's work-groups ({@link #groups()}) and its partials, one per work-group. */
    int groupCount;
    float[] partialsF;
    int[] partialsI;
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
            case "ferroclKept":
                // The same schedule with the input kept on the device: uploaded at the first execution only.
                schedule = newSchedule().keepOnDevice(floats ? af : ai);
                check("ferrocl", ferroclKept(), expected);
                check("ferrocl", ferroclKept(), expected);
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                groupCount = groups();
                partialsF = new float[groupCount];
                partialsI = new int[groupCount];
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
     * ({@link #kernelSumChain}) a lane of a work-item's vector accumulators, the fixed tree over its eight lanes (3),
     * the tail element (1), the work-group tree (log2 LOCAL) and the host's fold of the groups' partials; for the
     * parallel streams a 2^16 chunk (the chunks are added in double). The bound holds for any evaluation tree, so
     * for the vector kernel's order too: every computed sum is (a + b)(1 + d) with |d| <= u = 2^-24, so each term
     * reaches the result multiplied by at most k such factors, and |computed - exact| <= gamma(k) sum|a| with
     * gamma(k) = k u / (1 - k u) (Higham, Lemma 3.1 and section 4.2); the first addition into a zero accumulator is
     * exact, counting it only loosens the bound. The classical bound for an arbitrary order, gamma(n-1), is vacuous
     * at n = 2^26 (n * u > 1).
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
                // + 4: the fixed tree over a work-item's eight per-step accumulators (3) and their fold (1).
                k = (n + global - 1) / global + 4 + 64 - Long.numberOfLeadingZeros(local) + global / local + 1;
                break;
            }
            case "opencl":
                // kernelSumChain: a lane's share of the vectors, the 8-lane tree, the tail, the work-group tree; then
                // the host's fold of the partials (from 0f: one addition per partial).
                k = kernelSumChain(n, groupCount) + groupCount;
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
        return execute("ferrocl");
    }

    /** One execution of the schedule from the operator's identity; the kernel time is recorded as variant's. */
    private double execute(String variant) {
        outF[0] = op.startsWith("sum") ? 0f : Float.POSITIVE_INFINITY;
        outI[0] = op.startsWith("sum") ? 0 : Integer.MAX_VALUE;
        schedule.execute();
        KernelTimes.record(NAME, variant, size + ", op=" + op, schedule);
        return op.endsWith("Float") ? outF[0] : outI[0];
    }

    /**
     * Ferrocl with the input kept on the device ({@link TaskSchedule#keepOnDevice(Object...)}): the input does not
     * change between executions, so only the first one uploads it; each execution still runs the kernel, brings the
     * partials back, combines them and writes {@code out[0]}.
     */
    @Benchmark
    public double ferroclKept() {
        return execute("ferroclKept");
    }

    @Benchmark
    public double opencl() {
        boolean floats = op.endsWith("Float");
        long nanos = kernel.launch(new long[] {(long) groupCount * LOCAL}, new long[] {LOCAL},
                OpenClKernel.readOnly(floats ? af : ai), n, OpenClKernel.writeOnly(floats ? partialsF : partialsI),
                OpenClKernel.local(4L * LOCAL)).kernelNanos();
        KernelTimes.record(NAME, "opencl", size + ", op=" + op, nanos, kernel);
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

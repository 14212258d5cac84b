package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import dev.ferrocl.api.OpenClKernel;
import java.util.concurrent.TimeUnit;
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

/**
 * Where to combine a reduction's per-work-group partials: on the host (download them, fold in Java: what Ferrocl's
 * {@code @Reduce} does) or on the device (a second, one-work-group kernel, then download one value). Both run the same
 * hand-written first stage over a float sum through {@link OpenClKernel}, so they pay the same input transfer.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class ReductionCombineBench {
    static final String NAME = "ReductionCombine";
    static final String COMBINE = """
            #pragma OPENCL FP_CONTRACT OFF
            __kernel void combine(__global const float* partials, const int n, __global float* out,
                                  __local float* scratch) {
                float acc = 0.0f;
                for (int i = get_local_id(0); i < n; i += get_local_size(0)) acc += partials[i];
                const int lid = get_local_id(0);
                scratch[lid] = acc;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
                    if (lid < s) scratch[lid] += scratch[lid + s];
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (lid == 0) out[0] += scratch[0];
            }
            """;

    @Param({"16777216", "67108864"})
    public String size;

    int n;
    float[] a;
    /** The first stage's work-groups ({@link ReductionBench#groups()}) and their partials. */
    int groups;
    float[] partials;
    float[] out = new float[1];
    OpenClKernel first;
    OpenClKernel combine;
    double magnitude;

    @Setup(Level.Trial)
    public void setup() {
        n = BenchSupport.size(size, ReductionBench.SMOKE);
        a = BenchSupport.randomFloats(11, n, -1f, 1f);
        groups = ReductionBench.groups();
        partials = new float[groups];
        first = OpenClKernel.build(ReductionBench.OPENCL, "sumFloat");
        combine = OpenClKernel.build(COMBINE, "combine");
        for (float x : a) {
            magnitude += Math.abs(x);
        }
        check("hostCombine", hostCombine());
        check("deviceCombine", deviceCombine());
    }

    /**
     * Within gamma(k) * sum|a| of the exact sum (computed in double, whose own error is added), k the longest chain
     * of additions in this order (Higham, ch. 4; see ReductionBench.check): the first stage up to its partials
     * ({@link ReductionBench#kernelSumChain}), then the longer of the two combines: the host's fold (one addition per
     * partial) or the device's (a work-item's strided share of the partials, the work-group tree, the add into out[0]).
     */
    private void check(String variant, float actual) {
        double exact = 0;
        for (float x : a) {
            exact += x;
        }
        int local = ReductionBench.LOCAL;
        long deviceCombine = (groups + local - 1) / local + (31 - Integer.numberOfLeadingZeros(local)) + 1;
        long k = ReductionBench.kernelSumChain(n, groups) + Math.max(groups, deviceCombine);
        double u = Math.ulp(1f) / 2;
        double tol = k * u / (1 - k * u) * magnitude + n * 0x1p-53 * magnitude;
        if (!(Math.abs(actual - exact) <= tol)) {
            throw new IllegalStateException(NAME + "." + variant + ": " + actual + " vs the exact sum " + exact);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        first.close();
        combine.close();
        KernelTimes.flush();
    }

    private long firstStage() {
        return first.launch(new long[] {(long) groups * ReductionBench.LOCAL},
                new long[] {ReductionBench.LOCAL}, OpenClKernel.readOnly(a), n, partials,
                OpenClKernel.local(4L * ReductionBench.LOCAL)).kernelNanos();
    }

    @Benchmark
    public float hostCombine() {
        long nanos = firstStage();
        float s = 0f;
        for (float p : partials) {
            s += p;
        }
        KernelTimes.record(NAME, "hostCombine", size, nanos, first);
        return s;
    }

    @Benchmark
    public float deviceCombine() {
        long nanos = firstStage();
        out[0] = 0f;
        nanos += combine.launch(new long[] {ReductionBench.LOCAL}, new long[] {ReductionBench.LOCAL},
                OpenClKernel.readOnly(partials), groups, out,
                OpenClKernel.local(4L * ReductionBench.LOCAL)).kernelNanos();
        KernelTimes.record(NAME, "deviceCombine", size, nanos, first, combine);
        return out[0];
    }
}

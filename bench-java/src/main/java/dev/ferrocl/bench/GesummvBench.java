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
 * PolyBench's gesummv, {@code y = alpha A x + beta B x} over floats (alpha 1.5, beta 1.2 as in PolyBench), A and B
 * n x n row-major in flat arrays; {@code tmp = A x} is an output too. One {@code @Parallel} loop over the rows, two
 * dot products each, in PolyBench's order ({@code tmp = A[i][j] * x[j] + tmp}, j ascending). Memory bound.
 *
 * <p>The hand-written kernel keeps one work-item per row and Java's order of operations (so Java's bits), with
 * {@value #ROWS} x {@value #ROWS} tiles of A, then of B, staged in local memory by coalesced row-wise loads, as in
 * {@link MatVecBench} (on an H100 at 8192: 0.92 ms against 1.28 ms for the plain one-row-per-work-item kernel and
 * 1.64 ms for A's and B's tiles staged together; the shapes 16 x 32, 8 x 64, 32 x 64 and 16 x 64 were slower).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class GesummvBench {
    static final String NAME = "Gesummv";
    static final int SMOKE = 64;
    static final int ROWS = 32;
    static final float ALPHA = 1.5f;
    static final float BETA = 1.2f;

    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF
            #define ROWS 32
            // For each block of ROWS columns: stage x's piece and A's ROWS x ROWS tile (coalesced row-wise loads),
            // add up, then B's tile in the same local buffer. One work-item per row, Java's order (j ascending).
            __kernel void gesummv(const int n, const float alpha, const float beta, __global const float *a,
                                  __global const float *b, __global const float *x, __global float *tmp,
                                  __global float *y) {
                __local float tile[ROWS][ROWS + 1];
                __local float xs[ROWS];
                int lid = get_local_id(0);
                int row0 = get_group_id(0) * ROWS;
                float t = 0.0f;
                float s = 0.0f;
                for (int c0 = 0; c0 < n; c0 += ROWS) {
                    int col = c0 + lid;
                    int kmax = min(ROWS, n - c0);
                    xs[lid] = col < n ? x[col] : 0.0f;
                    for (int r = 0; r < ROWS; r++) {
                        tile[r][lid] = row0 + r < n && col < n ? a[(row0 + r) * n + col] : 0.0f;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int k = 0; k < kmax; k++) {
                        t = tile[lid][k] * xs[k] + t;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int r = 0; r < ROWS; r++) {
                        tile[r][lid] = row0 + r < n && col < n ? b[(row0 + r) * n + col] : 0.0f;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int k = 0; k < kmax; k++) {
                        s = tile[lid][k] * xs[k] + s;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                int row = row0 + lid;
                if (row < n) {
                    tmp[row] = t;
                    y[row] = alpha * t + beta * s;
                }
            }
            """;

    @Param({"4096", "8192"})
    public String size;

    int n;
    float[] a;
    float[] b;
    float[] x;
    float[] tmp;
    float[] y;
    TaskSchedule schedule;
    OpenClKernel kernel;
    GesummvKernel aparapi;

    /** The natural Ferrocl form; on the JVM (the sequential variant) it runs as written. */
    static void gesummv(int n, float alpha, float beta, float[] a, float[] b, float[] x, float[] tmp, float[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            float t = 0f;
            float s = 0f;
            for (int j = 0; j < n; j++) {
                t = a[i * n + j] * x[j] + t;
                s = b[i * n + j] * x[j] + s;
            }
            tmp[i] = t;
            y[i] = alpha * t + beta * s;
        }
    }

    static void gesummvStreams(int n, float alpha, float beta, float[] a, float[] b, float[] x, float[] tmp,
            float[] y) {
        IntStream.range(0, n).parallel().forEach(i -> {
            float t = 0f;
            float s = 0f;
            for (int j = 0; j < n; j++) {
                t = a[i * n + j] * x[j] + t;
                s = b[i * n + j] * x[j] + s;
            }
            tmp[i] = t;
            y[i] = alpha * t + beta * s;
        });
    }

    /** The Aparapi form. */
    static final class GesummvKernel extends Kernel {
        final int n;
        final float alpha;
        final float beta;
        final float[] a;
        final float[] b;
        final float[] x;
        final float[] tmp;
        final float[] y;

        GesummvKernel(int n, float alpha, float beta, float[] a, float[] b, float[] x, float[] tmp, float[] y) {
            this.n = n;
            this.alpha = alpha;
            this.beta = beta;
            this.a = a;
            this.b = b;
            this.x = x;
            this.tmp = tmp;
            this.y = y;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            float t = 0f;
            float s = 0f;
            for (int j = 0; j < n; j++) {
                t = a[i * n + j] * x[j] + t;
                s = b[i * n + j] * x[j] + s;
            }
            tmp[i] = t;
            y[i] = alpha * t + beta * s;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        // Nonnegative inputs: the bound of BenchSupport.checkContracted (Aparapi) needs them.
        a = BenchSupport.randomFloats(1, n * n, 0f, 1f);
        b = BenchSupport.randomFloats(2, n * n, 0f, 1f);
        x = BenchSupport.randomFloats(3, n, 0f, 1f);
        tmp = new float[n];
        y = new float[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[] expectedTmp = new float[n];
        float[] expectedY = new float[n];
        gesummv(n, ALPHA, BETA, a, b, x, expectedTmp, expectedY);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size, () -> new TaskSchedule(NAME)
                        .task("gesummv", GesummvBench::gesummv, n, ALPHA, BETA, a, b, x, tmp, y));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "gesummv");
                opencl();
                break;
            case "aparapi":
                aparapi = new GesummvKernel(n, ALPHA, BETA, a, b, x, tmp, y);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: a * x + t may be a fused multiply-add.
                BenchSupport.checkContracted(NAME + "." + variant + " tmp", expectedTmp, tmp, n + 1);
                BenchSupport.checkContracted(NAME + "." + variant + " y", expectedY, y, n + 3);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant + " tmp", expectedTmp, tmp);
        BenchSupport.checkExact(NAME + "." + variant + " y", expectedY, y);
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
    public float[] sequential() {
        gesummv(n, ALPHA, BETA, a, b, x, tmp, y);
        return y;
    }

    @Benchmark
    public float[] parallelStreams() {
        gesummvStreams(n, ALPHA, BETA, a, b, x, tmp, y);
        return y;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return y;
    }

    @Benchmark
    public float[] opencl() {
        long groups = (n + ROWS - 1) / ROWS;
        long nanos = kernel.launch(new long[] {groups * ROWS}, new long[] {ROWS}, n, ALPHA, BETA,
                OpenClKernel.readOnly(a), OpenClKernel.readOnly(b), OpenClKernel.readOnly(x), OpenClKernel.writeOnly(tmp), OpenClKernel.writeOnly(y)).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return y;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create(n));
        Aparapis.onOpenCl(NAME, aparapi);
        return y;
    }
}

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
 * Float matrix multiplication {@code C = A B}, n x n, row-major in flat arrays: a 2-D {@code @Parallel} nest over
 * (i, j) with the dot product over k inside, the form a Java programmer writes for a GPU. The hand-written kernel
 * is the classic local-memory tiled one (16 x 16 tiles); it adds the products in the same order as Java (k
 * ascending), so its results are Java's bit for bit.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class MatMulBench {
    static final String NAME = "MatMul";
    static final int SMOKE = 64;
    static final int TILE = 16;

    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF
            #define TILE 16
            __kernel void matmul(__global const float *a, __global const float *b, __global float *c, const int n) {
                __local float as[TILE][TILE];
                __local float bs[TILE][TILE];
                int lx = get_local_id(0);
                int ly = get_local_id(1);
                int col = get_group_id(0) * TILE + lx;
                int row = get_group_id(1) * TILE + ly;
                float sum = 0.0f;
                for (int t = 0; t < n; t += TILE) {
                    as[ly][lx] = row < n && t + lx < n ? a[row * n + t + lx] : 0.0f;
                    bs[ly][lx] = col < n && t + ly < n ? b[(t + ly) * n + col] : 0.0f;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    int kmax = min(TILE, n - t);   // no padding terms: the sum is Java's, k ascending
                    for (int k = 0; k < kmax; k++) {
                        sum += as[ly][k] * bs[k][lx];
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (row < n && col < n) {
                    c[row * n + col] = sum;
                }
            }
            """;

    @Param({"1024", "2048"})
    public String size;

    int n;
    float[] a;
    float[] b;
    float[] c;
    TaskSchedule schedule;
    OpenClKernel kernel;
    MatMulKernel aparapi;

    /** The natural Ferrocl form; on the JVM (the sequential variant) it runs as written. */
    static void matmul(int n, float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float sum = 0f;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = sum;
            }
        }
    }

    static void matmulStreams(int n, float[] a, float[] b, float[] c) {
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int j = 0; j < n; j++) {
                float sum = 0f;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = sum;
            }
        });
    }

    /**
     * The reference: a sequential run takes seconds at 1024 and about a minute at 2048, so the reference runs in
     * parallel over rows and in cache-friendly i-k-j order. Every c[i][j] is still {@code ((0 + p0) + p1) + ...}
     * with {@code pk = a[i][k] * b[k][j]}, k ascending, each operation rounded to float: the same operations as
     * {@link #matmul}, so the same bits (checked against {@link #matmul} itself at small sizes).
     */
    static float[] reference(int n, float[] a, float[] b) {
        float[] c = new float[n * n];
        IntStream.range(0, n).parallel().forEach(i -> {
            float[] row = new float[n];
            for (int k = 0; k < n; k++) {
                float aik = a[i * n + k];
                for (int j = 0; j < n; j++) {
                    row[j] += aik * b[k * n + j];
                }
            }
            System.arraycopy(row, 0, c, i * n, n);
        });
        if (n <= 256) {
            float[] sequential = new float[n * n];
            matmul(n, a, b, sequential);
            BenchSupport.checkExact(NAME + " reference against the sequential method", sequential, c);
        }
        return c;
    }

    /** The Aparapi form: dimension 0 is j, dimension 1 is i. */
    static final class MatMulKernel extends Kernel {
        final int n;
        final float[] a;
        final float[] b;
        final float[] c;

        MatMulKernel(int n, float[] a, float[] b, float[] c) {
            this.n = n;
            this.a = a;
            this.b = b;
            this.c = c;
        }

        @Override
        public void run() {
            int j = getGlobalId(0);
            int i = getGlobalId(1);
            float sum = 0f;
            for (int k = 0; k < n; k++) {
                sum += a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = sum;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        // Nonnegative inputs: the bound of BenchSupport.checkContracted (Aparapi) needs them.
        a = BenchSupport.randomFloats(1, n * n, 0f, 1f);
        b = BenchSupport.randomFloats(2, n * n, 0f, 1f);
        c = new float[n * n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the definition of the computation; the reference is checked against it at small sizes
        }
        float[] expected = reference(n, a, b);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("matmul", MatMulBench::matmul, n, a, b, c));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "matmul");
                opencl();
                break;
            case "aparapi":
                aparapi = new MatMulKernel(n, a, b, c);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: sum += a * b may be a fused multiply-add.
                BenchSupport.checkContracted(NAME + "." + variant, expected, c, n + 1);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, c);
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

    /** One operation takes seconds (about a minute at 2048): one measured call. */
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[] sequential() {
        matmul(n, a, b, c);
        return c;
    }

    /**
     * One operation takes about 4.5 s at 2048 on the 16-core H100 host (0.4 s at 1024); setup has just run it once
     * (its check), which also compiles it: one measured call, no warmup (the GPU run's time budget).
     */
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[] parallelStreams() {
        matmulStreams(n, a, b, c);
        return c;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return c;
    }

    @Benchmark
    public float[] opencl() {
        long tiles = (n + TILE - 1) / TILE;
        long nanos = kernel.launch(new long[] {tiles * TILE, tiles * TILE}, new long[] {TILE, TILE},
                OpenClKernel.readOnly(a), OpenClKernel.readOnly(b), OpenClKernel.writeOnly(c), n).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return c;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create2D(n, n));
        Aparapis.onOpenCl(NAME, aparapi);
        return c;
    }
}

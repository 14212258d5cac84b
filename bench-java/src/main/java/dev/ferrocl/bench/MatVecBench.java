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
 * Float matrix-vector product {@code y = A x}, A n x n row-major in a flat array: one {@code @Parallel} loop over
 * the rows, each a dot product. Memory bound: A is read once, and end to end its upload dominates.
 *
 * <p>The hand-written kernel keeps one work-item per row, adding the products in Java's order (j ascending) so that
 * its results are Java's bit for bit (a tree reduction across a row would round differently). Its work-group of
 * {@value #ROWS} rows stages {@value #ROWS} x {@value #ROWS} tiles of A in local memory, loaded row by row so that
 * the global reads are coalesced, and the matching piece of x (on an H100 at 8192: 0.47 ms against 0.71 ms for the
 * plain one-row-per-work-item kernel; wider tiles, 32 x 64 to 32 x 256, 16 x 128, 8 x 256, were slower).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class MatVecBench {
    static final String NAME = "MatVec";
    static final int SMOKE = 64;
    static final int ROWS = 32;

    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF
            #define ROWS 32
            __kernel void matvec(__global const float *a, __global const float *x, __global float *y, const int n) {
                __local float tile[ROWS][ROWS + 1];
                __local float xs[ROWS];
                int lid = get_local_id(0);
                int row0 = get_group_id(0) * ROWS;
                int row = row0 + lid;
                float sum = 0.0f;
                for (int t = 0; t < n; t += ROWS) {
                    int col = t + lid;
                    for (int r = 0; r < ROWS; r++) {
                        tile[r][lid] = row0 + r < n && col < n ? a[(row0 + r) * n + col] : 0.0f;
                    }
                    xs[lid] = col < n ? x[col] : 0.0f;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    int kmax = min(ROWS, n - t);   // no padding terms: the sum is Java's, j ascending
                    for (int k = 0; k < kmax; k++) {
                        sum += tile[lid][k] * xs[k];
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (row < n) {
                    y[row] = sum;
                }
            }
            """;

    @Param({"4096", "8192"})
    public String size;

    int n;
    float[] a;
    float[] x;
    float[] y;
    TaskSchedule schedule;
    OpenClKernel kernel;
    MatVecKernel aparapi;

    /** The natural Ferrocl form; on the JVM (the sequential variant) it runs as written. */
    static void matvec(int n, float[] a, float[] x, float[] y) {
        for (@Parallel int i = 0; i < n; i++) {
            float sum = 0f;
            for (int j = 0; j < n; j++) {
                sum += a[i * n + j] * x[j];
            }
            y[i] = sum;
        }
    }

    static void matvecStreams(int n, float[] a, float[] x, float[] y) {
        IntStream.range(0, n).parallel().forEach(i -> {
            float sum = 0f;
            for (int j = 0; j < n; j++) {
                sum += a[i * n + j] * x[j];
            }
            y[i] = sum;
        });
    }

    /** The Aparapi form. */
    static final class MatVecKernel extends Kernel {
        final int n;
        final float[] a;
        final float[] x;
        final float[] y;

        MatVecKernel(int n, float[] a, float[] x, float[] y) {
            this.n = n;
            this.a = a;
            this.x = x;
            this.y = y;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            float sum = 0f;
            for (int j = 0; j < n; j++) {
                sum += a[i * n + j] * x[j];
            }
            y[i] = sum;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        // Nonnegative inputs: the bound of BenchSupport.checkContracted (Aparapi) needs them.
        a = BenchSupport.randomFloats(1, n * n, 0f, 1f);
        x = BenchSupport.randomFloats(2, n, 0f, 1f);
        y = new float[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[] expected = new float[n];
        matvec(n, a, x, expected);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("matvec", MatVecBench::matvec, n, a, x, y));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "matvec");
                opencl();
                break;
            case "aparapi":
                aparapi = new MatVecKernel(n, a, x, y);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: sum += a * x may be a fused multiply-add.
                BenchSupport.checkContracted(NAME + "." + variant, expected, y, n + 1);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, y);
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
        matvec(n, a, x, y);
        return y;
    }

    @Benchmark
    public float[] parallelStreams() {
        matvecStreams(n, a, x, y);
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
        long nanos = kernel.launch(new long[] {groups * ROWS}, new long[] {ROWS}, OpenClKernel.readOnly(a),
                OpenClKernel.readOnly(x), OpenClKernel.writeOnly(y), n).kernelNanos();
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

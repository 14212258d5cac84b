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
 * Transpose of an n x n float matrix stored row-major in a flat array, {@code out[j][i] = in[i][j]}: no arithmetic,
 * all memory access pattern. The hand-written kernel is the classic local-memory tiled transpose (32 x 32 tiles,
 * 32 x 8 work-items, padded against bank conflicts), so that reads and writes are both coalesced.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class TransposeBench {
    static final String NAME = "Transpose";
    static final int SMOKE = 64;
    static final int TILE = 32;
    static final int ROWS = 8;

    static final String OPENCL = """
            #define TILE 32
            #define ROWS 8
            // A work-group of TILE x ROWS work-items moves one TILE x TILE tile through local memory.
            __kernel void transpose(__global const float *in, __global float *out, const int n) {
                __local float tile[TILE][TILE + 1];
                int lx = get_local_id(0);
                int ly = get_local_id(1);
                int x = get_group_id(0) * TILE + lx;
                int y = get_group_id(1) * TILE + ly;
                for (int r = 0; r < TILE; r += ROWS) {
                    if (x < n && y + r < n) {
                        tile[ly + r][lx] = in[(y + r) * n + x];
                    }
                }
                barrier(CLK_LOCAL_MEM_FENCE);
                x = get_group_id(1) * TILE + lx;
                y = get_group_id(0) * TILE + ly;
                for (int r = 0; r < TILE; r += ROWS) {
                    if (x < n && y + r < n) {
                        out[(y + r) * n + x] = tile[lx][ly + r];
                    }
                }
            }
            """;

    @Param({"2048", "4096"})
    public String size;

    int n;
    float[] in;
    float[] out;
    TaskSchedule schedule;
    OpenClKernel kernel;
    TransposeKernel aparapi;

    /** The natural Ferrocl form: a 2-D nest; on the JVM (the sequential variant) it runs as written. */
    static void transpose(int n, float[] in, float[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                out[j * n + i] = in[i * n + j];
            }
        }
    }

    static void transposeStreams(int n, float[] in, float[] out) {
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int j = 0; j < n; j++) {
                out[j * n + i] = in[i * n + j];
            }
        });
    }

    /** The Aparapi form: dimension 0 is j, dimension 1 is i. */
    static final class TransposeKernel extends Kernel {
        final int n;
        final float[] in;
        final float[] out;

        TransposeKernel(int n, float[] in, float[] out) {
            this.n = n;
            this.in = in;
            this.out = out;
        }

        @Override
        public void run() {
            int j = getGlobalId(0);
            int i = getGlobalId(1);
            out[j * n + i] = in[i * n + j];
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        in = BenchSupport.randomFloats(1, n * n, -1f, 1f);
        out = new float[n * n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[] expected = new float[n * n];
        transpose(n, in, expected);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("transpose", TransposeBench::transpose, n, in, out));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "transpose");
                opencl();
                break;
            case "aparapi":
                aparapi = new TransposeKernel(n, in, out);
                aparapi();
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, out);
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
        transpose(n, in, out);
        return out;
    }

    @Benchmark
    public float[] parallelStreams() {
        transposeStreams(n, in, out);
        return out;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return out;
    }

    @Benchmark
    public float[] opencl() {
        long tiles = (n + TILE - 1) / TILE;
        long nanos = kernel.launch(new long[] {tiles * TILE, tiles * ROWS}, new long[] {TILE, ROWS},
                OpenClKernel.readOnly(in), OpenClKernel.writeOnly(out), n).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return out;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create2D(n, n));
        Aparapis.onOpenCl(NAME, aparapi);
        return out;
    }
}

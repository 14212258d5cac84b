package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

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
 * {@link MatMulBench}'s product on Java's arrays of rows ({@code float[][]}), the form most Java code holds a matrix
 * in: Ferrocl flattens each argument at every execution (a table of rows and one data array) and copies C's rows
 * back ({@code ferroclKept}: A and B kept on the device, flattened once). The hand-written kernel is MatMul's tiled
 * one on flat copies made once in setup, so its figures leave out the copies a {@code float[][]} costs: they say what
 * the rows' indirection and copies cost Ferrocl.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class MatMul2DBench {
    static final String NAME = "MatMul2D";
    static final int SMOKE = 64;

    @Param({"1024"})
    public String size;

    int n;
    float[][] a;
    float[][] b;
    float[][] c;
    float[] flatA;
    float[] flatB;
    float[] flatC;
    TaskSchedule schedule;
    OpenClKernel kernel;

    static void matmul(int n, float[][] a, float[][] b, float[][] c) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float sum = 0f;
                float[] row = a[i];
                for (int k = 0; k < n; k++) {
                    sum += row[k] * b[k][j];
                }
                c[i][j] = sum;
            }
        }
    }

    static float[][] rows(float[] flat, int n) {
        float[][] m = new float[n][];
        for (int i = 0; i < n; i++) {
            m[i] = java.util.Arrays.copyOfRange(flat, i * n, (i + 1) * n);
        }
        return m;
    }

    static float[] flat(float[][] m, int n) {
        float[] f = new float[n * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], 0, f, i * n, n);
        }
        return f;
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        flatA = BenchSupport.randomFloats(1, n * n, 0f, 1f);
        flatB = BenchSupport.randomFloats(2, n * n, 0f, 1f);
        flatC = new float[n * n];
        a = rows(flatA, n);
        b = rows(flatB, n);
        c = new float[n][n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return;
        }
        // The same operations in the same order as MatMul's flat method: its reference is this one's.
        float[] expected = MatMulBench.reference(n, flatA, flatB);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                BenchSupport.checkExact(NAME + "." + variant, expected, flat(c, n));
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("matmul", MatMul2DBench::matmul, n, a, b, c));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                BenchSupport.checkExact(NAME + "." + variant, expected, flat(c, n));
                break;
            case "ferroclKept":
                // A and B kept on the device: flattened and uploaded at the first execution only.
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("matmul", MatMul2DBench::matmul, n, a, b, c)
                                .keepOnDevice(a, b));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                BenchSupport.checkExact(NAME + "." + variant, expected, flat(c, n));
                break;
            case "opencl":
                kernel = OpenClKernel.build(MatMulBench.OPENCL, "matmul");
                opencl();
                BenchSupport.checkExact(NAME + "." + variant, expected, flatC);
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
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

    /** Seconds per operation: one measured call. */
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[][] sequential() {
        matmul(n, a, b, c);
        return c;
    }

    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[][] parallelStreams() {
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int j = 0; j < n; j++) {
                float sum = 0f;
                float[] row = a[i];
                for (int k = 0; k < n; k++) {
                    sum += row[k] * b[k][j];
                }
                c[i][j] = sum;
            }
        });
        return c;
    }

    @Benchmark
    public float[][] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return c;
    }

    @Benchmark
    public float[][] ferroclKept() {
        schedule.execute();
        KernelTimes.record(NAME, "ferroclKept", size, schedule);
        return c;
    }

    @Benchmark
    public float[] opencl() {
        int tile = MatMulBench.TILE;
        long tiles = (n + tile - 1) / tile;
        long nanos = kernel.launch(new long[] {tiles * tile, tiles * tile}, new long[] {tile, tile},
                OpenClKernel.readOnly(flatA), OpenClKernel.readOnly(flatB), OpenClKernel.writeOnly(flatC), n)
                .kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return flatC;
    }
}

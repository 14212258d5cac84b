package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
import dev.ferrocl.api.Devices;
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
 * PolyBench's gemm, {@code C = alpha A B + beta C} over n x n floats (alpha 1.5, beta 1.2 as in PolyBench), C
 * updated in place: for each (i, j), {@code C[i][j] *= beta}, then {@code C[i][j] += alpha * A[i][k] * B[k][j]}
 * for k ascending. C is restored from a copy before every call (outside the measured time), so every call
 * computes the same thing. The hand-written kernel is local-memory tiled with register tiles (work-groups of 16 x 16,
 * each work-item computing TM x TN elements, 16 rows and 16 columns apart: 2 x 2 up to n = 512, 2 x 8 above, the
 * fastest of the shapes {@code bench-native/gemm} timed on the H200, 2026-11-28) and keeps Java's order of
 * operations, so its results are Java's bit for bit: {@code alpha * a[i][k]} is formed once per element as the tile
 * is loaded (the same product Java forms first), and full tiles run an unrolled inner loop. (Until 2026-11-28 each
 * work-item computed four elements of a row, and before that one: fractions of hand-written before then are against
 * those slower kernels.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class GemmBench {
    static final String NAME = "Gemm";
    static final int SMOKE = 64;
    /** Work-items of a hand-written work-group along each dimension. */
    static final int TILE = 16;
    static final float ALPHA = 1.5f;
    static final float BETA = 1.2f;

    static final String OPENCL = """
            // Hand-written gemm (PolyBench: C = alpha A B + beta C, n x n floats) with register tiles, in Java's order of
            // operations: C[i][j] = ((C[i][j] * beta + (alpha * A[i][0]) * B[0][j]) + (alpha * A[i][1]) * B[1][j]) + ...,
            // each operation rounded to float (no contraction). Work-groups of TS x TS work-items compute a block of
            // (TS * TM) rows x (TS * TN) columns: work-item (lx, ly) the TM x TN elements at rows ly + TS * m, columns
            // lx + TS * q (coalesced loads and stores), from local tiles TS deep in k. alpha * A[i][k] is formed once, as the
            // A tile is loaded. Build options -DTS= -DTM= -DTN= choose the shape.
            #pragma OPENCL FP_CONTRACT OFF
            #ifndef TS
            #define TS 16
            #endif
            #ifndef TM
            #define TM 2
            #endif
            #ifndef TN
            #define TN 4
            #endif
            #define BM (TS * TM)
            #define BN (TS * TN)
            __kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
            void gemm(const int n, const float alpha, const float beta, __global float *c,
                      __global const float *a, __global const float *b) {
                __local float as[BM][TS + 1];
                __local float bs[TS][BN];
                const int lx = get_local_id(0);
                const int ly = get_local_id(1);
                const int row0 = get_group_id(1) * BM + ly;
                const int col0 = get_group_id(0) * BN + lx;
                float acc[TM][TN];
                #pragma unroll
                for (int m = 0; m < TM; m++) {
                    #pragma unroll
                    for (int q = 0; q < TN; q++) {
                        const int row = row0 + TS * m, col = col0 + TS * q;
                        acc[m][q] = row < n && col < n ? c[row * n + col] * beta : 0.0f;
                    }
                }
                for (int t = 0; t < n; t += TS) {
                    #pragma unroll
                    for (int m = 0; m < TM; m++) {
                        const int row = row0 + TS * m;
                        as[ly + TS * m][lx] = row < n && t + lx < n ? alpha * a[row * n + t + lx] : 0.0f;
                    }
                    #pragma unroll
                    for (int q = 0; q < TN; q++) {
                        const int col = col0 + TS * q;
                        bs[ly][lx + TS * q] = col < n && t + ly < n ? b[(t + ly) * n + col] : 0.0f;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    const int kmax = min(TS, n - t);
                    if (kmax == TS) {
                        #pragma unroll
                        for (int k = 0; k < TS; k++) {
                            float av[TM], bv[TN];
                            #pragma unroll
                            for (int m = 0; m < TM; m++) av[m] = as[ly + TS * m][k];
                            #pragma unroll
                            for (int q = 0; q < TN; q++) bv[q] = bs[k][lx + TS * q];
                            #pragma unroll
                            for (int m = 0; m < TM; m++) {
                                #pragma unroll
                                for (int q = 0; q < TN; q++) acc[m][q] += av[m] * bv[q];
                            }
                        }
                    } else {
                        for (int k = 0; k < kmax; k++) {
                            #pragma unroll
                            for (int m = 0; m < TM; m++) {
                                const float x = as[ly + TS * m][k];
                                #pragma unroll
                                for (int q = 0; q < TN; q++) acc[m][q] += x * bs[k][lx + TS * q];
                            }
                        }
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                #pragma unroll
                for (int m = 0; m < TM; m++) {
                    #pragma unroll
                    for (int q = 0; q < TN; q++) {
                        const int row = row0 + TS * m, col = col0 + TS * q;
                        if (row < n && col < n) c[row * n + col] = acc[m][q];
                    }
                }
            }
            """;


    @Param({"512", "1024"})
    public String size;

    int n;
    float[] a;
    float[] b;
    float[] c0;
    float[] c;
    TaskSchedule schedule;
    OpenClKernel kernel;
    /** Rows and columns of C each work-item of the hand-written kernel computes. */
    int tm;
    int tn;
    GemmKernel aparapi;

    /** The natural Ferrocl form; on the JVM (the sequential variant) it runs as written. */
    static void gemm(int n, float alpha, float beta, float[] c, float[] a, float[] b) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float acc = c[i * n + j] * beta;
                for (int k = 0; k < n; k++) {
                    acc += alpha * a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = acc;
            }
        }
    }

    static void gemmStreams(int n, float alpha, float beta, float[] c, float[] a, float[] b) {
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int j = 0; j < n; j++) {
                float acc = c[i * n + j] * beta;
                for (int k = 0; k < n; k++) {
                    acc += alpha * a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = acc;
            }
        });
    }

    /**
     * The reference: a sequential run takes seconds at 1024 (B is walked by column), so the reference runs in
     * parallel over rows and in cache-friendly i-k-j order. Every C[i][j] is still
     * {@code ((C[i][j] * beta + (alpha * a[i][0]) * b[0][j]) + ...)}, k ascending, each operation rounded to float:
     * the same operations as {@link #gemm}, so the same bits (checked against {@link #gemm} itself at small sizes).
     */
    static float[] reference(int n, float alpha, float beta, float[] c0, float[] a, float[] b) {
        float[] c = new float[n * n];
        IntStream.range(0, n).parallel().forEach(i -> {
            float[] row = new float[n];
            for (int j = 0; j < n; j++) {
                row[j] = c0[i * n + j] * beta;
            }
            for (int k = 0; k < n; k++) {
                float aik = alpha * a[i * n + k];
                for (int j = 0; j < n; j++) {
                    row[j] += aik * b[k * n + j];
                }
            }
            System.arraycopy(row, 0, c, i * n, n);
        });
        if (n <= 256) {
            float[] sequential = c0.clone();
            gemm(n, alpha, beta, sequential, a, b);
            BenchSupport.checkExact(NAME + " reference against the sequential method", sequential, c);
        }
        return c;
    }

    /** The Aparapi form: dimension 0 is j, dimension 1 is i. */
    static final class GemmKernel extends Kernel {
        final int n;
        final float alpha;
        final float beta;
        final float[] c;
        final float[] a;
        final float[] b;

        GemmKernel(int n, float alpha, float beta, float[] c, float[] a, float[] b) {
            this.n = n;
            this.alpha = alpha;
            this.beta = beta;
            this.c = c;
            this.a = a;
            this.b = b;
        }

        @Override
        public void run() {
            int j = getGlobalId(0);
            int i = getGlobalId(1);
            float acc = c[i * n + j] * beta;
            for (int k = 0; k < n; k++) {
                acc += alpha * a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = acc;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        // Nonnegative inputs: the bound of BenchSupport.checkContracted (Aparapi) needs them.
        a = BenchSupport.randomFloats(1, n * n, 0f, 1f);
        b = BenchSupport.randomFloats(2, n * n, 0f, 1f);
        c0 = BenchSupport.randomFloats(3, n * n, 0f, 1f);
        c = c0.clone();
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the definition of the computation; the reference is checked against it at small sizes
        }
        float[] expected = reference(n, ALPHA, BETA, c0, a, b);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("gemm", GemmBench::gemm, n, ALPHA, BETA, c, a, b));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                tm = 2;
                tn = n <= 512 ? 2 : 8;
                kernel = OpenClKernel.build(Devices.defaultDevice(), OPENCL, "gemm",
                        "-DTS=" + TILE + " -DTM=" + tm + " -DTN=" + tn);
                opencl();
                break;
            case "aparapi":
                aparapi = new GemmKernel(n, ALPHA, BETA, c, a, b);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: acc += alpha * a * b may be a fused multiply-add.
                BenchSupport.checkContracted(NAME + "." + variant, expected, c, n + 3);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, c);
    }

    /** Every call starts from the same C. */
    @Setup(Level.Invocation)
    public void restoreC() {
        System.arraycopy(c0, 0, c, 0, c.length);
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

    /** One operation takes seconds at 1024: one measured call. */
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[] sequential() {
        gemm(n, ALPHA, BETA, c, a, b);
        return c;
    }

    @Benchmark
    public float[] parallelStreams() {
        gemmStreams(n, ALPHA, BETA, c, a, b);
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
        long rows = (n + tm * TILE - 1) / (tm * TILE);
        long cols = (n + tn * TILE - 1) / (tn * TILE);
        long nanos = kernel.launch(new long[] {cols * TILE, rows * TILE}, new long[] {TILE, TILE}, n, ALPHA,
                BETA, c, OpenClKernel.readOnly(a), OpenClKernel.readOnly(b)).kernelNanos();
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

package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.SplittableRandom;
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
 * SpMV: {@code y = A x} for a square sparse matrix in compressed sparse rows (CSR: {@code rowPtr}, {@code col},
 * {@code val}), double, one row per iteration (the scalar CSR kernel). The matrix is random: 16 to 32 nonzeros per
 * row (24 on average), in distinct, sorted columns spread at random over the whole row, so the reads of {@code x} have no locality
 * (a hard case for caches). Sizes: 2^19 and 2^21 rows (12.6 and 50 million nonzeros, 150 and 600 MB of matrix
 * to transfer); one sequential run of the larger takes about 0.1 s, so the reference is sequential.
 *
 * <p>Each row's sum runs in column order in every variant with IEEE multiplications and additions (no
 * contraction), so results are compared bit for bit. That is also why the hand-written kernel is the scalar CSR
 * kernel (one work-item per row, Bell and Garland's "CSR (scalar)") rather than the vector kernel (a sub-group
 * per row with a tree reduction), which is faster on a GPU but adds in another order. Aparapi's OpenCL C cannot
 * turn contraction off, so its result is checked against a rounding-error bound instead
 * ({@link #checkContracted}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class SpMVBench {
    static final String NAME = "SpMV";
    static final int SMOKE = 4096;

    static final String OPENCL = """
            #pragma OPENCL EXTENSION cl_khr_fp64 : enable
            #pragma OPENCL FP_CONTRACT OFF

            __kernel void spmv(__global const int *restrict rowPtr, __global const int *restrict col,
                               __global const double *restrict val, __global const double *restrict x,
                               __global double *restrict y, const int rows) {
                int row = get_global_id(0);
                if (row >= rows) {
                    return;
                }
                int end = rowPtr[row + 1];
                double sum = 0.0;
                for (int k = rowPtr[row]; k < end; k++) {
                    sum += val[k] * x[col[k]];
                }
                y[row] = sum;
            }
            """;

    @Param({"524288", "2097152"})
    public String size;

    int rows;
    int[] rowPtr;
    int[] col;
    double[] val;
    double[] x;
    double[] y;
    TaskSchedule schedule;
    OpenClKernel kernel;
    SpmvKernel aparapi;

    /** The natural Ferrocl form (the sequential variant runs it on the JVM). */
    static void spmv(int[] rowPtr, int[] col, double[] val, double[] x, double[] y) {
        for (@Parallel int row = 0; row < y.length; row++) {
            double sum = 0.0;
            for (int k = rowPtr[row]; k < rowPtr[row + 1]; k++) {
                sum += val[k] * x[col[k]];
            }
            y[row] = sum;
        }
    }

    /** The same with parallel streams (all host cores). */
    static void spmvStreams(int[] rowPtr, int[] col, double[] val, double[] x, double[] y) {
        IntStream.range(0, y.length).parallel().forEach(row -> {
            double sum = 0.0;
            for (int k = rowPtr[row]; k < rowPtr[row + 1]; k++) {
                sum += val[k] * x[col[k]];
            }
            y[row] = sum;
        });
    }

    /** The Aparapi form. */
    static final class SpmvKernel extends Kernel {
        final int[] rowPtr;
        final int[] col;
        final double[] val;
        final double[] x;
        final double[] y;

        SpmvKernel(int[] rowPtr, int[] col, double[] val, double[] x, double[] y) {
            this.rowPtr = rowPtr;
            this.col = col;
            this.val = val;
            this.x = x;
            this.y = y;
        }

        @Override
        public void run() {
            int row = getGlobalId();
            double sum = 0.0;
            for (int k = rowPtr[row]; k < rowPtr[row + 1]; k++) {
                sum += val[k] * x[col[k]];
            }
            y[row] = sum;
        }
    }

    /**
     * A random {@code rows x rows} CSR matrix: 16 to 32 nonzeros per row; a row of k nonzeros has one in each of k
     * equal column ranges, at a uniformly random column within it (so columns are distinct, sorted, and spread
     * over the whole row).
     */
    void randomMatrix(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        rowPtr = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            rowPtr[r + 1] = rowPtr[r] + 16 + rnd.nextInt(17);
        }
        col = new int[rowPtr[rows]];
        for (int r = 0; r < rows; r++) {
            int k = rowPtr[r + 1] - rowPtr[r];
            for (int j = 0; j < k; j++) {
                int lo = (int) ((long) j * rows / k);
                int hi = (int) ((long) (j + 1) * rows / k);
                col[rowPtr[r] + j] = lo + rnd.nextInt(hi - lo);
            }
        }
        val = BenchSupport.randomDoubles(seed + 1, col.length, -1, 1);
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        rows = BenchSupport.size(size, SMOKE);
        randomMatrix(30020);
        x = BenchSupport.randomDoubles(30022, rows, -1, 1);
        y = new double[rows];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        double[] expected = new double[rows];
        spmv(rowPtr, col, val, x, expected);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("spmv", SpMVBench::spmv, rowPtr, col, val, x, y));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "spmv");
                opencl();
                break;
            case "aparapi":
                aparapi = new SpmvKernel(rowPtr, col, val, x, y);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: sum += val * x may be a fused multiply-add.
                checkContracted(NAME + "." + variant, expected, y);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, y);
    }

    /**
     * The check of a variant that may fuse {@code sum += val * x} into one rounding (Aparapi, whose OpenCL C leaves
     * {@code FP_CONTRACT} on): for any evaluation of a row's dot product of k terms, fused or not, in any order,
     * {@code |computed - exact| <= gamma(k + 1) * sum |val * x|} with {@code gamma(m) = m u / (1 - m u)},
     * {@code u = 2^-53} (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., (3.5); each term goes
     * through at most k + 1 roundings). Java's and the variant's results therefore differ by at most
     * {@code 2 gamma(33) sum |val * x|} (k <= 32); the sum of magnitudes is computed here in double, which is
     * within a factor {@code 1 - gamma(32)} of exact, hence the division. Signed terms: the bound is in terms of
     * the magnitudes, not of the (possibly much smaller) result. Prints how many rows differ from Java's bits.
     */
    void checkContracted(String what, double[] expected, double[] actual) {
        double g = 33 * 0x1p-53 / (1 - 33 * 0x1p-53);
        int differ = 0;
        for (int row = 0; row < rows; row++) {
            if (Double.doubleToLongBits(expected[row]) == Double.doubleToLongBits(actual[row])) {
                continue;
            }
            differ++;
            double scale = 0;
            for (int k = rowPtr[row]; k < rowPtr[row + 1]; k++) {
                scale += Math.abs(val[k] * x[col[k]]);
            }
            double bound = 2 * g * scale / (1 - g);
            if (!(Math.abs(actual[row] - expected[row]) <= bound)) {
                throw new IllegalStateException(what + ": row " + row + " of " + rows + " is " + actual[row]
                        + " where Java computes " + expected[row] + ", more than the rounding-error bound " + bound
                        + " apart");
            }
        }
        if (differ > 0) {
            System.out.println("[bench] " + what + ": " + differ + " of " + rows
                    + " rows differ from Java's bits (fused multiply-add), all within the rounding-error bound");
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
        if (aparapi != null) {
            aparapi.dispose();
        }
        KernelTimes.flush();
    }

    @Benchmark
    public double[] sequential() {
        spmv(rowPtr, col, val, x, y);
        return y;
    }

    @Benchmark
    public double[] parallelStreams() {
        spmvStreams(rowPtr, col, val, x, y);
        return y;
    }

    @Benchmark
    public double[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return y;
    }

    @Benchmark
    public double[] opencl() {
        long local = 256;
        long global = (rows + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global}, new long[] {local}, OpenClKernel.readOnly(rowPtr),
                OpenClKernel.readOnly(col), OpenClKernel.readOnly(val), OpenClKernel.readOnly(x), OpenClKernel.writeOnly(y), rows)
                .kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return y;
    }

    @Benchmark
    public double[] aparapi() {
        aparapi.execute(Range.create(rows));
        Aparapis.onOpenCl(NAME, aparapi);
        return y;
    }
}

package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
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
 * Heat diffusion on an n x n float grid, {@value #STEPS} time steps per operation: each step a five-point stencil
 * into {@code next} ({@code 0.6 g + 0.1 (north + south + west + east)}), then {@code next} copied back into the
 * grid's interior; the border stays. The Ferrocl form is the natural Java: a sequential loop over the steps around
 * two {@code @Parallel} nests, which Ferrocl launches once per step with the grids on the device throughout. The grid
 * is restored from a copy before every call (outside the measured time), so every call computes the same thing.
 *
 * <p>Aparapi's form is one kernel run for {@code 2 * STEPS} passes ({@code execute(range, passes)}), even passes
 * computing {@code next} and odd ones copying it back. There is no hand-written variant: {@code OpenClKernel} moves
 * its arrays at every launch, which forty launches per operation would measure instead of the stencil.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class HeatBench {
    static final String NAME = "Heat";
    static final int SMOKE = 66;
    static final int STEPS = 20;

    @Param({"1024", "2048"})
    public String size;

    int n;
    float[] grid0;
    float[] grid;
    float[] next;
    TaskSchedule schedule;
    HeatKernel aparapi;

    /** The natural Ferrocl form; on the JVM (the sequential variant) it runs as written. */
    static void heat(int n, int steps, float[] grid, float[] next) {
        for (int s = 0; s < steps; s++) {
            for (@Parallel int r = 1; r < n - 1; r++) {
                for (@Parallel int c = 1; c < n - 1; c++) {
                    int k = r * n + c;
                    next[k] = 0.6f * grid[k] + 0.1f * (grid[k - n] + grid[k + n] + grid[k - 1] + grid[k + 1]);
                }
            }
            for (@Parallel int r = 1; r < n - 1; r++) {
                for (@Parallel int c = 1; c < n - 1; c++) {
                    grid[r * n + c] = next[r * n + c];
                }
            }
        }
    }

    static void heatStreams(int n, int steps, float[] grid, float[] next) {
        for (int s = 0; s < steps; s++) {
            IntStream.range(1, n - 1).parallel().forEach(r -> {
                for (int c = 1; c < n - 1; c++) {
                    int k = r * n + c;
                    next[k] = 0.6f * grid[k] + 0.1f * (grid[k - n] + grid[k + n] + grid[k - 1] + grid[k + 1]);
                }
            });
            IntStream.range(1, n - 1).parallel().forEach(r -> System.arraycopy(next, r * n + 1, grid, r * n + 1,
                    n - 2));
        }
    }

    /** The Aparapi form: dimension 0 is the column, 1 the row; even passes compute, odd ones copy back. */
    static final class HeatKernel extends Kernel {
        final int n;
        final float[] grid;
        final float[] next;

        HeatKernel(int n, float[] grid, float[] next) {
            this.n = n;
            this.grid = grid;
            this.next = next;
        }

        @Override
        public void run() {
            int c = getGlobalId(0);
            int r = getGlobalId(1);
            if (r >= 1 && r < n - 1 && c >= 1 && c < n - 1) {
                int k = r * n + c;
                if (getPassId() % 2 == 0) {
                    next[k] = 0.6f * grid[k] + 0.1f * (grid[k - n] + grid[k + n] + grid[k - 1] + grid[k + 1]);
                } else {
                    grid[k] = next[k];
                }
            }
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        grid0 = BenchSupport.randomFloats(31, n * n, 0f, 100f);
        grid = grid0.clone();
        next = new float[n * n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[] expected = grid0.clone();
        heat(n, STEPS, expected, new float[n * n]);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("heat", HeatBench::heat, n, STEPS, grid, next));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "aparapi":
                aparapi = new HeatKernel(n, grid, next);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: a step may fuse a multiply-add. Every element is a sum
                // of nonnegative terms, six roundings a step.
                BenchSupport.checkContracted(NAME + "." + variant, expected, grid, 6 * STEPS + 6);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, grid);
    }

    /** Every call starts from the same grid. */
    @Setup(Level.Invocation)
    public void restoreGrid() {
        System.arraycopy(grid0, 0, grid, 0, grid.length);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (schedule != null) {
            schedule.close();
        }
        if (aparapi != null) {
            aparapi.dispose();
        }
        KernelTimes.flush();
    }

    /** One operation takes about a second at 2048: one measured call. */
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[] sequential() {
        heat(n, STEPS, grid, next);
        return grid;
    }

    @Benchmark
    public float[] parallelStreams() {
        heatStreams(n, STEPS, grid, next);
        return grid;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return grid;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create2D(n, n), 2 * STEPS);
        Aparapis.onOpenCl(NAME, aparapi);
        return grid;
    }
}

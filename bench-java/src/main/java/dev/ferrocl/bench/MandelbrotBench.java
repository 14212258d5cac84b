package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
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
 * Mandelbrot, float: the escape-time iteration count (at most 256) of every pixel of a {@code size x size} image
 * of [-2, 1] x [-1.5, 1.5]; a 2-D parallel nest (rows, then pixels of a row), with very uneven work per pixel
 * (about 48 iterations on average, 256 inside the set). Sizes 2048^2 and 4096^2.
 *
 * <p>One sequential run of 4096^2 takes about 2 s, and every trial would pay it for the reference, so the reference is
 * the parallel-streams method (the same per-pixel Java arithmetic; the sequential variant's own check, in tearDown
 * after its measured call, compares the two). The counts are integers from IEEE float {@code + - *} only, so they are
 * compared exactly. Aparapi's OpenCL C leaves contraction on, and an escape-time count depends chaotically on every
 * rounding of the orbit, so no error bound applies: its counts are compared exactly with Java's arithmetic under each
 * way OpenCL C may contract the kernel's multiply-adds ({@link #checkAparapi}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class MandelbrotBench {
    static final String NAME = "Mandelbrot";
    static final int SMOKE = 256;
    static final int MAX_ITER = 256;
    static final float X0 = -2.0f;
    static final float Y0 = -1.5f;
    static final float EXTENT = 3.0f;

    /** The same computation in OpenCL C: a 2-D NDRange, one work-item per pixel. */
    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF

            __kernel void mandelbrot(__global int *iters, const int width, const int height, const float x0,
                                     const float y0, const float step, const int maxIter) {
                int px = get_global_id(0);
                int py = get_global_id(1);
                if (px >= width || py >= height) {
                    return;
                }
                float cx = x0 + px * step;
                float cy = y0 + py * step;
                float zx = 0.0f;
                float zy = 0.0f;
                int it = 0;
                while (it < maxIter && zx * zx + zy * zy <= 4.0f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2.0f * zx * zy + cy;
                    zx = t;
                    it++;
                }
                iters[py * width + px] = it;
            }
            """;

    @Param({"2048", "4096"})
    public String size;

    int width;
    float step;
    int[] iters;
    /** The sequential variant's reference, checked in tearDown against its measured call's result. */
    int[] sequentialExpected;
    TaskSchedule schedule;
    OpenClKernel kernel;
    MandelbrotKernel aparapi;

    /** The natural Ferrocl form: a 2-D nest (the sequential variant runs it on the JVM). */
    static void mandelbrot(int[] iters, int width, int height, float x0, float y0, float step, int maxIter) {
        for (@Parallel int py = 0; py < height; py++) {
            for (@Parallel int px = 0; px < width; px++) {
                float cx = x0 + px * step;
                float cy = y0 + py * step;
                float zx = 0f;
                float zy = 0f;
                int it = 0;
                while (it < maxIter && zx * zx + zy * zy <= 4f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2f * zx * zy + cy;
                    zx = t;
                    it++;
                }
                iters[py * width + px] = it;
            }
        }
    }

    /** The same with parallel streams over the rows (all host cores). */
    static void mandelbrotStreams(int[] iters, int width, int height, float x0, float y0, float step,
            int maxIter) {
        IntStream.range(0, height).parallel().forEach(py -> {
            for (int px = 0; px < width; px++) {
                float cx = x0 + px * step;
                float cy = y0 + py * step;
                float zx = 0f;
                float zy = 0f;
                int it = 0;
                while (it < maxIter && zx * zx + zy * zy <= 4f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2f * zx * zy + cy;
                    zx = t;
                    it++;
                }
                iters[py * width + px] = it;
            }
        });
    }

    /** The Aparapi form, over a 2-D range. */
    static final class MandelbrotKernel extends Kernel {
        final int[] iters;
        final int width;
        final float x0;
        final float y0;
        final float step;
        final int maxIter;

        MandelbrotKernel(int[] iters, int width, float x0, float y0, float step, int maxIter) {
            this.iters = iters;
            this.width = width;
            this.x0 = x0;
            this.y0 = y0;
            this.step = step;
            this.maxIter = maxIter;
        }

        @Override
        public void run() {
            int px = getGlobalId(0);
            int py = getGlobalId(1);
            float cx = x0 + px * step;
            float cy = y0 + py * step;
            float zx = 0f;
            float zy = 0f;
            int it = 0;
            while (it < maxIter && zx * zx + zy * zy <= 4f) {
                float t = zx * zx - zy * zy + cx;
                zy = 2f * zx * zy + cy;
                zx = t;
                it++;
            }
            iters[py * width + px] = it;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        width = BenchSupport.size(size, SMOKE);
        step = EXTENT / width;
        iters = new int[width * width];
        String variant = BenchSupport.variant(params);
        int[] expected = new int[width * width];
        mandelbrotStreams(expected, width, width, X0, Y0, step, MAX_ITER); // the reference: see the class comment
        switch (variant) {
            case "sequential":
                sequentialExpected = expected; // checked in tearDown, after the measured call
                return;
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size, () -> new TaskSchedule(NAME)
                        .task("mandelbrot", MandelbrotBench::mandelbrot, iters, width, width, X0, Y0, step,
                                MAX_ITER));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "mandelbrot");
                opencl();
                break;
            case "aparapi":
                aparapi = new MandelbrotKernel(iters, width, X0, Y0, step, MAX_ITER);
                aparapi();
                checkAparapi(expected);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, iters);
    }

    /**
     * One pixel's count by Java's arithmetic with some of the kernel's multiply-adds fused, as OpenCL C may do
     * when {@code FP_CONTRACT} is on (each of a * b + c, a * b - c, c - a * b within one expression may become
     * one fused multiply-add, or stay two roundings): {@code model} = cond + 3 re + 9 im + 18 c, where cond
     * picks none, {@code fma(zx, zx, zy * zy)} or {@code fma(zy, zy, zx * zx)} for the escape test, re picks
     * none, {@code fma(zx, zx, -(zy * zy)) + cx} or {@code fma(-zy, zy, zx * zx) + cx} for the new real part,
     * im none or {@code fma(2 zx, zy, cy)} for the new imaginary part, and c none or
     * {@code fma(px, step, x0)} (and the same for cy) for the pixel's coordinates. Model 0 is Java's own.
     */
    static int iterateContracted(int px, int py, float x0, float y0, float step, int maxIter, int model) {
        int cond = model % 3;
        int re = model / 3 % 3;
        int im = model / 9 % 2;
        int c = model / 18 % 2;
        float cx = c == 0 ? x0 + px * step : Math.fma((float) px, step, x0);
        float cy = c == 0 ? y0 + py * step : Math.fma((float) py, step, y0);
        float zx = 0f;
        float zy = 0f;
        int it = 0;
        while (it < maxIter) {
            float m2 = cond == 0 ? zx * zx + zy * zy
                    : cond == 1 ? Math.fma(zx, zx, zy * zy) : Math.fma(zy, zy, zx * zx);
            if (!(m2 <= 4f)) {
                break;
            }
            float t = re == 0 ? zx * zx - zy * zy + cx
                    : re == 1 ? Math.fma(zx, zx, -(zy * zy)) + cx : Math.fma(-zy, zy, zx * zx) + cx;
            zy = im == 0 ? 2f * zx * zy + cy : Math.fma(2f * zx, zy, cy);
            zx = t;
            it++;
        }
        return it;
    }

    static final int MODELS = 36;

    static String describe(int model) {
        String[] cond = {"", "escape test fma(zx, zx, zy * zy)", "escape test fma(zy, zy, zx * zx)"};
        String[] re = {"", "real part fma(zx, zx, -(zy * zy)) + cx", "real part fma(-zy, zy, zx * zx) + cx"};
        String[] im = {"", "imaginary part fma(2 zx, zy, cy)"};
        String[] c = {"", "coordinates fma(px, step, x0)"};
        StringBuilder b = new StringBuilder();
        for (String part : new String[] {cond[model % 3], re[model / 3 % 3], im[model / 9 % 2], c[model / 18 % 2]}) {
            if (!part.isEmpty()) {
                b.append(b.length() == 0 ? "" : ", ").append(part);
            }
        }
        return b.length() == 0 ? "no fused multiply-add" : b.toString();
    }

    /**
     * Aparapi's check: its counts must equal, pixel for pixel, those of Java's arithmetic under one of the
     * contraction models of {@link #iterateContracted} (model 0 is Java's own result); a compiler applies one
     * choice per expression to all work-items. Candidates are those models that give Aparapi's count at the first
     * (up to) 256 pixels where it differs from Java's; each is then computed over the whole image (in parallel)
     * until one matches everywhere. Prints how many pixels differ from Java's counts and the model that matched.
     */
    void checkAparapi(int[] expected) {
        int n = width * width;
        int[] firstDiffering = new int[256];
        int count = 0;
        int differ = 0;
        for (int k = 0; k < n; k++) {
            if (iters[k] != expected[k]) {
                if (count < firstDiffering.length) {
                    firstDiffering[count++] = k;
                }
                differ++;
            }
        }
        if (differ == 0) {
            return;
        }
        for (int model = 1; model < MODELS; model++) {
            boolean candidate = true;
            for (int d = 0; d < count && candidate; d++) {
                int k = firstDiffering[d];
                candidate = iterateContracted(k % width, k / width, X0, Y0, step, MAX_ITER, model) == iters[k];
            }
            if (!candidate) {
                continue;
            }
            int m = model;
            boolean all = IntStream.range(0, width).parallel().allMatch(py -> {
                for (int px = 0; px < width; px++) {
                    if (iterateContracted(px, py, X0, Y0, step, MAX_ITER, m) != iters[py * width + px]) {
                        return false;
                    }
                }
                return true;
            });
            if (all) {
                System.out.println("[bench] " + NAME + ".aparapi: " + differ + " of " + n + " pixels differ from"
                        + " Java's counts; all equal Java's arithmetic with " + describe(model));
                return;
            }
        }
        int k = firstDiffering[0];
        throw new IllegalStateException(NAME + ".aparapi: " + differ + " of " + n + " pixels differ from Java's"
                + " counts (the first: pixel " + k + ", " + iters[k] + " where Java computes " + expected[k]
                + "), and no contraction of the kernel's multiply-adds gives Aparapi's counts");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (sequentialExpected != null) {
            BenchSupport.checkExact(NAME + ".sequential", sequentialExpected, iters);
        }
        if (schedule != null) {
            // The timed executions may run otherwise than the first, checked one (on a GPU, once the runtime timed
            // the work, in batches whose transfers overlap): one more, checked.
            Arrays.fill(iters, -1);
            schedule.execute();
            int[] expected = new int[width * width];
            mandelbrotStreams(expected, width, width, X0, Y0, step, MAX_ITER);
            BenchSupport.checkExact(NAME + ".ferrocl after the trial (" + schedule.report().task("mandelbrot")
                    .batches() + " batches)", expected, iters);
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

    // One sequential run of the larger size takes about 4 s on the H100 host: one measured call, no warmup (the GPU
    // run's time budget; in its one JVM per class the larger size runs after the smaller one, so the loop is already
    // compiled). Its check against the reference (bit for bit: the same Java arithmetic) runs in tearDown, on that
    // call's result.
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public int[] sequential() {
        mandelbrot(iters, width, width, X0, Y0, step, MAX_ITER);
        return iters;
    }

    @Benchmark
    public int[] parallelStreams() {
        mandelbrotStreams(iters, width, width, X0, Y0, step, MAX_ITER);
        return iters;
    }

    @Benchmark
    public int[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return iters;
    }

    @Benchmark
    public int[] opencl() {
        long local = 16;
        long global = (width + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global, global}, new long[] {local, local}, OpenClKernel.writeOnly(iters), width, width, X0,
                Y0, step, MAX_ITER).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return iters;
    }

    @Benchmark
    public int[] aparapi() {
        aparapi.execute(Range.create2D(width, width));
        Aparapis.onOpenCl(NAME, aparapi);
        return iters;
    }
}

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
 * SAXPY out of place, {@code z[i] = alpha * x[i] + y[i]} over floats (out of place so that every call computes the
 * same thing): memory bound, like vector add, with one multiply-add per element.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class SaxpyBench {
    static final String NAME = "Saxpy";
    static final int SMOKE = 4096;

    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF
            __kernel void saxpy(const float alpha, __global const float *x, __global const float *y,
                                __global float *z, const int n) {
                int i = get_global_id(0);
                if (i < n) {
                    z[i] = alpha * x[i] + y[i];
                }
            }
            """;

    @Param({"4194304", "16777216"})
    public String size;

    static final float ALPHA = 2.5f;

    int n;
    float[] x;
    float[] y;
    float[] z;
    TaskSchedule schedule;
    OpenClKernel kernel;
    SaxpyKernel aparapi;

    /** The natural Ferrocl form; on the JVM (the sequential variant) the loop runs as written. */
    static void saxpy(float alpha, float[] x, float[] y, float[] z) {
        for (@Parallel int i = 0; i < z.length; i++) {
            z[i] = alpha * x[i] + y[i];
        }
    }

    static void saxpyStreams(float alpha, float[] x, float[] y, float[] z) {
        IntStream.range(0, z.length).parallel().forEach(i -> z[i] = alpha * x[i] + y[i]);
    }

    /** The Aparapi form. */
    static final class SaxpyKernel extends Kernel {
        final float alpha;
        final float[] x;
        final float[] y;
        final float[] z;

        SaxpyKernel(float alpha, float[] x, float[] y, float[] z) {
            this.alpha = alpha;
            this.x = x;
            this.y = y;
            this.z = z;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            z[i] = alpha * x[i] + y[i];
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        // Nonnegative inputs: the bound of BenchSupport.checkContracted (Aparapi) needs them.
        x = BenchSupport.randomFloats(1, n, 0f, 1f);
        y = BenchSupport.randomFloats(2, n, 0f, 1f);
        z = new float[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[] expected = new float[n];
        saxpy(ALPHA, x, y, expected);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("saxpy", SaxpyBench::saxpy, ALPHA, x, y, z));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "saxpy");
                opencl();
                break;
            case "aparapi":
                aparapi = new SaxpyKernel(ALPHA, x, y, z);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: alpha * x + y may be one fused multiply-add.
                BenchSupport.checkContracted(NAME + "." + variant, expected, z, 2);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, z);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (schedule != null) {
            // The timed executions may run otherwise than the first, checked one (on a GPU, once the runtime timed
            // the work, in batches whose transfers overlap): one more, checked.
            Arrays.fill(z, Float.NaN);
            schedule.execute();
            float[] expected = new float[z.length];
            saxpy(ALPHA, x, y, expected);
            BenchSupport.checkExact(NAME + ".ferrocl after the trial (" + schedule.report().task("saxpy").batches()
                    + " batches)", expected, z);
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
        saxpy(ALPHA, x, y, z);
        return z;
    }

    @Benchmark
    public float[] parallelStreams() {
        saxpyStreams(ALPHA, x, y, z);
        return z;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return z;
    }

    @Benchmark
    public float[] opencl() {
        long local = 256;
        long global = (n + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global}, new long[] {local}, ALPHA, OpenClKernel.readOnly(x),
                OpenClKernel.readOnly(y), OpenClKernel.writeOnly(z), n).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return z;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create(n));
        Aparapis.onOpenCl(NAME, aparapi);
        return z;
    }
}

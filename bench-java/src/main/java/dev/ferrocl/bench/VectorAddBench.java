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

/** {@code c[i] = a[i] + b[i]} over floats: pure memory bandwidth, and so mostly transfers end to end. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class VectorAddBench {
    static final String NAME = "VectorAdd";
    static final int SMOKE = 4096;

    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF
            __kernel void vadd(__global const float *a, __global const float *b, __global float *c, const int n) {
                int i = get_global_id(0);
                if (i < n) {
                    c[i] = a[i] + b[i];
                }
            }
            """;

    @Param({"4194304", "16777216"})
    public String size;

    int n;
    float[] a;
    float[] b;
    float[] c;
    TaskSchedule schedule;
    OpenClKernel kernel;
    AddKernel aparapi;

    /** The natural Ferrocl form; on the JVM (the sequential variant) the loop runs as written. */
    static void add(float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] + b[i];
        }
    }

    static void addStreams(float[] a, float[] b, float[] c) {
        IntStream.range(0, c.length).parallel().forEach(i -> c[i] = a[i] + b[i]);
    }

    /** The Aparapi form. */
    static final class AddKernel extends Kernel {
        final float[] a;
        final float[] b;
        final float[] c;

        AddKernel(float[] a, float[] b, float[] c) {
            this.a = a;
            this.b = b;
            this.c = c;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            c[i] = a[i] + b[i];
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        a = BenchSupport.randomFloats(1, n, -1f, 1f);
        b = BenchSupport.randomFloats(2, n, -1f, 1f);
        c = new float[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[] expected = new float[n];
        add(a, b, expected);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("add", VectorAddBench::add, a, b, c));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "vadd");
                opencl();
                break;
            case "aparapi":
                aparapi = new AddKernel(a, b, c);
                aparapi();
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, c);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (schedule != null) {
            // The timed executions may run otherwise than the first, checked one (on a GPU, once the runtime timed
            // the work, in batches whose transfers overlap): one more, checked.
            Arrays.fill(c, Float.NaN);
            schedule.execute();
            float[] expected = new float[n];
            add(a, b, expected);
            BenchSupport.checkExact(NAME + ".ferrocl after the trial (" + schedule.report().task("add").batches()
                    + " batches)", expected, c);
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
        add(a, b, c);
        return c;
    }

    @Benchmark
    public float[] parallelStreams() {
        addStreams(a, b, c);
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
        long local = 256;
        long global = (n + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global}, new long[] {local}, OpenClKernel.readOnly(a),
                OpenClKernel.readOnly(b), OpenClKernel.writeOnly(c), n).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return c;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create(n));
        Aparapis.onOpenCl(NAME, aparapi);
        return c;
    }
}

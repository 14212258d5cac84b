package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
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
 * Host-device copy bandwidth as Ferrocl achieves it end to end, on a 256 MiB {@code float[]} (67,108,864 floats),
 * with kernels that do almost nothing else:
 * <ul>
 *   <li>{@code upload}: a {@code @Reduce} sum over the array: 256 MiB host to device, a few bytes back;</li>
 *   <li>{@code download}: {@code y[i] = i * 0.5f}, a kernel that writes every element and reads none: 256 MiB
 *       device to host (a runtime that still uploads arrays the kernel fully writes also copies 256 MiB up: the
 *       report's GB/s counts the bytes the computation needs, so such a run shows the cost of the extra upload);</li>
 *   <li>{@code roundTrip}: {@code y[i] = y[i] * 2f} in place: 256 MiB up and 256 MiB down.</li>
 * </ul>
 * JMH reports ms/op; {@code scripts/bench-report.py} turns them into GB/s (bytes moved / time). The kernels' own
 * times are recorded (KernelTimes) so that the report can show how little of an operation they are.
 *
 * <p>Checks in setup, against sequential Java: the sum within the rounding bound of its evaluation order (as
 * {@link ReductionBench} checks float sums), the two maps bit for bit ({@code i * 0.5f} and {@code y * 2f} are
 * IEEE float operations Java defines exactly). {@code roundTrip} doubles {@code y} at every call: after about 128
 * calls its elements are infinite, and stay so (doubling is exact, and {@code inf * 2f} is {@code inf}); the bytes
 * moved do not change. The schedules are built directly rather than through {@code BenchSupport.ferroclSchedule}:
 * three different kernels share one size, and compile times are not what this benchmark is about.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class BandwidthBench {
    static final String NAME = "Bandwidth";
    static final int SMOKE = 100_003;

    @Param({"67108864"})
    public String size;

    int n;
    float[] x;
    float[] y;
    float[] out = new float[1];
    TaskSchedule schedule;

    /** The upload kernel: every element read, one float back. */
    static void sum(float[] x, @Reduce float[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            out[0] += x[i];
        }
    }

    /** The download kernel: every element written, none read. */
    static void fill(float[] y) {
        for (@Parallel int i = 0; i < y.length; i++) {
            y[i] = i * 0.5f;
        }
    }

    /** The round-trip kernel: every element read and written. */
    static void twice(float[] y) {
        for (@Parallel int i = 0; i < y.length; i++) {
            y[i] = y[i] * 2f;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        String variant = BenchSupport.variant(params);
        switch (variant) {
            case "upload": {
                x = BenchSupport.randomFloats(31, n, -1f, 1f);
                float sequential = 0f;
                for (float v : x) {
                    sequential += v;
                }
                schedule = new TaskSchedule(NAME).task("t", BandwidthBench::sum, x, out).warmup();
                float actual = upload();
                BenchSupport.onDevice(schedule);
                checkSum(actual, sequential);
                break;
            }
            case "download": {
                y = new float[n];
                Arrays.fill(y, Float.NaN);
                float[] expected = new float[n];
                fill(expected);
                schedule = new TaskSchedule(NAME).task("t", BandwidthBench::fill, y).warmup();
                download();
                BenchSupport.onDevice(schedule);
                BenchSupport.checkExact(NAME + ".download", expected, y);
                break;
            }
            case "roundTrip": {
                y = BenchSupport.randomFloats(32, n, -1f, 1f);
                float[] expected = y.clone();
                twice(expected);
                schedule = new TaskSchedule(NAME).task("t", BandwidthBench::twice, y).warmup();
                roundTrip();
                BenchSupport.onDevice(schedule);
                BenchSupport.checkExact(NAME + ".roundTrip", expected, y);
                break;
            }
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
    }

    /**
     * The device's sum against the exact sum of the inputs (in double, whose own error n 2^-53 sum|x| is added):
     * within gamma(k) sum|x|, k the longest chain of roundings of Ferrocl's order (a work-item's strided slice, the
     * fixed tree over its accumulators, the work-group tree, the host's fold of the partials: from the report's
     * sizes), as {@code ReductionBench.check}. The sequential sum is printed in the message for comparison only.
     */
    private void checkSum(float actual, float sequential) {
        double magnitude = 0;
        double exact = 0;
        for (float v : x) {
            magnitude += Math.abs(v);
            exact += v;
        }
        TaskReport t = schedule.report().task("t");
        long global = t.globalSize()[0];
        long local = t.localSize()[0];
        long k = (n + global - 1) / global + 4 + 64 - Long.numberOfLeadingZeros(local) + global / local + 1;
        double u = Math.ulp(1f) / 2;
        double tol = k * u / (1 - k * u) * magnitude + n * 0x1p-53 * magnitude;
        if (!(Math.abs(actual - exact) <= tol)) {
            throw new IllegalStateException(NAME + ".upload: " + actual + " vs the exact sum " + exact
                    + " (sequential Java: " + sequential + ") differ by more than the rounding bound " + tol
                    + " of its order (k=" + k + ")");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (schedule != null) {
            schedule.close();
        }
        KernelTimes.flush();
    }

    /** 256 MiB up, one float down. */
    @Benchmark
    public float upload() {
        out[0] = 0f;
        schedule.execute();
        KernelTimes.record(NAME, "upload", size, schedule);
        return out[0];
    }

    /** 256 MiB down. */
    @Benchmark
    public float[] download() {
        schedule.execute();
        KernelTimes.record(NAME, "download", size, schedule);
        return y;
    }

    /** 256 MiB up, 256 MiB down. */
    @Benchmark
    public float[] roundTrip() {
        schedule.execute();
        KernelTimes.record(NAME, "roundTrip", size, schedule);
        return y;
    }
}

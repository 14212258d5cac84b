package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
import dev.ferrocl.api.Parallel;
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
 * What one {@code execute()} costs when there is next to nothing to do: {@code c[i] = a[i] + 1} over a few hundred
 * or thousand ints whose arrays stay on the device. The kernel itself takes a few microseconds on a GPU; the rest of
 * an operation is the host's work (Java, JNI, argument marshalling, the OpenCL calls, the driver's launch latency
 * and the wait for the kernel) plus copying {@code c} (1 or 16 KiB) back into the Java array.
 *
 * <p>Variants:
 * <ul>
 *   <li>{@code ferrocl}: a {@link TaskSchedule} with {@code keepOnDevice(a, c)}: {@code a} is uploaded once, and each
 *       {@code execute()} launches the kernel and brings {@code c} back into the Java array;</li>
 *   <li>{@code aparapi}: Aparapi 3.0.0 with explicit buffer management ({@code setExplicit(true)}, {@code put(a)}
 *       once in setup), each operation {@code execute(range)} then {@code get(c)}: the result reaches the Java
 *       array, as Ferrocl's does;</li>
 *   <li>{@code aparapiNoGet}: the same without {@code get(c)}: the kernel's result stays on the device (what
 *       Aparapi's launch costs on its own; <b>not</b> comparable with {@code ferrocl}, which always delivers
 *       {@code c});</li>
 *   <li>{@code sequential}: the loop on the JVM, for reference.</li>
 * </ul>
 * {@code bench-native/overhead.c} measures the same kernel through the bare OpenCL API (enqueue + finish, and
 * enqueue + a blocking read of {@code c}); {@code scripts/bench-report.py} puts the two side by side.
 *
 * <p>Every variant's result is checked against the sequential loop's in setup (exact: ints); the inputs stay far
 * from overflow. The Ferrocl variant's kernel times are recorded in setup (200 executions after the check) rather
 * than in the measured operation, so that building a report at every call stays out of a microsecond-scale
 * measurement. Three warmup iterations instead of the suite's one: the host path (JNI, marshalling) must be
 * compiled by the JIT before a measurement of a few microseconds per call means anything.
 */
@State(Scope.Benchmark)
// The average for comparison with the suite's other tables, the sampled distribution for its median and tails
// (one execute() is a few tens of microseconds: JMH times each sampled call on its own).
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class OverheadBench {
    static final String NAME = "Overhead";
    /** Not a multiple of the work-group size: the smoke run covers the rounded-up launch. */
    static final int SMOKE = 1000;
    /** Kernel times recorded in setup for the report (see the class comment). */
    static final int KERNEL_SAMPLES = 200;

    @Param({"256", "4096"})
    public String size;

    int n;
    int[] a;
    int[] c;
    TaskSchedule schedule;
    IncKernel aparapi;
    Range range;

    /** The natural Ferrocl form (the sequential variant runs it on the JVM). */
    static void inc(int[] a, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] + 1;
        }
    }

    /** The Aparapi form. */
    static final class IncKernel extends Kernel {
        final int[] a;
        final int[] c;

        IncKernel(int[] a, int[] c) {
            this.a = a;
            this.c = c;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            c[i] = a[i] + 1;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        a = BenchSupport.randomInts(21, n, -1_000_000, 1_000_000);
        c = new int[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        int[] expected = new int[n];
        inc(a, expected);
        switch (variant) {
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("inc", OverheadBench::inc, a, c))
                        .keepOnDevice(a, c);
                schedule.execute(); // uploads a (kept), runs, brings c back
                BenchSupport.onDevice(schedule);
                BenchSupport.checkExact(NAME + ".ferrocl", expected, c);
                // The steady state the measurement sees: a and c already on the device. c is overwritten on the
                // host (and said so: markChanged) so that the check proves this execution's c reached the array.
                Arrays.fill(c, 0x5A5A5A5A);
                schedule.markChanged(c);
                schedule.execute();
                BenchSupport.onDevice(schedule);
                BenchSupport.checkExact(NAME + ".ferrocl (kept)", expected, c);
                // Kernel times need OpenCL profiling, which costs microseconds per command on some drivers:
                // on for these samples only, off for the measured executions.
                schedule.profile(true);
                for (int i = 0; i < KERNEL_SAMPLES; i++) {
                    schedule.execute();
                    KernelTimes.recordProfiled(NAME, "ferrocl", size, schedule);
                }
                schedule.profile(false);
                BenchSupport.checkExact(NAME + ".ferrocl (after " + KERNEL_SAMPLES + " more)", expected, c);
                return;
            case "aparapi":
            case "aparapiNoGet":
                aparapi = new IncKernel(a, c);
                aparapi.setExplicit(true);
                range = Range.create(n);
                aparapi.put(a); // once: the next execute uploads it
                aparapi.put(c);
                aparapi.execute(range);
                Aparapis.onOpenCl(NAME, aparapi);
                aparapi.get(c);
                BenchSupport.checkExact(NAME + "." + variant, expected, c);
                // Explicit mode: the host's c is not uploaded again, so the sentinel comes back only if get(c)
                // failed to bring the device's result.
                Arrays.fill(c, 0x5A5A5A5A);
                aparapi.execute(range);
                Aparapis.onOpenCl(NAME, aparapi);
                aparapi.get(c);
                BenchSupport.checkExact(NAME + "." + variant + " (resident)", expected, c);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
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

    @Benchmark
    public int[] sequential() {
        inc(a, c);
        return c;
    }

    /** One execute(): the kernel on the kept arrays, c back in the Java array. */
    @Benchmark
    public int[] ferrocl() {
        schedule.execute();
        return c;
    }

    /** One launch on Aparapi's resident buffers, then c back in the Java array. */
    @Benchmark
    public int[] aparapi() {
        aparapi.execute(range);
        aparapi.get(c);
        Aparapis.onOpenCl(NAME, aparapi);
        return c;
    }

    /** One launch on Aparapi's resident buffers; the result stays on the device. */
    @Benchmark
    public Object aparapiNoGet() {
        aparapi.execute(range);
        Aparapis.onOpenCl(NAME, aparapi);
        return aparapi;
    }
}

package dev.ferrocl.bench;

import dev.ferrocl.api.Devices;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Device-side times for the "kernel only" view, next to JMH's end-to-end times: each benchmark records the OpenCL
 * profiling time of the kernels its {@code ferrocl()} and {@code opencl()} variants launch in their profiled
 * operations (the first 32 of a trial, in its warmup: {@link #profiled(int)}), and in its setup what
 * compiling the Ferrocl kernel cost (cold and cached). {@link #flush()}, called from each benchmark's
 * {@code @TearDown(Level.Trial)}, appends them to the file named by the system property
 * {@code ferrocl.bench.kernelTimes} as JSON lines (nothing is kept or written when it is unset):
 *
 * <pre>
 * {"type":"kernel","benchmark":"VectorAdd","variant":"ferrocl","size":"16777216","device":"...","nanos":[...]}
 * {"type":"compile","benchmark":"VectorAdd","size":"16777216","device":"...","jitNanosCold":1,"buildNanosCold":2,
 *  "jitNanosCached":0,"buildNanosCached":0}
 * </pre>
 *
 * The file is opened in append mode because every JMH fork is a JVM of its own (and run.sh runs one JVM per class).
 * The kernel times include the calls of warmup iterations. A compile line may carry {@code "coldFrom": size}: its
 * cold figures were measured by the trial of that size, which compiled the same kernel earlier in the same JVM
 * ({@link BenchSupport#ferroclSchedule}).
 */
public final class KernelTimes {
    /** The property naming the output file. */
    public static final String PROPERTY = "ferrocl.bench.kernelTimes";

    private static final Map<List<String>, LongList> KERNELS = new LinkedHashMap<>();
    private static final List<String> COMPILES = new ArrayList<>();
    private static String defaultDevice;

    private KernelTimes() {
    }

    private static boolean enabled() {
        String file = System.getProperty(PROPERTY);
        return file != null && !file.isEmpty();
    }

    /**
     * Records one kernel's device time, on the default device.
     *
     * @param benchmark   the benchmark's name without "Bench", e.g. "VectorAdd"
     * @param variant     "ferrocl" or "opencl"
     * @param size        the size parameter as given
     * @param kernelNanos the kernel's time from OpenCL profiling ({@code TaskReport.kernelNanos()})
     */
    public static void record(String benchmark, String variant, String size, long kernelNanos) {
        record(benchmark, variant, size, null, kernelNanos);
    }

    /**
     * Records one kernel's device time.
     *
     * @param device the device's name (null: the default device)
     */
    public static synchronized void record(String benchmark, String variant, String size, String device,
            long kernelNanos) {
        if (!enabled()) {
            return;
        }
        KERNELS.computeIfAbsent(Arrays.asList(benchmark, variant, size, device), k -> new LongList()).add(kernelNanos);
    }

    /**
     * Records the kernel time of the schedule's last execute() (the sum over its tasks), on the default device, if
     * that call was a profiled one and the property is set, and switches profiling for the next call (see
     * {@link #profiled(int)}) in any case, so that end-to-end times do not depend on the property. The schedule
     * must have been profiled before its first call here (the suite runs with {@code -Dferrocl.profile=true}).
     */
    public static void record(String benchmark, String variant, String size, dev.ferrocl.api.TaskSchedule s) {
        int call = count(s);
        if (profiled(call) && enabled()) {
            record(benchmark, variant, size, null, BenchSupport.kernelNanos(s));
        }
        s.profile(profiled(call + 1));
    }

    /**
     * Records the kernel time of the schedule's last execute() whatever its profiling (the caller profiles every call
     * it records, as OverheadBench's setup does).
     */
    public static void recordProfiled(String benchmark, String variant, String size,
            dev.ferrocl.api.TaskSchedule s) {
        if (enabled()) {
            record(benchmark, variant, size, null, BenchSupport.kernelNanos(s));
        }
    }

    /**
     * Records the kernel time of a launch of hand-written kernels (the sum over {@code kernels}' launches in one
     * operation) if that launch was profiled, and switches their profiling for the next operation as
     * {@link #record(String, String, String, dev.ferrocl.api.TaskSchedule)} does.
     */
    public static void record(String benchmark, String variant, String size, long kernelNanos,
            dev.ferrocl.api.OpenClKernel... kernels) {
        if (kernels.length == 0) {
            return;
        }
        int call = count(kernels[0]);
        if (profiled(call) && enabled()) {
            record(benchmark, variant, size, null, kernelNanos);
        }
        for (dev.ferrocl.api.OpenClKernel k : kernels) {
            k.profile(profiled(call + 1));
        }
    }

    /**
     * Whether the {@code call}-th operation (from 1) of a schedule or kernel runs with OpenCL profiling: the first
     * {@link #FIRST_PROFILED} only, which fall in the warmup iteration of every benchmark faster than about 3 ms per
     * operation. Profiling costs the driver time per command (measured on the H200, 2026-11-28: a 512×512 GEMM
     * launch of three uploads, the kernel and a download took 24–30 µs longer profiled), which Aparapi and sequential
     * Java do not pay, so the measured operations run without it. (Until 2026-11-28 one measured operation in 16 was
     * profiled as well, which added about 1/16 of that cost to the average of every Ferrocl and hand-written row.)
     */
    static boolean profiled(int call) {
        return call <= FIRST_PROFILED;
    }

    /** Profiled operations at the start of each schedule's or kernel's trial. */
    static final int FIRST_PROFILED = 32;

    private static final Map<Object, int[]> CALLS = new IdentityHashMap<>();

    /** Counts one more operation of {@code who}; its number, from 1. */
    private static synchronized int count(Object who) {
        return ++CALLS.computeIfAbsent(who, k -> new int[1])[0];
    }

    /**
     * Records what compiling the benchmark's Ferrocl kernel cost, on the default device.
     *
     * @param jitNanosCold     bytecode to OpenCL C, first compile ({@code TaskReport.compileNanos()})
     * @param buildNanosCold   the driver's build, first compile ({@code TaskReport.buildNanos()})
     * @param jitNanosCached   the same for a second schedule of the same method (from the cache)
     * @param buildNanosCached the same for a second schedule of the same method (from the cache)
     */
    public static void compile(String benchmark, String size, long jitNanosCold, long buildNanosCold,
            long jitNanosCached, long buildNanosCached) {
        compile(benchmark, size, null, jitNanosCold, buildNanosCold, jitNanosCached, buildNanosCached);
    }

    /**
     * Records what compiling the benchmark's Ferrocl kernel cost.
     *
     * @param device the device's name (null: the default device)
     */
    public static void compile(String benchmark, String size, String device, long jitNanosCold,
            long buildNanosCold, long jitNanosCached, long buildNanosCached) {
        compile(benchmark, size, device, jitNanosCold, buildNanosCold, jitNanosCached, buildNanosCached, null);
    }

    /**
     * Records what compiling the benchmark's Ferrocl kernel cost, where the cold figures were measured by an earlier
     * trial of this JVM that compiled the same kernels at another size (the line gets {@code "coldFrom": size}).
     *
     * @param coldFrom the size of the trial that measured the cold figures, or null: this trial did
     */
    public static synchronized void compile(String benchmark, String size, String device, long jitNanosCold,
            long buildNanosCold, long jitNanosCached, long buildNanosCached, String coldFrom) {
        if (!enabled()) {
            return;
        }
        COMPILES.add("{\"type\":\"compile\",\"benchmark\":" + json(benchmark) + ",\"size\":" + json(size)
                + ",\"device\":" + json(device(device)) + ",\"jitNanosCold\":" + jitNanosCold
                + ",\"buildNanosCold\":" + buildNanosCold + ",\"jitNanosCached\":" + jitNanosCached
                + ",\"buildNanosCached\":" + buildNanosCached
                + (coldFrom == null ? "" : ",\"coldFrom\":" + json(coldFrom)) + "}");
    }

    /** Appends everything recorded since the last flush to the file, and forgets it. */
    public static synchronized void flush() {
        CALLS.clear();
        if (!enabled() || KERNELS.isEmpty() && COMPILES.isEmpty()) {
            return;
        }
        StringBuilder out = new StringBuilder();
        for (String line : COMPILES) {
            out.append(line).append('\n');
        }
        for (Map.Entry<List<String>, LongList> e : KERNELS.entrySet()) {
            List<String> k = e.getKey();
            out.append("{\"type\":\"kernel\",\"benchmark\":").append(json(k.get(0)))
                    .append(",\"variant\":").append(json(k.get(1)))
                    .append(",\"size\":").append(json(k.get(2)))
                    .append(",\"device\":").append(json(device(k.get(3))))
                    .append(",\"nanos\":[");
            LongList l = e.getValue();
            for (int i = 0; i < l.size; i++) {
                out.append(i == 0 ? "" : ",").append(l.values[i]);
            }
            out.append("]}\n");
        }
        try (OutputStream o = new FileOutputStream(System.getProperty(PROPERTY), true)) {
            o.write(out.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append kernel times to " + System.getProperty(PROPERTY), e);
        }
        KERNELS.clear();
        COMPILES.clear();
    }

    private static String device(String device) {
        if (device != null) {
            return device;
        }
        if (defaultDevice == null) {
            defaultDevice = Devices.defaultDevice().name();
        }
        return defaultDevice;
    }

    private static String json(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    private static final class LongList {
        long[] values = new long[64];
        int size;

        void add(long v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }
    }
}

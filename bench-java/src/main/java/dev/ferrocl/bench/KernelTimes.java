package dev.ferrocl.bench;

import dev.ferrocl.api.Devices;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Device-side times for the "kernel only" view, next to JMH's end-to-end times: each benchmark records the OpenCL
 * profiling time of every kernel its {@code ferrocl()} and {@code opencl()} variants launch, and in its setup what
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
     * Records the kernel time of the schedule's last execute() (the sum over its tasks), on the default device;
     * builds no report when the property is unset.
     */
    public static void record(String benchmark, String variant, String size, dev.ferrocl.api.TaskSchedule s) {
        if (enabled()) {
            record(benchmark, variant, size, null, BenchSupport.kernelNanos(s));
        }
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

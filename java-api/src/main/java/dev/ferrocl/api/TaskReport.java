package dev.ferrocl.api;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What happened to one task at its last run: where it ran and why, and what compiling and running it cost. */
public final class TaskReport {
    /** Where a task ran. */
    public enum Where {
        /** On the OpenCL device. */
        DEVICE,
        /** On the JVM: the method bailed out, or a check failed and the method was rerun on the JVM. */
        JVM,
        /** Not yet: the schedule has not been executed since the task was added. */
        NOT_RUN
    }

    private final String id;
    private final Where ranOn;
    private final String reason;
    private final String device;
    private final long compileNanos;
    private final long buildNanos;
    private final long kernelNanos;
    private final long transferNanos;
    private final boolean cached;
    private final long[] globalSize;
    private final long[] localSize;
    private final long executions;
    private final long bytesUploaded;
    private final long bytesDownloaded;
    private final long bytesInPlace;
    private final List<String> optimizations;
    private final List<DeviceShare> shares;
    private final long batches;
    private final boolean fromDiskCache;

    /**
     * One device's share of a task's execution split across devices ({@link TaskSchedule#devices(String...)}).
     *
     * @param device         the device's name and id
     * @param firstIteration the first iteration of the outermost parallel loop it ran (0 for the loop's first)
     * @param iterations     how many iterations of that loop it ran
     * @param nanos          how long its part took: its transfers, kernels and waits, less the wait for the other
     *                       devices to finish theirs
     */
    public record DeviceShare(String device, long firstIteration, long iterations, long nanos) {
    }

    TaskReport(String id, Where ranOn, String reason, String device, long compileNanos, long buildNanos,
            long kernelNanos, long transferNanos, boolean cached, long[] globalSize, long[] localSize,
            long executions, long bytesUploaded, long bytesDownloaded, long bytesInPlace, List<String> optimizations,
            List<DeviceShare> shares, long batches, boolean fromDiskCache) {
        this.batches = batches;
        this.fromDiskCache = fromDiskCache;
        this.optimizations = List.copyOf(optimizations);
        this.shares = List.copyOf(shares);
        this.bytesUploaded = bytesUploaded;
        this.bytesDownloaded = bytesDownloaded;
        this.bytesInPlace = bytesInPlace;
        this.id = id;
        this.ranOn = ranOn;
        this.reason = reason;
        this.device = device;
        this.compileNanos = compileNanos;
        this.buildNanos = buildNanos;
        this.kernelNanos = kernelNanos;
        this.transferNanos = transferNanos;
        this.cached = cached;
        this.globalSize = globalSize;
        this.localSize = localSize;
        this.executions = executions;
    }

    /**
     * The task's id.
     *
     * @return the id given to {@code TaskSchedule.task}
     */
    public String id() {
        return id;
    }

    /**
     * Where the task ran last.
     *
     * @return {@link Where#DEVICE}, {@link Where#JVM}, or {@link Where#NOT_RUN} before the first execute()
     */
    public Where ranOn() {
        return ranOn;
    }

    /**
     * Why the task ran where it ran, such as {@code "compiled for <device>"}, {@code "bailout: <reason>"}, or
     * {@code "a check failed on the device (...): reran on the JVM"}.
     *
     * @return the reason, never null
     */
    public String reason() {
        return reason;
    }

    /**
     * The device the task ran on.
     *
     * @return the device's name, or null when it did not run on a device
     */
    public String device() {
        return device;
    }

    /**
     * The time the JIT took to turn the bytecode into OpenCL C at the last compile.
     *
     * @return nanoseconds; 0 when the kernel came from the cache
     */
    public long compileNanos() {
        return compileNanos;
    }

    /**
     * The time the OpenCL driver took to build the kernel at the last compile.
     *
     * @return nanoseconds; 0 when the kernel came from the cache
     */
    public long buildNanos() {
        return buildNanos;
    }

    /**
     * The time the last kernel took on the device, from OpenCL profiling.
     *
     * @return nanoseconds; 0 when no kernel ran
     */
    public long kernelNanos() {
        return kernelNanos;
    }

    /**
     * The time the last run spent copying arrays to and from the device.
     *
     * @return nanoseconds; 0 when no kernel ran
     */
    public long transferNanos() {
        return transferNanos;
    }

    /**
     * Whether the last compile came from a cache (this JVM's, or the native one) instead of the compiler.
     *
     * @return true for a cached kernel
     */
    public boolean cached() {
        return cached;
    }

    /**
     * The global NDRange of the last launch.
     *
     * @return one size per dimension (a copy), or an empty array when nothing was launched
     */
    public long[] globalSize() {
        return globalSize.clone();
    }

    /**
     * The work-group (local) size of the last launch: one size per dimension of {@link #globalSize()}. The global
     * size is the trip count of each {@code @Parallel} loop rounded up to a multiple of it (dimension 0 is the
     * innermost loop); work-items past the trip count do nothing.
     *
     * @return one size per dimension (a copy), or an empty array when nothing was launched
     */
    public long[] localSize() {
        return localSize.clone();
    }

    /**
     * How many times the task has run, on the device or on the JVM.
     *
     * @return the count
     */
    public long executions() {
        return executions;
    }

    /**
     * Bytes the last run copied from host arrays to the device. An array the kernel provably writes in full before
     * reading any of it is not uploaded; neither is an array kept on the device whose copy is current, nor an array
     * read in place. In a schedule whose tasks ran as one execution, an upload counts for the first task that uses
     * the array.
     *
     * @return bytes; 0 when nothing was uploaded or nothing ran on the device
     */
    public long bytesUploaded() {
        return bytesUploaded;
    }

    /**
     * Bytes the last run copied from the device into host arrays (only arrays some kernel writes, once per execution;
     * in a schedule whose tasks ran as one execution, the downloads count for its last task).
     *
     * @return bytes; 0 when nothing was downloaded or nothing ran on the device
     */
    public long bytesDownloaded() {
        return bytesDownloaded;
    }

    /**
     * Bytes the last run's kernels read in place from the Java arrays, with no copy at all: arrays no kernel writes,
     * on a device that works in host memory (a CPU device such as PoCL).
     *
     * @return bytes; 0 on a device with memory of its own
     */
    public long bytesInPlace() {
        return bytesInPlace;
    }

    static String millis(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f", nanos / (double) TimeUnit.MILLISECONDS.toNanos(1));
    }

    /**
     * The optimising phases that changed this task's kernel, in the order they ran, each with what it did:
     * {@code "loopVersioning (2 loops)"}, {@code "devirtualize (1 call)"}; prefixed by the kernel's name when the
     * method has several parallel nests. Every phase named here can be switched off with
     * {@code -Dferrocl.opt.<phase>=false} or {@link TaskSchedule#optimization(String, boolean)}. Empty for a task
     * that was not compiled or bailed out.
     *
     * @return the phases, unmodifiable
     */
    public List<String> optimizations() {
        return optimizations;
    }

    /**
     * Each device's share of the last execution, when it was split across devices ({@link
     * TaskSchedule#devices(String...)}): the part of the outermost parallel loop each ran and its time. Empty when
     * the task ran on one device or on the JVM.
     *
     * @return the shares in device order, unmodifiable
     */
    public List<DeviceShare> shares() {
        return shares;
    }

    /**
     * Whether the driver build of this task's kernel was replaced by a binary from the disk cache of compiled kernels
     * (kept by an earlier JVM: {@code $XDG_CACHE_HOME/ferrocl}, {@code -Dferrocl.cache.dir}; off with
     * {@code -Dferrocl.cache=false}). {@link #buildNanos()} is then the time the driver took to load it.
     *
     * @return true when the kernel came from the disk cache
     */
    public boolean fromDiskCache() {
        return fromDiskCache;
    }

    /**
     * How many batches the last execution's loop ran in ({@link TaskSchedule#batch(long)}): 0 when it ran as one
     * launch (or on the JVM), more when its arrays were moved to the device a part at a time.
     *
     * @return the number of batches, or 0
     */
    public long batches() {
        return batches;
    }

    /**
     * The report as one JSON object, for scripts and dashboards: {@code id}, {@code ranOn}, {@code reason},
     * {@code device} (null when none), the times in nanoseconds ({@code compileNanos}, {@code buildNanos},
     * {@code kernelNanos}, {@code transferNanos}), {@code cached}, {@code fromDiskCache}, {@code globalSize} and
     * {@code localSize} (arrays), {@code executions}, the bytes moved ({@code bytesUploaded}, {@code bytesDownloaded},
     * {@code bytesInPlace}), {@code batches}, {@code optimizations} (strings) and {@code shares} (objects with
     * {@code device}, {@code firstIteration}, {@code iterations}, {@code nanos}).
     *
     * @return the JSON text, on one line
     */
    public String toJson() {
        StringBuilder b = new StringBuilder("{");
        Json.field(b, "id", id);
        Json.field(b, "ranOn", ranOn.name());
        Json.field(b, "reason", reason);
        Json.field(b, "device", device);
        Json.field(b, "compileNanos", compileNanos);
        Json.field(b, "buildNanos", buildNanos);
        Json.field(b, "kernelNanos", kernelNanos);
        Json.field(b, "transferNanos", transferNanos);
        Json.field(b, "cached", cached);
        Json.field(b, "fromDiskCache", fromDiskCache);
        Json.field(b, "globalSize", globalSize);
        Json.field(b, "localSize", localSize);
        Json.field(b, "executions", executions);
        Json.field(b, "bytesUploaded", bytesUploaded);
        Json.field(b, "bytesDownloaded", bytesDownloaded);
        Json.field(b, "bytesInPlace", bytesInPlace);
        Json.field(b, "batches", batches);
        Json.key(b, "optimizations").append('[');
        for (int i = 0; i < optimizations.size(); i++) {
            Json.string(b.append(i == 0 ? "" : ","), optimizations.get(i));
        }
        b.append(']');
        Json.key(b, "shares").append('[');
        for (int i = 0; i < shares.size(); i++) {
            DeviceShare share = shares.get(i);
            b.append(i == 0 ? "{" : ",{");
            Json.field(b, "device", share.device());
            Json.field(b, "firstIteration", share.firstIteration());
            Json.field(b, "iterations", share.iterations());
            Json.field(b, "nanos", share.nanos());
            b.append('}');
        }
        return b.append("]}").toString();
    }

    /**
     * All of the report on one line.
     *
     * @return a one-line description
     */
    @Override
    public String toString() {
        return "TaskReport[" + id + ": " + ranOn + (device != null ? " on " + device : "") + ", " + reason
                + ", jit " + millis(compileNanos) + " ms, build " + millis(buildNanos) + " ms, kernel "
                + millis(kernelNanos) + " ms, transfer " + millis(transferNanos) + " ms, cached " + cached
                + ", global " + Arrays.toString(globalSize) + ", local " + Arrays.toString(localSize) + ", bytes up "
                + bytesUploaded + ", down " + bytesDownloaded + ", in place " + bytesInPlace + ", runs " + executions
                + ", optimizations " + optimizations + (shares.isEmpty() ? "" : ", shares " + shares)
                + (batches == 0 ? "" : ", batches " + batches) + (fromDiskCache ? ", binary from the disk cache" : "")
                + "]";
    }
}

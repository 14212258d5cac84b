package dev.ferrocl.api;

import java.util.Arrays;
import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/** The JDK Flight Recorder events (see {@link Flight}, the only class that touches this one). */
final class FlightEvents {
    private FlightEvents() {
    }

    @Name("dev.ferrocl.Compile")
    @Label("Ferrocl Compile")
    @Category({"Ferrocl"})
    @Description("A task's method compiled to OpenCL C and built by the device's driver (or taken from a cache)")
    static final class Compile extends Event {
        @Label("Task")
        String task;
        @Label("Method")
        String method;
        @Label("Device")
        String device;
        @Label("JIT Time")
        @Timespan(Timespan.NANOSECONDS)
        long jitNanos;
        @Label("Driver Build Time")
        @Timespan(Timespan.NANOSECONDS)
        long buildNanos;
        @Label("From The Runtime's Cache")
        boolean cached;
        @Label("Binary From The Disk Cache")
        boolean fromDiskCache;
        @Label("Optimizations")
        String optimizations;
    }

    @Name("dev.ferrocl.Kernel")
    @Label("Ferrocl Kernel")
    @Category({"Ferrocl"})
    @Description("A task's kernel run on the device in one execution")
    static final class Kernel extends Event {
        @Label("Task")
        String task;
        @Label("Device")
        String device;
        @Label("Global Size")
        String globalSize;
        @Label("Local Size")
        String localSize;
        @Label("Device Time")
        @Description("From OpenCL profiling; 0 when the execution was not profiled")
        @Timespan(Timespan.NANOSECONDS)
        long deviceNanos;
        @Label("Batches")
        long batches;
    }

    @Name("dev.ferrocl.Transfer")
    @Label("Ferrocl Transfer")
    @Category({"Ferrocl"})
    @Description("The copies of one direction of a task's execution")
    static final class Transfer extends Event {
        @Label("Task")
        String task;
        @Label("Device")
        String device;
        @Label("Direction")
        @Description("upload (host to device) or download (device to host)")
        String direction;
        @Label("Bytes")
        @DataAmount
        long bytes;
        @Label("Device Time")
        @Description("From OpenCL profiling; 0 when the execution was not profiled")
        @Timespan(Timespan.NANOSECONDS)
        long deviceNanos;
    }

    @Name("dev.ferrocl.Fallback")
    @Label("Ferrocl Fallback")
    @Category({"Ferrocl"})
    @Description("A task that ran on the JVM instead of the device, and why")
    static final class Fallback extends Event {
        @Label("Task")
        String task;
        @Label("Method")
        String method;
        @Label("Reason")
        String reason;
    }

    static void compile(String task, String method, String device, long jitNanos, long buildNanos, boolean cached,
            boolean fromDiskCache, String optimizations) {
        Compile e = new Compile();
        if (!e.isEnabled()) {
            return;
        }
        e.task = task;
        e.method = method;
        e.device = device;
        e.jitNanos = jitNanos;
        e.buildNanos = buildNanos;
        e.cached = cached;
        e.fromDiskCache = fromDiskCache;
        e.optimizations = optimizations;
        e.commit();
    }

    static void launch(String task, String device, LaunchStats stats, boolean timed) {
        Kernel k = new Kernel();
        if (k.isEnabled()) {
            k.task = task;
            k.device = device;
            k.globalSize = Arrays.toString(stats.globalSize());
            k.localSize = Arrays.toString(stats.localSize());
            k.deviceNanos = timed ? stats.kernelNanos : 0;
            k.batches = stats.batches;
            k.commit();
        }
        transfer(task, device, "upload", stats.bytesUploaded, timed ? stats.uploadNanos : 0);
        transfer(task, device, "download", stats.bytesDownloaded, timed ? stats.downloadNanos : 0);
    }

    private static void transfer(String task, String device, String direction, long bytes, long nanos) {
        Transfer t = new Transfer();
        if (!t.isEnabled()) {
            return;
        }
        t.task = task;
        t.device = device;
        t.direction = direction;
        t.bytes = bytes;
        t.deviceNanos = nanos;
        t.commit();
    }

    static void fallback(String task, String method, String reason) {
        Fallback e = new Fallback();
        if (!e.isEnabled()) {
            return;
        }
        e.task = task;
        e.method = method;
        e.reason = reason;
        e.commit();
    }
}

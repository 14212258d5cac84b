package dev.ferrocl.api;

import java.util.Objects;

/**
 * A hand-written OpenCL C kernel, built and launched through Ferrocl's runtime with the same host-device transfers
 * as a compiled task: every array argument is uploaded from the Java heap before the kernel unless it is wrapped in
 * {@link #writeOnly(Object)}, and downloaded straight into it after the kernel unless it is wrapped in
 * {@link #readOnly(Object)}. Benchmarks use it as the native upper bound for
 * Ferrocl's own kernels; it is also an escape hatch for code that is easier to write in OpenCL C.
 *
 * <pre>{@code
 * try (OpenClKernel k = OpenClKernel.build("__kernel void add(__global const float* a, __global float* b, int n) {"
 *         + " int i = get_global_id(0); if (i < n) b[i] += a[i]; }", "add")) {
 *     k.launch(new long[] {(n + 255) / 256 * 256}, new long[] {256}, OpenClKernel.readOnly(a), b, n);
 * }
 * }</pre>
 *
 * Launches are blocking: when {@link #launch} returns, the arrays hold the results. Thread-safe.
 *
 * <p><b>What is checked, and what is not:</b> each launch's arguments are checked against the kernel's declarations
 * (their number; an array's element type against the pointer's, {@code float[]} for {@code float*} or
 * {@code float4*}; scalars; {@code __local} sizes) before anything runs, with {@link IllegalArgumentException}. The
 * kernel's own indices are <b>not</b> checked: a kernel that reads or writes past the end of a buffer (a global size
 * larger than the arrays, a wrong index) corrupts memory and can crash the JVM, as it would in C. Ferrocl's compiled
 * tasks check every access; hand-written kernels are the caller's responsibility. Where the kernel indexes an array
 * by work-item, {@link #perWorkItem(Object, long)} declares it and each launch checks the array's length against the
 * global size.
 *
 * <p><b>Java's arithmetic:</b> OpenCL C may contract {@code a * b + c} into one fused multiply-add (its
 * {@code FP_CONTRACT} defaults to on), which rounds once where Java rounds twice. A kernel meant to give the JVM's
 * results bit for bit starts with {@code #pragma OPENCL FP_CONTRACT OFF}, as Ferrocl's generated kernels do.
 */
public final class OpenClKernel implements AutoCloseable {
    private static final int ARRAY = 0;
    private static final int ARRAY_READ_ONLY = 1;
    private static final int INT = 2;
    private static final int LONG = 3;
    private static final int FLOAT = 4;
    private static final int DOUBLE = 5;
    private static final int LOCAL = 6;
    private static final int ARRAY_WRITE_ONLY = 7;

    private final String name;
    private final long handle;
    private final String deviceName;
    private final long buildNanos;
    private volatile boolean closed;
    private volatile boolean profile = true;

    private OpenClKernel(String name, long handle) {
        this.name = name;
        this.handle = handle;
        this.deviceName = Backend.rawDeviceName(handle);
        this.buildNanos = Backend.rawInfo(handle)[0];
    }

    /**
     * Builds a kernel on the default device (the one {@link TaskSchedule} uses: {@code -Dferrocl.device}, else the
     * native default).
     *
     * @param source     OpenCL C source
     * @param kernelName the {@code __kernel} function to launch
     * @return the built kernel
     * @throws FerroclException if the source does not build (the message carries the driver's build log) or no
     *                          device can be opened
     */
    public static OpenClKernel build(String source, String kernelName) {
        return build(null, source, kernelName, null);
    }

    /**
     * Builds a kernel.
     *
     * @param device     the device, or null for the default device
     * @param source     OpenCL C source
     * @param kernelName the {@code __kernel} function to launch
     * @param options    OpenCL build options, or null for none
     * @return the built kernel
     * @throws FerroclException if the source does not build (the message carries the driver's build log) or the
     *                          device cannot be opened
     */
    public static OpenClKernel build(Device device, String source, String kernelName, String options) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(kernelName, "kernelName");
        String id = device != null ? device.id() : Config.DEVICE;
        long handle = Backend.rawBuild(id, source, kernelName, options == null ? "" : options);
        if (handle <= 0) {
            throw new FerroclException("native rawBuild returned the invalid handle " + handle);
        }
        return new OpenClKernel(kernelName, handle);
    }

    /**
     * Marks an array argument as input only: it is uploaded but not copied back.
     *
     * @param array a primitive array
     * @return the marker to pass to {@link #launch}
     */
    public static Object readOnly(Object array) {
        Objects.requireNonNull(array, "array");
        return new ReadOnly(array);
    }

    /**
     * Marks an array argument as output only: the kernel writes every element of it, so it is not uploaded, only
     * downloaded after the kernel. Elements the kernel does not write come back with whatever the device memory held.
     *
     * @param array a primitive array
     * @return the marker to pass to {@link #launch}
     */
    public static Object writeOnly(Object array) {
        Objects.requireNonNull(array, "array");
        return new WriteOnly(array);
    }

    /**
     * Declares how the kernel indexes an array argument, so that each launch checks the array is large enough before
     * anything runs: work-item {@code w} (the NDRange flattened, {@code w} from 0 to the product of the global sizes)
     * accesses elements {@code [w * elementsPerWorkItem, (w + 1) * elementsPerWorkItem)}, so the array needs at least
     * {@code globalSize[0] * globalSize[1] * globalSize[2] * elementsPerWorkItem} elements ({@code c[i] = a[i] + b[i]}
     * over {@code get_global_id(0)}: 1). A kernel that tests {@code i < n} itself need not declare anything; an
     * undeclared array is not checked (see the class comment).
     *
     * @param array               a primitive array, or a {@link #readOnly(Object)} / {@link #writeOnly(Object)} one
     * @param elementsPerWorkItem elements each work-item accesses, &gt; 0
     * @return the marker to pass to {@link #launch}
     */
    public static Object perWorkItem(Object array, long elementsPerWorkItem) {
        Objects.requireNonNull(array, "array");
        if (elementsPerWorkItem <= 0) {
            throw new IllegalArgumentException("elements per work-item must be > 0, not " + elementsPerWorkItem);
        }
        if (array instanceof PerWorkItem) {
            throw new IllegalArgumentException("perWorkItem of a perWorkItem array");
        }
        return new PerWorkItem(array, elementsPerWorkItem);
    }

    /**
     * A {@code __local} kernel argument.
     *
     * @param bytes its size in bytes, &gt; 0
     * @return the marker to pass to {@link #launch}
     */
    public static Object local(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("local memory size must be > 0, not " + bytes);
        }
        return new Local(bytes);
    }

    /**
     * Whether launches are timed with OpenCL profiling (on unless switched off). Profiling costs the driver time per
     * command (on an H100, a 512×512 GEMM launch with three uploads and one download took 0.32 ms profiled and 0.23
     * ms without); switched off, {@link TaskReport#kernelNanos()} of a launch is measured by the host (its wait, not
     * the device's time for the kernel) and {@link TaskReport#transferNanos()} is 0.
     *
     * @param on whether later launches are profiled
     * @return this kernel
     */
    public OpenClKernel profile(boolean on) {
        this.profile = on;
        return this;
    }

    /**
     * Runs the kernel once and waits for it and for the copies back.
     *
     * @param globalSize the NDRange, 1 to 3 dimensions
     * @param localSize  the work-group size (each dividing the global size), or null to let the driver choose
     * @param args       the kernel's arguments in parameter order: primitive arrays (copied back afterwards),
     *                   {@link #readOnly(Object)} and {@link #writeOnly(Object)} arrays (either may be wrapped in
     *                   {@link #perWorkItem(Object, long)}), boxed {@code Integer}, {@code Long}, {@code Float},
     *                   {@code Double} scalars, {@link #local(long)} sizes
     * @return timings: {@link TaskReport#kernelNanos()} from OpenCL profiling (see {@link #profile(boolean)}),
     *         transfers, global and local size
     * @throws IllegalArgumentException if an argument is of none of these kinds
     * @throws ExecutionCancelledException if the thread was interrupted while it waited for the kernel (the arrays
     *                                     as they were)
     * @throws FerroclException         if the launch fails (invalid sizes, argument mismatch, device error)
     */
    public TaskReport launch(long[] globalSize, long[] localSize, Object... args) {
        if (closed) {
            throw new IllegalStateException("OpenCL kernel " + name + " is closed");
        }
        Objects.requireNonNull(globalSize, "globalSize");
        int n = args.length;
        Object[] arrays = new Object[n];
        int[] kinds = new int[n];
        long[] bits = new long[n];
        long items = 1;
        for (long g : globalSize) {
            items = g > 0 && items <= Long.MAX_VALUE / g ? items * g : Long.MAX_VALUE;
        }
        for (int k = 0; k < n; k++) {
            Object a = args[k];
            if (a instanceof PerWorkItem p) {
                a = p.array;
                long length = java.lang.reflect.Array.getLength(
                        a instanceof ReadOnly r ? r.array : a instanceof WriteOnly w ? w.array : a);
                long needed = items <= Long.MAX_VALUE / p.elements ? items * p.elements : Long.MAX_VALUE;
                if (length < needed) {
                    throw new IllegalArgumentException("OpenCL kernel " + name + ": argument " + k + " has " + length
                            + " elements; " + items + " work-items of " + p.elements + " each access " + needed);
                }
            }
            if (a instanceof ReadOnly) {
                kinds[k] = ARRAY_READ_ONLY;
                arrays[k] = ((ReadOnly) a).array;
            } else if (a instanceof WriteOnly) {
                kinds[k] = ARRAY_WRITE_ONLY;
                arrays[k] = ((WriteOnly) a).array;
            } else if (a instanceof Local) {
                kinds[k] = LOCAL;
                bits[k] = ((Local) a).bytes;
            } else if (a instanceof Integer i) {
                kinds[k] = INT;
                bits[k] = i;
            } else if (a instanceof Long l) {
                kinds[k] = LONG;
                bits[k] = l;
            } else if (a instanceof Float f) {
                kinds[k] = FLOAT;
                bits[k] = Float.floatToRawIntBits(f) & 0xffffffffL;
            } else if (a instanceof Double d) {
                kinds[k] = DOUBLE;
                bits[k] = Double.doubleToRawLongBits(d);
            } else if (a != null && a.getClass().isArray() && a.getClass().getComponentType().isPrimitive()) {
                kinds[k] = ARRAY;
                arrays[k] = a;
            } else {
                throw new IllegalArgumentException("OpenCL kernel " + name + ": argument " + k + " ("
                        + (a == null ? "null" : a.getClass().getName())
                        + ") is not a primitive array, a boxed int/long/float/double or a local size");
            }
            if (arrays[k] != null && !arrays[k].getClass().getComponentType().isPrimitive()) {
                throw new IllegalArgumentException("OpenCL kernel " + name + ": argument " + k
                        + " is not a primitive array");
            }
        }
        long[] stats = new long[7];
        Backend.rawLaunch(handle, arrays, kinds, bits, globalSize.clone(),
                localSize == null ? null : localSize.clone(), stats, profile);
        return new TaskReport(name, TaskReport.Where.DEVICE, "hand-written OpenCL kernel", deviceName, 0,
                buildNanos, stats[1], stats[0] + stats[2], false, globalSize.clone(),
                localSize == null ? new long[0] : localSize.clone(), 1, stats[4], stats[5], stats[6],
                java.util.List.of(), java.util.List.of(), 0, false);
    }

    /**
     * The driver's build time for this kernel's program (the first build of the same source and options; later
     * builds come from the runtime's cache).
     *
     * @return nanoseconds
     */
    public long buildNanos() {
        return buildNanos;
    }

    /**
     * The device the kernel was built for.
     *
     * @return its name, platform and id
     */
    public String deviceName() {
        return deviceName;
    }

    /** Forgets the kernel; later launches throw IllegalStateException. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Backend.rawRelease(handle);
        }
    }

    @Override
    public String toString() {
        return "OpenClKernel[" + name + " on " + deviceName + "]";
    }

    private static final class WriteOnly {
        final Object array;

        WriteOnly(Object array) {
            if (!array.getClass().isArray() || !array.getClass().getComponentType().isPrimitive()) {
                throw new IllegalArgumentException("writeOnly takes a primitive array, not "
                        + array.getClass().getName());
            }
            this.array = array;
        }
    }

    private static final class ReadOnly {
        final Object array;

        ReadOnly(Object array) {
            if (!array.getClass().isArray() || !array.getClass().getComponentType().isPrimitive()) {
                throw new IllegalArgumentException("readOnly takes a primitive array, not "
                        + array.getClass().getName());
            }
            this.array = array;
        }
    }

    private static final class PerWorkItem {
        final Object array;
        final long elements;

        PerWorkItem(Object array, long elements) {
            Object inner = array instanceof ReadOnly r ? r.array : array instanceof WriteOnly w ? w.array : array;
            if (!inner.getClass().isArray() || !inner.getClass().getComponentType().isPrimitive()) {
                throw new IllegalArgumentException("perWorkItem takes a primitive array, not "
                        + inner.getClass().getName());
            }
            this.array = array;
            this.elements = elements;
        }
    }

    private static final class Local {
        final long bytes;

        Local(long bytes) {
            this.bytes = bytes;
        }
    }
}

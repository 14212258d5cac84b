package dev.ferrocl.api;

import java.util.Objects;

/** An OpenCL device, as listed by {@link Devices#list()}. */
public final class Device {
    private final String id;
    private final String platform;
    private final String name;
    private final String type;
    private final String version;
    private final int computeUnits;
    private final long localMemoryBytes;
    private final long globalMemoryBytes;

    Device(String id, String type, String name, String platform, String version) {
        this(id, type, name, platform, version, 0, 0, 0);
    }

    Device(String id, String type, String name, String platform, String version, int computeUnits,
            long localMemoryBytes, long globalMemoryBytes) {
        this.id = id;
        this.type = type;
        this.name = name;
        this.platform = platform;
        this.version = version;
        this.computeUnits = computeUnits;
        this.localMemoryBytes = localMemoryBytes;
        this.globalMemoryBytes = globalMemoryBytes;
    }

    /**
     * The device's compute units ({@code CL_DEVICE_MAX_COMPUTE_UNITS}): what the work-group and tile policies
     * fill.
     *
     * @return the count, or 0 when the driver did not say
     */
    public int computeUnits() {
        return computeUnits;
    }

    /**
     * The device's local memory per work-group in bytes ({@code CL_DEVICE_LOCAL_MEM_SIZE}). Staged and tiled kernels
     * keep their tiles within three quarters of it, at most 48 KiB.
     *
     * @return the bytes, or 0 when the driver did not say
     */
    public long localMemoryBytes() {
        return localMemoryBytes;
    }

    /**
     * The device's global memory in bytes ({@code CL_DEVICE_GLOBAL_MEM_SIZE}).
     *
     * @return the bytes, or 0 when the driver did not say
     */
    public long globalMemoryBytes() {
        return globalMemoryBytes;
    }

    /**
     * The device's id, {@code "P:D"}: the platform's index and the device's index within it. This is what
     * {@code -Dferrocl.device} takes.
     *
     * @return the id
     */
    public String id() {
        return id;
    }

    /**
     * The name of the device's OpenCL platform.
     *
     * @return the platform name
     */
    public String platform() {
        return platform;
    }

    /**
     * The device's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The device's type.
     *
     * @return {@code "GPU"}, {@code "CPU"}, {@code "ACCELERATOR"}, ...
     */
    public String type() {
        return type;
    }

    /**
     * The device's OpenCL version string.
     *
     * @return the version, such as {@code "OpenCL 3.0 CUDA"}
     */
    public String version() {
        return version;
    }

    /**
     * Devices are equal when their ids are.
     *
     * @param other the object to compare with
     * @return whether other is a device with the same id
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Device && ((Device) other).id.equals(id);
    }

    /**
     * A hash code consistent with {@link #equals(Object)}.
     *
     * @return the id's hash code
     */
    @Override
    public int hashCode() {
        return Objects.hashCode(id);
    }

    /**
     * For example {@code "0:0 GPU NVIDIA H100 80GB HBM3 (NVIDIA CUDA, OpenCL 3.0 CUDA)"}.
     *
     * @return a one-line description
     */
    @Override
    public String toString() {
        return id + " " + type + " " + name + " (" + platform + ", " + version + ")";
    }
}

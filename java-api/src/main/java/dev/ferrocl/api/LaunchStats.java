package dev.ferrocl.api;

/**
 * What one task's part of a native execution did: its {@link LaunchStatus} and its figures, written by the native
 * side field by field (typed, not a positional array). Each execution passes fresh objects: the native side writes
 * only the fields that differ from their initial values (a status other than {@code NOT_RUN}, non-zero figures).
 */
final class LaunchStats {
    /** The task's {@link LaunchStatus} code. */
    int status = LaunchStatus.NOT_RUN.code;
    long uploadNanos;
    long kernelNanos;
    long downloadNanos;
    long totalNanos;
    long bytesUploaded;
    long bytesDownloaded;
    /** Bytes the kernels read in place from the Java heap, without any transfer (devices that work in host memory). */
    long bytesInPlace;
    long global0;
    long global1;
    long global2;
    long local0;
    long local1;
    long local2;
    /** Batches the task's loop ran in (0 or 1: one launch; more: arrays too large for the device at once). */
    long batches;

    LaunchStatus status() {
        return LaunchStatus.of(status);
    }

    /** The NDRange's global sizes (1 to 3 entries). */
    long[] globalSize() {
        return trimmed(global0, global1, global2);
    }

    /** The work-group sizes, one per NDRange dimension (empty when the driver chose). */
    long[] localSize() {
        return trimmed(local0, local1, local2);
    }

    private static long[] trimmed(long a, long b, long c) {
        int n = c != 0 ? 3 : b != 0 ? 2 : a != 0 ? 1 : 0;
        long[] all = {a, b, c};
        return java.util.Arrays.copyOf(all, n);
    }
}

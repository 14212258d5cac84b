package dev.ferrocl.api;

import java.util.concurrent.atomic.AtomicBoolean;

/** What compiling one method for one device came to: a native handle, or a bailout with its reason. */
final class Outcome {
    /** The native handle, or 0 for a bailout. */
    final long handle;
    /** The bailout's reason, or null. */
    final String bailout;
    /** The device the handle was compiled for, or null for a bailout. */
    final String deviceName;
    final long jitNanos;
    final long buildNanos;
    /** Whether the native side took the kernel from its own cache. */
    final boolean nativeCached;
    private final AtomicBoolean claimed = new AtomicBoolean();

    private Outcome(long handle, String bailout, String deviceName, long jitNanos, long buildNanos,
            boolean nativeCached) {
        this.handle = handle;
        this.bailout = bailout;
        this.deviceName = deviceName;
        this.jitNanos = jitNanos;
        this.buildNanos = buildNanos;
        this.nativeCached = nativeCached;
    }

    static Outcome compiled(long handle, String deviceName, long jitNanos, long buildNanos, boolean nativeCached) {
        return new Outcome(handle, null, deviceName, jitNanos, buildNanos, nativeCached);
    }

    static Outcome bailout(String reason) {
        return new Outcome(0, reason, null, 0, 0, false);
    }

    boolean isBailout() {
        return bailout != null;
    }

    /**
     * True for exactly one caller: the one that caused the compilation. Everyone else got it from the cache.
     */
    boolean claimFresh() {
        return claimed.compareAndSet(false, true);
    }
}

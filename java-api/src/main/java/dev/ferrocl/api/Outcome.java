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
    /** Static fields whose current values follow the arguments at each launch (empty when none). */
    final java.lang.reflect.Field[] staticFields;
    private final AtomicBoolean claimed = new AtomicBoolean();

    private Outcome(long handle, String bailout, String deviceName, long jitNanos, long buildNanos,
            boolean nativeCached, java.lang.reflect.Field[] staticFields) {
        this.staticFields = staticFields;
        this.handle = handle;
        this.bailout = bailout;
        this.deviceName = deviceName;
        this.jitNanos = jitNanos;
        this.buildNanos = buildNanos;
        this.nativeCached = nativeCached;
    }

    static Outcome compiled(long handle, String deviceName, long jitNanos, long buildNanos, boolean nativeCached,
            java.lang.reflect.Field[] staticFields) {
        return new Outcome(handle, null, deviceName, jitNanos, buildNanos, nativeCached, staticFields);
    }

    static Outcome bailout(String reason) {
        return new Outcome(0, reason, null, 0, 0, false, new java.lang.reflect.Field[0]);
    }

    /**
     * The task's arguments followed by the current values of the static fields the kernel reads (Java code may
     * change them between runs).
     */
    Object[] launchArgs(Object[] taskArgs) {
        if (staticFields.length == 0) {
            return taskArgs.clone();
        }
        Object[] all = java.util.Arrays.copyOf(taskArgs, taskArgs.length + staticFields.length);
        for (int i = 0; i < staticFields.length; i++) {
            try {
                all[taskArgs.length + i] = staticFields[i].get(null);
            } catch (IllegalAccessException e) {
                throw new FerroclException("cannot read static field " + staticFields[i] + ": " + e, e);
            }
        }
        return all;
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

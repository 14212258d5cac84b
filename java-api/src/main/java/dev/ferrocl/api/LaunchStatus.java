package dev.ferrocl.api;

/** How a task's native execution ended; mirrors {@code ferrocl_jni::execute::Status} (same codes). */
enum LaunchStatus {
    /** Ran on the device; its results are in the Java arrays. */
    RAN(0),
    /** A check failed on the device; no Java array was touched (the JVM reruns). */
    DEVICE_CHECK_FAILED(1),
    /** A host-side check failed before anything ran (the JVM runs it). */
    HOST_CHECK_FAILED(2),
    /** Not run: another task of the same execution failed a check first; no Java array was touched. */
    NOT_RUN(3);

    final int code;

    LaunchStatus(int code) {
        this.code = code;
    }

    static LaunchStatus of(int code) {
        for (LaunchStatus s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new FerroclException("the native side returned the unknown launch status " + code);
    }
}

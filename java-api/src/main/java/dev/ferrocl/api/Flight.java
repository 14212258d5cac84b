package dev.ferrocl.api;

/**
 * JDK Flight Recorder events of Ferrocl, when the runtime has the {@code jdk.jfr} module (a trimmed runtime without it
 * records nothing and loads no JFR class): one per compile, per execution's kernel and each direction of its copies,
 * and per task that ran on the JVM. The events themselves are in {@link FlightEvents}; this class only decides whether
 * to touch them.
 */
final class Flight {
    private Flight() {
    }

    /** Whether {@code jdk.jfr} is there. */
    static final boolean AVAILABLE = available();

    private static boolean available() {
        try {
            Class.forName("jdk.jfr.Event", false, Flight.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    static void compile(String task, String method, String device, long jitNanos, long buildNanos, boolean cached,
            boolean fromDiskCache, String optimizations) {
        if (AVAILABLE) {
            FlightEvents.compile(task, method, device, jitNanos, buildNanos, cached, fromDiskCache, optimizations);
        }
    }

    static void launch(String task, String device, LaunchStats stats, boolean timed) {
        if (AVAILABLE) {
            FlightEvents.launch(task, device, stats, timed);
        }
    }

    static void fallback(String task, String method, String reason) {
        if (AVAILABLE) {
            FlightEvents.fallback(task, method, reason);
        }
    }
}

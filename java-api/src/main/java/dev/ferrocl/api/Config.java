package dev.ferrocl.api;

import java.util.List;
import java.util.Locale;

/** Configuration from system properties and the environment, read once when first needed. */
final class Config {
    /** {@code -Dferrocl.strict=true} or {@code FERROCL_STRICT=1|true}: bailouts throw instead of running on the JVM. */
    static final boolean STRICT = Boolean.getBoolean("ferrocl.strict") || truthy(System.getenv("FERROCL_STRICT"));
    /** {@code -Dferrocl.printKernel=true}: print each generated kernel once to {@code System.out}. */
    static final boolean PRINT_KERNEL = Boolean.getBoolean("ferrocl.printKernel");
    /**
     * {@code -Dferrocl.profile=true} or {@code FERROCL_PROFILE=1|true}: every execution is timed with OpenCL profiling
     * (otherwise only a task's first execution on the device is).
     */
    static final boolean PROFILE = Boolean.getBoolean("ferrocl.profile") || truthy(System.getenv("FERROCL_PROFILE"));
    /** {@code -Dferrocl.device=P:D} or {@code FERROCL_DEVICE}: the device to use; null means the native default. */
    static final String DEVICE = firstNonBlank(System.getProperty("ferrocl.device"), System.getenv("FERROCL_DEVICE"));
    /**
     * {@code -Dferrocl.devices=P:D,P:D} or {@code FERROCL_DEVICES}: the devices every schedule splits its tasks
     * across (see {@code TaskSchedule.devices}); null when not set. An id that names no device fails the first compile.
     */
    static final List<String> DEVICES = devices(
            firstNonBlank(System.getProperty("ferrocl.devices"), System.getenv("FERROCL_DEVICES")));
    /**
     * {@code -Dferrocl.opt.<phase>=true|false}: the switches of the optimising phases, as {@code phase=value,...} in
     * name order (empty when none is set). The native compiler refuses unknown phases and values.
     */
    static final java.util.SortedMap<String, String> OPTIMIZATION_SWITCHES =
            java.util.Collections.unmodifiableSortedMap(optimizations(System.getProperties()));
    /** {@link #OPTIMIZATION_SWITCHES} as the compiler reads them. */
    static final String OPTIMIZATIONS = join(OPTIMIZATION_SWITCHES);
    /**
     * {@code -Dferrocl.inPlaceMillis=N} (or {@code FERROCL_IN_PLACE_MILLIS}, read by the native library): on a device
     * that works in host memory (PoCL), an execution whose kernels took at most N ms last time runs them on the Java
     * arrays in place, with no copy, holding the arrays (and so the garbage collector, and an interrupt) for as long
     * as they run; 0 turns it off; -1 when not set or negative (default 20).
     */
    static final long IN_PLACE_MILLIS = inPlaceMillis(System.getProperty("ferrocl.inPlaceMillis"));

    private static long inPlaceMillis(String text) {
        if (text == null || text.isBlank()) {
            return -1;
        }
        try {
            long millis = Long.parseLong(text.trim());
            return millis < 0 ? -1 : millis;
        } catch (NumberFormatException e) {
            System.getLogger("dev.ferrocl").log(System.Logger.Level.WARNING,
                    "ignoring ferrocl.inPlaceMillis=" + text + ": not a number of milliseconds");
            return -1;
        }
    }

    /** {@code -Dferrocl.library.path}: the native library file, or a directory holding libferrocl.so; or null. */
    static final String LIBRARY_PATH = firstNonBlank(System.getProperty("ferrocl.library.path"), null);

    private Config() {
    }

    private static List<String> devices(String text) {
        if (text == null) {
            return null;
        }
        List<String> ids = new java.util.ArrayList<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                ids.add(part.trim());
            }
        }
        return ids.isEmpty() ? null : List.copyOf(ids);
    }

    /**
     * The {@code ferrocl.opt.*} entries of {@code properties}, by phase, and {@code relaxedMath=true} when
     * {@code ferrocl.relaxedMath} is true (see {@link RelaxedMath}).
     */
    static java.util.TreeMap<String, String> optimizations(java.util.Properties properties) {
        java.util.TreeMap<String, String> switches = new java.util.TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(OPT_PREFIX)) {
                switches.put(name.substring(OPT_PREFIX.length()), properties.getProperty(name).trim());
            }
        }
        if (Boolean.parseBoolean(properties.getProperty("ferrocl.relaxedMath"))) {
            switches.put(RELAXED_MATH, "true");
        }
        return switches;
    }

    /**
     * Bytes per array of one batch ({@code ferrocl.batch} or {@code FERROCL_BATCH}, e.g. {@code 256MB}); 0 when
     * unset: batches when the arrays do not fit the device, or when the runtime streams a large execution on a GPU;
     * -1 for {@code off}: batches only when the arrays do not fit.
     */
    static final long BATCH = batchBytesOrZero(
            firstNonBlank(System.getProperty("ferrocl.batch"), System.getenv("FERROCL_BATCH")));

    private static long batchBytesOrZero(String text) {
        if (text == null) {
            return 0;
        }
        if (text.equalsIgnoreCase("off") || text.equalsIgnoreCase("false")) {
            return -1;
        }
        try {
            return parseSize(text);
        } catch (IllegalArgumentException e) {
            System.getLogger("dev.ferrocl").log(System.Logger.Level.WARNING,
                    "ignoring ferrocl.batch: " + e.getMessage());
            return 0;
        }
    }

    /**
     * A size in bytes: a number with an optional unit {@code B}, {@code KB}, {@code MB}, {@code GB} (powers of 1024;
     * case and a space before the unit do not matter; {@code K}, {@code M}, {@code G} alone too).
     *
     * @throws IllegalArgumentException if the text is no such size, or not positive
     */
    static long parseSize(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT).replace(" ", "");
        long unit = 1;
        String[][] units = {{"GB", "G"}, {"MB", "M"}, {"KB", "K"}, {"B", ""}};
        long[] scale = {1L << 30, 1L << 20, 1L << 10, 1};
        for (int u = 0; u < units.length; u++) {
            String found = null;
            for (String suffix : units[u]) {
                if (!suffix.isEmpty() && t.endsWith(suffix)) {
                    found = suffix;
                    break;
                }
            }
            if (found != null) {
                t = t.substring(0, t.length() - found.length());
                unit = scale[u];
                break;
            }
        }
        long value;
        try {
            value = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a size in bytes: '" + text + "'");
        }
        if (value <= 0 || value > Long.MAX_VALUE / unit) {
            throw new IllegalArgumentException("a batch size must be positive and fit a long: '" + text + "'");
        }
        return value * unit;
    }

    /** The switch of relaxed math (see {@link RelaxedMath}): not an optimisation phase, off unless asked for. */
    static final String RELAXED_MATH = "relaxedMath";

    /** {@code a=v,b=w} in the map's order. */
    static String join(java.util.Map<String, String> switches) {
        StringBuilder text = new StringBuilder();
        for (java.util.Map.Entry<String, String> e : switches.entrySet()) {
            if (text.length() > 0) {
                text.append(',');
            }
            text.append(e.getKey()).append('=').append(e.getValue());
        }
        return text.toString();
    }

    /** The prefix of the optimisation switches' system properties. */
    static final String OPT_PREFIX = "ferrocl.opt.";

    static boolean truthy(String value) {
        if (value == null) {
            return false;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        return v.equals("1") || v.equals("true");
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a.trim();
        }
        if (b != null && !b.isBlank()) {
            return b.trim();
        }
        return null;
    }
}

package dev.ferrocl.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loads libferrocl.so once per JVM, trying in order: {@code -Dferrocl.library.path} (a file, or a directory holding
 * libferrocl.so), the copy bundled in the jar for this platform at {@code /native/<os>-<arch>/libferrocl.so}
 * ({@code linux-x86_64}, {@code linux-aarch64}; extracted to a private temporary directory), and
 * {@code System.loadLibrary("ferrocl")}. A failure is remembered and reported the same way each time.
 */
final class NativeLoader {
    static final String LIBRARY_FILE = "libferrocl.so";
    /** The platforms a jar may carry a library for, as {@code /native/<platform>/libferrocl.so}. */
    static final List<String> PLATFORMS = List.of("linux-x86_64", "linux-aarch64");

    private static boolean loaded;
    private static String failure;

    private NativeLoader() {
    }

    /** Whether the library has been loaded (never loads it). */
    static synchronized boolean isLoaded() {
        return loaded;
    }

    /** Loads the library if that has not been done yet; throws FerroclException explaining every place tried. */
    static synchronized void load() {
        if (loaded) {
            return;
        }
        loadLibrary();
        if (loaded) {
            configureCache();
            configureInPlace();
        }
    }

    /** Passes {@code -Dferrocl.inPlaceMillis} (see {@link Config#IN_PLACE_MILLIS}) to the native runtime when set. */
    private static void configureInPlace() {
        if (Config.IN_PLACE_MILLIS < 0) {
            return;
        }
        try {
            Native.configureInPlace(Config.IN_PLACE_MILLIS);
        } catch (UnsatisfiedLinkError e) {
            // An older native library: it keeps its default.
        }
    }

    /**
     * Passes {@code -Dferrocl.cache}, {@code -Dferrocl.cache.dir} and {@code -Dferrocl.cache.maxBytes} to the native
     * kernel cache when any is set (otherwise it follows {@code FERROCL_CACHE*} and {@code $XDG_CACHE_HOME/ferrocl}).
     */
    private static void configureCache() {
        String enabled = System.getProperty("ferrocl.cache");
        String dir = System.getProperty("ferrocl.cache.dir");
        String max = System.getProperty("ferrocl.cache.maxBytes");
        if (enabled == null && dir == null && max == null) {
            return;
        }
        long maxBytes = 0;
        if (max != null) {
            try {
                maxBytes = Config.parseSize(max);
            } catch (IllegalArgumentException e) {
                System.getLogger("dev.ferrocl").log(System.Logger.Level.WARNING,
                        "ignoring ferrocl.cache.maxBytes: " + e.getMessage());
            }
        }
        boolean on = enabled == null || !(enabled.trim().equalsIgnoreCase("false") || enabled.trim().equals("0")
                || enabled.trim().equalsIgnoreCase("off"));
        try {
            Native.configureCache(dir == null || dir.isBlank() ? null : dir, on, maxBytes);
        } catch (UnsatisfiedLinkError e) {
            // An older native library: it keeps its own cache settings.
        }
    }

    private static void loadLibrary() {
        if (failure != null) {
            throw new FerroclException(failure);
        }
        List<String> tried = new ArrayList<>();
        String override = Config.LIBRARY_PATH;
        String overrideProblem = null;
        if (override == null) {
            tried.add("-Dferrocl.library.path: not set");
        } else {
            Path path = Paths.get(override);
            if (Files.isDirectory(path)) {
                path = path.resolve(LIBRARY_FILE);
            }
            path = path.toAbsolutePath();
            if (!Files.isRegularFile(path)) {
                overrideProblem = path + " does not exist";
            } else {
                try {
                    System.load(path.toString());
                    loaded = true;
                    return;
                } catch (UnsatisfiedLinkError | SecurityException e) {
                    overrideProblem = path + " could not be loaded: " + e.getMessage();
                }
            }
            tried.add("-Dferrocl.library.path=" + override + ": " + overrideProblem);
        }

        String bundled = loadBundled();
        if (bundled == null) {
            warnOverrideIgnored(overrideProblem, "the library bundled in the jar");
            loaded = true;
            return;
        }
        tried.add("the library bundled in the jar for " + platform() + ": " + bundled);

        try {
            System.loadLibrary("ferrocl");
            warnOverrideIgnored(overrideProblem, "libferrocl.so from java.library.path");
            loaded = true;
            return;
        } catch (UnsatisfiedLinkError | SecurityException e) {
            tried.add("System.loadLibrary(\"ferrocl\") with java.library.path=" + System.getProperty("java.library.path")
                    + ": " + e.getMessage());
        }

        StringBuilder message = new StringBuilder("cannot load the Ferrocl native library (" + LIBRARY_FILE + "); tried:");
        for (int i = 0; i < tried.size(); i++) {
            message.append("\n  ").append(i + 1).append(". ").append(tried.get(i));
        }
        message.append("\nBuild it with `cargo build --release -p ferrocl-jni` (or `gradle test` without -PskipCargo)")
                .append(" and pass -Dferrocl.library.path=<repo>/target/release/").append(LIBRARY_FILE);
        failure = message.toString();
        throw new FerroclException(failure);
    }

    /**
     * This JVM's platform in the jar's naming: {@code linux-x86_64}, {@code linux-aarch64}, or what os.name and
     * os.arch say for any other (lower case, spaces removed), e.g. {@code macosx-aarch64}.
     */
    static String platform() {
        return platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /** {@link #platform()} for the given os.name and os.arch. */
    static String platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT).replace(" ", "");
        String arch = osArch.toLowerCase(Locale.ROOT).replace(" ", "");
        if (os.startsWith("linux")) {
            os = "linux";
        }
        switch (arch) {
            case "amd64":
            case "x86_64":
            case "x86-64":
                arch = "x86_64";
                break;
            case "aarch64":
            case "arm64":
                arch = "aarch64";
                break;
            default:
                break;
        }
        return os + "-" + arch;
    }

    /** The platforms whose library this jar (or class path) carries, in {@link #PLATFORMS}' order. */
    static List<String> bundledPlatforms() {
        List<String> present = new ArrayList<>();
        for (String p : PLATFORMS) {
            if (NativeLoader.class.getResource(resource(p)) != null) {
                present.add(p);
            }
        }
        return present;
    }

    static String resource(String platform) {
        return "/native/" + platform + "/" + LIBRARY_FILE;
    }

    /** Extracts and loads the bundled library; returns null on success, else why it could not be used. */
    private static String loadBundled() {
        String platform = platform();
        try (InputStream in = NativeLoader.class.getResourceAsStream(resource(platform))) {
            if (in == null) {
                List<String> present = bundledPlatforms();
                if (present.isEmpty()) {
                    return "the jar carries no native library (it was built without the Rust library, e.g. with"
                            + " -PskipCargo)";
                }
                return "the jar carries none for " + platform + ", only for " + String.join(", ", present);
            }
            Path dir;
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                dir = Files.createTempDirectory("ferrocl",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } else {
                dir = Files.createTempDirectory("ferrocl");
            }
            // deleteOnExit runs in reverse order of registration: the file goes first, then its directory.
            dir.toFile().deleteOnExit();
            Path file = dir.resolve(LIBRARY_FILE);
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
            }
            System.load(file.toString());
            return null;
        } catch (IOException e) {
            return "could not be extracted: " + e;
        } catch (UnsatisfiedLinkError | SecurityException e) {
            return "could not be loaded: " + e.getMessage();
        }
    }

    private static void warnOverrideIgnored(String overrideProblem, String used) {
        if (overrideProblem != null) {
            System.err.println("[ferrocl] warning: -Dferrocl.library.path: " + overrideProblem + "; using " + used);
        }
    }
}

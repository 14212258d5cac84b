package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.Test;

/**
 * The disk cache of compiled kernels across JVMs: each run is a fresh child JVM (this class's {@code main}) that
 * compiles and runs one kernel against the JVM, with its own cache folder. The first run builds and keeps the binary;
 * the second one's report says the binary came from the disk cache; a damaged entry is a miss that is rebuilt and
 * replaced; {@code -Dferrocl.cache=false} never reads it; a folder that cannot be written means no cache, not a
 * failure. (Entry format, concurrent writers and the size bound: the runtime's unit tests.)
 */
public class KernelCacheTest {
    static void polynomial(float[] x, float[] y) {
        for (@Parallel int i = 0; i < x.length; i++) {
            float v = x[i];
            y[i] = ((v * 0.5f + 1.25f) * v - 3f) * v + 0.125f;
        }
    }

    /** The child: runs the kernel strict, checks it against the JVM, prints whether the binary came from disk. */
    public static void main(String[] args) {
        int n = 4096;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.01f - 20f;
        }
        float[] y = new float[n];
        float[] expected = new float[n];
        polynomial(x, expected);
        try (TaskSchedule s = new TaskSchedule("kernel-cache")) {
            s.task("poly", KernelCacheTest::polynomial, x, y).execute();
            TaskReport t = s.report().task("poly");
            boolean same = java.util.Arrays.equals(expected, y);
            System.out.println("RESULT ranOn=" + t.ranOn() + " equal=" + same + " fromDiskCache=" + t.fromDiskCache());
        }
    }

    private static String child(Path cacheDir, String... extra) throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        for (String p : new String[] {"ferrocl.library.path", "ferrocl.device"}) {
            if (System.getProperty(p) != null) {
                cmd.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        cmd.add("-Dferrocl.strict=true");
        cmd.add("-Dferrocl.cache.dir=" + cacheDir);
        for (String e : extra) {
            cmd.add(e);
        }
        cmd.add(KernelCacheTest.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(out, 0, p.waitFor());
        String line = out.lines().filter(l -> l.startsWith("RESULT ")).findFirst().orElse("");
        assertTrue(out, line.contains("ranOn=DEVICE") && line.contains("equal=true"));
        return line;
    }

    private static List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".bin")).sorted().toList();
        }
    }

    @Test
    public void aSecondJvmLinksTheBinaryTheFirstKept() throws Exception {
        Path dir = Files.createTempDirectory("ferrocl-kernel-cache");
        try {
            assertTrue(child(dir).contains("fromDiskCache=false"));
            assertEquals("one entry kept", 1, entries(dir).size());
            assertTrue(child(dir).contains("fromDiskCache=true"));

            // A damaged entry (one byte of its binary flipped): a miss, rebuilt and replaced.
            Path entry = entries(dir).get(0);
            byte[] bytes = Files.readAllBytes(entry);
            bytes[bytes.length - 1] ^= 0x5a;
            Files.write(entry, bytes);
            assertTrue(child(dir).contains("fromDiskCache=false"));
            assertTrue(child(dir).contains("fromDiskCache=true"));

            // Truncated: the same.
            entry = entries(dir).get(0);
            bytes = Files.readAllBytes(entry);
            Files.write(entry, java.util.Arrays.copyOf(bytes, bytes.length / 2));
            assertTrue(child(dir).contains("fromDiskCache=false"));
            assertTrue(child(dir).contains("fromDiskCache=true"));

            // Switched off: built by the driver.
            assertTrue(child(dir, "-Dferrocl.cache=false").contains("fromDiskCache=false"));
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    public void aFolderThatCannotBeWrittenMeansNoCache() throws Exception {
        // A regular file where the folder should be: nothing can be created under it.
        Path file = Files.createTempFile("ferrocl-kernel-cache", ".not-a-folder");
        try {
            assertTrue(child(file.resolve("cache")).contains("fromDiskCache=false"));
            assertTrue(child(file.resolve("cache")).contains("fromDiskCache=false"));
        } finally {
            Files.deleteIfExists(file);
        }
    }
}

package dev.ferrocl.api;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeFalse;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/**
 * The loader's choice of the bundled library by platform: the names os.name and os.arch map to, that the class path
 * carries the libraries the build bundles, and that a JVM of a platform no library exists for fails with a message
 * that names its platform and the ones the jar has (a child JVM told it runs on riscv64).
 */
public class NativeLoaderPlatformTest {
    @Test
    public void platformNames() {
        assertEquals("linux-x86_64", NativeLoader.platform("Linux", "amd64"));
        assertEquals("linux-x86_64", NativeLoader.platform("Linux", "x86_64"));
        assertEquals("linux-aarch64", NativeLoader.platform("Linux", "aarch64"));
        assertEquals("linux-aarch64", NativeLoader.platform("Linux", "arm64"));
        assertEquals("linux-riscv64", NativeLoader.platform("Linux", "riscv64"));
        assertEquals("macosx-aarch64", NativeLoader.platform("Mac OS X", "aarch64"));
        assertEquals("windows11-x86_64", NativeLoader.platform("Windows 11", "amd64"));
    }

    /** The GPU bench bundle strips the libraries from the jar (it loads its own): nothing to look at there. */
    private static void assumeBundled() {
        assumeFalse("the class path carries no bundled native library", NativeLoader.bundledPlatforms().isEmpty());
    }

    @Test
    public void theBuildBundlesThisPlatformsLibrary() {
        assumeBundled();
        assertTrue(NativeLoader.bundledPlatforms().toString(),
                NativeLoader.bundledPlatforms().contains(NativeLoader.platform()));
    }

    /** Child JVM: loads the library with no override and prints what happened. */
    public static void main(String[] args) {
        try {
            NativeLoader.load();
            System.out.println("LOADED");
        } catch (FerroclException e) {
            System.out.println("FAILED " + e.getMessage());
        }
    }

    @Test
    public void anotherPlatformIsNamedInTheError() throws Exception {
        assumeBundled();
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-Dos.arch=riscv64");
        // No -Dferrocl.library.path, and a java.library.path without libferrocl.so: only the jar could provide it.
        cmd.add("-Djava.library.path=" + System.getProperty("java.io.tmpdir"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(NativeLoaderPlatformTest.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(out, 0, p.waitFor());
        assertTrue(out, out.contains("FAILED"));
        assertTrue(out, out.contains("the library bundled in the jar for linux-riscv64: the jar carries none for"
                + " linux-riscv64, only for "));
        assertTrue(out, out.contains("linux-x86_64"));
        assertNotEquals(out, -1, out.indexOf("-Dferrocl.library.path: not set"));
    }
}

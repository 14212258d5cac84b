package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/**
 * The JVM's signal handlers survive the OpenCL driver: a child JVM runs a kernel (so the driver is loaded and has
 * built a program), then gets one SIGQUIT and must print its thread dump, as a JVM without Ferrocl does. (A driver
 * that takes over SIGQUIT used to swallow the first one.) Linux and macOS only: it sends the signal with
 * {@code kill}.
 */
public class SignalsTest {
    /** The child: runs a kernel on the default device in strict mode, says READY, then waits to be killed. */
    public static void main(String[] args) throws Exception {
        float[] a = new float[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        try (TaskSchedule s = new TaskSchedule("child").task("t", SignalsTest::inc, a)) {
            s.execute();
            if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE || a[999] != 1000f) {
                System.out.println("NOT ON THE DEVICE");
                return;
            }
        }
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(60_000);
    }

    static void inc(float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] + 1f;
        }
    }

    @Test
    public void oneSigquitAfterAKernelPrintsAThreadDump() throws Exception {
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
        // Built by the driver's compiler now, not linked from Ferrocl's disk cache of compiled kernels.
        cmd.add("-Dferrocl.cache=false");
        cmd.add(SignalsTest.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        // PoCL: build the kernel with its compiler now (LLVM installs its crash handlers when it runs), not from
        // the kernel cache of an earlier run.
        pb.environment().put("POCL_KERNEL_CACHE", "0");
        pb.environment().remove("LD_PRELOAD"); // no signal chaining (libjsig): Ferrocl's own restoring is tested
        Process child = pb.start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (Exception e) {
                lines.add("READ FAILED: " + e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        try {
            StringBuilder seen = new StringBuilder();
            assertTrue("the child did not get ready: " + seen, waitFor(lines, "READY", 120, seen));
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(child.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            assertTrue("no thread dump after one SIGQUIT; the child printed: " + seen,
                    waitFor(lines, "Full thread dump", 30, seen));
            assertTrue("the child died of the signal", child.isAlive());
        } finally {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static boolean waitFor(BlockingQueue<String> lines, String what, int seconds, StringBuilder seen)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line == null) {
                continue;
            }
            if (seen.length() < 4000) {
                seen.append(line).append('\n');
            }
            if (line.contains(what)) {
                return true;
            }
        }
        return false;
    }
}

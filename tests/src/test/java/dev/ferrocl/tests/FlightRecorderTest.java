package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.Test;

/**
 * Ferrocl's JDK Flight Recorder events, read back from a recording with {@code jdk.jfr.consumer}: a compile event per
 * compiled task (its device, JIT and build times as the report gives them), a kernel event and one transfer event per
 * direction per execution (sizes and bytes as the report gives them), and a fallback event with the reason when a
 * task reran on the JVM.
 */
public class FlightRecorderTest {
    static void map(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 5 - i;
        }
    }

    static void shifted(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i + 1] - a[i];
        }
    }

    private static List<RecordedEvent> of(List<RecordedEvent> all, String type, String task) {
        return all.stream()
                .filter(e -> e.getEventType().getName().equals(type) && task.equals(e.getString("task")))
                .collect(Collectors.toList());
    }

    @Test
    public void compilesKernelsTransfersAndFallbacksAreRecorded() throws Exception {
        int n = 30_000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 3 - 11;
        }
        int[] out = new int[n];
        int[] out2 = new int[n];
        Path file = Files.createTempFile("ferrocl", ".jfr");
        try (Recording recording = new Recording()) {
            for (String type : new String[] {"Compile", "Kernel", "Transfer", "Fallback"}) {
                recording.enable("dev.ferrocl." + type);
            }
            recording.start();
            TaskReport mapReport;
            TaskReport shiftedReport;
            // Copies, also on PoCL: the second execution would otherwise run in place and move nothing.
            try (TaskSchedule s = new TaskSchedule("jfr-map").inPlace(false)) {
                s.task("jfr-map", FlightRecorderTest::map, a, out);
                s.execute();
                s.execute();
                mapReport = s.report().task("jfr-map");
            }
            try (TaskSchedule s = new TaskSchedule("jfr-shifted")) {
                s.task("jfr-shifted", FlightRecorderTest::shifted, a, out2);
                assertThrows(ArrayIndexOutOfBoundsException.class, s::execute);
                shiftedReport = s.report().task("jfr-shifted");
            }
            recording.stop();
            recording.dump(file);
            List<RecordedEvent> all = RecordingFile.readAllEvents(file);

            assertEquals(TaskReport.Where.DEVICE, mapReport.ranOn());
            List<RecordedEvent> compiles = of(all, "dev.ferrocl.Compile", "jfr-map");
            assertEquals(all.toString(), 1, compiles.size());
            RecordedEvent c = compiles.get(0);
            assertEquals(mapReport.device(), c.getString("device"));
            assertEquals(mapReport.compileNanos(), c.getDuration("jitNanos").toNanos());
            assertEquals(mapReport.buildNanos(), c.getDuration("buildNanos").toNanos());
            assertTrue(c.getString("method").endsWith("FlightRecorderTest.map"));

            List<RecordedEvent> kernels = of(all, "dev.ferrocl.Kernel", "jfr-map");
            assertEquals(2, kernels.size());
            for (RecordedEvent k : kernels) {
                assertEquals(Arrays.toString(mapReport.globalSize()), k.getString("globalSize"));
                assertEquals(Arrays.toString(mapReport.localSize()), k.getString("localSize"));
            }
            // The first execution is profiled: its kernel has a device time.
            assertTrue(kernels.get(0).getDuration("deviceNanos").toNanos() > 0);
            List<RecordedEvent> transfers = of(all, "dev.ferrocl.Transfer", "jfr-map");
            assertEquals(4, transfers.size());
            for (RecordedEvent t : transfers) {
                long expected = t.getString("direction").equals("upload") ? mapReport.bytesUploaded()
                        : mapReport.bytesDownloaded();
                assertEquals(t.toString(), expected, t.getLong("bytes"));
            }
            assertEquals(4L * n, mapReport.bytesUploaded());

            List<RecordedEvent> fallbacks = of(all, "dev.ferrocl.Fallback", "jfr-shifted");
            assertEquals(1, fallbacks.size());
            assertEquals(TaskReport.Where.JVM, shiftedReport.ranOn());
            assertEquals(shiftedReport.reason(), fallbacks.get(0).getString("reason"));
            assertTrue(of(all, "dev.ferrocl.Fallback", "jfr-map").isEmpty());
        } finally {
            Files.deleteIfExists(file);
        }
    }
}

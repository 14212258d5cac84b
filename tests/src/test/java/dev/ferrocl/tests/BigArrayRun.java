package dev.ferrocl.tests;

import dev.ferrocl.api.Devices;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * An array larger than the device's largest allocation, scaled in place on the default device (strict mode): a
 * {@code float[]} of {@code N} elements (default 600,000,000: 2.4 GB, more than PoCL's 2 GiB allocation here) runs in
 * batches without any setting, and every element is compared with the JVM's own run of the same method on the same
 * inputs (block by block, so that the check needs no second 2.4 GB array). Prints the JVM's and Ferrocl's median
 * times over {@code REPS} runs (default 3) and the batches; exit status 1 on any difference. Run with
 * {@code gradle :tests:bigArray -PskipCargo [-PbigArray.n=N] [-PbigArray.reps=R]} ({@code scripts/test.sh} runs it).
 */
public final class BigArrayRun {
    private BigArrayRun() {
    }

    public static void scale(float[] a, float s) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * s + 1.0f;
        }
    }

    private static float input(int i) {
        return (i % 100_003) * 0.37f - 5_000f;
    }

    private static void fill(float[] a) {
        IntStream.range(0, a.length).parallel().forEach(i -> a[i] = input(i));
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 600_000_000;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        float s = 1.5f;
        float[] a = new float[n];
        long bytes = 4L * n;
        System.out.printf("big array: float[%,d] (%,d bytes) on %s%n", n, bytes, Devices.defaultDevice());

        long[] jvm = new long[reps];
        for (int r = 0; r < reps; r++) {
            fill(a);
            long t0 = System.nanoTime();
            scale(a, s);
            jvm[r] = System.nanoTime() - t0;
        }

        long[] device = new long[reps];
        TaskReport report = null;
        try (TaskSchedule schedule = new TaskSchedule("big-array")) {
            schedule.task("scale", BigArrayRun::scale, a, s);
            for (int r = 0; r < reps; r++) {
                fill(a);
                long t0 = System.nanoTime();
                schedule.execute();
                device[r] = System.nanoTime() - t0;
                report = schedule.report().task("scale");
                if (report.ranOn() != TaskReport.Where.DEVICE || report.batches() < 2) {
                    System.out.println("FAILED: expected a run on the device in batches: " + report);
                    System.exit(1);
                }
            }
        }

        // The last device run against the JVM's run of the same method on the same inputs, a block at a time.
        int block = 1 << 22;
        float[] expected = new float[block];
        long differ = 0;
        long firstDiffer = -1;
        for (int from = 0; from < n; from += block) {
            int len = Math.min(block, n - from);
            float[] chunk = len == block ? expected : new float[len];
            for (int i = 0; i < len; i++) {
                chunk[i] = input(from + i);
            }
            scale(chunk, s);
            for (int i = 0; i < len; i++) {
                if (Float.floatToRawIntBits(chunk[i]) != Float.floatToRawIntBits(a[from + i])) {
                    if (firstDiffer < 0) {
                        firstDiffer = from + i;
                    }
                    differ++;
                }
            }
        }
        System.out.printf("report: %s%n", report);
        System.out.printf("JVM median %.1f ms, Ferrocl median %.1f ms (%d runs each): Ferrocl/JVM speed %.2fx; "
                + "%d batches%n", median(jvm), median(device), reps, median(jvm) / median(device), report.batches());
        if (differ != 0) {
            System.out.printf("FAILED: %,d elements differ from the JVM's (first at %,d)%n", differ, firstDiffer);
            System.exit(1);
        }
        System.out.printf("all %,d elements equal the JVM's%n", n);
    }
}

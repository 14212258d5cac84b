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
 * {@code gradle :tests:bigArray -PskipCargo [-PbigArray.n=N] [-PbigArray.reps=R]} ({@code scripts/test.sh} runs it);
 * on the GPU machine, {@code .bench-bundle/junit/big-array.sh N REPS compare 256MB} compares one launch with
 * batches there.
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

    /** Runs the scaling {@code reps} times on fresh inputs; returns the times and leaves the last result in a. */
    private static long[] onDevice(float[] a, float s, int reps, long batchBytes, TaskReport[] report) {
        long[] nanos = new long[reps];
        // 0: the schedule's default (as -Dferrocl.batch / FERROCL_BATCH set it).
        try (TaskSchedule schedule = batchBytes > 0 ? new TaskSchedule("big-array").batch(batchBytes)
                : new TaskSchedule("big-array")) {
            schedule.task("scale", BigArrayRun::scale, a, s);
            for (int r = 0; r < reps; r++) {
                fill(a);
                long t0 = System.nanoTime();
                schedule.execute();
                nanos[r] = System.nanoTime() - t0;
                report[0] = schedule.report().task("scale");
                if (report[0].ranOn() != TaskReport.Where.DEVICE) {
                    System.out.println("FAILED: expected a run on the device: " + report[0]);
                    System.exit(1);
                }
            }
        }
        return nanos;
    }

    /** Every element of {@code a} against the JVM's run of the same method on the same inputs, a block at a time. */
    private static void check(float[] a, float s, String what) {
        int n = a.length;
        int block = 1 << 22;
        long differ = 0;
        long firstDiffer = -1;
        for (int from = 0; from < n; from += block) {
            int len = Math.min(block, n - from);
            float[] expected = new float[len];
            for (int i = 0; i < len; i++) {
                expected[i] = input(from + i);
            }
            scale(expected, s);
            for (int i = 0; i < len; i++) {
                if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(a[from + i])) {
                    if (firstDiffer < 0) {
                        firstDiffer = from + i;
                    }
                    differ++;
                }
            }
        }
        if (differ != 0) {
            System.out.printf("FAILED (%s): %,d elements differ from the JVM's (first at %,d)%n", what, differ,
                    firstDiffer);
            System.exit(1);
        }
        System.out.printf("%s: all %,d elements equal the JVM's%n", what, n);
    }

    /**
     * Arguments: {@code N REPS} (defaults 600,000,000 and 3), then either nothing (the array must not fit the device
     * at once: the run fails unless it ran in batches) or {@code compare SIZE}: one schedule with the default (one
     * launch when the array fits) and one with {@code batch(SIZE)}, side by side.
     */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 600_000_000;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        boolean compare = args.length > 3 && args[2].equals("compare");
        float s = 1.5f;
        float[] a = new float[n];
        System.out.printf("big array: float[%,d] (%,d bytes) on %s%n", n, 4L * n, Devices.defaultDevice());

        long[] jvm = new long[reps];
        for (int r = 0; r < reps; r++) {
            fill(a);
            long t0 = System.nanoTime();
            scale(a, s);
            jvm[r] = System.nanoTime() - t0;
        }
        System.out.printf("JVM (one thread): median %.1f ms of %d%n", median(jvm), reps);

        TaskReport[] report = new TaskReport[1];
        long[] auto = onDevice(a, s, reps, 0, report);
        System.out.printf("Ferrocl, default: median %.1f ms of %d, %d batches (Ferrocl/JVM speed %.2fx); %s%n",
                median(auto), reps, report[0].batches(), median(jvm) / median(auto), report[0]);
        check(a, s, "default");
        if (!compare && report[0].batches() < 2) {
            System.out.println("FAILED: expected the array to run in batches: " + report[0]);
            System.exit(1);
        }
        if (compare) {
            long size = parseSize(args[3]);
            long[] batched = onDevice(a, s, reps, size, report);
            System.out.printf("Ferrocl, batch(%s): median %.1f ms of %d, %d batches (x default %.2f, Ferrocl/JVM "
                    + "speed %.2fx); %s%n", args[3], median(batched), reps, report[0].batches(),
                    median(auto) / median(batched), median(jvm) / median(batched), report[0]);
            check(a, s, "batch(" + args[3] + ")");
        }
    }

    private static long parseSize(String text) {
        String t = text.trim().toUpperCase(java.util.Locale.ROOT);
        long unit = t.endsWith("GB") ? 1L << 30 : t.endsWith("MB") ? 1L << 20 : t.endsWith("KB") ? 1L << 10 : 1;
        return Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 2)) * unit;
    }
}

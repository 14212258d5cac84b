package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;

/**
 * The first {@code execute()} of a fresh JVM: MatMul's kernel (256², small enough that compiling and building dominate)
 * compiled, built (or linked from the disk cache of compiled kernels) and run on the default device. Prints one line
 * with the whole first execute()'s time, the driver build (or link) time and whether the binary came from the disk
 * cache; checks the result against the JVM (exit 1 on a difference). Run it in fresh JVMs with an empty cache folder
 * (cold) and again (warm): {@code .bench-bundle/junit/first-execute.sh}, or with {@code -Dferrocl.cache.dir=DIR} here.
 */
public final class FirstExecuteRun {
    private FirstExecuteRun() {
    }

    public static void matmul(float[] a, float[] b, float[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float s = 0f;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = s;
            }
        }
    }

    public static void main(String[] args) {
        int n = 256;
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = (i % 17) * 0.25f - 2f;
            b[i] = (i % 13) * 0.5f - 3f;
        }
        float[] c = new float[n * n];
        float[] expected = new float[n * n];
        matmul(a, b, expected, n);
        long t0 = System.nanoTime();
        try (TaskSchedule s = new TaskSchedule("first-execute")) {
            s.task("matmul", FirstExecuteRun::matmul, a, b, c, n).execute();
            long first = System.nanoTime() - t0;
            TaskReport t = s.report().task("matmul");
            boolean same = java.util.Arrays.equals(expected, c);
            System.out.printf("FIRST execute %.1f ms, jit %.2f ms, driver build %.1f ms, fromDiskCache=%s, "
                    + "ranOn=%s, equal=%s%n", first / 1e6, t.compileNanos() / 1e6, t.buildNanos() / 1e6,
                    t.fromDiskCache(), t.ranOn(), same);
            if (!same || t.ranOn() != TaskReport.Where.DEVICE) {
                System.exit(1);
            }
        }
    }
}

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The linux-aarch64 smoke test (scripts/aarch64-smoke.sh runs it under qemu-user with Debian's arm64 JDK and PoCL):
 * a handful of kernels through the aarch64 build of libferrocl.so, each result compared exactly with the JVM's own
 * on the same machine, each task required to have run on the device, and one out-of-bounds index that must surface
 * as the JVM's exception with the arrays left as the JVM leaves them. Prints one line per case; exits 1 on the
 * first mismatch.
 */
public final class Aarch64Smoke {
    private static int failures;

    static void saxpy(float a, float[] x, float[] y) {
        for (@Parallel int i = 0; i < y.length; i++) {
            y[i] = a * x[i] + y[i];
        }
    }

    static void integers(int[] a, int[] b, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int q = b[i] == 0 ? 0 : a[i] / b[i];
            int r = b[i] == 0 ? 0 : a[i] % b[i];
            long wide = (long) a[i] * b[i] + ((long) a[i] << 33) - (a[i] >>> 3) + (b[i] >> 5);
            out[i] = wide ^ q ^ ((long) r << 17) ^ (a[i] * b[i]);
        }
    }

    static void doubles(double[] x, double[] y, int[] asInt, long[] asLong, double[] out) {
        for (@Parallel int i = 0; i < x.length; i++) {
            double d = x[i] / y[i] + Math.sqrt(Math.abs(x[i])) - Math.min(x[i], y[i]) * Math.max(x[i], y[i]);
            out[i] = d;
            asInt[i] = (int) d;
            asLong[i] = (long) (d * 1e12);
        }
    }

    static void sum(int[] a, @Reduce long[] total) {
        for (@Parallel int i = 0; i < a.length; i++) {
            total[0] += a[i];
        }
    }

    static void stencil(int w, int h, float[] in, float[] out) {
        for (@Parallel int y = 1; y < h - 1; y++) {
            for (@Parallel int x = 1; x < w - 1; x++) {
                out[y * w + x] = 0.25f * (in[(y - 1) * w + x] + in[(y + 1) * w + x] + in[y * w + x - 1]
                        + in[y * w + x + 1]);
            }
        }
    }

    static void gather(int[] index, int[] data, int[] out) {
        for (@Parallel int i = 0; i < index.length; i++) {
            out[i] = data[index[i]];
        }
    }

    public static void main(String[] args) {
        System.out.println("os.arch=" + System.getProperty("os.arch") + " java.version="
                + System.getProperty("java.version"));
        SplittableRandom r = new SplittableRandom(42);
        int n = 4099;

        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) r.nextDouble(-1e3, 1e3);
            y[i] = (float) r.nextDouble(-1e3, 1e3);
        }
        float[] yJvm = y.clone();
        saxpy(1.7f, x, yJvm);
        run("saxpy", s -> s.task("t", Aarch64Smoke::saxpy, 1.7f, x, y));
        same("saxpy", Arrays.equals(y, yJvm));

        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt();
            b[i] = i % 7 == 0 ? 0 : i % 11 == 0 ? -1 : r.nextInt();
        }
        a[5] = Integer.MIN_VALUE;
        b[5] = -1;
        long[] out = new long[n];
        long[] outJvm = new long[n];
        integers(a, b, outJvm);
        run("integers", s -> s.task("t", Aarch64Smoke::integers, a, b, out));
        same("integers", Arrays.equals(out, outJvm));

        double[] dx = new double[n];
        double[] dy = new double[n];
        for (int i = 0; i < n; i++) {
            dx[i] = r.nextDouble(-1e10, 1e10);
            dy[i] = i % 13 == 0 ? 0.0 : r.nextDouble(-10, 10);
        }
        dx[3] = Double.NaN;
        int[] asInt = new int[n];
        long[] asLong = new long[n];
        double[] dOut = new double[n];
        int[] asIntJvm = new int[n];
        long[] asLongJvm = new long[n];
        double[] dOutJvm = new double[n];
        doubles(dx, dy, asIntJvm, asLongJvm, dOutJvm);
        run("doubles", s -> s.task("t", Aarch64Smoke::doubles, dx, dy, asInt, asLong, dOut));
        same("doubles", Arrays.equals(dOut, dOutJvm) && Arrays.equals(asInt, asIntJvm)
                && Arrays.equals(asLong, asLongJvm));

        long[] total = {0};
        long[] totalJvm = {0};
        sum(a, totalJvm);
        run("reduce", s -> s.task("t", Aarch64Smoke::sum, a, total));
        same("reduce", total[0] == totalJvm[0]);

        int w = 67;
        int h = 45;
        float[] in = new float[w * h];
        for (int i = 0; i < in.length; i++) {
            in[i] = (float) r.nextDouble();
        }
        float[] sOut = new float[w * h];
        float[] sOutJvm = new float[w * h];
        stencil(w, h, in, sOutJvm);
        run("stencil 2-D", s -> s.task("t", Aarch64Smoke::stencil, w, h, in, sOut));
        same("stencil 2-D", Arrays.equals(sOut, sOutJvm));

        int[] index = new int[n];
        int[] data = new int[100];
        for (int i = 0; i < n; i++) {
            index[i] = r.nextInt(100);
        }
        index[3000] = 100;
        int[] gOut = new int[n];
        int[] gOutJvm = new int[n];
        String jvmMessage = null;
        try {
            gather(index, data, gOutJvm);
        } catch (ArrayIndexOutOfBoundsException e) {
            jvmMessage = e.getMessage();
        }
        String deviceMessage = null;
        try (TaskSchedule s = new TaskSchedule("gather").task("t", Aarch64Smoke::gather, index, data, gOut)) {
            s.execute();
        } catch (ArrayIndexOutOfBoundsException e) {
            deviceMessage = e.getMessage();
        }
        same("exception (" + deviceMessage + ")", jvmMessage != null && jvmMessage.equals(deviceMessage)
                && Arrays.equals(gOut, gOutJvm));

        if (failures > 0) {
            System.out.println(failures + " case(s) failed");
            System.exit(1);
        }
        System.out.println("aarch64 smoke: every case matches the JVM");
    }

    private static void run(String name, java.util.function.Consumer<TaskSchedule> tasks) {
        try (TaskSchedule s = new TaskSchedule(name)) {
            tasks.accept(s);
            s.execute();
            for (TaskReport t : s.report().tasks()) {
                if (t.ranOn() != TaskReport.Where.DEVICE) {
                    System.out.println(name + ": ran on " + t.ranOn() + ": " + t.reason());
                    failures++;
                }
            }
            System.out.println(name + ": " + s.report().tasks().get(0).device());
        }
    }

    private static void same(String name, boolean ok) {
        System.out.println((ok ? "ok    " : "FAIL  ") + name);
        if (!ok) {
            failures++;
        }
    }
}

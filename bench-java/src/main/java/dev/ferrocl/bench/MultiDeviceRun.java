package dev.ferrocl.bench;

import dev.ferrocl.api.Device;
import dev.ferrocl.api.Devices;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The multi-device run (not JMH: a few large executions per configuration). Each workload runs on the first
 * configuration (one device: the reference) and then on each other one ({@link TaskSchedule#devices(String...)}),
 * every execution's results compared bit for bit with the reference run's, and the reference against the JVM on a
 * sampled subset. One JSON object per (workload, configuration) line goes to the output file, and a summary to
 * stdout.
 *
 * <pre>
 * java -cp ferrocl-bench.jar dev.ferrocl.bench.MultiDeviceRun OUT.jsonl REPS CONFIG [CONFIG...]
 *   CONFIG: device ids joined by '+', e.g. 0:0  0:0+1:0  0:0+2:0  (the first is the reference); gpuN names the
 *   N-th GPU, cpu the first CPU device (a configuration naming a device that is not there is skipped)
 *   -Dmulti.scale=1.0 scales every size (0.01 for a quick run on a CPU); -Dmulti.only=matmul,map picks workloads
 * </pre>
 */
public final class MultiDeviceRun {
    private MultiDeviceRun() {
    }

    /** One workload: its arrays, its task, its JVM check on samples. */
    interface Workload {
        String name();

        String size();

        /** A schedule over fresh output arrays on {@code devices}. */
        TaskSchedule schedule(String[] devices);

        /** The output of the last execution (compared across configurations). */
        Object output();

        /** Clears the outputs before a run. */
        void clear();

        /** Compares {@code samples} elements of the output with the JVM's; returns how many matched. */
        int jvmCheck(Random rnd, int samples);
    }

    static final class MatMul implements Workload {
        final int n;
        final float[] a;
        final float[] b;
        float[] c;

        MatMul(int n) {
            this.n = n;
            a = new float[n * n];
            b = new float[n * n];
            Random r = new Random(1);
            for (int i = 0; i < a.length; i++) {
                a[i] = r.nextFloat() - 0.5f;
                b[i] = r.nextFloat() - 0.5f;
            }
            c = new float[n * n];
        }

        public String name() {
            return "matmul";
        }

        public String size() {
            return n + "x" + n + " float";
        }

        public TaskSchedule schedule(String[] devices) {
            return new TaskSchedule("matmul").devices(devices).task("mm", MatMulBench::matmul, n, a, b, c);
        }

        public Object output() {
            return c;
        }

        public void clear() {
            Arrays.fill(c, Float.NaN);
        }

        public int jvmCheck(Random rnd, int samples) {
            int ok = 0;
            for (int s = 0; s < samples; s++) {
                int i = rnd.nextInt(n);
                int j = rnd.nextInt(n);
                float sum = 0f;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * n + j];
                }
                ok += Float.floatToRawIntBits(sum) == Float.floatToRawIntBits(c[i * n + j]) ? 1 : 0;
            }
            return ok;
        }
    }

    static final class NBody implements Workload {
        final int n;
        final float[] x, y, z, m, vx, vy, vz, nx, ny, nz, nvx, nvy, nvz;

        NBody(int n) {
            this.n = n;
            Random r = new Random(2);
            x = rnd(r, n);
            y = rnd(r, n);
            z = rnd(r, n);
            m = rnd(r, n);
            vx = rnd(r, n);
            vy = rnd(r, n);
            vz = rnd(r, n);
            nx = new float[n];
            ny = new float[n];
            nz = new float[n];
            nvx = new float[n];
            nvy = new float[n];
            nvz = new float[n];
        }

        static float[] rnd(Random r, int n) {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = r.nextFloat();
            }
            return v;
        }

        public String name() {
            return "nbody";
        }

        public String size() {
            return n + " bodies";
        }

        public TaskSchedule schedule(String[] devices) {
            return new TaskSchedule("nbody").devices(devices).task("step", NBodyBench::step, x, y, z, m, vx, vy, vz,
                    nx, ny, nz, nvx, nvy, nvz, 0.01f, 0.01f);
        }

        public Object output() {
            return new float[][] {nx, ny, nz, nvx, nvy, nvz};
        }

        public void clear() {
            for (float[] v : new float[][] {nx, ny, nz, nvx, nvy, nvz}) {
                Arrays.fill(v, Float.NaN);
            }
        }

        public int jvmCheck(Random rnd, int samples) {
            // One body at a time, as NBodyBench.step computes it.
            int ok = 0;
            for (int s = 0; s < samples; s++) {
                int i = rnd.nextInt(n);
                float xi = x[i], yi = y[i], zi = z[i];
                float ax = 0f, ay = 0f, az = 0f;
                for (int j = 0; j < n; j++) {
                    float dx = x[j] - xi;
                    float dy = y[j] - yi;
                    float dz = z[j] - zi;
                    float d2 = dx * dx + dy * dy + dz * dz + 0.01f;
                    float inv = 1.0f / (float) Math.sqrt(d2);
                    float sc = m[j] * inv * inv * inv;
                    ax += dx * sc;
                    ay += dy * sc;
                    az += dz * sc;
                }
                float vxi = vx[i] + ax * 0.01f;
                float nxi = xi + vxi * 0.01f;
                ok += Float.floatToRawIntBits(vxi) == Float.floatToRawIntBits(nvx[i])
                        && Float.floatToRawIntBits(nxi) == Float.floatToRawIntBits(nx[i]) ? 1 : 0;
            }
            return ok;
        }
    }

    static final class Mandelbrot implements Workload {
        final int w;
        final int[] iters;

        Mandelbrot(int w) {
            this.w = w;
            iters = new int[w * w];
        }

        public String name() {
            return "mandelbrot";
        }

        public String size() {
            return w + "x" + w + ", 256 iterations";
        }

        public TaskSchedule schedule(String[] devices) {
            return new TaskSchedule("mandelbrot").devices(devices).task("m", MandelbrotBench::mandelbrot, iters, w, w,
                    -2f, -1.5f, 3f / w, 256);
        }

        public Object output() {
            return iters;
        }

        public void clear() {
            Arrays.fill(iters, -1);
        }

        public int jvmCheck(Random rnd, int samples) {
            int ok = 0;
            float step = 3f / w;
            for (int s = 0; s < samples; s++) {
                int px = rnd.nextInt(w);
                int py = rnd.nextInt(w);
                float cx = -2f + px * step;
                float cy = -1.5f + py * step;
                float zx = 0f, zy = 0f;
                int it = 0;
                while (it < 256 && zx * zx + zy * zy <= 4f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2f * zx * zy + cy;
                    zx = t;
                    it++;
                }
                ok += it == iters[py * w + px] ? 1 : 0;
            }
            return ok;
        }
    }

    static void map(float[] in, float[] out, float s) {
        for (@dev.ferrocl.api.Parallel int i = 0; i < out.length; i++) {
            out[i] = in[i] * s + 1.0f;
        }
    }

    static final class MapBandwidth implements Workload {
        final float[] in;
        final float[] out;

        MapBandwidth(int n) {
            in = new float[n];
            out = new float[n];
            for (int i = 0; i < n; i++) {
                in[i] = (i & 0xffff) * 0.5f;
            }
        }

        public String name() {
            return "map";
        }

        public String size() {
            return String.format("2 x %.2f GiB float", in.length * 4.0 / (1L << 30));
        }

        public TaskSchedule schedule(String[] devices) {
            return new TaskSchedule("map").devices(devices).task("map", MultiDeviceRun::map, in, out, 1.5f);
        }

        public Object output() {
            return out;
        }

        public void clear() {
            Arrays.fill(out, Float.NaN);
        }

        public int jvmCheck(Random rnd, int samples) {
            int ok = 0;
            for (int s = 0; s < samples; s++) {
                int i = rnd.nextInt(out.length);
                ok += Float.floatToRawIntBits(in[i] * 1.5f + 1.0f) == Float.floatToRawIntBits(out[i]) ? 1 : 0;
            }
            return ok;
        }
    }

    static Object copy(Object o) {
        if (o instanceof float[] f) {
            return f.clone();
        }
        if (o instanceof int[] i) {
            return i.clone();
        }
        float[][] all = (float[][]) o;
        float[][] c = new float[all.length][];
        for (int k = 0; k < all.length; k++) {
            c[k] = all[k].clone();
        }
        return c;
    }

    static boolean same(Object a, Object b) {
        if (a instanceof float[] f) {
            float[] g = (float[]) b;
            for (int i = 0; i < f.length; i++) {
                if (Float.floatToRawIntBits(f[i]) != Float.floatToRawIntBits(g[i])) {
                    return false;
                }
            }
            return f.length == g.length;
        }
        if (a instanceof int[] i) {
            return Arrays.equals(i, (int[]) b);
        }
        float[][] x = (float[][]) a;
        float[][] y = (float[][]) b;
        for (int k = 0; k < x.length; k++) {
            if (!same(x[k], y[k])) {
                return false;
            }
        }
        return true;
    }

    static String q(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: MultiDeviceRun OUT.jsonl REPS CONFIG [CONFIG...]");
            System.exit(2);
        }
        int reps = Integer.parseInt(args[1]);
        List<String[]> configs = new ArrayList<>();
        for (int k = 2; k < args.length; k++) {
            String[] ids = args[k].split("\\+");
            boolean missing = false;
            for (int d = 0; d < ids.length; d++) {
                ids[d] = resolve(ids[d]);
                missing |= ids[d] == null;
            }
            if (missing) {
                System.out.println("skipping configuration " + args[k] + ": no such device here");
                continue;
            }
            configs.add(ids);
        }
        double scale = Double.parseDouble(System.getProperty("multi.scale", "1.0"));
        String only = System.getProperty("multi.only", "matmul,nbody,mandelbrot,map");
        List<String> names = new ArrayList<>();
        for (Device d : Devices.list()) {
            names.add(d.id() + " " + d.name());
        }
        System.out.println("devices: " + names);
        try (PrintStream out = new PrintStream(Files.newOutputStream(Paths.get(args[0])), true)) {
            for (String w : only.split(",")) {
                Workload work;
                switch (w.trim()) {
                    case "matmul":
                        work = new MatMul(round(8192 * Math.sqrt(scale), 64));
                        break;
                    case "nbody":
                        work = new NBody(round(262_144 * Math.sqrt(scale), 256));
                        break;
                    case "mandelbrot":
                        work = new Mandelbrot(round(8192 * Math.sqrt(scale), 64));
                        break;
                    case "map":
                        work = new MapBandwidth(round((1 << 30) * scale, 1024));
                        break;
                    default:
                        throw new IllegalArgumentException("no workload " + w);
                }
                Object reference = null;
                double referenceMedian = 0;
                for (String[] config : configs) {
                    double[] times = new double[reps];
                    List<TaskReport.DeviceShare> shares = List.of();
                    boolean identical = true;
                    String ranOn = "";
                    try (TaskSchedule s = work.schedule(config)) {
                        work.clear();
                        s.execute(); // compile, build, first balance
                        for (int r = 0; r < reps; r++) {
                            work.clear();
                            long t0 = System.nanoTime();
                            s.execute();
                            times[r] = (System.nanoTime() - t0) / 1e6;
                            if (reference != null) {
                                identical &= same(reference, work.output());
                            }
                        }
                        TaskReport t = s.report().tasks().get(0);
                        shares = t.shares();
                        ranOn = t.ranOn() + " " + t.device() + " (" + t.reason() + ")";
                    }
                    double[] sorted = times.clone();
                    Arrays.sort(sorted);
                    double median = sorted[reps / 2];
                    int samples = 0;
                    int matched = 0;
                    if (reference == null) {
                        reference = copy(work.output());
                        referenceMedian = median;
                        samples = w.equals("matmul") || w.equals("nbody") ? 64 : 10_000;
                        matched = work.jvmCheck(new Random(7), samples);
                    }
                    StringBuilder sh = new StringBuilder("[");
                    for (TaskReport.DeviceShare d : shares) {
                        sh.append(sh.length() > 1 ? ", " : "").append("{\"device\": ").append(q(d.device()))
                                .append(", \"first\": ").append(d.firstIteration()).append(", \"iterations\": ")
                                .append(d.iterations()).append(", \"ms\": ")
                                .append(String.format("%.3f", d.nanos() / 1e6)).append("}");
                    }
                    sh.append("]");
                    String line = "{\"workload\": " + q(w) + ", \"size\": " + q(work.size()) + ", \"devices\": "
                            + q(String.join("+", config)) + ", \"reps\": " + reps + ", \"median_ms\": "
                            + String.format("%.3f", median) + ", \"times_ms\": " + Arrays.toString(times)
                            + ", \"speedup_vs_reference\": " + String.format("%.3f", referenceMedian / median)
                            + ", \"identical_to_reference\": " + identical + ", \"jvm_samples\": " + samples
                            + ", \"jvm_matched\": " + matched + ", \"ran_on\": " + q(ranOn) + ", \"shares\": " + sh
                            + "}";
                    out.println(line);
                    System.out.printf("%-10s %-28s %-16s median %9.3f ms  x%.3f  identical=%s jvm=%d/%d  %s%n", w,
                            work.size(), String.join("+", config), median, referenceMedian / median, identical,
                            matched, samples, shares);
                }
            }
        }
    }

    /** {@code gpuN}: the N-th GPU; {@code cpu}: the first CPU device; anything else: a device id as it is. */
    static String resolve(String name) {
        List<Device> all = Devices.list();
        if (name.startsWith("gpu")) {
            int want = Integer.parseInt(name.substring(3));
            for (Device d : all) {
                if (d.type().equalsIgnoreCase("GPU") && want-- == 0) {
                    return d.id();
                }
            }
            return null;
        }
        if (name.equals("cpu")) {
            for (Device d : all) {
                if (d.type().equalsIgnoreCase("CPU")) {
                    return d.id();
                }
            }
            return null;
        }
        return name;
    }

    static int round(double v, int multiple) {
        return Math.max(multiple, (int) (Math.round(v / multiple) * multiple));
    }
}

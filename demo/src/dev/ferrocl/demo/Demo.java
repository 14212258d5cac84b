package dev.ferrocl.demo;

import dev.ferrocl.api.Device;
import dev.ferrocl.api.Devices;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Runs four plain Java methods on the OpenCL device through Ferrocl and on the JVM, checks that the device's
 * results are identical to the JVM's element by element (ints equal, floats bit for bit), and prints the timings.
 *
 * <p>Run by {@code scripts/demo.sh}, which builds {@code dist/ferrocl.jar} and runs this class with
 * {@code -Dferrocl.strict=true} (a method the compiler cannot handle then fails loudly instead of quietly running
 * on the JVM). Optional argument: a directory to write the generated OpenCL kernels to.
 *
 * <p>Three are static methods with one {@code @Parallel} loop whose body is straight-line array arithmetic (memory
 * bound: the host-device copies dominate); the fourth, Mandelbrot, is compute bound: a 2-D {@code @Parallel} nest
 * with a data-dependent {@code while} loop per pixel, where the device's arithmetic pays for the copies.
 */
public final class Demo {
    private static final long SEED = 0x5EED_F00DL;
    private static final int WARMUPS = 2;
    private static final int RUNS = 5;

    private Demo() {
    }

    // ---------------------------------------------------------------------------------------------- the kernels

    /** c = a + b over ints. */
    public static void vectorAdd(int[] a, int[] b, int[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            c[i] = a[i] + b[i];
        }
    }

    /** y = a * x + y over floats, in place. */
    public static void saxpy(float a, float[] x, float[] y, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            y[i] = a * x[i] + y[i];
        }
    }

    /** A polynomial map over floats: + - * only, so the device must match the JVM bit for bit. */
    public static void polyMap(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = x[i] * x[i] * 0.5f - x[i] * 3.0f + 1.25f;
        }
    }

    /** Mandelbrot's image: [-2, 1] x [-1.5, 1.5], at most this many iterations per pixel. */
    static final float MANDEL_X0 = -2.0f;
    static final float MANDEL_Y0 = -1.5f;
    static final float MANDEL_EXTENT = 3.0f;
    static final int MANDEL_MAX_ITER = 256;

    /**
     * Mandelbrot: the escape-time count (at most {@code maxIter}) of every pixel of a {@code width x height} image,
     * a 2-D parallel nest (rows, then the pixels of a row) with a data-dependent loop per pixel. Only IEEE float
     * {@code + - *} and comparisons, so the device's counts must equal the JVM's exactly.
     */
    public static void mandelbrot(int[] iters, int width, int height, float x0, float y0, float step, int maxIter) {
        for (@Parallel int py = 0; py < height; py++) {
            for (@Parallel int px = 0; px < width; px++) {
                float cx = x0 + px * step;
                float cy = y0 + py * step;
                float zx = 0f;
                float zy = 0f;
                int it = 0;
                while (it < maxIter && zx * zx + zy * zy <= 4f) {
                    float t = zx * zx - zy * zy + cx;
                    zy = 2f * zx * zy + cy;
                    zx = t;
                    it++;
                }
                iters[py * width + px] = it;
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ the harness

    /** What one demo came to. */
    private static final class Result {
        String name;
        int size;
        double jvmMs;
        double firstMs;
        double jitMs;
        double buildMs;
        double cachedMs;
        double kernelMs;
        double transferMs;
        /** Bytes the last profiled run read or wrote in the Java arrays themselves (no copy). */
        long bytesInPlace;
        String device;
        long checked;
        long mismatches;
        String firstMismatch;
        String problem;
    }

    /** One demo: how to run it on the JVM and on the device, and how to compare. */
    private interface Case {
        /** Restores every input (and clears every output) to its state before the first run. */
        void reset();

        /** Runs the method directly on the JVM, on the JVM's arrays. */
        void runJvm();

        /** The result arrays are compared as int bits: the JVM's. */
        int[] jvmBits();

        /** The result arrays are compared as int bits: the device's. */
        int[] deviceBits();

        /** How an element is printed in a mismatch message. */
        String show(int bits);
    }

    private static final List<String> kernelFiles = new ArrayList<>();
    private static String vectorAddSource;

    public static void main(String[] args) throws IOException {
        Path kernelDir = args.length > 0 ? Paths.get(args[0]) : null;
        boolean strict = Boolean.getBoolean("ferrocl.strict");

        Device device = Devices.defaultDevice();
        System.out.println("Ferrocl demo on " + device.name() + " (" + device.type() + ", " + device.platform()
                + ", " + device.version() + ", id " + device.id() + ")" + (strict ? ", strict mode" : ""));
        System.out.println("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", " + Runtime.getRuntime().availableProcessors() + " cores; times are medians of " + RUNS
                + " runs (JVM after " + WARMUPS + " warmups)");
        System.out.println();

        List<Result> results = new ArrayList<>();
        String header = String.format(Locale.ROOT, "%-14s %10s %7s %29s %9s %9s %8s %8s  %s", "demo", "elements",
                "JVM ms", "device 1st run ms (jit+build)", "cached ms", "kernel ms", "copy ms", "JVM/dev", "check");
        System.out.println(header);
        System.out.println("-".repeat(header.length() + 40));

        results.add(report(vectorAdd(10_000_000, kernelDir)));
        results.add(report(saxpy(10_000_000, kernelDir)));
        results.add(report(polyMap(10_000_000, kernelDir)));
        results.add(report(mandelbrot(1024, kernelDir)));

        System.out.println();
        System.out.println("cached ms: one execute() end to end once compiled; kernel ms: the kernel alone (OpenCL"
                + " profiling); copy ms: host<->device copies (\"in place\": the kernel read and wrote the Java arrays"
                + " themselves, on a device that works in host memory); JVM/dev: JVM ms / cached ms");
        System.out.println("reports' device: " + results.get(0).device);
        if (vectorAddSource != null) {
            System.out.println();
            System.out.println("OpenCL C generated for Demo.vectorAdd (TaskSchedule.kernelSource(\"t\")):");
            for (String line : vectorAddSource.strip().split("\n")) {
                System.out.println("  | " + line);
            }
        }
        if (!kernelFiles.isEmpty()) {
            System.out.println("all kernels written to: " + String.join(", ", kernelFiles));
        }
        System.out.println("(run with -Dferrocl.printKernel=true to print every kernel as it is compiled)");
        System.out.println();

        long failed = results.stream().filter(r -> r.problem != null || r.mismatches != 0).count();
        long elements = results.stream().mapToLong(r -> r.checked).sum();
        if (failed == 0) {
            System.out.printf(Locale.ROOT, "OK: %d demos ran on %s, %,d result elements identical to the JVM%n",
                    results.size(), results.get(0).device, elements);
        } else {
            System.out.printf(Locale.ROOT, "FAILED: %d of %d demos differ from the JVM or did not run on the device%n",
                    failed, results.size());
            System.exit(1);
        }
    }

    private static Result vectorAdd(int n, Path kernelDir) throws IOException {
        SplittableRandom rnd = new SplittableRandom(SEED);
        // Full-range ints: the sums overflow and must wrap exactly as on the JVM.
        int[] a = rnd.ints(n).toArray();
        int[] b = rnd.ints(n).toArray();
        int[] cJvm = new int[n];
        int[] cDev = new int[n];
        Case c = new Case() {
            @Override
            public void reset() {
                Arrays.fill(cJvm, 0x5A5A5A5A);
                Arrays.fill(cDev, 0xA5A5A5A5);
            }

            @Override
            public void runJvm() {
                vectorAdd(a, b, cJvm, n);
            }

            @Override
            public int[] jvmBits() {
                return cJvm;
            }

            @Override
            public int[] deviceBits() {
                return cDev;
            }

            @Override
            public String show(int bits) {
                return Integer.toString(bits);
            }
        };
        return run("vector add", n, c, () -> new TaskSchedule("vectorAdd").task("t", Demo::vectorAdd, a, b, cDev, n),
                kernelDir, true);
    }

    private static Result saxpy(int n, Path kernelDir) throws IOException {
        SplittableRandom rnd = new SplittableRandom(SEED + 1);
        float alpha = 2.5f;
        float[] x = randomFloats(rnd, n);
        float[] y0 = randomFloats(rnd, n);
        float[] yJvm = new float[n];
        float[] yDev = new float[n];
        Case c = new Case() {
            @Override
            public void reset() {
                System.arraycopy(y0, 0, yJvm, 0, n);
                System.arraycopy(y0, 0, yDev, 0, n);
            }

            @Override
            public void runJvm() {
                saxpy(alpha, x, yJvm, n);
            }

            @Override
            public int[] jvmBits() {
                return bits(yJvm);
            }

            @Override
            public int[] deviceBits() {
                return bits(yDev);
            }

            @Override
            public String show(int b) {
                return showFloat(b);
            }
        };
        return run("saxpy", n, c, () -> new TaskSchedule("saxpy").task("t", Demo::saxpy, alpha, x, yDev, n),
                kernelDir, false);
    }

    private static Result polyMap(int n, Path kernelDir) throws IOException {
        SplittableRandom rnd = new SplittableRandom(SEED + 2);
        float[] x = randomFloats(rnd, n);
        float[] outJvm = new float[n];
        float[] outDev = new float[n];
        Case c = new Case() {
            @Override
            public void reset() {
                Arrays.fill(outJvm, Float.NaN);
                Arrays.fill(outDev, -0.0f);
            }

            @Override
            public void runJvm() {
                polyMap(x, outJvm, n);
            }

            @Override
            public int[] jvmBits() {
                return bits(outJvm);
            }

            @Override
            public int[] deviceBits() {
                return bits(outDev);
            }

            @Override
            public String show(int b) {
                return showFloat(b);
            }
        };
        return run("polynomial map", n, c, () -> new TaskSchedule("polyMap").task("t", Demo::polyMap, x, outDev, n),
                kernelDir, false);
    }

    private static Result mandelbrot(int width, Path kernelDir) throws IOException {
        int n = width * width;
        float step = MANDEL_EXTENT / width;
        int[] itersJvm = new int[n];
        int[] itersDev = new int[n];
        Case c = new Case() {
            @Override
            public void reset() {
                Arrays.fill(itersJvm, -1);
                Arrays.fill(itersDev, -2);
            }

            @Override
            public void runJvm() {
                mandelbrot(itersJvm, width, width, MANDEL_X0, MANDEL_Y0, step, MANDEL_MAX_ITER);
            }

            @Override
            public int[] jvmBits() {
                return itersJvm;
            }

            @Override
            public int[] deviceBits() {
                return itersDev;
            }

            @Override
            public String show(int bits) {
                return Integer.toString(bits);
            }
        };
        return run("mandelbrot", n, c, () -> new TaskSchedule("mandelbrot").task("t", Demo::mandelbrot, itersDev,
                width, width, MANDEL_X0, MANDEL_Y0, step, MANDEL_MAX_ITER), kernelDir, false);
    }

    /**
     * Times the JVM (median of RUNS after WARMUPS), then the device: one cold execute() (compile + driver build)
     * and RUNS cached ones without OpenCL profiling (end to end), then RUNS profiled ones (kernel and copy times),
     * every run on the original inputs and checked against the JVM's result.
     */
    private static Result run(String name, int n, Case c, Supplier<TaskSchedule> schedule, Path kernelDir,
            boolean keepSource) throws IOException {
        Result r = new Result();
        r.name = name;
        r.size = n;

        // The JVM: the method called directly. The reference result is the last run's, on reset inputs.
        long[] jvm = new long[RUNS];
        for (int i = 0; i < WARMUPS + RUNS; i++) {
            c.reset();
            long t0 = System.nanoTime();
            c.runJvm();
            long t = System.nanoTime() - t0;
            if (i >= WARMUPS) {
                jvm[i - WARMUPS] = t;
            }
        }
        r.jvmMs = ms(median(jvm));
        int[] expected = c.jvmBits().clone();

        try (TaskSchedule s = schedule.get()) {
            long[] dev = new long[RUNS];
            long[] kernel = new long[RUNS];
            long[] transfer = new long[RUNS];
            for (int i = 0; i <= RUNS; i++) {
                c.reset();
                long t0 = System.nanoTime();
                s.execute();
                long t = System.nanoTime() - t0;
                TaskReport tr = s.report().task("t");
                if (tr.ranOn() != TaskReport.Where.DEVICE) {
                    r.problem = "ran on the " + tr.ranOn() + ": " + tr.reason();
                    break;
                }
                r.device = tr.device();
                if (i == 0) {
                    r.firstMs = ms(t);
                    r.jitMs = ms(tr.compileNanos());
                    r.buildMs = ms(tr.buildNanos());
                } else {
                    dev[i - 1] = t;
                }
                compare(r, c, expected);
            }
            // The kernel and copy times come from OpenCL profiling, which costs time per command: RUNS more
            // executions with it on, after the unprofiled ones timed above (an unprofiled execution reports the
            // host's wait, not the kernel).
            s.profile(true);
            for (int i = 0; i < RUNS && r.problem == null; i++) {
                c.reset();
                s.execute();
                TaskReport tr = s.report().task("t");
                kernel[i] = tr.kernelNanos();
                transfer[i] = tr.transferNanos();
                r.bytesInPlace = tr.bytesInPlace();
                compare(r, c, expected);
            }
            s.profile(false);
            r.cachedMs = ms(median(dev));
            r.kernelMs = ms(median(kernel));
            r.transferMs = ms(median(transfer));

            if (r.problem == null) {
                String source = s.kernelSource("t");
                if (keepSource) {
                    vectorAddSource = source;
                }
                if (kernelDir != null) {
                    Files.createDirectories(kernelDir);
                    Path file = kernelDir.resolve(name.replace(' ', '_') + ".cl");
                    Files.write(file, source.getBytes(StandardCharsets.UTF_8));
                    kernelFiles.add(file.toString());
                }
            }
        } catch (RuntimeException e) {
            r.problem = e.toString();
        }
        return r;
    }

    /** Compares one device run with the JVM's result, element by element, bits for floats. */
    private static void compare(Result r, Case c, int[] expected) {
        int[] actual = c.deviceBits();
        long bad = 0;
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                if (bad++ == 0 && r.firstMismatch == null) {
                    r.firstMismatch = "[" + i + "]: device " + c.show(actual[i]) + ", JVM " + c.show(expected[i]);
                }
            }
        }
        r.mismatches = Math.max(r.mismatches, bad);
        r.checked = expected.length;
    }

    private static Result report(Result r) {
        String check;
        if (r.problem != null) {
            check = "NOT RUN ON THE DEVICE: " + r.problem;
        } else if (r.mismatches != 0) {
            check = String.format(Locale.ROOT, "MISMATCH: %,d of %,d elements differ, first %s", r.mismatches,
                    r.checked, r.firstMismatch);
        } else {
            check = String.format(Locale.ROOT, "verified: %,d elements identical to the JVM", r.checked);
        }
        String first = String.format(Locale.ROOT, "%.1f (%.1f+%.1f)", r.firstMs, r.jitMs, r.buildMs);
        // A host-memory device (PoCL) may run short kernels on the Java arrays themselves: no copy at all.
        String copy = r.transferMs == 0 && r.bytesInPlace > 0 ? "in place"
                : String.format(Locale.ROOT, "%.2f", r.transferMs);
        System.out.println(String.format(Locale.ROOT, "%-14s %,10d %7.2f %29s %9.2f %9.2f %8s %7.3fx  %s", r.name,
                r.size, r.jvmMs, first, r.cachedMs, r.kernelMs, copy,
                r.cachedMs > 0 ? r.jvmMs / r.cachedMs : 0.0, check));
        return r;
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** Floats in [-100, 100), from the generator's doubles. */
    private static float[] randomFloats(SplittableRandom rnd, int n) {
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = (float) (rnd.nextDouble() * 200.0 - 100.0);
        }
        return f;
    }

    private static int[] bits(float[] f) {
        int[] b = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            b[i] = Float.floatToIntBits(f[i]);
        }
        return b;
    }

    private static String showFloat(int bits) {
        return Float.intBitsToFloat(bits) + String.format(Locale.ROOT, " (0x%08x)", bits);
    }

    private static long median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}

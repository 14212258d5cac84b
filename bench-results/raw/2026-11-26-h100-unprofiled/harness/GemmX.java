package dev.ferrocl.bench;
import dev.ferrocl.api.*;
import java.util.Arrays;
/** Experiment: where a Gemm execute's time goes (wall vs the report's transfer and kernel times). */
public class GemmX {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]); int iters = Integer.parseInt(args[1]);
        boolean profile = Boolean.parseBoolean(args[2]);
        float[] a = BenchSupport.randomFloats(1, n * n, 0f, 1f), b = BenchSupport.randomFloats(2, n * n, 0f, 1f);
        float[] c0 = BenchSupport.randomFloats(3, n * n, 0f, 1f), c = c0.clone();
        long[] t = new long[iters], up = new long[iters], k = new long[iters];
        try (TaskSchedule s = new TaskSchedule("g").task("gemm", GemmBench::gemm, n, GemmBench.ALPHA, GemmBench.BETA, c, a, b)) {
            s.profile(profile);
            for (int r = 0; r < 2; r++) for (int i = 0; i < iters; i++) {
                System.arraycopy(c0, 0, c, 0, c.length);
                long t0 = System.nanoTime();
                s.execute();
                t[i] = System.nanoTime() - t0;
                TaskReport tr = s.report().task("gemm");
                k[i] = tr.kernelNanos(); up[i] = tr.transferNanos();
            }
            System.out.printf("ferrocl n=%d profile=%b wall_median_us=%.1f kernel_median_us=%.1f transfer_median_us=%.1f report=%s%n", n, profile,
                med(t), med(k), med(up), s.report().task("gemm").bytesUploaded() + "B up");
        }
        if (args.length > 3) aparapi(n, iters, c0, c, a, b);
        try (OpenClKernel kernel = OpenClKernel.build(GemmBench.OPENCL, "gemm")) {
            long tiles = (n + 15) / 16;
            for (int r = 0; r < 2; r++) for (int i = 0; i < iters; i++) {
                System.arraycopy(c0, 0, c, 0, c.length);
                long t0 = System.nanoTime();
                TaskReport tr = kernel.launch(new long[] {tiles * 16, tiles * 16}, new long[] {16, 16}, n, GemmBench.ALPHA,
                        GemmBench.BETA, c, OpenClKernel.readOnly(a), OpenClKernel.readOnly(b));
                t[i] = System.nanoTime() - t0;
                k[i] = tr.kernelNanos(); up[i] = tr.transferNanos();
            }
            System.out.printf("opencl n=%d wall_median_us=%.1f kernel_median_us=%.1f transfer_median_us=%.1f%n", n, med(t), med(k), med(up));
        }
    }
    static void aparapi(int n, int iters, float[] c0, float[] c, float[] a, float[] b) {
        GemmBench.GemmKernel k = new GemmBench.GemmKernel(n, GemmBench.ALPHA, GemmBench.BETA, c, a, b);
        long[] t = new long[iters];
        for (int r = 0; r < 2; r++) for (int i = 0; i < iters; i++) {
            System.arraycopy(c0, 0, c, 0, c.length);
            long t0 = System.nanoTime();
            k.execute(com.aparapi.Range.create2D(n, n));
            t[i] = System.nanoTime() - t0;
        }
        System.out.printf("aparapi n=%d wall_median_us=%.1f%n", n, med(t));
        k.dispose();
    }
    static double med(long[] x) { long[] y = x.clone(); Arrays.sort(y); return y[y.length / 2] / 1e3; }
}

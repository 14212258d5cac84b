import dev.ferrocl.api.*;
import java.util.Arrays;
public class Ovh {
    static void inc(int[] a, int[] c) { for (@Parallel int i = 0; i < c.length; i++) c[i] = a[i] + 1; }
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]); int iters = Integer.parseInt(args[1]);
        String label = args.length > 2 ? args[2] : "";
        int[] a = new int[n], c = new int[n];
        for (int i = 0; i < n; i++) a[i] = i * 7 - 3;
        try (TaskSchedule s = new TaskSchedule("o").task("inc", Ovh::inc, a, c).keepOnDevice(a, c)) {
            s.execute();
            long[] t = new long[iters];
            for (int r = 0; r < 3; r++) {
                for (int i = 0; i < iters; i++) {
                    long t0 = System.nanoTime();
                    s.execute();
                    t[i] = System.nanoTime() - t0;
                }
            }
            for (int i = 0; i < n; i++) if (c[i] != a[i] + 1) throw new AssertionError("wrong at " + i);
            Arrays.sort(t);
            // the wait's share: kernelNanos without profiling is the host's wait
            long[] w = new long[2000];
            for (int i = 0; i < w.length; i++) { s.execute(); w[i] = s.report().task("inc").kernelNanos(); }
            Arrays.sort(w);
            System.out.printf("%s n=%d median_us=%.2f p10=%.2f p90=%.2f wait_median_us=%.2f%n", label, n,
                t[iters / 2] / 1e3, t[iters / 10] / 1e3, t[iters * 9 / 10] / 1e3, w[w.length / 2] / 1e3);
        }
    }
}

import dev.ferrocl.api.*;
public class Ov {
    static void inc(int[] a, int[] c) {
        for (@Parallel int i = 0; i < c.length; i++) c[i] = a[i] + 1;
    }
    public static void main(String[] args) throws Exception {
        int n = 256; int[] a = new int[n]; int[] c = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        TaskSchedule s = new TaskSchedule("ov").task("t", Ov::inc, a, c).keepOnDevice(a, c);
        int iters = Integer.parseInt(args[0]);
        for (int r = 0; r < 5; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < iters; i++) s.execute();
            long t1 = System.nanoTime();
            System.out.printf("%.2f us/execute%n", (t1 - t0) / 1e3 / iters);
        }
        if (c[5] != 6) throw new AssertionError();
        System.out.println(s.report());
    }
}

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** The worst 1 MiB allocation (and GCs completed) of a thread allocating garbage while a ~3 s kernel runs. */
public class GcDuringKernel {
    static void spin(float[] out, int iters) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float x = i * 0.01f;
            for (int k = 0; k < iters; k++) {
                x = x * 0.999f + 1f;
            }
            out[i] = x;
        }
    }
    static long gcs() { long n = 0; for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) n += g.getCollectionCount(); return n; }
    public static void main(String[] a) throws Exception {
        float[] out = new float[64];
        int probe = 200_000;
        int iters;
        try (TaskSchedule s = new TaskSchedule("c").task("t", GcDuringKernel::spin, out, probe)) {
            s.execute(); long t0 = System.nanoTime(); s.execute(); iters = (int) ((long) probe * 3_000_000_000L / (System.nanoTime() - t0));
        }
        for (int round = 0; round < 3; round++) {
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicLong worst = new AtomicLong(), during = new AtomicLong();
            try (TaskSchedule s = new TaskSchedule("gc").task("t", GcDuringKernel::spin, out, iters)) {
                s.warmup();
                Thread alloc = new Thread(() -> { long b = gcs(); byte[][] keep = new byte[16][]; int k = 0;
                    while (running.get()) { long t0 = System.nanoTime(); keep[k++ & 15] = new byte[1 << 20];
                        worst.accumulateAndGet(System.nanoTime() - t0, Math::max); if (running.get()) during.set(gcs() - b); } });
                long t0 = System.nanoTime();
                Thread ex = new Thread(s::execute); ex.start(); Thread.sleep(100); alloc.start(); ex.join();
                long kernel = System.nanoTime() - t0; running.set(false); alloc.join();
                System.out.printf("round %d: kernel run %.2f s, %d GCs completed during it, worst 1 MiB allocation %.1f ms (%s)%n",
                        round, kernel / 1e9, during.get(), worst.get() / 1e6, System.getProperty("java.version"));
            }
        }
    }
}

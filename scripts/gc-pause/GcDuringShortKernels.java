import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The worst 1 MiB allocation (and GCs completed) of a thread allocating garbage while another runs 200 short
 * executions back to back (a 10M-element float map, a few ms each): with kernels working on the Java arrays in place
 * (held with GetPrimitiveArrayCritical while they run) and with copies (TaskSchedule.inPlace(false)).
 */
public class GcDuringShortKernels {
    static void map(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 1.5f + 2f;
        }
    }

    static long gcs() {
        long n = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += g.getCollectionCount();
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        int n = 10_000_000;
        float[] a = new float[n];
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.25f;
        }
        for (int round = 0; round < 4; round++) {
            boolean inPlace = round % 2 == 0;
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicLong worst = new AtomicLong();
            AtomicLong during = new AtomicLong();
            try (TaskSchedule s = new TaskSchedule("gc").inPlace(inPlace).task("t", GcDuringShortKernels::map, a, out)) {
                s.execute();
                s.execute();
                Thread alloc = new Thread(() -> {
                    long b = gcs();
                    byte[][] keep = new byte[16][];
                    int k = 0;
                    while (running.get()) {
                        long t0 = System.nanoTime();
                        keep[k++ & 15] = new byte[1 << 20];
                        worst.accumulateAndGet(System.nanoTime() - t0, Math::max);
                        during.set(gcs() - b);
                    }
                });
                alloc.start();
                Thread.sleep(100);
                long t0 = System.nanoTime();
                for (int i = 0; i < 200; i++) {
                    s.execute();
                }
                long took = System.nanoTime() - t0;
                running.set(false);
                alloc.join();
                System.out.printf("%-9s 200 executions in %.0f ms (%.2f ms each, %d bytes in place in the last), %d GCs"
                        + " completed meanwhile, worst 1 MiB allocation %.1f ms (%s)%n",
                        inPlace ? "in place:" : "copies:", took / 1e6, took / 2e8,
                        s.report().task("t").bytesInPlace(), during.get(), worst.get() / 1e6,
                        System.getProperty("java.version"));
            }
        }
    }
}

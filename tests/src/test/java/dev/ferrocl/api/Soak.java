package dev.ferrocl.api;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The soak test (not part of {@code scripts/test.sh}: it runs for minutes): 8 threads execute mixed schedules (a map,
 * a map with a kept input, a two-task map-then-{@code @Reduce}, a failing index check that reruns on the JVM) on the
 * default device for the given number of minutes, while a ninth thread arms a fault (the N-th OpenCL call, N random)
 * at random moments. Every result is checked against the JVM's (exact: ints); a failed execution must be a
 * {@link FerroclException} whose arrays are untouched or the JVM's result. Every 10 s it prints the executions,
 * failures, the process's RSS and the device memory the kept arrays and executions hold; it exits 1 on a wrong
 * result, an unexpected exception, or RSS / device memory growing over the run (last third against the first).
 *
 * <p>{@code scripts/soak.sh [MINUTES]} runs it (default 10).
 */
public final class Soak {
    private Soak() {
    }

    static void map(int[] a, int[] b) {
        for (@Parallel int i = 0; i < a.length; i++) {
            b[i] = a[i] * 5 - 3;
        }
    }

    static void sum(int[] t, @Reduce int[] out) {
        for (@Parallel int i = 0; i < t.length; i++) {
            out[0] += t[i];
        }
    }

    static void shifted(int[] a, int[] b) {
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = a[i + 1] + 1;
        }
    }

    private static long rssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (Exception e) {
            return -1;
        }
        return -1;
    }

    /** One round of one kind of schedule, checked against the JVM; returns true when a fault made it fail. */
    static boolean round(int kind, ThreadLocalRandom rnd) {
        int n = 1000 + rnd.nextInt(300_000);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt(1 << 20) - (1 << 19);
        }
        int[] b = new int[n];
        Arrays.fill(b, 7);
        int[] before = b.clone();
        int[] expected = new int[n];
        switch (kind) {
            case 0: {
                map(a, expected);
                try (TaskSchedule s = new TaskSchedule("map").task("t", Soak::map, a, b)) {
                    return check(() -> s.execute(), b, before, expected);
                }
            }
            case 1: {
                map(a, expected);
                try (TaskSchedule s = new TaskSchedule("kept").task("t", Soak::map, a, b).keepOnDevice(a)) {
                    boolean failed = false;
                    for (int r = 0; r < 3; r++) {
                        Arrays.fill(b, 7);
                        failed |= check(() -> s.execute(), b, before, expected);
                    }
                    return failed;
                }
            }
            case 2: {
                map(a, expected);
                int[] out = {3};
                int[] outExpected = {3};
                sum(expected, outExpected);
                try (TaskSchedule s = new TaskSchedule("two").task("m", Soak::map, a, b).task("r", Soak::sum, b, out)) {
                    boolean failed = check(() -> s.execute(), b, before, expected);
                    if (out[0] != 3 && out[0] != outExpected[0]) {
                        throw new AssertionError("reduction " + out[0] + ", the JVM's " + outExpected[0]);
                    }
                    if (!failed && out[0] != outExpected[0]) {
                        throw new AssertionError("reduction " + out[0] + " after a successful execution");
                    }
                    return failed;
                }
            }
            default: {
                // a[i + 1] at the last i: the device's check fails, the JVM reruns and throws.
                int[] jvm = b.clone();
                try {
                    shifted(a, jvm);
                } catch (ArrayIndexOutOfBoundsException expectedOnJvm) {
                    // the JVM's partial results are in jvm
                }
                try (TaskSchedule s = new TaskSchedule("aioobe").task("t", Soak::shifted, a, b)) {
                    try {
                        s.execute();
                        throw new AssertionError("no ArrayIndexOutOfBoundsException");
                    } catch (ArrayIndexOutOfBoundsException e) {
                        if (!Arrays.equals(b, jvm)) {
                            throw new AssertionError("not the JVM's partial results");
                        }
                        return false;
                    } catch (FerroclException e) {
                        if (!Arrays.equals(b, before) && !Arrays.equals(b, jvm)) {
                            throw new AssertionError("a failed execution changed the array: " + e.getMessage());
                        }
                        return true;
                    }
                }
            }
        }
    }

    /** Runs {@code execute}; true when a fault failed it (the array untouched or the JVM's result). */
    static boolean check(Runnable execute, int[] b, int[] before, int[] expected) {
        try {
            execute.run();
        } catch (FerroclException e) {
            if (!Arrays.equals(b, before) && !Arrays.equals(b, expected)) {
                throw new AssertionError("a failed execution changed the array: " + e.getMessage());
            }
            return true;
        }
        if (!Arrays.equals(b, expected)) {
            throw new AssertionError("wrong result");
        }
        return false;
    }

    public static void main(String[] args) throws Exception {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        long end = System.nanoTime() + (long) (minutes * 60e9);
        AtomicLong rounds = new AtomicLong();
        AtomicLong faulted = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        NativeLoader.load();
        List<Thread> threads = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            int kind = k % 4;
            Thread t = new Thread(() -> {
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                while (System.nanoTime() < end && failure.get() == null) {
                    try {
                        if (round(kind, rnd)) {
                            faulted.incrementAndGet();
                        }
                        rounds.incrementAndGet();
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }
            }, "soak-" + k);
            threads.add(t);
            t.start();
        }
        Thread faults = new Thread(() -> {
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            while (System.nanoTime() < end && failure.get() == null) {
                try {
                    Thread.sleep(50 + rnd.nextInt(200));
                } catch (InterruptedException e) {
                    return;
                }
                Native.faultInjection(1 + rnd.nextInt(40));
            }
            Native.faultInjection(0);
        }, "soak-faults");
        faults.start();
        List<long[]> samples = new ArrayList<>();
        long started = System.nanoTime();
        while (System.nanoTime() < end && failure.get() == null) {
            Thread.sleep(10_000);
            long[] kept = Native.keptTotals();
            long[] f = Native.faultInjection(-1);
            long rss = rssKb();
            samples.add(new long[] {rss, kept[2], f[1]});
            System.out.printf("soak %4.0f s: %d rounds, %d failed by an injected fault, RSS %d MiB, kept %d bytes, "
                    + "executor buffers %d%n", (System.nanoTime() - started) / 1e9, rounds.get(), faulted.get(),
                    rss / 1024, kept[2], f[1]);
        }
        for (Thread t : threads) {
            t.join();
        }
        faults.join();
        Native.faultInjection(0);
        if (failure.get() != null) {
            System.out.println("soak: FAILED");
            failure.get().printStackTrace(System.out);
            System.exit(1);
        }
        System.gc();
        Thread.sleep(500);
        long[] kept = Native.keptTotals();
        long buffers = Native.faultInjection(-1)[1];
        int third = Math.max(1, samples.size() / 3);
        long firstRss = samples.subList(0, third).stream().mapToLong(s -> s[0]).max().orElse(0);
        long lastRss = samples.subList(samples.size() - third, samples.size()).stream().mapToLong(s -> s[0]).max()
                .orElse(0);
        System.out.printf("soak: %d rounds in %.1f min, %d failed by an injected fault and were checked; RSS first "
                + "third %d MiB, last third %d MiB; at the end kept %d bytes, executor buffers %d (JVM %s)%n",
                rounds.get(), minutes, faulted.get(), firstRss / 1024, lastRss / 1024, kept[2], buffers,
                ManagementFactory.getRuntimeMXBean().getVmVersion());
        boolean grew = samples.size() >= 6 && lastRss > firstRss * 5 / 4 + 64 * 1024;
        if (grew || kept[2] != 0 || buffers != 0) {
            System.out.println("soak: FAILED (memory grew or was left held)");
            System.exit(1);
        }
        System.out.println("soak: OK");
    }
}

package dev.ferrocl.spark;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.ExecutionCancelledException;
import dev.ferrocl.api.FerroclException;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;

/**
 * Offloads the partitions of a Spark job to each executor's OpenCL device through Ferrocl.
 *
 * <p>Each partition's values are gathered into a primitive array, the task (a static method with an
 * {@code @Parallel} loop, as for {@link TaskSchedule}) runs over it on the executor's device, and the output array
 * becomes the partition (same order, same count). The work is done where Spark put the partition: on the executor,
 * whose JVM loads Ferrocl's native library from the jar, compiles each task once (the kernel cache and the devices
 * are per JVM, shared by every partition and thread of the executor), keeps one schedule per executor thread, task
 * and partition length (reused by every partition of that length; the two most recent kept) and picks its device as
 * any Ferrocl program does ({@code -Dferrocl.device} in {@code spark.executor.extraJavaOptions}, else the first GPU). A partition whose
 * device execution fails ({@link FerroclException}: the device, its driver, its memory) runs on the executor's JVM
 * instead, so no data is lost; {@link #fallbacks()} counts those. The task's own Java exceptions (an index out of
 * bounds) propagate as they would on the JVM, and in strict mode ({@code -Dferrocl.strict=true}) a method Ferrocl
 * cannot compile fails the job with {@link CompilationException} rather than running on the JVM.
 */
public final class FerroclSpark {
    private static final AtomicLong OFFLOADED = new AtomicLong();
    private static final AtomicLong FALLBACKS = new AtomicLong();
    private static final AtomicLong ON_JVM = new AtomicLong();

    private FerroclSpark() {
    }

    /**
     * Maps every partition of {@code rdd} through {@code task}: {@code task(in, out)} reads the partition's values
     * from {@code in} and writes one result per value into {@code out} (as long as {@code in}).
     *
     * @param rdd  the values
     * @param task a method reference such as {@code Pricing::price}, with an {@code @Parallel} loop over {@code in}
     * @return the results, partitioned as {@code rdd}
     */
    public static JavaRDD<Double> mapDoubles(JavaRDD<Double> rdd, Task2<double[], double[]> task) {
        return rdd.mapPartitions(values -> mapPartition(values, task).iterator());
    }

    /**
     * {@link #mapDoubles(JavaRDD, Task2)} for a {@code Dataset<Double>}.
     *
     * @param values the values
     * @param task   a method reference with an {@code @Parallel} loop over its first array
     * @return the results, partitioned as {@code values}
     */
    public static Dataset<Double> mapDoubles(Dataset<Double> values, Task2<double[], double[]> task) {
        MapPartitionsFunction<Double, Double> f = it -> mapPartition(it, task).iterator();
        return values.mapPartitions(f, Encoders.DOUBLE());
    }

    /**
     * Runs one partition: gathers it, runs the task on the device (on the JVM when the device fails), and returns
     * the results in order.
     *
     * @param values the partition
     * @param task   the task
     * @return one result per value
     */
    public static List<Double> mapPartition(Iterator<Double> values, Task2<double[], double[]> task) {
        double[] gathered = gather(values);
        List<Double> results = new ArrayList<>(gathered.length);
        if (gathered.length == 0) {
            return results;
        }
        Slot slot = slot(task, gathered.length);
        System.arraycopy(gathered, 0, slot.in, 0, gathered.length);
        slot.run();
        for (double v : slot.out) {
            results.add(v);
        }
        return results;
    }

    /**
     * A schedule of one task over arrays of one length, kept by an executor thread and reused by every partition of
     * that length (a schedule binds its arrays; their contents are read at each execution).
     */
    private static final class Slot {
        final Task2<double[], double[]> task;
        final double[] in;
        final double[] out;
        final TaskSchedule schedule;

        Slot(Task2<double[], double[]> task, int n) {
            this.task = task;
            in = new double[n];
            out = new double[n];
            schedule = new TaskSchedule("spark-partition").task("partition", task, in, out);
        }

        void run() {
            execute(schedule, task, in, out);
        }
    }

    /**
     * Executes {@code schedule} (its one task is {@code task(in, out)}); when the device fails, runs the task on the
     * JVM. Counts where it ran.
     */
    private static TaskReport.Where execute(TaskSchedule schedule, Task2<double[], double[]> task, double[] in,
            double[] out) {
        TaskReport.Where where;
        try {
            schedule.execute();
            where = schedule.report().task("partition").ranOn();
        } catch (CompilationException | ExecutionCancelledException e) {
            throw e;
        } catch (FerroclException e) {
            // The device failed before any result landed (Ferrocl leaves the arrays untouched then): the JVM
            // computes the partition.
            FALLBACKS.incrementAndGet();
            System.err.println("[ferrocl-spark] a partition ran on the JVM after the device failed: "
                    + e.getMessage());
            task.apply(in, out);
            return TaskReport.Where.JVM;
        }
        (where == TaskReport.Where.DEVICE ? OFFLOADED : ON_JVM).incrementAndGet();
        return where;
    }

    /** Per executor thread: the schedules of the latest (task, length) pairs, most recent last. */
    private static final ThreadLocal<java.util.LinkedHashMap<String, Slot>> SLOTS =
            ThreadLocal.withInitial(() -> new java.util.LinkedHashMap<>(8, 0.75f, true));

    /**
     * Schedules kept per executor thread (one per task and partition length); each holds its two arrays, so an
     * executor thread keeps at most twice that many partitions' worth of doubles.
     */
    private static final int SLOTS_PER_THREAD = 2;

    private static Slot slot(Task2<double[], double[]> task, int n) {
        // Each partition deserializes its own copy of the task; copies of one method reference share a class.
        String key = task.getClass().getName() + "#" + n;
        java.util.LinkedHashMap<String, Slot> slots = SLOTS.get();
        Slot slot = slots.get(key);
        if (slot == null) {
            slot = new Slot(task, n);
            slots.put(key, slot);
            if (slots.size() > SLOTS_PER_THREAD) {
                String eldest = slots.keySet().iterator().next();
                slots.remove(eldest).schedule.close();
            }
        }
        return slot;
    }

    /**
     * Runs {@code task(in, out)} once on this JVM's device through a schedule of its own; when the device fails, on
     * the JVM.
     *
     * @param task the task
     * @param in   its input
     * @param out  its output
     * @return where it ran
     */
    public static TaskReport.Where run(Task2<double[], double[]> task, double[] in, double[] out) {
        try (TaskSchedule s = new TaskSchedule("spark-partition").task("partition", task, in, out)) {
            return execute(s, task, in, out);
        }
    }

    /**
     * Partitions of this JVM whose device execution failed and which ran on the JVM instead.
     *
     * @return the count since the JVM started
     */
    public static long fallbacks() {
        return FALLBACKS.get();
    }

    /**
     * Partitions of this JVM that ran on its device.
     *
     * @return the count since the JVM started
     */
    public static long offloaded() {
        return OFFLOADED.get();
    }

    /**
     * Partitions of this JVM that Ferrocl ran on the JVM by its own decision (a method it does not compile, outside
     * strict mode; a check that failed on the device and was rerun).
     *
     * @return the count since the JVM started
     */
    public static long ranOnJvm() {
        return ON_JVM.get();
    }

    private static double[] gather(Iterator<Double> values) {
        double[] a = new double[1024];
        int n = 0;
        while (values.hasNext()) {
            if (n == a.length) {
                a = java.util.Arrays.copyOf(a, a.length * 2);
            }
            a[n++] = values.next();
        }
        return java.util.Arrays.copyOf(a, n);
    }
}

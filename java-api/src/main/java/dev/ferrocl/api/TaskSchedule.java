package dev.ferrocl.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An ordered list of tasks, each a method run over its arguments, compiled for the OpenCL device on first use.
 *
 * <pre>{@code
 * try (TaskSchedule s = new TaskSchedule("saxpy").task("t0", Kernels::saxpy, 2.0f, x, y, n)) {
 *     s.execute();                        // y now holds the result
 *     System.out.println(s.report());
 * }
 * }</pre>
 *
 * <p>A task is a method reference (or lambda) to a static or instance method and its arguments, fixed when the
 * task is added: arrays are passed by reference, so each {@link #execute()} uses their contents at that time and
 * leaves the results in them (an array kept with {@link #keepOnDevice(Object...)} is read from the device's copy
 * until {@link #markChanged(Object...)}). Tasks run in the order they were added, each seeing what the earlier
 * ones wrote. Consecutive tasks that run on the device run as one execution: an array one task writes and a later one
 * reads stays on the device between them, and the results land in the Java arrays once, after the last of them,
 * and only when all of them passed their checks. An array a kernel provably writes in full before reading any of
 * it is not uploaded at all.
 *
 * <p>A task whose method the compiler cannot handle runs on the JVM, with one warning per method on
 * {@code System.err}; in strict mode ({@code -Dferrocl.strict=true} or {@code FERROCL_STRICT=1})
 * {@link #execute()} and {@link #warmup()} throw {@link CompilationException} instead. When a check fails on the
 * device (an index out of bounds, a division by zero, a null array), nothing is copied back and the tasks of that
 * execution are rerun on the JVM in order, so the caller sees exactly the JVM's exception and the JVM's partial
 * results.
 *
 * <p>Compiled kernels are cached for the life of the JVM, across schedules. A schedule is not thread-safe to
 * share, but its methods are synchronized.
 */
public final class TaskSchedule implements AutoCloseable {
    static final String REASON_DEVICE_CHECK =
            "a check failed on the device (index out of bounds, division by zero or null array): reran on the JVM";
    static final String REASON_HOST_CHECK =
            "a host-side check failed before launch (a null array, an index or bound out of range, an element read "
                    + "before the loops from an array an earlier task of the schedule changes, one array passed where the "
                    + "kernel needs two distinct ones, a class Java has not initialised yet whose initialiser could be "
                    + "seen, or a loop around the @Parallel loops whose steps the host cannot count or that would launch "
                    + "more than 131072 kernels): ran on the JVM";

    private static volatile Boolean strictOverride;
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private final String name;
    private final Map<String, ScheduledTask> tasks = new LinkedHashMap<>();
    /** Arrays kept on the device, by identity, with their native handles (0 until the first launch). */
    private final Map<Object, long[]> kept;
    /** Frees the kept arrays' device memory at {@link #close()}, or when the schedule becomes unreachable. */
    private final java.lang.ref.Cleaner.Cleanable cleanable;
    private boolean closed;
    /** Time every execution with OpenCL profiling ({@link #profile(boolean)}). */
    private boolean profile = Config.PROFILE;
    /** Kernels may work on the Java arrays in place on a host-memory device ({@link #inPlace(boolean)}). */
    private boolean inPlace = true;
    /** This schedule's optimisation switches over {@link Config#OPTIMIZATIONS}, by phase. */
    private final java.util.TreeMap<String, String> optimizationOverrides = new java.util.TreeMap<>();
    /** The switches the compiler gets, {@code phase=value,...} (see {@link Config#OPTIMIZATIONS}). */
    private String optimizations = Config.OPTIMIZATIONS;
    /** The longest an execution waits for its kernels, in nanoseconds; 0: no limit. */
    private long timeoutNanos;
    /** Bytes per array of one batch; 0: automatic; -1 ({@code ferrocl.batch=off}): only when the arrays do not fit. */
    private long batchBytes = Config.BATCH;
    /** The devices the tasks run on (null: the default device); two or more split each task's loop across them. */
    private List<String> devices = Config.DEVICES;

    /**
     * Creates an empty schedule.
     *
     * @param name names the schedule in reports
     * @throws NullPointerException if name is null
     */
    public TaskSchedule(String name) {
        this.name = Objects.requireNonNull(name, "name");
        Resources resources = new Resources();
        this.kept = resources.kept;
        OPEN.incrementAndGet();
        this.cleanable = CLEANER.register(this, resources);
    }

    /** Schedules constructed and not yet closed: memory kept between launches is released at zero. */
    private static final java.util.concurrent.atomic.AtomicInteger OPEN = new java.util.concurrent.atomic.AtomicInteger();

    /** Closes schedules that became unreachable without {@link #close()}. */
    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();

    /**
     * What a schedule holds outside the Java heap, released once: by {@link #close()}, or by {@link #CLEANER} after
     * the schedule became unreachable (so it must not refer to the schedule).
     */
    private static final class Resources implements Runnable {
        final Map<Object, long[]> kept = new java.util.IdentityHashMap<>();

        @Override
        public void run() {
            synchronized (this) {
                for (long[] handle : kept.values()) {
                    if (handle[0] != 0) {
                        Backend.keepRelease(handle[0]);
                        handle[0] = 0;
                    }
                }
                kept.clear();
            }
            if (OPEN.decrementAndGet() == 0) {
                Backend.releaseAll();
            }
        }
    }

    /**
     * For tests: overrides strict mode for every schedule of the JVM ({@code null} restores the configuration).
     */
    static void strictOverride(Boolean strict) {
        strictOverride = strict;
    }

    static boolean strict() {
        Boolean override = strictOverride;
        return override != null ? override : Config.STRICT;
    }

    // BEGIN GENERATED task overloads (gradle/generate-tasks.sh)

    /**
     * Adds a task that calls {@code code} with one argument.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1> TaskSchedule task(String id, Task1<T1> code, T1 a1) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1), new Object[] {a1});
    }

    /**
     * Adds a task that calls {@code code} with 2 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2> TaskSchedule task(String id, Task2<T1, T2> code, T1 a1, T2 a2) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2), new Object[] {a1, a2});
    }

    /**
     * Adds a task that calls {@code code} with 3 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3> TaskSchedule task(String id, Task3<T1, T2, T3> code, T1 a1, T2 a2, T3 a3) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3), new Object[] {a1, a2, a3});
    }

    /**
     * Adds a task that calls {@code code} with 4 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4> TaskSchedule task(String id, Task4<T1, T2, T3, T4> code, T1 a1, T2 a2, T3 a3, T4 a4) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4), new Object[] {a1, a2, a3, a4});
    }

    /**
     * Adds a task that calls {@code code} with 5 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5> TaskSchedule task(String id, Task5<T1, T2, T3, T4, T5> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5), new Object[] {a1, a2, a3, a4, a5});
    }

    /**
     * Adds a task that calls {@code code} with 6 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6> TaskSchedule task(String id, Task6<T1, T2, T3, T4, T5, T6> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6), new Object[] {a1, a2, a3, a4, a5, a6});
    }

    /**
     * Adds a task that calls {@code code} with 7 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7> TaskSchedule task(String id, Task7<T1, T2, T3, T4, T5, T6, T7> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7), new Object[] {a1, a2, a3, a4, a5, a6, a7});
    }

    /**
     * Adds a task that calls {@code code} with 8 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8> TaskSchedule task(String id, Task8<T1, T2, T3, T4, T5, T6, T7, T8> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8});
    }

    /**
     * Adds a task that calls {@code code} with 9 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @param <T9> the type of the ninth argument
     * @param a9 the ninth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8, T9> TaskSchedule task(String id, Task9<T1, T2, T3, T4, T5, T6, T7, T8, T9> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8, a9), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8, a9});
    }

    /**
     * Adds a task that calls {@code code} with 10 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @param <T9> the type of the ninth argument
     * @param a9 the ninth argument
     * @param <T10> the type of the tenth argument
     * @param a10 the tenth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> TaskSchedule task(String id, Task10<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8, a9, a10});
    }

    /**
     * Adds a task that calls {@code code} with 11 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @param <T9> the type of the ninth argument
     * @param a9 the ninth argument
     * @param <T10> the type of the tenth argument
     * @param a10 the tenth argument
     * @param <T11> the type of the eleventh argument
     * @param a11 the eleventh argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> TaskSchedule task(String id, Task11<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11});
    }

    /**
     * Adds a task that calls {@code code} with 12 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @param <T9> the type of the ninth argument
     * @param a9 the ninth argument
     * @param <T10> the type of the tenth argument
     * @param a10 the tenth argument
     * @param <T11> the type of the eleventh argument
     * @param a11 the eleventh argument
     * @param <T12> the type of the twelfth argument
     * @param a12 the twelfth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> TaskSchedule task(String id, Task12<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12});
    }

    /**
     * Adds a task that calls {@code code} with 13 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @param <T9> the type of the ninth argument
     * @param a9 the ninth argument
     * @param <T10> the type of the tenth argument
     * @param a10 the tenth argument
     * @param <T11> the type of the eleventh argument
     * @param a11 the eleventh argument
     * @param <T12> the type of the twelfth argument
     * @param a12 the twelfth argument
     * @param <T13> the type of the thirteenth argument
     * @param a13 the thirteenth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> TaskSchedule task(String id, Task13<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13});
    }

    /**
     * Adds a task that calls {@code code} with 14 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @param <T9> the type of the ninth argument
     * @param a9 the ninth argument
     * @param <T10> the type of the tenth argument
     * @param a10 the tenth argument
     * @param <T11> the type of the eleventh argument
     * @param a11 the eleventh argument
     * @param <T12> the type of the twelfth argument
     * @param a12 the twelfth argument
     * @param <T13> the type of the thirteenth argument
     * @param a13 the thirteenth argument
     * @param <T14> the type of the fourteenth argument
     * @param a14 the fourteenth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> TaskSchedule task(String id, Task14<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13, T14 a14) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14});
    }

    /**
     * Adds a task that calls {@code code} with 15 arguments.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda
     * @param <T1> the type of the first argument
     * @param a1 the first argument
     * @param <T2> the type of the second argument
     * @param a2 the second argument
     * @param <T3> the type of the third argument
     * @param a3 the third argument
     * @param <T4> the type of the fourth argument
     * @param a4 the fourth argument
     * @param <T5> the type of the fifth argument
     * @param a5 the fifth argument
     * @param <T6> the type of the sixth argument
     * @param a6 the sixth argument
     * @param <T7> the type of the seventh argument
     * @param a7 the seventh argument
     * @param <T8> the type of the eighth argument
     * @param a8 the eighth argument
     * @param <T9> the type of the ninth argument
     * @param a9 the ninth argument
     * @param <T10> the type of the tenth argument
     * @param a10 the tenth argument
     * @param <T11> the type of the eleventh argument
     * @param a11 the eleventh argument
     * @param <T12> the type of the twelfth argument
     * @param a12 the twelfth argument
     * @param <T13> the type of the thirteenth argument
     * @param a13 the thirteenth argument
     * @param <T14> the type of the fourteenth argument
     * @param a14 the fourteenth argument
     * @param <T15> the type of the fifteenth argument
     * @param a15 the fifteenth argument
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> TaskSchedule task(String id, Task15<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13, T14 a14, T15 a15) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15), new Object[] {a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15});
    }

    // END GENERATED task overloads

    /**
     * The data arrays built from multi-dimensional arguments at the last execution, by argument (see
     * {@link NestedArrays}): reused while their sizes stay, so that an execution does not allocate them again.
     */
    private final java.util.IdentityHashMap<Object, Object> nestedSpare = new java.util.IdentityHashMap<>();

    /**
     * Multi-dimensional arrays kept on the device, by identity: {@code [current, registered]}, the flattened form
     * while unchanged (null once changed: the next execution flattens again) and the one whose table and data are
     * in {@link #kept}.
     */
    private final java.util.IdentityHashMap<Object, NestedArrays.Flat[]> keptNested = new java.util.IdentityHashMap<>();

    private final NestedArrays.Keeper nestedKeeper = new NestedArrays.Keeper() {
        @Override
        public NestedArrays.Flat current(Object root) {
            NestedArrays.Flat[] holder = keptNested.get(root);
            return holder == null ? null : holder[0];
        }

        @Override
        public void flattened(Object root, NestedArrays.Flat flat) {
            NestedArrays.Flat[] holder = keptNested.get(root);
            if (holder == null) {
                return;
            }
            NestedArrays.Flat old = holder[1];
            keepFresh(old == null ? null : old.table, flat.table);
            keepFresh(old == null ? null : old.data, flat.data);
            holder[0] = flat;
            holder[1] = flat;
        }
    };

    /** Keeps {@code fresh} (new contents) on the device in place of {@code old}. */
    private void keepFresh(Object old, Object fresh) {
        if (old != null && old != fresh) {
            release(old);
        }
        long[] handle = kept.get(fresh);
        if (handle == null) {
            kept.put(fresh, new long[1]);
        } else if (handle[0] != 0) {
            Backend.keepStale(handle[0]);
        }
    }

    private TaskSchedule add(String id, Object code, Runnable onJvm, Object[] args) {
        Objects.requireNonNull(id, "id");
        checkOpen();
        if (tasks.containsKey(id)) {
            throw new IllegalArgumentException("schedule '" + name + "' already has a task '" + id + "'");
        }
        tasks.put(id, new ScheduledTask(id, code, onJvm, args));
        return this;
    }

    /**
     * For experts: fixes the work-group (OpenCL local) size of a task's kernel instead of Ferrocl's choice (256
     * work-items in 1-D, 16x16 in 2-D, 8x8x4 in 3-D, shrunk to the kernel's and device's limits). Give one size
     * per {@code @Parallel} loop of the task, innermost loop first (NDRange dimension 0 is the innermost loop);
     * a task without a {@code @Parallel} loop runs as one work-item and accepts only {@code 1}. The global size is
     * each loop's trip count rounded up to a multiple of its size. A size the kernel or the device cannot take
     * makes {@link #execute()} throw {@link FerroclException} naming the limits. A task with a fixed size is
     * compiled without the phases that need a work-group size of their own ({@code coalesce}, {@code tile}).
     *
     * @param taskId    the task
     * @param localSize the work-group size per dimension, each at least 1
     * @return this schedule
     * @throws IllegalArgumentException if there is no such task, or a size is not positive, or more than three
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule workGroupSize(String taskId, int... localSize) {
        checkOpen();
        ScheduledTask t = tasks.get(taskId);
        if (t == null) {
            throw new IllegalArgumentException("schedule '" + name + "' has no task '" + taskId + "'");
        }
        Objects.requireNonNull(localSize, "localSize");
        if (localSize.length < 1 || localSize.length > 3) {
            throw new IllegalArgumentException("a work-group size has 1 to 3 dimensions, not " + localSize.length);
        }
        for (int l : localSize) {
            if (l < 1) {
                throw new IllegalArgumentException("work-group sizes must be positive: " + Arrays.toString(localSize));
            }
        }
        t.requestedLocalSize = localSize.clone();
        return this;
    }

    /**
     * Runs the tasks across these devices (ids as {@link Device#id()} gives them, {@code "P:D"}): the outermost
     * {@code @Parallel} loop of each task is cut into one contiguous share per device, in proportion to the
     * throughput measured for each device on that task (adapted after every execution; a first guess from the
     * devices' compute units), and each device moves only the parts of the arrays its share writes. {@code @Reduce}
     * results combine across the devices; a check that fails on any device leaves every Java array untouched and
     * the task reruns on the JVM, as on one device. A task that cannot be split (several parallel loops, stores at
     * indices the host cannot bound, shares whose writes would overlap) runs on the first device. In a split
     * schedule each task runs as its own execution (arrays are not kept on the devices between tasks or
     * executions). {@link TaskReport#shares()} gives each device's share and time. An id {@code "P:D.k/n"} names part
     * {@code k} (from 0) of device {@code P:D} cut into {@code n} equal sub-devices ({@code clCreateSubDevices}), so
     * that a CPU device can be split among its cores. One device: the tasks run there
     * (as {@code -Dferrocl.device} would choose it). The default comes from {@code -Dferrocl.devices=P:D,P:D} or
     * {@code FERROCL_DEVICES}.
     *
     * @param ids the devices, at least one, each once
     * @return this schedule
     * @throws IllegalArgumentException if no id is given, an id names no device, or one is given twice
     * @throws FerroclException         if the native library cannot be loaded
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule devices(String... ids) {
        checkOpen();
        this.devices = checkedDevices(ids);
        return this;
    }

    private static final java.util.regex.Pattern SUB_DEVICE =
            java.util.regex.Pattern.compile("(\\d+:\\d+)\\.(\\d{1,6})/(\\d{1,6})");

    static List<String> checkedDevices(String... ids) {
        if (ids == null || ids.length == 0) {
            throw new IllegalArgumentException("devices(): give at least one device id (Devices.list() lists them)");
        }
        List<String> known = new ArrayList<>();
        for (Device d : Devices.list()) {
            known.add(d.id());
        }
        List<String> chosen = new ArrayList<>();
        for (String id : ids) {
            String trimmed = id == null ? "" : id.trim();
            // A part of a device: "P:D.k/n", part k of the device cut into n equal sub-devices.
            java.util.regex.Matcher part = SUB_DEVICE.matcher(trimmed);
            boolean isPart = part.matches() && known.contains(part.group(1))
                    && Integer.parseInt(part.group(2)) < Integer.parseInt(part.group(3));
            if (!known.contains(trimmed) && !isPart) {
                throw new IllegalArgumentException("no device '" + id + "'; the devices are " + known);
            }
            if (chosen.contains(trimmed)) {
                throw new IllegalArgumentException("device '" + trimmed + "' is given twice");
            }
            chosen.add(trimmed);
        }
        return List.copyOf(chosen);
    }

    /**
     * Limits how long {@link #execute()} waits for the device: when the tasks' kernels have not finished within
     * {@code timeout}, it throws {@link ExecutionCancelledException} with every Java array as it was (the device
     * finishes what it had, its results are discarded, and the next execution starts once it has). An interrupt of
     * the executing thread ends the wait the same way, with or without a timeout. A task that runs in batches (see
     * {@link #batch(long)}) is an exception: the batches that landed before the wait ended stay in the arrays, and
     * the exception's message says how many iterations that was. The wait looks at the clock (and the interrupt
     * status) every 2 ms or so: work that has finished by then completes normally, however short the timeout.
     *
     * @param timeout the longest wait, or {@link java.time.Duration#ZERO} for none (the default)
     * @return this schedule
     * @throws IllegalArgumentException if the timeout is negative
     * @throws NullPointerException     if timeout is null
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule timeout(java.time.Duration timeout) {
        checkOpen();
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("a timeout cannot be negative: " + timeout);
        }
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (ArithmeticException e) {
            nanos = Long.MAX_VALUE;
        }
        this.timeoutNanos = nanos;
        return this;
    }

    /**
     * Runs each task's outermost {@code @Parallel} loop in batches that move at most {@code bytesPerArray} bytes of
     * each array to the device (its buffers hold only the part of each array a batch's iterations reach). Without
     * this setting (or {@code -Dferrocl.batch=256MB}), a task runs in batches when its arrays do not fit the device
     * (one larger than its largest allocation, or all together more than nine tenths of its memory), and on a GPU with
     * memory of its own when it moves at least 2 GiB and does not update an array in place with a kernel that can
     * fail a check: its batches then stream, one batch's results coming back while the next ones go up and run,
     * which is faster than one launch ({@code -Dferrocl.batch=off} keeps such executions in one launch). Results,
     * exceptions and {@code @Reduce} results are those of one launch; {@link TaskReport#batches()} says how many
     * batches ran. A task runs in batches only when the host can bound, from the loop's range, which elements each
     * iteration writes (affine indices); an array whose reads it cannot bound is copied whole to each batch. Tasks
     * that cannot be batched and do not fit fail with a {@link FerroclException} naming the array.
     *
     * @param bytesPerArray the most bytes of one array a batch moves, or 0 for the automatic choice (the default)
     * @return this schedule
     * @throws IllegalArgumentException if bytesPerArray is negative
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule batch(long bytesPerArray) {
        checkOpen();
        if (bytesPerArray < 0) {
            throw new IllegalArgumentException("a batch size cannot be negative: " + bytesPerArray);
        }
        this.batchBytes = bytesPerArray;
        return this;
    }

    /**
     * {@link #batch(long)} with a size such as {@code "256MB"} (units {@code B}, {@code KB}, {@code MB}, {@code GB},
     * powers of 1024).
     *
     * @param size the most bytes of one array a batch moves
     * @return this schedule
     * @throws IllegalArgumentException if size is no positive size
     * @throws NullPointerException     if size is null
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule batch(String size) {
        Objects.requireNonNull(size, "size");
        return batch(Config.parseSize(size));
    }

    /**
     * Keeps these arrays on the device between executions, so that each is uploaded once rather than at every
     * {@link #execute()}: for inputs that stay the same over many executions (a matrix, a data set), and for arrays
     * the tasks both read and write from one execution to the next.
     *
     * <p>The promise the caller makes: a kept array changes only through this schedule's tasks, or else the caller
     * says so with {@link #markChanged(Object...)} before the next {@code execute()}. An array changed without
     * that (by Java code, or by another schedule's tasks) is not seen by the kernels, which read the device's copy;
     * only the elements a method reads before its {@code @Parallel} loops ({@code float max = a[0];}) are read from
     * the Java array at every execution, so there such a change is seen. Results
     * still land in the Java arrays after every execution, as without keeping; when a task reruns on the JVM
     * (a check failed, or the method runs there), every kept array is uploaded again at the next execution.
     *
     * <p>A multi-dimensional array ({@code float[][]}) is kept whole: its rows are copied into the arrays the kernels
     * read once, and again only after {@code markChanged} (of the array itself, for a change to any of its rows) or a
     * task that reran on the JVM; results still land in its rows after every execution.
     *
     * @param arrays primitive arrays the tasks use, of any dimensions (keeping one twice does nothing); a single
     *               {@code float[][]} passed alone is that matrix, not its rows
     * @return this schedule
     * @throws IllegalArgumentException if an argument is null or not a primitive array
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule keepOnDevice(Object... arrays) {
        checkOpen();
        for (Object a : checkedArrays(arrays)) {
            if (NestedArrays.isNested(a)) {
                keptNested.putIfAbsent(a, new NestedArrays.Flat[2]);
            } else {
                kept.putIfAbsent(a, new long[1]);
            }
        }
        return this;
    }

    /**
     * Says that these kept arrays changed on the host since the last execution: the next {@link #execute()}
     * uploads them again.
     *
     * @param arrays arrays kept with {@link #keepOnDevice(Object...)}
     * @return this schedule
     * @throws IllegalArgumentException if an argument is null, not a primitive array, or not kept
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule markChanged(Object... arrays) {
        checkOpen();
        for (Object a : checkedArrays(arrays)) {
            if (NestedArrays.isNested(a)) {
                NestedArrays.Flat[] holder = keptNested.get(a);
                if (holder == null) {
                    throw new IllegalArgumentException("markChanged: the " + a.getClass().getSimpleName()
                            + " is not kept on the device by schedule '" + name + "'");
                }
                holder[0] = null;
                continue;
            }
            long[] handle = kept.get(a);
            if (handle == null) {
                throw new IllegalArgumentException("markChanged: the " + a.getClass().getSimpleName()
                        + " is not kept on the device by schedule '" + name + "'");
            }
            if (handle[0] != 0) {
                Backend.keepStale(handle[0]);
            }
        }
        return this;
    }

    /**
     * Stops keeping these arrays on the device and frees their device memory; from the next {@link #execute()}
     * on they are uploaded at every execution again. Arrays that are not kept are ignored.
     *
     * @param arrays arrays kept with {@link #keepOnDevice(Object...)}
     * @return this schedule
     * @throws IllegalArgumentException if an argument is null or not a primitive array
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule dropFromDevice(Object... arrays) {
        checkOpen();
        for (Object a : checkedArrays(arrays)) {
            NestedArrays.Flat[] holder = keptNested.remove(a);
            if (holder != null && holder[1] != null) {
                release(holder[1].table);
                release(holder[1].data);
                continue;
            }
            release(a);
        }
        return this;
    }

    private void release(Object array) {
        long[] handle = kept.remove(array);
        if (handle != null && handle[0] != 0) {
            Backend.keepRelease(handle[0]);
        }
    }

    private static Object[] checkedArrays(Object[] arrays) {
        Objects.requireNonNull(arrays, "arrays");
        // `keepOnDevice(matrix)` with a `float[][] matrix` reaches here as the varargs array itself (a float[][] is an
        // Object[]): it means the matrix, not its rows.
        if (arrays.getClass() != Object[].class && NestedArrays.isNested(arrays)) {
            return new Object[] {arrays};
        }
        for (Object a : arrays) {
            boolean primitive = a != null && a.getClass().isArray() && a.getClass().getComponentType().isPrimitive();
            if (!primitive && !NestedArrays.isNested(a)) {
                throw new IllegalArgumentException("only primitive arrays (of any dimensions) can be kept on the"
                        + " device, not " + (a == null ? "null" : a.getClass().getTypeName()));
            }
        }
        return arrays;
    }

    /** The kept-array handles for one launch's arguments (null when none is kept). */
    private long[] keptHandles(Object[] args) {
        if (kept.isEmpty()) {
            return null;
        }
        long[] handles = null;
        for (int i = 0; i < args.length; i++) {
            long[] handle = args[i] == null ? null : kept.get(args[i]);
            if (handle == null) {
                continue;
            }
            if (handle[0] == 0) {
                handle[0] = Backend.keepCreate();
            }
            if (handles == null) {
                handles = new long[args.length];
            }
            handles[i] = handle[0];
        }
        return handles;
    }

    /** A task ran on the JVM, which may have changed any array: every kept array is uploaded again. */
    private void keptChangedOnHost() {
        for (NestedArrays.Flat[] holder : keptNested.values()) {
            holder[0] = null;
        }
        for (long[] handle : kept.values()) {
            if (handle[0] != 0) {
                Backend.keepStale(handle[0]);
            }
        }
    }

    /**
     * Times every execution of this schedule with OpenCL profiling, so that {@link TaskReport#kernelNanos()} and
     * {@link TaskReport#transferNanos()} describe the latest execution. Without it (the default, unless
     * {@code -Dferrocl.profile=true} or {@code FERROCL_PROFILE=1}), only a task's first execution on the device is
     * timed and the report keeps those times: profiling costs several microseconds per command on some drivers, which
     * matters for small kernels run often.
     *
     * @param on whether to profile every execution
     * @return this schedule
     * @throws IllegalStateException if the schedule is closed
     */
    public synchronized TaskSchedule profile(boolean on) {
        checkOpen();
        profile = on;
        return this;
    }

    /**
     * Whether, on a device that works in host memory (a CPU device such as PoCL), this schedule's kernels may read
     * and write the Java arrays in place instead of copies (on by default). In place, an execution copies nothing,
     * but holds its arrays for as long as its kernels run ({@code GetPrimitiveArrayCritical}): before JDK 22 the
     * garbage collector waits meanwhile, and an interrupt is not seen (the thread's interrupt status stays set). So
     * an execution runs in place only when the same work (kernels, sizes, scalar arguments) took at most
     * {@code -Dferrocl.inPlaceMillis} (default 20 ms; 0: never) the time before, never with a
     * {@link #timeout(Duration) timeout} or arrays kept on the device, and kernels
     * write results in place only when the execution is one kernel launch none of whose checks can fail (a failed
     * check, or a driver failure between launches, must leave every array as it was); otherwise results are copied
     * back. Devices with their own memory (GPUs) always copy.
     *
     * @param on whether kernels may work on the Java arrays in place
     * @return this schedule
     * @throws IllegalStateException if the schedule is closed
     */
    public synchronized TaskSchedule inPlace(boolean on) {
        checkOpen();
        inPlace = on;
        return this;
    }

    /**
     * Relaxed math for this schedule's tasks (see {@link RelaxedMath}): {@code Math}'s transcendental functions as
     * the device's OpenCL built-ins and {@code a * b + c} possibly fused, so results may differ from the JVM's within
     * the OpenCL specification's bounds. Off by default (also set by {@code -Dferrocl.relaxedMath=true} or, per
     * method, by {@link RelaxedMath}); switching it off here does not undo a method's annotation.
     *
     * @param on whether math is relaxed
     * @return this schedule
     * @throws IllegalStateException if the schedule is closed
     */
    public synchronized TaskSchedule relaxedMath(boolean on) {
        checkOpen();
        optimizationOverrides.put(Config.RELAXED_MATH, Boolean.toString(on));
        java.util.TreeMap<String, String> all = new java.util.TreeMap<>(Config.OPTIMIZATION_SWITCHES);
        all.putAll(optimizationOverrides);
        optimizations = Config.join(all);
        return this;
    }

    /**
     * Switches one optimising phase of the compiler on or off for this schedule's tasks, over the
     * {@code -Dferrocl.opt.<phase>=true|false} system properties. Switching a phase off never changes a result: the
     * kernel is compiled without it (slower), or, for a phase the method cannot do without (devirtualisation of its
     * virtual calls, scalar replacement of its objects), the method runs on the JVM with a
     * {@link CompilationException.Kind#DISABLED} bailout. {@link TaskReport#optimizations()} says which phases
     * changed each kernel. The phases: {@code devirtualize}, {@code scalarReplace}, {@code gvn},
     * {@code narrowFloat}, {@code guardElimination}, {@code loopVersioning}, {@code hostVersioning}, {@code coalesce}, {@code tile}, {@code reduceVersioning}, {@code unroll}, {@code vectorize}, {@code redundantChecks}.
     *
     * @param phase the phase's name
     * @param on    whether it runs
     * @return this schedule
     * @throws IllegalArgumentException if no phase has that name
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized TaskSchedule optimization(String phase, boolean on) {
        checkOpen();
        java.util.Objects.requireNonNull(phase, "phase");
        java.util.List<String> known = new ArrayList<>();
        for (String line : Backend.optimizationPhases().split("\n")) {
            if (!line.isBlank()) {
                known.add(line.split("\t", 2)[0]);
            }
        }
        if (!known.contains(phase)) {
            throw new IllegalArgumentException("no optimisation phase '" + phase + "' (known: "
                    + String.join(", ", known) + ")");
        }
        optimizationOverrides.put(phase, Boolean.toString(on));
        java.util.TreeMap<String, String> all = new java.util.TreeMap<>(Config.OPTIMIZATION_SWITCHES);
        all.putAll(optimizationOverrides);
        optimizations = Config.join(all);
        return this;
    }

    /**
     * Compiles every task that is not compiled yet, without running anything.
     *
     * @return this schedule
     * @throws CompilationException  in strict mode, for the first task whose method cannot be compiled
     * @throws FerroclException      if the native library cannot be loaded or the device fails
     * @throws IllegalStateException if the schedule is closed
     */
    public synchronized TaskSchedule warmup() {
        checkOpen();
        for (ScheduledTask t : tasks.values()) {
            compile(t, true, true);
        }
        return this;
    }

    /**
     * Runs every task once, in the order they were added, compiling first where needed. An exception thrown by a
     * task's method (when it runs on the JVM, or is rerun there after a check failed on the device) propagates
     * unchanged, and the later tasks do not run.
     *
     * @return this schedule
     * @throws CompilationException         in strict mode, before anything runs, if a task's method cannot be
     *                                      compiled
     * @throws ExecutionCancelledException  if the thread was interrupted, or the {@link #timeout timeout} passed,
     *                                      while it waited for the device (every Java array as it was)
     * @throws FerroclException             if the native library cannot be loaded or the device fails
     * @throws IllegalStateException        if the schedule is closed
     */
    public synchronized TaskSchedule execute() {
        checkOpen();
        List<ScheduledTask> list = new ArrayList<>(tasks.values());
        List<Outcome> outcomes = new ArrayList<>(list.size());
        for (ScheduledTask t : list) {
            String problem = t.target != null ? t.target.argumentProblem : null;
            // Arguments the JVM's call would reject: it runs there and throws its own exception.
            outcomes.add(problem != null ? Outcome.onJvm(problem, List.of()) : compile(t, true, true));
        }
        // Consecutive device tasks run as one native execution; a task that bailed out runs on the JVM between them.
        // A synchronized method runs alone, holding its monitor for its execution as the JVM's call would.
        int i = 0;
        while (i < list.size()) {
            if (!outcomes.get(i).runsOnDevice()) {
                run(list.get(i), outcomes.get(i));
                i++;
                continue;
            }
            Object monitor = list.get(i).target.monitor;
            if (devices != null && devices.size() > 1) {
                // Split across the devices: each task alone.
                if (monitor != null) {
                    synchronized (monitor) {
                        runSplit(list.get(i), outcomes.get(i));
                    }
                } else {
                    runSplit(list.get(i), outcomes.get(i));
                }
                i++;
                continue;
            }
            if (monitor != null) {
                synchronized (monitor) {
                    runOnDevice(list, outcomes, i, i + 1);
                }
                i++;
                continue;
            }
            int end = i;
            while (end < list.size() && outcomes.get(end).runsOnDevice() && list.get(end).target.monitor == null) {
                end++;
            }
            runOnDevice(list, outcomes, i, end);
            i = end;
        }
        return this;
    }

    /**
     * The OpenCL C generated for a task, compiling it if needed.
     *
     * @param taskId the task's id
     * @return the kernel's source
     * @throws IllegalArgumentException if there is no such task
     * @throws IllegalStateException    if the task's method runs on the JVM (the message says why), or the
     *                                  schedule is closed
     * @throws FerroclException         if the native library cannot be loaded or the device fails
     */
    public synchronized String kernelSource(String taskId) {
        checkOpen();
        ScheduledTask t = tasks.get(taskId);
        if (t == null) {
            throw new IllegalArgumentException("schedule '" + name + "' has no task '" + taskId + "'");
        }
        Outcome outcome = compile(t, false, !t.compiled);
        if (!outcome.runsOnDevice()) {
            throw new IllegalStateException("task '" + taskId + "' (" + t.methodName() + ") runs on the JVM: "
                    + (outcome.isBailout() ? outcome.bailout : outcome.onJvm));
        }
        return Backend.kernelSource(outcome.handle);
    }

    /**
     * What the tasks came to so far.
     *
     * @return a snapshot, one entry per task in the order they were added
     */
    public synchronized ExecutionReport report() {
        List<TaskReport> reports = new ArrayList<>(tasks.size());
        for (ScheduledTask t : tasks.values()) {
            reports.add(t.snapshot());
        }
        return new ExecutionReport(name, reports);
    }

    /**
     * Closes the schedule. Afterwards {@link #execute()}, {@link #warmup()}, {@link #kernelSource(String)} and
     * adding tasks throw IllegalStateException; {@link #report()} still works. Closing twice does nothing. The
     * device memory of the schedule's kept arrays ({@link #keepOnDevice(Object...)}) is freed (a schedule that
     * becomes unreachable without being closed has it freed after a garbage collection finds it; closing is the
     * prompt way). When the last open
     * schedule of the process closes, the memory Ferrocl keeps between launches (host copies, host
     * memory registered with the driver, idle device buffers) is released. Compiled kernels stay cached.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        nestedSpare.clear();
        keptNested.clear();
        cleanable.clean();
    }

    /**
     * The schedule's name, task ids and state, for debugging.
     *
     * @return a one-line description
     */
    @Override
    public String toString() {
        return "TaskSchedule[" + name + ", tasks " + tasks.keySet() + (closed ? ", closed" : "") + "]";
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("schedule '" + name + "' is closed");
        }
    }

    /**
     * Compiles one task (or takes it from the cache) and handles a bailout as the mode says; {@code record}: let
     * the report show this compile (kernelSource() does not, once the task has been compiled).
     */
    private Outcome compile(ScheduledTask t, boolean throwIfStrict, boolean record) {
        Outcome outcome;
        boolean fresh;
        if (t.target == null) {
            outcome = Outcome.bailout(t.targetProblem);
            fresh = true;
        } else {
            String switches = optimizations;
            if (t.requestedLocalSize != null) {
                // Staged coalescing fixes the work-group size itself.
                java.util.TreeMap<String, String> all = new java.util.TreeMap<>(Config.OPTIMIZATION_SWITCHES);
                all.putAll(optimizationOverrides);
                all.put("coalesce", "false");
                all.put("tile", "false");
                switches = Config.join(all);
            }
            outcome = KernelCache.obtain(t.target, devices == null ? Config.DEVICE : devices.get(0), switches, t.id);
            t.lastSwitches = switches;
            fresh = outcome.claimFresh();
        }
        if (record) {
            t.recordCompile(outcome, fresh);
        }
        if (outcome.isBailout()) {
            if (strict()) {
                if (throwIfStrict) {
                    throw new CompilationException(outcome.bailout, outcome.bailoutKind);
                }
            } else if (WARNED.add(t.methodKey())) {
                System.err.println("[ferrocl] warning: " + t.methodName() + " runs on the JVM: " + outcome.bailout);
            }
        }
        return outcome;
    }

    /** Runs a task that bailed out (or must run there for its objects) on the JVM. */
    private void run(ScheduledTask t, Outcome outcome) {
        t.clearLaunch();
        runOnJvm(t, outcome.isBailout() ? "bailout: " + outcome.bailout : outcome.onJvm);
    }

    /**
     * Runs tasks {@code [from, to)} (all compiled) as one native execution: arrays one writes and a later one reads stay
     * on the device, and results land in the Java arrays once, when every task passed its checks. A host-side check
     * failure splits the run: the tasks before it run on the device, that task on the JVM, then the rest. A check that
     * fails on the device leaves every array untouched and the tasks rerun on the JVM in order.
     */
    private void runOnDevice(List<ScheduledTask> list, List<Outcome> outcomes, int from, int to) {
        // JLS 12.4.1: invoking a static method initialises its class, before the method runs. Where that fails, the
        // tasks before it run, then the call throws what Java's would.
        for (int k = from; k < to; k++) {
            Error failed = list.get(k).target.initialiseForCall();
            if (failed != null) {
                if (k > from) {
                    runOnDevice(list, outcomes, from, k);
                }
                throw failed;
            }
        }
        while (from < to) {
            // Batches run one task's loop at a time.
            int n = batchBytes > 0 ? 1 : to - from;
            long[] handles = new long[n];
            Object[][] args = new Object[n][];
            int[][] locals = new int[n][];
            long[][] keptHandles = new long[n][];
            LaunchStats[] stats = new LaunchStats[n];
            NestedArrays.Call nested = new NestedArrays.Call(nestedSpare, nestedKeeper);
            for (int k = 0; k < n; k++) {
                ScheduledTask t = list.get(from + k);
                Outcome outcome = outcomes.get(from + k);
                handles[k] = outcome.handle;
                args[k] = outcome.launchArgs(t.target.launchArgs, nested);
                locals[k] = t.requestedLocalSize;
                keptHandles[k] = keptHandles(args[k]);
                stats[k] = new LaunchStats();
            }
            String sharing = nested.sharing(args);
            if (sharing != null) {
                // The kernels would see two copies of one Java array: the JVM runs these tasks.
                String reason = sharing;
                if (strict()) {
                    throw new CompilationException(reason + " (strict mode: not run on the JVM)",
                            CompilationException.Kind.RUNTIME);
                }
                for (int k = 0; k < n; k++) {
                    ScheduledTask t = list.get(from + k);
                    t.clearLaunch();
                    runOnJvm(t, reason);
                }
                from += n;
                continue;
            }
            boolean timed = profile;
            for (int k = 0; k < n; k++) {
                timed |= !list.get(from + k).profiled;
            }
            LaunchStatus status;
            try {
                status = Backend.execute(handles, args, locals, keptHandles, stats, timed, inPlace, timeoutNanos,
                        batchBytes);
            } catch (ExecutionCancelledException e) {
                // The device's results were discarded: kept arrays it may have written go up again.
                keptChangedOnHost();
                throw e;
            }
            switch (status) {
                case RAN:
                    nested.scatter();
                    for (int k = 0; k < n; k++) {
                        ranOnDevice(list.get(from + k), outcomes.get(from + k), stats[k], timed);
                    }
                    from += n;
                    break;
                case HOST_CHECK_FAILED: {
                    int failed = failedTask(stats, LaunchStatus.HOST_CHECK_FAILED);
                    if (failed > 0) {
                        runOnDevice(list, outcomes, from, from + failed);
                    }
                    ScheduledTask t = list.get(from + failed);
                    t.clearLaunch();
                    runOnJvm(t, REASON_HOST_CHECK);
                    from += failed + 1;
                    break;
                }
                case DEVICE_CHECK_FAILED: {
                    int failed = failedTask(stats, LaunchStatus.DEVICE_CHECK_FAILED);
                    String failedId = list.get(from + failed).id;
                    for (int k = 0; k < n; k++) {
                        ScheduledTask t = list.get(from + k);
                        t.recordLaunch(stats[k], timed);
                        runOnJvm(t, k == failed ? REASON_DEVICE_CHECK
                                : "task '" + failedId + "' of the same execution failed a check on the device: its"
                                        + " device results were discarded and the tasks reran on the JVM in order");
                    }
                    from += n;
                    break;
                }
                default:
                    throw new FerroclException("native execution of schedule '" + name + "' returned " + status);
            }
        }
    }

    /**
     * Runs one compiled task across the schedule's devices (see {@link #devices(String...)}): compiled for each of
     * them (a device it cannot be compiled for gets no share), then one native execution that splits its loop.
     */
    private void runSplit(ScheduledTask t, Outcome first) {
        Error failed = t.target.initialiseForCall();
        if (failed != null) {
            throw failed;
        }
        List<Outcome> perDevice = new ArrayList<>(devices.size());
        List<String> names = new ArrayList<>(devices.size());
        perDevice.add(first);
        names.add(first.deviceName);
        for (String device : devices.subList(1, devices.size())) {
            Outcome o = KernelCache.obtain(t.target, device, t.lastSwitches, t.id);
            o.claimFresh();
            if (o.runsOnDevice()) {
                perDevice.add(o);
                names.add(o.deviceName);
            }
        }
        long[] handles = new long[perDevice.size()];
        for (int d = 0; d < handles.length; d++) {
            handles[d] = perDevice.get(d).handle;
        }
        NestedArrays.Call nested = new NestedArrays.Call(nestedSpare, nestedKeeper);
        Object[] args = first.launchArgs(t.target.launchArgs, nested);
        String sharing = nested.sharing(new Object[][] {args});
        if (sharing != null) {
            String reason = sharing;
            if (strict()) {
                throw new CompilationException(reason + " (strict mode: not run on the JVM)",
                        CompilationException.Kind.RUNTIME);
            }
            t.clearLaunch();
            runOnJvm(t, reason);
            return;
        }
        LaunchStats stats = new LaunchStats();
        long[] shares = new long[3 * handles.length];
        boolean timed = profile || !t.profiled;
        LaunchStatus status;
        try {
            status = Backend.executeSplit(handles, args, t.requestedLocalSize, stats, timed, timeoutNanos, shares);
        } finally {
            // Kept arrays are not kept in a split execution: their device copies may be stale now.
            keptChangedOnHost();
        }
        List<TaskReport.DeviceShare> split = new ArrayList<>();
        for (int d = 0; d < handles.length; d++) {
            if (shares[3 * d + 1] > 0) {
                split.add(new TaskReport.DeviceShare(names.get(d), shares[3 * d], shares[3 * d + 1],
                        shares[3 * d + 2]));
            }
        }
        switch (status) {
            case RAN:
                nested.scatter();
                ranOnDevice(t, first, stats, timed);
                t.shares = List.copyOf(split);
                if (split.size() > 1) {
                    StringBuilder on = new StringBuilder();
                    for (TaskReport.DeviceShare s : split) {
                        on.append(on.length() == 0 ? "" : " + ").append(s.device());
                    }
                    t.device = on.toString();
                    t.reason = "split across " + split.size() + " devices";
                    t.reasonOf = null; // not ranOnDevice's text: the next execution writes its own
                }
                return;
            case HOST_CHECK_FAILED:
                t.clearLaunch();
                runOnJvm(t, REASON_HOST_CHECK);
                return;
            case DEVICE_CHECK_FAILED:
                t.recordLaunch(stats, timed);
                t.shares = List.copyOf(split);
                runOnJvm(t, REASON_DEVICE_CHECK);
                return;
            default:
                throw new FerroclException("native execution of schedule '" + name + "' returned " + status);
        }
    }

    private static int failedTask(LaunchStats[] stats, LaunchStatus wanted) {
        for (int k = 0; k < stats.length; k++) {
            if (stats[k].status() == wanted) {
                return k;
            }
        }
        throw new FerroclException("native execution reported " + wanted + " without naming the task");
    }

    private void ranOnDevice(ScheduledTask t, Outcome outcome, LaunchStats stats, boolean timed) {
        t.recordLaunch(stats, timed);
        t.profiled |= timed;
        if (t.ranOn != TaskReport.Where.DEVICE || t.reasonOf != outcome) {
            // Only when it changes: the same outcome gives the same text at every execution.
            t.reason = "compiled for " + outcome.deviceName + (outcome.singleWorkItem
                    ? " (no parallel loop: one work-item runs the method)" : "");
            t.reasonOf = outcome;
        }
        t.ranOn = TaskReport.Where.DEVICE;
        t.device = outcome.deviceName;
        t.shares = List.of();
        t.executions++;
    }

    /** Runs the task's code on the JVM; whatever it throws propagates unchanged. */
    private void runOnJvm(ScheduledTask t, String reason) {
        Flight.fallback(t.id, t.methodName(), reason);
        keptChangedOnHost();
        t.ranOn = TaskReport.Where.JVM;
        t.reason = reason;
        t.device = null;
        t.shares = List.of();
        t.executions++;
        t.onJvm.run();
    }
}

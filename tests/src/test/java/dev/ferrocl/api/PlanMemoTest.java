package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import org.junit.Test;

/**
 * The plan of an execution is remembered and reused by the next one with the same inputs (the JNI layer's
 * {@code execute::memo}). Every execution here changes one input the plan is computed from between two executions
 * of one schedule (a bound held in a field, a float whose sign of zero decides a bound, an array field swapped for
 * one of another length, two fields made one array, an element read before the loop, a static field, a
 * {@code @Reduce} output's starting value, arrays kept and dropped) and compares the Java arrays with the JVM
 * running the same sequence of calls, exactly; executions with unchanged inputs in between reuse the plan. A reused
 * plan that should have been rebuilt shows as a wrong element, a missing one or a wrong length. The library's
 * counters ({@link Native#planMemo()}) say whether each execution reused the last plan or remembered a new one,
 * which is asserted too (the test runs alone in its JVM's test thread).
 */
public class PlanMemoTest {
    /** An instance task whose bound, factor and arrays are fields, read at every execute(). */
    static final class Scaler {
        int n;
        float scale;
        float[] src;
        float[] dst;

        void run(int offset) {
            for (@Parallel int i = 0; i < n; i++) {
                dst[i] = src[i] * scale + offset;
            }
        }

        Scaler copy() {
            Scaler c = new Scaler();
            c.n = n;
            c.scale = scale;
            c.src = src.clone();
            c.dst = src == dst ? c.src : dst.clone();
            return c;
        }
    }

    /** A bound that is {@code length} for {@code x == +0.0f} and 0 for {@code x == -0.0f} ({@code 1 / x} is +-Infinity). */
    static final class Reciprocal {
        float x;
        int[] out;

        void run(int add) {
            int m = Math.min(out.length, (int) (1f / x));
            for (@Parallel int i = 0; i < m; i++) {
                out[i] += i + add;
            }
        }
    }

    /**
     * As {@link Scaler}, for one test only: plans are remembered per compiled method (shared by the schedules that run
     * it), so a test that counts them needs a method of its own.
     */
    static final class Stepper {
        int n;
        float[] src;
        float[] dst;

        void run(int offset) {
            for (@Parallel int i = 0; i < n; i++) {
                dst[i] = src[i] * 1.5f + offset;
            }
        }
    }

    /** Two tasks of one schedule: the second reads what the first writes, and a count from an array. */
    static final class Pipe {
        int[] a;
        int[] b;
        int[] c;
        int[] sizes;

        void first(int k) {
            for (@Parallel int i = 0; i < b.length; i++) {
                b[i] = a[i] * k;
            }
        }

        void second(int k) {
            int n = sizes[0];
            for (@Parallel int i = 0; i < n; i++) {
                c[i] = b[i] + k;
            }
        }
    }

    static int limit = 10;

    static void head(int[] sizes, float[] a, float[] out) {
        int n = sizes[0];
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] + 1f;
        }
    }

    static void upToLimit(int[] a, int[] out) {
        for (@Parallel int i = 0; i < limit; i++) {
            out[i] = a[i] * 3 - i;
        }
    }

    static void sum(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    static void twice(int[] a, int[] b) {
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = b[i] + 2 * a[i];
        }
    }

    /** For the concurrent test alone (plans are remembered per compiled method). */
    static void addScaled(int[] a, int[] b, int k) {
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = b[i] + k * a[i];
        }
    }

    private static float[] floats(int n, int seed) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = ((i * 7919 + seed) % 1013) * 0.25f - 100f;
        }
        return a;
    }

    private static int[] ints(int n, int seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919 + seed) % 2003 - 1000;
        }
        return a;
    }

    private static void assertOnDevice(TaskSchedule s) {
        for (TaskReport t : s.report().tasks()) {
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        }
    }

    /**
     * One execution on the device: asserts that it reused the last plan ({@code reuse} true) or planned anew and
     * remembered that plan (false), or launched nothing, which plans nothing (null).
     */
    private static void execute(TaskSchedule s, Boolean reuse, String what) {
        long[] before = Native.planMemo();
        s.execute();
        long[] after = Native.planMemo();
        assertOnDevice(s);
        assertEquals(what + ": plan reused", Boolean.TRUE.equals(reuse) ? 1 : 0, after[0] - before[0]);
        assertEquals(what + ": plan remembered", Boolean.FALSE.equals(reuse) ? 1 : 0, after[1] - before[1]);
    }

    @Test
    public void fieldsThatChangeBetweenExecutionsGiveANewPlan() {
        Scaler s = new Scaler();
        s.n = 1000;
        s.scale = 0.5f;
        s.src = floats(1000, 1);
        s.dst = new float[1000];
        Scaler jvm = s.copy();
        try (TaskSchedule ts = new TaskSchedule("fields").task("run", s::run, 3)) {
            java.util.function.BiConsumer<Boolean, String> step = (reuse, what) -> {
                execute(ts, reuse, what);
                jvm.run(3);
                assertArrayEquals(what, jvm.dst, s.dst, 0f);
            };
            // A schedule's first execution is profiled (its plan differs in that), then the same inputs twice (the
            // second reuses the plan), then each field in turn.
            ts.execute();
            jvm.run(3);
            step.accept(false, "first");
            step.accept(true, "again");
            s.n = jvm.n = 10;
            step.accept(false, "n = 10");
            s.n = jvm.n = 0;
            step.accept(null, "n = 0");
            s.n = jvm.n = 1000;
            s.scale = jvm.scale = -2f;
            step.accept(false, "scale = -2");
            step.accept(true, "scale = -2 again");
            // New arrays of the same length: the same plan, bound to them.
            s.src = floats(1000, 5);
            jvm.src = s.src.clone();
            s.dst = new float[1000];
            jvm.dst = new float[1000];
            step.accept(true, "other arrays");
            // Arrays of another length in the fields.
            s.src = floats(333, 2);
            jvm.src = s.src.clone();
            s.dst = new float[333];
            jvm.dst = new float[333];
            s.n = jvm.n = 333;
            step.accept(false, "length 333");
            step.accept(true, "length 333 again");
            assertArrayEquals(jvm.src, s.src, 0f);
            // One array in both fields (the kernel's arguments alias), then two again.
            s.dst = s.src;
            jvm.dst = jvm.src;
            step.accept(false, "aliased");
            step.accept(true, "aliased again");
            s.dst = new float[333];
            jvm.dst = new float[333];
            step.accept(false, "apart again");
            assertArrayEquals(jvm.src, s.src, 0f);
            // A bound past the arrays: the JVM's exception, the arrays as the JVM leaves them.
            s.n = jvm.n = 334;
            assertThrows(ArrayIndexOutOfBoundsException.class, ts::execute);
            assertThrows(ArrayIndexOutOfBoundsException.class, () -> jvm.run(3));
            assertArrayEquals("failed check", jvm.dst, s.dst, 0f);
            s.n = jvm.n = 100;
            step.accept(false, "after the exception");
        }
    }

    @Test
    public void theSignOfAZeroIsAnInputOfThePlan() {
        Reciprocal r = new Reciprocal();
        r.out = new int[777];
        Reciprocal jvm = new Reciprocal();
        jvm.out = new int[777];
        try (TaskSchedule ts = new TaskSchedule("zero").task("run", r::run, 5)) {
            float[] xs = {0f, 0f, -0f, -0f, 0f, -0f, 0.01f, -0f};
            // -0.0 launches nothing (no plan), and +0.0 then finds its own plan still remembered.
            Boolean[] reuse = {false, true, null, null, true, null, false, null};
            // The first execution is profiled.
            r.x = jvm.x = xs[0];
            ts.execute();
            jvm.run(5);
            for (int k = 0; k < xs.length; k++) {
                float x = xs[k];
                r.x = jvm.x = x;
                execute(ts, reuse[k], "x = " + x + " (" + k + ")");
                jvm.run(5);
                assertArrayEquals("x = " + x, jvm.out, r.out);
            }
        }
    }

    @Test
    public void anElementReadBeforeTheLoopIsReadAgain() {
        int[] sizes = {50};
        float[] a = floats(200, 3);
        float[] out = new float[200];
        float[] expected = new float[200];
        try (TaskSchedule ts = new TaskSchedule("element").task("head", PlanMemoTest::head, sizes, a, out)) {
            ts.execute(); // profiled
            int[] ns = {50, 50, 200, 200, 0, 7, 7};
            Boolean[] reuse = {false, true, false, true, null, false, true};
            for (int k = 0; k < ns.length; k++) {
                int n = ns[k];
                sizes[0] = n;
                execute(ts, reuse[k], "n = " + n);
                head(sizes, a, expected);
                assertArrayEquals("n = " + n, expected, out, 0f);
            }
            sizes[0] = 201;
            assertThrows(ArrayIndexOutOfBoundsException.class, ts::execute);
            sizes[0] = 150;
            for (int i = 0; i < a.length; i++) {
                a[i] = -a[i];
            }
            ts.execute();
            head(sizes, a, expected);
            assertArrayEquals("after the exception", expected, out, 0f);
        }
    }

    @Test
    public void aStaticFieldBoundIsReadAgain() {
        int[] a = ints(500, 4);
        int[] out = new int[500];
        int[] expected = new int[500];
        try (TaskSchedule ts = new TaskSchedule("static").task("up", PlanMemoTest::upToLimit, a, out)) {
            ts.execute(); // profiled
            int last = -1;
            for (int l : new int[] {10, 10, 500, 1, 1, 499}) {
                limit = l;
                execute(ts, l == last, "limit " + l);
                last = l;
                upToLimit(a, expected);
                assertArrayEquals("limit " + l, expected, out);
            }
        } finally {
            limit = 10;
        }
    }

    @Test
    public void aReductionStartsFromTheOutputsCurrentValue() {
        int[] a = ints(10_000, 5);
        int[] out = {0};
        try (TaskSchedule ts = new TaskSchedule("reduce").task("sum", PlanMemoTest::sum, a, out)) {
            int[] jvm = {0};
            ts.execute(); // profiled
            boolean first = true;
            for (int start : new int[] {0, 0, 17, -5, -5, Integer.MAX_VALUE}) {
                out[0] = start;
                jvm[0] = start;
                // The output's value is read afresh: the plan stays.
                execute(ts, !first, "start " + start);
                first = false;
                sum(a, jvm);
                assertEquals("start " + start, jvm[0], out[0]);
            }
            a[123] += 1000;
            out[0] = 1;
            jvm[0] = 1;
            execute(ts, true, "changed input");
            sum(a, jvm);
            assertEquals("changed input", jvm[0], out[0]);
        }
    }

    @Test
    public void keptAndDroppedArraysBetweenExecutions() {
        int[] a = ints(4096, 6);
        int[] b = ints(4096, 7);
        int[] ja = a.clone();
        int[] jb = b.clone();
        try (TaskSchedule ts = new TaskSchedule("kept").task("twice", PlanMemoTest::twice, a, b)) {
            java.util.function.BiConsumer<Boolean, String> step = (reuse, what) -> {
                execute(ts, reuse, what);
                twice(ja, jb);
                assertArrayEquals(what, jb, b);
            };
            ts.execute(); // profiled
            twice(ja, jb);
            step.accept(false, "first");
            step.accept(true, "again");
            ts.keepOnDevice(a, b);
            step.accept(false, "kept");
            step.accept(true, "kept again");
            a[5] = 99;
            ja[5] = 99;
            ts.markChanged(a);
            step.accept(true, "marked changed");
            ts.dropFromDevice(b);
            step.accept(false, "b dropped");
            step.accept(true, "b dropped again");
            b[7] = -1;
            jb[7] = -1;
            step.accept(true, "b changed on the host");
            ts.dropFromDevice(a);
            a[9] = 12345;
            ja[9] = 12345;
            step.accept(false, "a dropped");
            ts.keepOnDevice(b);
            step.accept(false, "b kept again");
            step.accept(true, "b kept again, again");
        }
    }

    @Test
    public void aSegmentOfTwoTasksIsOnePlan() {
        Pipe p = new Pipe();
        p.a = ints(3000, 8);
        p.b = new int[3000];
        p.c = new int[3000];
        p.sizes = new int[] {3000};
        Pipe jvm = new Pipe();
        jvm.a = p.a.clone();
        jvm.b = new int[3000];
        jvm.c = new int[3000];
        jvm.sizes = p.sizes.clone();
        try (TaskSchedule ts = new TaskSchedule("pipe").task("first", p::first, 3).task("second", p::second, 1)) {
            Runnable oracle = () -> {
                jvm.first(3);
                jvm.second(1);
            };
            ts.execute(); // profiled
            oracle.run();
            java.util.function.BiConsumer<Boolean, String> step = (reuse, what) -> {
                execute(ts, reuse, what);
                oracle.run();
                assertArrayEquals(what, jvm.b, p.b);
                assertArrayEquals(what, jvm.c, p.c);
                assertArrayEquals(what, jvm.a, p.a);
            };
            step.accept(false, "first");
            step.accept(true, "again");
            p.sizes[0] = jvm.sizes[0] = 1000;
            step.accept(false, "n = 1000");
            step.accept(true, "n = 1000 again");
            // The second task writes the array the first reads: one array across the segment.
            p.c = p.a;
            jvm.c = jvm.a;
            step.accept(false, "c is a");
            step.accept(true, "c is a again");
            p.c = new int[3000];
            jvm.c = new int[3000];
            step.accept(false, "c apart");
            // The count read before the second loop comes from the array the first task writes: the host cannot
            // read it before the first task ran, so the second runs on the JVM, after the first on the device.
            p.sizes = p.b;
            jvm.sizes = jvm.b;
            p.a[0] = jvm.a[0] = 7; // b[0] = 21: the second loop's count
            ts.execute();
            oracle.run();
            assertEquals(TaskReport.Where.DEVICE, ts.report().task("first").ranOn());
            assertEquals(TaskReport.Where.JVM, ts.report().task("second").ranOn());
            assertArrayEquals("count from b", jvm.c, p.c);
            assertArrayEquals("count from b", jvm.b, p.b);
            p.sizes = new int[] {2999};
            jvm.sizes = new int[] {2999};
            step.accept(false, "count apart again");
            step.accept(true, "count apart again, again");
        }
    }

    @Test
    public void inputsThatChangeEveryTimeAreRememberedRarely() {
        Stepper s = new Stepper();
        s.n = 100;
        s.src = floats(300, 10);
        s.dst = new float[300];
        Stepper jvm = new Stepper();
        jvm.n = 100;
        jvm.src = s.src.clone();
        jvm.dst = new float[300];
        try (TaskSchedule ts = new TaskSchedule("counter").task("run", s::run, 1)) {
            ts.execute(); // profiled
            jvm.run(1);
            long[] before = Native.planMemo();
            for (int k = 0; k < 100; k++) {
                s.n = jvm.n = 101 + k % 199;
                ts.execute();
                assertOnDevice(ts);
                jvm.run(1);
                assertArrayEquals("n = " + s.n, jvm.dst, s.dst, 0f);
            }
            long[] after = Native.planMemo();
            assertEquals("reused", 0, after[0] - before[0]);
            // The first unprofiled execution and the next eight misses, then every 64th.
            assertEquals("remembered", 1 + 8 + 1, after[1] - before[1]);
            // Settled again: within 64 executions a plan is remembered and reused.
            int reused = 0;
            for (int k = 0; k < 64 && reused == 0; k++) {
                long r = Native.planMemo()[0];
                ts.execute();
                jvm.run(1);
                reused += (int) (Native.planMemo()[0] - r);
            }
            assertEquals("reused once settled", 1, reused);
            assertArrayEquals(jvm.dst, s.dst, 0f);
        }
    }

    @Test
    public void threadsWhoseSchedulesShareAMethodKeepTheirOwnInputs() throws Exception {
        // Four schedules of one method, arrays of four lengths, run at once: the method's one memo is replaced and
        // reused by turns, and every execution's plan must still be its own inputs'.
        int threads = 4;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int n = 1000 + 777 * t;
                int k = t + 2;
                done.add(pool.submit(() -> {
                    int[] a = ints(n, 11 + k);
                    int[] b = ints(n, 12 + k);
                    int[] ja = a.clone();
                    int[] jb = b.clone();
                    try (TaskSchedule ts = new TaskSchedule("thread" + k).task("add", PlanMemoTest::addScaled, a, b, k)) {
                        for (int round = 0; round < 150; round++) {
                            if (round % 50 == 25) {
                                a[round] = -a[round];
                                ja[round] = -ja[round];
                            }
                            ts.execute();
                            assertOnDevice(ts);
                            addScaled(ja, jb, k);
                            assertArrayEquals("n = " + n + ", round " + round, jb, b);
                        }
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

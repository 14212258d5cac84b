package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.Test;

/**
 * Java's semantics where a task is called (strict mode, the default device): a {@code synchronized} task method holds
 * its monitor while it runs on the device, a {@code synchronized} block inside a kernel is refused by name, arguments
 * the JVM's call would reject (through raw types) give the JVM's own exception and leave the arrays alone, and the
 * report keeps a task's compile record across executions.
 */
public class BoundaryTest {
    // ---------------------------------------------------------------- kernels

    /** Locks {@code BoundaryTest.class}, as the JVM does for a static synchronized method. */
    static synchronized void scaleLocked(float f, float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * f;
        }
    }

    static void scale(float f, float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * f;
        }
    }

    /** A boxed parameter: the adapter casts to {@code Float}, the method unboxes. */
    static void scaleBoxed(Float f, float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * f;
        }
    }

    static final Object LOCK = new Object();

    static void withBlock(float[] a) {
        synchronized (LOCK) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = a[i] + 1f;
            }
        }
    }

    /** Instance state for the receiver's monitor. */
    static final class Scaler {
        final float factor;

        Scaler(float factor) {
            this.factor = factor;
        }

        synchronized void apply(float[] a) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = a[i] * factor;
            }
        }

        void plain(float[] a, int k) {
            for (@Parallel int i = 0; i < a.length; i++) {
                a[i] = a[i] + k;
            }
        }
    }

    private static float[] input(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.25f - 3f;
        }
        return a;
    }

    /**
     * Runs {@code execute} on another thread while this one holds {@code monitor}: the execution must block on the
     * monitor (the thread reaches BLOCKED and does not finish) until it is released, then complete.
     */
    private static void assertWaitsForMonitor(Object monitor, TaskSchedule s) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                s.execute();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        synchronized (monitor) {
            t.start();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (t.getState() != Thread.State.BLOCKED) {
                if (t.getState() == Thread.State.TERMINATED) {
                    fail("execute() finished while another thread held the method's monitor: " + failure.get());
                }
                if (System.nanoTime() > deadline) {
                    fail("execute() neither blocked nor finished in 30 s; state " + t.getState());
                }
                Thread.sleep(1);
            }
        }
        t.join(60_000);
        if (failure.get() != null) {
            throw new AssertionError("execute() failed after the monitor was released", failure.get());
        }
        assertEquals(Thread.State.TERMINATED, t.getState());
    }

    // ---------------------------------------------------------------- synchronized

    @Test
    public void aStaticSynchronizedMethodTakesItsClassMonitor() throws Exception {
        float[] a = input(4099);
        float[] expected = a.clone();
        scaleLocked(1.5f, expected);
        try (TaskSchedule s = new TaskSchedule("locked").task("t", BoundaryTest::scaleLocked, 1.5f, a)) {
            assertWaitsForMonitor(BoundaryTest.class, s);
            assertArrayEquals(expected, a, 0f);
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
            // Uncontended, it runs as usual.
            a = input(4099);
            try (TaskSchedule again = new TaskSchedule("again").task("t", BoundaryTest::scaleLocked, 1.5f, a)) {
                again.execute();
                assertArrayEquals(expected, a, 0f);
            }
        }
    }

    @Test
    public void aSynchronizedInstanceMethodTakesItsReceiversMonitor() throws Exception {
        Scaler scaler = new Scaler(-2f);
        float[] a = input(1000);
        float[] expected = a.clone();
        scaler.apply(expected);
        try (TaskSchedule s = new TaskSchedule("receiver").task("t", scaler::apply, a)) {
            assertWaitsForMonitor(scaler, s);
            assertArrayEquals(expected, a, 0f);
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        // Another receiver's monitor does not matter: it runs while this one is held.
        Scaler other = new Scaler(3f);
        float[] b = input(1000);
        float[] expectedB = b.clone();
        other.apply(expectedB);
        synchronized (scaler) {
            try (TaskSchedule s = new TaskSchedule("other").task("t", other::apply, b)) {
                s.execute();
            }
        }
        assertArrayEquals(expectedB, b, 0f);
    }

    @Test
    public void aSynchronizedBlockIsRefusedByName() {
        float[] a = input(100);
        try (TaskSchedule s = new TaskSchedule("block").task("t", BoundaryTest::withBlock, a)) {
            s.execute();
            fail("a synchronized block compiled");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("monitorenter"));
            assertTrue(e.getMessage(), e.getMessage().contains("synchronized block"));
        }
    }

    // ---------------------------------------------------------------- argument types

    /** What the JVM's own call of {@code code} with these arguments throws. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Throwable jvmThrows(Task2 code, Object a1, Object a2) {
        try {
            code.apply(a1, a2);
        } catch (Throwable e) {
            return e;
        }
        throw new AssertionError("the JVM's call did not throw");
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void assertSameThrow(Task2 code, Object a1, float[] a) {
        float[] before = a.clone();
        Throwable expected = jvmThrows(code, a1, a.clone());
        try (TaskSchedule s = new TaskSchedule("args").task("t", code, a1, a)) {
            s.execute();
            fail("execute() did not throw; the JVM throws " + expected);
        } catch (RuntimeException e) {
            assertEquals(expected.getClass(), e.getClass());
            assertEquals(expected.getMessage(), e.getMessage());
        }
        assertArrayEquals("the arrays are untouched", before, a, 0f);
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void argumentsTheJvmRejectsThrowTheJvmsException() {
        Task2<Float, float[]> typed = BoundaryTest::scale;
        Task2 raw = typed;
        // An Integer where the lambda takes a Float: the adapter's cast fails (it does not widen).
        assertSameThrow(raw, 3, input(64));
        assertSameThrow(raw, 2.0, input(64));
        // null where the method takes a float: unboxing fails.
        assertSameThrow(raw, null, input(64));
        // A boxed parameter: the cast is all there is.
        Task2<Float, float[]> boxed = BoundaryTest::scaleBoxed;
        assertSameThrow((Task2) boxed, 7L, input(64));
        // The right type runs on the device.
        float[] a = input(64);
        float[] expected = a.clone();
        scale(2f, expected);
        try (TaskSchedule s = new TaskSchedule("ok").task("t", raw, 2f, a)) {
            s.execute();
            assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
        }
        assertArrayEquals(expected, a, 0f);
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void aNullReceiverThrowsTheJvmsException() {
        Task3<Scaler, float[], Integer> code = Scaler::plain;
        float[] a = input(64);
        float[] before = a.clone();
        Throwable expected = null;
        try {
            code.apply(null, a.clone(), 1);
        } catch (NullPointerException e) {
            expected = e;
        }
        assertNotNull("the JVM's call throws", expected);
        try (TaskSchedule s = new TaskSchedule("receiver").task("t", code, null, a, 1)) {
            s.execute();
            fail("execute() did not throw");
        } catch (NullPointerException e) {
            assertEquals(expected.getMessage(), e.getMessage());
        }
        assertArrayEquals(before, a, 0f);
        // An Integer where a Scaler goes: the cast fails.
        Task3 raw = code;
        try (TaskSchedule s = new TaskSchedule("receiver").task("t", raw, 5, a, 1)) {
            s.execute();
            fail("execute() did not throw");
        } catch (ClassCastException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("Scaler"));
        }
    }

    // ---------------------------------------------------------------- the report

    @Test
    public void theReportKeepsTheCompileRecordAcrossExecutions() {
        float[] a = input(256);
        // A method no other test compiles, so that the first compile is this schedule's own.
        try (TaskSchedule s = new TaskSchedule("record").task("t", BoundaryTest::scaleForReport, 1.25f, a)) {
            s.execute();
            TaskReport first = s.report().task("t");
            assertTrue(first.toString(), first.compileNanos() > 0);
            for (int k = 0; k < 3; k++) {
                s.execute();
            }
            TaskReport later = s.report().task("t");
            assertEquals(later.toString(), first.compileNanos(), later.compileNanos());
            assertEquals(later.toString(), first.buildNanos(), later.buildNanos());
            assertEquals(later.toString(), first.cached(), later.cached());
            assertEquals(4, later.executions());
        }
    }

    static void scaleForReport(float f, float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * f - 1f;
        }
    }
}

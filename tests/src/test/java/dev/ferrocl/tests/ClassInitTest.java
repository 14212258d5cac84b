package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.Test;

/**
 * Class initialisation as JLS 12.4.1 orders it, for the classes a kernel's method makes Java initialise: the class of
 * the static task method (invoking it initialises it, before it runs), the class of a static field it reads (also
 * where the value goes unused), the class of a static method it calls. Each nested class here is initialised by these
 * tests only, and each test uses classes of its own, so every case starts from a class no one has initialised; its
 * initialiser logs, so the order and the fact of initialisation can be seen. Results are compared with the JVM's run.
 */
public class ClassInitTest {

    /** What the initialisers did, in order. */
    static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());

    /** A task method whose class logs its initialisation. */
    static final class RootK {
        static {
            LOG.add("RootK");
        }

        static void k(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = i * 2 + 1;
            }
        }
    }

    /** Invoking a static task method initialises its class first (on the device path too), once. */
    @Test
    public void invokingAStaticTaskMethodInitialisesItsClass() {
        assertFalse(LOG.contains("RootK"));
        int[] out = new int[100];
        try (TaskSchedule s = new TaskSchedule("root").task("t", RootK::k, out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
            assertEquals("initialised once, by the call", 1, Collections.frequency(LOG, "RootK"));
            s.execute();
        }
        assertEquals(1, Collections.frequency(LOG, "RootK"));
        int[] expected = new int[100];
        RootK.k(expected);
        assertSame("out", expected, out);
    }

    /** A class with a static field whose initialiser logs. */
    static final class Settings {
        static int mode = 3;

        static {
            LOG.add("Settings");
        }
    }

    /** Reads Settings.mode and never uses it. */
    static final class UnusedRead {
        static void k(int[] out) {
            int m = Settings.mode;
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = i;
            }
        }
    }

    /**
     * A static field read whose value goes unused still initialises its class: the first execution, which would, runs
     * on the JVM (which initialises it where Java does); once it is initialised, the kernel runs.
     */
    @Test
    public void anUnusedStaticReadStillInitialisesItsClass() {
        assertFalse(LOG.contains("Settings"));
        int[] out = new int[50];
        try (TaskSchedule s = new TaskSchedule("unused-read").task("t", UnusedRead::k, out)) {
            s.execute();
            assertTrue("Java's read initialised Settings", LOG.contains("Settings"));
            String reason = s.report().task("t").reason();
            assertTrue(reason, reason.contains("not initialised yet"));
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        int[] expected = new int[50];
        UnusedRead.k(expected);
        assertSame("out", expected, out);
    }

    /** A static helper whose class logs its initialisation. */
    static final class Helper {
        static {
            LOG.add("Helper");
        }

        static int triple(int x) {
            return 3 * x;
        }
    }

    /** Calls Helper.triple only for elements equal to 12345 (none here): Java never initialises Helper. */
    static final class CallsHelperRarely {
        static void k(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = a[i] == 12345 ? Helper.triple(a[i]) : a[i] + 1;
            }
        }
    }

    /**
     * A static method's class is initialised by the call (JLS 12.4.1): while it is not, the JVM runs the method, so a
     * call no element reaches leaves it uninitialised, as in Java; one that is reached initialises it.
     */
    @Test
    public void aStaticCallInitialisesItsClassOnlyWhereJavaCallsIt() {
        assertFalse(LOG.contains("Helper"));
        int[] a = JvmOracle.ints(90, 1000, -1000, 1000);
        int[] out = new int[1000];
        try (TaskSchedule s = new TaskSchedule("rare").task("t", CallsHelperRarely::k, a, out)) {
            s.execute();
        }
        assertFalse("no element called Helper.triple", LOG.contains("Helper"));
        int[] expected = new int[1000];
        CallsHelperRarely.k(a.clone(), expected);
        assertSame("out", expected, out);
        a[500] = 12345;
        try (TaskSchedule s = new TaskSchedule("reached").task("t", CallsHelperRarely::k, a, out)) {
            s.execute();
            assertTrue("element 500 called Helper.triple", LOG.contains("Helper"));
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        CallsHelperRarely.k(a.clone(), expected);
        assertSame("out", expected, out);
    }

    /** A task method whose class cannot be initialised. */
    static final class BoomRoot {
        static int zero = 0;
        static int broken = 1 / zero;

        static void k(int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = i;
            }
        }
    }

    /**
     * The static task method's class throws in its initialiser: the call throws ExceptionInInitializerError as Java's
     * would, then NoClassDefFoundError on the next call (JLS 12.4.2), and out stays untouched.
     */
    @Test
    public void aTaskClassWhoseInitialiserThrows() {
        int[] out = new int[10];
        try (TaskSchedule s = new TaskSchedule("boom-root").task("t", BoomRoot::k, out)) {
            try {
                s.execute();
                fail("expected ExceptionInInitializerError");
            } catch (ExceptionInInitializerError e) {
                assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof ArithmeticException);
            }
            try {
                s.execute();
                fail("expected NoClassDefFoundError");
            } catch (NoClassDefFoundError e) {
                // JLS 12.4.2 step 5: the class is in the erroneous state
            }
        }
        assertSame("out untouched", new int[10], out);
    }
}

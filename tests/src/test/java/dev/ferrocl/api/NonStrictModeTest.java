package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.tests.JvmOracle;
import dev.ferrocl.tests.Kernels;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/** Without strict mode a bailout runs the method on the JVM, warning once per method. */
public class NonStrictModeTest {
    @Before
    public void nonStrict() {
        TaskSchedule.strictOverride(false);
    }

    @After
    public void restore() {
        TaskSchedule.strictOverride(null);
    }

    @Test
    public void aBailoutRunsOnTheJvmWithOneWarningPerMethod() {
        int n = 1000;
        int[] a = JvmOracle.ints(60, n);
        int[] out = new int[n];
        int[] expected = new int[n];
        Kernels.withAllocation(a.clone(), expected, n);

        String err1 = captureErr(() -> {
            try (TaskSchedule s = new TaskSchedule("lenient").task("t", Kernels::withAllocation, a, out, n)) {
                s.execute();
                TaskReport t = s.report().task("t");
                assertEquals(TaskReport.Where.JVM, t.ranOn());
                assertTrue(t.reason(), t.reason().startsWith("bailout: "));
                assertNull(t.device());
                assertEquals(1, t.executions());
            }
        });
        assertArrayEquals(expected, out);
        assertTrue(err1, err1.contains("[ferrocl] warning: dev.ferrocl.tests.Kernels.withAllocation runs on the JVM: "));

        java.util.Arrays.fill(out, 0);
        String err2 = captureErr(() -> {
            try (TaskSchedule s = new TaskSchedule("lenient again").task("t", Kernels::withAllocation, a, out, n)) {
                s.execute();
                assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
            }
        });
        assertArrayEquals(expected, out);
        assertFalse("one warning per method: " + err2, err2.contains("withAllocation"));
    }

    private static String captureErr(Runnable action) {
        PrintStream old = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(old);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        old.print(text);
        return text;
    }
}

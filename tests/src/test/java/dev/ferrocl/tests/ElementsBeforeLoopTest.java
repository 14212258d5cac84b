package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Elements of array arguments that Java reads before the {@code @Parallel} loops and that the host must evaluate:
 * a bound from an element ({@code int n = sizes[0]}), an index from another element ({@code a[idx[0]]}), a branch or
 * an early return on an element, and divisions whose value is unused (which still throw). Every case runs strict
 * against the JVM, on both sides of each condition and with the indices out of bounds, where the JVM's exception and
 * untouched arrays are expected.
 */
public class ElementsBeforeLoopTest {

    public static void boundFromElement(int[] sizes, float[] a, float[] out) {
        int n = sizes[0];
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 2f + 1f;
        }
    }

    public static void indexFromElement(int[] a, int[] idx, int[] out) {
        int x = a[idx[0]];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x * i;
        }
    }

    public static void threeLevels(int[] a, int[] out) {
        int k = a[a[a[0]]];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = k + i;
        }
    }

    public static void branchOnElement(float[] a, float[] out) {
        float s = 1f;
        if (a[0] > 0f) {
            s = a[1];
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * s;
        }
    }

    public static void earlyReturnOnElement(float[] a, float[] out) {
        if (a[0] < 0f) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 3f;
        }
    }

    public static void disabled(boolean[] enabled, int[] out, int v) {
        if (!enabled[0]) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v - i;
        }
    }

    public static void longBound(long[] limit, double[] out) {
        int n = (int) Math.min(limit[0], (long) out.length);
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i * 0.5;
        }
    }

    public static void byteOffsetAndCharBound(byte[] off, char[] count, int[] a, int[] out) {
        int o = off[0];
        for (@Parallel int i = 0; i < count[0]; i++) {
            out[i] = a[i + o];
        }
    }

    public static void element2d(int[] dims, int[] m) {
        int rows = dims[0];
        int cols = dims[1];
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                m[r * cols + c] = r - c;
            }
        }
    }

    public static void unusedDivision(int[] out, int n, int m) {
        int q = n / m;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i;
        }
    }

    public static void unusedLongRemainder(long[] out, long n, long m) {
        long q = n % m;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * 3L;
        }
    }

    public static void divisionByElement(int[] d, int[] out, int n) {
        int q = n / d[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i + 1;
        }
    }

    /** Writes {@code v} into every element of {@code sizes}: a later task's bound changes. */
    public static void setSizes(int[] sizes, int v) {
        for (@Parallel int i = 0; i < sizes.length; i++) {
            sizes[i] = v;
        }
    }


    /** {@code i < n[0]} re-read at every test by Java: read once (hoisted), as long as the loop never writes n. */
    public static void boundReadInTheHeader(int[] n, int[] out) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            out[i] = i * 3 - 1;
        }
    }

    /** An inner loop bounded by an element: its header's load read once per work-item. */
    public static void innerBoundFromElement(float[] a, int[] len, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0f;
            for (int k = 0; k < len[0]; k++) {
                s += a[k] * i;
            }
            out[i] = s;
        }
    }

    /** A while loop whose test reads an element at a row offset and writes another array of the same type. */
    public static void whileBoundFromRow(int[] lim, int[] out, int cols) {
        for (@Parallel int r = 0; r < out.length / cols; r++) {
            int k = 0;
            while (k < lim[r]) {
                out[r * cols + k % cols] += k;
                k++;
            }
        }
    }

    // ---------------------------------------------------------------- the helper

    /**
     * The JVM on clones, then the schedule strict on the originals: where the JVM returns normally the task must run
     * on the device and every argument equal the JVM's; where it throws, execute() must throw the same class with
     * the same message after a failed check on the host, with the arguments as the JVM left them.
     */
    private static void run(String what, MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder, Object... args) {
        Object[] expectedArgs = cloneArgs(args);
        Throwable expected = null;
        try {
            jvm.run(expectedArgs);
        } catch (Throwable t) {
            expected = t;
        }
        Throwable actual = null;
        TaskReport t;
        String report;
        try (TaskSchedule s = adder.add(new TaskSchedule("elements"))) {
            try {
                s.execute();
            } catch (Throwable x) {
                actual = x;
            }
            t = s.report().task("t");
            report = s.report().toString();
        }
        if (expected == null) {
            if (actual != null) {
                throw new AssertionError(what + ": the JVM returns normally but execute() threw " + actual + "\n"
                        + report, actual);
            }
            assertEquals(what + ": should run on the device, but: " + t.reason() + "\n" + report,
                    TaskReport.Where.DEVICE, t.ranOn());
        } else {
            if (actual == null || actual.getClass() != expected.getClass()) {
                throw new AssertionError(what + ": expected the JVM's " + expected + " but got " + actual + "\n"
                        + report, actual);
            }
            assertEquals(what + ": exception message", expected.getMessage(), actual.getMessage());
            assertEquals(what + ": where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
        }
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ": argument " + (i + 1), expectedArgs[i], args[i]);
        }
    }

    // ---------------------------------------------------------------- tests

    @Test
    public void aBoundReadFromAnElement() {
        float[] a = JvmOracle.floats(1, 300, -4f, 4f);
        for (int n : new int[] {0, 1, 100, 257, 300, 301, -5, Integer.MIN_VALUE}) {
            int[] sizes = {n, 7};
            float[] out = new float[300];
            run("bound " + n, x -> boundFromElement((int[]) x[0], (float[]) x[1], (float[]) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::boundFromElement, sizes, a, out), sizes, a, out);
        }
        // No element to read: the JVM's ArrayIndexOutOfBoundsException before the loop.
        float[] out = new float[300];
        int[] none = {};
        run("bound from an empty array", x -> boundFromElement((int[]) x[0], (float[]) x[1], (float[]) x[2]),
                s -> s.task("t", ElementsBeforeLoopTest::boundFromElement, none, a, out), none, a, out);
    }

    @Test
    public void theBoundIsReadAtEveryExecution() {
        float[] a = JvmOracle.floats(2, 300, -4f, 4f);
        int[] sizes = {10};
        float[] out = new float[300];
        try (TaskSchedule s = new TaskSchedule("again").task("t", ElementsBeforeLoopTest::boundFromElement, sizes, a,
                out)) {
            for (int n : new int[] {10, 250, 0, 300, 3}) {
                sizes[0] = n;
                float[] expected = out.clone();
                boundFromElement(sizes, a, expected);
                s.execute();
                assertEquals("n = " + n + ": " + s.report().task("t").reason(), TaskReport.Where.DEVICE,
                        s.report().task("t").ranOn());
                assertSame("n = " + n, expected, out);
            }
        }
    }

    @Test
    public void anIndexReadFromAnotherElement() {
        int[] a = JvmOracle.ints(3, 10);
        for (int i0 : new int[] {0, 9, 10, -1, Integer.MIN_VALUE}) {
            int[] idx = {i0};
            int[] out = new int[64];
            run("a[idx[0]] with idx[0] = " + i0, x -> indexFromElement((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::indexFromElement, a, idx, out), a, idx, out);
        }
        int[] out = new int[64];
        int[] empty = {};
        run("idx empty", x -> indexFromElement((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", ElementsBeforeLoopTest::indexFromElement, a, empty, out), a, empty, out);
    }

    @Test
    public void threeReadsDeep() {
        int[][] arrays = {{1, 2, 0, 9}, {2, 3, 1, 7}, {3, 0, 0, 4}, {0, 5}, {1, 1}, {3, 3, 3, 3}};
        for (int[] a : arrays) {
            int[] out = new int[50];
            run("a[a[a[0]]] of " + java.util.Arrays.toString(a), x -> threeLevels((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::threeLevels, a, out), a, out);
        }
    }

    @Test
    public void aBranchOnAnElement() {
        float[][] inputs = {{2f, 0.5f, 3f, 4f}, {-2f, 0.5f, 3f, 4f}, {0f, 9f, 1f, 1f}, {Float.NaN, 2f, 3f, 4f},
            {-0f, 2f, 3f, 4f}, {Float.POSITIVE_INFINITY, -1f, 2f, 2f}};
        for (float[] a : inputs) {
            float[] out = new float[4];
            run("branch on " + a[0], x -> branchOnElement((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::branchOnElement, a, out), a, out);
        }
        // a[0] > 0 reads a[1], which a one-element array lacks: the JVM's exception; a[0] <= 0 does not read it.
        for (float a0 : new float[] {1f, -1f}) {
            float[] a = {a0};
            float[] out = new float[1];
            run("branch on " + a0 + " of a one-element array", x -> branchOnElement((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::branchOnElement, a, out), a, out);
        }
    }

    @Test
    public void anEarlyReturnOnAnElement() {
        for (float a0 : new float[] {-1f, 1f, 0f, -0f, Float.NaN, Float.NEGATIVE_INFINITY}) {
            float[] a = JvmOracle.floats(4, 200, -3f, 3f);
            a[0] = a0;
            float[] out = JvmOracle.floats(5, 200, -3f, 3f);
            run("early return on " + a0, x -> earlyReturnOnElement((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::earlyReturnOnElement, a, out), a, out);
        }
        float[] empty = {};
        float[] out = new float[3];
        run("early return on an empty array", x -> earlyReturnOnElement((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", ElementsBeforeLoopTest::earlyReturnOnElement, empty, out), empty, out);
        // Runs (a[0] = 1) and then reads past a: the loop's own index check.
        float[] shortA = {1f, 2f};
        float[] longOut = new float[5];
        run("loop past a", x -> earlyReturnOnElement((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", ElementsBeforeLoopTest::earlyReturnOnElement, shortA, longOut), shortA, longOut);
    }

    @Test
    public void aBooleanElementDisablesTheLoop() {
        for (boolean on : new boolean[] {true, false}) {
            boolean[] enabled = {on};
            int[] out = JvmOracle.ints(6, 100);
            run("enabled " + on, x -> disabled((boolean[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::disabled, enabled, out, 17), enabled, out, 17);
        }
    }

    @Test
    public void wideAndNarrowElementsInBounds() {
        for (long lim : new long[] {0L, 5L, 64L, 65L, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32}) {
            long[] limit = {lim};
            double[] out = new double[64];
            run("long limit " + lim, x -> longBound((long[]) x[0], (double[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::longBound, limit, out), limit, out);
        }
        int[] a = JvmOracle.ints(7, 300);
        byte[][] offs = {{0}, {5}, {-1}, {(byte) 200}};
        char[][] counts = {{0}, {100}, {295}, {300}, {(char) 0xFFFF}};
        for (byte[] off : offs) {
            for (char[] count : counts) {
                int[] out = new int[300];
                run("offset " + off[0] + ", count " + (int) count[0],
                        x -> byteOffsetAndCharBound((byte[]) x[0], (char[]) x[1], (int[]) x[2], (int[]) x[3]),
                        s -> s.task("t", ElementsBeforeLoopTest::byteOffsetAndCharBound, off, count, a, out), off,
                        count, a, out);
            }
        }
    }

    @Test
    public void twoBoundsOfA2dNestFromElements() {
        int[][] dims = {{3, 5}, {5, 3}, {0, 4}, {4, 0}, {16, 16}, {17, 15}, {-1, 3}};
        for (int[] d : dims) {
            int[] m = new int[256];
            run("dims " + d[0] + "x" + d[1], x -> element2d((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::element2d, d, m), d, m);
        }
        int[] one = {4};
        int[] m = new int[256];
        run("dims from a one-element array", x -> element2d((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ElementsBeforeLoopTest::element2d, one, m), one, m);
    }

    @Test
    public void unusedDivisionsStillThrow() {
        int[][] nm = {{7, 2}, {7, 0}, {Integer.MIN_VALUE, -1}, {0, 0}, {-9, 4}};
        for (int[] p : nm) {
            int[] out = new int[40];
            run("n / m, unused, " + p[0] + " / " + p[1],
                    x -> unusedDivision((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::unusedDivision, out, p[0], p[1]), out, p[0], p[1]);
        }
        long[][] lm = {{7L, 2L}, {7L, 0L}, {Long.MIN_VALUE, -1L}};
        for (long[] p : lm) {
            long[] out = new long[40];
            run("n % m, unused, " + p[0] + " % " + p[1],
                    x -> unusedLongRemainder((long[]) x[0], (Long) x[1], (Long) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::unusedLongRemainder, out, p[0], p[1]), out, p[0], p[1]);
        }
        for (int d0 : new int[] {3, 0, -1}) {
            int[] d = {d0};
            int[] out = new int[40];
            run("n / d[0], unused, d[0] = " + d0,
                    x -> divisionByElement((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::divisionByElement, d, out, 12), d, out, 12);
        }
    }

    /**
     * One schedule: the first task writes the array whose element the second reads as its bound. The second must see
     * the first's write, as in Java (then it runs on the JVM, or on the device after the first's results landed).
     */
    @Test
    public void aBoundAnEarlierTaskWrites() {
        float[] a = JvmOracle.floats(8, 300, -4f, 4f);
        for (int v : new int[] {50, 0, 300, 301}) {
            int[] sizes = {200, 200};
            float[] out = new float[300];
            int[] expSizes = sizes.clone();
            float[] expOut = out.clone();
            Throwable expected = null;
            try {
                setSizes(expSizes, v);
                boundFromElement(expSizes, a, expOut);
            } catch (Throwable t) {
                expected = t;
            }
            Throwable actual = null;
            try (TaskSchedule s = new TaskSchedule("two").task("w", ElementsBeforeLoopTest::setSizes, sizes, v)
                    .task("t", ElementsBeforeLoopTest::boundFromElement, sizes, a, out)) {
                try {
                    s.execute();
                } catch (Throwable t) {
                    actual = t;
                }
                assertEquals("v = " + v + ": the writer runs on the device: " + s.report(), TaskReport.Where.DEVICE,
                        s.report().task("w").ranOn());
            }
            if (expected == null) {
                assertEquals("v = " + v + ": no exception expected", null, actual);
            } else {
                assertNotEquals("v = " + v + ": expected " + expected, null, actual);
                assertEquals(expected.getClass(), actual.getClass());
                assertEquals(expected.getMessage(), actual.getMessage());
            }
            assertSame("v = " + v + ": sizes", expSizes, sizes);
            assertSame("v = " + v + ": out", expOut, out);
        }
    }

    @Test
    public void aBoundReadInTheLoopHeader() {
        for (int n0 : new int[] {0, 1, 63, 64, 65, -3}) {
            int[] n = {n0, 99};
            int[] out = new int[64];
            run("i < n[0] with n[0] = " + n0, x -> boundReadInTheHeader((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::boundReadInTheHeader, n, out), n, out);
        }
        int[] empty = {};
        int[] out = new int[64];
        run("i < n[0] of an empty n", x -> boundReadInTheHeader((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ElementsBeforeLoopTest::boundReadInTheHeader, empty, out), empty, out);
    }

    /**
     * The same array as both arguments: the loop writes n[0] in its first iteration, so Java's next test reads the new
     * value and the loop ends early. The hoisted read would not see it: the host must send this call to the JVM.
     */
    @Test
    public void aBoundTheLoopWritesThroughAnAlias() {
        for (int n0 : new int[] {10, 1, 0}) {
            int[] n = new int[16];
            n[0] = n0;
            int[] expected = n.clone();
            boundReadInTheHeader(expected, expected);
            try (TaskSchedule s = new TaskSchedule("alias").task("t", ElementsBeforeLoopTest::boundReadInTheHeader, n,
                    n)) {
                s.execute();
            }
            assertSame("n[0] = " + n0, expected, n);
        }
    }

    @Test
    public void anInnerLoopBoundedByAnElement() {
        float[] a = JvmOracle.floats(10, 50, -1f, 1f);
        for (int l : new int[] {0, 7, 50, 51, -1}) {
            int[] len = {l};
            float[] out = new float[128];
            run("k < len[0] = " + l, x -> innerBoundFromElement((float[]) x[0], (int[]) x[1], (float[]) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::innerBoundFromElement, a, len, out), a, len, out);
        }
        // No element: Java throws in the first work-item's inner test; with no work-item, it never reads it.
        int[] empty = {};
        for (int size : new int[] {5, 0}) {
            float[] out = new float[size];
            run("empty len, " + size + " work-items",
                    x -> innerBoundFromElement((float[]) x[0], (int[]) x[1], (float[]) x[2]),
                    s -> s.task("t", ElementsBeforeLoopTest::innerBoundFromElement, a, empty, out), a, empty, out);
        }
    }

    @Test
    public void aWhileLoopBoundedByARowsElement() {
        int cols = 8;
        int[] lim = {0, 3, 8, 20, -4, 1};
        int[] out = JvmOracle.ints(11, 6 * cols);
        run("while k < lim[r]", x -> whileBoundFromRow((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", ElementsBeforeLoopTest::whileBoundFromRow, lim, out, cols), lim, out, cols);
        // lim shorter than the rows: the JVM's exception at r = 2.
        int[] shortLim = {2, 5};
        int[] out2 = new int[6 * cols];
        run("lim too short", x -> whileBoundFromRow((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", ElementsBeforeLoopTest::whileBoundFromRow, shortLim, out2, cols), shortLim, out2,
                cols);
        // The same array as limits and output: the loop writes the limits (the JVM runs it).
        int[] both = new int[6 * cols];
        for (int i = 0; i < both.length; i++) {
            both[i] = i % 5;
        }
        int[] expected = both.clone();
        whileBoundFromRow(expected, expected, cols);
        try (TaskSchedule s = new TaskSchedule("alias").task("t", ElementsBeforeLoopTest::whileBoundFromRow, both,
                both, cols)) {
            s.execute();
        }
        assertSame("limits aliasing the output", expected, both);
    }

    /** With hoistLoads off, a @Parallel bound read in the header cannot be evaluated by the host: a bailout. */
    @Test
    public void theHeaderBoundNeedsHoistLoads() {
        int[] n = {12};
        int[] out = new int[64];
        try (TaskSchedule s = new TaskSchedule("off").optimization("hoistLoads", false)
                .task("t", ElementsBeforeLoopTest::boundReadInTheHeader, n, out)) {
            s.execute();
            org.junit.Assert.fail("expected a CompilationException with hoistLoads off: " + s.report());
        } catch (dev.ferrocl.api.CompilationException e) {
            org.junit.Assert.assertTrue(e.getMessage(), e.getMessage().contains("hoistLoads"));
        }
        try (TaskSchedule s = new TaskSchedule("on").task("t", ElementsBeforeLoopTest::boundReadInTheHeader, n,
                out)) {
            s.execute();
            org.junit.Assert.assertTrue(s.report().toString(),
                    s.report().task("t").optimizations().stream().anyMatch(o -> o.startsWith("hoistLoads")));
        }
    }

    // ---------------------------------------------------------------- long bounds: `i < lim` of a long (i2l; lcmp)

    public static void longBound(long lim, int[] out) {
        for (@Parallel int i = 0; i < lim; i++) {
            out[i] = i * 3 + 1;
        }
    }

    public static void longElementBound(long[] lim, int k, float[] a, float[] out) {
        for (@Parallel int i = 0; i < lim[k]; i++) {
            out[i] = a[i] * 0.5f - 1f;
        }
    }

    public static void longInclusiveStep(int lo, long hi, long[] out) {
        for (@Parallel int i = lo; i <= hi; i += 3) {
            out[i] = (long) i * i - hi;
        }
    }

    public static void longBoundsInANest(long[] rows, long cols, int[] out, int w) {
        for (@Parallel int r = 0; r < rows[0]; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                out[r * w + c] = r * 100 + c;
            }
        }
    }

    public static void longMinBound(long lim, double[] out) {
        for (@Parallel int i = 0; i < Math.min(lim, (long) out.length); i++) {
            out[i] = i / 7.0;
        }
    }

    @Test
    public void longBoundsCountAsJava() {
        for (long lim : new long[] {0, 1, 77, 200, -5, Long.MIN_VALUE, Integer.MIN_VALUE - 1L}) {
            check(ElementsBeforeLoopTest::longBound, lim, new int[200]);
        }
        // Past the array, and past the last int (Java's index wraps around before the test fails): the JVM throws.
        for (long lim : new long[] {201, Integer.MAX_VALUE + 1L, Long.MAX_VALUE}) {
            int[] out = new int[200];
            MoreChecks.checkThrows(x -> longBound((Long) x[0], (int[]) x[1]),
                    s -> s.task("t", ElementsBeforeLoopTest::longBound, lim, out), lim, out);
        }
        float[] a = JvmOracle.floats(31, 300, -4f, 4f);
        long[] lims = {250, -1, 0, 300, 1L << 40};
        for (int k = 0; k < 4; k++) {
            check(ElementsBeforeLoopTest::longElementBound, lims, k, a, new float[300]);
        }
        for (int k : new int[] {4, 5, -1}) {
            float[] out = new float[300];
            MoreChecks.checkThrows(x -> longElementBound((long[]) x[0], (Integer) x[1], (float[]) x[2],
                    (float[]) x[3]), s -> s.task("t", ElementsBeforeLoopTest::longElementBound, lims, k, a, out), lims,
                    k, a, out);
        }
        for (long hi : new long[] {99, 97, 5, -10}) {
            check(ElementsBeforeLoopTest::longInclusiveStep, 2, hi, new long[100]);
        }
        long[] out = new long[100];
        MoreChecks.checkThrows(x -> longInclusiveStep((Integer) x[0], (Long) x[1], (long[]) x[2]),
                s -> s.task("t", ElementsBeforeLoopTest::longInclusiveStep, 1, (long) Integer.MAX_VALUE, out), 1,
                (long) Integer.MAX_VALUE, out);
        check(ElementsBeforeLoopTest::longBoundsInANest, new long[] {6}, 9L, new int[60], 10);
        check(ElementsBeforeLoopTest::longBoundsInANest, new long[] {-6}, 9L, new int[60], 10);
        check(ElementsBeforeLoopTest::longBoundsInANest, new long[] {6}, Long.MIN_VALUE, new int[60], 10);
        for (long lim : new long[] {10, 500, Long.MAX_VALUE, -1}) {
            check(ElementsBeforeLoopTest::longMinBound, lim, new double[123]);
        }
    }

    public static void boundArrayWrittenElsewhere(int[] n, int[] out) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            out[i] = i * 5;
            if (i == 3) {
                n[1] = out[i] + 1;
            }
        }
    }

    @Test
    public void theBoundsArrayMayBeWrittenAtAnotherElement() {
        check(ElementsBeforeLoopTest::boundArrayWrittenElsewhere, new int[] {10, -1}, new int[20]);
        check(ElementsBeforeLoopTest::boundArrayWrittenElsewhere, new int[] {2, -1}, new int[20]);
        int[] n = {21, -1};
        int[] out = new int[20];
        MoreChecks.checkThrows(x -> boundArrayWrittenElsewhere((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", ElementsBeforeLoopTest::boundArrayWrittenElsewhere, n, out), n, out);
    }

    /** A plain check too: the common case through the usual oracle. */
    @Test
    public void theOracleAgrees() {
        check(ElementsBeforeLoopTest::boundFromElement, new int[] {123}, JvmOracle.floats(9, 200, 0f, 1f),
                new float[200]);
    }
}

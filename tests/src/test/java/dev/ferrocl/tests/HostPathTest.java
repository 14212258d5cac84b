package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.floats;
import static dev.ferrocl.tests.JvmOracle.ints;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.ExecutionReport;
import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.lang.reflect.Array;
import java.util.Arrays;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The host data path: what is copied to and from the device, and when results reach the Java arrays.
 *
 * <ul>
 * <li>An array the kernel provably writes in full before reading any of it (checked at launch with the actual
 * bounds and lengths) is not uploaded; of one it provably writes in one contiguous part without reading it, only the
 * rest is uploaded; any other written array is uploaded whole, so elements the kernel leaves alone keep their values
 * as in Java. Output arrays start with random contents, so a missing upload would show.</li>
 * <li>Results land in the Java arrays only when every check passed; after a failed check the JVM reruns the
 * task(s), and the caller sees the JVM's exception and partial results.</li>
 * <li>Consecutive tasks run as one native execution: intermediates stay on the device, results land once after the
 * last task; a failed device check reruns every task of the execution on the JVM, a failed host check splits it.</li>
 * </ul>
 *
 * Every schedule here copies ({@code TaskSchedule.inPlace(false)}): kernels working on the Java arrays in place on a
 * host-memory device move nothing, see InPlaceTest.
 *
 * Every result is compared with the JVM's run on clones of the same inputs. Byte counts come from
 * {@link TaskReport#bytesUploaded()}, {@link TaskReport#bytesDownloaded()} and {@link TaskReport#bytesInPlace()}:
 * a read-only input may be uploaded or read in place depending on the device, so the tests check their sum.
 */
public class HostPathTest {
    // Copies are what this class is about: kernels working on the Java arrays in place (InPlaceTest) move nothing.
    @BeforeClass
    public static void copy() {
        JvmOracle.inPlace = false;
    }

    @AfterClass
    public static void restore() {
        JvmOracle.inPlace = true;
    }

    /** Lengths around work-group boundaries: the full-write proof is checked at launch for each. */
    private static final int[] LENGTHS = {1, 2, 3, 7, 1000, 4097};

    // ---------------------------------------------------------------- helpers

    /** The bytes of these primitive arrays' elements, together. */
    private static long bytes(Object... arrays) {
        long sum = 0;
        for (Object array : arrays) {
            Class<?> e = array.getClass().getComponentType();
            int size = e == long.class || e == double.class ? 8
                    : e == int.class || e == float.class ? 4
                    : e == short.class || e == char.class ? 2 : 1;
            sum += (long) Array.getLength(array) * size;
        }
        return sum;
    }

    /**
     * The task uploaded exactly {@code uploaded} bytes of arrays it writes, plus {@code readOnly} bytes of arrays no
     * kernel writes, which it either uploaded or read in place; and downloaded exactly {@code downloaded} bytes.
     */
    private static void assertTransfers(String what, TaskReport r, long uploaded, long readOnly, long downloaded) {
        String report = what + ": " + r;
        assertEquals(report + ": bytes uploaded + read in place", uploaded + readOnly,
                r.bytesUploaded() + r.bytesInPlace());
        assertTrue(report + ": only arrays no kernel writes may be read in place", r.bytesInPlace() <= readOnly);
        assertEquals(report + ": bytes downloaded", downloaded, r.bytesDownloaded());
    }

    private static void assertOnDevice(ExecutionReport report, String... ids) {
        for (String id : ids) {
            assertRanOnDevice(report, id);
        }
    }

    // ---------------------------------------------------------------- write-only elision: on

    @Test
    public void aFullyWrittenOutputIsNotUploaded() {
        for (int n : LENGTHS) {
            int[] a = ints(2000 + n, n);
            int[] b = ints(3000 + n, n);
            int[] c = ints(4000 + n, n); // random contents: a skipped upload must not matter here
            TaskReport r = check(HostPathKernels::add, a, b, c).task("t");
            assertTransfers("n = " + n, r, 0, bytes(a, b), bytes(c));
        }
    }

    @Test
    public void aScalarBoundIsCheckedAtLaunch() {
        for (int n : LENGTHS) {
            float[] a = floats(2100 + n, n, -1e6f, 1e6f);
            float[] b = floats(2200 + n, n, -1e6f, 1e6f);
            // n == c.length: every element is written, c is not uploaded.
            float[] c = floats(2300 + n, n, -5f, 5f);
            TaskReport r = check(HostPathKernels::addN, a, b, c, n).task("t");
            assertTransfers("n == c.length == " + n, r, 0, bytes(a, b), bytes(c));
            if (n > 1) {
                // The same kernel with n < c.length: the last element keeps its value, so it (and only it) is
                // uploaded.
                float[] d = floats(2400 + n, n, -5f, 5f);
                TaskReport partial = check(HostPathKernels::addN, a, b, d, n - 1).task("t");
                assertTransfers("n = c.length - 1 = " + (n - 1), partial, Float.BYTES, bytes(a, b), bytes(d));
            }
        }
    }

    // ---------------------------------------------------------------- write-only elision: a part, or off

    @Test
    public void partialRangesUploadOnlyTheUntouchedElementsAndKeepThem() {
        for (int n : new int[] {2, 3, 7, 1000, 4097}) {
            int[] a = ints(2500 + n, n);
            int[] b = ints(2600 + n, n);
            // [1, n) is written in full: only c[0] goes up, and keeps its value.
            int[] c = ints(2700 + n, n);
            TaskReport r = check(HostPathKernels::addFromOne, a, b, c).task("t");
            assertTransfers("[1, n), n = " + n, r, Integer.BYTES, bytes(a, b), bytes(c));

            c = ints(2800 + n, n);
            r = check(HostPathKernels::addButLast, a, b, c).task("t");
            assertTransfers("[0, n - 1), n = " + n, r, Integer.BYTES, bytes(a, b), bytes(c));

            // Every other element: no run, the whole array goes up; with one iteration (n = 2), c[0] is written and
            // only c[1] goes up.
            c = ints(2900 + n, n);
            r = check(HostPathKernels::addEven, a, b, c).task("t");
            assertTransfers("i += 2, n = " + n, r, n == 2 ? Integer.BYTES : bytes(c), bytes(a, b), bytes(c));
        }
    }

    @Test
    public void aConditionalStoreUploadsTheOutput() {
        int n = 1000;
        int[] a = ints(3100, n); // about half positive
        int[] c = ints(3101, n);
        TaskReport r = check(HostPathKernels::storeIfPositive, a, c).task("t");
        assertTransfers("store under if", r, bytes(c), bytes(a), bytes(c));
    }

    @Test
    public void aReadModifyWriteUploadsTheOutput() {
        int n = 4097;
        int[] a = ints(3200, n);
        int[] c = ints(3201, n);
        TaskReport r = check(HostPathKernels::accumulate, a, c).task("t");
        assertTransfers("c[i] += a[i]", r, bytes(c), bytes(a), bytes(c));
    }

    @Test
    public void aScatteredStoreUploadsTheOutput() {
        int n = 1000;
        int[] a = ints(3300, n);
        // A permutation of [0, n) into an array of n + 5: the tail is never written.
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = (int) ((i * 7919L) % n); // 7919 is prime and does not divide 1000: a bijection
        }
        int[] c = ints(3301, n + 5);
        TaskReport r = check(HostPathKernels::scatter, a, idx, c).task("t");
        assertTransfers("c[idx[i]]", r, bytes(c), bytes(a, idx), bytes(c));
    }

    // ---------------------------------------------------------------- 2-D nests

    @Test
    public void aTwoDimensionalNestCoveringTheArrayIsNotUploaded() {
        int[][] shapes = {{1, 1}, {37, 23}, {64, 3}, {5, 129}};
        for (int[] wh : shapes) {
            int w = wh[0];
            int h = wh[1];
            long[] out = JvmOracle.longs(3400 + w, w * h);
            TaskReport r = check(HostPathKernels::grid, out, w, h).task("t");
            assertTransfers(w + " x " + h + ", covered", r, 0, 0, bytes(out));

            // Five elements past w * h are never written: they alone are uploaded, and keep their values.
            long[] longer = JvmOracle.longs(3500 + w, w * h + 5);
            r = check(HostPathKernels::grid, longer, w, h).task("t");
            assertTransfers(w + " x " + h + ", with a tail", r, 5L * Long.BYTES, 0, bytes(longer));
        }
    }

    @Test
    public void aTwoDimensionalStoreAfterAnInnerLoop() {
        int w = 67;
        int h = 45;
        int[] iters = ints(3600, w * h);
        TaskReport r = check(HostPathKernels::mandelbrot, iters, w, h, -2.1f, -1.2f, 0.05f, 200).task("t");
        assertTransfers("covered", r, 0, 0, bytes(iters));

        int[] longer = ints(3601, w * h + 13);
        r = check(HostPathKernels::mandelbrot, longer, w, h, -2.1f, -1.2f, 0.05f, 200).task("t");
        assertTransfers("with a tail", r, 13L * Integer.BYTES, 0, bytes(longer));
    }

    // ---------------------------------------------------------------- failed checks after elision

    @Test
    public void blocksOfStoresTogetherAreAFullWrite() {
        for (int n : new int[] {8, 64, 4096, 40_000}) {
            byte[] in = new byte[n];
            for (int k = 0; k < n; k++) {
                in[k] = (byte) (k * 31 + 7);
            }
            byte[] out = new byte[n];
            Arrays.fill(out, (byte) 99);
            TaskReport r = check(HostPathKernels::blocksOfEight, in, out).task("t");
            assertTransfers("eight stores per block", r, 0, n, n);
            // Seven stores: out[8b + 5] keeps its old values, so out is uploaded; with one block (n = 8) the run
            // out[0 .. 4] is written in full and only out[5 .. 7] goes up.
            byte[] holes = new byte[n];
            Arrays.fill(holes, (byte) 99);
            r = check(HostPathKernels::blocksWithAHole, in, holes).task("t");
            assertTransfers("a hole in every block", r, n == 8 ? 3 : n, n, n);
        }
        // out longer than the blocks reach (n not a multiple of 8 leaves its tail): the tail alone is uploaded,
        // and kept.
        byte[] in = new byte[45];
        byte[] out = new byte[45];
        Arrays.fill(out, (byte) -3);
        TaskReport r = check(HostPathKernels::blocksOfEight, in, out).task("t");
        assertTransfers("a tail past the last block", r, 5, 45, 45);
    }

    @Test
    public void anIndexOutOfBoundsAfterElisionLeavesTheJvmsPartialResults() {
        int n = 1000;
        // In bounds (a has one more element): c is not uploaded.
        int[] good = ints(3700, n + 1);
        TaskReport r = check(HostPathKernels::shifted, good, ints(3701, n)).task("t");
        assertTransfers("in bounds", r, 0, bytes(good), 4L * n);

        // a.length == c.length: a[n] at the last i. The JVM writes c[0 .. n - 2] and throws.
        int[] a = ints(3702, n);
        int[] c = ints(3703, n);
        Throwable e = checkThrows(x -> HostPathKernels.shifted((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", HostPathKernels::shifted, a, c), a, c);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 1000 out of bounds for length 1000", e.getMessage());
    }

    @Test
    public void aFailedCheckAfterAPartialElisionLeavesTheJvmsResults() {
        int n = 1000;
        // b one shorter than c: b[n - 1] fails at the last i. The JVM writes c[1 .. n - 2], throws, and leaves c[0]
        // and c[n - 1] as they were; the device skipped uploading c[1 .. n - 1] and its results are discarded.
        int[] a = ints(3710, n);
        int[] b = ints(3711, n - 1);
        int[] c = ints(3712, n);
        int[] before = c.clone();
        Throwable e = checkThrows(x -> HostPathKernels.addFromOne((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", HostPathKernels::addFromOne, a, b, c), a, b, c);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 999 out of bounds for length 999", e.getMessage());
        assertEquals(before[0], c[0]);
        assertEquals(before[n - 1], c[n - 1]);
    }

    @Test
    public void aDivisionByZeroAfterElisionDiscardsTheDevicesWrites() {
        int n = 4097;
        int[] a = ints(3800, n);
        int[] b = Inputs.nonZeroInts(3801, n);
        int[] c0 = ints(3802, n);
        TaskReport r = check(HostPathKernels::quotient, a, b, c0).task("t");
        assertTransfers("no zero divisor", r, 0, bytes(a, b), bytes(c0));

        // A zero in the middle: the device computes every other element, the JVM only those before it.
        b[2000] = 0;
        int[] c = ints(3803, n);
        int[] before = c.clone();
        Throwable e = checkThrows(x -> HostPathKernels.quotient((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", HostPathKernels::quotient, a, b, c), a, b, c);
        assertEquals(ArithmeticException.class, e.getClass());
        assertEquals("/ by zero", e.getMessage());
        // checkThrows compared every element with the JVM's; spelled out: nothing from index 2000 on was written.
        assertArrayEquals(Arrays.copyOfRange(before, 2000, n), Arrays.copyOfRange(c, 2000, n));
    }

    // ---------------------------------------------------------------- aliasing

    @Test
    public void anArrayBothReadAndFullyWrittenIsUploaded() {
        for (int n : new int[] {1, 1000, 4097}) {
            int[] x = ints(3900 + n, n);
            int[] expected = x.clone();
            HostPathKernels.twicePlusOne(expected, expected);
            try (TaskSchedule s = new TaskSchedule("alias").inPlace(false)
                    .task("t", HostPathKernels::twicePlusOne, x, x)) {
                s.execute();
                assertRanOnDevice(s.report(), "t");
                // Written, so never read in place: uploaded once, downloaded once.
                assertTransfers("n = " + n, s.report().task("t"), bytes(x), 0, bytes(x));
            }
            assertSame("x", expected, x);
        }
    }

    // ---------------------------------------------------------------- several tasks, one execution

    @Test
    public void twoTasksRunAsOneExecution() {
        for (int n : LENGTHS) {
            int[] a = ints(4100 + n, n);
            int[] b = ints(4200 + n, n);
            int[] t = ints(4300 + n, n);
            int[] c = ints(4400 + n, n);
            int[] et = t.clone();
            int[] ec = c.clone();
            HostPathKernels.twice(a.clone(), et);
            HostPathKernels.add(et, b.clone(), ec);
            try (TaskSchedule s = new TaskSchedule("two").inPlace(false).task("twice", HostPathKernels::twice, a, t)
                    .task("add", HostPathKernels::add, t, b, c)) {
                s.execute();
                ExecutionReport report = s.report();
                assertOnDevice(report, "twice", "add");
                // Uploads count for the first task that uses an array; t stays on the device between the tasks
                // and lands once, with c, counted for the last task.
                assertTransfers("twice, n = " + n, report.task("twice"), 0, bytes(a), 0);
                assertTransfers("add, n = " + n, report.task("add"), 0, bytes(b), bytes(t, c));
            }
            assertSame("t", et, t);
            assertSame("c", ec, c);
        }
    }

    @Test
    public void threeTasksChained() {
        int n = 4097;
        int[] a = ints(4500, n);
        int[] b = ints(4501, n);
        int[] t = ints(4502, n);
        int[] u = ints(4503, n);
        int[] c = ints(4504, n);
        Object[] e = JvmOracle.cloneArgs(a, b, t, u, c);
        HostPathKernels.twice((int[]) e[0], (int[]) e[2]);
        HostPathKernels.add((int[]) e[2], (int[]) e[1], (int[]) e[3]);
        HostPathKernels.combine((int[]) e[3], (int[]) e[2], (int[]) e[4]);
        try (TaskSchedule s = new TaskSchedule("three").inPlace(false).task("twice", HostPathKernels::twice, a, t)
                .task("add", HostPathKernels::add, t, b, u)
                .task("combine", HostPathKernels::combine, u, t, c)) {
            for (int round = 0; round < 2; round++) {
                s.execute();
                ExecutionReport report = s.report();
                assertOnDevice(report, "twice", "add", "combine");
                assertTransfers("twice", report.task("twice"), 0, bytes(a), 0);
                assertTransfers("add", report.task("add"), 0, bytes(b), 0);
                assertTransfers("combine", report.task("combine"), 0, 0, bytes(t, u, c));
                Object[] actual = {a, b, t, u, c};
                for (int i = 0; i < actual.length; i++) {
                    assertSame("round " + round + ", argument " + i, e[i], actual[i]);
                }
                // Outputs scrambled on the host between executions: fully written, so it must not matter.
                Arrays.fill(t, -1);
                Arrays.fill(u, -2);
                Arrays.fill(c, -3);
            }
        }
    }

    @Test
    public void aDeviceCheckFailingInTheSecondTaskRerunsBothOnTheJvm() {
        int n = 1000;
        int[] a = ints(4600, n);
        int[] t = ints(4601, n);
        int[] idx = JvmOracle.ints(4602, n, 0, n);
        int[] c = ints(4603, n);
        idx[400] = n; // gather reads t[n] at i = 400
        Object[] e = JvmOracle.cloneArgs(a, t, idx, c);
        HostPathKernels.twice((int[]) e[0], (int[]) e[1]);
        Throwable expected = assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> HostPathKernels.gather((int[]) e[1], (int[]) e[2], (int[]) e[3]));
        try (TaskSchedule s = new TaskSchedule("fail").inPlace(false).task("twice", HostPathKernels::twice, a, t)
                .task("gather", HostPathKernels::gather, t, idx, c)) {
            Throwable actual = assertThrows(Throwable.class, s::execute);
            assertEquals(expected.getClass(), actual.getClass());
            assertEquals(expected.getMessage(), actual.getMessage());
            TaskReport first = s.report().task("twice");
            TaskReport second = s.report().task("gather");
            assertEquals(first.toString(), TaskReport.Where.JVM, first.ranOn());
            assertTrue(first.reason(), first.reason().contains("'gather'"));
            assertEquals(second.toString(), TaskReport.Where.JVM, second.ranOn());
            assertTrue(second.reason(), second.reason().contains("check failed"));
            // Both arrays as the JVM left them: t from its rerun of the first task, c partly written.
            Object[] after = {a, t, idx, c};
            for (int i = 0; i < after.length; i++) {
                assertSame("argument " + i + " after the exception", e[i], after[i]);
            }

            // Fixed: both run on the device again.
            idx[400] = 17;
            ((int[]) e[2])[400] = 17;
            HostPathKernels.twice((int[]) e[0], (int[]) e[1]);
            HostPathKernels.gather((int[]) e[1], (int[]) e[2], (int[]) e[3]);
            s.execute();
            assertOnDevice(s.report(), "twice", "gather");
            for (int i = 0; i < after.length; i++) {
                assertSame("argument " + i + " after the fix", e[i], after[i]);
            }
        }
    }

    @Test
    public void aNullArrayInTheSecondTaskSplitsTheExecution() {
        int n = 1000;
        int[] a = ints(4700, n);
        int[] t = ints(4701, n);
        int[] b = ints(4702, n);
        int[] u = ints(4703, n);
        Object[] e = JvmOracle.cloneArgs(a, t, b, u);
        HostPathKernels.twice((int[]) e[0], (int[]) e[1]);
        Throwable expected = assertThrows(NullPointerException.class,
                () -> HostPathKernels.add((int[]) e[1], (int[]) e[2], null));
        try (TaskSchedule s = new TaskSchedule("split").inPlace(false).task("twice", HostPathKernels::twice, a, t)
                .task("add", HostPathKernels::add, t, b, (int[]) null)
                .task("after", HostPathKernels::twice, b, u)) {
            // A null array is no bailout, even strict: the host refuses it before launch and the JVM runs the task.
            Throwable actual = assertThrows(NullPointerException.class, s::execute);
            assertEquals(expected.getMessage(), actual.getMessage());
            ExecutionReport report = s.report();
            assertRanOnDevice(report, "twice");
            TaskReport add = report.task("add");
            assertEquals(add.toString(), TaskReport.Where.JVM, add.ranOn());
            assertTrue(add.reason(), add.reason().contains("check failed"));
            assertEquals(TaskReport.Where.NOT_RUN, report.task("after").ranOn());
        }
        Object[] after = {a, t, b, u};
        for (int i = 0; i < after.length; i++) {
            assertSame("argument " + i, e[i], after[i]);
        }
    }

    @Test
    public void aHostCheckInTheMiddleRunsTheRestOnTheDeviceAfterIt() {
        // sumInto reduces into t, which the task before it writes: the host refuses that aliasing of a @Reduce
        // output before launch, so ramp runs on the device, sumInto on the JVM, then doubled on the device again.
        int n = 4097;
        long[] t = JvmOracle.longs(4800, n);
        int[] a = ints(4801, 3000);
        long[] out = JvmOracle.longs(4802, n);
        Object[] e = JvmOracle.cloneArgs(t, a, out);
        HostPathKernels.ramp((long[]) e[0]);
        HostPathKernels.sumInto((int[]) e[1], (long[]) e[0]);
        HostPathKernels.doubled((long[]) e[0], (long[]) e[2]);
        try (TaskSchedule s = new TaskSchedule("split").inPlace(false).task("ramp", HostPathKernels::ramp, t)
                .task("sum", HostPathKernels::sumInto, a, t)
                .task("doubled", HostPathKernels::doubled, t, out)) {
            s.execute();
            ExecutionReport report = s.report();
            assertOnDevice(report, "ramp", "doubled");
            TaskReport sum = report.task("sum");
            assertEquals(sum.toString(), TaskReport.Where.JVM, sum.ranOn());
            assertTrue(sum.reason(), sum.reason().contains("check failed"));
            // Each side of the split is an execution of its own: ramp downloads t, doubled uploads it again.
            assertTransfers("ramp", report.task("ramp"), 0, 0, bytes(t));
            assertTransfers("doubled", report.task("doubled"), 0, bytes(t), bytes(out));
        }
        assertSame("t", e[0], t);
        assertSame("out", e[2], out);
    }

    // ---------------------------------------------------------------- keepOnDevice

    @Test
    public void aKeptFullyWrittenOutputAcrossExecutions() {
        int n = 4097;
        int[] a = ints(4900, n);
        int[] b = ints(4901, n);
        int[] c = ints(4902, n);
        try (TaskSchedule s = new TaskSchedule("keep").inPlace(false).task("t", HostPathKernels::scaleAdd, a, b, c)) {
            s.keepOnDevice(a, c);
            for (int round = 0; round < 4; round++) {
                boolean changed = round < 3;
                if (round > 0 && changed) {
                    for (int i = round; i < n; i += 5) {
                        a[i] = a[i] * 7 + round;
                    }
                    s.markChanged(a);
                }
                Arrays.fill(c, -1 - round); // host contents of a fully written output do not matter
                int[] expected = new int[n];
                HostPathKernels.scaleAdd(a.clone(), b.clone(), expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("round " + round, expected, c);
                // a is uploaded when it changed (kept arrays are never read in place); b, not kept, every time;
                // c never.
                TaskReport r = s.report().task("t");
                assertTransfers("round " + round, r, changed ? bytes(a) : 0, bytes(b), bytes(c));
            }
        }
    }

    // ---------------------------------------------------------------- zero-copy

    @Test
    public void withoutInPlaceJavaArraysAreCopiedEvenOnAHostMemoryDevice() {
        // A kernel reading a Java array in place needs the array pinned, and (before JDK 22) the garbage collector
        // stopped, for as long as the kernel runs: with inPlace(false) inputs are copied, on every device, however
        // often the kernel ran before (LongKernelTest has the collector running during a long kernel).
        for (int n : new int[] {1000, 1 << 19}) { // the larger one is registered with the driver (>= 1 MiB)
            int[] a = ints(5000 + n, n);
            int[] t = ints(5001 + n, n);
            TaskReport r = check(HostPathKernels::twice, a, t).task("t");
            assertEquals(r.toString(), 0, r.bytesInPlace());
            assertEquals(r.toString(), bytes(a), r.bytesUploaded());
            assertEquals(r.toString(), bytes(t), r.bytesDownloaded());

            int[] c = ints(5002 + n, n);
            r = check(HostPathKernels::accumulate, a, c).task("t");
            assertEquals(r.toString(), 0, r.bytesInPlace());
            assertEquals(r.toString(), bytes(a, c), r.bytesUploaded());
            assertEquals(r.toString(), bytes(c), r.bytesDownloaded());
        }
    }

    // ---------------------------------------------------------------- hand-written kernels

    private static final String INCREMENT = """
            __kernel void inc(__global const int* in, __global int* out, int n) {
                int i = get_global_id(0);
                if (i < n) out[i] = in[i] + 1;
            }
            """;

    @Test
    public void aWriteOnlyArgumentOfAHandWrittenKernelIsNotUploaded() {
        int n = 1000;
        int[] in = ints(5100, n);
        int[] inBefore = in.clone();
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            expected[i] = in[i] + 1;
        }
        try (OpenClKernel k = OpenClKernel.build(INCREMENT, "inc")) {
            int[] out = ints(5101, n);
            TaskReport r = k.launch(new long[] {1024}, new long[] {64}, OpenClKernel.readOnly(in),
                    OpenClKernel.writeOnly(out), n);
            assertEquals(TaskReport.Where.DEVICE, r.ranOn());
            assertArrayEquals(expected, out);
            assertTransfers("writeOnly(out)", r, 0, bytes(in), bytes(out));

            // Unmarked, the same output is uploaded (and comes back the same).
            int[] plain = ints(5102, n);
            r = k.launch(new long[] {1024}, new long[] {64}, OpenClKernel.readOnly(in), plain, n);
            assertArrayEquals(expected, plain);
            assertTransfers("plain out", r, bytes(plain), bytes(in), bytes(plain));
        }
        assertArrayEquals(inBefore, in);
        assertThrows(IllegalArgumentException.class, () -> OpenClKernel.writeOnly(new String[1]));
    }
}

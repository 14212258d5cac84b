package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertSame;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * Adversarial probes of elements read before the {@code @Parallel} loops as host-evaluated values (bounds, indices,
 * branches, early returns, every primitive type), of {@code hoistLoads} (loop-header loads read once before the loop,
 * with the host's check that arrays the loop stores to are other objects), and of unused integer divisions before the
 * loops. Aliasing through two parameters, through receiver fields and through a parameter object's field; several
 * tasks of one schedule where an earlier one writes or reduces into the array a later one reads; keepOnDevice and
 * markChanged; streams; reductions; 2-D/3-D nests; inner loops whose outer loop runs zero times; indices at the int
 * edges; NaN and -0.0; narrow types; repeated executions while the elements change.
 *
 * <p>Every probe builds its inputs twice from one factory (so that aliasing survives: clones would break it), runs
 * the JVM on one set and the schedule strict on the other. Where the JVM returns normally the task must run on the
 * device (or, where the shape may legitimately go to the JVM — aliasing, an earlier task's write — anywhere, recorded)
 * and every array equal the JVM's bit for bit; where it throws, execute() must throw the same class and message and
 * leave the arrays as the JVM left them. A clean {@link CompilationException} is accepted only by probes marked so,
 * and recorded.
 */
public class ElementProbeTest {

    private static final List<String> BAILOUTS = Collections.synchronizedList(new ArrayList<>());
    private static final List<String> ON_THE_JVM = Collections.synchronizedList(new ArrayList<>());

    @AfterClass
    public static void printFindings() {
        synchronized (BAILOUTS) {
            for (String b : BAILOUTS) {
                System.err.println("ElementProbeTest: clean bailout: " + b);
            }
        }
        synchronized (ON_THE_JVM) {
            for (String b : ON_THE_JVM) {
                System.err.println("ElementProbeTest: ran on the JVM (results match): " + b);
            }
        }
    }

    // ================================================================ the helper

    private enum Mode {
        /** On the device where the JVM returns normally. */
        DEVICE,
        /** The device, or a clean bailout (recorded). */
        DEVICE_OR_BAILOUT,
        /** The JVM's results wherever it ran (recorded when on the JVM). */
        ANYWHERE,
        /** The JVM's results wherever it ran, or a clean bailout (recorded). */
        ANYWHERE_OR_BAILOUT
    }

    private interface Make {
        Object[] make();
    }

    private interface Jvm {
        void run(Object[] x) throws Throwable;
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s, Object[] x);
    }

    private interface Observe {
        Object[] arrays(Object[] x);
    }

    private static boolean allowsBailout(Mode m) {
        return m == Mode.DEVICE_OR_BAILOUT || m == Mode.ANYWHERE_OR_BAILOUT;
    }

    private static boolean allowsJvm(Mode m) {
        return m == Mode.ANYWHERE || m == Mode.ANYWHERE_OR_BAILOUT;
    }

    private static void probe(String what, Mode mode, Make make, Jvm jvm, Adder adder) {
        probe(what, mode, make, jvm, adder, x -> x);
    }

    /**
     * The JVM on one set of inputs from {@code make}, the schedule (task "t", plus any others the adder adds) strict
     * on another; then the arrays {@code obs} names are compared.
     */
    private static void probe(String what, Mode mode, Make make, Jvm jvm, Adder adder, Observe obs) {
        Object[] expectedArgs = make.make();
        Throwable expected = null;
        try {
            jvm.run(expectedArgs);
        } catch (Throwable t) {
            expected = t;
        }
        Object[] before = make.make();
        Object[] args = make.make();
        Throwable actual = null;
        String report = "";
        TaskReport t = null;
        List<TaskReport> all = null;
        try (TaskSchedule s = adder.add(new TaskSchedule("probe"), args)) {
            try {
                s.execute();
            } catch (Throwable x) {
                actual = x;
            }
            if (!(actual instanceof CompilationException)) {
                t = s.report().task("t");
                all = s.report().tasks();
                report = s.report().toString();
            }
        }
        if (actual instanceof CompilationException) {
            if (!allowsBailout(mode)) {
                throw new AssertionError(what + ": bailed out: " + actual.getMessage(), actual);
            }
            BAILOUTS.add(what + ": " + actual.getMessage());
            compare(what + " after the bailout", obs.arrays(before), obs.arrays(args));
            return;
        }
        verdict(what, mode, expected, actual, t, all, report);
        compare(what, obs.arrays(expectedArgs), obs.arrays(args));
    }

    private static void verdict(String what, Mode mode, Throwable expected, Throwable actual, TaskReport t,
            List<TaskReport> all, String report) {
        if (expected == null) {
            if (actual != null) {
                throw new AssertionError(what + ": the JVM returns normally but execute() threw " + actual + "\n"
                        + report, actual);
            }
            if (t.ranOn() != TaskReport.Where.DEVICE) {
                if (!allowsJvm(mode)) {
                    fail(what + ": should run on the device, but: " + t.reason() + "\n" + report);
                }
                ON_THE_JVM.add(what + ": " + t.reason());
            }
            for (TaskReport o : all) {
                if (!o.id().equals("t")) {
                    assertEquals(what + ": the other task '" + o.id() + "' runs on the device: " + o.reason(),
                            TaskReport.Where.DEVICE, o.ranOn());
                }
            }
        } else {
            if (actual == null) {
                fail(what + ": expected the JVM's " + expected + " but execute() returned normally; ran on "
                        + t.ranOn() + "\n" + report);
            }
            if (actual.getClass() != expected.getClass()) {
                throw new AssertionError(what + ": expected the JVM's " + expected + " but got " + actual + "\n"
                        + report, actual);
            }
            Throwable element = actual;
            if (!String.valueOf(expected.getMessage()).equals(String.valueOf(actual.getMessage()))
                    && actual.getCause() != null && actual.getCause().getClass() == expected.getClass()) {
                // A parallel stream on the JVM: ForkJoinTask rethrows a copy of a worker's exception (message
                // null), the worker's own as its cause (as StreamProbeTest accepts).
                element = actual.getCause();
            }
            assertEquals(what + ": exception message", expected.getMessage(), element.getMessage());
            assertEquals(what + ": where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
        }
    }

    private static void compare(String what, Object[] expected, Object[] actual) {
        for (int i = 0; i < expected.length; i++) {
            assertSame(what + ": array " + (i + 1), expected[i], actual[i]);
        }
    }

    /**
     * One execution of a schedule kept across steps: the JVM runs on {@code mirror} (its state carried over like the
     * device's), then the schedule. Returns false after an accepted bailout (the sequence stops).
     */
    private static boolean step(String what, Mode mode, TaskSchedule s, Jvm jvm, Object[] mirror, Object[] actual) {
        Object[] before = JvmOracle.cloneArgs(actual);
        Throwable expected = null;
        try {
            jvm.run(mirror);
        } catch (Throwable t) {
            expected = t;
        }
        Throwable got = null;
        try {
            s.execute();
        } catch (Throwable t) {
            got = t;
        }
        if (got instanceof CompilationException) {
            if (!allowsBailout(mode)) {
                throw new AssertionError(what + ": bailed out: " + got.getMessage(), got);
            }
            BAILOUTS.add(what + ": " + got.getMessage());
            compare(what + " after the bailout", before, actual);
            return false;
        }
        verdict(what, mode, expected, got, s.report().task("t"), s.report().tasks(), s.report().toString());
        compare(what, mirror, actual);
        return true;
    }

    private static int[] iota(int n, int from) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = from + i;
        }
        return a;
    }

    // ================================================================ classes with array fields

    /** Arrays in fields: a receiver for instance tasks, or a parameter object. */
    public static final class Holder {
        int[] sizes;
        int[] out;
        int[] lim;

        public Holder(int[] sizes, int[] out, int[] lim) {
            this.sizes = sizes;
            this.out = out;
            this.lim = lim;
        }

        /** The bound read in the header from a field array, stores to another field array. */
        public void headerBound(int k) {
            for (@Parallel int i = 0; i < this.sizes[0]; i++) {
                this.out[i] = i * 2 + k;
            }
        }

        /** The bound read once before the loop from a field array (aliasing is harmless here). */
        public void preLoopBound(int k) {
            int n = this.sizes[0];
            for (@Parallel int i = 0; i < n; i++) {
                this.out[i] = i * 2 + k;
            }
        }

        /** An inner while loop bounded by a field array's element, storing to another field array. */
        public void rowsWhile(int k) {
            for (@Parallel int r = 0; r < this.out.length / 2; r++) {
                int j = 0;
                while (j < this.lim[2 * r]) {
                    this.out[2 * r] -= 1;
                    this.out[2 * r + 1] += j + k;
                    j++;
                }
            }
        }

        /** Writes v into every element of its out array. */
        public void fill(int v) {
            for (@Parallel int i = 0; i < this.out.length; i++) {
                this.out[i] = v;
            }
        }
    }

    private static Observe holderArrays(int at) {
        return x -> {
            Holder h = (Holder) x[at];
            Object[] rest = new Object[x.length + 3];
            rest[0] = h.sizes;
            rest[1] = h.out;
            rest[2] = h.lim;
            System.arraycopy(x, 0, rest, 3, x.length);
            return rest;
        };
    }

    // ================================================================ A. @Parallel bounds read in the loop's header

    public static void boundAt(int[] n, int[] out, int p) {
        for (@Parallel int i = 0; i < n[p]; i++) {
            out[i] = i * 7 - p;
        }
    }

    public static void boundPlus(int[] n, int[] out, int k) {
        for (@Parallel int i = 0; i < n[0] + k; i++) {
            out[i] = i ^ k;
        }
    }

    public static void boundDiff(int[] n, int[] out) {
        for (@Parallel int i = 0; i < n[0] - n[1]; i++) {
            out[i] = i + 1;
        }
    }

    public static void startAndBound(int[] lo, int[] hi, int[] out) {
        for (@Parallel int i = lo[0]; i < hi[0]; i++) {
            out[i] = -i;
        }
    }

    public static void byteBound(byte[] b, int[] out) {
        for (@Parallel int i = 0; i < b[0]; i++) {
            out[i] = i | 1;
        }
    }

    public static void charBound(char[] c, int[] out) {
        for (@Parallel int i = 0; i < c[0]; i++) {
            out[i] = i * 3;
        }
    }

    public static void shortBound(short[] s, int[] out) {
        for (@Parallel int i = 0; i < s[0]; i++) {
            out[i] = i - 5;
        }
    }

    public static void longCastBound(long[] lim, long[] out) {
        for (@Parallel int i = 0; i < (int) lim[0]; i++) {
            out[i] = lim[0] - i;
        }
    }

    public static void longCompareBound(long[] lim, int[] out) {
        for (@Parallel int i = 0; i < lim[0]; i++) {
            out[i] = i;
        }
    }

    public static void floatCastBound(float[] f, int[] out) {
        for (@Parallel int i = 0; i < (int) f[0]; i++) {
            out[i] = i * 3;
        }
    }

    public static void boundAfterReturn(float[] a, int[] n, float[] out) {
        if (a[0] < 0f) {
            return;
        }
        for (@Parallel int i = 0; i < n[0]; i++) {
            out[i] = a[0] + i;
        }
    }

    public static void gatedBound(boolean[] on, int[] n, int[] out, int p) {
        if (!on[0]) {
            return;
        }
        for (@Parallel int i = 0; i < n[p]; i++) {
            out[i] = i - p;
        }
    }

    /** With n == out, Java's first iteration sets n[0] = 0 and the loop ends. */
    public static void boundWritesOther(int[] n, int[] out) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            out[i] = -i;
        }
    }

    /** A byte bound, stores to boolean, byte, long and float arrays. */
    public static void narrowStores(byte[] n, boolean[] flags, byte[] bytes, long[] wide, float[] f) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            flags[i] = (i & 1) == 0;
            bytes[i] = (byte) (i + 1);
            wide[i] = i * 3L;
            f[i] = i * 0.5f;
        }
    }

    static void putNeg(int[] arr, int i) {
        arr[i] = -i;
    }

    /** The store is in a called helper. */
    public static void boundHelperStore(int[] n, int[] out) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            putNeg(out, i);
        }
    }

    /** The store goes to a parameter object's field array. */
    public static void boundViaHolder(Holder h, int[] n) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            h.out[i] = i + 11;
        }
    }

    /** The bound is an element at an index read from another element, in the header. */
    public static void boundLoadOfLoad(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < a[idx[0]]; i++) {
            out[i] = i * 9;
        }
    }

    @Test
    public void headerBoundAtIntParameterEdges() {
        for (int p : new int[] {0, 1, -1, 2, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            for (int n0 : new int[] {0, 64, 65, -7}) {
                probe("boundAt p=" + p + " n0=" + n0, Mode.DEVICE, () -> new Object[] {new int[] {n0, 5}, new int[64]},
                        x -> boundAt((int[]) x[0], (int[]) x[1], p),
                        (s, x) -> s.task("t", ElementProbeTest::boundAt, (int[]) x[0], (int[]) x[1], p));
            }
        }
    }

    @Test
    public void headerBoundWithWrappingArithmetic() {
        int[][] cases = {{Integer.MAX_VALUE, 1}, {Integer.MAX_VALUE, 2}, {Integer.MIN_VALUE, -1}, {60, 4}, {60, 5},
            {-3, 3}};
        for (int[] c : cases) {
            probe("boundPlus " + c[0] + " + " + c[1], Mode.DEVICE,
                    () -> new Object[] {new int[] {c[0]}, new int[64]}, x -> boundPlus((int[]) x[0], (int[]) x[1], c[1]),
                    (s, x) -> s.task("t", ElementProbeTest::boundPlus, (int[]) x[0], (int[]) x[1], c[1]));
        }
        int[][] diffs = {{10, 3}, {Integer.MIN_VALUE, 1}, {3, 10}, {64, 0}, {64, -1}, {5}};
        for (int[] d : diffs) {
            probe("boundDiff " + Arrays.toString(d), Mode.DEVICE, () -> new Object[] {d.clone(), new int[64]},
                    x -> boundDiff((int[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::boundDiff, (int[]) x[0], (int[]) x[1]));
        }
    }

    @Test
    public void startFromOneElementBoundFromAnother() {
        int[][] cases = {{3, 10}, {10, 3}, {-1, 5}, {0, 64}, {63, 65}, {Integer.MIN_VALUE, Integer.MIN_VALUE + 2},
            {64, 64}};
        for (int[] c : cases) {
            probe("startAndBound " + c[0] + ".." + c[1], Mode.DEVICE,
                    () -> new Object[] {new int[] {c[0]}, new int[] {c[1]}, new int[64]},
                    x -> startAndBound((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    (s, x) -> s.task("t", ElementProbeTest::startAndBound, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
        }
    }

    @Test
    public void narrowElementsAsHeaderBounds() {
        for (byte b : new byte[] {-128, -1, 0, 100, 127}) {
            for (int len : new int[] {127, 100}) {
                probe("byteBound " + b + " len " + len, Mode.DEVICE, () -> new Object[] {new byte[] {b}, new int[len]},
                        x -> byteBound((byte[]) x[0], (int[]) x[1]),
                        (s, x) -> s.task("t", ElementProbeTest::byteBound, (byte[]) x[0], (int[]) x[1]));
            }
        }
        for (char c : new char[] {0, 0xFFFF, 0x8000, 7}) {
            for (int len : new int[] {0xFFFF, 0xFFFE}) {
                probe("charBound " + (int) c + " len " + len, Mode.DEVICE,
                        () -> new Object[] {new char[] {c}, new int[len]}, x -> charBound((char[]) x[0], (int[]) x[1]),
                        (s, x) -> s.task("t", ElementProbeTest::charBound, (char[]) x[0], (int[]) x[1]));
            }
        }
        for (short v : new short[] {Short.MIN_VALUE, -1, 0, Short.MAX_VALUE, 300}) {
            probe("shortBound " + v, Mode.DEVICE, () -> new Object[] {new short[] {v}, new int[Short.MAX_VALUE]},
                    x -> shortBound((short[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::shortBound, (short[]) x[0], (int[]) x[1]));
        }
    }

    @Test
    public void longElementNarrowedToAnIntHeaderBound() {
        for (long l : new long[] {(1L << 32) + 5, Long.MIN_VALUE, -1L, 1L << 31, 64L, 65L, (1L << 32) - 1,
            Long.MAX_VALUE}) {
            probe("longCastBound " + l, Mode.DEVICE, () -> new Object[] {new long[] {l}, new long[64]},
                    x -> longCastBound((long[]) x[0], (long[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::longCastBound, (long[]) x[0], (long[]) x[1]));
        }
    }

    /** {@code i < lim[0]}: the int index widened to long at every test. */
    @Test
    public void intIndexComparedWithALongElement() {
        for (long l : new long[] {0L, 10L, 64L, 65L, 1L << 32, Long.MIN_VALUE, -1L}) {
            probe("longCompareBound " + l, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {new long[] {l}, new int[64]},
                    x -> longCompareBound((long[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::longCompareBound, (long[]) x[0], (int[]) x[1]));
        }
    }

    @Test
    public void floatElementCastToAnIntHeaderBound() {
        for (float f : new float[] {Float.NaN, -0f, 3.99f, 1e10f, -1e10f, 64f, 64.5f, 65f, Float.NEGATIVE_INFINITY}) {
            probe("floatCastBound " + f, Mode.DEVICE, () -> new Object[] {new float[] {f}, new int[64]},
                    x -> floatCastBound((float[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::floatCastBound, (float[]) x[0], (int[]) x[1]));
        }
    }

    /** Java returns before the loop: its header's element is never read (an empty n must not throw). */
    @Test
    public void headerBoundAfterAnEarlyReturn() {
        for (float a0 : new float[] {-1f, Float.NaN, -0f, 1f, Float.NEGATIVE_INFINITY}) {
            for (int[] n : new int[][] {{}, {5}, {33}}) {
                probe("boundAfterReturn a0=" + a0 + " n=" + Arrays.toString(n), Mode.DEVICE,
                        () -> new Object[] {new float[] {a0, 2f}, n.clone(), new float[32]},
                        x -> boundAfterReturn((float[]) x[0], (int[]) x[1], (float[]) x[2]),
                        (s, x) -> s.task("t", ElementProbeTest::boundAfterReturn, (float[]) x[0], (int[]) x[1],
                                (float[]) x[2]));
            }
        }
    }

    @Test
    public void headerBoundBehindABooleanGateAtIndexEdges() {
        for (boolean on : new boolean[] {false, true}) {
            for (int p : new int[] {0, -1, 1, Integer.MIN_VALUE}) {
                probe("gatedBound on=" + on + " p=" + p, Mode.DEVICE,
                        () -> new Object[] {new boolean[] {on}, new int[] {20}, new int[32]},
                        x -> gatedBound((boolean[]) x[0], (int[]) x[1], (int[]) x[2], p),
                        (s, x) -> s.task("t", ElementProbeTest::gatedBound, (boolean[]) x[0], (int[]) x[1],
                                (int[]) x[2], p));
            }
        }
    }

    /** Two int parameters: distinct (device) and one array passed twice (the loop changes its own bound). */
    @Test
    public void headerBoundAliasedThroughTwoParameters() {
        probe("boundWritesOther distinct", Mode.DEVICE, () -> new Object[] {new int[] {40}, new int[64]},
                x -> boundWritesOther((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::boundWritesOther, (int[]) x[0], (int[]) x[1]));
        for (int n0 : new int[] {40, 0, 1}) {
            probe("boundWritesOther aliased n0=" + n0, Mode.ANYWHERE, () -> {
                int[] n = iota(64, 100);
                n[0] = n0;
                return new Object[] {n, n};
            }, x -> boundWritesOther((int[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::boundWritesOther, (int[]) x[0], (int[]) x[1]));
        }
    }

    /** byte[] bound, stores to boolean/byte/long/float arrays: distinct objects run on the device. */
    @Test
    public void byteHeaderBoundWithStoresToOtherTypes() {
        probe("narrowStores distinct", Mode.DEVICE,
                () -> new Object[] {new byte[] {50}, new boolean[64], new byte[64], new long[64], new float[64]},
                x -> narrowStores((byte[]) x[0], (boolean[]) x[1], (byte[]) x[2], (long[]) x[3], (float[]) x[4]),
                (s, x) -> s.task("t", ElementProbeTest::narrowStores, (byte[]) x[0], (boolean[]) x[1], (byte[]) x[2],
                        (long[]) x[3], (float[]) x[4]));
        probe("narrowStores bytes == n", Mode.ANYWHERE, () -> {
            byte[] n = new byte[64];
            n[0] = 50;
            return new Object[] {n, new boolean[64], n, new long[64], new float[64]};
        }, x -> narrowStores((byte[]) x[0], (boolean[]) x[1], (byte[]) x[2], (long[]) x[3], (float[]) x[4]),
                (s, x) -> s.task("t", ElementProbeTest::narrowStores, (byte[]) x[0], (boolean[]) x[1], (byte[]) x[2],
                        (long[]) x[3], (float[]) x[4]));
    }

    /** The store in a helper method: with out == n, Java's loop ends after its first iteration. */
    @Test
    public void headerBoundWithTheStoreInAHelper() {
        probe("boundHelperStore distinct", Mode.DEVICE, () -> new Object[] {new int[] {30}, iota(64, 1)},
                x -> boundHelperStore((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::boundHelperStore, (int[]) x[0], (int[]) x[1]));
        probe("boundHelperStore aliased", Mode.ANYWHERE, () -> {
            int[] n = iota(64, 1);
            n[0] = 30;
            return new Object[] {n, n};
        }, x -> boundHelperStore((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::boundHelperStore, (int[]) x[0], (int[]) x[1]));
    }

    /** The store to a parameter object's field array, which is the bound's array (Java stops after 11). */
    @Test
    public void headerBoundAliasedThroughAParameterObjectsField() {
        probe("boundViaHolder distinct", Mode.DEVICE,
                () -> new Object[] {new Holder(new int[1], new int[64], new int[1]), new int[] {30}},
                x -> boundViaHolder((Holder) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::boundViaHolder, (Holder) x[0], (int[]) x[1]),
                holderArrays(0));
        probe("boundViaHolder h.out == n", Mode.ANYWHERE, () -> {
            int[] n = new int[64];
            n[0] = 30;
            return new Object[] {new Holder(new int[1], n, new int[1]), n};
        }, x -> boundViaHolder((Holder) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::boundViaHolder, (Holder) x[0], (int[]) x[1]),
                holderArrays(0));
    }

    /** Instance task: this.sizes[0] as the header bound, stores to this.out; distinct and the same object. */
    @Test
    public void headerBoundFromAReceiverFieldAliasedWithAnotherField() {
        probe("Holder.headerBound distinct", Mode.DEVICE,
                () -> new Object[] {new Holder(new int[] {40}, new int[64], new int[1])},
                x -> ((Holder) x[0]).headerBound(1),
                (s, x) -> s.task("t", ((Holder) x[0])::headerBound, 1), holderArrays(0));
        probe("Holder.headerBound sizes == out", Mode.ANYWHERE, () -> {
            int[] a = new int[64];
            a[0] = 40;
            return new Object[] {new Holder(a, a, new int[1])};
        }, x -> ((Holder) x[0]).headerBound(1), (s, x) -> s.task("t", ((Holder) x[0])::headerBound, 1),
                holderArrays(0));
    }

    /** Instance task: n = this.sizes[0] before the loop; the same object as this.out changes nothing in Java. */
    @Test
    public void preLoopBoundFromAReceiverFieldAliasedWithTheOutput() {
        for (int n0 : new int[] {40, 64, 65, 0}) {
            probe("Holder.preLoopBound sizes == out n0=" + n0, Mode.DEVICE, () -> {
                int[] a = iota(64, 7);
                a[0] = n0;
                return new Object[] {new Holder(a, a, new int[1])};
            }, x -> ((Holder) x[0]).preLoopBound(3), (s, x) -> s.task("t", ((Holder) x[0])::preLoopBound, 3),
                    holderArrays(0));
        }
    }

    /** One schedule over an instance task whose field arrays are swapped between executions. */
    @Test
    public void receiverFieldsAliasedAndUnaliasedBetweenExecutions() {
        int[] sizes = new int[64];
        int[] out = new int[64];
        Holder h = new Holder(sizes, out, new int[1]);
        int[] mSizes = new int[64];
        int[] mOut = new int[64];
        Holder m = new Holder(mSizes, mOut, new int[1]);
        try (TaskSchedule s = new TaskSchedule("swap").task("t", h::headerBound, 5)) {
            for (int run = 0; run < 6; run++) {
                boolean aliased = run % 2 == 1;
                h.sizes = sizes;
                m.sizes = mSizes;
                h.out = aliased ? sizes : out;
                m.out = aliased ? mSizes : mOut;
                sizes[0] = 20 + run;
                mSizes[0] = 20 + run;
                Object[] mirror = {mSizes, mOut};
                Object[] actual = {sizes, out};
                if (!step("swap run " + run + (aliased ? " aliased" : " distinct"),
                        aliased ? Mode.ANYWHERE : Mode.DEVICE, s, x -> m.headerBound(5), mirror, actual)) {
                    return;
                }
            }
        }
    }

    /** {@code i < a[idx[0]]}: the bound's index read from another element in the header. */
    @Test
    public void headerBoundAtAnIndexReadFromAnotherElement() {
        int[][] idxs = {{0}, {2}, {3}, {-1}, {}};
        for (int[] idx : idxs) {
            probe("boundLoadOfLoad idx=" + Arrays.toString(idx), Mode.DEVICE,
                    () -> new Object[] {new int[] {10, 64, 65}, idx.clone(), new int[64]},
                    x -> boundLoadOfLoad((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    (s, x) -> s.task("t", ElementProbeTest::boundLoadOfLoad, (int[]) x[0], (int[]) x[1],
                            (int[]) x[2]));
        }
    }

    // ================================================================ B. inner loops' header loads

    public static void innerAt(int[] len, int[] out, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int k = 0; k < len[p]; k++) {
                s += k ^ i;
            }
            out[i] = s;
        }
    }

    public static void twoInner(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int j = 0; j < a[0]; j++) {
                for (int k = 0; k < b[0]; k++) {
                    s += j * k + i;
                }
            }
            out[i] = s;
        }
    }

    public static void shrinkingBound(int[] lim, int[] out) {
        for (@Parallel int r = 0; r < out.length; r++) {
            int k = 0;
            while (k < lim[r]) {
                lim[r] -= 1;
                k++;
            }
            out[r] = k;
        }
    }

    public static void neighbourStore(int[] lim, int[] out) {
        for (@Parallel int r = 0; r < out.length; r++) {
            int k = 0;
            while (k < lim[2 * r]) {
                lim[2 * r + 1] += k;
                k++;
            }
            out[r] = k;
        }
    }

    /** With lim == out, each row's bound decreases as it runs (Java stops halfway). */
    public static void halfway(int[] lim, int[] out) {
        for (@Parallel int r = 0; r < out.length / 2; r++) {
            int k = 0;
            while (k < lim[2 * r]) {
                out[2 * r] -= 1;
                out[2 * r + 1] += k;
                k++;
            }
        }
    }

    static void dec(int[] arr, int i) {
        arr[i] -= 1;
    }

    public static void halfwayHelper(int[] lim, int[] out) {
        for (@Parallel int r = 0; r < out.length / 2; r++) {
            int k = 0;
            while (k < lim[2 * r]) {
                dec(out, 2 * r);
                out[2 * r + 1] += k;
                k++;
            }
        }
    }

    public static void refillBetween(int[] lim, int[] out) {
        for (@Parallel int r = 0; r < out.length; r++) {
            int s = 0;
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < lim[r]; k++) {
                    s += k + j;
                }
                lim[r] += 2;
            }
            out[r] = s;
        }
    }

    public static void doWhileBound(int[] lim, int[] out) {
        for (@Parallel int r = 0; r < out.length; r++) {
            int k = 0;
            int s = 0;
            do {
                s += k * r;
                k++;
            } while (k < lim[0]);
            out[r] = s;
        }
    }

    public static void doWhileStoreFirst(int[] lim, int[] out, int cols) {
        for (@Parallel int r = 0; r < out.length / cols; r++) {
            int k = 0;
            do {
                out[r * cols + k % cols] += 1;
                k++;
            } while (k < lim[r * cols]);
        }
    }

    public static void chosenArrayStore(int[] lim, int[] other, int[] out) {
        for (@Parallel int r = 0; r < out.length; r++) {
            int[] t = (r & 1) == 0 ? lim : other;
            int k = 0;
            while (k < lim[r]) {
                t[r] -= 1;
                k++;
            }
            out[r] = k;
        }
    }

    public static void boundOverDivisor(int[] len, int[] out, int d) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int k = 0; k < len[0] / d; k++) {
                s += k;
            }
            out[i] = s + i;
        }
    }

    public static void movingIndex(int[] lim, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = 0;
            while (k < lim[k % lim.length]) {
                k++;
            }
            out[i] = k + i;
        }
    }

    public static void innerLoadOfLoad(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int k = 0; k < a[idx[0]]; k++) {
                s += k;
            }
            out[i] = s * i;
        }
    }

    /** The header's index is a parameter: -1, the length, MIN_VALUE; with no work-item Java never reads it. */
    @Test
    public void innerBoundAtIntParameterEdgesWithZeroAndSomeWorkItems() {
        for (int p : new int[] {0, -1, 2, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            for (int size : new int[] {0, 37}) {
                probe("innerAt p=" + p + " size=" + size, Mode.DEVICE,
                        () -> new Object[] {new int[] {9, 4}, new int[size]},
                        x -> innerAt((int[]) x[0], (int[]) x[1], p),
                        (s, x) -> s.task("t", ElementProbeTest::innerAt, (int[]) x[0], (int[]) x[1], p));
            }
        }
    }

    /** Nested inner loops: b's element is read only when a[0] > 0 (b empty otherwise fine). */
    @Test
    public void nestedInnerBoundsWhereTheMiddleLoopRunsZeroTimes() {
        int[][][] cases = {{{0}, {}}, {{-5}, {}}, {{2}, {}}, {{3}, {4}}, {{}, {4}}, {{2}, {-1}}};
        for (int[][] c : cases) {
            for (int size : new int[] {0, 20}) {
                probe("twoInner a=" + Arrays.toString(c[0]) + " b=" + Arrays.toString(c[1]) + " size=" + size,
                        Mode.DEVICE, () -> new Object[] {c[0].clone(), c[1].clone(), new int[size]},
                        x -> twoInner((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                        (s, x) -> s.task("t", ElementProbeTest::twoInner, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
            }
        }
    }

    /** The loop changes its own bound's element: the load stays in the loop. */
    @Test
    public void innerLoopDecrementsItsOwnBound() {
        probe("shrinkingBound", Mode.DEVICE, () -> {
            int[] lim = JvmOracle.ints(301, 200, -10, 60);
            return new Object[] {lim, new int[200]};
        }, x -> shrinkingBound((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::shrinkingBound, (int[]) x[0], (int[]) x[1]));
    }

    /** The loop stores to another element of its bound's array. */
    @Test
    public void innerLoopStoresToTheNextElementOfItsBoundsArray() {
        probe("neighbourStore", Mode.DEVICE, () -> {
            int[] lim = JvmOracle.ints(302, 400, -5, 40);
            return new Object[] {lim, new int[200]};
        }, x -> neighbourStore((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::neighbourStore, (int[]) x[0], (int[]) x[1]));
    }

    @Test
    public void innerBoundAliasedThroughTwoParameters() {
        probe("halfway distinct", Mode.DEVICE, () -> new Object[] {JvmOracle.ints(303, 200, -3, 50), new int[200]},
                x -> halfway((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::halfway, (int[]) x[0], (int[]) x[1]));
        probe("halfway lim == out", Mode.ANYWHERE, () -> {
            int[] a = JvmOracle.ints(303, 200, -3, 50);
            return new Object[] {a, a};
        }, x -> halfway((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::halfway, (int[]) x[0], (int[]) x[1]));
    }

    @Test
    public void innerBoundAliasedWithTheStoreInAHelper() {
        probe("halfwayHelper distinct", Mode.DEVICE,
                () -> new Object[] {JvmOracle.ints(304, 200, -3, 50), new int[200]},
                x -> halfwayHelper((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::halfwayHelper, (int[]) x[0], (int[]) x[1]));
        probe("halfwayHelper lim == out", Mode.ANYWHERE, () -> {
            int[] a = JvmOracle.ints(304, 200, -3, 50);
            return new Object[] {a, a};
        }, x -> halfwayHelper((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::halfwayHelper, (int[]) x[0], (int[]) x[1]));
    }

    /** Instance task: the inner bound from this.lim, stores to this.out; then the same object in both fields. */
    @Test
    public void innerBoundAliasedThroughReceiverFields() {
        probe("Holder.rowsWhile distinct", Mode.DEVICE,
                () -> new Object[] {new Holder(new int[1], new int[200], JvmOracle.ints(305, 200, -3, 50))},
                x -> ((Holder) x[0]).rowsWhile(2), (s, x) -> s.task("t", ((Holder) x[0])::rowsWhile, 2),
                holderArrays(0));
        probe("Holder.rowsWhile lim == out", Mode.ANYWHERE, () -> {
            int[] a = JvmOracle.ints(305, 200, -3, 50);
            return new Object[] {new Holder(new int[1], a, a)};
        }, x -> ((Holder) x[0]).rowsWhile(2), (s, x) -> s.task("t", ((Holder) x[0])::rowsWhile, 2),
                holderArrays(0));
    }

    /** An outer serial loop writes the element between entries of the inner loop bounded by it. */
    @Test
    public void anOuterSerialLoopChangesTheInnerBoundBetweenEntries() {
        probe("refillBetween", Mode.DEVICE, () -> new Object[] {JvmOracle.ints(306, 100, -6, 20), new int[100]},
                x -> refillBetween((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::refillBetween, (int[]) x[0], (int[]) x[1]));
    }

    /** do-while: the test (and its load) after the first iteration; an empty lim throws only with work-items. */
    @Test
    public void doWhileBoundFromAnElement() {
        for (int[] lim : new int[][] {{5}, {0}, {-3}, {}}) {
            for (int size : new int[] {0, 30}) {
                probe("doWhileBound lim=" + Arrays.toString(lim) + " size=" + size, Mode.DEVICE,
                        () -> new Object[] {lim.clone(), new int[size]},
                        x -> doWhileBound((int[]) x[0], (int[]) x[1]),
                        (s, x) -> s.task("t", ElementProbeTest::doWhileBound, (int[]) x[0], (int[]) x[1]));
            }
        }
    }

    /** do-while whose store comes before the test's load; aliased, the store moves the bound. */
    @Test
    public void doWhileStoreBeforeTheTestsLoad() {
        probe("doWhileStoreFirst distinct", Mode.DEVICE,
                () -> new Object[] {JvmOracle.ints(307, 64, 0, 30), new int[64], 4},
                x -> doWhileStoreFirst((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                (s, x) -> s.task("t", ElementProbeTest::doWhileStoreFirst, (int[]) x[0], (int[]) x[1],
                        (Integer) x[2]));
        probe("doWhileStoreFirst lim == out", Mode.ANYWHERE, () -> {
            int[] a = JvmOracle.ints(307, 64, 0, 30);
            return new Object[] {a, a, 4};
        }, x -> doWhileStoreFirst((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                (s, x) -> s.task("t", ElementProbeTest::doWhileStoreFirst, (int[]) x[0], (int[]) x[1],
                        (Integer) x[2]));
    }

    /** The store goes through a local chosen between the bound's array and another. */
    @Test
    public void innerBoundWithAStoreThroughAChosenArray() {
        probe("chosenArrayStore", Mode.DEVICE_OR_BAILOUT,
                () -> new Object[] {JvmOracle.ints(308, 100, -4, 30), new int[100], new int[100]},
                x -> chosenArrayStore((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                (s, x) -> s.task("t", ElementProbeTest::chosenArrayStore, (int[]) x[0], (int[]) x[1],
                        (int[]) x[2]));
    }

    /** {@code k < len[0] / d}: with d = 0 the division throws only where a work-item runs. */
    @Test
    public void innerBoundDividedByAParameter() {
        for (int d : new int[] {0, 3, -1}) {
            for (int size : new int[] {0, 16}) {
                probe("boundOverDivisor d=" + d + " size=" + size, Mode.DEVICE,
                        () -> new Object[] {new int[] {50}, new int[size]},
                        x -> boundOverDivisor((int[]) x[0], (int[]) x[1], d),
                        (s, x) -> s.task("t", ElementProbeTest::boundOverDivisor, (int[]) x[0], (int[]) x[1], d));
            }
        }
    }

    /** The header's index changes in the loop (not hoistable); an empty lim divides by zero. */
    @Test
    public void innerBoundWithAMovingIndex() {
        for (int[] lim : new int[][] {{5, 9, 3}, {0}, {3, 3, 3, 3}, {}}) {
            probe("movingIndex " + Arrays.toString(lim), Mode.DEVICE, () -> new Object[] {lim.clone(), new int[40]},
                    x -> movingIndex((int[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::movingIndex, (int[]) x[0], (int[]) x[1]));
        }
    }

    @Test
    public void innerBoundAtAnIndexReadFromAnotherElement() {
        for (int[] idx : new int[][] {{1}, {0}, {3}, {-1}}) {
            for (int size : new int[] {0, 25}) {
                probe("innerLoadOfLoad idx=" + Arrays.toString(idx) + " size=" + size, Mode.DEVICE,
                        () -> new Object[] {new int[] {4, 20, -2}, idx.clone(), new int[size]},
                        x -> innerLoadOfLoad((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                        (s, x) -> s.task("t", ElementProbeTest::innerLoadOfLoad, (int[]) x[0], (int[]) x[1],
                                (int[]) x[2]));
            }
        }
    }

    // ================================================================ C. several tasks of one schedule

    public static void setAll(int[] a, int v) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = v;
        }
    }

    public static void setAllF(float[] a, float v) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = v;
        }
    }

    public static void incAll(int[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] += 1;
        }
    }

    public static void copyPlusOne(int[] src, int[] dst) {
        for (@Parallel int i = 0; i < dst.length; i++) {
            dst[i] = src[i] + 1;
        }
    }

    public static void pick(int[] a, int[] idx, int[] out) {
        int x = a[idx[0]];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    public static void stopIfNegative(float[] a, float[] out) {
        if (a[0] < 0f) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 2f + 1f;
        }
    }

    public static void sumInto(int[] a, @Reduce int[] n) {
        for (@Parallel int i = 0; i < a.length; i++) {
            n[0] += a[i];
        }
    }

    public static void innerSum(int[] a, int[] len, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int k = 0; k < len[0]; k++) {
                s += a[k] * (i + 1);
            }
            out[i] = s;
        }
    }

    /** Task "w" writes the array whose element task "t" reads in its loop header. */
    @Test
    public void anEarlierTaskWritesTheHeaderBound() {
        for (int v : new int[] {0, 10, 64, 65, -1}) {
            probe("w: setAll(n, " + v + "); t: boundAt(n)", Mode.ANYWHERE,
                    () -> new Object[] {new int[] {30, 30}, new int[64]}, x -> {
                        setAll((int[]) x[0], v);
                        boundAt((int[]) x[0], (int[]) x[1], 0);
                    }, (s, x) -> s.task("w", ElementProbeTest::setAll, (int[]) x[0], v)
                            .task("t", ElementProbeTest::boundAt, (int[]) x[0], (int[]) x[1], 0));
        }
    }

    @Test
    public void anEarlierTaskWritesTheIndexElement() {
        for (int v : new int[] {0, 9, 10, -1}) {
            probe("w: setAll(idx, " + v + "); t: pick(a, idx)", Mode.ANYWHERE,
                    () -> new Object[] {iota(10, 50), new int[] {3, 3}, new int[40]}, x -> {
                        setAll((int[]) x[1], v);
                        pick((int[]) x[0], (int[]) x[1], (int[]) x[2]);
                    }, (s, x) -> s.task("w", ElementProbeTest::setAll, (int[]) x[1], v)
                            .task("t", ElementProbeTest::pick, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
        }
    }

    /** Task "w" writes the array the element is read from (its index from another array). */
    @Test
    public void anEarlierTaskWritesTheArrayAnElementIsReadFrom() {
        for (int v : new int[] {7, -3}) {
            probe("w: setAll(a, " + v + "); t: pick(a, idx)", Mode.ANYWHERE,
                    () -> new Object[] {iota(10, 50), new int[] {3}, new int[40]}, x -> {
                        setAll((int[]) x[0], v);
                        pick((int[]) x[0], (int[]) x[1], (int[]) x[2]);
                    }, (s, x) -> s.task("w", ElementProbeTest::setAll, (int[]) x[0], v)
                            .task("t", ElementProbeTest::pick, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
        }
    }

    @Test
    public void anEarlierTaskWritesTheEarlyReturnsElement() {
        for (float v : new float[] {-1f, 1f, Float.NaN, -0f}) {
            probe("w: setAllF(a, " + v + "); t: stopIfNegative(a)", Mode.ANYWHERE,
                    () -> new Object[] {JvmOracle.floats(310, 50, 1f, 2f), new float[50]}, x -> {
                        setAllF((float[]) x[0], v);
                        stopIfNegative((float[]) x[0], (float[]) x[1]);
                    }, (s, x) -> s.task("w", ElementProbeTest::setAllF, (float[]) x[0], v)
                            .task("t", ElementProbeTest::stopIfNegative, (float[]) x[0], (float[]) x[1]));
        }
    }

    /** Task "w" reduces into n; task "t" reads n[0] as its header bound. */
    @Test
    public void anEarlierTaskReducesIntoTheHeaderBound() {
        for (int[] a : new int[][] {{3, 4, 5}, {10, 20, 30, 4}, {-50}, {30, 35}}) {
            probe("w: sumInto(" + Arrays.toString(a) + ", n); t: boundAt(n)", Mode.ANYWHERE,
                    () -> new Object[] {a.clone(), new int[] {1}, new int[64]}, x -> {
                        sumInto((int[]) x[0], (int[]) x[1]);
                        boundAt((int[]) x[1], (int[]) x[2], 0);
                    }, (s, x) -> s.task("w", ElementProbeTest::sumInto, (int[]) x[0], (int[]) x[1])
                            .task("t", ElementProbeTest::boundAt, (int[]) x[1], (int[]) x[2], 0));
        }
    }

    /** Task "w" writes len; task "t"'s inner loop reads len[0] on the device: the device's fresh copy. */
    @Test
    public void anEarlierTaskWritesAnInnerBound() {
        for (int v : new int[] {0, 7, 40, 41}) {
            probe("w: setAll(len, " + v + "); t: innerSum", Mode.DEVICE,
                    () -> new Object[] {JvmOracle.ints(311, 40, -9, 9), new int[] {3}, new int[64]}, x -> {
                        setAll((int[]) x[1], v);
                        innerSum((int[]) x[0], (int[]) x[1], (int[]) x[2]);
                    }, (s, x) -> s.task("w", ElementProbeTest::setAll, (int[]) x[1], v)
                            .task("t", ElementProbeTest::innerSum, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
        }
    }

    /** Task "r" only reads the bound's array. */
    @Test
    public void anEarlierTaskOnlyReadsTheBoundsArray() {
        probe("r: copyPlusOne(n, tmp); t: boundAt(n)", Mode.ANYWHERE,
                () -> new Object[] {new int[] {20, 1}, new int[2], new int[64]}, x -> {
                    copyPlusOne((int[]) x[0], (int[]) x[1]);
                    boundAt((int[]) x[0], (int[]) x[2], 0);
                }, (s, x) -> s.task("r", ElementProbeTest::copyPlusOne, (int[]) x[0], (int[]) x[1])
                        .task("t", ElementProbeTest::boundAt, (int[]) x[0], (int[]) x[2], 0));
    }

    /** Task "w" writes a receiver's field array that is task "t"'s bound parameter. */
    @Test
    public void anEarlierInstanceTaskWritesTheBoundThroughAField() {
        for (int v : new int[] {12, 65}) {
            probe("w: h.fill(" + v + ") with h.out == n; t: boundAt(n)", Mode.ANYWHERE, () -> {
                int[] n = new int[] {30, 30};
                return new Object[] {new Holder(new int[1], n, new int[1]), n, new int[64]};
            }, x -> {
                ((Holder) x[0]).fill(v);
                boundAt((int[]) x[1], (int[]) x[2], 0);
            }, (s, x) -> s.task("w", ((Holder) x[0])::fill, v)
                    .task("t", ElementProbeTest::boundAt, (int[]) x[1], (int[]) x[2], 0), holderArrays(0));
        }
    }

    /** "t" reads n's element, then "w" writes n: a second execution sees the first's write. */
    @Test
    public void aLaterTaskWritesTheBoundForTheNextExecution() {
        int[] n = {10, 10};
        int[] out = new int[64];
        int[] mn = n.clone();
        int[] mout = out.clone();
        try (TaskSchedule s = new TaskSchedule("later").task("t", ElementProbeTest::boundAt, n, out, 0)
                .task("w", ElementProbeTest::incAll, n)) {
            for (int run = 0; run < 4; run++) {
                if (run == 2) {
                    n[0] = 63;
                    mn[0] = 63;
                }
                if (!step("later run " + run, Mode.DEVICE, s, x -> {
                    boundAt(mn, mout, 0);
                    incAll(mn);
                }, new Object[] {mn, mout}, new Object[] {n, out})) {
                    return;
                }
            }
        }
    }

    // ================================================================ keepOnDevice / markChanged

    public static void shrinkFrom(int[] a) {
        int n = a[0];
        for (@Parallel int i = 0; i < n; i++) {
            a[i] -= 3;
        }
    }

    /** A kept array written by an earlier task is a later task's bound: four executions. */
    @Test
    public void keptBoundWrittenByAnEarlierTask() {
        int[] n = {20, 5};
        int[] out = new int[64];
        int[] mn = n.clone();
        int[] mout = out.clone();
        try (TaskSchedule s = new TaskSchedule("kept-w").keepOnDevice(n, out).task("w", ElementProbeTest::incAll, n)
                .task("t", ElementProbeTest::boundAt, n, out, 0)) {
            for (int run = 0; run < 4; run++) {
                if (!step("kept-w run " + run, Mode.ANYWHERE, s, x -> {
                    incAll(mn);
                    boundAt(mn, mout, 0);
                }, new Object[] {mn, mout}, new Object[] {n, out})) {
                    return;
                }
            }
        }
    }

    /** A kept array whose first element the task itself shrinks: each execution reads the last one's result. */
    @Test
    public void keptArrayShrinksItsOwnBound() {
        int[] a = iota(40, 0);
        a[0] = 16;
        int[] m = a.clone();
        try (TaskSchedule s = new TaskSchedule("kept-self").keepOnDevice(a).task("t", ElementProbeTest::shrinkFrom,
                a)) {
            for (int run = 0; run < 8; run++) {
                if (!step("kept-self run " + run, Mode.DEVICE, s, x -> shrinkFrom(m), new Object[] {m},
                        new Object[] {a})) {
                    return;
                }
            }
        }
    }

    /** keepOnDevice + markChanged: the header bound and an inner bound changed by Java between executions. */
    @Test
    public void keptBoundsChangedAndMarked() {
        int[] n = {10, 0};
        int[] out = new int[64];
        int[] mn = n.clone();
        int[] mout = out.clone();
        try (TaskSchedule s = new TaskSchedule("kept-mark").keepOnDevice(n, out).task("t", ElementProbeTest::boundAt,
                n, out, 0)) {
            int[] seq = {10, 64, 0, 65, 30, 2};
            for (int run = 0; run < seq.length; run++) {
                n[0] = seq[run];
                mn[0] = seq[run];
                s.markChanged(n);
                if (!step("kept-mark header n=" + seq[run], Mode.DEVICE, s, x -> boundAt(mn, mout, 0),
                        new Object[] {mn, mout}, new Object[] {n, out})) {
                    return;
                }
            }
        }
        int[] a = JvmOracle.ints(312, 50, -9, 9);
        int[] len = {3};
        int[] out2 = new int[32];
        int[] ma = a.clone();
        int[] mlen = len.clone();
        int[] mout2 = out2.clone();
        try (TaskSchedule s = new TaskSchedule("kept-inner").keepOnDevice(a, len).task("t",
                ElementProbeTest::innerSum, a, len, out2)) {
            int[] seq = {3, 50, 0, 51, 7};
            for (int v : seq) {
                len[0] = v;
                mlen[0] = v;
                s.markChanged(len);
                if (!step("kept-inner len=" + v, Mode.DEVICE, s, x -> innerSum(ma, mlen, mout2),
                        new Object[] {ma, mlen, mout2}, new Object[] {a, len, out2})) {
                    return;
                }
            }
        }
    }

    // ================================================================ D. reductions

    public static void sumUpTo(int[] n, int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < n[0]; i++) {
            out[0] += a[i];
        }
    }

    public static void longSumUpTo(long[] lim, long[] a, @Reduce long[] out) {
        int n = (int) lim[0];
        for (@Parallel int i = 0; i < n; i++) {
            out[0] += a[i];
        }
    }

    public static void maxOfInner(int[] a, int[] len, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int s = 0;
            for (int k = 0; k < len[0]; k++) {
                s += a[i] * k;
            }
            out[0] = Math.max(out[0], s);
        }
    }

    @Test
    public void aReductionBoundedInItsHeader() {
        int[] a = JvmOracle.ints(320, 1000, -1000, 1000);
        for (int n0 : new int[] {0, 1, 999, 1000, 1001, -1}) {
            probe("sumUpTo n=" + n0, Mode.DEVICE, () -> new Object[] {new int[] {n0}, a.clone(), new int[] {17}},
                    x -> sumUpTo((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    (s, x) -> s.task("t", ElementProbeTest::sumUpTo, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
        }
    }

    @Test
    public void aLongReductionBoundedByALongElement() {
        long[] a = JvmOracle.longs(321, 3000);
        for (long l : new long[] {3000L, (1L << 32) + 100, Long.MIN_VALUE, 3001L, 0L}) {
            probe("longSumUpTo lim=" + l, Mode.DEVICE, () -> new Object[] {new long[] {l}, a.clone(), new long[] {-5L}},
                    x -> longSumUpTo((long[]) x[0], (long[]) x[1], (long[]) x[2]),
                    (s, x) -> s.task("t", ElementProbeTest::longSumUpTo, (long[]) x[0], (long[]) x[1],
                            (long[]) x[2]));
        }
    }

    @Test
    public void aMaxReductionWithAnInnerBoundFromAnElement() {
        int[] a = JvmOracle.ints(322, 500, -100, 100);
        for (int[] len : new int[][] {{0}, {12}, {-4}, {}}) {
            for (int size : new int[] {500, 0}) {
                int[] aa = Arrays.copyOf(a, size);
                probe("maxOfInner len=" + Arrays.toString(len) + " size=" + size, Mode.DEVICE,
                        () -> new Object[] {aa.clone(), len.clone(), new int[] {Integer.MIN_VALUE}},
                        x -> maxOfInner((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                        (s, x) -> s.task("t", ElementProbeTest::maxOfInner, (int[]) x[0], (int[]) x[1],
                                (int[]) x[2]));
            }
        }
    }

    /** The reduction's output is the bound's array: Java's bound grows as it sums. */
    @Test
    public void aReductionIntoItsOwnHeaderBound() {
        probe("sumUpTo(n, a, n)", Mode.ANYWHERE_OR_BAILOUT, () -> {
            int[] n = {5, 0};
            return new Object[] {n, new int[] {2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9}, n};
        }, x -> sumUpTo((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                (s, x) -> s.task("t", ElementProbeTest::sumUpTo, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
    }

    // ================================================================ E. streams

    public static void streamRange(int[] lo, int[] hi, int[] out) {
        IntStream.range(lo[0], hi[0]).parallel().forEach(i -> out[i] = i * 5);
    }

    public static void streamHalfway(int[] lim, int[] out) {
        IntStream.range(0, out.length / 2).parallel().forEach(r -> {
            int k = 0;
            while (k < lim[2 * r]) {
                out[2 * r] -= 1;
                out[2 * r + 1] += k;
                k++;
            }
        });
    }

    @Test
    public void aStreamRangeFromTwoElements() {
        // (Not a range reaching past out, such as 60..65 or -1..3: a parallel stream that throws leaves the elements
        // its other threads wrote, which differ from run to run on the JVM itself.)
        int[][][] cases = {{{0}, {64}}, {{5}, {10}}, {{10}, {5}}, {{}, {3}}, {{0}, {}}};
        for (int[][] c : cases) {
            probe("streamRange " + Arrays.toString(c[0]) + ".." + Arrays.toString(c[1]), Mode.DEVICE,
                    () -> new Object[] {c[0].clone(), c[1].clone(), new int[64]},
                    x -> streamRange((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    (s, x) -> s.task("t", ElementProbeTest::streamRange, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
        }
    }

    @Test
    public void aStreamsInnerBoundAliasedWithItsOutput() {
        probe("streamHalfway distinct", Mode.DEVICE,
                () -> new Object[] {JvmOracle.ints(330, 200, -3, 40), new int[200]},
                x -> streamHalfway((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::streamHalfway, (int[]) x[0], (int[]) x[1]));
        probe("streamHalfway lim == out", Mode.ANYWHERE, () -> {
            int[] a = JvmOracle.ints(330, 200, -3, 40);
            return new Object[] {a, a};
        }, x -> streamHalfway((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::streamHalfway, (int[]) x[0], (int[]) x[1]));
    }

    // ================================================================ F. nests

    public static void nest2dHeader(int[] rows, int[] cols, int[] m) {
        for (@Parallel int r = 0; r < rows[0]; r++) {
            for (@Parallel int c = 0; c < cols[0]; c++) {
                m[r * 16 + c] = r * 100 + c;
            }
        }
    }

    public static void nest3d(int[] d, int[] m) {
        int x = d[0];
        int y = d[1];
        int z = d[2];
        for (@Parallel int i = 0; i < x; i++) {
            for (@Parallel int j = 0; j < y; j++) {
                for (@Parallel int k = 0; k < z; k++) {
                    m[(i * y + j) * z + k] = i - j + k;
                }
            }
        }
    }

    public static void nest2dInner(int[] len, int[] m, int rows, int cols) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int s = 0;
                for (int k = 0; k < len[0]; k++) {
                    s += k * r + c;
                }
                m[r * cols + c] = s;
            }
        }
    }

    /** Both bounds of a 2-D nest in the headers; with no row Java never reads cols. */
    @Test
    public void a2dNestBoundedInBothHeaders() {
        int[][][] cases = {{{3}, {5}}, {{0}, {}}, {{-2}, {}}, {{2}, {}}, {{16}, {16}}, {{17}, {16}}, {{4}, {0}},
            {{}, {3}}};
        for (int[][] c : cases) {
            probe("nest2dHeader " + Arrays.toString(c[0]) + "x" + Arrays.toString(c[1]), Mode.DEVICE,
                    () -> new Object[] {c[0].clone(), c[1].clone(), new int[256]},
                    x -> nest2dHeader((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    (s, x) -> s.task("t", ElementProbeTest::nest2dHeader, (int[]) x[0], (int[]) x[1], (int[]) x[2]));
        }
    }

    @Test
    public void a3dNestBoundedByThreeElements() {
        int[][] ds = {{2, 3, 4}, {0, 5, 5}, {4, 4, -1}, {2, 2}, {8, 8, 4}, {8, 8, 5}, {Integer.MIN_VALUE, 1, 1},
            {1, 0, Integer.MAX_VALUE}};
        for (int[] d : ds) {
            probe("nest3d " + Arrays.toString(d), Mode.DEVICE, () -> new Object[] {d.clone(), new int[256]},
                    x -> nest3d((int[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::nest3d, (int[]) x[0], (int[]) x[1]));
        }
    }

    /** A 2-D nest with an inner serial loop bounded by an element; with no work-item an empty len is fine. */
    @Test
    public void a2dNestWithAnInnerBoundFromAnElement() {
        int[][] dims = {{4, 5}, {0, 5}, {5, 0}};
        for (int[] d : dims) {
            for (int[] len : new int[][] {{6}, {}}) {
                probe("nest2dInner " + d[0] + "x" + d[1] + " len=" + Arrays.toString(len), Mode.DEVICE,
                        () -> new Object[] {len.clone(), new int[32]},
                        x -> nest2dInner((int[]) x[0], (int[]) x[1], d[0], d[1]),
                        (s, x) -> s.task("t", ElementProbeTest::nest2dInner, (int[]) x[0], (int[]) x[1], d[0], d[1]));
            }
        }
    }

    // ================================================================ G. conditions, NaN, -0.0, narrow types

    public static void nanChoices(float[] a, int[] out) {
        float f = a[0];
        int n = f > 0f ? out.length : 3;
        if (f != f) {
            n = 5;
        }
        if (f == 0f) {
            n = 7;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = n - i;
        }
    }

    public static void signOfZero(double[] d, double[] out) {
        if (1.0 / d[0] < 0.0) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = d[0] + i;
        }
    }

    public static void compareNegZero(float[] a, int[] out) {
        if (Float.compare(a[0], 0f) < 0) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i + 1;
        }
    }

    public static void narrowConditions(byte[] b, char[] c, boolean[] z, int[] out) {
        int n = out.length;
        if (b[0] < 0) {
            n = n / 2;
        }
        if (c[0] > 0x7FFF) {
            n = n - 1;
        }
        if (z[0]) {
            n = 0;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = b[0] + c[0] + i;
        }
    }

    public static void shortShift(short[] s, int[] out) {
        int n = s[0] >>> 8;
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i;
        }
    }

    public static void longShift(long[] l, int[] out) {
        if (l[0] > Integer.MAX_VALUE) {
            return;
        }
        int n = (int) (l[0] >>> 1);
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i + 2;
        }
    }

    @Test
    public void nanAndSignedZeroChooseTheBound() {
        for (float f : new float[] {Float.NaN, -0f, 0f, 1f, -1f, Float.MIN_VALUE, -Float.MIN_VALUE,
            Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffffffff)}) {
            probe("nanChoices " + f + " (0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")", Mode.DEVICE,
                    () -> new Object[] {new float[] {f}, new int[64]}, x -> nanChoices((float[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::nanChoices, (float[]) x[0], (int[]) x[1]));
        }
    }

    @Test
    public void theSignOfADoubleZeroElementReturnsEarly() {
        for (double d : new double[] {-0.0, 0.0, Double.NaN, Double.NEGATIVE_INFINITY, -Double.MIN_VALUE, 2.5}) {
            probe("signOfZero " + d, Mode.DEVICE, () -> new Object[] {new double[] {d}, new double[40]},
                    x -> signOfZero((double[]) x[0], (double[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::signOfZero, (double[]) x[0], (double[]) x[1]));
        }
    }

    @Test
    public void floatCompareOfANegativeZeroElement() {
        for (float f : new float[] {-0f, 0f, Float.NaN, -1f}) {
            probe("compareNegZero " + f, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {new float[] {f}, new int[40]},
                    x -> compareNegZero((float[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::compareNegZero, (float[]) x[0], (int[]) x[1]));
        }
    }

    @Test
    public void byteCharAndBooleanElementsInConditions() {
        for (byte b : new byte[] {-128, 0, 127}) {
            for (char c : new char[] {0xFFFF, 0x7FFF, 0x8000}) {
                for (boolean z : new boolean[] {false, true}) {
                    probe("narrowConditions " + b + "/" + (int) c + "/" + z, Mode.DEVICE,
                            () -> new Object[] {new byte[] {b}, new char[] {c}, new boolean[] {z}, new int[51]},
                            x -> narrowConditions((byte[]) x[0], (char[]) x[1], (boolean[]) x[2], (int[]) x[3]),
                            (s, x) -> s.task("t", ElementProbeTest::narrowConditions, (byte[]) x[0], (char[]) x[1],
                                    (boolean[]) x[2], (int[]) x[3]));
                }
            }
        }
    }

    @Test
    public void signExtendedShortAndUnsignedShiftedLongBounds() {
        for (short v : new short[] {-1, 0x7F00, 0x4000, Short.MIN_VALUE, 0x00FF}) {
            probe("shortShift " + v, Mode.DEVICE, () -> new Object[] {new short[] {v}, new int[128]},
                    x -> shortShift((short[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::shortShift, (short[]) x[0], (int[]) x[1]));
        }
        for (long l : new long[] {-1L, -4L, 100L, 1L << 31, Integer.MAX_VALUE, 129L, 130L, Long.MIN_VALUE}) {
            probe("longShift " + l, Mode.DEVICE, () -> new Object[] {new long[] {l}, new int[64]},
                    x -> longShift((long[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::longShift, (long[]) x[0], (int[]) x[1]));
        }
    }

    // ================================================================ H. unused divisions

    public static void divByElement(int[] d, int[] out, int n) {
        int q = n / d[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i;
        }
    }

    public static void remOfElements(int[] d, int[] out) {
        int r = d[0] % d[1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * 2;
        }
    }

    public static void longDivOfElements(long[] l, long[] out) {
        long q = l[0] / l[1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i;
        }
    }

    public static void divByNarrow(byte[] b, char[] c, int[] out, int n) {
        int q = n / b[0];
        int r = n % c[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i + n;
        }
    }

    public static void divAfterReturn(float[] a, int[] out, int n, int m) {
        if (a[0] < 0f) {
            return;
        }
        int q = n / m;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i - 1;
        }
    }

    public static void divUnderBranch(boolean[] on, int[] out, int n, int m) {
        if (on[0]) {
            int q = n / m;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i + 3;
        }
    }

    public static void divThenRead(int[] a, int[] out, int m, int p) {
        int q = 7 / m;
        int x = a[p];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    public static void divThenHeaderBound(int[] d, int[] len, int[] out) {
        int q = 100 / d[0];
        for (@Parallel int i = 0; i < len[0]; i++) {
            out[i] = i;
        }
    }

    @Test
    public void unusedDivisionByAnElement() {
        for (int[] d : new int[][] {{0}, {-1}, {3}, {}}) {
            for (int n : new int[] {Integer.MIN_VALUE, 0, 7}) {
                probe("divByElement " + n + " / " + Arrays.toString(d), Mode.DEVICE,
                        () -> new Object[] {d.clone(), new int[20]}, x -> divByElement((int[]) x[0], (int[]) x[1], n),
                        (s, x) -> s.task("t", ElementProbeTest::divByElement, (int[]) x[0], (int[]) x[1], n));
            }
        }
    }

    @Test
    public void unusedRemainderOfTwoElements() {
        for (int[] d : new int[][] {{Integer.MIN_VALUE, -1}, {5, 0}, {0, 0}, {-7, 2}, {1}}) {
            probe("remOfElements " + Arrays.toString(d), Mode.DEVICE, () -> new Object[] {d.clone(), new int[20]},
                    x -> remOfElements((int[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::remOfElements, (int[]) x[0], (int[]) x[1]));
        }
    }

    @Test
    public void unusedLongDivisionOfTwoElements() {
        for (long[] l : new long[][] {{Long.MIN_VALUE, -1L}, {1L, 0L}, {1L << 40, 1L << 33}, {0L}}) {
            probe("longDivOfElements " + Arrays.toString(l), Mode.DEVICE, () -> new Object[] {l.clone(), new long[20]},
                    x -> longDivOfElements((long[]) x[0], (long[]) x[1]),
                    (s, x) -> s.task("t", ElementProbeTest::longDivOfElements, (long[]) x[0], (long[]) x[1]));
        }
    }

    @Test
    public void unusedDivisionsByNarrowElements() {
        Object[][] cases = {{(byte) 0, (char) 1, 5}, {(byte) -1, (char) 1, Integer.MIN_VALUE},
            {(byte) 2, (char) 0, 5}, {(byte) -128, (char) 0xFFFF, Integer.MIN_VALUE}};
        for (Object[] c : cases) {
            byte b = (Byte) c[0];
            char ch = (Character) c[1];
            int n = (Integer) c[2];
            probe("divByNarrow " + n + " / " + b + ", % " + (int) ch, Mode.DEVICE,
                    () -> new Object[] {new byte[] {b}, new char[] {ch}, new int[20]},
                    x -> divByNarrow((byte[]) x[0], (char[]) x[1], (int[]) x[2], n),
                    (s, x) -> s.task("t", ElementProbeTest::divByNarrow, (byte[]) x[0], (char[]) x[1], (int[]) x[2], n));
        }
    }

    /** Java returns before the division when a[0] < 0: no exception then. */
    @Test
    public void unusedDivisionAfterAnEarlyReturn() {
        for (float a0 : new float[] {-1f, 1f, Float.NaN}) {
            for (int m : new int[] {0, -1}) {
                probe("divAfterReturn a0=" + a0 + " MIN / " + m, Mode.DEVICE,
                        () -> new Object[] {new float[] {a0}, new int[20]},
                        x -> divAfterReturn((float[]) x[0], (int[]) x[1], Integer.MIN_VALUE, m),
                        (s, x) -> s.task("t", ElementProbeTest::divAfterReturn, (float[]) x[0], (int[]) x[1],
                                Integer.MIN_VALUE, m));
            }
        }
    }

    public static void divAfterParamReturn(int[] out, int c, int n, int m) {
        if (c < 0) {
            return;
        }
        int q = n / m;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i;
        }
    }

    public static void divBeforeParamReturn(int[] out, int c, int n, int m) {
        int q = n / m;
        if (c < 0) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i;
        }
    }

    /**
     * The same with the early return on an int parameter (not about elements): before the branch the division
     * throws; after it (reached when c >= 0) it must throw too.
     */
    @Test
    public void unusedDivisionAfterAnEarlyReturnOnAParameter() {
        for (int c : new int[] {-1, 1}) {
            probe("divBeforeParamReturn c=" + c + " 5 / 0", Mode.DEVICE, () -> new Object[] {new int[4]},
                    x -> divBeforeParamReturn((int[]) x[0], c, 5, 0),
                    (s, x) -> s.task("t", ElementProbeTest::divBeforeParamReturn, (int[]) x[0], c, 5, 0));
        }
        for (int c : new int[] {-1, 1}) {
            probe("divAfterParamReturn c=" + c + " 5 / 0", Mode.DEVICE, () -> new Object[] {new int[4]},
                    x -> divAfterParamReturn((int[]) x[0], c, 5, 0),
                    (s, x) -> s.task("t", ElementProbeTest::divAfterParamReturn, (int[]) x[0], c, 5, 0));
        }
    }

    /** An unused division under a branch on an element: throws only when taken. */
    @Test
    public void unusedDivisionUnderABranch() {
        for (boolean on : new boolean[] {false, true}) {
            for (int m : new int[] {0, 2}) {
                probe("divUnderBranch on=" + on + " m=" + m, Mode.DEVICE_OR_BAILOUT,
                        () -> new Object[] {new boolean[] {on}, new int[20]},
                        x -> divUnderBranch((boolean[]) x[0], (int[]) x[1], 9, m),
                        (s, x) -> s.task("t", ElementProbeTest::divUnderBranch, (boolean[]) x[0], (int[]) x[1], 9,
                                m));
            }
        }
    }

    /** Which comes first: the division by zero, then the out-of-bounds read. */
    @Test
    public void unusedDivisionBeforeAnOutOfBoundsRead() {
        for (int m : new int[] {0, 1}) {
            for (int p : new int[] {0, 5, -1}) {
                probe("divThenRead m=" + m + " p=" + p, Mode.DEVICE, () -> new Object[] {new int[] {4, 5}, new int[10]},
                        x -> divThenRead((int[]) x[0], (int[]) x[1], m, p),
                        (s, x) -> s.task("t", ElementProbeTest::divThenRead, (int[]) x[0], (int[]) x[1], m, p));
            }
        }
    }

    @Test
    public void unusedDivisionByAnElementThenAHeaderBound() {
        int[][][] cases = {{{0}, {}}, {{0}, {5}}, {{4}, {}}, {{4}, {65}}, {{-1}, {64}}};
        for (int[][] c : cases) {
            probe("divThenHeaderBound d=" + Arrays.toString(c[0]) + " len=" + Arrays.toString(c[1]), Mode.DEVICE,
                    () -> new Object[] {c[0].clone(), c[1].clone(), new int[64]},
                    x -> divThenHeaderBound((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    (s, x) -> s.task("t", ElementProbeTest::divThenHeaderBound, (int[]) x[0], (int[]) x[1],
                            (int[]) x[2]));
        }
    }

    public static void fillThenBoundFromIt(int[] m, int[] out) {
        for (@Parallel int i = 0; i < m.length; i++) {
            m[i] = i + 5;
        }
        for (@Parallel int j = 0; j < m[0]; j++) {
            out[j] = j * 2;
        }
    }

    /** Two loops in sequence: the second's header bound is an element the first loop writes. */
    @Test
    public void theSecondLoopsHeaderBoundWrittenByTheFirstLoop() {
        probe("fillThenBoundFromIt", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {new int[] {50, 0, 0}, new int[64]},
                x -> fillThenBoundFromIt((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ElementProbeTest::fillThenBoundFromIt, (int[]) x[0], (int[]) x[1]));
    }

    // ================================================================ I. repeated executions

    public static void idxAndCond(int[] a, int[] idx, float[] flag, int[] out) {
        if (flag[0] < 0f) {
            return;
        }
        int x = a[idx[0]];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x - i;
        }
    }

    /** One schedule, the header bound changing between executions, some of which throw. */
    @Test
    public void oneScheduleWhileTheHeaderBoundChangesAndSometimesThrows() {
        int[] n = {10, 0};
        int[] out = new int[64];
        int[] mn = n.clone();
        int[] mout = out.clone();
        try (TaskSchedule s = new TaskSchedule("again").task("t", ElementProbeTest::boundWritesOther, n, out)) {
            for (int v : new int[] {10, 65, 3, -1, 64, 0, 100, 7}) {
                n[0] = v;
                mn[0] = v;
                if (!step("again n=" + v, Mode.DEVICE, s, x -> boundWritesOther(mn, mout), new Object[] {mn, mout},
                        new Object[] {n, out})) {
                    return;
                }
            }
        }
    }

    /** One schedule, the index and the condition elements changing between executions. */
    @Test
    public void oneScheduleWhileTheIndexAndConditionElementsChange() {
        int[] a = iota(8, 100);
        int[] idx = {0};
        float[] flag = {1f};
        int[] out = new int[30];
        int[] ma = a.clone();
        int[] midx = idx.clone();
        float[] mflag = flag.clone();
        int[] mout = out.clone();
        Object[][] steps = {{3, 1f}, {8, 1f}, {8, -1f}, {-1, Float.NaN}, {7, -0f}, {Integer.MIN_VALUE, 2f}, {0, 0f}};
        try (TaskSchedule s = new TaskSchedule("idx-cond").task("t", ElementProbeTest::idxAndCond, a, idx, flag,
                out)) {
            for (Object[] st : steps) {
                idx[0] = (Integer) st[0];
                midx[0] = (Integer) st[0];
                flag[0] = (Float) st[1];
                mflag[0] = (Float) st[1];
                if (!step("idx-cond " + st[0] + "/" + st[1], Mode.DEVICE, s, x -> idxAndCond(ma, midx, mflag, mout),
                        new Object[] {ma, midx, mflag, mout}, new Object[] {a, idx, flag, out})) {
                    return;
                }
            }
        }
    }

    /** hoistLoads off: the header bound bails out cleanly, the inner bound still runs on the device. */
    @Test
    public void hoistLoadsOff() {
        probe("boundAt, hoistLoads off", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {new int[] {20}, new int[64]},
                x -> boundAt((int[]) x[0], (int[]) x[1], 0),
                (s, x) -> s.optimization("hoistLoads", false).task("t", ElementProbeTest::boundAt, (int[]) x[0],
                        (int[]) x[1], 0));
        for (int[] len : new int[][] {{9}, {}}) {
            probe("innerAt, hoistLoads off len=" + Arrays.toString(len), Mode.DEVICE,
                    () -> new Object[] {len.clone(), new int[40]}, x -> innerAt((int[]) x[0], (int[]) x[1], 0),
                    (s, x) -> s.optimization("hoistLoads", false).task("t", ElementProbeTest::innerAt, (int[]) x[0],
                            (int[]) x[1], 0));
        }
        probe("halfway lim == out, hoistLoads off", Mode.DEVICE, () -> {
            int[] a = JvmOracle.ints(303, 200, -3, 50);
            return new Object[] {a, a};
        }, x -> halfway((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.optimization("hoistLoads", false).task("t", ElementProbeTest::halfway, (int[]) x[0],
                        (int[]) x[1]));
    }
}

package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Devices;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * Adversarial probes of {@code System.arraycopy} whose length is known only at run time (or is a constant above the
 * unrolled limit of 128), of {@code clone()} of private arrays longer than 128, and of {@code Arrays.fill(a, from,
 * to, v)}: the copy direction decided per work-item, positions and lengths from elements, receiver fields and static
 * fields, one Java array bound to two parameters or two receiver fields, 2-D and 3-D nests, sequential loops and
 * branches, streams, {@code @Reduce} outputs beside copies, several tasks, kept arrays, batches and split devices,
 * every primitive type (float and double compared by their raw bits: a copy keeps NaN payloads and signed zeros), the
 * int edges of positions and lengths, private arrays chosen at run time or held by a variable a loop reassigns.
 *
 * <p>Found by these probes, fixed: {@code aLoopVariableHoldingThePrivateArrayAt*}. A local that a sequential loop
 * reassigns is a phi at the loop header, still incomplete when the parser reaches a copy inside the loop; when the
 * copy's other side was the {@code new} itself, the parser took the two for distinct arrays and built only the
 * forward loop, so a copy from t to the same t at a later position smeared t[sp] instead of copying as if through a
 * temporary array. The parser now takes arrays for distinct only when the other side is another {@code new} or an
 * argument.
 *
 * <p>Every probe builds its inputs twice from one factory (so that aliasing survives: clones would break it), runs
 * the JVM on one set and the schedule strict on the other. Where the JVM returns normally the task must run on the
 * device and every array equal the JVM's bit for bit; where it throws, execute() must throw the same class and
 * message, report a failed check, and leave the arrays as the JVM left them. Probes of forms that may be unsupported
 * accept a clean {@link CompilationException} (recorded and printed after the class).
 */
public class ArrayCopyProbeTest {

    private static final List<String> BAILOUTS = Collections.synchronizedList(new ArrayList<>());

    @AfterClass
    public static void printFindings() {
        synchronized (BAILOUTS) {
            for (String b : BAILOUTS) {
                System.err.println("ArrayCopyProbeTest: clean bailout: " + b);
            }
        }
    }

    // ================================================================ the helper

    private enum Mode {
        /** On the device where the JVM returns normally. */
        DEVICE,
        /** The device, or a clean bailout (recorded). */
        DEVICE_OR_BAILOUT,
        /** The JVM's results, on the device or rerun on the JVM (recorded), or a clean bailout (recorded). */
        DEVICE_OR_JVM_OR_BAILOUT
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

    private static void probe(String what, Mode mode, Make make, Jvm jvm, Adder adder) {
        probe(what, mode, make, jvm, adder, x -> x);
    }

    /**
     * The JVM on one set of inputs from {@code make}, the schedule (task "t", plus any others the adder adds) strict
     * on another; then the arrays {@code obs} names are compared bit for bit.
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
        TaskReport t = null;
        List<TaskReport> all = null;
        String report = "";
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
            if (mode == Mode.DEVICE) {
                throw new AssertionError(what + ": bailed out: " + actual.getMessage(), actual);
            }
            BAILOUTS.add(what + ": " + actual.getMessage());
            compare(what + " after the bailout", obs.arrays(before), obs.arrays(args));
            return;
        }
        if (mode == Mode.DEVICE_OR_JVM_OR_BAILOUT && expected == null && actual == null
                && t.ranOn() != TaskReport.Where.DEVICE) {
            BAILOUTS.add(what + ": ran on the JVM: " + t.reason());
        } else {
            verdict(what, expected, actual, t, all, report);
        }
        compare(what, obs.arrays(expectedArgs), obs.arrays(args));
    }

    private static void verdict(String what, Throwable expected, Throwable actual, TaskReport t, List<TaskReport> all,
            String report) {
        if (expected == null) {
            if (actual != null) {
                throw new AssertionError(what + ": the JVM returns normally but execute() threw " + actual + "\n"
                        + report, actual);
            }
            for (TaskReport o : all) {
                assertEquals(what + ": task '" + o.id() + "' runs on the device: " + o.reason() + "\n" + report,
                        TaskReport.Where.DEVICE, o.ranOn());
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
            assertEquals(what + ": exception message", expected.getMessage(), actual.getMessage());
            assertEquals(what + ": where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
            if (!t.reason().contains("check failed")) {
                fail(what + ": the task should have been compiled and rerun after a failed check, but: "
                        + t.reason());
            }
        }
    }

    private static void compare(String what, Object[] expected, Object[] actual) {
        for (int i = 0; i < expected.length; i++) {
            rawSame(what + ": array " + (i + 1), expected[i], actual[i]);
        }
    }

    /** {@link JvmOracle#assertSame}, but float and double arrays by their raw bits (NaN payloads kept). */
    private static void rawSame(String what, Object expected, Object actual) {
        if (expected instanceof float[]) {
            float[] e = (float[]) expected;
            float[] a = (float[]) actual;
            assertEquals(what + ": length", e.length, a.length);
            for (int i = 0; i < e.length; i++) {
                int eb = Float.floatToRawIntBits(e[i]);
                int ab = Float.floatToRawIntBits(a[i]);
                if (eb != ab) {
                    fail(what + "[" + i + "]: expected 0x" + Integer.toHexString(eb) + " (" + e[i] + ") but was 0x"
                            + Integer.toHexString(ab) + " (" + a[i] + ")" + mismatchCount(e.length, k ->
                            Float.floatToRawIntBits(e[k]) != Float.floatToRawIntBits(a[k])));
                }
            }
        } else if (expected instanceof double[]) {
            double[] e = (double[]) expected;
            double[] a = (double[]) actual;
            assertEquals(what + ": length", e.length, a.length);
            for (int i = 0; i < e.length; i++) {
                long eb = Double.doubleToRawLongBits(e[i]);
                long ab = Double.doubleToRawLongBits(a[i]);
                if (eb != ab) {
                    fail(what + "[" + i + "]: expected 0x" + Long.toHexString(eb) + " (" + e[i] + ") but was 0x"
                            + Long.toHexString(ab) + " (" + a[i] + ")" + mismatchCount(e.length, k ->
                            Double.doubleToRawLongBits(e[k]) != Double.doubleToRawLongBits(a[k])));
                }
            }
        } else {
            JvmOracle.assertSame(what, expected, actual);
        }
    }

    private interface Differs {
        boolean at(int k);
    }

    private static String mismatchCount(int n, Differs d) {
        int count = 0;
        for (int k = 0; k < n; k++) {
            if (d.at(k)) {
                count++;
            }
        }
        return " (" + count + " of " + n + " differ)";
    }

    /**
     * One execution of a schedule kept across steps: the JVM runs on {@code mirror} (its state carried over like the
     * device's), then the schedule.
     */
    private static void step(String what, TaskSchedule s, Jvm jvm, Object[] mirror, Object[] actual) {
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
            throw new AssertionError(what + ": bailed out: " + got.getMessage(), got);
        }
        verdict(what, expected, got, s.report().task("t"), s.report().tasks(), s.report().toString());
        compare(what, mirror, actual);
    }

    // ================================================================ inputs

    /**
     * Moves within rows of {@code w}: {sp[], dp[], n[]} with sp + n and dp + n at most w. The first rows are chosen
     * (later, earlier, onto itself, empty, whole row, one element, by one each way); the rest random.
     */
    private static int[][] moves(long seed, int rows, int w) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] sp = new int[rows];
        int[] dp = new int[rows];
        int[] n = new int[rows];
        int[][] fixed = {{0, 1, w - 1}, {1, 0, w - 1}, {3, 3, w - 3}, {2, 5, 0}, {0, 0, w}, {w - 1, 0, 1},
            {0, w - 1, 1}, {0, w / 2, w / 2}, {w / 2, 0, w / 2}, {1, 2, w - 2}, {2, 1, w - 2}};
        for (int i = 0; i < rows; i++) {
            if (i < fixed.length) {
                sp[i] = fixed[i][0];
                dp[i] = fixed[i][1];
                n[i] = fixed[i][2];
            } else {
                n[i] = r.nextInt(0, w + 1);
                sp[i] = r.nextInt(0, w - n[i] + 1);
                dp[i] = r.nextInt(0, w - n[i] + 1);
            }
        }
        return new int[][] {sp, dp, n};
    }

    /** {sp, dp, n} of each cell, interleaved (as one array of 3 per cell). */
    private static int[] interleaved(int[][] m) {
        int[] out = new int[3 * m[0].length];
        for (int i = 0; i < m[0].length; i++) {
            out[3 * i] = m[0][i];
            out[3 * i + 1] = m[1][i];
            out[3 * i + 2] = m[2][i];
        }
        return out;
    }

    private static int[][] cloneMoves(int[][] m) {
        return new int[][] {m[0].clone(), m[1].clone(), m[2].clone()};
    }

    /** Floats of random bits: many NaNs with payloads (quiet and signalling), both zeros, subnormals, infinities. */
    private static float[] floatBits(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[n];
        int[] specials = {0x7f800001, 0xff800001, 0x7fc00000, 0xffc00000, 0x7fa5a5a5, 0xffd00bad, 0x80000000, 0,
            0x7f800000, 0xff800000, 1, 0x80000001, 0x7fbfffff};
        for (int i = 0; i < n; i++) {
            int bits = i % 5 == 0 ? specials[(i / 5) % specials.length] : r.nextInt();
            if (i % 7 == 3) {
                bits |= 0x7f800000; // exponent all ones: NaN or infinity
            }
            a[i] = Float.intBitsToFloat(bits);
        }
        return a;
    }

    private static double[] doubleBits(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = new double[n];
        long[] specials = {0x7ff0000000000001L, 0xfff0000000000001L, 0x7ff8000000000000L, 0xfff8000000000000L,
            0x7ff4000000000badL, 0xfffc0000deadbeefL, 0x8000000000000000L, 0L, 0x7ff0000000000000L, 1L,
            0x8000000000000001L};
        for (int i = 0; i < n; i++) {
            long bits = i % 5 == 0 ? specials[(i / 5) % specials.length] : r.nextLong();
            if (i % 7 == 3) {
                bits |= 0x7ff0000000000000L;
            }
            a[i] = Double.longBitsToDouble(bits);
        }
        return a;
    }

    private static boolean[] bools(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextBoolean();
        }
        return a;
    }

    private static byte[] bytes(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] a = new byte[n];
        for (int i = 0; i < n; i++) {
            a[i] = (byte) r.nextInt();
        }
        return a;
    }

    private static char[] chars(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        char[] a = new char[n];
        for (int i = 0; i < n; i++) {
            a[i] = (char) r.nextInt();
        }
        return a;
    }

    private static short[] shorts(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        short[] a = new short[n];
        for (int i = 0; i < n; i++) {
            a[i] = (short) r.nextInt();
        }
        return a;
    }

    // ================================================================ A. the direction of each work-item

    public static void perItemMoves(long[] a, int[] sp, int[] dp, int[] n, int w) {
        for (@Parallel int i = 0; i < n.length; i++) {
            System.arraycopy(a, i * w + sp[i], a, i * w + dp[i], n[i]);
        }
    }

    public static void perItemBetween(double[] src, double[] dst, int[] sp, int[] dp, int[] n, int w) {
        for (@Parallel int i = 0; i < n.length; i++) {
            System.arraycopy(src, i * w + sp[i], dst, i * w + dp[i], n[i]);
        }
    }

    private static void perItemMovesProbe(String what, int[][] m, int w, int size) {
        probe(what, Mode.DEVICE, () -> new Object[] {JvmOracle.longs(100, size), m[0].clone(), m[1].clone(),
            m[2].clone()}, x -> perItemMoves((long[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3], w),
                (s, x) -> s.task("t", ArrayCopyProbeTest::perItemMoves, (long[]) x[0], (int[]) x[1], (int[]) x[2],
                        (int[]) x[3], w));
    }

    /** One array: each work-item copies later, earlier or onto itself within its own row. */
    @Test
    public void directionChosenPerWorkItemInOneArray() {
        for (int w : new int[] {40, 300}) {
            int[][] m = moves(1 + w, 64, w);
            perItemMovesProbe("perItemMoves w=" + w, m, w, 64 * w);
        }
        // Each failure alone: a negative length, a negative position, the last row past the end, positions at the
        // int edges (i * w + MAX_VALUE wraps negative), a length of MAX_VALUE, sp + n wrapping.
        int w = 40;
        int[][] base = moves(2, 64, w);
        int[][] bad = {{17, 2, -1}, {0, 1, -1}, {63, 0, w - base[2][63] + 1}, {30, 0, Integer.MIN_VALUE},
            {31, 1, Integer.MAX_VALUE}, {1, 0, Integer.MAX_VALUE}, {5, 2, Integer.MAX_VALUE},
            {6, 2, Integer.MIN_VALUE}, {0, 0, Integer.MAX_VALUE - 5}};
        for (int[] b : bad) {
            int[][] m = cloneMoves(base);
            if (b[0] == 0 && b[1] == 0) {
                m[0][0] = b[2];
                m[2][0] = 10; // sp + n wraps
            } else if (b[0] == 63) {
                m[0][63] = b[2];
            } else {
                m[b[1]][b[0]] = b[2];
            }
            perItemMovesProbe("perItemMoves bad " + Arrays.toString(b), m, w, 64 * w);
        }
    }

    /** Two parameters, distinct and one Java array for both: each work-item's own direction. */
    @Test
    public void directionChosenPerWorkItemBetweenTwoParameters() {
        for (boolean aliased : new boolean[] {false, true}) {
            for (int w : new int[] {33, 257}) {
                int[][] m = moves(3 + w, 48, w);
                probe("perItemBetween aliased=" + aliased + " w=" + w, Mode.DEVICE, () -> {
                    double[] a = doubleBits(4, 48 * w);
                    return new Object[] {a, aliased ? a : doubleBits(5, 48 * w), m[0].clone(), m[1].clone(),
                        m[2].clone()};
                }, x -> perItemBetween((double[]) x[0], (double[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4], w),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::perItemBetween, (double[]) x[0], (double[]) x[1],
                                (int[]) x[2], (int[]) x[3], (int[]) x[4], w));
            }
            int[][] m = moves(6, 48, 33);
            m[2][47] = 34; // the last row's copy passes the end
            probe("perItemBetween aliased=" + aliased + " past the end", Mode.DEVICE, () -> {
                double[] a = doubleBits(7, 48 * 33);
                return new Object[] {a, aliased ? a : doubleBits(8, 48 * 33), m[0].clone(), m[1].clone(),
                    m[2].clone()};
            }, x -> perItemBetween((double[]) x[0], (double[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4], 33),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::perItemBetween, (double[]) x[0], (double[]) x[1],
                            (int[]) x[2], (int[]) x[3], (int[]) x[4], 33));
        }
    }

    // ================================================================ B. receivers

    /** Arrays and positions in fields: a receiver for instance tasks. */
    public static final class Mover {
        int[] src;
        int[] dst;
        int[] moves;
        int from;
        int to;
        int len;
        int w;

        public Mover(int[] src, int[] dst, int[] moves, int from, int to, int len, int w) {
            this.src = src;
            this.dst = dst;
            this.moves = moves;
            this.from = from;
            this.to = to;
            this.len = len;
            this.w = w;
        }

        /** Positions and length from int fields. */
        public void rows(int k) {
            for (@Parallel int i = 0; i < dst.length / w; i++) {
                System.arraycopy(src, i * w + from + k, dst, i * w + to + k, len);
            }
        }

        /** Positions and length from a field array, per work-item. */
        public void rowsFromMoves(int k) {
            for (@Parallel int i = 0; i < moves.length / 3; i++) {
                System.arraycopy(src, i * w + moves[3 * i] + k, dst, i * w + moves[3 * i + 1] + k, moves[3 * i + 2]);
            }
        }

        /** Positions and length from int fields, in a parallel stream. */
        public void streamRows(int k) {
            IntStream.range(0, dst.length / w).parallel().forEach(i -> System.arraycopy(src, i * w + from + k, dst,
                    i * w + to + k, len));
        }

        /** From a field to a parameter (which may be that field's array). */
        public void intoParameter(int[] out) {
            for (@Parallel int i = 0; i < out.length / w; i++) {
                System.arraycopy(src, i * w + from, out, i * w + to, len);
            }
        }
    }

    private static Observe moverArrays() {
        return x -> {
            Mover h = (Mover) x[0];
            Object[] rest = new Object[x.length + 3];
            rest[0] = h.src;
            rest[1] = h.dst;
            rest[2] = h.moves;
            System.arraycopy(x, 1, rest, 3, x.length - 1);
            return rest;
        };
    }

    @Test
    public void positionsFromReceiverFieldsWithTheFieldsOneArray() {
        int w = 16;
        int[][] cases = {{0, 1, 15}, {1, 0, 15}, {3, 3, 13}, {0, 0, 16}, {5, 2, 0}, {2, 9, 7}, {9, 2, 7},
            {0, 1, 16}, {-1, 0, 1}, {0, 0, -1}, {Integer.MAX_VALUE, 0, 1}, {1, 1, Integer.MAX_VALUE}};
        for (boolean aliased : new boolean[] {false, true}) {
            for (int[] c : cases) {
                probe("Mover.rows aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(10, 40 * w);
                    return new Object[] {new Mover(a, aliased ? a : JvmOracle.ints(11, 40 * w), new int[0], c[0],
                        c[1], c[2], w)};
                }, x -> ((Mover) x[0]).rows(0), (s, x) -> s.task("t", ((Mover) x[0])::rows, 0), moverArrays());
            }
        }
    }

    @Test
    public void positionsFromAReceiverFieldArrayPerWorkItem() {
        for (boolean aliased : new boolean[] {false, true}) {
            for (int w : new int[] {24, 200}) {
                int[] m = interleaved(moves(12 + w, 50, w));
                probe("Mover.rowsFromMoves aliased=" + aliased + " w=" + w, Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(13, 50 * w);
                    return new Object[] {new Mover(a, aliased ? a : JvmOracle.ints(14, 50 * w), m.clone(), 0, 0, 0,
                        w)};
                }, x -> ((Mover) x[0]).rowsFromMoves(0), (s, x) -> s.task("t", ((Mover) x[0])::rowsFromMoves, 0),
                        moverArrays());
            }
        }
        // Short rows of 9, the source and destination one array, each row's own direction.
        int w = 9;
        int[] m = new int[3 * 30];
        for (int i = 0; i < 30; i++) {
            m[3 * i] = i % 4;
            m[3 * i + 1] = (i * 5) % 4;
            m[3 * i + 2] = 3 + i % 3;
        }
        probe("Mover.rowsFromMoves src == dst, moves elsewhere", Mode.DEVICE, () -> {
            int[] a = JvmOracle.ints(15, 30 * w);
            return new Object[] {new Mover(a, a, m.clone(), 0, 0, 0, w)};
        }, x -> ((Mover) x[0]).rowsFromMoves(0), (s, x) -> s.task("t", ((Mover) x[0])::rowsFromMoves, 0),
                moverArrays());
    }

    @Test
    public void fromAReceiverFieldIntoAParameterThatIsTheSameArray() {
        int w = 20;
        int[][] cases = {{0, 4, 16}, {4, 0, 16}, {7, 7, 13}, {0, 0, 20}, {0, 4, 17}};
        for (boolean aliased : new boolean[] {false, true}) {
            for (int[] c : cases) {
                probe("Mover.intoParameter aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(16, 25 * w);
                    int[] out = aliased ? a : JvmOracle.ints(17, 25 * w);
                    return new Object[] {new Mover(a, new int[1], new int[0], c[0], c[1], c[2], w), out};
                }, x -> ((Mover) x[0]).intoParameter((int[]) x[1]),
                        (s, x) -> s.task("t", ((Mover) x[0])::intoParameter, (int[]) x[1]), moverArrays());
            }
        }
    }

    // ================================================================ C. static fields

    static int sFrom;
    static int sTo;
    static int sLen;

    public static void staticMoves(char[] a, int w) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + sFrom, a, i * w + sTo, sLen);
        }
    }

    @Test
    public void positionsFromStaticFields() {
        int w = 150;
        int[][] cases = {{0, 1, 149}, {1, 0, 149}, {10, 10, 140}, {0, 0, 150}, {75, 0, 75}, {0, 75, 75}, {3, 7, 0},
            {0, 1, 150}, {-5, 0, 3}, {0, 0, -2}, {Integer.MIN_VALUE, 0, 0}};
        for (int[] c : cases) {
            sFrom = c[0];
            sTo = c[1];
            sLen = c[2];
            probe("staticMoves " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {chars(20, 12 * w)},
                    x -> staticMoves((char[]) x[0], w),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::staticMoves, (char[]) x[0], w));
        }
        // One schedule, the statics changed between executions: the direction flips each time.
        char[] a = chars(21, 12 * w);
        char[] m = a.clone();
        try (TaskSchedule s = new TaskSchedule("statics").task("t", ArrayCopyProbeTest::staticMoves, a, w)) {
            for (int run = 0; run < 6; run++) {
                sFrom = run % 2 == 0 ? 0 : 5;
                sTo = run % 2 == 0 ? 5 : 0;
                sLen = 140 + run;
                step("staticMoves run " + run, s, x -> staticMoves(m, w), new Object[] {m}, new Object[] {a});
            }
        }
    }

    // ================================================================ D. 2-D and 3-D nests

    public static void nest2d(float[] a, int rows, int cols, int w, int from, int to, int n) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                int base = (r * cols + c) * w;
                if (((r + c) & 1) == 0) {
                    System.arraycopy(a, base + from, a, base + to, n);
                } else {
                    System.arraycopy(a, base + to, a, base + from, n);
                }
            }
        }
    }

    public static void nest3d(double[] src, double[] dst, int x, int y, int z, int w, int[] m) {
        for (@Parallel int i = 0; i < x; i++) {
            for (@Parallel int j = 0; j < y; j++) {
                for (@Parallel int k = 0; k < z; k++) {
                    int cell = (i * y + j) * z + k;
                    System.arraycopy(src, cell * w + m[3 * cell], dst, cell * w + m[3 * cell + 1], m[3 * cell + 2]);
                }
            }
        }
    }

    @Test
    public void copiesInA2dNestFlipDirectionByParity() {
        int rows = 7;
        int cols = 9;
        int w = 140;
        int[][] cases = {{0, 3, 137}, {3, 0, 137}, {0, 0, 140}, {10, 20, 0}, {0, 1, 139}, {0, 1, 140}, {0, 0, -1}};
        for (int[] c : cases) {
            probe("nest2d " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {floatBits(30, rows * cols * w)},
                    x -> nest2d((float[]) x[0], rows, cols, w, c[0], c[1], c[2]),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::nest2d, (float[]) x[0], rows, cols, w, c[0], c[1],
                            c[2]));
        }
    }

    @Test
    public void copiesInA3dNestWithMovesPerCell() {
        int x = 3;
        int y = 4;
        int z = 5;
        int w = 30;
        int cells = x * y * z;
        int[] m = interleaved(moves(31, cells, w));
        for (boolean aliased : new boolean[] {false, true}) {
            probe("nest3d aliased=" + aliased, Mode.DEVICE, () -> {
                double[] a = doubleBits(32, cells * w);
                return new Object[] {a, aliased ? a : doubleBits(33, cells * w), m.clone()};
            }, v -> nest3d((double[]) v[0], (double[]) v[1], x, y, z, w, (int[]) v[2]),
                    (s, v) -> s.task("t", ArrayCopyProbeTest::nest3d, (double[]) v[0], (double[]) v[1], x, y, z, w,
                            (int[]) v[2]));
            int[] bad = m.clone();
            bad[3 * 37 + 2] = -3;
            probe("nest3d aliased=" + aliased + " a negative length in cell 37", Mode.DEVICE, () -> {
                double[] a = doubleBits(34, cells * w);
                return new Object[] {a, aliased ? a : doubleBits(35, cells * w), bad.clone()};
            }, v -> nest3d((double[]) v[0], (double[]) v[1], x, y, z, w, (int[]) v[2]),
                    (s, v) -> s.task("t", ArrayCopyProbeTest::nest3d, (double[]) v[0], (double[]) v[1], x, y, z, w,
                            (int[]) v[2]));
        }
    }

    // ================================================================ E. sequential loops and branches

    /** Rotates row i by k[i] steps, one step at a time: right (copy later) when positive, left when negative. */
    public static void rotateRows(int[] a, int[] k, int w) {
        for (@Parallel int i = 0; i < k.length; i++) {
            int b = i * w;
            int steps = k[i];
            for (int s = 0; s < Math.abs(steps); s++) {
                if (steps > 0) {
                    int last = a[b + w - 1];
                    System.arraycopy(a, b, a, b + 1, w - 1);
                    a[b] = last;
                } else {
                    int first = a[b];
                    System.arraycopy(a, b + 1, a, b, w - 1);
                    a[b + w - 1] = first;
                }
            }
        }
    }

    static final int ROT_LOOP = 150;

    /** The same with a constant width: 149 elements (a loop, direction unknown while parsing). */
    public static void rotateRowsLoop(int[] a, int[] k) {
        for (@Parallel int i = 0; i < k.length; i++) {
            int b = i * ROT_LOOP;
            int steps = k[i];
            for (int s = 0; s < Math.abs(steps); s++) {
                if (steps > 0) {
                    int last = a[b + ROT_LOOP - 1];
                    System.arraycopy(a, b, a, b + 1, ROT_LOOP - 1);
                    a[b] = last;
                } else {
                    int first = a[b];
                    System.arraycopy(a, b + 1, a, b, ROT_LOOP - 1);
                    a[b + ROT_LOOP - 1] = first;
                }
            }
        }
    }

    @Test
    public void rotationsStepByStepInASequentialLoop() {
        int[] k = JvmOracle.ints(40, 24, -6, 7);
        k[0] = 0;
        k[1] = 1;
        k[2] = -1;
        for (int w : new int[] {1, 37, 200}) {
            probe("rotateRows w=" + w, Mode.DEVICE, () -> new Object[] {JvmOracle.ints(41, 24 * w), k.clone()},
                    x -> rotateRows((int[]) x[0], (int[]) x[1], w),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::rotateRows, (int[]) x[0], (int[]) x[1], w));
        }
        probe("rotateRowsLoop", Mode.DEVICE, () -> new Object[] {JvmOracle.ints(42, 24 * ROT_LOOP), k.clone()},
                x -> rotateRowsLoop((int[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::rotateRowsLoop, (int[]) x[0], (int[]) x[1]));
        // Width 0: w - 1 is -1, the first step throws.
        probe("rotateRows w=0", Mode.DEVICE, () -> new Object[] {new int[8], k.clone()},
                x -> rotateRows((int[]) x[0], (int[]) x[1], 0),
                (s, x) -> s.task("t", ArrayCopyProbeTest::rotateRows, (int[]) x[0], (int[]) x[1], 0));
    }

    /** The loop's header reads the element the copy inside it overwrites. */
    public static void shiftWhilePositive(int[] a, int w, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int b = i * w;
            int c = 0;
            while (a[b] > 0 && c < w) {
                System.arraycopy(a, b + 1, a, b, w - 1);
                a[b + w - 1] = 0;
                c++;
            }
            out[i] = c;
        }
    }

    /** The inner loop's bound is an element the copy overwrites; an element read after the copy. */
    public static void boundOverwrittenByCopy(int[] a, int[] src, int w, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int b = i * w;
            int s = 0;
            for (int r = 0; r < a[b]; r++) {
                System.arraycopy(src, b + r, a, b, w - 4);
                s = s * 7 + a[b + w - 5];
            }
            out[i] = s;
        }
    }

    @Test
    public void loopHeadersReadWhatTheCopyWrites() {
        int w = 12;
        int rows = 40;
        probe("shiftWhilePositive", Mode.DEVICE, () -> {
            int[] a = JvmOracle.ints(50, rows * w, -2, 6);
            for (int r = 0; r < rows; r++) {
                a[r * w] = 1 + r % 5;
            }
            return new Object[] {a, new int[rows]};
        }, x -> shiftWhilePositive((int[]) x[0], w, (int[]) x[1]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::shiftWhilePositive, (int[]) x[0], w, (int[]) x[1]));
        probe("boundOverwrittenByCopy", Mode.DEVICE, () -> {
            int[] a = new int[rows * w];
            for (int r = 0; r < rows; r++) {
                a[r * w] = r % 4;
            }
            return new Object[] {a, JvmOracle.ints(51, rows * w + 8, 0, 5), new int[rows]};
        }, x -> boundOverwrittenByCopy((int[]) x[0], (int[]) x[1], w, (int[]) x[2]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::boundOverwrittenByCopy, (int[]) x[0], (int[]) x[1], w,
                        (int[]) x[2]));
        // The same where src is a (the copy reads what earlier steps wrote).
        probe("boundOverwrittenByCopy src == a", Mode.DEVICE, () -> {
            int[] a = JvmOracle.ints(52, rows * w + 8, 0, 4);
            return new Object[] {a, a, new int[rows]};
        }, x -> boundOverwrittenByCopy((int[]) x[0], (int[]) x[1], w, (int[]) x[2]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::boundOverwrittenByCopy, (int[]) x[0], (int[]) x[1], w,
                        (int[]) x[2]));
    }

    /** Each branch copies the other way between two parameters; a third copy after the merge. */
    public static void swapByBranch(short[] a, short[] b, boolean[] sel, int w, int n) {
        for (@Parallel int i = 0; i < sel.length; i++) {
            int base = i * w;
            if (sel[i]) {
                System.arraycopy(a, base, b, base + 1, n);
            } else {
                System.arraycopy(b, base + 1, a, base, n);
            }
            System.arraycopy(a, base + (sel[i] ? 2 : 0), a, base + (sel[i] ? 0 : 2), n - 2);
        }
    }

    @Test
    public void copiesInBothBranchesOfAnIf() {
        int w = 160;
        for (boolean aliased : new boolean[] {false, true}) {
            for (int n : new int[] {2, 3, 158, 159}) {
                probe("swapByBranch aliased=" + aliased + " n=" + n, Mode.DEVICE, () -> {
                    short[] a = shorts(60, 20 * w);
                    return new Object[] {a, aliased ? a : shorts(61, 20 * w), bools(62, 20)};
                }, x -> swapByBranch((short[]) x[0], (short[]) x[1], (boolean[]) x[2], w, n),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::swapByBranch, (short[]) x[0], (short[]) x[1],
                                (boolean[]) x[2], w, n));
            }
        }
        // n = 1: the third copy's length is -1; n = 160: the first copy passes the row (and, last, the array).
        for (int n : new int[] {1, 160}) {
            probe("swapByBranch n=" + n, Mode.DEVICE, () -> new Object[] {shorts(63, 20 * w), shorts(64, 20 * w),
                bools(65, 20)}, x -> swapByBranch((short[]) x[0], (short[]) x[1], (boolean[]) x[2], w, n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::swapByBranch, (short[]) x[0], (short[]) x[1],
                            (boolean[]) x[2], w, n));
        }
    }

    // ================================================================ F. streams

    public static void streamRows(short[] a, short[] b, int w, int from, int to, int n) {
        IntStream.range(0, a.length / w).parallel().forEach(i -> System.arraycopy(a, i * w + from, b, i * w + to, n));
    }

    public static void streamPerItem(byte[] a, int[] m, int w) {
        IntStream.range(0, m.length / 3).parallel().forEach(i -> System.arraycopy(a, i * w + m[3 * i], a,
                i * w + m[3 * i + 1], m[3 * i + 2]));
    }

    @Test
    public void copiesInParallelStreams() {
        int w = 131;
        int[][] cases = {{0, 1, 130}, {1, 0, 130}, {0, 0, 131}, {4, 4, 0}, {60, 0, 71}};
        for (boolean aliased : new boolean[] {false, true}) {
            for (int[] c : cases) {
                probe("streamRows aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE, () -> {
                    short[] a = shorts(70, 30 * w);
                    return new Object[] {a, aliased ? a : shorts(71, 30 * w)};
                }, x -> streamRows((short[]) x[0], (short[]) x[1], w, c[0], c[1], c[2]),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::streamRows, (short[]) x[0], (short[]) x[1], w, c[0],
                                c[1], c[2]));
            }
        }
        for (int[] c : new int[][] {{0, 1, 130}, {1, 0, 130}}) {
            for (boolean aliased : new boolean[] {false, true}) {
                probe("Mover.streamRows aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(74, 30 * w);
                    return new Object[] {new Mover(a, aliased ? a : JvmOracle.ints(75, 30 * w), new int[0], c[0], c[1],
                        c[2], w)};
                }, x -> ((Mover) x[0]).streamRows(0), (s, x) -> s.task("t", ((Mover) x[0])::streamRows, 0),
                        moverArrays());
            }
        }
        int[] m = interleaved(moves(72, 40, 50));
        probe("streamPerItem", Mode.DEVICE, () -> new Object[] {bytes(73, 40 * 50), m.clone()},
                x -> streamPerItem((byte[]) x[0], (int[]) x[1], 50),
                (s, x) -> s.task("t", ArrayCopyProbeTest::streamPerItem, (byte[]) x[0], (int[]) x[1], 50));
    }

    // ================================================================ G. reductions beside copies

    public static void copyThenSum(int[] src, int[] dst, int w, int n, @Reduce long[] sum) {
        for (@Parallel int i = 0; i < dst.length / w; i++) {
            System.arraycopy(src, i * w + (w - n), dst, i * w, n);
            long s = 0;
            for (int k = 0; k < w; k++) {
                s = s * 3 + dst[i * w + k];
            }
            sum[0] += s;
        }
    }

    public static void shiftThenMax(int[] a, int w, int from, int to, int n, @Reduce int[] max) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + from, a, i * w + to, n);
            max[0] = Math.max(max[0], a[i * w] - a[i * w + w - 1]);
        }
    }

    @Test
    public void reductionsReadWhatTheCopiesWrote() {
        int w = 140;
        for (boolean aliased : new boolean[] {false, true}) {
            for (int n : new int[] {0, 1, 139, 140}) {
                probe("copyThenSum aliased=" + aliased + " n=" + n, Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(80, 50 * w);
                    return new Object[] {a, aliased ? a : JvmOracle.ints(81, 50 * w), new long[] {7}};
                }, x -> copyThenSum((int[]) x[0], (int[]) x[1], w, n, (long[]) x[2]),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::copyThenSum, (int[]) x[0], (int[]) x[1], w, n,
                                (long[]) x[2]));
            }
        }
        probe("copyThenSum n=141", Mode.DEVICE, () -> new Object[] {JvmOracle.ints(82, 50 * w),
            JvmOracle.ints(83, 50 * w), new long[] {7}}, x -> copyThenSum((int[]) x[0], (int[]) x[1], w, 141,
                (long[]) x[2]), (s, x) -> s.task("t", ArrayCopyProbeTest::copyThenSum, (int[]) x[0], (int[]) x[1], w,
                141, (long[]) x[2]));
        int[][] cases = {{0, 1, 139}, {1, 0, 139}, {0, 70, 70}, {70, 0, 70}, {0, 0, 0}};
        for (int[] c : cases) {
            probe("shiftThenMax " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {JvmOracle.ints(84, 60 * w),
                new int[] {Integer.MIN_VALUE}}, x -> shiftThenMax((int[]) x[0], w, c[0], c[1], c[2], (int[]) x[1]),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::shiftThenMax, (int[]) x[0], w, c[0], c[1], c[2],
                            (int[]) x[1]));
        }
    }

    // ================================================================ H. several tasks, kept arrays

    public static void rowHash(double[] m, int w, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 0;
            for (int k = 0; k < w; k++) {
                s = s * 0.5 + m[i * w + k];
            }
            out[i] = s;
        }
    }

    public static void shiftRows(double[] a, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + from, a, i * w + to, n);
        }
    }

    @Test
    public void aLaterTaskReadsWhatAnEarlierTaskCopied() {
        int w = 150;
        int rows = 30;
        for (boolean aliased : new boolean[] {false, true}) {
            int[][] m = moves(90 + (aliased ? 1 : 0), rows, w);
            probe("perItemBetween then rowHash aliased=" + aliased, Mode.DEVICE, () -> {
                double[] a = JvmOracle.doubles(92, rows * w, -4, 4);
                return new Object[] {a, aliased ? a : JvmOracle.doubles(93, rows * w, -4, 4), m[0].clone(),
                    m[1].clone(), m[2].clone(), new double[rows]};
            }, x -> {
                perItemBetween((double[]) x[0], (double[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4], w);
                rowHash((double[]) x[1], w, (double[]) x[5]);
            }, (s, x) -> s.task("c", ArrayCopyProbeTest::perItemBetween, (double[]) x[0], (double[]) x[1],
                    (int[]) x[2], (int[]) x[3], (int[]) x[4], w).task("t", ArrayCopyProbeTest::rowHash,
                            (double[]) x[1], w, (double[]) x[5]));
        }
        // Three tasks: a shift in place, a copy of the result into another array, a shift back the other way.
        for (int[] c : new int[][] {{0, 5, 145}, {5, 0, 145}}) {
            probe("shiftRows, perItemBetween, shiftRows " + Arrays.toString(c), Mode.DEVICE, () -> {
                int[][] mm = moves(94, rows, w);
                return new Object[] {JvmOracle.doubles(95, rows * w, -1, 1), new double[rows * w], mm[0], mm[1],
                    mm[2]};
            }, x -> {
                shiftRows((double[]) x[0], w, c[0], c[1], c[2]);
                perItemBetween((double[]) x[0], (double[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4], w);
                shiftRows((double[]) x[1], w, c[1], c[0], c[2]);
            }, (s, x) -> s.task("a", ArrayCopyProbeTest::shiftRows, (double[]) x[0], w, c[0], c[1], c[2])
                    .task("b", ArrayCopyProbeTest::perItemBetween, (double[]) x[0], (double[]) x[1], (int[]) x[2],
                            (int[]) x[3], (int[]) x[4], w)
                    .task("t", ArrayCopyProbeTest::shiftRows, (double[]) x[1], w, c[1], c[0], c[2]));
        }
        // The reader first, then the copy: the reader must see the old values.
        probe("rowHash then shiftRows", Mode.DEVICE, () -> new Object[] {JvmOracle.doubles(96, rows * w, -1, 1),
            new double[rows]}, x -> {
                rowHash((double[]) x[0], w, (double[]) x[1]);
                shiftRows((double[]) x[0], w, 0, 1, w - 1);
            }, (s, x) -> s.task("r", ArrayCopyProbeTest::rowHash, (double[]) x[0], w, (double[]) x[1])
                    .task("t", ArrayCopyProbeTest::shiftRows, (double[]) x[0], w, 0, 1, w - 1));
    }

    @Test
    public void keptArraysRotatedAcrossExecutions() {
        int w = 170;
        int rows = 20;
        int[] a = JvmOracle.ints(100, rows * w);
        int[] k = JvmOracle.ints(101, rows, -3, 4);
        int[] ma = a.clone();
        int[] mk = k.clone();
        try (TaskSchedule s = new TaskSchedule("kept-rotate").keepOnDevice(a, k).task("t",
                ArrayCopyProbeTest::rotateRows, a, k, w)) {
            for (int run = 0; run < 5; run++) {
                if (run == 3) {
                    // Java changes the steps (and one element) between executions.
                    for (int i = 0; i < rows; i++) {
                        k[i] = -k[i] + (i % 3) - 1;
                        mk[i] = k[i];
                    }
                    a[7] = 12345;
                    ma[7] = 12345;
                    s.markChanged(a, k);
                }
                step("kept-rotate run " + run, s, x -> rotateRows(ma, mk, w), new Object[] {ma, mk},
                        new Object[] {a, k});
            }
        }
        // Two tasks on kept arrays: shift a's rows, then copy them into b; b is shifted back next time.
        double[] src = JvmOracle.doubles(102, rows * w, -9, 9);
        double[] dst = new double[rows * w];
        int[][] m = moves(103, rows, w);
        double[] msrc = src.clone();
        double[] mdst = dst.clone();
        try (TaskSchedule s = new TaskSchedule("kept-two").keepOnDevice(src, dst)
                .task("a", ArrayCopyProbeTest::shiftRows, src, w, 1, 0, w - 1)
                .task("t", ArrayCopyProbeTest::perItemBetween, src, dst, m[0], m[1], m[2], w)) {
            for (int run = 0; run < 4; run++) {
                step("kept-two run " + run, s, x -> {
                    shiftRows(msrc, w, 1, 0, w - 1);
                    perItemBetween(msrc, mdst, m[0], m[1], m[2], w);
                }, new Object[] {msrc, mdst}, new Object[] {src, dst});
            }
        }
    }

    // ================================================================ I. every primitive type

    /** Four element types at once: each work-item copies [sp, sp + n) to [dp, dp + n) of its own stride. */
    public static void blocksNarrow(boolean[] zs, boolean[] zd, byte[] bs, byte[] bd, char[] cs, char[] cd, short[] hs,
            short[] hd, int sp, int dp, int n, int stride) {
        for (@Parallel int i = 0; i < 3; i++) {
            System.arraycopy(zs, sp + i * stride, zd, dp + i * stride, n);
            System.arraycopy(bs, sp + i * stride, bd, dp + i * stride, n);
            System.arraycopy(cs, sp + i * stride, cd, dp + i * stride, n);
            System.arraycopy(hs, sp + i * stride, hd, dp + i * stride, n);
        }
    }

    public static void blocksWide(int[] is, int[] id, long[] js, long[] jd, float[] fs, float[] fd, double[] ds,
            double[] dd, int sp, int dp, int n, int stride) {
        for (@Parallel int i = 0; i < 3; i++) {
            System.arraycopy(is, sp + i * stride, id, dp + i * stride, n);
            System.arraycopy(js, sp + i * stride, jd, dp + i * stride, n);
            System.arraycopy(fs, sp + i * stride, fd, dp + i * stride, n);
            System.arraycopy(ds, sp + i * stride, dd, dp + i * stride, n);
        }
    }

    private interface Fresh {
        Object[] make(long seed, int n);
    }

    private interface Blocks {
        void run(Object[] x, int sp, int dp, int n, int stride);
    }

    private interface BlockTask {
        TaskSchedule add(TaskSchedule s, Object[] x, int sp, int dp, int n, int stride);
    }

    /** Four (source, destination) pairs; with {@code aliased} each destination is its source. */
    private static Object[] pairs(Fresh fresh, long seed, int len, boolean aliased) {
        Object[] src = fresh.make(seed, len);
        Object[] dst = aliased ? src : fresh.make(seed + 1000, len);
        return new Object[] {src[0], dst[0], src[1], dst[1], src[2], dst[2], src[3], dst[3]};
    }

    private static void blocksOfTypes(String types, Fresh fresh, Blocks jvm, BlockTask task) {
        // Each work-item: [sp, sp + n) to [dp, dp + n) of its own stride; the three strides never overlap.
        int[][] moves = {{5, 2}, {7, 3}, {3, 7}, {4, 4}, {0, 0}};
        for (int n : new int[] {0, 1, 129, 1000}) {
            int stride = n + 10;
            int len = 3 * stride;
            for (int[] mv : moves) {
                for (boolean aliased : new boolean[] {false, true}) {
                    if (!aliased && mv[0] != 5) {
                        continue;
                    }
                    probe(types + " n=" + n + " sp=" + mv[0] + " dp=" + mv[1] + " aliased=" + aliased, Mode.DEVICE,
                            () -> pairs(fresh, 110 + n, len, aliased), x -> jvm.run(x, mv[0], mv[1], n, stride),
                            (s, x) -> task.add(s, x, mv[0], mv[1], n, stride));
                }
            }
        }
        // The last work-item's copy ends one past the end (sp + n, then dp + n), a position wraps, one is negative.
        int n = 129;
        int stride = n + 10;
        int len = 3 * stride;
        int[][] bad = {{11, 0}, {0, 11}, {Integer.MAX_VALUE - stride, 0}, {0, -1}};
        for (int[] mv : bad) {
            probe(types + " bad sp=" + mv[0] + " dp=" + mv[1], Mode.DEVICE, () -> pairs(fresh, 112, len, false),
                    x -> jvm.run(x, mv[0], mv[1], n, stride), (s, x) -> task.add(s, x, mv[0], mv[1], n, stride));
        }
    }

    @Test
    public void everyPrimitiveTypeAtLengths0To1000() {
        blocksOfTypes("boolean/byte/char/short", (seed, n) -> new Object[] {bools(seed, n), bytes(seed + 1, n),
            chars(seed + 2, n), shorts(seed + 3, n)}, (x, sp, dp, n, st) -> blocksNarrow((boolean[]) x[0],
                (boolean[]) x[1], (byte[]) x[2], (byte[]) x[3], (char[]) x[4], (char[]) x[5], (short[]) x[6],
                (short[]) x[7], sp, dp, n, st), (t, x, sp, dp, n, st) -> t.task("t", ArrayCopyProbeTest::blocksNarrow,
                (boolean[]) x[0], (boolean[]) x[1], (byte[]) x[2], (byte[]) x[3], (char[]) x[4], (char[]) x[5],
                (short[]) x[6], (short[]) x[7], sp, dp, n, st));
        blocksOfTypes("int/long/float/double", (seed, n) -> new Object[] {JvmOracle.ints(seed, n),
            JvmOracle.longs(seed + 1, n), floatBits(seed + 2, n), doubleBits(seed + 3, n)},
                (x, sp, dp, n, st) -> blocksWide((int[]) x[0], (int[]) x[1], (long[]) x[2], (long[]) x[3],
                        (float[]) x[4], (float[]) x[5], (double[]) x[6], (double[]) x[7], sp, dp, n, st),
                (t, x, sp, dp, n, st) -> t.task("t", ArrayCopyProbeTest::blocksWide, (int[]) x[0], (int[]) x[1],
                        (long[]) x[2], (long[]) x[3], (float[]) x[4], (float[]) x[5], (double[]) x[6], (double[]) x[7],
                        sp, dp, n, st));
    }

    // ================================================================ J. the int edges

    /** Only the flagged work-items copy (one at a time: no two copies race). */
    public static void flaggedCopy(int[] a, int[] b, boolean[] flags, int sp, int dp, int n) {
        for (@Parallel int i = 0; i < flags.length; i++) {
            if (flags[i]) {
                System.arraycopy(a, sp, b, dp, n);
            }
        }
    }

    @Test
    public void positionsAndLengthsAtTheIntEdges() {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        int[][] cases = {{0, 0, 0}, {100, 100, 0}, {100, 0, 0}, {0, 100, 0}, {0, 0, 100}, {99, 0, 1}, {0, 99, 1},
            {101, 0, 0}, {0, 101, 0}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {min, 0, 0}, {0, min, 1}, {max, 0, 1},
            {0, max, 1}, {1, 0, max}, {max, max, max}, {min, min, min}, {50, 50, max}, {max - 50, 0, 100},
            {0, 0, min}, {1, 1, 99}, {1, 1, 100}, {0, 0, 101}, {-1, -1, -1}, {max, 0, 0}, {0, max, 0}};
        for (int[] c : cases) {
            for (boolean aliased : new boolean[] {false, true}) {
                probe("flaggedCopy aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(120, 100);
                    boolean[] flags = new boolean[40];
                    flags[23] = true;
                    return new Object[] {a, aliased ? a : JvmOracle.ints(121, 100), flags};
                }, x -> flaggedCopy((int[]) x[0], (int[]) x[1], (boolean[]) x[2], c[0], c[1], c[2]),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::flaggedCopy, (int[]) x[0], (int[]) x[1],
                                (boolean[]) x[2], c[0], c[1], c[2]));
            }
        }
        // No work-item copies: Java never tests the positions.
        probe("flaggedCopy none flagged", Mode.DEVICE, () -> new Object[] {JvmOracle.ints(122, 100),
            JvmOracle.ints(123, 100), new boolean[40]}, x -> flaggedCopy((int[]) x[0], (int[]) x[1],
                (boolean[]) x[2], min, max, -1), (s, x) -> s.task("t", ArrayCopyProbeTest::flaggedCopy, (int[]) x[0],
                (int[]) x[1], (boolean[]) x[2], min, max, -1));
    }

    /** Constant positions and lengths on both sides of 128, some that always throw, chosen per work-item. */
    public static void constantCopies(int[] a, int[] which) {
        for (@Parallel int i = 0; i < which.length; i++) {
            switch (which[i]) {
                case 0:
                    System.arraycopy(a, 0, a, 1, 129);
                    break;
                case 1:
                    System.arraycopy(a, 1, a, 0, 129);
                    break;
                case 2:
                    System.arraycopy(a, 0, a, 1, 128);
                    break;
                case 3:
                    System.arraycopy(a, 1, a, 0, 128);
                    break;
                case 4:
                    System.arraycopy(a, 0, a, 500, 1000);
                    break;
                case 5:
                    System.arraycopy(a, 500, a, 0, 1000);
                    break;
                case 6:
                    System.arraycopy(a, 3, a, 3, 1000);
                    break;
                case 7:
                    System.arraycopy(a, 0, a, 0, -1);
                    break;
                case 8:
                    System.arraycopy(a, Integer.MAX_VALUE, a, 0, 129);
                    break;
                case 9:
                    System.arraycopy(a, 1, a, 0, Integer.MAX_VALUE);
                    break;
                case 10:
                    System.arraycopy(a, 2000, a, 0, 0);
                    break;
                case 11:
                    System.arraycopy(a, a.length, a, a.length, 0);
                    break;
                case 12:
                    System.arraycopy(a, 0, a, 1, a.length - 1);
                    break;
                case 13:
                    System.arraycopy(a, 1, a, 0, a.length - 1);
                    break;
                default:
                    break;
            }
        }
    }

    @Test
    public void constantCopiesAroundTheUnrolledLimit() {
        for (int c = -1; c < 14; c++) {
            int[] which = new int[30];
            Arrays.fill(which, -1);
            if (c >= 0) {
                which[17] = c;
            }
            int cc = c;
            probe("constantCopies case " + c, Mode.DEVICE, () -> new Object[] {JvmOracle.ints(130 + cc, 1500),
                which.clone()}, x -> constantCopies((int[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::constantCopies, (int[]) x[0], (int[]) x[1]));
        }
        // Shorter than some constant copies need: they throw only where taken.
        for (int c : new int[] {-1, 0, 2, 4, 11, 12, 13}) {
            int[] which = new int[30];
            Arrays.fill(which, -1);
            if (c >= 0) {
                which[3] = c;
            }
            probe("constantCopies short array case " + c, Mode.DEVICE, () -> new Object[] {JvmOracle.ints(140, 129),
                which.clone()}, x -> constantCopies((int[]) x[0], (int[]) x[1]),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::constantCopies, (int[]) x[0], (int[]) x[1]));
        }
    }

    // ================================================================ K. private arrays

    public static void throughPrivate(int[] a, int[] out, int w, int n, int at) {
        for (@Parallel int i = 0; i < out.length / w; i++) {
            int[] t = new int[16];
            System.arraycopy(a, i * w, t, at, n);
            System.arraycopy(t, at, t, at + 1, n - 1);
            System.arraycopy(t, at + 1, out, i * w, n - 1);
            out[i * w + w - 1] = t[0] + 3 * t[15];
        }
    }

    public static void bigPrivate(int[] a, int[] out, int n, int from, int to) {
        for (@Parallel int i = 0; i < out.length / 300; i++) {
            int[] t = new int[300];
            System.arraycopy(a, i * 300, t, 0, 300);
            System.arraycopy(t, from, t, to, n);
            int[] c = t.clone();
            c[0] = -1;
            System.arraycopy(c, 0, out, i * 300, 300);
            out[i * 300 + 299] += t[0] * 3 + c[299];
        }
    }

    /** clone(), Arrays.copyOf and copyOfRange of a private array of 1000 bytes (4000 bytes in all). */
    public static void privateCloneOf1000(byte[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            byte[] t = new byte[1000];
            System.arraycopy(a, i, t, 0, 1000);
            byte[] c = t.clone();
            t[i % 1000] = 99;
            byte[] d = Arrays.copyOf(c, 1100);
            byte[] e = Arrays.copyOfRange(c, 7, 907);
            out[i] = t[(i * 7) % 1000] + 3 * c[i % 1000] + 5 * d[1000 + i % 100] + 7 * d[(i * 3) % 1000]
                    + 11 * e[(i * 11) % 900] + 13 * t[i % 1000] + d.length + e.length;
        }
    }

    public static void rawBitsThroughPrivate(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            float[] t = new float[200];
            System.arraycopy(a, i * 200, t, 0, n);
            float[] c = t.clone();
            System.arraycopy(c, 0, out, i * 200, 200);
        }
    }

    @Test
    public void privateArraysAndArgumentsBothWays() {
        int w = 20;
        int[][] cases = {{16, 0}, {15, 0}, {8, 7}, {1, 15}, {1, 0}, {0, 0}, {17, 0}, {8, 9}, {-1, 0}, {3, -1},
            {3, 16}};
        for (int[] c : cases) {
            probe("throughPrivate n=" + c[0] + " at=" + c[1], Mode.DEVICE, () -> new Object[] {JvmOracle.ints(150,
                30 * w), JvmOracle.ints(151, 30 * w)}, x -> throughPrivate((int[]) x[0], (int[]) x[1], w, c[0], c[1]),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::throughPrivate, (int[]) x[0], (int[]) x[1], w, c[0],
                            c[1]));
        }
        int[][] big = {{299, 0, 1}, {299, 1, 0}, {150, 10, 150}, {150, 150, 10}, {300, 0, 0}, {0, 300, 300},
            {129, 3, 100}, {301, 0, 0}, {200, 101, 0}};
        for (int[] c : big) {
            probe("bigPrivate " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {JvmOracle.ints(152, 20 * 300),
                new int[20 * 300]}, x -> bigPrivate((int[]) x[0], (int[]) x[1], c[0], c[1], c[2]),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::bigPrivate, (int[]) x[0], (int[]) x[1], c[0], c[1],
                            c[2]));
        }
        probe("privateCloneOf1000", Mode.DEVICE, () -> new Object[] {bytes(153, 1024), new int[24]},
                x -> privateCloneOf1000((byte[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::privateCloneOf1000, (byte[]) x[0], (int[]) x[1]));
        probe("privateCloneOf1000 a too short", Mode.DEVICE, () -> new Object[] {bytes(155, 1020), new int[24]},
                x -> privateCloneOf1000((byte[]) x[0], (int[]) x[1]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::privateCloneOf1000, (byte[]) x[0], (int[]) x[1]));
        for (int n : new int[] {200, 129, 0}) {
            probe("rawBitsThroughPrivate n=" + n, Mode.DEVICE, () -> new Object[] {floatBits(154, 10 * 200),
                new float[10 * 200]}, x -> rawBitsThroughPrivate((float[]) x[0], (float[]) x[1], n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::rawBitsThroughPrivate, (float[]) x[0], (float[]) x[1],
                            n));
        }
    }

    /** A variable holding one of two private arrays is the destination of a copy out of one of them. */
    public static void chosenPrivateDestination(int[] a, int[] out, boolean[] same, int n) {
        for (@Parallel int i = 0; i < same.length; i++) {
            int[] t = new int[200];
            int[] u = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
                u[k] = -k;
            }
            int[] v = same[i] ? t : u;
            System.arraycopy(t, 0, v, 1, n);
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k] * 3 + u[k];
            }
        }
    }

    /** The same with the chosen array as the source. */
    public static void chosenPrivateSource(int[] a, int[] out, boolean[] same, int n) {
        for (@Parallel int i = 0; i < same.length; i++) {
            int[] t = new int[200];
            int[] u = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
                u[k] = -k;
            }
            int[] v = same[i] ? t : u;
            System.arraycopy(v, 0, t, 1, n);
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k] * 3 + u[k];
            }
        }
    }

    /** A constant length above 128: a loop too. */
    public static void chosenPrivateConstant(int[] a, int[] out, boolean[] same) {
        for (@Parallel int i = 0; i < same.length; i++) {
            int[] t = new int[200];
            int[] u = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
                u[k] = -k;
            }
            int[] v = same[i] ? t : u;
            System.arraycopy(t, 0, v, 1, 150);
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k] * 3 + u[k];
            }
        }
    }

    @Test
    public void aPrivateArrayChosenAtRunTimeMayBeTheOtherSide() {
        for (int n : new int[] {199}) {
            probe("chosenPrivateDestination n=" + n, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {
                JvmOracle.ints(160, 16 * 200), new int[16 * 200], bools(161, 16)},
                    x -> chosenPrivateDestination((int[]) x[0], (int[]) x[1], (boolean[]) x[2], n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::chosenPrivateDestination, (int[]) x[0], (int[]) x[1],
                            (boolean[]) x[2], n));
            probe("chosenPrivateSource n=" + n, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {
                JvmOracle.ints(162, 16 * 200), new int[16 * 200], bools(163, 16)},
                    x -> chosenPrivateSource((int[]) x[0], (int[]) x[1], (boolean[]) x[2], n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::chosenPrivateSource, (int[]) x[0], (int[]) x[1],
                            (boolean[]) x[2], n));
        }
        probe("chosenPrivateConstant", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(164, 16 * 200),
            new int[16 * 200], bools(165, 16)}, x -> chosenPrivateConstant((int[]) x[0], (int[]) x[1],
                (boolean[]) x[2]), (s, x) -> s.task("t", ArrayCopyProbeTest::chosenPrivateConstant, (int[]) x[0],
                (int[]) x[1], (boolean[]) x[2]));
    }

    // ================================================================ L. Arrays.fill

    public static void fillPerItemJ(long[] a, int[] from, int[] to, long v, int w) {
        for (@Parallel int i = 0; i < from.length; i++) {
            Arrays.fill(a, i * w + from[i], i * w + to[i], v + i);
        }
    }

    public static void fillTypes(boolean[] z, byte[] b, char[] c, short[] s, float[] f, double[] d, int w,
            int from, int to, float fv, double dv) {
        for (@Parallel int i = 0; i < z.length / w; i++) {
            Arrays.fill(z, i * w + from, i * w + to, (i & 1) == 0);
            Arrays.fill(b, i * w + from, i * w + to, (byte) (i - 100));
            Arrays.fill(c, i * w + from, i * w + to, (char) (60000 + i));
            Arrays.fill(s, i * w + from, i * w + to, (short) (-i * 300));
            Arrays.fill(f, i * w + from, i * w + to, fv);
            Arrays.fill(d, i * w + from, i * w + to, dv);
        }
    }

    public static void fillPrivate(int[] out, int from, int to, int v) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            Arrays.fill(t, from, to, v + i);
            int[] u = new int[50];
            Arrays.fill(u, v - i);
            System.arraycopy(t, 0, out, i * 200, 200);
            out[i * 200 + i % 200] += u[i % 50];
        }
    }

    public static void fillInAStream(float[] a, int w, int from, int to, float v) {
        IntStream.range(0, a.length / w).parallel().forEach(i -> Arrays.fill(a, i * w + from, i * w + to, v));
    }

    @Test
    public void arraysFillOfRangesPerWorkItem() {
        int w = 30;
        int rows = 40;
        SplittableRandom r = new SplittableRandom(170);
        int[] from = new int[rows];
        int[] to = new int[rows];
        for (int i = 0; i < rows; i++) {
            from[i] = r.nextInt(0, w + 1);
            to[i] = r.nextInt(from[i], w + 1);
        }
        from[0] = 0;
        to[0] = w;
        from[1] = 5;
        to[1] = 5;
        probe("fillPerItemJ", Mode.DEVICE, () -> new Object[] {JvmOracle.longs(171, rows * w), from.clone(),
            to.clone()}, x -> fillPerItemJ((long[]) x[0], (int[]) x[1], (int[]) x[2], Long.MIN_VALUE + 3, w),
                (s, x) -> s.task("t", ArrayCopyProbeTest::fillPerItemJ, (long[]) x[0], (int[]) x[1], (int[]) x[2],
                        Long.MIN_VALUE + 3, w));
        // from > to (IllegalArgumentException, whatever the other bounds), from < 0, to past the end.
        int[][] bad = {{9, 6, 5}, {9, -1, -5}, {9, -1, 3}, {39, 0, 31}, {20, Integer.MIN_VALUE, 0},
            {20, 3, Integer.MAX_VALUE}, {0, Integer.MAX_VALUE, Integer.MIN_VALUE}};
        for (int[] b : bad) {
            int[] f2 = from.clone();
            int[] t2 = to.clone();
            f2[b[0]] = b[1];
            t2[b[0]] = b[2];
            probe("fillPerItemJ bad " + Arrays.toString(b), Mode.DEVICE, () -> new Object[] {
                JvmOracle.longs(172, rows * w), f2.clone(), t2.clone()}, x -> fillPerItemJ((long[]) x[0],
                    (int[]) x[1], (int[]) x[2], 5L, w), (s, x) -> s.task("t", ArrayCopyProbeTest::fillPerItemJ,
                    (long[]) x[0], (int[]) x[1], (int[]) x[2], 5L, w));
        }
    }

    @Test
    public void arraysFillOfEveryTypeKeepsTheValuesBits() {
        int w = 140;
        int rows = 8;
        float[] fvs = {Float.intBitsToFloat(0x7f800001), Float.intBitsToFloat(0xffc0beef), -0f};
        double[] dvs = {Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff80000cafef00dL),
            -0.0};
        int[][] ranges = {{0, 140}, {3, 139}, {7, 7}, {139, 140}, {0, 141}, {5, 4}, {-1, 2}};
        for (int[] rg : ranges) {
            for (int v = 0; v < fvs.length; v++) {
                if (v > 0 && (rg[1] > w || rg[0] > rg[1] || rg[0] < 0)) {
                    continue;
                }
                float fv = fvs[v];
                double dv = dvs[v];
                probe("fillTypes " + Arrays.toString(rg) + " value " + v, Mode.DEVICE, () -> new Object[] {
                    bools(180, rows * w), bytes(181, rows * w), chars(182, rows * w), shorts(183, rows * w),
                    floatBits(184, rows * w), doubleBits(185, rows * w)}, x -> fillTypes((boolean[]) x[0],
                        (byte[]) x[1], (char[]) x[2], (short[]) x[3], (float[]) x[4], (double[]) x[5], w, rg[0],
                        rg[1], fv, dv), (s, x) -> s.task("t", ArrayCopyProbeTest::fillTypes, (boolean[]) x[0],
                        (byte[]) x[1], (char[]) x[2], (short[]) x[3], (float[]) x[4], (double[]) x[5], w, rg[0],
                        rg[1], fv, dv));
            }
        }
    }

    @Test
    public void arraysFillOfPrivateArraysAndInStreams() {
        int[][] ranges = {{0, 200}, {0, 129}, {71, 200}, {100, 100}, {200, 200}, {0, 201}, {3, 2}, {-2, 5},
            {201, 201}, {-3, -3}};
        for (int[] rg : ranges) {
            probe("fillPrivate " + Arrays.toString(rg), Mode.DEVICE, () -> new Object[] {new int[12 * 200]},
                    x -> fillPrivate((int[]) x[0], rg[0], rg[1], -77),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::fillPrivate, (int[]) x[0], rg[0], rg[1], -77));
        }
        for (int[] rg : new int[][] {{0, 150}, {2, 149}, {60, 60}}) {
            probe("fillInAStream " + Arrays.toString(rg), Mode.DEVICE, () -> new Object[] {floatBits(186, 20 * 150)},
                    x -> fillInAStream((float[]) x[0], 150, rg[0], rg[1], Float.intBitsToFloat(0xff812345)),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::fillInAStream, (float[]) x[0], 150, rg[0], rg[1],
                            Float.intBitsToFloat(0xff812345)));
        }
    }

    // ================================================================ M. batches, split devices, copies of arguments

    public static void rowCopy(int[] src, int[] dst, int w, int off, int n) {
        for (@Parallel int i = 0; i < dst.length / w; i++) {
            System.arraycopy(src, i * w + off, dst, i * w, n);
        }
    }

    public static void rowShift(int[] a, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + from, a, i * w + to, n);
        }
    }

    private static String[] halves() {
        String d = null;
        for (dev.ferrocl.api.Device dev : Devices.list()) {
            if (dev.type().equalsIgnoreCase("CPU")) {
                d = dev.id();
                break;
            }
        }
        if (d == null) {
            d = Devices.defaultDevice().id();
        }
        return new String[] {d + ".0/2", d + ".1/2"};
    }

    @Test
    public void copiesInBatchesAndOnSplitDevices() {
        int w = 150;
        int rows = 400;
        // Rows read past their own (off > 0: the next row's start), whole rows, part rows.
        int[][] cases = {{0, 150}, {0, 149}, {3, 150}, {149, 151}, {0, 0}};
        for (int[] c : cases) {
            probe("rowCopy batched " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {
                JvmOracle.ints(190, rows * w + 200), JvmOracle.ints(191, rows * w)},
                    x -> rowCopy((int[]) x[0], (int[]) x[1], w, c[0], c[1]),
                    (s, x) -> s.batch("8KB").task("t", ArrayCopyProbeTest::rowCopy, (int[]) x[0], (int[]) x[1], w,
                            c[0], c[1]));
            probe("rowCopy split " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {
                JvmOracle.ints(192, rows * w + 200), JvmOracle.ints(193, rows * w)},
                    x -> rowCopy((int[]) x[0], (int[]) x[1], w, c[0], c[1]),
                    (s, x) -> s.devices(halves()).task("t", ArrayCopyProbeTest::rowCopy, (int[]) x[0], (int[]) x[1],
                            w, c[0], c[1]));
        }
        int[][] shifts = {{0, 1, 149}, {1, 0, 149}, {0, 0, 150}, {0, 75, 75}};
        for (int[] c : shifts) {
            probe("rowShift batched " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {
                JvmOracle.ints(194, rows * w)}, x -> rowShift((int[]) x[0], w, c[0], c[1], c[2]),
                    (s, x) -> s.batch("8KB").task("t", ArrayCopyProbeTest::rowShift, (int[]) x[0], w, c[0], c[1],
                            c[2]));
            probe("rowShift split " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {
                JvmOracle.ints(195, rows * w)}, x -> rowShift((int[]) x[0], w, c[0], c[1], c[2]),
                    (s, x) -> s.devices(halves()).task("t", ArrayCopyProbeTest::rowShift, (int[]) x[0], w, c[0], c[1],
                            c[2]));
        }
        // The copies of the arrays (not in place).
        for (int[] c : shifts) {
            probe("rowShift not in place " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {
                JvmOracle.ints(196, rows * w)}, x -> rowShift((int[]) x[0], w, c[0], c[1], c[2]),
                    (s, x) -> s.inPlace(false).task("t", ArrayCopyProbeTest::rowShift, (int[]) x[0], w, c[0], c[1],
                            c[2]));
        }
        probe("perItemBetween aliased not in place", Mode.DEVICE, () -> {
            int[][] m = moves(197, 40, 60);
            double[] a = doubleBits(198, 40 * 60);
            return new Object[] {a, a, m[0], m[1], m[2]};
        }, x -> perItemBetween((double[]) x[0], (double[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4], 60),
                (s, x) -> s.inPlace(false).task("t", ArrayCopyProbeTest::perItemBetween, (double[]) x[0],
                        (double[]) x[1], (int[]) x[2], (int[]) x[3], (int[]) x[4], 60));
    }

    // ================================================================ N. unrolled overlapping copies next to vectors

    public static void byteBlocks(byte[] a, float[] f, int mode) {
        for (@Parallel int i = 0; i < a.length / 32; i++) {
            int b = 32 * i;
            if (mode == 0) {
                System.arraycopy(a, b, a, b + 4, 8);
                System.arraycopy(f, b, f, b + 2, 4);
            } else if (mode == 1) {
                System.arraycopy(a, b + 4, a, b, 8);
                System.arraycopy(f, b + 2, f, b, 4);
            } else if (mode == 2) {
                System.arraycopy(a, b, a, b + 1, 16);
                System.arraycopy(f, b, f, b + 8, 16);
            } else {
                System.arraycopy(a, b + 8, a, b, 16);
                System.arraycopy(f, b + 8, f, b, 16);
            }
        }
    }

    @Test
    public void unrolledOverlappingCopiesOfVectorShapes() {
        for (int mode = 0; mode < 4; mode++) {
            int md = mode;
            probe("byteBlocks mode " + mode, Mode.DEVICE, () -> new Object[] {bytes(200, 64 * 32),
                floatBits(201, 64 * 32)}, x -> byteBlocks((byte[]) x[0], (float[]) x[1], md),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::byteBlocks, (byte[]) x[0], (float[]) x[1], md));
        }
    }

    // ================================================================ O. more shapes

    /** Rows whose positions i * w + from wrap: the host's proofs must not wrap where Java's ints do. */
    public static void wrappingRows(int[] a, int[] b, int rows, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < rows; i++) {
            System.arraycopy(a, i * w + from, b, i * w + to, n);
        }
    }

    @Test
    public void rowPositionsThatWrapAround() {
        int max = Integer.MAX_VALUE;
        // {rows, w, from, to, n}: i * w wraps for the middle rows only, or for the last; the ends look in range.
        int[][] cases = {{3, max, 2, 2, 1}, {3, max, 2, 0, 1}, {3, max, 0, 2, 1}, {5, 1 << 30, 0, 0, 1},
            {2, max, 1, 1, 1}, {3, -max, 2, 2, 1}, {3, 1 << 31, 2, 2, 1}, {2, 50, 0, 0, 50}, {1, max, 0, 0, 100}};
        for (int[] c : cases) {
            for (boolean aliased : new boolean[] {false, true}) {
                probe("wrappingRows aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(210, 100);
                    return new Object[] {a, aliased ? a : JvmOracle.ints(211, 100)};
                }, x -> wrappingRows((int[]) x[0], (int[]) x[1], c[0], c[1], c[2], c[3], c[4]),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::wrappingRows, (int[]) x[0], (int[]) x[1], c[0], c[1],
                                c[2], c[3], c[4]));
            }
        }
    }

    /** The direction by the parity of the parallel index (the shape coherentBranches reorganises). */
    public static void parityMoves(long[] a, int w, int lo, int n) {
        for (@Parallel int i = lo; i < a.length / w; i++) {
            int b = i * w;
            if (i % 2 == 0) {
                System.arraycopy(a, b, a, b + 1, n);
            } else {
                System.arraycopy(a, b + 1, a, b, n);
            }
        }
    }

    @Test
    public void directionByTheParityOfTheIndex() {
        for (int rows : new int[] {31, 32}) {
            for (int lo : new int[] {0, 1, 3}) {
                for (int n : new int[] {0, 99, 139}) {
                    probe("parityMoves rows=" + rows + " lo=" + lo + " n=" + n, Mode.DEVICE,
                            () -> new Object[] {JvmOracle.longs(220, rows * 140)},
                            x -> parityMoves((long[]) x[0], 140, lo, n),
                            (s, x) -> s.task("t", ArrayCopyProbeTest::parityMoves, (long[]) x[0], 140, lo, n));
                }
            }
        }
        probe("parityMoves n=140", Mode.DEVICE, () -> new Object[] {JvmOracle.longs(221, 31 * 140)},
                x -> parityMoves((long[]) x[0], 140, 0, 140),
                (s, x) -> s.task("t", ArrayCopyProbeTest::parityMoves, (long[]) x[0], 140, 0, 140));
    }

    /** Two receiver fields that may be one array; constant copies that store every element of dst. */
    public static final class Pair {
        int[] src;
        int[] dst;

        public Pair(int[] src, int[] dst) {
            this.src = src;
            this.dst = dst;
        }

        /** Swaps the halves of each block of 16 (unrolled: 8 loads, 8 stores, twice). */
        public void swapHalves(int k) {
            for (@Parallel int i = 0; i < dst.length / 16; i++) {
                System.arraycopy(src, i * 16 + 8, dst, i * 16, 8);
                System.arraycopy(src, i * 16 + k, dst, i * 16 + 8, 8);
            }
        }

        /** The same at a run-time length. */
        public void swapHalvesN(int n) {
            for (@Parallel int i = 0; i < dst.length / (2 * n); i++) {
                System.arraycopy(src, i * 2 * n + n, dst, i * 2 * n, n);
                System.arraycopy(src, i * 2 * n, dst, i * 2 * n + n, n);
            }
        }
    }

    @Test
    public void copiesThatStoreEveryElementOfAFieldThatIsAlsoTheSource() {
        for (boolean inPlace : new boolean[] {true, false}) {
            for (boolean aliased : new boolean[] {false, true}) {
                probe("Pair.swapHalves inPlace=" + inPlace + " aliased=" + aliased, Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(230, 16 * 40);
                    return new Object[] {new Pair(a, aliased ? a : JvmOracle.ints(231, 16 * 40))};
                }, x -> ((Pair) x[0]).swapHalves(0), (s, x) -> s.inPlace(inPlace).task("t", ((Pair) x[0])::swapHalves,
                        0), x -> new Object[] {((Pair) x[0]).src, ((Pair) x[0]).dst});
                probe("Pair.swapHalvesN inPlace=" + inPlace + " aliased=" + aliased, Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(232, 300 * 40);
                    return new Object[] {new Pair(a, aliased ? a : JvmOracle.ints(233, 300 * 40))};
                }, x -> ((Pair) x[0]).swapHalvesN(150), (s, x) -> s.inPlace(inPlace).task("t",
                        ((Pair) x[0])::swapHalvesN, 150), x -> new Object[] {((Pair) x[0]).src, ((Pair) x[0]).dst});
            }
        }
    }

    /** Copies through a helper method whose two array parameters may be one array. */
    static void move(int[] x, int sx, int[] y, int sy, int n) {
        System.arraycopy(x, sx, y, sy, n);
    }

    public static void viaHelper(int[] a, int[] b, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            move(a, i * w + from, a, i * w + to, n);
            move(a, i * w + to, b, i * w + from, n);
            int[] t = new int[64];
            move(b, i * w, t, 0, Math.min(n, 64));
            move(t, 0, t, 1, Math.min(n, 63));
            move(t, 0, b, i * w, Math.min(n, 64));
        }
    }

    @Test
    public void copiesThroughAHelperMethod() {
        int w = 150;
        int[][] cases = {{0, 1, 149}, {1, 0, 149}, {0, 0, 150}, {20, 30, 100}, {30, 20, 100}, {0, 0, 0}, {0, 1, 150}};
        for (int[] c : cases) {
            for (boolean aliased : new boolean[] {false, true}) {
                probe("viaHelper aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE, () -> {
                    int[] a = JvmOracle.ints(240, 20 * w);
                    return new Object[] {a, aliased ? a : JvmOracle.ints(241, 20 * w)};
                }, x -> viaHelper((int[]) x[0], (int[]) x[1], w, c[0], c[1], c[2]),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::viaHelper, (int[]) x[0], (int[]) x[1], w, c[0], c[1],
                                c[2]));
            }
        }
    }

    /** Copies and fills before or after the parallel loop, and copies that would allocate: refused or right. */
    public static void copyBeforeTheLoop(int[] a, int[] out, int n) {
        System.arraycopy(a, 0, a, 1, n);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i];
        }
    }

    public static void fillBeforeTheLoop(int[] a, int[] out, int n) {
        Arrays.fill(a, 0, n, 5);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i];
        }
    }

    public static void copyAfterTheLoop(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + 1;
        }
        System.arraycopy(out, 0, out, 1, n);
    }

    public static void copyOfRangeAtRunTime(int[] a, int[] out, int from, int to) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[8];
            t[i % 8] = a[i];
            int[] r = Arrays.copyOfRange(t, from, to);
            out[i] = r[0] + r.length;
        }
    }

    public static void copyOfAnArgument(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] r = Arrays.copyOf(a, n);
            out[i] = r[i % n];
        }
    }

    @Test
    public void copiesOutsideTheLoopsOrAllocatingAreRefusedCleanly() {
        probe("copyBeforeTheLoop", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(250, 300),
            new int[200]}, x -> copyBeforeTheLoop((int[]) x[0], (int[]) x[1], 250),
                (s, x) -> s.task("t", ArrayCopyProbeTest::copyBeforeTheLoop, (int[]) x[0], (int[]) x[1], 250));
        probe("fillBeforeTheLoop", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(251, 300),
            new int[200]}, x -> fillBeforeTheLoop((int[]) x[0], (int[]) x[1], 250),
                (s, x) -> s.task("t", ArrayCopyProbeTest::fillBeforeTheLoop, (int[]) x[0], (int[]) x[1], 250));
        probe("copyAfterTheLoop", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(252, 300),
            new int[300]}, x -> copyAfterTheLoop((int[]) x[0], (int[]) x[1], 250),
                (s, x) -> s.task("t", ArrayCopyProbeTest::copyAfterTheLoop, (int[]) x[0], (int[]) x[1], 250));
        probe("copyOfRangeAtRunTime", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(253, 30),
            new int[30]}, x -> copyOfRangeAtRunTime((int[]) x[0], (int[]) x[1], 2, 6),
                (s, x) -> s.task("t", ArrayCopyProbeTest::copyOfRangeAtRunTime, (int[]) x[0], (int[]) x[1], 2, 6));
        probe("copyOfAnArgument", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(254, 30),
            new int[30]}, x -> copyOfAnArgument((int[]) x[0], (int[]) x[1], 7),
                (s, x) -> s.task("t", ArrayCopyProbeTest::copyOfAnArgument, (int[]) x[0], (int[]) x[1], 7));
    }

    @Test
    public void aNullReceiverFieldAsTheSource() {
        probe("Mover.intoParameter src null", Mode.DEVICE_OR_BAILOUT,
                () -> new Object[] {new Mover(null, new int[1], new int[0], 0, 0, 5, 10), new int[100]},
                x -> ((Mover) x[0]).intoParameter((int[]) x[1]),
                (s, x) -> s.task("t", ((Mover) x[0])::intoParameter, (int[]) x[1]), x -> new Object[] {x[1]});
    }

    /** Unrolled copies of 8 (affine stores, consecutive constants): shapes batches and splits can take. */
    public static void blockCopy8(int[] src, int[] dst, int off) {
        for (@Parallel int i = 0; i < dst.length / 8; i++) {
            System.arraycopy(src, i * 8 + off, dst, i * 8, 8);
        }
    }

    @Test
    public void unrolledCopiesInBatchesAndOnSplitDevices() {
        for (int off : new int[] {0, 3, 8, 200, -1, 201}) {
            probe("blockCopy8 batched off=" + off, Mode.DEVICE, () -> new Object[] {JvmOracle.ints(260, 80_000 + 200),
                JvmOracle.ints(261, 80_000)}, x -> blockCopy8((int[]) x[0], (int[]) x[1], off),
                    (s, x) -> s.batch("16KB").task("t", ArrayCopyProbeTest::blockCopy8, (int[]) x[0], (int[]) x[1],
                            off));
            probe("blockCopy8 split off=" + off, Mode.DEVICE, () -> new Object[] {JvmOracle.ints(262, 80_000 + 200),
                JvmOracle.ints(263, 80_000)}, x -> blockCopy8((int[]) x[0], (int[]) x[1], off),
                    (s, x) -> s.devices(halves()).task("t", ArrayCopyProbeTest::blockCopy8, (int[]) x[0], (int[]) x[1],
                            off));
        }
        // One array for both: each block from the next block's start (a race-free shape only for off = 0).
        probe("blockCopy8 batched one array", Mode.DEVICE, () -> {
            int[] a = JvmOracle.ints(264, 80_000);
            return new Object[] {a, a};
        }, x -> blockCopy8((int[]) x[0], (int[]) x[1], 0),
                (s, x) -> s.batch("16KB").task("t", ArrayCopyProbeTest::blockCopy8, (int[]) x[0], (int[]) x[1], 0));
    }

    /** A private array made inside a sequential loop is a new zeroed array at every iteration. */
    public static void newInALoop(int[] a, int[] out, int w, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int r = 0; r < 4; r++) {
                int[] t = new int[200];
                System.arraycopy(a, i * w + r, t, r * 40, n - r * 30);
                for (int k = 0; k < 200; k += 13) {
                    s = s * 31 + t[k];
                }
                s += t[199] + t[0];
            }
            out[i] = s;
        }
    }

    /** clone() of private arrays of four types above 128 elements (3116 bytes of private memory). */
    public static void privateClonesOfNarrowTypes(boolean[] z, char[] c, short[] h, float[] f, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            boolean[] zt = new boolean[300];
            char[] ct = new char[129];
            short[] ht = new short[200];
            float[] ft = new float[150];
            System.arraycopy(z, i, zt, 0, 300);
            System.arraycopy(c, i, ct, 0, 129);
            System.arraycopy(h, i, ht, 0, 200);
            System.arraycopy(f, i, ft, 0, 150);
            boolean[] zc = zt.clone();
            char[] cc = ct.clone();
            short[] hc = ht.clone();
            float[] fc = ft.clone();
            zt[i % 300] = !zt[i % 300];
            int k = (i * 37) % 129;
            out[i] = (zc[i % 300] ? 1 : 0) + (zc[299] ? 2 : 0) + cc[k] * 3 + cc[128] * 5 + hc[(i * 5) % 200] * 7
                    + Float.floatToRawIntBits(fc[(i * 3) % 150]) + (zt[i % 300] ? 11 : 0) + ft.length + fc.length;
        }
    }

    /** clone() of a private long[129] and double[129] (2064 bytes each with its clone). */
    public static void privateCloneOfLongs(long[] j, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long[] jt = new long[129];
            System.arraycopy(j, i, jt, 0, 129);
            long[] jc = jt.clone();
            jt[i % 129] = 0;
            out[i] = jc[(i * 37) % 129] * 31 + jc[128] + jt[i % 129];
        }
    }

    public static void privateCloneOfDoubles(double[] d, double[] out) {
        for (@Parallel int i = 0; i < out.length / 2; i++) {
            double[] dt = new double[129];
            System.arraycopy(d, i, dt, 0, 129);
            double[] dc = dt.clone();
            dt[i % 129] = 1.5;
            out[i] = (i & 1) == 0 ? dc[(i * 37) % 129] : dc[128];
            out[out.length - 1 - i] = dt[i % 129] + 0 * dc[0];
        }
    }

    @Test
    public void privateArraysMadeInALoopAndClonedOfEveryType() {
        for (int n : new int[] {90, 100, 120, 160}) {
            probe("newInALoop n=" + n, Mode.DEVICE, () -> new Object[] {JvmOracle.ints(270, 40 * 10 + 200),
                new int[40]}, x -> newInALoop((int[]) x[0], (int[]) x[1], 10, n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::newInALoop, (int[]) x[0], (int[]) x[1], 10, n));
        }
        // n - 3 * 30 < 0 in the last iteration.
        probe("newInALoop n=89", Mode.DEVICE, () -> new Object[] {JvmOracle.ints(271, 40 * 10 + 200), new int[40]},
                x -> newInALoop((int[]) x[0], (int[]) x[1], 10, 89),
                (s, x) -> s.task("t", ArrayCopyProbeTest::newInALoop, (int[]) x[0], (int[]) x[1], 10, 89));
        int g = 16;
        probe("privateClonesOfNarrowTypes", Mode.DEVICE, () -> new Object[] {bools(272, 300 + g),
            chars(273, 129 + g), shorts(274, 200 + g), floatBits(276, 150 + g), new int[g]},
                x -> privateClonesOfNarrowTypes((boolean[]) x[0], (char[]) x[1], (short[]) x[2], (float[]) x[3],
                        (int[]) x[4]), (s, x) -> s.task("t", ArrayCopyProbeTest::privateClonesOfNarrowTypes,
                        (boolean[]) x[0], (char[]) x[1], (short[]) x[2], (float[]) x[3], (int[]) x[4]));
        probe("privateCloneOfLongs", Mode.DEVICE, () -> new Object[] {JvmOracle.longs(275, 129 + g), new long[g]},
                x -> privateCloneOfLongs((long[]) x[0], (long[]) x[1]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::privateCloneOfLongs, (long[]) x[0], (long[]) x[1]));
        probe("privateCloneOfDoubles", Mode.DEVICE, () -> new Object[] {doubleBits(277, 129 + g), new double[2 * g]},
                x -> privateCloneOfDoubles((double[]) x[0], (double[]) x[1]),
                (s, x) -> s.task("t", ArrayCopyProbeTest::privateCloneOfDoubles, (double[]) x[0], (double[]) x[1]));
    }

    @Test
    public void aFailedCopyInOneTaskOfSeveral() {
        int w = 60;
        int rows = 20;
        // The second task fails (its last row passes the end): the first's copies stay, as in Java.
        for (int[] c : new int[][] {{0, 1, 60}, {1, 0, 60}}) {
            probe("shiftRows then failing shiftRows " + Arrays.toString(c), Mode.DEVICE, () -> new Object[] {
                JvmOracle.doubles(280, rows * w, -1, 1), doubleBits(281, rows * w)}, x -> {
                    shiftRows((double[]) x[0], w, 3, 0, w - 3);
                    shiftRows((double[]) x[1], w, c[0], c[1], c[2]);
                }, (s, x) -> s.task("a", ArrayCopyProbeTest::shiftRows, (double[]) x[0], w, 3, 0, w - 3)
                        .task("t", ArrayCopyProbeTest::shiftRows, (double[]) x[1], w, c[0], c[1], c[2]));
        }
        // The first task fails: the second never runs.
        probe("failing shiftRows then rowHash", Mode.DEVICE, () -> new Object[] {doubleBits(282, rows * w),
            new double[rows]}, x -> {
                shiftRows((double[]) x[0], w, 0, 1, w);
                rowHash((double[]) x[0], w, (double[]) x[1]);
            }, (s, x) -> s.task("t", ArrayCopyProbeTest::shiftRows, (double[]) x[0], w, 0, 1, w)
                    .task("r", ArrayCopyProbeTest::rowHash, (double[]) x[0], w, (double[]) x[1]));
    }

    @Test
    public void keptArraysAcrossAFailedExecution() {
        int w = 50;
        int rows = 30;
        long[] a = JvmOracle.longs(290, rows * w);
        int[][] m = moves(291, rows, w);
        long[] ma = a.clone();
        int[][] mm = cloneMoves(m);
        try (TaskSchedule s = new TaskSchedule("kept-fail").keepOnDevice(a, m[2]).task("t",
                ArrayCopyProbeTest::perItemMoves, a, m[0], m[1], m[2], w)) {
            for (int run = 0; run < 6; run++) {
                if (run == 2 || run == 3) {
                    // Row 29's length passes the end at run 2 (the JVM copies rows 0-28, then throws); fixed at run 3.
                    int len = run == 2 ? w + 1 : 7;
                    m[2][rows - 1] = len;
                    mm[2][rows - 1] = len;
                    s.markChanged(m[2]);
                }
                step("kept-fail run " + run, s, x -> perItemMoves(ma, mm[0], mm[1], mm[2], w), new Object[] {ma},
                        new Object[] {a});
            }
        }
    }

    // ================================================================ P. shapes around the copy

    /** Positions and length read before the loop from an array the copies then change (Java reads them once). */
    public static void configBeforeTheLoop(int[] cfg, int[] a, int w) {
        int from = cfg[0];
        int to = cfg[1];
        int n = cfg[2];
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(a, i * w + from, a, i * w + to, n);
        }
    }

    @Test
    public void positionsReadBeforeTheLoopFromTheCopiedArray() {
        int w = 140;
        int[][] cfgs = {{0, 1, 139}, {1, 0, 139}, {0, 0, 140}, {2, 5, 135}, {0, 1, 140}, {-1, 0, 1}};
        for (int[] c : cfgs) {
            probe("configBeforeTheLoop cfg == a " + Arrays.toString(c), Mode.DEVICE, () -> {
                int[] a = JvmOracle.ints(300, 20 * w);
                a[0] = c[0];
                a[1] = c[1];
                a[2] = c[2];
                return new Object[] {a, a};
            }, x -> configBeforeTheLoop((int[]) x[0], (int[]) x[1], w),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::configBeforeTheLoop, (int[]) x[0], (int[]) x[1], w));
        }
        probe("configBeforeTheLoop cfg too short", Mode.DEVICE, () -> new Object[] {new int[] {0, 1},
            JvmOracle.ints(301, 20 * w)}, x -> configBeforeTheLoop((int[]) x[0], (int[]) x[1], w),
                (s, x) -> s.task("t", ArrayCopyProbeTest::configBeforeTheLoop, (int[]) x[0], (int[]) x[1], w));
    }

    /** Copies that shrink step by step in a sequential loop; one length in the middle of the loop one too long. */
    public static void triangle(int[] a, int[] out, int w, int bump) {
        for (@Parallel int i = 0; i < out.length / w; i++) {
            int b = i * w;
            for (int r = 0; r < w; r++) {
                System.arraycopy(a, b + r, out, b, w - r + (r == bump ? 1 : 0));
                out[b + w - 1 - r] += r;
            }
        }
    }

    @Test
    public void lengthsThatShrinkInASequentialLoop() {
        int w = 150;
        for (int bump : new int[] {-1, 0, 75, 149}) {
            probe("triangle bump=" + bump, Mode.DEVICE, () -> new Object[] {JvmOracle.ints(310, 12 * w),
                new int[12 * w]}, x -> triangle((int[]) x[0], (int[]) x[1], w, bump),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::triangle, (int[]) x[0], (int[]) x[1], w, bump));
        }
    }

    /** Ping-pong between two arrays that may be one: the variables swap at every step. */
    public static void pingPong(int[] a, int[] b, int w, int steps) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            int[] x = a;
            int[] y = b;
            for (int s = 0; s < steps; s++) {
                System.arraycopy(x, i * w + (s & 1), y, i * w + 1 - (s & 1), w - 1);
                y[i * w + (s % w)] ^= s;
                int[] t = x;
                x = y;
                y = t;
            }
        }
    }

    @Test
    public void pingPongBetweenArraysThatMayBeOne() {
        int w = 140;
        for (boolean aliased : new boolean[] {false, true}) {
            for (int steps : new int[] {5}) {
                probe("pingPong aliased=" + aliased + " steps=" + steps, Mode.DEVICE_OR_BAILOUT, () -> {
                    int[] a = JvmOracle.ints(320, 16 * w);
                    return new Object[] {a, aliased ? a : JvmOracle.ints(321, 16 * w)};
                }, x -> pingPong((int[]) x[0], (int[]) x[1], w, steps),
                        (s, x) -> s.task("t", ArrayCopyProbeTest::pingPong, (int[]) x[0], (int[]) x[1], w, steps));
            }
        }
    }

    /** The JVM's exception caught in the kernel. */
    public static void caught(int[] a, int[] out, int w, int n) {
        for (@Parallel int i = 0; i < out.length / w; i++) {
            try {
                System.arraycopy(a, i * w, out, i * w, n);
            } catch (IndexOutOfBoundsException e) {
                out[i * w] = -1;
            }
        }
    }

    @Test
    public void anExceptionCaughtInTheKernel() {
        for (int n : new int[] {11}) {
            probe("caught n=" + n, Mode.DEVICE_OR_JVM_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(330, 100),
                new int[100]}, x -> caught((int[]) x[0], (int[]) x[1], 10, n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::caught, (int[]) x[0], (int[]) x[1], 10, n));
        }
    }

    /** A private array reached through an object made in the kernel: the same array as the other side. */
    public static final class Box {
        final int[] arr;

        public Box(int[] arr) {
            this.arr = arr;
        }

        int[] get() {
            return arr;
        }
    }

    public static void boxedDestination(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
            }
            Box b = new Box(t);
            System.arraycopy(t, 0, b.arr, 1, n);
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k];
            }
        }
    }

    public static void boxedSource(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
            }
            Box b = new Box(t);
            System.arraycopy(b.get(), 0, t, 1, n);
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k];
            }
        }
    }

    @Test
    public void aPrivateArrayReachedThroughAnObjectMadeInTheKernel() {
        for (int n : new int[] {199}) {
            probe("boxedDestination n=" + n, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(340, 8 * 200),
                new int[8 * 200]}, x -> boxedDestination((int[]) x[0], (int[]) x[1], n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::boxedDestination, (int[]) x[0], (int[]) x[1], n));
            probe("boxedSource n=" + n, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(341, 8 * 200),
                new int[8 * 200]}, x -> boxedSource((int[]) x[0], (int[]) x[1], n),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::boxedSource, (int[]) x[0], (int[]) x[1], n));
        }
    }

    /*
     * A local the sequential loop reassigns is a phi at the loop's header, which the parser does not know yet when it
     * reaches the copy; the array it holds is always the same private array as the copy's other side. Java copies as
     * if through a temporary array. (These failed when written: the parser took "one side is a `new`, the other a
     * different node" for two distinct arrays and built only the forward loop, which smeared t[0] over t[1..n] when
     * sp < dp. Fixed.)
     */

    /** The destination is a variable the loop reassigns, always to the same private array. */
    public static void loopVariableDestination(int[] a, int[] out, int n, int reps) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
            }
            int[] v = t;
            for (int r = 0; r < reps; r++) {
                System.arraycopy(t, 0, v, 1, n);
                v = t;
            }
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k];
            }
        }
    }

    /** The same with the variable as the source, reassigned in a branch. */
    public static void loopVariableSource(int[] a, int[] out, int n, int reps) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
            }
            int[] v = t;
            for (int r = 0; r < reps; r++) {
                System.arraycopy(v, 0, t, 1, n);
                if (r > 1000) {
                    v = t;
                }
            }
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k];
            }
        }
    }

    static final int LONG_COPY = 150;
    static final int SHORT_COPY = 100;

    /** A constant length above 128 (a loop). */
    public static void loopVariableConstantLong(int[] a, int[] out, int reps) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
            }
            int[] v = t;
            for (int r = 0; r < reps; r++) {
                System.arraycopy(t, 0, v, 1, LONG_COPY);
                v = t;
            }
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k];
            }
        }
    }

    /** A constant length of at most 128 (unrolled: every load before any store). */
    public static void loopVariableConstantShort(int[] a, int[] out, int reps) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
            }
            int[] v = t;
            for (int r = 0; r < reps; r++) {
                System.arraycopy(t, 0, v, 1, SHORT_COPY);
                v = t;
            }
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k];
            }
        }
    }

    /** The variable is not reassigned in the loop; or it is chosen by a branch between the array and itself. */
    public static void sameArrayEitherWay(int[] a, int[] out, boolean[] c, int n, int reps) {
        for (@Parallel int i = 0; i < out.length / 200; i++) {
            int[] t = new int[200];
            for (int k = 0; k < 200; k++) {
                t[k] = a[i * 200 + k];
            }
            int[] v = t;
            if (c[i]) {
                v = t;
            }
            System.arraycopy(t, 0, v, 1, n);
            int[] u = t;
            for (int r = 0; r < reps; r++) {
                System.arraycopy(u, 2, t, 0, n);
            }
            for (int k = 0; k < 200; k++) {
                out[i * 200 + k] = t[k];
            }
        }
    }

    private static void loopVariableProbe(String what, Jvm jvm, Adder adder) {
        probe(what, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(350, 8 * 200), new int[8 * 200]}, jvm,
                adder);
    }

    /** A bug when written (wrong results), fixed: a run-time length, the loop's variable as destination or source. */
    @Test
    public void aLoopVariableHoldingThePrivateArrayAtARuntimeLength() {
        for (int reps : new int[] {1, 3}) {
            loopVariableProbe("loopVariableDestination n=199 reps=" + reps,
                    x -> loopVariableDestination((int[]) x[0], (int[]) x[1], 199, reps),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::loopVariableDestination, (int[]) x[0], (int[]) x[1], 199,
                            reps));
            loopVariableProbe("loopVariableSource n=199 reps=" + reps,
                    x -> loopVariableSource((int[]) x[0], (int[]) x[1], 199, reps),
                    (s, x) -> s.task("t", ArrayCopyProbeTest::loopVariableSource, (int[]) x[0], (int[]) x[1], 199,
                            reps));
        }
    }

    /** A bug when written (wrong results), fixed: the same at a constant length of 150. */
    @Test
    public void aLoopVariableHoldingThePrivateArrayAtAConstantLengthAbove128() {
        loopVariableProbe("loopVariableConstantLong", x -> loopVariableConstantLong((int[]) x[0], (int[]) x[1], 1),
                (s, x) -> s.task("t", ArrayCopyProbeTest::loopVariableConstantLong, (int[]) x[0], (int[]) x[1], 1));
    }

    /** The shapes next to the bug that are right: unrolled, no reassignment in the loop, a branch's merge. */
    @Test
    public void aVariableHoldingThePrivateArrayOutsideLoopPhis() {
        loopVariableProbe("loopVariableConstantShort", x -> loopVariableConstantShort((int[]) x[0], (int[]) x[1], 2),
                (s, x) -> s.task("t", ArrayCopyProbeTest::loopVariableConstantShort, (int[]) x[0], (int[]) x[1], 2));
        for (int n : new int[] {198, 150}) {
            probe("sameArrayEitherWay n=" + n, Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(352, 8 * 200),
                new int[8 * 200], bools(353, 8)}, x -> sameArrayEitherWay((int[]) x[0], (int[]) x[1], (boolean[]) x[2],
                    n, 2), (s, x) -> s.task("t", ArrayCopyProbeTest::sameArrayEitherWay, (int[]) x[0], (int[]) x[1],
                    (boolean[]) x[2], n, 2));
        }
    }

    /** Copies into and out of a @Reduce output: refused, or Java's result. */
    public static void copyIntoReduce(int[] a, @Reduce int[] sum, int n) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
            System.arraycopy(a, i, sum, 1, n);
        }
    }

    public static void copyFromReduce(int[] a, int[] out, @Reduce int[] sum, int n) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
            System.arraycopy(sum, 1, out, i * n, n);
        }
    }

    @Test
    public void copiesTouchingAReductionOutput() {
        probe("copyIntoReduce n=0", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(360, 300, -9, 9),
            new int[] {5, 6, 7}}, x -> copyIntoReduce((int[]) x[0], (int[]) x[1], 0),
                (s, x) -> s.task("t", ArrayCopyProbeTest::copyIntoReduce, (int[]) x[0], (int[]) x[1], 0));
        probe("copyIntoReduce n=1", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(360, 300, -9, 9),
            new int[] {5, 6, 7}}, x -> copyIntoReduce((int[]) x[0], (int[]) x[1], 1),
                (s, x) -> s.task("t", ArrayCopyProbeTest::copyIntoReduce, (int[]) x[0], (int[]) x[1], 1));
        probe("copyFromReduce n=2", Mode.DEVICE_OR_BAILOUT, () -> new Object[] {JvmOracle.ints(361, 300, -9, 9),
            new int[600], new int[] {5, 6, 7}}, x -> copyFromReduce((int[]) x[0], (int[]) x[1], (int[]) x[2], 2),
                (s, x) -> s.task("t", ArrayCopyProbeTest::copyFromReduce, (int[]) x[0], (int[]) x[1], (int[]) x[2], 2));
    }

    // ================================================================ Q. static array fields

    static int[] sTable = new int[0];

    /** From a static array field into a parameter (which may be that field's array), and back. */
    public static void staticTableRows(int[] a, int w, int from, int to, int n) {
        for (@Parallel int i = 0; i < a.length / w; i++) {
            System.arraycopy(sTable, i * w + from, a, i * w + to, n);
            System.arraycopy(a, i * w + to, sTable, i * w + from, n > 0 ? 1 : 0);
        }
    }

    @Test
    public void aStaticArrayFieldThatMayBeTheParameter() {
        int w = 140;
        int[][] cases = {{0, 1, 139}, {1, 0, 139}, {0, 0, 140}, {0, 1, 140}};
        for (int[] c : cases) {
            for (boolean aliased : new boolean[] {false, true}) {
                // The JVM's run and the schedule's each get their own static array, set just before.
                probe("staticTableRows aliased=" + aliased + " " + Arrays.toString(c), Mode.DEVICE_OR_BAILOUT, () -> {
                    int[] table = JvmOracle.ints(370, 30 * w);
                    sTable = table;
                    return new Object[] {aliased ? table : JvmOracle.ints(371, 30 * w), table};
                }, x -> {
                    sTable = (int[]) x[1];
                    staticTableRows((int[]) x[0], w, c[0], c[1], c[2]);
                }, (s, x) -> {
                    sTable = (int[]) x[1];
                    return s.task("t", ArrayCopyProbeTest::staticTableRows, (int[]) x[0], w, c[0], c[1], c[2]);
                });
            }
        }
    }
}

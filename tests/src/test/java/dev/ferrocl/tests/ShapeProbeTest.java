package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Task1;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.Task4;
import dev.ferrocl.api.Task5;
import dev.ferrocl.api.Task6;
import dev.ferrocl.api.Task7;
import dev.ferrocl.api.Task8;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.lang.reflect.Array;
import java.util.Map;
import java.util.TreeMap;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * Adversarial probes of kernel <em>shapes</em> a Java user writes without thinking about the device: code before the
 * {@code @Parallel} loop that works on {@code long}, {@code float}, {@code double}, {@code short}, {@code byte},
 * {@code char} and {@code boolean} parameters (early returns, bounds chosen from them, NaN); {@code switch} in its
 * forms (on {@code char}, on a {@code String}, on an enum, a {@code default} that throws, arrow switch expressions
 * with {@code yield}); branches before the loop that can throw; loop forms (inner loops with {@code long}
 * accumulators and counters, {@code do/while}, labelled jumps, loops counting down, {@code @Parallel} loops counting
 * down, two {@code @Parallel} loops where the second reads what the first wrote elsewhere, a {@code @Parallel} loop
 * inside a sequential one, {@code return}/{@code break} inside the parallel loop, code after it); and body forms
 * (pre/post increments on array elements, assignment chains across types, compound assignments on narrow and
 * boolean arrays, integer and {@code Math} edges, {@code char} arithmetic, guarded divisions, an in-place update
 * followed by a {@code throw}); values the host evaluates before the loop at their edges (float and double rounding,
 * mixed-type comparisons, an int product widened after it overflows, shift counts, {@code Math.round} of halves,
 * narrowing through {@code long}, {@code floorMod}, signed zeros, float and double remainders, MIN_VALUE / -1,
 * non-final static {@code long}/{@code float} fields changed between executions); inner loops whose bound or step
 * wraps and inner loops with {@code byte}/{@code short}/{@code char} counters; and shapes of several loops (an early
 * return between two parallel loops, loops of different lengths, in-place rotations inside vector-sized groups, code
 * between nested parallel loops, a triangular nest).
 *
 * <p>Every probe runs the method on the JVM on clones of its arguments (the oracle), then strict through a
 * {@link TaskSchedule} on the originals ({@link #probe}): where the JVM returns, the task must run on the device and
 * leave every array as the JVM did; where the JVM throws, the schedule must throw the same class with the same
 * message after a failed check and leave the arrays as the JVM left them. A probe of a form that may be unsupported
 * also accepts a clean bailout (a {@link CompilationException} naming its reason, every argument untouched); the
 * bailouts are printed to standard error, prefixed {@code ShapeProbeTest:}, and after the class a count of each
 * probe's outcomes (device, the JVM's exception, bailout). Probes called through {@code must} are forms observed to
 * compile, which must keep compiling; {@code may} marks the forms that may bail out. Nothing here hard-codes an
 * expected value: the JVM is the only oracle.
 */
public class ShapeProbeTest {

    /** Array sizes where the length matters: empty, one element, odd, and more than one work-group. */
    private static final int[] SIZES = {0, 1, 7, 1000};

    // ================================================================ the probe harness

    /** How one run of a probe ended. */
    enum Outcome {
        DEVICE, JVM_EXCEPTION, BAILOUT
    }

    /** A task's code applied on the JVM to cloned arguments. */
    private interface JvmCall {
        void apply(Object[] x) throws Throwable;
    }

    /**
     * Runs {@code jvm} on clones of {@code args}, then the task {@code adder} adds (id "t", on the originals)
     * strict; compares as the class comment says.
     *
     * @param mayBail whether a clean bailout is an accepted outcome
     */
    private static Outcome probe(boolean mayBail, String label, JvmCall jvm, MoreChecks.TaskAdder adder,
            Object... args) {
        String what = label + describe(args);
        Object[] expected = cloneArgs(args);
        Object[] before = cloneArgs(args);
        Throwable thrown = null;
        try {
            jvm.apply(expected);
        } catch (Throwable t) {
            thrown = t;
        }
        Outcome o = compare(mayBail, what, thrown, expected, before, adder, args);
        synchronized (OUTCOMES) {
            OUTCOMES.computeIfAbsent(label, k -> new int[Outcome.values().length])[o.ordinal()]++;
        }
        return o;
    }

    /** How often each probe (by label) ended each way: printed after the class, for the record of findings. */
    private static final Map<String, int[]> OUTCOMES = new TreeMap<>();

    @AfterClass
    public static void printOutcomes() {
        synchronized (OUTCOMES) {
            for (Map.Entry<String, int[]> e : OUTCOMES.entrySet()) {
                int[] c = e.getValue();
                System.err.println("ShapeProbeTest outcome " + e.getKey() + ": device " + c[0] + ", JVM's exception "
                        + c[1] + ", bailout " + c[2]);
            }
        }
    }

    private static Outcome compare(boolean mayBail, String what, Throwable jvm, Object[] expected, Object[] before,
            MoreChecks.TaskAdder adder, Object[] args) {
        TaskSchedule s = new TaskSchedule("shape");
        try {
            Throwable actual = null;
            try {
                adder.add(s);
                s.execute();
            } catch (CompilationException e) {
                String msg = e.getMessage();
                if (!mayBail) {
                    AssertionError err = new AssertionError(what + ": unexpected bailout (" + e.kind() + "): " + msg);
                    err.initCause(e);
                    throw err;
                }
                assertTrue(what + ": a bailout must name its reason: " + msg, msg != null && msg.trim().length() > 10);
                for (int i = 0; i < args.length; i++) {
                    assertSame(what + ": argument " + (i + 1) + " after the bailout", before[i], args[i]);
                }
                System.err.println("ShapeProbeTest: " + what + ": clean bailout (" + e.kind() + "): " + msg);
                return Outcome.BAILOUT;
            } catch (Throwable t) {
                actual = t;
            }
            TaskReport t = s.report().task("t");
            if (jvm == null) {
                if (actual != null) {
                    AssertionError err = new AssertionError(what + ": the JVM returned normally but the schedule threw "
                            + actual + "; report:\n" + s.report());
                    err.initCause(actual);
                    throw err;
                }
                if (t.ranOn() != TaskReport.Where.DEVICE) {
                    fail(what + ": the task should run on the device, but ran on " + t.ranOn() + ": " + t.reason()
                            + "\n" + s.report());
                }
                assertRanOnDevice(s.report(), "t");
            } else {
                if (actual == null) {
                    fail(what + ": expected the JVM's " + jvm + " but execute() returned normally; ran on " + t.ranOn()
                            + ": " + t.reason());
                }
                if (actual.getClass() != jvm.getClass()) {
                    AssertionError err = new AssertionError(what + ": expected the JVM's " + jvm + " but got " + actual
                            + "; report:\n" + s.report());
                    err.initCause(actual);
                    throw err;
                }
                assertEquals(what + ": exception message", jvm.getMessage(), actual.getMessage());
                assertEquals(what + ": where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
                assertTrue(what + ": the task should have been compiled and rerun after a failed check, but: "
                        + t.reason(), t.reason().contains("check failed"));
            }
        } finally {
            s.close();
        }
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ": argument " + (i + 1), expected[i], args[i]);
        }
        return jvm == null ? Outcome.DEVICE : Outcome.JVM_EXCEPTION;
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A> Outcome must(String label, Task1<A> code, A a) {
        return probe(false, label, x -> code.apply(cast(x[0])), s -> s.task("t", code, a), a);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A> Outcome may(String label, Task1<A> code, A a) {
        return probe(true, label, x -> code.apply(cast(x[0])), s -> s.task("t", code, a), a);
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A, B> Outcome must(String label, Task2<A, B> code, A a, B b) {
        return probe(false, label, x -> code.apply(cast(x[0]), cast(x[1])), s -> s.task("t", code, a, b), a, b);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A, B> Outcome may(String label, Task2<A, B> code, A a, B b) {
        return probe(true, label, x -> code.apply(cast(x[0]), cast(x[1])), s -> s.task("t", code, a, b), a, b);
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A, B, C> Outcome must(String label, Task3<A, B, C> code, A a, B b, C c) {
        return probe(false, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2])), s -> s.task("t", code, a, b,
                c), a, b, c);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A, B, C> Outcome may(String label, Task3<A, B, C> code, A a, B b, C c) {
        return probe(true, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2])), s -> s.task("t", code, a, b,
                c), a, b, c);
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A, B, C, D> Outcome must(String label, Task4<A, B, C, D> code, A a, B b, C c, D d) {
        return probe(false, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])), s -> s.task("t",
                code, a, b, c, d), a, b, c, d);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A, B, C, D> Outcome may(String label, Task4<A, B, C, D> code, A a, B b, C c, D d) {
        return probe(true, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])), s -> s.task("t",
                code, a, b, c, d), a, b, c, d);
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A, B, C, D, E> Outcome must(String label, Task5<A, B, C, D, E> code, A a, B b, C c, D d, E e) {
        return probe(false, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A, B, C, D, E> Outcome may(String label, Task5<A, B, C, D, E> code, A a, B b, C c, D d, E e) {
        return probe(true, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A, B, C, D, E, F> Outcome must(String label, Task6<A, B, C, D, E, F> code, A a, B b, C c, D d,
            E e, F f) {
        return probe(false, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5])), s -> s.task("t", code, a, b, c, d, e, f), a, b, c, d, e, f);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A, B, C, D, E, F> Outcome may(String label, Task6<A, B, C, D, E, F> code, A a, B b, C c, D d, E e,
            F f) {
        return probe(true, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5])), s -> s.task("t", code, a, b, c, d, e, f), a, b, c, d, e, f);
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A, B, C, D, E, F, G> Outcome must(String label, Task7<A, B, C, D, E, F, G> code, A a, B b, C c,
            D d, E e, F f, G g) {
        return probe(false, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5]), cast(x[6])), s -> s.task("t", code, a, b, c, d, e, f, g), a, b, c, d, e, f, g);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A, B, C, D, E, F, G> Outcome may(String label, Task7<A, B, C, D, E, F, G> code, A a, B b, C c,
            D d, E e, F f, G g) {
        return probe(true, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5]), cast(x[6])), s -> s.task("t", code, a, b, c, d, e, f, g), a, b, c, d, e, f, g);
    }

    /** A probe whose form must compile (a bailout fails the probe). */
    private static <A, B, C, D, E, F, G, H> Outcome must(String label, Task8<A, B, C, D, E, F, G, H> code, A a, B b,
            C c, D d, E e, F f, G g, H h) {
        return probe(false, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5]), cast(x[6]), cast(x[7])), s -> s.task("t", code, a, b, c, d, e, f, g, h), a, b, c, d, e, f,
                g, h);
    }

    /** A probe whose form may also cleanly bail out. */
    private static <A, B, C, D, E, F, G, H> Outcome may(String label, Task8<A, B, C, D, E, F, G, H> code, A a, B b,
            C c, D d, E e, F f, G g, H h) {
        return probe(true, label, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4]),
                cast(x[5]), cast(x[6]), cast(x[7])), s -> s.task("t", code, a, b, c, d, e, f, g, h), a, b, c, d, e, f,
                g, h);
    }

    private static String describe(Object[] args) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (i > 0) {
                b.append(", ");
            }
            if (a != null && a.getClass().isArray()) {
                b.append(a.getClass().getComponentType().getSimpleName()).append('[').append(Array.getLength(a))
                        .append(']');
            } else if (a instanceof Character) {
                b.append("'\\u").append(String.format("%04x", (int) (Character) a)).append('\'');
            } else if (a instanceof String) {
                b.append('"').append(a).append('"');
            } else {
                b.append(a);
            }
        }
        return b.append(')').toString();
    }

    private static float[] floatsWith(long seed, int n, float... specials) {
        float[] a = JvmOracle.floats(seed, n, -100f, 100f);
        for (int i = 0; i < Math.min(n, specials.length); i++) {
            a[i] = specials[i];
        }
        return a;
    }

    private static double[] doublesWith(long seed, int n, double... specials) {
        double[] a = JvmOracle.doubles(seed, n, -100, 100);
        for (int i = 0; i < Math.min(n, specials.length); i++) {
            a[i] = specials[i];
        }
        return a;
    }

    private static final int[] INT_EDGES = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, -7, 7,
        Integer.MAX_VALUE, 1_000_000_009, -46341, 46341};

    // ================================================================ A. code before the loop on non-int parameters

    /** {@code if (scale == 0.0f) return;}: -0.0f equals 0.0f, NaN does not. */
    public static void scaleUnlessZero(float[] out, float[] in, float scale) {
        if (scale == 0.0f) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = in[i] * scale;
        }
    }

    /** An early return on a float equal to zero (+0.0f and -0.0f), NaN, an infinity and an ordinary value. */
    @Test
    public void earlyReturnOnAFloatZeroScale() {
        for (int n : SIZES) {
            for (float scale : new float[] {0f, -0f, 1.5f, Float.NaN, Float.NEGATIVE_INFINITY}) {
                must("scaleUnlessZero", ShapeProbeTest::scaleUnlessZero, floatsWith(n, n, 1f),
                        floatsWith(n + 1, n, -0f, Float.MAX_VALUE), scale);
            }
        }
    }

    /** {@code if (n <= 0L) return;} and a {@code long} count narrowed to an int bound: {@code (int) n} wraps. */
    public static void longCountBound(long[] out, long n) {
        if (n <= 0L) {
            return;
        }
        for (@Parallel int i = 0; i < (int) n; i++) {
            out[i] = n * i;
        }
    }

    /**
     * A {@code long} count: {@code (int) (1L << 32)} is 0 (no iteration), {@code (int) ((1L << 32) + 3)} is 3,
     * {@code (int) Long.MAX_VALUE} is -1 (no iteration), 8 on 7 elements runs off the end (the JVM's exception).
     */
    @Test
    public void earlyReturnOnALongCountUsedAsAnIntBound() {
        long[] ns = {Long.MIN_VALUE, -1L, 0L, 1L, 7L, 1L << 32, (1L << 32) + 3, Long.MAX_VALUE, 8L};
        for (long n : ns) {
            long[] out = JvmOracle.longs(n, 7);
            must("longCountBound", ShapeProbeTest::longCountBound, out, n);
        }
    }

    /** A {@code long} bound compared with the int index directly: {@code i < n} promotes {@code i} to long. */
    public static void longBoundCompare(int[] out, long n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i * 3 + 1;
        }
    }

    /** {@code i < n} with a long n: negative, within the array, and past it (even past Integer.MAX_VALUE). */
    @Test
    public void aLongBoundComparedWithTheIntIndex() {
        for (long n : new long[] {Long.MIN_VALUE, -1L, 0L, 1L, 6L, 7L, 8L, 1L << 40}) {
            int[] out = new int[7];
            may("longBoundCompare", ShapeProbeTest::longBoundCompare, out, n);
        }
    }

    /** {@code if (Double.isNaN(x)) return;} before an update of every element. */
    public static void skipOnNaN(double[] out, double x) {
        if (Double.isNaN(x)) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = out[i] + x * i;
        }
    }

    /** {@code Double.isNaN} as an early return: NaN, signed zeros, an infinity (0 * inf is NaN at i == 0). */
    @Test
    public void earlyReturnOnDoubleIsNaN() {
        for (int n : SIZES) {
            for (double x : new double[] {Double.NaN, 0.0, -0.0, 2.5, Double.POSITIVE_INFINITY}) {
                double[] out = doublesWith(n, n, -0.0);
                must("skipOnNaN", ShapeProbeTest::skipOnNaN, out, x);
            }
        }
    }

    /** {@code int m = lim > 10L ? 10 : (int) lim;}: a bound chosen by a long comparison and a narrowing cast. */
    public static void longClampBound(int[] out, long lim) {
        int m = lim > 10L ? 10 : (int) lim;
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = i + 1;
        }
    }

    /** A long clamp, narrowing wraps: {@code (int) (Long.MIN_VALUE + 4)} is 4, {@code (int) (3 - (1L << 32))} 3. */
    @Test
    public void aBoundClampedFromALong() {
        long[] lims = {Long.MIN_VALUE, Long.MIN_VALUE + 4, -(1L << 32) + 3, -5L, 0L, 3L, 10L, 11L, 1L << 33};
        for (long lim : lims) {
            int[] out = new int[10];
            must("longClampBound", ShapeProbeTest::longClampBound, out, lim);
        }
    }

    /** {@code Math.min((int) x, out.length)}: a bound from a float cast ((int) NaN is 0, (int) inf saturates). */
    public static void floatCastBound(int[] out, float x) {
        int m = Math.min((int) x, out.length);
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = i * 3;
        }
    }

    /** A bound narrowed from a float: NaN, both infinities, fractions toward zero, a huge value. */
    @Test
    public void aBoundNarrowedFromAFloat() {
        for (float x : new float[] {Float.NaN, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, 2.9f, -0.5f, 8.99f,
            1e10f, -1e10f}) {
            int[] out = new int[9];
            must("floatCastBound", ShapeProbeTest::floatCastBound, out, x);
        }
    }

    /** short, byte, char and boolean parameters before the loop: an early return on a char, promotions, wraps. */
    public static void narrowParams(int[] out, short s, byte b, char c, boolean neg) {
        if (c == 'x') {
            return;
        }
        int base = neg ? -(s * b) : s * b + c;
        short t = (short) (s + c);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = base + t * i + (byte) (b + i);
        }
    }

    /** Every combination of extreme short, byte and char values, with and without the early return. */
    @Test
    public void shortByteCharBooleanParametersBeforeTheLoop() {
        short[] ss = {0, -1, Short.MIN_VALUE, Short.MAX_VALUE, 300};
        byte[] bs = {0, -1, Byte.MIN_VALUE, Byte.MAX_VALUE};
        char[] cs = {0, 'x', 0xFFFF, 'a'};
        for (short sv : ss) {
            for (byte bv : bs) {
                for (char cv : cs) {
                    for (boolean neg : new boolean[] {false, true}) {
                        int[] out = JvmOracle.ints(sv + bv + cv, 7);
                        must("narrowParams", ShapeProbeTest::narrowParams, out, sv, bv, cv, neg);
                    }
                }
            }
        }
    }

    /** Normalisation: {@code if (!(span > 0f)) return;} rejects NaN, zero and negative spans. */
    public static void normalise(float[] out, float lo, float hi) {
        float span = hi - lo;
        if (!(span > 0f)) {
            return;
        }
        float inv = 1f / span;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (out[i] - lo) * inv;
        }
    }

    /** NaN, infinities and equal ends in a float comparison before the loop. */
    @Test
    public void aNaNRejectingFloatComparisonBeforeTheLoop() {
        float[] vs = {0f, -0f, 1f, -3.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (float lo : vs) {
            for (float hi : vs) {
                float[] out = floatsWith(7, 7, 0f, -0f, 1f);
                must("normalise", ShapeProbeTest::normalise, out, lo, hi);
            }
        }
    }

    // ================================================================ B. switch

    /** A classic {@code switch} on a char operator before the loop; an unknown operator returns. */
    public static void charOpBeforeLoop(int[] out, int[] a, int[] b, char op) {
        int sign;
        switch (op) {
            case '+':
                sign = 1;
                break;
            case '-':
                sign = -1;
                break;
            case '*':
                sign = 0;
                break;
            default:
                return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = sign == 0 ? a[i] * b[i] : a[i] + sign * b[i];
        }
    }

    /** Every case, an unknown operator, '\0' and '\uffff'. */
    @Test
    public void aCharSwitchBeforeTheLoop() {
        for (int n : SIZES) {
            for (char op : new char[] {'+', '-', '*', '/', 0, 0xFFFF}) {
                int[] out = JvmOracle.ints(3, n);
                may("charOpBeforeLoop", ShapeProbeTest::charOpBeforeLoop, out, JvmOracle.ints(4, n),
                        JvmOracle.ints(5, n), op);
            }
        }
    }

    /** The same operator switched on inside the loop; '%' and '/' by an element that may be zero. */
    public static void charOpInsideLoop(int[] out, int[] a, int[] b, char op) {
        for (@Parallel int i = 0; i < out.length; i++) {
            switch (op) {
                case '+':
                    out[i] = a[i] + b[i];
                    break;
                case '-':
                    out[i] = a[i] - b[i];
                    break;
                case '*':
                    out[i] = a[i] * b[i];
                    break;
                case '/':
                    out[i] = b[i] != 0 ? a[i] / b[i] : 0;
                    break;
                case '%':
                    out[i] = a[i] % b[i];
                    break;
                default:
                    out[i] = -1;
            }
        }
    }

    /** A uniform switch inside the loop, MIN_VALUE / -1 among the operands, and '%' by zero (the JVM's exception). */
    @Test
    public void aCharSwitchInsideTheLoop() {
        for (int n : SIZES) {
            for (char op : new char[] {'+', '-', '*', '/', '%', '?'}) {
                int[] a = JvmOracle.withSpecials(JvmOracle.ints(6, n), Integer.MIN_VALUE, -7, 7);
                int[] b = JvmOracle.withSpecials(JvmOracle.ints(7, n, 1, 100), -1, 3, -3);
                int[] out = new int[n];
                must("charOpInsideLoop", ShapeProbeTest::charOpInsideLoop, out, a, b, op);
            }
        }
        int[] a = JvmOracle.ints(8, 1000);
        int[] b = JvmOracle.ints(9, 1000, 1, 100);
        b[600] = 0;
        for (char op : new char[] {'/', '%'}) {
            int[] out = new int[1000];
            must("charOpInsideLoop", ShapeProbeTest::charOpInsideLoop, out, a.clone(), b.clone(), op);
        }
    }

    /** A {@code switch} on a String parameter (javac: hashCode, then equals). */
    public static void stringModeSwitch(int[] out, String mode) {
        int k;
        switch (mode) {
            case "double":
                k = 2;
                break;
            case "negate":
                k = -1;
                break;
            default:
                k = 1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = out[i] * k;
        }
    }

    /** A String switch: a match with the JVM or a clean bailout. */
    @Test
    public void aStringSwitchBeforeTheLoop() {
        for (String mode : new String[] {"double", "negate", "other"}) {
            int[] out = JvmOracle.ints(10, 7);
            may("stringModeSwitch", ShapeProbeTest::stringModeSwitch, out, mode);
        }
    }

    /** An enum a user switches on. */
    public enum Op {
        ADD, SUB, MIN, MAX
    }

    /** A {@code switch} on an enum parameter inside the loop (javac: a synthetic {@code $SwitchMap$} array). */
    public static void enumSwitch(int[] out, int[] a, Op op) {
        for (@Parallel int i = 0; i < out.length; i++) {
            switch (op) {
                case ADD:
                    out[i] += a[i];
                    break;
                case SUB:
                    out[i] -= a[i];
                    break;
                case MIN:
                    out[i] = Math.min(out[i], a[i]);
                    break;
                default:
                    out[i] = Math.max(out[i], a[i]);
            }
        }
    }

    /** Every constant of the enum: a match with the JVM or a clean bailout. */
    @Test
    public void anEnumSwitchInsideTheLoop() {
        for (Op op : Op.values()) {
            int[] out = JvmOracle.ints(11, 7);
            may("enumSwitch", ShapeProbeTest::enumSwitch, out, JvmOracle.ints(12, 7), op);
        }
    }

    /** {@code default: throw new IllegalArgumentException("bad " + k);} before the loop (string concatenation). */
    public static void switchDefaultThrowsConcat(int[] out, int k) {
        int w;
        switch (k) {
            case 1:
                w = 3;
                break;
            case 2:
                w = 5;
                break;
            default:
                throw new IllegalArgumentException("bad " + k);
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = w * i;
        }
    }

    /** The cases run; the default throws the JVM's exception with its concatenated message (or a clean bailout). */
    @Test
    public void aSwitchWhoseDefaultThrowsWithAConcatenatedMessage() {
        for (int k : new int[] {1, 2, 9, Integer.MIN_VALUE}) {
            int[] out = new int[7];
            may("switchDefaultThrowsConcat", ShapeProbeTest::switchDefaultThrowsConcat, out, k);
        }
    }

    /** {@code default: throw new IllegalStateException("bad op");} inside the loop, on an element. */
    public static void switchDefaultThrowsInLoop(int[] ops, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            switch (ops[i]) {
                case 0:
                    out[i] = i;
                    break;
                case 1:
                    out[i] = -i;
                    break;
                case 2:
                    out[i] = i * i;
                    break;
                default:
                    throw new IllegalStateException("bad op");
            }
        }
    }

    /** Valid operations run on the device; one bad operation gives the JVM's exception and its partial writes. */
    @Test
    public void aSwitchWhoseDefaultThrowsInsideTheLoop() {
        for (int n : SIZES) {
            int[] ops = JvmOracle.ints(13, n, 0, 3);
            int[] out = new int[n];
            may("switchDefaultThrowsInLoop", ShapeProbeTest::switchDefaultThrowsInLoop, ops, out);
        }
        int[] ops = JvmOracle.ints(14, 1000, 0, 3);
        ops[500] = 7;
        ops[900] = -1;
        int[] out = new int[1000];
        may("switchDefaultThrowsInLoop", ShapeProbeTest::switchDefaultThrowsInLoop, ops, out);
    }

    /** A Java 14 arrow switch expression with multiple labels and a {@code yield} block, inside the loop body. */
    public static void arrowSwitchInLoop(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int w = switch (a[i] & 7) {
                case 1 -> 3;
                case 2, 3 -> 5;
                case 4 -> {
                    int t = a[i] >> 3;
                    yield t * t;
                }
                case 6 -> {
                    if (a[i] < 0) {
                        yield -a[i];
                    }
                    yield a[i] / 3;
                }
                default -> 7;
            };
            out[i] = w + a[i];
        }
    }

    /** All eight selector values, negative elements and MIN_VALUE ({@code -a[i]} wraps). */
    @Test
    public void anArrowSwitchExpressionWithYieldInsideTheLoop() {
        for (int n : SIZES) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(15, n), INT_EDGES);
            must("arrowSwitchInLoop", ShapeProbeTest::arrowSwitchInLoop, a, new int[n]);
        }
    }

    /** A switch expression before the loop whose arms compute longs, one with an if and two yields. */
    public static void arrowSwitchBeforeLoop(long[] out, int k) {
        long w = switch (k) {
            case 0 -> 1L;
            case 1, 2 -> {
                long t = k * 1_000_000_007L;
                yield t * t;
            }
            default -> {
                if (k < 0) {
                    yield -1L;
                }
                yield (long) k << 40;
            }
        };
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = w + i;
        }
    }

    /** Every arm, with k at the int edges. */
    @Test
    public void anArrowSwitchExpressionWithYieldBeforeTheLoop() {
        for (int k : new int[] {0, 1, 2, 3, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            must("arrowSwitchBeforeLoop", ShapeProbeTest::arrowSwitchBeforeLoop, new long[7], k);
        }
    }

    /** An arrow switch expression on a char element with several labels per arm (counting vowel classes). */
    public static void charClasses(char[] text, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            char c = text[i];
            out[i] = switch (c) {
                case 'a', 'e', 'i', 'o', 'u' -> 1;
                case 'A', 'E', 'I', 'O', 'U' -> 2;
                case ' ', '\t', '\n' -> 0;
                default -> c >= '0' && c <= '9' ? 3 : c > 0x7F ? 5 : 4;
            };
        }
    }

    /** Random chars and ASCII text. */
    @Test
    public void aCharArrowSwitchWithManyLabelsPerArm() {
        char[] text = "The quick brown fox, 12 AEIOU\tjumps\nover \u00e9\uffff\u0000 lazy dogs 0987".toCharArray();
        must("charClasses", ShapeProbeTest::charClasses, text, new int[text.length]);
        for (int n : SIZES) {
            char[] c = new char[n];
            int[] r = JvmOracle.ints(16, n, 0, 0x10000);
            for (int i = 0; i < n; i++) {
                c[i] = (char) (i % 3 == 0 ? r[i] : r[i] & 0x7F);
            }
            must("charClasses", ShapeProbeTest::charClasses, c, new int[n]);
        }
    }

    // ================================================================ C. branches before the loop that can throw

    /** {@code int q = k != 0 ? n / k : n;}: a division the ternary guards. */
    public static void guardedQuotient(int[] a, int[] out, int n, int k) {
        int q = k != 0 ? n / k : n;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * q;
        }
    }

    /** k == 0 takes the other arm; MIN_VALUE / -1 wraps. */
    @Test
    public void aGuardedDivisionBeforeTheLoop() {
        int[][] cases = {{100, 0}, {100, 3}, {-100, 3}, {Integer.MIN_VALUE, -1}, {Integer.MIN_VALUE, 0}, {7, -7}};
        for (int[] c : cases) {
            may("guardedQuotient", ShapeProbeTest::guardedQuotient, JvmOracle.ints(17, 7), new int[7], c[0], c[1]);
        }
    }

    /** {@code int first = a[0];} before the loop: throws for an empty array even though the loop would not run. */
    public static void firstElement(int[] a, int[] out) {
        int first = a[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] - first;
        }
    }

    /** Lengths 0 (the JVM's ArrayIndexOutOfBoundsException), 1, 7 and 1000. */
    @Test
    public void anElementReadBeforeTheLoop() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(18, n);
            int[] out = new int[n];
            may("firstElement", ShapeProbeTest::firstElement, a, out);
        }
    }

    /** {@code a.length > 0 ? a[a.length - 1] : 0f}: a guarded read of the last element before the loop. */
    public static void lastElementGuarded(float[] a, float[] out) {
        float last = a.length > 0 ? a[a.length - 1] : 0f;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] - last;
        }
    }

    /** Lengths 0, 1, 7, 1000. */
    @Test
    public void aGuardedLastElementReadBeforeTheLoop() {
        for (int n : SIZES) {
            float[] a = JvmOracle.floats(19, n, -1f, 1f);
            may("lastElementGuarded", ShapeProbeTest::lastElementGuarded, a, new float[n]);
        }
    }

    /** Argument validation the way a library writes it: a message-less IllegalArgumentException. */
    public static void checkedPrefix(int[] a, int[] out, int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative n");
        }
        if (a.length < n || out.length < n) {
            throw new IllegalArgumentException();
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 2 + 1;
        }
    }

    /** Valid prefixes run; a negative n and n past either array give the JVM's exception (or a clean bailout). */
    @Test
    public void argumentValidationThrowsBeforeTheLoop() {
        for (int n : new int[] {-1, Integer.MIN_VALUE, 0, 1, 7, 8, 9, Integer.MAX_VALUE}) {
            int[] a = JvmOracle.ints(20, 8);
            int[] out = new int[7];
            must("checkedPrefix", ShapeProbeTest::checkedPrefix, a, out, n);
        }
    }

    // ================================================================ D. loops

    /** An inner loop with a long accumulator, and one with a long counter and a long bound. */
    public static void longInnerLoops(int[] a, long[] squares, long[] mixed) {
        for (@Parallel int i = 0; i < a.length; i++) {
            long s = 0;
            for (int j = 0; j <= i; j++) {
                s += (long) a[j] * a[j];
            }
            squares[i] = s;
            long t = 0;
            for (long j = i; j < (long) a.length * 3; j += 5) {
                t += j ^ a[(int) (j % a.length)];
            }
            mixed[i] = t;
        }
    }

    /** Prefix sums of squares that overflow int but not long. */
    @Test
    public void innerLoopsWithALongAccumulatorAndALongCounter() {
        for (int n : new int[] {0, 1, 7, 300}) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(21, n), Integer.MIN_VALUE, Integer.MAX_VALUE, -1);
            must("longInnerLoops", ShapeProbeTest::longInnerLoops, a, new long[n], new long[n]);
        }
    }

    /** {@code do { r = r * 10 + v % 10; v /= 10; } while (v != 0);}: digit reversal, negative remainders. */
    public static void reverseDigits(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = a[i];
            int r = 0;
            do {
                r = r * 10 + v % 10;
                v /= 10;
            } while (v != 0);
            out[i] = r;
        }
    }

    /** Negative numbers (% keeps the dividend's sign), MIN_VALUE, and reversals that overflow. */
    @Test
    public void aDoWhileDigitReversal() {
        for (int n : SIZES) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(22, n), INT_EDGES);
            must("reverseDigits", ShapeProbeTest::reverseDigits, a, new int[n]);
        }
    }

    /** Each work-item searches a window of rows: {@code continue search} skips a row, {@code break search} ends. */
    public static void labelledSearch(int[] m, int cols, int target, int[] out) {
        int rows = out.length;
        for (@Parallel int i = 0; i < out.length; i++) {
            int found = -1;
            int visited = 0;
            search:
            for (int r = i; r < i + 4 && r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    int v = m[r * cols + c];
                    visited++;
                    if (v < 0) {
                        continue search;
                    }
                    if (v == target) {
                        found = r * cols + c;
                        break search;
                    }
                    if (v > 90) {
                        break;
                    }
                }
                visited += 100;
            }
            out[i] = found * 10000 + visited;
        }
    }

    /** Small values so that every jump is taken somewhere. */
    @Test
    public void labelledBreakAndContinueOutOfTwoLoops() {
        for (int rows : new int[] {0, 1, 7, 200}) {
            int[] m = JvmOracle.ints(23, rows * 9, -5, 100);
            must("labelledSearch", ShapeProbeTest::labelledSearch, m, 9, 42, new int[rows]);
        }
    }

    /** An inner loop counting down by two to zero, hashing what it reads. */
    public static void innerCountDown(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int h = 17;
            for (int j = i; j >= 0; j -= 2) {
                h = h * 31 + a[j];
            }
            out[i] = h;
        }
    }

    /** Even and odd i end at 0 and 1. */
    @Test
    public void anInnerLoopCountingDown() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(24, n);
            must("innerCountDown", ShapeProbeTest::innerCountDown, a, new int[n]);
        }
    }

    /** {@code for (@Parallel int i = n - 1; i >= 0; i--)}: a parallel loop counting down. */
    public static void parallelCountDown(int[] a, int[] out, int n) {
        for (@Parallel int i = n - 1; i >= 0; i--) {
            out[i] = a[i] * 2 + i;
        }
    }

    /** n = 0, 1, 7 and n past the end (the JVM throws at its first iteration, writing nothing). */
    @Test
    public void aParallelLoopCountingDown() {
        for (int n : new int[] {0, 1, 6, 7, 8, Integer.MIN_VALUE}) {
            int[] a = JvmOracle.ints(25, 7);
            int[] out = new int[7];
            may("parallelCountDown", ShapeProbeTest::parallelCountDown, a, out, n);
        }
    }

    /** {@code for (@Parallel int i = n - 1; i >= 0; i -= 2)}: counting down by two. */
    public static void parallelStepDownByTwo(int[] out, int n) {
        for (@Parallel int i = n - 1; i >= 0; i -= 2) {
            out[i] = i + 100;
        }
    }

    /** Odd and even n, and n past the end. */
    @Test
    public void aParallelLoopCountingDownByTwo() {
        for (int n : new int[] {0, 1, 2, 7, 8, 9}) {
            int[] out = new int[8];
            may("parallelStepDownByTwo", ShapeProbeTest::parallelStepDownByTwo, out, n);
        }
    }

    /** A {@code @Parallel long} induction variable. */
    public static void parallelLongIndex(long[] out) {
        for (@Parallel long i = 0; i < out.length; i++) {
            out[(int) i] = i * i - 1;
        }
    }

    /** A long index: a match or a clean bailout. */
    @Test
    public void aParallelLoopWithALongIndex() {
        for (int n : SIZES) {
            may("parallelLongIndex", ShapeProbeTest::parallelLongIndex, new long[n]);
        }
    }

    /** Two parallel loops in sequence; the second reads elements of {@code tmp} other iterations wrote. */
    public static void twoLoopsCrossIndex(int[] a, int[] tmp, int[] out) {
        int n = a.length;
        for (@Parallel int i = 0; i < n; i++) {
            tmp[i] = a[i] * 3 + 1;
        }
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = tmp[(i + 1) % n] - tmp[n - 1 - i];
        }
    }

    /** The second loop must see all of the first loop's stores (a barrier between them), at every size. */
    @Test
    public void twoParallelLoopsTheSecondReadingNeighboursOfTheFirst() {
        for (int n : new int[] {0, 1, 7, 1000, 100_003}) {
            int[] a = JvmOracle.ints(26, n);
            must("twoLoopsCrossIndex", ShapeProbeTest::twoLoopsCrossIndex, a, new int[n], new int[n]);
        }
    }

    /** Jacobi relaxation: two parallel loops inside a sequential time loop. */
    public static void jacobi(float[] cur, float[] next, int steps) {
        int n = cur.length;
        for (int t = 0; t < steps; t++) {
            for (@Parallel int i = 1; i < n - 1; i++) {
                next[i] = (cur[i - 1] + cur[i + 1]) * 0.5f;
            }
            for (@Parallel int i = 1; i < n - 1; i++) {
                cur[i] = next[i];
            }
        }
    }

    /** Zero, one and several steps, on arrays of 0, 1, 2, 7 and 1000 elements. */
    @Test
    public void parallelLoopsInsideASequentialLoop() {
        for (int n : new int[] {0, 1, 2, 7, 1000}) {
            for (int steps : new int[] {0, 1, 5}) {
                float[] cur = JvmOracle.floats(27, n, -1f, 1f);
                may("jacobi", ShapeProbeTest::jacobi, cur, new float[n], steps);
            }
        }
    }

    /** A while loop whose condition has {@code &&}, {@code ||} and an assignment, and whose body skips ahead. */
    public static void whileComplexCondition(int[] a, int[] out, int limit) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = i;
            int s = 0;
            while (j < a.length && (a[j] > 0 || (j & 1) == 1) && (s += a[j]) < limit) {
                j++;
                if (j < a.length && a[j - 1] % 7 == 0) {
                    j++;
                }
            }
            out[i] = j * 1000 + s;
        }
    }

    /** Small mixed-sign elements and two limits. */
    @Test
    public void aWhileLoopWithAComplexConditionInside() {
        for (int n : SIZES) {
            for (int limit : new int[] {50, Integer.MAX_VALUE}) {
                int[] a = JvmOracle.ints(28, n, -20, 40);
                must("whileComplexCondition", ShapeProbeTest::whileComplexCondition, a, new int[n], limit);
            }
        }
    }

    /** A float loop counter: the trip count depends on every rounding of {@code x += step}. */
    public static void floatCounter(float[] step, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int c = 0;
            for (float x = 0f; x < 1f; x += step[i]) {
                c++;
            }
            out[i] = c;
        }
    }

    /** Steps of 0.001 to 0.3, and 0.1f (the classic: 0.1f summed ten times exceeds 1). */
    @Test
    public void aFloatLoopCounter() {
        for (int n : SIZES) {
            float[] step = JvmOracle.floats(29, n, 0.001f, 0.3f);
            if (n > 1) {
                step[0] = 0.1f;
                step[1] = 0.01f;
            }
            must("floatCounter", ShapeProbeTest::floatCounter, step, new int[n]);
        }
    }

    // ================================================================ E. control flow a parallel loop cannot have

    /** {@code return} inside the parallel loop: on the JVM, later iterations never run. */
    public static void returnInsideParallel(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (a[i] < 0) {
                return;
            }
            out[i] = a[i] * 2;
        }
    }

    /** All positive (every iteration runs), and a negative in the middle: the JVM leaves later elements alone. */
    @Test
    public void aReturnInsideTheParallelLoop() {
        int[] pos = JvmOracle.ints(30, 1000, 0, 1000);
        may("returnInsideParallel", ShapeProbeTest::returnInsideParallel, pos, new int[1000]);
        int[] mid = pos.clone();
        mid[300] = -1;
        may("returnInsideParallel", ShapeProbeTest::returnInsideParallel, mid, new int[1000]);
    }

    /** {@code break} inside the parallel loop, guarding a division. */
    public static void breakInsideParallel(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (a[i] == 0) {
                break;
            }
            out[i] = 100_000 / a[i];
        }
    }

    /** No zero, and a zero in the middle: the JVM stops there. */
    @Test
    public void aBreakInsideTheParallelLoop() {
        int[] nz = JvmOracle.ints(31, 1000, 1, 1000);
        may("breakInsideParallel", ShapeProbeTest::breakInsideParallel, nz, new int[1000]);
        int[] mid = nz.clone();
        mid[400] = 0;
        may("breakInsideParallel", ShapeProbeTest::breakInsideParallel, mid, new int[1000]);
    }

    /** A scalar written in every iteration and stored after the loop: the JVM stores the last iteration's value. */
    public static void lastValueAfterLoop(int[] a, int[] out, int[] last) {
        int v = -1;
        for (@Parallel int i = 0; i < a.length; i++) {
            v = a[i] * 2;
            out[i] = v + 1;
        }
        last[0] = v;
    }

    /** The last value is only defined sequentially: a match or a clean bailout. */
    @Test
    public void aScalarCarriedOutOfTheParallelLoop() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(32, n);
            may("lastValueAfterLoop", ShapeProbeTest::lastValueAfterLoop, a, new int[n], new int[1]);
        }
    }

    /** A counter incremented in the loop without {@code @Reduce}, stored after it. */
    public static void countWithoutReduce(int[] a, int[] count) {
        int c = 0;
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                c++;
            }
        }
        count[0] = c;
    }

    /** A match with the JVM's count or a clean bailout. */
    @Test
    public void aCounterWithoutReduce() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(33, n);
            may("countWithoutReduce", ShapeProbeTest::countWithoutReduce, a, new int[1]);
        }
    }

    /** Sequential post-processing after the parallel loop reading what it wrote. */
    public static void codeAfterLoop(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i] * 2;
        }
        out[0] = -out[0];
        if (out.length > 1) {
            out[out.length - 1] += out[0];
        }
    }

    /** An empty array throws after the loop (out[0]); 1, 7 and 1000 elements. */
    @Test
    public void codeAfterTheParallelLoopReadingItsResults() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(34, n);
            may("codeAfterLoop", ShapeProbeTest::codeAfterLoop, a, new int[n]);
        }
    }

    /** The body assigns the parallel index ({@code i++} in a condition): iterations are no longer independent. */
    public static void modifiesIndex(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = a[i];
            if (a[i] > 0 && a[i++ % a.length] > 50) {
                out[i % out.length] = -1;
            }
        }
    }

    /** A match with the JVM (which skips elements) or a clean bailout. */
    @Test
    public void aBodyThatAssignsTheParallelIndex() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(35, n, -100, 100);
            may("modifiesIndex", ShapeProbeTest::modifiesIndex, a, new int[n]);
        }
    }

    // ================================================================ F. body forms

    /** Pre/post increments on array elements within one expression, and {@code v += v++}. */
    public static void increments(int[] a, long[] l, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[3 * i] = a[i]++ + ++a[i] * a[i]--;
            long x = l[i]++ + l[i]-- * --l[i];
            out[3 * i + 1] = (int) (x ^ (x >>> 32));
            int v = a[i];
            v += v++;
            out[3 * i + 2] = v + --a[i];
        }
    }

    /** Values at the int and long edges so the increments wrap. */
    @Test
    public void prePostIncrementsOnArrayElements() {
        for (int n : SIZES) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(36, n), INT_EDGES);
            long[] l = JvmOracle.longs(37, n);
            if (n > 2) {
                l[0] = Long.MAX_VALUE;
                l[1] = Long.MIN_VALUE;
                l[2] = -1;
            }
            must("increments", ShapeProbeTest::increments, a, l, new int[3 * n]);
        }
    }

    /** Assignment chains across types: the value of {@code f[i] = (float) x} is the float, widened again. */
    public static void assignmentChains(double[] src, float[] f, double[] d, int[] k, long[] l, char[] c, short[] s,
            byte[] b) {
        for (@Parallel int i = 0; i < src.length; i++) {
            double x = src[i];
            d[i] = f[i] = (float) x;
            l[i] = k[i] = (int) (x * 1e9);
            s[i] = (short) (c[i] = (char) (long) (x * 1e5));
            b[i] = (byte) (s[i] += 1000);
        }
    }

    /** Doubles that lose precision as floats, saturate as ints, and wrap as chars and shorts. */
    @Test
    public void assignmentChainsAcrossTypes() {
        for (int n : SIZES) {
            double[] src = doublesWith(38, n, 0.1, -0.0, Double.NaN, 1e300, -3.0, 0.5e-5, 65535.9e-5);
            must("assignmentChains", ShapeProbeTest::assignmentChains, src, new float[n], new double[n], new int[n],
                    new long[n], new char[n], new short[n], new byte[n]);
        }
    }

    /** Compound assignments on boolean array elements: {@code &=}, {@code |=}, {@code ^=} and a negated compare. */
    public static void booleanCompounds(int[] a, boolean[] flags, boolean f) {
        for (@Parallel int i = 0; i < a.length; i++) {
            flags[i] &= a[i] > 0;
            flags[i] |= f && (a[i] & 1) == 0;
            flags[i] ^= a[i] == Integer.MIN_VALUE;
            flags[i] = !flags[i] == f;
        }
    }

    /** Both values of f, flags starting true and false. */
    @Test
    public void compoundAssignmentsOnBooleanElements() {
        for (int n : SIZES) {
            for (boolean f : new boolean[] {false, true}) {
                int[] a = JvmOracle.withSpecials(JvmOracle.ints(39, n), INT_EDGES);
                boolean[] flags = new boolean[n];
                for (int i = 0; i < n; i++) {
                    flags[i] = (i & 2) == 0;
                }
                must("booleanCompounds", ShapeProbeTest::booleanCompounds, a, flags, f);
            }
        }
    }

    /** Compound assignments on narrow elements with long, float and negative right operands. */
    public static void narrowCompounds(byte[] b, short[] s, char[] c) {
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] += 1L << 40 | i;
            b[i] %= -3;
            s[i] *= 3.5f;
            s[i] <<= 33L;
            c[i] /= -1;
            c[i] += 0x10001;
            b[i] >>>= 28 + i % 8;
            s[i] -= c[i]++;
        }
    }

    /** Elements at the narrow types' edges. */
    @Test
    public void narrowCompoundsWithWideRightOperands() {
        for (int n : SIZES) {
            int[] r = JvmOracle.ints(40, n);
            byte[] b = new byte[n];
            short[] s = new short[n];
            char[] c = new char[n];
            for (int i = 0; i < n; i++) {
                b[i] = (byte) r[i];
                s[i] = (short) (r[i] >> 8);
                c[i] = (char) (r[i] >>> 16);
            }
            if (n > 3) {
                b[0] = Byte.MIN_VALUE;
                s[0] = Short.MIN_VALUE;
                c[0] = 0;
                b[1] = Byte.MAX_VALUE;
                s[1] = Short.MAX_VALUE;
                c[1] = 0xFFFF;
                b[2] = -1;
                s[2] = -1;
                c[2] = 1;
            }
            must("narrowCompounds", ShapeProbeTest::narrowCompounds, b, s, c);
        }
    }

    /** Integer edges: MIN_VALUE / -1, % of negatives, floorMod, Math.abs(MIN_VALUE) as a value and in a remainder. */
    public static void integerEdges(int[] a, int[] d, long[] la, long[] ld, int[] out, long[] lout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            int y = d[i];
            out[5 * i] = x / y;
            out[5 * i + 1] = x % y;
            out[5 * i + 2] = Math.floorMod(x, y);
            out[5 * i + 3] = Math.abs(x) % 10;
            out[5 * i + 4] = x * y + (x >>> 1) * 3;
            long p = la[i];
            long q = ld[i];
            lout[3 * i] = p / q;
            lout[3 * i + 1] = p % q + Math.floorMod(p, q);
            lout[3 * i + 2] = Math.abs(p) + Math.abs((long) x);
        }
    }

    /** Divisors -1, 1 and negatives against MIN_VALUE and negative dividends. */
    @Test
    public void integerEdgesInsideTheLoop() {
        for (int n : SIZES) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(41, n), Integer.MIN_VALUE, Integer.MIN_VALUE, -7, 7, -7,
                Integer.MAX_VALUE);
            int[] d = JvmOracle.withSpecials(JvmOracle.ints(42, n, 1, 20), -1, 1, 3, -3, -3, -1);
            long[] la = JvmOracle.longs(43, n);
            long[] ld = JvmOracle.longs(44, n);
            for (int i = 0; i < n; i++) {
                long v = ld[i] >> (i % 60);
                ld[i] = v == 0 ? 3 : v;
            }
            if (n > 2) {
                la[0] = Long.MIN_VALUE;
                ld[0] = -1;
                la[1] = -7;
                ld[1] = 3;
                la[2] = Long.MIN_VALUE;
                ld[2] = Long.MIN_VALUE;
            }
            must("integerEdges", ShapeProbeTest::integerEdges, a, d, la, ld, new int[5 * n], new long[3 * n]);
        }
    }

    /** Math in the loop: round of halves, casts of NaN and huge values, bits, and a Horner polynomial with fma. */
    public static void mathInLoop(float[] f, double[] d, double[] coeffs, int[] iout, long[] lout, double[] dout) {
        for (@Parallel int i = 0; i < f.length; i++) {
            float x = f[i];
            double y = d[i];
            iout[4 * i] = Math.round(x);
            iout[4 * i + 1] = (int) y + (int) x;
            iout[4 * i + 2] = Float.floatToIntBits(x * 2f);
            iout[4 * i + 3] = (char) y + (short) x;
            lout[2 * i] = Math.round(y) ^ (long) x;
            lout[2 * i + 1] = Double.doubleToLongBits(y / 3.0);
            double acc = 0.0;
            for (int k = 0; k < coeffs.length; k++) {
                acc = Math.fma(acc, y, coeffs[k]);
            }
            dout[i] = acc;
        }
    }

    /** Halves of both signs, 0.49999997f, NaN, infinities, values past int and long. */
    @Test
    public void mathEdgesAndAnFmaHornerLoop() {
        double[] coeffs = {1.0, -0.5, 1.0 / 6, -1.0 / 24, 1e-300, 3.0};
        for (int n : SIZES) {
            float[] f = floatsWith(45, n, 0.5f, -0.5f, 2.5f, -2.5f, 0.49999997f, Float.NaN, Float.POSITIVE_INFINITY,
                -3e9f, 1e20f, -0.0f, Float.MIN_VALUE);
            double[] d = doublesWith(46, n, -0.5, 0.5, -2.5, 4503599627370497.0, Double.NaN, 1e19, -1e19,
                Double.NEGATIVE_INFINITY, 0.49999999999999994, -0.0, 70000.7);
            must("mathInLoop", ShapeProbeTest::mathInLoop, f, d, coeffs, new int[4 * n], new long[2 * n],
                    new double[n]);
        }
    }

    /** char arithmetic: wrap at 0xFFFF, case shifting by offset, a digit's value, negative differences. */
    public static void charArithmetic(char[] c, char[] out, int[] code) {
        for (@Parallel int i = 0; i < c.length; i++) {
            char x = c[i];
            x++;
            out[i] = x >= 'a' && x <= 'z' ? (char) (x - 'a' + 'A') : (char) (x + 0x7FFF);
            code[2 * i] = x - '0';
            code[2 * i + 1] = (char) (x * x) - (x ^ 'A');
            c[i] -= 2;
        }
    }

    /** 0, 0xFFFF (x++ wraps to 0), letters and digits. */
    @Test
    public void charArithmeticInTheLoop() {
        for (int n : SIZES) {
            int[] r = JvmOracle.ints(47, n, 0, 0x10000);
            char[] c = new char[n];
            for (int i = 0; i < n; i++) {
                c[i] = (char) (i % 2 == 0 ? r[i] : 'a' + r[i] % 40);
            }
            if (n > 3) {
                c[0] = 0xFFFF;
                c[1] = 0;
                c[2] = '9';
                c[3] = 'y';
            }
            must("charArithmetic", ShapeProbeTest::charArithmetic, c, new char[n], new int[2 * n]);
        }
    }

    /** {@code Character.isDigit} and {@code Character.toUpperCase}: library lookups a user reaches for first. */
    public static void characterMethods(char[] c, int[] out) {
        for (@Parallel int i = 0; i < c.length; i++) {
            out[i] = Character.isDigit(c[i]) ? c[i] - '0' : Character.toUpperCase(c[i]);
        }
    }

    /** ASCII and non-ASCII letters and digits: a match or a clean bailout. */
    @Test
    public void characterLibraryMethodsInTheLoop() {
        char[] c = "az AZ 09 \u00e9\u00df\u0660\uff10 \u03b1".toCharArray();
        may("characterMethods", ShapeProbeTest::characterMethods, c, new int[c.length]);
    }

    // ================================================================ G. values computed before the loop, as Java does

    /** {@code if (a + b == a) return;}: float addition rounds to float before the comparison (JLS §15.18.2). */
    public static void floatAbsorbs(float[] out, float a, float b, float c) {
        if (a + b == a) {
            return;
        }
        float s = a + b - c;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s + i;
        }
    }

    /** 1e8f + 1f == 1e8f in float (not in double); {@code a + b - c} rounds after each operation. */
    @Test
    public void floatArithmeticBeforeTheLoopRoundsToFloat() {
        float[][] cases = {{1e8f, 1f, 1e8f}, {1e8f, 4f, 1e8f}, {16777216f, 1f, 0f}, {16777216f, 3f, 16777216f},
            {1f, 1e-8f, 1f}, {1f, 1f, 0.5f}, {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE},
            {Float.NaN, 1f, 0f}, {-0f, 0f, -0f}, {0.1f, 0.2f, 0.3f}};
        for (float[] c : cases) {
            float[] out = new float[7];
            must("floatAbsorbs", ShapeProbeTest::floatAbsorbs, out, c[0], c[1], c[2]);
        }
    }

    /** The same in double, and {@code (float) d == d} (a narrowing that must round before the comparison). */
    public static void doubleAbsorbs(double[] out, double a, double b) {
        if (a + b == a) {
            return;
        }
        float f = (float) b;
        double k = f == b ? 1.0 : -1.0;
        double s = a + b - a;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s * k + i;
        }
    }

    /** 2^53 + 1 is absorbed; 0.1 is not a float; 0.5 is. */
    @Test
    public void doubleArithmeticAndANarrowingBeforeTheLoop() {
        double[][] cases = {{9007199254740992.0, 1.0}, {9007199254740992.0, 2.0}, {1.0, 0.1}, {1.0, 0.5},
            {1e300, 1e300}, {Double.MAX_VALUE, Double.MAX_VALUE}, {-0.0, 0.0}, {1.0, 1e-17}, {3.0, 1e-40}};
        for (double[] c : cases) {
            must("doubleAbsorbs", ShapeProbeTest::doubleAbsorbs, new double[7], c[0], c[1]);
        }
    }

    /** Mixed comparisons before the loop: int with float, long with double and float (JLS §5.6 promotion). */
    public static void mixedCompares(int[] out, float x, int n, double d, long l) {
        int v = (x < n ? 1 : 0) | (x == n ? 2 : 0) | (d == l ? 4 : 0) | (l > x ? 8 : 0) | (d < l ? 16 : 0);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v * 100 + i;
        }
    }

    /** Pairs where converting to float or double rounds: 16777217 is 16777216f, 2^53 + 1 is 2^53 as a double. */
    @Test
    public void mixedTypeComparisonsBeforeTheLoop() {
        Object[][] cases = {
            {16777216f, 16777217, 9007199254740992.0, (1L << 53) + 1},
            {2.14748365E9f, Integer.MAX_VALUE, 9.223372036854775807E18, Long.MAX_VALUE},
            {-2.14748365E9f, Integer.MIN_VALUE, -9.223372036854775808E18, Long.MIN_VALUE},
            {1.5f, 1, 1.0, 1L},
            {Float.NaN, 0, Double.NaN, 0L},
            {3.4028235E38f, Integer.MAX_VALUE, 1e19, Long.MAX_VALUE},
        };
        for (Object[] c : cases) {
            must("mixedCompares", ShapeProbeTest::mixedCompares, new int[3], (Float) c[0], (Integer) c[1],
                    (Double) c[2], (Long) c[3]);
        }
    }

    /** {@code long cells = n * m;}: the int product overflows before it is widened (JLS §5.1.2, §15.17.1). */
    public static void intProductWidened(int[] out, int n, int m) {
        long cells = n * m;
        if (cells > 1000L) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = (int) (cells >> 1) + i;
        }
    }

    /** 65536 * 65536 is 0 as an int, 46341 * 46341 negative, 1000 * 1000 too big: the JVM returns only there. */
    @Test
    public void anIntProductWidenedAfterItOverflows() {
        int[][] cases = {{65536, 65536}, {46341, 46341}, {1000, 1000}, {3, 5}, {-65536, 65537}, {0, 7}};
        for (int[] c : cases) {
            must("intProductWidened", ShapeProbeTest::intProductWidened, new int[5], c[0], c[1]);
        }
    }

    /** Shifts before the loop by counts outside 0..31 and 0..63: Java masks the count (JLS §15.19). */
    public static void preLoopShifts(int[] out, int n, int c, long l) {
        int hi = Math.min(out.length, n >>> c);
        int v = (int) (l >> c) ^ (n << c);
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = v + i;
        }
    }

    /** Counts 0, 1, 31, 32, 33, 63, 64, 65, -1, -31. */
    @Test
    public void shiftCountsOutOfRangeBeforeTheLoop() {
        for (int c : new int[] {0, 1, 31, 32, 33, 63, 64, 65, -1, -31}) {
            for (int n : new int[] {40, -1, 5}) {
                must("preLoopShifts", ShapeProbeTest::preLoopShifts, new int[10], n, c, Long.MIN_VALUE + 12345);
            }
        }
    }

    /** {@code Math.round} of halves as a bound: Java rounds half up (-2.5f to -2), not half away from zero. */
    public static void roundedBound(int[] out, float x, double d) {
        int hi = Math.round(x) + 5;
        long h2 = Math.round(d);
        for (@Parallel int i = 0; i < Math.min(hi, out.length); i++) {
            out[i] = (int) h2 + i;
        }
    }

    /** Halves of both signs, the largest float below 0.5, NaN and values past int and long. */
    @Test
    public void roundingHalvesBeforeTheLoop() {
        float[] xs = {-2.5f, -3.5f, 2.5f, 0.49999997f, -0.5f, -4.5f, Float.NaN, -1e10f};
        double[] ds = {-2.5, 0.49999999999999994, -0.5, 4503599627370497.0, Double.NaN, -1e300, 2.5};
        for (int k = 0; k < xs.length; k++) {
            may("roundedBound", ShapeProbeTest::roundedBound, new int[12], xs[k], ds[k % ds.length]);
        }
    }

    /** {@code (int) (long) d} and {@code (int) d} differ past the int range: saturate, then wrap. */
    public static void doubleNarrowedTwice(int[] out, double d) {
        int hi = Math.min(out.length, (int) (long) d);
        int v = (int) d;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = v + i;
        }
    }

    /** 1e19 (long saturates, its low 32 bits are -1), 2^32 + 3, -(2^32) + 3, NaN, fractions, -0.0. */
    @Test
    public void aDoubleNarrowedThroughLongToABound() {
        for (double d : new double[] {1e19, 4294967299.0, -4294967293.0, Double.NaN, 5.9, -0.0, -1e19, 6.999999}) {
            must("doubleNarrowedTwice", ShapeProbeTest::doubleNarrowedTwice, new int[10], d);
        }
    }

    /** {@code Math.floorMod(n, 8)} and {@code n % 8} before the loop (negative n differs). */
    public static void modBound(int[] out, int n) {
        int hi = Math.floorMod(n, 8);
        int r = n % 8;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = r * 10 + i;
        }
    }

    /** Negative, zero and positive n, and the int edges. */
    @Test
    public void floorModAndRemainderBeforeTheLoop() {
        for (int n : INT_EDGES) {
            must("modBound", ShapeProbeTest::modBound, new int[8], n);
        }
    }

    /** {@code (char) (c + 1) - 'a'}: a char that wraps at 0xFFFF, promoted to int. */
    public static void charBound(int[] out, char c) {
        int hi = Math.min(out.length, (char) (c + 1) - 'a');
        char d = c;
        d += 2;
        for (@Parallel int i = 0; i < hi; i++) {
            out[i] = d + i;
        }
    }

    /** Letters, 0xFFFF (wraps to 0), 0, and a char past 'a' + the length. */
    @Test
    public void aCharComputedBoundBeforeTheLoop() {
        for (char c : new char[] {'a', 'c', 'j', 'z', 0xFFFF, 0xFFFE, 0, '`'}) {
            must("charBound", ShapeProbeTest::charBound, new int[10], c);
        }
    }

    /** {@code float z = x * 0f;} keeps the sign of zero; {@code 1f / z < 0f} tells -0.0f from 0.0f. */
    public static void signedZeroEarly(float[] out, float x) {
        float z = x * 0f;
        if (1f / z < 0f) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = z + i;
        }
    }

    /** Negative values give -0.0f (the JVM returns), infinities give NaN. */
    @Test
    public void aSignedZeroDecidesAnEarlyReturn() {
        for (float x : new float[] {3f, -3f, 0f, -0f, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, Float.NaN,
            -Float.MIN_VALUE}) {
            must("signedZeroEarly", ShapeProbeTest::signedZeroEarly, new float[5], x);
        }
    }

    /** A plain char switch before the loop that only chooses a value (no return in the default). */
    public static void charChoiceBeforeLoop(int[] out, char op) {
        int k;
        switch (op) {
            case '+':
                k = 1;
                break;
            case '-':
                k = -1;
                break;
            case 'x':
            case '*':
                k = 7;
                break;
            default:
                k = op;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = k * i;
        }
    }

    /** Every case and the default with '\0' and '\uffff'. */
    @Test
    public void aCharSwitchChoosingAValueBeforeTheLoop() {
        for (char op : new char[] {'+', '-', '*', 'x', '/', 0, 0xFFFF}) {
            must("charChoiceBeforeLoop", ShapeProbeTest::charChoiceBeforeLoop, new int[5], op);
        }
    }

    /** A while loop before the parallel loop: the next power of two as the bound. */
    public static void powerOfTwoBound(int[] out, int n) {
        int p = 1;
        while (p < n) {
            p <<= 1;
        }
        for (@Parallel int i = 0; i < Math.min(p, out.length); i++) {
            out[i] = p - i;
        }
    }

    /** A sequential loop before the parallel loop: a match or a clean bailout. */
    @Test
    public void aWhileLoopBeforeTheParallelLoop() {
        for (int n : new int[] {0, 1, 3, 4, 5, 9, 17}) {
            may("powerOfTwoBound", ShapeProbeTest::powerOfTwoBound, new int[16], n);
        }
    }

    /** A sum over a small weight array before the parallel loop, used to normalise. */
    public static void normaliseByWeights(float[] w, float[] x, float[] out) {
        float total = 0f;
        for (int k = 0; k < w.length; k++) {
            total += w[k];
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x[i] * w[i % w.length] / total;
        }
    }

    /** Weights summing to a non-trivial float; a match or a clean bailout. */
    @Test
    public void aSequentialSumBeforeTheParallelLoop() {
        for (int n : new int[] {1, 7, 1000}) {
            may("normaliseByWeights", ShapeProbeTest::normaliseByWeights, JvmOracle.floats(48, 5, 0.1f, 3f),
                    JvmOracle.floats(49, n, -1f, 1f), new float[n]);
        }
    }

    // ================================================================ H. inner loops at the int edges

    /** Inner loops whose bounds or steps wrap: {@code i + k} overflows, {@code j += step} passes MAX_VALUE. */
    public static void wrappingInnerLoops(int[] out, int k, int step) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int s = 0;
            for (int j = i + k; j > i; j--) {
                s++;
                if (s > 5) {
                    break;
                }
            }
            int t = 0;
            for (int j = 0; j < Integer.MAX_VALUE; j += step) {
                t++;
                if (t > 10) {
                    break;
                }
            }
            out[i] = s * 100 + t;
        }
    }

    /** k = MAX_VALUE (i + k wraps negative for i > 0), steps 2^30 and MAX_VALUE (j wraps past MAX_VALUE). */
    @Test
    public void innerLoopsWhoseBoundOrStepWraps() {
        int[][] cases = {{Integer.MAX_VALUE, 1 << 30}, {Integer.MAX_VALUE - 3, Integer.MAX_VALUE}, {3, 1 << 29},
            {0, Integer.MAX_VALUE / 3}, {Integer.MIN_VALUE, 1 << 30}};
        for (int[] c : cases) {
            must("wrappingInnerLoops", ShapeProbeTest::wrappingInnerLoops, new int[7], c[0], c[1]);
        }
    }

    /** Inner loops with byte, short and char counters, which wrap at their own width. */
    public static void narrowCounters(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int cnt = 0;
            for (byte b = (byte) a[i]; b != 0; b += 3) {
                cnt++;
                if (cnt > 300) {
                    break;
                }
            }
            for (char c = 'a'; c <= 'z'; c++) {
                cnt += c;
            }
            for (short s = (short) a[i]; s < 32000 && cnt < 5000; s += 1000) {
                cnt++;
            }
            int laps = 0;
            for (char c = (char) a[i]; c != 0 && laps < 9; c += 0x4000) {
                cnt += 3;
                laps++;
            }
            out[i] = cnt;
        }
    }

    /** Starting values at the narrow types' edges. */
    @Test
    public void innerLoopsWithNarrowCounters() {
        for (int n : SIZES) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(50, n), 127, -128, 31500, 0, 1, 0xC000, -1, 0x7FFF);
            must("narrowCounters", ShapeProbeTest::narrowCounters, a, new int[n]);
        }
    }

    /** Two parallel loops of different lengths: the second, twice as long, reads the first's results. */
    public static void twoLoopsDifferentLengths(int[] a, int[] tmp, int[] out) {
        for (@Parallel int i = 0; i < tmp.length; i++) {
            tmp[i] = a[i] ^ (a[i] >>> 7);
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = tmp[i / 2] + tmp[tmp.length - 1 - i / 2] * (i & 1);
        }
    }

    /** out is twice tmp: launches of two sizes in one task. */
    @Test
    public void twoParallelLoopsOfDifferentLengths() {
        for (int n : new int[] {0, 1, 7, 1000, 50_001}) {
            must("twoLoopsDifferentLengths", ShapeProbeTest::twoLoopsDifferentLengths, JvmOracle.ints(51, n),
                    new int[n], new int[2 * n]);
        }
    }

    // ================================================================ I. host-evaluated values at their edges

    /** A float remainder as the bound (JLS §15.17.3: fmod, the dividend's sign); every value here is below 10. */
    public static void floatRemainderBound(int[] out, float x, float y) {
        for (@Parallel int i = 0; i < (int) (x % y); i++) {
            out[i] = i + 1;
        }
    }

    /** Remainders with negative operands, a zero divisor (NaN), infinities. */
    @Test
    public void aFloatRemainderAsTheBound() {
        float[][] fs = {{7.5f, 2f}, {-7.5f, 2f}, {9f, -4f}, {5f, 0f}, {Float.POSITIVE_INFINITY, 3f}, {8f,
            Float.POSITIVE_INFINITY}, {100f, 7f}};
        for (float[] c : fs) {
            may("floatRemainderBound", ShapeProbeTest::floatRemainderBound, new int[10], c[0], c[1]);
        }
    }

    /** The same with a double remainder as the bound. */
    public static void doubleRemainderBound(int[] out, double d, double e) {
        for (@Parallel int i = 0; i < (int) (d % e); i++) {
            out[i] = -i;
        }
    }

    /** Negative dividends (an empty range), a zero divisor (NaN: 0), an infinite divisor. */
    @Test
    public void aDoubleRemainderAsTheBound() {
        double[][] ds = {{7.25, 2}, {-7.25, 2}, {5, 0}, {3, Double.NEGATIVE_INFINITY}, {1e300, 7}};
        for (double[] c : ds) {
            may("doubleRemainderBound", ShapeProbeTest::doubleRemainderBound, new int[10], c[0], c[1]);
        }
    }

    /** A double remainder computed before the loop and used as a value in it. */
    public static void doubleRemainderValue(double[] out, double d, double e) {
        double r = d % e;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = r + i;
        }
    }

    /** Negative operands, a zero divisor, infinities, an inexact 0.3 % 0.1. */
    @Test
    public void aDoubleRemainderBeforeTheLoop() {
        double[][] ds = {{7.25, 2}, {-7.25, 2}, {1e300, 3}, {5, 0}, {-0.0, 1}, {3, Double.NEGATIVE_INFINITY},
            {0.3, 0.1}};
        for (double[] c : ds) {
            must("doubleRemainderValue", ShapeProbeTest::doubleRemainderValue, new double[5], c[0], c[1]);
        }
    }

    /** A bound {@code n / m + 3} and {@code n % m + 3}: MIN_VALUE / -1 is MIN_VALUE, MIN_VALUE % -1 is 0. */
    public static void divisionBounds(int[] out, int[] out2, int n, int m) {
        for (@Parallel int i = 0; i < Math.min(out.length, n / m + 3); i++) {
            out[i] = i + 1;
        }
        for (@Parallel int i = 0; i < Math.min(out2.length, n % m + 3); i++) {
            out2[i] = -i - 1;
        }
    }

    /** MIN_VALUE and -1, negative remainders, and a zero divisor (the JVM's ArithmeticException). */
    @Test
    public void divisionBoundsAtMinValueOverMinusOne() {
        int[][] cases = {{Integer.MIN_VALUE, -1}, {Integer.MIN_VALUE, 1}, {-7, 2}, {7, -2}, {-1, Integer.MIN_VALUE},
            {Integer.MAX_VALUE, -1}, {5, 0}};
        for (int[] c : cases) {
            must("divisionBounds", ShapeProbeTest::divisionBounds, new int[6], new int[6], c[0], c[1]);
        }
    }

    /** A long division before the loop narrowed to the bound: Long.MIN_VALUE / -1 wraps. */
    public static void longDivisionBound(int[] out, long l, long k) {
        int hi = (int) (l / k) + 4;
        for (@Parallel int i = 0; i < Math.min(hi, out.length); i++) {
            out[i] = (int) (l % k) + i;
        }
    }

    /** Long.MIN_VALUE / -1, quotients whose low 32 bits are small, a zero divisor. */
    @Test
    public void aLongDivisionNarrowedToTheBound() {
        long[][] cases = {{Long.MIN_VALUE, -1}, {(1L << 32) + 2, 1}, {-(1L << 33), 2}, {-9, 4}, {9, -4}, {3, 0}};
        for (long[] c : cases) {
            may("longDivisionBound", ShapeProbeTest::longDivisionBound, new int[8], c[0], c[1]);
        }
    }

    static long sLimit = 5;
    static float sScale = 1.5f;

    /** Non-final static long and float fields in the conditions before the loop. */
    public static void staticWideFields(float[] out, long n) {
        if (n > sLimit) {
            return;
        }
        float k = sScale * 2f;
        if (k != k) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = k * i;
        }
    }

    /** The fields change between executions: each must see the current values, as the JVM does. */
    @Test
    public void staticLongAndFloatFieldsBeforeTheLoopChangeBetweenExecutions() {
        long savedLimit = sLimit;
        float savedScale = sScale;
        try {
            long[] limits = {5, 100, -1, 100, 5};
            float[] scales = {1.5f, -2f, 3f, Float.NaN, 0.25f};
            for (int k = 0; k < limits.length; k++) {
                sLimit = limits[k];
                sScale = scales[k];
                for (long n : new long[] {3, 50}) {
                    must("staticWideFields", ShapeProbeTest::staticWideFields, new float[5], n);
                }
            }
        } finally {
            sLimit = savedLimit;
            sScale = savedScale;
        }
    }

    // ================================================================ J. divisions and throws in the loop body

    /** Divisions guarded by a condition in every shape: each must run only where Java runs it. */
    public static void guardedDivisions(int[] a, int[] b, long[] la, long[] lb, int[] out, long[] lout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            int y = b[i];
            out[4 * i] = y == 0 ? 0 : x / y;
            out[4 * i + 1] = y != -1 && y != 0 ? x % y == 0 ? 1 : x % y : -x;
            int q = 7;
            if (y > 0 || y < -1) {
                q = x / y;
            }
            out[4 * i + 2] = q;
            out[4 * i + 3] = y != 0 && x / y > 3 ? Math.max(x / y, 100) : Math.min(x, y);
            long p = la[i];
            long r = lb[i];
            lout[2 * i] = r == 0 ? -1 : p / r;
            lout[2 * i + 1] = r == 0 || r == -1 ? p : p % r;
        }
    }

    /** Zero and -1 divisors against MIN_VALUE dividends. */
    @Test
    public void divisionsGuardedAgainstZeroAndMinusOne() {
        for (int n : SIZES) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(52, n), Integer.MIN_VALUE, Integer.MIN_VALUE, 5, -5, 0,
                Integer.MIN_VALUE);
            int[] b = JvmOracle.withSpecials(JvmOracle.ints(53, n, -3, 4), 0, -1, 0, -1, 0, 1);
            long[] la = JvmOracle.longs(54, n);
            long[] lb = JvmOracle.longs(55, n);
            for (int i = 0; i < n; i++) {
                lb[i] = i % 3 == 0 ? 0 : i % 3 == 1 ? -1 : lb[i] >> 40;
                if (i % 5 == 0) {
                    la[i] = Long.MIN_VALUE;
                }
            }
            must("guardedDivisions", ShapeProbeTest::guardedDivisions, a, b, la, lb, new int[4 * n],
                    new long[2 * n]);
        }
    }

    /** An in-place update, then a throw on the updated value: the JVM leaves earlier elements updated. */
    public static void updateThenThrow(int[] a, float[] f) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 3 + 1;
            f[i] += a[i];
            if (a[i] == 7) {
                throw new IllegalStateException("seven");
            }
            f[i] *= 0.5f;
        }
    }

    /** No 2 among the inputs runs on the device; a 2 at 700 of 1000 gives the JVM's exception and arrays. */
    @Test
    public void anInPlaceUpdateFollowedByAThrow() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(56, n, 3, 1000);
            must("updateThenThrow", ShapeProbeTest::updateThenThrow, a, JvmOracle.floats(57, n, -1f, 1f));
        }
        int[] a = JvmOracle.ints(58, 1000, 3, 1000);
        a[700] = 2;
        a[900] = 2;
        must("updateThenThrow", ShapeProbeTest::updateThenThrow, a, JvmOracle.floats(59, 1000, -1f, 1f));
    }

    /** A switch whose default throws, after an in-place update of the switched element. */
    public static void updateThenSwitchThrow(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] += 1;
            switch (a[i] & 3) {
                case 0:
                    out[i] = a[i] >> 2;
                    break;
                case 1:
                    out[i] = -a[i];
                    break;
                case 2:
                    out[i] = a[i] * a[i];
                    break;
                default:
                    throw new IllegalArgumentException("bad " + a[i] + " at " + i);
            }
        }
    }

    /** Inputs avoiding 2 mod 4 run; a 2 mod 4 at 333 throws with the JVM's message and arrays (or a bailout). */
    @Test
    public void anInPlaceUpdateThenASwitchWhoseDefaultThrows() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(60, n, 0, 1 << 20);
            for (int i = 0; i < n; i++) {
                a[i] = (a[i] & ~3) | ((i % 3 + 3) & 3);
            }
            may("updateThenSwitchThrow", ShapeProbeTest::updateThenSwitchThrow, a, new int[n]);
        }
        int[] a = JvmOracle.ints(61, 1000, 0, 1 << 20);
        for (int i = 0; i < 1000; i++) {
            a[i] = (a[i] & ~3) | (i == 333 ? 2 : 0);
        }
        may("updateThenSwitchThrow", ShapeProbeTest::updateThenSwitchThrow, a, new int[1000]);
    }

    // ================================================================ K. shapes of several loops and of groups

    /** An early return between two parallel loops: the first loop's stores happen whatever the condition. */
    public static void returnBetweenLoops(int[] out, int[] out2, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * 5 + 1;
        }
        if (n < 0) {
            return;
        }
        for (@Parallel int i = 0; i < Math.min(n, out2.length); i++) {
            out2[i] = out[i] - 1;
        }
    }

    /** n negative (the JVM returns after the first loop), zero, and within the array. */
    @Test
    public void anEarlyReturnBetweenTwoParallelLoops() {
        for (int n : new int[] {-1, Integer.MIN_VALUE, 0, 3, 7, 9}) {
            may("returnBetweenLoops", ShapeProbeTest::returnBetweenLoops, new int[7], new int[7], n);
        }
    }

    /** A quadruple rotated in place: the last store reads the first element after the first store wrote it. */
    public static void rotateQuadsInPlace(float[] x) {
        for (@Parallel int i = 0; i < x.length / 4; i++) {
            x[4 * i] = x[4 * i + 1];
            x[4 * i + 1] = x[4 * i + 2];
            x[4 * i + 2] = x[4 * i + 3];
            x[4 * i + 3] = x[4 * i];
        }
    }

    /** Lengths that are and are not multiples of four. */
    @Test
    public void aQuadrupleRotatedInPlace() {
        for (int n : new int[] {0, 3, 4, 7, 8, 1000, 1003}) {
            must("rotateQuadsInPlace", ShapeProbeTest::rotateQuadsInPlace, JvmOracle.floats(62, n, -1f, 1f));
        }
    }

    /** Eight bytes shifted left by one within their group in place, the last reading the updated first. */
    public static void shiftBytesInPlace(byte[] b) {
        for (@Parallel int i = 0; i < b.length / 8; i++) {
            for (int k = 0; k < 7; k++) {
                b[8 * i + k] = (byte) (b[8 * i + k + 1] + 1);
            }
            b[8 * i + 7] = b[8 * i];
            b[8 * i + 3] ^= b[8 * i + 7];
        }
    }

    /** Lengths that are and are not multiples of eight. */
    @Test
    public void eightBytesShiftedInPlace() {
        for (int n : new int[] {0, 7, 8, 15, 16, 1000, 1001}) {
            byte[] b = new byte[n];
            int[] r = JvmOracle.ints(63, n);
            for (int i = 0; i < n; i++) {
                b[i] = (byte) r[i];
            }
            must("shiftBytesInPlace", ShapeProbeTest::shiftBytesInPlace, b);
        }
    }

    /** A 2-D nest with a row's values loaded between the two parallel loops. */
    public static void rowScaled(float[] m, float[] scale, float[] out, int cols) {
        for (@Parallel int r = 0; r < scale.length; r++) {
            int base = r * cols;
            float s = scale[r];
            for (@Parallel int c = 0; c < cols; c++) {
                out[base + c] = m[base + c] * s + c;
            }
        }
    }

    /** Several shapes of matrix, one with zero columns. */
    @Test
    public void aTwoDimensionalNestWithCodeBetweenTheLoops() {
        int[][] shapes = {{1, 1}, {3, 7}, {64, 17}, {5, 0}, {0, 5}};
        for (int[] sh : shapes) {
            int rows = sh[0];
            int cols = sh[1];
            if (rows > 0 && cols == 0) {
                // The code between the loops runs for every row with no column after it: perfectNest leaves that
                // execution to the JVM (the code may throw there), so only the result is Java's to check.
                float[] m = new float[0];
                float[] scale = JvmOracle.floats(65, rows, -2f, 2f);
                float[] out = new float[0];
                try (dev.ferrocl.api.TaskSchedule s = new dev.ferrocl.api.TaskSchedule("empty")
                        .task("t", ShapeProbeTest::rowScaled, m, scale, out, cols)) {
                    s.execute();
                }
                continue;
            }
            may("rowScaled", ShapeProbeTest::rowScaled, JvmOracle.floats(64, rows * cols, -1f, 1f),
                    JvmOracle.floats(65, rows, -2f, 2f), new float[rows * cols], cols);
        }
    }

    /** A triangular 2-D parallel nest: the inner bound is the outer index. */
    public static void triangle(int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j <= i; j++) {
                out[i * n + j] = i * 1000 + j;
            }
        }
    }

    /** n = 0, 1, 7, 40: a match or a clean bailout. */
    @Test
    public void aTriangularParallelNest() {
        for (int n : new int[] {0, 1, 7, 40}) {
            may("triangle", ShapeProbeTest::triangle, new int[n * n], n);
        }
    }
}

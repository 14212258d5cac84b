package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
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
import java.util.stream.IntStream;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * Adversarial probes of the features that read Java values on the host before a kernel runs: elements of array
 * parameters read before the {@code @Parallel} loops ({@code HostLoad}: in-place updates in batches, on split devices
 * and across executions of one schedule with {@code keepOnDevice}, two loops in sequence, 2-D/3-D nests, reductions,
 * bounds and early returns taken from an element, indices computed with wrapping int arithmetic, long/float/char
 * indices, reads under nested ifs, switch cases and float conditions, receiver fields' arrays, every primitive type,
 * several tasks of one schedule, and the order of exceptions), conditions and bounds on {@code long}/{@code float}/
 * {@code double} values and static fields changed between executions, calls on a variable holding one of several
 * objects (receiver fields, abstract classes mixed with interfaces, helpers, casts and {@code instanceof} of the
 * variable, null, boxes whose object changes class), {@code switch} statements whose cases throw (edge keys, sparse
 * keys, fall-through), and casts and {@code instanceof} of parameter and field objects.
 *
 * <p>Every probe runs strict against the JVM's own run of the same method on clones of the inputs: the device result
 * bit for bit, or where the JVM throws, the same exception class, message and arrays after a failed check. A probe of
 * a form that may be unsupported also accepts a clean {@link CompilationException} (nothing run, arguments untouched);
 * the bailouts are printed after the class. The JVM is the only oracle: no expected value comes from Ferrocl.
 */
public class HostLoadProbeTest {

    private static final int N = 1000;

    /** Clean bailouts seen by probes that allow them: printed after the class. */
    private static final List<String> BAILOUTS = Collections.synchronizedList(new ArrayList<>());
    /** Probes whose results matched the JVM's but that ran on the JVM where the device was possible. */
    private static final List<String> ON_THE_JVM = Collections.synchronizedList(new ArrayList<>());

    /** Puts the static fields the probes change back. */
    @After
    public void restoreKnobs() {
        Knobs.L = 5L;
        Knobs.F = 1.5f;
        Knobs.D = -0.0;
    }

    /** Prints the clean bailouts and the executions that ran on the JVM (with the JVM's results), for the record. */
    @AfterClass
    public static void printFindings() {
        synchronized (BAILOUTS) {
            for (String b : BAILOUTS) {
                System.err.println("HostLoadProbeTest: clean bailout: " + b);
            }
        }
        synchronized (ON_THE_JVM) {
            for (String b : ON_THE_JVM) {
                System.err.println("HostLoadProbeTest: ran on the JVM (results match): " + b);
            }
        }
    }

    // ================================================================ the helper

    /** What a probe accepts besides the JVM's exception. */
    private enum Mode {
        /** The task must run on the device (where the JVM returns normally). */
        DEVICE,
        /** The device, or a clean bailout. */
        DEVICE_OR_BAILOUT,
        /** The JVM's results wherever the task ran (where it ran is recorded), or a clean bailout. */
        ANYWHERE
    }

    /**
     * The JVM runs {@code jvm} on clones; then the schedule (built by {@code adder} with the task "t" on the
     * originals) runs strict. Where the JVM returned normally the task must have run on the device and every argument
     * must equal the JVM's; where it threw, execute() must throw the same class with the same message after a failed
     * check, and leave the arguments as the JVM left them. With {@link Mode#DEVICE_OR_BAILOUT} a
     * {@link CompilationException} (arguments untouched) is also accepted and recorded.
     */
    private static void run(String what, Mode mode, MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder,
            Object... args) {
        Object[] before = cloneArgs(args);
        Object[] expectedArgs = cloneArgs(args);
        Throwable expected = null;
        try {
            jvm.run(expectedArgs);
        } catch (Throwable t) {
            expected = t;
        }
        Throwable actual = null;
        TaskReport t = null;
        String report = "";
        try (TaskSchedule s = adder.add(new TaskSchedule("probe"))) {
            try {
                s.execute();
            } catch (Throwable x) {
                actual = x;
            }
            if (!(actual instanceof CompilationException)) {
                t = s.report().task("t");
                report = s.report().toString();
            }
        }
        if (actual instanceof CompilationException) {
            if (mode == Mode.DEVICE) {
                throw new AssertionError(what + ": bailed out: " + actual.getMessage(), actual);
            }
            BAILOUTS.add(what + ": " + actual.getMessage());
            for (int i = 0; i < args.length; i++) {
                assertSame(what + ": argument " + (i + 1) + " after the bailout", before[i], args[i]);
            }
            return;
        }
        if (expected == null) {
            if (actual != null) {
                throw new AssertionError(what + ": the JVM returns normally but execute() threw " + actual + "\n"
                        + report, actual);
            }
            if (mode == Mode.ANYWHERE) {
                if (t.ranOn() != TaskReport.Where.DEVICE) {
                    ON_THE_JVM.add(what + ": " + t.reason());
                }
            } else {
                assertEquals(what + ": should run on the device, but: " + t.reason() + "\n" + report,
                        TaskReport.Where.DEVICE, t.ranOn());
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
            // After a failed check on the device or the host, or where the host saw that a call's object is null
            // (the JVM runs the method): either way on the JVM, and the task did compile (strict mode).
            assertEquals(what + ": where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
        }
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ": argument " + (i + 1), expectedArgs[i], args[i]);
        }
    }

    // ================================================================ the classes

    /** An int operation. */
    public interface IntOp {
        int apply(int x);
    }

    /** x + k. */
    public static class Add implements IntOp {
        final int k;

        public Add(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x + k;
        }
    }

    /** Overrides Add.apply with a super call. */
    public static final class AddTwice extends Add {
        public AddTwice(int k) {
            super(k);
        }

        @Override
        public int apply(int x) {
            return super.apply(x) * 2 + 1;
        }
    }

    /** x * k, wrapping. */
    public static final class Mul implements IntOp {
        final int k;

        public Mul(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x * k;
        }
    }

    /** An abstract class implementing the interface: apply is area + 1, twice a concrete method. */
    public abstract static class Shape implements IntOp {
        abstract int area(int x);

        int twice(int x) {
            return area(x) * 2;
        }

        @Override
        public int apply(int x) {
            return area(x) + 1;
        }
    }

    /** x * s. */
    public static final class Sq extends Shape {
        final int s;

        public Sq(int s) {
            this.s = s;
        }

        @Override
        int area(int x) {
            return x * s;
        }
    }

    /** (x * b) >> 1. */
    public static final class Tri extends Shape {
        final int b;

        public Tri(int b) {
            this.b = b;
        }

        @Override
        int area(int x) {
            return (x * b) >> 1;
        }
    }

    /** Stores a value (a void interface method that writes an array). */
    public interface Sink {
        void put(int[] out, int i, int v);
    }

    /** out[i] = v. */
    public static final class Plain implements Sink {
        @Override
        public void put(int[] out, int i, int v) {
            out[i] = v;
        }
    }

    /** out[i] = k - v. */
    public static final class Negate implements Sink {
        final int k;

        public Negate(int k) {
            this.k = k;
        }

        @Override
        public void put(int[] out, int i, int v) {
            out[i] = k - v;
        }
    }

    /** An Add that is also a Sink. */
    public static final class AddSink extends Add implements Sink {
        public AddSink(int k) {
            super(k);
        }

        @Override
        public void put(int[] out, int i, int v) {
            out[i] = v + k;
        }
    }

    /** Holds an IntOp. */
    public static final class Box {
        IntOp op;

        public Box(IntOp op) {
            this.op = op;
        }
    }

    /** Static fields of another class read before the loop; the tests change them between executions. */
    public static final class Knobs {
        static long L = 5L;
        static float F = 1.5f;
        static double D = -0.0;
    }

    /** An instance task choosing between two of its own fields per element. */
    public static final class Holder {
        IntOp p;
        IntOp q;

        public Holder(IntOp p, IntOp q) {
            this.p = p;
            this.q = q;
        }

        public void pick(int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                IntOp g = (a[i] & 1) == 0 ? this.p : this.q;
                out[i] = g.apply(a[i]);
            }
        }
    }

    /** An instance task reading elements of its own field's array before the loop. */
    public static final class Data {
        float[] data;
        int k;

        public Data(float[] data, int k) {
            this.data = data;
            this.k = k;
        }

        public void scaleByElements(float[] out) {
            float f = this.data[0];
            float g = this.data[this.k];
            for (@Parallel int i = 0; i < out.length; i++) {
                out[i] = i * f + g;
            }
        }

        public void normaliseData(float s) {
            float last = data[data.length - 1];
            for (@Parallel int i = 0; i < data.length; i++) {
                data[i] = data[i] / last * s;
            }
        }
    }

    // ================================================================ kernels: elements read before the loops

    /** In place: every element divided by the first, which the loop itself overwrites (Java reads it once). */
    public static void divideByFirstInPlace(float[] a) {
        float first = a[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] / first;
        }
    }

    /** In place on ints: minus the middle element (which a middle batch overwrites). */
    public static void minusMiddleInPlace(int[] a) {
        int mid = a[a.length >> 1];
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] - mid;
        }
    }

    /** In place, divided by the first element, plus an element of b at an index from idx (which may be bad). */
    public static void divideByFirstGather(float[] a, float[] b, int[] idx) {
        float f = a[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] / f + b[idx[i]];
        }
    }

    /** The first element read before two loops; the first loop overwrites it, the second uses the old value. */
    public static void firstThenTwoLoops(float[] a, float[] out) {
        float f = a[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2f + 1f;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + f;
        }
    }

    /** An element read between two loops: Java reads what the first loop wrote. */
    public static void loadBetweenLoops(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 3 + i;
        }
        int m = a[a.length - 1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = m - i;
        }
    }

    /** The loop bound is an element. */
    public static void boundFromElement(int[] cnt, int[] out) {
        int n = cnt[0];
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i * 2 + n;
        }
    }

    /** The loop bound is a float element narrowed and clamped. */
    public static void boundFromFloatElement(float[] lim, int[] out) {
        int n = Math.min((int) lim[1], out.length);
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i - n;
        }
    }

    /** An early return on an element ({@code !(a[0] > 0f)} is true for NaN and both zeros). */
    public static void earlyReturnOnElement(float[] a, float[] out) {
        if (!(a[0] > 0f)) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] / a[0];
        }
    }

    /** {@code (n * 65536) >>> 16}: the int product wraps; in wider arithmetic it would not. */
    public static void idxShiftWrap(int[] a, int[] out, int n) {
        int x = a[(n * 65536) >>> 16];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** {@code -n % 5 + 4}: -MIN_VALUE is MIN_VALUE in int arithmetic. */
    public static void idxNegRem(int[] a, int[] out, int n) {
        int x = a[-n % 5 + 4];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** {@code (n >> 1) + 1}. */
    public static void idxHalfPlusOne(int[] a, int[] out, int n) {
        int x = a[(n >> 1) + 1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** {@code Math.max(0, k)} and {@code Math.min(k, a.length - 1)}. */
    public static void idxMaxMin(int[] a, int[] out, int k) {
        int x = a[Math.max(0, k)] * 3 + a[Math.min(k, a.length - 1)];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** Indices narrowed from a long: {@code (int) l} keeps the low 32 bits. */
    public static void idxFromLong(int[] a, int[] out, long l) {
        int x = a[(int) l] - a[(int) (l >>> 40)];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** An index narrowed from a float ((int) NaN is 0, huge values saturate). */
    public static void idxFromFloat(int[] a, int[] out, float f) {
        int x = a[(int) f];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** A char index (zero-extended). */
    public static void idxFromChar(int[] a, int[] out, char c) {
        int x = a[c];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** {@code a[a.length - 1 - k]} and {@code a[n + 1]}: overflow near the int edges. */
    public static void idxFromLengthAndPlusOne(int[] a, int[] out, int k, int n) {
        int x = a[a.length - 1 - k] + a[n + 1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** An index from another element. */
    public static void indexFromElement(int[] a, int[] idx, int[] out) {
        int x = a[idx[0]];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x * i;
        }
    }

    /** Loads in the cases of a switch before the loop: Java reads only the chosen case's element. */
    public static void loadInSwitchCase(int[] a, int[] out, int k) {
        int v;
        switch (k) {
            case 0:
                v = a[0];
                break;
            case 5:
                v = a[5];
                break;
            case 100:
                v = a[a.length - 1] * 2;
                break;
            default:
                v = -1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    /** Loads under nested ifs, some at indices that are out of bounds on the paths Java does not take. */
    public static void loadsUnderNestedIfs(int[] a, int[] b, int[] out, int n, int m) {
        int v = 0;
        if (n >= 0) {
            if (m > n) {
                v = a[m];
            } else if (m == n) {
                v = b[n] + a[0];
            } else {
                if (n < 100) {
                    v = b[n - m];
                }
            }
        } else {
            v = -b[b.length + n];
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v ^ i;
        }
    }

    /** Which element is read depends on another element. */
    public static void loadChosenByElement(float[] a, float[] out) {
        float v = a[0] > 0f ? a[1] : a[2];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v * i;
        }
    }

    /** Which element is read depends on a float: -0.0 == 0, NaN compares false. */
    public static void loadChosenByFloat(float[] a, float[] out, float x) {
        float v = x < 0f ? a[0] : (x == 0f ? a[1] : a[2]);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v * i;
        }
    }

    /** A load after a {@code throw} check on the length. */
    public static void throwThenLoad(float[] a, float[] out) {
        if (a.length < 2) {
            throw new IllegalArgumentException("short");
        }
        float s = a[1] - a[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i * s;
        }
    }

    /** A division, then a load (JLS: the first to throw is the one Java reports). */
    public static void divideThenLoad(int[] a, int[] out, int n, int d, int k) {
        int q = n / d;
        int v = a[k];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = q + v * i;
        }
    }

    /** A load, then a division. */
    public static void loadThenDivide(int[] a, int[] out, int n, int d, int k) {
        int v = a[k];
        int q = n / d;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = q + v * i;
        }
    }

    /** A division used only in the bound, then a load. */
    public static void divideBoundThenLoad(int[] a, int[] out, int n, int d, int k) {
        int q = n / d;
        int v = a[k];
        for (@Parallel int i = 0; i < Math.min(q, out.length); i++) {
            out[i] = v * i;
        }
    }

    /** A load, then a division used only in the bound. */
    public static void loadThenDivideBound(int[] a, int[] out, int n, int d, int k) {
        int v = a[k];
        int q = n / d;
        for (@Parallel int i = 0; i < Math.min(q, out.length); i++) {
            out[i] = v * i;
        }
    }

    /** A load at a quotient (the division throws before the load). */
    public static void loadAtQuotient(int[] a, int[] out, int n, int d) {
        int v = a[n / d];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v - i;
        }
    }

    /** Elements of every primitive type, each array then updated in place. */
    public static void everyTypeInPlace(byte[] b, short[] s, char[] c, long[] l, double[] d, boolean[] z, int[] out) {
        byte b0 = b[0];
        short s0 = s[s.length - 1];
        char c0 = c[c.length >> 1];
        long l0 = l[0];
        double d0 = d[d.length - 1];
        boolean z0 = z[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            b[i] = (byte) (b[i] - b0);
            s[i] = (short) (s[i] * s0);
            c[i] = (char) (c[i] + c0);
            l[i] = l[i] ^ l0;
            d[i] = d[i] - d0;
            z[i] = z[i] != z0;
            out[i] = b0 + s0 + c0 + (int) (l0 >>> 40) + (z0 ? 1 : 0);
        }
    }

    /** A max reduction shifted by the first element and by the output's own initial value. */
    public static void maxShiftedByFirst(int[] a, @Reduce int[] m) {
        int base = a[0];
        int init = m[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            m[0] = Math.max(m[0], a[i] - base + init);
        }
    }

    /** A long sum weighted by the last element of another array. */
    public static void weightedSum(int[] a, int[] w, @Reduce long[] s) {
        long k = w[w.length - 1];
        for (@Parallel int i = 0; i < a.length; i++) {
            s[0] += a[i] * k;
        }
    }

    /** Reads a (a first task that only reads it). */
    public static void scaleInto(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 3f;
        }
    }

    /** Divides by the first element (a later task). */
    public static void normalise(float[] a, float[] out) {
        float f = a[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] / f;
        }
    }

    /** A 3-D nest in place, scaled by elements read before it; d1 == 0 reads s[-1] before dividing by zero. */
    public static void nest3(float[] m, float[] s, int d1, int d2) {
        float k = s[d1 - 1] - s[0];
        float c = m[0];
        for (@Parallel int x = 0; x < m.length / (d1 * d2); x++) {
            for (@Parallel int y = 0; y < d1; y++) {
                for (@Parallel int z = 0; z < d2; z++) {
                    int at = (x * d1 + y) * d2 + z;
                    m[at] = (m[at] - c) * k;
                }
            }
        }
    }

    /** A 2-D nest in place minus the last element of the first row. */
    public static void nest2(int[] m, int cols) {
        int c = m[cols - 1];
        for (@Parallel int r = 0; r < m.length / cols; r++) {
            for (@Parallel int q = 0; q < cols; q++) {
                m[r * cols + q] = m[r * cols + q] - c;
            }
        }
    }

    /** In place minus the first element (for split devices). */
    public static void subtractFirstInPlace(int[] a) {
        int f = a[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] - f;
        }
    }

    /** An unused read that Java makes only when n > 3. */
    public static void unusedGuardedRead(int[] a, int[] out, int n) {
        if (n > 3) {
            int probe = a[n];
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = out[i] + n;
        }
    }

    // ================================================================ kernels: conditions, statics

    /** Static long/float/double fields of another class in early returns and a clamped bound. */
    public static void knobsBound(float[] out) {
        if (Knobs.L <= 0L || Knobs.F != Knobs.F) {
            return;
        }
        int m = Knobs.L > out.length ? out.length : (int) Knobs.L;
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = i * Knobs.F + (float) Knobs.D;
        }
    }

    /** Indices narrowed from a static long field of another class. */
    public static void knobIndex(int[] a, int[] out) {
        int v = a[(int) Knobs.L] - a[(int) (Knobs.L >>> 60)];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    /** {@code (int) (l % m)} as a bound: m == 0 throws, MIN_VALUE % -1 is 0. */
    public static void longRemainderBound(int[] out, long l, long m) {
        int n = (int) (l % m);
        for (@Parallel int i = 0; i < Math.min(n, out.length); i++) {
            out[i] = i + n;
        }
    }

    /** {@code (int) (x % y)} of doubles as the bound; a float element's remainder in the body. */
    public static void doubleRemainderAndElementBound(int[] out, float[] lim, double x, double y) {
        int n = Math.min((int) (x % y), out.length);
        int m = (int) (lim[0] % (float) y);
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i * 7 + m;
        }
    }

    // ================================================================ kernels: calls on one of several objects

    /** One call site on a choice of two objects per element. */
    public static void phi(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = (a[i] & 1) == 0 ? p : q;
            out[i] = g.apply(a[i]);
        }
    }

    /** A choice tested against null before the call. */
    public static void phiNullTested(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = (a[i] & 1) == 0 ? p : q;
            out[i] = g == null ? -a[i] : g.apply(a[i]);
        }
    }

    /** An abstract class: a concrete method calling the abstract one, and the abstract one, on one choice. */
    public static void shapes(Shape p, Shape q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Shape s = a[i] < 0 ? p : q;
            out[i] = s.twice(a[i]) + s.area(i);
        }
    }

    /** An interface call on a choice of objects from two hierarchies. */
    public static void mixedHierarchies(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = a[i] % 3 == 0 ? p : q;
            out[i] = g.apply(a[i]);
        }
    }

    /** A nested choice of three made before the loop on floats (NaN, signed zeros), used twice. */
    public static void chooseByFloats(IntOp p, IntOp q, IntOp r, float x, float y, int[] a, int[] out) {
        IntOp g = x < y ? p : (x == y ? q : r);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = g.apply(a[i]) - g.apply(i);
        }
    }

    static int applyTwice(IntOp g, int x) {
        return g.apply(g.apply(x));
    }

    /** The choice passed to a static helper that calls it twice, and called directly. */
    public static void phiThroughHelper(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = a[i] > 0 ? p : q;
            out[i] = applyTwice(g, a[i]) + g.apply(i);
        }
    }

    /** A field of the choice read through a cast. */
    public static void phiCastField(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = (a[i] & 1) == 0 ? p : q;
            out[i] = ((Add) g).k * a[i] + g.apply(1);
        }
    }

    /** {@code instanceof} with a pattern on the choice. */
    public static void phiInstanceof(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = a[i] < 0 ? p : q;
            out[i] = g instanceof Add ad ? ad.k + a[i] : g.apply(a[i]) - 1;
        }
    }

    /** A choice between two boxes' objects (field paths). */
    public static void twoBoxes(Box b1, Box b2, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = (a[i] & 1) == 0 ? b1.op : b2.op;
            out[i] = g.apply(a[i]) + g.apply(-i);
        }
    }

    /** A choice between a parameter and an object made in the kernel. */
    public static void phiWithKernelMade(IntOp p, boolean flag, int[] a, int[] out) {
        IntOp g = flag ? p : new Add(3);
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = g.apply(a[i]);
        }
    }

    /** Two objects swapped in an inner sequential loop (a phi at the inner loop's header). */
    public static void phiAtInnerLoop(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = p;
            IntOp h = q;
            int s = a[i];
            for (int j = 0; j < 3; j++) {
                s = g.apply(s);
                IntOp t = g;
                g = h;
                h = t;
            }
            out[i] = s;
        }
    }

    /** A void interface method that stores, on a choice. */
    public static void phiSink(Sink s1, Sink s2, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Sink s = a[i] % 3 == 0 ? s1 : s2;
            s.put(out, i, a[i]);
        }
    }

    // ================================================================ kernels: switch

    /** Edge keys before the loop: some cases and the default throw, one case falls into a throwing case. */
    public static void edgeKeysBefore(int[] out, int k) {
        int w;
        switch (k) {
            case Integer.MIN_VALUE:
                throw new IllegalArgumentException("min");
            case -1:
                w = 11;
                break;
            case 0:
                w = 3;
                break;
            case 2:
                w = 9;
                // falls through into the throwing case
            case 3:
                throw new ArithmeticException("three");
            case 1 << 20:
                throw new IllegalStateException("big " + k);
            case Integer.MAX_VALUE:
                w = -7;
                break;
            default:
                throw new IllegalArgumentException("bad " + k);
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = w * i;
        }
    }

    /** A sparse switch in the loop: edge keys, fall-through into a throwing case, a throwing MAX_VALUE. */
    public static void edgeKeysInLoop(int[] k, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v = 0;
            switch (k[i]) {
                case Integer.MIN_VALUE:
                    v = 1;
                    // falls through
                case -100_000:
                    v += 2;
                    break;
                case 7:
                    v = 70;
                    // falls through into the throwing case
                case 8:
                    throw new IllegalStateException("eight at " + i + " v " + v);
                case 1 << 30:
                    v = -3;
                    break;
                case Integer.MAX_VALUE:
                    throw new ArithmeticException("max at " + i);
                default:
                    v = k[i] >> 3;
            }
            out[i] = v;
        }
    }

    /** A switch expression on an element before the loop, reading elements in its arms; the default throws. */
    public static void switchOnElement(int[] mode, float[] a, float[] out) {
        float s = switch (mode[0]) {
            case 0 -> 1f;
            case 1 -> -a[0];
            case 2, 3 -> a[a.length - 1] * 0.5f;
            default -> throw new IllegalArgumentException("mode " + mode[0]);
        };
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * s;
        }
    }

    // ================================================================ kernels: casts and instanceof

    /** A cast of a parameter object before the loop (ClassCastException for a Mul, NPE reading null's field). */
    public static void castBeforeLoop(IntOp op, int[] a, int[] out) {
        int k = ((Add) op).k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + k;
        }
    }

    /** A cast of null succeeds (JLS §5.5); the null test then chooses. */
    public static void castOfNull(IntOp op, int[] out) {
        Add ad = (Add) op;
        int k = ad == null ? -1 : ad.k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = k + i;
        }
    }

    /** A cast to an interface the object may not implement, then a call on it in the loop. */
    public static void interfaceCast(IntOp op, int[] a, int[] out) {
        Object o = op;
        Sink s = (Sink) o;
        for (@Parallel int i = 0; i < out.length; i++) {
            s.put(out, i, op.apply(a[i]));
        }
    }

    /** instanceof of a field object in an early return and a chosen bound. */
    public static void instanceofBound(Box b, int[] a, int[] out) {
        if (!(b.op instanceof Add)) {
            return;
        }
        int n = b.op instanceof AddTwice ? out.length / 2 : out.length;
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = b.op.apply(a[i]);
        }
    }

    // ================================================================ tests: elements read before the loops

    /**
     * In-place updates reading the first and the middle element, in batches of 16 KB: the batch that holds the element
     * overwrites it in the Java array; every batch must still use the value from before the loop.
     */
    @Test
    public void inPlaceUpdatesInBatchesReadElementsAnEarlyBatchOverwrites() {
        float[] a = JvmOracle.floats(101, 100_001, 1f, 2f);
        run("divideByFirstInPlace, batches", Mode.DEVICE, x -> divideByFirstInPlace((float[]) x[0]),
                s -> s.batch("16KB").task("t", HostLoadProbeTest::divideByFirstInPlace, a), a);
        int[] b = JvmOracle.ints(102, 100_001);
        run("minusMiddleInPlace, batches", Mode.DEVICE, x -> minusMiddleInPlace((int[]) x[0]),
                s -> s.batch("16KB").task("t", HostLoadProbeTest::minusMiddleInPlace, b), b);
        for (int n : JvmOracle.SIZES) {
            check(HostLoadProbeTest::divideByFirstInPlace, JvmOracle.floats(103, n, -2f, 2f));
            check(HostLoadProbeTest::minusMiddleInPlace, JvmOracle.ints(104, n));
        }
        // And the batches really are several.
        float[] c = JvmOracle.floats(105, 100_001, 1f, 2f);
        try (TaskSchedule s = new TaskSchedule("b").batch("16KB").task("t", HostLoadProbeTest::divideByFirstInPlace,
                c)) {
            s.execute();
            assertTrue(s.report().task("t").toString(), s.report().task("t").batches() > 1);
        }
    }

    /**
     * An in-place update divided by the first element whose gather fails a check late (an index past b's end): the
     * JVM's exception, and the arrays as the JVM leaves them (it read a[0] before writing anything); in one launch and
     * in batches (a later batch fails after earlier ones landed in place).
     */
    @Test
    public void inPlaceUpdateReadingTheFirstElementThenAFailedCheck() {
        for (String batch : new String[] {null, "16KB"}) {
            int n = 100_001;
            float[] a = JvmOracle.floats(106, n, 1f, 2f);
            float[] b = JvmOracle.floats(107, 500, -1f, 1f);
            int[] idx = JvmOracle.ints(108, n, 0, 500);
            check(HostLoadProbeTest::divideByFirstGather, a.clone(), b, idx);
            idx[90_000] = 500;
            MoreChecks.JvmRun jvm = x -> divideByFirstGather((float[]) x[0], (float[]) x[1], (int[]) x[2]);
            run("divideByFirstGather, failing, batch " + batch, Mode.DEVICE, jvm,
                    s -> (batch == null ? s : s.batch(batch)).task("t", HostLoadProbeTest::divideByFirstGather, a, b,
                            idx), a, b, idx);
        }
    }

    /** The first element read before two loops in sequence; the first loop overwrites it in place. */
    @Test
    public void anElementReadBeforeTwoLoopsTheFirstOverwritingIt() {
        for (int n : JvmOracle.SIZES) {
            check(HostLoadProbeTest::firstThenTwoLoops, JvmOracle.floats(110, n, -3f, 3f), new float[n]);
        }
    }

    /**
     * An element read between two loops (after the first wrote it): Java reads the new value. A match, the JVM's
     * exception for an empty array (a[-1] after an empty loop), or a clean bailout.
     */
    @Test
    public void anElementReadBetweenTwoLoops() {
        for (int n : new int[] {0, 1, 1000}) {
            int[] a = JvmOracle.ints(111, n);
            int[] out = new int[500];
            run("loadBetweenLoops n=" + n, Mode.DEVICE_OR_BAILOUT, x -> loadBetweenLoops((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::loadBetweenLoops, a, out), a, out);
        }
    }

    /** The loop bound is an element (negative, zero, in range, the length, past it: the JVM's exception). */
    @Test
    public void aLoopBoundReadFromAnElement() {
        for (int c : new int[] {Integer.MIN_VALUE, -5, 0, 3, 100, 101, Integer.MAX_VALUE}) {
            int[] cnt = {c};
            int[] out = new int[100];
            run("boundFromElement " + c, Mode.DEVICE_OR_BAILOUT, x -> boundFromElement((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::boundFromElement, cnt, out), cnt, out);
        }
        for (float f : new float[] {Float.NaN, -0f, 2.9f, 99.99f, 1e10f, Float.NEGATIVE_INFINITY,
            Float.POSITIVE_INFINITY}) {
            float[] lim = {1f, f};
            int[] out = new int[100];
            run("boundFromFloatElement " + f, Mode.DEVICE_OR_BAILOUT,
                    x -> boundFromFloatElement((float[]) x[0], (int[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::boundFromFloatElement, lim, out), lim, out);
        }
    }

    /** An early return on an element: NaN, both zeros, negative, positive and infinite first elements; empty. */
    @Test
    public void anEarlyReturnOnAnElement() {
        for (float f : new float[] {Float.NaN, -0f, 0f, 2f, -1f, Float.POSITIVE_INFINITY, Float.MIN_VALUE}) {
            float[] a = JvmOracle.floats(112, N, -3f, 3f);
            a[0] = f;
            float[] out = JvmOracle.floats(113, N, -1f, 1f);
            run("earlyReturnOnElement " + f, Mode.DEVICE_OR_BAILOUT,
                    x -> earlyReturnOnElement((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::earlyReturnOnElement, a, out), a, out);
        }
        float[] empty = new float[0];
        float[] out = new float[0];
        run("earlyReturnOnElement empty", Mode.DEVICE_OR_BAILOUT,
                x -> earlyReturnOnElement((float[]) x[0], (float[]) x[1]),
                s -> s.task("t", HostLoadProbeTest::earlyReturnOnElement, empty, out), empty, out);
    }

    /**
     * Indices computed with int arithmetic that wraps: {@code (n * 65536) >>> 16} for n = 0x10003 is 3 in Java (65539
     * without wrapping, also in bounds of a 70 000-element array), {@code -n % 5 + 4} for MIN_VALUE is 1 (7 without
     * wrapping), {@code (n >> 1) + 1}, {@code Math.max/min}, {@code a[n + 1]} for MAX_VALUE (the JVM's exception with
     * index -2147483648), {@code a[a.length - 1 - k]}.
     */
    @Test
    public void indicesComputedWithWrappingIntArithmetic() {
        int[] a = JvmOracle.ints(114, 70_000);
        for (int n : new int[] {0x10003, 3, -1, 70_000, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            int[] out = new int[64];
            run("idxShiftWrap " + n, Mode.DEVICE_OR_BAILOUT,
                    x -> idxShiftWrap((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxShiftWrap, a, out, n), a, out, n);
        }
        for (int n : new int[] {Integer.MIN_VALUE, 3, -3, 7, Integer.MAX_VALUE}) {
            int[] out = new int[64];
            run("idxNegRem " + n, Mode.DEVICE_OR_BAILOUT, x -> idxNegRem((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxNegRem, a, out, n), a, out, n);
        }
        for (int n : new int[] {Integer.MIN_VALUE, -2, -3, 0x10003, 139_998, 139_997, Integer.MAX_VALUE}) {
            int[] out = new int[64];
            run("idxHalfPlusOne " + n, Mode.DEVICE_OR_BAILOUT,
                    x -> idxHalfPlusOne((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxHalfPlusOne, a, out, n), a, out, n);
        }
        for (int k : new int[] {Integer.MIN_VALUE, -1, 0, 69_999, 70_000, Integer.MAX_VALUE}) {
            int[] out = new int[64];
            run("idxMaxMin " + k, Mode.DEVICE_OR_BAILOUT, x -> idxMaxMin((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxMaxMin, a, out, k), a, out, k);
        }
        int[][] kn = {{0, 69_998}, {69_999, -1}, {70_000, 0}, {-1, 0}, {Integer.MIN_VALUE, 0}, {0, Integer.MAX_VALUE},
            {0, -2}};
        for (int[] p : kn) {
            int[] out = new int[64];
            run("idxFromLengthAndPlusOne " + p[0] + ", " + p[1], Mode.DEVICE_OR_BAILOUT,
                    x -> idxFromLengthAndPlusOne((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::idxFromLengthAndPlusOne, a, out, p[0], p[1]), a, out, p[0],
                    p[1]);
        }
    }

    /** Indices narrowed from a long, a float (NaN, fractions, saturation) and a char. */
    @Test
    public void indicesFromLongFloatAndChar() {
        int[] a = JvmOracle.ints(115, 70_000);
        for (long l : new long[] {5L, (1L << 32) + 5, -1L, (7L << 40) + 3, 1L << 63, (1L << 40) * 69_999 + 69_999,
            Long.MAX_VALUE}) {
            int[] out = new int[64];
            run("idxFromLong " + l, Mode.DEVICE_OR_BAILOUT, x -> idxFromLong((int[]) x[0], (int[]) x[1], (Long) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxFromLong, a, out, l), a, out, l);
        }
        for (float f : new float[] {Float.NaN, -0.9f, 69_999.5f, 70_000f, 1e10f, -1f, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY}) {
            int[] out = new int[64];
            run("idxFromFloat " + f, Mode.DEVICE_OR_BAILOUT,
                    x -> idxFromFloat((int[]) x[0], (int[]) x[1], (Float) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxFromFloat, a, out, f), a, out, f);
        }
        int[] small = JvmOracle.ints(116, 1000);
        for (char c : new char[] {0, 'A', 999, 1000, 0xFFFF}) {
            int[] out = new int[64];
            run("idxFromChar " + (int) c, Mode.DEVICE_OR_BAILOUT,
                    x -> idxFromChar((int[]) x[0], (int[]) x[1], (Character) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxFromChar, small, out, c), small, out, c);
        }
    }

    /** {@code a[idx[0]]}: an index from another element; a match, the JVM's exception, or a clean bailout. */
    @Test
    public void anIndexReadFromAnotherElement() {
        int[] a = JvmOracle.ints(117, 10);
        for (int i0 : new int[] {0, 9, 10, -1}) {
            int[] idx = {i0};
            int[] out = new int[64];
            run("indexFromElement " + i0, Mode.DEVICE_OR_BAILOUT,
                    x -> indexFromElement((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::indexFromElement, a, idx, out), a, idx, out);
        }
    }

    /**
     * Loads in the cases of a switch before the loop, on a 3-element array: for k = 0 Java reads a[0] only (a[5] is in
     * a case not taken, so the task must run on the device), k = 5 throws, k = 100 reads the last, the default none.
     */
    @Test
    public void loadsInTheCasesOfASwitchBeforeTheLoop() {
        int[] a = {4, -9, 17};
        for (int k : new int[] {0, 5, 100, 7, Integer.MIN_VALUE}) {
            int[] out = new int[64];
            run("loadInSwitchCase " + k, Mode.DEVICE, x -> loadInSwitchCase((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::loadInSwitchCase, a, out, k), a, out, k);
        }
    }

    /**
     * Loads under nested ifs: every path, with elements out of bounds on the paths Java does not take (must run on
     * the device) and on the ones it takes (the JVM's exception).
     */
    @Test
    public void loadsUnderNestedIfs() {
        int[] a = JvmOracle.ints(118, 10);
        int[] b = JvmOracle.ints(119, 20);
        int[][] nm = {{3, 7}, {3, 10}, {4, 4}, {25, 25}, {9, 2}, {30, 2}, {150, 3}, {-5, 0}, {-21, 0}, {-20, 99},
            {0, Integer.MIN_VALUE}, {Integer.MAX_VALUE, Integer.MAX_VALUE}};
        for (int[] p : nm) {
            int[] out = new int[64];
            run("loadsUnderNestedIfs " + p[0] + ", " + p[1], Mode.DEVICE,
                    x -> loadsUnderNestedIfs((int[]) x[0], (int[]) x[1], (int[]) x[2], (Integer) x[3], (Integer) x[4]),
                    s -> s.task("t", HostLoadProbeTest::loadsUnderNestedIfs, a, b, out, p[0], p[1]), a, b, out, p[0],
                    p[1]);
        }
    }

    /**
     * Which element is read depends on another element ({@code a[0] > 0 ? a[1] : a[2]} on a 2-element array: Java
     * reads a[2] only when a[0] is not positive): a match, the JVM's exception, or a clean bailout.
     */
    @Test
    public void aLoadChosenByAnotherElement() {
        for (float f : new float[] {1f, -1f, Float.NaN}) {
            float[] a = {f, 2.5f};
            float[] out = new float[64];
            run("loadChosenByElement " + f, Mode.DEVICE_OR_BAILOUT,
                    x -> loadChosenByElement((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::loadChosenByElement, a, out), a, out);
        }
    }

    /**
     * Which element is read depends on a float: on a 2-element array -0.0 and 0.0 read a[1] (in bounds, device), NaN
     * and positive values read a[2] (the JVM's exception); on a 3-element array every value runs on the device.
     */
    @Test
    public void aLoadChosenByAFloatCondition() {
        for (int len : new int[] {2, 3}) {
            for (float f : new float[] {-1f, -0f, 0f, Float.NaN, 1f, Float.NEGATIVE_INFINITY, -Float.MIN_VALUE}) {
                float[] a = JvmOracle.floats(120 + len, len, -2f, 2f);
                float[] out = new float[64];
                run("loadChosenByFloat len=" + len + " x=" + f, Mode.DEVICE,
                        x -> loadChosenByFloat((float[]) x[0], (float[]) x[1], (Float) x[2]),
                        s -> s.task("t", HostLoadProbeTest::loadChosenByFloat, a, out, f), a, out, f);
            }
        }
    }

    /** A load after a {@code throw} check on the length: lengths 0 and 1 give the JVM's "short", 2 and 50 run. */
    @Test
    public void aLoadAfterAThrowCheck() {
        for (int len : new int[] {0, 1, 2, 50}) {
            float[] a = JvmOracle.floats(122, len, -2f, 2f);
            float[] out = new float[64];
            run("throwThenLoad len=" + len, Mode.DEVICE, x -> throwThenLoad((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::throwThenLoad, a, out), a, out);
        }
    }

    /**
     * The order of exceptions before the loop: a division by zero before an out-of-bounds load gives
     * ArithmeticException, the reverse order ArrayIndexOutOfBoundsException; each alone; neither (the device); and a
     * load at a quotient whose divisor is zero.
     */
    @Test
    public void theOrderOfExceptionsBeforeTheLoop() {
        int[] a = JvmOracle.ints(123, 10);
        int[][] dk = {{0, 10}, {0, 3}, {7, 10}, {7, 3}, {-1, -1}, {0, -1}};
        for (int[] p : dk) {
            int[] out = new int[64];
            run("divideThenLoad d=" + p[0] + " k=" + p[1], Mode.DEVICE_OR_BAILOUT,
                    x -> divideThenLoad((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3], (Integer) x[4]),
                    s -> s.task("t", HostLoadProbeTest::divideThenLoad, a, out, Integer.MIN_VALUE, p[0], p[1]), a,
                    out, Integer.MIN_VALUE, p[0], p[1]);
            int[] out2 = new int[64];
            run("loadThenDivide d=" + p[0] + " k=" + p[1], Mode.DEVICE_OR_BAILOUT,
                    x -> loadThenDivide((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3], (Integer) x[4]),
                    s -> s.task("t", HostLoadProbeTest::loadThenDivide, a, out2, Integer.MIN_VALUE, p[0], p[1]), a,
                    out2, Integer.MIN_VALUE, p[0], p[1]);
            int[] out3 = new int[64];
            run("divideBoundThenLoad d=" + p[0] + " k=" + p[1], Mode.DEVICE_OR_BAILOUT,
                    x -> divideBoundThenLoad((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3],
                            (Integer) x[4]),
                    s -> s.task("t", HostLoadProbeTest::divideBoundThenLoad, a, out3, 300, p[0], p[1]), a, out3, 300,
                    p[0], p[1]);
            int[] out4 = new int[64];
            run("loadThenDivideBound d=" + p[0] + " k=" + p[1], Mode.DEVICE_OR_BAILOUT,
                    x -> loadThenDivideBound((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3],
                            (Integer) x[4]),
                    s -> s.task("t", HostLoadProbeTest::loadThenDivideBound, a, out4, 300, p[0], p[1]), a, out4, 300,
                    p[0], p[1]);
        }
        for (int d : new int[] {0, 3, -1, 1}) {
            int[] out = new int[64];
            run("loadAtQuotient d=" + d, Mode.DEVICE_OR_BAILOUT,
                    x -> loadAtQuotient((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::loadAtQuotient, a, out, 27, d), a, out, 27, d);
        }
    }

    /**
     * Elements of the receiver's field array ({@code this.data[0]}, {@code this.data[this.k]}) read before the loop,
     * and the field array updated in place by its last element: a match, the JVM's exception (k or the array out of
     * range), or a clean bailout.
     */
    @Test
    public void elementsOfTheReceiversFieldArray() {
        for (int[] lk : new int[][] {{20, 3}, {20, 19}, {20, 20}, {0, 0}, {5, -1}}) {
            Data d = new Data(JvmOracle.floats(124, lk[0], -2f, 2f), lk[1]);
            float[] out = new float[64];
            run("Data.scaleByElements len=" + lk[0] + " k=" + lk[1], Mode.DEVICE_OR_BAILOUT,
                    x -> d.scaleByElements((float[]) x[0]), s -> s.task("t", d::scaleByElements, out), out);
        }
        for (int len : new int[] {1, 1000, 0}) {
            float[] data = JvmOracle.floats(125, len, 1f, 2f);
            Data d = new Data(data, 0);
            Data jvm = new Data(data.clone(), 0);
            Throwable expected = null;
            try {
                jvm.normaliseData(0.5f);
            } catch (Throwable t) {
                expected = t;
            }
            try (TaskSchedule s = new TaskSchedule("recv").task("t", d::normaliseData, 0.5f)) {
                Throwable actual = null;
                try {
                    s.execute();
                } catch (CompilationException e) {
                    BAILOUTS.add("Data.normaliseData len=" + len + ": " + e.getMessage());
                    assertSame("data after the bailout", JvmOracle.floats(125, len, 1f, 2f), d.data);
                    continue;
                } catch (Throwable t) {
                    actual = t;
                }
                if (expected == null) {
                    assertEquals("len=" + len + ": " + actual, null, actual);
                    assertRanOnDevice(s.report(), "t");
                } else {
                    assertTrue("len=" + len + ": expected " + expected + " but got " + actual,
                            actual != null && actual.getClass() == expected.getClass());
                    assertEquals(expected.getMessage(), actual.getMessage());
                }
                assertSame("normaliseData len=" + len, jvm.data, d.data);
            }
        }
    }

    /** Elements of every primitive type read before the loop, each array then updated in place. */
    @Test
    public void elementsOfEveryTypeReadBeforeInPlaceUpdates() {
        for (int n : new int[] {1, 7, 1000}) {
            byte[] b = new byte[n];
            short[] s = new short[n];
            char[] c = new char[n];
            long[] l = JvmOracle.longs(126, n);
            double[] d = JvmOracle.doubles(127, n, -5, 5);
            boolean[] z = new boolean[n];
            int[] r = JvmOracle.ints(128, n);
            for (int i = 0; i < n; i++) {
                b[i] = (byte) r[i];
                s[i] = (short) (r[i] >> 8);
                c[i] = (char) (r[i] >>> 16);
                z[i] = (r[i] & 4) != 0;
            }
            b[0] = Byte.MIN_VALUE;
            s[n - 1] = (short) -300;
            c[n >> 1] = (char) 0xFFFF;
            d[n - 1] = -0.0;
            z[0] = true;
            check(HostLoadProbeTest::everyTypeInPlace, b, s, c, l, d, z, new int[n]);
        }
    }

    /**
     * Reductions reading elements before the loop: a max shifted by the first element and by the output's own
     * initial value, a long sum weighted by the last element of another array; an empty input throws at a[0].
     */
    @Test
    public void reductionsReadingElementsBeforeTheLoop() {
        for (int n : JvmOracle.SIZES) {
            int[] a = JvmOracle.ints(129, n, -1_000_000, 1_000_000);
            int[] m = {-5};
            run("maxShiftedByFirst n=" + n, Mode.DEVICE_OR_BAILOUT,
                    x -> maxShiftedByFirst((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::maxShiftedByFirst, a, m), a, m);
            int[] w = {3, Integer.MIN_VALUE + 1};
            long[] sum = {7L};
            run("weightedSum n=" + n, Mode.DEVICE, x -> weightedSum((int[]) x[0], (int[]) x[1], (long[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::weightedSum, a, w, sum), a, w, sum);
        }
        int[] empty = new int[0];
        int[] m = {1};
        run("maxShiftedByFirst empty", Mode.DEVICE_OR_BAILOUT, x -> maxShiftedByFirst((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", HostLoadProbeTest::maxShiftedByFirst, empty, m), empty, m);
    }

    /**
     * Schedules of several tasks: (i) an earlier task only reads the array a later one reads before its loop; (ii) an
     * earlier task writes an unrelated array (the later one must run on the device); (iii) an earlier task updates the
     * array in place (the later one must see the new first element); (iv) three tasks, the first writing the array the
     * third reads before its loop. Every array equals the JVM's run of the tasks in order; where each task ran is
     * recorded.
     */
    @Test
    public void laterTasksReadingElementsBeforeTheirLoops() {
        float[] a = JvmOracle.floats(130, 4096, 1f, 2f);
        float[] o1 = new float[4096];
        float[] o2 = new float[4096];
        float[] aJ = a.clone();
        float[] o1J = new float[4096];
        float[] o2J = new float[4096];
        scaleInto(aJ, o1J);
        normalise(aJ, o2J);
        try (TaskSchedule s = new TaskSchedule("read-read").task("t1", HostLoadProbeTest::scaleInto, a, o1)
                .task("t2", HostLoadProbeTest::normalise, a, o2)) {
            s.execute();
            assertRanOnDevice(s.report(), "t1");
            if (s.report().task("t2").ranOn() != TaskReport.Where.DEVICE) {
                ON_THE_JVM.add("(i) t2 reads a[0] of an array t1 only reads: " + s.report().task("t2").reason());
            }
        }
        assertSame("(i) a", aJ, a);
        assertSame("(i) o1", o1J, o1);
        assertSame("(i) o2", o2J, o2);

        float[] c = JvmOracle.floats(131, 4096, 1f, 2f);
        float[] b = JvmOracle.floats(132, 4096, 1f, 2f);
        float[] o3 = new float[4096];
        float[] o4 = new float[4096];
        float[] o3J = new float[4096];
        float[] o4J = new float[4096];
        scaleInto(c, o3J);
        normalise(b, o4J);
        try (TaskSchedule s = new TaskSchedule("unrelated").task("t1", HostLoadProbeTest::scaleInto, c, o3)
                .task("t2", HostLoadProbeTest::normalise, b, o4)) {
            s.execute();
            assertRanOnDevice(s.report(), "t1");
            assertRanOnDevice(s.report(), "t2");
        }
        assertSame("(ii) o3", o3J, o3);
        assertSame("(ii) o4", o4J, o4);

        float[] e = JvmOracle.floats(133, 4096, 1f, 2f);
        e[0] = 4f;
        float[] o5 = new float[4096];
        float[] eJ = e.clone();
        float[] o5J = new float[4096];
        divideByFirstInPlace(eJ);
        normalise(eJ, o5J);
        try (TaskSchedule s = new TaskSchedule("in-place-then-read")
                .task("t1", HostLoadProbeTest::divideByFirstInPlace, e).task("t2", HostLoadProbeTest::normalise, e,
                        o5)) {
            s.execute();
            assertRanOnDevice(s.report(), "t1");
            if (s.report().task("t2").ranOn() != TaskReport.Where.DEVICE) {
                ON_THE_JVM.add("(iii) t2 reads a[0] of an array t1 updates in place: " + s.report().task("t2")
                        .reason());
            }
        }
        assertSame("(iii) e", eJ, e);
        assertSame("(iii) o5", o5J, o5);

        float[] f = JvmOracle.floats(134, 4096, 1f, 2f);
        f[0] = -2f;
        float[] g = JvmOracle.floats(135, 4096, 1f, 2f);
        float[] o6 = new float[4096];
        float[] o7 = new float[4096];
        float[] fJ = f.clone();
        float[] o6J = new float[4096];
        float[] o7J = new float[4096];
        divideByFirstInPlace(fJ);
        scaleInto(g, o6J);
        normalise(fJ, o7J);
        try (TaskSchedule s = new TaskSchedule("three").task("t1", HostLoadProbeTest::divideByFirstInPlace, f)
                .task("t2", HostLoadProbeTest::scaleInto, g, o6).task("t3", HostLoadProbeTest::normalise, f, o7)) {
            s.execute();
            assertRanOnDevice(s.report(), "t1");
            assertRanOnDevice(s.report(), "t2");
            if (s.report().task("t3").ranOn() != TaskReport.Where.DEVICE) {
                ON_THE_JVM.add("(iv) t3 reads a[0] of an array t1 updates in place: " + s.report().task("t3")
                        .reason());
            }
        }
        assertSame("(iv) f", fJ, f);
        assertSame("(iv) o6", o6J, o6);
        assertSame("(iv) o7", o7J, o7);
    }

    /**
     * keepOnDevice: an in-place update by the first element over three executions of one schedule (each execution
     * sees the previous one's results; the first element changed by Java and marked with markChanged before the
     * third), and a read-only kept array whose first element Java changes and marks.
     */
    @Test
    public void keptArraysAcrossExecutionsWithMarkChanged() {
        float[] a = JvmOracle.floats(136, 4096, 1f, 2f);
        a[0] = 2f;
        try (TaskSchedule s = new TaskSchedule("kept-in-place").keepOnDevice(a)
                .task("t", HostLoadProbeTest::divideByFirstInPlace, a)) {
            for (int run = 0; run < 3; run++) {
                if (run == 2) {
                    a[0] = 0.25f;
                    a[7] = -3f;
                    s.markChanged(a);
                }
                float[] expected = a.clone();
                divideByFirstInPlace(expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("run " + run, expected, a);
            }
        }
        float[] b = JvmOracle.floats(137, 4096, 1f, 2f);
        float[] out = new float[4096];
        try (TaskSchedule s = new TaskSchedule("kept-read").keepOnDevice(b)
                .task("t", HostLoadProbeTest::normalise, b, out)) {
            for (float first : new float[] {2f, -0.5f, Float.NaN, 0f}) {
                b[0] = first;
                s.markChanged(b);
                float[] expected = new float[4096];
                normalise(b.clone(), expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("first = " + first, expected, out);
            }
        }
    }

    /**
     * keepOnDevice's documented contract for an array changed by Java without markChanged: the kernel reads the
     * device's copy, the elements read before the loops come from the Java array at every execution. (Finding: this
     * probe first expected one consistent snapshot and got old b[i] / new b[0]; the contract now says so, and the
     * probe checks the rule, computed here from the two snapshots.)
     */
    @Test
    public void aKeptArrayChangedWithoutMarkChangedFollowsTheDocumentedRule() {
        float[] b = JvmOracle.floats(138, 4096, 1f, 2f);
        b[0] = 2f;
        float[] out = new float[4096];
        try (TaskSchedule s = new TaskSchedule("kept-stale").keepOnDevice(b)
                .task("t", HostLoadProbeTest::normalise, b, out)) {
            s.execute();
            float[] old = b.clone();
            b[0] = 8f;
            b[1] = 100f;
            // The documented rule (TaskSchedule.keepOnDevice): the loop reads the device's copy (the old values), the
            // element read before the loop comes from the Java array (the new b[0]).
            float[] expected = new float[4096];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = old[i] / b[0];
            }
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("out: old b[i] / new b[0]", expected, out);
        }
    }

    /**
     * A 3-D nest in place scaled by elements read before it, and a 2-D one; d1 = 0 reads s[-1] before the bound
     * divides by zero (ArrayIndexOutOfBoundsException), d2 = 0 divides by zero (ArithmeticException), d1 past s's end
     * throws at the load.
     */
    @Test
    public void nestsInPlaceWithElementsReadBeforeThem() {
        float[] sArr = {1.5f, -2f, 0.25f, 3f};
        int[][] dims = {{4, 5}, {1, 1}, {3, 7}, {0, 5}, {2, 0}, {5, 2}};
        for (int[] d : dims) {
            float[] m = JvmOracle.floats(139, 4 * 5 * 30, -2f, 2f);
            run("nest3 " + d[0] + "x" + d[1], Mode.DEVICE,
                    x -> nest3((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::nest3, m, sArr, d[0], d[1]), m, sArr, d[0], d[1]);
        }
        for (int cols : new int[] {1, 7, 64, 600, 601}) {
            int[] m = JvmOracle.ints(140, 600);
            run("nest2 cols=" + cols, Mode.DEVICE, x -> nest2((int[]) x[0], (Integer) x[1]),
                    s -> s.task("t", HostLoadProbeTest::nest2, m, cols), m, cols);
        }
    }

    /** An in-place update minus the first element split across two sub-devices: both shares use the old a[0]. */
    @Test
    public void anInPlaceUpdateSplitAcrossTwoDevices() {
        String d = partitionable();
        int[] a = JvmOracle.ints(141, 65_537);
        a[0] = 123_456;
        int[] expected = a.clone();
        subtractFirstInPlace(expected);
        try (TaskSchedule s = new TaskSchedule("split").devices(d + ".0/2", d + ".1/2")
                .task("t", HostLoadProbeTest::subtractFirstInPlace, a)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        assertSame("split in place", expected, a);
    }

    /** An unused read Java makes only when n > 3 (n = 10 throws on a 10-element array; 2 and 3 do not read). */
    @Test
    public void anUnusedReadUnderACondition() {
        int[] a = JvmOracle.ints(142, 10);
        for (int n : new int[] {2, 3, 4, 9, 10, Integer.MAX_VALUE}) {
            int[] out = JvmOracle.ints(143, 64);
            run("unusedGuardedRead n=" + n, Mode.DEVICE,
                    x -> unusedGuardedRead((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::unusedGuardedRead, a, out, n), a, out, n);
        }
    }

    // ================================================================ tests: conditions, statics

    /**
     * Static long, float and double fields of another class in early returns and a clamped bound, changed between
     * executions of one schedule: every execution against the JVM with the values of that moment.
     */
    @Test
    public void staticFieldsOfAnotherClassChangedBetweenExecutions() {
        float[] out = new float[100];
        long[] ls = {5L, 0L, -1L, (1L << 32) + 3, Long.MIN_VALUE, 7L, 7L, 99L, 100L, 101L};
        float[] fs = {1.5f, 1.5f, 2f, -0f, 1f, Float.NaN, -0f, 3f, Float.POSITIVE_INFINITY, 0.5f};
        double[] ds = {-0.0, 1.0, 2.0, 0.5, 0.0, 1.0, 1e300, Double.NaN, -0.0, -1e-300};
        try (TaskSchedule s = new TaskSchedule("knobs").task("t", HostLoadProbeTest::knobsBound, out)) {
            for (int r = 0; r < ls.length; r++) {
                Knobs.L = ls[r];
                Knobs.F = fs[r];
                Knobs.D = ds[r];
                Arrays.fill(out, -1f);
                float[] expected = out.clone();
                knobsBound(expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("L=" + ls[r] + " F=" + fs[r] + " D=" + ds[r], expected, out);
            }
        }
        int[] a = JvmOracle.ints(144, 10);
        int[] out2 = new int[64];
        try (TaskSchedule s = new TaskSchedule("knob-index").task("t", HostLoadProbeTest::knobIndex, a, out2)) {
            for (long l : new long[] {5L, (1L << 32) + 3, 9L, -1L, 23L, (5L << 60) + 2, Long.MIN_VALUE}) {
                Knobs.L = l;
                int[] expected = out2.clone();
                Throwable jvm = null;
                try {
                    knobIndex(a, expected);
                } catch (Throwable t) {
                    jvm = t;
                }
                Throwable actual = null;
                try {
                    s.execute();
                } catch (Throwable t) {
                    actual = t;
                }
                if (jvm == null) {
                    assertEquals("L=" + l + ": " + actual, null, actual);
                    assertRanOnDevice(s.report(), "t");
                } else {
                    assertTrue("L=" + l + ": expected " + jvm + " but got " + actual,
                            actual != null && actual.getClass() == jvm.getClass());
                    assertEquals("L=" + l, jvm.getMessage(), actual.getMessage());
                }
                assertSame("L=" + l, expected, out2);
            }
        }
    }

    /** {@code (int) (l % m)} as a bound over long edges: m == 0 gives the JVM's ArithmeticException. */
    @Test
    public void longRemaindersAsBounds() {
        for (long l : new long[] {Long.MIN_VALUE, -7L, 0L, 7L, (1L << 32) + 5, Long.MAX_VALUE}) {
            for (long m : new long[] {-1L, 0L, 3L, 1L << 32, Long.MIN_VALUE, 100L}) {
                int[] out = new int[64];
                run("longRemainderBound " + l + " % " + m, Mode.DEVICE_OR_BAILOUT,
                        x -> longRemainderBound((int[]) x[0], (Long) x[1], (Long) x[2]),
                        s -> s.task("t", HostLoadProbeTest::longRemainderBound, out, l, m), out, l, m);
            }
        }
    }

    /** {@code (int) (x % y)} of doubles as a bound, of a float element in the body: NaN, signed zeros, infinities. */
    @Test
    public void floatingRemaindersOfParametersAndElementsAsBounds() {
        double[] xs = {70.5, -0.0, Double.NaN, Double.POSITIVE_INFINITY, 1e300, -70.5};
        double[] ys = {100.0, 0.0, -0.0, Double.NaN, Double.NEGATIVE_INFINITY, 33.0};
        for (double x : xs) {
            for (double y : ys) {
                for (float e : new float[] {50.75f, Float.NaN, -0f}) {
                    int[] out = new int[64];
                    float[] lim = {e};
                    run("doubleRemainderAndElementBound " + x + " % " + y + ", " + e, Mode.DEVICE_OR_BAILOUT,
                            z -> doubleRemainderAndElementBound((int[]) z[0], (float[]) z[1], (Double) z[2],
                                    (Double) z[3]),
                            s -> s.task("t", HostLoadProbeTest::doubleRemainderAndElementBound, out, lim, x, y), out,
                            lim, x, y);
                }
            }
        }
    }

    // ================================================================ tests: calls on one of several objects

    /**
     * The receiver's own fields chosen per element ({@code this.p}/{@code this.q}), on one schedule whose q changes
     * class between executions (Add, Mul, AddTwice, Add again, null: the JVM's NullPointerException, Mul again).
     */
    @Test
    public void aChoiceOfTheReceiversFieldsChangingClass() {
        int[] a = JvmOracle.withSpecials(JvmOracle.ints(150, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        int[] out = new int[N];
        Holder h = new Holder(new Add(3), new Add(-9));
        IntOp[] qs = {new Add(-9), new Mul(7), new AddTwice(4), new Add(100), null, new Mul(-1)};
        try (TaskSchedule s = new TaskSchedule("holder").task("t", h::pick, a, out)) {
            for (IntOp q : qs) {
                h.q = q;
                String what = "q = " + (q == null ? "null" : q.getClass().getSimpleName());
                int[] expected = out.clone();
                Throwable jvm = null;
                try {
                    h.pick(a, expected);
                } catch (Throwable t) {
                    jvm = t;
                }
                Throwable actual = null;
                try {
                    s.execute();
                } catch (CompilationException e) {
                    throw new AssertionError(what + ": bailed out: " + e.getMessage(), e);
                } catch (Throwable t) {
                    actual = t;
                }
                if (jvm == null) {
                    if (actual != null) {
                        throw new AssertionError(what + ": " + actual, actual);
                    }
                    assertRanOnDevice(s.report(), "t");
                } else {
                    assertTrue(what + ": expected " + jvm + " but got " + actual,
                            actual != null && actual.getClass() == jvm.getClass());
                    assertEquals(what, jvm.getMessage(), actual.getMessage());
                }
                assertSame(what, expected, out);
            }
        }
    }

    /** An abstract class (a concrete method calling the abstract one), and interface objects of two hierarchies. */
    @Test
    public void choicesOfAbstractClassAndInterfaceObjects() {
        int[] a = JvmOracle.withSpecials(JvmOracle.ints(151, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        check(HostLoadProbeTest::shapes, (Shape) new Sq(3), (Shape) new Tri(-5), a, new int[N]);
        check(HostLoadProbeTest::shapes, (Shape) new Tri(7), (Shape) new Tri(9), a, new int[N]);
        check(HostLoadProbeTest::mixedHierarchies, (IntOp) new Add(5), (IntOp) new Sq(3), a, new int[N]);
        check(HostLoadProbeTest::mixedHierarchies, (IntOp) new Tri(7), (IntOp) new Mul(-3), a, new int[N]);
        Sq same = new Sq(11);
        check(HostLoadProbeTest::mixedHierarchies, (IntOp) same, (IntOp) same, a, new int[N]);
    }

    /** A nested choice of three objects made before the loop on two floats (NaN, signed zeros), used twice. */
    @Test
    public void aNestedChoiceOfThreeMadeOnFloats() {
        int[] a = JvmOracle.ints(152, N);
        float[] vals = {0f, -0f, 1.5f, Float.NaN, Float.NEGATIVE_INFINITY, -1.5f};
        for (float x : vals) {
            for (float y : vals) {
                check(HostLoadProbeTest::chooseByFloats, (IntOp) new Add(1), (IntOp) new Mul(-3),
                        (IntOp) new AddTwice(7), x, y, a, new int[N]);
            }
        }
    }

    /** The choice passed to a static helper calling it twice, and called directly too. */
    @Test
    public void aChoicePassedToAHelper() {
        int[] a = JvmOracle.withSpecials(JvmOracle.ints(153, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        check(HostLoadProbeTest::phiThroughHelper, (IntOp) new Add(3), (IntOp) new Mul(5), a, new int[N]);
        check(HostLoadProbeTest::phiThroughHelper, (IntOp) new AddTwice(-2), (IntOp) new Sq(3), a, new int[N]);
    }

    /**
     * A field of the choice read through a cast: both objects Add (the device, or a clean bailout), and an Add with a
     * Mul (the JVM's ClassCastException where an odd element picks the Mul, or a clean bailout).
     */
    @Test
    public void aFieldOfTheChoiceReadThroughACast() {
        int[] a = JvmOracle.ints(154, N);
        IntOp p = new Add(3);
        IntOp q = new AddTwice(5);
        int[] out = new int[N];
        run("phiCastField Add/AddTwice", Mode.DEVICE_OR_BAILOUT,
                x -> phiCastField((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::phiCastField, p, q, a, out), p, q, a, out);
        IntOp m = new Mul(5);
        int[] out2 = new int[N];
        run("phiCastField Add/Mul", Mode.DEVICE_OR_BAILOUT,
                x -> phiCastField((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::phiCastField, p, m, a, out2), p, m, a, out2);
        int[] even = new int[N];
        for (int i = 0; i < N; i++) {
            even[i] = a[i] & ~1;
        }
        int[] out3 = new int[N];
        run("phiCastField Add/Mul, all even", Mode.DEVICE_OR_BAILOUT,
                x -> phiCastField((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::phiCastField, p, m, even, out3), p, m, even, out3);
    }

    /** {@code instanceof} with a pattern on the choice: Add and Mul, AddTwice and Sq, Mul and Mul. */
    @Test
    public void instanceofOfTheChoice() {
        int[] a = JvmOracle.ints(155, N);
        IntOp[][] pairs = {{new Add(3), new Mul(5)}, {new AddTwice(-4), new Sq(2)}, {new Mul(2), new Mul(-2)}};
        for (IntOp[] pq : pairs) {
            int[] out = new int[N];
            run("phiInstanceof " + pq[0].getClass().getSimpleName() + "/" + pq[1].getClass().getSimpleName(),
                    Mode.DEVICE_OR_BAILOUT, x -> phiInstanceof((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                    s -> s.task("t", HostLoadProbeTest::phiInstanceof, pq[0], pq[1], a, out), pq[0], pq[1], a, out);
        }
    }

    /**
     * A null among the choices: picked by an odd element (the JVM's NullPointerException with its message), never
     * picked (all even), and tested against null before the call: the JVM's results wherever the task runs (a null
     * object sends the method to the JVM by design; recorded).
     */
    @Test
    public void aNullAmongTheChoices() {
        int[] a = JvmOracle.ints(156, N);
        IntOp p = new Add(3);
        int[] out = new int[N];
        run("phi with null, picked", Mode.DEVICE_OR_BAILOUT,
                x -> phi((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::phi, p, null, a, out), p, null, a, out);
        int[] even = new int[N];
        for (int i = 0; i < N; i++) {
            even[i] = a[i] & ~1;
        }
        int[] out2 = new int[N];
        run("phi with null, not picked", Mode.ANYWHERE,
                x -> phi((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::phi, p, null, even, out2), p, null, even, out2);
        int[] out3 = new int[N];
        run("phiNullTested", Mode.ANYWHERE,
                x -> phiNullTested((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::phiNullTested, null, p, a, out3), null, p, a, out3);
    }

    /**
     * A choice between two boxes' objects on one schedule while the second box's object changes class (Add, Mul,
     * AddTwice, Add, null, Sq), and both boxes the same box.
     */
    @Test
    public void aChoiceBetweenBoxesWhoseObjectChangesClass() {
        int[] a = JvmOracle.withSpecials(JvmOracle.ints(157, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        int[] out = new int[N];
        Box b1 = new Box(new Mul(3));
        Box b2 = new Box(new Add(1));
        IntOp[] ops = {new Add(1), new Mul(-7), new AddTwice(2), new Add(-50), null, new Sq(4)};
        try (TaskSchedule s = new TaskSchedule("boxes").task("t", HostLoadProbeTest::twoBoxes, b1, b2, a, out)) {
            for (IntOp op : ops) {
                b2.op = op;
                String what = "b2.op = " + (op == null ? "null" : op.getClass().getSimpleName());
                int[] expected = out.clone();
                Throwable jvm = null;
                try {
                    twoBoxes(b1, b2, a, expected);
                } catch (Throwable t) {
                    jvm = t;
                }
                Throwable actual = null;
                try {
                    s.execute();
                } catch (CompilationException e) {
                    throw new AssertionError(what + ": bailed out: " + e.getMessage(), e);
                } catch (Throwable t) {
                    actual = t;
                }
                if (jvm == null) {
                    if (actual != null) {
                        throw new AssertionError(what + ": " + actual, actual);
                    }
                    assertRanOnDevice(s.report(), "t");
                } else {
                    assertTrue(what + ": expected " + jvm + " but got " + actual,
                            actual != null && actual.getClass() == jvm.getClass());
                    assertEquals(what, jvm.getMessage(), actual.getMessage());
                }
                assertSame(what, expected, out);
            }
        }
        Box same = new Box(new AddTwice(9));
        check(HostLoadProbeTest::twoBoxes, same, same, a, new int[N]);
    }

    /** A choice between a parameter and a kernel-made object; and objects swapped in an inner loop (bailout ok). */
    @Test
    public void choicesWithAKernelMadeObjectAndAtAnInnerLoopHeader() {
        int[] a = JvmOracle.ints(158, N);
        for (boolean flag : new boolean[] {true, false}) {
            int[] out = new int[N];
            IntOp p = new Mul(-5);
            run("phiWithKernelMade " + flag, Mode.DEVICE_OR_BAILOUT,
                    x -> phiWithKernelMade((IntOp) x[0], (Boolean) x[1], (int[]) x[2], (int[]) x[3]),
                    s -> s.task("t", HostLoadProbeTest::phiWithKernelMade, p, flag, a, out), p, flag, a, out);
        }
        IntOp p = new Add(7);
        IntOp q = new Mul(3);
        int[] out = new int[N];
        run("phiAtInnerLoop", Mode.DEVICE_OR_BAILOUT,
                x -> phiAtInnerLoop((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::phiAtInnerLoop, p, q, a, out), p, q, a, out);
    }

    /** A void interface method that stores into the output, called on a choice of two sinks. */
    @Test
    public void aVoidStoringMethodOnAChoice() {
        int[] a = JvmOracle.withSpecials(JvmOracle.ints(159, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        check(HostLoadProbeTest::phiSink, (Sink) new Plain(), (Sink) new Negate(17), a, JvmOracle.ints(160, N));
        check(HostLoadProbeTest::phiSink, (Sink) new Negate(-1), (Sink) new AddSink(5), a, JvmOracle.ints(161, N));
    }

    // ================================================================ tests: switch

    /** Edge keys before the loop: MIN_VALUE and 1 << 20 throw, 2 falls into the throwing 3, the default throws. */
    @Test
    public void aSwitchWithEdgeKeysAndThrowingCasesBeforeTheLoop() {
        for (int k : new int[] {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, 2, 3, 1 << 20, Integer.MAX_VALUE,
            Integer.MAX_VALUE - 1}) {
            int[] out = new int[64];
            run("edgeKeysBefore " + k, Mode.DEVICE, x -> edgeKeysBefore((int[]) x[0], (Integer) x[1]),
                    s -> s.task("t", HostLoadProbeTest::edgeKeysBefore, out, k), out, k);
        }
    }

    /**
     * A sparse switch in the loop: MIN_VALUE falls through, 7 falls into the throwing 8 (message with the element and
     * the value 70), MAX_VALUE throws; the first throwing element in loop order decides the JVM's exception.
     */
    @Test
    public void aSparseSwitchWithThrowingCasesInsideTheLoop() {
        int[] base = JvmOracle.ints(162, 5000);
        int[] specials = {Integer.MIN_VALUE, -100_000, 1 << 30, Integer.MIN_VALUE + 1, -1, 0};
        for (int i = 0; i < base.length; i++) {
            if (base[i] == 7 || base[i] == 8 || base[i] == Integer.MAX_VALUE) {
                base[i] = 0;
            }
            if (i % 97 == 0) {
                base[i] = specials[(i / 97) % specials.length];
            }
        }
        check(HostLoadProbeTest::edgeKeysInLoop, base.clone(), new int[5000]);
        int[][] bad = {{777, 7}, {500, 8}, {900, Integer.MAX_VALUE}, {4999, 7}};
        for (int[] b : bad) {
            int[] k = base.clone();
            k[b[0]] = b[1];
            int[] out = new int[5000];
            run("edgeKeysInLoop " + b[1] + " at " + b[0], Mode.DEVICE, x -> edgeKeysInLoop((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::edgeKeysInLoop, k, out), k, out);
        }
        int[] two = base.clone();
        two[901] = 8;
        two[900] = Integer.MAX_VALUE;
        two[3000] = 7;
        int[] out = new int[5000];
        run("edgeKeysInLoop two bad", Mode.DEVICE, x -> edgeKeysInLoop((int[]) x[0], (int[]) x[1]),
                s -> s.task("t", HostLoadProbeTest::edgeKeysInLoop, two, out), two, out);
    }

    /**
     * A switch expression on an element before the loop, its arms reading other elements, its default throwing with
     * the element in the message: a match, the JVM's exception, or a clean bailout.
     */
    @Test
    public void aSwitchOnAnElementBeforeTheLoop() {
        for (int m : new int[] {0, 1, 2, 3, 4, Integer.MIN_VALUE, -1}) {
            int[] mode = {m};
            float[] a = JvmOracle.floats(163, N, -2f, 2f);
            float[] out = new float[N];
            run("switchOnElement " + m, Mode.DEVICE_OR_BAILOUT,
                    x -> switchOnElement((int[]) x[0], (float[]) x[1], (float[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::switchOnElement, mode, a, out), mode, a, out);
        }
    }

    // ================================================================ tests: casts and instanceof

    /**
     * A cast of a parameter object before the loop: Add and AddTwice run; a Mul gives the JVM's ClassCastException
     * (its message names both classes); null gives the JVM's NullPointerException reading the field. Or a clean
     * bailout naming the cast.
     */
    @Test
    public void aCastOfAParameterObjectBeforeTheLoop() {
        int[] a = JvmOracle.ints(164, N);
        IntOp[] ops = {new Add(3), new AddTwice(-8), new Mul(2), null};
        for (IntOp op : ops) {
            int[] out = new int[N];
            run("castBeforeLoop " + (op == null ? "null" : op.getClass().getSimpleName()), Mode.DEVICE_OR_BAILOUT,
                    x -> castBeforeLoop((IntOp) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::castBeforeLoop, op, a, out), op, a, out);
        }
    }

    /** A cast of null succeeds (JLS §5.5) and the null test chooses -1; an Add gives its k. */
    @Test
    public void aCastOfNullSucceeds() {
        for (IntOp op : new IntOp[] {null, new Add(41), new AddTwice(-3)}) {
            int[] out = new int[64];
            run("castOfNull " + op, Mode.DEVICE_OR_BAILOUT, x -> castOfNull((IntOp) x[0], (int[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::castOfNull, op, out), op, out);
        }
    }

    /**
     * A cast to an interface the object may not implement (an AddSink is a Sink; an Add is not: the JVM's
     * ClassCastException; null passes the cast and then the call throws NullPointerException... only if the loop
     * runs), then a call on it in the loop.
     */
    @Test
    public void aCastToAnInterfaceBeforeTheLoop() {
        int[] a = JvmOracle.ints(165, N);
        for (IntOp op : new IntOp[] {new AddSink(4), new Add(4)}) {
            int[] out = new int[N];
            run("interfaceCast " + op.getClass().getSimpleName(), Mode.DEVICE_OR_BAILOUT,
                    x -> interfaceCast((IntOp) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::interfaceCast, op, a, out), op, a, out);
        }
        int[] out = new int[N];
        run("interfaceCast null", Mode.DEVICE_OR_BAILOUT, x -> interfaceCast((IntOp) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", HostLoadProbeTest::interfaceCast, null, a, out), null, a, out);
        int[] empty = new int[0];
        run("interfaceCast null, empty loop", Mode.ANYWHERE,
                x -> interfaceCast((IntOp) x[0], (int[]) x[1], (int[]) x[2]),
                s -> s.task("t", HostLoadProbeTest::interfaceCast, null, a, empty), null, a, empty);
    }

    /**
     * instanceof of a field object in an early return and a chosen bound, on one schedule while the object changes
     * class (Add: the whole loop; AddTwice: half; Mul and null: the early return).
     */
    @Test
    public void instanceofOfAFieldObjectInAnEarlyReturnAndABound() {
        int[] a = JvmOracle.ints(166, N);
        int[] out = new int[N];
        Box b = new Box(new Add(2));
        try (TaskSchedule s = new TaskSchedule("instanceof-bound").task("t", HostLoadProbeTest::instanceofBound, b, a,
                out)) {
            for (IntOp op : new IntOp[] {new Add(2), new AddTwice(5), new Mul(3), null, new Add(-1), new AddTwice(0)}) {
                b.op = op;
                Arrays.fill(out, 12345);
                int[] expected = out.clone();
                instanceofBound(b, a, expected);
                try {
                    s.execute();
                } catch (CompilationException e) {
                    BAILOUTS.add("instanceofBound b.op = " + op + ": " + e.getMessage());
                    assertSame("b.op = " + op + " after the bailout", new int[N], minus(out, 12345));
                    continue;
                }
                if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE) {
                    ON_THE_JVM.add("instanceofBound b.op = " + op + ": " + s.report().task("t").reason());
                }
                assertSame("b.op = " + op, expected, out);
            }
        }
    }

    // ================================================================ more kernels

    /** Narrowing casts in indices: (short), (char) and (byte) of n keep its low bits. */
    public static void idxNarrowed(int[] a, int[] out, int n) {
        int x = a[(short) n + 40_000] + a[(char) n] * 3 + a[((byte) n) + 128] * 5;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** Shift counts Java masks to five bits ({@code n >>> 32} is n), in indices. */
    public static void idxShiftCount(int[] a, int[] out, int n, int k) {
        int x = a[n >>> k] + a[(n << k) >>> 20] * 3;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** A long shift count Java masks to six bits, narrowed to an index. */
    public static void idxLongShift(int[] a, int[] out, long l, int k) {
        int x = a[(int) (l >>> k)];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** Float arithmetic in an index: {@code f * 3f} rounds in float (in double it would not). */
    public static void idxFloatArith(int[] a, int[] out, float f, double d) {
        int x = a[(int) (f * 3f)] + a[(int) (d * 1e-3)] * 3;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** A load Java makes only when n > 0; a may be null when it does not. */
    public static void lastOrZeroNullable(float[] a, float[] out, int n) {
        float k = n > 0 ? a[n - 1] : 0f;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = k * i;
        }
    }

    /** The first element captured by a parallel stream's lambda that updates the array in place. */
    public static void streamDivideByFirst(float[] a) {
        float first = a[0];
        IntStream.range(0, a.length).parallel().forEach(i -> a[i] = a[i] / first);
    }

    /** A choice of three objects made by a switch (a merge of three ends). */
    public static void phiFromSwitch(IntOp p, IntOp q, IntOp r, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g;
            switch (a[i] & 3) {
                case 0:
                    g = p;
                    break;
                case 1:
                    g = q;
                    break;
                default:
                    g = r;
            }
            out[i] = g.apply(a[i]);
        }
    }

    /** An if without else: a parameter, replaced by a box's object for negative elements. */
    public static void phiIfWithoutElse(IntOp p, Box b, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            IntOp g = p;
            if (a[i] < 0) {
                g = b.op;
            }
            out[i] = g.apply(a[i]);
        }
    }

    /** A call on a choice inside a @Reduce sum. */
    public static void phiReduce(IntOp p, IntOp q, int[] a, @Reduce long[] s) {
        for (@Parallel int i = 0; i < a.length; i++) {
            IntOp g = (a[i] & 1) == 0 ? p : q;
            s[0] += g.apply(a[i]);
        }
    }

    /** A call on a choice inside a 2-D nest, chosen by the parity of r + c. */
    public static void phiNest(IntOp p, IntOp q, int[] m, int[] out, int cols) {
        for (@Parallel int r = 0; r < out.length / cols; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                IntOp g = ((r + c) & 1) == 0 ? p : q;
                out[r * cols + c] = g.apply(m[r * cols + c]);
            }
        }
    }

    /** An IntOp whose instance task chooses between {@code this} and a parameter. */
    public static final class SelfOp implements IntOp {
        final int k;

        public SelfOp(int k) {
            this.k = k;
        }

        @Override
        public int apply(int x) {
            return x ^ k;
        }

        public void run(IntOp p, int[] a, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                IntOp g = (a[i] & 1) == 0 ? this : p;
                out[i] = g.apply(a[i]);
            }
        }
    }

    /** A cast of a box's object before the loop. */
    public static void castField(Box b, int[] a, int[] out) {
        int k = ((Add) b.op).k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + k;
        }
    }

    // ================================================================ more tests

    /**
     * Narrowing casts in indices on a 70 000-element array: for n = 0x10005 Java reads a[5] through (char) n (a[65541]
     * without narrowing, also in bounds), for n = 300 a[172] through (byte) n + 128 (a[428] without narrowing).
     */
    @Test
    public void indicesWithNarrowingCasts() {
        int[] a = JvmOracle.ints(170, 70_000);
        for (int n : new int[] {0x10005, 300, -1, 0x18000, Integer.MIN_VALUE, Integer.MAX_VALUE, 5}) {
            int[] out = new int[64];
            run("idxNarrowed " + n, Mode.DEVICE_OR_BAILOUT,
                    x -> idxNarrowed((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::idxNarrowed, a, out, n), a, out, n);
        }
    }

    /**
     * Shift counts in indices, masked as Java masks them (JLS §15.19): {@code n >>> 32} is n, {@code n >>> 33} is
     * {@code n >>> 1}, negative counts; and a long shift by 64, 104 and -24. Never a crash of the host.
     */
    @Test
    public void indicesWithShiftCountsJavaMasks() {
        int[] a = JvmOracle.ints(171, 70_000);
        for (int k : new int[] {0, 5, 31, 32, 33, -1, Integer.MIN_VALUE, 64, 20}) {
            int[] out = new int[64];
            run("idxShiftCount 1000, " + k, Mode.DEVICE_OR_BAILOUT,
                    x -> idxShiftCount((int[]) x[0], (int[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::idxShiftCount, a, out, 1000, k), a, out, 1000, k);
        }
        long l = (1L << 40) | 7L;
        for (int k : new int[] {64, 40, -24, 104, 0, 63, Integer.MIN_VALUE}) {
            int[] out = new int[64];
            run("idxLongShift " + k, Mode.DEVICE_OR_BAILOUT,
                    x -> idxLongShift((int[]) x[0], (int[]) x[1], (Long) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::idxLongShift, a, out, l, k), a, out, l, k);
        }
    }

    /**
     * Float arithmetic in an index: f = 20000.666015625f, whose product by 3 is 60001.998046875 exactly and rounds
     * to 60002 in float (Java reads a[60002]; in double it would be a[60001]); NaN, a negative, a double product.
     */
    @Test
    public void indicesWithFloatArithmetic() {
        int[] a = JvmOracle.ints(172, 70_000);
        float[] fs = {20000.666015625f, Float.NaN, -0.3f, 2.9f, 23333.33f, 30000f};
        double[] ds = {69_999_999.0, Double.NaN, 12_345.678, -0.0};
        for (float f : fs) {
            for (double d : ds) {
                int[] out = new int[64];
                run("idxFloatArith " + f + ", " + d, Mode.DEVICE_OR_BAILOUT,
                        x -> idxFloatArith((int[]) x[0], (int[]) x[1], (Float) x[2], (Double) x[3]),
                        s -> s.task("t", HostLoadProbeTest::idxFloatArith, a, out, f, d), a, out, f, d);
            }
        }
    }

    /**
     * A null array whose element Java reads only when n > 0: with n = 0 Java never touches it (the JVM's results,
     * wherever the task runs); with n = 1 the JVM's NullPointerException.
     */
    @Test
    public void aNullArrayWhoseElementIsReadOnlySometimes() {
        for (int n : new int[] {0, -4, 1}) {
            float[] out = new float[64];
            run("lastOrZeroNullable null, n=" + n, Mode.ANYWHERE,
                    x -> lastOrZeroNullable((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::lastOrZeroNullable, null, out, n), null, out, n);
        }
        float[] a = {3f, -2f};
        for (int n : new int[] {0, 1, 2, 3}) {
            float[] out = new float[64];
            run("lastOrZeroNullable n=" + n, Mode.DEVICE,
                    x -> lastOrZeroNullable((float[]) x[0], (float[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::lastOrZeroNullable, a, out, n), a, out, n);
        }
    }

    /** The first element captured by a parallel stream that updates the array in place (also in batches). */
    @Test
    public void aStreamCapturingAnElementReadBeforeIt() {
        for (int n : new int[] {1, 1000, 100_001}) {
            float[] a = JvmOracle.floats(173, n, 1f, 2f);
            run("streamDivideByFirst n=" + n, Mode.DEVICE_OR_BAILOUT, x -> streamDivideByFirst((float[]) x[0]),
                    s -> s.task("t", HostLoadProbeTest::streamDivideByFirst, a), a);
        }
        float[] b = JvmOracle.floats(174, 100_001, 1f, 2f);
        run("streamDivideByFirst batches", Mode.DEVICE_OR_BAILOUT, x -> streamDivideByFirst((float[]) x[0]),
                s -> s.batch("16KB").task("t", HostLoadProbeTest::streamDivideByFirst, b), b);
        float[] empty = new float[0];
        run("streamDivideByFirst empty", Mode.DEVICE_OR_BAILOUT, x -> streamDivideByFirst((float[]) x[0]),
                s -> s.task("t", HostLoadProbeTest::streamDivideByFirst, empty), empty);
    }

    /**
     * The receiver's field array on one schedule: its first element changed, the field given a new array, k changed
     * (once past the end: the JVM's exception), and an in-place update of the field array in batches.
     */
    @Test
    public void theReceiversFieldArrayChangingBetweenExecutions() {
        Data d = new Data(JvmOracle.floats(175, 4096, -2f, 2f), 3);
        float[] out = new float[512];
        try (TaskSchedule s = new TaskSchedule("data").task("t", d::scaleByElements, out)) {
            for (int r = 0; r < 7; r++) {
                switch (r) {
                    case 1:
                        d.data[0] = 7f;
                        d.data[3] = -0.5f;
                        break;
                    case 2:
                        d.data = new float[] {1.25f, 2f, 3f, 4f, 5f, 6f, 7f, 8f, 9f, 10f, 11f};
                        break;
                    case 3:
                        d.k = 10;
                        break;
                    case 4:
                        d.k = 11;
                        break;
                    case 5:
                        d.k = 0;
                        d.data = JvmOracle.floats(176, 3, -2f, 2f);
                        break;
                    case 6:
                        d.data = new float[0];
                        break;
                    default:
                }
                float[] expected = out.clone();
                Throwable jvm = null;
                try {
                    new Data(d.data, d.k).scaleByElements(expected);
                } catch (Throwable t) {
                    jvm = t;
                }
                Throwable actual = null;
                try {
                    s.execute();
                } catch (Throwable t) {
                    actual = t;
                }
                String what = "execution " + r + " (length " + d.data.length + ", k " + d.k + ")";
                if (jvm == null) {
                    if (actual != null) {
                        throw new AssertionError(what + ": " + actual, actual);
                    }
                    assertRanOnDevice(s.report(), "t");
                } else {
                    assertTrue(what + ": expected " + jvm + " but got " + actual,
                            actual != null && actual.getClass() == jvm.getClass());
                    assertEquals(what, jvm.getMessage(), actual.getMessage());
                }
                assertSame(what, expected, out);
            }
        }
        float[] data = JvmOracle.floats(177, 100_001, 1f, 2f);
        Data big = new Data(data, 0);
        float[] expected = data.clone();
        new Data(expected, 0).normaliseData(0.5f);
        try (TaskSchedule s = new TaskSchedule("data-batches").batch("16KB").task("t", big::normaliseData, 0.5f)) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        assertSame("the field array in batches", expected, big.data);
    }

    /** An in-place update by the first element split across two sub-devices, failing a check late: the JVM's. */
    @Test
    public void anInPlaceUpdateSplitAcrossTwoDevicesFailingACheck() {
        String dev = partitionable();
        int n = 65_537;
        float[] a = JvmOracle.floats(178, n, 1f, 2f);
        float[] b = JvmOracle.floats(179, 500, -1f, 1f);
        int[] idx = JvmOracle.ints(180, n, 0, 500);
        idx[60_000] = -1;
        run("split divideByFirstGather failing", Mode.DEVICE,
                x -> divideByFirstGather((float[]) x[0], (float[]) x[1], (int[]) x[2]),
                s -> s.devices(dev + ".0/2", dev + ".1/2").task("t", HostLoadProbeTest::divideByFirstGather, a, b,
                        idx), a, b, idx);
    }

    /**
     * More shapes of a variable holding one of several objects: a switch choosing among three, an if without else
     * replacing a parameter by a box's object, inside a @Reduce sum, inside a 2-D nest, and {@code this} against a
     * parameter in an instance task.
     */
    @Test
    public void moreShapesOfAChoiceOfObjects() {
        int[] a = JvmOracle.withSpecials(JvmOracle.ints(181, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        check(HostLoadProbeTest::phiFromSwitch, (IntOp) new Add(1), (IntOp) new Mul(-3), (IntOp) new Sq(5), a,
                new int[N]);
        check(HostLoadProbeTest::phiFromSwitch, (IntOp) new Add(1), (IntOp) new Add(2), (IntOp) new Add(3), a,
                new int[N]);
        check(HostLoadProbeTest::phiIfWithoutElse, (IntOp) new Mul(7), new Box(new Tri(3)), a, new int[N]);
        for (int n : JvmOracle.SIZES) {
            int[] x = JvmOracle.ints(182, n);
            long[] sum = {-11L};
            run("phiReduce n=" + n, Mode.DEVICE_OR_BAILOUT,
                    y -> phiReduce((IntOp) y[0], (IntOp) y[1], (int[]) y[2], (long[]) y[3]),
                    s -> s.task("t", HostLoadProbeTest::phiReduce, (IntOp) new Add(5), (IntOp) new Mul(3), x, sum),
                    new Add(5), new Mul(3), x, sum);
        }
        int[] m = JvmOracle.ints(183, 37 * 41);
        check(HostLoadProbeTest::phiNest, (IntOp) new AddTwice(2), (IntOp) new Sq(-7), m, new int[37 * 41], 41);
        SelfOp self = new SelfOp(0x5555);
        for (IntOp p : new IntOp[] {new Add(9), new SelfOp(-1), self}) {
            int[] out = new int[N];
            run("SelfOp.run with " + p.getClass().getSimpleName(), Mode.DEVICE_OR_BAILOUT,
                    x -> self.run((IntOp) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", self::run, p, a, out), p, a, out);
        }
    }

    /**
     * A cast of a box's object before the loop on one schedule while the object changes class: Add and AddTwice run
     * on the device; a Mul gives the JVM's ClassCastException or a clean bailout naming the cast; Add again runs.
     */
    @Test
    public void aCastOfAFieldObjectWhoseClassChanges() {
        int[] a = JvmOracle.ints(184, N);
        int[] out = new int[N];
        Box b = new Box(new Add(3));
        try (TaskSchedule s = new TaskSchedule("cast-field").task("t", HostLoadProbeTest::castField, b, a, out)) {
            for (IntOp op : new IntOp[] {new Add(3), new AddTwice(4), new Mul(2), new Add(-5), null, new Add(6)}) {
                b.op = op;
                String what = "b.op = " + (op == null ? "null" : op.getClass().getSimpleName());
                int[] before = out.clone();
                int[] expected = out.clone();
                Throwable jvm = null;
                try {
                    castField(b, a, expected);
                } catch (Throwable t) {
                    jvm = t;
                }
                Throwable actual = null;
                try {
                    s.execute();
                } catch (Throwable t) {
                    actual = t;
                }
                if (actual instanceof CompilationException && jvm != null) {
                    BAILOUTS.add("castField " + what + ": " + actual.getMessage());
                    assertSame(what + " after the bailout", before, out);
                    continue;
                }
                if (jvm == null) {
                    if (actual != null) {
                        throw new AssertionError(what + ": " + actual, actual);
                    }
                    assertRanOnDevice(s.report(), "t");
                } else {
                    assertTrue(what + ": expected " + jvm + " but got " + actual,
                            actual != null && actual.getClass() == jvm.getClass());
                    assertEquals(what, jvm.getMessage(), actual.getMessage());
                }
                assertSame(what, expected, out);
            }
        }
    }

    // ================================================================ kernels and tests: loads around early returns

    /** A load, then an early return: Java reads (and may throw) even where it then returns. */
    public static void loadThenEarlyReturn(float[] a, float[] out, int k, int n) {
        float x = a[k];
        if (n <= 0) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + i;
        }
    }

    /** An early return on a NaN double, then a load (not made where Java returns). */
    public static void earlyReturnOnNaNThenLoad(float[] a, float[] out, double x, int k) {
        if (x != x) {
            return;
        }
        float v = a[k];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v * i;
        }
    }

    /** The classic guarded access: {@code n >= 0 && n < a.length ? a[n] : -1}. */
    public static void guardedAccess(int[] a, int[] out, int n) {
        int v = n >= 0 && n < a.length ? a[n] : -1;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v ^ i;
        }
    }

    /** An unused read before two loops; the second may be empty. */
    public static void twoLoopsUnusedRead(float[] a, float[] out, float[] out2, int n, int m) {
        float probe = a[n];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = i;
        }
        for (@Parallel int i = 0; i < m; i++) {
            out2[i] = -i;
        }
    }

    /** A load at an index from another array's length (null: the JVM's NullPointerException). */
    public static void loadAtOtherLength(int[] a, int[] b, int[] out) {
        int v = a[b.length - 1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    /** A sum over a sequential loop before the parallel one, and an element read after it. */
    public static void loadAfterSequentialLoop(float[] w, float[] out) {
        float s = 0f;
        for (int j = 0; j < w.length; j++) {
            s += w[j];
        }
        float first = w[0];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = s * i + first;
        }
    }

    /** A load in a try block whose handler catches the out-of-bounds exception. */
    public static void loadInTry(int[] a, int[] out, int k) {
        int v;
        try {
            v = a[k];
        } catch (ArrayIndexOutOfBoundsException e) {
            v = -1;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v + i;
        }
    }

    /**
     * Loads around early returns: a load before an early return that is then taken (Java still throws where it is
     * out of bounds), an early return on NaN before a load (not made), and the guarded access idiom with n out of
     * range (not made: the device).
     */
    @Test
    public void loadsAroundEarlyReturns() {
        float[] a = JvmOracle.floats(190, 10, -2f, 2f);
        int[][] kn = {{3, 5}, {3, 0}, {10, 0}, {10, 5}, {-1, -1}, {9, Integer.MIN_VALUE}};
        for (int[] p : kn) {
            float[] out = new float[64];
            run("loadThenEarlyReturn k=" + p[0] + " n=" + p[1], Mode.DEVICE,
                    x -> loadThenEarlyReturn((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::loadThenEarlyReturn, a, out, p[0], p[1]), a, out, p[0],
                    p[1]);
        }
        for (double x : new double[] {Double.NaN, -0.0, 1.0, Double.NEGATIVE_INFINITY}) {
            for (int k : new int[] {2, 10}) {
                float[] out = new float[64];
                run("earlyReturnOnNaNThenLoad x=" + x + " k=" + k, Mode.DEVICE,
                        y -> earlyReturnOnNaNThenLoad((float[]) y[0], (float[]) y[1], (Double) y[2], (Integer) y[3]),
                        s -> s.task("t", HostLoadProbeTest::earlyReturnOnNaNThenLoad, a, out, x, k), a, out, x, k);
            }
        }
        int[] b = JvmOracle.ints(191, 10);
        for (int n : new int[] {-1, 0, 9, 10, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            int[] out = new int[64];
            run("guardedAccess n=" + n, Mode.DEVICE, x -> guardedAccess((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::guardedAccess, b, out, n), b, out, n);
        }
    }

    /**
     * An unused read before two loops (the second empty or not): Java throws before either loop where the read is out
     * of bounds, and the first loop's output stays untouched.
     */
    @Test
    public void anUnusedReadBeforeTwoLoops() {
        float[] a = JvmOracle.floats(192, 10, -2f, 2f);
        for (int[] nm : new int[][] {{3, 0}, {3, 40}, {10, 0}, {10, 40}, {-1, 40}}) {
            float[] out = JvmOracle.floats(193, 64, -1f, 1f);
            float[] out2 = JvmOracle.floats(194, 64, -1f, 1f);
            run("twoLoopsUnusedRead n=" + nm[0] + " m=" + nm[1], Mode.DEVICE_OR_BAILOUT,
                    x -> twoLoopsUnusedRead((float[]) x[0], (float[]) x[1], (float[]) x[2], (Integer) x[3],
                            (Integer) x[4]),
                    s -> s.task("t", HostLoadProbeTest::twoLoopsUnusedRead, a, out, out2, nm[0], nm[1]), a, out, out2,
                    nm[0], nm[1]);
        }
    }

    /**
     * A load at another array's length minus one (b null: NullPointerException; b empty: index -1), an element read
     * after a sequential loop, and a load inside try/catch: a match, the JVM's exception, or a clean bailout.
     */
    @Test
    public void loadsAtOtherLengthsAfterSequentialLoopsAndInTry() {
        int[] a = JvmOracle.ints(195, 10);
        for (int[] b : new int[][] {new int[3], new int[10], new int[11], new int[0], null}) {
            int[] out = new int[64];
            run("loadAtOtherLength " + (b == null ? "null" : b.length), Mode.DEVICE_OR_BAILOUT,
                    x -> loadAtOtherLength((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::loadAtOtherLength, a, b, out), a, b, out);
        }
        for (int n : new int[] {5, 0}) {
            float[] w = JvmOracle.floats(196, n, -1f, 1f);
            float[] out = new float[64];
            run("loadAfterSequentialLoop n=" + n, Mode.DEVICE_OR_BAILOUT,
                    x -> loadAfterSequentialLoop((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::loadAfterSequentialLoop, w, out), w, out);
        }
        for (int k : new int[] {3, 10, -1}) {
            int[] out = new int[64];
            run("loadInTry k=" + k, Mode.DEVICE_OR_BAILOUT, x -> loadInTry((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.task("t", HostLoadProbeTest::loadInTry, a, out, k), a, out, k);
        }
    }

    /**
     * One array passed as both parameters of {@code normalise(a, out)} (out is a): Java reads a[0] once, before the
     * loop overwrites it; the JVM runs on one clone passed twice. And an in-place update in batches with
     * {@code inPlace(false)} (the copying path).
     */
    @Test
    public void anAliasedOutputAndTheCopyingPathInBatches() {
        for (int n : new int[] {1, 1000, 100_003}) {
            float[] a = JvmOracle.floats(197, n, 1f, 2f);
            float[] expected = a.clone();
            normalise(expected, expected);
            try (TaskSchedule s = new TaskSchedule("alias").task("t", HostLoadProbeTest::normalise, a, a)) {
                s.execute();
                if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE) {
                    ON_THE_JVM.add("normalise(a, a) n=" + n + ": " + s.report().task("t").reason());
                }
            } catch (CompilationException e) {
                BAILOUTS.add("normalise(a, a): " + e.getMessage());
                continue;
            }
            assertSame("normalise(a, a) n=" + n, expected, a);
        }
        float[] c = JvmOracle.floats(198, 100_001, 1f, 2f);
        run("divideByFirstInPlace, batches, inPlace(false)", Mode.DEVICE, x -> divideByFirstInPlace((float[]) x[0]),
                s -> s.inPlace(false).batch("16KB").task("t", HostLoadProbeTest::divideByFirstInPlace, c), c);
        int[] m = JvmOracle.ints(199, 100_001);
        run("minusMiddleInPlace, inPlace(false)", Mode.DEVICE, x -> minusMiddleInPlace((int[]) x[0]),
                s -> s.inPlace(false).task("t", HostLoadProbeTest::minusMiddleInPlace, m), m);
    }

    /** An out-of-bounds read before the loop on split devices: the JVM's exception, nothing written. */
    @Test
    public void anOutOfBoundsReadOnSplitDevices() {
        String dev = partitionable();
        int[] a = JvmOracle.ints(200, 10);
        for (int n : new int[] {10, 3}) {
            int[] out = JvmOracle.ints(201, 65_537);
            run("split unusedGuardedRead n=" + n, Mode.DEVICE,
                    x -> unusedGuardedRead((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                    s -> s.devices(dev + ".0/2", dev + ".1/2").task("t", HostLoadProbeTest::unusedGuardedRead, a, out,
                            n), a, out, n);
        }
    }

    /**
     * keepOnDevice with {@code inPlace(false)}: the same documented rule (as
     * {@link #aKeptArrayChangedWithoutMarkChangedFollowsTheDocumentedRule}), on the copying path.
     */
    @Test
    public void aKeptArrayChangedWithoutMarkChangedFollowsTheDocumentedRuleOnTheCopyingPath() {
        float[] b = JvmOracle.floats(202, 4096, 1f, 2f);
        b[0] = 2f;
        float[] out = new float[4096];
        try (TaskSchedule s = new TaskSchedule("kept-stale-copy").inPlace(false).keepOnDevice(b)
                .task("t", HostLoadProbeTest::normalise, b, out)) {
            s.execute();
            float[] old = b.clone();
            b[0] = 8f;
            b[1] = 100f;
            // The documented rule (TaskSchedule.keepOnDevice): the loop reads the device's copy (the old values), the
            // element read before the loop comes from the Java array (the new b[0]).
            float[] expected = new float[4096];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = old[i] / b[0];
            }
            s.execute();
            assertRanOnDevice(s.report(), "t");
            JvmOracle.assertSame("out: old b[i] / new b[0]", expected, out);
        }
    }

    // ================================================================ kernels and tests: duplicates, field arrays, types

    /** The same element read under a condition and unconditionally (a merge of the two loads would be wrong). */
    public static void sameLoadTwice(float[] a, float[] out, int n, int k) {
        float x = n > 0 ? a[k] : 0f;
        float y = a[k];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + y * i;
        }
    }

    /** The same, the unconditional read first. */
    public static void sameLoadTwiceReversed(float[] a, float[] out, int n, int k) {
        float y = a[k];
        float x = n > 0 ? a[k] : 0f;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = x + y * i;
        }
    }

    /** Type tests of a box's object and a null test, before the loop, with no call on the object. */
    public static void typeOnly(Box b, int[] out) {
        int t = (b.op instanceof AddTwice ? 4 : 0) + (b.op instanceof Add ? 2 : 0) + (b.op instanceof Mul ? 1 : 0)
                + (b.op instanceof Shape ? 16 : 0);
        int n = b.op instanceof Mul ? out.length / 2 : out.length;
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = t * 100 + i;
        }
    }

    /** A field of a box's object read through a cast, no call. */
    public static void castOnly(Box b, int[] out) {
        int k = ((Add) b.op).k;
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = k * 3 + i;
        }
    }

    /** Dense keys at both int edges (tableswitch), holes going to a throwing default, one throwing case. */
    public static void denseEdgeKeys(int[] k, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (k[i]) {
                case Integer.MAX_VALUE - 3:
                    v = 1;
                    break;
                case Integer.MAX_VALUE - 2:
                    v = 2;
                    break;
                case Integer.MAX_VALUE:
                    v = 4;
                    break;
                default:
                    v = -1;
            }
            int w;
            switch (k[i] & 15) {
                case 0: case 1: case 2:
                    w = 10;
                    break;
                case 4:
                    w = 40;
                    break;
                case 5:
                    throw new IllegalStateException("five at " + i);
                case 6: case 8: case 9: case 10: case 11: case 12: case 13: case 14: case 15:
                    w = 60;
                    break;
                default:
                    throw new IllegalArgumentException("hole " + (k[i] & 15) + " at " + i);
            }
            int u;
            switch (k[i]) {
                case Integer.MIN_VALUE:
                    u = 7;
                    break;
                case Integer.MIN_VALUE + 1:
                    u = 8;
                    break;
                case Integer.MIN_VALUE + 2:
                    u = 9;
                    break;
                default:
                    u = 0;
            }
            out[i] = v * 1000 + w + u * 100_000;
        }
    }

    /**
     * The same element read under a condition and unconditionally (in both orders): with n &lt;= 0 the conditional
     * read is not made but the other is (its value must not become 0); with k out of bounds Java throws either way.
     */
    @Test
    public void theSameElementReadConditionallyAndUnconditionally() {
        float[] a = JvmOracle.floats(210, 10, 1f, 2f);
        for (int[] nk : new int[][] {{1, 4}, {0, 4}, {-5, 9}, {0, 10}, {1, 10}}) {
            float[] out = new float[64];
            run("sameLoadTwice n=" + nk[0] + " k=" + nk[1], Mode.DEVICE,
                    x -> sameLoadTwice((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::sameLoadTwice, a, out, nk[0], nk[1]), a, out, nk[0], nk[1]);
            float[] out2 = new float[64];
            run("sameLoadTwiceReversed n=" + nk[0] + " k=" + nk[1], Mode.DEVICE,
                    x -> sameLoadTwiceReversed((float[]) x[0], (float[]) x[1], (Integer) x[2], (Integer) x[3]),
                    s -> s.task("t", HostLoadProbeTest::sameLoadTwiceReversed, a, out2, nk[0], nk[1]), a, out2,
                    nk[0], nk[1]);
        }
    }

    /**
     * An earlier task updates the receiver's field array in place (d::normaliseData), a later one reads its first
     * element as a parameter ({@code normalise(d.data, out)}); and the reverse: an earlier task updates a parameter
     * array in place, a later instance task reads {@code this.data[0]} of the same array. The later task must see the
     * earlier one's results (or run on the JVM); every array against the JVM's run of the tasks in order.
     */
    @Test
    public void fieldArraysAndParameterArraysWrittenByAnEarlierTask() {
        float[] data = JvmOracle.floats(211, 4096, 1f, 2f);
        data[4095] = 4f;
        Data d = new Data(data, 0);
        float[] out = new float[4096];
        float[] dataJ = data.clone();
        float[] outJ = new float[4096];
        new Data(dataJ, 0).normaliseData(3f);
        normalise(dataJ, outJ);
        try (TaskSchedule s = new TaskSchedule("field-then-param").task("t1", d::normaliseData, 3f)
                .task("t2", HostLoadProbeTest::normalise, data, out)) {
            s.execute();
            assertRanOnDevice(s.report(), "t1");
            if (s.report().task("t2").ranOn() != TaskReport.Where.DEVICE) {
                ON_THE_JVM.add("t2 reads data[0] that t1 (a field array) wrote: " + s.report().task("t2").reason());
            }
        }
        assertSame("field-then-param: data", dataJ, data);
        assertSame("field-then-param: out", outJ, out);

        float[] a = JvmOracle.floats(212, 4096, 1f, 2f);
        a[0] = 0.5f;
        Data e = new Data(a, 1);
        float[] out2 = new float[512];
        float[] aJ = a.clone();
        float[] out2J = new float[512];
        divideByFirstInPlace(aJ);
        new Data(aJ, 1).scaleByElements(out2J);
        try (TaskSchedule s = new TaskSchedule("param-then-field").task("t1", HostLoadProbeTest::divideByFirstInPlace, a)
                .task("t2", e::scaleByElements, out2)) {
            s.execute();
            assertRanOnDevice(s.report(), "t1");
            if (s.report().task("t2").ranOn() != TaskReport.Where.DEVICE) {
                ON_THE_JVM.add("t2 reads this.data[0] that t1 (a parameter) wrote: " + s.report().task("t2")
                        .reason());
            }
        }
        assertSame("param-then-field: a", aJ, a);
        assertSame("param-then-field: out", out2J, out2);
    }

    /**
     * Type tests with no call on the object, before the loop: on one schedule while a box's object changes class
     * (Add, AddTwice, Mul, null, Sq, Add), and a field read through a cast (Add, AddTwice, then Mul: the JVM's
     * ClassCastException or a clean bailout). A kernel compiled for one class must not be reused for another.
     */
    @Test
    public void typeTestsWithNoCallOnAnObjectWhoseClassChanges() {
        int[] out = new int[N];
        Box b = new Box(new Add(1));
        try (TaskSchedule s = new TaskSchedule("type-only").task("t", HostLoadProbeTest::typeOnly, b, out)) {
            for (IntOp op : new IntOp[] {new Add(1), new AddTwice(2), new Mul(3), null, new Sq(4), new Add(5)}) {
                b.op = op;
                String what = "typeOnly " + (op == null ? "null" : op.getClass().getSimpleName());
                Arrays.fill(out, -7);
                int[] expected = out.clone();
                typeOnly(b, expected);
                try {
                    s.execute();
                } catch (CompilationException e) {
                    BAILOUTS.add(what + ": " + e.getMessage());
                    continue;
                }
                if (s.report().task("t").ranOn() != TaskReport.Where.DEVICE) {
                    ON_THE_JVM.add(what + ": " + s.report().task("t").reason());
                }
                assertSame(what, expected, out);
            }
        }
        for (IntOp op : new IntOp[] {new AddTwice(2), new Add(-3), new Mul(3)}) {
            Box c = new Box(op);
            int[] o = new int[N];
            run("castOnly " + op.getClass().getSimpleName(), Mode.DEVICE_OR_BAILOUT,
                    x -> castOnly((Box) x[0], (int[]) x[1]), s -> s.task("t", HostLoadProbeTest::castOnly, c, o), c,
                    o);
        }
    }

    /**
     * Dense switches at both int edges (tableswitch), holes to a throwing default, a throwing case, inside the loop:
     * keys near MIN_VALUE and MAX_VALUE, then a hole and the throwing case at given elements.
     */
    @Test
    public void denseSwitchesAtTheIntEdgesWithThrowingHoles() {
        int[] k = JvmOracle.ints(213, 4000);
        int[] edge = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 2, Integer.MAX_VALUE - 3,
            Integer.MAX_VALUE - 4, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, Integer.MIN_VALUE + 2,
            Integer.MIN_VALUE + 3, -1, 0};
        for (int i = 0; i < k.length; i++) {
            if (i % 5 == 0) {
                k[i] = edge[(i / 5) % edge.length];
            }
            int low = k[i] & 15;
            if (low == 3 || low == 5 || low == 7) {
                k[i] ^= 8;
            }
        }
        check(HostLoadProbeTest::denseEdgeKeys, k.clone(), new int[4000]);
        int[][] bad = {{3001, 3}, {2000, 5}, {17, 7}, {3999, 16 + 5}};
        for (int[] b : bad) {
            int[] kk = k.clone();
            kk[b[0]] = b[1];
            int[] out = new int[4000];
            run("denseEdgeKeys " + b[1] + " at " + b[0], Mode.DEVICE, x -> denseEdgeKeys((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::denseEdgeKeys, kk, out), kk, out);
        }
    }

    // ================================================================ kept arrays and a task on the JVM in between

    /** Doubles a in place plus k; reads maybe[0] only when n > 0 (maybe null: the task runs on the JVM). */
    public static void doubleAndAddFromMaybeNull(float[] a, float[] maybe, int n) {
        float k = n > 0 ? maybe[0] : 1f;
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2f + k;
        }
    }

    /**
     * A kept array, three tasks in one execution: t1 reads it on the device, t2 updates it in place on the JVM (a
     * null array it never reads sends it there: a host check), t3 reads it on the device, with its first element read
     * before the loop ({@code normalise}) or not ({@code scaleInto}). The array changes only through this schedule's
     * tasks (keepOnDevice's promise holds), so t3 must see t2's results; two executions, against the JVM's.
     */
    @Test
    public void aKeptArrayUpdatedByATaskOnTheJvmBetweenDeviceTasks() {
        for (boolean hostLoad : new boolean[] {true, false}) {
            float[] a = JvmOracle.floats(220, 4096, 1f, 2f);
            a[0] = 2f;
            float[] o1 = new float[4096];
            float[] o3 = new float[4096];
            float[] aJ = a.clone();
            float[] o1J = new float[4096];
            float[] o3J = new float[4096];
            try (TaskSchedule s = new TaskSchedule("kept-jvm-between").keepOnDevice(a)
                    .task("t1", HostLoadProbeTest::scaleInto, a, o1)
                    .task("t2", HostLoadProbeTest::doubleAndAddFromMaybeNull, a, null, 0)) {
                if (hostLoad) {
                    s.task("t3", HostLoadProbeTest::normalise, a, o3);
                } else {
                    s.task("t3", HostLoadProbeTest::scaleInto, a, o3);
                }
                for (int run = 0; run < 2; run++) {
                    scaleInto(aJ, o1J);
                    doubleAndAddFromMaybeNull(aJ, null, 0);
                    if (hostLoad) {
                        normalise(aJ, o3J);
                    } else {
                        scaleInto(aJ, o3J);
                    }
                    s.execute();
                    String what = (hostLoad ? "normalise" : "scaleInto") + " as t3, run " + run;
                    assertRanOnDevice(s.report(), "t1");
                    if (s.report().task("t3").ranOn() != TaskReport.Where.DEVICE) {
                        ON_THE_JVM.add(what + ": " + s.report().task("t3").reason());
                    }
                    assertSame(what + ": o1", o1J, o1);
                    assertSame(what + ": a", aJ, a);
                    assertSame(what + ": o3", o3J, o3);
                }
            }
        }
    }

    // ================================================================ objects returned by calls; narrow switch keys

    /** An IntOp that can give another IntOp. */
    public abstract static class Wrap implements IntOp {
        abstract IntOp next();
    }

    /** next() is its inner object; apply adds one to the inner's result. */
    public static final class WrapInner extends Wrap {
        final IntOp inner;

        public WrapInner(IntOp inner) {
            this.inner = inner;
        }

        @Override
        IntOp next() {
            return inner;
        }

        @Override
        public int apply(int x) {
            return inner.apply(x) + 1;
        }
    }

    /** next() is itself. */
    public static final class WrapSelf extends Wrap {
        final int k;

        public WrapSelf(int k) {
            this.k = k;
        }

        @Override
        IntOp next() {
            return this;
        }

        @Override
        public int apply(int x) {
            return x - k;
        }
    }

    static IntOp pick(IntOp p, IntOp q, int v) {
        return v > 0 ? p : q;
    }

    /** A helper returns one of two objects; the call is on its result. */
    public static void pickedByHelper(IntOp p, IntOp q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = pick(p, q, a[i]).apply(a[i]);
        }
    }

    /** A call on the object a call on a choice returns (its inner object, or itself). */
    public static void nextOfAChoice(Wrap p, Wrap q, int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Wrap w = (a[i] & 1) == 0 ? p : q;
            out[i] = w.next().apply(a[i]) + w.apply(i);
        }
    }

    /** Switches on byte and char parameters before the loop (sign and zero extension), some cases throwing. */
    public static void switchOnNarrow(int[] out, byte b, char c) {
        int w;
        switch (b) {
            case -128:
                w = 1;
                break;
            case -1:
                throw new IllegalArgumentException("byte -1");
            case 127:
                w = 3;
                break;
            default:
                w = b * 2;
        }
        switch (c) {
            case 0xFFFF:
                throw new IllegalStateException("char max");
            case 0:
                w += 100;
                break;
            case 0x8000:
                w -= 100;
                break;
            default:
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = w + i;
        }
    }

    /** Switches on byte and char elements inside the loop, -1 and 0xFFFF throwing. */
    public static void switchOnNarrowElements(byte[] bs, char[] cs, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int v;
            switch (bs[i]) {
                case -1:
                    throw new IllegalArgumentException("byte -1 at " + i);
                case -128:
                    v = 5;
                    break;
                case 127:
                    v = 6;
                    break;
                default:
                    v = bs[i];
            }
            switch (cs[i]) {
                case 0xFFFF:
                    throw new IllegalStateException("char max at " + i);
                case 0xFF:
                    v += 1000;
                    break;
                default:
                    v += cs[i] & 7;
            }
            out[i] = v;
        }
    }

    /** A helper returning one of two objects, and a call on what a call on a choice returns. */
    @Test
    public void callsOnObjectsReturnedByCalls() {
        int[] a = JvmOracle.withSpecials(JvmOracle.ints(230, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        int[] out = new int[N];
        IntOp p = new Add(4);
        IntOp q = new Mul(-3);
        run("pickedByHelper", Mode.DEVICE_OR_BAILOUT,
                x -> pickedByHelper((IntOp) x[0], (IntOp) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::pickedByHelper, p, q, a, out), p, q, a, out);
        Wrap w1 = new WrapInner(new Mul(5));
        Wrap w2 = new WrapSelf(9);
        int[] out2 = new int[N];
        run("nextOfAChoice", Mode.DEVICE_OR_BAILOUT,
                x -> nextOfAChoice((Wrap) x[0], (Wrap) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::nextOfAChoice, w1, w2, a, out2), w1, w2, a, out2);
        Wrap w3 = new WrapInner(new WrapSelf(-2));
        int[] out3 = new int[N];
        run("nextOfAChoice nested", Mode.DEVICE_OR_BAILOUT,
                x -> nextOfAChoice((Wrap) x[0], (Wrap) x[1], (int[]) x[2], (int[]) x[3]),
                s -> s.task("t", HostLoadProbeTest::nextOfAChoice, w3, w1, a, out3), w3, w1, a, out3);
    }

    /** Switches on byte and char values (before the loop: parameters; in it: elements) with throwing cases. */
    @Test
    public void switchesOnByteAndCharKeysWithThrowingCases() {
        for (byte b : new byte[] {-128, -1, 0, 127, 5}) {
            for (char c : new char[] {0, 0xFFFF, 0x8000, 'x'}) {
                int[] out = new int[64];
                run("switchOnNarrow " + b + ", " + (int) c, Mode.DEVICE,
                        x -> switchOnNarrow((int[]) x[0], (Byte) x[1], (Character) x[2]),
                        s -> s.task("t", HostLoadProbeTest::switchOnNarrow, out, b, c), out, b, c);
            }
        }
        int n = 3000;
        byte[] bs = new byte[n];
        char[] cs = new char[n];
        int[] r = JvmOracle.ints(231, n);
        for (int i = 0; i < n; i++) {
            bs[i] = (byte) r[i];
            if (bs[i] == -1) {
                bs[i] = -2;
            }
            cs[i] = (char) (r[i] >>> 16);
            if (cs[i] == 0xFFFF) {
                cs[i] = 0xFFFE;
            }
        }
        bs[10] = -128;
        bs[11] = 127;
        cs[12] = 0xFF;
        cs[13] = 0x80FF;
        check(HostLoadProbeTest::switchOnNarrowElements, bs.clone(), cs.clone(), new int[n]);
        byte[] b2 = bs.clone();
        b2[2500] = -1;
        int[] out = new int[n];
        run("switchOnNarrowElements byte -1", Mode.DEVICE,
                x -> switchOnNarrowElements((byte[]) x[0], (char[]) x[1], (int[]) x[2]),
                s -> s.task("t", HostLoadProbeTest::switchOnNarrowElements, b2, cs, out), b2, cs, out);
        char[] c2 = cs.clone();
        c2[1234] = 0xFFFF;
        int[] out2 = new int[n];
        run("switchOnNarrowElements char max", Mode.DEVICE,
                x -> switchOnNarrowElements((byte[]) x[0], (char[]) x[1], (int[]) x[2]),
                s -> s.task("t", HostLoadProbeTest::switchOnNarrowElements, bs, c2, out2), bs, c2, out2);
    }

    // ================================================================ reach conditions from types, nulls, statics

    /** Which element is read depends on a box's object: its class, null, and a static field of another class. */
    public static void loadChosenByObjectAndStatic(Box b, float[] a, float[] out) {
        float v = b.op instanceof Add ? a[0] : (b.op == null ? a[1] : a[5]);
        float w = Knobs.L > 0L ? a[2] : a[7];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = v * i + w;
        }
    }

    /** A throw before the loop on an element's value. */
    public static void throwOnElement(float[] a, float[] out) {
        float f = a[0];
        if (f < 0f) {
            throw new IllegalArgumentException("negative first " + f);
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * f;
        }
    }

    /**
     * Which element is read depends on a box's object (its class, null) and on a static long field of another class,
     * on one schedule: on a 3-element array the branches Java takes read in bounds (the device), the others would not
     * (Mul: a[5]; L &lt;= 0: a[7], the JVM's exception).
     */
    @Test
    public void loadsChosenByAnObjectsClassNullAndAStaticField() {
        float[] a = {1.5f, -2f, 4f};
        float[] out = new float[64];
        Box b = new Box(new Add(1));
        Object[][] steps = {{new Add(1), 5L}, {new AddTwice(2), 1L}, {null, 3L}, {new Mul(3), 3L}, {new Add(0), 0L},
            {new Add(0), 9L}, {null, -1L}, {new AddTwice(1), 2L}};
        try (TaskSchedule s = new TaskSchedule("reach-types").task("t", HostLoadProbeTest::loadChosenByObjectAndStatic,
                b, a, out)) {
            for (Object[] st : steps) {
                b.op = (IntOp) st[0];
                Knobs.L = (Long) st[1];
                String what = "b.op = " + (st[0] == null ? "null" : st[0].getClass().getSimpleName()) + ", L = "
                        + st[1];
                float[] before = out.clone();
                float[] expected = out.clone();
                Throwable jvm = null;
                try {
                    loadChosenByObjectAndStatic(b, a, expected);
                } catch (Throwable t) {
                    jvm = t;
                }
                Throwable actual = null;
                try {
                    s.execute();
                } catch (Throwable t) {
                    actual = t;
                }
                if (actual instanceof CompilationException) {
                    BAILOUTS.add("loadChosenByObjectAndStatic " + what + ": " + actual.getMessage());
                    assertSame(what + " after the bailout", before, out);
                    continue;
                }
                if (jvm == null) {
                    if (actual != null) {
                        throw new AssertionError(what + ": " + actual, actual);
                    }
                    assertRanOnDevice(s.report(), "t");
                } else {
                    assertTrue(what + ": expected " + jvm + " but got " + actual,
                            actual != null && actual.getClass() == jvm.getClass());
                    assertEquals(what, jvm.getMessage(), actual.getMessage());
                }
                assertSame(what, expected, out);
            }
        }
    }

    /** A throw before the loop on an element's value (with the value in the message): a match, the JVM's, or a bailout. */
    @Test
    public void aThrowOnAnElementsValue() {
        for (float f : new float[] {2f, -0f, -1f, Float.NaN, Float.NEGATIVE_INFINITY}) {
            float[] a = JvmOracle.floats(240, N, -1f, 1f);
            a[0] = f;
            float[] out = new float[N];
            run("throwOnElement " + f, Mode.DEVICE_OR_BAILOUT, x -> throwOnElement((float[]) x[0], (float[]) x[1]),
                    s -> s.task("t", HostLoadProbeTest::throwOnElement, a, out), a, out);
        }
    }

    // ================================================================ field arrays of parameters, batches, streams

    /** Holds a Data. */
    public static final class Outer {
        Data d;

        public Outer(Data d) {
            this.d = d;
        }
    }

    /** Elements of a parameter object's field array, and of a field of a field, read before the loop. */
    public static void viaParamFields(Data d, Outer o, float[] out) {
        float f = d.data[d.k];
        float g = o.d.data[o.d.data.length - 1];
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = f * i - g;
        }
    }

    /** Static double and float fields of another class in an early return and bounds. */
    public static void knobsDouble(int[] out) {
        if (Knobs.D != Knobs.D || Knobs.D < -1.0) {
            return;
        }
        int n = Math.min((int) (Knobs.D * 10.0), out.length);
        int m = Math.min((int) Knobs.F, n);
        for (@Parallel int i = 0; i < m; i++) {
            out[i] = i + n;
        }
    }

    /** A call on a choice of two captured objects inside a parallel stream. */
    public static void streamPhi(IntOp p, IntOp q, int[] a, int[] out) {
        IntStream.range(0, out.length).parallel().forEach(i -> {
            IntOp g = (a[i] & 1) == 0 ? p : q;
            out[i] = g.apply(a[i]);
        });
    }

    /**
     * Elements of a parameter object's field array ({@code d.data[d.k]}) and of a field of a field's array (its last
     * element): a match, the JVM's exception (k out of range, an empty or null array), or a clean bailout.
     */
    @Test
    public void elementsOfParameterObjectsFieldArrays() {
        Data inner = new Data(JvmOracle.floats(250, 7, -1f, 1f), 0);
        Outer o = new Outer(inner);
        Object[][] cases = {{new Data(JvmOracle.floats(251, 20, -1f, 1f), 4), o},
            {new Data(JvmOracle.floats(252, 20, -1f, 1f), 20), o}, {new Data(null, 0), o},
            {new Data(JvmOracle.floats(253, 5, -1f, 1f), 4), new Outer(new Data(new float[0], 0))}};
        for (Object[] c : cases) {
            Data d = (Data) c[0];
            Outer oo = (Outer) c[1];
            float[] out = new float[64];
            run("viaParamFields " + (d.data == null ? "null" : d.data.length) + "/" + d.k + "/" + oo.d.data.length,
                    Mode.DEVICE_OR_BAILOUT, x -> viaParamFields((Data) x[0], (Outer) x[1], (float[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::viaParamFields, d, oo, out), d, oo, out);
        }
    }

    /** Static double and float fields in an early return and bounds, changed between executions of one schedule. */
    @Test
    public void staticDoubleAndFloatFieldsInBoundsChangedBetweenExecutions() {
        int[] out = new int[100];
        double[] ds = {5.5, Double.NaN, -0.0, -1.0, -1.5, 1e10, 9.99, Double.POSITIVE_INFINITY, 3.0};
        float[] fs = {30f, 30f, 30f, 30f, 30f, 1e20f, Float.NaN, 50.5f, -3f};
        try (TaskSchedule s = new TaskSchedule("knobs-double").task("t", HostLoadProbeTest::knobsDouble, out)) {
            for (int r = 0; r < ds.length; r++) {
                Knobs.D = ds[r];
                Knobs.F = fs[r];
                Arrays.fill(out, -1);
                int[] expected = out.clone();
                knobsDouble(expected);
                s.execute();
                assertRanOnDevice(s.report(), "t");
                assertSame("D=" + ds[r] + " F=" + fs[r], expected, out);
            }
        }
    }

    /** A reduction weighted by an element read before the loop, in batches of 16 KB (partial sums in batch order). */
    @Test
    public void aReductionReadingAnElementInBatches() {
        int[] a = JvmOracle.ints(254, 100_003, -1_000_000, 1_000_000);
        int[] w = {3, -77};
        long[] sum = {7L};
        run("weightedSum, batches", Mode.DEVICE, x -> weightedSum((int[]) x[0], (int[]) x[1], (long[]) x[2]),
                s -> s.batch("16KB").task("t", HostLoadProbeTest::weightedSum, a, w, sum), a, w, sum);
    }

    /** A call on a choice of two captured objects in a parallel stream's lambda: a match or a clean bailout. */
    @Test
    public void aChoiceOfObjectsInAStream() {
        int[] a = JvmOracle.ints(255, N);
        int[] out = new int[N];
        IntOp p = new Add(3);
        IntOp q = new Mul(-7);
        run("streamPhi", Mode.DEVICE_OR_BAILOUT, x -> streamPhi((IntOp) x[0], (IntOp) x[1], (int[]) x[2],
                (int[]) x[3]), s -> s.task("t", HostLoadProbeTest::streamPhi, p, q, a, out), p, q, a, out);
    }

    /** An early return on instanceof of a parameter object, no call on it. */
    public static void earlyReturnUnlessAdd(IntOp op, int[] a, int[] out) {
        if (!(op instanceof Add)) {
            return;
        }
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] + 1;
        }
    }

    /**
     * An early return on {@code !(op instanceof Add)} of a parameter: an Add runs the loop; for a Mul Java returns
     * (nothing written): the JVM's results, on the device or the JVM, or a clean bailout (recorded).
     */
    @Test
    public void anEarlyReturnOnInstanceofThatIsAlwaysTaken() {
        int[] a = JvmOracle.ints(256, N);
        for (IntOp op : new IntOp[] {new Add(1), new Mul(2)}) {
            int[] out = JvmOracle.ints(257, N);
            run("earlyReturnUnlessAdd " + op.getClass().getSimpleName(), Mode.ANYWHERE,
                    x -> earlyReturnUnlessAdd((IntOp) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", HostLoadProbeTest::earlyReturnUnlessAdd, op, a, out), op, a, out);
        }
    }

    // ================================================================ helpers

    private static int[] minus(int[] a, int v) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] - v;
        }
        return r;
    }

    /** A CPU device when there is one (it can be cut into sub-devices), else the default. */
    private static String partitionable() {
        for (dev.ferrocl.api.Device d : Devices.list()) {
            if (d.type().equalsIgnoreCase("CPU")) {
                return d.id();
            }
        }
        return Devices.defaultDevice().id();
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.junit.Test;

/**
 * Probes of the {@code IntStream} forms as a Java user writes them (java.util.stream.IntStream's specification,
 * JLS §15.27 lambdas and their captures), each against the JVM: {@code range}/{@code rangeClosed} at the edges of
 * {@code int}, captured locals of every primitive type, captured arrays, {@code this} and static fields, method
 * references, flattened 2-D indices, narrowing compound assignments, exceptions, sequential streams, and stream
 * forms that the compiler may not support (a clean bailout, {@link CompilationException} in strict mode, or the
 * JVM's result; never another result).
 *
 * <p>Exceptions of a parallel {@code forEach}: the JVM's parallel stream throws the element's exception, or, when
 * the element failed on a worker thread, a copy that ForkJoinTask makes on the calling thread (same class, the
 * original as its cause). Each exception probe has exactly one failing element, so the exception to compare with is
 * the one the same lambda throws sequentially over the range; the schedule's exception must be it, or a copy of its
 * class whose cause is it (class and message).
 */
public class StreamProbeTest {

    private static final int[] SIZES = {1, 2, 7, 64, 65, 1000, 4099};

    // ================================================================ kernels: ranges at the edges

    public static void rangeWrite(int[] out, int lo, int hi, int base) {
        IntStream.range(lo, hi).parallel().forEach(i -> out[i - base] = i * 3 + 1);
    }

    public static void closedWrite(int[] out, int lo, int hi, int base) {
        IntStream.rangeClosed(lo, hi).parallel().forEach(i -> out[i - base] = i ^ 0x5A5A);
    }

    /** Six elements up to MAX_VALUE (constants): i + 1 wraps for the last. */
    public static void closedAtMaxConstant(int[] out) {
        IntStream.rangeClosed(Integer.MAX_VALUE - 5, Integer.MAX_VALUE).parallel()
                .forEach(i -> out[Integer.MAX_VALUE - i] = i + 1);
    }

    /** Four elements from MIN_VALUE (constants): i - 1 wraps for the first. */
    public static void closedAtMinConstant(int[] out) {
        IntStream.rangeClosed(Integer.MIN_VALUE, Integer.MIN_VALUE + 3).parallel()
                .forEach(i -> out[i - Integer.MIN_VALUE] = i - 1);
    }

    /** Negative indices: Java's / and % truncate toward zero, >> and >>> differ. */
    public static void divRem(int[] out, int n, int w) {
        IntStream.range(-n, n).parallel().forEach(i -> out[i + n] = (i / w) * 1000 + i % w + (i >> 1) - (i >>> 28));
    }

    // ================================================================ kernels: captures

    public static void capturedLocals(int[] outI, long[] outL, float[] outF, double[] outD, int k, long l, float f,
            double d) {
        byte bk = (byte) k;
        char ck = (char) (k * 7);
        short sk = (short) (k * 300);
        boolean pos = k > 0;
        long lk = l ^ k;
        float fk = f * 1.5f;
        double dk = d / 3.0;
        IntStream.range(0, outI.length).parallel().forEach(i -> {
            outI[i] = bk * i + ck - sk + (pos ? 1 : -1);
            outL[i] = lk * i + (bk ^ ck) - (pos ? sk : -sk);
            outF[i] = fk * i - (float) Math.sqrt(i) + bk / 7f;
            outD[i] = dk * i + fk / (i + 1) - Math.sqrt(dk * dk + i);
        });
    }

    /** As capturedLocals, but the boolean is a parameter (no branch before the stream). */
    public static void capturedLocalsBooleanParameter(int[] outI, long[] outL, float[] outF, double[] outD, int k,
            long l, float f, double d, boolean pos) {
        byte bk = (byte) k;
        char ck = (char) (k * 7);
        short sk = (short) (k * 300);
        long lk = l ^ k;
        float fk = f * 1.5f;
        double dk = d / 3.0;
        IntStream.range(0, outI.length).parallel().forEach(i -> {
            outI[i] = bk * i + ck - sk + (pos ? 1 : -1);
            outL[i] = lk * i + (bk ^ ck) - (pos ? sk : -sk);
            outF[i] = fk * i - (float) Math.sqrt(i) + bk / 7f;
            outD[i] = dk * i + fk / (i + 1) - Math.sqrt(dk * dk + i);
        });
    }

    /** byte, short, char and boolean parameters captured directly. */
    public static void narrowParams(int[] out, byte b, short s, char c, boolean z) {
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = z ? b * i + s : c - i * b);
    }

    public static void multiArrays(float[] a, float[] b, double[] c, float[] outF, double[] outD) {
        IntStream.range(0, a.length).parallel().forEach(i -> {
            float x = a[i];
            float y = b[i];
            outF[i] = x * y - x / y + (float) Math.sqrt(Math.abs(x));
            outD[i] = c[i] * x + Math.sqrt(c[i]) - y / c[i];
            a[i] = x * 0.5f - y;
        });
    }

    /** A receiver whose fields a lambda reads (capturing this) and whose method a bound reference calls. */
    public static final class Holder {
        int[] data;
        long[] acc;
        float[] fdata;
        int k;
        long bias;
        double scale;

        Holder(int[] data, long[] acc, float[] fdata, int k, long bias, double scale) {
            this.data = data;
            this.acc = acc;
            this.fdata = fdata;
            this.k = k;
            this.bias = bias;
            this.scale = scale;
        }

        Holder copy() {
            return new Holder(data.clone(), acc.clone(), fdata.clone(), k, bias, scale);
        }

        public void apply(int lo, int hi) {
            int shift = lo & 7;
            IntStream.range(lo, hi).parallel()
                    .forEach(i -> acc[i] = data[i] * (long) k + bias + (long) (fdata[i] * scale) - shift);
        }

        private void step(int i) {
            acc[i] = ((long) data[i] << (k & 63)) - i * bias;
        }

        public void byReference() {
            IntStream.range(0, data.length).parallel().forEach(this::step);
        }
    }

    static int sScale = 3;
    static long sBias = -5;
    static double sFactor = 0.25;
    static final int OFFSET = 11;

    public static void staticFields(int[] a, long[] out, double[] outD) {
        IntStream.range(0, a.length).parallel().forEach(i -> {
            out[i] = a[i] * sScale + OFFSET + sBias * i;
            outD[i] = a[i] * sFactor;
        });
    }

    static final int[] STAMP = new int[700];

    static void stamp(int i) {
        STAMP[i] = i * i - 3 * i;
    }

    public static void stampAll(int n) {
        IntStream.range(0, n).parallel().forEach(StreamProbeTest::stamp);
    }

    // ================================================================ kernels: bodies

    public static void flat2d(int[] in, int[] out, int h, int w) {
        IntStream.range(0, h * w).parallel().forEach(idx -> {
            int r = idx / w;
            int c = idx % w;
            int up = r > 0 ? in[idx - w] : 0;
            int left = c > 0 ? in[idx - 1] : 0;
            out[c * h + r] = in[idx] * 4 - up - left + r - c;
        });
    }

    public static void narrowCompound(byte[] b, char[] c, short[] s, byte[] b2, short[] s2, char[] c2) {
        IntStream.range(0, b.length).parallel().forEach(i -> {
            b[i] += 200;
            c[i] *= 3;
            s[i] >>= 1;
            b2[i] >>>= 3;
            s2[i] -= 40000;
            c2[i] += -1;
        });
    }

    public static void narrowCompound2(byte[] b, char[] c, short[] s, byte[] b2, short[] s2, char[] c2) {
        IntStream.range(0, b.length).parallel().forEach(i -> {
            b[i] /= -3;
            c[i] <<= 9;
            s[i] %= 7;
            b2[i] *= b2[i];
            s2[i] >>>= 4;
            c2[i] ^= 0x8001;
        });
    }

    public static void nested(int[] out, int[] a, int m) {
        IntStream.range(0, out.length / m).parallel()
                .forEach(i -> IntStream.range(0, m).forEach(j -> out[i * m + j] = a[i] * j - i));
    }

    /** The same nest with a bound that is a parameter (no division before the stream). */
    public static void nestedPlainBound(int[] out, int[] a, int rows, int m) {
        IntStream.range(0, rows).parallel()
                .forEach(i -> IntStream.range(0, m).forEach(j -> out[i * m + j] = a[i] * j - i));
    }

    /** A stream bound divided by a parameter. */
    public static void divBound(int[] out, int m) {
        IntStream.range(0, out.length / m).parallel().forEach(i -> out[i] = i * m + 1);
    }

    public static void earlyReturn(int[] a, int[] out) {
        IntStream.range(a.length / 4, a.length - a.length / 4).parallel().forEach(i -> {
            if (a[i] < 0) {
                return;
            }
            out[i] = a[i] % 10;
            if (a[i] > 500) {
                return;
            }
            out[i] += 100;
        });
    }

    // ================================================================ kernels: exceptions

    public static void loadPastEnd(int[] a, int[] out, int off) {
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = a[i + off] * 2 + 1);
    }

    public static void loadPastEndSequential(int[] a, int[] out, int off) {
        IntStream.range(0, out.length).forEach(i -> out[i] = a[i + off] * 2 + 1);
    }

    public static void divide(int[] a, int[] d, int[] out) {
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = a[i] / d[i] + 1);
    }

    public static void divideSequential(int[] a, int[] d, int[] out) {
        IntStream.range(0, out.length).forEach(i -> out[i] = a[i] / d[i] + 1);
    }

    // ================================================================ kernels: sequential streams

    public static void sequentialRecurrence(long[] f) {
        IntStream.range(2, f.length).forEach(i -> f[i] = f[i - 1] * 3 + f[i - 2] - i);
    }

    public static void sequentialClosed(int[] a, int lo, int hi) {
        IntStream.rangeClosed(lo, hi).forEach(i -> a[i] ^= a[i - 1] * 31 + i);
    }

    // ================================================================ kernels: forms that may bail out

    public static void orderedPrefix(int[] a) {
        IntStream.range(1, a.length).parallel().forEachOrdered(i -> a[i] += a[i - 1]);
    }

    public static void mapToArray(int[] a, int[] out) {
        int[] r = IntStream.range(0, a.length).parallel().map(i -> a[i] * 3 - i).toArray();
        System.arraycopy(r, 0, out, 0, r.length);
    }

    public static void sumTerminal(int[] a, int[] out) {
        out[0] = IntStream.range(0, a.length).parallel().map(i -> a[i] ^ i).sum();
    }

    public static void filtered(int[] out) {
        IntStream.range(0, out.length).parallel().filter(i -> i % 3 == 0).forEach(i -> out[i] = i + 1);
    }

    public static void mapped(int[] out) {
        IntStream.range(0, out.length / 2).parallel().map(i -> i * 2 + 1).forEach(j -> out[j] = j * 7);
    }

    public static void limited(int[] out) {
        IntStream.range(0, out.length).parallel().limit(5).forEach(i -> out[i] = -i - 1);
    }

    public static void parallelThenSequential(int[] a) {
        IntStream.range(1, a.length).parallel().sequential().forEach(i -> a[i] += a[i - 1]);
    }

    public static void consumerInALocal(int[] a, int[] out) {
        IntConsumer body = i -> out[i] = a[i] * a[i] - i;
        IntStream.range(0, a.length).parallel().forEach(body);
    }

    // ================================================================ helpers

    private static void assertOnDevice(TaskSchedule s) {
        TaskReport t = s.report().task("t");
        assertEquals("task 't' should run on the device, but: " + t.reason(), TaskReport.Where.DEVICE, t.ranOn());
    }

    /**
     * The JVM runs {@code jvm} on clones of {@code args}; the schedule (on the originals) must either run on the
     * device with the JVM's result, or throw {@link CompilationException} from execute() leaving every argument as
     * it was. Returns whether it ran on the device.
     */
    private static boolean deviceOrBailout(MoreChecks.JvmRun jvm, MoreChecks.TaskAdder adder, Object... args) {
        Object[] before = cloneArgs(args);
        Object[] expected = cloneArgs(args);
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            throw new AssertionError("the JVM should not throw here (test is wrong)", t);
        }
        try (TaskSchedule s = adder.add(new TaskSchedule("probe"))) {
            try {
                s.execute();
            } catch (CompilationException e) {
                System.err.println("StreamProbeTest: clean bailout: " + e.getMessage());
                for (int i = 0; i < args.length; i++) {
                    assertSame("argument " + (i + 1) + " after a bailout", before[i], args[i]);
                }
                return false;
            }
            assertRanOnDevice(s.report(), "t");
        }
        for (int i = 0; i < args.length; i++) {
            assertSame("argument " + (i + 1), expected[i], args[i]);
        }
        return true;
    }

    /**
     * The sequential run of the same lambda on clones must throw; the schedule must throw the same exception (or
     * ForkJoinTask's copy of it whose cause it is), after compiling the method (strict: no bailout) and failing a
     * check on the device. Then {@code out}'s every element is either its value before or {@code full}'s.
     */
    private static void parallelThrows(MoreChecks.JvmRun sequential, MoreChecks.TaskAdder adder, int[] out,
            int[] full, Object... args) {
        int[] outBefore = out.clone();
        Object[] seqArgs = cloneArgs(args);
        Throwable expected = null;
        try {
            sequential.run(seqArgs);
        } catch (Throwable t) {
            expected = t;
        }
        assertNotNull("the sequential run should throw (test is wrong)", expected);
        try (TaskSchedule s = adder.add(new TaskSchedule("throws"))) {
            Throwable actual = null;
            try {
                s.execute();
            } catch (Throwable t) {
                actual = t;
            }
            if (actual == null) {
                fail("expected " + expected + " but execute() returned normally; report:\n" + s.report());
            }
            if (actual instanceof CompilationException) {
                AssertionError err = new AssertionError("strict mode bailed out: " + actual.getMessage());
                err.initCause(actual);
                throw err;
            }
            if (actual.getClass() != expected.getClass()) {
                AssertionError err = new AssertionError("expected " + expected + " but got " + actual);
                err.initCause(actual);
                throw err;
            }
            Throwable element = actual;
            if (!String.valueOf(expected.getMessage()).equals(String.valueOf(actual.getMessage()))) {
                // ForkJoinTask's copy made on the calling thread: the worker's exception is its cause.
                element = actual.getCause();
                assertNotNull("message differs and no cause: " + actual, element);
                assertEquals("the cause's class", expected.getClass(), element.getClass());
            }
            assertEquals("exception message", expected.getMessage(), element.getMessage());
            TaskReport t = s.report().task("t");
            assertEquals("where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
            assertTrue("the task should have been compiled and rerun after a failed check, but: " + t.reason(),
                    t.reason().contains("check failed"));
        }
        for (int i = 0; i < out.length; i++) {
            if (out[i] != outBefore[i] && out[i] != full[i]) {
                fail("out[" + i + "] = " + out[i] + ": neither its value before (" + outBefore[i]
                        + ") nor the lambda's (" + full[i] + ")");
            }
        }
    }

    private static byte[] bytes(long seed, int n) {
        int[] v = JvmOracle.withSpecials(JvmOracle.ints(seed, n), -128, 127, -1, 0, 1, -127, 56, -57, 100);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    private static short[] shorts(long seed, int n) {
        int[] v = JvmOracle.withSpecials(JvmOracle.ints(seed, n), -32768, 32767, -1, 0, 1, 7232, -7232, -7);
        short[] s = new short[n];
        for (int i = 0; i < n; i++) {
            s[i] = (short) v[i];
        }
        return s;
    }

    private static char[] chars(long seed, int n) {
        int[] v = JvmOracle.withSpecials(JvmOracle.ints(seed, n), 0, 0xFFFF, 1, 0x8000, 0x7FFF, 21846, 0x8001);
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = (char) v[i];
        }
        return c;
    }

    // ================================================================ probes: ranges

    /** range(a, b) with a > b or a == b, rangeClosed(a, b) with a > b: no element, nothing evaluated. */
    @Test
    public void emptyRanges() {
        check(StreamProbeTest::rangeWrite, JvmOracle.ints(1, 10), 7, 3, 0);
        check(StreamProbeTest::rangeWrite, JvmOracle.ints(2, 10), 5, 5, 0);
        check(StreamProbeTest::rangeWrite, JvmOracle.ints(3, 10), Integer.MAX_VALUE, Integer.MIN_VALUE, 0);
        check(StreamProbeTest::rangeWrite, JvmOracle.ints(4, 10), Integer.MIN_VALUE, Integer.MIN_VALUE, 0);
        check(StreamProbeTest::rangeWrite, new int[0], 0, 0, 0);
        check(StreamProbeTest::closedWrite, JvmOracle.ints(5, 10), 4, 3, 0);
        check(StreamProbeTest::closedWrite, JvmOracle.ints(6, 10), Integer.MAX_VALUE, Integer.MAX_VALUE - 1, 0);
        check(StreamProbeTest::closedWrite, JvmOracle.ints(7, 10), Integer.MIN_VALUE + 1, Integer.MIN_VALUE, 0);
        check(StreamProbeTest::closedWrite, JvmOracle.ints(8, 10), Integer.MAX_VALUE, Integer.MIN_VALUE, 0);
    }

    /** Negative starts: the index is negative, shifted by a parameter into the array. */
    @Test
    public void negativeStarts() {
        check(StreamProbeTest::rangeWrite, new int[29], -12, 17, -12);
        check(StreamProbeTest::rangeWrite, new int[10], -1000, -990, -1000);
        check(StreamProbeTest::closedWrite, new int[20], -20, -1, -20);
        check(StreamProbeTest::closedWrite, new int[1], -7, -7, -7);
        for (int n : SIZES) {
            check(StreamProbeTest::rangeWrite, JvmOracle.ints(n, 2 * n), -n, n, -n);
            check(StreamProbeTest::closedWrite, JvmOracle.ints(n + 1, 2 * n + 1), -n, n, -n);
        }
    }

    /** range(b - 7, b) with b = MAX_VALUE: 7 elements; i * 3 + 1 wraps as Java's int. */
    @Test
    public void rangeEndingAtMaxValue() {
        check(StreamProbeTest::rangeWrite, new int[7], Integer.MAX_VALUE - 7, Integer.MAX_VALUE,
                Integer.MAX_VALUE - 7);
        check(StreamProbeTest::rangeWrite, new int[1], Integer.MAX_VALUE - 1, Integer.MAX_VALUE,
                Integer.MAX_VALUE - 1);
        check(StreamProbeTest::rangeWrite, new int[100], Integer.MAX_VALUE - 100, Integer.MAX_VALUE,
                Integer.MAX_VALUE - 100);
    }

    /** rangeClosed(MAX - 5, MAX): 6 elements, must end (no i <= MAX loop could). */
    @Test
    public void rangeClosedEndingAtMaxValue() {
        check(StreamProbeTest::closedWrite, new int[6], Integer.MAX_VALUE - 5, Integer.MAX_VALUE,
                Integer.MAX_VALUE - 5);
        check(StreamProbeTest::closedWrite, new int[1], Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
        check(StreamProbeTest::closedWrite, new int[65], Integer.MAX_VALUE - 64, Integer.MAX_VALUE,
                Integer.MAX_VALUE - 64);
        check(StreamProbeTest::closedAtMaxConstant, new int[6]);
    }

    /** rangeClosed(MIN, MIN + 3): 4 elements; i - 1 wraps to MAX_VALUE for the first. */
    @Test
    public void rangeClosedFromMinValue() {
        check(StreamProbeTest::closedWrite, new int[4], Integer.MIN_VALUE, Integer.MIN_VALUE + 3, Integer.MIN_VALUE);
        check(StreamProbeTest::closedWrite, new int[1], Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE);
        check(StreamProbeTest::rangeWrite, new int[3], Integer.MIN_VALUE, Integer.MIN_VALUE + 3, Integer.MIN_VALUE);
        check(StreamProbeTest::closedAtMinConstant, new int[4]);
    }

    /** Negative indices through / % >> >>> with positive, negative and MIN_VALUE divisors. */
    @Test
    public void negativeIndexDivisionAndRemainder() {
        for (int w : new int[] {1, 3, -3, 7, 64, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            for (int n : new int[] {1, 5, 100, 1000}) {
                check(StreamProbeTest::divRem, new int[2 * n], n, w);
            }
        }
    }

    // ================================================================ probes: captures

    /** Effectively final locals of every primitive type, derived from the parameters, captured by the lambda. */
    @Test
    public void capturedLocalsOfEveryPrimitiveType() {
        int[] ks = {0, 1, -1, 200, -129, 70000, Integer.MAX_VALUE, Integer.MIN_VALUE};
        long[] ls = {0L, -1L, Long.MAX_VALUE, 0x1234_5678_9ABCL};
        float[] fs = {0.1f, -0.0f, Float.MAX_VALUE, Float.NaN, 3.0e-39f};
        double[] ds = {1.0 / 3, -0.0, Double.MAX_VALUE, -7.5, Double.NaN};
        for (int r = 0; r < ks.length; r++) {
            int n = SIZES[r % SIZES.length];
            MoreChecks.check(StreamProbeTest::capturedLocals, new int[n], new long[n], new float[n], new double[n],
                    ks[r], ls[r % ls.length], fs[r % fs.length], ds[r % ds.length]);
        }
    }

    /** Narrows the probe above: the same captures with the boolean passed in, not computed by a comparison. */
    @Test
    public void capturedLocalsWithABooleanParameter() {
        int[] ks = {0, 1, -1, 200, -129, 70000, Integer.MAX_VALUE, Integer.MIN_VALUE};
        long[] ls = {0L, -1L, Long.MAX_VALUE, 0x1234_5678_9ABCL};
        float[] fs = {0.1f, -0.0f, Float.MAX_VALUE, Float.NaN, 3.0e-39f};
        double[] ds = {1.0 / 3, -0.0, Double.MAX_VALUE, -7.5, Double.NaN};
        for (int r = 0; r < ks.length; r++) {
            int n = SIZES[r % SIZES.length];
            MoreChecks.check(StreamProbeTest::capturedLocalsBooleanParameter, new int[n], new long[n], new float[n],
                    new double[n], ks[r], ls[r % ls.length], fs[r % fs.length], ds[r % ds.length], ks[r] > 0);
        }
    }

    /** byte, short, char and boolean task parameters captured by the lambda. */
    @Test
    public void narrowScalarParametersCaptured() {
        byte[] bs = {(byte) -128, (byte) 127, (byte) -1, (byte) 0};
        short[] ss = {(short) -32768, (short) 32767, (short) -1, (short) 5};
        char[] cs = {(char) 0xFFFF, (char) 0, 'x', (char) 0x8000};
        for (int r = 0; r < 8; r++) {
            check(StreamProbeTest::narrowParams, JvmOracle.ints(r, 1000), bs[r % 4], ss[r % 4], cs[r % 4], r < 4);
        }
    }

    /** A lambda reading three arrays and writing three (one in place), IEEE + - * / sqrt in float and double. */
    @Test
    public void lambdaReadsAndWritesSeveralArrays() {
        for (int n : SIZES) {
            float[] a = JvmOracle.floats(n + 10, n, -100, 100);
            float[] b = JvmOracle.floats(n + 11, n, -3, 3);
            double[] c = JvmOracle.doubles(n + 12, n, -10, 1000);
            float[] specialsA = {0f, -0f, Float.POSITIVE_INFINITY, Float.NaN, Float.MIN_VALUE, -Float.MAX_VALUE};
            float[] specialsB = {0f, -0f, 2f, -0f, Float.NEGATIVE_INFINITY, 0.5f};
            double[] specialsC = {-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, -1.0, Double.MIN_VALUE};
            for (int i = 0; i < Math.min(n, specialsA.length); i++) {
                a[i] = specialsA[i];
                b[i] = specialsB[i];
                c[i] = specialsC[i];
            }
            check(StreamProbeTest::multiArrays, a, b, c, new float[n], new double[n]);
        }
    }

    /** An instance lambda capturing this (fields of several types), run through an unbound and a bound reference. */
    @Test
    public void instanceLambdaCapturingThisFields() {
        for (int n : SIZES) {
            Holder h = new Holder(JvmOracle.ints(n + 20, n), JvmOracle.longs(n + 21, n),
                    JvmOracle.floats(n + 22, n, -1000, 1000), 70001, -123456789012L, -2.75);
            Holder jh = h.copy();
            int lo = Math.min(n, 3);
            try (TaskSchedule s = new TaskSchedule("this").task("t", Holder::apply, h, lo, n)) {
                for (int round = 0; round < 3; round++) {
                    s.execute();
                    assertOnDevice(s);
                    jh.apply(lo, n);
                    assertArrayEquals("n=" + n + ", round " + round, jh.acc, h.acc);
                    h.k = h.k * -3 + 1;
                    jh.k = jh.k * -3 + 1;
                    h.scale = h.scale * 1.5;
                    jh.scale = jh.scale * 1.5;
                }
            }
            Holder b = jh.copy();
            Holder jb = jh.copy();
            try (TaskSchedule s = new TaskSchedule("bound").task("t", b::apply, 0, n)) {
                s.execute();
                assertOnDevice(s);
            }
            jb.apply(0, n);
            assertArrayEquals("bound, n=" + n, jb.acc, b.acc);
        }
    }

    /** forEach(this::step): a bound method reference to a private instance method. */
    @Test
    public void boundMethodReferenceToThisStep() {
        for (int n : SIZES) {
            for (int k : new int[] {0, 5, 63, 64, -1}) {
                Holder h = new Holder(JvmOracle.ints(n + 30, n), new long[n], new float[n], k, 0x7FFF_FFFF_1L, 0);
                Holder jh = h.copy();
                try (TaskSchedule s = new TaskSchedule("ref").task("t", Holder::byReference, h)) {
                    s.execute();
                    assertOnDevice(s);
                }
                jh.byReference();
                assertArrayEquals("n=" + n + ", k=" + k, jh.acc, h.acc);
            }
        }
    }

    /** Non-final static fields (read at every execute) and a static final constant, read in the lambda. */
    @Test
    public void staticFieldsReadInTheLambda() {
        int saveScale = sScale;
        long saveBias = sBias;
        double saveFactor = sFactor;
        try {
            for (int round = 0; round < 3; round++) {
                int n = 1000 + round;
                check(StreamProbeTest::staticFields, JvmOracle.ints(round + 40, n), new long[n], new double[n]);
                sScale = sScale * -7 + round;
                sBias = sBias * 1_000_003L;
                sFactor = -sFactor / 3;
            }
        } finally {
            sScale = saveScale;
            sBias = saveBias;
            sFactor = saveFactor;
        }
    }

    /**
     * forEach(StreamProbeTest::stamp): a static method reference, which can only write static state (here a static
     * array): the JVM's result on the device, or a clean bailout.
     */
    @Test
    public void staticMethodReference() {
        int[] expected = new int[STAMP.length];
        for (int i = 0; i < 600; i++) {
            expected[i] = i * i - 3 * i;
        }
        Arrays.fill(STAMP, 0);
        try (TaskSchedule s = new TaskSchedule("static-ref").task("t", StreamProbeTest::stampAll, 600)) {
            s.execute();
            assertOnDevice(s);
            assertArrayEquals(expected, STAMP);
        } catch (CompilationException e) {
            System.err.println("StreamProbeTest: clean bailout: " + e.getMessage());
            assertArrayEquals("nothing ran", new int[STAMP.length], STAMP);
        }
    }

    // ================================================================ probes: bodies

    /** A 2-D stencil and transpose through one flat range: i / w, i % w, neighbours behind conditions. */
    @Test
    public void flatTwoDimensionalIndex() {
        int[][] shapes = {{1, 1}, {1, 17}, {17, 1}, {13, 29}, {64, 64}, {65, 63}, {0, 5}, {5, 0}, {300, 333}};
        for (int[] sh : shapes) {
            int h = sh[0];
            int w = sh[1];
            check(StreamProbeTest::flat2d, JvmOracle.ints(h * 31L + w, h * w, -1_000_000, 1_000_000),
                    new int[h * w], h, w);
        }
    }

    /** b[i] += 200, c[i] *= 3, s[i] >>= 1, b[i] >>>= 3, s[i] -= 40000, c[i] += -1 with Java's narrowing. */
    @Test
    public void narrowingCompoundAssignments() {
        for (int n : SIZES) {
            check(StreamProbeTest::narrowCompound, bytes(n, n), chars(n + 1, n), shorts(n + 2, n), bytes(n + 3, n),
                    shorts(n + 4, n), chars(n + 5, n));
        }
    }

    /** b[i] /= -3, c[i] <<= 9, s[i] %= 7, b[i] *= b[i], s[i] >>>= 4, c[i] ^= 0x8001. */
    @Test
    public void narrowingCompoundAssignmentsMore() {
        for (int n : SIZES) {
            check(StreamProbeTest::narrowCompound2, bytes(n + 6, n), chars(n + 7, n), shorts(n + 8, n),
                    bytes(n + 9, n), shorts(n + 10, n), chars(n + 11, n));
        }
    }

    /** A sequential stream inside a parallel one's lambda, capturing the outer index. */
    @Test
    public void sequentialStreamInsideAParallelOne() {
        for (int[] sh : new int[][] {{1, 1}, {7, 3}, {100, 1}, {1, 100}, {129, 33}}) {
            int rows = sh[0];
            int m = sh[1];
            check(StreamProbeTest::nested, new int[rows * m + m / 2], JvmOracle.ints(rows, rows), m);
        }
    }

    /** Narrows the probe above: the same nest with the outer bound passed in. */
    @Test
    public void sequentialStreamInsideAParallelOneWithAPlainBound() {
        for (int[] sh : new int[][] {{1, 1}, {7, 3}, {100, 1}, {1, 100}, {129, 33}, {0, 5}, {5, 0}}) {
            int rows = sh[0];
            int m = sh[1];
            check(StreamProbeTest::nestedPlainBound, new int[rows * m + m / 2], JvmOracle.ints(rows, rows), rows, m);
        }
    }

    /** A stream bound out.length / m (m > 0; never zero here). */
    @Test
    public void streamBoundDividedByAParameter() {
        for (int n : SIZES) {
            for (int m : new int[] {1, 3, 64, -2}) {
                check(StreamProbeTest::divBound, JvmOracle.ints(n + m, n), m);
            }
        }
    }

    /** A bound held in a local before a @Parallel loop, divided by a parameter (the host evaluates it). */
    public static void localDivBound(int[] out, int m) {
        int n = out.length / m;
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = i % m - 5;
        }
    }

    /** Bounds divided by a parameter, computed before the loop: a zero divisor throws the JVM's exception. */
    @Test
    public void boundsDividedBeforeTheLoopAndAZeroDivisor() {
        for (int n : SIZES) {
            for (int m : new int[] {1, 3, -2, Integer.MIN_VALUE}) {
                check(StreamProbeTest::localDivBound, JvmOracle.ints(n + m, n), m);
            }
        }
        int[] a = JvmOracle.ints(17, 40);
        checkThrows(x -> divBound((int[]) x[0], (Integer) x[1]), s -> s.task("t", StreamProbeTest::divBound, a, 0),
                a, 0);
        int[] b = JvmOracle.ints(18, 40);
        checkThrows(x -> localDivBound((int[]) x[0], (Integer) x[1]),
                s -> s.task("t", StreamProbeTest::localDivBound, b, 0), b, 0);
    }

    /** return inside the lambda (the next element), bounds from array-length expressions. */
    @Test
    public void earlyReturnAndLengthExpressionBounds() {
        for (int n : SIZES) {
            check(StreamProbeTest::earlyReturn, JvmOracle.ints(n + 50, n, -1000, 1000), JvmOracle.ints(n + 51, n));
        }
    }

    // ================================================================ probes: exceptions

    /** a[i + off] past either end for exactly one element: ArrayIndexOutOfBoundsException as the JVM throws it. */
    @Test
    public void parallelForEachIndexOutOfBounds() {
        for (int n : new int[] {1, 7, 1000, 4099}) {
            for (int off : new int[] {1, -1}) {
                int[] a = JvmOracle.ints(n + 60, n);
                int[] out = JvmOracle.ints(n + 61, n);
                int[] full = new int[n];
                for (int i = 0; i < n; i++) {
                    int j = i + off;
                    full[i] = j >= 0 && j < n ? a[j] * 2 + 1 : out[i];
                }
                parallelThrows(x -> loadPastEndSequential((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                        s -> s.task("t", StreamProbeTest::loadPastEnd, a, out, off), out, full, a, out, off);
            }
        }
    }

    /** a[i] / d[i] with exactly one zero divisor: ArithmeticException("/ by zero"). */
    @Test
    public void parallelForEachDivisionByZero() {
        for (int n : new int[] {1, 7, 1000, 4099}) {
            int[] a = JvmOracle.withSpecials(JvmOracle.ints(n + 70, n), Integer.MIN_VALUE, Integer.MIN_VALUE);
            int[] d = JvmOracle.ints(n + 71, n, 1, 1000);
            if (n > 1) {
                d[1] = -1; // MIN_VALUE / -1 is MIN_VALUE in Java, no exception
            }
            d[n / 2 + (n > 1 ? 1 : 0) - (n == 2 ? 1 : 0)] = 0;
            int[] out = JvmOracle.ints(n + 72, n);
            int[] full = new int[n];
            for (int i = 0; i < n; i++) {
                full[i] = d[i] != 0 ? a[i] / d[i] + 1 : out[i];
            }
            parallelThrows(x -> divideSequential((int[]) x[0], (int[]) x[1], (int[]) x[2]),
                    s -> s.task("t", StreamProbeTest::divide, a, d, out), out, full, a, d, out);
        }
    }

    // ================================================================ probes: sequential streams

    /** forEach without .parallel(): a sequential recurrence, the JVM's order. */
    @Test
    public void sequentialForEachRecurrence() {
        for (int n : SIZES) {
            check(StreamProbeTest::sequentialRecurrence, JvmOracle.longs(n + 80, n));
        }
        for (int n : SIZES) {
            check(StreamProbeTest::sequentialClosed, JvmOracle.ints(n + 81, n + 1), 1, n);
        }
    }

    /** A sequential forEach that throws part way: the JVM's exception and partial results, exactly. */
    @Test
    public void sequentialForEachThrows() {
        for (int n : new int[] {1, 7, 1000}) {
            int[] a = JvmOracle.ints(n + 90, n);
            checkThrows(x -> sequentialClosed((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                    s -> s.task("t", StreamProbeTest::sequentialClosed, a, 1, n), a, 1, n);
            int[] b = JvmOracle.ints(n + 91, n);
            checkThrows(x -> sequentialClosed((int[]) x[0], (Integer) x[1], (Integer) x[2]),
                    s -> s.task("t", StreamProbeTest::sequentialClosed, b, 0, n - 1), b, 0, n - 1);
        }
    }

    // ================================================================ probes: forms that may bail out

    /** parallel().forEachOrdered with a dependence: encounter order (a prefix sum), or a clean bailout. */
    @Test
    public void parallelForEachOrderedPrefix() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(n + 100, n, -1000, 1000);
            deviceOrBailout(x -> orderedPrefix((int[]) x[0]), s -> s.task("t", StreamProbeTest::orderedPrefix, a), a);
        }
    }

    /** parallel().map(..).toArray(): the JVM's array, or a clean bailout. */
    @Test
    public void parallelMapToArray() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(n + 110, n);
            int[] out = new int[n];
            deviceOrBailout(x -> mapToArray((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", StreamProbeTest::mapToArray, a, out), a, out);
        }
    }

    /** parallel().map(..).sum(): the JVM's int sum (wrapping), or a clean bailout. */
    @Test
    public void parallelMapSum() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(n + 120, n);
            int[] out = {12345};
            deviceOrBailout(x -> sumTerminal((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", StreamProbeTest::sumTerminal, a, out), a, out);
        }
    }

    /** parallel().filter(..).forEach(..): only the filtered elements, or a clean bailout. */
    @Test
    public void parallelFilterThenForEach() {
        for (int n : SIZES) {
            int[] out = JvmOracle.ints(n + 130, n);
            deviceOrBailout(x -> filtered((int[]) x[0]), s -> s.task("t", StreamProbeTest::filtered, out), out);
        }
    }

    /** parallel().map(i -> 2i + 1).forEach(j -> ..): the mapped values as indices, or a clean bailout. */
    @Test
    public void parallelMapThenForEach() {
        for (int n : SIZES) {
            int[] out = JvmOracle.ints(n + 140, n);
            deviceOrBailout(x -> mapped((int[]) x[0]), s -> s.task("t", StreamProbeTest::mapped, out), out);
        }
    }

    /** parallel().limit(5).forEach(..): the first five elements only, or a clean bailout. */
    @Test
    public void parallelLimitThenForEach() {
        for (int n : SIZES) {
            int[] out = JvmOracle.ints(n + 150, n);
            deviceOrBailout(x -> limited((int[]) x[0]), s -> s.task("t", StreamProbeTest::limited, out), out);
        }
    }

    /** parallel().sequential().forEach with a dependence: the last call wins (sequential), or a clean bailout. */
    @Test
    public void parallelThenSequentialForEach() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(n + 160, n, -1000, 1000);
            deviceOrBailout(x -> parallelThenSequential((int[]) x[0]),
                    s -> s.task("t", StreamProbeTest::parallelThenSequential, a), a);
        }
    }

    /** The lambda held in a local IntConsumer, then passed to forEach: the JVM's result, or a clean bailout. */
    @Test
    public void consumerHeldInALocal() {
        for (int n : SIZES) {
            int[] a = JvmOracle.ints(n + 170, n);
            int[] out = new int[n];
            deviceOrBailout(x -> consumerInALocal((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", StreamProbeTest::consumerInALocal, a, out), a, out);
        }
    }
}

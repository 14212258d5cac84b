package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Task2;
import dev.ferrocl.api.Task3;
import dev.ferrocl.api.Task4;
import dev.ferrocl.api.Task5;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * Probes of {@code java.lang} utility methods called inside {@code @Parallel} loops, written from their Javadoc, with
 * the JVM as the oracle: {@code Math.floorDiv/floorMod} (int, long, long-int), the unsigned, rotate and bit methods of
 * {@code Integer} and {@code Long}, {@code Character.isDigit/isLetter}, {@code Short/Byte.toUnsignedInt},
 * {@code Float/Double.compare} and the classification methods, {@code copySign}, {@code getExponent},
 * {@code nextUp/nextDown/nextAfter}, {@code IEEEremainder}, {@code hypot}, {@code abs}, {@code round}, {@code rint},
 * {@code signum}, {@code fma(float)}, narrowing casts, shifts and compound assignments. Binary methods run over every
 * pair of a list of edge values (MIN/MAX, ±1, 0, powers of two and their neighbours, NaNs with payloads, ±0, ±∞,
 * subnormals, rounding ties), then random inputs. Each probe accepts the JVM's result bit for bit (NaN results
 * compared canonicalised where the Javadoc specifies no payload, raw bits where the method is defined on bits), the
 * JVM's exception with the JVM's arrays where the JVM throws, or a clean bailout ({@link CompilationException} in
 * strict mode), which is recorded and printed at the end; never another value.
 */
public class LibraryProbeTest {
    private static final int RANDOM = 1000;

    /** Probes that bailed out, with the reason's first line. */
    private static final List<String> BAILOUTS = Collections.synchronizedList(new ArrayList<>());

    @AfterClass
    public static void printBailouts() {
        System.out.println("LibraryProbeTest bailouts (" + BAILOUTS.size() + "):");
        for (String b : BAILOUTS) {
            System.out.println("  " + b);
        }
    }

    // ================================================================ the check

    private interface JvmRun {
        void run(Object[] x);
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    /**
     * The JVM on clones, then the schedule (strict) on the originals: a CompilationException is a recorded bailout;
     * otherwise the task must run on the device and match every array (or, where the JVM throws, throw the same
     * exception with the same message and leave the JVM's arrays).
     */
    private static void probe(String name, JvmRun jvm, Adder adder, Object... args) {
        Object[] expected = cloneArgs(args);
        Throwable jvmThrew = null;
        try {
            jvm.run(expected);
        } catch (Throwable t) {
            jvmThrew = t;
        }
        try (TaskSchedule s = adder.add(new TaskSchedule("lib"))) {
            Throwable got = null;
            try {
                s.execute();
            } catch (CompilationException e) {
                String msg = String.valueOf(e.getMessage());
                int nl = msg.indexOf('\n');
                BAILOUTS.add(name + " [" + e.kind() + "]: " + (nl < 0 ? msg : msg.substring(0, nl)));
                return;
            } catch (Throwable t) {
                got = t;
            }
            if (jvmThrew == null) {
                if (got != null) {
                    throw new AssertionError(name + ": the JVM returns normally but execute() threw " + got, got);
                }
                assertRanOnDevice(s.report(), "t");
            } else {
                if (got == null) {
                    fail(name + ": the JVM throws " + jvmThrew + " but execute() returned normally (ran on "
                            + s.report().task("t").ranOn() + ")");
                }
                if (got.getClass() != jvmThrew.getClass()) {
                    throw new AssertionError(name + ": the JVM throws " + jvmThrew + " but execute() threw " + got,
                            got);
                }
                assertEquals(name + ": exception message", jvmThrew.getMessage(), got.getMessage());
                TaskReport t = s.report().task("t");
                assertEquals(name + ": where the task ran: " + t.reason(), TaskReport.Where.JVM, t.ranOn());
            }
        }
        for (int i = 0; i < args.length; i++) {
            assertSame(name + ": argument " + (i + 1), expected[i], args[i]);
        }
    }

    private static <A, B> void probe(String name, Task2<A, B> code, A a, B b) {
        probe(name, x -> code.apply(cast(x[0]), cast(x[1])), s -> s.task("t", code, a, b), a, b);
    }

    private static <A, B, C> void probe(String name, Task3<A, B, C> code, A a, B b, C c) {
        probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2])), s -> s.task("t", code, a, b, c), a, b, c);
    }

    private static <A, B, C, D> void probe(String name, Task4<A, B, C, D> code, A a, B b, C c, D d) {
        probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3])),
                s -> s.task("t", code, a, b, c, d), a, b, c, d);
    }

    private static <A, B, C, D, E> void probe(String name, Task5<A, B, C, D, E> code, A a, B b, C c, D d, E e) {
        probe(name, x -> code.apply(cast(x[0]), cast(x[1]), cast(x[2]), cast(x[3]), cast(x[4])),
                s -> s.task("t", code, a, b, c, d, e), a, b, c, d, e);
    }

    // ================================================================ edge values

    static int[] intSpecials() {
        LinkedHashSet<Integer> v = new LinkedHashSet<>();
        for (int x : new int[] {0, 1, -1, 2, -2, 3, -3, 5, -7, 10, Integer.MIN_VALUE, Integer.MAX_VALUE,
            Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1, 0x5555_5555, 0xAAAA_AAAA, 0x1234_5678, 0x8000_0001,
            46_341, -46_341, 65_535, -65_536}) {
            v.add(x);
        }
        for (int k = 2; k < 31; k++) {
            v.add(1 << k);
            v.add((1 << k) - 1);
            v.add((1 << k) + 1);
            v.add(-(1 << k));
            v.add(-(1 << k) - 1);
        }
        for (int c : Inputs.SHIFT_SPECIALS) {
            v.add(c);
        }
        return v.stream().mapToInt(Integer::intValue).toArray();
    }

    static long[] longSpecials() {
        LinkedHashSet<Long> v = new LinkedHashSet<>();
        for (long x : new long[] {0, 1, -1, 2, -2, 3, -3, 5, -7, 10, Long.MIN_VALUE, Long.MAX_VALUE,
            Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0xFFFF_FFFFL,
            -0xFFFF_FFFFL, 0x5555_5555_5555_5555L, 0xAAAA_AAAA_AAAA_AAAAL, 0x0123_4567_89AB_CDEFL, 3_037_000_500L,
            -3_037_000_500L, 32, 33, 63, 64, 65, -32, -33, -63, -64, -65, 100}) {
            v.add(x);
        }
        for (int k = 2; k < 63; k += (k < 34 ? 3 : 1)) {
            v.add(1L << k);
            v.add((1L << k) - 1);
            v.add((1L << k) + 1);
            v.add(-(1L << k));
        }
        return v.stream().mapToLong(Long::longValue).toArray();
    }

    static float[] floatSpecials() {
        List<Float> v = new ArrayList<>();
        for (float x : MathSpecialProbeTest.F) {
            v.add(x);
        }
        for (float x : new float[] {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 0x1p22f + 0.5f, -0x1p22f - 0.5f, 0x1p23f,
            0x1p24f, 0x1p31f, -0x1p31f, 0x1p63f, -0x1p63f, 0x1p64f, 65536f, 65535.5f, -32768.5f, 127.5f,
            Float.MIN_NORMAL, 0x1p-126f * 1.5f, 0x1p-149f * 3, 1e-45f * 7, 0x1p127f, 0x1p-127f}) {
            v.add(x);
            v.add(Math.nextUp(x));
            v.add(Math.nextDown(x));
        }
        v.add(Float.intBitsToFloat(0x7fa00000)); // signalling NaN
        v.add(Float.intBitsToFloat(0x7fffffff));
        v.add(Float.intBitsToFloat(0xffffffff));
        float[] out = new float[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    static double[] doubleSpecials() {
        List<Double> v = new ArrayList<>();
        for (double x : MathSpecialProbeTest.D) {
            v.add(x);
        }
        for (double x : new double[] {0.5, 1.5, 2.5, -0.5, -1.5, 0x1p51 + 0.5, -0x1p51 - 0.5, 0x1p52, 0x1p53,
            0x1p31, -0x1p31, 0x1p63, -0x1p63, 0x1p64, 65535.5, 2147483647.5, -2147483648.5, 0x1p-1022 * 1.5,
            Double.MIN_VALUE * 3, 0x1p1023, 0x1p-1023, (double) Float.MAX_VALUE, (double) Float.MIN_VALUE,
            (double) Float.MIN_VALUE / 2, (double) Float.MIN_NORMAL}) {
            v.add(x);
            v.add(Math.nextUp(x));
            v.add(Math.nextDown(x));
        }
        v.add(Double.longBitsToDouble(0x7ff4000000000000L)); // signalling NaN
        v.add(Double.longBitsToDouble(0x7fffffffffffffffL));
        v.add(Double.longBitsToDouble(0xffffffffffffffffL));
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    /** Every pair of specials, then {@code RANDOM} random pairs: {a, b}. */
    static int[][] intGrid(long seed) {
        int[] s = intSpecials();
        int m = s.length * s.length;
        int[] a = new int[m + RANDOM];
        int[] b = new int[m + RANDOM];
        for (int i = 0; i < m; i++) {
            a[i] = s[i / s.length];
            b[i] = s[i % s.length];
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = m; i < a.length; i++) {
            a[i] = r.nextInt();
            b[i] = r.nextInt(4) == 0 ? r.nextInt(-200, 200) : r.nextInt();
        }
        return new int[][] {a, b};
    }

    static long[][] longGrid(long seed) {
        long[] s = longSpecials();
        int m = s.length * s.length;
        long[] a = new long[m + RANDOM];
        long[] b = new long[m + RANDOM];
        for (int i = 0; i < m; i++) {
            a[i] = s[i / s.length];
            b[i] = s[i % s.length];
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = m; i < a.length; i++) {
            a[i] = r.nextLong();
            b[i] = r.nextInt(4) == 0 ? r.nextInt(-200, 200) : r.nextInt(2) == 0 ? r.nextInt() : r.nextLong();
        }
        return new long[][] {a, b};
    }

    static float[][] floatGrid(long seed) {
        float[] s = floatSpecials();
        int m = s.length * s.length;
        float[] a = new float[m + RANDOM];
        float[] b = new float[m + RANDOM];
        for (int i = 0; i < m; i++) {
            a[i] = s[i / s.length];
            b[i] = s[i % s.length];
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = m; i < a.length; i++) {
            a[i] = Float.intBitsToFloat(r.nextInt());
            b[i] = r.nextInt(2) == 0 ? Float.intBitsToFloat(r.nextInt()) : (float) r.nextDouble(-10, 10);
        }
        return new float[][] {a, b};
    }

    static double[][] doubleGrid(long seed) {
        double[] s = doubleSpecials();
        int m = s.length * s.length;
        double[] a = new double[m + RANDOM];
        double[] b = new double[m + RANDOM];
        for (int i = 0; i < m; i++) {
            a[i] = s[i / s.length];
            b[i] = s[i % s.length];
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = m; i < a.length; i++) {
            a[i] = Double.longBitsToDouble(r.nextLong());
            b[i] = r.nextInt(2) == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble(-10, 10);
        }
        return new double[][] {a, b};
    }

    static int[] intsWithSpecials(long seed) {
        int[] s = intSpecials();
        int[] a = JvmOracle.ints(seed, s.length + RANDOM);
        System.arraycopy(s, 0, a, 0, s.length);
        return a;
    }

    static long[] longsWithSpecials(long seed) {
        long[] s = longSpecials();
        long[] a = JvmOracle.longs(seed, s.length + RANDOM);
        System.arraycopy(s, 0, a, 0, s.length);
        return a;
    }

    /** Specials, rounding ties and their neighbours at many magnitudes, then random bit patterns. */
    static float[] floatsWithSpecials(long seed) {
        List<Float> v = new ArrayList<>();
        for (float x : floatSpecials()) {
            v.add(x);
        }
        for (int e = -3; e <= 24; e++) {
            float t = (float) Math.scalb(1.0, e) + 0.5f; // a tie where exact
            for (float x : new float[] {t, -t, (float) Math.scalb(1.0, e) - 0.5f}) {
                v.add(x);
                v.add(Math.nextUp(x));
                v.add(Math.nextDown(x));
            }
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < RANDOM; i++) {
            v.add(i % 2 == 0 ? Float.intBitsToFloat(r.nextInt()) : (float) r.nextDouble(-1e4, 1e4));
        }
        float[] out = new float[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    static double[] doublesWithSpecials(long seed) {
        List<Double> v = new ArrayList<>();
        for (double x : doubleSpecials()) {
            v.add(x);
        }
        for (int e = -3; e <= 53; e++) {
            double t = Math.scalb(1.0, e) + 0.5;
            for (double x : new double[] {t, -t, Math.scalb(1.0, e) - 0.5}) {
                v.add(x);
                v.add(Math.nextUp(x));
                v.add(Math.nextDown(x));
            }
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < RANDOM; i++) {
            v.add(i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble(-1e4, 1e4));
        }
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    // ================================================================ int

    public static void intBinary(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            int y = b[i];
            int d = y == 0 ? 7 : y;
            out[16 * i] = Math.floorDiv(x, d);
            out[16 * i + 1] = Math.floorMod(x, d);
            out[16 * i + 2] = Integer.divideUnsigned(x, d);
            out[16 * i + 3] = Integer.remainderUnsigned(x, d);
            out[16 * i + 4] = Integer.compareUnsigned(x, y);
            out[16 * i + 5] = Integer.compare(x, y);
            out[16 * i + 6] = Integer.rotateLeft(x, y);
            out[16 * i + 7] = Integer.rotateRight(x, y);
            out[16 * i + 8] = x / d;
            out[16 * i + 9] = x % d;
            out[16 * i + 10] = x << y;
            out[16 * i + 11] = x >> y;
            out[16 * i + 12] = x >>> y;
            out[16 * i + 13] = Integer.max(x, y) ^ Integer.min(x, y) * 31;
            out[16 * i + 14] = Integer.sum(x, y);
            out[16 * i + 15] = Integer.compare(Integer.signum(x), Integer.signum(y)) + 3 * Integer.compareUnsigned(
                    Integer.reverse(x), Integer.reverse(y));
        }
    }

    @Test
    public void intBinaryMethodsOverEveryPairOfEdgeValues() {
        int[][] g = intGrid(1);
        probe("int floorDiv/floorMod/divideUnsigned/remainderUnsigned/compare(Unsigned)/rotate/shifts grid",
                LibraryProbeTest::intBinary, g[0], g[1], new int[16 * g[0].length]);
    }

    public static void intUnary(int[] a, int[] out, long[] lout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            out[20 * i] = Integer.highestOneBit(x);
            out[20 * i + 1] = Integer.lowestOneBit(x);
            out[20 * i + 2] = Integer.numberOfLeadingZeros(x);
            out[20 * i + 3] = Integer.numberOfTrailingZeros(x);
            out[20 * i + 4] = Integer.bitCount(x);
            out[20 * i + 5] = Integer.reverse(x);
            out[20 * i + 6] = Integer.reverseBytes(x);
            out[20 * i + 7] = Integer.signum(x);
            out[20 * i + 8] = Math.abs(x);
            out[20 * i + 9] = (char) x;
            out[20 * i + 10] = (short) x;
            out[20 * i + 11] = (byte) x;
            out[20 * i + 12] = Short.toUnsignedInt((short) x);
            out[20 * i + 13] = Byte.toUnsignedInt((byte) x);
            out[20 * i + 14] = x / -1;
            out[20 * i + 15] = x % -1;
            out[20 * i + 16] = -x;
            out[20 * i + 17] = Integer.MIN_VALUE % (x == 0 ? -1 : x);
            out[20 * i + 18] = Integer.MIN_VALUE / (x == 0 ? -1 : x);
            out[20 * i + 19] = Integer.hashCode(x) + Short.hashCode((short) x) + Character.hashCode((char) x);
            lout[4 * i] = Integer.toUnsignedLong(x);
            lout[4 * i + 1] = Short.toUnsignedLong((short) x);
            lout[4 * i + 2] = Byte.toUnsignedLong((byte) x);
            lout[4 * i + 3] = Integer.toUnsignedLong(x) * Integer.toUnsignedLong(~x);
        }
    }

    @Test
    public void intUnaryBitMethodsCastsAndMinValueByMinusOne() {
        int[] a = intsWithSpecials(2);
        probe("Integer bit methods, abs, narrowing casts, toUnsignedInt/Long, MIN_VALUE / -1", LibraryProbeTest::intUnary,
                a, new int[20 * a.length], new long[4 * a.length]);
    }

    // ================================================================ long

    public static void longBinary(long[] a, long[] b, long[] out, int[] iout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            long x = a[i];
            long y = b[i];
            long d = y == 0 ? 7 : y;
            int di = (int) y == 0 ? -3 : (int) y;
            out[15 * i] = Math.floorDiv(x, d);
            out[15 * i + 1] = Math.floorMod(x, d);
            out[15 * i + 2] = Math.floorDiv(x, di);
            out[15 * i + 3] = Long.divideUnsigned(x, d);
            out[15 * i + 4] = Long.remainderUnsigned(x, d);
            out[15 * i + 5] = Long.rotateLeft(x, (int) y);
            out[15 * i + 6] = Long.rotateRight(x, (int) y);
            out[15 * i + 7] = x / d;
            out[15 * i + 8] = x % d;
            out[15 * i + 9] = x << y;
            out[15 * i + 10] = x >> y;
            out[15 * i + 11] = x >>> (int) y;
            out[15 * i + 12] = Long.max(x, y) ^ Long.min(x, y) * 31;
            out[15 * i + 13] = Long.sum(x, y);
            out[15 * i + 14] = Long.rotateLeft(x, (int) (y >> 32));
            iout[3 * i] = Math.floorMod(x, di);
            iout[3 * i + 1] = Long.compareUnsigned(x, y);
            iout[3 * i + 2] = Long.compare(x, y);
        }
    }

    @Test
    public void longBinaryMethodsOverEveryPairOfEdgeValues() {
        long[][] g = longGrid(3);
        probe("long floorDiv/floorMod (long and long-int)/divideUnsigned/remainderUnsigned/compare/rotate/shifts grid",
                LibraryProbeTest::longBinary, g[0], g[1], new long[15 * g[0].length], new int[3 * g[0].length]);
    }

    public static void longUnary(long[] a, long[] out, int[] iout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            long x = a[i];
            out[7 * i] = Long.highestOneBit(x);
            out[7 * i + 1] = Long.lowestOneBit(x);
            out[7 * i + 2] = Long.reverse(x);
            out[7 * i + 3] = Long.reverseBytes(x);
            out[7 * i + 4] = Math.abs(x);
            out[7 * i + 5] = x / -1L;
            out[7 * i + 6] = x % -1L + Long.MIN_VALUE % (x == 0 ? -1 : x);
            iout[7 * i] = Long.numberOfLeadingZeros(x);
            iout[7 * i + 1] = Long.numberOfTrailingZeros(x);
            iout[7 * i + 2] = Long.bitCount(x);
            iout[7 * i + 3] = Long.signum(x);
            iout[7 * i + 4] = Long.hashCode(x);
            iout[7 * i + 5] = (int) x;
            iout[7 * i + 6] = (char) x + (short) x * 3 + (byte) x * 7;
        }
    }

    @Test
    public void longUnaryBitMethodsAbsAndMinValueByMinusOne() {
        long[] a = longsWithSpecials(4);
        probe("Long bit methods, abs, narrowing, MIN_VALUE / -1", LibraryProbeTest::longUnary, a,
                new long[7 * a.length], new int[7 * a.length]);
    }

    // ================================================================ zero divisors: the JVM's exception

    public static void floorDivInt(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.floorDiv(a[i], b[i]);
        }
    }

    public static void floorModInt(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.floorMod(a[i], b[i]);
        }
    }

    public static void divideUnsignedInt(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Integer.divideUnsigned(a[i], b[i]);
        }
    }

    public static void remainderUnsignedInt(int[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Integer.remainderUnsigned(a[i], b[i]);
        }
    }

    public static void floorDivLong(long[] a, long[] b, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.floorDiv(a[i], b[i]);
        }
    }

    public static void floorModLongInt(long[] a, int[] b, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.floorMod(a[i], b[i]);
        }
    }

    public static void floorDivLongInt(long[] a, int[] b, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.floorDiv(a[i], b[i]);
        }
    }

    public static void remainderUnsignedLong(long[] a, long[] b, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Long.remainderUnsigned(a[i], b[i]);
        }
    }

    public static void divideUnsignedLong(long[] a, long[] b, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Long.divideUnsigned(a[i], b[i]);
        }
    }

    @Test
    public void aZeroDivisorThrowsTheJvmsArithmeticException() {
        int n = 1000;
        int[] a = JvmOracle.ints(5, n);
        int[] b = Inputs.nonZeroInts(6, n);
        long[] la = JvmOracle.longs(7, n);
        long[] lb = Inputs.nonZeroLongs(8, n);
        b[617] = 0;
        lb[617] = 0;
        probe("Math.floorDiv(int, 0)", LibraryProbeTest::floorDivInt, a.clone(), b.clone(), new int[n]);
        probe("Math.floorMod(int, 0)", LibraryProbeTest::floorModInt, a.clone(), b.clone(), new int[n]);
        probe("Integer.divideUnsigned(x, 0)", LibraryProbeTest::divideUnsignedInt, a.clone(), b.clone(), new int[n]);
        probe("Integer.remainderUnsigned(x, 0)", LibraryProbeTest::remainderUnsignedInt, a.clone(), b.clone(),
                new int[n]);
        probe("Math.floorDiv(long, 0L)", LibraryProbeTest::floorDivLong, la.clone(), lb.clone(), new long[n]);
        probe("Math.floorMod(long, int 0)", LibraryProbeTest::floorModLongInt, la.clone(), b.clone(), new int[n]);
        probe("Math.floorDiv(long, int 0)", LibraryProbeTest::floorDivLongInt, la.clone(), b.clone(), new long[n]);
        probe("Long.divideUnsigned(x, 0)", LibraryProbeTest::divideUnsignedLong, la.clone(), lb.clone(),
                new long[n]);
        probe("Long.remainderUnsigned(x, 0)", LibraryProbeTest::remainderUnsignedLong, la.clone(), lb.clone(),
                new long[n]);
    }

    // ================================================================ float / double

    public static void floatBinary(float[] a, float[] b, int[] out, float[] fout, double[] dout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float x = a[i];
            float y = b[i];
            out[3 * i] = Float.compare(x, y);
            out[3 * i + 1] = Float.floatToRawIntBits(Math.copySign(x, y));
            out[3 * i + 2] = Float.floatToRawIntBits(StrictMath.copySign(x, y));
            fout[4 * i] = Math.nextAfter(x, (double) y);
            fout[4 * i + 1] = Math.nextAfter(x, y == y ? Math.copySign(0.0, y) : y);
            fout[4 * i + 2] = Float.max(x, y) + Float.min(x, y) * 0f;
            fout[4 * i + 3] = Float.sum(x, y);
            dout[i] = Math.hypot(x, y);
        }
    }

    @Test
    public void floatCompareCopySignNextAfterHypotOverEveryPairOfEdgeValues() {
        float[][] g = floatGrid(9);
        int n = g[0].length;
        probe("Float.compare/copySign (raw bits)/nextAfter/hypot grid", LibraryProbeTest::floatBinary, g[0], g[1],
                new int[3 * n], new float[4 * n], new double[n]);
    }

    public static void doubleBinary(double[] a, double[] b, int[] out, long[] lout, double[] dout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            double x = a[i];
            double y = b[i];
            out[i] = Double.compare(x, y);
            lout[2 * i] = Double.doubleToRawLongBits(Math.copySign(x, y));
            lout[2 * i + 1] = Double.doubleToRawLongBits(StrictMath.copySign(x, y));
            dout[3 * i] = Math.nextAfter(x, y);
            dout[3 * i + 1] = Math.hypot(x, y);
            dout[3 * i + 2] = Double.sum(x, y) + Double.max(x, y) * 0.0;
        }
    }

    @Test
    public void doubleCompareCopySignNextAfterHypotOverEveryPairOfEdgeValues() {
        double[][] g = doubleGrid(10);
        int n = g[0].length;
        probe("Double.compare/copySign (raw bits)/nextAfter/hypot grid", LibraryProbeTest::doubleBinary, g[0], g[1],
                new int[n], new long[2 * n], new double[3 * n]);
    }

    public static void ieeeRemainder(double[] a, double[] b, double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.IEEEremainder(a[i], b[i]);
        }
    }

    @Test
    public void ieeeRemainderOverEveryPairOfEdgeValues() {
        double[][] g = doubleGrid(11);
        probe("Math.IEEEremainder grid", LibraryProbeTest::ieeeRemainder, g[0], g[1], new double[g[0].length]);
    }

    public static void floatUnary(float[] a, int[] out, long[] lout, float[] fout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float x = a[i];
            out[10 * i] = (Float.isNaN(x) ? 1 : 0) | (Float.isInfinite(x) ? 2 : 0) | (Float.isFinite(x) ? 4 : 0);
            out[10 * i + 1] = Math.getExponent(x);
            out[10 * i + 2] = Math.round(x);
            out[10 * i + 3] = (int) x;
            out[10 * i + 4] = (char) x;
            out[10 * i + 5] = (short) x;
            out[10 * i + 6] = (byte) x;
            out[10 * i + 7] = Float.floatToIntBits(x);
            out[10 * i + 8] = Float.hashCode(x);
            out[10 * i + 9] = Float.compare(x, -x);
            lout[2 * i] = (long) x;
            lout[2 * i + 1] = Math.round((double) x);
            fout[6 * i] = Math.nextUp(x);
            fout[6 * i + 1] = Math.nextDown(x);
            fout[6 * i + 2] = (float) Math.rint(x);
            fout[6 * i + 3] = Math.signum(x);
            fout[6 * i + 4] = Math.abs(x);
            fout[6 * i + 5] = Float.intBitsToFloat(Float.floatToIntBits(x) ^ 1);
        }
    }

    @Test
    public void floatClassificationRoundCastsNextUpSignumAtEdgesAndTies() {
        float[] a = floatsWithSpecials(12);
        int n = a.length;
        probe("Float isNaN/isInfinite/isFinite, getExponent, round, casts, nextUp/Down, rint, signum, abs",
                LibraryProbeTest::floatUnary, a, new int[10 * n], new long[2 * n], new float[6 * n]);
    }

    public static void doubleUnary(double[] a, int[] out, long[] lout, double[] dout, float[] fout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            double x = a[i];
            out[9 * i] = (Double.isNaN(x) ? 1 : 0) | (Double.isInfinite(x) ? 2 : 0) | (Double.isFinite(x) ? 4 : 0);
            out[9 * i + 1] = Math.getExponent(x);
            out[9 * i + 2] = (int) x;
            out[9 * i + 3] = (char) x;
            out[9 * i + 4] = (short) x;
            out[9 * i + 5] = (byte) x;
            out[9 * i + 6] = Double.hashCode(x);
            out[9 * i + 7] = Double.compare(x, -x);
            out[9 * i + 8] = Math.round((float) x);
            lout[3 * i] = (long) x;
            lout[3 * i + 1] = Math.round(x);
            lout[3 * i + 2] = Double.doubleToLongBits(x);
            dout[5 * i] = Math.nextUp(x);
            dout[5 * i + 1] = Math.nextDown(x);
            dout[5 * i + 2] = Math.rint(x);
            dout[5 * i + 3] = Math.signum(x);
            dout[5 * i + 4] = Math.abs(x);
            fout[i] = (float) x;
        }
    }

    @Test
    public void doubleClassificationRoundCastsNextUpSignumAtEdgesAndTies() {
        double[] a = doublesWithSpecials(13);
        int n = a.length;
        probe("Double isNaN/isInfinite/isFinite, getExponent, round, casts, nextUp/Down, rint, signum, abs",
                LibraryProbeTest::doubleUnary, a, new int[9 * n], new long[3 * n], new double[5 * n], new float[n]);
    }

    public static void nanBits(int[] bits, long[] lbits, int[] out, long[] lout) {
        for (@Parallel int i = 0; i < bits.length; i++) {
            float f = Float.intBitsToFloat(bits[i]);
            double d = Double.longBitsToDouble(lbits[i]);
            out[4 * i] = Float.floatToIntBits(f) == Float.floatToRawIntBits(f) ? 1 : 0;
            out[4 * i + 1] = Float.floatToIntBits(f);
            out[4 * i + 2] = Float.compare(f, Float.NaN) + 3 * (f == f ? 1 : 0);
            out[4 * i + 3] = Math.getExponent(f);
            lout[3 * i] = Double.doubleToLongBits(d);
            lout[3 * i + 1] = Double.doubleToLongBits(d) == Double.doubleToRawLongBits(d) ? 1 : 0;
            lout[3 * i + 2] = Double.compare(d, Double.NaN) + 3 * Math.getExponent(d);
        }
    }

    @Test
    public void nanPatternsFromIntBitsCompareAndCanonicalise() {
        SplittableRandom r = new SplittableRandom(14);
        int n = 2000;
        int[] bits = new int[n];
        long[] lbits = new long[n];
        int[] fs = {0x7f800001, 0x7fbfffff, 0x7fc00000, 0x7fc00001, 0x7fffffff, 0xff800001, 0xffc00000, 0xffffffff,
            0x7f800000, 0xff800000, 0x7f7fffff, 0x00000001, 0x80000000, 0x00800000};
        long[] ds = {0x7ff0000000000001L, 0x7ff7ffffffffffffL, 0x7ff8000000000000L, 0x7ff8000000000001L, -1L,
            0xfff0000000000001L, 0xfff8000000000000L, 0x7ff0000000000000L, 0xfff0000000000000L, 1L,
            0x8000000000000000L, 0x0010000000000000L};
        for (int i = 0; i < n; i++) {
            bits[i] = i < fs.length ? fs[i] : r.nextInt() | (i % 2 == 0 ? 0x7f800000 : 0);
            lbits[i] = i < ds.length ? ds[i] : r.nextLong() | (i % 2 == 0 ? 0x7ff0000000000000L : 0);
        }
        probe("floatToIntBits vs floatToRawIntBits, compare and getExponent of NaN patterns", LibraryProbeTest::nanBits,
                bits, lbits, new int[4 * n], new long[3 * n]);
    }

    public static void fmaFloat(float[] a, float[] b, float[] c, float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.fma(a[i], b[i], c[i]);
        }
    }

    @Test
    public void fmaFloatOverflowingProductsAndSubnormalResults() {
        List<float[]> t = new ArrayList<>();
        float max = Float.MAX_VALUE;
        float tiny = Float.MIN_VALUE;
        float[][] cases = {{max, 2f, -max}, {max, 2f, Float.NEGATIVE_INFINITY}, {max, -2f, max}, {max, max, -max},
            {-max, 1.5f, max}, {0x1p-100f, 0x1p-49f, 0f}, {0x1p-100f, 0x1p-50f, 0f}, {0x1p-100f, 0x1.8p-50f, 0f},
            {0x1p-100f, 0x1.8p-49f, -0f}, {0x1p-75f, 0x1p-75f, tiny}, {0x1p-75f, 0x1p-75f, -tiny},
            {0x1.000002p-75f, 0x1p-75f, -tiny}, {tiny, 0.5f, 0f}, {tiny, -0.5f, 0f}, {tiny, 0.5f, -0f},
            {-tiny, 0.5f, -0f}, {1f + 0x1p-23f, 1f - 0x1p-24f, -1f}, {1f + 0x1p-23f, 1f + 0x1p-23f, -1f},
            {0x1p64f, 0x1p64f, 0f}, {0x1p127f, 4f, Float.POSITIVE_INFINITY}, {0f, Float.POSITIVE_INFINITY, 1f},
            {-0f, 1f, 0f}, {-0f, 1f, -0f}, {0f, -1f, 0f}, {Float.NaN, 0f, Float.POSITIVE_INFINITY},
            {Float.POSITIVE_INFINITY, -1f, Float.POSITIVE_INFINITY}, {3f, 0x1p-126f, -0x1p-125f},
            {0x1.fffffep-1f, 0x1p-126f, 0f}, {0x1.fffffep-1f, 0x1p-126f, -0x1p-149f}, {0x1.fffffep63f, 0x1p64f, 0f},
            {0x1.fffffep127f, 1f, 0x1p103f}, {0x1.fffffep127f, 1f, 0x1p104f}, {0x1.fffffep127f, 1f, 0x1.000002p103f},
            {16777217f, 1f, 0.5f}, {4097f, 4097f, -0.5f}, {4097f, 4097f, 0.5f}, {4097f, 4095f, 1f}};
        for (float[] k : cases) {
            t.add(k);
            t.add(new float[] {-k[0], k[1], -k[2]});
            t.add(new float[] {k[1], k[0], k[2]});
        }
        float[] s = floatSpecials();
        SplittableRandom r = new SplittableRandom(15);
        for (int i = 0; i < 3000; i++) {
            t.add(new float[] {s[r.nextInt(s.length)], s[r.nextInt(s.length)], s[r.nextInt(s.length)]});
        }
        for (int i = 0; i < 1000; i++) {
            float x = (float) r.nextDouble(-4, 4);
            float y = (float) r.nextDouble(-4, 4);
            t.add(new float[] {x, y, -(x * y)}); // the product's rounding error
        }
        int n = t.size();
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = t.get(i)[0];
            b[i] = t.get(i)[1];
            c[i] = t.get(i)[2];
        }
        probe("Math.fma(float, float, float) overflow/underflow", LibraryProbeTest::fmaFloat, a, b, c, new float[n]);
    }

    public static void hypotEdges(double[] a, double[] b, double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[i] = Math.hypot(a[i], b[i]);
        }
    }

    @Test
    public void hypotOfHugeAndTinyArgumentsIsExactWhereJvmIs() {
        List<double[]> t = new ArrayList<>();
        double[] big = {Double.MAX_VALUE, Double.MAX_VALUE / 2, 0x1p1023, 0x1p1000, 1e300, 0x1p512, 0x1p511,
            0x1.6a09e667f3bccp511, 1e154};
        double[] small = {Double.MIN_VALUE, 0x1p-1074 * 3, Double.MIN_NORMAL, 0x1p-1000, 1e-300, 0x1p-512,
            0x1p-537, 1e-160, 1e-310};
        for (double x : big) {
            for (double y : big) {
                t.add(new double[] {x, y});
            }
            for (double y : small) {
                t.add(new double[] {x, y});
                t.add(new double[] {-y, x});
            }
            t.add(new double[] {x, 1});
        }
        for (double x : small) {
            for (double y : small) {
                t.add(new double[] {x, -y});
            }
            t.add(new double[] {x, 1});
        }
        for (int k = 1; k < 60; k++) {
            double m = Math.scalb(3.0, 1000 - k * 34);
            t.add(new double[] {m, Math.scalb(4.0, 1000 - k * 34)}); // 3-4-5 at every scale
        }
        SplittableRandom r = new SplittableRandom(16);
        for (int i = 0; i < 1000; i++) {
            t.add(new double[] {Math.scalb(r.nextDouble(1, 2), r.nextInt(-1074, 1024)),
                Math.scalb(r.nextDouble(1, 2), r.nextInt(-1074, 1024))});
        }
        int n = t.size();
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = t.get(i)[0];
            b[i] = t.get(i)[1];
        }
        probe("Math.hypot huge/tiny", LibraryProbeTest::hypotEdges, a, b, new double[n]);
    }

    // ================================================================ Character

    public static void charClasses(char[] c, int[] out) {
        for (@Parallel int i = 0; i < c.length; i++) {
            char x = c[i];
            out[i] = (Character.isDigit(x) ? 1 : 0) | (Character.isLetter(x) ? 2 : 0);
        }
    }

    @Test
    public void characterIsDigitIsLetterOnAscii() {
        char[] c = new char[512];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) (i % 256);
        }
        probe("Character.isDigit/isLetter (Latin-1)", LibraryProbeTest::charClasses, c, new int[c.length]);
    }

    @Test
    public void characterIsDigitIsLetterOnNonAscii() {
        char[] c = new char[0x10000];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) i; // every char: Arabic-Indic digits, CJK, surrogates, unassigned
        }
        probe("Character.isDigit/isLetter (all chars)", LibraryProbeTest::charClasses, c, new int[c.length]);
    }

    // ================================================================ compound assignment narrowing

    public static void compoundNarrowing(byte[] b, short[] s, char[] c, int[] k, int[] out) {
        for (@Parallel int i = 0; i < k.length; i++) {
            int v = k[i];
            byte x = b[i % b.length];
            short y = s[i % s.length];
            char z = c[i % c.length];
            x += 200;
            x += v;
            y *= v;
            z -= v;
            out[6 * i] = x;
            out[6 * i + 1] = y;
            out[6 * i + 2] = z;
            x >>= v;
            y <<= v;
            z >>>= v;
            out[6 * i + 3] = x + 1000 * y;
            out[6 * i + 4] = z;
            x /= (v == 0 ? -1 : v);
            y %= (v == 0 ? -1 : v);
            z *= 0.7f * v;
            out[6 * i + 5] = x ^ (y << 8) ^ (z << 16);
        }
    }

    @Test
    public void compoundAssignmentNarrowingWithVariableOperands() {
        int[] k = intsWithSpecials(17);
        byte[] b = Inputs.bytes(18, 257);
        short[] s = Inputs.shorts(19, 263);
        char[] c = Inputs.chars(20, 269);
        probe("byte += / short *= / char -= narrowing with int operands", LibraryProbeTest::compoundNarrowing, b, s,
                c, k, new int[6 * k.length]);
    }

    // ================================================================ constant operands (strength reduction, folding)

    public static void intConstants(int[] a, int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            int o = 40 * i;
            out[o] = x / 8;
            out[o + 1] = x % 8;
            out[o + 2] = x / -8;
            out[o + 3] = x % -8;
            out[o + 4] = x / 7;
            out[o + 5] = x % -7;
            out[o + 6] = x / Integer.MIN_VALUE;
            out[o + 7] = x % Integer.MIN_VALUE;
            out[o + 8] = x / 1_000_000_007;
            out[o + 9] = x / 3 + x % 3;
            out[o + 10] = Math.floorDiv(x, 8);
            out[o + 11] = Math.floorMod(x, 8);
            out[o + 12] = Math.floorDiv(x, -8);
            out[o + 13] = Math.floorMod(x, -8);
            out[o + 14] = Math.floorDiv(x, 7);
            out[o + 15] = Math.floorMod(x, -7);
            out[o + 16] = Math.floorDiv(x, Integer.MIN_VALUE);
            out[o + 17] = Math.floorMod(x, Integer.MIN_VALUE);
            out[o + 18] = Math.floorDiv(x, -1);
            out[o + 19] = Math.floorMod(x, -1);
            out[o + 20] = Integer.divideUnsigned(x, 16);
            out[o + 21] = Integer.remainderUnsigned(x, 16);
            out[o + 22] = Integer.divideUnsigned(x, -1);
            out[o + 23] = Integer.remainderUnsigned(x, -1);
            out[o + 24] = Integer.divideUnsigned(x, Integer.MIN_VALUE);
            out[o + 25] = Integer.remainderUnsigned(x, Integer.MIN_VALUE);
            out[o + 26] = Integer.divideUnsigned(x, 7);
            out[o + 27] = Integer.remainderUnsigned(x, 0x8000_0001);
            out[o + 28] = Integer.rotateLeft(x, 33);
            out[o + 29] = Integer.rotateRight(x, -1);
            out[o + 30] = Integer.rotateLeft(x, 32) ^ Integer.rotateRight(x, 0);
            out[o + 31] = Integer.rotateRight(x, -33);
            out[o + 32] = Integer.rotateLeft(x, Integer.MIN_VALUE + 3);
            out[o + 33] = Integer.compareUnsigned(x, 0) + 3 * Integer.compareUnsigned(x, -1);
            out[o + 34] = Integer.compare(x, Integer.MIN_VALUE) + 3 * Integer.compare(x, Integer.MAX_VALUE);
            out[o + 35] = Integer.highestOneBit(x) == x ? 1 : 0;
            out[o + 36] = 1 << Integer.numberOfTrailingZeros(x);
            out[o + 37] = -1 >>> Integer.numberOfLeadingZeros(x);
            // Failed on NVIDIA's OpenCL (driver 580, H100) while Math.abs was written inline: for MIN_VALUE the
            // device took Math.abs(x) for non-negative (8, where Java gives 1). Now out of line.
            out[o + 38] = Math.abs(x) < 0 ? 1 : Math.abs(x) % 10;
            out[o + 39] = Integer.signum(x) * Integer.signum(-x);
        }
    }

    @Test
    public void intMethodsWithConstantOperands() {
        int[] a = intsWithSpecials(21);
        probe("int /, %, floorDiv/floorMod, divide/remainderUnsigned, rotate, compare by constants",
                LibraryProbeTest::intConstants, a, new int[40 * a.length]);
    }

    public static void longConstants(long[] a, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            long x = a[i];
            int o = 30 * i;
            out[o] = x / 8;
            out[o + 1] = x % 8;
            out[o + 2] = x / -8;
            out[o + 3] = x % -8;
            out[o + 4] = x / 7;
            out[o + 5] = x % -7;
            out[o + 6] = x / Long.MIN_VALUE;
            out[o + 7] = x % Long.MIN_VALUE;
            out[o + 8] = x / 1_000_000_007L;
            out[o + 9] = Math.floorDiv(x, 8L);
            out[o + 10] = Math.floorMod(x, 8L);
            out[o + 11] = Math.floorDiv(x, -8L);
            out[o + 12] = Math.floorMod(x, -8L);
            out[o + 13] = Math.floorDiv(x, 7);
            out[o + 14] = Math.floorMod(x, -7);
            out[o + 15] = Math.floorDiv(x, Long.MIN_VALUE);
            out[o + 16] = Math.floorMod(x, Long.MIN_VALUE);
            out[o + 17] = Math.floorDiv(x, -1) + Math.floorMod(x, -1L);
            out[o + 18] = Math.floorMod(x, Integer.MIN_VALUE);
            out[o + 19] = Long.divideUnsigned(x, 16);
            out[o + 20] = Long.remainderUnsigned(x, 16);
            out[o + 21] = Long.divideUnsigned(x, -1L);
            out[o + 22] = Long.remainderUnsigned(x, -1L);
            out[o + 23] = Long.divideUnsigned(x, Long.MIN_VALUE);
            out[o + 24] = Long.remainderUnsigned(x, Long.MIN_VALUE + 1);
            out[o + 25] = Long.divideUnsigned(x, 7);
            out[o + 26] = Long.rotateLeft(x, 65) ^ Long.rotateRight(x, -1);
            out[o + 27] = Long.rotateLeft(x, -64) + Long.rotateRight(x, Integer.MIN_VALUE + 5);
            out[o + 28] = Long.compareUnsigned(x, -1L) + 3 * Long.compare(x, Long.MIN_VALUE);
            out[o + 29] = (1L << Long.numberOfTrailingZeros(x)) ^ (-1L >>> Long.numberOfLeadingZeros(x));
        }
    }

    @Test
    public void longMethodsWithConstantOperands() {
        long[] a = longsWithSpecials(22);
        probe("long /, %, floorDiv/floorMod, divide/remainderUnsigned, rotate, compare by constants",
                LibraryProbeTest::longConstants, a, new long[30 * a.length]);
    }

    /** Methods of expressions in the loop index: the compiler may know their range (and sign). */
    public static void indexRanges(int[] out, long[] lout, int n, int off) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = i - off;
            out[10 * i] = Math.floorMod(x, 8);
            out[10 * i + 1] = x % 8;
            out[10 * i + 2] = Math.floorDiv(x, 4) + x / 4;
            out[10 * i + 3] = Math.abs(x) + Integer.signum(x);
            out[10 * i + 4] = Integer.numberOfLeadingZeros(x) + Integer.numberOfTrailingZeros(i);
            out[10 * i + 5] = Integer.highestOneBit(i) + Integer.lowestOneBit(x);
            out[10 * i + 6] = Integer.divideUnsigned(x, 3) ^ Integer.remainderUnsigned(x, 3);
            out[10 * i + 7] = Integer.rotateLeft(i, i) ^ Integer.rotateRight(x, x);
            out[10 * i + 8] = Integer.compareUnsigned(i, x) + 3 * Integer.compare(i * 65536, x * 65536);
            out[10 * i + 9] = (char) x + (byte) (i * 3) + (short) (x * 1000);
            lout[2 * i] = Integer.toUnsignedLong(x) + Math.floorMod((long) x * x * x, 1000);
            lout[2 * i + 1] = Math.floorDiv((long) x << 40, i + 1) + Long.remainderUnsigned(x, 1000);
        }
    }

    @Test
    public void methodsOfTheLoopIndexAcrossZero() {
        int n = 3000;
        probe("floorMod/abs/bit methods of i - off", LibraryProbeTest::indexRanges, new int[10 * n], new long[2 * n],
                n, 1500);
    }

    // ================================================================ more helpers

    public static void wideProducts(long[] a, long[] b, int[] k, long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[4 * i] = Math.multiplyHigh(a[i], b[i]);
            out[4 * i + 1] = Math.multiplyFull(k[i], (int) b[i]);
            out[4 * i + 2] = Math.multiplyHigh(a[i], -1L) + Math.multiplyHigh(a[i], Long.MIN_VALUE);
            out[4 * i + 3] = Math.multiplyFull(k[i], Integer.MIN_VALUE);
        }
    }

    @Test
    public void multiplyHighAndMultiplyFullOverEveryPairOfEdgeValues() {
        long[][] g = longGrid(23);
        int n = g[0].length;
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            k[i] = (int) (g[0][i] >>> (i % 3 == 0 ? 32 : 0));
        }
        probe("Math.multiplyHigh/multiplyFull grid", LibraryProbeTest::wideProducts, g[0], g[1], k, new long[4 * n]);
    }

    public static void charArithmetic(char[] c, int[] k, int[] out) {
        for (@Parallel int i = 0; i < c.length; i++) {
            char x = c[i];
            int cp = k[i];
            out[8 * i] = (Character.isHighSurrogate(x) ? 1 : 0) | (Character.isLowSurrogate(x) ? 2 : 0)
                    | (Character.isSurrogate(x) ? 4 : 0) | (Character.isBmpCodePoint(cp) ? 8 : 0)
                    | (Character.isValidCodePoint(cp) ? 16 : 0) | (Character.isSupplementaryCodePoint(cp) ? 32 : 0);
            out[8 * i + 1] = Character.highSurrogate(cp) + 65536 * Character.lowSurrogate(cp);
            out[8 * i + 2] = Character.toCodePoint(x, (char) cp);
            out[8 * i + 3] = Character.reverseBytes(x);
            out[8 * i + 4] = Character.compare(x, (char) cp) + 3 * Short.compare((short) x, (short) cp);
            out[8 * i + 5] = Byte.compare((byte) x, (byte) cp) + 1000 * Short.reverseBytes((short) x);
            out[8 * i + 6] = Boolean.compare(x > 100, cp > 0) + 3 * (Boolean.logicalXor(x > 5, cp < 0) ? 1 : 0)
                    + 9 * Boolean.hashCode(x == 'a');
            out[8 * i + 7] = Character.charCount(cp) + 3 * Byte.toUnsignedInt((byte) x)
                    + 7 * Short.toUnsignedInt((short) cp);
        }
    }

    @Test
    public void characterSurrogateArithmeticAndSmallCompares() {
        int n = 3000;
        char[] c = Inputs.chars(24, n);
        int[] k = JvmOracle.ints(25, n);
        int[] cps = {0, 0xFFFF, 0x10000, 0x10FFFF, 0x110000, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0xD800,
            0xDBFF, 0xDC00, 0xDFFF, 0x1F600, 'a'};
        char[] cs = {0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0, 0xFFFF, 'a', 0x80};
        for (int i = 0; i < cps.length * cs.length; i++) {
            k[100 + i] = cps[i % cps.length];
            c[100 + i] = cs[i / cps.length];
        }
        probe("Character surrogate/code point arithmetic, Character/Short/Byte/Boolean compare",
                LibraryProbeTest::charArithmetic, c, k, new int[8 * n]);
    }

    // ================================================================ NaN patterns stored as float / double

    public static void storeFromBits(int[] bits, long[] lbits, float[] f, double[] d) {
        for (@Parallel int i = 0; i < bits.length; i++) {
            f[i] = Float.intBitsToFloat(bits[i]);
            d[i] = Double.longBitsToDouble(lbits[i]);
        }
    }

    /**
     * {@code Float.intBitsToFloat} of NaN patterns stored straight into a {@code float[]}: compared by raw bits with
     * the JVM's store (the usual comparison canonicalises NaN, so this one does it by hand).
     */
    @Test
    public void intBitsToFloatOfNanPatternsStoresTheJvmsRawBits() {
        int n = 1000;
        SplittableRandom r = new SplittableRandom(26);
        int[] bits = new int[n];
        long[] lbits = new long[n];
        for (int i = 0; i < n; i++) {
            bits[i] = (r.nextInt() & 0x807fffff) | 0x7f800000;
            lbits[i] = (r.nextLong() & 0x800fffffffffffffL) | 0x7ff0000000000000L;
        }
        bits[0] = 0x7f800001;
        bits[1] = 0xff800001;
        bits[2] = 0x7fa00000;
        lbits[0] = 0x7ff0000000000001L;
        lbits[1] = 0xfff0000000000001L;
        lbits[2] = 0x7ff4000000000000L;
        float[] f = new float[n];
        double[] d = new double[n];
        float[] ef = new float[n];
        double[] ed = new double[n];
        storeFromBits(bits, lbits, ef, ed);
        probe("Float.intBitsToFloat / Double.longBitsToDouble of NaN patterns, stored", LibraryProbeTest::storeFromBits,
                bits, lbits, f, d);
        if (f[0] == 0f && d[0] == 0.0) {
            return; // bailed out
        }
        StringBuilder bad = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (Float.floatToRawIntBits(f[i]) != Float.floatToRawIntBits(ef[i]) && bad.length() < 400) {
                bad.append(String.format(" f[%d]: JVM 0x%08x device 0x%08x;", i, Float.floatToRawIntBits(ef[i]),
                        Float.floatToRawIntBits(f[i])));
            }
            if (Double.doubleToRawLongBits(d[i]) != Double.doubleToRawLongBits(ed[i]) && bad.length() < 400) {
                bad.append(String.format(" d[%d]: JVM 0x%016x device 0x%016x;", i,
                        Double.doubleToRawLongBits(ed[i]), Double.doubleToRawLongBits(d[i])));
            }
        }
        if (bad.length() > 0) {
            fail("raw NaN bits differ:" + bad);
        }
    }

    // ================================================================ inside sequential inner loops

    public static void bitLoops(int[] a, long[] l, int[] out, long[] lout) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int x = a[i];
            int acc = 0;
            while (x != 0) {
                acc = acc * 31 + Integer.numberOfTrailingZeros(x);
                x &= x - 1;
            }
            out[3 * i] = acc;
            long y = l[i];
            long lacc = 0;
            for (int k = 0; k < 64 && y != 0; k++) {
                long low = Long.lowestOneBit(y);
                lacc = Long.rotateLeft(lacc, 5) ^ low ^ Long.numberOfLeadingZeros(y);
                y ^= low;
            }
            lout[i] = lacc;
            int h = a[i];
            for (int k = 0; k < 8; k++) {
                h = Integer.rotateLeft(h * 0xcc9e2d51, 15) * 0x1b873593;
                h ^= Integer.reverse(h) >>> k;
            }
            out[3 * i + 1] = Math.floorMod(h, 97) + 100 * Integer.remainderUnsigned(h, 10);
            int m = 0;
            for (int k = -40; k <= 40; k += 3) {
                m += Math.floorDiv(a[i], k == 0 ? 1 : k) ^ Integer.signum(k) ^ Math.floorMod(k, 7);
            }
            out[3 * i + 2] = m;
        }
    }

    @Test
    public void bitMethodsInsideSequentialInnerLoops() {
        int[] a = intsWithSpecials(27);
        long[] l = JvmOracle.longs(28, a.length);
        System.arraycopy(longSpecials(), 0, l, 0, Math.min(l.length, longSpecials().length));
        probe("numberOfTrailingZeros/lowestOneBit/rotate/floorMod in inner loops", LibraryProbeTest::bitLoops, a, l,
                new int[3 * a.length], new long[a.length]);
    }
}

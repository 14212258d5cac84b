package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Boxing and unboxing in kernels (JLS §5.1.7, §5.1.8): {@code Integer x = a[i];}, {@code Long}, {@code Short},
 * {@code Byte}, {@code Character}, {@code Boolean}, {@code Float} and {@code Double} boxes, their methods
 * ({@code equals}, {@code compareTo}, {@code hashCode}) and arithmetic on unboxed values. A box is an object made in
 * the kernel and replaced by its value; comparing boxes by reference ({@code ==}), whose result depends on Java's
 * box caches, is refused with its reason. Strict, against the JVM.
 */
public class BoxingTest {

    public static void integers(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Integer x = a[i];
            Integer y = x + 1;
            Integer z = y * 2 - x;
            out[i] = z + (x.equals(y - 1) ? 1 : 0) + x.compareTo(7) + Integer.valueOf(i).hashCode();
        }
    }

    public static void otherBoxes(long[] l, short[] s, byte[] b, char[] c, boolean[] f, long[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Long lv = l[i];
            Short sv = s[i];
            Byte bv = b[i];
            Character cv = c[i];
            Boolean fv = f[i];
            long r = lv * 3 + sv + bv * 7 + cv;
            if (fv) {
                r = -r;
            }
            out[i] = r + lv.compareTo(0L) + cv.compareTo('m') + (fv.equals(f[0]) ? 100 : 0);
        }
    }

    public static void floating(float[] a, double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Float x = a[i];
            Double d = x * 2.0;
            out[i] = d.isNaN() ? -1 : d + x.compareTo(0f) + (x.equals(-0f) ? 10 : 0);
        }
    }

    public static void boxedHelper(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = twice(a[i]) + twice(Integer.MAX_VALUE);
        }
    }

    private static Integer twice(Integer x) {
        return x * 2;
    }

    public static void referenceCompare(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Integer x = a[i];
            Integer y = a[i];
            out[i] = x == y ? 1 : 0;
        }
    }

    private static int[] ints(long seed, int n) {
        return JvmOracle.withSpecials(JvmOracle.ints(seed, n), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 6, 7,
                127, 128, -128, -129);
    }

    @Test
    public void integersBoxedAndUnboxed() {
        check(BoxingTest::integers, ints(1, 300), new int[300]);
        check(BoxingTest::boxedHelper, ints(2, 300), new int[300]);
    }

    @Test
    public void everyOtherBox() {
        int n = 200;
        long[] l = JvmOracle.longs(3, n);
        l[0] = Long.MIN_VALUE;
        l[1] = Long.MAX_VALUE;
        short[] s = new short[n];
        byte[] b = new byte[n];
        char[] c = new char[n];
        boolean[] f = new boolean[n];
        for (int i = 0; i < n; i++) {
            s[i] = (short) (i * 331 - 30000);
            b[i] = (byte) (i * 37);
            c[i] = (char) (i * 977);
            f[i] = i % 3 == 0;
        }
        check(BoxingTest::otherBoxes, l, s, b, c, f, new long[n]);
    }

    @Test
    public void floatingBoxes() {
        float[] a = JvmOracle.floats(4, 100, -5f, 5f);
        a[0] = Float.NaN;
        a[1] = -0f;
        a[2] = 0f;
        a[3] = Float.NEGATIVE_INFINITY;
        check(BoxingTest::floating, a, new double[100]);
    }

    @Test
    public void boxesComparedByReferenceAreRefused() {
        try (TaskSchedule s = new TaskSchedule("refs").task("t", BoxingTest::referenceCompare, new int[4],
                new int[4])) {
            s.execute();
            fail("expected a CompilationException: " + s.report());
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("box caches"));
        }
    }

    /** Boxes held in fields of an argument: unboxed in the kernel, read at every execution. */
    public static final class Boxes {
        final Integer k;
        final Long m;
        final Double d;
        final Character c;

        public Boxes(Integer k, Long m, Double d, Character c) {
            this.k = k;
            this.m = m;
            this.d = d;
            this.c = c;
        }
    }

    public static void boxFields(Boxes h, int[] a, long[] out, double[] dout) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * h.k + h.m * i + h.c;
            dout[i] = a[i] * h.d + h.k.doubleValue();
        }
    }

    @Test
    public void boxesInFieldsOfAnArgument() {
        int n = 1000;
        check(BoxingTest::boxFields, new Boxes(-1_234_567, 9_000_000_000L, 0.1, 'x'), Inputs.ints(3101, n),
                new long[n], new double[n]);
        check(BoxingTest::boxFields, new Boxes(77, -5L, Double.NaN, '\u00ff'), Inputs.ints(3102, n), new long[n],
                new double[n]);
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Records' {@code equals} and {@code hashCode} as javac writes them (an {@code invokedynamic} of
 * {@code ObjectMethods}), in kernels, strict, against the JVM on the same inputs: components of every primitive type,
 * {@code float} and {@code double} at NaN, {@code -0.0} and {@code 0.0} (the wrapper's {@code compare}, not
 * {@code ==}), records made in the kernel, passed as arguments, held in fields and read from arrays of objects,
 * compared with null and with an object of another class; {@code toString} and components of reference type are
 * refused with their reason.
 */
public class RecordMethodsTest {
    public record Pt(int x, int y) {
    }

    public record Mixed(long l, float f, double d, boolean z, char c, short s, byte b) {
    }

    public record Other(int x, int y) {
    }

    public record Named(String name, int v) {
    }

    public static final class Holder {
        final Pt origin;

        Holder(Pt origin) {
            this.origin = origin;
        }

        public void hits(int[] xs, int[] out) {
            for (@Parallel int i = 0; i < out.length; i++) {
                Pt p = new Pt(xs[i], xs[i] % 3);
                out[i] = (origin.equals(p) ? 1 : 0) + 2 * (p.equals(origin) ? 1 : 0) + origin.hashCode();
            }
        }
    }

    public static void points(int[] xs, int[] ys, Pt fixed, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Pt p = new Pt(xs[i], ys[i]);
            Pt q = new Pt(ys[i], xs[i]);
            int r = p.hashCode() * 7 + (p.equals(q) ? 1 : 0) + (p.equals(fixed) ? 2 : 0) + (p.equals(null) ? 4 : 0);
            Object o = new Other(xs[i], ys[i]);
            r += p.equals(o) ? 8 : 0;
            out[i] = r + fixed.hashCode();
        }
    }

    public static void mixed(long[] ls, float[] fs, double[] ds, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = i % 7;
            Mixed a = new Mixed(ls[i], fs[i], ds[i], (k & 1) == 0, (char) (k + 'a'), (short) (k - 3), (byte) (k * 40));
            Mixed b = new Mixed(ls[i], fs[(i + 1) % fs.length], ds[(i + 1) % ds.length], (k & 1) == 0,
                    (char) (k + 'a'), (short) (k - 3), (byte) (k * 40));
            // -0.0 + 0.0 is 0.0 (not equal to -0.0 by compare); NaN stays NaN (equal to any NaN).
            Mixed c = new Mixed(ls[i], fs[i] + 0f, ds[i] * 1.0, (k & 1) == 0, (char) (k + 'a'), (short) (k - 3),
                    (byte) (k * 40));
            Mixed d = new Mixed(ls[i], fs[i] * 1f, ds[i] + 0.0, (k & 1) == 0, (char) (k + 'a'), (short) (k - 3),
                    (byte) (k * 40));
            out[i] = a.hashCode() ^ (b.hashCode() * 3) ^ (a.equals(b) ? 0x40000000 : 0)
                    ^ (a.equals(c) ? 0x20000000 : 0) ^ (a.equals(d) ? 0x10000000 : 0) ^ (c.hashCode() * 5);
        }
    }

    public static void elements(Pt[] ps, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = ps[i] == null ? -1 : ps[i].hashCode() + (ps[i].equals(new Pt(i, i)) ? 1 : 0);
        }
    }

    /** equals with elements as the argument: nulls and elements of another class are not equal. */
    public static void duplicates(Pt[] ps, Record[] rs, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Pt p = new Pt(i % 5, i % 3);
            int same = 0;
            for (int j = 0; j < ps.length; j++) {
                same += p.equals(ps[j]) ? 1 : 0;
                same += p.equals(rs[j]) ? 100 : 0;
            }
            out[i] = same;
        }
    }

    public static void named(Named n, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = n.hashCode() + i;
        }
    }

    public static void shown(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = new Pt(i, i).toString().length();
        }
    }

    @Test
    public void pointsMadeInTheKernelAndPassedIn() {
        int n = 1000;
        int[] xs = JvmOracle.ints(9701, n, -4, 4);
        int[] ys = JvmOracle.ints(9702, n, -4, 4);
        check(RecordMethodsTest::points, xs, ys, new Pt(1, -2), new int[n]);
        check(RecordMethodsTest::points, xs, ys, new Pt(Integer.MIN_VALUE, 0), new int[n]);
    }

    @Test
    public void everyPrimitiveComponentWithNaNAndSignedZeros() {
        int n = 700;
        long[] ls = JvmOracle.longs(9703, n);
        float[] fs = JvmOracle.floats(9704, n, -2f, 2f);
        double[] ds = JvmOracle.doubles(9705, n, -2, 2);
        float[] fSpecial = {Float.NaN, Float.intBitsToFloat(0x7fc00001), -0f, 0f, Float.POSITIVE_INFINITY, 1f};
        double[] dSpecial = {Double.NaN, Double.longBitsToDouble(0x7ff8000000000001L), -0d, 0d,
                Double.NEGATIVE_INFINITY, 1d};
        for (int k = 0; k < n; k += 3) {
            fs[k] = fSpecial[(k / 3) % fSpecial.length];
            ds[k] = dSpecial[(k / 3) % dSpecial.length];
        }
        check(RecordMethodsTest::mixed, ls, fs, ds, new int[n]);
    }

    @Test
    public void aRecordInAFieldAndRecordsInAnArray() {
        int n = 500;
        int[] xs = JvmOracle.ints(9706, n, -3, 3);
        Holder h = new Holder(new Pt(2, 2));
        int[] out = new int[n];
        int[] expected = new int[n];
        h.hits(xs, expected);
        try (TaskSchedule s = new TaskSchedule("field").task("t", h::hits, xs, out)) {
            s.execute();
            JvmOracle.assertRanOnDevice(s.report(), "t");
        }
        JvmOracle.assertSame("out", expected, out);
        Pt[] ps = new Pt[n];
        for (int k = 0; k < n; k++) {
            ps[k] = k % 5 == 4 ? null : new Pt(k % 9 == 0 ? k : k + 1, k);
        }
        check(RecordMethodsTest::elements, ps, new int[n]);
    }

    @Test
    public void equalsWithElementsOfArraysAsItsArgument() {
        int m = 40;
        Pt[] ps = new Pt[m];
        Record[] rs = new Record[m];
        for (int k = 0; k < m; k++) {
            ps[k] = k % 7 == 6 ? null : new Pt(k % 5, (k * 2) % 3);
            rs[k] = k % 4 == 3 ? null : k % 2 == 0 ? new Pt(k % 5, k % 3) : new Other(k % 5, k % 3);
        }
        check(RecordMethodsTest::duplicates, ps, rs, new int[300]);
    }

    private static void refused(String reason, Runnable r) {
        try {
            r.run();
            fail("strict mode should refuse it");
        } catch (CompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(reason));
        }
    }

    @Test
    public void toStringAndReferenceComponentsAreRefused() {
        refused("reference type", () -> {
            try (TaskSchedule s = new TaskSchedule("named").task("t", RecordMethodsTest::named, new Named("a", 1),
                    new int[10])) {
                s.execute();
            }
        });
        refused("toString", () -> {
            try (TaskSchedule s = new TaskSchedule("shown").task("t", RecordMethodsTest::shown, new int[10])) {
                s.execute();
            }
        });
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static org.junit.Assert.fail;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.Test;

/**
 * Probes of the special cases that the Javadoc of {@code java.lang.Math} and {@code StrictMath} lists (NaN, ±∞, ±0,
 * exact results, atan2's quadrants, pow's rules), at signed zeros, NaNs with payloads and either sign, subnormals,
 * MIN_NORMAL, MAX_VALUE, near multiples of π/2 and at huge arguments; in the default (exact) mode and in relaxed
 * mode, where "NaN, infinities and Java's special values stay Java's". StrictMath: bit for bit with the JVM.
 * Math: the Javadoc's special values bit for bit (NaN canonicalised: Java specifies no payload), other values within
 * {@link TranscendentalTest}'s bounds of the JVM's result. Every test collects all mismatches before failing.
 */
public class MathSpecialProbeTest {
    // ---------------------------------------------------------------- inputs

    static final double NAN_PAYLOAD = Double.longBitsToDouble(0x7ff0000000000001L);
    static final double NEG_NAN = Double.longBitsToDouble(0xfff8000000000000L);
    static final double NEG_NAN_PAYLOAD = Double.longBitsToDouble(0xfff0000000000123L);
    static final float F_NAN_PAYLOAD = Float.intBitsToFloat(0x7f800001);
    static final float F_NEG_NAN = Float.intBitsToFloat(0xffc00000);
    static final float F_NEG_NAN_PAYLOAD = Float.intBitsToFloat(0xff800123);

    static final double[] D = {Double.NaN, NAN_PAYLOAD, NEG_NAN, NEG_NAN_PAYLOAD, 0.0, -0.0,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
        -Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0, 0.5,
        -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, 2.0, -2.0, 3.0, -8.0, 8.0, 27.0, -27.0, 10.0, 100.0, 1e15, 1e22, 0.1,
        -0.1, 1e-8, -1e-8, 0x1p-28, 0x1p-54, -0x1p-54, 1e-300, -1e-300, 1e-310, 1e300, -1e300, Math.PI / 2,
        -Math.PI / 2, Math.PI, -Math.PI, Math.PI / 4, 3 * Math.PI / 2, 2 * Math.PI, 709.782712893384,
        709.7827128933841, 710.5, -710.5, -708.4, -745.1332191019411, -745.1332191019412, -746.0, 0.9999999999999999,
        1.0000000000000002, -0.9999999999999999, -1.0000000000000002, 20.0, -20.0, 22.0, -22.0, 40.0, -40.0, 0.49999999999999994,
        -0.49999999999999994, 4503599627370495.5, -4503599627370495.5, 4503599627370497.0, 0x1p52, -0x1p52, 0x1p53,
        1e16, 0.7, -0.7, 37.5, -37.5, 711.0, -1.0e-20, 710.4758600739439, -710.4758600739439, 710.475860073944,
        -710.475860073944, 709.78, 1e-320, 1.5 * Double.MIN_NORMAL, 709.9, 710.0, -710.0, 710.3, 710.47};

    static final float[] F = {Float.NaN, F_NAN_PAYLOAD, F_NEG_NAN, F_NEG_NAN_PAYLOAD, 0f, -0f,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL,
        -Float.MIN_NORMAL, Math.nextDown(Float.MIN_NORMAL), Float.MAX_VALUE, -Float.MAX_VALUE, 1f, -1f, 0.5f, -0.5f,
        1.5f, -1.5f, 2.5f, -2.5f, 0.49999997f, -0.49999997f, 8388607.5f, -8388607.5f, 8388609f, 0x1p23f, 1e10f, -1e10f,
        2147483647f, 2147483648f, -2147483648f, 9.223372e18f, -9.223372e18f, 0.1f, -0.1f, 3f, -8f, 10f, 1e-40f,
        -3e-39f, (float) Math.PI, (float) (Math.PI / 2), (float) (-Math.PI / 2), (float) (3 * Math.PI / 2), 1e30f,
        -1e30f, 88.72283f, 88.72284f, 88.7229f, 89f, -87.33655f, -103.97207f, -103.97208f, -104f, -110f, 1e-7f, 0.7f,
        100f, 1e38f, 2f, 1.0000001f, 0.99999994f};

    /** Multiples of π/2, their neighbours, huge and famous hard arguments for sin, cos and tan. */
    static double[] trigInputs() {
        List<Double> v = new ArrayList<>();
        for (int k = 1; k <= 40; k++) {
            double m = k * (Math.PI / 2);
            v.add(m);
            v.add(-m);
            v.add(Math.nextUp(m));
            v.add(Math.nextDown(m));
        }
        for (double m : new double[] {1e6 * Math.PI, 1e9 * Math.PI / 2, 1e15 * Math.PI, 0x1p30, 0x1p52, 0x1p60,
            0x1p120, 0x1p1023, 1e22, 1e100, 1e200, 1e300, -1e300, 1e308, Double.MAX_VALUE, -Double.MAX_VALUE,
            5.319372648326541e255, 6381956970095103.0 * Math.pow(2, 797), 1.5707963267948966, 1.5707963267948968,
            3.141592653589793, 3.1415926535897936, 4.71238898038469, 0x1p-27, 0x1p-26, 1e-10, Double.MIN_VALUE,
            -Double.MIN_VALUE, Double.MIN_NORMAL, 0.0, -0.0, 0.78539816339744828, 0.78539816339744839, 2.356194490192345,
            5.497787143782138, 1e5, 1.23456789e7, 2.5e8, 1234567890123.0}) {
            v.add(m);
            v.add(-m);
        }
        for (int e = 5; e <= 308; e += 7) {
            v.add(Math.pow(10, e) * 1.2345);
        }
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    /** Pairs for pow, atan2, hypot: every special against every special. */
    static final double[] P = {Double.NaN, NEG_NAN_PAYLOAD, 0.0, -0.0, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 1.5, -1.5, Double.MIN_VALUE,
        -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0000000000000002,
        0.9999999999999999, -0.9999999999999999, 1e300, -8.0, 1.0 / 3, -1.0 / 3, 0x1p53, 0x1p53 + 2, 0x1p63, 0x1p31,
        0x1p31 + 1, -(0x1p31 + 1), 1075.0, -1075.0, 1024.0, -1023.0, 0.25, 10.0};

    static double[][] grid() {
        int n = P.length * P.length;
        double[][] g = new double[2][n];
        for (int i = 0; i < P.length; i++) {
            for (int j = 0; j < P.length; j++) {
                g[0][i * P.length + j] = P[i];
                g[1][i * P.length + j] = P[j];
            }
        }
        return g;
    }

    // ---------------------------------------------------------------- kernels

    static final String[] UNARY = {"sin", "cos", "tan", "asin", "acos", "atan", "exp", "log", "log10", "log1p",
        "expm1", "sinh", "cosh", "tanh", "cbrt", "sqrt", "floor", "ceil", "rint", "abs", "signum", "toRadians",
        "toDegrees"};
    /** Ulp bounds (of the JVM's result) per UNARY slot for Math; 0: exact. */
    static final double[] UNARY_ULPS = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 6, 6, 6, 3, 0, 0, 0, 0, 0, 0, 0, 0};
    static final int U = UNARY.length;

    public static void mathUnary(double[] x, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            double v = x[i];
            int b = i * 23;
            o[b] = Math.sin(v);
            o[b + 1] = Math.cos(v);
            o[b + 2] = Math.tan(v);
            o[b + 3] = Math.asin(v);
            o[b + 4] = Math.acos(v);
            o[b + 5] = Math.atan(v);
            o[b + 6] = Math.exp(v);
            o[b + 7] = Math.log(v);
            o[b + 8] = Math.log10(v);
            o[b + 9] = Math.log1p(v);
            o[b + 10] = Math.expm1(v);
            o[b + 11] = Math.sinh(v);
            o[b + 12] = Math.cosh(v);
            o[b + 13] = Math.tanh(v);
            o[b + 14] = Math.cbrt(v);
            o[b + 15] = Math.sqrt(v);
            o[b + 16] = Math.floor(v);
            o[b + 17] = Math.ceil(v);
            o[b + 18] = Math.rint(v);
            o[b + 19] = Math.abs(v);
            o[b + 20] = Math.signum(v);
            o[b + 21] = Math.toRadians(v);
            o[b + 22] = Math.toDegrees(v);
        }
    }

    public static void strictUnary(double[] x, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            double v = x[i];
            int b = i * 23;
            o[b] = StrictMath.sin(v);
            o[b + 1] = StrictMath.cos(v);
            o[b + 2] = StrictMath.tan(v);
            o[b + 3] = StrictMath.asin(v);
            o[b + 4] = StrictMath.acos(v);
            o[b + 5] = StrictMath.atan(v);
            o[b + 6] = StrictMath.exp(v);
            o[b + 7] = StrictMath.log(v);
            o[b + 8] = StrictMath.log10(v);
            o[b + 9] = StrictMath.log1p(v);
            o[b + 10] = StrictMath.expm1(v);
            o[b + 11] = StrictMath.sinh(v);
            o[b + 12] = StrictMath.cosh(v);
            o[b + 13] = StrictMath.tanh(v);
            o[b + 14] = StrictMath.cbrt(v);
            o[b + 15] = StrictMath.sqrt(v);
            o[b + 16] = StrictMath.floor(v);
            o[b + 17] = StrictMath.ceil(v);
            o[b + 18] = StrictMath.rint(v);
            o[b + 19] = StrictMath.abs(v);
            o[b + 20] = StrictMath.signum(v);
            o[b + 21] = StrictMath.toRadians(v);
            o[b + 22] = StrictMath.toDegrees(v);
        }
    }

    static final String[] BINARY = {"pow", "atan2", "hypot", "min", "max"};

    public static void mathBinary(double[] x, double[] y, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 5;
            o[b] = Math.pow(x[i], y[i]);
            o[b + 1] = Math.atan2(x[i], y[i]);
            o[b + 2] = Math.hypot(x[i], y[i]);
            o[b + 3] = Math.min(x[i], y[i]);
            o[b + 4] = Math.max(x[i], y[i]);
        }
    }

    public static void strictBinary(double[] x, double[] y, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 5;
            o[b] = StrictMath.pow(x[i], y[i]);
            o[b + 1] = StrictMath.atan2(x[i], y[i]);
            o[b + 2] = StrictMath.hypot(x[i], y[i]);
            o[b + 3] = StrictMath.min(x[i], y[i]);
            o[b + 4] = StrictMath.max(x[i], y[i]);
        }
    }

    static final String[] TRIG = {"sin", "cos", "tan"};

    public static void mathTrig(double[] x, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            o[i * 3] = Math.sin(x[i]);
            o[i * 3 + 1] = Math.cos(x[i]);
            o[i * 3 + 2] = Math.tan(x[i]);
        }
    }

    public static void strictTrig(double[] x, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            o[i * 3] = StrictMath.sin(x[i]);
            o[i * 3 + 1] = StrictMath.cos(x[i]);
            o[i * 3 + 2] = StrictMath.tan(x[i]);
        }
    }

    static final String[] F_BASIC = {"abs", "min", "max", "signum", "Math.copySign", "StrictMath.copySign",
        "StrictMath.abs", "StrictMath.signum"};

    public static void floatBasic(float[] x, float[] y, float[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 8;
            o[b] = Math.abs(x[i]);
            o[b + 1] = Math.min(x[i], y[i]);
            o[b + 2] = Math.max(x[i], y[i]);
            o[b + 3] = Math.signum(x[i]);
            o[b + 4] = Math.copySign(x[i], y[i]);
            o[b + 5] = StrictMath.copySign(x[i], y[i]);
            o[b + 6] = StrictMath.abs(x[i]);
            o[b + 7] = StrictMath.signum(x[i]);
        }
    }

    public static void doubleBasic(double[] x, double[] y, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 8;
            o[b] = Math.abs(x[i]);
            o[b + 1] = Math.min(x[i], y[i]);
            o[b + 2] = Math.max(x[i], y[i]);
            o[b + 3] = Math.signum(x[i]);
            o[b + 4] = Math.copySign(x[i], y[i]);
            o[b + 5] = StrictMath.copySign(x[i], y[i]);
            o[b + 6] = StrictMath.abs(x[i]);
            o[b + 7] = StrictMath.signum(x[i]);
        }
    }

    static final String[] ULP_OPS = {"ulp", "nextUp", "nextDown", "nextAfter", "scalb(x,k)"};

    public static void floatUlps(float[] x, float[] y, int[] k, float[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 5;
            o[b] = Math.ulp(x[i]);
            o[b + 1] = Math.nextUp(x[i]);
            o[b + 2] = Math.nextDown(x[i]);
            o[b + 3] = Math.nextAfter(x[i], (double) y[i]);
            o[b + 4] = Math.scalb(x[i], k[i]);
        }
    }

    public static void doubleUlps(double[] x, double[] y, int[] k, double[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 5;
            o[b] = Math.ulp(x[i]);
            o[b + 1] = Math.nextUp(x[i]);
            o[b + 2] = Math.nextDown(x[i]);
            o[b + 3] = Math.nextAfter(x[i], y[i]);
            o[b + 4] = Math.scalb(x[i], k[i]);
        }
    }

    public static void floatRound(float[] x, int[] r, int[] e) {
        for (@Parallel int i = 0; i < x.length; i++) {
            r[i] = Math.round(x[i]);
            e[i] = Math.getExponent(x[i]);
        }
    }

    public static void doubleRound(double[] x, long[] r, int[] e) {
        for (@Parallel int i = 0; i < x.length; i++) {
            r[i] = Math.round(x[i]);
            e[i] = Math.getExponent(x[i]);
        }
    }

    public static void fmaDouble(double[] a, double[] b, double[] c, double[] o) {
        for (@Parallel int i = 0; i < a.length; i++) {
            o[i] = Math.fma(a[i], b[i], c[i]);
        }
    }

    public static void fmaFloat(float[] a, float[] b, float[] c, float[] o) {
        for (@Parallel int i = 0; i < a.length; i++) {
            o[i] = Math.fma(a[i], b[i], c[i]);
        }
    }

    static final String[] NARROWED = {"sin", "cos", "tan", "exp", "log"};

    /** MRI-Q's form: the narrowed functions. */
    public static void narrowed(float[] x, float[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 5;
            o[b] = (float) Math.sin(x[i]);
            o[b + 1] = (float) Math.cos(x[i]);
            o[b + 2] = (float) Math.tan(x[i]);
            o[b + 3] = (float) Math.exp(x[i]);
            o[b + 4] = (float) Math.log(x[i]);
        }
    }

    static final String[] NARROWED_EXACT = {"StrictMath.sin", "StrictMath.cos", "StrictMath.tan", "StrictMath.exp",
        "StrictMath.log", "sqrt", "floor", "ceil", "rint", "toDegrees", "StrictMath.pow(x,2.5)", "abs"};

    public static void narrowedExact(float[] x, float[] o) {
        for (@Parallel int i = 0; i < x.length; i++) {
            int b = i * 12;
            o[b] = (float) StrictMath.sin(x[i]);
            o[b + 1] = (float) StrictMath.cos(x[i]);
            o[b + 2] = (float) StrictMath.tan(x[i]);
            o[b + 3] = (float) StrictMath.exp(x[i]);
            o[b + 4] = (float) StrictMath.log(x[i]);
            o[b + 5] = (float) Math.sqrt(x[i]);
            o[b + 6] = (float) Math.floor(x[i]);
            o[b + 7] = (float) Math.ceil(x[i]);
            o[b + 8] = (float) Math.rint(x[i]);
            o[b + 9] = (float) Math.toDegrees(x[i]);
            o[b + 10] = (float) StrictMath.pow(x[i], 2.5);
            o[b + 11] = (float) Math.abs((double) x[i]);
        }
    }

    // ---------------------------------------------------------------- running and comparing

    private static void run(String id, boolean relaxed, Consumer<TaskSchedule> add) {
        try (TaskSchedule s = new TaskSchedule(id)) {
            add.accept(s);
            if (relaxed) {
                s.relaxedMath(true);
            }
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
    }

    /** Collected mismatches of one test. */
    static final class Problems {
        final List<String> lines = new ArrayList<>();

        void add(String s) {
            lines.add(s);
        }

        void check() {
            if (!lines.isEmpty()) {
                StringBuilder sb = new StringBuilder(lines.size() + " mismatches:");
                for (int i = 0; i < Math.min(60, lines.size()); i++) {
                    sb.append("\n  ").append(lines.get(i));
                }
                fail(sb.toString());
            }
        }
    }

    static String bits(double d) {
        return d + " (0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
    }

    static String bits(float f) {
        return f + " (0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
    }

    static boolean sameBits(double e, double a) {
        return Double.doubleToLongBits(e) == Double.doubleToLongBits(a);
    }

    static boolean sameBits(float e, float a) {
        return Float.floatToIntBits(e) == Float.floatToIntBits(a);
    }

    static boolean special(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) || v == 0.0;
    }

    /** Within ulps of e, NaN/∞/zero (with sign) exactly. */
    static boolean withinUlps(double e, double a, double ulps) {
        if (special(e) || special(a)) {
            return sameBits(e, a);
        }
        return Math.abs(e - a) <= ulps * Math.ulp(e);
    }

    static boolean withinUlps(float e, float a, double ulps) {
        if (Float.isNaN(e) || Float.isInfinite(e) || e == 0f || Float.isNaN(a) || Float.isInfinite(a) || a == 0f) {
            return sameBits(e, a);
        }
        return Math.abs((double) e - a) <= ulps * Math.ulp(e);
    }

    static double[] runUnary(boolean strict, boolean relaxed, double[] x) {
        double[] o = new double[x.length * U];
        run("unary", relaxed, s -> {
            if (strict) {
                s.task("t", MathSpecialProbeTest::strictUnary, x, o);
            } else {
                s.task("t", MathSpecialProbeTest::mathUnary, x, o);
            }
        });
        return o;
    }

    static double[] runBinary(boolean strict, boolean relaxed, double[] x, double[] y) {
        double[] o = new double[x.length * 5];
        run("binary", relaxed, s -> {
            if (strict) {
                s.task("t", MathSpecialProbeTest::strictBinary, x, y, o);
            } else {
                s.task("t", MathSpecialProbeTest::mathBinary, x, y, o);
            }
        });
        return o;
    }

    // ---------------------------------------------------------------- the Javadoc's special values

    /** One Javadoc case: function (a UNARY name), argument, the result the Javadoc gives. */
    static final class Case {
        final String f;
        final double x;
        final double want;

        Case(String f, double x, double want) {
            this.f = f;
            this.x = x;
            this.want = want;
        }
    }

    static final double NAN = Double.NaN;
    static final double INF = Double.POSITIVE_INFINITY;

    static List<Case> javadocUnaryCases() {
        List<Case> c = new ArrayList<>();
        double[] nans = {Double.NaN, NAN_PAYLOAD, NEG_NAN, NEG_NAN_PAYLOAD};
        for (String f : UNARY) {
            for (double n : nans) {
                c.add(new Case(f, n, NAN));
            }
        }
        for (String f : new String[] {"sin", "cos", "tan"}) {
            c.add(new Case(f, INF, NAN));
            c.add(new Case(f, -INF, NAN));
        }
        // odd functions keep the zero's sign
        for (String f : new String[] {"sin", "tan", "asin", "atan", "log1p", "expm1", "sinh", "tanh", "cbrt", "sqrt",
            "floor", "ceil", "rint", "signum", "toRadians", "toDegrees"}) {
            c.add(new Case(f, 0.0, 0.0));
            c.add(new Case(f, -0.0, -0.0));
        }
        c.add(new Case("cos", 0.0, 1.0));
        c.add(new Case("cos", -0.0, 1.0));
        c.add(new Case("cosh", 0.0, 1.0));
        c.add(new Case("cosh", -0.0, 1.0));
        c.add(new Case("exp", 0.0, 1.0));
        c.add(new Case("exp", -0.0, 1.0));
        c.add(new Case("exp", INF, INF));
        c.add(new Case("exp", -INF, 0.0));
        c.add(new Case("log", INF, INF));
        c.add(new Case("log", 0.0, -INF));
        c.add(new Case("log", -0.0, -INF));
        c.add(new Case("log", -1.0, NAN));
        c.add(new Case("log", -Double.MIN_VALUE, NAN));
        c.add(new Case("log", -INF, NAN));
        c.add(new Case("log", 1.0, 0.0));
        c.add(new Case("log10", INF, INF));
        c.add(new Case("log10", 0.0, -INF));
        c.add(new Case("log10", -0.0, -INF));
        c.add(new Case("log10", -1.0, NAN));
        c.add(new Case("log10", -INF, NAN));
        c.add(new Case("log10", 1.0, 0.0));
        c.add(new Case("log10", 10.0, 1.0));
        c.add(new Case("log10", 100.0, 2.0));
        c.add(new Case("log10", 1e15, 15.0));
        c.add(new Case("log10", 1e22, 22.0));
        c.add(new Case("log1p", INF, INF));
        c.add(new Case("log1p", -1.0, -INF));
        c.add(new Case("log1p", -1.0000000000000002, NAN));
        c.add(new Case("log1p", -INF, NAN));
        c.add(new Case("expm1", INF, INF));
        c.add(new Case("expm1", -INF, -1.0));
        c.add(new Case("sinh", INF, INF));
        c.add(new Case("sinh", -INF, -INF));
        c.add(new Case("cosh", INF, INF));
        c.add(new Case("cosh", -INF, INF));
        c.add(new Case("tanh", INF, 1.0));
        c.add(new Case("tanh", -INF, -1.0));
        c.add(new Case("tanh", 40.0, 1.0));
        c.add(new Case("tanh", -40.0, -1.0));
        c.add(new Case("tanh", 22.0, 1.0));
        c.add(new Case("tanh", -22.0, -1.0));
        c.add(new Case("cbrt", INF, INF));
        c.add(new Case("cbrt", -INF, -INF));
        c.add(new Case("asin", 1.0000000000000002, NAN));
        c.add(new Case("asin", -1.0000000000000002, NAN));
        c.add(new Case("asin", INF, NAN));
        c.add(new Case("acos", 1.0000000000000002, NAN));
        c.add(new Case("acos", -INF, NAN));
        c.add(new Case("acos", 1.0, 0.0));
        c.add(new Case("atan", INF, Math.PI / 2));
        c.add(new Case("atan", -INF, -Math.PI / 2));
        c.add(new Case("sqrt", -Double.MIN_VALUE, NAN));
        c.add(new Case("sqrt", -INF, NAN));
        c.add(new Case("sqrt", INF, INF));
        c.add(new Case("floor", -0.5, -1.0));
        c.add(new Case("floor", 0.5, 0.0));
        c.add(new Case("ceil", -0.5, -0.0));
        c.add(new Case("ceil", 0.5, 1.0));
        c.add(new Case("ceil", -0.49999999999999994, -0.0));
        c.add(new Case("rint", 0.5, 0.0));
        c.add(new Case("rint", -0.5, -0.0));
        c.add(new Case("rint", 1.5, 2.0));
        c.add(new Case("rint", 2.5, 2.0));
        c.add(new Case("rint", -2.5, -2.0));
        c.add(new Case("rint", 4503599627370495.5, 4503599627370496.0));
        c.add(new Case("rint", -Double.MIN_VALUE, -0.0));
        c.add(new Case("floor", -Double.MIN_VALUE, -1.0));
        c.add(new Case("ceil", Double.MIN_VALUE, 1.0));
        c.add(new Case("abs", -0.0, 0.0));
        c.add(new Case("abs", -INF, INF));
        c.add(new Case("signum", -Double.MIN_VALUE, -1.0));
        c.add(new Case("signum", Double.MAX_VALUE, 1.0));
        c.add(new Case("signum", -INF, -1.0));
        c.add(new Case("toDegrees", INF, INF));
        c.add(new Case("toRadians", -INF, -INF));
        return c;
    }

    static int slot(String f) {
        for (int j = 0; j < U; j++) {
            if (UNARY[j].equals(f)) {
                return j;
            }
        }
        throw new IllegalArgumentException(f);
    }

    private static void javadocUnary(boolean strict, boolean relaxed) {
        List<Case> cases = javadocUnaryCases();
        double[] x = new double[cases.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = cases.get(i).x;
        }
        double[] got = runUnary(strict, relaxed, x);
        double[] jvm = new double[got.length];
        if (strict) {
            strictUnary(x.clone(), jvm);
        } else {
            mathUnary(x.clone(), jvm);
        }
        Problems p = new Problems();
        for (int i = 0; i < x.length; i++) {
            Case c = cases.get(i);
            double a = got[i * U + slot(c.f)];
            double j = jvm[i * U + slot(c.f)];
            if (!sameBits(c.want, j)) {
                p.add("(test/JVM disagree) " + c.f + "(" + bits(c.x) + "): Javadoc " + bits(c.want) + ", JVM " + bits(j));
            }
            if (!sameBits(c.want, a)) {
                p.add(c.f + "(" + bits(c.x) + "): Javadoc/JVM " + bits(c.want) + ", Ferrocl " + bits(a));
            }
        }
        p.check();
    }

    /** Odd symmetry cbrt(-x) == -cbrt(x) (Javadoc), |tanh| <= 1 (Javadoc), over every input of D. */
    private static void symmetry(boolean relaxed) {
        double[] got = runUnary(false, relaxed, D);
        Problems p = new Problems();
        int cb = slot("cbrt");
        int th = slot("tanh");
        for (int i = 0; i < D.length; i++) {
            double t = got[i * U + th];
            if (Math.abs(t) > 1.0) {
                p.add("tanh(" + bits(D[i]) + ") = " + bits(t) + " has |result| > 1");
            }
            for (int k = 0; k < D.length; k++) {
                if (!Double.isNaN(D[i]) && Double.doubleToRawLongBits(D[k]) == (Double.doubleToRawLongBits(D[i])
                        ^ Long.MIN_VALUE) && !sameBits(got[k * U + cb], -got[i * U + cb])) {
                    p.add("cbrt(" + bits(D[k]) + ") = " + bits(got[k * U + cb]) + " but -cbrt(" + bits(D[i]) + ") = "
                            + bits(-got[i * U + cb]));
                }
            }
        }
        p.check();
    }

    // ---------------------------------------------------------------- StrictMath: bit for bit

    @Test
    public void strictUnaryAtSpecialsBitExact() {
        double[] got = runUnary(true, false, D);
        double[] jvm = new double[got.length];
        strictUnary(D.clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < D.length; i++) {
            for (int j = 0; j < U; j++) {
                if (!sameBits(jvm[i * U + j], got[i * U + j])) {
                    p.add("StrictMath." + UNARY[j] + "(" + bits(D[i]) + "): JVM " + bits(jvm[i * U + j]) + ", Ferrocl "
                            + bits(got[i * U + j]));
                }
            }
        }
        p.check();
    }

    @Test
    public void strictUnaryJavadocSpecials() {
        javadocUnary(true, false);
    }

    @Test
    public void strictUnaryJavadocSpecialsUnderRelaxedMath() {
        javadocUnary(true, true);
    }

    @Test
    public void strictBinaryGridBitExact() {
        strictBinaryGrid(false);
    }

    @Test
    public void strictBinaryGridBitExactUnderRelaxedMath() {
        strictBinaryGrid(true);
    }

    private static void strictBinaryGrid(boolean relaxed) {
        double[][] g = grid();
        double[] got = runBinary(true, relaxed, g[0], g[1]);
        double[] jvm = new double[got.length];
        strictBinary(g[0].clone(), g[1].clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < g[0].length; i++) {
            for (int j = 0; j < 5; j++) {
                if (!sameBits(jvm[i * 5 + j], got[i * 5 + j])) {
                    p.add("StrictMath." + BINARY[j] + "(" + bits(g[0][i]) + ", " + bits(g[1][i]) + "): JVM "
                            + bits(jvm[i * 5 + j]) + ", Ferrocl " + bits(got[i * 5 + j]));
                }
            }
        }
        p.check();
    }

    @Test
    public void strictTrigNearPiOver2AndHugeBitExact() {
        double[] x = trigInputs();
        double[] o = new double[x.length * 3];
        run("trig", false, s -> s.task("t", MathSpecialProbeTest::strictTrig, x, o));
        double[] jvm = new double[o.length];
        strictTrig(x.clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < o.length; i++) {
            if (!sameBits(jvm[i], o[i])) {
                p.add("StrictMath." + TRIG[i % 3] + "(" + bits(x[i / 3]) + "): JVM " + bits(jvm[i]) + ", Ferrocl "
                        + bits(o[i]));
            }
        }
        p.check();
    }

    // ---------------------------------------------------------------- Math, exact mode

    @Test
    public void mathUnaryJavadocSpecials() {
        javadocUnary(false, false);
    }

    @Test
    public void mathUnaryAtSpecialsWithinBounds() {
        double[] got = runUnary(false, false, D);
        double[] jvm = new double[got.length];
        mathUnary(D.clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < D.length; i++) {
            for (int j = 0; j < U; j++) {
                double e = jvm[i * U + j];
                double a = got[i * U + j];
                boolean ok = UNARY_ULPS[j] == 0 ? sameBits(e, a) : withinUlps(e, a, UNARY_ULPS[j]);
                if (!ok) {
                    p.add("Math." + UNARY[j] + "(" + bits(D[i]) + "): JVM " + bits(e) + ", Ferrocl " + bits(a)
                            + " (bound " + UNARY_ULPS[j] + " ulps)");
                }
            }
        }
        p.check();
    }

    @Test
    public void mathCbrtOddAndTanhBounded() {
        symmetry(false);
    }

    @Test
    public void mathTrigNearPiOver2AndHugeWithinBounds() {
        trigWithin(false, TranscendentalTest.ULPS_1);
    }

    private static void trigWithin(boolean relaxed, double ulps) {
        double[] x = trigInputs();
        double[] o = new double[x.length * 3];
        run("trig", relaxed, s -> s.task("t", MathSpecialProbeTest::mathTrig, x, o));
        double[] jvm = new double[o.length];
        mathTrig(x.clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < o.length; i++) {
            if (!withinUlps(jvm[i], o[i], ulps)) {
                p.add("Math." + TRIG[i % 3] + "(" + bits(x[i / 3]) + "): JVM " + bits(jvm[i]) + ", Ferrocl "
                        + bits(o[i]) + " (" + (Math.abs(jvm[i] - o[i]) / Math.ulp(jvm[i])) + " ulps; bound " + ulps
                        + ")");
            }
        }
        p.check();
    }

    /**
     * Whether the Javadoc fixes f(x, y) exactly: pow's rules (y = ±0, y = 1, NaN, a zero or infinite operand, |x| =
     * 1 with y infinite, both integers with a representable result), atan2 with any NaN, zero or infinite operand,
     * hypot with an infinite or NaN operand or both zero; min/max always.
     */
    static boolean javadocExact(int f, double x, double y, double jvm) {
        return javadocExact(f, x, y, jvm, false);
    }

    /**
     * The same for relaxed math, where of pow's exact integer powers only those with y > 0 and a result below 2^46
     * in magnitude stay exact ({@link dev.ferrocl.api.RelaxedMath}); the others are held to the built-in's bound.
     */
    static boolean javadocExact(int f, double x, double y, double jvm, boolean relaxed) {
        boolean anyNaN = Double.isNaN(x) || Double.isNaN(y);
        switch (f) {
            case 0:
                if (y == 0 || y == 1 || anyNaN || x == 0 || Double.isInfinite(x) || Double.isInfinite(y)) {
                    return true;
                }
                if (special(jvm)) {
                    return true; // overflow, underflow, or NaN of a negative base and non-integer y
                }
                return integerPowExact(x, y, jvm) && (!relaxed || (y > 0 && Math.abs(jvm) < 0x1p46));
            case 1:
                return anyNaN || x == 0 || y == 0 || Double.isInfinite(x) || Double.isInfinite(y);
            case 2:
                return anyNaN || Double.isInfinite(x) || Double.isInfinite(y) || (x == 0 && y == 0);
            default:
                return true;
        }
    }

    static boolean isInt(double v) {
        return !Double.isInfinite(v) && Math.ceil(v) == v;
    }

    /** Both integers and the JVM's finite result is the exact power. */
    static boolean integerPowExact(double x, double y, double jvm) {
        if (!isInt(x) || !isInt(y) || Math.abs(y) > 2000 || special(jvm)) {
            return false;
        }
        int k = (int) Math.abs(y);
        int ex = Math.getExponent(x);
        if ((long) Math.abs(ex) * k > 3000) {
            return false;
        }
        BigDecimal p = new BigDecimal(x).pow(k);
        BigDecimal r = new BigDecimal(jvm);
        return y > 0 ? p.compareTo(r) == 0 : p.multiply(r).compareTo(BigDecimal.ONE) == 0;
    }

    static final double[] BINARY_ULPS = {TranscendentalTest.ULPS_1, TranscendentalTest.ULPS_ATAN2, 3, 0, 0};

    private static void binaryGrid(boolean relaxed, boolean boundsToo) {
        double[][] g = grid();
        double[] got = runBinary(false, relaxed, g[0], g[1]);
        double[] jvm = new double[got.length];
        mathBinary(g[0].clone(), g[1].clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < g[0].length; i++) {
            for (int f = 0; f < 5; f++) {
                double e = jvm[i * 5 + f];
                double a = got[i * 5 + f];
                boolean exact = javadocExact(f, g[0][i], g[1][i], e, relaxed);
                boolean ok = exact ? sameBits(e, a)
                        : !boundsToo ? (Double.isNaN(e) == Double.isNaN(a)
                                && (Double.isInfinite(e) ? e == a : !Double.isInfinite(a)))
                        : withinUlps(e, a, BINARY_ULPS[f]);
                if (!ok) {
                    p.add("Math." + BINARY[f] + "(" + bits(g[0][i]) + ", " + bits(g[1][i]) + "): JVM " + bits(e)
                            + ", Ferrocl " + bits(a) + (exact ? " (Javadoc-exact)" : ""));
                }
            }
        }
        p.check();
    }

    @Test
    public void mathPowAtan2HypotMinMaxGrid() {
        binaryGrid(false, true);
    }

    @Test
    public void mathPowIntegerExponents() {
        powIntegers(false, TranscendentalTest.ULPS_1);
    }

    private static void powIntegers(boolean relaxed, double ulps) {
        double[] x = {3, -3, 10, 7, 2, -2, 2, -2, 5, -5, 3, 10, 2, -1, -1, 0x1p26, 9, 11, -6, 1e15, 2, 0.5, -0.5, 4, 4,
            -8, -8, 8, -27, 2, 0.5, 10, 2, 2, -2, 1.0000000000000002};
        double[] y = {33, 33, 22, 18, -1074, 1023, 1023, -1073, 22, 21, -2, -22, 0.5, 0x1p53 + 1, 0x1p60, 2, 16, 15,
            20, 1, 64, -1074, 3, 0.5, -0.5, 1.0 / 3, 3, 1.0 / 3, 1.0 / 3, 1023.9999999999999, -1023.9999999999999,
            308.25, -1074.5, 1024, 1025, 0x1p62};
        double[] o = new double[x.length * 5];
        run("pow", relaxed, s -> s.task("t", MathSpecialProbeTest::mathBinary, x, y, o));
        double[] jvm = new double[o.length];
        mathBinary(x.clone(), y.clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < x.length; i++) {
            double e = jvm[i * 5];
            double a = o[i * 5];
            boolean exact = javadocExact(0, x[i], y[i], e, relaxed);
            boolean ok = exact ? sameBits(e, a) : withinUlps(e, a, ulps);
            if (!ok) {
                p.add("Math.pow(" + bits(x[i]) + ", " + bits(y[i]) + "): JVM " + bits(e) + ", Ferrocl " + bits(a)
                        + (exact ? " (Javadoc: exact integer power)" : ""));
            }
        }
        p.check();
    }

    @Test
    public void floorCeilRintHalvesBothClasses() {
        double[] x = {0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, -0.0, 0.0,
            4503599627370495.5, -4503599627370495.5, 0x1p52 + 1, Double.MIN_VALUE, -Double.MIN_VALUE, -0.9, 0.9,
            Double.MAX_VALUE, NEG_NAN_PAYLOAD, Double.NEGATIVE_INFINITY};
        for (boolean strict : new boolean[] {false, true}) {
            double[] got = runUnary(strict, false, x);
            double[] jvm = new double[got.length];
            if (strict) {
                strictUnary(x.clone(), jvm);
            } else {
                mathUnary(x.clone(), jvm);
            }
            Problems p = new Problems();
            for (int i = 0; i < x.length; i++) {
                for (String f : new String[] {"floor", "ceil", "rint", "abs", "signum", "sqrt"}) {
                    int j = slot(f);
                    if (!sameBits(jvm[i * U + j], got[i * U + j])) {
                        p.add((strict ? "StrictMath." : "Math.") + f + "(" + bits(x[i]) + "): JVM "
                                + bits(jvm[i * U + j]) + ", Ferrocl " + bits(got[i * U + j]));
                    }
                }
            }
            p.check();
        }
    }

    // ---------------------------------------------------------------- float and double helpers (exact)

    static float[][] floatPairs() {
        int n = F.length * 3;
        float[][] g = new float[2][n];
        for (int i = 0; i < F.length; i++) {
            for (int j = 0; j < 3; j++) {
                g[0][i * 3 + j] = F[i];
                g[1][i * 3 + j] = F[(i * 7 + j * 13 + 1) % F.length];
            }
        }
        // the min/max/copySign classics
        float[] a = {0f, -0f, Float.NaN, 1f, -0f, F_NEG_NAN, 1f, -1f, Float.POSITIVE_INFINITY};
        float[] b = {-0f, 0f, 1f, Float.NaN, -0f, 2f, F_NEG_NAN, F_NEG_NAN_PAYLOAD, Float.NEGATIVE_INFINITY};
        float[][] out = new float[2][n + a.length];
        for (int k = 0; k < 2; k++) {
            System.arraycopy(g[k], 0, out[k], 0, n);
        }
        System.arraycopy(a, 0, out[0], n, a.length);
        System.arraycopy(b, 0, out[1], n, b.length);
        return out;
    }

    static double[][] doublePairs() {
        int n = D.length * 3;
        double[][] g = new double[2][n];
        for (int i = 0; i < D.length; i++) {
            for (int j = 0; j < 3; j++) {
                g[0][i * 3 + j] = D[i];
                g[1][i * 3 + j] = D[(i * 7 + j * 13 + 1) % D.length];
            }
        }
        double[] a = {0.0, -0.0, Double.NaN, 1.0, -0.0, NEG_NAN, 1.0, -1.0, Double.POSITIVE_INFINITY};
        double[] b = {-0.0, 0.0, 1.0, Double.NaN, -0.0, 2.0, NEG_NAN, NEG_NAN_PAYLOAD, Double.NEGATIVE_INFINITY};
        double[][] out = new double[2][n + a.length];
        for (int k = 0; k < 2; k++) {
            System.arraycopy(g[k], 0, out[k], 0, n);
        }
        System.arraycopy(a, 0, out[0], n, a.length);
        System.arraycopy(b, 0, out[1], n, b.length);
        return out;
    }

    private static void compareFloats(String[] names, float[] x, float[] y, float[] jvm, float[] got, Problems p) {
        int w = names.length;
        for (int i = 0; i < jvm.length; i++) {
            if (!sameBits(jvm[i], got[i])) {
                p.add(names[i % w] + "(" + bits(x[i / w]) + (y == null ? "" : ", " + bits(y[i / w])) + "): JVM "
                        + bits(jvm[i]) + ", Ferrocl " + bits(got[i]));
            }
        }
    }

    private static void compareDoubles(String[] names, double[] x, double[] y, double[] jvm, double[] got,
            Problems p) {
        int w = names.length;
        for (int i = 0; i < jvm.length; i++) {
            if (!sameBits(jvm[i], got[i])) {
                p.add(names[i % w] + "(" + bits(x[i / w]) + (y == null ? "" : ", " + bits(y[i / w])) + "): JVM "
                        + bits(jvm[i]) + ", Ferrocl " + bits(got[i]));
            }
        }
    }

    @Test
    public void floatAbsMinMaxSignumCopySign() {
        float[][] g = floatPairs();
        float[] o = new float[g[0].length * 8];
        run("fb", false, s -> s.task("t", MathSpecialProbeTest::floatBasic, g[0], g[1], o));
        float[] jvm = new float[o.length];
        floatBasic(g[0].clone(), g[1].clone(), jvm);
        Problems p = new Problems();
        compareFloats(F_BASIC, g[0], g[1], jvm, o, p);
        // StrictMath.copySign treats a NaN sign argument as positive (Javadoc): check against the Javadoc itself.
        for (int i = 0; i < g[0].length; i++) {
            if (Float.isNaN(g[1][i]) && !Float.isNaN(g[0][i])
                    && Float.floatToRawIntBits(o[i * 8 + 5]) != Float.floatToRawIntBits(Math.abs(g[0][i]))) {
                p.add("StrictMath.copySign(" + bits(g[0][i]) + ", " + bits(g[1][i]) + ") should be positive: Ferrocl "
                        + bits(o[i * 8 + 5]));
            }
        }
        p.check();
    }

    @Test
    public void doubleAbsMinMaxSignumCopySign() {
        double[][] g = doublePairs();
        double[] o = new double[g[0].length * 8];
        run("db", false, s -> s.task("t", MathSpecialProbeTest::doubleBasic, g[0], g[1], o));
        double[] jvm = new double[o.length];
        doubleBasic(g[0].clone(), g[1].clone(), jvm);
        Problems p = new Problems();
        compareDoubles(F_BASIC, g[0], g[1], jvm, o, p);
        for (int i = 0; i < g[0].length; i++) {
            if (Double.isNaN(g[1][i]) && !Double.isNaN(g[0][i])
                    && Double.doubleToRawLongBits(o[i * 8 + 5]) != Double.doubleToRawLongBits(Math.abs(g[0][i]))) {
                p.add("StrictMath.copySign(" + bits(g[0][i]) + ", " + bits(g[1][i]) + ") should be positive: Ferrocl "
                        + bits(o[i * 8 + 5]));
            }
        }
        p.check();
    }

    @Test
    public void floatAbsMinMaxSignumCopySignUnderRelaxedMath() {
        float[][] g = floatPairs();
        float[] o = new float[g[0].length * 8];
        run("fb", true, s -> s.task("t", MathSpecialProbeTest::floatBasic, g[0], g[1], o));
        float[] jvm = new float[o.length];
        floatBasic(g[0].clone(), g[1].clone(), jvm);
        Problems p = new Problems();
        compareFloats(F_BASIC, g[0], g[1], jvm, o, p);
        p.check();
    }

    static int[] scales(int n) {
        int[] k = {0, 1, -1, 3, -3, 127, -126, -149, -150, 128, 300, -300, 1023, -1074, -1075, 2000, -2000,
            Integer.MAX_VALUE, Integer.MIN_VALUE, 24, -24, 53, -53};
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = k[i % k.length];
        }
        return out;
    }

    @Test
    public void floatUlpNextScalb() {
        float[][] g = floatPairs();
        int[] k = scales(g[0].length);
        float[] o = new float[g[0].length * 5];
        run("fu", false, s -> s.task("t", MathSpecialProbeTest::floatUlps, g[0], g[1], k, o));
        float[] jvm = new float[o.length];
        floatUlps(g[0].clone(), g[1].clone(), k.clone(), jvm);
        Problems p = new Problems();
        compareFloats(ULP_OPS, g[0], g[1], jvm, o, p);
        p.check();
    }

    @Test
    public void doubleUlpNextScalb() {
        double[][] g = doublePairs();
        int[] k = scales(g[0].length);
        double[] o = new double[g[0].length * 5];
        run("du", false, s -> s.task("t", MathSpecialProbeTest::doubleUlps, g[0], g[1], k, o));
        double[] jvm = new double[o.length];
        doubleUlps(g[0].clone(), g[1].clone(), k.clone(), jvm);
        Problems p = new Problems();
        compareDoubles(ULP_OPS, g[0], g[1], jvm, o, p);
        p.check();
    }

    @Test
    public void floatRoundAndGetExponent() {
        float[] x = F.clone();
        int[] r = new int[x.length];
        int[] e = new int[x.length];
        run("fr", false, s -> s.task("t", MathSpecialProbeTest::floatRound, x, r, e));
        int[] jr = new int[x.length];
        int[] je = new int[x.length];
        floatRound(x.clone(), jr, je);
        Problems p = new Problems();
        for (int i = 0; i < x.length; i++) {
            if (jr[i] != r[i]) {
                p.add("Math.round(" + bits(x[i]) + "): JVM " + jr[i] + ", Ferrocl " + r[i]);
            }
            if (je[i] != e[i]) {
                p.add("Math.getExponent(" + bits(x[i]) + "): JVM " + je[i] + ", Ferrocl " + e[i]);
            }
        }
        p.check();
    }

    @Test
    public void doubleRoundAndGetExponent() {
        double[] x = D.clone();
        long[] r = new long[x.length];
        int[] e = new int[x.length];
        run("dr", false, s -> s.task("t", MathSpecialProbeTest::doubleRound, x, r, e));
        long[] jr = new long[x.length];
        int[] je = new int[x.length];
        doubleRound(x.clone(), jr, je);
        Problems p = new Problems();
        for (int i = 0; i < x.length; i++) {
            if (jr[i] != r[i]) {
                p.add("Math.round(" + bits(x[i]) + "): JVM " + jr[i] + ", Ferrocl " + r[i]);
            }
            if (je[i] != e[i]) {
                p.add("Math.getExponent(" + bits(x[i]) + "): JVM " + je[i] + ", Ferrocl " + e[i]);
            }
        }
        p.check();
    }

    @Test
    public void fmaSpecials() {
        double[] v = {Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            -Double.MIN_VALUE, 0.5, -1.0, Double.MAX_VALUE, 1.0 + 0x1p-52, 1.0 - 0x1p-53};
        int n = v.length * v.length * v.length;
        double[] a = new double[n];
        double[] b = new double[n];
        double[] c = new double[n];
        float[] fa = new float[n];
        float[] fb = new float[n];
        float[] fc = new float[n];
        int q = 0;
        for (double x : v) {
            for (double y : v) {
                for (double z : v) {
                    a[q] = x;
                    b[q] = y;
                    c[q] = z;
                    fa[q] = x == Double.MIN_VALUE ? Float.MIN_VALUE : x == -Double.MIN_VALUE ? -Float.MIN_VALUE
                            : x == Double.MAX_VALUE ? Float.MAX_VALUE : x == 1.0 + 0x1p-52 ? 1f + 0x1p-23f
                            : x == 1.0 - 0x1p-53 ? 1f - 0x1p-24f : (float) x;
                    fb[q] = y == Double.MIN_VALUE ? Float.MIN_VALUE : y == -Double.MIN_VALUE ? -Float.MIN_VALUE
                            : y == Double.MAX_VALUE ? Float.MAX_VALUE : y == 1.0 + 0x1p-52 ? 1f + 0x1p-23f
                            : y == 1.0 - 0x1p-53 ? 1f - 0x1p-24f : (float) y;
                    fc[q] = z == Double.MIN_VALUE ? Float.MIN_VALUE : z == -Double.MIN_VALUE ? -Float.MIN_VALUE
                            : z == Double.MAX_VALUE ? Float.MAX_VALUE : z == 1.0 + 0x1p-52 ? 1f + 0x1p-23f
                            : z == 1.0 - 0x1p-53 ? 1f - 0x1p-24f : (float) z;
                    q++;
                }
            }
        }
        double[] od = new double[n];
        float[] of = new float[n];
        run("fmad", false, s -> s.task("t", MathSpecialProbeTest::fmaDouble, a, b, c, od));
        run("fmaf", false, s -> s.task("t", MathSpecialProbeTest::fmaFloat, fa, fb, fc, of));
        double[] jd = new double[n];
        float[] jf = new float[n];
        fmaDouble(a, b, c, jd);
        fmaFloat(fa, fb, fc, jf);
        Problems p = new Problems();
        for (int i = 0; i < n; i++) {
            if (!sameBits(jd[i], od[i])) {
                p.add("Math.fma(" + a[i] + ", " + b[i] + ", " + c[i] + "): JVM " + bits(jd[i]) + ", Ferrocl "
                        + bits(od[i]));
            }
            if (!sameBits(jf[i], of[i])) {
                p.add("Math.fma(" + fa[i] + "f, " + fb[i] + "f, " + fc[i] + "f): JVM " + bits(jf[i]) + ", Ferrocl "
                        + bits(of[i]));
            }
        }
        p.check();
    }

    // ---------------------------------------------------------------- narrowed float forms

    @Test
    public void narrowedFloatMathWithinBounds() {
        narrowedCheck(false, TranscendentalTest.ULPS_FLOAT);
    }

    private static void narrowedCheck(boolean relaxed, double ulps) {
        float[] x = F.clone();
        float[] o = new float[x.length * 5];
        run("nf", relaxed, s -> s.task("t", MathSpecialProbeTest::narrowed, x, o));
        float[] jvm = new float[o.length];
        narrowed(x.clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < o.length; i++) {
            float xi = x[i / 5];
            boolean specialIn = Float.isNaN(xi) || Float.isInfinite(xi) || xi == 0f;
            boolean specialOut = Float.isNaN(jvm[i]) || Float.isInfinite(jvm[i]) || jvm[i] == 0f;
            boolean ok = specialIn || specialOut || ulps < 0 ? sameBits(jvm[i], o[i])
                    : withinUlps(jvm[i], o[i], ulps);
            if (!ok) {
                p.add("(float) Math." + NARROWED[i % 5] + "(" + bits(xi) + "): JVM " + bits(jvm[i]) + ", Ferrocl "
                        + bits(o[i]) + (specialIn || specialOut ? " (special)" : " (bound " + ulps + " float ulps)"));
            }
        }
        p.check();
    }

    @Test
    public void narrowedFloatStrictMathAndExactOpsBitExact() {
        float[] x = F.clone();
        float[] o = new float[x.length * 12];
        run("ne", false, s -> s.task("t", MathSpecialProbeTest::narrowedExact, x, o));
        float[] jvm = new float[o.length];
        narrowedExact(x.clone(), jvm);
        Problems p = new Problems();
        compareFloats(NARROWED_EXACT, x, null, jvm, o, p);
        p.check();
    }

    // ---------------------------------------------------------------- relaxed mode: special values stay Java's

    @Test
    public void relaxedMathUnaryJavadocSpecials() {
        javadocUnary(false, true);
    }

    /** Relaxed: wherever the JVM's result is NaN or infinite, or the argument is NaN, ±0 or ±∞, the same bits. */
    @Test
    public void relaxedMathUnarySpecialResultsAtSpecials() {
        double[] got = runUnary(false, true, D);
        double[] jvm = new double[got.length];
        mathUnary(D.clone(), jvm);
        Problems p = new Problems();
        for (int i = 0; i < D.length; i++) {
            for (int j = 0; j < U; j++) {
                double e = jvm[i * U + j];
                double a = got[i * U + j];
                boolean mustMatch = UNARY_ULPS[j] == 0 || special(D[i]) || Double.isNaN(e) || Double.isInfinite(e)
                        || Double.isNaN(a) || Double.isInfinite(a);
                if (mustMatch && !sameBits(e, a)) {
                    p.add("relaxed Math." + UNARY[j] + "(" + bits(D[i]) + "): JVM " + bits(e) + ", Ferrocl "
                            + bits(a));
                }
            }
        }
        p.check();
    }

    @Test
    public void relaxedMathCbrtOddAndTanhBounded() {
        symmetry(true);
    }

    @Test
    public void relaxedMathPowAtan2HypotMinMaxSpecials() {
        binaryGrid(true, false);
    }

    /** The Javadoc's exact integer powers: is that one of "Java's special values" relaxed mode keeps? */
    @Test
    public void relaxedMathPowIntegerExponents() {
        // others within OpenCL's 16 ulps of the exact value: 18 of the JVM's
        powIntegers(true, 18);
    }

    /** Relaxed sin/cos/tan near multiples of π/2 and at huge arguments: specials exact, others within OpenCL's 4 ulps
     * of the exact value (6 ulps of the JVM's). */
    @Test
    public void relaxedMathTrigNearPiOver2AndHuge() {
        trigWithin(true, 6);
    }

    @Test
    public void relaxedNarrowedFloatSpecials() {
        // specials (NaN, ±∞, ±0 in or out) exact; others within OpenCL's float bounds (sin/cos/tan 4, exp/log 3 ulps)
        // of the exact value: 5 float ulps of the JVM's rounded result
        narrowedCheck(true, 5);
    }
}

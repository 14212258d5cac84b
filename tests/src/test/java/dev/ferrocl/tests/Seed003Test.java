package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;
import static dev.ferrocl.tests.JvmOracle.doubles;
import static dev.ferrocl.tests.JvmOracle.floats;
import static dev.ferrocl.tests.JvmOracle.ints;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * The eight benchmarks of seed paper 003 ({@link Seed003Kernels}), each run strict on the device at a small size
 * and compared with the JVM's run of the same method on copies of the same inputs: exactly (bit for bit) where
 * the computation is integer or IEEE {@code + - * /} and {@code sqrt} only (Crypt, SpMM, MM, Gemm, Gesummv, MRIQ's
 * first stream), and within a tolerance derived below where results go through transcendental functions
 * (BlackScholes, Series, MRIQ's second stream).
 *
 * <p><b>Tolerances.</b> {@link TranscendentalTest} allows the device's exp, log, pow, sin, cos to differ from the
 * JVM's by up to 3 ulps of the JVM's result (both within Java's documented 1 ulp of the exact value), and a float
 * narrowing of them by 2 float ulps. Here those results feed further arithmetic, in which a difference is carried
 * (scaled by the derivative) and every later rounding may add up to one ulp of the value rounded. Where that
 * arithmetic cancels (a call price far out of the money, a Fourier coefficient, a sum of oscillating terms) the
 * result can be much smaller than the values it was computed from, so a bound in ulps of the result itself would
 * not hold; each tolerance is therefore stated in ulps of a <em>scale</em> bounding every intermediate value of
 * that element's computation, derived in each test's comment. Every other array, inputs included, is compared
 * exactly.
 */
public class Seed003Test {

    // ---------------------------------------------------------------- helpers

    private interface Call {
        void apply(Object[] args);
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    /**
     * Runs {@code jvm} on clones of {@code args}, then the task (id "t", on the originals) strict through a
     * schedule; asserts it ran on the device and returns the JVM's arrays.
     */
    private static Object[] runBoth(Call jvm, Adder adder, Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.apply(expected);
        try (TaskSchedule s = adder.add(new TaskSchedule("seed003"))) {
            s.execute();
            assertRanOnDevice(s.report(), "t");
        }
        return expected;
    }

    /** |e[i] - a[i]| <= tol[i], with NaN only where the JVM has NaN and infinities equal. */
    private static void assertWithin(String what, double[] e, double[] a, double[] tol) {
        assertEquals(what + ": length", e.length, a.length);
        for (int i = 0; i < e.length; i++) {
            boolean ok = Double.isNaN(e[i]) ? Double.isNaN(a[i])
                    : Double.isInfinite(e[i]) || Double.isInfinite(a[i]) ? e[i] == a[i]
                    : Math.abs(e[i] - a[i]) <= tol[i];
            if (!ok) {
                fail(what + "[" + i + "]: expected " + e[i] + " but was " + a[i] + " (difference "
                        + Math.abs(e[i] - a[i]) + ", allowed " + tol[i] + ")");
            }
        }
    }

    private static void assertWithin(String what, float[] e, float[] a, double[] tol) {
        double[] ed = new double[e.length];
        double[] ad = new double[a.length];
        for (int i = 0; i < e.length; i++) {
            ed[i] = e[i];
        }
        for (int i = 0; i < a.length; i++) {
            ad[i] = a[i];
        }
        assertWithin(what, ed, ad, tol);
    }

    // ---------------------------------------------------------------- BlackScholes

    /**
     * 2000 options, double. Tolerance: 128 ulps of {@code S + X} per option, for both prices. Derivation, with
     * S in [5, 30], X in [1, 100], T in [0.25, 10], r = 0.02, v = 0.3: {@code S / X} and {@code sqrt} are exact IEEE
     * operations, the same on both sides. {@code log(S / X)} may differ by 3 ulps of |log(S / X)| <= 3.4, i.e.
     * about 10 * 2^-52; divided by {@code v sqrt(T)} >= 0.15 this moves d1 and d2 by at most about 70 * 2^-52
     * (with the few roundings that follow). The normal CDF has slope <= 0.4 (1 / sqrt(2 pi)), so N(d) moves by
     * <= 28 * 2^-52, plus 3 ulps of its own exp: about 32 * 2^-52 in all; {@code exp(-rT)} <= 1 moves by 3 ulps.
     * Each price is a difference of S times an N value and X e^-rT times another, so it moves by at most about
     * (32 + 3) * 2^-52 * (S + X) plus a few roundings of values below S + X: under 40 * 2^-52 * (S + X), which is
     * at most 80 ulps of S + X (an ulp of a value v is more than 2^-53 v). 128 leaves margin; in ulps of the
     * price itself no bound holds, as an out-of-the-money price is a small difference of two larger terms.
     */
    @Test
    public void blackScholes() {
        int n = 2000;
        double[] s = doubles(30001, n, 5, 30);
        double[] x = doubles(30002, n, 1, 100);
        double[] t = doubles(30003, n, 0.25, 10);
        double[] call = new double[n];
        double[] put = new double[n];
        double r = 0.02;
        double v = 0.30;
        Object[] e = runBoth(a -> Seed003Kernels.blackScholes((double[]) a[0], (double[]) a[1], (double[]) a[2],
                (double[]) a[3], (double[]) a[4], (Double) a[5], (Double) a[6]),
                sch -> sch.task("t", Seed003Kernels::blackScholes, s, x, t, call, put, r, v),
                s, x, t, call, put, r, v);
        assertSame("s", e[0], s);
        assertSame("x", e[1], x);
        assertSame("t", e[2], t);
        double[] tol = new double[n];
        for (int i = 0; i < n; i++) {
            tol[i] = 128 * Math.ulp(s[i] + x[i]);
        }
        assertWithin("call", (double[]) e[3], call, tol);
        assertWithin("put", (double[]) e[4], put, tol);
        // sanity of the inputs: put-call parity C - P = S - X e^-rT holds to the CDF approximation's accuracy
        for (int i = 0; i < n; i++) {
            double parity = call[i] - put[i] - (s[i] - x[i] * Math.exp(-r * t[i]));
            if (Math.abs(parity) > 1e-9 * (s[i] + x[i])) {
                fail("put-call parity off at " + i + ": " + parity);
            }
        }
    }

    // ---------------------------------------------------------------- Crypt (IDEA)

    /** The 52 encryption subkeys of a 128-bit key (8 words, most significant first): rotations left by 25 bits. */
    static char[] ideaEncryptionKey(char[] userKey) {
        long hi = 0;
        long lo = 0;
        for (int w = 0; w < 4; w++) {
            hi = (hi << 16) | userKey[w];
            lo = (lo << 16) | userKey[w + 4];
        }
        char[] z = new char[52];
        for (int k = 0; k < 52; k++) {
            int w = k % 8;
            if (k > 0 && w == 0) {
                long h = (hi << 25) | (lo >>> 39);
                long l = (lo << 25) | (hi >>> 39);
                hi = h;
                lo = l;
            }
            long word = w < 4 ? hi >>> (48 - 16 * w) : lo >>> (48 - 16 * (w - 4));
            z[k] = (char) (word & 0xffff);
        }
        return z;
    }

    /** Multiplicative inverse modulo 65537 of a word (0 stands for 2^16, which is its own inverse). */
    static char ideaInverse(char a) {
        if (a <= 1) {
            return a;
        }
        long result = 1;
        long base = a;
        for (int e = 65535; e > 0; e >>= 1) { // a^(p - 2) mod p, p = 65537 prime
            if ((e & 1) != 0) {
                result = result * base % 65537;
            }
            base = base * base % 65537;
        }
        return (char) result;
    }

    /** The decryption subkeys: the encryption subkeys in reverse round order, inverted. */
    static char[] ideaDecryptionKey(char[] z) {
        char[] d = new char[52];
        for (int r = 0; r <= 8; r++) {
            int src = 6 * (8 - r);
            d[6 * r] = ideaInverse(z[src]);
            d[6 * r + 3] = ideaInverse(z[src + 3]);
            boolean outer = r == 0 || r == 8;
            d[6 * r + 1] = (char) -z[src + (outer ? 1 : 2)];
            d[6 * r + 2] = (char) -z[src + (outer ? 2 : 1)];
            if (r < 8) {
                d[6 * r + 4] = z[6 * (7 - r) + 4];
                d[6 * r + 5] = z[6 * (7 - r) + 5];
            }
        }
        return d;
    }

    /** The published IDEA test vector (key 0001..0008, plaintext 0000 0001 0002 0003), on the device. */
    @Test
    public void cryptKnownVector() {
        char[] ek = ideaEncryptionKey(new char[] {1, 2, 3, 4, 5, 6, 7, 8});
        byte[] plain = {0, 0, 0, 1, 0, 2, 0, 3};
        byte[] cipher = new byte[8];
        check(Seed003Kernels::idea, plain, cipher, ek);
        assertArrayEquals(new byte[] {0x11, (byte) 0xfb, (byte) 0xed, 0x2b, 0x01, (byte) 0x98, 0x6d, (byte) 0xe5},
                cipher);
        byte[] back = new byte[8];
        check(Seed003Kernels::idea, cipher, back, ideaDecryptionKey(ek));
        assertArrayEquals(plain, back);
    }

    /**
     * 1000 blocks of random bytes (8003 bytes: the last three are no whole block and stay as they are) under a
     * random key, encrypted and decrypted on the device; exact, and the decryption must give back the plaintext.
     * Random words include 0 (standing for 2^16) in the key and the data often enough to reach ideaMul's special
     * cases: a few subkeys and words are forced to 0.
     */
    @Test
    public void crypt() {
        SplittableRandom rnd = new SplittableRandom(30010);
        char[] userKey = new char[8];
        for (int w = 0; w < 8; w++) {
            userKey[w] = (char) rnd.nextInt(1 << 16);
        }
        char[] ek = ideaEncryptionKey(userKey);
        char[] dk = ideaDecryptionKey(ek);
        int len = 8003;
        byte[] plain = new byte[len];
        for (int i = 0; i < len; i++) {
            plain[i] = (byte) rnd.nextInt(256);
        }
        for (int i = 0; i < 64; i += 2) { // zero words in the first blocks
            plain[8 * i + 2 * (i % 4)] = 0;
            plain[8 * i + 2 * (i % 4) + 1] = 0;
        }
        byte[] cipher = new byte[len];
        check(Seed003Kernels::idea, plain, cipher, ek);
        byte[] back = new byte[len];
        check(Seed003Kernels::idea, cipher, back, dk);
        assertArrayEquals(Arrays.copyOf(plain, 8000), Arrays.copyOf(back, 8000));

        // a key with zero subkeys (0 stands for 2^16 in multiplications)
        char[] zk = ek.clone();
        zk[0] = 0;
        zk[3] = 0;
        zk[10] = 0;
        zk[48] = 0;
        zk[51] = 0;
        check(Seed003Kernels::idea, plain, new byte[len], zk);
    }

    // ---------------------------------------------------------------- SpMM

    /** 700 rows of 0 to 12 nonzeros (empty rows included) times a 500-vector, 3 accumulations each; exact. */
    @Test
    public void spmm() {
        int rows = 700;
        int cols = 500;
        SplittableRandom rnd = new SplittableRandom(30020);
        int[] row = new int[rows + 1];
        for (int i = 0; i < rows; i++) {
            row[i + 1] = row[i] + (i % 37 == 0 ? 0 : rnd.nextInt(13));
        }
        int nnz = row[rows];
        int[] col = ints(30021, nnz, 0, cols);
        double[] val = doubles(30022, nnz, -2, 2);
        double[] x = doubles(30023, cols, -1, 1);
        check(Seed003Kernels::spmm, row, col, val, x, new double[rows], 3);
    }

    // ---------------------------------------------------------------- Series

    /**
     * 150 pairs of Fourier coefficients (299 work-items), 1000 trapezoid steps each. Tolerance: 8 ulps of
     * {@code 9 * steps}, absolute, for every coefficient. Derivation: the integrand (x + 1)^x cos or sin(omega x)
     * is at most 9 in magnitude on [0, 2], so every partial sum of the trapezoid rule is at most 9 * steps = R.
     * pow and cos/sin may differ from the JVM's by 3 ulps each, so a term differs by at most about 7 ulps of 9
     * (with its product's rounding), far below ulp(R). A difference in an operand carries through an addition
     * unchanged, and the rounding of the sum adds at most ulp(R); over the steps additions the sums differ by at
     * most steps * (ulp(R) + 7 ulp(9)), under 2 * steps * ulp(R). Times dx = 2 / steps that is 4 ulp(R), plus an
     * ulp for the last rounding; 8 ulp(R) (about 1.5e-11) covers it. Coefficients go down to about 1e-3 and
     * come from sums with much cancellation, so ulps of the result would not do. out[0] (a_0's place) is not
     * written and must keep its value exactly.
     */
    @Test
    public void series() {
        int pairs = 150;
        int steps = 1000;
        double[] out = new double[2 * pairs];
        out[0] = 42.5;
        Object[] e = runBoth(a -> Seed003Kernels.series((double[]) a[0], (Integer) a[1]),
                sch -> sch.task("t", Seed003Kernels::series, out, steps), out, steps);
        double[] expected = (double[]) e[0];
        assertEquals(42.5, out[0], 0.0);
        double[] tol = new double[out.length];
        Arrays.fill(tol, 8 * Math.ulp(9.0 * steps));
        tol[0] = 0;
        assertWithin("coefficients", expected, out, tol);
    }

    // ---------------------------------------------------------------- MRIQ

    /** The first stream: squared magnitudes, exact (IEEE float multiply and add, no contraction). */
    @Test
    public void mriqPhiMag() {
        int numK = 1001;
        check(Seed003Kernels::mriqPhiMag, floats(30030, numK, -1, 1), floats(30031, numK, -1, 1),
                new float[numK], numK);
    }

    /**
     * The second stream: 1000 voxels, 300 k-space samples, float. Tolerance: (numK + 8) float ulps of 1.001 S,
     * S = sum of phiMag, absolute, for Qr and Qi. Derivation: the argument of cos and sin is float arithmetic, the
     * same on both sides. {@code (float) Math.cos(arg)} may differ from the JVM's by 2 float ulps (TranscendentalTest's
     * bound for narrowed results), at most 2 * 2^-23 as |cos| <= 1; so phiMag[j] times it differs by at most
     * 2^-22 phiMag[j] before rounding and 2^-21 phiMag[j] after (each side's product rounds by half an ulp of a
     * value at most phiMag[j]). Over all terms that is 2^-21 S, less than 8 ulp(S) (an ulp of v is more than
     * 2^-24 v). A difference in an operand carries through an addition unchanged and each of the numK additions
     * may add one ulp of its partial sum, whose magnitude is at most S (1.001 S covers the roundings, should S lie
     * just below a power of two): numK ulps more. Qr and Qi are sums of oscillating terms with much cancellation,
     * hence a bound in ulps of S rather than of the result.
     */
    @Test
    public void mriqQ() {
        int numK = 300;
        int numX = 1000;
        float[] kx = floats(30040, numK, -8, 8);
        float[] ky = floats(30041, numK, -8, 8);
        float[] kz = floats(30042, numK, -8, 8);
        float[] x = floats(30043, numX, -0.5f, 0.5f);
        float[] y = floats(30044, numX, -0.5f, 0.5f);
        float[] z = floats(30045, numX, -0.5f, 0.5f);
        float[] phiR = floats(30046, numK, -1, 1);
        float[] phiI = floats(30047, numK, -1, 1);
        float[] phiMag = new float[numK];
        Seed003Kernels.mriqPhiMag(phiR, phiI, phiMag, numK);
        float[] qr = new float[numX];
        float[] qi = new float[numX];
        Object[] e = runBoth(a -> Seed003Kernels.mriqQ((float[]) a[0], (float[]) a[1], (float[]) a[2],
                (float[]) a[3], (float[]) a[4], (float[]) a[5], (float[]) a[6], (float[]) a[7], (float[]) a[8],
                (Integer) a[9], (Integer) a[10]),
                sch -> sch.task("t", Seed003Kernels::mriqQ, kx, ky, kz, x, y, z, phiMag, qr, qi, numK, numX),
                kx, ky, kz, x, y, z, phiMag, qr, qi, numK, numX);
        for (int i = 0; i < 7; i++) {
            assertSame("argument " + (i + 1), e[i], new Object[] {kx, ky, kz, x, y, z, phiMag}[i]);
        }
        double sum = 0;
        for (float m : phiMag) {
            sum += m;
        }
        double[] tol = new double[numX];
        Arrays.fill(tol, (numK + 8) * (double) Math.ulp((float) (1.001 * sum)));
        assertWithin("qr", (float[]) e[7], qr, tol);
        assertWithin("qi", (float[]) e[8], qi, tol);
    }

    // ---------------------------------------------------------------- MM, Gemm, Gesummv

    /** 61 x 47 result of 61 x 39 times 39 x 47, double: exact (same order of IEEE operations, no FMA). */
    @Test
    public void mm() {
        int m = 61;
        int n = 47;
        int k = 39;
        check(Seed003Kernels::mm, new double[m * n], doubles(30050, m * k, -1, 1), doubles(30051, k * n, -1, 1),
                m, n, k);
    }

    /** 53 x 45 = 53 x 37 times 37 x 45, int, full-range values so that products and sums wrap: exact. */
    @Test
    public void gemm() {
        int m = 53;
        int n = 45;
        int k = 37;
        MoreChecks.check(Seed003Kernels::gemm, ints(30060, m * n), ints(30061, m * k), ints(30062, k * n), m, n, k,
                -7, 123457);
        MoreChecks.check(Seed003Kernels::gemm, ints(30063, m * n, -100, 100), ints(30064, m * k, -100, 100),
                ints(30065, k * n, -100, 100), m, n, k, 3, -2);
    }

    /** 301 x 301, int, full-range values (wrapping) and small ones: exact. */
    @Test
    public void gesummv() {
        int n = 301;
        MoreChecks.check(Seed003Kernels::gesummv, ints(30070, n * n), ints(30071, n * n), ints(30072, n),
                new int[n], new int[n], n, 31, -5);
        MoreChecks.check(Seed003Kernels::gesummv, ints(30073, n * n, -50, 50), ints(30074, n * n, -50, 50),
                ints(30075, n, -50, 50), new int[n], new int[n], n, 2, 3);
    }
}

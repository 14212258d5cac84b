package dev.ferrocl.tests;

import java.util.stream.IntStream;

/**
 * The eight benchmarks of seed paper 003 (Ishizaki et al., "Compiling and Optimizing Java 8 Programs for GPU
 * Execution", PACT'15, table of benchmarks and listing 6), written for this suite from the computations' standard
 * definitions, each in the paper's style: one {@code IntStream.range(..).parallel().forEach(..)} per method, arrays
 * and scalars as parameters captured by the lambda, and {@code idx / N}, {@code idx % N} splits where the paper has
 * them. Element types follow the paper's table (BlackScholes, SpMM, Series, MM double; MRIQ float; Gemm, Gesummv
 * int; Crypt bytes, here with 16-bit subkeys in a {@code char[]}).
 */
public final class Seed003Kernels {
    private Seed003Kernels() {
    }

    // ---------------------------------------------------------------- BlackScholes (double)

    /** 1 / sqrt(2 pi). */
    static final double INV_SQRT_2PI = 0.3989422804014327;

    /**
     * Standard normal cumulative distribution function by the polynomial approximation of Abramowitz and Stegun
     * (26.2.17), absolute error below 7.5e-8.
     */
    static double cnd(double d) {
        double k = 1.0 / (1.0 + 0.2316419 * Math.abs(d));
        double poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978
                + k * 1.330274429))));
        double tail = INV_SQRT_2PI * Math.exp(-0.5 * d * d) * poly;
        return d > 0 ? 1.0 - tail : tail;
    }

    /**
     * European call and put prices: spot {@code s[i]}, strike {@code x[i]}, years to expiry {@code t[i]}, riskless
     * rate {@code r}, volatility {@code v}.
     */
    public static void blackScholes(double[] s, double[] x, double[] t, double[] call, double[] put, double r,
            double v) {
        IntStream.range(0, call.length).parallel().forEach(i -> {
            double sqrtT = Math.sqrt(t[i]);
            double vSqrtT = v * sqrtT;
            double d1 = (Math.log(s[i] / x[i]) + (r + 0.5 * v * v) * t[i]) / vSqrtT;
            double d2 = d1 - vSqrtT;
            double n1 = cnd(d1);
            double n2 = cnd(d2);
            double discountedStrike = x[i] * Math.exp(-r * t[i]);
            call[i] = s[i] * n1 - discountedStrike * n2;
            put[i] = discountedStrike * (1.0 - n2) - s[i] * (1.0 - n1);
        });
    }

    // ---------------------------------------------------------------- Crypt: IDEA (bytes, 16-bit words)

    /**
     * IDEA's multiplication modulo 2^16 + 1 of two 16-bit words, where the word 0 stands for 2^16. The product of
     * two words does not fit in an int: it wraps, and its low 32 bits (read unsigned) are still the exact product.
     */
    static int ideaMul(int a, int b) {
        if (a == 0) {
            return (1 - b) & 0xffff; // 2^16 * b = -b (mod 65537); 2^16 * 2^16 = 1
        }
        if (b == 0) {
            return (1 - a) & 0xffff;
        }
        int p = a * b;
        int lo = p & 0xffff;
        int hi = p >>> 16;
        // p = hi * 2^16 + lo = lo - hi (mod 65537)
        return (lo - hi + (lo < hi ? 1 : 0)) & 0xffff;
    }

    /**
     * IDEA on {@code in.length / 8} blocks of 8 bytes (four big-endian 16-bit words) with the 52 subkeys in
     * {@code key} (the encryption schedule encrypts, the inverted one decrypts): 8 rounds and the output
     * transformation.
     */
    public static void idea(byte[] in, byte[] out, char[] key) {
        // in.length >> 3 is in.length / 8 (a length is never negative). The paper's N / 8 is not accepted as a
        // bound: a division there bails out ("the bound of idx must be computable before the loop from int
        // parameters, array lengths, static fields and constants").
        IntStream.range(0, in.length >> 3).parallel().forEach(idx -> {
            int i = idx * 8;
            int x1 = ((in[i] & 0xff) << 8) | (in[i + 1] & 0xff);
            int x2 = ((in[i + 2] & 0xff) << 8) | (in[i + 3] & 0xff);
            int x3 = ((in[i + 4] & 0xff) << 8) | (in[i + 5] & 0xff);
            int x4 = ((in[i + 6] & 0xff) << 8) | (in[i + 7] & 0xff);
            int k = 0;
            for (int round = 0; round < 8; round++) {
                x1 = ideaMul(x1, key[k]);
                x2 = (x2 + key[k + 1]) & 0xffff;
                x3 = (char) (x3 + key[k + 2]);
                x4 = ideaMul(x4, key[k + 3]);
                int t0 = ideaMul(key[k + 4], x1 ^ x3);
                int t1 = ideaMul(key[k + 5], (t0 + (x2 ^ x4)) & 0xffff);
                t0 = (t0 + t1) & 0xffff;
                x1 ^= t1;
                x4 ^= t0;
                int swap = x2 ^ t0;
                x2 = x3 ^ t1;
                x3 = swap;
                k += 6;
            }
            // output transformation; it undoes the last round's swap of the middle words
            int y1 = ideaMul(x1, key[48]);
            int y2 = (x3 + key[49]) & 0xffff;
            int y3 = (x2 + key[50]) & 0xffff;
            int y4 = ideaMul(x4, key[51]);
            out[i] = (byte) (y1 >>> 8);
            out[i + 1] = (byte) y1;
            out[i + 2] = (byte) (y2 >>> 8);
            out[i + 3] = (byte) y2;
            out[i + 4] = (byte) (y3 >>> 8);
            out[i + 5] = (byte) y3;
            out[i + 6] = (byte) (y4 >>> 8);
            out[i + 7] = (byte) y4;
        });
    }

    // ---------------------------------------------------------------- SpMM (double, CSR)

    /**
     * Sparse matrix (compressed rows: {@code row}, {@code col}, {@code val}) times vector, each row's products
     * accumulated {@code inter} times over, as in the paper's listing.
     */
    public static void spmm(int[] row, int[] col, double[] val, double[] x, double[] y, int inter) {
        IntStream.range(0, y.length).parallel().forEach(id -> {
            int rbegin = row[id];
            int rend = row[id + 1];
            double s = 0;
            for (int i = 0; i < rend - rbegin; i++) {
                for (int j = 0; j < inter; j++) {
                    s += val[rbegin + i] * x[col[rbegin + i]];
                }
            }
            y[id] = s;
        });
    }

    // ---------------------------------------------------------------- Series (double)

    /** The integrand: (x + 1)^x, times cos(omega x) or sin(omega x). */
    static double seriesIntegrand(double x, double omega, int kind) {
        double base = Math.pow(x + 1.0, x);
        switch (kind) {
            case 1:
                return base * Math.cos(omega * x);
            case 2:
                return base * Math.sin(omega * x);
            default:
                return base;
        }
    }

    /** Trapezoid rule over [x0, x1] with {@code steps} intervals. */
    static double trapezoid(double x0, double x1, int steps, double omega, int kind) {
        double dx = (x1 - x0) / steps;
        double x = x0;
        double sum = seriesIntegrand(x0, omega, kind) / 2.0;
        for (int k = 1; k < steps; k++) {
            x += dx;
            sum += seriesIntegrand(x, omega, kind);
        }
        sum += seriesIntegrand(x1, omega, kind) / 2.0;
        return sum * dx;
    }

    /**
     * Fourier coefficients of (x + 1)^x on [0, 2] (period 2, so omega_n = pi n): {@code out[2n - 1]} = a_n (cosine),
     * {@code out[2n]} = b_n (sine), for n = 1 .. {@code out.length / 2}; {@code out[0]} (where a_0 would go) is not
     * written.
     */
    public static void series(double[] out, int steps) {
        IntStream.range(1, out.length).parallel().forEach(i -> {
            int n = (i + 1) / 2;
            int kind = i % 2 == 1 ? 1 : 2;
            out[i] = trapezoid(0.0, 2.0, steps, Math.PI * n, kind);
        });
    }

    // ---------------------------------------------------------------- MRIQ (float), its two streams

    static final float TWO_PI_F = (float) (2 * Math.PI);

    /** MRIQ, first stream: the squared magnitude of each k-space sample. */
    public static void mriqPhiMag(float[] phiR, float[] phiI, float[] phiMag, int numK) {
        IntStream.range(0, numK).parallel().forEach(i -> {
            float re = phiR[i];
            float im = phiI[i];
            phiMag[i] = re * re + im * im;
        });
    }

    /** MRIQ, second stream: Q at each voxel, a sum over all k-space samples. */
    public static void mriqQ(float[] kx, float[] ky, float[] kz, float[] x, float[] y, float[] z, float[] phiMag,
            float[] qr, float[] qi, int numK, int numX) {
        IntStream.range(0, numX).parallel().forEach(i -> {
            float sumR = 0f;
            float sumI = 0f;
            for (int j = 0; j < numK; j++) {
                float arg = TWO_PI_F * (kx[j] * x[i] + ky[j] * y[i] + kz[j] * z[i]);
                float m = phiMag[j];
                sumR += m * (float) Math.cos(arg);
                sumI += m * (float) Math.sin(arg);
            }
            qr[i] = sumR;
            qi[i] = sumI;
        });
    }

    // ---------------------------------------------------------------- MM (double)

    /** a (m x n) = b (m x k) . c (k x n), row-major, one work-item per element of a. */
    public static void mm(double[] a, double[] b, double[] c, int m, int n, int k) {
        IntStream.range(0, m * n).parallel().forEach(idx -> {
            int i = idx / n;
            int j = idx % n;
            double s = 0;
            for (int p = 0; p < k; p++) {
                s += b[i * k + p] * c[p * n + j];
            }
            a[idx] = s;
        });
    }

    // ---------------------------------------------------------------- Gemm (int)

    /** C (m x n) = alpha A (m x k) B (k x n) + beta C, int arithmetic wrapping as Java's does. */
    public static void gemm(int[] c, int[] a, int[] b, int m, int n, int k, int alpha, int beta) {
        IntStream.range(0, m * n).parallel().forEach(idx -> {
            int i = idx / n;
            int j = idx % n;
            c[idx] *= beta;
            for (int p = 0; p < k; p++) {
                c[idx] += alpha * a[i * k + p] * b[p * n + j];
            }
        });
    }

    // ---------------------------------------------------------------- Gesummv (int)

    /** y = alpha A x + beta B x (A, B n x n), with A x kept in t; int arithmetic. */
    public static void gesummv(int[] a, int[] b, int[] x, int[] t, int[] y, int n, int alpha, int beta) {
        IntStream.range(0, n).parallel().forEach(i -> {
            t[i] = 0;
            y[i] = 0;
            for (int j = 0; j < n; j++) {
                t[i] = a[i * n + j] * x[j] + t[i];
                y[i] = b[i * n + j] * x[j] + y[i];
            }
            y[i] = alpha * t[i] + beta * y[i];
        });
    }
}

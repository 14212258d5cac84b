// sin and cos: fdlibm's kernels on [-pi/4, pi/4] (degree-13 odd and degree-14 even polynomials, the
// reduced argument given as a head y0 and a tail y1), after fdlibm's reduction by pi/2 for
// |x| <= 2^19 * pi/2: n = nearest integer to x*2/pi, x - n*pi/2 with pi/2 in 33-bit pieces (a second
// and a third piece only when the first subtraction cancels enough bits), bit for bit as fdlibm.
// Larger arguments take fdlibm's multi-precision reduction (`ferrocl_fdlibm_kernel_rem_pio2`).

__constant int ferrocl_fdl_npio2_hw[32] = {
    0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C, 0x4025FDBB, 0x402921FB,
    0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C, 0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB,
    0x403AB41B, 0x403C463A, 0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
    0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB, 0x404858EB, 0x404921FB};

// x mod pi/2 as y[0] + y[1], returning n (mod 4 is what matters), for |x| <= 2^19 * pi/2 (high word
// at most 0x413921fb).
int ferrocl_fdlibm_rem_pio2_medium(double x, double *y) {
    const double inv_pio2 = 6.36619772367581382433e-01;
    const double pio2_1 = 1.57079632673412561417e+00;
    const double pio2_1t = 6.07710050650619224932e-11;
    const double pio2_2 = 6.07710050630396597660e-11;
    const double pio2_2t = 2.02226624879595063154e-21;
    const double pio2_3 = 2.02226624871116645580e-21;
    const double pio2_3t = 8.47842766036889956997e-32;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    if (ix <= 0x3fe921fb) {
        y[0] = x;
        y[1] = 0.0;
        return 0;
    }
    if (ix < 0x4002d97c) {
        // |x| < 3pi/4: n is +-1.
        double z;
        if (hx > 0) {
            z = x - pio2_1;
            if (ix != 0x3ff921fb) {
                y[0] = z - pio2_1t;
                y[1] = (z - y[0]) - pio2_1t;
            } else {
                z -= pio2_2;
                y[0] = z - pio2_2t;
                y[1] = (z - y[0]) - pio2_2t;
            }
            return 1;
        }
        z = x + pio2_1;
        if (ix != 0x3ff921fb) {
            y[0] = z + pio2_1t;
            y[1] = (z - y[0]) + pio2_1t;
        } else {
            z += pio2_2;
            y[0] = z + pio2_2t;
            y[1] = (z - y[0]) + pio2_2t;
        }
        return -1;
    }
    double t = fabs(x);
    const int n = (int)(t * inv_pio2 + 0.5);
    const double fn = (double)n;
    double r = t - fn * pio2_1;
    double w = fn * pio2_1t;
    if (n < 32 && ix != ferrocl_fdl_npio2_hw[n - 1]) {
        y[0] = r - w;
    } else {
        const int j = ix >> 20;
        y[0] = r - w;
        int i = j - ((FERROCL_FDL_HI(y[0]) >> 20) & 0x7ff);
        if (i > 16) {
            t = r;
            w = fn * pio2_2;
            r = t - w;
            w = fn * pio2_2t - ((t - r) - w);
            y[0] = r - w;
            i = j - ((FERROCL_FDL_HI(y[0]) >> 20) & 0x7ff);
            if (i > 49) {
                t = r;
                w = fn * pio2_3;
                r = t - w;
                w = fn * pio2_3t - ((t - r) - w);
                y[0] = r - w;
            }
        }
    }
    y[1] = (r - y[0]) - w;
    if (hx < 0) {
        y[0] = -y[0];
        y[1] = -y[1];
        return -n;
    }
    return n;
}

// Arguments past 2^19 * pi/2: fdlibm's multi-precision reduction. x is cut into three 24-bit pieces
// times 2^e0; the product with 2/pi, 24 bits at a time from the table below (2/pi's bits, computed
// from pi), keeps only the pieces that matter for x mod pi/2 (those of weight below 8 * 2^e0), with
// more pieces while the result cancels; then the fraction times pi/2 (in 24-bit pieces) as y[0] + y[1].
__constant int ferrocl_fdl_two_over_pi[66] = {
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041,
    0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C,
    0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41,
    0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F,
    0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D,
    0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08,
    0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E, 0xE61B08,
    0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA, 0x73A8C9,
    0x60E27B, 0xC08C6B};

__constant double ferrocl_fdl_pio2_pieces[8] = {
    1.57079625129699707031e+00, 7.54978941586159635335e-08, 5.39030252995776476554e-15,
    3.28200341580791294123e-22, 1.27065575308067607349e-29, 1.22933308981111328932e-36,
    2.73370053816464559624e-44, 2.16741683877804819444e-51};

// x[0..nx) are 24-bit pieces of the argument times 2^-e0 (x[0] the largest); writes y[0] + y[1]
// (53 + 53 bits, fdlibm's precision 2) and returns n mod 8.
int ferrocl_fdlibm_kernel_rem_pio2(const double *x, double *y, int e0, int nx) {
    const double two24 = 1.67772160000000000000e+07;
    const double twon24 = 5.96046447753906250000e-08;
    const int jk = 4;
    const int jp = jk;
    int iq[20];
    double f[20], fq[20], q[20];
    const int jx = nx - 1;
    int jv = (e0 - 3) / 24;
    if (jv < 0) jv = 0;
    int q0 = e0 - 24 * (jv + 1);
    int j = jv - jx;
    const int m = jx + jk;
    for (int i = 0; i <= m; i++, j++) f[i] = j < 0 ? 0.0 : (double)ferrocl_fdl_two_over_pi[j];
    for (int i = 0; i <= jk; i++) {
        double fw = 0.0;
        for (j = 0; j <= jx; j++) fw += x[j] * f[jx + i - j];
        q[i] = fw;
    }
    int jz = jk;
    int n, ih;
    double z;
    for (;;) {
        // Distill q[] into 24-bit integers, lowest first.
        int i = 0;
        z = q[jz];
        for (j = jz; j > 0; i++, j--) {
            const double fw = (double)((int)(twon24 * z));
            iq[i] = (int)(z - two24 * fw);
            z = q[j - 1] + fw;
        }
        z = ldexp(z, q0);
        z -= 8.0 * floor(z * 0.125);
        n = (int)z;
        z -= (double)n;
        ih = 0;
        if (q0 > 0) {
            i = iq[jz - 1] >> (24 - q0);
            n += i;
            iq[jz - 1] -= i << (24 - q0);
            ih = iq[jz - 1] >> (23 - q0);
        } else if (q0 == 0) {
            ih = iq[jz - 1] >> 23;
        } else if (z >= 0.5) {
            ih = 2;
        }
        if (ih > 0) {
            // The fraction is past 1/2: take 1 - it and one more quadrant.
            n += 1;
            int carry = 0;
            for (i = 0; i < jz; i++) {
                j = iq[i];
                if (carry == 0) {
                    if (j != 0) {
                        carry = 1;
                        iq[i] = 0x1000000 - j;
                    }
                } else {
                    iq[i] = 0xffffff - j;
                }
            }
            if (q0 == 1) {
                iq[jz - 1] &= 0x7fffff;
            } else if (q0 == 2) {
                iq[jz - 1] &= 0x3fffff;
            }
            if (ih == 2) {
                z = 1.0 - z;
                if (carry != 0) z -= ldexp(1.0, q0);
            }
        }
        // Everything cancelled: more pieces of 2/pi.
        if (z == 0.0) {
            j = 0;
            for (i = jz - 1; i >= jk; i--) j |= iq[i];
            if (j == 0) {
                int k = 1;
                while (iq[jk - k] == 0) k++;
                for (i = jz + 1; i <= jz + k; i++) {
                    f[jx + i] = (double)ferrocl_fdl_two_over_pi[jv + i];
                    double fw = 0.0;
                    for (j = 0; j <= jx; j++) fw += x[j] * f[jx + i - j];
                    q[i] = fw;
                }
                jz += k;
                continue;
            }
        }
        break;
    }
    // Chop off zero terms, or split z into 24-bit pieces.
    if (z == 0.0) {
        jz -= 1;
        q0 -= 24;
        while (iq[jz] == 0) {
            jz--;
            q0 -= 24;
        }
    } else {
        z = ldexp(z, -q0);
        if (z >= two24) {
            const double fw = (double)((int)(twon24 * z));
            iq[jz] = (int)(z - two24 * fw);
            jz += 1;
            q0 += 24;
            iq[jz] = (int)fw;
        } else {
            iq[jz] = (int)z;
        }
    }
    double fw = ldexp(1.0, q0);
    for (int i = jz; i >= 0; i--) {
        q[i] = fw * (double)iq[i];
        fw *= twon24;
    }
    for (int i = jz; i >= 0; i--) {
        fw = 0.0;
        for (int k = 0; k <= jp && k <= jz - i; k++) fw += ferrocl_fdl_pio2_pieces[k] * q[i + k];
        fq[jz - i] = fw;
    }
    fw = 0.0;
    for (int i = jz; i >= 0; i--) fw += fq[i];
    y[0] = ih == 0 ? fw : -fw;
    fw = fq[0] - fw;
    for (int i = 1; i <= jz; i++) fw += fq[i];
    y[1] = ih == 0 ? fw : -fw;
    return n & 7;
}

// x mod pi/2 as y[0] + y[1] for any finite x, returning n: the medium reduction up to 2^19 * pi/2,
// the multi-precision one past it.
int ferrocl_fdlibm_rem_pio2(double x, double *y) {
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    if (ix <= 0x413921fb) return ferrocl_fdlibm_rem_pio2_medium(x, y);
    const double two24 = 1.67772160000000000000e+07;
    // z = |x| scaled to [2^23, 2^24), cut into 24-bit pieces.
    const int e0 = (ix >> 20) - 1046;
    double z = as_double(((long)(ix - (e0 << 20)) << 32) | (as_long(x) & 0xFFFFFFFFL));
    double tx[3];
    for (int i = 0; i < 2; i++) {
        tx[i] = (double)((int)z);
        z = (z - tx[i]) * two24;
    }
    tx[2] = z;
    int nx = 3;
    while (tx[nx - 1] == 0.0) nx--;
    const int n = ferrocl_fdlibm_kernel_rem_pio2(tx, y, e0, nx);
    if (hx < 0) {
        y[0] = -y[0];
        y[1] = -y[1];
        return -n;
    }
    return n;
}

// sin(x + y) for |x| <= pi/4, y a tail of x (`has_tail` 0 when there is none).
double ferrocl_fdlibm_k_sin(double x, double y, int has_tail) {
    const double s1 = -1.66666666666666324348e-01;
    const double s2 = 8.33333333332248946124e-03;
    const double s3 = -1.98412698298579493134e-04;
    const double s4 = 2.75573137070700676789e-06;
    const double s5 = -2.50507602534068634195e-08;
    const double s6 = 1.58969099521155010221e-10;
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix < 0x3e400000 && (int)x == 0) return x;
    const double z = x * x;
    const double v = z * x;
    const double r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)));
    if (has_tail == 0) return x + v * (s1 + z * r);
    return x - ((z * (0.5 * y - v * r) - y) - v * s1);
}

// cos(x + y) for |x| <= pi/4, y a tail of x.
double ferrocl_fdlibm_k_cos(double x, double y) {
    const double c1 = 4.16666666666666019037e-02;
    const double c2 = -1.38888888888741095749e-03;
    const double c3 = 2.48015872894767294178e-05;
    const double c4 = -2.75573143513906633035e-07;
    const double c5 = 2.08757232129817482790e-09;
    const double c6 = -1.13596475577881948265e-11;
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix < 0x3e400000 && (int)x == 0) return 1.0;
    const double z = x * x;
    const double r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))));
    if (ix < 0x3FD33333) return 1.0 - (0.5 * z - (z * r - x * y));
    // |x| >= 0.3: 1 - x*x/2 as (1 - qx) - (x*x/2 - qx), qx about x*x/4.
    const double qx = ix > 0x3fe90000 ? 0.28125 : as_double((long)(ix - 0x00200000) << 32);
    const double hz = 0.5 * z - qx;
    const double a = 1.0 - qx;
    return a - (hz - (z * r - x * y));
}

// fdlibm's sin.
double ferrocl_fdlibm_sin(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return ferrocl_fdlibm_k_sin(x, 0.0, 0);
    if (ix >= 0x7ff00000) return x - x;
    double y[2];
    const int n = ferrocl_fdlibm_rem_pio2(x, y);
    switch (n & 3) {
        case 0: return ferrocl_fdlibm_k_sin(y[0], y[1], 1);
        case 1: return ferrocl_fdlibm_k_cos(y[0], y[1]);
        case 2: return -ferrocl_fdlibm_k_sin(y[0], y[1], 1);
        default: return -ferrocl_fdlibm_k_cos(y[0], y[1]);
    }
}

// fdlibm's cos.
double ferrocl_fdlibm_cos(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return ferrocl_fdlibm_k_cos(x, 0.0);
    if (ix >= 0x7ff00000) return x - x;
    double y[2];
    const int n = ferrocl_fdlibm_rem_pio2(x, y);
    switch (n & 3) {
        case 0: return ferrocl_fdlibm_k_cos(y[0], y[1]);
        case 1: return -ferrocl_fdlibm_k_sin(y[0], y[1], 1);
        case 2: return -ferrocl_fdlibm_k_cos(y[0], y[1]);
        default: return ferrocl_fdlibm_k_sin(y[0], y[1], 1);
    }
}


// tan: fdlibm's kernel on [-pi/4, pi/4] (an odd degree-27 polynomial; past 0.6744, tan(pi/4 - x)
// through the identity tan(pi/4 - x) = (1 - tan x)/(1 + tan x); -1/tan for odd quadrants computed
// with a split divisor), after the same reduction as sin and cos. `odd` is -1 in odd quadrants.
double ferrocl_fdlibm_k_tan(double x, double y, int odd) {
    const double t0 = 3.33333333333334091986e-01;
    const double t1 = 1.33333333333201242699e-01;
    const double t2 = 5.39682539762260521377e-02;
    const double t3 = 2.18694882948595424599e-02;
    const double t4 = 8.86323982359930005737e-03;
    const double t5 = 3.59207910759131235356e-03;
    const double t6 = 1.45620945432529025516e-03;
    const double t7 = 5.88041240820264096874e-04;
    const double t8 = 2.46463134818469906812e-04;
    const double t9 = 7.81794442939557092300e-05;
    const double t10 = 7.14072491382608190305e-05;
    const double t11 = -1.85586374855275456654e-05;
    const double t12 = 2.59073051863633712884e-05;
    const double pio4 = 7.85398163397448278999e-01;
    const double pio4lo = 3.06161699786838301793e-17;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    double z, r, v, w, s;
    if (ix < 0x3e300000 && (int)x == 0) {
        // |x| < 2^-28.
        if (((ix | FERROCL_FDL_LO(x)) | (odd + 1)) == 0) return 1.0 / fabs(x);
        if (odd == 1) return x;
        // -1/(x + y), the divisor split so that the quotient is accurate.
        w = x + y;
        z = as_double(as_long(w) & (long)0xFFFFFFFF00000000UL);
        v = y - (z - x);
        const double a = -1.0 / w;
        const double t = as_double(as_long(a) & (long)0xFFFFFFFF00000000UL);
        s = 1.0 + t * z;
        return t + a * (s + t * v);
    }
    if (ix >= 0x3FE59428) {
        // |x| >= 0.6744: tan(pi/4 - |x|).
        if (hx < 0) {
            x = -x;
            y = -y;
        }
        z = pio4 - x;
        w = pio4lo - y;
        x = z + w;
        y = 0.0;
    }
    z = x * x;
    w = z * z;
    r = t1 + w * (t3 + w * (t5 + w * (t7 + w * (t9 + w * t11))));
    v = z * (t2 + w * (t4 + w * (t6 + w * (t8 + w * (t10 + w * t12)))));
    s = z * x;
    r = y + z * (s * (r + v) + y);
    r += t0 * s;
    w = x + r;
    if (ix >= 0x3FE59428) {
        v = (double)odd;
        return (double)(1 - ((hx >> 30) & 2)) * (v - 2.0 * (x - (w * w / (w + v) - r)));
    }
    if (odd == 1) return w;
    z = as_double(as_long(w) & (long)0xFFFFFFFF00000000UL);
    v = r - (z - x);
    const double a = -1.0 / w;
    const double t = as_double(as_long(a) & (long)0xFFFFFFFF00000000UL);
    s = 1.0 + t * z;
    return t + a * (s + t * v);
}

// fdlibm's tan.
double ferrocl_fdlibm_tan(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return ferrocl_fdlibm_k_tan(x, 0.0, 1);
    if (ix >= 0x7ff00000) return x - x;
    double y[2];
    const int n = ferrocl_fdlibm_rem_pio2(x, y);
    return ferrocl_fdlibm_k_tan(y[0], y[1], 1 - ((n & 1) << 1));
}

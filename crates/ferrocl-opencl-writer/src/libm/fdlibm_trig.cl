// sin and cos: fdlibm's kernels on [-pi/4, pi/4] (degree-13 odd and degree-14 even polynomials, the
// reduced argument given as a head y0 and a tail y1), after fdlibm's reduction by pi/2 for
// |x| <= 2^19 * pi/2: n = nearest integer to x*2/pi, x - n*pi/2 with pi/2 in 33-bit pieces (a second
// and a third piece only when the first subtraction cancels enough bits), bit for bit as fdlibm.
// Larger arguments need fdlibm's multi-precision reduction, which is not written here (see
// `ferrocl_fdlibm_strict_sin`).

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

// fdlibm's sin for |x| <= 2^19 * pi/2, infinities and NaN.
double ferrocl_fdlibm_sin(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return ferrocl_fdlibm_k_sin(x, 0.0, 0);
    if (ix >= 0x7ff00000) return x - x;
    double y[2];
    const int n = ferrocl_fdlibm_rem_pio2_medium(x, y);
    switch (n & 3) {
        case 0: return ferrocl_fdlibm_k_sin(y[0], y[1], 1);
        case 1: return ferrocl_fdlibm_k_cos(y[0], y[1]);
        case 2: return -ferrocl_fdlibm_k_sin(y[0], y[1], 1);
        default: return -ferrocl_fdlibm_k_cos(y[0], y[1]);
    }
}

// fdlibm's cos for |x| <= 2^19 * pi/2, infinities and NaN.
double ferrocl_fdlibm_cos(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return ferrocl_fdlibm_k_cos(x, 0.0);
    if (ix >= 0x7ff00000) return x - x;
    double y[2];
    const int n = ferrocl_fdlibm_rem_pio2_medium(x, y);
    switch (n & 3) {
        case 0: return ferrocl_fdlibm_k_cos(y[0], y[1]);
        case 1: return -ferrocl_fdlibm_k_sin(y[0], y[1], 1);
        case 2: return -ferrocl_fdlibm_k_cos(y[0], y[1]);
        default: return ferrocl_fdlibm_k_sin(y[0], y[1], 1);
    }
}

// StrictMath.sin and StrictMath.cos: fdlibm's; past 2^19 * pi/2 (where fdlibm's multi-precision
// reduction would be needed) the status word is set, the result is not used, and the JVM reruns the
// task.
double ferrocl_fdlibm_strict_sin(double x, __global int *status) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix > 0x413921fb && ix < 0x7ff00000) {
        *status = 1;
        return as_double(0x7FF8000000000000L);
    }
    return ferrocl_fdlibm_sin(x);
}

double ferrocl_fdlibm_strict_cos(double x, __global int *status) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix > 0x413921fb && ix < 0x7ff00000) {
        *status = 1;
        return as_double(0x7FF8000000000000L);
    }
    return ferrocl_fdlibm_cos(x);
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

// StrictMath.tan: fdlibm's; past 2^19 * pi/2 the status word is set (see StrictMath.sin).
double ferrocl_fdlibm_strict_tan(double x, __global int *status) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return ferrocl_fdlibm_k_tan(x, 0.0, 1);
    if (ix >= 0x7ff00000) return x - x;
    if (ix > 0x413921fb) {
        *status = 1;
        return as_double(0x7FF8000000000000L);
    }
    double y[2];
    const int n = ferrocl_fdlibm_rem_pio2_medium(x, y);
    return ferrocl_fdlibm_k_tan(y[0], y[1], 1 - ((n & 1) << 1));
}

// StrictMath.exp and StrictMath.log: fdlibm 5.3's algorithms (Sun Microsystems, 1993), which the JDK's
// StrictMath specifies, written again here in plain double arithmetic. Every operation is an IEEE one
// in round-to-nearest (FP_CONTRACT is off: no fused multiply-add), in the order fdlibm performs them,
// so the results are fdlibm's bit for bit; they are also within Math's 1-ulp bound, so Math.exp and
// Math.log use them too.
//
// exp: x = k*ln2 + r with |r| <= ln2/2 (ln2 split in a 32-bit head and a tail, so k*ln2_hi is exact),
// e^r from a degree-5 minimax rational form R(r) = r - r^2 * P(r^2), 1 + 2r/(R - r) = e^r, then 2^k by
// adding k to the exponent (through 2^-1000 for results near the subnormal range).
//
// log: x = 2^k * (1 + f) with sqrt(2)/2 <= 1 + f < sqrt(2); log(1 + f) = f - s*(f - R(s^2)) with
// s = f/(2 + f), R a degree-14 polynomial in s (its odd and even parts evaluated separately), and
// k*ln2 added as a 32-bit head and a tail.

#define FERROCL_FDL_HI(x) ((int)(as_long(x) >> 32))
#define FERROCL_FDL_LO(x) ((int)as_long(x))
#define FERROCL_FDL_WITH_HI(x, hi) as_double(((long)(hi) << 32) | (as_long(x) & 0xFFFFFFFFL))

double ferrocl_fdlibm_exp(double x) {
    const double ln2_hi = 6.93147180369123816490e-01;  // 0x3FE62E42FEE00000
    const double ln2_lo = 1.90821492927058770002e-10;  // 0x3DEA39EF35793C76
    const double inv_ln2 = 1.44269504088896338700e+00; // 0x3FF71547652B82FE
    const double p1 = 1.66666666666666019037e-01;
    const double p2 = -2.77777777770155933842e-03;
    const double p3 = 6.61375632143793436117e-05;
    const double p4 = -1.65339022054652515390e-06;
    const double p5 = 4.13813679705723846039e-08;
    const double two_m1000 = 9.33263618503218878990e-302; // 2^-1000
    int hx = FERROCL_FDL_HI(x);
    const int negative = (hx >> 31) & 1;
    hx &= 0x7fffffff;
    // Large, infinite or NaN arguments.
    if (hx >= 0x40862E42) {
        if (hx >= 0x7ff00000) {
            if (((hx & 0xfffff) | FERROCL_FDL_LO(x)) != 0) return x + x;
            return negative == 0 ? x : 0.0;
        }
        if (x > 7.09782712893383973096e+02) return as_double(0x7FF0000000000000L);
        if (x < -7.45133219101941108420e+02) return 0.0;
    }
    double hi = 0.0;
    double lo = 0.0;
    int k = 0;
    if (hx > 0x3fd62e42) {
        // |x| > ln2/2: reduce.
        if (hx < 0x3FF0A2B2) {
            // |x| < 1.5 ln2: k is +-1.
            hi = negative ? x + ln2_hi : x - ln2_hi;
            lo = negative ? -ln2_lo : ln2_lo;
            k = negative ? -1 : 1;
        } else {
            k = (int)(inv_ln2 * x + (negative ? -0.5 : 0.5));
            const double t = (double)k;
            hi = x - t * ln2_hi;
            lo = t * ln2_lo;
        }
        x = hi - lo;
    } else if (hx < 0x3e300000) {
        // |x| < 2^-28: e^x rounds to 1 + x.
        return 1.0 + x;
    }
    const double t = x * x;
    const double c = x - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))));
    if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
    const double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
    if (k >= -1021) return as_double(as_long(y) + ((long)k << 52));
    return as_double(as_long(y) + ((long)(k + 1000) << 52)) * two_m1000;
}

double ferrocl_fdlibm_log(double x) {
    const double ln2_hi = 6.93147180369123816490e-01;
    const double ln2_lo = 1.90821492927058770002e-10;
    const double two54 = 1.80143985094819840000e+16;
    const double lg1 = 6.666666666666735130e-01;
    const double lg2 = 3.999999999940941908e-01;
    const double lg3 = 2.857142874366239149e-01;
    const double lg4 = 2.222219843214978396e-01;
    const double lg5 = 1.818357216161805012e-01;
    const double lg6 = 1.531383769920937332e-01;
    const double lg7 = 1.479819860511658591e-01;
    int hx = FERROCL_FDL_HI(x);
    const int lx = FERROCL_FDL_LO(x);
    int k = 0;
    if (hx < 0x00100000) {
        // Zero, negative, or subnormal.
        if (((hx & 0x7fffffff) | lx) == 0) return as_double(0xFFF0000000000000L);
        if (hx < 0) return (x - x) / 0.0;
        k -= 54;
        x *= two54;
        hx = FERROCL_FDL_HI(x);
    }
    if (hx >= 0x7ff00000) return x + x;
    k += (hx >> 20) - 1023;
    hx &= 0x000fffff;
    // Normalise the mantissa into [sqrt(2)/2, sqrt(2)).
    int i = (hx + 0x95f64) & 0x100000;
    x = FERROCL_FDL_WITH_HI(x, hx | (i ^ 0x3ff00000));
    k += (i >> 20);
    const double f = x - 1.0;
    double dk;
    if ((0x000fffff & (2 + hx)) < 3) {
        // |f| < 2^-20.
        if (f == 0.0) {
            if (k == 0) return 0.0;
            dk = (double)k;
            return dk * ln2_hi + dk * ln2_lo;
        }
        const double r = f * f * (0.5 - 0.33333333333333333 * f);
        if (k == 0) return f - r;
        dk = (double)k;
        return dk * ln2_hi - ((r - dk * ln2_lo) - f);
    }
    const double s = f / (2.0 + f);
    dk = (double)k;
    const double z = s * s;
    i = hx - 0x6147a;
    const double w = z * z;
    const int j = 0x6b851 - hx;
    const double t1 = w * (lg2 + w * (lg4 + w * lg6));
    const double t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)));
    i |= j;
    const double r = t2 + t1;
    if (i > 0) {
        const double hfsq = 0.5 * f * f;
        if (k == 0) return f - (hfsq - s * (hfsq + r));
        return dk * ln2_hi - ((hfsq - (s * (hfsq + r) + dk * ln2_lo)) - f);
    }
    if (k == 0) return f - s * (f - r);
    return dk * ln2_hi - ((s * (f - r) - dk * ln2_lo) - f);
}

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

// StrictMath.pow: fdlibm's. log2(|x|) in extra precision (x scaled into [sqrt(2)/2, sqrt(2)) against
// 1 or 1.5, log from the series of s = (x - b)/(x + b), heads with 32 zero low bits so that products
// of heads are exact), times y split the same way, then 2^z as in exp; Java's special cases first.
#define FERROCL_FDL_CLEAR_LO(x) as_double(as_long(x) & (long)0xFFFFFFFF00000000UL)
double ferrocl_fdlibm_pow(double x, double y) {
    const double dp_h1 = 5.84962487220764160156e-01;
    const double dp_l1 = 1.35003920212974897128e-08;
    const double two53 = 9007199254740992.0;
    const double huge = 1.0e300;
    const double tiny = 1.0e-300;
    const double l1 = 5.99999999999994648725e-01;
    const double l2 = 4.28571428578550184252e-01;
    const double l3 = 3.33333329818377432918e-01;
    const double l4 = 2.72728123808534006489e-01;
    const double l5 = 2.30660745775561754067e-01;
    const double l6 = 2.06975017800338417784e-01;
    const double p1 = 1.66666666666666019037e-01;
    const double p2 = -2.77777777770155933842e-03;
    const double p3 = 6.61375632143793436117e-05;
    const double p4 = -1.65339022054652515390e-06;
    const double p5 = 4.13813679705723846039e-08;
    const double lg2 = 6.93147180559945286227e-01;
    const double lg2_h = 6.93147182464599609375e-01;
    const double lg2_l = -1.90465429995776804525e-09;
    const double ovt = 8.0085662595372944372e-17;
    const double cp = 9.61796693925975554329e-01;
    const double cp_h = 9.61796700954437255859e-01;
    const double cp_l = -7.02846165095275826516e-09;
    const double ivln2 = 1.44269504088896338700e+00;
    const double ivln2_h = 1.44269502162933349609e+00;
    const double ivln2_l = 1.92596299112661746887e-08;
    const int hx = FERROCL_FDL_HI(x);
    const uint lx = (uint)FERROCL_FDL_LO(x);
    const int hy = FERROCL_FDL_HI(y);
    const uint ly = (uint)FERROCL_FDL_LO(y);
    int ix = hx & 0x7fffffff;
    const int iy = hy & 0x7fffffff;
    // y == 0: 1, even for NaN x.
    if ((iy | (int)ly) == 0) return 1.0;
    // NaN operands.
    if (ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) || iy > 0x7ff00000
        || (iy == 0x7ff00000 && ly != 0)) {
        return x + y;
    }
    // For x < 0: 0 when y is no integer, 1 when it is odd, 2 when it is even.
    int yisint = 0;
    if (hx < 0) {
        if (iy >= 0x43400000) {
            yisint = 2;
        } else if (iy >= 0x3ff00000) {
            const int k = (iy >> 20) - 0x3ff;
            if (k > 20) {
                const uint j = ly >> (52 - k);
                if ((j << (52 - k)) == ly) yisint = 2 - (int)(j & 1);
            } else if (ly == 0) {
                const int j = iy >> (20 - k);
                if ((j << (20 - k)) == iy) yisint = 2 - (j & 1);
            }
        }
    }
    // Special values of y.
    if (ly == 0) {
        if (iy == 0x7ff00000) {
            // y is +-infinity.
            if (((ix - 0x3ff00000) | (int)lx) == 0) return y - y;
            if (ix >= 0x3ff00000) return hy >= 0 ? y : 0.0;
            return hy < 0 ? -y : 0.0;
        }
        if (iy == 0x3ff00000) return hy < 0 ? 1.0 / x : x;
        if (hy == 0x40000000) return x * x;
        if (hy == 0x3fe00000 && hx >= 0) return sqrt(x);
    }
    double ax = fabs(x);
    // Special values of x: +-0, +-infinity, +-1.
    if (lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000)) {
        double z = ax;
        if (hy < 0) z = 1.0 / z;
        if (hx < 0) {
            if (((ix - 0x3ff00000) | yisint) == 0) {
                z = (z - z) / (z - z);
            } else if (yisint == 1) {
                z = -z;
            }
        }
        return z;
    }
    // (x < 0) ** (not an integer) is NaN.
    if ((((hx >> 31) + 1) | yisint) == 0) return (x - x) / (x - x);
    // The sign of the result: -1 for a negative x to an odd power.
    const double s = ((((hx >> 31) + 1) | (yisint - 1)) == 0) ? -1.0 : 1.0;
    double t1, t2;
    if (iy > 0x41e00000) {
        // |y| > 2^31.
        if (iy > 0x43f00000) {
            // |y| > 2^64: overflow or underflow.
            if (ix <= 0x3fefffff) return hy < 0 ? huge * huge : tiny * tiny;
            if (ix >= 0x3ff00000) return hy > 0 ? huge * huge : tiny * tiny;
        }
        if (ix < 0x3fefffff) return hy < 0 ? s * huge * huge : s * tiny * tiny;
        if (ix > 0x3ff00000) return hy > 0 ? s * huge * huge : s * tiny * tiny;
        // |1 - x| <= 2^-20: log(x) from x - x^2/2 + x^3/3 - x^4/4.
        const double t = ax - 1.0;
        const double w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
        const double u = ivln2_h * t;
        const double v = t * ivln2_l - w * ivln2;
        t1 = FERROCL_FDL_CLEAR_LO(u + v);
        t2 = v - (t1 - u);
    } else {
        int n = 0;
        if (ix < 0x00100000) {
            // Subnormal x.
            ax *= two53;
            n -= 53;
            ix = FERROCL_FDL_HI(ax);
        }
        n += (ix >> 20) - 0x3ff;
        const int j = ix & 0x000fffff;
        ix = j | 0x3ff00000;
        int k;
        if (j <= 0x3988E) {
            k = 0;
        } else if (j < 0xBB67A) {
            k = 1;
        } else {
            k = 0;
            n += 1;
            ix -= 0x00100000;
        }
        ax = FERROCL_FDL_WITH_HI(ax, ix);
        const double bp = k == 0 ? 1.0 : 1.5;
        const double dp_h = k == 0 ? 0.0 : dp_h1;
        const double dp_l = k == 0 ? 0.0 : dp_l1;
        // ss = s_h + s_l = (x - bp)/(x + bp).
        double u = ax - bp;
        double v = 1.0 / (ax + bp);
        const double ss = u * v;
        const double s_h = FERROCL_FDL_CLEAR_LO(ss);
        double t_h = as_double((long)(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18)) << 32);
        double t_l = ax - (t_h - bp);
        const double s_l = v * ((u - s_h * t_h) - s_h * t_l);
        // log(ax).
        double s2 = ss * ss;
        double r = s2 * s2 * (l1 + s2 * (l2 + s2 * (l3 + s2 * (l4 + s2 * (l5 + s2 * l6)))));
        r += s_l * (s_h + ss);
        s2 = s_h * s_h;
        t_h = FERROCL_FDL_CLEAR_LO(3.0 + s2 + r);
        t_l = r - ((t_h - 3.0) - s2);
        u = s_h * t_h;
        v = s_l * t_h + t_l * ss;
        const double p_h = FERROCL_FDL_CLEAR_LO(u + v);
        const double p_l = v - (p_h - u);
        const double z_h = cp_h * p_h;
        const double z_l = cp_l * p_h + p_l * cp + dp_l;
        // log2(ax) = n + dp_h + z_h + z_l.
        const double t = (double)n;
        t1 = FERROCL_FDL_CLEAR_LO(((z_h + z_l) + dp_h) + t);
        t2 = z_l - (((t1 - t) - dp_h) - z_h);
    }
    // (y1 + y2) * (t1 + t2), y1 the head of y.
    const double y1 = FERROCL_FDL_CLEAR_LO(y);
    const double p_l = (y - y1) * t1 + y * t2;
    double p_h = y1 * t1;
    double z = p_l + p_h;
    int j = FERROCL_FDL_HI(z);
    int i = FERROCL_FDL_LO(z);
    if (j >= 0x40900000) {
        // z >= 1024.
        if (((j - 0x40900000) | i) != 0) return s * huge * huge;
        if (p_l + ovt > z - p_h) return s * huge * huge;
    } else if ((j & 0x7fffffff) >= 0x4090cc00) {
        // z <= -1075.
        if (((j - (int)0xc090cc00) | i) != 0) return s * tiny * tiny;
        if (p_l <= z - p_h) return s * tiny * tiny;
    }
    // 2^(p_h + p_l).
    i = j & 0x7fffffff;
    int k = (i >> 20) - 0x3ff;
    int n = 0;
    if (i > 0x3fe00000) {
        // |z| > 0.5: n = nearest integer.
        n = j + (0x00100000 >> (k + 1));
        k = ((n & 0x7fffffff) >> 20) - 0x3ff;
        const double t = as_double((long)(n & ~(0x000fffff >> k)) << 32);
        n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
        if (j < 0) n = -n;
        p_h -= t;
    }
    double t = FERROCL_FDL_CLEAR_LO(p_l + p_h);
    const double u = t * lg2_h;
    const double v = (p_l - (t - p_h)) * lg2 + t * lg2_l;
    z = u + v;
    const double w = v - (z - u);
    t = z * z;
    t1 = z - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))));
    const double r = (z * t1) / (t1 - 2.0) - (w + z * w);
    z = 1.0 - (r - z);
    j = FERROCL_FDL_HI(z);
    j += (n << 20);
    if ((j >> 20) <= 0) {
        z = ldexp(z, n);
    } else {
        z = FERROCL_FDL_WITH_HI(z, FERROCL_FDL_HI(z) + (n << 20));
    }
    return s * z;
}

// atan: x reduced against 0, 0.5, 1, 1.5 or infinity (atan(x) = atan(c) + atan((x - c)/(1 + c x))),
// atan(c) as a head and a tail, atan of the rest from an odd degree-23 polynomial split in two.
double ferrocl_fdlibm_atan(double x) {
    const double a0 = 3.33333333333329318027e-01;
    const double a1 = -1.99999999998764832476e-01;
    const double a2 = 1.42857142725034663711e-01;
    const double a3 = -1.11111104054623557880e-01;
    const double a4 = 9.09088713343650656196e-02;
    const double a5 = -7.69187620504482999495e-02;
    const double a6 = 6.66107313738753120669e-02;
    const double a7 = -5.83357013379057348645e-02;
    const double a8 = 4.97687799461593236017e-02;
    const double a9 = -3.65315727442169155270e-02;
    const double a10 = 1.62858201153657823623e-02;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    int id;
    if (ix >= 0x44100000) {
        // |x| >= 2^66, or NaN.
        if (ix > 0x7ff00000 || (ix == 0x7ff00000 && FERROCL_FDL_LO(x) != 0)) return x + x;
        const double h = 1.57079632679489655800e+00 + 6.12323399573676603587e-17;
        return hx > 0 ? h : -h;
    }
    if (ix < 0x3fdc0000) {
        // |x| < 0.4375.
        if (ix < 0x3e200000) return x;
        id = -1;
    } else {
        x = fabs(x);
        if (ix < 0x3ff30000) {
            if (ix < 0x3fe60000) {
                id = 0;
                x = (2.0 * x - 1.0) / (2.0 + x);
            } else {
                id = 1;
                x = (x - 1.0) / (x + 1.0);
            }
        } else if (ix < 0x40038000) {
            id = 2;
            x = (x - 1.5) / (1.0 + 1.5 * x);
        } else {
            id = 3;
            x = -1.0 / x;
        }
    }
    double z = x * x;
    const double w = z * z;
    const double s1 = z * (a0 + w * (a2 + w * (a4 + w * (a6 + w * (a8 + w * a10)))));
    const double s2 = w * (a1 + w * (a3 + w * (a5 + w * (a7 + w * a9))));
    if (id < 0) return x - x * (s1 + s2);
    const double hi = id == 0 ? 4.63647609000806093515e-01
        : id == 1 ? 7.85398163397448278999e-01
        : id == 2 ? 9.82793723247329054082e-01 : 1.57079632679489655800e+00;
    const double lo = id == 0 ? 2.26987774529616870924e-17
        : id == 1 ? 3.06161699786838301793e-17
        : id == 2 ? 1.39033110312309984516e-17 : 6.12323399573676603587e-17;
    z = hi - ((x * (s1 + s2) - lo) - x);
    return hx < 0 ? -z : z;
}

// atan2: the quadrant from the signs, Java's special cases, atan(|y/x|) adjusted by pi.
double ferrocl_fdlibm_atan2(double y, double x) {
    const double pi_o_4 = 7.8539816339744827900E-01;
    const double pi_o_2 = 1.5707963267948965580E+00;
    const double pi = 3.1415926535897931160E+00;
    const double pi_lo = 1.2246467991473531772E-16;
    const double tiny = 1.0e-300;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    const uint lx = (uint)FERROCL_FDL_LO(x);
    const int hy = FERROCL_FDL_HI(y);
    const int iy = hy & 0x7fffffff;
    const uint ly = (uint)FERROCL_FDL_LO(y);
    if ((ix | (int)((lx | (0u - lx)) >> 31)) > 0x7ff00000
        || (iy | (int)((ly | (0u - ly)) >> 31)) > 0x7ff00000) {
        return x + y;
    }
    if (((hx - 0x3ff00000) | (int)lx) == 0) return ferrocl_fdlibm_atan(y);
    const int m = ((hy >> 31) & 1) | ((hx >> 30) & 2);
    if ((iy | (int)ly) == 0) {
        // y = 0.
        if (m <= 1) return y;
        return m == 2 ? pi + tiny : -pi - tiny;
    }
    if ((ix | (int)lx) == 0) return hy < 0 ? -pi_o_2 - tiny : pi_o_2 + tiny;
    if (ix == 0x7ff00000) {
        if (iy == 0x7ff00000) {
            switch (m) {
                case 0: return pi_o_4 + tiny;
                case 1: return -pi_o_4 - tiny;
                case 2: return 3.0 * pi_o_4 + tiny;
                default: return -3.0 * pi_o_4 - tiny;
            }
        }
        switch (m) {
            case 0: return 0.0;
            case 1: return -0.0;
            case 2: return pi + tiny;
            default: return -pi - tiny;
        }
    }
    if (iy == 0x7ff00000) return hy < 0 ? -pi_o_2 - tiny : pi_o_2 + tiny;
    const int k = (iy - ix) >> 20;
    double z;
    if (k > 60) {
        z = pi_o_2 + 0.5 * pi_lo;
    } else if (hx < 0 && k < -60) {
        z = 0.0;
    } else {
        z = ferrocl_fdlibm_atan(fabs(y / x));
    }
    switch (m) {
        case 0: return z;
        case 1: return -z;
        case 2: return pi - (z - pi_lo);
        default: return (z - pi_lo) - pi;
    }
}

// asin and acos: a rational approximation R(x^2) of (asin(x) - x)/x^3 on |x| < 0.5; past it, through
// asin(x) = pi/2 - 2 asin(sqrt((1 - x)/2)), sqrt's head and tail kept apart where it matters.
double ferrocl_fdlibm_asin_r(double t) {
    const double ps0 = 1.66666666666666657415e-01;
    const double ps1 = -3.25565818622400915405e-01;
    const double ps2 = 2.01212532134862925881e-01;
    const double ps3 = -4.00555345006794114027e-02;
    const double ps4 = 7.91534994289814532176e-04;
    const double ps5 = 3.47933107596021167570e-05;
    const double qs1 = -2.40339491173441421878e+00;
    const double qs2 = 2.02094576023350569471e+00;
    const double qs3 = -6.88283971605453293030e-01;
    const double qs4 = 7.70381505559019352791e-02;
    const double p = t * (ps0 + t * (ps1 + t * (ps2 + t * (ps3 + t * (ps4 + t * ps5)))));
    const double q = 1.0 + t * (qs1 + t * (qs2 + t * (qs3 + t * qs4)));
    return p / q;
}

double ferrocl_fdlibm_asin(double x) {
    const double pio2_hi = 1.57079632679489655800e+00;
    const double pio2_lo = 6.12323399573676603587e-17;
    const double pio4_hi = 7.85398163397448278999e-01;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) {
        if (((ix - 0x3ff00000) | FERROCL_FDL_LO(x)) == 0) return x * pio2_hi + x * pio2_lo;
        return (x - x) / (x - x);
    }
    if (ix < 0x3fe00000) {
        if (ix < 0x3e400000) return x;
        const double t = x * x;
        return x + x * ferrocl_fdlibm_asin_r(t);
    }
    double w = 1.0 - fabs(x);
    double t = w * 0.5;
    const double r = ferrocl_fdlibm_asin_r(t);
    const double s = sqrt(t);
    if (ix >= 0x3FEF3333) {
        t = pio2_hi - (2.0 * (s + s * r) - pio2_lo);
    } else {
        w = FERROCL_FDL_CLEAR_LO(s);
        const double c = (t - w * w) / (s + w);
        const double p = 2.0 * s * r - (pio2_lo - 2.0 * c);
        const double q = pio4_hi - 2.0 * w;
        t = pio4_hi - (p - q);
    }
    return hx > 0 ? t : -t;
}

double ferrocl_fdlibm_acos(double x) {
    const double pi = 3.14159265358979311600e+00;
    const double pio2_hi = 1.57079632679489655800e+00;
    const double pio2_lo = 6.12323399573676603587e-17;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) {
        if (((ix - 0x3ff00000) | FERROCL_FDL_LO(x)) == 0) return hx > 0 ? 0.0 : pi + 2.0 * pio2_lo;
        return (x - x) / (x - x);
    }
    if (ix < 0x3fe00000) {
        if (ix <= 0x3c600000) return pio2_hi + pio2_lo;
        const double z = x * x;
        const double r = ferrocl_fdlibm_asin_r(z);
        return pio2_hi - (x - (pio2_lo - x * r));
    }
    if (hx < 0) {
        const double z = (1.0 + x) * 0.5;
        const double r = ferrocl_fdlibm_asin_r(z);
        const double s = sqrt(z);
        const double w = r * s - pio2_lo;
        return pi - 2.0 * (s + w);
    }
    const double z = (1.0 - x) * 0.5;
    const double s = sqrt(z);
    const double df = FERROCL_FDL_CLEAR_LO(s);
    const double c = (z - df * df) / (s + df);
    const double r = ferrocl_fdlibm_asin_r(z);
    const double w = r * s + c;
    return 2.0 * (df + w);
}

// log10: log(m) / ln 10 for the mantissa m in [1, 2), plus k log10(2) as a head and a tail.
double ferrocl_fdlibm_log10(double x) {
    const double two54 = 1.80143985094819840000e+16;
    const double ivln10 = 4.34294481903251816668e-01;
    const double log10_2hi = 3.01029995663611771306e-01;
    const double log10_2lo = 3.69423907715893078616e-13;
    int hx = FERROCL_FDL_HI(x);
    const int lx = FERROCL_FDL_LO(x);
    int k = 0;
    if (hx < 0x00100000) {
        if (((hx & 0x7fffffff) | lx) == 0) return as_double(0xFFF0000000000000L);
        if (hx < 0) return (x - x) / 0.0;
        k -= 54;
        x *= two54;
        hx = FERROCL_FDL_HI(x);
    }
    if (hx >= 0x7ff00000) return x + x;
    k += (hx >> 20) - 1023;
    const int i = (int)(((uint)k & 0x80000000u) >> 31);
    hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
    const double y = (double)(k + i);
    x = FERROCL_FDL_WITH_HI(x, hx);
    const double z = y * log10_2lo + ivln10 * ferrocl_fdlibm_log(x);
    return z + y * log10_2hi;
}

// cbrt: a 5-bit estimate from the exponent bits, a rational step to 23 bits, chopped to 20 bits and
// made larger than the root, one Newton step (error below 0.667 ulp).
double ferrocl_fdlibm_cbrt(double x) {
    const int b1 = 715094163;
    const int b2 = 696219795;
    const double c = 5.42857142857142815906e-01;
    const double d = -7.05306122448979611050e-01;
    const double e = 1.41428571428571436819e+00;
    const double f = 1.60714285714285720630e+00;
    const double g = 3.57142857142857150787e-01;
    int hx = FERROCL_FDL_HI(x);
    const int sign = hx & (int)0x80000000;
    hx ^= sign;
    if (hx >= 0x7ff00000) return x + x;
    if ((hx | FERROCL_FDL_LO(x)) == 0) return x;
    x = FERROCL_FDL_WITH_HI(x, hx);
    double t;
    if (hx < 0x00100000) {
        t = as_double(0x4350000000000000L) * x;
        t = FERROCL_FDL_WITH_HI(t, FERROCL_FDL_HI(t) / 3 + b2);
    } else {
        t = as_double((long)(hx / 3 + b1) << 32);
    }
    double r = t * t / x;
    double s = c + r * t;
    t *= g + f / (s + e + d / s);
    t = as_double((long)(FERROCL_FDL_HI(t) + 1) << 32);
    s = t * t;
    r = x / s;
    const double w = t + t;
    r = (r - t) / (w + r);
    t = t + t * r;
    return FERROCL_FDL_WITH_HI(t, FERROCL_FDL_HI(t) | sign);
}

// expm1: the same reduction as exp, then e^r - 1 from a rational form in r/2 with a correction term c
// for the reduction's rounding, rebuilt so that the subtraction of 1 loses nothing.
double ferrocl_fdlibm_expm1(double x) {
    const double ln2_hi = 6.93147180369123816490e-01;
    const double ln2_lo = 1.90821492927058770002e-10;
    const double inv_ln2 = 1.44269504088896338700e+00;
    const double q1 = -3.33333333333331316428e-02;
    const double q2 = 1.58730158725481460165e-03;
    const double q3 = -7.93650757867487942473e-05;
    const double q4 = 4.00821782732936239552e-06;
    const double q5 = -2.01099218183624371326e-07;
    int hx = FERROCL_FDL_HI(x);
    const int negative = hx < 0;
    hx &= 0x7fffffff;
    if (hx >= 0x4043687A) {
        // |x| >= 56 ln2.
        if (hx >= 0x40862E42) {
            if (hx >= 0x7ff00000) {
                if (((hx & 0xfffff) | FERROCL_FDL_LO(x)) != 0) return x + x;
                return negative ? -1.0 : x;
            }
            if (x > 7.09782712893383973096e+02) return as_double(0x7FF0000000000000L);
        }
        if (negative) return -1.0;
    }
    double hi, lo, c = 0.0, t;
    int k;
    if (hx > 0x3fd62e42) {
        if (hx < 0x3FF0A2B2) {
            if (!negative) {
                hi = x - ln2_hi;
                lo = ln2_lo;
                k = 1;
            } else {
                hi = x + ln2_hi;
                lo = -ln2_lo;
                k = -1;
            }
        } else {
            k = (int)(inv_ln2 * x + (negative ? -0.5 : 0.5));
            t = (double)k;
            hi = x - t * ln2_hi;
            lo = t * ln2_lo;
        }
        x = hi - lo;
        c = (hi - x) - lo;
    } else if (hx < 0x3c900000) {
        // |x| < 2^-54.
        return x;
    } else {
        k = 0;
    }
    const double hfx = 0.5 * x;
    const double hxs = x * hfx;
    const double r1 = 1.0 + hxs * (q1 + hxs * (q2 + hxs * (q3 + hxs * (q4 + hxs * q5))));
    t = 3.0 - r1 * hfx;
    double e = hxs * ((r1 - t) / (6.0 - x * t));
    if (k == 0) return x - (x * e - hxs);
    e = (x * (e - c) - c);
    e -= hxs;
    if (k == -1) return 0.5 * (x - e) - 0.5;
    if (k == 1) {
        if (x < -0.25) return -2.0 * (e - (x + 0.5));
        return 1.0 + 2.0 * (x - e);
    }
    double y;
    if (k <= -2 || k > 56) {
        y = 1.0 - (e - x);
        y = as_double(as_long(y) + ((long)k << 52));
        return y - 1.0;
    }
    if (k < 20) {
        t = as_double((long)(0x3ff00000 - (0x200000 >> k)) << 32);
        y = t - (e - x);
    } else {
        t = as_double((long)((0x3ff - k) << 20) << 32);
        y = x - (e + t);
        y += 1.0;
    }
    return as_double(as_long(y) + ((long)k << 52));
}

// log1p: 1 + x = 2^k (1 + f) with a correction c for the rounding of 1 + x, then log's series in
// s = f/(2 + f).
double ferrocl_fdlibm_log1p(double x) {
    const double ln2_hi = 6.93147180369123816490e-01;
    const double ln2_lo = 1.90821492927058770002e-10;
    const double lp1 = 6.666666666666735130e-01;
    const double lp2 = 3.999999999940941908e-01;
    const double lp3 = 2.857142874366239149e-01;
    const double lp4 = 2.222219843214978396e-01;
    const double lp5 = 1.818357216161805012e-01;
    const double lp6 = 1.531383769920937332e-01;
    const double lp7 = 1.479819860511658591e-01;
    const int hx = FERROCL_FDL_HI(x);
    const int ax = hx & 0x7fffffff;
    int k = 1;
    int hu = 0;
    double f = 0.0, c = 0.0;
    if (hx < 0x3FDA827A) {
        // x < 0.41422.
        if (ax >= 0x3ff00000) {
            // x <= -1.
            if (x == -1.0) return as_double(0xFFF0000000000000L);
            return (x - x) / (x - x);
        }
        if (ax < 0x3e200000) {
            // |x| < 2^-29.
            if (ax < 0x3c900000) return x;
            return x - x * x * 0.5;
        }
        if (hx > 0 || hx <= (int)0xbfd2bec3) {
            // -0.2929 < x < 0.41422.
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if (hx >= 0x7ff00000) return x + x;
    if (k != 0) {
        double u;
        if (hx < 0x43400000) {
            u = 1.0 + x;
            hu = FERROCL_FDL_HI(u);
            k = (hu >> 20) - 1023;
            c = (k > 0) ? 1.0 - (u - x) : x - (u - 1.0);
            c /= u;
        } else {
            u = x;
            hu = FERROCL_FDL_HI(u);
            k = (hu >> 20) - 1023;
            c = 0.0;
        }
        hu &= 0x000fffff;
        if (hu < 0x6a09e) {
            u = FERROCL_FDL_WITH_HI(u, hu | 0x3ff00000);
        } else {
            k += 1;
            u = FERROCL_FDL_WITH_HI(u, hu | 0x3fe00000);
            hu = (0x00100000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    const double hfsq = 0.5 * f * f;
    const double dk = (double)k;
    if (hu == 0) {
        // |f| < 2^-20.
        if (f == 0.0) {
            if (k == 0) return 0.0;
            c += dk * ln2_lo;
            return dk * ln2_hi + c;
        }
        const double r = hfsq * (1.0 - 0.66666666666666666 * f);
        if (k == 0) return f - r;
        return dk * ln2_hi - ((r - (dk * ln2_lo + c)) - f);
    }
    const double s = f / (2.0 + f);
    const double z = s * s;
    const double r = z * (lp1 + z * (lp2 + z * (lp3 + z * (lp4 + z * (lp5 + z * (lp6 + z * lp7))))));
    if (k == 0) return f - (hfsq - s * (hfsq + r));
    return dk * ln2_hi - ((hfsq - (s * (hfsq + r) + (dk * ln2_lo + c))) - f);
}

// sinh, cosh, tanh: from expm1 near 0 and exp further out, as fdlibm.
double ferrocl_fdlibm_sinh(double x) {
    const int jx = FERROCL_FDL_HI(x);
    const int ix = jx & 0x7fffffff;
    if (ix >= 0x7ff00000) return x + x;
    const double h = jx < 0 ? -0.5 : 0.5;
    if (ix < 0x40360000) {
        // |x| < 22.
        if (ix < 0x3e300000) return x;
        const double t = ferrocl_fdlibm_expm1(fabs(x));
        if (ix < 0x3ff00000) return h * (2.0 * t - t * t / (t + 1.0));
        return h * (t + t / (t + 1.0));
    }
    if (ix < 0x40862E42) return h * ferrocl_fdlibm_exp(fabs(x));
    const uint lx = (uint)FERROCL_FDL_LO(x);
    if (ix < 0x408633CE || (ix == 0x408633ce && lx <= 0x8fb9f87du)) {
        const double w = ferrocl_fdlibm_exp(0.5 * fabs(x));
        const double t = h * w;
        return t * w;
    }
    return x * 1.0e307;
}

double ferrocl_fdlibm_cosh(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix >= 0x7ff00000) return x * x;
    if (ix < 0x3fd62e43) {
        // |x| < ln2/2.
        const double t = ferrocl_fdlibm_expm1(fabs(x));
        const double w = 1.0 + t;
        if (ix < 0x3c800000) return w;
        return 1.0 + (t * t) / (w + w);
    }
    if (ix < 0x40360000) {
        const double t = ferrocl_fdlibm_exp(fabs(x));
        return 0.5 * t + 0.5 / t;
    }
    if (ix < 0x40862E42) return 0.5 * ferrocl_fdlibm_exp(fabs(x));
    const uint lx = (uint)FERROCL_FDL_LO(x);
    if (ix < 0x408633CE || (ix == 0x408633ce && lx <= 0x8fb9f87du)) {
        const double w = ferrocl_fdlibm_exp(0.5 * fabs(x));
        const double t = 0.5 * w;
        return t * w;
    }
    return as_double(0x7FF0000000000000L);
}

double ferrocl_fdlibm_tanh(double x) {
    const int jx = FERROCL_FDL_HI(x);
    const int ix = jx & 0x7fffffff;
    if (ix >= 0x7ff00000) return jx >= 0 ? 1.0 / x + 1.0 : 1.0 / x - 1.0;
    double z;
    if (ix < 0x40360000) {
        // |x| < 22.
        if (ix < 0x3c800000) return x * (1.0 + x);
        if (ix >= 0x3ff00000) {
            const double t = ferrocl_fdlibm_expm1(2.0 * fabs(x));
            z = 1.0 - 2.0 / (t + 2.0);
        } else {
            const double t = ferrocl_fdlibm_expm1(-2.0 * fabs(x));
            z = -t / (t + 2.0);
        }
    } else {
        z = 1.0;
    }
    return jx >= 0 ? z : -z;
}

// hypot: |x| >= |y| after a swap, both scaled into a safe range, then sqrt(a^2 + b^2) with a and b
// split into heads (32 low bits clear) and tails so that the sum of squares keeps extra bits.
double ferrocl_fdlibm_hypot(double x, double y) {
    double a = fabs(x);
    double b = fabs(y);
    if (!isfinite(a) || !isfinite(b)) {
        if (isinf(a) || isinf(b)) return as_double(0x7FF0000000000000L);
        return a + b;
    }
    if (b > a) {
        const double tmp = a;
        a = b;
        b = tmp;
    }
    int ha = FERROCL_FDL_HI(a);
    int hb = FERROCL_FDL_HI(b);
    if ((ha - hb) > 0x3c00000) return a + b;
    int k = 0;
    if (ha > 0x5f300000) {
        // a > 2^500: scale both by 2^-600.
        ha -= 0x25800000;
        hb -= 0x25800000;
        a = a * 0x1.0p-600;
        b = b * 0x1.0p-600;
        k += 600;
    }
    double t1, t2;
    if (hb < 0x20b00000) {
        // b < 2^-500.
        if (hb <= 0x000fffff) {
            // Subnormal b, or 0.
            if (b == 0.0) return a;
            t1 = 0x1.0p1022;
            b *= t1;
            a *= t1;
            k -= 1022;
        } else {
            ha += 0x25800000;
            hb += 0x25800000;
            a = a * 0x1.0p600;
            b = b * 0x1.0p600;
            k -= 600;
        }
    }
    double w = a - b;
    if (w > b) {
        t1 = as_double((long)ha << 32);
        t2 = a - t1;
        w = sqrt(t1 * t1 - (b * (-b) - t2 * (a + t1)));
    } else {
        a = a + a;
        const double y1 = as_double((long)hb << 32);
        const double y2 = b - y1;
        t1 = as_double((long)(ha + 0x00100000) << 32);
        t2 = a - t1;
        w = sqrt(t1 * y1 - (w * (-w) - (t1 * y2 + t2 * b)));
    }
    if (k != 0) return as_double((long)(0x3ff + k) << 52) * w;
    return w;
}

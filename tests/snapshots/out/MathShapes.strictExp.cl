// Ferrocl kernel for snap.MathShapes.strictExp([D[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

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

__kernel void strictExp(
    __global const double* x,
    const int x_length,
    __global double* out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
    const double v15 = x[i];
    if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
    const double v16 = ferrocl_fdlibm_exp(v15);
    out[i] = v16;
}

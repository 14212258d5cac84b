// Ferrocl kernel for snap.MathShapes.atan2Float([F[F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

// StrictMath.exp and StrictMath.log (the other StrictMath functions are in fdlibm_*.cl): fdlibm 5.3's
// algorithms (Sun Microsystems, 1993), which the JDK's StrictMath specifies, written again here in plain
// double arithmetic. Every operation is an IEEE one in round-to-nearest (FP_CONTRACT is off: no fused
// multiply-add), in the order fdlibm performs them, so the results are fdlibm's bit for bit; they are
// also within Math's 1-ulp bound, so Math.exp and Math.log use them too.
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
#define FERROCL_FDL_CLEAR_LO(x) as_double(as_long(x) & (long)0xFFFFFFFF00000000UL)

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

__kernel void atan2Float(
    __global const float* FERROCL_RESTRICT y,
    const int y_length,
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v32 = y[i];
        const float v34 = x[i];
        const double v33 = (double)v32;
        const double v35 = (double)v34;
        const double v36 = ferrocl_fdlibm_atan2(v33, v35);
        const float v37 = (float)v36;
        out[i] = v37;
        return;
    } else {
        if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
        const float v17 = y[i];
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v19 = x[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const double v18 = (double)v17;
        const double v20 = (double)v19;
        const double v21 = ferrocl_fdlibm_atan2(v18, v20);
        const float v22 = (float)v21;
        out[i] = v22;
        return;
    }
}

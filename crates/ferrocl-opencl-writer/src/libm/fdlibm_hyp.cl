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

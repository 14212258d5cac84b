// Ferrocl kernel for dev.ferrocl.bench.BlackScholesBench.blackScholes([D[D[D[D[DDD)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < call.length, step 1
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
/* Math.exp without a division or a table (fdlibm's exp, which StrictMath.exp must be, divides once;
 * it stays for the arguments outside this one's range).
 *
 * x = k ln2 + r with k the integer nearest x / ln2, read from the bits of x / ln2 + 1.5 * 2^52 (no
 * conversion instruction). ln2 = L1 + L2 with L1 of 32 significant bits (fdlibm's split), so
 * x - k L1 is exact (a multiple of ulp(x) below 0.35); r = (x - k L1) - k L2, and rl what the
 * subtraction lost (exactly where |x - k L1| >= |k L2|; elsewhere, and in k L2's own rounding, the
 * loss is below 2^-75).
 * e^(r + rl) = 1 + r + r^2 Q(r) + rl (1 + r), Q of degree 10 fitted for the least largest
 * relative error of e^r on |r| <= 0.3466 (scripts/libm/exp_poly.py: below 2^-60). 1 + r is split
 * exactly into hi + lo and the small terms are summed first, so that only the last addition rounds
 * at the result's scale: under 2^-55 before it (the rounding of r^2, of Q's last step and of the
 * small sum), 0.75 ulp in all. 2^k then goes into the exponent field, exactly: for |x| <= 707 the
 * result is a normal double. Larger |x| (overflow, results near or below the subnormal range),
 * infinities and NaN take fdlibm's exp.
 *
 * Semi-monotone: for one k every step is monotone (r, hi + lo and the final rounding are, and the
 * small terms move by much less than an ulp of x); where k changes, consecutive arguments are at
 * least 2^-54 apart relatively and each side's error before the last rounding is below 2^-55.3,
 * so neither overtakes the other. scripts/math-proof.sh checks runs of consecutive doubles around
 * every such boundary. */
double ferrocl_math_exp(double x) {
    if (!(fabs(x) <= 707.0)) {
        return ferrocl_fdlibm_exp(x);
    }
    const double big = fma(x, 0x1.71547652b82fep+0, 0x1.8p52);
    const double kd = big - 0x1.8p52;
    const int k = (int)(as_long(big) - as_long(0x1.8p52));
    const double r1 = fma(-kd, 0x1.62e42feep-1, x);
    const double d = kd * 0x1.a39ef35793c76p-33;
    const double r = r1 - d;
    const double rl = (r1 - r) - d;
    const double hi = 1.0 + r;
    const double lo = (1.0 - hi) + r;
    double q = 0x1.1e3d30b9e049cp-29;
    q = fma(q, r, 0x1.af6be559e9a96p-26);
    q = fma(q, r, 0x1.27e5b440f2a01p-22);
    q = fma(q, r, 0x1.71ddf0222dc26p-19);
    q = fma(q, r, 0x1.a01a0136939e6p-16);
    q = fma(q, r, 0x1.a01a01b37db5cp-13);
    q = fma(q, r, 0x1.6c16c16c30478p-10);
    q = fma(q, r, 0x1.111111110ec5fp-7);
    q = fma(q, r, 0x1.5555555555503p-5);
    q = fma(q, r, 0x1.555555555555bp-3);
    q = fma(q, r, 0.5);
    const double tail = fma(r * r, q, lo + fma(rl, r, rl));
    const double y = hi + tail;
    return as_double(as_long(y) + (long)((ulong)(long)k << 52));
}
/* Math.log: fdlibm's algorithm (fdlibm.cl, which StrictMath.log must be bit for bit), with its products and
 * sums fused where that only removes roundings, one formula for every reduced argument (fdlibm's
 * f - (hfsq - s (hfsq + R)), which it uses for the larger |f| and which is as accurate for the smaller: the
 * terms beside f are below f^2 / 2 and nothing cancels) and no branch but the special arguments'. The exponent
 * becomes a double through the bits of 2^52 + k rather than a conversion instruction.
 *
 * x = 2^k (1 + f) with sqrt(2)/2 <= 1 + f < sqrt(2) (f exact); s = f / (2 + f); R(s^2) fdlibm's degree-14
 * polynomial in s (odd and even parts); log x = k ln2_hi + (f - (f^2/2 - (s (f^2/2 + R) + k ln2_lo))), with
 * k ln2_hi exact (ln2_hi has 32 significant bits). Within 0.75 ulp on 200,000 mpmath references. */
double ferrocl_math_log(double x) {
    long bits = as_long(x);
    int k = -1023;
    if (bits < 0x0010000000000000L || bits >= 0x7ff0000000000000L) {
        // Negative, zero, subnormal, infinite or NaN.
        if (isnan(x) || x > 0x1.fffffffffffffp+1023) {
            return x + x;
        }
        if (x == 0.0) {
            return as_double(0xFFF0000000000000L);
        }
        if (x < 0.0) {
            return (x - x) / 0.0;
        }
        bits = as_long(x * 0x1p54);
        k -= 54;
    }
    int hx = (int)(bits >> 32);
    k += hx >> 20;
    hx &= 0x000fffff;
    // 1 + f in [sqrt(2)/2, sqrt(2)): the fraction's top bits decide whether the exponent rounds up.
    const int i = (hx + 0x95f64) & 0x100000;
    const double m = as_double(((long)(hx | (i ^ 0x3ff00000)) << 32) | (bits & 0xFFFFFFFFL));
    k += i >> 20;
    const double dk = as_double(0x4330000000000000L + (long)(k + 2048)) - (0x1p52 + 2048.0);
    const double f = m - 1.0;
    const double s = f / (2.0 + f);
    const double z = s * s;
    const double w = z * z;
    const double t1 = w * fma(w, fma(w, 1.531383769920937332e-01, 2.222219843214978396e-01),
                              3.999999999940941908e-01);
    const double t2 = z * fma(w, fma(w, fma(w, 1.479819860511658591e-01, 1.818357216161805012e-01),
                                     2.857142874366239149e-01), 6.666666666666735130e-01);
    const double r = t2 + t1;
    const double hfsq = 0.5 * f * f;
    const double low = (hfsq - fma(s, hfsq + r, dk * 1.90821492927058770002e-10)) - f;
    return fma(dk, 6.93147180369123816490e-01, -low);
}

__kernel void blackScholes(
    __global const double* FERROCL_RESTRICT s,
    const int s_length,
    __global const double* FERROCL_RESTRICT x,
    const int x_length,
    __global const double* FERROCL_RESTRICT t,
    const int t_length,
    __global double* FERROCL_RESTRICT call,
    const int call_length,
    __global double* FERROCL_RESTRICT put,
    const int put_length,
    const double r,
    const double v,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        double n1;
        double n2;
        const double v24 = t[i];
        const double v27 = s[i];
        const double v28 = x[i];
        const double v35 = t[i];
        const double sqrtT = sqrt(v24);
        const double vSqrtT = (v * sqrtT);
        const double v29 = (v27 / v28);
        const double v30 = ferrocl_math_log(v29);
        const double v32 = (0.5 * v);
        const double v33 = (v32 * v);
        const double v34 = (r + v33);
        const double v36 = (v34 * v35);
        const double v37 = (v30 + v36);
        const double d1 = (v37 / vSqrtT);
        const double v43 = fabs(d1);
        const double v44 = (0.2316419 * v43);
        const double v45 = (1.0 + v44);
        const double k = (1.0 / v45);
        const double v52 = (k * 1.330274429);
        const double v53 = ((-1.821255978) + v52);
        const double v54 = (k * v53);
        const double v55 = (1.781477937 + v54);
        const double v56 = (k * v55);
        const double v57 = ((-0.356563782) + v56);
        const double v58 = (k * v57);
        const double v59 = (0.31938153 + v58);
        const double poly = (k * v59);
        const double v63 = ((-0.5) * d1);
        const double v64 = (v63 * d1);
        const double v65 = ferrocl_math_exp(v64);
        const double v66 = (0.3989422804014327 * v65);
        const double tail = (v66 * poly);
        const bool v70 = (d1 > 0.0);
        if (v70) {
            const double v75 = (1.0 - tail);
            n1 = v75;
        } else {
            n1 = tail;
        }
        const double d2 = (d1 - vSqrtT);
        const double v83 = fabs(d2);
        const double v84 = (0.2316419 * v83);
        const double v85 = (1.0 + v84);
        const double k_1 = (1.0 / v85);
        const double v92 = (k_1 * 1.330274429);
        const double v93 = ((-1.821255978) + v92);
        const double v94 = (k_1 * v93);
        const double v95 = (1.781477937 + v94);
        const double v96 = (k_1 * v95);
        const double v97 = ((-0.356563782) + v96);
        const double v98 = (k_1 * v97);
        const double v99 = (0.31938153 + v98);
        const double poly_1 = (k_1 * v99);
        const double v103 = ((-0.5) * d2);
        const double v104 = (v103 * d2);
        const double v105 = ferrocl_math_exp(v104);
        const double v106 = (0.3989422804014327 * v105);
        const double tail_1 = (v106 * poly_1);
        const bool v110 = (d2 > 0.0);
        if (v110) {
            const double v115 = (1.0 - tail_1);
            n2 = v115;
        } else {
            n2 = tail_1;
        }
        const double v120 = x[i];
        const double v122 = t[i];
        const double v126 = s[i];
        const double v127 = (v126 * n1);
        const double v121 = (-r);
        const double v123 = (v121 * v122);
        const double v124 = ferrocl_math_exp(v123);
        const double discountedStrike = (v120 * v124);
        const double v128 = (discountedStrike * n2);
        const double v129 = (v127 - v128);
        call[i] = v129;
        const double v134 = s[i];
        const double v132 = (1.0 - n2);
        const double v133 = (discountedStrike * v132);
        const double v136 = (1.0 - n1);
        const double v137 = (v134 * v136);
        const double v138 = (v133 - v137);
        put[i] = v138;
    } else {
        double n1;
        double n2;
        if ((uint)i >= (uint)t_length) { *ferrocl_status = 1; return; }
        const double v24 = t[i];
        if ((uint)i >= (uint)s_length) { *ferrocl_status = 1; return; }
        const double v27 = s[i];
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const double v28 = x[i];
        const double v35 = t[i];
        const double sqrtT = sqrt(v24);
        const double vSqrtT = (v * sqrtT);
        const double v29 = (v27 / v28);
        const double v30 = ferrocl_math_log(v29);
        const double v32 = (0.5 * v);
        const double v33 = (v32 * v);
        const double v34 = (r + v33);
        const double v36 = (v34 * v35);
        const double v37 = (v30 + v36);
        const double d1 = (v37 / vSqrtT);
        const double v43 = fabs(d1);
        const double v44 = (0.2316419 * v43);
        const double v45 = (1.0 + v44);
        const double k = (1.0 / v45);
        const double v52 = (k * 1.330274429);
        const double v53 = ((-1.821255978) + v52);
        const double v54 = (k * v53);
        const double v55 = (1.781477937 + v54);
        const double v56 = (k * v55);
        const double v57 = ((-0.356563782) + v56);
        const double v58 = (k * v57);
        const double v59 = (0.31938153 + v58);
        const double poly = (k * v59);
        const double v63 = ((-0.5) * d1);
        const double v64 = (v63 * d1);
        const double v65 = ferrocl_math_exp(v64);
        const double v66 = (0.3989422804014327 * v65);
        const double tail = (v66 * poly);
        const bool v70 = (d1 > 0.0);
        if (v70) {
            const double v75 = (1.0 - tail);
            n1 = v75;
        } else {
            n1 = tail;
        }
        const double d2 = (d1 - vSqrtT);
        const double v83 = fabs(d2);
        const double v84 = (0.2316419 * v83);
        const double v85 = (1.0 + v84);
        const double k_1 = (1.0 / v85);
        const double v92 = (k_1 * 1.330274429);
        const double v93 = ((-1.821255978) + v92);
        const double v94 = (k_1 * v93);
        const double v95 = (1.781477937 + v94);
        const double v96 = (k_1 * v95);
        const double v97 = ((-0.356563782) + v96);
        const double v98 = (k_1 * v97);
        const double v99 = (0.31938153 + v98);
        const double poly_1 = (k_1 * v99);
        const double v103 = ((-0.5) * d2);
        const double v104 = (v103 * d2);
        const double v105 = ferrocl_math_exp(v104);
        const double v106 = (0.3989422804014327 * v105);
        const double tail_1 = (v106 * poly_1);
        const bool v110 = (d2 > 0.0);
        if (v110) {
            const double v115 = (1.0 - tail_1);
            n2 = v115;
        } else {
            n2 = tail_1;
        }
        const double v120 = x[i];
        const double v122 = t[i];
        const double v126 = s[i];
        const double v127 = (v126 * n1);
        const double v121 = (-r);
        const double v123 = (v121 * v122);
        const double v124 = ferrocl_math_exp(v123);
        const double discountedStrike = (v120 * v124);
        const double v128 = (discountedStrike * n2);
        const double v129 = (v127 - v128);
        call[i] = v129;
        const double v134 = s[i];
        if ((uint)i >= (uint)put_length) { *ferrocl_status = 1; return; }
        const double v132 = (1.0 - n2);
        const double v133 = (discountedStrike * v132);
        const double v136 = (1.0 - n1);
        const double v137 = (v134 * v136);
        const double v138 = (v133 - v137);
        put[i] = v138;
    }
}

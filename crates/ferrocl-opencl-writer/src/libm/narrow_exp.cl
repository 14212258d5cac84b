/* Narrowed `(float) Math.exp((double) x)` and `(float) Math.log((double) x)` for a float `x`: the
 * scheme of `narrow.cl` (`ferrocl_narrow_safe`), against the double path: `(float)` of
 * `ferrocl_math_exp` and `ferrocl_math_log`, which are `Math.exp`/`log` on the device. */

/* exp for |x| <= 87 (the result a normal float): k = rint(x / ln 2), r = x - k ln 2 with ln 2 split
 * in two doubles (x - k L1 is exact: multiples of 2^-53 below 1/2; the second step rounds once, so
 * r is within 2^-54 + 2^-100), e^r by its Taylor polynomial of degree 12 (remainder below 2^-52 for
 * |r| <= 0.35), scaled by 2^k exactly. */
float ferrocl_math_expf(float x) {
    const double d = (double)x;
    int k;
    const double kd = ferrocl_narrow_nearest(d * 0x1.71547652b82fep+0, &k);
    double r = fma(-kd, 0x1.62e42fefa39efp-1, d);
    r = fma(-kd, 0x1.abc9e3b39803fp-56, r);
    double p = 0x1.1eed8eff8d898p-29;
    p = fma(p, r, 0x1.ae64567f544e4p-26);
    p = fma(p, r, 0x1.27e4fb7789f5cp-22);
    p = fma(p, r, 0x1.71de3a556c734p-19);
    p = fma(p, r, 0x1.a01a01a01a01ap-16);
    p = fma(p, r, 0x1.a01a01a01a01ap-13);
    p = fma(p, r, 0x1.6c16c16c16c17p-10);
    p = fma(p, r, 0x1.1111111111111p-7);
    p = fma(p, r, 0x1.5555555555555p-5);
    p = fma(p, r, 0x1.5555555555555p-3);
    p = fma(p, r, 0.5);
    p = fma(p, r, 1.0);
    p = fma(p, r, 1.0);
    // 2^k exactly: k is between -126 and 126 wherever the result is used
    const double y = p * as_double(((long)(clamp(k, -1000, 1000) + 1023)) << 52);
    if (fabs(x) <= 87.0f && ferrocl_narrow_safe(y)) {
        return (float)y;
    }
    return (float)ferrocl_math_exp(d);
}

/* log for a positive normal float: x = 2^e m with m in [sqrt(1/2), sqrt(2)] (the fraction compared
 * with sqrt(2)'s as integers: 0x3504f3 is sqrt(2)'s float fraction, just below it), f = m - 1 exact,
 * log(1 + f) as fdlibm writes it (s = f / (2 + f), its polynomial in s^2, within 2^-58), plus
 * e ln 2 with ln 2 split in two doubles. |log x| >= 0.34 whenever e != 0, so nothing cancels. */
float ferrocl_math_logf(float x) {
    const int bits = as_int(x);
    const int big = (bits & 0x007fffff) > 0x003504f3;  // m > sqrt(2), as a float's fraction
    const int e = ((bits >> 23) & 0xff) - 127 + big;
    const float m = as_float((bits & 0x007fffff) | (big ? 0x3f000000 : 0x3f800000));
    const double f = (double)m - 1.0;
    const double s = f / (2.0 + f);
    const double z = s * s;
    double p = fma(z, 1.479819860511658591e-01, 1.531383769920937332e-01);
    p = fma(z, p, 1.818357216161805012e-01);
    p = fma(z, p, 2.222219843214978396e-01);
    p = fma(z, p, 2.857142874366239149e-01);
    p = fma(z, p, 3.999999999940941908e-01);
    p = fma(z, p, 6.666666666666735130e-01);
    const double big_r = z * p;
    const double hfsq = 0.5 * f * f;
    const double lm = f - (hfsq - s * (hfsq + big_r));
    const double de = (double)e;
    const double y = fma(de, 0x1.62e42fefa39efp-1, fma(de, 0x1.abc9e3b39803fp-56, lm));
    if (x >= 0x1p-126f && x <= 0x1.fffffep+127f && ferrocl_narrow_safe(y)) {
        return (float)y;
    }
    return (float)ferrocl_math_log((double)x);
}

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

/* Narrowed `(float) Math.sin/cos/tan((double) x)` for a float `x` (the scheme: `narrow.cl`). */

/* x - n pi/2 for a float |x| <= 2^20, n the integer nearest x 2/pi, and n mod 4 in *q. pi/2 is
 * split into three doubles (P1 + P2 + P3 equals pi/2 to 2^-162). x - n P1 is exact: both are
 * multiples of 2^-52 when ulp(x) >= 2^-52 and their difference is below 1 (and n = 0 for smaller
 * x, where r = x keeps the sign of -0). The two further steps round once each: the error is below
 * 2^-52 |r| since r is never below 2^-40 for a float argument this size. */
inline double ferrocl_narrow_pio2(double d, int *q) {
    int low;
    const double n = ferrocl_narrow_nearest(d * 0x1.45f306dc9c883p-1, &low);
    double r = fma(-n, 0x1.921fb54442d18p+0, d);
    r = fma(-n, 0x1.1a62633145c07p-54, r);
    r = fma(-n, -0x1.f1976b7ed8fbcp-110, r);
    *q = low & 3;
    return n == 0.0 ? d : r;
}

/* sin(r) for |r| <= pi/4 (+ rounding), fdlibm's kernel polynomial (within 2^-58 of sin r / r);
 * r itself where r^2 underflows (which keeps -0's sign). */
inline double ferrocl_narrow_sin_poly(double r) {
    const double z = r * r;
    double p = fma(z, 1.58969099521155010221e-10, -2.50507602534068634195e-08);
    p = fma(z, p, 2.75573137070700676789e-06);
    p = fma(z, p, -1.98412698298579493134e-04);
    p = fma(z, p, 8.33333333332248946124e-03);
    p = fma(z, p, -1.66666666666666324348e-01);
    return z == 0.0 ? r : fma(r * z, p, r);
}

/* cos(r) for |r| <= pi/4 (+ rounding): 1 - r^2/2 + r^4 C(r^2), fdlibm's coefficients. */
inline double ferrocl_narrow_cos_poly(double r) {
    const double z = r * r;
    double p = fma(z, -1.13596475577881948265e-11, 2.08757232129817482790e-09);
    p = fma(z, p, -2.75573143513906633035e-07);
    p = fma(z, p, 2.48015872894767294178e-05);
    p = fma(z, p, -1.38888888888741095749e-03);
    p = fma(z, p, 4.16666666666666019037e-02);
    return 1.0 + fma(z * z, p, -0.5 * z);
}

/* (float) Math.sin((double) x), equal to `(float) ferrocl_math_sin(x)` for every float x. Both
 * polynomials are evaluated and the quadrant selects one: a sine and a cosine of the same argument
 * (MRI-Q's loop) then share all of it once the compiler merges the two calls' common code, which
 * measured 1.4x faster on the H100 than evaluating only the needed polynomial
 * (bench-native/libm, rf_sincos; moving the double path out of line with `noinline` changed
 * nothing there, and made PoCL's kernels far slower where the double path runs). */
float ferrocl_math_sinf(float x) {
    const double d = (double)x;
    int q;
    const double r = ferrocl_narrow_pio2(d, &q);
    const double s = ferrocl_narrow_sin_poly(r);
    const double c = ferrocl_narrow_cos_poly(r);
    double y = (q & 1) ? c : s;
    y = (q & 2) ? -y : y;
    if (fabs(x) <= 0x1p20f && ferrocl_narrow_safe(y)) {
        return (float)y;
    }
    return (float)ferrocl_math_sin(d);
}

/* (float) Math.cos((double) x), equal to `(float) ferrocl_math_cos(x)` for every float x. */
float ferrocl_math_cosf(float x) {
    const double d = (double)x;
    int q;
    const double r = ferrocl_narrow_pio2(d, &q);
    const double s = ferrocl_narrow_sin_poly(r);
    const double c = ferrocl_narrow_cos_poly(r);
    double y = (q & 1) ? s : c;
    y = ((q + 1) & 2) ? -y : y;
    if (fabs(x) <= 0x1p20f && ferrocl_narrow_safe(y)) {
        return (float)y;
    }
    return (float)ferrocl_math_cos(d);
}

/* (float) Math.tan((double) x), equal to `(float) ferrocl_math_tan(x)` for every float x: sin/cos
 * of the reduced argument, -cos/sin in odd quadrants (each factor within 2^-51, one rounding more). */
float ferrocl_math_tanf(float x) {
    const double d = (double)x;
    int q;
    const double r = ferrocl_narrow_pio2(d, &q);
    const double s = ferrocl_narrow_sin_poly(r);
    const double c = ferrocl_narrow_cos_poly(r);
    const double y = (q & 1) ? -c / s : s / c;
    if (fabs(x) <= 0x1p20f && ferrocl_narrow_safe(y)) {
        return (float)y;
    }
    return (float)ferrocl_math_tan(d);
}

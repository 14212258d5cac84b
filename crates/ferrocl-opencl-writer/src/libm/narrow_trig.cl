/* Narrowed `(float) Math.sin/cos/tan((double) x)` for a float `x` (the scheme: `narrow.cl`). */

/* x - n pi/2 for a float |x| <= 2^20, n the integer nearest x 2/pi, and n mod 4 in *q. pi/2 is
 * split into two doubles (P1 + P2 equals pi/2 to 2^-109). x - n P1 is exact: both are multiples of
 * 2^-52 when ulp(x) >= 2^-52 and their difference is below 1 (and n = 0 for smaller x, where r = x
 * keeps the sign of -0). The second step rounds once and leaves out n 2^-109 < 2^-89: together
 * below 2^-46 |r| wherever |r| >= 2^-43. Closer to a multiple of pi/2 the rounding test of the
 * result is what keeps the float right, and the exhaustive proof checks every float. */
inline double ferrocl_narrow_pio2(double d, int *q) {
    int low;
    const double n = ferrocl_narrow_nearest(d * 0x1.45f306dc9c883p-1, &low);
    double r = fma(-n, 0x1.921fb54442d18p+0, d);
    r = fma(-n, 0x1.1a62633145c07p-54, r);
    *q = low & 3;
    return n == 0.0 ? d : r;
}

/* sin(r) for |r| <= pi/4 (+ rounding): r + r^3 S(r^2), S of degree 4 fitted to (sin r - r) / r^3 on
 * [0, pi/4] for the least largest relative error (scripts/libm/narrow_poly.py: 2^-45.6, enough for the
 * rounding test's 2^-43 and one multiply-add cheaper than fdlibm's degree 5); r itself where r^2
 * underflows (which keeps -0's sign). */
inline double ferrocl_narrow_sin_poly(double r) {
    const double z = r * r;
    double p = fma(z, -0x1.aa287f9d23ab7p-26, 0x1.71d9aa572b4f0p-19);
    p = fma(z, p, -0x1.a019fd9bcef29p-13);
    p = fma(z, p, 0x1.1111110fd41fdp-7);
    p = fma(z, p, -0x1.555555555516dp-3);
    return z == 0.0 ? r : fma(r * z, p, r);
}

/* cos(r) for |r| <= pi/4 (+ rounding): 1 - r^2/2 + r^4 C(r^2), C of degree 4 fitted the same way
 * (2^-49.7). */
inline double ferrocl_narrow_cos_poly(double r) {
    const double z = r * r;
    double p = fma(z, 0x1.1c81d75839a89p-29, -0x1.27e25f7d32adbp-22);
    p = fma(z, p, 0x1.a019ff53f3198p-16);
    p = fma(z, p, -0x1.6c16c16b61759p-10);
    p = fma(z, p, 0x1.5555555555437p-5);
    return 1.0 + fma(z * z, p, -0.5 * z);
}

/* (float) Math.sin((double) x), equal to `(float) ferrocl_math_sin(x)` for every float x. Both
 * polynomials are evaluated and the quadrant selects one: a sine and a cosine of the same argument
 * (MRI-Q's loop) then share all of it once the compiler merges the two calls' common code, which
 * measured 1.4x faster on the H100 than evaluating only the needed polynomial
 * (bench-native/libm, rf_sincos; moving the double path out of line with `noinline` changed
 * nothing there, and the PoCL libm test then took minutes instead of a second). */
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

/* ((float) Math.sin((double) x), (float) Math.cos((double) x)) as (.x, .y), equal to
 * (ferrocl_math_sinf(x), ferrocl_math_cosf(x)) for every float x: one reduction, both polynomials,
 * one rounding test of both results and one branch, to both double paths where either needs its
 * own (the writer's `sinCosPairs`: MRI-Q's loop ran 1.13x faster on the H100 than with two calls,
 * bench-native/libm's rf_mriq_pair against rf_mriq_narrowed). */
float2 ferrocl_math_sincosf(float x) {
    const double d = (double)x;
    int q;
    const double r = ferrocl_narrow_pio2(d, &q);
    const double s = ferrocl_narrow_sin_poly(r);
    const double c = ferrocl_narrow_cos_poly(r);
    double ys = (q & 1) ? c : s;
    ys = (q & 2) ? -ys : ys;
    double yc = (q & 1) ? s : c;
    yc = ((q + 1) & 2) ? -yc : yc;
    if ((fabs(x) <= 0x1p20f) & ferrocl_narrow_safe(ys) & ferrocl_narrow_safe(yc)) {
        return (float2)((float)ys, (float)yc);
    }
    return (float2)((float)ferrocl_math_sin(d), (float)ferrocl_math_cos(d));
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

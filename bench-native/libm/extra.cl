/* Candidates measured beside the library's own functions (not used by the compiler). */

/* fdlibm's exp algorithm with k = rint(x / ln 2) for every argument and the special cases as selects: no branch.
 * The same reduction and kernel as fdlibm (|r| <= ln2/2), so within fdlibm's error bound; k differs from fdlibm's
 * only near |x| = ln2/2 and 3 ln2/2 (fdlibm's thresholds compare the high word only) and at ties. */
double ferrocl_bf_exp(double x) {
    const double ln2_hi = 6.93147180369123816490e-01;
    const double ln2_lo = 1.90821492927058770002e-10;
    const double inv_ln2 = 1.44269504088896338700e+00;
    const double p1 = 1.66666666666666019037e-01;
    const double p2 = -2.77777777770155933842e-03;
    const double p3 = 6.61375632143793436117e-05;
    const double p4 = -1.65339022054652515390e-06;
    const double p5 = 4.13813679705723846039e-08;
    const double xc = fmin(fmax(x, -746.0), 710.0);
    const double k = rint(xc * inv_ln2);
    const double hi = xc - k * ln2_hi;
    const double lo = k * ln2_lo;
    const double r = hi - lo;
    const double t = r * r;
    const double c = r - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))));
    const double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
    const int ki = (int)k;
    const int k1 = ki >> 1;
    const int k2 = ki - k1;
    double res = y * as_double(((long)(k1 + 1023)) << 52) * as_double(((long)(k2 + 1023)) << 52);
    res = x > 7.09782712893383973096e+02 ? as_double(0x7FF0000000000000L) : res;
    res = x < -7.45133219101941108420e+02 ? 0.0 : res;
    return isnan(x) ? x + x : res;
}

/* The narrowed sine and cosine as first written (only the needed polynomial), and both polynomials with the double
 * path out of line (noinline), for comparison with the library's form (both polynomials, the double path inline). */
__attribute__((noinline)) float ferrocl_narrow_slow_sin(double d) {
    return (float)ferrocl_math_sin(d);
}

__attribute__((noinline)) float ferrocl_narrow_slow_cos(double d) {
    return (float)ferrocl_math_cos(d);
}

float ferrocl_ni_sinf(float x) {
    const double d = (double)x;
    int q;
    const double r = ferrocl_narrow_pio2(d, &q);
    double y = (q & 1) ? ferrocl_narrow_cos_poly(r) : ferrocl_narrow_sin_poly(r);
    y = (q & 2) ? -y : y;
    if (fabs(x) <= 0x1p20f && ferrocl_narrow_safe(y)) {
        return (float)y;
    }
    return (float)ferrocl_math_sin(d);
}

float ferrocl_ni_cosf(float x) {
    const double d = (double)x;
    int q;
    const double r = ferrocl_narrow_pio2(d, &q);
    double y = (q & 1) ? ferrocl_narrow_sin_poly(r) : ferrocl_narrow_cos_poly(r);
    y = ((q + 1) & 2) ? -y : y;
    if (fabs(x) <= 0x1p20f && ferrocl_narrow_safe(y)) {
        return (float)y;
    }
    return (float)ferrocl_math_cos(d);
}

/* Both polynomials always, the quadrant chosen by selects (the first narrowed version's form). */
float ferrocl_both_sinf(float x) {
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
    return ferrocl_narrow_slow_sin(d);
}

float ferrocl_both_cosf(float x) {
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
    return ferrocl_narrow_slow_cos(d);
}



/* MRI-Q's loop shape (rf_mriq_*): its narrowed sine and cosine of one angle through the fast path only, with a flag
 * instead of the fallback, so that a caller can test several angles' flags with one branch. */
inline float2 ferrocl_sincosf_fast(float x, int *ok) {
    const double d = (double)x;
    int q;
    const double r = ferrocl_narrow_pio2(d, &q);
    const double s = ferrocl_narrow_sin_poly(r);
    const double c = ferrocl_narrow_cos_poly(r);
    double ys = (q & 1) ? c : s;
    ys = (q & 2) ? -ys : ys;
    double yc = (q & 1) ? s : c;
    yc = ((q + 1) & 2) ? -yc : yc;
    *ok = (fabs(x) <= 0x1p20f) & ferrocl_narrow_safe(ys) & ferrocl_narrow_safe(yc);
    return (float2)((float)ys, (float)yc);
}

/* Relaxed Math.pow as the writer wraps the built-in (expr.rs, ferrocl_relaxed_pow): Java's NaN cases, y = 1, and
 * Java's exact result for integer x and y from Ferrocl's exact pow (out of line); then the same with the built-in
 * always evaluated, the special cases as selects and one branch, to the exact integer case (ferrocl_rp1_pow). */
__attribute__((noinline)) double ferrocl_rp_exact(double x, double y) { return ferrocl_math_pow_mixed(x, y); }
double ferrocl_rp_pow(double x, double y) {
    if (isnan(y) || (isnan(x) && y != 0.0) || (fabs(x) == 1.0 && isinf(y))) return as_double(0x7FF8000000000000L);
    if (y == 1.0) return x;
    if (y == rint(y) && x == rint(x)) return ferrocl_rp_exact(x, y);
    return pow(x, y);
}
double ferrocl_rp1_pow(double x, double y) {
    double r = pow(x, y);
    r = y == 1.0 ? x : r;
    r = (isnan(y) || (isnan(x) && y != 0.0) || (fabs(x) == 1.0 && isinf(y))) ? as_double(0x7FF8000000000000L) : r;
    if (y == rint(y) && x == rint(x) && !isnan(r) && y != 1.0) r = ferrocl_rp_exact(x, y);
    return r;
}

/* The library's pair (ferrocl_math_sincosf) with its double paths out of line: the branch to them is a call, which
 * leaves the fast paths of neighbouring iterations free to interleave once the loop is unrolled. */
__attribute__((noinline)) float2 ferrocl_sincosf_slow(float x) {
    const double d = (double)x;
    return (float2)((float)ferrocl_math_sin(d), (float)ferrocl_math_cos(d));
}
float2 ferrocl_sincosf_ni(float x) {
    int ok;
    const float2 f = ferrocl_sincosf_fast(x, &ok);
    return ok ? f : ferrocl_sincosf_slow(x);
}

// Math.cbrt and Math.hypot.
//
// cbrt: |x| = 2^(3q) * m with m in [1, 8); a bit-pattern estimate of cbrt(m) (within 6%), four Newton
// steps, then one correction y - (y^3 - m) / (3y^2) whose residual y^3 - m is computed exactly with fma.
// hypot: both operands scaled by the same power of two so the larger is in [1, 2); a^2 + b^2 as an
// exact double-double, its square root as a double-double, then scaled back.

double ferrocl_math_cbrt(double x) {
    double ax = fabs(x);
    if (!(ax <= 1.7976931348623157e308) || ax == 0.0) return x + x;
    int adj = 0;
    if (ax < 2.2250738585072014e-308) {
        ax *= 18014398509481984.0;
        adj = -18;
    }
    long bits = as_long(ax);
    int e = (int)(bits >> 52) - 1023;
    int q = (e + 1200) / 3 - 400;
    int rm = e - 3 * q;
    long one = 0x3FF0000000000000L;
    double m = as_double((bits & 0x000FFFFFFFFFFFFFL) | ((long)(1023 + rm) << 52));
    double y = as_double((as_long(m) - one) / 3L + one);
    y = (2.0 * y + m / (y * y)) / 3.0;
    y = (2.0 * y + m / (y * y)) / 3.0;
    y = (2.0 * y + m / (y * y)) / 3.0;
    y = (2.0 * y + m / (y * y)) / 3.0;
    double2 y2 = ferrocl_dd_two_prod(y, y);
    double2 y3 = ferrocl_dd_two_prod(y2.x, y);
    double res = ((y3.x - m) + y3.y) + y2.y * y;
    y = y - res / (3.0 * y2.x);
    y = ferrocl_scale(y, q + adj);
    return x < 0.0 ? -y : y;
}

double ferrocl_math_hypot(double x, double y) {
    double ax = fabs(x);
    double ay = fabs(y);
    if (isinf(ax) || isinf(ay)) return as_double(0x7FF0000000000000L);
    if (isnan(ax) || isnan(ay)) return ax + ay;
    double a = ax > ay ? ax : ay;
    double b = ax > ay ? ay : ax;
    if (b == 0.0) return a;
    if (a > b * 1.152921504606847e18) return a;
    int k = ilogb(a);
    double a1 = ferrocl_scale(a, -k);
    double b1 = ferrocl_scale(b, -k);
    double2 s = ferrocl_dd_add(ferrocl_dd_two_prod(a1, a1), ferrocl_dd_two_prod(b1, b1));
    double2 r = ferrocl_dd_sqrt(s);
    return ferrocl_scale(r.x + r.y, k);
}

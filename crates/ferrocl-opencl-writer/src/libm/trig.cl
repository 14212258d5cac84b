// Math.sin, Math.cos, Math.tan. After reduction to |r| <= pi/4, r = a + d with a = j/32 (nearest) and
// |d| <= 1/64; sin, cos and tan of a come from ferrocl_trig_tab as double-doubles and short Taylor
// series give sin(d) - d, cos(d) - 1 and tan(d) - d. The addition formulas are evaluated so that
// the leading terms are exact, leaving only the final rounding as a visible error.

double ferrocl_sincos_k(double rh, double rl, int want_cos) {
    double jd = rint(rh * 32.0);
    int j = (int)jd;
    int aj = j < 0 ? -j : j;
    double2 d = ferrocl_dd_two_sum(rh - jd * 0.03125, rl);
    double z = d.x * d.x;
    double ds = d.x * z * (-1.0 / 6.0 + z * (1.0 / 120.0 + z * (-1.0 / 5040.0 + z * (1.0 / 362880.0))));
    double cm = z * (-0.5 + z * (1.0 / 24.0 + z * (-1.0 / 720.0 + z * (1.0 / 40320.0)))) - d.x * d.y;
    double st = d.y + ds;
    double sh = ferrocl_trig_tab[aj * 6];
    double sl = ferrocl_trig_tab[aj * 6 + 1];
    double ch = ferrocl_trig_tab[aj * 6 + 2];
    double cl = ferrocl_trig_tab[aj * 6 + 3];
    if (j < 0) {
        sh = -sh;
        sl = -sl;
    }
    if (want_cos) {
        // cos(a + d) = C + C*(cos d - 1) - S*sin d
        double2 p = ferrocl_dd_two_prod(-sh, d.x);
        double2 u = ferrocl_dd_two_sum(ch, p.x);
        double t = u.y + (p.y + (cl + (ch * cm - (sh * st + sl * d.x))));
        return u.x + t;
    }
    // sin(a + d) = S + S*(cos d - 1) + C*sin d
    double2 p = ferrocl_dd_two_prod(ch, d.x);
    double2 u = ferrocl_dd_two_sum(sh, p.x);
    double t = u.y + (p.y + (sl + (sh * cm + (ch * st + cl * d.x))));
    return u.x + t;
}

// tan(r) (odd == 0) or -1/tan(r) (odd != 0).
double ferrocl_tan_k(double rh, double rl, int odd) {
    double jd = rint(rh * 32.0);
    int j = (int)jd;
    int aj = j < 0 ? -j : j;
    double2 d = ferrocl_dd_two_sum(rh - jd * 0.03125, rl);
    double z = d.x * d.x;
    double tt = d.x * z * (1.0 / 3.0 + z * (2.0 / 15.0 + z * (17.0 / 315.0 + z * (62.0 / 2835.0 + z * (1382.0 / 155925.0)))));
    double2 t = ferrocl_dd_fast(d.x, d.y + tt);
    double2 T = (double2)(ferrocl_trig_tab[aj * 6 + 4], ferrocl_trig_tab[aj * 6 + 5]);
    if (j < 0) T = -T;
    // tan(a + d) = (T + t) / (1 - T*t)
    double2 num = ferrocl_dd_add(T, t);
    double2 den = ferrocl_dd_add((double2)(1.0, 0.0), -ferrocl_dd_mul(T, t));
    double2 q = odd ? -ferrocl_dd_div(den, num) : ferrocl_dd_div(num, den);
    return q.x + q.y;
}

double ferrocl_math_sin(double x) {
    double ax = fabs(x);
    if (!(ax <= 1.7976931348623157e308)) return x - x;
    if (ax < 7.450580596923828e-09) return x;
    int q = 0;
    double2 r = (double2)(ax, 0.0);
    if (ax > 0.7853981633974483) r = ferrocl_trig_reduce(ax, &q);
    double v = ferrocl_sincos_k(r.x, r.y, q & 1);
    if (q & 2) v = -v;
    return x < 0.0 ? -v : v;
}

double ferrocl_math_cos(double x) {
    double ax = fabs(x);
    if (!(ax <= 1.7976931348623157e308)) return x - x;
    if (ax < 7.450580596923828e-09) return 1.0;
    int q = 0;
    double2 r = (double2)(ax, 0.0);
    if (ax > 0.7853981633974483) r = ferrocl_trig_reduce(ax, &q);
    double v = ferrocl_sincos_k(r.x, r.y, (q & 1) == 0);
    return ((q + 1) & 2) ? -v : v;
}

double ferrocl_math_tan(double x) {
    double ax = fabs(x);
    if (!(ax <= 1.7976931348623157e308)) return x - x;
    if (ax < 7.450580596923828e-09) return x;
    int q = 0;
    double2 r = (double2)(ax, 0.0);
    if (ax > 0.7853981633974483) r = ferrocl_trig_reduce(ax, &q);
    double v = ferrocl_tan_k(r.x, r.y, q & 1);
    return x < 0.0 ? -v : v;
}

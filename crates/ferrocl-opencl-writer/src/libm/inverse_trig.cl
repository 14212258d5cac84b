// Math.atan, Math.atan2, Math.asin, Math.acos. All go through atan(v) for a double-double 0 <= v <= 1:
// with c = j/32 nearest to v, atan(v) = atan(c) + atan(delta), delta = (v - c) / (1 + v*c), |delta| <= 1/64,
// atan(c) from ferrocl_atan_tab and atan(delta) from its Taylor series. asin and acos become
// atan2(|x|, sqrt(1 - x^2)) and atan2(sqrt(1 - x^2), x) with 1 - x^2 exact as a double-double.

double2 ferrocl_atan_k(double2 v) {
    double jd = rint(v.x * 32.0);
    int j = (int)jd;
    double c = jd * 0.03125;
    double2 num = ferrocl_dd_two_sum(v.x - c, v.y);
    double2 vc = ferrocl_dd_two_prod(v.x, c);
    vc.y += v.y * c;
    double2 den = ferrocl_dd_add((double2)(1.0, 0.0), vc);
    double2 del = ferrocl_dd_div(num, den);
    double z = del.x * del.x;
    double tail = del.x * z * (-1.0 / 3.0 + z * (1.0 / 5.0 + z * (-1.0 / 7.0 + z * (1.0 / 9.0 + z * (-1.0 / 11.0)))));
    double ah = ferrocl_atan_tab[2 * j];
    double al = ferrocl_atan_tab[2 * j + 1];
    double2 s = ferrocl_dd_two_sum(ah, del.x);
    return ferrocl_dd_fast(s.x, s.y + (al + (del.y + tail)));
}

// atan(a / b) for double-doubles a, b >= 0, not both zero, of moderate exponent.
double2 ferrocl_atan2_k(double2 a, double2 b) {
    if (a.x <= b.x) return ferrocl_atan_k(ferrocl_dd_div(a, b));
    double2 t = ferrocl_atan_k(ferrocl_dd_div(b, a));
    return ferrocl_dd_add((double2)(FERROCL_PIO2_HI, FERROCL_PIO2_LO), -t);
}

double ferrocl_math_atan(double x) {
    double ax = fabs(x);
    if (isnan(x)) return x;
    if (ax < 7.450580596923828e-09) return x;
    double res;
    if (ax > 1.152921504606847e18) {
        res = FERROCL_PIO2_HI;
    } else if (ax <= 1.0) {
        double2 t = ferrocl_atan_k((double2)(ax, 0.0));
        res = t.x + t.y;
    } else {
        double2 t = ferrocl_atan2_k((double2)(ax, 0.0), (double2)(1.0, 0.0));
        res = t.x + t.y;
    }
    return x < 0.0 ? -res : res;
}

double ferrocl_math_atan2(double y, double x) {
    if (isnan(x) || isnan(y)) return x + y;
    double ay = fabs(y);
    double ax = fabs(x);
    int xneg = signbit(x) ? 1 : 0;
    double res;
    if (ay == 0.0) {
        res = xneg ? FERROCL_PI_HI : 0.0;
    } else if (ax == 0.0) {
        res = FERROCL_PIO2_HI;
    } else if (isinf(ax)) {
        if (isinf(ay)) res = xneg ? FERROCL_3PIO4_HI : FERROCL_PIO4_HI;
        else res = xneg ? FERROCL_PI_HI : 0.0;
    } else if (isinf(ay)) {
        res = FERROCL_PIO2_HI;
    } else {
        double big = ax > ay ? ax : ay;
        double small = ax > ay ? ay : ax;
        double q0 = small / big;
        double2 t;
        if (q0 < 9.094947017729282e-13) {
            t = (double2)(q0, 0.0);
        } else {
            int k = ilogb(big);
            double2 v = ferrocl_dd_div((double2)(ferrocl_scale(small, -k), 0.0), (double2)(ferrocl_scale(big, -k), 0.0));
            t = ferrocl_atan_k(v);
        }
        double2 r;
        if (ay <= ax) {
            r = xneg ? ferrocl_dd_add((double2)(FERROCL_PI_HI, FERROCL_PI_LO), -t) : t;
        } else {
            r = ferrocl_dd_add((double2)(FERROCL_PIO2_HI, FERROCL_PIO2_LO), xneg ? t : -t);
        }
        res = r.x + r.y;
    }
    return signbit(y) ? -res : res;
}

// sqrt(1 - x^2) as a double-double, 0 <= x <= 1.
double2 ferrocl_asin_root(double ax) {
    double2 w = ferrocl_dd_add((double2)(1.0, 0.0), -ferrocl_dd_two_prod(ax, ax));
    return ferrocl_dd_sqrt(w);
}

double ferrocl_math_asin(double x) {
    double ax = fabs(x);
    if (!(ax <= 1.0)) return (x - x) / (x - x);
    if (ax < 7.450580596923828e-09) return x;
    double2 t = ferrocl_atan2_k((double2)(ax, 0.0), ferrocl_asin_root(ax));
    double res = t.x + t.y;
    return x < 0.0 ? -res : res;
}

double ferrocl_math_acos(double x) {
    double ax = fabs(x);
    if (!(ax <= 1.0)) return (x - x) / (x - x);
    double2 t = ferrocl_atan2_k(ferrocl_asin_root(ax), (double2)(ax, 0.0));
    if (x < 0.0) t = ferrocl_dd_add((double2)(FERROCL_PI_HI, FERROCL_PI_LO), -t);
    return t.x + t.y;
}

// Double-double exp, expm1, log, log10 and log1p: the kernels of pow's double-double branch (pow.cl) and
// Math.log10 (fdlibm's log10 is 1.8 ulps off at times); Math.exp and Math.log are exp.cl's and log.cl's.
//
// exp: x = k * ln2/64 + r with |r| <= ln2/128 (ln2/64 split in three 53-bit parts; the first product is
// exact in one fma), e^x = 2^(k/64 integer part) * 2^(j/64) * e^r with 2^(j/64) a double-double from
// ferrocl_exp_tab and e^r - 1 from its Taylor series (degree 7; the next term is below 2^-75).
//
// log: x = 2^e * m, m in [1, 2); the top 7 bits of m select c (8 significant bits, c*m - 1 exact in one
// fma) and -log(c) as a double-double; log(x) = e*ln2 - log(c) + log1p(c*m - 1) with |c*m - 1| <= 2^-7,
// log1p from its Taylor series (degree 10), its first two terms kept exact.

// e^(xh + xl) = 2^(*m) * (result.x + result.y), for |xh| <= 746 and |xl| <= ulp(xh).
double2 ferrocl_exp_k(double xh, double xl, int *m) {
    double kd = rint(xh * FERROCL_64OLN2);
    int k = (int)kd;
    double r1 = fma(-kd, FERROCL_LN2O64_1, xh);
    double2 p = ferrocl_dd_two_prod(kd, FERROCL_LN2O64_2);
    double2 s = ferrocl_dd_two_sum(r1, -p.x);
    double2 r = ferrocl_dd_two_sum(s.x, ((s.y - p.y) + xl) - kd * FERROCL_LN2O64_3);
    double rh = r.x;
    double q = rh * rh * (0.5 + rh * (1.0 / 6.0 + rh * (1.0 / 24.0 + rh * (1.0 / 120.0 + rh * (1.0 / 720.0 + rh * (1.0 / 5040.0))))));
    double tail = r.y + (r.y * rh + q);
    int j = k & 63;
    *m = (k - j) / 64;
    double th = ferrocl_exp_tab[2 * j];
    double tl = ferrocl_exp_tab[2 * j + 1];
    // T * (1 + rh + tail)
    double2 tp = ferrocl_dd_two_prod(th, rh);
    double2 u = ferrocl_dd_fast(th, tp.x);
    double lo = u.y + (tp.y + (th * tail + (tl + tl * (rh + tail))));
    return ferrocl_dd_fast(u.x, lo);
}

// log1p(r) as a double-double for |r| <= 2^-7: r - r^2/2 exact as a double-double, the rest in double.
double2 ferrocl_log1p_k(double r) {
    double hr = 0.5 * r;
    double h = hr * r;
    double hl = fma(hr, r, -h);
    double2 s = ferrocl_dd_two_sum(r, -h);
    double poly = r * r * r * (1.0 / 3.0 + r * (-1.0 / 4.0 + r * (1.0 / 5.0 + r * (-1.0 / 6.0 + r * (1.0 / 7.0 + r * (-1.0 / 8.0 + r * (1.0 / 9.0 + r * (-1.0 / 10.0))))))));
    return ferrocl_dd_fast(s.x, (s.y - hl) + poly);
}

// log(x) as a double-double, for finite x > 0.
double2 ferrocl_log_k(double x) {
    long bits = as_long(x);
    int e = 0;
    if (bits < 0x0010000000000000L) {
        bits = as_long(x * 18014398509481984.0);
        e = -54;
    }
    e += (int)(bits >> 52) - 1023;
    int j = (int)((bits >> 45) & 127L);
    double m = as_double((bits & 0x000FFFFFFFFFFFFFL) | 0x3FF0000000000000L);
    double c = ferrocl_log_tab[4 * j];
    double2 L = (double2)(ferrocl_log_tab[4 * j + 1], ferrocl_log_tab[4 * j + 2]);
    double2 lp = ferrocl_log1p_k(fma(c, m, -1.0));
    double ed = (double)e;
    double2 E = ferrocl_dd_two_prod(ed, FERROCL_LN2_HI);
    E = ferrocl_dd_fast(E.x, E.y + ed * FERROCL_LN2_LO);
    return ferrocl_dd_add(ferrocl_dd_add(E, L), lp);
}

// v * 2^m rounded once (to nearest), also where the result is subnormal; v > 0 a double-double
// with v.x in [0.5, 4], -1080 <= m <= 1030.
double ferrocl_scale_dd(double2 v, int m) {
    double h = ferrocl_scale(v.x, m);
    if (!(h < 2.2250738585072014e-308)) return ferrocl_scale(v.x + v.y, m);
    // h is v.x rounded to the subnormal grid; step to the neighbour if v.x + v.y is nearer to it
    double d = (v.x - ferrocl_scale(h, -m)) + v.y;
    double hu = ferrocl_pow2(-1075 - m);
    if (d > hu) h += 4.9406564584124654e-324;
    else if (d < -hu) h -= 4.9406564584124654e-324;
    return h;
}

// e^x - 1 as a double-double, for -38 <= x <= 60.
double2 ferrocl_expm1_k(double x) {
    if (fabs(x) < 0.005) {
        double q = x * x * (0.5 + x * (1.0 / 6.0 + x * (1.0 / 24.0 + x * (1.0 / 120.0 + x * (1.0 / 720.0 + x * (1.0 / 5040.0 + x * (1.0 / 40320.0)))))));
        return ferrocl_dd_fast(x, q);
    }
    int m;
    double2 v = ferrocl_exp_k(x, 0.0, &m);
    double p = ferrocl_pow2(m);
    return ferrocl_dd_add((double2)(v.x * p, v.y * p), (double2)(-1.0, 0.0));
}

double ferrocl_math_expm1(double x) {
    if (isnan(x)) return x;
    if (x > 709.8) return as_double(0x7FF0000000000000L);
    if (x < -38.0) return -1.0;
    if (fabs(x) < 5.551115123125783e-17) return x;
    if (x > 60.0) {
        int m;
        double2 v = ferrocl_exp_k(x, 0.0, &m);
        return ferrocl_scale(v.x + v.y, m);
    }
    double2 r = ferrocl_expm1_k(x);
    return r.x + r.y;
}

double ferrocl_math_log10(double x) {
    if (isnan(x)) return x;
    if (x < 0.0) return (x - x) / 0.0;
    if (x == 0.0) return as_double(0xFFF0000000000000L);
    if (isinf(x)) return x;
    double2 r = ferrocl_dd_mul(ferrocl_log_k(x), (double2)(FERROCL_INVLN10_HI, FERROCL_INVLN10_LO));
    return r.x + r.y;
}

double ferrocl_math_log1p(double x) {
    if (isnan(x)) return x;
    if (x < -1.0) return (x - x) / 0.0;
    if (x == -1.0) return as_double(0xFFF0000000000000L);
    if (isinf(x)) return x;
    if (fabs(x) < 5.551115123125783e-17) return x;
    double2 r;
    if (fabs(x) <= 0.0078125) {
        r = ferrocl_log1p_k(x);
    } else {
        // log(a.x + a.y) = log(a.x) + log1p(a.y / a.x), |a.y / a.x| <= 2^-53
        double2 a = ferrocl_dd_two_sum(1.0, x);
        r = ferrocl_dd_add(ferrocl_log_k(a.x), (double2)(a.y / a.x, 0.0));
    }
    return r.x + r.y;
}

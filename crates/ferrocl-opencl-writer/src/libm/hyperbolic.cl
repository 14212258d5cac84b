// Math.sinh, Math.cosh, Math.tanh from the exponential kernels of exp_log.cl: cosh and sinh as
// (e^|x| +- e^-|x|) / 2 with e^|x| a double-double (sinh below 1 from its Taylor series instead, to
// avoid cancellation), tanh as u / (u + 2) with u = e^(2|x|) - 1 a double-double.

// (e^ax + s * e^-ax) / 2 for 0 <= ax <= 40.
double ferrocl_cosh_sinh_k(double ax, double s) {
    int m;
    double2 v = ferrocl_exp_k(ax, 0.0, &m);
    double p = ferrocl_pow2(m);
    double2 E = (double2)(v.x * p, v.y * p);
    double inv = 1.0 / E.x;
    double invl = (fma(-inv, E.x, 1.0) - inv * E.y) * inv;
    double2 t = ferrocl_dd_two_sum(E.x, s * inv);
    return 0.5 * (t.x + (t.y + (E.y + s * invl)));
}

double ferrocl_math_cosh(double x) {
    double ax = fabs(x);
    if (isnan(x)) return x;
    if (ax > 710.5) return as_double(0x7FF0000000000000L);
    if (ax < 7.450580596923828e-09) return 1.0;
    if (ax > 40.0) {
        int m;
        double2 v = ferrocl_exp_k(ax, 0.0, &m);
        return ferrocl_scale(v.x + v.y, m - 1);
    }
    return ferrocl_cosh_sinh_k(ax, 1.0);
}

double ferrocl_math_sinh(double x) {
    double ax = fabs(x);
    if (isnan(x)) return x;
    if (ax < 7.450580596923828e-09) return x;
    double res;
    if (ax > 710.5) {
        res = as_double(0x7FF0000000000000L);
    } else if (ax > 40.0) {
        int m;
        double2 v = ferrocl_exp_k(ax, 0.0, &m);
        res = ferrocl_scale(v.x + v.y, m - 1);
    } else if (ax >= 1.0) {
        res = ferrocl_cosh_sinh_k(ax, -1.0);
    } else {
        double z = ax * ax;
        double p = 1.0 / 6.0 + z * (1.0 / 120.0 + z * (1.0 / 5040.0 + z * (1.0 / 362880.0 + z * (1.0 / 39916800.0 + z * (1.0 / 6227020800.0 + z * (1.0 / 1307674368000.0 + z * (1.0 / 355687428096000.0 + z * (1.0 / 121645100408832000.0))))))));
        res = ax + ax * z * p;
    }
    return x < 0.0 ? -res : res;
}

double ferrocl_math_tanh(double x) {
    double ax = fabs(x);
    if (isnan(x)) return x;
    if (ax < 3.725290298461914e-09) return x;
    double res;
    if (ax >= 22.0) {
        res = 1.0;
    } else {
        double2 u = ferrocl_expm1_k(2.0 * ax);
        double2 q = ferrocl_dd_div(u, ferrocl_dd_add(u, (double2)(2.0, 0.0)));
        res = q.x + q.y;
    }
    return x < 0.0 ? -res : res;
}

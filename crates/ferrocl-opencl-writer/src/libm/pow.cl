// Math.pow: Java's special cases first, then |x|^y = e^(y * log|x|) with log|x| a double-double
// (relative error near 2^-70), y * log|x| a double-double, and the exponential of a double-double.

double ferrocl_math_pow(double x, double y) {
    if (y == 0.0) return 1.0;
    if (isnan(x) || isnan(y)) return x + y;
    if (y == 1.0) return x;
    double ax = fabs(x);
    double ay = fabs(y);
    double inf = as_double(0x7FF0000000000000L);
    if (isinf(y)) {
        if (ax == 1.0) return y - y;
        return ((ax > 1.0) == (y > 0.0)) ? inf : 0.0;
    }
    // 0: not an integer, 1: odd integer, 2: even integer
    int yint = 0;
    if (ay >= 9007199254740992.0) {
        yint = 2;
    } else if (floor(y) == y) {
        double h = 0.5 * y;
        yint = floor(h) == h ? 2 : 1;
    }
    if (ax == 0.0 || isinf(ax)) {
        double r = ((ax == 0.0) == (y > 0.0)) ? 0.0 : inf;
        return (signbit(x) && yint == 1) ? -r : r;
    }
    if (x < 0.0 && yint == 0) return (x - x) / 0.0;
    double2 l = ferrocl_log_k(ax);
    double th = y * l.x;
    double res;
    if (th > 709.8) {
        res = inf;
    } else if (th < -745.2) {
        res = 0.0;
    } else {
        double2 t = ferrocl_dd_two_prod(y, l.x);
        t = ferrocl_dd_fast(t.x, t.y + y * l.y);
        int m;
        double2 v = ferrocl_exp_k(t.x, t.y, &m);
        res = ferrocl_scale_dd(v, m);
    }
    return (x < 0.0 && yint == 1) ? -res : res;
}

// Double-double arithmetic for Ferrocl's libm: a value is hi + lo with |lo| <= ulp(hi) / 2, carried
// as double2 (.x = hi, .y = lo). Exact products come from the correctly rounded fma.

// a + b exactly, as a double-double (any magnitudes).
double2 ferrocl_dd_two_sum(double a, double b) {
    double s = a + b;
    double bb = s - a;
    return (double2)(s, (a - (s - bb)) + (b - bb));
}

// a + b exactly when |a| >= |b| (or a == 0).
double2 ferrocl_dd_fast(double a, double b) {
    double s = a + b;
    return (double2)(s, b - (s - a));
}

// a * b exactly (barring overflow and underflow).
double2 ferrocl_dd_two_prod(double a, double b) {
    double p = a * b;
    return (double2)(p, fma(a, b, -p));
}

double2 ferrocl_dd_add(double2 a, double2 b) {
    double2 s = ferrocl_dd_two_sum(a.x, b.x);
    double2 t = ferrocl_dd_two_sum(a.y, b.y);
    s = ferrocl_dd_fast(s.x, s.y + t.x);
    return ferrocl_dd_fast(s.x, s.y + t.y);
}

double2 ferrocl_dd_mul(double2 a, double2 b) {
    double2 p = ferrocl_dd_two_prod(a.x, b.x);
    return ferrocl_dd_fast(p.x, p.y + (a.x * b.y + a.y * b.x));
}

// a / b; the residual a - q*b is exact through fma.
double2 ferrocl_dd_div(double2 a, double2 b) {
    double q = a.x / b.x;
    double r = fma(-q, b.x, a.x);
    r = (r + a.y) - q * b.y;
    return ferrocl_dd_fast(q, r / b.x);
}

// sqrt(a) for a >= 0.
double2 ferrocl_dd_sqrt(double2 a) {
    if (a.x <= 0.0) return (double2)(0.0, 0.0);
    double h = sqrt(a.x);
    double r = fma(-h, h, a.x) + a.y;
    return ferrocl_dd_fast(h, r / (2.0 * h));
}

// 2^n for -1022 <= n <= 1023, built from its bits.
double ferrocl_pow2(int n) {
    return as_double((long)(n + 1023) << 52);
}

// v * 2^n with a single rounding at the end, for |n| <= 2044.
double ferrocl_scale(double v, int n) {
    int n1 = n / 2;
    return (v * ferrocl_pow2(n1)) * ferrocl_pow2(n - n1);
}

/* Math.exp without a division or a table (fdlibm's exp, which StrictMath.exp must be, divides once;
 * it stays for the arguments outside this one's range).
 *
 * x = k ln2 + r with k the integer nearest x / ln2, read from the bits of x / ln2 + 1.5 * 2^52 (no
 * conversion instruction). ln2 = L1 + L2 with L1 of 32 significant bits (fdlibm's split), so
 * x - k L1 is exact (a multiple of ulp(x) below 0.35); r = (x - k L1) - k L2, and rl what the
 * subtraction lost (exactly where |x - k L1| >= |k L2|; elsewhere, and in k L2's own rounding, the
 * loss is below 2^-75).
 * e^(r + rl) = 1 + r + r^2 Q(r) + rl (1 + r), Q of degree 10 fitted for the least largest
 * relative error of e^r on |r| <= 0.3466 (scripts/libm/exp_poly.py: below 2^-60). 1 + r is split
 * exactly into hi + lo and the small terms are summed first, so that only the last addition rounds
 * at the result's scale: under 2^-55 before it (the rounding of r^2, of Q's last step and of the
 * small sum), 0.75 ulp in all. 2^k then goes into the exponent field, exactly: for |x| <= 707 the
 * result is a normal double. Larger |x| (overflow, results near or below the subnormal range),
 * infinities and NaN take fdlibm's exp.
 *
 * Semi-monotone: for one k every step is monotone (r, hi + lo and the final rounding are, and the
 * small terms move by much less than an ulp of x); where k changes, consecutive arguments are at
 * least 2^-54 apart relatively and each side's error before the last rounding is below 2^-55.3,
 * so neither overtakes the other. scripts/math-proof.sh checks runs of consecutive doubles around
 * every such boundary. */
double ferrocl_math_exp(double x) {
    if (!(fabs(x) <= 707.0)) {
        return ferrocl_fdlibm_exp(x);
    }
    const double big = fma(x, 0x1.71547652b82fep+0, 0x1.8p52);
    const double kd = big - 0x1.8p52;
    const int k = (int)(as_long(big) - as_long(0x1.8p52));
    const double r1 = fma(-kd, 0x1.62e42feep-1, x);
    const double d = kd * 0x1.a39ef35793c76p-33;
    const double r = r1 - d;
    const double rl = (r1 - r) - d;
    const double hi = 1.0 + r;
    const double lo = (1.0 - hi) + r;
    double q = 0x1.1e3d30b9e049cp-29;
    q = fma(q, r, 0x1.af6be559e9a96p-26);
    q = fma(q, r, 0x1.27e5b440f2a01p-22);
    q = fma(q, r, 0x1.71ddf0222dc26p-19);
    q = fma(q, r, 0x1.a01a0136939e6p-16);
    q = fma(q, r, 0x1.a01a01b37db5cp-13);
    q = fma(q, r, 0x1.6c16c16c30478p-10);
    q = fma(q, r, 0x1.111111110ec5fp-7);
    q = fma(q, r, 0x1.5555555555503p-5);
    q = fma(q, r, 0x1.555555555555bp-3);
    q = fma(q, r, 0.5);
    const double tail = fma(r * r, q, lo + fma(rl, r, rl));
    const double y = hi + tail;
    return as_double(as_long(y) + (long)((ulong)(long)k << 52));
}

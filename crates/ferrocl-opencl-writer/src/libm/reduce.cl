// Argument reduction for sin, cos and tan: |x| = q * pi/2 + r with |r| <= pi/4 (a hair more below
// 2^28), r returned as a double-double, q modulo 4 through *quad.
//
// Below 2^28 (Cody-Waite): k = rint(|x| * 2/pi); pi/2 is split into three doubles P1 + P2 + P3 of 53
// bits each. |x| - k*P1 is exact in one fma (both terms are multiples of 2^-53 and the difference is
// below 1 in magnitude), k*P2 is an exact product, and k*P3 only matters in the last bits.
//
// From 2^28 up (Payne-Hanek): with |x| = M * 2^(e-52), M a 53-bit integer, the bits of 2/pi whose
// product with |x| is a multiple of 4 are skipped; the 192-bit window that follows is multiplied by M
// modulo 2^192, giving |x| * 2/pi modulo 4 as a fixed-point number with 190 fraction bits (more than the
// 62 bits of cancellation that any double can produce).

// 64 bits of the table ferrocl_2opi_bits starting at bit pos (word 0 is zero padding).
ulong ferrocl_2opi_get64(int pos) {
    int w = pos >> 6;
    int sh = pos & 63;
    ulong v = ferrocl_2opi_bits[w] << sh;
    if (sh != 0) v |= ferrocl_2opi_bits[w + 1] >> (64 - sh);
    return v;
}

double2 ferrocl_trig_reduce(double ax, int *quad) {
    if (ax < 268435456.0) {
        double k = rint(ax * FERROCL_2OPI);
        double r1 = fma(-k, FERROCL_PIO2_1, ax);
        double2 p = ferrocl_dd_two_prod(k, FERROCL_PIO2_2);
        double2 s = ferrocl_dd_two_sum(r1, -p.x);
        double lo = (s.y - p.y) - k * FERROCL_PIO2_3;
        *quad = (int)((long)k & 3L);
        return ferrocl_dd_two_sum(s.x, lo);
    }
    long bits = as_long(ax);
    int e = (int)(bits >> 52) - 1023;
    ulong m = ((ulong)bits & 0x000FFFFFFFFFFFFFUL) | 0x0010000000000000UL;
    int b0 = e - 54 + 64;
    ulong w2 = ferrocl_2opi_get64(b0);
    ulong w1 = ferrocl_2opi_get64(b0 + 64);
    ulong w0 = ferrocl_2opi_get64(b0 + 128);
    ulong lo0 = m * w0;
    ulong hi0 = mul_hi(m, w0);
    ulong lo1 = m * w1;
    ulong hi1 = mul_hi(m, w1);
    ulong lo2 = m * w2;
    ulong r1 = hi0 + lo1;
    ulong c1 = r1 < hi0 ? 1UL : 0UL;
    ulong r2 = lo2 + hi1 + c1;
    int q = (int)(r2 >> 62);
    // the fraction f = (a:b) * 2^-128 in [0, 1)
    ulong a = (r2 << 2) | (r1 >> 62);
    ulong b = (r1 << 2) | (lo0 >> 62);
    int neg = 0;
    if ((a >> 63) != 0UL) {
        // f >= 1/2: take f - 1 (negative) and the next quadrant
        q += 1;
        neg = 1;
        b = ~b + 1UL;
        a = ~a + (b == 0UL ? 1UL : 0UL);
    }
    int s = 0;
    if (a == 0UL) {
        a = b;
        b = 0UL;
        s = 64;
    }
    if (a == 0UL) {
        *quad = q & 3;
        return (double2)(0.0, 0.0);
    }
    int lz = (int)clz(a);
    if (lz > 0) {
        a = (a << lz) | (b >> (64 - lz));
        b <<= lz;
    }
    s += lz;
    // f = a * 2^(-64-s) + b * 2^(-128-s)
    double d1 = ferrocl_scale((double)(a >> 11), -53 - s);
    double d2 = ferrocl_scale((double)(((a & 0x7FFUL) << 53) | (b >> 11)), -117 - s);
    double2 r = ferrocl_dd_mul(ferrocl_dd_fast(d1, d2), (double2)(FERROCL_PIO2_HI, FERROCL_PIO2_LO));
    *quad = q & 3;
    return neg ? -r : r;
}

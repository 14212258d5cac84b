// atan: x reduced against 0, 0.5, 1, 1.5 or infinity (atan(x) = atan(c) + atan((x - c)/(1 + c x))),
// atan(c) as a head and a tail, atan of the rest from an odd degree-23 polynomial split in two.
double ferrocl_fdlibm_atan(double x) {
    const double a0 = 3.33333333333329318027e-01;
    const double a1 = -1.99999999998764832476e-01;
    const double a2 = 1.42857142725034663711e-01;
    const double a3 = -1.11111104054623557880e-01;
    const double a4 = 9.09088713343650656196e-02;
    const double a5 = -7.69187620504482999495e-02;
    const double a6 = 6.66107313738753120669e-02;
    const double a7 = -5.83357013379057348645e-02;
    const double a8 = 4.97687799461593236017e-02;
    const double a9 = -3.65315727442169155270e-02;
    const double a10 = 1.62858201153657823623e-02;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    int id;
    if (ix >= 0x44100000) {
        // |x| >= 2^66, or NaN.
        if (ix > 0x7ff00000 || (ix == 0x7ff00000 && FERROCL_FDL_LO(x) != 0)) return x + x;
        const double h = 1.57079632679489655800e+00 + 6.12323399573676603587e-17;
        return hx > 0 ? h : -h;
    }
    if (ix < 0x3fdc0000) {
        // |x| < 0.4375.
        if (ix < 0x3e200000) return x;
        id = -1;
    } else {
        x = fabs(x);
        if (ix < 0x3ff30000) {
            if (ix < 0x3fe60000) {
                id = 0;
                x = (2.0 * x - 1.0) / (2.0 + x);
            } else {
                id = 1;
                x = (x - 1.0) / (x + 1.0);
            }
        } else if (ix < 0x40038000) {
            id = 2;
            x = (x - 1.5) / (1.0 + 1.5 * x);
        } else {
            id = 3;
            x = -1.0 / x;
        }
    }
    double z = x * x;
    const double w = z * z;
    const double s1 = z * (a0 + w * (a2 + w * (a4 + w * (a6 + w * (a8 + w * a10)))));
    const double s2 = w * (a1 + w * (a3 + w * (a5 + w * (a7 + w * a9))));
    if (id < 0) return x - x * (s1 + s2);
    const double hi = id == 0 ? 4.63647609000806093515e-01
        : id == 1 ? 7.85398163397448278999e-01
        : id == 2 ? 9.82793723247329054082e-01 : 1.57079632679489655800e+00;
    const double lo = id == 0 ? 2.26987774529616870924e-17
        : id == 1 ? 3.06161699786838301793e-17
        : id == 2 ? 1.39033110312309984516e-17 : 6.12323399573676603587e-17;
    z = hi - ((x * (s1 + s2) - lo) - x);
    return hx < 0 ? -z : z;
}

// atan2: the quadrant from the signs, Java's special cases, atan(|y/x|) adjusted by pi.
double ferrocl_fdlibm_atan2(double y, double x) {
    const double pi_o_4 = 7.8539816339744827900E-01;
    const double pi_o_2 = 1.5707963267948965580E+00;
    const double pi = 3.1415926535897931160E+00;
    const double pi_lo = 1.2246467991473531772E-16;
    const double tiny = 1.0e-300;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    const uint lx = (uint)FERROCL_FDL_LO(x);
    const int hy = FERROCL_FDL_HI(y);
    const int iy = hy & 0x7fffffff;
    const uint ly = (uint)FERROCL_FDL_LO(y);
    if ((ix | (int)((lx | (0u - lx)) >> 31)) > 0x7ff00000
        || (iy | (int)((ly | (0u - ly)) >> 31)) > 0x7ff00000) {
        return x + y;
    }
    if (((hx - 0x3ff00000) | (int)lx) == 0) return ferrocl_fdlibm_atan(y);
    const int m = ((hy >> 31) & 1) | ((hx >> 30) & 2);
    if ((iy | (int)ly) == 0) {
        // y = 0.
        if (m <= 1) return y;
        return m == 2 ? pi + tiny : -pi - tiny;
    }
    if ((ix | (int)lx) == 0) return hy < 0 ? -pi_o_2 - tiny : pi_o_2 + tiny;
    if (ix == 0x7ff00000) {
        if (iy == 0x7ff00000) {
            switch (m) {
                case 0: return pi_o_4 + tiny;
                case 1: return -pi_o_4 - tiny;
                case 2: return 3.0 * pi_o_4 + tiny;
                default: return -3.0 * pi_o_4 - tiny;
            }
        }
        switch (m) {
            case 0: return 0.0;
            case 1: return -0.0;
            case 2: return pi + tiny;
            default: return -pi - tiny;
        }
    }
    if (iy == 0x7ff00000) return hy < 0 ? -pi_o_2 - tiny : pi_o_2 + tiny;
    const int k = (iy - ix) >> 20;
    double z;
    if (k > 60) {
        z = pi_o_2 + 0.5 * pi_lo;
    } else if (hx < 0 && k < -60) {
        z = 0.0;
    } else {
        z = ferrocl_fdlibm_atan(fabs(y / x));
    }
    switch (m) {
        case 0: return z;
        case 1: return -z;
        case 2: return pi - (z - pi_lo);
        default: return (z - pi_lo) - pi;
    }
}

// asin and acos: a rational approximation R(x^2) of (asin(x) - x)/x^3 on |x| < 0.5; past it, through
// asin(x) = pi/2 - 2 asin(sqrt((1 - x)/2)), sqrt's head and tail kept apart where it matters.
double ferrocl_fdlibm_asin_r(double t) {
    const double ps0 = 1.66666666666666657415e-01;
    const double ps1 = -3.25565818622400915405e-01;
    const double ps2 = 2.01212532134862925881e-01;
    const double ps3 = -4.00555345006794114027e-02;
    const double ps4 = 7.91534994289814532176e-04;
    const double ps5 = 3.47933107596021167570e-05;
    const double qs1 = -2.40339491173441421878e+00;
    const double qs2 = 2.02094576023350569471e+00;
    const double qs3 = -6.88283971605453293030e-01;
    const double qs4 = 7.70381505559019352791e-02;
    const double p = t * (ps0 + t * (ps1 + t * (ps2 + t * (ps3 + t * (ps4 + t * ps5)))));
    const double q = 1.0 + t * (qs1 + t * (qs2 + t * (qs3 + t * qs4)));
    return p / q;
}

double ferrocl_fdlibm_asin(double x) {
    const double pio2_hi = 1.57079632679489655800e+00;
    const double pio2_lo = 6.12323399573676603587e-17;
    const double pio4_hi = 7.85398163397448278999e-01;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) {
        if (((ix - 0x3ff00000) | FERROCL_FDL_LO(x)) == 0) return x * pio2_hi + x * pio2_lo;
        return (x - x) / (x - x);
    }
    if (ix < 0x3fe00000) {
        if (ix < 0x3e400000) return x;
        const double t = x * x;
        return x + x * ferrocl_fdlibm_asin_r(t);
    }
    double w = 1.0 - fabs(x);
    double t = w * 0.5;
    const double r = ferrocl_fdlibm_asin_r(t);
    const double s = sqrt(t);
    if (ix >= 0x3FEF3333) {
        t = pio2_hi - (2.0 * (s + s * r) - pio2_lo);
    } else {
        w = FERROCL_FDL_CLEAR_LO(s);
        const double c = (t - w * w) / (s + w);
        const double p = 2.0 * s * r - (pio2_lo - 2.0 * c);
        const double q = pio4_hi - 2.0 * w;
        t = pio4_hi - (p - q);
    }
    return hx > 0 ? t : -t;
}

double ferrocl_fdlibm_acos(double x) {
    const double pi = 3.14159265358979311600e+00;
    const double pio2_hi = 1.57079632679489655800e+00;
    const double pio2_lo = 6.12323399573676603587e-17;
    const int hx = FERROCL_FDL_HI(x);
    const int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) {
        if (((ix - 0x3ff00000) | FERROCL_FDL_LO(x)) == 0) return hx > 0 ? 0.0 : pi + 2.0 * pio2_lo;
        return (x - x) / (x - x);
    }
    if (ix < 0x3fe00000) {
        if (ix <= 0x3c600000) return pio2_hi + pio2_lo;
        const double z = x * x;
        const double r = ferrocl_fdlibm_asin_r(z);
        return pio2_hi - (x - (pio2_lo - x * r));
    }
    if (hx < 0) {
        const double z = (1.0 + x) * 0.5;
        const double r = ferrocl_fdlibm_asin_r(z);
        const double s = sqrt(z);
        const double w = r * s - pio2_lo;
        return pi - 2.0 * (s + w);
    }
    const double z = (1.0 - x) * 0.5;
    const double s = sqrt(z);
    const double df = FERROCL_FDL_CLEAR_LO(s);
    const double c = (z - df * df) / (s + df);
    const double r = ferrocl_fdlibm_asin_r(z);
    const double w = r * s + c;
    return 2.0 * (df + w);
}

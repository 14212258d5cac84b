// StrictMath.pow: fdlibm's. log2(|x|) in extra precision (x scaled into [sqrt(2)/2, sqrt(2)) against
// 1 or 1.5, log from the series of s = (x - b)/(x + b), heads with 32 zero low bits so that products
// of heads are exact), times y split the same way, then 2^z as in exp; Java's special cases first.
double ferrocl_fdlibm_pow(double x, double y) {
    const double dp_h1 = 5.84962487220764160156e-01;
    const double dp_l1 = 1.35003920212974897128e-08;
    const double two53 = 9007199254740992.0;
    const double huge = 1.0e300;
    const double tiny = 1.0e-300;
    const double l1 = 5.99999999999994648725e-01;
    const double l2 = 4.28571428578550184252e-01;
    const double l3 = 3.33333329818377432918e-01;
    const double l4 = 2.72728123808534006489e-01;
    const double l5 = 2.30660745775561754067e-01;
    const double l6 = 2.06975017800338417784e-01;
    const double p1 = 1.66666666666666019037e-01;
    const double p2 = -2.77777777770155933842e-03;
    const double p3 = 6.61375632143793436117e-05;
    const double p4 = -1.65339022054652515390e-06;
    const double p5 = 4.13813679705723846039e-08;
    const double lg2 = 6.93147180559945286227e-01;
    const double lg2_h = 6.93147182464599609375e-01;
    const double lg2_l = -1.90465429995776804525e-09;
    const double ovt = 8.0085662595372944372e-17;
    const double cp = 9.61796693925975554329e-01;
    const double cp_h = 9.61796700954437255859e-01;
    const double cp_l = -7.02846165095275826516e-09;
    const double ivln2 = 1.44269504088896338700e+00;
    const double ivln2_h = 1.44269502162933349609e+00;
    const double ivln2_l = 1.92596299112661746887e-08;
    const int hx = FERROCL_FDL_HI(x);
    const uint lx = (uint)FERROCL_FDL_LO(x);
    const int hy = FERROCL_FDL_HI(y);
    const uint ly = (uint)FERROCL_FDL_LO(y);
    int ix = hx & 0x7fffffff;
    const int iy = hy & 0x7fffffff;
    // y == 0: 1, even for NaN x.
    if ((iy | (int)ly) == 0) return 1.0;
    // NaN operands.
    if (ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) || iy > 0x7ff00000
        || (iy == 0x7ff00000 && ly != 0)) {
        return x + y;
    }
    // For x < 0: 0 when y is no integer, 1 when it is odd, 2 when it is even.
    int yisint = 0;
    if (hx < 0) {
        if (iy >= 0x43400000) {
            yisint = 2;
        } else if (iy >= 0x3ff00000) {
            const int k = (iy >> 20) - 0x3ff;
            if (k > 20) {
                const uint j = ly >> (52 - k);
                if ((j << (52 - k)) == ly) yisint = 2 - (int)(j & 1);
            } else if (ly == 0) {
                const int j = iy >> (20 - k);
                if ((j << (20 - k)) == iy) yisint = 2 - (j & 1);
            }
        }
    }
    // Special values of y.
    if (ly == 0) {
        if (iy == 0x7ff00000) {
            // y is +-infinity.
            if (((ix - 0x3ff00000) | (int)lx) == 0) return y - y;
            if (ix >= 0x3ff00000) return hy >= 0 ? y : 0.0;
            return hy < 0 ? -y : 0.0;
        }
        if (iy == 0x3ff00000) return hy < 0 ? 1.0 / x : x;
        if (hy == 0x40000000) return x * x;
        if (hy == 0x3fe00000 && hx >= 0) return sqrt(x);
    }
    double ax = fabs(x);
    // Special values of x: +-0, +-infinity, +-1.
    if (lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000)) {
        double z = ax;
        if (hy < 0) z = 1.0 / z;
        if (hx < 0) {
            if (((ix - 0x3ff00000) | yisint) == 0) {
                z = (z - z) / (z - z);
            } else if (yisint == 1) {
                z = -z;
            }
        }
        return z;
    }
    // (x < 0) ** (not an integer) is NaN.
    if ((((hx >> 31) + 1) | yisint) == 0) return (x - x) / (x - x);
    // The sign of the result: -1 for a negative x to an odd power.
    const double s = ((((hx >> 31) + 1) | (yisint - 1)) == 0) ? -1.0 : 1.0;
    double t1, t2;
    if (iy > 0x41e00000) {
        // |y| > 2^31.
        if (iy > 0x43f00000) {
            // |y| > 2^64: overflow or underflow.
            if (ix <= 0x3fefffff) return hy < 0 ? huge * huge : tiny * tiny;
            if (ix >= 0x3ff00000) return hy > 0 ? huge * huge : tiny * tiny;
        }
        if (ix < 0x3fefffff) return hy < 0 ? s * huge * huge : s * tiny * tiny;
        if (ix > 0x3ff00000) return hy > 0 ? s * huge * huge : s * tiny * tiny;
        // |1 - x| <= 2^-20: log(x) from x - x^2/2 + x^3/3 - x^4/4.
        const double t = ax - 1.0;
        const double w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
        const double u = ivln2_h * t;
        const double v = t * ivln2_l - w * ivln2;
        t1 = FERROCL_FDL_CLEAR_LO(u + v);
        t2 = v - (t1 - u);
    } else {
        int n = 0;
        if (ix < 0x00100000) {
            // Subnormal x.
            ax *= two53;
            n -= 53;
            ix = FERROCL_FDL_HI(ax);
        }
        n += (ix >> 20) - 0x3ff;
        const int j = ix & 0x000fffff;
        ix = j | 0x3ff00000;
        int k;
        if (j <= 0x3988E) {
            k = 0;
        } else if (j < 0xBB67A) {
            k = 1;
        } else {
            k = 0;
            n += 1;
            ix -= 0x00100000;
        }
        ax = FERROCL_FDL_WITH_HI(ax, ix);
        const double bp = k == 0 ? 1.0 : 1.5;
        const double dp_h = k == 0 ? 0.0 : dp_h1;
        const double dp_l = k == 0 ? 0.0 : dp_l1;
        // ss = s_h + s_l = (x - bp)/(x + bp).
        double u = ax - bp;
        double v = 1.0 / (ax + bp);
        const double ss = u * v;
        const double s_h = FERROCL_FDL_CLEAR_LO(ss);
        double t_h = as_double((long)(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18)) << 32);
        double t_l = ax - (t_h - bp);
        const double s_l = v * ((u - s_h * t_h) - s_h * t_l);
        // log(ax).
        double s2 = ss * ss;
        double r = s2 * s2 * (l1 + s2 * (l2 + s2 * (l3 + s2 * (l4 + s2 * (l5 + s2 * l6)))));
        r += s_l * (s_h + ss);
        s2 = s_h * s_h;
        t_h = FERROCL_FDL_CLEAR_LO(3.0 + s2 + r);
        t_l = r - ((t_h - 3.0) - s2);
        u = s_h * t_h;
        v = s_l * t_h + t_l * ss;
        const double p_h = FERROCL_FDL_CLEAR_LO(u + v);
        const double p_l = v - (p_h - u);
        const double z_h = cp_h * p_h;
        const double z_l = cp_l * p_h + p_l * cp + dp_l;
        // log2(ax) = n + dp_h + z_h + z_l.
        const double t = (double)n;
        t1 = FERROCL_FDL_CLEAR_LO(((z_h + z_l) + dp_h) + t);
        t2 = z_l - (((t1 - t) - dp_h) - z_h);
    }
    // (y1 + y2) * (t1 + t2), y1 the head of y.
    const double y1 = FERROCL_FDL_CLEAR_LO(y);
    const double p_l = (y - y1) * t1 + y * t2;
    double p_h = y1 * t1;
    double z = p_l + p_h;
    int j = FERROCL_FDL_HI(z);
    int i = FERROCL_FDL_LO(z);
    if (j >= 0x40900000) {
        // z >= 1024.
        if (((j - 0x40900000) | i) != 0) return s * huge * huge;
        if (p_l + ovt > z - p_h) return s * huge * huge;
    } else if ((j & 0x7fffffff) >= 0x4090cc00) {
        // z <= -1075.
        if (((j - (int)0xc090cc00) | i) != 0) return s * tiny * tiny;
        if (p_l <= z - p_h) return s * tiny * tiny;
    }
    // 2^(p_h + p_l).
    i = j & 0x7fffffff;
    int k = (i >> 20) - 0x3ff;
    int n = 0;
    if (i > 0x3fe00000) {
        // |z| > 0.5: n = nearest integer.
        n = j + (0x00100000 >> (k + 1));
        k = ((n & 0x7fffffff) >> 20) - 0x3ff;
        const double t = as_double((long)(n & ~(0x000fffff >> k)) << 32);
        n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
        if (j < 0) n = -n;
        p_h -= t;
    }
    double t = FERROCL_FDL_CLEAR_LO(p_l + p_h);
    const double u = t * lg2_h;
    const double v = (p_l - (t - p_h)) * lg2 + t * lg2_l;
    z = u + v;
    const double w = v - (z - u);
    t = z * z;
    t1 = z - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))));
    const double r = (z * t1) / (t1 - 2.0) - (w + z * w);
    z = 1.0 - (r - z);
    j = FERROCL_FDL_HI(z);
    j += (n << 20);
    if ((j >> 20) <= 0) {
        z = ldexp(z, n);
    } else {
        z = FERROCL_FDL_WITH_HI(z, FERROCL_FDL_HI(z) + (n << 20));
    }
    return s * z;
}

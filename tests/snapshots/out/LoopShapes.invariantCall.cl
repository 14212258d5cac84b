// Ferrocl kernel for snap.LoopShapes.invariantCall([D[DDI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

// StrictMath.exp and StrictMath.log (the other StrictMath functions are in fdlibm_*.cl): fdlibm 5.3's
// algorithms (Sun Microsystems, 1993), which the JDK's StrictMath specifies, written again here in plain
// double arithmetic. Every operation is an IEEE one in round-to-nearest (FP_CONTRACT is off: no fused
// multiply-add), in the order fdlibm performs them, so the results are fdlibm's bit for bit; they are
// also within Math's 1-ulp bound, so Math.exp and Math.log use them too.
//
// exp: x = k*ln2 + r with |r| <= ln2/2 (ln2 split in a 32-bit head and a tail, so k*ln2_hi is exact),
// e^r from a degree-5 minimax rational form R(r) = r - r^2 * P(r^2), 1 + 2r/(R - r) = e^r, then 2^k by
// adding k to the exponent (through 2^-1000 for results near the subnormal range).
//
// log: x = 2^k * (1 + f) with sqrt(2)/2 <= 1 + f < sqrt(2); log(1 + f) = f - s*(f - R(s^2)) with
// s = f/(2 + f), R a degree-14 polynomial in s (its odd and even parts evaluated separately), and
// k*ln2 added as a 32-bit head and a tail.

#define FERROCL_FDL_HI(x) ((int)(as_long(x) >> 32))
#define FERROCL_FDL_LO(x) ((int)as_long(x))
#define FERROCL_FDL_WITH_HI(x, hi) as_double(((long)(hi) << 32) | (as_long(x) & 0xFFFFFFFFL))
#define FERROCL_FDL_CLEAR_LO(x) as_double(as_long(x) & (long)0xFFFFFFFF00000000UL)

double ferrocl_fdlibm_exp(double x) {
    const double ln2_hi = 6.93147180369123816490e-01;  // 0x3FE62E42FEE00000
    const double ln2_lo = 1.90821492927058770002e-10;  // 0x3DEA39EF35793C76
    const double inv_ln2 = 1.44269504088896338700e+00; // 0x3FF71547652B82FE
    const double p1 = 1.66666666666666019037e-01;
    const double p2 = -2.77777777770155933842e-03;
    const double p3 = 6.61375632143793436117e-05;
    const double p4 = -1.65339022054652515390e-06;
    const double p5 = 4.13813679705723846039e-08;
    const double two_m1000 = 9.33263618503218878990e-302; // 2^-1000
    int hx = FERROCL_FDL_HI(x);
    const int negative = (hx >> 31) & 1;
    hx &= 0x7fffffff;
    // Large, infinite or NaN arguments.
    if (hx >= 0x40862E42) {
        if (hx >= 0x7ff00000) {
            if (((hx & 0xfffff) | FERROCL_FDL_LO(x)) != 0) return x + x;
            return negative == 0 ? x : 0.0;
        }
        if (x > 7.09782712893383973096e+02) return as_double(0x7FF0000000000000L);
        if (x < -7.45133219101941108420e+02) return 0.0;
    }
    double hi = 0.0;
    double lo = 0.0;
    int k = 0;
    if (hx > 0x3fd62e42) {
        // |x| > ln2/2: reduce.
        if (hx < 0x3FF0A2B2) {
            // |x| < 1.5 ln2: k is +-1.
            hi = negative ? x + ln2_hi : x - ln2_hi;
            lo = negative ? -ln2_lo : ln2_lo;
            k = negative ? -1 : 1;
        } else {
            k = (int)(inv_ln2 * x + (negative ? -0.5 : 0.5));
            const double t = (double)k;
            hi = x - t * ln2_hi;
            lo = t * ln2_lo;
        }
        x = hi - lo;
    } else if (hx < 0x3e300000) {
        // |x| < 2^-28: e^x rounds to 1 + x.
        return 1.0 + x;
    }
    const double t = x * x;
    const double c = x - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))));
    if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
    const double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
    if (k >= -1021) return as_double(as_long(y) + ((long)k << 52));
    return as_double(as_long(y) + ((long)(k + 1000) << 52)) * two_m1000;
}

double ferrocl_fdlibm_log(double x) {
    const double ln2_hi = 6.93147180369123816490e-01;
    const double ln2_lo = 1.90821492927058770002e-10;
    const double two54 = 1.80143985094819840000e+16;
    const double lg1 = 6.666666666666735130e-01;
    const double lg2 = 3.999999999940941908e-01;
    const double lg3 = 2.857142874366239149e-01;
    const double lg4 = 2.222219843214978396e-01;
    const double lg5 = 1.818357216161805012e-01;
    const double lg6 = 1.531383769920937332e-01;
    const double lg7 = 1.479819860511658591e-01;
    int hx = FERROCL_FDL_HI(x);
    const int lx = FERROCL_FDL_LO(x);
    int k = 0;
    if (hx < 0x00100000) {
        // Zero, negative, or subnormal.
        if (((hx & 0x7fffffff) | lx) == 0) return as_double(0xFFF0000000000000L);
        if (hx < 0) return (x - x) / 0.0;
        k -= 54;
        x *= two54;
        hx = FERROCL_FDL_HI(x);
    }
    if (hx >= 0x7ff00000) return x + x;
    k += (hx >> 20) - 1023;
    hx &= 0x000fffff;
    // Normalise the mantissa into [sqrt(2)/2, sqrt(2)).
    int i = (hx + 0x95f64) & 0x100000;
    x = FERROCL_FDL_WITH_HI(x, hx | (i ^ 0x3ff00000));
    k += (i >> 20);
    const double f = x - 1.0;
    double dk;
    if ((0x000fffff & (2 + hx)) < 3) {
        // |f| < 2^-20.
        if (f == 0.0) {
            if (k == 0) return 0.0;
            dk = (double)k;
            return dk * ln2_hi + dk * ln2_lo;
        }
        const double r = f * f * (0.5 - 0.33333333333333333 * f);
        if (k == 0) return f - r;
        dk = (double)k;
        return dk * ln2_hi - ((r - dk * ln2_lo) - f);
    }
    const double s = f / (2.0 + f);
    dk = (double)k;
    const double z = s * s;
    i = hx - 0x6147a;
    const double w = z * z;
    const int j = 0x6b851 - hx;
    const double t1 = w * (lg2 + w * (lg4 + w * lg6));
    const double t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)));
    i |= j;
    const double r = t2 + t1;
    if (i > 0) {
        const double hfsq = 0.5 * f * f;
        if (k == 0) return f - (hfsq - s * (hfsq + r));
        return dk * ln2_hi - ((hfsq - (s * (hfsq + r) + dk * ln2_lo)) - f);
    }
    if (k == 0) return f - s * (f - r);
    return dk * ln2_hi - ((s * (f - r) - dk * ln2_lo) - f);
}
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
// Generated by scripts/libm/gen_tables.py (mpmath, 300 bits); do not edit by hand.
#define FERROCL_PIO2_HI 1.5707963267948966
#define FERROCL_PIO2_LO 6.123233995736766e-17
#define FERROCL_PI_HI 3.141592653589793
#define FERROCL_PI_LO 1.2246467991473532e-16
#define FERROCL_PIO4_HI 0.7853981633974483
#define FERROCL_PIO4_LO 3.061616997868383e-17
#define FERROCL_3PIO4_HI 2.356194490192345
#define FERROCL_3PIO4_LO 9.184850993605148e-17
#define FERROCL_LN2_HI 0.6931471805599453
#define FERROCL_LN2_LO 2.3190468138462996e-17
#define FERROCL_INVLN10_HI 0.4342944819032518
#define FERROCL_INVLN10_LO 1.098319650216765e-17
#define FERROCL_PIO2_1 1.5707963267948966
#define FERROCL_PIO2_2 6.123233995736766e-17
#define FERROCL_PIO2_3 -1.4973849048591698e-33
#define FERROCL_2OPI 0.6366197723675814
#define FERROCL_LN2O64_1 0.010830424696249145
#define FERROCL_LN2O64_2 3.623510646634843e-19
#define FERROCL_LN2O64_3 8.918294435025331e-36
#define FERROCL_64OLN2 92.33248261689366
// Generated by scripts/libm/gen_tables.py (mpmath, 300 bits); do not edit by hand.
__constant double ferrocl_trig_tab[162] = {
    0.0, 0.0, 1.0, 0.0, 0.0, 0.0,
    0.03124491398532608, -1.562781562225433e-18, 0.9995117584851364, -3.418806487972947e-17, 0.031260176501255954, 2.3803927834128917e-18,
    0.0624593178423802, -2.040259504585711e-18, 0.9980475107000991, 3.3232291674141346e-17, 0.06258150756627502, -6.767531942779112e-18,
    0.09361273123551289, 1.4628632005878733e-18, 0.9956086864580017, 3.312922430932991e-17, 0.09402562724573195, 6.5762523927164225e-18,
    0.12467473338522769, -2.925947496057858e-18, 0.992197667229329, 4.754870575189364e-17, 0.12565513657513097, -3.439960680352485e-18,
    0.15561499277355603, 8.886053372342288e-18, 0.9878177838164719, 4.91917302237681e-17, 0.15753410732527162, -1.1061539275293055e-17,
    0.18640329676226988, 2.3493796901281573e-18, 0.9824733131012553, -3.919920375420088e-17, 0.18972861071805913, 9.78955701743985e-19,
    0.21700958109501015, 1.1170071073364376e-17, 0.9761694738686353, -7.850690609285027e-18, 0.22230728055343132, 6.328821377607695e-18,
    0.24740395925452294, -7.53102495590706e-18, 0.9689124217106447, 5.071436662403936e-17, 0.25534192122103627, -5.589358343564783e-18,
    0.2775567516463363, 1.7674070262791822e-17, 0.9607092430155619, -2.807827063516729e-17, 0.2889081724405147, 2.70817328270223e-17,
    0.30743851458038085, 1.1004366442765296e-19, 0.9515679480481722, -3.8614834675674123e-17, 0.32308624435174554, -2.389398809095344e-17,
    0.33702006902225307, 1.0312279860787216e-17, 0.9414974631278811, -4.8523830236797095e-18, 0.357961738848017, -2.086600346579411e-17,
    0.36627252908604757, -9.938814562106524e-18, 0.9305076219123143, 4.488760003328074e-18, 0.39362657592563277, -1.2972931096830582e-17,
    0.39516733024093426, -1.9613487871414228e-17, 0.9186091557949183, -4.0564150104514996e-17, 0.43018004746423005, -4.113275164307763e-18,
    0.42367625720393803, -2.331800700068871e-17, 0.9058136834259364, 4.2864666490805214e-17, 0.4677300254523918, 1.5519502793263498e-17,
    0.4517714714916838, -8.234073942098903e-18, 0.8921336993669944, 2.3160655211380166e-17, 0.5063943574962299, -4.0096068550680074e-17,
    0.479425538604203, -5.103969860556013e-18, 0.8775825618903728, -4.2623149864279997e-17, 0.5463024898437905, 2.9096576216837176e-17,
    0.5066114548142574, -3.269413423618168e-17, 0.8621744799348805, 4.4132427578105805e-18, 0.5875973675914432, 1.211599079372634e-17,
    0.5333026735360201, 5.129318115032044e-17, 0.8459244992310679, 1.549506647350329e-17, 0.6304376738358848, -1.5183875765700744e-17,
    0.5594731312473669, 1.575565514488728e-17, 0.8288484876093257, 1.1163935406617444e-17, 0.6750004851442429, -2.666904806431612e-17,
    0.5850972729404622, -5.4883972461161805e-17, 0.8109631195052179, -3.091333486122179e-17, 0.7214844409909045, -5.4243984813454325e-17,
    0.6101500770757914, -1.479826990758988e-17, 0.7922858596771786, -2.9049779312834576e-17, 0.7701135513442087, 3.6147512759166313e-17,
    0.6346070800152693, -3.4568582392624965e-17, 0.7728349461524715, 4.231014921891023e-17, 0.8211418015898941, -1.6135619305114956e-17,
    0.6584443999105676, -3.7736386700306717e-17, 0.7526293724180665, -1.2970993013150526e-17, 0.8748587605544823, 4.305785584054271e-17,
    0.6816387600233341, 4.410467313197903e-17, 0.7316888688738209, -1.0475824306512768e-17, 0.9315964599440725, -1.3547381396593036e-17,
    0.7041675114545337, -3.94095700584825e-17, 0.7100338835660797, 1.505272211891291e-17, 0.9917378983632686, 3.625934281680031e-17,
    0.7260086552607126, -1.573621815339587e-17, 0.6876855622205048, 3.5430696752823923e-17, 1.05572763941192, -3.117795528517418e-17,
};
__constant ulong ferrocl_2opi_bits[22] = {
    0x0000000000000000UL, 0xa2f9836e4e441529UL, 0xfc2757d1f534ddc0UL,
    0xdb6295993c439041UL, 0xfe5163abdebbc561UL, 0xb7246e3a424dd2e0UL,
    0x06492eea09d1921cUL, 0xfe1deb1cb129a73eUL, 0xe88235f52ebb4484UL,
    0xe99c7026b45f7e41UL, 0x3991d639835339f4UL, 0x9c845f8bbdf9283bUL,
    0x1ff897ffde05980fUL, 0xef2f118b5a0a6d1fUL, 0x6d367ecf27cb09b7UL,
    0x4f463f669e5fea2dUL, 0x7527bac7ebe5f17bUL, 0x3d0739f78a5292eaUL,
    0x6bfb5fb11f8d5d08UL, 0x56033046fc7b6babUL, 0xf0cfbc209af4361dUL,
    0xa9e391615ee61b08UL,
};
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

__kernel __attribute__((reqd_work_group_size(128, 1, 1))) void invariantCall(
    __global const double* FERROCL_RESTRICT a,
    const int a_length,
    __global double* FERROCL_RESTRICT out,
    const int out_length,
    const double x,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    const bool ferrocl_active = get_global_id(0) < (size_t)ferrocl_count0;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    double s;
    int k;
    double s_1;
    int k_1;
    double s_2;
    __local int ferrocl_group_fast;
    __local double ferrocl_tile0[128];
    const double v34 = ferrocl_math_sin(x);
    const long v80 = (long)n;
    const long v82 = (long)((ulong)v80 + (ulong)(-1L));
    const long v84 = (long)((ulong)v82 + (ulong)1L);
    const bool v86 = (v84 <= 2147483647L);
    const long v88 = (long)a_length;
    const bool v89 = (0L < v88);
    const bool v90 = (v82 >= 0L);
    const bool v91 = (v82 < v88);
    const long v92 = (long)i;
    const bool v93 = (v92 >= 0L);
    const bool v94 = (v92 < v88);
    const bool v96 = (v93 && v94);
    const bool v97 = (v91 && v96);
    const bool v98 = (v90 && v97);
    const bool v99 = (v89 && v98);
    const bool v100 = (v86 && v99);
    s = 0.0;
    k = 0;
    // Staged coalescing: 1 array read(s) through local memory, 128 columns at a time, when the whole work-group passes the test.
    if (get_local_id(0) == 0) ferrocl_group_fast = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_active && !v100) ferrocl_group_fast = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_group_fast) {
        const int ferrocl_lid = (int)get_local_id(0);
        const size_t ferrocl_row0 = get_global_id(0) - (size_t)ferrocl_lid;
        const int ferrocl_rows = (int)min((size_t)128, (size_t)ferrocl_count0 - ferrocl_row0);
        const uint ferrocl_at0 = (uint)(int)(0u) + (uint)ferrocl_lid;
        const uint ferrocl_safe0 = (uint)(int)(0u) + (uint)k;
        for (long ferrocl_tile_start = (long)k; ferrocl_tile_start <= v82; ferrocl_tile_start += 128L) {
            const bool ferrocl_column_ok = ferrocl_tile_start + (long)ferrocl_lid <= v82;
            ferrocl_tile0[ferrocl_lid] = a[(int)(ferrocl_column_ok ? ferrocl_at0 + (uint)ferrocl_tile_start : ferrocl_safe0)];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (ferrocl_active) {
                const int ferrocl_tile_end = (int)min(ferrocl_tile_start + 127L, v82);
                const int ferrocl_tile_first = (int)ferrocl_tile_start;
                k = ferrocl_tile_first;
                for (;;) {
                    if (k > ferrocl_tile_end) break;
                    if (false) {
                        break;
                    } else {
                        const double v33 = ferrocl_tile0[k - ferrocl_tile_first];
                        const double v36 = a[i];
                        const double v35 = (v33 * v34);
                        const double v37 = ferrocl_math_exp(v36);
                        const double v38 = (double)k;
                        const double v39 = (v37 * v38);
                        const double v40 = (v35 + v39);
                        const double s_3 = (s + v40);
                        const int k_2 = (k + 1);
                        s = s_3;
                        k = k_2;
                        continue;
                    }
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (ferrocl_active) {
        for (;;) {
            const bool v29 = (k >= n);
            if (v29) {
                break;
            } else {
                if ((uint)k >= (uint)a_length) { *ferrocl_status = 1; return; }
                const double v33_1 = a[k];
                if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
                const double v36_1 = a[i];
                const double v35_1 = (v33_1 * v34);
                const double v37_1 = ferrocl_math_exp(v36_1);
                const double v38_1 = (double)k;
                const double v39_1 = (v37_1 * v38_1);
                const double v40_1 = (v35_1 + v39_1);
                const double s_4 = (s + v40_1);
                const int k_3 = (k + 1);
                s = s_4;
                k = k_3;
                continue;
            }
        }
    }
    if (!ferrocl_active) return;
    s_2 = s;
    out[i] = s_2;
}

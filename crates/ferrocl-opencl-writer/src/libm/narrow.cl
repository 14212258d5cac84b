/* Narrowed results: `(float) Math.f((double) x)` for a float `x`, computed fast and still equal to
 * what the double path (`(float)` of Ferrocl's double `Math.f`) returns, for every float input.
 *
 * How: a float argument has 24 significant bits, so argument reduction in plain double arithmetic
 * is exact or nearly so (see each function), and a double polynomial gives a value `y` within a few
 * double ulps of the exact result `v`. The double path `d` is within one double ulp of `v` as well.
 * Both round to the same float unless a float rounding boundary (a midpoint between two floats)
 * lies between them. Ziv's rounding test: `y` is used only when no midpoint lies within 1024 double
 * ulps of it (at least 2^9 times the sum of both error bounds, which are below 2^-50 |v| and
 * 2^-52 |v|); otherwise (about one float in 2^18, plus the arguments outside each fast range: NaN,
 * infinities, large or subnormal values) the double path itself runs. `scripts/float-proof.sh`
 * checks the claim for all 2^32 floats on a device.
 *
 * The test reads the bits of `y`: for a result in the normal float range, the float's last place
 * is bit 29 of the double's fraction, so the midpoints are where the low 29 bits are 2^28 and the
 * distance to the nearest one, in double ulps, is `|low29 - 2^28|` (a power of two, where the
 * spacing changes, is a float and no midpoint). Conversions are few and slow on GPUs: the argument
 * is widened once, the result narrowed once, and reductions take their integer from the bits of
 * `t + 1.5 * 2^52` rather than from `rint` and a conversion.
 *
 * Double to float conversion rounds to nearest even (OpenCL's default), as Java's `d2f` does. */

/* Whether `y`, a double within 2^-50 |v| of an exact result v whose double path is within
 * 2^-52 |v|, rounds to the same float as the double path: a zero, or a normal-float magnitude
 * whose distance to the nearest float midpoint exceeds 1024 double ulps. */
inline int ferrocl_narrow_safe(double y) {
    const int low = as_int2(y).x & 0x1fffffff;
    return y == 0.0 || (fabs(y) >= 0x1p-126 && abs(low - 0x10000000) > 1024);
}

/* `t` rounded to the nearest integer n (|t| < 2^51), as the double n and n's low 32 bits. */
inline double ferrocl_narrow_nearest(double t, int *low) {
    const double big = t + 0x1.8p52;
    *low = as_int2(big).x;
    return big - 0x1.8p52;
}

/* Narrowed results: `(float) Math.f((double) x)` for a float `x`, computed fast and still equal to
 * what the double path (`(float)` of Ferrocl's double `Math.f`) returns, for every float input.
 *
 * How: a float argument has 24 significant bits, so argument reduction in plain double arithmetic
 * is exact or nearly so (see each function), and a double polynomial gives a value `y` within a few
 * double ulps of the exact result `v`. The double path `d` is within one double ulp of `v` as well.
 * Both round to the same float unless a float rounding boundary lies between them; so `y` is used
 * only when `y - t` and `y + t` round to the same float, with `t = |y| * 2^-44` (2^8 times the sum
 * of both error bounds, which are below 2^-50 |v| and 2^-52 |v|), and every value between them
 * rounds to that float too: Ziv's rounding test. Otherwise (about one float in 2^19, plus the
 * arguments outside each fast range: NaN, infinities, large or subnormal values) the double path
 * itself runs. `scripts/float-proof.sh` checks the claim for all 2^32 floats on a device.
 *
 * Double to float conversion rounds to nearest even (OpenCL's default), as Java's `d2f` does. */

#define FERROCL_NARROW_TOL 0x1p-44

/* `y` rounded to float when every value within `|y| * 2^-44` of it rounds to the same float;
 * `*ok` says whether it did. */
inline float ferrocl_narrow_round(double y, int *ok) {
    const double t = fabs(y) * FERROCL_NARROW_TOL;
    const float lo = (float)(y - t);
    const float hi = (float)(y + t);
    *ok = lo == hi;
    return lo;
}

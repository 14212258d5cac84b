/* Math.pow: fdlibm's algorithm (StrictMath.pow's bits) where |y| < 2^31, the double-double version
 * elsewhere. fdlibm's branch for |y| >= 2^31 computes log2(x) only to double precision, which y then
 * magnifies: the JDK's own StrictMath.pow(0.9999999025239633, -6.831880219589407e9) is 476 ulps off.
 * Below 2^31 fdlibm keeps log2(x) in extra precision: measured within 0.84 ulp on 400,000 mpmath
 * references (scripts/libm/make_refs.py, hard regions emphasised), inside Math's 1 ulp. */
double ferrocl_math_pow_mixed(double x, double y) {
    return fabs(y) < 0x1p31 ? ferrocl_fdlibm_pow(x, y) : ferrocl_math_pow(x, y);
}

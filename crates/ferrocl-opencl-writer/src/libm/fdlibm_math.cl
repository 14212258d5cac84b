// Math.sin and Math.cos: fdlibm's (within 1 ulp, and StrictMath's bits) up to |x| = 2^19 * pi/2; past it
// the double-double versions, whose reduction handles every double (`trig.cl`).

double ferrocl_fdlibm_math_sin(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix > 0x413921fb && ix < 0x7ff00000) return ferrocl_math_sin(x);
    return ferrocl_fdlibm_sin(x);
}

double ferrocl_fdlibm_math_cos(double x) {
    const int ix = FERROCL_FDL_HI(x) & 0x7fffffff;
    if (ix > 0x413921fb && ix < 0x7ff00000) return ferrocl_math_cos(x);
    return ferrocl_fdlibm_cos(x);
}

#!/usr/bin/env python3
"""Variants of the relaxed Series kernel's pow wrapper, 2026-11-26 (results: bench-results/raw/2026-11-26-h100-relaxed-wrappers/):
  sel.cl     Java's special cases as selects on the built-in's result (the floor: no integer exactness)
  cur.cl     the wrapper as it was: the same and one branch to the exact power of two integers (a call)
  fix.cl     the same selects; for two integer operands a short branch after the built-in scales the result by the
             power of two of the base, rounds it to the integer it must be, and where the built-in cannot be trusted
             (an odd part of 2^46..2^54, a subnormal power of two) sets the status word so that the JVM reruns
  fixsel.cl  fix.cl as selects, no branch (the status store predicated)
  rint.cl    the selects, and for two integer operands, y > 0 and a result below 2^46 the built-in's result rounded to
             the integer it must be (one more select)
  rintp2.cl  rint.cl, and a base that is a power of two with an integer exponent: the result rounded to the power of
             two it must be
Run from this folder: python3 variants2.py; then ./series PAIRS ROUNDS hand_coherent.cl:125 sel.cl:64:G ..."""
src = open("ferrocl_relaxed.cl").read()
old = [l for l in src.split("\n") if l.startswith("double ferrocl_relaxed_pow(")][0]
special = ("double r = pow(x, y); r = y == 1.0 ? x : r; r = (isnan(y) | (isnan(x) & (y != 0.0)) | ((fabs(x) == 1.0) & "
           "isinf(y))) ? as_double(0x7FF8000000000000L) : r; ")
exact = ("if ((y == rint(y)) & (x == rint(x)) & isfinite(y) & (y != 1.0)) r = ferrocl_relaxed_pow_exact(x, y); ")
fixup = """
    const long xb = as_long(x) & 0x7FFFFFFFFFFFFFFFL;
    const long sig = (xb & 0x000FFFFFFFFFFFFFL) | 0x0010000000000000L;
    const int tz = popcount((sig & -sig) - 1L);
    const bool pow2 = tz == 52;
    const double ey = clamp((double)((int)(xb >> 52) - 1075 + tz) * y, -4096.0, 4096.0);
    const long shift = ((long)ey) << 52;
    const double a = fabs(r);
    const bool normal = a >= 0x1p-1022;
    const double sb = as_double(as_long(a) - shift);
    const bool wanted = (y > 0.0) | pow2;
    const bool fix = wanted & normal & (sb < 0x1p46);
    r = fix ? copysign(as_double(as_long(rint(sb)) + shift), r) : r;
    if (wanted & ((normal & (sb >= 0x1p46) & (sb < 0x1p54)) | (!normal & (ey >= -1075.0)))) *st = 5;
"""
integer = ("(x == rint(x)) & (y == rint(y)) & isfinite(x) & isfinite(y) & (x != 0.0) & (y != 0.0) & (y != 1.0) "
           "& isfinite(r) & (r != 0.0)")
rint = ("r = ((x == rint(x)) & (y == rint(y)) & (y > 0.0) & (fabs(r) < 0x1p46)) ? rint(r) : r; ")
pow2 = ("r = (((as_long(x) & 0x000FFFFFFFFFFFFFL) == 0L) & (fabs(x) >= 0x1p-1022) & isfinite(x) & (y == rint(y)) & "
        "(fabs(r) >= 0x1p-1022) & isfinite(r)) ? as_double((as_long(r) + 0x0008000000000000L) & 0xFFF0000000000000L) : r; ")
head = "double ferrocl_relaxed_pow_s(double x, double y, __global int *st) { "
macro = "\n#define ferrocl_relaxed_pow(x, y) ferrocl_relaxed_pow_s(x, y, ferrocl_status)"
variants = {
    "sel.cl": "double ferrocl_relaxed_pow(double x, double y) { " + special + "return r; }",
    "cur.cl": "double ferrocl_relaxed_pow(double x, double y) { " + special + exact + "return r; }",
    "fix.cl": head + special + "if (" + integer + ") {" + fixup + "}\n return r; }" + macro,
    "rint.cl": "double ferrocl_relaxed_pow(double x, double y) { " + special + rint + "return r; }",
    "rintp2.cl": "double ferrocl_relaxed_pow(double x, double y) { " + special + rint + pow2 + "return r; }",
    "fixsel.cl": head + special + "const bool ii = " + integer + ";" + fixup.replace("const bool wanted = ", "const bool wanted = ii & (").replace("| pow2;", "| pow2);") + " return r; }" + macro,
}
for name, body in variants.items():
    with open(name, "w") as f:
        f.write(src.replace(old, body))
print("wrote", " ".join(variants))

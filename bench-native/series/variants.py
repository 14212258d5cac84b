#!/usr/bin/env python3
"""Variants of the relaxed Series kernel Ferrocl wrote before 2026-11-26's change to its pow wrapper
(ferrocl_relaxed.cl: `ferrocl compile SeriesBench.class --method series --opt relaxedMath=true`), which measured where
the relaxed kernel's 8% against the hand-written one went (results: bench-results/raw/2026-11-26-h100-series-pow/):
  plainpow.cl   the built-in pow alone (not Java's special cases: the floor)
  selects.cl    Java's NaN and y = 1 cases as selects on the built-in's result, no exact integer power
  selects_branch.cl   the same and one branch to the exact power of two integers (the wrapper as it now is)
Run from this folder: python3 variants.py; then ./series PAIRS ROUNDS hand_coherent.cl:125 ferrocl_relaxed.cl:64:G ...
with G = the coherent launch's work-items (20047 for 10,000 pairs)."""
src = open("ferrocl_relaxed.cl").read()
old = [l for l in src.split("\n") if l.startswith("double ferrocl_relaxed_pow(")][0]
special = ("r = y == 1.0 ? x : r; r = (isnan(y) | (isnan(x) & (y != 0.0)) | ((fabs(x) == 1.0) & isinf(y))) ? "
           "as_double(0x7FF8000000000000L) : r; ")
exact = ("if ((y == rint(y)) & (x == rint(x)) & isfinite(y) & (y != 1.0)) r = ferrocl_relaxed_pow_exact(x, y); ")
variants = {
    "plainpow.cl": "double ferrocl_relaxed_pow(double x, double y) { return pow(x, y); }",
    "selects.cl": "double ferrocl_relaxed_pow(double x, double y) { double r = pow(x, y); " + special + "return r; }",
    "selects_branch.cl": ("double ferrocl_relaxed_pow(double x, double y) { double r = pow(x, y); " + special + exact
                          + "return r; }"),
}
for name, body in variants.items():
    with open(name, "w") as f:
        f.write(src.replace(old, body))
print("wrote", " ".join(variants))

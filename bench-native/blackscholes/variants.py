#!/usr/bin/env python3
"""Variants of the relaxed BlackScholes kernel Ferrocl wrote before 2026-11-26's change to relaxed exp
(ferrocl_relaxed.cl: `ferrocl compile BlackScholesBench.class --method blackScholes --opt relaxedMath=true`), which
measured where its gap to the hand-written kernel (hand.cl, BlackScholesBench.OPENCL) went (results:
bench-results/raw/2026-11-26-h100-relaxed-wrappers/):
  ferrocl_relaxed_norestrict.cl          without `restrict` (FERROCL_RESTRICT renamed, so bs.c does not define it)
  ferrocl_relaxed_expsel.cl              exp's overflow edge as an argument select and a result select
  ferrocl_relaxed_expsel_proven.cl       the same, only the host-proven copy of the body
  ferrocl_relaxed_expbare.cl             the bare built-in exp (what a device passing the edge probe now gets)
  ferrocl_relaxed_expbare_nocontract.cl  the same with FP_CONTRACT OFF
  ferrocl_relaxed_expbare_cse.cl         the same with the loads of s, x and t reused by hand
  ferrocl_relaxed_e1..e4.cl (and _cse)   a threshold select alone, an argument select, an infinity fix-up select,
                                         arithmetic instead of selects
  v1..v4 *.cl                            the bare kernel: proven copy only, + reused loads, + the plain index,
                                         + ternaries
  hand_contract.cl                       the hand-written kernel with FP_CONTRACT ON
Run from this folder: python3 variants.py; then ./bs N ROUNDS hand.cl ferrocl_relaxed_expbare.cl ..."""
THR = "7.09782712893383973096e+02"


def write(name, text):
    with open(name, "w") as f:
        f.write(text)


def with_exp(src, body):
    old = [l for l in src.split("\n") if l.startswith("double ferrocl_relaxed_exp(")][0]
    return src.replace(old, body)


def proven_only(src):
    return src[:src.index("\n    } else {\n")] + "\n    }\n}\n"


def reuse_loads(src):
    for a, b in [("const double v35 = t[i];", "const double v35 = v24;"),
                 ("const double v122 = t[i];", "const double v122 = v24;"),
                 ("const double v126 = s[i];", "const double v126 = v27;"),
                 ("const double v134 = s[i];", "const double v134 = v27;"),
                 ("const double v120 = x[i];", "const double v120 = v28;")]:
        assert a in src, a
        src = src.replace(a, b)
    return src


src = open("ferrocl_relaxed.cl").read()
bare_exp = "double ferrocl_relaxed_exp(double x) { return exp(x); }"
bare = with_exp(src, bare_exp)
expsel = with_exp(src, "double ferrocl_relaxed_exp(double x) { const bool hi = x > 709.0; double r = exp(hi ? x - 1.0 : x); "
                       "r = hi ? r * 2.718281828459045 : r; return x > " + THR + " ? as_double(0x7FF0000000000000L) : r; }")
write("ferrocl_relaxed_norestrict.cl", src.replace("FERROCL_RESTRICT", "NO_RESTRICT"))
write("ferrocl_relaxed_expsel.cl", expsel)
write("ferrocl_relaxed_expsel_proven.cl", proven_only(expsel))
write("ferrocl_relaxed_expbare.cl", bare)
write("ferrocl_relaxed_expbare_nocontract.cl", bare.replace("#pragma OPENCL FP_CONTRACT ON", "#pragma OPENCL FP_CONTRACT OFF"))
cse = reuse_loads(bare)
write("ferrocl_relaxed_expbare_cse.cl", cse)
edges = {
    "e1": "double ferrocl_relaxed_exp(double x) { return x > %s ? as_double(0x7FF0000000000000L) : exp(x); }" % THR,
    "e2": "double ferrocl_relaxed_exp(double x) { const bool hi = x > 709.0; double r = exp(hi ? x - 1.0 : x); "
          "return hi ? r * 2.718281828459045 : r; }",
    "e3": "double ferrocl_relaxed_exp(double x) { double r = exp(x); return (isinf(r) & (x <= %s)) ? "
          "as_double(0x7FEFFFFFFFFFFFFFL) : r; }" % THR,
    "e4": "double ferrocl_relaxed_exp(double x) { const double h = (double)(x > 709.0); double r = exp(x - h); "
          "return r * (1.0 + h * 1.718281828459045); }",
}
for k, body in edges.items():
    write("ferrocl_relaxed_%s.cl" % k, with_exp(src, body))
    write("ferrocl_relaxed_%s_cse.cl" % k, cse.replace(bare_exp, body))
v1 = proven_only(bare)
write("v1_proven.cl", v1)
v2 = reuse_loads(v1)
write("v2_proven_cse.cl", v2)
v3 = v2.replace("    if (get_global_id(0) >= (size_t)ferrocl_count0) return;\n"
                "    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));",
                "    const int i = get_global_id(0);\n    if (i >= (int)ferrocl_count0) return;")
assert v3 != v2
write("v3_proven_cse_index.cl", v3)
v4 = v3.replace("        double n1;\n        double n2;\n", "").replace(
    "        if (v70) {\n            const double v75 = (1.0 - tail);\n            n1 = v75;\n        } else {\n"
    "            n1 = tail;\n        }", "        const double n1 = v70 ? (1.0 - tail) : tail;").replace(
    "        if (v110) {\n            const double v115 = (1.0 - tail_1);\n            n2 = v115;\n        } else {\n"
    "            n2 = tail_1;\n        }", "        const double n2 = v110 ? (1.0 - tail_1) : tail_1;")
assert "n1 = v75" not in v4
write("v4_all.cl", v4)
write("hand_contract.cl", open("hand.cl").read().replace("#pragma OPENCL FP_CONTRACT OFF", "#pragma OPENCL FP_CONTRACT ON"))
print("wrote the variants")

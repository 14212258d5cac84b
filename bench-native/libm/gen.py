#!/usr/bin/env python3
"""Writes libm_speed.cl: every unit of Ferrocl's OpenCL libm (crates/ferrocl-opencl-writer/src/libm) and one kernel
per (function, implementation): the double-double version (`dd`, ferrocl_math_*), fdlibm's (`fdlibm`,
ferrocl_fdlibm_*), OpenCL's built-in (`builtin`), candidates from extra.cl, and for float arguments the narrowed function (`narrowed`) against
the double path rounded to float (`dpath`). libm_speed.c times them. Run from this folder: python3 gen.py"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
LIBM = os.path.join(HERE, "..", "..", "crates", "ferrocl-opencl-writer", "src", "libm")
UNITS = ["dd", "consts", "trig_tables", "reduce", "trig", "exp_log_tables", "exp_log", "pow", "fdlibm", "exp", "log", "fdlibm_trig",
         "fdlibm_pow", "fdlibm_inv", "fdlibm_hyp", "pow_mixed", "narrow", "narrow_trig", "narrow_exp"]
# The double-double versions still in the library (those of asin, acos, atan, atan2, sinh, cosh, tanh, cbrt and
# hypot were removed once Math used fdlibm's: bench-results/raw/2026-11-25-h100-libm-speed.txt has their figures).
DD = {"pow", "sin", "cos", "tan", "log10", "log1p", "expm1"}
# Math.exp and Math.log since 2026-11-26: exp.cl (no division) and log.cl (fdlibm's algorithm, fused).
MATH = {"exp", "log"}
# (function, arity, [implementations]).
DOUBLE = [("exp", 1), ("log", 1), ("pow", 2), ("sin", 1), ("cos", 1), ("tan", 1), ("asin", 1), ("acos", 1),
          ("atan", 1), ("atan2", 2), ("sinh", 1), ("cosh", 1), ("tanh", 1), ("log10", 1), ("log1p", 1),
          ("expm1", 1), ("cbrt", 1), ("hypot", 2)]
FLOAT = ["sin", "cos", "tan", "exp", "log"]
DPATH = {"exp": "ferrocl_math_exp", "log": "ferrocl_math_log", "sin": "ferrocl_math_sin",
         "cos": "ferrocl_math_cos", "tan": "ferrocl_math_tan"}

out = ["#pragma OPENCL EXTENSION cl_khr_fp64 : enable", "#pragma OPENCL FP_CONTRACT OFF"]
for u in UNITS:
    with open(os.path.join(LIBM, u + ".cl")) as f:
        out.append(f.read())
with open(os.path.join(HERE, "extra.cl")) as f:
    out.append(f.read())
names = []
for fn, arity in DOUBLE:
    args = "x[i], y[i]" if arity == 2 else "x[i]"
    impls = [("dd", "ferrocl_math_" + fn)] if fn in DD else []
    impls += [("math", "ferrocl_math_" + fn)] if fn in MATH else []
    impls += [("fdlibm", "ferrocl_fdlibm_" + fn), ("builtin", fn)]
    if fn == "pow":
        impls.insert(2, ("mixed", "ferrocl_math_pow_mixed"))
    for impl, c in impls:
        k = "d_%s_%s" % (fn, impl)
        names.append(k)
        out.append("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
                   "__global double* out, __global float* outf) { size_t i = get_global_id(0); out[i] = %s(%s); }"
                   % (k, c, args))
EXTRA = [("exp", "bf", "ferrocl_bf_exp")]
for fn, impl, c in EXTRA:
    k = "d_%s_%s" % (fn, impl)
    names.insert(names.index("d_%s_builtin" % fn), k)
    out.append("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
               "__global double* out, __global float* outf) { size_t i = get_global_id(0); out[i] = %s(x[i]); }"
               % (k, c))
for fn in FLOAT:
    for impl, expr in (("narrowed", "ferrocl_math_%sf(xf[i])" % fn), ("dpath", "(float)%s((double)xf[i])" % DPATH[fn]),
                       ("builtin", "%s(xf[i])" % fn)):
        k = "f_%s_%s" % (fn, impl)
        names.append(k)
        out.append("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
                   "__global double* out, __global float* outf) { size_t i = get_global_id(0); outf[i] = %s; }"
                   % (k, expr))
# Compute-bound forms: eight evaluations per element at arguments x (1 + j 2^-10), summed; the single-evaluation
# kernels above mostly sit at the memory floor.
REPEAT = [("d", "exp", [("fdlibm", "ferrocl_fdlibm_exp"), ("bf", "ferrocl_bf_exp"), ("math", "ferrocl_math_exp"),
                        ("builtin", "exp")]),
          ("d", "log", [("fdlibm", "ferrocl_fdlibm_log"), ("math", "ferrocl_math_log"), ("builtin", "log")]),
          ("d", "pow", [("mixed", "ferrocl_math_pow_mixed"), ("builtin", "pow")]),
          ("d", "sin", [("dd", "ferrocl_math_sin"), ("fdlibm", "ferrocl_fdlibm_sin"), ("builtin", "sin")]),
          ("f", "sin", [("narrowed", "ferrocl_math_sinf"), ("builtin", "sin")]),
          ("f", "exp", [("narrowed", "ferrocl_math_expf"), ("builtin", "exp")])]
# MRI-Q's inner loop: sine and cosine of one float angle, weighted and summed, eight angles per element.
# "narrowed" is the library's form (both polynomials, the double path inline), "both" the same with the double path
# out of line (noinline), "one" evaluates only the needed polynomial (the form measured first).
SINCOS = [("narrowed", "ferrocl_math_sinf", "ferrocl_math_cosf"), ("one", "ferrocl_ni_sinf", "ferrocl_ni_cosf"),
          ("both", "ferrocl_both_sinf", "ferrocl_both_cosf"), ("builtin", "sin", "cos")]
for kind, fn, impls in REPEAT:
    for impl, c in impls:
        k = "r%s_%s_%s" % (kind, fn, impl)
        names.append(k)
        if kind == "d":
            arg2 = ", y[i]" if fn == "pow" else ""
            body = ("double a = x[i]; double s = 0.0; for (int j = 0; j < 8; j++) s += %s(a * (1.0 + j * 0x1p-10)%s); "
                    "out[i] = s;" % (c, arg2))
        else:
            body = ("float a = xf[i]; float s = 0.0f; for (int j = 0; j < 8; j++) s += %s(a * (1.0f + j * 0x1p-10f)); "
                    "outf[i] = s;" % c)
        out.append("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
                   "__global double* out, __global float* outf) { size_t i = get_global_id(0); %s }" % (k, body))
for impl, fs, fc in SINCOS:
    k = "rf_sincos_%s" % impl
    names.append(k)
    out.append("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
               "__global double* out, __global float* outf) { size_t i = get_global_id(0); float a = xf[i]; "
               "float sr = 0.0f; float si = 0.0f; for (int j = 0; j < 8; j++) { float t = a * (1.0f + j * 0x1p-10f); "
               "sr += 0.5f * %s(t); si += 0.5f * %s(t); } outf[i] = sr - si; }" % (k, fc, fs))
# MRI-Q's voxel loop as the benchmark runs it: 32,768 work-items (run with N = 32768), 3072 samples each, so few warps
# per compute unit that each one's dependent chain sets the pace. "narrowed": the library's two calls, as Ferrocl
# writes the loop today; "unroll2": the same calls, two iterations per step; "pair": one fast sine-and-cosine with a
# flag, one branch to the fallback; "pair2"/"pair4": two or four iterations' fast paths first, one branch for all,
# then the sums in Java's order; "builtin": the hand-written kernel's float built-ins.
MRIQ_HEAD = ("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
             "__global double* out, __global float* outf) { size_t i = get_global_id(0); size_t n = get_global_size(0); "
             "float xi = xf[i], yi = xf[i ^ 1], zi = xf[i ^ 2]; float sumR = 0.0f, sumI = 0.0f; ")
MRIQ_ARG = "float a%(u)d = 6.2831855f * (xf[j + %(u)d] * xi + xf[j + %(u)d + 3072] * yi + xf[j + %(u)d + 6144] * zi); "
MRIQ_SUM = "sumR += xf[j + %(u)d + 9216] * c%(u)d; sumI += xf[j + %(u)d + 9216] * s%(u)d; "
def mriq_body(impl):
    if impl in ("narrowed", "builtin"):
        fc, fs = ("ferrocl_math_cosf", "ferrocl_math_sinf") if impl == "narrowed" else ("cos", "sin")
        return ("for (int j = 0; j < 3072; j++) { " + MRIQ_ARG % {"u": 0} + "float c0 = %s(a0); float s0 = %s(a0); "
                % (fc, fs) + MRIQ_SUM % {"u": 0} + "}")
    if impl == "unroll2":
        return ("for (int j = 0; j < 3072; j += 2) { " + MRIQ_ARG % {"u": 0} + MRIQ_ARG % {"u": 1}
                + "float c0 = ferrocl_math_cosf(a0); float c1 = ferrocl_math_cosf(a1); float s0 = ferrocl_math_sinf(a0); "
                "float s1 = ferrocl_math_sinf(a1); " + MRIQ_SUM % {"u": 0} + MRIQ_SUM % {"u": 1} + "}")
    if impl.startswith("lib") or impl.startswith("ni"):
        # lib*: the library's ferrocl_math_sincosf; ni*: the same with its double paths out of line. *_u2, *_u4: the
        # loop unrolled by hand (calls interleaved, sums in order); *_p4: "#pragma unroll 4" on the loop; *_w4: the
        # pragma on the loop as Ferrocl writes it (for (;;) with a break).
        f = "ferrocl_math_sincosf" if impl.startswith("lib") else "ferrocl_sincosf_ni"
        u = 4 if impl.endswith("_u4") else 2 if impl.endswith("_u2") else 1
        call = "".join("float2 p%(u)d = %(f)s(a%(u)d); float s%(u)d = p%(u)d.x; float c%(u)d = p%(u)d.y; "
                       % {"u": k, "f": f} for k in range(u))
        inner = ("".join(MRIQ_ARG % {"u": k} for k in range(u)) + call
                 + "".join(MRIQ_SUM % {"u": k} for k in range(u)))
        if impl.endswith("_w4"):
            return "int j = 0; \n#pragma unroll 4\nfor (;;) { if (j >= 3072) break; " + inner + "j = j + 1; }"
        pragma = "\n#pragma unroll 4\n" if impl.endswith("_p4") else ""
        return pragma + "for (int j = 0; j < 3072; j += %d) { " % u + inner + "}"
    u = {"pair": 1, "pair2": 2, "pair4": 4}[impl]
    b = "for (int j = 0; j < 3072; j += %d) { " % u
    b += "".join(MRIQ_ARG % {"u": k} for k in range(u))
    b += "".join("int ok%(u)d; float2 cs%(u)d = ferrocl_sincosf_fast(a%(u)d, &ok%(u)d); float s%(u)d = cs%(u)d.x; "
                 "float c%(u)d = cs%(u)d.y; " % {"u": k} for k in range(u))
    b += "if (!(" + " & ".join("ok%d" % k for k in range(u)) + ")) { "
    b += "".join("s%(u)d = ferrocl_math_sinf(a%(u)d); c%(u)d = ferrocl_math_cosf(a%(u)d); " % {"u": k} for k in range(u))
    b += "} " + "".join(MRIQ_SUM % {"u": k} for k in range(u)) + "}"
    return b
MRIQ_NAMES = []
for impl in ("narrowed", "unroll2", "pair", "pair2", "pair4", "lib", "lib_u2", "lib_u4", "lib_p4", "lib_w4", "ni",
             "ni_u2", "ni_u4", "ni_p4", "ni_w4", "builtin"):
    k = "rf_mriq_%s" % impl
    MRIQ_NAMES.append(k)
    out.append(MRIQ_HEAD % k + mriq_body(impl) + " outf[i] = sumR - sumI; }")
# Whole-kernel shapes. Series (20,000 work-items, 1000 steps each, as SeriesBench): the integrand (x + 1)^x
# cos(omega x) or sin(omega x), with Math.sin/cos double-double (dd, the library's), fdlibm's, or built-in; relaxed:
# built-in sin/cos and the relaxed pow wrapper (three branches before the built-in), relaxed1: the wrapper with one.
# BlackScholes: one option per work-item, its exp and log fdlibm's, exp without branches (bf), Math's (exp.cl and
# log.cl: the library's since 2026-11-26; mathexp: Math's exp with fdlibm's log), or
# built-in. Each kernel's result is compared with the built-in form's.
SERIES = [("dd", "ferrocl_math_sin", "ferrocl_math_cos", "ferrocl_math_pow_mixed"),
          ("fdlibm", "ferrocl_fdlibm_sin", "ferrocl_fdlibm_cos", "ferrocl_math_pow_mixed"),
          ("relaxed", "sin", "cos", "ferrocl_rp_pow"), ("relaxed1", "sin", "cos", "ferrocl_rp1_pow"),
          ("builtin", "sin", "cos", "pow")]
for impl, fs, fc, fp in SERIES:
    k = "sd_series_%s" % impl
    names.append(k)
    out.append(("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
                "__global double* out, __global float* outf) { size_t g = get_global_id(0); if (g >= 40000) "
                "{ out[g] = 0.0; return; } int i = (int)g + 1; int kind = i %% 2 == 1 ? 1 : 2; "
                "double omega = M_PI * ((i + 1) / 2); double dx = 2.0 / 1000; double xx = 0.0; double sum = 0.0; "
                "for (int k = 1; k < 1000; k++) { xx += dx; double base = %s(xx + 1.0, xx); "
                "sum += kind == 1 ? base * %s(omega * xx) : base * %s(omega * xx); } out[g] = sum * dx; }")
               % (k, fp, fc, fs))
BS = [("fdlibm", "ferrocl_fdlibm_exp", "ferrocl_fdlibm_log"), ("bf", "ferrocl_bf_exp", "ferrocl_fdlibm_log"),
      ("mathexp", "ferrocl_math_exp", "ferrocl_fdlibm_log"), ("math", "ferrocl_math_exp", "ferrocl_math_log"),
      ("builtin", "exp", "log")]
for impl, fe, fl in BS:
    k = "sd_bs_%s" % impl
    names.append(k)
    cnd = ("(k%(n)s = 1.0 / (1.0 + 0.2316419 * fabs(d%(n)s)), "
           "t%(n)s = 0.3989422804014327 * %(e)s(-0.5 * d%(n)s * d%(n)s) * (k%(n)s * (0.319381530 + k%(n)s * "
           "(-0.356563782 + k%(n)s * (1.781477937 + k%(n)s * (-1.821255978 + k%(n)s * 1.330274429))))), "
           "d%(n)s > 0.0 ? 1.0 - t%(n)s : t%(n)s)")
    out.append(("__kernel void %s(__global const double* x, __global const double* y, __global const float* xf, "
                "__global double* out, __global float* outf) { size_t i = get_global_id(0); "
                "double s = 5.0 + 25.0 * fabs(x[i]) / 40.0, st = 1.0 + 99.0 * fabs(y[i]) / 2.0, t = 0.25 + fabs(x[i]) / 10.0; "
                "double r = 0.02, v = 0.30; double sq = sqrt(t); double vs = v * sq; "
                "double d1 = (%s(s / st) + (r + 0.5 * v * v) * t) / vs; double d2 = d1 - vs; double k1, t1, k2, t2; "
                "double n1 = %s; double n2 = %s; double ds = st * %s(-r * t); "
                "out[i] = s * n1 - ds * n2 + ds * (1.0 - n2) - s * (1.0 - n1); }")
               % (k, fl, cnd % {"n": "1", "e": fe}, cnd % {"n": "2", "e": fe}, fe))
with open(os.path.join(HERE, "libm_speed.cl"), "w") as f:
    f.write("\n".join(out) + "\n")
with open(os.path.join(HERE, "kernels.txt"), "w") as f:
    f.write("\n".join(names) + "\n")
# The MRI-Q shapes run on their own list, at N = 32768: ./libm_speed libm_speed.cl kernels-mriq.txt 32768
with open(os.path.join(HERE, "kernels-mriq.txt"), "w") as f:
    f.write("\n".join(MRIQ_NAMES) + "\n")
print(len(names), "kernels,", len(MRIQ_NAMES), "MRI-Q shapes")

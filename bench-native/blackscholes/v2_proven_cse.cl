// Ferrocl kernel for dev.ferrocl.bench.BlackScholesBench.blackScholes([D[D[D[D[DDD)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < call.length, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

double ferrocl_relaxed_exp(double x) { return exp(x); }

// Relaxed math (asked for): Math's functions are OpenCL's built-ins and a * b + c may be fused in
// the kernel below, so results may differ from the JVM's within the OpenCL specification's bounds.
#pragma OPENCL FP_CONTRACT ON

__kernel void blackScholes(
    __global const double* FERROCL_RESTRICT s,
    const int s_length,
    __global const double* FERROCL_RESTRICT x,
    const int x_length,
    __global const double* FERROCL_RESTRICT t,
    const int t_length,
    __global double* FERROCL_RESTRICT call,
    const int call_length,
    __global double* FERROCL_RESTRICT put,
    const int put_length,
    const double r,
    const double v,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        double n1;
        double n2;
        const double v24 = t[i];
        const double v27 = s[i];
        const double v28 = x[i];
        const double v35 = v24;
        const double sqrtT = sqrt(v24);
        const double vSqrtT = (v * sqrtT);
        const double v29 = (v27 / v28);
        const double v30 = log(v29);
        const double v32 = (0.5 * v);
        const double v33 = (v32 * v);
        const double v34 = (r + v33);
        const double v36 = (v34 * v35);
        const double v37 = (v30 + v36);
        const double d1 = (v37 / vSqrtT);
        const double v43 = fabs(d1);
        const double v44 = (0.2316419 * v43);
        const double v45 = (1.0 + v44);
        const double k = (1.0 / v45);
        const double v52 = (k * 1.330274429);
        const double v53 = ((-1.821255978) + v52);
        const double v54 = (k * v53);
        const double v55 = (1.781477937 + v54);
        const double v56 = (k * v55);
        const double v57 = ((-0.356563782) + v56);
        const double v58 = (k * v57);
        const double v59 = (0.31938153 + v58);
        const double poly = (k * v59);
        const double v63 = ((-0.5) * d1);
        const double v64 = (v63 * d1);
        const double v65 = ferrocl_relaxed_exp(v64);
        const double v66 = (0.3989422804014327 * v65);
        const double tail = (v66 * poly);
        const bool v70 = (d1 > 0.0);
        if (v70) {
            const double v75 = (1.0 - tail);
            n1 = v75;
        } else {
            n1 = tail;
        }
        const double d2 = (d1 - vSqrtT);
        const double v83 = fabs(d2);
        const double v84 = (0.2316419 * v83);
        const double v85 = (1.0 + v84);
        const double k_1 = (1.0 / v85);
        const double v92 = (k_1 * 1.330274429);
        const double v93 = ((-1.821255978) + v92);
        const double v94 = (k_1 * v93);
        const double v95 = (1.781477937 + v94);
        const double v96 = (k_1 * v95);
        const double v97 = ((-0.356563782) + v96);
        const double v98 = (k_1 * v97);
        const double v99 = (0.31938153 + v98);
        const double poly_1 = (k_1 * v99);
        const double v103 = ((-0.5) * d2);
        const double v104 = (v103 * d2);
        const double v105 = ferrocl_relaxed_exp(v104);
        const double v106 = (0.3989422804014327 * v105);
        const double tail_1 = (v106 * poly_1);
        const bool v110 = (d2 > 0.0);
        if (v110) {
            const double v115 = (1.0 - tail_1);
            n2 = v115;
        } else {
            n2 = tail_1;
        }
        const double v120 = v28;
        const double v122 = v24;
        const double v126 = v27;
        const double v127 = (v126 * n1);
        const double v121 = (-r);
        const double v123 = (v121 * v122);
        const double v124 = ferrocl_relaxed_exp(v123);
        const double discountedStrike = (v120 * v124);
        const double v128 = (discountedStrike * n2);
        const double v129 = (v127 - v128);
        call[i] = v129;
        const double v134 = v27;
        const double v132 = (1.0 - n2);
        const double v133 = (discountedStrike * v132);
        const double v136 = (1.0 - n1);
        const double v137 = (v134 * v136);
        const double v138 = (v133 - v137);
        put[i] = v138;
    }
}

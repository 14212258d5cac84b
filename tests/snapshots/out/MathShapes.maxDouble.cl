// Ferrocl kernel for snap.MathShapes.maxDouble([D[D[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

double ferrocl_maxd(double a, double b) { double m = a == b ? as_double(as_long(a) & as_long(b)) : fmax(a, b); m = isnan(b) ? b : m; return isnan(a) ? a : m; }

__kernel void maxDouble(
    __global const double* FERROCL_RESTRICT a,
    const int a_length,
    __global const double* FERROCL_RESTRICT b,
    const int b_length,
    __global double* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const double v29 = a[i];
        const double v30 = b[i];
        const double v31 = ferrocl_maxd(v29, v30);
        out[i] = v31;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const double v17 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const double v18 = b[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const double v19 = ferrocl_maxd(v17, v18);
        out[i] = v19;
        return;
    }
}

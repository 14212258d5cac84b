// Ferrocl kernel for snap.MathShapes.floorCeilRint([D[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

double ferrocl_ceil(double x) { const double a = fabs(x); const double r = a < 0x1p52 ? copysign((a + 0x1p52) - 0x1p52, x) : x; return r < x ? copysign(r + 1.0, x) : r; }
double ferrocl_floor(double x) { const double a = fabs(x); const double r = a < 0x1p52 ? copysign((a + 0x1p52) - 0x1p52, x) : x; return r > x ? r - 1.0 : r; }
double ferrocl_rint(double x) { const double a = fabs(x); return a < 0x1p52 ? copysign((a + 0x1p52) - 0x1p52, x) : x; }

__kernel void floorCeilRint(
    __global const double* FERROCL_RESTRICT x,
    const int x_length,
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
        const double v37 = x[i];
        const double v39 = x[i];
        const double v43 = x[i];
        const double v38 = ferrocl_floor(v37);
        const double v40 = ferrocl_ceil(v39);
        const double v41 = (v40 * 2.0);
        const double v42 = (v38 + v41);
        const double v44 = ferrocl_rint(v43);
        const double v45 = (v44 * 4.0);
        const double v46 = (v42 + v45);
        out[i] = v46;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const double v15 = x[i];
        const double v17 = x[i];
        const double v22 = x[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const double v16 = ferrocl_floor(v15);
        const double v18 = ferrocl_ceil(v17);
        const double v20 = (v18 * 2.0);
        const double v21 = (v16 + v20);
        const double v23 = ferrocl_rint(v22);
        const double v25 = (v23 * 4.0);
        const double v26 = (v21 + v25);
        out[i] = v26;
        return;
    }
}

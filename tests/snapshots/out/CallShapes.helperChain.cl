// Ferrocl kernel for snap.CallShapes.helperChain([D[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void helperChain(
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
    double t;
    double t_1;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const double v49 = x[i];
        const bool v50 = (v49 < 0.0);
        if (v50) {
            t_1 = 0.0;
        } else {
            const bool v55 = (v49 > 1.0);
            if (v55) {
                t_1 = 1.0;
            } else {
                t_1 = v49;
            }
        }
        const double v63 = (t_1 * t_1);
        const double v64 = (2.0 * t_1);
        const double v65 = (3.0 - v64);
        const double v66 = (v63 * v65);
        out[i] = v66;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const double v15 = x[i];
        const bool v18 = (v15 < 0.0);
        if (v18) {
            t = 0.0;
        } else {
            const bool v26 = (v15 > 1.0);
            if (v26) {
                t = 1.0;
            } else {
                t = v15;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const double v35 = (t * t);
        const double v38 = (2.0 * t);
        const double v39 = (3.0 - v38);
        const double v40 = (v35 * v39);
        out[i] = v40;
        return;
    }
}

// Ferrocl kernel for snap.StaticShapes.staticFinalConstant([I[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void staticFinalConstant(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    __global double* FERROCL_RESTRICT d,
    const int d_length,
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
        const int v32 = a[i];
        const int v33 = (int)((uint)v32 * (uint)3);
        a[i] = v33;
        const double v35 = d[i];
        const double v36 = (v35 * 6.283185307179586);
        d[i] = v36;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v15 = a[i];
        const int v17 = (int)((uint)v15 * (uint)3);
        a[i] = v17;
        if ((uint)i >= (uint)d_length) { *ferrocl_status = 1; return; }
        const double v19 = d[i];
        const double v21 = (v19 * 6.283185307179586);
        d[i] = v21;
        return;
    }
}

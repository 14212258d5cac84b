// Ferrocl kernel for snap.TypeShapes.floatingRemainder([F[F[D[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void floatingRemainder(
    __global float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
    __global double* FERROCL_RESTRICT c,
    const int c_length,
    __global const double* FERROCL_RESTRICT d,
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
        const float v38 = a[i];
        const float v39 = b[i];
        const float v40 = fmod(v38, v39);
        a[i] = v40;
        const double v42 = c[i];
        const double v43 = d[i];
        const double v44 = fmod(v42, v43);
        c[i] = v44;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v19 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const float v20 = b[i];
        const float v21 = fmod(v19, v20);
        a[i] = v21;
        if ((uint)i >= (uint)c_length) { *ferrocl_status = 1; return; }
        const double v23 = c[i];
        if ((uint)i >= (uint)d_length) { *ferrocl_status = 1; return; }
        const double v24 = d[i];
        const double v25 = fmod(v23, v24);
        c[i] = v25;
        return;
    }
}

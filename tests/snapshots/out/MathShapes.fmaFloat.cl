// Ferrocl kernel for snap.MathShapes.fmaFloat([F[F[F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void fmaFloat(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
    __global const float* FERROCL_RESTRICT c,
    const int c_length,
    __global float* FERROCL_RESTRICT out,
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
        const float v33 = a[i];
        const float v34 = b[i];
        const float v35 = c[i];
        const float v36 = fma(v33, v34, v35);
        out[i] = v36;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v19 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const float v20 = b[i];
        if ((uint)i >= (uint)c_length) { *ferrocl_status = 1; return; }
        const float v21 = c[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v22 = fma(v19, v20, v21);
        out[i] = v22;
        return;
    }
}

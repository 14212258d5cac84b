// Ferrocl kernel for snap.ThrowShapes.caughtIndex([F[I[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void caughtIndex(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT idx,
    const int idx_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float v;
    const int v18 = (i ^ (-2147483647 - 1));
    const int v19 = (idx_length ^ (-2147483647 - 1));
    const bool v20 = (v18 < v19);
    if (v20) {
        const int v26 = idx[i];
        const int v29 = (v26 ^ (-2147483647 - 1));
        const int v30 = (a_length ^ (-2147483647 - 1));
        const bool v31 = (v29 < v30);
        if (v31) {
            const float v_1 = a[v26];
            v = v_1;
            goto L3;
        }
    }
    v = 0.0f;
    L3: ;
    out[i] = v;
}

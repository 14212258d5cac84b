// Ferrocl kernel for snap.ControlShapes.ternary([F[F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void ternary(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
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
    float p29;
    float p52;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v41 = a[i];
        const float v42 = b[i];
        const bool v43 = (v41 > v42);
        if (v43) {
            const float v47 = a[i];
            p52 = v47;
        } else {
            const float v49 = b[i];
            p52 = v49;
        }
        out[i] = p52;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v17 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const float v18 = b[i];
        const bool v20 = (v17 > v18);
        if (v20) {
            const float v24 = a[i];
            p29 = v24;
        } else {
            const float v26 = b[i];
            p29 = v26;
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = p29;
        return;
    }
}

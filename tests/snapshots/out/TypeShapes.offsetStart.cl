// Ferrocl kernel for snap.TypeShapes.offsetStart([F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from start while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void offsetStart(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int start,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v16 = (int)((uint)i - (uint)start);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v28 = a[i];
        const float v29 = a[v16];
        const float v30 = (v28 - v29);
        out[i] = v30;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v15 = a[i];
        if ((uint)v16 >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v17 = a[v16];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v18 = (v15 - v17);
        out[i] = v18;
        return;
    }
}

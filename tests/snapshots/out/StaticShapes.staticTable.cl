// Ferrocl kernel for snap.StaticShapes.staticTable([FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void staticTable(
    __global float* FERROCL_RESTRICT x,
    const int x_length,
    const int n,
    __global const float* FERROCL_RESTRICT TAPS,
    const int TAPS_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v16 = (i & 3);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v28 = x[i];
        if ((uint)v16 >= (uint)TAPS_length) { *ferrocl_status = 1; return; }
        const float v29 = TAPS[v16];
        const float v30 = (v28 * v29);
        x[i] = v30;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v13 = x[i];
        if ((uint)v16 >= (uint)TAPS_length) { *ferrocl_status = 1; return; }
        const float v17 = TAPS[v16];
        const float v18 = (v13 * v17);
        x[i] = v18;
        return;
    }
}

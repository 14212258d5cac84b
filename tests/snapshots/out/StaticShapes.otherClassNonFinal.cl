// Ferrocl kernel for snap.StaticShapes.otherClassNonFinal([FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void otherClassNonFinal(
    __global float* FERROCL_RESTRICT x,
    const int x_length,
    const int n,
    const float factor,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v24 = x[i];
        const float v25 = (v24 * factor);
        x[i] = v25;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v13 = x[i];
        const float v15 = (v13 * factor);
        x[i] = v15;
        return;
    }
}

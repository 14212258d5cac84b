// Ferrocl kernel for snap.LoopShapes.countingDown([F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i_rev from (-1 - (out.length - 1)) while i_rev < (-1 - lo), step 2
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void countingDown(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int lo,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i_rev = (int)((uint)ferrocl_start0 + (uint)get_global_id(0) * 2u);
    const int i = (int)((uint)(-1) - (uint)i_rev);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v35 = a[i];
        const float v36 = (v35 * 3.0f);
        out[i] = v36;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v17 = a[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v19 = (v17 * 3.0f);
        out[i] = v19;
        return;
    }
}

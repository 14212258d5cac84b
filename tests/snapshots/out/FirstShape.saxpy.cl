// Ferrocl kernel for snap.FirstShape.saxpy(F[F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < y.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void saxpy(
    const float alpha,
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global float* FERROCL_RESTRICT y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v29 = x[i];
        const float v31 = y[i];
        const float v30 = (alpha * v29);
        const float v32 = (v30 + v31);
        y[i] = v32;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v16 = x[i];
        const float v18 = y[i];
        const float v17 = (alpha * v16);
        const float v19 = (v17 + v18);
        y[i] = v19;
        return;
    }
}

// Ferrocl kernel for snap.StaticShapes.nonFinalStatic([I[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void nonFinalStatic(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    __global float* FERROCL_RESTRICT x,
    const int x_length,
    const int n,
    const int offset,
    const float gain,
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
        const int v33 = (int)((uint)v32 + (uint)offset);
        a[i] = v33;
        const float v35 = x[i];
        const float v36 = (v35 * gain);
        x[i] = v36;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v15 = a[i];
        const int v17 = (int)((uint)v15 + (uint)offset);
        a[i] = v17;
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v19 = x[i];
        const float v21 = (v19 * gain);
        x[i] = v21;
        return;
    }
}

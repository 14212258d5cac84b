// Ferrocl kernel for snap.StreamShapes.lambda([I[I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < c.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void lambda(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT b,
    const int b_length,
    __global int* FERROCL_RESTRICT c,
    const int c_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v28 = a[i];
        const int v29 = b[i];
        const int v30 = (int)((uint)v28 * (uint)v29);
        c[i] = v30;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v16 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const int v17 = b[i];
        const int v18 = (int)((uint)v16 * (uint)v17);
        c[i] = v18;
        return;
    }
}

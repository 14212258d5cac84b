// Ferrocl kernel for snap.TypeShapes.shortArray([S[SI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void shortArray(
    __global const short* FERROCL_RESTRICT s,
    const int s_length,
    __global short* FERROCL_RESTRICT out,
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
        const int v28 = s[i];
        const int v29 = s[i];
        const int v30 = (int)((uint)v28 * (uint)v29);
        const int v31 = ((int)((uint)v30 << 16) >> 16);
        out[i] = (short)v31;
        return;
    } else {
        if ((uint)i >= (uint)s_length) { *ferrocl_status = 1; return; }
        const int v15 = s[i];
        const int v16 = s[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v17 = (int)((uint)v15 * (uint)v16);
        const int v18 = ((int)((uint)v17 << 16) >> 16);
        out[i] = (short)v18;
        return;
    }
}

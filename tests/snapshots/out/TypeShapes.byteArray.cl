// Ferrocl kernel for snap.TypeShapes.byteArray([B[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void byteArray(
    __global const char* FERROCL_RESTRICT b,
    const int b_length,
    __global int* FERROCL_RESTRICT out,
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
        const int v31 = b[i];
        const int v33 = b[i];
        const int v32 = (int)((uint)v31 >> (4 & 31));
        const int v34 = (v33 & 255);
        const int v35 = (int)((uint)v32 + (uint)v34);
        out[i] = v35;
        return;
    } else {
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const int v15 = b[i];
        const int v18 = b[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v17 = (int)((uint)v15 >> (4 & 31));
        const int v20 = (v18 & 255);
        const int v21 = (int)((uint)v17 + (uint)v20);
        out[i] = v21;
        return;
    }
}

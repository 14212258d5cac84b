// Ferrocl kernel for snap.TypeShapes.charArray([C[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void charArray(
    __global ushort* FERROCL_RESTRICT c,
    const int c_length,
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
        const int v33 = c[i];
        const int v34 = (int)((uint)v33 + (uint)1);
        out[i] = v34;
        const int v36 = c[i];
        const int v37 = (v36 >> (1 & 31));
        const int v38 = (v37 & 0xFFFF);
        c[i] = (ushort)v38;
        return;
    } else {
        if ((uint)i >= (uint)c_length) { *ferrocl_status = 1; return; }
        const int v15 = c[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v17 = (int)((uint)v15 + (uint)1);
        out[i] = v17;
        const int v19 = c[i];
        const int v21 = (v19 >> (1 & 31));
        const int v22 = (v21 & 0xFFFF);
        c[i] = (ushort)v22;
        return;
    }
}

// Ferrocl kernel for snap.TypeShapes.booleanArray([Z[Z[ZI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void booleanArray(
    __global const uchar* FERROCL_RESTRICT a,
    const int a_length,
    __global const uchar* FERROCL_RESTRICT b,
    const int b_length,
    __global uchar* FERROCL_RESTRICT out,
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
        const int v34 = a[i];
        const int v35 = b[i];
        const int v37 = a[i];
        const int v36 = (v34 ^ v35);
        const int v38 = (v37 & 1);
        const int v39 = (v36 | v38);
        out[i] = (uchar)(v39 & 1);
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v17 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const int v18 = b[i];
        const int v20 = a[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v19 = (v17 ^ v18);
        const int v22 = (v20 & 1);
        const int v23 = (v19 | v22);
        out[i] = (uchar)(v23 & 1);
        return;
    }
}

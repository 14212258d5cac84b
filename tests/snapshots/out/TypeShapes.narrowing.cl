// Ferrocl kernel for snap.TypeShapes.narrowing([I[B[C[SI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void narrowing(
    __global const int* FERROCL_RESTRICT x,
    const int x_length,
    __global char* FERROCL_RESTRICT b,
    const int b_length,
    __global ushort* FERROCL_RESTRICT c,
    const int c_length,
    __global short* FERROCL_RESTRICT s,
    const int s_length,
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
        const int v39 = x[i];
        const int v40 = ((int)((uint)v39 << 24) >> 24);
        b[i] = (char)v40;
        const int v42 = x[i];
        const int v43 = (v42 & 0xFFFF);
        c[i] = (ushort)v43;
        const int v45 = x[i];
        const int v46 = ((int)((uint)v45 << 16) >> 16);
        s[i] = (short)v46;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const int v19 = x[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const int v20 = ((int)((uint)v19 << 24) >> 24);
        b[i] = (char)v20;
        const int v22 = x[i];
        if ((uint)i >= (uint)c_length) { *ferrocl_status = 1; return; }
        const int v23 = (v22 & 0xFFFF);
        c[i] = (ushort)v23;
        const int v25 = x[i];
        if ((uint)i >= (uint)s_length) { *ferrocl_status = 1; return; }
        const int v26 = ((int)((uint)v25 << 16) >> 16);
        s[i] = (short)v26;
        return;
    }
}

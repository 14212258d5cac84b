// Ferrocl kernel for snap.ObjectShapes.pairsFresh([I[JI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void pairsFresh(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global long* FERROCL_RESTRICT out,
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
        long s;
        int k;
        const int v18 = a[i];
        const int v20 = a[i];
        const long v21 = (long)v20;
        const long v22 = (long)((ulong)3L * (ulong)v21);
        s = 0L;
        k = 0;
        for (;;) {
            const bool v37 = (k >= 3);
            if (v37) {
                break;
            } else {
                const int v44 = (int)((uint)v18 + (uint)k);
                const long v45 = (long)k;
                const long v46 = (long)((ulong)v22 - (ulong)v45);
                const long v47 = (long)v44;
                const long v48 = (long)((ulong)v46 * (ulong)v47);
                const long s_1 = (long)((ulong)s + (ulong)v48);
                const int k_1 = (k + 1);
                s = s_1;
                k = k_1;
                continue;
            }
        }
        const long v53 = (long)((ulong)s + (ulong)v22);
        out[i] = v53;
    } else {
        long s;
        int k;
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v18 = a[i];
        const int v20 = a[i];
        const long v21 = (long)v20;
        const long v22 = (long)((ulong)3L * (ulong)v21);
        s = 0L;
        k = 0;
        for (;;) {
            const bool v37 = (k >= 3);
            if (v37) {
                break;
            } else {
                const int v44 = (int)((uint)v18 + (uint)k);
                const long v45 = (long)k;
                const long v46 = (long)((ulong)v22 - (ulong)v45);
                const long v47 = (long)v44;
                const long v48 = (long)((ulong)v46 * (ulong)v47);
                const long s_1 = (long)((ulong)s + (ulong)v48);
                const int k_1 = (k + 1);
                s = s_1;
                k = k_1;
                continue;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const long v53 = (long)((ulong)s + (ulong)v22);
        out[i] = v53;
    }
}

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
    long s;
    int k;
    long s_1;
    int k_1;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v63 = a[i];
        const int v64 = a[i];
        const long v65 = (long)v64;
        const long v66 = (long)((ulong)3L * (ulong)v65);
        s_1 = 0L;
        k_1 = 0;
        for (;;) {
            const bool v71 = (k_1 >= 3);
            if (v71) {
                break;
            } else {
                const int v75 = (int)((uint)v63 + (uint)k_1);
                const long v76 = (long)k_1;
                const long v77 = (long)((ulong)v66 - (ulong)v76);
                const long v78 = (long)v75;
                const long v79 = (long)((ulong)v77 * (ulong)v78);
                const long s_2 = (long)((ulong)s_1 + (ulong)v79);
                const int k_2 = (k_1 + 1);
                s_1 = s_2;
                k_1 = k_2;
                continue;
            }
        }
        const long v83 = (long)((ulong)s_1 + (ulong)v66);
        out[i] = v83;
        return;
    } else {
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
                const long s_3 = (long)((ulong)s + (ulong)v48);
                const int k_3 = (k + 1);
                s = s_3;
                k = k_3;
                continue;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const long v53 = (long)((ulong)s + (ulong)v22);
        out[i] = v53;
        return;
    }
}

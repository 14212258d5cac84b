// Ferrocl kernel for snap.ObjectShapes.pairs([I[JI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void pairs(
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
    int k;
    int p34;
    long p35;
    int k_1;
    int p70;
    long p71;
    long v78;
    long v48;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v63 = a[i];
        const int v64 = a[i];
        const long v65 = (long)v64;
        const long v66 = (long)((ulong)3L * (ulong)v65);
        k_1 = 0;
        p70 = v63;
        p71 = v66;
        for (;;) {
            const bool v72 = (k_1 >= 3);
            const long v77 = (long)p70;
            v78 = (long)((ulong)p71 + (ulong)v77);
            if (v72) {
                break;
            } else {
                const int v76 = (int)((uint)p70 + (uint)1);
                const int k_2 = (k_1 + 1);
                k_1 = k_2;
                p70 = v76;
                p71 = v78;
                continue;
            }
        }
        out[i] = v78;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v18 = a[i];
        const int v20 = a[i];
        const long v21 = (long)v20;
        const long v22 = (long)((ulong)3L * (ulong)v21);
        k = 0;
        p34 = v18;
        p35 = v22;
        for (;;) {
            const bool v38 = (k >= 3);
            const long v47 = (long)p34;
            v48 = (long)((ulong)p35 + (ulong)v47);
            if (v38) {
                break;
            } else {
                const int v46 = (int)((uint)p34 + (uint)1);
                const int k_3 = (k + 1);
                k = k_3;
                p34 = v46;
                p35 = v48;
                continue;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = v48;
        return;
    }
}

// Ferrocl kernel for snap.TypeShapes.longShifts([J[I[JI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__attribute__((noinline)) long ferrocl_lshl(long x, int n) { return (long)((ulong)x << (n & 63)); }

__kernel void longShifts(
    __global const long* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT s,
    const int s_length,
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
        const long v41 = a[i];
        const int v42 = s[i];
        const long v44 = a[i];
        const int v45 = s[i];
        const long v48 = a[i];
        const int v49 = s[i];
        const long v43 = ferrocl_lshl(v41, v42);
        const long v46 = (v44 >> (v45 & 63));
        const long v47 = (v43 ^ v46);
        const long v50 = (long)((ulong)v48 >> (v49 & 63));
        const long v51 = (v47 ^ v50);
        out[i] = v51;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const long v17 = a[i];
        if ((uint)i >= (uint)s_length) { *ferrocl_status = 1; return; }
        const int v18 = s[i];
        const long v20 = a[i];
        const int v21 = s[i];
        const long v24 = a[i];
        const int v25 = s[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const long v19 = ferrocl_lshl(v17, v18);
        const long v22 = (v20 >> (v21 & 63));
        const long v23 = (v19 ^ v22);
        const long v26 = (long)((ulong)v24 >> (v25 & 63));
        const long v27 = (v23 ^ v26);
        out[i] = v27;
        return;
    }
}

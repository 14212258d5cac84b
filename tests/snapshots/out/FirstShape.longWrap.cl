// Ferrocl kernel for snap.FirstShape.longWrap([JJI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__attribute__((noinline)) long ferrocl_lshl(long x, int n) { return (long)((ulong)x << (n & 63)); }

__kernel void longWrap(
    __global long* FERROCL_RESTRICT a,
    const int a_length,
    const long k,
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
        const long v35 = a[i];
        const long v37 = a[i];
        const long v40 = a[i];
        const long v36 = (long)((ulong)v35 * (ulong)k);
        const long v38 = (long)((ulong)v37 >> (7 & 63));
        const long v39 = (long)((ulong)v36 + (ulong)v38);
        const long v41 = ferrocl_lshl(v40, 3);
        const long v42 = (long)((ulong)v39 - (ulong)v41);
        a[i] = v42;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const long v15 = a[i];
        const long v17 = a[i];
        const long v21 = a[i];
        const long v16 = (long)((ulong)v15 * (ulong)k);
        const long v19 = (long)((ulong)v17 >> (7 & 63));
        const long v20 = (long)((ulong)v16 + (ulong)v19);
        const long v23 = ferrocl_lshl(v21, 3);
        const long v24 = (long)((ulong)v20 - (ulong)v23);
        a[i] = v24;
        return;
    }
}

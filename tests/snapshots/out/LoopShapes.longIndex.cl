// Ferrocl kernel for snap.LoopShapes.longIndex([I[JJ)V
// @Parallel loop 0 (NDRange dimension 0): i_int from 0 while i_int < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__attribute__((noinline)) long ferrocl_lshl(long x, int n) { return (long)((ulong)x << (n & 63)); }

__kernel void longIndex(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global long* FERROCL_RESTRICT out,
    const int out_length,
    const long n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i_int = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const long i = (long)i_int;
    const long v22 = ferrocl_lshl(i, 33);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v36 = a[i_int];
        const long v37 = (long)v36;
        const long v38 = (long)((ulong)v37 * (ulong)i);
        const long v39 = (long)((ulong)v38 + (ulong)v22);
        out[i_int] = v39;
        return;
    } else {
        if ((uint)i_int >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v18 = a[i_int];
        if ((uint)i_int >= (uint)out_length) { *ferrocl_status = 1; return; }
        const long v19 = (long)v18;
        const long v20 = (long)((ulong)v19 * (ulong)i);
        const long v23 = (long)((ulong)v20 + (ulong)v22);
        out[i_int] = v23;
        return;
    }
}

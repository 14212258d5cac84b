// Ferrocl kernel for snap.TypeShapes.longDivision([J[J[J[JI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

long ferrocl_ldiv(long x, long y) { return y == -1L ? (long)(0UL - (ulong)x) : x / y; }
long ferrocl_lrem(long x, long y) { return y == -1L ? 0L : x % y; }

__kernel void longDivision(
    __global const long* FERROCL_RESTRICT a,
    const int a_length,
    __global const long* FERROCL_RESTRICT b,
    const int b_length,
    __global long* FERROCL_RESTRICT q,
    const int q_length,
    __global long* FERROCL_RESTRICT r,
    const int r_length,
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
        const long v40 = a[i];
        const long v41 = b[i];
        if (v41 == 0) { *ferrocl_status = 2; return; }
        const long v42 = ferrocl_ldiv(v40, v41);
        q[i] = v42;
        const long v44 = a[i];
        const long v45 = b[i];
        if (v45 == 0) { *ferrocl_status = 2; return; }
        const long v46 = ferrocl_lrem(v44, v45);
        r[i] = v46;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const long v19 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const long v20 = b[i];
        if (v20 == 0) { *ferrocl_status = 2; return; }
        const long v21 = ferrocl_ldiv(v19, v20);
        if ((uint)i >= (uint)q_length) { *ferrocl_status = 1; return; }
        q[i] = v21;
        const long v23 = a[i];
        const long v24 = b[i];
        if (v24 == 0) { *ferrocl_status = 2; return; }
        const long v25 = ferrocl_lrem(v23, v24);
        if ((uint)i >= (uint)r_length) { *ferrocl_status = 1; return; }
        r[i] = v25;
        return;
    }
}

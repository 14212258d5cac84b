// Ferrocl kernel for snap.NestShapes.triangular([II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void triangular(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int j;
    int j_1;
    const int v24 = (int)((uint)i * (uint)n);
    const long v37 = (long)i;
    const long v39 = (long)((ulong)v37 + (ulong)(-1L));
    const long v41 = (long)((ulong)v39 + (ulong)1L);
    const bool v43 = (v41 <= 2147483647L);
    const long v45 = (long)v24;
    const bool v46 = (v45 >= 0L);
    const long v47 = (long)a_length;
    const bool v48 = (v45 < v47);
    const long v49 = (long)((ulong)v39 + (ulong)v45);
    const bool v50 = (v49 >= 0L);
    const bool v51 = (v49 < v47);
    const bool v53 = (v50 && v51);
    const bool v54 = (v48 && v53);
    const bool v55 = (v46 && v54);
    const bool v56 = (v43 && v55);
    // Loop versioning: 1 check(s) of this loop tested once at its entry.
    if (v56) {
        j_1 = 0;
        for (;;) {
            const bool v59 = (j_1 >= i);
            if (v59) {
                break;
            } else {
                const int v63 = (int)((uint)v24 + (uint)j_1);
                a[v63] = 1;
                const int j_2 = (j_1 + 1);
                j_1 = j_2;
                continue;
            }
        }
    } else {
        j = 0;
        for (;;) {
            const bool v20 = (j >= i);
            if (v20) {
                break;
            } else {
                const int v25 = (int)((uint)v24 + (uint)j);
                if ((uint)v25 >= (uint)a_length) { *ferrocl_status = 1; return; }
                a[v25] = 1;
                const int j_3 = (j + 1);
                j = j_3;
                continue;
            }
        }
    }
}

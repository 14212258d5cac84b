// Ferrocl kernel for snap.PrivateShapes.runtimeRowShift([JIIII)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < (a.length / w), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void runtimeRowShift(
    __global long* FERROCL_RESTRICT a,
    const int a_length,
    const int w,
    const int from,
    const int to,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p49;
    int p66;
    const int v21 = (int)((uint)i * (uint)w);
    const int v22 = (int)((uint)v21 + (uint)from);
    const bool v26 = (v22 >= 0);
    if (!(v26)) { *ferrocl_status = 8; return; }
    const int v24 = (int)((uint)v21 + (uint)to);
    const bool v28 = (v24 >= 0);
    if (!(v28)) { *ferrocl_status = 8; return; }
    const bool v30 = (n >= 0);
    if (!(v30)) { *ferrocl_status = 8; return; }
    const int v33 = (int)((uint)a_length - (uint)n);
    const bool v34 = (v22 <= v33);
    if (!(v34)) { *ferrocl_status = 8; return; }
    const bool v38 = (v24 <= v33);
    if (!(v38)) { *ferrocl_status = 8; return; }
    const bool v40 = (v22 < v24);
    if (v40) {
        const int v48 = (int)((uint)n + (uint)(-1));
        p49 = v48;
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        const long p49_last = (long)0 + 0L;
        const long p49_trips = (p49_last - (long)p49) / -1L;
        const long p49_end = (long)p49 - p49_trips;
        const int p49_fast = (p49_last + -1L >= (-2147483647L - 1L))
            && ((ulong)((long)p49 + (long)v21 + (long)from) < (ulong)a_length && (ulong)(p49_end + (long)v21 + (long)from) < (ulong)a_length)
            && ((ulong)((long)p49 + (long)v21 + (long)to) < (ulong)a_length && (ulong)(p49_end + (long)v21 + (long)to) < (ulong)a_length);
        if (p49_fast) {
            for (;;) {
                const bool v50 = (p49 >= 0);
                if (v50) {
                    const int v54 = (int)((uint)v22 + (uint)p49);
                    const long v55 = a[v54];
                    const int v56 = (int)((uint)v24 + (uint)p49);
                    a[v56] = v55;
                    const int v58 = (p49 + (-1));
                    p49 = v58;
                    continue;
                } else {
                    break;
                }
            }
        } else {
            for (;;) {
                const bool v50_1 = (p49 >= 0);
                if (v50_1) {
                    const int v54_1 = (int)((uint)v22 + (uint)p49);
                    if ((uint)v54_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const long v55_1 = a[v54_1];
                    const int v56_1 = (int)((uint)v24 + (uint)p49);
                    if ((uint)v56_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    a[v56_1] = v55_1;
                    const int v58_1 = (int)((uint)p49 + (uint)(-1));
                    p49 = v58_1;
                    continue;
                } else {
                    break;
                }
            }
        }
    } else {
        p66 = 0;
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        const long p66_last = (long)n + -1L;
        const long p66_trips = p66_last - (long)p66;
        const long p66_end = (long)p66 + p66_trips;
        const int p66_fast = (p66_last + 1L <= 2147483647L)
            && ((ulong)((long)p66 + (long)v21 + (long)from) < (ulong)a_length && (ulong)(p66_end + (long)v21 + (long)from) < (ulong)a_length)
            && ((ulong)((long)p66 + (long)v21 + (long)to) < (ulong)a_length && (ulong)(p66_end + (long)v21 + (long)to) < (ulong)a_length);
        if (p66_fast) {
            for (;;) {
                const bool v67 = (p66 < n);
                if (v67) {
                    const int v71 = (int)((uint)v22 + (uint)p66);
                    const long v72 = a[v71];
                    const int v73 = (int)((uint)v24 + (uint)p66);
                    a[v73] = v72;
                    const int v75 = (p66 + 1);
                    p66 = v75;
                    continue;
                } else {
                    break;
                }
            }
        } else {
            for (;;) {
                const bool v67_1 = (p66 < n);
                if (v67_1) {
                    const int v71_1 = (int)((uint)v22 + (uint)p66);
                    if ((uint)v71_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const long v72_1 = a[v71_1];
                    const int v73_1 = (int)((uint)v24 + (uint)p66);
                    if ((uint)v73_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    a[v73_1] = v72_1;
                    const int v75_1 = (p66 + 1);
                    p66 = v75_1;
                    continue;
                } else {
                    break;
                }
            }
        }
    }
}

// Ferrocl kernel for dev.ferrocl.api.ReadOnlyDataTest.ramp([I[II)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif
#ifndef FERROCL_SPACE_src
#define FERROCL_SPACE_src __global
#endif

__kernel void ramp(
    FERROCL_SPACE_src int* FERROCL_RESTRICT src,
    const int src_length,
    __global int* FERROCL_RESTRICT dst,
    const int dst_length,
    const int n,
    __global int* ferrocl_status)
{
    int k;
    k = 1;
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long k_last = (long)n + -1L;
    const long k_trips = k_last - (long)k;
    const long k_end = (long)k + k_trips;
    const int k_fast = (k_last + 1L <= 2147483647L)
        && ((ulong)((long)k + -1L) < (ulong)src_length && (ulong)(k_end + -1L) < (ulong)src_length)
        && ((ulong)((long)k) < (ulong)dst_length && (ulong)(k_end) < (ulong)dst_length);
    if (k_fast) {
        for (;;) {
            const bool v11 = (k >= n);
            if (v11) {
                break;
            } else {
                const int v16 = (int)((uint)k - (uint)1);
                const int v17 = src[v16];
                const int v19 = (int)((uint)v17 + (uint)1);
                dst[k] = v19;
                const int k_1 = (k + 1);
                k = k_1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v11_1 = (k >= n);
            if (v11_1) {
                break;
            } else {
                const int v16_1 = (int)((uint)k - (uint)1);
                if ((uint)v16_1 >= (uint)src_length) { *ferrocl_status = 1; return; }
                const int v17_1 = src[v16_1];
                if ((uint)k >= (uint)dst_length) { *ferrocl_status = 1; return; }
                const int v19_1 = (int)((uint)v17_1 + (uint)1);
                dst[k] = v19_1;
                const int k_2 = (k + 1);
                k = k_2;
                continue;
            }
        }
    }
}

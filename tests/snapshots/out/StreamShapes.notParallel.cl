// Ferrocl kernel for snap.StreamShapes.notParallel([I)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void notParallel(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* ferrocl_status)
{
    int i;
    i = 1;
    // Loop versioning: 1 check(s) of this loop tested once at its entry.
    const long i_last = (long)a_length + -1L;
    const long i_trips = i_last - (long)i;
    const long i_end = (long)i + i_trips;
    const int i_fast = (i_last + 1L <= 2147483647L)
        && ((ulong)((long)i + -1L) < (ulong)a_length && (ulong)(i_end + -1L) < (ulong)a_length);
    if (i_fast) {
        for (;;) {
            const bool v9 = (i < a_length);
            if (v9) {
                const int v13 = a[i];
                const int v15 = (int)((uint)i - (uint)1);
                const int v16 = a[v15];
                const int v17 = (int)((uint)v13 + (uint)v16);
                a[i] = v17;
                const int v20 = (i + 1);
                i = v20;
                continue;
            } else {
                break;
            }
        }
    } else {
        for (;;) {
            const bool v9_1 = (i < a_length);
            if (v9_1) {
                const int v13_1 = a[i];
                const int v15_1 = (int)((uint)i - (uint)1);
                if ((uint)v15_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const int v16_1 = a[v15_1];
                const int v17_1 = (int)((uint)v13_1 + (uint)v16_1);
                a[i] = v17_1;
                const int v20_1 = (i + 1);
                i = v20_1;
                continue;
            } else {
                break;
            }
        }
    }
}

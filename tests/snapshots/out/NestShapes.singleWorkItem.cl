// Ferrocl kernel for snap.NestShapes.singleWorkItem([I)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void singleWorkItem(
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
            const bool v8 = (i >= a_length);
            if (v8) {
                break;
            } else {
                const int v12 = a[i];
                const int v14 = (int)((uint)i - (uint)1);
                const int v15 = a[v14];
                const int v16 = (int)((uint)v12 + (uint)v15);
                a[i] = v16;
                const int i_1 = (i + 1);
                i = i_1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v8_1 = (i >= a_length);
            if (v8_1) {
                break;
            } else {
                const int v12_1 = a[i];
                const int v14_1 = (int)((uint)i - (uint)1);
                if ((uint)v14_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const int v15_1 = a[v14_1];
                const int v16_1 = (int)((uint)v12_1 + (uint)v15_1);
                a[i] = v16_1;
                const int i_2 = (i + 1);
                i = i_2;
                continue;
            }
        }
    }
}

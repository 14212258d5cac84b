// Ferrocl kernel for snap.Bailouts.noAnnotation([II)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void noAnnotation(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    const int n,
    __global int* ferrocl_status)
{
    int i;
    int i_1;
    const long v21 = (long)n;
    const long v23 = (long)((ulong)v21 + (ulong)(-1L));
    const long v25 = (long)((ulong)v23 + (ulong)1L);
    const bool v27 = (v25 <= 2147483647L);
    const long v29 = (long)a_length;
    const bool v30 = (0L < v29);
    const bool v31 = (v23 >= 0L);
    const bool v32 = (v23 < v29);
    const bool v34 = (v31 && v32);
    const bool v35 = (v30 && v34);
    const bool v36 = (v27 && v35);
    // Loop versioning: 1 check(s) of this loop tested once at its entry.
    if (v36) {
        i_1 = 0;
        for (;;) {
            const bool v39 = (i_1 >= n);
            if (v39) {
                break;
            } else {
                a[i_1] = 1;
                const int i_2 = (i_1 + 1);
                i_1 = i_2;
                continue;
            }
        }
    } else {
        i = 0;
        for (;;) {
            const bool v9 = (i >= n);
            if (v9) {
                break;
            } else {
                if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
                a[i] = 1;
                const int i_3 = (i + 1);
                i = i_3;
                continue;
            }
        }
    }
}

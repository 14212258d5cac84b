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
    int i_1;
    const long v27 = (long)a_length;
    const long v29 = (long)((ulong)v27 + (ulong)(-1L));
    const long v30 = (long)((ulong)v29 - (ulong)1L);
    const long v31 = (long)((ulong)v29 + (ulong)1L);
    const bool v33 = (v31 <= 2147483647L);
    const long v35 = (long)((ulong)1L + (ulong)v30);
    const bool v36 = (0L < v27);
    const long v37 = (long)((ulong)v35 + (ulong)(-1L));
    const bool v38 = (v37 >= 0L);
    const bool v39 = (v37 < v27);
    const bool v41 = (v38 && v39);
    const bool v42 = (v36 && v41);
    const bool v43 = (v33 && v42);
    // Loop versioning: 1 check(s) of this loop tested once at its entry.
    if (v43) {
        i_1 = 1;
        for (;;) {
            const bool v46 = (i_1 < a_length);
            if (v46) {
                const int v50 = a[i_1];
                const int v51 = (int)((uint)i_1 - (uint)1);
                const int v52 = a[v51];
                const int v53 = (int)((uint)v50 + (uint)v52);
                a[i_1] = v53;
                const int v55 = (i_1 + 1);
                i_1 = v55;
                continue;
            } else {
                break;
            }
        }
    } else {
        i = 1;
        for (;;) {
            const bool v9 = (i < a_length);
            if (v9) {
                const int v13 = a[i];
                const int v15 = (int)((uint)i - (uint)1);
                if ((uint)v15 >= (uint)a_length) { *ferrocl_status = 1; return; }
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
    }
}

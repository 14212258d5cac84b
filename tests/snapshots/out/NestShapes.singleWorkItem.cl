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
    int i_1;
    const long v26 = (long)a_length;
    const long v28 = (long)((ulong)v26 + (ulong)(-1L));
    const long v29 = (long)((ulong)v28 - (ulong)1L);
    const long v30 = (long)((ulong)v28 + (ulong)1L);
    const bool v32 = (v30 <= 2147483647L);
    const long v34 = (long)((ulong)1L + (ulong)v29);
    const bool v35 = (0L < v26);
    const long v36 = (long)((ulong)v34 + (ulong)(-1L));
    const bool v37 = (v36 >= 0L);
    const bool v38 = (v36 < v26);
    const bool v40 = (v37 && v38);
    const bool v41 = (v35 && v40);
    const bool v42 = (v32 && v41);
    // Loop versioning: 1 check(s) of this loop tested once at its entry.
    if (v42) {
        i_1 = 1;
        for (;;) {
            const bool v45 = (i_1 >= a_length);
            if (v45) {
                break;
            } else {
                const int v49 = a[i_1];
                const int v50 = (int)((uint)i_1 - (uint)1);
                const int v51 = a[v50];
                const int v52 = (int)((uint)v49 + (uint)v51);
                a[i_1] = v52;
                const int i_2 = (i_1 + 1);
                i_1 = i_2;
                continue;
            }
        }
    } else {
        i = 1;
        for (;;) {
            const bool v8 = (i >= a_length);
            if (v8) {
                break;
            } else {
                const int v12 = a[i];
                const int v14 = (int)((uint)i - (uint)1);
                if ((uint)v14 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const int v15 = a[v14];
                const int v16 = (int)((uint)v12 + (uint)v15);
                a[i] = v16;
                const int i_3 = (i + 1);
                i = i_3;
                continue;
            }
        }
    }
}

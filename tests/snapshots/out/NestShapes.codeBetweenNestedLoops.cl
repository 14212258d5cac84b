// Ferrocl kernel for snap.NestShapes.codeBetweenNestedLoops([II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void codeBetweenNestedLoops(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int j;
    int j_1;
    int j_2;
    int j_3;
    const int v26 = (int)((uint)i * (uint)n);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        a[i] = 0;
        const long v97 = (long)n;
        const long v99 = (long)((ulong)v97 + (ulong)(-1L));
        const long v101 = (long)((ulong)v99 + (ulong)1L);
        const bool v103 = (v101 <= 2147483647L);
        const long v104 = (long)v26;
        const bool v105 = (v104 >= 0L);
        const long v106 = (long)a_length;
        const bool v107 = (v104 < v106);
        const long v108 = (long)((ulong)v99 + (ulong)v104);
        const bool v109 = (v108 >= 0L);
        const bool v110 = (v108 < v106);
        const bool v112 = (v109 && v110);
        const bool v113 = (v107 && v112);
        const bool v114 = (v105 && v113);
        const bool v115 = (v103 && v114);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v115) {
            j_3 = 0;
            for (;;) {
                const bool v118 = (j_3 >= n);
                if (v118) {
                    break;
                } else {
                    const int v122 = (int)((uint)v26 + (uint)j_3);
                    a[v122] = j_3;
                    const int j_4 = (j_3 + 1);
                    j_3 = j_4;
                    continue;
                }
            }
        } else {
            j_1 = 0;
            for (;;) {
                const bool v43 = (j_1 >= n);
                if (v43) {
                    break;
                } else {
                    const int v47 = (int)((uint)v26 + (uint)j_1);
                    if ((uint)v47 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    a[v47] = j_1;
                    const int j_5 = (j_1 + 1);
                    j_1 = j_5;
                    continue;
                }
            }
        }
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[i] = 0;
        const long v58 = (long)n;
        const long v60 = (long)((ulong)v58 + (ulong)(-1L));
        const long v62 = (long)((ulong)v60 + (ulong)1L);
        const bool v64 = (v62 <= 2147483647L);
        const long v66 = (long)v26;
        const bool v67 = (v66 >= 0L);
        const long v68 = (long)a_length;
        const bool v69 = (v66 < v68);
        const long v70 = (long)((ulong)v60 + (ulong)v66);
        const bool v71 = (v70 >= 0L);
        const bool v72 = (v70 < v68);
        const bool v74 = (v71 && v72);
        const bool v75 = (v69 && v74);
        const bool v76 = (v67 && v75);
        const bool v77 = (v64 && v76);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v77) {
            j_2 = 0;
            for (;;) {
                const bool v80 = (j_2 >= n);
                if (v80) {
                    break;
                } else {
                    const int v84 = (int)((uint)v26 + (uint)j_2);
                    a[v84] = j_2;
                    const int j_6 = (j_2 + 1);
                    j_2 = j_6;
                    continue;
                }
            }
        } else {
            j = 0;
            for (;;) {
                const bool v22 = (j >= n);
                if (v22) {
                    break;
                } else {
                    const int v27 = (int)((uint)v26 + (uint)j);
                    if ((uint)v27 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    a[v27] = j;
                    const int j_7 = (j + 1);
                    j = j_7;
                    continue;
                }
            }
        }
        return;
    }
}

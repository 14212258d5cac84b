// Ferrocl kernel for snap.PreLoopShapes.innerBoundInTheHeader([F[I[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif
#ifndef FERROCL_SPACE_len
#define FERROCL_SPACE_len __global
#endif

__kernel void innerBoundInTheHeader(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    FERROCL_SPACE_len const int* FERROCL_RESTRICT len,
    const int len_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float s;
    int k;
    float s_1;
    int k_1;
    float s_2;
    int k_2;
    float s_3;
    float s_4;
    int k_3;
    float s_5;
    const float v33 = (float)i;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v52 = len[0];
        const long v108 = (long)v52;
        const long v110 = (long)((ulong)v108 + (ulong)(-1L));
        const long v112 = (long)((ulong)v110 + (ulong)1L);
        const bool v114 = (v112 <= 2147483647L);
        const long v115 = (long)a_length;
        const bool v116 = (0L < v115);
        const bool v117 = (v110 >= 0L);
        const bool v118 = (v110 < v115);
        const bool v120 = (v117 && v118);
        const bool v121 = (v116 && v120);
        const bool v122 = (v114 && v121);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v122) {
            s_4 = 0.0f;
            k_3 = 0;
            for (;;) {
                const bool v126 = (k_3 >= v52);
                if (v126) {
                    break;
                } else {
                    const float v130 = a[k_3];
                    const float v131 = (v130 * v33);
                    const float s_6 = (s_4 + v131);
                    const int k_4 = (k_3 + 1);
                    s_4 = s_6;
                    k_3 = k_4;
                    continue;
                }
            }
            s_5 = s_4;
        } else {
            s_1 = 0.0f;
            k_1 = 0;
            for (;;) {
                const bool v53 = (k_1 >= v52);
                if (v53) {
                    break;
                } else {
                    if ((uint)k_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const float v57 = a[k_1];
                    const float v58 = (v57 * v33);
                    const float s_7 = (s_1 + v58);
                    const int k_5 = (k_1 + 1);
                    s_1 = s_7;
                    k_1 = k_5;
                    continue;
                }
            }
            s_5 = s_1;
        }
        out[i] = s_5;
        return;
    } else {
        if ((uint)0 >= (uint)len_length) { *ferrocl_status = 1; return; }
        const int v27 = len[0];
        const long v70 = (long)v27;
        const long v72 = (long)((ulong)v70 + (ulong)(-1L));
        const long v74 = (long)((ulong)v72 + (ulong)1L);
        const bool v76 = (v74 <= 2147483647L);
        const long v78 = (long)a_length;
        const bool v79 = (0L < v78);
        const bool v80 = (v72 >= 0L);
        const bool v81 = (v72 < v78);
        const bool v83 = (v80 && v81);
        const bool v84 = (v79 && v83);
        const bool v85 = (v76 && v84);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v85) {
            s_2 = 0.0f;
            k_2 = 0;
            for (;;) {
                const bool v89 = (k_2 >= v27);
                if (v89) {
                    break;
                } else {
                    const float v93 = a[k_2];
                    const float v94 = (v93 * v33);
                    const float s_8 = (s_2 + v94);
                    const int k_6 = (k_2 + 1);
                    s_2 = s_8;
                    k_2 = k_6;
                    continue;
                }
            }
            s_3 = s_2;
        } else {
            s = 0.0f;
            k = 0;
            for (;;) {
                const bool v28 = (k >= v27);
                if (v28) {
                    break;
                } else {
                    if ((uint)k >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const float v32 = a[k];
                    const float v34 = (v32 * v33);
                    const float s_9 = (s + v34);
                    const int k_7 = (k + 1);
                    s = s_9;
                    k = k_7;
                    continue;
                }
            }
            s_3 = s;
        }
        out[i] = s_3;
        return;
    }
}

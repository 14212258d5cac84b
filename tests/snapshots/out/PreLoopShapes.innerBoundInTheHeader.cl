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
    const float v33 = (float)i;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v52 = len[0];
        s_1 = 0.0f;
        k_1 = 0;
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        const long k_1_last = (long)v52 + -1L;
        const long k_1_trips = k_1_last - (long)k_1;
        const long k_1_end = (long)k_1 + k_1_trips;
        const int k_1_fast = (k_1_last + 1L <= 2147483647L)
            && ((ulong)((long)k_1) < (ulong)a_length && (ulong)(k_1_end) < (ulong)a_length);
        if (k_1_fast) {
            for (;;) {
                const bool v53 = (k_1 >= v52);
                if (v53) {
                    break;
                } else {
                    const float v57 = a[k_1];
                    const float v58 = (v57 * v33);
                    const float s_2 = (s_1 + v58);
                    const int k_2 = (k_1 + 1);
                    s_1 = s_2;
                    k_1 = k_2;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v53_1 = (k_1 >= v52);
                if (v53_1) {
                    break;
                } else {
                    if ((uint)k_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const float v57_1 = a[k_1];
                    const float v58_1 = (v57_1 * v33);
                    const float s_3 = (s_1 + v58_1);
                    const int k_3 = (k_1 + 1);
                    s_1 = s_3;
                    k_1 = k_3;
                    continue;
                }
            }
        }
        out[i] = s_1;
        return;
    } else {
        if ((uint)0 >= (uint)len_length) { *ferrocl_status = 1; return; }
        const int v27 = len[0];
        s = 0.0f;
        k = 0;
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        const long k_last = (long)v27 + -1L;
        const long k_trips = k_last - (long)k;
        const long k_end = (long)k + k_trips;
        const int k_fast = (k_last + 1L <= 2147483647L)
            && ((ulong)((long)k) < (ulong)a_length && (ulong)(k_end) < (ulong)a_length);
        if (k_fast) {
            for (;;) {
                const bool v28 = (k >= v27);
                if (v28) {
                    break;
                } else {
                    const float v32 = a[k];
                    const float v34 = (v32 * v33);
                    const float s_4 = (s + v34);
                    const int k_4 = (k + 1);
                    s = s_4;
                    k = k_4;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v28_1 = (k >= v27);
                if (v28_1) {
                    break;
                } else {
                    if ((uint)k >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const float v32_1 = a[k];
                    const float v34_1 = (v32_1 * v33);
                    const float s_5 = (s + v34_1);
                    const int k_5 = (k + 1);
                    s = s_5;
                    k = k_5;
                    continue;
                }
            }
        }
        out[i] = s;
        return;
    }
}

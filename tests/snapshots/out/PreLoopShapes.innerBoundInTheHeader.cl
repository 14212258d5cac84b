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
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        float s;
        int k;
        const int v27 = len[0];
        const float v33 = (float)i;
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
                    const float s_1 = (s + v34);
                    const int k_1 = (k + 1);
                    s = s_1;
                    k = k_1;
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
                    const float s_2 = (s + v34_1);
                    const int k_2 = (k + 1);
                    s = s_2;
                    k = k_2;
                    continue;
                }
            }
        }
        out[i] = s;
    } else {
        float s;
        int k;
        if ((uint)0 >= (uint)len_length) { *ferrocl_status = 1; return; }
        const int v27 = len[0];
        const float v33 = (float)i;
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
                    const float s_1 = (s + v34);
                    const int k_1 = (k + 1);
                    s = s_1;
                    k = k_1;
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
                    const float s_2 = (s + v34_1);
                    const int k_2 = (k + 1);
                    s = s_2;
                    k = k_2;
                    continue;
                }
            }
        }
        out[i] = s;
    }
}

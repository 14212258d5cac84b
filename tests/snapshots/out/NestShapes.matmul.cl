// Ferrocl kernel for snap.NestShapes.matmul([F[F[FIII)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < m, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel void matmul(
    __global const float* a,
    const int a_length,
    __global const float* b,
    const int b_length,
    __global float* c,
    const int c_length,
    const int n,
    const int m,
    const int k,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    __global int* ferrocl_status)
{
    if (get_global_id(1) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(1));
    if (get_global_id(0) >= (size_t)ferrocl_count1) return;
    const int j = (int)((uint)ferrocl_start1 + (uint)get_global_id(0));
    float sum;
    int p;
    sum = 0.0f;
    p = 0;
    const int v54 = (int)((uint)i * (uint)k);
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long p_last = (long)k + -1L;
    const long p_trips = p_last - (long)p;
    const long p_end = (long)p + p_trips;
    const long p_scale = (long)m;
    const int p_fast = (p_last + 1L <= 2147483647L)
        && ((ulong)((long)p + (long)v54) < (ulong)a_length && (ulong)(p_end + (long)v54) < (ulong)a_length)
        && (p_scale >= -2147483648L && p_scale <= 2147483648L)
        && ((ulong)(p_scale * (long)p + (long)j) < (ulong)b_length && (ulong)(p_scale * p_end + (long)j) < (ulong)b_length);
    if (p_fast) {
        for (;;) {
            const bool v50 = (p >= k);
            if (v50) {
                break;
            } else {
                const int v55 = (int)((uint)v54 + (uint)p);
                const float v56 = a[v55];
                const int v57 = (int)((uint)p * (uint)m);
                const int v58 = (int)((uint)v57 + (uint)j);
                const float v59 = b[v58];
                const float v60 = (v56 * v59);
                const float sum_1 = (sum + v60);
                const int p_1 = (int)((uint)p + (uint)1);
                sum = sum_1;
                p = p_1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v50_1 = (p >= k);
            if (v50_1) {
                break;
            } else {
                const int v55_1 = (int)((uint)v54 + (uint)p);
                if ((uint)v55_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const float v56_1 = a[v55_1];
                const int v57_1 = (int)((uint)p * (uint)m);
                const int v58_1 = (int)((uint)v57_1 + (uint)j);
                if ((uint)v58_1 >= (uint)b_length) { *ferrocl_status = 1; return; }
                const float v59_1 = b[v58_1];
                const float v60_1 = (v56_1 * v59_1);
                const float sum_2 = (sum + v60_1);
                const int p_2 = (int)((uint)p + (uint)1);
                sum = sum_2;
                p = p_2;
                continue;
            }
        }
    }
    const int v65 = (int)((uint)i * (uint)m);
    const int v66 = (int)((uint)v65 + (uint)j);
    if ((uint)v66 >= (uint)c_length) { *ferrocl_status = 1; return; }
    c[v66] = sum;
}

// Ferrocl kernel for snap.LoopShapes.continueInner([II[II)V
// @Parallel loop 0 (NDRange dimension 0): r from 0 while r < rows, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel void continueInner(
    __global const int* m,
    const int m_length,
    const int cols,
    __global int* sums,
    const int sums_length,
    const int rows,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int r = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int s;
    int c;
    int s_1;
    s = 0;
    c = 0;
    const int v32 = (int)((uint)r * (uint)cols);
    // Loop versioning: 1 check(s) of this loop tested once at its entry.
    const long c_last = (long)cols + -1L;
    const long c_trips = c_last - (long)c;
    const long c_end = (long)c + c_trips;
    const int c_fast = (c_last + 1L <= 2147483647L)
        && ((ulong)((long)c + (long)v32) < (ulong)m_length && (ulong)(c_end + (long)v32) < (ulong)m_length);
    if (c_fast) {
        for (;;) {
            const bool v28 = (c >= cols);
            if (v28) {
                break;
            } else {
                const int v33 = (int)((uint)v32 + (uint)c);
                const int v34 = m[v33];
                const bool v36 = (v34 >= 0);
                if (v36) {
                    const int v43 = m[v33];
                    const int s_2 = (int)((uint)s + (uint)v43);
                    s_1 = s_2;
                } else {
                    s_1 = s;
                }
                const int c_1 = (int)((uint)c + (uint)1);
                s = s_1;
                c = c_1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v28_1 = (c >= cols);
            if (v28_1) {
                break;
            } else {
                const int v33_1 = (int)((uint)v32 + (uint)c);
                if ((uint)v33_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                const int v34_1 = m[v33_1];
                const bool v36_1 = (v34_1 >= 0);
                if (v36_1) {
                    const int v43_1 = m[v33_1];
                    const int s_3 = (int)((uint)s + (uint)v43_1);
                    s_1 = s_3;
                } else {
                    s_1 = s;
                }
                const int c_2 = (int)((uint)c + (uint)1);
                s = s_1;
                c = c_2;
                continue;
            }
        }
    }
    if ((uint)r >= (uint)sums_length) { *ferrocl_status = 1; return; }
    sums[r] = s;
}

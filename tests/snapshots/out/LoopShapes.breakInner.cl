// Ferrocl kernel for snap.LoopShapes.breakInner([FIF[II)V
// @Parallel loop 0 (NDRange dimension 0): r from 0 while r < rows, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel void breakInner(
    __global const float* m,
    const int m_length,
    const int cols,
    const float t,
    __global int* found,
    const int found_length,
    const int rows,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int r = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int c;
    int f;
    c = 0;
    const int v36 = (int)((uint)r * (uint)cols);
    // Loop versioning: 1 check(s) of this loop tested once at its entry, for c in [c_lo, c_hi].
    const long c_lo = (long)c;
    const long c_hi = (long)cols + -1L;
    const int c_fast = (c_hi + 1L <= 2147483647L)
        && ((ulong)(c_lo + (long)v36) < (ulong)m_length && (ulong)(c_hi + (long)v36) < (ulong)m_length);
    if (c_fast) {
        for (;;) {
            const bool v31 = (c >= cols);
            if (v31) {
                f = (-1);
                break;
            } else {
                const int v37 = (int)((uint)v36 + (uint)c);
                const float v38 = m[v37];
                const bool v40 = (v38 > t);
                if (v40) {
                    f = c;
                    break;
                } else {
                    const int c_1 = (int)((uint)c + (uint)1);
                    c = c_1;
                    continue;
                }
            }
        }
    } else {
        for (;;) {
            const bool v31_1 = (c >= cols);
            if (v31_1) {
                f = (-1);
                break;
            } else {
                const int v37_1 = (int)((uint)v36 + (uint)c);
                if ((uint)v37_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                const float v38_1 = m[v37_1];
                const bool v40_1 = (v38_1 > t);
                if (v40_1) {
                    f = c;
                    break;
                } else {
                    const int c_2 = (int)((uint)c + (uint)1);
                    c = c_2;
                    continue;
                }
            }
        }
    }
    if ((uint)r >= (uint)found_length) { *ferrocl_status = 1; return; }
    found[r] = f;
}

// Ferrocl kernel for snap.LoopShapes.breakInner([FIF[II)V
// @Parallel loop 0 (NDRange dimension 0): r from 0 while r < rows, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void breakInner(
    __global const float* FERROCL_RESTRICT m,
    const int m_length,
    const int cols,
    const float t,
    __global int* FERROCL_RESTRICT found,
    const int found_length,
    const int rows,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int r = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int c;
    int f;
    int c_1;
    int f_1;
    const int v36 = (int)((uint)r * (uint)cols);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        c_1 = 0;
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        const long c_1_last = (long)cols + -1L;
        const long c_1_trips = c_1_last - (long)c_1;
        const long c_1_end = (long)c_1 + c_1_trips;
        const int c_1_fast = (c_1_last + 1L <= 2147483647L)
            && ((ulong)((long)c_1 + (long)v36) < (ulong)m_length && (ulong)(c_1_end + (long)v36) < (ulong)m_length);
        if (c_1_fast) {
            for (;;) {
                const bool v61 = (c_1 >= cols);
                if (v61) {
                    f_1 = (-1);
                    break;
                } else {
                    const int v66 = (int)((uint)v36 + (uint)c_1);
                    const float v67 = m[v66];
                    const bool v68 = (v67 > t);
                    if (v68) {
                        f_1 = c_1;
                        break;
                    } else {
                        const int c_2 = (c_1 + 1);
                        c_1 = c_2;
                        continue;
                    }
                }
            }
        } else {
            for (;;) {
                const bool v61_1 = (c_1 >= cols);
                if (v61_1) {
                    f_1 = (-1);
                    break;
                } else {
                    const int v66_1 = (int)((uint)v36 + (uint)c_1);
                    if ((uint)v66_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                    const float v67_1 = m[v66_1];
                    const bool v68_1 = (v67_1 > t);
                    if (v68_1) {
                        f_1 = c_1;
                        break;
                    } else {
                        const int c_3 = (c_1 + 1);
                        c_1 = c_3;
                        continue;
                    }
                }
            }
        }
        found[r] = f_1;
        return;
    } else {
        c = 0;
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        const long c_last = (long)cols + -1L;
        const long c_trips = c_last - (long)c;
        const long c_end = (long)c + c_trips;
        const int c_fast = (c_last + 1L <= 2147483647L)
            && ((ulong)((long)c + (long)v36) < (ulong)m_length && (ulong)(c_end + (long)v36) < (ulong)m_length);
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
                        const int c_4 = (c + 1);
                        c = c_4;
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
                        const int c_5 = (c + 1);
                        c = c_5;
                        continue;
                    }
                }
            }
        }
        if ((uint)r >= (uint)found_length) { *ferrocl_status = 1; return; }
        found[r] = f;
        return;
    }
}

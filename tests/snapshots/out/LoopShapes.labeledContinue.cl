// Ferrocl kernel for snap.LoopShapes.labeledContinue([II[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < rows, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void labeledContinue(
    __global const int* FERROCL_RESTRICT m,
    const int m_length,
    const int cols,
    __global int* FERROCL_RESTRICT clean,
    const int clean_length,
    const int rows,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        int count;
        int r;
        int c;
        int count_1;
        count = 0;
        r = 0;
        for (;;) {
            const bool v28 = (r >= rows);
            if (v28) {
                break;
            } else {
                const int v47 = (int)((uint)r * (uint)cols);
                c = 0;
                // Loop versioning: 1 check(s) of this loop tested once at its entry.
                const long c_last = (long)cols + -1L;
                const long c_trips = c_last - (long)c;
                const long c_end = (long)c + c_trips;
                const int c_fast = (c_last + 1L <= 2147483647L)
                    && ((ulong)((long)c + (long)v47) < (ulong)m_length && (ulong)(c_end + (long)v47) < (ulong)m_length);
                if (c_fast) {
                    for (;;) {
                        const bool v43 = (c >= cols);
                        if (v43) {
                            const int count_2 = (int)((uint)count + (uint)1);
                            count_1 = count_2;
                            break;
                        } else {
                            const int v48 = (int)((uint)v47 + (uint)c);
                            const int v49 = m[v48];
                            const bool v50 = (v49 != i);
                            if (v50) {
                                const int c_1 = (c + 1);
                                c = c_1;
                                continue;
                            } else {
                                count_1 = count;
                                break;
                            }
                        }
                    }
                } else {
                    for (;;) {
                        const bool v43_1 = (c >= cols);
                        if (v43_1) {
                            const int count_3 = (int)((uint)count + (uint)1);
                            count_1 = count_3;
                            break;
                        } else {
                            const int v48_1 = (int)((uint)v47 + (uint)c);
                            if ((uint)v48_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                            const int v49_1 = m[v48_1];
                            const bool v50_1 = (v49_1 != i);
                            if (v50_1) {
                                const int c_2 = (c + 1);
                                c = c_2;
                                continue;
                            } else {
                                count_1 = count;
                                break;
                            }
                        }
                    }
                }
                const int r_1 = (r + 1);
                count = count_1;
                r = r_1;
                continue;
            }
        }
        clean[i] = count;
    } else {
        int count;
        int r;
        int c;
        int count_1;
        count = 0;
        r = 0;
        for (;;) {
            const bool v28 = (r >= rows);
            if (v28) {
                break;
            } else {
                const int v47 = (int)((uint)r * (uint)cols);
                c = 0;
                // Loop versioning: 1 check(s) of this loop tested once at its entry.
                const long c_last = (long)cols + -1L;
                const long c_trips = c_last - (long)c;
                const long c_end = (long)c + c_trips;
                const int c_fast = (c_last + 1L <= 2147483647L)
                    && ((ulong)((long)c + (long)v47) < (ulong)m_length && (ulong)(c_end + (long)v47) < (ulong)m_length);
                if (c_fast) {
                    for (;;) {
                        const bool v43 = (c >= cols);
                        if (v43) {
                            const int count_2 = (int)((uint)count + (uint)1);
                            count_1 = count_2;
                            break;
                        } else {
                            const int v48 = (int)((uint)v47 + (uint)c);
                            const int v49 = m[v48];
                            const bool v50 = (v49 != i);
                            if (v50) {
                                const int c_1 = (c + 1);
                                c = c_1;
                                continue;
                            } else {
                                count_1 = count;
                                break;
                            }
                        }
                    }
                } else {
                    for (;;) {
                        const bool v43_1 = (c >= cols);
                        if (v43_1) {
                            const int count_3 = (int)((uint)count + (uint)1);
                            count_1 = count_3;
                            break;
                        } else {
                            const int v48_1 = (int)((uint)v47 + (uint)c);
                            if ((uint)v48_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                            const int v49_1 = m[v48_1];
                            const bool v50_1 = (v49_1 != i);
                            if (v50_1) {
                                const int c_2 = (c + 1);
                                c = c_2;
                                continue;
                            } else {
                                count_1 = count;
                                break;
                            }
                        }
                    }
                }
                const int r_1 = (r + 1);
                count = count_1;
                r = r_1;
                continue;
            }
        }
        if ((uint)i >= (uint)clean_length) { *ferrocl_status = 1; return; }
        clean[i] = count;
    }
}

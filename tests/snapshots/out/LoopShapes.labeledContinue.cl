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
    int count;
    int r;
    int c;
    int count_1;
    int count_2;
    int r_1;
    int c_1;
    int count_3;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        count_2 = 0;
        r_1 = 0;
        for (;;) {
            const bool v78 = (r_1 >= rows);
            if (v78) {
                break;
            } else {
                const int v89 = (int)((uint)r_1 * (uint)cols);
                c_1 = 0;
                // Loop versioning: 1 check(s) of this loop tested once at its entry.
                const long c_1_last = (long)cols + -1L;
                const long c_1_trips = c_1_last - (long)c_1;
                const long c_1_end = (long)c_1 + c_1_trips;
                const int c_1_fast = (c_1_last + 1L <= 2147483647L)
                    && ((ulong)((long)c_1 + (long)v89) < (ulong)m_length && (ulong)(c_1_end + (long)v89) < (ulong)m_length);
                if (c_1_fast) {
                    for (;;) {
                        const bool v85 = (c_1 >= cols);
                        if (v85) {
                            const int count_4 = (int)((uint)count_2 + (uint)1);
                            count_3 = count_4;
                            break;
                        } else {
                            const int v90 = (int)((uint)v89 + (uint)c_1);
                            const int v91 = m[v90];
                            const bool v92 = (v91 != i);
                            if (v92) {
                                const int c_2 = (c_1 + 1);
                                c_1 = c_2;
                                continue;
                            } else {
                                count_3 = count_2;
                                break;
                            }
                        }
                    }
                } else {
                    for (;;) {
                        const bool v85_1 = (c_1 >= cols);
                        if (v85_1) {
                            const int count_5 = (int)((uint)count_2 + (uint)1);
                            count_3 = count_5;
                            break;
                        } else {
                            const int v90_1 = (int)((uint)v89 + (uint)c_1);
                            if ((uint)v90_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                            const int v91_1 = m[v90_1];
                            const bool v92_1 = (v91_1 != i);
                            if (v92_1) {
                                const int c_3 = (c_1 + 1);
                                c_1 = c_3;
                                continue;
                            } else {
                                count_3 = count_2;
                                break;
                            }
                        }
                    }
                }
                const int r_2 = (r_1 + 1);
                count_2 = count_3;
                r_1 = r_2;
                continue;
            }
        }
        clean[i] = count_2;
        return;
    } else {
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
                            const int count_6 = (int)((uint)count + (uint)1);
                            count_1 = count_6;
                            break;
                        } else {
                            const int v48 = (int)((uint)v47 + (uint)c);
                            const int v49 = m[v48];
                            const bool v50 = (v49 != i);
                            if (v50) {
                                const int c_4 = (c + 1);
                                c = c_4;
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
                            const int count_7 = (int)((uint)count + (uint)1);
                            count_1 = count_7;
                            break;
                        } else {
                            const int v48_1 = (int)((uint)v47 + (uint)c);
                            if ((uint)v48_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                            const int v49_1 = m[v48_1];
                            const bool v50_1 = (v49_1 != i);
                            if (v50_1) {
                                const int c_5 = (c + 1);
                                c = c_5;
                                continue;
                            } else {
                                count_1 = count;
                                break;
                            }
                        }
                    }
                }
                const int r_3 = (r + 1);
                count = count_1;
                r = r_3;
                continue;
            }
        }
        if ((uint)i >= (uint)clean_length) { *ferrocl_status = 1; return; }
        clean[i] = count;
        return;
    }
}

// Ferrocl kernel for snap.LoopShapes.labeledBreak([III[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void labeledBreak(
    __global const int* FERROCL_RESTRICT m,
    const int m_length,
    const int w,
    const int target,
    __global int* FERROCL_RESTRICT found,
    const int found_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        int j;
        int k;
        int result;
        const int v30 = (int)((uint)i + (uint)w);
        j = i;
        for (;;) {
            const bool v31 = (j >= v30);
            if (v31) {
                result = (-1);
                break;
            } else {
                const bool v37 = (j >= m_length);
                if (v37) {
                    result = (-1);
                    break;
                } else {
                    const int k_1 = (j + 1);
                    k = k_1;
                    // Loop versioning: 2 check(s) of this loop tested once at its entry.
                    const long k_last = (long)v30 + -1L;
                    const long k_trips = k_last - (long)k;
                    const long k_end = (long)k + k_trips;
                    const int k_fast = (k_last + 1L <= 2147483647L)
                        && ((ulong)((long)j) < (ulong)m_length)
                        && ((ulong)((long)k) < (ulong)m_length && (ulong)(k_end) < (ulong)m_length);
                    if (k_fast) {
                        for (;;) {
                            const bool v56 = (k >= v30);
                            if (v56) {
                                break;
                            } else {
                                const bool v62 = (k >= m_length);
                                if (v62) {
                                    break;
                                } else {
                                    const int v67 = m[j];
                                    const int v68 = m[k];
                                    const int v69 = (int)((uint)v67 + (uint)v68);
                                    const bool v70 = (v69 != target);
                                    if (v70) {
                                        const int k_2 = (k + 1);
                                        k = k_2;
                                        continue;
                                    } else {
                                        result = j;
                                        goto L3_p;
                                    }
                                }
                            }
                        }
                    } else {
                        for (;;) {
                            const bool v56_1 = (k >= v30);
                            if (v56_1) {
                                break;
                            } else {
                                const bool v62_1 = (k >= m_length);
                                if (v62_1) {
                                    break;
                                } else {
                                    if ((uint)j >= (uint)m_length) { *ferrocl_status = 1; return; }
                                    const int v67_1 = m[j];
                                    if ((uint)k >= (uint)m_length) { *ferrocl_status = 1; return; }
                                    const int v68_1 = m[k];
                                    const int v69_1 = (int)((uint)v67_1 + (uint)v68_1);
                                    const bool v70_1 = (v69_1 != target);
                                    if (v70_1) {
                                        const int k_3 = (k + 1);
                                        k = k_3;
                                        continue;
                                    } else {
                                        result = j;
                                        goto L3_p;
                                    }
                                }
                            }
                        }
                    }
                    j = k_1;
                    continue;
                }
            }
        }
        L3_p: ;
        found[i] = result;
    } else {
        int j;
        int k;
        int result;
        const int v30 = (int)((uint)i + (uint)w);
        j = i;
        for (;;) {
            const bool v31 = (j >= v30);
            if (v31) {
                result = (-1);
                break;
            } else {
                const bool v37 = (j >= m_length);
                if (v37) {
                    result = (-1);
                    break;
                } else {
                    const int k_1 = (j + 1);
                    k = k_1;
                    // Loop versioning: 2 check(s) of this loop tested once at its entry.
                    const long k_last = (long)v30 + -1L;
                    const long k_trips = k_last - (long)k;
                    const long k_end = (long)k + k_trips;
                    const int k_fast = (k_last + 1L <= 2147483647L)
                        && ((ulong)((long)j) < (ulong)m_length)
                        && ((ulong)((long)k) < (ulong)m_length && (ulong)(k_end) < (ulong)m_length);
                    if (k_fast) {
                        for (;;) {
                            const bool v56 = (k >= v30);
                            if (v56) {
                                break;
                            } else {
                                const bool v62 = (k >= m_length);
                                if (v62) {
                                    break;
                                } else {
                                    const int v67 = m[j];
                                    const int v68 = m[k];
                                    const int v69 = (int)((uint)v67 + (uint)v68);
                                    const bool v70 = (v69 != target);
                                    if (v70) {
                                        const int k_2 = (k + 1);
                                        k = k_2;
                                        continue;
                                    } else {
                                        result = j;
                                        goto L3;
                                    }
                                }
                            }
                        }
                    } else {
                        for (;;) {
                            const bool v56_1 = (k >= v30);
                            if (v56_1) {
                                break;
                            } else {
                                const bool v62_1 = (k >= m_length);
                                if (v62_1) {
                                    break;
                                } else {
                                    if ((uint)j >= (uint)m_length) { *ferrocl_status = 1; return; }
                                    const int v67_1 = m[j];
                                    if ((uint)k >= (uint)m_length) { *ferrocl_status = 1; return; }
                                    const int v68_1 = m[k];
                                    const int v69_1 = (int)((uint)v67_1 + (uint)v68_1);
                                    const bool v70_1 = (v69_1 != target);
                                    if (v70_1) {
                                        const int k_3 = (k + 1);
                                        k = k_3;
                                        continue;
                                    } else {
                                        result = j;
                                        goto L3;
                                    }
                                }
                            }
                        }
                    }
                    j = k_1;
                    continue;
                }
            }
        }
        L3: ;
        if ((uint)i >= (uint)found_length) { *ferrocl_status = 1; return; }
        found[i] = result;
    }
}

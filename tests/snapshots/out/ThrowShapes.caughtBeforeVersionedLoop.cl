// Ferrocl kernel for snap.ThrowShapes.caughtBeforeVersionedLoop([I[I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }

__kernel void caughtBeforeVersionedLoop(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT b,
    const int b_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int s;
    int k;
    int s_1;
    int s_2;
    int k_1;
    int s_3;
    int s_4;
    int k_2;
    int s_5;
    int s_6;
    int k_3;
    int s_7;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        s_4 = 0;
        k_2 = 0;
        for (;;) {
            const bool v97 = (k_2 >= 4);
            if (v97) {
                s_6 = s_4;
                k_3 = 0;
                // Loop versioning: 1 check(s) of this loop tested once at its entry.
                const long k_3_last = (long)4 + -1L;
                const long k_3_trips = k_3_last - (long)k_3;
                const long k_3_end = (long)k_3 + k_3_trips;
                const int k_3_fast = (k_3_last + 1L <= 2147483647L)
                    && ((ulong)((long)k_3) < (ulong)a_length && (ulong)(k_3_end) < (ulong)a_length);
                if (k_3_fast) {
                    for (;;) {
                        const bool v125 = (k_3 >= 4);
                        if (v125) {
                            break;
                        } else {
                            const int v129 = a[k_3];
                            const int s_8 = (int)((uint)s_6 + (uint)v129);
                            const int k_4 = (k_3 + 1);
                            s_6 = s_8;
                            k_3 = k_4;
                            continue;
                        }
                    }
                } else {
                    for (;;) {
                        const bool v125_1 = (k_3 >= 4);
                        if (v125_1) {
                            break;
                        } else {
                            if ((uint)k_3 >= (uint)a_length) { *ferrocl_status = 1; return; }
                            const int v129_1 = a[k_3];
                            const int s_9 = (int)((uint)s_6 + (uint)v129_1);
                            const int k_5 = (k_3 + 1);
                            s_6 = s_9;
                            k_3 = k_5;
                            continue;
                        }
                    }
                }
                s_7 = s_6;
                break;
            } else {
                const int v101 = a[i];
                const bool v102 = (v101 <= k_2);
                if (v102) {
                    s_5 = s_4;
                } else {
                    const int v107 = a[i];
                    const int v108 = b[i];
                    const bool v109 = (v108 != 0);
                    if (v109) {
                        const int v113 = ferrocl_irem(v107, v108);
                        const int v138 = ferrocl_irem(v113, 3);
                        const int s_10 = (int)((uint)s_4 + (uint)v138);
                        s_5 = s_10;
                    } else {
                        s_7 = (-1);
                        break;
                    }
                }
                const int k_6 = (k_2 + 1);
                s_4 = s_5;
                k_2 = k_6;
                continue;
            }
        }
        out[i] = s_7;
        return;
    } else {
        s = 0;
        k = 0;
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        const long k_last = (long)4 + -1L;
        const long k_trips = k_last - (long)k;
        const int k_fast = (k_last + 1L <= 2147483647L)
            && ((ulong)((long)i) < (ulong)a_length)
            && ((ulong)((long)i) < (ulong)b_length);
        if (k_fast) {
            for (;;) {
                const bool v27 = (k >= 4);
                if (v27) {
                    s_2 = s;
                    k_1 = 0;
                    // Loop versioning: 1 check(s) of this loop tested once at its entry.
                    const long k_1_last = (long)4 + -1L;
                    const long k_1_trips = k_1_last - (long)k_1;
                    const long k_1_end = (long)k_1 + k_1_trips;
                    const int k_1_fast = (k_1_last + 1L <= 2147483647L)
                        && ((ulong)((long)k_1) < (ulong)a_length && (ulong)(k_1_end) < (ulong)a_length);
                    if (k_1_fast) {
                        for (;;) {
                            const bool v68 = (k_1 >= 4);
                            if (v68) {
                                break;
                            } else {
                                const int v72 = a[k_1];
                                const int s_11 = (int)((uint)s_2 + (uint)v72);
                                const int k_7 = (k_1 + 1);
                                s_2 = s_11;
                                k_1 = k_7;
                                continue;
                            }
                        }
                    } else {
                        for (;;) {
                            const bool v68_1 = (k_1 >= 4);
                            if (v68_1) {
                                break;
                            } else {
                                if ((uint)k_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                                const int v72_1 = a[k_1];
                                const int s_12 = (int)((uint)s_2 + (uint)v72_1);
                                const int k_8 = (k_1 + 1);
                                s_2 = s_12;
                                k_1 = k_8;
                                continue;
                            }
                        }
                    }
                    s_3 = s_2;
                    break;
                } else {
                    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const int v31 = a[i];
                    const bool v32 = (v31 <= k);
                    if (v32) {
                        s_1 = s;
                    } else {
                        const int v37 = a[i];
                        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
                        const int v38 = b[i];
                        const bool v40 = (v38 != 0);
                        if (v40) {
                            const int v46 = ferrocl_irem(v37, v38);
                            const int v85 = ferrocl_irem(v46, 3);
                            const int s_13 = (int)((uint)s + (uint)v85);
                            s_1 = s_13;
                        } else {
                            s_3 = (-1);
                            break;
                        }
                    }
                    const int k_9 = (k + 1);
                    s = s_1;
                    k = k_9;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v27_1 = (k >= 4);
                if (v27_1) {
                    s_2 = s;
                    k_1 = 0;
                    // Loop versioning: 1 check(s) of this loop tested once at its entry.
                    const long k_1_last_1 = (long)4 + -1L;
                    const long k_1_trips_1 = k_1_last_1 - (long)k_1;
                    const long k_1_end_1 = (long)k_1 + k_1_trips_1;
                    const int k_1_fast_1 = (k_1_last_1 + 1L <= 2147483647L)
                        && ((ulong)((long)k_1) < (ulong)a_length && (ulong)(k_1_end_1) < (ulong)a_length);
                    if (k_1_fast_1) {
                        for (;;) {
                            const bool v68_2 = (k_1 >= 4);
                            if (v68_2) {
                                break;
                            } else {
                                const int v72_2 = a[k_1];
                                const int s_14 = (int)((uint)s_2 + (uint)v72_2);
                                const int k_10 = (k_1 + 1);
                                s_2 = s_14;
                                k_1 = k_10;
                                continue;
                            }
                        }
                    } else {
                        for (;;) {
                            const bool v68_3 = (k_1 >= 4);
                            if (v68_3) {
                                break;
                            } else {
                                if ((uint)k_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                                const int v72_3 = a[k_1];
                                const int s_15 = (int)((uint)s_2 + (uint)v72_3);
                                const int k_11 = (k_1 + 1);
                                s_2 = s_15;
                                k_1 = k_11;
                                continue;
                            }
                        }
                    }
                    s_3 = s_2;
                    break;
                } else {
                    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const int v31_1 = a[i];
                    const bool v32_1 = (v31_1 <= k);
                    if (v32_1) {
                        s_1 = s;
                    } else {
                        const int v37_1 = a[i];
                        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
                        const int v38_1 = b[i];
                        const bool v40_1 = (v38_1 != 0);
                        if (v40_1) {
                            const int v46_1 = ferrocl_irem(v37_1, v38_1);
                            const int v85_1 = ferrocl_irem(v46_1, 3);
                            const int s_16 = (int)((uint)s + (uint)v85_1);
                            s_1 = s_16;
                        } else {
                            s_3 = (-1);
                            break;
                        }
                    }
                    const int k_12 = (k + 1);
                    s = s_1;
                    k = k_12;
                    continue;
                }
            }
        }
        out[i] = s_3;
        return;
    }
}

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
    int s_8;
    int k_4;
    int s_9;
    int s_10;
    int s_11;
    int k_5;
    int s_12;
    int s_13;
    int k_6;
    int s_14;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        s_4 = 0;
        k_2 = 0;
        for (;;) {
            const bool v97 = (k_2 >= 4);
            if (v97) {
                const long v239 = (long)a_length;
                const bool v240 = (0L < v239);
                const bool v241 = (3L < v239);
                const bool v243 = (v240 && v241);
                // Loop versioning: 1 check(s) of this loop tested once at its entry.
                if (v243) {
                    s_13 = s_4;
                    k_6 = 0;
                    for (;;) {
                        const bool v247 = (k_6 >= 4);
                        if (v247) {
                            break;
                        } else {
                            const int v251 = a[k_6];
                            const int s_15 = (int)((uint)s_13 + (uint)v251);
                            const int k_7 = (k_6 + 1);
                            s_13 = s_15;
                            k_6 = k_7;
                            continue;
                        }
                    }
                    s_14 = s_13;
                } else {
                    s_6 = s_4;
                    k_3 = 0;
                    for (;;) {
                        const bool v125 = (k_3 >= 4);
                        if (v125) {
                            break;
                        } else {
                            if ((uint)k_3 >= (uint)a_length) { *ferrocl_status = 1; return; }
                            const int v129 = a[k_3];
                            const int s_16 = (int)((uint)s_6 + (uint)v129);
                            const int k_8 = (k_3 + 1);
                            s_6 = s_16;
                            k_3 = k_8;
                            continue;
                        }
                    }
                    s_14 = s_6;
                }
                s_7 = s_14;
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
                        const int s_17 = (int)((uint)s_4 + (uint)v138);
                        s_5 = s_17;
                    } else {
                        s_7 = (-1);
                        break;
                    }
                }
                const int k_9 = (k_2 + 1);
                s_4 = s_5;
                k_2 = k_9;
                continue;
            }
        }
        out[i] = s_7;
        return;
    } else {
        const long v152 = (long)i;
        const bool v153 = (v152 >= 0L);
        const long v154 = (long)a_length;
        const bool v155 = (v152 < v154);
        const long v157 = (long)b_length;
        const bool v158 = (v152 < v157);
        const bool v160 = (v155 && v158);
        const bool v161 = (v153 && v160);
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        if (v161) {
            s_8 = 0;
            k_4 = 0;
            for (;;) {
                const bool v165 = (k_4 >= 4);
                if (v165) {
                    s_10 = s_8;
                    goto L24;
                } else {
                    const int v169 = a[i];
                    const bool v170 = (v169 <= k_4);
                    if (v170) {
                        s_9 = s_8;
                    } else {
                        const int v175 = a[i];
                        const int v176 = b[i];
                        const bool v177 = (v176 != 0);
                        if (v177) {
                            const int v181 = ferrocl_irem(v175, v176);
                            const int v188 = ferrocl_irem(v181, 3);
                            const int s_18 = (int)((uint)s_8 + (uint)v188);
                            s_9 = s_18;
                        } else {
                            break;
                        }
                    }
                    const int k_10 = (k_4 + 1);
                    s_8 = s_9;
                    k_4 = k_10;
                    continue;
                }
            }
        } else {
            s = 0;
            k = 0;
            for (;;) {
                const bool v27 = (k >= 4);
                if (v27) {
                    s_10 = s;
                    goto L24;
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
                            const int s_19 = (int)((uint)s + (uint)v85);
                            s_1 = s_19;
                        } else {
                            break;
                        }
                    }
                    const int k_11 = (k + 1);
                    s = s_1;
                    k = k_11;
                    continue;
                }
            }
        }
        s_3 = (-1);
        goto L29;
        L24: ;
        const long v208 = (long)a_length;
        const bool v209 = (0L < v208);
        const bool v210 = (3L < v208);
        const bool v212 = (v209 && v210);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v212) {
            s_11 = s_10;
            k_5 = 0;
            for (;;) {
                const bool v216 = (k_5 >= 4);
                if (v216) {
                    break;
                } else {
                    const int v220 = a[k_5];
                    const int s_20 = (int)((uint)s_11 + (uint)v220);
                    const int k_12 = (k_5 + 1);
                    s_11 = s_20;
                    k_5 = k_12;
                    continue;
                }
            }
            s_12 = s_11;
        } else {
            s_2 = s_10;
            k_1 = 0;
            for (;;) {
                const bool v68 = (k_1 >= 4);
                if (v68) {
                    break;
                } else {
                    if ((uint)k_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const int v72 = a[k_1];
                    const int s_21 = (int)((uint)s_2 + (uint)v72);
                    const int k_13 = (k_1 + 1);
                    s_2 = s_21;
                    k_1 = k_13;
                    continue;
                }
            }
            s_12 = s_2;
        }
        s_3 = s_12;
        L29: ;
        out[i] = s_3;
        return;
    }
}

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
    int c_2;
    int c_3;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const long v159 = (long)cols;
        const long v161 = (long)((ulong)v159 + (ulong)(-1L));
        const long v163 = (long)((ulong)v161 + (ulong)1L);
        const bool v165 = (v163 <= 2147483647L);
        const long v168 = (long)m_length;
        count_2 = 0;
        r_1 = 0;
        for (;;) {
            const bool v78 = (r_1 >= rows);
            if (v78) {
                break;
            } else {
                const int v89 = (int)((uint)r_1 * (uint)cols);
                const long v166 = (long)v89;
                const bool v167 = (v166 >= 0L);
                const bool v169 = (v166 < v168);
                const long v170 = (long)((ulong)v161 + (ulong)v166);
                const bool v171 = (v170 >= 0L);
                const bool v172 = (v170 < v168);
                const bool v174 = (v171 && v172);
                const bool v175 = (v169 && v174);
                const bool v176 = (v167 && v175);
                const bool v177 = (v165 && v176);
                // Loop versioning: 1 check(s) of this loop tested once at its entry.
                if (v177) {
                    c_3 = 0;
                    for (;;) {
                        const bool v180 = (c_3 >= cols);
                        if (v180) {
                            goto L8;
                        } else {
                            const int v184 = (int)((uint)v89 + (uint)c_3);
                            const int v185 = m[v184];
                            const bool v186 = (v185 != i);
                            if (v186) {
                                const int c_4 = (c_3 + 1);
                                c_3 = c_4;
                                continue;
                            } else {
                                break;
                            }
                        }
                    }
                } else {
                    c_1 = 0;
                    for (;;) {
                        const bool v85 = (c_1 >= cols);
                        if (v85) {
                            goto L8;
                        } else {
                            const int v90 = (int)((uint)v89 + (uint)c_1);
                            if ((uint)v90 >= (uint)m_length) { *ferrocl_status = 1; return; }
                            const int v91 = m[v90];
                            const bool v92 = (v91 != i);
                            if (v92) {
                                const int c_5 = (c_1 + 1);
                                c_1 = c_5;
                                continue;
                            } else {
                                break;
                            }
                        }
                    }
                }
                count_3 = count_2;
                goto L9;
                L8: ;
                const int count_4 = (int)((uint)count_2 + (uint)1);
                count_3 = count_4;
                L9: ;
                const int r_2 = (r_1 + 1);
                count_2 = count_3;
                r_1 = r_2;
                continue;
            }
        }
        clean[i] = count_2;
        return;
    } else {
        const long v113 = (long)cols;
        const long v115 = (long)((ulong)v113 + (ulong)(-1L));
        const long v117 = (long)((ulong)v115 + (ulong)1L);
        const bool v119 = (v117 <= 2147483647L);
        const long v123 = (long)m_length;
        count = 0;
        r = 0;
        for (;;) {
            const bool v28 = (r >= rows);
            if (v28) {
                break;
            } else {
                const int v47 = (int)((uint)r * (uint)cols);
                const long v121 = (long)v47;
                const bool v122 = (v121 >= 0L);
                const bool v124 = (v121 < v123);
                const long v125 = (long)((ulong)v115 + (ulong)v121);
                const bool v126 = (v125 >= 0L);
                const bool v127 = (v125 < v123);
                const bool v129 = (v126 && v127);
                const bool v130 = (v124 && v129);
                const bool v131 = (v122 && v130);
                const bool v132 = (v119 && v131);
                // Loop versioning: 1 check(s) of this loop tested once at its entry.
                if (v132) {
                    c_2 = 0;
                    for (;;) {
                        const bool v135 = (c_2 >= cols);
                        if (v135) {
                            goto L27;
                        } else {
                            const int v139 = (int)((uint)v47 + (uint)c_2);
                            const int v140 = m[v139];
                            const bool v141 = (v140 != i);
                            if (v141) {
                                const int c_6 = (c_2 + 1);
                                c_2 = c_6;
                                continue;
                            } else {
                                break;
                            }
                        }
                    }
                } else {
                    c = 0;
                    for (;;) {
                        const bool v43 = (c >= cols);
                        if (v43) {
                            goto L27;
                        } else {
                            const int v48 = (int)((uint)v47 + (uint)c);
                            if ((uint)v48 >= (uint)m_length) { *ferrocl_status = 1; return; }
                            const int v49 = m[v48];
                            const bool v50 = (v49 != i);
                            if (v50) {
                                const int c_7 = (c + 1);
                                c = c_7;
                                continue;
                            } else {
                                break;
                            }
                        }
                    }
                }
                count_1 = count;
                goto L28;
                L27: ;
                const int count_5 = (int)((uint)count + (uint)1);
                count_1 = count_5;
                L28: ;
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

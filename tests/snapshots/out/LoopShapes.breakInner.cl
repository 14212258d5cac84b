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
    int c_2;
    int c_3;
    int c_4;
    int c_5;
    const int v36 = (int)((uint)r * (uint)cols);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const long v132 = (long)cols;
        const long v134 = (long)((ulong)v132 + (ulong)(-1L));
        const long v136 = (long)((ulong)v134 + (ulong)1L);
        const bool v138 = (v136 <= 2147483647L);
        const long v139 = (long)v36;
        const bool v140 = (v139 >= 0L);
        const long v141 = (long)m_length;
        const bool v142 = (v139 < v141);
        const long v143 = (long)((ulong)v134 + (ulong)v139);
        const bool v144 = (v143 >= 0L);
        const bool v145 = (v143 < v141);
        const bool v147 = (v144 && v145);
        const bool v148 = (v142 && v147);
        const bool v149 = (v140 && v148);
        const bool v150 = (v138 && v149);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v150) {
            c_4 = 0;
            for (;;) {
                const bool v153 = (c_4 >= cols);
                if (v153) {
                    goto L5;
                } else {
                    const int v157 = (int)((uint)v36 + (uint)c_4);
                    const float v158 = m[v157];
                    const bool v159 = (v158 > t);
                    if (v159) {
                        c_5 = c_4;
                        break;
                    } else {
                        const int c_6 = (c_4 + 1);
                        c_4 = c_6;
                        continue;
                    }
                }
            }
        } else {
            c_1 = 0;
            for (;;) {
                const bool v61 = (c_1 >= cols);
                if (v61) {
                    goto L5;
                } else {
                    const int v66 = (int)((uint)v36 + (uint)c_1);
                    if ((uint)v66 >= (uint)m_length) { *ferrocl_status = 1; return; }
                    const float v67 = m[v66];
                    const bool v68 = (v67 > t);
                    if (v68) {
                        c_5 = c_1;
                        break;
                    } else {
                        const int c_7 = (c_1 + 1);
                        c_1 = c_7;
                        continue;
                    }
                }
            }
        }
        f_1 = c_5;
        goto L6;
        L5: ;
        f_1 = (-1);
        L6: ;
        found[r] = f_1;
        return;
    } else {
        const long v85 = (long)cols;
        const long v87 = (long)((ulong)v85 + (ulong)(-1L));
        const long v89 = (long)((ulong)v87 + (ulong)1L);
        const bool v91 = (v89 <= 2147483647L);
        const long v93 = (long)v36;
        const bool v94 = (v93 >= 0L);
        const long v95 = (long)m_length;
        const bool v96 = (v93 < v95);
        const long v97 = (long)((ulong)v87 + (ulong)v93);
        const bool v98 = (v97 >= 0L);
        const bool v99 = (v97 < v95);
        const bool v101 = (v98 && v99);
        const bool v102 = (v96 && v101);
        const bool v103 = (v94 && v102);
        const bool v104 = (v91 && v103);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v104) {
            c_2 = 0;
            for (;;) {
                const bool v107 = (c_2 >= cols);
                if (v107) {
                    goto L21;
                } else {
                    const int v111 = (int)((uint)v36 + (uint)c_2);
                    const float v112 = m[v111];
                    const bool v113 = (v112 > t);
                    if (v113) {
                        c_3 = c_2;
                        break;
                    } else {
                        const int c_8 = (c_2 + 1);
                        c_2 = c_8;
                        continue;
                    }
                }
            }
        } else {
            c = 0;
            for (;;) {
                const bool v31 = (c >= cols);
                if (v31) {
                    goto L21;
                } else {
                    const int v37 = (int)((uint)v36 + (uint)c);
                    if ((uint)v37 >= (uint)m_length) { *ferrocl_status = 1; return; }
                    const float v38 = m[v37];
                    const bool v40 = (v38 > t);
                    if (v40) {
                        c_3 = c;
                        break;
                    } else {
                        const int c_9 = (c + 1);
                        c = c_9;
                        continue;
                    }
                }
            }
        }
        f = c_3;
        goto L22;
        L21: ;
        f = (-1);
        L22: ;
        if ((uint)r >= (uint)found_length) { *ferrocl_status = 1; return; }
        found[r] = f;
        return;
    }
}

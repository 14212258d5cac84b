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
    int j;
    int k;
    int result;
    int j_1;
    int k_1;
    int result_1;
    const int v30 = (int)((uint)i + (uint)w);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        j_1 = i;
        for (;;) {
            const bool v97 = (j_1 >= v30);
            if (v97) {
                result_1 = (-1);
                break;
            } else {
                const bool v102 = (j_1 >= m_length);
                if (v102) {
                    result_1 = (-1);
                    break;
                } else {
                    const int k_2 = (j_1 + 1);
                    k_1 = k_2;
                    for (;;) {
                        const bool v111 = (k_1 >= v30);
                        if (v111) {
                            break;
                        } else {
                            const bool v116 = (k_1 >= m_length);
                            if (v116) {
                                break;
                            } else {
                                if ((uint)j_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                                const int v121 = m[j_1];
                                if ((uint)k_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                                const int v122 = m[k_1];
                                const int v123 = (int)((uint)v121 + (uint)v122);
                                const bool v124 = (v123 != target);
                                if (v124) {
                                    const int k_3 = (k_1 + 1);
                                    k_1 = k_3;
                                    continue;
                                } else {
                                    result_1 = j_1;
                                    goto L4;
                                }
                            }
                        }
                    }
                    j_1 = k_2;
                    continue;
                }
            }
        }
        L4: ;
        found[i] = result_1;
        return;
    } else {
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
                    const int k_4 = (j + 1);
                    k = k_4;
                    for (;;) {
                        const bool v56 = (k >= v30);
                        if (v56) {
                            break;
                        } else {
                            const bool v62 = (k >= m_length);
                            if (v62) {
                                break;
                            } else {
                                if ((uint)j >= (uint)m_length) { *ferrocl_status = 1; return; }
                                const int v67 = m[j];
                                if ((uint)k >= (uint)m_length) { *ferrocl_status = 1; return; }
                                const int v68 = m[k];
                                const int v69 = (int)((uint)v67 + (uint)v68);
                                const bool v70 = (v69 != target);
                                if (v70) {
                                    const int k_5 = (k + 1);
                                    k = k_5;
                                    continue;
                                } else {
                                    result = j;
                                    goto L20;
                                }
                            }
                        }
                    }
                    j = k_4;
                    continue;
                }
            }
        }
        L20: ;
        if ((uint)i >= (uint)found_length) { *ferrocl_status = 1; return; }
        found[i] = result;
        return;
    }
}

// Ferrocl kernel for snap.LoopShapes.labeledBreak([III[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel void labeledBreak(
    __global const int* m,
    const int m_length,
    const int w,
    const int target,
    __global int* found,
    const int found_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int j;
    int k;
    int result;
    j = i;
    for (;;) {
        const int v30 = (int)((uint)i + (uint)w);
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
                const int k_1 = (int)((uint)j + (uint)1);
                k = k_1;
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
                                const int k_2 = (int)((uint)k + (uint)1);
                                k = k_2;
                                continue;
                            } else {
                                result = j;
                                goto L3;
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

// Ferrocl kernel for snap.LoopShapes.labeledContinue([II[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < rows, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel void labeledContinue(
    __global const int* m,
    const int m_length,
    const int cols,
    __global int* clean,
    const int clean_length,
    const int rows,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
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
            c = 0;
            for (;;) {
                const bool v43 = (c >= cols);
                if (v43) {
                    const int count_2 = (int)((uint)count + (uint)1);
                    count_1 = count_2;
                    break;
                } else {
                    const int v47 = (int)((uint)r * (uint)cols);
                    const int v48 = (int)((uint)v47 + (uint)c);
                    if ((uint)v48 >= (uint)m_length) { *ferrocl_status = 1; return; }
                    const int v49 = m[v48];
                    const bool v50 = (v49 != i);
                    if (v50) {
                        const int c_1 = (int)((uint)c + (uint)1);
                        c = c_1;
                        continue;
                    } else {
                        count_1 = count;
                        break;
                    }
                }
            }
            const int r_1 = (int)((uint)r + (uint)1);
            count = count_1;
            r = r_1;
            continue;
        }
    }
    if ((uint)i >= (uint)clean_length) { *ferrocl_status = 1; return; }
    clean[i] = count;
}

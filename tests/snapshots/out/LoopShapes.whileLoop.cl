// Ferrocl kernel for snap.LoopShapes.whileLoop([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void whileLoop(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int x;
    int c;
    int x_1;
    int c_1;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int x_2 = a[i];
        x_1 = x_2;
        c_1 = 0;
        for (;;) {
            const bool v49 = (x_1 == 0);
            if (v49) {
                break;
            } else {
                const int v53 = (int)((uint)x_1 - (uint)1);
                const int x_3 = (x_1 & v53);
                const int c_2 = (int)((uint)c_1 + (uint)1);
                x_1 = x_3;
                c_1 = c_2;
                continue;
            }
        }
        out[i] = c_1;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int x_4 = a[i];
        x = x_4;
        c = 0;
        for (;;) {
            const bool v26 = (x == 0);
            if (v26) {
                break;
            } else {
                const int v31 = (int)((uint)x - (uint)1);
                const int x_5 = (x & v31);
                const int c_3 = (int)((uint)c + (uint)1);
                x = x_5;
                c = c_3;
                continue;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = c;
        return;
    }
}

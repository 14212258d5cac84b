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
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        int x;
        int c;
        const int x_1 = a[i];
        x = x_1;
        c = 0;
        for (;;) {
            const bool v26 = (x == 0);
            if (v26) {
                break;
            } else {
                const int v31 = (int)((uint)x - (uint)1);
                const int x_2 = (x & v31);
                const int c_1 = (int)((uint)c + (uint)1);
                x = x_2;
                c = c_1;
                continue;
            }
        }
        out[i] = c;
    } else {
        int x;
        int c;
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int x_1 = a[i];
        x = x_1;
        c = 0;
        for (;;) {
            const bool v26 = (x == 0);
            if (v26) {
                break;
            } else {
                const int v31 = (int)((uint)x - (uint)1);
                const int x_2 = (x & v31);
                const int c_1 = (int)((uint)c + (uint)1);
                x = x_2;
                c = c_1;
                continue;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = c;
    }
}

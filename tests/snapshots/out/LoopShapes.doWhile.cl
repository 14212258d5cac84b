// Ferrocl kernel for snap.LoopShapes.doWhile([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_idiv(int x, int y) { return y == -1 ? (int)(0u - (uint)x) : x / y; }

__kernel void doWhile(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* FERROCL_RESTRICT digits,
    const int digits_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int v;
    int d;
    int v_1;
    int d_1;
    int d_2;
    int d_3;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v_2 = a[i];
        v_1 = v_2;
        d_1 = 0;
        for (;;) {
            d_2 = (int)((uint)d_1 + (uint)1);
            const int v_3 = ferrocl_idiv(v_1, 10);
            const bool v50 = (v_3 != 0);
            if (v50) {
                v_1 = v_3;
                d_1 = d_2;
                continue;
            } else {
                break;
            }
        }
        digits[i] = d_2;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v_4 = a[i];
        v = v_4;
        d = 0;
        for (;;) {
            d_3 = (int)((uint)d + (uint)1);
            const int v_5 = ferrocl_idiv(v, 10);
            const bool v30 = (v_5 != 0);
            if (v30) {
                v = v_5;
                d = d_3;
                continue;
            } else {
                break;
            }
        }
        if ((uint)i >= (uint)digits_length) { *ferrocl_status = 1; return; }
        digits[i] = d_3;
        return;
    }
}

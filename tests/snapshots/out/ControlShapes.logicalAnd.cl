// Ferrocl kernel for snap.ControlShapes.logicalAnd([I[I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_idiv(int x, int y) { return y == -1 ? (int)(0u - (uint)x) : x / y; }

__kernel void logicalAnd(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT b,
    const int b_length,
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
        const int v47 = b[i];
        const bool v48 = (v47 == 0);
        if (!v48) {
            const int v53 = a[i];
            const int v54 = b[i];
            if (v54 == 0) { *ferrocl_status = 2; return; }
            const int v55 = ferrocl_idiv(v53, v54);
            const bool v56 = (v55 <= 2);
            if (!v56) {
                out[i] = 1;
            }
        }
        return;
    } else {
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const int v17 = b[i];
        const bool v19 = (v17 == 0);
        if (!v19) {
            if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
            const int v24 = a[i];
            const int v25 = b[i];
            if (v25 == 0) { *ferrocl_status = 2; return; }
            const int v26 = ferrocl_idiv(v24, v25);
            const bool v28 = (v26 <= 2);
            if (!v28) {
                if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                out[i] = 1;
            }
        }
        return;
    }
}

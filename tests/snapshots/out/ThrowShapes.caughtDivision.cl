// Ferrocl kernel for snap.ThrowShapes.caughtDivision([I[I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_idiv(int x, int y) { return y == -1 ? (int)(0u - (uint)x) : x / y; }

__kernel void caughtDivision(
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
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v41 = a[i];
        const int v42 = b[i];
        const bool v43 = (v42 != 0);
        if (v43) {
            const int v47 = ferrocl_idiv(v41, v42);
            out[i] = v47;
        } else {
            out[i] = (-1);
        }
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v16 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const int v17 = b[i];
        const bool v19 = (v17 != 0);
        if (v19) {
            const int v24 = ferrocl_idiv(v16, v17);
            out[i] = v24;
        } else {
            out[i] = (-1);
        }
        return;
    }
}

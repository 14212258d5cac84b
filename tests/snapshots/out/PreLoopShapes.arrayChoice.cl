// Ferrocl kernel for snap.PreLoopShapes.arrayChoice([I[I[IZ)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void arrayChoice(
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT b,
    const int b_length,
    const int first,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p47;
    int p67;
    const bool v52 = (first != 0);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        if (v52) {
            const int v61 = a[i];
            p67 = v61;
        } else {
            const int v64 = b[i];
            p67 = v64;
        }
        out[i] = p67;
        return;
    } else {
        if (v52) {
            if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
            const int v39 = a[i];
            p47 = v39;
        } else {
            if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
            const int v42 = b[i];
            p47 = v42;
        }
        out[i] = p47;
        return;
    }
}

// Ferrocl kernel for snap.CallShapes.helperWithSeveralReturns([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void helperWithSeveralReturns(
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
    int p30;
    int p52;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v39 = a[i];
        const bool v40 = (v39 >= (-100));
        if (v40) {
            const bool v44 = (v39 <= 100);
            if (v44) {
                p52 = v39;
            } else {
                p52 = 100;
            }
        } else {
            p52 = (-100);
        }
        out[i] = p52;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v15 = a[i];
        const bool v18 = (v15 >= (-100));
        if (v18) {
            const bool v22 = (v15 <= 100);
            if (v22) {
                p30 = v15;
            } else {
                p30 = 100;
            }
        } else {
            p30 = (-100);
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = p30;
        return;
    }
}

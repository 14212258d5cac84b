// Ferrocl kernel for snap.ControlShapes.longCompare([J[J[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void longCompare(
    __global const long* FERROCL_RESTRICT a,
    const int a_length,
    __global const long* FERROCL_RESTRICT b,
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
    int p38;
    int p66;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const long v50 = a[i];
        const long v51 = b[i];
        const bool v52 = (v50 >= v51);
        if (v52) {
            const long v57 = a[i];
            const long v58 = b[i];
            const bool v59 = (v57 != v58);
            if (v59) {
                p66 = 1;
            } else {
                p66 = 0;
            }
        } else {
            p66 = (-1);
        }
        out[i] = p66;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const long v17 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const long v18 = b[i];
        const bool v20 = (v17 >= v18);
        if (v20) {
            const long v26 = a[i];
            const long v27 = b[i];
            const bool v29 = (v26 != v27);
            if (v29) {
                p38 = 1;
            } else {
                p38 = 0;
            }
        } else {
            p38 = (-1);
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = p38;
        return;
    }
}

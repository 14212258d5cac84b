// Ferrocl kernel for snap.ControlShapes.floatCompareNaN([F[F[ZI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void floatCompareNaN(
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global const float* FERROCL_RESTRICT y,
    const int y_length,
    __global uchar* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p39;
    int p69;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v51 = x[i];
        const float v52 = y[i];
        const bool v53 = (v51 < v52);
        if (!v53) {
            const float v58 = x[i];
            const float v59 = y[i];
            const bool v60 = (v58 >= v59);
            if (!v60) {
                p69 = 1;
                goto L4;
            }
        }
        p69 = 0;
        L4: ;
        out[i] = (uchar)(p69 & 1);
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v17 = x[i];
        if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
        const float v18 = y[i];
        const bool v20 = (v17 < v18);
        if (!v20) {
            const float v25 = x[i];
            const float v26 = y[i];
            const bool v28 = (v25 >= v26);
            if (!v28) {
                p39 = 1;
                goto L11;
            }
        }
        p39 = 0;
        L11: ;
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = (uchar)(p39 & 1);
        return;
    }
}

// Ferrocl kernel for snap.SwitchShapes.switchExpression([I[F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void switchExpression(
    __global const int* FERROCL_RESTRICT k,
    const int k_length,
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float p48;
    float p84;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v59 = k[i];
        const int v60 = (v59 & 3);
        const bool v61 = (v60 == 0);
        if (!v61) {
            const bool v65 = (v60 == 1);
            if (!v65) {
                const bool v70 = (v60 == 2);
                if (v70) {
                    const float v76 = x[i];
                    const float v77 = (-v76);
                    p84 = v77;
                    goto L4;
                } else {
                    p84 = 0.0f;
                    goto L4;
                }
            }
        }
        const float v80 = x[i];
        const float v81 = (v80 * 2.0f);
        p84 = v81;
        L4: ;
        out[i] = p84;
        return;
    } else {
        if ((uint)i >= (uint)k_length) { *ferrocl_status = 1; return; }
        const int v17 = k[i];
        const int v19 = (v17 & 3);
        const bool v21 = (v19 == 0);
        if (!v21) {
            const bool v26 = (v19 == 1);
            if (!v26) {
                const bool v32 = (v19 == 2);
                if (v32) {
                    if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
                    const float v39 = x[i];
                    const float v40 = (-v39);
                    p48 = v40;
                    goto L13;
                } else {
                    p48 = 0.0f;
                    goto L13;
                }
            }
        }
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v43 = x[i];
        const float v45 = (v43 * 2.0f);
        p48 = v45;
        L13: ;
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = p48;
        return;
    }
}

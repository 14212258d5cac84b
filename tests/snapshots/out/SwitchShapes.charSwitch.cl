// Ferrocl kernel for snap.SwitchShapes.charSwitch([C[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void charSwitch(
    __global const ushort* FERROCL_RESTRICT c,
    const int c_length,
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
        const int v53 = c[i];
        const bool v54 = (v53 == 97);
        if (!v54) {
            const bool v58 = (v53 == 101);
            if (!v58) {
                const bool v63 = (v53 == 65535);
                if (v63) {
                    out[i] = 2;
                    goto L4;
                } else {
                    out[i] = 0;
                    goto L4;
                }
            }
        }
        out[i] = 1;
        L4: ;
        return;
    } else {
        if ((uint)i >= (uint)c_length) { *ferrocl_status = 1; return; }
        const int v15 = c[i];
        const bool v17 = (v15 == 97);
        if (!v17) {
            const bool v22 = (v15 == 101);
            if (!v22) {
                const bool v28 = (v15 == 65535);
                if (v28) {
                    if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                    out[i] = 2;
                    goto L13;
                } else {
                    if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                    out[i] = 0;
                    goto L13;
                }
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = 1;
        L13: ;
        return;
    }
}

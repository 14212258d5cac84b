// Ferrocl kernel for snap.SwitchShapes.lookupSwitch([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void lookupSwitch(
    __global const int* FERROCL_RESTRICT k,
    const int k_length,
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
        const int v63 = k[i];
        const bool v64 = (v63 == (-2147483647 - 1));
        if (v64) {
            out[i] = 4;
        } else {
            const bool v67 = (v63 == (-1000));
            if (v67) {
                out[i] = 1;
            } else {
                const bool v71 = (v63 == 7);
                if (v71) {
                    out[i] = 2;
                } else {
                    const bool v75 = (v63 == 65536);
                    if (v75) {
                        out[i] = 3;
                    } else {
                        out[i] = 0;
                    }
                }
            }
        }
        return;
    } else {
        if ((uint)i >= (uint)k_length) { *ferrocl_status = 1; return; }
        const int v15 = k[i];
        const bool v17 = (v15 == (-2147483647 - 1));
        if (v17) {
            if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
            out[i] = 4;
        } else {
            const bool v21 = (v15 == (-1000));
            if (v21) {
                if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                out[i] = 1;
            } else {
                const bool v26 = (v15 == 7);
                if (v26) {
                    if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                    out[i] = 2;
                } else {
                    const bool v31 = (v15 == 65536);
                    if (v31) {
                        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                        out[i] = 3;
                    } else {
                        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                        out[i] = 0;
                    }
                }
            }
        }
        return;
    }
}

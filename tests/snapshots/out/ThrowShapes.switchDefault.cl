// Ferrocl kernel for snap.ThrowShapes.switchDefault([I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void switchDefault(
    __global const int* FERROCL_RESTRICT k,
    const int k_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p47;
    int p75;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v56 = k[i];
        const bool v60 = (v56 == 7);
        const bool v58 = (v56 == 2);
        const bool v57 = (v56 == 1);
        const bool v59 = (v58 ? 1 : v57);
        const bool v61 = (v60 ? 1 : v59);
        if (!(v61)) { *ferrocl_status = 8; return; }
        if (v57) {
            p75 = 3;
        } else {
            if (!v58) {
            }
            p75 = 5;
        }
        out[i] = p75;
        return;
    } else {
        if ((uint)i >= (uint)k_length) { *ferrocl_status = 1; return; }
        const int v14 = k[i];
        const bool v25 = (v14 == 7);
        const bool v21 = (v14 == 2);
        const bool v17 = (v14 == 1);
        const bool v23 = (v21 ? 1 : v17);
        const bool v27 = (v25 ? 1 : v23);
        if (!(v27)) { *ferrocl_status = 8; return; }
        if (v17) {
            p47 = 3;
        } else {
            if (!v21) {
            }
            p47 = 5;
        }
        out[i] = p47;
        return;
    }
}

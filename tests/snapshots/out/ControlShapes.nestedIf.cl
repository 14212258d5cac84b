// Ferrocl kernel for snap.ControlShapes.nestedIf([I[I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void nestedIf(
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
        const int v62 = a[i];
        const bool v63 = (v62 <= 0);
        if (v63) {
            const int v78 = b[i];
            const bool v79 = (v78 >= 0);
            if (!v79) {
                const int v84 = a[i];
                const int v85 = b[i];
                const int v86 = (int)((uint)v84 - (uint)v85);
                out[i] = v86;
            }
        } else {
            const int v67 = b[i];
            const bool v68 = (v67 <= 0);
            if (!v68) {
                const int v73 = a[i];
                const int v74 = b[i];
                const int v75 = (int)((uint)v73 + (uint)v74);
                out[i] = v75;
            }
        }
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v17 = a[i];
        const bool v19 = (v17 <= 0);
        if (v19) {
            if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
            const int v35 = b[i];
            const bool v37 = (v35 >= 0);
            if (!v37) {
                const int v42 = a[i];
                const int v43 = b[i];
                if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                const int v44 = (int)((uint)v42 - (uint)v43);
                out[i] = v44;
            }
        } else {
            if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
            const int v23 = b[i];
            const bool v25 = (v23 <= 0);
            if (!v25) {
                const int v30 = a[i];
                const int v31 = b[i];
                if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
                const int v32 = (int)((uint)v30 + (uint)v31);
                out[i] = v32;
            }
        }
        return;
    }
}

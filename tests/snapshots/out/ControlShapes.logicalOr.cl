// Ferrocl kernel for snap.ControlShapes.logicalOr([I[I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void logicalOr(
    __global const int* FERROCL_RESTRICT idx,
    const int idx_length,
    __global const int* FERROCL_RESTRICT data,
    const int data_length,
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
    int p36;
    int p62;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int j = idx[i];
        const bool v47 = (j < 0);
        if (!v47) {
            const bool v52 = (j < data_length);
            if (v52) {
                const int v57 = data[j];
                p62 = v57;
                goto L4;
            }
        }
        p62 = (-1);
        L4: ;
        out[i] = p62;
        return;
    } else {
        if ((uint)i >= (uint)idx_length) { *ferrocl_status = 1; return; }
        const int j_1 = idx[i];
        const bool v19 = (j_1 < 0);
        if (!v19) {
            const bool v25 = (j_1 < data_length);
            if (v25) {
                const int v30 = data[j_1];
                p36 = v30;
                goto L11;
            }
        }
        p36 = (-1);
        L11: ;
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = p36;
        return;
    }
}

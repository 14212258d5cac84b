// Ferrocl kernel for snap.PreLoopShapes.sameArrays([I[I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from ((identity(a) != identity(b)) ? 0 : 1) while i < ((identity(a) != identity(b)) ? out.length : 0), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void sameArrays(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT b,
    const int b_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int a_identity,
    const int b_identity,
    const int out_identity,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p36;
    int p57;
    const bool v25 = (a_identity == out_identity);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        if (v25) {
            const int v54 = b[i];
            p57 = v54;
        } else {
            const int v50 = a[i];
            const int v51 = b[i];
            const int v52 = (int)((uint)v50 - (uint)v51);
            p57 = v52;
        }
        out[i] = p57;
        return;
    } else {
        if (v25) {
            if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
            const int v33 = b[i];
            p36 = v33;
        } else {
            if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
            const int v29 = a[i];
            if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
            const int v30 = b[i];
            const int v31 = (int)((uint)v29 - (uint)v30);
            p36 = v31;
        }
        out[i] = p36;
        return;
    }
}

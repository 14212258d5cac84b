// Ferrocl kernel for snap.PreLoopShapes.chooseAfterStore([I[I[IZ)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void chooseAfterStore(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* b,
    const int b_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int fromA,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p36;
    int p47;
    int p62;
    int p72;
    const bool v19 = (fromA == 0);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        if (v19) {
            p62 = 1;
        } else {
            p62 = 0;
        }
        a[i] = i;
        const bool v70 = (p62 == 0);
        if (v70) {
            const int v65 = a[i];
            p72 = v65;
        } else {
            const int v68 = b[i];
            p72 = v68;
        }
        out[i] = p72;
        return;
    } else {
        if (v19) {
            p36 = 1;
        } else {
            p36 = 0;
        }
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[i] = i;
        const bool v45 = (p36 == 0);
        if (v45) {
            const int v39 = a[i];
            p47 = v39;
        } else {
            if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
            const int v42 = b[i];
            p47 = v42;
        }
        out[i] = p47;
        return;
    }
}

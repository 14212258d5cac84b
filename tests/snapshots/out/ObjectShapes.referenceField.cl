// Ferrocl kernel for snap.ObjectShapes.referenceField([II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void referenceField(
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
        out[i] = i;
        return;
    } else {
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = i;
        return;
    }
}

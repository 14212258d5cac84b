// Ferrocl kernel for snap.NestShapes.stepInclusive([III)V
// @Parallel loop 0 (NDRange dimension 0): i from (lo + 1) while i <= (hi - 1), step 4
#pragma OPENCL FP_CONTRACT OFF

__kernel void stepInclusive(
    __global int* a,
    const int a_length,
    const int lo,
    const int hi,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0) * 4u);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        a[i] = i;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[i] = i;
    }
}

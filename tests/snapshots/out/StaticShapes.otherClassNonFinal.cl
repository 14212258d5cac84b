// Ferrocl kernel for snap.StaticShapes.otherClassNonFinal([FI)V
// @Parallel loop: i from 0 while i < n, one work-item per iteration
#pragma OPENCL FP_CONTRACT OFF

__kernel void otherClassNonFinal(
    __global float* x,
    const int x_length,
    const int n,
    const float factor,
    const int ferrocl_start,
    __global int* ferrocl_status)
{
    const int i = (int)((uint)ferrocl_start + (uint)get_global_id(0));
    if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
    const float v13 = x[i];
    const float v15 = (v13 * factor);
    x[i] = v15;
}

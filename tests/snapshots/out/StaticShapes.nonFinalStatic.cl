// Ferrocl kernel for snap.StaticShapes.nonFinalStatic([I[FI)V
// @Parallel loop: i from 0 while i < n, one work-item per iteration
#pragma OPENCL FP_CONTRACT OFF

__kernel void nonFinalStatic(
    __global int* a,
    const int a_length,
    __global float* x,
    const int x_length,
    const int n,
    const int offset,
    const float gain,
    const int ferrocl_start,
    __global int* ferrocl_status)
{
    const int i = (int)((uint)ferrocl_start + (uint)get_global_id(0));
    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
    const int v15 = a[i];
    const int v17 = (int)((uint)v15 + (uint)offset);
    a[i] = v17;
    if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
    const float v19 = x[i];
    const float v21 = (v19 * gain);
    x[i] = v21;
}

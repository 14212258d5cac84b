// Ferrocl kernel for snap.FirstShape.fromOffset([III)V
// @Parallel loop: i from start while i < end, one work-item per iteration
#pragma OPENCL FP_CONTRACT OFF

__kernel void fromOffset(
    __global int* a,
    const int a_length,
    const int start,
    const int end,
    const int ferrocl_start,
    __global int* ferrocl_status)
{
    const int i = (int)((uint)ferrocl_start + (uint)get_global_id(0));
    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
    const int v14 = a[i];
    const int v15 = (int)(0u - (uint)v14);
    a[i] = v15;
}

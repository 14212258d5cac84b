// Ferrocl kernel for snap.FirstShape.vectorAdd([I[I[II)V
// @Parallel loop: i from 0 while i < n, one work-item per iteration
#pragma OPENCL FP_CONTRACT OFF

__kernel void vectorAdd(
    __global const int* a,
    const int a_length,
    __global const int* b,
    const int b_length,
    __global int* c,
    const int c_length,
    const int n,
    const int ferrocl_start,
    __global int* ferrocl_status)
{
    const int i = (int)((uint)ferrocl_start + (uint)get_global_id(0));
    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
    const int v17 = a[i];
    if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
    const int v18 = b[i];
    const int v19 = (int)((uint)v17 + (uint)v18);
    if ((uint)i >= (uint)c_length) { *ferrocl_status = 1; return; }
    c[i] = v19;
}

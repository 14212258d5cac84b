// Ferrocl kernel for snap.StaticShapes.staticFinalConstant([I[DI)V
// @Parallel loop: i from 0 while i < n, one work-item per iteration
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void staticFinalConstant(
    __global int* a,
    const int a_length,
    __global double* d,
    const int d_length,
    const int n,
    const int ferrocl_start,
    __global int* ferrocl_status)
{
    const int i = (int)((uint)ferrocl_start + (uint)get_global_id(0));
    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
    const int v15 = a[i];
    const int v17 = (int)((uint)v15 * (uint)3);
    a[i] = v17;
    if ((uint)i >= (uint)d_length) { *ferrocl_status = 1; return; }
    const double v19 = d[i];
    const double v21 = (v19 * 6.283185307179586);
    d[i] = v21;
}

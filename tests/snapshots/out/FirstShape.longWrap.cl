// Ferrocl kernel for snap.FirstShape.longWrap([JJI)V
// @Parallel loop: i from 0 while i < n, one work-item per iteration
#pragma OPENCL FP_CONTRACT OFF

__kernel void longWrap(
    __global long* a,
    const int a_length,
    const long k,
    const int n,
    const int ferrocl_start,
    __global int* ferrocl_status)
{
    const int i = (int)((uint)ferrocl_start + (uint)get_global_id(0));
    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
    const long v15 = a[i];
    const long v17 = a[i];
    const long v21 = a[i];
    const long v16 = (long)((ulong)v15 * (ulong)k);
    const long v19 = (long)((ulong)v17 >> (7 & 63));
    const long v20 = (long)((ulong)v16 + (ulong)v19);
    const long v23 = (long)((ulong)v21 << (3 & 63));
    const long v24 = (long)((ulong)v20 - (ulong)v23);
    a[i] = v24;
}

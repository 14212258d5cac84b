// Ferrocl kernel for snap.StaticShapes.computedFinal([II)V
// @Parallel loop: i from 0 while i < n, one work-item per iteration
#pragma OPENCL FP_CONTRACT OFF

int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }

__kernel void computedFinal(
    __global int* a,
    const int a_length,
    const int n,
    const int COMPUTED,
    const int ferrocl_start,
    __global int* ferrocl_status)
{
    const int i = (int)((uint)ferrocl_start + (uint)get_global_id(0));
    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
    const int v13 = a[i];
    if (COMPUTED == 0) { *ferrocl_status = 2; return; }
    const int v15 = ferrocl_irem(v13, COMPUTED);
    a[i] = v15;
}

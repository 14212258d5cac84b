// Ferrocl kernel for snap.CallShapes.square(I)I
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

__kernel void square(
    const int x,
    __global int* ferrocl_status)
{
    const int v2 = (int)((uint)x * (uint)x);
}

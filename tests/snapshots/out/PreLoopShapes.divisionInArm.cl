// Ferrocl kernel for snap.PreLoopShapes.divisionInArm([III)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void divisionInArm(
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int k,
    const int quotient_host,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const bool v39 = (k != 0);
    const int m = (v39 ? quotient_host : 0);
    const int v28 = (int)((uint)m + (uint)i);
    out[i] = v28;
}

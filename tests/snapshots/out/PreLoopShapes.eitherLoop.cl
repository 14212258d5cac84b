// Ferrocl kernel for snap.PreLoopShapes.eitherLoop([IZ)V
// @Parallel loop 0 (NDRange dimension 0): i from ((twice == 0) ? 0 : 1) while i < ((twice == 0) ? a.length : 0), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void eitherLoop_1(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    const int twice,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v39 = a[i];
    const int v41 = (int)((uint)v39 + (uint)1);
    a[i] = v41;
}

// Ferrocl kernel for snap.PreLoopShapes.eitherLoop([IZ)V
// @Parallel loop 0 (NDRange dimension 0): i from (((twice == 0) == 0) ? 0 : 1) while i < (((twice == 0) == 0) ? a.length : 0), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void eitherLoop_2(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    const int twice,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v19 = a[i];
    const int v21 = (int)((uint)v19 * (uint)2);
    a[i] = v21;
}

// Ferrocl kernel for snap.StreamShapes.twoKernels([F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < x.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void twoKernels_1(
    __global float* FERROCL_RESTRICT x,
    const int x_length,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const float v15 = x[i];
    const float v17 = (v15 * 2.0f);
    x[i] = v17;
}

// Ferrocl kernel for snap.StreamShapes.twoKernels([F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < y.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }

__kernel void twoKernels_2(
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global float* FERROCL_RESTRICT y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (x_length == 0) { *ferrocl_status = 2; return; }
    const int v35 = ferrocl_irem(i, x_length);
    if ((uint)v35 >= (uint)x_length) { *ferrocl_status = 1; return; }
    const float v36 = x[v35];
    const float v38 = (v36 + 1.0f);
    y[i] = v38;
}

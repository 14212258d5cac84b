// Ferrocl kernel for snap.MathShapes.atan2Float([F[F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void atan2Float(
    __global const float* y,
    const int y_length,
    __global const float* x,
    const int x_length,
    __global float* out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
    const float v17 = y[i];
    if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
    const float v19 = x[i];
    const double v18 = (double)v17;
    const double v20 = (double)v19;
    const double v21 = atan2(v18, v20);
    const float v22 = (float)v21;
    if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
    out[i] = v22;
}

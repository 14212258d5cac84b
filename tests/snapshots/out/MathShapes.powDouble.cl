// Ferrocl kernel for snap.MathShapes.powDouble([D[D[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

double ferrocl_pow(double x, double y) { if (y == 0.0) return 1.0; if (isnan(x) || isnan(y)) return x + y; if (isinf(y) && fabs(x) == 1.0) return y - y; return pow(x, y); }

__kernel void powDouble(
    __global const double* x,
    const int x_length,
    __global const double* y,
    const int y_length,
    __global double* out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
    const double v17 = x[i];
    if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
    const double v18 = y[i];
    const double v19 = ferrocl_pow(v17, v18);
    if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
    out[i] = v19;
}

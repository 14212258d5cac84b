// Ferrocl kernel for snap.MathShapes.sqrtOfFloat([F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void sqrtOfFloat(
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v37 = x[i];
        const float v39 = x[i];
        const float v46 = sqrt(v37);
        const float v38 = (1.0f / v46);
        const double v40 = (double)v39;
        const double v41 = (v40 * 0.1);
        const float v42 = (float)v41;
        const float v43 = (v38 + v42);
        out[i] = v43;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v16 = x[i];
        const float v21 = x[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v32 = sqrt(v16);
        const float v20 = (1.0f / v32);
        const double v22 = (double)v21;
        const double v24 = (v22 * 0.1);
        const float v25 = (float)v24;
        const float v26 = (v20 + v25);
        out[i] = v26;
        return;
    }
}

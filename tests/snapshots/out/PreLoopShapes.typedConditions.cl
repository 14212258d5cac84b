// Ferrocl kernel for snap.PreLoopShapes.typedConditions([FJDF)V
// @Parallel loop 0 (NDRange dimension 0): i from (((((x != x) == 0) ? ((x < -1.0) == 0) : 0) ? (s != 0.0f) : 0) ? 0 : 1) while i < (((((x != x) == 0) ? ((x < -1.0) == 0) : 0) ? (s != 0.0f) : 0) ? ((lim > (long) out.length) ? out.length : (int) lim) : 0), step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void typedConditions(
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const long lim,
    const double x,
    const float s,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const float v53 = (float)x;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v70 = out[i];
        const float v71 = (v70 * s);
        const float v72 = (v71 + v53);
        out[i] = v72;
        return;
    } else {
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v51 = out[i];
        const float v52 = (v51 * s);
        const float v54 = (v52 + v53);
        out[i] = v54;
        return;
    }
}

// Ferrocl kernel for snap.PreLoopShapes.nestedChoices([DDDI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void nestedChoices(
    __global double* FERROCL_RESTRICT out,
    const int out_length,
    const double lo,
    const double hi,
    const int mode,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const double v45 = (double)i;
    const bool v63 = (mode == 0);
    const bool v6 = (mode != 0);
    const bool v62 = (mode == 1);
    const bool v58 = (v6 && v62);
    const double scale = (hi - lo);
    const bool v13 = (mode != 1);
    const bool v53 = (v6 && v13);
    const bool v20 = (lo < hi);
    const bool v54 = (v53 && v20);
    const double scale_1 = (v54 ? hi : lo);
    const double scale_2 = (v58 ? scale : scale_1);
    const double scale_3 = (v63 ? 1.0 : scale_2);
    const double v46 = (v45 * scale_3);
    out[i] = v46;
}

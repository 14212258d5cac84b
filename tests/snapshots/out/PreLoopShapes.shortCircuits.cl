// Ferrocl kernel for snap.PreLoopShapes.shortCircuits([IIIF)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void shortCircuits(
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int a,
    const int b,
    const float x,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p69;
    int p80;
    const bool v25 = (a > 0);
    const bool v102 = (b > 0);
    const bool v91 = (v25 && v102);
    const bool v101 = (v91 ? 0 : 1);
    if (v101) {
        p69 = 0;
    } else {
        p69 = 1;
    }
    const bool v6 = (a <= 0);
    const bool v32 = (x < 1.5f);
    const bool v95 = (v32 ? 0 : 1);
    const bool v97 = (v6 && v95);
    if (v97) {
        p80 = 0;
    } else {
        p80 = 2;
    }
    const int v81 = (int)((uint)p69 + (uint)p80);
    out[i] = v81;
}

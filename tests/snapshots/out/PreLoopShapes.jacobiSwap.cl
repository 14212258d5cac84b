// Ferrocl kernel for snap.PreLoopShapes.jacobiSwap([F[FI)V
// Launched once per s from 0 while s < steps, step 1 (the loop around the @Parallel loops), in order with the other kernels of the loops inside it.
// @Parallel loop 0 (NDRange dimension 0): i from 1 while i < ((((((the repetition's number & 1) == 0) ? 0 : 1) == 0) ? a.length : b.length) - 1), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void jacobiSwap(
    __global float* FERROCL_RESTRICT a,
    const int a_length,
    __global float* FERROCL_RESTRICT b,
    const int b_length,
    const int s,
    const int repetition,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float p66;
    float p77;
    float p114;
    float p123;
    const int v31 = (int)((uint)i - (uint)1);
    const int v34 = (int)((uint)i + (uint)1);
    const int v92 = (repetition & 1);
    const bool v93 = (v92 == 0);
    const int v94 = (v93 ? 0 : 1);
    const bool v54 = (v94 == 0);
    const int v95 = (v93 ? 1 : 0);
    const bool v86 = (v95 == 0);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        if (v54) {
            const float v108 = a[v31];
            p114 = v108;
        } else {
            const float v111 = b[v31];
            p114 = v111;
        }
        if (v54) {
            const float v117 = a[v34];
            p123 = v117;
        } else {
            const float v120 = b[v34];
            p123 = v120;
        }
        const float v103 = (p114 + p123);
        const float v104 = (v103 * 0.5f);
        if (v86) {
            a[i] = v104;
        } else {
            b[i] = v104;
        }
        return;
    } else {
        if (v54) {
            if ((uint)v31 >= (uint)a_length) { *ferrocl_status = 1; return; }
            const float v58 = a[v31];
            p66 = v58;
        } else {
            if ((uint)v31 >= (uint)b_length) { *ferrocl_status = 1; return; }
            const float v61 = b[v31];
            p66 = v61;
        }
        if (v54) {
            if ((uint)v34 >= (uint)a_length) { *ferrocl_status = 1; return; }
            const float v69 = a[v34];
            p77 = v69;
        } else {
            if ((uint)v34 >= (uint)b_length) { *ferrocl_status = 1; return; }
            const float v72 = b[v34];
            p77 = v72;
        }
        const float v36 = (p66 + p77);
        const float v38 = (v36 * 0.5f);
        if (v86) {
            if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
            a[i] = v38;
        } else {
            if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
            b[i] = v38;
        }
        return;
    }
}

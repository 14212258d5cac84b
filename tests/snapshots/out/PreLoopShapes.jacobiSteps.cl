// Ferrocl kernel for snap.PreLoopShapes.jacobiSteps([F[FI)V
// Launched once per s from 0 while s < steps, step 1 (the loop around the @Parallel loops), in order with the other kernels of the loops inside it.
// @Parallel loop 0 (NDRange dimension 0): i from 1 while i < (a.length - 1), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void jacobiSteps_1(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global float* FERROCL_RESTRICT b,
    const int b_length,
    const int s,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v31 = (int)((uint)i - (uint)1);
    const int v34 = (int)((uint)i + (uint)1);
    const float v39 = (float)s;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v76 = a[v31];
        const float v77 = a[v34];
        const float v78 = (v76 + v77);
        const float v79 = (v78 * 0.5f);
        const float v80 = (v79 + v39);
        b[i] = v80;
        return;
    } else {
        if ((uint)v31 >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v32 = a[v31];
        if ((uint)v34 >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v35 = a[v34];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const float v36 = (v32 + v35);
        const float v38 = (v36 * 0.5f);
        const float v40 = (v38 + v39);
        b[i] = v40;
        return;
    }
}

// Ferrocl kernel for snap.PreLoopShapes.jacobiSteps([F[FI)V
// Launched once per s from 0 while s < steps, step 1 (the loop around the @Parallel loops), in order with the other kernels of the loops inside it.
// @Parallel loop 0 (NDRange dimension 0): i from 1 while i < (a.length - 1), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void jacobiSteps_2(
    __global float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
    const int s,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v90 = b[i];
        a[i] = v90;
        return;
    } else {
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const float v60 = b[i];
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[i] = v60;
        return;
    }
}

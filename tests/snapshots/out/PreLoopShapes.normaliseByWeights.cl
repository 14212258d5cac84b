// Ferrocl kernel for snap.PreLoopShapes.normaliseByWeights([F[F[F)V
// Code before, between or after the @Parallel loops: one work-item runs it.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void normaliseByWeights_1(
    const int x_length,
    __global const float* FERROCL_RESTRICT w,
    const int w_length,
    __global int* ferrocl_status,
    __global ulong* ferrocl_carried)
{
    float total;
    int j;
    total = 0.0f;
    j = 0;
    for (;;) {
        const bool v14 = (j >= w_length);
        if (v14) {
            break;
        } else {
            const float v18 = w[j];
            const float total_1 = (total + v18);
            const int j_1 = (j + 1);
            total = total_1;
            j = j_1;
            continue;
        }
    }
    ferrocl_carried[0] = (ulong)as_uint(total);
}

// Ferrocl kernel for snap.PreLoopShapes.normaliseByWeights([F[F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < x.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void normaliseByWeights_2(
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    const int w_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status,
    __global ulong* ferrocl_carried)
{
    const float total = as_float((uint)ferrocl_carried[0]);
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v47 = x[i];
        const float v48 = (v47 / total);
        out[i] = v48;
        return;
    } else {
        const float v36 = x[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v37 = (v36 / total);
        out[i] = v37;
        return;
    }
}

// Ferrocl kernel for snap.PreLoopShapes.storeThenLoad([I[II)V
// Code before, between or after the @Parallel loops: one work-item runs it.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void storeThenLoad_1(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    const int out_length,
    const int k,
    __global int* ferrocl_status,
    __global ulong* ferrocl_carried)
{
    if ((uint)0 >= (uint)a_length) { *ferrocl_status = 1; return; }
    a[0] = 5;
    const int v8 = a[0];
    ferrocl_carried[0] = (ulong)(uint)(v8);
}

// Ferrocl kernel for snap.PreLoopShapes.storeThenLoad([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void storeThenLoad_2(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int k,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status,
    __global ulong* ferrocl_carried)
{
    const int v8 = (int)(uint)ferrocl_carried[0];
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v = (int)((uint)v8 + (uint)k);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v35 = a[i];
        const int v36 = (int)((uint)v35 + (uint)v);
        out[i] = v36;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v23 = a[i];
        const int v24 = (int)((uint)v23 + (uint)v);
        out[i] = v24;
        return;
    }
}

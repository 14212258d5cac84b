// Ferrocl kernel for snap.PreLoopShapes.returnAfterLoop([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < a.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void returnAfterLoop_1(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    const int b_length,
    const int limit,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v16 = a[i];
    const int v18 = (int)((uint)v16 * (uint)3);
    a[i] = v18;
}

// Ferrocl kernel for snap.PreLoopShapes.returnAfterLoop([I[II)V
// Code before, between or after the @Parallel loops: one work-item runs it.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void returnAfterLoop_2(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    const int b_length,
    const int limit,
    __global int* ferrocl_status,
    __global ulong* ferrocl_carried)
{
    if ((uint)0 >= (uint)a_length) { *ferrocl_status = 1; return; }
    const int v24 = a[0];
    const bool v25 = (v24 <= limit);
    if (v25) {
        ferrocl_carried[0] = 0UL;
        return;
    } else {
        ferrocl_carried[0] = 1UL;
        return;
    }
}

// Ferrocl kernel for snap.PreLoopShapes.returnAfterLoop([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < b.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }

__kernel void returnAfterLoop_3(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* FERROCL_RESTRICT b,
    const int b_length,
    const int limit,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status,
    __global ulong* ferrocl_carried)
{
    if (ferrocl_carried[0] != 0UL) return; // Java returned before this code.
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (a_length == 0) { *ferrocl_status = 2; return; }
    const int v43 = ferrocl_irem(i, a_length);
    if ((uint)v43 >= (uint)a_length) { *ferrocl_status = 1; return; }
    const int v44 = a[v43];
    const int v45 = (int)((uint)v44 + (uint)i);
    b[i] = v45;
}

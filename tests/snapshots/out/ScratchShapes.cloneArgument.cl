// Ferrocl kernel for snap.ScratchShapes.cloneArgument([I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from (require (a.length >= 0), 0) while i < t.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void cloneArgument_1(
    const int a_length,
    const int out_length,
    __global int* FERROCL_RESTRICT t,
    const int t_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v19 = t[i];
    const int v21 = (int)((uint)v19 * (uint)3);
    const int v23 = (int)((uint)v21 + (uint)1);
    t[i] = v23;
}

// Ferrocl kernel for snap.ScratchShapes.cloneArgument([I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from (require (a.length >= 0), 0) while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void cloneArgument_2(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    __global const int* FERROCL_RESTRICT t,
    const int t_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v42 = (int)((uint)t_length - (uint)1);
    const int v43 = (int)((uint)v42 - (uint)i);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v62 = t[v43];
        const int v63 = a[i];
        const int v64 = (int)((uint)v62 - (uint)v63);
        out[i] = v64;
        return;
    } else {
        if ((uint)v43 >= (uint)t_length) { *ferrocl_status = 1; return; }
        const int v44 = t[v43];
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v45 = a[i];
        const int v46 = (int)((uint)v44 - (uint)v45);
        out[i] = v46;
        return;
    }
}

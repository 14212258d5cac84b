// Ferrocl kernel for snap.ReduceShapes.productOfPositive([D[D)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < a.length, step 1
// @Reduce prod[0] with *: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void productOfPositive(
    __global const double* FERROCL_RESTRICT a,
    const int a_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global double* ferrocl_partials0,
    __local double* ferrocl_scratch0,
    __global int* ferrocl_status)
{
    double ferrocl_acc0 = 1.0;
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const double v14 = a[i];
        const bool v17 = (v14 > 0.0);
        if (v17) {
            const double v23 = ferrocl_acc0;
            const double v24 = a[i];
            const double v25 = (v23 * v24);
            ferrocl_acc0 = v25;
        }
    ferrocl_next: ;
    }
    const uint ferrocl_lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    const uint ferrocl_lsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    ferrocl_scratch0[ferrocl_lid] = ferrocl_acc0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint ferrocl_s = ferrocl_lsize >> 1; ferrocl_s > 0u; ferrocl_s >>= 1) {
        if (ferrocl_lid < ferrocl_s) {
            ferrocl_scratch0[ferrocl_lid] = ferrocl_scratch0[ferrocl_lid] * ferrocl_scratch0[ferrocl_lid + ferrocl_s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ferrocl_lid == 0u) {
        const size_t ferrocl_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));
        ferrocl_partials0[ferrocl_group] = ferrocl_scratch0[0];
    }
}

// Ferrocl kernel for snap.ReduceShapes.minMax([I[I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < a.length, step 1
// @Reduce min[0] with Math.min: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
// @Reduce max[0] with Math.max: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

__kernel void minMax(
    __global const int* a,
    const int a_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_partials0,
    __local int* ferrocl_scratch0,
    __global int* ferrocl_partials1,
    __local int* ferrocl_scratch1,
    __global int* ferrocl_status)
{
    int ferrocl_acc0 = INT_MAX;
    int ferrocl_acc1 = INT_MIN;
    for (ulong ferrocl_k = get_global_id(0); ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += get_global_size(0)) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const int v18 = ferrocl_acc0;
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; goto ferrocl_next; }
        const int v19 = a[i];
        const int v20 = min(v18, v19);
        ferrocl_acc0 = v20;
        const int v23 = a[i];
        const int v25 = ferrocl_acc1;
        const int v26 = max(v23, v25);
        ferrocl_acc1 = v26;
    ferrocl_next: ;
    }
    const uint ferrocl_lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    const uint ferrocl_lsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    ferrocl_scratch0[ferrocl_lid] = ferrocl_acc0;
    ferrocl_scratch1[ferrocl_lid] = ferrocl_acc1;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint ferrocl_s = ferrocl_lsize >> 1; ferrocl_s > 0u; ferrocl_s >>= 1) {
        if (ferrocl_lid < ferrocl_s) {
            ferrocl_scratch0[ferrocl_lid] = min(ferrocl_scratch0[ferrocl_lid], ferrocl_scratch0[ferrocl_lid + ferrocl_s]);
            ferrocl_scratch1[ferrocl_lid] = max(ferrocl_scratch1[ferrocl_lid], ferrocl_scratch1[ferrocl_lid + ferrocl_s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ferrocl_lid == 0u) {
        const size_t ferrocl_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));
        ferrocl_partials0[ferrocl_group] = ferrocl_scratch0[0];
        ferrocl_partials1[ferrocl_group] = ferrocl_scratch1[0];
    }
}

// Ferrocl kernel for snap.ReduceShapes.sum2d([JII[J)V
// @Parallel loop 0 (NDRange dimension 1): r from 0 while r < rows, step 1
// @Parallel loop 1 (NDRange dimension 0): c from 0 while c < cols, step 1
// @Reduce total[0] with +: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

__kernel void sum2d(
    __global const long* m,
    const int m_length,
    const int rows,
    const int cols,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    __global long* ferrocl_partials0,
    __local long* ferrocl_scratch0,
    __global int* ferrocl_status)
{
    long ferrocl_acc0 = 0L;
    if (get_global_id(0) < (size_t)ferrocl_count1) {
        const int c = (int)((uint)ferrocl_start1 + (uint)get_global_id(0));
        for (ulong ferrocl_k = get_global_id(1); ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += get_global_size(1)) {
            const int r = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
            const long v32 = ferrocl_acc0;
            const int v33 = (int)((uint)r * (uint)cols);
            const int v34 = (int)((uint)v33 + (uint)c);
            if ((uint)v34 >= (uint)m_length) { *ferrocl_status = 1; goto ferrocl_next; }
            const long v35 = m[v34];
            const long v36 = (long)((ulong)v32 + (ulong)v35);
            ferrocl_acc0 = v36;
        ferrocl_next: ;
        }
    }
    const uint ferrocl_lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    const uint ferrocl_lsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    ferrocl_scratch0[ferrocl_lid] = ferrocl_acc0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint ferrocl_s = ferrocl_lsize >> 1; ferrocl_s > 0u; ferrocl_s >>= 1) {
        if (ferrocl_lid < ferrocl_s) {
            ferrocl_scratch0[ferrocl_lid] = (long)((ulong)ferrocl_scratch0[ferrocl_lid] + (ulong)ferrocl_scratch0[ferrocl_lid + ferrocl_s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ferrocl_lid == 0u) {
        const size_t ferrocl_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));
        ferrocl_partials0[ferrocl_group] = ferrocl_scratch0[0];
    }
}

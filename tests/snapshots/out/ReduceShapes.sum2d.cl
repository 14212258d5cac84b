// Ferrocl kernel for snap.ReduceShapes.sum2d([JII[J)V
// @Parallel loop 0 (NDRange dimension 1): r from 0 while r < rows, step 1
// @Parallel loop 1 (NDRange dimension 0): c from 0 while c < cols, step 1
// @Reduce total[0] with +: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void sum2d(
    __global const long* FERROCL_RESTRICT m,
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
        const ulong ferrocl_g = get_global_size(1);
        ulong ferrocl_k = get_global_id(1);
        long ferrocl_acc0_x0 = 0L, ferrocl_acc0_x1 = 0L, ferrocl_acc0_x2 = 0L, ferrocl_acc0_x3 = 0L;
        for (; ferrocl_k + 3 * ferrocl_g < (ulong)ferrocl_count0; ferrocl_k += 4 * ferrocl_g) {
            const int r_x0 = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
            const int r_x1 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 1 * ferrocl_g));
            const int r_x2 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 2 * ferrocl_g));
            const int r_x3 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 3 * ferrocl_g));
            const long v32_x0 = ferrocl_acc0_x0;
            const long v32_x1 = ferrocl_acc0_x1;
            const long v32_x2 = ferrocl_acc0_x2;
            const long v32_x3 = ferrocl_acc0_x3;
            const int v33_x0 = (int)((uint)r_x0 * (uint)cols);
            const int v33_x1 = (int)((uint)r_x1 * (uint)cols);
            const int v33_x2 = (int)((uint)r_x2 * (uint)cols);
            const int v33_x3 = (int)((uint)r_x3 * (uint)cols);
            const int v34_x0 = (int)((uint)v33_x0 + (uint)c);
            const int v34_x1 = (int)((uint)v33_x1 + (uint)c);
            const int v34_x2 = (int)((uint)v33_x2 + (uint)c);
            const int v34_x3 = (int)((uint)v33_x3 + (uint)c);
            if ((uint)v34_x0 >= (uint)m_length) { *ferrocl_status = 1; goto ferrocl_done; }
            if ((uint)v34_x1 >= (uint)m_length) { *ferrocl_status = 1; goto ferrocl_done; }
            if ((uint)v34_x2 >= (uint)m_length) { *ferrocl_status = 1; goto ferrocl_done; }
            if ((uint)v34_x3 >= (uint)m_length) { *ferrocl_status = 1; goto ferrocl_done; }
            const long v35_x0 = m[v34_x0];
            const long v35_x1 = m[v34_x1];
            const long v35_x2 = m[v34_x2];
            const long v35_x3 = m[v34_x3];
            const long v36_x0 = (long)((ulong)v32_x0 + (ulong)v35_x0);
            const long v36_x1 = (long)((ulong)v32_x1 + (ulong)v35_x1);
            const long v36_x2 = (long)((ulong)v32_x2 + (ulong)v35_x2);
            const long v36_x3 = (long)((ulong)v32_x3 + (ulong)v35_x3);
            ferrocl_acc0_x0 = v36_x0;
            ferrocl_acc0_x1 = v36_x1;
            ferrocl_acc0_x2 = v36_x2;
            ferrocl_acc0_x3 = v36_x3;
        }
        for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
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
        ferrocl_done:
        ferrocl_acc0 = (long)((ulong)ferrocl_acc0 + (ulong)((long)((ulong)((long)((ulong)ferrocl_acc0_x0 + (ulong)ferrocl_acc0_x1)) + (ulong)((long)((ulong)ferrocl_acc0_x2 + (ulong)ferrocl_acc0_x3)))));
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

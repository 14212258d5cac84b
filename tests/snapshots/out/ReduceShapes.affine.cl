// Ferrocl kernel for snap.ReduceShapes.affine([I[J)V
// @Parallel loop 0 (NDRange dimension 0): i from 1 while i < (a.length / 2), step 1
// @Reduce out[0] with +: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void affine(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global long* ferrocl_partials0,
    __local long* ferrocl_scratch0,
    __global int* ferrocl_status)
{
    long ferrocl_acc0 = 0L;
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    long ferrocl_acc0_x0 = 0L, ferrocl_acc0_x1 = 0L, ferrocl_acc0_x2 = 0L, ferrocl_acc0_x3 = 0L;
    // Loop versioning: 1 index check(s) affine in i, tested once for the whole range; the fast loops run without them, or, out of range, every iteration runs checked below.
    const long ferrocl_inrange_first = (long)ferrocl_start0;
    const long ferrocl_inrange_last = (long)ferrocl_start0 + ((long)ferrocl_count0 - 1L);
    const int ferrocl_inrange = (ferrocl_inrange_first - 1L >= 0L && ferrocl_inrange_last - 1L < (long)a_length);
    if (ferrocl_inrange) {
        for (; ferrocl_k + 3 * ferrocl_g < (ulong)ferrocl_count0; ferrocl_k += 4 * ferrocl_g) {
            const int i_x0 = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
            const int i_x1 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 1 * ferrocl_g));
            const int i_x2 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 2 * ferrocl_g));
            const int i_x3 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 3 * ferrocl_g));
            const long v17_x0 = ferrocl_acc0_x0;
            const long v17_x1 = ferrocl_acc0_x1;
            const long v17_x2 = ferrocl_acc0_x2;
            const long v17_x3 = ferrocl_acc0_x3;
            const int v19_x0 = (int)((uint)2 * (uint)i_x0);
            const int v19_x1 = (int)((uint)2 * (uint)i_x1);
            const int v19_x2 = (int)((uint)2 * (uint)i_x2);
            const int v19_x3 = (int)((uint)2 * (uint)i_x3);
            const int v20_x0 = a[v19_x0];
            const int v20_x1 = a[v19_x1];
            const int v20_x2 = a[v19_x2];
            const int v20_x3 = a[v19_x3];
            const int v23_x0 = (int)((uint)i_x0 - (uint)1);
            const int v23_x1 = (int)((uint)i_x1 - (uint)1);
            const int v23_x2 = (int)((uint)i_x2 - (uint)1);
            const int v23_x3 = (int)((uint)i_x3 - (uint)1);
            const int v24_x0 = a[v23_x0];
            const int v24_x1 = a[v23_x1];
            const int v24_x2 = a[v23_x2];
            const int v24_x3 = a[v23_x3];
            const long v21_x0 = (long)v20_x0;
            const long v21_x1 = (long)v20_x1;
            const long v21_x2 = (long)v20_x2;
            const long v21_x3 = (long)v20_x3;
            const long v25_x0 = (long)v24_x0;
            const long v25_x1 = (long)v24_x1;
            const long v25_x2 = (long)v24_x2;
            const long v25_x3 = (long)v24_x3;
            const long v26_x0 = (long)((ulong)v21_x0 * (ulong)v25_x0);
            const long v26_x1 = (long)((ulong)v21_x1 * (ulong)v25_x1);
            const long v26_x2 = (long)((ulong)v21_x2 * (ulong)v25_x2);
            const long v26_x3 = (long)((ulong)v21_x3 * (ulong)v25_x3);
            const long v27_x0 = (long)((ulong)v17_x0 + (ulong)v26_x0);
            const long v27_x1 = (long)((ulong)v17_x1 + (ulong)v26_x1);
            const long v27_x2 = (long)((ulong)v17_x2 + (ulong)v26_x2);
            const long v27_x3 = (long)((ulong)v17_x3 + (ulong)v26_x3);
            ferrocl_acc0_x0 = v27_x0;
            ferrocl_acc0_x1 = v27_x1;
            ferrocl_acc0_x2 = v27_x2;
            ferrocl_acc0_x3 = v27_x3;
        }
    }
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const long v17 = ferrocl_acc0;
        const int v19 = (int)((uint)2 * (uint)i);
        const int v20 = a[v19];
        const int v23 = (int)((uint)i - (uint)1);
        if ((uint)v23 >= (uint)a_length) { *ferrocl_status = 1; goto ferrocl_next; }
        const int v24 = a[v23];
        const long v21 = (long)v20;
        const long v25 = (long)v24;
        const long v26 = (long)((ulong)v21 * (ulong)v25);
        const long v27 = (long)((ulong)v17 + (ulong)v26);
        ferrocl_acc0 = v27;
    ferrocl_next: ;
    }
    ferrocl_acc0 = (long)((ulong)ferrocl_acc0 + (ulong)((long)((ulong)((long)((ulong)ferrocl_acc0_x0 + (ulong)ferrocl_acc0_x1)) + (ulong)((long)((ulong)ferrocl_acc0_x2 + (ulong)ferrocl_acc0_x3)))));
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

// Ferrocl kernel for snap.ReduceShapes.ifLargest([I[I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < a.length, step 1
// @Reduce out[0] with Math.max: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void ifLargest(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT b,
    const int b_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_partials0,
    __local int* ferrocl_scratch0,
    __global int* ferrocl_status)
{
    int ferrocl_acc0 = INT_MIN;
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    int ferrocl_acc0_x0 = INT_MIN, ferrocl_acc0_x1 = INT_MIN, ferrocl_acc0_x2 = INT_MIN, ferrocl_acc0_x3 = INT_MIN, ferrocl_acc0_x4 = INT_MIN, ferrocl_acc0_x5 = INT_MIN, ferrocl_acc0_x6 = INT_MIN, ferrocl_acc0_x7 = INT_MIN;
    // Loop versioning: 1 index check(s) affine in i, tested once for the whole range; the fast loops run without them, or, out of range, every iteration runs checked below.
    const long ferrocl_inrange_first = (long)ferrocl_start0;
    const long ferrocl_inrange_last = (long)ferrocl_start0 + ((long)ferrocl_count0 - 1L);
    const int ferrocl_inrange = (ferrocl_inrange_first >= 0L && ferrocl_inrange_last < (long)b_length);
    if (ferrocl_inrange) {
        if ((ferrocl_start0 & 3) == 0) {
            const ulong ferrocl_steps = (ulong)ferrocl_count0 / 8;
            for (ulong ferrocl_q = ferrocl_k; ferrocl_q < ferrocl_steps; ferrocl_q += ferrocl_g) {
                const int i_x0 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 0));
                const int i_x1 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 1));
                const int i_x2 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 2));
                const int i_x3 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 3));
                const int i_x4 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 4));
                const int i_x5 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 5));
                const int i_x6 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 6));
                const int i_x7 = (int)((uint)ferrocl_start0 + (uint)(8 * ferrocl_q + 7));
                const int4 v16_v0 = *(__global const int4*)(a + i_x0);
                const int4 v16_v1 = *(__global const int4*)(a + i_x4);
                const int4 v17_v0 = *(__global const int4*)(b + i_x0);
                const int4 v17_v1 = *(__global const int4*)(b + i_x4);
                const int v20_x0 = ferrocl_acc0_x0;
                const int v20_x1 = ferrocl_acc0_x1;
                const int v20_x2 = ferrocl_acc0_x2;
                const int v20_x3 = ferrocl_acc0_x3;
                const int v20_x4 = ferrocl_acc0_x4;
                const int v20_x5 = ferrocl_acc0_x5;
                const int v20_x6 = ferrocl_acc0_x6;
                const int v20_x7 = ferrocl_acc0_x7;
                const int v18_x0 = (int)((uint)v16_v0.s0 - (uint)v17_v0.s0);
                const int v18_x1 = (int)((uint)v16_v0.s1 - (uint)v17_v0.s1);
                const int v18_x2 = (int)((uint)v16_v0.s2 - (uint)v17_v0.s2);
                const int v18_x3 = (int)((uint)v16_v0.s3 - (uint)v17_v0.s3);
                const int v18_x4 = (int)((uint)v16_v1.s0 - (uint)v17_v1.s0);
                const int v18_x5 = (int)((uint)v16_v1.s1 - (uint)v17_v1.s1);
                const int v18_x6 = (int)((uint)v16_v1.s2 - (uint)v17_v1.s2);
                const int v18_x7 = (int)((uint)v16_v1.s3 - (uint)v17_v1.s3);
                const int v37_x0 = max(v20_x0, v18_x0);
                const int v37_x1 = max(v20_x1, v18_x1);
                const int v37_x2 = max(v20_x2, v18_x2);
                const int v37_x3 = max(v20_x3, v18_x3);
                const int v37_x4 = max(v20_x4, v18_x4);
                const int v37_x5 = max(v20_x5, v18_x5);
                const int v37_x6 = max(v20_x6, v18_x6);
                const int v37_x7 = max(v20_x7, v18_x7);
                ferrocl_acc0_x0 = v37_x0;
                ferrocl_acc0_x1 = v37_x1;
                ferrocl_acc0_x2 = v37_x2;
                ferrocl_acc0_x3 = v37_x3;
                ferrocl_acc0_x4 = v37_x4;
                ferrocl_acc0_x5 = v37_x5;
                ferrocl_acc0_x6 = v37_x6;
                ferrocl_acc0_x7 = v37_x7;
            }
            ferrocl_k += 8 * ferrocl_steps;
        } else {
            for (; ferrocl_k + 3 * ferrocl_g < (ulong)ferrocl_count0; ferrocl_k += 4 * ferrocl_g) {
                const int i_x0 = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
                const int i_x1 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 1 * ferrocl_g));
                const int i_x2 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 2 * ferrocl_g));
                const int i_x3 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 3 * ferrocl_g));
                const int v16_x0 = a[i_x0];
                const int v16_x1 = a[i_x1];
                const int v16_x2 = a[i_x2];
                const int v16_x3 = a[i_x3];
                const int v17_x0 = b[i_x0];
                const int v17_x1 = b[i_x1];
                const int v17_x2 = b[i_x2];
                const int v17_x3 = b[i_x3];
                const int v20_x0 = ferrocl_acc0_x0;
                const int v20_x1 = ferrocl_acc0_x1;
                const int v20_x2 = ferrocl_acc0_x2;
                const int v20_x3 = ferrocl_acc0_x3;
                const int v18_x0 = (int)((uint)v16_x0 - (uint)v17_x0);
                const int v18_x1 = (int)((uint)v16_x1 - (uint)v17_x1);
                const int v18_x2 = (int)((uint)v16_x2 - (uint)v17_x2);
                const int v18_x3 = (int)((uint)v16_x3 - (uint)v17_x3);
                const int v37_x0 = max(v20_x0, v18_x0);
                const int v37_x1 = max(v20_x1, v18_x1);
                const int v37_x2 = max(v20_x2, v18_x2);
                const int v37_x3 = max(v20_x3, v18_x3);
                ferrocl_acc0_x0 = v37_x0;
                ferrocl_acc0_x1 = v37_x1;
                ferrocl_acc0_x2 = v37_x2;
                ferrocl_acc0_x3 = v37_x3;
            }
        }
    }
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const int v16 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; goto ferrocl_next; }
        const int v17 = b[i];
        const int v20 = ferrocl_acc0;
        const int v18 = (int)((uint)v16 - (uint)v17);
        const int v37 = max(v20, v18);
        ferrocl_acc0 = v37;
    ferrocl_next: ;
    }
    ferrocl_acc0 = max(ferrocl_acc0, (max((max((max(ferrocl_acc0_x0, ferrocl_acc0_x1)), (max(ferrocl_acc0_x2, ferrocl_acc0_x3)))), (max((max(ferrocl_acc0_x4, ferrocl_acc0_x5)), (max(ferrocl_acc0_x6, ferrocl_acc0_x7)))))));
    const uint ferrocl_lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    const uint ferrocl_lsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    ferrocl_scratch0[ferrocl_lid] = ferrocl_acc0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint ferrocl_s = ferrocl_lsize >> 1; ferrocl_s > 0u; ferrocl_s >>= 1) {
        if (ferrocl_lid < ferrocl_s) {
            ferrocl_scratch0[ferrocl_lid] = max(ferrocl_scratch0[ferrocl_lid], ferrocl_scratch0[ferrocl_lid + ferrocl_s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ferrocl_lid == 0u) {
        const size_t ferrocl_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));
        ferrocl_partials0[ferrocl_group] = ferrocl_scratch0[0];
    }
}

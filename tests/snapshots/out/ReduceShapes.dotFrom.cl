// Ferrocl kernel for snap.ReduceShapes.dotFrom([I[II[J)V
// @Parallel loop 0 (NDRange dimension 0): i from from while i < a.length, step 1
// @Reduce out[0] with +: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void dotFrom(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT b,
    const int b_length,
    const int from,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global long* ferrocl_partials0,
    __local long* ferrocl_scratch0,
    __global int* ferrocl_status)
{
    long ferrocl_acc0 = 0L;
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    long ferrocl_acc0_x0 = 0L, ferrocl_acc0_x1 = 0L, ferrocl_acc0_x2 = 0L, ferrocl_acc0_x3 = 0L, ferrocl_acc0_x4 = 0L, ferrocl_acc0_x5 = 0L, ferrocl_acc0_x6 = 0L, ferrocl_acc0_x7 = 0L;
    // Loop versioning: 2 index check(s) affine in i, tested once for the whole range; the fast loops run without them, or, out of range, every iteration runs checked below.
    const long ferrocl_inrange_first = (long)ferrocl_start0;
    const long ferrocl_inrange_last = (long)ferrocl_start0 + ((long)ferrocl_count0 - 1L);
    const int ferrocl_inrange = (ferrocl_inrange_first >= 0L && ferrocl_inrange_last < (long)a_length) && (ferrocl_inrange_first >= 0L && ferrocl_inrange_last < (long)b_length);
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
                const int4 v19_v0 = *(__global const int4*)(a + i_x0);
                const int4 v19_v1 = *(__global const int4*)(a + i_x4);
                const int4 v21_v0 = *(__global const int4*)(b + i_x0);
                const int4 v21_v1 = *(__global const int4*)(b + i_x4);
                const long v18_x0 = ferrocl_acc0_x0;
                const long v18_x1 = ferrocl_acc0_x1;
                const long v18_x2 = ferrocl_acc0_x2;
                const long v18_x3 = ferrocl_acc0_x3;
                const long v18_x4 = ferrocl_acc0_x4;
                const long v18_x5 = ferrocl_acc0_x5;
                const long v18_x6 = ferrocl_acc0_x6;
                const long v18_x7 = ferrocl_acc0_x7;
                const long v20_x0 = (long)v19_v0.s0;
                const long v20_x1 = (long)v19_v0.s1;
                const long v20_x2 = (long)v19_v0.s2;
                const long v20_x3 = (long)v19_v0.s3;
                const long v20_x4 = (long)v19_v1.s0;
                const long v20_x5 = (long)v19_v1.s1;
                const long v20_x6 = (long)v19_v1.s2;
                const long v20_x7 = (long)v19_v1.s3;
                const long v22_x0 = (long)v21_v0.s0;
                const long v22_x1 = (long)v21_v0.s1;
                const long v22_x2 = (long)v21_v0.s2;
                const long v22_x3 = (long)v21_v0.s3;
                const long v22_x4 = (long)v21_v1.s0;
                const long v22_x5 = (long)v21_v1.s1;
                const long v22_x6 = (long)v21_v1.s2;
                const long v22_x7 = (long)v21_v1.s3;
                const long v23_x0 = (long)((ulong)v20_x0 * (ulong)v22_x0);
                const long v23_x1 = (long)((ulong)v20_x1 * (ulong)v22_x1);
                const long v23_x2 = (long)((ulong)v20_x2 * (ulong)v22_x2);
                const long v23_x3 = (long)((ulong)v20_x3 * (ulong)v22_x3);
                const long v23_x4 = (long)((ulong)v20_x4 * (ulong)v22_x4);
                const long v23_x5 = (long)((ulong)v20_x5 * (ulong)v22_x5);
                const long v23_x6 = (long)((ulong)v20_x6 * (ulong)v22_x6);
                const long v23_x7 = (long)((ulong)v20_x7 * (ulong)v22_x7);
                const long v24_x0 = (long)((ulong)v18_x0 + (ulong)v23_x0);
                const long v24_x1 = (long)((ulong)v18_x1 + (ulong)v23_x1);
                const long v24_x2 = (long)((ulong)v18_x2 + (ulong)v23_x2);
                const long v24_x3 = (long)((ulong)v18_x3 + (ulong)v23_x3);
                const long v24_x4 = (long)((ulong)v18_x4 + (ulong)v23_x4);
                const long v24_x5 = (long)((ulong)v18_x5 + (ulong)v23_x5);
                const long v24_x6 = (long)((ulong)v18_x6 + (ulong)v23_x6);
                const long v24_x7 = (long)((ulong)v18_x7 + (ulong)v23_x7);
                ferrocl_acc0_x0 = v24_x0;
                ferrocl_acc0_x1 = v24_x1;
                ferrocl_acc0_x2 = v24_x2;
                ferrocl_acc0_x3 = v24_x3;
                ferrocl_acc0_x4 = v24_x4;
                ferrocl_acc0_x5 = v24_x5;
                ferrocl_acc0_x6 = v24_x6;
                ferrocl_acc0_x7 = v24_x7;
            }
            ferrocl_k += 8 * ferrocl_steps;
        } else {
            for (; ferrocl_k + 3 * ferrocl_g < (ulong)ferrocl_count0; ferrocl_k += 4 * ferrocl_g) {
                const int i_x0 = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
                const int i_x1 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 1 * ferrocl_g));
                const int i_x2 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 2 * ferrocl_g));
                const int i_x3 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 3 * ferrocl_g));
                const long v18_x0 = ferrocl_acc0_x0;
                const long v18_x1 = ferrocl_acc0_x1;
                const long v18_x2 = ferrocl_acc0_x2;
                const long v18_x3 = ferrocl_acc0_x3;
                const int v19_x0 = a[i_x0];
                const int v19_x1 = a[i_x1];
                const int v19_x2 = a[i_x2];
                const int v19_x3 = a[i_x3];
                const int v21_x0 = b[i_x0];
                const int v21_x1 = b[i_x1];
                const int v21_x2 = b[i_x2];
                const int v21_x3 = b[i_x3];
                const long v20_x0 = (long)v19_x0;
                const long v20_x1 = (long)v19_x1;
                const long v20_x2 = (long)v19_x2;
                const long v20_x3 = (long)v19_x3;
                const long v22_x0 = (long)v21_x0;
                const long v22_x1 = (long)v21_x1;
                const long v22_x2 = (long)v21_x2;
                const long v22_x3 = (long)v21_x3;
                const long v23_x0 = (long)((ulong)v20_x0 * (ulong)v22_x0);
                const long v23_x1 = (long)((ulong)v20_x1 * (ulong)v22_x1);
                const long v23_x2 = (long)((ulong)v20_x2 * (ulong)v22_x2);
                const long v23_x3 = (long)((ulong)v20_x3 * (ulong)v22_x3);
                const long v24_x0 = (long)((ulong)v18_x0 + (ulong)v23_x0);
                const long v24_x1 = (long)((ulong)v18_x1 + (ulong)v23_x1);
                const long v24_x2 = (long)((ulong)v18_x2 + (ulong)v23_x2);
                const long v24_x3 = (long)((ulong)v18_x3 + (ulong)v23_x3);
                ferrocl_acc0_x0 = v24_x0;
                ferrocl_acc0_x1 = v24_x1;
                ferrocl_acc0_x2 = v24_x2;
                ferrocl_acc0_x3 = v24_x3;
            }
        }
    }
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const long v18 = ferrocl_acc0;
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; goto ferrocl_next; }
        const int v19 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; goto ferrocl_next; }
        const int v21 = b[i];
        const long v20 = (long)v19;
        const long v22 = (long)v21;
        const long v23 = (long)((ulong)v20 * (ulong)v22);
        const long v24 = (long)((ulong)v18 + (ulong)v23);
        ferrocl_acc0 = v24;
    ferrocl_next: ;
    }
    ferrocl_acc0 = (long)((ulong)ferrocl_acc0 + (ulong)((long)((ulong)((long)((ulong)((long)((ulong)ferrocl_acc0_x0 + (ulong)ferrocl_acc0_x1)) + (ulong)((long)((ulong)ferrocl_acc0_x2 + (ulong)ferrocl_acc0_x3)))) + (ulong)((long)((ulong)((long)((ulong)ferrocl_acc0_x4 + (ulong)ferrocl_acc0_x5)) + (ulong)((long)((ulong)ferrocl_acc0_x6 + (ulong)ferrocl_acc0_x7)))))));
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

// Ferrocl kernel for snap.ReduceShapes.minMax([I[I[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < a.length, step 1
// @Reduce min[0] with Math.min: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
// @Reduce max[0] with Math.max: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void minMax(
    __global const int* FERROCL_RESTRICT a,
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
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    int ferrocl_acc0_x0 = INT_MAX, ferrocl_acc0_x1 = INT_MAX, ferrocl_acc0_x2 = INT_MAX, ferrocl_acc0_x3 = INT_MAX, ferrocl_acc0_x4 = INT_MAX, ferrocl_acc0_x5 = INT_MAX, ferrocl_acc0_x6 = INT_MAX, ferrocl_acc0_x7 = INT_MAX;
    int ferrocl_acc1_x0 = INT_MIN, ferrocl_acc1_x1 = INT_MIN, ferrocl_acc1_x2 = INT_MIN, ferrocl_acc1_x3 = INT_MIN, ferrocl_acc1_x4 = INT_MIN, ferrocl_acc1_x5 = INT_MIN, ferrocl_acc1_x6 = INT_MIN, ferrocl_acc1_x7 = INT_MIN;
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
            const int4 v23_v0 = *(__global const int4*)(a + i_x0);
            const int4 v23_v1 = *(__global const int4*)(a + i_x4);
            const int v18_x0 = ferrocl_acc0_x0;
            const int v18_x1 = ferrocl_acc0_x1;
            const int v18_x2 = ferrocl_acc0_x2;
            const int v18_x3 = ferrocl_acc0_x3;
            const int v18_x4 = ferrocl_acc0_x4;
            const int v18_x5 = ferrocl_acc0_x5;
            const int v18_x6 = ferrocl_acc0_x6;
            const int v18_x7 = ferrocl_acc0_x7;
            const int v20_x0 = min(v18_x0, v19_v0.s0);
            const int v20_x1 = min(v18_x1, v19_v0.s1);
            const int v20_x2 = min(v18_x2, v19_v0.s2);
            const int v20_x3 = min(v18_x3, v19_v0.s3);
            const int v20_x4 = min(v18_x4, v19_v1.s0);
            const int v20_x5 = min(v18_x5, v19_v1.s1);
            const int v20_x6 = min(v18_x6, v19_v1.s2);
            const int v20_x7 = min(v18_x7, v19_v1.s3);
            ferrocl_acc0_x0 = v20_x0;
            ferrocl_acc0_x1 = v20_x1;
            ferrocl_acc0_x2 = v20_x2;
            ferrocl_acc0_x3 = v20_x3;
            ferrocl_acc0_x4 = v20_x4;
            ferrocl_acc0_x5 = v20_x5;
            ferrocl_acc0_x6 = v20_x6;
            ferrocl_acc0_x7 = v20_x7;
            const int v25_x0 = ferrocl_acc1_x0;
            const int v25_x1 = ferrocl_acc1_x1;
            const int v25_x2 = ferrocl_acc1_x2;
            const int v25_x3 = ferrocl_acc1_x3;
            const int v25_x4 = ferrocl_acc1_x4;
            const int v25_x5 = ferrocl_acc1_x5;
            const int v25_x6 = ferrocl_acc1_x6;
            const int v25_x7 = ferrocl_acc1_x7;
            const int v26_x0 = max(v23_v0.s0, v25_x0);
            const int v26_x1 = max(v23_v0.s1, v25_x1);
            const int v26_x2 = max(v23_v0.s2, v25_x2);
            const int v26_x3 = max(v23_v0.s3, v25_x3);
            const int v26_x4 = max(v23_v1.s0, v25_x4);
            const int v26_x5 = max(v23_v1.s1, v25_x5);
            const int v26_x6 = max(v23_v1.s2, v25_x6);
            const int v26_x7 = max(v23_v1.s3, v25_x7);
            ferrocl_acc1_x0 = v26_x0;
            ferrocl_acc1_x1 = v26_x1;
            ferrocl_acc1_x2 = v26_x2;
            ferrocl_acc1_x3 = v26_x3;
            ferrocl_acc1_x4 = v26_x4;
            ferrocl_acc1_x5 = v26_x5;
            ferrocl_acc1_x6 = v26_x6;
            ferrocl_acc1_x7 = v26_x7;
        }
        ferrocl_k += 8 * ferrocl_steps;
    } else {
        for (; ferrocl_k + 3 * ferrocl_g < (ulong)ferrocl_count0; ferrocl_k += 4 * ferrocl_g) {
            const int i_x0 = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
            const int i_x1 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 1 * ferrocl_g));
            const int i_x2 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 2 * ferrocl_g));
            const int i_x3 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 3 * ferrocl_g));
            const int v18_x0 = ferrocl_acc0_x0;
            const int v18_x1 = ferrocl_acc0_x1;
            const int v18_x2 = ferrocl_acc0_x2;
            const int v18_x3 = ferrocl_acc0_x3;
            const int v19_x0 = a[i_x0];
            const int v19_x1 = a[i_x1];
            const int v19_x2 = a[i_x2];
            const int v19_x3 = a[i_x3];
            const int v20_x0 = min(v18_x0, v19_x0);
            const int v20_x1 = min(v18_x1, v19_x1);
            const int v20_x2 = min(v18_x2, v19_x2);
            const int v20_x3 = min(v18_x3, v19_x3);
            ferrocl_acc0_x0 = v20_x0;
            ferrocl_acc0_x1 = v20_x1;
            ferrocl_acc0_x2 = v20_x2;
            ferrocl_acc0_x3 = v20_x3;
            const int v23_x0 = a[i_x0];
            const int v23_x1 = a[i_x1];
            const int v23_x2 = a[i_x2];
            const int v23_x3 = a[i_x3];
            const int v25_x0 = ferrocl_acc1_x0;
            const int v25_x1 = ferrocl_acc1_x1;
            const int v25_x2 = ferrocl_acc1_x2;
            const int v25_x3 = ferrocl_acc1_x3;
            const int v26_x0 = max(v23_x0, v25_x0);
            const int v26_x1 = max(v23_x1, v25_x1);
            const int v26_x2 = max(v23_x2, v25_x2);
            const int v26_x3 = max(v23_x3, v25_x3);
            ferrocl_acc1_x0 = v26_x0;
            ferrocl_acc1_x1 = v26_x1;
            ferrocl_acc1_x2 = v26_x2;
            ferrocl_acc1_x3 = v26_x3;
        }
    }
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const int v18 = ferrocl_acc0;
        const int v19 = a[i];
        const int v20 = min(v18, v19);
        ferrocl_acc0 = v20;
        const int v23 = a[i];
        const int v25 = ferrocl_acc1;
        const int v26 = max(v23, v25);
        ferrocl_acc1 = v26;
    ferrocl_next: ;
    }
    ferrocl_acc0 = min(ferrocl_acc0, (min((min((min(ferrocl_acc0_x0, ferrocl_acc0_x1)), (min(ferrocl_acc0_x2, ferrocl_acc0_x3)))), (min((min(ferrocl_acc0_x4, ferrocl_acc0_x5)), (min(ferrocl_acc0_x6, ferrocl_acc0_x7)))))));
    ferrocl_acc1 = max(ferrocl_acc1, (max((max((max(ferrocl_acc1_x0, ferrocl_acc1_x1)), (max(ferrocl_acc1_x2, ferrocl_acc1_x3)))), (max((max(ferrocl_acc1_x4, ferrocl_acc1_x5)), (max(ferrocl_acc1_x6, ferrocl_acc1_x7)))))));
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

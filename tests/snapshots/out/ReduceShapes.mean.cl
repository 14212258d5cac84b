// Ferrocl kernel for snap.ReduceShapes.mean([F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < a.length, step 1
// @Reduce out[0] with +: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void mean(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global float* ferrocl_partials0,
    __local float* ferrocl_scratch0,
    __global int* ferrocl_status)
{
    float ferrocl_acc0 = -0.0f;
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    float ferrocl_acc0_x0 = -0.0f, ferrocl_acc0_x1 = -0.0f, ferrocl_acc0_x2 = -0.0f, ferrocl_acc0_x3 = -0.0f, ferrocl_acc0_x4 = -0.0f, ferrocl_acc0_x5 = -0.0f, ferrocl_acc0_x6 = -0.0f, ferrocl_acc0_x7 = -0.0f;
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
            const float4 v19_v0 = *(__global const float4*)(a + i_x0);
            const float4 v19_v1 = *(__global const float4*)(a + i_x4);
            const float v18_x0 = ferrocl_acc0_x0;
            const float v18_x1 = ferrocl_acc0_x1;
            const float v18_x2 = ferrocl_acc0_x2;
            const float v18_x3 = ferrocl_acc0_x3;
            const float v18_x4 = ferrocl_acc0_x4;
            const float v18_x5 = ferrocl_acc0_x5;
            const float v18_x6 = ferrocl_acc0_x6;
            const float v18_x7 = ferrocl_acc0_x7;
            const float v20_x0 = (v18_x0 + v19_v0.s0);
            const float v20_x1 = (v18_x1 + v19_v0.s1);
            const float v20_x2 = (v18_x2 + v19_v0.s2);
            const float v20_x3 = (v18_x3 + v19_v0.s3);
            const float v20_x4 = (v18_x4 + v19_v1.s0);
            const float v20_x5 = (v18_x5 + v19_v1.s1);
            const float v20_x6 = (v18_x6 + v19_v1.s2);
            const float v20_x7 = (v18_x7 + v19_v1.s3);
            ferrocl_acc0_x0 = v20_x0;
            ferrocl_acc0_x1 = v20_x1;
            ferrocl_acc0_x2 = v20_x2;
            ferrocl_acc0_x3 = v20_x3;
            ferrocl_acc0_x4 = v20_x4;
            ferrocl_acc0_x5 = v20_x5;
            ferrocl_acc0_x6 = v20_x6;
            ferrocl_acc0_x7 = v20_x7;
        }
        ferrocl_k += 8 * ferrocl_steps;
    } else {
        for (; ferrocl_k + 3 * ferrocl_g < (ulong)ferrocl_count0; ferrocl_k += 4 * ferrocl_g) {
            const int i_x0 = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
            const int i_x1 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 1 * ferrocl_g));
            const int i_x2 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 2 * ferrocl_g));
            const int i_x3 = (int)((uint)ferrocl_start0 + (uint)(ferrocl_k + 3 * ferrocl_g));
            const float v18_x0 = ferrocl_acc0_x0;
            const float v18_x1 = ferrocl_acc0_x1;
            const float v18_x2 = ferrocl_acc0_x2;
            const float v18_x3 = ferrocl_acc0_x3;
            const float v19_x0 = a[i_x0];
            const float v19_x1 = a[i_x1];
            const float v19_x2 = a[i_x2];
            const float v19_x3 = a[i_x3];
            const float v20_x0 = (v18_x0 + v19_x0);
            const float v20_x1 = (v18_x1 + v19_x1);
            const float v20_x2 = (v18_x2 + v19_x2);
            const float v20_x3 = (v18_x3 + v19_x3);
            ferrocl_acc0_x0 = v20_x0;
            ferrocl_acc0_x1 = v20_x1;
            ferrocl_acc0_x2 = v20_x2;
            ferrocl_acc0_x3 = v20_x3;
        }
    }
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const float v18 = ferrocl_acc0;
        const float v19 = a[i];
        const float v20 = (v18 + v19);
        ferrocl_acc0 = v20;
    ferrocl_next: ;
    }
    ferrocl_acc0 = ferrocl_acc0 + (((ferrocl_acc0_x0 + ferrocl_acc0_x1) + (ferrocl_acc0_x2 + ferrocl_acc0_x3)) + ((ferrocl_acc0_x4 + ferrocl_acc0_x5) + (ferrocl_acc0_x6 + ferrocl_acc0_x7)));
    const uint ferrocl_lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    const uint ferrocl_lsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    ferrocl_scratch0[ferrocl_lid] = ferrocl_acc0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint ferrocl_s = ferrocl_lsize >> 1; ferrocl_s > 0u; ferrocl_s >>= 1) {
        if (ferrocl_lid < ferrocl_s) {
            ferrocl_scratch0[ferrocl_lid] = ferrocl_scratch0[ferrocl_lid] + ferrocl_scratch0[ferrocl_lid + ferrocl_s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ferrocl_lid == 0u) {
        const size_t ferrocl_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));
        ferrocl_partials0[ferrocl_group] = ferrocl_scratch0[0];
    }
}

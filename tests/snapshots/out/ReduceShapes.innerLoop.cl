// Ferrocl kernel for snap.ReduceShapes.innerLoop([FI[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
// @Reduce max[0] with Math.max: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

float ferrocl_maxf(float a, float b) { float m = a == b ? as_float(as_int(a) & as_int(b)) : fmax(a, b); m = isnan(b) ? b : m; return isnan(a) ? a : m; }

__kernel void innerLoop(
    __global const float* FERROCL_RESTRICT m,
    const int m_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global float* ferrocl_partials0,
    __local float* ferrocl_scratch0,
    __global int* ferrocl_status)
{
    float ferrocl_acc0 = -INFINITY;
    float row;
    int j;
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const int v29 = (int)((uint)i * (uint)n);
        row = 0.0f;
        j = 0;
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        const long j_last = (long)n + -1L;
        const long j_trips = j_last - (long)j;
        const long j_end = (long)j + j_trips;
        const int j_fast = (j_last + 1L <= 2147483647L)
            && ((ulong)((long)j + (long)v29) < (ulong)m_length && (ulong)(j_end + (long)v29) < (ulong)m_length);
        if (j_fast) {
            for (;;) {
                const bool v25 = (j >= n);
                if (v25) {
                    break;
                } else {
                    const int v30 = (int)((uint)v29 + (uint)j);
                    const float v31 = m[v30];
                    const float row_1 = (row + v31);
                    const int j_1 = (j + 1);
                    row = row_1;
                    j = j_1;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v25_1 = (j >= n);
                if (v25_1) {
                    break;
                } else {
                    const int v30_1 = (int)((uint)v29 + (uint)j);
                    if ((uint)v30_1 >= (uint)m_length) { *ferrocl_status = 1; goto ferrocl_next; }
                    const float v31_1 = m[v30_1];
                    const float row_2 = (row + v31_1);
                    const int j_2 = (j + 1);
                    row = row_2;
                    j = j_2;
                    continue;
                }
            }
        }
        const float v38 = ferrocl_acc0;
        const float v39 = ferrocl_maxf(v38, row);
        ferrocl_acc0 = v39;
    ferrocl_next: ;
    }
    const uint ferrocl_lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    const uint ferrocl_lsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    ferrocl_scratch0[ferrocl_lid] = ferrocl_acc0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint ferrocl_s = ferrocl_lsize >> 1; ferrocl_s > 0u; ferrocl_s >>= 1) {
        if (ferrocl_lid < ferrocl_s) {
            ferrocl_scratch0[ferrocl_lid] = ferrocl_maxf(ferrocl_scratch0[ferrocl_lid], ferrocl_scratch0[ferrocl_lid + ferrocl_s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ferrocl_lid == 0u) {
        const size_t ferrocl_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));
        ferrocl_partials0[ferrocl_group] = ferrocl_scratch0[0];
    }
}

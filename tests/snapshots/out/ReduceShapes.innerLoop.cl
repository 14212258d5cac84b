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
    float row_1;
    int j_1;
    float row_2;
    const ulong ferrocl_g = get_global_size(0);
    ulong ferrocl_k = get_global_id(0);
    for (; ferrocl_k < (ulong)ferrocl_count0; ferrocl_k += ferrocl_g) {
        const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_k);
        const int v29 = (int)((uint)i * (uint)n);
        const long v47 = (long)n;
        const long v49 = (long)((ulong)v47 + (ulong)(-1L));
        const long v51 = (long)((ulong)v49 + (ulong)1L);
        const bool v53 = (v51 <= 2147483647L);
        const long v55 = (long)v29;
        const bool v56 = (v55 >= 0L);
        const long v57 = (long)m_length;
        const bool v58 = (v55 < v57);
        const long v59 = (long)((ulong)v49 + (ulong)v55);
        const bool v60 = (v59 >= 0L);
        const bool v61 = (v59 < v57);
        const bool v63 = (v60 && v61);
        const bool v64 = (v58 && v63);
        const bool v65 = (v56 && v64);
        const bool v66 = (v53 && v65);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v66) {
            row_1 = 0.0f;
            j_1 = 0;
            for (;;) {
                const bool v70 = (j_1 >= n);
                if (v70) {
                    break;
                } else {
                    const int v74 = (int)((uint)v29 + (uint)j_1);
                    const float v75 = m[v74];
                    const float row_3 = (row_1 + v75);
                    const int j_2 = (j_1 + 1);
                    row_1 = row_3;
                    j_1 = j_2;
                    continue;
                }
            }
            row_2 = row_1;
        } else {
            row = 0.0f;
            j = 0;
            for (;;) {
                const bool v25 = (j >= n);
                if (v25) {
                    break;
                } else {
                    const int v30 = (int)((uint)v29 + (uint)j);
                    if ((uint)v30 >= (uint)m_length) { *ferrocl_status = 1; goto ferrocl_next; }
                    const float v31 = m[v30];
                    const float row_4 = (row + v31);
                    const int j_3 = (j + 1);
                    row = row_4;
                    j = j_3;
                    continue;
                }
            }
            row_2 = row;
        }
        const float v38 = ferrocl_acc0;
        const float v39 = ferrocl_maxf(v38, row_2);
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

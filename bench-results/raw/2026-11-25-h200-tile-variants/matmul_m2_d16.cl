// Ferrocl kernel for dev.ferrocl.bench.MatMulBench.matmul(I[F[F[F)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < n, step 1
#pragma OPENCL FP_CONTRACT OFF

void matmul_ferrocl_point(
    const int n,
    __global const float* a,
    const int a_length,
    __global const float* b,
    const int b_length,
    __global float* c,
    const int c_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    __global int* ferrocl_status,
    const size_t ferrocl_gid0,
    const size_t ferrocl_gid1)
{
    if (ferrocl_gid1 >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_gid1);
    if (ferrocl_gid0 >= (size_t)ferrocl_count1) return;
    const int j = (int)((uint)ferrocl_start1 + (uint)ferrocl_gid0);
    float sum;
    int k;
    sum = 0.0f;
    k = 0;
    const int v46 = (int)((uint)i * (uint)n);
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long k_last = (long)n + -1L;
    const long k_trips = k_last - (long)k;
    const long k_end = (long)k + k_trips;
    const long k_scale = (long)n;
    const int k_fast = (k_last + 1L <= 2147483647L)
        && ((ulong)((long)k + (long)v46) < (ulong)a_length && (ulong)(k_end + (long)v46) < (ulong)a_length)
        && (k_scale >= -2147483648L && k_scale <= 2147483648L)
        && ((ulong)(k_scale * (long)k + (long)j) < (ulong)b_length && (ulong)(k_scale * k_end + (long)j) < (ulong)b_length);
    if (k_fast) {
        for (;;) {
            const bool v42 = (k >= n);
            if (v42) {
                break;
            } else {
                const int v47 = (int)((uint)v46 + (uint)k);
                const float v48 = a[v47];
                const int v49 = (int)((uint)k * (uint)n);
                const int v50 = (int)((uint)v49 + (uint)j);
                const float v51 = b[v50];
                const float v52 = (v48 * v51);
                const float sum_1 = (sum + v52);
                const int k_1 = (int)((uint)k + (uint)1);
                sum = sum_1;
                k = k_1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v42_1 = (k >= n);
            if (v42_1) {
                break;
            } else {
                const int v47_1 = (int)((uint)v46 + (uint)k);
                if ((uint)v47_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const float v48_1 = a[v47_1];
                const int v49_1 = (int)((uint)k * (uint)n);
                const int v50_1 = (int)((uint)v49_1 + (uint)j);
                if ((uint)v50_1 >= (uint)b_length) { *ferrocl_status = 1; return; }
                const float v51_1 = b[v50_1];
                const float v52_1 = (v48_1 * v51_1);
                const float sum_2 = (sum + v52_1);
                const int k_2 = (int)((uint)k + (uint)1);
                sum = sum_2;
                k = k_2;
                continue;
            }
        }
    }
    const int v58 = (int)((uint)v46 + (uint)j);
    if ((uint)v58 >= (uint)c_length) { *ferrocl_status = 1; return; }
    c[v58] = sum;
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void matmul(
    const int n,
    __global const float* a,
    const int a_length,
    __global const float* b,
    const int b_length,
    __global float* c,
    const int c_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    __global int* ferrocl_status)
{
    __local float ferrocl_tile0[32][17];
    __local float ferrocl_tile1[16][33];
    const int ferrocl_lx = (int)get_local_id(0);
    const int ferrocl_ly = (int)get_local_id(1);
    const size_t ferrocl_gx = get_group_id(0) * 32;
    const size_t ferrocl_gy = get_group_id(1) * 32;
    const long ferrocl_i_lo = min((long)ferrocl_start0, (long)ferrocl_start0 + ((long)ferrocl_count0 - 1L) * 1L);
    const long ferrocl_i_hi = max((long)ferrocl_start0, (long)ferrocl_start0 + ((long)ferrocl_count0 - 1L) * 1L);
    const long ferrocl_j_lo = min((long)ferrocl_start1, (long)ferrocl_start1 + ((long)ferrocl_count1 - 1L) * 1L);
    const long ferrocl_j_hi = max((long)ferrocl_start1, (long)ferrocl_start1 + ((long)ferrocl_count1 - 1L) * 1L);
    const long ferrocl_k_first = (long)0;
    const long ferrocl_k_last = (long)n + -1L;
    const bool ferrocl_k_any = ferrocl_k_first <= ferrocl_k_last;
    bool ferrocl_tiled = ferrocl_k_last + 1L <= 2147483647L;
    if (ferrocl_tiled && ferrocl_k_any) {
        const long ferrocl_c0_0 = (long)n;
        const long ferrocl_c0_2 = 1L;
        if (ferrocl_c0_0 < -536870912L || ferrocl_c0_0 > 536870912L || ferrocl_c0_2 < -536870912L || ferrocl_c0_2 > 536870912L) ferrocl_tiled = false;
        if (ferrocl_tiled && ((0L) + min(ferrocl_c0_0 * ferrocl_i_lo, ferrocl_c0_0 * ferrocl_i_hi) + min(ferrocl_c0_2 * ferrocl_k_first, ferrocl_c0_2 * ferrocl_k_last) < 0L || (0L) + max(ferrocl_c0_0 * ferrocl_i_lo, ferrocl_c0_0 * ferrocl_i_hi) + max(ferrocl_c0_2 * ferrocl_k_first, ferrocl_c0_2 * ferrocl_k_last) >= (long)a_length)) ferrocl_tiled = false;
    }
    if (ferrocl_tiled && ferrocl_k_any) {
        const long ferrocl_c1_1 = 1L;
        const long ferrocl_c1_2 = (long)n;
        if (ferrocl_c1_1 < -536870912L || ferrocl_c1_1 > 536870912L || ferrocl_c1_2 < -536870912L || ferrocl_c1_2 > 536870912L) ferrocl_tiled = false;
        if (ferrocl_tiled && ((0L) + min(ferrocl_c1_1 * ferrocl_j_lo, ferrocl_c1_1 * ferrocl_j_hi) + min(ferrocl_c1_2 * ferrocl_k_first, ferrocl_c1_2 * ferrocl_k_last) < 0L || (0L) + max(ferrocl_c1_1 * ferrocl_j_lo, ferrocl_c1_1 * ferrocl_j_hi) + max(ferrocl_c1_2 * ferrocl_k_first, ferrocl_c1_2 * ferrocl_k_last) >= (long)b_length)) ferrocl_tiled = false;
    }
    if (ferrocl_tiled) {
        const long ferrocl_c2_0 = (long)n;
        const long ferrocl_c2_1 = 1L;
        if (ferrocl_c2_0 < -536870912L || ferrocl_c2_0 > 536870912L || ferrocl_c2_1 < -536870912L || ferrocl_c2_1 > 536870912L) ferrocl_tiled = false;
        if (ferrocl_tiled && ((0L) + min(ferrocl_c2_0 * ferrocl_i_lo, ferrocl_c2_0 * ferrocl_i_hi) + min(ferrocl_c2_1 * ferrocl_j_lo, ferrocl_c2_1 * ferrocl_j_hi) < 0L || (0L) + max(ferrocl_c2_0 * ferrocl_i_lo, ferrocl_c2_0 * ferrocl_i_hi) + max(ferrocl_c2_1 * ferrocl_j_lo, ferrocl_c2_1 * ferrocl_j_hi) >= (long)c_length)) ferrocl_tiled = false;
    }
    if (!ferrocl_tiled) {
        for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) matmul_ferrocl_point(n, a, a_length, b, b_length, c, c_length, ferrocl_start0, ferrocl_count0, ferrocl_start1, ferrocl_count1, ferrocl_status, ferrocl_gx + (size_t)(ferrocl_lx + 16 * ferrocl_n), ferrocl_gy + (size_t)(ferrocl_ly + 16 * ferrocl_m));
        return;
    }
    int ferrocl_i[2]; bool ferrocl_row_in[2]; int ferrocl_j[2]; bool ferrocl_col_in[2];
    for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) {
        const size_t ferrocl_g = ferrocl_gy + (size_t)(ferrocl_ly + 16 * ferrocl_m);
        ferrocl_row_in[ferrocl_m] = ferrocl_g < (size_t)ferrocl_count0;
        ferrocl_i[ferrocl_m] = (int)((uint)ferrocl_start0 + (uint)ferrocl_g);
    }
    for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) {
        const size_t ferrocl_g = ferrocl_gx + (size_t)(ferrocl_lx + 16 * ferrocl_n);
        ferrocl_col_in[ferrocl_n] = ferrocl_g < (size_t)ferrocl_count1;
        ferrocl_j[ferrocl_n] = (int)((uint)ferrocl_start1 + (uint)ferrocl_g);
    }
    float ferrocl_acc0[2][2];
    #pragma unroll
    for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) {
    #pragma unroll
    for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) {
        if (ferrocl_row_in[ferrocl_m] && ferrocl_col_in[ferrocl_n]) {
            ferrocl_acc0[ferrocl_m][ferrocl_n] = 0.0f;
        } else {
            ferrocl_acc0[ferrocl_m][ferrocl_n] = 0;
        }
    }
    }
    if (ferrocl_k_any) {
        const int ferrocl_lid = ferrocl_ly * 16 + ferrocl_lx;
        for (long ferrocl_t = ferrocl_k_first; ferrocl_t <= ferrocl_k_last; ferrocl_t += 16L) {
            for (int ferrocl_q = 0; ferrocl_q < 2; ferrocl_q++) {
                const int ferrocl_e = ferrocl_lid + 256 * ferrocl_q;
                const int ferrocl_b = ferrocl_e / 16;
                const int ferrocl_c = ferrocl_e % 16;
                const bool ferrocl_ok = ferrocl_gy + (size_t)ferrocl_b < (size_t)ferrocl_count0 && ferrocl_t + (long)ferrocl_c <= ferrocl_k_last;
                const int ferrocl_p = ferrocl_ok ? (int)((uint)ferrocl_start0 + (uint)(ferrocl_gy + (size_t)ferrocl_b)) : (int)((uint)ferrocl_start0 + (uint)0);
                const int ferrocl_kv = ferrocl_ok ? (int)(ferrocl_t + (long)ferrocl_c) : (int)ferrocl_k_first;
                const int v46 = (int)((uint)ferrocl_p * (uint)n);
                const int v47 = (int)((uint)v46 + (uint)ferrocl_kv);
                ferrocl_tile0[ferrocl_b][ferrocl_c] = a[v47];
            }
            for (int ferrocl_q = 0; ferrocl_q < 2; ferrocl_q++) {
                const int ferrocl_e = ferrocl_lid + 256 * ferrocl_q;
                const int ferrocl_b = ferrocl_e % 32;
                const int ferrocl_c = ferrocl_e / 32;
                const bool ferrocl_ok = ferrocl_gx + (size_t)ferrocl_b < (size_t)ferrocl_count1 && ferrocl_t + (long)ferrocl_c <= ferrocl_k_last;
                const int ferrocl_p = ferrocl_ok ? (int)((uint)ferrocl_start1 + (uint)(ferrocl_gx + (size_t)ferrocl_b)) : (int)((uint)ferrocl_start1 + (uint)0);
                const int ferrocl_kv = ferrocl_ok ? (int)(ferrocl_t + (long)ferrocl_c) : (int)ferrocl_k_first;
                const int v49 = (int)((uint)ferrocl_kv * (uint)n);
                const int v50 = (int)((uint)v49 + (uint)ferrocl_p);
                ferrocl_tile1[ferrocl_c][ferrocl_b] = b[v50];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            const int ferrocl_k_count = (int)min(16L, ferrocl_k_last - ferrocl_t + 1L);
            if (ferrocl_k_count == 16) {
                #pragma unroll
                for (int ferrocl_kk = 0; ferrocl_kk < 16; ferrocl_kk++) {
                    const int k = (int)(ferrocl_t + (long)ferrocl_kk);
                    float ferrocl_r0[2];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) {
                        ferrocl_r0[ferrocl_m] = ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk];
                    }
                    float ferrocl_s0[2];
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) {
                        ferrocl_s0[ferrocl_n] = ferrocl_tile1[ferrocl_kk][ferrocl_lx + 16 * ferrocl_n];
                    }
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) {
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) {
                        const float v52 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const float sum = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v52);
                        const float ferrocl_next0 = sum;
                        ferrocl_acc0[ferrocl_m][ferrocl_n] = ferrocl_next0;
                    }
                    }
                }
            } else {
                for (int ferrocl_kk = 0; ferrocl_kk < ferrocl_k_count; ferrocl_kk++) {
                    const int k_1 = (int)(ferrocl_t + (long)ferrocl_kk);
                    float ferrocl_r0[2];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) {
                        ferrocl_r0[ferrocl_m] = ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk];
                    }
                    float ferrocl_s0[2];
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) {
                        ferrocl_s0[ferrocl_n] = ferrocl_tile1[ferrocl_kk][ferrocl_lx + 16 * ferrocl_n];
                    }
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) {
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) {
                        const float v52_1 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const float sum_1 = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v52_1);
                        const float ferrocl_next0 = sum_1;
                        ferrocl_acc0[ferrocl_m][ferrocl_n] = ferrocl_next0;
                    }
                    }
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    const int ferrocl_k_final = (int)(ferrocl_k_any ? ferrocl_k_last + 1L : ferrocl_k_first);
    #pragma unroll
    for (int ferrocl_m = 0; ferrocl_m < 2; ferrocl_m++) {
    #pragma unroll
    for (int ferrocl_n = 0; ferrocl_n < 2; ferrocl_n++) {
        if (ferrocl_row_in[ferrocl_m] && ferrocl_col_in[ferrocl_n]) {
            const int v46_1 = (int)((uint)ferrocl_i[ferrocl_m] * (uint)n);
            const int v58 = (int)((uint)v46_1 + (uint)ferrocl_j[ferrocl_n]);
            c[v58] = ferrocl_acc0[ferrocl_m][ferrocl_n];
        }
    }
    }
}

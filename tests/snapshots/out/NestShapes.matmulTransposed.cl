// Ferrocl kernel for snap.NestShapes.matmulTransposed([D[D[DIII)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < m, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

void matmulTransposed_ferrocl_point(
    __global const double* FERROCL_RESTRICT a,
    const int a_length,
    __global const double* FERROCL_RESTRICT b,
    const int b_length,
    __global double* FERROCL_RESTRICT c,
    const int c_length,
    const int n,
    const int m,
    const int k,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    const int ferrocl_proven,
    __global int* ferrocl_status,
    const size_t ferrocl_gid0,
    const size_t ferrocl_gid1)
{
    if (ferrocl_gid1 >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_gid1);
    if (ferrocl_gid0 >= (size_t)ferrocl_count1) return;
    const int j = (int)((uint)ferrocl_start1 + (uint)ferrocl_gid0);
    double sum;
    int p;
    const int v57 = (int)((uint)j * (uint)k);
    sum = 0.0;
    p = 0;
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long p_last = (long)k + -1L;
    const long p_trips = p_last - (long)p;
    const long p_end = (long)p + p_trips;
    const long p_scale = (long)n;
    const int p_fast = (p_last + 1L <= 2147483647L)
        && (p_scale >= -2147483648L && p_scale <= 2147483648L)
        && ((ulong)(p_scale * (long)p + (long)i) < (ulong)a_length && (ulong)(p_scale * p_end + (long)i) < (ulong)a_length)
        && ((ulong)((long)p + (long)v57) < (ulong)b_length && (ulong)(p_end + (long)v57) < (ulong)b_length);
    if (p_fast) {
        for (;;) {
            const bool v50 = (p >= k);
            if (v50) {
                break;
            } else {
                const int v54 = (int)((uint)p * (uint)n);
                const int v55 = (int)((uint)v54 + (uint)i);
                const double v56 = a[v55];
                const int v58 = (int)((uint)v57 + (uint)p);
                const double v59 = b[v58];
                const double v60 = (v56 * v59);
                const double sum_1 = (sum + v60);
                const int p_1 = (p + 1);
                sum = sum_1;
                p = p_1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v50_1 = (p >= k);
            if (v50_1) {
                break;
            } else {
                const int v54_1 = (int)((uint)p * (uint)n);
                const int v55_1 = (int)((uint)v54_1 + (uint)i);
                if ((uint)v55_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const double v56_1 = a[v55_1];
                const int v58_1 = (int)((uint)v57 + (uint)p);
                if ((uint)v58_1 >= (uint)b_length) { *ferrocl_status = 1; return; }
                const double v59_1 = b[v58_1];
                const double v60_1 = (v56_1 * v59_1);
                const double sum_2 = (sum + v60_1);
                const int p_2 = (p + 1);
                sum = sum_2;
                p = p_2;
                continue;
            }
        }
    }
    const int v65 = (int)((uint)i * (uint)m);
    const int v66 = (int)((uint)v65 + (uint)j);
    if ((uint)v66 >= (uint)c_length) { *ferrocl_status = 1; return; }
    c[v66] = sum;
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void matmulTransposed(
    __global const double* FERROCL_RESTRICT a,
    const int a_length,
    __global const double* FERROCL_RESTRICT b,
    const int b_length,
    __global double* FERROCL_RESTRICT c,
    const int c_length,
    const int n,
    const int m,
    const int k,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    #ifndef FERROCL_MICRO
    #define FERROCL_MICRO 4
    #endif
    #define FERROCL_BLOCK (16 * FERROCL_MICRO)
    __local double ferrocl_tile0[FERROCL_BLOCK][17];
    __local double ferrocl_tile1[16][FERROCL_BLOCK + 1];
    const int ferrocl_lx = (int)get_local_id(0);
    const int ferrocl_ly = (int)get_local_id(1);
    const size_t ferrocl_gx = get_group_id(0) * FERROCL_BLOCK;
    const size_t ferrocl_gy = get_group_id(1) * FERROCL_BLOCK;
    const long ferrocl_k_first = (long)0;
    const long ferrocl_k_last = (long)k + -1L;
    const bool ferrocl_k_any = ferrocl_k_first <= ferrocl_k_last;
    const bool ferrocl_tiled = ferrocl_proven != 0;
    if (!ferrocl_tiled) {
        for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) matmulTransposed_ferrocl_point(a, a_length, b, b_length, c, c_length, n, m, k, ferrocl_start0, ferrocl_count0, ferrocl_start1, ferrocl_count1, ferrocl_proven, ferrocl_status, ferrocl_gx + (size_t)(ferrocl_lx + 16 * ferrocl_n), ferrocl_gy + (size_t)(ferrocl_ly + 16 * ferrocl_m));
        return;
    }
    int ferrocl_i[FERROCL_MICRO]; bool ferrocl_row_in[FERROCL_MICRO]; int ferrocl_j[FERROCL_MICRO]; bool ferrocl_col_in[FERROCL_MICRO];
    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
        const size_t ferrocl_g = ferrocl_gy + (size_t)(ferrocl_ly + 16 * ferrocl_m);
        ferrocl_row_in[ferrocl_m] = ferrocl_g < (size_t)ferrocl_count0;
        ferrocl_i[ferrocl_m] = (int)((uint)ferrocl_start0 + (uint)(ferrocl_row_in[ferrocl_m] ? ferrocl_g : (size_t)0));
    }
    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
        const size_t ferrocl_g = ferrocl_gx + (size_t)(ferrocl_lx + 16 * ferrocl_n);
        ferrocl_col_in[ferrocl_n] = ferrocl_g < (size_t)ferrocl_count1;
        ferrocl_j[ferrocl_n] = (int)((uint)ferrocl_start1 + (uint)(ferrocl_col_in[ferrocl_n] ? ferrocl_g : (size_t)0));
    }
    double ferrocl_acc0[FERROCL_MICRO][FERROCL_MICRO];
    #pragma unroll
    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
    #pragma unroll
    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
        if (ferrocl_row_in[ferrocl_m] && ferrocl_col_in[ferrocl_n]) {
            ferrocl_acc0[ferrocl_m][ferrocl_n] = 0.0;
        } else {
            ferrocl_acc0[ferrocl_m][ferrocl_n] = 0;
        }
    }
    }
    if (ferrocl_k_any) {
        const int ferrocl_lid = ferrocl_ly * 16 + ferrocl_lx;
        for (long ferrocl_t = ferrocl_k_first; ferrocl_t <= ferrocl_k_last; ferrocl_t += 16L) {
            for (int ferrocl_q = 0; ferrocl_q < (FERROCL_BLOCK * 16 / 256); ferrocl_q++) {
                const int ferrocl_e = ferrocl_lid + 256 * ferrocl_q;
                const int ferrocl_b = ferrocl_e % FERROCL_BLOCK;
                const int ferrocl_c = ferrocl_e / FERROCL_BLOCK;
                const bool ferrocl_ok = ferrocl_gy + (size_t)ferrocl_b < (size_t)ferrocl_count0 && ferrocl_t + (long)ferrocl_c <= ferrocl_k_last;
                const int ferrocl_p = ferrocl_ok ? (int)((uint)ferrocl_start0 + (uint)(ferrocl_gy + (size_t)ferrocl_b)) : (int)((uint)ferrocl_start0 + (uint)0);
                const int ferrocl_kv = ferrocl_ok ? (int)(ferrocl_t + (long)ferrocl_c) : (int)ferrocl_k_first;
                const int v54 = (int)((uint)ferrocl_kv * (uint)n);
                const int v55 = (int)((uint)v54 + (uint)ferrocl_p);
                ferrocl_tile0[ferrocl_b][ferrocl_c] = a[v55];
            }
            for (int ferrocl_q = 0; ferrocl_q < (FERROCL_BLOCK * 16 / 256); ferrocl_q++) {
                const int ferrocl_e = ferrocl_lid + 256 * ferrocl_q;
                const int ferrocl_b = ferrocl_e / 16;
                const int ferrocl_c = ferrocl_e % 16;
                const bool ferrocl_ok = ferrocl_gx + (size_t)ferrocl_b < (size_t)ferrocl_count1 && ferrocl_t + (long)ferrocl_c <= ferrocl_k_last;
                const int ferrocl_p = ferrocl_ok ? (int)((uint)ferrocl_start1 + (uint)(ferrocl_gx + (size_t)ferrocl_b)) : (int)((uint)ferrocl_start1 + (uint)0);
                const int ferrocl_kv = ferrocl_ok ? (int)(ferrocl_t + (long)ferrocl_c) : (int)ferrocl_k_first;
                const int v57 = (int)((uint)ferrocl_p * (uint)k);
                const int v58 = (int)((uint)v57 + (uint)ferrocl_kv);
                ferrocl_tile1[ferrocl_c][ferrocl_b] = b[v58];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            const int ferrocl_k_count = (int)min(16L, ferrocl_k_last - ferrocl_t + 1L);
            if (ferrocl_k_count == 16) {
                #pragma unroll
                for (int ferrocl_kk = 0; ferrocl_kk < 16; ferrocl_kk++) {
                    const int k_1 = (int)(ferrocl_t + (long)ferrocl_kk);
                    double ferrocl_r0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                        ferrocl_r0[ferrocl_m] = ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk];
                    }
                    double ferrocl_s0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        ferrocl_s0[ferrocl_n] = ferrocl_tile1[ferrocl_kk][ferrocl_lx + 16 * ferrocl_n];
                    }
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        const double v60 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const double sum = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v60);
                        const double ferrocl_next0 = sum;
                        ferrocl_acc0[ferrocl_m][ferrocl_n] = ferrocl_next0;
                    }
                    }
                }
            } else {
                for (int ferrocl_kk = 0; ferrocl_kk < ferrocl_k_count; ferrocl_kk++) {
                    const int k_2 = (int)(ferrocl_t + (long)ferrocl_kk);
                    double ferrocl_r0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                        ferrocl_r0[ferrocl_m] = ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk];
                    }
                    double ferrocl_s0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        ferrocl_s0[ferrocl_n] = ferrocl_tile1[ferrocl_kk][ferrocl_lx + 16 * ferrocl_n];
                    }
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        const double v60_1 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const double sum_1 = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v60_1);
                        const double ferrocl_next0 = sum_1;
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
    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
    #pragma unroll
    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
        if (ferrocl_row_in[ferrocl_m] && ferrocl_col_in[ferrocl_n]) {
            const int v65 = (int)((uint)ferrocl_i[ferrocl_m] * (uint)m);
            const int v66 = (int)((uint)v65 + (uint)ferrocl_j[ferrocl_n]);
            c[v66] = ferrocl_acc0[ferrocl_m][ferrocl_n];
        }
    }
    }
}

// Ferrocl kernel for snap.NestShapes.matmul([F[F[FIII)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < m, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

void matmul_ferrocl_point(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
    __global float* FERROCL_RESTRICT c,
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
    float sum;
    int p;
    float sum_1;
    int p_1;
    float sum_2;
    const int v54 = (int)((uint)i * (uint)k);
    const long v105 = (long)k;
    const long v107 = (long)((ulong)v105 + (ulong)(-1L));
    const long v109 = (long)((ulong)v107 + (ulong)1L);
    const bool v111 = (v109 <= 2147483647L);
    const long v113 = (long)v54;
    const bool v114 = (v113 >= 0L);
    const long v115 = (long)a_length;
    const bool v116 = (v113 < v115);
    const long v117 = (long)((ulong)v107 + (ulong)v113);
    const bool v118 = (v117 >= 0L);
    const bool v119 = (v117 < v115);
    const long v121 = (long)j;
    const long v122 = (long)m;
    const bool v125 = (v122 >= (-2147483648L));
    const bool v126 = (v122 <= 2147483648L);
    const bool v127 = (v121 >= 0L);
    const long v128 = (long)b_length;
    const bool v129 = (v121 < v128);
    const long v130 = (long)((ulong)v122 * (ulong)v107);
    const long v131 = (long)((ulong)v130 + (ulong)v121);
    const bool v132 = (v131 >= 0L);
    const bool v133 = (v131 < v128);
    const bool v135 = (v132 && v133);
    const bool v136 = (v129 && v135);
    const bool v137 = (v127 && v136);
    const bool v138 = (v126 && v137);
    const bool v139 = (v125 && v138);
    const bool v140 = (v119 && v139);
    const bool v141 = (v118 && v140);
    const bool v142 = (v116 && v141);
    const bool v143 = (v114 && v142);
    const bool v144 = (v111 && v143);
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    if (v144) {
        sum_1 = 0.0f;
        p_1 = 0;
        for (;;) {
            const bool v148 = (p_1 >= k);
            if (v148) {
                break;
            } else {
                const int v152 = (int)((uint)v54 + (uint)p_1);
                const float v153 = a[v152];
                const int v154 = (int)((uint)p_1 * (uint)m);
                const int v155 = (int)((uint)v154 + (uint)j);
                const float v156 = b[v155];
                const float v157 = (v153 * v156);
                const float sum_3 = (sum_1 + v157);
                const int p_2 = (p_1 + 1);
                sum_1 = sum_3;
                p_1 = p_2;
                continue;
            }
        }
        sum_2 = sum_1;
    } else {
        sum = 0.0f;
        p = 0;
        for (;;) {
            const bool v50 = (p >= k);
            if (v50) {
                break;
            } else {
                const int v55 = (int)((uint)v54 + (uint)p);
                if ((uint)v55 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const float v56 = a[v55];
                const int v57 = (int)((uint)p * (uint)m);
                const int v58 = (int)((uint)v57 + (uint)j);
                if ((uint)v58 >= (uint)b_length) { *ferrocl_status = 1; return; }
                const float v59 = b[v58];
                const float v60 = (v56 * v59);
                const float sum_4 = (sum + v60);
                const int p_3 = (p + 1);
                sum = sum_4;
                p = p_3;
                continue;
            }
        }
        sum_2 = sum;
    }
    const int v65 = (int)((uint)i * (uint)m);
    const int v66 = (int)((uint)v65 + (uint)j);
    if ((uint)v66 >= (uint)c_length) { *ferrocl_status = 1; return; }
    c[v66] = sum_2;
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void matmul(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
    __global float* FERROCL_RESTRICT c,
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
    __local float ferrocl_tile0[FERROCL_BLOCK][17];
    __local float ferrocl_tile1[16][FERROCL_BLOCK + 1];
    const int ferrocl_lx = (int)get_local_id(0);
    const int ferrocl_ly = (int)get_local_id(1);
    const size_t ferrocl_gx = get_group_id(0) * FERROCL_BLOCK;
    const size_t ferrocl_gy = get_group_id(1) * FERROCL_BLOCK;
    const long ferrocl_k_first = (long)0;
    const long ferrocl_k_last = (long)k + -1L;
    const bool ferrocl_k_any = ferrocl_k_first <= ferrocl_k_last;
    const bool ferrocl_tiled = ferrocl_proven != 0;
    if (!ferrocl_tiled) {
        for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) matmul_ferrocl_point(a, a_length, b, b_length, c, c_length, n, m, k, ferrocl_start0, ferrocl_count0, ferrocl_start1, ferrocl_count1, ferrocl_proven, ferrocl_status, ferrocl_gx + (size_t)(ferrocl_lx + 16 * ferrocl_n), ferrocl_gy + (size_t)(ferrocl_ly + 16 * ferrocl_m));
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
    float ferrocl_acc0[FERROCL_MICRO][FERROCL_MICRO];
    #pragma unroll
    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
    #pragma unroll
    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
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
            for (int ferrocl_q = 0; ferrocl_q < (FERROCL_BLOCK * 16 / 256); ferrocl_q++) {
                const int ferrocl_e = ferrocl_lid + 256 * ferrocl_q;
                const int ferrocl_b = ferrocl_e / 16;
                const int ferrocl_c = ferrocl_e % 16;
                const bool ferrocl_ok = ferrocl_gy + (size_t)ferrocl_b < (size_t)ferrocl_count0 && ferrocl_t + (long)ferrocl_c <= ferrocl_k_last;
                const int ferrocl_p = ferrocl_ok ? (int)((uint)ferrocl_start0 + (uint)(ferrocl_gy + (size_t)ferrocl_b)) : (int)((uint)ferrocl_start0 + (uint)0);
                const int ferrocl_kv = ferrocl_ok ? (int)(ferrocl_t + (long)ferrocl_c) : (int)ferrocl_k_first;
                const int v54 = (int)((uint)ferrocl_p * (uint)k);
                const int v55 = (int)((uint)v54 + (uint)ferrocl_kv);
                ferrocl_tile0[ferrocl_b][ferrocl_c] = a[v55];
            }
            for (int ferrocl_q = 0; ferrocl_q < (FERROCL_BLOCK * 16 / 256); ferrocl_q++) {
                const int ferrocl_e = ferrocl_lid + 256 * ferrocl_q;
                const int ferrocl_b = ferrocl_e % FERROCL_BLOCK;
                const int ferrocl_c = ferrocl_e / FERROCL_BLOCK;
                const bool ferrocl_ok = ferrocl_gx + (size_t)ferrocl_b < (size_t)ferrocl_count1 && ferrocl_t + (long)ferrocl_c <= ferrocl_k_last;
                const int ferrocl_p = ferrocl_ok ? (int)((uint)ferrocl_start1 + (uint)(ferrocl_gx + (size_t)ferrocl_b)) : (int)((uint)ferrocl_start1 + (uint)0);
                const int ferrocl_kv = ferrocl_ok ? (int)(ferrocl_t + (long)ferrocl_c) : (int)ferrocl_k_first;
                const int v57 = (int)((uint)ferrocl_kv * (uint)m);
                const int v58 = (int)((uint)v57 + (uint)ferrocl_p);
                ferrocl_tile1[ferrocl_c][ferrocl_b] = b[v58];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            const int ferrocl_k_count = (int)min(16L, ferrocl_k_last - ferrocl_t + 1L);
            if (ferrocl_k_count == 16) {
                #pragma unroll
                for (int ferrocl_kk = 0; ferrocl_kk < 16; ferrocl_kk++) {
                    const int k_1 = (int)(ferrocl_t + (long)ferrocl_kk);
                    float ferrocl_r0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                        ferrocl_r0[ferrocl_m] = ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk];
                    }
                    float ferrocl_s0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        ferrocl_s0[ferrocl_n] = ferrocl_tile1[ferrocl_kk][ferrocl_lx + 16 * ferrocl_n];
                    }
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        const float v60 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const float sum = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v60);
                        const float ferrocl_next0 = sum;
                        ferrocl_acc0[ferrocl_m][ferrocl_n] = ferrocl_next0;
                    }
                    }
                }
            } else {
                for (int ferrocl_kk = 0; ferrocl_kk < ferrocl_k_count; ferrocl_kk++) {
                    const int k_2 = (int)(ferrocl_t + (long)ferrocl_kk);
                    float ferrocl_r0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                        ferrocl_r0[ferrocl_m] = ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk];
                    }
                    float ferrocl_s0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        ferrocl_s0[ferrocl_n] = ferrocl_tile1[ferrocl_kk][ferrocl_lx + 16 * ferrocl_n];
                    }
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                    #pragma unroll
                    for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) {
                        const float v60_1 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const float sum_1 = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v60_1);
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

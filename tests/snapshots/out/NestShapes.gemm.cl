// Ferrocl kernel for snap.NestShapes.gemm(IFF[F[F[F)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

void gemm_ferrocl_point(
    const int n,
    const float alpha,
    const float beta,
    __global float* FERROCL_RESTRICT c,
    const int c_length,
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
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
    float acc;
    int k;
    float acc_1;
    int k_1;
    float acc_2;
    const int v36 = (int)((uint)i * (uint)n);
    const int v37 = (int)((uint)v36 + (uint)j);
    if ((uint)v37 >= (uint)c_length) { *ferrocl_status = 1; return; }
    const float v38 = c[v37];
    const float acc_3 = (v38 * beta);
    const long v113 = (long)n;
    const long v115 = (long)((ulong)v113 + (ulong)(-1L));
    const long v117 = (long)((ulong)v115 + (ulong)1L);
    const bool v119 = (v117 <= 2147483647L);
    const long v121 = (long)v36;
    const bool v122 = (v121 >= 0L);
    const long v123 = (long)a_length;
    const bool v124 = (v121 < v123);
    const long v125 = (long)((ulong)v115 + (ulong)v121);
    const bool v126 = (v125 >= 0L);
    const bool v127 = (v125 < v123);
    const long v129 = (long)j;
    const bool v132 = (v113 >= (-2147483648L));
    const bool v133 = (v113 <= 2147483648L);
    const bool v134 = (v129 >= 0L);
    const long v135 = (long)b_length;
    const bool v136 = (v129 < v135);
    const long v137 = (long)((ulong)v113 * (ulong)v115);
    const long v138 = (long)((ulong)v137 + (ulong)v129);
    const bool v139 = (v138 >= 0L);
    const bool v140 = (v138 < v135);
    const bool v142 = (v139 && v140);
    const bool v143 = (v136 && v142);
    const bool v144 = (v134 && v143);
    const bool v145 = (v133 && v144);
    const bool v146 = (v132 && v145);
    const bool v147 = (v127 && v146);
    const bool v148 = (v126 && v147);
    const bool v149 = (v124 && v148);
    const bool v150 = (v122 && v149);
    const bool v151 = (v119 && v150);
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    if (v151) {
        acc_1 = acc_3;
        k_1 = 0;
        for (;;) {
            const bool v155 = (k_1 >= n);
            if (v155) {
                break;
            } else {
                const int v159 = (int)((uint)v36 + (uint)k_1);
                const float v160 = a[v159];
                const int v162 = (int)((uint)k_1 * (uint)n);
                const int v163 = (int)((uint)v162 + (uint)j);
                const float v164 = b[v163];
                const float v161 = (alpha * v160);
                const float v165 = (v161 * v164);
                const float acc_4 = (acc_1 + v165);
                const int k_2 = (k_1 + 1);
                acc_1 = acc_4;
                k_1 = k_2;
                continue;
            }
        }
        acc_2 = acc_1;
    } else {
        acc = acc_3;
        k = 0;
        for (;;) {
            const bool v53 = (k >= n);
            if (v53) {
                break;
            } else {
                const int v58 = (int)((uint)v36 + (uint)k);
                if ((uint)v58 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const float v59 = a[v58];
                const int v61 = (int)((uint)k * (uint)n);
                const int v62 = (int)((uint)v61 + (uint)j);
                if ((uint)v62 >= (uint)b_length) { *ferrocl_status = 1; return; }
                const float v63 = b[v62];
                const float v60 = (alpha * v59);
                const float v64 = (v60 * v63);
                const float acc_5 = (acc + v64);
                const int k_3 = (k + 1);
                acc = acc_5;
                k = k_3;
                continue;
            }
        }
        acc_2 = acc;
    }
    c[v37] = acc_2;
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void gemm(
    const int n,
    const float alpha,
    const float beta,
    __global float* FERROCL_RESTRICT c,
    const int c_length,
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
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
    const long ferrocl_k_last = (long)n + -1L;
    const bool ferrocl_k_any = ferrocl_k_first <= ferrocl_k_last;
    const bool ferrocl_tiled = ferrocl_proven != 0;
    if (!ferrocl_tiled) {
        for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) for (int ferrocl_n = 0; ferrocl_n < FERROCL_MICRO; ferrocl_n++) gemm_ferrocl_point(n, alpha, beta, c, c_length, a, a_length, b, b_length, ferrocl_start0, ferrocl_count0, ferrocl_start1, ferrocl_count1, ferrocl_proven, ferrocl_status, ferrocl_gx + (size_t)(ferrocl_lx + 16 * ferrocl_n), ferrocl_gy + (size_t)(ferrocl_ly + 16 * ferrocl_m));
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
            const int v36 = (int)((uint)ferrocl_i[ferrocl_m] * (uint)n);
            const int v37 = (int)((uint)v36 + (uint)ferrocl_j[ferrocl_n]);
            const float v38 = c[v37];
            const float acc = (v38 * beta);
            ferrocl_acc0[ferrocl_m][ferrocl_n] = acc;
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
                const int v36_1 = (int)((uint)ferrocl_p * (uint)n);
                const int v58 = (int)((uint)v36_1 + (uint)ferrocl_kv);
                ferrocl_tile0[ferrocl_b][ferrocl_c] = a[v58];
            }
            for (int ferrocl_q = 0; ferrocl_q < (FERROCL_BLOCK * 16 / 256); ferrocl_q++) {
                const int ferrocl_e = ferrocl_lid + 256 * ferrocl_q;
                const int ferrocl_b = ferrocl_e % FERROCL_BLOCK;
                const int ferrocl_c = ferrocl_e / FERROCL_BLOCK;
                const bool ferrocl_ok = ferrocl_gx + (size_t)ferrocl_b < (size_t)ferrocl_count1 && ferrocl_t + (long)ferrocl_c <= ferrocl_k_last;
                const int ferrocl_p = ferrocl_ok ? (int)((uint)ferrocl_start1 + (uint)(ferrocl_gx + (size_t)ferrocl_b)) : (int)((uint)ferrocl_start1 + (uint)0);
                const int ferrocl_kv = ferrocl_ok ? (int)(ferrocl_t + (long)ferrocl_c) : (int)ferrocl_k_first;
                const int v61 = (int)((uint)ferrocl_kv * (uint)n);
                const int v62 = (int)((uint)v61 + (uint)ferrocl_p);
                ferrocl_tile1[ferrocl_c][ferrocl_b] = b[v62];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            const int ferrocl_k_count = (int)min(16L, ferrocl_k_last - ferrocl_t + 1L);
            if (ferrocl_k_count == 16) {
                #pragma unroll
                for (int ferrocl_kk = 0; ferrocl_kk < 16; ferrocl_kk++) {
                    const int k = (int)(ferrocl_t + (long)ferrocl_kk);
                    float ferrocl_r0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                        const float v60 = (alpha * ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk]);
                        ferrocl_r0[ferrocl_m] = v60;
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
                        const float v64 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const float acc_1 = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v64);
                        const float ferrocl_next0 = acc_1;
                        ferrocl_acc0[ferrocl_m][ferrocl_n] = ferrocl_next0;
                    }
                    }
                }
            } else {
                for (int ferrocl_kk = 0; ferrocl_kk < ferrocl_k_count; ferrocl_kk++) {
                    const int k_1 = (int)(ferrocl_t + (long)ferrocl_kk);
                    float ferrocl_r0[FERROCL_MICRO];
                    #pragma unroll
                    for (int ferrocl_m = 0; ferrocl_m < FERROCL_MICRO; ferrocl_m++) {
                        const float v60_1 = (alpha * ferrocl_tile0[ferrocl_ly + 16 * ferrocl_m][ferrocl_kk]);
                        ferrocl_r0[ferrocl_m] = v60_1;
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
                        const float v64_1 = (ferrocl_r0[ferrocl_m] * ferrocl_s0[ferrocl_n]);
                        const float acc_2 = (ferrocl_acc0[ferrocl_m][ferrocl_n] + v64_1);
                        const float ferrocl_next0 = acc_2;
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
            const int v36_2 = (int)((uint)ferrocl_i[ferrocl_m] * (uint)n);
            const int v37_1 = (int)((uint)v36_2 + (uint)ferrocl_j[ferrocl_n]);
            const float v38_1 = c[v37_1];
            c[v37_1] = ferrocl_acc0[ferrocl_m][ferrocl_n];
        }
    }
    }
}

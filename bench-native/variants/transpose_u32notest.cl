// Ferrocl kernel for dev.ferrocl.bench.TransposeBench.transpose(I[F[F)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < n, step 1
#pragma OPENCL FP_CONTRACT OFF

void transpose_ferrocl_point(
    const int n,
    __global const float* in,
    const int in_length,
    __global float* out,
    const int out_length,
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
    const int v29 = (int)((uint)i * (uint)n);
    const int v30 = (int)((uint)v29 + (uint)j);
    if ((uint)v30 >= (uint)in_length) { *ferrocl_status = 1; return; }
    const float v31 = in[v30];
    const int v27 = (int)((uint)j * (uint)n);
    const int v28 = (int)((uint)v27 + (uint)i);
    if ((uint)v28 >= (uint)out_length) { *ferrocl_status = 1; return; }
    out[v28] = v31;
}

__kernel __attribute__((reqd_work_group_size(32, 8, 1))) void transpose(
    const int n,
    __global const float* in,
    const int in_length,
    __global float* out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    __global int* ferrocl_status)
{
    __local float ferrocl_out0[32][33];
    const int ferrocl_lx = (int)get_local_id(0);
    const int ferrocl_ly = (int)get_local_id(1);
    const uint ferrocl_gx = get_group_id(0) * 32;
    const uint ferrocl_gy = get_group_id(1) * 32;
    const long ferrocl_i_lo = min((long)ferrocl_start0, (long)ferrocl_start0 + ((long)ferrocl_count0 - 1L) * 1L);
    const long ferrocl_i_hi = max((long)ferrocl_start0, (long)ferrocl_start0 + ((long)ferrocl_count0 - 1L) * 1L);
    const long ferrocl_j_lo = min((long)ferrocl_start1, (long)ferrocl_start1 + ((long)ferrocl_count1 - 1L) * 1L);
    const long ferrocl_j_hi = max((long)ferrocl_start1, (long)ferrocl_start1 + ((long)ferrocl_count1 - 1L) * 1L);
    bool ferrocl_staged = true;
    if (ferrocl_staged) {
        const long ferrocl_c0_0 = (long)n;
        const long ferrocl_c0_1 = 1L;
        if (ferrocl_c0_0 < -536870912L || ferrocl_c0_0 > 536870912L || ferrocl_c0_1 < -536870912L || ferrocl_c0_1 > 536870912L) ferrocl_staged = false;
        if (ferrocl_staged && ((0L) + min(ferrocl_c0_0 * ferrocl_i_lo, ferrocl_c0_0 * ferrocl_i_hi) + min(ferrocl_c0_1 * ferrocl_j_lo, ferrocl_c0_1 * ferrocl_j_hi) < 0L || (0L) + max(ferrocl_c0_0 * ferrocl_i_lo, ferrocl_c0_0 * ferrocl_i_hi) + max(ferrocl_c0_1 * ferrocl_j_lo, ferrocl_c0_1 * ferrocl_j_hi) >= (long)in_length)) ferrocl_staged = false;
    }
    if (ferrocl_staged) {
        const long ferrocl_c1_0 = 1L;
        const long ferrocl_c1_1 = (long)n;
        if (ferrocl_c1_0 < -536870912L || ferrocl_c1_0 > 536870912L || ferrocl_c1_1 < -536870912L || ferrocl_c1_1 > 536870912L) ferrocl_staged = false;
        if (ferrocl_staged && ((0L) + min(ferrocl_c1_0 * ferrocl_i_lo, ferrocl_c1_0 * ferrocl_i_hi) + min(ferrocl_c1_1 * ferrocl_j_lo, ferrocl_c1_1 * ferrocl_j_hi) < 0L || (0L) + max(ferrocl_c1_0 * ferrocl_i_lo, ferrocl_c1_0 * ferrocl_i_hi) + max(ferrocl_c1_1 * ferrocl_j_lo, ferrocl_c1_1 * ferrocl_j_hi) >= (long)out_length)) ferrocl_staged = false;
    }
    ferrocl_staged = true;
    if (!ferrocl_staged) {
        for (int ferrocl_r = 0; ferrocl_r < 4; ferrocl_r++) transpose_ferrocl_point(n, in, in_length, out, out_length, ferrocl_start0, ferrocl_count0, ferrocl_start1, ferrocl_count1, ferrocl_status, ferrocl_gx + (uint)ferrocl_lx, ferrocl_gy + (uint)(ferrocl_ly + 8 * ferrocl_r));
        return;
    }
    for (int ferrocl_r = 0; ferrocl_r < 4; ferrocl_r++) {
        const uint ferrocl_pi = ferrocl_gy + (uint)(ferrocl_ly + 8 * ferrocl_r);
        const uint ferrocl_pj = ferrocl_gx + (uint)ferrocl_lx;
        const bool ferrocl_in = ferrocl_pi < (uint)ferrocl_count0 && ferrocl_pj < (uint)ferrocl_count1;
        if (ferrocl_in) {
            const int ferrocl_bi = (int)((uint)ferrocl_start0 + (uint)ferrocl_pi);
            const int ferrocl_bj = (int)((uint)ferrocl_start1 + (uint)ferrocl_pj);
            const int v29 = (int)((uint)ferrocl_bi * (uint)n);
            const int v30 = (int)((uint)v29 + (uint)ferrocl_bj);
            const float v31 = in[v30];
            ferrocl_out0[ferrocl_ly + 8 * ferrocl_r][ferrocl_lx] = v31;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int ferrocl_r = 0; ferrocl_r < 4; ferrocl_r++) {
        const uint ferrocl_pi = ferrocl_gy + (uint)ferrocl_lx;
        const uint ferrocl_pj = ferrocl_gx + (uint)(ferrocl_ly + 8 * ferrocl_r);
        const bool ferrocl_in = ferrocl_pi < (uint)ferrocl_count0 && ferrocl_pj < (uint)ferrocl_count1;
        if (ferrocl_in) {
            const int ferrocl_si = (int)((uint)ferrocl_start0 + (uint)ferrocl_pi);
            const int ferrocl_sj = (int)((uint)ferrocl_start1 + (uint)ferrocl_pj);
            const int v27 = (int)((uint)ferrocl_sj * (uint)n);
            const int v28 = (int)((uint)v27 + (uint)ferrocl_si);
            out[v28] = ferrocl_out0[ferrocl_lx][ferrocl_ly + 8 * ferrocl_r];
        }
    }
}

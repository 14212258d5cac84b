// Ferrocl kernel for snap.NestShapes.transpose(II[F[F)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < rows, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < cols, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

void transpose_ferrocl_point(
    const int rows,
    const int cols,
    __global const float* FERROCL_RESTRICT in,
    const int in_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
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
    const int v32 = (int)((uint)i * (uint)cols);
    const int v33 = (int)((uint)v32 + (uint)j);
    if ((uint)v33 >= (uint)in_length) { *ferrocl_status = 1; return; }
    const float v34 = in[v33];
    const int v30 = (int)((uint)j * (uint)rows);
    const int v31 = (int)((uint)v30 + (uint)i);
    if ((uint)v31 >= (uint)out_length) { *ferrocl_status = 1; return; }
    out[v31] = v34;
}

__kernel __attribute__((reqd_work_group_size(32, 8, 1))) void transpose(
    const int rows,
    const int cols,
    __global const float* FERROCL_RESTRICT in,
    const int in_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    __local float ferrocl_out0[32][33];
    const int ferrocl_lx = (int)get_local_id(0);
    const int ferrocl_ly = (int)get_local_id(1);
    const size_t ferrocl_gx = get_group_id(0) * 32;
    const size_t ferrocl_gy = get_group_id(1) * 32;
    const bool ferrocl_staged = ferrocl_proven != 0;
    if (!ferrocl_staged) {
        for (int ferrocl_r = 0; ferrocl_r < 4; ferrocl_r++) transpose_ferrocl_point(rows, cols, in, in_length, out, out_length, ferrocl_start0, ferrocl_count0, ferrocl_start1, ferrocl_count1, ferrocl_proven, ferrocl_status, ferrocl_gx + (size_t)ferrocl_lx, ferrocl_gy + (size_t)(ferrocl_ly + 8 * ferrocl_r));
        return;
    }
    for (int ferrocl_r = 0; ferrocl_r < 4; ferrocl_r++) {
        const size_t ferrocl_pi = ferrocl_gy + (size_t)(ferrocl_ly + 8 * ferrocl_r);
        const size_t ferrocl_pj = ferrocl_gx + (size_t)ferrocl_lx;
        const bool ferrocl_in = ferrocl_pi < (size_t)ferrocl_count0 && ferrocl_pj < (size_t)ferrocl_count1;
        if (ferrocl_in) {
            const int ferrocl_bi = (int)((uint)ferrocl_start0 + (uint)ferrocl_pi);
            const int ferrocl_bj = (int)((uint)ferrocl_start1 + (uint)ferrocl_pj);
            const int v32 = (int)((uint)ferrocl_bi * (uint)cols);
            const int v33 = (int)((uint)v32 + (uint)ferrocl_bj);
            const float v34 = in[v33];
            ferrocl_out0[ferrocl_ly + 8 * ferrocl_r][ferrocl_lx] = v34;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int ferrocl_r = 0; ferrocl_r < 4; ferrocl_r++) {
        const size_t ferrocl_pi = ferrocl_gy + (size_t)ferrocl_lx;
        const size_t ferrocl_pj = ferrocl_gx + (size_t)(ferrocl_ly + 8 * ferrocl_r);
        const bool ferrocl_in = ferrocl_pi < (size_t)ferrocl_count0 && ferrocl_pj < (size_t)ferrocl_count1;
        if (ferrocl_in) {
            const int ferrocl_si = (int)((uint)ferrocl_start0 + (uint)ferrocl_pi);
            const int ferrocl_sj = (int)((uint)ferrocl_start1 + (uint)ferrocl_pj);
            const int v30 = (int)((uint)ferrocl_sj * (uint)rows);
            const int v31 = (int)((uint)v30 + (uint)ferrocl_si);
            out[v31] = ferrocl_out0[ferrocl_lx][ferrocl_ly + 8 * ferrocl_r];
        }
    }
}

// Ferrocl kernel for dev.ferrocl.bench.MatVecBench.matvec(I[F[F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel __attribute__((reqd_work_group_size(32, 1, 1))) void v19(
    const int n,
    __global const float* a,
    const int a_length,
    __global const float* x,
    const int x_length,
    __global float* y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    const bool ferrocl_active = get_global_id(0) < (size_t)ferrocl_count0;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float sum;
    int j;
    __local int ferrocl_group_fast;
    __local float ferrocl_tile0[32][33];
    __local float ferrocl_tile1[32];
    sum = 0.0f;
    j = 0;
    const int v32 = (int)((uint)i * (uint)n);
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long j_last = (long)n + -1L;
    const long j_trips = j_last - (long)j;
    const long j_end = (long)j + j_trips;
    const int j_fast = (j_last + 1L <= 2147483647L)
        && ((ulong)((long)j + (long)v32) < (ulong)a_length && (ulong)(j_end + (long)v32) < (ulong)a_length)
        && ((ulong)((long)j) < (ulong)x_length && (ulong)(j_end) < (ulong)x_length);
    // Staged coalescing: 2 array read(s) through local memory, 32 columns at a time, when the whole work-group passes the test.
    if (get_local_id(0) == 0) ferrocl_group_fast = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_active && !j_fast) ferrocl_group_fast = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_group_fast) {
        const int ferrocl_lid = (int)get_local_id(0);
        const size_t ferrocl_row0 = get_global_id(0) - (size_t)ferrocl_lid;
        const int ferrocl_rows = (int)min((size_t)32, (size_t)ferrocl_count0 - ferrocl_row0);
        const uint ferrocl_stride0 = (uint)(int)((uint)n);
        const uint ferrocl_at0 = (uint)(int)((uint)v32) - (uint)ferrocl_lid * ferrocl_stride0 + (uint)ferrocl_lid;
        const uint ferrocl_safe0 = ferrocl_at0 - (uint)ferrocl_lid + (uint)j;
        const uint ferrocl_at1 = (uint)(int)(0u) + (uint)ferrocl_lid;
        const uint ferrocl_safe1 = (uint)(int)(0u) + (uint)j;
        for (long ferrocl_tile_start = (long)j; ferrocl_tile_start <= j_last; ferrocl_tile_start += 32L) {
            const bool ferrocl_column_ok = ferrocl_tile_start + (long)ferrocl_lid <= j_last;
            for (int ferrocl_row = 0; ferrocl_row < 32; ferrocl_row++) {
                const bool ferrocl_ok = ferrocl_column_ok && ferrocl_row < ferrocl_rows;
                ferrocl_tile0[ferrocl_row][ferrocl_lid] = a[(int)(ferrocl_ok ? ferrocl_at0 + (uint)ferrocl_tile_start + (uint)ferrocl_row * ferrocl_stride0 : ferrocl_safe0)];
            }
            ferrocl_tile1[ferrocl_lid] = x[(int)(ferrocl_column_ok ? ferrocl_at1 + (uint)ferrocl_tile_start : ferrocl_safe1)];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (ferrocl_active) {
                const int ferrocl_tile_end = (int)min(ferrocl_tile_start + 31L, j_last);
                const int ferrocl_tile_first = (int)ferrocl_tile_start;
                for (;;) {
                    if (j > ferrocl_tile_end) break;
                    if (false) {
                        break;
                    } else {
                        const float v34 = ferrocl_tile0[ferrocl_lid][j - ferrocl_tile_first];
                        const float v35 = ferrocl_tile1[j - ferrocl_tile_first];
                        const int v33 = (int)((uint)v32 + (uint)j);
                        const float v36 = (v34 * v35);
                        const float sum_1 = (sum + v36);
                        const int j_1 = (int)((uint)j + (uint)1);
                        sum = sum_1;
                        j = j_1;
                        continue;
                    }
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (ferrocl_active) {
        for (;;) {
            const bool v28 = (j >= n);
            if (v28) {
                break;
            } else {
                const int v33_1 = (int)((uint)v32 + (uint)j);
                if ((uint)v33_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const float v34_1 = a[v33_1];
                if ((uint)j >= (uint)x_length) { *ferrocl_status = 1; return; }
                const float v35_1 = x[j];
                const float v36_1 = (v34_1 * v35_1);
                const float sum_2 = (sum + v36_1);
                const int j_2 = (int)((uint)j + (uint)1);
                sum = sum_2;
                j = j_2;
                continue;
            }
        }
    }
    if (!ferrocl_active) return;
    if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
    y[i] = sum;
}

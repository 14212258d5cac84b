// Ferrocl kernel for snap.LoopShapes.continueInner([II[II)V
// @Parallel loop 0 (NDRange dimension 0): r from 0 while r < rows, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel __attribute__((reqd_work_group_size(32, 1, 1))) void continueInner(
    __global const int* FERROCL_RESTRICT m,
    const int m_length,
    const int cols,
    __global int* FERROCL_RESTRICT sums,
    const int sums_length,
    const int rows,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    const bool ferrocl_active = get_global_id(0) < (size_t)ferrocl_count0;
    const int r = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int s;
    int c;
    int s_1;
    int s_2;
    int c_1;
    int s_3;
    int s_4;
    __local int ferrocl_group_fast;
    __local int ferrocl_tile0[32][33];
    const int v32 = (int)((uint)r * (uint)cols);
    const long v90 = (long)cols;
    const long v92 = (long)((ulong)v90 + (ulong)(-1L));
    const long v94 = (long)((ulong)v92 + (ulong)1L);
    const bool v96 = (v94 <= 2147483647L);
    const long v98 = (long)v32;
    const bool v99 = (v98 >= 0L);
    const long v100 = (long)m_length;
    const bool v101 = (v98 < v100);
    const long v102 = (long)((ulong)v92 + (ulong)v98);
    const bool v103 = (v102 >= 0L);
    const bool v104 = (v102 < v100);
    const bool v106 = (v103 && v104);
    const bool v107 = (v101 && v106);
    const bool v108 = (v99 && v107);
    const bool v109 = (v96 && v108);
    s = 0;
    c = 0;
    // Staged coalescing: 1 array read(s) through local memory, 32 columns at a time, when the whole work-group passes the test.
    if (get_local_id(0) == 0) ferrocl_group_fast = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_active && !v109) ferrocl_group_fast = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_group_fast) {
        const int ferrocl_lid = (int)get_local_id(0);
        const size_t ferrocl_row0 = get_global_id(0) - (size_t)ferrocl_lid;
        const int ferrocl_rows = (int)min((size_t)32, (size_t)ferrocl_count0 - ferrocl_row0);
        const uint ferrocl_stride0 = (uint)(int)((uint)cols);
        const uint ferrocl_at0 = (uint)(int)((uint)v32) - (uint)ferrocl_lid * ferrocl_stride0 + (uint)ferrocl_lid;
        const uint ferrocl_safe0 = ferrocl_at0 - (uint)ferrocl_lid + (uint)c;
        for (long ferrocl_tile_start = (long)c; ferrocl_tile_start <= v92; ferrocl_tile_start += 32L) {
            const bool ferrocl_column_ok = ferrocl_tile_start + (long)ferrocl_lid <= v92;
            for (int ferrocl_row = 0; ferrocl_row < 32; ferrocl_row++) {
                const bool ferrocl_ok = ferrocl_column_ok && ferrocl_row < ferrocl_rows;
                ferrocl_tile0[ferrocl_row][ferrocl_lid] = m[(int)(ferrocl_ok ? ferrocl_at0 + (uint)ferrocl_tile_start + (uint)ferrocl_row * ferrocl_stride0 : ferrocl_safe0)];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (ferrocl_active) {
                const int ferrocl_tile_end = (int)min(ferrocl_tile_start + 31L, v92);
                const int ferrocl_tile_first = (int)ferrocl_tile_start;
                c = ferrocl_tile_first;
                for (;;) {
                    if (c > ferrocl_tile_end) break;
                    if (false) {
                        break;
                    } else {
                        const int v34 = ferrocl_tile0[ferrocl_lid][c - ferrocl_tile_first];
                        const int v33 = (int)((uint)v32 + (uint)c);
                        const bool v36 = (v34 >= 0);
                        if (v36) {
                            const int v43 = ferrocl_tile0[ferrocl_lid][c - ferrocl_tile_first];
                            const int s_5 = (int)((uint)s + (uint)v43);
                            s_1 = s_5;
                        } else {
                            s_1 = s;
                        }
                        const int c_2 = (c + 1);
                        s = s_1;
                        c = c_2;
                        continue;
                    }
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (ferrocl_active) {
        for (;;) {
            const bool v28 = (c >= cols);
            if (v28) {
                break;
            } else {
                const int v33_1 = (int)((uint)v32 + (uint)c);
                if ((uint)v33_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                const int v34_1 = m[v33_1];
                const bool v36_1 = (v34_1 >= 0);
                if (v36_1) {
                    const int v43_1 = m[v33_1];
                    const int s_6 = (int)((uint)s + (uint)v43_1);
                    s_1 = s_6;
                } else {
                    s_1 = s;
                }
                const int c_3 = (c + 1);
                s = s_1;
                c = c_3;
                continue;
            }
        }
    }
    if (!ferrocl_active) return;
    s_4 = s;
    if ((uint)r >= (uint)sums_length) { *ferrocl_status = 1; return; }
    sums[r] = s_4;
}

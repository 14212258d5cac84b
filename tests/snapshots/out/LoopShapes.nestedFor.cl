// Ferrocl kernel for snap.LoopShapes.nestedFor([F[F[FII)V
// @Parallel loop 0 (NDRange dimension 0): r from 0 while r < rows, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel __attribute__((reqd_work_group_size(32, 1, 1))) void nestedFor(
    __global const float* FERROCL_RESTRICT m,
    const int m_length,
    __global const float* FERROCL_RESTRICT v,
    const int v_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int cols,
    const int rows,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    const bool ferrocl_active = get_global_id(0) < (size_t)ferrocl_count0;
    const int r = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float s;
    int c;
    float s_1;
    int c_1;
    float s_2;
    __local int ferrocl_group_fast;
    __local float ferrocl_tile0[32][33];
    __local float ferrocl_tile1[32];
    const int v35 = (int)((uint)r * (uint)cols);
    const long v77 = (long)cols;
    const long v79 = (long)((ulong)v77 + (ulong)(-1L));
    const long v81 = (long)((ulong)v79 + (ulong)1L);
    const bool v83 = (v81 <= 2147483647L);
    const long v85 = (long)v35;
    const bool v86 = (v85 >= 0L);
    const long v87 = (long)m_length;
    const bool v88 = (v85 < v87);
    const long v89 = (long)((ulong)v79 + (ulong)v85);
    const bool v90 = (v89 >= 0L);
    const bool v91 = (v89 < v87);
    const long v93 = (long)v_length;
    const bool v94 = (0L < v93);
    const bool v95 = (v79 >= 0L);
    const bool v96 = (v79 < v93);
    const bool v98 = (v95 && v96);
    const bool v99 = (v94 && v98);
    const bool v100 = (v91 && v99);
    const bool v101 = (v90 && v100);
    const bool v102 = (v88 && v101);
    const bool v103 = (v86 && v102);
    const bool v104 = (v83 && v103);
    s = 0.0f;
    c = 0;
    // Staged coalescing: 2 array read(s) through local memory, 32 columns at a time, when the whole work-group passes the test.
    if (get_local_id(0) == 0) ferrocl_group_fast = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_active && !v104) ferrocl_group_fast = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_group_fast) {
        const int ferrocl_lid = (int)get_local_id(0);
        const size_t ferrocl_row0 = get_global_id(0) - (size_t)ferrocl_lid;
        const int ferrocl_rows = (int)min((size_t)32, (size_t)ferrocl_count0 - ferrocl_row0);
        const uint ferrocl_stride0 = (uint)(int)((uint)cols);
        const uint ferrocl_at0 = (uint)(int)((uint)v35) - (uint)ferrocl_lid * ferrocl_stride0 + (uint)ferrocl_lid;
        const uint ferrocl_safe0 = ferrocl_at0 - (uint)ferrocl_lid + (uint)c;
        const uint ferrocl_at1 = (uint)(int)(0u) + (uint)ferrocl_lid;
        const uint ferrocl_safe1 = (uint)(int)(0u) + (uint)c;
        for (long ferrocl_tile_start = (long)c; ferrocl_tile_start <= v79; ferrocl_tile_start += 32L) {
            const bool ferrocl_column_ok = ferrocl_tile_start + (long)ferrocl_lid <= v79;
            for (int ferrocl_row = 0; ferrocl_row < 32; ferrocl_row++) {
                const bool ferrocl_ok = ferrocl_column_ok && ferrocl_row < ferrocl_rows;
                ferrocl_tile0[ferrocl_row][ferrocl_lid] = m[(int)(ferrocl_ok ? ferrocl_at0 + (uint)ferrocl_tile_start + (uint)ferrocl_row * ferrocl_stride0 : ferrocl_safe0)];
            }
            ferrocl_tile1[ferrocl_lid] = v[(int)(ferrocl_column_ok ? ferrocl_at1 + (uint)ferrocl_tile_start : ferrocl_safe1)];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (ferrocl_active) {
                const int ferrocl_tile_end = (int)min(ferrocl_tile_start + 31L, v79);
                const int ferrocl_tile_first = (int)ferrocl_tile_start;
                c = ferrocl_tile_first;
                for (;;) {
                    if (c > ferrocl_tile_end) break;
                    if (false) {
                        break;
                    } else {
                        const float v37 = ferrocl_tile0[ferrocl_lid][c - ferrocl_tile_first];
                        const float v38 = ferrocl_tile1[c - ferrocl_tile_first];
                        const int v36 = (int)((uint)v35 + (uint)c);
                        const float v39 = (v37 * v38);
                        const float s_3 = (s + v39);
                        const int c_2 = (c + 1);
                        s = s_3;
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
            const bool v31 = (c >= cols);
            if (v31) {
                break;
            } else {
                const int v36_1 = (int)((uint)v35 + (uint)c);
                if ((uint)v36_1 >= (uint)m_length) { *ferrocl_status = 1; return; }
                const float v37_1 = m[v36_1];
                if ((uint)c >= (uint)v_length) { *ferrocl_status = 1; return; }
                const float v38_1 = v[c];
                const float v39_1 = (v37_1 * v38_1);
                const float s_4 = (s + v39_1);
                const int c_3 = (c + 1);
                s = s_4;
                c = c_3;
                continue;
            }
        }
    }
    if (!ferrocl_active) return;
    s_2 = s;
    if ((uint)r >= (uint)out_length) { *ferrocl_status = 1; return; }
    out[r] = s_2;
}

// Ferrocl kernel for snap.NestShapes.nbody([F[F[F[F[F[F[FF)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < x.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel __attribute__((reqd_work_group_size(128, 1, 1))) void nbody(
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global const float* FERROCL_RESTRICT y,
    const int y_length,
    __global const float* FERROCL_RESTRICT z,
    const int z_length,
    __global const float* FERROCL_RESTRICT m,
    const int m_length,
    __global float* FERROCL_RESTRICT ax,
    const int ax_length,
    __global float* FERROCL_RESTRICT ay,
    const int ay_length,
    __global float* FERROCL_RESTRICT az,
    const int az_length,
    const float eps,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    const bool ferrocl_active = get_global_id(0) < (size_t)ferrocl_count0;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float sx;
    float sy;
    float sz;
    int j;
    float sx_1;
    float sy_1;
    float sz_1;
    int j_1;
    float sx_2;
    float sy_2;
    float sz_2;
    __local int ferrocl_group_fast;
    __local float ferrocl_tile0[128];
    __local float ferrocl_tile1[128];
    __local float ferrocl_tile2[128];
    __local float ferrocl_tile3[128];
    const float xi = (ferrocl_active ? x[i] : 0);
    bool ferrocl_lead_failed = false;
    const bool ferrocl_in_bounds96 = ferrocl_active && (uint)i < (uint)y_length;
    ferrocl_lead_failed |= ferrocl_active && !ferrocl_in_bounds96;
    const float yi = (ferrocl_in_bounds96 ? y[i] : 0);
    const bool ferrocl_in_bounds97 = ferrocl_active && (uint)i < (uint)z_length;
    ferrocl_lead_failed |= ferrocl_active && !ferrocl_in_bounds97;
    const float zi = (ferrocl_in_bounds97 ? z[i] : 0);
    const long v161 = (long)x_length;
    const long v163 = (long)((ulong)v161 + (ulong)(-1L));
    const long v165 = (long)((ulong)v163 + (ulong)1L);
    const bool v167 = (v165 <= 2147483647L);
    const long v169 = (long)y_length;
    const bool v170 = (0L < v169);
    const bool v171 = (v163 >= 0L);
    const bool v172 = (v163 < v169);
    const long v174 = (long)z_length;
    const bool v175 = (0L < v174);
    const bool v176 = (v163 < v174);
    const long v178 = (long)m_length;
    const bool v179 = (0L < v178);
    const bool v180 = (v163 < v178);
    const bool v181 = (0L < v161);
    const bool v182 = (v163 < v161);
    const bool v184 = (v181 && v182);
    const bool v185 = (v180 && v184);
    const bool v186 = (v179 && v185);
    const bool v187 = (v176 && v186);
    const bool v188 = (v175 && v187);
    const bool v189 = (v172 && v188);
    const bool v190 = (v171 && v189);
    const bool v191 = (v170 && v190);
    const bool v192 = (v167 && v191);
    sx = 0.0f;
    sy = 0.0f;
    sz = 0.0f;
    j = 0;
    // Staged coalescing: 4 array read(s) through local memory, 128 columns at a time, when the whole work-group passes the test.
    if (get_local_id(0) == 0) ferrocl_group_fast = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_active && !v192) ferrocl_group_fast = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_group_fast) {
        const int ferrocl_lid = (int)get_local_id(0);
        const size_t ferrocl_row0 = get_global_id(0) - (size_t)ferrocl_lid;
        const int ferrocl_rows = (int)min((size_t)128, (size_t)ferrocl_count0 - ferrocl_row0);
        const uint ferrocl_at0 = (uint)(int)(0u) + (uint)ferrocl_lid;
        const uint ferrocl_safe0 = (uint)(int)(0u) + (uint)j;
        const uint ferrocl_at1 = (uint)(int)(0u) + (uint)ferrocl_lid;
        const uint ferrocl_safe1 = (uint)(int)(0u) + (uint)j;
        const uint ferrocl_at2 = (uint)(int)(0u) + (uint)ferrocl_lid;
        const uint ferrocl_safe2 = (uint)(int)(0u) + (uint)j;
        const uint ferrocl_at3 = (uint)(int)(0u) + (uint)ferrocl_lid;
        const uint ferrocl_safe3 = (uint)(int)(0u) + (uint)j;
        for (long ferrocl_tile_start = (long)j; ferrocl_tile_start <= v163; ferrocl_tile_start += 128L) {
            const bool ferrocl_column_ok = ferrocl_tile_start + (long)ferrocl_lid <= v163;
            ferrocl_tile0[ferrocl_lid] = y[(int)(ferrocl_column_ok ? ferrocl_at0 + (uint)ferrocl_tile_start : ferrocl_safe0)];
            ferrocl_tile1[ferrocl_lid] = z[(int)(ferrocl_column_ok ? ferrocl_at1 + (uint)ferrocl_tile_start : ferrocl_safe1)];
            ferrocl_tile2[ferrocl_lid] = m[(int)(ferrocl_column_ok ? ferrocl_at2 + (uint)ferrocl_tile_start : ferrocl_safe2)];
            ferrocl_tile3[ferrocl_lid] = x[(int)(ferrocl_column_ok ? ferrocl_at3 + (uint)ferrocl_tile_start : ferrocl_safe3)];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (ferrocl_active) {
                const int ferrocl_tile_end = (int)min(ferrocl_tile_start + 127L, v163);
                const int ferrocl_tile_first = (int)ferrocl_tile_start;
                j = ferrocl_tile_first;
                for (;;) {
                    if (j > ferrocl_tile_end) break;
                    if (false) {
                        break;
                    } else {
                        const float v57 = ferrocl_tile3[j - ferrocl_tile_first];
                        const float v59 = ferrocl_tile0[j - ferrocl_tile_first];
                        const float v61 = ferrocl_tile1[j - ferrocl_tile_first];
                        const float v74 = ferrocl_tile2[j - ferrocl_tile_first];
                        const float dx = (v57 - xi);
                        const float dy = (v59 - yi);
                        const float dz = (v61 - zi);
                        const float v64 = (dx * dx);
                        const float v65 = (dy * dy);
                        const float v66 = (v64 + v65);
                        const float v67 = (dz * dz);
                        const float v68 = (v66 + v67);
                        const float v69 = (v68 + eps);
                        const float v94 = sqrt(v69);
                        const float inv = (1.0f / v94);
                        const float v75 = (v74 * inv);
                        const float v76 = (v75 * inv);
                        const float s = (v76 * inv);
                        const float v78 = (dx * s);
                        const float sx_3 = (sx + v78);
                        const float v80 = (dy * s);
                        const float sy_3 = (sy + v80);
                        const float v82 = (dz * s);
                        const float sz_3 = (sz + v82);
                        const int j_2 = (j + 1);
                        sx = sx_3;
                        sy = sy_3;
                        sz = sz_3;
                        j = j_2;
                        continue;
                    }
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (ferrocl_active) {
        for (;;) {
            const bool v53 = (j >= x_length);
            if (v53) {
                break;
            } else {
                const float v57_1 = x[j];
                if ((uint)j >= (uint)y_length) { *ferrocl_status = 1; return; }
                const float v59_1 = y[j];
                if ((uint)j >= (uint)z_length) { *ferrocl_status = 1; return; }
                const float v61_1 = z[j];
                if ((uint)j >= (uint)m_length) { *ferrocl_status = 1; return; }
                const float v74_1 = m[j];
                const float dx_1 = (v57_1 - xi);
                const float dy_1 = (v59_1 - yi);
                const float dz_1 = (v61_1 - zi);
                const float v64_1 = (dx_1 * dx_1);
                const float v65_1 = (dy_1 * dy_1);
                const float v66_1 = (v64_1 + v65_1);
                const float v67_1 = (dz_1 * dz_1);
                const float v68_1 = (v66_1 + v67_1);
                const float v69_1 = (v68_1 + eps);
                const float v94_1 = sqrt(v69_1);
                const float inv_1 = (1.0f / v94_1);
                const float v75_1 = (v74_1 * inv_1);
                const float v76_1 = (v75_1 * inv_1);
                const float s_1 = (v76_1 * inv_1);
                const float v78_1 = (dx_1 * s_1);
                const float sx_4 = (sx + v78_1);
                const float v80_1 = (dy_1 * s_1);
                const float sy_4 = (sy + v80_1);
                const float v82_1 = (dz_1 * s_1);
                const float sz_4 = (sz + v82_1);
                const int j_3 = (j + 1);
                sx = sx_4;
                sy = sy_4;
                sz = sz_4;
                j = j_3;
                continue;
            }
        }
    }
    if (!ferrocl_active) return;
    if (ferrocl_lead_failed) { *ferrocl_status = 1; return; }
    sx_2 = sx;
    sy_2 = sy;
    sz_2 = sz;
    if ((uint)i >= (uint)ax_length) { *ferrocl_status = 1; return; }
    ax[i] = sx_2;
    if ((uint)i >= (uint)ay_length) { *ferrocl_status = 1; return; }
    ay[i] = sy_2;
    if ((uint)i >= (uint)az_length) { *ferrocl_status = 1; return; }
    az[i] = sz_2;
}

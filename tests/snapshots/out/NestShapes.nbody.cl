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
    sx = 0.0f;
    sy = 0.0f;
    sz = 0.0f;
    j = 0;
    // Loop versioning: 3 check(s) of this loop tested once at its entry.
    const long j_last = (long)x_length + -1L;
    const long j_trips = j_last - (long)j;
    const long j_end = (long)j + j_trips;
    const int j_fast = (j_last + 1L <= 2147483647L)
        && ((ulong)((long)j) < (ulong)y_length && (ulong)(j_end) < (ulong)y_length)
        && ((ulong)((long)j) < (ulong)z_length && (ulong)(j_end) < (ulong)z_length)
        && ((ulong)((long)j) < (ulong)m_length && (ulong)(j_end) < (ulong)m_length)
        && ((ulong)((long)j) < (ulong)x_length && (ulong)(j_end) < (ulong)x_length);
    // Staged coalescing: 4 array read(s) through local memory, 128 columns at a time, when the whole work-group passes the test.
    if (get_local_id(0) == 0) ferrocl_group_fast = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ferrocl_active && !j_fast) ferrocl_group_fast = 0;
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
        for (long ferrocl_tile_start = (long)j; ferrocl_tile_start <= j_last; ferrocl_tile_start += 128L) {
            const bool ferrocl_column_ok = ferrocl_tile_start + (long)ferrocl_lid <= j_last;
            ferrocl_tile0[ferrocl_lid] = y[(int)(ferrocl_column_ok ? ferrocl_at0 + (uint)ferrocl_tile_start : ferrocl_safe0)];
            ferrocl_tile1[ferrocl_lid] = z[(int)(ferrocl_column_ok ? ferrocl_at1 + (uint)ferrocl_tile_start : ferrocl_safe1)];
            ferrocl_tile2[ferrocl_lid] = m[(int)(ferrocl_column_ok ? ferrocl_at2 + (uint)ferrocl_tile_start : ferrocl_safe2)];
            ferrocl_tile3[ferrocl_lid] = x[(int)(ferrocl_column_ok ? ferrocl_at3 + (uint)ferrocl_tile_start : ferrocl_safe3)];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (ferrocl_active) {
                const int ferrocl_tile_end = (int)min(ferrocl_tile_start + 127L, j_last);
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
                        const float sx_1 = (sx + v78);
                        const float v80 = (dy * s);
                        const float sy_1 = (sy + v80);
                        const float v82 = (dz * s);
                        const float sz_1 = (sz + v82);
                        const int j_1 = (j + 1);
                        sx = sx_1;
                        sy = sy_1;
                        sz = sz_1;
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
                const float sx_2 = (sx + v78_1);
                const float v80_1 = (dy_1 * s_1);
                const float sy_2 = (sy + v80_1);
                const float v82_1 = (dz_1 * s_1);
                const float sz_2 = (sz + v82_1);
                const int j_2 = (j + 1);
                sx = sx_2;
                sy = sy_2;
                sz = sz_2;
                j = j_2;
                continue;
            }
        }
    }
    if (!ferrocl_active) return;
    if (ferrocl_lead_failed) { *ferrocl_status = 1; return; }
    if ((uint)i >= (uint)ax_length) { *ferrocl_status = 1; return; }
    ax[i] = sx;
    if ((uint)i >= (uint)ay_length) { *ferrocl_status = 1; return; }
    ay[i] = sy;
    if ((uint)i >= (uint)az_length) { *ferrocl_status = 1; return; }
    az[i] = sz;
}

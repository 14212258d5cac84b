// Ferrocl kernel for dev.ferrocl.bench.NBodyBench.step([F[F[F[F[F[F[F[F[F[F[F[F[FFF)V
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
    __global const float* FERROCL_RESTRICT vx,
    const int vx_length,
    __global const float* FERROCL_RESTRICT vy,
    const int vy_length,
    __global const float* FERROCL_RESTRICT vz,
    const int vz_length,
    __global float* FERROCL_RESTRICT nx,
    const int nx_length,
    __global float* FERROCL_RESTRICT ny,
    const int ny_length,
    __global float* FERROCL_RESTRICT nz,
    const int nz_length,
    __global float* FERROCL_RESTRICT nvx,
    const int nvx_length,
    __global float* FERROCL_RESTRICT nvy,
    const int nvy_length,
    __global float* FERROCL_RESTRICT nvz,
    const int nvz_length,
    const float dt,
    const float eps2,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    const bool ferrocl_active = get_global_id(0) < (size_t)ferrocl_count0;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float ax;
    float ay;
    float az;
    int j;
    __local int ferrocl_group_fast;
    __local float ferrocl_tile0[128];
    __local float ferrocl_tile1[128];
    __local float ferrocl_tile2[128];
    __local float ferrocl_tile3[128];
    const float xi = (ferrocl_active ? x[i] : 0);
    bool ferrocl_lead_failed = false;
    const bool ferrocl_in_bounds135 = ferrocl_active && (uint)i < (uint)y_length;
    ferrocl_lead_failed |= ferrocl_active && !ferrocl_in_bounds135;
    const float yi = (ferrocl_in_bounds135 ? y[i] : 0);
    const bool ferrocl_in_bounds136 = ferrocl_active && (uint)i < (uint)z_length;
    ferrocl_lead_failed |= ferrocl_active && !ferrocl_in_bounds136;
    const float zi = (ferrocl_in_bounds136 ? z[i] : 0);
    ax = 0.0f;
    ay = 0.0f;
    az = 0.0f;
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
                for (;;) {
                    if (j > ferrocl_tile_end) break;
                    if (false) {
                        break;
                    } else {
                        const float v78 = ferrocl_tile3[j - ferrocl_tile_first];
                        const float v80 = ferrocl_tile0[j - ferrocl_tile_first];
                        const float v82 = ferrocl_tile1[j - ferrocl_tile_first];
                        const float v95 = ferrocl_tile2[j - ferrocl_tile_first];
                        const float dx = (v78 - xi);
                        const float dy = (v80 - yi);
                        const float dz = (v82 - zi);
                        const float v84 = (dx * dx);
                        const float v85 = (dy * dy);
                        const float v86 = (v84 + v85);
                        const float v87 = (dz * dz);
                        const float v88 = (v86 + v87);
                        const float d2 = (v88 + eps2);
                        const float v133 = sqrt(d2);
                        const float inv = (1.0f / v133);
                        const float v96 = (v95 * inv);
                        const float v97 = (v96 * inv);
                        const float s = (v97 * inv);
                        const float v99 = (dx * s);
                        const float ax_1 = (ax + v99);
                        const float v101 = (dy * s);
                        const float ay_1 = (ay + v101);
                        const float v103 = (dz * s);
                        const float az_1 = (az + v103);
                        const int j_1 = (j + 1);
                        ax = ax_1;
                        ay = ay_1;
                        az = az_1;
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
            const bool v74 = (j >= x_length);
            if (v74) {
                break;
            } else {
                const float v78_1 = x[j];
                if ((uint)j >= (uint)y_length) { *ferrocl_status = 1; return; }
                const float v80_1 = y[j];
                if ((uint)j >= (uint)z_length) { *ferrocl_status = 1; return; }
                const float v82_1 = z[j];
                if ((uint)j >= (uint)m_length) { *ferrocl_status = 1; return; }
                const float v95_1 = m[j];
                const float dx_1 = (v78_1 - xi);
                const float dy_1 = (v80_1 - yi);
                const float dz_1 = (v82_1 - zi);
                const float v84_1 = (dx_1 * dx_1);
                const float v85_1 = (dy_1 * dy_1);
                const float v86_1 = (v84_1 + v85_1);
                const float v87_1 = (dz_1 * dz_1);
                const float v88_1 = (v86_1 + v87_1);
                const float d2_1 = (v88_1 + eps2);
                const float v133_1 = sqrt(d2_1);
                const float inv_1 = (1.0f / v133_1);
                const float v96_1 = (v95_1 * inv_1);
                const float v97_1 = (v96_1 * inv_1);
                const float s_1 = (v97_1 * inv_1);
                const float v99_1 = (dx_1 * s_1);
                const float ax_2 = (ax + v99_1);
                const float v101_1 = (dy_1 * s_1);
                const float ay_2 = (ay + v101_1);
                const float v103_1 = (dz_1 * s_1);
                const float az_2 = (az + v103_1);
                const int j_2 = (j + 1);
                ax = ax_2;
                ay = ay_2;
                az = az_2;
                j = j_2;
                continue;
            }
        }
    }
    if (!ferrocl_active) return;
    if (ferrocl_lead_failed) { *ferrocl_status = 1; return; }
    if ((uint)i >= (uint)vx_length) { *ferrocl_status = 1; return; }
    const float v108 = vx[i];
    if ((uint)i >= (uint)vy_length) { *ferrocl_status = 1; return; }
    const float v111 = vy[i];
    if ((uint)i >= (uint)vz_length) { *ferrocl_status = 1; return; }
    const float v114 = vz[i];
    if ((uint)i >= (uint)nvx_length) { *ferrocl_status = 1; return; }
    const float v109 = (ax * dt);
    const float vxi = (v108 + v109);
    nvx[i] = vxi;
    if ((uint)i >= (uint)nvy_length) { *ferrocl_status = 1; return; }
    const float v112 = (ay * dt);
    const float vyi = (v111 + v112);
    nvy[i] = vyi;
    if ((uint)i >= (uint)nvz_length) { *ferrocl_status = 1; return; }
    const float v115 = (az * dt);
    const float vzi = (v114 + v115);
    nvz[i] = vzi;
    if ((uint)i >= (uint)nx_length) { *ferrocl_status = 1; return; }
    const float v120 = (vxi * dt);
    const float v121 = (xi + v120);
    nx[i] = v121;
    if ((uint)i >= (uint)ny_length) { *ferrocl_status = 1; return; }
    const float v123 = (vyi * dt);
    const float v124 = (yi + v123);
    ny[i] = v124;
    if ((uint)i >= (uint)nz_length) { *ferrocl_status = 1; return; }
    const float v126 = (vzi * dt);
    const float v127 = (zi + v126);
    nz[i] = v127;
}

// Ferrocl kernel for dev.ferrocl.bench.NBodyBench.step([F[F[F[F[F[F[F[F[F[F[F[F[FFF)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < x.length, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel __attribute__((reqd_work_group_size(128, 1, 1))) void nbody(
    __global const float* x,
    const int x_length,
    __global const float* y,
    const int y_length,
    __global const float* z,
    const int z_length,
    __global const float* m,
    const int m_length,
    __global const float* vx,
    const int vx_length,
    __global const float* vy,
    const int vy_length,
    __global const float* vz,
    const int vz_length,
    __global float* nx,
    const int nx_length,
    __global float* ny,
    const int ny_length,
    __global float* nz,
    const int nz_length,
    __global float* nvx,
    const int nvx_length,
    __global float* nvy,
    const int nvy_length,
    __global float* nvz,
    const int nvz_length,
    const float dt,
    const float eps2,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    __local float ferrocl_tilex[128];
    __local float ferrocl_tiley[128];
    __local float ferrocl_tilez[128];
    __local float ferrocl_tilem[128];
    const bool active = get_global_id(0) < (size_t)ferrocl_count0;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    bool failed = false;
    float xi = 0.0f, yi = 0.0f, zi = 0.0f;
    if (active) {
        xi = x[i];
        const bool oky = (uint)i < (uint)y_length; failed |= !oky; yi = oky ? y[i] : 0.0f;
        const bool okz = (uint)i < (uint)z_length; failed |= !okz; zi = okz ? z[i] : 0.0f;
    }
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    int j = 0;
    const long j_last = (long)x_length + -1L;
    const int j_fast = (j_last + 1L <= 2147483647L)
        && (j_last < 0 || ((ulong)j_last < (ulong)y_length && (ulong)j_last < (ulong)z_length && (ulong)j_last < (ulong)m_length));
    if (j_fast) {
        const int lid = (int)get_local_id(0);
        for (long t = 0; t <= j_last; t += 128L) {
            const long c = t + (long)lid;
            const int cj = (int)(c <= j_last ? c : 0L);
        ferrocl_tilex[lid] = x[cj];
        ferrocl_tiley[lid] = y[cj];
        ferrocl_tilez[lid] = z[cj];
        ferrocl_tilem[lid] = m[cj];
            barrier(CLK_LOCAL_MEM_FENCE);
            const int ts = (int)t;
            const int end = (int)min(t + 127L, j_last);
            if (active) {
              for (j = ts; j <= end; j++) {
                const float v78 = ferrocl_tilex[j - ts];
                const float v80 = ferrocl_tiley[j - ts];
                const float v82 = ferrocl_tilez[j - ts];
                const float v95 = ferrocl_tilem[j - ts];
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
                ax = ax + dx * s;
                ay = ay + dy * s;
                az = az + dz * s;
              }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    } else if (active) {
        for (j = 0; j < x_length; j++) {
            if ((uint)j >= (uint)y_length || (uint)j >= (uint)z_length || (uint)j >= (uint)m_length) { *ferrocl_status = 1; return; }
            const float dx = (x[j] - xi);
            const float dy = (y[j] - yi);
            const float dz = (z[j] - zi);
            const float d2 = ((dx * dx + dy * dy) + dz * dz) + eps2;
            const float inv = (1.0f / sqrt(d2));
            const float s = ((m[j] * inv) * inv) * inv;
            ax = ax + dx * s;
            ay = ay + dy * s;
            az = az + dz * s;
        }
    }
    if (!active) return;
    if (failed) { *ferrocl_status = 1; return; }
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

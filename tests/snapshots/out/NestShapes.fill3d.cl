// Ferrocl kernel for snap.NestShapes.fill3d([IIII)V
// @Parallel loop 0 (NDRange dimension 2): x from 0 while x < nx, step 1
// @Parallel loop 1 (NDRange dimension 1): y from 0 while y < ny, step 1
// @Parallel loop 2 (NDRange dimension 0): z from 0 while z < nz, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void fill3d(
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int nx,
    const int ny,
    const int nz,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    const int ferrocl_start2,
    const uint ferrocl_count2,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(2) >= (size_t)ferrocl_count0) return;
    const int x = (int)((uint)ferrocl_start0 + (uint)get_global_id(2));
    if (get_global_id(1) >= (size_t)ferrocl_count1) return;
    const int y = (int)((uint)ferrocl_start1 + (uint)get_global_id(1));
    if (get_global_id(0) >= (size_t)ferrocl_count2) return;
    const int z = (int)((uint)ferrocl_start2 + (uint)get_global_id(0));
    const int v44 = (int)((uint)x * (uint)ny);
    const int v45 = (int)((uint)v44 + (uint)y);
    const int v46 = (int)((uint)v45 * (uint)nz);
    const int v47 = (int)((uint)v46 + (uint)z);
    const int v48 = (int)((uint)x + (uint)y);
    const int v49 = (int)((uint)v48 + (uint)z);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        out[v47] = v49;
        return;
    } else {
        if ((uint)v47 >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[v47] = v49;
        return;
    }
}

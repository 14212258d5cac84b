// Ferrocl kernel for snap.PrivateShapes.mergedTwoSites([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void mergedTwoSites(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p[4];
    int q[4];
    int p44;
    int p77;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) p[ferrocl_z] = 0;
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) q[ferrocl_z] = 0;
        const int v64 = a[i];
        const bool v65 = (v64 <= 0);
        if (v65) {
            p77 = 1;
        } else {
            p77 = 0;
        }
        const bool v85 = (p77 == 0);
        if (v85) {
            p[0] = 1;
        } else {
            q[0] = 1;
        }
        const int v72 = p[0];
        const int v73 = q[0];
        const int v74 = (int)((uint)v72 + (uint)v73);
        out[i] = v74;
        return;
    } else {
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) p[ferrocl_z] = 0;
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) q[ferrocl_z] = 0;
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v19 = a[i];
        const bool v21 = (v19 <= 0);
        if (v21) {
            p44 = 1;
        } else {
            p44 = 0;
        }
        const bool v53 = (p44 == 0);
        if (v53) {
            p[0] = 1;
        } else {
            q[0] = 1;
        }
        const int v33 = p[0];
        const int v35 = q[0];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v36 = (int)((uint)v33 + (uint)v35);
        out[i] = v36;
        return;
    }
}

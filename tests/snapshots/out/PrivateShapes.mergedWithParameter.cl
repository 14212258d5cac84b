// Ferrocl kernel for snap.PrivateShapes.mergedWithParameter([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void mergedWithParameter(
    __global int* FERROCL_RESTRICT a,
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
    int p39;
    int p68;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) p[ferrocl_z] = 0;
        const int v57 = a[i];
        const bool v58 = (v57 <= 0);
        if (v58) {
            p68 = 0;
        } else {
            p68 = 1;
        }
        const bool v76 = (p68 == 0);
        if (v76) {
            a[0] = 1;
        } else {
            p[0] = 1;
        }
        const int v65 = p[0];
        out[i] = v65;
        return;
    } else {
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) p[ferrocl_z] = 0;
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v17 = a[i];
        const bool v19 = (v17 <= 0);
        if (v19) {
            p39 = 0;
        } else {
            p39 = 1;
        }
        const bool v48 = (p39 == 0);
        if (v48) {
            if ((uint)0 >= (uint)a_length) { *ferrocl_status = 1; return; }
            a[0] = 1;
        } else {
            p[0] = 1;
        }
        const int v31 = p[0];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = v31;
        return;
    }
}

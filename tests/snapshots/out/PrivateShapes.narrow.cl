// Ferrocl kernel for snap.PrivateShapes.narrow([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void narrow(
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
    char b[2];
    ushort c[2];
    uchar z[1];
    int p41;
    int p60;
    int p95;
    int p108;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        for (int ferrocl_z = 0; ferrocl_z < 2; ferrocl_z++) c[ferrocl_z] = 0;
        for (int ferrocl_z = 0; ferrocl_z < 2; ferrocl_z++) b[ferrocl_z] = 0;
        for (int ferrocl_z = 0; ferrocl_z < 1; ferrocl_z++) z[ferrocl_z] = 0;
        const int v81 = a[i];
        const int v82 = (v81 & 0xFFFF);
        c[0] = (ushort)v82;
        const int v84 = a[i];
        const int v85 = ((int)((uint)v84 << 24) >> 24);
        b[1] = (char)v85;
        const int v87 = a[i];
        const bool v88 = (v87 <= 0);
        if (v88) {
            p95 = 0;
        } else {
            p95 = 1;
        }
        z[0] = (uchar)(p95 & 1);
        const int v97 = c[0];
        const int v98 = b[1];
        const int v100 = z[0];
        const bool v101 = (v100 == 0);
        if (v101) {
            p108 = 0;
        } else {
            p108 = 1;
        }
        const int v99 = (int)((uint)v97 + (uint)v98);
        const int v109 = (int)((uint)v99 + (uint)p108);
        out[i] = v109;
        return;
    } else {
        for (int ferrocl_z = 0; ferrocl_z < 2; ferrocl_z++) c[ferrocl_z] = 0;
        for (int ferrocl_z = 0; ferrocl_z < 2; ferrocl_z++) b[ferrocl_z] = 0;
        for (int ferrocl_z = 0; ferrocl_z < 1; ferrocl_z++) z[ferrocl_z] = 0;
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v22 = a[i];
        const int v23 = (v22 & 0xFFFF);
        c[0] = (ushort)v23;
        const int v26 = a[i];
        const int v27 = ((int)((uint)v26 << 24) >> 24);
        b[1] = (char)v27;
        const int v30 = a[i];
        const bool v32 = (v30 <= 0);
        if (v32) {
            p41 = 0;
        } else {
            p41 = 1;
        }
        z[0] = (uchar)(p41 & 1);
        const int v44 = c[0];
        const int v46 = b[1];
        const int v49 = z[0];
        const bool v51 = (v49 == 0);
        if (v51) {
            p60 = 0;
        } else {
            p60 = 1;
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v47 = (int)((uint)v44 + (uint)v46);
        const int v61 = (int)((uint)v47 + (uint)p60);
        out[i] = v61;
        return;
    }
}

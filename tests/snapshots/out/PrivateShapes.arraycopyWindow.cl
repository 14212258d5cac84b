// Ferrocl kernel for snap.PrivateShapes.arraycopyWindow([F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void arraycopyWindow(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float w[4];
    const bool v20 = (i >= 0);
    const int v27 = (int)((uint)a_length - (uint)4);
    const bool v28 = (i <= v27);
    const int v36 = (int)((uint)i + (uint)1);
    const int v39 = (int)((uint)i + (uint)2);
    const int v42 = (int)((uint)i + (uint)3);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) w[ferrocl_z] = 0;
        if (!(v20)) { *ferrocl_status = 8; return; }
        if (!(v28)) { *ferrocl_status = 8; return; }
        const float v86 = a[i];
        const float v87 = a[v36];
        const float v88 = a[v39];
        const float v89 = a[v42];
        w[0] = v86;
        w[1] = v87;
        w[2] = v88;
        w[3] = v89;
        const float v94 = w[0];
        const float v95 = w[3];
        const float v96 = (v94 + v95);
        out[i] = v96;
        return;
    } else {
        for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) w[ferrocl_z] = 0;
        if (!(v20)) { *ferrocl_status = 8; return; }
        if (!(v28)) { *ferrocl_status = 8; return; }
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v34 = a[i];
        if ((uint)v36 >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v37 = a[v36];
        if ((uint)v39 >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v40 = a[v39];
        if ((uint)v42 >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v43 = a[v42];
        w[0] = v34;
        w[1] = v37;
        w[2] = v40;
        w[3] = v43;
        const float v55 = w[0];
        const float v57 = w[3];
        const float v58 = (v55 + v57);
        out[i] = v58;
        return;
    }
}

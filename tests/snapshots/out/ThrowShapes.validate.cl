// Ferrocl kernel for snap.ThrowShapes.validate([I[IF)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void validate(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const float lim,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v = a[i];
        const bool v39 = (v >= 0);
        if (!(v39)) { *ferrocl_status = 8; return; }
        const float v41 = (float)v;
        const float f = (v41 * 0.5f);
        const bool v43 = (f < lim);
        if (!(v43)) { *ferrocl_status = 8; return; }
        const int v45 = (int)((uint)v * (uint)2);
        const int v46 = (int)((uint)v45 + (uint)1);
        out[i] = v46;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v_1 = a[i];
        const bool v18 = (v_1 >= 0);
        if (!(v18)) { *ferrocl_status = 8; return; }
        const float v20 = (float)v_1;
        const float f_1 = (v20 * 0.5f);
        const bool v24 = (f_1 < lim);
        if (!(v24)) { *ferrocl_status = 8; return; }
        const int v27 = (int)((uint)v_1 * (uint)2);
        const int v29 = (int)((uint)v27 + (uint)1);
        out[i] = v29;
        return;
    }
}

// Ferrocl kernel for snap.ObjectShapes.points([F[F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void points(
    __global const float* FERROCL_RESTRICT xs,
    const int xs_length,
    __global const float* FERROCL_RESTRICT ys,
    const int ys_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float p32;
    float p55;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v45 = xs[i];
        const float v46 = ys[i];
        const bool v47 = (v45 < 0.0f);
        if (v47) {
            const float v52 = (-v45);
            p55 = v52;
        } else {
            p55 = v45;
        }
        const float v56 = (p55 * p55);
        const float v57 = (v46 * v46);
        const float v58 = (v56 + v57);
        out[i] = v58;
        return;
    } else {
        if ((uint)i >= (uint)xs_length) { *ferrocl_status = 1; return; }
        const float v20 = xs[i];
        if ((uint)i >= (uint)ys_length) { *ferrocl_status = 1; return; }
        const float v21 = ys[i];
        const bool v24 = (v20 < 0.0f);
        if (v24) {
            const float v29 = (-v20);
            p32 = v29;
        } else {
            p32 = v20;
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v33 = (p32 * p32);
        const float v34 = (v21 * v21);
        const float v35 = (v33 + v34);
        out[i] = v35;
        return;
    }
}

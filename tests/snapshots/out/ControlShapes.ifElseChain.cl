// Ferrocl kernel for snap.ControlShapes.ifElseChain([F[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void ifElseChain(
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global int* FERROCL_RESTRICT bucket,
    const int bucket_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v61 = x[i];
        const bool v62 = (v61 < 0.0f);
        if (v62) {
            bucket[i] = 0;
        } else {
            const float v68 = x[i];
            const bool v69 = (v68 < 1.0f);
            if (v69) {
                bucket[i] = 1;
            } else {
                const float v75 = x[i];
                const bool v76 = (v75 < 10.0f);
                if (v76) {
                    bucket[i] = 2;
                } else {
                    bucket[i] = 3;
                }
            }
        }
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const float v15 = x[i];
        const bool v18 = (v15 < 0.0f);
        if (v18) {
            if ((uint)i >= (uint)bucket_length) { *ferrocl_status = 1; return; }
            bucket[i] = 0;
        } else {
            const float v25 = x[i];
            const bool v28 = (v25 < 1.0f);
            if (v28) {
                if ((uint)i >= (uint)bucket_length) { *ferrocl_status = 1; return; }
                bucket[i] = 1;
            } else {
                const float v35 = x[i];
                const bool v38 = (v35 < 10.0f);
                if (v38) {
                    if ((uint)i >= (uint)bucket_length) { *ferrocl_status = 1; return; }
                    bucket[i] = 2;
                } else {
                    if ((uint)i >= (uint)bucket_length) { *ferrocl_status = 1; return; }
                    bucket[i] = 3;
                }
            }
        }
        return;
    }
}

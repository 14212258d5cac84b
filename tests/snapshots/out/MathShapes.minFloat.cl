// Ferrocl kernel for snap.MathShapes.minFloat([F[F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

float ferrocl_minf(float a, float b) { float m = a == b ? as_float(as_int(a) | as_int(b)) : fmin(a, b); m = isnan(b) ? b : m; return isnan(a) ? a : m; }

__kernel void minFloat(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const float* FERROCL_RESTRICT b,
    const int b_length,
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
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v29 = a[i];
        const float v30 = b[i];
        const float v31 = ferrocl_minf(v29, v30);
        out[i] = v31;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v17 = a[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const float v18 = b[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v19 = ferrocl_minf(v17, v18);
        out[i] = v19;
        return;
    }
}

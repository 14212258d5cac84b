// Ferrocl kernel for snap.MathShapes.rawBits([F[I[D[JI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void rawBits(
    __global const float* FERROCL_RESTRICT f,
    const int f_length,
    __global int* FERROCL_RESTRICT bits,
    const int bits_length,
    __global double* FERROCL_RESTRICT d,
    const int d_length,
    __global const long* FERROCL_RESTRICT lbits,
    const int lbits_length,
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
        const float v34 = f[i];
        const int v35 = as_int(v34);
        bits[i] = v35;
        const long v37 = lbits[i];
        const double v38 = as_double(v37);
        d[i] = v38;
        return;
    } else {
        if ((uint)i >= (uint)f_length) { *ferrocl_status = 1; return; }
        const float v19 = f[i];
        if ((uint)i >= (uint)bits_length) { *ferrocl_status = 1; return; }
        const int v20 = as_int(v19);
        bits[i] = v20;
        if ((uint)i >= (uint)lbits_length) { *ferrocl_status = 1; return; }
        const long v22 = lbits[i];
        if ((uint)i >= (uint)d_length) { *ferrocl_status = 1; return; }
        const double v23 = as_double(v22);
        d[i] = v23;
        return;
    }
}

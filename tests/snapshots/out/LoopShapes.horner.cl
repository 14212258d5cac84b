// Ferrocl kernel for snap.LoopShapes.horner([D[D[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif
#ifndef FERROCL_SPACE_coeffs
#define FERROCL_SPACE_coeffs __global
#endif

__kernel void horner(
    __global const double* FERROCL_RESTRICT x,
    const int x_length,
    FERROCL_SPACE_coeffs const double* FERROCL_RESTRICT coeffs,
    const int coeffs_length,
    __global double* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    double acc;
    int k;
    double acc_1;
    int k_1;
    double acc_2;
    int k_2;
    double acc_3;
    const int k_3 = (int)((uint)coeffs_length - (uint)1);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        acc_1 = 0.0;
        k_1 = k_3;
        for (;;) {
            const bool v55 = (k_1 < 0);
            if (v55) {
                break;
            } else {
                const double v59 = x[i];
                const double v61 = coeffs[k_1];
                const double v60 = (acc_1 * v59);
                const double acc_4 = (v60 + v61);
                const int k_4 = (int)((uint)k_1 + (uint)(-1));
                acc_1 = acc_4;
                k_1 = k_4;
                continue;
            }
        }
        out[i] = acc_1;
        return;
    } else {
        const long v79 = (long)i;
        const bool v81 = (v79 >= 0L);
        const long v82 = (long)x_length;
        const bool v83 = (v79 < v82);
        const bool v85 = (v81 && v83);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v85) {
            acc_2 = 0.0;
            k_2 = k_3;
            for (;;) {
                const bool v89 = (k_2 < 0);
                if (v89) {
                    break;
                } else {
                    const double v93 = x[i];
                    const double v95 = coeffs[k_2];
                    const double v94 = (acc_2 * v93);
                    const double acc_5 = (v94 + v95);
                    const int k_5 = (k_2 + (-1));
                    acc_2 = acc_5;
                    k_2 = k_5;
                    continue;
                }
            }
            acc_3 = acc_2;
        } else {
            acc = 0.0;
            k = k_3;
            for (;;) {
                const bool v31 = (k < 0);
                if (v31) {
                    break;
                } else {
                    if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
                    const double v35 = x[i];
                    const double v37 = coeffs[k];
                    const double v36 = (acc * v35);
                    const double acc_6 = (v36 + v37);
                    const int k_6 = (int)((uint)k + (uint)(-1));
                    acc = acc_6;
                    k = k_6;
                    continue;
                }
            }
            acc_3 = acc;
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = acc_3;
        return;
    }
}

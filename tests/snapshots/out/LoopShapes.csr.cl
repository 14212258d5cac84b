// Ferrocl kernel for snap.LoopShapes.csr([I[I[D[D[D)V
// @Parallel loop 0 (NDRange dimension 0): row from 0 while row < y.length, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void csr(
    __global const int* FERROCL_RESTRICT rowPtr,
    const int rowPtr_length,
    __global const int* FERROCL_RESTRICT col,
    const int col_length,
    __global const double* FERROCL_RESTRICT val,
    const int val_length,
    __global const double* FERROCL_RESTRICT x,
    const int x_length,
    __global double* FERROCL_RESTRICT y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int row = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    double sum;
    int k;
    double sum_1;
    int k_1;
    const int v33 = (int)((uint)row + (uint)1);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int k_2 = rowPtr[row];
        const int v64 = rowPtr[v33];
        sum_1 = 0.0;
        k_1 = k_2;
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        const long k_1_last = (long)v64 + -1L;
        const long k_1_trips = k_1_last - (long)k_1;
        const long k_1_end = (long)k_1 + k_1_trips;
        const int k_1_fast = (k_1_last + 1L <= 2147483647L)
            && ((ulong)((long)k_1) < (ulong)val_length && (ulong)(k_1_end) < (ulong)val_length)
            && ((ulong)((long)k_1) < (ulong)col_length && (ulong)(k_1_end) < (ulong)col_length);
        if (k_1_fast) {
            bool ferrocl_failed2 = false;
            for (;;) {
                const bool v65 = (k_1 >= v64);
                if (v65) {
                    break;
                } else {
                    const double v69 = val[k_1];
                    const int v70 = col[k_1];
                    const bool ferrocl_in_bounds82 = (uint)v70 < (uint)x_length;
                    ferrocl_failed2 |= !ferrocl_in_bounds82;
                    const double v71 = (ferrocl_in_bounds82 ? x[v70] : 0);
                    const double v72 = (v69 * v71);
                    const double sum_2 = (sum_1 + v72);
                    const int k_3 = (k_1 + 1);
                    sum_1 = sum_2;
                    k_1 = k_3;
                    continue;
                }
            }
            if (ferrocl_failed2) { *ferrocl_status = 1; return; }
        } else {
            for (;;) {
                const bool v65_1 = (k_1 >= v64);
                if (v65_1) {
                    break;
                } else {
                    if ((uint)k_1 >= (uint)val_length) { *ferrocl_status = 1; return; }
                    const double v69_1 = val[k_1];
                    if ((uint)k_1 >= (uint)col_length) { *ferrocl_status = 1; return; }
                    const int v70_1 = col[k_1];
                    if ((uint)v70_1 >= (uint)x_length) { *ferrocl_status = 1; return; }
                    const double v71_1 = x[v70_1];
                    const double v72_1 = (v69_1 * v71_1);
                    const double sum_3 = (sum_1 + v72_1);
                    const int k_4 = (k_1 + 1);
                    sum_1 = sum_3;
                    k_1 = k_4;
                    continue;
                }
            }
        }
        y[row] = sum_1;
        return;
    } else {
        if ((uint)row >= (uint)rowPtr_length) { *ferrocl_status = 1; return; }
        const int k_5 = rowPtr[row];
        if ((uint)v33 >= (uint)rowPtr_length) { *ferrocl_status = 1; return; }
        const int v34 = rowPtr[v33];
        sum = 0.0;
        k = k_5;
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        const long k_last = (long)v34 + -1L;
        const long k_trips = k_last - (long)k;
        const long k_end = (long)k + k_trips;
        const int k_fast = (k_last + 1L <= 2147483647L)
            && ((ulong)((long)k) < (ulong)val_length && (ulong)(k_end) < (ulong)val_length)
            && ((ulong)((long)k) < (ulong)col_length && (ulong)(k_end) < (ulong)col_length);
        if (k_fast) {
            bool ferrocl_failed11 = false;
            for (;;) {
                const bool v35 = (k >= v34);
                if (v35) {
                    break;
                } else {
                    const double v39 = val[k];
                    const int v40 = col[k];
                    const bool ferrocl_in_bounds56 = (uint)v40 < (uint)x_length;
                    ferrocl_failed11 |= !ferrocl_in_bounds56;
                    const double v41 = (ferrocl_in_bounds56 ? x[v40] : 0);
                    const double v42 = (v39 * v41);
                    const double sum_4 = (sum + v42);
                    const int k_6 = (k + 1);
                    sum = sum_4;
                    k = k_6;
                    continue;
                }
            }
            if (ferrocl_failed11) { *ferrocl_status = 1; return; }
        } else {
            for (;;) {
                const bool v35_1 = (k >= v34);
                if (v35_1) {
                    break;
                } else {
                    if ((uint)k >= (uint)val_length) { *ferrocl_status = 1; return; }
                    const double v39_1 = val[k];
                    if ((uint)k >= (uint)col_length) { *ferrocl_status = 1; return; }
                    const int v40_1 = col[k];
                    if ((uint)v40_1 >= (uint)x_length) { *ferrocl_status = 1; return; }
                    const double v41_1 = x[v40_1];
                    const double v42_1 = (v39_1 * v41_1);
                    const double sum_5 = (sum + v42_1);
                    const int k_7 = (k + 1);
                    sum = sum_5;
                    k = k_7;
                    continue;
                }
            }
        }
        y[row] = sum;
        return;
    }
}

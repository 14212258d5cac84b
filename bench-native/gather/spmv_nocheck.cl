// Ferrocl kernel for dev.ferrocl.bench.SpMVBench.spmv([I[I[D[D[D)V
// @Parallel loop 0 (NDRange dimension 0): row from 0 while row < y.length, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void spmv(
    __global const int* restrict rowPtr,
    const int rowPtr_length,
    __global const int* restrict col,
    const int col_length,
    __global const double* restrict val,
    const int val_length,
    __global const double* restrict x,
    const int x_length,
    __global double* restrict y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* restrict ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int row = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    double sum;
    int k;
    if ((uint)row >= (uint)rowPtr_length) { *ferrocl_status = 1; return; }
    const int k_1 = rowPtr[row];
    sum = 0.0;
    k = k_1;
    const int v33 = (int)((uint)row + (uint)1);
    if ((uint)v33 >= (uint)rowPtr_length) { *ferrocl_status = 1; return; }
    const int v34 = rowPtr[v33];
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long k_last = (long)v34 + -1L;
    const long k_trips = k_last - (long)k;
    const long k_end = (long)k + k_trips;
    const int k_fast = (k_last + 1L <= 2147483647L)
        && ((ulong)((long)k) < (ulong)val_length && (ulong)(k_end) < (ulong)val_length)
        && ((ulong)((long)k) < (ulong)col_length && (ulong)(k_end) < (ulong)col_length);
    if (k_fast) {
        bool ferrocl_bad = false;
        for (;;) {
            const bool v35 = (k >= v34);
            if (v35) {
                break;
            } else {
                const double v39 = val[k];
                const int v40 = col[k];
                const bool ferrocl_ok = (uint)v40 < (uint)x_length;
                ferrocl_bad |= !ferrocl_ok;
                const double v41 = x[v40];
                const double v42 = (v39 * v41);
                const double sum_1 = (sum + v42);
                const int k_2 = (k + 1);
                sum = sum_1;
                k = k_2;
                continue;
            }
        }
        if (ferrocl_bad) { *ferrocl_status = 1; return; }
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
                const double sum_2 = (sum + v42_1);
                const int k_3 = (int)((uint)k + (uint)1);
                sum = sum_2;
                k = k_3;
                continue;
            }
        }
    }
    y[row] = sum;
}

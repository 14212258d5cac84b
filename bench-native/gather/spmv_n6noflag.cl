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
    const int k_1 = rowPtr[row];
    sum = 0.0;
    k = k_1;
    const int v34 = rowPtr[row + 1];
    {
        bool ferrocl_bad = false;
        for (;;) {
            const bool v35 = (k >= v34);
            if (v35) {
                break;
            } else {
                const double v39 = val[k];
                const int v40 = col[k];
                const double v41 = x[v40];
                const double v42 = (v39 * v41);
                const double sum_1 = (sum + v42);
                const int k_2 = (k + 1);
                sum = sum_1;
                k = k_2;
                continue;
            }
        }
    }
    y[row] = sum;
}

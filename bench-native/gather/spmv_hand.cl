#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void spmv(__global const int *restrict rowPtr, __global const int *restrict col,
                   __global const double *restrict val, __global const double *restrict x,
                   __global double *restrict y, const int rows) {
    int row = get_global_id(0);
    if (row >= rows) {
        return;
    }
    int end = rowPtr[row + 1];
    double sum = 0.0;
    for (int k = rowPtr[row]; k < end; k++) {
        sum += val[k] * x[col[k]];
    }
    y[row] = sum;
}

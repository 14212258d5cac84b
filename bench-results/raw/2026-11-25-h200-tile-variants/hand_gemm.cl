#pragma OPENCL FP_CONTRACT OFF
#define TILE 16
__kernel void gemm(const int n, const float alpha, const float beta, __global float *c,
                   __global const float *a, __global const float *b) {
    __local float as[TILE][TILE];
    __local float bs[TILE][TILE];
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int col = get_group_id(0) * TILE + lx;
    int row = get_group_id(1) * TILE + ly;
    float acc = row < n && col < n ? c[row * n + col] * beta : 0.0f;
    for (int t = 0; t < n; t += TILE) {
        as[ly][lx] = row < n && t + lx < n ? a[row * n + t + lx] : 0.0f;
        bs[ly][lx] = col < n && t + ly < n ? b[(t + ly) * n + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        int kmax = min(TILE, n - t);   // Java's order: k ascending, (alpha * a) * b
        for (int k = 0; k < kmax; k++) {
            acc += alpha * as[ly][k] * bs[k][lx];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < n && col < n) {
        c[row * n + col] = acc;
    }
}

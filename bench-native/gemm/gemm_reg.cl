// Hand-written gemm (PolyBench: C = alpha A B + beta C, n x n floats) with register tiles, in Java's order of
// operations: C[i][j] = ((C[i][j] * beta + (alpha * A[i][0]) * B[0][j]) + (alpha * A[i][1]) * B[1][j]) + ...,
// each operation rounded to float (no contraction). Work-groups of TS x TS work-items compute a block of
// (TS * TM) rows x (TS * TN) columns: work-item (lx, ly) the TM x TN elements at rows ly + TS * m, columns
// lx + TS * q (coalesced loads and stores), from local tiles TS deep in k. alpha * A[i][k] is formed once, as the
// A tile is loaded. Build options -DTS= -DTM= -DTN= choose the shape.
#pragma OPENCL FP_CONTRACT OFF
#ifndef TS
#define TS 16
#endif
#ifndef TM
#define TM 2
#endif
#ifndef TN
#define TN 4
#endif
#define BM (TS * TM)
#define BN (TS * TN)
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void gemm(const int n, const float alpha, const float beta, __global float *c,
          __global const float *a, __global const float *b) {
    __local float as[BM][TS + 1];
    __local float bs[TS][BN];
    const int lx = get_local_id(0);
    const int ly = get_local_id(1);
    const int row0 = get_group_id(1) * BM + ly;
    const int col0 = get_group_id(0) * BN + lx;
    float acc[TM][TN];
    #pragma unroll
    for (int m = 0; m < TM; m++) {
        #pragma unroll
        for (int q = 0; q < TN; q++) {
            const int row = row0 + TS * m, col = col0 + TS * q;
            acc[m][q] = row < n && col < n ? c[row * n + col] * beta : 0.0f;
        }
    }
    for (int t = 0; t < n; t += TS) {
        #pragma unroll
        for (int m = 0; m < TM; m++) {
            const int row = row0 + TS * m;
            as[ly + TS * m][lx] = row < n && t + lx < n ? alpha * a[row * n + t + lx] : 0.0f;
        }
        #pragma unroll
        for (int q = 0; q < TN; q++) {
            const int col = col0 + TS * q;
            bs[ly][lx + TS * q] = col < n && t + ly < n ? b[(t + ly) * n + col] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const int kmax = min(TS, n - t);
        if (kmax == TS) {
            #pragma unroll
            for (int k = 0; k < TS; k++) {
                float av[TM], bv[TN];
                #pragma unroll
                for (int m = 0; m < TM; m++) av[m] = as[ly + TS * m][k];
                #pragma unroll
                for (int q = 0; q < TN; q++) bv[q] = bs[k][lx + TS * q];
                #pragma unroll
                for (int m = 0; m < TM; m++) {
                    #pragma unroll
                    for (int q = 0; q < TN; q++) acc[m][q] += av[m] * bv[q];
                }
            }
        } else {
            for (int k = 0; k < kmax; k++) {
                #pragma unroll
                for (int m = 0; m < TM; m++) {
                    const float x = as[ly + TS * m][k];
                    #pragma unroll
                    for (int q = 0; q < TN; q++) acc[m][q] += x * bs[k][lx + TS * q];
                }
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #pragma unroll
    for (int m = 0; m < TM; m++) {
        #pragma unroll
        for (int q = 0; q < TN; q++) {
            const int row = row0 + TS * m, col = col0 + TS * q;
            if (row < n && col < n) c[row * n + col] = acc[m][q];
        }
    }
}

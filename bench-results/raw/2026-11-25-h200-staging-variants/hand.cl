#pragma OPENCL FP_CONTRACT OFF
#define ROWS 32
__kernel void hand(__global const float *a, __global const float *x, __global float *y, const int n) {
                __local float tile[ROWS][ROWS + 1];
                __local float xs[ROWS];
                int lid = get_local_id(0);
                int row0 = get_group_id(0) * ROWS;
                int row = row0 + lid;
                float sum = 0.0f;
                for (int t = 0; t < n; t += ROWS) {
                    int col = t + lid;
                    for (int r = 0; r < ROWS; r++) {
                        tile[r][lid] = row0 + r < n && col < n ? a[(row0 + r) * n + col] : 0.0f;
                    }
                    xs[lid] = col < n ? x[col] : 0.0f;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    int kmax = min(ROWS, n - t);   // no padding terms: the sum is Java's, j ascending
                    for (int k = 0; k < kmax; k++) {
                        sum += tile[lid][k] * xs[k];
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (row < n) {
                    y[row] = sum;
                }
            }
            
// Ferrocl kernel for dev.ferrocl.bench.MatVecBench.matvec(I[F[F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel void v0(
    const int n,
    __global const float* a,
    const int a_length,
    __global const float* x,
    const int x_length,
    __global float* y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float sum;
    int j;
    sum = 0.0f;
    j = 0;
    const int v32 = (int)((uint)i * (uint)n);
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long j_last = (long)n + -1L;
    const long j_trips = j_last - (long)j;
    const long j_end = (long)j + j_trips;
    const int j_fast = (j_last + 1L <= 2147483647L)
        && ((ulong)((long)j + (long)v32) < (ulong)a_length && (ulong)(j_end + (long)v32) < (ulong)a_length)
        && ((ulong)((long)j) < (ulong)x_length && (ulong)(j_end) < (ulong)x_length);
    if (j_fast) {
        for (;;) {
            const bool v28 = (j >= n);
            if (v28) {
                break;
            } else {
                const int v33 = (int)((uint)v32 + (uint)j);
                const float v34 = a[v33];
                const float v35 = x[j];
                const float v36 = (v34 * v35);
                const float sum_1 = (sum + v36);
                const int j_1 = (int)((uint)j + (uint)1);
                sum = sum_1;
                j = j_1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v28_1 = (j >= n);
            if (v28_1) {
                break;
            } else {
                const int v33_1 = (int)((uint)v32 + (uint)j);
                if ((uint)v33_1 >= (uint)a_length) { *ferrocl_status = 1; return; }
                const float v34_1 = a[v33_1];
                if ((uint)j >= (uint)x_length) { *ferrocl_status = 1; return; }
                const float v35_1 = x[j];
                const float v36_1 = (v34_1 * v35_1);
                const float sum_2 = (sum + v36_1);
                const int j_2 = (int)((uint)j + (uint)1);
                sum = sum_2;
                j = j_2;
                continue;
            }
        }
    }
    if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
    y[i] = sum;
}

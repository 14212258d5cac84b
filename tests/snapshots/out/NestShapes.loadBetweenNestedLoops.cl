// Ferrocl kernel for snap.NestShapes.loadBetweenNestedLoops([F[I[FII)V
// @Parallel loop 0 (NDRange dimension 1): i from (require ((0 < n) ? (0 < m) : 1), 0) while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < m, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_idiv(int x, int y) { return y == -1 ? (int)(0u - (uint)x) : x / y; }

__kernel void loadBetweenNestedLoops(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT d,
    const int d_length,
    __global float* FERROCL_RESTRICT c,
    const int c_length,
    const int n,
    const int m,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(1) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(1));
    if (get_global_id(0) >= (size_t)ferrocl_count1) return;
    const int j = (int)((uint)ferrocl_start1 + (uint)get_global_id(0));
    const int v38 = (int)((uint)i * (uint)m);
    const int v39 = (int)((uint)v38 + (uint)j);
    const float v40 = (float)j;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float ai = a[i];
        const int v63 = d[i];
        if (v63 == 0) { *ferrocl_status = 2; return; }
        const int q = ferrocl_idiv(m, v63);
        const float v65 = (ai * v40);
        const float v66 = (float)q;
        const float v67 = (v65 + v66);
        c[v39] = v67;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float ai_1 = a[i];
        if ((uint)i >= (uint)d_length) { *ferrocl_status = 1; return; }
        const int v20 = d[i];
        if (v20 == 0) { *ferrocl_status = 2; return; }
        const int q_1 = ferrocl_idiv(m, v20);
        if ((uint)v39 >= (uint)c_length) { *ferrocl_status = 1; return; }
        const float v41 = (ai_1 * v40);
        const float v42 = (float)q_1;
        const float v43 = (v41 + v42);
        c[v39] = v43;
        return;
    }
}

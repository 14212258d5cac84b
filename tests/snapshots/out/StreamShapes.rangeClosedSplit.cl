// Ferrocl kernel for snap.StreamShapes.rangeClosedSplit([FII)V
// @Parallel loop 0 (NDRange dimension 0): i from 1 while i <= ((n * m) - 1), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_idiv(int x, int y) { return y == -1 ? (int)(0u - (uint)x) : x / y; }
int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }

__kernel void rangeClosedSplit(
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int m,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        if (m == 0) { *ferrocl_status = 2; return; }
        const int v31 = ferrocl_idiv(i, m);
        const int v32 = ferrocl_irem(i, m);
        const int v33 = (int)((uint)v31 + (uint)v32);
        const float v34 = (float)v33;
        out[i] = v34;
        return;
    } else {
        if (m == 0) { *ferrocl_status = 2; return; }
        const int v18 = ferrocl_idiv(i, m);
        const int v19 = ferrocl_irem(i, m);
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v20 = (int)((uint)v18 + (uint)v19);
        const float v21 = (float)v20;
        out[i] = v21;
        return;
    }
}

// Ferrocl kernel for snap.MathShapes.rotateAndReverse([I[I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_reverse(int x) { uint u = (uint)x; u = ((u & 0x55555555u) << 1) | ((u >> 1) & 0x55555555u); u = ((u & 0x33333333u) << 2) | ((u >> 2) & 0x33333333u); u = ((u & 0x0f0f0f0fu) << 4) | ((u >> 4) & 0x0f0f0f0fu); u = (u << 24) | ((u & 0xff00u) << 8) | ((u >> 8) & 0xff00u) | (u >> 24); return (int)u; }

__kernel void rotateAndReverse(
    __global const int* FERROCL_RESTRICT a,
    const int a_length,
    __global const int* FERROCL_RESTRICT s,
    const int s_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v33 = a[i];
        const int v34 = s[i];
        const int v36 = a[i];
        const int v35 = rotate(v33, v34);
        const int v37 = ferrocl_reverse(v36);
        const int v38 = (v35 ^ v37);
        out[i] = v38;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const int v17 = a[i];
        if ((uint)i >= (uint)s_length) { *ferrocl_status = 1; return; }
        const int v18 = s[i];
        const int v20 = a[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v19 = rotate(v17, v18);
        const int v21 = ferrocl_reverse(v20);
        const int v22 = (v19 ^ v21);
        out[i] = v22;
        return;
    }
}

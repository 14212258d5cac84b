// Ferrocl kernel for snap.MathShapes.leadingTrailingZerosLong([J[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_ctzl(long x) { ulong u = (ulong)x; return u == 0UL ? 64 : 63 - (int)clz(u & (0UL - u)); }

__kernel void leadingTrailingZerosLong(
    __global const long* FERROCL_RESTRICT a,
    const int a_length,
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
        const long v31 = a[i];
        const long v34 = a[i];
        const int v32 = (int)clz(v31);
        const int v33 = (int)((uint)v32 * (uint)100);
        const int v35 = ferrocl_ctzl(v34);
        const int v36 = (int)((uint)v33 + (uint)v35);
        out[i] = v36;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const long v15 = a[i];
        const long v19 = a[i];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v16 = (int)clz(v15);
        const int v18 = (int)((uint)v16 * (uint)100);
        const int v20 = ferrocl_ctzl(v19);
        const int v21 = (int)((uint)v18 + (uint)v20);
        out[i] = v21;
        return;
    }
}

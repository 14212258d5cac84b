// Ferrocl kernel for snap.NestShapes.mapThenScan([F[F)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < x.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void mapThenScan_1(
    __global const float* FERROCL_RESTRICT x,
    const int x_length,
    __global float* FERROCL_RESTRICT y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v51 = x[i];
        const float v52 = x[i];
        const float v53 = (v51 * v52);
        const float v54 = (v53 + 1.0f);
        y[i] = v54;
        return;
    } else {
        const float v14 = x[i];
        const float v15 = x[i];
        if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
        const float v16 = (v14 * v15);
        const float v18 = (v16 + 1.0f);
        y[i] = v18;
        return;
    }
}

// Ferrocl kernel for snap.NestShapes.mapThenScan([F[F)V
// Code before, between or after the @Parallel loops: one work-item runs it.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void mapThenScan_2(
    const int x_length,
    __global float* FERROCL_RESTRICT y,
    const int y_length,
    __global int* ferrocl_status)
{
    int k;
    int k_1;
    const long v62 = (long)y_length;
    const long v64 = (long)((ulong)v62 + (ulong)(-1L));
    const long v65 = (long)((ulong)v64 - (ulong)1L);
    const long v66 = (long)((ulong)v64 + (ulong)1L);
    const bool v68 = (v66 <= 2147483647L);
    const long v70 = (long)((ulong)1L + (ulong)v65);
    const bool v71 = (0L < v62);
    const long v72 = (long)((ulong)v70 + (ulong)(-1L));
    const bool v73 = (v72 >= 0L);
    const bool v74 = (v72 < v62);
    const bool v76 = (v73 && v74);
    const bool v77 = (v71 && v76);
    const bool v78 = (v68 && v77);
    // Loop versioning: 1 check(s) of this loop tested once at its entry.
    if (v78) {
        k_1 = 1;
        for (;;) {
            const bool v81 = (k_1 >= y_length);
            if (v81) {
                break;
            } else {
                const float v85 = y[k_1];
                const int v86 = (int)((uint)k_1 - (uint)1);
                const float v87 = y[v86];
                const float v88 = (v85 + v87);
                y[k_1] = v88;
                const int k_2 = (k_1 + 1);
                k_1 = k_2;
                continue;
            }
        }
    } else {
        k = 1;
        for (;;) {
            const bool v30 = (k >= y_length);
            if (v30) {
                break;
            } else {
                const float v34 = y[k];
                const int v36 = (int)((uint)k - (uint)1);
                if ((uint)v36 >= (uint)y_length) { *ferrocl_status = 1; return; }
                const float v37 = y[v36];
                const float v38 = (v34 + v37);
                y[k] = v38;
                const int k_3 = (k + 1);
                k = k_3;
                continue;
            }
        }
    }
}

// Ferrocl kernel for snap.ScratchShapes.twoPass([F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from (require (n >= 0), 0) while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void twoPass_1(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    const int n,
    __global float* FERROCL_RESTRICT tmp,
    const int tmp_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v58 = a[i];
        const float v59 = (v58 * 2.0f);
        tmp[i] = v59;
        return;
    } else {
        if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
        const float v17 = a[i];
        if ((uint)i >= (uint)tmp_length) { *ferrocl_status = 1; return; }
        const float v19 = (v17 * 2.0f);
        tmp[i] = v19;
        return;
    }
}

// Ferrocl kernel for snap.ScratchShapes.twoPass([F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from (require (n >= 0), 0) while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }

__kernel void twoPass_2(
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    __global const float* FERROCL_RESTRICT tmp,
    const int tmp_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v38 = (int)((uint)i + (uint)1);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const float v68 = tmp[i];
        if (n == 0) { *ferrocl_status = 2; return; }
        const int v69 = ferrocl_irem(v38, n);
        if ((uint)v69 >= (uint)tmp_length) { *ferrocl_status = 1; return; }
        const float v70 = tmp[v69];
        const float v71 = (v68 + v70);
        out[i] = v71;
        return;
    } else {
        if ((uint)i >= (uint)tmp_length) { *ferrocl_status = 1; return; }
        const float v36 = tmp[i];
        if (n == 0) { *ferrocl_status = 2; return; }
        const int v39 = ferrocl_irem(v38, n);
        if ((uint)v39 >= (uint)tmp_length) { *ferrocl_status = 1; return; }
        const float v40 = tmp[v39];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const float v41 = (v36 + v40);
        out[i] = v41;
        return;
    }
}

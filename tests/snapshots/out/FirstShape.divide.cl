// Ferrocl kernel for snap.FirstShape.divide([D[D[I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_idiv(int x, int y) { return y == -1 ? (int)(0u - (uint)x) : x / y; }
int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }

__kernel void divide(
    __global double* FERROCL_RESTRICT x,
    const int x_length,
    __global const double* FERROCL_RESTRICT y,
    const int y_length,
    __global int* FERROCL_RESTRICT q,
    const int q_length,
    __global int* FERROCL_RESTRICT r,
    const int r_length,
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
        const double v52 = x[i];
        const double v53 = y[i];
        const double v55 = x[i];
        const double v56 = y[i];
        const double v54 = (v52 / v53);
        const double v57 = fmod(v55, v56);
        const double v58 = (v54 - v57);
        x[i] = v58;
        const int v60 = q[i];
        const int v61 = r[i];
        if (v61 == 0) { *ferrocl_status = 2; return; }
        const int v62 = ferrocl_idiv(v60, v61);
        q[i] = v62;
        const int v64 = r[i];
        const int v67 = ferrocl_irem(v64, 10);
        r[i] = v67;
        return;
    } else {
        if ((uint)i >= (uint)x_length) { *ferrocl_status = 1; return; }
        const double v19 = x[i];
        if ((uint)i >= (uint)y_length) { *ferrocl_status = 1; return; }
        const double v20 = y[i];
        const double v22 = x[i];
        const double v23 = y[i];
        const double v21 = (v19 / v20);
        const double v24 = fmod(v22, v23);
        const double v25 = (v21 - v24);
        x[i] = v25;
        if ((uint)i >= (uint)q_length) { *ferrocl_status = 1; return; }
        const int v27 = q[i];
        if ((uint)i >= (uint)r_length) { *ferrocl_status = 1; return; }
        const int v28 = r[i];
        if (v28 == 0) { *ferrocl_status = 2; return; }
        const int v29 = ferrocl_idiv(v27, v28);
        q[i] = v29;
        const int v31 = r[i];
        const int v39 = ferrocl_irem(v31, 10);
        r[i] = v39;
        return;
    }
}

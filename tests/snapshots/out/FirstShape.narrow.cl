// Ferrocl kernel for snap.FirstShape.narrow([F[B[C[S[ZI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_f2i(float x) { return isnan(x) ? 0 : convert_int_sat_rtz(x); }

__kernel void narrow(
    __global const float* FERROCL_RESTRICT f,
    const int f_length,
    __global char* FERROCL_RESTRICT b,
    const int b_length,
    __global ushort* FERROCL_RESTRICT c,
    const int c_length,
    __global short* FERROCL_RESTRICT s,
    const int s_length,
    __global uchar* FERROCL_RESTRICT z,
    const int z_length,
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
        const float v50 = f[i];
        const int v = ferrocl_f2i(v50);
        const int v52 = ((int)((uint)v << 24) >> 24);
        b[i] = (char)v52;
        const int v54 = (int)((uint)v - (uint)1);
        const int v55 = (v54 & 0xFFFF);
        c[i] = (ushort)v55;
        const int v57 = b[i];
        const int v58 = (int)((uint)v57 * (uint)300);
        const int v59 = ((int)((uint)v58 << 16) >> 16);
        s[i] = (short)v59;
        const int v61 = z[i];
        const int v62 = (v61 ^ 1);
        z[i] = (uchar)(v62 & 1);
        return;
    } else {
        if ((uint)i >= (uint)f_length) { *ferrocl_status = 1; return; }
        const float v21 = f[i];
        if ((uint)i >= (uint)b_length) { *ferrocl_status = 1; return; }
        const int v_1 = ferrocl_f2i(v21);
        const int v23 = ((int)((uint)v_1 << 24) >> 24);
        b[i] = (char)v23;
        if ((uint)i >= (uint)c_length) { *ferrocl_status = 1; return; }
        const int v26 = (int)((uint)v_1 - (uint)1);
        const int v27 = (v26 & 0xFFFF);
        c[i] = (ushort)v27;
        const int v29 = b[i];
        if ((uint)i >= (uint)s_length) { *ferrocl_status = 1; return; }
        const int v31 = (int)((uint)v29 * (uint)300);
        const int v32 = ((int)((uint)v31 << 16) >> 16);
        s[i] = (short)v32;
        if ((uint)i >= (uint)z_length) { *ferrocl_status = 1; return; }
        const int v34 = z[i];
        const int v36 = (v34 ^ 1);
        z[i] = (uchar)(v36 & 1);
        return;
    }
}

// Ferrocl kernel for snap.TypeShapes.conversions([I[J[F[DI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

int ferrocl_d2i(double x) { return isnan(x) ? 0 : convert_int_sat_rtz(x); }
long ferrocl_d2l(double x) { return isnan(x) ? 0L : convert_long_sat_rtz(x); }
int ferrocl_f2i(float x) { return isnan(x) ? 0 : convert_int_sat_rtz(x); }
long ferrocl_f2l(float x) { return isnan(x) ? 0L : convert_long_sat_rtz(x); }

__kernel void conversions(
    __global int* FERROCL_RESTRICT i32,
    const int i32_length,
    __global long* FERROCL_RESTRICT i64,
    const int i64_length,
    __global float* FERROCL_RESTRICT f32,
    const int f32_length,
    __global double* FERROCL_RESTRICT f64,
    const int f64_length,
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
        const int v76 = i32[i];
        const int v78 = i32[i];
        const int v80 = i32[i];
        const long v82 = i64[i];
        const long v84 = i64[i];
        const long v86 = i64[i];
        const float v88 = f32[i];
        const float v90 = f32[i];
        const float v92 = f32[i];
        const double v94 = f64[i];
        const double v96 = f64[i];
        const double v98 = f64[i];
        const int d = (int)(uint)v82;
        const int g = ferrocl_f2i(v88);
        const int v100 = (int)((uint)d + (uint)g);
        const int l = ferrocl_d2i(v94);
        const int v101 = (int)((uint)v100 + (uint)l);
        i32[i] = v101;
        const long a = (long)v76;
        const long h = ferrocl_f2l(v90);
        const long v103 = (long)((ulong)a + (ulong)h);
        const long m = ferrocl_d2l(v96);
        const long v104 = (long)((ulong)v103 + (ulong)m);
        i64[i] = v104;
        const float b = (float)v78;
        const float e = (float)v84;
        const float v106 = (b + e);
        const float o = (float)v98;
        const float v107 = (v106 + o);
        f32[i] = v107;
        const double c = (double)v80;
        const double f = (double)v86;
        const double v109 = (c + f);
        const double k = (double)v92;
        const double v110 = (v109 + k);
        f64[i] = v110;
        return;
    } else {
        if ((uint)i >= (uint)i32_length) { *ferrocl_status = 1; return; }
        const int v19 = i32[i];
        const int v21 = i32[i];
        const int v23 = i32[i];
        if ((uint)i >= (uint)i64_length) { *ferrocl_status = 1; return; }
        const long v25 = i64[i];
        const long v27 = i64[i];
        const long v29 = i64[i];
        if ((uint)i >= (uint)f32_length) { *ferrocl_status = 1; return; }
        const float v31 = f32[i];
        const float v33 = f32[i];
        const float v35 = f32[i];
        if ((uint)i >= (uint)f64_length) { *ferrocl_status = 1; return; }
        const double v37 = f64[i];
        const double v39 = f64[i];
        const double v41 = f64[i];
        const int d_1 = (int)(uint)v25;
        const int g_1 = ferrocl_f2i(v31);
        const int v43 = (int)((uint)d_1 + (uint)g_1);
        const int l_1 = ferrocl_d2i(v37);
        const int v44 = (int)((uint)v43 + (uint)l_1);
        i32[i] = v44;
        const long a_1 = (long)v19;
        const long h_1 = ferrocl_f2l(v33);
        const long v46 = (long)((ulong)a_1 + (ulong)h_1);
        const long m_1 = ferrocl_d2l(v39);
        const long v47 = (long)((ulong)v46 + (ulong)m_1);
        i64[i] = v47;
        const float b_1 = (float)v21;
        const float e_1 = (float)v27;
        const float v49 = (b_1 + e_1);
        const float o_1 = (float)v41;
        const float v50 = (v49 + o_1);
        f32[i] = v50;
        const double c_1 = (double)v23;
        const double f_1 = (double)v29;
        const double v52 = (c_1 + f_1);
        const double k_1 = (double)v35;
        const double v53 = (v52 + k_1);
        f64[i] = v53;
        return;
    }
}

// Ferrocl kernel for snap.LoopShapes.csr([I[I[D[D[D)V
// @Parallel loop 0 (NDRange dimension 0): row from 0 while row < y.length, step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void csr(
    __global const int* FERROCL_RESTRICT rowPtr,
    const int rowPtr_length,
    __global const int* FERROCL_RESTRICT col,
    const int col_length,
    __global const double* FERROCL_RESTRICT val,
    const int val_length,
    __global const double* FERROCL_RESTRICT x,
    const int x_length,
    __global double* FERROCL_RESTRICT y,
    const int y_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int row = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    double sum;
    int k;
    double sum_1;
    int k_1;
    double sum_2;
    int k_2;
    double sum_3;
    double sum_4;
    int k_3;
    double sum_5;
    const int v33 = (int)((uint)row + (uint)1);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int k_4 = rowPtr[row];
        const int v64 = rowPtr[v33];
        const long v139 = (long)k_4;
        const long v140 = (long)v64;
        const long v142 = (long)((ulong)v140 + (ulong)(-1L));
        const long v143 = (long)((ulong)v142 - (ulong)v139);
        const long v145 = (long)((ulong)v142 + (ulong)1L);
        const bool v147 = (v145 <= 2147483647L);
        const long v149 = (long)((ulong)v139 + (ulong)v143);
        const bool v150 = (v139 >= 0L);
        const long v151 = (long)val_length;
        const bool v152 = (v139 < v151);
        const bool v153 = (v149 >= 0L);
        const bool v154 = (v149 < v151);
        const long v155 = (long)col_length;
        const bool v156 = (v139 < v155);
        const bool v157 = (v149 < v155);
        const bool v159 = (v156 && v157);
        const bool v160 = (v154 && v159);
        const bool v161 = (v153 && v160);
        const bool v162 = (v152 && v161);
        const bool v163 = (v150 && v162);
        const bool v164 = (v147 && v163);
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        if (v164) {
            sum_4 = 0.0;
            k_3 = k_4;
            bool ferrocl_failed2 = false;
            for (;;) {
                const bool v168 = (k_3 >= v64);
                if (v168) {
                    break;
                } else {
                    const double v172 = val[k_3];
                    const int v173 = col[k_3];
                    const bool ferrocl_in_bounds181 = (uint)v173 < (uint)x_length;
                    ferrocl_failed2 |= !ferrocl_in_bounds181;
                    const double v174 = (ferrocl_in_bounds181 ? x[v173] : 0);
                    const double v175 = (v172 * v174);
                    const double sum_6 = (sum_4 + v175);
                    const int k_5 = (k_3 + 1);
                    sum_4 = sum_6;
                    k_3 = k_5;
                    continue;
                }
            }
            if (ferrocl_failed2) { *ferrocl_status = 1; return; }
            sum_5 = sum_4;
        } else {
            sum_1 = 0.0;
            k_1 = k_4;
            for (;;) {
                const bool v65 = (k_1 >= v64);
                if (v65) {
                    break;
                } else {
                    if ((uint)k_1 >= (uint)val_length) { *ferrocl_status = 1; return; }
                    const double v69 = val[k_1];
                    if ((uint)k_1 >= (uint)col_length) { *ferrocl_status = 1; return; }
                    const int v70 = col[k_1];
                    if ((uint)v70 >= (uint)x_length) { *ferrocl_status = 1; return; }
                    const double v71 = x[v70];
                    const double v72 = (v69 * v71);
                    const double sum_7 = (sum_1 + v72);
                    const int k_6 = (k_1 + 1);
                    sum_1 = sum_7;
                    k_1 = k_6;
                    continue;
                }
            }
            sum_5 = sum_1;
        }
        y[row] = sum_5;
        return;
    } else {
        if ((uint)row >= (uint)rowPtr_length) { *ferrocl_status = 1; return; }
        const int k_7 = rowPtr[row];
        if ((uint)v33 >= (uint)rowPtr_length) { *ferrocl_status = 1; return; }
        const int v34 = rowPtr[v33];
        const long v86 = (long)k_7;
        const long v87 = (long)v34;
        const long v89 = (long)((ulong)v87 + (ulong)(-1L));
        const long v90 = (long)((ulong)v89 - (ulong)v86);
        const long v92 = (long)((ulong)v89 + (ulong)1L);
        const bool v94 = (v92 <= 2147483647L);
        const long v97 = (long)((ulong)v86 + (ulong)v90);
        const bool v98 = (v86 >= 0L);
        const long v99 = (long)val_length;
        const bool v100 = (v86 < v99);
        const bool v101 = (v97 >= 0L);
        const bool v102 = (v97 < v99);
        const long v104 = (long)col_length;
        const bool v105 = (v86 < v104);
        const bool v106 = (v97 < v104);
        const bool v108 = (v105 && v106);
        const bool v109 = (v102 && v108);
        const bool v110 = (v101 && v109);
        const bool v111 = (v100 && v110);
        const bool v112 = (v98 && v111);
        const bool v113 = (v94 && v112);
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        if (v113) {
            sum_2 = 0.0;
            k_2 = k_7;
            bool ferrocl_failed11 = false;
            for (;;) {
                const bool v117 = (k_2 >= v34);
                if (v117) {
                    break;
                } else {
                    const double v121 = val[k_2];
                    const int v122 = col[k_2];
                    const bool ferrocl_in_bounds130 = (uint)v122 < (uint)x_length;
                    ferrocl_failed11 |= !ferrocl_in_bounds130;
                    const double v123 = (ferrocl_in_bounds130 ? x[v122] : 0);
                    const double v124 = (v121 * v123);
                    const double sum_8 = (sum_2 + v124);
                    const int k_8 = (k_2 + 1);
                    sum_2 = sum_8;
                    k_2 = k_8;
                    continue;
                }
            }
            if (ferrocl_failed11) { *ferrocl_status = 1; return; }
            sum_3 = sum_2;
        } else {
            sum = 0.0;
            k = k_7;
            for (;;) {
                const bool v35 = (k >= v34);
                if (v35) {
                    break;
                } else {
                    if ((uint)k >= (uint)val_length) { *ferrocl_status = 1; return; }
                    const double v39 = val[k];
                    if ((uint)k >= (uint)col_length) { *ferrocl_status = 1; return; }
                    const int v40 = col[k];
                    if ((uint)v40 >= (uint)x_length) { *ferrocl_status = 1; return; }
                    const double v41 = x[v40];
                    const double v42 = (v39 * v41);
                    const double sum_9 = (sum + v42);
                    const int k_9 = (k + 1);
                    sum = sum_9;
                    k = k_9;
                    continue;
                }
            }
            sum_3 = sum;
        }
        y[row] = sum_3;
        return;
    }
}

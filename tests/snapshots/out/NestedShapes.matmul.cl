// Ferrocl kernel for snap.NestedShapes.matmul([[F[[F[[FI)V
// @Parallel loop 0 (NDRange dimension 1): i from 0 while i < n, step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif
#ifndef FERROCL_SPACE_b_table
#define FERROCL_SPACE_b_table __global
#endif

__kernel void matmul(
    const int n,
    __global const int* FERROCL_RESTRICT a_table,
    const int a_table_length,
    __global const float* FERROCL_RESTRICT a_data,
    const int a_data_length,
    FERROCL_SPACE_b_table const int* FERROCL_RESTRICT b_table,
    const int b_table_length,
    __global const float* FERROCL_RESTRICT b_data,
    const int b_data_length,
    __global const int* FERROCL_RESTRICT c_table,
    const int c_table_length,
    __global float* FERROCL_RESTRICT c_data,
    const int c_data_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_start1,
    const uint ferrocl_count1,
    __global int* ferrocl_status)
{
    if (get_global_id(1) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(1));
    if (get_global_id(0) >= (size_t)ferrocl_count1) return;
    const int j = (int)((uint)ferrocl_start1 + (uint)get_global_id(0));
    float s;
    int k;
    float s_1;
    int k_1;
    float s_2;
    const int v35 = a_table[0];
    const int v37 = (int)((uint)v35 - (uint)1);
    const int v38 = (int)((uint)v37 - (uint)i);
    const int v39 = (i | v38);
    const int v40 = (v39 | v35);
    const bool v42 = (v40 >= 0);
    if (!(v42)) { *ferrocl_status = 8; return; }
    const int v46 = (int)((uint)1 + (uint)i);
    const int row = a_table[v46];
    const int v64 = a_table[row];
    const int v74 = (int)((uint)row + (uint)1);
    const int v75 = a_table[v74];
    const int v80 = b_table[0];
    const long v153 = (long)n;
    const long v155 = (long)((ulong)v153 + (ulong)(-1L));
    const long v157 = (long)((ulong)v155 + (ulong)1L);
    const bool v159 = (v157 <= 2147483647L);
    const long v160 = (long)v64;
    const bool v161 = (v160 >= 0L);
    const bool v162 = (0L < v160);
    const bool v163 = (v155 >= 0L);
    const bool v164 = (v155 < v160);
    const long v165 = (long)v80;
    const bool v166 = (v165 >= 0L);
    const bool v167 = (0L < v165);
    const bool v168 = (v155 < v165);
    const bool v170 = (v167 && v168);
    const bool v171 = (v166 && v170);
    const bool v172 = (v164 && v171);
    const bool v173 = (v163 && v172);
    const bool v174 = (v162 && v173);
    const bool v175 = (v161 && v174);
    const bool v176 = (v159 && v175);
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    if (v176) {
        s_1 = 0.0f;
        k_1 = 0;
        for (;;) {
            const bool v180 = (k_1 >= n);
            if (v180) {
                break;
            } else {
                const int v189 = (int)((uint)v75 + (uint)k_1);
                const float v190 = a_data[v189];
                const int v196 = (1 + k_1);
                const int v197 = b_table[v196];
                const int v198 = b_table[v197];
                const int v199 = (int)((uint)v198 - (uint)1);
                const int v200 = (int)((uint)v199 - (uint)j);
                const int v201 = (j | v200);
                const int v202 = (v201 | v198);
                const bool v203 = (v202 >= 0);
                if (!(v203)) { *ferrocl_status = 8; return; }
                const int v205 = (int)((uint)v197 + (uint)1);
                const int v206 = b_table[v205];
                const int v207 = (int)((uint)v206 + (uint)j);
                const float v208 = b_data[v207];
                const float v209 = (v190 * v208);
                const float s_3 = (s_1 + v209);
                s_1 = s_3;
                k_1 = v196;
                continue;
            }
        }
        s_2 = s_1;
    } else {
        const int v66 = (int)((uint)v64 - (uint)1);
        const int v82 = (int)((uint)v80 - (uint)1);
        s = 0.0f;
        k = 0;
        for (;;) {
            const bool v60 = (k >= n);
            if (v60) {
                break;
            } else {
                const int v67 = (int)((uint)v66 - (uint)k);
                const int v68 = (k | v67);
                const int v69 = (v68 | v64);
                const bool v71 = (v69 >= 0);
                if (!(v71)) { *ferrocl_status = 8; return; }
                const int v76 = (int)((uint)v75 + (uint)k);
                const float v78 = a_data[v76];
                const int v83 = (int)((uint)v82 - (uint)k);
                const int v84 = (k | v83);
                const int v85 = (v84 | v80);
                const bool v87 = (v85 >= 0);
                if (!(v87)) { *ferrocl_status = 8; return; }
                const int v91 = (1 + k);
                const int v92 = b_table[v91];
                const int v93 = b_table[v92];
                const int v95 = (int)((uint)v93 - (uint)1);
                const int v96 = (int)((uint)v95 - (uint)j);
                const int v97 = (j | v96);
                const int v98 = (v97 | v93);
                const bool v100 = (v98 >= 0);
                if (!(v100)) { *ferrocl_status = 8; return; }
                const int v103 = (int)((uint)v92 + (uint)1);
                const int v104 = b_table[v103];
                const int v105 = (int)((uint)v104 + (uint)j);
                const float v107 = b_data[v105];
                const float v108 = (v78 * v107);
                const float s_4 = (s + v108);
                s = s_4;
                k = v91;
                continue;
            }
        }
        s_2 = s;
    }
    const int v114 = c_table[0];
    const int v116 = (int)((uint)v114 - (uint)1);
    const int v117 = (int)((uint)v116 - (uint)i);
    const int v118 = (i | v117);
    const int v119 = (v118 | v114);
    const bool v121 = (v119 >= 0);
    if (!(v121)) { *ferrocl_status = 8; return; }
    const int v126 = c_table[v46];
    const int v127 = c_table[v126];
    const int v129 = (int)((uint)v127 - (uint)1);
    const int v130 = (int)((uint)v129 - (uint)j);
    const int v131 = (j | v130);
    const int v132 = (v131 | v127);
    const bool v134 = (v132 >= 0);
    if (!(v134)) { *ferrocl_status = 8; return; }
    const int v137 = (int)((uint)v126 + (uint)1);
    const int v138 = c_table[v137];
    const int v139 = (int)((uint)v138 + (uint)j);
    c_data[v139] = s_2;
}

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
    const int v66 = (int)((uint)v64 - (uint)1);
    const int v82 = (int)((uint)v80 - (uint)1);
    s = 0.0f;
    k = 0;
    // Loop versioning: 2 check(s) of this loop tested once at its entry.
    const long k_last = (long)n + -1L;
    const long k_trips = k_last - (long)k;
    const long k_end = (long)k + k_trips;
    const int k_fast = (k_last + 1L <= 2147483647L)
        && (v64 >= 0)
        && ((ulong)((long)k) < (ulong)v64 && (ulong)(k_end) < (ulong)v64)
        && (v80 >= 0)
        && ((ulong)((long)k) < (ulong)v80 && (ulong)(k_end) < (ulong)v80);
    if (k_fast) {
        for (;;) {
            const bool v60 = (k >= n);
            if (v60) {
                break;
            } else {
                const int v76 = (int)((uint)v75 + (uint)k);
                const float v78 = a_data[v76];
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
                const int v67 = (int)((uint)v66 - (uint)k);
                const int v68 = (k | v67);
                const int v69 = (v68 | v64);
                const bool v71 = (v69 >= 0);
                const int v83 = (int)((uint)v82 - (uint)k);
                const int v84 = (k | v83);
                const int v85 = (v84 | v80);
                const bool v87 = (v85 >= 0);
                const float v108 = (v78 * v107);
                const float s_1 = (s + v108);
                s = s_1;
                k = v91;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v60_1 = (k >= n);
            if (v60_1) {
                break;
            } else {
                const int v67_1 = (int)((uint)v66 - (uint)k);
                const int v68_1 = (k | v67_1);
                const int v69_1 = (v68_1 | v64);
                const bool v71_1 = (v69_1 >= 0);
                if (!(v71_1)) { *ferrocl_status = 8; return; }
                const int v76_1 = (int)((uint)v75 + (uint)k);
                const float v78_1 = a_data[v76_1];
                const int v83_1 = (int)((uint)v82 - (uint)k);
                const int v84_1 = (k | v83_1);
                const int v85_1 = (v84_1 | v80);
                const bool v87_1 = (v85_1 >= 0);
                if (!(v87_1)) { *ferrocl_status = 8; return; }
                const int v91_1 = (1 + k);
                const int v92_1 = b_table[v91_1];
                const int v93_1 = b_table[v92_1];
                const int v95_1 = (int)((uint)v93_1 - (uint)1);
                const int v96_1 = (int)((uint)v95_1 - (uint)j);
                const int v97_1 = (j | v96_1);
                const int v98_1 = (v97_1 | v93_1);
                const bool v100_1 = (v98_1 >= 0);
                if (!(v100_1)) { *ferrocl_status = 8; return; }
                const int v103_1 = (int)((uint)v92_1 + (uint)1);
                const int v104_1 = b_table[v103_1];
                const int v105_1 = (int)((uint)v104_1 + (uint)j);
                const float v107_1 = b_data[v105_1];
                const float v108_1 = (v78_1 * v107_1);
                const float s_2 = (s + v108_1);
                s = s_2;
                k = v91_1;
                continue;
            }
        }
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
    c_data[v139] = s;
}

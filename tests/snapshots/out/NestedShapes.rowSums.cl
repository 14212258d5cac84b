// Ferrocl kernel for snap.NestedShapes.rowSums([[D[D)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < m_table[0], step 1
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void rowSums(
    __global double* FERROCL_RESTRICT out,
    const int out_length,
    __global const int* FERROCL_RESTRICT m_table,
    const int m_table_length,
    __global const double* FERROCL_RESTRICT m_data,
    const int m_data_length,
    const int m_table_element,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    double s;
    int k;
    double s_1;
    double s_2;
    int k_1;
    double s_3;
    const int v27 = (int)((uint)1 + (uint)i);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int r = m_table[v27];
        const int v87 = m_table[r];
        const bool v88 = (v87 < 0);
        if (v88) {
            s_3 = 0.0;
        } else {
            const int v108 = (int)((uint)r + (uint)1);
            const int v109 = m_table[v108];
            s_2 = 0.0;
            k_1 = 0;
            for (;;) {
                const bool v98 = (k_1 >= v87);
                if (v98) {
                    break;
                } else {
                    const int v110 = (int)((uint)v109 + (uint)k_1);
                    const double v111 = m_data[v110];
                    const double s_4 = (s_2 + v111);
                    const int k_2 = (k_1 + 1);
                    s_2 = s_4;
                    k_1 = k_2;
                    continue;
                }
            }
            s_3 = s_2;
        }
        out[i] = s_3;
        return;
    } else {
        const int r_1 = m_table[v27];
        const int v30 = m_table[r_1];
        const bool v32 = (v30 < 0);
        if (v32) {
            s_1 = 0.0;
        } else {
            const int v65 = (int)((uint)r_1 + (uint)1);
            const int v66 = m_table[v65];
            s = 0.0;
            k = 0;
            for (;;) {
                const bool v50 = (k >= v30);
                if (v50) {
                    break;
                } else {
                    const int v67 = (int)((uint)v66 + (uint)k);
                    const double v69 = m_data[v67];
                    const double s_5 = (s + v69);
                    const int k_3 = (k + 1);
                    s = s_5;
                    k = k_3;
                    continue;
                }
            }
            s_1 = s;
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = s_1;
        return;
    }
}

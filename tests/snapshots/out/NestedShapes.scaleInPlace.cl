// Ferrocl kernel for snap.NestedShapes.scaleInPlace([[II)V
// @Parallel loop 0 (NDRange dimension 1): i from (require ((0 < m_table[0]) ? (((0 | (((0 < m_table[0]) ? m_table[0] : 0) - 1)) | ((0 < m_table[0]) ? m_table[0] : 0)) >= 0) : 1), (require ((0 < m_table[0]) ? (((0 < m_table[0]) ? ((0 < m_table[0]) ? m_table[((0 < m_table[0]) ? m_table[1] : 0)] : 0) : 0) >= 0) : 1), 0)) while i < m_table[0], step 1
// @Parallel loop 1 (NDRange dimension 0): j from 0 while j < ((0 < m_table[0]) ? ((0 < m_table[0]) ? m_table[((0 < m_table[0]) ? m_table[1] : 0)] : 0) : 0), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void scaleInPlace(
    const int factor,
    __global const int* FERROCL_RESTRICT m_table,
    const int m_table_length,
    __global int* FERROCL_RESTRICT m_data,
    const int m_data_length,
    const int m_table_element,
    const int m_table_element_1,
    const int m_table_element_2,
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
    const int v56 = (int)((uint)1 + (uint)i);
    const int v57 = m_table[v56];
    const int v71 = m_table[v57];
    const int v73 = (int)((uint)v71 - (uint)1);
    const int v74 = (int)((uint)v73 - (uint)j);
    const int v75 = (j | v74);
    const int v76 = (v75 | v71);
    const bool v78 = (v76 >= 0);
    if (!(v78)) { *ferrocl_status = 8; return; }
    const int v81 = (int)((uint)v57 + (uint)1);
    const int v82 = m_table[v81];
    const int v83 = (int)((uint)v82 + (uint)j);
    const int v85 = m_data[v83];
    const int v86 = (int)((uint)v85 * (uint)factor);
    m_data[v83] = v86;
}

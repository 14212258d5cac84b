// Ferrocl kernel for snap.NestedShapes.cube([[[I[J)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void cube(
    __global long* FERROCL_RESTRICT out,
    const int out_length,
    __global const int* FERROCL_RESTRICT t_table,
    const int t_table_length,
    __global const int* FERROCL_RESTRICT t_data,
    const int t_data_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    long s;
    int j;
    long s_1;
    int k;
    const int v25 = t_table[0];
    const int v27 = (int)((uint)v25 - (uint)1);
    const int v28 = (int)((uint)v27 - (uint)i);
    const int v29 = (i | v28);
    const int v30 = (v29 | v25);
    const bool v32 = (v30 >= 0);
    if (!(v32)) { *ferrocl_status = 8; return; }
    const int v36 = (int)((uint)1 + (uint)i);
    const int v37 = t_table[v36];
    const int v38 = t_table[v37];
    const bool v40 = (v38 >= 0);
    if (!(v40)) { *ferrocl_status = 8; return; }
    const int v78 = (int)((uint)v37 + (uint)1);
    s = 0L;
    j = 0;
    for (;;) {
        const bool v42 = (j >= v38);
        if (v42) {
            break;
        } else {
            const int v79 = (int)((uint)v78 + (uint)j);
            const int v80 = t_table[v79];
            const int v81 = t_table[v80];
            const bool v83 = (v81 >= 0);
            if (!(v83)) { *ferrocl_status = 8; return; }
            const int v125 = (int)((uint)v80 + (uint)1);
            const int v126 = t_table[v125];
            s_1 = s;
            k = 0;
            for (;;) {
                const bool v85 = (k >= v81);
                if (v85) {
                    break;
                } else {
                    const int v127 = (int)((uint)v126 + (uint)k);
                    const int v129 = t_data[v127];
                    const long v130 = (long)v129;
                    const long s_2 = (long)((ulong)s_1 + (ulong)v130);
                    const int k_1 = (k + 1);
                    s_1 = s_2;
                    k = k_1;
                    continue;
                }
            }
            const int j_1 = (j + 1);
            s = s_1;
            j = j_1;
            continue;
        }
    }
    out[i] = s;
}

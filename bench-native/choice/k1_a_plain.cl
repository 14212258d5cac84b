// Ferrocl kernel for P.choiceLoadBetweenStores([I[I[III)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif
#ifndef FERROCL_CONST
#define FERROCL_CONST
#endif

__kernel void choiceLoadBetweenStores(
    __global int* a,
    const int a_length,
    __global FERROCL_CONST int* FERROCL_RESTRICT b,
    const int b_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int flag,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p62;
    int p73;
    int p94;
    int p104;
    const bool v20 = (flag == 0);
    const int v29 = (int)((uint)4 * (uint)i);
    const int v34 = (int)((uint)v29 + (uint)1);
    const int v36 = (int)((uint)i + (uint)1);
    const int v45 = (int)((uint)v29 + (uint)2);
    const int v47 = (int)((uint)i + (uint)2);
    const int v52 = (int)((uint)v29 + (uint)3);
    const int v54 = (int)((uint)i + (uint)3);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        if (v20) {
            p94 = 1;
        } else {
            p94 = 0;
        }
        a[v29] = i;
        a[v34] = v36;
        const bool v102 = (p94 == 0);
        if (v102) {
            const int v97 = a[v29];
            p104 = v97;
        } else {
            const int v100 = b[v29];
            p104 = v100;
        }
        out[i] = p104;
        a[v45] = v47;
        a[v52] = v54;
        return;
    } else {
        if (v20) {
            p62 = 1;
        } else {
            p62 = 0;
        }
        if ((uint)v29 >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[v29] = i;
        if ((uint)v34 >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[v34] = v36;
        const bool v71 = (p62 == 0);
        if (v71) {
            const int v65 = a[v29];
            p73 = v65;
        } else {
            if ((uint)v29 >= (uint)b_length) { *ferrocl_status = 1; return; }
            const int v68 = b[v29];
            p73 = v68;
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = p73;
        if ((uint)v45 >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[v45] = v47;
        if ((uint)v52 >= (uint)a_length) { *ferrocl_status = 1; return; }
        a[v52] = v54;
        return;
    }
}

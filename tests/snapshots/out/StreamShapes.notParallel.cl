// Ferrocl kernel for snap.StreamShapes.notParallel([I)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void notParallel(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* ferrocl_status)
{
    int i;
    i = 1;
    for (;;) {
        const bool v9 = (i < a_length);
        if (v9) {
            const int v13 = a[i];
            const int v15 = (int)((uint)i - (uint)1);
            if ((uint)v15 >= (uint)a_length) { *ferrocl_status = 1; return; }
            const int v16 = a[v15];
            const int v17 = (int)((uint)v13 + (uint)v16);
            a[i] = v17;
            const int v20 = (i + 1);
            i = v20;
            continue;
        } else {
            break;
        }
    }
}

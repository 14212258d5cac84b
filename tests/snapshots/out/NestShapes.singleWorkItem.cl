// Ferrocl kernel for snap.NestShapes.singleWorkItem([I)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void singleWorkItem(
    __global int* FERROCL_RESTRICT a,
    const int a_length,
    __global int* ferrocl_status)
{
    int i;
    i = 1;
    for (;;) {
        const bool v8 = (i >= a_length);
        if (v8) {
            break;
        } else {
            const int v12 = a[i];
            const int v14 = (int)((uint)i - (uint)1);
            if ((uint)v14 >= (uint)a_length) { *ferrocl_status = 1; return; }
            const int v15 = a[v14];
            const int v16 = (int)((uint)v12 + (uint)v15);
            a[i] = v16;
            const int i_1 = (i + 1);
            i = i_1;
            continue;
        }
    }
}

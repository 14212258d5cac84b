// Ferrocl kernel for snap.StreamShapes.notParallel([I)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

__kernel void notParallel(
    __global int* a,
    const int a_length,
    __global int* ferrocl_status)
{
    int i;
    i = 1;
    for (;;) {
        const bool v9 = (i < a_length);
        if (v9) {
            if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
            const int v13 = a[i];
            const int v15 = (int)((uint)i - (uint)1);
            if ((uint)v15 >= (uint)a_length) { *ferrocl_status = 1; return; }
            const int v16 = a[v15];
            const int v17 = (int)((uint)v13 + (uint)v16);
            a[i] = v17;
            const int v20 = (int)((uint)i + (uint)1);
            i = v20;
            continue;
        } else {
            break;
        }
    }
}

// Ferrocl kernel for snap.Bailouts.noAnnotation([II)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

__kernel void noAnnotation(
    __global int* a,
    const int a_length,
    const int n,
    __global int* ferrocl_status)
{
    int i;
    i = 0;
    for (;;) {
        const bool v9 = (i >= n);
        if (v9) {
            break;
        } else {
            if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
            a[i] = 1;
            const int i_1 = (int)((uint)i + (uint)1);
            i = i_1;
            continue;
        }
    }
}

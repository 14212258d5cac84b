// Ferrocl kernel for snap.Bailouts.noAnnotation([II)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void noAnnotation(
    __global int* FERROCL_RESTRICT a,
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
            const int i_1 = (i + 1);
            i = i_1;
            continue;
        }
    }
}

// Ferrocl kernel for snap.PreLoopShapes.chooseThenStore([II)V
// No @Parallel loop: one work-item runs the method.
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void chooseThenStore(
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int k,
    __global int* ferrocl_status)
{
    const bool v15 = (k != 3);
    const bool v31 = (k > 0);
    const int v = (v31 ? 1 : (-1));
    if (v15) {
        if ((uint)1 >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[1] = v;
    } else {
        if ((uint)0 >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[0] = v;
    }
}

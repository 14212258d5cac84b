// Ferrocl kernel for snap.PrivateShapes.cloneAndShift([I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void cloneAndShift(
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int c[3];
    int t[3];
    for (int ferrocl_z = 0; ferrocl_z < 3; ferrocl_z++) t[ferrocl_z] = 0;
    t[0] = i;
    for (int ferrocl_z = 0; ferrocl_z < 3; ferrocl_z++) c[ferrocl_z] = 0;
    const int v20 = t[0];
    const int v23 = t[1];
    const int v26 = t[2];
    c[0] = v20;
    c[1] = v23;
    c[2] = v26;
    const int v53 = c[0];
    const int v56 = c[1];
    c[1] = v53;
    c[2] = v56;
    const int v62 = c[1];
    const int v64 = c[2];
    const int v67 = t[1];
    const int v65 = (int)((uint)v62 + (uint)v64);
    const int v68 = (int)((uint)v65 + (uint)v67);
    out[i] = v68;
}

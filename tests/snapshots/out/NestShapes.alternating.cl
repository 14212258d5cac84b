// Ferrocl kernel for snap.NestShapes.alternating([II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < out.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void alternating(
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int steps,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    // Even iterations first, odd ones from a warp boundary on (coherentBranches).
    const ulong ferrocl_half = (ulong)((ferrocl_count0 >> 1) + (ferrocl_count0 & 1u));
    const ulong ferrocl_seam = (ferrocl_half + 63ul) & ~(ulong)63ul;
    if (get_global_id(0) >= ferrocl_seam + (ferrocl_count0 >> 1) || (get_global_id(0) >= ferrocl_half && get_global_id(0) < ferrocl_seam)) return;
    const uint ferrocl_t = get_global_id(0) < ferrocl_half ? 2u * (uint)get_global_id(0) : 2u * (uint)(get_global_id(0) - ferrocl_seam) + 1u;
    const int i = (int)((uint)ferrocl_start0 + (uint)ferrocl_t);
    int acc;
    int k;
    int acc_1;
    const int v27 = (i & 1);
    const bool v29 = (v27 != 0);
    acc = i;
    k = 0;
    for (;;) {
        const bool v22 = (k >= steps);
        if (v22) {
            break;
        } else {
            if (v29) {
                const int v38 = (int)((uint)k << (3 & 31));
                const int acc_2 = (acc ^ v38);
                acc_1 = acc_2;
            } else {
                const int v34 = (int)((uint)acc * (uint)31);
                const int acc_3 = (int)((uint)v34 + (uint)k);
                acc_1 = acc_3;
            }
            const int k_1 = (k + 1);
            acc = acc_1;
            k = k_1;
            continue;
        }
    }
    out[i] = acc;
}

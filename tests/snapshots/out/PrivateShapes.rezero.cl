// Ferrocl kernel for snap.PrivateShapes.rezero([F[FI)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void rezero(
    __global const float* FERROCL_RESTRICT a,
    const int a_length,
    __global float* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    float w[4];
    float acc;
    int r;
    float acc_1;
    int r_1;
    float acc_2;
    int r_2;
    float acc_3;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        acc_1 = 0.0f;
        r_1 = 0;
        for (;;) {
            const bool v69 = (r_1 >= 3);
            if (v69) {
                break;
            } else {
                for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) w[ferrocl_z] = 0;
                const float v74 = w[r_1];
                const float v75 = a[i];
                const float v76 = (v74 + v75);
                w[r_1] = v76;
                const float v78 = w[0];
                const float v79 = w[1];
                const float v81 = w[2];
                const float v83 = w[3];
                const float v80 = (v78 + v79);
                const float v82 = (v80 + v81);
                const float v84 = (v82 + v83);
                const float acc_4 = (acc_1 + v84);
                const int r_3 = (r_1 + 1);
                acc_1 = acc_4;
                r_1 = r_3;
                continue;
            }
        }
        out[i] = acc_1;
        return;
    } else {
        const long v102 = (long)i;
        const bool v103 = (v102 >= 0L);
        const long v104 = (long)a_length;
        const bool v105 = (v102 < v104);
        const bool v107 = (v103 && v105);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v107) {
            acc_2 = 0.0f;
            r_2 = 0;
            for (;;) {
                const bool v111 = (r_2 >= 3);
                if (v111) {
                    break;
                } else {
                    for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) w[ferrocl_z] = 0;
                    const float v116 = w[r_2];
                    const float v117 = a[i];
                    const float v118 = (v116 + v117);
                    w[r_2] = v118;
                    const float v120 = w[0];
                    const float v121 = w[1];
                    const float v123 = w[2];
                    const float v125 = w[3];
                    const float v122 = (v120 + v121);
                    const float v124 = (v122 + v123);
                    const float v126 = (v124 + v125);
                    const float acc_5 = (acc_2 + v126);
                    const int r_4 = (r_2 + 1);
                    acc_2 = acc_5;
                    r_2 = r_4;
                    continue;
                }
            }
            acc_3 = acc_2;
        } else {
            acc = 0.0f;
            r = 0;
            for (;;) {
                const bool v26 = (r >= 3);
                if (v26) {
                    break;
                } else {
                    for (int ferrocl_z = 0; ferrocl_z < 4; ferrocl_z++) w[ferrocl_z] = 0;
                    const float v32 = w[r];
                    if ((uint)i >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const float v33 = a[i];
                    const float v34 = (v32 + v33);
                    w[r] = v34;
                    const float v37 = w[0];
                    const float v39 = w[1];
                    const float v42 = w[2];
                    const float v45 = w[3];
                    const float v40 = (v37 + v39);
                    const float v43 = (v40 + v42);
                    const float v46 = (v43 + v45);
                    const float acc_6 = (acc + v46);
                    const int r_5 = (r + 1);
                    acc = acc_6;
                    r = r_5;
                    continue;
                }
            }
            acc_3 = acc;
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = acc_3;
        return;
    }
}

// Ferrocl kernel for snap.SwitchShapes.tableSwitchFallThrough([I[II)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void tableSwitchFallThrough(
    __global const int* FERROCL_RESTRICT k,
    const int k_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        int r;
        int r_1;
        int r_2;
        const int v16 = k[i];
        const bool v18 = (v16 == 0);
        if (v18) {
            r = 1;
        } else {
            const bool v22 = (v16 == 1);
            if (v22) {
                r = 0;
            } else {
                const bool v28 = (v16 == 2);
                if (v28) {
                    r_1 = 0;
                    goto L3_p;
                } else {
                    const bool v34 = (v16 == 3);
                    if (v34) {
                        r_2 = (-1);
                        goto L4_p;
                    } else {
                        r_2 = 42;
                        goto L4_p;
                    }
                }
            }
        }
        const int r_3 = (int)((uint)r * (uint)10);
        r_1 = r_3;
        L3_p: ;
        const int r_4 = (int)((uint)r_1 + (uint)100);
        r_2 = r_4;
        L4_p: ;
        out[i] = r_2;
    } else {
        int r;
        int r_1;
        int r_2;
        if ((uint)i >= (uint)k_length) { *ferrocl_status = 1; return; }
        const int v16 = k[i];
        const bool v18 = (v16 == 0);
        if (v18) {
            r = 1;
        } else {
            const bool v22 = (v16 == 1);
            if (v22) {
                r = 0;
            } else {
                const bool v28 = (v16 == 2);
                if (v28) {
                    r_1 = 0;
                    goto L3;
                } else {
                    const bool v34 = (v16 == 3);
                    if (v34) {
                        r_2 = (-1);
                        goto L4;
                    } else {
                        r_2 = 42;
                        goto L4;
                    }
                }
            }
        }
        const int r_3 = (int)((uint)r * (uint)10);
        r_1 = r_3;
        L3: ;
        const int r_4 = (int)((uint)r_1 + (uint)100);
        r_2 = r_4;
        L4: ;
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = r_2;
    }
}

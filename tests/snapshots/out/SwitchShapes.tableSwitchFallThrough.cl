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
    int r;
    int r_1;
    int r_2;
    int r_3;
    int r_4;
    int r_5;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int v67 = k[i];
        const bool v68 = (v67 == 0);
        if (v68) {
            r_3 = 1;
        } else {
            const bool v71 = (v67 == 1);
            if (v71) {
                r_3 = 0;
            } else {
                const bool v76 = (v67 == 2);
                if (v76) {
                    r_4 = 0;
                    goto L4;
                } else {
                    const bool v81 = (v67 == 3);
                    if (v81) {
                        r_5 = (-1);
                        goto L5;
                    } else {
                        r_5 = 42;
                        goto L5;
                    }
                }
            }
        }
        const int r_6 = (int)((uint)r_3 * (uint)10);
        r_4 = r_6;
        L4: ;
        const int r_7 = (int)((uint)r_4 + (uint)100);
        r_5 = r_7;
        L5: ;
        out[i] = r_5;
        return;
    } else {
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
                    goto L16;
                } else {
                    const bool v34 = (v16 == 3);
                    if (v34) {
                        r_2 = (-1);
                        goto L17;
                    } else {
                        r_2 = 42;
                        goto L17;
                    }
                }
            }
        }
        const int r_8 = (int)((uint)r * (uint)10);
        r_1 = r_8;
        L16: ;
        const int r_9 = (int)((uint)r_1 + (uint)100);
        r_2 = r_9;
        L17: ;
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = r_2;
        return;
    }
}

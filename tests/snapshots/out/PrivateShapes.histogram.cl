// Ferrocl kernel for snap.PrivateShapes.histogram([I[III)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < n, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void histogram(
    __global const int* FERROCL_RESTRICT data,
    const int data_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int n,
    const int m,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int hist[8];
    int j;
    int best;
    int b;
    int j_1;
    int best_1;
    int b_1;
    const int v33 = (int)((uint)i * (uint)m);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        for (int ferrocl_z = 0; ferrocl_z < 8; ferrocl_z++) hist[ferrocl_z] = 0;
        j_1 = 0;
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        const long j_1_last = (long)m + -1L;
        const long j_1_trips = j_1_last - (long)j_1;
        const long j_1_end = (long)j_1 + j_1_trips;
        const int j_1_fast = (j_1_last + 1L <= 2147483647L)
            && ((ulong)((long)j_1 + (long)v33) < (ulong)data_length && (ulong)(j_1_end + (long)v33) < (ulong)data_length);
        if (j_1_fast) {
            for (;;) {
                const bool v82 = (j_1 >= m);
                if (v82) {
                    break;
                } else {
                    const int v86 = (int)((uint)v33 + (uint)j_1);
                    const int v87 = data[v86];
                    const int v88 = (v87 & 15);
                    if ((uint)v88 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v89 = hist[v88];
                    const int v90 = (int)((uint)v89 + (uint)1);
                    hist[v88] = v90;
                    const int j_2 = (j_1 + 1);
                    j_1 = j_2;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v82_1 = (j_1 >= m);
                if (v82_1) {
                    break;
                } else {
                    const int v86_1 = (int)((uint)v33 + (uint)j_1);
                    if ((uint)v86_1 >= (uint)data_length) { *ferrocl_status = 1; return; }
                    const int v87_1 = data[v86_1];
                    const int v88_1 = (v87_1 & 15);
                    if ((uint)v88_1 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v89_1 = hist[v88_1];
                    const int v90_1 = (int)((uint)v89_1 + (uint)1);
                    hist[v88_1] = v90_1;
                    const int j_3 = (j_1 + 1);
                    j_1 = j_3;
                    continue;
                }
            }
        }
        best_1 = 0;
        b_1 = 0;
        for (;;) {
            const bool v98 = (b_1 >= 8);
            if (v98) {
                break;
            } else {
                const int v102 = hist[b_1];
                const int best_2 = max(best_1, v102);
                const int b_2 = (b_1 + 1);
                best_1 = best_2;
                b_1 = b_2;
                continue;
            }
        }
        out[i] = best_1;
        return;
    } else {
        for (int ferrocl_z = 0; ferrocl_z < 8; ferrocl_z++) hist[ferrocl_z] = 0;
        j = 0;
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        const long j_last = (long)m + -1L;
        const long j_trips = j_last - (long)j;
        const long j_end = (long)j + j_trips;
        const int j_fast = (j_last + 1L <= 2147483647L)
            && ((ulong)((long)j + (long)v33) < (ulong)data_length && (ulong)(j_end + (long)v33) < (ulong)data_length);
        if (j_fast) {
            for (;;) {
                const bool v29 = (j >= m);
                if (v29) {
                    break;
                } else {
                    const int v34 = (int)((uint)v33 + (uint)j);
                    const int v35 = data[v34];
                    const int v37 = (v35 & 15);
                    if ((uint)v37 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v38 = hist[v37];
                    const int v40 = (int)((uint)v38 + (uint)1);
                    hist[v37] = v40;
                    const int j_4 = (j + 1);
                    j = j_4;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v29_1 = (j >= m);
                if (v29_1) {
                    break;
                } else {
                    const int v34_1 = (int)((uint)v33 + (uint)j);
                    if ((uint)v34_1 >= (uint)data_length) { *ferrocl_status = 1; return; }
                    const int v35_1 = data[v34_1];
                    const int v37_1 = (v35_1 & 15);
                    if ((uint)v37_1 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v38_1 = hist[v37_1];
                    const int v40_1 = (int)((uint)v38_1 + (uint)1);
                    hist[v37_1] = v40_1;
                    const int j_5 = (j + 1);
                    j = j_5;
                    continue;
                }
            }
        }
        best = 0;
        b = 0;
        for (;;) {
            const bool v58 = (b >= 8);
            if (v58) {
                break;
            } else {
                const int v62 = hist[b];
                const int best_3 = max(best, v62);
                const int b_3 = (b + 1);
                best = best_3;
                b = b_3;
                continue;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = best;
        return;
    }
}

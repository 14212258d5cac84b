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
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        int j;
        int best;
        int b;
        for (int ferrocl_z = 0; ferrocl_z < 8; ferrocl_z++) hist[ferrocl_z] = 0;
        const int v33 = (int)((uint)i * (uint)m);
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
                    const int j_1 = (j + 1);
                    j = j_1;
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
                    const int j_2 = (j + 1);
                    j = j_2;
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
                const int best_1 = max(best, v62);
                const int b_1 = (b + 1);
                best = best_1;
                b = b_1;
                continue;
            }
        }
        out[i] = best;
    } else {
        int j;
        int best;
        int b;
        for (int ferrocl_z = 0; ferrocl_z < 8; ferrocl_z++) hist[ferrocl_z] = 0;
        const int v33 = (int)((uint)i * (uint)m);
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
                    const int j_1 = (j + 1);
                    j = j_1;
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
                    const int j_2 = (j + 1);
                    j = j_2;
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
                const int best_1 = max(best, v62);
                const int b_1 = (b + 1);
                best = best_1;
                b = b_1;
                continue;
            }
        }
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        out[i] = best;
    }
}

// Ferrocl kernel for snap.NestShapes.keyRounds([I[C[I)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < data.length, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif
#ifndef FERROCL_SPACE_key
#define FERROCL_SPACE_key __global
#endif

__kernel void keyRounds(
    __global const int* FERROCL_RESTRICT data,
    const int data_length,
    FERROCL_SPACE_key const ushort* FERROCL_RESTRICT key,
    const int key_length,
    __global int* FERROCL_RESTRICT out,
    const int out_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int x;
    int k;
    int r;
    int x_1;
    int k_1;
    int r_1;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int x_2 = data[i];
        x_1 = x_2;
        k_1 = 0;
        r_1 = 0;
        // Loop versioning: 3 check(s) of this loop tested once at its entry.
        const long r_1_last = (long)8 + -1L;
        const long r_1_trips = r_1_last - (long)r_1;
        const long k_1_end = (long)k_1 + 3L * r_1_trips;
        const int r_1_fast = (r_1_last + 1L <= 2147483647L)
            && (k_1_end >= -2147483648L && k_1_end <= 2147483647L)
            && ((ulong)((long)k_1) < (ulong)key_length && (ulong)(k_1_end) < (ulong)key_length)
            && ((ulong)((long)k_1 + 1L) < (ulong)key_length && (ulong)(k_1_end + 1L) < (ulong)key_length)
            && ((ulong)((long)k_1 + 2L) < (ulong)key_length && (ulong)(k_1_end + 2L) < (ulong)key_length);
        if (r_1_fast) {
            for (;;) {
                const bool v74 = (r_1 >= 8);
                if (v74) {
                    break;
                } else {
                    const int v78 = key[k_1];
                    const int v81 = (int)((uint)k_1 + (uint)1);
                    const int v82 = key[v81];
                    const int v86 = (int)((uint)k_1 + (uint)2);
                    const int v87 = key[v86];
                    const int v79 = (v78 | 1);
                    const int v80 = (int)((uint)x_1 * (uint)v79);
                    const int v83 = (int)((uint)x_1 >> (7 & 31));
                    const int v84 = (int)((uint)v82 + (uint)v83);
                    const int v85 = (v80 ^ v84);
                    const int x_3 = (v85 ^ v87);
                    const int k_2 = (int)((uint)k_1 + (uint)3);
                    const int r_2 = (r_1 + 1);
                    x_1 = x_3;
                    k_1 = k_2;
                    r_1 = r_2;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v74_1 = (r_1 >= 8);
                if (v74_1) {
                    break;
                } else {
                    if ((uint)k_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v78_1 = key[k_1];
                    const int v81_1 = (int)((uint)k_1 + (uint)1);
                    if ((uint)v81_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v82_1 = key[v81_1];
                    const int v86_1 = (int)((uint)k_1 + (uint)2);
                    if ((uint)v86_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v87_1 = key[v86_1];
                    const int v79_1 = (v78_1 | 1);
                    const int v80_1 = (int)((uint)x_1 * (uint)v79_1);
                    const int v83_1 = (int)((uint)x_1 >> (7 & 31));
                    const int v84_1 = (int)((uint)v82_1 + (uint)v83_1);
                    const int v85_1 = (v80_1 ^ v84_1);
                    const int x_4 = (v85_1 ^ v87_1);
                    const int k_3 = (int)((uint)k_1 + (uint)3);
                    const int r_3 = (r_1 + 1);
                    x_1 = x_4;
                    k_1 = k_3;
                    r_1 = r_3;
                    continue;
                }
            }
        }
        const int v92 = key[24];
        const int v93 = (int)((uint)x_1 + (uint)v92);
        out[i] = v93;
        return;
    } else {
        const int x_5 = data[i];
        x = x_5;
        k = 0;
        r = 0;
        // Loop versioning: 3 check(s) of this loop tested once at its entry.
        const long r_last = (long)8 + -1L;
        const long r_trips = r_last - (long)r;
        const long k_end = (long)k + 3L * r_trips;
        const int r_fast = (r_last + 1L <= 2147483647L)
            && (k_end >= -2147483648L && k_end <= 2147483647L)
            && ((ulong)((long)k) < (ulong)key_length && (ulong)(k_end) < (ulong)key_length)
            && ((ulong)((long)k + 1L) < (ulong)key_length && (ulong)(k_end + 1L) < (ulong)key_length)
            && ((ulong)((long)k + 2L) < (ulong)key_length && (ulong)(k_end + 2L) < (ulong)key_length);
        if (r_fast) {
            for (;;) {
                const bool v29 = (r >= 8);
                if (v29) {
                    break;
                } else {
                    const int v33 = key[k];
                    const int v38 = (int)((uint)k + (uint)1);
                    const int v39 = key[v38];
                    const int v45 = (int)((uint)k + (uint)2);
                    const int v46 = key[v45];
                    const int v35 = (v33 | 1);
                    const int v36 = (int)((uint)x * (uint)v35);
                    const int v41 = (int)((uint)x >> (7 & 31));
                    const int v42 = (int)((uint)v39 + (uint)v41);
                    const int v43 = (v36 ^ v42);
                    const int x_6 = (v43 ^ v46);
                    const int k_4 = (int)((uint)k + (uint)3);
                    const int r_4 = (r + 1);
                    x = x_6;
                    k = k_4;
                    r = r_4;
                    continue;
                }
            }
        } else {
            for (;;) {
                const bool v29_1 = (r >= 8);
                if (v29_1) {
                    break;
                } else {
                    if ((uint)k >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v33_1 = key[k];
                    const int v38_1 = (int)((uint)k + (uint)1);
                    if ((uint)v38_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v39_1 = key[v38_1];
                    const int v45_1 = (int)((uint)k + (uint)2);
                    if ((uint)v45_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v46_1 = key[v45_1];
                    const int v35_1 = (v33_1 | 1);
                    const int v36_1 = (int)((uint)x * (uint)v35_1);
                    const int v41_1 = (int)((uint)x >> (7 & 31));
                    const int v42_1 = (int)((uint)v39_1 + (uint)v41_1);
                    const int v43_1 = (v36_1 ^ v42_1);
                    const int x_7 = (v43_1 ^ v46_1);
                    const int k_5 = (int)((uint)k + (uint)3);
                    const int r_5 = (r + 1);
                    x = x_7;
                    k = k_5;
                    r = r_5;
                    continue;
                }
            }
        }
        if ((uint)24 >= (uint)key_length) { *ferrocl_status = 1; return; }
        const int v54 = key[24];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v55 = (int)((uint)x + (uint)v54);
        out[i] = v55;
        return;
    }
}

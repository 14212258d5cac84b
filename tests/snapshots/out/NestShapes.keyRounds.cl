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
    int x_2;
    int k_2;
    int r_2;
    int x_3;
    int x_4;
    int k_3;
    int r_3;
    int x_5;
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const int x_6 = data[i];
        const long v172 = (long)key_length;
        const bool v173 = (0L < v172);
        const bool v174 = (21L < v172);
        const bool v175 = (1L < v172);
        const bool v177 = (22L < v172);
        const bool v179 = (2L < v172);
        const bool v181 = (23L < v172);
        const bool v183 = (v179 && v181);
        const bool v184 = (v177 && v183);
        const bool v185 = (v175 && v184);
        const bool v186 = (v174 && v185);
        const bool v187 = (v173 && v186);
        // Loop versioning: 3 check(s) of this loop tested once at its entry.
        if (v187) {
            x_4 = x_6;
            k_3 = 0;
            r_3 = 0;
            for (;;) {
                const bool v192 = (r_3 >= 8);
                if (v192) {
                    break;
                } else {
                    const int v196 = key[k_3];
                    const int v199 = (int)((uint)k_3 + (uint)1);
                    const int v200 = key[v199];
                    const int v204 = (int)((uint)k_3 + (uint)2);
                    const int v205 = key[v204];
                    const int v197 = (v196 | 1);
                    const int v198 = (int)((uint)x_4 * (uint)v197);
                    const int v201 = (int)((uint)x_4 >> (7 & 31));
                    const int v202 = (int)((uint)v200 + (uint)v201);
                    const int v203 = (v198 ^ v202);
                    const int x_7 = (v203 ^ v205);
                    const int k_4 = (int)((uint)k_3 + (uint)3);
                    const int r_4 = (r_3 + 1);
                    x_4 = x_7;
                    k_3 = k_4;
                    r_3 = r_4;
                    continue;
                }
            }
            x_5 = x_4;
        } else {
            x_1 = x_6;
            k_1 = 0;
            r_1 = 0;
            for (;;) {
                const bool v74 = (r_1 >= 8);
                if (v74) {
                    break;
                } else {
                    if ((uint)k_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v78 = key[k_1];
                    const int v81 = (int)((uint)k_1 + (uint)1);
                    if ((uint)v81 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v82 = key[v81];
                    const int v86 = (int)((uint)k_1 + (uint)2);
                    if ((uint)v86 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v87 = key[v86];
                    const int v79 = (v78 | 1);
                    const int v80 = (int)((uint)x_1 * (uint)v79);
                    const int v83 = (int)((uint)x_1 >> (7 & 31));
                    const int v84 = (int)((uint)v82 + (uint)v83);
                    const int v85 = (v80 ^ v84);
                    const int x_8 = (v85 ^ v87);
                    const int k_5 = (int)((uint)k_1 + (uint)3);
                    const int r_5 = (r_1 + 1);
                    x_1 = x_8;
                    k_1 = k_5;
                    r_1 = r_5;
                    continue;
                }
            }
            x_5 = x_1;
        }
        const int v92 = key[24];
        const int v93 = (int)((uint)x_5 + (uint)v92);
        out[i] = v93;
        return;
    } else {
        const int x_9 = data[i];
        const long v114 = (long)key_length;
        const bool v115 = (0L < v114);
        const bool v116 = (21L < v114);
        const bool v117 = (1L < v114);
        const bool v119 = (22L < v114);
        const bool v121 = (2L < v114);
        const bool v123 = (23L < v114);
        const bool v125 = (v121 && v123);
        const bool v126 = (v119 && v125);
        const bool v127 = (v117 && v126);
        const bool v128 = (v116 && v127);
        const bool v129 = (v115 && v128);
        // Loop versioning: 3 check(s) of this loop tested once at its entry.
        if (v129) {
            x_2 = x_9;
            k_2 = 0;
            r_2 = 0;
            for (;;) {
                const bool v134 = (r_2 >= 8);
                if (v134) {
                    break;
                } else {
                    const int v138 = key[k_2];
                    const int v141 = (int)((uint)k_2 + (uint)1);
                    const int v142 = key[v141];
                    const int v146 = (int)((uint)k_2 + (uint)2);
                    const int v147 = key[v146];
                    const int v139 = (v138 | 1);
                    const int v140 = (int)((uint)x_2 * (uint)v139);
                    const int v143 = (int)((uint)x_2 >> (7 & 31));
                    const int v144 = (int)((uint)v142 + (uint)v143);
                    const int v145 = (v140 ^ v144);
                    const int x_10 = (v145 ^ v147);
                    const int k_6 = (int)((uint)k_2 + (uint)3);
                    const int r_6 = (r_2 + 1);
                    x_2 = x_10;
                    k_2 = k_6;
                    r_2 = r_6;
                    continue;
                }
            }
            x_3 = x_2;
        } else {
            x = x_9;
            k = 0;
            r = 0;
            for (;;) {
                const bool v29 = (r >= 8);
                if (v29) {
                    break;
                } else {
                    if ((uint)k >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v33 = key[k];
                    const int v38 = (int)((uint)k + (uint)1);
                    if ((uint)v38 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v39 = key[v38];
                    const int v45 = (int)((uint)k + (uint)2);
                    if ((uint)v45 >= (uint)key_length) { *ferrocl_status = 1; return; }
                    const int v46 = key[v45];
                    const int v35 = (v33 | 1);
                    const int v36 = (int)((uint)x * (uint)v35);
                    const int v41 = (int)((uint)x >> (7 & 31));
                    const int v42 = (int)((uint)v39 + (uint)v41);
                    const int v43 = (v36 ^ v42);
                    const int x_11 = (v43 ^ v46);
                    const int k_7 = (int)((uint)k + (uint)3);
                    const int r_7 = (r + 1);
                    x = x_11;
                    k = k_7;
                    r = r_7;
                    continue;
                }
            }
            x_3 = x;
        }
        if ((uint)24 >= (uint)key_length) { *ferrocl_status = 1; return; }
        const int v54 = key[24];
        if ((uint)i >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v55 = (int)((uint)x_3 + (uint)v54);
        out[i] = v55;
        return;
    }
}

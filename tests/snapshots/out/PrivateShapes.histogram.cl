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
    int j_2;
    int j_3;
    const int v33 = (int)((uint)i * (uint)m);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        for (int ferrocl_z = 0; ferrocl_z < 8; ferrocl_z++) hist[ferrocl_z] = 0;
        const long v159 = (long)m;
        const long v161 = (long)((ulong)v159 + (ulong)(-1L));
        const long v163 = (long)((ulong)v161 + (ulong)1L);
        const bool v165 = (v163 <= 2147483647L);
        const long v166 = (long)v33;
        const bool v167 = (v166 >= 0L);
        const long v168 = (long)data_length;
        const bool v169 = (v166 < v168);
        const long v170 = (long)((ulong)v161 + (ulong)v166);
        const bool v171 = (v170 >= 0L);
        const bool v172 = (v170 < v168);
        const bool v174 = (v171 && v172);
        const bool v175 = (v169 && v174);
        const bool v176 = (v167 && v175);
        const bool v177 = (v165 && v176);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v177) {
            j_3 = 0;
            for (;;) {
                const bool v180 = (j_3 >= m);
                if (v180) {
                    break;
                } else {
                    const int v184 = (int)((uint)v33 + (uint)j_3);
                    const int v185 = data[v184];
                    const int v186 = (v185 & 15);
                    if ((uint)v186 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v187 = hist[v186];
                    const int v188 = (int)((uint)v187 + (uint)1);
                    hist[v186] = v188;
                    const int j_4 = (j_3 + 1);
                    j_3 = j_4;
                    continue;
                }
            }
        } else {
            j_1 = 0;
            for (;;) {
                const bool v82 = (j_1 >= m);
                if (v82) {
                    break;
                } else {
                    const int v86 = (int)((uint)v33 + (uint)j_1);
                    if ((uint)v86 >= (uint)data_length) { *ferrocl_status = 1; return; }
                    const int v87 = data[v86];
                    const int v88 = (v87 & 15);
                    if ((uint)v88 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v89 = hist[v88];
                    const int v90 = (int)((uint)v89 + (uint)1);
                    hist[v88] = v90;
                    const int j_5 = (j_1 + 1);
                    j_1 = j_5;
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
        const long v115 = (long)m;
        const long v117 = (long)((ulong)v115 + (ulong)(-1L));
        const long v119 = (long)((ulong)v117 + (ulong)1L);
        const bool v121 = (v119 <= 2147483647L);
        const long v123 = (long)v33;
        const bool v124 = (v123 >= 0L);
        const long v125 = (long)data_length;
        const bool v126 = (v123 < v125);
        const long v127 = (long)((ulong)v117 + (ulong)v123);
        const bool v128 = (v127 >= 0L);
        const bool v129 = (v127 < v125);
        const bool v131 = (v128 && v129);
        const bool v132 = (v126 && v131);
        const bool v133 = (v124 && v132);
        const bool v134 = (v121 && v133);
        // Loop versioning: 1 check(s) of this loop tested once at its entry.
        if (v134) {
            j_2 = 0;
            for (;;) {
                const bool v137 = (j_2 >= m);
                if (v137) {
                    break;
                } else {
                    const int v141 = (int)((uint)v33 + (uint)j_2);
                    const int v142 = data[v141];
                    const int v143 = (v142 & 15);
                    if ((uint)v143 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v144 = hist[v143];
                    const int v145 = (int)((uint)v144 + (uint)1);
                    hist[v143] = v145;
                    const int j_6 = (j_2 + 1);
                    j_2 = j_6;
                    continue;
                }
            }
        } else {
            j = 0;
            for (;;) {
                const bool v29 = (j >= m);
                if (v29) {
                    break;
                } else {
                    const int v34 = (int)((uint)v33 + (uint)j);
                    if ((uint)v34 >= (uint)data_length) { *ferrocl_status = 1; return; }
                    const int v35 = data[v34];
                    const int v37 = (v35 & 15);
                    if ((uint)v37 >= (uint)8) { *ferrocl_status = 1; return; }
                    const int v38 = hist[v37];
                    const int v40 = (int)((uint)v38 + (uint)1);
                    hist[v37] = v40;
                    const int j_7 = (j + 1);
                    j = j_7;
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

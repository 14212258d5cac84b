// Ferrocl kernel for snap.NestShapes.packBytes([B[BI)V
// @Parallel loop 0 (NDRange dimension 0): b from 0 while b < blocks, step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

__kernel void packBytes(
    __global const char* FERROCL_RESTRICT in,
    const int in_length,
    __global char* FERROCL_RESTRICT out,
    const int out_length,
    const int blocks,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    const int ferrocl_proven,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int b = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    const int v16 = (int)((uint)8 * (uint)b);
    const int v25 = (int)((uint)v16 + (uint)1);
    const int v33 = (int)((uint)v16 + (uint)2);
    const int v42 = (int)((uint)v16 + (uint)3);
    const int v50 = (int)((uint)v16 + (uint)4);
    const int v59 = (int)((uint)v16 + (uint)5);
    const int v67 = (int)((uint)v16 + (uint)6);
    const int v76 = (int)((uint)v16 + (uint)7);
    if (ferrocl_proven) {
        // The host proved this launch's indices in bounds: no index check.
        const char8 in_v8 = *(__global const char8*)(in + v16);
        const int v227 = in_v8.s6;
        const int v175 = (v227 & 255);
        const int v176 = (int)((uint)v175 << (8 & 31));
        const int v228 = in_v8.s7;
        const int v178 = (v228 & 255);
        const int x4 = (v176 | v178);
        const int v180 = (int)((uint)x4 >> (8 & 31));
        const int v181 = ((int)((uint)v180 << 24) >> 24);
        const int v183 = ((int)((uint)x4 << 24) >> 24);
        const int v225 = in_v8.s4;
        const int v169 = (v225 & 255);
        const int v170 = (int)((uint)v169 << (8 & 31));
        const int v226 = in_v8.s5;
        const int v172 = (v226 & 255);
        const int x3 = (v170 | v172);
        const int v185 = (int)((uint)x3 >> (8 & 31));
        const int v186 = ((int)((uint)v185 << 24) >> 24);
        const int v188 = ((int)((uint)x3 << 24) >> 24);
        const int v223 = in_v8.s2;
        const int v163 = (v223 & 255);
        const int v164 = (int)((uint)v163 << (8 & 31));
        const int v224 = in_v8.s3;
        const int v166 = (v224 & 255);
        const int x2 = (v164 | v166);
        const int v190 = (int)((uint)x2 >> (8 & 31));
        const int v191 = ((int)((uint)v190 << 24) >> 24);
        const int v193 = ((int)((uint)x2 << 24) >> 24);
        const int v221 = in_v8.s0;
        const int v157 = (v221 & 255);
        const int v158 = (int)((uint)v157 << (8 & 31));
        const int v222 = in_v8.s1;
        const int v160 = (v222 & 255);
        const int x1 = (v158 | v160);
        const int v195 = (int)((uint)x1 >> (8 & 31));
        const int v196 = ((int)((uint)v195 << 24) >> 24);
        const int v198 = ((int)((uint)x1 << 24) >> 24);
        *(__global char8*)(out + v16) = (char8)((char)v181, (char)v183, (char)v186, (char)v188, (char)v191, (char)v193, (char)v196, (char)v198);
        return;
    } else {
        if ((uint)v16 >= (uint)in_length) { *ferrocl_status = 1; return; }
        if ((uint)v25 >= (uint)in_length) { *ferrocl_status = 1; return; }
        if ((uint)v33 >= (uint)in_length) { *ferrocl_status = 1; return; }
        if ((uint)v42 >= (uint)in_length) { *ferrocl_status = 1; return; }
        if ((uint)v50 >= (uint)in_length) { *ferrocl_status = 1; return; }
        if ((uint)v59 >= (uint)in_length) { *ferrocl_status = 1; return; }
        if ((uint)v67 >= (uint)in_length) { *ferrocl_status = 1; return; }
        if ((uint)v76 >= (uint)in_length) { *ferrocl_status = 1; return; }
        const char8 in_v8_1 = *(__global const char8*)(in + v16);
        if ((uint)v16 >= (uint)out_length) { *ferrocl_status = 1; return; }
        if ((uint)v25 >= (uint)out_length) { *ferrocl_status = 1; return; }
        if ((uint)v33 >= (uint)out_length) { *ferrocl_status = 1; return; }
        if ((uint)v42 >= (uint)out_length) { *ferrocl_status = 1; return; }
        if ((uint)v50 >= (uint)out_length) { *ferrocl_status = 1; return; }
        if ((uint)v59 >= (uint)out_length) { *ferrocl_status = 1; return; }
        if ((uint)v67 >= (uint)out_length) { *ferrocl_status = 1; return; }
        if ((uint)v76 >= (uint)out_length) { *ferrocl_status = 1; return; }
        const int v237 = in_v8_1.s6;
        const int v70 = (v237 & 255);
        const int v72 = (int)((uint)v70 << (8 & 31));
        const int v238 = in_v8_1.s7;
        const int v79 = (v238 & 255);
        const int x4_1 = (v72 | v79);
        const int v84 = (int)((uint)x4_1 >> (8 & 31));
        const int v85 = ((int)((uint)v84 << 24) >> 24);
        const int v91 = ((int)((uint)x4_1 << 24) >> 24);
        const int v235 = in_v8_1.s4;
        const int v53 = (v235 & 255);
        const int v55 = (int)((uint)v53 << (8 & 31));
        const int v236 = in_v8_1.s5;
        const int v62 = (v236 & 255);
        const int x3_1 = (v55 | v62);
        const int v98 = (int)((uint)x3_1 >> (8 & 31));
        const int v99 = ((int)((uint)v98 << 24) >> 24);
        const int v105 = ((int)((uint)x3_1 << 24) >> 24);
        const int v233 = in_v8_1.s2;
        const int v36 = (v233 & 255);
        const int v38 = (int)((uint)v36 << (8 & 31));
        const int v234 = in_v8_1.s3;
        const int v45 = (v234 & 255);
        const int x2_1 = (v38 | v45);
        const int v112 = (int)((uint)x2_1 >> (8 & 31));
        const int v113 = ((int)((uint)v112 << 24) >> 24);
        const int v119 = ((int)((uint)x2_1 << 24) >> 24);
        const int v231 = in_v8_1.s0;
        const int v19 = (v231 & 255);
        const int v21 = (int)((uint)v19 << (8 & 31));
        const int v232 = in_v8_1.s1;
        const int v28 = (v232 & 255);
        const int x1_1 = (v21 | v28);
        const int v126 = (int)((uint)x1_1 >> (8 & 31));
        const int v127 = ((int)((uint)v126 << 24) >> 24);
        const int v133 = ((int)((uint)x1_1 << 24) >> 24);
        *(__global char8*)(out + v16) = (char8)((char)v85, (char)v91, (char)v99, (char)v105, (char)v113, (char)v119, (char)v127, (char)v133);
        return;
    }
}

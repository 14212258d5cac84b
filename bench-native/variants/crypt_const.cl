// Ferrocl kernel for dev.ferrocl.bench.CryptBench.idea([B[B[C)V
// @Parallel loop 0 (NDRange dimension 0): block from 0 while block < (in.length / 8), step 1
#pragma OPENCL FP_CONTRACT OFF

__kernel void crypt(
    __global const char* in,
    const int in_length,
    __global char* out,
    const int out_length,
    __constant ushort* key,
    const int key_length,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int block = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int x1;
    int x2;
    int x3;
    int x4;
    int k;
    int round_;
    int p123;
    int x1_1;
    int p179;
    int x4_1;
    int p225;
    int t0;
    int p274;
    int t1;
    int p330;
    int y1;
    int p384;
    int y4;
    bool v91;
    int v107;
    bool v147;
    int v163;
    const int v19 = (int)((uint)block * (uint)8);
    const int v20 = in[v19];
    const int v26 = (int)((uint)v19 + (uint)1);
    const int v27 = in[v26];
    const int v32 = (int)((uint)v19 + (uint)2);
    const int v33 = in[v32];
    const int v39 = (int)((uint)v19 + (uint)3);
    const int v40 = in[v39];
    const int v45 = (int)((uint)v19 + (uint)4);
    const int v46 = in[v45];
    const int v52 = (int)((uint)v19 + (uint)5);
    const int v53 = in[v52];
    const int v58 = (int)((uint)v19 + (uint)6);
    const int v59 = in[v58];
    const int v65 = (int)((uint)v19 + (uint)7);
    const int v66 = in[v65];
    const int v22 = (v20 & 255);
    const int v24 = (int)((uint)v22 << (8 & 31));
    const int v29 = (v27 & 255);
    const int x1_2 = (v24 | v29);
    const int v35 = (v33 & 255);
    const int v37 = (int)((uint)v35 << (8 & 31));
    const int v42 = (v40 & 255);
    const int x2_1 = (v37 | v42);
    const int v48 = (v46 & 255);
    const int v50 = (int)((uint)v48 << (8 & 31));
    const int v55 = (v53 & 255);
    const int x3_1 = (v50 | v55);
    const int v61 = (v59 & 255);
    const int v63 = (int)((uint)v61 << (8 & 31));
    const int v68 = (v66 & 255);
    const int x4_2 = (v63 | v68);
    x1 = x1_2;
    x2 = x2_1;
    x3 = x3_1;
    x4 = x4_2;
    k = 0;
    round_ = 0;
    // Loop versioning: 6 check(s) of this loop tested once at its entry.
    const long round__last = (long)8 + -1L;
    const long round__trips = round__last - (long)round_;
    const long k_end = (long)k + 6L * round__trips;
    const int round__fast = (round__last + 1L <= 2147483647L)
        && (k_end >= -2147483648L && k_end <= 2147483647L)
        && ((ulong)((long)k) < (ulong)key_length && (ulong)(k_end) < (ulong)key_length)
        && ((ulong)((long)k + 1L) < (ulong)key_length && (ulong)(k_end + 1L) < (ulong)key_length)
        && ((ulong)((long)k + 2L) < (ulong)key_length && (ulong)(k_end + 2L) < (ulong)key_length)
        && ((ulong)((long)k + 3L) < (ulong)key_length && (ulong)(k_end + 3L) < (ulong)key_length)
        && ((ulong)((long)k + 4L) < (ulong)key_length && (ulong)(k_end + 4L) < (ulong)key_length)
        && ((ulong)((long)k + 5L) < (ulong)key_length && (ulong)(k_end + 5L) < (ulong)key_length);
    if (round__fast) {
        for (;;) {
            const bool v85 = (round_ >= 8);
            v91 = (x1 != 0);
            const int v105 = (int)((uint)1 - (uint)x1);
            v107 = (v105 & 65535);
            v147 = (x4 != 0);
            const int v161 = (int)((uint)1 - (uint)x4);
            v163 = (v161 & 65535);
            if (v85) {
                break;
            } else {
                const int v89 = key[k];
                if (v91) {
                    const bool v100 = (v89 != 0);
                    if (v100) {
                        const int p = (int)((uint)x1 * (uint)v89);
                        const int lo = (p & 65535);
                        const int hi = (int)((uint)p >> (16 & 31));
                        const bool v114 = (lo >= hi);
                        if (v114) {
                            p123 = 0;
                        } else {
                            p123 = 1;
                        }
                        const int v113 = (int)((uint)lo - (uint)hi);
                        const int v124 = (int)((uint)v113 + (uint)p123);
                        const int v126 = (v124 & 65535);
                        x1_1 = v126;
                    } else {
                        x1_1 = v107;
                    }
                } else {
                    const int v96 = (int)((uint)1 - (uint)v89);
                    const int v98 = (v96 & 65535);
                    x1_1 = v98;
                }
                const int v133 = (int)((uint)k + (uint)1);
                const int v134 = key[v133];
                const int v139 = (int)((uint)k + (uint)2);
                const int v140 = key[v139];
                const int v144 = (int)((uint)k + (uint)3);
                const int v145 = key[v144];
                if (v147) {
                    const bool v156 = (v145 != 0);
                    if (v156) {
                        const int p_1 = (int)((uint)x4 * (uint)v145);
                        const int lo_1 = (p_1 & 65535);
                        const int hi_1 = (int)((uint)p_1 >> (16 & 31));
                        const bool v170 = (lo_1 >= hi_1);
                        if (v170) {
                            p179 = 0;
                        } else {
                            p179 = 1;
                        }
                        const int v169 = (int)((uint)lo_1 - (uint)hi_1);
                        const int v180 = (int)((uint)v169 + (uint)p179);
                        const int v182 = (v180 & 65535);
                        x4_1 = v182;
                    } else {
                        x4_1 = v163;
                    }
                } else {
                    const int v152 = (int)((uint)1 - (uint)v145);
                    const int v154 = (v152 & 65535);
                    x4_1 = v154;
                }
                const int v189 = (int)((uint)k + (uint)4);
                const int v190 = key[v189];
                const int v141 = (int)((uint)x3 + (uint)v140);
                const int x3_2 = (v141 & 0xFFFF);
                const int v191 = (x1_1 ^ x3_2);
                const bool v193 = (v190 != 0);
                if (v193) {
                    const bool v202 = (v191 != 0);
                    if (v202) {
                        const int p_2 = (int)((uint)v190 * (uint)v191);
                        const int lo_2 = (p_2 & 65535);
                        const int hi_2 = (int)((uint)p_2 >> (16 & 31));
                        const bool v216 = (lo_2 >= hi_2);
                        if (v216) {
                            p225 = 0;
                        } else {
                            p225 = 1;
                        }
                        const int v215 = (int)((uint)lo_2 - (uint)hi_2);
                        const int v226 = (int)((uint)v215 + (uint)p225);
                        const int v228 = (v226 & 65535);
                        t0 = v228;
                    } else {
                        const int v207 = (int)((uint)1 - (uint)v190);
                        const int v209 = (v207 & 65535);
                        t0 = v209;
                    }
                } else {
                    const int v198 = (int)((uint)1 - (uint)v191);
                    const int v200 = (v198 & 65535);
                    t0 = v200;
                }
                const int v235 = (int)((uint)k + (uint)5);
                const int v236 = key[v235];
                const int v135 = (int)((uint)x2 + (uint)v134);
                const int x2_2 = (v135 & 65535);
                const int v237 = (x2_2 ^ x4_1);
                const int v238 = (int)((uint)t0 + (uint)v237);
                const int v240 = (v238 & 65535);
                const bool v242 = (v236 != 0);
                if (v242) {
                    const bool v251 = (v240 != 0);
                    if (v251) {
                        const int p_3 = (int)((uint)v236 * (uint)v240);
                        const int lo_3 = (p_3 & 65535);
                        const int hi_3 = (int)((uint)p_3 >> (16 & 31));
                        const bool v265 = (lo_3 >= hi_3);
                        if (v265) {
                            p274 = 0;
                        } else {
                            p274 = 1;
                        }
                        const int v264 = (int)((uint)lo_3 - (uint)hi_3);
                        const int v275 = (int)((uint)v264 + (uint)p274);
                        const int v277 = (v275 & 65535);
                        t1 = v277;
                    } else {
                        const int v256 = (int)((uint)1 - (uint)v236);
                        const int v258 = (v256 & 65535);
                        t1 = v258;
                    }
                } else {
                    const int v247 = (int)((uint)1 - (uint)v240);
                    const int v249 = (v247 & 65535);
                    t1 = v249;
                }
                const int v283 = (int)((uint)t0 + (uint)t1);
                const int t0_1 = (v283 & 65535);
                const int x1_3 = (x1_1 ^ t1);
                const int x4_3 = (x4_1 ^ t0_1);
                const int swap = (x2_2 ^ t0_1);
                const int x2_3 = (x3_2 ^ t1);
                const int k_1 = (int)((uint)k + (uint)6);
                const int round__1 = (int)((uint)round_ + (uint)1);
                x1 = x1_3;
                x2 = x2_3;
                x3 = swap;
                x4 = x4_3;
                k = k_1;
                round_ = round__1;
                continue;
            }
        }
    } else {
        for (;;) {
            const bool v85_1 = (round_ >= 8);
            v91 = (x1 != 0);
            const int v105_1 = (int)((uint)1 - (uint)x1);
            v107 = (v105_1 & 65535);
            v147 = (x4 != 0);
            const int v161_1 = (int)((uint)1 - (uint)x4);
            v163 = (v161_1 & 65535);
            if (v85_1) {
                break;
            } else {
                if ((uint)k >= (uint)key_length) { *ferrocl_status = 1; return; }
                const int v89_1 = key[k];
                if (v91) {
                    const bool v100_1 = (v89_1 != 0);
                    if (v100_1) {
                        const int p_4 = (int)((uint)x1 * (uint)v89_1);
                        const int lo_4 = (p_4 & 65535);
                        const int hi_4 = (int)((uint)p_4 >> (16 & 31));
                        const bool v114_1 = (lo_4 >= hi_4);
                        if (v114_1) {
                            p123 = 0;
                        } else {
                            p123 = 1;
                        }
                        const int v113_1 = (int)((uint)lo_4 - (uint)hi_4);
                        const int v124_1 = (int)((uint)v113_1 + (uint)p123);
                        const int v126_1 = (v124_1 & 65535);
                        x1_1 = v126_1;
                    } else {
                        x1_1 = v107;
                    }
                } else {
                    const int v96_1 = (int)((uint)1 - (uint)v89_1);
                    const int v98_1 = (v96_1 & 65535);
                    x1_1 = v98_1;
                }
                const int v133_1 = (int)((uint)k + (uint)1);
                if ((uint)v133_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                const int v134_1 = key[v133_1];
                const int v139_1 = (int)((uint)k + (uint)2);
                if ((uint)v139_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                const int v140_1 = key[v139_1];
                const int v144_1 = (int)((uint)k + (uint)3);
                if ((uint)v144_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                const int v145_1 = key[v144_1];
                if (v147) {
                    const bool v156_1 = (v145_1 != 0);
                    if (v156_1) {
                        const int p_5 = (int)((uint)x4 * (uint)v145_1);
                        const int lo_5 = (p_5 & 65535);
                        const int hi_5 = (int)((uint)p_5 >> (16 & 31));
                        const bool v170_1 = (lo_5 >= hi_5);
                        if (v170_1) {
                            p179 = 0;
                        } else {
                            p179 = 1;
                        }
                        const int v169_1 = (int)((uint)lo_5 - (uint)hi_5);
                        const int v180_1 = (int)((uint)v169_1 + (uint)p179);
                        const int v182_1 = (v180_1 & 65535);
                        x4_1 = v182_1;
                    } else {
                        x4_1 = v163;
                    }
                } else {
                    const int v152_1 = (int)((uint)1 - (uint)v145_1);
                    const int v154_1 = (v152_1 & 65535);
                    x4_1 = v154_1;
                }
                const int v189_1 = (int)((uint)k + (uint)4);
                if ((uint)v189_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                const int v190_1 = key[v189_1];
                const int v141_1 = (int)((uint)x3 + (uint)v140_1);
                const int x3_3 = (v141_1 & 0xFFFF);
                const int v191_1 = (x1_1 ^ x3_3);
                const bool v193_1 = (v190_1 != 0);
                if (v193_1) {
                    const bool v202_1 = (v191_1 != 0);
                    if (v202_1) {
                        const int p_6 = (int)((uint)v190_1 * (uint)v191_1);
                        const int lo_6 = (p_6 & 65535);
                        const int hi_6 = (int)((uint)p_6 >> (16 & 31));
                        const bool v216_1 = (lo_6 >= hi_6);
                        if (v216_1) {
                            p225 = 0;
                        } else {
                            p225 = 1;
                        }
                        const int v215_1 = (int)((uint)lo_6 - (uint)hi_6);
                        const int v226_1 = (int)((uint)v215_1 + (uint)p225);
                        const int v228_1 = (v226_1 & 65535);
                        t0 = v228_1;
                    } else {
                        const int v207_1 = (int)((uint)1 - (uint)v190_1);
                        const int v209_1 = (v207_1 & 65535);
                        t0 = v209_1;
                    }
                } else {
                    const int v198_1 = (int)((uint)1 - (uint)v191_1);
                    const int v200_1 = (v198_1 & 65535);
                    t0 = v200_1;
                }
                const int v235_1 = (int)((uint)k + (uint)5);
                if ((uint)v235_1 >= (uint)key_length) { *ferrocl_status = 1; return; }
                const int v236_1 = key[v235_1];
                const int v135_1 = (int)((uint)x2 + (uint)v134_1);
                const int x2_4 = (v135_1 & 65535);
                const int v237_1 = (x2_4 ^ x4_1);
                const int v238_1 = (int)((uint)t0 + (uint)v237_1);
                const int v240_1 = (v238_1 & 65535);
                const bool v242_1 = (v236_1 != 0);
                if (v242_1) {
                    const bool v251_1 = (v240_1 != 0);
                    if (v251_1) {
                        const int p_7 = (int)((uint)v236_1 * (uint)v240_1);
                        const int lo_7 = (p_7 & 65535);
                        const int hi_7 = (int)((uint)p_7 >> (16 & 31));
                        const bool v265_1 = (lo_7 >= hi_7);
                        if (v265_1) {
                            p274 = 0;
                        } else {
                            p274 = 1;
                        }
                        const int v264_1 = (int)((uint)lo_7 - (uint)hi_7);
                        const int v275_1 = (int)((uint)v264_1 + (uint)p274);
                        const int v277_1 = (v275_1 & 65535);
                        t1 = v277_1;
                    } else {
                        const int v256_1 = (int)((uint)1 - (uint)v236_1);
                        const int v258_1 = (v256_1 & 65535);
                        t1 = v258_1;
                    }
                } else {
                    const int v247_1 = (int)((uint)1 - (uint)v240_1);
                    const int v249_1 = (v247_1 & 65535);
                    t1 = v249_1;
                }
                const int v283_1 = (int)((uint)t0 + (uint)t1);
                const int t0_2 = (v283_1 & 65535);
                const int x1_4 = (x1_1 ^ t1);
                const int x4_4 = (x4_1 ^ t0_2);
                const int swap_1 = (x2_4 ^ t0_2);
                const int x2_5 = (x3_3 ^ t1);
                const int k_2 = (int)((uint)k + (uint)6);
                const int round__2 = (int)((uint)round_ + (uint)1);
                x1 = x1_4;
                x2 = x2_5;
                x3 = swap_1;
                x4 = x4_4;
                k = k_2;
                round_ = round__2;
                continue;
            }
        }
    }
    if ((uint)48 >= (uint)key_length) { *ferrocl_status = 1; return; }
    const int v296 = key[48];
    if (v91) {
        const bool v307 = (v296 != 0);
        if (v307) {
            const int p_8 = (int)((uint)x1 * (uint)v296);
            const int lo_8 = (p_8 & 65535);
            const int hi_8 = (int)((uint)p_8 >> (16 & 31));
            const bool v321 = (lo_8 >= hi_8);
            if (v321) {
                p330 = 0;
            } else {
                p330 = 1;
            }
            const int v320 = (int)((uint)lo_8 - (uint)hi_8);
            const int v331 = (int)((uint)v320 + (uint)p330);
            const int v333 = (v331 & 65535);
            y1 = v333;
        } else {
            y1 = v107;
        }
    } else {
        const int v303 = (int)((uint)1 - (uint)v296);
        const int v305 = (v303 & 65535);
        y1 = v305;
    }
    if ((uint)49 >= (uint)key_length) { *ferrocl_status = 1; return; }
    const int v340 = key[49];
    if ((uint)50 >= (uint)key_length) { *ferrocl_status = 1; return; }
    const int v345 = key[50];
    if ((uint)51 >= (uint)key_length) { *ferrocl_status = 1; return; }
    const int v350 = key[51];
    if (v147) {
        const bool v361 = (v350 != 0);
        if (v361) {
            const int p_9 = (int)((uint)x4 * (uint)v350);
            const int lo_9 = (p_9 & 65535);
            const int hi_9 = (int)((uint)p_9 >> (16 & 31));
            const bool v375 = (lo_9 >= hi_9);
            if (v375) {
                p384 = 0;
            } else {
                p384 = 1;
            }
            const int v374 = (int)((uint)lo_9 - (uint)hi_9);
            const int v385 = (int)((uint)v374 + (uint)p384);
            const int v387 = (v385 & 65535);
            y4 = v387;
        } else {
            y4 = v163;
        }
    } else {
        const int v357 = (int)((uint)1 - (uint)v350);
        const int v359 = (v357 & 65535);
        y4 = v359;
    }
    if ((uint)v19 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v394 = (int)((uint)y1 >> (8 & 31));
    const int v395 = ((int)((uint)v394 << 24) >> 24);
    out[v19] = (char)v395;
    if ((uint)v26 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v399 = ((int)((uint)y1 << 24) >> 24);
    out[v26] = (char)v399;
    if ((uint)v32 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v341 = (int)((uint)x3 + (uint)v340);
    const int y2 = (v341 & 65535);
    const int v404 = (int)((uint)y2 >> (8 & 31));
    const int v405 = ((int)((uint)v404 << 24) >> 24);
    out[v32] = (char)v405;
    if ((uint)v39 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v409 = ((int)((uint)y2 << 24) >> 24);
    out[v39] = (char)v409;
    if ((uint)v45 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v346 = (int)((uint)x2 + (uint)v345);
    const int y3 = (v346 & 65535);
    const int v414 = (int)((uint)y3 >> (8 & 31));
    const int v415 = ((int)((uint)v414 << 24) >> 24);
    out[v45] = (char)v415;
    if ((uint)v52 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v419 = ((int)((uint)y3 << 24) >> 24);
    out[v52] = (char)v419;
    if ((uint)v58 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v424 = (int)((uint)y4 >> (8 & 31));
    const int v425 = ((int)((uint)v424 << 24) >> 24);
    out[v58] = (char)v425;
    if ((uint)v65 >= (uint)out_length) { *ferrocl_status = 1; return; }
    const int v429 = ((int)((uint)y4 << 24) >> 24);
    out[v65] = (char)v429;
}

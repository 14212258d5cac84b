// Ferrocl kernel for snap.PrivateShapes.runtimeRowShift([JIIII)V
// @Parallel loop 0 (NDRange dimension 0): i from 0 while i < (a.length / w), step 1
#pragma OPENCL FP_CONTRACT OFF

// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;
// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.
#ifndef FERROCL_RESTRICT
#define FERROCL_RESTRICT
#endif

long ferrocl_ldiv(long x, long y) { return y == -1L ? (long)(0UL - (ulong)x) : x / y; }

__kernel void runtimeRowShift(
    __global long* FERROCL_RESTRICT a,
    const int a_length,
    const int w,
    const int from,
    const int to,
    const int n,
    const int ferrocl_start0,
    const uint ferrocl_count0,
    __global int* ferrocl_status)
{
    if (get_global_id(0) >= (size_t)ferrocl_count0) return;
    const int i = (int)((uint)ferrocl_start0 + (uint)get_global_id(0));
    int p49;
    int p66;
    int p123;
    int p177;
    const int v21 = (int)((uint)i * (uint)w);
    const int v22 = (int)((uint)v21 + (uint)from);
    const bool v26 = (v22 >= 0);
    if (!(v26)) { *ferrocl_status = 8; return; }
    const int v24 = (int)((uint)v21 + (uint)to);
    const bool v28 = (v24 >= 0);
    if (!(v28)) { *ferrocl_status = 8; return; }
    const bool v30 = (n >= 0);
    if (!(v30)) { *ferrocl_status = 8; return; }
    const int v33 = (int)((uint)a_length - (uint)n);
    const bool v34 = (v22 <= v33);
    if (!(v34)) { *ferrocl_status = 8; return; }
    const bool v38 = (v24 <= v33);
    if (!(v38)) { *ferrocl_status = 8; return; }
    const bool v40 = (v22 < v24);
    if (v40) {
        const int v48 = (int)((uint)n + (uint)(-1));
        const long v87 = (long)v48;
        const long v89 = (long)((ulong)0L - (ulong)v87);
        const long v91 = ferrocl_ldiv(v89, (-1L));
        const long v93 = (long)v21;
        const long v95 = (long)from;
        const long v96 = (long)((ulong)v93 + (ulong)v95);
        const long v97 = (long)((ulong)(-1L) * (ulong)v91);
        const long v98 = (long)((ulong)v87 + (ulong)v97);
        const long v99 = (long)((ulong)v87 + (ulong)v96);
        const bool v100 = (v99 >= 0L);
        const long v101 = (long)a_length;
        const bool v102 = (v99 < v101);
        const long v103 = (long)((ulong)v98 + (ulong)v96);
        const bool v104 = (v103 >= 0L);
        const bool v105 = (v103 < v101);
        const long v106 = (long)to;
        const long v107 = (long)((ulong)v93 + (ulong)v106);
        const long v108 = (long)((ulong)v87 + (ulong)v107);
        const bool v109 = (v108 >= 0L);
        const bool v110 = (v108 < v101);
        const long v111 = (long)((ulong)v98 + (ulong)v107);
        const bool v112 = (v111 >= 0L);
        const bool v113 = (v111 < v101);
        const bool v115 = (v112 && v113);
        const bool v116 = (v110 && v115);
        const bool v117 = (v109 && v116);
        const bool v118 = (v105 && v117);
        const bool v119 = (v104 && v118);
        const bool v120 = (v102 && v119);
        const bool v121 = (v100 && v120);
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        if (v121) {
            p123 = v48;
            for (;;) {
                const bool v124 = (p123 >= 0);
                if (v124) {
                    const int v128 = (int)((uint)v22 + (uint)p123);
                    const long v129 = a[v128];
                    const int v130 = (int)((uint)v24 + (uint)p123);
                    a[v130] = v129;
                    const int v132 = (p123 + (-1));
                    p123 = v132;
                    continue;
                } else {
                    break;
                }
            }
        } else {
            p49 = v48;
            for (;;) {
                const bool v50 = (p49 >= 0);
                if (v50) {
                    const int v54 = (int)((uint)v22 + (uint)p49);
                    if ((uint)v54 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const long v55 = a[v54];
                    const int v56 = (int)((uint)v24 + (uint)p49);
                    if ((uint)v56 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    a[v56] = v55;
                    const int v58 = (int)((uint)p49 + (uint)(-1));
                    p49 = v58;
                    continue;
                } else {
                    break;
                }
            }
        }
    } else {
        const long v144 = (long)n;
        const long v146 = (long)((ulong)v144 + (ulong)(-1L));
        const long v148 = (long)((ulong)v146 + (ulong)1L);
        const bool v150 = (v148 <= 2147483647L);
        const long v151 = (long)v21;
        const long v152 = (long)from;
        const long v153 = (long)((ulong)v151 + (ulong)v152);
        const bool v154 = (v153 >= 0L);
        const long v155 = (long)a_length;
        const bool v156 = (v153 < v155);
        const long v157 = (long)((ulong)v146 + (ulong)v153);
        const bool v158 = (v157 >= 0L);
        const bool v159 = (v157 < v155);
        const long v160 = (long)to;
        const long v161 = (long)((ulong)v151 + (ulong)v160);
        const bool v162 = (v161 >= 0L);
        const bool v163 = (v161 < v155);
        const long v164 = (long)((ulong)v146 + (ulong)v161);
        const bool v165 = (v164 >= 0L);
        const bool v166 = (v164 < v155);
        const bool v168 = (v165 && v166);
        const bool v169 = (v163 && v168);
        const bool v170 = (v162 && v169);
        const bool v171 = (v159 && v170);
        const bool v172 = (v158 && v171);
        const bool v173 = (v156 && v172);
        const bool v174 = (v154 && v173);
        const bool v175 = (v150 && v174);
        // Loop versioning: 2 check(s) of this loop tested once at its entry.
        if (v175) {
            p177 = 0;
            for (;;) {
                const bool v178 = (p177 < n);
                if (v178) {
                    const int v182 = (int)((uint)v22 + (uint)p177);
                    const long v183 = a[v182];
                    const int v184 = (int)((uint)v24 + (uint)p177);
                    a[v184] = v183;
                    const int v186 = (p177 + 1);
                    p177 = v186;
                    continue;
                } else {
                    break;
                }
            }
        } else {
            p66 = 0;
            for (;;) {
                const bool v67 = (p66 < n);
                if (v67) {
                    const int v71 = (int)((uint)v22 + (uint)p66);
                    if ((uint)v71 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    const long v72 = a[v71];
                    const int v73 = (int)((uint)v24 + (uint)p66);
                    if ((uint)v73 >= (uint)a_length) { *ferrocl_status = 1; return; }
                    a[v73] = v72;
                    const int v75 = (p66 + 1);
                    p66 = v75;
                    continue;
                } else {
                    break;
                }
            }
        }
    }
}

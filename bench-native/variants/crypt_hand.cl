            // IDEA's multiplication modulo 2^16 + 1 of two 16-bit words, 0 standing for 2^16.
            uint ideaMul(uint a, uint b) {
                if (a == 0) {
                    return (1 - b) & 0xffff;
                }
                if (b == 0) {
                    return (1 - a) & 0xffff;
                }
                uint p = a * b;
                uint lo = p & 0xffff;
                uint hi = p >> 16;
                return (lo - hi + (lo < hi ? 1 : 0)) & 0xffff;
            }

            __kernel void crypt(__global const uchar *in, __global uchar *out, __constant ushort *key,
                               const int blocks) {
                int b = get_global_id(0);
                if (b >= blocks) {
                    return;
                }
                uchar8 v = vload8(b, in);
                uint x1 = ((uint) v.s0 << 8) | v.s1;
                uint x2 = ((uint) v.s2 << 8) | v.s3;
                uint x3 = ((uint) v.s4 << 8) | v.s5;
                uint x4 = ((uint) v.s6 << 8) | v.s7;
                int k = 0;
                for (int round = 0; round < 8; round++) {
                    x1 = ideaMul(x1, key[k]);
                    x2 = (x2 + key[k + 1]) & 0xffff;
                    x3 = (x3 + key[k + 2]) & 0xffff;
                    x4 = ideaMul(x4, key[k + 3]);
                    uint t0 = ideaMul(key[k + 4], x1 ^ x3);
                    uint t1 = ideaMul(key[k + 5], (t0 + (x2 ^ x4)) & 0xffff);
                    t0 = (t0 + t1) & 0xffff;
                    x1 ^= t1;
                    x4 ^= t0;
                    uint swap = x2 ^ t0;
                    x2 = x3 ^ t1;
                    x3 = swap;
                    k += 6;
                }
                uint y1 = ideaMul(x1, key[48]);
                uint y2 = (x3 + key[49]) & 0xffff;
                uint y3 = (x2 + key[50]) & 0xffff;
                uint y4 = ideaMul(x4, key[51]);
                vstore8((uchar8) ((uchar) (y1 >> 8), (uchar) y1, (uchar) (y2 >> 8), (uchar) y2,
                                  (uchar) (y3 >> 8), (uchar) y3, (uchar) (y4 >> 8), (uchar) y4), b, out);
            }
            
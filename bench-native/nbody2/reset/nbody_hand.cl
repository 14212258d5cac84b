            #pragma OPENCL FP_CONTRACT OFF

            __kernel void nbody(__global const float *restrict x, __global const float *restrict y,
                                __global const float *restrict z, __global const float *restrict m,
                                __global const float *restrict vx, __global const float *restrict vy,
                                __global const float *restrict vz, __global float *restrict nx,
                                __global float *restrict ny, __global float *restrict nz, __global float *restrict nvx,
                                __global float *restrict nvy, __global float *restrict nvz, const float dt,
                                const float eps2, const int n, __local float4 *tile) {
                int i = get_global_id(0);
                int lid = get_local_id(0);
                int tileSize = get_local_size(0);
                float xi = i < n ? x[i] : 0.0f;
                float yi = i < n ? y[i] : 0.0f;
                float zi = i < n ? z[i] : 0.0f;
                float ax = 0.0f;
                float ay = 0.0f;
                float az = 0.0f;
                for (int base = 0; base < n; base += tileSize) {
                    int j = base + lid;
                    tile[lid] = j < n ? (float4) (x[j], y[j], z[j], m[j]) : (float4) (0.0f);
                    barrier(CLK_LOCAL_MEM_FENCE);
                    int count = min(tileSize, n - base);
                    for (int t = 0; t < count; t++) {
                        float4 q = tile[t];
                        float dx = q.x - xi;
                        float dy = q.y - yi;
                        float dz = q.z - zi;
                        float d2 = dx * dx + dy * dy + dz * dz + eps2;
                        float inv = 1.0f / sqrt(d2);
                        float s = q.w * inv * inv * inv;
                        ax += dx * s;
                        ay += dy * s;
                        az += dz * s;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (i < n) {
                    float vxi = vx[i] + ax * dt;
                    float vyi = vy[i] + ay * dt;
                    float vzi = vz[i] + az * dt;
                    nvx[i] = vxi;
                    nvy[i] = vyi;
                    nvz[i] = vzi;
                    nx[i] = xi + vxi * dt;
                    ny[i] = yi + vyi * dt;
                    nz[i] = zi + vzi * dt;
                }
            }
            
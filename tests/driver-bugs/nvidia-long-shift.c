/* Reproducer: long-shift expression from OpKernels.longShiftsByLongCounts, as Ferrocl writes it,
   compared with the host's Java-semantics result, under several source/option variants. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
static const char *K1 =
"__kernel void k(__global const long* a, __global const long* s, __global long* out) {\n"
" const int i = get_global_id(0);\n"
" const long v17 = a[i]; const long v18 = s[i];\n"
" const int v19 = (int)(uint)v18;\n"
" const long v20 = (long)((ulong)v17 << (v19 & 63));\n"
" const long v24 = (long)((ulong)v18 + (ulong)64L);\n"
" const int v25 = (int)(uint)v24;\n"
" const long v26 = (v17 >> (v25 & 63));\n"
" const long v27 = (long)((ulong)v20 + (ulong)v26);\n"
" const long v30 = (long)((ulong)v17 >> (65 & 63));\n"
" const long v31 = (long)((ulong)v27 - (ulong)v30);\n"
" const long v34 = (long)((ulong)v17 << ((-1) & 63));\n"
" out[i] = (long)((ulong)v31 + (ulong)v34);\n}\n";
static const char *K3 = /* workaround: the left shifts out of line */
"__attribute__((noinline)) ulong shl64(ulong x, int k) { return x << k; }\n"
"__kernel void k(__global const long* a, __global const long* s, __global long* out) {\n"
" const int i = get_global_id(0);\n"
" const long v17 = a[i]; const long v18 = s[i];\n"
" const int v19 = (int)(uint)v18;\n"
" const long v20 = (long)shl64((ulong)v17, (v19 & 63));\n"
" const long v24 = (long)((ulong)v18 + (ulong)64L);\n"
" const int v25 = (int)(uint)v24;\n"
" const long v26 = (v17 >> (v25 & 63));\n"
" const long v27 = (long)((ulong)v20 + (ulong)v26);\n"
" const long v30 = (long)((ulong)v17 >> (65 & 63));\n"
" const long v31 = (long)((ulong)v27 - (ulong)v30);\n"
" const long v34 = (long)shl64((ulong)v17, ((-1) & 63));\n"
" out[i] = (long)((ulong)v31 + (ulong)v34);\n}\n";
static const char *K4 = /* not a workaround: the last shift as a multiplication */
"__kernel void k(__global const long* a, __global const long* s, __global long* out) {\n"
" const int i = get_global_id(0);\n"
" const long v17 = a[i]; const long v18 = s[i];\n"
" const int v19 = (int)(uint)v18;\n"
" const long v20 = (long)((ulong)v17 << (ulong)(v19 & 63));\n"
" const long v24 = (long)((ulong)v18 + (ulong)64L);\n"
" const int v25 = (int)(uint)v24;\n"
" const long v26 = (v17 >> (ulong)(v25 & 63));\n"
" const long v27 = (long)((ulong)v20 + (ulong)v26);\n"
" const long v30 = (long)((ulong)v17 >> (ulong)(65 & 63));\n"
" const long v31 = (long)((ulong)v27 - (ulong)v30);\n"
" const long v34 = (long)(((ulong)v17 & 1UL) * 0x8000000000000000UL);\n"
" out[i] = (long)((ulong)v31 + (ulong)v34);\n}\n";
static const char *K2 = /* only the last three terms */
"__kernel void k(__global const long* a, __global const long* s, __global long* out) {\n"
" const int i = get_global_id(0); const long x = a[i]; const long y = s[i];\n"
" out[i] = (long)(((ulong)y - ((ulong)x >> 1)) + ((ulong)x << 63));\n}\n";
static int64_t ref1(int64_t a, int64_t s) {
  uint64_t ua = (uint64_t)a;
  int64_t t = (int64_t)(ua << ((int)s & 63)) + (a >> ((int)(s + 64) & 63));
  return (int64_t)((uint64_t)t - (ua >> 1) + (ua << 63));
}
static int64_t ref2(int64_t a, int64_t s) { return (int64_t)(((uint64_t)s - ((uint64_t)a >> 1)) + ((uint64_t)a << 63)); }
int main(void) {
  cl_platform_id ps[8]; cl_uint np; clGetPlatformIDs(8, ps, &np);
  for (cl_uint p = 0; p < np; p++) {
    cl_device_id d; if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 1, &d, NULL)) continue;
    char name[256]; clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL);
    cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
    cl_command_queue q = clCreateCommandQueue(c, d, 0, NULL);
    enum { N = 4096 }; static int64_t a[N], s[N], out[N];
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < N; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; a[i] = (int64_t)x; x ^= x << 13; x ^= x >> 7; x ^= x << 17; s[i] = (int64_t)x; }
    const char *srcs[] = {K1, K1, K2, K2, K3, K4}; const char *opts[] = {"", "-cl-opt-disable", "", "-cl-opt-disable", "", ""};
    for (int v = 0; v < 6; v++) {
      cl_program pr = clCreateProgramWithSource(c, 1, &srcs[v], NULL, NULL);
      if (clBuildProgram(pr, 1, &d, opts[v], NULL, NULL)) { printf("%s: variant %d build failed\n", name, v); continue; }
      cl_kernel k = clCreateKernel(pr, "k", NULL);
      cl_mem ba = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, sizeof a, a, NULL), bs = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, sizeof s, s, NULL), bo = clCreateBuffer(c, 0, sizeof out, NULL, NULL);
      clSetKernelArg(k, 0, sizeof ba, &ba); clSetKernelArg(k, 1, sizeof bs, &bs); clSetKernelArg(k, 2, sizeof bo, &bo);
      size_t g = N; clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
      clEnqueueReadBuffer(q, bo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
      int bad = 0, first = -1;
      for (int i = 0; i < N; i++) { int64_t r = (v < 2 || v > 3) ? ref1(a[i], s[i]) : ref2(a[i], s[i]); if (out[i] != r) { if (first < 0) first = i; bad++; } }
      printf("%s: variant %d (%s, opts '%s'): %d of %d wrong%s\n", name, v, (v < 2 || v > 3) ? "full expression" : "y - (x>>>1) + (x<<63)", opts[v], bad, N, bad ? "" : " (all correct)");
      if (first >= 0) printf("   e.g. a=%lld s=%lld got %lld want %lld\n", (long long)a[first], (long long)s[first], (long long)out[first], (long long)((v < 2 || v > 3) ? ref1(a[first], s[first]) : ref2(a[first], s[first])));
    }
  }
  return 0;
}

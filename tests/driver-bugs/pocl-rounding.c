/* PoCL 3.1: floor/ceil/rint of constants (tests/driver-bugs/README.md). Checks Ferrocl's arithmetic
 * ferrocl_rint/floor/ceil on constant arguments and on 1.2 million run-time arguments against the C library.
 * gcc -O1 pocl-rounding.c -lOpenCL -lm && ./a.out   (the first OpenCL platform's first device) */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
static const char *src =
"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
"#pragma OPENCL FP_CONTRACT OFF\n"
"double ferrocl_rint(double x) { const double a = fabs(x); return a < 0x1p52 ? copysign((a + 0x1p52) - 0x1p52, x) : x; }\n"
"double ferrocl_floor(double x) { const double r = ferrocl_rint(x); return r > x ? r - 1.0 : r; }\n"
"double ferrocl_ceil(double x) { const double r = ferrocl_rint(x); return r < x ? copysign(r + 1.0, x) : r; }\n"
"__kernel void k(__global double* o, __global const double* in, int n) {\n"
"  o[0] = ferrocl_rint(as_double(0x7ff8000000000000UL));\n"
"  o[1] = ferrocl_floor(as_double(0x7ff8000000000000UL));\n"
"  o[2] = ferrocl_ceil(as_double(0x7ff8000000000000UL));\n"
"  o[3] = ferrocl_rint(1e19);\n"
"  o[4] = ferrocl_floor(as_double(0x7ff0000000000000UL));\n"
"  o[5] = ferrocl_ceil(-0.7);\n"
"  o[6] = ferrocl_rint(9.2e18);\n"
"  o[7] = ferrocl_floor(-0.5);\n"
"  for (int i = 0; i < n; i++) { o[8 + 3*i] = ferrocl_rint(in[i]); o[9 + 3*i] = ferrocl_floor(in[i]); o[10 + 3*i] = ferrocl_ceil(in[i]); }\n"
"}\n";
int main(void) {
  cl_platform_id p; cl_device_id d; cl_int e;
  clGetPlatformIDs(1, &p, NULL); clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueue(c, d, 0, &e);
  cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
  e = clBuildProgram(pr, 1, &d, "", NULL, NULL); if (e) { printf("build %d\n", e); return 1; }
  cl_kernel k = clCreateKernel(pr, "k", &e);
  enum { N = 400000 };
  static double in[N]; static double h[8 + 3*N];
  uint64_t s = 88172645463325252ULL;
  for (int i = 0; i < N; i++) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; double v; uint64_t bits = s; if (i % 3 == 0) { v = (double)(int64_t)(s % 2000001) / 4.0 - 250000.0; } else if (i % 3 == 1) { v = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * pow(2.0, (double)((s >> 3) % 120) - 10.0); } else { memcpy(&v, &bits, 8); } in[i] = v; }
  in[0] = -0.0; in[1] = 0.5; in[2] = -0.5; in[3] = 1.5; in[4] = -1.5; in[5] = 4503599627370495.5; in[6] = -4503599627370495.5; in[7] = 0x1p52; in[8] = -0.7; in[9] = 0.7;
  for (int i = 0; i < 8 + 3*N; i++) h[i] = 42.0;
  cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof h, h, &e);
  cl_mem bi = clCreateBuffer(c, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &e);
  int n = N;
  clSetKernelArg(k, 0, sizeof b, &b); clSetKernelArg(k, 1, sizeof bi, &bi); clSetKernelArg(k, 2, sizeof n, &n);
  size_t g = 1; clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
  clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof h, h, 0, NULL, NULL);
  double want[8] = {NAN, NAN, NAN, 1e19, INFINITY, -0.0, 9.2e18, -1.0};
  for (int i = 0; i < 8; i++) { uint64_t u, w; memcpy(&u, &h[i], 8); memcpy(&w, &want[i], 8); printf("%d: %g (0x%016llx) want 0x%016llx %s\n", i, h[i], (unsigned long long)u, (unsigned long long)w, u == w ? "ok" : "BAD"); }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double r[3] = {rint(in[i]), floor(in[i]), ceil(in[i])};
    for (int j = 0; j < 3; j++) { uint64_t u, w; memcpy(&u, &h[8+3*i+j], 8); memcpy(&w, &r[j], 8); if (isnan(r[j]) && isnan(h[8+3*i+j])) continue; if (u != w) { if (bad < 10) printf("mismatch %d/%d x=%a got %a want %a\n", i, j, in[i], h[8+3*i+j], r[j]); bad++; } }
  }
  printf("bad %d of %d\n", bad, 3*N);
  return 0;
}

/* readback: which way of reading a tiny kernel's status word and result back costs least (bench-native/README.md,
 * "readback.c"). usage: readback [ITERS [N]]; prints one line per case with the median, p10 and p90 in µs. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define CHECK(call) do { cl_int e_ = (call); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s failed %d\n", #call, e_); exit(1);} } while (0)
static const char *SOURCE = "__kernel void inc(__global const int* a, __global int* c, const int n, __global int* st) {\n"
  " int i = get_global_id(0); if (i >= n) return; if (a[i] == 0x7fffffff) { *st = 1; return; } c[i] = a[i] + 1; }\n";
static double now_us(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
  int iters = argc > 1 ? atoi(argv[1]) : 2000; long n = argc > 2 ? atol(argv[2]) : 256;
  cl_platform_id pl[8]; cl_uint np; CHECK(clGetPlatformIDs(8, pl, &np));
  cl_device_id dev = NULL; for (cl_uint p = 0; p < np && !dev; p++) if (clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL)) dev = NULL;
  for (cl_uint p = 0; p < np && !dev; p++) if (clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) dev = NULL;
  char name[256]; CHECK(clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL)); printf("device: %s n=%ld\n", name, n);
  cl_int err; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &SOURCE, NULL, &err); CHECK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));
  cl_kernel k = clCreateKernel(prog, "inc", &err);
  size_t bytes = n * 4; int32_t *ha = malloc(bytes); for (long i = 0; i < n; i++) ha[i] = (int)i;
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, ha, &err);
  cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  int zero = 0; cl_mem st = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &err);
  cl_int len = n; CHECK(clSetKernelArg(k, 0, sizeof a, &a)); CHECK(clSetKernelArg(k, 1, sizeof c, &c)); CHECK(clSetKernelArg(k, 2, 4, &len)); CHECK(clSetKernelArg(k, 3, sizeof st, &st));
  cl_mem pin = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, bytes + 64, NULL, &err);
  char *pp = clEnqueueMapBuffer(q, pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes + 64, 0, NULL, NULL, &err); CHECK(err);
  int32_t *hc = malloc(bytes); int32_t hs = 0; int32_t *pc = (int32_t *)(pp + 64); int32_t *ps = (int32_t *)pp;
  size_t local = 256, global = (n + 255) / 256 * 256;
  const char *names[] = {"k+read_c", "k+read_st(B)+read_c(B) [now]", "k+read_st(NB)+read_c(B)", "k+pinned read_st(NB)+read_c(B)", "k+pinned read_c(B)", "k+read_st(NB)+read_c(NB)+finish", "pinned k+st(NB)+c(NB)+finish", "k+pinned st(NB)+c(B) +memcpy"};
  double *t = malloc(iters * sizeof(double));
  for (int cs = 0; cs < 8; cs++) {
    for (int it = -300; it < iters; it++) {
      double t0 = now_us();
      CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
      switch (cs) {
      case 0: CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, hc, 0, NULL, NULL)); break;
      case 1: CHECK(clEnqueueReadBuffer(q, st, CL_TRUE, 0, 4, &hs, 0, NULL, NULL)); CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, hc, 0, NULL, NULL)); break;
      case 2: CHECK(clEnqueueReadBuffer(q, st, CL_FALSE, 0, 4, &hs, 0, NULL, NULL)); CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, hc, 0, NULL, NULL)); break;
      case 3: CHECK(clEnqueueReadBuffer(q, st, CL_FALSE, 0, 4, ps, 0, NULL, NULL)); CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, pc, 0, NULL, NULL)); break;
      case 4: CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, pc, 0, NULL, NULL)); break;
      case 5: CHECK(clEnqueueReadBuffer(q, st, CL_FALSE, 0, 4, &hs, 0, NULL, NULL)); CHECK(clEnqueueReadBuffer(q, c, CL_FALSE, 0, bytes, hc, 0, NULL, NULL)); CHECK(clFinish(q)); break;
      case 6: CHECK(clEnqueueReadBuffer(q, st, CL_FALSE, 0, 4, ps, 0, NULL, NULL)); CHECK(clEnqueueReadBuffer(q, c, CL_FALSE, 0, bytes, pc, 0, NULL, NULL)); CHECK(clFinish(q)); break;
      case 7: CHECK(clEnqueueReadBuffer(q, st, CL_FALSE, 0, 4, ps, 0, NULL, NULL)); CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, pc, 0, NULL, NULL)); if (*ps == 0) memcpy(hc, pc, bytes); break;
      }
      double t1 = now_us(); if (it >= 0) t[it] = t1 - t0;
    }
    int32_t *res = (cs == 3 || cs == 4 || cs == 6) ? pc : hc; long wrong = 0; for (long i = 0; i < n; i++) wrong += res[i] != ha[i] + 1;
    qsort(t, iters, sizeof(double), cmpd);
    printf("case=%-34s median_us=%.2f p10=%.2f p90=%.2f check=%s\n", names[cs], t[iters / 2], t[iters / 10], t[iters * 9 / 10], wrong ? "WRONG" : "ok");
    memset(hc, 0, bytes); memset(pc, 0, bytes);
  }
  return 0;
}

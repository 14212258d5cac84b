/* Experiment: time matvec kernel variants (n x n) with profiling events; check y bit-exactly. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s: %d\n", #x, e_); exit(1);} } while (0)
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *s = malloc(n + 1); fread(s, 1, n, f); s[n] = 0; fclose(f); return s; }
static int cmpd(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  cl_platform_id pl[8]; cl_uint np; CK(clGetPlatformIDs(8, pl, &np)); cl_device_id dev = 0;
  for (cl_uint p = 0; p < np && !dev; p++) if (clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_GPU, 1, &dev, 0)) dev = 0;
  for (cl_uint p = 0; p < np && !dev; p++) if (clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 1, &dev, 0)) dev = 0;
  cl_int e; cl_context ctx = clCreateContext(0, 1, &dev, 0, 0, &e); cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  size_t nn = (size_t)n * n; float *a = malloc(nn * 4), *x = malloc(n * 4), *y = malloc(n * 4), *ref = malloc(n * 4);
  unsigned s = 12345; for (size_t i = 0; i < nn; i++) { s = s * 1103515245u + 12345u; a[i] = ((s >> 8) & 0xffff) / 32768.0f - 1.0f; }
  for (int i = 0; i < n; i++) { s = s * 1103515245u + 12345u; x[i] = ((s >> 8) & 0xffff) / 32768.0f - 1.0f; }
  for (int i = 0; i < n; i++) { float sum = 0; for (int j = 0; j < n; j++) { volatile float p = a[(size_t)i * n + j] * x[j]; sum = sum + p; } ref[i] = sum; }
  cl_mem A = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, nn * 4, a, &e), X = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, n * 4, x, &e), Y = clCreateBuffer(ctx, 0, n * 4, 0, &e);
  int zero = 0; cl_mem S = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 4, &zero, &e);
  for (int v = 2; v < argc; v++) {
    char *src = slurp(argv[v]); cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, 0, &e);
    if (clBuildProgram(p, 1, &dev, "-cl-std=CL1.2", 0, 0)) { char log[20000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); fprintf(stderr, "%s\n", log); return 1; }
    cl_kernel k; clCreateKernelsInProgram(p, 1, &k, 0);
    int hand = strstr(argv[v], "hand") != 0; size_t local = strstr(src, "reqd_work_group_size(32") || hand ? 32 : 256;
    size_t global = (n + local - 1) / local * local; int len = (int)nn, start = 0; unsigned cnt = n;
    if (hand) { CK(clSetKernelArg(k, 0, 8, &A)); CK(clSetKernelArg(k, 1, 8, &X)); CK(clSetKernelArg(k, 2, 8, &Y)); CK(clSetKernelArg(k, 3, 4, &n)); }
    else { CK(clSetKernelArg(k, 0, 4, &n)); CK(clSetKernelArg(k, 1, 8, &A)); CK(clSetKernelArg(k, 2, 4, &len)); CK(clSetKernelArg(k, 3, 8, &X)); CK(clSetKernelArg(k, 4, 4, &n));
      CK(clSetKernelArg(k, 5, 8, &Y)); CK(clSetKernelArg(k, 6, 4, &n)); CK(clSetKernelArg(k, 7, 4, &start)); CK(clSetKernelArg(k, 8, 4, &cnt)); CK(clSetKernelArg(k, 9, 8, &S)); }
    double t[25];
    for (int it = 0; it < 25; it++) { cl_event ev; CK(clEnqueueNDRangeKernel(q, k, 1, 0, &global, &local, 0, 0, &ev)); CK(clWaitForEvents(1, &ev));
      cl_ulong b, en; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &b, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &en, 0); t[it] = (en - b) / 1e3; clReleaseEvent(ev); }
    CK(clEnqueueReadBuffer(q, Y, 1, 0, n * 4, y, 0, 0, 0)); int st; CK(clEnqueueReadBuffer(q, S, 1, 0, 4, &st, 0, 0, 0));
    int bad = 0; for (int i = 0; i < n; i++) bad += memcmp(&y[i], &ref[i], 4) != 0;
    qsort(t, 25, sizeof(double), cmpd);
    printf("n=%d %-10s local=%zu median_us=%.1f min_us=%.1f wrong=%d status=%d\n", n, argv[v], local, t[12], t[0], bad, st);
    memset(y, 0, n * 4); CK(clEnqueueWriteBuffer(q, Y, 1, 0, n * 4, y, 0, 0, 0));
  }
  return 0;
}

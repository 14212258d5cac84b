// Times every kernel of libm_speed.cl (gen.py): Ferrocl's libm functions, double-double against fdlibm's against
// OpenCL's built-ins, and the narrowed float functions against the double path they must equal, over N random
// arguments in each function's ordinary range (every work-item a different argument, so branches diverge as in a
// real kernel). Prints the median of R profiled runs per kernel, and each result's largest relative difference from
// the built-in's (a sanity check, not an accuracy measurement). Build: gcc -O2 libm_speed.c -o libm_speed -lOpenCL -lm
// Run: ./libm_speed libm_speed.cl kernels.txt [N=16777216] [R=11]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *s = malloc(n + 1); if (fread(s, 1, n, f) != (size_t)n) exit(1); s[n] = 0; fclose(f); return s;
}
static unsigned long long rng = 88172645463325252ULL;
static double uni(double lo, double hi) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return lo + (hi - lo) * ((rng >> 11) * 0x1p-53); }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }

// Arguments for function fn: x (and y) doubles, xf floats.
static void inputs(const char *fn, int fl, size_t n, double *x, double *y, float *xf) {
    for (size_t i = 0; i < n; i++) {
        double a = 0, b = 0;
        if (fl) {
            if (!strcmp(fn, "exp")) a = uni(-20, 20);
            else if (!strcmp(fn, "log")) a = exp(uni(-7, 7));
            else a = uni(-76, 76);  // MRI-Q's arguments
        } else if (!strcmp(fn, "bs")) { a = uni(-40, 10); b = uni(0, 2);
        } else if (!strcmp(fn, "exp")) a = uni(-40, 10);
        else if (!strcmp(fn, "log") || !strcmp(fn, "log10")) a = exp(uni(-7, 7));
        else if (!strcmp(fn, "pow")) { a = uni(1, 3); b = uni(0, 2); }  // Series' (x + 1)^x
        else if (!strcmp(fn, "asin") || !strcmp(fn, "acos")) a = uni(-1, 1);
        else if (!strcmp(fn, "atan2") || !strcmp(fn, "hypot")) { a = uni(-10, 10); b = uni(-10, 10); }
        else if (!strcmp(fn, "sinh") || !strcmp(fn, "cosh") || !strcmp(fn, "tanh") || !strcmp(fn, "atan")) a = uni(-10, 10);
        else if (!strcmp(fn, "log1p")) a = uni(-0.5, 10);
        else if (!strcmp(fn, "expm1")) a = uni(-5, 5);
        else if (!strcmp(fn, "cbrt")) a = uni(-1e3, 1e3);
        else a = uni(-100, 100);  // sin, cos, tan (Series: omega x up to 2 pi 10^4)
        x[i] = a; y[i] = b; xf[i] = (float)a;
    }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s libm_speed.cl kernels.txt [N] [R]\n", argv[0]); return 2; }
    size_t n = argc > 3 ? strtoul(argv[3], 0, 10) : 16777216; int rounds = argc > 4 ? atoi(argv[4]) : 11;
    cl_platform_id plats[8]; cl_uint np; CHECK(clGetPlatformIDs(8, plats, &np));
    cl_device_id dev; int found = 0;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    char name[256]; clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    cl_int err; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err); CHECK(err);
    char *src = slurp(argv[1]);
    cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err); CHECK(err);
    if (clBuildProgram(p, 1, &dev, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
        static char log[1 << 16]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "%s\n", log); return 1;
    }
    double *x = malloc(n * 8), *y = malloc(n * 8), *o = malloc(n * 8), *ob = malloc(n * 8); float *xf = malloc(n * 4), *of = malloc(n * 4), *ofb = malloc(n * 4);
    cl_mem dx = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n * 8, NULL, &err), dy = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n * 8, NULL, &err),
           dxf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n * 4, NULL, &err), dout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * 8, NULL, &err),
           doutf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * 4, NULL, &err);
    printf("device: %s; %zu arguments per kernel, median of %d profiled runs\n", name, n, rounds);
    printf("%-22s %10s %9s %12s\n", "kernel", "median_us", "ns/elem", "max_rel_diff");
    FILE *kf = fopen(argv[2], "r"); char kname[128]; char current[64] = "";
    while (fscanf(kf, "%127s", kname) == 1) {
        int rep = kname[0] == 'r' || kname[0] == 's'; const char *kn = kname + rep;  // "rd_..." / "rf_...": the repeated forms
        int fl = kn[0] == 'f'; char fn[64]; const char *us = strchr(kn + 2, '_');
        snprintf(fn, sizeof fn, "%.*s", (int)(us - (kn + 2)), kn + 2);
        char key[80]; snprintf(key, sizeof key, "%c%c%s", rep ? kname[0] : '-', kn[0], fn);
        if (strcmp(key, current)) {
            strcpy(current, key); inputs(fn, fl, n, x, y, xf);
            CHECK(clEnqueueWriteBuffer(q, dx, 1, 0, n * 8, x, 0, 0, 0)); CHECK(clEnqueueWriteBuffer(q, dy, 1, 0, n * 8, y, 0, 0, 0));
            CHECK(clEnqueueWriteBuffer(q, dxf, 1, 0, n * 4, xf, 0, 0, 0));
            // the built-in's results, for the sanity check
            char bn[128]; snprintf(bn, sizeof bn, "%.*s%c_%s_builtin", rep, kname, kn[0], fn);
            cl_kernel kb = clCreateKernel(p, bn, &err); CHECK(err);
            cl_mem a[5] = {dx, dy, dxf, dout, doutf}; for (int j = 0; j < 5; j++) CHECK(clSetKernelArg(kb, j, sizeof(cl_mem), &a[j]));
            CHECK(clEnqueueNDRangeKernel(q, kb, 1, NULL, &n, NULL, 0, NULL, NULL));
            if (fl) CHECK(clEnqueueReadBuffer(q, doutf, 1, 0, n * 4, ofb, 0, 0, 0)); else CHECK(clEnqueueReadBuffer(q, dout, 1, 0, n * 8, ob, 0, 0, 0));
            clReleaseKernel(kb);
        }
        cl_kernel k = clCreateKernel(p, kname, &err); CHECK(err);
        cl_mem a[5] = {dx, dy, dxf, dout, doutf}; for (int j = 0; j < 5; j++) CHECK(clSetKernelArg(k, j, sizeof(cl_mem), &a[j]));
        CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL)); CHECK(clFinish(q));
        double t[64];
        for (int r = 0; r < rounds && r < 64; r++) {
            cl_event ev; CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, &ev)); CHECK(clWaitForEvents(1, &ev));
            cl_ulong s, e; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof s, &s, NULL); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof e, &e, NULL);
            t[r] = (e - s) / 1e3; clReleaseEvent(ev);
        }
        qsort(t, rounds, sizeof(double), cmp);
        double worst = 0;
        if (fl) { CHECK(clEnqueueReadBuffer(q, doutf, 1, 0, n * 4, of, 0, 0, 0)); for (size_t i = 0; i < n; i++) { double d = fabs((double)of[i] - ofb[i]) / (fabs((double)ofb[i]) + 1e-300); if (d > worst || d != d) worst = d; } }
        else { CHECK(clEnqueueReadBuffer(q, dout, 1, 0, n * 8, o, 0, 0, 0)); for (size_t i = 0; i < n; i++) { double d = fabs(o[i] - ob[i]) / (fabs(ob[i]) + 1e-300); if (d > worst || d != d) worst = d; } }
        printf("%-22s %10.1f %9.3f %12.3g\n", kname, t[rounds / 2], t[rounds / 2] * 1e3 / n, worst);
        fflush(stdout);
        clReleaseKernel(k);
    }
    return 0;
}

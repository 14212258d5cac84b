// Series (SeriesBench's hand-written kernel) in variants: the suite's kernel as it is, without FP_CONTRACT OFF, with
// cos and sin coefficients grouped per warp, at several work-group sizes. Per variant: the profiled kernel time and
// the wall time of what OpenClKernel does per call (upload out, kernel, blocking download), medians over ROUNDS,
// variants alternating. Results checked against the first variant's (absolute 1e-10: the coefficients' tolerance in
// the suite is 1.6e-11 relative to 9000).
// Build: gcc -O2 series.c -o series -lOpenCL ; run: ./series PAIRS ROUNDS FILE.cl:LOCAL[:GLOBAL] ...   (LOCAL 0: driver's)
// A kernel with six arguments is one Ferrocl wrote for SeriesBench.series (out, out.length, steps, start, count,
// status): it gets start 1 and count n - 1, and GLOBAL work-items (its coherent numbering needs more than n - 1).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)
static cl_context ctx; static cl_command_queue q; static cl_device_id dev;
static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *s = malloc(n + 1); if (fread(s, 1, n, f) != (size_t)n) exit(1); s[n] = 0; fclose(f); return s;
}
static double now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
static double med(double *v, int n) { qsort(v, n, sizeof *v, cmp); return v[n / 2]; }
int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: series PAIRS ROUNDS FILE.cl:LOCAL...\n"); return 2; }
    int pairs = atoi(argv[1]), rounds = atoi(argv[2]), nv = argc - 3, n = 2 * pairs, steps = 1000;
    cl_platform_id plats[8]; cl_uint np; CHECK(clGetPlatformIDs(8, plats, &np));
    int found = 0;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    char name[256]; clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL); printf("device: %s, pairs %d\n", name, pairs);
    cl_int err; ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err); CHECK(err);
    cl_kernel *k = malloc(nv * sizeof *k); size_t *local = malloc(nv * sizeof *local), *global = calloc(nv, sizeof *global);
    cl_mem status = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &err); CHECK(err);
    for (int v = 0; v < nv; v++) {
        char path[512]; strncpy(path, argv[3 + v], sizeof path - 1); path[sizeof path - 1] = 0;
        char *colon = strchr(path, ':'); local[v] = colon ? (size_t)atol(colon + 1) : 0; if (colon) *colon = 0;
        char *colon2 = colon ? strchr(colon + 1, ':') : NULL; if (colon2) global[v] = (size_t)atol(colon2 + 1);
        char *src = slurp(path);
        cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err); CHECK(err);
        if (clBuildProgram(p, 1, &dev, "", NULL, NULL) != CL_SUCCESS) { static char log[65536]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "%s\n", log); return 1; }
        k[v] = clCreateKernel(p, "series", &err); CHECK(err);
    }
    double *host = calloc(n, 8), *ref = calloc(n, 8), *kt = malloc(sizeof(double) * rounds * nv), *wt = malloc(sizeof(double) * rounds * nv);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)n * 8, NULL, &err); CHECK(err);
    int bad = 0;
    for (int r = -2; r < rounds; r++)
        for (int v = 0; v < nv; v++) {
            memset(host, 0, (size_t)n * 8);
            size_t items = global[v] ? global[v] : (size_t)(n - 1), g = local[v] ? (items + local[v] - 1) / local[v] * local[v] : items;
            CHECK(clSetKernelArg(k[v], 0, sizeof out, &out)); CHECK(clSetKernelArg(k[v], 1, 4, &n)); CHECK(clSetKernelArg(k[v], 2, 4, &steps));
            cl_uint nargs = 0; CHECK(clGetKernelInfo(k[v], CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
            if (nargs == 6) {
                int start = 1; unsigned count = (unsigned)(n - 1);
                CHECK(clSetKernelArg(k[v], 3, 4, &start)); CHECK(clSetKernelArg(k[v], 4, 4, &count)); CHECK(clSetKernelArg(k[v], 5, sizeof status, &status));
            }
            cl_event ev; double t0 = now_us();
            CHECK(clEnqueueWriteBuffer(q, out, CL_FALSE, 0, (size_t)n * 8, host, 0, NULL, NULL));
            CHECK(clEnqueueNDRangeKernel(q, k[v], 1, NULL, &g, local[v] ? &local[v] : NULL, 0, NULL, &ev));
            CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, (size_t)n * 8, host, 0, NULL, NULL));
            double w = now_us() - t0;
            cl_ulong s, e; CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &s, NULL)); CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &e, NULL)); clReleaseEvent(ev);
            if (r >= 0) { kt[v * rounds + r] = (e - s) / 1e3; wt[v * rounds + r] = w; }
            if (r == -2 && v == 0) memcpy(ref, host, (size_t)n * 8);
            if (r == -2) for (int i = 0; i < n; i++) if (!(fabs(host[i] - ref[i]) <= 1e-10)) { if (!bad) fprintf(stderr, "%s: out[%d] = %.17g, first variant %.17g\n", argv[3 + v], i, host[i], ref[i]); bad = 1; }
        }
    for (int v = 0; v < nv; v++) {
        double km = med(kt + v * rounds, rounds), wm = med(wt + v * rounds, rounds);
        printf("series pairs=%d variant=%s kernel_median_us=%.1f wall_median_us=%.1f host_us=%.1f\n", pairs, argv[3 + v], km, wm, wm - km);
    }
    return bad;
}

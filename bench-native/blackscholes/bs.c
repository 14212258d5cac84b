// BlackScholes kernel variants side by side: the suite's hand-written kernel (8 arguments) against kernels Ferrocl
// wrote for BlackScholesBench.blackScholes (16 arguments: s, x, t, call, put with their lengths, r, v, start, count,
// proven, status), on one resident set of buffers, variants alternating; kernel medians over ROUNDS. Results checked
// against the first variant's (absolute 1e-9: relaxed kernels differ from exact ones by a few ulps of prices < 130).
// Kernels that mention FERROCL_RESTRICT are built with -DFERROCL_RESTRICT=restrict, as Ferrocl's host does when no
// two array arguments are the same array.
// BS_DUMP=1 writes each program's binary (PTX on NVIDIA's driver) to FILE.cl.bin.
// Build: gcc -O2 bs.c -o bs -lOpenCL -lm ; run: ./bs N ROUNDS FILE.cl[:LOCAL] ...   (LOCAL 0 or absent: driver's)
// The variants measured on 2026-11-26 are written by variants.py (python3 variants.py).
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
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
static unsigned long long rng = 88172645463325252ULL;
static double uniform(double lo, double hi) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return lo + (hi - lo) * ((rng >> 11) * 0x1p-53); }
int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: bs N ROUNDS FILE.cl[:LOCAL]...\n"); return 2; }
    int n = atoi(argv[1]), rounds = atoi(argv[2]), nv = argc - 3;
    cl_platform_id plats[8]; cl_uint np; CHECK(clGetPlatformIDs(8, plats, &np));
    cl_device_id dev; int found = 0;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    char name[256]; clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL); printf("device: %s, n %d\n", name, n);
    cl_int err; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err); CHECK(err);
    double *h[5]; cl_mem b[5];
    for (int a = 0; a < 5; a++) h[a] = malloc((size_t)n * 8);
    for (int i = 0; i < n; i++) { h[0][i] = uniform(5, 30); h[1][i] = uniform(1, 100); h[2][i] = uniform(0.25, 10); }
    for (int a = 0; a < 5; a++) { b[a] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (a < 3 ? CL_MEM_COPY_HOST_PTR : 0), (size_t)n * 8, a < 3 ? h[a] : NULL, &err); CHECK(err); }
    int zero = 0; cl_mem status = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &err); CHECK(err);
    double r = 0.02, v = 0.30; int start = 0, proven = 1; unsigned count = (unsigned)n;
    cl_kernel *k = malloc(nv * sizeof *k); size_t *local = calloc(nv, sizeof *local);
    for (int i = 0; i < nv; i++) {
        char path[512]; strncpy(path, argv[3 + i], sizeof path - 1); path[sizeof path - 1] = 0;
        char *colon = strchr(path, ':'); if (colon) { local[i] = (size_t)atol(colon + 1); *colon = 0; }
        char *src = slurp(path);
        cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err); CHECK(err);
        const char *opts = strstr(src, "FERROCL_RESTRICT") ? "-DFERROCL_RESTRICT=restrict" : "";
        if (clBuildProgram(p, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) { static char log[65536]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "%s\n", log); return 1; }
        k[i] = clCreateKernel(p, "blackScholes", &err); CHECK(err);
        if (getenv("BS_DUMP")) { // the program's binary (PTX on NVIDIA) beside the source, as FILE.bin
            size_t size = 0; CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
            unsigned char *bin = malloc(size); CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
            char out[600]; snprintf(out, sizeof out, "%s.bin", path); FILE *f = fopen(out, "wb"); if (f) { fwrite(bin, 1, size, f); fclose(f); } free(bin);
        }
        cl_uint nargs = 0; CHECK(clGetKernelInfo(k[i], CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
        if (nargs == 8) {
            for (int a = 0; a < 5; a++) CHECK(clSetKernelArg(k[i], a, sizeof b[a], &b[a]));
            CHECK(clSetKernelArg(k[i], 5, 8, &r)); CHECK(clSetKernelArg(k[i], 6, 8, &v)); CHECK(clSetKernelArg(k[i], 7, 4, &n));
        } else {
            for (int a = 0; a < 5; a++) { CHECK(clSetKernelArg(k[i], 2 * a, sizeof b[a], &b[a])); CHECK(clSetKernelArg(k[i], 2 * a + 1, 4, &n)); }
            CHECK(clSetKernelArg(k[i], 10, 8, &r)); CHECK(clSetKernelArg(k[i], 11, 8, &v)); CHECK(clSetKernelArg(k[i], 12, 4, &start));
            CHECK(clSetKernelArg(k[i], 13, 4, &count)); CHECK(clSetKernelArg(k[i], 14, 4, &proven)); CHECK(clSetKernelArg(k[i], 15, sizeof status, &status));
        }
    }
    double *kt = malloc(sizeof(double) * rounds * nv), *ref = malloc((size_t)n * 16), *got = malloc((size_t)n * 16);
    int bad = 0;
    for (int round = -2; round < rounds; round++)
        for (int i = 0; i < nv; i++) {
            size_t g = local[i] ? ((size_t)n + local[i] - 1) / local[i] * local[i] : (size_t)n;
            cl_event ev;
            CHECK(clEnqueueNDRangeKernel(q, k[i], 1, NULL, &g, local[i] ? &local[i] : NULL, 0, NULL, &ev));
            CHECK(clFinish(q));
            cl_ulong s, e; CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &s, NULL)); CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &e, NULL)); clReleaseEvent(ev);
            if (round >= 0) kt[i * rounds + round] = (e - s) / 1e3;
            if (round == -2) {
                CHECK(clEnqueueReadBuffer(q, b[3], CL_TRUE, 0, (size_t)n * 8, got, 0, NULL, NULL));
                CHECK(clEnqueueReadBuffer(q, b[4], CL_TRUE, 0, (size_t)n * 8, got + n, 0, NULL, NULL));
                if (i == 0) memcpy(ref, got, (size_t)n * 16);
                for (int j = 0; j < 2 * n; j++) if (!(fabs(got[j] - ref[j]) <= 1e-9)) { if (!bad) fprintf(stderr, "%s: element %d = %.17g, first variant %.17g\n", argv[3 + i], j, got[j], ref[j]); bad = 1; break; }
            }
        }
    for (int i = 0; i < nv; i++) { qsort(kt + i * rounds, rounds, sizeof(double), cmp); printf("blackscholes n=%d variant=%s kernel_median_us=%.1f min_us=%.1f\n", n, argv[3 + i], kt[i * rounds + rounds / 2], kt[i * rounds]); }
    return bad;
}

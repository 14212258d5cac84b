// Times shapes of the hand-written register-tiled gemm (gemm_reg.cl, the source GemmBench.OPENCL in bench-java
// holds too: keep the two alike) against each other on the first GPU, with
// OpenCL profiling, launches of all shapes alternating round-robin; every result is checked bit for bit against
// a sequential C reference in Java's order (compiled without contraction).
// Build: gcc -O2 -ffp-contract=off harness.c -o harness -lOpenCL
// Run:   ./harness gemm_reg.cl N REPS TS:TM:TN ...      (prints one line per shape: median and p10 in ms)
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)
#define MAXS 16

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *s = malloc(n + 1); if (fread(s, 1, n, f) != (size_t)n) exit(1); s[n] = 0; fclose(f); return s;
}
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: harness FILE.cl N REPS TS:TM:TN...\n"); return 2; }
    const char *src = slurp(argv[1]); int n = atoi(argv[2]); int reps = atoi(argv[3]);
    int shapes = argc - 4; if (shapes > MAXS) shapes = MAXS;
    cl_platform_id plats[8]; cl_uint np; cl_device_id dev; CHECK(clGetPlatformIDs(8, plats, &np));
    int found = 0;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    if (!found) { fprintf(stderr, "no OpenCL device\n"); return 1; }
    cl_int err; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err); CHECK(err);
    size_t nn = (size_t)n * n; float alpha = 1.5f, beta = 1.2f;
    float *a = malloc(nn * 4), *b = malloc(nn * 4), *c0 = malloc(nn * 4), *out = malloc(nn * 4), *ref = malloc(nn * 4);
    srand(7);
    for (size_t i = 0; i < nn; i++) { a[i] = rand() / (float)RAND_MAX; b[i] = rand() / (float)RAND_MAX; c0[i] = rand() / (float)RAND_MAX; }
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
        float acc = c0[(size_t)i * n + j] * beta;
        for (int k = 0; k < n; k++) { float p = alpha * a[(size_t)i * n + k]; p = p * b[(size_t)k * n + j]; acc = acc + p; }
        ref[(size_t)i * n + j] = acc;
    }
    cl_mem da = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, a, &err); CHECK(err);
    cl_mem db = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, b, &err); CHECK(err);
    cl_mem dc0 = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, c0, &err); CHECK(err);
    cl_mem dc = clCreateBuffer(ctx, CL_MEM_READ_WRITE, nn * 4, NULL, &err); CHECK(err);
    cl_kernel ks[MAXS]; int dims[MAXS][3]; double *times[MAXS];
    for (int s = 0; s < shapes; s++) {
        if (sscanf(argv[4 + s], "%d:%d:%d", &dims[s][0], &dims[s][1], &dims[s][2]) != 3) { fprintf(stderr, "bad shape %s\n", argv[4 + s]); return 2; }
        char opts[128]; snprintf(opts, sizeof opts, "-DTS=%d -DTM=%d -DTN=%d", dims[s][0], dims[s][1], dims[s][2]);
        cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err); CHECK(err);
        if (clBuildProgram(p, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) {
            static char log[1 << 16]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "%s\n", log); return 1;
        }
        ks[s] = clCreateKernel(p, "gemm", &err); CHECK(err);
        CHECK(clSetKernelArg(ks[s], 0, 4, &n)); CHECK(clSetKernelArg(ks[s], 1, 4, &alpha)); CHECK(clSetKernelArg(ks[s], 2, 4, &beta));
        CHECK(clSetKernelArg(ks[s], 3, sizeof(cl_mem), &dc)); CHECK(clSetKernelArg(ks[s], 4, sizeof(cl_mem), &da)); CHECK(clSetKernelArg(ks[s], 5, sizeof(cl_mem), &db));
        times[s] = malloc(sizeof(double) * reps);
    }
    for (int r = -2; r < reps; r++) {
        for (int s = 0; s < shapes; s++) {
            int ts = dims[s][0], bm = ts * dims[s][1], bn = ts * dims[s][2];
            size_t global[2] = {(size_t)(n + bn - 1) / bn * ts, (size_t)(n + bm - 1) / bm * ts}, local[2] = {(size_t)ts, (size_t)ts};
            CHECK(clEnqueueCopyBuffer(q, dc0, dc, 0, 0, nn * 4, 0, NULL, NULL));
            cl_event ev; CHECK(clEnqueueNDRangeKernel(q, ks[s], 2, NULL, global, local, 0, NULL, &ev)); CHECK(clFinish(q));
            cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
            if (r >= 0) times[s][r] = (t1 - t0) * 1e-6;
            clReleaseEvent(ev);
            if (r == -1) {
                CHECK(clEnqueueReadBuffer(q, dc, CL_TRUE, 0, nn * 4, out, 0, NULL, NULL));
                size_t diff = 0; for (size_t i = 0; i < nn; i++) if (memcmp(&out[i], &ref[i], 4)) diff++;
                if (diff) { fprintf(stderr, "shape %s: %zu elements differ from Java's order\n", argv[4 + s], diff); return 1; }
            }
        }
    }
    for (int s = 0; s < shapes; s++) {
        qsort(times[s], reps, sizeof(double), cmp);
        double med = times[s][reps / 2];
        printf("gemm n=%d shape TS=%d TM=%d TN=%d median %.4f ms p10 %.4f ms %.2f TFLOP/s exact\n", n, dims[s][0], dims[s][1], dims[s][2], med, times[s][reps / 10], 2.0 * n * (double)n * n / med / 1e9);
    }
    return 0;
}

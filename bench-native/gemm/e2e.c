// Where an end-to-end Gemm launch's time goes through the bare OpenCL API: the sequence Ferrocl's hand-written
// path runs (three non-blocking uploads from host arrays, the kernel, a non-blocking download, one wait), timed
// on the host, with host memory (a) pageable, (b) pageable but registered with the driver through a
// CL_MEM_USE_HOST_PTR buffer over it (as Ferrocl pins large Java arrays), (c) allocated by the driver
// (CL_MEM_ALLOC_HOST_PTR, mapped); and once with profiling, a timeline of every command (queued, submitted,
// started, ended) relative to the first enqueue, to show the gaps between commands.
// Build: gcc -O2 e2e.c -o e2e -lOpenCL ; run: ./e2e gemm_reg.cl N REPS TS:TM:TN
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *s = malloc(n + 1); if (fread(s, 1, n, f) != (size_t)n) exit(1); s[n] = 0; fclose(f); return s;
}
static double now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

static cl_context ctx; static cl_device_id dev;

static double run(cl_command_queue q, cl_kernel k, cl_mem dc, cl_mem da, cl_mem db, float *hc, float *ha, float *hb,
                  size_t bytes, const size_t *global, const size_t *local, int timeline, int poll) {
    cl_event ev[5];
    double t0 = now_us();
    CHECK(clEnqueueWriteBuffer(q, dc, CL_FALSE, 0, bytes, hc, 0, NULL, &ev[0]));
    CHECK(clEnqueueWriteBuffer(q, da, CL_FALSE, 0, bytes, ha, 0, NULL, &ev[1]));
    CHECK(clEnqueueWriteBuffer(q, db, CL_FALSE, 0, bytes, hb, 0, NULL, &ev[2]));
    CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, &ev[3]));
    CHECK(clEnqueueReadBuffer(q, dc, CL_FALSE, 0, bytes, hc, 0, NULL, &ev[4]));
    if (poll) {
        CHECK(clFlush(q));
        cl_int st = 1;
        do { CHECK(clGetEventInfo(ev[4], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL)); } while (st > 0);
    } else {
        CHECK(clWaitForEvents(1, &ev[4]));
    }
    double t1 = now_us();
    if (timeline) {
        cl_ulong base; CHECK(clGetEventProfilingInfo(ev[0], CL_PROFILING_COMMAND_QUEUED, 8, &base, NULL));
        const char *names[5] = {"write c", "write a", "write b", "kernel", "read c"};
        for (int i = 0; i < 5; i++) {
            cl_ulong qd, sb, st, en;
            clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_QUEUED, 8, &qd, NULL);
            clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_SUBMIT, 8, &sb, NULL);
            clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, 8, &st, NULL);
            clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, 8, &en, NULL);
            printf("  timeline %-8s queued %7.1f submit %7.1f start %7.1f end %7.1f us (%.1f us)\n", names[i], (qd - base) / 1e3,
                   (sb - base) / 1e3, (st - base) / 1e3, (en - base) / 1e3, (en - st) / 1e3);
        }
        printf("  timeline host wall %.1f us\n", t1 - t0);
    }
    for (int i = 0; i < 5; i++) clReleaseEvent(ev[i]);
    return t1 - t0;
}

int main(int argc, char **argv) {
    const char *src = slurp(argv[1]); int n = atoi(argv[2]); int reps = atoi(argv[3]);
    int ts, tm, tn; if (sscanf(argv[4], "%d:%d:%d", &ts, &tm, &tn) != 3) return 2;
    cl_platform_id plats[8]; cl_uint np; CHECK(clGetPlatformIDs(8, plats, &np));
    int found = 0;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    cl_int err; ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    cl_command_queue plain = clCreateCommandQueue(ctx, dev, 0, &err); CHECK(err);
    cl_command_queue prof = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err); CHECK(err);
    size_t nn = (size_t)n * n, bytes = nn * 4; float alpha = 1.5f, beta = 1.2f;
    char opts[128]; snprintf(opts, sizeof opts, "-DTS=%d -DTM=%d -DTN=%d", ts, tm, tn);
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err); CHECK(err);
    CHECK(clBuildProgram(p, 1, &dev, opts, NULL, NULL));
    cl_kernel k = clCreateKernel(p, "gemm", &err); CHECK(err);
    cl_mem da = clCreateBuffer(ctx, CL_MEM_READ_ONLY, bytes, NULL, &err); CHECK(err);
    cl_mem db = clCreateBuffer(ctx, CL_MEM_READ_ONLY, bytes, NULL, &err); CHECK(err);
    cl_mem dc = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err); CHECK(err);
    CHECK(clSetKernelArg(k, 0, 4, &n)); CHECK(clSetKernelArg(k, 1, 4, &alpha)); CHECK(clSetKernelArg(k, 2, 4, &beta));
    CHECK(clSetKernelArg(k, 3, sizeof(cl_mem), &dc)); CHECK(clSetKernelArg(k, 4, sizeof(cl_mem), &da)); CHECK(clSetKernelArg(k, 5, sizeof(cl_mem), &db));
    size_t bm = ts * tm, bn = ts * tn;
    size_t global[2] = {(n + bn - 1) / bn * ts, (n + bm - 1) / bm * ts}, local[2] = {ts, ts};
    // (a) pageable, (b) registered, (c) driver-allocated
    float *pa = aligned_alloc(4096, bytes), *pb = aligned_alloc(4096, bytes), *pc = aligned_alloc(4096, bytes);
    float *ra = aligned_alloc(4096, bytes), *rb = aligned_alloc(4096, bytes), *rc = aligned_alloc(4096, bytes);
    for (size_t i = 0; i < nn; i++) { pa[i] = ra[i] = (i % 97) / 97.0f; pb[i] = rb[i] = (i % 89) / 89.0f; pc[i] = rc[i] = (i % 83) / 83.0f; }
    cl_mem pins[3] = {
        clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, ra, &err),
        clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, rb, &err),
        clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, rc, &err)};
    CHECK(err);
    (void)pins; // kept alive: creating them registered (page-locked) the `r*` arrays with the driver
    float *ma[3]; cl_mem hm[3];
    for (int i = 0; i < 3; i++) {
        hm[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err); CHECK(err);
        ma[i] = clEnqueueMapBuffer(plain, hm[i], CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &err); CHECK(err);
        memcpy(ma[i], i == 0 ? pa : i == 1 ? pb : pc, bytes);
    }
    const char *names[6] = {"pageable wait", "registered wait", "driver-pinned wait", "pageable poll", "registered poll", "driver-pinned poll"};
    double *t[6]; for (int m = 0; m < 6; m++) t[m] = malloc(sizeof(double) * reps);
    for (int r = -10; r < reps; r++) {
        for (int m = 0; m < 6; m++) {
            int mem = m % 3, poll = m / 3;
            float *a = mem == 0 ? pa : mem == 1 ? ra : ma[0];
            float *b = mem == 0 ? pb : mem == 1 ? rb : ma[1];
            float *c = mem == 0 ? pc : mem == 1 ? rc : ma[2];
            double w = run(plain, k, dc, da, db, c, a, b, bytes, global, local, 0, poll);
            if (r >= 0) t[m][r] = w;
        }
    }
    for (int m = 0; m < 6; m++) {
        qsort(t[m], reps, sizeof(double), cmp);
        printf("e2e n=%d shape %s %-20s wall median %7.1f us p10 %7.1f p90 %7.1f\n", n, argv[4], names[m], t[m][reps / 2], t[m][reps / 10], t[m][reps * 9 / 10]);
    }
    for (int mem = 0; mem < 3; mem++) {
        float *a = mem == 0 ? pa : mem == 1 ? ra : ma[0];
        float *b = mem == 0 ? pb : mem == 1 ? rb : ma[1];
        float *c = mem == 0 ? pc : mem == 1 ? rc : ma[2];
        for (int r = 0; r < 5; r++) run(prof, k, dc, da, db, c, a, b, bytes, global, local, 0, 1);
        printf("profiled %s:\n", names[mem + 3]);
        run(prof, k, dc, da, db, c, a, b, bytes, global, local, 1, 1);
    }
    return 0;
}

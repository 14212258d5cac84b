/*
 * overhead: what one launch of a tiny kernel costs through the bare OpenCL 1.2 API, the floor under
 * bench-java's OverheadBench (Ferrocl's execute() and Aparapi's execute on arrays kept on the device).
 *
 * The kernel is OverheadBench's: c[i] = a[i] + 1 over ints, n elements (default 256 and 4096), both buffers
 * resident on the device (a uploaded once). Timed with clock_gettime(CLOCK_MONOTONIC) around each iteration:
 *   kernel+finish  clEnqueueNDRangeKernel + clFinish: the launch and the wait, no copy;
 *   kernel+read    clEnqueueNDRangeKernel + a blocking clEnqueueReadBuffer of c (4n bytes): the result lands in
 *                  host memory, as Ferrocl's and OverheadBench.aparapi's do.
 * Each case runs on two in-order queues: "plain" (no properties: the bare API) and "profiling"
 * (CL_QUEUE_PROFILING_ENABLE, as Ferrocl's runtime creates its queue), one after the other, after WARMUP untimed
 * iterations of the same case. Work-groups of 256 (fewer where the kernel or device allows less), global size
 * rounded up, as Ferrocl launches a 1-D loop.
 *
 * usage: overhead [ITERS [N...]]     ITERS timed iterations per case (default 2000); N elements (default 256 4096)
 * Prints one header line, then one line per size, queue and case:
 *   overhead n=256 queue=plain case=kernel+finish iters=2000 median_us=5.12 p10_us=4.90 p90_us=5.60 min_us=4.70 check=ok
 * c is read back and checked against a + 1 (computed here) after every case, with c's device buffer set to a
 * sentinel before the case starts. Exit status 1 on any OpenCL error or wrong result.
 *
 * usage: overhead --read-paths [ITERS [N...]]   the same kernel with its result read in five ways instead, each
 * timed around the whole sequence, on both queues:
 *   blocking-read-pageable         clEnqueueReadBuffer(CL_TRUE) into malloc'd memory (kernel+read above);
 *   poll-read-pinned               a non-blocking read into page-locked memory (a mapped CL_MEM_ALLOC_HOST_PTR
 *                                  buffer) with an event, clFlush, then clGetEventInfo polled with sched_yield
 *                                  between looks (how Ferrocl's executor waits for a small result);
 *   poll-read-pageable             the same into malloc'd memory;
 *   poll-read-pinned-kernel-event  as poll-read-pinned, the kernel enqueued with an event of its own too;
 *   blocking-read-pinned           a blocking read into the page-locked memory.
 * One line per size, queue and case: readpath n=256 queue=plain case=poll-read-pinned median_us=… p10_us=… p90_us=…
 * check=ok. Measured on the H200 on 2026-11-28: bench-results/raw/2026-11-28-h200-planmemo/readpath-probe.txt.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOCAL 256
#define WARMUP 200

static void die(const char *what, cl_int err) {
    fprintf(stderr, "overhead: %s failed (%d)\n", what, err);
    exit(1);
}
#define CHECK(call)                                                                                                \
    do {                                                                                                           \
        cl_int e_ = (call);                                                                                        \
        if (e_ != CL_SUCCESS) die(#call, e_);                                                                      \
    } while (0)

static const char *SOURCE = "__kernel void inc(__global const int* a, __global int* c, const int n) {\n"
                            "    int i = get_global_id(0);\n"
                            "    if (i < n) c[i] = a[i] + 1;\n"
                            "}\n";

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* --read-paths: the kernel over n elements with its result read in five ways, on both queues (see the header). */
static int read_paths(cl_context ctx, cl_command_queue queues[2], const char *queue_names[2], cl_kernel k,
                      size_t local, long n, int iters, double *t) {
    static const char *cases[] = {"blocking-read-pageable", "poll-read-pinned", "poll-read-pageable",
                                  "poll-read-pinned-kernel-event", "blocking-read-pinned"};
    cl_int err;
    size_t bytes = n * sizeof(int32_t);
    int32_t *ha = malloc(bytes);
    int32_t *hc = malloc(bytes);
    for (long i = 0; i < n; i++) ha[i] = (int32_t)(i * 7);
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, ha, &err);
    if (err) die("clCreateBuffer(a)", err);
    cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err) die("clCreateBuffer(c)", err);
    cl_mem pinbuf = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err);
    if (err) die("clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)", err);
    int32_t *pin = clEnqueueMapBuffer(queues[0], pinbuf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL,
                                      NULL, &err);
    if (err) die("clEnqueueMapBuffer", err);
    cl_int len = (cl_int)n;
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &a));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &c));
    CHECK(clSetKernelArg(k, 2, sizeof len, &len));
    size_t global = (n + local - 1) / local * local;
    int bad = 0;
    for (int qi = 0; qi < 2; qi++) {
        cl_command_queue q = queues[qi];
        for (int cs = 0; cs < 5; cs++) {
            for (int it = -WARMUP; it < iters; it++) {
                double t0 = now_us();
                cl_event kev = NULL, rev = NULL;
                CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, cs == 3 ? &kev : NULL));
                if (cs == 0 || cs == 4) {
                    CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, cs == 0 ? hc : pin, 0, NULL, NULL));
                } else {
                    CHECK(clEnqueueReadBuffer(q, c, CL_FALSE, 0, bytes, cs == 2 ? hc : pin, 0, NULL, &rev));
                    CHECK(clFlush(q));
                    for (;;) {
                        cl_int st;
                        CHECK(clGetEventInfo(rev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
                        if (st == CL_COMPLETE) break;
                        sched_yield();
                    }
                    clReleaseEvent(rev);
                }
                if (kev) clReleaseEvent(kev);
                double t1 = now_us();
                if (it >= 0) t[it] = t1 - t0;
            }
            int32_t *res = (cs == 0 || cs == 2) ? hc : pin;
            long wrong = 0;
            for (long i = 0; i < n; i++)
                if (res[i] != ha[i] + 1) wrong++;
            bad |= wrong != 0;
            qsort(t, iters, sizeof(double), cmp_double);
            printf("readpath n=%ld queue=%s case=%s median_us=%.2f p10_us=%.2f p90_us=%.2f check=%s\n", n,
                   queue_names[qi], cases[cs], t[iters / 2], t[iters / 10], t[(iters * 9) / 10],
                   wrong ? "WRONG" : "ok");
            fflush(stdout);
        }
    }
    CHECK(clEnqueueUnmapMemObject(queues[0], pinbuf, pin, 0, NULL, NULL));
    CHECK(clFinish(queues[0]));
    clReleaseMemObject(pinbuf);
    clReleaseMemObject(a);
    clReleaseMemObject(c);
    free(ha);
    free(hc);
    return bad;
}

int main(int argc, char **argv) {
    /* --read-paths first: the read-path cases instead of the launch floor's. */
    int paths = argc > 1 && strcmp(argv[1], "--read-paths") == 0;
    if (paths) {
        argv++;
        argc--;
    }
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    if (iters <= 0) {
        fprintf(stderr, "usage: overhead [--read-paths] [ITERS [N...]]\n");
        return 2;
    }
    long default_sizes[] = {256, 4096};
    int nsizes = argc > 2 ? argc - 2 : 2;
    long *sizes = malloc(nsizes * sizeof(long));
    for (int s = 0; s < nsizes; s++) {
        sizes[s] = argc > 2 ? atol(argv[2 + s]) : default_sizes[s];
        if (sizes[s] <= 0 || sizes[s] > INT32_MAX / 4) {
            fprintf(stderr, "overhead: bad size %s\n", argv[2 + s]);
            return 2;
        }
    }

    /* The default GPU (else any device): as Ferrocl's default device choice and kernel_race.c. */
    cl_platform_id platforms[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    cl_device_id dev = NULL;
    cl_platform_id platform = NULL;
    for (cl_uint p = 0; p < np && !dev; p++)
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS) dev = NULL;
        else platform = platforms[p];
    for (cl_uint p = 0; p < np && !dev; p++)
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) dev = NULL;
        else platform = platforms[p];
    if (!dev) {
        fprintf(stderr, "overhead: no OpenCL device\n");
        return 1;
    }
    char name[256], pname[256], version[256];
    size_t max_wg;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL));
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof version, version, NULL));
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_wg, &max_wg, NULL));
    CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof pname, pname, NULL));
    printf("device: %s (%s, %s); %d timed iterations per case after %d untimed\n", name, pname, version, iters,
           WARMUP);

    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err) die("clCreateContext", err);
    cl_command_queue queues[2];
    const char *queue_names[2] = {"plain", "profiling"};
    queues[0] = clCreateCommandQueue(ctx, dev, 0, &err);
    if (err) die("clCreateCommandQueue(plain)", err);
    queues[1] = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err) die("clCreateCommandQueue(profiling)", err);

    cl_program prog = clCreateProgramWithSource(ctx, 1, &SOURCE, NULL, &err);
    if (err) die("clCreateProgramWithSource", err);
    if (clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
        char log[16384];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "overhead: the kernel does not build:\n%s\n", log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "inc", &err);
    if (err) die("clCreateKernel", err);
    size_t kernel_wg;
    CHECK(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kernel_wg, &kernel_wg, NULL));
    size_t local = LOCAL;
    if (local > max_wg) local = max_wg;
    if (local > kernel_wg) local = kernel_wg;

    double *t = malloc(iters * sizeof(double));
    int bad = 0;
    for (int s = 0; s < nsizes; s++) {
        long n = sizes[s];
        if (paths) {
            bad |= read_paths(ctx, queues, queue_names, k, local, n, iters, t);
            continue;
        }
        int32_t *ha = malloc(n * sizeof(int32_t));
        int32_t *hc = malloc(n * sizeof(int32_t));
        int32_t *sentinel = malloc(n * sizeof(int32_t));
        uint64_t x = 0x9E3779B97F4A7C15ull;
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            ha[i] = (int32_t)((x >> 33) % 2000000) - 1000000; /* far from overflow, as OverheadBench's */
            sentinel[i] = 0x5A5A5A5A;
        }
        cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(int32_t), ha, &err);
        if (err) die("clCreateBuffer(a)", err);
        cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(int32_t), NULL, &err);
        if (err) die("clCreateBuffer(c)", err);
        cl_int len = (cl_int)n;
        CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &a));
        CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &c));
        CHECK(clSetKernelArg(k, 2, sizeof len, &len));
        size_t global = (n + local - 1) / local * local;

        for (int qi = 0; qi < 2; qi++) {
            cl_command_queue q = queues[qi];
            for (int read = 0; read < 2; read++) {
                CHECK(clEnqueueWriteBuffer(q, c, CL_TRUE, 0, n * sizeof(int32_t), sentinel, 0, NULL, NULL));
                for (int it = -WARMUP; it < iters; it++) {
                    double t0 = now_us();
                    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
                    if (read) {
                        CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, n * sizeof(int32_t), hc, 0, NULL, NULL));
                    } else {
                        CHECK(clFinish(q));
                    }
                    double t1 = now_us();
                    if (it >= 0) t[it] = t1 - t0;
                }
                /* The check: c as the kernel left it (kernel+read: what the last timed read brought). */
                if (!read) CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, n * sizeof(int32_t), hc, 0, NULL, NULL));
                long wrong = 0, first = -1;
                for (long i = 0; i < n; i++) {
                    if (hc[i] != ha[i] + 1) {
                        if (first < 0) first = i;
                        wrong++;
                    }
                }
                if (wrong) {
                    fprintf(stderr, "overhead: n=%ld %s %s: %ld of %ld elements wrong, first c[%ld] = %d, not %d\n",
                            n, queue_names[qi], read ? "kernel+read" : "kernel+finish", wrong, n, first, hc[first],
                            ha[first] + 1);
                    bad = 1;
                }
                qsort(t, iters, sizeof(double), cmp_double);
                printf("overhead n=%ld queue=%s case=%s iters=%d median_us=%.2f p10_us=%.2f p90_us=%.2f "
                       "min_us=%.2f check=%s\n",
                       n, queue_names[qi], read ? "kernel+read" : "kernel+finish", iters, t[iters / 2],
                       t[iters / 10], t[(iters * 9) / 10], t[0], wrong ? "WRONG" : "ok");
                fflush(stdout);
            }
        }
        clReleaseMemObject(a);
        clReleaseMemObject(c);
        free(ha);
        free(hc);
        free(sentinel);
    }
    free(t);
    free(sizes);
    return bad;
}

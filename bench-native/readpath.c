/*
 * readpath: what one tiny kernel plus the read of its result costs through the bare OpenCL 1.2 API, by how the read
 * is made, on a plain and on a profiling in-order queue (the kernel and buffers of overhead.c: c[i] = a[i] + 1 over
 * n ints, both buffers resident). Cases, each timed per iteration with clock_gettime around the whole sequence:
 *   blocking-read-pageable         clEnqueueReadBuffer(CL_TRUE) into malloc'd memory (overhead.c's kernel+read);
 *   poll-read-pinned               a non-blocking read into page-locked memory (a mapped CL_MEM_ALLOC_HOST_PTR
 *                                  buffer) with an event, clFlush, then clGetEventInfo polled with sched_yield
 *                                  between looks (how Ferrocl's executor waits for a small result);
 *   poll-read-pageable             the same into malloc'd memory;
 *   poll-read-pinned-kernel-event  as poll-read-pinned, the kernel enqueued with an event of its own too;
 *   blocking-read-pinned           a blocking read into the page-locked memory.
 * usage: readpath [ITERS [N...]]; one line per size, queue and case with the median, p10 and p90 in microseconds and
 * whether the result was right. Measured on the H200 on 2026-11-28: bench-results/raw/2026-11-28-h200-planmemo/.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <sched.h>
#include <CL/cl.h>
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

int main(int argc, char **argv) {
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    if (iters <= 0) {
        fprintf(stderr, "usage: overhead [ITERS [N...]]\n");
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
    const char *cases[] = {"blocking-read-pageable", "poll-read-pinned", "poll-read-pageable", "poll-read-pinned-kernel-event", "blocking-read-pinned"};
    for (int s = 0; s < nsizes; s++) {
        long n = sizes[s];
        size_t bytes = n * sizeof(int32_t);
        int32_t *ha = malloc(bytes);
        int32_t *hc = malloc(bytes);
        for (long i = 0; i < n; i++) ha[i] = (int32_t)(i * 7);
        cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, ha, &err);
        cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
        cl_mem pinbuf = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err);
        if (err) die("clCreateBuffer(pin)", err);
        int32_t *pin = clEnqueueMapBuffer(queues[0], pinbuf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &err);
        if (err) die("map", err);
        cl_int len = (cl_int)n;
        CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &a));
        CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &c));
        CHECK(clSetKernelArg(k, 2, sizeof len, &len));
        size_t global = (n + local - 1) / local * local;
        for (int qi = 0; qi < 2; qi++) {
            cl_command_queue q = queues[qi];
            for (int cs = 0; cs < 5; cs++) {
                for (int it = -WARMUP; it < iters; it++) {
                    double t0 = now_us();
                    cl_event kev = NULL, rev = NULL;
                    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, cs == 3 ? &kev : NULL));
                    if (cs == 0) {
                        CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, hc, 0, NULL, NULL));
                    } else if (cs == 4) {
                        CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, bytes, pin, 0, NULL, NULL));
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
                for (long i = 0; i < n; i++) if (res[i] != ha[i] + 1) wrong++;
                qsort(t, iters, sizeof(double), cmp_double);
                printf("readpath n=%ld queue=%s case=%s median_us=%.2f p10_us=%.2f p90_us=%.2f check=%s\n", n,
                       queue_names[qi], cases[cs], t[iters / 2], t[iters / 10], t[(iters * 9) / 10], wrong ? "WRONG" : "ok");
                fflush(stdout);
            }
        }
    }
    return 0;
}

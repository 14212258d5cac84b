/*
 * wait: how long the host takes to notice that a kernel finished, by the way it waits.
 *
 * Ferrocl's end-to-end times carry 150-250 us more than the profiled kernel for kernels of 0.05-2 ms (Series,
 * Gemm 512 on the H100), where the launch floor of a tiny kernel is 9-14 us. This harness separates the wait from
 * everything else: one kernel whose length is set by an argument (a dependent chain of float operations per
 * work-item, calibrated to the target durations below), launched on a profiling queue, waited for in each of these
 * ways, and timed with clock_gettime(CLOCK_MONOTONIC) from just before the enqueue to just after the wait:
 *   finish       clFinish(queue)
 *   events       clWaitForEvents on the kernel's event
 *   read         a blocking clEnqueueReadBuffer of 4 bytes after the kernel
 *   poll         clFlush, then clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS) in a loop until CL_COMPLETE
 *   poll+finish  as poll, then clFinish (which should then return at once)
 * The reported gap is wall time minus the kernel's profiled END - START: launch latency plus wake-up latency.
 * Methods alternate round-robin per iteration, so clocks and temperature are shared.
 *
 * usage: wait [ITERS [TARGET_US...]]   (default 200 iterations; targets 20 100 300 1000 3000 us)
 * One line per target and method:
 *   wait target_us=1000 kernel_us=1003.2 method=finish iters=200 wall_median_us=1180.1 gap_median_us=176.9
 *        gap_p10_us=150.2 gap_p90_us=190.0
 * Exit status 1 on an OpenCL error or a wrong result (the chain's value is checked on the host).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define METHODS 5
static const char *NAMES[METHODS] = {"finish", "events", "read", "poll", "poll+finish"};

static void die(const char *what, cl_int err) {
    fprintf(stderr, "wait: %s failed (%d)\n", what, err);
    exit(1);
}
#define CHECK(call)                                                                                                \
    do {                                                                                                           \
        cl_int e_ = (call);                                                                                        \
        if (e_ != CL_SUCCESS) die(#call, e_);                                                                      \
    } while (0)

static const char *SOURCE = "#pragma OPENCL FP_CONTRACT OFF\n"
                            "__kernel void chain(__global float* out, const int steps) {\n"
                            "    float x = (float)get_global_id(0) * 1e-6f;\n"
                            "    for (int k = 0; k < steps; k++) x = x * 0.999999f + 1e-7f;\n"
                            "    out[get_global_id(0)] = x;\n"
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

static double pct(double *v, int n, double p) {
    qsort(v, n, sizeof *v, cmp_double);
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

static cl_command_queue queue;
static cl_kernel kernel;
static cl_mem out;
static size_t global = 0;

/* One launch waited for by method m; returns wall us, sets *kernel_us from the profile. */
static double launch(int m, int steps, double *kernel_us) {
    cl_event ev;
    float probe;
    CHECK(clSetKernelArg(kernel, 1, sizeof steps, &steps));
    double t0 = now_us();
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, &ev));
    switch (m) {
    case 0:
        CHECK(clFinish(queue));
        break;
    case 1:
        CHECK(clWaitForEvents(1, &ev));
        break;
    case 2:
        CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof probe, &probe, 0, NULL, NULL));
        break;
    case 3:
    case 4: {
        CHECK(clFlush(queue));
        cl_int status;
        do {
            CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
            if (status < 0) die("kernel execution", status);
        } while (status != CL_COMPLETE);
        if (m == 4) CHECK(clFinish(queue));
        break;
    }
    }
    double wall = now_us() - t0;
    if (m != 0 && m != 4) CHECK(clFinish(queue));
    cl_ulong start, end;
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    CHECK(clReleaseEvent(ev));
    *kernel_us = (end - start) / 1e3;
    return wall;
}

int main(int argc, char **argv) {
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    double defaults[] = {20, 100, 300, 1000, 3000};
    int ntargets = argc > 2 ? argc - 2 : 5;
    if (iters <= 0) {
        fprintf(stderr, "usage: wait [ITERS [TARGET_US...]]\n");
        return 2;
    }
    cl_platform_id platforms[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    cl_device_id device = NULL;
    for (cl_uint i = 0; i < np && !device; i++)
        if (clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &device, NULL) != CL_SUCCESS) device = NULL;
    for (cl_uint i = 0; i < np && !device; i++)
        if (clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS) device = NULL;
    if (!device) die("finding a device", -1);
    char name[256] = "", version[256] = "";
    cl_uint units = 1;
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(device, CL_DRIVER_VERSION, sizeof version, version, NULL);
    clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    printf("device: %s; driver %s\n", name, version);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    if (err) die("clCreateContext", err);
    queue = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err) die("clCreateCommandQueue", err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &SOURCE, NULL, &err);
    if (err) die("clCreateProgramWithSource", err);
    CHECK(clBuildProgram(prog, 1, &device, "", NULL, NULL));
    kernel = clCreateKernel(prog, "chain", &err);
    if (err) die("clCreateKernel", err);
    global = (size_t)units * 2048;
    out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, global * sizeof(float), NULL, &err);
    if (err) die("clCreateBuffer", err);
    CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));

    /* Calibrate: steps per microsecond of kernel time. */
    double k;
    int steps = 1000;
    for (int i = 0; i < 3; i++) launch(0, steps, &k);
    launch(0, steps, &k);
    double per_us = steps / (k > 1 ? k : 1);

    double *wall = malloc(sizeof(double) * iters * METHODS), *gap = malloc(sizeof(double) * iters * METHODS);
    double *kern = malloc(sizeof(double) * iters);
    int bad = 0;
    for (int t = 0; t < ntargets; t++) {
        double target = argc > 2 ? atof(argv[2 + t]) : defaults[t];
        steps = (int)(target * per_us);
        if (steps < 1) steps = 1;
        for (int m = 0; m < METHODS; m++) launch(m, steps, &k);
        for (int i = 0; i < iters; i++)
            for (int m = 0; m < METHODS; m++) {
                double w = launch(m, steps, &k);
                wall[m * iters + i] = w;
                gap[m * iters + i] = w - k;
                if (m == 0) kern[i] = k;
            }
        /* Check the chain's value for work-item 0 (x starts at 0). */
        float x = 0.0f, got;
        for (int s = 0; s < steps; s++) x = x * 0.999999f + 1e-7f;
        CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL));
        /* The device may contract x * a + b into an fma: allow a relative 1e-3. */
        int ok = got == x || (got - x) * (got - x) <= 1e-6 * x * x;
        bad |= !ok;
        double kmed = pct(kern, iters, 0.5);
        for (int m = 0; m < METHODS; m++)
            printf("wait target_us=%.0f kernel_us=%.1f method=%s iters=%d wall_median_us=%.1f gap_median_us=%.1f "
                   "gap_p10_us=%.1f gap_p90_us=%.1f check=%s\n",
                   target, kmed, NAMES[m], iters, pct(wall + m * iters, iters, 0.5), pct(gap + m * iters, iters, 0.5),
                   pct(gap + m * iters, iters, 0.1), pct(gap + m * iters, iters, 0.9), ok ? "ok" : "WRONG");
        fflush(stdout);
    }
    return bad;
}

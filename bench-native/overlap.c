/*
 * overlap.c: what overlapping uploads, kernels and downloads of one execution gains, through the bare
 * OpenCL API.
 *
 * Host arrays are ordinary aligned host memory registered with the driver the way Ferrocl registers Java
 * arrays (a CL_MEM_USE_HOST_PTR buffer over the range, never enqueued), so transfers run at DMA speed.
 * Three shapes, each timed as one whole execution (host memory in, host memory out, the host blocking
 * once at the end), median of ITERS after 3 untimed:
 *
 *   vadd N:    c = a + b over N floats (2 arrays up, 1 down);
 *   update N:  a = a * 2 + 1 over N floats in place (1 up, 1 down);
 *   upload N:  s[i] = sum of a[8i .. 8i+8) over N floats (1 array up, an eighth of it down).
 *
 * Each shape runs `serial` (every upload, then the kernel, then the download, on one in-order queue) and
 * `overlapped B` (the range cut into B batches: batch b's uploads on an upload queue, its kernel on a kernel
 * queue after its uploads' event, its download on a download queue after its kernel's event), B = 2, 4,
 * 8, 16. Results are checked against the host's.
 *
 *   gcc -O2 -o overlap bench-native/overlap.c -lOpenCL
 *   ./overlap [ITERS [N...]]      (default 15 iterations, N = 4194304 16777216 67108864)
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(const char *what, cl_int err) {
    fprintf(stderr, "%s failed: %d\n", what, err);
    exit(1);
}
#define CHECK(call)                                                                                    \
    do {                                                                                               \
        cl_int e_ = (call);                                                                            \
        if (e_ != CL_SUCCESS) die(#call, e_);                                                          \
    } while (0)

static const char *SOURCE =
    "__kernel void vadd(__global const float* a, __global const float* b, __global float* c,\n"
    "                   const int first, const int n) {\n"
    "    int i = first + (int)get_global_id(0); if (i < n) c[i] = a[i] + b[i]; }\n"
    "__kernel void update(__global float* a, const int first, const int n) {\n"
    "    int i = first + (int)get_global_id(0); if (i < n) a[i] = a[i] * 2.0f + 1.0f; }\n"
    "__kernel void upload(__global const float* a, __global float* s, const int first, const int n) {\n"
    "    int i = first + (int)get_global_id(0); if (i < n) { float t = 0.0f;\n"
    "      for (int k = 0; k < 8; k++) t += a[8 * i + k]; s[i] = t; } }\n";

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue qu, qk, qd;

/* Aligned host memory, registered with the driver (kept for the run). */
static float *host_array(size_t n) {
    void *p = NULL;
    if (posix_memalign(&p, 4096, n * sizeof(float) + 4096) != 0) die("posix_memalign", -1);
    cl_int err;
    clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, n * sizeof(float), p, &err);
    if (err != CL_SUCCESS) die("register", err);
    return p;
}

enum shape { VADD, UPDATE, UPLOAD };
static const char *NAMES[] = {"vadd", "update", "upload"};

/* One execution of `shape` over n items in `batches` batches (0: serial on one queue). */
static void run(enum shape s, cl_kernel k, int n, int batches, cl_mem *d, float **h) {
    size_t local = 256;
    cl_event up_ev[64], k_ev[64];
    int parts = batches == 0 ? 1 : batches;
    cl_command_queue U = batches == 0 ? qk : qu, K = qk, D = batches == 0 ? qk : qd;
    int per = ((n + parts - 1) / parts + 255) / 256 * 256;
    for (int b = 0; b < parts; b++) {
        int first = b * per;
        if (first >= n) {
            parts = b;
            break;
        }
        int count = n - first < per ? n - first : per;
        /* uploads of the batch */
        size_t in_first = (size_t)first * sizeof(float), in_bytes = (size_t)count * sizeof(float);
        if (s == UPLOAD) {
            in_first *= 8;
            in_bytes *= 8;
        }
        int ins = s == VADD ? 2 : 1;
        for (int j = 0; j < ins; j++) {
            CHECK(clEnqueueWriteBuffer(U, d[j], CL_FALSE, in_first, in_bytes, (char *)h[j] + in_first, 0, NULL,
                                       j == ins - 1 && batches ? &up_ev[b] : NULL));
        }
        int arg = 0;
        if (s == VADD) {
            CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &d[0]));
            CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &d[1]));
            CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &d[2]));
        } else if (s == UPDATE) {
            CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &d[0]));
        } else {
            CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &d[0]));
            CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &d[1]));
        }
        CHECK(clSetKernelArg(k, arg++, sizeof(int), &first));
        CHECK(clSetKernelArg(k, arg++, sizeof(int), &n));
        size_t global = ((size_t)count + local - 1) / local * local;
        CHECK(clEnqueueNDRangeKernel(K, k, 1, NULL, &global, &local, batches ? 1 : 0,
                                     batches ? &up_ev[b] : NULL, batches ? &k_ev[b] : NULL));
        int out = s == VADD ? 2 : s == UPDATE ? 0 : 1;
        size_t out_first = (size_t)first * sizeof(float), out_bytes = (size_t)count * sizeof(float);
        CHECK(clEnqueueReadBuffer(D, d[out], CL_FALSE, out_first, out_bytes, (char *)h[out] + out_first,
                                  batches ? 1 : 0, batches ? &k_ev[b] : NULL, NULL));
        if (batches) {
            CHECK(clFlush(U));
            CHECK(clFlush(K));
            CHECK(clFlush(D));
        }
    }
    CHECK(clFinish(D));
    if (batches) {
        CHECK(clFinish(K));
        CHECK(clFinish(U));
        for (int b = 0; b < parts; b++) {
            clReleaseEvent(up_ev[b]);
            clReleaseEvent(k_ev[b]);
        }
    }
}

int main(int argc, char **argv) {
    int iters = argc > 1 ? atoi(argv[1]) : 15;
    int sizes[16], nsizes = 0;
    for (int i = 2; i < argc && nsizes < 16; i++) sizes[nsizes++] = atoi(argv[i]);
    if (nsizes == 0) {
        sizes[0] = 4194304;
        sizes[1] = 16777216;
        sizes[2] = 67108864;
        nsizes = 3;
    }
    cl_platform_id plats[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, plats, &np));
    int found = 0;
    for (cl_uint p = 0; p < np && !found; p++)
        found = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS;
    for (cl_uint p = 0; p < np && !found; p++)
        found = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS;
    if (!found) die("no device", -1);
    char name[256];
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err) die("clCreateContext", err);
    qu = clCreateCommandQueue(ctx, dev, 0, &err);
    qk = clCreateCommandQueue(ctx, dev, 0, &err);
    qd = clCreateCommandQueue(ctx, dev, 0, &err);
    if (err) die("clCreateCommandQueue", err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &SOURCE, NULL, &err);
    CHECK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));
    printf("device: %s; %d timed executions per case (median, ms; GB/s = bytes moved / median)\n", name, iters);
    for (int si = 0; si < nsizes; si++) {
        int n = sizes[si];
        for (int s = VADD; s <= UPLOAD; s++) {
            cl_kernel k = clCreateKernel(prog, NAMES[s], &err);
            if (err) die("clCreateKernel", err);
            size_t sz[3];
            int arrays;
            if (s == VADD) {
                arrays = 3;
                sz[0] = sz[1] = sz[2] = (size_t)n;
            } else if (s == UPDATE) {
                arrays = 1;
                sz[0] = (size_t)n;
            } else {
                arrays = 2;
                sz[0] = (size_t)n;
                sz[1] = (size_t)n / 8;
            }
            int items = s == UPLOAD ? n / 8 : n;
            float *h[3];
            cl_mem d[3];
            for (int j = 0; j < arrays; j++) {
                h[j] = host_array(sz[j]);
                for (size_t e = 0; e < sz[j]; e++) h[j][e] = (float)((e * 7 + j) % 1000) * 0.25f;
                d[j] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sz[j] * sizeof(float), NULL, &err);
                if (err) die("clCreateBuffer", err);
            }
            double moved = 0;
            for (int j = 0; j < arrays; j++) moved += sz[j] * sizeof(float);
            if (s == UPDATE) moved *= 2;
            int cases[] = {0, 2, 4, 8, 16};
            double serial = 0;
            for (int c = 0; c < 5; c++) {
                double t[256];
                int it = iters > 256 ? 256 : iters;
                for (int r = -3; r < it; r++) {
                    if (s == UPDATE)
                        for (size_t e = 0; e < sz[0]; e++) h[0][e] = (float)(e % 1000) * 0.25f;
                    double t0 = now_ms();
                    run(s, k, items, cases[c], d, h);
                    double dt = now_ms() - t0;
                    if (r >= 0) t[r] = dt;
                }
                /* check */
                for (size_t e = 0; e < (size_t)items; e++) {
                    float want, got;
                    if (s == VADD) {
                        want = h[0][e] + h[1][e];
                        got = h[2][e];
                    } else if (s == UPDATE) {
                        want = (float)(e % 1000) * 0.25f * 2.0f + 1.0f;
                        got = h[0][e];
                    } else {
                        want = 0;
                        for (int q = 0; q < 8; q++) want += h[0][8 * e + q];
                        got = h[1][e];
                    }
                    if (want != got) {
                        fprintf(stderr, "%s n=%d batches=%d: element %zu is %g, want %g\n", NAMES[s], n, cases[c], e,
                                got, want);
                        return 1;
                    }
                }
                qsort(t, it, sizeof(double), cmp_double);
                double med = t[it / 2];
                if (c == 0) serial = med;
                char label[32];
                if (c == 0)
                    snprintf(label, sizeof label, "serial");
                else
                    snprintf(label, sizeof label, "overlapped %d", cases[c]);
                printf("%-7s n=%-9d %-14s median %8.3f ms  %6.1f GB/s  x serial %.3f\n", NAMES[s], n, label, med,
                       moved / med / 1e6, serial / med);
                fflush(stdout);
            }
            for (int j = 0; j < arrays; j++) clReleaseMemObject(d[j]);
            clReleaseKernel(k);
        }
    }
    return 0;
}

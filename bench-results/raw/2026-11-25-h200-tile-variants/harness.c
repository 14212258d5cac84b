// Times the tiled kernels Ferrocl writes for MatMul and Gemm (several micro-tile and depth settings)
// beside the suite's hand-written 16x16 local-memory kernels, on the first GPU; checks that every
// variant's result equals the hand-written kernel's bit for bit (both keep Java's order).
// Build: gcc -O2 harness.c -o harness -lOpenCL ; run: ./harness <dir> <n> <reps>
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)

static cl_context ctx; static cl_command_queue q; static cl_device_id dev;

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *s = malloc(n + 1); fread(s, 1, n, f); s[n] = 0; fclose(f); return s;
}

static cl_kernel build(const char *path, const char *name) {
    char *src = slurp(path); cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err); CHECK(err);
    err = clBuildProgram(p, 1, &dev, "", NULL, NULL);
    if (err != CL_SUCCESS) { char log[20000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "%s\n", log); exit(1); }
    cl_kernel k = clCreateKernel(p, name, &err); CHECK(err); return k;
}

static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
    const char *dir = argv[1]; int n = atoi(argv[2]); int reps = atoi(argv[3]);
    cl_platform_id plats[8]; cl_uint np; CHECK(clGetPlatformIDs(8, plats, &np));
    int found = 0;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    if (!found) { fprintf(stderr, "no OpenCL device\n"); return 1; }
    cl_int err; ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err); CHECK(err);
    size_t nn = (size_t)n * n;
    float *a = malloc(nn * 4), *b = malloc(nn * 4), *c0 = malloc(nn * 4), *out = malloc(nn * 4), *ref = malloc(nn * 4);
    srand(7);
    for (size_t i = 0; i < nn; i++) { a[i] = rand() / (float)RAND_MAX * 2 - 1; b[i] = rand() / (float)RAND_MAX * 2 - 1; c0[i] = rand() / (float)RAND_MAX * 2 - 1; }
    cl_mem da = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, a, &err); CHECK(err);
    cl_mem db = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, b, &err); CHECK(err);
    cl_mem dc0 = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, nn * 4, c0, &err); CHECK(err);
    cl_mem dc = clCreateBuffer(ctx, CL_MEM_READ_WRITE, nn * 4, NULL, &err); CHECK(err);
    cl_mem ds = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &err); CHECK(err);
    const char *kinds[] = {"matmul", "gemm"};
    for (int kind = 0; kind < 2; kind++) {
        const char *kn = kinds[kind];
        // hand-written first (the reference), then every Ferrocl variant
        char files[32][256]; int nf = 0;
        snprintf(files[nf++], 256, "%s/hand_%s.cl", dir, kn);
        DIR *d = opendir(dir); struct dirent *ent;
        while ((ent = readdir(d))) if (strncmp(ent->d_name, kn, strlen(kn)) == 0 && ent->d_name[strlen(kn)] == '_' && strstr(ent->d_name, ".cl")) snprintf(files[nf++], 256, "%s/%s", dir, ent->d_name);
        closedir(d);
        for (int f = 0; f < nf; f++) {
            int hand = f == 0; int micro = 1;
            const char *mm = strstr(files[f], "_m"); if (!hand && mm) micro = atoi(mm + 2);
            cl_kernel k = build(files[f], kn);
            int zero = 0, cnt = n; float alpha = 1.5f, beta = 1.2f; int a_len = (int)nn;
            int arg = 0;
            if (hand && kind == 0) { CHECK(clSetKernelArg(k, arg++, 8, &da)); CHECK(clSetKernelArg(k, arg++, 8, &db)); CHECK(clSetKernelArg(k, arg++, 8, &dc)); CHECK(clSetKernelArg(k, arg++, 4, &n)); }
            else if (hand) { CHECK(clSetKernelArg(k, arg++, 4, &n)); CHECK(clSetKernelArg(k, arg++, 4, &alpha)); CHECK(clSetKernelArg(k, arg++, 4, &beta)); CHECK(clSetKernelArg(k, arg++, 8, &dc)); CHECK(clSetKernelArg(k, arg++, 8, &da)); CHECK(clSetKernelArg(k, arg++, 8, &db)); }
            else if (kind == 0) {
                CHECK(clSetKernelArg(k, arg++, 4, &n)); CHECK(clSetKernelArg(k, arg++, 8, &da)); CHECK(clSetKernelArg(k, arg++, 4, &a_len));
                CHECK(clSetKernelArg(k, arg++, 8, &db)); CHECK(clSetKernelArg(k, arg++, 4, &a_len)); CHECK(clSetKernelArg(k, arg++, 8, &dc)); CHECK(clSetKernelArg(k, arg++, 4, &a_len));
                CHECK(clSetKernelArg(k, arg++, 4, &zero)); CHECK(clSetKernelArg(k, arg++, 4, &cnt)); CHECK(clSetKernelArg(k, arg++, 4, &zero)); CHECK(clSetKernelArg(k, arg++, 4, &cnt)); CHECK(clSetKernelArg(k, arg++, 8, &ds));
            } else {
                CHECK(clSetKernelArg(k, arg++, 4, &n)); CHECK(clSetKernelArg(k, arg++, 4, &alpha)); CHECK(clSetKernelArg(k, arg++, 4, &beta));
                CHECK(clSetKernelArg(k, arg++, 8, &dc)); CHECK(clSetKernelArg(k, arg++, 4, &a_len)); CHECK(clSetKernelArg(k, arg++, 8, &da)); CHECK(clSetKernelArg(k, arg++, 4, &a_len));
                CHECK(clSetKernelArg(k, arg++, 8, &db)); CHECK(clSetKernelArg(k, arg++, 4, &a_len));
                CHECK(clSetKernelArg(k, arg++, 4, &zero)); CHECK(clSetKernelArg(k, arg++, 4, &cnt)); CHECK(clSetKernelArg(k, arg++, 4, &zero)); CHECK(clSetKernelArg(k, arg++, 4, &cnt)); CHECK(clSetKernelArg(k, arg++, 8, &ds));
            }
            size_t items = (n + micro - 1) / micro;
            size_t global[2] = {(items + 15) / 16 * 16, (items + 15) / 16 * 16}, local[2] = {16, 16};
            double times[64];
            for (int r = 0; r <= reps; r++) {
                CHECK(clEnqueueCopyBuffer(q, dc0, dc, 0, 0, nn * 4, 0, NULL, NULL));
                CHECK(clEnqueueWriteBuffer(q, ds, CL_TRUE, 0, 4, &zero, 0, NULL, NULL));
                cl_event ev; CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, &ev)); CHECK(clFinish(q));
                cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
                if (r > 0) times[r - 1] = (t1 - t0) * 1e-6;
                clReleaseEvent(ev);
            }
            int status = 0; CHECK(clEnqueueReadBuffer(q, ds, CL_TRUE, 0, 4, &status, 0, NULL, NULL));
            CHECK(clEnqueueReadBuffer(q, dc, CL_TRUE, 0, nn * 4, hand ? ref : out, 0, NULL, NULL));
            size_t diff = 0; if (!hand) for (size_t i = 0; i < nn; i++) if (memcmp(&out[i], &ref[i], 4)) diff++;
            qsort(times, reps, sizeof(double), cmp);
            double med = times[reps / 2];
            printf("%-8s n=%d %-40s median %8.3f ms  %6.2f TFLOP/s  status %d  differing %zu\n", kn, n, strrchr(files[f], '/') + 1, med, 2.0 * n * n * (double)n / med / 1e9, status, diff);
            fflush(stdout);
            clReleaseKernel(k);
        }
    }
    return 0;
}

// One buffer bound to two array arguments of a generated kernel (Java passing one array as two parameters):
// does the device compute Java's result? ramp: dst[k] = src[k - 1] + 1 for k in [1, n), src == dst.
// gcc -O1 alias.c -l:libOpenCL.so.1 && ./a.out FILE.cl [OPTIONS]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); if (!f) { perror(p); exit(2); } fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *s = malloc(n + 1); fread(s, 1, n, f); s[n] = 0; fclose(f); return s; }
int main(int argc, char **argv) {
    const char *src = slurp(argv[1]); const char *opts = argc > 2 ? argv[2] : "";
    cl_platform_id ps[8]; cl_uint np = 0; clGetPlatformIDs(8, ps, &np);
    int bad_total = 0;
    for (cl_uint p = 0; p < np; p++) {
        cl_device_id ds[8]; cl_uint nd = 0; if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 8, ds, &nd) != CL_SUCCESS) continue;
        for (cl_uint d = 0; d < nd; d++) {
            char name[256]; clGetDeviceInfo(ds[d], CL_DEVICE_NAME, sizeof name, name, NULL);
            cl_int e; cl_context c = clCreateContext(NULL, 1, &ds[d], NULL, NULL, &e);
            cl_command_queue q = clCreateCommandQueue(c, ds[d], 0, &e);
            cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
            if (clBuildProgram(pr, 1, &ds[d], opts, NULL, NULL) != CL_SUCCESS) { char log[8192]; clGetProgramBuildInfo(pr, ds[d], CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); printf("%s: build failed: %s\n", name, log); continue; }
            cl_kernel k = clCreateKernel(pr, "ramp", &e);
            int n = 5000; int *x = malloc(n * 4), *want = malloc(n * 4), st = 0;
            for (int i = 0; i < n; i++) x[i] = (int)(i * 2654435761u) >> 7;
            memcpy(want, x, n * 4); for (int i = 1; i < n; i++) want[i] = want[i - 1] + 1;
            cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * 4, x, &e);
            cl_mem s = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &st, &e);
            clSetKernelArg(k, 0, sizeof b, &b); clSetKernelArg(k, 1, 4, &n); clSetKernelArg(k, 2, sizeof b, &b);
            clSetKernelArg(k, 3, 4, &n); clSetKernelArg(k, 4, 4, &n); clSetKernelArg(k, 5, sizeof s, &s);
            size_t one = 1; clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
            clEnqueueReadBuffer(q, b, CL_TRUE, 0, n * 4, x, 0, NULL, NULL);
            int bad = 0, first = -1; for (int i = 0; i < n; i++) if (x[i] != want[i]) { if (first < 0) first = i; bad++; }
            printf("%-40s %-28s opts='%s': %d of %d differ%s\n", argv[1], name, opts, bad, n, bad ? " (WRONG)" : "");
            bad_total += bad;
        }
    }
    return bad_total ? 1 : 0;
}

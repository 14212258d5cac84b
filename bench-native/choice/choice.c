// A load through a variable holding one of two arrays, between stores to one of them (the
// GraphVersioningProbeTest.vaArrayChoices case that failed on the H100): does the device read
// back the value this work-item just stored? Runs FILE.cl's kernel `choiceLoadBetweenStores`
// with flag 1 (the load reads `a`), n work-items, the given build options, proven 0 and 1.
// gcc -O1 choice.c -l:libOpenCL.so.1 && ./a.out FILE.cl [OPTIONS]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); if (!f) { perror(p); exit(2); } fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *s = malloc(n + 1); if (fread(s, 1, n, f) != (size_t)n) exit(2); s[n] = 0; fclose(f); return s; }
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
            cl_kernel k = clCreateKernel(pr, "choiceLoadBetweenStores", &e);
            const char *dump = getenv("CHOICE_BINARY"); // where to write the program binary (NVIDIA: PTX)
            if (dump && strstr(name, "NVIDIA")) {
                size_t sz = 0; clGetProgramInfo(pr, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, NULL);
                unsigned char *bin = malloc(sz + 1); clGetProgramInfo(pr, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
                FILE *f = fopen(dump, "wb"); if (f) { fwrite(bin, 1, sz, f); fclose(f); } free(bin);
            }
            for (int proven = 0; proven < 2; proven++) {
                int n = 1000, len = 4 * n, flag = 1, start = 0, st = 0;
                int *a = malloc(len * 4), *b = malloc(len * 4), *out = calloc(n, 4);
                for (int i = 0; i < len; i++) { a[i] = -7 - i; b[i] = -100000 - i; }
                cl_mem ma = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, len * 4, a, &e);
                cl_mem mb = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, len * 4, b, &e);
                cl_mem mo = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * 4, out, &e);
                cl_mem ms = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &st, &e);
                cl_uint count = n; int ai = 0;
                clSetKernelArg(k, ai++, sizeof ma, &ma); clSetKernelArg(k, ai++, 4, &len);
                clSetKernelArg(k, ai++, sizeof mb, &mb); clSetKernelArg(k, ai++, 4, &len);
                clSetKernelArg(k, ai++, sizeof mo, &mo); clSetKernelArg(k, ai++, 4, &n);
                clSetKernelArg(k, ai++, 4, &flag); clSetKernelArg(k, ai++, 4, &n);
                clSetKernelArg(k, ai++, 4, &start); clSetKernelArg(k, ai++, 4, &count);
                clSetKernelArg(k, ai++, 4, &proven); clSetKernelArg(k, ai++, sizeof ms, &ms);
                size_t g = 1024, l = 128; e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
                clEnqueueReadBuffer(q, mo, CL_TRUE, 0, n * 4, out, 0, NULL, NULL);
                clEnqueueReadBuffer(q, ma, CL_TRUE, 0, len * 4, a, 0, NULL, NULL);
                clEnqueueReadBuffer(q, ms, CL_TRUE, 0, 4, &st, 0, NULL, NULL);
                int bad = 0, first = -1; for (int i = 0; i < n; i++) if (out[i] != i || a[4 * i] != i) { if (first < 0) first = i; bad++; }
                printf("%-22s %-24s opts='%s' proven=%d launch=%d status=%d: %d of %d wrong%s", argv[1], name, opts, proven, e, st, bad, n, bad ? " (WRONG" : "");
                if (bad) printf(": out[%d]=%d a[4*%d]=%d)", first, out[first], first, a[4 * first]);
                printf("\n");
                bad_total += bad;
                clReleaseMemObject(ma); clReleaseMemObject(mb); clReleaseMemObject(mo); clReleaseMemObject(ms);
                free(a); free(b); free(out);
            }
        }
    }
    return bad_total ? 1 : 0;
}

// Times kernel variants of SpMV and Transpose (Ferrocl's as written, hand edits of it, the suite's hand-written
// kernel) on one resident set of buffers, alternating round-robin; checks each result bit for bit against the
// hand-written kernel's. Build: gcc -O2 variants.c -o variants -lOpenCL ; run: ./variants <dir> <rounds>
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)

static cl_context ctx; static cl_command_queue q; static cl_device_id dev;

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *s = malloc(n + 1); if (fread(s, 1, n, f) != (size_t)n) exit(1); s[n] = 0; fclose(f); return s;
}

static cl_kernel build(const char *path, const char *name, const char *options) {
    char *src = slurp(path); cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err); CHECK(err);
    err = clBuildProgram(p, 1, &dev, options, NULL, NULL);
    if (err != CL_SUCCESS) { static char log[65536]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "%s\n", log); exit(1); }
    cl_kernel k = clCreateKernel(p, name, &err); CHECK(err); return k;
}

static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
static cl_mem buf(size_t bytes, void *host) { cl_int e; cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), bytes, host, &e); CHECK(e); return m; }
static unsigned long long rng = 88172645463325252ULL;
static unsigned next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (unsigned)(rng >> 11); }
static double unit(void) { return next() / 2147483648.0 - 1.0; }

#define MAXV 16
int main(int argc, char **argv) {
    const char *dir = argv[1]; int rounds = atoi(argv[2]);
    cl_platform_id plats[8]; cl_uint np; CHECK(clGetPlatformIDs(8, plats, &np));
    int found = 0;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    for (cl_uint i = 0; i < np && !found; i++) if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS) found = 1;
    cl_int err; ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err); CHECK(err);
    int small = getenv("SMALL") != NULL;
    // SpMV: rows with 16..32 non-zeros, columns spread over the row range (as SpMVBench).
    int rows = small ? 4096 : 2097152;
    int *rowPtr = malloc((rows + 1) * sizeof(int)); rowPtr[0] = 0;
    for (int r = 0; r < rows; r++) rowPtr[r + 1] = rowPtr[r] + 16 + next() % 17;
    int nnz = rowPtr[rows]; int *col = malloc(nnz * sizeof(int)); double *val = malloc(nnz * 8), *x = malloc(rows * 8);
    for (int r = 0; r < rows; r++) { int k = rowPtr[r + 1] - rowPtr[r]; for (int j = 0; j < k; j++) { long lo = (long)j * rows / k, hi = (long)(j + 1) * rows / k; col[rowPtr[r] + j] = (int)(lo + next() % (hi - lo)); } }
    for (int i = 0; i < nnz; i++) val[i] = unit();
    for (int i = 0; i < rows; i++) x[i] = unit();
    cl_mem dRow = buf((rows + 1) * 4, rowPtr), dCol = buf(nnz * 4, col), dVal = buf(nnz * 8, val), dX = buf(rows * 8, x), dY = buf(rows * 8, NULL), dS = buf(4, NULL);
    // Transpose: n x n floats.
    int n = small ? 300 : 4096; size_t nn = (size_t)n * n;
    float *in = malloc(nn * 4); for (size_t i = 0; i < nn; i++) in[i] = (float)unit();
    cl_mem dIn = buf(nn * 4, in), dOut = buf(nn * 4, NULL);
    // N-body: 16384 bodies (NBodyBench's smaller size), the 13 arrays of NBodyBench.step.
    int nb = small ? 1000 : 16384; float dt = 0.01f, eps2 = 0.01f;
    cl_mem dB[13]; { float *h = malloc(nb * 4); for (int a = 0; a < 13; a++) { for (int i = 0; i < nb; i++) h[i] = a == 3 ? (float)(0.5 + 0.5 * (unit() + 1.0)) : (float)unit(); dB[a] = buf(nb * 4, a < 7 ? h : NULL); } }
    // Crypt: 16 MiB of bytes in blocks of 8 (CryptBench's larger size), a key of 52 16-bit words.
    int cb = small ? 1000 : 16777216 / 8, cbytes = cb * 8, klen = 52;
    cl_mem dCin, dCout, dKey;
    { char *h = malloc(cbytes); for (int i = 0; i < cbytes; i++) h[i] = (char)next(); dCin = buf(cbytes, h); dCout = buf(cbytes, NULL);
      unsigned short kk[52]; for (int i = 0; i < 52; i++) kk[i] = (unsigned short)next(); dKey = buf(sizeof kk, kk); }
    const char *kinds[] = {"spmv", "transpose", "nbody", "crypt"};
    for (int kind = 0; kind < 4; kind++) {
        const char *kn = kinds[kind];
        if (getenv("ONLY") && !strstr(getenv("ONLY"), kn)) continue;
        char files[MAXV][256]; int nf = 0;
        snprintf(files[nf++], 256, "%s/%s_hand.cl", dir, kn);
        DIR *d = opendir(dir); struct dirent *ent;
        while ((ent = readdir(d))) {
            size_t l = strlen(kn);
            if (strncmp(ent->d_name, kn, l) == 0 && ent->d_name[l] == '_' && strcmp(ent->d_name + l, "_hand.cl") && strstr(ent->d_name, ".cl") && nf < MAXV)
                snprintf(files[nf++], 256, "%s/%.200s", dir, ent->d_name);
        }
        closedir(d);
        cl_kernel ks[MAXV]; double times[MAXV][256]; size_t global[MAXV][2], local[MAXV][2]; int dims[MAXV];
        for (int f = 0; f < nf; f++) {
            int hand = f == 0; int a = 0, zero = 0;
            // NBODY_OPTS replaces N-body's build options (e.g. the runtime's "-cl-std=CL1.2 ...").
            const char *nbody_opts = getenv("NBODY_OPTS") ? getenv("NBODY_OPTS") : "-cl-fp32-correctly-rounded-divide-sqrt";
            cl_kernel k = ks[f] = build(files[f], kn, kind == 2 ? nbody_opts : "");
            if (kind == 0) {
                if (hand) { CHECK(clSetKernelArg(k, a++, 8, &dRow)); CHECK(clSetKernelArg(k, a++, 8, &dCol)); CHECK(clSetKernelArg(k, a++, 8, &dVal)); CHECK(clSetKernelArg(k, a++, 8, &dX)); CHECK(clSetKernelArg(k, a++, 8, &dY)); CHECK(clSetKernelArg(k, a++, 4, &rows)); }
                else { int rl = rows + 1; CHECK(clSetKernelArg(k, a++, 8, &dRow)); CHECK(clSetKernelArg(k, a++, 4, &rl)); CHECK(clSetKernelArg(k, a++, 8, &dCol)); CHECK(clSetKernelArg(k, a++, 4, &nnz)); CHECK(clSetKernelArg(k, a++, 8, &dVal)); CHECK(clSetKernelArg(k, a++, 4, &nnz));
                       CHECK(clSetKernelArg(k, a++, 8, &dX)); CHECK(clSetKernelArg(k, a++, 4, &rows)); CHECK(clSetKernelArg(k, a++, 8, &dY)); CHECK(clSetKernelArg(k, a++, 4, &rows)); CHECK(clSetKernelArg(k, a++, 4, &zero)); CHECK(clSetKernelArg(k, a++, 4, &rows)); CHECK(clSetKernelArg(k, a++, 8, &dS)); }
                dims[f] = 1; local[f][0] = 256; global[f][0] = (rows + 255) / 256 * 256;
            } else if (kind == 3) {
                if (hand) { CHECK(clSetKernelArg(k, a++, 8, &dCin)); CHECK(clSetKernelArg(k, a++, 8, &dCout)); CHECK(clSetKernelArg(k, a++, 8, &dKey)); CHECK(clSetKernelArg(k, a++, 4, &cb)); }
                else { CHECK(clSetKernelArg(k, a++, 8, &dCin)); CHECK(clSetKernelArg(k, a++, 4, &cbytes)); CHECK(clSetKernelArg(k, a++, 8, &dCout)); CHECK(clSetKernelArg(k, a++, 4, &cbytes));
                       CHECK(clSetKernelArg(k, a++, 8, &dKey)); CHECK(clSetKernelArg(k, a++, 4, &klen)); CHECK(clSetKernelArg(k, a++, 4, &zero)); CHECK(clSetKernelArg(k, a++, 4, &cb)); CHECK(clSetKernelArg(k, a++, 8, &dS)); }
                dims[f] = 1; local[f][0] = 256; global[f][0] = (cb + 255) / 256 * 256;
            } else if (kind == 2) {
                for (int b = 0; b < 13; b++) { CHECK(clSetKernelArg(k, a++, 8, &dB[b])); if (!hand) CHECK(clSetKernelArg(k, a++, 4, &nb)); }
                CHECK(clSetKernelArg(k, a++, 4, &dt)); CHECK(clSetKernelArg(k, a++, 4, &eps2));
                if (hand) { CHECK(clSetKernelArg(k, a++, 4, &nb)); CHECK(clSetKernelArg(k, a++, 256 * 16, NULL)); }
                else { CHECK(clSetKernelArg(k, a++, 4, &zero)); CHECK(clSetKernelArg(k, a++, 4, &nb)); CHECK(clSetKernelArg(k, a++, 8, &dS)); }
                const char *wg = strstr(files[f], "_wg"); size_t l = wg ? (size_t)atoi(wg + 3) : 256;
                dims[f] = 1; local[f][0] = l; global[f][0] = (nb + l - 1) / l * l;
            } else {
                if (hand) { CHECK(clSetKernelArg(k, a++, 8, &dIn)); CHECK(clSetKernelArg(k, a++, 8, &dOut)); CHECK(clSetKernelArg(k, a++, 4, &n)); }
                else { int len = (int)nn; CHECK(clSetKernelArg(k, a++, 4, &n)); CHECK(clSetKernelArg(k, a++, 8, &dIn)); CHECK(clSetKernelArg(k, a++, 4, &len)); CHECK(clSetKernelArg(k, a++, 8, &dOut)); CHECK(clSetKernelArg(k, a++, 4, &len));
                       CHECK(clSetKernelArg(k, a++, 4, &zero)); CHECK(clSetKernelArg(k, a++, 4, &n)); CHECK(clSetKernelArg(k, a++, 4, &zero)); CHECK(clSetKernelArg(k, a++, 4, &n)); CHECK(clSetKernelArg(k, a++, 8, &dS)); }
                dims[f] = 2; local[f][0] = 32; local[f][1] = 8; global[f][0] = (n + 31) / 32 * 32; global[f][1] = (n + 31) / 32 * 8;
            }
        }
        // Round-robin: every variant once per round; the first round is warm-up.
        size_t bytes = kind == 0 ? rows * 8 : kind == 1 ? nn * 4 : kind == 2 ? nb * 4 : (size_t)cbytes;
        void *ref = malloc(bytes), *out = malloc(bytes);
        cl_mem dres = kind == 0 ? dY : kind == 1 ? dOut : kind == 2 ? dB[10] : dCout;
        size_t diffs[MAXV] = {0}; int status[MAXV] = {0};
        for (int r = 0; r <= rounds; r++) for (int f = 0; f < nf; f++) {
            int zero = 0; CHECK(clEnqueueWriteBuffer(q, dS, CL_TRUE, 0, 4, &zero, 0, NULL, NULL));
            cl_event ev; CHECK(clEnqueueNDRangeKernel(q, ks[f], dims[f], NULL, global[f], local[f], 0, NULL, &ev)); CHECK(clFinish(q));
            cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL); clReleaseEvent(ev);
            if (r > 0) times[f][r - 1] = (t1 - t0) * 1e-3;
            if (r == rounds) {
                CHECK(clEnqueueReadBuffer(q, dS, CL_TRUE, 0, 4, &status[f], 0, NULL, NULL));
                CHECK(clEnqueueReadBuffer(q, dres, CL_TRUE, 0, bytes, f == 0 ? ref : out, 0, NULL, NULL));
                if (f > 0) { size_t e = kind == 0 ? 8 : 4; for (size_t i = 0; i < bytes / e; i++) if (memcmp((char *)out + i * e, (char *)ref + i * e, e)) diffs[f]++; }
            }
        }
        for (int f = 0; f < nf; f++) {
            qsort(times[f], rounds, sizeof(double), cmp);
            printf("%-10s %-40s median %9.2f us  min %9.2f  p90 %9.2f  fraction of hand %5.3f  status %d  differing %zu\n", kn, strrchr(files[f], '/') + 1,
                   times[f][rounds / 2], times[f][0], times[f][rounds * 9 / 10], times[0][rounds / 2] / times[f][rounds / 2], status[f], diffs[f]);
        }
    }
    return 0;
}

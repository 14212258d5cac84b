/*
 * kernel_race: reduction kernels timed side by side on one device buffer.
 *
 * The JMH suite measures every variant in a trial of its own, with the input uploaded before each call; at
 * 2^24 elements (22-30 us kernels) the device's L2 state after that upload moves a median by +-15% between
 * trials, which hides a 5% difference. Here every kernel reads the same resident buffer, launches alternate
 * round-robin (so clocks and temperature are shared), and the L2 state is controlled:
 *   cold  each timed launch follows a kernel that writes a buffer four times the L2 size (nothing of the
 *         input is cached: DRAM bandwidth),
 *   warm  each timed launch follows a launch of the same kernel (what is left in L2 helps, as in a loop).
 * Times are the OpenCL profiling times (CL_PROFILING_COMMAND_START..END) of the timed launches only.
 *
 * usage: kernel_race ELEMS REPS SPEC...
 *   SPEC = FILE.cl:KERNEL:ABI:TYPE:OP:LABEL
 *   ABI  ferrocl  (a, a_length, ferrocl_start0, ferrocl_count0, partials, __local scratch, status): a kernel
 *                 written by Ferrocl's compiler for `for (@Parallel int i = 0; i < a.length; i++) out[0] op= a[i]`,
 *                 launched as Ferrocl launches it (8 work-groups of 256 per compute unit, fewer when the loop
 *                 is shorter; the runtime's choice in ferrocl-jni's launch.rs), status word checked to be 0
 *        hand     (a, n, partials, __local scratch): ReductionBench's hand-written kernel, same geometry
 *   TYPE float | int     OP sum | min     LABEL a name for the report
 * The partials are combined on the host. Every kernel's result is checked against a sequential one computed
 * here: exact for int sums (wrapping) and every min; float sums within gamma(k) * sum|a| of the exact sum, k a bound
 * on the longest chain of roundings of either kernel's evaluation order (Higham, ch. 4).
 * Prints one line per kernel and state: label, state, median/min/p90 microseconds, GB/s at the median, result.
 * Exit status 1 on any OpenCL error or wrong result.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOCAL 256
#define GROUPS_PER_CU 8

static void die(const char *what, cl_int err) {
    fprintf(stderr, "kernel_race: %s failed (%d)\n", what, err);
    exit(1);
}
#define CHECK(call)                                                                                                \
    do {                                                                                                           \
        cl_int e_ = (call);                                                                                        \
        if (e_ != CL_SUCCESS) die(#call, e_);                                                                      \
    } while (0)

typedef struct {
    char *file, *kernel, *abi, *type, *op, *label;
    cl_kernel k;
    cl_mem partials;
    size_t groups;
    double *cold, *warm;
    double result;
} Spec;

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "kernel_race: cannot open %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc(len + 1);
    if (fread(s, 1, len, f) != (size_t)len) {
        fprintf(stderr, "kernel_race: cannot read %s\n", path);
        exit(1);
    }
    s[len] = 0;
    fclose(f);
    return s;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Java's Math.min on floats: NaN wins, -0.0 below 0.0. */
static float jminf(float a, float b) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == 0.0f && b == 0.0f) return signbit(a) ? a : b;
    return a < b ? a : b;
}

static double elapsed_us(cl_event ev) {
    cl_ulong t0, t1;
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL));
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL));
    return (t1 - t0) / 1000.0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: kernel_race ELEMS REPS FILE.cl:KERNEL:ABI:TYPE:OP:LABEL...\n");
        return 2;
    }
    long n = atol(argv[1]);
    int reps = atoi(argv[2]);
    int count = argc - 3;
    if (n <= 0 || n > INT32_MAX || reps <= 0) {
        fprintf(stderr, "kernel_race: bad ELEMS or REPS\n");
        return 2;
    }
    Spec *specs = calloc(count, sizeof(Spec));
    for (int s = 0; s < count; s++) {
        char *p = strdup(argv[3 + s]);
        char **fields[] = {&specs[s].file, &specs[s].kernel, &specs[s].abi,
                           &specs[s].type, &specs[s].op,     &specs[s].label};
        for (int f = 0; f < 6; f++) {
            *fields[f] = strsep(&p, ":");
            if (!*fields[f]) {
                fprintf(stderr, "kernel_race: bad spec %s\n", argv[3 + s]);
                return 2;
            }
        }
    }

    /* The default GPU (else any device): as Ferrocl's default device choice. */
    cl_platform_id platforms[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    cl_device_id dev = NULL;
    for (cl_uint p = 0; p < np && !dev; p++)
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS) dev = NULL;
    for (cl_uint p = 0; p < np && !dev; p++)
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) dev = NULL;
    if (!dev) {
        fprintf(stderr, "kernel_race: no OpenCL device\n");
        return 1;
    }
    char name[256];
    cl_uint cus;
    cl_ulong l2;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL));
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL));
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof l2, &l2, NULL));
    if (l2 < (64u << 20)) l2 = 64u << 20;
    printf("device: %s, %u compute units, flush buffer %lu MiB; n = %ld, %d timed launches per kernel and state\n",
           name, cus, (unsigned long)(4 * l2 >> 20), n, reps);

    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err) die("clCreateContext", err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err) die("clCreateCommandQueue", err);

    /* Inputs: floats in [-1, 1) and ints in [-10^6, 10^6), from one fixed LCG. */
    int floats_needed = 0, ints_needed = 0;
    for (int s = 0; s < count; s++) {
        if (!strcmp(specs[s].type, "float")) floats_needed = 1;
        else if (!strcmp(specs[s].type, "int")) ints_needed = 1;
        else {
            fprintf(stderr, "kernel_race: type %s\n", specs[s].type);
            return 2;
        }
    }
    float *hf = malloc(n * sizeof(float));
    int32_t *hi = malloc(n * sizeof(int32_t));
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (long i = 0; i < n; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        hf[i] = (float)((double)(x >> 40) / (double)(1ull << 24) * 2.0 - 1.0);
        hi[i] = (int32_t)((x >> 33) % 2000000) - 1000000;
    }
    cl_mem bf = NULL, bi = NULL;
    if (floats_needed) {
        bf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(float), hf, &err);
        if (err) die("clCreateBuffer(floats)", err);
    }
    if (ints_needed) {
        bi = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(int32_t), hi, &err);
        if (err) die("clCreateBuffer(ints)", err);
    }
    cl_mem status = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_int), NULL, &err);
    if (err) die("clCreateBuffer(status)", err);
    size_t flush_words = 4 * l2 / sizeof(cl_uint);
    cl_mem flushbuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, flush_words * sizeof(cl_uint), NULL, &err);
    if (err) die("clCreateBuffer(flush)", err);
    const char *flush_src = "__kernel void flush(__global uint* b, uint v) { size_t i = get_global_id(0); "
                            "b[i] = v + (uint)i; }";
    cl_program fp = clCreateProgramWithSource(ctx, 1, &flush_src, NULL, &err);
    if (err) die("clCreateProgramWithSource(flush)", err);
    CHECK(clBuildProgram(fp, 1, &dev, "", NULL, NULL));
    cl_kernel flush = clCreateKernel(fp, "flush", &err);
    if (err) die("clCreateKernel(flush)", err);
    CHECK(clSetKernelArg(flush, 0, sizeof(cl_mem), &flushbuf));

    for (int s = 0; s < count; s++) {
        Spec *sp = &specs[s];
        char *src = read_file(sp->file);
        cl_program prog = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err);
        if (err) die("clCreateProgramWithSource", err);
        /* Ferrocl's own build options for its kernels (ferrocl-jit); the hand-written one gets none. */
        const char *opts = !strcmp(sp->abi, "ferrocl") ? "-cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt" : "";
        if (clBuildProgram(prog, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) {
            char log[16384];
            clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
            fprintf(stderr, "kernel_race: %s does not build:\n%s\n", sp->file, log);
            return 1;
        }
        sp->k = clCreateKernel(prog, sp->kernel, &err);
        if (err) die("clCreateKernel", err);
        size_t needed = (n + LOCAL - 1) / LOCAL;
        sp->groups = (size_t)GROUPS_PER_CU * cus;
        if (sp->groups > needed) sp->groups = needed;
        sp->partials = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sp->groups * 8, NULL, &err);
        if (err) die("clCreateBuffer(partials)", err);
        cl_mem a = !strcmp(sp->type, "float") ? bf : bi;
        cl_int len = (cl_int)n, zero = 0;
        cl_uint cnt = (cl_uint)n;
        int arg = 0;
        CHECK(clSetKernelArg(sp->k, arg++, sizeof(cl_mem), &a));
        if (!strcmp(sp->abi, "ferrocl")) {
            CHECK(clSetKernelArg(sp->k, arg++, sizeof len, &len));
            CHECK(clSetKernelArg(sp->k, arg++, sizeof zero, &zero));
            CHECK(clSetKernelArg(sp->k, arg++, sizeof cnt, &cnt));
        } else if (!strcmp(sp->abi, "hand")) {
            CHECK(clSetKernelArg(sp->k, arg++, sizeof len, &len));
        } else {
            fprintf(stderr, "kernel_race: abi %s\n", sp->abi);
            return 2;
        }
        CHECK(clSetKernelArg(sp->k, arg++, sizeof(cl_mem), &sp->partials));
        CHECK(clSetKernelArg(sp->k, arg++, LOCAL * 4, NULL));
        if (!strcmp(sp->abi, "ferrocl")) CHECK(clSetKernelArg(sp->k, arg++, sizeof(cl_mem), &status));
        sp->cold = calloc(reps, sizeof(double));
        sp->warm = calloc(reps, sizeof(double));
    }

    cl_int zero = 0;
    CHECK(clEnqueueWriteBuffer(q, status, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL));
    size_t flush_global = flush_words, local = LOCAL;
    /* Round 0 is a warm-up (builds, first touches), not recorded. */
    for (int r = -1; r < reps; r++) {
        for (int s = 0; s < count; s++) {
            Spec *sp = &specs[s];
            size_t global = sp->groups * LOCAL;
            cl_uint v = (cl_uint)(r * count + s);
            cl_event ev;
            CHECK(clSetKernelArg(flush, 1, sizeof v, &v));
            CHECK(clEnqueueNDRangeKernel(q, flush, 1, NULL, &flush_global, NULL, 0, NULL, NULL));
            CHECK(clEnqueueNDRangeKernel(q, sp->k, 1, NULL, &global, &local, 0, NULL, &ev));
            CHECK(clWaitForEvents(1, &ev));
            if (r >= 0) sp->cold[r] = elapsed_us(ev);
            clReleaseEvent(ev);
            CHECK(clEnqueueNDRangeKernel(q, sp->k, 1, NULL, &global, &local, 0, NULL, &ev));
            CHECK(clWaitForEvents(1, &ev));
            if (r >= 0) sp->warm[r] = elapsed_us(ev);
            clReleaseEvent(ev);
        }
    }
    cl_int st = 0;
    CHECK(clEnqueueReadBuffer(q, status, CL_TRUE, 0, sizeof st, &st, 0, NULL, NULL));
    if (st != 0) {
        fprintf(stderr, "kernel_race: a Ferrocl kernel set its status word to %d\n", st);
        return 1;
    }

    /* Results against a sequential computation. */
    double exact = 0, magnitude = 0;
    float seq_minf = INFINITY;
    uint32_t seq_sumi = 0;
    int32_t seq_mini = INT32_MAX;
    for (long i = 0; i < n; i++) {
        exact += hf[i];
        magnitude += fabs(hf[i]);
        seq_minf = jminf(seq_minf, hf[i]);
        seq_sumi += (uint32_t)hi[i];
        if (hi[i] < seq_mini) seq_mini = hi[i];
    }
    int bad = 0;
    for (int s = 0; s < count; s++) {
        Spec *sp = &specs[s];
        void *buf = malloc(sp->groups * 8);
        CHECK(clEnqueueReadBuffer(q, sp->partials, CL_TRUE, 0, sp->groups * 4, buf, 0, NULL, NULL));
        int ok;
        if (!strcmp(sp->type, "float")) {
            float *p = buf, acc = !strcmp(sp->op, "sum") ? 0.0f : INFINITY;
            for (size_t g = 0; g < sp->groups; g++) acc = !strcmp(sp->op, "sum") ? acc + p[g] : jminf(acc, p[g]);
            sp->result = acc;
            if (!strcmp(sp->op, "sum")) {
                /* Longest rounding chain of either kernel's order: a work-item's share of the input, the
                   accumulators' and lanes' trees (<= 4), the work-group tree (8), the host's fold (groups). */
                double u = 0x1p-24, global = (double)sp->groups * LOCAL;
                double k = ceil(n / global) + 16 + sp->groups;
                ok = fabs(acc - exact) <= k * u / (1 - k * u) * magnitude + 1e-30;
            } else {
                ok = acc == seq_minf;
            }
        } else {
            int32_t *p = buf;
            uint32_t sum = 0;
            int32_t mn = INT32_MAX;
            for (size_t g = 0; g < sp->groups; g++) {
                sum += (uint32_t)p[g];
                if (p[g] < mn) mn = p[g];
            }
            sp->result = !strcmp(sp->op, "sum") ? (double)(int32_t)sum : (double)mn;
            ok = !strcmp(sp->op, "sum") ? (int32_t)sum == (int32_t)seq_sumi : mn == seq_mini;
        }
        free(buf);
        for (int state = 0; state < 2; state++) {
            double *t = state ? sp->warm : sp->cold;
            qsort(t, reps, sizeof(double), cmp_double);
            double med = t[reps / 2];
            printf("%-24s %-4s median %8.2f us  min %8.2f  p90 %8.2f  %7.1f GB/s  result %.9g%s\n", sp->label,
                   state ? "warm" : "cold", med, t[0], t[(reps * 9) / 10], n * 4.0 / med / 1e3, sp->result,
                   ok ? "" : "  WRONG");
        }
        bad |= !ok;
    }
    return bad;
}

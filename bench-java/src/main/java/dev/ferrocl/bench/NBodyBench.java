package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * N-Body, float: one time step of {@code n} bodies under softened gravity (G = 1), all pairs: each body's
 * acceleration is the sum over all bodies of {@code m_j d / (|d|^2 + eps^2)^(3/2)}, then its velocity and
 * position are advanced by {@code dt} into new arrays. Bodies are stored as Java code would hold them, one array
 * per coordinate (x, y, z, mass, vx, vy, vz; an array of x, y, z, mass quadruples, as OpenCL's float4 samples
 * have it, makes the JVM's loop 3 to 4 times slower). Per pair some twenty flops with a sqrt and a division;
 * compute-bound. Sizes 16K and 32K bodies (one sequential run of 32K takes about 0.9 s: the reference is
 * sequential).
 *
 * <p>Everything is IEEE {@code + - * /} and {@code sqrt} ({@code (float) Math.sqrt} of a float is the correctly
 * rounded float square root), so results are compared bit for bit; the hand-written kernel turns contraction off
 * and builds with {@code -cl-fp32-correctly-rounded-divide-sqrt} (OpenCL's float division and sqrt are
 * otherwise allowed 2.5 and 3 ulps). Aparapi's OpenCL C can do neither, so its result is checked against a
 * rounding-error bound instead ({@link #checkAparapi}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class NBodyBench {
    static final String NAME = "NBody";
    static final int SMOKE = 512;
    static final float DT = 0.005f;
    static final float EPS2 = 0.01f;
    /** The hand-written kernel's work-group size: bodies per local-memory tile. */
    static final int TILE = 256;

    /**
     * The same computation in OpenCL C, as GPU N-body codes do it (GPU Gems 3, ch. 31; the OpenCL SDK samples):
     * one work-item per body, all bodies streamed through local memory in tiles of one work-group's size. Each
     * body's sum still runs over j in order, as in Java.
     */
    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF

            __kernel void nbody(__global const float *restrict x, __global const float *restrict y,
                                __global const float *restrict z, __global const float *restrict m,
                                __global const float *restrict vx, __global const float *restrict vy,
                                __global const float *restrict vz, __global float *restrict nx,
                                __global float *restrict ny, __global float *restrict nz, __global float *restrict nvx,
                                __global float *restrict nvy, __global float *restrict nvz, const float dt,
                                const float eps2, const int n, __local float4 *tile) {
                int i = get_global_id(0);
                int lid = get_local_id(0);
                int tileSize = get_local_size(0);
                float xi = i < n ? x[i] : 0.0f;
                float yi = i < n ? y[i] : 0.0f;
                float zi = i < n ? z[i] : 0.0f;
                float ax = 0.0f;
                float ay = 0.0f;
                float az = 0.0f;
                for (int base = 0; base < n; base += tileSize) {
                    int j = base + lid;
                    tile[lid] = j < n ? (float4) (x[j], y[j], z[j], m[j]) : (float4) (0.0f);
                    barrier(CLK_LOCAL_MEM_FENCE);
                    int count = min(tileSize, n - base);
                    for (int t = 0; t < count; t++) {
                        float4 q = tile[t];
                        float dx = q.x - xi;
                        float dy = q.y - yi;
                        float dz = q.z - zi;
                        float d2 = dx * dx + dy * dy + dz * dz + eps2;
                        float inv = 1.0f / sqrt(d2);
                        float s = q.w * inv * inv * inv;
                        ax += dx * s;
                        ay += dy * s;
                        az += dz * s;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (i < n) {
                    float vxi = vx[i] + ax * dt;
                    float vyi = vy[i] + ay * dt;
                    float vzi = vz[i] + az * dt;
                    nvx[i] = vxi;
                    nvy[i] = vyi;
                    nvz[i] = vzi;
                    nx[i] = xi + vxi * dt;
                    ny[i] = yi + vyi * dt;
                    nz[i] = zi + vzi * dt;
                }
            }
            """;

    @Param({"16384", "32768"})
    public String size;

    int n;
    float[] x;
    float[] y;
    float[] z;
    float[] m;
    float[] vx;
    float[] vy;
    float[] vz;
    float[] nx;
    float[] ny;
    float[] nz;
    float[] nvx;
    float[] nvy;
    float[] nvz;
    TaskSchedule schedule;
    OpenClKernel kernel;
    NBodyKernel aparapi;

    /** The natural Ferrocl form (the sequential variant runs it on the JVM). */
    static void step(float[] x, float[] y, float[] z, float[] m, float[] vx, float[] vy, float[] vz, float[] nx,
            float[] ny, float[] nz, float[] nvx, float[] nvy, float[] nvz, float dt, float eps2) {
        int n = x.length;
        for (@Parallel int i = 0; i < n; i++) {
                float xi = x[i];
                float yi = y[i];
                float zi = z[i];
                float ax = 0f;
                float ay = 0f;
                float az = 0f;
                for (int j = 0; j < n; j++) {
                    float dx = x[j] - xi;
                    float dy = y[j] - yi;
                    float dz = z[j] - zi;
                    float d2 = dx * dx + dy * dy + dz * dz + eps2;
                    float inv = 1.0f / (float) Math.sqrt(d2);
                    float s = m[j] * inv * inv * inv;
                    ax += dx * s;
                    ay += dy * s;
                    az += dz * s;
                }
                float vxi = vx[i] + ax * dt;
                float vyi = vy[i] + ay * dt;
                float vzi = vz[i] + az * dt;
                nvx[i] = vxi;
                nvy[i] = vyi;
                nvz[i] = vzi;
                nx[i] = xi + vxi * dt;
                ny[i] = yi + vyi * dt;
                nz[i] = zi + vzi * dt;
        }
    }

    /** The same with parallel streams (all host cores). */
    static void stepStreams(float[] x, float[] y, float[] z, float[] m, float[] vx, float[] vy, float[] vz,
            float[] nx, float[] ny, float[] nz, float[] nvx, float[] nvy, float[] nvz, float dt, float eps2) {
        int n = x.length;
        IntStream.range(0, n).parallel().forEach(i -> {
                float xi = x[i];
                float yi = y[i];
                float zi = z[i];
                float ax = 0f;
                float ay = 0f;
                float az = 0f;
                for (int j = 0; j < n; j++) {
                    float dx = x[j] - xi;
                    float dy = y[j] - yi;
                    float dz = z[j] - zi;
                    float d2 = dx * dx + dy * dy + dz * dz + eps2;
                    float inv = 1.0f / (float) Math.sqrt(d2);
                    float s = m[j] * inv * inv * inv;
                    ax += dx * s;
                    ay += dy * s;
                    az += dz * s;
                }
                float vxi = vx[i] + ax * dt;
                float vyi = vy[i] + ay * dt;
                float vzi = vz[i] + az * dt;
                nvx[i] = vxi;
                nvy[i] = vyi;
                nvz[i] = vzi;
                nx[i] = xi + vxi * dt;
                ny[i] = yi + vyi * dt;
                nz[i] = zi + vzi * dt;
        });
    }

    /** The Aparapi form (as Aparapi's own N-body sample: one work-item per body, no local memory). */
    static final class NBodyKernel extends Kernel {
        final float[] x;
        final float[] y;
        final float[] z;
        final float[] m;
        final float[] vx;
        final float[] vy;
        final float[] vz;
        final float[] nx;
        final float[] ny;
        final float[] nz;
        final float[] nvx;
        final float[] nvy;
        final float[] nvz;
        final float dt;
        final float eps2;
        final int n;

        NBodyKernel(NBodyBench b) {
            this.x = b.x;
            this.y = b.y;
            this.z = b.z;
            this.m = b.m;
            this.vx = b.vx;
            this.vy = b.vy;
            this.vz = b.vz;
            this.nx = b.nx;
            this.ny = b.ny;
            this.nz = b.nz;
            this.nvx = b.nvx;
            this.nvy = b.nvy;
            this.nvz = b.nvz;
            this.dt = DT;
            this.eps2 = EPS2;
            this.n = b.n;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            float xi = x[i];
            float yi = y[i];
            float zi = z[i];
            float ax = 0f;
            float ay = 0f;
            float az = 0f;
            for (int j = 0; j < n; j++) {
                float dx = x[j] - xi;
                float dy = y[j] - yi;
                float dz = z[j] - zi;
                float d2 = dx * dx + dy * dy + dz * dz + eps2;
                float inv = 1.0f / (float) Math.sqrt(d2);
                float s = m[j] * inv * inv * inv;
                ax += dx * s;
                ay += dy * s;
                az += dz * s;
            }
            float vxi = vx[i] + ax * dt;
            float vyi = vy[i] + ay * dt;
            float vzi = vz[i] + az * dt;
            nvx[i] = vxi;
            nvy[i] = vyi;
            nvz[i] = vzi;
            nx[i] = xi + vxi * dt;
            ny[i] = yi + vyi * dt;
            nz[i] = zi + vzi * dt;
        }
    }

    /**
     * Aparapi's check. Its OpenCL C may contract any {@code a * b + c} and divides with OpenCL's default float
     * division (at most 2.5 ulps; its sqrt is the double one, correctly rounded, as Java's). Bound, with
     * u = 2^-24 and first-order error terms (the factor 2 of slack below covers the second-order ones): for body
     * i, component c, let T = sum over j of |d_c * s_j| (computed here in double). Per term: d_c is one
     * subtraction, the same on both sides; d2 is a sum of nonnegative terms through at most 6 roundings (fewer
     * when fused), so within gamma(6) ~ 6u of exact on each side; s = m (1 / sqrt(d2))^3 multiplies that
     * relative error by 3/2 (9u), and adds 3u for the sqrt's rounding, 3 * 5u for a 2.5-ulp division (3u when
     * correctly rounded), 3u for the three multiplications and u for d_c * s: under 31u per side, 62u between
     * the two sides; 128u is used. The sum over n terms is within gamma(n) T of exact in any evaluation (Higham,
     * Accuracy and Stability of Numerical Algorithms, (3.5)), so the accelerations differ by at most
     * dA = (2 gamma(n) + 128u) T. Then v' = v + a dt (fused or not): |dv'| <= 1.01 dA dt + 2 ulp(|v'| + |v|)
     * (each side's rounding(s), at most one ulp each of values below |v'| + |v| plus the difference), and
     * x' = x + v' dt: |dx'| <= 1.01 |dv'| dt + 2 ulp(|x'| + |x|). Prints how many floats differ from Java's
     * bits.
     */
    void checkAparapi(float[][] expected) {
        float[][] actual = {nx, ny, nz, nvx, nvy, nvz};
        float[][] before = {x, y, z, vx, vy, vz};
        double u = 0x1p-24;
        double gammaN = n * u / (1 - n * u);
        // the scales T, only for bodies whose results differ from Java's bits (in parallel: O(n^2))
        boolean[] differs = new boolean[n];
        int differ = 0;
        for (int a = 0; a < 6; a++) {
            for (int i = 0; i < n; i++) {
                if (Float.floatToIntBits(expected[a][i]) != Float.floatToIntBits(actual[a][i])) {
                    differ++;
                    differs[i] = true;
                }
            }
        }
        double[][] t = new double[3][n];
        IntStream.range(0, n).parallel().filter(i -> differs[i]).forEach(i -> {
            for (int j = 0; j < n; j++) {
                float dx = x[j] - x[i];
                float dy = y[j] - y[i];
                float dz = z[j] - z[i];
                double d2 = (double) dx * dx + (double) dy * dy + (double) dz * dz + EPS2;
                double s = m[j] / (d2 * Math.sqrt(d2));
                t[0][i] += Math.abs(dx * s);
                t[1][i] += Math.abs(dy * s);
                t[2][i] += Math.abs(dz * s);
            }
        });
        for (int i = 0; i < n; i++) {
            if (!differs[i]) {
                continue;
            }
            for (int c = 0; c < 3; c++) {
                float ev = expected[3 + c][i];
                float av = actual[3 + c][i];
                float ep = expected[c][i];
                float ap = actual[c][i];
                double dA = (2 * gammaN + 128 * u) * t[c][i];
                double dV = 1.01 * dA * DT + 2 * Math.ulp(Math.abs(ev) + Math.abs(before[3 + c][i]));
                if (!(Math.abs((double) av - ev) <= dV)) {
                    throw new IllegalStateException(NAME + ".aparapi body " + i + ", velocity " + c + ": " + av
                            + " where Java computes " + ev + ", more than the bound " + dV + " apart");
                }
                double dX = 1.01 * dV * DT + 2 * Math.ulp(Math.abs(ep) + Math.abs(before[c][i]));
                if (!(Math.abs((double) ap - ep) <= dX)) {
                    throw new IllegalStateException(NAME + ".aparapi body " + i + ", position " + c + ": " + ap
                            + " where Java computes " + ep + ", more than the bound " + dX + " apart");
                }
            }
        }
        if (differ > 0) {
            System.out.println("[bench] " + NAME + ".aparapi: " + differ + " of " + 6 * n
                    + " floats differ from Java's bits (fused multiply-add, division), all within the bound");
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        // A cube of side 2, small random velocities, masses in [0.5, 1.5) / n (total mass about 1).
        x = BenchSupport.randomFloats(40001, n, -1f, 1f);
        y = BenchSupport.randomFloats(40002, n, -1f, 1f);
        z = BenchSupport.randomFloats(40003, n, -1f, 1f);
        m = BenchSupport.randomFloats(40004, n, 0.5f / n, 1.5f / n);
        vx = BenchSupport.randomFloats(40005, n, -0.1f, 0.1f);
        vy = BenchSupport.randomFloats(40006, n, -0.1f, 0.1f);
        vz = BenchSupport.randomFloats(40007, n, -0.1f, 0.1f);
        nx = new float[n];
        ny = new float[n];
        nz = new float[n];
        nvx = new float[n];
        nvy = new float[n];
        nvz = new float[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[][] e = new float[6][n];
        step(x, y, z, m, vx, vy, vz, e[0], e[1], e[2], e[3], e[4], e[5], DT, EPS2);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size, () -> new TaskSchedule(NAME)
                        .task("step", NBodyBench::step, x, y, z, m, vx, vy, vz, nx, ny, nz, nvx, nvy, nvz, DT, EPS2));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "ferroclRelaxed":
                schedule = new TaskSchedule(NAME).relaxedMath(true)
                        .task("step", NBodyBench::step, x, y, z, m, vx, vy, vz, nx, ny, nz, nvx, nvy, nvz, DT, EPS2);
                schedule.execute();
                BenchSupport.onDevice(schedule);
                // relaxed: a * b + c may be contracted, as in Aparapi's kernel
                checkAparapi(e);
                return;
            case "opencl":
                kernel = OpenClKernel.build(null, OPENCL, "nbody", "-cl-fp32-correctly-rounded-divide-sqrt");
                opencl();
                break;
            case "aparapi":
                aparapi = new NBodyKernel(this);
                aparapi();
                checkAparapi(e);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        String[] names = {"x", "y", "z", "vx", "vy", "vz"};
        float[][] actual = {nx, ny, nz, nvx, nvy, nvz};
        for (int a = 0; a < 6; a++) {
            BenchSupport.checkExact(NAME + "." + variant + " new " + names[a], e[a], actual[a]);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (schedule != null) {
            schedule.close();
        }
        if (kernel != null) {
            kernel.close();
        }
        if (aparapi != null) {
            aparapi.dispose();
        }
        KernelTimes.flush();
    }

    // One sequential run of the larger size takes about 0.9 s; its inner loop is compiled (OSR) within the first
    // milliseconds of the first run, so no warmup iteration is needed.
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 2)
    public float[] sequential() {
        step(x, y, z, m, vx, vy, vz, nx, ny, nz, nvx, nvy, nvz, DT, EPS2);
        return nx;
    }

    @Benchmark
    public float[] parallelStreams() {
        stepStreams(x, y, z, m, vx, vy, vz, nx, ny, nz, nvx, nvy, nvz, DT, EPS2);
        return nx;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return nx;
    }

    /** Relaxed math (opt-in): {@code Math}'s functions as OpenCL's built-ins, contraction allowed. */
    @Benchmark
    public float[] ferroclRelaxed() {
        schedule.execute();
        KernelTimes.record(NAME, "ferroclRelaxed", size, schedule);
        return nx;
    }

    @Benchmark
    public float[] opencl() {
        long global = (n + TILE - 1) / TILE * TILE;
        long nanos = kernel.launch(new long[] {global}, new long[] {TILE}, OpenClKernel.readOnly(x),
                OpenClKernel.readOnly(y), OpenClKernel.readOnly(z), OpenClKernel.readOnly(m),
                OpenClKernel.readOnly(vx), OpenClKernel.readOnly(vy), OpenClKernel.readOnly(vz), OpenClKernel.writeOnly(nx), OpenClKernel.writeOnly(ny),
                OpenClKernel.writeOnly(nz), OpenClKernel.writeOnly(nvx), OpenClKernel.writeOnly(nvy),
                OpenClKernel.writeOnly(nvz), DT, EPS2, n, OpenClKernel.local(16L * TILE)).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return nx;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create(n));
        Aparapis.onOpenCl(NAME, aparapi);
        return nx;
    }
}

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
 * position are advanced by {@code dt} into new arrays. Bodies are stored as in OpenCL's float4 N-body samples:
 * {@code pos} holds x, y, z, mass and {@code vel} holds vx, vy, vz and an unused fourth float (copied through).
 * Per pair some twenty flops with a sqrt and a division; compute-bound. Sizes 16K and 32K bodies (one sequential
 * run of 32K takes about 0.9 s: the reference is sequential).
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
@Warmup(iterations = 2, time = 200, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = MILLISECONDS)
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

            __kernel void nbody(__global const float4 *restrict pos, __global const float4 *restrict vel,
                                __global float4 *restrict newPos, __global float4 *restrict newVel,
                                const float dt, const float eps2, const int n, __local float4 *tile) {
                int i = get_global_id(0);
                int lid = get_local_id(0);
                int tileSize = get_local_size(0);
                float4 p = i < n ? pos[i] : (float4) (0.0f);
                float ax = 0.0f;
                float ay = 0.0f;
                float az = 0.0f;
                for (int base = 0; base < n; base += tileSize) {
                    int j = base + lid;
                    tile[lid] = j < n ? pos[j] : (float4) (0.0f);
                    barrier(CLK_LOCAL_MEM_FENCE);
                    int count = min(tileSize, n - base);
                    for (int t = 0; t < count; t++) {
                        float4 q = tile[t];
                        float dx = q.x - p.x;
                        float dy = q.y - p.y;
                        float dz = q.z - p.z;
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
                    float4 v = vel[i];
                    float vx = v.x + ax * dt;
                    float vy = v.y + ay * dt;
                    float vz = v.z + az * dt;
                    newVel[i] = (float4) (vx, vy, vz, v.w);
                    newPos[i] = (float4) (p.x + vx * dt, p.y + vy * dt, p.z + vz * dt, p.w);
                }
            }
            """;

    @Param({"16384", "32768"})
    public String size;

    int n;
    float[] pos;
    float[] vel;
    float[] newPos;
    float[] newVel;
    TaskSchedule schedule;
    OpenClKernel kernel;
    NBodyKernel aparapi;

    /** The natural Ferrocl form (the sequential variant runs it on the JVM). */
    static void step(float[] pos, float[] vel, float[] newPos, float[] newVel, float dt, float eps2) {
        int n = pos.length / 4;
        for (@Parallel int i = 0; i < n; i++) {
            float xi = pos[4 * i];
            float yi = pos[4 * i + 1];
            float zi = pos[4 * i + 2];
            float ax = 0f;
            float ay = 0f;
            float az = 0f;
            for (int j = 0; j < n; j++) {
                float dx = pos[4 * j] - xi;
                float dy = pos[4 * j + 1] - yi;
                float dz = pos[4 * j + 2] - zi;
                float d2 = dx * dx + dy * dy + dz * dz + eps2;
                float inv = 1.0f / (float) Math.sqrt(d2);
                float s = pos[4 * j + 3] * inv * inv * inv;
                ax += dx * s;
                ay += dy * s;
                az += dz * s;
            }
            float vx = vel[4 * i] + ax * dt;
            float vy = vel[4 * i + 1] + ay * dt;
            float vz = vel[4 * i + 2] + az * dt;
            newVel[4 * i] = vx;
            newVel[4 * i + 1] = vy;
            newVel[4 * i + 2] = vz;
            newVel[4 * i + 3] = vel[4 * i + 3];
            newPos[4 * i] = xi + vx * dt;
            newPos[4 * i + 1] = yi + vy * dt;
            newPos[4 * i + 2] = zi + vz * dt;
            newPos[4 * i + 3] = pos[4 * i + 3];
        }
    }

    /** The same with parallel streams (all host cores). */
    static void stepStreams(float[] pos, float[] vel, float[] newPos, float[] newVel, float dt, float eps2) {
        int n = pos.length / 4;
        IntStream.range(0, n).parallel().forEach(i -> {
            float xi = pos[4 * i];
            float yi = pos[4 * i + 1];
            float zi = pos[4 * i + 2];
            float ax = 0f;
            float ay = 0f;
            float az = 0f;
            for (int j = 0; j < n; j++) {
                float dx = pos[4 * j] - xi;
                float dy = pos[4 * j + 1] - yi;
                float dz = pos[4 * j + 2] - zi;
                float d2 = dx * dx + dy * dy + dz * dz + eps2;
                float inv = 1.0f / (float) Math.sqrt(d2);
                float s = pos[4 * j + 3] * inv * inv * inv;
                ax += dx * s;
                ay += dy * s;
                az += dz * s;
            }
            float vx = vel[4 * i] + ax * dt;
            float vy = vel[4 * i + 1] + ay * dt;
            float vz = vel[4 * i + 2] + az * dt;
            newVel[4 * i] = vx;
            newVel[4 * i + 1] = vy;
            newVel[4 * i + 2] = vz;
            newVel[4 * i + 3] = vel[4 * i + 3];
            newPos[4 * i] = xi + vx * dt;
            newPos[4 * i + 1] = yi + vy * dt;
            newPos[4 * i + 2] = zi + vz * dt;
            newPos[4 * i + 3] = pos[4 * i + 3];
        });
    }

    /** The Aparapi form (as Aparapi's own N-body sample: one work-item per body, no local memory). */
    static final class NBodyKernel extends Kernel {
        final float[] pos;
        final float[] vel;
        final float[] newPos;
        final float[] newVel;
        final float dt;
        final float eps2;
        final int n;

        NBodyKernel(float[] pos, float[] vel, float[] newPos, float[] newVel, float dt, float eps2) {
            this.pos = pos;
            this.vel = vel;
            this.newPos = newPos;
            this.newVel = newVel;
            this.dt = dt;
            this.eps2 = eps2;
            this.n = pos.length / 4;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            float xi = pos[4 * i];
            float yi = pos[4 * i + 1];
            float zi = pos[4 * i + 2];
            float ax = 0f;
            float ay = 0f;
            float az = 0f;
            for (int j = 0; j < n; j++) {
                float dx = pos[4 * j] - xi;
                float dy = pos[4 * j + 1] - yi;
                float dz = pos[4 * j + 2] - zi;
                float d2 = dx * dx + dy * dy + dz * dz + eps2;
                float inv = 1.0f / (float) Math.sqrt(d2);
                float s = pos[4 * j + 3] * inv * inv * inv;
                ax += dx * s;
                ay += dy * s;
                az += dz * s;
            }
            float vx = vel[4 * i] + ax * dt;
            float vy = vel[4 * i + 1] + ay * dt;
            float vz = vel[4 * i + 2] + az * dt;
            newVel[4 * i] = vx;
            newVel[4 * i + 1] = vy;
            newVel[4 * i + 2] = vz;
            newVel[4 * i + 3] = vel[4 * i + 3];
            newPos[4 * i] = xi + vx * dt;
            newPos[4 * i + 1] = yi + vy * dt;
            newPos[4 * i + 2] = zi + vz * dt;
            newPos[4 * i + 3] = pos[4 * i + 3];
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
     * x' = x + v' dt: |dx'| <= 1.01 |dv'| dt + 2 ulp(|x'| + |x|). Masses and the unused fourth floats must be
     * copied exactly. Prints how many floats differ from Java's bits.
     */
    void checkAparapi(float[] expectedPos, float[] expectedVel) {
        double u = 0x1p-24;
        double gammaN = n * u / (1 - n * u);
        // the scales T, only for bodies whose results differ from Java's bits (in parallel: O(n^2))
        boolean[] differs = new boolean[n];
        int differ = 0;
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 4; c++) {
                int k = 4 * i + c;
                boolean v = Float.floatToIntBits(expectedVel[k]) != Float.floatToIntBits(newVel[k]);
                boolean p = Float.floatToIntBits(expectedPos[k]) != Float.floatToIntBits(newPos[k]);
                differ += (v ? 1 : 0) + (p ? 1 : 0);
                differs[i] |= v || p;
            }
        }
        double[] t = new double[3 * n];
        IntStream.range(0, n).parallel().filter(i -> differs[i]).forEach(i -> {
            float xi = pos[4 * i];
            float yi = pos[4 * i + 1];
            float zi = pos[4 * i + 2];
            for (int j = 0; j < n; j++) {
                float dx = pos[4 * j] - xi;
                float dy = pos[4 * j + 1] - yi;
                float dz = pos[4 * j + 2] - zi;
                double d2 = (double) dx * dx + (double) dy * dy + (double) dz * dz + EPS2;
                double s = pos[4 * j + 3] / (d2 * Math.sqrt(d2));
                t[3 * i] += Math.abs(dx * s);
                t[3 * i + 1] += Math.abs(dy * s);
                t[3 * i + 2] += Math.abs(dz * s);
            }
        });
        for (int i = 0; i < n; i++) {
            if (!differs[i]) {
                continue;
            }
            String what = NAME + ".aparapi body " + i;
            if (Float.floatToIntBits(expectedPos[4 * i + 3]) != Float.floatToIntBits(newPos[4 * i + 3])
                    || Float.floatToIntBits(expectedVel[4 * i + 3]) != Float.floatToIntBits(newVel[4 * i + 3])) {
                throw new IllegalStateException(what + ": the mass or the fourth velocity float was not copied");
            }
            for (int c = 0; c < 3; c++) {
                int k = 4 * i + c;
                double dA = (2 * gammaN + 128 * u) * t[3 * i + c];
                double dV = 1.01 * dA * DT + 2 * Math.ulp(Math.abs(expectedVel[k]) + Math.abs(vel[k]));
                if (!(Math.abs((double) newVel[k] - expectedVel[k]) <= dV)) {
                    throw new IllegalStateException(what + ", velocity " + c + ": " + newVel[k]
                            + " where Java computes " + expectedVel[k] + ", more than the bound " + dV + " apart");
                }
                double dX = 1.01 * dV * DT + 2 * Math.ulp(Math.abs(expectedPos[k]) + Math.abs(pos[k]));
                if (!(Math.abs((double) newPos[k] - expectedPos[k]) <= dX)) {
                    throw new IllegalStateException(what + ", position " + c + ": " + newPos[k]
                            + " where Java computes " + expectedPos[k] + ", more than the bound " + dX + " apart");
                }
            }
        }
        if (differ > 0) {
            System.out.println("[bench] " + NAME + ".aparapi: " + differ + " of " + 8 * n
                    + " floats differ from Java's bits (fused multiply-add, division), all within the bound");
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE);
        // A cube of side 2 at rest-ish, masses in [0.5, 1.5) / n (total mass about 1).
        float[] coords = BenchSupport.randomFloats(40001, 3 * n, -1f, 1f);
        float[] masses = BenchSupport.randomFloats(40002, n, 0.5f / n, 1.5f / n);
        float[] speeds = BenchSupport.randomFloats(40003, 3 * n, -0.1f, 0.1f);
        pos = new float[4 * n];
        vel = new float[4 * n];
        for (int i = 0; i < n; i++) {
            pos[4 * i] = coords[3 * i];
            pos[4 * i + 1] = coords[3 * i + 1];
            pos[4 * i + 2] = coords[3 * i + 2];
            pos[4 * i + 3] = masses[i];
            vel[4 * i] = speeds[3 * i];
            vel[4 * i + 1] = speeds[3 * i + 1];
            vel[4 * i + 2] = speeds[3 * i + 2];
            vel[4 * i + 3] = 0f;
        }
        newPos = new float[4 * n];
        newVel = new float[4 * n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        float[] expectedPos = new float[4 * n];
        float[] expectedVel = new float[4 * n];
        step(pos, vel, expectedPos, expectedVel, DT, EPS2);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size, () -> new TaskSchedule(NAME)
                        .task("step", NBodyBench::step, pos, vel, newPos, newVel, DT, EPS2));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(null, OPENCL, "nbody", "-cl-fp32-correctly-rounded-divide-sqrt");
                opencl();
                break;
            case "aparapi":
                aparapi = new NBodyKernel(pos, vel, newPos, newVel, DT, EPS2);
                aparapi();
                checkAparapi(expectedPos, expectedVel);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant + " positions", expectedPos, newPos);
        BenchSupport.checkExact(NAME + "." + variant + " velocities", expectedVel, newVel);
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
        step(pos, vel, newPos, newVel, DT, EPS2);
        return newPos;
    }

    @Benchmark
    public float[] parallelStreams() {
        stepStreams(pos, vel, newPos, newVel, DT, EPS2);
        return newPos;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return newPos;
    }

    @Benchmark
    public float[] opencl() {
        long global = (n + TILE - 1) / TILE * TILE;
        long nanos = kernel.launch(new long[] {global}, new long[] {TILE}, OpenClKernel.readOnly(pos),
                OpenClKernel.readOnly(vel), newPos, newVel, DT, EPS2, n, OpenClKernel.local(16L * TILE))
                .kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos);
        return newPos;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create(n));
        Aparapis.onOpenCl(NAME, aparapi);
        return newPos;
    }
}

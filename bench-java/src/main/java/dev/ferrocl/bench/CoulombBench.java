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
 * Coulombic potential, float: direct Coulomb summation (the "DCS" kernel of Stone et al., "Accelerating molecular
 * modeling applications with graphics processors", 2007) over one slice of a lattice: at every point of a
 * {@code size x size} grid (spacing 0.5 A) in the plane z = 10 A, the sum over all 4096 atoms of
 * {@code q / r}. A 2-D parallel nest (rows, then points of a row); per atom three subtractions, a sqrt and a
 * division; compute-bound. Atoms are stored as Java code would hold them, one array per coordinate and one of
 * charges (an array of x, y, z, q quadruples, as DCS's float4 has it, makes the JVM's loop about 4 times
 * slower), uniformly at random in the box above the grid, 20 A deep, with charges in [-1, 1). Sizes: 512^2 and
 * 1024^2 points.
 *
 * <p>One sequential run of 1024^2 takes about 2.5 s, and every trial would pay it for the reference, so the reference
 * is the parallel-streams method (the same per-point Java arithmetic; the sequential variant's own check, in tearDown
 * after its measured call, compares the two). Everything is IEEE {@code + - * /} and {@code sqrt}, so results are
 * compared bit for bit; the hand-written kernel turns contraction off and builds with
 * {@code -cl-fp32-correctly-rounded-divide-sqrt}. Aparapi's OpenCL C can do neither, so its result is checked against
 * a rounding-error bound instead ({@link #checkAparapi}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class CoulombBench {
    static final String NAME = "Coulomb";
    static final int SMOKE = 64;
    static final int ATOMS = 4096;
    static final int SMOKE_ATOMS = 256;
    static final float SPACING = 0.5f;
    static final float PLANE_Z = 10f;
    static final float DEPTH = 20f;

    /** The same computation in OpenCL C: a 2-D NDRange, one work-item per lattice point. */
    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF

            __kernel void coulomb(__global const float *restrict ax, __global const float *restrict ay,
                                  __global const float *restrict az, __global const float *restrict q,
                                  __global float *restrict energy, const int width, const int height,
                                  const float spacing, const float z, const int natoms) {
                int gx = get_global_id(0);
                int gy = get_global_id(1);
                if (gx >= width || gy >= height) {
                    return;
                }
                float x = gx * spacing;
                float y = gy * spacing;
                float e = 0.0f;
                for (int a = 0; a < natoms; a++) {
                    float dx = x - ax[a];
                    float dy = y - ay[a];
                    float dz = z - az[a];
                    e += q[a] / sqrt(dx * dx + dy * dy + dz * dz);
                }
                energy[gy * width + gx] = e;
            }
            """;

    @Param({"512", "1024"})
    public String size;

    int width;
    int natoms;
    float[] ax;
    float[] ay;
    float[] az;
    float[] q;
    float[] energy;
    /** The sequential variant's reference, checked in tearDown against its measured call's result. */
    float[] sequentialExpected;
    TaskSchedule schedule;
    OpenClKernel kernel;
    CoulombKernel aparapi;

    /** The natural Ferrocl form: a 2-D nest (the sequential variant runs it on the JVM). */
    static void coulomb(float[] ax, float[] ay, float[] az, float[] q, float[] energy, int width, int height,
            float spacing, float z) {
        int natoms = q.length;
        for (@Parallel int gy = 0; gy < height; gy++) {
            for (@Parallel int gx = 0; gx < width; gx++) {
                float x = gx * spacing;
                float y = gy * spacing;
                float e = 0f;
                for (int a = 0; a < natoms; a++) {
                    float dx = x - ax[a];
                    float dy = y - ay[a];
                    float dz = z - az[a];
                    e += q[a] / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
                }
                energy[gy * width + gx] = e;
            }
        }
    }

    /** The same with parallel streams over the rows (all host cores). */
    static void coulombStreams(float[] ax, float[] ay, float[] az, float[] q, float[] energy, int width,
            int height, float spacing, float z) {
        int natoms = q.length;
        IntStream.range(0, height).parallel().forEach(gy -> {
            for (int gx = 0; gx < width; gx++) {
                float x = gx * spacing;
                float y = gy * spacing;
                float e = 0f;
                for (int a = 0; a < natoms; a++) {
                    float dx = x - ax[a];
                    float dy = y - ay[a];
                    float dz = z - az[a];
                    e += q[a] / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
                }
                energy[gy * width + gx] = e;
            }
        });
    }

    /** The Aparapi form, over a 2-D range. */
    static final class CoulombKernel extends Kernel {
        final float[] ax;
        final float[] ay;
        final float[] az;
        final float[] q;
        final float[] energy;
        final int width;
        final float spacing;
        final float z;
        final int natoms;

        CoulombKernel(float[] ax, float[] ay, float[] az, float[] q, float[] energy, int width, float spacing,
                float z) {
            this.ax = ax;
            this.ay = ay;
            this.az = az;
            this.q = q;
            this.energy = energy;
            this.width = width;
            this.spacing = spacing;
            this.z = z;
            this.natoms = q.length;
        }

        @Override
        public void run() {
            int gx = getGlobalId(0);
            int gy = getGlobalId(1);
            float x = gx * spacing;
            float y = gy * spacing;
            float e = 0f;
            for (int a = 0; a < natoms; a++) {
                float dx = x - ax[a];
                float dy = y - ay[a];
                float dz = z - az[a];
                e += q[a] / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
            energy[gy * width + gx] = e;
        }
    }

    /**
     * Aparapi's check. Its OpenCL C may contract any multiply-add (also {@code gx * spacing - atom.x}, fusing the
     * lattice coordinate into the subtraction) and divides with OpenCL's default float division (at most 2.5
     * ulps; its sqrt is the double one, correctly rounded, as Java's). Bound, with u = 2^-24, first-order terms and
     * a factor of about 2 of slack for the rest: for lattice point i let S = sum over atoms of |q| / r and
     * S2 = sum of |q| / r^2 (computed here in double). The differences dx, dy may differ by at most
     * delta = 2 ulp(C), C the largest coordinate (a fused and an unfused {@code x - a} each round once or twice,
     * by at most half an ulp of values below C); dz is one subtraction on both sides. So r (1-Lipschitz in the
     * difference vector) moves by at most sqrt(3) delta, and q / r relatively by sqrt(3) delta / r; 2 sqrt(3) is
     * used. Then r^2 is a sum of nonnegative terms through at most 5 roundings (gamma(5) ~ 5u relative on each
     * side, 2.5u after the sqrt), the sqrt rounds to float (u), the division rounds (u in Java, 5u for 2.5 ulps):
     * under 13u between the sides per term; 32u is used. The sum of the natoms terms is within gamma(natoms) S of
     * exact in any evaluation (Higham, Accuracy and Stability of Numerical Algorithms, (3.5)). So
     * |dE| <= (2 gamma(natoms) + 32u) S + 2 sqrt(3) delta S2. Prints how many points differ from Java's bits.
     */
    void checkAparapi(float[] expected) {
        int points = width * width;
        double u = 0x1p-24;
        double gamma = natoms * u / (1 - natoms * u);
        double delta = 2 * Math.ulp(width * SPACING); // lattice and atom x, y lie in [0, width * SPACING]
        boolean[] differs = new boolean[points];
        int differ = 0;
        for (int k = 0; k < points; k++) {
            differs[k] = Float.floatToIntBits(expected[k]) != Float.floatToIntBits(energy[k]);
            differ += differs[k] ? 1 : 0;
        }
        if (differ == 0) {
            return;
        }
        double[] bound = new double[points];
        IntStream.range(0, points).parallel().filter(k -> differs[k]).forEach(k -> {
            float x = (k % width) * SPACING;
            float y = (k / width) * SPACING;
            double s = 0;
            double s2 = 0;
            for (int a = 0; a < natoms; a++) {
                double dx = x - ax[a];
                double dy = y - ay[a];
                double dz = PLANE_Z - az[a];
                double r2 = dx * dx + dy * dy + dz * dz;
                double charge = Math.abs(q[a]);
                s += charge / Math.sqrt(r2);
                s2 += charge / r2;
            }
            bound[k] = (2 * gamma + 32 * u) * s + 2 * Math.sqrt(3) * delta * s2;
        });
        for (int k = 0; k < points; k++) {
            if (differs[k] && !(Math.abs((double) energy[k] - expected[k]) <= bound[k])) {
                throw new IllegalStateException(NAME + ".aparapi: point " + k + " of " + points + " is " + energy[k]
                        + " where Java computes " + expected[k] + ", more than the bound " + bound[k] + " apart");
            }
        }
        System.out.println("[bench] " + NAME + ".aparapi: " + differ + " of " + points
                + " points differ from Java's bits (fused multiply-add, division), all within the bound");
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        width = BenchSupport.size(size, SMOKE);
        natoms = "smoke".equals(size) ? SMOKE_ATOMS : ATOMS;
        float side = width * SPACING;
        ax = BenchSupport.randomFloats(50001, natoms, 0f, side);
        ay = BenchSupport.randomFloats(50002, natoms, 0f, side);
        az = BenchSupport.randomFloats(50003, natoms, 0f, DEPTH);
        q = BenchSupport.randomFloats(50004, natoms, -1f, 1f);
        energy = new float[width * width];
        String variant = BenchSupport.variant(params);
        float[] expected = new float[width * width];
        coulombStreams(ax, ay, az, q, expected, width, width, SPACING, PLANE_Z); // the reference: see the class comment
        switch (variant) {
            case "sequential":
                sequentialExpected = expected; // checked in tearDown, after the measured call
                return;
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size, () -> new TaskSchedule(NAME)
                        .task("coulomb", CoulombBench::coulomb, ax, ay, az, q, energy, width, width, SPACING,
                                PLANE_Z));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "ferroclRelaxed":
                schedule = new TaskSchedule(NAME).relaxedMath(true)
                        .task("coulomb", CoulombBench::coulomb, ax, ay, az, q, energy, width, width, SPACING,
                                PLANE_Z);
                schedule.execute();
                BenchSupport.onDevice(schedule);
                // relaxed: a * b + c may be contracted, as in Aparapi's kernel
                checkAparapi(expected);
                return;
            case "opencl":
                kernel = OpenClKernel.build(null, OPENCL, "coulomb", "-cl-fp32-correctly-rounded-divide-sqrt");
                opencl();
                break;
            case "aparapi":
                aparapi = new CoulombKernel(ax, ay, az, q, energy, width, SPACING, PLANE_Z);
                aparapi();
                checkAparapi(expected);
                return;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        BenchSupport.checkExact(NAME + "." + variant, expected, energy);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (sequentialExpected != null) {
            BenchSupport.checkExact(NAME + ".sequential", sequentialExpected, energy);
        }
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

    // One sequential run of the larger size takes about 6 s on the H100 host (2.5 s elsewhere): one measured call, no
    // warmup (the GPU run's time budget; in its one JVM per class the larger size runs after the smaller one, so the
    // loop is already compiled). Its check against the reference (bit for bit: the same Java arithmetic) runs in
    // tearDown, on that call's result.
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[] sequential() {
        coulomb(ax, ay, az, q, energy, width, width, SPACING, PLANE_Z);
        return energy;
    }

    @Benchmark
    public float[] parallelStreams() {
        coulombStreams(ax, ay, az, q, energy, width, width, SPACING, PLANE_Z);
        return energy;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return energy;
    }

    /** Relaxed math (opt-in): {@code Math}'s functions as OpenCL's built-ins, contraction allowed. */
    @Benchmark
    public float[] ferroclRelaxed() {
        schedule.execute();
        KernelTimes.record(NAME, "ferroclRelaxed", size, schedule);
        return energy;
    }

    @Benchmark
    public float[] opencl() {
        long local = 16;
        long global = (width + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global, global}, new long[] {local, local},
                OpenClKernel.readOnly(ax), OpenClKernel.readOnly(ay), OpenClKernel.readOnly(az),
                OpenClKernel.readOnly(q), OpenClKernel.writeOnly(energy), width, width, SPACING, PLANE_Z, natoms).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return energy;
    }

    @Benchmark
    public float[] aparapi() {
        aparapi.execute(Range.create2D(width, width));
        Aparapis.onOpenCl(NAME, aparapi);
        return energy;
    }
}

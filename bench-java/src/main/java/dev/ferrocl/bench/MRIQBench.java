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
 * MRI-Q (Parboil; seed paper 003), float: the Q matrix of non-Cartesian MRI reconstruction. First the squared
 * magnitude of each of the {@code numK} k-space samples, then for each of the {@code numX} voxels a sum over all
 * samples of {@code phiMag * cos(2 pi k.x)} and {@code phiMag * sin(2 pi k.x)}: two parallel loops one after the
 * other (two kernels), the second compute-bound. The Java code is the test suite's {@code Seed003Kernels.mriqPhiMag}
 * and {@code mriqQ} as one method. Sizes: {@code numX} = 16 384 and 32 768 voxels with {@code numK} = 3072 samples
 * (Parboil's "small" data set and seed 003's size are 32K x 3K).
 *
 * <p>One sequential run of 32K x 3K takes about 1.6 s, and every trial would pay it for the reference, so the reference
 * is the parallel-streams method (the same per-element Java arithmetic; the sequential variant's own check, in tearDown
 * after its measured call, compares the two). {@code phiMag} is compared bit for bit; {@code Qr} and {@code Qi} go
 * through {@code cos} and {@code sin} and are compared within a tolerance ({@link #tolerance}).
 *
 * <p>Java has no float cosine: the Java code (and so Ferrocl's and Aparapi's kernels) computes
 * {@code (float) Math.cos(arg)} in double and rounds it, while the hand-written kernel uses OpenCL's float
 * {@code cos} and {@code sin}, as Parboil's MRI-Q does, which is what a GPU engineer would write. The
 * Ferrocl / hand-written ratio therefore includes the cost of double-precision sine and cosine.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class MRIQBench {
    static final String NAME = "MRIQ";
    static final int SMOKE = 512;
    static final int SMOKE_K = 128;
    static final int NUM_K = 3072;

    /** 2 pi as a float (6.2831854820251465; the OpenCL C below spells it out). */
    static final float TWO_PI_F = (float) (2 * Math.PI);

    /** The same computation in OpenCL C: two kernels, one work-item per sample, then one per voxel. */
    static final String OPENCL = """
            #pragma OPENCL FP_CONTRACT OFF

            __kernel void phiMag(__global const float *restrict phiR, __global const float *restrict phiI,
                                 __global float *restrict phiMag, const int numK) {
                int k = get_global_id(0);
                if (k < numK) {
                    float re = phiR[k];
                    float im = phiI[k];
                    phiMag[k] = re * re + im * im;
                }
            }

            __kernel void computeQ(__global const float *restrict kx, __global const float *restrict ky,
                                   __global const float *restrict kz, __global const float *restrict x,
                                   __global const float *restrict y, __global const float *restrict z,
                                   __global const float *restrict phiMag, __global float *restrict qr,
                                   __global float *restrict qi, const int numK, const int numX) {
                int i = get_global_id(0);
                if (i >= numX) {
                    return;
                }
                float xi = x[i];
                float yi = y[i];
                float zi = z[i];
                float sumR = 0.0f;
                float sumI = 0.0f;
                for (int j = 0; j < numK; j++) {
                    float arg = 6.2831854820251465f * (kx[j] * xi + ky[j] * yi + kz[j] * zi);
                    float m = phiMag[j];
                    sumR += m * cos(arg);
                    sumI += m * sin(arg);
                }
                qr[i] = sumR;
                qi[i] = sumI;
            }
            """;

    @Param({"16384", "32768"})
    public String size;

    int numX;
    int numK;
    float[] kx;
    float[] ky;
    float[] kz;
    float[] x;
    float[] y;
    float[] z;
    float[] phiR;
    float[] phiI;
    float[] phiMag;
    float[] qr;
    float[] qi;
    /** The sequential variant's reference, checked in tearDown against its measured call's result. */
    float[][] sequentialExpected;
    TaskSchedule schedule;
    OpenClKernel phiMagKernel;
    OpenClKernel qKernel;
    PhiMagKernel aparapiPhiMag;
    QKernel aparapiQ;

    /** The natural Ferrocl form: two parallel loops, run in order (the sequential variant runs it on the JVM). */
    static void mriq(float[] kx, float[] ky, float[] kz, float[] x, float[] y, float[] z, float[] phiR,
            float[] phiI, float[] phiMag, float[] qr, float[] qi) {
        for (@Parallel int k = 0; k < phiMag.length; k++) {
            phiMag[k] = phiR[k] * phiR[k] + phiI[k] * phiI[k];
        }
        for (@Parallel int i = 0; i < qr.length; i++) {
            float sumR = 0f;
            float sumI = 0f;
            for (int j = 0; j < phiMag.length; j++) {
                float arg = TWO_PI_F * (kx[j] * x[i] + ky[j] * y[i] + kz[j] * z[i]);
                sumR += phiMag[j] * (float) Math.cos(arg);
                sumI += phiMag[j] * (float) Math.sin(arg);
            }
            qr[i] = sumR;
            qi[i] = sumI;
        }
    }

    /** The same with parallel streams (all host cores). */
    static void mriqStreams(float[] kx, float[] ky, float[] kz, float[] x, float[] y, float[] z, float[] phiR,
            float[] phiI, float[] phiMag, float[] qr, float[] qi) {
        IntStream.range(0, phiMag.length).parallel().forEach(k -> {
            phiMag[k] = phiR[k] * phiR[k] + phiI[k] * phiI[k];
        });
        IntStream.range(0, qr.length).parallel().forEach(i -> {
            float sumR = 0f;
            float sumI = 0f;
            for (int j = 0; j < phiMag.length; j++) {
                float arg = TWO_PI_F * (kx[j] * x[i] + ky[j] * y[i] + kz[j] * z[i]);
                sumR += phiMag[j] * (float) Math.cos(arg);
                sumI += phiMag[j] * (float) Math.sin(arg);
            }
            qr[i] = sumR;
            qi[i] = sumI;
        });
    }

    /** The Aparapi form, first kernel. */
    static final class PhiMagKernel extends Kernel {
        final float[] phiR;
        final float[] phiI;
        final float[] phiMag;

        PhiMagKernel(float[] phiR, float[] phiI, float[] phiMag) {
            this.phiR = phiR;
            this.phiI = phiI;
            this.phiMag = phiMag;
        }

        @Override
        public void run() {
            int k = getGlobalId();
            phiMag[k] = phiR[k] * phiR[k] + phiI[k] * phiI[k];
        }
    }

    /** The Aparapi form, second kernel. */
    static final class QKernel extends Kernel {
        final float[] kx;
        final float[] ky;
        final float[] kz;
        final float[] x;
        final float[] y;
        final float[] z;
        final float[] phiMag;
        final float[] qr;
        final float[] qi;
        final int numK;

        QKernel(float[] kx, float[] ky, float[] kz, float[] x, float[] y, float[] z, float[] phiMag, float[] qr,
                float[] qi) {
            this.kx = kx;
            this.ky = ky;
            this.kz = kz;
            this.x = x;
            this.y = y;
            this.z = z;
            this.phiMag = phiMag;
            this.qr = qr;
            this.qi = qi;
            this.numK = phiMag.length;
        }

        @Override
        public void run() {
            int i = getGlobalId();
            float sumR = 0f;
            float sumI = 0f;
            for (int j = 0; j < numK; j++) {
                float arg = TWO_PI_F * (kx[j] * x[i] + ky[j] * y[i] + kz[j] * z[i]);
                sumR += phiMag[j] * (float) Math.cos(arg);
                sumI += phiMag[j] * (float) Math.sin(arg);
            }
            qr[i] = sumR;
            qi[i] = sumI;
        }
    }

    /**
     * Absolute tolerance for Qr and Qi: (numK + 300) float ulps of 1.001 S, S = the sum of phiMag (all
     * nonnegative). Derivation (Seed003Test.mriqQ has the 2-ulp case): every partial sum of {@code phiMag[j] *
     * cos(arg)} is at most S in magnitude (|cos| <= 1), 1.001 S with roundings. Java's {@code (float) Math.cos}
     * is within about half a float ulp of exact, Ferrocl's likewise, OpenCL's float {@code cos}/{@code sin}
     * (hand-written kernel) within 4 ulps: they differ by at most 4.5 ulps of a value <= 1, i.e. 4.5 * 2^-23.
     * With contraction off (Ferrocl, hand-written) the argument is the same float on every side; Aparapi's
     * OpenCL C may fuse the products of {@code kx * x + ky * y + kz * z} (|products| <= 4, |sum| <= 12 for
     * k in [-8, 8), x in [-0.5, 0.5)), moving that sum by at most about 3 * 2^-21 and, after the multiplication
     * by 2 pi and its rounding (|arg| < 76, ulp 2^-17), the argument by at most 1.7e-5, hence cos and sin by
     * at most 1.7e-5 < 143 * 2^-23. So a term {@code phiMag[j] * cos} differs by at most
     * (143 + 1) * 2^-23 * phiMag[j] with both sides' roundings of the product, and all terms together by
     * 144 * 2^-23 * S < 288 ulp(S) (an ulp of v exceeds 2^-24 v). A difference in an operand carries through an
     * addition unchanged, and each of the numK additions may add one ulp of its partial sum (both sides' half
     * ulps, fused with the product or not): numK ulps of 1.001 S more. Qr and Qi are sums of oscillating terms
     * with much cancellation, so the bound is in ulps of S, not of the result.
     */
    double tolerance() {
        double sum = 0;
        for (float m : phiMag) {
            sum += m;
        }
        return (numK + 300) * (double) Math.ulp((float) (1.001 * sum));
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        numX = BenchSupport.size(size, SMOKE);
        numK = "smoke".equals(size) ? SMOKE_K : NUM_K;
        kx = BenchSupport.randomFloats(30040, numK, -8, 8);
        ky = BenchSupport.randomFloats(30041, numK, -8, 8);
        kz = BenchSupport.randomFloats(30042, numK, -8, 8);
        x = BenchSupport.randomFloats(30043, numX, -0.5f, 0.5f);
        y = BenchSupport.randomFloats(30044, numX, -0.5f, 0.5f);
        z = BenchSupport.randomFloats(30045, numX, -0.5f, 0.5f);
        phiR = BenchSupport.randomFloats(30046, numK, -1, 1);
        phiI = BenchSupport.randomFloats(30047, numK, -1, 1);
        phiMag = new float[numK];
        qr = new float[numX];
        qi = new float[numX];
        String variant = BenchSupport.variant(params);
        float[] expectedMag = new float[numK];
        float[] expectedR = new float[numX];
        float[] expectedI = new float[numX];
        // the reference: see the class comment
        mriqStreams(kx, ky, kz, x, y, z, phiR, phiI, expectedMag, expectedR, expectedI);
        String what = NAME + "." + variant;
        switch (variant) {
            case "sequential":
                // checked in tearDown, after the measured call
                sequentialExpected = new float[][] {expectedMag, expectedR, expectedI};
                return;
            case "parallelStreams":
                parallelStreams();
                // the same Java arithmetic on the same JVM: bit for bit
                BenchSupport.checkExact(what + " phiMag", expectedMag, phiMag);
                BenchSupport.checkExact(what + " Qr", expectedR, qr);
                BenchSupport.checkExact(what + " Qi", expectedI, qi);
                return;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size, () -> new TaskSchedule(NAME)
                        .task("mriq", MRIQBench::mriq, kx, ky, kz, x, y, z, phiR, phiI, phiMag, qr, qi));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                BenchSupport.checkExact(what + " phiMag", expectedMag, phiMag);
                break;
            case "ferroclRelaxed":
                schedule = new TaskSchedule(NAME).relaxedMath(true)
                        .task("mriq", MRIQBench::mriq, kx, ky, kz, x, y, z, phiR, phiI, phiMag, qr, qi);
                schedule.execute();
                BenchSupport.onDevice(schedule);
                // relaxed: float built-ins (as the hand-written kernel's) and contraction (as Aparapi's)
                BenchSupport.checkContracted(what + " phiMag", expectedMag, phiMag, 3);
                break;
            case "opencl":
                phiMagKernel = OpenClKernel.build(OPENCL, "phiMag");
                qKernel = OpenClKernel.build(OPENCL, "computeQ");
                opencl();
                BenchSupport.checkExact(what + " phiMag", expectedMag, phiMag);
                break;
            case "aparapi":
                aparapiPhiMag = new PhiMagKernel(phiR, phiI, phiMag);
                aparapiQ = new QKernel(kx, ky, kz, x, y, z, phiMag, qr, qi);
                aparapi();
                // Aparapi's OpenCL C leaves FP_CONTRACT on: re * re + im * im may be a fused multiply-add.
                BenchSupport.checkContracted(what + " phiMag", expectedMag, phiMag, 3);
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        double tol = tolerance();
        BenchSupport.checkClose(what + " Qr", expectedR, qr, 0, tol);
        BenchSupport.checkClose(what + " Qi", expectedI, qi, 0, tol);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (sequentialExpected != null) {
            // the same Java arithmetic on the same JVM: bit for bit
            BenchSupport.checkExact(NAME + ".sequential phiMag", sequentialExpected[0], phiMag);
            BenchSupport.checkExact(NAME + ".sequential Qr", sequentialExpected[1], qr);
            BenchSupport.checkExact(NAME + ".sequential Qi", sequentialExpected[2], qi);
        }
        if (schedule != null) {
            schedule.close();
        }
        if (phiMagKernel != null) {
            phiMagKernel.close();
        }
        if (qKernel != null) {
            qKernel.close();
        }
        if (aparapiPhiMag != null) {
            aparapiPhiMag.dispose();
        }
        if (aparapiQ != null) {
            aparapiQ.dispose();
        }
        KernelTimes.flush();
    }

    // One sequential run of the larger size takes about 3.8 s on the H100 host: one measured call, no warmup (the GPU
    // run's time budget; in its one JVM per class the larger size runs after the smaller one, so the loop is already
    // compiled). Its check against the reference (bit for bit: the same Java arithmetic) runs in tearDown, on that
    // call's result.
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public float[] sequential() {
        mriq(kx, ky, kz, x, y, z, phiR, phiI, phiMag, qr, qi);
        return qr;
    }

    @Benchmark
    public float[] parallelStreams() {
        mriqStreams(kx, ky, kz, x, y, z, phiR, phiI, phiMag, qr, qi);
        return qr;
    }

    @Benchmark
    public float[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return qr;
    }

    /** Relaxed math (opt-in): {@code Math}'s functions as OpenCL's built-ins, contraction allowed. */
    @Benchmark
    public float[] ferroclRelaxed() {
        schedule.execute();
        KernelTimes.record(NAME, "ferroclRelaxed", size, schedule);
        return qr;
    }

    @Benchmark
    public float[] opencl() {
        long local = 256;
        long nanos = phiMagKernel.launch(new long[] {(numK + local - 1) / local * local}, new long[] {local},
                OpenClKernel.readOnly(phiR), OpenClKernel.readOnly(phiI), OpenClKernel.writeOnly(phiMag), numK).kernelNanos();
        nanos += qKernel.launch(new long[] {(numX + local - 1) / local * local}, new long[] {local},
                OpenClKernel.readOnly(kx), OpenClKernel.readOnly(ky), OpenClKernel.readOnly(kz),
                OpenClKernel.readOnly(x), OpenClKernel.readOnly(y), OpenClKernel.readOnly(z),
                OpenClKernel.readOnly(phiMag), OpenClKernel.writeOnly(qr), OpenClKernel.writeOnly(qi), numK, numX).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, phiMagKernel, qKernel);
        return qr;
    }

    @Benchmark
    public float[] aparapi() {
        aparapiPhiMag.execute(Range.create(numK));
        Aparapis.onOpenCl(NAME, aparapiPhiMag);
        aparapiQ.execute(Range.create(numX));
        Aparapis.onOpenCl(NAME, aparapiQ);
        return qr;
    }
}

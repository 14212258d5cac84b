package dev.ferrocl.bench;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import com.aparapi.Kernel;
import com.aparapi.Range;
import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import java.util.SplittableRandom;
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
 * Crypt: IDEA encryption (Java Grande's Crypt, seed paper 003's Crypt) of {@code n} bytes in 8-byte blocks with
 * 52 16-bit subkeys: per block 8 rounds of 16-bit multiplications modulo 2^16 + 1, additions and xors; integer
 * only, so every variant is checked bit for bit. The Java code is the test suite's
 * {@code Seed003Kernels.idea}. Sizes 4 MiB and 16 MiB (seed 003 uses 2^24 bytes; Java Grande's sizes are 3, 20
 * and 50 MB); one sequential run of 16 MiB takes about 0.15 s, so the reference is sequential. The Java
 * reference is checked once against IDEA's published test vector.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 100, timeUnit = MILLISECONDS)
@Measurement(iterations = 5, time = 100, timeUnit = MILLISECONDS)
public class CryptBench {
    static final String NAME = "Crypt";
    static final int SMOKE = 8192;

    /** The same computation in OpenCL C: one work-item per 8-byte block, the subkeys in constant memory. */
    static final String OPENCL = """
            // IDEA's multiplication modulo 2^16 + 1 of two 16-bit words, 0 standing for 2^16.
            uint ideaMul(uint a, uint b) {
                if (a == 0) {
                    return (1 - b) & 0xffff;
                }
                if (b == 0) {
                    return (1 - a) & 0xffff;
                }
                uint p = a * b;
                uint lo = p & 0xffff;
                uint hi = p >> 16;
                return (lo - hi + (lo < hi ? 1 : 0)) & 0xffff;
            }

            __kernel void idea(__global const uchar *in, __global uchar *out, __constant ushort *key,
                               const int blocks) {
                int b = get_global_id(0);
                if (b >= blocks) {
                    return;
                }
                uchar8 v = vload8(b, in);
                uint x1 = ((uint) v.s0 << 8) | v.s1;
                uint x2 = ((uint) v.s2 << 8) | v.s3;
                uint x3 = ((uint) v.s4 << 8) | v.s5;
                uint x4 = ((uint) v.s6 << 8) | v.s7;
                int k = 0;
                for (int round = 0; round < 8; round++) {
                    x1 = ideaMul(x1, key[k]);
                    x2 = (x2 + key[k + 1]) & 0xffff;
                    x3 = (x3 + key[k + 2]) & 0xffff;
                    x4 = ideaMul(x4, key[k + 3]);
                    uint t0 = ideaMul(key[k + 4], x1 ^ x3);
                    uint t1 = ideaMul(key[k + 5], (t0 + (x2 ^ x4)) & 0xffff);
                    t0 = (t0 + t1) & 0xffff;
                    x1 ^= t1;
                    x4 ^= t0;
                    uint swap = x2 ^ t0;
                    x2 = x3 ^ t1;
                    x3 = swap;
                    k += 6;
                }
                uint y1 = ideaMul(x1, key[48]);
                uint y2 = (x3 + key[49]) & 0xffff;
                uint y3 = (x2 + key[50]) & 0xffff;
                uint y4 = ideaMul(x4, key[51]);
                vstore8((uchar8) ((uchar) (y1 >> 8), (uchar) y1, (uchar) (y2 >> 8), (uchar) y2,
                                  (uchar) (y3 >> 8), (uchar) y3, (uchar) (y4 >> 8), (uchar) y4), b, out);
            }
            """;

    @Param({"4194304", "16777216"})
    public String size;

    int n;
    byte[] plain;
    byte[] cipher;
    char[] key;
    TaskSchedule schedule;
    OpenClKernel kernel;
    IdeaKernel aparapi;

    /**
     * IDEA's multiplication modulo 2^16 + 1 of two 16-bit words, where the word 0 stands for 2^16. The product of
     * two words does not fit in an int: it wraps, and its low 32 bits (read unsigned) are still the exact product.
     */
    static int ideaMul(int a, int b) {
        if (a == 0) {
            return (1 - b) & 0xffff; // 2^16 * b = -b (mod 65537); 2^16 * 2^16 = 1
        }
        if (b == 0) {
            return (1 - a) & 0xffff;
        }
        int p = a * b;
        int lo = p & 0xffff;
        int hi = p >>> 16;
        // p = hi * 2^16 + lo = lo - hi (mod 65537)
        return (lo - hi + (lo < hi ? 1 : 0)) & 0xffff;
    }

    /** Encrypts (or, with the inverted subkeys, decrypts) the 8-byte block at {@code in[i..i+7]} into {@code out}. */
    static void ideaBlock(byte[] in, byte[] out, char[] key, int i) {
        int x1 = ((in[i] & 0xff) << 8) | (in[i + 1] & 0xff);
        int x2 = ((in[i + 2] & 0xff) << 8) | (in[i + 3] & 0xff);
        int x3 = ((in[i + 4] & 0xff) << 8) | (in[i + 5] & 0xff);
        int x4 = ((in[i + 6] & 0xff) << 8) | (in[i + 7] & 0xff);
        int k = 0;
        for (int round = 0; round < 8; round++) {
            x1 = ideaMul(x1, key[k]);
            x2 = (x2 + key[k + 1]) & 0xffff;
            x3 = (char) (x3 + key[k + 2]);
            x4 = ideaMul(x4, key[k + 3]);
            int t0 = ideaMul(key[k + 4], x1 ^ x3);
            int t1 = ideaMul(key[k + 5], (t0 + (x2 ^ x4)) & 0xffff);
            t0 = (t0 + t1) & 0xffff;
            x1 ^= t1;
            x4 ^= t0;
            int swap = x2 ^ t0;
            x2 = x3 ^ t1;
            x3 = swap;
            k += 6;
        }
        // output transformation; it undoes the last round's swap of the middle words
        int y1 = ideaMul(x1, key[48]);
        int y2 = (x3 + key[49]) & 0xffff;
        int y3 = (x2 + key[50]) & 0xffff;
        int y4 = ideaMul(x4, key[51]);
        out[i] = (byte) (y1 >>> 8);
        out[i + 1] = (byte) y1;
        out[i + 2] = (byte) (y2 >>> 8);
        out[i + 3] = (byte) y2;
        out[i + 4] = (byte) (y3 >>> 8);
        out[i + 5] = (byte) y3;
        out[i + 6] = (byte) (y4 >>> 8);
        out[i + 7] = (byte) y4;
    }

    /** The natural Ferrocl form, one iteration per block (the sequential variant runs it on the JVM). */
    static void idea(byte[] in, byte[] out, char[] key) {
        for (@Parallel int block = 0; block < in.length / 8; block++) {
            ideaBlock(in, out, key, block * 8);
        }
    }

    /** The same with parallel streams (all host cores). */
    static void ideaStreams(byte[] in, byte[] out, char[] key) {
        IntStream.range(0, in.length / 8).parallel().forEach(block -> ideaBlock(in, out, key, block * 8));
    }

    /**
     * The Aparapi form: the same Java code, as a kernel class (Aparapi calls the kernel's own methods, not static
     * helpers of other classes).
     */
    static final class IdeaKernel extends Kernel {
        final byte[] in;
        final byte[] out;
        final char[] key;

        IdeaKernel(byte[] in, byte[] out, char[] key) {
            this.in = in;
            this.out = out;
            this.key = key;
        }

        int mul(int a, int b) {
            if (a == 0) {
                return (1 - b) & 0xffff;
            }
            if (b == 0) {
                return (1 - a) & 0xffff;
            }
            int p = a * b;
            int lo = p & 0xffff;
            int hi = p >>> 16;
            return (lo - hi + (lo < hi ? 1 : 0)) & 0xffff;
        }

        @Override
        public void run() {
            int i = getGlobalId() * 8;
            int x1 = ((in[i] & 0xff) << 8) | (in[i + 1] & 0xff);
            int x2 = ((in[i + 2] & 0xff) << 8) | (in[i + 3] & 0xff);
            int x3 = ((in[i + 4] & 0xff) << 8) | (in[i + 5] & 0xff);
            int x4 = ((in[i + 6] & 0xff) << 8) | (in[i + 7] & 0xff);
            int k = 0;
            for (int round = 0; round < 8; round++) {
                x1 = mul(x1, key[k]);
                x2 = (x2 + key[k + 1]) & 0xffff;
                x3 = (char) (x3 + key[k + 2]);
                x4 = mul(x4, key[k + 3]);
                int t0 = mul(key[k + 4], x1 ^ x3);
                int t1 = mul(key[k + 5], (t0 + (x2 ^ x4)) & 0xffff);
                t0 = (t0 + t1) & 0xffff;
                x1 ^= t1;
                x4 ^= t0;
                int swap = x2 ^ t0;
                x2 = x3 ^ t1;
                x3 = swap;
                k += 6;
            }
            int y1 = mul(x1, key[48]);
            int y2 = (x3 + key[49]) & 0xffff;
            int y3 = (x2 + key[50]) & 0xffff;
            int y4 = mul(x4, key[51]);
            out[i] = (byte) (y1 >>> 8);
            out[i + 1] = (byte) y1;
            out[i + 2] = (byte) (y2 >>> 8);
            out[i + 3] = (byte) y2;
            out[i + 4] = (byte) (y3 >>> 8);
            out[i + 5] = (byte) y3;
            out[i + 6] = (byte) (y4 >>> 8);
            out[i + 7] = (byte) y4;
        }
    }

    /** The 52 encryption subkeys of a 128-bit key (8 words, most significant first): rotations left by 25 bits. */
    static char[] encryptionKey(char[] userKey) {
        long hi = 0;
        long lo = 0;
        for (int w = 0; w < 4; w++) {
            hi = (hi << 16) | userKey[w];
            lo = (lo << 16) | userKey[w + 4];
        }
        char[] z = new char[52];
        for (int k = 0; k < 52; k++) {
            int w = k % 8;
            if (k > 0 && w == 0) {
                long h = (hi << 25) | (lo >>> 39);
                long l = (lo << 25) | (hi >>> 39);
                hi = h;
                lo = l;
            }
            long word = w < 4 ? hi >>> (48 - 16 * w) : lo >>> (48 - 16 * (w - 4));
            z[k] = (char) (word & 0xffff);
        }
        return z;
    }

    /** The published IDEA test vector (key 0001 .. 0008, plaintext 0000 0001 0002 0003) through the Java code. */
    static void checkTestVector() {
        byte[] in = {0, 0, 0, 1, 0, 2, 0, 3};
        byte[] out = new byte[8];
        idea(in, out, encryptionKey(new char[] {1, 2, 3, 4, 5, 6, 7, 8}));
        byte[] expected = {0x11, (byte) 0xfb, (byte) 0xed, 0x2b, 0x01, (byte) 0x98, 0x6d, (byte) 0xe5};
        if (!Arrays.equals(expected, out)) {
            throw new IllegalStateException(NAME + ": the Java IDEA gives " + Arrays.toString(out)
                    + " for the published test vector, not " + Arrays.toString(expected));
        }
    }

    private static void checkBytes(String what, byte[] expected, byte[] actual) {
        int[] e = new int[expected.length];
        int[] a = new int[actual.length];
        for (int i = 0; i < e.length; i++) {
            e[i] = expected[i];
        }
        for (int i = 0; i < a.length; i++) {
            a[i] = actual[i];
        }
        BenchSupport.checkExact(what, e, a);
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        n = BenchSupport.size(size, SMOKE) / 8 * 8;
        SplittableRandom rnd = new SplittableRandom(30010);
        char[] userKey = new char[8];
        for (int w = 0; w < 8; w++) {
            userKey[w] = (char) rnd.nextInt(1 << 16);
        }
        key = encryptionKey(userKey);
        plain = new byte[n];
        rnd.nextBytes(plain);
        // Some zero words (0 stands for 2^16 in ideaMul) in every size, so that its special cases run.
        for (int i = 0; i + 8 <= n; i += 8 * 97) {
            int word = (i / 8) % 4;
            plain[i + 2 * word] = 0;
            plain[i + 2 * word + 1] = 0;
        }
        cipher = new byte[n];
        String variant = BenchSupport.variant(params);
        if (variant.equals("sequential")) {
            return; // the reference itself
        }
        checkTestVector();
        byte[] expected = new byte[n];
        idea(plain, expected, key);
        switch (variant) {
            case "parallelStreams":
                parallelStreams();
                break;
            case "ferrocl":
                schedule = BenchSupport.ferroclSchedule(NAME, size,
                        () -> new TaskSchedule(NAME).task("idea", CryptBench::idea, plain, cipher, key));
                schedule.execute();
                BenchSupport.onDevice(schedule);
                break;
            case "opencl":
                kernel = OpenClKernel.build(OPENCL, "idea");
                opencl();
                break;
            case "aparapi":
                aparapi = new IdeaKernel(plain, cipher, key);
                aparapi();
                break;
            default:
                throw new IllegalStateException("unknown variant " + variant);
        }
        checkBytes(NAME + "." + variant, expected, cipher);
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

    @Benchmark
    public byte[] sequential() {
        idea(plain, cipher, key);
        return cipher;
    }

    @Benchmark
    public byte[] parallelStreams() {
        ideaStreams(plain, cipher, key);
        return cipher;
    }

    @Benchmark
    public byte[] ferrocl() {
        schedule.execute();
        KernelTimes.record(NAME, "ferrocl", size, schedule);
        return cipher;
    }

    @Benchmark
    public byte[] opencl() {
        int blocks = n / 8;
        long local = 256;
        long global = (blocks + local - 1) / local * local;
        long nanos = kernel.launch(new long[] {global}, new long[] {local}, OpenClKernel.readOnly(plain), OpenClKernel.writeOnly(cipher),
                OpenClKernel.readOnly(key), blocks).kernelNanos();
        KernelTimes.record(NAME, "opencl", size, nanos, kernel);
        return cipher;
    }

    @Benchmark
    public byte[] aparapi() {
        aparapi.execute(Range.create(n / 8));
        Aparapis.onOpenCl(NAME, aparapi);
        return cipher;
    }
}

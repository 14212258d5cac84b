package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;

/**
 * The runnable proof behind narrowed math: {@code (float) Math.f(x)} of a float {@code x} (the compiler's fast
 * narrowed function, {@code libm/narrow*.cl}) against {@code (float) Math.f(x * one)} with {@code one = 1.0} known only
 * at run time (so the same kernel computes the double function and rounds it), for {@code sin}, {@code cos},
 * {@code tan}, {@code exp}, {@code log} and a sine and cosine of one argument computed together (the writer's
 * {@code sinCosPairs}), over every float bit pattern (2^32 each) or every {@code stride}-th one,
 * on the default device in strict mode. NaN results count as equal to each other; every other pair must be
 * bit-identical. Prints one line per function; exit status 1 on any difference. Run with
 * {@code scripts/float-proof.sh [stride]} (stride 1, the default, is exhaustive: seconds on a GPU, hours on PoCL).
 */
public final class FloatProof {
    private FloatProof() {
    }

    /** The narrowed functions, and the sine and cosine of one float computed together (the writer's sinCosPairs). */
    static final String[] NAMES = {"sin", "cos", "tan", "exp", "log", "sincos"};

    /** Work-items per launch and floats per work-item: 2^26 floats a launch. */
    static final int ITEMS = 1 << 18;
    static final int PER = 256;

    /**
     * Work-item {@code w} checks the floats with bit patterns {@code start + (w * per + k) * stride}, {@code k <
     * per}: how many differ goes to {@code differ[w]}, the bit pattern of the first to {@code example[w]}.
     */
    public static void narrowed(int f, int start, int per, int stride, double one, int[] differ, int[] example) {
        for (@Parallel int w = 0; w < differ.length; w++) {
            int count = 0;
            int first = 0;
            for (int k = 0; k < per; k++) {
                int bits = start + (w * per + k) * stride;
                float x = Float.intBitsToFloat(bits);
                float fast;
                float slow;
                switch (f) {
                    case 0 -> {
                        fast = (float) Math.sin(x);
                        slow = (float) Math.sin(x * one);
                    }
                    case 1 -> {
                        fast = (float) Math.cos(x);
                        slow = (float) Math.cos(x * one);
                    }
                    case 2 -> {
                        fast = (float) Math.tan(x);
                        slow = (float) Math.tan(x * one);
                    }
                    case 3 -> {
                        fast = (float) Math.exp(x);
                        slow = (float) Math.exp(x * one);
                    }
                    case 4 -> {
                        fast = (float) Math.log(x);
                        slow = (float) Math.log(x * one);
                    }
                    default -> {
                        // One pair (sinCosPairs: both placed in one block, so of an argument no other case uses
                        // (x * 1f, which is x for every float, is not folded) and with integer arithmetic only
                        // after them): both halves must equal their double paths. The differences of their bits
                        // (every NaN made one pattern) together are zero only when both match.
                        float y = x * 1f;
                        float s = (float) Math.sin(y);
                        float c = (float) Math.cos(y);
                        int d = canonical(Float.floatToRawIntBits(s))
                                ^ canonical(Float.floatToRawIntBits((float) Math.sin(x * one)));
                        d |= canonical(Float.floatToRawIntBits(c))
                                ^ canonical(Float.floatToRawIntBits((float) Math.cos(x * one)));
                        fast = Float.intBitsToFloat(d);
                        slow = 0f;
                    }
                }
                boolean bothNaN = fast != fast && slow != slow;
                if (Float.floatToRawIntBits(fast) != Float.floatToRawIntBits(slow) && !bothNaN) {
                    if (count == 0) {
                        first = bits;
                    }
                    count++;
                }
            }
            differ[w] = count;
            example[w] = first;
        }
    }

    /** A float's bits with every NaN as 0x7fffffff, without a branch. */
    static int canonical(int bits) {
        int nan = -((0x7f800000 - (bits & 0x7fffffff)) >>> 31);
        return bits & ~nan | 0x7fffffff & nan;
    }

    /**
     * Checks function {@code f} over the floats {@code i * stride} (as bit patterns, i < 2^32 / stride): the number
     * that differ, or -1 when a launch did not run on the device.
     */
    static long check(int f, int stride, StringBuilder firstDifference) {
        long total = (1L << 32) / stride;
        long perLaunch = (long) ITEMS * PER;
        long differ = 0;
        for (long done = 0; done < total; done += perLaunch) {
            int items = (int) Math.min(ITEMS, (total - done + PER - 1) / PER);
            int[] counts = new int[items];
            int[] examples = new int[items];
            int start = (int) (done * stride);
            try (TaskSchedule s = new TaskSchedule("floatProof")
                    .task("t", FloatProof::narrowed, f, start, PER, stride, 1.0, counts, examples)) {
                s.execute();
                TaskReport r = s.report().task("t");
                if (r.ranOn() != TaskReport.Where.DEVICE) {
                    firstDifference.append("ran on the JVM: ").append(r.reason());
                    return -1;
                }
                if (!r.optimizations().stream().anyMatch(o -> o.startsWith("narrowFloat"))
                        || f == 5 && !r.optimizations().stream().anyMatch(o -> o.startsWith("sinCosPairs"))) {
                    firstDifference.append("the kernel was not narrowed: ").append(r.optimizations());
                    return -1;
                }
            }
            for (int w = 0; w < items; w++) {
                if (counts[w] != 0 && differ == 0) {
                    float x = Float.intBitsToFloat(examples[w]);
                    firstDifference.append(String.format("first at %s [%08x]", x, examples[w]));
                }
                differ += counts[w];
            }
        }
        return differ;
    }

    public static void main(String[] args) {
        int stride = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        if (stride < 1 || stride % 2 == 0 && stride != 1) {
            System.err.println("stride must be 1 or odd (odd strides reach every exponent and sign)");
            System.exit(2);
        }
        boolean ok = true;
        for (int f = 0; f < NAMES.length; f++) {
            long start = System.nanoTime();
            StringBuilder first = new StringBuilder();
            long differ = check(f, stride, first);
            long n = (1L << 32) / stride;
            if (differ == 0) {
                System.out.printf("(float) Math.%-3s %,d floats%s: narrowed = double path, all, %.1f s%n", NAMES[f],
                        n, stride == 1 ? " (every float)" : " (every " + stride + "th bit pattern)",
                        (System.nanoTime() - start) / 1e9);
            } else {
                ok = false;
                System.out.printf("(float) Math.%-3s %s floats differ of %,d: %s%n", NAMES[f],
                        differ < 0 ? "?" : String.format("%,d", differ), n, first);
            }
        }
        System.out.println(ok ? "every narrowed result equals the double path's" : "DIFFERENCES FOUND");
        System.exit(ok ? 0 : 1);
    }
}

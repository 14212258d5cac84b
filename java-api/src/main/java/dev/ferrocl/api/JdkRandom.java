package dev.ferrocl.api;

/**
 * What the compiler allocates in a kernel in place of a {@code java.util.Random} made with a seed
 * ({@code new Random(seed)}): the JDK's class keeps its seed in an {@code AtomicLong} (an object a kernel cannot
 * hold), but its sequence is specified to the bit (the linear congruential generator of its Javadoc, and each
 * method's algorithm in its {@code @implSpec}). This class computes the same sequence with the seed in a field, so
 * an object of it is replaced by scalars like any object made in a kernel, and each method returns what
 * {@code Random}'s returns after the same calls. Never used by Java code: the compiler reads its bytecode (through
 * {@link ClassResolver}). Methods of {@code Random} not here (bounded {@code long} and {@code double} values, streams)
 * bail out.
 */
final class JdkRandom {
    /** The class's internal name, as the compiler asks for it. */
    static final String INTERNAL_NAME = "dev/ferrocl/api/JdkRandom";

    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long ADDEND = 0xBL;
    private static final long MASK = (1L << 48) - 1;
    private static final double DOUBLE_UNIT = 0x1.0p-53;

    private long seed;
    private double nextNextGaussian;
    private boolean haveNextNextGaussian;

    JdkRandom(long seed) {
        this.seed = (seed ^ MULTIPLIER) & MASK;
    }

    void setSeed(long seed) {
        this.seed = (seed ^ MULTIPLIER) & MASK;
        haveNextNextGaussian = false;
    }

    int next(int bits) {
        seed = (seed * MULTIPLIER + ADDEND) & MASK;
        return (int) (seed >>> (48 - bits));
    }

    public int nextInt() {
        return next(32);
    }

    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException();
        }
        int r = next(31);
        int m = bound - 1;
        if ((bound & m) == 0) {
            r = (int) ((bound * (long) r) >> 31);
        } else {
            for (int u = r; u - (r = u % bound) + m < 0; u = next(31)) {
                // rejected: over-represented candidates
            }
        }
        return r;
    }

    /** {@code RandomGenerator}'s default, which {@code Random} inherits: its range check, then a bounded value. */
    public int nextInt(int origin, int bound) {
        if (origin >= bound) {
            throw new IllegalArgumentException();
        }
        int r = nextInt();
        int n = bound - origin;
        int m = n - 1;
        if ((n & m) == 0) {
            r = (r & m) + origin;
        } else if (n > 0) {
            for (int u = r >>> 1; u + m - (r = u % n) < 0; u = nextInt() >>> 1) {
                // rejected: over-represented candidates
            }
            r += origin;
        } else {
            // A range wider than an int's: any value inside it.
            while (r < origin || r >= bound) {
                r = nextInt();
            }
        }
        return r;
    }

    public long nextLong() {
        return ((long) (next(32)) << 32) + next(32);
    }

    public boolean nextBoolean() {
        return next(1) != 0;
    }

    public float nextFloat() {
        return next(24) / ((float) (1 << 24));
    }

    public double nextDouble() {
        return (((long) (next(26)) << 27) + next(27)) * DOUBLE_UNIT;
    }

    public double nextGaussian() {
        if (haveNextNextGaussian) {
            haveNextNextGaussian = false;
            return nextNextGaussian;
        }
        double v1;
        double v2;
        double s;
        do {
            v1 = 2 * nextDouble() - 1;
            v2 = 2 * nextDouble() - 1;
            s = v1 * v1 + v2 * v2;
        } while (s >= 1 || s == 0);
        double multiplier = StrictMath.sqrt(-2 * StrictMath.log(s) / s);
        nextNextGaussian = v2 * multiplier;
        haveNextNextGaussian = true;
        return v1 * multiplier;
    }
}

package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Kernels that read static fields: compile-time constants (javac folds them into the bytecode), {@code static
 * final} fields initialised at class initialisation (no ConstantValue attribute: a getstatic of a final field),
 * in this class and in another, and non-final static primitive fields that Ferrocl must read at every
 * {@code execute()}.
 */
public final class StaticFieldKernels {
    private StaticFieldKernels() {
    }

    /** Compile-time constants: javac puts their values into the code (ldc/bipush). */
    static final int SCALE = 3;
    static final long BIG = 0x1234_5678_9ABC_DEF0L;
    static final float HALF = 0.5f;
    static final double TAU = 2 * Math.PI;

    /** Final, but computed in {@code <clinit>}: a getstatic of a final field with no ConstantValue attribute. */
    static final int COMPUTED = Integer.parseInt("12345");
    static final double COMPUTED_D = Math.sqrt(2.0);
    static final long COMPUTED_L = Long.reverse(12L);

    /** Read at every execute(); the tests change them between runs. */
    static int offset = 10;
    static float gain = 1.5f;
    static long mask = 0xFFL;
    static double bias = -0.25;
    static boolean negate = false;
    static byte smallByte = -3;
    static char letter = 'A';
    static short smallShort = -300;
    static int limit = 100;

    public static void compileTimeConstants(int[] a, long[] l, float[] f, double[] d, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] * SCALE;
            l[i] = l[i] ^ BIG;
            f[i] = f[i] * HALF;
            d[i] = d[i] * TAU;
        }
    }

    public static void otherClassCompileTimeConstants(int[] a, double[] d, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] + StaticFieldHolder.STEP * i;
            d[i] = d[i] * StaticFieldHolder.RATIO + StaticFieldHolder.EPSILON;
        }
    }

    public static void finalFieldsFromClassInitialisation(int[] a, double[] d, long[] l, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            a[i] = a[i] % COMPUTED;
            d[i] = d[i] * COMPUTED_D;
            l[i] = l[i] + COMPUTED_L + StaticFieldHolder.INITIALISED;
        }
    }

    public static void nonFinalInt(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] + offset;
        }
    }

    public static void nonFinalFloat(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = x[i] * gain;
        }
    }

    public static void nonFinalLongDoubleBoolean(long[] l, double[] d, long[] lout, double[] dout, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            lout[i] = l[i] & mask;
            dout[i] = negate ? -(d[i] + bias) : d[i] + bias;
        }
    }

    public static void nonFinalByteCharShort(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * smallByte + letter - smallShort;
        }
    }

    /** A non-final static field as the parallel loop's bound. */
    public static void nonFinalLoopBound(int[] a, int[] out) {
        for (@Parallel int i = 0; i < limit; i++) {
            out[i] = a[i] * 2;
        }
    }

    /** A non-final static field of another class, read inside a helper. */
    public static void otherClassNonFinalInHelper(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = StaticFieldHolder.scaled(x[i]) + StaticFieldHolder.shift;
        }
    }
}

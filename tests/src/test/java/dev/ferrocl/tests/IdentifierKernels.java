package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;

/**
 * Valid Java names that are not valid, or mean something else, in OpenCL C: kernel methods named like OpenCL builtin
 * functions, keywords and types; parameters and locals named like OpenCL keywords, builtins the generated code
 * calls, macros, and the compiler's own generated names ({@code <array>_length}, {@code ferrocl_status}, {@code v17});
 * {@code $} and non-ASCII letters. The generated kernel keeps Java names where it can, so it must rename these.
 */
public final class IdentifierKernels {
    private IdentifierKernels() {
    }

    // ---------------------------------------------------------------- kernel methods named like builtins

    public static void acos(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = x[i] * 2 - 1;
        }
    }

    public static void hypot(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = x[i] * x[i];
        }
    }

    public static void get_global_id(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] + i;
        }
    }

    public static void isnan(float[] x, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = x[i] != x[i] ? 1 : 0;
        }
    }

    // ---------------------------------------------------------------- kernel methods named like keywords and types

    public static void kernel(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 3;
        }
    }

    public static void global(int[] a, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] - 3;
        }
    }

    public static void float4(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 4f;
        }
    }

    public static void half(float[] a, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[i] = a[i] * 0.5f;
        }
    }

    // ---------------------------------------------------------------- parameters and locals

    /** Parameters named like OpenCL C keywords and address-space qualifiers. */
    public static void keywordParameters(int[] global, int[] local, float[] constant, float[] half, int restrict,
            int[] kernel, long[] uint, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int signed = global[i] + restrict;
            int unsigned = local[i] ^ signed;
            float struct = constant[i] * 2f;
            long union = uint[i] + unsigned;
            half[i] = struct + unsigned;
            kernel[i] = (int) (union >>> 3);
        }
    }

    /** Parameters named like builtins the generated code uses for Java semantics (isnan, fmod, as_int, rint...). */
    public static void builtinNamedParameters(float[] isnan, float[] fmod, int[] as_int, double[] rint,
            long[] convert_int_sat_rtz, double[] floor, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            as_int[i] = (int) (isnan[i] % fmod[i]) + Math.max(as_int[i], 0);
            convert_int_sat_rtz[i] = (long) rint[i] + (int) floor[i] + as_int[i] / 3;
            floor[i] = Math.min(rint[i], floor[i]);
        }
    }

    /** Parameters named like the functions that Math calls become: sin, cos, exp (shadowing them in C). */
    public static void shadowedMathFunctions(float[] x, float[] sin, float[] cos, double[] exp, double[] sqrt,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            sin[i] = (float) Math.sin(x[i]);
            cos[i] = (float) Math.cos(x[i]);
            exp[i] = Math.exp(x[i]);
            sqrt[i] = Math.sqrt(Math.abs(exp[i]));
        }
    }

    /** Names the compiler generates itself: a_length next to an array a, ferrocl_status, ferrocl_start, v17. */
    public static void generatedNames(int[] a, int a_length, int[] ferrocl_status, int ferrocl_start, int[] out,
            int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v17 = a[i] / a_length;
            int ferrocl_idiv = a[i] % (ferrocl_start | 1);
            int v18 = ferrocl_status[i] * 2;
            out[i] = v17 + ferrocl_idiv + v18 + a.length;
        }
    }

    /** Locals named like OpenCL C macros and types. */
    public static void macroNamedLocals(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double M_PI = 3.0;
            double INFINITY = x[i] * 2;
            double NAN = 1.5;
            double MAXFLOAT = x[i] - 1;
            int CHAR_BIT = 7;
            long size_t = i;
            boolean bool = x[i] > 0;
            double NULL = bool ? M_PI : NAN;
            out[i] = INFINITY + MAXFLOAT * CHAR_BIT + size_t + NULL;
        }
    }

    /** Identifiers with $ and non-ASCII letters. */
    public static void dollarAndUnicode(float[] größe, float[] a$b, float[] π, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float $ = größe[i] * 2f;
            float ñ = a$b[i] + $;
            π[i] = ñ * 3.25f;
        }
    }
}

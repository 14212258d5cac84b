package dev.ferrocl.tests;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import java.util.stream.IntStream;

/** Methods with {@code @Reduce} outputs, for {@link ReduceTest}. */
public final class ReduceKernels {
    private ReduceKernels() {
    }

    // ---------------------------------------------------------------- + * min max over int, long, float, double

    public static void sumInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    public static void prodInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] *= a[i];
        }
    }

    public static void minInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    public static void maxInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(a[i], out[0]);
        }
    }

    public static void sumLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] + a[i];
        }
    }

    public static void prodLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] *= a[i];
        }
    }

    public static void minLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(a[i], out[0]);
        }
    }

    public static void maxLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    public static void sumFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    public static void prodFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] * out[0];
        }
    }

    public static void minFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    public static void maxFloat(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    public static void sumDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    public static void prodDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] *= a[i];
        }
    }

    public static void minDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    public static void maxDouble(double[] a, @Reduce double[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(a[i], out[0]);
        }
    }

    // ---------------------------------------------------------------- other shapes

    /** Two outputs of one loop, of different operations. */
    public static void sumAndMax(float[] a, @Reduce float[] sum, @Reduce float[] max) {
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i] * a[i];
            max[0] = Math.max(max[0], a[i]);
        }
    }

    /** Over all iterations of a 2-D nest, widening int elements to a long sum. */
    public static void sum2d(int[] m, int rows, int cols, @Reduce long[] total, @Reduce int[] min) {
        for (@Parallel int r = 0; r < rows; r++) {
            for (@Parallel int c = 0; c < cols; c++) {
                total[0] += m[r * cols + c];
                min[0] = Math.min(min[0], m[r * cols + c]);
            }
        }
    }

    /** A loop bound of a parameter: n == 0 must leave the output as it was. */
    public static void sumFirst(int[] a, int n, @Reduce int[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            out[0] += a[i];
        }
    }

    /** Conditional updates and subtraction. */
    public static void countAndSubtract(int[] a, @Reduce int[] positives, @Reduce long[] negSum) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                positives[0] += 1;
            } else {
                negSum[0] -= a[i];
            }
        }
    }

    /** The stream form, with a captured output. */
    public static void streamSum(double[] a, @Reduce double[] out) {
        IntStream.range(0, a.length).parallel().forEach(i -> out[0] += a[i] * 0.5);
    }

    /** A sequential inner loop feeding a max over rows. */
    public static void maxRowSum(int[] m, int rows, int cols, @Reduce int[] out) {
        for (@Parallel int r = 0; r < rows; r++) {
            int row = 0;
            for (int c = 0; c < cols; c++) {
                row += m[r * cols + c];
            }
            out[0] = Math.max(out[0], row);
        }
    }

    /** Reads past the end of {@code a} when n > a.length: the JVM's exception, the JVM's partial sum. */
    public static void sumOutOfBounds(int[] a, int n, @Reduce int[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            out[0] += a[i];
        }
    }

    /** Two arrays read at the loop index, from a start that need not be a multiple of four. */
    public static void dotFrom(int[] a, int[] b, int from, @Reduce long[] out) {
        for (@Parallel int i = from; i < a.length; i++) {
            out[0] += (long) a[i] * b[i];
        }
    }

    /** Java's float min from any start. */
    public static void minFloatFrom(float[] a, int from, @Reduce float[] out) {
        for (@Parallel int i = from; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    /** Java's double max from any start, reading one element past the index too. */
    public static void maxDoubleFrom(double[] a, int from, @Reduce double[] out) {
        for (@Parallel int i = from; i < a.length - 1; i++) {
            out[0] = Math.max(out[0], a[i] - a[i + 1]);
        }
    }

    /**
     * Indices affine in the loop index (strided, shifted, offset, constant), which the fast loops test once for the
     * whole range, next to one read through another array (checked every iteration).
     */
    public static void affineIndices(int[] a, int[] idx, int n, @Reduce long[] out) {
        for (@Parallel int i = 0; i < n; i++) {
            out[0] += (long) a[2 * i] * a[(i << 1) + 1] - a[i + 5] + a[7] + a[idx[i]];
        }
    }

    /** Reads one element before the index: from 0 the JVM throws at the very first iteration. */
    public static void previousXor(int[] a, int from, @Reduce int[] out) {
        for (@Parallel int i = from; i < a.length; i++) {
            out[0] += a[i - 1] ^ a[i];
        }
    }

    /** A falling index: a[n - 1 - i] with n a constant, then a[3 * i - 6] rising from -6. */
    public static void fallingAndRising(int[] a, int from, @Reduce int[] out) {
        for (@Parallel int i = from; i < 1000; i++) {
            out[0] = Math.max(out[0], a[999 - i] - a[3 * i - 6]);
        }
    }

    /** Indices with loop-invariant parts: a scalar parameter's offset, an array's length, both at once. */
    public static void shiftedDot(int[] a, int[] b, int off, int k, @Reduce long[] out) {
        for (@Parallel int i = 0; i < b.length / 2; i++) {
            out[0] += (long) a[off + i] * b[2 * i + off - k] - a[a.length - 1 - i];
        }
    }

    /**
     * An integer division in a straight-line body: its divisor check stays in every unrolled (and vectorised) copy of
     * the grid-stride loop, whose index checks the range test proves.
     */
    public static void quotientSum(int[] a, int[] d, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i] / d[i];
        }
    }

    /** A parameter named like an unrolled copy's loop index ({@code i_x1}): the copies must not shadow it. */
    public static void scaledSumNamedLikeACopy(int[] a, int i_x1, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i] * i_x1;
        }
    }

    // ---------------------------------------------------------------- bitwise operators (int and long)

    public static void andInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] &= a[i];
        }
    }

    public static void orInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] | out[0];
        }
    }

    public static void xorInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] ^= a[i];
        }
    }

    public static void andLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] & a[i];
        }
    }

    public static void orLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] |= a[i];
        }
    }

    /** Under a condition, of an expression of the element and the index. */
    public static void xorLongWhere(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if ((a[i] & 4) != 0) {
                out[0] ^= a[i] * 31 + i;
            }
        }
    }

    // ---------------------------------------------------------------- min and max written as comparisons

    public static void ternaryMaxInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] < a[i] ? a[i] : out[0];
        }
    }

    public static void ternaryMinInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = a[i] <= out[0] ? a[i] : out[0];
        }
    }

    public static void ternaryMaxLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = out[0] >= a[i] ? out[0] : a[i];
        }
    }

    public static void ifMaxInt(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > out[0]) {
                out[0] = a[i];
            }
        }
    }

    public static void ifMinLong(long[] a, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (out[0] > a[i]) {
                out[0] = a[i];
            }
        }
    }

    /** The compared value computed twice (javac computes it again in the branch). */
    public static void ifMaxOfExpression(int[] a, int[] b, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] * 3 - b[i] >= out[0]) {
                out[0] = a[i] * 3 - b[i];
            }
        }
    }

    /** The value in a local, the running value read once; another array written in the same body. */
    public static void ternaryMinOfLocal(int[] a, int[] copy, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int v = a[i] ^ i;
            copy[i] = v;
            int cur = out[0];
            out[0] = v < cur ? v : cur;
        }
    }

    /** Two updates of one output in one body: the largest of two arrays' elements. */
    public static void ifMaxOfTwo(int[] a, long[] b, @Reduce long[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > out[0]) {
                out[0] = a[i];
            }
            if (b[i] > out[0]) {
                out[0] = b[i];
            }
        }
    }

    /**
     * Not a maximum: the element is written between the comparison's read and the store's, so the store stores
     * another value than the one compared.
     */
    public static void storeBetween(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            int v = a[i];
            a[i] = v * 2;
            if (v > out[0]) {
                out[0] = a[i];
            }
        }
    }

    // ---------------------------------------------------------------- a start stored before the loop

    /** The usual way to write a reduction: the output set before the loop; the host folds from 0. */
    public static void sumFromZero(int[] a, @Reduce int[] out) {
        out[0] = 0;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    /** The first element as the start (read on the host), the loop from 1. */
    public static void minFromFirst(long[] a, @Reduce long[] out) {
        out[0] = a[0];
        for (@Parallel int i = 1; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    /** A start computed from a parameter, a maximum written as a comparison. */
    public static void maxAboveFloor(int[] a, int floor, @Reduce int[] out) {
        out[0] = floor * 2 + 1;
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > out[0]) {
                out[0] = a[i];
            }
        }
    }

    public static void minDoubleFromInfinity(double[] a, @Reduce double[] out) {
        out[0] = Double.POSITIVE_INFINITY;
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.min(out[0], a[i]);
        }
    }

    /** Two outputs set before the loop, the start folded once although two loops reduce into one of them. */
    public static void startThenTwoLoops(int[] a, long[] b, @Reduce long[] sum, @Reduce int[] bits) {
        sum[0] = 5;
        bits[0] = 0;
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
            bits[0] |= a[i] & 0x0F0F;
        }
        for (@Parallel int i = 0; i < b.length; i++) {
            sum[0] += b[i];
        }
    }

    // ---------------------------------------------------------------- look like reductions, are not

    /** The running value read once outside the inner loop: each pass compares with a stale value. */
    public static void staleBest(int[] a, int m, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length / m; i++) {
            int best = out[0];
            for (int j = 0; j < m; j++) {
                if (a[i * m + j] > best) {
                    out[0] = a[i * m + j];
                }
            }
        }
    }

    /** Another read in the branch, which can throw: the branch must stay. */
    public static void otherReadInTheBranch(int[] a, int[] b, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            if (a[i] > out[0]) {
                int unused = b[i];
                out[0] = a[i];
            }
        }
    }

    /** A copy of the output made after its start is stored: it must hold the start. */
    public static void copyOfTheStart(int[] a, @Reduce int[] out) {
        out[0] = 1;
        int[] first = out.clone();
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i] * first[0];
        }
    }

    /** The output set, then read through another parameter before the loop. */
    public static void startReadThroughAnother(int[] a, int[] other, @Reduce int[] out) {
        out[0] = 3;
        int k = other[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i] * k;
        }
    }

    // ---------------------------------------------------------------- the outputs updated after the loop

    public static void scaleAfter(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
        out[0] *= 3;
    }

    /** A mean: the sum from 0, divided by the length after the loop (an empty array gives NaN, as in Java). */
    public static void mean(double[] a, @Reduce double[] mean) {
        mean[0] = 0.0;
        for (@Parallel int i = 0; i < a.length; i++) {
            mean[0] += a[i];
        }
        mean[0] = mean[0] / a.length;
    }

    /** Two outputs combined after the loop, a read after a store in the tail, a parameter. */
    public static void combineAfter(int[] a, int k, @Reduce long[] sum, @Reduce int[] count) {
        count[0] = 0;
        for (@Parallel int i = 0; i < a.length; i++) {
            sum[0] += a[i];
            if (a[i] > 0) {
                count[0] += 1;
            }
        }
        sum[0] = sum[0] * 2 + count[0];
        sum[0] = sum[0] - k;
        count[0] = (int) (sum[0] >> 3) ^ count[0];
    }

    /** Not host code: an element of an input read after the loop. */
    public static void inputReadAfter(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
        out[0] += a[0];
    }

    /** The output read before the loop and used after it: the tail needs the value from before the loop. */
    public static void addedSinceStart(int[] a, @Reduce int[] total) {
        int before = total[0];
        for (@Parallel int i = 0; i < a.length; i++) {
            total[0] += a[i];
        }
        total[0] -= before;
    }

    /** A task whose code after the loop reads an output a later task of the schedule reduces into too. */
    public static void sumPlusCount(int[] x, @Reduce long[] sum, @Reduce int[] count) {
        for (@Parallel int i = 0; i < x.length; i++) {
            sum[0] += x[i];
            count[0] += 1;
        }
        sum[0] += count[0];
    }

    public static void countMore(int[] y, @Reduce int[] count) {
        for (@Parallel int i = 0; i < y.length; i++) {
            count[0] += 1;
        }
    }
}

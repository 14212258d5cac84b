package dev.ferrocl.tests;

import java.util.stream.IntStream;

/** Task methods written with IntStream.range(..).parallel().forEach(..). */
public final class StreamKernels {
    private StreamKernels() {
    }

    public static void add(int[] a, int[] b, int[] c) {
        IntStream.range(0, c.length).parallel().forEach(i -> c[i] = a[i] + b[i]);
    }

    public static void closedWithBranch(float[] x, int lo, int hi, float k) {
        IntStream.rangeClosed(lo, hi).parallel().forEach(i -> {
            if (x[i] > 0) {
                x[i] *= k;
            } else {
                x[i] = -x[i];
            }
        });
    }

    static void root(double[] d, int i) {
        d[i] = Math.sqrt(Math.abs(d[i]));
    }

    public static void methodBody(double[] d) {
        IntStream.range(0, d.length).parallel().forEach(i -> root(d, i));
    }

    /** Seed 003's flattened 2-D indexing: idx / m and idx % m. */
    public static void flattened(float[] out, float[] a, int n, int m) {
        IntStream.range(0, n * m).parallel().forEach(idx -> {
            int r = idx / m;
            int c = idx % m;
            out[idx] = a[r] * 10 + c;
        });
    }

    /** Without .parallel() a stream is a sequential loop (here a running sum). */
    public static void sequentialStream(int[] a) {
        IntStream.range(1, a.length).forEach(i -> a[i] = a[i - 1] + a[i]);
    }

    /** Gesummv (seed 003): y = alpha * A x + beta * B x. */
    public static void gesummv(float[] a, float[] b, float[] x, float[] y, int n, float alpha, float beta) {
        IntStream.range(0, n).parallel().forEach(i -> {
            float t1 = 0;
            float t2 = 0;
            for (int j = 0; j < n; j++) {
                t1 += a[i * n + j] * x[j];
                t2 += b[i * n + j] * x[j];
            }
            y[i] = alpha * t1 + beta * t2;
        });
    }

    /** An instance task whose lambda calls a private helper of the receiver. */
    public static final class Scaler {
        private int triple(int v) {
            return v * 3 + 1;
        }

        public void apply(int[] a) {
            IntStream.range(0, a.length).parallel().forEach(i -> a[i] = triple(a[i]));
        }
    }

    /** Two streams in one method: two kernels, run in order; the second reads the first's output. */
    public static void twoPhases(float[] x, float[] tmp, float[] y) {
        IntStream.range(0, tmp.length).parallel().forEach(i -> tmp[i] = x[i] * x[i] + 1f);
        IntStream.range(1, y.length - 1).parallel().forEach(i -> y[i] = tmp[i - 1] + tmp[i] + tmp[i + 1]);
    }
}

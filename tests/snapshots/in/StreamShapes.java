package snap;

import java.util.stream.IntStream;

/** IntStream forms (issue 4). */
public class StreamShapes {
    public static void lambda(int[] a, int[] b, int[] c) {
        IntStream.range(0, c.length).parallel().forEach(i -> c[i] = a[i] * b[i]);
    }

    public static void rangeClosedSplit(float[] out, int n, int m) {
        IntStream.rangeClosed(1, n * m - 1).parallel().forEach(idx -> out[idx] = idx / m + idx % m);
    }

    public static void notParallel(int[] a) {
        IntStream.range(1, a.length).forEach(i -> a[i] += a[i - 1]);
    }

    public static void otherStreamOperation(int[] a) {
        a[0] = IntStream.range(0, a.length).parallel().map(i -> a[i]).sum();
    }

    public static void twoKernels(float[] x, float[] y) {
        IntStream.range(0, x.length).parallel().forEach(i -> x[i] = x[i] * 2f);
        IntStream.range(0, y.length).parallel().forEach(i -> y[i] = x[i % x.length] + 1f);
    }
}

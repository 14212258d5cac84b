package dev.ferrocl.api;

/**
 * What the compiler inlines in a kernel in place of JDK methods whose own code it cannot compile, each giving exactly
 * the result the JDK method gives. Never called by Java code: the compiler reads this class's bytecode (through
 * {@link ClassResolver}) when a kernel calls one of the methods it stands for.
 *
 * <p>{@code Arrays.sort} of a primitive array (whole, or a range): the JDK's dual-pivot quicksort recurses, which a
 * kernel cannot. Sorting numbers has one result whatever the algorithm, so an insertion sort gives the JDK's array
 * bit for bit for integral types. For {@code float} and {@code double}, the JDK orders by {@code Float.compare}
 * ({@code -0.0} before {@code 0.0}, NaN last) in three steps that fix where each NaN and each {@code -0.0} ends up:
 * these methods make the same first and last steps as the JDK ({@code java.util.DualPivotQuicksort}: NaNs moved to
 * the end by the same swaps, {@code -0.0} counted, sorted as {@code 0.0} and put back before the zeros), so NaNs with
 * different payloads land where the JDK puts them. A bad range throws, and in a kernel a throw is a failed check: the
 * JVM reruns the method and the JDK's {@code Arrays.sort} throws its own exception with its own message.
 *
 * <p>An insertion sort takes time quadratic in the length: meant for the short arrays of a work-item (a window of a
 * median filter, the k best of a row), not for sorting a large array in one work-item.
 */
final class JdkSubstitutes {
    /** The class's internal name, as the compiler asks for it. */
    static final String INTERNAL_NAME = "dev/ferrocl/api/JdkSubstitutes";

    private JdkSubstitutes() {
    }

    /** The checks of {@code Arrays.rangeCheck}: a failure throws (the JVM's rerun gives the JDK's exception). */
    private static void rangeCheck(int length, int from, int to) {
        if (from > to) {
            throw new IllegalArgumentException();
        }
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException();
        }
        if (to > length) {
            throw new ArrayIndexOutOfBoundsException();
        }
    }

    static void sort(int[] a) {
        sort(a, 0, a.length);
    }

    static void sort(int[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        for (int i = from + 1; i < to; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    static void sort(long[] a) {
        sort(a, 0, a.length);
    }

    static void sort(long[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        for (int i = from + 1; i < to; i++) {
            long v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    static void sort(short[] a) {
        sort(a, 0, a.length);
    }

    static void sort(short[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        for (int i = from + 1; i < to; i++) {
            short v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    static void sort(char[] a) {
        sort(a, 0, a.length);
    }

    static void sort(char[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        for (int i = from + 1; i < to; i++) {
            char v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    static void sort(byte[] a) {
        sort(a, 0, a.length);
    }

    static void sort(byte[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        for (int i = from + 1; i < to; i++) {
            byte v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    static void sort(float[] a) {
        sort(a, 0, a.length);
    }

    static void sort(float[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        // As the JDK: -0.0f counted and made 0.0f, NaNs swapped to the end, scanning down.
        int high = to;
        int negativeZeros = 0;
        for (int k = high; k > from; ) {
            float ak = a[--k];
            if (ak == 0.0f && Float.floatToRawIntBits(ak) < 0) {
                negativeZeros++;
                a[k] = 0.0f;
            } else if (ak != ak) {
                a[k] = a[--high];
                a[high] = ak;
            }
        }
        // The numbers: no NaN and no -0.0f left, so < is Float.compare's order.
        for (int i = from + 1; i < high; i++) {
            float v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
        // As the JDK: the first zeros become -0.0f again.
        if (negativeZeros > 0) {
            int z = from;
            while (a[z] < 0.0f) {
                z++;
            }
            for (int q = 0; q < negativeZeros; q++) {
                a[z + q] = -0.0f;
            }
        }
    }

    static void sort(double[] a) {
        sort(a, 0, a.length);
    }

    static void sort(double[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        int high = to;
        int negativeZeros = 0;
        for (int k = high; k > from; ) {
            double ak = a[--k];
            if (ak == 0.0d && Double.doubleToRawLongBits(ak) < 0) {
                negativeZeros++;
                a[k] = 0.0d;
            } else if (ak != ak) {
                a[k] = a[--high];
                a[high] = ak;
            }
        }
        for (int i = from + 1; i < high; i++) {
            double v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
        if (negativeZeros > 0) {
            int z = from;
            while (a[z] < 0.0d) {
                z++;
            }
            for (int q = 0; q < negativeZeros; q++) {
                a[z + q] = -0.0d;
            }
        }
    }
}

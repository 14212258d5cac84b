package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Static fields holding primitive arrays ({@code static final float[] TABLE = {...}}, tables of another class,
 * non-final fields Java code reassigns, javac's switch map of an {@code enum} switch) or objects whose fields kernels
 * read ({@code config.scale}, {@code config.lut[k]}): the host reads the field at
 * every {@code execute()} and passes the array like an argument, copying it back where the kernel writes it. Strict,
 * against the JVM; a class Java has not initialised yet is initialised where Java does (the JVM runs that execution).
 */
public class StaticArrayTest {

    static final float[] WEIGHTS = {0.5f, -1.25f, 3f, 0f, -0f, 7.75f, Float.MIN_VALUE, 1e30f};
    static int[] offsets = {3, 1, 4, 1, 5, 9, 2, 6};
    static long[] results = new long[64];

    /** A table of another class, whose initialiser only fills arrays with constants. */
    static final class Tables {
        static final short[] STEPS = {-3, 17, 255, -32768, 32767, 0};
        static final double[] SCALE = new double[] {1.5, -2.25, Double.MIN_NORMAL};
    }

    /** How often {@link Counted}'s initialiser ran. */
    static int countedInits;

    /** A class whose initialiser can be seen (it counts its runs in another class): the host must not run it early. */
    static final class Counted {
        static final int[] DATA;

        static {
            countedInits++;
            DATA = new int[] {10, 20, 30, 40};
        }
    }

    /** An object in a static field whose fields kernels read. */
    static final class Config {
        final float scale;
        int offset;
        final int[] lut;
        Config inner;

        Config(float scale, int offset, int[] lut) {
            this.scale = scale;
            this.offset = offset;
            this.lut = lut;
        }
    }

    static Config config = new Config(1.5f, 3, new int[] {4, -5, 6});

    enum Op {
        ADD, SUB, MUL, XOR
    }

    public static void weighted(float[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * WEIGHTS[i & 7] + WEIGHTS[(i + 3) % WEIGHTS.length];
        }
    }

    public static void shifted(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[(i + offsets[i % offsets.length]) % a.length];
        }
    }

    public static void intoStatic(int[] a) {
        for (@Parallel int i = 0; i < results.length; i++) {
            results[i] = (long) a[i] * Tables.STEPS[i % Tables.STEPS.length];
        }
    }

    public static void otherClass(double[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Tables.SCALE[i % 3] * i + Tables.STEPS[i % 6];
        }
    }

    public static void boundFromStatic(int[] out) {
        for (@Parallel int i = 0; i < offsets.length; i++) {
            out[i] = offsets[i] * 2;
        }
    }

    public static void counted(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = Counted.DATA[i & 3] + i;
        }
    }

    public static void enumSwitch(int[] a, int[] out, Op op) {
        for (@Parallel int i = 0; i < out.length; i++) {
            switch (op) {
                case ADD:
                    out[i] = a[i] + i;
                    break;
                case SUB:
                    out[i] = a[i] - i;
                    break;
                case MUL:
                    out[i] = a[i] * i;
                    break;
                default:
                    out[i] = a[i] ^ i;
            }
        }
    }

    public static void fromAStaticObject(float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = config.scale * i + config.offset + config.lut[i % config.lut.length];
        }
    }

    public static void throughTwoObjects(int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = config.inner.offset * i + config.inner.lut[i & 1];
        }
    }

    public static void staticAndArgument(int[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            // Each iteration reads its own element through the field and writes it through the argument.
            a[i] = offsets[i] * 3 + a[i];
        }
    }

    @Test
    public void aFinalTableOfConstants() {
        check(StaticArrayTest::weighted, JvmOracle.floats(1, 1000, -3f, 3f), new float[1000]);
    }

    @Test
    public void aFieldJavaReassignsAndChangesBetweenExecutions() {
        int[] saved = offsets;
        try {
            int[] a = JvmOracle.ints(2, 300);
            check(StaticArrayTest::shifted, a, new int[300]);
            offsets = new int[] {7, 0, -0, 2};
            check(StaticArrayTest::shifted, a, new int[300]);
            offsets[1] = 11;
            check(StaticArrayTest::shifted, a, new int[300]);
            // One schedule, executed again after the field changed.
            int[] out = new int[300];
            try (TaskSchedule s = new TaskSchedule("again").task("t", StaticArrayTest::shifted, a, out)) {
                s.execute();
                offsets = new int[] {5, 6};
                s.execute();
                assertEquals(TaskReport.Where.DEVICE, s.report().task("t").ranOn());
            }
            int[] expected = new int[300];
            shifted(a, expected);
            assertArrayEquals(expected, out);
            // A negative element: the JVM's exception.
            offsets = new int[] {1, -400};
            int[] out2 = new int[300];
            MoreChecks.checkThrows(x -> shifted((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", StaticArrayTest::shifted, a, out2), a, out2);
            // A null field: Java's NullPointerException.
            offsets = null;
            int[] out3 = new int[300];
            MoreChecks.checkThrows(x -> shifted((int[]) x[0], (int[]) x[1]),
                    s -> s.task("t", StaticArrayTest::shifted, a, out3), a, out3);
        } finally {
            offsets = saved;
        }
    }

    @Test
    public void kernelsWriteStaticArrays() {
        int[] a = JvmOracle.ints(3, 64);
        long[] saved = results;
        try {
            results = new long[64];
            intoStatic(a);
            long[] expected = results;
            results = new long[64];
            long[] actual = results;
            try (TaskSchedule s = new TaskSchedule("write").task("t", StaticArrayTest::intoStatic, a)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            assertArrayEquals(expected, actual);
        } finally {
            results = saved;
        }
    }

    @Test
    public void tablesOfAnotherClassAndBounds() {
        check(StaticArrayTest::otherClass, new double[500]);
        check(StaticArrayTest::boundFromStatic, new int[8]);
        int[] saved = offsets;
        try {
            offsets = new int[] {1, 2, 3};
            check(StaticArrayTest::boundFromStatic, new int[8]);
            offsets = new int[20];
            int[] out = new int[8];
            MoreChecks.checkThrows(x -> boundFromStatic((int[]) x[0]),
                    s -> s.task("t", StaticArrayTest::boundFromStatic, out), out);
        } finally {
            offsets = saved;
        }
    }

    @Test
    public void aClassIsInitialisedWhereJavaInitialisesIt() {
        // Not initialised yet (nothing has touched Counted): the host must not run its initialiser, so the JVM
        // runs this execution, and initialises the class once.
        int[] out = new int[40];
        try (TaskSchedule s = new TaskSchedule("first").task("t", StaticArrayTest::counted, out)) {
            s.execute();
            assertEquals(TaskReport.Where.JVM, s.report().task("t").ranOn());
        }
        assertEquals(1, countedInits);
        int[] expected = new int[40];
        counted(expected);
        assertArrayEquals(expected, out);
        // Initialised now: the device runs it.
        check(StaticArrayTest::counted, new int[40]);
        assertEquals(1, countedInits);
    }

    @Test
    public void enumSwitchesReadJavacsSwitchMap() {
        int[] a = JvmOracle.ints(4, 200);
        for (Op op : Op.values()) {
            check(StaticArrayTest::enumSwitch, a, new int[200], op);
        }
    }

    @Test
    public void fieldsOfAnObjectInAStaticField() {
        Config saved = config;
        try {
            check(StaticArrayTest::fromAStaticObject, new float[100]);
            // Java code changes the object's fields, then the static field itself: every execution reads them anew.
            int[] out0 = new int[10];
            config.offset = -17;
            config.lut[1] = 1000;
            check(StaticArrayTest::fromAStaticObject, new float[100]);
            config = new Config(-0.25f, 8, new int[] {1, 2});
            check(StaticArrayTest::fromAStaticObject, new float[100]);
            config.inner = new Config(2f, 9, new int[] {7, 8});
            check(StaticArrayTest::throughTwoObjects, new int[50]);
            // A null object on the way: Java's NullPointerException.
            config.inner = null;
            MoreChecks.checkThrows(x -> throughTwoObjects((int[]) x[0]),
                    s -> s.task("t", StaticArrayTest::throughTwoObjects, out0), out0);
            config = null;
            float[] out1 = new float[10];
            MoreChecks.checkThrows(x -> fromAStaticObject((float[]) x[0]),
                    s -> s.task("t", StaticArrayTest::fromAStaticObject, out1), out1);
        } finally {
            config = saved;
        }
    }

    @Test
    public void oneArrayAsAStaticFieldAndAnArgument() {
        int[] saved = offsets;
        try {
            offsets = JvmOracle.ints(5, 64);
            int[] expected = offsets.clone();
            int[] copy = offsets.clone();
            // The JVM: the field and the argument are one array.
            int[] jvmOffsets = copy;
            offsets = jvmOffsets;
            staticAndArgument(jvmOffsets);
            offsets = expected;
            try (TaskSchedule s = new TaskSchedule("alias").task("t", StaticArrayTest::staticAndArgument, expected)) {
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
            }
            JvmOracle.assertSame("one array as field and argument", jvmOffsets, expected);
        } finally {
            offsets = saved;
        }
    }
}

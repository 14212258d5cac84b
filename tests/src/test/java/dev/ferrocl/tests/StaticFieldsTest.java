package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.SIZES;
import static dev.ferrocl.tests.JvmOracle.assertRanOnDevice;
import static dev.ferrocl.tests.JvmOracle.assertSame;
import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.JvmOracle.cloneArgs;

import dev.ferrocl.api.TaskSchedule;
import org.junit.After;
import org.junit.Test;

/**
 * Static fields: compile-time constants of this and another class, {@code static final} fields set by class
 * initialisation, and non-final static primitive fields, which must be read at every {@code execute()}: each test
 * changes the field between executions of one schedule (whose kernel is compiled once) and compares each run with
 * the JVM's run with the same field value.
 */
public class StaticFieldsTest {

    @After
    public void restoreFields() {
        StaticFieldKernels.offset = 10;
        StaticFieldKernels.gain = 1.5f;
        StaticFieldKernels.mask = 0xFFL;
        StaticFieldKernels.bias = -0.25;
        StaticFieldKernels.negate = false;
        StaticFieldKernels.smallByte = -3;
        StaticFieldKernels.letter = 'A';
        StaticFieldKernels.smallShort = -300;
        StaticFieldKernels.limit = 100;
        StaticFieldHolder.factor = 2f;
        StaticFieldHolder.shift = 0f;
    }

    private interface JvmRun {
        void run(Object[] args);
    }

    /** Runs the JVM on clones of the task's arguments, then the schedule; compares every argument. */
    private static void executeAndCompare(TaskSchedule s, String what, JvmRun jvm, Object... args) {
        Object[] expected = cloneArgs(args);
        jvm.run(expected);
        s.execute();
        assertRanOnDevice(s.report(), "t");
        for (int i = 0; i < args.length; i++) {
            assertSame(what + ", argument " + (i + 1), expected[i], args[i]);
        }
    }

    @Test
    public void compileTimeConstantsOfTheKernelClass() {
        for (int n : SIZES) {
            check(StaticFieldKernels::compileTimeConstants, Inputs.ints(1100, n), Inputs.longs(1101, n),
                    Inputs.floats(1102, n, -10f, 10f), Inputs.doubles(1103, n, -10, 10), n);
        }
    }

    @Test
    public void compileTimeConstantsOfAnotherClass() {
        for (int n : SIZES) {
            check(StaticFieldKernels::otherClassCompileTimeConstants, Inputs.ints(1104, n),
                    Inputs.doubles(1105, n, -10, 10), n);
        }
    }

    @Test
    public void finalFieldsSetByClassInitialisation() {
        for (int n : SIZES) {
            check(StaticFieldKernels::finalFieldsFromClassInitialisation, Inputs.ints(1106, n),
                    Inputs.doubles(1107, n, -10, 10), Inputs.longs(1108, n), n);
        }
    }

    @Test
    public void nonFinalIntFieldIsReadAtEveryExecute() {
        int n = 1000;
        int[] a = Inputs.ints(1109, n);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("sf").task("t", StaticFieldKernels::nonFinalInt, a, out, n)) {
            for (int v : new int[] {10, -7, Integer.MAX_VALUE, 0}) {
                StaticFieldKernels.offset = v;
                executeAndCompare(s, "offset = " + v, x -> StaticFieldKernels.nonFinalInt((int[]) x[0], (int[]) x[1],
                        (Integer) x[2]), a, out, n);
            }
        }
    }

    @Test
    public void nonFinalFloatFieldIsReadAtEveryExecute() {
        int n = 1000;
        float[] x = Inputs.floats(1110, n, -10f, 10f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("sf").task("t", StaticFieldKernels::nonFinalFloat, x, out, n)) {
            for (float v : new float[] {1.5f, -0.0f, Float.NaN, Float.MAX_VALUE, Float.MIN_VALUE}) {
                StaticFieldKernels.gain = v;
                executeAndCompare(s, "gain = " + v, y -> StaticFieldKernels.nonFinalFloat((float[]) y[0],
                        (float[]) y[1], (Integer) y[2]), x, out, n);
            }
        }
    }

    @Test
    public void nonFinalLongDoubleAndBooleanFields() {
        int n = 1000;
        long[] l = Inputs.longs(1111, n);
        double[] d = Inputs.doubles(1112, n, -10, 10);
        long[] lout = new long[n];
        double[] dout = new double[n];
        try (TaskSchedule s = new TaskSchedule("sf").task("t", StaticFieldKernels::nonFinalLongDoubleBoolean, l, d,
                lout, dout, n)) {
            for (int round = 0; round < 3; round++) {
                StaticFieldKernels.mask = round == 0 ? 0xFFL : round == 1 ? Long.MIN_VALUE | 1 : -1L;
                StaticFieldKernels.bias = round == 0 ? -0.25 : round == 1 ? Double.NaN : 1e300;
                StaticFieldKernels.negate = round == 1;
                executeAndCompare(s, "round " + round, y -> StaticFieldKernels.nonFinalLongDoubleBoolean(
                        (long[]) y[0], (double[]) y[1], (long[]) y[2], (double[]) y[3], (Integer) y[4]),
                        l, d, lout, dout, n);
            }
        }
    }

    @Test
    public void nonFinalByteCharShortFields() {
        int n = 1000;
        int[] a = Inputs.ints(1113, n);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("sf").task("t", StaticFieldKernels::nonFinalByteCharShort, a, out,
                n)) {
            for (int round = 0; round < 2; round++) {
                StaticFieldKernels.smallByte = round == 0 ? (byte) -3 : Byte.MIN_VALUE;
                StaticFieldKernels.letter = round == 0 ? 'A' : '\uFFFF';
                StaticFieldKernels.smallShort = round == 0 ? (short) -300 : Short.MIN_VALUE;
                executeAndCompare(s, "round " + round, y -> StaticFieldKernels.nonFinalByteCharShort((int[]) y[0],
                        (int[]) y[1], (Integer) y[2]), a, out, n);
            }
        }
    }

    @Test
    public void nonFinalFieldAsTheParallelLoopBound() {
        int n = 1000;
        int[] a = Inputs.ints(1114, n);
        int[] out = Inputs.ints(1115, n);
        try (TaskSchedule s = new TaskSchedule("sf").task("t", StaticFieldKernels::nonFinalLoopBound, a, out)) {
            for (int v : new int[] {100, 1000, 37, 0, -5}) {
                StaticFieldKernels.limit = v;
                executeAndCompare(s, "limit = " + v, y -> StaticFieldKernels.nonFinalLoopBound((int[]) y[0],
                        (int[]) y[1]), a, out);
            }
        }
    }

    @Test
    public void otherClassNonFinalFieldsReadInAHelper() {
        int n = 1000;
        float[] x = Inputs.floats(1116, n, -10f, 10f);
        float[] out = new float[n];
        try (TaskSchedule s = new TaskSchedule("sf").task("t", StaticFieldKernels::otherClassNonFinalInHelper, x, out,
                n)) {
            for (int round = 0; round < 3; round++) {
                StaticFieldHolder.factor = round == 0 ? 2f : round == 1 ? -0.5f : Float.POSITIVE_INFINITY;
                StaticFieldHolder.shift = round == 0 ? 0f : round == 1 ? 100f : -0.0f;
                executeAndCompare(s, "round " + round, y -> StaticFieldKernels.otherClassNonFinalInHelper(
                        (float[]) y[0], (float[]) y[1], (Integer) y[2]), x, out, n);
            }
        }
    }

    @Test
    public void eachNewScheduleSeesTheCurrentValue() {
        for (int n : SIZES) {
            for (int v : new int[] {1, -1, Integer.MIN_VALUE}) {
                StaticFieldKernels.offset = v;
                check(StaticFieldKernels::nonFinalInt, Inputs.ints(1117, n), new int[n], n);
            }
        }
    }
}

package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Arrays allocated inside a kernel ({@code new int[K]}, K a constant): private memory of each work-item, zeroed at
 * every {@code new}, checked against K. Results are compared with the JVM's run of the same method (strict mode);
 * out-of-range indexes and negative lengths must give the JVM's exception and arrays; what cannot be private memory
 * must be refused with its reason.
 */
public class PrivateMemoryTest {
    private static final int N = 1000;

    @Test
    public void histogramPerWorkItem() {
        int m = 37;
        check(PrivateMemoryKernels::histogram, Inputs.ints(1400, N * m), new int[N * PrivateMemoryKernels.BINS], N, m);
    }

    @Test
    public void medianOfAPrivateWindow() {
        check(PrivateMemoryKernels::medianWindow, JvmOracle.floats(1401, N, -100f, 100f), new float[N], N);
    }

    @Test
    public void everyPrimitiveType() {
        int[] a = JvmOracle.withSpecials(Inputs.ints(1402, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1,
                0xFFFF, 0x8000, 0x80, -129);
        check(PrivateMemoryKernels::everyType, a, new long[4 * N], new double[N], N);
    }

    @Test
    public void zeroedInEveryIterationOfAnInnerLoop() {
        int m = 9;
        check(PrivateMemoryKernels::freshEachIteration, Inputs.ints(1403, N), new int[N * m], N, m);
    }

    @Test
    public void indexInsidePrivateArray() {
        check(PrivateMemoryKernels::privateIndex, JvmOracle.ints(1404, N, 0, 8), new int[N], N);
    }

    @Test
    public void indexEqualToTheLengthThrowsTheJvmsException() {
        privateIndexThrows(8, "Index 8 out of bounds for length 8");
    }

    @Test
    public void negativeIndexThrowsTheJvmsException() {
        privateIndexThrows(-1, "Index -1 out of bounds for length 8");
    }

    private static void privateIndexThrows(int bad, String message) {
        int[] idx = JvmOracle.ints(1405, N, 0, 8);
        idx[600] = bad;
        int[] out = Inputs.ints(1406, N);
        Throwable e = checkThrows(x -> PrivateMemoryKernels.privateIndex((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", PrivateMemoryKernels::privateIndex, idx, out, N), idx, out, N);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals(message, e.getMessage());
    }

    @Test
    public void emptyArray() {
        int[] a = JvmOracle.ints(1407, N, 8, 1000);
        check(PrivateMemoryKernels::emptyArray, a, new int[N], N);
        a[321] = 7;
        int[] out = new int[N];
        Throwable e = checkThrows(x -> PrivateMemoryKernels.emptyArray((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", PrivateMemoryKernels::emptyArray, a, out, N), a, out, N);
        assertEquals(ArrayIndexOutOfBoundsException.class, e.getClass());
        assertEquals("Index 0 out of bounds for length 0", e.getMessage());
    }

    @Test
    public void negativeLengthThrowsOnlyWhenReached() {
        int[] a = JvmOracle.ints(1408, N, 0, 1000);
        check(PrivateMemoryKernels::negativeLength, a, new int[N], N);
        a[500] = 12345;
        int[] out = new int[N];
        Throwable e = checkThrows(
                x -> PrivateMemoryKernels.negativeLength((int[]) x[0], (int[]) x[1], (Integer) x[2]),
                s -> s.task("t", PrivateMemoryKernels::negativeLength, a, out, N), a, out, N);
        assertEquals(NegativeArraySizeException.class, e.getClass());
        assertEquals("-2", e.getMessage());
    }

    @Test
    public void pointReplacedByScalars() {
        check(PrivateMemoryKernels::points, JvmOracle.floats(1409, N, -10f, 10f), JvmOracle.floats(1410, N, -10f, 10f),
                new float[N], N);
    }

    @Test
    public void recordsReplacedByScalars() {
        int[] a = JvmOracle.withSpecials(Inputs.ints(1411, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        check(PrivateMemoryKernels::pairs, a, new long[N], N);
    }

    @Test
    public void anObjectReplacedInALoop() {
        int[] a = JvmOracle.withSpecials(Inputs.ints(1412, N), Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0);
        check(PrivateMemoryKernels::objectsMerged, a, new long[N], N);
    }

    @Test
    public void escapingObjectsAreRefused() {
        check(PrivateMemoryKernels::objectsAliased, Inputs.ints(1413, N), new long[N], N);
        // An object with a reference field (null, never used) was refused until 2026-11-28; now a slot too.
        check(PrivateMemoryKernels::objectWithArrayField, new int[10], 10);
    }

    private interface Adder {
        TaskSchedule add(TaskSchedule s);
    }

    private static void refused(Adder adder, String method, String reason) {
        try (TaskSchedule s = adder.add(new TaskSchedule("refused"))) {
            s.execute();
            fail("expected a CompilationException, report:\n" + s.report());
        } catch (CompilationException e) {
            assertTrue("the message should name the method: " + e.getMessage(), e.getMessage().contains(method));
            assertTrue("the message should say '" + reason + "': " + e.getMessage(), e.getMessage().contains(reason));
        }
    }

    @Test
    public void lengthMustBeConstant() {
        refused(s -> s.task("t", PrivateMemoryKernels::lengthFromParameter, new int[10], 10, 3),
                "lengthFromParameter", "is not a compile-time constant");
        refused(s -> s.task("t", PrivateMemoryKernels::lengthFromMutableStatic, new int[10], 10),
                "lengthFromMutableStatic", "is not a compile-time constant");
    }

    @Test
    public void privateMemoryIsLimited() {
        refused(s -> s.task("t", PrivateMemoryKernels::tooLarge, new int[10], 10), "tooLarge",
                "over the private-memory limit of 4096 bytes");
    }

    @Test
    public void escapingArraysAreRefused() {
        refused(s -> s.task("t", PrivateMemoryKernels::comparedByReference, new int[10], new int[10], 10),
                "comparedByReference", "comparing two different references");
    }

    /**
     * Arrays merged in one variable (a private array or a parameter, two private arrays) were refused; each access
     * through the variable now branches to the array it holds. (With every {@code a[i] > 0} no work-item writes
     * through {@code a}, which would race with the others' reads of it.)
     */
    @Test
    public void arraysMergedInOneVariableCompile() {
        int[] positive = JvmOracle.ints(1412, 10, 1, 1000);
        check(PrivateMemoryKernels::mergedWithParameter, positive, new int[10], 10);
        int[] mixed = JvmOracle.ints(1413, 10, -5, 5);
        check(PrivateMemoryKernels::mergedTwoAllocations, mixed, new int[10], 10);
    }
}

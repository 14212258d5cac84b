package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.tests.Kernels;
import java.lang.invoke.MethodHandleInfo;
import java.util.Arrays;
import java.util.List;
import org.junit.After;
import org.junit.Test;

/** The Java side on its own: argument checks, lambda analysis, reports, parsing. Needs no native library. */
public class ApiContractTest {

    @After
    public void restore() {
        TaskSchedule.strictOverride(null);
    }

    @Test
    public void duplicateTaskIdsAreRejected() {
        try (TaskSchedule s = new TaskSchedule("dup")) {
            s.task("t", Kernels::vectorAdd, new int[1], new int[1], new int[1], 1);
            try {
                s.task("t", Kernels::vectorAdd, new int[1], new int[1], new int[1], 1);
                fail("expected IllegalArgumentException");
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage(), expected.getMessage().contains("'t'"));
            }
        }
    }

    @Test
    public void nullCodeAndNullIdAreRejected() {
        try (TaskSchedule s = new TaskSchedule("nulls")) {
            try {
                s.task("t", (Task2<int[], Integer>) null, new int[1], 1);
                fail("expected NullPointerException");
            } catch (NullPointerException expected) {
                // fine
            }
            try {
                s.task(null, Kernels::vectorAdd, new int[1], new int[1], new int[1], 1);
                fail("expected NullPointerException");
            } catch (NullPointerException expected) {
                // fine
            }
            assertTrue(s.report().tasks().isEmpty());
        }
    }

    @Test
    public void aClosedScheduleCannotBeExecuted() {
        TaskSchedule s = new TaskSchedule("closed");
        s.close();
        s.close(); // twice is fine
        try {
            s.execute();
            fail("expected IllegalStateException");
        } catch (IllegalStateException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("closed"));
        }
        assertNotNull(s.report());
    }

    @Test
    public void kernelSourceOfAnUnknownTaskIsRejected() {
        try (TaskSchedule s = new TaskSchedule("unknown")) {
            s.kernelSource("nope");
            fail("expected IllegalArgumentException");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("nope"));
        }
    }

    @Test
    public void aReportBeforeExecuteSaysNotRun() {
        try (TaskSchedule s = new TaskSchedule("fresh").task("a", Kernels::vectorAdd, new int[1], new int[1],
                new int[1], 1)) {
            ExecutionReport r = s.report();
            assertEquals(1, r.tasks().size());
            TaskReport t = r.task("a");
            assertEquals(TaskReport.Where.NOT_RUN, t.ranOn());
            assertEquals(0, t.executions());
            assertEquals(0, t.globalSize().length);
            assertNull(t.device());
            assertTrue(r.toString(), r.toString().contains("NOT_RUN"));
            try {
                r.task("b");
                fail("expected IllegalArgumentException");
            } catch (IllegalArgumentException expected) {
                // fine
            }
        }
    }

    @Test
    public void aStaticMethodReferenceIsAStaticTarget() throws Exception {
        int[] a = new int[3];
        TaskTarget t = TaskTarget.of((Task4<int[], int[], int[], Integer>) Kernels::vectorAdd,
                new Object[] {a, a, a, 3});
        assertSame(Kernels.class, t.implClass);
        assertEquals("dev/ferrocl/tests/Kernels", t.internalName);
        assertEquals("vectorAdd", t.methodName);
        assertEquals("([I[I[II)V", t.descriptor);
        assertTrue(t.isStatic);
        assertEquals(MethodHandleInfo.REF_invokeStatic, t.kind);
        assertEquals(4, t.launchArgs.length);
        assertSame(a, t.launchArgs[0]);
        assertEquals(Integer.valueOf(3), t.launchArgs[3]);
        assertNotNull(t.classBytes());
    }

    @Test
    public void aBoundMethodReferencePutsTheReceiverFirst() throws Exception {
        Kernels.Scaler scaler = new Kernels.Scaler();
        float[] in = new float[2];
        TaskTarget t = TaskTarget.of((Task4<float[], float[], Float, Integer>) scaler::scale,
                new Object[] {in, in, 2f, 2});
        assertFalse(t.isStatic);
        assertEquals("dev/ferrocl/tests/Kernels$Scaler", t.internalName);
        assertEquals("([F[FFI)V", t.descriptor);
        assertEquals(5, t.launchArgs.length);
        assertSame(scaler, t.launchArgs[0]);
        assertSame(in, t.launchArgs[1]);
    }

    @Test
    public void anUnboundMethodReferenceTakesTheReceiverFromTheFirstArgument() throws Exception {
        Kernels.Scaler scaler = new Kernels.Scaler();
        TaskTarget t = TaskTarget.of((Task5<Kernels.Scaler, float[], float[], Float, Integer>) Kernels.Scaler::scale,
                new Object[] {scaler, new float[1], new float[1], 2f, 1});
        assertFalse(t.isStatic);
        assertEquals(MethodHandleInfo.REF_invokeVirtual, t.kind);
        assertSame(scaler, t.launchArgs[0]);
        assertEquals(5, t.launchArgs.length);
    }

    /** A subclass that overrides the kernel: a virtual task must compile the override. */
    static class LoudScaler extends Kernels.Scaler {
        @Override
        public void scale(float[] in, float[] out, float k, int n) {
            super.scale(in, out, 2 * k, n);
        }
    }

    @Test
    public void aVirtualTargetResolvesTheReceiversOverride() throws Exception {
        Kernels.Scaler scaler = new LoudScaler();
        TaskTarget t = TaskTarget.of((Task4<float[], float[], Float, Integer>) scaler::scale,
                new Object[] {new float[1], new float[1], 2f, 1});
        assertSame(LoudScaler.class, t.implClass);
        assertEquals("dev/ferrocl/api/ApiContractTest$LoudScaler", t.internalName);
    }

    @Test
    public void boxedScalarsAreWidenedToTheParameterTypes() {
        Object[] values = {new long[0], 5, 'x', (short) 3, 7};
        TaskTarget.coerce(values, 0, "([JJIFD)V");
        assertEquals(Long.valueOf(5), values[1]);
        assertEquals(Integer.valueOf('x'), values[2]);
        assertEquals(Float.valueOf(3f), values[3]);
        assertEquals(Double.valueOf(7d), values[4]);
        assertEquals(Arrays.asList('[', 'J', 'I', 'L', 'D'), TaskTarget.parameterKinds("([[JJILjava/lang/String;D)V"));
    }

    @Test
    public void aCapturingLambdaIsPassedOnAsItIs() throws Exception {
        int k = 3;
        Task2<int[], Integer> lambda = (x, n) -> x[0] = n + k;
        TaskTarget t = TaskTarget.of(lambda, new Object[] {new int[1], 4});
        assertTrue(t.methodName, t.methodName.startsWith("lambda$"));
        assertTrue(t.isStatic);
        assertEquals(3, t.launchArgs.length);
        assertEquals(3, t.launchArgs[0]);
    }

    /** A TaskN that is a plain class, not a lambda: it cannot be compiled and so runs on the JVM. */
    static final class NotALambda implements Task2<int[], Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public void apply(int[] x, Integer n) {
            for (int i = 0; i < n; i++) {
                x[i] = i * i;
            }
        }
    }

    @Test
    public void aNonLambdaTaskRunsOnTheJvmWhenNotStrict() {
        TaskSchedule.strictOverride(false);
        int[] x = new int[5];
        try (TaskSchedule s = new TaskSchedule("plain").task("t", new NotALambda(), x, 5)) {
            s.execute();
            TaskReport t = s.report().task("t");
            assertEquals(TaskReport.Where.JVM, t.ranOn());
            assertTrue(t.reason(), t.reason().contains("not a lambda"));
            try {
                s.kernelSource("t");
                fail("expected IllegalStateException");
            } catch (IllegalStateException expected) {
                assertTrue(expected.getMessage(), expected.getMessage().contains("runs on the JVM"));
            }
        }
        assertArrayEquals(new int[] {0, 1, 4, 9, 16}, x);
    }

    @Test
    public void aNonLambdaTaskIsACompilationExceptionWhenStrict() {
        TaskSchedule.strictOverride(true);
        int[] x = new int[5];
        try (TaskSchedule s = new TaskSchedule("plain strict").task("t", new NotALambda(), x, 5)) {
            s.execute();
            fail("expected CompilationException");
        } catch (CompilationException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("NotALambda"));
        }
        assertArrayEquals(new int[5], x);
    }

    @Test
    public void classResolverReadsClassFilesThroughTheLoader() {
        ClassResolver r = new ClassResolver(getClass().getClassLoader());
        byte[] math = r.classBytes("java/lang/Math");
        assertNotNull(math);
        assertEquals(0xCAFEBABE, (math[0] & 0xFF) << 24 | (math[1] & 0xFF) << 16 | (math[2] & 0xFF) << 8
                | (math[3] & 0xFF));
        assertNotNull(r.classBytes("dev/ferrocl/tests/Kernels"));
        assertNull(r.classBytes("no/such/Clazz"));
        assertNull(new ClassResolver(null).classBytes("[I"));
    }

    @Test
    public void deviceListingIsParsed() {
        List<Device> devices = Devices.parse("0:0\tCPU\tcpu-haswell\tPortable Computing Language\tOpenCL 3.0 PoCL\n"
                + "1:0\tGPU\tNVIDIA H100\tNVIDIA CUDA\tOpenCL 3.0 CUDA\n");
        assertEquals(2, devices.size());
        Device gpu = devices.get(1);
        assertEquals("1:0", gpu.id());
        assertEquals("GPU", gpu.type());
        assertEquals("NVIDIA H100", gpu.name());
        assertEquals("NVIDIA CUDA", gpu.platform());
        assertEquals("OpenCL 3.0 CUDA", gpu.version());
        assertEquals(gpu, Devices.choose(devices, null));
        assertEquals(devices.get(0), Devices.choose(devices, "0:0"));
        try {
            Devices.choose(devices, "9:9");
            fail("expected FerroclException");
        } catch (FerroclException expected) {
            assertTrue(expected.getMessage().contains("9:9"));
        }
        assertTrue(Devices.parse("").isEmpty());
        assertEquals(0, gpu.localMemoryBytes());
        Device sized = Devices.parse("1:0\tGPU\tNVIDIA H100\tNVIDIA CUDA\tOpenCL 3.0 CUDA\t132\t49152\t84929216512\n")
                .get(0);
        assertEquals(132, sized.computeUnits());
        assertEquals(49152, sized.localMemoryBytes());
        assertEquals(84929216512L, sized.globalMemoryBytes());
        try {
            Devices.parse("1:0\tGPU\tNVIDIA H100\tNVIDIA CUDA\tOpenCL 3.0 CUDA\tmany\t1\t2\n");
            fail("expected FerroclException for a malformed count");
        } catch (FerroclException expected) {
            assertTrue(expected.getMessage().contains("malformed"));
        }
    }

    /** The native listing carries the sizes: the default device has compute units and local memory. */
    @Test
    public void theDefaultDeviceHasItsSizes() {
        Device d = Devices.defaultDevice();
        assertTrue(d + ": " + d.computeUnits(), d.computeUnits() > 0);
        assertTrue(d + ": " + d.localMemoryBytes(), d.localMemoryBytes() > 0);
        assertTrue(d + ": " + d.globalMemoryBytes(), d.globalMemoryBytes() >= d.localMemoryBytes());
    }
}

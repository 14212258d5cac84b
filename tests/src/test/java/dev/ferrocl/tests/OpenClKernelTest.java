package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.api.FerroclException;
import dev.ferrocl.api.OpenClKernel;
import dev.ferrocl.api.TaskReport;
import org.junit.Test;

/** The raw-kernel entry point: hand-written OpenCL C with the same transfers as a compiled task. */
public class OpenClKernelTest {
    // FP_CONTRACT OFF: without it OpenCL may fuse a * x + y into one rounding, unlike Java.
    private static final String SAXPY = """
            #pragma OPENCL FP_CONTRACT OFF
            __kernel void saxpy(float a, __global const float* x, __global float* y, int n) {
                int i = get_global_id(0);
                if (i < n) y[i] = a * x[i] + y[i];
            }
            """;

    @Test
    public void saxpyMatchesJava() {
        int n = 1000;
        float[] x = Inputs.floats(7, n, -10f, 10f);
        float[] y = Inputs.floats(8, n, -10f, 10f);
        float[] expected = y.clone();
        for (int i = 0; i < n; i++) {
            expected[i] = 2.5f * x[i] + expected[i];
        }
        float[] xBefore = x.clone();
        try (OpenClKernel k = OpenClKernel.build(SAXPY, "saxpy")) {
            TaskReport r = k.launch(new long[] {1024}, new long[] {64}, 2.5f, OpenClKernel.readOnly(x), y, n);
            assertEquals(TaskReport.Where.DEVICE, r.ranOn());
            assertTrue(r.kernelNanos() > 0);
        }
        assertArrayEquals(expected, y, 0f);
        assertArrayEquals(xBefore, x, 0f);
    }

    /** Without profiling a launch computes the same; its kernel time is the host's wait and no transfer is timed. */
    @Test
    public void launchesWithoutProfilingMatchJava() {
        int n = 1000;
        float[] x = Inputs.floats(17, n, -10f, 10f);
        float[] y = Inputs.floats(18, n, -10f, 10f);
        float[] expected = y.clone();
        try (OpenClKernel k = OpenClKernel.build(SAXPY, "saxpy")) {
            assertTrue(k.profile(false) == k);
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < n; i++) {
                    expected[i] = 2.5f * x[i] + expected[i];
                }
                TaskReport r = k.launch(new long[] {1024}, new long[] {64}, 2.5f, OpenClKernel.readOnly(x), y, n);
                assertEquals(TaskReport.Where.DEVICE, r.ranOn());
                assertTrue(r.kernelNanos() > 0);
                assertEquals(0, r.transferNanos());
                assertArrayEquals(expected, y, 0f);
            }
            k.profile(true);
            for (int i = 0; i < n; i++) {
                expected[i] = 2.5f * x[i] + expected[i];
            }
            TaskReport r = k.launch(new long[] {1024}, new long[] {64}, 2.5f, OpenClKernel.readOnly(x), y, n);
            assertTrue(r.kernelNanos() > 0);
            assertArrayEquals(expected, y, 0f);
        }
    }

    @Test
    public void localMemoryAndEveryScalarKind() {
        String src = """
                __kernel void k(__global long* out, long a, double b, __local int* tmp) {
                    int l = get_local_id(0);
                    tmp[l] = l;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    if (l == 0) {
                        long s = 0;
                        for (int j = 0; j < (int) get_local_size(0); j++) s += tmp[j];
                        out[get_group_id(0)] = s + a + (long) b;
                    }
                }
                """;
        long[] out = new long[2];
        try (OpenClKernel k = OpenClKernel.build(src, "k")) {
            k.launch(new long[] {32}, new long[] {16}, out, 1000L, 3.0, OpenClKernel.local(16 * 4));
        }
        long expected = 120 + 1000 + 3;
        assertArrayEquals(new long[] {expected, expected}, out);
    }

    @Test
    public void buildErrorCarriesTheLog() {
        FerroclException e = assertThrows(FerroclException.class,
                () -> OpenClKernel.build("__kernel void k(__global int* a) { a[0] = undefined_name; }", "k"));
        assertTrue(e.getMessage(), e.getMessage().contains("undefined_name"));
    }

    @Test
    public void badArgumentsAreRefused() {
        try (OpenClKernel k = OpenClKernel.build(SAXPY, "saxpy")) {
            assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {4}, null, 1f, new Object(), new float[4], 4));
            assertThrows(IllegalArgumentException.class, () -> OpenClKernel.readOnly(new String[1]));
            assertThrows(IllegalArgumentException.class, () -> OpenClKernel.local(0));
            // The wrong number of arguments, refused before anything runs.
            IllegalArgumentException count = assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {4}, null, 1f, new float[4]));
            assertTrue(count.getMessage(), count.getMessage().contains("2 arguments given, the kernel declares 4"));
            // A local size that does not divide the global size.
            assertThrows(FerroclException.class,
                    () -> k.launch(new long[] {10}, new long[] {4}, 1f, new float[10], new float[10], 10));
        }
    }

    /** Each argument against the kernel's declaration (the driver's argument information): type and address space. */
    @Test
    public void argumentsAreCheckedAgainstTheDeclarations() {
        try (OpenClKernel k = OpenClKernel.build(SAXPY, "saxpy")) {
            float[] y = new float[4];
            // An int[] where the kernel takes float*.
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {4}, null, 1f, new int[4], y, 4));
            assertTrue(e.getMessage(), e.getMessage().contains("argument 1 is an int[]"));
            assertTrue(e.getMessage(), e.getMessage().contains("float*"));
            // A double where the kernel takes float, an array where it takes int, a long where it takes int.
            assertThrows(IllegalArgumentException.class, () -> k.launch(new long[] {4}, null, 1.0, new float[4], y, 4));
            assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {4}, null, 1f, new float[4], y, new int[1]));
            assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {4}, null, 1f, new float[4], y, 4L));
            // A local size where the kernel takes a value.
            assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {4}, null, 1f, new float[4], y, OpenClKernel.local(16)));
            // Nothing ran: y is untouched.
            assertArrayEquals(new float[4], y, 0f);
        }
    }

    /** A declared access (one element per work-item) against the global size: too short an array is refused. */
    @Test
    public void declaredAccessesAreCheckedAgainstTheGlobalSize() {
        String src = """
                __kernel void inc(__global const int* in, __global int* out) {
                    int i = get_global_id(0);
                    out[i] = in[i] + 1;
                }
                """;
        try (OpenClKernel k = OpenClKernel.build(src, "inc")) {
            int[] in = new int[256];
            for (int i = 0; i < in.length; i++) {
                in[i] = i * 3;
            }
            int[] shortOut = new int[255];
            int[] before = shortOut.clone();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {256}, null, OpenClKernel.perWorkItem(OpenClKernel.readOnly(in), 1),
                            OpenClKernel.perWorkItem(OpenClKernel.writeOnly(shortOut), 1)));
            assertTrue(e.getMessage(), e.getMessage().contains("argument 1 has 255 elements; 256 work-items"));
            assertArrayEquals("nothing ran", before, shortOut);
            // Two elements per work-item, checked the same way.
            assertThrows(IllegalArgumentException.class,
                    () -> k.launch(new long[] {129}, null, OpenClKernel.perWorkItem(in, 2), new int[256]));
            assertThrows(IllegalArgumentException.class, () -> OpenClKernel.perWorkItem(in, 0));
            // Large enough: it runs.
            int[] out = new int[256];
            k.launch(new long[] {256}, null, OpenClKernel.perWorkItem(OpenClKernel.readOnly(in), 1),
                    OpenClKernel.perWorkItem(OpenClKernel.writeOnly(out), 1));
            for (int i = 0; i < 256; i++) {
                assertEquals(in[i] + 1, out[i]);
            }
        }
    }

    @Test
    public void closedKernelRefusesLaunches() {
        OpenClKernel k = OpenClKernel.build(SAXPY, "saxpy");
        k.close();
        assertThrows(IllegalStateException.class,
                () -> k.launch(new long[] {4}, null, 1f, new float[4], new float[4], 4));
    }

    /**
     * A hand-written kernel may load vectors through a cast pointer: OpenCL aligns every buffer to
     * {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}. A Java array is aligned to 8 or 16 bytes only, so on a device that
     * shares host memory (PoCL) it may be read in place only at the device's alignment; before that rule, this
     * kernel read misaligned {@code float16}s in place and crashed the JVM on PoCL.
     */
    @Test
    public void vectorLoadsThroughACastPointerSeeAlignedBuffers() {
        String src = """
                #pragma OPENCL FP_CONTRACT OFF
                __kernel void sum16(__global const float* x, __global float* out) {
                    int i = get_global_id(0);
                    float16 v = ((__global const float16*) x)[i];
                    float s = 0.0f;
                    for (int l = 0; l < 16; l++) s += ((float*) &v)[l];
                    out[i] = s;
                }
                """;
        int groups = 256;
        try (OpenClKernel k = OpenClKernel.build(src, "sum16")) {
            // Arrays of several sizes, each after a filler of another size: their addresses fall at every 8-byte
            // offset modulo the device's alignment.
            for (int shift = 0; shift < 24; shift++) {
                byte[] filler = new byte[8 * shift + 1];
                float[] x = Inputs.floats(40 + shift, 16 * groups, -4f, 4f);
                float[] out = new float[groups];
                float[] expected = new float[groups];
                for (int i = 0; i < groups; i++) {
                    float s = 0f;
                    for (int l = 0; l < 16; l++) {
                        s += x[16 * i + l];
                    }
                    expected[i] = s;
                }
                k.launch(new long[] {groups}, null, OpenClKernel.readOnly(x), OpenClKernel.writeOnly(out));
                assertArrayEquals("shift " + shift + " (filler " + filler.length + " bytes)", expected, out, 0f);
            }
        }
    }
}

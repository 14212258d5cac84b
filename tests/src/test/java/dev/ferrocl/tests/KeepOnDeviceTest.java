package dev.ferrocl.tests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.util.Arrays;
import org.junit.Test;

/**
 * {@link TaskSchedule#keepOnDevice(Object...)}: kept arrays are uploaded once and then read from the device's copy
 * until the caller marks them changed. Every result is compared with the JVM running the same sequence of calls;
 * where the contract says a change is not seen, the JVM oracle is given the old contents, which is what a skipped
 * upload must produce.
 */
public class KeepOnDeviceTest {
    static void accumulate(float[] a, float[] b) {
        for (@Parallel int i = 0; i < b.length; i++) {
            b[i] = b[i] + a[i] * 0.5f;
        }
    }

    static void gather(int[] a, int[] idx, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] += a[idx[i]];
        }
    }

    static void sum(float[] a, @Reduce float[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] += a[i];
        }
    }

    static void max(int[] a, @Reduce int[] out) {
        for (@Parallel int i = 0; i < a.length; i++) {
            out[0] = Math.max(out[0], a[i]);
        }
    }

    private static float[] floats(int n, int seed) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = ((i * 7919 + seed) % 1013) * 0.25f - 100f;
        }
        return a;
    }

    private static void assertOnDevice(TaskSchedule s) {
        for (TaskReport t : s.report().tasks()) {
            assertEquals(t.reason(), TaskReport.Where.DEVICE, t.ranOn());
        }
    }

    @Test
    public void keptArraysAreReadAndWrittenAcrossExecutions() {
        int n = 100_003;
        float[] a = floats(n, 1);
        float[] b = floats(n, 2);
        float[] ja = a.clone();
        float[] jb = b.clone();
        try (TaskSchedule s = new TaskSchedule("keep").task("acc", KeepOnDeviceTest::accumulate, a, b)) {
            s.keepOnDevice(a, b, a);
            for (int round = 0; round < 5; round++) {
                s.execute();
                assertOnDevice(s);
                accumulate(ja, jb);
                assertArrayEquals("round " + round, jb, b, 0f);
            }
            // A change the schedule is told about is seen.
            for (int i = 0; i < n; i += 3) {
                a[i] = -a[i];
                ja[i] = -ja[i];
            }
            s.markChanged(a).execute();
            accumulate(ja, jb);
            assertArrayEquals("after markChanged(a)", jb, b, 0f);
            // One it is not told about is not: the device keeps using its copy (the documented contract).
            float[] before = a.clone();
            Arrays.fill(a, 1e6f);
            s.execute();
            accumulate(before, jb);
            assertArrayEquals("an unreported change is not seen", jb, b, 0f);
            // Changing b on the host and saying so.
            Arrays.fill(b, 2f);
            Arrays.fill(jb, 2f);
            s.markChanged(a, b).execute();
            accumulate(a, jb);
            assertArrayEquals("after markChanged(a, b)", jb, b, 0f);
            // Dropped: uploaded at every execution again, so host changes are seen without a word.
            s.dropFromDevice(a, b, new int[3]);
            Arrays.fill(a, 3f);
            s.execute();
            accumulate(a, jb);
            assertArrayEquals("after dropFromDevice", jb, b, 0f);
            assertOnDevice(s);
        }
    }

    @Test
    public void aRerunOnTheJvmMakesEveryKeptArrayUploadAgain() {
        int n = 5000;
        int[] a = new int[n];
        int[] idx = new int[n];
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 3 - 77;
            idx[i] = (i * 31) % n;
            out[i] = i;
        }
        int[] jout = out.clone();
        try (TaskSchedule s = new TaskSchedule("rerun").task("gather", KeepOnDeviceTest::gather, a, idx, out)) {
            s.keepOnDevice(a, idx, out).execute();
            assertOnDevice(s);
            gather(a, idx, jout);
            assertArrayEquals(jout, out);
            // An index out of bounds: the device's writes are discarded and the JVM reruns the method, which
            // throws after updating part of out.
            idx[4000] = n + 5;
            s.markChanged(idx);
            int[] jidx = idx.clone();
            assertThrows(ArrayIndexOutOfBoundsException.class, s::execute);
            assertThrows(ArrayIndexOutOfBoundsException.class, () -> gather(a, jidx, jout));
            assertArrayEquals("the JVM's partial results", jout, out);
            assertEquals(TaskReport.Where.JVM, s.report().tasks().get(0).ranOn());
            // The JVM changed out: the next execution must upload it, without being told.
            idx[4000] = 17;
            jidx[4000] = 17;
            s.markChanged(idx).execute();
            assertOnDevice(s);
            gather(a, jidx, jout);
            assertArrayEquals("after the rerun", jout, out);
        }
    }

    @Test
    public void reductionsOverAKeptInput() {
        // Small integers: every partial sum stays below 2^24 in magnitude, so every order gives the same float.
        float[] a = new float[1 << 20];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 7919) % 7 - 2;
        }
        int[] m = new int[300_001];
        for (int i = 0; i < m.length; i++) {
            m[i] = (i * 1103515245 + 12345) >>> 3;
        }
        float[] out = {0f};
        int[] top = {Integer.MIN_VALUE};
        try (TaskSchedule s = new TaskSchedule("reduce-kept").task("sum", KeepOnDeviceTest::sum, a, out)
                .task("max", KeepOnDeviceTest::max, m, top)) {
            s.keepOnDevice(a, m);
            for (int round = 0; round < 3; round++) {
                out[0] = round;
                top[0] = Integer.MIN_VALUE;
                float[] jout = {round};
                int[] jtop = {Integer.MIN_VALUE};
                s.execute();
                assertOnDevice(s);
                sum(a, jout);
                max(m, jtop);
                assertEquals("max, round " + round, jtop[0], top[0]);
                assertEquals("sum, round " + round, jout[0], out[0], 0f);
                m[round * 1000] = Integer.MAX_VALUE - round;
                s.markChanged(m);
            }
        }
    }

    @Test
    public void badArguments() {
        float[] a = new float[10];
        try (TaskSchedule s = new TaskSchedule("bad").task("acc", KeepOnDeviceTest::accumulate, a, a.clone())) {
            assertThrows(IllegalArgumentException.class, () -> s.keepOnDevice((Object) null));
            assertThrows(IllegalArgumentException.class, () -> s.keepOnDevice("not an array"));
            assertThrows(IllegalArgumentException.class, () -> s.keepOnDevice((Object) new Object[] {a}));
            assertThrows(NullPointerException.class, () -> s.keepOnDevice((Object[]) null));
            assertThrows(IllegalArgumentException.class, () -> s.markChanged(a));
            s.keepOnDevice(a).markChanged(a).close();
            assertThrows(IllegalStateException.class, () -> s.keepOnDevice(a));
            assertThrows(IllegalStateException.class, () -> s.markChanged(a));
            assertThrows(IllegalStateException.class, () -> s.dropFromDevice(a));
        }
    }
}

package dev.ferrocl.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import dev.ferrocl.api.CompilationException;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.AfterClass;
import org.junit.Test;

/**
 * A seeded differential fuzzer: random kernels (a {@code @Parallel} loop, sometimes with a later start, a larger step
 * or a shorter range, sometimes a 2-D nest, an inner sequential loop with a constant or parameter bound and a
 * {@code break}/{@code continue}, scalars computed before the loop, {@code if}s and {@code switch}es in the body, over
 * arrays and scalars of every primitive type but {@code boolean}) with random expression trees of depth at most 5
 * (arithmetic, shifts, bitwise operations, comparisons, ternaries, every primitive cast, the {@code Math},
 * {@code Integer}, {@code Long}, {@code Float} and {@code Double} helpers that are exact, compound assignments on narrow
 * types, divisions whose divisor may be zero, array reads at, around, strided from and gathered by the index, rarely
 * out of bounds), each run on three sets of random inputs full of edge values (0, -1, MIN/MAX, NaN, ±∞, -0.0,
 * subnormals). No transcendental functions (the device may differ by an ulp) and no {@code Math.copySign}, whose
 * result for a NaN sign argument depends on the NaN's sign bit, which Java leaves open (x86's {@code 0.0 / 0.0} is
 * negative, a folded constant positive): {@code StrictMath.copySign} instead.
 *
 * <p>The kernels are Java source compiled in-process ({@link ToolProvider#getSystemJavaCompiler()}, many kernels per
 * class) into a temporary folder and loaded by a {@link URLClassLoader} whose parent is this class's loader (Ferrocl
 * reads their class files through that loader). Each generated class holds, next to every kernel {@code kN}, a method
 * {@code sN(Object[])} returning a {@link TaskSchedule} with the task {@code "t"} (a method reference needs the class).
 * Each kernel runs on the JVM on clones of its inputs (the oracle), then strict through the schedule on the
 * originals: where the JVM returns, the task must have run on the device and every array must equal the JVM's bit for
 * bit (floating-point values by {@link Float#floatToIntBits}/{@link Double#doubleToLongBits}: NaNs canonicalised,
 * -0.0 and 0.0 distinct); where the JVM throws, the schedule must throw the same class with the same message and leave
 * every array as the JVM left it. A clean bailout ({@link CompilationException}, arrays untouched) is accepted and
 * printed after the class. Seeds are fixed; a failure prints the kernel's source and inputs. The {@code minimal*}
 * tests are hand-minimised kernels of failures the fuzzer found, run through the same machinery.
 */
public class RandomKernelTest {

    // ================================================================ outcomes, kept for the summary

    private static final List<String> BAILOUTS = Collections.synchronizedList(new ArrayList<>());
    private static final int[] COUNTS = new int[4]; // device, JVM's exception, bailout, failure
    private static long compileNanos;
    private static long buildNanos;
    private static long kernelNanos;
    private static long executeNanos;

    @AfterClass
    public static void printSummary() {
        synchronized (COUNTS) {
            System.err.println("RandomKernelTest: " + (COUNTS[0] + COUNTS[1] + COUNTS[2] + COUNTS[3])
                    + " runs: device " + COUNTS[0] + ", the JVM's exception " + COUNTS[1] + ", bailout " + COUNTS[2]
                    + ", failed " + COUNTS[3] + "; Ferrocl's compiler " + compileNanos / 1_000_000
                    + " ms, the OpenCL builds " + buildNanos / 1_000_000 + " ms, kernels " + kernelNanos / 1_000_000
                    + " ms, execute() " + executeNanos / 1_000_000 + " ms");
        }
        synchronized (BAILOUTS) {
            for (String b : BAILOUTS) {
                System.err.println("RandomKernelTest bailout: " + b);
            }
        }
    }

    // ================================================================ the fuzzing tests

    /** Kernels per generated class (one javac run per test compiles all its classes). */
    private static final int PER_CLASS = 20;

    /** Kernels per seed: 4 seeds of 40 build in about 50 s on 2 cores with PoCL's kernel cache cold, 10 s warm. */
    private static final int KERNELS = 40;

    /** Input sets each kernel runs on (after the first, a run costs little: the kernel is built). */
    private static final int INPUT_SETS = 3;

    @Test
    public void seedA() throws Exception {
        fuzz(0x5EED_A001L, KERNELS);
    }

    @Test
    public void seedB() throws Exception {
        fuzz(0x5EED_B002L, KERNELS);
    }

    @Test
    public void seedC() throws Exception {
        fuzz(0x5EED_C003L, KERNELS);
    }

    @Test
    public void seedD() throws Exception {
        fuzz(0x5EED_D004L, KERNELS);
    }

    /** Ferrocl finds the class file of a class loaded from a temporary folder by a URLClassLoader. */
    @Test
    public void generatedClassRunsOnTheDevice() throws Exception {
        int[] a = {1, 2, -3};
        assertEquals(Outcome.DEVICE, fixed("int[] a", "a[i] = a[i] * 3 + 1;", a));
        assertEquals("[4, 7, -8]", java.util.Arrays.toString(a));
    }

    // ---------------------------------------------------------------- failures the fuzzer found, minimised
    //
    // PoCL 3.1 (libpocl.so.2.10, LLVM) miscompiles Math.floor/ceil (OpenCL floor/ceil/trunc) of a constant NaN and
    // Math.rint (OpenCL rint) of a constant NaN, infinity or large value (|x| >= about 2^63 for double, 2^31 for
    // float): the kernel stores nothing (the array keeps whatever the device buffer held) or takes a wrong branch
    // (a failed check that sends a kernel back to the JVM, or a wrong value). The constant need not be a literal:
    // LLVM folds Math.floor(x - (Double.NaN + x)) or Math.ceil(Math.max(Float.NaN, y)) to one. The kernel Ferrocl
    // writes is right (`rint(as_double(0x7ff8000000000000UL))`); a plain C host program building
    // `o[0] = floor(as_double(0x7ff8000000000000UL));` leaves o[0] unwritten, and one building `o[0] = rint(1e19);`
    // crashes in the kernel. Run-time arguments are computed right.

    @Test
    public void minimalFloorOfConstantNaN() throws Exception {
        fixed("double[] out", "out[i] = Math.floor(Double.NaN);", (Object) new double[] {1, 2, 3});
    }

    @Test
    public void minimalRintOfLargeConstant() throws Exception {
        fixed("double[] out", "out[i] = Math.rint(1e19);", (Object) new double[] {1, 2, 3});
    }

    /**
     * Runs one hand-written kernel {@code k0(params)} whose body is {@code for (@Parallel int i = 0; i <
     * <first parameter>.length; i++) { body }} through the same machinery as the generated ones (no bailout
     * accepted).
     */
    static Outcome fixed(String params, String body, Object... args) throws Exception {
        String first = params.split(",")[0].trim().split(" ")[1];
        String k = "    public static void k0(" + params + ") {\n"
                + "        for (@Parallel int i = 0; i < " + first + ".length; i++) {\n"
                + "            " + body.replace("\n", "\n            ") + "\n"
                + "        }\n"
                + "    }\n";
        List<String> types = new ArrayList<>();
        for (String p : params.split(",")) {
            types.add(p.trim().split(" ")[0]);
        }
        // named by its text: one name, one kernel, whatever order the tests run in
        String name = "Fixed" + Integer.toHexString(k.hashCode()).toUpperCase();
        Class<?> c = compileOne(name, k, "k0", types.toArray(new String[0]));
        return check(name, c, "k0", "s0", k, args, false);
    }

    static void fuzz(long seed, int kernels) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        List<Kernel> all = new ArrayList<>();
        for (int k = 0; k < kernels; k++) {
            all.add(new Gen(r.split()).kernel("k" + k));
        }
        // One javac run for all classes of this seed.
        Map<String, String> sources = new LinkedHashMap<>();
        String prefix = "Gen" + Long.toHexString(seed).toUpperCase() + "_";
        for (int c = 0; c * PER_CLASS < kernels; c++) {
            List<Kernel> part = all.subList(c * PER_CLASS, Math.min(kernels, (c + 1) * PER_CLASS));
            String name = prefix + c;
            for (Kernel k : part) {
                k.className = name;
            }
            sources.put(name, classSource(name, part));
        }
        long t0 = System.nanoTime();
        ClassLoader loader = compile(sources);
        long t1 = System.nanoTime();
        List<String> failures = new ArrayList<>();
        for (Kernel k : all) {
            Class<?> c = loader.loadClass("fuzz." + k.className);
            SplittableRandom inputs = new SplittableRandom(seed * 31 + k.name.hashCode());
            for (int set = 0; set < INPUT_SETS; set++) {
                Object[] args = k.inputs(inputs);
                String label = k.className + "." + k.name + " (seed 0x" + Long.toHexString(seed) + ", input set "
                        + set + ")";
                try {
                    if (check(label, c, k.name, "s" + k.name.substring(1), k.source, args, true)
                            == Outcome.BAILOUT) {
                        break; // the same bailout for every input
                    }
                } catch (AssertionError e) {
                    failures.add(e.getMessage());
                    break;
                }
            }
        }
        System.err.printf("RandomKernelTest: seed 0x%x: %d kernels, javac %d ms, runs %d ms%n", seed, kernels,
                (t1 - t0) / 1_000_000, (System.nanoTime() - t1) / 1_000_000);
        if (!failures.isEmpty()) {
            StringBuilder b = new StringBuilder(failures.size() + " of " + kernels + " kernels failed:\n");
            for (String f : failures) {
                b.append("\n").append(f).append("\n");
            }
            fail(b.toString());
        }
    }

    // ================================================================ compiling and loading generated classes

    private static Path root;

    private static synchronized Path root() throws IOException {
        if (root == null) {
            root = Files.createTempDirectory("ferrocl-fuzz");
            Path r = root;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try (Stream<Path> s = Files.walk(r)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException ignored) {
                    // a temporary folder left behind
                }
            }));
        }
        return root;
    }

    private static int batch;

    /** Compiles classes of package {@code fuzz} (name to source) with one javac run; a fresh loader for them. */
    private static ClassLoader compile(Map<String, String> sources) throws IOException {
        Path dir;
        synchronized (RandomKernelTest.class) {
            dir = root().resolve("b" + batch++);
        }
        Path src = dir.resolve("src/fuzz");
        Path out = dir.resolve("classes");
        Files.createDirectories(src);
        Files.createDirectories(out);
        List<String> opts = List.of("-g", "-proc:none", "-nowarn", "-Xlint:none", "-encoding", "UTF-8", "-cp",
                System.getProperty("java.class.path"), "-d", out.toString());
        List<String> argv = new ArrayList<>(opts);
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey() + ".java");
            Files.write(f, e.getValue().getBytes(StandardCharsets.UTF_8));
            argv.add(f.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertTrue("no system Java compiler (a JRE?)", javac != null);
        StringWriter err = new StringWriter();
        int rc = javac.run(null, null, null, argv.toArray(new String[0]));
        if (rc != 0) {
            // rerun with the diagnostics captured for the message
            javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> d = new javax.tools.DiagnosticCollector<>();
            try (javax.tools.StandardJavaFileManager fm = javac.getStandardFileManager(d, null, StandardCharsets.UTF_8)) {
                List<java.io.File> files = new ArrayList<>();
                for (String name : sources.keySet()) {
                    files.add(src.resolve(name + ".java").toFile());
                }
                javac.getTask(new PrintWriter(err), fm, d, opts, null, fm.getJavaFileObjectsFromFiles(files)).call();
            }
            fail("generated source does not compile:\n" + d.getDiagnostics() + "\n" + String.join("\n",
                    sources.values()));
        }
        return new URLClassLoader(new URL[] {out.toUri().toURL()}, RandomKernelTest.class.getClassLoader());
    }

    /** A class of one kernel {@code k0} (method text as written) with its schedule {@code s0}. */
    static Class<?> compileOne(String name, String kernelSource, String kernel, String[] paramTypes)
            throws Exception {
        Kernel k = new Kernel(kernel);
        k.source = kernelSource;
        for (String t : paramTypes) {
            k.paramTypes.add(t);
        }
        k.className = name;
        Map<String, String> m = new LinkedHashMap<>();
        m.put(name, classSource(name, List.of(k)));
        return compile(m).loadClass("fuzz." + name);
    }

    private static String classSource(String name, List<Kernel> kernels) {
        StringBuilder b = new StringBuilder();
        b.append("package fuzz;\n\nimport dev.ferrocl.api.Parallel;\nimport dev.ferrocl.api.TaskSchedule;\n\n");
        b.append("public final class ").append(name).append(" {\n");
        for (Kernel k : kernels) {
            b.append(k.source).append("\n");
            b.append("    public static TaskSchedule s").append(k.name.substring(1))
                    .append("(Object[] a) {\n        return new TaskSchedule(\"fuzz\").task(\"t\", ").append(name)
                    .append("::").append(k.name);
            for (int p = 0; p < k.paramTypes.size(); p++) {
                b.append(", (").append(k.paramTypes.get(p)).append(") a[").append(p).append("]");
            }
            b.append(");\n    }\n\n");
        }
        return b.append("}\n").toString();
    }

    // ================================================================ running one kernel both ways

    enum Outcome {
        DEVICE, JVM_EXCEPTION, BAILOUT
    }

    /**
     * Runs kernel {@code k} of class {@code c} on the JVM on clones of {@code args}, then through schedule {@code s}
     * on the originals, and compares (see the class comment). Failures are AssertionErrors naming the kernel's
     * source and inputs.
     */
    static Outcome check(String label, Class<?> c, String k, String s, String source, Object[] args,
            boolean mayBail) throws Exception {
        Method kernel = null;
        for (Method m : c.getMethods()) {
            if (m.getName().equals(k)) {
                kernel = m;
            }
        }
        Method schedule = c.getMethod(s, Object[].class);
        String inputs = describe(args);
        Object[] expected = JvmOracle.cloneArgs(args);
        Object[] before = JvmOracle.cloneArgs(args);
        Throwable jvm = null;
        try {
            kernel.invoke(null, expected);
        } catch (InvocationTargetException e) {
            jvm = e.getCause();
        }
        String what = label + "\n" + source + "inputs:\n" + inputs;
        Outcome outcome;
        try {
            outcome = compare(what, jvm, schedule, args, expected, before, mayBail);
        } catch (AssertionError e) {
            count(3);
            throw e;
        }
        count(outcome.ordinal());
        return outcome;
    }

    private static void count(int i) {
        synchronized (COUNTS) {
            COUNTS[i]++;
        }
    }

    private static Outcome compare(String what, Throwable jvm, Method schedule, Object[] args, Object[] expected,
            Object[] before, boolean mayBail) throws Exception {
        TaskSchedule s = (TaskSchedule) schedule.invoke(null, (Object) args);
        try {
            Throwable actual = null;
            long started = System.nanoTime();
            try {
                s.execute();
            } catch (CompilationException e) {
                if (!mayBail) {
                    throw new AssertionError(what + "\nunexpected bailout: " + e.getMessage(), e);
                }
                for (int i = 0; i < args.length; i++) {
                    same(what + "\nargument " + (i + 1) + " after a bailout", before[i], args[i]);
                }
                String first = String.valueOf(e.getMessage()).split("\n")[0];
                BAILOUTS.add(e.kind() + ": " + first);
                return Outcome.BAILOUT;
            } catch (Throwable t) {
                actual = t;
            }
            TaskReport t = s.report().task("t");
            synchronized (COUNTS) {
                compileNanos += t.compileNanos();
                buildNanos += t.buildNanos();
                kernelNanos += t.kernelNanos();
                executeNanos += System.nanoTime() - started;
            }
            if (jvm == null) {
                if (actual != null) {
                    throw new AssertionError(what + "\nthe JVM returned normally but the schedule threw " + actual
                            + "\n" + stackTrace(actual));
                }
                if (t.ranOn() != TaskReport.Where.DEVICE) {
                    fail(what + "\nshould have run on the device but ran on " + t.ranOn() + ": " + t.reason());
                }
            } else {
                if (actual == null) {
                    fail(what + "\nexpected the JVM's " + jvm + " but execute() returned normally; ran on "
                            + t.ranOn() + ": " + t.reason());
                }
                if (actual.getClass() != jvm.getClass()
                        || !java.util.Objects.equals(jvm.getMessage(), actual.getMessage())) {
                    throw new AssertionError(what + "\nexpected the JVM's " + jvm + " but got " + actual + "\n"
                            + stackTrace(actual));
                }
            }
            for (int i = 0; i < args.length; i++) {
                same(what + "\nargument " + (i + 1) + (jvm == null ? "" : " after " + jvm) + " (ran on "
                        + t.ranOn() + ")", expected[i], args[i]);
            }
            return jvm == null ? Outcome.DEVICE : Outcome.JVM_EXCEPTION;
        } finally {
            s.close();
        }
    }

    private static void same(String what, Object expected, Object actual) {
        try {
            JvmOracle.assertSame("", expected, actual);
        } catch (AssertionError e) {
            throw new AssertionError(what + e.getMessage(), e);
        }
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        String s = w.toString();
        return s.length() > 3000 ? s.substring(0, 3000) + "..." : s;
    }

    /** The inputs as Java literals (arrays element by element, floating-point values with their bits). */
    static String describe(Object[] args) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < args.length; i++) {
            b.append("  ").append(i + 1).append(": ");
            Object a = args[i];
            if (a != null && a.getClass().isArray()) {
                int n = Array.getLength(a);
                b.append(a.getClass().getComponentType()).append("[").append(n).append("] {");
                for (int e = 0; e < Math.min(n, 64); e++) {
                    b.append(e == 0 ? "" : ", ").append(literal(Array.get(a, e)));
                }
                b.append(n > 64 ? ", ...}" : "}");
            } else {
                b.append(literal(a));
            }
            b.append("\n");
        }
        return b.toString();
    }

    private static String literal(Object v) {
        if (v instanceof Float) {
            float f = (Float) v;
            return f + "f/0x" + Integer.toHexString(Float.floatToRawIntBits(f));
        }
        if (v instanceof Double) {
            double d = (Double) v;
            return d + "/0x" + Long.toHexString(Double.doubleToRawLongBits(d));
        }
        if (v instanceof Long) {
            return v + "L";
        }
        if (v instanceof Character) {
            return "(char) " + (int) (Character) v;
        }
        return String.valueOf(v);
    }

    // ================================================================ the generator

    /** The primitive types (boolean only in conditions). */
    enum T {
        BOOLEAN("boolean"), BYTE("byte"), SHORT("short"), CHAR("char"), INT("int"), LONG("long"), FLOAT("float"),
        DOUBLE("double");

        final String java;

        T(String java) {
            this.java = java;
        }

        boolean integral() {
            return this != BOOLEAN && this != FLOAT && this != DOUBLE;
        }

        boolean narrow() {
            return this == BYTE || this == SHORT || this == CHAR;
        }

        T promoted() {
            return narrow() ? INT : this;
        }

        Class<?> arrayClass() {
            switch (this) {
                case BYTE: return byte[].class;
                case SHORT: return short[].class;
                case CHAR: return char[].class;
                case INT: return int[].class;
                case LONG: return long[].class;
                case FLOAT: return float[].class;
                case DOUBLE: return double[].class;
                default: throw new IllegalArgumentException();
            }
        }
    }

    private static final T[] NUMERIC = {T.BYTE, T.SHORT, T.CHAR, T.INT, T.LONG, T.FLOAT, T.DOUBLE};

    /** A generated kernel: its method source and parameter list, and what its inputs look like. */
    static final class Kernel {
        final String name;
        String className;
        String source;
        final List<String> paramTypes = new ArrayList<>();
        /** Per parameter: 'A' an array, 'S' a scalar, 'M' an inner-loop bound, 'R' rows, 'C' columns. */
        final List<Character> roles = new ArrayList<>();
        final List<T> types = new ArrayList<>();
        boolean twoD;

        Kernel(String name) {
            this.name = name;
        }

        void param(char role, T type, boolean array) {
            roles.add(role);
            types.add(type);
            paramTypes.add(type.java + (array ? "[]" : ""));
        }

        Object[] inputs(SplittableRandom r) {
            int rows = 1 + r.nextInt(9);
            int cols = 1 + r.nextInt(13);
            int n = twoD ? rows * cols : SIZES[r.nextInt(SIZES.length)];
            Object[] args = new Object[roles.size()];
            for (int p = 0; p < args.length; p++) {
                T t = types.get(p);
                switch (roles.get(p)) {
                    case 'A': {
                        Object a = Array.newInstance(t.arrayClass().getComponentType(), n);
                        for (int e = 0; e < n; e++) {
                            Array.set(a, e, Values.of(t, r));
                        }
                        args[p] = a;
                        break;
                    }
                    case 'S':
                        args[p] = Values.of(t, r);
                        break;
                    case 'M':
                        args[p] = r.nextInt(7);
                        break;
                    case 'R':
                        args[p] = rows;
                        break;
                    default:
                        args[p] = cols;
                        break;
                }
            }
            return args;
        }

        private static final int[] SIZES = {1, 2, 3, 5, 8, 17, 32, 64, 100, 257};
    }

    /** Random values of each type, with edge values often. */
    static final class Values {
        static final int[] INTS = {0, 1, -1, 2, -2, 3, 7, 31, 32, 33, 63, 64, 127, 128, -128, -129, 255, 256, 32767,
            32768, -32768, -32769, 65535, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1,
            Integer.MIN_VALUE + 1, 0x55555555, 0x80000001, 1 << 24, (1 << 24) + 1};
        static final long[] LONGS = {0L, 1L, -1L, 2L, 63L, 64L, 65L, Long.MAX_VALUE, Long.MIN_VALUE,
            Long.MIN_VALUE + 1, Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 32, (1L << 32) + 1, 0xFFFFFFFFL,
            1L << 53, (1L << 53) + 1, -(1L << 63) + 12345, 0x5555555555555555L};
        static final float[] FLOATS = {0f, -0f, 1f, -1f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 3.5f, Float.NaN,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL,
            1.0e-40f, -3.0e-39f, Float.MAX_VALUE, -Float.MAX_VALUE, 2147483648f, -2147483648f, 2147483520f,
            9.223372e18f, -9.223373e18f, 16777217f, 65535.5f, 32767.9f, -128.5f, 0.1f, Float.intBitsToFloat(0x7fc00001),
            Float.intBitsToFloat(0xffc00000), 1e10f, 3e9f};
        static final double[] DOUBLES = {0d, -0d, 1d, -1d, 0.5, -0.5, 1.5, 2.5, -2.5, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE,
            Double.MIN_NORMAL, 1e-310, Double.MAX_VALUE, -Double.MAX_VALUE, 2147483647.5, -2147483648.5,
            2147483648d, 9.223372036854776e18, -9.223372036854776e18, 4503599627370497d, 0.1, 1e300, 1e-300,
            Float.MAX_VALUE * 2.0, 1.401298464324817e-45 / 2, 3.4028235677973366e38, 65535.99,
            Double.longBitsToDouble(0x7ff8000000000001L), 1e20};

        static Object of(T t, SplittableRandom r) {
            boolean edge = r.nextInt(100) < 35;
            switch (t) {
                case BYTE:
                    return (byte) (edge ? INTS[r.nextInt(INTS.length)] : r.nextInt());
                case SHORT:
                    return (short) (edge ? INTS[r.nextInt(INTS.length)] : r.nextInt());
                case CHAR:
                    return (char) (edge ? INTS[r.nextInt(INTS.length)] : r.nextInt());
                case INT:
                    return edge ? INTS[r.nextInt(INTS.length)] : r.nextBoolean() ? r.nextInt(-100, 101) : r.nextInt();
                case LONG:
                    return edge ? LONGS[r.nextInt(LONGS.length)]
                            : r.nextBoolean() ? (long) r.nextInt(-100, 101) : r.nextLong();
                case FLOAT:
                    return edge ? FLOATS[r.nextInt(FLOATS.length)]
                            : r.nextInt(4) == 0 ? Float.intBitsToFloat(r.nextInt())
                            : (float) ((r.nextDouble() - 0.5) * (r.nextBoolean() ? 200 : 1e6));
                case DOUBLE:
                    return edge ? DOUBLES[r.nextInt(DOUBLES.length)]
                            : r.nextInt(4) == 0 ? Double.longBitsToDouble(r.nextLong())
                            : (r.nextDouble() - 0.5) * (r.nextBoolean() ? 200 : 1e9);
                default:
                    throw new IllegalArgumentException();
            }
        }
    }

    /** A scalar in scope: a parameter, a local, a loop index. */
    static final class Var {
        final String name;
        final T type;
        /** Whether statements may assign it (locals of the loop body). */
        final boolean mutable;

        Var(String name, T type, boolean mutable) {
            this.name = name;
            this.type = type;
            this.mutable = mutable;
        }
    }

    /** An array parameter. */
    static final class Arr {
        final String name;
        final T elem;
        /** Written by the loop: then read only at the element index, so iterations stay independent. */
        final boolean written;

        Arr(String name, T elem, boolean written) {
            this.name = name;
            this.elem = elem;
            this.written = written;
        }
    }

    /** Generates one kernel from a random stream. */
    static final class Gen {
        private final SplittableRandom r;
        private final List<Var> vars = new ArrayList<>();
        private final List<Arr> arrays = new ArrayList<>();
        /** The element index ("i", "idx") inside the loop, null before it. */
        private String elem;
        /** Other int indices in range of every array: the 2-D loop indices. */
        private final List<String> indices = new ArrayList<>();
        /** The inner sequential loop's variable while inside it. */
        private String inner;
        private int locals;

        Gen(SplittableRandom r) {
            this.r = r;
        }

        private boolean chance(int percent) {
            return r.nextInt(100) < percent;
        }

        private <X> X pick(List<X> xs) {
            return xs.get(r.nextInt(xs.size()));
        }

        private T anyNumeric() {
            return NUMERIC[r.nextInt(NUMERIC.length)];
        }

        Kernel kernel(String name) {
            Kernel k = new Kernel(name);
            k.twoD = chance(20);
            StringBuilder params = new StringBuilder();
            int outs = 1 + r.nextInt(3);
            int ins = r.nextInt(4);
            int scalars = r.nextInt(4);
            boolean innerLoop = chance(30);
            boolean boundParam = innerLoop && chance(50);
            List<String> ps = new ArrayList<>();
            for (int a = 0; a < outs + ins; a++) {
                T t = anyNumeric();
                String n = (a < outs ? "out" : "a") + (a < outs ? a : a - outs);
                arrays.add(new Arr(n, t, a < outs));
                k.param('A', t, true);
                ps.add(t.java + "[] " + n);
            }
            for (int s = 0; s < scalars; s++) {
                T t = anyNumeric();
                String n = "p" + s;
                vars.add(new Var(n, t, false));
                k.param('S', t, false);
                ps.add(t.java + " " + n);
            }
            if (boundParam) {
                k.param('M', T.INT, false);
                ps.add("int m");
            }
            if (k.twoD) {
                k.param('R', T.INT, false);
                k.param('C', T.INT, false);
                ps.add("int rows");
                ps.add("int cols");
                vars.add(new Var("rows", T.INT, false));
                vars.add(new Var("cols", T.INT, false));
            }
            StringBuilder b = new StringBuilder();
            b.append("    public static void ").append(name).append("(").append(String.join(", ", ps))
                    .append(") {\n");
            // scalars computed before the loop
            if (chance(35)) {
                int pre = 1 + r.nextInt(2);
                for (int s = 0; s < pre; s++) {
                    T t = anyNumeric();
                    String n = "s" + s;
                    b.append("        ").append(t.java).append(" ").append(n).append(" = ").append(expr(t, 3))
                            .append(";\n");
                    vars.add(new Var(n, t, false));
                }
                if (chance(15)) {
                    b.append("        if (").append(expr(T.BOOLEAN, 2)).append(") {\n            return;\n        }\n");
                }
            }
            String ind = "            ";
            if (k.twoD) {
                b.append("        for (@Parallel int i = 0; i < rows; i++) {\n");
                b.append("            for (@Parallel int j = 0; j < cols; j++) {\n");
                ind = "                ";
                b.append(ind).append("int idx = i * cols + j;\n");
                elem = "idx";
                indices.add("i");
                indices.add("j");
                vars.add(new Var("i", T.INT, false));
                vars.add(new Var("j", T.INT, false));
                vars.add(new Var("idx", T.INT, false));
            } else {
                // mostly the plain form; sometimes a later start, a larger step or a shorter range
                int start = chance(80) ? 0 : 1 + r.nextInt(2);
                int step = chance(80) ? 1 : 2 + r.nextInt(2);
                String bound = chance(85) ? "out0.length" : "out0.length - " + (1 + r.nextInt(2));
                b.append("        for (@Parallel int i = ").append(start).append("; i < ").append(bound).append("; ")
                        .append(step == 1 ? "i++" : "i += " + step).append(") {\n");
                elem = "i";
                vars.add(new Var("i", T.INT, false));
            }
            // the loop body: locals, an inner loop, random statements, then a write of every output
            int nLocals = r.nextInt(3);
            for (int l = 0; l < nLocals; l++) {
                declare(b, ind);
            }
            if (chance(15)) {
                String n = "v" + locals++;
                b.append(ind).append("boolean ").append(n).append(" = ").append(expr(T.BOOLEAN, 3)).append(";\n");
                vars.add(new Var(n, T.BOOLEAN, true));
            }
            if (innerLoop) {
                Var acc = declare(b, ind);
                String jv = k.twoD ? "q" : "j";
                String bound = boundParam ? (chance(50) ? "m" : "Math.min(m, " + (1 + r.nextInt(5)) + ")")
                        : String.valueOf(1 + r.nextInt(6));
                b.append(ind).append("for (int ").append(jv).append(" = 0; ").append(jv).append(" < ").append(bound)
                        .append("; ").append(jv).append("++) {\n");
                inner = jv;
                Var jvar = new Var(jv, T.INT, false);
                vars.add(jvar);
                int mark = vars.size();
                if (chance(20)) {
                    b.append(ind).append("    if (").append(expr(T.BOOLEAN, 2)).append(") {\n");
                    b.append(ind).append("        ").append(chance(50) ? "break;" : "continue;").append("\n");
                    b.append(ind).append("    }\n");
                }
                b.append(ind).append("    ").append(update(acc)).append("\n");
                block(b, ind + "    ", 1, r.nextInt(3));
                b.append(ind).append("}\n");
                scope(mark);
                vars.remove(jvar);
                inner = null;
            }
            block(b, ind, 2, r.nextInt(4));
            for (Arr a : arrays) {
                if (a.written) {
                    write(b, ind, a);
                }
            }
            if (k.twoD) {
                b.append("            }\n");
            }
            b.append("        }\n    }\n");
            k.source = b.toString();
            return k;
        }

        private int depth() {
            return 2 + r.nextInt(4); // 2..5
        }

        /** Forgets the locals declared since {@code mark} (the end of a block). */
        private void scope(int mark) {
            while (vars.size() > mark) {
                vars.remove(vars.size() - 1);
            }
        }

        /** {@code count} random statements: updates of locals, writes of outputs, ifs, switches, declarations. */
        private void block(StringBuilder b, String ind, int depth, int count) {
            for (int s = 0; s < count; s++) {
                List<Var> mutable = new ArrayList<>();
                for (Var v : vars) {
                    if (v.mutable) {
                        mutable.add(v);
                    }
                }
                List<Arr> outs = new ArrayList<>();
                for (Arr a : arrays) {
                    if (a.written) {
                        outs.add(a);
                    }
                }
                int f = r.nextInt(100);
                if (f < 30 && !mutable.isEmpty()) {
                    b.append(ind).append(update(pick(mutable))).append("\n");
                } else if (f < 50) {
                    write(b, ind, pick(outs));
                } else if (f < 75 && depth > 0) {
                    b.append(ind).append("if (").append(expr(T.BOOLEAN, 3)).append(") {\n");
                    int mark = vars.size();
                    block(b, ind + "    ", depth - 1, 1 + r.nextInt(2));
                    scope(mark);
                    if (chance(50)) {
                        b.append(ind).append("} else {\n");
                        block(b, ind + "    ", depth - 1, 1 + r.nextInt(2));
                        scope(mark);
                    }
                    b.append(ind).append("}\n");
                } else if (f < 85 && depth > 0) {
                    String sel = chance(50) ? "(" + expr(T.INT, 3) + " & 3)" : "(" + expr(T.INT, 3) + " % 5)";
                    b.append(ind).append("switch ").append(sel).append(" {\n");
                    int cases = 1 + r.nextInt(3);
                    List<Integer> labels = new ArrayList<>(List.of(-4, -1, 0, 1, 2, 3, 4, 100));
                    Collections.shuffle(labels, new java.util.Random(r.nextLong()));
                    for (int c = 0; c <= cases; c++) {
                        boolean dflt = c == cases;
                        if (dflt && chance(30)) {
                            break;
                        }
                        b.append(ind).append("    ").append(dflt ? "default" : "case " + labels.get(c)).append(": {\n");
                        int mark = vars.size();
                        block(b, ind + "        ", depth - 1, 1 + r.nextInt(2));
                        scope(mark);
                        b.append(ind).append("    }\n");
                        if (!dflt && chance(80)) {
                            b.append(ind).append("    break;\n");
                        }
                    }
                    b.append(ind).append("}\n");
                } else {
                    declare(b, ind);
                }
            }
        }

        /** A write of output {@code a} at the element index: an assignment, a compound one, ++/--. */
        private void write(StringBuilder b, String ind, Arr a) {
            String target = a.name + "[" + elem + "]";
            int form = r.nextInt(100);
            if (form < 55) {
                b.append(ind).append(target).append(" = ").append(expr(a.elem, depth())).append(";\n");
            } else if (form < 70) {
                b.append(ind).append(target).append(" = ").append(bool(2)).append(" ? ").append(expr(a.elem, 3))
                        .append(" : ").append(expr(a.elem, 3)).append(";\n");
            } else if (form < 95) {
                b.append(ind).append(compound(target, a.elem)).append("\n");
            } else {
                b.append(ind).append(target).append(chance(50) ? "++" : "--").append(";\n");
            }
        }

        /** Declares a new body local of a random type; returns it. */
        private Var declare(StringBuilder b, String ind) {
            T t = anyNumeric();
            String n = "v" + locals++;
            b.append(ind).append(t.java).append(" ").append(n).append(" = ").append(expr(t, depth())).append(";\n");
            Var v = new Var(n, t, true);
            vars.add(v);
            return v;
        }

        /** An assignment statement updating {@code v}: a compound assignment, ++/--, or a plain one. */
        private String update(Var v) {
            if (v.type == T.BOOLEAN) {
                String[] ops = {" = ", " &= ", " |= ", " ^= "};
                return v.name + ops[r.nextInt(ops.length)] + expr(T.BOOLEAN, 3) + ";";
            }
            int form = r.nextInt(10);
            if (form < 7) {
                return compound(v.name, v.type);
            }
            if (form < 8) {
                return v.name + (chance(50) ? "++;" : "--;");
            }
            return v.name + " = " + expr(v.type, depth()) + ";";
        }

        /** {@code target op= expr;} legal for the target's type (narrowing implied for narrow types). */
        private String compound(String target, T t) {
            String[] ops = t.integral() ? new String[] {"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
                ">>>="} : new String[] {"+=", "-=", "*=", "/=", "%="};
            String op = ops[r.nextInt(ops.length)];
            T rhs;
            if (op.startsWith("<<") || op.startsWith(">>")) {
                rhs = chance(80) ? T.INT : T.LONG;
            } else if (op.equals("&=") || op.equals("|=") || op.equals("^=")) {
                rhs = t.promoted() == T.LONG ? (chance(50) ? T.LONG : T.INT) : integralUpTo(T.INT);
            } else {
                rhs = anyNumeric();
            }
            String e = expr(rhs, depth() - 1);
            if ((op.equals("/=") || op.equals("%=")) && rhs.integral() && t.integral() && chance(60)) {
                e = nonZero(e, rhs);
            }
            return target + " " + op + " " + e + ";";
        }

        private T integralUpTo(T max) {
            T[] ts = max == T.LONG ? new T[] {T.BYTE, T.SHORT, T.CHAR, T.INT, T.INT, T.LONG, T.LONG}
                    : new T[] {T.BYTE, T.SHORT, T.CHAR, T.INT, T.INT, T.INT};
            return ts[r.nextInt(ts.length)];
        }

        /** A divisor that is never zero: {@code (e == 0 ? 1 : e)} (e is pure). */
        private String nonZero(String e, T t) {
            String one = t == T.LONG ? "1L" : "1";
            String zero = t == T.LONG ? "0L" : "0";
            return "(" + e + " == " + zero + " ? " + one + " : " + e + ")";
        }

        // ---------------------------------------------------------------- expressions

        /** An expression of exactly type {@code t}, parenthesised, of at most {@code depth} levels. */
        String expr(T t, int depth) {
            if (depth <= 0 || chance(20)) {
                return leaf(t);
            }
            int d = depth - 1;
            switch (t) {
                case BOOLEAN:
                    return bool(d);
                case BYTE:
                case SHORT:
                case CHAR: {
                    int f = r.nextInt(10);
                    if (f < 6) {
                        return "((" + t.java + ") " + expr(anyWide(), d) + ")";
                    }
                    if (f < 8) {
                        return "(" + bool(d) + " ? " + expr(t, d) + " : " + expr(t, d) + ")";
                    }
                    return leaf(t);
                }
                case INT:
                case LONG:
                    return integral(t, d);
                default:
                    return floating(t, d);
            }
        }

        private T anyWide() {
            T[] ts = {T.INT, T.INT, T.LONG, T.FLOAT, T.DOUBLE, T.BYTE, T.SHORT, T.CHAR};
            return ts[r.nextInt(ts.length)];
        }

        private String bool(int d) {
            int f = r.nextInt(12);
            if (f < 6 || d == 0) {
                String[] ops = {"<", "<=", ">", ">=", "==", "!="};
                T a = anyNumeric();
                T b = chance(60) ? a : anyNumeric();
                return "(" + expr(a, d) + " " + ops[r.nextInt(ops.length)] + " " + expr(b, d) + ")";
            }
            if (f < 8) {
                return "(" + bool(d - 1) + (chance(50) ? " && " : " || ") + bool(d - 1) + ")";
            }
            if (f < 9) {
                return "(!" + bool(d - 1) + ")";
            }
            if (f < 10) {
                return "(" + bool(d - 1) + (chance(50) ? " & " : " ^ ") + bool(d - 1) + ")";
            }
            String[] fs = {"Float.isNaN(" + expr(T.FLOAT, d) + ")", "Double.isNaN(" + expr(T.DOUBLE, d) + ")",
                "Float.isInfinite(" + expr(T.FLOAT, d) + ")", "Double.isFinite(" + expr(T.DOUBLE, d) + ")",
                "((" + expr(T.INT, d) + " & 1) == 0)"};
            return fs[r.nextInt(fs.length)];
        }

        private String integral(T t, int d) {
            boolean isLong = t == T.LONG;
            int f = r.nextInt(100);
            if (f < 40) {
                // binary arithmetic / bitwise, operands promoting to t
                String[] ops = {"+", "-", "*", "/", "%", "&", "|", "^", "+", "-", "*"};
                String op = ops[r.nextInt(ops.length)];
                T a = isLong ? T.LONG : integralUpTo(T.INT);
                T b = isLong ? integralUpTo(T.LONG) : integralUpTo(T.INT);
                if (chance(50)) {
                    T x = a;
                    a = b;
                    b = x;
                }
                String left = expr(a, d);
                String right = expr(b, d);
                if ((op.equals("/") || op.equals("%")) && chance(70)) {
                    right = nonZero(right, b.promoted());
                }
                return "(" + left + " " + op + " " + right + ")";
            }
            if (f < 52) {
                String[] ops = {"<<", ">>", ">>>"};
                T a = isLong ? T.LONG : integralUpTo(T.INT);
                T b = chance(80) ? T.INT : integralUpTo(T.LONG);
                return "(" + expr(a, d) + " " + ops[r.nextInt(3)] + " " + expr(b, d) + ")";
            }
            if (f < 60) {
                T a = isLong ? T.LONG : integralUpTo(T.INT);
                return "(" + (chance(50) ? "- " : "~") + expr(a, d) + ")";
            }
            if (f < 68) {
                return "(" + bool(d) + " ? " + expr(t, d) + " : " + expr(t, d) + ")";
            }
            if (f < 80) {
                T from = anyNumeric();
                return "((" + t.java + ") " + expr(from, d) + ")";
            }
            return isLong ? longCall(d) : intCall(d);
        }

        private String intCall(int d) {
            switch (r.nextInt(24)) {
                case 0: return "Math.abs(" + expr(T.INT, d) + ")";
                case 1: return "Math.min(" + expr(T.INT, d) + ", " + expr(T.INT, d) + ")";
                case 2: return "Math.max(" + expr(T.INT, d) + ", " + expr(T.INT, d) + ")";
                case 3: return "Integer.bitCount(" + expr(T.INT, d) + ")";
                case 4: return "Integer.numberOfLeadingZeros(" + expr(T.INT, d) + ")";
                case 5: return "Integer.numberOfTrailingZeros(" + expr(T.INT, d) + ")";
                case 6: return "Long.bitCount(" + expr(T.LONG, d) + ")";
                case 7: return "Long.numberOfLeadingZeros(" + expr(T.LONG, d) + ")";
                case 8: return "Long.numberOfTrailingZeros(" + expr(T.LONG, d) + ")";
                case 9: return "Integer.reverse(" + expr(T.INT, d) + ")";
                case 10: return "Integer.rotateLeft(" + expr(T.INT, d) + ", " + expr(T.INT, d) + ")";
                case 11: return "Integer.rotateRight(" + expr(T.INT, d) + ", " + expr(T.INT, d) + ")";
                case 12: return "Integer.highestOneBit(" + expr(T.INT, d) + ")";
                case 13: return "Integer.lowestOneBit(" + expr(T.INT, d) + ")";
                case 14: return "Integer.reverseBytes(" + expr(T.INT, d) + ")";
                case 15: return "Integer.signum(" + expr(T.INT, d) + ")";
                case 16: return "Integer.compare(" + expr(T.INT, d) + ", " + expr(T.INT, d) + ")";
                case 17: return "Long.compare(" + expr(T.LONG, d) + ", " + expr(T.LONG, d) + ")";
                case 18: return "Float.compare(" + expr(T.FLOAT, d) + ", " + expr(T.FLOAT, d) + ")";
                case 19: return "Double.compare(" + expr(T.DOUBLE, d) + ", " + expr(T.DOUBLE, d) + ")";
                case 20: return "Float.floatToIntBits(" + expr(T.FLOAT, d) + ")";
                case 21: return "Math.round(" + expr(T.FLOAT, d) + ")";
                case 22: {
                    String y = expr(T.INT, d);
                    return (chance(50) ? "Math.floorDiv(" : "Math.floorMod(") + expr(T.INT, d) + ", "
                            + (chance(70) ? nonZero(y, T.INT) : y) + ")";
                }
                default: return "Long.signum(" + expr(T.LONG, d) + ")";
            }
        }

        private String longCall(int d) {
            switch (r.nextInt(15)) {
                case 0: return "Math.abs(" + expr(T.LONG, d) + ")";
                case 1: return "Math.min(" + expr(T.LONG, d) + ", " + expr(T.LONG, d) + ")";
                case 2: return "Math.max(" + expr(T.LONG, d) + ", " + expr(T.LONG, d) + ")";
                case 3: return "Long.reverse(" + expr(T.LONG, d) + ")";
                case 4: return "Long.rotateLeft(" + expr(T.LONG, d) + ", " + expr(T.INT, d) + ")";
                case 5: return "Long.rotateRight(" + expr(T.LONG, d) + ", " + expr(T.INT, d) + ")";
                case 6: return "Long.highestOneBit(" + expr(T.LONG, d) + ")";
                case 7: return "Long.lowestOneBit(" + expr(T.LONG, d) + ")";
                case 8: return "Long.reverseBytes(" + expr(T.LONG, d) + ")";
                case 9: return "Math.round(" + expr(T.DOUBLE, d) + ")";
                case 10: return "Double.doubleToLongBits(" + expr(T.DOUBLE, d) + ")";
                case 11: return "Math.multiplyHigh(" + expr(T.LONG, d) + ", " + expr(T.LONG, d) + ")";
                case 12: {
                    String y = expr(T.LONG, d);
                    return (chance(50) ? "Math.floorDiv(" : "Math.floorMod(") + expr(T.LONG, d) + ", "
                            + (chance(70) ? nonZero(y, T.LONG) : y) + ")";
                }
                case 13: return "Integer.toUnsignedLong(" + expr(T.INT, d) + ")";
                default: return "Long.signum(" + expr(T.LONG, d) + ")";
            }
        }

        private String floating(T t, int d) {
            boolean isDouble = t == T.DOUBLE;
            int f = r.nextInt(100);
            if (f < 40) {
                String[] ops = {"+", "-", "*", "/", "%", "+", "*"};
                T a = t;
                T b;
                if (isDouble) {
                    b = chance(60) ? T.DOUBLE : anyNumeric();
                } else {
                    T[] ts = {T.FLOAT, T.FLOAT, T.FLOAT, T.INT, T.LONG, T.SHORT, T.CHAR, T.BYTE};
                    b = ts[r.nextInt(ts.length)];
                }
                if (chance(50)) {
                    T x = a;
                    a = b;
                    b = x;
                }
                return "(" + expr(a, d) + " " + ops[r.nextInt(ops.length)] + " " + expr(b, d) + ")";
            }
            if (f < 47) {
                return "(- " + expr(t, d) + ")";
            }
            if (f < 55) {
                return "(" + bool(d) + " ? " + expr(t, d) + " : " + expr(t, d) + ")";
            }
            if (f < 70) {
                T from = anyNumeric();
                return "((" + t.java + ") " + expr(from, d) + ")";
            }
            String x = expr(t, d);
            String cast = isDouble ? "" : "(float) ";
            switch (r.nextInt(11)) {
                case 0: return "Math.abs(" + x + ")";
                case 1: return "Math.min(" + x + ", " + expr(t, d) + ")";
                case 2: return "Math.max(" + x + ", " + expr(t, d) + ")";
                case 3: return "(" + cast + "Math.sqrt(" + x + "))";
                case 4: return "(" + cast + "Math.floor(" + x + "))";
                case 5: return "(" + cast + "Math.ceil(" + x + "))";
                case 6: return "(" + cast + "Math.rint(" + x + "))";
                case 7: return "Math.signum(" + x + ")";
                // StrictMath's: Math.copySign may take a NaN sign argument's sign bit, which no Java operation
                // that makes a NaN fixes (x86's 0.0 / 0.0 is negative, a constant NaN positive).
                case 8: return "StrictMath.copySign(" + x + ", " + expr(t, d) + ")";
                case 9: return "Math.fma(" + x + ", " + expr(t, d) + ", " + expr(t, d) + ")";
                default: return isDouble ? "Double.longBitsToDouble(" + expr(T.LONG, d) + ")"
                        : "Float.intBitsToFloat(" + expr(T.INT, d) + ")";
            }
        }

        /** A variable, an array element or a literal of type {@code t} (a cast of another type's if none). */
        private String leaf(T t) {
            if (t == T.BOOLEAN) {
                for (Var v : vars) {
                    if (v.type == T.BOOLEAN && chance(50)) {
                        return v.name;
                    }
                }
                T a = anyNumeric();
                return "(" + leaf(a) + (chance(50) ? " < " : " == ") + leaf(a) + ")";
            }
            int f = r.nextInt(100);
            if (f < 25) {
                return literal(t);
            }
            List<String> cands = new ArrayList<>();
            for (Var v : vars) {
                if (v.type == t) {
                    cands.add(v.name);
                }
            }
            for (Arr a : arrays) {
                if (a.elem == t && (elem != null || !a.written)) {
                    cands.add(read(a));
                }
            }
            if (!cands.isEmpty() && f < 85) {
                return pick(cands);
            }
            // something of another type, cast
            List<String> others = new ArrayList<>();
            for (Var v : vars) {
                if (v.type != T.BOOLEAN) {
                    others.add(v.name);
                }
            }
            for (Arr a : arrays) {
                if (elem != null || !a.written) {
                    others.add(read(a));
                }
            }
            if (others.isEmpty()) {
                return literal(t);
            }
            return "((" + t.java + ") " + pick(others) + ")";
        }

        /** A read of array {@code a} at an index in range (rarely one that may not be). */
        private String read(Arr a) {
            String n = a.name;
            if (elem == null) {
                return n + (chance(70) ? "[0]" : "[" + n + ".length - 1]");
            }
            if (a.written) {
                return n + "[" + elem + "]";
            }
            int f = r.nextInt(100);
            int k = 1 + r.nextInt(5);
            if (f < 35) {
                return n + "[" + elem + "]";
            }
            if (f < 45) {
                return n + "[(" + elem + " + " + k + ") % " + n + ".length]";
            }
            if (f < 52) {
                return n + "[Math.max(" + elem + " - " + k + ", 0)]";
            }
            if (f < 59) {
                return n + "[Math.min(" + elem + " + " + k + ", " + n + ".length - 1)]";
            }
            if (f < 66) {
                return n + "[(" + elem + " * " + (k + 1) + ") % " + n + ".length]";
            }
            if (f < 71) {
                return n + "[" + n + ".length - 1 - " + elem + "]";
            }
            if (f < 79 && inner != null) {
                return n + "[(" + elem + " + " + inner + ") % " + n + ".length]";
            }
            if (f < 85 && !indices.isEmpty()) {
                return n + "[" + pick(indices) + "]";
            }
            if (f < 90) {
                // an index computed from data: a gather
                List<String> ints = new ArrayList<>();
                for (Var v : vars) {
                    if (v.type.integral() && v.type != T.LONG) {
                        ints.add(v.name);
                    }
                }
                if (!ints.isEmpty()) {
                    return n + "[(" + pick(ints) + " & 0x7fffffff) % " + n + ".length]";
                }
            }
            if (f < 93) {
                return n + "[" + elem + " + " + (chance(50) ? 1 : k) + "]"; // out of bounds at the end
            }
            if (f < 95) {
                return n + "[" + elem + " - 1]"; // out of bounds at the start
            }
            return n + "[" + elem + "]";
        }

        private String literal(T t) {
            switch (t) {
                case BYTE:
                    return "((byte) " + (chance(50) ? r.nextInt(-128, 128) : Values.INTS[r.nextInt(Values.INTS.length)])
                            + ")";
                case SHORT:
                    return "((short) " + lit(chance(50) ? r.nextInt(-1000, 1000)
                            : Values.INTS[r.nextInt(Values.INTS.length)]) + ")";
                case CHAR:
                    return "((char) " + lit(chance(50) ? r.nextInt(0, 70000)
                            : Values.INTS[r.nextInt(Values.INTS.length)]) + ")";
                case INT:
                    return lit(chance(60) ? Values.INTS[r.nextInt(Values.INTS.length)] : r.nextInt(-50, 50));
                case LONG: {
                    long v = chance(60) ? Values.LONGS[r.nextInt(Values.LONGS.length)] : r.nextInt(-50, 50);
                    return v == Long.MIN_VALUE ? "Long.MIN_VALUE" : "(" + v + "L)";
                }
                case FLOAT: {
                    float v = chance(70) ? Values.FLOATS[r.nextInt(Values.FLOATS.length)]
                            : (float) r.nextInt(-20, 20) / 4;
                    if (Float.isNaN(v)) {
                        return "Float.NaN";
                    }
                    if (Float.isInfinite(v)) {
                        return v > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
                    }
                    return "(" + v + "f)";
                }
                case DOUBLE: {
                    double v = chance(70) ? Values.DOUBLES[r.nextInt(Values.DOUBLES.length)]
                            : (double) r.nextInt(-20, 20) / 4;
                    if (Double.isNaN(v)) {
                        return "Double.NaN";
                    }
                    if (Double.isInfinite(v)) {
                        return v > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
                    }
                    return "(" + v + "d)";
                }
                default:
                    throw new IllegalArgumentException();
            }
        }

        private static String lit(int v) {
            return v == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : "(" + v + ")";
        }
    }
}

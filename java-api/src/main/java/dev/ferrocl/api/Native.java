package dev.ferrocl.api;

/**
 * The JNI boundary, implemented by the Rust crate ferrocl-jni. Names and signatures are a contract with it.
 * Callers go through {@link Backend}, which loads the library first.
 */
final class Native {
    private Native() {
    }

    /** One device per line: {@code "P:D\t<type>\t<name>\t<platform>\t<version>"}. */
    static native String devices();

    /** Whether class {@code c} is initialised (JLS 12.4), asked without initialising it (JVMTI). */
    static native boolean classInitialized(Class<?> c);

    /**
     * The value of reference field {@code f} of {@code o} (an instance of its class), read through JNI, which
     * applies no access control: for the captured values of the JDK's own lambdas ({@code f.andThen(g)} made on the
     * host), whose fields a module does not open to reflection.
     */
    static native Object objectField(Object o, java.lang.reflect.Field f);

    /**
     * Compiles (or fetches from the JVM-wide native cache) a kernel for the method. Returns a handle &gt; 0.
     * Throws CompilationException (bailout: the reason) or FerroclException (corrupt class bytes etc.).
     * {@code classMap} gives the exact classes of the objects reachable from the task's arguments, one per line as
     * {@code <argument index><TAB>field.field...<TAB>C:<internal name> | N | H:<hidden class name>} (null: none);
     * virtual calls on those objects are compiled for those classes. The lines the compiler consulted are written to
     * {@code consulted[0]} (when the array is not null), also when it throws CompilationException.
     */
    static native long compile(String implClass, byte[] classBytes, String methodName, String descriptor,
            boolean isStatic, String device, ClassResolver resolver, String classMap, String[] consulted,
            String optimizations);

    /**
     * The optimising phases that changed the handle's kernels, one per line as
     * {@code <kernel name><TAB><phase><TAB><detail>}.
     */
    static native String appliedPhases(long handle);

    /** Every optimising phase that can be switched off, one per line as {@code <name><TAB><stage><TAB><what>}. */
    static native String optimizationPhases();

    /**
     * The class file of a lambda's hidden class ({@code LambdaMetafactory}'s, which has none), assembled from what
     * JVMTI gives of it: its constant pool, fields and methods' bytecode; null when JVMTI cannot give them.
     */
    static native byte[] lambdaClassBytes(Class<?> c);

    /** The generated OpenCL C of a handle. */
    static native String kernelSource(long handle);

    /** The name of the device a handle was compiled for. */
    static native String deviceName(long handle);

    /** {@code [jitNanos, buildNanos, cached(0/1), singleWorkItem(0/1)]}. */
    static native long[] compileStats(long handle);

    /**
     * The non-final static fields the kernel reads, one per line as {@code pkg/Cls<TAB>name<TAB>descriptor}; their
     * current values follow the method's arguments in {@link #execute}.
     */
    static native String staticFields(long handle);

    /**
     * The fields the kernel reads, one path per line as {@code <argument index><TAB>name.name...} (argument 0 is the
     * receiver of an instance task); their current values follow the task's arguments in {@link #execute}, before
     * the static fields.
     */
    static native String fieldPaths(long handle);

    /**
     * Runs consecutive device tasks of one schedule as one transfer plan: arrays one task writes and a later one reads
     * stay on the device, results land in the Java arrays once, after the last task, and only when every task passed
     * its checks. Per task: its compile handle, its arguments (as for a single task: the method's arguments, then the
     * receiver's field values and the static fields it reads), its requested work-group size (null: automatic) and the
     * kept-array handle of each argument (null, or 0 for arrays not kept). Returns a {@link LaunchStatus} code for the
     * whole execution; {@code stats[k]}, a fresh object, receives task k's status and figures, with device times from
     * OpenCL profiling when {@code profile} is set (profiling costs microseconds per command on some drivers). The host
     * waits for the kernels at most {@code timeoutNanos} (none when 0 or less) and stops waiting when the thread is
     * interrupted: {@link ExecutionCancelledException}, with every Java array untouched; except that with
     * {@code inPlace}, on a device that works in host memory, an execution whose kernels were short last time runs on
     * the Java arrays in place and cannot be interrupted (see {@code TaskSchedule.inPlace}). {@code batchBytes} &gt; 0
     * runs the (single) task's loop in batches moving at most that many bytes of each array; 0: batches only when the
     * arrays do not fit the device.
     */
    static native int execute(long[] handles, Object[][] args, int[][] localSizes, long[][] kept, LaunchStats[] stats,
            boolean profile, boolean inPlace, long timeoutNanos, long batchBytes);

    /**
     * Sets the disk cache of compiled kernels: its folder (null: the default), whether there is one, and its size
     * bound in bytes (0: the default).
     */
    static native void configureCache(String dir, boolean enabled, long maxBytes);

    /**
     * Sets how long (milliseconds) an execution on a device that works in host memory may have waited for its
     * kernels last time for the next one to run on the Java arrays in place; 0 turns it off, negative keeps the
     * native default ({@code FERROCL_IN_PLACE_MILLIS}, else 20).
     */
    static native void configureInPlace(long millis);

    /** A handle (&gt; 0) for an array kept on the device between launches. */
    static native long keepCreate();

    /** The kept array changed on the host: the next launch uploads it. */
    static native void keepStale(long handle);

    /** Forgets a kept array and frees its device memory. */
    static native void keepRelease(long handle);

    /**
     * Runs one task compiled once per device ({@code handles[d]}) across those devices; {@code shares} (3 per
     * device) receives each device's first iteration, iterations and nanoseconds. Returns a LaunchStatus code.
     */
    static native int executeSplit(long[] handles, Object[] args, int[] localSize, LaunchStats stats,
            boolean profile, long timeoutNanos, long[] shares);

    /**
     * For tests: {@code arm} &gt; 0 makes the arm-th OpenCL call of the runtime from now on fail, 0 disarms, a
     * negative value leaves it; returns {@code [calls checked since arming, device buffers the executor holds, kernel
     * objects alive, event objects alive]}.
     */
    static native long[] faultInjection(long arm);

    /** {@code [handles, device buffers, bytes]} of kept arrays right now (tests, diagnostics). */
    static native long[] keptTotals();

    /**
     * For tests: kernel variants built for a launch since the process started, beyond the one each task builds when it
     * is compiled ({@code restrict} arguments off because two are the same array, or constant memory off because the
     * tables do not fit).
     */
    static native long variantBuilds();

    /** Plans reused and plans remembered by the native executions since the library loaded (for tests). */
    static native long[] planMemo();

    /** Builds a hand-written OpenCL C kernel (device null: the default device). Returns a handle &gt; 0. */
    static native long rawBuild(String device, String source, String kernelName, String options);

    /** {@code [buildNanos, workGroupLimit, preferredMultiple]} of a hand-written kernel. */
    static native long[] rawInfo(long handle);

    /** The device a hand-written kernel was built for. */
    static native String rawDeviceName(long handle);

    /**
     * Launches a hand-written kernel. kinds: 0 array (uploaded and copied back), 1 read-only array, 2 int, 3 long,
     * 4 float (raw bits), 5 double (raw bits), 6 {@code __local} bytes, 7 write-only array (every element written:
     * not uploaded); arrays in {@code arrays}, the rest in {@code bits}. stats receives {@code [uploadNanos,
     * kernelNanos, downloadNanos, totalNanos, bytesUploaded, bytesDownloaded, bytesInPlace]}.
     */
    static native void rawLaunch(long handle, Object[] arrays, int[] kinds, long[] bits, long[] global, long[] local,
            long[] stats, boolean profile);

    /** Forgets a hand-written kernel. */
    static native void rawRelease(long handle);

    /** Frees device memory held by the process. */
    static native void releaseAll();
}

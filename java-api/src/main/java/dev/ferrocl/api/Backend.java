package dev.ferrocl.api;

/**
 * The calls into {@link Native}, each loading the library first and turning a missing native symbol (a library
 * older or newer than this jar) into a FerroclException.
 */
final class Backend {
    private Backend() {
    }

    static String devices() {
        NativeLoader.load();
        try {
            return Native.devices();
        } catch (UnsatisfiedLinkError e) {
            throw missing("devices", e);
        }
    }

    static long compile(String implClass, byte[] classBytes, String methodName, String descriptor, boolean isStatic,
            String device, ClassResolver resolver) {
        return compile(implClass, classBytes, methodName, descriptor, isStatic, device, resolver, null, null, "");
    }

    /**
     * Compiles with the exact classes of the objects reachable from the task's arguments ({@code classMap}, in
     * {@link RuntimeClasses}' text form; null: none known); {@code consulted[0]} (when given) receives the entries
     * the compiler used, also when it throws CompilationException.
     */
    static long compile(String implClass, byte[] classBytes, String methodName, String descriptor, boolean isStatic,
            String device, ClassResolver resolver, String classMap, String[] consulted, String optimizations) {
        NativeLoader.load();
        long handle;
        try {
            handle = Native.compile(implClass, classBytes, methodName, descriptor, isStatic, device, resolver,
                    classMap, consulted, optimizations);
        } catch (UnsatisfiedLinkError e) {
            throw missing("compile", e);
        }
        if (handle <= 0) {
            throw new FerroclException("native compile returned the invalid handle " + handle + " for "
                    + implClass.replace('/', '.') + "." + methodName + descriptor);
        }
        return handle;
    }

    /** The class file of a lambda's hidden class, assembled through JVMTI; null when it cannot be had. */
    static Object objectField(Object o, java.lang.reflect.Field f) {
        NativeLoader.load();
        try {
            return Native.objectField(o, f);
        } catch (UnsatisfiedLinkError e) {
            throw missing("objectField", e);
        }
    }

    static byte[] lambdaClassBytes(Class<?> c) {
        NativeLoader.load();
        try {
            return Native.lambdaClassBytes(c);
        } catch (UnsatisfiedLinkError e) {
            throw missing("lambdaClassBytes", e);
        }
    }

    static String kernelSource(long handle) {
        NativeLoader.load();
        try {
            return Native.kernelSource(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("kernelSource", e);
        }
    }

    static String deviceName(long handle) {
        NativeLoader.load();
        try {
            return Native.deviceName(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("deviceName", e);
        }
    }

    static long[] compileStats(long handle) {
        NativeLoader.load();
        try {
            return Native.compileStats(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("compileStats", e);
        }
    }

    static String appliedPhases(long handle) {
        NativeLoader.load();
        try {
            return Native.appliedPhases(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("appliedPhases", e);
        }
    }

    static String optimizationPhases() {
        NativeLoader.load();
        try {
            return Native.optimizationPhases();
        } catch (UnsatisfiedLinkError e) {
            throw missing("optimizationPhases", e);
        }
    }

    static String staticFields(long handle) {
        NativeLoader.load();
        try {
            return Native.staticFields(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("staticFields", e);
        }
    }

    static String fieldPaths(long handle) {
        NativeLoader.load();
        try {
            return Native.fieldPaths(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("fieldPaths", e);
        }
    }

    static LaunchStatus execute(long[] handles, Object[][] args, int[][] localSizes, long[][] kept,
            LaunchStats[] stats, boolean profile, boolean inPlace, long timeoutNanos, long batchBytes) {
        NativeLoader.load();
        try {
            return LaunchStatus.of(Native.execute(handles, args, localSizes, kept, stats, profile, inPlace,
                    timeoutNanos, batchBytes));
        } catch (UnsatisfiedLinkError e) {
            throw missing("execute", e);
        }
    }

    static LaunchStatus executeSplit(long[] handles, Object[] args, int[] localSize, LaunchStats stats,
            boolean profile, long timeoutNanos, long[] shares) {
        NativeLoader.load();
        try {
            return LaunchStatus.of(Native.executeSplit(handles, args, localSize, stats, profile, timeoutNanos, shares));
        } catch (UnsatisfiedLinkError e) {
            throw missing("executeSplit", e);
        }
    }

    static long keepCreate() {
        NativeLoader.load();
        try {
            return Native.keepCreate();
        } catch (UnsatisfiedLinkError e) {
            throw missing("keepCreate", e);
        }
    }

    static void keepStale(long handle) {
        try {
            Native.keepStale(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("keepStale", e);
        }
    }

    static void keepRelease(long handle) {
        try {
            Native.keepRelease(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("keepRelease", e);
        }
    }

    /** {@code [handles, device buffers, bytes]} of kept arrays; zeros when the library was never loaded. */
    static long[] keptTotals() {
        if (!NativeLoader.isLoaded()) {
            return new long[3];
        }
        try {
            return Native.keptTotals();
        } catch (UnsatisfiedLinkError e) {
            throw missing("keptTotals", e);
        }
    }

    /** Frees device memory; does nothing when the library was never loaded. */
    static void releaseAll() {
        if (!NativeLoader.isLoaded()) {
            return;
        }
        try {
            Native.releaseAll();
        } catch (UnsatisfiedLinkError e) {
            throw missing("releaseAll", e);
        }
    }

    static long rawBuild(String device, String source, String kernelName, String options) {
        NativeLoader.load();
        try {
            return Native.rawBuild(device, source, kernelName, options);
        } catch (UnsatisfiedLinkError e) {
            throw missing("rawBuild", e);
        }
    }

    static long[] rawInfo(long handle) {
        NativeLoader.load();
        try {
            return Native.rawInfo(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("rawInfo", e);
        }
    }

    static String rawDeviceName(long handle) {
        NativeLoader.load();
        try {
            return Native.rawDeviceName(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("rawDeviceName", e);
        }
    }

    static void rawLaunch(long handle, Object[] arrays, int[] kinds, long[] bits, long[] global, long[] local,
            long[] stats, boolean profile) {
        NativeLoader.load();
        try {
            Native.rawLaunch(handle, arrays, kinds, bits, global, local, stats, profile);
        } catch (UnsatisfiedLinkError e) {
            throw missing("rawLaunch", e);
        }
    }

    static void rawRelease(long handle) {
        NativeLoader.load();
        try {
            Native.rawRelease(handle);
        } catch (UnsatisfiedLinkError e) {
            throw missing("rawRelease", e);
        }
    }

    private static FerroclException missing(String method, UnsatisfiedLinkError e) {
        return new FerroclException("the loaded libferrocl.so does not implement dev.ferrocl.api.Native." + method
                + " (library and jar do not match): " + e.getMessage(), e);
    }
}

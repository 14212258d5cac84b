package dev.ferrocl.api;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** What compiling one method for one device came to: a native handle, or a bailout with its reason. */
final class Outcome {
    /** The native handle, or 0 for a bailout. */
    final long handle;
    /** The bailout's reason, or null. */
    final String bailout;
    /** The device the handle was compiled for, or null for a bailout. */
    final String deviceName;
    final long jitNanos;
    final long buildNanos;
    /** Whether the native side took the kernel from its own cache. */
    final boolean nativeCached;
    /** The driver linked kernel binaries the disk cache kept instead of compiling the source. */
    boolean fromDiskCache;
    /** Whether the method has no parallel loop and runs as one work-item. */
    final boolean singleWorkItem;
    /**
     * The classes of the fields the kernel reads (the class each field path's last {@code getfield} names, then
     * each static field's class), passed after the arguments at each launch: the native side reads the fields'
     * current values from them.
     */
    final Class<?>[] fieldClasses;
    /**
     * The guard: the objects (reachable from the arguments) whose exact classes this outcome was compiled for; it
     * applies to an execution only while they have those classes. Empty when no virtual call was devirtualised.
     */
    final List<RuntimeClasses.Entry> guards;
    /**
     * Not null when the method must run on the JVM for these objects though it is not a bailout: an object a
     * virtual call is made on is null (the JVM throws its NullPointerException); the reason.
     */
    final String onJvm;
    /** The optimising phases that changed the kernels ({@code phase (detail)}); empty for a bailout. */
    volatile List<String> applied = List.of();
    /** The bailout's kind ({@link CompilationException.Kind#OTHER} when not found by the compiler). */
    volatile CompilationException.Kind bailoutKind = CompilationException.Kind.OTHER;
    private final AtomicBoolean claimed = new AtomicBoolean();

    private Outcome(long handle, String bailout, String deviceName, long jitNanos, long buildNanos,
            boolean nativeCached, Class<?>[] fieldClasses, boolean singleWorkItem, List<RuntimeClasses.Entry> guards, String onJvm) {
        this.guards = guards;
        this.onJvm = onJvm;
        this.singleWorkItem = singleWorkItem;
        this.fieldClasses = fieldClasses;
        this.handle = handle;
        this.bailout = bailout;
        this.deviceName = deviceName;
        this.jitNanos = jitNanos;
        this.buildNanos = buildNanos;
        this.nativeCached = nativeCached;
    }

    static Outcome compiled(long handle, String deviceName, long jitNanos, long buildNanos, boolean nativeCached,
            Class<?>[] fieldClasses, boolean singleWorkItem, List<RuntimeClasses.Entry> guards) {
        return new Outcome(handle, null, deviceName, jitNanos, buildNanos, nativeCached, fieldClasses,
                singleWorkItem, guards, null);
    }

    static Outcome bailout(String reason) {
        return bailout(reason, List.of());
    }

    /** A bailout that holds only while the guard's objects have the guard's classes. */
    static Outcome bailout(String reason, List<RuntimeClasses.Entry> guards) {
        return new Outcome(0, reason, null, 0, 0, false, new Class<?>[0], false, guards, null);
    }

    /** The JVM runs the method for these objects (not a bailout: strict mode does not object); the reason. */
    static Outcome onJvm(String reason, List<RuntimeClasses.Entry> guards) {
        return new Outcome(0, null, null, 0, 0, false, new Class<?>[0], false, guards, reason);
    }

    /** Whether this outcome applies to an execution with these launch arguments. */
    boolean appliesTo(Object[] launchArgs) {
        return guards.isEmpty() || RuntimeClasses.hold(guards, launchArgs);
    }

    /** Whether there is a kernel to launch. */
    boolean runsOnDevice() {
        return handle != 0;
    }

    /**
     * The task's arguments followed by the classes of the fields the kernel reads (see {@link #fieldClasses}), with
     * the arrays built from multi-dimensional arguments in their places ({@link #nested}, made by {@code call}).
     */
    Object[] launchArgs(Object[] taskArgs, NestedArrays.Call call) {
        if (fieldClasses.length == 0) {
            return taskArgs.clone();
        }
        Object[] all = java.util.Arrays.copyOf(taskArgs, taskArgs.length + fieldClasses.length);
        System.arraycopy(fieldClasses, 0, all, taskArgs.length, fieldClasses.length);
        for (NestedArrays.Part p : nested) {
            Object root = p.pathArg() >= 0 ? fieldValue(all, p.pathArg(), p.path(), p.classSlot())
                    : p.root() < taskArgs.length ? taskArgs[p.root()] : null;
            NestedArrays.Flat f = call.flat(root, p.dims(), p.data() && p.written());
            all[p.slot()] = f == null ? null : p.data() ? f.data : f.table;
        }
        for (ElementArrays.Part p : elements) {
            Object root = p.pathArg() >= 0 ? fieldValue(all, p.pathArg(), p.path(), p.classSlot())
                    : p.root() < taskArgs.length ? taskArgs[p.root()] : null;
            all[p.slot()] = call.elements.array(root, p, elements);
        }
        if (nested.length > 0) {
            // The array fields the host reads for the kernel, to compare with the rows.
            for (NestedArrays.FieldPath fp : fieldPaths) {
                Object v = fieldValue(all, fp.pathArg(), fp.path(), fp.classSlot());
                if (v != null && v.getClass().isArray() && v.getClass().getComponentType().isPrimitive()) {
                    call.fieldArray(v);
                }
            }
        }
        return all;
    }

    /** The instance fields the host reads for the kernel (see {@link NestedArrays.FieldPath}). */
    volatile NestedArrays.FieldPath[] fieldPaths = new NestedArrays.FieldPath[0];

    /**
     * The value of a multi-dimensional array field the kernel reads (see {@link NestedArrays.Part}), or null where a
     * step is null or cannot be read (then the JVM runs the task, as for a null argument).
     */
    private static Object fieldValue(Object[] launchArgs, int pathArg, String[] path, int classSlot) {
        if (pathArg < 0 || pathArg >= launchArgs.length) {
            return null;
        }
        Object obj = launchArgs[pathArg];
        for (int k = 0; k < path.length && obj != null; k++) {
            Class<?> start = obj.getClass();
            if (k == path.length - 1 && classSlot >= 0 && classSlot < launchArgs.length
                    && launchArgs[classSlot] instanceof Class<?> named && named.isInstance(obj)) {
                start = named;
            }
            java.lang.reflect.Field f = instanceField(start, path[k]);
            if (f == null) {
                return null;
            }
            try {
                obj = f.get(obj);
            } catch (IllegalAccessException | RuntimeException e) {
                return null;
            }
        }
        return obj;
    }

    /** The kernel's arrays that stand for multi-dimensional arguments. */
    volatile NestedArrays.Part[] nested = new NestedArrays.Part[0];

    /** The kernel's arrays that stand for arrays of objects. */
    volatile ElementArrays.Part[] elements = new ElementArrays.Part[0];

    private static final java.util.Map<Class<?>, java.util.Map<String, java.lang.reflect.Field>> FIELDS =
            new java.util.concurrent.ConcurrentHashMap<>();

    static java.lang.reflect.Field instanceField(Class<?> c, String name) {
        return FIELDS.computeIfAbsent(c, k -> new java.util.concurrent.ConcurrentHashMap<>()).computeIfAbsent(name,
                n -> {
                    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                        for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                            if (f.getName().equals(n) && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                                f.setAccessible(true);
                                return f;
                            }
                        }
                    }
                    return null;
                });
    }

    boolean isBailout() {
        return bailout != null;
    }

    /**
     * True for exactly one caller: the one that caused the compilation. Everyone else got it from the cache.
     */
    boolean claimFresh() {
        return claimed.compareAndSet(false, true);
    }
}

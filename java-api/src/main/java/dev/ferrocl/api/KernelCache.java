package dev.ferrocl.api;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The JVM-wide cache of compile outcomes, per (class loader, class, method, descriptor, device): it hangs off the
 * implementation {@link Class} itself (a Class stands for its loader and name), so it goes away with the class.
 * A second execute() or a second schedule of the same method does not call the native compiler again.
 *
 * <p>A method whose virtual calls were devirtualised has one outcome per combination of the runtime classes of the
 * objects those calls are made on (its <em>variants</em>, each guarded by those classes, see {@link RuntimeClasses}):
 * every execute() takes the variant whose guard holds for the task's objects now, or compiles a new one, at most
 * {@link #MAX_VARIANTS} per method and device; past that, the method runs on the JVM (a bailout with the reason).
 */
final class KernelCache {
    /** The most variants (kernels for different runtime classes) kept per method and device. */
    static final int MAX_VARIANTS = 8;

    private static final ClassValue<ConcurrentMap<String, List<Outcome>>> CACHE =
            new ClassValue<ConcurrentMap<String, List<Outcome>>>() {
                @Override
                protected ConcurrentMap<String, List<Outcome>> computeValue(Class<?> type) {
                    return new ConcurrentHashMap<>();
                }
            };
    private static final Set<Long> PRINTED = ConcurrentHashMap.newKeySet();

    private KernelCache() {
    }

    /**
     * The outcome for a target on a device (null: the default one) for the target's arguments as they are now,
     * compiling on first use and whenever the objects its virtual calls are made on have classes no variant was
     * compiled for. Bailouts are cached too. A FerroclException from the native side is not cached and propagates.
     *
     * @param taskId names the task in the header of a printed kernel
     */
    static Outcome obtain(TaskTarget target, String device, String optimizations, String taskId) {
        String key = target.cacheKey(device, optimizations);
        List<Outcome> variants = CACHE.get(target.implClass).computeIfAbsent(key, k -> new ArrayList<>());
        synchronized (variants) {
            for (Outcome o : variants) {
                if (o.appliesTo(target.launchArgs)) {
                    return o;
                }
            }
            if (variants.size() >= MAX_VARIANTS) {
                return Outcome.bailout(tooMany(target, variants));
            }
            Outcome outcome = compile(target, device, optimizations, taskId, RuntimeClasses.of(target.launchArgs));
            variants.add(outcome);
            return outcome;
        }
    }

    /** Why a method with {@link #MAX_VARIANTS} variants gets no other. */
    private static String tooMany(TaskTarget target, List<Outcome> variants) {
        Set<String> places = new LinkedHashSet<>();
        List<String> now = new ArrayList<>();
        for (Outcome o : variants) {
            for (RuntimeClasses.Entry g : o.guards) {
                if (places.add(g.place())) {
                    Object value = RuntimeClasses.follow(target.launchArgs, g.root, g.path);
                    now.add(new RuntimeClasses.Entry(g.root, g.path, value == null ? null : value.getClass())
                            .describe());
                }
            }
        }
        return target.displayName() + target.descriptor + ": its virtual calls were compiled for " + MAX_VARIANTS
                + " combinations of runtime classes already (the most Ferrocl keeps per method and device), and the"
                + " objects they are made on now have other classes (" + String.join(", ", now)
                + "): the JVM runs it";
    }

    /**
     * Adds {@code c}, its superclasses and its interfaces to {@code known} by internal name; returns the name of one
     * that clashes (another class of that name is known already, or the task's loader resolves the name to another
     * class), or null.
     */
    static String addKnown(Class<?> c, java.util.Map<String, Class<?>> known, ClassLoader taskLoader) {
        java.util.ArrayDeque<Class<?>> todo = new java.util.ArrayDeque<>();
        todo.add(c);
        while (!todo.isEmpty()) {
            Class<?> k = todo.poll();
            if (k.isHidden() && !LambdaClasses.readable(k) || k.isArray() || k.isPrimitive()) {
                continue;
            }
            String name = LambdaClasses.internalName(k);
            Class<?> before = known.putIfAbsent(name, k);
            if (before != null) {
                if (before != k) {
                    return name;
                }
                continue;
            }
            if (k.isHidden()) {
                // No loader finds a hidden class by name: the compiler has its class file from LambdaClasses.
                if (k.getSuperclass() != null) {
                    todo.add(k.getSuperclass());
                }
                todo.addAll(java.util.Arrays.asList(k.getInterfaces()));
                continue;
            }
            try {
                Class<?> seen = Class.forName(k.getName(), false,
                        taskLoader != null ? taskLoader : ClassLoader.getSystemClassLoader());
                if (seen != k) {
                    return name;
                }
            } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
                // the task's loader does not see it: no clash, its own loader serves it
            }
            if (k.getSuperclass() != null) {
                todo.add(k.getSuperclass());
            }
            todo.addAll(java.util.Arrays.asList(k.getInterfaces()));
        }
        return null;
    }

    private static Outcome compile(TaskTarget target, String device, String optimizations, String taskId,
            List<RuntimeClasses.Entry> classes) {
        byte[] bytes = target.classBytes();
        if (bytes == null) {
            return Outcome.bailout("class bytes of " + target.implClass.getName()
                    + " not available from its class loader, so " + target.displayName() + " cannot be compiled");
        }
        // The objects' classes (and their supertypes) are read through their own loaders. The compiler knows classes
        // by name only, so two classes of one name (two loaders) in one compilation cannot be told apart: such a
        // task runs on the JVM rather than with the other class's code.
        java.util.Map<String, Class<?>> known = new java.util.HashMap<>();
        for (RuntimeClasses.Entry e : classes) {
            if (e.type == null || e.type.isHidden() && !LambdaClasses.readable(e.type)) {
                continue;
            }
            String clash = addKnown(e.type, known, target.loader());
            if (clash != null) {
                List<RuntimeClasses.Entry> guards = new ArrayList<>();
                guards.add(e);
                return Outcome.bailout(target.displayName() + target.descriptor + ": " + e.describe() + " involves "
                        + clash.replace('/', '.') + ", of which another class loader defines another class of that"
                        + " name; the compiler reads classes by name and cannot tell them apart, so the JVM runs it",
                        guards);
            }
        }
        long handle;
        String[] consulted = new String[1];
        ClassResolver resolver = new ClassResolver(target.loader(), known);
        try {
            handle = Backend.compile(target.internalName, bytes, target.methodName, target.descriptor,
                    target.isStatic, device, resolver, RuntimeClasses.text(classes), consulted, optimizations);
        } catch (CompilationException e) {
            List<RuntimeClasses.Entry> guards = RuntimeClasses.select(classes, consulted[0]);
            String reason = e.getMessage();
            reason = reason == null || reason.isBlank()
                    ? target.displayName() + target.descriptor + " cannot be compiled" : reason;
            for (RuntimeClasses.Entry g : guards) {
                if (g.type == null) {
                    // Not a limit of the compiler: the JVM throws its NullPointerException (or, where the call is
                    // not reached, computes the result), so strict mode lets it run there.
                    String what = g.path.length > 0 && g.path[g.path.length - 1].equals(RuntimeClasses.ELEMENTS)
                            ? "every element of an array of objects is null (" + g.describe() + ")"
                            : "a virtual call is made on a null object (" + g.describe() + ")";
                    return Outcome.onJvm(what + ": ran on the JVM, which throws its NullPointerException where an"
                            + " object is used (" + reason + ")", guards);
                }
            }
            // The objects of the static fields the compiler read were described to it: the outcome holds while they
            // keep their classes.
            List<RuntimeClasses.Entry> statics = resolver.staticGuards();
            guards.addAll(statics);
            for (RuntimeClasses.Entry g : statics) {
                if (!g.unread && g.type == null && e.kind() == CompilationException.Kind.RUNTIME) {
                    // A static field's object (or one reached from it) is null: the JVM throws its
                    // NullPointerException where it is used, or computes the result where it is not.
                    return Outcome.onJvm("an object in a static field is null (" + g.describe() + "): ran on the"
                            + " JVM, which throws its NullPointerException where it is used (" + reason + ")", guards);
                }
                if (g.unread) {
                    // Not a limit of the compiler: the class is initialised where the JVM first reads the field
                    // (JLS 12.4.1), so the JVM runs the method this time; the next execute() compiles it again.
                    return Outcome.onJvm("the class " + g.staticRoot.getDeclaringClass().getName() + " of static"
                            + " field " + g.staticRoot.getName() + " is not initialised yet: ran on the JVM, which"
                            + " initialises it (" + reason + ")", guards);
                }
            }
            Outcome bailout = Outcome.bailout(reason, guards);
            bailout.bailoutKind = e.kind();
            return bailout;
        }
        List<RuntimeClasses.Entry> guards = RuntimeClasses.select(classes, consulted[0]);
        guards.addAll(resolver.staticGuards());
        long[] stats = Backend.compileStats(handle);
        String deviceName = Backend.deviceName(handle);
        Class<?>[] fieldClasses;
        String paths = Backend.fieldPaths(handle);
        try {
            fieldClasses = fieldClasses(paths, Backend.staticFields(handle), target.loader(), known);
        } catch (ReflectiveOperationException | LinkageError e) {
            return Outcome.bailout(target.displayName() + target.descriptor
                    + " reads a field of a class that cannot be loaded: " + e, guards);
        }
        Outcome outcome = Outcome.compiled(handle, deviceName, stat(stats, 0), stat(stats, 1), stat(stats, 2) != 0,
                fieldClasses, stat(stats, 3) != 0, guards);
        outcome.fromDiskCache = stat(stats, 4) != 0;
        outcome.nested = nestedParts(paths, target.launchArgs.length);
        outcome.elements = elementParts(paths, target.launchArgs.length);
        outcome.fieldPaths = instanceFieldPaths(paths, target.launchArgs.length);
        outcome.applied = applied(Backend.appliedPhases(handle));
        if (Config.PRINT_KERNEL && PRINTED.add(handle)) {
            print(System.out, target, taskId, deviceName, Backend.kernelSource(handle));
        }
        return outcome;
    }

    /** {@code phase (detail)} per line of {@link Native#appliedPhases}; prefixed by the kernel when there are several. */
    private static List<String> applied(String text) {
        List<String[]> rows = new ArrayList<>();
        Set<String> kernels = new LinkedHashSet<>();
        for (String line : text == null ? new String[0] : text.split("\n")) {
            String[] parts = line.split("\t", 3);
            if (parts.length == 3) {
                rows.add(parts);
                kernels.add(parts[0]);
            }
        }
        List<String> out = new ArrayList<>(rows.size());
        for (String[] r : rows) {
            String phase = r[2].isEmpty() ? r[1] : r[1] + " (" + r[2] + ")";
            out.add(kernels.size() > 1 ? r[0] + ": " + phase : phase);
        }
        return List.copyOf(out);
    }

    private static void print(PrintStream out, TaskTarget target, String taskId, String deviceName, String source) {
        StringBuilder text = new StringBuilder();
        text.append("// ---- ferrocl kernel for task '").append(taskId).append("': ").append(target.displayName())
                .append(target.descriptor).append(" on ").append(deviceName).append(" ----\n");
        text.append(source);
        if (!source.endsWith("\n")) {
            text.append('\n');
        }
        text.append("// ---- end of ").append(target.displayName()).append(" ----");
        out.println(text);
    }

    /**
     * The classes the native side reads the kernel's fields from: for each field path ({@code root<TAB>names<TAB>
     * pkg/Cls} per line) the class its last {@code getfield} names, then for each static field ({@code
     * pkg/Cls<TAB>name<TAB>descriptor}) its class, not initialised: the native side initialises it (by reading the
     * field) only where that cannot be seen, else when Java has (JLS 12.4.1). The native side looks each field up
     * from its class as {@code getfield} and {@code getstatic} do.
     */
    private static Class<?>[] fieldClasses(String paths, String statics, ClassLoader loader,
            java.util.Map<String, Class<?>> known) throws ReflectiveOperationException {
        List<Class<?>> out = new ArrayList<>();
        for (String line : lines(paths)) {
            String[] parts = line.split("\t");
            if (parts[0].equals("nested") || parts[0].equals("scratch") || parts[0].equals("elements")) {
                // An array Java builds from a multi-dimensional argument at each execution (see NestedArrays), or one
                // the method allocates before its loops, which the native side allocates at each execution.
                out.add(null);
                continue;
            }
            String name = parts[parts.length - 1];
            Class<?> k = known.get(name);
            out.add(k != null ? k : Class.forName(name.replace('/', '.'), false, loader));
        }
        for (String line : lines(statics)) {
            String[] parts = line.split("\t", -1);
            String name = parts[0].replace('/', '.');
            if (parts.length > 1 && parts[1].isEmpty()) {
                // A class the method only initialises (a static method's, an allocated object's): null when the
                // task's loader cannot see it (then the native side cannot tell, and the JVM runs the method).
                Class<?> k;
                try {
                    k = Class.forName(name, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    k = null;
                }
                out.add(k);
            } else {
                out.add(Class.forName(name, false, loader));
            }
        }
        return out.toArray(new Class<?>[0]);
    }

    /**
     * Where the host reads the argument or field at parameter {@code root} from: an argument ({@code pathArg} -1), or
     * a field, whose own line among the field paths says from which argument, by which path, looked up from the class
     * at {@code classSlot}.
     */
    private record Source(int pathArg, String[] path, int classSlot) {
    }

    /** The {@link Source} of parameter {@code root}; null when it is a field the host does not read by a path. */
    private static Source source(String[] lines, int root, int argCount) {
        if (root < argCount || root - argCount >= lines.length) {
            return new Source(-1, new String[0], -1);
        }
        String[] field = lines[root - argCount].split("\t");
        if (field.length != 3 || field[0].equals("static") || field[0].equals("nested")) {
            return null;
        }
        return new Source(Integer.parseInt(field[0]), field[1].split("\\."), root);
    }

    /**
     * The arrays built from multi-dimensional arguments: {@code nested<TAB>root<TAB>table|data<TAB>dims<TAB>written}
     * lines among the field paths, each taking its line's place after the task's {@code argCount} arguments.
     */
    private static NestedArrays.Part[] nestedParts(String paths, int argCount) {
        List<NestedArrays.Part> out = new ArrayList<>();
        String[] lines = lines(paths);
        for (int k = 0; k < lines.length; k++) {
            String[] parts = lines[k].split("\t");
            if (parts.length == 5 && parts[0].equals("nested")) {
                int root = Integer.parseInt(parts[1]);
                Source from = source(lines, root, argCount);
                if (from == null) {
                    continue;
                }
                out.add(new NestedArrays.Part(argCount + k, root, parts[2].equals("data"), Integer.parseInt(parts[3]),
                        parts[4].equals("1"), from.pathArg, from.path, from.classSlot));
            }
        }
        return out.toArray(new NestedArrays.Part[0]);
    }

    /**
     * The arrays built from arrays of objects: {@code elements<TAB>root<TAB>name@Owner|#present<TAB>descriptor<TAB>
     * written} lines among the field paths, each taking its line's place after the task's {@code argCount} arguments.
     */
    private static ElementArrays.Part[] elementParts(String paths, int argCount) {
        List<ElementArrays.Part> out = new ArrayList<>();
        String[] lines = lines(paths);
        for (int k = 0; k < lines.length; k++) {
            String[] parts = lines[k].split("\t");
            if (parts.length == 5 && parts[0].equals("elements")) {
                int root = Integer.parseInt(parts[1]);
                Source from = source(lines, root, argCount);
                if (from == null) {
                    continue;
                }
                String field = parts[2].equals("#present") ? null : parts[2];
                out.add(new ElementArrays.Part(argCount + k, root, field, parts[3], parts[4].equals("1"),
                        from.pathArg, from.path, from.classSlot));
            }
        }
        return out.toArray(new ElementArrays.Part[0]);
    }

    /** The instance field paths among the field paths ({@code root<TAB>names<TAB>pkg/Cls} lines). */
    private static NestedArrays.FieldPath[] instanceFieldPaths(String paths, int argCount) {
        List<NestedArrays.FieldPath> out = new ArrayList<>();
        String[] lines = lines(paths);
        for (int k = 0; k < lines.length; k++) {
            String[] field = lines[k].split("\t");
            if (field.length == 3 && !field[0].equals("static") && !field[0].equals("nested")) {
                out.add(new NestedArrays.FieldPath(Integer.parseInt(field[0]), field[1].split("\\."), argCount + k));
            }
        }
        return out.toArray(new NestedArrays.FieldPath[0]);
    }

    private static String[] lines(String text) {
        return text == null || text.isEmpty() ? new String[0] : text.split("\n");
    }

    private static long stat(long[] stats, int i) {
        return stats != null && stats.length > i ? stats[i] : 0;
    }
}

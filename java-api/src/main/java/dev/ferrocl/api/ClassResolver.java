package dev.ferrocl.api;

import java.io.IOException;
import java.io.InputStream;

/**
 * Gives the native compiler the bytes of further classes (callees, field owners) through the class loader of the
 * method being compiled. The native side looks {@link #classBytes(String)} up by name and signature
 * {@code (Ljava/lang/String;)[B}: keep both.
 */
final class ClassResolver {
    private final ClassLoader loader;
    private final java.util.Map<String, Class<?>> known;
    /** The known classes' loaders other than the task's, then the task's; empty when there are no others. */
    private final java.util.Set<ClassLoader> loaders = new java.util.LinkedHashSet<>();

    /** @param loader the loader to read class files through; null means the system class loader */
    ClassResolver(ClassLoader loader) {
        this(loader, java.util.Map.of());
    }

    /**
     * @param loader the loader to read class files through; null means the system class loader
     * @param known  classes by internal name whose own loader serves their class files (the exact classes of the
     *               objects the task reaches, which another loader may have defined)
     */
    ClassResolver(ClassLoader loader, java.util.Map<String, Class<?>> known) {
        this.loader = loader != null ? loader : ClassLoader.getSystemClassLoader();
        this.known = known;
        for (Class<?> c : known.values()) {
            if (c.getClassLoader() != null && c.getClassLoader() != this.loader) {
                loaders.add(c.getClassLoader());
            }
        }
        if (!loaders.isEmpty()) {
            loaders.add(this.loader);
        }
    }

    /**
     * The loader that defines {@code internalName} for the compiler: a known class's own; else, when the known classes
     * come from other loaders too (whose code may name classes of theirs), the one class every such loader and the
     * task's resolve the name to, or null when they resolve it to different classes (the compiler, which knows
     * classes by name, cannot tell them apart: the class is then not available to it and the call bails out); else
     * the task's loader.
     */
    private ClassLoader loaderOf(String internalName) {
        Class<?> k = known.get(internalName);
        if (k != null) {
            return k.getClassLoader() != null ? k.getClassLoader() : loader;
        }
        if (loaders.isEmpty()) {
            return loader;
        }
        Class<?> found = null;
        for (ClassLoader l : loaders) {
            Class<?> c;
            try {
                c = Class.forName(internalName.replace('/', '.'), false, l);
            } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
                continue;
            }
            if (found != null && c != found) {
                return null;
            }
            found = c;
        }
        return found == null || found.getClassLoader() == null ? loader : found.getClassLoader();
    }

    /**
     * The class file of a class, read as a resource of the loader.
     *
     * @param internalName the class's internal name, such as {@code java/lang/Math}
     * @return the bytes, or null when the loader has no such class file
     */
    byte[] classBytes(String internalName) {
        if (internalName == null || internalName.isEmpty() || internalName.startsWith("[")
                || internalName.indexOf('.') >= 0) {
            return null;
        }
        Class<?> k = known.get(internalName);
        if (k != null && k.isHidden()) {
            return LambdaClasses.classBytes(k);
        }
        // Ferrocl's own substitutes of JDK methods come from Ferrocl's loader, whatever the task's sees; the
        // character tables are computed now (the host reads them as static fields of an initialised class).
        boolean substitute = internalName.equals(JdkSubstitutes.INTERNAL_NAME)
                || internalName.equals(JdkCharacters.INTERNAL_NAME) || internalName.equals(JdkRandom.INTERNAL_NAME);
        if (internalName.equals(JdkCharacters.INTERNAL_NAME)) {
            JdkCharacters.initialise();
        }
        ClassLoader from = substitute ? ClassResolver.class.getClassLoader() : loaderOf(internalName);
        if (from == null) {
            return null;
        }
        try (InputStream in = from.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether the JVM runs the {@code assert} statements of a class: the value of its {@code $assertionsDisabled}
     * (javac's synthetic field; reading it initialises the class, as running the method would), else
     * {@link Class#desiredAssertionStatus()}. The native side looks it up by name and signature
     * {@code (Ljava/lang/String;)I}: keep both.
     *
     * @param internalName the class's internal name
     * @return 1 when assertions are enabled, 0 when disabled, -1 when the class cannot be found
     */
    int assertionStatus(String internalName) {
        Class<?> c;
        ClassLoader from = loaderOf(internalName);
        if (from == null) {
            return -1;
        }
        try {
            c = Class.forName(internalName.replace('/', '.'), false, from);
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            return -1;
        }
        if (!Native.classInitialized(c)) {
            // JLS 12.4.1: compiling initialises nothing. What the class's initialiser will store in
            // $assertionsDisabled: javac asks the outermost class's desired status.
            Class<?> top = c;
            while (top.getEnclosingClass() != null) {
                top = top.getEnclosingClass();
            }
            return top.desiredAssertionStatus() ? 1 : 0;
        }
        try {
            java.lang.reflect.Field f = c.getDeclaredField("$assertionsDisabled");
            if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.getType() == boolean.class) {
                f.setAccessible(true);
                return f.getBoolean(null) ? 0 : 1;
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // no such field, or not accessible: fall back to the class's desired status
        }
        return c.desiredAssertionStatus() ? 1 : 0;
    }

    /** What {@link #staticObjects} described, the guards of the compiled kernel (see {@link #staticGuards}). */
    private final java.util.List<RuntimeClasses.Entry> staticGuards = new java.util.ArrayList<>();

    /**
     * The exact classes of the object a static field holds now and of the objects reachable from it, for guarded
     * devirtualisation of calls on them: one line per object, {@code <field@Owner.field@Owner...><TAB><token>} in
     * {@link RuntimeClasses}' form (an empty path for the field's object). The field is read only when Java has
     * initialised its class, or when the compiler found the class's initialisation unobservable
     * ({@code mayInitialise}); otherwise null. Every answer is recorded as a guard of the kernel. The native side
     * looks it up by name and signature {@code (Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Z)
     * Ljava/lang/String;}: keep both.
     *
     * @param owner          the internal name of the class declaring the field
     * @param name           the field's name
     * @param descriptor     its descriptor (an object type)
     * @param mayInitialise  whether the host may initialise {@code owner} to read it
     * @return the description, or null when the field cannot be read now
     */
    String staticObjects(String owner, String name, String descriptor, boolean mayInitialise) {
        ClassLoader from = loaderOf(owner);
        if (from == null) {
            return null;
        }
        java.lang.reflect.Field f;
        Class<?> c;
        try {
            c = Class.forName(owner.replace('/', '.'), false, from);
            f = c.getDeclaredField(name);
            if (!java.lang.reflect.Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()
                    || f.getType().isArray()) {
                return null;
            }
            f.setAccessible(true);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;
        }
        if (!Native.classInitialized(c)) {
            if (!mayInitialise) {
                // JLS 12.4.1: the class is initialised where the method first reads it, not here. The kernel
                // compiled now (calls on the object bail out) holds only while the class stays uninitialised.
                staticGuards.add(RuntimeClasses.Entry.uninitialised(f));
                return null;
            }
            try {
                Class.forName(c.getName(), true, from);
            } catch (LinkageError | ClassNotFoundException e) {
                return null;
            }
        }
        Object value;
        try {
            value = f.get(null);
        } catch (IllegalAccessException | RuntimeException e) {
            return null;
        }
        java.util.List<RuntimeClasses.Entry> entries = RuntimeClasses.ofStatic(f, value);
        StringBuilder b = new StringBuilder();
        for (RuntimeClasses.Entry e : entries) {
            if (e.type != null && e.type.isHidden() && !LambdaClasses.readable(e.type)) {
                continue;
            }
            if (e.type != null && known instanceof java.util.HashMap
                    && KernelCache.addKnown(e.type, known, loader) != null) {
                // Another class of that name is known already: the compiler could not tell them apart.
                continue;
            }
            staticGuards.add(e);
            b.append(String.join(".", e.path)).append('\t').append(e.token()).append('\n');
        }
        return b.toString();
    }

    /** The guards {@link #staticObjects} recorded for the kernel compiled through this resolver. */
    java.util.List<RuntimeClasses.Entry> staticGuards() {
        return java.util.List.copyOf(staticGuards);
    }

    @Override
    public String toString() {
        return "ClassResolver[" + loader + "]";
    }
}

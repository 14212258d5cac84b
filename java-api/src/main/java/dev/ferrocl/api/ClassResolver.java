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
        ClassLoader from = loaderOf(internalName);
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

    @Override
    public String toString() {
        return "ClassResolver[" + loader + "]";
    }
}

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
    }

    /** The loader that defines {@code internalName} for the compiler: a known class's own, else the task's. */
    private ClassLoader loaderOf(String internalName) {
        Class<?> k = known.get(internalName);
        ClassLoader own = k == null ? null : k.getClassLoader();
        return own != null ? own : loader;
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
        try (InputStream in = loaderOf(internalName).getResourceAsStream(internalName + ".class")) {
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
        try {
            c = Class.forName(internalName.replace('/', '.'), true, loaderOf(internalName));
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            return -1;
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

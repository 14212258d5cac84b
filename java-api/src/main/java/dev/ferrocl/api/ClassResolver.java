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

    /** @param loader the loader to read class files through; null means the system class loader */
    ClassResolver(ClassLoader loader) {
        this.loader = loader != null ? loader : ClassLoader.getSystemClassLoader();
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
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
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
            c = Class.forName(internalName.replace('/', '.'), true, loader);
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

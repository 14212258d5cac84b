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

    @Override
    public String toString() {
        return "ClassResolver[" + loader + "]";
    }
}

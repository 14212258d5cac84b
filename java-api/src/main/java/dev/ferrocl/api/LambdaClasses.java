package dev.ferrocl.api;

/**
 * The hidden classes of lambdas and method references ({@code LambdaMetafactory}'s), which have no class file: the
 * compiler gets one assembled from what JVMTI gives of the class ({@link Native#lambdaClassBytes}), so that a
 * lambda a task reaches (an argument, a field of one) is devirtualised like an object of any other class. Other
 * hidden classes (proxies, {@code Lookup.defineHiddenClass} of a user's own bytes) stay unknown to the compiler.
 */
final class LambdaClasses {
    private static final ClassValue<byte[]> BYTES = new ClassValue<byte[]>() {
        @Override
        protected byte[] computeValue(Class<?> type) {
            try {
                byte[] b = Backend.lambdaClassBytes(type);
                return b == null ? new byte[0] : b;
            } catch (RuntimeException | LinkageError e) {
                return new byte[0];
            }
        }
    };

    private LambdaClasses() {
    }

    /** Whether {@code c} is a lambda's or method reference's class, as {@code LambdaMetafactory} names them. */
    static boolean isLambda(Class<?> c) {
        return c.isHidden() && c.getName().contains("$$Lambda");
    }

    /** Whether the compiler can have the class file of {@code c}: a lambda's class whose parts JVMTI gives. */
    static boolean readable(Class<?> c) {
        return isLambda(c) && BYTES.get(c).length > 0;
    }

    /** The class file of a {@link #readable} class, else null. */
    static byte[] classBytes(Class<?> c) {
        if (!isLambda(c)) {
            return null;
        }
        byte[] b = BYTES.get(c);
        return b.length == 0 ? null : b.clone();
    }

    /**
     * The JVM's internal name of a class: {@code pkg/Name}; for a hidden class ({@code pkg.Name/0x...} to
     * {@link Class#getName}) {@code pkg/Name+0x...}, the name its own constant pool and its bytecode use.
     */
    static String internalName(Class<?> c) {
        String name = c.getName();
        if (!c.isHidden()) {
            return name.replace('.', '/');
        }
        int slash = name.lastIndexOf('/');
        return slash < 0 ? name.replace('.', '/')
                : name.substring(0, slash).replace('.', '/') + "+" + name.substring(slash + 1);
    }
}

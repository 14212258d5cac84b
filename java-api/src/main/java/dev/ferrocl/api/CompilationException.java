package dev.ferrocl.api;

/**
 * Thrown in strict mode when the compiler cannot handle a method (a "bailout"). Without strict mode the method
 * runs on the JVM instead and a warning is printed once per method.
 *
 * <p>The message is the reason; for bailouts found by the compiler it names the class, the method, the bytecode
 * index and, where the class file has line numbers, the source line. {@link #kind()} says what kind of thing
 * stopped the compiler, for code that reacts to bailouts without reading their words.
 */
public class CompilationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What kind of thing made the compiler refuse a method. */
    public enum Kind {
        /**
         * A bytecode instruction or language construct the compiler does not translate (exception handlers,
         * monitors, instance fields written, references compared, irreducible loops).
         */
        CONSTRUCT,
        /**
         * A call that cannot be inlined: no class bytes, native, recursive, too deep, or a virtual call whose
         * receiver's class cannot be known before launch.
         */
        CALL,
        /** An allocation that cannot live in private memory or registers (escaping, reference fields, too large). */
        ALLOCATION,
        /** No parallel loop, or one the compiler cannot prove parallel. */
        PARALLELISM,
        /** A {@code @Reduce} parameter used in a way that is not a recognised reduction. */
        REDUCTION,
        /** The device lacks what Java's semantics need, or has no OpenCL device at all. */
        DEVICE,
        /**
         * The state of the running program rules the kernel out (assertions enabled, a null object, a hidden
         * class).
         */
        RUNTIME,
        /** An optimising phase the method needs was switched off ({@code -Dferrocl.opt.<phase>=false}). */
        DISABLED,
        /** Found outside the compiler (the class bytes or the task's target cannot be had, too many variants). */
        OTHER
    }

    /** Why the method could not be compiled (part of the serialized form). */
    private final Kind kind;

    /**
     * Creates the exception, of kind {@link Kind#OTHER}.
     *
     * @param message why the method cannot be compiled
     */
    public CompilationException(String message) {
        this(message, Kind.OTHER);
    }

    /**
     * Creates the exception.
     *
     * @param message why the method cannot be compiled
     * @param kind    what kind of thing stopped the compiler
     */
    public CompilationException(String message, Kind kind) {
        super(message);
        this.kind = kind == null ? Kind.OTHER : kind;
    }

    /** Called by the native compiler with the kind's name; an unknown name is {@link Kind#OTHER}. */
    CompilationException(String message, String kind) {
        this(message, parse(kind));
    }

    private static Kind parse(String name) {
        for (Kind k : Kind.values()) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        return Kind.OTHER;
    }

    /**
     * What kind of thing stopped the compiler.
     *
     * @return the kind; {@link Kind#OTHER} for bailouts found outside the compiler
     */
    public Kind kind() {
        return kind;
    }
}

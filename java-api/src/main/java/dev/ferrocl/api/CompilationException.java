package dev.ferrocl.api;

/**
 * Thrown in strict mode when the compiler cannot handle a method (a "bailout"). Without strict mode the method
 * runs on the JVM instead and a warning is printed once per method.
 *
 * <p>The message is the reason; for bailouts found by the compiler it names the class, the method, the bytecode
 * index and, where the class file has line numbers, the source line.
 */
public class CompilationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message why the method cannot be compiled
     */
    public CompilationException(String message) {
        super(message);
    }
}

package dev.ferrocl.api;

/**
 * A failure of Ferrocl itself other than a bailout: the native library cannot be loaded, an OpenCL call failed,
 * a class file is corrupt (the message names the class), or the configuration names no device.
 */
public class FerroclException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed
     */
    public FerroclException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message what failed
     * @param cause   the underlying failure
     */
    public FerroclException(String message, Throwable cause) {
        super(message, cause);
    }
}

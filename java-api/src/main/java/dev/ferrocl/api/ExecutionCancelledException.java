package dev.ferrocl.api;

/**
 * The host stopped waiting for the device: the thread was interrupted while {@link TaskSchedule#execute()} (or
 * {@link OpenClKernel#launch}) waited for its kernels, or the schedule's {@link TaskSchedule#timeout timeout}
 * passed. Every Java array is as it was before the execution (the device's results are discarded; no task reran on
 * the JVM), and the thread's interrupt status stays set. The device finishes the commands it had; the schedule
 * stays usable, and its next execution starts once the device has finished them.
 */
public class ExecutionCancelledException extends FerroclException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message why the wait ended
     */
    public ExecutionCancelledException(String message) {
        super(message);
    }
}

package dev.ferrocl.api;

/**
 * A task of one argument: a method reference (or lambda) given to {@link TaskSchedule}, such as
 * {@code Kernels::compute}. It is serializable so that Ferrocl can find the method behind it.
 *
 * @param <T1> the type of the first argument
 */
@FunctionalInterface
public interface Task1<T1> extends java.io.Serializable {
    /**
     * Runs the task on the JVM.
     *
     * @param a1 the first argument
     */
    void apply(T1 a1);
}

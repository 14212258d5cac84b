package dev.ferrocl.api;

/**
 * A task of 2 arguments: a method reference (or lambda) given to {@link TaskSchedule}, such as
 * {@code Kernels::compute}. It is serializable so that Ferrocl can find the method behind it.
 *
 * @param <T1> the type of the first argument
 * @param <T2> the type of the second argument
 */
@FunctionalInterface
public interface Task2<T1, T2> extends java.io.Serializable {
    /**
     * Runs the task on the JVM.
     *
     * @param a1 the first argument
     * @param a2 the second argument
     */
    void apply(T1 a1, T2 a2);
}

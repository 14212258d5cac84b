package dev.ferrocl.api;

/**
 * A task of 3 arguments: a method reference (or lambda) given to {@link TaskSchedule}, such as
 * {@code Kernels::compute}. It is serializable so that Ferrocl can find the method behind it.
 *
 * @param <T1> the type of the first argument
 * @param <T2> the type of the second argument
 * @param <T3> the type of the third argument
 */
@FunctionalInterface
public interface Task3<T1, T2, T3> extends java.io.Serializable {
    /**
     * Runs the task on the JVM.
     *
     * @param a1 the first argument
     * @param a2 the second argument
     * @param a3 the third argument
     */
    void apply(T1 a1, T2 a2, T3 a3);
}

package dev.ferrocl.api;

/**
 * A task of 12 arguments: a method reference (or lambda) given to {@link TaskSchedule}, such as
 * {@code Kernels::compute}. It is serializable so that Ferrocl can find the method behind it.
 *
 * @param <T1> the type of the first argument
 * @param <T2> the type of the second argument
 * @param <T3> the type of the third argument
 * @param <T4> the type of the fourth argument
 * @param <T5> the type of the fifth argument
 * @param <T6> the type of the sixth argument
 * @param <T7> the type of the seventh argument
 * @param <T8> the type of the eighth argument
 * @param <T9> the type of the ninth argument
 * @param <T10> the type of the tenth argument
 * @param <T11> the type of the eleventh argument
 * @param <T12> the type of the twelfth argument
 */
@FunctionalInterface
public interface Task12<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> extends java.io.Serializable {
    /**
     * Runs the task on the JVM.
     *
     * @param a1 the first argument
     * @param a2 the second argument
     * @param a3 the third argument
     * @param a4 the fourth argument
     * @param a5 the fifth argument
     * @param a6 the sixth argument
     * @param a7 the seventh argument
     * @param a8 the eighth argument
     * @param a9 the ninth argument
     * @param a10 the tenth argument
     * @param a11 the eleventh argument
     * @param a12 the twelfth argument
     */
    void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12);
}

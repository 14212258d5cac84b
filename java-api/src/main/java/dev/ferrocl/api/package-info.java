/**
 * Ferrocl: run Java methods on OpenCL devices.
 *
 * <p>A kernel is an ordinary static or instance method whose work loop is marked {@link dev.ferrocl.api.Parallel}:
 *
 * <pre>{@code
 * static void add(int[] a, int[] b, int[] c, int n) {
 *     for (@Parallel int i = 0; i < n; i++) {
 *         c[i] = a[i] + b[i];
 *     }
 * }
 *
 * try (TaskSchedule s = new TaskSchedule("demo").task("add", Kernels::add, a, b, c, n)) {
 *     s.execute();
 *     System.out.println(s.report());
 * }
 * }</pre>
 *
 * <p>The method's bytecode is handed to a JIT compiler that writes OpenCL C and runs it on the device. Whatever the
 * compiler cannot handle runs on the JVM instead (a "bailout", reported with its reason and warned about once per
 * method), unless strict mode is on ({@code -Dferrocl.strict=true} or {@code FERROCL_STRICT=1}), where it is a
 * {@link dev.ferrocl.api.CompilationException}. Either way the results are those the JVM would compute, exceptions
 * included.
 *
 * <p>System properties, read once: {@code ferrocl.strict}, {@code ferrocl.printKernel} (print each generated kernel
 * once to {@code System.out}), {@code ferrocl.device} or environment {@code FERROCL_DEVICE} (a device id
 * {@code "P:D"} as listed by {@link dev.ferrocl.api.Devices#list()}), {@code ferrocl.library.path} (the native
 * library file, or a directory holding {@code libferrocl.so}).
 */
package dev.ferrocl.api;

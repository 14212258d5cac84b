package dev.ferrocl.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks for relaxed math in this task method's kernels: {@code Math}'s transcendental functions ({@code sin},
 * {@code exp}, {@code pow}, ...) become the device's OpenCL built-ins, and {@code a * b + c} may be contracted into
 * a fused multiply-add. Results may then differ from the JVM's, within the OpenCL specification's error bounds
 * (for {@code double}: 3 or 4 ulp for most functions, 16 for {@code pow}) rather than Java's 1 ulp. NaN,
 * infinities, the special values Java documents (such as {@code Math.pow(1, NaN)} being NaN), exceptions,
 * {@code StrictMath} and every other operation stay Java's, with one exception: of {@code pow}'s rule that a power
 * of two integers is exact where the result is representable, only the powers with a positive exponent and a
 * result below 2<sup>46</sup> in magnitude are kept exact ({@code Math.pow(3, 20)}); others, such as
 * {@code Math.pow(2, -1)} or {@code Math.pow(10, 15)}, are within the built-in's bound (the branch to an exact power
 * cost a compute-bound kernel 3%). Never the default: the same is asked for a whole schedule with
 * {@link TaskSchedule#relaxedMath(boolean)} or for every schedule with {@code -Dferrocl.relaxedMath=true}. {@link TaskReport#optimizations()} lists {@code relaxedMath} for such a
 * kernel, and its source says so.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RelaxedMath {
}

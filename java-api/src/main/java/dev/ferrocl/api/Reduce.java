package dev.ferrocl.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an array parameter as the result of a reduction: the parallel loop combines values into it (for example
 * {@code sum[0] += a[i]}) with an associative, commutative operation, so the device may combine partial results in
 * any order. The operations: {@code +=}, {@code -=}, {@code *=}, {@code Math.min} and {@code Math.max} over
 * {@code int[]}, {@code long[]}, {@code float[]} and {@code double[]}; over {@code int[]} and {@code long[]} also
 * {@code &=}, {@code |=}, {@code ^=}, and a minimum or maximum written as a comparison
 * ({@code if (e > max[0]) max[0] = e;}). The result is element 0.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Reduce {
}

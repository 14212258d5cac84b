package dev.ferrocl.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the induction variable of a loop whose iterations are independent, so that each iteration may run as one
 * work-item on the device: {@code for (@Parallel int i = 0; i < n; i++) { ... }}.
 *
 * <p>The iterations must not depend on one another (no iteration reads what another one writes), as on the device
 * they run in no particular order. On the JVM the loop runs sequentially as written.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE_USE)
public @interface Parallel {
}

package dv;

/** Before: no method. */
public interface Right {
}

package dv;

/** After: a default method that conflicts with Dv.Left's in Dv.Both. */
public interface Right {
    default int pick() {
        return 2;
    }
}

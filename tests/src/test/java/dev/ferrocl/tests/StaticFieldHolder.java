package dev.ferrocl.tests;

/** Another class's static fields, read by {@link StaticFieldKernels}. */
final class StaticFieldHolder {
    private StaticFieldHolder() {
    }

    static final int STEP = 7;
    static final double RATIO = 0.1;
    static final double EPSILON = 1e-300;
    static final long INITIALISED = Long.parseLong("99");

    static float factor = 2f;
    static float shift = 0f;

    static float scaled(float v) {
        return v * factor;
    }
}

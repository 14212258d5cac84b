package dev.ferrocl.api;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Arrays of objects ({@code Particle[] ps}) as a kernel sees them: arrays of primitives built from the elements at each
 * execution. {@code present[k]} is 1 where element {@code k} is an object and 0 where it is null; for each primitive
 * field the kernel reads or writes, an array holds the elements' values of it ({@code ps_x[k]} is {@code ps[k].x}).
 * Every non-null element has the class the kernel was compiled for (the kernel's guard, see {@link RuntimeClasses}).
 * After a successful execution, the fields the kernels wrote go back into the objects; a failed one leaves them
 * untouched for the JVM's rerun.
 */
final class ElementArrays {
    private ElementArrays() {
    }

    /**
     * One array a kernel parameter stands for: {@code present} ({@code field == null}) or the values of field
     * {@code field} ({@code name@Owner}, descriptor {@code descriptor}) of the elements of the array of objects at
     * {@code root}; {@code slot} is where it goes in the launch arguments. For an array read from a field
     * ({@code this.bodies}), {@code pathArg}, {@code path} and {@code classSlot} say where the host reads it, as for
     * {@link NestedArrays.Part}.
     */
    record Part(int slot, int root, String field, String descriptor, boolean written, int pathArg, String[] path,
            int classSlot) {
    }

    /** The arrays built from one array of objects in one native execution. */
    private static final class Laid {
        final Object[] elements;
        final int[] present;
        /** Whether an object appears at two indices (then the kernel must not write its fields). */
        final boolean repeated;
        final Map<String, Object> values = new HashMap<>();
        final Map<String, Field> fields = new HashMap<>();
        final List<String> written = new ArrayList<>();

        Laid(Object[] elements) {
            this.elements = elements;
            present = new int[elements.length];
            IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
            boolean twice = false;
            for (int k = 0; k < elements.length; k++) {
                Object o = elements[k];
                if (o != null) {
                    present[k] = 1;
                    twice |= seen.put(o, Boolean.TRUE) != null;
                }
            }
            repeated = twice;
        }
    }

    /**
     * The arrays of one native execution (several tasks): one set per distinct array of objects, so that a task
     * reading what an earlier one wrote gets the same arrays.
     */
    static final class Call {
        private final IdentityHashMap<Object, Laid> laid = new IdentityHashMap<>();
        private String refused;

        /** The array {@code part} stands for, built from {@code root}; null where the JVM must run the task. */
        Object array(Object root, Part part) {
            if (!(root instanceof Object[] elements) || root.getClass().getComponentType().isPrimitive()) {
                return null;
            }
            Laid l = laid.computeIfAbsent(root, r -> new Laid(elements));
            if (part.field == null) {
                return l.present;
            }
            Object values = l.values.get(part.field);
            if (values == null) {
                Field f = field(l, part.field);
                if (f == null) {
                    refused = "field " + part.field.replace('@', ' ').split(" ")[0] + " of the elements of an array"
                            + " of objects cannot be read by the host (a primitive instance field of a class open to"
                            + " reflection is needed)";
                    return null;
                }
                values = read(elements, f, part.descriptor);
                if (values == null) {
                    return null;
                }
                l.values.put(part.field, values);
                l.fields.put(part.field, f);
            }
            if (part.written && !l.written.contains(part.field)) {
                l.written.add(part.field);
            }
            return values;
        }

        /**
         * Why the arrays cannot stand for the objects in this execution, or null: a field the host cannot read, or,
         * where a kernel writes a field of the elements, one object at two indices of an array or in two arrays of
         * objects (each place would get its own copy of the object's fields, and a write through one would not show
         * through the other).
         */
        String sharing() {
            if (refused != null) {
                return refused;
            }
            boolean written = false;
            for (Laid l : laid.values()) {
                written |= !l.written.isEmpty();
            }
            if (!written) {
                return null;
            }
            IdentityHashMap<Object, Object> owner = new IdentityHashMap<>();
            for (Map.Entry<Object, Laid> e : laid.entrySet()) {
                Laid l = e.getValue();
                if (l.repeated) {
                    return "an array of objects holds one object at two indices and a kernel writes its fields: the"
                            + " kernel would work on two copies of one object";
                }
                for (Object o : l.elements) {
                    if (o != null) {
                        Object before = owner.put(o, e.getKey());
                        if (before != null && before != e.getKey()) {
                            return "two arrays of objects hold one object and a kernel writes fields of their"
                                    + " elements: the kernel would work on two copies of one object";
                        }
                    }
                }
            }
            return null;
        }

        boolean isEmpty() {
            return laid.isEmpty() && refused == null;
        }

        /** After a successful execution: the fields the kernels wrote go back into the objects. */
        void scatter() {
            for (Laid l : laid.values()) {
                for (String key : l.written) {
                    write(l.elements, l.fields.get(key), l.values.get(key));
                }
            }
        }
    }

    /** Field {@code name@Owner} of the elements (looked up from the first element's class upwards), or null. */
    private static Field field(Laid l, String step) {
        Object first = null;
        for (Object o : l.elements) {
            if (o != null) {
                first = o;
                break;
            }
        }
        if (first == null) {
            return null;
        }
        int at = step.indexOf('@');
        String name = at < 0 ? step : step.substring(0, at);
        String owner = at < 0 ? null : step.substring(at + 1);
        for (Class<?> k = first.getClass(); k != null; k = k.getSuperclass()) {
            if (owner != null && !LambdaClasses.internalName(k).equals(owner)) {
                continue;
            }
            try {
                Field f = k.getDeclaredField(name);
                if (Modifier.isStatic(f.getModifiers()) || !f.getType().isPrimitive()) {
                    return null;
                }
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException | RuntimeException e) {
                return null;
            }
        }
        return null;
    }

    /** The values of field {@code f} of every element (0 where the element is null), as an array of its type. */
    private static Object read(Object[] elements, Field f, String descriptor) {
        int n = elements.length;
        try {
            switch (descriptor) {
                case "F": {
                    float[] a = new float[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getFloat(elements[k]);
                        }
                    }
                    return a;
                }
                case "D": {
                    double[] a = new double[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getDouble(elements[k]);
                        }
                    }
                    return a;
                }
                case "I": {
                    int[] a = new int[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getInt(elements[k]);
                        }
                    }
                    return a;
                }
                case "J": {
                    long[] a = new long[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getLong(elements[k]);
                        }
                    }
                    return a;
                }
                case "S": {
                    short[] a = new short[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getShort(elements[k]);
                        }
                    }
                    return a;
                }
                case "C": {
                    char[] a = new char[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getChar(elements[k]);
                        }
                    }
                    return a;
                }
                case "B": {
                    byte[] a = new byte[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getByte(elements[k]);
                        }
                    }
                    return a;
                }
                case "Z": {
                    boolean[] a = new boolean[n];
                    for (int k = 0; k < n; k++) {
                        if (elements[k] != null) {
                            a[k] = f.getBoolean(elements[k]);
                        }
                    }
                    return a;
                }
                default:
                    return null;
            }
        } catch (IllegalAccessException | IllegalArgumentException e) {
            // An element of another class than the kernel's (the guard missed it): the JVM runs the task.
            return null;
        }
    }

    /** Writes {@code values} back into field {@code f} of every non-null element. */
    private static void write(Object[] elements, Field f, Object values) {
        try {
            for (int k = 0; k < elements.length; k++) {
                Object o = elements[k];
                if (o == null) {
                    continue;
                }
                if (values instanceof float[] a) {
                    f.setFloat(o, a[k]);
                } else if (values instanceof double[] a) {
                    f.setDouble(o, a[k]);
                } else if (values instanceof int[] a) {
                    f.setInt(o, a[k]);
                } else if (values instanceof long[] a) {
                    f.setLong(o, a[k]);
                } else if (values instanceof short[] a) {
                    f.setShort(o, a[k]);
                } else if (values instanceof char[] a) {
                    f.setChar(o, a[k]);
                } else if (values instanceof byte[] a) {
                    f.setByte(o, a[k]);
                } else if (values instanceof boolean[] a) {
                    f.setBoolean(o, a[k]);
                }
            }
        } catch (IllegalAccessException e) {
            throw new FerroclException("cannot write field " + f + " back: " + e, e);
        }
    }

    /**
     * The class every non-null element of {@code array} has: null when there is none (empty, or all null),
     * {@link Mixed} when they differ, {@link NotObjects} when {@code array} is not an array of objects.
     */
    static Class<?> commonClass(Object array) {
        if (!(array instanceof Object[] elements) || array.getClass().getComponentType().isPrimitive()) {
            return NotObjects.class;
        }
        Class<?> common = null;
        for (Object o : elements) {
            if (o == null) {
                continue;
            }
            Class<?> c = o.getClass();
            if (common == null) {
                common = c;
            } else if (c != common) {
                return Mixed.class;
            }
        }
        return common;
    }

    /** Marks an array of objects of several classes (see {@link #commonClass}). */
    static final class Mixed {
        private Mixed() {
        }
    }

    /** Marks a value that is not a one-dimensional array of objects (see {@link #commonClass}). */
    static final class NotObjects {
        private NotObjects() {
        }
    }
}

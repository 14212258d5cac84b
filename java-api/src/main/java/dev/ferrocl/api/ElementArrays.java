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
 * execution. {@code present[k]} is 0 where element {@code k} is null, else the number of its class among the
 * elements' classes ({@link #classes}: 1 when they are of one class); for each primitive field the kernel reads or
 * writes, an array holds the elements' values of it ({@code ps_x[k]} is {@code ps[k].x}). The elements have the
 * classes the kernel was compiled for (the kernel's guard, see {@link RuntimeClasses}).
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

    /** One field's values: its {@link Field}, the array of them, and how to move one value either way. */
    private abstract static class Slot {
        final Field field;
        boolean written;

        /** The class declaring the field: elements of other classes (an array of several) have no value here. */
        final Class<?> owner;

        Slot(Field field) {
            this.field = field;
            this.owner = field.getDeclaringClass();
        }

        abstract Object values();

        /** Reads element {@code k}'s field ({@code o}, not null) into the array. */
        abstract void read(Object o, int k) throws IllegalAccessException;

        /** Writes the array's value {@code k} back into element {@code o}'s field. */
        abstract void write(Object o, int k) throws IllegalAccessException;

        static Slot of(Field f, String descriptor, int n) {
            switch (descriptor) {
                case "F": {
                    float[] a = new float[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getFloat(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setFloat(o, a[k]); }
                    };
                }
                case "D": {
                    double[] a = new double[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getDouble(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setDouble(o, a[k]); }
                    };
                }
                case "I": {
                    int[] a = new int[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getInt(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setInt(o, a[k]); }
                    };
                }
                case "J": {
                    long[] a = new long[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getLong(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setLong(o, a[k]); }
                    };
                }
                case "S": {
                    short[] a = new short[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getShort(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setShort(o, a[k]); }
                    };
                }
                case "C": {
                    char[] a = new char[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getChar(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setChar(o, a[k]); }
                    };
                }
                case "B": {
                    byte[] a = new byte[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getByte(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setByte(o, a[k]); }
                    };
                }
                case "Z": {
                    boolean[] a = new boolean[n];
                    return new Slot(f) {
                        Object values() { return a; }
                        void read(Object o, int k) throws IllegalAccessException { a[k] = field.getBoolean(o); }
                        void write(Object o, int k) throws IllegalAccessException { field.setBoolean(o, a[k]); }
                    };
                }
                default:
                    return null;
            }
        }
    }

    /** The arrays built from one array of objects in one native execution. */
    private static final class Laid {
        final Object[] elements;
        final int[] present;
        /** By {@code name@Owner}. */
        final Map<String, Slot> slots = new HashMap<>();

        /** The elements' classes, numbered as {@link #classes} numbers them. */
        final List<Class<?>> classes;

        Laid(Object[] elements) {
            this.elements = elements;
            present = new int[elements.length];
            classes = classes(elements);
        }

        /** Whether a kernel writes a field of these elements. */
        boolean written() {
            for (Slot s : slots.values()) {
                if (s.written) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * The arrays of one native execution (several tasks): one set per distinct array of objects, so that a task
     * reading what an earlier one wrote gets the same arrays.
     */
    static final class Call {
        private final IdentityHashMap<Object, Laid> laid = new IdentityHashMap<>();
        private String refused;

        /**
         * The array {@code part} stands for, built from {@code root}; null where the JVM must run the task. The first
         * part of a root lays out every field {@code parts} (the kernel's parts) name for that root, in one pass over
         * the elements.
         */
        Object array(Object root, Part part, Part[] parts) {
            if (!(root instanceof Object[] elements) || root.getClass().getComponentType().isPrimitive()) {
                return null;
            }
            Laid l = laid.get(root);
            if (l == null) {
                l = lay(elements, part, parts);
                if (l == null) {
                    return null;
                }
                laid.put(root, l);
            }
            if (part.field == null) {
                return l.present;
            }
            Slot s = l.slots.get(part.field);
            if (s == null) {
                // A part of another task's kernel: laid out now, in a pass of its own.
                Field f = field(elements, part.field);
                s = f == null ? null : Slot.of(f, part.descriptor, elements.length);
                if (s == null) {
                    refused = unreadable(part);
                    return null;
                }
                if (!fill(elements, null, null, new Slot[] {s})) {
                    return null;
                }
                l.slots.put(part.field, s);
            }
            s.written |= part.written;
            return s.values();
        }

        /** Lays out {@code elements} for the parts of {@code parts} with {@code part}'s root; null on failure. */
        private Laid lay(Object[] elements, Part part, Part[] parts) {
            Laid l = new Laid(elements);
            List<Slot> slots = new ArrayList<>();
            for (Part p : parts) {
                if (p.field == null || p.root != part.root || l.slots.containsKey(p.field)) {
                    continue;
                }
                Field f = field(elements, p.field);
                Slot s = f == null ? null : Slot.of(f, p.descriptor, elements.length);
                if (s == null) {
                    refused = unreadable(p);
                    return null;
                }
                l.slots.put(p.field, s);
                slots.add(s);
            }
            return fill(elements, l.present, l.classes, slots.toArray(new Slot[0])) ? l : null;
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
                written |= l.written();
            }
            if (!written) {
                return null;
            }
            IdentityHashMap<Object, Object> owner = new IdentityHashMap<>();
            for (Map.Entry<Object, Laid> e : laid.entrySet()) {
                for (Object o : e.getValue().elements) {
                    if (o == null) {
                        continue;
                    }
                    Object before = owner.put(o, e.getKey());
                    if (before == e.getKey()) {
                        return "an array of objects holds one object at two indices and a kernel writes its fields:"
                                + " the kernel would work on two copies of one object";
                    }
                    if (before != null) {
                        return "two arrays of objects hold one object and a kernel writes fields of their"
                                + " elements: the kernel would work on two copies of one object";
                    }
                }
            }
            return null;
        }

        boolean isEmpty() {
            return laid.isEmpty() && refused == null;
        }

        /** After a successful execution: the fields the kernels wrote go back into the objects, in one pass. */
        void scatter() {
            for (Laid l : laid.values()) {
                List<Slot> written = new ArrayList<>();
                for (Slot s : l.slots.values()) {
                    if (s.written) {
                        written.add(s);
                    }
                }
                if (written.isEmpty()) {
                    continue;
                }
                Slot[] w = written.toArray(new Slot[0]);
                try {
                    for (int k = 0; k < l.elements.length; k++) {
                        Object o = l.elements[k];
                        if (o != null) {
                            for (Slot s : w) {
                                if (s.owner.isInstance(o)) {
                                    s.write(o, k);
                                }
                            }
                        }
                    }
                } catch (IllegalAccessException e) {
                    throw new FerroclException("cannot write a field back into an array's objects: " + e, e);
                }
            }
        }
    }

    private static String unreadable(Part p) {
        return "field " + p.field.split("@")[0] + " of the elements of an array of objects cannot be read by the"
                + " host (a primitive instance field of a class open to reflection is needed)";
    }

    /** {@code 1 +} the index of {@code c} in {@code classes} (1 when there is one class). */
    private static int number(List<Class<?>> classes, Class<?> c) {
        if (classes.size() == 1) {
            return 1;
        }
        return classes.indexOf(c) + 1;
    }

    /**
     * One pass over the elements: {@code present} (when not null, each element's class number) and every slot's
     * values; false when an element is
     * not of the slots' class (the guard missed it: the JVM runs the task).
     */
    private static boolean fill(Object[] elements, int[] present, List<Class<?>> classes, Slot[] slots) {
        try {
            for (int k = 0; k < elements.length; k++) {
                Object o = elements[k];
                if (o == null) {
                    continue;
                }
                if (present != null) {
                    present[k] = number(classes, o.getClass());
                }
                for (Slot s : slots) {
                    if (s.owner.isInstance(o)) {
                        s.read(o, k);
                    }
                }
            }
            return true;
        } catch (IllegalAccessException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Field {@code name@Owner} of the elements: looked up from the class of each element (of each class once) upwards
     * until one has it; null when none does (or it cannot be read).
     */
    private static Field field(Object[] elements, String step) {
        int at = step.indexOf('@');
        String name = at < 0 ? step : step.substring(0, at);
        String owner = at < 0 ? null : step.substring(at + 1);
        List<Class<?>> tried = new ArrayList<>(2);
        for (Object o : elements) {
            if (o == null || tried.contains(o.getClass())) {
                continue;
            }
            tried.add(o.getClass());
            for (Class<?> k = o.getClass(); k != null; k = k.getSuperclass()) {
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
                } catch (NoSuchFieldException e) {
                    break;
                } catch (RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** The most classes the elements of one array of objects may have. */
    static final int MAX_CLASSES = 4;

    /**
     * The distinct classes of the non-null elements of {@code array}, sorted by name (the kernel knows the elements of
     * the {@code k}-th by {@code present} value {@code k + 1}); null when {@code array} is not an array of objects.
     */
    static List<Class<?>> classes(Object array) {
        if (!(array instanceof Object[] elements) || array.getClass().getComponentType().isPrimitive()) {
            return null;
        }
        List<Class<?>> out = new ArrayList<>(2);
        Class<?> last = null;
        for (Object o : elements) {
            if (o == null) {
                continue;
            }
            Class<?> c = o.getClass();
            if (c != last && !out.contains(c)) {
                out.add(c);
            }
            last = c;
        }
        out.sort(java.util.Comparator.comparing(LambdaClasses::internalName));
        return out;
    }
}

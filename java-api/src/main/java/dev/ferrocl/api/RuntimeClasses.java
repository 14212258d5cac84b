package dev.ferrocl.api;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The exact classes of the objects a task reaches from its arguments, for guarded devirtualisation: before
 * compiling, the host describes each object reachable from the arguments (an argument, a field of one, a field of
 * that, up to {@link #MAX_DEPTH} fields deep) with its exact class; the compiler compiles virtual calls on those
 * objects for those classes and says which entries it used. Those entries are the kernel's guard: at every
 * {@code execute()} the host checks that the objects still have those classes ({@link #hold}), else another kernel
 * is compiled. The text form is the native side's ({@code ferrocl_jit::RuntimeClasses}).
 */
final class RuntimeClasses {
    /** The step of a path that stands for every element of an array of objects (their one class). */
    static final String ELEMENTS = "[]";

    /** The longest field path described. */
    static final int MAX_DEPTH = 3;
    /** At most this many objects are described per compilation. */
    static final int MAX_ENTRIES = 128;

    private RuntimeClasses() {
    }

    /**
     * One object reachable from the arguments, or from a static field ({@link #staticRoot}): where it is, and its
     * class (null: the object is null).
     */
    static final class Entry {
        final int root;
        final String[] path;
        final Class<?> type;
        /** The static field the path starts from ({@link #root} is then -1), or null. */
        final Field staticRoot;
        /** For a static root: its class was not initialised, so nothing was read (see {@link #uninitialised}). */
        final boolean unread;
        /**
         * For the elements of an array of objects (a path ending in {@link #ELEMENTS}): their classes in the order
         * {@link ElementArrays#classes} numbers them (empty: no element is an object); null otherwise.
         */
        final List<Class<?>> types;

        Entry(int root, String[] path, Class<?> type) {
            this(root, path, type, null, false);
        }

        private Entry(int root, String[] path, Class<?> type, Field staticRoot, boolean unread) {
            this(root, path, type, staticRoot, unread, null);
        }

        private Entry(int root, String[] path, Class<?> type, Field staticRoot, boolean unread,
                List<Class<?>> types) {
            this.root = root;
            this.path = path;
            this.type = type;
            this.staticRoot = staticRoot;
            this.unread = unread;
            this.types = types;
        }

        /** A guard that holds while the class declaring static field {@code f} is not initialised. */
        static Entry uninitialised(Field f) {
            return new Entry(-1, new String[0], null, f, true);
        }

        /** {@code <root><TAB>field.field}: the entry's place, as the native side writes it. */
        String place() {
            String r = staticRoot == null ? String.valueOf(root)
                    : "S:" + staticRoot.getDeclaringClass().getName() + "." + staticRoot.getName();
            return r + "\t" + String.join(".", path);
        }

        /** {@code C:<internal name>}, {@code N} or {@code H:<name>}: the class as the compiler reads it. */
        String token() {
            if (types != null && types.size() > 1) {
                StringBuilder b = new StringBuilder("M:");
                for (Class<?> t : types) {
                    b.append(b.length() > 2 ? "," : "").append(LambdaClasses.internalName(t));
                }
                return b.toString();
            }
            return type == null ? "N"
                    : type.isHidden() && !LambdaClasses.readable(type) ? "H:" + type.getName()
                    : "C:" + LambdaClasses.internalName(type);
        }

        /** The place and class, one line of the text form. */
        String line() {
            return place() + "\t" + token();
        }

        /** {@code argument 1.shape = pkg.Circle}, for messages. */
        String describe() {
            StringBuilder b = new StringBuilder(staticRoot == null ? "argument " + root
                    : staticRoot.getDeclaringClass().getName() + "." + staticRoot.getName());
            for (String step : path) {
                int at = step.indexOf('@');
                b.append('.').append(at < 0 ? step : step.substring(0, at));
            }
            return b.append(" = ").append(type == null ? "null" : type.getName()).toString();
        }
    }

    /** Describes the objects reachable from {@code args} (a task's launch arguments, receiver first). */
    static List<Entry> of(Object[] args) {
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            walk(args[i], i, new String[0], out);
        }
        return out;
    }

    /** Describes the object static field {@code f} holds ({@code value}) and the objects reachable from it. */
    static List<Entry> ofStatic(Field f, Object value) {
        List<Entry> out = new ArrayList<>();
        walk(value, -1, new String[0], out, f);
        return out;
    }

    private static void walk(Object value, int root, String[] path, List<Entry> out) {
        walk(value, root, path, out, null);
    }

    private static void walk(Object value, int root, String[] path, List<Entry> out, Field staticRoot) {
        if (out.size() >= MAX_ENTRIES) {
            return;
        }
        if (value == null) {
            out.add(new Entry(root, path, null, staticRoot, false));
            return;
        }
        Class<?> c = value.getClass();
        if (c.isArray()) {
            List<Class<?>> classes = ElementArrays.classes(value);
            if (classes != null && classes.size() <= ElementArrays.MAX_CLASSES
                    && classes.stream().noneMatch(k -> k.isArray() || k.isHidden() && !LambdaClasses.readable(k))) {
                // An array of objects: the classes of its elements (none, one, or a few), the kernel's guard.
                String[] longer = java.util.Arrays.copyOf(path, path.length + 1);
                longer[path.length] = ELEMENTS;
                Class<?> one = classes.size() == 1 ? classes.get(0) : null;
                out.add(new Entry(root, longer, one, staticRoot, false, classes));
            }
            return;
        }
        if (c == String.class) {
            return;
        }
        if (isBox(c)) {
            // A box in a field (a lambda's captured Integer, a record's Long): its class, so that unboxing it
            // (`intValue()`) is devirtualised; its own fields are the JDK's. An argument passed for a primitive
            // parameter is not an object to the compiler.
            if (path.length > 0 || staticRoot != null) {
                out.add(new Entry(root, path, c, staticRoot, false));
            }
            return;
        }
        out.add(new Entry(root, path, c, staticRoot, false));
        if (path.length >= MAX_DEPTH || !walked(c)) {
            return;
        }
        for (Class<?> k = c; k != null && walked(k); k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                // Every declaration, hidden ones too, each step named field@Owner as the compiler names
                // the field its getfield resolves to.
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                if (f.getType().isPrimitive() || f.getType().isArray() && (f.getType().getComponentType()
                        .isPrimitive() || f.getType().getComponentType().isArray())) {
                    // (an array of objects is described by its elements' class)
                    continue;
                }
                Object next;
                try {
                    f.trySetAccessible();
                    next = read(f, value);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    continue; // not readable: its objects stay undescribed (calls on them bail out)
                }
                String[] longer = Arrays.copyOf(path, path.length + 1);
                longer[path.length] = f.getName() + "@" + LambdaClasses.internalName(k);
                walk(next, root, longer, out, staticRoot);
            }
        }
    }

    private static boolean isBox(Class<?> c) {
        return c == Integer.class || c == Long.class || c == Float.class || c == Double.class || c == Short.class
                || c == Byte.class || c == Character.class || c == Boolean.class || c == String.class;
    }

    /**
     * Whether the fields of class {@code c} are walked: not those of the platform's classes (their objects are the
     * JDK's business), except its lambdas ({@code f.andThen(g)} is a lambda of {@code IntUnaryOperator} holding
     * {@code f} and {@code g}), whose captured objects the kernel calls.
     */
    private static boolean walked(Class<?> c) {
        return !isPlatform(c) || c.isHidden() && LambdaClasses.readable(c);
    }

    /**
     * Reference field {@code f} of {@code o}: through reflection where it may read it, else through JNI (the fields of
     * the JDK's lambdas, which {@code java.base} does not open).
     */
    static Object read(Field f, Object o) throws IllegalAccessException {
        if (f.canAccess(o)) {
            return f.get(o);
        }
        return Backend.objectField(o, f);
    }

    /** Classes of the platform, whose fields are not walked (they are not open to reflection). */
    private static boolean isPlatform(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }

    /** The text form of entries, one line each. */
    static String text(List<Entry> entries) {
        StringBuilder b = new StringBuilder();
        for (Entry e : entries) {
            if (b.length() > 0) {
                b.append('\n');
            }
            b.append(e.line());
        }
        return b.toString();
    }

    /** The entries whose place is among the native side's consulted lines. */
    static List<Entry> select(List<Entry> entries, String consulted) {
        List<Entry> out = new ArrayList<>();
        if (consulted == null || consulted.isEmpty()) {
            return out;
        }
        Set<String> places = new HashSet<>();
        for (String line : consulted.split("\n")) {
            int tab = line.lastIndexOf('\t');
            if (tab > 0) {
                places.add(line.substring(0, tab));
            }
        }
        for (Entry e : entries) {
            if (places.contains(e.place())) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * Whether every guard's object has, in {@code args} now, exactly the guard's class (or is null when it was; not
     * when an object before it on the path is null, where Java throws at that object's field read).
     */
    static boolean hold(List<Entry> guards, Object[] args) {
        for (Entry g : guards) {
            if (g.staticRoot != null) {
                if (!holdsStatic(g)) {
                    return false;
                }
                continue;
            }
            if (g.type == null && g.path.length > 0 && follow(args, g.root, parentPath(g.path)) == null) {
                return false;
            }
            Object start = g.root >= 0 && g.root < args.length ? args[g.root] : null;
            if (!sameClasses(g, start)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a guard rooted at a static field holds now (see {@link #hold}). */
    private static boolean holdsStatic(Entry g) {
        if (g.unread) {
            return !Native.classInitialized(g.staticRoot.getDeclaringClass());
        }
        Object value;
        try {
            value = g.staticRoot.get(null);
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
        if (g.type == null && g.path.length > 0 && followFrom(value, parentPath(g.path)) == null) {
            return false;
        }
        return sameClasses(g, value);
    }

    /** Whether the object (or, for {@link #ELEMENTS}, the elements) at {@code g}'s path from {@code start} are g's. */
    private static boolean sameClasses(Entry g, Object start) {
        if (g.types != null) {
            Object array = followFrom(start, parentPath(g.path));
            return array != null && g.types.equals(ElementArrays.classes(array));
        }
        return classAt(start, g.path) == g.type;
    }

    /** The class of the object at {@code path} from {@code start} (null for null). */
    private static Class<?> classAt(Object start, String[] path) {
        Object at = followFrom(start, path);
        return at == null ? null : at.getClass();
    }

    /** The object at {@code path} from {@code value}; null when it or an object on the way is null. */
    private static Object followFrom(Object value, String[] path) {
        for (int k = 0; k < path.length && value != null; k++) {
            Field f = declaredField(value.getClass(), path[k]);
            if (f == null) {
                return null;
            }
            try {
                value = read(f, value);
            } catch (IllegalAccessException e) {
                throw new FerroclException("cannot read field " + f + ": " + e, e);
            }
        }
        return value;
    }

    private static String[] parentPath(String[] path) {
        return java.util.Arrays.copyOf(path, path.length - 1);
    }

    /**
     * The field a step {@code name@Owner} names: {@code Owner}'s field {@code name}, {@code Owner} being the class
     * or a superclass of {@code c} (a bare {@code name}: the nearest declaration); null if there is none.
     */
    static Field declaredField(Class<?> c, String step) {
        int at = step.indexOf('@');
        if (at < 0) {
            return Outcome.instanceField(c, step);
        }
        String name = step.substring(0, at);
        String owner = step.substring(at + 1);
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (LambdaClasses.internalName(k).equals(owner)) {
                try {
                    Field f = k.getDeclaredField(name);
                    if (Modifier.isStatic(f.getModifiers())) {
                        return null;
                    }
                    f.trySetAccessible();
                    return f;
                } catch (NoSuchFieldException | RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** The object at a path from an argument; null when it or an object on the way is null. */
    static Object follow(Object[] args, int root, String[] path) {
        if (root < 0 || root >= args.length) {
            return null;
        }
        return followFrom(args[root], path);
    }
}

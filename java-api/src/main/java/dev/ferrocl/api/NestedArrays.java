package dev.ferrocl.api;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Multi-dimensional array arguments ({@code float[][]}, {@code int[][][]}) as a kernel sees them: two arrays built
 * from the argument at each execution. The <em>table</em> ({@code int[]}) gives each distinct array reachable from
 * the argument a handle, an index into it: at {@code table[h]} the array's length ({@code -1} for null); an array of
 * arrays has its elements' handles after it, a primitive array the index of its first element in the <em>data</em>
 * array. The argument's handle is 0. The data array holds every distinct primitive array's elements, each run
 * starting on a 128-byte boundary when it is at least that long. After a successful execution whose kernels write
 * the data, each primitive array gets its elements back; a failed one leaves them untouched for the JVM's rerun.
 */
final class NestedArrays {
    private NestedArrays() {
    }

    /** Why sharing refuses an execution whose kernels would see two copies of one Java array. */
    private static final String TWO_COPIES = ": the kernel would work on two copies of one Java array";

    /** How many arguments' data arrays a schedule keeps for reuse. */
    private static final int MAX_SPARE = 16;

    /** Bytes a run of elements starts on when it is at least that long (a memory transaction on GPUs). */
    private static final int ALIGN_BYTES = 128;

    /**
     * One array a kernel parameter stands for: the table or the data of the argument at {@code root} (an index into
     * the task's arguments), which has {@code dims} dimensions; {@code slot} is where it goes in the launch arguments.
     * For a field ({@code this.weights}), {@code root} is past the task's arguments and {@code path} says where the
     * host reads it: from argument {@code pathArg}, field by field, the last one looked up from the class at
     * {@code classSlot} of the launch arguments (the class its {@code getfield} names).
     */
    record Part(int slot, int root, boolean data, int dims, boolean written, int pathArg, String[] path,
            int classSlot) {
    }

    /**
     * A field the host reads for the kernel ({@code this.buf}): from argument {@code pathArg}, field by field, the last
     * one looked up from the class at {@code classSlot} of the launch arguments. Its value, where it is a primitive
     * array, is compared with the rows of the multi-dimensional arrays too.
     */
    record FieldPath(int pathArg, String[] path, int classSlot) {
    }

    /** A flattened argument. */
    static final class Flat {
        final int[] table;
        final Object data;
        /** The distinct primitive arrays, with where their elements lie in {@link #data}. */
        final Object[] leaves;
        final int[] offsets;
        /** Whether a kernel of this execution writes the data (then it is copied back). */
        boolean written;

        Flat(int[] table, Object data, Object[] leaves, int[] offsets) {
            this.table = table;
            this.data = data;
            this.leaves = leaves;
            this.offsets = offsets;
        }
    }

    /**
     * The flattened arguments of one native execution (several tasks): one {@link Flat} per distinct argument, so
     * that a task reading what an earlier one wrote gets the same arrays (they stay on the device between them).
     */
    static final class Call {
        private final IdentityHashMap<Object, Flat> flats = new IdentityHashMap<>();
        /** The schedule's data arrays of its last execution, by argument: reused when the sizes match. */
        private final IdentityHashMap<Object, Object> spare;

        /** The schedule's arguments kept on the device, or null. */
        private final Keeper keeper;

        /**
         * A call that reuses the data arrays in {@code spare} (the schedule's; updated as arguments are flattened)
         * and, for arguments {@code keeper} keeps on the device, their flattened form while unchanged.
         */
        Call(IdentityHashMap<Object, Object> spare, Keeper keeper) {
            this.spare = spare;
            this.keeper = keeper;
        }
        /** The arrays built from arrays of objects in this execution. */
        final ElementArrays.Call elements = new ElementArrays.Call();

        /** Primitive arrays the kernels read from fields, compared with the rows like arguments. */
        private final List<Object> fieldArrays = new ArrayList<>();

        /** Notes a primitive array a kernel of this execution reads from a field. */
        void fieldArray(Object array) {
            fieldArrays.add(array);
        }

        /** Arguments that could not be flattened (null, or too large): their parts are passed as null. */
        private final IdentityHashMap<Object, Boolean> refused = new IdentityHashMap<>();

        /** The flattened form of {@code root}, or null where the JVM must run the task. */
        Flat flat(Object root, int dims, boolean written) {
            if (root == null || refused.containsKey(root)) {
                return null;
            }
            Flat f = flats.get(root);
            if (f == null) {
                // Kept and unchanged: the same arrays, whose device copies are current.
                f = keeper == null ? null : keeper.current(root);
                if (f == null) {
                    f = flatten(root, dims, spare.get(root));
                    if (f == null) {
                        refused.put(root, Boolean.TRUE);
                        return null;
                    }
                    if (spare.size() >= MAX_SPARE && !spare.containsKey(root)) {
                        // Arguments come and go (a field reassigned): keep the memory bounded.
                        spare.clear();
                    }
                    spare.put(root, f.data);
                    if (keeper != null) {
                        keeper.flattened(root, f);
                    }
                }
                f.written = false;
                flats.put(root, f);
            }
            f.written |= written;
            return f;
        }

        boolean isEmpty() {
            return flats.isEmpty() && refused.isEmpty() && elements.isEmpty();
        }

        /**
         * Why the flattened arguments (and the arrays built from arrays of objects, see
         * {@link ElementArrays.Call#sharing}) cannot stand for Java's arrays in this execution, or null: a primitive array
         * inside one multi-dimensional argument that is also another argument of the execution (an array argument
         * of any task, or inside another multi-dimensional argument). The kernel would see two copies of one Java
         * array, so a write through one would not show through the other.
         */
        String sharing(Object[][] args) {
            String objects = elements.sharing();
            if (objects != null) {
                return objects;
            }
            if (flats.isEmpty()) {
                return null;
            }
            IdentityHashMap<Object, Object> owner = new IdentityHashMap<>();
            for (Map.Entry<Object, Flat> e : flats.entrySet()) {
                for (Object leaf : e.getValue().leaves) {
                    Object before = owner.put(leaf, e.getKey());
                    if (before != null && before != e.getKey()) {
                        return "two multi-dimensional arguments share an inner array" + TWO_COPIES;
                    }
                }
            }
            for (Object[] a : args) {
                for (Object arg : a) {
                    if (arg != null && !flats.containsKey(arg) && owner.containsKey(arg)) {
                        return "an array argument is also an inner array of a multi-dimensional argument" + TWO_COPIES;
                    }
                }
            }
            for (Object array : fieldArrays) {
                if (owner.containsKey(array)) {
                    return "an array field the kernel reads is also an inner array of a multi-dimensional argument"
                            + TWO_COPIES;
                }
            }
            return null;
        }

        /** After a successful execution: the elements the kernels wrote go back into Java's arrays. */
        void scatter() {
            elements.scatter();
            for (Flat f : flats.values()) {
                if (!f.written) {
                    continue;
                }
                for (int k = 0; k < f.leaves.length; k++) {
                    Object leaf = f.leaves[k];
                    System.arraycopy(f.data, f.offsets[k], leaf, 0, Array.getLength(leaf));
                }
            }
        }
    }

    /** The multi-dimensional arguments a schedule keeps on the device ({@link TaskSchedule#keepOnDevice}). */
    interface Keeper {
        /** The flattened form of a kept argument unchanged since it was made, or null (not kept, or changed). */
        Flat current(Object root);

        /** {@code root} was flattened into {@code flat} for this execution (the keeper keeps its arrays if kept). */
        void flattened(Object root, Flat flat);
    }

    /**
     * Whether {@code a} is an array of at least two dimensions whose innermost element type is primitive (what a
     * kernel parameter of multi-dimensional type takes).
     */
    static boolean isNested(Object a) {
        if (a == null) {
            return false;
        }
        Class<?> c = a.getClass();
        int dims = 0;
        while (c.isArray()) {
            c = c.getComponentType();
            dims++;
        }
        return dims >= 2 && c.isPrimitive();
    }

    /** A growable {@code int} list. */
    private static final class Ints {
        int[] a = new int[16];
        int n;

        int reserve(int count) {
            long need = (long) n + count;
            if (need > Integer.MAX_VALUE - 8) {
                throw new ArithmeticException("table too large");
            }
            if (need > a.length) {
                a = java.util.Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * a.length)));
            }
            int at = n;
            n = (int) need;
            return at;
        }
    }

    /**
     * Flattens {@code root} (an array of {@code dims} dimensions, primitive innermost) into a new data array, or into
     * {@code reuse} when it is one of the right type and length (every element is overwritten, gaps included);
     * returns null when its table or data would not fit a Java array.
     */
    static Flat flatten(Object root, int dims, Object reuse) {
        Class<?> elem = root.getClass();
        for (int d = 0; d < dims; d++) {
            elem = elem.getComponentType();
            if (elem == null) {
                return null;
            }
        }
        if (!elem.isPrimitive()) {
            return null;
        }
        int elemBytes = elem == long.class || elem == double.class ? 8
                : elem == int.class || elem == float.class ? 4
                : elem == short.class || elem == char.class ? 2 : 1;
        int align = ALIGN_BYTES / elemBytes;
        Ints table = new Ints();
        IdentityHashMap<Object, Integer> handles = new IdentityHashMap<>();
        List<Object> leaves = new ArrayList<>();
        List<Integer> offsets = new ArrayList<>();
        long[] dataLen = {0};
        int[] nullHandle = {-1};
        try {
            handle(root, dims, table, handles, leaves, offsets, dataLen, nullHandle, align);
            // Room after the last entry: a primitive array's data index is read at `h + 1` even when the kernel
            // goes no further (a zero-length array at the end).
            int pad = table.reserve(1);
            table.a[pad] = 0;
        } catch (ArithmeticException e) {
            return null;
        }
        if (dataLen[0] > Integer.MAX_VALUE - 8) {
            return null;
        }
        Object data = reuse != null && reuse.getClass().getComponentType() == elem
                && Array.getLength(reuse) == dataLen[0] ? reuse : Array.newInstance(elem, (int) dataLen[0]);
        boolean gaps = data == reuse;
        int[] off = new int[offsets.size()];
        int end = 0;
        for (int k = 0; k < off.length; k++) {
            off[k] = offsets.get(k);
            Object leaf = leaves.get(k);
            int len = Array.getLength(leaf);
            if (gaps && off[k] > end) {
                // A reused array: the alignment gaps get zeros again (no kernel reads them).
                clear(data, end, off[k]);
            }
            System.arraycopy(leaf, 0, data, off[k], len);
            end = off[k] + len;
        }
        return new Flat(java.util.Arrays.copyOf(table.a, table.n), data, leaves.toArray(), off);
    }

    /** Zeros elements {@code [from, to)} of primitive array {@code data}. */
    private static void clear(Object data, int from, int to) {
        if (data instanceof float[] f) {
            java.util.Arrays.fill(f, from, to, 0f);
        } else if (data instanceof double[] d) {
            java.util.Arrays.fill(d, from, to, 0d);
        } else if (data instanceof int[] i) {
            java.util.Arrays.fill(i, from, to, 0);
        } else if (data instanceof long[] l) {
            java.util.Arrays.fill(l, from, to, 0L);
        } else if (data instanceof short[] s) {
            java.util.Arrays.fill(s, from, to, (short) 0);
        } else if (data instanceof char[] c) {
            java.util.Arrays.fill(c, from, to, (char) 0);
        } else if (data instanceof byte[] b) {
            java.util.Arrays.fill(b, from, to, (byte) 0);
        } else if (data instanceof boolean[] z) {
            java.util.Arrays.fill(z, from, to, false);
        }
    }

    /** The handle of {@code array} ({@code dims} dimensions left), entering it and what it holds on first sight. */
    private static int handle(Object array, int dims, Ints table, IdentityHashMap<Object, Integer> handles,
            List<Object> leaves, List<Integer> offsets, long[] dataLen, int[] nullHandle, int align) {
        if (array == null) {
            if (nullHandle[0] < 0) {
                int h = table.reserve(2);
                table.a[h] = -1;
                table.a[h + 1] = 0;
                nullHandle[0] = h;
            }
            return nullHandle[0];
        }
        Integer known = handles.get(array);
        if (known != null) {
            return known;
        }
        int len = Array.getLength(array);
        if (dims == 1) {
            int h = table.reserve(2);
            handles.put(array, h);
            long at = dataLen[0];
            if (len >= align && at % align != 0) {
                at += align - at % align;
            }
            if (at + len > Integer.MAX_VALUE - 8) {
                throw new ArithmeticException("data too large");
            }
            table.a[h] = len;
            table.a[h + 1] = (int) at;
            dataLen[0] = at + len;
            leaves.add(array);
            offsets.add((int) at);
            return h;
        }
        int h = table.reserve(1 + len);
        handles.put(array, h);
        table.a[h] = len;
        Object[] elements = (Object[]) array;
        for (int k = 0; k < len; k++) {
            int child = handle(elements[k], dims - 1, table, handles, leaves, offsets, dataLen, nullHandle, align);
            table.a[h + 1 + k] = child;
        }
        return h;
    }
}

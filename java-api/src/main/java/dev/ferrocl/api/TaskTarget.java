package dev.ferrocl.api;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The method behind a task's lambda or method reference, found through its {@link SerializedLambda}, and the
 * argument array to launch it with: the lambda's captured values followed by the task's arguments, where for an
 * instance method the first one is the receiver. Boxed scalars are widened to the method's parameter types, as the
 * JVM's lambda adapter does when it calls the method.
 */
final class TaskTarget {
    /** The class that declares the method (for a virtual call: the receiver's override, if any). */
    final Class<?> implClass;
    /** {@link #implClass}'s internal name, {@code pkg/Cls}. */
    final String internalName;
    final String methodName;
    final String descriptor;
    final boolean isStatic;
    /** The {@code MethodHandleInfo.REF_*} kind of the lambda's implementation method. */
    final int kind;
    /** Captured values followed by the task arguments; a receiver first for instance methods. */
    final Object[] launchArgs;
    /**
     * Why the JVM's call of the task would throw before the method starts (an argument the lambda's adapter cannot
     * cast or unbox, a null receiver), or null: such a task runs on the JVM, which throws its own exception.
     */
    final String argumentProblem;
    /** The monitor a {@code synchronized} method takes (its class, or the receiver), or null. */
    final Object monitor;

    private TaskTarget(Class<?> implClass, String methodName, String descriptor, int kind, Object[] launchArgs,
            String argumentProblem, Object monitor) {
        this.implClass = implClass;
        this.internalName = implClass.getName().replace('.', '/');
        this.methodName = methodName;
        this.descriptor = descriptor;
        this.kind = kind;
        this.isStatic = kind == MethodHandleInfo.REF_invokeStatic;
        this.launchArgs = launchArgs;
        this.argumentProblem = argumentProblem;
        this.monitor = monitor;
    }

    /** {@code pkg.Cls.method}, as warnings name it. */
    String displayName() {
        return implClass.getName() + "." + methodName;
    }

    /** Whether {@link #initialiseForCall()} succeeded once (a class stays initialised). */
    private volatile boolean initialised;
    /** The last kernel-cache key built for this target (see {@link #cacheKey}): immutable, replaced whole. */
    private CacheKey lastKey;

    private record CacheKey(String device, String optimizations, String key) {
    }

    /**
     * The kernel cache's key for this method on {@code device} with {@code optimizations}; built once and reused while
     * the two strings stay the same objects (every execute() asks the cache).
     */
    String cacheKey(String device, String optimizations) {
        CacheKey k = lastKey;
        if (k == null || k.device != device || k.optimizations != optimizations) {
            k = new CacheKey(device, optimizations,
                    methodName + descriptor + "@" + (device == null ? "" : device) + "#" + optimizations);
            lastKey = k;
        }
        return k.key;
    }

    /**
     * Initialises the class of a static task method, as invoking the method does (JLS 12.4.1), before its kernel runs.
     * Returns null, or what the invocation throws when that fails: the initialiser's {@code ExceptionInInitializerError}
     * the first time, {@code NoClassDefFoundError} after (JLS 12.4.2). An instance method's class is initialised
     * already: its receiver exists.
     */
    Error initialiseForCall() {
        if (!isStatic || initialised) {
            return null;
        }
        try {
            Class.forName(implClass.getName(), true, implClass.getClassLoader());
        } catch (ClassNotFoundException e) {
            return new NoClassDefFoundError(e.getMessage());
        } catch (LinkageError e) {
            return e;
        }
        initialised = true;
        return null;
    }

    /** The loader that defines {@link #implClass}, or the system loader for bootstrap classes. */
    ClassLoader loader() {
        ClassLoader loader = implClass.getClassLoader();
        return loader != null ? loader : ClassLoader.getSystemClassLoader();
    }

    /** The class file of {@link #implClass}, or null when its loader does not have it. */
    byte[] classBytes() {
        try (InputStream in = loader().getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Analyses a task's code object.
     *
     * @return the target
     * @throws Unsupported with the reason when the code object is not a lambda or method reference that can be
     *         analysed (the task then runs on the JVM)
     */
    static TaskTarget of(Object code, Object[] taskArgs) throws Unsupported {
        Class<?> codeClass = code.getClass();
        SerializedLambda lambda = serializedLambda(code);
        int kind = lambda.getImplMethodKind();
        String implName = lambda.getImplClass();
        String methodName = lambda.getImplMethodName();
        String descriptor = lambda.getImplMethodSignature();

        Object[] all = new Object[lambda.getCapturedArgCount() + taskArgs.length];
        for (int i = 0; i < lambda.getCapturedArgCount(); i++) {
            all[i] = lambda.getCapturedArg(i);
        }
        System.arraycopy(taskArgs, 0, all, lambda.getCapturedArgCount(), taskArgs.length);

        ClassLoader lambdaLoader = codeClass.getClassLoader();
        Class<?> implClass;
        try {
            implClass = Class.forName(implName.replace('/', '.'), false,
                    lambdaLoader != null ? lambdaLoader : ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new Unsupported("class " + implName.replace('/', '.') + " of the task's method " + methodName
                    + " cannot be loaded from the lambda's class loader: " + e);
        }

        boolean isStatic = kind == MethodHandleInfo.REF_invokeStatic;
        String problem = argumentProblem(lambda, implClass, isStatic, all, lambda.getCapturedArgCount());
        boolean virtual = kind == MethodHandleInfo.REF_invokeVirtual || kind == MethodHandleInfo.REF_invokeInterface;
        if (virtual && all.length > 0 && all[0] != null) {
            implClass = overrider(all[0].getClass(), implClass, methodName, descriptor);
        }
        Object monitor = null;
        if (problem == null) {
            coerce(all, isStatic ? 0 : 1, descriptor);
            if (isSynchronized(implClass, methodName, descriptor)) {
                // JLS 8.4.3.6: a static method locks its class, an instance method its receiver.
                monitor = isStatic ? implClass : all[0];
            }
        }
        return new TaskTarget(implClass, methodName, descriptor, kind, all, problem, monitor);
    }

    /**
     * What the lambda's adapter would throw when the task is called with these values, before the method starts: each
     * task argument is cast to the lambda's instantiated parameter type ({@code ClassCastException}), then unboxed
     * where the method takes a primitive ({@code NullPointerException} for null); an instance method's receiver must
     * not be null. {@code captured} values come first in {@code all} and were converted when the lambda was made.
     * Null when the call would go through, or when the types cannot be resolved (then nothing is claimed).
     */
    private static String argumentProblem(SerializedLambda lambda, Class<?> implClass, boolean isStatic, Object[] all,
            int captured) {
        MethodType instantiated;
        MethodType impl;
        ClassLoader loader = implClass.getClassLoader() != null ? implClass.getClassLoader()
                : ClassLoader.getSystemClassLoader();
        try {
            instantiated = MethodType.fromMethodDescriptorString(lambda.getInstantiatedMethodType(), loader);
            impl = MethodType.fromMethodDescriptorString(lambda.getImplMethodSignature(), loader);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
        if (!isStatic) {
            impl = impl.insertParameterTypes(0, implClass);
        }
        int args = all.length - captured;
        if (instantiated.parameterCount() != args || impl.parameterCount() != all.length) {
            return null;
        }
        for (int j = 0; j < args; j++) {
            Object v = all[captured + j];
            Class<?> q = instantiated.parameterType(j);
            Class<?> p = impl.parameterType(captured + j);
            if (v != null && !q.isPrimitive() && !q.isInstance(v)) {
                return "task argument " + (j + 1) + " is a " + v.getClass().getName() + " where the lambda takes a "
                        + q.getName() + " (the JVM's call throws ClassCastException)";
            }
            if (v == null && p.isPrimitive()) {
                return "task argument " + (j + 1) + " is null where the method takes a " + p.getName()
                        + " (the JVM's call throws NullPointerException)";
            }
            if (v == null && !isStatic && captured + j == 0) {
                return "the receiver (task argument 1) is null (the JVM's call throws NullPointerException)";
            }
        }
        return null;
    }

    /** Whether the method {@code name descriptor} declared by {@code c} is {@code synchronized}. */
    private static boolean isSynchronized(Class<?> c, String name, String descriptor) {
        try {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && descriptorOf(m).equals(descriptor)) {
                    return Modifier.isSynchronized(m.getModifiers());
                }
            }
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
        return false;
    }

    private static SerializedLambda serializedLambda(Object code) throws Unsupported {
        Class<?> codeClass = code.getClass();
        Object replaced;
        try {
            Method writeReplace = codeClass.getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            replaced = writeReplace.invoke(code);
        } catch (NoSuchMethodException e) {
            throw new Unsupported(codeClass.getName() + " is not a lambda or method reference");
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new Unsupported("the lambda " + codeClass.getName() + " cannot be inspected: " + e);
        }
        if (!(replaced instanceof SerializedLambda)) {
            throw new Unsupported(codeClass.getName() + " is not a lambda or method reference");
        }
        return (SerializedLambda) replaced;
    }

    /**
     * The class whose code a virtual call of {@code name descriptor}, resolved from {@code declared}, runs on a
     * {@code receiverClass} (JVMS §5.4.6): a private method is its own class's (private methods are not overridden:
     * javac emits {@code invokevirtual} for them between nestmates); otherwise the nearest class from the receiver's
     * upwards that declares a concrete method overriding the resolved one (§5.4.5, transitively: a package-private
     * method is overridden only from its own run-time package, or through an override that is public or protected);
     * for an interface method with no class implementing it, the receiver's one maximally specific superinterface
     * with a default; {@code declared} if none (or several: the JVM's call then throws).
     */
    static Class<?> overrider(Class<?> receiverClass, Class<?> declared, String name, String descriptor) {
        if (!declared.isInterface()) {
            // Resolution (§5.4.3.3): the class, then its superclasses.
            Class<?> owner = null;
            Method resolved = null;
            for (Class<?> c = declared; c != null && resolved == null; c = c.getSuperclass()) {
                Method m = declaredMethod(c, name, descriptor);
                if (m != null && !Modifier.isStatic(m.getModifiers())) {
                    owner = c;
                    resolved = m;
                }
            }
            if (resolved != null) {
                if (Modifier.isPrivate(resolved.getModifiers())) {
                    return declared;
                }
                List<Class<?>> chain = new ArrayList<>();
                for (Class<?> c = receiverClass; c != null && c != owner; c = c.getSuperclass()) {
                    chain.add(c);
                }
                if (chain.isEmpty() || chain.get(chain.size() - 1).getSuperclass() != owner) {
                    return declared; // the receiver is not a subclass of the method's class
                }
                // From the method's class down to the receiver's: a method overrides the resolved one when it
                // overrides it or any method that does (§5.4.5), each step public, protected, or in the same
                // run-time package as the method it overrides.
                List<Method> overriding = new ArrayList<>();
                overriding.add(resolved);
                Class<?> selected = null;
                for (int k = chain.size() - 1; k >= 0; k--) {
                    Class<?> c = chain.get(k);
                    Method m = declaredMethod(c, name, descriptor);
                    if (m == null || Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers())) {
                        continue;
                    }
                    boolean overrides = false;
                    for (Method o : overriding) {
                        int mod = o.getModifiers();
                        if (Modifier.isPublic(mod) || Modifier.isProtected(mod)
                                || samePackage(c, o.getDeclaringClass())) {
                            overrides = true;
                            break;
                        }
                    }
                    if (overrides) {
                        overriding.add(m);
                        selected = Modifier.isAbstract(m.getModifiers()) ? null : c;
                    }
                }
                return selected != null ? selected : declared;
            }
        }
        for (Class<?> c = receiverClass; c != null && c != declared; c = c.getSuperclass()) {
            Method m = declaredMethod(c, name, descriptor);
            if (m == null || Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers())) {
                continue;
            }
            if (Modifier.isAbstract(m.getModifiers())) {
                return declared;
            }
            return c;
        }
        if (declared.isInterface()) {
            List<Class<?>> defaults = new ArrayList<>();
            collectDefaults(receiverClass, name, descriptor, defaults, new java.util.HashSet<>());
            List<Class<?>> specific = new ArrayList<>();
            for (Class<?> i : defaults) {
                boolean shadowed = false;
                for (Class<?> other : defaults) {
                    if (other != i && i.isAssignableFrom(other)) {
                        shadowed = true;
                        break;
                    }
                }
                if (!shadowed && !specific.contains(i)) {
                    specific.add(i);
                }
            }
            if (specific.size() == 1) {
                return specific.get(0);
            }
        }
        return declared;
    }

    /** Every interface {@code c} implements (directly or not) that declares a default method {@code name descriptor}. */
    private static void collectDefaults(Class<?> c, String name, String descriptor, List<Class<?>> out,
            java.util.Set<Class<?>> seen) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Class<?> i : k.getInterfaces()) {
                if (!seen.add(i)) {
                    continue;
                }
                Method m = declaredMethod(i, name, descriptor);
                if (m != null && m.isDefault()) {
                    out.add(i);
                }
                collectDefaults(i, name, descriptor, out, seen);
            }
        }
    }

    /** The method {@code name descriptor} {@code c} itself declares (no bridge), or null. */
    private static Method declaredMethod(Class<?> c, String name, String descriptor) {
        try {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && !m.isBridge() && descriptorOf(m).equals(descriptor)) {
                    return m;
                }
            }
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
        return null;
    }

    /** The same run-time package: the same package name and the same class loader. */
    private static boolean samePackage(Class<?> a, Class<?> b) {
        return a.getClassLoader() == b.getClassLoader() && a.getPackageName().equals(b.getPackageName());
    }

    /** A method's descriptor, {@code (I[F)V}. */
    private static String descriptorOf(Method m) {
        return MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString();
    }

    /**
     * Widens boxed scalars in place to the descriptor's primitive parameter types ({@code Integer} for a
     * {@code long} parameter becomes a {@code Long}, and so on); {@code first} is the index of the value that
     * matches the first parameter. Leaves the array alone when the counts do not match.
     */
    static void coerce(Object[] values, int first, String descriptor) {
        List<Character> params = parameterKinds(descriptor);
        if (params == null || values.length - first != params.size()) {
            return;
        }
        for (int p = 0; p < params.size(); p++) {
            values[first + p] = widen(values[first + p], params.get(p));
        }
    }

    /** The first character of each parameter type of a method descriptor, or null if it cannot be parsed. */
    static List<Character> parameterKinds(String descriptor) {
        if (descriptor == null || !descriptor.startsWith("(")) {
            return null;
        }
        List<Character> kinds = new ArrayList<>();
        int i = 1;
        while (i < descriptor.length() && descriptor.charAt(i) != ')') {
            char c = descriptor.charAt(i);
            kinds.add(c);
            while (descriptor.charAt(i) == '[') {
                i++;
            }
            if (descriptor.charAt(i) == 'L') {
                i = descriptor.indexOf(';', i);
                if (i < 0) {
                    return null;
                }
            }
            i++;
        }
        return i < descriptor.length() ? kinds : null;
    }

    private static Object widen(Object value, char kind) {
        if (value instanceof Character) {
            char c = (Character) value;
            switch (kind) {
                case 'I': return (int) c;
                case 'J': return (long) c;
                case 'F': return (float) c;
                case 'D': return (double) c;
                default: return value;
            }
        }
        if (!(value instanceof Number)) {
            return value;
        }
        Number n = (Number) value;
        boolean integral = value instanceof Byte || value instanceof Short || value instanceof Integer
                || value instanceof Long;
        switch (kind) {
            case 'S':
                return value instanceof Byte ? (Object) n.shortValue() : value;
            case 'I':
                return value instanceof Byte || value instanceof Short ? (Object) n.intValue() : value;
            case 'J':
                return integral ? (Object) n.longValue() : value;
            case 'F':
                return integral ? (Object) n.floatValue() : value;
            case 'D':
                return integral || value instanceof Float ? (Object) n.doubleValue() : value;
            default:
                return value;
        }
    }

    /** Why a code object cannot be analysed. */
    static final class Unsupported extends Exception {
        private static final long serialVersionUID = 1L;

        Unsupported(String reason) {
            super(reason);
        }
    }
}

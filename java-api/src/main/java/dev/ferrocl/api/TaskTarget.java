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

    private TaskTarget(Class<?> implClass, String methodName, String descriptor, int kind, Object[] launchArgs) {
        this.implClass = implClass;
        this.internalName = implClass.getName().replace('.', '/');
        this.methodName = methodName;
        this.descriptor = descriptor;
        this.kind = kind;
        this.isStatic = kind == MethodHandleInfo.REF_invokeStatic;
        this.launchArgs = launchArgs;
    }

    /** {@code pkg.Cls.method}, as warnings name it. */
    String displayName() {
        return implClass.getName() + "." + methodName;
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

        boolean virtual = kind == MethodHandleInfo.REF_invokeVirtual || kind == MethodHandleInfo.REF_invokeInterface;
        if (virtual && all.length > 0 && all[0] != null) {
            implClass = overrider(all[0].getClass(), implClass, methodName, descriptor);
        }
        coerce(all, kind == MethodHandleInfo.REF_invokeStatic ? 0 : 1, descriptor);
        return new TaskTarget(implClass, methodName, descriptor, kind, all);
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
     * The class whose code a virtual call of {@code name descriptor} on a {@code receiverClass} runs: the nearest
     * class from the receiver's upwards that declares a concrete method of that name and descriptor, stopping at
     * {@code declared}; {@code declared} if none does.
     */
    static Class<?> overrider(Class<?> receiverClass, Class<?> declared, String name, String descriptor) {
        for (Class<?> c = receiverClass; c != null && c != declared; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && !Modifier.isStatic(m.getModifiers())
                        && !Modifier.isAbstract(m.getModifiers()) && !m.isBridge()
                        && MethodType.methodType(m.getReturnType(), m.getParameterTypes())
                                .toMethodDescriptorString().equals(descriptor)) {
                    return c;
                }
            }
        }
        return declared;
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

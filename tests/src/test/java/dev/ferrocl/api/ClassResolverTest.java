package dev.ferrocl.api;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

/**
 * {@link ClassResolver} with objects of classes another class loader defines: a known class's bytes come from its own
 * loader; a name the other loader and the task's resolve to different classes is not available to the compiler (it
 * knows classes by name and could not tell them apart); a name both resolve alike is.
 */
public class ClassResolverTest {

    /** Stands for the class of an object a task reaches. */
    public static final class Probe {
        public int value() {
            return Helper.K;
        }
    }

    /** A class both loaders define: Probe's code names it. */
    public static final class Helper {
        static final int K = 41;
    }

    /** Defines the given names itself (child first), from the parent's class files. */
    private static final class ChildFirst extends ClassLoader {
        private final Set<String> own;

        ChildFirst(Set<String> own) {
            super(ClassResolverTest.class.getClassLoader());
            this.own = own;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!own.contains(name)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    byte[] bytes = bytesOf(getParent(), name.replace('.', '/'));
                    c = defineClass(name, bytes, 0, bytes.length);
                }
                return c;
            }
        }
    }

    private static byte[] bytesOf(ClassLoader loader, String internalName) {
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void namesTwoLoadersDefineDifferentlyAreNotAvailable() throws Exception {
        ClassLoader task = ClassResolverTest.class.getClassLoader();
        ChildFirst child = new ChildFirst(Set.of(Probe.class.getName(), Helper.class.getName()));
        Class<?> foreignProbe = child.loadClass(Probe.class.getName());
        assertNotSame(Probe.class, foreignProbe);
        String probe = Probe.class.getName().replace('.', '/');
        String helper = Helper.class.getName().replace('.', '/');
        ClassResolver r = new ClassResolver(task, Map.of(probe, foreignProbe));
        assertArrayEquals("a known class comes from its own loader", bytesOf(task, probe), r.classBytes(probe));
        assertNull("Helper is another class for each loader", r.classBytes(helper));
        assertNotNull("java.lang.Math is one class for both", r.classBytes("java/lang/Math"));
        assertNotNull("the task's classes the other loader does not define",
                r.classBytes(ClassResolverTest.class.getName().replace('.', '/')));
        ClassResolver plain = new ClassResolver(task, Map.of(probe, Probe.class));
        assertNotNull("without a foreign loader, Helper is the task's", plain.classBytes(helper));
    }
}

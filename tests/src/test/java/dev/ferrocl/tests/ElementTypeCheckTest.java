package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;
import static dev.ferrocl.tests.MoreChecks.checkThrows;
import static org.junit.Assert.assertEquals;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;
import org.junit.Test;

/**
 * Type checks of elements of arrays of objects (JLS §15.20.2 {@code instanceof}, type patterns, §15.16 casts and
 * §5.5's {@code ClassCastException}), in strict mode against the JVM: elements of one to four classes and null, a
 * class hierarchy several levels deep with an abstract class and interfaces, casts that pass, casts of null, casts
 * that fail where the JVM throws (the arrays as the JVM leaves them), methods called after a cast, {@code this}
 * tested inside a devirtualised method, and type checks inside an inner loop over the array.
 */
public class ElementTypeCheckTest {
    /** Something with a weight. */
    public interface Weighed {
        float weight();
    }

    /** The root of the hierarchy: abstract, with a default method that tests {@code this}. */
    public abstract static class Animal implements Weighed {
        final float mass;

        Animal(float mass) {
            this.mass = mass;
        }

        abstract int legs();

        int kind() {
            return this instanceof Dog ? 1 : this instanceof Cat ? 2 : 3;
        }
    }

    public static class Dog extends Animal {
        final int tricks;

        Dog(float mass, int tricks) {
            super(mass);
            this.tricks = tricks;
        }

        @Override
        int legs() {
            return 4;
        }

        @Override
        public float weight() {
            return mass * 1.5f;
        }

        int bark(int x) {
            return x * tricks + 1;
        }
    }

    /** Two levels below Animal: an instance of Dog too. */
    public static final class Puppy extends Dog {
        Puppy(float mass) {
            super(mass, 1);
        }

        @Override
        int bark(int x) {
            return -x;
        }
    }

    public static final class Cat extends Animal implements Comparable<Cat> {
        Cat(float mass) {
            super(mass);
        }

        @Override
        int legs() {
            return 4;
        }

        @Override
        public float weight() {
            return mass;
        }

        @Override
        public int compareTo(Cat o) {
            return Float.compare(mass, o.mass);
        }
    }

    public static final class Bird extends Animal {
        Bird(float mass) {
            super(mass);
        }

        @Override
        int legs() {
            return 2;
        }

        @Override
        public float weight() {
            return mass * 0.25f;
        }
    }

    /** Animals of the first {@code kinds} classes (Dog, Cat, Puppy, Bird), every {@code nullEvery}-th null. */
    static Animal[] animals(long seed, int n, int kinds, int nullEvery) {
        float[] m = Inputs.floats(seed, n, 0.5f, 40f);
        Animal[] out = new Animal[n];
        for (int k = 0; k < n; k++) {
            if (nullEvery > 0 && k % nullEvery == nullEvery - 1) {
                continue;
            }
            switch ((k * 5 + (int) seed) % kinds) {
                case 0: out[k] = new Dog(m[k], k % 7); break;
                case 1: out[k] = new Cat(m[k]); break;
                case 2: out[k] = new Puppy(m[k]); break;
                default: out[k] = new Bird(m[k]); break;
            }
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------- kernels

    /** Type patterns and plain instanceof against classes, an abstract class, interfaces and Object. */
    public static void patterns(Animal[] a, int[] x, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Animal an = a[i];
            int r;
            if (an instanceof Puppy p) {
                r = p.bark(x[i]) + 1000;
            } else if (an instanceof Dog d) {
                r = d.bark(x[i]) + d.tricks;
            } else if (an instanceof Cat c) {
                r = (int) c.mass + 20_000;
            } else {
                r = -1;
            }
            r += (an instanceof Animal ? 100 : 0) + (an instanceof Weighed ? 200 : 0)
                    + (an instanceof Comparable ? 400 : 0) + (an instanceof Object ? 800 : 0);
            out[i] = r;
        }
    }

    /** A cast before a field read and a call: passes for Dogs (Puppies too) and null, throws for others. */
    public static void castToDog(Animal[] a, int[] x, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Dog d = (Dog) a[i];
            out[i] = d == null ? -7 : d.bark(x[i]) + d.tricks;
        }
    }

    /** A cast to an interface, then an interface call. */
    public static void castToWeighed(Animal[] a, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            Object o = a[i];
            Weighed w = (Weighed) o;
            out[i] = w.weight() + 1f;
        }
    }

    /** Calls after an instanceof test on the same element, and {@code this} tested in a devirtualised method. */
    public static void guardedCalls(Animal[] a, int[] x, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            if (a[i] == null) {
                out[i] = 0;
            } else if (a[i] instanceof Dog) {
                out[i] = ((Dog) a[i]).bark(x[i]) * 10 + a[i].kind();
            } else {
                out[i] = a[i].legs() * 10 + a[i].kind();
            }
        }
    }

    /** Type checks of other elements, in an inner loop. */
    public static void countDogsAround(Animal[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int dogs = 0;
            for (int j = Math.max(0, i - 3); j < Math.min(a.length, i + 4); j++) {
                if (a[j] instanceof Dog) {
                    dogs++;
                } else if (a[j] instanceof Cat) {
                    dogs += 100;
                }
            }
            out[i] = dogs;
        }
    }

    // ------------------------------------------------------------------------------------------- tests

    @Test
    public void patternsAndInstanceofOverOneToFourClassesAndNull() {
        for (int kinds = 1; kinds <= 4; kinds++) {
            for (int nullEvery : new int[] {0, 3}) {
                for (int n : new int[] {1, 7, 1000}) {
                    long seed = 9100 + kinds * 10 + nullEvery;
                    check(ElementTypeCheckTest::patterns, animals(seed, n, kinds, nullEvery),
                            JvmOracle.ints(seed + 1, n, -1000, 1000), new int[n]);
                }
            }
        }
    }

    @Test
    public void castsThatPassIncludingNull() {
        int n = 1000;
        // Dogs and Puppies only (kinds 1 gives Dogs; Puppies mixed in by hand), nulls among them.
        Animal[] dogs = animals(9201, n, 1, 4);
        for (int k = 0; k < n; k += 5) {
            if (dogs[k] != null) {
                dogs[k] = new Puppy(k);
            }
        }
        check(ElementTypeCheckTest::castToDog, dogs, JvmOracle.ints(9202, n, -50, 50), new int[n]);
        for (int kinds = 1; kinds <= 4; kinds++) {
            check(ElementTypeCheckTest::castToWeighed, animals(9210 + kinds, n, kinds, 0), new float[n]);
        }
    }

    @Test
    public void aFailingCastThrowsClassCastExceptionAsTheJvmDoes() {
        int n = 1000;
        for (int kinds : new int[] {2, 4}) {
            Animal[] a = animals(9301 + kinds, n, kinds, 0);
            int[] x = JvmOracle.ints(9302, n, -50, 50);
            int[] out = new int[n];
            Throwable e = checkThrows(args -> castToDog((Animal[]) args[0], (int[]) args[1], (int[]) args[2]),
                    s -> s.task("t", ElementTypeCheckTest::castToDog, a, x, out), a, x, out);
            assertEquals(ClassCastException.class, e.getClass());
        }
        // One class, none of them a Dog: every cast but one of null fails.
        Animal[] cats = animals(9310, n, 2, 0);
        for (int k = 0; k < n; k++) {
            cats[k] = k == 0 ? null : new Cat(k);
        }
        int[] out = new int[n];
        int[] x = new int[n];
        Throwable e = checkThrows(args -> castToDog((Animal[]) args[0], (int[]) args[1], (int[]) args[2]),
                s -> s.task("t", ElementTypeCheckTest::castToDog, cats, x, out), cats, x, out);
        assertEquals(ClassCastException.class, e.getClass());
    }

    @Test
    public void callsAfterATypeTestAndThisTestedInAMethod() {
        for (int kinds = 1; kinds <= 4; kinds++) {
            int n = 1000;
            check(ElementTypeCheckTest::guardedCalls, animals(9400 + kinds, n, kinds, 5),
                    JvmOracle.ints(9401, n, -99, 99), new int[n]);
        }
    }

    @Test
    public void typeChecksOfOtherElementsInAnInnerLoop() {
        for (int kinds = 1; kinds <= 4; kinds++) {
            for (int n : new int[] {1, 7, 1000}) {
                check(ElementTypeCheckTest::countDogsAround, animals(9500 + kinds, n, kinds, 6), new int[n]);
            }
        }
        // The same schedule over arrays whose classes change between executions.
        int n = 300;
        Animal[] a = animals(9510, n, 2, 0);
        int[] out = new int[n];
        try (TaskSchedule s = new TaskSchedule("changing").task("t", ElementTypeCheckTest::countDogsAround, a, out)) {
            for (int kinds : new int[] {2, 4, 1, 3}) {
                System.arraycopy(animals(9520 + kinds, n, kinds, 7), 0, a, 0, n);
                int[] expected = new int[n];
                countDogsAround(a, expected);
                s.execute();
                JvmOracle.assertRanOnDevice(s.report(), "t");
                JvmOracle.assertSame("classes: " + kinds, expected, out);
            }
        }
    }
}

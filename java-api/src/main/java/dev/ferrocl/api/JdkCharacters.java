package dev.ferrocl.api;

import java.util.function.IntPredicate;

/**
 * What the compiler inlines in a kernel in place of {@code java.lang.Character}'s classification and case methods,
 * whose JDK code dispatches on the character to one of several {@code CharacterData} classes reading Unicode tables.
 * Never called by Java code: the compiler reads this class's bytecode (through {@link ClassResolver}) when a kernel
 * calls one of the methods it stands for, and the host passes the tables below like static array fields.
 *
 * <p>The tables are computed when this class is initialised, by asking the running JDK's own {@code Character} about
 * every code point: a kernel's answer is the JDK's answer for the JDK the program runs on (its Unicode version), by
 * construction. Predicates are bit sets over every code point (136 KB each); case mappings of {@code char} are
 * {@code char} tables (128 KB each). A code point outside {@code [0, 0x10FFFF]} is in no set, as in the JDK.
 */
final class JdkCharacters {
    /** The class's internal name, as the compiler asks for it. */
    static final String INTERNAL_NAME = "dev/ferrocl/api/JdkCharacters";

    /** Code points a bit set covers. */
    private static final int CODE_POINTS = Character.MAX_CODE_POINT + 1;

    static final long[] DIGIT = bits(Character::isDigit);
    static final long[] LETTER = bits(Character::isLetter);
    static final long[] LETTER_OR_DIGIT = bits(Character::isLetterOrDigit);
    static final long[] ALPHABETIC = bits(Character::isAlphabetic);
    static final long[] UPPER_CASE = bits(Character::isUpperCase);
    static final long[] LOWER_CASE = bits(Character::isLowerCase);
    static final long[] WHITESPACE = bits(Character::isWhitespace);
    static final long[] SPACE_CHAR = bits(Character::isSpaceChar);
    static final char[] TO_UPPER = chars(true);
    static final char[] TO_LOWER = chars(false);

    private JdkCharacters() {
    }

    /** Makes sure the tables exist (initialising the class computes them; later calls do nothing). */
    static void initialise() {
        // Reading a table initialises the class (JLS 12.4.1).
        if (DIGIT.length == 0) {
            throw new AssertionError();
        }
    }

    private static long[] bits(IntPredicate p) {
        long[] b = new long[CODE_POINTS >>> 6];
        for (int cp = 0; cp < CODE_POINTS; cp++) {
            if (p.test(cp)) {
                b[cp >>> 6] |= 1L << cp;
            }
        }
        return b;
    }

    private static char[] chars(boolean upper) {
        char[] t = new char[Character.MAX_VALUE + 1];
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            t[c] = upper ? Character.toUpperCase((char) c) : Character.toLowerCase((char) c);
        }
        return t;
    }

    /** Whether {@code cp} is in set {@code set}: never for a code point outside {@code [0, 0x10FFFF]}. */
    private static boolean in(long[] set, int cp) {
        return cp >= 0 && cp < CODE_POINTS && (set[cp >>> 6] & (1L << cp)) != 0;
    }

    static boolean isDigit(char c) {
        return in(DIGIT, c);
    }

    static boolean isDigit(int cp) {
        return in(DIGIT, cp);
    }

    static boolean isLetter(char c) {
        return in(LETTER, c);
    }

    static boolean isLetter(int cp) {
        return in(LETTER, cp);
    }

    static boolean isLetterOrDigit(char c) {
        return in(LETTER_OR_DIGIT, c);
    }

    static boolean isLetterOrDigit(int cp) {
        return in(LETTER_OR_DIGIT, cp);
    }

    static boolean isAlphabetic(int cp) {
        return in(ALPHABETIC, cp);
    }

    static boolean isUpperCase(char c) {
        return in(UPPER_CASE, c);
    }

    static boolean isUpperCase(int cp) {
        return in(UPPER_CASE, cp);
    }

    static boolean isLowerCase(char c) {
        return in(LOWER_CASE, c);
    }

    static boolean isLowerCase(int cp) {
        return in(LOWER_CASE, cp);
    }

    static boolean isWhitespace(char c) {
        return in(WHITESPACE, c);
    }

    static boolean isWhitespace(int cp) {
        return in(WHITESPACE, cp);
    }

    static boolean isSpaceChar(char c) {
        return in(SPACE_CHAR, c);
    }

    static boolean isSpaceChar(int cp) {
        return in(SPACE_CHAR, cp);
    }

    static char toUpperCase(char c) {
        return TO_UPPER[c];
    }

    static char toLowerCase(char c) {
        return TO_LOWER[c];
    }
}

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
 * {@code char} tables (128 KB each), {@code getType} and {@code digit} of a {@code char} byte tables (64 KB each). A code point outside {@code [0, 0x10FFFF]} is in no set, as in the JDK.
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
    static final long[] TITLE_CASE = bits(Character::isTitleCase);
    static final long[] DEFINED = bits(Character::isDefined);
    static final long[] IDENTIFIER_START = bits(Character::isJavaIdentifierStart);
    static final long[] IDENTIFIER_PART = bits(Character::isJavaIdentifierPart);
    static final long[] IDEOGRAPHIC = bits(Character::isIdeographic);
    static final char[] TO_UPPER = chars(true);
    static final char[] TO_LOWER = chars(false);
    /** {@code Character.getType} of every {@code char}. */
    static final byte[] TYPE = types();
    /** {@code Character.digit(c, 36)} of every {@code char}: its value as a digit of any radix, or -1. */
    static final byte[] DIGIT_VALUE = digitValues();

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

    private static byte[] types() {
        byte[] t = new byte[Character.MAX_VALUE + 1];
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            t[c] = (byte) Character.getType((char) c);
        }
        return t;
    }

    private static byte[] digitValues() {
        byte[] t = new byte[Character.MAX_VALUE + 1];
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            t[c] = (byte) Character.digit((char) c, Character.MAX_RADIX);
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

    static boolean isTitleCase(char c) {
        return in(TITLE_CASE, c);
    }

    static boolean isTitleCase(int cp) {
        return in(TITLE_CASE, cp);
    }

    static boolean isDefined(char c) {
        return in(DEFINED, c);
    }

    static boolean isDefined(int cp) {
        return in(DEFINED, cp);
    }

    static boolean isJavaIdentifierStart(char c) {
        return in(IDENTIFIER_START, c);
    }

    static boolean isJavaIdentifierStart(int cp) {
        return in(IDENTIFIER_START, cp);
    }

    static boolean isJavaIdentifierPart(char c) {
        return in(IDENTIFIER_PART, c);
    }

    static boolean isJavaIdentifierPart(int cp) {
        return in(IDENTIFIER_PART, cp);
    }

    static boolean isIdeographic(int cp) {
        return in(IDEOGRAPHIC, cp);
    }

    static int getType(char c) {
        return TYPE[c];
    }

    /**
     * {@code Character.digit(c, radix)}: the JDK's value of {@code c} as a digit does not depend on the radix, which
     * only bounds it ({@code CharacterData}'s {@code value < radix}) and must lie in {@code [2, 36]}.
     */
    static int digit(char c, int radix) {
        int value = DIGIT_VALUE[c];
        return radix >= Character.MIN_RADIX && radix <= Character.MAX_RADIX && value >= 0 && value < radix ? value : -1;
    }

    static char toUpperCase(char c) {
        return TO_UPPER[c];
    }

    static char toLowerCase(char c) {
        return TO_LOWER[c];
    }
}

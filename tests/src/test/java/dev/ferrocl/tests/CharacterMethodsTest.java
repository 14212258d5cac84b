package dev.ferrocl.tests;

import static dev.ferrocl.tests.JvmOracle.check;

import dev.ferrocl.api.Parallel;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * {@code Character}'s classification and case methods in kernels (the JDK's table lookups replaced by tables of the
 * running JDK's own answers). Strict, against the JVM: every {@code char} through every predicate and case mapping,
 * its {@code getType} and its {@code digit} in every radix from 0 to 40,
 * the {@code int} overloads over code points of every plane, negative ones and ones past {@code 0x10FFFF}, and a
 * word count over text with non-ASCII letters, digits and spaces.
 */
public class CharacterMethodsTest {
    /** Every predicate of one char, as bits; its case mappings. */
    public static void ofChars(char[] c, int[] flags, char[] upper, char[] lower) {
        for (@Parallel int i = 0; i < c.length; i++) {
            char x = c[i];
            int f = 0;
            f |= Character.isDigit(x) ? 1 : 0;
            f |= Character.isLetter(x) ? 2 : 0;
            f |= Character.isLetterOrDigit(x) ? 4 : 0;
            f |= Character.isUpperCase(x) ? 8 : 0;
            f |= Character.isLowerCase(x) ? 16 : 0;
            f |= Character.isWhitespace(x) ? 32 : 0;
            f |= Character.isSpaceChar(x) ? 64 : 0;
            flags[i] = f;
            upper[i] = Character.toUpperCase(x);
            lower[i] = Character.toLowerCase(x);
        }
    }

    /** The other predicates of one char, its type and its digit value in every radix from 0 to 40. */
    public static void moreOfChars(char[] c, int[] flags, int[] type, int[] digits) {
        for (@Parallel int i = 0; i < c.length; i++) {
            char x = c[i];
            int f = 0;
            f |= Character.isTitleCase(x) ? 1 : 0;
            f |= Character.isDefined(x) ? 2 : 0;
            f |= Character.isJavaIdentifierStart(x) ? 4 : 0;
            f |= Character.isJavaIdentifierPart(x) ? 8 : 0;
            flags[i] = f;
            type[i] = Character.getType(x);
            int h = 0;
            for (int radix = 0; radix <= 40; radix++) {
                h = 31 * h + Character.digit(x, radix);
            }
            digits[i] = h;
        }
    }

    /** The int overloads of one code point, as bits. */
    public static void ofCodePoints(int[] cp, int[] flags) {
        for (@Parallel int i = 0; i < cp.length; i++) {
            int x = cp[i];
            int f = 0;
            f |= Character.isDigit(x) ? 1 : 0;
            f |= Character.isLetter(x) ? 2 : 0;
            f |= Character.isLetterOrDigit(x) ? 4 : 0;
            f |= Character.isUpperCase(x) ? 8 : 0;
            f |= Character.isLowerCase(x) ? 16 : 0;
            f |= Character.isWhitespace(x) ? 32 : 0;
            f |= Character.isSpaceChar(x) ? 64 : 0;
            f |= Character.isAlphabetic(x) ? 128 : 0;
            f |= Character.isTitleCase(x) ? 256 : 0;
            f |= Character.isDefined(x) ? 512 : 0;
            f |= Character.isJavaIdentifierStart(x) ? 1024 : 0;
            f |= Character.isJavaIdentifierPart(x) ? 2048 : 0;
            f |= Character.isIdeographic(x) ? 4096 : 0;
            flags[i] = f;
        }
    }

    /** Words per line: a word starts at a letter or digit after anything else; digits summed. */
    public static void words(char[] text, int[] lineStart, int[] count, int[] digits) {
        for (@Parallel int l = 0; l < count.length; l++) {
            int n = 0;
            int d = 0;
            boolean inWord = false;
            for (int k = lineStart[l]; k < lineStart[l + 1]; k++) {
                char c = text[k];
                boolean w = Character.isLetterOrDigit(c);
                if (w && !inWord) {
                    n++;
                }
                inWord = w;
                if (Character.isDigit(c) && c < 128) {
                    d += c - '0';
                }
            }
            count[l] = n;
            digits[l] = d;
        }
    }

    @Test
    public void everyCharThroughEveryMethod() {
        char[] c = new char[Character.MAX_VALUE + 1];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) i;
        }
        check(CharacterMethodsTest::ofChars, c, new int[c.length], new char[c.length], new char[c.length]);
    }

    @Test
    public void everyCharsTypeAndDigitValueInEveryRadix() {
        char[] c = new char[Character.MAX_VALUE + 1];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) i;
        }
        check(CharacterMethodsTest::moreOfChars, c, new int[c.length], new int[c.length], new int[c.length]);
    }

    @Test
    public void codePointsOfEveryPlaneAndOutsideTheRange() {
        SplittableRandom r = new SplittableRandom(7101);
        int[] cp = new int[200_000];
        int[] specials = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x110000, 0x10FFFF, 0x1D7CE, 0x10400, 0x10428,
            0x20000, 0xE0020, 0x3000, 0x0660, 0xFF10, 0x1F600};
        for (int i = 0; i < cp.length; i++) {
            cp[i] = i < specials.length ? specials[i] : r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(0x110000);
        }
        check(CharacterMethodsTest::ofCodePoints, cp, new int[cp.length]);
    }

    @Test
    public void aWordCountOverMixedText() {
        String[] pieces = {"hello", "WORLD", "42", "\u00e9t\u00e9", "\u0663\u0664", "\uff11\uff12", "\u03b1\u03b2",
            "\u4e2d\u6587", " ", "  ", "\t", "\u3000", "\u00a0", ",", "-", "x9"};
        SplittableRandom r = new SplittableRandom(7102);
        int lines = 3000;
        StringBuilder sb = new StringBuilder();
        int[] lineStart = new int[lines + 1];
        for (int l = 0; l < lines; l++) {
            lineStart[l] = sb.length();
            int k = r.nextInt(30);
            for (int q = 0; q < k; q++) {
                sb.append(pieces[r.nextInt(pieces.length)]);
            }
        }
        lineStart[lines] = sb.length();
        char[] text = sb.toString().toCharArray();
        check(CharacterMethodsTest::words, text, lineStart, new int[lines], new int[lines]);
    }
}

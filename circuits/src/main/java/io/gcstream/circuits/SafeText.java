package io.gcstream.circuits;

import java.text.Normalizer;

/**
 * Text that came from elsewhere (a peer, a file, a certificate), made safe to print inside one
 * line of a message: the one sanitiser for everything quoted from outside. It keeps printable
 * ASCII and, beyond it, only characters that show as themselves: letters, digits, punctuation,
 * symbols and spacing marks, after composing accents (NFC). Everything else becomes {@code ?}:
 * control characters and line breaks, the line and paragraph separators U+2028/U+2029, format
 * characters (bidirectional overrides and isolates such as U+202E, zero-width spaces and joiners
 * such as U+200B, the byte-order mark, soft hyphens), non-spacing and enclosing marks left after
 * composition, spaces other than U+0020, invisible fillers, private-use, unassigned and
 * surrogate code points. So a peer or a file cannot break a message into lines, reorder what a
 * terminal shows, or hide characters in it. Every message gcstream builds from outside text quotes it through this; an application printing such text should too.
 */
public final class SafeText {
    private SafeText() {
    }

    /** {@code s} with every unsafe character replaced by {@code ?}; null stays null. */
    public static String line(String s) {
        if (s == null) {
            return null;
        }
        if (isPrintableAscii(s)) {
            return s;
        }
        String n = Normalizer.normalize(s, Normalizer.Form.NFC);
        StringBuilder b = new StringBuilder(n.length());
        n.codePoints().forEach(c -> {
            if (isSafe(c)) {
                b.appendCodePoint(c);
            } else {
                b.append('?');
            }
        });
        return b.toString();
    }

    /** True if {@code codePoint} may be printed as it is (see the class comment). */
    public static boolean isSafe(int codePoint) {
        if (codePoint < 0x80) {
            return codePoint >= 0x20 && codePoint < 0x7f;
        }
        switch (codePoint) {
            case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x17B4, 0x17B5:
                return false; // letters by category, but shown as nothing (Hangul and Khmer fillers)
            default:
                break;
        }
        switch (Character.getType(codePoint)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.COMBINING_SPACING_MARK,
                    Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER,
                    Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL,
                    Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL:
                return true;
            default:
                return false;
        }
    }

    private static boolean isPrintableAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f) {
                return false;
            }
        }
        return true;
    }
}

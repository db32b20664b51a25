package io.gcstream.circuits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SafeTextTest {
    /**
     * Everything that would not show as itself becomes '?': line breaks and other controls, the
     * line and paragraph separators, bidirectional overrides and isolates, zero-width and other
     * format characters, odd spaces, fillers, marks left after composition, private-use and
     * lone surrogates (issue 26, finding 8).
     */
    @Test
    void onlyCharactersThatShowAsThemselvesSurvive() {
        String[] unsafe = {"\n", "\r", "\t", "\u0000", "\u001b", "\u007f", "\u0085", "\u2028", "\u2029",
            "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
            "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\ufeff", "\u00ad", "\u061c",
            "\u00a0", "\u2003", "\u3000", "\u3164", "\u115f", "\ufe0f", "\u0336", "\ue000", "\ud800",
            "\udc00", "\udb40\udc01"};
        for (String u : unsafe) {
            assertEquals("a?b", SafeText.line("a" + u + "b"), () -> "U+" + Integer.toHexString(u.codePointAt(0)));
        }
        assertEquals("x.state: evil?gpj.exe?gc: forged", SafeText.line("x.state: evil\u202egpj.exe\u2028gc: forged"));
    }

    @Test
    void textInAnyScriptStays() {
        String ok = "caf\u00e9 \u00fcber \u65e5\u672c\u8a9e \u0639\u0631\u0628\u064a \u2192 \u00a7 \u20ac 1\u00bd \u2713 \ud83d\ude00";
        assertEquals(ok, SafeText.line(ok));
        String ascii = "plain ASCII ~!@#$%^&*()";
        assertSame(ascii, SafeText.line(ascii));
        assertNull(SafeText.line(null));
    }

    /** Accents written as a letter and a combining mark are composed first, so they stay. */
    @Test
    void decomposedAccentsAreComposedNotLost() {
        assertEquals("caf\u00e9", SafeText.line("cafe\u0301"));
        assertEquals("x?", SafeText.line("x\u0301"));
    }

    @Test
    void isSafeAgreesWithLine() {
        for (int c = 0; c < 0x3000; c++) {
            if (Character.isSurrogate((char) c)) {
                continue;
            }
            String s = new String(Character.toChars(c));
            boolean kept = SafeText.line(s).equals(s);
            if (kept != SafeText.isSafe(c)) {
                // Only characters that composition changes may differ.
                assertFalse(java.text.Normalizer.isNormalized(s, java.text.Normalizer.Form.NFC), "U+" + Integer.toHexString(c));
            }
        }
        assertTrue(SafeText.isSafe('a'));
        assertFalse(SafeText.isSafe('\u202e'));
    }
}

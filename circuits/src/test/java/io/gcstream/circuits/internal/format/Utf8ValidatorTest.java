package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Utf8ValidatorTest {
    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    private static long check(byte[] b) {
        return Utf8Validator.firstInvalid(b, 0, b.length, true);
    }

    @Test
    void wellFormedTextPasses() {
        byte[] b = "a ä € 𝄞 z".getBytes(StandardCharsets.UTF_8);
        assertEquals(-1, check(b));
        assertEquals(-1, check(bytes(0xED, 0x9F, 0xBF))); // U+D7FF, just below the surrogates
        assertEquals(-1, check(bytes(0xF4, 0x8F, 0xBF, 0xBF))); // U+10FFFF, the last code point
    }

    @Test
    void theOffsetIsWhereTheBadSequenceStarts() {
        assertEquals(2, check(bytes('a', 'b', 0x80)));              // stray continuation byte
        assertEquals(1, check(bytes('a', 0xC0, 0x80)));             // overlong NUL
        assertEquals(0, check(bytes(0xC1, 0xBF)));                  // overlong
        assertEquals(0, check(bytes(0xE0, 0x80, 0x80)));            // overlong
        assertEquals(0, check(bytes(0xED, 0xA0, 0x80)));            // surrogate U+D800
        assertEquals(0, check(bytes(0xF0, 0x80, 0x80, 0x80)));      // overlong
        assertEquals(0, check(bytes(0xF4, 0x90, 0x80, 0x80)));      // above U+10FFFF
        assertEquals(0, check(bytes(0xF5, 0x80, 0x80, 0x80)));      // no such lead byte
        assertEquals(0, check(bytes(0xFF)));
        assertEquals(3, check(bytes('x', 'y', 'z', 0xE2, 0x82, 'q'))); // cut short by ASCII
        assertEquals(1, check(bytes('x', 0xE2, 0x82)));             // cut short by the end
        assertEquals(-1, Utf8Validator.firstInvalid(bytes('x', 0xE2, 0x82), 0, 3, false)); // more may follow
    }

    @Test
    void chunksOfAnySizeGiveTheSameAnswer() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 40; i++) {
                sb.appendCodePoint(switch (rnd.nextInt(4)) {
                    case 0 -> 'a' + rnd.nextInt(26);
                    case 1 -> 0x80 + rnd.nextInt(0x780);
                    case 2 -> 0xE000 + rnd.nextInt(0x1000);
                    default -> 0x10000 + rnd.nextInt(0x10000);
                });
            }
            byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
            int bad = -1;
            if (rnd.nextBoolean()) {
                bad = rnd.nextInt(b.length);
                while (bad > 0 && (b[bad] & 0xC0) == 0x80) {
                    bad--; // the start of a character
                }
                b[bad] = (byte) 0xFF;
            }
            Utf8Validator v = new Utf8Validator(1000);
            long found = -1;
            for (int off = 0; off < b.length && found < 0; ) {
                int n = Math.min(b.length - off, 1 + rnd.nextInt(5));
                found = v.feed(b, off, n);
                off += n;
            }
            if (found < 0) {
                found = v.finish();
            }
            assertEquals(bad < 0 ? -1 : 1000 + bad, found, "trial " + trial);
        }
    }
}

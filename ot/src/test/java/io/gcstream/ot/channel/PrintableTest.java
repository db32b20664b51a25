package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class PrintableTest {
    /** Everything outside printable ASCII becomes RFC 4514 escapes of its UTF-8 bytes. */
    @Test
    void onlyPrintableAsciiStays() {
        assertEquals("CN=a\\E2\\80\\AEb\\0Ac\\E2\\80\\8Bd\\C3\\A9", Printable.ascii("CN=a\u202Eb\nc\u200Bd\u00e9"));
        assertEquals("\\F0\\9F\\98\\80", Printable.ascii("\ud83d\ude00"));
        assertEquals("x\\3Fy", Printable.ascii("x\ud800y"));
        String plain = "CN=bob, O=Example";
        assertSame(plain, Printable.ascii(plain));
        assertNull(Printable.ascii(null));
    }
}

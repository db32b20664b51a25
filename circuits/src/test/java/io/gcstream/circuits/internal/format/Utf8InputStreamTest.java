package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.CircuitFormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8InputStreamTest {
    @Test
    void validTextPassesUnchanged() throws IOException {
        byte[] b = "inputsCreator: 0 // ä\n".getBytes(StandardCharsets.UTF_8);
        try (InputStream in = new Utf8InputStream(new ByteArrayInputStream(b), "f", 0)) {
            assertArrayEquals(b, in.readAllBytes());
        }
    }

    @Test
    void aBadByteIsReportedWithItsFileOffset() {
        byte[] b = "ab\ncd\u00e4".getBytes(StandardCharsets.UTF_8);
        b[5] = (byte) 0xFE;
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> {
            try (InputStream in = new Utf8InputStream(new ByteArrayInputStream(b), "c.txt", 100)) {
                in.readAllBytes();
            }
        });
        assertEquals("c.txt: byte 105: not valid UTF-8 text", e.getMessage());
    }

    @Test
    void aCharacterCutOffByTheEndIsReported() {
        byte[] b = {'x', (byte) 0xE2, (byte) 0x82};
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> {
            try (InputStream in = new Utf8InputStream(new ByteArrayInputStream(b), "c.txt", 0)) {
                in.readAllBytes();
            }
        });
        assertEquals("c.txt: byte 1: not valid UTF-8 text (the file ends inside a multi-byte character)",
                e.getMessage());
    }

    @Test
    void skippedBytesAreCheckedToo() {
        byte[] b = {'x', (byte) 0x80, 'y'};
        assertThrows(CircuitFormatException.class, () -> {
            try (InputStream in = new Utf8InputStream(new ByteArrayInputStream(b), "c.txt", 0)) {
                in.skip(3);
            }
        });
    }
}
